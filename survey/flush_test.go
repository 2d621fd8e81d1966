package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/pctest/pctest/internal/eofcheck"
	"github.com/pctest/pctest/internal/testenv"
)

// The request bodies of TestShimsAnswerEverythingAtEOF: an op each shim's
// handler answers with text, one with octets, one it answers with an
// error, text with a lone surrogate, and an op it does not know. The lone
// surrogate comes as "in_utf16", as the runner's -utf16hex mode sends it:
// the JSON readers of the Perl, Ruby and PHP shims refuse it in "in" (and
// leave such a line unanswered), which is why their rows use that mode.
var eofBodies = []string{
	`"op":"encodeURIComponent","in":"a b\u00e9"`,
	`"op":"percentEncode","in_hex":"2f20c3a9"`,
	`"op":"decodeURI","in":"%"`,
	`"op":"encodeURIComponent","in_utf16":"0078d800"`,
	`"op":"formDecode","in":"a"`,
}

// eofBodiesUTF16 are eofBodies for a shim that reads text only as
// "in_utf16" (the runner's -utf16hex mode): tcl-common.
var eofBodiesUTF16 = []string{
	`"op":"encodeURIComponent","in_utf16":"00610020"`,
	`"op":"percentEncode","in_hex":"2f20c3a9"`,
	`"op":"decodeURI","in_utf16":"0025"`,
	`"op":"encodeURIComponent","in_utf16":"0078d800"`,
	`"op":"formDecode","in_utf16":"0061"`,
}

