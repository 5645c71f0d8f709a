//! Ruling R36 (the intervening `if`, `Whenever <event>, if <condition>, <effect>.`): the
//! condition is read as the event happens, so the trigger is not queued unless it holds, and
//! again as the trigger resolves, so it does nothing unless it still holds. Ruling R37: each
//! condition of the table as `Game::holds` reads it (§7.3 CP, §7.9 and R14 Rank, §12.6
//! Liberation counters, §12.4 and R4 garrisons, Treasuries, Story Points and control).

mod common;

use cardc_engine::*;
use common::*;

fn gain_story_point(_: Face, _: usize, fx: &mut dyn Effects) {
    fx.gain_story_points(Who::You, 1);
}

/// Treasury Watch (Device): At the start of your turn, if you have 3 or more Currency, gain
/// 1 Story Point.
static WATCH_P: FaceData = FaceData {
    name: "Treasury Watch",
    kind: Kind::Device,
    triggers: &[TriggerData {
        when: Trigger::StartOfYourTurn,
        targets: &[],
        optional: false,
        twist: false,
        condition: Some(Condition::YouHaveCurrency { n: 3 }),
    }],
    ..FaceData::BLANK
};
static WATCH: TestCard = TestCard {
    trigger: gain_story_point,
    ..TestCard::new(&WATCH_P)
};

fn pay_three(_: Face, _: usize, fx: &mut dyn Effects) {
    fx.pay_currency(Who::You, 3);
}

/// Levy (Device): At the start of your turn, pay 3 Currency.
static LEVY_P: FaceData = FaceData {
    name: "Levy",
    kind: Kind::Device,
    triggers: &[TriggerData {
        when: Trigger::StartOfYourTurn,
        targets: &[],
        optional: false,
        twist: false,
        condition: None,
    }],
    ..FaceData::BLANK
};
static LEVY: TestCard = TestCard {
    trigger: pay_three,
    ..TestCard::new(&LEVY_P)
};

/// Outpost (Surface Location), Rank 2, DEF 3: no text.
static OUTPOST_P: FaceData = FaceData {
    name: "Outpost",
    kind: Kind::SurfaceLocation,
    rank: Some(StatValue::Num(2)),
    def: Some(StatValue::Num(3)),
    ..FaceData::BLANK
};
static OUTPOST: TestCard = TestCard::new(&OUTPOST_P);

