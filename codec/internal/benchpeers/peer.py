"""The python3 peer of `make bench-peers` (codec/internal/benchpeers):
urllib.parse's quote, quote_plus, unquote and unquote_plus (stdlib only).

    python3 peer.py TARGET_NS [OP INPUT_FILE ITERATIONS OUTPUT_FILE]...

Each case reads INPUT_FILE (as octets, or as UTF-8 text), runs the op's
function ITERATIONS times (0: as many as take about TARGET_NS), writes the
last result to OUTPUT_FILE unless it is "-", and the report goes to stdout
as one JSON object (peer.schema.json).

The octet decoders decode with encoding='latin-1', which maps each decoded
octet to one code point, so that random octets come back whole.
"""
import json
import sys
import time
from functools import partial
from urllib.parse import quote, quote_plus, unquote, unquote_plus


def _octets(b):
    return b


def _text(b):
    return b.decode("utf-8")


def _latin1(s):
    return s.encode("latin-1")


def _utf8(s):
    return s.encode("utf-8")


# Each op: its function's name, how the input is read, the call, and its
# result as bytes.
OPS = {
    "percent-encode": ("quote(b, safe='')", _octets, partial(quote, safe=""), _utf8),
    "form-encode": ("quote_plus(b, safe='')", _octets, partial(quote_plus, safe=""), _utf8),
    "encodeURIComponent": ("quote(s, safe=\"!'()*\")", _text, partial(quote, safe="!'()*"), _utf8),
    "encodeURI": ("quote(s, safe=\";/?:@&=+$,!'()*#\")", _text, partial(quote, safe=";/?:@&=+$,!'()*#"), _utf8),
    "percent-decode": ("unquote(s, encoding='latin-1')", _text, partial(unquote, encoding="latin-1"), _latin1),
    "form-decode": ("unquote_plus(s, encoding='latin-1')", _text, partial(unquote_plus, encoding="latin-1"), _latin1),
    "decodeURIComponent": ("unquote(s)", _text, unquote, _utf8),
    "form-decode-whatwg": ("unquote_plus(s)", _text, unquote_plus, _utf8),
}


def time_n(call, s, n):
    """Runs call n times: the wall time and the process's CPU time in ns,
    and the last result."""
    r = None
    cpu0, start = time.process_time_ns(), time.perf_counter_ns()
    for _ in range(n):
        r = call(s)
    return time.perf_counter_ns() - start, time.process_time_ns() - cpu0, r


def measure(call, s, n, target):
    """Runs call n times (n = 0: doubling until a run takes a tenth of
    target on the wall clock, then scaled to target); returns n, the wall
    and CPU ns per call, and the result."""
    if n == 0:
        n = 1
        while True:
            d, _, _ = time_n(call, s, n)
            if d >= target / 10:
                n = max(1, int(n * target / max(d, 1)))
                break
            n *= 2
    d, cpu, r = time_n(call, s, n)
    return n, d / n, cpu / n, r


def main(args):
    target = int(args[0])
    report = {
        "peer": "python3",
        "version": sys.version.split()[0],
        "functions": [{"op": op, "function": f[0]} for op, f in OPS.items()],
        "results": [],
    }
    for i in range(1, len(args) - 3, 4):
        op, path, iterations, output = args[i : i + 4]
        _, read, call, out = OPS[op]
        with open(path, "rb") as f:
            s = read(f.read())
        n, ns, cpu_ns, r = measure(call, s, int(iterations), target)
        if output != "-":
            with open(output, "wb") as f:
                f.write(out(r))
        report["results"].append({"op": op, "input": path, "iterations": n, "ns_per_op": ns, "cpu_ns_per_op": cpu_ns})
    json.dump(report, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main(sys.argv[1:])
