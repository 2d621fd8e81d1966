//! A pctest testee (protocol version 1, see testee/PROTOCOL.md) for the
//! form_urlencoded crate (Debian librust-form-urlencoded-dev):
//!
//!   formEncode  byte_serialize(text as UTF-8).collect::<String>()
//!   formDecode  parse(("=" + text) as UTF-8): the value of its one pair
//!
//! Every other op is answered "unsupported"; so is formDecode of text with
//! '&', which parse splits into pairs (not one value), and text with a lone
//! surrogate, which has no UTF-8 form. README.md says why each function maps
//! to its op.
//!
//!   cargo build --release --offline -j1 --target-dir /tmp/t
//!   pctest run -utf16hex -- /tmp/t/release/pctest-rust-form-urlencoded

#[path = "../../rust-common/protocol.rs"]
mod protocol;

use protocol::{Answer, Request};

fn answer(r: &Request) -> Answer {
    let input = match r.octets() {
        Some(input) => input,
        None => return Answer::Unsupported,
    };
    match r.op.as_str() {
        "formEncode" => Answer::Out(form_urlencoded::byte_serialize(&input).collect()),
        "formDecode" => {
            if input.contains(&b'&') {
                return Answer::Unsupported;
            }
            let mut pair = b"=".to_vec();
            pair.extend_from_slice(&input);
            let pairs: Vec<_> = form_urlencoded::parse(&pair).collect();
            match pairs.as_slice() {
                [(name, value)] if name.is_empty() => Answer::Out(value.to_string()),
                _ => Answer::Error("Testee", format!("parse gave {} pairs", pairs.len())),
            }
        }
        _ => Answer::Unsupported,
    }
}

fn main() {
    protocol::serve(answer);
}
