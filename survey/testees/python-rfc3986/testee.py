#!/usr/bin/python3
"""A pctest testee (protocol version 1, see testee/PROTOCOL.md) for the
rfc3986 package (Debian python3-rfc3986, /usr/bin/python3). The first
argument picks the function set, so that no two functions answer the same
op in one run:

  (none)  normalize   uri_reference(text).normalize().unsplit()
          equivalent  uri_reference(text).normalized_equality(uri_reference(other))
  iri     iriToURI    iri_reference(text).encode().unsplit()

Every other op is answered "unsupported". README.md beside this file says
why each function maps to its op; mapping.json says the same for machines.

    pctest run -- /usr/bin/python3 survey/testees/python-rfc3986/testee.py [iri]

A function that raises answers the exception's class name as the error
kind, but for the InvalidAuthority that IRIReference.encode raises for an
idna.IDNAError (rfc3986/iri.py), which is the op's error kind IDNAError.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python-common"))
from protocol import serve  # noqa: E402

import idna
import rfc3986
from rfc3986 import exceptions


def iri_to_uri(s):
    try:
        return {"out": rfc3986.iri_reference(s).encode().unsplit()}
    except exceptions.InvalidAuthority as e:
        if isinstance(e.__context__, idna.IDNAError):
            return {"error": "IDNAError", "message": str(e.__context__)}
        raise


FUNCTION_SETS = {
    "": {
        "normalize": lambda s, a: {"out": rfc3986.uri_reference(s).normalize().unsplit()},
        "equivalent": lambda s, a: {"out": "true" if rfc3986.uri_reference(s).normalized_equality(rfc3986.uri_reference(a["other"])) else "false"},
    },
    "iri": {
        "iriToURI": lambda s, a: iri_to_uri(s),
    },
}


if __name__ == "__main__":
    serve(FUNCTION_SETS)
