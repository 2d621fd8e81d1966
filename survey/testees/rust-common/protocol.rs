//! The pctest protocol (version 1, see testee/PROTOCOL.md) for the survey's
//! Rust testees (rust-percent-encoding, rust-form-urlencoded,
//! rust-urlencoding). Each crate includes this file with
//! `#[path = "../../rust-common/protocol.rs"] mod protocol;` and calls
//! [serve] with its answer function.
//!
//! The runner pipelines requests: serve answers every complete line of one
//! read, writes the answers at once and flushes before it reads again. A
//! request is parsed by the small JSON reader below (the crates surveyed
//! come without serde_json). Text arrives as "in" or as "in_utf16" (the
//! runner's -utf16hex mode), octets as "in_hex".

#![allow(dead_code)]

use std::io::{Read, Write};

/// A request's input: text as UTF-16 code units, or octets.
pub enum Input {
    Text(Vec<u16>),
    Octets(Vec<u8>),
}

pub struct Request {
    pub op: String,
    pub input: Option<Input>,
    /// args.set, "" when absent.
    pub set: String,
    /// args.encoding (a WHATWG encoding label), "" when absent.
    pub encoding: String,
    /// args.scheme, "" when absent.
    pub scheme: String,
}

impl Request {
    /// The input as octets: text as its UTF-8 (None when it holds a lone
    /// surrogate), octets as they are.
    pub fn octets(&self) -> Option<Vec<u8>> {
        match &self.input {
            Some(Input::Octets(b)) => Some(b.clone()),
            Some(Input::Text(u)) => String::from_utf16(u).ok().map(String::into_bytes),
            None => None,
        }
    }

    /// The input as a Rust string: text without lone surrogates, or octets
    /// that are UTF-8. None otherwise.
    pub fn text(&self) -> Option<String> {
        match &self.input {
            Some(Input::Octets(b)) => String::from_utf8(b.clone()).ok(),
            Some(Input::Text(u)) => String::from_utf16(u).ok(),
            None => None,
        }
    }
}

pub enum Answer {
    Out(String),
    OutHex(Vec<u8>),
    Error(&'static str, String),
    Unsupported,
}

/// The printable ASCII octets that each named set of the vector format
/// leaves as they are: generated from vectors/sets.json (go test ./survey
/// -run TestTesteeSetTables -update rewrites the table).
pub const SETS: &[(&str, &[u8])] = &[
    ("ecma.encodeURI", b"!#$&'()*+,-./0123456789:;=?@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~"),
    ("ecma.uriUnescaped", b"!'()*-.0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~"),
    ("go.fragment", b"!$&()*+,-./0123456789:;=?@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~"),
    ("go.host", b"!\"$&'()*+,-.0123456789:;<=>ABCDEFGHIJKLMNOPQRSTUVWXYZ[]_abcdefghijklmnopqrstuvwxyz~"),
    ("go.path", b"$&+,-./0123456789:;=@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~"),
    ("go.path-segment", b"$&+-.0123456789:=@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~"),
    ("go.query", b"-.0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~"),
    ("go.userpassword", b"$&+,-.0123456789;=ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~"),
    ("go.zone", b"!\"$&'()*+,-.0123456789:;<=>ABCDEFGHIJKLMNOPQRSTUVWXYZ[]_abcdefghijklmnopqrstuvwxyz~"),
    ("rfc3986.fragment", b"!$&'()*+,-./0123456789:;=?@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~"),
    ("rfc3986.gen-delims", b"#/:?@[]"),
    ("rfc3986.path", b"!$&'()*+,-./0123456789:;=@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~"),
    ("rfc3986.pchar", b"!$&'()*+,-.0123456789:;=@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~"),
    ("rfc3986.query", b"!$&'()*+,-./0123456789:;=?@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~"),
    ("rfc3986.reg-name", b"!$&'()*+,-.0123456789;=ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~"),
    ("rfc3986.reserved", b"!#$&'()*+,/:;=?@[]"),
    ("rfc3986.sub-delims", b"!$&'()*+,;="),
    ("rfc3986.unreserved", b"-.0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~"),
    ("rfc3986.userinfo", b"!$&'()*+,-.0123456789:;=ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~"),
    ("whatwg.c0-control", b" !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~"),
    ("whatwg.component", b"!'()*-.0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~"),
    ("whatwg.form-urlencoded", b"*-.0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz"),
    ("whatwg.fragment", b"!#$%&'()*+,-./0123456789:;=?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_abcdefghijklmnopqrstuvwxyz{|}~"),
    ("whatwg.path", b"!$%&'()*+,-./0123456789:;=@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]_abcdefghijklmnopqrstuvwxyz|~"),
    ("whatwg.query", b"!$%&'()*+,-./0123456789:;=?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~"),
    ("whatwg.special-query", b"!$%&()*+,-./0123456789:;=?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~"),
    ("whatwg.userinfo", b"!$%&'()*+,-.0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~"),
];

/// The octets the named set keeps, or None for a name it does not know.
pub fn set_keeps(name: &str) -> Option<&'static [u8]> {
    SETS.iter().find(|(n, _)| *n == name).map(|(_, s)| *s)
}

