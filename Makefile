# pctest — see README.md. Every target fetches what it needs through the Go
# module proxy; nothing has to be installed by hand besides Go.

GO        ?= go
BENCHTIME ?= 1s
COUNT     ?= 5

.PHONY: test bench vet run

# test: vet, then every test with the race detector (what .ci/run calls).
test: vet
	$(GO) test -race -count=1 ./...

vet:
	$(GO) vet ./...

# junit-deps: Debian's python3-junitparser, the third-party JUnit parser
# that cmd/pctest's TestJUnitReadByJunitparser reads the JUnit report with.
# Without it that test skips (saying so), and make test still passes.
.PHONY: junit-deps
junit-deps:
	apt-get update -qq && apt-get install -y python3-junitparser=2.8.0-1

# bench: the codec's named benchmarks against their peers, COUNT runs each.
bench:
	$(GO) test -run '^$$' -bench . -benchmem -count $(COUNT) -benchtime $(BENCHTIME) ./codec/

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

# fuzz: every native Go fuzz target of ./fuzz in turn, FUZZTIME each, then a
# summary table; non-zero exit if any target failed (see fuzz/README.md).
FUZZTIME ?= 30s

.PHONY: fuzz
fuzz:
	$(GO) run ./fuzz/campaign -fuzztime $(FUZZTIME)

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

# fuzz-rate: pctest fuzz -impl node against the node example testee on its
# own, fed the same generated requests from a file, timed in turn
# FUZZRATEROUNDS times in one run; prints both rates (medians) and the
# ratio (see TestFuzzRate in testee/fuzzrate_test.go). Not part of test.
FUZZRATECASES  ?= 1000000
FUZZRATEROUNDS ?= 3

.PHONY: fuzz-rate
fuzz-rate:
	PCTEST_FUZZ_RATE=$(FUZZRATECASES) PCTEST_FUZZ_RATE_ROUNDS=$(FUZZRATEROUNDS) \
		$(GO) test -run '^TestFuzzRate$$' -count=1 -v -timeout 60m ./testee/

# chromium-legacy: re-records what Chromium answers for the vectors of the
# encoding area (percent-encode after encoding with the legacy encodings)
# into vectors/testdata/chromium-legacy.json, which TestChromiumLegacy in
# ./vectors (part of test, no browser needed) checks the vectors against.
# Installs the pinned Debian chromium, then runs vectors/internal/chromium,
# which serves one page per label on 127.0.0.1 to headless Chromium; then
# sweeps every code point U+0080-U+FFFF (and a sample above) through the
# query of each legacy encoding and fails where Chromium and package codec
# differ. Not part of test.
# Chromium comes from Debian's security suite, which keeps only the newest
# update: the pin is the major version (an apt-get glob), and the exact
# version installed is what the recording names.
CHROMIUM_VERSION ?= 156.*

.PHONY: chromium-legacy
chromium-legacy:
	apt-get update -qq && apt-get install -y 'chromium=$(CHROMIUM_VERSION)' 'chromium-common=$(CHROMIUM_VERSION)'
	$(GO) run ./vectors/internal/chromium -out vectors/testdata/chromium-legacy.json -package "chromium=$$(dpkg-query -W -f '$${Version}' chromium)"
	$(GO) run ./vectors/internal/chromium -sweep
