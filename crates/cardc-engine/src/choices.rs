//! The decisions the rules leave to players while the engine resolves triggers: which
//! permanents a triggered ability's `target …`s name (§7.3), and whether an optional Twist is
//! taken (§7.7 route 4); and, as a text is played or resolves, which options of a modal text
//! (`Choose one — …`, ruling R81) are chosen.
//!
//! A [`Game`] consults the [`Choices`] installed with [`Game::set_choices`]; with none
//! installed it plays [`AutoChoices`], the documented default policy (ruling R9): the first
//! legal permanent an opponent controls, else the controller's own; every optional Twist
//! taken. A choice the rules do not allow is rejected: the default policy's choice is used
//! instead and the log records [`Event::ChoiceRejected`] (ruling R27).
//!
//! The installed chooser belongs to the table, not to the game's state: it takes no part in
//! equality, and a clone of a [`Game`] plays with the default policy until it is given its own.
//!
//! # Example: a player who always targets the last legal permanent
//!
//! ```
//! use cardc_engine::*;
//!
//! struct LastLegal;
//! impl Choices for LastLegal {
//!     fn trigger_targets(&mut self, view: &Game, request: &TargetRequest<'_>) -> ChosenTargets {
//!         let mut picked = ChosenTargets::new();
//!         for n in 0..request.selectors.len() {
//!             if let Some(last) = request.legal(view, n).last() {
//!                 let _ = picked.push(last);
//!             }
//!         }
//!         picked
//!     }
//!     // `take_optional_twist` keeps the default policy: every optional Twist is taken.
//! }
//!
//! let mut game = Game::new(2);
//! assert!(game.set_choices(Box::new(LastLegal)).is_none());
//! ```

use crate::bounded::Bounded;
use crate::card::{Face, FaceData, Selector};
use crate::costs::ActivateRequest;
use crate::event::Event;
use crate::game::Game;
use crate::ids::{limits, BandId, PermanentId, PlayerId};
use crate::players::{DiscardRequest, PlayerRequest};
use std::fmt;

/// The targets chosen for one resolution, in order of the text's `target …`s.
pub type ChosenTargets = Bounded<PermanentId, { limits::MAX_CHOSEN }>;

/// A triggered ability (or a Storyline's Reversal text) about to resolve, whose controller
/// chooses its targets.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct TargetRequest<'a> {
    /// The permanent whose text resolves.
    pub source: PermanentId,
    /// Its controller: the player who chooses, and "you" for the selectors.
    pub controller: PlayerId,
    /// The face whose text resolves.
    pub face: Face,
    /// The index of the triggered ability on that face; `None` for a Reversal text.
    pub trigger: Option<usize>,
    /// One selector per `target …`, in order of appearance in the text (a counted one has
    /// one per permanent it may choose, ruling R82).
    pub selectors: &'a [Selector],
    /// The counted `target …`s among the selectors (ruling R82): their permanents must be
    /// different, and an `up to` one's slots may hold [`PermanentId::NONE`].
    pub counts: &'a [crate::counts::TargetCount],
    /// What the default policy chooses (every selector has at least one legal permanent,
    /// or nobody would have been asked).
    pub default: ChosenTargets,
}

impl TargetRequest<'_> {
    /// The permanents selector `n` may name, in id order (never the source for `another
    /// target …`, ruling R72).
    pub fn legal<'g>(&self, view: &'g Game, n: usize) -> impl Iterator<Item = PermanentId> + 'g {
        let selector = self.selectors.get(n).copied();
        let (you, source) = (self.controller, self.source);
        selector
            .into_iter()
            .flat_map(move |s| view.legal_targets(s, you, Some(source)))
    }

    /// Whether `picked` is a legal answer: [`Game::may_choose`] (rulings R27, R82).
    pub fn may_choose(&self, view: &Game, picked: &[PermanentId]) -> bool {
        view.may_choose(
            self.selectors,
            self.counts,
            picked,
            self.controller,
            Some(self.source),
        )
        .is_ok()
    }

    /// Whether `id` is a legal choice for selector `n`.
    pub fn is_legal(&self, view: &Game, n: usize, id: PermanentId) -> bool {
        self.selectors
            .get(n)
            .is_some_and(|&s| view.selects_from(id, s, self.controller, Some(self.source)))
    }
}

