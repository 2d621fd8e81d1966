//go:build ignore

package main

import (
	"fmt"

	"github.com/robertkrimen/otto"
)

func main() {
	// unescape keeps a character that is not part of an escape as it is.
	v, _ := otto.New().Run(`escape(unescape('\u00e9'))`)
	fmt.Println(v.String())
}
