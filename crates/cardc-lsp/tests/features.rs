//! The editor features past diagnostics, each through the real server and the real cardc
//! pipeline: quick fixes from diagnostic suggestions, go-to-definition, references and
//! rename of card names across files, document and workspace symbols, folding ranges,
//! semantic tokens, and hover on card names and on every kind of word.

mod support;

use lsp_server::{ErrorCode, Response};
use lsp_types::{Position, Range, Uri};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use support::{uri, Client};
use tempfile::TempDir;

const DOCKS: &str = "# The place the other cards name.
surface_location \"Pier Nine\" {
    rank 3
    flavor \"Cranes, rust and the night shift.\"
}
";

const ORDERS: &str = "maneuver \"Dockside Rally\" {
    cost 1
    speed slow
    character_action Virtous
    text {
        Ready \"Pier Nine\", then draw a card.
    }
}
";

const MARA: &str = "# Two faces.
# And two comment lines.
character \"Mara Voss\" {
    cost 3
    prime {
        drives Liberation, Justice
        morality Virtuous
        cp 6
        vox 2
        rank X
        def X
        penalties -1 CP Expedient, -3 CP Ruthless
        text {
            -2 CP: Draw a card.
            Confluence.
        }
    }
    fallen \"Mara, the Hollow Voice\" {
        drives Destruction, Power
        morality Ruthless
        cp 4
        vox 1
        rank X
        def X
        penalties -2 CP Virtuous
        exit Redeem
        redeem 2 CP
        text {
            +1 CP: Deal 1 damage to target Ground Unit.
        }
    }
}
";

struct Set {
    _dir: TempDir,
    cards: PathBuf,
}

impl Set {
    fn new() -> Set {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("tempdir: {e}"));
        let cards = dir.path().join("cards");
        std::fs::create_dir(&cards).unwrap_or_else(|e| panic!("{e}"));
        for (name, text) in [
            ("docks.card", DOCKS),
            ("orders.card", ORDERS),
            ("mara.card", MARA),
        ] {
            write(&cards.join(name), text);
        }
        Set { _dir: dir, cards }
    }

    fn uri(&self, name: &str) -> Uri {
        uri(&self.cards.join(name))
    }

    fn root(&self) -> &Path {
        self.cards.parent().unwrap_or_else(|| panic!("no parent"))
    }
}

