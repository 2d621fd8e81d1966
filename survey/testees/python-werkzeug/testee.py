#!/usr/bin/python3
"""A pctest testee (protocol version 1, see testee/PROTOCOL.md) for
werkzeug.urls (Debian python3-werkzeug, /usr/bin/python3). The first
argument picks the function set, so that no two functions answer the same
op in one run:

  (none)  percentEncode         url_quote(octets, safe='')
          formEncode            url_quote_plus(text)
          formDecode            url_unquote_plus(text)
          percentDecodeLenient  url_unquote(text, charset=None)
  iri     iriToURI              iri_to_uri(text)
          uriToIRI              uri_to_iri(text)

Every other op is answered "unsupported". README.md beside this file says
why each function maps to its op; mapping.json says the same for machines.

    pctest run -- /usr/bin/python3 survey/testees/python-werkzeug/testee.py [iri]

A function that raises answers the exception's class name as the error kind.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python-common"))
from protocol import serve  # noqa: E402

from werkzeug.urls import iri_to_uri, uri_to_iri, url_quote, url_quote_plus, url_unquote, url_unquote_plus

FUNCTION_SETS = {
    "": {
        "percentEncode": lambda b, a: {"out": url_quote(b, safe="")},
        "formEncode": lambda s, a: {"out": url_quote_plus(s)},
        "formDecode": lambda s, a: {"out": url_unquote_plus(s)},
        "percentDecodeLenient": lambda s, a: {"out_hex": url_unquote(s, charset=None).hex()},
    },
    "iri": {
        "iriToURI": lambda s, a: {"out": iri_to_uri(s)},
        "uriToIRI": lambda s, a: {"out": uri_to_iri(s)},
    },
}


if __name__ == "__main__":
    serve(FUNCTION_SETS)
