//! One source for print and play: the canonical text of every card in `cards/` (and
//! the pass fixtures) parses back to the same IR.

use cardc_diagnostics::SourceMap;
use cardc_ir::{print, text, Card, CardSet};
use cardc_lower::lower;
use std::path::Path;

/// Parses and lowers one file, and nothing more: these are tests of lowering and of the
/// canonical printer, card by card, so the whole-set checks (a named target resolving to
/// a card of the set) have no place here. Everything else goes through `cardc::compile`.
fn lower_source(name: &str, src: &str) -> (CardSet, Vec<String>) {
    let mut sources = SourceMap::new();
    let id = sources.add(name, src);
    let (file, mut diags) = cardc_syntax::parse(id, src);
    let (set, lower_diags) = lower(&[file], &sources);
    diags.extend(lower_diags);
    (
        set,
        diags
            .into_iter()
            .map(|d| format!("{}: {}", d.code, d.message))
            .collect(),
    )
}

fn sample_cards() -> Vec<Card> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut cards = Vec::new();
    for dir in ["cards", "tests/cards/pass"] {
        let mut paths: Vec<_> = std::fs::read_dir(root.join(dir))
            .expect("the directory exists")
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "card"))
            .collect();
        paths.sort();
        for path in paths {
            let src = std::fs::read_to_string(&path).expect("readable");
            let (set, errors) = lower_source(&path.display().to_string(), &src);
            assert!(errors.is_empty(), "{}: {errors:?}", path.display());
            cards.extend(set.cards);
        }
    }
    assert!(cards.len() >= 40, "only {} cards found", cards.len());
    cards
}

#[test]
fn canonical_source_of_every_card_parses_back_to_the_same_ir() {
    for card in sample_cards() {
        let printed = print::card(&card);
        let (set, errors) = lower_source("printed.card", &printed);
        assert!(errors.is_empty(), "{printed}\n{errors:?}");
        assert_eq!(set.cards.len(), 1, "{printed}");
        assert_eq!(set.cards[0], card, "canonical source:\n{printed}");
        // Printing is a fixed point.
        assert_eq!(print::card(&set.cards[0]), printed);
    }
}

#[test]
fn canonical_rules_text_of_every_ability_parses_back_alone() {
    for card in sample_cards() {
        for face in &card.faces {
            for ability in &face.abilities {
                let sentence = text::ability(&ability.value);
                // Wrap the one sentence in a card of the same kind and face.
                let mut probe = card.clone();
                for f in &mut probe.faces {
                    f.abilities.retain(|a| a == ability && f.role == face.role);
                }
                let (set, errors) = lower_source("probe.card", &print::card(&probe));
                assert!(errors.is_empty(), "{sentence}: {errors:?}");
                let got = &set.cards[0].face(face.role).expect("face kept").abilities;
                assert_eq!(got.len(), 1, "{sentence}");
                assert_eq!(got[0], *ability, "{sentence}");
                assert_eq!(text::ability(&got[0].value), sentence);
            }
        }
    }
}

#[test]
fn names_with_quotes_and_backslashes_survive_printing() {
    let src = "homeworld \"The \\\"Free\\\" World \\\\ Prime\" { rank 6 }\n";
    let (set, errors) = lower_source("q.card", src);
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(set.cards[0].name.value, "The \"Free\" World \\ Prime");
    let (again, errors) = lower_source("q2.card", &print::card(&set.cards[0]));
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(again.cards[0], set.cards[0]);
}

#[test]
fn named_targets_print_quoted_and_escaped_and_parse_back() {
    // The sample cards use named targets (tests/cards/pass/named-targets.card), so the
    // round trips above cover them; make sure they keep doing so.
    let named = sample_cards()
        .iter()
        .flat_map(|c| c.faces.iter())
        .flat_map(|f| f.abilities.iter())
        .filter(|a| {
            a.value.effects().iter().any(|chain| {
                chain
                    .steps
                    .iter()
                    .any(|s| s.value.target().is_some_and(|t| t.name().is_some()))
            })
        })
        .count();
    assert!(named >= 3, "only {named} abilities name a card");

    let src = "maneuver \"M\" {\n    cost 1\n    speed fast\n    text {\n        \
               \"Tamsin \\\"Red\\\" Vey\" loses 2 CP, then destroy \"Pier \\\\ Nine\".\n    }\n}\n";
    let (set, errors) = lower_source("n.card", src);
    assert!(errors.is_empty(), "{errors:?}");
    let ability = &set.cards[0].faces[0].abilities[0].value;
    assert_eq!(
        text::ability(ability),
        "\"Tamsin \\\"Red\\\" Vey\" loses 2 CP, then destroy \"Pier \\\\ Nine\"."
    );
    let (again, errors) = lower_source("n2.card", &print::card(&set.cards[0]));
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(again.cards[0], set.cards[0]);
}

#[test]
fn a_named_target_with_an_empty_name_is_an_error() {
    let src = "maneuver \"M\" {\n    cost 1\n    speed fast\n    text {\n        Destroy \" \".\n    }\n}\n";
    let (set, errors) = lower_source("e.card", src);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(errors[0].starts_with("E0061"), "{errors:?}");
    assert!(set.cards[0].faces[0].abilities.is_empty());
}
