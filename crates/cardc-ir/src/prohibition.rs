//! The facts of a prohibition (a `[[static]]` row with a `frame`, docs/vocabulary-v2.md
//! §13): where its subject is printed and what the subject must be for it ever to apply.
//! `StaticKind::frame`, `StaticKind::on` and `StaticKind::predicate` are generated from the
//! table into `vocabulary.rs`; the checker reads `on` (`E0154`, `E0152`, `E0230`) and the
//! printer reads `frame`.

/// Where a static's subject is printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Frame {
    /// `<subject> gets <predicate>`, or the short form `<predicate>.` on this card.
    Gets,
    /// `<subject> <predicate>`: `This card can't be declared as a Liberation target.`
    Subject,
    /// `<predicate> <subject>`: `Liberation counters can't be removed from this card.`
    Object,
}

/// What a prohibition's subject must be for it ever to apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum On {
    /// A permanent that prints a Rank: only those are declared as Liberation targets (§7.9).
    Rank,
    /// A Character or Ground Unit: only those are Activated as liberators (§12.2) or
    /// declared as garrisons (§12.4).
    Unit,
    /// A permanent that can hold Liberation counters: one with a Rank that is not a Character
    /// (§7.9: counters never remain on a Character).
    Counters,
}
