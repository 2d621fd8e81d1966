// Command benchpeers is `make bench-peers`: the codec's encode and decode
// functions, in their string and append forms, against the same functions
// of other implementations on the same bytes, interleaved in one run.
//
// The peers: Go's net/url and goja (in this process), node (V8's global
// functions, URLSearchParams and URL from ada, querystring), python3's
// urllib.parse (peer.py, stdlib only) and Rust's percent-encoding crate
// (rust/, generated in -rust with the crate pinned to the version of
// Debian's librust-percent-encoding-dev under /usr/share/cargo/registry,
// and built offline: see buildRust). A peer whose program is missing, or
// that does not build, is not run and the table says why.
//
// Every op (an encoder or decoder in the peer-independent sense) runs on
// four inputs (ascii, mixed, mostly-encoded, random: see inputs). Its input
// files are written once to -work and every peer reads the same file; a
// decoder's input is what its encoder's reference gives (refEncode,
// refEscape: plain loops over the spec, not the codec). Each result is
// checked against the reference output: a peer that answers differently is
// flagged and not ranked.
//
// A round runs, op by op, every peer of the op in an order that rotates
// each round, each running all its functions on all inputs for a number of
// iterations sized in the first round to take -time; -rounds rounds (default
// $BENCHPEERSROUNDS, else 5), and every cell is the median of its rounds.
// Ratios are the medians of the per-round ratios (codec and peer measured in
// the same round). A Go copy of each input file, in the same round, is the
// ceiling. Each measurement reads two clocks: the wall clock, and the CPU
// time of the process (CLOCK_PROCESS_CPUTIME_ID: every thread, a
// concurrent garbage collector's too), which moves far less than the wall
// clock on a machine shared with other jobs; -clock picks the one the table
// shows (CPU by default). Iterations are sized by the wall clock.
//
// External peers speak peer.schema.json: argv is
//
//	PEER TARGET_NS [OP INPUT_FILE ITERATIONS OUTPUT_FILE]...
//
// (ITERATIONS 0: calibrate to TARGET_NS; OUTPUT_FILE "-": do not write the
// result), and stdout is one JSON object: the peer, its version, the ops it
// runs (with no case it only says that) and one result per case.
//
// The table is printed (Markdown) and written as JSON to -json
// (table.schema.json).
//go:build unix

package main

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/dop251/goja"
	"golang.org/x/sys/unix"

	"github.com/pctest/pctest/codec"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "benchpeers:", err)
		os.Exit(1)
	}
}

