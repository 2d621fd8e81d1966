package report_test

import (
	"fmt"
	"log"
	"os"
	"unicode/utf16"

	"github.com/pctest/pctest/report"
)

// A third party reads a report that pctest run -format json wrote
// (testdata/run.json: python's urllib.parse.unquote_to_bytes against the
// percentDecode vectors, the implementation-defined ones judged too) and
// lists its causes and the inputs of its failures.
func ExampleReadRunReport() {
	f, err := os.Open("testdata/run.json")
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	rep, err := report.ReadRunReport(f)
	if err != nil {
		log.Fatal(err)
	}
	s := rep.Summary
	fmt.Printf("%s: %d passed, %d failed\n", rep.RunInfo.Implementation, s.Passed, s.Failed)
	for _, c := range rep.Causes {
		fmt.Printf("%d %s %s: %s (%s)\n", c.Count, c.Level, c.Op, c.Title, c.Relation)
	}
	shown := 0
	for _, rec := range rep.Results {
		if !rec.Status.Fails() || shown == 3 {
			continue
		}
		shown++
		in := rec.Request().In // text, as UTF-16 code units
		fmt.Printf("%s %s: in %q, want %s, got %q\n", rec.Status, rec.ID, string(utf16.Decode(in)),
			rec.Expected.Response().Error, rec.Got.Response().OutHex)
	}
	// Output:
	// python3: 4 passed, 21 failed
	// 21 implementation-defined percentDecode: passed a malformed '%' through where MalformedEscape was expected (malformed-accepted)
	// fail rfc3986.percentDecode.malformed-pct-alone: in "%", want MalformedEscape, got "%"
	// fail rfc3986.percentDecode.malformed-pct-at-end: in "abc%", want MalformedEscape, got "abc%"
	// fail rfc3986.percentDecode.malformed-pct-one-hex-at-end: in "%4", want MalformedEscape, got "%4"
}
