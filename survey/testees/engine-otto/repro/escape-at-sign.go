//go:build ignore

package main

import (
	"fmt"

	"github.com/robertkrimen/otto"
)

func main() {
	// escape keeps '@', one of the 69 characters of Annex B.2.1.
	v, _ := otto.New().Run(`escape('a@b')`)
	fmt.Println(v.String())
}
