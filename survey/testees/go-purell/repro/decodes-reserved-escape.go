//go:build ignore

package main

import (
	"fmt"

	"github.com/PuerkitoBio/purell"
)

func main() {
	fmt.Println(purell.MustNormalizeURLString("http://h/a%2Fb%2c", purell.FlagUppercaseEscapes|purell.FlagDecodeUnnecessaryEscapes))
}