/// serve answers requests from stdin until it ends.
pub fn serve(answer: impl Fn(&Request) -> Answer) {
    let mut stdin = std::io::stdin().lock();
    let mut stdout = std::io::stdout().lock();
    let mut pending: Vec<u8> = Vec::new();
    let mut buf = vec![0u8; 1 << 16];
    loop {
        let n = match stdin.read(&mut buf) {
            Ok(0) => return,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => {
                eprintln!("testee: read: {e}");
                std::process::exit(1);
            }
        };
        pending.extend_from_slice(&buf[..n]);
        let mut out = String::new();
        while let Some(i) = pending.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = pending.drain(..=i).collect();
            let line = String::from_utf8_lossy(&line).trim().to_string();
            if line.is_empty() {
                continue;
            }
            match parse_request(&line) {
                Some((id, req)) => {
                    out.push_str(&format!("{{\"id\":{id},"));
                    match answer(&req) {
                        Answer::Out(s) => out.push_str(&format!("\"out\":{}}}\n", json_string(&s))),
                        Answer::OutHex(b) => {
                            let h: String = b.iter().map(|x| format!("{x:02x}")).collect();
                            out.push_str(&format!("\"out_hex\":\"{h}\"}}\n"))
                        }
                        Answer::Error(k, m) => out.push_str(&format!(
                            "\"error\":{},\"message\":{}}}\n",
                            json_string(k),
                            json_string(&m)
                        )),
                        Answer::Unsupported => out.push_str("\"unsupported\":true}\n"),
                    }
                }
                None => eprintln!("testee: bad request line: {line}"),
            }
        }
        if stdout.write_all(out.as_bytes()).and_then(|_| stdout.flush()).is_err() {
            std::process::exit(1);
        }
    }
}

fn json_string(s: &str) -> String {
    let mut o = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => o.push_str("\\\""),
            '\\' => o.push_str("\\\\"),
            c if (c as u32) < 0x20 => o.push_str(&format!("\\u{:04x}", c as u32)),
            c => o.push(c),
        }
    }
    o.push('"');
    o
}

fn unhex(s: &str) -> Option<Vec<u8>> {
    if s.len() % 2 != 0 {
        return None;
    }
    (0..s.len()).step_by(2).map(|i| u8::from_str_radix(s.get(i..i + 2)?, 16).ok()).collect()
}

/// A JSON value, as far as requests need one.
enum Value {
    Str(Vec<u16>),
    Num(String),
    Obj(Vec<(String, Value)>),
    Other,
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
}

