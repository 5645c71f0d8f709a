//! Ruling R117 (`Deal 2 damage to target garrison.`, `Place 1 Liberation counter on each
//! declared target an opponent controls.`, §12.3, §12.4, R4): `garrison` names a Character or
//! Ground Unit declared as a garrison of the Liberation under way, `declared target` a
//! permanent one of its declared targets (a garrison is not one). Outside a Liberation no
//! permanent is either.

mod common;

use cardc_engine::*;
use common::*;

const GARRISONS: Selector = Selector {
    filters: Filters {
        garrison: true,
        ..Filters::NONE
    },
    ..Selector::new(PermanentKind::Permanent, None)
};
const THEIR_DECLARED_TARGETS: Selector = Selector {
    filters: Filters {
        declared_target: true,
        ..Filters::NONE
    },
    ..Selector::new(PermanentKind::Permanent, Some(Controller::Opponent))
};

fn two_damage(_: Face, fx: &mut dyn Effects) {
    fx.deal_damage(Target::Chosen(0), 2);
}
fn a_counter_on_each(_: Face, fx: &mut dyn Effects) {
    fx.place_liberation_counters(Target::Each(THEIR_DECLARED_TARGETS), 1);
}

/// A Fast Maneuver: `Deal 2 damage to target garrison.`
static BREACH_D: FaceData = FaceData {
    name: "Breach the Gate",
    kind: Kind::Maneuver,
    speed: Some(Speed::Fast),
    targets: &[GARRISONS],
    ..FaceData::BLANK
};
static BREACH: TestCard = TestCard {
    play: two_damage,
    ..TestCard::new(&BREACH_D)
};

/// A Fast Maneuver: `Place 1 Liberation counter on each declared target an opponent controls.`
static SIEGE_D: FaceData = FaceData {
    name: "Siege Lines",
    kind: Kind::Maneuver,
    speed: Some(Speed::Fast),
    ..FaceData::BLANK
};
static SIEGE: TestCard = TestCard {
    play: a_counter_on_each,
    ..TestCard::new(&SIEGE_D)
};

// A Ground Unit (Rank 2, DEF 2).
plain_unit!(WARDENS_D, WARDENS, "Gate Wardens", vox 1, def 2);

#[test]
fn r117_s12_4_a_garrison_is_one_only_during_its_liberation() {
    let (mut b, band) = board();
    let l = b.put(P0, &ORATOR, band);
    let t = b.put(P1, &FORUM, band);
    let gar = b.put_on(P1, &WARDENS, t);
    let idle = b.put(P1, &WARDENS, band);
    let mut g = b.build();
    assert_eq!(
        g.play_maneuver(P1, &BREACH, &[gar]).map_err(|_| ()),
        Err(()),
        "outside a Liberation no permanent is a garrison"
    );
    // To the Payment step (§12.6), a window for Fast Maneuvers, with the garrison declared.
    to_commit(&mut g, &[l], &[t], &[], &[(gar, t)]);
    let s = seal(&g, &[(gar, 1)]);
    g.commit_sealed(s.commitment()).unwrap();
    g.allocate_defence(Assignment::empty()).unwrap();
    g.reveal(Some(&s.opening())).unwrap();
    assert!(
        g.play_maneuver(P0, &BREACH, &[idle]).is_err(),
        "a Ground Unit that is not a garrison"
    );
    assert!(
        g.play_maneuver(P0, &BREACH, &[t]).is_err(),
        "the declared target itself is no garrison"
    );
    g.play_maneuver(P0, &BREACH, &[gar]).unwrap();
    assert!(destroyed(&g, gar).is_some(), "2 damage to DEF 2");
}

#[test]
fn r117_s12_3_each_declared_target_an_opponent_controls() {
    let (mut b, band) = board();
    let l = b.put(P0, &ORATOR, band);
    let t = b.put(P1, &FORUM, band);
    let gar = b.put_on(P1, &WARDENS, t);
    let other = b.put(P1, &FORUM, band);
    let mut g = b.build();
    g.play_maneuver(P0, &SIEGE, &[]).unwrap();
    assert_eq!(counters(&g, t), 0, "no Liberation, no declared target");
    to_commit(&mut g, &[l], &[t], &[], &[(gar, t)]);
    let s = seal(&g, &[(gar, 1)]);
    g.commit_sealed(s.commitment()).unwrap();
    g.allocate_defence(Assignment::empty()).unwrap();
    g.reveal(Some(&s.opening())).unwrap();
    g.play_maneuver(P0, &SIEGE, &[]).unwrap();
    assert_eq!(counters(&g, t), 1, "the declared target");
    assert_eq!(counters(&g, other), 0, "not another Location");
    assert_eq!(counters(&g, gar), 0, "a garrison is not a declared target");
}
