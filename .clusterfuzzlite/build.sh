#!/bin/bash -eu
# Builds every native Go fuzz target of pctest (the packages under fuzz/) as
# a libFuzzer binary in $OUT, for ClusterFuzzLite and OSS-Fuzz. It runs
# inside the builder image on a throwaway copy of the tree ($SRC/pctest).
#
# Each line "compile_native_go_fuzzer PACKAGE FUNCTION NAME" builds one
# target. The tests of fuzz/fuzzlint (part of `make test`) read these lines
# and fail unless they name exactly the Fuzz functions under fuzz/, each
# from its own package and found the way compile_native_go_fuzzer finds it,
# and unless each package builds with the flags of the coverage build.

cd "$SRC/pctest"

# The seed corpus of every target, $OUT/<name>_seed_corpus.zip: its f.Add
# seeds (every vector of its ops) and its testdata/fuzz files, encoded as
# the libFuzzer build reads its arguments. The shim ignores f.Add, so
# without these every target would start from nothing.
go run ./fuzz/libfuzzer seeds -out "$OUT"

# compile_native_go_fuzzer swaps package testing in a target's file for
# go-118-fuzz-build's shim, which must then be in go.mod. Only this copy's
# go.mod gets it; the repository's does not require it.
go get github.com/AdamKorcz/go-118-fuzz-build/testing

pkg=github.com/pctest/pctest/fuzz/codecfuzz

compile_native_go_fuzzer $pkg FuzzECMAEncode ecma_encode
compile_native_go_fuzzer $pkg FuzzECMADecode ecma_decode
compile_native_go_fuzzer github.com/pctest/pctest/fuzz/gojadiff FuzzGojaEncode goja_encode
compile_native_go_fuzzer github.com/pctest/pctest/fuzz/gojadiff FuzzGojaDecode goja_decode
compile_native_go_fuzzer github.com/pctest/pctest/fuzz/gojadiff FuzzGojaAnnexB goja_annexb
compile_native_go_fuzzer $pkg FuzzAnnexB annexb
compile_native_go_fuzzer $pkg FuzzLegacyEncode legacy_encode
compile_native_go_fuzzer $pkg FuzzPercentEncode percent_encode
compile_native_go_fuzzer $pkg FuzzPercentDecode percent_decode
compile_native_go_fuzzer $pkg FuzzLenientDecode lenient_decode
compile_native_go_fuzzer $pkg FuzzFormEncode form_encode
compile_native_go_fuzzer $pkg FuzzFormDecode form_decode
compile_native_go_fuzzer $pkg FuzzUTF8 utf8
compile_native_go_fuzzer $pkg FuzzNormalize normalize
compile_native_go_fuzzer $pkg FuzzNoDouble no_double
compile_native_go_fuzzer $pkg FuzzIRI iri
compile_native_go_fuzzer $pkg FuzzNetURLEscape neturl_escape
compile_native_go_fuzzer $pkg FuzzNetURLUnescape neturl_unescape

# compile_native_go_fuzzer only prints a message when it cannot find a
# target; fail the build instead. Every target also gets the dictionary of
# percent-encoding tokens.
for f in $(sed -n 's/^compile_native_go_fuzzer [^ ]* [^ ]* \([a-z0-9_]*\)$/\1/p' "${BASH_SOURCE[0]}"); do
	if [ ! -x "$OUT/$f" ]; then
		echo "build.sh: fuzz target $f was not built" >&2
		exit 1
	fi
	cp .clusterfuzzlite/percent.dict "$OUT/$f.dict"
done
