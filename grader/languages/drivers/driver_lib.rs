// The part of the Rust driver that does not depend on the submission: the channel, the
// request's values (Json, FromJson), the reply's (Wire), and serve(), the loop speaking
// grader/protocol.py. Compiled once per rustc into a library every build links
// (grader/languages/rust.py), or, where that cannot be made, into each build as a module.
#![allow(dead_code)]
use std::fs::File;
use std::io::{Read, Write};
use std::os::unix::io::{FromRawFd, IntoRawFd};
use std::os::unix::net::UnixStream;

extern "C" {
    fn dup2(old: i32, new: i32) -> i32;
}

pub trait Wire {
    fn wire(&self, out: &mut String);
}
impl Wire for i32 {
    fn wire(&self, out: &mut String) { out.push_str(&self.to_string()); }
}
impl Wire for i64 {
    fn wire(&self, out: &mut String) { out.push_str(&self.to_string()); }
}
impl Wire for usize {
    fn wire(&self, out: &mut String) { out.push_str(&self.to_string()); }
}
impl Wire for String {
    fn wire(&self, out: &mut String) { quote(self, out); }
}
impl Wire for char {
    fn wire(&self, out: &mut String) { quote(&self.to_string(), out); }
}
// As the Python runner tags what JSON alone would blur (true is not 1): the harness reads both.
impl Wire for bool {
    fn wire(&self, out: &mut String) {
        out.push_str(if *self { "{\"type\":\"bool\",\"repr\":\"True\"}" } else { "{\"type\":\"bool\",\"repr\":\"False\"}" });
    }
}
impl Wire for f64 {
    fn wire(&self, out: &mut String) { out.push_str(&format!("{{\"type\":\"float\",\"repr\":\"{:?}\"}}", self)); }
}
impl<T: Wire> Wire for Vec<T> {
    fn wire(&self, out: &mut String) {
        out.push('[');
        for (index, item) in self.iter().enumerate() {
            if index > 0 { out.push(','); }
            item.wire(out);
        }
        out.push(']');
    }
}

