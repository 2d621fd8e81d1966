package spec

// This file transcribes the abstract operations Encode and Decode of
// ECMA-262 5.1 §15.1.3, step by step, over UTF-16 code units. Each returns
// the steps it took (for "ref") and, when it throws, the step that threw.

// UpperHex are the hexadecimal digits in uppercase (RFC 3986 §2.1).
const UpperHex = "0123456789ABCDEF"

// ECMAResult is what Encode or Decode gives: a result, or the step that
// throws a URIError.
type ECMAResult struct {
	Out    []uint16
	Throws string // the step that throws, "" for a result
	At     int    // the code unit index k when it throws
	Steps  []string
}

func (r *ECMAResult) took(step string) {
	for _, s := range r.Steps {
		if s == step {
			return
		}
	}
	r.Steps = append(r.Steps, step)
}

// ECMAEncode is Encode(string, unescapedSet) of §15.1.3.
func ECMAEncode(str []uint16, unescaped Set) ECMAResult {
	var r ECMAResult
	strLen := len(str)  // step 1
	R := []uint16{}     // step 2
	for k := 0; ; k++ { // steps 3, 4, 4.f
		if k == strLen { // 4.a
			r.Out = R
			return r
		}
		C := str[k] // 4.b
		if C < 0x80 && unescaped[C] {
			r.took("4.c")
			R = append(R, C) // 4.c.i, 4.c.ii
			continue
		}
		// 4.d
		if C >= 0xDC00 && C <= 0xDFFF { // 4.d.i
			r.Throws, r.At = "4.d.i", k
			return r
		}
		var V rune
		if C < 0xD800 || C > 0xDBFF { // 4.d.ii
			V = rune(C)
		} else { // 4.d.iii
			k++              // 4.d.iii.1
			if k == strLen { // 4.d.iii.2
				r.Throws, r.At = "4.d.iii.2", k-1
				return r
			}
			kChar := str[k]                       // 4.d.iii.3
			if kChar < 0xDC00 || kChar > 0xDFFF { // 4.d.iii.4
				r.Throws, r.At = "4.d.iii.4", k-1
				return r
			}
			V = (rune(C)-0xD800)*0x400 + (rune(kChar) - 0xDC00) + 0x10000 // 4.d.iii.5
			r.took("4.d.iii.5")
		}
		r.took("4.d.iv")
		for _, jOctet := range UTF8Transform(V) { // 4.d.iv–4.d.vi
			R = append(R, '%', uint16(UpperHex[jOctet>>4]), uint16(UpperHex[jOctet&15]))
		}
	}
}

// UTF8Transform is the UTF-8 transformation of Table 21 (§15.1.3).
func UTF8Transform(v rune) []byte {
	switch {
	case v <= 0x7F:
		return []byte{byte(v)}
	case v <= 0x7FF:
		return []byte{0xC0 | byte(v>>6), 0x80 | byte(v&0x3F)}
	case v <= 0xFFFF:
		return []byte{0xE0 | byte(v>>12), 0x80 | byte(v>>6&0x3F), 0x80 | byte(v&0x3F)}
	}
	return []byte{0xF0 | byte(v>>18), 0x80 | byte(v>>12&0x3F), 0x80 | byte(v>>6&0x3F), 0x80 | byte(v&0x3F)}
}

// IsHexUnit reports whether c is a hexadecimal digit (RFC 3986 §2.1
// HEXDIG, either case).
func IsHexUnit(c uint16) bool { return c < 0x80 && HexDig[c] }

// HexUnitValue returns the value of the hexadecimal digit c.
func HexUnitValue(c uint16) byte {
	switch {
	case c >= '0' && c <= '9':
		return byte(c - '0')
	case c >= 'a' && c <= 'f':
		return byte(c-'a') + 10
	}
	return byte(c-'A') + 10
}

