//! A 20 MB document never blocks the server: it is compiled on the worker thread, so a
//! hover sent right after `didOpen` is answered before the document's diagnostics are
//! published (an ordering, not a timing: the answer and the diagnostics arrive on the
//! one connection in the order the server sent them), and so are a hover and a
//! completion sent right after an edit.
//!
//! The test build compiles a 20 MB document in about 40 s of one core (the release
//! build in a few seconds, `docs/performance.md`), hence the long wait for the first
//! diagnostics; the edit's compile is not waited for (the test ends with the requests
//! answered, and the server thread ends with the test process).

mod support;

use serde_json::json;
use support::{uri, Client};

/// At least `bytes` of synthetic cards (`cardc_codegen::synth`, names unique), and a
/// last card that names a card of no set, so that the document has a diagnostic.
pub fn large_document(bytes: usize) -> String {
    let sample = cardc_codegen::synth::cards(1_000, 7);
    let count = bytes / (sample.len() / 1_000) + 1_000;
    let mut out = cardc_codegen::synth::cards(count, 7);
    out.push_str("maneuver \"Edited\" {\n    cost 1\n    speed slow\n    text {\n        Ready \"Nowhere At All\".\n    }\n}\n");
    out
}

#[test]
fn a_hover_is_answered_before_the_diagnostics_of_a_20_mb_document() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let cards = dir.path().join("cards");
    std::fs::create_dir(&cards).unwrap_or_else(|e| panic!("{e}"));
    let mut client = Client::start(Some(dir.path()));
    let doc = uri(&cards.join("large.card"));
    let text = large_document(20 << 20);
    assert!(text.len() >= 20 << 20);

    client.open(&doc, &text);
    // A hover on the first frame word (line 0 is a comment, line 1 blank), sent before the compile can have finished.
    let hover = client.request(
        "textDocument/hover",
        json!({ "textDocument": { "uri": doc.as_str() },
                "position": { "line": 2, "character": 2 } }),
    );
    assert!(hover.error.is_none(), "{hover:?}");
    let value = hover.result.unwrap_or_default();
    assert!(
        value["contents"]["value"]
            .as_str()
            .unwrap_or_default()
            .contains("frame word"),
        "{value}"
    );
    assert!(
        !client
            .pending_diagnostics()
            .contains(&doc.as_str().to_owned()),
        "the diagnostics came before the hover"
    );
    // The diagnostics do come.
    let diags = client
        .published_within(&doc, std::time::Duration::from_secs(600))
        .diagnostics;
    assert!(
        diags.iter().any(|d| d.message.contains("Nowhere At All")),
        "{diags:#?}"
    );

    // An edit, then at once a hover and a completion: both answered before the new
    // diagnostics.
    let edited = text.replace("Nowhere At All", "Nowhere Else");
    client.change(&doc, 2, &edited);
    let hover = client.request(
        "textDocument/hover",
        json!({ "textDocument": { "uri": doc.as_str() },
                "position": { "line": 2, "character": 2 } }),
    );
    assert!(hover.error.is_none(), "{hover:?}");
    let completion = client.request(
        "textDocument/completion",
        json!({ "textDocument": { "uri": doc.as_str() },
                "position": { "line": 0, "character": 0 } }),
    );
    assert!(completion.error.is_none(), "{completion:?}");
    assert!(
        !client
            .pending_diagnostics()
            .contains(&doc.as_str().to_owned()),
        "the diagnostics of the edit came before the requests"
    );
}
