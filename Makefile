# pctest — see README.md. Every target fetches what it needs through the Go
# module proxy; nothing has to be installed by hand besides Go.

GO        ?= go
BENCHTIME ?= 1s
COUNT     ?= 5

.PHONY: test bench vet run

# test: vet, then every test with the race detector (what .ci/run calls),
# then codec's single-goroutine differential tests without it (the
# exhaustive comparison with goja, the paths of escape, the octet and form
# decodes): -race finds nothing in one goroutine and costs 7 to 10 times
# the time; each skips itself under -race.
# -timeout 60m: go test's default of 10 minutes a package is a wall-clock
# limit that a loaded or ten times slower machine overruns (issue 22); no
# test waits on it, each bounds itself with a case budget.
# TESTFIRST: go test starts packages in the order it is given them, two at
# a time on two cores; the longest go first (seconds under -race on 2
# cores), so that none of them is left to run alone at the end (testee,
# last in ./..., ran alone for its last 100 s). ./... adds the rest.
# The tests without -race toggle the codec's path switches, so they cannot
# run in parallel in one process: they run as two processes of one test
# binary (NORACE1 and NORACE2, about the same time each). Together they
# name every codec test that skips under -race (TestMakefileRunsRaceSkips).
TESTFIRST = ./testee ./cmd/pctest ./codec ./survey ./fuzz ./conformance \
	./conformance/selfcheck ./fuzz/libfuzzer ./fuzz/fuzzlint
NORACE1 = TestEscapePathsAgree|TestFormDecodePlain|TestDecodeOctetsPaths|TestDecodeAroundSizes|TestUnitOctetsKernel
NORACE2 = TestEscapeUTF8AVX512|TestECMAGojaExhaustive|TestFormDecodeBoundaries|TestFormDecodeLarge|TestOctetDecodeBoundaries|TestEscapeUTF16AVX512EveryUnit|TestDecodeOctetPathEveryLane

test: vet
	$(GO) test -race -count=1 -timeout 60m $(TESTFIRST) ./...
	@mkdir -p bin
	$(GO) test -c -o bin/codec-norace.test ./codec
	cd codec && { ../bin/codec-norace.test -test.count=1 -test.timeout=60m -test.run '^($(NORACE1))$$' & p=$$!; \
		../bin/codec-norace.test -test.count=1 -test.timeout=60m -test.run '^($(NORACE2))$$'; b=$$?; wait $$p; a=$$?; \
		echo "codec without -race: exit $$a ($(NORACE1)), exit $$b ($(NORACE2))"; [ $$a -eq 0 ] && [ $$b -eq 0 ]; }

vet:
	$(GO) vet ./...

# test-deps: what `make test` uses beyond Go, where it is there: the
# tests that need one of these skip without it, naming it and this target
# (internal/testenv). Debian's packages, pinned to their major version
# (python3-jsonschema for the schema cross-checks, python3-junitparser for
# the JUnit report, python3-pytest for vectors/README.md's example, perl,
# tcl and a Java runtime for the survey's testees that need no install);
# node from Debian only where no node is installed. The exact versions
# installed are printed at the end.
TESTDEPS = python3 'python3-jsonschema=4.*' 'python3-junitparser=2.*' 'python3-pytest=7.*' \
	'perl=5.36.*' 'tcl=8.6.*' 'openjdk-17-jdk-headless=17.*' 'ruby=1:3.1' \
	'cargo=0.66.*' 'rustc=1.63.*'

.PHONY: test-deps
test-deps:
	apt-get update -qq
	apt-get -o DPkg::Lock::Timeout=900 install -y --no-install-recommends $(TESTDEPS) \
		$$(command -v node >/dev/null || echo 'nodejs=18.*')
	@dpkg-query -W -f '$${Package} $${Version}\n' python3-jsonschema python3-junitparser python3-pytest perl tcl openjdk-17-jdk-headless ruby cargo rustc nodejs 2>/dev/null || true

# bench: the codec's named benchmarks against their peers, COUNT runs each.
bench:
	$(GO) test -run '^$$' -bench . -benchmem -count $(COUNT) -benchtime $(BENCHTIME) ./codec/

