package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/pctest/pctest/internal/jsonschema"
	"github.com/pctest/pctest/internal/testenv"
)

// TestReferences checks the reference encoders on hand-made answers.
func TestReferences(t *testing.T) {
	for _, tc := range []struct{ got, want string }{
		{string(refEncode([]byte("a b~é%"), unreservedKeep, false)), "a%20b~%C3%A9%25"},
		{string(refEncode([]byte("a b+"), unreservedKeep, true)), "a+b%2B"},
		{string(refEncode([]byte("/a;b"), pathSegKeep, false)), "%2Fa%3Bb"},
		{string(refEncode([]byte("<#>`x"), fragmentKeep, false)), "%3C#%3E%60x"},
		{string(refEscape([]byte("a b@é€😀"))), "a%20b@%E9%u20AC%uD83D%uDE00"},
		{string(textOf([]byte{'a', 0xe9, 0xff})), "aéÿ"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
	ins := inputs(4096)
	for _, in := range ins[:3] {
		if len(in.raw) > 1024 || len(in.raw) < 1020 || !bytes.Equal(textOf(in.raw), in.raw) {
			t.Errorf("input %s: %d bytes, or not UTF-8", in.name, len(in.raw))
		}
	}
	if n := len(refEncode(ins[2].raw, unreservedKeep, false)); n < 2*len(ins[2].raw) {
		t.Errorf("mostly-encoded encodes to %d bytes, not mostly encoded", n)
	}
}

// TestGoFunctionsMatchReferences calls, once, every Go function of every
// op (the codec's in each form, net/url's and goja's) on every input (the
// random one cut to 4 KiB), in this process, and compares its answer with
// the reference's: what the table's "matches" says of them, without the
// timing.
func TestGoFunctionsMatchReferences(t *testing.T) {
	ins := inputs(4096)
	all := ops()
	cases := references(ins, all)
	for _, p := range all {
		for _, in := range ins {
			c := cases[[2]string{p.Name, in.name}]
			for _, f := range p.Go {
				step, result := f.setup(c.in)
				step()
				if got := result(); !bytes.Equal(got, c.want) {
					t.Errorf("%s %s (%s) for %s on %s: %d bytes %.60q…, want %d bytes %.60q…",
						f.peer, f.function, f.form, p.Name, in.name, len(got), got, len(c.want), c.want)
				}
			}
		}
	}
}

// TestCrateSource checks that the newest percent-encoding 2 directory is
// found whatever its version, and that none is an error naming what
// installs it.
func TestCrateSource(t *testing.T) {
	dir := t.TempDir()
	glob := filepath.Join(dir, "percent-encoding-2.*")
	if _, _, err := crateSource(glob); err == nil || !strings.Contains(err.Error(), "make bench-peers") {
		t.Errorf("no crate: error %v, want one naming make bench-peers", err)
	}
	for _, v := range []string{"2.2.0", "2.10.1", "2.9.9", "2.x"} {
		if err := os.Mkdir(filepath.Join(dir, "percent-encoding-"+v), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if d, v, err := crateSource(glob); err != nil || v != "2.10.1" || d != filepath.Join(dir, "percent-encoding-2.10.1") {
		t.Errorf("got %s, %s, %v; want version 2.10.1", d, v, err)
	}
}

// schemas loads table.schema.json and peer.schema.json.
func schemas(t *testing.T) *jsonschema.Set {
	t.Helper()
	s, err := jsonschema.Load("table.schema.json", "peer.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// smallRun runs the harness on the ops named and the mixed input, one
// iteration a cell, with the external peers named, and returns the table
// after checking it against table.schema.json.
func smallRun(t *testing.T, ops string, rounds int, peers, rustDir string) *Table {
	t.Helper()
	dir := t.TempDir()
	out := filepath.Join(dir, "bench-peers.json")
	var stdout, stderr bytes.Buffer
	args := []string{"-n", "1", "-rounds", strconv.Itoa(rounds), "-ops", ops, "-inputs", "mixed",
		"-dir", ".", "-work", filepath.Join(dir, "work"), "-rust", rustDir, "-json", out, "-peers", peers}
	if err := run(args, &stdout, &stderr); err != nil {
		t.Fatalf("run: %v\n%s", err, stderr.String())
	}
	if !strings.Contains(stdout.String(), "| op | codec function | form | input |") {
		t.Errorf("no table printed:\n%s", stdout.String())
	}
	if err := schemas(t).ValidateFile("table.schema.json", out); err != nil {
		t.Error(err)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var tab Table
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&tab); err != nil {
		t.Fatal(err)
	}
	return &tab
}

// TestTable runs the harness with its Go peers alone (two ops, the mixed
// input, one iteration a cell, two rounds) and checks the table:
// its schema, the ops and input asked for, that the codec's and every
// peer's answers matched the reference, and that each codec row has its
// fastest peer, its peers' rows and a copy row, and the string and utf16
// forms an allocating-copy row.
func TestTable(t *testing.T) {
	tab := smallRun(t, "percent-decode,encodeURIComponent", 2, "", t.TempDir())
	if len(tab.Inputs) != 1 || tab.Inputs[0].Name != "mixed" || tab.Rounds != 2 {
		t.Errorf("inputs %+v, %d rounds: want mixed alone, 2 rounds", tab.Inputs, tab.Rounds)
	}
	peersOf := map[string]int{}
	opsSeen := map[string]bool{}
	allocating := 0 // codec rows of a form that allocates its result
	for i, r := range tab.Rows {
		opsSeen[r.Op] = true
		if r.Peer == "codec" && r.Form != "append" {
			allocating++
		}
		if r.Peer == "alloc-copy" && r.Form == "append" {
			t.Errorf("%s %s on %s: an allocating copy beside an append form", r.Function, r.Form, r.Input)
		}
		if !r.Matches {
			t.Errorf("%s (%s) for %s %s on %s: the answer differs from the reference", r.Peer, r.PeerFunction, r.Function, r.Form, r.Input)
		}
		if r.Peer != "codec" {
			peersOf[r.Peer]++
			continue
		}
		if r.Ratio == nil || r.FastestPeer == "" {
			t.Errorf("%s %s on %s: no fastest peer", r.Function, r.Form, r.Input)
		}
		if i+1 >= len(tab.Rows) || tab.Rows[i+1].Peer == "codec" || tab.Rows[i+1].Peer == "copy" {
			t.Errorf("%s %s on %s: no peer rows", r.Function, r.Form, r.Input)
		}
	}
	if len(opsSeen) != 2 || !opsSeen["percent-decode"] || !opsSeen["encodeURIComponent"] {
		t.Errorf("ops %v: want percent-decode and encodeURIComponent", opsSeen)
	}
	if peersOf["alloc-copy"] != allocating {
		t.Errorf("%d allocating-copy rows for %d codec rows of the string and utf16 forms: want one each", peersOf["alloc-copy"], allocating)
	}
	// The Markdown tables: each line has as many cells as its header.
	var md strings.Builder
	tab.printMarkdown(&md)
	cells := 0
	for _, line := range strings.Split(md.String(), "\n") {
		if !strings.HasPrefix(line, "|") {
			cells = 0
			continue
		}
		n := strings.Count(line, " |")
		if cells == 0 {
			cells = n
		} else if n != cells && !strings.HasPrefix(line, "|---") {
			t.Errorf("%d cells, the header has %d: %s", n, cells, line)
		}
	}
	for _, p := range []string{"net/url", "goja", "copy", "alloc-copy"} {
		if peersOf[p] == 0 {
			t.Errorf("no rows of peer %s", p)
		}
	}
}

// TestPeers runs each peer program this machine has: its report, with no
// case and with one, against peer.schema.json, and the harness with it on
// percent-decode (which every peer runs), where the peer's answer must
// match the reference. A peer that is
// missing is skipped, naming what `make bench-peers` installs. The Rust
// peer is built in bin/benchpeers/rust when `make bench-peers` built it
// there (cargo finds nothing to do), else in a temporary directory (one
// small crate, offline: a few seconds; skipped under -short).
func TestPeers(t *testing.T) {
	set := schemas(t)
	in := filepath.Join(t.TempDir(), "in")
	if err := os.WriteFile(in, []byte("a%20b"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"node", "python3", "rust"} {
		t.Run(name, func(t *testing.T) {
			rustDir := t.TempDir()
			switch name {
			case "rust":
				testenv.Require(t, testenv.Command("cargo").By("bench-peers"))
				if _, _, err := crateSource(crateGlob); err != nil {
					testenv.Require(t, testenv.File(crateGlob).By("bench-peers"))
				}
				built := filepath.Join("..", "..", "..", "bin", "benchpeers", "rust")
				if _, err := os.Stat(filepath.Join(built, "target", "release", "benchpeers-rust")); err == nil {
					rustDir = built
				} else if testing.Short() {
					t.Skip("-short, and the Rust peer is not built in bin/benchpeers/rust: `make bench-peers` builds it")
				}
			default:
				testenv.Require(t, testenv.Command(name).By("bench-peers"))
			}
			ps := newPeers(options{dir: ".", peers: name, rust: rustDir}, io.Discard)
			if len(ps) != 1 || ps[0].notRun != "" {
				t.Fatalf("peer %s not run: %s", name, ps[0].notRun)
			}
			for _, args := range [][]string{{"0"}, {"1000", "percent-decode", in, "1", "-"}} {
				cmd := exec.Command(ps[0].argv[0], append(slices.Clone(ps[0].argv[1:]), args...)...)
				rep, err := cmd.Output()
				if err != nil {
					t.Fatalf("%s %s: %v", cmd, args, err)
				}
				if err := set.ValidateJSON("peer.schema.json", rep); err != nil {
					t.Errorf("%s %s: %v", cmd, args, err)
				}
			}

			tab := smallRun(t, "percent-decode", 1, name, rustDir)
			for _, p := range tab.Peers {
				if p.Peer == name && (!p.Ran || p.Version == "") {
					t.Errorf("peer %s: ran %v, version %q, %s", name, p.Ran, p.Version, p.Reason)
				}
			}
			n := 0
			for _, r := range tab.Rows {
				if r.Peer != name {
					continue
				}
				n++
				if !r.Matches {
					t.Errorf("%s (%s) on %s for %s: the answer differs from the reference", r.Peer, r.PeerFunction, r.Input, r.Op)
				}
			}
			if n == 0 {
				t.Errorf("no rows of peer %s", name)
			}
		})
	}
}
