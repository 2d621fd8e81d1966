package codeccheck

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/pctest/pctest/codec"
	"github.com/pctest/pctest/internal/spec"
	"github.com/pctest/pctest/vectors"
)

// iriKeepSet holds what IRIToURI leaves as it is outside a non-ASCII
// host: every octet below 0x80 but the printable characters a URI does not
// allow, which RFC 3987 §3.1 lets step 2 convert.
var iriKeepSet = codec.SetRange(0, 0x7F).Without("<>\" {}|\\^`")

// onlyIn reports whether every octet of s is in set.
func onlyIn(s string, set codec.Set) bool {
	for i := 0; i < len(s); i++ {
		if !set.Contains(s[i]) {
			return false
		}
	}
	return true
}

// modelDecodeUnreserved decodes the escapes of unreserved characters in s
// (RFC 3986 §2.3), the only ASCII escapes RFC 3987 §3.2 step 2 converts.
func modelDecodeUnreserved(s string) string {
	return string(spec.PercentDecode([]byte(s), reservedVerbatim))
}

// reservedVerbatim is every octet but the unreserved characters: the
// escapes modelDecodeUnreserved leaves as they are.
var reservedVerbatim = spec.Unreserved.Complement()

// isASCII reports whether s holds only octets below 0x80.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// containsXN reports whether s holds "xn--", the prefix of an A-label (RFC
// 5890 §2.3.2.1), in any ASCII case. (strings.ToLower did the same, with a
// copy of s, and was 40% of an execution's check: no code point but 'X' and
// 'N' lowercases to 'x' or 'n'.)
func containsXN(s string) bool {
	for i := 0; i+4 <= len(s); i++ {
		if s[i]|0x20 == 'x' && s[i+1]|0x20 == 'n' && s[i+2] == '-' && s[i+3] == '-' {
			return true
		}
	}
	return false
}

// IRI checks IRIToURI and URIToIRI (RFC 3987 §3.1 and §3.2) on s:
//   - IRIToURI fails only with a *codec.IDNAError whose offset is inside s,
//     where its label stands; otherwise it gives ASCII, is idempotent, and
//     returns s itself when s holds only octets of iriKeepSet. When the
//     authority of s (RFC 3986 Appendix B) is ASCII, no IDNA is involved,
//     and the result is s with every octet outside iriKeepSet
//     percent-encoded (modelEncode).
//   - URIToIRI never fails, returns s itself when s holds no '%' and no
//     "xn--", never lengthens s when there is no "xn--", and keeps UTF-8
//     well-formed. On an ASCII s whose authority holds no '%', IRIToURI
//     gives back s from its result, up to ASCII case (hex digits,
//     A-labels), escapes of unreserved characters (§3.2 step 2 decodes
//     them) and the printable characters a URI does not allow (§3.1 step 2
//     encodes them). (With escapes in the host, URIToIRI decodes them and
//     IRIToURI then writes the host as A-labels: §3.1 allows either form.)
func IRI(s string) error {
	uri, uriErr := codec.IRIToURI(s)
	if uriErr != nil {
		var ie *codec.IDNAError
		if !errors.As(uriErr, &ie) {
			return fmt.Errorf("IRIToURI(%q): error %v (%T), want a *codec.IDNAError", s, uriErr, uriErr)
		}
		if ie.Offset < 0 || ie.Offset >= len(s) || !strings.HasPrefix(s[ie.Offset:], ie.Label) {
			return fmt.Errorf("IRIToURI(%q): IDNAError label %q at offset %d is not where the input holds it", s, ie.Label, ie.Offset)
		}
		if uri != "" {
			return fmt.Errorf("IRIToURI(%q) = %q beside an error", s, uri)
		}
	} else {
		if !isASCII(uri) {
			return fmt.Errorf("IRIToURI(%q) = %q is not ASCII", s, uri)
		}
		if onlyIn(s, iriKeepSet) && !same(s, uri) {
			return fmt.Errorf("IRIToURI(%q) = %q; an input with nothing to convert must come back itself", s, uri)
		}
		// Idempotence; when uri is s, IRIToURI(uri) is the call just made.
		if uri != s {
			if again, err := codec.IRIToURI(uri); err != nil || !same(uri, again) {
				return fmt.Errorf("IRIToURI(IRIToURI(%q)) = %q, %v; want %q itself", s, again, err, uri)
			}
		}
	}
	auth, hasAuth := modelAuthority(s)
	// encoded is modelEncode(s, iriKeepSet), made when auth is ASCII,
	// which it is whenever s is.
	var encoded string
	if isASCII(auth) {
		encoded = modelEncode(s, iriKeepSet)
		if uriErr != nil || uri != encoded {
			return fmt.Errorf("IRIToURI(%q) = %q, %v; its authority is ASCII, so want %q", s, uri, uriErr, encoded)
		}
	}

	iri, err := codec.URIToIRI(s)
	if err != nil {
		return fmt.Errorf("URIToIRI(%q): error %v; it never fails", s, err)
	}
	hasALabel := containsXN(s)
	hasEscape := strings.IndexByte(s, '%') >= 0
	if !hasALabel && !hasEscape && !same(s, iri) {
		return fmt.Errorf("URIToIRI(%q) = %q; with no escape and no A-label it must return its input itself", s, iri)
	}
	if !hasALabel && len(iri) > len(s) {
		return fmt.Errorf("URIToIRI(%q) = %q: longer than the input", s, iri)
	}
	if utf8.ValidString(s) && !utf8.ValidString(iri) {
		return fmt.Errorf("URIToIRI(%q) = %q is not well-formed UTF-8", s, iri)
	}
	if isASCII(s) && strings.IndexByte(auth, '%') < 0 {
		// When iri is s, IRIToURI(iri) is the first call's answer; when s
		// has no escape, decoding its unreserved escapes leaves it as it is.
		back, backErr := uri, uriErr
		if iri != s {
			back, backErr = codec.IRIToURI(iri)
		}
		want := encoded
		if hasEscape {
			want = modelEncode(modelDecodeUnreserved(s), iriKeepSet)
		}
		if backErr != nil || !strings.EqualFold(back, want) {
			return fmt.Errorf("IRIToURI(URIToIRI(%q)) = IRIToURI(%q) = %q, %v; want %q, up to ASCII case", s, iri, back, backErr, want)
		}
	}
	return checkIRIModel(s, auth, hasAuth, uri, uriErr, iri)
}

