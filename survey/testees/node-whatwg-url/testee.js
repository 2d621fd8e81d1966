#!/usr/bin/env node
// A pctest testee (protocol version 1, see testee/PROTOCOL.md) for the
// npm package whatwg-url (version pinned in package.json), jsdom's
// implementation of the WHATWG URL Standard. The first argument picks the
// function set, so that no two functions answer the same op in one run:
//
//   (none)    public API:
//               percentDecodeLenient  percentDecodeString(str)
//               formEncode            URLSearchParams serializer, one value
//               formDecode            URLSearchParams parser, one value
//               percentEncodeSet      the URL class's setters and parser
//                                     (../node-common/url-setters.mjs)
//               queryEncode           parseURL('http://example.test/?' + input + '#',
//                                     { encoding: label }).query
//               queryEncodeScheme     the same with scheme + '://example.test/?'
//   bytes     percentDecodeLenient  percentDecodeBytes(utf8 bytes of str)
//   internal  whatwg-url/lib/percent-encoding.js, not a public API:
//               percentEncodeSet      utf8PercentEncodeString(str, isXPercentEncode)
//               formEncode            utf8PercentEncodeString(str, isURLEncodedPercentEncode, true)
//
// Every other op is answered "unsupported". README.md beside this file says
// why each function maps to its op; mapping.json says the same for machines.
//
//   (cd survey/testees/node-whatwg-url && npm ci)
//   pctest run -- node survey/testees/node-whatwg-url/testee.js [bytes|internal]
'use strict';

const { serve } = require('../node-common/protocol.js');
const whatwgURL = require('whatwg-url');

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

const unsupported = { unsupported: true };

// queryUnfit says why the URL parser cannot carry the text s as a query
// as it is, or '': '#' ends the query, and the parser removes tabs and
// newlines anywhere (a C0 control or space at the end is kept by the '#'
// after the input).
function queryUnfit(s) {
  if (s.includes('#')) return "'#' starts the fragment in the URL parser";
  if (/[\t\n\r]/.test(s)) return 'the URL parser removes U+0009, U+000A and U+000D';
  return '';
}

// query parses prefix + s + '#' with the label's encoding and returns the
// record's query.
function query(prefix, s, label) {
  const why = queryUnfit(s);
  if (why !== '') return { unsupported: true, message: why };
  const url = whatwgURL.parseURL(prefix + s + '#', { encoding: label });
  if (url === null) return { error: 'Error', message: 'parseURL returned failure' };
  return { out: url.query === null ? '' : url.query };
}

async function publicOps() {
  const { urlSetters } = await import('../node-common/url-setters.mjs');
  return {
    percentDecodeLenient: (s) => ({ out_hex: Buffer.from(whatwgURL.percentDecodeString(s)).toString('hex') }),
    // "=" + value: the serializer of the one-pair list [["", value]].
    formEncode: (s) => ({ out: new whatwgURL.URLSearchParams([['', s]]).toString().slice(1) }),
    // The parser splits on "&", so only inputs without one are a single
    // value; "=" + input makes all of the input the value.
    formDecode: (s) => (s.includes('&') ? unsupported : { out: new whatwgURL.URLSearchParams('=' + s).get('') }),
    percentEncodeSet: urlSetters(whatwgURL.URL, whatwgURL.URLSearchParams),
    queryEncode: (s, args) => query('http://example.test/?', s, args.encoding),
    queryEncodeScheme: (s, args) => query(args.scheme + '://example.test/?', s, args.encoding),
  };
}

function bytesOps() {
  return {
    percentDecodeLenient: (s) => ({ out_hex: Buffer.from(whatwgURL.percentDecodeBytes(new TextEncoder().encode(s))).toString('hex') }),
  };
}

function internalOps() {
  const pe = require('whatwg-url/lib/percent-encoding');
  // The named sets of the vector format that whatwg-url has a predicate
  // for; the component set's predicate is not exported.
  const predicates = {
    'whatwg.c0-control': pe.isC0ControlPercentEncode,
    'whatwg.fragment': pe.isFragmentPercentEncode,
    'whatwg.query': pe.isQueryPercentEncode,
    'whatwg.special-query': pe.isSpecialQueryPercentEncode,
    'whatwg.path': pe.isPathPercentEncode,
    'whatwg.userinfo': pe.isUserinfoPercentEncode,
    'whatwg.form-urlencoded': pe.isURLEncodedPercentEncode,
  };
  return {
    percentEncodeSet: (octets, args) => {
      const pred = Object.prototype.hasOwnProperty.call(predicates, args.set) ? predicates[args.set] : undefined;
      const s = utf8Text(octets);
      if (pred === undefined || s === undefined) return unsupported;
      return { out: pe.utf8PercentEncodeString(s, pred) };
    },
    formEncode: (s) => ({ out: pe.utf8PercentEncodeString(s, pe.isURLEncodedPercentEncode, true) }),
  };
}

const sets = { '': publicOps, bytes: bytesOps, internal: internalOps };
const variant = process.argv[2] || '';
if (!Object.prototype.hasOwnProperty.call(sets, variant)) {
  process.stderr.write(`testee: unknown function set ${JSON.stringify(variant)}; want one of: ${Object.keys(sets).join(', ')}\n`);
  process.exit(2);
}
Promise.resolve(sets[variant]()).then(serve);
