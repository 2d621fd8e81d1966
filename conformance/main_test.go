package conformance

import (
	"flag"
	"os"
	"testing"
)

// TestMain turns off rapid's fail files and bounds its shrinking, unless
// the command line sets them: the mutant zoo falsifies properties on
// purpose, and its failures must not leave files under testdata/rapid.
// A real failure still prints -rapid.seed to replay it.
func TestMain(m *testing.M) {
	flag.Parse()
	set := map[string]bool{}
	flag.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if !set["rapid.nofailfile"] {
		flag.Set("rapid.nofailfile", "true")
	}
	if !set["rapid.shrinktime"] {
		flag.Set("rapid.shrinktime", "5s")
	}
	os.Exit(m.Run())
}
