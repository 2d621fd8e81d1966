#!/usr/bin/env node
// A pctest testee (protocol version 1, see testee/PROTOCOL.md) for
// V8's own URI functions: encodeURI, encodeURIComponent, decodeURI and
// decodeURIComponent (ECMA-262 §19.2.6, née 5.1 §15.1.3), and the legacy
// escape and unescape (Annex B.2.1). Every other op is answered
// "unsupported".
//
//   pctest run -- node cmd/pctest/testees/node-builtin/testee.js
//
// Requests arrive on stdin, one JSON object per line; answers go to stdout in
// the same order, one per line. The runner pipelines requests, so the testee
// answers every complete line of a chunk and then writes the answers at once,
// without waiting for more input.
'use strict';

const fns = { encodeURI, encodeURIComponent, decodeURI, decodeURIComponent, escape, unescape };

// fromUTF16Hex and toUTF16Hex serve the -utf16hex mode: code units as four
// hex digits each ("in_utf16": "d800dc00"), for JSON libraries that cannot
// carry lone surrogates. JSON.parse and JSON.stringify can, so this testee
// only needs them when the runner is asked to use them.
function fromUTF16Hex(h) {
  let s = '';
  for (let i = 0; i + 4 <= h.length; i += 4) {
    s += String.fromCharCode(parseInt(h.slice(i, i + 4), 16));
  }
  return s;
}

function toUTF16Hex(s) {
  let h = '';
  for (let i = 0; i < s.length; i++) {
    h += s.charCodeAt(i).toString(16).padStart(4, '0');
  }
  return h;
}

function answer(line) {
  let req;
  try {
    req = JSON.parse(line);
  } catch (e) {
    process.stderr.write(`testee: bad request line: ${e.message}\n`);
    return null;
  }
  const id = req.id;
  const fn = Object.prototype.hasOwnProperty.call(fns, req.op) ? fns[req.op] : undefined;
  if (fn === undefined) {
    return JSON.stringify({ id, unsupported: true });
  }
  const utf16 = typeof req.in_utf16 === 'string';
  const input = utf16 ? fromUTF16Hex(req.in_utf16) : req.in;
  if (typeof input !== 'string') {
    return JSON.stringify({ id, unsupported: true });
  }
  let out;
  try {
    out = fn(input);
  } catch (e) {
    if (e instanceof URIError) {
      return JSON.stringify({ id, error: 'URIError', message: e.message });
    }
    throw e;
  }
  return utf16 ? JSON.stringify({ id, out_utf16: toUTF16Hex(out) }) : JSON.stringify({ id, out });
}

let pending = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  pending += chunk;
  const answers = [];
  let start = 0;
  for (let nl; (nl = pending.indexOf('\n', start)) >= 0; start = nl + 1) {
    const line = pending.slice(start, nl);
    if (line.trim() === '') continue;
    const a = answer(line);
    if (a !== null) answers.push(a);
  }
  pending = pending.slice(start);
  if (answers.length > 0) {
    process.stdout.write(answers.join('\n') + '\n');
  }
});
// At the end of input, exit once every answer is written. process.stdout is
// asynchronous on a pipe: process.exit would drop the answers still queued
// for a reader that has not read them yet. A write's callback runs once it,
// and every write before it, has been handed to the operating system.
process.stdin.on('end', () => process.stdout.write('', () => process.exit(0)));
