//! What happened: the game log's events and the "destroyed by" records.
//!
//! Events are precise enough for the card language's triggers: combat destruction differs from
//! Liberation destruction ([`DestroyedBy`]), and damage ([`Event::Damaged`]) differs from CP
//! loss ([`Event::CpLost`]).

use crate::card::Face;
use crate::choices::RejectedChoice;
use crate::ids::{BandId, IdList, PermanentId, PlayerId};
use crate::liberation::exit::Voided;

/// Where an effect came from: the player whose card it is and, for a permanent, which one.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Source {
    /// The controller of the source card ("you").
    pub controller: PlayerId,
    /// The source permanent; `None` for a Maneuver (or a rules action).
    pub permanent: Option<PermanentId>,
}

/// Who or what destroyed a permanent (§12.8 "Who destroyed it").
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DestroyedBy {
    /// Combat damage, credited to every attacker that dealt damage to it.
    Combat {
        /// The attacking permanents.
        attackers: IdList,
        /// The attacking player, who controls the attackers.
        attacker_controller: PlayerId,
    },
    /// A Liberation: credited to every liberator Activated in Step 1.
    Liberation {
        /// The player who declared the Liberation.
        declared_by: PlayerId,
        /// Every Activated liberator.
        liberators: IdList,
    },
    /// A card effect: `destroy`, damage, CP loss, or Liberation counters placed by an effect.
    Effect(Source),
    /// Paying a `-X CP` cost took the Character to 0 CP (§7.3).
    CpCost,
    /// Paid as a `Destroy this card` cost (ruling R54): no card is credited.
    Cost,
    /// A Morality Penalty took a Fallen Character to 0 CP (§7.4).
    Penalty,
    /// A rules action with no card to credit (e.g. counters set on the board at set-up).
    Rules,
}

impl DestroyedBy {
    /// The permanents credited with the destruction.
    pub fn credited(&self) -> &[PermanentId] {
        match self {
            DestroyedBy::Combat { attackers, .. } => attackers.as_slice(),
            DestroyedBy::Liberation { liberators, .. } => liberators.as_slice(),
            DestroyedBy::Effect(Source {
                permanent: Some(p), ..
            }) => std::slice::from_ref(p),
            _ => &[],
        }
    }

    /// The player whose card(s) destroyed it, if a card did.
    pub fn by_player(&self) -> Option<PlayerId> {
        match *self {
            DestroyedBy::Combat {
                attacker_controller,
                ..
            } => Some(attacker_controller),
            DestroyedBy::Liberation { declared_by, .. } => Some(declared_by),
            DestroyedBy::Effect(s) => Some(s.controller),
            DestroyedBy::CpCost | DestroyedBy::Cost | DestroyedBy::Penalty | DestroyedBy::Rules => {
                None
            }
        }
    }

    /// Whether it was a combat kill.
    pub fn in_combat(&self) -> bool {
        matches!(self, DestroyedBy::Combat { .. })
    }

    /// Whether it was a Liberation kill.
    pub fn by_liberation(&self) -> bool {
        matches!(self, DestroyedBy::Liberation { .. })
    }
}

/// Why a Character lost CP.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CpLoss {
    /// A `-X CP` cost (§7.3).
    Cost,
    /// A Morality Penalty (§7.4).
    Penalty,
    /// Liberation counters converted at resolution (§12.8), or counters placed by an effect.
    LiberationCounters,
    /// A `loses N CP` effect.
    Effect,
}

/// The four routes to Fall (§7.7).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FallRoute {
    /// 1. A Storyline's text (`Fall the Bound`).
    StorylineText,
    /// 2. Morality Penalties took it to 0 CP on its Prime face.
    Penalty,
    /// 3. The Storyline it is Bound to left play.
    StorylineLeftPlay,
    /// 4. Its own printed Twist.
    Twist,
}

