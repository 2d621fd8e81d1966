//go:build ignore

package main

import (
	"fmt"

	"github.com/robertkrimen/otto"
)

func main() {
	// decodeURIComponent should hand back the lone surrogate, which encodeURIComponent rejects.
	v, _ := otto.New().Run(`try { encodeURIComponent(decodeURIComponent(String.fromCharCode(0xD800))) } catch (e) { e.name }`)
	fmt.Println(v.String())
}