impl Parser<'_> {
    fn ws(&mut self) {
        while self.i < self.s.len() && b" \t\r\n".contains(&self.s[self.i]) {
            self.i += 1;
        }
    }
    fn eat(&mut self, c: u8) -> Option<()> {
        self.ws();
        (self.s.get(self.i) == Some(&c)).then(|| self.i += 1)
    }
    fn string(&mut self) -> Option<Vec<u16>> {
        self.eat(b'"')?;
        let mut u = Vec::new();
        loop {
            let c = *self.s.get(self.i)?;
            self.i += 1;
            match c {
                b'"' => return Some(u),
                b'\\' => {
                    let e = *self.s.get(self.i)?;
                    self.i += 1;
                    u.push(match e {
                        b'u' => {
                            let h = std::str::from_utf8(self.s.get(self.i..self.i + 4)?).ok()?;
                            self.i += 4;
                            u16::from_str_radix(h, 16).ok()?
                        }
                        b'n' => 10,
                        b't' => 9,
                        b'r' => 13,
                        b'b' => 8,
                        b'f' => 12,
                        c => c as u16,
                    });
                }
                _ => {
                    // Copy one UTF-8 character as UTF-16.
                    let start = self.i - 1;
                    while self.i < self.s.len() && (self.s[self.i] & 0xC0) == 0x80 {
                        self.i += 1;
                    }
                    let ch = std::str::from_utf8(&self.s[start..self.i]).ok()?;
                    u.extend(ch.encode_utf16());
                }
            }
        }
    }
    fn value(&mut self) -> Option<Value> {
        self.ws();
        match *self.s.get(self.i)? {
            b'"' => Some(Value::Str(self.string()?)),
            b'{' => {
                self.i += 1;
                let mut fields = Vec::new();
                if self.eat(b'}').is_some() {
                    return Some(Value::Obj(fields));
                }
                loop {
                    let k = String::from_utf16(&self.string()?).ok()?;
                    self.eat(b':')?;
                    fields.push((k, self.value()?));
                    if self.eat(b',').is_none() {
                        self.eat(b'}')?;
                        return Some(Value::Obj(fields));
                    }
                }
            }
            b'[' => {
                self.i += 1;
                if self.eat(b']').is_some() {
                    return Some(Value::Other);
                }
                loop {
                    self.value()?;
                    if self.eat(b',').is_none() {
                        self.eat(b']')?;
                        return Some(Value::Other);
                    }
                }
            }
            _ => {
                let start = self.i;
                while self.i < self.s.len() && !b",}] \t\r\n".contains(&self.s[self.i]) {
                    self.i += 1;
                }
                Some(Value::Num(String::from_utf8_lossy(&self.s[start..self.i]).into_owned()))
            }
        }
    }
}

fn parse_request(line: &str) -> Option<(String, Request)> {
    let fields = match (Parser { s: line.as_bytes(), i: 0 }).value()? {
        Value::Obj(f) => f,
        _ => return None,
    };
    let (mut id, mut req) = (None, Request { op: String::new(), input: None, set: String::new(), encoding: String::new(), scheme: String::new() });
    for (k, v) in fields {
        match (k.as_str(), v) {
            ("id", Value::Num(n)) => id = Some(n),
            ("op", Value::Str(s)) => req.op = String::from_utf16_lossy(&s),
            ("in", Value::Str(s)) => req.input = Some(Input::Text(s)),
            ("in_hex", Value::Str(s)) => req.input = Some(Input::Octets(unhex(&String::from_utf16_lossy(&s))?)),
            ("in_utf16", Value::Str(s)) => {
                let b = unhex(&String::from_utf16_lossy(&s))?;
                if b.len() % 2 != 0 {
                    return None;
                }
                req.input = Some(Input::Text(b.chunks(2).map(|p| u16::from_be_bytes([p[0], p[1]])).collect()));
            }
            ("args", Value::Obj(a)) => {
                for (ak, av) in a {
                    match (ak.as_str(), av) {
                        ("set", Value::Str(s)) => req.set = String::from_utf16_lossy(&s),
                        ("encoding", Value::Str(s)) => req.encoding = String::from_utf16_lossy(&s),
                        ("scheme", Value::Str(s)) => req.scheme = String::from_utf16_lossy(&s),
                        _ => {}
                    }
                }
            }
            _ => {}
        }
    }
    Some((id?, req))
}
