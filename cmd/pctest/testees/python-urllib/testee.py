#!/usr/bin/env python3
"""A pctest testee (protocol version 1, see testee/PROTOCOL.md) for
Python's urllib.parse:

  percentEncode  quote(octets, safe='')       RFC 3986 §2.1, §2.3
  percentDecode  unquote_to_bytes(text)       RFC 3986 §2.1 (strict in pctest)

Every other op is answered "unsupported".

    pctest run -expect-fail cmd/pctest/testees/python-urllib/expected-failures.txt \\
        -- python3 cmd/pctest/testees/python-urllib/testee.py

unquote_to_bytes is lenient: a '%' not followed by two hex digits stays as it
is, where pctest's percentDecode must fail with MalformedEscape. Those
failures are listed in expected-failures.txt beside this file.

Requests arrive on stdin, one JSON object per line; answers go to stdout in
the same order. The runner pipelines requests, so the testee answers every
complete line of what it has read, then writes and flushes the answers, never
waiting for more input first.
"""

import json
import os
import sys
from urllib.parse import quote, unquote_to_bytes


def from_utf16_hex(h):
    units = bytes.fromhex(h)
    return units.decode("utf-16-be", "surrogatepass")


def answer(line):
    try:
        req = json.loads(line)
    except ValueError as e:
        sys.stderr.write("testee: bad request line: %s\n" % e)
        return None
    rid = req.get("id")
    op = req.get("op")
    try:
        if op == "percentEncode":
            octets = bytes.fromhex(req["in_hex"])
            return {"id": rid, "out": quote(octets, safe="")}
        if op == "percentDecode":
            text = req["in"] if "in" in req else from_utf16_hex(req["in_utf16"])
            return {"id": rid, "out_hex": unquote_to_bytes(text).hex()}
    except UnicodeEncodeError as e:
        # A lone surrogate has no UTF-8 form: urllib cannot take it.
        return {"id": rid, "error": "UnicodeEncodeError", "message": str(e)}
    return {"id": rid, "unsupported": True}


def main():
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
                a = answer(line)
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
