//! Shared by the tests: lowering and checking sources without the CLI.
#![allow(dead_code)]

use cardc_diagnostics::Diagnostic;
use cardc_ir::CardSet;

/// Compiles `(name, source)` files through the pipeline's one entry, `cardc::compile`
/// (parse, lower, check, playability); returns the set and every diagnostic.
pub fn compile(files: &[(&str, &str)]) -> (CardSet, Vec<Diagnostic>) {
    let inputs = files
        .iter()
        .map(|(name, text)| cardc::Input::new(*name, *text))
        .collect();
    let c = cardc::compile(inputs);
    (c.set, c.diagnostics)
}

/// Like [`compile`], failing on any diagnostic.
pub fn clean(files: &[(&str, &str)]) -> CardSet {
    let (set, diags) = compile(files);
    assert!(diags.is_empty(), "unexpected diagnostics: {diags:#?}");
    set
}
