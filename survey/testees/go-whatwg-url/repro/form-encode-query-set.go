//go:build ignore

package main

import (
	"fmt"

	"github.com/nlnwa/whatwg-url/url"
)

func main() {
	u, _ := url.Parse("http://h/")
	u.SearchParams().Append("a", "x&y=1+1%")
	fmt.Println(u.SearchParams().String())
}
