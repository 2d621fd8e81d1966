#!/usr/bin/env node
// es5-shell.js runs a test262-harness test in an ES5 shell engine that
// eshost has no host type for (Rhino's rhino shell, from Debian; MuJS's
// mujs rejects the eval this needs), standing in for a qjs binary under eshost's "qjs" host type:
//
//   test262-harness --host-type qjs --host-path es5-shell.js --host-args ENGINE ...
//   es5-shell.js rhino [-N] FILE
//
// eshost compiles each test as test262's harness, its qjs runtime and the
// test. The runtime is ES2015 and builds $262 on qjs's own; es5-shell.js
// cuts it out and defines an ES5 $262 with global, evalScript and
// destroy instead, which no pctest test uses beyond that. The rest runs as
// one direct eval inside try/catch, so that an uncaught exception is printed
// as "Name: message", the line eshost's qjs agent reads as an error;
// strings stay exact, since the test is ASCII with \u escapes.
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');

const engines = {
  rhino: (f) => ['rhino', ['-f', f]],
};

const args = process.argv.slice(2);
const engine = args[0];
const file = args.slice(1).reverse().find((a) => !a.startsWith('-'));
if (!engines[engine] || !file) {
  process.stderr.write('usage: es5-shell.js rhino [-N] FILE\n');
  process.exit(2);
}
let src = fs.readFileSync(file, 'utf8');
// eshost writes its qjs runtime minified on one line, from this start to
// the last "return realm;};" of that line (the harness follows on it).
const start = src.indexOf('const qjs = globalThis["\\x24262"];');
const lineEnd = start < 0 ? -1 : src.indexOf('\n', start);
const end = lineEnd < 0 ? -1 : src.lastIndexOf('return realm;};', lineEnd);
if (start < 0 || end < start) {
  process.stdout.write('Error: es5-shell.js: eshost\'s qjs runtime not found in the compiled test\n');
  process.exit(1);
}
src = src.slice(0, start) + src.slice(end + 'return realm;};'.length);
const prelude = "var $262 = { global: this, destroy: function () {}, evalScript: function (c) { eval(c); return { type: 'normal' }; },\n" +
  "  createRealm: function () { throw new Error('es5-shell.js: createRealm is not supported'); } };\n";
const wrapped = prelude +
  'try { eval(' + JSON.stringify(src) + '); } catch (e) {\n' +
  "  var n = e && e.name ? e.name : (e instanceof Error ? 'Error' : 'Test262Error');\n" +
  "  print(n + ': ' + (e && e.message !== undefined ? e.message : String(e)));\n}\n";
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'es5-shell-'));
const f = path.join(tmp, 'test.js');
fs.writeFileSync(f, wrapped);
const [bin, argv] = engines[engine](f);
const r = spawnSync(bin, argv, { encoding: 'utf8' });
fs.rmSync(tmp, { recursive: true, force: true });
process.stdout.write(r.stdout || '');
if (r.status !== 0 || r.error) {
  process.stdout.write(`Error: ${engine} exited ${r.status}${r.error ? ' ' + r.error.message : ''}: ${(r.stderr || '').trim().split('\n').pop()}\n`);
  process.exitCode = 1;
}