// options are the command line's flags.
type options struct {
	rounds     int
	target     time.Duration
	iterations int
	dir, work  string
	jsonOut    string
	peers      string
	randomSize int
	from       string
	clock      string
	only       []string // -ops: the ops run (all when empty)
	inputs     []string // -inputs: the inputs run (all when empty)
	rust       string   // -rust: where the Rust peer is generated and built
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("benchpeers", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o options
	rounds := 5
	if s := os.Getenv("BENCHPEERSROUNDS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			return fmt.Errorf("BENCHPEERSROUNDS=%q: want a count ≥ 1", s)
		}
		rounds = n
	}
	fs.IntVar(&o.rounds, "rounds", rounds, "rounds (default $BENCHPEERSROUNDS, else 5)")
	fs.DurationVar(&o.target, "time", 200*time.Millisecond, "time of one cell (function × input) in a round")
	fs.IntVar(&o.iterations, "n", 0, "run every cell exactly n times instead of calibrating to -time (for tests)")
	fs.StringVar(&o.dir, "dir", "codec/internal/benchpeers", "the directory of peer.js, peer.py and rust/")
	fs.StringVar(&o.work, "work", "bin/benchpeers", "where inputs, outputs and the Rust build go")
	fs.StringVar(&o.jsonOut, "json", "bin/bench-peers.json", "where the table goes as JSON (table.schema.json)")
	fs.StringVar(&o.peers, "peers", "node,python3,rust", "the external peers to run (comma-separated; Go's always run)")
	fs.IntVar(&o.randomSize, "random-size", 1<<20, "bytes of the random input")
	fs.StringVar(&o.clock, "clock", "cpu", "the clock the table shows: cpu (the process's CPU time) or wall")
	fs.StringVar(&o.from, "from", "", "print the table of this JSON file (as -json wrote it) and run nothing")
	fs.StringVar(&o.rust, "rust", "bin/benchpeers/rust", "where the Rust peer's cargo project is generated and built (kept between runs)")
	opsFlag := fs.String("ops", "", "the ops to run, comma-separated (default all)")
	inputsFlag := fs.String("inputs", "", "the inputs to run, comma-separated: ascii, mixed, mostly-encoded, random (default all)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	var err error
	if o.only, err = names("-ops", *opsFlag, ops(), func(p op) string { return p.Name }); err != nil {
		return err
	}
	if o.inputs, err = names("-inputs", *inputsFlag, inputs(1), func(in input) string { return in.name }); err != nil {
		return err
	}
	if o.from != "" {
		data, err := os.ReadFile(o.from)
		if err != nil {
			return err
		}
		var t Table
		if err := json.Unmarshal(data, &t); err != nil {
			return fmt.Errorf("%s: %v", o.from, err)
		}
		t.printMarkdown(stdout)
		return nil
	}
	if o.rounds < 1 || o.iterations < 0 || o.randomSize < 1 {
		return errors.New("-rounds, -random-size ≥ 1 and -n ≥ 0 please")
	}
	if o.clock != "cpu" && o.clock != "wall" {
		return fmt.Errorf("-clock %q: cpu or wall", o.clock)
	}
	b, err := newBench(o, stderr)
	if err != nil {
		return err
	}
	for r := range o.rounds {
		fmt.Fprintf(stderr, "round %d of %d\n", r+1, o.rounds)
		if err := b.round(r); err != nil {
			return err
		}
	}
	t := b.table()
	t.printMarkdown(stdout)
	if o.jsonOut == "" {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(o.jsonOut), 0o755); err != nil {
		return err
	}
	data, err := json.MarshalIndent(t, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(o.jsonOut, append(data, '\n'), 0o644)
}

// names splits the comma-separated list of a flag and checks that each
// is the name of one of all.
func names[T any](flagName, list string, all []T, name func(T) string) ([]string, error) {
	if list == "" {
		return nil, nil
	}
	var known []string
	for _, x := range all {
		known = append(known, name(x))
	}
	l := strings.Split(list, ",")
	for _, n := range l {
		if !slices.Contains(known, n) {
			return nil, fmt.Errorf("%s: no %q (%s)", flagName, n, strings.Join(known, ", "))
		}
	}
	return l, nil
}

// Inputs.

// An input is one of the four inputs of issue 40.
type input struct {
	name, desc string
	raw        []byte
}

// inputs returns ascii, mixed, mostly-encoded and random (randomSize bytes
// from a fixed seed).
func inputs(randomSize int) []input {
	const unreserved = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
	ascii := make([]byte, 1024)
	for i := range ascii {
		ascii[i] = unreserved[i*7%len(unreserved)]
	}
	random := make([]byte, randomSize)
	rng := rand.NewChaCha8([32]byte{'b', 'e', 'n', 'c', 'h', '-', 'p', 'e', 'e', 'r', 's'})
	_, _ = rng.Read(random)
	return []input{
		{"ascii", "1024 bytes of letters, digits and -._~ (nothing to encode or decode)", ascii},
		{"mixed", `"/files/my document.pdf?name=Tom&Jerry&q=100% あ é~" repeated, cut to 1024 bytes at a character`,
			repeatCut("/files/my document.pdf?name=Tom&Jerry&q=100% あ é~", 1024)},
		{"mostly-encoded", `"データ/ファイル?q=«€ 100%»&x=<>{}|^ " repeated, cut to 1024 bytes at a character`,
			repeatCut("データ/ファイル?q=«€ 100%»&x=<>{}|^ ", 1024)},
		{"random", fmt.Sprintf("%d random bytes (ChaCha8, fixed seed); read as Latin-1 by the text functions", randomSize), random},
	}
}

// repeatCut repeats s and cuts it to at most n bytes at a character.
func repeatCut(s string, n int) []byte {
	r := strings.Repeat(s, n/len(s)+1)
	for !utf8.RuneStart(r[n]) {
		n--
	}
	return []byte(r[:n])
}

// textOf returns b as text, UTF-8: b itself when it is UTF-8, else b read as
// Latin-1 (every byte one code point), so that every text function gets a
// well-formed string.
func textOf(b []byte) []byte {
	if utf8.Valid(b) {
		return b
	}
	out := make([]byte, 0, 2*len(b))
	for _, c := range b {
		out = utf8.AppendRune(out, rune(c))
	}
	return out
}

// The references: plain loops over the specs, independent of the codec.

const alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

// refEncode percent-encodes every octet of b not in keep as %XX (uppercase
// digits); with plus, a space becomes '+' (application/x-www-form-urlencoded).
func refEncode(b []byte, keep string, plus bool) []byte {
	var out []byte
	for _, c := range b {
		switch {
		case c < 0x80 && strings.IndexByte(keep, c) >= 0:
			out = append(out, c)
		case plus && c == ' ':
			out = append(out, '+')
		default:
			out = fmt.Appendf(out, "%%%02X", c)
		}
	}
	return out
}

// refEscape is ECMAScript's escape (Annex B.2.1) over the UTF-16 code units
// of the UTF-8 text b.
func refEscape(b []byte) []byte {
	var out []byte
	for _, u := range utf16.Encode([]rune(string(b))) {
		switch {
		case u < 0x80 && strings.IndexByte(alnum+"@*_+-./", byte(u)) >= 0:
			out = append(out, byte(u))
		case u < 0x100:
			out = fmt.Appendf(out, "%%%02X", u)
		default:
			out = fmt.Appendf(out, "%%u%04X", u)
		}
	}
	return out
}

// Ops.

// An op is one function in the peer-independent sense: what every peer
// that runs it computes from the same input file. Peers name the ops they
// run by Name.
type op struct {
	Name string
	// Text: the op reads its input as text (UTF-8); else as octets.
	Text bool
	// An encoder's reference: the ASCII octets it keeps, space as '+',
	// or ECMAScript's escape.
	Keep   string
	Plus   bool
	Escape bool
	// A decoder's input is the output of the encoder op Decodes, and its
	// output is that op's input.
	Decodes string
	// Go are the codec's functions and the Go peers that run in this
	// process.
	Go []goFunc
}

// The encode sets of the references.
const (
	unreservedKeep = alnum + "-._~"            // RFC 3986 §2.3
	pathSegKeep    = unreservedKeep + "$&+:=@" // what url.PathEscape keeps
	uriUnescaped   = alnum + "-_.!~*'()"       // ECMA-262 uriUnescaped
	uriKeep        = uriUnescaped + ";/?:@&=+$,#"
	formWHATWGKeep = alnum + "*-._" // URL §5.2's set's complement
)

// fragmentKeep is what the fragment percent-encode set does not encode
// (URL §1.3): U+0021 to U+007E but ", <, > and `.
var fragmentKeep = func() string {
	var s []byte
	for c := byte(0x21); c <= 0x7e; c++ {
		if !strings.ContainsRune("\"<>`", rune(c)) {
			s = append(s, c)
		}
	}
	return string(s)
}()

func ops() []op {
	return []op{
		{Name: "percent-encode", Keep: unreservedKeep, Go: []goFunc{
			strE("codec", "PercentEncodeString(Unreserved)", noErr(func(s string) string { return codec.PercentEncodeString(s, codec.Unreserved) })),
			appB("AppendPercentEncode(Unreserved)", noErrB(func(d, s []byte) []byte { return codec.AppendPercentEncode(d, s, codec.Unreserved) })),
		}},
		{Name: "path-segment-encode", Keep: pathSegKeep, Go: []goFunc{
			strE("codec", "PercentEncodeString(GoPathSegment)", noErr(func(s string) string { return codec.PercentEncodeString(s, codec.GoPathSegment) })),
			appB("AppendPercentEncode(GoPathSegment)", noErrB(func(d, s []byte) []byte { return codec.AppendPercentEncode(d, s, codec.GoPathSegment) })),
			strE("net/url", "url.PathEscape", noErr(url.PathEscape)),
		}},
		{Name: "form-encode", Keep: unreservedKeep, Plus: true, Go: []goFunc{
			strE("codec", "FormEncodeString(GoQuery)", noErr(func(s string) string { return codec.FormEncodeString(s, codec.GoQuery) })),
			appB("AppendFormEncode(GoQuery)", noErrB(func(d, s []byte) []byte { return codec.AppendFormEncode(d, s, codec.GoQuery) })),
			strE("net/url", "url.QueryEscape", noErr(url.QueryEscape)),
		}},
		{Name: "form-encode-whatwg", Text: true, Keep: formWHATWGKeep, Plus: true, Go: []goFunc{
			strE("codec", "FormEncodeString(WHATWGFormURLEncoded)", noErr(func(s string) string { return codec.FormEncodeString(s, codec.WHATWGFormURLEncoded) })),
			appB("AppendFormEncode(WHATWGFormURLEncoded)", noErrB(func(d, s []byte) []byte { return codec.AppendFormEncode(d, s, codec.WHATWGFormURLEncoded) })),
		}},
		{Name: "fragment-encode", Text: true, Keep: fragmentKeep, Go: []goFunc{
			strE("codec", "PercentEncodeString(WHATWGFragment)", noErr(func(s string) string { return codec.PercentEncodeString(s, codec.WHATWGFragment) })),
			appB("AppendPercentEncode(WHATWGFragment)", noErrB(func(d, s []byte) []byte { return codec.AppendPercentEncode(d, s, codec.WHATWGFragment) })),
		}},
		{Name: "percent-decode", Decodes: "percent-encode", Go: []goFunc{
			strE("codec", "PercentDecodeString", func(s string) (string, error) { return codec.PercentDecodeString(s, codec.Set{}) }),
			appB("AppendPercentDecode", func(d, s []byte) ([]byte, error) { return codec.AppendPercentDecode(d, s, codec.Set{}) }),
			strE("codec", "PercentDecodeLenientString", noErr(func(s string) string { return codec.PercentDecodeLenientString(s, codec.Set{}) })),
			appB("AppendPercentDecodeLenient", noErrB(func(d, s []byte) []byte { return codec.AppendPercentDecodeLenient(d, s, codec.Set{}) })),
			strE("net/url", "url.PathUnescape", url.PathUnescape),
		}},
		{Name: "form-decode", Decodes: "form-encode", Go: []goFunc{
			strE("codec", "QueryUnescapeString", codec.QueryUnescapeString),
			appB("AppendQueryUnescape", codec.AppendQueryUnescape),
			strE("codec", "FormPercentDecodeLenientString", noErr(codec.FormPercentDecodeLenientString)),
			appB("AppendFormPercentDecodeLenient", noErrB(codec.AppendFormPercentDecodeLenient)),
			strE("net/url", "url.QueryUnescape", url.QueryUnescape),
		}},
		{Name: "form-decode-whatwg", Text: true, Decodes: "form-encode-whatwg", Go: []goFunc{
			strE("codec", "FormDecodeString", noErr(codec.FormDecodeString)),
			appB("AppendFormDecode", noErrB(codec.AppendFormDecode)),
		}},
		{Name: "encodeURIComponent", Text: true, Keep: uriUnescaped, Go: []goFunc{
			strE("codec", "EncodeURIComponentString", codec.EncodeURIComponentString),
			u16S("EncodeURIComponent", codec.EncodeURIComponent),
			appU16B("AppendEncodeURIComponent", codec.AppendEncodeURIComponent),
			gojaFn("encodeURIComponent"),
		}},
		{Name: "encodeURI", Text: true, Keep: uriKeep, Go: []goFunc{
			strE("codec", "EncodeURIString", codec.EncodeURIString),
			u16S("EncodeURI", codec.EncodeURI),
			appU16B("AppendEncodeURI", codec.AppendEncodeURI),
			gojaFn("encodeURI"),
		}},
		{Name: "decodeURIComponent", Text: true, Decodes: "encodeURIComponent", Go: []goFunc{
			strE("codec", "DecodeURIComponentString", codec.DecodeURIComponentString),
			u16U("DecodeURIComponent", codec.DecodeURIComponent),
			appU16U("AppendDecodeURIComponent", codec.AppendDecodeURIComponent),
			gojaFn("decodeURIComponent"),
		}},
		{Name: "decodeURI", Text: true, Decodes: "encodeURI", Go: []goFunc{
			strE("codec", "DecodeURIString", codec.DecodeURIString),
			u16U("DecodeURI", codec.DecodeURI),
			appU16U("AppendDecodeURI", codec.AppendDecodeURI),
			gojaFn("decodeURI"),
		}},
		{Name: "escape", Text: true, Escape: true, Go: []goFunc{
			strE("codec", "EscapeString", noErr(codec.EscapeString)),
			u16S("Escape", func(u []uint16) (string, error) { return codec.Escape(u), nil }),
			appU16B("AppendEscape", func(d []byte, u []uint16) ([]byte, error) { return codec.AppendEscape(d, u), nil }),
			gojaFn("escape"),
		}},
		{Name: "unescape", Text: true, Decodes: "escape", Go: []goFunc{
			strE("codec", "UnescapeString", noErr(codec.UnescapeString)),
			u16U("Unescape", func(u []uint16) ([]uint16, error) { return codec.Unescape(u), nil }),
			appU16U("AppendUnescape", func(d, u []uint16) ([]uint16, error) { return codec.AppendUnescape(d, u), nil }),
			gojaFn("unescape"),
		}},
	}
}

// Go functions.

// A goFunc is a function run in this process: one of the codec's, in one
// form, or a Go peer's.
type goFunc struct {
	peer, function, form string
	// setup prepares the argument from the input file and returns step,
	// which calls the function once, and result, the last call's result
	// (UTF-8 for text, an error as "error: ...").
	setup func(in []byte) (step func(), result func() []byte)
}

func noErr(f func(string) string) func(string) (string, error) {
	return func(s string) (string, error) { return f(s), nil }
}

func noErrB(f func(d, s []byte) []byte) func(d, s []byte) ([]byte, error) {
	return func(d, s []byte) ([]byte, error) { return f(d, s), nil }
}

func errOr(b []byte, err error) []byte {
	if err != nil {
		return []byte("error: " + err.Error())
	}
	return b
}

func u16Of(in []byte) []uint16 { return utf16.Encode([]rune(string(in))) }

func utf8Of(u []uint16) []byte { return []byte(string(utf16.Decode(u))) }

// strE is a function of a Go string (the codec's string form, or net/url).
func strE(peer, name string, f func(string) (string, error)) goFunc {
	return goFunc{peer, name, "string", func(in []byte) (func(), func() []byte) {
		s := string(in)
		var r string
		var err error
		return func() { r, err = f(s) }, func() []byte { return errOr([]byte(r), err) }
	}}
}

// appB is the codec's append form on octets, into a buffer that is reused.
func appB(name string, f func(dst, src []byte) ([]byte, error)) goFunc {
	return goFunc{"codec", name, "append", func(in []byte) (func(), func() []byte) {
		var buf []byte
		var err error
		return func() { buf, err = f(buf[:0], in) }, func() []byte { return errOr(buf, err) }
	}}
}

// u16S is the codec's UTF-16 form of an encoder (a new result).
func u16S(name string, f func([]uint16) (string, error)) goFunc {
	return goFunc{"codec", name, "utf16", func(in []byte) (func(), func() []byte) {
		u := u16Of(in)
		var r string
		var err error
		return func() { r, err = f(u) }, func() []byte { return errOr([]byte(r), err) }
	}}
}

// u16U is the codec's UTF-16 form of a decoder (a new result).
func u16U(name string, f func([]uint16) ([]uint16, error)) goFunc {
	return goFunc{"codec", name, "utf16", func(in []byte) (func(), func() []byte) {
		u := u16Of(in)
		var r []uint16
		var err error
		return func() { r, err = f(u) }, func() []byte { return errOr(utf8Of(r), err) }
	}}
}

// appU16B is the codec's append form of an encoder of UTF-16.
func appU16B(name string, f func(dst []byte, s []uint16) ([]byte, error)) goFunc {
	return goFunc{"codec", name, "append", func(in []byte) (func(), func() []byte) {
		u := u16Of(in)
		var buf []byte
		var err error
		return func() { buf, err = f(buf[:0], u) }, func() []byte { return errOr(buf, err) }
	}}
}

// appU16U is the codec's append form of a decoder of UTF-16.
func appU16U(name string, f func(dst, s []uint16) ([]uint16, error)) goFunc {
	return goFunc{"codec", name, "append", func(in []byte) (func(), func() []byte) {
		u := u16Of(in)
		var buf []uint16
		var err error
		return func() { buf, err = f(buf[:0], u) }, func() []byte { return errOr(utf8Of(buf), err) }
	}}
}

// gojaFn is goja's global function name, called from Go on a JS string.
func gojaFn(name string) goFunc {
	return goFunc{"goja", name, "string", func(in []byte) (func(), func() []byte) {
		f, ok := goja.AssertFunction(goja.New().Get(name))
		if !ok {
			return func() {}, func() []byte { return []byte("error: goja has no " + name) }
		}
		arg := goja.StringFromUTF16(u16Of(in))
		var r goja.Value
		var err error
		return func() { r, err = f(goja.Undefined(), arg) }, func() []byte {
			if err != nil {
				return errOr(nil, err)
			}
			return []byte(r.String())
		}
	}}
}

// cpuTime is the CPU time of the process so far, every thread's.
func cpuTime() time.Duration {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_PROCESS_CPUTIME_ID, &ts); err != nil {
		return 0
	}
	return time.Duration(ts.Nano())
}

// A sample is what one measurement of a cell gives.
type sample struct {
	n             int     // calls
	wallNs, cpuNs float64 // per call
}

// measure runs step n times (n = 0: as many as take about target on the
// wall clock, found by doubling until a run takes a tenth of it) and
// returns n and the time per call.
func measure(step func(), n int, target time.Duration) sample {
	timeN := func(n int) (wall, cpu time.Duration) {
		start, cpu0 := time.Now(), cpuTime()
		for range n {
			step()
		}
		return time.Since(start), cpuTime() - cpu0
	}
	if n == 0 {
		n = 1
		for {
			d, _ := timeN(n)
			if d >= target/10 {
				n = max(1, int(float64(n)*float64(target)/float64(d)))
				break
			}
			n *= 2
		}
	}
	wall, cpu := timeN(n)
	return sample{n, float64(wall.Nanoseconds()) / float64(n), float64(cpu.Nanoseconds()) / float64(n)}
}

// External peers.

// peerReport is what a peer program prints (peer.schema.json).
type peerReport struct {
	Peer      string       `json:"peer"`
	Version   string       `json:"version"`
	Functions []peerOpFunc `json:"functions"`
	Results   []peerResult `json:"results"`
}

// peerOpFunc says which of its functions a peer runs for an op.
type peerOpFunc struct {
	Op       string `json:"op"`
	Function string `json:"function"`
}

// peerResult is one case's measurement.
type peerResult struct {
	Op         string  `json:"op"`
	Input      string  `json:"input"`
	Iterations int     `json:"iterations"`
	NsPerOp    float64 `json:"ns_per_op"`
	CPUNsPerOp float64 `json:"cpu_ns_per_op"`
}

// An extPeer is a peer program: its command, or why it is not run.
type extPeer struct {
	name    string
	argv    []string
	install string
	report  peerReport // from the run with no case
	notRun  string
}

// call runs the peer on cases ([op, input file, iterations, output file]
// each) and reads its report.
func (p *extPeer) call(target time.Duration, cases [][4]string) (peerReport, error) {
	args := append(slices.Clone(p.argv[1:]), strconv.FormatInt(target.Nanoseconds(), 10))
	for _, c := range cases {
		args = append(args, c[:]...)
	}
	cmd := exec.Command(p.argv[0], args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return peerReport{}, fmt.Errorf("%s: %v: %s", p.name, err, strings.TrimSpace(stderr.String()))
	}
	var rep peerReport
	dec := json.NewDecoder(bytes.NewReader(out))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&rep); err != nil {
		return rep, fmt.Errorf("%s: its report is not peer.schema.json: %v", p.name, err)
	}
	if rep.Peer != p.name || rep.Version == "" || len(rep.Results) != len(cases) {
		return rep, fmt.Errorf("%s: report names peer %q, version %q, %d results for %d cases", p.name, rep.Peer, rep.Version, len(rep.Results), len(cases))
	}
	for i, r := range rep.Results {
		if r.Op != cases[i][0] || r.Input != cases[i][1] || r.Iterations < 1 || r.NsPerOp <= 0 || r.CPUNsPerOp < 0 {
			return rep, fmt.Errorf("%s: result %d is %+v for case %v", p.name, i, r, cases[i])
		}
	}
	return rep, nil
}

