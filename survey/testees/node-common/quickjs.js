'use strict';

// The host that engine-quickjs and engine-quickjs-ng share: given a promise
// of a QuickJS WebAssembly module (quickjs-emscripten's), it makes one
// context, defines __pc in it, and serves pctest's protocol (./protocol.js)
// by calling the context's own global functions on each request's code
// units. Only ASCII crosses into the VM: the input goes in as UTF-16 hex
// and is rebuilt there with String.fromCharCode, so lone surrogates
// survive, and the answer comes back as JSON with out_utf16.

const { serve } = require('./protocol.js');

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

/** serveQuickJS serves the protocol with the module that moduleP gives. */
function serveQuickJS(moduleP) {
  return moduleP.then((QuickJS) => {
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
}

module.exports = { serveQuickJS };
