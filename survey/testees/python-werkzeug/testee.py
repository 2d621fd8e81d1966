#!/usr/bin/python3
"""A pctest testee (protocol version 1, see testee/PROTOCOL.md) for
werkzeug.urls (Debian python3-werkzeug, /usr/bin/python3). The first
argument picks the function set, so that no two functions answer the same
op in one run:

  (none)  percentEncode         url_quote(octets, safe='')
          formEncode            url_quote_plus(text)
          formDecode            url_unquote_plus(text)
          percentDecodeLenient  url_unquote(text, charset=None)
  iri     iriToURI              iri_to_uri(text)
          uriToIRI              uri_to_iri(text)

Every other op is answered "unsupported". README.md beside this file says
why each function maps to its op; mapping.json says the same for machines.

    pctest run -- /usr/bin/python3 survey/testees/python-werkzeug/testee.py [iri]

A function that raises answers the exception's class name as the error kind.
"""

import json
import os
import sys

from werkzeug.urls import iri_to_uri, uri_to_iri, url_quote, url_quote_plus, url_unquote, url_unquote_plus

FUNCTION_SETS = {
    "": {
        "percentEncode": lambda b, a: {"out": url_quote(b, safe="")},
        "formEncode": lambda s, a: {"out": url_quote_plus(s)},
        "formDecode": lambda s, a: {"out": url_unquote_plus(s)},
        "percentDecodeLenient": lambda s, a: {"out_hex": url_unquote(s, charset=None).hex()},
    },
    "iri": {
        "iriToURI": lambda s, a: {"out": iri_to_uri(s)},
        "uriToIRI": lambda s, a: {"out": uri_to_iri(s)},
    },
}


class Unsupported(Exception):
    """The request's input is not something this function takes."""


def text_of(octets):
    """The text of octets, for a function that takes str: octets that are
    not UTF-8 are no str, and the request is answered unsupported."""
    try:
        return octets.decode("utf-8")
    except UnicodeDecodeError:
        raise Unsupported("octets are not UTF-8")


def utf8_hex(s):
    """The octets of a decoder's text result, as hex: its UTF-8, a lone
    surrogate kept as the three octets of its code point."""
    return s.encode("utf-8", "surrogatepass").hex()


def answer(ops, line):
    try:
        req = json.loads(line)
    except ValueError as e:
        sys.stderr.write("testee: bad request line: %s\n" % e)
        return None
    rid = req.get("id")
    fn = ops.get(req.get("op"))
    if "in_hex" in req:
        arg = bytes.fromhex(req["in_hex"])
    elif "in_utf16" in req:
        arg = bytes.fromhex(req["in_utf16"]).decode("utf-16-be", "surrogatepass")
    else:
        arg = req.get("in")
    if fn is None or arg is None:
        return {"id": rid, "unsupported": True}
    try:
        resp = fn(arg, req.get("args") or {})
    except Unsupported as e:
        return {"id": rid, "unsupported": True, "message": str(e)}
    except Exception as e:  # the function's own exception is its answer
        return {"id": rid, "error": type(e).__name__, "message": str(e)}
    resp["id"] = rid
    return resp


def main():
    variant = sys.argv[1] if len(sys.argv) > 1 else ""
    ops = FUNCTION_SETS.get(variant)
    if ops is None:
        sys.stderr.write("testee: unknown function set %r; want one of %s\n" % (variant, sorted(FUNCTION_SETS)))
        sys.exit(2)
    stdin = sys.stdin.fileno()
    out = sys.stdout.buffer
    pending = b""
    while True:
        chunk = os.read(stdin, 1 << 16)
        if not chunk:
            return
        lines = (pending + chunk).split(b"\n")
        pending = lines.pop()
        answers = []
        for line in lines:
            if line.strip():
                a = answer(ops, line)
                if a is not None:
                    answers.append(json.dumps(a))
        if answers:
            out.write(("\n".join(answers) + "\n").encode("ascii"))
            out.flush()


if __name__ == "__main__":
    try:
        main()
    except (BrokenPipeError, KeyboardInterrupt):
        pass