// function returns the name of the peer's function for op, or "".
func (p *extPeer) function(op string) string {
	for _, f := range p.report.Functions {
		if f.Op == op {
			return f.Function
		}
	}
	return ""
}

// newPeers finds (and for Rust builds) the peer programs named in list.
func newPeers(o options, stderr io.Writer) []*extPeer {
	var peers []*extPeer
	for _, name := range strings.Split(o.peers, ",") {
		p := &extPeer{name: name}
		switch name {
		case "":
			continue
		case "node":
			p.install = "`make bench-peers` installs Debian's nodejs where no node is on PATH"
			p.argv = []string{"node", filepath.Join(o.dir, "peer.js")}
		case "python3":
			p.install = "`make bench-peers` installs Debian's python3 where none is on PATH"
			p.argv = []string{"python3", filepath.Join(o.dir, "peer.py")}
		case "rust":
			p.install = "`make bench-peers` installs Debian's librust-percent-encoding-dev (and cargo where none is on PATH)"
			bin, err := buildRust(o, stderr)
			if err != nil {
				p.notRun = err.Error()
			}
			p.argv = []string{bin}
		default:
			p.notRun = "unknown peer (node, python3, rust)"
		}
		if p.notRun == "" {
			if _, err := exec.LookPath(p.argv[0]); err != nil {
				p.notRun = fmt.Sprintf("%v; %s", err, p.install)
			} else if rep, err := p.call(0, nil); err != nil {
				p.notRun = err.Error()
			} else {
				p.report = rep
			}
		}
		if p.notRun != "" {
			fmt.Fprintf(stderr, "peer %s: not run (%s)\n", name, p.notRun)
		}
		peers = append(peers, p)
	}
	return peers
}

