#!/bin/bash -eu
# Builds every target that build.sh names the way the libFuzzer build of
# compile_native_go_fuzzer does, without Docker, and runs each a little:
# in a throwaway copy of the tree, go-118-fuzz-build (latest) makes the
# target a C archive, which is linked with driver.c, a stand-in for
# libFuzzer, and fed random inputs. It needs the Go module proxy (for
# go-118-fuzz-build and its testing shim) and a C compiler ($CC, else cc).
#
#	.clusterfuzzlite/check_local.sh [inputs per target, default 10000]
#
# `make test` checks build.sh offline (fuzz/fuzzlint); this script also
# covers the rewrite and the C-archive build that the test cannot.
root=$(cd "$(dirname "$0")/.." && pwd)
inputs=${1:-10000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tar --exclude=.git -C "$root" -cf - . | tar -C "$work" -xf -
cd "$work"
go get github.com/AdamKorcz/go-118-fuzz-build/testing >/dev/null 2>&1
GOBIN="$work/bin" go install github.com/AdamKorcz/go-118-fuzz-build@latest

pkgvar=$(sed -n 's/^pkg=//p' .clusterfuzzlite/build.sh)
failed=0
while read -r _ pkg fn name; do
	pkg=${pkg//\$pkg/$pkgvar}
	dir=$(go list -tags gofuzz -f '{{.Dir}}' "$pkg")
	if ! "$work/bin/go-118-fuzz-build" -tags gofuzz -o "$name.a" -func "$fn" "$dir" >"$name.log" 2>&1 ||
		! "${CC:-cc}" -o "$name" .clusterfuzzlite/driver.c "$name.a" -lpthread >>"$name.log" 2>&1; then
		echo "$name ($fn): build failed"; tail -20 "$name.log"; failed=1; continue
	fi
	if ! out=$("./$name" "$inputs" 2>&1); then
		echo "$name ($fn): failed"; echo "$out" | head -20; failed=1; continue
	fi
	echo "$name ($fn): ok, $out"
done < <(grep '^compile_native_go_fuzzer ' .clusterfuzzlite/build.sh)
exit $failed
