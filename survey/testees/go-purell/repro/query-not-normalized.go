//go:build ignore

package main

import (
	"fmt"

	"github.com/PuerkitoBio/purell"
)

func main() {
	fmt.Println(purell.MustNormalizeURLString("http://h/?q=%7e%3d", purell.FlagUppercaseEscapes|purell.FlagDecodeUnnecessaryEscapes))
}