pub fn quote(text: &str, out: &mut String) {
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

fn channel() -> File {
    if let Ok(path) = std::env::var("GRADER_SOCKET") {
        let connect = || UnixStream::connect(&path).unwrap_or_else(|_| std::process::exit(97));
        let main = connect();
        for target in 1..=2 {
            let stream = connect().into_raw_fd();
            unsafe { dup2(stream, target); }
        }
        return unsafe { File::from_raw_fd(main.into_raw_fd()) };
    }
    match std::env::var("GRADER_FD").ok().and_then(|fd| fd.parse::<i32>().ok()) {
        Some(fd) => unsafe { File::from_raw_fd(fd) },
        None => std::process::exit(97),
    }
}

fn send(channel: &mut File, body: &str) {
    let _ = std::io::stdout().flush();
    let _ = std::io::stderr().flush();
    let mut frame = (body.len() as u32).to_be_bytes().to_vec();
    frame.extend_from_slice(body.as_bytes());
    if channel.write_all(&frame).is_err() { std::process::exit(98); }
}

// The request is {"args":[...]}: numbers, strings and lists of them, parsed, then
// converted to each parameter's declared type by FromJson.
pub enum Json {
    Number(i64, f64),  // as an integer and as a double; a boolean is 0 or 1
    Text(String),
    List(Vec<Json>),
    Null,
}

/// A value already in the wire format (a tree's level order, nulls tagged as Python's are).
pub struct Raw(pub String);
impl Wire for Raw {
    fn wire(&self, out: &mut String) { out.push_str(&self.0); }
}

fn parse(text: &[char], at: &mut usize) -> Json {
    while *at < text.len() && matches!(text[*at], ' ' | ',' | ':') { *at += 1; }
    if *at < text.len() && text[*at] == '[' {
        *at += 1;
        let mut items = Vec::new();
        while *at < text.len() && text[*at] != ']' {
            items.push(parse(text, at));
            while *at < text.len() && matches!(text[*at], ' ' | ',') { *at += 1; }
        }
        *at += 1;
        Json::List(items)
    } else if *at < text.len() && text[*at] == '"' {
        let mut out = String::new();
        *at += 1;
        while *at < text.len() && text[*at] != '"' {
            if text[*at] == '\\' && *at + 1 < text.len() {
                *at += 1;
                match text[*at] {
                    'n' => out.push('\n'),
                    't' => out.push('\t'),
                    'u' => {
                        let code: String = text[*at + 1..(*at + 5).min(text.len())].iter().collect();
                        out.push(char::from_u32(u32::from_str_radix(&code, 16).unwrap_or(63)).unwrap_or('?'));
                        *at += 4;
                    }
                    c => out.push(c),
                }
            } else {
                out.push(text[*at]);
            }
            *at += 1;
        }
        *at += 1;
        Json::Text(out)
    } else if *at < text.len() && text[*at].is_ascii_alphabetic() {
        let start = *at;
        while *at < text.len() && text[*at].is_ascii_alphabetic() { *at += 1; }
        if text[start] == 'n' { return Json::Null; }
        let truth = text[start] == 't';  // true or false
        Json::Number(truth as i64, truth as i64 as f64)
    } else {
        let start = *at;
        while *at < text.len() && matches!(text[*at], '-' | '+' | '.' | 'e' | 'E' | '0'..='9') { *at += 1; }
        let digits: String = text[start..*at].iter().collect();
        if *at == start { *at += 1; }
        Json::Number(digits.parse().unwrap_or(0), digits.parse().unwrap_or(0.0))
    }
}

fn request_args(body: &str) -> Vec<Json> {
    let text: Vec<char> = body.chars().collect();
    let mut at = text.iter().position(|&c| c == '[').unwrap_or(text.len());
    match parse(&text, &mut at) {
        Json::List(items) => items,
        _ => Vec::new(),
    }
}

pub trait FromJson {
    fn from_json(value: &Json) -> Self;
}
impl FromJson for i32 {
    fn from_json(value: &Json) -> Self { if let Json::Number(n, _) = value { *n as i32 } else { 0 } }
}
impl FromJson for i64 {
    fn from_json(value: &Json) -> Self { if let Json::Number(n, _) = value { *n } else { 0 } }
}
impl FromJson for usize {
    fn from_json(value: &Json) -> Self { if let Json::Number(n, _) = value { *n as usize } else { 0 } }
}
impl FromJson for f64 {
    fn from_json(value: &Json) -> Self { if let Json::Number(_, x) = value { *x } else { 0.0 } }
}
impl FromJson for bool {
    fn from_json(value: &Json) -> Self { matches!(value, Json::Number(1, _)) }
}
impl FromJson for char {
    fn from_json(value: &Json) -> Self {
        if let Json::Text(text) = value { text.chars().next().unwrap_or('\0') } else { '\0' }
    }
}
impl FromJson for String {
    fn from_json(value: &Json) -> Self {
        if let Json::Text(text) = value { text.clone() } else { String::new() }
    }
}
impl<T: FromJson> FromJson for Vec<T> {
    fn from_json(value: &Json) -> Self {
        if let Json::List(items) = value { items.iter().map(T::from_json).collect() } else { Vec::new() }
    }
}

/// The items of a JSON list given as text: a guided lesson's arguments (grader/lessons/).
pub fn json_items(text: &str) -> Vec<Json> {
    request_args(text)
}

// A lesson's values of the types it may declare, read and written by functions compiled here
// once: the same generic code instantiated in every student's build costs its compile time.
macro_rules! lesson_values {
    ($($read:ident, $write:ident: $type:ty;)*) => {$(
        pub fn $read(value: &Json) -> $type { <$type>::from_json(value) }
        pub fn $write(value: &$type, out: &mut String) { value.wire(out) }
    )*};
}
lesson_values! {
    read_i32, write_i32: i32;
    read_i64, write_i64: i64;
    read_usize, write_usize: usize;
    read_bool, write_bool: bool;
    read_f64, write_f64: f64;
    read_string, write_string: String;
    read_vec_i32, write_vec_i32: Vec<i32>;
    read_vec_i64, write_vec_i64: Vec<i64>;
    read_vec_usize, write_vec_usize: Vec<usize>;
    read_vec_bool, write_vec_bool: Vec<bool>;
    read_vec_f64, write_vec_f64: Vec<f64>;
    read_vec_string, write_vec_string: Vec<String>;
    read_vec_vec_i32, write_vec_vec_i32: Vec<Vec<i32>>;
    read_vec_vec_i64, write_vec_vec_i64: Vec<Vec<i64>>;
    read_vec_vec_usize, write_vec_vec_usize: Vec<Vec<usize>>;
    read_vec_vec_bool, write_vec_vec_bool: Vec<Vec<bool>>;
    read_vec_vec_f64, write_vec_vec_f64: Vec<Vec<f64>>;
    read_vec_vec_string, write_vec_vec_string: Vec<Vec<String>>;
}

/// Answers every request with call(its arguments): the reply's value as wired, or the panic
/// it raised, in a frame echoing the request's id.
pub fn serve(call: &dyn Fn(&[Json]) -> String) {
    let mut channel = channel();
    std::env::remove_var("GRADER_SOCKET");
    std::env::remove_var("GRADER_FD");
    send(&mut channel, "{\"kind\":\"ready\"}");
    loop {
        let mut header = [0u8; 4];
        if channel.read_exact(&mut header).is_err() { return; }
        let mut body = vec![0u8; u32::from_be_bytes(header) as usize];
        if channel.read_exact(&mut body).is_err() { return; }
        let text = String::from_utf8_lossy(&body).to_string();
        let args = request_args(&text);
        let id: i64 = text
            .find("\"id\":")
            .map(|at| text[at + 5..].chars().take_while(|c| c.is_ascii_digit() || *c == '-').collect::<String>())
            .and_then(|digits| digits.parse().ok())
            .unwrap_or(0);
        let frame = match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| call(&args))) {
            Ok(value) => format!("{{\"kind\":\"value\",\"value\":{}}}", value),
            Err(payload) => {
                let message = payload
                    .downcast_ref::<&str>()
                    .map(|text| text.to_string())
                    .or_else(|| payload.downcast_ref::<String>().cloned())
                    .unwrap_or_default();
                let mut out = String::from("{\"kind\":\"error\",\"type\":\"panic\",\"message\":");
                quote(&message, &mut out);
                out.push_str(",\"trace\":\"\",\"line\":null}");
                out
            }
        };
        // Every reply echoes the request's id: "{" becomes "{"id":N,".
        send(&mut channel, &format!("{{\"id\":{},{}", id, &frame[1..]));
    }
}