/// An optional trigger that has fired (`Whenever …, you may …`, ruling R114, or an optional
/// Twist, §7.7 route 4): its controller decides whether it resolves.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct TwistRequest {
    /// The Character whose Twist it is.
    pub permanent: PermanentId,
    /// Its controller, who decides.
    pub controller: PlayerId,
    /// The face printing the Twist.
    pub face: Face,
    /// The index of the Twist among that face's triggered abilities.
    pub trigger: usize,
    /// The Twist as printed (`Twist (optional): When …`).
    pub text: &'static str,
}

/// Who makes the players' decisions during trigger resolution.
///
/// Object-safe, `Send + Sync` like [`Card`](crate::Card). Each method's default body is the
/// default policy, so a chooser overrides only the decisions it makes and [`AutoChoices`]
/// overrides none. The `view` is the game as it stands, read-only.
pub trait Choices: Send + Sync {
    /// The targets of a triggered ability or Reversal text, one per selector, in order.
    ///
    /// Asked only when the text has at least one `target …` and every selector has a legal
    /// permanent (otherwise it does not resolve, ruling R9). An answer with the wrong number
    /// of targets, or a permanent its selector does not allow, is rejected and
    /// `request.default` is used instead (ruling R27).
    fn trigger_targets(&mut self, view: &Game, request: &TargetRequest<'_>) -> ChosenTargets {
        let _ = view;
        request.default
    }

    /// Whether an optional trigger (`you may …`, ruling R114) or optional Twist resolves
    /// (`true`) or is declined (`false`). Asked as it resolves, before its targets are
    /// chosen; a declined trigger does nothing at all.
    fn take_optional_twist(&mut self, view: &Game, twist: &TwistRequest) -> bool {
        let _ = (view, twist);
        true
    }

    /// The player of a `target player` / `target opponent`, asked as the first step naming
    /// it resolves (ruling R33). An illegal answer (no such seat; the controller for `target
    /// opponent`) is rejected and `request.default`, the next opponent in turn order, is used.
    fn target_player(&mut self, view: &Game, request: &PlayerRequest) -> PlayerId {
        let _ = view;
        request.default
    }

    /// Which known cards of the hand a discarding player discards (ruling R34); the rest of
    /// `request.count` are unknown cards. An illegal answer is rejected and `request.default`
    /// (unknown cards first, then the latest-returned known ones) is used.
    fn discard(&mut self, view: &Game, request: &DiscardRequest) -> Vec<PermanentId> {
        let _ = view;
        request.default.clone()
    }

    /// Which other permanent an `Activate another <kind> you control` cost activates (ruling
    /// R54). An illegal answer (the source itself, one not readied, of another kind or
    /// controller) is rejected and `request.default`, the first legal one by id, is used.
    fn activate_for_cost(&mut self, view: &Game, request: &ActivateRequest) -> PermanentId {
        let _ = view;
        request.default
    }

    /// Which options of a modal text (`Choose one — …`, ruling R81) are chosen: exactly
    /// `request.modes.choose` different available options, by index in printed order, in
    /// any order (they resolve in printed order). Asked as a Maneuver or an activated
    /// ability is played, or as a trigger or a Reversal resolves, before its targets. An
    /// illegal answer is rejected and `request.default`, the first available options, used.
    fn modes(
        &mut self,
        view: &Game,
        request: &crate::modes::ModeRequest,
    ) -> crate::modes::ChosenModes {
        let _ = view;
        request.default
    }

    /// Which card of the Depleted Pile `Return a <kind> card from your Depleted Pile to your
    /// hand` returns (ruling R58). An illegal answer (not in the pile, of another kind, a
    /// Location) is rejected and `request.default`, the latest to arrive, is used.
    fn card_from_depleted_pile(
        &mut self,
        view: &Game,
        request: &crate::pile::PileRequest,
    ) -> PermanentId {
        let _ = view;
        request.default
    }
    /// Which of two or more replacements watching one event applies (ruling R102): an
    /// index into `request.options`. Asked of the controller of the permanent the event
    /// would happen to; the others do not apply to it. An answer with no such option is
    /// rejected and `request.default`, the first option, is used.
    fn replacement(
        &mut self,
        view: &Game,
        request: &crate::replacements::ReplacementRequest,
    ) -> usize {
        let _ = view;
        request.default
    }

