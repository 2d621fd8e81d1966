#!/usr/bin/env python3
"""A pctest testee (protocol version 1, see testee/PROTOCOL.md) for all
of Python's urllib.parse quoting functions. The first argument picks the
function set, so that no two functions answer the same op in one run:

  (none)   percentEncode         quote(octets, safe='')
           formEncode            quote_plus(text)
           formDecode            unquote_plus(text)
           percentDecodeLenient  unquote_to_bytes(text)
  unquote  percentDecodeLenient  unquote(text), its result as UTF-8

Every other op is answered "unsupported". README.md beside this file says
why each function maps to its op; mapping.json says the same for machines.

    pctest run -- python3 survey/testees/python-urllib-parse/testee.py [unquote]

A function that raises answers the exception's class name as the error kind
(UnicodeEncodeError for a lone surrogate, which has no UTF-8 form).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python-common"))
from protocol import serve  # noqa: E402

from urllib.parse import quote, quote_plus, unquote, unquote_plus, unquote_to_bytes

FUNCTION_SETS = {
    "": {
        "percentEncode": lambda b, a: {"out": quote(b, safe="")},
        "formEncode": lambda s, a: {"out": quote_plus(s)},
        "formDecode": lambda s, a: {"out": unquote_plus(s)},
        "percentDecodeLenient": lambda s, a: {"out_hex": unquote_to_bytes(s).hex()},
    },
    "unquote": {
        # unquote returns text; its UTF-8 (a lone surrogate it passed
        # through kept as the three octets of its code point) is the octets.
        "percentDecodeLenient": lambda s, a: {
            "out_hex": unquote(s).encode("utf-8", "surrogatepass").hex()
        },
    },
}


if __name__ == "__main__":
    serve(FUNCTION_SETS)
