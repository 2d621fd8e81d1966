//go:build ignore

package main

import (
	"fmt"

	"github.com/robertkrimen/otto"
)

func main() {
	// unescape('%uD800') is the lone surrogate U+D800.
	v, _ := otto.New().Run(`escape(unescape('%uD800'))`)
	fmt.Println(v.String())
}