    /// Which Band `Move <target> to an adjacent Band` moves a permanent to (ruling R96),
    /// asked of the effect's controller for each permanent as it moves. An illegal answer (a
    /// Band not adjacent, its own, the Space Band) is rejected and `request.default`, the
    /// lowest id, is used.
    fn band_to_move(&mut self, view: &Game, request: &crate::movement::BandRequest) -> BandId {
        let _ = view;
        request.default
    }
}

/// The default policy (ruling R9): trigger targets are the first legal permanent an opponent
/// controls (by id), else the first legal one of the controller's own; every optional Twist is
/// taken. A game with no chooser installed plays it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct AutoChoices;

impl Choices for AutoChoices {}

/// Why a player's choice was rejected (ruling R27).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RejectedChoice {
    /// Not one target per `target …`.
    TargetCount {
        /// The number of `target …`s in the text.
        expected: usize,
        /// The number chosen.
        got: usize,
    },
    /// A chosen permanent its selector does not allow (wrong kind or controller, or not on
    /// the Map).
    IllegalTarget {
        /// Which `target …` (0-based).
        index: usize,
        /// The permanent chosen.
        target: PermanentId,
    },
    /// A permanent chosen twice by one counted `target …` (`two target Devices` are two
    /// different Devices, ruling R82).
    RepeatedTarget {
        /// Which selector (0-based) repeated it.
        index: usize,
        /// The permanent chosen again.
        target: PermanentId,
    },
    /// A `target player` / `target opponent` answered with no such seat, or with the
    /// controller for `target opponent` (ruling R33).
    IllegalPlayer {
        /// Which targeted player (0-based).
        index: u8,
        /// The player chosen.
        player: PlayerId,
    },
    /// Discarded cards that are not in the hand, twice, too many, or too few known ones for
    /// the unknown cards left (ruling R34).
    IllegalDiscard,
    /// An `Activate another <kind> you control` cost answered with a permanent it does not
    /// allow: the source itself, one not readied, or of another kind or controller (ruling
    /// R54).
    IllegalActivation(PermanentId),
    /// A `Return a <kind> card from your Depleted Pile` answered with a card that is not a
    /// legal entry of the pile (ruling R58).
    IllegalPileCard(PermanentId),
    /// A `Move <target> to an adjacent Band` answered with a Band it may not move to (ruling
    /// R96).
    IllegalBand(BandId),
    /// A modal text's options answered with the wrong number of options, one twice, or
    /// one whose targets have no legal permanent (ruling R81).
    IllegalModes,
    /// A choice among replacements answered with no such option (ruling R102).
    IllegalReplacement {
        /// The index answered.
        picked: usize,
    },
}

/// The slot holding a game's chooser. Not game state: equal to any other slot, and empty in a
/// clone (a chooser may hold a connection to a player, which cannot be cloned).
#[derive(Default)]
pub(crate) struct ChoicesSlot(Option<Box<dyn Choices>>);

impl Clone for ChoicesSlot {
    fn clone(&self) -> Self {
        ChoicesSlot(None)
    }
}

impl PartialEq for ChoicesSlot {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for ChoicesSlot {}

impl fmt::Debug for ChoicesSlot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(_) => f.write_str("Choices(installed)"),
            None => f.write_str("AutoChoices"),
        }
    }
}

/// Openings of the printed sentences that are triggered abilities (the canonical rules text
/// of `cardc_ir::text::ability`, which generated `FaceData::text` carries).
const TRIGGER_HEADS: [&str; 5] = [
    "When ",
    "Whenever ",
    "At the start of your turn",
    "Twist: ",
    OPTIONAL_TWIST,
];

/// How an optional Twist is printed.
const OPTIONAL_TWIST: &str = "Twist (optional): ";

fn is_trigger_sentence(s: &str) -> bool {
    TRIGGER_HEADS.iter().any(|h| s.starts_with(h))
}

