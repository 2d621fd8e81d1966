#!/usr/bin/env python3
"""A pctest testee (protocol version 1, see testee/PROTOCOL.md) for all
of Python's urllib.parse quoting functions. The first argument picks the
function set, so that no two functions answer the same op in one run:

  (none)   percentEncode         quote(octets, safe='')
           formEncode            quote_plus(text)
           formDecode            unquote_plus(text)
           percentDecodeLenient  unquote_to_bytes(text)
  unquote  percentDecodeLenient  unquote(text), its result as UTF-8
  encoding queryEncode           quote(text, safe=<the special-query set's
                                 complement>, encoding=E, errors='xmlcharrefreplace')
           formEncodeLegacy      quote_plus(text, encoding=E, errors='xmlcharrefreplace')

E is the Python codec of the WHATWG encoding that args.encoding names
(CODECS below; README.md says how a label is read).

Every other op is answered "unsupported". README.md beside this file says
why each function maps to its op; mapping.json says the same for machines.

    pctest run -- python3 survey/testees/python-urllib-parse/testee.py [unquote|encoding]

A function that raises answers the exception's class name as the error kind
(UnicodeEncodeError for a lone surrogate, which has no UTF-8 form).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python-common"))
from protocol import Unsupported, serve  # noqa: E402

from urllib.parse import quote, quote_plus, unquote, unquote_plus, unquote_to_bytes

# The Python codec for each WHATWG encoding (Encoding §4.2, by its name)
# that has one: the codec the Python docs' "Standard Encodings" table lists
# for that character set. replacement, UTF-16BE and UTF-16LE are UTF-8
# here: URL §1.3 encodes with the "output encoding" (Encoding §4.3), which
# is UTF-8 for them. x-user-defined has no Python codec.
CODECS = {
    "utf-8": "utf_8", "ibm866": "cp866", "iso-8859-2": "iso8859_2",
    "iso-8859-3": "iso8859_3", "iso-8859-4": "iso8859_4", "iso-8859-5": "iso8859_5",
    "iso-8859-6": "iso8859_6", "iso-8859-7": "iso8859_7", "iso-8859-8": "iso8859_8",
    "iso-8859-8-i": "iso8859_8", "iso-8859-10": "iso8859_10", "iso-8859-13": "iso8859_13",
    "iso-8859-14": "iso8859_14", "iso-8859-15": "iso8859_15", "iso-8859-16": "iso8859_16",
    "koi8-r": "koi8_r", "koi8-u": "koi8_u", "macintosh": "mac_roman",
    "windows-874": "cp874", "windows-1250": "cp1250", "windows-1251": "cp1251",
    "windows-1252": "cp1252", "windows-1253": "cp1253", "windows-1254": "cp1254",
    "windows-1255": "cp1255", "windows-1256": "cp1256", "windows-1257": "cp1257",
    "windows-1258": "cp1258", "x-mac-cyrillic": "mac_cyrillic", "gbk": "gbk",
    "gb18030": "gb18030", "big5": "big5", "euc-jp": "euc_jp",
    "iso-2022-jp": "iso2022_jp", "shift_jis": "shift_jis", "euc-kr": "euc_kr",
    "replacement": "utf_8", "utf-16be": "utf_8", "utf-16le": "utf_8",
}

# The octets of printable ASCII outside the special-query percent-encode
# set (WHATWG URL §1.3: C0 controls, space, " # < > ' and above ~): quote
# keeps them as they are.
SPECIAL_QUERY_SAFE = "".join(chr(c) for c in range(0x21, 0x7F) if chr(c) not in "\"#<>'")


def codec(args):
    """The Python codec for args.encoding, read as Encoding §4.2 reads a
    label (ASCII whitespace stripped, ASCII lowercase) but only as an
    encoding's own name: the Python codec's aliases are not WHATWG's
    labels, so any other label is unsupported."""
    name = args.get("encoding", "").strip("\t\n\f\r ").lower()
    if name not in CODECS:
        raise Unsupported("no Python codec for the WHATWG encoding name %r" % args.get("encoding"))
    return CODECS[name]


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
    "encoding": {
        "queryEncode": lambda s, a: {
            "out": quote(s, safe=SPECIAL_QUERY_SAFE, encoding=codec(a), errors="xmlcharrefreplace")
        },
        "formEncodeLegacy": lambda s, a: {
            "out": quote_plus(s, safe="", encoding=codec(a), errors="xmlcharrefreplace")
        },
    },
}


if __name__ == "__main__":
    serve(FUNCTION_SETS)