// crateGlob is where Debian's librust-percent-encoding-dev puts the
// crate's source: one directory a version, the version in its name.
const crateGlob = "/usr/share/cargo/registry/percent-encoding-2.*"

// crateSource returns the directory and version of the newest
// percent-encoding 2 that glob (crateGlob) finds.
func crateSource(glob string) (dir, version string, err error) {
	dirs, _ := filepath.Glob(glob)
	var best []int
	for _, d := range dirs {
		v := strings.TrimPrefix(filepath.Base(d), "percent-encoding-")
		var n []int
		for _, f := range strings.Split(v, ".") {
			i, err := strconv.Atoi(f)
			if err != nil {
				n = nil
				break
			}
			n = append(n, i)
		}
		if len(n) == 3 && slices.Compare(n, best) > 0 {
			dir, version, best = d, v, n
		}
	}
	if dir == "" {
		return "", "", fmt.Errorf("no crate source %s: `make bench-peers` installs Debian's librust-percent-encoding-dev=2.*", glob)
	}
	return dir, version, nil
}

// buildRust generates the Rust peer's cargo project in -rust (rust/'s
// Cargo.toml and source, the crate pinned to the version crateSource
// found, and a .cargo/config.toml that replaces crates.io with Debian's
// registry directory), builds it offline and returns the program's path.
// Files are rewritten only when they change, so that a second run does
// not rebuild.
func buildRust(o options, stderr io.Writer) (string, error) {
	if _, err := exec.LookPath("cargo"); err != nil {
		return "", fmt.Errorf("%v; `make bench-peers` installs Debian's cargo", err)
	}
	crate, version, err := crateSource(crateGlob)
	if err != nil {
		return "", err
	}
	dir, err := filepath.Abs(o.rust)
	if err != nil {
		return "", err
	}
	manifest, err := os.ReadFile(filepath.Join(o.dir, "rust", "Cargo.toml"))
	if err != nil {
		return "", err
	}
	src, err := os.ReadFile(filepath.Join(o.dir, "rust", "src", "main.rs"))
	if err != nil {
		return "", err
	}
	req := regexp.MustCompile(`(?m)^percent-encoding = "[^"]*"$`)
	if !req.Match(manifest) {
		return "", fmt.Errorf("%s: no line percent-encoding = \"...\" to pin", filepath.Join(o.dir, "rust", "Cargo.toml"))
	}
	manifest = req.ReplaceAll(manifest, []byte(`percent-encoding = "=`+version+`"`))
	config := fmt.Sprintf("# Generated by codec/internal/benchpeers: %s, offline.\n"+
		"[source.crates-io]\nreplace-with = \"debian\"\n\n[source.debian]\ndirectory = %q\n", crate, filepath.Dir(crate))
	for name, data := range map[string][]byte{"Cargo.toml": manifest, "src/main.rs": src, ".cargo/config.toml": []byte(config)} {
		if err := writeIfChanged(filepath.Join(dir, name), data); err != nil {
			return "", err
		}
	}
	start := time.Now()
	cmd := exec.Command("cargo", "build", "--release", "--offline", "--quiet", "--target-dir", filepath.Join(dir, "target"))
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "BENCHPEERS_CRATE_VERSION="+version)
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("cargo build --offline (percent-encoding %s from %s): %v: %s", version, crate, err, lastLine(out))
	}
	fmt.Fprintf(stderr, "peer rust: percent-encoding %s, built in %.1fs\n", version, time.Since(start).Seconds())
	return filepath.Join(dir, "target", "release", "benchpeers-rust"), nil
}

