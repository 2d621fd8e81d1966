package codec_test

import (
	"errors"
	"fmt"

	"github.com/pctest/pctest/codec"
)

func ExamplePercentEncodeString() {
	fmt.Println(codec.PercentEncodeString("/files/my document.pdf", codec.Path))
	fmt.Println(codec.PercentEncodeString("a/b c", codec.GoPathSegment)) // url.PathEscape
	// Output:
	// /files/my%20document.pdf
	// a%2Fb%20c
}

func ExampleFormEncodeString() {
	fmt.Println(codec.FormEncodeString("Tom & Jerry~", codec.WHATWGFormURLEncoded))
	fmt.Println(codec.FormEncodeString("Tom & Jerry~", codec.GoQuery)) // url.QueryEscape
	// Output:
	// Tom+%26+Jerry%7E
	// Tom+%26+Jerry~
}

func ExamplePercentDecodeString() {
	s, err := codec.PercentDecodeString("a%2fb%2Fc%41", codec.SetOf("/"))
	fmt.Println(s, err)
	_, err = codec.PercentDecodeString("100%", codec.Set{})
	var e *codec.EscapeError
	if errors.As(err, &e) {
		fmt.Println(e.Offset, e.Text)
	}
	fmt.Println(codec.PercentDecodeLenientString("100%", codec.Set{}))
	// Output:
	// a%2fb%2FcA <nil>
	// 3 %
	// 100%
}

func ExampleFormDecodeString() {
	// The WHATWG form parser: lenient, and UTF-8 decoded with replacement.
	fmt.Printf("%+q\n", codec.FormDecodeString("a+b%2B%E3%81%zz"))
	// Go's url.QueryUnescape: strict, octets out.
	s, err := codec.QueryUnescapeString("a+b%2B%E3%81")
	fmt.Printf("%+q %v\n", s, err)
	_, err = codec.QueryUnescapeString("a+b%2B%E3%81%zz")
	fmt.Println(err)
	// Output:
	// "a b+\ufffd%zz"
	// "a b+\xe3\x81" <nil>
	// invalid URL escape "%zz" at offset 12
}

func ExampleAppendUTF8Replace() {
	fmt.Printf("%+q\n", codec.AppendUTF8Replace(nil, []byte("a\xe3\x81b\xc0\xafc")))
	// Output:
	// "a\ufffdb\ufffd\ufffdc"
}

func ExampleEquivalent() {
	fmt.Println(codec.Normalize("/%7euser/%2f"))
	fmt.Println(codec.Equivalent("/~user", "/%7euser"))
	fmt.Println(codec.Equivalent("/path?key=value", "/path%3Fkey=value"))
	// Output:
	// /~user/%2F
	// true
	// false
}

func ExamplePercentEncodeNoDouble() {
	once := codec.PercentEncodeNoDouble("100% sure", codec.Reserved.Union(codec.Unreserved))
	fmt.Println(once, codec.PercentEncodeNoDouble(once, codec.Reserved.Union(codec.Unreserved)))
	// Output:
	// 100%25%20sure 100%25%20sure
}

func ExampleIRIToURI() {
	uri, err := codec.IRIToURI("http://例え.jp/引き出し")
	fmt.Println(uri, err)
	iri, err := codec.URIToIRI(uri)
	fmt.Println(iri, err)
	// Output:
	// http://xn--r8jz45g.jp/%E5%BC%95%E3%81%8D%E5%87%BA%E3%81%97 <nil>
	// http://例え.jp/引き出し <nil>
}
