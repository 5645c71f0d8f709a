//! Ruling R116 (`Whenever this card is readied, gain 1 Currency.`, `Whenever a Ground Unit you
//! control is readied, …`, §7.3, R46, R48): an activated permanent becoming readied, as its
//! controller's turn starts or by a `Ready` effect, fires `is readied` once; a permanent that
//! was already readied is not readied again.

mod common;

use cardc_engine::*;
use common::*;

fn gain_one(_: Face, _: usize, fx: &mut dyn Effects) {
    fx.gain_currency(Who::You, 1);
}
fn ready_it(_: Face, fx: &mut dyn Effects) {
    fx.ready(Target::Chosen(0));
}

/// A Ground Unit: `Whenever this card is readied, gain 1 Currency.`
static WAKING_D: FaceData = FaceData {
    name: "Dawn Pickets",
    kind: Kind::GroundUnit,
    cost: 1,
    rank: Some(StatValue::Num(1)),
    vox: 1,
    attack: 1,
    def: Some(StatValue::Num(1)),
    triggers: &[TriggerData {
        when: Trigger::ThisIsReadied,
        targets: &[],
        optional: false,
        twist: false,
        condition: None,
    }],
    ..FaceData::BLANK
};
static WAKING: TestCard = TestCard {
    trigger: gain_one,
    ..TestCard::new(&WAKING_D)
};

/// A Fast Maneuver: `Ready target Ground Unit.`
static ROUSE_D: FaceData = FaceData {
    name: "Rouse",
    kind: Kind::Maneuver,
    speed: Some(Speed::Fast),
    targets: &[Selector::new(PermanentKind::GroundUnit, None)],
    ..FaceData::BLANK
};
static ROUSE: TestCard = TestCard {
    play: ready_it,
    ..TestCard::new(&ROUSE_D)
};

#[test]
fn r116_readied_by_an_effect_once_and_only_from_activated() {
    let (mut b, band) = board();
    let tired = b.put(P0, &WAKING, band);
    b.with(tired, |p| p.readied = false);
    let fresh = b.put(P0, &WAKING, band);
    let mut g = b.build();
    g.play_maneuver(P0, &ROUSE, &[tired]).unwrap();
    assert!(g.on_map(tired).is_some_and(|p| p.readied));
    assert_eq!(g.player(P0).treasury, 11, "the activated one");
    g.play_maneuver(P0, &ROUSE, &[fresh]).unwrap();
    assert_eq!(
        g.player(P0).treasury,
        11,
        "a readied card is not readied again"
    );
}

#[test]
fn r116_readied_as_its_controllers_turn_starts() {
    let (mut b, band) = board();
    let tired = b.put(P1, &WAKING, band);
    b.with(tired, |p| p.readied = false);
    b.put(P1, &WAKING, band);
    let mut g = b.build();
    g.end_turn().unwrap();
    assert_eq!(g.active_player(), P1);
    assert_eq!(g.player(P1).treasury, 11, "only the one that was activated");
}
