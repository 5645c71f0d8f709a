//! Modes (ruling R81): `Choose one — <option>; or <option>` and `Choose two — …`.
//!
//! A modal text's [`ModeData`] (from [`Card::modes`](crate::Card::modes)) says how many
//! options are chosen and how many of the text's `target …` selectors each option has (the
//! options' selectors follow one another in printed order). Its controller chooses the
//! options through [`Choices::modes`](crate::Choices::modes): for a Maneuver or an activated
//! ability as it is played, for a trigger or a Reversal text as it resolves (R9's moment);
//! the modes first, then only the chosen options' targets. An option is *available* when
//! each of its selectors has a legal permanent; with fewer available options than it
//! chooses, a Maneuver or ability cannot be played and a trigger or Reversal does nothing.
//! The default policy takes the first available options in printed order; an answer that is
//! not that many different available options is rejected (logged as
//! [`RejectedChoice::IllegalModes`], ruling R27) and the default used. The chosen options
//! resolve in printed order, whatever order they were named in; generated code asks
//! [`Quantities::chose`](crate::Quantities::chose) before each option.

use crate::bounded::Bounded;
use crate::card::{Face, Selector};
use crate::choices::RejectedChoice;
use crate::ctx::Chosen;
use crate::event::Event;
use crate::game::Game;
use crate::ids::{PermanentId, PlayerId};

/// Most options one modal text may print (one bit each of [`ModeMask`]).
pub const MAX_MODES: usize = 8;

/// The options chosen, as a bit per option (bit `i`: option `i`, in printed order).
pub type ModeMask = u8;

/// No option: what a text without [`ModeData`] resolves with. Such a text asks for no
/// option; if it did (a card whose `Card::modes` forgot its choice), none would resolve, so
/// nothing is ever played that was not chosen.
pub(crate) const NO_MODES: ModeMask = 0;

/// The options a player names, in any order (each once).
pub type ChosenModes = Bounded<u8, MAX_MODES>;

/// A modal text's shape: `Choose <choose> — …` with one entry per option.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ModeData {
    /// How many different options are chosen.
    pub choose: u8,
    /// The index of the first option's first selector: a Maneuver's or a Reversal's
    /// sentences before the modal one may choose targets of their own.
    pub first: u8,
    /// The number of `target …` selectors of each option, in printed order.
    pub options: &'static [u8],
}

/// Which text of a face is modal: the argument of [`Card::modes`](crate::Card::modes).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ModalText {
    /// Activated ability `index`.
    Ability(usize),
    /// Triggered ability `index`.
    Trigger(usize),
    /// A Maneuver's text or a Storyline's Reversal text.
    Play,
}

/// A modal text about to be played or to resolve: its controller chooses the options.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ModeRequest {
    /// The permanent whose text it is (`None` for a Maneuver).
    pub source: Option<PermanentId>,
    /// The player who chooses.
    pub controller: PlayerId,
    /// The face printing the text.
    pub face: Face,
    /// Which text.
    pub text: ModalText,
    /// How many options to choose and their selectors.
    pub modes: ModeData,
    /// The available options: those whose every selector has a legal permanent.
    pub available: ModeMask,
    /// What the default policy chooses: the first available options in printed order.
    pub default: ChosenModes,
}

impl ModeRequest {
    /// Whether option `i` may be chosen.
    pub fn is_available(&self, i: u8) -> bool {
        i < 8 && self.available & (1 << i) != 0
    }
}

/// The indices of the selectors (of `total`) whose targets are chosen: every selector
/// outside the options, and those of the options in `mask`, in order.
pub(crate) fn selectors_of(data: &ModeData, mask: ModeMask, total: usize) -> Vec<usize> {
    let mut skipped = vec![false; total];
    let mut start = usize::from(data.first);
    for (i, &n) in data.options.iter().enumerate() {
        let n = usize::from(n);
        if !(i < MAX_MODES && mask & (1 << i) != 0) {
            for s in skipped.iter_mut().skip(start).take(n) {
                *s = true;
            }
        }
        start += n;
    }
    (0..total).filter(|&g| !skipped[g]).collect()
}

