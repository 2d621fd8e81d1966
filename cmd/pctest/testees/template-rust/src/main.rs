//! A pctest testee template in Rust (testee/PROTOCOL.md): one JSON request a
//! line on stdin, one JSON answer a line on stdout. Replace `percent_encode`
//! and `percent_decode` with calls into your library, and add the ops it has
//! (`pctest ops` lists them). No dependencies: the JSON is read and written
//! by hand. Build it with `cargo build --release --offline`; check it with
//! `pctest check -- target/release/pctest-testee`.
//!
//! Text is kept as UTF-16 code units (`Vec<u16>`), lone surrogates included,
//! as the ECMAScript ops need; a Rust `String` cannot hold them.

use std::collections::HashMap;
use std::io::{self, BufRead, BufReader, Write};

/// percentEncode: octets in, text out (RFC 3986 §2.1, §2.3).
fn percent_encode(octets: &[u8]) -> Answer {
    let mut s = String::new();
    for &b in octets {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
            s.push(b as char);
        } else {
            s.push_str(&format!("%{:02X}", b));
        }
    }
    Answer::Text(s.encode_utf16().collect())
}

/// percentDecode: text in, octets out; a '%' without two hex digits is an
/// error (strict RFC 3986 decoding).
fn percent_decode(text: &[u16]) -> Answer {
    let input = String::from_utf16_lossy(text).into_bytes();
    let hex = |b: u8| (b as char).to_digit(16);
    let mut out = Vec::new();
    let mut i = 0;
    while i < input.len() {
        if input[i] == b'%' {
            match (input.get(i + 1).and_then(|&b| hex(b)), input.get(i + 2).and_then(|&b| hex(b))) {
                (Some(h), Some(l)) => out.push((h * 16 + l) as u8),
                _ => return Answer::Error("MalformedEscape"),
            }
            i += 3;
        } else {
            out.push(input[i]);
            i += 1;
        }
    }
    Answer::Octets(out)
}

enum Answer {
    Text(Vec<u16>),
    Octets(Vec<u8>),
    Error(&'static str),
    Unsupported,
}

fn answer(req: &HashMap<String, Json>) -> Answer {
    let text = match req.get("in") {
        Some(Json::Str(s)) => Some(s.as_slice()),
        _ => None,
    };
    let octets = match req.get("in_hex") {
        Some(Json::Str(s)) => Some(from_hex(s)),
        _ => None,
    };
    match (req.get("op"), text, octets) {
        (Some(Json::Str(op)), _, Some(o)) if *op == utf16("percentEncode") => percent_encode(&o),
        (Some(Json::Str(op)), Some(t), _) if *op == utf16("percentDecode") => percent_decode(t),
        _ => Answer::Unsupported,
    }
}

fn main() {
    let stdin = io::stdin();
    let mut input = BufReader::new(stdin.lock());
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut line = Vec::new();
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line).expect("read stdin") == 0 {
            break;
        }
        let text = String::from_utf8_lossy(&line);
        if text.trim().is_empty() {
            continue;
        }
        let req = match Parser::new(&text).value() {
            Some(Json::Object(m)) => m,
            _ => {
                eprintln!("not a JSON object: {}", text.trim_end());
                continue;
            }
        };
        let id = match req.get("id") {
            Some(Json::Num(n)) => n.clone(),
            _ => "0".to_string(),
        };
        let body = match answer(&req) {
            Answer::Text(u) => format!("\"out\":{}", quote(&u)),
            Answer::Octets(o) => format!("\"out_hex\":\"{}\"", o.iter().map(|b| format!("{:02x}", b)).collect::<String>()),
            Answer::Error(kind) => format!("\"error\":\"{}\"", kind),
            Answer::Unsupported => "\"unsupported\":true".to_string(),
        };
        writeln!(out, "{{\"id\":{},{}}}", id, body).expect("write stdout");
        // Flush before blocking on more input: pctest waits for these
        // answers (PROTOCOL.md §2).
        if input.buffer().is_empty() {
            out.flush().expect("flush stdout");
        }
    }
    out.flush().expect("flush stdout"); // every answer out before exit (§1)
}

fn utf16(s: &str) -> Vec<u16> {
    s.encode_utf16().collect()
}