// writeIfChanged writes data to name, making its directory, unless the
// file holds data already.
func writeIfChanged(name string, data []byte) error {
	if old, err := os.ReadFile(name); err == nil && bytes.Equal(old, data) {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return err
	}
	return os.WriteFile(name, data, 0o644)
}

func lastLine(b []byte) string {
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	return lines[len(lines)-1]
}

// The run.

// A cell is one function of one peer on one input of an op.
type cell struct {
	op, input, peer, function, form string
}

// bench holds the run's state.
type bench struct {
	o      options
	stderr io.Writer
	ins    []input
	ops    []op
	peers  []*extPeer
	file   map[[2]string]string // op, input → input file
	want   map[[2]string][]byte // op, input → reference output
	ns     map[cell][]float64   // per round
	iters  map[cell]int         // from the first round
	ok     map[cell]bool        // the output was the reference's
	start  time.Time
	load   string // at the start
	commit string // at the start
}

// A refCase is an op's input on one of the inputs, and the reference's
// output for it.
type refCase struct{ in, want []byte }

// references returns the case of every op of sel on every input of ins, by
// op and input name. A decoder's input is the reference output of the
// encoder it decodes (which need not be in sel), and its output that
// encoder's input.
func references(ins []input, sel []op) map[[2]string]refCase {
	byName := map[string]op{}
	for _, p := range ops() {
		byName[p.Name] = p
	}
	var inputOf func(p op, in input) []byte
	wantOf := func(p op, in input) []byte {
		if p.Decodes != "" {
			return inputOf(byName[p.Decodes], in)
		}
		if p.Escape {
			return refEscape(inputOf(p, in))
		}
		return refEncode(inputOf(p, in), p.Keep, p.Plus)
	}
	inputOf = func(p op, in input) []byte {
		switch {
		case p.Decodes != "":
			return wantOf(byName[p.Decodes], in)
		case p.Text:
			return textOf(in.raw)
		}
		return in.raw
	}
	cases := map[[2]string]refCase{}
	for _, p := range sel {
		for _, in := range ins {
			cases[[2]string{p.Name, in.name}] = refCase{inputOf(p, in), wantOf(p, in)}
		}
	}
	return cases
}

