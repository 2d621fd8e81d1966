#!/usr/bin/env bash
# hostile-table.sh: runs the pctest command against each hostile behaviour
# of the fake testee (internal/faketestee, through package testee's test
# binary) under /usr/bin/time -v, and prints a Markdown table: exit status,
# failed vectors (by kind, and whether -j 1 and -j 256 fail the same ids),
# wall time, pctest's peak memory, and processes left behind.
#
# Run from the repository root: bash testee/testdata/hostile-table.sh
# It builds into a temporary directory and leaves nothing behind.
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/pctest" ./cmd/pctest || exit 1
go test -c -o "$tmp/fake" ./testee || exit 1
printf '#!/no/such/interpreter\necho\n' > "$tmp/missing-interp.sh"
chmod +x "$tmp/missing-interp.sh"
ops=encodeURI,encodeURIComponent,encodeNoDouble

# left: processes of fake testees (and what they started) still running,
# with pctest itself.
left() {
	# One grep over every process's environment: a grep a process takes
	# minutes on a loaded machine.
	# PCTEST_TABLE marks this script's pctest and fakes, and nothing else.
	grep -ls "PCTEST_TABLE=$$" /proc/[0-9]*/environ 2>/dev/null | wc -l
}

# summary FILE: the failed vectors of a JSON run report, by kind, and their
# sorted ids in FILE.ids.
summary() {
	python3 - "$1" <<'PY'
import json, sys, collections
try:
    rep = json.load(open(sys.argv[1]))
except Exception:
    print("-"); open(sys.argv[1] + ".ids", "w").close(); sys.exit()
ids, kinds = [], collections.Counter()
for r in rep.get("results", []):
    if r["status"] in ("fail", "xpass"):
        ids.append(r["id"])
        e = r.get("error", "")
        kinds[e.split(":")[0] if e else "wrong answer"] += 1
open(sys.argv[1] + ".ids", "w").write("\n".join(sorted(ids)))
print(", ".join(f"{n} {k}" for k, n in sorted(kinds.items())) or "none")
PY
}

# fuzzsummary FILE: the findings of a JSON fuzz report, by kind.
fuzzsummary() {
	python3 - "$1" <<'PY'
import json, sys, collections
try:
    rep = json.load(open(sys.argv[1]))
except Exception:
    print("-"); sys.exit()
def label(f):
    if f.get("unconfirmed"):
        return f["kind"] + " (unconfirmed)"
    return f["kind"] + ("" if f["shrunk"] else " (unshrunk)") + ("" if f["reproduced"] else " (flaky)")
k = collections.Counter(label(f) for f in rep["findings"])
s = rep["summary"]
extra = ""
if s.get("capped_ops"):
    extra = f'; capped at {s["max_findings"]}: ' + ",".join(s["capped_ops"])
if s.get("causes"):
    extra += f'; {len(s["causes"])} causes'
print(f'{s["cases"]} cases; findings: ' + (", ".join(f"{n} {x}" for x, n in sorted(k.items())) or "none") + extra)
PY
}

# one NAME MODE J ARGS...: a pctest command against the fake in MODE.
one() {
	local name=$1 mode=$2 j=$3; shift 3
	local out="$tmp/out.$RANDOM" err="$tmp/err.$RANDOM"
	local start end code
	start=$(date +%s.%N)
	PCTEST_TABLE=$$ PCTEST_TEST_ROLE=fake PCTEST_FAKE="$mode" GORACE=atexit_sleep_ms=0 \
		/usr/bin/time -v -o "$tmp/time" "$tmp/pctest" "$@" > "$out" 2> "$err"
	code=$?
	end=$(date +%s.%N)
	sleep 0.5
	local rss what
	rss=$(awk -F': ' '/Maximum resident set size/ {printf "%.0f MiB", $2/1024}' "$tmp/time")
	if [ "$1" = fuzz ]; then what=$(fuzzsummary "$out"); else what=$(summary "$out"); fi
	[ "$what" = "-" ] && what="($(grep -v '^run: \|^fuzz: [0-9]' "$err" | head -c 160 | tr '\n|' '  '))"
	printf '| %s | %s | %s | %s | %.1f s | %s | %s |\n' "$name" "$j" "$code" "$what" "$(echo "$end - $start" | bc)" "$rss" "$(left)"
	cp "$out.ids" "$tmp/last.ids" 2>/dev/null || : > "$tmp/last.ids"
}

# both NAME MODE ARGS...: at -j 1 and -j 256, and whether they agree. OPS,
# if set, replaces the ops run.
both() {
	local name=$1 mode=$2; shift 2
	one "$name" "$mode" 1 run -format json -op ${OPS:-$ops} -j 1 "$@" -- "$tmp/fake"
	cp "$tmp/last.ids" "$tmp/j1.ids"
	one "$name" "$mode" 256 run -format json -op ${OPS:-$ops} -j 256 "$@" -- "$tmp/fake"
	if cmp -s "$tmp/j1.ids" "$tmp/last.ids"; then same=yes; else same=NO; fi
	echo "|  | same failed ids at -j 1 and -j 256: $same | | | | | |"
}

