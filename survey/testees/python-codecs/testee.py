#!/usr/bin/env python3
"""A pctest testee (protocol version 1, see testee/PROTOCOL.md) for
Python's UTF-8 codec with the "replace" error handler:

  utf8DecodeReplace  octets.decode("utf-8", errors="replace")

Every other op is answered "unsupported". README.md beside this file says
why the function maps to its op; mapping.json says the same for machines.

    pctest run -- python3 survey/testees/python-codecs/testee.py
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python-common"))
from protocol import serve  # noqa: E402

FUNCTION_SETS = {
    "": {
        "utf8DecodeReplace": lambda b, a: {"out": b.decode("utf-8", errors="replace")},
    },
}


if __name__ == "__main__":
    serve(FUNCTION_SETS)
