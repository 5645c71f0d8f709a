//! The stdio transport: JSON-RPC frames in and out, read so that no input can stop the
//! server.
//!
//! `lsp-server`'s own stdio transport ends the connection on the first malformed frame.
//! This one answers or drops it and reads on (JSON-RPC 2.0 §5.1, LSP "Base Protocol"):
//!
//! | input | what happens |
//! | --- | --- |
//! | a header without `Content-Length`, a bad or negative length, a header line longer than [`MAX_HEADER_LINE`] | dropped with a log message; reading resumes at the next `Content-Length:` line |
//! | `Content-Length` above [`MAX_MESSAGE`] | `-32600` (invalid request), never allocated; reading resumes at the next `Content-Length:` line |
//! | a body that is not UTF-8, or not JSON | `-32700` (parse error) |
//! | a batch (a JSON array), or JSON that is no request, response or notification | `-32600` (invalid request), with the request's id when it has one |
//! | a lone UTF-16 surrogate escape (`"\ud800"`, which editors send for a half-typed emoji) | read as U+FFFD, the same single UTF-16 unit, so positions stay right |
//!
//! Error responses to messages whose id is unknown carry `"id": null`, as JSON-RPC says.
//! Frames are written whole under one lock, so the reader's error responses never
//! interleave with the server's messages.

use lsp_server::{Connection, Message};
use serde_json::{json, Value};
use std::io::{self, BufRead, BufReader, Read, Write};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

/// The largest message body accepted: 64 MiB, three times the largest document editors
/// are known to send whole.
pub const MAX_MESSAGE: usize = 64 << 20;

/// The longest header line read; a longer one is a framing error.
pub const MAX_HEADER_LINE: usize = 8 << 10;

/// JSON-RPC's "parse error".
const PARSE_ERROR: i64 = -32700;
/// JSON-RPC's "invalid request".
const INVALID_REQUEST: i64 = -32600;

/// The reader and writer threads of a transport.
pub struct IoThreads {
    reader: JoinHandle<io::Result<()>>,
    writer: JoinHandle<io::Result<()>>,
}

impl IoThreads {
    /// Waits for both threads; the writer finishes when the server's connection is
    /// dropped, the reader at `exit` or at the end of input.
    pub fn join(self) -> io::Result<()> {
        let writer = self.writer.join().unwrap_or(Ok(()));
        let reader = self.reader.join().unwrap_or(Ok(()));
        writer.and(reader)
    }
}

type Shared<W> = Arc<Mutex<W>>;

/// A connection over standard input and output.
pub fn stdio() -> (Connection, IoThreads) {
    over(io::stdin(), io::stdout())
}

/// A connection reading frames from `input` and writing them to `output`.
pub fn over<R, W>(input: R, output: W) -> (Connection, IoThreads)
where
    R: Read + Send + 'static,
    W: Write + Send + 'static,
{
    let (server, client) = Connection::memory();
    let output: Shared<W> = Arc::new(Mutex::new(output));
    let to_client = client.receiver;
    let out = Arc::clone(&output);
    let writer = std::thread::spawn(move || {
        for message in to_client {
            let mut w = out.lock().unwrap_or_else(|e| e.into_inner());
            message.write(&mut *w)?;
        }
        Ok(())
    });
    let to_server = client.sender;
    let reader = std::thread::spawn(move || {
        let mut frames = Frames::new(BufReader::with_capacity(1 << 16, input));
        loop {
            let message = match frames.next_frame()? {
                None => return Ok(()),
                Some(Frame::Body(body)) => match decode(&body) {
                    Ok(message) => message,
                    Err(reply) => {
                        write_raw(&output, &reply)?;
                        continue;
                    }
                },
                Some(Frame::Dropped(why)) => {
                    write_raw(&output, &log(&why))?;
                    continue;
                }
                Some(Frame::TooLarge(n)) => {
                    let why = format!(
                        "a message of {n} bytes is larger than the limit of {MAX_MESSAGE} bytes; it was skipped"
                    );
                    write_raw(&output, &log(&why))?;
                    write_raw(&output, &error(Value::Null, INVALID_REQUEST, &why))?;
                    continue;
                }
            };
            let exit = matches!(&message, Message::Notification(n) if n.method == "exit");
            if to_server.send(message).is_err() || exit {
                return Ok(());
            }
        }
    });
    (server, IoThreads { reader, writer })
}

