//! Ruling R54 (§7.3): an activated ability's costs. Every cost is checked before any is paid
//! and then paid in the order printed; `A` makes an Activated Character Ability (Fast,
//! repeatable); without it, a Character Ability and a permanent's plain activated ability
//! are Slow and once per turn, and the plain one does not activate the card.

mod common;

use cardc_engine::costs::ActivateRequest;
use cardc_engine::*;
use common::*;

/// A Ground Unit: `Pay 1 Currency, Remove a Liberation counter from this card: Gain 3
/// Currency.` (a plain ability) and `Destroy this card: Gain 5 Currency.`
static BARRICADE_D: FaceData = FaceData {
    name: "Barricade",
    kind: Kind::GroundUnit,
    cost: 1,
    rank: Some(StatValue::Num(3)),
    vox: 1,
    attack: 0,
    def: Some(StatValue::Num(1)),
    abilities: &[
        AbilityData {
            costs: &[Cost::PayCurrency(1), Cost::RemoveLiberationCounters(1)],
            targets: &[],
        },
        AbilityData {
            costs: &[Cost::DestroyThisCard],
            targets: &[],
        },
    ],
    text: &[
        "Pay 1 Currency, Remove a Liberation counter from this card: Gain 3 Currency.",
        "Destroy this card: Gain 5 Currency.",
    ],
    ..FaceData::BLANK
};
fn barricade(_: Face, index: usize, fx: &mut dyn Effects) {
    fx.gain_currency(Who::You, if index == 0 { 3 } else { 5 });
}
static BARRICADE: TestCard = TestCard {
    ability: barricade,
    ..TestCard::new(&BARRICADE_D)
};

/// A Ground Unit: `A, Activate another Ground Unit you control: Gain 2 Currency.`
static SERGEANT_D: FaceData = FaceData {
    name: "Sergeant",
    kind: Kind::GroundUnit,
    cost: 1,
    rank: Some(StatValue::Num(2)),
    vox: 0,
    attack: 1,
    def: Some(StatValue::Num(1)),
    abilities: &[AbilityData {
        costs: &[
            Cost::Activate,
            Cost::ActivateAnother(PermanentKind::GroundUnit),
        ],
        targets: &[],
    }],
    text: &["A, Activate another Ground Unit you control: Gain 2 Currency."],
    ..FaceData::BLANK
};
fn gain_two(_: Face, _: usize, fx: &mut dyn Effects) {
    fx.gain_currency(Who::You, 2);
}
static SERGEANT: TestCard = TestCard {
    ability: gain_two,
    ..TestCard::new(&SERGEANT_D)
};

fn readied(g: &Game, id: PermanentId) -> bool {
    g.permanent(id).is_some_and(|p| p.readied)
}

#[test]
fn r54_every_cost_is_checked_before_any_is_paid() {
    let (mut b, band) = board();
    let barricade = b.put(P0, &BARRICADE, band);
    let mut g = b.build();
    // No Liberation counter to remove: refused, and the Currency is not paid either.
    let err = g.use_ability(P0, barricade, 0, &[]).unwrap_err();
    assert!(matches!(
        err,
        ActionError::NotEnoughCounters {
            needs: 1,
            has: 0,
            ..
        }
    ));
    assert_eq!(err.rule(), "§7.3, ruling R54");
    assert_eq!(g.player(P0).treasury, 10);
}

#[test]
fn r54_costs_are_paid_and_a_plain_ability_is_once_per_turn() {
    let (mut b, band) = board();
    let barricade = b.put(P0, &BARRICADE, band);
    b.with(barricade, |p| p.counters = 2);
    let mut g = b.build();
    g.use_ability(P0, barricade, 0, &[]).unwrap();
    // 10 - 1 + 3; the plain ability does not activate the card.
    assert_eq!(g.player(P0).treasury, 12);
    assert_eq!(g.permanent(barricade).map(|p| p.counters), Some(1));
    assert!(readied(&g, barricade));
    assert_eq!(
        g.use_ability(P0, barricade, 0, &[]),
        Err(ActionError::OncePerTurn(barricade))
    );
    g.end_turn().unwrap();
    g.end_turn().unwrap();
    g.use_ability(P0, barricade, 0, &[]).unwrap();
    assert_eq!(g.player(P0).treasury, 14, "usable again the next turn");
}

#[test]
fn r54_a_plain_ability_is_slow() {
    let (mut b, band) = board();
    let barricade = b.put(P0, &BARRICADE, band);
    let mut g = b.build();
    g.end_turn().unwrap();
    // P1's turn: §7.3's Slow timing, as for a Character Ability.
    assert_eq!(
        g.use_ability(P0, barricade, 1, &[]),
        Err(ActionError::SlowTiming)
    );
    assert!(g.permanent(barricade).is_some_and(|p| p.on_map()));
}

#[test]
fn r54_destroy_this_card_and_the_action_still_resolves() {
    let (mut b, band) = board();
    let barricade = b.put(P0, &BARRICADE, band);
    let mut g = b.build();
    g.use_ability(P0, barricade, 1, &[]).unwrap();
    assert!(g.permanent(barricade).is_some_and(|p| !p.on_map()));
    assert_eq!(g.player(P0).treasury, 15);
    assert!(g.log().iter().any(|e| matches!(
        e,
        Event::Destroyed {
            permanent,
            by: DestroyedBy::Cost
        } if *permanent == barricade
    )));
}

