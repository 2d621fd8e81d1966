package lfbuild

import (
	"encoding/binary"
	"fmt"
)

// maxTotalLen is go-fuzz-headers' MaxTotalLen: GetString fails once the
// read position is past it.
const maxTotalLen = 2000000

// A DecodeError says why the shim would not call the fuzz function on an
// input: go-fuzz-headers ran out of bytes for an argument. The shim's F.Fuzz
// then returns without running the target, so such an input can neither
// crash it nor add coverage.
type DecodeError struct {
	Arg    int    // index of the argument (0 is the first after *testing.T)
	Type   string // its type
	Offset int    // read position in the input
	Reason string
}

func (e *DecodeError) Error() string {
	return fmt.Sprintf("argument %d (%s) at offset %d: %s; go-118-fuzz-build's shim does not call the target on this input",
		e.Arg, e.Type, e.Offset, e.Reason)
}

// normType returns the type name the shim switches on (reflect's String)
// for a parameter type written in source.
func normType(t string) string {
	switch t {
	case "byte":
		return "uint8"
	case "[]byte":
		return "[]uint8"
	}
	return t
}

// consumer is go-fuzz-headers' ConsumeFuzzer, cut down to the readers the
// shim uses for byte, []byte and string, with the same arithmetic (uint32
// positions and lengths).
type consumer struct {
	data  []byte
	total uint32
	pos   uint32
}

func (c *consumer) getByte() (byte, bool) {
	if c.pos >= c.total {
		return 0, false
	}
	b := c.data[c.pos]
	c.pos++
	return b, true
}

// getUint32 is GetNBytes(4) read big-endian.
func (c *consumer) getUint32() (uint32, bool) {
	if c.pos >= c.total {
		return 0, false
	}
	var b [4]byte
	for i := range b {
		v, ok := c.getByte()
		if !ok {
			return 0, false
		}
		b[i] = v
	}
	return binary.BigEndian.Uint32(b[:]), true
}

// getBytes is GetBytes: a length, 0 meaning 30, taken modulo the bytes
// left unless it equals them.
func (c *consumer) getBytes() ([]byte, string) {
	length, ok := c.getUint32()
	if !ok {
		return nil, "not enough bytes for the length"
	}
	if length == 0 {
		length = 30
	}
	left := c.total - c.pos
	if left == 0 {
		return nil, "no bytes left after the length"
	}
	if length != left {
		length %= left
	}
	begin := c.pos
	c.pos += length
	return c.data[begin:c.pos], ""
}

// getString is GetString: a length that must fit in the bytes left.
func (c *consumer) getString() (string, string) {
	if c.pos >= c.total {
		return "", "no bytes left"
	}
	length, ok := c.getUint32()
	if !ok {
		return "", "not enough bytes for the length"
	}
	if c.pos > maxTotalLen {
		return "", "past go-fuzz-headers' MaxTotalLen"
	}
	if c.pos >= c.total {
		return "", "no bytes left after the length"
	}
	if uint64(c.pos)+uint64(length) > uint64(c.total) {
		return "", fmt.Sprintf("length %d is more than the %d bytes left", length, c.total-c.pos)
	}
	begin := c.pos
	c.pos += length
	return string(c.data[begin:c.pos]), ""
}

// Decode returns the arguments that go-118-fuzz-build's shim passes, after
// the *testing.T, to a fuzz function whose other parameters have the given
// types ("byte", "[]byte", "string", or reflect's "uint8", "[]uint8"),
// when libFuzzer feeds it data: a byte, a []byte or a string for each. It
// returns a *DecodeError where the shim returns without calling the
// function.
func Decode(data []byte, types []string) ([]any, error) {
	c := &consumer{data: data, total: uint32(len(data))}
	args := make([]any, 0, len(types))
	for i, typ := range types {
		at := int(c.pos)
		var reason string
		switch normType(typ) {
		case "uint8":
			b, ok := c.getByte()
			if !ok {
				reason = "no bytes left"
			}
			args = append(args, b)
		case "[]uint8":
			var b []byte
			b, reason = c.getBytes()
			args = append(args, append([]byte{}, b...))
		case "string":
			var s string
			s, reason = c.getString()
			args = append(args, s)
		default:
			return nil, fmt.Errorf("argument %d: type %s is not one the targets take (byte, []byte, string)", i, typ)
		}
		if reason != "" {
			return nil, &DecodeError{Arg: i, Type: typ, Offset: at, Reason: reason}
		}
	}
	return args, nil
}

// Encode returns the bytes that Decode, and the shim, turn into args (each
// a byte, []byte or string). Only the layout differs from go test's corpus
// format: a byte is itself; a []byte or string is its length (4 bytes,
// big-endian) and its bytes. An empty string or []byte at the end gets one
// padding byte, without which go-fuzz-headers would fail for want of bytes;
// an empty []byte elsewhere gets a length that is a multiple of the bytes
// left.
func Encode(args []any) ([]byte, error) {
	var out []byte
	// rest[i] is the number of bytes that args[i:] take, padding included.
	rest := make([]int, len(args)+1)
	if n := len(args); n > 0 {
		switch a := args[n-1].(type) {
		case []byte:
			if len(a) == 0 {
				rest[n] = 1
			}
		case string:
			if a == "" {
				rest[n] = 1
			}
		}
	}
	for i := len(args) - 1; i >= 0; i-- {
		switch a := args[i].(type) {
		case byte:
			rest[i] = rest[i+1] + 1
		case []byte:
			rest[i] = rest[i+1] + 4 + len(a)
		case string:
			rest[i] = rest[i+1] + 4 + len(a)
		default:
			return nil, fmt.Errorf("argument %d: type %T is not one the targets take (byte, []byte, string)", i, a)
		}
	}
	for i, a := range args {
		last := i == len(args)-1
		switch a := a.(type) {
		case byte:
			out = append(out, a)
		case []byte:
			n := uint32(len(a))
			if n == 0 && !last {
				// 0 would mean 30; a multiple of the bytes left after
				// the length (which are the next arguments') gives 0.
				n = 2 * uint32(rest[i+1])
			}
			out = binary.BigEndian.AppendUint32(out, n)
			out = append(out, a...)
			if len(a) == 0 && last {
				out = append(out, 0) // 30 modulo 1 byte left is 0
			}
		case string:
			out = binary.BigEndian.AppendUint32(out, uint32(len(a)))
			out = append(out, a...)
			if len(a) == 0 && last {
				out = append(out, 0) // GetString needs a byte left
			}
		}
	}
	return out, nil
}
