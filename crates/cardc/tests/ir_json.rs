//! The IR serialises to JSON and back to the same IR, for the whole card set.

mod support;

#[test]
fn ir_round_trips_through_json() {
    let c = support::compile(&support::card_files("cards"));
    assert!(!c.set.cards.is_empty());
    let json = serde_json::to_string(&c.set).expect("the IR serialises");
    let back: cardc_ir::CardSet = serde_json::from_str(&json).expect("the JSON deserialises");
    assert_eq!(back, c.set);
    // Spans are kept too, not only the values equality looks at.
    let spans = |set: &cardc_ir::CardSet| {
        set.cards
            .iter()
            .map(|c| (c.span, c.name.span))
            .collect::<Vec<_>>()
    };
    assert_eq!(spans(&back), spans(&c.set));
}
