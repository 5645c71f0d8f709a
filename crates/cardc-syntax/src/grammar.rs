//! The pest parser generated from `grammar/cards.pest` and `grammar/vocabulary.pest` (the
//! effects, generated from `vocab/vocabulary.toml`); crate-private: no pest type leaves
//! this crate.

use pest_derive::Parser;

/// The parser for `grammar/cards.pest` and `grammar/vocabulary.pest`. The paths are relative
/// to this crate's manifest directory (pest_derive looks there first, then in `src/`).
#[derive(Parser)]
#[grammar = "../../grammar/cards.pest"]
#[grammar = "../../grammar/vocabulary.pest"]
pub(crate) struct CardParser;

#[cfg(test)]
mod tests {
    use super::{CardParser, Rule};
    use pest::Parser;

    /// The reference rule `file` accepts whole files (comments removed by the pre-pass),
    /// so the one grammar describes the language the chunked parser reads.
    #[test]
    fn the_file_rule_accepts_the_sketch() {
        for src in [
            include_str!("../tests/sketch/character-two-faces.card"),
            include_str!("../tests/sketch/other-permanents.card"),
            include_str!("../tests/sketch/maneuvers-and-storylines.card"),
        ] {
            let clean = crate::lex::prepare(cardc_diagnostics::FileId(0), src).clean;
            if let Err(e) = CardParser::parse(Rule::file, &clean) {
                panic!("{e}");
            }
        }
    }
}