// checkIRIModel checks uri, uriErr (IRIToURI's answer for s) and iri
// (URIToIRI's) against internal/spec's transcriptions of RFC 3987 §3.1 and
// §3.2 (spec.IRIToURI, spec.URIToIRI), the models the iri vectors come
// from, wherever the spec decides the answer: s is UTF-8, and
// vectors.Request.Open leaves no clause open (an IRI for §3.1 with an ASCII
// host, a URI for §3.2 without an A-label). It skips what the check IRI has
// already decided: IRIToURI where the authority auth is ASCII (the model
// is then modelEncode), URIToIRI where s holds no '%' (both return s).
// hasAuth says whether s has an authority (modelAuthority).
func checkIRIModel(s, auth string, hasAuth bool, uri string, uriErr error, iri string) error {
	// Where RFC 3986 Appendix B's regular expression finds an authority
	// (after any run of characters but ":/?#" as a scheme) and the ABNF
	// does not (a scheme starts with a letter: "0://例"), the input is no
	// IRI and the codec reads the first way, the model the second.
	_, host, _, ok := spec.SplitHost(s)
	if ok != hasAuth {
		return nil
	}
	// Cheap tests first, for what Open would leave open anyway: a
	// non-ASCII host (§3.1), a URI that is not ASCII (§3.2).
	iriToURI := !isASCII(auth) && isASCII(host)
	uriToIRI := strings.IndexByte(s, '%') >= 0 && isASCII(s)
	if !iriToURI && !uriToIRI || !utf8.ValidString(s) {
		return nil
	}
	in := spec.Units(s)
	if iriToURI && openClause(vectors.OpIRIToURI, in) == "" {
		want, _ := spec.IRIToURI(in)
		if w := string(spec.ToUTF8(want)); uriErr != nil || uri != w {
			return fmt.Errorf("IRIToURI(%q) = %q, %v; the model (RFC 3987 §3.1) says %q", s, uri, uriErr, w)
		}
	}
	if uriToIRI && openClause(vectors.OpURIToIRI, in) == "" {
		want, _ := spec.URIToIRI(in)
		if w := string(spec.ToUTF8(want)); iri != w {
			return fmt.Errorf("URIToIRI(%q) = %q; the model (RFC 3987 §3.2) says %q", s, iri, w)
		}
	}
	return nil
}

// openClause is the clause that leaves op's answer for in open
// (vectors.Request.Open), "" when the spec decides it.
func openClause(op vectors.Op, in []uint16) string {
	clause, _ := vectors.Request{Op: op, In: in}.Open()
	return clause
}
