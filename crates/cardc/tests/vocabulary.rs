//! Every row of the vocabulary table works through the front end: its example sentence
//! parses with no syntax error, lowers to that row's effect, and prints back as written
//! (the table's `example` is the canonical text). A row whose phrase, grammar or printer
//! disagree fails here. The same holds for every event row, every condition row and every
//! static row and every filter row.

use cardc::Input;
use cardc_ir::{Ability, Effect};

fn abilities(sentence: &str) -> (Vec<Ability>, Vec<String>) {
    let src = format!(
        "maneuver \"Example\" {{\n    cost 1\n    speed fast\n    text {{ {sentence} }}\n}}\n"
    );
    let c = cardc::compile(vec![Input {
        name: "example.card".into(),
        bytes: src.into_bytes(),
    }]);
    let codes = c
        .diagnostics
        .iter()
        .map(|d| d.code.to_string())
        .filter(|code| code.as_str() < "E0100" || code.starts_with("E09"))
        .collect();
    let abilities = c
        .set
        .cards
        .iter()
        .flat_map(|card| card.faces.iter())
        .flat_map(|f| f.abilities.iter().map(|a| a.value.clone()))
        .collect();
    (abilities, codes)
}

#[test]
fn every_example_lowers_to_its_row_and_prints_back() {
    assert_eq!(Effect::EXAMPLES.len(), Effect::NAMES.len());
    for &(name, example) in Effect::EXAMPLES {
        let (abilities, codes) = abilities(example);
        assert!(
            codes.is_empty(),
            "`{example}`: front-end diagnostics {codes:?}"
        );
        let [ability] = abilities.as_slice() else {
            panic!("`{example}`: {} abilities", abilities.len());
        };
        let names: Vec<&str> = ability
            .effects()
            .iter()
            .flat_map(|c| c.steps.iter().map(|s| s.value.name()))
            .collect();
        assert!(
            names.contains(&name),
            "`{example}` lowers to {names:?}, not {name}"
        );
        assert_eq!(
            cardc_ir::text::ability(ability),
            example,
            "the canonical text of {name}"
        );
    }
}

#[test]
fn every_event_example_lowers_to_its_row_and_prints_back() {
    assert_eq!(cardc_ir::Event::EXAMPLES.len(), cardc_ir::Event::ALL.len());
    for &(event, example) in cardc_ir::Event::EXAMPLES {
        let (abilities, codes) = abilities(example);
        assert!(
            codes.is_empty(),
            "`{example}`: front-end diagnostics {codes:?}"
        );
        let [Ability::Triggered(t)] = abilities.as_slice() else {
            panic!("`{example}`: not one triggered ability: {abilities:?}");
        };
        // The row, whatever group an event about a group names.
        assert_eq!(
            t.trigger.value.event().map(|e| e.name()),
            Some(event.name()),
            "`{example}`"
        );
        assert_eq!(
            cardc_ir::text::ability(&abilities[0]),
            example,
            "the canonical text of {event:?}"
        );
    }
}

#[test]
fn every_condition_example_lowers_to_its_row_and_prints_back() {
    assert_eq!(
        cardc_ir::Condition::EXAMPLES.len(),
        cardc_ir::Condition::NAMES.len()
    );
    for &(name, example) in cardc_ir::Condition::EXAMPLES {
        let (abilities, codes) = abilities(example);
        assert!(
            codes.is_empty(),
            "`{example}`: front-end diagnostics {codes:?}"
        );
        // A condition is read by four frames: a trigger's intervening `if`, an effect's
        // `If …,` or `During a Liberation,` (played, or after an ability's colon), and a
        // static's `as long as` or `during`.
        let condition = match abilities.as_slice() {
            [Ability::Triggered(t)] => t.condition.as_ref(),
            [Ability::Activated(a)] => a.effect.condition.as_ref(),
            [Ability::Effect(chain)] => chain.condition.as_ref(),
            [Ability::Static(s)] => s.condition.as_ref(),
            _ => panic!("`{example}`: not one ability with a condition: {abilities:?}"),
        };
        let condition = condition.map(|c| c.value.name());
        assert_eq!(condition, Some(name), "`{example}`");
        assert_eq!(
            cardc_ir::text::ability(&abilities[0]),
            example,
            "the canonical text of {name}"
        );
    }
}

/// Every filter the ability names, on its targets, its event's group or its static's group.
fn filters(ability: &Ability) -> Vec<cardc_ir::Filter> {
    let mut out = Vec::new();
    for chain in ability.effects() {
        for step in &chain.steps {
            if let Some(t) = step.value.target() {
                out.extend(t.filters().list());
            }
        }
    }
    if let Ability::Triggered(t) = ability {
        if let Some(g) = t.trigger.value.event().and_then(|e| e.group()) {
            out.extend(g.filters.list());
        }
    }
    if let Ability::Static(s) = ability {
        if let cardc_ir::Subject::Group { filters, .. } = s.subject.value {
            out.extend(filters.list());
        }
    }
    out
}

#[test]
fn every_filter_example_lowers_to_its_row_and_prints_back() {
    assert_eq!(
        cardc_ir::Filter::EXAMPLES.len(),
        cardc_ir::Filter::NAMES.len()
    );
    for &(name, example) in cardc_ir::Filter::EXAMPLES {
        let (abilities, codes) = abilities(example);
        assert!(
            codes.is_empty(),
            "`{example}`: front-end diagnostics {codes:?}"
        );
        let [ability] = abilities.as_slice() else {
            panic!("`{example}`: {} abilities", abilities.len());
        };
        let names: Vec<&str> = filters(ability).iter().map(|f| f.name()).collect();
        assert!(
            names.contains(&name),
            "`{example}` names the filters {names:?}, not {name}"
        );
        assert_eq!(
            cardc_ir::text::ability(ability),
            example,
            "the canonical text of {name}"
        );
    }
}

#[test]
fn counts_of_permanents_print_as_words_and_read_back() {
    for (written, printed) in [
        ("1", "one"),
        ("3", "three"),
        ("ten", "ten"),
        ("11", "11"),
        ("0", "0"),
    ] {
        let sentence = format!(
            "At the start of your turn, if you control {written} or more Ground Units, draw a card."
        );
        let (first, codes) = abilities(&sentence);
        assert!(codes.is_empty(), "`{sentence}`: {codes:?}");
        let [ability] = first.as_slice() else {
            panic!("`{sentence}`: {} abilities", first.len());
        };
        let canonical = cardc_ir::text::ability(ability);
        assert_eq!(
            canonical,
            format!("At the start of your turn, if you control {printed} or more Ground Units, draw a card.")
        );
        let (again, codes) = abilities(&canonical);
        assert!(codes.is_empty(), "`{canonical}`: {codes:?}");
        assert_eq!(again, first, "`{canonical}` reads back to the same IR");
    }
}

#[test]
fn every_static_example_lowers_to_its_row_and_prints_back() {
    assert!(!cardc_ir::StaticKind::EXAMPLES.is_empty());
    for &(name, example) in cardc_ir::StaticKind::EXAMPLES {
        let (abilities, codes) = abilities(example);
        assert!(
            codes.is_empty(),
            "`{example}`: front-end diagnostics {codes:?}"
        );
        let [Ability::Static(s)] = abilities.as_slice() else {
            panic!("`{example}`: not one static ability: {abilities:?}");
        };
        assert_eq!(s.kind.value.name(), name, "`{example}`");
        assert_eq!(
            cardc_ir::text::ability(&abilities[0]),
            example,
            "the canonical text of {name}"
        );
    }
}
