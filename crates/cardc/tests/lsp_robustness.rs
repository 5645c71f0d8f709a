//! The language server never dies: a scripted client sends the real `cardc lsp` binary
//! every malformed input an editor (or an attacker) can send, as raw bytes, and checks
//! that each one is answered with a JSON-RPC error or dropped with a log message, and
//! that the server then goes on serving. Every read has a timeout, so the test fails
//! rather than hangs.

mod support;

use serde_json::{json, Value};
use std::io::{BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};
use support::read_frame;

const TIMEOUT: Duration = Duration::from_secs(120);

struct Client {
    child: Child,
    stdin: ChildStdin,
    messages: Receiver<Value>,
}

impl Client {
    fn start(dir: &Path) -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_cardc"))
            .arg("lsp")
            .current_dir(dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("cardc lsp starts");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, messages) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            while let Some(m) = read_frame(&mut reader) {
                if tx.send(m).is_err() {
                    break;
                }
            }
        });
        Client {
            child,
            stdin,
            messages,
        }
    }

    fn raw(&mut self, bytes: &[u8]) {
        self.stdin.write_all(bytes).unwrap();
        self.stdin.flush().unwrap();
    }

    fn frame(&mut self, body: &[u8]) {
        let mut bytes = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
        bytes.extend_from_slice(body);
        self.raw(&bytes);
    }

    fn send(&mut self, message: Value) {
        self.frame(message.to_string().as_bytes());
    }

    fn wait_for(&self, what: &str, wanted: impl Fn(&Value) -> bool) -> Value {
        let deadline = Instant::now() + TIMEOUT;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.messages.recv_timeout(left) {
                Ok(m) if wanted(&m) => return m,
                Ok(_) => continue,
                Err(e) => panic!("no {what} from the server: {e}"),
            }
        }
    }

    fn error_reply(&self, what: &str, code: i64) -> Value {
        self.wait_for(what, |m| m["error"]["code"] == code && m["id"].is_null())
    }

    fn log(&self, what: &str, needle: &str) -> Value {
        self.wait_for(what, |m| {
            m["method"] == "window/logMessage"
                && m["params"]["message"]
                    .as_str()
                    .is_some_and(|s| s.contains(needle))
        })
    }

    fn initialize(&mut self, root_uri: &str) {
        self.send(json!({
            "jsonrpc": "2.0", "id": 1, "method": "initialize",
            "params": { "capabilities": {}, "rootUri": root_uri },
        }));
        self.wait_for("initialize response", |m| m["id"] == 1);
        self.send(json!({ "jsonrpc": "2.0", "method": "initialized", "params": {} }));
    }

    fn shutdown_and_exit(mut self) -> Option<i32> {
        self.send(json!({ "jsonrpc": "2.0", "id": 99, "method": "shutdown" }));
        self.wait_for("shutdown response", |m| m["id"] == 99);
        self.send(json!({ "jsonrpc": "2.0", "method": "exit" }));
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
                    panic!("the server did not exit");
                }
            }
        }
    }
}

fn file_uri(path: &Path) -> String {
    format!("file://{}", path.display())
}

const BROKEN: &str = "ground_unit \"Dockside Agitators\" {\n    cost 1x\n    rank 2\n    vox 1\n    attack 1\n    def 1\n    flavor \"half an emoji: \\ud83d\"\n}\n";

