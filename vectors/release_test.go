package vectors

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite index.json's counts and corpus digest, and append the manifest version's changes to releases.txt")

// release is one version's changes in releases.txt: the vectors it added
// or changed (id -> digest) and the ids it removed.
type release struct {
	version string
	set     map[string]string
	removed []string
}

// readReleases reads releases.txt: lines "VERSION ID DIGEST" (added or
// changed in VERSION), "VERSION ID -" (removed) or "VERSION - -" (a
// release that added, changed and removed nothing: a patch release of
// refs, notes, levels or documentation), versions in order.
func readReleases(t *testing.T) []release {
	t.Helper()
	data, err := os.ReadFile("releases.txt")
	if err != nil {
		t.Fatal(err)
	}
	var rs []release
	for n, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		if line == "" && len(data) <= 1 {
			break
		}
		f := strings.Fields(line)
		if len(f) != 3 {
			t.Fatalf("releases.txt:%d: want VERSION ID DIGEST, got %q", n+1, line)
		}
		if len(rs) == 0 || rs[len(rs)-1].version != f[0] {
			for _, r := range rs {
				if r.version == f[0] {
					t.Fatalf("releases.txt:%d: version %s again after other versions", n+1, f[0])
				}
			}
			rs = append(rs, release{version: f[0], set: map[string]string{}})
		}
		r := &rs[len(rs)-1]
		if f[1] == "-" && f[2] == "-" {
			continue // a release that changed no vector
		}
		if f[2] == "-" {
			r.removed = append(r.removed, f[1])
		} else {
			r.set[f[1]] = f[2]
		}
	}
	return rs
}

// replay gives the ids and digests in force after the releases rs, and
// fails the test where an id comes back after it was removed.
func replay(t *testing.T, rs []release) map[string]string {
	t.Helper()
	state := map[string]string{}
	gone := map[string]string{}
	for _, r := range rs {
		for id, d := range r.set {
			if v, ok := gone[id]; ok {
				t.Errorf("releases.txt: %s reuses id %s, removed in %s: ids are never reused", r.version, id, v)
			}
			state[id] = d
		}
		for _, id := range r.removed {
			delete(state, id)
			gone[id] = r.version
		}
	}
	return state
}

// delta is what changed from old to cur: ids added, changed and removed,
// each sorted.
func delta(old, cur map[string]string) (added, changed, removed []string) {
	for id, d := range cur {
		switch o, ok := old[id]; {
		case !ok:
			added = append(added, id)
		case o != d:
			changed = append(changed, id)
		}
	}
	for id := range old {
		if _, ok := cur[id]; !ok {
			removed = append(removed, id)
		}
	}
	slices.Sort(added)
	slices.Sort(changed)
	slices.Sort(removed)
	return
}

func currentDigests(t *testing.T) map[string]string {
	t.Helper()
	vs, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	m := make(map[string]string, len(vs))
	for i := range vs {
		m[vs[i].ID] = vs[i].Digest()
	}
	return m
}

