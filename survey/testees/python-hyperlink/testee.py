#!/usr/bin/python3
"""A pctest testee (protocol version 1, see testee/PROTOCOL.md) for
hyperlink (Debian python3-hyperlink, /usr/bin/python3). The first argument
picks the function set, so that no two functions answer the same op in one
run:

  (none)  normalize  URL.from_text(text).normalize().to_text(with_password=True)
  iri     iriToURI   URL.from_text(text).to_uri().to_text(with_password=True)
          uriToIRI   URL.from_text(text).to_iri().to_text(with_password=True)

Every other op is answered "unsupported". README.md beside this file says
why each function maps to its op; mapping.json says the same for machines.

    pctest run -- /usr/bin/python3 survey/testees/python-hyperlink/testee.py [iri]

A function that raises answers the exception's class name as the error kind,
but idna.IDNAError, which is the op's error kind IDNAError.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python-common"))
from protocol import serve  # noqa: E402

import idna
from hyperlink import URL


def idna_errors(fn):
    def op(s, a):
        try:
            return {"out": fn(s)}
        except idna.IDNAError as e:
            return {"error": "IDNAError", "message": str(e)}
    return op


FUNCTION_SETS = {
    "": {"normalize": lambda s, a: {"out": URL.from_text(s).normalize().to_text(with_password=True)}},
    "iri": {
        "iriToURI": idna_errors(lambda s: URL.from_text(s).to_uri().to_text(with_password=True)),
        "uriToIRI": idna_errors(lambda s: URL.from_text(s).to_iri().to_text(with_password=True)),
    },
}


if __name__ == "__main__":
    serve(FUNCTION_SETS)