fn from_hex(s: &[u16]) -> Vec<u8> {
    let s = String::from_utf16_lossy(s);
    (0..s.len() / 2).map(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap_or(0)).collect()
}

/// quote writes text as a JSON string: ASCII as it is, every other code unit
/// (lone surrogates included) as a \uXXXX escape.
fn quote(u: &[u16]) -> String {
    let mut s = String::from("\"");
    for &c in u {
        match c {
            0x22 => s.push_str("\\\""),
            0x5c => s.push_str("\\\\"),
            0x20..=0x7e => s.push(c as u8 as char),
            _ => s.push_str(&format!("\\u{:04x}", c)),
        }
    }
    s.push('"');
    s
}

/// A JSON value, as much of one as a request needs: strings as UTF-16 code
/// units, numbers as their text (an id is echoed as it came).
enum Json {
    Object(HashMap<String, Json>),
    Str(Vec<u16>),
    Num(String),
    Other,
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
}

impl<'a> Parser<'a> {
    fn new(s: &'a str) -> Self {
        Parser { s: s.as_bytes(), i: 0 }
    }

    fn ws(&mut self) {
        while self.i < self.s.len() && b" \t\r\n".contains(&self.s[self.i]) {
            self.i += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.ws();
        self.s.get(self.i).copied()
    }

    fn value(&mut self) -> Option<Json> {
        match self.peek()? {
            b'{' => {
                self.i += 1;
                let mut m = HashMap::new();
                if self.peek()? == b'}' {
                    self.i += 1;
                    return Some(Json::Object(m));
                }
                loop {
                    self.peek()?;
                    let key = match self.value()? {
                        Json::Str(k) => String::from_utf16_lossy(&k),
                        _ => return None,
                    };
                    if self.peek()? != b':' {
                        return None;
                    }
                    self.i += 1;
                    let v = self.value()?;
                    m.insert(key, v);
                    match self.peek()? {
                        b',' => self.i += 1,
                        b'}' => {
                            self.i += 1;
                            return Some(Json::Object(m));
                        }
                        _ => return None,
                    }
                }
            }
            b'[' => {
                self.i += 1;
                if self.peek()? == b']' {
                    self.i += 1;
                    return Some(Json::Other);
                }
                loop {
                    self.value()?;
                    match self.peek()? {
                        b',' => self.i += 1,
                        b']' => {
                            self.i += 1;
                            return Some(Json::Other);
                        }
                        _ => return None,
                    }
                }
            }
            b'"' => {
                self.i += 1;
                let mut u = Vec::new();
                loop {
                    let c = *self.s.get(self.i)?;
                    self.i += 1;
                    match c {
                        b'"' => return Some(Json::Str(u)),
                        b'\\' => {
                            let e = *self.s.get(self.i)?;
                            self.i += 1;
                            match e {
                                b'u' => {
                                    let h = std::str::from_utf8(self.s.get(self.i..self.i + 4)?).ok()?;
                                    u.push(u16::from_str_radix(h, 16).ok()?);
                                    self.i += 4;
                                }
                                b'b' => u.push(8),
                                b'f' => u.push(12),
                                b'n' => u.push(10),
                                b'r' => u.push(13),
                                b't' => u.push(9),
                                _ => u.push(e as u16),
                            }
                        }
                        _ => {
                            // One UTF-8 character, as UTF-16.
                            let start = self.i - 1;
                            let len = match c {
                                0x00..=0x7f => 1,
                                0xc0..=0xdf => 2,
                                0xe0..=0xef => 3,
                                _ => 4,
                            };
                            let ch = std::str::from_utf8(self.s.get(start..start + len)?).ok()?;
                            u.extend(ch.encode_utf16());
                            self.i = start + len;
                        }
                    }
                }
            }
            _ => {
                let start = self.i;
                while self.i < self.s.len() && !b",}] \t\r\n".contains(&self.s[self.i]) {
                    self.i += 1;
                }
                let word = std::str::from_utf8(&self.s[start..self.i]).ok()?;
                if word.starts_with(|c: char| c == '-' || c.is_ascii_digit()) {
                    Some(Json::Num(word.to_string()))
                } else {
                    Some(Json::Other)
                }
            }
        }
    }
}