/// One entry of the game log.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Event {
    /// A Character lost CP (not damage).
    CpLost {
        /// The Character.
        permanent: PermanentId,
        /// How much.
        amount: u32,
        /// Why.
        cause: CpLoss,
    },
    /// A Character gained CP.
    CpGained {
        /// The Character.
        permanent: PermanentId,
        /// How much.
        amount: u32,
    },
    /// A permanent took damage (after DEF prevention); `combat` tells combat from effects.
    Damaged {
        /// The permanent.
        permanent: PermanentId,
        /// Damage taken.
        amount: u32,
        /// Whether it was combat damage.
        combat: bool,
    },
    /// Liberation counters landed on a non-Character permanent.
    CountersPlaced {
        /// The permanent.
        permanent: PermanentId,
        /// How many.
        amount: u32,
    },
    /// Story counters were placed on a permanent, by an effect or a replacement (rulings
    /// R64, R102).
    StoryCountersPlaced {
        /// The permanent (named for the Storyline of §7.5, where they are usually placed).
        storyline: PermanentId,
        /// How many.
        amount: u32,
    },
    /// A permanent flipped.
    Flipped {
        /// The permanent.
        permanent: PermanentId,
        /// The face now showing.
        to: Face,
    },
    /// A Character Fell.
    Fell {
        /// The Character.
        permanent: PermanentId,
        /// The route (§7.7).
        route: FallRoute,
    },
    /// Something tried to Fall a Character by a route §7.7 does not allow; nothing happened.
    FallIgnored {
        /// The Character.
        permanent: PermanentId,
    },
    /// A Character's controller declined its optional Twist (§7.7 route 4): it did not resolve.
    TwistDeclined {
        /// The Character.
        permanent: PermanentId,
    },
    /// A trigger's intervening `if` no longer held as it resolved: it did nothing (ruling R36).
    ConditionFailed {
        /// The permanent whose trigger it was.
        permanent: PermanentId,
    },
    /// A player's choice for a resolving trigger was illegal; the default policy's choice was
    /// used instead (ruling R27).
    ChoiceRejected {
        /// The permanent whose text resolved.
        permanent: PermanentId,
        /// What was wrong with the choice.
        reason: RejectedChoice,
    },
    /// A modal trigger or Reversal text (`Choose one — …`) had fewer options with legal
    /// targets than it chooses, so it did nothing (ruling R81).
    ModesUnavailable {
        /// The permanent whose text it was.
        permanent: PermanentId,
    },
    /// A player's choice as a step about players resolved (a targeted player, the cards to
    /// discard) was illegal; the default policy's was used instead (rulings R27, R33, R34).
    PlayerChoiceRejected {
        /// The player who chose.
        player: PlayerId,
        /// What was wrong with the choice.
        reason: RejectedChoice,
    },
    /// A player discarded cards (ruling R34): `known` returned cards, now in the Depleted
    /// Pile, and `unknown` others.
    Discarded {
        /// The player.
        player: PlayerId,
        /// Known cards discarded.
        known: u32,
        /// Unknown cards discarded.
        unknown: u32,
    },
    /// A player lost Story Points (not below 0).
    StoryPointsLost {
        /// The player.
        player: PlayerId,
        /// How many were actually lost.
        amount: u32,
    },
    /// A permanent was destroyed and placed in its owner's Depleted Pile.
    Destroyed {
        /// The permanent.
        permanent: PermanentId,
        /// By whom or what.
        by: DestroyedBy,
    },
    /// A one-shot stat change was made (ruling R40).
    StatChanged {
        /// The permanent changed.
        permanent: PermanentId,
        /// The stat.
        stat: crate::card::BonusStat,
        /// The signed change.
        amount: i32,
        /// When it ends.
        until: crate::card::Duration,
    },
    /// A permanent changed controller (ruling R100): an effect gave it to `to`, or the
    /// effect's duration ended and gave it back.
    ControlChanged {
        /// The permanent.
        permanent: PermanentId,
        /// Who controlled it.
        from: PlayerId,
        /// Who controls it now.
        to: PlayerId,
    },
    /// A declared Liberation target or a garrison came under the liberating player's
    /// control and left the Liberation (ruling R101).
    LeftLiberation {
        /// The permanent.
        permanent: PermanentId,
    },
    /// A one-shot stat change ended with its duration (ruling R40, R41).
    StatChangeEnded {
        /// The permanent.
        permanent: PermanentId,
        /// The stat.
        stat: crate::card::BonusStat,
        /// The signed change that no longer applies.
        amount: i32,
    },
    /// A prohibition was imposed on a permanent for a time (ruling R86).
    Forbidden {
        /// The permanent.
        permanent: PermanentId,
        /// What it may not do or have done.
        what: crate::prohibitions::Prohibited,
        /// When the prohibition ends.
        until: crate::card::Duration,
    },
    /// A prohibition made for a time ended with its period (ruling R86).
    ForbiddingEnded {
        /// The permanent.
        permanent: PermanentId,
        /// What it may do again.
        what: crate::prohibitions::Prohibited,
    },
    /// A permanent left the Map for its owner's hand (ruling R29).
    ReturnedToHand {
        /// The permanent.
        permanent: PermanentId,
        /// Its owner, whose hand it joined.
        owner: PlayerId,
    },
    /// An effect added Vox to a player's Resource Pool during a Liberation (ruling R59).
    VoxAdded {
        /// The player.
        player: PlayerId,
        /// How much.
        amount: u32,
    },
    /// A permanent moved to an adjacent Band, leaving its host (ruling R96).
    Moved {
        /// The permanent.
        permanent: PermanentId,
        /// The Band it left.
        from: BandId,
        /// The Band it moved to.
        to: BandId,
    },
    /// A card left its owner's Depleted Pile for their hand (ruling R58).
    ReturnedFromDepletedPile {
        /// The card (the permanent it was).
        permanent: PermanentId,
        /// Its owner, whose hand it joined.
        owner: PlayerId,
    },
    /// A replacement applied (rulings R102–R104): what would have happened to `permanent`
    /// did not; `holder`'s replacement `index` happened instead.
    Replaced {
        /// The permanent the event would have happened to.
        permanent: PermanentId,
        /// The permanent printing the replacement.
        holder: PermanentId,
        /// The replacement's index on the holder's showing face.
        index: usize,
        /// What would have happened.
        would: crate::replacements::Happening,
        /// How much was replaced (counters or damage; 1 for a destruction).
        amount: u32,
    },
    /// A prevention shield took damage that would have been dealt to a permanent (ruling R57).
    DamagePrevented {
        /// The permanent.
        permanent: PermanentId,
        /// Damage prevented.
        amount: u32,
    },
    /// A player gained Story Points.
    StoryPoints {
        /// The player.
        player: PlayerId,
        /// How many.
        amount: u32,
    },
    /// A player's Treasury changed by `delta`.
    Currency {
        /// The player.
        player: PlayerId,
        /// Signed change.
        delta: i64,
    },
    /// A Liberation ended void: conceded, timed out, or forfeited by an illegal sealed
    /// assignment (ruling R28). No counters were placed.
    LiberationVoid {
        /// The liberating player.
        player: PlayerId,
        /// How and at what cost.
        voided: Voided,
    },
    /// A Liberation's Step 6 payment.
    LiberationPaid {
        /// The liberating player.
        player: PlayerId,
        /// Cancelled points owed.
        owed: u32,
        /// What the Treasury allowed.
        paid: u32,
    },
}