echo "| hostile behaviour | -j | exit | failed vectors / findings | wall | peak RSS | left |"
echo "|---|---|---|---|---|---|---|"
# ROWS=22 runs only the rows of issue 22 (those after "Issue 22" below).
if [ "${ROWS:-all}" != 22 ]; then
both "well-behaved (answers as the reference)" "ref"
both "crashes on '%' (answers of its chunk lost)" "ref,noflush,crash-char=%"
both "hangs on '~'" "ref,hang-char=~" -timeout 1s
both "prints a non-JSON line instead of the answer on '~'" "ref,garbage-char=~"
both "prints a debug line before the answer on '~'" "ref,extra-char=~"
both "answers '~' with a JSON object cut short" "ref,malformed-char=~"
both "prints a 3 MiB line, then answers, on '~'" "ref,long-char=~"
both "answers '~' twice" "ref,dup-char=~"
both "answers every 7th request twice" "ref,dup-every=7"
both "closes stdout after 50 answers, keeps running" "ref,close-stdout-after=50"
both "crashes once, at its 3rd request (flaky)" "ref,noflush,crash-at=3,once=$tmp/once"
rm -f "$tmp/once"
both "starts a setsid grandchild at start and on '~'" "ref,setsid,setsid-char=~"
both "writes escapes, NUL, CR, RLO to stderr; crashes on '%'" "ref,stderr-junk,crash-char=%"
one "closes stdout at start" "close-stdout-at-start" 256 run -format json -op $ops -- "$tmp/fake"
one "exits 1 at start" "exit-at-start" 256 run -format json -op $ops -- "$tmp/fake"
one "never reads its stdin" "never-read" 256 run -format json -op $ops -timeout 500ms -- "$tmp/fake"
one "answers only at end of input" "wait-eof" 256 run -format json -op $ops -timeout 500ms -- "$tmp/fake"
one "script whose #! interpreter is missing" "ref" 256 run -format json -op $ops -- "$tmp/missing-interp.sh"
one "fuzz: hangs on '~'" "ref,hang-char=~" 16 fuzz -format json -op encodeURIComponent -time 10s -timeout 300ms -j 16 -seed 1 -- "$tmp/fake"
one "fuzz: crashes on '%'" "ref,noflush,crash-char=%" 256 fuzz -format json -cases 5000 -seed 1 -- "$tmp/fake"
one "fuzz: never reads its stdin" "never-read" 256 fuzz -format json -cases 100 -timeout 500ms -seed 1 -- "$tmp/fake"
one "fuzz: closes stdout after 50 answers" "ref,close-stdout-after=50" 256 fuzz -format json -cases 5000 -seed 1 -- "$tmp/fake"
fi

# Issue 22: testees that misbehave in ways the table above does not name.
# (OPS: the one-shot testee costs a process per vector.)
if [ "${ROWS:-all}" = all ] || [ "${ROWS:-all}" = 22 ]; then
both "prints a debug line on stdout before every answer" "ref,debug-every"
both "answers every request with \"ok\"" "ok-every"
OPS=encodeURIComponent both "serves one request per process (exits 0 after its first answer; 172 vectors)" "ref,one-shot"
both "closes its stdin after 50 answers, keeps running" "ref,close-stdin-after=50" -timeout 2s
OPS=encodeURI,encodeURIComponent both "starts in 1.5 s (> -timeout 1s), writes once per chunk, crashes on '%'" "ref,noflush,crash-char=%,start-delay=1500ms" -timeout 1s
one "answers \"unsupported\" to every op (misspelled op names)" "ref,unsup-op=*" 256 run -format json -op $ops -- "$tmp/fake"
one "-run with a typo (selects nothing)" "ref" 256 run -format json -op $ops -run '^encodeUri' -- "$tmp/fake"
one "fuzz: crashes on '%', one answer per line, -time 5s" "ref,flush-each,crash-char=%" 256 fuzz -format json -time 5s -seed 1 -- "$tmp/fake"
one "fuzz: same, restarts take 1 min, -time 5s" "ref,flush-each,crash-char=%,restart-delay=1m,marker=$tmp/marker" 256 fuzz -format json -op decodeURIComponent -time 5s -seed 1 -- "$tmp/fake"
rm -f "$tmp/marker"
one "fuzz: prints a debug line before every answer" "ref,debug-every" 256 fuzz -format json -cases 1000 -seed 1 -- "$tmp/fake"
one "fuzz: answers \"unsupported\" to every op" "ref,unsup-op=*" 256 fuzz -format json -cases 1000 -seed 1 -- "$tmp/fake"
one "fuzz: two bugs in one op, -max-findings 1" "ref,bang-bug,crash-char=~" 256 fuzz -format json -op encodeURIComponent -cases 20000 -max-findings 1 -seed 1 -- "$tmp/fake"
one "fuzz: two bugs in one op, default -max-findings (10)" "ref,bang-bug,crash-char=~" 256 fuzz -format json -op encodeURIComponent -cases 20000 -seed 1 -- "$tmp/fake"
one "fuzz: serves one request per process" "ref,one-shot" 256 fuzz -format json -op encodeURIComponent -cases 300 -seed 1 -- "$tmp/fake"
one "fuzz: hangs on '~', -cases 2000, -timeout 1s, -start-timeout 2m (was 2m15s, unshrunk)" "ref,hang-char=~" 16 fuzz -format json -op encodeURIComponent -cases 2000 -max-findings 1 -timeout 1s -start-timeout 2m -j 16 -seed 1 -- "$tmp/fake"
fi
