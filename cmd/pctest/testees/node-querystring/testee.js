#!/usr/bin/env node
// A pctest testee (protocol version 1, see cmd/pctest/PROTOCOL.md) for
// Node's built-in querystring module:
//
//   encodeURIComponent  querystring.escape(str)
//   decodeURIComponent  querystring.unescape(str)
//
// Every other op is answered "unsupported". README.md beside this file says
// why each function maps to its op; mapping.json says the same for machines.
//
//   pctest run -- node cmd/pctest/testees/node-querystring/testee.js
'use strict';

const querystring = require('node:querystring');

// Each entry takes the request's input and returns the response fields.
const ops = {
  encodeURIComponent: (s) => ({ out: querystring.escape(s) }),
  decodeURIComponent: (s) => ({ out: querystring.unescape(s) }),
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
