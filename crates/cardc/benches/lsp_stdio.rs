//! The language server as an editor runs it: `cardc lsp` as a child process, spoken to
//! over its stdin and stdout with the protocol's `Content-Length` framing, on a set of
//! synthetic cards (`cardc_codegen::synth`, seed 11) in 100 files on disk plus one open
//! document.
//!
//! Two cases per set, each iteration changing the open document so that its diagnostics
//! change (an unknown card name appears or goes away):
//!
//! * `didChange → publishDiagnostics`: the change, then the wait for its diagnostics;
//! * `didChange → hover`: the change, then at once a hover on the document, timed to its
//!   answer (a hover must never wait behind a compile); the diagnostics are then drained
//!   outside the timing.
//!
//! Unlike `cardc-lsp`'s `didchange` benchmark (the server in-process over an in-memory
//! connection), this one pays for what an editor pays: the JSON encoding and the pipes.
//!
//! ```sh
//! cargo bench -p cardc --bench lsp_stdio
//! ```
//!
//! Figures in `docs/performance.md`.

use criterion::{criterion_group, criterion_main, Criterion};
use lsp_server::{Message, Notification, Request, RequestId};
use serde_json::{json, Value};
use std::collections::VecDeque;
use std::io::{BufReader, BufWriter, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

/// How long to wait for any one message before the benchmark fails (never hangs).
const TIMEOUT: Duration = Duration::from_secs(120);

/// `count` synthetic cards split into `files` files below `cards`; returns the name of
/// the first Character, for the edited card to name.
fn write_set(cards: &Path, count: usize, files: usize) -> String {
    let text = cardc_codegen::synth::cards(count, 11);
    let parts = cardc_codegen::synth::split_cards(&text);
    let per = parts.len().div_ceil(files);
    for (i, chunk) in parts.chunks(per).enumerate() {
        let path = cards.join(format!("set{i:03}.card"));
        std::fs::write(&path, chunk.concat()).unwrap_or_else(|e| panic!("{e}"));
    }
    let at = text
        .find("character \"")
        .unwrap_or_else(|| panic!("no Character"))
        + 11;
    let end = at + text[at..].find('"').unwrap_or_else(|| panic!("no quote"));
    text[at..end].to_owned()
}

/// A Maneuver that readies the card `name`.
fn edited(name: &str) -> String {
    format!("maneuver \"Edited\" {{\n    cost 1\n    speed slow\n    text {{\n        Ready \"{name}\".\n    }}\n}}\n")
}

/// The `file:` URI of an absolute path (the synthetic set's paths are plain ASCII).
fn uri(path: &Path) -> String {
    format!("file://{}", path.display())
}

/// `cardc lsp` running as a child process.
struct Server {
    child: Child,
    stdin: BufWriter<ChildStdin>,
    messages: Receiver<Message>,
    /// Notifications received while waiting for a response.
    pending: VecDeque<Notification>,
    next_id: i32,
}

impl Server {
    /// Starts `cardc lsp --stdio` and initializes it over the workspace folder `root`.
    fn start(root: &Path) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_cardc"))
            .args(["lsp", "--stdio"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start cardc lsp: {e}"));
        let stdin = BufWriter::new(child.stdin.take().unwrap_or_else(|| panic!("no stdin")));
        let stdout = child.stdout.take().unwrap_or_else(|| panic!("no stdout"));
        let (tx, messages) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            while let Ok(Some(message)) = Message::read(&mut reader) {
                if tx.send(message).is_err() {
                    break;
                }
            }
        });
        let mut server = Server {
            child,
            stdin,
            messages,
            pending: VecDeque::new(),
            next_id: 0,
        };
        let folders = json!([{ "uri": uri(root), "name": "cards" }]);
        let id = server.request(
            "initialize",
            json!({ "capabilities": {}, "workspaceFolders": folders }),
        );
        server.response(&id);
        server.notify("initialized", json!({}));
        server
    }

    fn send(&mut self, message: Message) {
        message
            .write(&mut self.stdin)
            .and_then(|()| self.stdin.flush())
            .unwrap_or_else(|e| panic!("cannot write to cardc lsp: {e}"));
    }

    fn request(&mut self, method: &str, params: Value) -> RequestId {
        self.next_id += 1;
        let id = RequestId::from(self.next_id);
        self.send(Message::Request(Request::new(
            id.clone(),
            method.to_owned(),
            params,
        )));
        id
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(Message::Notification(Notification::new(
            method.to_owned(),
            params,
        )));
    }

    fn next(&self) -> Message {
        self.messages
            .recv_timeout(TIMEOUT)
            .unwrap_or_else(|e| panic!("no message from cardc lsp: {e}"))
    }

    /// Waits for the response to `id`, keeping the notifications that come first.
    fn response(&mut self, id: &RequestId) -> Value {
        loop {
            match self.next() {
                Message::Response(r) if &r.id == id => return r.result.unwrap_or(Value::Null),
                Message::Response(r) => panic!("a response to another request: {r:?}"),
                Message::Notification(n) => self.pending.push_back(n),
                Message::Request(r) => panic!("the server sent a request: {r:?}"),
            }
        }
    }

    /// Waits for diagnostics of `doc` at `version`, and returns how many there are.
    fn published(&mut self, doc: &str, version: i32) -> usize {
        loop {
            let next = match self.pending.pop_front() {
                Some(n) => Message::Notification(n),
                None => self.next(),
            };
            if let Message::Notification(n) = next {
                if n.method == "textDocument/publishDiagnostics"
                    && n.params["uri"] == doc
                    && n.params["version"]
                        .as_i64()
                        .is_none_or(|v| v == i64::from(version))
                {
                    return n.params["diagnostics"].as_array().map_or(0, Vec::len);
                }
            }
        }
    }

    fn change(&mut self, doc: &str, version: i32, text: &str) {
        self.notify(
            "textDocument/didChange",
            json!({
                "textDocument": { "uri": doc, "version": version },
                "contentChanges": [{ "text": text }],
            }),
        );
    }

    fn shutdown(mut self) {
        let id = self.request("shutdown", Value::Null);
        self.response(&id);
        self.notify("exit", Value::Null);
        let _ = self.child.wait();
    }
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("cardc lsp over stdio");
    group.sample_size(20);
    for count in [1_000usize, 10_000] {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = dir.path().canonicalize().unwrap_or_else(|e| panic!("{e}"));
        let cards = root.join("cards");
        std::fs::create_dir(&cards).unwrap_or_else(|e| panic!("{e}"));
        let name = write_set(&cards, count, 100);
        let (good, bad) = (edited(&name), edited(&format!("{name}x")));
        let mut server = Server::start(&root);
        let doc = uri(&cards.join("edited.card"));
        // Opened with an unknown name, so that diagnostics are published at once.
        server.notify(
            "textDocument/didOpen",
            json!({ "textDocument": { "uri": doc, "languageId": "card", "version": 1, "text": bad } }),
        );
        assert!(server.published(&doc, 1) > 0);
        let mut version = 1;
        let mut broken = true;
        group.bench_function(
            format!("didChange → publishDiagnostics, {count} cards in 100 files"),
            |b| {
                b.iter(|| {
                    version += 1;
                    broken = !broken;
                    server.change(&doc, version, if broken { &bad } else { &good });
                    let n = server.published(&doc, version);
                    assert_eq!(n == 0, !broken, "diagnostics of version {version}");
                });
            },
        );
        group.bench_function(
            format!("didChange → hover, {count} cards in 100 files"),
            |b| {
                b.iter_custom(|iters| {
                    let mut total = Duration::ZERO;
                    for _ in 0..iters {
                        version += 1;
                        broken = !broken;
                        let start = std::time::Instant::now();
                        server.change(&doc, version, if broken { &bad } else { &good });
                        let id = server.request(
                            "textDocument/hover",
                            json!({
                                "textDocument": { "uri": doc },
                                "position": { "line": 4, "character": 10 },
                            }),
                        );
                        let hover = server.response(&id);
                        total += start.elapsed();
                        assert!(!hover.is_null(), "no hover on `Ready`");
                        let n = server.published(&doc, version);
                        assert_eq!(n == 0, !broken, "diagnostics of version {version}");
                    }
                    total
                });
            },
        );
        server.shutdown();
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
