#!/usr/bin/python3
"""A pctest testee (protocol version 1, see testee/PROTOCOL.md) for furl
(Debian python3-furl, /usr/bin/python3):

  percentEncodeSet  str(Path with segments [text])       set rfc3986.pchar
  formEncode        Query with the pair ('k', text), .encode(), without 'k='
  formDecode        Query('k=' + text).params['k']

and with the argument dont_quote (its own row, since it answers
percentEncodeSet too):

  percentEncodeSet  Query with the pair ('k', text),      set rfc3986.query
                    .encode(quote_plus=False, dont_quote=True), without 'k='

Every other op and set is answered "unsupported"; so are octets that are not
UTF-8 (furl takes text), and formDecode input with '&', which is no single
value. README.md beside this file says why each function maps to its op;
mapping.json says the same for machines.

    pctest run -- /usr/bin/python3 survey/testees/python-furl/testee.py [dont_quote]

A function that raises answers the exception's class name as the error kind.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python-common"))
from protocol import serve, text_of, Unsupported  # noqa: E402

import furl


def encode_segment(octets, args):
    if args.get("set") != "rfc3986.pchar":
        raise Unsupported("set %s is not a path segment's" % args.get("set"))
    p = furl.Path()
    p.segments = [text_of(octets)]
    return {"out": str(p)}


def form_encode(s, args):
    q = furl.Query()
    q.params["k"] = s
    return {"out": q.encode()[len("k="):]}


def form_decode(s, args):
    if "&" in s:
        raise Unsupported("'&' separates pairs")
    return {"out": furl.Query("k=" + s).params["k"]}


def encode_query_dont_quote(octets, args):
    if args.get("set") != "rfc3986.query":
        raise Unsupported("set %s is not a query's" % args.get("set"))
    q = furl.Query()
    q.params["k"] = text_of(octets)
    return {"out": q.encode(quote_plus=False, dont_quote=True)[len("k="):]}


FUNCTION_SETS = {
    "": {
        "percentEncodeSet": encode_segment,
        "formEncode": form_encode,
        "formDecode": form_decode,
    },
    "dont_quote": {"percentEncodeSet": encode_query_dont_quote},
}


if __name__ == "__main__":
    serve(FUNCTION_SETS)
