// Command gen writes pctest's vectors files (vectors/*.json but
// deviations.json, index.json and sets.json) from two sources:
//
//   - the hand-written vectors of hand/AREA.json, whose expected values were
//     worked out by hand from the specs; gen checks each of them against
//     its own transcription of the spec and stops on any disagreement;
//   - systematic sweeps (every ASCII octet through every encode op and named
//     set, every %XX through every decode op, UTF-8 boundaries, every
//     throwing step, every malformed escape and invalid UTF-8 kind), whose
//     expected values come from the transcriptions of package
//     internal/spec (the sets of RFC 3986, WHATWG URL, ECMA-262 and net/url's
//     gen_encoding_table.go; ECMA-262 5.1 §15.1.3 Encode and Decode; Annex
//     B escape and unescape; the octet-level algorithms; RFC 3987 IRI to
//     URI and back; percent-encode after encoding with the legacy
//     encodings), which the fuzz targets check the codec against too.
//
// Neither it nor internal/spec imports package codec (spec's TestNoCodec
// checks the import graph): the vectors judge the codec, so they must
// not come from it. Run it with go generate in package vectors:
//
//	go generate ./vectors/
//
// It writes sets.json, the named encode sets with their members and spec
// references, from internal/spec's NamedSets.
//
// With -check it writes nothing and exits 1 when a file differs from what
// it would write.
package main

import (
	"bytes"
	"embed"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/pctest/pctest/vectors"
)

//go:embed hand/*.json
var hand embed.FS

// areas lists the vectors files, with their id prefix and description.
var areas = []struct {
	name, prefix, description string
}{
	{"ecmascript", "ecma", "ECMA-262 5.1 §15.1.3: encodeURI, encodeURIComponent, decodeURI and decodeURIComponent over UTF-16 code units."},
	{"rfc3986", "rfc3986", "RFC 3986 §2 and §6.2.2: percent-encoding of octets (all named encode sets), strict decoding, normalization, equivalence and the no-double-encoding encoder."},
	{"whatwg", "whatwg", "WHATWG URL §1.3 percent-decode and WHATWG Encoding UTF-8 decode without BOM (replacement)."},
	{"form", "form", "WHATWG URL §5 application/x-www-form-urlencoded serializer and parser, for one name or value."},
	{"neturl", "neturl", "Go net/url QueryEscape, PathEscape, QueryUnescape and PathUnescape."},
	{"iri", "iri", "RFC 3987 §3.1 and §3.2: IRI to URI and URI to IRI."},
	{"annexb", "annexb", "ECMA-262 5.1 Annex B.2.1 and B.2.2: escape and unescape over UTF-16 code units."},
	{"encoding", "encoding", "WHATWG URL §1.3 percent-encode after encoding with the legacy encodings of the WHATWG Encoding Standard: the query of a special URL (§4.4 query state) and the application/x-www-form-urlencoded serializer (§5.2), with the encoders transcribed over the Encoding Standard's index files."},
}

func main() {
	dir := flag.String("dir", ".", "directory to write the vectors files to")
	check := flag.Bool("check", false, "write nothing; exit 1 if a file is not up to date")
	encodeTable := flag.String("encode-table", "", "instead: print, for the WHATWG encoding label, formEncodeLegacy of every scalar value U+0080 to U+FFFF, one a line (codec/legacy_test.go compares)")
	flag.Parse()
	if *encodeTable != "" {
		if err := writeEncodeTable(os.Stdout, *encodeTable); err != nil {
			fmt.Fprintln(os.Stderr, "gen:", err)
			os.Exit(1)
		}
		return
	}
	files, err := build()
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	stale := false
	for _, a := range areas {
		name := filepath.Join(*dir, a.name+".json")
		if *check {
			old, err := os.ReadFile(name)
			if err != nil || !bytes.Equal(old, files[a.name]) {
				fmt.Fprintf(os.Stderr, "gen: %s is not up to date\n", name)
				stale = true
			}
			continue
		}
		if err := os.WriteFile(name, files[a.name], 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "gen:", err)
			os.Exit(1)
		}
	}
	sets, err := setsFile()
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	name := filepath.Join(*dir, "sets.json")
	if old, err := os.ReadFile(name); *check && (err != nil || !bytes.Equal(old, sets)) {
		fmt.Fprintf(os.Stderr, "gen: %s is not up to date\n", name)
		stale = true
	} else if !*check {
		if err := os.WriteFile(name, sets, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "gen:", err)
			os.Exit(1)
		}
	}
	if stale {
		os.Exit(1)
	}
}

