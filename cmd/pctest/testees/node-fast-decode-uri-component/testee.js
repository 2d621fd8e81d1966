#!/usr/bin/env node
// A pctest testee (protocol version 1, see cmd/pctest/PROTOCOL.md) for the
// npm package fast-decode-uri-component (version pinned in package.json):
//
//   decodeURIComponent  fastDecode(str); its documented null for an invalid
//                       escape is answered as the error "URIError"
//
// Every other op is answered "unsupported". README.md beside this file says
// why; mapping.json says the same for machines.
//
//   (cd cmd/pctest/testees/node-fast-decode-uri-component && npm ci)
//   pctest run -- node cmd/pctest/testees/node-fast-decode-uri-component/testee.js
'use strict';

const fastDecode = require('fast-decode-uri-component');

const ops = {
  decodeURIComponent: (s) => {
    const out = fastDecode(s);
    if (out === null) return { error: 'URIError', message: 'fastDecode returned null' };
    return { out };
  },
};

// --- the protocol loop (the same in every node testee of the survey) ---

function fromUTF16Hex(h) {
  let s = '';
  for (let i = 0; i + 4 <= h.length; i += 4) s += String.fromCharCode(parseInt(h.slice(i, i + 4), 16));
  return s;
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
  const fn = Object.prototype.hasOwnProperty.call(ops, req.op) ? ops[req.op] : undefined;
  let input = req.in;
  if (typeof req.in_utf16 === 'string') input = fromUTF16Hex(req.in_utf16);
  if (typeof req.in_hex === 'string') input = Buffer.from(req.in_hex, 'hex');
  if (fn === undefined || input === undefined) return JSON.stringify({ id, unsupported: true });
  try {
    return JSON.stringify({ id, ...fn(input, req.args || {}) });
  } catch (e) {
    const kind = e instanceof URIError ? 'URIError' : (e && e.name) || 'Error';
    return JSON.stringify({ id, error: kind, message: String(e && e.message) });
  }
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
  if (answers.length > 0) process.stdout.write(answers.join('\n') + '\n');
});
process.stdin.on('end', () => process.exit(0));
