//! A card wrapper that records which behaviour the engine asked a card for, so tests can
//! tell which abilities actually resolved (and which did not).

use cardc_engine::{Card, Effects, Face, FaceData};
use std::sync::{Arc, Mutex};

/// Which behaviour method resolved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Method {
    /// `Card::ability`: an activated ability.
    Ability,
    /// `Card::trigger`: a triggered ability (or Twist).
    Trigger,
    /// `Card::replace`: a replacement effect's `instead`.
    Replace,
    /// `Card::play`: a Maneuver's or Reversal's text.
    Play,
}

/// One resolution: card name, face, method and index (0 for `play`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Resolved {
    /// The card's name.
    pub card: &'static str,
    /// The face whose text resolved.
    pub face: Face,
    /// The method.
    pub method: Method,
    /// The ability's index in its list.
    pub index: usize,
}

/// The shared log of one scenario run.
pub type Log = Arc<Mutex<Vec<Resolved>>>;

/// A card that forwards to `inner` and logs each behaviour call.
pub struct Recorded {
    inner: &'static dyn Card,
    log: Log,
}

impl Recorded {
    /// Wraps `inner` for the length of the program (scenario boards are small).
    pub fn leak(inner: &'static dyn Card, log: &Log) -> &'static dyn Card {
        Box::leak(Box::new(Recorded {
            inner,
            log: Arc::clone(log),
        }))
    }

    fn note(&self, face: Face, method: Method, index: usize) {
        if let Ok(mut log) = self.log.lock() {
            log.push(Resolved {
                card: self.inner.name(),
                face,
                method,
                index,
            });
        }
    }
}

impl Card for Recorded {
    fn face(&self, face: Face) -> Option<&'static FaceData> {
        self.inner.face(face)
    }

    fn ability(&self, face: Face, index: usize, fx: &mut dyn Effects) {
        self.note(face, Method::Ability, index);
        self.inner.ability(face, index, fx);
    }

    fn trigger(&self, face: Face, index: usize, fx: &mut dyn Effects) {
        self.note(face, Method::Trigger, index);
        self.inner.trigger(face, index, fx);
    }

    fn replace(&self, face: Face, index: usize, fx: &mut dyn Effects) {
        self.note(face, Method::Replace, index);
        self.inner.replace(face, index, fx);
    }

    fn play(&self, face: Face, fx: &mut dyn Effects) {
        self.note(face, Method::Play, 0);
        self.inner.play(face, fx);
    }

    fn modes(&self, face: Face, text: cardc_engine::ModalText) -> Option<cardc_engine::ModeData> {
        self.inner.modes(face, text)
    }

    fn counts(
        &self,
        face: Face,
        text: cardc_engine::ModalText,
    ) -> &'static [cardc_engine::TargetCount] {
        self.inner.counts(face, text)
    }
}
