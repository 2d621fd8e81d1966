package vectors

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// This file holds a small JSON (RFC 8259) reader and the string writer that
// the vector files and the runner's wire form use. encoding/json cannot be
// used for them: it turns a lone surrogate escape such as "\ud800" into
// U+FFFD, and text here is UTF-16 code units where lone surrogates are
// ordinary test inputs.

// A SyntaxError is JSON text that does not follow RFC 8259, or a JSON string
// that holds invalid UTF-8.
type SyntaxError struct {
	// Offset is the byte offset in the input where the fault was seen.
	Offset int
	// Reason says what is wrong.
	Reason string
}

// Error returns the offset and the reason.
func (e *SyntaxError) Error() string {
	return "JSON syntax error at byte " + strconv.Itoa(e.Offset) + ": " + e.Reason
}

// maxJSONDepth bounds nesting, so that garbage such as "[[[[..." cannot
// exhaust the stack.
const maxJSONDepth = 64

type jsonKind uint8

const (
	jsonNull jsonKind = iota + 1
	jsonBool
	jsonNumber
	jsonString
	jsonArray
	jsonObject
)

func (k jsonKind) String() string {
	switch k {
	case jsonNull:
		return "null"
	case jsonBool:
		return "a boolean"
	case jsonNumber:
		return "a number"
	case jsonString:
		return "a string"
	case jsonArray:
		return "an array"
	case jsonObject:
		return "an object"
	}
	return "nothing"
}

// A jsonValue is one parsed JSON value, with the byte offset where it
// starts.
type jsonValue struct {
	kind    jsonKind
	off     int
	b       bool         // jsonBool
	raw     string       // jsonNumber: the literal
	str     []uint16     // jsonString: the code units, never nil
	elems   []jsonValue  // jsonArray
	members []jsonMember // jsonObject, in order
}

// A jsonMember is one name/value pair of an object.
type jsonMember struct {
	name string // the name as UTF-8 (lone surrogates become U+FFFD)
	off  int
	val  jsonValue
}

// jsonParser reads one JSON text.
type jsonParser struct {
	data  []byte
	pos   int
	depth int
	names map[string]string // the member names read so far, to share them
	// elemStack and memberStack hold the elements and members of the
	// arrays and objects being read, innermost last; memberArena is
	// where newMembers cuts the members of the objects read.
	elemStack   []jsonValue
	memberStack []jsonMember
	memberArena []jsonMember
	// stream, if not nil, takes the elements of the array that is the
	// top-level object's member streamMember (see parseJSONStreaming);
	// topMember is the name of the top-level member being read.
	stream       func(jsonValue)
	streamMember string
	topMember    string
	// inStream says an element of that array is being read: its strings'
	// code units are cut from unitArena, valid only during the stream
	// call, as its arrays and objects are.
	inStream  bool
	unitArena []uint16
}

// parseJSON parses data as exactly one JSON value with optional white space
// around it.
func parseJSON(data []byte) (jsonValue, error) {
	return parseJSONStreaming(data, "", nil)
}

// parseJSONStreaming is parseJSON, but that the elements of the array
// that is the top-level object's member named member are handed to each,
// one at a time and in order, instead of being kept in the array's elems:
// each element's arrays and objects are valid only during the call. A
// syntax error anywhere is the error returned, as parseJSON's.
func parseJSONStreaming(data []byte, member string, each func(jsonValue)) (jsonValue, error) {
	p := &jsonParser{data: data, streamMember: member, stream: each}
	p.skipSpace()
	v, err := p.value()
	if err != nil {
		return jsonValue{}, err
	}
	p.skipSpace()
	if p.pos != len(p.data) {
		return jsonValue{}, p.errorf("data after the top-level value")
	}
	return v, nil
}

func (p *jsonParser) errorf(reason string) error {
	return &SyntaxError{Offset: p.pos, Reason: reason}
}

