//! Ruling R113 (`When "Pier Nine" is destroyed, gain 2 Story Points.`, `Whenever "Tamsin
//! Vey" Falls, draw 2 cards.`, §7.7, §12.8, R25, R48): an event about a card named in quotes
//! fires for any permanent whose card has that name, whoever controls it and whichever face
//! shows, exactly as an event about a group fires for each member; `it` in its effect is that
//! permanent (R112).

mod common;

use cardc_engine::*;
use common::*;

fn gain_two(_: Face, _: usize, fx: &mut dyn Effects) {
    fx.gain_story_points(Who::You, 2);
}
fn it_gains_one(_: Face, _: usize, fx: &mut dyn Effects) {
    fx.gain_cp(Target::EventCard, 1);
}

/// A Device: `When "Great Orator" is destroyed, gain 2 Story Points.`
static REQUIEM_D: FaceData = FaceData {
    name: "Requiem Bell",
    kind: Kind::Device,
    cost: 1,
    triggers: &[TriggerData {
        when: Trigger::AGroupIsDestroyed(EventSubject::Named("Great Orator")),
        targets: &[],
        optional: false,
        twist: false,
        condition: None,
    }],
    ..FaceData::BLANK
};
static REQUIEM: TestCard = TestCard {
    trigger: gain_two,
    ..TestCard::new(&REQUIEM_D)
};

/// A Device: `Whenever "Great Orator" is Activated, it gains 1 CP.`
static CLAQUE_D: FaceData = FaceData {
    name: "Paid Claque",
    kind: Kind::Device,
    cost: 1,
    triggers: &[TriggerData {
        when: Trigger::AGroupIsActivated(EventSubject::Named("Great Orator")),
        targets: &[],
        optional: false,
        twist: false,
        condition: None,
    }],
    ..FaceData::BLANK
};
static CLAQUE: TestCard = TestCard {
    trigger: it_gains_one,
    ..TestCard::new(&CLAQUE_D)
};

#[test]
fn r113_a_named_card_is_seen_whoever_controls_it() {
    let (mut b, band) = board();
    b.put(P0, &REQUIEM, band);
    let theirs = b.put(P1, &ORATOR, band);
    let mut g = b.build();
    g.play_maneuver(P0, &PURGE, &[theirs]).unwrap();
    assert!(destroyed(&g, theirs).is_some());
    assert_eq!(g.player(P0).story_points, 2, "the opponent's Orator counts");
}

#[test]
fn r113_another_card_is_not_the_named_one() {
    let (mut b, band) = board();
    b.put(P0, &REQUIEM, band);
    let other = b.put(P0, &OUTRIDER_LIKE, band);
    let mut g = b.build();
    g.play_maneuver(P1, &PURGE, &[other]).unwrap();
    assert!(destroyed(&g, other).is_some());
    assert_eq!(g.player(P0).story_points, 0);
}

#[test]
fn r113_r112_it_is_the_named_permanent_the_event_happened_to() {
    let (mut b, band) = board();
    b.put(P0, &CLAQUE, band);
    let liberator = b.put(P0, &ORATOR, band);
    let idle = b.put(P0, &ORATOR, band);
    let t = b.put(P1, &FORUM, band);
    let mut g = b.build();
    let before = cp(&g, liberator);
    g.activate_liberators(P0, &[liberator]).unwrap();
    g.declare_targets(&[t], false).unwrap();
    assert_eq!(cp(&g, liberator), before + 1, "the Activated Orator");
    assert_eq!(cp(&g, idle), before, "not the other of the same name");
}

// A Ground Unit of another name.
plain_unit!(OUTRIDER_D, OUTRIDER_LIKE, "Outriders", vox 1, def 2);
