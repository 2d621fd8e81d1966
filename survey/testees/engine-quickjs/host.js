#!/usr/bin/env node
// A pctest testee (protocol version 1, see testee/PROTOCOL.md) for QuickJS
// (Fabrice Bellard's, compiled to WebAssembly), the npm package
// quickjs-emscripten pinned in package.json: getQuickJS() gives its
// release-sync variant. This node host speaks the protocol and evaluates each
// request inside one QuickJS context:
//
//   __pc("decodeURI", "0025004100d800")
//
// with the input as UTF-16 code units in hex. __pc builds the string inside
// the VM with String.fromCharCode, so lone surrogates reach the engine as
// they are (no string crosses the boundary but ASCII), calls the engine's
// own function, and returns the answer's fields as JSON, the output again as
// UTF-16 hex (out_utf16). Only encodeURI, encodeURIComponent, decodeURI,
// decodeURIComponent, escape and unescape (Annex B) are answered; other ops
// are "unsupported".
//
//   (cd survey/testees/engine-quickjs && npm ci)
//   pctest run -- node survey/testees/engine-quickjs/host.js
'use strict';

const { serve } = require('../node-common/protocol.js');
const { getQuickJS } = require('quickjs-emscripten');

const prelude = `var __pc = function (op, h) {
  var fns = { encodeURI: encodeURI, encodeURIComponent: encodeURIComponent, decodeURI: decodeURI, decodeURIComponent: decodeURIComponent,
    escape: escape, unescape: unescape };
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

getQuickJS().then((QuickJS) => {
  const vm = QuickJS.newContext();
  vm.unwrapResult(vm.evalCode(prelude)).dispose();
  const call = (op) => (s) => {
    const handle = vm.unwrapResult(vm.evalCode(`__pc(${JSON.stringify(op)}, "${toUTF16Hex(s)}")`));
    const answer = vm.getString(handle);
    handle.dispose();
    return JSON.parse(answer);
  };
  serve({
    encodeURI: call('encodeURI'),
    encodeURIComponent: call('encodeURIComponent'),
    decodeURI: call('decodeURI'),
    decodeURIComponent: call('decodeURIComponent'),
    escape: call('escape'),
    unescape: call('unescape'),
  });
});
