//! Prohibitions (docs/vocabulary-v2.md §13, rulings R84 and R85): statics that forbid a
//! choice or an action of the Liberation rules (§12) for the permanents their subject
//! covers. What each static row forbids is `StaticKind::prohibits`, one arm per row, so a new
//! prohibition does not build until the engine says which step it binds; the steps ask
//! `Game::prohibited` as they check their choices (`liberation/steps.rs`: Step 1 liberators,
//! Step 2 targets, Step 3 garrisons) and every removal of Liberation counters asks it too
//! (`ctx.rs` for effects, `costs.rs` for costs).

use crate::card::StaticKind;
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

impl Game {
    /// Whether `what` is forbidden to permanent `id` right now: a static of a permanent on
    /// the Map forbids it, covers `id` (`Game::covers`) and its condition, if any, holds
    /// (ruling R70, read at each check).
    pub fn prohibited(&self, id: PermanentId, what: Prohibited) -> bool {
        self.map().any(|source| {
            source.data().statics.iter().any(|s| {
                s.kind.prohibits() == Some(what)
                    && self.covers(source, s.subject, id)
                    && s.condition
                        .is_none_or(|c| self.holds(c, source.id, source.controller))
            })
        })
    }
}
