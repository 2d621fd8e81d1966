package spec

import (
	"bufio"
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// This file transcribes the WHATWG URL Standard's "percent-encode after
// encoding" (§1.3) and the encoders of the WHATWG Encoding Standard it
// calls (§4.2 get an encoding, §4.3 get an output encoding, §6.1 "encode
// or fail", §9 single-byte encoder, §10.2 gb18030 encoder, §11.1 Big5
// encoder, §12.1 EUC-JP, §12.2 ISO-2022-JP and §12.3 Shift_JIS encoders,
// §13.1 EUC-KR encoder, §14.5.2 x-user-defined encoder). The encoders read
// the Encoding Standard's own index files, kept under encoding/
// (whatwg/encoding, see SOURCE and LICENSE there). It is written from the
// spec text alone: neither package codec nor golang.org/x/text is used.
//
// Nothing here runs at package initialization: a program that links this
// package without calling the encoders (the index files are 2.7 MB) does
// not keep the files in its binary.

//go:embed encoding/*.txt encoding/encodings.json
var encodingData embed.FS

// An Index maps pointers to code points (Encoding §5 "index").
type Index struct {
	CodePoint map[int]rune   // pointer → code point ("index code point")
	First     map[rune]int   // code point → first pointer ("index pointer")
	All       map[rune][]int // code point → every pointer, ascending
	Pointers  []int          // every pointer, ascending
}

var (
	indexMu    sync.Mutex // held while an index is loaded from its file
	indexCache sync.Map   // name → *Index, looked up without the lock
)

// LoadIndex reads encoding/index-NAME.txt: lines of a pointer and
// a code point, '#' starts a comment. Each index is read once and kept.
func LoadIndex(name string) *Index {
	// The encoders look an index up per character: a read takes no lock.
	if ix, ok := indexCache.Load(name); ok {
		return ix.(*Index)
	}
	indexMu.Lock()
	defer indexMu.Unlock()
	if ix, ok := indexCache.Load(name); ok {
		return ix.(*Index)
	}
	data, err := encodingData.ReadFile("encoding/index-" + name + ".txt")
	if err != nil {
		panic(err)
	}
	ix := &Index{CodePoint: map[int]rune{}, First: map[rune]int{}, All: map[rune][]int{}}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := sc.Text()
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		f := strings.Fields(line)
		if len(f) < 2 {
			continue
		}
		p, err1 := strconv.Atoi(f[0])
		c, err2 := strconv.ParseUint(strings.TrimPrefix(f[1], "0x"), 16, 32)
		if err1 != nil || err2 != nil {
			panic(fmt.Sprintf("index-%s.txt: bad line %q", name, sc.Text()))
		}
		ix.CodePoint[p] = rune(c)
		ix.Pointers = append(ix.Pointers, p)
	}
	sort.Ints(ix.Pointers)
	for _, p := range ix.Pointers {
		c := ix.CodePoint[p]
		if _, ok := ix.First[c]; !ok {
			ix.First[c] = p
		}
		ix.All[c] = append(ix.All[c], p)
	}
	indexCache.Store(name, ix)
	return ix
}

// encodingLabels maps every label of encodings.json to its encoding's
// name; encodingLabelsOnce builds it on first use.
var (
	encodingLabelsOnce sync.Once
	encodingLabels     map[string]string
)

// readEncodingLabels reads encodings.json: every label and its encoding's
// name.
func readEncodingLabels() map[string]string {
	data, err := encodingData.ReadFile("encoding/encodings.json")
	if err != nil {
		panic(err)
	}
	var groups []struct {
		Encodings []struct {
			Labels []string `json:"labels"`
			Name   string   `json:"name"`
		} `json:"encodings"`
		Heading string `json:"heading"`
	}
	if err := json.Unmarshal(data, &groups); err != nil {
		panic(err)
	}
	m := map[string]string{}
	for _, g := range groups {
		for _, e := range g.Encodings {
			for _, l := range e.Labels {
				m[l] = e.Name
			}
		}
	}
	return m
}

// GetEncoding is Encoding §4.2 "get an encoding": strip leading and
// trailing ASCII whitespace, match the label ASCII case-insensitively; it
// returns the encoding's name, or false for failure.
func GetEncoding(label string) (string, bool) {
	l := strings.ToLower(strings.Trim(label, "\t\n\f\r "))
	for i := 0; i < len(l); i++ { // ToLower must not have touched non-ASCII
		if l[i] >= 0x80 {
			return "", false
		}
	}
	encodingLabelsOnce.Do(func() { encodingLabels = readEncodingLabels() })
	name, ok := encodingLabels[l]
	return name, ok
}

