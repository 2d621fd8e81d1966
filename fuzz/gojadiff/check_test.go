package gojadiff

import (
	"slices"
	"strings"
	"testing"

	"github.com/pctest/pctest/vectors"
)

// TestDeviationsAreTheOnlySkips checks that the differential fails on a
// known goja deviation once the deviation is not listed, and passes on it
// while it is: what the targets skip is exactly what deviations.json
// lists, nothing more.
func TestDeviationsAreTheOnlySkips(t *testing.T) {
	if err := gojaSetup(); err != nil {
		t.Fatal(err)
	}
	devs := gojaVM.devs
	defer func() { gojaVM.devs = devs }()
	if len(devs) == 0 {
		t.Skip("no known deviations to check against")
	}
	for _, d := range devs {
		if !slices.Contains(d.Rows, "goja") {
			continue
		}
		for _, e := range d.Examples {
			req, _, _, err := e.Parse()
			if err != nil {
				t.Fatal(err)
			}
			gojaVM.devs = devs
			if err := checkGoja(req.In, e.Op); err != nil {
				t.Errorf("%s: listed, yet the differential fails on its example: %v", d.ID, err)
			}
			gojaVM.devs = nil
			err = checkGoja(req.In, e.Op)
			if err == nil || !strings.Contains(err.Error(), "no known deviation") {
				t.Errorf("%s: unlisted, the differential should fail on its example; got %v", d.ID, err)
			}
		}
	}
}

// TestAgreesOnPlainInputs checks the differential on inputs where goja and
// the spec agree, results and URIErrors both.
func TestAgreesOnPlainInputs(t *testing.T) {
	for _, c := range []struct {
		op string
		in []uint16
	}{
		{"encodeURIComponent", []uint16{'a', ' ', 0xE9}},
		{"encodeURI", []uint16{0xD800}},
		{"decodeURI", []uint16{'%', '2', 'F', '%', 'C', '3', '%', 'A', '9'}},
		{"decodeURIComponent", []uint16{'%', 'E', '0', '%', '8', '0'}},
	} {
		if err := checkGoja(c.in, vectors.Op(c.op)); err != nil {
			t.Error(err)
		}
	}
	r, err := gojaCall("decodeURIComponent", []uint16{'%'})
	if err != nil || r.Error != vectors.ErrURIError {
		t.Errorf("goja decodeURIComponent(%%) = %+v, %v; want a URIError", r, err)
	}
}
