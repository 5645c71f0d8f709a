//! Ruling R78 (`Whenever you declare Confluence`, §12.3, §18.81): the trigger fires once
//! when its controller, as the liberating player, declares Confluence with the targets in
//! Step 2; never for a Liberation declared without Confluence, nor for an opponent's
//! Confluence.

mod common;

use cardc_engine::*;
use common::*;

fn gain_one(_: Face, _: usize, fx: &mut dyn Effects) {
    fx.gain_currency(Who::You, 1);
}

static CONDUIT_D: FaceData = FaceData {
    name: "Conduit",
    kind: Kind::GroundUnit,
    cost: 1,
    rank: Some(StatValue::Num(1)),
    vox: 1,
    attack: 1,
    def: Some(StatValue::Num(1)),
    triggers: &[TriggerData {
        when: Trigger::YouDeclareConfluence,
        targets: &[],
        optional: false,
        twist: false,
        condition: None,
    }],
    ..FaceData::BLANK
};
static CONDUIT: TestCard = TestCard {
    trigger: gain_one,
    ..TestCard::new(&CONDUIT_D)
};

#[test]
fn r78_s12_3_you_declare_confluence_fires_for_the_liberating_player_only() {
    let (mut b, band) = board();
    let m = b.put(P0, &MARA, band);
    b.with(m, |p| p.face = Face::Fallen); // Confluence (§18.81)
    let t = b.put(P1, &TERAL, band);
    b.put(P0, &CONDUIT, band);
    b.put(P1, &CONDUIT, band);
    let mut g = b.build();
    g.activate_liberators(P0, &[m]).unwrap();
    assert_eq!(g.player(P0).treasury, 10, "Step 1 declares nothing");
    g.declare_targets(&[t], true).unwrap();
    assert!(g.liberation().is_some_and(|l| l.confluence()));
    // §12.3: P0 declared it; P1's Conduit watches an opponent's Confluence.
    assert_eq!(g.player(P0).treasury, 11);
    assert_eq!(g.player(P1).treasury, 10);
}

#[test]
fn r78_s12_3_a_liberation_without_confluence_does_not_fire_it() {
    let (mut b, band) = board();
    let m = b.put(P0, &MARA, band);
    b.with(m, |p| p.face = Face::Fallen); // able to, but does not declare it
    let t = b.put(P1, &TERAL, band);
    b.put(P0, &CONDUIT, band);
    let mut g = b.build();
    g.activate_liberators(P0, &[m]).unwrap();
    g.declare_targets(&[t], false).unwrap();
    assert_eq!(g.player(P0).treasury, 10);
}
