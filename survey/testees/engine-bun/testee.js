// A pctest testee (protocol version 1, see testee/PROTOCOL.md) run by Bun
// (JavaScriptCore), the npm package @oven/bun-linux-x64 pinned in
// package.json. The first argument picks the function set, so that no two
// functions answer the same op in one run:
//
//   (none)           encodeURI, encodeURIComponent, decodeURI,
//                    decodeURIComponent, escape, unescape: the engine's
//                    global functions (the last two of Annex B)
//   urlsearchparams  formEncode  new URLSearchParams([['', value]]).toString(),
//                                without its leading "="
//                    formDecode  new URLSearchParams('=' + value).get(''), for
//                                an input without "&"
//   webapi           percentEncodeSet   the URL setters (hash, search, pathname,
//                                       username), the opaque path of
//                                       new URL('x:…'), URLSearchParams for
//                                       the form-urlencoded set
//                                       (../node-common/url-setters.mjs)
//                    utf8DecodeReplace  new TextDecoder('utf-8', {ignoreBOM: true})
//                                       .decode(bytes)
//
// Every other op is answered "unsupported".
//
//   (cd survey/testees/engine-bun && npm ci)
//   pctest run -- survey/testees/engine-bun/node_modules/@oven/bun-linux-x64/bin/bun \
//       survey/testees/engine-bun/testee.js [urlsearchparams|webapi]
'use strict';

const { serve } = require('../node-common/protocol.js');

const sets = {
  '': () => ({
    encodeURI: (s) => ({ out: encodeURI(s) }),
    encodeURIComponent: (s) => ({ out: encodeURIComponent(s) }),
    decodeURI: (s) => ({ out: decodeURI(s) }),
    decodeURIComponent: (s) => ({ out: decodeURIComponent(s) }),
    escape: (s) => ({ out: escape(s) }),
    unescape: (s) => ({ out: unescape(s) }),
  }),
  urlsearchparams: () => ({
    // "=" + value: the serializer of the one-pair list [["", value]].
    formEncode: (s) => ({ out: new URLSearchParams([['', s]]).toString().slice(1) }),
    // The parser splits on "&", so only an input without one is a single
    // value; "=" + input makes all of the input the value.
    formDecode: (s) => (s.includes('&') ? { unsupported: true } : { out: new URLSearchParams('=' + s).get('') }),
  }),
  webapi: async () => {
    const { urlSetters } = await import('../node-common/url-setters.mjs');
    const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });
    return {
      percentEncodeSet: urlSetters(URL, URLSearchParams),
      utf8DecodeReplace: (octets) => ({ out: utf8.decode(octets) }),
    };
  },
};
const variant = process.argv[2] || '';
if (!Object.prototype.hasOwnProperty.call(sets, variant)) {
  process.stderr.write(`testee: unknown function set ${JSON.stringify(variant)}; want one of: ${Object.keys(sets).join(', ')}\n`);
  process.exit(2);
}
Promise.resolve(sets[variant]()).then(serve);
