//! Replacement effects, `If <something> would <happen>, <effect> instead.` (§7.5, §12.8;
//! rulings R102–R104).
//!
//! A would-event about to happen to a permanent on the Map looks for the replacements of
//! the permanents on the Map that watch it ([`Would`]). None: it happens. One: it does not
//! happen, and that replacement's `instead` resolves in its place, with the replacing card
//! as source and its controller as "you"; `that many` is what was replaced. Several: the
//! affected permanent's controller chooses one through [`Choices::replacement`]
//! (ruling R102); the event is then gone, so the others do not apply to it. A replacement
//! applies once per event and never to an event its own `instead` makes (ruling R102).
//!
//! [`Choices::replacement`]: crate::Choices::replacement

use crate::bounded::Bounded;
use crate::card::{Instead, Would};
use crate::ctx::Text;
use crate::event::{Event, Source};
use crate::game::Game;
use crate::ids::{PermanentId, PlayerId};

/// What would happen: the event kinds a replacement watches, one per [`Would`] variant.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Happening {
    /// Liberation counters would be placed on it.
    LiberationCounters,
    /// Story counters would be placed on it.
    StoryCounters,
    /// It would be destroyed.
    Destroyed,
    /// It would take damage (after DEF and prevention).
    Damage,
}

impl Happening {
    /// Whether `would` watches this kind of event (its subject aside).
    pub fn watched_by(self, would: Would) -> bool {
        matches!(
            (self, would),
            (
                Happening::LiberationCounters,
                Would::LiberationCountersBePlacedOn(_)
            ) | (Happening::StoryCounters, Would::StoryCountersBePlacedOn(_))
                | (Happening::Destroyed, Would::BeDestroyed(_))
                | (Happening::Damage, Would::TakeDamage(_))
        )
    }
}

/// One replacement that could apply: the permanent printing it and its index.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ReplacementOption {
    /// The permanent printing the replacement.
    pub holder: PermanentId,
    /// The replacement's index on its showing face.
    pub index: usize,
}

/// Two or more replacements would apply to one event: the affected permanent's controller
/// chooses which (ruling R102).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ReplacementRequest {
    /// The permanent the event would happen to.
    pub permanent: PermanentId,
    /// Its controller, who chooses.
    pub controller: PlayerId,
    /// What would happen.
    pub would: Happening,
    /// The replacements that could apply, holders in id order.
    pub options: Vec<ReplacementOption>,
    /// What the default policy chooses: the first option.
    pub default: usize,
}

impl Game {
    /// The replacements on the Map watching `happening` to `id`, not applying already.
    fn replacement_options(
        &self,
        happening: Happening,
        id: PermanentId,
    ) -> Vec<(ReplacementOption, Instead)> {
        let mut out = Vec::new();
        for s in self.map() {
            for (index, r) in s.data().replacements.iter().enumerate() {
                if happening.watched_by(r.would)
                    && !self.replacing.contains(&(s.id, index))
                    && self.covers(s, r.would.subject(), id)
                {
                    out.push((
                        ReplacementOption {
                            holder: s.id,
                            index,
                        },
                        r.instead,
                    ));
                }
            }
        }
        out
    }

    /// Applies a replacement to `happening` (of `amount`) about to happen to `id`, if one
    /// watches it: returns whether it was replaced (then it does not happen).
    pub(crate) fn replaced(&mut self, happening: Happening, id: PermanentId, amount: u32) -> bool {
        let Some(controller) = self.on_map(id).map(|p| p.controller) else {
            return false;
        };
        let options = self.replacement_options(happening, id);
        let pick = match options.len() {
            0 => return false,
            1 => 0,
            _ => {
                let request = ReplacementRequest {
                    permanent: id,
                    controller,
                    would: happening,
                    options: options.iter().map(|(o, _)| *o).collect(),
                    default: 0,
                };
                let picked = self.consult(|c, view| c.replacement(view, &request));
                if picked < options.len() {
                    picked
                } else {
                    self.emit(Event::ChoiceRejected {
                        permanent: id,
                        reason: crate::choices::RejectedChoice::IllegalReplacement { picked },
                    });
                    request.default
                }
            }
        };
        let Some(&(ReplacementOption { holder, index }, instead)) = options.get(pick) else {
            return false;
        };
        self.emit(Event::Replaced {
            permanent: id,
            holder,
            index,
            would: happening,
            amount,
        });
        self.replacing.push((holder, index));
        let outer = std::mem::replace(&mut self.replaced, amount);
        match instead {
            Instead::PlaceThatManyStoryCountersOnThisCard => self.place_story(holder, amount),
            Instead::Effect => self.replace_with_effect(holder, index),
            Instead::Nothing => {}
        }
        self.replaced = outer;
        self.replacing.pop();
        true
    }

    /// Resolves replacement `index` of `holder`'s showing face as an ordinary effect, with
    /// `holder` as the source and its controller as "you".
    fn replace_with_effect(&mut self, holder: PermanentId, index: usize) {
        let Some(h) = self.perm(holder) else { return };
        let (card, face) = (h.card, h.face);
        let source = Source {
            controller: h.controller,
            permanent: Some(holder),
        };
        self.resolve_effect(source, Bounded::new(), Text::Replacement, |fx| {
            card.0.replace(face, index, fx)
        });
    }

    /// Places `amount` Story counters on `id`, after replacements (ruling R102): they do
    /// nothing by themselves (ruling R64); one placing queues the `are placed` triggers
    /// (ruling R79).
    pub(crate) fn place_story(&mut self, id: PermanentId, amount: u32) {
        if amount == 0 || self.on_map(id).is_none() {
            return;
        }
        if self.replaced(Happening::StoryCounters, id, amount) {
            return;
        }
        if let Some(p) = self.perm_mut(id) {
            p.story_counters = p.story_counters.saturating_add(amount);
            self.emit(Event::StoryCountersPlaced {
                storyline: id,
                amount,
            });
            self.queue_counters_placed(id, true, amount);
        }
    }
}