// TestShimsAnswerEverythingAtEOF feeds each shared protocol loop of the
// survey's testees (survey/testees/*-common), driven by a small handler of
// its language, and the testees with a loop of their own whose runtime is
// here, a million requests, or 100,000 where a million takes more than
// about 10 seconds (20,000 under -short; PCTEST_EOF_REQUESTS=N sends N to
// each), and reads the answers only once the testee has exited or gone
// still with its stdout pipe full: every request must be answered, so that
// no testee loses answers when it exits at the end of its input
// (node-common's process.exit did: issue 35). A shim whose runtime is not
// installed is skipped, saying what is missing.
func TestShimsAnswerEverythingAtEOF(t *testing.T) {
	root := moduleRootT(t)
	common := filepath.Join(root, "survey", "testees")
	// A million requests took, on two shared cores under load: node-common
	// 7.5 s, c-common 2.8 s, cpp-common 3.6 s, go-common 4.1 s, rust-common
	// 5.0 s, php-common 2.9 s (builds included); and java-common 16 s,
	// ruby-common 18 s, python-common 21 s, tcl-common 24 s, jq-uri 58 s,
	// perl-common 61 s (JSON::PP), engine-hermes 210 s (the host finds each
	// answer's place in a queue of every request read, which a runner
	// keeps to 256), which get a tenth.
	fast := eofcheck.Requests(t, eofcheck.Million)
	slow := eofcheck.Requests(t, eofcheck.Million/10)

	t.Run("node-common", func(t *testing.T) {
		node := lookEOF(t, "node", "node-common/protocol.js")
		script := `const { serve } = require(process.argv[1]);
serve({
  encodeURIComponent: (s) => ({ out: encodeURIComponent(s) }),
  percentEncode: (b) => ({ out_hex: b.toString('hex') }),
  decodeURI: (s) => ({ out: decodeURI(s) }),
});`
		eofcheck.Run(t, exec.Command(node, "-e", script, filepath.Join(common, "node-common", "protocol.js")), fast, eofBodies...)
	})

	t.Run("engine-hermes", func(t *testing.T) {
		// host.js with a stand-in for Hermes's REPL (the real one is an
		// npm package that make survey installs): it is the host's own
		// loop, which waits for its child, that is checked.
		node := lookEOF(t, "node", "engine-hermes/host.js")
		dir := t.TempDir()
		eofCopyFile(t, filepath.Join(common, "engine-hermes", "host.js"), filepath.Join(dir, "host.js"))
		bin := filepath.Join(dir, "node_modules", "hermes-engine-cli", "linux64-bin")
		if err := os.MkdirAll(bin, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(bin, "hermes"), []byte(fakeHermes), 0o755); err != nil {
			t.Fatal(err)
		}
		eofcheck.Run(t, exec.Command(node, filepath.Join(dir, "host.js")), slow, eofBodies...)
	})

	t.Run("python-common", func(t *testing.T) {
		py := lookEOF(t, "python3", "python-common/protocol.py")
		script := `import sys
sys.path.insert(0, sys.argv.pop(1))
from urllib.parse import quote, unquote
from protocol import serve
serve({"": {
    "encodeURIComponent": lambda s, a: {"out": quote(s, safe="")},
    "percentEncode": lambda b, a: {"out_hex": b.hex()},
    "decodeURI": lambda s, a: {"out": unquote(s, errors="strict")} if s != "%" else 1 / 0,
}})`
		eofcheck.Run(t, exec.Command(py, "-B", "-c", script, filepath.Join(common, "python-common")), slow, eofBodies...)
	})

	t.Run("perl-common", func(t *testing.T) {
		perl := lookEOF(t, "perl", "perl-common/Protocol.pm")
		script := `use Protocol qw(serve);
serve({'' => {
    encodeURIComponent => sub { { out => $_[0] } },
    percentEncode => sub { { out_hex => unpack('H*', $_[0]) } },
    decodeURI => sub { die "URI malformed\n" },
}});`
		eofcheck.Run(t, exec.Command(perl, "-I", filepath.Join(common, "perl-common"), "-e", script), slow, eofBodies...)
	})

	t.Run("tcl-common", func(t *testing.T) {
		tclsh := lookEOF(t, "tclsh", "tcl-common/protocol.tcl")
		script := filepath.Join(t.TempDir(), "testee.tcl")
		eofWriteFile(t, script, `source [lindex $argv 0]
proc upper {s} { return [string toupper $s] }
proc fail {s} { error "URI malformed" }
pctest::serve {encodeURIComponent upper decodeURI fail}
`)
		eofcheck.Run(t, exec.Command(tclsh, script, filepath.Join(common, "tcl-common", "protocol.tcl")), slow, eofBodiesUTF16...)
	})

	t.Run("java-common", func(t *testing.T) {
		javac := lookEOF(t, "javac", "java-common/Protocol.java")
		java := lookEOF(t, "java", "java-common/Protocol.java")
		dir := t.TempDir()
		eofWriteFile(t, filepath.Join(dir, "EOFTestee.java"), `public final class EOFTestee {
    public static void main(String[] args) throws Exception {
        Protocol.serve(r -> {
            switch (r.op) {
            case "encodeURIComponent": return r.text;
            case "percentEncode": return r.octets;
            case "decodeURI": throw new Protocol.Fail("URIError", "URI malformed");
            default: return null;
            }
        });
    }
}
`)
		eofBuild(t, exec.Command(javac, "-d", dir, filepath.Join(common, "java-common", "Protocol.java"), filepath.Join(dir, "EOFTestee.java")))
		eofcheck.Run(t, exec.Command(java, "-cp", dir, "EOFTestee"), slow, eofBodies...)
	})

	t.Run("c-common", func(t *testing.T) {
		cc := lookEOF(t, "cc", "c-common/protocol.c")
		dir := t.TempDir()
		eofWriteFile(t, filepath.Join(dir, "testee.c"), `#include <string.h>
#include "protocol.h"

static void answer(const struct pc_request *r)
{
	if (!strcmp(r->op, "encodeURIComponent") && r->has_in && !r->lone)
		pc_out(r, (const char *)r->in, r->inlen);
	else if (!strcmp(r->op, "percentEncode") && r->has_in)
		pc_out_hex(r, r->in, r->inlen);
	else if (!strcmp(r->op, "decodeURI"))
		pc_error(r, "URIError", "URI malformed");
	else
		pc_unsupported(r);
}

int main(void) { return pc_serve(answer); }
`)
		bin := filepath.Join(dir, "testee")
		eofBuild(t, exec.Command(cc, "-O2", "-o", bin, filepath.Join(dir, "testee.c"), filepath.Join(common, "c-common", "protocol.c"), "-I"+filepath.Join(common, "c-common")))
		eofcheck.Run(t, exec.Command(bin), fast, eofBodies...)
	})

	t.Run("cpp-common", func(t *testing.T) {
		cxx := lookEOF(t, "g++", "cpp-common/protocol.hpp")
		dir := t.TempDir()
		eofWriteFile(t, filepath.Join(dir, "testee.cpp"), `#include "protocol.hpp"

int main()
{
	return pc::serve([](const pc::Request &r, pc::Answer &a) {
		if (r.op == "encodeURIComponent" && r.is_text)
			a.text(r, r.text);
		else if (r.op == "percentEncode")
			a.hex(r, r.octets);
		else if (r.op == "decodeURI")
			a.error(r, "URIError", "URI malformed");
		else
			a.unsupported(r);
	});
}
`)
		bin := filepath.Join(dir, "testee")
		eofBuild(t, exec.Command(cxx, "-std=c++17", "-O2", "-o", bin, filepath.Join(dir, "testee.cpp"), "-I"+filepath.Join(common, "cpp-common")))
		eofcheck.Run(t, exec.Command(bin), fast, eofBodies...)
	})

	t.Run("go-common", func(t *testing.T) {
		gobin := testenv.GoCommand()
		if gobin == "go" {
			gobin = lookEOF(t, "go", "go-common/protocol.go")
		}
		dir := t.TempDir()
		eofWriteFile(t, filepath.Join(dir, "go.mod"), "module pctest.example/survey/eoftestee\n\ngo 1.26\n\nrequire pctest.example/survey/go-common v0.0.0\n\nreplace pctest.example/survey/go-common => "+filepath.Join(common, "go-common")+"\n")
		eofWriteFile(t, filepath.Join(dir, "main.go"), `package main

import protocol "pctest.example/survey/go-common"

func main() {
	protocol.Serve(func(req *protocol.Request) protocol.Response {
		switch req.Op {
		case "encodeURIComponent":
			return protocol.OutUnits(req.Units)
		case "percentEncode":
			return protocol.OutOctets(req.Octets)
		case "decodeURI":
			return protocol.Err("URIError", "URI malformed")
		}
		return protocol.Unsupported()
	})
}
`)
		bin := filepath.Join(dir, "testee")
		cmd := exec.Command(gobin, "build", "-o", bin, ".")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
		eofBuild(t, cmd)
		eofcheck.Run(t, exec.Command(bin), fast, eofBodies...)
	})

	t.Run("rust-common", func(t *testing.T) {
		rustc := lookEOF(t, "rustc", "rust-common/protocol.rs")
		protocol := filepath.Join(common, "rust-common", "protocol.rs")
		if strings.ContainsAny(protocol, "\"\\") {
			t.Skipf("the path %s cannot be written in a Rust #[path] attribute as it is", protocol)
		}
		dir := t.TempDir()
		eofWriteFile(t, filepath.Join(dir, "main.rs"), `#[path = "`+protocol+`"]
mod protocol;

use protocol::{Answer, Input, Request};

fn main() {
    protocol::serve(|r: &Request| match (r.op.as_str(), &r.input) {
        ("encodeURIComponent", Some(Input::Text(_))) => match r.text() {
            Some(s) => Answer::Out(s),
            None => Answer::Unsupported,
        },
        ("percentEncode", Some(Input::Octets(b))) => Answer::OutHex(b.clone()),
        ("decodeURI", _) => Answer::Error("URIError", "URI malformed".to_string()),
        _ => Answer::Unsupported,
    });
}
`)
		bin := filepath.Join(dir, "testee")
		eofBuild(t, exec.Command(rustc, "--edition", "2021", "-O", "-o", bin, filepath.Join(dir, "main.rs")))
		eofcheck.Run(t, exec.Command(bin), fast, eofBodies...)
	})

	t.Run("ruby-common", func(t *testing.T) {
		ruby := lookEOF(t, "ruby", "ruby-common/protocol.rb")
		script := `require ARGV.shift
Protocol.serve({ '' => {
  'encodeURIComponent' => ->(s, _a) { { 'out' => s } },
  'percentEncode' => ->(b, _a) { { 'out_hex' => b.unpack1('H*') } },
  'decodeURI' => ->(_s, _a) { raise ArgumentError, 'URI malformed' },
} })`
		eofcheck.Run(t, exec.Command(ruby, "-e", script, filepath.Join(common, "ruby-common", "protocol.rb")), slow, eofBodies...)
	})

	t.Run("php-common", func(t *testing.T) {
		php := lookEOF(t, "php", "php-common/protocol.php")
		script := filepath.Join(t.TempDir(), "testee.php")
		eofWriteFile(t, script, `<?php
require_once `+strconv.Quote(filepath.Join(common, "php-common", "protocol.php"))+`;
pctest_serve(['' => [
    'encodeURIComponent' => fn($s, $a) => ['out' => rawurlencode($s)],
    'percentEncode' => fn($b, $a) => ['out_hex' => bin2hex($b)],
    'decodeURI' => function ($s, $a) { throw new ValueError('URI malformed'); },
]]);
`)
		eofcheck.Run(t, exec.Command(php, script), fast, eofBodies...)
	})

	t.Run("jq-uri", func(t *testing.T) {
		// A testee of its own, not a shim: jq's own loop, with
		// --unbuffered as its row runs it.
		jq := lookEOF(t, "jq", "jq-uri/testee.jq")
		eofcheck.Run(t, exec.Command(jq, "--unbuffered", "-c", "-f", filepath.Join(common, "jq-uri", "testee.jq")), slow,
			`"op":"percentEncode","in_hex":"2f20c3a9"`,
			`"op":"percentEncode","in_hex":"ff"`,
			`"op":"encodeURI","in_utf16":"0061"`)
	})
}

