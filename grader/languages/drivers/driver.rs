
// ---- the harness's driver, appended after the student's file: speaks grader/protocol.py ----
#[allow(dead_code)]
mod grader_driver {
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

    fn quote(text: &str, out: &mut String) {
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

    // The request is {"args":[...]}: with integer parameters only, its numbers in order.
    fn integer_args(body: &str) -> Vec<i64> {
        let start = body.find('[').unwrap_or(body.len());
        body[start..]
            .split(|c: char| !(c == '-' || c.is_ascii_digit()))
            .filter(|part| !part.is_empty())
            .filter_map(|part| part.parse::<i64>().ok())
            .collect()
    }

    pub fn serve<T: Wire, F: Fn(&[i64]) -> T>(call: F) {
        let mut channel = channel();
        std::env::remove_var("GRADER_SOCKET");
        std::env::remove_var("GRADER_FD");
        send(&mut channel, "{\"kind\":\"ready\"}");
        loop {
            let mut header = [0u8; 4];
            if channel.read_exact(&mut header).is_err() { return; }
            let mut body = vec![0u8; u32::from_be_bytes(header) as usize];
            if channel.read_exact(&mut body).is_err() { return; }
            let args = integer_args(&String::from_utf8_lossy(&body));
            let frame = match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| call(&args))) {
                Ok(value) => {
                    let mut out = String::from("{\"kind\":\"value\",\"value\":");
                    value.wire(&mut out);
                    out.push('}');
                    out
                }
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
            send(&mut channel, &frame);
        }
    }
}

fn main() {
    grader_driver::serve(|args: &[i64]| GRADER_CALL);
}
