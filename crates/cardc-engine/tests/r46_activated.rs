//! Ruling R46 (`When this card is Activated, …`, §7.3, §12.2, §12.4): the trigger fires when
//! the card goes from readied to activated — for an `A` ability it prints, as a liberator in
//! Step 1, as a defender in Step 3 — and never when it is refused, declared as a garrison or
//! readied again.

mod common;

use cardc_engine::*;
use common::*;

/// A Ground Unit: `Whenever this card is Activated, gain 1 Currency.`
static TOLLKEEPERS_D: FaceData = FaceData {
    name: "Toll-Gate Wardens",
    kind: Kind::GroundUnit,
    cost: 1,
    rank: Some(StatValue::Num(2)),
    vox: 1,
    attack: 1,
    def: Some(StatValue::Num(1)),
    triggers: &[TriggerData {
        when: Trigger::ThisIsActivated,
        targets: &[],
        optional: false,
        twist: false,
        condition: None,
    }],
    text: &["Whenever this card is Activated, gain 1 Currency."],
    ..FaceData::BLANK
};
fn gain_one(_: Face, _: usize, fx: &mut dyn Effects) {
    fx.gain_currency(Who::You, 1);
}
static WARDENS: TestCard = TestCard {
    trigger: gain_one,
    ..TestCard::new(&TOLLKEEPERS_D)
};

/// A Device: `A, Pay 1 Currency: Gain 3 Currency.` and the trigger.
static BEACON_D: FaceData = FaceData {
    name: "Signal Beacon",
    kind: Kind::Device,
    cost: 1,
    rank: Some(StatValue::Num(1)),
    abilities: &[AbilityData {
        costs: &[Cost::Activate, Cost::PayCurrency(1)],
        targets: &[],
    }],
    triggers: &[TriggerData {
        when: Trigger::ThisIsActivated,
        targets: &[],
        optional: false,
        twist: false,
        condition: None,
    }],
    text: &[
        "A, Pay 1 Currency: Gain 3 Currency.",
        "Whenever this card is Activated, gain 1 Currency.",
    ],
    ..FaceData::BLANK
};
fn gain_three(_: Face, _: usize, fx: &mut dyn Effects) {
    fx.gain_currency(Who::You, 3);
}
static BEACON: TestCard = TestCard {
    ability: gain_three,
    trigger: gain_one,
    ..TestCard::new(&BEACON_D)
};

#[test]
fn r46_an_a_ability_fires_the_trigger_once_per_activation() {
    let (mut b, band) = board();
    let beacon = b.put(P0, &BEACON, band);
    let mut g = b.build();
    g.use_ability(P0, beacon, 0, &[]).unwrap();
    // 10 - 1 (the cost) + 3 (the ability) + 1 (the trigger)
    assert_eq!(g.player(P0).treasury, 13);
    // §7.3: activated already; the refused use fires nothing
    assert!(g.use_ability(P0, beacon, 0, &[]).is_err());
    assert_eq!(g.player(P0).treasury, 13);
}

#[test]
fn r46_readying_again_is_not_being_activated() {
    let (mut b, band) = board();
    let beacon = b.put(P0, &BEACON, band);
    let mut g = b.build();
    g.use_ability(P0, beacon, 0, &[]).unwrap();
    g.end_turn().unwrap();
    g.end_turn().unwrap();
    assert_eq!(
        g.player(P0).treasury,
        13,
        "readied at P0's turn, no trigger"
    );
    g.use_ability(P0, beacon, 0, &[]).unwrap();
    assert_eq!(g.player(P0).treasury, 16, "Activated again: fires again");
}

#[test]
fn r46_s12_2_activated_as_a_liberator() {
    let (mut b, band) = board();
    let wardens = b.put(P0, &WARDENS, band);
    let mut g = b.build();
    g.activate_liberators(P0, &[wardens]).unwrap();
    assert_eq!(g.player(P0).treasury, 11);
}

#[test]
fn r46_s12_4_activated_as_a_defender_but_not_as_a_garrison() {
    let (mut b, band) = board();
    let libr = b.put(P0, &AGITATORS, band);
    let forum = b.put(P1, &FORUM, band);
    let garrison = b.put_on(P1, &WARDENS, forum);
    let defender = b.put(P1, &WARDENS, band);
    let mut g = b.build();
    g.activate_liberators(P0, &[libr]).unwrap();
    g.declare_targets(&[forum], false).unwrap();
    g.activate_defenders(&[defender], &[(garrison, forum)])
        .unwrap();
    // the defender's trigger only: §12.4 "Garrisoning does not activate the card"
    assert_eq!(g.player(P1).treasury, 11);
    assert!(g.permanent(garrison).is_some_and(|p| p.readied));
}

#[test]
fn r46_a_refused_step_fires_nothing() {
    let (mut b, band) = board();
    let wardens = b.put(P0, &WARDENS, band);
    let mut g = b.build();
    g.activate_liberators(P0, &[wardens]).unwrap();
    assert_eq!(g.player(P0).treasury, 11);
    // a second Step 1 while one is under way, or with an activated card, is refused
    assert!(g.activate_liberators(P0, &[wardens]).is_err());
    assert_eq!(g.player(P0).treasury, 11);
}
