package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

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

// peerArgs returns -peers for the external peers this machine has, and
// logs (as internal/testenv says it) each one that is missing.
func peerArgs(t *testing.T) string {
	needs := map[string][]testenv.Need{
		"node":    {testenv.Command("node").By("bench-peers")},
		"python3": {testenv.Command("python3").By("bench-peers")},
		"rust": {testenv.Command("cargo").By("bench-peers"),
			testenv.File("/usr/share/cargo/registry/percent-encoding-2.2.0").By("bench-peers")},
	}
	var peers []string
	for _, p := range []string{"node", "python3", "rust"} {
		if err := testenv.Missing(needs[p]...); err != nil {
			t.Logf("peer %s skipped: %v", p, err)
			continue
		}
		peers = append(peers, p)
	}
	return strings.Join(peers, ",")
}

// TestTable runs the harness with one iteration a cell, two rounds and a
// small random input, and checks its JSON: against table.schema.json with
// Python's jsonschema where it is installed, and in Go that every codec
// function gave the reference's answer, that every peer did but where a
// known difference says otherwise, and that each codec row has its peers
// and copy rows.
func TestTable(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "bench-peers.json")
	peers := peerArgs(t)
	var stdout, stderr bytes.Buffer
	args := []string{"-n", "1", "-rounds", "2", "-random-size", "4096", "-dir", ".", "-work", filepath.Join(dir, "work"),
		"-json", out, "-peers", peers}
	if err := run(args, &stdout, &stderr); err != nil {
		t.Fatalf("run: %v\n%s", err, stderr.String())
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
	for _, p := range tab.Peers {
		if !p.Ran {
			t.Errorf("peer %s did not run: %s", p.Peer, p.Reason)
		}
	}
	if len(tab.Rows) == 0 {
		t.Fatal("no rows")
	}
	peersOf := map[string]int{}
	for i, r := range tab.Rows {
		switch {
		case r.Peer == "codec":
			if !r.Matches {
				t.Errorf("%s %s on %s: the codec's answer differs from the reference", r.Function, r.Form, r.Input)
			}
			if tab.Rows[i+1].Peer == "copy" {
				// Every op has a peer when all of them ran.
				if peers == "node,python3,rust" {
					t.Errorf("%s %s on %s: no peer rows", r.Function, r.Form, r.Input)
				}
			} else if r.Ratio == nil || r.FastestPeer == "" {
				t.Errorf("%s %s on %s: no fastest peer", r.Function, r.Form, r.Input)
			}
		case r.Peer == "node" && r.Op == "fragment-encode" && r.Input == "random":
			// The URL parser drops tab and newline from what the hash setter
			// is given: not the fragment set's percent-encoding.
			if r.Matches {
				t.Errorf("node's URL.hash matches on random input, which holds tabs and newlines")
			}
		case !r.Matches:
			t.Errorf("%s (%s) on %s for %s: answer differs from the reference", r.Peer, r.PeerFunction, r.Input, r.Op)
		default:
			peersOf[r.Peer]++
		}
	}
	for _, p := range append([]string{"net/url", "goja", "copy"}, strings.Split(peers, ",")...) {
		if p != "" && peersOf[p] == 0 {
			t.Errorf("no rows of peer %s", p)
		}
	}
	if !strings.Contains(stdout.String(), "| op | codec function | form | input |") {
		t.Errorf("no table printed:\n%s", stdout.String())
	}

	t.Run("jsonschema", func(t *testing.T) {
		testenv.Require(t, testenv.Module("python3", "jsonschema"))
		in := filepath.Join(dir, "in")
		if err := os.WriteFile(in, []byte("a%20b"), 0o644); err != nil {
			t.Fatal(err)
		}
		var reports []string
		for _, p := range []struct{ peer, prog string }{{"node", "peer.js"}, {"python3", "peer.py"}} {
			if testenv.Check(testenv.Command(p.peer)) != nil {
				continue
			}
			rep, err := exec.Command(p.peer, p.prog, "1000", "percent-decode", in, "1", "-").Output()
			if err != nil {
				t.Fatalf("%s %s: %v", p.peer, p.prog, err)
			}
			reports = append(reports, string(rep))
		}
		script := `
import json, sys, jsonschema
table, peer = (json.load(open(f)) for f in ("table.schema.json", "peer.schema.json"))
for s in (table, peer):
    jsonschema.Draft202012Validator.check_schema(s)
jsonschema.Draft202012Validator(table).validate(json.load(open(sys.argv[1])))
for line in sys.stdin:
    jsonschema.Draft202012Validator(peer).validate(json.loads(line))
`
		cmd := exec.Command("python3", "-c", script, out)
		cmd.Stdin = strings.NewReader(strings.Join(reports, ""))
		if msg, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("jsonschema: %v\n%s", err, msg)
		}
	})
}