fn write(path: &Path, text: &str) {
    std::fs::write(path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
}

/// The position of the `nth` byte of `needle` in `text` (ASCII lines only).
fn at(text: &str, needle: &str, nth: usize) -> Position {
    let i = text
        .find(needle)
        .unwrap_or_else(|| panic!("no {needle:?} in {text}"))
        + nth;
    let line = text[..i].matches('\n').count();
    let col = i - text[..i].rfind('\n').map_or(0, |n| n + 1);
    Position::new(line as u32, col as u32)
}

fn pos_json(p: Position) -> Value {
    json!({ "line": p.line, "character": p.character })
}

fn ok(response: Response) -> Value {
    assert!(response.error.is_none(), "{response:?}");
    response.result.unwrap_or(Value::Null)
}

fn failed(response: &Response) -> String {
    let e = response
        .error
        .as_ref()
        .unwrap_or_else(|| panic!("no error: {response:?}"));
    assert_eq!(e.code, ErrorCode::RequestFailed as i32, "{e:?}");
    e.message.clone()
}

fn range_of(v: &Value) -> Range {
    serde_json::from_value(v.clone()).unwrap_or_else(|e| panic!("{e}: {v}"))
}

/// Opens `name` of the set and waits until it has been compiled (a first publish for
/// a file with diagnostics; for a clean one, the answer to a request that reads the
/// compiled set: its document symbols).
fn open(client: &mut Client, set: &Set, name: &str, text: &str, dirty: bool) -> Uri {
    let u = set.uri(name);
    client.open(&u, text);
    if dirty {
        let _ = client.diagnostics(&u);
    } else {
        let deadline = std::time::Instant::now() + support::TIMEOUT;
        loop {
            let r = client.request(
                "textDocument/documentSymbol",
                json!({ "textDocument": { "uri": u.as_str() } }),
            );
            if !ok(r).is_null() {
                break;
            }
            assert!(
                std::time::Instant::now() < deadline,
                "{name} never compiled"
            );
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
    }
    u
}

#[test]
fn a_suggestion_is_a_quick_fix_that_clears_its_diagnostic() {
    let set = Set::new();
    let mut client = Client::start(Some(set.root()));
    let orders = set.uri("orders.card");
    client.open(&orders, ORDERS);
    let diags = client.diagnostics(&orders);
    let e0057 = diags
        .iter()
        .find(|d| d.code == Some(lsp_types::NumberOrString::String("E0057".into())))
        .unwrap_or_else(|| panic!("no E0057 in {diags:#?}"));

    // A cursor inside the misspelt word (an empty range) finds the fix.
    let cursor = at(ORDERS, "Virtous", 3);
    let actions = ok(client.request(
        "textDocument/codeAction",
        json!({
            "textDocument": { "uri": orders.as_str() },
            "range": { "start": pos_json(cursor), "end": pos_json(cursor) },
            "context": { "diagnostics": [] }
        }),
    ));
    let actions = actions.as_array().cloned().unwrap_or_default();
    assert_eq!(actions.len(), 1, "{actions:#?}");
    let action = &actions[0];
    assert_eq!(action["kind"], "quickfix");
    assert!(
        action["title"]
            .as_str()
            .unwrap_or_default()
            .contains("Virtuous"),
        "{action}"
    );
    assert_eq!(action["diagnostics"][0]["code"], "E0057");
    let edits = &action["edit"]["changes"][orders.as_str()];
    assert_eq!(edits.as_array().map(Vec::len), Some(1), "{action}");
    assert_eq!(edits[0]["newText"], "Virtuous");
    assert_eq!(range_of(&edits[0]["range"]), e0057.range);

    // A range elsewhere finds nothing.
    let nowhere = ok(client.request(
        "textDocument/codeAction",
        json!({
            "textDocument": { "uri": orders.as_str() },
            "range": { "start": { "line": 1, "character": 0 }, "end": { "line": 1, "character": 4 } },
            "context": { "diagnostics": [] }
        }),
    ));
    assert_eq!(nowhere, json!([]));

    // Applying the edit clears the diagnostic.
    let fixed = ORDERS.replace("Virtous", "Virtuous");
    client.change(&orders, 2, &fixed);
    assert_eq!(client.diagnostics(&orders), Vec::new());
    assert!(client.shutdown().is_ok());
}

#[test]
fn machine_applicable_suggestions_are_preferred() {
    let set = Set::new();
    let mut client = Client::start(Some(set.root()));
    // A missing period: `cardc fix` adds it unasked.
    let text = "maneuver \"Quiet\" {\n    cost 1\n    speed slow\n    text {\n        Draw a card\n    }\n}\n";
    let quiet = set.uri("quiet.card");
    client.open(&quiet, text);
    let diags = client.diagnostics(&quiet);
    assert!(!diags.is_empty());
    let whole =
        json!({ "start": { "line": 0, "character": 0 }, "end": { "line": 7, "character": 0 } });
    let actions = ok(client.request(
        "textDocument/codeAction",
        json!({ "textDocument": { "uri": quiet.as_str() }, "range": whole,
                "context": { "diagnostics": [], "only": ["quickfix"] } }),
    ));
    let actions = actions.as_array().cloned().unwrap_or_default();
    assert!(
        actions.iter().any(|a| a["isPreferred"] == true
            && a["edit"]["changes"][quiet.as_str()][0]["newText"] == "."),
        "{actions:#?}"
    );
    // A client asking only for refactorings gets no quick fixes.
    let refactor = ok(client.request(
        "textDocument/codeAction",
        json!({ "textDocument": { "uri": quiet.as_str() }, "range": whole,
                "context": { "diagnostics": [], "only": ["refactor"] } }),
    ));
    assert_eq!(refactor, json!([]));
    assert!(client.shutdown().is_ok());
}

#[test]
fn definition_and_references_of_a_card_name_across_files() {
    let set = Set::new();
    let mut client = Client::start(Some(set.root()));
    let orders = open(&mut client, &set, "orders.card", ORDERS, true);
    let docks = set.uri("docks.card");
    let on_name = at(ORDERS, "\"Pier Nine\"", 4);
    let params =
        json!({ "textDocument": { "uri": orders.as_str() }, "position": pos_json(on_name) });

    let def = ok(client.request("textDocument/definition", params.clone()));
    assert_eq!(def["uri"], docks.as_str(), "{def}");
    let header = at(DOCKS, "Pier Nine", 0);
    assert_eq!(
        range_of(&def["range"]),
        Range::new(header, Position::new(header.line, header.character + 9))
    );

    let mut with = params.clone();
    with["context"] = json!({ "includeDeclaration": true });
    let refs = ok(client.request("textDocument/references", with));
    let uris: Vec<&str> = refs
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|l| l["uri"].as_str())
        .collect();
    assert_eq!(uris.len(), 2, "{refs}");
    assert!(uris.contains(&docks.as_str()) && uris.contains(&orders.as_str()));
    let mut without = params.clone();
    without["context"] = json!({ "includeDeclaration": false });
    let refs = ok(client.request("textDocument/references", without));
    assert_eq!(refs.as_array().map(Vec::len), Some(1), "{refs}");
    assert_eq!(refs[0]["uri"], orders.as_str());

    // Not on a name: nothing.
    let off = json!({ "textDocument": { "uri": orders.as_str() }, "position": { "line": 1, "character": 5 } });
    assert_eq!(
        ok(client.request("textDocument/definition", off)),
        Value::Null
    );
    assert!(client.shutdown().is_ok());
}

/// A trigger about a named card (`When "Pier Nine" is destroyed`, ruling R113).
const BELL: &str = "device \"Harbour Bell\" {
    cost 1
    text {
        When \"Pier Nine\" is destroyed, gain 1 Story Point.
    }
}
";

