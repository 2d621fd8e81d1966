// The pctest protocol (version 1, see testee/PROTOCOL.md) for the
// survey's node testees. A testee maps ops to functions and hands the map to
// serve:
//
//   const { serve } = require('../node-common/protocol.js');
//   serve({ decodeURIComponent: (s) => ({ out: decodeURIComponent(s) }) });
//
// Each function takes the request's input and its args (an object, {} when
// the request has none) and returns the answer's fields: { out }, { out_hex },
// { error, message } or { unsupported: true }; the id is added here. The
// input is a string for "in" and "in_utf16" (lone surrogates included), a
// Buffer of the octets for "in_hex". An op that is not in the map, or a
// request without an input, is answered "unsupported"; an exception is
// answered as the error of its kind (URIError for URIErrors).
'use strict';

function fromUTF16Hex(h) {
  let s = '';
  for (let i = 0; i + 4 <= h.length; i += 4) s += String.fromCharCode(parseInt(h.slice(i, i + 4), 16));
  return s;
}

function answer(ops, line) {
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

// serve answers the requests on stdin with ops until stdin ends, then exits
// 0 once every answer is written. stdin is not read before it is called. Requests arrive one JSON object
// a line; the runner pipelines them, so the answers to every complete line
// of a chunk are written at once, without waiting for more input.
//
// A function that ends the process (process.exit, as a host does when its
// engine traps) loses no answer already computed: the answers of the
// chunk's earlier lines are written before the process exits, so that
// the runner charges the incident to the request that caused it, not to
// one of those it had answered.
function serve(ops) {
  let pending = '';
  let answers = [];
  process.on('exit', () => {
    if (answers.length > 0) require('fs').writeSync(1, answers.join('\n') + '\n');
  });
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk) => {
    pending += chunk;
    answers = [];
    let start = 0;
    for (let nl; (nl = pending.indexOf('\n', start)) >= 0; start = nl + 1) {
      const line = pending.slice(start, nl);
      if (line.trim() === '') continue;
      const a = answer(ops, line);
      if (a !== null) answers.push(a);
    }
    pending = pending.slice(start);
    const out = answers;
    answers = [];
    if (out.length > 0) process.stdout.write(out.join('\n') + '\n');
  });
  // At the end of input, exit once every answer is written: process.stdout
  // is asynchronous on a pipe, and process.exit would drop the answers
  // still queued for a reader that has not read them yet. A write's
  // callback runs once it, and every write before it, is handed to the
  // operating system.
  process.stdin.on('end', () => process.stdout.write('', () => process.exit(0)));
}

module.exports = { serve };