// ECMADecode is Decode(string, reservedSet) of §15.1.3.
func ECMADecode(str []uint16, reservedSet Set) ECMAResult {
	var r ECMAResult
	strLen := len(str) // step 1
	R := []uint16{}    // step 2
	throw := func(step string, k int) ECMAResult {
		r.Throws, r.At, r.Out = step, k, nil
		return r
	}
	for k := 0; ; k++ { // steps 3, 4, 4.f
		if k == strLen { // 4.a
			r.Out = R
			return r
		}
		C := str[k]   // 4.b
		if C != '%' { // 4.c
			r.took("4.c")
			R = append(R, C)
			continue
		}
		start := k         // 4.d.i
		if k+2 >= strLen { // 4.d.ii
			return throw("4.d.ii", k)
		}
		if !IsHexUnit(str[k+1]) || !IsHexUnit(str[k+2]) { // 4.d.iii
			return throw("4.d.iii", k)
		}
		B := HexUnitValue(str[k+1])<<4 | HexUnitValue(str[k+2]) // 4.d.iv
		k += 2                                                  // 4.d.v
		if B&0x80 == 0 {                                        // 4.d.vi
			C := uint16(B) // 4.d.vi.1
			if !reservedSet[C] {
				r.took("4.d.vi.2")
				R = append(R, C)
			} else {
				r.took("4.d.vi.3")
				R = append(R, str[start:k+1]...)
			}
			continue
		}
		// 4.d.vii
		n := 0 // 4.d.vii.1
		for (B<<n)&0x80 != 0 {
			n++
		}
		if n == 1 || n > 4 { // 4.d.vii.2
			return throw("4.d.vii.2", start)
		}
		octets := make([]byte, n) // 4.d.vii.3
		octets[0] = B             // 4.d.vii.4
		if k+3*(n-1) >= strLen {  // 4.d.vii.5
			return throw("4.d.vii.5", start)
		}
		for j := 1; j < n; j++ { // 4.d.vii.6, 4.d.vii.7
			k++                // 4.d.vii.7.a
			if str[k] != '%' { // 4.d.vii.7.b
				return throw("4.d.vii.7.b", k)
			}
			if !IsHexUnit(str[k+1]) || !IsHexUnit(str[k+2]) { // 4.d.vii.7.c
				return throw("4.d.vii.7.c", k)
			}
			B := HexUnitValue(str[k+1])<<4 | HexUnitValue(str[k+2]) // 4.d.vii.7.d
			if B&0xC0 != 0x80 {                                     // 4.d.vii.7.e
				return throw("4.d.vii.7.e", k)
			}
			k += 2        // 4.d.vii.7.f
			octets[j] = B // 4.d.vii.7.g
		}
		V, ok := RFC3629Decode(octets) // 4.d.vii.8
		if !ok {
			return throw("4.d.vii.8", start)
		}
		if V < 0x10000 { // 4.d.vii.9.b
			C := uint16(V)
			if C >= 0x80 || !reservedSet[C] {
				r.took("4.d.vii.9.b")
				R = append(R, C)
			} else {
				R = append(R, str[start:k+1]...)
			}
			continue
		}
		r.took("4.d.vii.9.c")
		L := uint16((V-0x10000)&0x3FF + 0xDC00)       // 4.d.vii.9.c.1
		H := uint16(((V-0x10000)>>10)&0x3FF + 0xD800) // 4.d.vii.9.c.2
		R = append(R, H, L)
	}
}

// RFC3629Decode returns the code point that octets, all of one sequence,
// are the valid UTF-8 of (RFC 3629 §3 and §4: no overlong forms, no
// surrogates, nothing above U+10FFFF).
func RFC3629Decode(o []byte) (rune, bool) {
	var v rune
	var min rune
	switch len(o) {
	case 2:
		v, min = rune(o[0]&0x1F), 0x80
	case 3:
		v, min = rune(o[0]&0x0F), 0x800
	case 4:
		v, min = rune(o[0]&0x07), 0x10000
	default:
		return 0, false
	}
	for _, b := range o[1:] {
		if b&0xC0 != 0x80 {
			return 0, false
		}
		v = v<<6 | rune(b&0x3F)
	}
	if v < min || v > 0x10FFFF || v >= 0xD800 && v <= 0xDFFF {
		return 0, false
	}
	return v, true
}
