// engine-common/core.js: the protocol core that the ES5 shell engines share
// (engine-duktape, -jsc, -mujs, -njs, -rhino, -spidermonkey).
// pctestAnswer(line, opts) answers one request line of the pctest protocol
// (testee/PROTOCOL.md) with the engine's own encodeURI, encodeURIComponent,
// decodeURI or decodeURIComponent, and its global escape and unescape (Annex B),
// when it has them; every other op is "unsupported". ES5 only.
// Text comes as "in_utf16" (-utf16hex) or "in" and goes back as "out_utf16".
// opts.noLone: the engine's strings cannot hold a lone surrogate.
var pctestFns = {encodeURI: encodeURI, encodeURIComponent: encodeURIComponent,
  decodeURI: decodeURI, decodeURIComponent: decodeURIComponent};
if (typeof escape === 'function') pctestFns.escape = escape;
if (typeof unescape === 'function') pctestFns.unescape = unescape;

function pctestHex4(n) {
  var h = n.toString(16);
  while (h.length < 4) h = '0' + h;
  return h;
}

// pctestFromHex builds the string of the hex code units. Code units are
// taken one at a time, but a valid pair as one code point (njs has no
// code units). It returns null for a lone surrogate when opts.noLone.
function pctestFromHex(h, noLone) {
  var s = '', i, u, v;
  for (i = 0; i + 4 <= h.length; i += 4) {
    u = parseInt(h.substring(i, i + 4), 16);
    if (u >= 0xD800 && u <= 0xDBFF && i + 8 <= h.length &&
        (v = parseInt(h.substring(i + 4, i + 8), 16)) >= 0xDC00 && v <= 0xDFFF) {
      s += String.fromCharCode(u, v);
      i += 4;
    } else if (u >= 0xD800 && u <= 0xDFFF && noLone) {
      return null;
    } else {
      s += String.fromCharCode(u);
    }
  }
  return s;
}

// pctestToHex gives the code units of s as hex; a code point above U+FFFF
// (njs's charCodeAt) becomes its surrogate pair.
function pctestToHex(s) {
  var h = '', i, c;
  for (i = 0; i < s.length; i++) {
    c = s.charCodeAt(i);
    if (c > 0xFFFF) {
      c -= 0x10000;
      h += pctestHex4(0xD800 + (c >> 10)) + pctestHex4(0xDC00 + (c & 0x3FF));
    } else {
      h += pctestHex4(c);
    }
  }
  return h;
}

// pctestQuote gives String(v) as a JSON string of ASCII only.
function pctestQuote(v) {
  var s = String(v), q = '"', i, c;
  for (i = 0; i < s.length; i++) {
    c = s.charCodeAt(i);
    q += c < 0x20 || c > 0x7E || c === 0x22 || c === 0x5C ? '\\u' + pctestHex4(c) : s.charAt(i);
  }
  return q + '"';
}

function pctestAnswer(line, opts) {
  var req, input, out;
  try {
    req = JSON.parse(line);
  } catch (e) {
    return null;
  }
  var id = JSON.stringify(req.id);
  if (!Object.prototype.hasOwnProperty.call(pctestFns, req.op)) {
    return '{"id":' + id + ',"unsupported":true}';
  }
  if (typeof req.in_utf16 === 'string') {
    input = pctestFromHex(req.in_utf16, opts && opts.noLone);
  } else if (typeof req['in'] === 'string') {
    input = pctestFromHex(pctestToHex(req['in']), opts && opts.noLone);
  }
  if (typeof input !== 'string') {
    return '{"id":' + id + ',"unsupported":true}';
  }
  try {
    out = pctestFns[req.op](input);
  } catch (e) {
    if (e instanceof URIError) {
      return '{"id":' + id + ',"error":"URIError","message":' + pctestQuote(e.message) + '}';
    }
    return '{"id":' + id + ',"error":' + pctestQuote(e.name) + ',"message":' + pctestQuote(e.message) + '}';
  }
  return '{"id":' + id + ',"out_utf16":"' + pctestToHex(String(out)) + '"}';
}