#[test]
fn every_malformed_input_is_answered_and_the_server_keeps_serving() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().canonicalize().unwrap();
    std::fs::create_dir_all(dir.join("cards")).unwrap();
    let mut c = Client::start(&dir);
    c.initialize(&file_uri(&dir));

    c.frame(b"{not json");
    c.error_reply("-32700 for invalid JSON", -32700);

    c.frame(br#"[{"jsonrpc":"2.0","id":5,"method":"shutdown"}]"#);
    c.error_reply("-32600 for a batch", -32600);

    c.frame(b"\xff\xfe{\"jsonrpc\":\"2.0\"}");
    c.error_reply("-32700 for a non-UTF-8 body", -32700);

    c.frame(br#"{"jsonrpc":"2.0","id":6,"method":7}"#);
    c.wait_for("-32600 with the id", |m| {
        m["id"] == 6 && m["error"]["code"] == -32600
    });

    c.raw(b"Content-Type: application/vscode-jsonrpc\r\n\r\n{}\r\n");
    c.log(
        "a log message for a missing Content-Length",
        "without Content-Length",
    );

    c.raw(b"Content-Length: twelve\r\n\r\n{}\r\n");
    c.log(
        "a log message for a bad Content-Length",
        "bad Content-Length",
    );

    c.raw(b"Content-Length: 1000000000000000\r\n\r\n{\"jsonrpc\":\"2.0\"}\r\n");
    let too_large = c.error_reply("-32600 for a huge Content-Length", -32600);
    assert!(
        too_large["error"]["message"]
            .as_str()
            .is_some_and(|s| s.contains("larger than the limit")),
        "{too_large}"
    );

    // A lone surrogate in a document's text (serialised by hand: serde_json would not).
    let path = dir.join("cards/a.card");
    let uri = file_uri(&path);
    let open = format!(
        r#"{{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{{"textDocument":{{"uri":"{uri}","languageId":"card","version":1,"text":{}}}}}}}"#,
        serde_json::to_string(BROKEN)
            .unwrap()
            .replace("\\\\ud83d", "\\ud83d")
    );
    assert!(open.contains("\\ud83d\\\""), "{open}");
    c.frame(open.as_bytes());
    let published = c.wait_for("diagnostics of the document", |m| {
        m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri.as_str()
    });
    let codes: Vec<&str> = published["params"]["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|d| d["code"].as_str())
        .collect();
    assert_eq!(codes, ["E0011"], "{published}");

    // Still serving: a request gets its answer.
    c.send(json!({
        "jsonrpc": "2.0", "id": 2, "method": "textDocument/hover",
        "params": { "textDocument": { "uri": uri }, "position": { "line": 1, "character": 10 } },
    }));
    let hover = c.wait_for("hover response", |m| m["id"] == 2);
    assert!(hover["error"].is_null(), "{hover}");

    // Completion with malformed parameters is refused, then answered when well formed,
    // including at a position far past the end of the document.
    for (id, params) in [
        (3, json!({ "textDocument": 7 })),
        (4, json!(null)),
        (
            5,
            json!({ "textDocument": { "uri": uri }, "position": { "line": -1, "character": 0 } }),
        ),
    ] {
        c.send(json!({ "jsonrpc": "2.0", "id": id, "method": "textDocument/completion", "params": params }));
        let reply = c.wait_for("completion error", |m| m["id"] == id);
        assert_eq!(reply["error"]["code"], -32602, "{reply}");
    }
    c.send(json!({
        "jsonrpc": "2.0", "id": 6, "method": "textDocument/completion",
        "params": { "textDocument": { "uri": uri }, "position": { "line": 4000000000u32, "character": 4000000000u32 } },
    }));
    let completion = c.wait_for("completion response", |m| m["id"] == 6);
    assert!(completion["error"].is_null(), "{completion}");

    // Every other request: malformed parameters are refused with -32602; well-formed
    // ones far past the end of the document, or naming a document never opened, are
    // answered (a result, or -32803 for a rename with nothing to rename), never a crash.
    let far = json!({ "line": 4000000000u32, "character": 4000000000u32 });
    let doc = json!({ "uri": uri });
    let ghost = json!({ "uri": "file:///nowhere/ghost.card" });
    let range = json!({ "start": far, "end": { "line": 0, "character": 0 } });
    let requests = [
        (
            "textDocument/codeAction",
            json!({ "textDocument": doc, "range": range, "context": { "diagnostics": [] } }),
        ),
        (
            "textDocument/definition",
            json!({ "textDocument": doc, "position": far }),
        ),
        (
            "textDocument/references",
            json!({ "textDocument": doc, "position": far, "context": { "includeDeclaration": true } }),
        ),
        (
            "textDocument/prepareRename",
            json!({ "textDocument": doc, "position": far }),
        ),
        (
            "textDocument/rename",
            json!({ "textDocument": doc, "position": far, "newName": "" }),
        ),
        (
            "textDocument/documentSymbol",
            json!({ "textDocument": ghost }),
        ),
        ("workspace/symbol", json!({ "query": "\u{fffd}\u{0}" })),
        ("textDocument/foldingRange", json!({ "textDocument": doc })),
        (
            "textDocument/semanticTokens/full",
            json!({ "textDocument": doc }),
        ),
        (
            "textDocument/hover",
            json!({ "textDocument": ghost, "position": far }),
        ),
    ];
    let mut id = 100;
    for (method, good) in requests {
        for bad in [json!(null), json!({ "textDocument": 7 }), json!([1, 2])] {
            id += 1;
            c.send(json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": bad }));
            let reply = c.wait_for("an error for malformed parameters", |m| m["id"] == id);
            assert_eq!(reply["error"]["code"], -32602, "{method}: {reply}");
        }
        id += 1;
        c.send(json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": good }));
        let reply = c.wait_for("an answer", |m| m["id"] == id);
        let code = reply["error"]["code"].as_i64();
        assert!(
            code.is_none() || (method.contains("ename") && code == Some(-32803)),
            "{method}: {reply}"
        );
    }
    assert_eq!(c.shutdown_and_exit(), Some(0));
}

#[cfg(unix)]
#[test]
fn a_workspace_folder_of_the_root_of_the_file_system_is_walked_boundedly() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().canonicalize().unwrap();
    let mut c = Client::start(&dir);
    c.initialize("file:///");
    let path = dir.join("lone.card");
    let uri = file_uri(&path);
    c.send(json!({
        "jsonrpc": "2.0", "method": "textDocument/didOpen",
        "params": { "textDocument": {
            "uri": uri, "languageId": "card", "version": 1,
            "text": "ground_unit \"Lone\" {\n    cost 1x\n}\n",
        } },
    }));
    c.wait_for("diagnostics of the document", |m| {
        m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri.as_str()
    });
    assert_eq!(c.shutdown_and_exit(), Some(0));
}
