//! Ruling R45 (`When this card is deployed, …`, §7.11): the trigger fires when the card is
//! deployed from hand, after its cost is paid, and never when a permanent reaches the Map
//! another way or when the turn passes.

mod common;

use cardc_engine::*;
use common::*;

static PORTERS_D: FaceData = FaceData {
    name: "Tithe-Road Porters",
    kind: Kind::GroundUnit,
    cost: 1,
    rank: Some(StatValue::Num(1)),
    vox: 1,
    attack: 1,
    def: Some(StatValue::Num(1)),
    triggers: &[TriggerData {
        when: Trigger::ThisIsDeployed,
        targets: &[],
        optional: false,
        twist: false,
        condition: None,
    }],
    text: &["When this card is deployed, gain 1 Currency."],
    ..FaceData::BLANK
};
fn porters(_: Face, _: usize, fx: &mut dyn Effects) {
    fx.gain_currency(Who::You, 1);
}
static PORTERS: TestCard = TestCard {
    trigger: porters,
    ..TestCard::new(&PORTERS_D)
};

#[test]
fn r45_deploying_from_hand_fires_the_trigger_after_the_cost_is_paid() {
    let (mut b, band) = board();
    b.treasury(P0, 1);
    let mut g = b.build();
    let id = g.deploy(P0, &PORTERS, band, None).unwrap();
    assert!(g.permanent(id).is_some_and(|p| p.deployed_this_turn));
    // paid 1 (the Treasury was 1, so the cost came first), then gained 1
    assert_eq!(g.player(P0).treasury, 1);
}

#[test]
fn r45_a_refused_deployment_fires_nothing() {
    let (mut b, band) = board();
    b.treasury(P0, 0);
    let mut g = b.build();
    assert!(g.deploy(P0, &PORTERS, band, None).is_err(), "cannot pay");
    assert_eq!(g.player(P0).treasury, 0);
}

#[test]
fn r45_a_permanent_placed_on_the_map_is_not_deployed() {
    let (mut b, band) = board();
    b.put(P0, &PORTERS, band);
    let mut g = b.build();
    g.end_turn().unwrap();
    g.end_turn().unwrap();
    assert_eq!(g.player(P0).treasury, 10, "the board's Treasury, untouched");
}