impl FaceData {
    /// The printed sentence of triggered ability `index`: the `index`th sentence of
    /// [`FaceData::text`] that is a triggered ability or a Twist. `None` when the text does
    /// not print exactly one such sentence per entry of [`FaceData::triggers`] (a hand-written
    /// face without text, say), since the two could not be matched up.
    pub fn trigger_text(&self, index: usize) -> Option<&'static str> {
        let sentences = || self.text.iter().copied().filter(|s| is_trigger_sentence(s));
        if sentences().count() != self.triggers.len() {
            return None;
        }
        sentences().nth(index)
    }

    /// Whether triggered ability `index` is optional: `you may …` (ruling R114) or `Twist
    /// (optional): …` (§7.7 route 4), marked in its [`TriggerData::optional`](crate::TriggerData).
    pub fn is_optional_twist(&self, index: usize) -> bool {
        self.triggers.get(index).is_some_and(|t| t.optional)
    }
}

impl Game {
    /// Installs the chooser the game consults for the players' decisions; returns the one it
    /// replaces. Without one the game plays [`AutoChoices`].
    pub fn set_choices(&mut self, choices: Box<dyn Choices>) -> Option<Box<dyn Choices>> {
        self.choices.0.replace(choices)
    }

    /// Removes the installed chooser (the game then plays [`AutoChoices`]) and returns it.
    pub fn take_choices(&mut self) -> Option<Box<dyn Choices>> {
        self.choices.0.take()
    }

    /// The permanents on the Map that `selector` allows, from `you`'s point of view, for the
    /// text of `source` (`None` for a Maneuver's), in id order: the legal choices for a
    /// `target …` ([`Game::selects_from`]: never the source for `another`, ruling R72; Band
    /// filters read from the source, ruling R107).
    pub fn legal_targets(
        &self,
        selector: Selector,
        you: PlayerId,
        source: Option<PermanentId>,
    ) -> impl Iterator<Item = PermanentId> + '_ {
        self.map()
            .map(|p| p.id)
            .filter(move |&id| self.selects_from(id, selector, you, source))
    }

    /// Asks the installed chooser (or [`AutoChoices`]). The chooser is out of its slot while
    /// it looks at the game, so the view it gets has none: nothing can ask it again from there.
    pub(crate) fn consult<T>(&mut self, ask: impl FnOnce(&mut dyn Choices, &Game) -> T) -> T {
        match self.choices.0.take() {
            Some(mut chooser) => {
                let answer = ask(chooser.as_mut(), self);
                self.choices.0 = Some(chooser);
                answer
            }
            None => ask(&mut AutoChoices, self),
        }
    }

    /// Whether the controller takes optional trigger `index` of `id`'s `face` (always `true`
    /// for a trigger that is not optional).
    pub(crate) fn twist_taken(&mut self, id: PermanentId, face: Face, index: usize) -> bool {
        let Some(p) = self.perm(id) else { return true };
        let Some(data) = p.card.face(face) else {
            return true;
        };
        if !data.is_optional_twist(index) {
            return true;
        }
        // The printed sentence, for a player's prompt; empty for a face without text.
        let text = data.trigger_text(index).unwrap_or_default();
        let twist = TwistRequest {
            permanent: id,
            controller: p.controller,
            face,
            trigger: index,
            text,
        };
        self.consult(|c, view| c.take_optional_twist(view, &twist))
    }

    /// The targets of a resolving trigger or Reversal text: the controller's choice if it is
    /// legal, else the default policy's (logged, ruling R27). `None` when a selector has no
    /// legal permanent: the text does not resolve (ruling R9).
    pub(crate) fn trigger_targets(
        &mut self,
        source: PermanentId,
        face: Face,
        trigger: Option<usize>,
        (selectors, counts): (&[Selector], &[crate::counts::TargetCount]),
    ) -> Option<ChosenTargets> {
        let controller = self.perm(source)?.controller;
        let default = self.default_targets(selectors, counts, controller, source)?;
        if selectors.is_empty() {
            return Some(default);
        }
        let request = TargetRequest {
            source,
            controller,
            face,
            trigger,
            selectors,
            counts,
            default,
        };
        let picked = self.consult(|c, view| c.trigger_targets(view, &request));
        match self.may_choose(
            selectors,
            counts,
            picked.as_slice(),
            controller,
            Some(source),
        ) {
            Ok(()) => Some(picked),
            Err(reason) => {
                self.emit(Event::ChoiceRejected {
                    permanent: source,
                    reason,
                });
                Some(default)
            }
        }
    }
}