#[test]
fn an_event_about_a_named_card_is_a_reference() {
    let set = Set::new();
    write(&set.cards.join("bell.card"), BELL);
    let mut client = Client::start(Some(set.root()));
    let bell = open(&mut client, &set, "bell.card", BELL, false);
    let docks = set.uri("docks.card");
    let on_name = at(BELL, "\"Pier Nine\"", 4);
    let params = json!({ "textDocument": { "uri": bell.as_str() }, "position": pos_json(on_name) });
    let def = ok(client.request("textDocument/definition", params.clone()));
    assert_eq!(def["uri"], docks.as_str(), "{def}");
    let mut without = params;
    without["context"] = json!({ "includeDeclaration": false });
    let refs = ok(client.request("textDocument/references", without));
    let uris: Vec<&str> = refs
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|l| l["uri"].as_str())
        .collect();
    assert_eq!(
        uris.len(),
        2,
        "the Bell's event and the Rally's target: {refs}"
    );
    assert!(uris.contains(&bell.as_str()));
    assert!(client.shutdown().is_ok());
}

#[test]
fn rename_updates_the_header_and_every_reference_and_refuses_bad_names() {
    let set = Set::new();
    let mut client = Client::start(Some(set.root()));
    let orders = open(&mut client, &set, "orders.card", ORDERS, true);
    let docks = set.uri("docks.card");
    let on_name = pos_json(at(ORDERS, "\"Pier Nine\"", 2));
    let doc = json!({ "uri": orders.as_str() });

    let prepared = ok(client.request(
        "textDocument/prepareRename",
        json!({ "textDocument": doc, "position": on_name }),
    ));
    assert_eq!(prepared["placeholder"], "Pier Nine", "{prepared}");

    let edit = ok(client.request(
        "textDocument/rename",
        json!({ "textDocument": doc, "position": on_name, "newName": "Pier \"Ten\"" }),
    ));
    let changes = &edit["changes"];
    for (u, text, needle) in [(&orders, ORDERS, "Pier Nine"), (&docks, DOCKS, "Pier Nine")] {
        let edits = changes[u.as_str()].as_array().cloned().unwrap_or_default();
        assert_eq!(edits.len(), 1, "{edit}");
        // The name is escaped as the card language writes it.
        assert_eq!(edits[0]["newText"], "Pier \\\"Ten\\\"");
        let start = at(text, needle, 0);
        assert_eq!(
            range_of(&edits[0]["range"]),
            Range::new(start, Position::new(start.line, start.character + 9))
        );
    }

    let refused = |client: &mut Client, name: &str| {
        failed(&client.request(
            "textDocument/rename",
            json!({ "textDocument": doc, "position": on_name, "newName": name }),
        ))
    };
    assert!(refused(&mut client, "  ").contains("empty"));
    // Another card's name, in another case: names are compared ignoring case.
    assert!(refused(&mut client, "mara voss").contains("already named"));
    // Not on a card name.
    let off = failed(&client.request(
        "textDocument/prepareRename",
        json!({ "textDocument": doc, "position": { "line": 1, "character": 5 } }),
    ));
    assert!(off.contains("no card name"), "{off}");
    assert!(client.shutdown().is_ok());
}

