//! The core rules engine of the card game: §7 Characters and §12 Liberation, exactly.
//!
//! # Shape
//!
//! * [`Game`] is the whole state: players in turn order (Treasury, Story Points, Resource
//!   Pool), the Map of Bands (one of them the Space Band), permanents (controller, owner,
//!   face, readied/activated, deployed this turn, CP, Liberation counters, garrison status)
//!   and the Depleted Pile. Every action is a method that validates fully, then acts, and
//!   returns a typed error naming the rule it would break — an error changes nothing.
//! * §7: [`Game::use_ability`] (Character Abilities and Activated Character Abilities),
//!   [`Game::character_action`] (Morality Penalties, Falling), [`Game::combat_damage`] (DEF
//!   netting), [`Game::deploy`], [`Game::end_turn`], [`Game::flip`].
//! * §12: one method per step, see [`liberation`]. The concealed assignment is held only by
//!   the liberating player's [`SealedAssignment`]; the game holds a SHA-256 [`Commitment`],
//!   bound to its Liberation ([`Binding`]), and the defender's [`DefenceView`] has no field
//!   that could hold the values. No Liberation can stop the game: [`Game::time_out`] and
//!   [`Game::concede_liberation`] leave every step ([`liberation::exit`]).
//! * Cards: the generated crate implements [`Card`] once per card — `const` [`FaceData`] per
//!   face, plus `ability` / `trigger` / `play` bodies that call [`Effects`] primitives, which
//!   the engine resolves one whole text at a time (the §12.8 continuous check runs once the
//!   text has finished). The engine decides when [`Trigger`]s fire, applies statics and
//!   replacements, and keeps the
//!   game log of [`Event`]s, precise enough to tell combat kills from Liberation kills
//!   ([`DestroyedBy`]) and damage from CP loss.
//! * Players' decisions during resolution — a triggered ability's targets, whether an
//!   optional Twist is taken — are asked of the [`Choices`] installed with
//!   [`Game::set_choices`]; without one the game plays [`AutoChoices`], the documented default
//!   policy. An illegal choice is replaced by the default and logged (rulings R9, R27).
//! * [`harness`]: a board builder and a one-call Liberation runner for tests and benches.
//!
//! # Allocation
//!
//! Liberation steps keep their lists inline ([`Bounded`]); the log and trigger queue have
//! capacity reserved at construction. The per-step hot path does not allocate (a test counts
//! allocations).
//!
//! The rules coverage, every ruling on an ambiguity and the small model of the sections the
//! engine does not own are in `docs/rules-coverage.md`.

#![warn(missing_docs)]

pub mod bounded;
pub mod card;
mod characters;
pub mod choices;
mod conditions;
pub mod control;
mod core;
pub mod cost_changes;
pub mod costs;
pub mod counts;
mod ctx;
pub mod effects;
pub mod error;
pub mod event;
mod filters;
pub mod game;
pub mod harness;
pub mod ids;
pub mod keywords;
pub mod liberation;
mod modes;
mod movement;
mod pile;
mod players;
pub mod prohibitions;
pub mod quantity;
pub mod replacements;
mod statics;
mod stats;
mod targets;
mod triggers;
mod vocabulary;
mod vox;

pub use bounded::Bounded;
pub use card::{
    find_card, AbilityData, BonusStat, Card, CardRef, Condition, Controller, Cost, Drive, Duration,
    EventSubject, ExitClause, Face, FaceData, Filter, Filters, Group, Instead, Keyword, Kind,
    Morality, Penalty, PermanentKind, Rank, ReplacementData, Selector, Speed, StatValue, Static,
    StaticKind, Subject, Trigger, TriggerData, Would,
};
pub use characters::{net_damage, Hit};
pub use choices::{
    AutoChoices, Choices, ChosenTargets, RejectedChoice, TargetRequest, TwistRequest,
};
pub use control::TimedControl;
pub use cost_changes::{CostChange, CostGroup, CostPlayer};
pub use counts::TargetCount;
pub use effects::{Effects, Target, Who};
pub use error::ActionError;
pub use event::{CpLoss, DestroyedBy, Event, FallRoute, Source};
pub use filters::{BandMap, Facts, Origin};
pub use game::{AbilitiesUsed, BandKind, Game, GameId, Permanent, Player, Zone};
pub use ids::{limits, BandId, IdList, PermanentId, PlayerId};
pub use liberation::commit::{Assignment, Binding, Commitment, Opening, Salt, SealedAssignment};
pub use liberation::error::LiberationError;
pub use liberation::exit::{TimedOut, VoidCause, Voided};
pub use liberation::{Committed, DefenceView, Liberation, Payment, Revealed, SlotOutcome, Step};
pub use modes::{ChosenModes, ModalText, ModeData, ModeMask, ModeRequest, MAX_MODES};
pub use movement::BandRequest;
pub use pile::PileRequest;
pub use players::{DiscardRequest, PlayerRequest};
pub use quantity::{Countable, Quantities, ReadStat, StatOf};
pub use replacements::{Happening, ReplacementOption, ReplacementRequest};
pub use stats::TimedChange;
