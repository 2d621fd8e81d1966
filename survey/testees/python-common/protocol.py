"""The pctest protocol (version 1, see testee/PROTOCOL.md) for the survey's
Python testees: each testee's own file holds only its library mapping and
calls serve(FUNCTION_SETS). README.md beside this file says how."""

import json
import os
import sys


class Unsupported(Exception):
    """The request's input is not something this function takes."""


def text_of(octets):
    """The text of octets, for a function that takes str: octets that are
    not UTF-8 are no str, and the request is answered unsupported."""
    try:
        return octets.decode("utf-8")
    except UnicodeDecodeError:
        raise Unsupported("octets are not UTF-8")


def utf8_hex(s):
    """The octets of a decoder's text result, as hex: its UTF-8, a lone
    surrogate kept as the three octets of its code point."""
    return s.encode("utf-8", "surrogatepass").hex()


def answer(ops, line):
    """The answer (a dict) to one request line, or None for a line that is
    no JSON. ops maps op names to functions fn(input, args) returning the
    answer's fields; the input is bytes for in_hex and str otherwise."""
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
        arg = bytes.fromhex(req["in_utf16"]).decode("utf-16-be", "surrogatepass")
    else:
        arg = req.get("in")
    if fn is None or arg is None:
        return {"id": rid, "unsupported": True}
    try:
        resp = fn(arg, req.get("args") or {})
    except Unsupported as e:
        return {"id": rid, "unsupported": True, "message": str(e)}
    except Exception as e:  # the function's own exception is its answer
        return {"id": rid, "error": type(e).__name__, "message": str(e)}
    resp["id"] = rid
    return resp


def _loop(ops):
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
        # Answer every complete line read before blocking for more.
        if answers:
            out.write(("\n".join(answers) + "\n").encode("ascii"))
            out.flush()


def serve(function_sets):
    """Serve the function set that the first argument names ("" when there
    is none) until stdin ends."""
    variant = sys.argv[1] if len(sys.argv) > 1 else ""
    ops = function_sets.get(variant)
    if ops is None:
        sys.stderr.write("testee: unknown function set %r; want one of %s\n" % (variant, sorted(function_sets)))
        sys.exit(2)
    try:
        _loop(ops)
    except (BrokenPipeError, KeyboardInterrupt):
        pass
