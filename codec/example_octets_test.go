package codec_test

import (
	"errors"
	"fmt"

	"github.com/pctest/pctest/codec"
)

func ExampleEncodeString() {
	fmt.Println(codec.EncodeString("/files/my document.pdf", codec.Path))
	fmt.Println(codec.EncodeString("a/b c", codec.GoPathSegment)) // url.PathEscape
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

func ExampleDecodeString() {
	s, err := codec.DecodeString("a%2fb%2Fc%41", codec.SetOf("/"))
	fmt.Println(s, err)
	_, err = codec.DecodeString("100%", codec.Set{})
	var e *codec.EscapeError
	if errors.As(err, &e) {
		fmt.Println(e.Offset, e.Text)
	}
	fmt.Println(codec.DecodeLenientString("100%", codec.Set{}))
	// Output:
	// a%2fb%2FcA <nil>
	// 3 %
	// 100%
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

func ExampleEncodeNoDouble() {
	once := codec.EncodeNoDouble("100% sure", codec.Reserved.Union(codec.Unreserved))
	fmt.Println(once, codec.EncodeNoDouble(once, codec.Reserved.Union(codec.Unreserved)))
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
