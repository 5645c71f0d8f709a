//! Quantities (`docs/vocabulary-v2.md` §8): the counts an effect's amount reads as it
//! resolves (`Draw a card for each Character you control.`) and `that many`, what the step
//! before it in the same text actually did.
//!
//! Ruling R67: a `for each` count is made once, as its step resolves (after the steps before
//! it, before its own primitive), from the resolving text's controller's point of view.
//! Ruling R68: `that many` is the number the step before it actually did: damage dealt after
//! prevention, cards drawn, cards discarded (fewer when the hand held fewer), counters removed
//! (only those that were there); 0 when that step did nothing.
//! Ruling R93: `equal to <a stat of a card>` reads the stat as its step resolves, as the
//! card stands then (CP as it is, DEF and Rank with their statics); a card that has left the
//! Map reads 0, so the step does nothing.

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

/// A stat an amount reads (ruling R93), shared with the IR.
pub use cardc_types::ReadStat;

/// Whose stat an amount reads (ruling R93).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum StatOf {
    /// The resolving card's.
    ThisCard(ReadStat),
    /// The permanent chosen for target slot `n` (an `its` bound to that target).
    Chosen(u8, ReadStat),
}

/// What generated code asks while a text resolves, to make its amounts. Every
/// [`Effects`](crate::Effects) is one.
pub trait Quantities {
    /// How many `c` counts now (ruling R67).
    fn count(&self, c: Countable) -> u32;
    /// What the step before this one did (ruling R68).
    fn that_many(&self) -> u32;
    /// A stat of a card as the step resolves (ruling R93): 0 when the card is not on the
    /// Map any more (or no card was chosen), so the step does nothing.
    fn stat(&self, of: StatOf) -> u32;
    /// Whether option `option` (0-based, printed order) of the resolving modal text was
    /// chosen (ruling R81); generated code asks before each option's steps.
    fn chose(&self, option: u8) -> bool;
}

impl Game {
    /// Stat `stat` of permanent `id` as it stands now (ruling R93); 0 off the Map, for a
    /// stat the face does not print, for `X` and for anything below 0.
    pub fn read_stat(&self, id: Option<PermanentId>, stat: ReadStat) -> u32 {
        let Some(p) = id.and_then(|id| self.on_map(id)) else {
            return 0;
        };
        let v: i64 = match stat {
            ReadStat::Vox => i64::from(p.data().vox),
            ReadStat::Attack => i64::from(p.data().attack),
            ReadStat::Cp if p.kind() == crate::card::Kind::Character => p.cp,
            ReadStat::Cp => 0,
            ReadStat::Def => self.effective_def(p.id).unwrap_or(0),
            ReadStat::Rank => self.effective_rank(p.id).unwrap_or(0),
        };
        u32::try_from(v.max(0)).unwrap_or(u32::MAX)
    }

    /// How many `c` counts for a text of `this` (if it is a permanent) controlled by `you`.
    pub(crate) fn count(&self, c: Countable, this: Option<PermanentId>, you: PlayerId) -> u32 {
        let n = match c {
            Countable::Group(g) => self
                .permanents
                .iter()
                .filter(|p| !(g.other && Some(p.id) == this))
                .filter(|p| self.selects(p.id, g.selector, you, this))
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
