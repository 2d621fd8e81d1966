#!/usr/bin/env node
// A pctest testee (protocol version 1, see testee/PROTOCOL.md) for
// Porffor, the npm package porffor pinned in package.json: an ahead-of-time
// JavaScript-to-Wasm compiler (pre-alpha; "Expect nothing to work!", its
// README says). A Porffor program cannot read stdin, so this node host
// compiles uri.js with Porffor's own compiler API (the package's main
// export, compiler/wrap.js) once, at start, and calls the Wasm exports for
// each request: the input goes in one UTF-16 code unit at a time (push),
// so lone surrogates reach the engine as they are, and the output comes
// back the same way (at). Only encodeURI, encodeURIComponent, decodeURI,
// decodeURIComponent, escape and unescape (Annex B) are answered; other ops
// are "unsupported". A Wasm trap
// ends the process (the runner charges the request as a crash): Porffor's
// memory is not to be trusted after one.
//
//   (cd survey/testees/engine-porffor && npm ci)
//   pctest run -- node survey/testees/engine-porffor/host.mjs
import { readFileSync } from 'node:fs';
import compile from 'porffor';
import nodeCommon from '../node-common/protocol.js';

const source = readFileSync(new URL('./uri.js', import.meta.url), 'utf8');
const { exports: porf } = compile(source, true, (s) => process.stderr.write(s));

// Porffor's exports take each argument as a value and its type; 1 is
// Number (porffor/compiler/types.js).
const NUMBER = 1;
const opIndex = { encodeURI: 0, encodeURIComponent: 1, decodeURI: 2, decodeURIComponent: 3, escape: 5, unescape: 6 };
const IDENTITY = 4; // run(4) gives the string back: the round trip this host relies on

function call(op, s) {
  try {
    porf.reset();
    for (let i = 0; i < s.length; i++) porf.push(s.charCodeAt(i), NUMBER);
    const n = porf.run(typeof op === 'number' ? op : opIndex[op], NUMBER);
    const err = porf.errkind();
    if (err === 2) return { error: 'URIError', message: 'URIError thrown in Porffor' };
    if (err !== 0) return { error: 'Error', message: 'an exception other than URIError thrown in Porffor' };
    let out = '';
    for (let i = 0; i < n; i++) out += String.fromCharCode(porf.at(i, NUMBER));
    return { out };
  } catch (e) {
    process.stderr.write(`testee: Porffor failed on ${op}(${JSON.stringify(s)}): ${e && e.stack}\n`);
    process.exit(3);
  }
}

// Check once that a string goes in and comes back exactly, lone surrogates
// and all, as Porffor's one-byte string (all code units below 0x100) and as
// its two-byte one: the failures are then the engine's, not this host's.
for (const probe of ['a\u00e9\u00ff%', 'a\u00e9\ud800\u4e2d\ud83d\ude00\udc00%']) {
  const back = call(IDENTITY, probe);
  if (back.out !== probe) {
    process.stderr.write(`testee: Porffor does not give back the string it was given: ${JSON.stringify(back)}\n`);
    process.exit(2);
  }
}

const ops = {};
for (const op of Object.keys(opIndex)) ops[op] = (s) => call(op, s);
nodeCommon.serve(ops);