fn write_raw<W: Write>(output: &Shared<W>, value: &Value) -> io::Result<()> {
    let text = value.to_string();
    let mut w = output.lock().unwrap_or_else(|e| e.into_inner());
    write!(w, "Content-Length: {}\r\n\r\n{text}", text.len())?;
    w.flush()
}

fn error(id: Value, code: i64, message: &str) -> Value {
    json!({ "jsonrpc": "2.0", "id": id, "error": { "code": code, "message": message } })
}

fn log(message: &str) -> Value {
    json!({
        "jsonrpc": "2.0",
        "method": "window/logMessage",
        "params": { "type": 2, "message": format!("cardc lsp: {message}") },
    })
}

/// A body as a message, or the error response to send instead.
fn decode(body: &[u8]) -> Result<Message, Value> {
    let Ok(text) = std::str::from_utf8(body) else {
        return Err(error(Value::Null, PARSE_ERROR, "the message is not UTF-8"));
    };
    let value: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(first) => match serde_json::from_str(&replace_lone_surrogates(text)) {
            Ok(v) => v,
            Err(_) => {
                let why = format!("the message is not JSON: {first}");
                return Err(error(Value::Null, PARSE_ERROR, &why));
            }
        },
    };
    if value.is_array() {
        let why = "batches are not part of the Language Server Protocol";
        return Err(error(Value::Null, INVALID_REQUEST, why));
    }
    let id = value
        .get("id")
        .filter(|id| id.is_string() || id.is_number())
        .cloned()
        .unwrap_or(Value::Null);
    let shaped = match value.get("method") {
        Some(method) => method.is_string(),
        // A response: an id, and a result or an error.
        None => value.get("result").is_some() || value.get("error").is_some(),
    };
    if !value.is_object() || !shaped {
        let why = "not a request, response or notification";
        return Err(error(id, INVALID_REQUEST, why));
    }
    serde_json::from_value(value).map_err(|e| {
        let why = format!("not a request, response or notification: {e}");
        error(id, INVALID_REQUEST, &why)
    })
}

/// `text` with every `\uD800`–`\uDFFF` escape that is not half of a surrogate pair
/// written as `\uFFFD`. Escapes are followed from the start of each string, so `\\u…`
/// (an escaped backslash, then `u`) is left alone.
fn replace_lone_surrogates(text: &str) -> String {
    let b = text.as_bytes();
    let hex = |at: usize| -> Option<u16> {
        let digits = b.get(at..at + 4)?;
        u16::from_str_radix(std::str::from_utf8(digits).ok()?, 16).ok()
    };
    let escape_at = |at: usize| -> Option<u16> {
        (b.get(at) == Some(&b'\\') && b.get(at + 1) == Some(&b'u'))
            .then(|| hex(at + 2))
            .flatten()
    };
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let mut in_string = false;
    let mut copied = 0;
    while i < b.len() {
        match b[i] {
            b'"' => {
                in_string = !in_string;
                i += 1;
            }
            b'\\' if in_string => match escape_at(i) {
                Some(0xD800..=0xDBFF) => {
                    if matches!(escape_at(i + 6), Some(0xDC00..=0xDFFF)) {
                        i += 12;
                    } else {
                        out.push_str(&text[copied..i]);
                        out.push_str("\\uFFFD");
                        i += 6;
                        copied = i;
                    }
                }
                Some(0xDC00..=0xDFFF) => {
                    out.push_str(&text[copied..i]);
                    out.push_str("\\uFFFD");
                    i += 6;
                    copied = i;
                }
                _ => i += 2,
            },
            _ => i += 1,
        }
    }
    out.push_str(&text[copied.min(text.len())..]);
    out
}

