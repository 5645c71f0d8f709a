//! Ruling R29 (`return <target> to its owner's hand`): the permanent leaves the Map for its
//! owner's hand. It is not destroyed (§12.8's "destroyed by" and destruction triggers do not
//! apply), it is not in the Depleted Pile, and what it carried goes with it.

mod common;

use cardc_engine::*;
use common::*;

static RECALL_D: FaceData = FaceData {
    name: "Recall",
    kind: Kind::Maneuver,
    speed: Some(Speed::Fast),
    targets: &[Selector::new(PermanentKind::GroundUnit, None)],
    ..FaceData::BLANK
};
fn recall(_: Face, fx: &mut dyn Effects) {
    fx.return_to_hand(Target::Chosen(0));
}
static RECALL: TestCard = TestCard {
    play: recall,
    ..TestCard::new(&RECALL_D)
};

#[test]
fn r29_a_returned_unit_leaves_the_map_for_its_owners_hand_and_is_not_destroyed() {
    let (mut b, band) = board();
    let unit = b.put(P1, &AGITATORS, band);
    let mut g = b.build();
    if let Some(p) = g.setup(unit) {
        p.counters = 1;
    }
    g.clear_log();
    g.play_maneuver(P0, &RECALL, &[unit]).unwrap();
    assert!(!on_map(&g, unit));
    assert_eq!(g.permanent(unit).map(|p| p.zone), Some(Zone::Hand));
    assert_eq!(g.player(P1).hand, 1, "its owner's hand");
    assert_eq!(g.player(P0).hand, 0);
    assert_eq!(destroyed(&g, unit), None, "not destroyed");
    assert!(g.depleted_pile(P1).is_empty(), "not in the Depleted Pile");
    assert_eq!(counters(&g, unit), 0, "its counters went with it");
    assert!(g
        .log()
        .iter()
        .any(|e| matches!(e, Event::ReturnedToHand { permanent, owner } if *permanent == unit && *owner == P1)));
    assert!(!g.log().iter().any(|e| matches!(e, Event::Destroyed { .. })));
}

#[test]
fn r29_a_permanent_already_gone_is_not_returned() {
    let (mut b, band) = board();
    let unit = b.put(P1, &AGITATORS, band);
    let mut g = b.build();
    g.play_maneuver(P0, &RECALL, &[unit]).unwrap();
    // A second Recall finds no legal target: the unit is no longer on the Map.
    assert!(g.play_maneuver(P0, &RECALL, &[unit]).is_err());
    assert_eq!(g.player(P1).hand, 1);
}

static RECALL_ANY_D: FaceData = FaceData {
    name: "Recall Anything",
    kind: Kind::Maneuver,
    speed: Some(Speed::Fast),
    targets: &[Selector::new(PermanentKind::Permanent, None)],
    ..FaceData::BLANK
};
static RECALL_ANY: TestCard = TestCard {
    play: recall,
    ..TestCard::new(&RECALL_ANY_D)
};

#[test]
fn r30_a_location_is_never_returned_to_a_hand() {
    let (mut b, band) = board();
    let location = b.put(P1, &KARSK, band);
    let mut g = b.build();
    g.play_maneuver(P0, &RECALL_ANY, &[location]).unwrap();
    assert!(on_map(&g, location), "the Location stays on the Map");
    assert_eq!(g.player(P1).hand, 0);
    assert!(!g
        .log()
        .iter()
        .any(|e| matches!(e, Event::ReturnedToHand { .. })));
}
