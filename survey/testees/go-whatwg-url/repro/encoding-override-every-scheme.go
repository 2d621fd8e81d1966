//go:build ignore

package main

import (
	"fmt"

	"github.com/nlnwa/whatwg-url/url"
	"golang.org/x/text/encoding/charmap"
)

func main() {
	p := url.NewParser(url.WithEncodingOverride(charmap.Windows1252))
	a, _ := p.Parse("foo://h/?\u00e9")
	b, _ := p.Parse("wss://h/?\u00e9")
	fmt.Println(a.Query(), b.Query())
}