// fakeHermes stands in for the hermes REPL that engine-hermes/host.js
// drives: it answers each line "__pc(ID, OP, HEX)" as the host's prelude
// makes Hermes answer it, with a line "@@" and the answer, and prints
// "undefined" for every line, as the REPL prints each line's value.
const fakeHermes = `#!/usr/bin/env node
'use strict';
const fns = { encodeURI, encodeURIComponent, decodeURI, decodeURIComponent, escape, unescape };
let pending = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  pending += chunk;
  const out = [];
  let start = 0;
  for (let nl; (nl = pending.indexOf('\n', start)) >= 0; start = nl + 1) {
    const m = /^__pc\((\d+), "(\w+)", "([0-9a-f]*)"\)$/.exec(pending.slice(start, nl));
    if (m) {
      let s = '';
      for (let i = 0; i + 4 <= m[3].length; i += 4) s += String.fromCharCode(parseInt(m[3].slice(i, i + 4), 16));
      try {
        const o = fns[m[2]](s);
        let x = '';
        for (let i = 0; i < o.length; i++) x += o.charCodeAt(i).toString(16).padStart(4, '0');
        out.push('@@{"id":' + m[1] + ',"out_utf16":"' + x + '"}');
      } catch (e) {
        out.push('@@{"id":' + m[1] + ',"error":"URIError","message":' + JSON.stringify(e.message) + '}');
      }
    }
    out.push('undefined');
  }
  pending = pending.slice(start);
  if (out.length > 0) process.stdout.write(out.join('\n') + '\n');
});
`

// lookEOF returns the path of the program name, or skips t, naming it and
// what goes unchecked without it.
func lookEOF(t *testing.T, name, what string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		t.Skipf("%s is not installed (%v): %s's end of input is NOT checked", name, err, what)
	}
	return p
}

// eofBuild runs a build command, failing t with its output when it fails.
func eofBuild(t *testing.T, cmd *exec.Cmd) {
	t.Helper()
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", strings.Join(cmd.Args, " "), err, out)
	}
}

func eofWriteFile(t *testing.T, name, data string) {
	t.Helper()
	if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

func eofCopyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	eofWriteFile(t, to, string(b))
}