# bench-peers: the codec's encode and decode functions, string and append
# forms, against their peers on the same bytes, interleaved: Go's net/url
# and goja, node (V8's encodeURIComponent and friends, URLSearchParams and
# URL from ada, querystring), python3's urllib.parse and Rust's
# percent-encoding crate (codec/internal/benchpeers, its doc comment says
# how). Installs with apt-get what is missing: Debian's nodejs 18 where no
# node is on PATH, python3 where none is, and librust-percent-encoding-dev 2
# (with Debian's cargo and rustc where no cargo is on PATH). The Rust peer
# is generated in bin/benchpeers/rust, pinned to the percent-encoding-2.*
# found under /usr/share/cargo/registry, and built offline (about 4 s the
# first time, then nothing to do). A peer that cannot be installed or built
# is not run and the table says why. BENCHPEERSROUNDS rounds (medians),
# BENCHPEERSTIME a cell: about 10 minutes at the defaults on 2 shared cores
# (10 min 7 s on 2026-12-06), plus apt-get's time when it installs. Prints
# the table; writes it as JSON to bin/bench-peers.json
# (codec/internal/benchpeers/table.schema.json). Not part of test: its test
# runs two ops on one input, each peer only where it is installed.
BENCHPEERSROUNDS ?= 5
BENCHPEERSTIME   ?= 200ms
BENCHPEERSAPT = $$(command -v node >/dev/null || echo 'nodejs=18.*') \
	$$(command -v python3 >/dev/null || echo 'python3=3.11.*') \
	$$(dpkg-query -W -f='$${db:Status-Status}' librust-percent-encoding-dev 2>/dev/null | grep -qx installed || echo 'librust-percent-encoding-dev=2.*') \
	$$(command -v cargo >/dev/null || echo 'cargo=0.66.*' 'rustc=1.63.*')

.PHONY: bench-peers bench-peers-deps
bench-peers-deps:
	@set -f; pkgs=$$(echo $(BENCHPEERSAPT)); if [ -n "$$pkgs" ]; then \
		(apt-get update -qq && apt-get -o DPkg::Lock::Timeout=900 install -y --no-install-recommends $$pkgs) || \
		echo "bench-peers: could not install $$pkgs: the peers that need them will not run"; \
	fi

bench-peers: bench-peers-deps
	BENCHPEERSROUNDS=$(BENCHPEERSROUNDS) $(GO) run ./codec/internal/benchpeers -time $(BENCHPEERSTIME) -json bin/bench-peers.json

# run: the conformance matrix — every built-in implementation, plus node and
# python3 through the example testees when they are installed.
run:
	$(GO) run ./cmd/pctest

.PHONY: survey
# survey: the field survey, not part of test (survey/testees/README.md).
# Installs every testee's pinned runtime and library (apt-get, npm ci, the
# builds of its testee.json), runs pctest run and pctest fuzz on every row,
# runs the bugs' reproductions, and writes survey/REPORT.md,
# survey/report.html, survey/results.json and survey/bugs/. ROWS=regexp
# runs the rows whose name matches (while other rows have no results in
# survey/work, the report goes to survey/work/report, and it says so);
# SURVEYFLAGS go to `go run ./survey` (e.g. SURVEYFLAGS='-fuzz 30s -j 3').
ROWS ?=
survey:
	bash survey/run.sh $(if $(ROWS),-rows '$(ROWS)') $(SURVEYFLAGS)

# survey-install: install and build what the rows matching ROWS need (all
# rows without ROWS), as make survey does, and stop: what a skipped
# reproduction of TestReproductions names to run.
.PHONY: survey-install
survey-install:
	bash survey/run.sh -install-only $(if $(ROWS),-rows '$(ROWS)')

# fuzz: every native Go fuzz target of ./fuzz in turn, FUZZTIME each, then a
# summary table; non-zero exit if any target failed; TARGETS=regexp fuzzes
# only the targets whose name matches (see fuzz/README.md).
FUZZTIME ?= 30s

.PHONY: fuzz
fuzz:
	$(GO) run ./fuzz/campaign -fuzztime $(FUZZTIME) $(if $(TARGETS),-match '$(TARGETS)')

# fuzz-bench: what each fuzz target costs on top of the engine. Builds each
# fuzz package's test binary with its empty target (-tags fuzzbench), runs
# the empty target, every target, and the empty target again, FUZZBENCHTIME
# each from their seeds, and prints a Markdown table of each target's
# execs/s as a share of its package's empty target (see fuzz/README.md).
# Not part of `make test`.
FUZZBENCHTIME ?= 10s

