#!/usr/bin/env node
// A pctest testee (protocol version 1, see testee/PROTOCOL.md) for Node's
// built-in URLSearchParams and URL classes (WHATWG URL Standard). The first
// argument picks the function set, so that no two functions answer the same
// op in one run:
//
//   (none)  formEncode        new URLSearchParams([['', value]]).toString(),
//                             without its leading "="
//           formDecode        new URLSearchParams('=' + value).get(''), for
//                             an input without "&"
//   url     percentEncodeSet  the URL setters (hash, search, pathname,
//                             username), the opaque path of new URL('x:…'),
//                             URLSearchParams for the form-urlencoded set:
//                             node-common/url-setters.mjs
//
// Every other op is answered "unsupported". README.md beside this file says
// why; mapping.json says the same for machines.
//
//   pctest run -- node survey/testees/node-urlsearchparams/testee.js [url]
'use strict';

const { serve } = require('../node-common/protocol.js');

const sets = {
  '': async () => ({
    // "=" + value: the serializer of the one-pair list [["", value]].
    formEncode: (s) => ({ out: new URLSearchParams([['', s]]).toString().slice(1) }),
    // The parser splits on "&", so only an input without one is a single
    // value; "=" + input makes all of the input the value.
    formDecode: (s) => (s.includes('&') ? { unsupported: true } : { out: new URLSearchParams('=' + s).get('') }),
  }),
  url: async () => {
    const { urlSetters } = await import('../node-common/url-setters.mjs');
    return { percentEncodeSet: urlSetters(URL, URLSearchParams) };
  },
};
const variant = process.argv[2] || '';
if (!Object.prototype.hasOwnProperty.call(sets, variant)) {
  process.stderr.write(`testee: unknown function set ${JSON.stringify(variant)}; want one of: ${Object.keys(sets).join(', ')}\n`);
  process.exit(2);
}
sets[variant]().then(serve);
