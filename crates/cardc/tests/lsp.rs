//! End to end: the real `cardc lsp` binary, spoken to in framed JSON-RPC over its
//! stdin and stdout, as an editor does. Every read has a timeout and the process is
//! killed if it does not exit, so the test fails rather than hangs.

mod support;

use serde_json::{json, Value};
use std::io::{BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};
use support::read_frame;

const TIMEOUT: Duration = Duration::from_secs(60);

/// The server's messages, read on a thread.
struct Server {
    child: Child,
    stdin: ChildStdin,
    messages: Receiver<Value>,
}

impl Server {
    fn start(dir: &std::path::Path) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_cardc"))
            .arg("lsp")
            .current_dir(dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start cardc lsp: {e}"));
        let stdin = child.stdin.take().unwrap_or_else(|| panic!("no stdin"));
        let stdout = child.stdout.take().unwrap_or_else(|| panic!("no stdout"));
        let (tx, messages) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            while let Some(message) = read_frame(&mut reader) {
                if tx.send(message).is_err() {
                    break;
                }
            }
        });
        Server {
            child,
            stdin,
            messages,
        }
    }

    fn send(&mut self, message: Value) {
        let body = message.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len())
            .and_then(|()| self.stdin.flush())
            .unwrap_or_else(|e| panic!("cannot write to the server: {e}"));
    }

    /// The next message satisfying `wanted` (others are skipped).
    fn wait_for(&self, what: &str, wanted: impl Fn(&Value) -> bool) -> Value {
        let deadline = Instant::now() + TIMEOUT;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.messages.recv_timeout(left) {
                Ok(message) if wanted(&message) => return message,
                Ok(_) => continue,
                Err(e) => panic!("no {what} from the server: {e}"),
            }
        }
    }

    fn response(&self, id: i64) -> Value {
        self.wait_for(&format!("response {id}"), |m| m["id"] == id)
    }

    /// Waits for the process to exit, killing it after the timeout.
    fn exit_code(mut self) -> Option<i32> {
        drop(self.stdin);
        let deadline = Instant::now() + TIMEOUT;
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return status.code(),
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(20));
                }
                _ => {
                    let _ = self.child.kill();
                    let _ = self.child.wait();
                    panic!("cardc lsp did not exit");
                }
            }
        }
    }
}

#[test]
fn cardc_lsp_publishes_diagnostics_over_stdio_and_exits_cleanly() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let cards = dir.path().join("cards");
    std::fs::create_dir(&cards).unwrap_or_else(|e| panic!("{e}"));
    let dock = "surface_location \"Pier Nine\" {\n    rank 2\n}\n";
    std::fs::write(cards.join("dock.card"), dock).unwrap_or_else(|e| panic!("{e}"));
    let root = cardc_lsp::path_to_uri(dir.path()).unwrap_or_else(|| panic!("no URI"));
    let doc =
        cardc_lsp::path_to_uri(&cards.join("strike.card")).unwrap_or_else(|| panic!("no URI"));

    let mut server = Server::start(dir.path());
    server.send(json!({
        "jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": { "processId": null, "rootUri": root.as_str(), "capabilities": {} }
    }));
    let init = server.response(1);
    assert_eq!(init["result"]["serverInfo"]["name"], "cardc", "{init}");
    server.send(json!({ "jsonrpc": "2.0", "method": "initialized", "params": {} }));

    // A misspelt card name, in a card whose own name is not ASCII.
    let text = "maneuver \"Grève 🚀\" {\n    cost 1\n    speed slow\n    text { Ready \"Pier Nien\". }\n}\n";
    server.send(json!({
        "jsonrpc": "2.0", "method": "textDocument/didOpen",
        "params": { "textDocument": {
            "uri": doc.as_str(), "languageId": "card", "version": 1, "text": text
        }}
    }));
    let published = server.wait_for("diagnostics", |m| {
        m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == doc.as_str()
    });
    let diags = published["params"]["diagnostics"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(diags.len(), 1, "{published}");
    assert_eq!(diags[0]["code"], "E0171");
    assert_eq!(diags[0]["source"], "cardc");
    assert_eq!(diags[0]["severity"], 1);
    assert_eq!(
        diags[0]["range"],
        json!({ "start": { "line": 3, "character": 17 }, "end": { "line": 3, "character": 28 } })
    );
    let message = diags[0]["message"].as_str().unwrap_or_default();
    assert!(
        message.contains("help: did you mean \"Pier Nine\"?"),
        "{message}"
    );

    server.send(json!({ "jsonrpc": "2.0", "id": 2, "method": "shutdown" }));
    let shutdown = server.response(2);
    assert_eq!(shutdown["result"], Value::Null, "{shutdown}");
    assert!(shutdown.get("error").is_none(), "{shutdown}");
    server.send(json!({ "jsonrpc": "2.0", "method": "exit" }));
    assert_eq!(server.exit_code(), Some(0));
}

#[test]
fn cardc_lsp_exits_with_1_when_the_client_leaves_without_shutdown() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let server = Server::start(dir.path());
    // Closing stdin at once: the client is gone and never asked for `shutdown`.
    assert_eq!(server.exit_code(), Some(1));
}
