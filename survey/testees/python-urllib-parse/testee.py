#!/usr/bin/env python3
"""A pctest testee (protocol version 1, see testee/PROTOCOL.md) for all
of Python's urllib.parse quoting functions. The first argument picks the
function set, so that no two functions answer the same op in one run:

  (none)   percentEncode         quote(octets, safe='')
           formEncode            quote_plus(text)
           formDecode            unquote_plus(text)
           percentDecodeLenient  unquote_to_bytes(text)
  unquote  percentDecodeLenient  unquote(text), its result as UTF-8

Every other op is answered "unsupported". README.md beside this file says
why each function maps to its op; mapping.json says the same for machines.

    pctest run -- python3 survey/testees/python-urllib-parse/testee.py [unquote]

A function that raises answers the exception's class name as the error kind
(UnicodeEncodeError for a lone surrogate, which has no UTF-8 form).
"""

import json
import os
import sys
from urllib.parse import quote, quote_plus, unquote, unquote_plus, unquote_to_bytes

FUNCTION_SETS = {
    "": {
        "percentEncode": lambda b: {"out": quote(b, safe="")},
        "formEncode": lambda s: {"out": quote_plus(s)},
        "formDecode": lambda s: {"out": unquote_plus(s)},
        "percentDecodeLenient": lambda s: {"out_hex": unquote_to_bytes(s).hex()},
    },
    "unquote": {
        # unquote returns text; its UTF-8 (a lone surrogate it passed
        # through kept as the three octets of its code point) is the octets.
        "percentDecodeLenient": lambda s: {
            "out_hex": unquote(s).encode("utf-8", "surrogatepass").hex()
        },
    },
}


def from_utf16_hex(h):
    return bytes.fromhex(h).decode("utf-16-be", "surrogatepass")


def answer(ops, line):
    try:
        req = json.loads(line)
    except ValueError as e:
        sys.stderr.write("testee: bad request line: %s\n" % e)
        return None
    rid = req.get("id")
    fn = ops.get(req.get("op"))
    if "in_hex" in req:
        arg = bytes.fromhex(req["in_hex"])
    elif "in_utf16" in req:
        arg = from_utf16_hex(req["in_utf16"])
    else:
        arg = req.get("in")
    if fn is None or arg is None:
        return {"id": rid, "unsupported": True}
    try:
        resp = fn(arg)
    except Exception as e:  # the function's own exception is its answer
        return {"id": rid, "error": type(e).__name__, "message": str(e)}
    resp["id"] = rid
    return resp


def main():
    variant = sys.argv[1] if len(sys.argv) > 1 else ""
    ops = FUNCTION_SETS.get(variant)
    if ops is None:
        sys.stderr.write("testee: unknown function set %r; want one of %s\n" % (variant, sorted(FUNCTION_SETS)))
        sys.exit(2)
    stdin = sys.stdin.fileno()
    out = sys.stdout.buffer
    pending = b""
    while True:
        chunk = os.read(stdin, 1 << 16)
        if not chunk:
            return
        lines = (pending + chunk).split(b"\n")
        pending = lines.pop()
        answers = []
        for line in lines:
            if line.strip():
                a = answer(ops, line)
                if a is not None:
                    answers.append(json.dumps(a))
        if answers:
            out.write(("\n".join(answers) + "\n").encode("ascii"))
            out.flush()


if __name__ == "__main__":
    try:
        main()
    except (BrokenPipeError, KeyboardInterrupt):
        pass
