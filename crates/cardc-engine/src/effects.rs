//! The engine side of the effects: the [`Target`] an effect applies to, and the [`Effects`]
//! interface (one method per primitive), generated from `vocab/vocabulary.toml`.
//!
//! Generated code receives `&mut dyn Effects` and calls these in rules-text order. The engine's
//! implementation applies each immediately, with the resolving card as the source (it matters for
//! "destroyed by" records, §12.8) and the resolving card's controller as "you".

use crate::card::Selector;

/// What an effect applies to.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Target {
    /// `this card`: the permanent whose ability resolves (nothing for a Maneuver).
    ThisCard,
    /// `the Bound`: the Character bound by this Storyline (§8.11).
    TheBound,
    /// `target …`: the `n`th target chosen for this resolution, in order of appearance in the
    /// text; its selector is `AbilityData::targets[n]` / `TriggerData::targets[n]` /
    /// `FaceData::targets[n]`.
    Chosen(u8),
    /// `two target …`, `up to two target …` (ruling R82): the targets chosen for selectors
    /// `first .. first + n`, each getting the whole effect; an `up to` slot left empty
    /// names nothing.
    Several {
        /// The first selector.
        first: u8,
        /// How many.
        n: u8,
    },
    /// `each <kind> [you control | an opponent controls]`
    Each(Selector),
    /// `"Tamsin Vey"`: every permanent on the Map whose card has this name, whoever controls
    /// it. The name is the card's name ([`Card::name`](crate::Card::name), its Prime face's),
    /// whichever face is showing: a Fallen Character is still the card it was (ruling R25).
    Named(&'static str),
    /// `it`, `that Character` in a trigger's effect, with no `target …` before it: the card
    /// the trigger's event is about, the group's member (ruling R112). Nothing once that
    /// card has left the Map.
    EventCard,
}

pub use crate::players::Who;

/// The primitives: generated from `vocab/vocabulary.toml`, one method per effect's primitive,
/// so a new effect does not build until the engine implements it (in `ctx.rs`).
pub use crate::vocabulary::Effects;