.PHONY: fuzz-bench
fuzz-bench:
	$(GO) run ./fuzz/campaign -bench -fuzztime $(FUZZBENCHTIME)

# fuzz-rate: first pctest run -impl node on the full suite against the node
# example testee on its own, fed the same request lines from a file, timed
# in turn RUNRATEROUNDS times in one run; prints both rates, the ratio and
# pctest run's fixed start-up, wall clock and CPU (medians; see TestRunRate
# in fuzz/rate_test.go). Then pctest fuzz -impl node the same way,
# fed the same generated requests, FUZZRATEROUNDS times; prints both rates
# (medians), the ratio and the CPU times (see TestFuzzRate in
# fuzz/rate_test.go). Not part
# of test.
RUNRATEROUNDS  ?= 5
FUZZRATECASES  ?= 1000000
FUZZRATEROUNDS ?= 3

.PHONY: fuzz-rate
fuzz-rate:
	PCTEST_RUN_RATE=$(RUNRATEROUNDS) $(GO) test -run '^TestRunRate$$' -count=1 -v -timeout 60m ./fuzz/
	PCTEST_FUZZ_RATE=$(FUZZRATECASES) PCTEST_FUZZ_RATE_ROUNDS=$(FUZZRATEROUNDS) \
		$(GO) test -run '^TestFuzzRate$$' -count=1 -v -timeout 60m ./fuzz/

# chromium-legacy: re-records what Chromium answers for the vectors of the
# encoding area (percent-encode after encoding with the legacy encodings)
# into vectors/testdata/chromium-legacy.json, which TestChromiumLegacy in
# ./vectors (part of test, no browser needed) checks the vectors against.
# Installs the pinned Debian chromium, then runs vectors/internal/chromium,
# which serves one page per label on 127.0.0.1 to headless Chromium; then
# sweeps every code point U+0080-U+FFFF (and a sample above) through the
# query of each legacy encoding and fails where Chromium and package codec
# differ. Not part of test.
#
# Debian drops a superseded security update, so the pin is the major
# version (CHROMIUM_MAJOR); the exact version installed is recorded in the
# JSON file (its "package" field), read back with dpkg-query.
CHROMIUM_MAJOR ?= 156

.PHONY: chromium-legacy
chromium-legacy:
	apt-get update -qq && apt-get -o DPkg::Lock::Timeout=900 install -y 'chromium=$(CHROMIUM_MAJOR).*' 'chromium-common=$(CHROMIUM_MAJOR).*'
	$(GO) run ./vectors/internal/chromium -out vectors/testdata/chromium-legacy.json -package "chromium=$$(dpkg-query -W -f '$${Version}' chromium)"
	$(GO) run ./vectors/internal/chromium -sweep

# fuzz-libfuzzer: every target of .clusterfuzzlite/build.sh with the real
# libFuzzer (fuzz/README.md, "libFuzzer here"). Installs Debian's clang 14
# and its libFuzzer runtime (pinned), builds each target as
# compile_native_go_fuzzer does (go-118-fuzz-build at GO118FUZZBUILD, linked
# with -fsanitize=fuzzer) with its dictionary and seed corpus into
# LIBFUZZEROUT, then runs each for LIBFUZZERTIME with -fork=LIBFUZZERFORK
# from its seed corpus and prints a table (execs/s, corpus, cov:, ft: at
# start and end, crashes). Crash files land in LIBFUZZEROUT/crashes; the
# table ends with the command that replays each under go test. Exits 1 if
# a target crashed. LIBFUZZERTAGS adds build tags (pctest_plantbug plants
# internal/mutants' decode bug in front of the codec in the decode targets
# of fuzz/codecfuzz); LIBFUZZERMATCH picks targets by regexp.
# Not part of test.
LIBFUZZERTIME  ?= 10s
LIBFUZZERFORK  ?= 2
LIBFUZZEROUT   ?= .libfuzzer
LIBFUZZERTAGS  ?=
LIBFUZZERMATCH ?=
CLANG_VERSION  ?= 1:14.0.6-12
GO118FUZZBUILD ?= v0.0.0-20250520111509-a70c2aa677fa

