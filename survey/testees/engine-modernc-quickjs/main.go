// Command engine-modernc-quickjs is a pctest testee (testee/PROTOCOL.md) for
// the four URI functions and escape and unescape of QuickJS as
// modernc.org/quickjs (QuickJS translated to pure Go) runs them.
package main

import (
	"fmt"
	"os"

	"modernc.org/quickjs"
	"pctest.example/survey/go-common/jsengine"
)

func main() {
	vm, err := quickjs.NewVM()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer vm.Close()
	if _, err := vm.Eval(jsengine.Script, quickjs.EvalGlobal); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	eval := func(code string) (string, error) {
		v, err := vm.Eval(code, quickjs.EvalGlobal)
		if err != nil {
			return "", err
		}
		s, ok := v.(string)
		if !ok {
			return "", fmt.Errorf("result %T", v)
		}
		return s, nil
	}
	jsengine.Serve(eval)
}