// GetOutputEncoding is Encoding §4.3 "get an output encoding": UTF-8 for
// replacement, UTF-16BE and UTF-16LE (step 1), else the encoding itself
// (step 2).
func GetOutputEncoding(name string) string {
	switch name {
	case "replacement", "UTF-16BE", "UTF-16LE": // step 1
		return "UTF-8"
	}
	return name // step 2
}

// SingleByteIndex returns the name of the index of the single-byte
// encoding named enc (Encoding §9.1), or false when enc is not one.
func SingleByteIndex(enc string) (index string, ok bool) {
	index, ok = singleByteIndex[enc]
	return index, ok
}

// singleByteIndex names the index of each single-byte encoding (§9.1).
var singleByteIndex = map[string]string{
	"IBM866": "ibm866", "ISO-8859-2": "iso-8859-2", "ISO-8859-3": "iso-8859-3",
	"ISO-8859-4": "iso-8859-4", "ISO-8859-5": "iso-8859-5", "ISO-8859-6": "iso-8859-6",
	"ISO-8859-7": "iso-8859-7", "ISO-8859-8": "iso-8859-8", "ISO-8859-8-I": "iso-8859-8",
	"ISO-8859-10": "iso-8859-10", "ISO-8859-13": "iso-8859-13", "ISO-8859-14": "iso-8859-14",
	"ISO-8859-15": "iso-8859-15", "ISO-8859-16": "iso-8859-16", "KOI8-R": "koi8-r",
	"KOI8-U": "koi8-u", "macintosh": "macintosh", "windows-874": "windows-874",
	"windows-1250": "windows-1250", "windows-1251": "windows-1251", "windows-1252": "windows-1252",
	"windows-1253": "windows-1253", "windows-1254": "windows-1254", "windows-1255": "windows-1255",
	"windows-1256": "windows-1256", "windows-1257": "windows-1257", "windows-1258": "windows-1258",
	"x-mac-cyrillic": "x-mac-cyrillic",
}

// endOfQueue stands for Encoding §3's end-of-queue item.
const endOfQueue rune = -1

// handlerResult is what an encoder's handler returns: finished, bytes, or
// an error with a code point.
type handlerResult struct {
	finished bool
	bytes    []byte
	err      bool
	errCP    rune
}

func emit(b ...byte) handlerResult  { return handlerResult{bytes: b} }
func encErr(c rune) handlerResult   { return handlerResult{err: true, errCP: c} }
func finishedResult() handlerResult { return handlerResult{finished: true} }
func isASCIICodePoint(c rune) bool  { return c >= 0 && c < 0x80 }

// ioQueue is an I/O queue of scalar values (Encoding §3): reading at the
// end gives end-of-queue without consuming it.
type ioQueue struct {
	items []rune
	pos   int
}

func newQueue(s []rune) *ioQueue { return &ioQueue{items: append([]rune(nil), s...)} }

// read takes the next item, or gives end-of-queue at the end.
func (q *ioQueue) read() rune {
	if q.pos >= len(q.items) {
		return endOfQueue
	}
	q.pos++
	return q.items[q.pos-1]
}

// restore puts the item just read back at the front (§3 "restore"); the
// handlers restore the code point they read, or its replacement, which
// encodes the same way.
func (q *ioQueue) restore(c rune) {
	q.pos--
	q.items[q.pos] = c
}

// ISO-2022-JP encoder states (§12.2.2).
const (
	isoASCII = iota
	isoRoman
	isoJIS0208
)

// legacyEncoder is an instance of an encoding's encoder (§6.1 "get an
// encoder"), with the state of the ISO-2022-JP encoder.
type legacyEncoder struct {
	enc       string
	iso2022jp int
}

func newEncoder(enc string) *legacyEncoder { return &legacyEncoder{enc: enc} }

// handler is the encoder's handler for one code point (or end-of-queue).
func (e *legacyEncoder) handler(q *ioQueue, c rune) handlerResult {
	switch e.enc {
	case "UTF-8": // §8.1.2 UTF-8 encoder
		if c == endOfQueue {
			return finishedResult()
		}
		return emit([]byte(string(c))...)
	case "x-user-defined": // §14.5.2
		if c == endOfQueue { // step 1
			return finishedResult()
		}
		if isASCIICodePoint(c) { // step 2
			return emit(byte(c))
		}
		if c >= 0xF780 && c <= 0xF7FF { // step 3
			return emit(byte(c - 0xF780 + 0x80))
		}
		return encErr(c) // step 4
	case "GBK", "gb18030":
		return gb18030Handler(e.enc == "GBK", c)
	case "Big5":
		return big5Handler(c)
	case "EUC-JP":
		return eucJPHandler(c)
	case "ISO-2022-JP":
		return e.iso2022JPHandler(q, c)
	case "Shift_JIS":
		return shiftJISHandler(c)
	case "EUC-KR":
		return eucKRHandler(c)
	}
	ixName, ok := singleByteIndex[e.enc]
	if !ok {
		panic("no encoder for " + e.enc)
	}
	// §9.2 single-byte encoder
	if c == endOfQueue { // step 1
		return finishedResult()
	}
	if isASCIICodePoint(c) { // step 2
		return emit(byte(c))
	}
	p, ok := LoadIndex(ixName).First[c] // step 3
	if !ok {
		return encErr(c) // step 4
	}
	return emit(byte(p + 0x80)) // step 5
}

