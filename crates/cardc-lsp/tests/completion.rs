//! `textDocument/completion` over the real server: frame words, field keys of the card
//! and of a face, Drives, Penalties without the face's own Morality, rules-text words
//! and card names of the whole set inside quotes.

mod support;

use serde_json::{json, Value};
use support::{uri, Client};

fn labels(client: &mut Client, doc: &lsp_types::Uri, text: &str) -> Vec<String> {
    let offset = text.find('|').unwrap_or_else(|| panic!("no cursor"));
    let before = &text[..offset];
    let line = u32::try_from(before.matches('\n').count()).unwrap_or(0);
    let character = u32::try_from(
        before
            .rsplit('\n')
            .next()
            .unwrap_or_default()
            .encode_utf16()
            .count(),
    )
    .unwrap_or(0);
    client.change(doc, 2, &text.replacen('|', "", 1));
    let response = client.request(
        "textDocument/completion",
        json!({
            "textDocument": { "uri": doc.as_str() },
            "position": { "line": line, "character": character }
        }),
    );
    let result = response.result.unwrap_or_else(|| panic!("no result"));
    result
        .as_array()
        .unwrap_or_else(|| panic!("not a list: {result}"))
        .iter()
        .filter_map(|i| i["label"].as_str().map(str::to_owned))
        .collect()
}

#[test]
fn completion_follows_the_structure_of_the_card() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let cards = dir.path().join("cards");
    std::fs::create_dir(&cards).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(
        cards.join("dock.card"),
        "surface_location \"Pier Nine\" {\n    rank 2\n}\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let mut client = Client::start(Some(dir.path()));
    let doc = uri(&cards.join("new.card"));
    client.open(&doc, "");

    let frames = labels(&mut client, &doc, "ch|");
    assert!(frames.contains(&"character".to_owned()), "{frames:?}");
    assert!(frames.contains(&"storyline".to_owned()), "{frames:?}");

    let card = labels(&mut client, &doc, "character \"A\" {\n    |\n}\n");
    for key in ["cost", "votes", "prime", "fallen", "vox"] {
        assert!(card.contains(&key.to_owned()), "{key}: {card:?}");
    }
    let face = labels(
        &mut client,
        &doc,
        "character \"A\" {\n    prime {\n        |\n    }\n}\n",
    );
    assert!(face.contains(&"cp".to_owned()), "{face:?}");
    assert!(
        !face.contains(&"cost".to_owned()),
        "a card key on a face: {face:?}"
    );

    let drives = labels(
        &mut client,
        &doc,
        "character \"A\" {\n    prime {\n        drives Liberation, |",
    );
    assert!(drives.contains(&"Justice".to_owned()), "{drives:?}");

    let penalties = labels(
        &mut client,
        &doc,
        "character \"A\" {\n    prime {\n        morality Virtuous\n        penalties |",
    );
    assert_eq!(penalties, ["Expedient", "Ruthless", "Iniquitous"]);

    let text = labels(&mut client, &doc, "maneuver \"M\" {\n    text {\n        |");
    assert!(text.contains(&"Confluence".to_owned()), "{text:?}");
    assert!(
        text.contains(&"Ready target Ground Unit you control.".to_owned()),
        "{text:?}"
    );

    // Card names come from the whole set, once it has been checked (on the worker
    // thread: completion never waits for it, so ask until the check is done).
    let deadline = std::time::Instant::now() + support::TIMEOUT;
    let names = loop {
        let names = labels(
            &mut client,
            &doc,
            "maneuver \"M\" {\n    text {\n        Ready \"P|",
        );
        if names.contains(&"Pier Nine".to_owned()) || std::time::Instant::now() > deadline {
            break names;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    assert!(names.contains(&"Pier Nine".to_owned()), "{names:?}");

    // Malformed parameters are an error response, and the server goes on.
    let bad = client.request("textDocument/completion", json!({ "textDocument": 3 }));
    assert!(bad.error.is_some(), "{bad:?}");
    let again = client.request("textDocument/completion", Value::Null);
    assert!(again.error.is_some(), "{again:?}");
    assert!(client.shutdown().is_ok());
}
