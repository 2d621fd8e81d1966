package conformance_test

import (
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/pctest/pctest/conformance"
)

// A third-party package checks its escapers against the vectors of the ops
// it has. In its tests it would write
//
//	func TestConformance(t *testing.T) {
//		conformance.Run(t, conformance.Funcs{...})
//	}
//
// to get one subtest per vector; Check makes the same checks outside a
// test, as fstest.TestFS does.
func ExampleCheck() {
	lib := conformance.Funcs{
		Label:           "net/url",
		GoQueryEscape:   func(s string) (string, error) { return url.QueryEscape(s), nil },
		GoQueryUnescape: url.QueryUnescape,
	}
	err := conformance.Check(lib, conformance.Areas("neturl"))
	fmt.Println("net/url conforms:", err == nil)

	// A QueryEscape that writes a space as %20 fails the vectors that
	// have a space; the error holds one *VectorError per failing vector.
	broken := conformance.Funcs{
		Label: "broken",
		GoQueryEscape: func(s string) (string, error) {
			return strings.ReplaceAll(url.QueryEscape(s), "+", "%20"), nil
		},
	}
	err = conformance.Check(broken, conformance.Ops("goQueryEscape"))
	var ve *conformance.VectorError
	if errors.As(err, &ve) {
		fmt.Println("broken fails", ve.Result.Vector.Op)
	}
	// Output:
	// net/url conforms: true
	// broken fails goQueryEscape
}
