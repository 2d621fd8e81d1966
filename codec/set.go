package codec

import (
	"math/bits"
	"strings"
)

// A Set is a set of octets, held as a 256-bit table. Every function of
// this package that takes one calls it keep, and keeps its members as they
// are: an encoder copies the octets in keep and percent-encodes every other
// one (keep is an encode set: ECMA-262's unescapedSet); a decoder copies
// the escape of an octet in keep as it is written and decodes every other
// escape (ECMA-262's reservedSet). (The WHATWG URL Standard describes its
// percent-encode sets the other way round, as the code points that are
// encoded; the WHATWG sets here are their complements.)
//
// The zero Set is empty. Sets are values: the algebra methods return new sets
// and never change their receiver.
type Set struct {
	bits [4]uint64
}

// SetOf returns the set of the bytes of chars.
func SetOf(chars string) Set {
	var s Set
	for i := 0; i < len(chars); i++ {
		c := chars[i]
		s.bits[c>>6] |= 1 << (c & 63)
	}
	return s
}

// SetRange returns the set of the octets from lo to hi, both included. It is
// empty when lo > hi.
func SetRange(lo, hi byte) Set {
	var s Set
	for c := int(lo); c <= int(hi); c++ {
		s.bits[c>>6] |= 1 << (uint(c) & 63)
	}
	return s
}

// Contains reports whether c is in s.
func (s Set) Contains(c byte) bool {
	return s.bits[c>>6]&(1<<(c&63)) != 0
}

// Union returns the octets that are in s or in t.
func (s Set) Union(t Set) Set {
	for i := range s.bits {
		s.bits[i] |= t.bits[i]
	}
	return s
}

// Intersect returns the octets that are in both s and t.
func (s Set) Intersect(t Set) Set {
	for i := range s.bits {
		s.bits[i] &= t.bits[i]
	}
	return s
}

// Minus returns the octets of s that are not in t.
func (s Set) Minus(t Set) Set {
	for i := range s.bits {
		s.bits[i] &^= t.bits[i]
	}
	return s
}

// Complement returns the octets, of all 256, that are not in s.
func (s Set) Complement() Set {
	for i := range s.bits {
		s.bits[i] = ^s.bits[i]
	}
	return s
}

// With returns s with the bytes of chars added.
func (s Set) With(chars string) Set { return s.Union(SetOf(chars)) }

// Without returns s with the bytes of chars removed.
func (s Set) Without(chars string) Set { return s.Minus(SetOf(chars)) }

// Len returns the number of octets in s.
func (s Set) Len() int {
	n := 0
	for _, w := range s.bits {
		n += bits.OnesCount64(w)
	}
	return n
}

// Bytes returns the octets of s in increasing order.
func (s Set) Bytes() []byte {
	b := make([]byte, 0, s.Len())
	for c := 0; c < 256; c++ {
		if s.Contains(byte(c)) {
			b = append(b, byte(c))
		}
	}
	return b
}

// String describes s for people: printable ASCII members as they are, runs of
// three or more as ranges ("0-9"), and other octets as \xHH, all in brackets.
func (s Set) String() string {
	var b strings.Builder
	b.WriteByte('[')
	for c := 0; c < 256; {
		if !s.Contains(byte(c)) {
			c++
			continue
		}
		end := c
		for end+1 < 256 && s.Contains(byte(end+1)) {
			end++
		}
		writeSetByte(&b, byte(c))
		if end-c >= 2 {
			b.WriteByte('-')
			writeSetByte(&b, byte(end))
		} else if end > c {
			writeSetByte(&b, byte(end))
		}
		c = end + 1
	}
	b.WriteByte(']')
	return b.String()
}

func writeSetByte(b *strings.Builder, c byte) {
	if c > 0x20 && c < 0x7f && c != '\\' && c != '-' && c != '[' && c != ']' {
		b.WriteByte(c)
		return
	}
	b.WriteString(`\x`)
	b.WriteByte(upperHex[c>>4])
	b.WriteByte(upperHex[c&15])
}

// upperHex holds the hex digits that every encoder here writes: RFC 3986 §2.1
// says producers should use uppercase.
const upperHex = "0123456789ABCDEF"
