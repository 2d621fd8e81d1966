// Command engine-sobek is a pctest testee (testee/PROTOCOL.md) for the four
// URI functions and escape and unescape of sobek, Grafana's ECMAScript
// engine in Go (a fork of goja, github.com/grafana/sobek).
package main

import (
	"fmt"
	"os"

	"github.com/grafana/sobek"
	"pctest.example/survey/go-common/jsengine"
)

func main() {
	vm := sobek.New()
	if _, err := vm.RunString(jsengine.Script); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	eval := func(code string) (string, error) {
		v, err := vm.RunString(code)
		if err != nil {
			return "", err
		}
		return v.String(), nil
	}
	jsengine.Serve(eval)
}
