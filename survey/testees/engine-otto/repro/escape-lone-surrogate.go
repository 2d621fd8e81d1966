//go:build ignore

package main

import (
	"fmt"

	"github.com/robertkrimen/otto"
)

func main() {
	// escape should give the lone surrogate's own code unit.
	v, _ := otto.New().Run(`escape(String.fromCharCode(0xD800))`)
	fmt.Println(v.String())
}
