//go:build ignore

package main

import (
	"fmt"

	"github.com/nlnwa/whatwg-url/url"
)

func main() {
	u, _ := url.Parse("http://h/?a=%2B")
	fmt.Printf("%q\n", u.SearchParams().Get("a"))
}
