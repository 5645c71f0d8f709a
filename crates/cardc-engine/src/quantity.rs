//! Quantities (`docs/vocabulary-v2.md` §8): the counts an effect's amount reads as it
//! resolves (`Draw a card for each Character you control.`) and `that many`, what the step
//! before it in the same text actually did.
//!
//! Ruling R67: a `for each` count is made once, as its step resolves (after the steps before
//! it, before its own primitive), from the resolving text's controller's point of view.
//! Ruling R68: `that many` is the number the step before it actually did: damage dealt after
//! prevention, cards drawn, cards discarded (fewer when the hand held fewer), counters removed
//! (only those that were there); 0 when that step did nothing.

use crate::card::Group;
use crate::game::{Game, Zone};
use crate::ids::{PermanentId, PlayerId};
use crate::PermanentKind;

/// What a `for each` counts.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Countable {
    /// Permanents on the Map in the group, from the controller's point of view; `other`
    /// leaves out the resolving card.
    Group(Group),
    /// Liberation counters on the resolving card.
    LiberationCountersOnThisCard,
    /// Story counters on the resolving card.
    StoryCountersOnThisCard,
    /// Cards in the controller's hand.
    CardsInYourHand,
    /// Cards of the kind in the controller's Depleted Pile (the entries the engine knows:
    /// cards that were permanents; `Permanent` for any kind).
    CardsInYourDepletedPile(PermanentKind),
    /// The controller's opponents.
    Opponents,
}

/// What generated code asks while a text resolves, to make its amounts. Every
/// [`Effects`](crate::Effects) is one.
pub trait Quantities {
    /// How many `c` counts now (ruling R67).
    fn count(&self, c: Countable) -> u32;
    /// What the step before this one did (ruling R68).
    fn that_many(&self) -> u32;
    /// Whether option `option` (0-based, printed order) of the resolving modal text was
    /// chosen (ruling R81); generated code asks before each option's steps.
    fn chose(&self, option: u8) -> bool;
}

impl Game {
    /// How many `c` counts for a text of `this` (if it is a permanent) controlled by `you`.
    pub(crate) fn count(&self, c: Countable, this: Option<PermanentId>, you: PlayerId) -> u32 {
        let n = match c {
            Countable::Group(g) => self
                .permanents
                .iter()
                .filter(|p| !(g.other && Some(p.id) == this))
                .filter(|p| self.selects(p.id, g.selector, you))
                .count(),
            Countable::LiberationCountersOnThisCard => {
                return this
                    .and_then(|id| self.on_map(id))
                    .map_or(0, |p| p.counters)
            }
            Countable::StoryCountersOnThisCard => {
                return this
                    .and_then(|id| self.on_map(id))
                    .map_or(0, |p| p.story_counters)
            }
            Countable::CardsInYourHand => return self.player(you).hand,
            Countable::CardsInYourDepletedPile(kind) => self
                .permanents
                .iter()
                .filter(|p| p.owner == you && matches!(p.zone, Zone::Depleted { .. }))
                .filter(|p| {
                    let printed = p
                        .card
                        .face(crate::card::Face::Prime)
                        .map_or(p.kind(), |f| f.kind);
                    kind.accepts(printed)
                })
                .count(),
            Countable::Opponents => self.players().len().saturating_sub(1),
        };
        u32::try_from(n).unwrap_or(u32::MAX)
    }
}
