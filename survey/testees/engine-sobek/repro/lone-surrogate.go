//go:build ignore

package main

import (
	"fmt"

	"github.com/grafana/sobek"
)

func main() {
	v, _ := sobek.New().RunString(`escape(decodeURIComponent("\uD800%41"))`)
	fmt.Println(v.String())
}
