//! The rules checker: every card against §7 Characters and §12 Liberation.
//!
//! ```text
//! CardSet (IR) ──▶ whole set: names (one map, linear) ───────────────────────────┐
//!              └─▶ per card: character · stats · text (+ names) ──▶ allow ─────────┴─▶ Vec<Diagnostic>
//! ```
//!
//! Each module owns one area of the rules:
//!
//! * `character`: §7.1–§7.4, §7.7, §7.8, §7.10 — faces, Drives, Morality, CP, Penalties,
//!   exit clauses, the lines only a Character prints.
//! * `stats`: §7.5, §7.9, §7.9a — where Vox, Rank and DEF are printed and in which form,
//!   and the guidance bands (warnings).
//! * `text`: rules text — Fall, abilities by card kind, effect targets (a named target
//!   against the card it names), §12.3, keywords, triggers that can never fire or that
//!   expect combat and Liberation to mix.
//! * `set`: whole-set checks through the [`NameIndex`]: unique names, and the lookup
//!   of every card a text names.
//! * `allow`: lint names, `allow` lines and unused allowances.
//! * `codes`: the [`CODES`] table with every code's explanation (`cardc explain`).
//! * `summary`: the [`stats()`] set summary of `cardc check --stats`.
//!
//! Architecture invariant: checking is linear in the number of cards. Each card is
//! checked on its own; the only cross-card pass builds one hash map of names, and each
//! name a text writes is one lookup in it.

mod allow;
mod character;
pub mod codes;
mod report;
mod set;
mod stats;
mod summary;
mod text;

pub use allow::{lint_for, LINTS};
pub use codes::CODES;
pub use set::{NameIndex, Resolved};
pub use summary::{stats, Histogram, SetStats};

use cardc_diagnostics::Diagnostic;
use cardc_ir::CardSet;

/// Checks every card of `set` against §7 and §12, and the set as a whole.
///
/// Returns errors, warnings and notes, sorted by file and position. Warnings a card
/// allows (`allow vox_band`) are left out; an allowance that suppressed nothing is
/// reported as `W0160`.
pub fn check(set: &CardSet) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let mut whole_set = Vec::new();
    let names = set::Names::build(set, &mut whole_set);
    // Whole-set warnings (`W0170`) can be allowed on the card they point at, like any
    // other warning; they are handed to that card's allowances by span.
    let mut warnings = std::collections::BTreeMap::new();
    for d in whole_set {
        if d.is_error() {
            out.push(d);
        } else {
            let at = (d.primary.span.file, d.primary.span.start);
            warnings.entry(at).or_insert_with(Vec::new).push(d);
        }
    }
    for card in &set.cards {
        let mut found = Vec::new();
        let span = card.span;
        let inside: Vec<_> = warnings
            .range((span.file, span.start)..(span.file, span.end))
            .map(|(at, _)| *at)
            .collect();
        for at in inside {
            found.extend(warnings.remove(&at).unwrap_or_default());
        }
        character::check(card, &mut found);
        stats::check(card, &mut found);
        text::check(card, &names, &mut found);
        allow::apply(card, found, &mut out);
    }
    out.extend(warnings.into_values().flatten());
    cardc_diagnostics::sort(&mut out);
    out
}

#[cfg(test)]
mod tests;
