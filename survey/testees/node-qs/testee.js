#!/usr/bin/env node
// A pctest testee (protocol version 1, see testee/PROTOCOL.md) for the
// npm package qs (version pinned in package.json). The first argument picks
// the function set, so that no two functions answer the same op in one run:
//
//   (none)   formDecode     qs's default decoder (utils.decode), the function
//                           qs.parse applies to every key and value, charset
//                           "utf-8"
//            formEncode     qs.stringify({ a: value }, { format: 'WHATWG' }),
//                           the value's part
//   rfc3986  percentEncode  qs.stringify({ a: value }) (the default format,
//                           RFC 3986), the value's part
//
// The default decoder is reached through qs's public "decoder" option: qs
// hands it to a custom decoder as its second argument (README, "decoder").
// Every other op is answered "unsupported". README.md beside this file says
// why; mapping.json says the same for machines.
//
//   (cd survey/testees/node-qs && npm ci)
//   pctest run -- node survey/testees/node-qs/testee.js [rfc3986]
'use strict';

const { serve } = require('../node-common/protocol.js');
const qs = require('qs');

let defaultDecoder;
qs.parse('a=b', {
  decoder(str, dflt) {
    defaultDecoder = dflt;
    return dflt(str);
  },
});
if (typeof defaultDecoder !== 'function') {
  process.stderr.write('testee: qs did not pass its default decoder to the decoder option\n');
  process.exit(2);
}

// utf8Text returns the text whose UTF-8 encoding is the octets, or
// undefined when they are not UTF-8: functions over strings cannot be given
// such octets.
function utf8Text(octets) {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(octets);
  } catch {
    return undefined;
  }
}

// valuePart returns what qs.stringify made of the value of key "a".
function valuePart(s) {
  if (!s.startsWith('a=')) throw new Error(`qs.stringify gave ${JSON.stringify(s)}, want a=...`);
  return s.slice(2);
}

const sets = {
  '': {
    formDecode: (s) => ({ out: defaultDecoder(s, undefined, 'utf-8') }),
    formEncode: (s) => ({ out: valuePart(qs.stringify({ a: s }, { format: 'WHATWG' })) }),
  },
  rfc3986: {
    percentEncode: (octets) => {
      const s = utf8Text(octets);
      return s === undefined ? { unsupported: true } : { out: valuePart(qs.stringify({ a: s })) };
    },
  },
};
const variant = process.argv[2] || '';
if (!Object.prototype.hasOwnProperty.call(sets, variant)) {
  process.stderr.write(`testee: unknown function set ${JSON.stringify(variant)}; want one of: ${Object.keys(sets).join(', ')}\n`);
  process.exit(2);
}
const ops = sets[variant];

serve(ops);