// selected returns the elements of all whose name is in only (all of them
// when only is empty).
func selected[T any](all []T, only []string, name func(T) string) []T {
	if len(only) == 0 {
		return all
	}
	return slices.DeleteFunc(slices.Clone(all), func(x T) bool { return !slices.Contains(only, name(x)) })
}

func newBench(o options, stderr io.Writer) (*bench, error) {
	b := &bench{o: o, stderr: stderr, start: time.Now(),
		ins:  selected(inputs(o.randomSize), o.inputs, func(in input) string { return in.name }),
		ops:  selected(ops(), o.only, func(p op) string { return p.Name }),
		file: map[[2]string]string{}, want: map[[2]string][]byte{},
		ns: map[cell][]float64{}, iters: map[cell]int{}, ok: map[cell]bool{}}
	b.load, b.commit = loadAvg(), commit()
	for _, d := range []string{"in", "out"} {
		if err := os.MkdirAll(filepath.Join(o.work, d), 0o755); err != nil {
			return nil, err
		}
	}
	for k, c := range references(b.ins, b.ops) {
		sum := sha256.Sum256(c.in)
		name, err := filepath.Abs(filepath.Join(o.work, "in", hex.EncodeToString(sum[:8])))
		if err != nil {
			return nil, err
		}
		if err := os.WriteFile(name, c.in, 0o644); err != nil {
			return nil, err
		}
		b.file[k], b.want[k] = name, c.want
	}
	b.peers = newPeers(o, stderr)
	return b, nil
}

// round runs every op once, the in-process Go functions and each peer
// program in turn, in an order that rotates each round.
func (b *bench) round(r int) error {
	for _, p := range b.ops {
		runners := []func() error{func() error { return b.runGo(r, p) }}
		for _, x := range b.peers {
			if x.notRun == "" && x.function(p.Name) != "" {
				runners = append(runners, func() error { return b.runPeer(r, x, p) })
			}
		}
		for i := range runners {
			if err := runners[(i+r)%len(runners)](); err != nil {
				return err
			}
		}
	}
	return nil
}

// record adds a measurement of c in round r, on the clock of -clock.
func (b *bench) record(r int, c cell, s sample) {
	if r == 0 {
		b.iters[c] = s.n
	}
	ns := s.cpuNs
	if b.o.clock == "wall" {
		ns = s.wallNs
	}
	b.ns[c] = append(b.ns[c], max(ns, 1e-3))
}

// runGo runs the op's Go functions and the copy of its input on every input.
func (b *bench) runGo(r int, p op) error {
	for _, f := range p.Go {
		for _, in := range b.ins {
			k := [2]string{p.Name, in.name}
			data, err := os.ReadFile(b.file[k])
			if err != nil {
				return err
			}
			c := cell{p.Name, in.name, f.peer, f.function, f.form}
			step, result := f.setup(data)
			b.record(r, c, measure(step, cmp.Or(b.o.iterations, b.iters[c]), b.o.target))
			if r == 0 {
				b.ok[c] = bytes.Equal(result(), b.want[k])
			}
		}
	}
	for _, in := range b.ins {
		k := [2]string{p.Name, in.name}
		src, err := os.ReadFile(b.file[k])
		if err != nil {
			return err
		}
		dst := make([]byte, len(src))
		c := cell{p.Name, in.name, "copy", "copy", ""}
		b.record(r, c, measure(func() { copy(dst, src) }, cmp.Or(b.o.iterations, b.iters[c]), b.o.target/4))
		b.ok[c] = true
		s := string(src)
		c = allocCopy(p.Name, in.name, "string")
		b.record(r, c, measure(func() { allocSink = strings.Clone(s) }, cmp.Or(b.o.iterations, b.iters[c]), b.o.target/4))
		b.ok[c] = allocSink == s
		if slices.ContainsFunc(p.Go, func(f goFunc) bool { return f.form == "utf16" }) {
			u := u16Of(src)
			c = allocCopy(p.Name, in.name, "utf16")
			b.record(r, c, measure(func() { allocSink16 = slices.Clone(u) }, cmp.Or(b.o.iterations, b.iters[c]), b.o.target/4))
			b.ok[c] = slices.Equal(allocSink16, u)
		}
	}
	return nil
}

// allocSink and allocSink16 keep the allocating copies' results alive, so
// that the compiler cannot drop the allocation.
var (
	allocSink   string
	allocSink16 []uint16
)

// allocCopy is the cell of the allocating copy beside a form that
// allocates its result: strings.Clone of the input beside the string
// forms, slices.Clone of its code units beside the utf16 forms, which
// read and return []uint16.
func allocCopy(op, input, form string) cell {
	if form == "utf16" {
		return cell{op, input, "alloc-copy", "slices.Clone([]uint16)", ""}
	}
	return cell{op, input, "alloc-copy", "strings.Clone", ""}
}

// runPeer runs a peer program on the op's inputs; in the first round it
// also writes and checks the results.
func (b *bench) runPeer(r int, x *extPeer, p op) error {
	var cases [][4]string
	var cells []cell
	for _, in := range b.ins {
		c := cell{p.Name, in.name, x.name, x.function(p.Name), "string"}
		out := "-"
		if r == 0 {
			out, _ = filepath.Abs(filepath.Join(b.o.work, "out", x.name+"."+p.Name+"."+in.name))
		}
		k := [2]string{p.Name, in.name}
		cases = append(cases, [4]string{p.Name, b.file[k], strconv.Itoa(cmp.Or(b.o.iterations, b.iters[c])), out})
		cells = append(cells, c)
	}
	rep, err := x.call(b.o.target, cases)
	if err != nil {
		return err
	}
	for i, res := range rep.Results {
		b.record(r, cells[i], sample{res.Iterations, res.NsPerOp, res.CPUNsPerOp})
		if r == 0 {
			got, err := os.ReadFile(cases[i][3])
			b.ok[cells[i]] = err == nil && bytes.Equal(got, b.want[[2]string{p.Name, cells[i].input}])
		}
	}
	return nil
}

// The table.

// Table is bin/bench-peers.json (table.schema.json).
type Table struct {
	Date    string      `json:"date"`
	Machine Machine     `json:"machine"`
	Commit  string      `json:"commit"`
	Rounds  int         `json:"rounds"`
	Clock   string      `json:"clock"`
	TimeNs  int64       `json:"time_ns"`
	Inputs  []InputDesc `json:"inputs"`
	Peers   []PeerDesc  `json:"peers"`
	Rows    []Row       `json:"rows"`
}

