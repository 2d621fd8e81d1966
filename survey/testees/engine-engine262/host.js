#!/usr/bin/env node
// A pctest testee (protocol version 1, see testee/PROTOCOL.md) for
// engine262, an implementation of ECMA-262 in JavaScript: the npm package
// @engine262/engine262 pinned in package.json. This node host speaks the
// protocol and evaluates each request inside one engine262 realm:
//
//   __pc("decodeURI", "0025004100d800")
//
// with the input as UTF-16 code units in hex. __pc builds the string inside
// the engine with String.fromCharCode, so lone surrogates reach it as they
// are, calls the engine's own function, and returns the answer's fields as
// JSON, the output again as UTF-16 hex (out_utf16). Only encodeURI,
// encodeURIComponent, decodeURI and decodeURIComponent are answered; other
// ops are "unsupported".
//
//   (cd survey/testees/engine-engine262 && npm ci)
//   pctest run -- node survey/testees/engine-engine262/host.js
'use strict';

const { serve } = require('../node-common/protocol.js');
const { Agent, setSurroundingAgent, ManagedRealm, inspect } = require('@engine262/engine262');

const prelude = `var __pc = function (op, h) {
  var fns = { encodeURI: encodeURI, encodeURIComponent: encodeURIComponent, decodeURI: decodeURI, decodeURIComponent: decodeURIComponent };
  var s = '', i;
  for (i = 0; i + 4 <= h.length; i += 4) s += String.fromCharCode(parseInt(h.slice(i, i + 4), 16));
  try {
    var o = fns[op](s), x = '';
    for (i = 0; i < o.length; i++) x += ('000' + o.charCodeAt(i).toString(16)).slice(-4);
    return JSON.stringify({ out_utf16: x });
  } catch (e) {
    return JSON.stringify({ error: e instanceof URIError ? 'URIError' : String(e && e.name), message: String(e && e.message) });
  }
};`;

function toUTF16Hex(s) {
  let h = '';
  for (let i = 0; i < s.length; i++) h += s.charCodeAt(i).toString(16).padStart(4, '0');
  return h;
}

setSurroundingAgent(new Agent({}));
const realm = new ManagedRealm({});

// evaluate returns the string value of a script, or throws.
function evaluate(code) {
  const c = realm.evaluateScript(code);
  if (c.Type !== 'normal' || c.Value === undefined || typeof c.Value.string !== 'string') {
    let what = c.Type;
    if (c.Type === 'throw') realm.scope(() => { what = inspect(c.Value); });
    throw new Error(`engine262: ${code.slice(0, 40)}: ${what}`);
  }
  return c.Value.string;
}

evaluate(prelude + ' "ok"');
const call = (op) => (s) => JSON.parse(evaluate(`__pc(${JSON.stringify(op)}, "${toUTF16Hex(s)}")`));
serve({
  encodeURI: call('encodeURI'),
  encodeURIComponent: call('encodeURIComponent'),
  decodeURI: call('decodeURI'),
  decodeURIComponent: call('decodeURIComponent'),
});
