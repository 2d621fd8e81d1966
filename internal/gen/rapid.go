package gen

import (
	"slices"

	"pgregory.net/rapid"

	"github.com/pctest/pctest/vectors"
)

// rapidSource is the Source of a *rapid.T's draws.
type rapidSource struct{ t *rapid.T }

// IntN draws from [0, n) with rapid, which shrinks the draw toward 0.
func (s rapidSource) IntN(n int) int { return rapid.IntRange(0, n-1).Draw(s.t, "choice") }

// Rapid returns the Source whose choices are t's draws, so that rapid
// shrinks a Generator's values by shrinking its choices. Use it inside
// rapid.Custom (as the generators below do), so that a failing check
// logs the value rather than every choice.
func Rapid(t *rapid.T) Source { return rapidSource{t} }

// custom returns the rapid generator of the values f makes with a fresh
// Generator over the draws of rapid.
func custom[V any](f func(g *Generator) V) *rapid.Generator[V] {
	return rapid.Custom(func(t *rapid.T) V { return f(New(Rapid(t))) })
}

// Request returns the rapid generator of Generator.Request's requests of
// op, or nil for an op it has none for (see Covers).
func Request(op vectors.Op) *rapid.Generator[vectors.Request] {
	if !Covers(op) {
		return nil
	}
	return custom(func(g *Generator) vectors.Request {
		req, _ := g.Request(op)
		req.In = slices.Clone(req.In)
		req.InHex = slices.Clone(req.InHex)
		if req.Args != nil {
			req.Args = map[string]string{}
			for k, v := range g.args {
				req.Args[k] = v
			}
		}
		return req
	})
}

// Text returns the rapid generator of Generator.Text's text.
func Text() *rapid.Generator[[]uint16] { return custom((*Generator).Text) }

// ValidText returns the rapid generator of Generator.ValidText's text.
func ValidText() *rapid.Generator[[]uint16] { return custom((*Generator).ValidText) }

// Encoded returns the rapid generator of Generator.Encoded's text.
func Encoded() *rapid.Generator[[]uint16] { return custom((*Generator).Encoded) }

// ValidEncoded returns the rapid generator of Generator.ValidEncoded's
// text.
func ValidEncoded() *rapid.Generator[[]uint16] { return custom((*Generator).ValidEncoded) }

// Octets returns the rapid generator of Generator.Octets's octets.
func Octets() *rapid.Generator[[]byte] { return custom((*Generator).Octets) }

// SetName returns the rapid generator of the names of the encode sets
// percentEncodeSet takes (vectors/sets.json).
func SetName() *rapid.Generator[string] { return custom((*Generator).SetName) }

// EquivalentPair draws with t the two texts of Generator.EquivalentPair.
func EquivalentPair(t *rapid.T) (a, b []uint16) {
	p := custom(func(g *Generator) [2][]uint16 {
		a, b := g.EquivalentPair()
		return [2][]uint16{slices.Clone(a), slices.Clone(b)}
	}).Draw(t, "pair")
	return p[0], p[1]
}