// Machine says where the table was measured.
type Machine struct {
	CPU      string `json:"cpu"`
	CPUs     int    `json:"cpus"`
	GOOS     string `json:"goos"`
	GOARCH   string `json:"goarch"`
	Go       string `json:"go"`
	LoadAvg  string `json:"load_average_start"`
	LoadEnd  string `json:"load_average_end"`
	WallTime string `json:"wall_time"`
}

// InputDesc describes an input.
type InputDesc struct {
	Name        string `json:"name"`
	Description string `json:"description"`
	Bytes       int    `json:"bytes"`
}

// PeerDesc is a peer: its version, the functions it runs, or why it did
// not run.
type PeerDesc struct {
	Peer      string       `json:"peer"`
	Version   string       `json:"version,omitempty"`
	Ran       bool         `json:"ran"`
	Reason    string       `json:"reason,omitempty"`
	Functions []peerOpFunc `json:"functions,omitempty"`
}

// A Row is one peer's speed on one input, beside one of the codec's
// functions in one form: peer "codec" is the codec itself (ratio: to the
// fastest peer whose output matched), "copy" is a Go copy of the input
// into a buffer that has room and "alloc-copy" (beside the forms that
// allocate their result) an allocating copy of what the form reads:
// strings.Clone of the input beside a string form, slices.Clone of its
// code units beside a utf16 form (ratio, for both: the codec's fraction
// of it), any other
// a peer (ratio: the codec's speed over the peer's). Ratios are medians of the per-round
// ratios; MB/s (10⁶ bytes a second) counts the bytes of the op's input
// file.
type Row struct {
	Op           string   `json:"op"`
	Function     string   `json:"function"`
	Form         string   `json:"form"`
	Input        string   `json:"input"`
	Bytes        int      `json:"bytes"`
	Peer         string   `json:"peer"`
	PeerFunction string   `json:"peer_function"`
	MBPerS       float64  `json:"mb_per_s"`
	Ratio        *float64 `json:"ratio"`
	Matches      bool     `json:"matches"`
	FastestPeer  string   `json:"fastest_peer,omitempty"`
	Iterations   int      `json:"iterations"`
}

