//! The synthetic card generator: deterministic, and every card passes the checker.

mod common;

#[test]
fn synthetic_cards_are_deterministic_and_clean() {
    let a = cardc_codegen::synth::cards(300, 7);
    assert_eq!(a, cardc_codegen::synth::cards(300, 7));
    assert_ne!(a, cardc_codegen::synth::cards(300, 8));
    let set = common::clean(&[("synth.card", &a)]);
    assert_eq!(set.cards.len(), 300);
    assert!(cardc_codegen::unsupported(&set).is_empty());
    let files = cardc_codegen::generate(&set);
    assert_eq!(files.len(), 301);
}

#[test]
fn a_thousand_cards_check_clean() {
    let src = cardc_codegen::synth::cards(1000, 1);
    let set = common::clean(&[("synth.card", &src)]);
    assert_eq!(set.cards.len(), 1000);
}

/// The benchmarks' largest set is clean too: rare combinations (a Location both
/// Indoctrinated and triggered by being declared a Liberation target, `E0141`) appear
/// only past a thousand cards.
#[test]
fn the_benchmarks_ten_thousand_cards_check_clean() {
    let src = cardc_codegen::synth::cards(10_000, 1);
    let set = common::clean(&[("synth.card", &src)]);
    assert_eq!(set.cards.len(), 10_000);
}
