//go:build ignore

// goja's decodeURIComponent turns a lone surrogate into U+FFFD when the
// input holds an escape (ECMA-262 §15.1.3 Decode step 4: copy it as is).
package main

import (
	"fmt"

	"github.com/dop251/goja"
)

func main() {
	v, _ := goja.New().RunString(`escape(decodeURIComponent("\ud800%41"))`)
	fmt.Println(v) // the spec: %uD800A
}
