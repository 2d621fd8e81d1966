#!/usr/bin/python3
"""A pctest testee (protocol version 1, see testee/PROTOCOL.md) for yarl's
encoding of URL parts (Debian python3-yarl, /usr/bin/python3). The first
argument picks the function set, so that no two functions answer the same
op in one run:

  (none)    percentEncodeSet  URL.build(path=text).raw_path          set rfc3986.path
  fragment  percentEncodeSet  URL.build(fragment=text).raw_fragment  set rfc3986.fragment
  requote   encodeNoDouble    str(URL(text))

Every other op and set is answered "unsupported"; so are octets that are not
UTF-8 (URL.build and URL take str). README.md beside this file says why each
function maps to its op; mapping.json says the same for machines.

    pctest run -- /usr/bin/python3 survey/testees/python-yarl/testee.py [fragment|requote]

A function that raises answers the exception's class name as the error kind.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python-common"))
from protocol import serve, text_of, Unsupported  # noqa: E402

from yarl import URL


def encode(part, set_name):
    def fn(octets, args):
        if args.get("set") != set_name:
            raise Unsupported("set %s is not yarl's %s" % (args.get("set"), part))
        url = URL.build(**{part: text_of(octets)})
        return {"out": url.raw_path if part == "path" else url.raw_fragment}
    return fn


FUNCTION_SETS = {
    "": {"percentEncodeSet": encode("path", "rfc3986.path")},
    "fragment": {"percentEncodeSet": encode("fragment", "rfc3986.fragment")},
    "requote": {"encodeNoDouble": lambda s, args: {"out": str(URL(s if isinstance(s, str) else text_of(s)))}},
}


if __name__ == "__main__":
    serve(FUNCTION_SETS)
