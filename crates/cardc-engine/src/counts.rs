//! Counted targets (ruling R82): `Destroy two target Devices.`, `Ready up to two target
//! Ground Units you control.`
//!
//! A counted `target …` has one selector per permanent it may choose, all the same and next
//! to one another in the text's list; its [`TargetCount`] (from
//! [`Card::counts`](crate::Card::counts)) says where they start, how many they are and
//! whether it is `up to`. The permanents chosen for them are different permanents, each
//! legal for the selector; an `up to` count may leave slots empty ([`PermanentId::NONE`]),
//! down to none at all, and an empty slot names nothing when the text resolves. An exact
//! count needs as many different legal permanents: with fewer, a Maneuver or ability cannot
//! be played and a trigger or Reversal does nothing (as a `target …` without a legal
//! permanent, ruling R9). [`Game::may_choose`] is the one check every choice of targets
//! passes; each chosen permanent gets the whole effect ([`Target::Several`](crate::Target)).

use crate::card::Selector;
use crate::choices::RejectedChoice;
use crate::game::Game;
use crate::ids::{limits, PermanentId, PlayerId};

/// One counted `target …` of a text: selectors `first .. first + n` choose different
/// permanents; with `up_to`, any of them may be left empty.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct TargetCount {
    /// The index of its first selector in the text's list.
    pub first: u8,
    /// How many permanents it chooses (at most [`limits::MAX_CHOSEN`]).
    pub n: u8,
    /// `up to N`: fewer may be chosen, down to none.
    pub up_to: bool,
}

impl TargetCount {
    /// Whether selector `slot` is one of its.
    pub fn covers(&self, slot: usize) -> bool {
        let first = usize::from(self.first);
        (first..first + usize::from(self.n)).contains(&slot)
    }
}

/// The count selector `slot` belongs to, if any.
pub(crate) fn count_of(counts: &[TargetCount], slot: usize) -> Option<&TargetCount> {
    counts.iter().find(|c| c.covers(slot))
}

impl Game {
    /// Whether `picked` is a legal choice of targets for `selectors` (rulings R9, R27, R82):
    /// one per selector, each legal for its selector from `you`'s point of view for the
    /// text of `source`, but an `up to` count's slots may hold [`PermanentId::NONE`], and
    /// the permanents of one count are all different. The one check of every choice of
    /// targets: a Maneuver or ability as played, a trigger's or Reversal's as it resolves.
    pub fn may_choose(
        &self,
        selectors: &[Selector],
        counts: &[TargetCount],
        picked: &[PermanentId],
        you: PlayerId,
        source: Option<PermanentId>,
    ) -> Result<(), RejectedChoice> {
        if picked.len() != selectors.len() || picked.len() > limits::MAX_CHOSEN {
            return Err(RejectedChoice::TargetCount {
                expected: selectors.len(),
                got: picked.len(),
            });
        }
        for (index, (&s, &target)) in selectors.iter().zip(picked).enumerate() {
            let count = count_of(counts, index);
            if target == PermanentId::NONE && count.is_some_and(|c| c.up_to) {
                continue;
            }
            if !self.selects_from(target, s, you, source) {
                return Err(RejectedChoice::IllegalTarget { index, target });
            }
            if let Some(c) = count {
                let first = usize::from(c.first);
                if picked[first..index].contains(&target) {
                    return Err(RejectedChoice::RepeatedTarget { index, target });
                }
            }
        }
        Ok(())
    }

    /// What the default policy chooses for `selectors` (ruling R9): for each selector the
    /// first legal permanent an opponent controls, else the controller's own; for a count,
    /// the first different ones in that order, an `up to` count leaving the rest empty.
    /// `None` when a selector has no legal permanent it may take (the text does not
    /// resolve).
    pub(crate) fn default_targets(
        &self,
        selectors: &[Selector],
        counts: &[TargetCount],
        you: PlayerId,
        source: PermanentId,
    ) -> Option<crate::choices::ChosenTargets> {
        let mut out = crate::choices::ChosenTargets::new();
        for (slot, &s) in selectors.iter().enumerate() {
            let count = count_of(counts, slot);
            let taken: &[PermanentId] = match count {
                Some(c) => out.as_slice().get(usize::from(c.first)..).unwrap_or(&[]),
                None => &[],
            };
            let legal = |p: &&crate::game::Permanent| {
                !taken.contains(&p.id) && self.selects_from(p.id, s, you, Some(source))
            };
            let found = self
                .map()
                .filter(|p| p.controller != you)
                .find(legal)
                .or_else(|| self.map().filter(|p| p.controller == you).find(legal))
                .map(|p| p.id);
            let t = match (found, count) {
                (Some(t), _) => t,
                (None, Some(c)) if c.up_to => PermanentId::NONE,
                (None, _) => return None,
            };
            out.push(t).ok()?;
        }
        Some(out)
    }
}