// GB18030Table is the table of Encoding §10.2.2 step 5: code point →
// its two bytes.
var GB18030Table = map[rune][2]byte{
	0xE78D: {0xA6, 0xD9}, 0xE78E: {0xA6, 0xDA}, 0xE78F: {0xA6, 0xDB}, 0xE790: {0xA6, 0xDC},
	0xE791: {0xA6, 0xDD}, 0xE792: {0xA6, 0xDE}, 0xE793: {0xA6, 0xDF}, 0xE794: {0xA6, 0xEC},
	0xE795: {0xA6, 0xED}, 0xE796: {0xA6, 0xF3}, 0xE81E: {0xFE, 0x59}, 0xE826: {0xFE, 0x61},
	0xE82B: {0xFE, 0x66}, 0xE82C: {0xFE, 0x67}, 0xE832: {0xFE, 0x6D}, 0xE843: {0xFE, 0x7E},
	0xE854: {0xFE, 0x90}, 0xE864: {0xFE, 0xA0},
}

// gb18030Handler is §10.2.2, the gb18030 encoder (is GBK for GBK).
func gb18030Handler(isGBK bool, c rune) handlerResult {
	if c == endOfQueue { // step 1
		return finishedResult()
	}
	if isASCIICodePoint(c) { // step 2
		return emit(byte(c))
	}
	if c == 0xE5E5 { // step 3
		return encErr(c)
	}
	if isGBK && c == 0x20AC { // step 4
		return emit(0x80)
	}
	if b, ok := GB18030Table[c]; ok { // step 5
		return emit(b[0], b[1])
	}
	if p, ok := LoadIndex("gb18030").First[c]; ok { // steps 6, 7
		lead := p/190 + 0x81
		trail := p % 190
		off := 0x41
		if trail < 0x3F {
			off = 0x40
		}
		return emit(byte(lead), byte(trail+off))
	}
	if isGBK { // step 8
		return encErr(c)
	}
	p := gb18030RangesPointer(c) // step 9
	b1 := p / (10 * 126 * 10)    // step 10
	p %= 10 * 126 * 10           // step 11
	b2 := p / (10 * 126)         // step 12
	p %= 10 * 126                // step 13
	b3 := p / 10                 // step 14
	b4 := p % 10                 // step 15
	return emit(byte(b1+0x81), byte(b2+0x30), byte(b3+0x81), byte(b4+0x30))
}

// gb18030RangesPointer is §5 "index gb18030 ranges pointer".
func gb18030RangesPointer(c rune) int {
	if c == 0xE7C7 { // step 1
		return 7457
	}
	ix := LoadIndex("gb18030-ranges")
	// step 2: the last code point in the index ≤ c, and its pointer
	off, poff := rune(-1), 0
	for _, p := range ix.Pointers {
		if ix.CodePoint[p] <= c && ix.CodePoint[p] > off {
			off, poff = ix.CodePoint[p], p
		}
	}
	return poff + int(c-off) // step 3
}

// Big5Pointer is Encoding §5 "index Big5 pointer": false when the index
// has no pointer for c.
func Big5Pointer(c rune) (int, bool) {
	ix := LoadIndex("big5")
	var ps []int
	for _, p := range ix.All[c] { // step 1: exclude pointers below (0xA1-0x81)×157
		if p >= (0xA1-0x81)*157 {
			ps = append(ps, p)
		}
	}
	if len(ps) == 0 {
		return 0, false
	}
	switch c {
	case 0x2550, 0x255E, 0x2561, 0x256A, 0x5341, 0x5345: // step 2: the last pointer
		return ps[len(ps)-1], true
	}
	return ps[0], true // step 3
}

