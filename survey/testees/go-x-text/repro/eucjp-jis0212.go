//go:build ignore

package main

import (
	"fmt"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/htmlindex"
)

func main() {
	e, _ := htmlindex.Get("euc-jp")
	s, _ := encoding.HTMLEscapeUnsupported(e.NewEncoder()).String("é")
	fmt.Printf("%q\n", s)
}
