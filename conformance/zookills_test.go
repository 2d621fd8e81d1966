package conformance

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/pctest/pctest/vectors"
)

// minKills is how many must or should vectors must kill each mutant of the
// zoo (issue 37): one vector that happens to catch a bug is fragile, as a
// vector that changes or an implementation that special-cases it lets the
// bug through; three independent ones are not.
const minKills = 3

// TestZooKillCounts counts, per mutant of the zoo, the vectors whose answer
// the specs fix (must and should) that the mutant fails, and fails when a
// mutant is killed by fewer than minKills of them. It logs the count of
// every mutant, the thin ones first.
func TestZooKillCounts(t *testing.T) {
	corpus, err := vectors.Load()
	if err != nil {
		t.Fatal(err)
	}
	counts := make([]int, len(zoo))
	first := make([][]string, len(zoo))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	for i, m := range zoo {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			impl := mutantImpl{m: m, ref: Reference()}
			rs, err := Results(context.Background(), impl, Vectors(corpus), Ops(m.ops...),
				Level(vectors.LevelMust, vectors.LevelShould), Parallel(1))
			if err != nil {
				t.Errorf("%s: %v", m.name, err)
				return
			}
			for _, r := range rs {
				if r.Outcome == Failed {
					counts[i]++
					if len(first[i]) < 5 {
						first[i] = append(first[i], r.Vector.ID)
					}
				}
			}
		}()
	}
	wg.Wait()
	var b strings.Builder
	for i, m := range zoo {
		fmt.Fprintf(&b, "%-40s %5d  %s\n", m.name, counts[i], strings.Join(first[i], " "))
		if counts[i] < minKills {
			t.Errorf("mutant %s (%s) is killed by %d vectors, fewer than %d: %s", m.name, m.bug, counts[i], minKills, strings.Join(first[i], " "))
		}
	}
	t.Log("vectors killing each mutant:\n" + b.String())
}
