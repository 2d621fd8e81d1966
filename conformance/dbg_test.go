package conformance
import ("testing";"sync")
func TestDbgRates(t *testing.T) {
	const runs = 20
	var wg sync.WaitGroup
	res := make([][2]int, len(zoo))
	sem := make(chan struct{}, 2)
	for i, m := range zoo {
		if m.blind != "" { continue }
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}; defer func(){<-sem}()
			impl := mutantImpl{m: m, ref: Reference()}
			for range runs {
				if CheckLaws(impl, Ops(m.ops...)) != nil { res[i][0]++ }
				for _, o := range oracles() {
					if CheckDifferential(impl, o, Ops(m.ops...)) != nil { res[i][1]++; break }
				}
			}
		}()
	}
	wg.Wait()
	for i, m := range zoo {
		if m.blind == "" && (res[i][0] < runs && res[i][1] < runs) { t.Logf("%-40s laws %2d/%d oracle %2d/%d", m.name, res[i][0], runs, res[i][1], runs) }
	}
}