/// One thing read from the input.
#[derive(Debug, PartialEq, Eq)]
enum Frame {
    /// A message body, within the limit.
    Body(Vec<u8>),
    /// A framing error: why, for the log.
    Dropped(String),
    /// A `Content-Length` above [`MAX_MESSAGE`].
    TooLarge(u64),
}

/// Frames from a byte stream, resynchronising at the next `Content-Length:` line after
/// a framing error.
struct Frames<R> {
    input: R,
    /// A `Content-Length:` line already read while resynchronising.
    pending: Option<Vec<u8>>,
    /// A framing error was reported: skip to the next header before reading on. (Done
    /// lazily, so the report goes out before the reader waits for more input.)
    lost: bool,
}

impl<R: BufRead> Frames<R> {
    fn new(input: R) -> Self {
        Frames {
            input,
            pending: None,
            lost: false,
        }
    }

    /// The next frame, or `None` at the end of input.
    fn next_frame(&mut self) -> io::Result<Option<Frame>> {
        if std::mem::take(&mut self.lost) {
            self.resync()?;
        }
        let mut length: Option<Result<u64, String>> = None;
        let mut lines = 0;
        loop {
            let line = match self.pending.take() {
                Some(line) => line,
                None => match read_line(&mut self.input)? {
                    Line::Eof => return Ok(None),
                    Line::TooLong => {
                        self.lost = true;
                        let why = format!("a header line longer than {MAX_HEADER_LINE} bytes");
                        return Ok(Some(Frame::Dropped(why)));
                    }
                    Line::Text(line) => line,
                },
            };
            let line = trim_line_end(&line);
            if line.is_empty() {
                if lines == 0 {
                    // Blank lines between frames are tolerated.
                    continue;
                }
                break;
            }
            lines += 1;
            let text = String::from_utf8_lossy(line);
            match text.split_once(':') {
                Some((name, value)) if name.trim().eq_ignore_ascii_case("content-length") => {
                    let value = value.trim();
                    length = Some(
                        value
                            .parse::<u64>()
                            .map_err(|_| format!("a bad Content-Length `{value}`")),
                    );
                }
                Some(_) => {} // Content-Type and any other header
                None => {
                    self.lost = true;
                    return Ok(Some(Frame::Dropped(format!(
                        "a header line that is not `Name: value`: `{}`",
                        text.chars().take(80).collect::<String>()
                    ))));
                }
            }
        }
        let n = match length {
            None => {
                self.lost = true;
                return Ok(Some(Frame::Dropped(
                    "a message without Content-Length".into(),
                )));
            }
            Some(Err(why)) => {
                self.lost = true;
                return Ok(Some(Frame::Dropped(why)));
            }
            Some(Ok(n)) => n,
        };
        if n > MAX_MESSAGE as u64 {
            self.lost = true;
            return Ok(Some(Frame::TooLarge(n)));
        }
        let mut body = Vec::new();
        let read = (&mut self.input).take(n).read_to_end(&mut body)?;
        if (read as u64) < n {
            return Ok(None);
        }
        Ok(Some(Frame::Body(body)))
    }

    /// Skips input up to the next line that starts a header (`Content-Length:`).
    fn resync(&mut self) -> io::Result<()> {
        loop {
            match read_line(&mut self.input)? {
                Line::Eof => return Ok(()),
                Line::TooLong => {}
                Line::Text(line) => {
                    let starts =
                        line.len() >= 15 && line[..15].eq_ignore_ascii_case(b"content-length:");
                    if starts {
                        self.pending = Some(line);
                        return Ok(());
                    }
                }
            }
        }
    }
}

enum Line {
    Text(Vec<u8>),
    TooLong,
    Eof,
}

/// One line (to `\n`) of at most [`MAX_HEADER_LINE`] bytes; a longer one is consumed
/// without being kept.
fn read_line(input: &mut impl BufRead) -> io::Result<Line> {
    let mut line = Vec::new();
    let mut too_long = false;
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            return Ok(if too_long {
                Line::TooLong
            } else if line.is_empty() {
                Line::Eof
            } else {
                Line::Text(line)
            });
        }
        let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..=i], true),
            None => (buf, false),
        };
        let used = chunk.len();
        if !too_long {
            if line.len() + used > MAX_HEADER_LINE {
                too_long = true;
                line = Vec::new();
            } else {
                line.extend_from_slice(chunk);
            }
        }
        input.consume(used);
        if done {
            return Ok(if too_long {
                Line::TooLong
            } else {
                Line::Text(line)
            });
        }
    }
}

