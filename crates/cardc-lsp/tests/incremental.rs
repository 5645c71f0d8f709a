//! Editor item 9: an edit compiles again only the file that changed, and the whole-set
//! checks (`E0170`, `E0171`) still see every file, exactly as `cardc check` does.

mod support;

use lsp_types::NumberOrString;
use std::path::Path;
use support::{uri, Client};

fn write(path: &Path, text: &str) {
    std::fs::write(path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
}

fn codes(diags: &[lsp_types::Diagnostic]) -> Vec<String> {
    diags
        .iter()
        .filter_map(|d| match &d.code {
            Some(NumberOrString::String(c)) => Some(c.clone()),
            _ => None,
        })
        .collect()
}

/// The codes `cardc check` reports for the file `name` of the set on disk.
fn cli_codes(cards: &Path, name: &str) -> Vec<String> {
    let inputs = cardc::load(&[cards.to_owned()]).unwrap_or_else(|e| panic!("{e}"));
    let c = cardc::compile(inputs);
    let file = c
        .sources
        .ids()
        .find(|id| c.sources.name(*id).ends_with(name))
        .unwrap_or_else(|| panic!("no {name}"));
    c.diagnostics
        .iter()
        .filter(|d| d.primary.span.file == file)
        .map(|d| d.code.to_owned())
        .collect()
}

#[test]
fn an_edit_compiles_only_its_file_and_relinks_the_set() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let cards = dir.path().join("cards");
    std::fs::create_dir(&cards).unwrap_or_else(|e| panic!("{e}"));
    // Ten files of synthetic cards, and one that names a card of another file.
    let set = cardc_codegen::synth::cards(200, 7);
    let parts = cardc_codegen::synth::split_cards(&set);
    let files = parts.chunks(20).count();
    for (i, part) in parts.chunks(20).enumerate() {
        write(&cards.join(format!("set{i:02}.card")), &part.concat());
    }
    let named = "maneuver \"Summons\" {\n    cost 1\n    speed slow\n    text {\n        Ready \"Pier Nine\".\n    }\n}\n";
    write(&cards.join("summons.card"), named);

    let mut client = Client::start(Some(dir.path()));
    let summons = uri(&cards.join("summons.card"));
    client.open(&summons, named);
    let first = client.diagnostics(&summons);
    assert_eq!(codes(&first), ["E0171"]);
    assert_eq!(codes(&first), cli_codes(&cards, "summons.card"));
    let after_open = client.compiled();
    assert_eq!(
        after_open,
        files + 1,
        "the first flush compiles every file once"
    );

    // A new file that defines "Pier Nine": E0171 in summons.card goes away, and only
    // the new file is compiled.
    let dock = cards.join("dock.card");
    let dock_text = "surface_location \"Pier Nine\" {\n    rank 2\n}\n";
    let dock_uri = uri(&dock);
    client.open(&dock_uri, dock_text);
    assert_eq!(client.diagnostics(&summons), Vec::new());
    assert_eq!(client.compiled(), after_open + 1);

    // Printing the name twice in the edited file: E0170 there, from the set's index.
    let twice = format!("{dock_text}\nsurface_location \"Pier Nine\" {{\n    rank 3\n}}\n");
    client.change(&dock_uri, 2, &twice);
    assert_eq!(codes(&client.diagnostics(&dock_uri)), ["E0170"]);
    assert_eq!(client.compiled(), after_open + 2);
    write(&dock, &twice);
    assert_eq!(cli_codes(&cards, "dock.card"), ["E0170"]);

    // An edit in one synthetic file that takes a name another file prints: the
    // duplicate is reported in the later file, which was not compiled again.
    let set00 = cards.join("set00.card");
    let text00 = std::fs::read_to_string(&set00).unwrap_or_else(|e| panic!("{e}"));
    let set00_uri = uri(&set00);
    client.open(&set00_uri, &text00);
    let before = client.compiled();
    let at = text00.find("\"Synth").unwrap_or_else(|| panic!("no name"));
    let end = at
        + 1
        + text00[at + 1..]
            .find('"')
            .unwrap_or_else(|| panic!("no quote"));
    let renamed = format!("{}\"Summons{}", &text00[..at], &text00[end..]);
    client.change(&set00_uri, 2, &renamed);
    let diags = client.diagnostics(&summons);
    assert_eq!(codes(&diags), ["E0170"], "{diags:#?}");
    assert_eq!(client.compiled(), before + 1);
    assert!(client.shutdown().is_ok());
}
