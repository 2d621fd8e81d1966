//! A pctest testee (protocol version 1, see testee/PROTOCOL.md) for the
//! urlencoding crate (Debian librust-urlencoding-dev):
//!
//!   percentEncode         encode_binary(octets)
//!   percentDecodeLenient  decode_binary(text as UTF-8)
//!
//! Every other op is answered "unsupported"; so is text with a lone
//! surrogate, which has no UTF-8 form. README.md says why each function maps
//! to its op.
//!
//!   cargo build --release --offline -j1 --target-dir /tmp/t
//!   pctest run -utf16hex -- /tmp/t/release/pctest-rust-urlencoding

#[path = "../../rust-common/protocol.rs"]
mod protocol;

use protocol::{Answer, Request};

fn answer(r: &Request) -> Answer {
    let input = match r.octets() {
        Some(input) => input,
        None => return Answer::Unsupported,
    };
    match r.op.as_str() {
        "percentEncode" => Answer::Out(urlencoding::encode_binary(&input).into_owned()),
        "percentDecodeLenient" => Answer::OutHex(urlencoding::decode_binary(&input).into_owned()),
        _ => Answer::Unsupported,
    }
}

fn main() {
    protocol::serve(answer);
}
