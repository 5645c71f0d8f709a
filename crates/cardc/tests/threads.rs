//! A file's cards are parsed and lowered on several threads (`cardc_syntax::parse_fold`):
//! the compilation must not depend on how many. The same set, with broken cards spread
//! through it (syntax errors, unknown words, a bad sentence, a card name that names no
//! card), is compiled on 1, 2, 3 and 8 threads; the IR, the card spans and every
//! diagnostic must be the same each time.

use cardc::{compile_with, Compilation, Input};

/// Broken cards, one of each kind of mistake, put between the synthetic ones.
const BROKEN: &[&str] = &[
    "ground_unit \"Broken One\" {\n    cost 2\n    rank 1\n    vox 1\n    attack 1\n    def 1\n    text { Destroy target Ground Unit witth Rank 2. }\n}\n",
    "ground_unit \"Broken Two\" {\n    cost two\n    rank 1\n    vox 1\n    attack 1\n    def 1\n    colour blue\n}\n",
    "maneuver \"Broken Three\" {\n    cost 1\n    speed Fast\n    text { When \"No Such Card\" is destroyed, draw a card. Gain 1 CP }\n}\n",
    "device \"Broken Four\" {\n    cost 1\n    text { Whenever a Ground Unit you control explodes, draw a card. }\n",
];

/// `count` synthetic cards with [`BROKEN`] spread through them, as one file.
fn set(count: usize) -> Vec<Input> {
    let text = cardc_codegen::synth::cards(count, 7);
    let cards: Vec<&str> = text.split("\n\n").collect();
    let step = cards.len() / (BROKEN.len() + 1);
    let mut out = String::new();
    for (i, card) in cards.iter().enumerate() {
        out.push_str(card);
        out.push_str("\n\n");
        if i > 0 && i % step == 0 {
            if let Some(broken) = BROKEN.get(i / step - 1) {
                out.push_str(broken);
                out.push('\n');
            }
        }
    }
    vec![Input::new("threads.card", out)]
}

/// Everything a compilation says, in a form two compilations can be compared in.
fn summary(c: &Compilation) -> (String, String, String) {
    (
        serde_json::to_string(&c.set).expect("the IR serialises"),
        format!("{:?}", c.card_spans),
        format!("{:?}", c.diagnostics),
    )
}

#[test]
fn the_compilation_is_the_same_on_any_number_of_threads() {
    let inputs = set(400);
    let one = compile_with(inputs.clone(), 1);
    assert!(one.set.cards.len() >= 400, "the synthetic cards compiled");
    assert!(
        one.error_count() >= BROKEN.len(),
        "each broken card is reported: {:?}",
        one.diagnostics
    );
    let expected = summary(&one);
    for threads in [2, 3, 8] {
        let many = compile_with(inputs.clone(), threads);
        let got = summary(&many);
        assert!(
            got.0 == expected.0,
            "{threads} threads: the IR differs from one thread's"
        );
        assert_eq!(
            got.1, expected.1,
            "{threads} threads: the card spans differ"
        );
        assert_eq!(
            got.2, expected.2,
            "{threads} threads: the diagnostics differ"
        );
    }
}

#[test]
fn a_small_file_is_read_alike_on_one_thread_or_many() {
    // Below the cards a worker thread is given, a file is read on the calling thread.
    let inputs = set(20);
    assert_eq!(
        summary(&compile_with(inputs.clone(), 1)),
        summary(&compile_with(inputs, 8))
    );
}