LIBFUZZERPKGS = clang-14 libclang-rt-14-dev libfuzzer-14-dev

.PHONY: fuzz-libfuzzer libfuzzer-deps
libfuzzer-deps:
	@missing=; for p in $(LIBFUZZERPKGS); do \
		[ "$$(dpkg-query -W -f='$${db:Status-Status} $${Version}' $$p 2>/dev/null)" = 'installed $(CLANG_VERSION)' ] || missing=1; \
	done; \
	if [ -n "$$missing" ]; then \
		apt-get update -qq && apt-get -o DPkg::Lock::Timeout=900 install -y --no-install-recommends \
			$(foreach p,$(LIBFUZZERPKGS),$(p)=$(CLANG_VERSION)); \
	fi

fuzz-libfuzzer: libfuzzer-deps
	$(GO) run ./fuzz/libfuzzer build -out $(LIBFUZZEROUT) -cc clang-14 -go118 $(GO118FUZZBUILD) \
		$(if $(LIBFUZZERTAGS),-tags $(LIBFUZZERTAGS)) $(if $(LIBFUZZERMATCH),-match '$(LIBFUZZERMATCH)')
	$(GO) run ./fuzz/libfuzzer run -out $(LIBFUZZEROUT) -time $(LIBFUZZERTIME) -fork $(LIBFUZZERFORK) \
		$(if $(LIBFUZZERMATCH),-match '$(LIBFUZZERMATCH)')

# test262-export: pctest export test262, linted and run as its README.md
# says, with test262's own linter and harness. Fetches a sparse checkout of
# tc39/test262 at TEST262_REV into TEST262_CHECKOUT (harness/, package.json
# and tools/lint: a few MB), copies the export's test/ into it, and runs
# test262check there: tools/lint/lint.py must find 0 errors (it needs
# python3 with PyYAML and pip: Debian's python3-yaml, python3-pip), node
# must pass every file, and each other engine must fail exactly the files
# that hold the vectors pctest run fails on it. ENGINES (ids, space- or
# comma-separated) names the engines to run and install: node, engine262,
# hermes, qjs (npm, from the lockfile of cmd/pctest/internal/test262check,
# which also holds test262-harness), sm102, sm78, jsc, rhino (Debian's,
# updated packages pinned to their major version; the table records the
# exact ones). make test262-export ENGINES=node installs no engine. The
# table goes to stdout and to bin/test262-export.md. Not part of test.
TEST262_DIR ?= bin/test262-export
TEST262_CHECKOUT ?= bin/test262
TEST262_REPO ?= https://github.com/tc39/test262.git
TEST262_REV ?= be13516fb6441b950ba8a3df97eb34062c186972
ENGINES ?= node engine262 sm102 sm78 jsc hermes qjs rhino
comma := ,
TEST262_ENGINES = $(subst $(comma), ,$(ENGINES))
TEST262_APT_sm102 = 'libmozjs-102-dev=102.*'
TEST262_APT_sm78 = libmozjs-78-dev=78.15.0-7
TEST262_APT_jsc = 'libjavascriptcoregtk-4.0-bin=2.*'
TEST262_APT_rhino = 'rhino=1.7.*'
TEST262_APT = $(strip $(foreach e,$(TEST262_ENGINES),$(TEST262_APT_$(e))))

.PHONY: test262-export
test262-export:
	command -v npm >/dev/null || (apt-get update -qq && apt-get -o DPkg::Lock::Timeout=900 install -y nodejs npm)
	command -v git >/dev/null || (apt-get update -qq && apt-get -o DPkg::Lock::Timeout=900 install -y git)
	python3 -c 'import yaml, pip' 2>/dev/null || (apt-get update -qq && apt-get -o DPkg::Lock::Timeout=900 install -y python3-yaml python3-pip)
	$(if $(TEST262_APT),apt-get update -qq && apt-get -o DPkg::Lock::Timeout=900 install -y $(TEST262_APT))
	cd cmd/pctest/internal/test262check && npm ci --no-audit --no-fund
	$(if $(filter hermes,$(TEST262_ENGINES)),cd survey/testees/engine-hermes && npm ci --no-audit --no-fund)
	$(GO) build -o bin/pctest ./cmd/pctest
	rm -rf $(TEST262_DIR)
	bin/pctest export test262 $(TEST262_DIR)
	$(GO) run ./cmd/pctest/internal/test262check -pctest bin/pctest -dir $(TEST262_DIR) \
		-test262 $(TEST262_CHECKOUT) -test262-repo $(TEST262_REPO) -test262-rev $(TEST262_REV) \
		-engines '$(TEST262_ENGINES)' -out bin/test262-export.md

