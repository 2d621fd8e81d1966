#!/usr/bin/python3
"""A pctest testee (protocol version 1, see testee/PROTOCOL.md) for the URI
quoting helpers of requests.utils (Debian python3-requests,
/usr/bin/python3):

  encodeNoDouble  requote_uri(text)
  normalize       unquote_unreserved(text)

Every other op is answered "unsupported". README.md beside this file says
why each function maps to its op; mapping.json says the same for machines.

    pctest run -- /usr/bin/python3 survey/testees/python-requests/testee.py

A function that raises answers the exception's class name as the error kind
(InvalidURL from unquote_unreserved).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python-common"))
from protocol import serve  # noqa: E402

from requests.utils import requote_uri, unquote_unreserved

FUNCTION_SETS = {
    "": {
        "encodeNoDouble": lambda s, a: {"out": requote_uri(s)},
        "normalize": lambda s, a: {"out": unquote_unreserved(s)},
    },
}


if __name__ == "__main__":
    serve(FUNCTION_SETS)
