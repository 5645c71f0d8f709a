//! Helpers for driving the server in-process: the real cardc toolchain and a small
//! client over `Connection::memory()` that waits with a timeout, so a test can fail
//! but never hang.

#![allow(dead_code)]

use cardc_diagnostics::CodeInfo;
use cardc_lsp::{Connection, FormatRefusal, Input, Toolchain};
use lsp_server::{Message, Notification, Request, RequestId, Response};
use lsp_types::{Diagnostic, PublishDiagnosticsParams, Uri};
use serde_json::{json, Value};
use std::collections::VecDeque;
use std::path::Path;
use std::str::FromStr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long to wait for any one message before failing the test.
pub const TIMEOUT: Duration = Duration::from_secs(60);

/// The cardc pipeline, as `cardc lsp` hands it to the server, counting the files it
/// compiles.
#[derive(Default, Clone)]
pub struct Cardc {
    pub compiled: Arc<AtomicUsize>,
}

impl Toolchain for Cardc {
    fn card_files(&self, dir: &std::path::Path) -> cardc_lsp::CardFiles {
        let walk = cardc::walk::card_files(&[dir.to_owned()]);
        cardc_lsp::CardFiles {
            files: walk.files,
            stopped: walk.truncated.map(|t| t.to_string()),
        }
    }

    type Unit = cardc::FileUnit;

    fn compile_file(&self, id: cardc_diagnostics::FileId, input: Input) -> cardc::FileUnit {
        let input = cardc::Input {
            name: input.name,
            bytes: input.bytes,
        };
        self.compiled.fetch_add(1, Ordering::SeqCst);
        cardc::compile_file(id, input)
    }

    fn text<'u>(&self, unit: &'u cardc::FileUnit) -> &'u str {
        &unit.text
    }

    fn cards<'u>(&self, unit: &'u cardc::FileUnit) -> &'u cardc_ir::CardSet {
        &unit.set
    }

    fn link(&self, units: &[&cardc::FileUnit]) -> Vec<Vec<cardc_diagnostics::Diagnostic>> {
        cardc::link(units)
    }

    fn format(&self, name: &str, text: &str) -> Result<String, FormatRefusal> {
        cardc::fmt::format_source(name, text).map_err(|e| match e {
            cardc::fmt::FormatError::Errors(_, d) => FormatRefusal::Errors(d),
            cardc::fmt::FormatError::Unstable(why) => FormatRefusal::Unstable(why),
        })
    }

    fn explain(&self, code: &str) -> Option<&'static CodeInfo> {
        cardc::codes::find(code)
    }
}

/// The `file:` URI of a path.
pub fn uri(path: &Path) -> Uri {
    cardc_lsp::path_to_uri(path).unwrap_or_else(|| panic!("no URI for {}", path.display()))
}

