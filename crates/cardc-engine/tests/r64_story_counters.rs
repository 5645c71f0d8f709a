//! Ruling R64 (Story counters: `Place 2 Story counters on this card.`, `Remove 1 Story counter
//! from this card.`, the cost `Remove N Story counters from this card`, the condition `this
//! card has N or more Story counters on it` and the filter `with N or more Story counters on
//! it`). The rules mention Story counters only in §7.5's note on The Show Trial; they do
//! nothing by themselves, go on any permanent (a Character included, where they are never CP
//! loss, §7.9), are never checked against Rank (§12.8) and only card text reads them.

mod common;

use cardc_engine::*;
use common::*;

fn two_story(_: Face, fx: &mut dyn Effects) {
    fx.place_story_counters(Target::Chosen(0), 2);
}
fn remove_one_story(_: Face, fx: &mut dyn Effects) {
    fx.remove_story_counters(Target::Chosen(0), 1);
}

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
static BURN_D: FaceData = FaceData {
    name: "Burn",
    kind: Kind::Maneuver,
    speed: Some(Speed::Fast),
    targets: &[PERM_SEL],
    ..FaceData::BLANK
};
static BURN: TestCard = TestCard {
    play: remove_one_story,
    ..TestCard::new(&BURN_D)
};

#[test]
fn r64_s7_9_story_counters_on_a_character_are_never_cp_loss() {
    let (mut b, band) = board();
    let envoy = b.put(P1, &ENVOY, band);
    let mut g = b.build();
    let before = cp(&g, envoy);
    g.play_maneuver(P0, &DOSSIER, &[envoy]).unwrap();
    let p = g.permanent(envoy).unwrap();
    assert_eq!(p.story_counters, 2);
    assert_eq!(p.counters, 0, "not Liberation counters");
    assert_eq!(cp(&g, envoy), before, "no CP loss");
}

#[test]
fn r64_s12_8_story_counters_are_never_checked_against_rank() {
    let (mut b, band) = board();
    // Dockside Agitators print Rank 2: two Liberation counters would destroy them.
    let unit = b.put(P1, &AGITATORS, band);
    let mut g = b.build();
    g.play_maneuver(P0, &DOSSIER, &[unit]).unwrap();
    assert!(destroyed(&g, unit).is_none());
    assert_eq!(g.permanent(unit).map(|p| p.story_counters), Some(2));
}

#[test]
fn r64_removing_story_counters_stops_at_none() {
    let (mut b, band) = board();
    let unit = b.put(P1, &AGITATORS, band);
    b.with(unit, |p| p.counters = 1);
    let mut g = b.build();
    g.play_maneuver(P0, &BURN, &[unit]).unwrap();
    let p = g.permanent(unit).unwrap();
    assert_eq!(p.story_counters, 0, "none to remove: stays 0");
    assert_eq!(p.counters, 1, "Liberation counters untouched");
}

#[test]
fn r64_the_condition_and_the_filter_read_story_counters() {
    let (mut b, band) = board();
    let unit = b.put(P0, &AGITATORS, band);
    b.with(unit, |p| p.story_counters = 3);
    let g = b.build();
    assert!(g.holds(Condition::ThisHasStoryCounters { n: 3 }, unit, P0));
    assert!(!g.holds(Condition::ThisHasStoryCounters { n: 4 }, unit, P0));
    let p = g.permanent(unit).unwrap();
    assert!(g.passes(p, Filter::StoryCountersOrMore(3), &Origin::NOWHERE));
    assert!(!g.passes(p, Filter::StoryCountersOrMore(4), &Origin::NOWHERE));
}
