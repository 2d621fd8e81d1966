//! A pctest testee (protocol version 1, see testee/PROTOCOL.md) for the
//! percent-encoding crate (Debian librust-percent-encoding-dev):
//!
//!   percentEncodeSet      percent_encode(octets, set), the AsciiSet of
//!                         every ASCII octet the named set does not keep
//!   percentDecodeLenient  percent_decode(text as UTF-8).collect()
//!
//! Every other op is answered "unsupported"; so is percentEncodeSet for a
//! set the vector format does not name, and text with a lone surrogate,
//! which has no UTF-8 form. README.md says why each function maps to its op.
//!
//!   cargo build --release --offline -j1 --target-dir /tmp/t
//!   pctest run -utf16hex -- /tmp/t/release/pctest-rust-percent-encoding

#[path = "../../rust-common/protocol.rs"]
mod protocol;

use percent_encoding::{percent_decode, percent_encode, AsciiSet, CONTROLS};
use protocol::{Answer, Request};
use std::collections::HashMap;
use std::sync::Mutex;

/// ascii_set builds, once per name, the AsciiSet that encodes every ASCII
/// octet the named set does not keep (percent_encode encodes every
/// non-ASCII octet whatever the set). The crate's sets are built with add
/// and remove; percent_encode wants a &'static one, so it is leaked.
fn ascii_set(name: &str) -> Option<&'static AsciiSet> {
    static CACHE: Mutex<Option<HashMap<String, &'static AsciiSet>>> = Mutex::new(None);
    let keeps = protocol::set_keeps(name)?;
    let mut cache = CACHE.lock().unwrap();
    let cache = cache.get_or_insert_with(HashMap::new);
    Some(*cache.entry(name.to_string()).or_insert_with(|| {
        let mut set = CONTROLS.add(0x20);
        for b in 0x21..0x80u8 {
            set = set.add(b);
        }
        for &b in keeps.iter().filter(|b| b.is_ascii()) {
            set = set.remove(b);
        }
        Box::leak(Box::new(set))
    }))
}

fn answer(r: &Request) -> Answer {
    let input = match r.octets() {
        Some(input) => input,
        None => return Answer::Unsupported,
    };
    match r.op.as_str() {
        "percentEncodeSet" => match ascii_set(&r.set) {
            Some(set) => Answer::Out(percent_encode(&input, set).to_string()),
            None => Answer::Unsupported,
        },
        "percentDecodeLenient" => Answer::OutHex(percent_decode(&input).collect()),
        _ => Answer::Unsupported,
    }
}

fn main() {
    protocol::serve(answer);
}
