//! Ruling R105 (`Whenever Liberation counters are placed on this card, draw that many
//! cards.`, §12.8, R68, R79): `that many` at the start of a trigger's effect is the number of
//! counters the placing that fired it put on the card; a step after it reads the step
//! before, as ever (R68); a trigger whose event counts nothing starts from 0.

mod common;

use cardc_engine::*;
use common::*;

fn gain_that_many(_: Face, _: usize, fx: &mut dyn Effects) {
    let n = fx.that_many();
    fx.gain_currency(Who::You, n);
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

const fn watching(when: Trigger) -> [TriggerData; 1] {
    [TriggerData {
        when,
        targets: &[],
        optional: false,
        twist: false,
        condition: None,
    }]
}

static ON_QUAY: [TriggerData; 1] = watching(Trigger::LiberationCountersArePlacedOnThis);
/// A Surface Location of Rank 5: `Whenever Liberation counters are placed on this card, gain
/// that many Currency.`
static QUAY_D: FaceData = FaceData {
    name: "Tallying Quay",
    kind: Kind::SurfaceLocation,
    rank: Some(StatValue::Num(5)),
    triggers: &ON_QUAY,
    ..FaceData::BLANK
};
static QUAY: TestCard = TestCard {
    trigger: gain_that_many,
    ..TestCard::new(&QUAY_D)
};

static ON_LEDGER: [TriggerData; 1] = watching(Trigger::StoryCountersArePlacedOnThis);
/// A Device: `Whenever Story counters are placed on this card, gain that many Currency.`
static LEDGER_D: FaceData = FaceData {
    name: "Tallying Ledger",
    kind: Kind::Device,
    triggers: &ON_LEDGER,
    ..FaceData::BLANK
};
static LEDGER: TestCard = TestCard {
    trigger: gain_that_many,
    ..TestCard::new(&LEDGER_D)
};

static ON_CHARACTERS: [TriggerData; 1] = watching(Trigger::LiberationCountersArePlacedOnAGroup(
    EventSubject::Group(Group {
        selector: CHAR_SEL,
        other: false,
    }),
));
/// A Device: `Whenever Liberation counters are placed on a Character, gain that many
/// Currency.`
static BELL_D: FaceData = FaceData {
    name: "Tallying Bell",
    kind: Kind::Device,
    triggers: &ON_CHARACTERS,
    ..FaceData::BLANK
};
static BELL: TestCard = TestCard {
    trigger: gain_that_many,
    ..TestCard::new(&BELL_D)
};

#[test]
fn r105_that_many_is_the_number_one_placing_put_on_the_card() {
    let (mut b, band) = board();
    let quay = b.put(P1, &QUAY, band);
    let mut g = b.build();
    g.play_maneuver(P0, &SIEGE, &[quay]).unwrap();
    assert_eq!(g.permanent(quay).map(|p| p.counters), Some(3));
    assert_eq!(
        g.player(P1).treasury,
        13,
        "three counters placed: 3 Currency"
    );
}

#[test]
fn r105_r64_story_counters_count_too() {
    let (mut b, band) = board();
    let ledger = b.put(P0, &LEDGER, band);
    let mut g = b.build();
    g.play_maneuver(P0, &DOSSIER, &[ledger]).unwrap();
    assert_eq!(
        g.player(P0).treasury,
        12,
        "two Story counters placed: 2 Currency"
    );
}

#[test]
fn r105_s7_9_a_group_member_counts_before_the_cp_loss() {
    let (mut b, band) = board();
    let envoy = b.put(P1, &ENVOY, band);
    b.put(P0, &BELL, band);
    let mut g = b.build();
    g.play_maneuver(P0, &SIEGE, &[envoy]).unwrap();
    assert_eq!(
        g.player(P0).treasury,
        13,
        "the three counters placed on the Character, before they become CP loss"
    );
}