// big5Handler is §11.1.2, the Big5 encoder.
func big5Handler(c rune) handlerResult {
	if c == endOfQueue { // step 1
		return finishedResult()
	}
	if isASCIICodePoint(c) { // step 2
		return emit(byte(c))
	}
	p, ok := Big5Pointer(c) // step 3
	if !ok {
		return encErr(c) // step 4
	}
	lead := p/157 + 0x81 // step 5
	trail := p % 157     // step 6
	off := 0x62          // step 7
	if trail < 0x3F {
		off = 0x40
	}
	return emit(byte(lead), byte(trail+off)) // step 8
}

// eucJPHandler is §12.1.2, the EUC-JP encoder.
func eucJPHandler(c rune) handlerResult {
	switch {
	case c == endOfQueue: // step 1
		return finishedResult()
	case isASCIICodePoint(c): // step 2
		return emit(byte(c))
	case c == 0xA5: // step 3
		return emit(0x5C)
	case c == 0x203E: // step 4
		return emit(0x7E)
	case c >= 0xFF61 && c <= 0xFF9F: // step 5
		return emit(0x8E, byte(c-0xFF61+0xA1))
	}
	if c == 0x2212 { // step 6
		c = 0xFF0D
	}
	p, ok := LoadIndex("jis0208").First[c] // step 7
	if !ok {
		return encErr(c) // step 8
	}
	return emit(byte(p/94+0xA1), byte(p%94+0xA1)) // steps 9-11
}

// iso2022JPHandler is §12.2.2, the ISO-2022-JP encoder.
func (e *legacyEncoder) iso2022JPHandler(q *ioQueue, c rune) handlerResult {
	if c == endOfQueue && e.iso2022jp != isoASCII { // step 1
		e.iso2022jp = isoASCII
		return emit(0x1B, 0x28, 0x42)
	}
	if c == endOfQueue { // step 2
		return finishedResult()
	}
	if (e.iso2022jp == isoASCII || e.iso2022jp == isoRoman) && (c == 0x0E || c == 0x0F || c == 0x1B) { // step 3
		return encErr(0xFFFD)
	}
	if e.iso2022jp == isoASCII && isASCIICodePoint(c) { // step 4
		return emit(byte(c))
	}
	if e.iso2022jp == isoRoman && (isASCIICodePoint(c) && c != 0x5C && c != 0x7E || c == 0xA5 || c == 0x203E) { // step 5
		switch {
		case isASCIICodePoint(c):
			return emit(byte(c))
		case c == 0xA5:
			return emit(0x5C)
		default:
			return emit(0x7E)
		}
	}
	if isASCIICodePoint(c) && e.iso2022jp != isoASCII { // step 6
		q.restore(c)
		e.iso2022jp = isoASCII
		return emit(0x1B, 0x28, 0x42)
	}
	if (c == 0xA5 || c == 0x203E) && e.iso2022jp != isoRoman { // step 7
		q.restore(c)
		e.iso2022jp = isoRoman
		return emit(0x1B, 0x28, 0x4A)
	}
	if c == 0x2212 { // step 8
		c = 0xFF0D
	}
	if c >= 0xFF61 && c <= 0xFF9F { // step 9
		c = LoadIndex("iso-2022-jp-katakana").CodePoint[int(c-0xFF61)]
	}
	p, ok := LoadIndex("jis0208").First[c] // step 10
	if !ok {                               // step 11
		if e.iso2022jp == isoJIS0208 { // step 11.1
			q.restore(c)
			e.iso2022jp = isoASCII
			return emit(0x1B, 0x28, 0x42)
		}
		return encErr(c) // step 11.2
	}
	if e.iso2022jp != isoJIS0208 { // step 12
		q.restore(c)
		e.iso2022jp = isoJIS0208
		return emit(0x1B, 0x24, 0x42)
	}
	return emit(byte(p/94+0x21), byte(p%94+0x21)) // steps 13-15
}

// shiftJISPointer is §5 "index Shift_JIS pointer": index jis0208 without
// the pointers 8272 to 8835, then the first pointer.
func shiftJISPointer(c rune) (int, bool) {
	for _, p := range LoadIndex("jis0208").All[c] {
		if p < 8272 || p > 8835 {
			return p, true
		}
	}
	return 0, false
}

