package main

import (
	"archive/zip"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/pctest/pctest/fuzz/internal/lfbuild"
)

// TestSeedCorpora builds the seed corpus of every target of build.sh as
// build.sh does, and checks that each file of each zip decodes, the way
// go-118-fuzz-build's shim reads the parameters of the target's F.Fuzz
// function (read from its source), to the arguments of the seed it was
// written from: the f.Add seeds of the target as go test adds them
// (PCTEST_SEED_DUMP), in order, then its testdata/fuzz files.
func TestSeedCorpora(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the seeds of every target with go test; skipped in -short mode")
	}
	p, err := loadProject("")
	if err != nil {
		t.Fatal(err)
	}
	seeds, err := p.seeds()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, tg := range p.targets {
		path := filepath.Join(dir, tg.Name+"_seed_corpus.zip")
		if _, err := writeSeedZip(path, seeds[tg.Func]); err != nil {
			t.Fatal(err)
		}
		_, types, err := p.params(tg)
		if err != nil {
			t.Fatal(err)
		}
		zr, err := zip.OpenReader(path)
		if err != nil {
			t.Fatal(err)
		}
		want := seeds[tg.Func]
		if len(zr.File) != len(want) {
			t.Errorf("%s: %d files in the zip, %d seeds", tg.Name, len(zr.File), len(want))
		}
		added, bad := 0, 0
		for i, f := range zr.File {
			if i >= len(want) {
				break
			}
			data, err := readZipFile(f)
			if err != nil {
				t.Fatal(err)
			}
			got, err := lfbuild.Decode(data, types)
			if err != nil || !sameArgs(got, want[i].args) {
				if bad++; bad <= 3 {
					t.Errorf("%s: %s decodes for func(%s) to %#v, %v; the seed is %#v",
						tg.Name, f.Name, strings.Join(types, ", "), got, err, want[i].args)
				}
			}
			if strings.HasPrefix(f.Name, "seed-") {
				added++
			}
		}
		zr.Close()
		if bad > 3 {
			t.Errorf("%s: %d seeds in all decode wrongly", tg.Name, bad)
		}
		if added == 0 {
			t.Errorf("%s: no f.Add seed in its seed corpus", tg.Name)
		}
	}
}

// sameArgs compares argument lists, an empty []byte equal to a nil one.
func sameArgs(a, b []any) bool { return cmp.Equal(a, b, cmpopts.EquateEmpty()) }

// TestTargetOf checks how replay tells an input's target from its name.
func TestTargetOf(t *testing.T) {
	p := &project{targets: []lfbuild.Target{
		{Func: "FuzzA", Name: "utf8"},
		{Func: "FuzzBC", Name: "percent_decode"},
		{Func: "FuzzB", Name: "percent"},
		{Func: "FuzzD", Name: "iri"},
	}}
	for in, want := range map[string]string{
		".libfuzzer/crashes/utf8-crash-0a1b":                   "utf8",
		"percent_decode-address-crash-0a1b":                    "percent_decode",
		"/tmp/artifacts.zip:percent_decode-address-crash-0a1b": "percent_decode",
		"percent-crash-1":                                      "percent",
		".libfuzzer/corpus/iri/0a1b2c":                         "iri",
	} {
		got, err := p.targetOf("", in)
		if err != nil || got.Name != want {
			t.Errorf("targetOf(%q) = %q, %v; want %q", in, got.Name, err, want)
		}
	}
	if _, err := p.targetOf("", "crash-0a1b"); err == nil {
		t.Error("targetOf found a target for a bare crash-<sha1>")
	}
	if got, err := p.targetOf("FuzzD", "crash-0a1b"); err != nil || got.Name != "iri" {
		t.Errorf("targetOf with -target FuzzD = %q, %v", got.Name, err)
	}
	if _, err := p.targetOf("nope", "utf8-crash-1"); err == nil {
		t.Error("targetOf accepted -target naming no target")
	}
}

// TestReadInputs reads a directory and a zip as ClusterFuzzLite's
// artifacts come (with a .summary file, which is no input).
func TestReadInputs(t *testing.T) {
	dir := t.TempDir()
	zpath := filepath.Join(dir, "artifacts.zip")
	f, _ := os.Create(zpath)
	zw := zip.NewWriter(f)
	for name, data := range map[string]string{
		"utf8-address-crash-1":         "\x00\x00\x00\x01\xff",
		"utf8-address-crash-1.summary": "panic: ...",
	} {
		w, _ := zw.Create(name)
		w.Write([]byte(data))
	}
	zw.Close()
	f.Close()
	sub := filepath.Join(dir, "corpus")
	os.Mkdir(sub, 0o755)
	os.WriteFile(filepath.Join(sub, "a"), []byte("x"), 0o644)
	os.WriteFile(filepath.Join(sub, "b"), []byte("y"), 0o644)
	got, err := readInputs([]string{zpath, sub})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, in := range got {
		names = append(names, filepath.Base(in.name))
	}
	want := []string{"artifacts.zip:utf8-address-crash-1", "a", "b"}
	if diff := cmp.Diff(want, names); diff != "" || string(got[0].data) != "\x00\x00\x00\x01\xff" {
		t.Errorf("readInputs: first data %q, names (-want +got):\n%s", got[0].data, diff)
	}
}

// TestStatusLines checks the patterns that read libFuzzer's status lines
// (as libFuzzer 14 writes them) and that the table shows what they read.
func TestStatusLines(t *testing.T) {
	for _, line := range []string{
		"#12345: cov: 1084 ft: 2000 corp: 41 exec/s 411 oom/timeout/crash: 0/0/0 time: 30s job: 3 dft_time: 0",
		"#12345: cov: 1084 ft: 2000 corp: 41 exec/s: 411 oom/timeout/crash: 0/0/1 time: 30s job: 3 dft_time: 0",
	} {
		m := forkLine.FindStringSubmatch(line)
		if m == nil || m[1] != "12345" || m[2] != "30" {
			t.Errorf("forkLine on %q = %q", line, m)
		}
	}
	m := initedLine.FindStringSubmatch("#671\tINITED cov: 528 ft: 708 corp: 42/282b exec/s: 95 rss: 65Mb")
	if m == nil || m[1] != "528" || m[2] != "708" || m[3] != "42" {
		t.Errorf("initedLine = %q", m)
	}
	var b strings.Builder
	printTable(&b, []result{{name: "utf8", execs: 1000, seconds: 10,
		start: stats{true, 528, 708, 42}, end: stats{true, 600, 900, 60}, crashes: []string{"x"}}})
	if !strings.Contains(b.String(), "| utf8 | 1000 | 100 | 42 | 60 | 528 | 600 | 708 | 900 | 1 |") {
		t.Errorf("table:\n%s", b.String())
	}
}
