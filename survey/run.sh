#!/usr/bin/env bash
# survey/run.sh — what `make survey` runs: install what the testees need,
# build the Java and C testees, then run the survey (go run ./survey), which
# runs pctest on every row of survey/rows.json and writes survey/REPORT.md
# and survey/report.html. Arguments are passed to go run ./survey
# (for example -rows 'php|ruby' -fuzz 10s).
#
# Nothing is pinned on the Debian side: the report records the versions
# that got installed. The npm testees are pinned by their package-lock.json
# and installed with npm ci. A step that fails is recorded in
# survey/work/install-failures.txt, which the report quotes; the rows that
# needed it are then reported as not installed, never faked.
set -u
cd "$(dirname "$0")/.."
work=survey/work
mkdir -p "$work"
log=$work/install.log
failures=$work/install-failures.txt
: >"$log"
: >"$failures"

fail() {
	echo "$*" >>"$failures"
	echo "survey: $*" >&2
}

step() {
	echo "survey: $*" >&2
	echo "== $*" >>"$log"
}

sudo=""
if [ "$(id -u)" != 0 ] && command -v sudo >/dev/null 2>&1; then
	sudo="sudo -n"
fi

# 1. Debian packages: the runtimes and C libraries of the testees.
debs="ruby php-cli liburi-perl libcurl4-openssl-dev liburiparser-dev pkg-config"
command -v javac >/dev/null 2>&1 || debs="$debs default-jdk-headless"
command -v node >/dev/null 2>&1 || debs="$debs nodejs npm"
command -v python3 >/dev/null 2>&1 || debs="$debs python3"
if command -v apt-get >/dev/null 2>&1; then
	step "apt-get update"
	$sudo apt-get update -qq >>"$log" 2>&1 || fail "apt-get update failed (survey/work/install.log)"
	step "apt-get install $debs"
	DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $debs >>"$log" 2>&1 ||
		fail "apt-get install $debs failed (survey/work/install.log)"
else
	fail "apt-get is not available: the Debian packages ($debs) were not installed"
fi

# 2. npm packages, as pinned by each testee's package-lock.json.
for lock in cmd/pctest/testees/*/package-lock.json; do
	dir=$(dirname "$lock")
	if ! command -v npm >/dev/null 2>&1; then
		fail "npm is not available: $dir not installed"
		continue
	fi
	step "npm ci in $dir"
	(cd "$dir" && npm ci --no-audit --no-fund --ignore-scripts) >>"$log" 2>&1 ||
		fail "npm ci in $dir failed (survey/work/install.log)"
done

# 3. The Java testee.
if command -v javac >/dev/null 2>&1; then
	step "javac java-net-url"
	rm -rf "$work/java-net-url"
	javac -d "$work/java-net-url" cmd/pctest/testees/java-net-url/Testee.java >>"$log" 2>&1 ||
		fail "javac of cmd/pctest/testees/java-net-url failed (survey/work/install.log)"
else
	fail "javac is not available: java-net-url not built"
fi

# 4. The C testees, each compiled with the protocol code they share
# (cmd/pctest/testees/c-common).
build_c() { # name pkg-config-module
	step "cc $1"
	rm -f "$work/$1"
	if ! flags=$(pkg-config --cflags --libs "$2" 2>>"$log"); then
		fail "pkg-config does not know $2: $1 not built"
		return
	fi
	# shellcheck disable=SC2086 # flags are words
	cc -O2 -Wall -o "$work/$1" "cmd/pctest/testees/$1/testee.c" cmd/pctest/testees/c-common/protocol.c $flags >>"$log" 2>&1 ||
		fail "cc of cmd/pctest/testees/$1 failed (survey/work/install.log)"
}
build_c c-curl libcurl
build_c c-uriparser liburiparser

# 5. The survey itself.
step "go run ./survey $*"
exec go run ./survey "$@"
