//! Hostile card names, compiled for real by this crate's build script: each gets a
//! distinct valid identifier, keeps its exact name and text, and plays.

use cardc_build_script_demo as demo;
use cardc_engine::Face;

const HOSTILE: &[&str] = &[
    "\"); panic!(\"",
    "r#fn",
    "fn",
    "Self",
    "Ünïcødé—Name",
    "Self!",
];

#[test]
fn hostile_names_keep_their_names_and_get_distinct_ids() {
    let mut ids = Vec::new();
    for name in HOSTILE {
        let card = demo::by_name(name).unwrap_or_else(|| panic!("{name:?} not registered"));
        assert_eq!(card.name(), *name);
        let id = demo::id_of(name).unwrap();
        assert!(demo::by_id(id).is_some_and(|c| c.name() == *name));
        ids.push(id);
    }
    assert_eq!(
        ids,
        [
            "panic",
            "r_fn",
            "fn_card",
            "self_card",
            "unicode_name",
            "self_card_2"
        ]
    );
    assert_eq!(demo::CARDS.len(), demo::COUNT);
    assert_eq!(demo::IDS.windows(2).filter(|w| w[0] >= w[1]).count(), 0);
}

#[test]
fn text_and_flavour_arrive_exactly() {
    let card = demo::by_name("\"); panic!(\"").unwrap();
    let face = card.face(Face::Prime).unwrap();
    assert_eq!(face.flavor, Some("*/ } fn evil() { /* \\\" \" \n"));
    assert_eq!(
        face.text,
        ["When this card is destroyed, gain 1 Story Point."]
    );
    let unicode = demo::cards::unicode_name::UnicodeName;
    assert_eq!(cardc_engine::Card::name(&unicode), "Ünïcødé—Name");
}
