//go:build ignore

package main

import (
	"fmt"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/htmlindex"
)

func main() {
	e, _ := htmlindex.Get("iso-2022-jp")
	s, _ := encoding.HTMLEscapeUnsupported(e.NewEncoder()).String("¥")
	fmt.Printf("%q\n", s)
}