// build returns the contents of every vectors file, by area.
func build() (map[string][]byte, error) {
	out := map[string][]byte{}
	var errs []string
	for _, a := range areas {
		b := &builder{area: a.name, prefix: a.prefix, ids: map[string]bool{}}
		data, err := hand.ReadFile("hand/" + a.name + ".json")
		if err != nil {
			return nil, err
		}
		hv, err := vectors.LoadFile("hand/"+a.name+".json", data)
		if err != nil {
			return nil, err
		}
		for _, v := range hv {
			errs = append(errs, b.addHand(v)...)
		}
		sweeps[a.name](b)
		errs = append(errs, b.errs...)
		out[a.name] = b.file(a.description)
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("%d problems:\n%s", len(errs), strings.Join(errs, "\n"))
	}
	return out, nil
}

// builder collects the vectors of one file.
type builder struct {
	area, prefix string
	vs           []vectors.Vector
	ids          map[string]bool
	errs         []string
}

func (b *builder) errorf(format string, args ...any) {
	b.errs = append(b.errs, fmt.Sprintf(format, args...))
}

func (b *builder) push(v vectors.Vector) {
	if b.ids[v.ID] {
		b.errorf("%s: duplicate id", v.ID)
		return
	}
	b.ids[v.ID] = true
	b.vs = append(b.vs, v)
}

// addHand checks a hand-written vector against the model and keeps it.
func (b *builder) addHand(v vectors.Vector) []string {
	var errs []string
	want := strings.Join([]string{b.prefix, string(v.Op), ""}, ".")
	if !strings.HasPrefix(v.ID, want) {
		errs = append(errs, fmt.Sprintf("%s:%d: %s: id does not start with %q", v.File, v.Line, v.ID, want))
	}
	m := model(v.Request)
	if m.known {
		// The model does not validate IDNA labels: an IDNAError vector is
		// checked for its level only.
		if v.Expect.Error != vectors.ErrIDNA && !sameResponse(m.resp, v.Expect) {
			errs = append(errs, fmt.Sprintf("%s:%d: %s: hand-written %s, the spec transcription says %s",
				v.File, v.Line, v.ID, showResponse(v.Expect), showResponse(m.resp)))
		}
		if m.level != v.Level {
			errs = append(errs, fmt.Sprintf("%s:%d: %s: level %q, the level rule says %q", v.File, v.Line, v.ID, v.Level, m.level))
		}
	}
	v.File, v.Line = "", 0
	b.push(v)
	return errs
}

// add adds a systematic vector: id is the part after "prefix.op.", and the
// expected response, ref and level come from the model. A non-empty note
// is kept, with the model's note after it.
func (b *builder) add(slug string, req vectors.Request, note string) vectors.Response {
	m := model(req)
	id := b.prefix + "." + string(req.Op) + "." + slug
	if !m.known {
		b.errorf("%s: the model cannot answer this request", id)
		return vectors.Response{}
	}
	if m.note != "" {
		if note != "" {
			note += "; "
		}
		note += m.note
	}
	b.push(vectors.Vector{ID: id, Request: req, Expect: m.resp, Ref: m.ref, Level: m.level, Note: note})
	return m.resp
}

// file writes the vectors file: one vector per line.
func (b *builder) file(description string) []byte {
	return vectors.AppendFileJSON(nil, b.area, description, b.vs)
}

func sameResponse(a, b vectors.Response) bool {
	return a.Error == b.Error && a.Unsupported == b.Unsupported &&
		(a.Out == nil) == (b.Out == nil) && slices.Equal(a.Out, b.Out) &&
		(a.OutHex == nil) == (b.OutHex == nil) && bytes.Equal(a.OutHex, b.OutHex)
}

func showResponse(r vectors.Response) string {
	b, _ := r.MarshalJSON()
	return string(b)
}
