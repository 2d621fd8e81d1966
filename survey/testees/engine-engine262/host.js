#!/usr/bin/env node
// A pctest testee (protocol version 1, see testee/PROTOCOL.md) for
// engine262, an implementation of ECMA-262 in JavaScript: the npm package
// @engine262/engine262 pinned in package.json. This node host speaks the
// protocol and calls the engine's own global functions, taken from one
// engine262 realm, with engine262's Call:
//
//   Call(%decodeURI%, undefined, [Value(input)])
//
// engine262 keeps an ECMAScript string as a JavaScript string of the same
// code units (Value(s), stringValue()), so the input, lone surrogates
// included, reaches the engine exactly, and its answer comes back the same
// way. A throw completion is answered as an error of the thrown object's
// name (URIError). Only encodeURI, encodeURIComponent, decodeURI and
// decodeURIComponent are answered; other ops are "unsupported", escape and
// unescape among them: engine262 does not define those globals of Annex B.
//
//   (cd survey/testees/engine-engine262 && npm ci)
//   pctest run -- node survey/testees/engine-engine262/host.js
'use strict';

const { serve } = require('../node-common/protocol.js');
const { Agent, setSurroundingAgent, ManagedRealm, Call, Get, Value } = require('@engine262/engine262');

setSurroundingAgent(new Agent({}));
const realm = new ManagedRealm({});

// normal returns the value of a normal completion, or throws.
function normal(c, what) {
  if (c.Type !== 'normal') throw new Error(`engine262: ${what}: completion ${c.Type}`);
  return c.Value;
}

function call(name) {
  const fn = normal(realm.evaluateScript(name), name);
  return (s) => realm.scope(() => {
    const c = Call(fn, Value.undefined, [Value(s)]);
    if (c.Type === 'throw') {
      const kind = normal(Get(c.Value, Value('name')), 'error name').stringValue();
      const message = normal(Get(c.Value, Value('message')), 'error message').stringValue();
      return { error: kind, message };
    }
    return { out: normal(c, name).stringValue() };
  });
}

serve({
  encodeURI: call('encodeURI'),
  encodeURIComponent: call('encodeURIComponent'),
  decodeURI: call('decodeURI'),
  decodeURIComponent: call('decodeURIComponent'),
});
