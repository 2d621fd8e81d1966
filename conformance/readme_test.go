package conformance

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestZooREADMENumbers checks the mutant zoo's numbers that the root
// README and conformance/README.md state against the zoo itself: how many
// mutants, and how many of them the laws and the oracle can observe (those
// not marked blind). TestMutantZoo checks that they are killed.
func TestZooREADMENumbers(t *testing.T) {
	observable := 0
	for _, m := range zoo {
		if m.blind == "" {
			observable++
		}
	}
	n := len(zoo)
	for file, wants := range map[string][]string{
		"../README.md": {
			fmt.Sprintf("%d mutants of the reference codec", n),
			fmt.Sprintf("The vectors alone kill %d of %d", n, n),
			fmt.Sprintf("kill all %d they can observe", observable),
		},
		"README.md": {
			fmt.Sprintf("holds %d mutants", n),
			fmt.Sprintf("Vectors kill %d of %d", n, n),
			fmt.Sprintf("Laws and oracle kill %d of the %d they can observe", observable, observable),
		},
	} {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		text := strings.Join(strings.Fields(string(data)), " ")
		for _, want := range wants {
			if !strings.Contains(text, want) {
				t.Errorf("%s lacks %q", file, want)
			}
		}
	}
}
