package main

import (
	"strings"
	"testing"

	"github.com/pctest/pctest/vectors"
)

// TestSetScripts checks the page scripts of percentEncodeSet against
// vectors/sets.json: every script keyed by a set name is for a named set,
// and every whatwg.* set has a script or a reason (setUnfit) why no web API
// percent-encodes with it, so a WHATWG set added there shows here.
func TestSetScripts(t *testing.T) {
	for key := range scripts {
		if !strings.Contains(key, ".") {
			continue // an op's script
		}
		if _, ok := vectors.SetByName(key); !ok {
			t.Errorf("scripts has %q, which is not a set of vectors/sets.json", key)
		}
	}
	sets, err := vectors.NamedSets()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range sets {
		_, ok := scripts[s.Name]
		unfit := setUnfit(s.Name, "a")
		switch {
		case strings.HasPrefix(s.Name, "whatwg.") && !ok && unfit == "":
			t.Errorf("WHATWG set %s has neither a script nor a reason in setUnfit", s.Name)
		case ok && unfit != "":
			t.Errorf("set %s has a script, but setUnfit refuses %q: %s", s.Name, "a", unfit)
		case !ok && unfit == "":
			t.Errorf("set %s has no script, but setUnfit takes %q", s.Name, "a")
		}
	}
}
