#!/usr/bin/python3
"""A pctest testee (protocol version 1, see testee/PROTOCOL.md) for
boltons.urlutils (Debian python3-boltons, /usr/bin/python3). The first
argument picks the function set, so that no two functions answer the same
op in one run:

  (none)    percentEncodeSet      quote_path_part(text)      set rfc3986.pchar
            percentDecodeLenient  unquote_to_bytes(text)
  fragment  percentEncodeSet      quote_fragment_part(text)  set rfc3986.fragment

Every other op and set is answered "unsupported"; so are octets that are not
UTF-8 (the quote functions take text). README.md beside this file says why
each function maps to its op; mapping.json says the same for machines.

    pctest run -- /usr/bin/python3 survey/testees/python-boltons/testee.py [fragment]

A function that raises answers the exception's class name as the error kind.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python-common"))
from protocol import serve, text_of, Unsupported  # noqa: E402

from boltons.urlutils import quote_fragment_part, quote_path_part, unquote_to_bytes


def encode(fn, set_name):
    def op(octets, args):
        if args.get("set") != set_name:
            raise Unsupported("set %s is not %s's" % (args.get("set"), fn.__name__))
        return {"out": fn(text_of(octets))}
    return op


FUNCTION_SETS = {
    "": {
        "percentEncodeSet": encode(quote_path_part, "rfc3986.pchar"),
        "percentDecodeLenient": lambda s, a: {"out_hex": unquote_to_bytes(s).hex()},
    },
    "fragment": {"percentEncodeSet": encode(quote_fragment_part, "rfc3986.fragment")},
}


if __name__ == "__main__":
    serve(FUNCTION_SETS)
