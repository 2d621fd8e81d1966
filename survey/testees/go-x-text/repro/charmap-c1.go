//go:build ignore

package main

import (
	"fmt"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/htmlindex"
)

func main() {
	e, _ := htmlindex.Get("windows-1252")
	s, _ := encoding.HTMLEscapeUnsupported(e.NewEncoder()).String("\u0081")
	fmt.Printf("%q\n", s)
}
