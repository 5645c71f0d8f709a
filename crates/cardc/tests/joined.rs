//! Ruling R110: objects joined by `and` after one verb lower to ordinary steps of the same
//! effect, one per object, with the chain remembering which are joined, and print back
//! joined; `and` before a whole effect stays `, then` (ruling R74).

use cardc::Input;
use cardc_ir::Ability;

/// The one ability of a Maneuver printing `sentence`, and the error codes.
fn lower(sentence: &str) -> (Ability, Vec<String>) {
    let src = format!(
        "maneuver \"Example\" {{\n    cost 1\n    speed slow\n    text {{ {sentence} }}\n}}\n"
    );
    let c = cardc::compile(vec![Input {
        name: "example.card".into(),
        bytes: src.into_bytes(),
    }]);
    let codes = c.diagnostics.iter().map(|d| d.code.to_string()).collect();
    let ability = c
        .set
        .cards
        .iter()
        .flat_map(|card| card.faces.iter())
        .flat_map(|f| f.abilities.iter().map(|a| a.value.clone()))
        .next()
        .expect("one ability");
    (ability, codes)
}

/// `sentence` lowers to steps `names`, those at `joined` joined, and prints as `printed`.
fn case(sentence: &str, names: &[&str], joined: &[usize], printed: &str) {
    let (ability, codes) = lower(sentence);
    assert!(codes.is_empty(), "`{sentence}`: {codes:?}");
    let Ability::Effect(chain) = &ability else {
        panic!("`{sentence}`: not an effect");
    };
    let got: Vec<&str> = chain.steps.iter().map(|s| s.value.name()).collect();
    assert_eq!(got, names, "`{sentence}`");
    assert_eq!(chain.joined, joined, "`{sentence}`");
    assert_eq!(cardc_ir::text::ability(&ability), printed);
    // The canonical text lowers to the same chain.
    let (again, _) = lower(printed);
    assert_eq!(
        again, ability,
        "`{printed}` does not lower back to the same IR"
    );
}

#[test]
fn r110_joined_objects_are_steps_of_one_effect() {
    let s = "Deal 2 damage to target Ground Unit and 1 damage to each Ground Unit an opponent controls.";
    case(s, &["DealDamage", "DealDamage"], &[1], s);
    let s = "Destroy target Device and target Spacecraft.";
    case(s, &["Destroy", "Destroy"], &[1], s);
    let s = "Place 2 Liberation counters on target Surface Location an opponent controls and 1 Story counter on target Surface Location you control.";
    case(
        s,
        &["PlaceLiberationCounters", "PlaceStoryCounters"],
        &[1],
        s,
    );
}

#[test]
fn r110_a_list_prints_with_commas_and_a_last_and() {
    case(
        "Destroy target Device, target Spacecraft, and target Ground Unit.",
        &["Destroy", "Destroy", "Destroy"],
        &[1, 2],
        "Destroy target Device, target Spacecraft and target Ground Unit.",
    );
    case(
        "Ready target Ground Unit you control and target Character you control, then draw a card.",
        &["Ready", "Ready", "Draw"],
        &[1],
        "Ready target Ground Unit you control and target Character you control, then draw a card.",
    );
}

#[test]
fn r74_and_before_a_whole_effect_is_still_then() {
    case(
        "Ready target Character you control and it gains 1 CP.",
        &["Ready", "TargetGainsCp"],
        &[],
        "Ready target Character you control, then it gains 1 CP.",
    );
    case(
        "Destroy target Device and target Character an opponent controls loses 1 CP.",
        &["Destroy", "TargetLosesCp"],
        &[],
        "Destroy target Device, then target Character an opponent controls loses 1 CP.",
    );
}
