package main

import (
	"bufio"
	"fmt"
	"io"

	"github.com/pctest/pctest/internal/spec"
)

// writeEncodeTable writes, for label, the urlencoded percent-encode after
// encoding of each scalar value U+0080 to U+FFFF on its own, one a line:
// the whole table of the model's encoder (internal/spec's
// PercentEncodeAfterEncoding), for codec/legacy_test.go to
// compare with the codec, which the generator never imports.
func writeEncodeTable(w io.Writer, label string) error {
	name, ok := spec.GetEncoding(label)
	if !ok {
		return fmt.Errorf("unknown encoding label %q", label)
	}
	enc := spec.GetOutputEncoding(name)
	bw := bufio.NewWriter(w)
	for c := rune(0x80); c <= 0xFFFF; c++ {
		if c >= 0xD800 && c < 0xE000 {
			continue
		}
		out, _ := spec.PercentEncodeAfterEncoding(enc, []rune{c}, spec.WHATWGFormEnc, true)
		bw.WriteString(out)
		bw.WriteByte('\n')
	}
	return bw.Flush()
}
