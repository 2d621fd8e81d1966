// The program Porffor compiles for the pctest testee host.mjs beside this
// file: a string is built one UTF-16 code unit at a time inside Porffor's
// own memory (push), one of the engine's four global URI functions or its
// escape or unescape (Annex B) runs on it (run), and the result is read back one code unit at a time (at).
// Porffor compiles JavaScript ahead of time to Wasm; it has no stdin, so
// host.mjs calls these exports from node.
let buf = '';
let out = '';
let err = 0;

export const reset = () => {
  buf = '';
  return 0;
};

export const push = (c) => {
  buf += String.fromCharCode(c);
  return 0;
};

// run applies encodeURI (0), encodeURIComponent (1), decodeURI (2),
// decodeURIComponent (3), escape (5) or unescape (6) and returns the length of its result; errkind
// then says 0 (none), 1 (some exception) or 2 (a URIError).
export const run = (op) => {
  err = 0;
  out = '';
  try {
    if (op == 0) out = encodeURI(buf);
    else if (op == 1) out = encodeURIComponent(buf);
    else if (op == 2) out = decodeURI(buf);
    else if (op == 3) out = decodeURIComponent(buf);
    else if (op == 5) out = escape(buf);
    else if (op == 6) out = unescape(buf);
    else out = buf;
  } catch (e) {
    err = 1;
    if (e instanceof URIError) err = 2;
    out = '';
  }
  return out.length;
};

export const at = (i) => out.charCodeAt(i);

export const errkind = () => err;
