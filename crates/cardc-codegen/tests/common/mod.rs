//! Shared by the tests: lowering and checking sources without the CLI.
#![allow(dead_code)]

use cardc_diagnostics::{Diagnostic, FileId, SourceMap};
use cardc_ir::CardSet;

/// Parses, lowers and checks `(name, source)` files; returns the set and every
/// diagnostic.
pub fn compile(files: &[(&str, &str)]) -> (CardSet, Vec<Diagnostic>) {
    let mut sources = SourceMap::new();
    let mut asts = Vec::new();
    let mut diags = Vec::new();
    for (i, (name, text)) in files.iter().enumerate() {
        let id = FileId(u32::try_from(i).unwrap());
        let (ast, d, text) = cardc_syntax::parse_bytes(id, text.as_bytes());
        sources.add(*name, text);
        asts.push(ast);
        diags.extend(d);
    }
    let (set, d) = cardc_ir::lower(&asts, &sources);
    diags.extend(d);
    diags.extend(cardc_check::check(&set));
    (set, diags)
}

/// Like [`compile`], failing on any diagnostic.
pub fn clean(files: &[(&str, &str)]) -> CardSet {
    let (set, diags) = compile(files);
    assert!(diags.is_empty(), "unexpected diagnostics: {diags:#?}");
    set
}
