//go:build ignore

package main

import (
	"fmt"

	"github.com/robertkrimen/otto"
)

func main() {
	// escape should give both halves of a surrogate pair.
	v, _ := otto.New().Run(`escape(String.fromCharCode(0xD83D, 0xDE00))`)
	fmt.Println(v.String())
}