// shiftJISHandler is §12.3.2, the Shift_JIS encoder.
func shiftJISHandler(c rune) handlerResult {
	switch {
	case c == endOfQueue: // step 1
		return finishedResult()
	case isASCIICodePoint(c) || c == 0x80: // step 2
		return emit(byte(c))
	case c == 0xA5: // step 3
		return emit(0x5C)
	case c == 0x203E: // step 4
		return emit(0x7E)
	case c >= 0xFF61 && c <= 0xFF9F: // step 5
		return emit(byte(c - 0xFF61 + 0xA1))
	}
	if c == 0x2212 { // step 6
		c = 0xFF0D
	}
	p, ok := shiftJISPointer(c) // step 7
	if !ok {
		return encErr(c) // step 8
	}
	lead := p / 188 // step 9
	leadOff := 0xC1 // step 10
	if lead < 0x1F {
		leadOff = 0x81
	}
	trail := p % 188 // step 11
	off := 0x41      // step 12
	if trail < 0x3F {
		off = 0x40
	}
	return emit(byte(lead+leadOff), byte(trail+off)) // step 13
}

// eucKRHandler is §13.1.2, the EUC-KR encoder.
func eucKRHandler(c rune) handlerResult {
	if c == endOfQueue { // step 1
		return finishedResult()
	}
	if isASCIICodePoint(c) { // step 2
		return emit(byte(c))
	}
	p, ok := LoadIndex("euc-kr").First[c] // step 3
	if !ok {
		return encErr(c) // step 4
	}
	return emit(byte(p/190+0x81), byte(p%190+0x41)) // steps 5-7
}

// encodeOrFail is Encoding §6.1 "encode or fail": process the queue in
// "fatal" mode (§3 "process a queue", "process an item") and return the
// code point of the error, or -1 when there was none.
func encodeOrFail(q *ioQueue, e *legacyEncoder, out []byte) ([]byte, rune) {
	for {
		c := q.read()
		r := e.handler(q, c)
		switch {
		case r.finished:
			return out, -1
		case r.err: // "fatal": return the error
			return out, r.errCP
		}
		out = append(out, r.bytes...)
	}
}

// PercentEncodeAfterEncoding is URL §1.3 "percent-encode after encoding",
// given the name of an encoding (the output of GetOutputEncoding), input
// as scalar values, encodeSet (a percent-encode set as the Standard writes
// it: the octets it encodes) and spaceAsPlus. It also returns the code
// points the encoder could not encode, which became "%26%23NNNN%3B"
// ("&#NNNN;", step 7.4), in order.
func PercentEncodeAfterEncoding(encoding string, input []rune, encodeSet Set, spaceAsPlus bool) (string, []rune) {
	encoder := newEncoder(encoding)        // step 3
	inputQueue := newQueue(input)          // step 4
	var output []byte                      // step 5
	var errs []rune                        //
	potentialError, first := rune(0), true // step 6
	var encodeOutput []byte
	for first || potentialError >= 0 { // step 7
		first = false
		encodeOutput = encodeOutput[:0]                                                // step 7.1
		encodeOutput, potentialError = encodeOrFail(inputQueue, encoder, encodeOutput) // step 7.2
		for _, b := range encodeOutput {                                               // step 7.3
			if spaceAsPlus && b == 0x20 { // 7.3.1
				output = append(output, '+')
				continue
			}
			if !encodeSet[b] { // 7.3.2-7.3.4
				output = append(output, b)
			} else { // 7.3.5
				output = PctEncode(output, b)
			}
		}
		if potentialError >= 0 { // step 7.4
			output = append(output, "%26%23"...)
			output = strconv.AppendInt(output, int64(potentialError), 10)
			output = append(output, "%3B"...)
			errs = append(errs, potentialError)
		}
	}
	return string(output), errs // step 8
}

// EncoderRef names the Encoding Standard's sections for the encoder of the
// encoding named name, whose output encoding (GetOutputEncoding) is enc.
func EncoderRef(name, enc string) string {
	s := ""
	if name != enc {
		s = "§4.3 get an output encoding (" + name + " → UTF-8); "
	}
	switch enc {
	case "UTF-8":
		return s + "§8.1.2 UTF-8 encoder"
	case "x-user-defined":
		return s + "§14.5.2 x-user-defined encoder"
	case "GBK", "gb18030":
		if enc == "GBK" {
			return s + "§10.1.2 GBK encoder (the gb18030 encoder, is GBK), §10.2.2"
		}
		return s + "§10.2.2 gb18030 encoder"
	case "Big5":
		return s + "§11.1.2 Big5 encoder, §5 index Big5 pointer"
	case "EUC-JP":
		return s + "§12.1.2 EUC-JP encoder"
	case "ISO-2022-JP":
		return s + "§12.2.2 ISO-2022-JP encoder"
	case "Shift_JIS":
		return s + "§12.3.2 Shift_JIS encoder, §5 index Shift_JIS pointer"
	case "EUC-KR":
		return s + "§13.1.2 EUC-KR encoder"
	}
	return s + "§9.2 single-byte encoder (index " + singleByteIndex[enc] + ")"
}