#[test]
fn symbols_of_a_document_and_of_the_workspace() {
    let set = Set::new();
    let mut client = Client::start(Some(set.root()));
    let mara = open(&mut client, &set, "mara.card", MARA, false);
    let symbols = ok(client.request(
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": mara.as_str() } }),
    ));
    assert_eq!(symbols.as_array().map(Vec::len), Some(1), "{symbols}");
    let card = &symbols[0];
    assert_eq!(card["name"], "Mara Voss");
    assert_eq!(card["detail"], "Character");
    let faces: Vec<&str> = card["children"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|f| f["name"].as_str())
        .collect();
    assert_eq!(faces, ["prime", "fallen \"Mara, the Hollow Voice\""]);
    let prime: Vec<&str> = card["children"][0]["children"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|a| a["name"].as_str())
        .collect();
    assert_eq!(prime, ["-2 CP: Draw a card.", "Confluence."]);
    assert_eq!(
        card["children"][1]["children"][0]["detail"],
        "Character Ability"
    );

    let found = |client: &mut Client, query: &str| -> Vec<String> {
        let r = ok(client.request("workspace/symbol", json!({ "query": query })));
        r.as_array()
            .into_iter()
            .flatten()
            .filter_map(|s| s["name"].as_str().map(str::to_owned))
            .collect()
    };
    assert_eq!(found(&mut client, "pier"), ["Pier Nine"]);
    assert_eq!(
        found(&mut client, "MARA"),
        ["Mara Voss", "Mara, the Hollow Voice"]
    );
    assert_eq!(found(&mut client, "").len(), 4);
    assert!(client.shutdown().is_ok());
}

#[test]
fn folding_ranges_and_semantic_tokens_of_the_current_text() {
    let set = Set::new();
    let mut client = Client::start(Some(set.root()));
    let mara = set.uri("mara.card");
    client.open(&mara, MARA);
    let folds = ok(client.request(
        "textDocument/foldingRange",
        json!({ "textDocument": { "uri": mara.as_str() } }),
    ));
    let got: Vec<(u64, u64, String)> = folds
        .as_array()
        .into_iter()
        .flatten()
        .map(|f| {
            (
                f["startLine"].as_u64().unwrap_or(99),
                f["endLine"].as_u64().unwrap_or(99),
                f["kind"].as_str().unwrap_or_default().to_owned(),
            )
        })
        .collect();
    let region = |a, b| (a, b, "region".to_owned());
    assert_eq!(
        got,
        [
            (0, 1, "comment".to_owned()),
            region(2, 31),
            region(4, 16),
            region(12, 15),
            region(17, 30),
            region(27, 29),
        ]
    );

    let tokens = ok(client.request(
        "textDocument/semanticTokens/full",
        json!({ "textDocument": { "uri": mara.as_str() } }),
    ));
    let data: Vec<u64> = tokens["data"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_u64)
        .collect();
    assert_eq!(data.len() % 5, 0);
    // Decode to (line, column, length, type) and check a few.
    let mut decoded = Vec::new();
    let (mut line, mut col) = (0, 0);
    for t in data.chunks(5) {
        if t[0] > 0 {
            col = 0;
        }
        line += t[0];
        col += t[1];
        decoded.push((line, col, t[2], t[3]));
    }
    let legend = initialize_legend();
    let ty = |name: &str| legend.iter().position(|l| l == name).unwrap_or(99) as u64;
    for (needle, kind) in [
        ("# Two faces.", "comment"),
        ("character", "keyword"),
        ("\"Mara Voss\"", "string"),
        ("cost", "property"),
        ("Liberation", "enumMember"),
        ("Confluence", "macro"),
        ("Deal", "function"),
        ("Ground Unit", "type"),
        (":", "operator"),
    ] {
        let p = at(MARA, needle, 0);
        let want = (
            p.line as u64,
            p.character as u64,
            needle.len() as u64,
            ty(kind),
        );
        assert!(
            decoded.contains(&want),
            "no {needle:?} as {kind}: {decoded:?}"
        );
    }
    assert!(client.shutdown().is_ok());
}

/// The token types the server advertises, in order.
fn initialize_legend() -> Vec<String> {
    let mut client = Client::spawn();
    let r = ok(client.request("initialize", json!({ "capabilities": {} })));
    let legend = &r["capabilities"]["semanticTokensProvider"]["legend"]["tokenTypes"];
    legend
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|v| v.as_str().map(str::to_owned))
        .collect()
}

