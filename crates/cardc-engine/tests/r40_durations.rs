//! Rulings R40–R42 (durations of one-shot stat changes, §7.5, §12.8, assumption A5):
//! `<target> gets ±N DEF|RK until end of turn` nets with the statics until the turn ends;
//! `… until the end of the Liberation` until the Liberation under way has finished Step 7,
//! and does nothing with none under way; the permanents changed are fixed as the effect
//! resolves; a permanent leaving the Map loses its changes.

mod common;

use cardc_engine::*;
use common::*;

fn selector(kind: PermanentKind) -> Selector {
    Selector::new(kind, None)
}

static BRACE_D: FaceData = FaceData {
    name: "Brace the Line",
    kind: Kind::Maneuver,
    speed: Some(Speed::Fast),
    targets: &[Selector::new(PermanentKind::Permanent, None)],
    ..FaceData::BLANK
};
fn brace(_: Face, fx: &mut dyn Effects) {
    fx.change_stat(
        Target::Chosen(0),
        BonusStat::Def,
        2,
        Duration::UntilEndOfTurn,
    );
}
/// `Target permanent gets +2 DEF until end of turn.`
static BRACE: TestCard = TestCard {
    play: brace,
    ..TestCard::new(&BRACE_D)
};

fn hold(_: Face, fx: &mut dyn Effects) {
    fx.change_stat(
        Target::Chosen(0),
        BonusStat::Rank,
        2,
        Duration::UntilEndOfLiberation,
    );
}
/// `Target permanent gets +2 RK until the end of the Liberation.`
static HOLD: TestCard = TestCard {
    play: hold,
    ..TestCard::new(&BRACE_D)
};

static RALLY_D: FaceData = FaceData {
    name: "Rally",
    kind: Kind::Maneuver,
    speed: Some(Speed::Fast),
    ..FaceData::BLANK
};
fn rally(_: Face, fx: &mut dyn Effects) {
    fx.change_stat(
        Target::Each(selector(PermanentKind::GroundUnit)),
        BonusStat::Rank,
        1,
        Duration::UntilEndOfTurn,
    );
}
/// `Each Ground Unit gets +1 RK until end of turn.`
static RALLY: TestCard = TestCard {
    play: rally,
    ..TestCard::new(&RALLY_D)
};

static OUTPOST_P: FaceData = FaceData {
    name: "Outpost",
    kind: Kind::SurfaceLocation,
    rank: Some(StatValue::Num(2)),
    ..FaceData::BLANK
};
static OUTPOST: TestCard = TestCard::new(&OUTPOST_P);

#[test]
fn r40_until_end_of_turn_nets_with_the_statics_and_ends_with_the_turn() {
    let (mut b, band) = board();
    let unit = b.put(P0, &AGITATORS, band); // DEF 1
    let attacker = b.put(P1, &AGITATORS, band);
    let mut g = b.build();
    g.play_maneuver(P0, &BRACE, &[unit]).unwrap();
    assert_eq!(
        g.effective_def(unit),
        Some(3),
        "§7.5: netted with the printed DEF"
    );
    assert_eq!(g.stat_changes().len(), 1);
    // Two combat damage no longer destroys it while the change holds.
    g.combat_damage(
        P1,
        &[Hit {
            attacker,
            defender: unit,
            amount: 2,
        }],
    )
    .unwrap();
    assert!(on_map(&g, unit));
    g.end_turn().unwrap();
    assert_eq!(
        g.effective_def(unit),
        Some(1),
        "A5: it ends as the turn ends"
    );
    assert!(g.stat_changes().is_empty());
    assert!(g.log().iter().any(
        |e| matches!(e, Event::StatChangeEnded { permanent, amount: 2, .. } if *permanent == unit)
    ));
}

#[test]
fn r41_until_the_end_of_the_liberation_with_none_under_way_does_nothing() {
    let (mut b, band) = board();
    let unit = b.put(P0, &AGITATORS, band); // Rank 2
    let mut g = b.build();
    g.clear_log();
    g.play_maneuver(P0, &HOLD, &[unit]).unwrap();
    assert_eq!(g.effective_rank(unit), Some(2));
    assert!(g.stat_changes().is_empty());
    assert!(!g
        .log()
        .iter()
        .any(|e| matches!(e, Event::StatChanged { .. })));
}

