#!/usr/bin/env node
// A pctest testee (protocol version 1, see testee/PROTOCOL.md) for Hermes,
// the npm package hermes-engine-cli pinned in package.json. Its `hermes`
// binary has no way to read stdin from JavaScript, so this node host drives
// its REPL (`hermes -prompt= -prompt2=`), one process for the whole run:
// it defines a function __pc in the REPL, then sends one call a request,
//
//   __pc(17, "decodeURI", "0025004100d800")
//
// with the input as UTF-16 code units in hex. __pc builds the string inside
// Hermes with String.fromCharCode, so lone surrogates reach the engine as
// they are, calls the engine's own function, and prints "@@" and the answer,
// the output again as UTF-16 hex (out_utf16): Hermes's print writes UTF-8
// and turns a lone surrogate into U+FFFD. The host passes on the "@@" lines
// and drops everything else the REPL prints (the value of each line,
// "undefined"). Only encodeURI, encodeURIComponent, decodeURI,
// decodeURIComponent, escape and unescape (Annex B) are answered; other ops
// are "unsupported".
//
//   (cd survey/testees/engine-hermes && npm ci)
//   pctest run -- node survey/testees/engine-hermes/host.js
'use strict';

const { spawn } = require('child_process');
const path = require('path');

const hermes = path.join(__dirname, 'node_modules/hermes-engine-cli/linux64-bin/hermes');
const ops = new Set(['encodeURI', 'encodeURIComponent', 'decodeURI', 'decodeURIComponent', 'escape', 'unescape']);

// Written in the REPL as one line.
const prelude = `var __pc = function (id, op, h) {
  var fns = { encodeURI: encodeURI, encodeURIComponent: encodeURIComponent, decodeURI: decodeURI, decodeURIComponent: decodeURIComponent,
    escape: escape, unescape: unescape };
  var s = '', i, r;
  for (i = 0; i + 4 <= h.length; i += 4) s += String.fromCharCode(parseInt(h.slice(i, i + 4), 16));
  try {
    var o = fns[op](s), x = '';
    for (i = 0; i < o.length; i++) x += ('000' + o.charCodeAt(i).toString(16)).slice(-4);
    r = '{"id":' + id + ',"out_utf16":"' + x + '"}';
  } catch (e) {
    r = '{"id":' + id + ',"error":' + JSON.stringify(e instanceof URIError ? 'URIError' : String(e && e.name)) +
      ',"message":' + JSON.stringify(String(e && e.message)) + '}';
  }
  print('@@' + r);
};`.replace(/\n\s*/g, ' ');

function toUTF16Hex(s) {
  let h = '';
  for (let i = 0; i < s.length; i++) h += s.charCodeAt(i).toString(16).padStart(4, '0');
  return h;
}

const child = spawn(hermes, ['-prompt=', '-prompt2='], { stdio: ['pipe', 'pipe', 'inherit'] });
function died(code, sig) {
  process.stderr.write(`testee: hermes exited (${sig || code})\n`);
  process.exit(3);
}
child.on('close', died);
child.stdin.write(prelude + '\n');

// queue holds the answers in request order: a string once known, null
// while Hermes has yet to print it.
const queue = [];
function flush() {
  const out = [];
  while (queue.length > 0 && queue[0] !== null) out.push(queue.shift());
  if (out.length > 0) process.stdout.write(out.join('\n') + '\n');
}

let hpending = '';
child.stdout.setEncoding('utf8');
child.stdout.on('data', (chunk) => {
  hpending += chunk;
  let start = 0;
  for (let nl; (nl = hpending.indexOf('\n', start)) >= 0; start = nl + 1) {
    const line = hpending.slice(start, nl);
    if (!line.startsWith('@@')) continue;
    const i = queue.indexOf(null);
    if (i < 0) process.stderr.write(`testee: unexpected line from hermes: ${line}\n`);
    else queue[i] = line.slice(2);
  }
  hpending = hpending.slice(start);
  flush();
});

let pending = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  pending += chunk;
  const calls = [];
  let start = 0;
  for (let nl; (nl = pending.indexOf('\n', start)) >= 0; start = nl + 1) {
    const line = pending.slice(start, nl);
    if (line.trim() === '') continue;
    let req;
    try {
      req = JSON.parse(line);
    } catch (e) {
      process.stderr.write(`testee: bad request line: ${e.message}\n`);
      continue;
    }
    const input = typeof req.in_utf16 === 'string' ? req.in_utf16 : typeof req.in === 'string' ? toUTF16Hex(req.in) : undefined;
    if (!ops.has(req.op) || input === undefined || !Number.isSafeInteger(req.id)) {
      queue.push(JSON.stringify({ id: req.id, unsupported: true }));
      continue;
    }
    queue.push(null);
    calls.push(`__pc(${req.id}, ${JSON.stringify(req.op)}, "${input.toLowerCase().replace(/[^0-9a-f]/g, '')}")`);
  }
  pending = pending.slice(start);
  if (calls.length > 0) child.stdin.write(calls.join('\n') + '\n');
  flush();
});
process.stdin.on('end', () => {
  // 'close' comes after Hermes's last output has been read; then exit once
  // every answer is written: process.stdout is asynchronous on a pipe, and
  // process.exit would drop the answers still queued for a reader that has
  // not read them yet. A write's callback runs once it, and every write
  // before it, is handed to the operating system.
  child.off('close', died);
  child.on('close', () => process.stdout.write('', () => process.exit(0)));
  child.stdin.end();
});