// TestReleases checks the compatibility rule (CHANGELOG.md): the corpus is
// exactly what releases.txt says the manifest's version holds, no id comes
// back after it was removed, and each version's section of CHANGELOG.md
// lists the ids that version added, changed and removed. With -update, the
// changes of a manifest version newer than releases.txt's last are
// appended to it.
func TestReleases(t *testing.T) {
	m, err := ReadManifest()
	if err != nil {
		t.Fatal(err)
	}
	rs := readReleases(t)
	cur := currentDigests(t)
	var last release
	if len(rs) > 0 {
		last = rs[len(rs)-1]
	}
	if last.version != m.Version {
		state := replay(t, rs)
		added, changed, removed := delta(state, cur)
		if !*update {
			t.Fatalf("index.json names version %s, releases.txt ends at %s: run go test ./vectors -run 'TestReleases|TestManifest' -update to record %s (%d added, %d changed, %d removed)",
				m.Version, last.version, m.Version, len(added), len(changed), len(removed))
		}
		f, err := os.OpenFile("releases.txt", os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		w := bufio.NewWriter(f)
		for _, id := range slices.Concat(added, changed) {
			fmt.Fprintf(w, "%s %s %s\n", m.Version, id, cur[id])
		}
		for _, id := range removed {
			fmt.Fprintf(w, "%s %s -\n", m.Version, id)
		}
		if len(added)+len(changed)+len(removed) == 0 {
			fmt.Fprintf(w, "%s - -\n", m.Version)
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		f.Close()
		rs = readReleases(t)
	}
	state := replay(t, rs)
	if added, changed, removed := delta(state, cur); len(added)+len(changed)+len(removed) > 0 {
		t.Errorf("the vectors differ from release %s (releases.txt): %d added %q, %d changed %q, %d removed %q;\n"+
			"a changed expected value needs a new id or a new version: bump \"version\" in index.json, list the ids in a CHANGELOG.md section for it, and run go test ./vectors -run 'TestReleases|TestManifest' -update",
			m.Version, len(added), firstIDs(added), len(changed), firstIDs(changed), len(removed), firstIDs(removed))
	}

	// CHANGELOG.md: one "## vX.Y.Z" section per release, newest first, each
	// listing the release's ids under ### Added, ### Changed and ### Removed
	// (the first release may say it adds the whole corpus instead).
	sections := readChangelog(t)
	var versions []string
	for _, r := range rs {
		versions = append(versions, r.version)
	}
	var inLog []string
	for _, s := range sections {
		inLog = append(inLog, s.version)
	}
	slices.Reverse(inLog)
	if diff := cmp.Diff(versions, inLog); diff != "" {
		t.Fatalf("versions, oldest first (-releases.txt +CHANGELOG.md):\n%s", diff)
	}
	prev := map[string]string{}
	for i, r := range rs {
		next := replay(t, rs[:i+1])
		added, changed, removed := delta(prev, next)
		s := sections[len(sections)-1-i]
		if i == 0 && s.wholeCorpus {
			if len(changed)+len(removed) != 0 {
				t.Errorf("CHANGELOG.md %s: the first release cannot change or remove vectors", r.version)
			}
		} else {
			for _, c := range []struct {
				what       string
				want, have []string
			}{{"Added", added, s.added}, {"Changed", changed, s.changed}, {"Removed", removed, s.removed}} {
				have := slices.Sorted(slices.Values(c.have))
				if diff := cmp.Diff(c.want, have); diff != "" {
					t.Errorf("CHANGELOG.md %s ### %s lists %d ids, releases.txt says %d (-releases.txt +CHANGELOG.md):\n%s", r.version, c.what, len(have), len(c.want), diff)
				}
			}
		}
		prev = next
	}
	if t.Failed() {
		return
	}
	if n := len(cur); n == 0 {
		t.Fatal("no vectors")
	}
	t.Logf("release %s: %d vectors, %d releases recorded", m.Version, len(cur), len(rs))
}

// firstIDs returns up to the first 10 ids, for messages.
func firstIDs(ids []string) []string { return ids[:min(10, len(ids))] }

type changelogSection struct {
	version                 string
	wholeCorpus             bool
	added, changed, removed []string
}

var (
	versionHeading = regexp.MustCompile(`^## (v\d+\.\d+\.\d+)\b`)
	idItem         = regexp.MustCompile("^- `([^`]+)`")
)

// readChangelog parses ../CHANGELOG.md's release sections.
func readChangelog(t *testing.T) []changelogSection {
	t.Helper()
	data, err := os.ReadFile("../CHANGELOG.md")
	if err != nil {
		t.Fatal(err)
	}
	var out []changelogSection
	var list *[]string
	for n, line := range strings.Split(string(data), "\n") {
		if m := versionHeading.FindStringSubmatch(line); m != nil {
			out = append(out, changelogSection{version: m[1]})
			list = nil
			continue
		}
		if strings.HasPrefix(line, "## ") {
			list = nil
			continue
		}
		if len(out) == 0 {
			continue
		}
		s := &out[len(out)-1]
		switch strings.TrimSpace(line) {
		case "### Added":
			list = &s.added
		case "### Changed":
			list = &s.changed
		case "### Removed":
			list = &s.removed
		default:
			if strings.Contains(line, "Added: the whole corpus") {
				s.wholeCorpus = true
			}
			if m := idItem.FindStringSubmatch(line); m != nil {
				if list == nil {
					t.Fatalf("CHANGELOG.md:%d: id %s outside ### Added, ### Changed or ### Removed", n+1, m[1])
				}
				*list = append(*list, m[1])
			}
		}
	}
	return out
}

// TestManifest checks index.json against the embedded corpus: the same
// files in the same order as Files, each file's area, ops and vector
// count, and the corpus digest of its version. -update rewrites the counts
// and digest.
func TestManifest(t *testing.T) {
	m, err := ReadManifest()
	if err != nil {
		t.Fatal(err)
	}
	want := m
	want.Suite, want.Schema = "pctest", "vectors.schema.json"
	want.CorpusSHA256 = CorpusHash()
	want.Files = nil
	for _, name := range Files() {
		data, err := ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		vs, err := LoadFile(name, data)
		if err != nil {
			t.Fatal(err)
		}
		area := strings.TrimSuffix(name, ".json")
		var ops []string
		for _, op := range Ops() {
			if op.Area == area {
				ops = append(ops, string(op.Name))
			}
		}
		want.Files = append(want.Files, ManifestFile{Name: name, Area: area, Ops: ops, Vectors: len(vs)})
	}
	if !regexp.MustCompile(`^v\d+\.\d+\.\d+$`).MatchString(m.Version) {
		t.Errorf("index.json version %q is not vMAJOR.MINOR.PATCH", m.Version)
	}
	if *update {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetIndent("", "  ")
		if err := enc.Encode(want); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile("index.json", buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, _ := json.Marshal(m)
	w, _ := json.Marshal(want)
	if !bytes.Equal(got, w) {
		t.Errorf("index.json does not match the embedded corpus (run go test ./vectors -run 'TestReleases|TestManifest' -update after recording the release in CHANGELOG.md):\n have %s\n want %s", got, w)
	}
	// Every file the manifest names is a vectors file, and every *.json of
	// this directory that it does not name is not one.
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".json") || e.Name() == "index.json" {
			continue
		}
		named := slices.ContainsFunc(m.Files, func(f ManifestFile) bool { return f.Name == e.Name() })
		data, err := os.ReadFile(e.Name())
		if err != nil {
			t.Fatal(err)
		}
		_, lerr := LoadFile(e.Name(), data)
		if named != (lerr == nil) {
			t.Errorf("%s: named in index.json %v, but loads as a vectors file: %v", e.Name(), named, lerr)
		}
	}
	if v := SuiteVersion(); !strings.HasPrefix(v, m.Version+"+vectors.") || strings.HasSuffix(v, ".modified") {
		t.Errorf("SuiteVersion() = %q, want %s+vectors.HASH", v, m.Version)
	}
}
