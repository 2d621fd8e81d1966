//! The Rust peer of `make bench-peers` (codec/internal/benchpeers): the
//! percent-encoding crate (Debian's librust-percent-encoding-dev, built
//! offline).
//!
//!   benchpeers-rust TARGET_NS [OP INPUT_FILE ITERATIONS OUTPUT_FILE]...
//!
//! Each case reads INPUT_FILE, runs the op's function ITERATIONS times (0: as
//! many as take about TARGET_NS), writes the last result to OUTPUT_FILE unless
//! it is "-", and the report goes to stdout as one JSON object
//! (peer.schema.json). Builds with Debian 12's rustc 1.63.

use percent_encoding::{
    percent_decode, percent_decode_str, percent_encode, utf8_percent_encode, AsciiSet, CONTROLS,
    NON_ALPHANUMERIC,
};
use std::time::Instant;

/// RFC 3986's unreserved octets kept.
const UNRESERVED: &AsciiSet = &NON_ALPHANUMERIC.remove(b'-').remove(b'.').remove(b'_').remove(b'~');
/// ECMA-262's uriUnescaped kept (encodeURIComponent).
const COMPONENT: &AsciiSet = &UNRESERVED
    .remove(b'!')
    .remove(b'*')
    .remove(b'\'')
    .remove(b'(')
    .remove(b')');
/// uriUnescaped, uriReserved and '#' kept (encodeURI).
const URI: &AsciiSet = &COMPONENT
    .remove(b';')
    .remove(b'/')
    .remove(b'?')
    .remove(b':')
    .remove(b'@')
    .remove(b'&')
    .remove(b'=')
    .remove(b'+')
    .remove(b'$')
    .remove(b',')
    .remove(b'#');
/// The WHATWG fragment percent-encode set.
const FRAGMENT: &AsciiSet = &CONTROLS.add(b' ').add(b'"').add(b'<').add(b'>').add(b'`');

/// An op's function: its name, and the call from the input's octets to the
/// result's.
struct Op {
    op: &'static str,
    function: &'static str,
    call: fn(&[u8]) -> Vec<u8>,
}

fn text(b: &[u8]) -> &str {
    std::str::from_utf8(b).unwrap_or("")
}

const OPS: &[Op] = &[
    Op {
        op: "percent-encode",
        function: "percent_encode(b, NON_ALPHANUMERIC less -._~).to_string()",
        call: |b| percent_encode(b, UNRESERVED).to_string().into_bytes(),
    },
    Op {
        op: "encodeURIComponent",
        function: "utf8_percent_encode(s, NON_ALPHANUMERIC less -_.!~*'()).to_string()",
        call: |b| utf8_percent_encode(text(b), COMPONENT).to_string().into_bytes(),
    },
    Op {
        op: "encodeURI",
        function: "utf8_percent_encode(s, encodeURI's set).to_string()",
        call: |b| utf8_percent_encode(text(b), URI).to_string().into_bytes(),
    },
    Op {
        op: "fragment-encode",
        function: "utf8_percent_encode(s, FRAGMENT).to_string()",
        call: |b| utf8_percent_encode(text(b), FRAGMENT).to_string().into_bytes(),
    },
    Op {
        op: "percent-decode",
        function: "percent_decode(b).collect::<Vec<u8>>()",
        call: |b| percent_decode(b).collect::<Vec<u8>>(),
    },
    Op {
        op: "decodeURIComponent",
        function: "percent_decode_str(s).decode_utf8()",
        call: |b| match percent_decode_str(text(b)).decode_utf8() {
            Ok(s) => s.into_owned().into_bytes(),
            Err(e) => format!("error: {}", e).into_bytes(),
        },
    },
];

#[repr(C)]
struct Timespec {
    tv_sec: i64,
    tv_nsec: i64,
}

extern "C" {
    fn clock_gettime(clock: i32, tp: *mut Timespec) -> i32;
}

/// The CPU time of the process so far in ns, every thread's
/// (CLOCK_PROCESS_CPUTIME_ID of Linux; std has no CPU clock).
fn cpu_time() -> u128 {
    let mut ts = Timespec { tv_sec: 0, tv_nsec: 0 };
    if unsafe { clock_gettime(2, &mut ts) } != 0 {
        return 0;
    }
    ts.tv_sec as u128 * 1_000_000_000 + ts.tv_nsec as u128
}

/// Runs call n times: the wall time and the process's CPU time in ns, and
/// the last result.
fn time_n(call: fn(&[u8]) -> Vec<u8>, input: &[u8], n: u64) -> (u128, u128, Vec<u8>) {
    let mut r = Vec::new();
    let mut sink = 0usize;
    let cpu0 = cpu_time();
    let start = Instant::now();
    for _ in 0..n {
        r = call(input);
        // Keeps each call's result observed, so that no call is elided.
        sink = sink.wrapping_add(unsafe { std::ptr::read_volatile(&r.len()) });
    }
    let d = start.elapsed().as_nanos();
    let cpu = cpu_time().saturating_sub(cpu0);
    if sink == usize::MAX {
        eprintln!("{}", sink);
    }
    (d, cpu, r)
}

/// Runs call n times (n = 0: doubling until a run takes a tenth of target
/// on the wall clock, then scaled to target); returns n, the wall and CPU
/// ns per call, and the result.
fn measure(call: fn(&[u8]) -> Vec<u8>, input: &[u8], mut n: u64, target: u128) -> (u64, f64, f64, Vec<u8>) {
    if n == 0 {
        n = 1;
        loop {
            let (d, _, _) = time_n(call, input, n);
            if d >= target / 10 {
                n = ((n as u128 * target / d.max(1)) as u64).max(1);
                break;
            }
            n *= 2;
        }
    }
    let (d, cpu, r) = time_n(call, input, n);
    (n, d as f64 / n as f64, cpu as f64 / n as f64, r)
}

fn json_str(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let target: u128 = args.get(0).and_then(|s| s.parse().ok()).expect("TARGET_NS");
    let functions: Vec<String> = OPS
        .iter()
        .map(|o| format!("{{\"op\":{},\"function\":{}}}", json_str(o.op), json_str(o.function)))
        .collect();
    let mut results = Vec::new();
    let mut i = 1;
    while i + 3 < args.len() {
        let (op, path, iterations, output) = (&args[i], &args[i + 1], &args[i + 2], &args[i + 3]);
        let o = OPS.iter().find(|o| o.op == op).unwrap_or_else(|| panic!("rust peer: no op {}", op));
        let input = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {}", path, e));
        let n: u64 = iterations.parse().expect("ITERATIONS");
        let (n, ns, cpu_ns, r) = measure(o.call, &input, n, target);
        if output != "-" {
            std::fs::write(output, &r).unwrap_or_else(|e| panic!("{}: {}", output, e));
        }
        results.push(format!(
            "{{\"op\":{},\"input\":{},\"iterations\":{},\"ns_per_op\":{},\"cpu_ns_per_op\":{}}}",
            json_str(op),
            json_str(path),
            n,
            ns,
            cpu_ns
        ));
        i += 4;
    }
    println!(
        "{{\"peer\":\"rust\",\"version\":\"percent-encoding {}\",\"functions\":[{}],\"results\":[{}]}}",
        // The crate's version, which the harness (main.go's buildRust) sets
        // when it builds this program.
        option_env!("BENCHPEERS_CRATE_VERSION").unwrap_or("2 (version unknown)"),
        functions.join(","),
        results.join(",")
    );
}
