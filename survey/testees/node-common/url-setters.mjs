// percentEncodeSet through a runtime's WHATWG URL class, for the survey's
// JavaScript testees that map the URL setters (node-urlsearchparams,
// node-whatwg-url, engine-bun, engine-deno). Each WHATWG set goes through
// the API that percent-encodes with it, as browser-common does for the
// browsers (survey/testees/browser-common/README.md):
//
//   whatwg.fragment        u = new URL('http://h/'); u.hash = 'a' + x
//   whatwg.query           u = new URL('x://h/'); u.search = 'a' + x
//   whatwg.special-query   the same on http://h/
//   whatwg.path            u = new URL('x://h/'); u.pathname = 'a' + x
//   whatwg.userinfo        u = new URL('http://h/'); u.username = x
//   whatwg.c0-control      new URL('x:a' + x + 'a').pathname (an opaque path)
//   whatwg.form-urlencoded URLSearchParams append, toString
//
// The 'a' before (and for the opaque path after) the input keeps a setter
// from taking a leading '#', '?' or '/' away and the parser from stripping
// a C0 control or space at either end. An input the component cannot carry
// as it is, octets that are not UTF-8 (a setter takes a string), and the
// sets no URL API encodes with, are answered "unsupported" with the reason.
//
// An ES module, so that Deno imports it without a permission; node's
// testees load it with import().

function cut(s, pre, post) {
  if (s.length >= pre.length + post.length && s.startsWith(pre) && s.endsWith(post)) {
    return s.slice(pre.length, s.length - post.length);
  }
  return '!' + s;
}

const tabs = 'the URL parser removes U+0009, U+000A and U+000D';

// unfit says why the set's API cannot carry the text s as it is, or ''.
function unfit(set, s) {
  switch (set) {
    case 'whatwg.fragment':
    case 'whatwg.query':
    case 'whatwg.special-query':
      return /[\t\n\r]/.test(s) ? tabs : '';
    case 'whatwg.path':
      if (/[\t\n\r]/.test(s)) return tabs;
      for (const seg of ('a' + s).split('/')) {
        if (['.', '%2e', '..', '.%2e', '%2e.', '%2e%2e'].includes(seg.toLowerCase())) {
          return "the path parser takes '.' and '..' segments (and their %2e forms) away";
        }
      }
      return '';
    case 'whatwg.c0-control':
      if (/[\t\n\r]/.test(s)) return tabs;
      return /[?#]/.test(s) ? "'?' and '#' end an opaque path" : '';
    case 'whatwg.form-urlencoded':
      return s.includes(' ') ? "URLSearchParams writes U+0020 as '+', not %20" : '';
    case 'whatwg.userinfo':
      return '';
    case 'whatwg.component':
      return 'no URL API percent-encodes with the component percent-encode set';
    default:
      return 'not a WHATWG set: no URL API percent-encodes with it';
  }
}

// urlSetters returns the percentEncodeSet function of the protocol loops
// (node-common/protocol.js, engine-deno's): it takes the request's octets
// (a Uint8Array or Buffer) and args, and returns the answer's fields.
export function urlSetters(URL, URLSearchParams) {
  const encode = {
    'whatwg.fragment': (x) => { const u = new URL('http://h/'); u.hash = 'a' + x; return cut(u.hash, '#a', ''); },
    'whatwg.query': (x) => { const u = new URL('x://h/'); u.search = 'a' + x; return cut(u.search, '?a', ''); },
    'whatwg.special-query': (x) => { const u = new URL('http://h/'); u.search = 'a' + x; return cut(u.search, '?a', ''); },
    'whatwg.path': (x) => { const u = new URL('x://h/'); u.pathname = 'a' + x; return cut(u.pathname, '/a', ''); },
    'whatwg.userinfo': (x) => { const u = new URL('http://h/'); u.username = x; return u.username; },
    'whatwg.c0-control': (x) => cut(new URL('x:a' + x + 'a').pathname, 'a', 'a'),
    'whatwg.form-urlencoded': (x) => { const p = new URLSearchParams(); p.append('a', x); return p.toString().slice(2); },
  };
  const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  return (octets, args) => {
    const set = (args && args.set) || '';
    let why = unfit(set, '');
    if (why !== '') return { unsupported: true, message: why };
    let s;
    try {
      s = utf8.decode(octets);
    } catch {
      return { unsupported: true, message: 'a URL setter takes a string: octets that are not UTF-8 cannot reach it' };
    }
    why = unfit(set, s);
    if (why !== '') return { unsupported: true, message: why };
    return { out: encode[set](s) };
  };
}
