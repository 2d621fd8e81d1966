package gojaimpl_test

import (
	"context"
	"slices"
	"testing"
	"unicode/utf16"

	"github.com/pctest/pctest/conformance"
	"github.com/pctest/pctest/conformance/gojaimpl"
	"github.com/pctest/pctest/vectors"
)

var _ conformance.Implementation = gojaimpl.New()

// goja answers only the ECMAScript ops; its failures that
// vectors/deviations.json documents are expected failures. It must pass
// the vectors (less those), the laws and the oracle cleanly.
func TestGojaVectors(t *testing.T) {
	conformance.Run(t, gojaimpl.New(), conformance.Areas("ecmascript"))
}
func TestLawsGoja(t *testing.T) { conformance.Laws(t, gojaimpl.New()) }
func TestOracleGoja(t *testing.T) {
	conformance.Differential(t, gojaimpl.New(), conformance.Reference())
}

func TestGojaConcurrent(t *testing.T) {
	err := conformance.Check(gojaimpl.New(), conformance.Areas("ecmascript"), conformance.Parallel(4))
	if err != nil {
		t.Error(err)
	}
}

func TestGojaKeepsUTF16(t *testing.T) {
	g := gojaimpl.New()
	// encodeURIComponent of a valid pair is the UTF-8 of U+1F600
	// (§15.1.3 Encode 4.d.iv–vi); of a lone low surrogate, URIError (4.d.i).
	resp, err := g.Do(context.Background(), vectors.Request{Op: "encodeURIComponent", In: []uint16{0xD83D, 0xDE00}})
	if err != nil || string(utf16.Decode(resp.Out)) != "%F0%9F%98%80" {
		t.Errorf("pair: %+v %v", resp, err)
	}
	resp, err = g.Do(context.Background(), vectors.Request{Op: "encodeURIComponent", In: []uint16{'a', 0xDC00}})
	if err != nil || resp.Error != vectors.ErrURIError {
		t.Errorf("lone low: %+v %v", resp, err)
	}
	// decodeURIComponent copies a lone surrogate when nothing is escaped
	// (Decode 4.c), and goja does too on that path.
	resp, err = g.Do(context.Background(), vectors.Request{Op: "decodeURIComponent", In: []uint16{'x', 0xDBFF}})
	if err != nil || !slices.Equal(resp.Out, []uint16{'x', 0xDBFF}) {
		t.Errorf("lone surrogate lost: %+v %v", resp, err)
	}
	if resp, _ := g.Do(context.Background(), vectors.Request{Op: "percentEncode", InHex: []byte("a")}); !resp.Unsupported {
		t.Errorf("goja answered percentEncode: %+v", resp)
	}
}
