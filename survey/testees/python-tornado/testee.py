#!/usr/bin/python3
"""A pctest testee (protocol version 1, see testee/PROTOCOL.md) for
tornado.escape's URL functions (Debian python3-tornado, /usr/bin/python3).
The first argument picks the function set, so that no two functions answer
the same op in one run:

  (none)  formEncode            url_escape(text)                  plus=True, the default
          formDecode            url_unescape(text)                plus=True, encoding='utf-8'
  path    percentDecodeLenient  url_unescape(text, encoding=None, plus=False)

url_escape(value, plus=False) is not mapped: its docs make it an encoder
for "the path component of a URL", which keeps '/', and claim no op's set.
Every other op is answered "unsupported". README.md beside this file says
why each function maps to its op; mapping.json says the same for machines.

    pctest run -- /usr/bin/python3 survey/testees/python-tornado/testee.py [path]

A function that raises answers the exception's class name as the error kind.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python-common"))
from protocol import serve  # noqa: E402

from tornado.escape import url_escape, url_unescape

FUNCTION_SETS = {
    "": {
        "formEncode": lambda s, a: {"out": url_escape(s)},
        "formDecode": lambda s, a: {"out": url_unescape(s)},
    },
    "path": {
        "percentDecodeLenient": lambda s, a: {"out_hex": url_unescape(s, encoding=None, plus=False).hex()},
    },
}


if __name__ == "__main__":
    serve(FUNCTION_SETS)
