// Copyright 2026 the pctest authors. BSD-3-Clause (LICENSE).
//
// Runs a urltestdata.json file against one URL parser, checking each entry
// as web-platform-tests' url/url-constructor.any.js and url/url-origin.any.js
// do (comment strings skipped; href, protocol, username, password, host,
// hostname, port, pathname, search, searchParams when given, hash, and origin
// when given; a "failure" entry must throw a TypeError), but reporting every
// field that differs, not the first. Prints one JSON object:
//   {"parser": NAME, "version": V, "entries": N, "failures": [
//     {"comment": C, "input": I, "base": B, "error": E, "mismatches": [{"field", "got", "want"}]}]}
// where comment is the string before the entry (null if none).
//
//   node run.js FILE node|whatwg-url
"use strict";
const fs = require("node:fs");

const [file, parser] = process.argv.slice(2);
let URLClass, version;
if (parser === "node") {
  URLClass = URL;
  version = process.version;
} else if (parser === "whatwg-url") {
  URLClass = require("whatwg-url").URL;
  version = require("whatwg-url/package.json").version;
} else {
  process.stderr.write("usage: node run.js FILE node|whatwg-url\n");
  process.exit(2);
}

const fields = ["href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"];
const data = JSON.parse(fs.readFileSync(file, "utf8"));
if (!Array.isArray(data)) {
  process.stderr.write(`${file}: not a JSON array\n`);
  process.exit(1);
}
let comment = null;
let entries = 0;
const failures = [];
for (const e of data) {
  if (typeof e === "string") {
    comment = e;
    continue;
  }
  entries++;
  const f = { comment, input: e.input, base: e.base, error: null, mismatches: [] };
  comment = null;
  let url = null;
  try {
    url = e.base !== null && e.base !== undefined ? new URLClass(e.input, e.base) : new URLClass(e.input);
  } catch (err) {
    if (!e.failure || !(err instanceof TypeError)) {
      f.error = String(err);
    }
  }
  if (url !== null) {
    if (e.failure) {
      f.error = "parsed as " + url.href + ", want a TypeError";
    } else {
      for (const k of fields) {
        if (url[k] !== e[k]) f.mismatches.push({ field: k, got: url[k], want: e[k] });
      }
      if ("searchParams" in e && url.searchParams.toString() !== e.searchParams) {
        f.mismatches.push({ field: "searchParams", got: url.searchParams.toString(), want: e.searchParams });
      }
      if ("origin" in e && url.origin !== e.origin) {
        f.mismatches.push({ field: "origin", got: url.origin, want: e.origin });
      }
    }
  }
  if (f.error !== null || f.mismatches.length > 0) failures.push(f);
}
process.stdout.write(JSON.stringify({ parser, version, entries, failures }) + "\n");
