//! Checking a set one file at a time, then linking: what an editor needs to check
//! again only the file that changed.
//!
//! ```text
//! each file's CardSet ──▶ check_file ──▶ Local (per card: its diagnostics, and whether
//!                                         its text names a card; the names, prepared)
//! every Local, in order ──▶ link ──▶ Linked (E0170, W0170, and the cards whose result
//!                                    depends on the set, checked again against it)
//! ```
//!
//! A card's own checks (§7, stats, rules text) depend on the rest of the set only
//! through the names its text writes (`E0171`, `E0172` and the kind checks of a named
//! target) and through the whole-set warnings it receives (`W0170`, which its `allow`
//! lines may silence). [`check_file`] checks every card with no set at all and records
//! which cards looked a name up; [`link`] builds the one name index of the whole set
//! from the names each file prepared and checks those cards again, with every
//! whole-set warning on their spans. Every other card's result stands as checked
//! alone. [`crate::check`] is `check_file` and `link` of a single set, so `cardc check`
//! and an editor see exactly the same diagnostics.

use crate::set::{self, CardNames, Names};
use crate::{allow, character, stats, text};
use cardc_diagnostics::{Diagnostic, FileId};
use cardc_ir::{Card, CardSet};
use std::cell::Cell;
use std::collections::BTreeMap;

/// One file's cards checked on their own.
#[derive(Debug, Clone, Default)]
pub struct Local {
    cards: Vec<LocalCard>,
}

/// One card checked on its own ([`check_card`]): what [`Local`] keeps of each card.
#[derive(Debug, Clone)]
pub struct LocalCard {
    /// The card's diagnostics, checked without the set.
    diagnostics: Vec<Diagnostic>,
    /// Whether its text names a card (then `link` checks it again).
    names_a_card: bool,
    /// The names it prints, prepared for the whole-set index.
    names: CardNames,
}

/// Checks every card of `set` (one file's cards) without the rest of the set.
pub fn check_file(set: &CardSet) -> Local {
    file(set, set.cards.iter().map(check_card).collect())
}

/// Checks one card without the rest of its set: what [`check_file`] does for each card, for a
/// caller that checks each card where it lowered it (the driver, on several threads).
pub fn check_card(card: &Card) -> LocalCard {
    let names = Names::Deferred(Cell::new(false));
    let mut diagnostics = Vec::new();
    one_card(card, &names, Vec::new(), &mut diagnostics);
    let names_a_card = matches!(&names, Names::Deferred(named) if named.get());
    LocalCard {
        diagnostics,
        names_a_card,
        names: set::prepare(card),
    }
}

/// The file `set` checked, from [`check_card`] of each of its cards, in order.
pub fn file(set: &CardSet, cards: Vec<LocalCard>) -> Local {
    debug_assert_eq!(cards.len(), set.cards.len());
    Local { cards }
}

impl Local {
    /// How many names the file's cards print.
    pub(crate) fn names(&self) -> usize {
        self.cards.iter().map(|c| c.names.len()).sum()
    }

    /// Each card's prepared names, in order.
    pub(crate) fn prepared(&self) -> impl Iterator<Item = &CardNames> {
        self.cards.iter().map(|c| &c.names)
    }
}

/// Every check of one card, with the whole-set warnings on its span.
fn one_card(card: &Card, names: &Names<'_>, mut found: Vec<Diagnostic>, out: &mut Vec<Diagnostic>) {
    character::check(card, &mut found);
    stats::check(card, &mut found);
    text::check(card, names, &mut found);
    allow::apply(card, found, out);
}

/// The whole-set pass over files checked by [`check_file`].
#[derive(Debug, Default)]
pub struct Linked {
    /// Whole-set errors, the diagnostics of every card checked again, and whole-set
    /// warnings outside every card; in no particular order.
    pub diagnostics: Vec<Diagnostic>,
    /// For each file, for each card: whether it was checked again (its local result is
    /// then replaced by what `diagnostics` holds for it).
    rechecked: Vec<Vec<bool>>,
}

impl Linked {
    /// The diagnostics of file `file` (its index in `link`'s list) that stand as
    /// checked alone: those of every card not checked again.
    pub fn standing<'a>(
        &'a self,
        file: usize,
        local: &'a Local,
    ) -> impl Iterator<Item = &'a Diagnostic> + 'a {
        let again = self.rechecked.get(file);
        local
            .cards
            .iter()
            .enumerate()
            .filter(move |(i, _)| !again.and_then(|a| a.get(*i)).copied().unwrap_or(false))
            .flat_map(|(_, c)| &c.diagnostics)
    }

    /// How many cards were checked again (the work the link did beyond the index).
    pub fn rechecked(&self) -> usize {
        self.rechecked.iter().flatten().filter(|r| **r).count()
    }
}

/// Links the files of a set, in order (the first of two equal names is the one
/// "first printed"): the name index of the whole set, `E0170` and `W0170`, and every card
/// whose text names a card or that a whole-set warning points into, checked again.
pub fn link(files: &[(&CardSet, &Local)]) -> Linked {
    let mut whole_set = Vec::new();
    let names = Names::link(files, &mut whole_set);
    let mut out = Vec::new();
    // Whole-set warnings go to the card they point into, so its `allow` lines apply.
    let mut warnings: BTreeMap<(FileId, u32), Vec<Diagnostic>> = BTreeMap::new();
    for d in whole_set {
        if d.is_error() {
            out.push(d);
        } else {
            let at = (d.primary.span.file, d.primary.span.start);
            warnings.entry(at).or_default().push(d);
        }
    }
    let mut rechecked = Vec::with_capacity(files.len());
    for (set, local) in files {
        let mut again = Vec::with_capacity(set.cards.len());
        for (i, card) in set.cards.iter().enumerate() {
            let span = card.span;
            let inside: Vec<_> = warnings
                .range((span.file, span.start)..(span.file, span.end))
                .map(|(at, _)| *at)
                .collect();
            let names_a_card = local.cards.get(i).is_some_and(|c| c.names_a_card);
            if inside.is_empty() && !names_a_card {
                again.push(false);
                continue;
            }
            let mut found = Vec::new();
            for at in inside {
                found.extend(warnings.remove(&at).unwrap_or_default());
            }
            one_card(card, &names, found, &mut out);
            again.push(true);
        }
        rechecked.push(again);
    }
    out.extend(warnings.into_values().flatten());
    Linked {
        diagnostics: out,
        rechecked,
    }
}
