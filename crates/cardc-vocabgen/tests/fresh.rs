//! The derived files are what the table says: regenerated in memory and compared.

#[test]
fn every_derived_file_is_fresh() {
    let root = cardc_vocabgen::root();
    let outputs = cardc_vocabgen::generate(&root).unwrap_or_else(|e| panic!("{e}"));
    let stale = cardc_vocabgen::stale(&root, &outputs);
    assert!(
        stale.is_empty(),
        "derived from {} but stale: {stale:?}\nrun `{}` and commit",
        cardc_vocabgen::TABLE,
        cardc_vocabgen::COMMAND
    );
}

#[test]
fn every_derived_file_says_it_is_generated_and_from_what() {
    let root = cardc_vocabgen::root();
    for o in cardc_vocabgen::generate(&root).unwrap_or_else(|e| panic!("{e}")) {
        assert!(
            o.text.contains("@generated") && o.text.contains("vocab/vocabulary.toml"),
            "{} does not name its source",
            o.path.display()
        );
    }
}
