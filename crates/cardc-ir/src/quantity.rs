//! Quantities (`docs/vocabulary-v2.md` §8): the amount of an effect, a number or a count
//! the engine makes as the effect resolves.
//!
//! Every effect row whose number slot is an amount (`{amount}`, `{count}`, `{gained}`) holds
//! a [`Quantity`] in the IR, so `for each <countable>`, `X …, where X is the number of …` and
//! `that many` are read, printed and played once for all of them, not per row. The canonical
//! form (§8): a count prints as `for each` after the effect (`X …, where X is the number of
//! …` is printed so), `that much` as `that many`.

use serde::{Deserialize, Serialize};

use crate::vocab::PermanentKind;
use crate::{Effect, Group};

/// An effect's amount.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Quantity {
    /// A number as printed: `2`.
    Number(u32),
    /// `<per> … for each <countable>`: `per` times the count, counted as the effect
    /// resolves (ruling R67).
    ForEach {
        /// The amount for each one counted (`Deal 2 damage … for each …`).
        per: u32,
        /// What is counted.
        each: Countable,
    },
    /// `that many` / `that much`: what the step before it in the same ability actually did
    /// (ruling R68).
    ThatMany,
    /// `equal to this card's Vox`, `equal to its CP`: a stat of a card, read as the step
    /// resolves (ruling R93). `X …, where X is this card's Vox` is the same and prints so.
    EqualTo(StatOf),
}

/// A stat of a card an amount reads (`this card's Vox`, `its CP`, ruling R93).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct StatOf {
    /// Whose stat.
    pub whose: Whose,
    /// Which stat.
    pub stat: ReadStat,
}

/// Whose stat an amount reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Whose {
    /// `this card's`: the card printing the text.
    ThisCard,
    /// `its`: the `index`th `target …` of the sentence (ruling R73's antecedent), whose kind
    /// is `kind`.
    It {
        /// Which `target …` of the sentence, in order of appearance.
        index: u8,
        /// The kind that target names.
        kind: PermanentKind,
    },
}

/// A stat an amount may read (ruling R93), shared with the engine.
pub use cardc_types::ReadStat;

impl StatOf {
    /// As printed after `equal to`: `this card's Vox`, `its CP`.
    pub fn printed(self) -> String {
        match self.whose {
            Whose::ThisCard => format!("this card's {}", self.stat.name()),
            Whose::It { .. } => format!("its {}", self.stat.name()),
        }
    }
}

/// What `for each` counts (`docs/vocabulary-v2.md` §8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Countable {
    /// `Character you control`, `other Ground Unit you control`: permanents on the Map in
    /// the group (`other` leaves out the card printing it).
    Group(Group),
    /// `Liberation counter on this card`.
    LiberationCountersOnThisCard,
    /// `Story counter on this card`.
    StoryCountersOnThisCard,
    /// `card in your hand`.
    CardsInYourHand,
    /// `<kind> card in your Depleted Pile` (`card in your Depleted Pile` for any kind).
    CardsInYourDepletedPile(PermanentKind),
    /// `opponent`: the opponents of the ability's controller.
    Opponents,
}

impl Quantity {
    /// The number the nouns after it agree with: `a card for each …`, `2 cards`, `that many
    /// cards`.
    pub fn agrees(self) -> u32 {
        match self {
            Quantity::Number(n) | Quantity::ForEach { per: n, .. } => n,
            Quantity::ThatMany | Quantity::EqualTo(_) => 2,
        }
    }

    /// The fixed number, if it is one.
    pub fn number(self) -> Option<u32> {
        match self {
            Quantity::Number(n) => Some(n),
            _ => None,
        }
    }

    /// What is printed after the effect's noun: ` equal to this card's Vox`, or nothing.
    pub fn equal_to(self) -> String {
        match self {
            Quantity::EqualTo(s) => format!(" equal to {}", s.printed()),
            _ => String::new(),
        }
    }

    /// What is printed after the effect: ` for each Character you control`, or nothing.
    pub fn suffix(self) -> String {
        match self {
            Quantity::ForEach { each, .. } => format!(" for each {}", each.printed()),
            _ => String::new(),
        }
    }
}

impl std::fmt::Display for Quantity {
    /// The amount where the number stands: `2`, `that many`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Quantity::Number(n) | Quantity::ForEach { per: n, .. } => write!(f, "{n}"),
            Quantity::ThatMany => f.write_str("that many"),
            Quantity::EqualTo(_) => Ok(()),
        }
    }
}

impl Countable {
    /// As printed after `for each`, in the singular: `other Ground Unit you control`.
    pub fn printed(self) -> String {
        match self {
            Countable::Group(g) => {
                let other = if g.other { "other " } else { "" };
                let kind = format!(
                    "{}{}",
                    g.filters.before(),
                    g.filters.kind_text(g.kind, false)
                );
                let whose = match g.controller {
                    Some(c) => format!(" {}", c.name()),
                    None => String::new(),
                };
                format!("{other}{kind}{whose}{}", g.filters.after())
            }
            Countable::LiberationCountersOnThisCard => "Liberation counter on this card".into(),
            Countable::StoryCountersOnThisCard => "Story counter on this card".into(),
            Countable::CardsInYourHand => "card in your hand".into(),
            Countable::CardsInYourDepletedPile(PermanentKind::Permanent) => {
                "card in your Depleted Pile".into()
            }
            Countable::CardsInYourDepletedPile(k) => {
                format!("{} card in your Depleted Pile", k.name())
            }
            Countable::Opponents => "opponent".into(),
        }
    }
}

/// `a` for one, else the amount: `draw a card`, `draw 2 cards`, `draw that many cards`.
pub(crate) fn a_or_number(q: Quantity) -> String {
    match q {
        Quantity::Number(1) | Quantity::ForEach { per: 1, .. } => "a".to_owned(),
        other => other.to_string(),
    }
}

/// The amount where it stands with the space after it: `2 `, `that many `, or nothing for
/// an amount printed `equal to …` after its noun (ruling R93).
pub(crate) fn before(q: Quantity) -> String {
    match q {
        Quantity::EqualTo(_) => String::new(),
        other => format!("{other} "),
    }
}

/// [`a_or_number`] with the space after it, or nothing for `equal to …` (ruling R93).
pub(crate) fn a_or_number_before(q: Quantity) -> String {
    match q {
        Quantity::EqualTo(_) => String::new(),
        other => format!("{} ", a_or_number(other)),
    }
}

impl Effect {
    /// Whether the engine records what this effect did, for a `that many` after it (ruling
    /// R68): damage dealt, cards drawn or discarded, counters removed. Every other effect
    /// counts nothing, and `that many` after it is refused (`E0213`).
    pub fn counts(&self) -> bool {
        matches!(
            self,
            Effect::Draw { .. }
                | Effect::Discard { .. }
                | Effect::DealDamage { .. }
                | Effect::RemoveLiberationCounters { .. }
                | Effect::RemoveStoryCounters { .. }
                | Effect::RemoveAllLiberationCounters(..)
                | Effect::RemoveAllCounters(..)
        )
    }
}
