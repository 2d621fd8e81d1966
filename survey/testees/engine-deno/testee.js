// A pctest testee (protocol version 1, see testee/PROTOCOL.md) run by Deno
// (V8), the npm package @deno/linux-x64-glibc pinned in package.json. It uses
// Deno's own APIs (Deno.stdin, Deno.stdout), so it needs no permission. The
// first argument picks the function set, so that no two functions answer the
// same op in one run:
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
//   (cd survey/testees/engine-deno && npm ci)
//   pctest run -- survey/testees/engine-deno/node_modules/@deno/linux-x64-glibc/deno run \
//       survey/testees/engine-deno/testee.js [urlsearchparams|webapi]

import { urlSetters } from '../node-common/url-setters.mjs';

const sets = {
  '': {
    encodeURI: (s) => ({ out: encodeURI(s) }),
    encodeURIComponent: (s) => ({ out: encodeURIComponent(s) }),
    decodeURI: (s) => ({ out: decodeURI(s) }),
    decodeURIComponent: (s) => ({ out: decodeURIComponent(s) }),
    escape: (s) => ({ out: escape(s) }),
    unescape: (s) => ({ out: unescape(s) }),
  },
  urlsearchparams: {
    // "=" + value: the serializer of the one-pair list [["", value]].
    formEncode: (s) => ({ out: new URLSearchParams([['', s]]).toString().slice(1) }),
    // The parser splits on "&", so only an input without one is a single
    // value; "=" + input makes all of the input the value.
    formDecode: (s) => (s.includes('&') ? { unsupported: true } : { out: new URLSearchParams('=' + s).get('') }),
  },
  webapi: {
    percentEncodeSet: urlSetters(URL, URLSearchParams),
    utf8DecodeReplace: (octets) => ({ out: new TextDecoder('utf-8', { ignoreBOM: true }).decode(octets) }),
  },
};
const variant = Deno.args[0] || '';
if (!Object.hasOwn(sets, variant)) {
  console.error(`testee: unknown function set ${JSON.stringify(variant)}; want one of: ${Object.keys(sets).join(', ')}`);
  Deno.exit(2);
}
const ops = sets[variant];

function fromUTF16Hex(h) {
  let s = '';
  for (let i = 0; i + 4 <= h.length; i += 4) s += String.fromCharCode(parseInt(h.slice(i, i + 4), 16));
  return s;
}

function fromHex(h) {
  const b = new Uint8Array(h.length >> 1);
  for (let i = 0; i < b.length; i++) b[i] = parseInt(h.slice(2 * i, 2 * i + 2), 16);
  return b;
}

function answer(line) {
  let req;
  try {
    req = JSON.parse(line);
  } catch (e) {
    console.error(`testee: bad request line: ${e.message}`);
    return null;
  }
  const id = req.id;
  const fn = Object.hasOwn(ops, req.op) ? ops[req.op] : undefined;
  let input = req.in;
  if (typeof req.in_utf16 === 'string') input = fromUTF16Hex(req.in_utf16);
  if (typeof req.in_hex === 'string') input = fromHex(req.in_hex);
  if (fn === undefined || input === undefined) return JSON.stringify({ id, unsupported: true });
  try {
    return JSON.stringify({ id, ...fn(input, req.args || {}) });
  } catch (e) {
    const kind = e instanceof URIError ? 'URIError' : (e && e.name) || 'Error';
    return JSON.stringify({ id, error: kind, message: String(e && e.message) });
  }
}

// Answer every complete line of each chunk read, in one write, before
// reading more: the runner pipelines its requests.
const dec = new TextDecoder();
const enc = new TextEncoder();
let pending = '';
for await (const chunk of Deno.stdin.readable) {
  pending += dec.decode(chunk, { stream: true });
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
    const buf = enc.encode(answers.join('\n') + '\n');
    for (let off = 0; off < buf.length;) off += Deno.stdout.writeSync(buf.subarray(off));
  }
}