#[test]
fn r54_activate_another_needs_a_readied_one_and_activates_it() {
    let (mut b, band) = board();
    let sergeant = b.put(P0, &SERGEANT, band);
    let other = b.put(P0, &AGITATORS, band);
    b.with(other, |p| p.readied = false);
    let mut g = b.build();
    let err = g.use_ability(P0, sergeant, 0, &[]).unwrap_err();
    assert_eq!(
        err,
        ActionError::NothingToActivate(PermanentKind::GroundUnit)
    );
    assert!(
        readied(&g, sergeant),
        "refused: the A cost is not paid either"
    );

    let (mut b, band) = board();
    let sergeant = b.put(P0, &SERGEANT, band);
    let theirs = b.put(P1, &AGITATORS, band);
    let other = b.put(P0, &AGITATORS, band);
    let mut g = b.build();
    g.use_ability(P0, sergeant, 0, &[]).unwrap();
    assert!(!readied(&g, sergeant) && !readied(&g, other));
    assert!(readied(&g, theirs), "only a unit its controller controls");
    assert_eq!(g.player(P0).treasury, 12);
}

/// Answers every `Activate another …` with a fixed permanent.
struct Picks(PermanentId);
impl Choices for Picks {
    fn activate_for_cost(&mut self, _: &Game, _: &ActivateRequest) -> PermanentId {
        self.0
    }
}

#[test]
fn r54_the_player_chooses_which_other_unit_and_an_illegal_choice_is_replaced() {
    let (mut b, band) = board();
    let sergeant = b.put(P0, &SERGEANT, band);
    let first = b.put(P0, &AGITATORS, band);
    let second = b.put(P0, &AGITATORS, band);
    let mut g = b.build();
    g.set_choices(Box::new(Picks(second)));
    g.use_ability(P0, sergeant, 0, &[]).unwrap();
    assert!(readied(&g, first) && !readied(&g, second));

    let (mut b, band) = board();
    let sergeant = b.put(P0, &SERGEANT, band);
    let first = b.put(P0, &AGITATORS, band);
    let mut g = b.build();
    // The source itself is never a legal choice: the default (the first by id) is used.
    g.set_choices(Box::new(Picks(sergeant)));
    g.use_ability(P0, sergeant, 0, &[]).unwrap();
    assert!(!readied(&g, first));
    assert!(g.log().iter().any(|e| matches!(
        e,
        Event::PlayerChoiceRejected {
            reason: RejectedChoice::IllegalActivation(p),
            ..
        } if *p == sergeant
    )));
}

/// A Device: `Activate a Ground Unit you control: Gain 2 Currency.` and `Activate two Ground
/// Units you control: Gain 2 Currency.`
static DRUM_D: FaceData = FaceData {
    name: "Drum",
    kind: Kind::Device,
    cost: 2,
    abilities: &[
        AbilityData {
            costs: &[Cost::ActivateOne(PermanentKind::GroundUnit)],
            targets: &[],
        },
        AbilityData {
            costs: &[Cost::ActivateSeveral {
                n: 2,
                kind: PermanentKind::GroundUnit,
            }],
            targets: &[],
        },
    ],
    text: &[
        "Activate a Ground Unit you control: Gain 2 Currency.",
        "Activate two Ground Units you control: Gain 2 Currency.",
    ],
    ..FaceData::BLANK
};
static DRUM: TestCard = TestCard {
    ability: gain_two,
    ..TestCard::new(&DRUM_D)
};

#[test]
fn r54_activate_a_unit_activates_it_and_not_the_card() {
    let (mut b, band) = board();
    let drum = b.put(P0, &DRUM, band);
    let unit = b.put(P0, &AGITATORS, band);
    let theirs = b.put(P1, &AGITATORS, band);
    let mut g = b.build();
    g.use_ability(P0, drum, 0, &[]).unwrap();
    assert!(!readied(&g, unit));
    assert!(
        readied(&g, drum),
        "a plain ability does not activate the card"
    );
    assert!(readied(&g, theirs), "only a unit its controller controls");
    assert_eq!(g.player(P0).treasury, 12);
}

#[test]
fn r54_activate_two_units_activates_two_distinct_ones_or_is_refused() {
    let (mut b, band) = board();
    let drum = b.put(P0, &DRUM, band);
    let first = b.put(P0, &AGITATORS, band);
    let second = b.put(P0, &AGITATORS, band);
    let third = b.put(P0, &AGITATORS, band);
    let mut g = b.build();
    // A player answering the same unit twice: the second answer is no longer legal (it is
    // activated) and is replaced by the default, so two distinct units pay.
    g.set_choices(Box::new(Picks(second)));
    g.use_ability(P0, drum, 1, &[]).unwrap();
    assert!(!readied(&g, second) && !readied(&g, first));
    assert!(readied(&g, third));
    assert_eq!(g.player(P0).treasury, 12);

    let (mut b, band) = board();
    let drum = b.put(P0, &DRUM, band);
    let only = b.put(P0, &AGITATORS, band);
    let mut g = b.build();
    assert_eq!(
        g.use_ability(P0, drum, 1, &[]),
        Err(ActionError::NothingToActivate(PermanentKind::GroundUnit))
    );
    assert!(readied(&g, only), "refused: nothing is activated");
    assert_eq!(g.player(P0).treasury, 10);
}
