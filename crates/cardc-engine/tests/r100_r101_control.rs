//! Rulings R100 and R101 (`Gain control of <target>[ until end of turn]`, §12.3): the text's
//! controller becomes the permanent's controller, its owner unchanged; with a duration,
//! control goes back when the duration ends; a declared Liberation target coming under the
//! liberating player's control leaves the Liberation, its counters neither landed nor
//! cancelled.

mod common;

use cardc_engine::*;
use common::*;

static SEIZE_D: FaceData = FaceData {
    name: "Seize",
    kind: Kind::Maneuver,
    speed: Some(Speed::Fast),
    targets: &[Selector::new(PermanentKind::Permanent, None)],
    ..FaceData::BLANK
};
fn seize(_: Face, fx: &mut dyn Effects) {
    fx.gain_control(Target::Chosen(0), None);
}
/// `Gain control of target permanent.`
static SEIZE: TestCard = TestCard {
    play: seize,
    ..TestCard::new(&SEIZE_D)
};
fn borrow(_: Face, fx: &mut dyn Effects) {
    fx.gain_control(Target::Chosen(0), Some(Duration::UntilEndOfTurn));
}
/// `Gain control of target permanent until end of turn.`
static BORROW: TestCard = TestCard {
    play: borrow,
    ..TestCard::new(&SEIZE_D)
};
fn borrow_liberation(_: Face, fx: &mut dyn Effects) {
    fx.gain_control(Target::Chosen(0), Some(Duration::UntilEndOfLiberation));
}
/// `Gain control of target permanent until the end of the Liberation.`
static BORROW_LIBERATION: TestCard = TestCard {
    play: borrow_liberation,
    ..TestCard::new(&SEIZE_D)
};

fn recall(_: Face, fx: &mut dyn Effects) {
    fx.return_to_hand(Target::Chosen(0));
}
/// `Return target permanent to its owner's hand.`
static RECALL: TestCard = TestCard {
    play: recall,
    ..TestCard::new(&SEIZE_D)
};

static OUTPOST_P: FaceData = FaceData {
    name: "Outpost",
    kind: Kind::SurfaceLocation,
    rank: Some(StatValue::Num(2)),
    ..FaceData::BLANK
};
static OUTPOST: TestCard = TestCard::new(&OUTPOST_P);

fn controller(g: &Game, id: PermanentId) -> Option<PlayerId> {
    g.permanent(id).map(|p| p.controller)
}

#[test]
fn r100_gaining_control_changes_the_controller_not_the_owner_nor_the_card() {
    let (mut b, band) = board();
    let orator = b.put(P1, &ORATOR, band);
    let mut g = b.build();
    if let Some(p) = g.setup(orator) {
        p.counters = 1;
    }
    let before = cp(&g, orator);
    g.clear_log();
    g.play_maneuver(P0, &SEIZE, &[orator]).unwrap();
    assert_eq!(controller(&g, orator), Some(P0));
    assert_eq!(
        g.permanent(orator).map(|p| p.owner),
        Some(P1),
        "owner unchanged"
    );
    assert_eq!(cp(&g, orator), before, "its CP stays");
    assert!(g.log().iter().any(|e| matches!(e,
        Event::ControlChanged { permanent, from, to } if *permanent == orator && *from == P1 && *to == P0)));
    assert!(g.timed_controls().is_empty(), "for good");
    g.end_turn().unwrap();
    assert_eq!(
        controller(&g, orator),
        Some(P0),
        "still P0's after the turn"
    );
}

#[test]
fn r100_until_end_of_turn_control_goes_back_when_the_turn_ends() {
    let (mut b, band) = board();
    let unit = b.put(P1, &AGITATORS, band);
    let mut g = b.build();
    g.play_maneuver(P0, &BORROW, &[unit]).unwrap();
    assert_eq!(controller(&g, unit), Some(P0));
    assert_eq!(g.timed_controls().len(), 1);
    g.end_turn().unwrap();
    assert_eq!(controller(&g, unit), Some(P1), "back to its controller");
    assert!(g.timed_controls().is_empty());
}

#[test]
fn r100_a_permanent_that_left_the_map_is_not_given_back() {
    let (mut b, band) = board();
    let unit = b.put(P1, &AGITATORS, band);
    let mut g = b.build();
    g.play_maneuver(P0, &BORROW, &[unit]).unwrap();
    g.play_maneuver(P1, &RECALL, &[unit]).unwrap();
    assert_eq!(g.player(P1).hand, 1, "its owner's hand (ruling R99)");
    assert!(g.timed_controls().is_empty(), "leaving the Map ends it");
    g.clear_log();
    g.end_turn().unwrap();
    assert!(!g
        .log()
        .iter()
        .any(|e| matches!(e, Event::ControlChanged { .. })));
}

#[test]
fn r100_until_the_end_of_the_liberation_with_none_under_way_does_nothing() {
    let (mut b, band) = board();
    let unit = b.put(P1, &AGITATORS, band);
    let mut g = b.build();
    g.play_maneuver(P0, &BORROW_LIBERATION, &[unit]).unwrap();
    assert_eq!(controller(&g, unit), Some(P1));
}

#[test]
fn r101_s12_3_a_declared_target_taken_by_the_liberating_player_leaves_the_liberation() {
    let (mut b, band) = board();
    let liberator = b.put(P0, &ORATOR, band); // Vox 4
    let outpost = b.put(P1, &OUTPOST, band); // Rank 2
    let mut g = b.build();
    g.activate_liberators(P0, &[liberator]).unwrap();
    g.declare_targets(&[outpost], false).unwrap();
    // Step 3 is a Fast window: the liberating player takes the target, which they may not
    // liberate (§12.3): it leaves the Liberation.
    g.play_maneuver(P0, &SEIZE, &[outpost]).unwrap();
    assert_eq!(
        g.liberation().map(|l| l.departed().to_vec()),
        Some(vec![outpost])
    );
    assert!(g
        .log()
        .iter()
        .any(|e| matches!(e, Event::LeftLiberation { permanent } if *permanent == outpost)));
    g.activate_defenders(&[], &[]).unwrap();
    let s = seal(&g, &[(outpost, 3)]);
    g.commit_sealed(s.commitment()).unwrap();
    g.allocate_defence(Assignment::empty()).unwrap();
    g.reveal(Some(&s.opening())).unwrap();
    let landed: u32 = g
        .liberation()
        .map(|l| l.outcome().iter().map(|o| o.landed).sum())
        .unwrap_or(99);
    assert_eq!(landed, 0, "its counters do not land");
    let payment = g.pay().unwrap();
    assert_eq!(payment.owed, 0, "nor are they cancelled and paid for");
    g.resolve().unwrap();
    assert!(on_map(&g, outpost), "not destroyed");
    assert_eq!(counters(&g, outpost), 0);
    assert_eq!(controller(&g, outpost), Some(P0));
}

#[test]
fn r101_control_taken_by_the_defending_side_leaves_the_liberation_as_it_was() {
    let (mut b, band) = board();
    let liberator = b.put(P0, &ORATOR, band);
    let outpost = b.put(P1, &OUTPOST, band);
    let mut g = b.build();
    g.activate_liberators(P0, &[liberator]).unwrap();
    g.declare_targets(&[outpost], false).unwrap();
    // The defending player taking a liberator changes nothing of the Liberation (R101 speaks
    // of targets and garrisons the liberating player comes to control).
    g.play_maneuver(P1, &BORROW, &[liberator]).unwrap();
    assert_eq!(controller(&g, liberator), Some(P1));
    assert_eq!(g.liberation().map(|l| l.departed().len()), Some(0));
}
