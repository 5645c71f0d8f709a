//! Scripted players: a scenario's `choices` answered to the engine through its `Choices`
//! trait, with a record of what was used so a choice that never applied fails the scenario.

use super::format;
use cardc_engine::{
    BandId, BandRequest, Choices, ChosenModes, ChosenTargets, Game, ModeRequest, PermanentId,
    TargetRequest, TwistRequest,
};
use std::collections::{BTreeMap, VecDeque};
use std::sync::{Arc, Mutex, PoisonError};

/// What the script still holds and what it was asked.
#[derive(Debug, Default)]
struct Script {
    /// Target handles not yet used, with their permanents.
    targets: VecDeque<(String, PermanentId)>,
    /// The answer to optional Twists, if the scenario gives one.
    twist: Option<bool>,
    /// Optional Twists asked about.
    twists_asked: usize,
    /// Options of modal texts not yet used (ruling R81).
    modes: VecDeque<u8>,
    /// Bands to move to not yet used (ruling R96).
    bands: VecDeque<u8>,
}

/// The scenario's scripted choices: installed on the game, checked after the action.
#[derive(Debug, Clone, Default)]
pub struct Scripted(Arc<Mutex<Script>>);

impl Scripted {
    /// The script for `choices`, its handles resolved through `ids`; an unknown handle is
    /// an error.
    pub fn new(
        choices: &format::Choices,
        ids: &BTreeMap<String, PermanentId>,
        errors: &mut Vec<String>,
    ) -> Self {
        let mut targets = VecDeque::new();
        for h in &choices.targets {
            if h == super::run::NONE {
                targets.push_back((h.clone(), PermanentId::NONE));
                continue;
            }
            match ids.get(h) {
                Some(&id) => targets.push_back((h.clone(), id)),
                None => errors.push(format!("choices.targets: no permanent {h:?}")),
            }
        }
        Scripted(Arc::new(Mutex::new(Script {
            targets,
            twist: choices.twist,
            twists_asked: 0,
            modes: choices.modes.iter().copied().collect(),
            bands: choices.bands.iter().copied().collect(),
        })))
    }

    /// What the engine consults (it shares the script with `self`).
    pub fn player(&self) -> Box<dyn Choices> {
        Box::new(self.clone())
    }

    /// A choice the scenario gave that never applied, as an error.
    pub fn unused(&self, errors: &mut Vec<String>) {
        let script = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if !script.targets.is_empty() {
            let left: Vec<&str> = script.targets.iter().map(|(h, _)| h.as_str()).collect();
            errors.push(format!(
                "choices.targets: {left:?} never used (no trigger chose that many targets)"
            ));
        }
        if !script.modes.is_empty() {
            errors.push(format!(
                "choices.modes: {:?} never used (no modal text chose that many options)",
                script.modes
            ));
        }
        if !script.bands.is_empty() {
            errors.push(format!(
                "choices.bands: {:?} never used (nothing moved that many times)",
                script.bands
            ));
        }
        if script.twist.is_some() && script.twists_asked == 0 {
            errors.push("choices.twist: no optional Twist fired".to_owned());
        }
    }
}

impl Choices for Scripted {
    /// The next handles of the script, one per `target …`; the default once the script has
    /// too few left (the rest is then reported unused).
    fn trigger_targets(&mut self, _: &Game, request: &TargetRequest<'_>) -> ChosenTargets {
        let mut script = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let n = request.selectors.len();
        if script.targets.len() < n {
            return request.default;
        }
        let mut picked = ChosenTargets::new();
        for (_, id) in script.targets.drain(..n) {
            // More than the engine's capacity is a wrong count either way; the engine
            // rejects it and says so.
            let _ = picked.push(id);
        }
        picked
    }

    /// The next options of the script, as many as the text chooses; the default once the
    /// script has too few left (the rest is then reported unused).
    /// The next Band of the script; the default once it has none left.
    fn band_to_move(&mut self, _: &Game, request: &BandRequest) -> BandId {
        let mut script = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        script.bands.pop_front().map_or(request.default, BandId)
    }

    fn modes(&mut self, _: &Game, request: &ModeRequest) -> ChosenModes {
        let mut script = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let n = usize::from(request.modes.choose);
        if script.modes.len() < n {
            return request.default;
        }
        let mut picked = ChosenModes::new();
        for i in script.modes.drain(..n) {
            let _ = picked.push(i);
        }
        picked
    }

    fn take_optional_twist(&mut self, _: &Game, _: &TwistRequest) -> bool {
        let mut script = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        script.twists_asked += 1;
        script.twist.unwrap_or(true)
    }
}