#[test]
fn r41_s12_8_until_the_end_of_the_liberation_ends_after_step_7_and_the_continuous_check_follows() {
    let (mut b, band) = board();
    let liberator = b.put(P0, &ORATOR, band); // Vox 4
    let outpost = b.put(P1, &OUTPOST, band); // Rank 2
    let mut g = b.build();
    g.activate_liberators(P0, &[liberator]).unwrap();
    g.declare_targets(&[outpost], false).unwrap();
    // Step 3 is a Fast window: the defending player shores up the target.
    g.play_maneuver(P1, &HOLD, &[outpost]).unwrap();
    assert_eq!(g.effective_rank(outpost), Some(4));
    g.activate_defenders(&[], &[]).unwrap();
    let s = seal(&g, &[(outpost, 3)]);
    g.commit_sealed(s.commitment()).unwrap();
    g.allocate_defence(Assignment::empty()).unwrap();
    g.reveal(Some(&s.opening())).unwrap();
    g.pay().unwrap();
    // §12.8: during Step 7 three counters are short of Rank 2 + 2. Once the Liberation has
    // finished, the change ends and the continuous check destroys the Outpost, credited to
    // the Liberation that placed the counters.
    g.resolve().unwrap();
    assert!(g.liberation().is_none());
    assert!(g.stat_changes().is_empty());
    assert!(
        !on_map(&g, outpost),
        "3 counters reach Rank 2 once the +2 RK is gone"
    );
    assert!(destroyed(&g, outpost).is_some());
    let ended = g.log().iter().position(
        |e| matches!(e, Event::StatChangeEnded { permanent, .. } if *permanent == outpost),
    );
    let destroyed_at = g
        .log()
        .iter()
        .position(|e| matches!(e, Event::Destroyed { permanent, .. } if *permanent == outpost));
    assert!(
        ended.is_some() && ended < destroyed_at,
        "the change ends first"
    );
}

#[test]
fn r41_until_end_of_turn_made_during_a_liberation_outlasts_it() {
    let (mut b, band) = board();
    let liberator = b.put(P0, &ORATOR, band);
    let outpost = b.put(P1, &OUTPOST, band);
    let mut g = b.build();
    g.activate_liberators(P0, &[liberator]).unwrap();
    g.declare_targets(&[outpost], false).unwrap();
    g.play_maneuver(P1, &BRACE, &[liberator]).unwrap();
    g.activate_defenders(&[], &[]).unwrap();
    let s = seal(&g, &[(outpost, 1)]);
    g.commit_sealed(s.commitment()).unwrap();
    g.allocate_defence(Assignment::empty()).unwrap();
    g.reveal(Some(&s.opening())).unwrap();
    g.pay().unwrap();
    g.resolve().unwrap();
    assert_eq!(
        g.stat_changes().len(),
        1,
        "until end of turn, not of the Liberation"
    );
    g.end_turn().unwrap();
    assert!(g.stat_changes().is_empty());
}

#[test]
fn r42_a_group_is_fixed_as_the_effect_resolves() {
    let (mut b, band) = board();
    let first = b.put(P0, &AGITATORS, band);
    let mut g = b.build();
    g.play_maneuver(P0, &RALLY, &[]).unwrap();
    assert_eq!(g.effective_rank(first), Some(3));
    let later = g.place(P0, &AGITATORS, band);
    assert_eq!(
        g.effective_rank(later),
        Some(2),
        "arrived after the effect resolved"
    );
}

#[test]
fn r40_a_permanent_leaving_the_map_loses_its_changes() {
    let (mut b, band) = board();
    let unit = b.put(P1, &AGITATORS, band);
    let attacker = b.put(P0, &AGITATORS, band);
    let mut g = b.build();
    g.play_maneuver(P0, &BRACE, &[unit]).unwrap();
    g.combat_damage(
        P0,
        &[Hit {
            attacker,
            defender: unit,
            amount: 5,
        }],
    )
    .unwrap();
    assert!(!on_map(&g, unit));
    assert!(g.stat_changes().is_empty());
}