fn trim_line_end(line: &[u8]) -> &[u8] {
    let mut end = line.len();
    while end > 0 && matches!(line[end - 1], b'\n' | b'\r') {
        end -= 1;
    }
    &line[..end]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frames(input: &[u8]) -> Vec<Frame> {
        let mut f = Frames::new(io::Cursor::new(input.to_vec()));
        let mut out = Vec::new();
        while let Some(frame) = f.next_frame().unwrap() {
            out.push(frame);
        }
        out
    }

    fn body(s: &str) -> Frame {
        Frame::Body(s.as_bytes().to_vec())
    }

    #[test]
    fn good_frames_and_resynchronisation_after_bad_ones() {
        let input = b"Content-Length: 2\r\n\r\n{}\
            Content-Type: x\r\n\r\ngarbage\r\n\
            Content-Length: 2\r\nContent-Type: application/vscode-jsonrpc\r\n\r\n[]\
            Content-Length: -5\r\n\r\n{}\r\n\
            Content-Length: 1000000000000000\r\n\r\n{\"a\":1}\r\n\
            content-length: 2\r\n\r\n{}";
        let got = frames(input);
        assert_eq!(got.len(), 6, "{got:?}");
        assert_eq!(got[0], body("{}"));
        assert!(matches!(&got[1], Frame::Dropped(w) if w.contains("without Content-Length")));
        assert_eq!(got[2], body("[]"));
        assert!(matches!(&got[3], Frame::Dropped(w) if w.contains("bad Content-Length")));
        assert_eq!(got[4], Frame::TooLarge(1_000_000_000_000_000));
        assert_eq!(got[5], body("{}"));
    }

    #[test]
    fn a_header_line_without_end_is_bounded() {
        let mut input = vec![b'x'; 3 * MAX_HEADER_LINE];
        input.extend_from_slice(b"\r\nContent-Length: 2\r\n\r\n{}");
        let got = frames(&input);
        assert!(matches!(&got[0], Frame::Dropped(w) if w.contains("longer than")));
        assert_eq!(got[1], body("{}"));
    }

    #[test]
    fn a_truncated_body_ends_the_input() {
        assert_eq!(frames(b"Content-Length: 10\r\n\r\n{}"), []);
    }

    #[test]
    fn lone_surrogates_become_replacement_characters() {
        assert_eq!(
            replace_lone_surrogates(r#"{"t":"a\ud800b\udc00c\ud83d\ude00\\ud800"}"#),
            r#"{"t":"a\uFFFDb\uFFFDc\ud83d\ude00\\ud800"}"#
        );
        let v: Value = serde_json::from_str(&replace_lone_surrogates(r#"["\uD800"]"#)).unwrap();
        assert_eq!(v[0], "\u{FFFD}");
    }

    #[test]
    fn decoding_answers_what_is_not_a_message() {
        let code = |body: &[u8]| decode(body).unwrap_err()["error"]["code"].as_i64();
        assert_eq!(code(b"{not json"), Some(PARSE_ERROR));
        assert_eq!(code(b"\xff\xfe{}"), Some(PARSE_ERROR));
        assert_eq!(
            code(b"[{\"jsonrpc\":\"2.0\",\"method\":\"x\"}]"),
            Some(INVALID_REQUEST)
        );
        let reply = decode(br#"{"jsonrpc":"2.0","id":7,"method":5}"#).unwrap_err();
        assert_eq!(reply["id"], 7);
        assert_eq!(reply["error"]["code"], INVALID_REQUEST);
        assert_eq!(code(b"{}"), Some(INVALID_REQUEST));
        assert_eq!(code(b"42"), Some(INVALID_REQUEST));
        assert!(decode(br#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#).is_ok());
        assert!(decode(br#"{"jsonrpc":"2.0","id":1,"result":null}"#).is_ok());
    }
}
