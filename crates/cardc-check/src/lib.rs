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
//! * `link`: the same checks one file at a time, then the whole-set pass over the
//!   files ([`link::check_file`], [`link::link`]), for the language server.
//! * `codes`: the [`CODES`] table with every code's explanation (`cardc explain`).
//! * `summary`: the [`stats()`] set summary of `cardc check --stats`.
//!
//! Architecture invariant: checking is linear in the number of cards. Each card is
//! checked on its own; the only cross-card pass builds one hash map of names, and each
//! name a text writes is one lookup in it.

mod allow;
mod bands;
mod character;
pub mod codes;
mod cost_change;
mod costs;
mod counts;
mod effects;
mod filters;
mod group_events;
pub mod link;
mod modes;
mod prohibitions;
mod quantities;
mod report;
mod set;
mod stats;
mod summary;
mod targets;
mod text;

pub use allow::{lint_for, LINTS};
pub use codes::CODES;
pub use set::{name_key, NameIndex, Resolved};
pub use summary::{stats, Histogram, SetStats};

use cardc_diagnostics::Diagnostic;
use cardc_ir::CardSet;

/// Checks every card of `set` against §7 and §12, and the set as a whole.
///
/// Returns errors, warnings and notes, sorted by file and position. Warnings a card
/// allows (`allow vox_band`) are left out; an allowance that suppressed nothing is
/// reported as `W0160`.
pub fn check(set: &CardSet) -> Vec<Diagnostic> {
    let local = link::check_file(set);
    let linked = link::link(&[(set, &local)]);
    let mut out: Vec<Diagnostic> = linked.standing(0, &local).cloned().collect();
    out.extend(linked.diagnostics);
    cardc_diagnostics::sort(&mut out);
    out
}

#[cfg(test)]
mod tests;
