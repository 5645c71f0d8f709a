//! Ruling R115 (`Whenever an opponent declares Confluence`, §12.3, §18.81, R78): the mirror of
//! R78's `you declare Confluence`: it fires once when an opponent of its controller, as the
//! liberating player, declares Confluence with the targets in Step 2, never for its
//! controller's own Confluence nor for a Liberation declared without it.

mod common;

use cardc_engine::*;
use common::*;

fn gain_one(_: Face, _: usize, fx: &mut dyn Effects) {
    fx.gain_currency(Who::You, 1);
}

/// A Device: `Whenever an opponent declares Confluence, gain 1 Currency.`
static EAR_D: FaceData = FaceData {
    name: "Censor's Ear",
    kind: Kind::Device,
    cost: 1,
    triggers: &[TriggerData {
        when: Trigger::AnOpponentDeclaresConfluence,
        targets: &[],
        optional: false,
        twist: false,
        condition: None,
    }],
    ..FaceData::BLANK
};
static EAR: TestCard = TestCard {
    trigger: gain_one,
    ..TestCard::new(&EAR_D)
};

fn liberate(confluence: bool) -> Game {
    let (mut b, band) = board();
    let m = b.put(P0, &MARA, band);
    b.with(m, |p| p.face = Face::Fallen); // Confluence (§18.81)
    let t = b.put(P1, &TERAL, band);
    b.put(P0, &EAR, band);
    b.put(P1, &EAR, band);
    let mut g = b.build();
    g.activate_liberators(P0, &[m]).unwrap();
    g.declare_targets(&[t], confluence).unwrap();
    g
}

#[test]
fn r115_s12_3_an_opponents_confluence_fires_for_the_other_players_only() {
    let g = liberate(true);
    assert_eq!(g.player(P1).treasury, 11, "P0 declared it: P1's Ear");
    assert_eq!(g.player(P0).treasury, 10, "not its own controller's");
}

#[test]
fn r115_s12_3_a_liberation_without_confluence_does_not_fire_it() {
    let g = liberate(false);
    assert_eq!(g.player(P1).treasury, 10);
}
