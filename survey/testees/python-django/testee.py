#!/usr/bin/python3
"""A pctest testee (protocol version 1, see testee/PROTOCOL.md) for
Django's IRI functions in django.utils.encoding (Debian python3-django,
/usr/bin/python3):

  iriToURI  iri_to_uri(text)
  uriToIRI  uri_to_iri(text)

Every other op is answered "unsupported". README.md beside this file says
why each function maps to its op; mapping.json says the same for machines.

    pctest run -- /usr/bin/python3 survey/testees/python-django/testee.py

A function that raises answers the exception's class name as the error kind.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python-common"))
from protocol import serve  # noqa: E402

from django.utils.encoding import iri_to_uri, uri_to_iri

FUNCTION_SETS = {
    "": {
        "iriToURI": lambda s, a: {"out": iri_to_uri(s)},
        "uriToIRI": lambda s, a: {"out": uri_to_iri(s)},
    },
}


if __name__ == "__main__":
    serve(FUNCTION_SETS)