/// The start of P1's turn, with P1's Treasury at `currency`.
fn p1_turn_with(currency: u32, cards: &[&'static TestCard]) -> Game {
    let (mut b, band) = board();
    b.treasury(P1, currency);
    for c in cards {
        b.put(P1, *c, band);
    }
    let mut g = b.build();
    g.end_turn().unwrap();
    g
}

#[test]
fn r36_the_trigger_fires_when_the_condition_holds_as_the_event_happens() {
    let g = p1_turn_with(3, &[&WATCH]);
    assert_eq!(g.player(P1).story_points, 1);
}

#[test]
fn r36_the_trigger_is_not_queued_when_the_condition_does_not_hold() {
    let g = p1_turn_with(2, &[&WATCH]);
    assert_eq!(g.player(P1).story_points, 0);
    assert!(
        !g.log()
            .iter()
            .any(|e| matches!(e, Event::ConditionFailed { .. })),
        "never queued, so never read again"
    );
}

#[test]
fn r36_the_condition_is_read_again_as_the_trigger_resolves() {
    // Both fire at the start of the turn with 3 Currency; the Levy resolves first (it was put
    // on the Map first) and spends it, so the Watch's condition fails on resolution.
    let g = p1_turn_with(3, &[&LEVY, &WATCH]);
    assert_eq!(g.player(P1).treasury, 0);
    assert_eq!(g.player(P1).story_points, 0);
    assert!(g
        .log()
        .iter()
        .any(|e| matches!(e, Event::ConditionFailed { .. })));
}

#[test]
fn r36_queued_after_the_other_trigger_it_still_sees_the_currency() {
    let g = p1_turn_with(3, &[&WATCH, &LEVY]);
    assert_eq!(g.player(P1).story_points, 1);
    assert_eq!(g.player(P1).treasury, 0);
}

#[test]
fn r37_control_conditions_count_the_permanents_of_the_kind_on_the_map() {
    let (mut b, band) = board();
    let w = b.put(P0, &WATCH, band);
    b.put(P0, &OUTPOST, band);
    b.put(P1, &OUTPOST, band);
    b.put(P1, &OUTPOST, band);
    let g = b.build();
    let loc = PermanentKind::SurfaceLocation;
    assert!(g.holds(Condition::YouControlA { kind: loc }, w, P0));
    assert!(!g.holds(Condition::YouControlOrMore { n: 2, kind: loc }, w, P0));
    assert!(g.holds(Condition::YouControlOrMore { n: 2, kind: loc }, w, P1));
    assert!(!g.holds(Condition::YouControlNo { kind: loc }, w, P0));
    assert!(g.holds(
        Condition::YouControlNo {
            kind: PermanentKind::Homeworld
        },
        w,
        P0
    ));
    assert!(g.holds(Condition::AnOpponentControlsA { kind: loc }, w, P0));
    assert!(!g.holds(
        Condition::AnOpponentControlsA {
            kind: PermanentKind::Device
        },
        w,
        P0
    ));
    // "you control a Device" counts the card itself.
    assert!(g.holds(
        Condition::YouControlA {
            kind: PermanentKind::Device
        },
        w,
        P0
    ));
}

#[test]
fn r37_cp_conditions_read_a_characters_current_cp_s7_3() {
    let (mut b, band) = board();
    let m = b.put(P0, &MARA, band);
    let d = b.put(P0, &WATCH, band);
    b.with(m, |p| p.cp = 2);
    let g = b.build();
    assert!(g.holds(Condition::ThisHasCpOrLess { n: 2 }, m, P0));
    assert!(!g.holds(Condition::ThisHasCpOrLess { n: 1 }, m, P0));
    assert!(g.holds(Condition::ThisHasCpOrMore { n: 2 }, m, P0));
    assert!(!g.holds(Condition::ThisHasCpOrMore { n: 3 }, m, P0));
    // a Device has no CP: neither threshold holds
    assert!(!g.holds(Condition::ThisHasCpOrLess { n: 5 }, d, P0));
}

#[test]
fn r37_rank_and_counter_conditions_read_effective_rank_and_counters_s12_6() {
    let (mut b, band) = board();
    let o = b.put(P0, &OUTPOST, band);
    let g = b.build();
    assert!(g.holds(Condition::ThisHasRankOrMore { n: 2 }, o, P0));
    assert!(!g.holds(Condition::ThisHasRankOrMore { n: 3 }, o, P0));
    assert!(g.holds(Condition::ThisHasRankOrLess { n: 2 }, o, P0));
    assert!(g.holds(Condition::ThisHasNoLiberationCounters, o, P0));
    assert!(!g.holds(Condition::ThisHasLiberationCounters { n: 1 }, o, P0));
    let (mut b, band) = board();
    let o = b.put(P0, &OUTPOST, band);
    b.with(o, |p| p.counters = 1);
    let g = b.build();
    assert!(g.holds(Condition::ThisHasLiberationCounters { n: 1 }, o, P0));
    assert!(!g.holds(Condition::ThisHasNoLiberationCounters, o, P0));
}

#[test]
fn r37_nothing_is_a_garrison_outside_a_liberation_s12_4() {
    let (mut b, band) = board();
    let m = b.put(P0, &MARA, band);
    let o = b.put(P0, &OUTPOST, band);
    b.with(m, |p| p.garrisoning = Some(o));
    let g = b.build();
    assert!(!g.liberation_in_progress());
    assert!(!g.holds(Condition::ThisIsAGarrison, m, P0));
}

#[test]
fn r37_story_point_conditions_read_the_controllers_story_points() {
    let (mut b, band) = board();
    let w = b.put(P0, &WATCH, band);
    b.story_points(P0, 3);
    let g = b.build();
    assert!(g.holds(Condition::YouHaveStoryPoints { n: 3 }, w, P0));
    assert!(!g.holds(Condition::YouHaveStoryPoints { n: 4 }, w, P0));
    assert!(!g.holds(Condition::YouHaveStoryPoints { n: 1 }, w, P1));
}
