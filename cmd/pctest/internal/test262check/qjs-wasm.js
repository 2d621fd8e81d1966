#!/usr/bin/env node
// qjs-wasm.js stands in for QuickJS's qjs shell under eshost's "qjs" host
// type, with the QuickJS that pctest's survey row engine-quickjs tests:
// quickjs-emscripten (QuickJS compiled to WebAssembly, pinned in
// package.json). Debian has no QuickJS package, and this way
// test262-harness and pctest run test the same engine build.
//
//   qjs-wasm.js [--module] FILE [-N]
//
// It evaluates FILE (test262-harness's compiled test: harness, eshost's qjs
// runtime and the test) in one QuickJS context that has print() and the
// $262 that qjs -N gives (global, evalScript; createRealm throws, which
// no pctest test uses). An uncaught exception is printed to stderr as
// "Name: message", as qjs does, with exit status 1.
'use strict';

const fs = require('fs');
const { getQuickJS } = require('quickjs-emscripten');

const file = process.argv.slice(2).find((a) => !a.startsWith('-'));
if (!file) {
  process.stderr.write('usage: qjs-wasm.js [--module] FILE [-N]\n');
  process.exit(2);
}
const source = fs.readFileSync(file, 'utf8');

getQuickJS().then((QuickJS) => {
  const vm = QuickJS.newContext();
  const print = vm.newFunction('print', (...args) => {
    process.stdout.write(args.map((h) => String(vm.dump(h))).join(' ') + '\n');
  });
  vm.setProp(vm.global, 'print', print);
  print.dispose();
  vm.unwrapResult(vm.evalCode(`globalThis.$262 = {
    global: globalThis,
    evalScript: function (code) { return (0, eval)(code); },
    createRealm: function () { throw new Error('qjs-wasm.js: createRealm is not supported'); }
  };`)).dispose();
  const result = vm.evalCode(source, file);
  if (result.error) {
    const e = vm.dump(result.error);
    result.error.dispose();
    const name = e && typeof e === 'object' && e.name ? e.name : 'Error';
    const message = e && typeof e === 'object' ? e.message : String(e);
    process.stderr.write(`${name}: ${message}\n`);
    process.exitCode = 1;
  } else {
    result.value.dispose();
  }
  vm.dispose();
});