# urltestdata-export: pctest export urltestdata, run through URL parsers:
# each entry is checked as WPT's url-constructor.any.js and
# url-origin.any.js check urltestdata.json, in node's URL and in
# whatwg-url (npm, from the lockfile of cmd/pctest/internal/urltestcheck).
# The report (stdout and bin/urltestdata-export.md) lists every entry a
# parser fails, with its vector id. Not part of test.
URLTESTDATA_DIR ?= bin/urltestdata-export

# node-modern: the lockfiles of urltestcheck and wptcheck (whatwg-url 17,
# wpt-runner 7, jsdom) need node >= 20.19 (require of ES modules,
# ArrayBuffer.prototype.resizable); Debian 12's nodejs is 18. Where the
# node on PATH is older, this installs npm's node@NODE_NPM (the official
# binary, from the npm registry) into bin/node, and the two targets run
# their checks with NODE_BIN first on PATH.
NODE_NPM ?= 22.23.3
NODE_BIN = $(CURDIR)/bin/node/node_modules/.bin

.PHONY: node-modern
node-modern:
	command -v npm >/dev/null || (apt-get update -qq && apt-get -o DPkg::Lock::Timeout=900 install -y nodejs npm)
	PATH="$(NODE_BIN):$$PATH" node -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 20 || (a === 20 && b >= 19) ? 0 : 1)' || \
		npm install --no-audit --no-fund --prefix bin/node node@$(NODE_NPM)

.PHONY: urltestdata-export
urltestdata-export: node-modern
	cd cmd/pctest/internal/urltestcheck && npm ci --no-audit --no-fund
	$(GO) build -o bin/pctest ./cmd/pctest
	rm -rf $(URLTESTDATA_DIR)
	bin/pctest export urltestdata $(URLTESTDATA_DIR)
	PATH="$(NODE_BIN):$$PATH" $(GO) run ./cmd/pctest/internal/urltestcheck -dir $(URLTESTDATA_DIR) -out bin/urltestdata-export.md

# wpt-export: pctest export wpt, checked in real browsers. Installs Debian's
# chromium and firefox-esr (security-updated: pinned to their major
# version, the report records the exact ones), exports the WHATWG vectors
# into WPT_DIR, and runs wptcheck: each browser loads test pages that follow
# WPT's url/percent-encoding.window.js (a page per encoding label, served on
# 127.0.0.1) and url/urlencoded-parser.any.js, headless; then the export's own
# tests (the .any.js files and the per-encoding documents) under
# testharness.js, served by wptcheck's stand-in for wptserve (files, .headers,
# the .any.js wrappers), whose failures must name exactly the vectors of the
# direct check's disagreements; and the .any.js tests in node with npm's
# wpt-runner (jsdom, from cmd/pctest/internal/wptcheck's lockfile). The report
# (stdout and bin/wpt-export.md) lists every answer that differs from the
# export. Not part of test.
WPT_DIR ?= bin/wpt-export
FIREFOX_MAJOR ?= 153

.PHONY: wpt-export
wpt-export: node-modern
	apt-get update -qq && apt-get -o DPkg::Lock::Timeout=900 install -y \
		'chromium=$(CHROMIUM_MAJOR).*' 'chromium-common=$(CHROMIUM_MAJOR).*' 'firefox-esr=$(FIREFOX_MAJOR).*'
	cd cmd/pctest/internal/wptcheck && npm ci --no-audit --no-fund
	$(GO) build -o bin/pctest ./cmd/pctest
	rm -rf $(WPT_DIR)
	bin/pctest export wpt $(WPT_DIR)
	PATH="$(NODE_BIN):$$PATH" $(GO) run ./cmd/pctest/internal/wptcheck -dir $(WPT_DIR) -node cmd/pctest/internal/wptcheck/anyjs.js -out bin/wpt-export.md
