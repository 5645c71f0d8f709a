//! Prohibitions (docs/vocabulary-v2.md §13, rulings R84 and R85): statics that forbid a
//! choice or an action of the Liberation rules (§12) for the permanents their subject
//! covers. What each static row forbids is `StaticKind::prohibits`, one arm per row, so a new
//! prohibition does not build until the engine says which step it binds; the steps ask
//! `Game::prohibited` as they check their choices (`liberation/steps.rs`: Step 1 liberators,
//! Step 2 targets, Step 3 garrisons) and every removal of Liberation counters asks it too
//! (`ctx.rs` for effects, `costs.rs` for costs).
//!
//! A prohibition can also be made for a time by an effect (`Target Character an opponent
//! controls can't be Activated as a liberator this turn.`, ruling R86): a
//! [`TimedProhibition`] on each permanent the target names as the effect resolves, read by
//! the same `Game::prohibited` and ended with the one-shot stat changes of the same
//! duration (`Game::end_changes`).

use crate::card::{Duration, StaticKind};
use crate::game::Game;
use crate::ids::PermanentId;
use crate::liberation::Step;

/// What a prohibition forbids.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Prohibited {
    /// Being declared as a Liberation target (Step 2, §12.3).
    Declared,
    /// Being Activated as a liberator (Step 1, §12.2).
    Liberator,
    /// Being declared as a garrison (Step 3, §12.4).
    Garrison,
    /// Having Liberation counters removed, by an effect or a cost (ruling R85).
    CounterRemoval,
}

impl Prohibited {
    /// The step of a Liberation at which the engine refuses the choice; `None` for a removal
    /// of counters, refused whenever it happens.
    pub fn step(self) -> Option<Step> {
        match self {
            Prohibited::Declared => Some(Step::Declare),
            Prohibited::Liberator => Some(Step::Activate),
            Prohibited::Garrison => Some(Step::Defend),
            Prohibited::CounterRemoval => None,
        }
    }
}

impl StaticKind {
    /// What this static forbids the permanents it covers, if it is a prohibition.
    pub fn prohibits(&self) -> Option<Prohibited> {
        match self {
            StaticKind::Bonus { .. } | StaticKind::BonusForEach { .. } => None,
            // §12.3: "declare any number of opposing permanents with printed Rank": one the
            // static covers is not a legal target (ruling R84).
            StaticKind::NotDeclared => Some(Prohibited::Declared),
            // §12.2: "the active player may Activate any number of Characters and Ground
            // Units": one the static covers may not be one of them (ruling R84).
            StaticKind::NotLiberator => Some(Prohibited::Liberator),
            // §12.4: a readied unit occupying a declared target may garrison it, unless the
            // static covers it (ruling R84).
            StaticKind::NotGarrison => Some(Prohibited::Garrison),
            // Ruling R85: no removal takes Liberation counters from a covered permanent.
            StaticKind::KeepsCounters => Some(Prohibited::CounterRemoval),
        }
    }
}

/// A prohibition an effect made for a time (ruling R86): in force on one permanent, fixed
/// as the effect resolved (ruling R42), until its duration ends.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct TimedProhibition {
    /// The permanent.
    pub permanent: PermanentId,
    /// What it may not do or have done.
    pub what: Prohibited,
    /// When it ends.
    pub until: Duration,
}

impl Game {
    /// Whether `what` is forbidden to permanent `id` right now: a prohibition made for a time
    /// is in force on it (ruling R86), or a static of a permanent on the Map forbids it,
    /// covers `id` (`Game::covers`) and its condition, if any, holds (ruling R70, read at
    /// each check).
    pub fn prohibited(&self, id: PermanentId, what: Prohibited) -> bool {
        self.forbidden
            .iter()
            .any(|f| f.permanent == id && f.what == what)
            || self.map().any(|source| {
                source.data().statics.iter().any(|s| {
                    s.kind.prohibits() == Some(what)
                        && self.covers(source, s.subject, id)
                        && s.condition
                            .is_none_or(|c| self.holds(c, source.id, source.controller))
                })
            })
    }

    /// Forbids `what` to permanent `id` until `until` ends (ruling R86). `until the end of
    /// the Liberation` with no Liberation under way does nothing, as with a stat change
    /// (ruling R41): it would end as it began.
    pub(crate) fn forbid(&mut self, id: PermanentId, what: Prohibited, until: Duration) {
        if self.on_map(id).is_none()
            || (until == Duration::UntilEndOfLiberation && self.liberation.is_none())
        {
            return;
        }
        self.forbidden.push(TimedProhibition {
            permanent: id,
            what,
            until,
        });
        self.emit(crate::event::Event::Forbidden {
            permanent: id,
            what,
            until,
        });
    }

    /// Ends the prohibitions made `until` (ruling R86), each logged.
    pub(crate) fn end_prohibitions(&mut self, until: Duration) {
        let (ended, kept): (Vec<_>, Vec<_>) = std::mem::take(&mut self.forbidden)
            .into_iter()
            .partition(|f| f.until == until);
        self.forbidden = kept;
        for f in ended {
            self.emit(crate::event::Event::ForbiddingEnded {
                permanent: f.permanent,
                what: f.what,
            });
        }
    }

    /// The prohibitions made for a time in force, in the order they were made (ruling R86).
    pub fn timed_prohibitions(&self) -> &[TimedProhibition] {
        &self.forbidden
    }
}
