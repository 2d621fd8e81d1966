// Command engine-otto is a pctest testee (testee/PROTOCOL.md) for the four
// URI functions and escape and unescape of otto, the ECMAScript 5
// interpreter in Go (github.com/robertkrimen/otto).
package main

import (
	"fmt"
	"os"

	"github.com/robertkrimen/otto"
	"pctest.example/survey/go-common/jsengine"
)

func main() {
	vm := otto.New()
	// otto keeps a string it computes as a Go string (UTF-8), and its
	// charCodeAt answers NaN for U+FFFD: the result is read as a Go string.
	if _, err := vm.Run(jsengine.Script + "; direct = true"); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	eval := func(code string) (string, error) {
		v, err := vm.Run(code)
		if err != nil {
			return "", err
		}
		return v.ToString()
	}
	jsengine.Serve(eval)
}
