#!/usr/bin/python3
"""A pctest testee (protocol version 1, see testee/PROTOCOL.md) for
w3lib.url (Debian python3-w3lib, /usr/bin/python3). The first argument picks
the function set, so that no two functions answer the same op in one run:

  (none)        encodeNoDouble  safe_url_string(text)

canonicalize_url is not mapped: it is a crawler's de-duplication key for
absolute URLs (it sorts the query, drops the fragment, decodes reserved
escapes on purpose), not RFC 3986 normalization. Every other op is answered "unsupported". README.md beside this file says
why each function maps to its op; mapping.json says the same for machines.

    pctest run -- /usr/bin/python3 survey/testees/python-w3lib/testee.py

A function that raises answers the exception's class name as the error kind.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python-common"))
from protocol import serve  # noqa: E402

from w3lib.url import safe_url_string

FUNCTION_SETS = {
    "": {"encodeNoDouble": lambda s, a: {"out": safe_url_string(s)}},
}


if __name__ == "__main__":
    serve(FUNCTION_SETS)
