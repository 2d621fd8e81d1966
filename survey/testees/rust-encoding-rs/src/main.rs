//! A pctest testee (protocol version 1, see testee/PROTOCOL.md) for
//! encoding_rs, the Encoding Standard's encodings in Rust (Debian
//! librust-encoding-rs-dev), with form_urlencoded's serializer, and for the
//! standard library's lossy UTF-8 decoder. The argument picks the function
//! set, one row each:
//!
//!   (none)  formEncodeLegacy   form_urlencoded::Serializer with
//!                              encoding_override(e.output_encoding().encode),
//!                              e = Encoding::for_label(args.encoding)
//!           queryEncode        Url::options().encoding_override(the same)
//!                              .parse("https://h/?" + text + "#").query()
//!           queryEncodeScheme  the same with args.scheme for https
//!           utf8DecodeReplace  UTF_8.decode_without_bom_handling(octets)
//!   std     utf8DecodeReplace  String::from_utf8_lossy(octets)
//!
//! Every other op is answered "unsupported"; so is a label for_label does
//! not know, text with a lone surrogate, and, for the URL parser, text a
//! query cannot carry: '#' (it starts the fragment) and the tab, newline
//! and carriage return the parser removes (WHATWG URL §4.4 step 3). README.md says why each
//! function maps to its op.
//!
//!   cargo build --release --offline -j1 --target-dir /tmp/t
//!   pctest run -utf16hex -- /tmp/t/release/pctest-rust-encoding-rs [std]

#[path = "../../rust-common/protocol.rs"]
mod protocol;

use encoding_rs::{Encoding, UTF_8};
use protocol::{Answer, Request};
use std::borrow::Cow;
use url::Url;

/// encoder gives a closure the higher-ranked type EncodingOverride wants
/// (the output borrows from the input).
fn encoder<F: Fn(&str) -> Cow<'_, [u8]>>(f: F) -> F {
    f
}

/// form_encode serializes one value as form_urlencoded does with an
/// encoding override (the WHATWG URL §5.2 serializer), and cuts the "k=".
fn form_encode(value: &str, encoding: &'static Encoding) -> String {
    let encode = encoder(move |s| encoding.encode(s).0);
    let mut ser = form_urlencoded::Serializer::new(String::new());
    ser.encoding_override(Some(&encode));
    ser.append_pair("k", value);
    ser.finish()["k=".len()..].to_string()
}

/// query_encode parses scheme://h/?text# with the encoding override and
/// returns the URL's query: the query state of WHATWG URL §4.4, which
/// uses the encoding for a special scheme other than ws and wss.
fn query_encode(scheme: &str, text: &str, encoding: &'static Encoding) -> Answer {
    if text.contains(['#', '\t', '\n', '\r']) {
        return Answer::Unsupported;
    }
    let encode = encoder(move |s| encoding.encode(s).0);
    match Url::options().encoding_override(Some(&encode)).parse(&format!("{scheme}://h/?{text}#")) {
        Ok(u) => Answer::Out(u.query().unwrap_or("").to_string()),
        Err(e) => Answer::Error("ParseError", e.to_string()),
    }
}

fn answer(std_only: bool, r: &Request) -> Answer {
    match (std_only, r.op.as_str()) {
        (false, "formEncodeLegacy") => {
            let (text, label) = match (r.text(), &r.encoding) {
                (Some(t), l) => (t, l.clone()),
                _ => return Answer::Unsupported,
            };
            match Encoding::for_label(label.as_bytes()) {
                Some(e) => Answer::Out(form_encode(&text, e.output_encoding())),
                None => Answer::Unsupported,
            }
        }
        (false, op @ ("queryEncode" | "queryEncodeScheme")) => {
            let (text, encoding) = match (r.text(), Encoding::for_label(r.encoding.as_bytes())) {
                (Some(t), Some(e)) => (t, e.output_encoding()),
                _ => return Answer::Unsupported,
            };
            let scheme = if op == "queryEncode" { "https" } else { r.scheme.as_str() };
            if scheme.is_empty() {
                return Answer::Unsupported;
            }
            query_encode(scheme, &text, encoding)
        }
        (false, "utf8DecodeReplace") => match r.octets() {
            Some(b) => Answer::Out(UTF_8.decode_without_bom_handling(&b).0.into_owned()),
            None => Answer::Unsupported,
        },
        (true, "utf8DecodeReplace") => match r.octets() {
            Some(b) => Answer::Out(String::from_utf8_lossy(&b).into_owned()),
            None => Answer::Unsupported,
        },
        _ => Answer::Unsupported,
    }
}

fn main() {
    let std_only = match std::env::args().nth(1).as_deref() {
        None => false,
        Some("std") => true,
        Some(other) => {
            eprintln!("testee: unknown function set {other:?}; want none or std");
            std::process::exit(2);
        }
    };
    protocol::serve(|r| answer(std_only, r));
}
