//! No row of the table is dead: removing any one of them makes the build or the tests fail.
//!
//! Each row is removed in turn from the table's text and everything is regenerated in
//! memory. Then one of these must hold, and the test says which:
//!
//! - the generator refuses the table (a `[[syntax]]` or `[primitive]` line nothing uses, or an
//!   effect naming what is gone): `cargo run -p cardc-vocabgen` and the freshness test fail;
//! - the row's example no longer parses under the regenerated grammar (checked here with
//!   pest_vm, which reads the same `.pest` text pest_derive compiles): the examples test of
//!   `crates/cardc/tests/vocabulary.rs` and the card set fail;
//! - the hand-written code names the row's IR variant (a shared form's lowering) or
//!   implements its engine primitive, and the regenerated code no longer declares it: rustc
//!   fails the build.

use std::path::Path;

fn sections(table: &str) -> Vec<(usize, usize)> {
    // Byte ranges of every `[[effect]]` / `[[syntax]]` / `[[event]]` / `[[condition]]` block and every
    // `[primitive]` line.
    let mut starts: Vec<usize> = Vec::new();
    let mut offset = 0;
    for line in table.split_inclusive('\n') {
        if line.starts_with("[[") || line.starts_with('[') || line.starts_with('#') {
            starts.push(offset);
        }
        offset += line.len();
    }
    starts.push(table.len());
    let mut out = Vec::new();
    for w in starts.windows(2) {
        let block = &table[w[0]..w[1]];
        if [
            "[[effect]]",
            "[[syntax]]",
            "[[event]]",
            "[[condition]]",
            "[[static]]",
            "[[keyword]]",
        ]
        .iter()
        .any(|k| block.starts_with(k))
        {
            out.push((w[0], w[1]));
        }
    }
    // Each line of `[primitive]` is a row too.
    if let Some(p) = table.find("\n[primitive]\n") {
        let mut at = p + "\n[primitive]\n".len();
        for line in table[at..].split_inclusive('\n') {
            if line.starts_with('[') {
                break; // the next section
            }
            if line.contains(" = ") && !line.starts_with('#') {
                out.push((at, at + line.len()));
            }
            at += line.len();
        }
    }
    out
}

fn grammar(root: &Path, vocabulary: &str) -> String {
    let cards = std::fs::read_to_string(root.join("grammar/cards.pest")).unwrap_or_default();
    format!("{cards}\n{vocabulary}")
}

/// Whether `sentence` parses, and (given `rule`) parses through that rule: a static's example
/// that now parses only as an effect (`Ground Units you control get +1 DEF.` read as a
/// stat change missing its duration) no longer parses as the row's sentence.
fn parses_as(grammar: &str, sentence: &str, rule: Option<&str>) -> bool {
    let Ok((_, rules)) = pest_meta::parse_and_optimize(grammar) else {
        return false;
    };
    let vm = pest_vm::Vm::new(rules);
    match vm.parse("sentence_eoi", sentence) {
        Err(_) => false,
        Ok(pairs) => rule.is_none_or(|r| pairs.flatten().any(|p| p.as_rule() == r)),
    }
}

fn field<'a>(block: &'a str, key: &str) -> Option<&'a str> {
    block.lines().find_map(|l| {
        let rest = l.strip_prefix(key)?.trim_start().strip_prefix('=')?.trim();
        rest.strip_prefix('"')?.strip_suffix('"')
    })
}

fn pascal(s: &str) -> String {
    cardc_vocabgen::phrase::pascal(s)
}

#[test]
fn the_full_table_parses_every_example() {
    let root = cardc_vocabgen::root();
    let outputs = cardc_vocabgen::generate(&root).unwrap_or_else(|e| panic!("{e}"));
    let pest = &outputs[0].text;
    let g = grammar(&root, pest);
    let table = std::fs::read_to_string(root.join(cardc_vocabgen::TABLE)).unwrap_or_default();
    for (s, e) in sections(&table) {
        let block = &table[s..e];
        if let Some(example) = field(block, "example") {
            let construct = block.starts_with("[[static]]").then_some("static_ability");
            assert!(
                parses_as(&g, example, construct),
                "the example `{example}` does not parse as its row's sentence"
            );
        }
    }
}

#[test]
fn removing_any_row_fails_the_build_or_the_tests() {
    let root = cardc_vocabgen::root();
    let table = std::fs::read_to_string(root.join(cardc_vocabgen::TABLE)).unwrap_or_default();
    let hand_lowering =
        std::fs::read_to_string(root.join("crates/cardc-lower/src/text.rs")).unwrap_or_default();
    let engine_impl =
        std::fs::read_to_string(root.join("crates/cardc-engine/src/ctx.rs")).unwrap_or_default();
    let engine_keywords = std::fs::read_to_string(root.join("crates/cardc-engine/src/keywords.rs"))
        .unwrap_or_default();
    let rows = sections(&table);
    assert!(rows.len() > 20, "the table has {} rows", rows.len());
    let mut dead = Vec::new();
    for (s, e) in rows {
        let block = &table[s..e];
        let without = format!("{}{}", &table[..s], &table[e..]);
        let what = block.lines().next().unwrap_or_default().to_owned();
        let outputs = match cardc_vocabgen::generate_from(&root, &without) {
            Err(_) => continue, // the generator refuses the table
            Ok(o) => o,
        };
        let text = |path: &str| {
            outputs
                .iter()
                .find(|o| o.path == Path::new(path))
                .map(|o| o.text.clone())
                .unwrap_or_default()
        };
        let name = field(block, "name").unwrap_or_default();
        if let Some(example) = field(block, "example") {
            let construct = block.starts_with("[[static]]").then_some("static_ability");
            if !parses_as(
                &grammar(&root, &text("grammar/vocabulary.pest")),
                example,
                construct,
            ) {
                continue; // its example (in the examples test) no longer parses
            }
            let variant = pascal(name);
            let ir = text("crates/cardc-ir/src/vocabulary.rs");
            let declared = ir.contains(&format!("    {variant}("))
                || ir.contains(&format!("    {variant} {{"))
                || ir.contains(&format!("    {variant},"));
            if !declared && hand_lowering.contains(&format!("Effect::{variant}")) {
                continue; // the hand-written lowering of its shared form names it: rustc fails
            }
            let types = text("crates/cardc-types/src/keyword.rs");
            if block.starts_with("[[keyword]]")
                && !types.contains(&format!("{variant} =>"))
                && engine_keywords.contains(&format!("Keyword::{variant}"))
            {
                continue; // the engine's `keywords::step` names it: rustc fails
            }
        }
        if block.contains(" = \"") && !block.starts_with("[[") {
            // A `[primitive]` line: the generator refused it above unless still used.
            let primitive = block.split(" = ").next().unwrap_or_default().trim();
            let trait_ = text("crates/cardc-engine/src/vocabulary.rs");
            if !trait_.contains(&format!("fn {primitive}("))
                && engine_impl.contains(&format!("fn {primitive}("))
            {
                continue;
            }
        }
        dead.push(what + " " + name);
    }
    assert!(
        dead.is_empty(),
        "rows whose removal nothing notices: {dead:?}"
    );
}