/// A parsed URI.
pub fn parse_uri(s: &str) -> Uri {
    Uri::from_str(s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// A client talking to a server on a thread.
pub struct Client {
    conn: Connection,
    server: Option<JoinHandle<Result<(), cardc_lsp::Error>>>,
    next_id: i32,
    /// Notifications received while waiting for something else.
    pending: VecDeque<Notification>,
    compiled: Arc<AtomicUsize>,
}

impl Client {
    /// Starts a server, without initializing it.
    pub fn spawn() -> Client {
        let (server, client) = Connection::memory();
        let toolchain = Cardc::default();
        let compiled = Arc::clone(&toolchain.compiled);
        let handle = std::thread::spawn(move || cardc_lsp::serve(server, &toolchain));
        Client {
            conn: client,
            server: Some(handle),
            next_id: 0,
            pending: VecDeque::new(),
            compiled,
        }
    }

    /// Starts and initializes a server over the workspace folder `root` (if any).
    pub fn start(root: Option<&Path>) -> Client {
        let mut client = Client::spawn();
        let folders = match root {
            Some(root) => json!([{ "uri": uri(root).as_str(), "name": "cards" }]),
            None => Value::Null,
        };
        let response = client.request(
            "initialize",
            json!({ "capabilities": {}, "workspaceFolders": folders }),
        );
        let result = response
            .result
            .clone()
            .unwrap_or_else(|| panic!("{response:?}"));
        assert_eq!(result["capabilities"]["textDocumentSync"]["change"], 1);
        assert_eq!(result["capabilities"]["documentFormattingProvider"], true);
        assert_eq!(result["capabilities"]["hoverProvider"], true);
        client.notify("initialized", json!({}));
        client
    }

    /// How many files the server has compiled so far.
    pub fn compiled(&self) -> usize {
        self.compiled.load(Ordering::SeqCst)
    }

    /// Sends a request and waits for its response.
    pub fn request(&mut self, method: &str, params: Value) -> Response {
        self.next_id += 1;
        let id = RequestId::from(self.next_id);
        let request = Request::new(id.clone(), method.to_owned(), params);
        self.send(Message::Request(request));
        let deadline = Instant::now() + TIMEOUT;
        loop {
            match self.recv(deadline) {
                Message::Response(r) if r.id == id => return r,
                Message::Response(r) => panic!("a response to another request: {r:?}"),
                Message::Notification(n) => self.pending.push_back(n),
                Message::Request(r) => panic!("the server sent a request: {r:?}"),
            }
        }
    }

    /// Sends a notification.
    pub fn notify(&self, method: &str, params: Value) {
        self.send(Message::Notification(Notification::new(
            method.to_owned(),
            params,
        )));
    }

    /// Sends any message.
    pub fn send(&self, message: Message) {
        self.conn
            .sender
            .send(message)
            .unwrap_or_else(|e| panic!("the server has gone: {e}"));
    }

    /// `textDocument/didOpen`.
    pub fn open(&self, uri: &Uri, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({ "textDocument": {
                "uri": uri.as_str(), "languageId": "card", "version": 1, "text": text
            }}),
        );
    }

    /// `textDocument/didChange` with the whole new text.
    pub fn change(&self, uri: &Uri, version: i32, text: &str) {
        self.notify(
            "textDocument/didChange",
            json!({
                "textDocument": { "uri": uri.as_str(), "version": version },
                "contentChanges": [{ "text": text }]
            }),
        );
    }

    /// `textDocument/didClose`.
    pub fn close(&self, uri: &Uri) {
        self.notify(
            "textDocument/didClose",
            json!({ "textDocument": { "uri": uri.as_str() } }),
        );
    }

    /// The next diagnostics published for `uri` (others are kept for later).
    pub fn diagnostics(&mut self, uri: &Uri) -> Vec<Diagnostic> {
        self.published(uri).diagnostics
    }

    /// The next `publishDiagnostics` for `uri`.
    pub fn published(&mut self, uri: &Uri) -> PublishDiagnosticsParams {
        self.published_within(uri, TIMEOUT)
    }

    /// The next `publishDiagnostics` for `uri`, waiting at most `timeout`.
    pub fn published_within(&mut self, uri: &Uri, timeout: Duration) -> PublishDiagnosticsParams {
        let deadline = Instant::now() + timeout;
        loop {
            let found = self.pending.iter().position(|n| {
                n.method == "textDocument/publishDiagnostics"
                    && n.params["uri"].as_str() == Some(uri.as_str())
            });
            if let Some(i) = found {
                let n = self.pending.remove(i).unwrap_or_else(|| unreachable!());
                return serde_json::from_value(n.params)
                    .unwrap_or_else(|e| panic!("bad publishDiagnostics: {e}"));
            }
            match self.recv(deadline) {
                Message::Notification(n) => self.pending.push_back(n),
                other => panic!("unexpected while waiting for diagnostics: {other:?}"),
            }
        }
    }

    /// The URIs of every `publishDiagnostics` received so far and not yet taken.
    pub fn pending_diagnostics(&mut self) -> Vec<String> {
        self.pending
            .iter()
            .filter(|n| n.method == "textDocument/publishDiagnostics")
            .filter_map(|n| n.params["uri"].as_str().map(str::to_owned))
            .collect()
    }

    fn recv(&self, deadline: Instant) -> Message {
        let left = deadline.saturating_duration_since(Instant::now());
        self.conn
            .receiver
            .recv_timeout(left)
            .unwrap_or_else(|e| panic!("no message from the server: {e}"))
    }

    /// `shutdown` then `exit`; returns what the server returned.
    pub fn shutdown(mut self) -> Result<(), cardc_lsp::Error> {
        let response = self.request("shutdown", Value::Null);
        assert!(response.error.is_none(), "{response:?}");
        assert_eq!(response.result, Some(Value::Null));
        self.notify("exit", Value::Null);
        self.join()
    }

    /// Waits for the server thread to return.
    pub fn join(mut self) -> Result<(), cardc_lsp::Error> {
        let handle = self.server.take().unwrap_or_else(|| unreachable!());
        let deadline = Instant::now() + TIMEOUT;
        while !handle.is_finished() {
            assert!(Instant::now() < deadline, "the server did not stop");
            std::thread::sleep(Duration::from_millis(10));
        }
        handle
            .join()
            .unwrap_or_else(|_| panic!("the server thread panicked"))
    }
}
