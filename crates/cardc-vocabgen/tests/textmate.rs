//! The TextMate grammar follows its sources: a new row of the table highlights without a
//! hand edit, and every frame word and field key the compiler reads is in it.

use std::path::Path;

fn grammar_of(root: &Path, table: &str) -> serde_json::Value {
    let outputs = cardc_vocabgen::generate_from(root, table).unwrap_or_else(|e| panic!("{e}"));
    let tm = outputs
        .iter()
        .find(|o| o.path == Path::new(cardc_vocabgen::textmate::PATH))
        .unwrap_or_else(|| panic!("no {}", cardc_vocabgen::textmate::PATH));
    serde_json::from_str(&tm.text).unwrap_or_else(|e| panic!("{e}"))
}

/// The `match` of the pattern named `scope` in repository rule `rule`.
fn regex<'a>(g: &'a serde_json::Value, rule: &str, scope: &str) -> &'a str {
    let found = g["repository"][rule]["patterns"]
        .as_array()
        .and_then(|ps| ps.iter().find(|p| p["name"] == scope))
        .and_then(|p| p["match"].as_str());
    found.unwrap_or_else(|| panic!("no `{scope}` in `{rule}`"))
}

#[test]
fn a_new_row_highlights_without_a_hand_edit() {
    let root = cardc_vocabgen::root();
    let table = std::fs::read_to_string(root.join(cardc_vocabgen::TABLE)).expect("table");
    let before = grammar_of(&root, &table);
    assert!(!regex(&before, "rules", "support.function.effect.card").contains("exile"));
    let row = "[[effect]]\nname = \"exile\"\nphrase = \"exile {target} beyond the Rim\"\nengine = \"destroy(target)\"\ntarget_needs = \"permanent\"\ndoc = \"Exiles it.\"\nexample = \"Exile target Device beyond the Rim.\"\n\n";
    let at = table
        .find("[[effect]]\nname = \"destroy\"")
        .expect("the destroy row");
    let with_row = format!("{}{row}{}", &table[..at], &table[at..]);
    let after = grammar_of(&root, &with_row);
    assert!(regex(&after, "rules", "support.function.effect.card").contains("exile"));
    let words = regex(&after, "rules", "keyword.other.effect.card");
    assert!(words.contains("beyond") && words.contains("rim"), "{words}");
}

#[test]
fn every_frame_word_and_field_key_of_the_compiler_is_highlighted() {
    let root = cardc_vocabgen::root();
    let g = grammar_of(
        &root,
        &std::fs::read_to_string(root.join(cardc_vocabgen::TABLE)).expect("table"),
    );
    let header = g["repository"]["header"]["match"].as_str().expect("header");
    for frame in cardc_types::CardKind::names() {
        assert!(
            header.contains(frame),
            "frame word `{frame}` missing: {header}"
        );
    }
    let lower =
        std::fs::read_to_string(root.join(cardc_vocabgen::textmate::LOWER_KEYS)).expect("lowering");
    let (keys, faces) = cardc_vocabgen::textmate::lowering_keys(&lower).expect("keys");
    assert!(keys.len() > 10 && faces.len() == 3, "{keys:?} {faces:?}");
    let field = g["repository"]["field-key"]["match"]
        .as_str()
        .expect("field-key");
    for key in keys.iter().filter(|k| *k != "text") {
        assert!(
            field.contains(&format!("|{key}|"))
                || field.contains(&format!("({key}|"))
                || field.contains(&format!("|{key})")),
            "field key `{key}` missing: {field}"
        );
    }
    let face = g["repository"]["face"]["match"].as_str().expect("face");
    for f in faces {
        assert!(face.contains(&f), "face `{f}` missing: {face}");
    }
}
