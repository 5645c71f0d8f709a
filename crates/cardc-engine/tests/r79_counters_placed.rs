//! Ruling R79 (`Whenever Liberation counters are placed on this card|<group>`, `Whenever
//! Story counters are placed on …`, §12.8, R64): the trigger fires once per placing that
//! puts one or more counters on the permanent, however many it puts; Liberation counters
//! placed on a Character fire it before they become CP loss (§7.9); Story counters are not
//! Liberation counters and fire only the Story event.

mod common;

use cardc_engine::*;
use common::*;

fn gain_one(_: Face, _: usize, fx: &mut dyn Effects) {
    fx.gain_currency(Who::You, 1);
}
fn three_liberation(_: Face, fx: &mut dyn Effects) {
    fx.place_liberation_counters(Target::Chosen(0), 3);
}
fn two_story(_: Face, fx: &mut dyn Effects) {
    fx.place_story_counters(Target::Chosen(0), 2);
}

static SIEGE_D: FaceData = FaceData {
    name: "Siege",
    kind: Kind::Maneuver,
    speed: Some(Speed::Fast),
    targets: &[PERM_SEL],
    ..FaceData::BLANK
};
static SIEGE: TestCard = TestCard {
    play: three_liberation,
    ..TestCard::new(&SIEGE_D)
};
static DOSSIER_D: FaceData = FaceData {
    name: "Dossier",
    kind: Kind::Maneuver,
    speed: Some(Speed::Fast),
    targets: &[PERM_SEL],
    ..FaceData::BLANK
};
static DOSSIER: TestCard = TestCard {
    play: two_story,
    ..TestCard::new(&DOSSIER_D)
};

/// A Surface Location of Rank 5 that gains 1 Currency when Liberation counters are placed
/// on it.
static WATCHED_D: FaceData = FaceData {
    name: "Watched Quay",
    kind: Kind::SurfaceLocation,
    rank: Some(StatValue::Num(5)),
    triggers: &[TriggerData {
        when: Trigger::LiberationCountersArePlacedOnThis,
        targets: &[],
        optional: false,
        twist: false,
        condition: None,
    }],
    ..FaceData::BLANK
};
static WATCHED: TestCard = TestCard {
    trigger: gain_one,
    ..TestCard::new(&WATCHED_D)
};

/// A Device watching Story counters placed on itself.
static LEDGER_D: FaceData = FaceData {
    name: "Ledger",
    kind: Kind::Device,
    triggers: &[TriggerData {
        when: Trigger::StoryCountersArePlacedOnThis,
        targets: &[],
        optional: false,
        twist: false,
        condition: None,
    }],
    ..FaceData::BLANK
};
static LEDGER: TestCard = TestCard {
    trigger: gain_one,
    ..TestCard::new(&LEDGER_D)
};

/// A Device watching Liberation counters placed on any Character.
static BELL_D: FaceData = FaceData {
    name: "Bell",
    kind: Kind::Device,
    triggers: &[TriggerData {
        when: Trigger::LiberationCountersArePlacedOnAGroup(EventSubject::Group(Group {
            selector: CHAR_SEL,
            other: false,
        })),
        targets: &[],
        optional: false,
        twist: false,
        condition: None,
    }],
    ..FaceData::BLANK
};
static BELL: TestCard = TestCard {
    trigger: gain_one,
    ..TestCard::new(&BELL_D)
};

#[test]
fn r79_s12_8_once_per_placing_however_many_counters() {
    let (mut b, band) = board();
    let quay = b.put(P1, &WATCHED, band);
    let mut g = b.build();
    g.play_maneuver(P0, &SIEGE, &[quay]).unwrap();
    assert_eq!(g.permanent(quay).map(|p| p.counters), Some(3));
    assert_eq!(
        g.player(P1).treasury,
        11,
        "three counters, one placing, one trigger"
    );
    g.play_maneuver(P0, &SIEGE, &[quay]).unwrap();
    assert_eq!(g.player(P1).treasury, 12, "a second placing fires it again");
}

#[test]
fn r79_r64_story_counters_fire_only_the_story_event() {
    let (mut b, band) = board();
    let quay = b.put(P1, &WATCHED, band);
    let ledger = b.put(P0, &LEDGER, band);
    let mut g = b.build();
    g.play_maneuver(P0, &DOSSIER, &[quay]).unwrap();
    assert_eq!(
        g.player(P1).treasury,
        10,
        "Story counters are not Liberation counters"
    );
    g.play_maneuver(P0, &DOSSIER, &[ledger]).unwrap();
    assert_eq!(g.permanent(ledger).map(|p| p.story_counters), Some(2));
    assert_eq!(g.player(P0).treasury, 11);
}

#[test]
fn r79_s7_9_counters_placed_on_a_character_fire_before_the_cp_loss() {
    let (mut b, band) = board();
    let envoy = b.put(P1, &ENVOY, band);
    b.put(P0, &BELL, band);
    let mut g = b.build();
    let before = cp(&g, envoy);
    g.play_maneuver(P0, &SIEGE, &[envoy]).unwrap();
    // §7.9: placed, then CP loss; the counters do not stay.
    assert_eq!(cp(&g, envoy), before - 3);
    assert_eq!(
        g.player(P0).treasury,
        11,
        "the group trigger saw them placed"
    );
}

#[test]
fn r79_s12_8_a_group_trigger_ignores_permanents_outside_the_group() {
    let (mut b, band) = board();
    let quay = b.put(P1, &WATCHED, band);
    b.put(P0, &BELL, band);
    let mut g = b.build();
    g.play_maneuver(P0, &SIEGE, &[quay]).unwrap();
    assert_eq!(
        g.player(P0).treasury,
        10,
        "a Surface Location is not a Character"
    );
}
