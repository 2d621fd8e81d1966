package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/pctest/pctest/codec"
	"github.com/pctest/pctest/vectors"
)

// opsListing is what `pctest ops -format json` prints
// (ops.schema.json): the suite version, the areas with their ops, and the
// named sets of percentEncodeSet's args.set.
type opsListing struct {
	SuiteVersion string     `json:"suite_version"`
	Areas        []opsArea  `json:"areas"`
	Sets         []namedSet `json:"sets"`
}

// opsArea is one area: its vectors file and its ops.
type opsArea struct {
	Name    string   `json:"name"`
	File    string   `json:"file"`
	Vectors int      `json:"vectors"`
	Ops     []opInfo `json:"ops"`
}

// opInfo is one op as vectors.OpInfo describes it.
type opInfo struct {
	Name   string   `json:"name"`
	In     string   `json:"in"`
	Out    string   `json:"out"`
	Args   []string `json:"args"`
	Errors []string `json:"errors"`
	Units  bool     `json:"utf16_units"`
	Doc    string   `json:"doc"`
}

// namedSet is one named encode set of vectors/sets.json: the octets it
// keeps, as hex and as codec.Set's String.
type namedSet struct {
	Name      string `json:"name"`
	KeepsHex  string `json:"keeps_hex"`
	Keeps     string `json:"keeps"`
	KeepCount int    `json:"keep_count"`
}

// listOps gathers the listing from the manifest, the op table and the
// named sets of vectors/sets.json.
func listOps() (*opsListing, error) {
	m, err := vectors.ReadManifest()
	if err != nil {
		return nil, err
	}
	l := &opsListing{SuiteVersion: suiteVersion(), Areas: []opsArea{}, Sets: []namedSet{}}
	for _, f := range m.Files {
		a := opsArea{Name: f.Area, File: "vectors/" + f.Name, Vectors: f.Vectors, Ops: []opInfo{}}
		for _, op := range vectors.Ops() {
			if op.Area != f.Area {
				continue
			}
			a.Ops = append(a.Ops, opInfo{Name: string(op.Name), In: op.In.String(), Out: op.Out.String(),
				Args: append([]string{}, op.Args...), Errors: append([]string{}, op.Errors...), Units: op.Units, Doc: op.Doc})
		}
		l.Areas = append(l.Areas, a)
	}
	sets, err := vectors.NamedSets()
	if err != nil {
		return nil, err
	}
	for _, ns := range sets {
		var keeps []byte
		for c := range 256 {
			if ns.Contains(byte(c)) {
				keeps = append(keeps, byte(c))
			}
		}
		s := codec.SetOf(string(keeps)) // for its String only: the members are the file's
		l.Sets = append(l.Sets, namedSet{Name: ns.Name, KeepsHex: fmt.Sprintf("%x", keeps), Keeps: s.String(), KeepCount: len(keeps)})
	}
	return l, nil
}

// cmdOps prints the ops, areas and named sets, as text or JSON.
func cmdOps(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("ops", stderr)
	format := formatFlag(fs)
	if code := parseFlags(fs, args, stderr); code >= 0 {
		return code
	}
	if err := checkFormat("ops", *format); err != nil {
		fmt.Fprintf(stderr, "pctest ops: %v\n", err)
		return exitUsage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "pctest ops: takes no arguments (got %q)\n", fs.Args())
		return exitUsage
	}
	l, err := listOps()
	if err != nil {
		fmt.Fprintf(stderr, "pctest ops: %v\n", err)
		return exitFail
	}
	switch *format {
	case "json":
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(l); err != nil {
			fmt.Fprintf(stderr, "pctest ops: %v\n", err)
			return exitFail
		}
	case "text":
		writeOpsText(stdout, l)
	default:
		fmt.Fprintf(stderr, "pctest ops: -format %q: want text or json\n", *format)
		return exitUsage
	}
	return exitOK
}

// writeOpsText prints l for people: one block per area, one line per op,
// then the named sets.
func writeOpsText(w io.Writer, l *opsListing) {
	fmt.Fprintf(w, "pctest suite %s\n", l.SuiteVersion)
	for _, a := range l.Areas {
		fmt.Fprintf(w, "\narea %s (%s, %d vectors)\n", a.Name, a.File, a.Vectors)
		for _, op := range a.Ops {
			sig := op.In + " -> " + op.Out
			if len(op.Args) > 0 {
				sig += ", args " + strings.Join(op.Args, ",")
			}
			if len(op.Errors) > 0 {
				sig += ", errors " + strings.Join(op.Errors, ",")
			}
			if op.Units {
				sig += ", UTF-16 code units"
			}
			fmt.Fprintf(w, "  %-21s %s\n  %-21s %s\n", op.Name, sig, "", op.Doc)
		}
	}
	fmt.Fprintf(w, "\nnamed sets (percentEncodeSet args.set: the octets each keeps)\n")
	for _, s := range l.Sets {
		fmt.Fprintf(w, "  %-23s %3d  %s\n", s.Name, s.KeepCount, s.Keeps)
	}
}