func median(xs []float64) float64 {
	s := slices.Sorted(slices.Values(xs))
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// ratio is the median over rounds of peer's ns over ours.
func (b *bench) ratio(ours, peer cell) float64 {
	a, p := b.ns[ours], b.ns[peer]
	rs := make([]float64, min(len(a), len(p)))
	for i := range rs {
		rs[i] = p[i] / a[i]
	}
	return median(rs)
}

func (b *bench) table() *Table {
	t := &Table{Date: time.Now().UTC().Format(time.RFC3339), Commit: b.commit, Rounds: b.o.rounds, Clock: b.o.clock, TimeNs: b.o.target.Nanoseconds(),
		Machine: Machine{CPU: cpuModel(), CPUs: runtime.NumCPU(), GOOS: runtime.GOOS, GOARCH: runtime.GOARCH, Go: runtime.Version(),
			LoadAvg: b.load, LoadEnd: loadAvg(), WallTime: time.Since(b.start).Round(time.Second).String()}}
	for _, in := range b.ins {
		t.Inputs = append(t.Inputs, InputDesc{in.name, in.desc, len(in.raw)})
	}
	t.Peers = []PeerDesc{{Peer: "net/url", Version: runtime.Version(), Ran: true}, {Peer: "goja", Version: gojaVersion(), Ran: true}}
	for _, x := range b.peers {
		t.Peers = append(t.Peers, PeerDesc{Peer: x.name, Version: x.report.Version, Ran: x.notRun == "", Reason: x.notRun, Functions: x.report.Functions})
	}
	for _, p := range b.ops {
		for _, f := range p.Go {
			if f.peer != "codec" {
				continue
			}
			for _, in := range b.ins {
				k := [2]string{p.Name, in.name}
				st, _ := os.Stat(b.file[k])
				size := int(st.Size())
				mb := func(c cell) float64 { return float64(size) / median(b.ns[c]) * 1e3 }
				ours := cell{p.Name, in.name, "codec", f.function, f.form}
				var peers []cell
				for _, g := range p.Go {
					if g.peer != "codec" {
						peers = append(peers, cell{p.Name, in.name, g.peer, g.function, g.form})
					}
				}
				for _, x := range b.peers {
					if fn := x.function(p.Name); x.notRun == "" && fn != "" {
						peers = append(peers, cell{p.Name, in.name, x.name, fn, "string"})
					}
				}
				row := func(c cell, ratio *float64) Row {
					return Row{Op: p.Name, Function: f.function, Form: f.form, Input: in.name, Bytes: size, Peer: c.peer, PeerFunction: c.function,
						MBPerS: mb(c), Ratio: ratio, Matches: b.ok[c], Iterations: b.iters[c]}
				}
				var fastest *cell
				var rows []Row
				for _, c := range peers {
					var r *float64
					if b.ok[c] && b.ok[ours] {
						r = ptr(b.ratio(ours, c))
					}
					if b.ok[c] && (fastest == nil || mb(c) > mb(*fastest)) {
						fastest = &c
					}
					rows = append(rows, row(c, r))
				}
				self := row(ours, nil)
				if fastest != nil {
					self.FastestPeer = fastest.peer
					if b.ok[ours] {
						self.Ratio = ptr(b.ratio(ours, *fastest))
					}
				}
				cp := cell{p.Name, in.name, "copy", "copy", ""}
				t.Rows = append(t.Rows, self)
				t.Rows = append(t.Rows, rows...)
				t.Rows = append(t.Rows, row(cp, ptr(b.ratio(ours, cp))))
				if f.form != "append" {
					ac := allocCopy(p.Name, in.name, f.form)
					t.Rows = append(t.Rows, row(ac, ptr(b.ratio(ours, ac))))
				}
			}
		}
	}
	return t
}

func ptr(f float64) *float64 { return &f }

// fractionOf writes the codec's fraction r of a copy as "1/N", or "N/1"
// when the codec is the faster.
func fractionOf(r float64) string {
	if r >= 1 {
		return fmt.Sprintf("%.1f/1", r)
	}
	return fmt.Sprintf("1/%.0f", 1/r)
}

// printMarkdown prints the table for people: one line per codec function,
// form and input, with every peer's MB/s.
func (t *Table) printMarkdown(w io.Writer) {
	fmt.Fprintf(w, "bench-peers: %s, commit %s, %s, %d CPUs (%s/%s, %s), %d rounds of %s a cell (wall clock), times on the %s clock, load average %s → %s, %s wall\n\n",
		t.Date, t.Commit, t.Machine.CPU, t.Machine.CPUs, t.Machine.GOOS, t.Machine.GOARCH, t.Machine.Go,
		t.Rounds, time.Duration(t.TimeNs), t.Clock, t.Machine.LoadAvg, t.Machine.LoadEnd, t.Machine.WallTime)
	for _, p := range t.Peers {
		if p.Ran {
			fmt.Fprintf(w, "- %s %s\n", p.Peer, p.Version)
		} else {
			fmt.Fprintf(w, "- %s: not run (%s)\n", p.Peer, p.Reason)
		}
	}
	for _, in := range t.Inputs {
		fmt.Fprintf(w, "- input %s: %s\n", in.Name, in.Description)
	}
	fmt.Fprintln(w, "\nMB/s of the op's input; ≠ marks a peer whose output differs from the reference (not ranked);")
	fmt.Fprintln(w, "× fastest, of copy (a Go copy into a buffer with room) and of alloc copy (for the forms that allocate")
	fmt.Fprintln(w, "their result: strings.Clone of the input, slices.Clone of its []uint16 for utf16) are medians of per-round ratios.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| op | codec function | form | input | codec MB/s | peers MB/s | fastest | × fastest | of copy | of alloc copy |")
	fmt.Fprintln(w, "|---|---|---|---|---:|---|---|---:|---:|---:|")
	for i := 0; i < len(t.Rows); {
		self := t.Rows[i]
		j := i + 1
		var peers []string
		ofCopy, ofAlloc := "–", "–"
		for ; j < len(t.Rows) && t.Rows[j].Peer != "codec"; j++ {
			r := t.Rows[j]
			if r.Peer == "copy" || r.Peer == "alloc-copy" {
				if r.Ratio != nil && r.Peer == "copy" {
					ofCopy = fractionOf(*r.Ratio)
				} else if r.Ratio != nil {
					ofAlloc = fractionOf(*r.Ratio)
				}
				continue
			}
			mark := ""
			if !r.Matches {
				mark = "≠"
			}
			peers = append(peers, fmt.Sprintf("%s %s%.0f", r.Peer, mark, r.MBPerS))
		}
		ratio, mark := "–", ""
		if self.Ratio != nil {
			ratio = fmt.Sprintf("%.2f×", *self.Ratio)
		}
		if !self.Matches {
			mark = "≠"
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s%.0f | %s | %s | %s | %s | %s |\n", self.Op, self.Function, self.Form, self.Input,
			mark, self.MBPerS, strings.Join(peers, ", "), cmp.Or(self.FastestPeer, "–"), ratio, ofCopy, ofAlloc)
		i = j
	}
	t.printSummary(w)
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Peers' functions by op:")
	funcs := map[string][]string{}
	var opsSeen []string
	for _, r := range t.Rows {
		if r.Peer == "codec" || r.Peer == "copy" || r.Peer == "alloc-copy" {
			continue
		}
		s := r.Peer + " " + r.PeerFunction
		if !slices.Contains(opsSeen, r.Op) {
			opsSeen = append(opsSeen, r.Op)
		}
		if !slices.Contains(funcs[r.Op], s) {
			funcs[r.Op] = append(funcs[r.Op], s)
		}
	}
	for _, o := range opsSeen {
		fmt.Fprintf(w, "- %s: %s\n", o, strings.Join(funcs[o], "; "))
	}
}

// printSummary prints the codec's ratio to the fastest peer, which peer
// that is, and its fraction of a copy: one line per codec function and
// form, one column per input.
func (t *Table) printSummary(w io.Writer) {
	fmt.Fprintln(w, "\nSummary: the codec's speed over the fastest peer's (which one), its fraction of a copy of the same bytes,")
	fmt.Fprintln(w, "and, for the forms that allocate their result, its fraction of an allocating copy (strings.Clone, or slices.Clone of []uint16).")
	fmt.Fprintln(w)
	head, rule := "| op | codec function | form |", "|---|---|---|"
	for _, in := range t.Inputs {
		head, rule = head+" "+in.Name+" |", rule+"---:|"
	}
	fmt.Fprintln(w, head)
	fmt.Fprintln(w, rule)
	cells := map[[3]string]string{}
	var keys [][3]string
	for i, r := range t.Rows {
		if r.Peer != "codec" {
			continue
		}
		k := [3]string{r.Op, r.Function, r.Form}
		if _, ok := cells[k]; !ok {
			keys = append(keys, k)
		}
		s := "–"
		if r.Ratio != nil {
			s = fmt.Sprintf("%.2f× %s", *r.Ratio, r.FastestPeer)
		}
		if !r.Matches {
			s = "≠ " + s
		}
		for _, c := range t.Rows[i+1:] {
			if c.Peer == "codec" {
				break
			}
			if c.Ratio == nil {
				continue
			}
			switch c.Peer {
			case "copy":
				s += ", " + fractionOf(*c.Ratio)
			case "alloc-copy":
				s += " (alloc " + fractionOf(*c.Ratio) + ")"
			}
		}
		cells[[3]string{r.Op, r.Function, r.Form + "\x00" + r.Input}] = s
		cells[k] = ""
	}
	for _, k := range keys {
		line := "| " + k[0] + " | " + k[1] + " | " + k[2] + " |"
		for _, in := range t.Inputs {
			line += " " + cmp.Or(cells[[3]string{k[0], k[1], k[2] + "\x00" + in.Name}], "–") + " |"
		}
		fmt.Fprintln(w, line)
	}
}

// The machine.

var cpuRE = regexp.MustCompile(`(?m)^model name\s*:\s*(.+)$`)

func cpuModel() string {
	b, _ := os.ReadFile("/proc/cpuinfo")
	if m := cpuRE.FindSubmatch(b); m != nil {
		return string(m[1])
	}
	return "unknown CPU"
}

func loadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if f := strings.Fields(string(b)); err == nil && len(f) >= 3 {
		return strings.Join(f[:3], " ")
	}
	return "unknown"
}

func commit() string {
	out, err := exec.Command("git", "rev-parse", "--short=12", "HEAD").Output()
	if err != nil {
		return "unknown"
	}
	c := strings.TrimSpace(string(out))
	if st, err := exec.Command("git", "status", "--porcelain", "--untracked-files=no").Output(); err == nil && len(st) > 0 {
		c += "+dirty"
	}
	return c
}

// gojaVersion is goja's module version in this build.
func gojaVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, d := range bi.Deps {
			if d.Path == "github.com/dop251/goja" {
				return d.Version
			}
		}
	}
	return "(version unknown)"
}