func (p *jsonParser) skipSpace() {
	for p.pos < len(p.data) {
		switch p.data[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

func (p *jsonParser) value() (jsonValue, error) {
	if p.pos >= len(p.data) {
		return jsonValue{}, p.errorf("unexpected end of input")
	}
	off := p.pos
	switch c := p.data[p.pos]; {
	case c == '{':
		return p.object()
	case c == '[':
		return p.array()
	case c == '"':
		s, err := p.str()
		return jsonValue{kind: jsonString, off: off, str: s}, err
	case c == 't':
		return jsonValue{kind: jsonBool, off: off, b: true}, p.literal("true")
	case c == 'f':
		return jsonValue{kind: jsonBool, off: off}, p.literal("false")
	case c == 'n':
		return jsonValue{kind: jsonNull, off: off}, p.literal("null")
	case c == '-' || c >= '0' && c <= '9':
		return p.number()
	}
	if bytes.HasPrefix(p.data[p.pos:], []byte("\xEF\xBB\xBF")) {
		return jsonValue{}, p.errorf("a byte order mark (EF BB BF) where a value starts: save the file as UTF-8 without one")
	}
	if c := p.data[p.pos]; c >= 0x80 {
		return jsonValue{}, p.errorf(fmt.Sprintf("unexpected byte 0x%02X", c))
	}
	return jsonValue{}, p.errorf("unexpected character " + strconv.QuoteRune(rune(p.data[p.pos])))
}

func (p *jsonParser) literal(word string) error {
	if len(p.data)-p.pos < len(word) || string(p.data[p.pos:p.pos+len(word)]) != word {
		return p.errorf("invalid literal (want " + word + ")")
	}
	p.pos += len(word)
	return nil
}

// number reads number = [ minus ] int [ frac ] [ exp ] (RFC 8259 §6).
func (p *jsonParser) number() (jsonValue, error) {
	start := p.pos
	if p.data[p.pos] == '-' {
		p.pos++
	}
	digits := func() int {
		n := 0
		for p.pos < len(p.data) && p.data[p.pos] >= '0' && p.data[p.pos] <= '9' {
			p.pos++
			n++
		}
		return n
	}
	switch {
	case p.pos < len(p.data) && p.data[p.pos] == '0':
		p.pos++
	case digits() == 0:
		return jsonValue{}, p.errorf("invalid number")
	}
	if p.pos < len(p.data) && p.data[p.pos] == '.' {
		p.pos++
		if digits() == 0 {
			return jsonValue{}, p.errorf("invalid number: no digit after '.'")
		}
	}
	if p.pos < len(p.data) && (p.data[p.pos] == 'e' || p.data[p.pos] == 'E') {
		p.pos++
		if p.pos < len(p.data) && (p.data[p.pos] == '+' || p.data[p.pos] == '-') {
			p.pos++
		}
		if digits() == 0 {
			return jsonValue{}, p.errorf("invalid number: no digit in exponent")
		}
	}
	return jsonValue{kind: jsonNumber, off: start, raw: string(p.data[start:p.pos])}, nil
}

func (p *jsonParser) array() (jsonValue, error) {
	v := jsonValue{kind: jsonArray, off: p.pos}
	if p.depth++; p.depth > maxJSONDepth {
		return v, p.errorf("nested too deeply")
	}
	defer func() { p.depth-- }()
	p.pos++ // '['
	p.skipSpace()
	if p.pos < len(p.data) && p.data[p.pos] == ']' {
		p.pos++
		return v, nil
	}
	base := len(p.elemStack)
	defer func() { p.elemStack = p.elemStack[:base] }()
	streaming := p.stream != nil && p.depth == 2 && p.topMember == p.streamMember
	if streaming {
		// The elements get chunks of their own, freed after each; the
		// members and strings read before stay where they are.
		p.memberArena, p.unitArena, p.inStream = nil, nil, true
		defer func() { p.memberArena, p.unitArena, p.inStream = nil, nil, false }()
	}
	for {
		p.skipSpace()
		e, err := p.value()
		if err != nil {
			return v, err
		}
		if streaming {
			p.stream(e)
			// What e's objects and strings took of the chunks is free
			// again.
			clear(p.memberArena)
			p.memberArena = p.memberArena[:0]
			p.unitArena = p.unitArena[:0]
		} else {
			p.elemStack = append(p.elemStack, e)
		}
		p.skipSpace()
		if p.pos >= len(p.data) {
			return v, p.errorf("unexpected end of input in array")
		}
		switch p.data[p.pos] {
		case ',':
			p.pos++
		case ']':
			p.pos++
			v.elems = slices.Clone(p.elemStack[base:])
			return v, nil
		default:
			return v, p.errorf("want ',' or ']' in array")
		}
	}
}

func (p *jsonParser) object() (jsonValue, error) {
	v := jsonValue{kind: jsonObject, off: p.pos}
	if p.depth++; p.depth > maxJSONDepth {
		return v, p.errorf("nested too deeply")
	}
	defer func() { p.depth-- }()
	p.pos++ // '{'
	p.skipSpace()
	if p.pos < len(p.data) && p.data[p.pos] == '}' {
		p.pos++
		return v, nil
	}
	base := len(p.memberStack)
	defer func() { p.memberStack = p.memberStack[:base] }()
	for {
		p.skipSpace()
		if p.pos >= len(p.data) || p.data[p.pos] != '"' {
			return v, p.errorf("want a member name (a string)")
		}
		off := p.pos
		name, err := p.name()
		if err != nil {
			return v, err
		}
		for _, m := range p.memberStack[base:] {
			if m.name == name {
				p.pos = off
				return v, p.errorf("duplicate member name " + strconv.Quote(m.name))
			}
		}
		if p.depth == 1 {
			p.topMember = name
		}
		p.skipSpace()
		if p.pos >= len(p.data) || p.data[p.pos] != ':' {
			return v, p.errorf("want ':' after member name")
		}
		p.pos++
		p.skipSpace()
		val, err := p.value()
		if err != nil {
			return v, err
		}
		p.memberStack = append(p.memberStack, jsonMember{name: name, off: off, val: val})
		p.skipSpace()
		if p.pos >= len(p.data) {
			return v, p.errorf("unexpected end of input in object")
		}
		switch p.data[p.pos] {
		case ',':
			p.pos++
		case '}':
			p.pos++
			v.members = p.newMembers(p.memberStack[base:])
			return v, nil
		default:
			return v, p.errorf("want ',' or '}' in object")
		}
	}
}

// newMembers returns a copy of ms, cut from a chunk shared with the
// objects parsed before: an object costs no allocation of its own.
func (p *jsonParser) newMembers(ms []jsonMember) []jsonMember {
	if len(ms) > cap(p.memberArena)-len(p.memberArena) {
		// Chunks grow from the size of the first object, so that a small
		// text (a response line) allocates no more than it needs.
		p.memberArena = make([]jsonMember, 0, max(len(ms), min(2*cap(p.memberArena), memberChunk)))
	}
	n := len(p.memberArena)
	p.memberArena = append(p.memberArena, ms...)
	return p.memberArena[n : n+len(ms) : n+len(ms)]
}

// memberChunk is how many members newMembers allocates at a time at
// most.
const memberChunk = 1024

// name reads a member name starting at its opening quote and returns it
// as UTF-8, lone surrogates as U+FFFD. A name of printable ASCII without
// escapes, as every name of the vectors files is, is read straight from
// the bytes, and, while a vectors file is read (parseJSONStreaming), the
// names seen before are shared, not allocated again.
func (p *jsonParser) name() (string, error) {
	start := p.pos + 1
	for i := start; i < len(p.data); i++ {
		c := p.data[i]
		if c == '"' {
			b := p.data[start:i]
			if p.stream == nil {
				// A small text: its names are not worth a map.
				p.pos = i + 1
				return string(b), nil
			}
			name, ok := p.names[string(b)]
			if !ok {
				if p.names == nil {
					p.names = map[string]string{}
				}
				name = string(b)
				p.names[name] = name
			}
			p.pos = i + 1
			return name, nil
		}
		if c == '\\' || c < 0x20 || c >= utf8.RuneSelf {
			break
		}
	}
	u, err := p.str()
	if err != nil {
		return "", err
	}
	return utf16String(u), nil
}

// utf16String returns the UTF-8 of the code units u, a lone surrogate as
// U+FFFD, as string(utf16.Decode(u)) does, without the detour through
// runes when u is ASCII.
func utf16String(u []uint16) string {
	var tmp [128]byte
	b := tmp[:0]
	for _, c := range u {
		if c >= utf8.RuneSelf {
			return utf16StringSlow(u)
		}
		b = append(b, byte(c))
	}
	return string(b)
}

// utf16StringSlow is utf16String for code units that are not all ASCII.
func utf16StringSlow(u []uint16) string {
	var b strings.Builder
	b.Grow(len(u))
	for i := 0; i < len(u); i++ {
		c := u[i]
		if c < utf8.RuneSelf {
			b.WriteByte(byte(c))
			continue
		}
		r := rune(c)
		if utf16.IsSurrogate(r) && i+1 < len(u) {
			if d := utf16.DecodeRune(r, rune(u[i+1])); d != utf8.RuneError {
				r = d
				i++
			}
		}
		if utf16.IsSurrogate(r) {
			r = utf8.RuneError
		}
		b.WriteRune(r)
	}
	return b.String()
}

// str reads a string (RFC 8259 §7) starting at the opening quote and
// returns its UTF-16 code units. A \uXXXX escape is taken as the one code
// unit it names, so a lone surrogate survives; unescaped characters must be
// valid UTF-8 and are converted to UTF-16.
func (p *jsonParser) str() ([]uint16, error) { return p.strCap(16) }

// strCap is str with room for n code units to start with.
func (p *jsonParser) strCap(n int) ([]uint16, error) {
	p.pos++ // opening '"'
	// The code units are at most the bytes up to the closing quote (the
	// first quote, unless one is escaped).
	if q := bytes.IndexByte(p.data[p.pos:], '"'); q > n {
		n = q
	}
	if p.inStream {
		// Cut from the chunk; a string longer than n (an escaped quote
		// came first) grows out of it as any slice does.
		if cap(p.unitArena)-len(p.unitArena) < n {
			p.unitArena = make([]uint16, 0, max(n, unitChunk))
		}
		start := len(p.unitArena)
		u, err := p.units(p.unitArena[start : start : start+n])
		if err == nil && len(u) <= n {
			p.unitArena = p.unitArena[:start+len(u)]
		}
		return u, err
	}
	return p.units(make([]uint16, 0, n))
}

// unitChunk is how many code units strCap allocates at a time while
// streaming.
const unitChunk = 16 << 10

// units reads the rest of a string, after its opening quote, appending its
// code units to u.
func (p *jsonParser) units(u []uint16) ([]uint16, error) {
	for {
		if p.pos >= len(p.data) {
			return nil, p.errorf("unterminated string")
		}
		c := p.data[p.pos]
		switch {
		case c == '"':
			p.pos++
			return u, nil
		case c == '\\':
			if p.pos+1 >= len(p.data) {
				return nil, p.errorf("unterminated escape")
			}
			switch e := p.data[p.pos+1]; e {
			case '"', '\\', '/':
				u = append(u, uint16(e))
			case 'b':
				u = append(u, '\b')
			case 'f':
				u = append(u, '\f')
			case 'n':
				u = append(u, '\n')
			case 'r':
				u = append(u, '\r')
			case 't':
				u = append(u, '\t')
			case 'u':
				if len(p.data)-p.pos < 6 {
					return nil, p.errorf("short \\u escape")
				}
				var v uint16
				for _, h := range p.data[p.pos+2 : p.pos+6] {
					d, ok := unhex(h)
					if !ok {
						return nil, p.errorf("\\u escape with a non-hex digit")
					}
					v = v<<4 | uint16(d)
				}
				u = append(u, v)
				p.pos += 6
				continue
			default:
				return nil, p.errorf("unknown escape \\" + strconv.QuoteRuneToASCII(rune(e)))
			}
			p.pos += 2
		case c < 0x20:
			return nil, p.errorf("control character in string (must be escaped)")
		case c < utf8.RuneSelf:
			u = append(u, uint16(c))
			p.pos++
		default:
			r, size := utf8.DecodeRune(p.data[p.pos:])
			if r == utf8.RuneError && size <= 1 {
				return nil, p.errorf("invalid UTF-8 in string")
			}
			u = utf16.AppendRune(u, r)
			p.pos += size
		}
	}
}

// unhex returns the value of the hex digit c, either case.
func unhex(c byte) (byte, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// ParseJSONText parses quoted, a JSON string literal with its quotes and
// nothing around it (RFC 8259 §7), and returns its UTF-16 code units. Unlike
// encoding/json it keeps a lone surrogate escape such as "\ud800" as that
// one code unit. The result is non-nil, also for "". An error is a
// [*SyntaxError].
func ParseJSONText(quoted []byte) ([]uint16, error) {
	// At most a code unit per byte.
	u, err := AppendParseJSONText(make([]uint16, 0, len(quoted)), quoted)
	if err != nil {
		return nil, err
	}
	return u, nil
}

// AppendParseJSONText is [ParseJSONText], appending the code units to dst
// and returning the extended buffer; on an error it returns dst with its
// length as it was (its spare capacity may have been written).
// A literal of n bytes has at most n-2 code units: with that much spare
// capacity in dst, it allocates nothing.
func AppendParseJSONText(dst []uint16, quoted []byte) ([]uint16, error) {
	p := jsonParser{data: quoted}
	if len(quoted) == 0 || quoted[0] != '"' {
		return dst, p.errorf("want a string")
	}
	p.pos++ // opening '"'
	u, err := p.units(dst)
	if err != nil {
		return dst, err
	}
	if p.pos != len(quoted) {
		return dst, p.errorf("data after the string")
	}
	return u, nil
}

const lowerHex = "0123456789abcdef"

// AppendJSONText appends s as a JSON string literal (RFC 8259 §7) to dst and
// returns the extended buffer. Valid surrogate pairs and other characters
// are written as UTF-8, except that these are written as \uXXXX escapes
// (lowercase hex, a pair of them above U+FFFF): lone surrogates; control
// characters (U+0000–U+001F, U+007F–U+009F); characters that are invisible
// or hard to tell apart — U+00A0, U+00AD, combining diacritical marks
// (U+0300–U+036F), U+061C, U+1680, U+180E, U+2000–U+200F, U+2028–U+202F,
// U+205F–U+206F, U+3000, variation selectors (U+FE00–U+FE0F,
// U+E0000–U+E0FFF), private use (U+E000–U+F8FF, U+F0000 and above), U+FEFF,
// U+FFF0–U+FFFC — and noncharacters (U+FDD0–U+FDEF and every code point
// ending in FFFE or FFFF). '"' and '\' are escaped with a backslash. The rule
// uses fixed ranges, not Unicode tables, so the output does not change with
// the Unicode version. The result holds no line break, and parses back to s
// with [ParseJSONText].
func AppendJSONText(dst []byte, s []uint16) []byte {
	dst = append(dst, '"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			dst = append(dst, '\\', byte(c))
			continue
		case c >= 0x20 && c < 0x7f:
			dst = append(dst, byte(c))
			continue
		}
		r := rune(c)
		n := 1
		if utf16.IsSurrogate(r) {
			if c < 0xDC00 && i+1 < len(s) && s[i+1] >= 0xDC00 && s[i+1] <= 0xDFFF {
				r = utf16.DecodeRune(r, rune(s[i+1]))
				n = 2
			} else {
				dst = appendUnicodeEscape(dst, c)
				continue
			}
		}
		if jsonEscapes(r) {
			for _, e := range s[i : i+n] {
				dst = appendUnicodeEscape(dst, e)
			}
		} else {
			dst = utf8.AppendRune(dst, r)
		}
		i += n - 1
	}
	return append(dst, '"')
}

// jsonEscapes reports whether AppendJSONText writes the scalar value r as
// escapes rather than as UTF-8. The rule uses no Unicode tables, so that the
// files it writes do not change with the Unicode version.
func jsonEscapes(r rune) bool {
	switch {
	case r < 0x20, r >= 0x7f && r <= 0xA0, r == 0xAD: // controls, NBSP, soft hyphen
		return true
	case r >= 0x0300 && r <= 0x036F: // combining diacritical marks
		return true
	case r == 0x061C, r == 0x1680, r == 0x180E, r >= 0x2000 && r <= 0x200F, r >= 0x2028 && r <= 0x202F,
		r >= 0x205F && r <= 0x206F, r == 0x3000: // spaces, bidi and other format characters
		return true
	case r >= 0xE000 && r <= 0xF8FF, r >= 0xF0000: // private use
		return true
	case r >= 0xFE00 && r <= 0xFE0F, r >= 0xE0000 && r <= 0xE0FFF: // variation selectors, tags
		return true
	case r >= 0xFDD0 && r <= 0xFDEF, r&0xFFFE == 0xFFFE, r == 0xFEFF, r >= 0xFFF0 && r <= 0xFFFC:
		return true // noncharacters, BOM, specials
	}
	return false
}

func appendUnicodeEscape(dst []byte, c uint16) []byte {
	return append(dst, '\\', 'u', lowerHex[c>>12], lowerHex[c>>8&15], lowerHex[c>>4&15], lowerHex[c&15])
}

// appendJSONString appends the Go string s (UTF-8) as a JSON string, as
// AppendJSONText writes its UTF-16 form. A string of printable ASCII (an
// op name, an id, a set name) is written as it is, with no conversion.
func appendJSONString(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' {
			return AppendJSONText(dst, utf16.Encode([]rune(s)))
		}
	}
	dst = append(dst, '"')
	dst = append(dst, s...)
	return append(dst, '"')
}