/// The chosen targets of the selectors `active` (in order), laid out at their global index
/// among `total` selectors; a selector of an option not chosen holds an id that is never on
/// the Map, so nothing could reach it (and its option does not resolve).
pub(crate) fn spread(active: &[usize], picked: &[PermanentId], total: usize) -> Option<Chosen> {
    let mut out = Chosen::new();
    for g in 0..total {
        let id = match active.iter().position(|&a| a == g) {
            Some(k) => *picked.get(k)?,
            None => PermanentId::NONE,
        };
        out.push(id).ok()?;
    }
    Some(out)
}

impl Game {
    /// The options chosen for a modal text (`None` when too few are available: it is not
    /// played, or does nothing). `source` is the permanent printing it, if any.
    pub(crate) fn choose_modes(
        &mut self,
        source: Option<PermanentId>,
        controller: PlayerId,
        face: Face,
        text: ModalText,
        data: ModeData,
        selectors: &[Selector],
    ) -> Option<ModeMask> {
        let mut available: ModeMask = 0;
        let mut default = ChosenModes::new();
        let mut start = usize::from(data.first);
        for (i, &n) in data.options.iter().enumerate().take(MAX_MODES) {
            let n = usize::from(n);
            let legal = (start..start + n).all(|g| {
                selectors
                    .get(g)
                    .is_some_and(|&s| self.legal_targets(s, controller, source).next().is_some())
            });
            start += n;
            if legal {
                let i = u8::try_from(i).ok()?;
                available |= 1 << i;
                if default.len() < usize::from(data.choose) {
                    let _ = default.push(i);
                }
            }
        }
        if data.choose == 0 || default.len() < usize::from(data.choose) {
            return None;
        }
        let request = ModeRequest {
            source,
            controller,
            face,
            text,
            modes: data,
            available,
            default,
        };
        let picked = self.consult(|c, view| c.modes(view, &request));
        match mask_of(&request, picked.as_slice()) {
            Some(mask) => Some(mask),
            None => {
                self.emit(Event::PlayerChoiceRejected {
                    player: controller,
                    reason: RejectedChoice::IllegalModes,
                });
                mask_of(&request, default.as_slice())
            }
        }
    }
}

/// `picked` as a mask, if it names exactly `choose` different available options.
fn mask_of(request: &ModeRequest, picked: &[u8]) -> Option<ModeMask> {
    if picked.len() != usize::from(request.modes.choose) {
        return None;
    }
    let mut mask: ModeMask = 0;
    for &i in picked {
        if !request.is_available(i) || mask & (1 << i) != 0 {
            return None;
        }
        mask |= 1 << i;
    }
    Some(mask)
}

impl Game {
    /// The targets (and options) of a resolving trigger or Reversal text: for a modal one,
    /// its options are chosen first and only their selectors' targets after (ruling R81);
    /// `None` when it does not resolve (too few options available, or a selector with no
    /// legal permanent, ruling R9).
    pub(crate) fn modal_trigger_targets(
        &mut self,
        source: PermanentId,
        face: Face,
        trigger: Option<usize>,
        selectors: &[Selector],
    ) -> Option<(Chosen, ModeMask)> {
        let p = self.perm(source)?;
        let (card, controller) = (p.card, p.controller);
        let text = trigger.map_or(ModalText::Play, ModalText::Trigger);
        let Some(data) = card.0.modes(face, text) else {
            let counts = card.0.counts(face, text);
            let chosen = self.trigger_targets(source, face, trigger, (selectors, counts))?;
            return Some((chosen, NO_MODES));
        };
        let Some(mask) = self.choose_modes(Some(source), controller, face, text, data, selectors)
        else {
            self.emit(Event::ModesUnavailable { permanent: source });
            return None;
        };
        let active = selectors_of(&data, mask, selectors.len());
        let wanted: Vec<Selector> = active
            .iter()
            .filter_map(|&g| selectors.get(g).copied())
            .collect();
        // A modal text's options count no targets (cardc refuses it, `E0300`).
        let picked = self.trigger_targets(source, face, trigger, (&wanted, &[]))?;
        let chosen = spread(&active, picked.as_slice(), selectors.len())?;
        Some((chosen, mask))
    }
}
