//! The server driven in-process over `Connection::memory()`, with the real cardc
//! pipeline behind it: diagnostics across the files of a card set (UTF-16 ranges),
//! clearing, formatting, hover, and the lifecycle.

mod support;

use lsp_server::ErrorCode;
use lsp_types::{DiagnosticSeverity, NumberOrString, Position, Range};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use support::{parse_uri, uri, Client};
use tempfile::TempDir;

/// Line 5 holds a name with `Ü`, `ï` (two bytes, one UTF-16 unit each) and `🚀` (four
/// bytes, two units) before the misspelt "Pier Nien".
const BROKEN: &str = "maneuver \"Grève 🚀 Strike\" {
    cost 1
    speed slow
    text {
        Destroy \"Ünïon 🚀 Dock\". Ready \"Pier Nien\".
    }
}
";

/// The same card naming only "Pier Nine", a card of another file of the set.
const FIXED: &str = "maneuver \"Grève 🚀 Strike\" {
    cost 1
    speed slow
    text {
        Ready \"Pier Nine\".
    }
}
";

const DOCK: &str = "surface_location \"Pier Nine\" {\n    rank 2\n}\n";

/// A workspace folder with `cards/dock.card` (defining "Pier Nine") and
/// `cards/strike.card` on disk.
fn workspace() -> (TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("tempdir: {e}"));
    let cards = dir.path().join("cards");
    std::fs::create_dir(&cards).unwrap_or_else(|e| panic!("{e}"));
    write(&cards.join("dock.card"), DOCK);
    write(&cards.join("strike.card"), FIXED);
    (dir, cards)
}

