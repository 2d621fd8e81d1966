package gojaimpl

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/dop251/goja"

	"github.com/pctest/pctest/codec"
)

// The test262 tests of escape and unescape (test/annexB/built-ins/escape
// and unescape, at tc39/test262 be13516fb6441b950ba8a3df97eb34062c186972)
// and the harness files they include are kept as data under
// testdata/test262, with test262's LICENSE.
const test262Dir = "testdata/test262"

var includesRE = regexp.MustCompile(`(?m)^includes:\s*\[([^\]]*)\]`)

// test262File is one test: its source and the harness files it includes.
type test262File struct {
	name     string
	src      string
	includes []string
}

func loadTest262(t *testing.T) []test262File {
	t.Helper()
	var files []test262File
	err := filepath.WalkDir(filepath.Join(test262Dir, "test"), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".js") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		f := test262File{name: strings.TrimPrefix(filepath.ToSlash(path), test262Dir+"/"), src: string(src)}
		if m := includesRE.FindStringSubmatch(f.src); m != nil {
			for _, inc := range strings.Split(m[1], ",") {
				f.includes = append(f.includes, strings.TrimSpace(inc))
			}
		}
		files = append(files, f)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 35 {
		t.Fatalf("%d test262 files under %s, want the 35 of escape and unescape", len(files), test262Dir)
	}
	return files
}

// installCodec replaces goja's global escape and unescape with the codec's
// (codec.Escape, codec.AppendUnescape), wrapped so that the functions look
// as Annex B.2.1 and B.2.2 make them: a property of the global object
// (writable, configurable, not enumerable), not constructors, named
// "escape" and "unescape", of length 1, with ToString(string) as step 1.
func installCodec(vm *goja.Runtime, esc func([]uint16) []uint16, unesc func([]uint16) []uint16) error {
	units := func(v goja.Value) []uint16 {
		s := v.ToString().(goja.String)
		u := make([]uint16, s.Length())
		for i := range u {
			u[i] = s.CharAt(i)
		}
		return u
	}
	impl := vm.NewObject()
	impl.Set("escape", func(call goja.FunctionCall) goja.Value {
		return goja.StringFromUTF16(esc(units(call.Argument(0))))
	})
	impl.Set("unescape", func(call goja.FunctionCall) goja.Value {
		return goja.StringFromUTF16(unesc(units(call.Argument(0))))
	})
	install, err := vm.RunString(`(function (impl) {
		var fns = {
			escape(string) { return impl.escape(` + "`${string}`" + `); },
			unescape(string) { return impl.unescape(` + "`${string}`" + `); },
		};
		for (var name of ["escape", "unescape"]) {
			Object.defineProperty(globalThis, name, {value: fns[name], writable: true, enumerable: false, configurable: true});
		}
	})`)
	if err != nil {
		return err
	}
	fn, _ := goja.AssertFunction(install)
	_, err = fn(goja.Undefined(), impl)
	return err
}

func codecEscape(u []uint16) []uint16 {
	s := codec.Escape(u)
	out := make([]uint16, len(s))
	for i := range len(s) {
		out[i] = uint16(s[i])
	}
	return out
}

func codecUnescape(u []uint16) []uint16 { return codec.AppendUnescape([]uint16{}, u) }

// runTest262 runs each test in a fresh runtime, after the harness and, when
// install is set, the given escape and unescape in place of goja's. It
// returns the failures by test name.
func runTest262(t *testing.T, files []test262File, install func(*goja.Runtime) error) map[string]string {
	t.Helper()
	harness := func(name string) string {
		b, err := os.ReadFile(filepath.Join(test262Dir, "harness", name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	failed := map[string]string{}
	for _, f := range files {
		vm := goja.New()
		if install != nil {
			if err := install(vm); err != nil {
				t.Fatalf("%s: installing escape and unescape: %v", f.name, err)
			}
		}
		for _, inc := range append([]string{"assert.js", "sta.js"}, f.includes...) {
			if _, err := vm.RunScript(inc, harness(inc)); err != nil {
				t.Fatalf("%s: harness %s: %v", f.name, inc, err)
			}
		}
		if _, err := vm.RunScript(f.name, f.src); err != nil {
			failed[f.name] = err.Error()
		}
	}
	return failed
}

// TestTest262AnnexB runs test262's escape and unescape tests with the
// codec's functions installed in goja's global object in place of goja's
// own: every one must pass. The same tests run against goja's own functions,
// and against a codec whose escape writes lowercase hex and whose unescape
// takes "%U" like "%u", to show that the tests can fail.
func TestTest262AnnexB(t *testing.T) {
	files := loadTest262(t)
	codecFails := runTest262(t, files, func(vm *goja.Runtime) error {
		return installCodec(vm, codecEscape, codecUnescape)
	})
	for name, why := range codecFails {
		t.Errorf("%s with the codec's escape and unescape: %s", name, why)
	}
	t.Logf("test262 annexB escape/unescape with the codec's functions: %d of %d pass", len(files)-len(codecFails), len(files))

	gojaFails := runTest262(t, files, nil)
	t.Logf("with goja's own functions: %d of %d pass", len(files)-len(gojaFails), len(files))
	for name, why := range gojaFails {
		t.Logf("  goja's own fails %s: %s", name, why)
	}

	lower := func(u []uint16) []uint16 {
		out := codecEscape(u)
		for i, c := range out {
			if c >= 'A' && c <= 'F' && i > 0 && (out[i-1] == '%' || out[i-1] >= '0' && out[i-1] <= '9' || out[i-1] >= 'A' && out[i-1] <= 'F' || out[i-1] == 'u') {
				out[i] = c + 'a' - 'A'
			}
		}
		return out
	}
	capitalU := func(u []uint16) []uint16 {
		v := append([]uint16(nil), u...)
		for i := range v {
			if v[i] == 'U' && i > 0 && v[i-1] == '%' {
				v[i] = 'u'
			}
		}
		return codecUnescape(v)
	}
	mutantFails := runTest262(t, files, func(vm *goja.Runtime) error { return installCodec(vm, lower, capitalU) })
	for _, want := range []string{"test/annexB/built-ins/escape/escape-above.js", "test/annexB/built-ins/unescape/four-ignore-bad-u.js"} {
		if mutantFails[want] == "" {
			t.Errorf("%s passes with a mutant escape (lowercase hex) and unescape (%%U taken as %%u)", want)
		}
	}
}
