//go:build ignore

package main

import (
	"fmt"

	"github.com/nlnwa/whatwg-url/url"
	"golang.org/x/text/encoding/charmap"
)

func main() {
	u, _ := url.NewParser(url.WithEncodingOverride(charmap.Windows1252)).Parse("http://h/?\u2603")
	fmt.Println(u.Query())
}