fn write(path: &Path, text: &str) {
    std::fs::write(path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
}

fn range(l1: u32, c1: u32, l2: u32, c2: u32) -> Range {
    Range::new(Position::new(l1, c1), Position::new(l2, c2))
}

#[test]
fn diagnostics_of_a_broken_document_then_cleared_when_fixed() {
    let (dir, cards) = workspace();
    let mut client = Client::start(Some(dir.path()));
    let strike = uri(&cards.join("strike.card"));

    client.open(&strike, BROKEN);
    let published = client.published(&strike);
    assert_eq!(published.version, Some(1));
    let diags = published.diagnostics;
    assert_eq!(diags.len(), 2, "{diags:#?}");
    for d in &diags {
        assert_eq!(d.code, Some(NumberOrString::String("E0171".into())));
        assert_eq!(d.severity, Some(DiagnosticSeverity::ERROR));
        assert_eq!(d.source.as_deref(), Some("cardc"));
    }
    // `"Ünïon 🚀 Dock"`: 14 characters, 15 UTF-16 units, 19 bytes, from column 16.
    assert_eq!(diags[0].range, range(4, 16, 4, 31));
    // `"Pier Nien"`: character 38, byte 43, UTF-16 unit 39.
    assert_eq!(diags[1].range, range(4, 39, 4, 50));
    assert_eq!(
        diags[1].message,
        "card \"Grève 🚀 Strike\": no card named \"Pier Nien\"\n\
         not a card of this set\n\
         note: every card a text names must exist in the set, written as its card name is printed\n\
         help: did you mean \"Pier Nine\"?"
    );

    // "Pier Nine" is a card of dock.card, on disk only: the set is compiled whole.
    client.change(&strike, 2, FIXED);
    let cleared = client.published(&strike);
    assert_eq!(cleared.diagnostics, Vec::new());
    assert_eq!(cleared.version, Some(2));
    // dock.card was clean throughout: nothing was ever published for it.
    assert_eq!(client.pending_diagnostics(), Vec::<String>::new());
    assert!(client.shutdown().is_ok());
}

#[test]
fn a_duplicate_name_reports_in_the_unopened_file_and_relates_to_the_open_one() {
    let (dir, cards) = workspace();
    let mut client = Client::start(Some(dir.path()));
    // A new file, not yet saved, that prints "Pier Nine" again.
    let again = uri(&cards.join("again.card"));
    client.open(&again, "surface_location \"Pier Nine\" { rank 3 }\n");

    // Files are compiled in path order: again.card prints the name first, so
    // dock.card, not open in the editor, holds the second printing.
    let dock = uri(&cards.join("dock.card"));
    let diags = client.diagnostics(&dock);
    assert_eq!(diags.len(), 1, "{diags:#?}");
    assert_eq!(diags[0].code, Some(NumberOrString::String("E0170".into())));
    assert_eq!(diags[0].range, range(0, 17, 0, 28));
    let related = diags[0].related_information.clone().unwrap_or_default();
    assert_eq!(related.len(), 1, "{related:#?}");
    assert_eq!(related[0].location.uri, again);
    assert_eq!(related[0].location.range, range(0, 17, 0, 28));
    assert!(related[0].message.contains("first printed here"));

    // Closing the unsaved file takes it out of the set: dock.card is clean again.
    client.close(&again);
    assert_eq!(client.diagnostics(&dock), Vec::new());
    assert!(client.shutdown().is_ok());
}

fn repo_file(path: &str) -> String {
    let full = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(path);
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{}: {e}", full.display()))
}

fn format(client: &mut Client, uri: &lsp_types::Uri) -> lsp_server::Response {
    client.request(
        "textDocument/formatting",
        json!({
            "textDocument": { "uri": uri.as_str() },
            "options": { "tabSize": 4, "insertSpaces": true }
        }),
    )
}

#[test]
fn formatting_replaces_the_whole_document_or_nothing_or_refuses() {
    let (dir, cards) = workspace();
    let mut client = Client::start(Some(dir.path()));
    let messy = repo_file("tests/cards/fmt/messy.card");
    let formatted = repo_file("tests/cards/fmt/messy.formatted");
    let doc = uri(&cards.join("messy.card"));
    client.open(&doc, &messy);

    let response = format(&mut client, &doc);
    let edits: Vec<lsp_types::TextEdit> = serde_json::from_value(
        response
            .result
            .clone()
            .unwrap_or_else(|| panic!("{response:?}")),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(edits.len(), 1);
    let lines = u32::try_from(messy.lines().count()).unwrap_or(0);
    // The text ends with a newline: the end is the start of the line after the last.
    assert_eq!(edits[0].range, range(0, 0, lines, 0));
    assert_eq!(edits[0].new_text, formatted);

    client.change(&doc, 2, &formatted);
    let response = format(&mut client, &doc);
    assert_eq!(response.result, Some(json!([])), "{response:?}");

    // The formatter refuses a file that does not parse and lower.
    client.change(
        &doc,
        3,
        "ground_unit \"X\" {\n    cost 1\n    voks 1\n    attack 1\n    rank 1\n    def 1\n}\n",
    );
    let response = format(&mut client, &doc);
    let error = response.error.unwrap_or_else(|| panic!("no error"));
    assert_eq!(error.code, ErrorCode::RequestFailed as i32);
    assert!(
        error
            .message
            .contains("line 3: error[E0051]: unknown field `voks`"),
        "{}",
        error.message
    );

    let closed = uri(&cards.join("never-opened.card"));
    let response = format(&mut client, &closed);
    assert!(response.error.is_some(), "{response:?}");
    assert!(client.shutdown().is_ok());
}

fn hover(client: &mut Client, uri: &lsp_types::Uri, line: u32, character: u32) -> Value {
    let response = client.request(
        "textDocument/hover",
        json!({
            "textDocument": { "uri": uri.as_str() },
            "position": { "line": line, "character": character }
        }),
    );
    assert!(response.error.is_none(), "{response:?}");
    response.result.unwrap_or(Value::Null)
}

#[test]
fn hover_on_a_diagnostic_explains_its_code() {
    let (dir, cards) = workspace();
    let mut client = Client::start(Some(dir.path()));
    let strike = uri(&cards.join("strike.card"));
    client.open(&strike, BROKEN);
    let diags = client.diagnostics(&strike);
    assert_eq!(diags.len(), 2);

    let result = hover(&mut client, &strike, 4, 44);
    assert_eq!(result["contents"]["kind"], "markdown");
    let text = result["contents"]["value"].as_str().unwrap_or_default();
    let info = cardc::codes::find("E0171").unwrap_or_else(|| panic!("no E0171"));
    assert!(text.starts_with("# E0171"), "{text}");
    assert!(text.contains(info.explanation.trim()), "{text}");
    let hovered: Range =
        serde_json::from_value(result["range"].clone()).unwrap_or_else(|e| panic!("{e}: {result}"));
    assert_eq!(hovered, diags[1].range);

    // Outside every diagnostic: nothing to say.
    assert_eq!(hover(&mut client, &strike, 1, 2), Value::Null);
    // After a fix, the old diagnostic is gone from hover too, even before the
    // client has read the cleared diagnostics.
    client.change(&strike, 2, FIXED);
    assert_eq!(hover(&mut client, &strike, 4, 44), Value::Null);
    assert!(client.shutdown().is_ok());
}

#[test]
fn a_document_outside_every_set_is_checked_alone_and_cleared_on_close() {
    // No workspace folder at all, and a document that is not a file.
    let mut client = Client::start(None);
    let untitled = parse_uri("untitled:Untitled-1");
    client.open(&untitled, "surface_location \"Pier Nine\" { rank 0 }\n");
    let diags = client.diagnostics(&untitled);
    assert!(!diags.is_empty());
    assert!(diags.iter().all(|d| d.source.as_deref() == Some("cardc")));
    client.close(&untitled);
    assert_eq!(client.diagnostics(&untitled), Vec::new());
    assert!(client.shutdown().is_ok());
}

#[test]
fn bad_input_gets_errors_not_panics() {
    let mut client = Client::spawn();
    let early = client.request("textDocument/hover", json!({}));
    let code = |r: &lsp_server::Response| r.error.as_ref().map(|e| e.code);
    assert_eq!(code(&early), Some(ErrorCode::ServerNotInitialized as i32));

    let init = client.request("initialize", json!({ "capabilities": {}, "rootUri": 42 }));
    assert!(init.error.is_none(), "{init:?}");
    client.notify("initialized", json!({}));
    let again = client.request("initialize", json!({ "capabilities": {} }));
    assert_eq!(code(&again), Some(ErrorCode::InvalidRequest as i32));

    let unknown = client.request("textDocument/inlayHint", json!({}));
    assert_eq!(code(&unknown), Some(ErrorCode::MethodNotFound as i32));
    let bad = client.request("textDocument/formatting", json!({ "textDocument": 7 }));
    assert_eq!(code(&bad), Some(ErrorCode::InvalidParams as i32));

    // Garbage notifications and changes to documents never opened are ignored.
    client.notify("textDocument/didOpen", json!({ "textDocument": "nope" }));
    client.notify("textDocument/didChange", json!(null));
    let nowhere = parse_uri("file:///nowhere/x.card");
    client.change(&nowhere, 9, "???");
    client.notify("$/cancelRequest", json!({ "id": 99 }));
    // A ranged change far past the end of a document is clamped, not a panic.
    let doc = parse_uri("untitled:ranged");
    client.open(&doc, "surface_location \"X\" { rank 2 }\n");
    client.notify(
        "textDocument/didChange",
        json!({
            "textDocument": { "uri": "untitled:ranged", "version": 2 },
            "contentChanges": [{
                "range": { "start": { "line": 99, "character": 99 },
                           "end": { "line": 0, "character": 99 } },
                "text": "🚀"
            }]
        }),
    );
    let hovered = client.request(
        "textDocument/hover",
        json!({ "textDocument": { "uri": "untitled:ranged" },
                "position": { "line": 0, "character": 4000000000u32 } }),
    );
    assert!(hovered.error.is_none(), "{hovered:?}");

    let response = client.request("shutdown", Value::Null);
    assert!(response.error.is_none());
    let after = client.request("textDocument/hover", json!({}));
    assert_eq!(code(&after), Some(ErrorCode::InvalidRequest as i32));
    client.notify("exit", Value::Null);
    assert!(client.join().is_ok());
}

#[test]
fn exit_without_shutdown_is_reported() {
    let client = Client::start(None);
    client.notify("exit", Value::Null);
    assert!(matches!(client.join(), Err(cardc_lsp::Error::NoShutdown)));
}