fn hover_text(client: &mut Client, u: &Uri, p: Position) -> String {
    let r = ok(client.request(
        "textDocument/hover",
        json!({ "textDocument": { "uri": u.as_str() }, "position": pos_json(p) }),
    ));
    r["contents"]["value"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

#[test]
fn hover_on_words_quotes_the_rules_and_on_names_sums_the_card_up() {
    let set = Set::new();
    let mut client = Client::start(Some(set.root()));
    let mara = open(&mut client, &set, "mara.card", MARA, false);
    let orders = open(&mut client, &set, "orders.card", ORDERS, true);

    let on = |client: &mut Client, u: &Uri, text: &str, needle: &str| {
        hover_text(client, u, at(text, needle, 1))
    };
    let frame = on(&mut client, &mara, MARA, "character");
    assert!(
        frame.contains("Character card") && frame.contains("**§7 Characters**"),
        "{frame}"
    );
    let key = on(&mut client, &mara, MARA, "penalties");
    assert!(
        key.contains("`penalties`") && key.contains("**§7.4 Penalties Block**"),
        "{key}"
    );
    assert!(key.contains("> "), "the section is quoted: {key}");
    let drive = on(&mut client, &mara, MARA, "Justice");
    assert!(
        drive.contains("a Drive") && drive.contains("§7.1 Drives"),
        "{drive}"
    );
    let keyword = on(&mut client, &mara, MARA, "Confluence");
    assert!(
        keyword.contains("keyword ability") && keyword.contains("§12.3a"),
        "{keyword}"
    );
    // A rules-text word: its row of the vocabulary table and the section the row cites.
    let damage = on(&mut client, &mara, MARA, "damage to");
    assert!(
        damage.contains("`deal_damage`") && damage.contains("DEF bonuses do not apply"),
        "{damage}"
    );
    assert!(damage.contains("**§7.5 Combat Damage and CP**"), "{damage}");
    let rank = on(&mut client, &mara, MARA, "rank X");
    assert!(rank.contains("§7.9 Rank"), "{rank}");

    // A quoted reference: the summary of the card it names, from another file.
    let pier = on(&mut client, &orders, ORDERS, "\"Pier Nine\"");
    assert!(
        pier.starts_with("**Pier Nine**: Surface Location"),
        "{pier}"
    );
    assert!(
        pier.contains("RK 3") && pier.contains("Cranes, rust"),
        "{pier}"
    );
    // A header: its own card, faces, stats and printed text.
    let own = on(&mut client, &mara, MARA, "\"Mara Voss\"");
    assert!(own.contains("*prime*: drives Liberation, Justice"), "{own}");
    assert!(own.contains("> -2 CP: Draw a card."), "{own}");
    assert!(own.contains("*fallen* \"Mara, the Hollow Voice\""), "{own}");
    assert!(client.shutdown().is_ok());
}

#[test]
fn inside_a_sentence_completion_offers_the_next_words() {
    let set = Set::new();
    let mut client = Client::start(Some(set.root()));
    let _ = open(&mut client, &set, "orders.card", ORDERS, true);
    let text = "maneuver \"Half\" {\n    cost 1\n    speed slow\n    text {\n        Draw a card. Deal 2 dam\n    }\n}\n";
    let half = set.uri("half.card");
    client.open(&half, text);
    let cursor = at(text, "dam\n", 3);
    let result = ok(client.request(
        "textDocument/completion",
        json!({ "textDocument": { "uri": half.as_str() }, "position": pos_json(cursor) }),
    ));
    let items = result.as_array().cloned().unwrap_or_default();
    let labels: Vec<&str> = items.iter().filter_map(|i| i["label"].as_str()).collect();
    assert_eq!(labels, ["damage"], "{result}");
    let doc = items[0]["documentation"]["value"]
        .as_str()
        .unwrap_or_default();
    assert!(
        doc.contains("§7.5") && doc.contains("Deal 2 damage to target Ground Unit."),
        "{doc}"
    );

    // After `to`: the targets, and the card names of the set.
    let text = text.replace("Deal 2 dam", "Deal 2 damage to ");
    client.change(&half, 2, &text);
    let cursor = at(&text, "to \n", 3);
    let result = ok(client.request(
        "textDocument/completion",
        json!({ "textDocument": { "uri": half.as_str() }, "position": pos_json(cursor) }),
    ));
    let labels: Vec<String> = result
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|i| i["label"].as_str().map(str::to_owned))
        .collect();
    for want in [
        "target",
        "each",
        "this card",
        "\"Pier Nine\"",
        "\"Mara Voss\"",
    ] {
        assert!(labels.iter().any(|l| l == want), "no {want} in {labels:?}");
    }
    assert!(client.shutdown().is_ok());
}
