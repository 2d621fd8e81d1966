package main

import (
	"strings"
	"testing"
)

// TestSelectEngines: ENGINES takes ids separated by commas or spaces, runs
// them in the table's order, all for an empty list, and rejects an
// unknown id naming the known ones.
func TestSelectEngines(t *testing.T) {
	all := engines("/usr/bin/node")
	for list, want := range map[string]string{
		"":              "node engine262 sm102 sm78 jsc hermes qjs rhino",
		"node":          "node",
		"jsc,node":      "node jsc",
		"rhino sm78 , ": "sm78 rhino",
	} {
		got, err := selectEngines(all, list)
		if err != nil {
			t.Errorf("%q: %v", list, err)
			continue
		}
		var ids []string
		for _, e := range got {
			ids = append(ids, e.id)
		}
		if strings.Join(ids, " ") != want {
			t.Errorf("%q: engines %q, want %q", list, ids, want)
		}
	}
	if _, err := selectEngines(all, "node,v8"); err == nil || !strings.Contains(err.Error(), `"v8"`) || !strings.Contains(err.Error(), "sm102") {
		t.Errorf("an unknown engine: error %v", err)
	}
}
