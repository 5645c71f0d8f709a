//! Ruling R106 (`Whenever a Character an opponent controls is destroyed, its controller …`,
//! `When this card is destroyed, its owner …`, §12.8, R16, R48): `its controller`/`its owner`
//! with no target before it in a trigger's effect names the card the event is about, the
//! group's member or the card itself, as it stands or, once it has left the Map, as it last
//! stood there (look-back, as R16); never the trigger's controller unless that is who it is.

mod common;

use cardc_engine::*;
use common::*;

fn its_controller_gains(_: Face, _: usize, fx: &mut dyn Effects) {
    fx.gain_story_points(Who::ControllerOfEventCard, 1);
}
fn its_owner_gains(_: Face, _: usize, fx: &mut dyn Effects) {
    fx.gain_story_points(Who::OwnerOfEventCard, 1);
}

static ON_THEIR_CHARACTERS: [TriggerData; 1] = [TriggerData {
    when: Trigger::AGroupIsDestroyed(EventSubject::Group(Group {
        selector: Selector::new(PermanentKind::Character, Some(Controller::Opponent)),
        other: false,
    })),
    targets: &[],
    optional: false,
    twist: false,
    condition: None,
}];
/// A Device: `Whenever a Character an opponent controls is destroyed, its controller gains
/// 1 Story Point.`
static WAKE_D: FaceData = FaceData {
    name: "Wake Bell",
    kind: Kind::Device,
    triggers: &ON_THEIR_CHARACTERS,
    ..FaceData::BLANK
};
static WAKE: TestCard = TestCard {
    trigger: its_controller_gains,
    ..TestCard::new(&WAKE_D)
};

static ON_ITS_DESTRUCTION: [TriggerData; 1] = [TriggerData {
    when: Trigger::ThisIsDestroyed,
    targets: &[],
    optional: false,
    twist: false,
    condition: None,
}];
/// A Ground Unit: `When this card is destroyed, its owner gains 1 Story Point.`
static LEGACY_D: FaceData = FaceData {
    name: "Legacy Dockers",
    kind: Kind::GroundUnit,
    cost: 1,
    rank: Some(StatValue::Num(2)),
    vox: 1,
    attack: 1,
    def: Some(StatValue::Num(2)),
    triggers: &ON_ITS_DESTRUCTION,
    ..FaceData::BLANK
};
static LEGACY: TestCard = TestCard {
    trigger: its_owner_gains,
    ..TestCard::new(&LEGACY_D)
};

#[test]
fn r106_r48_its_controller_is_the_members_not_the_watchers() {
    let (mut b, band) = board();
    b.put(P0, &WAKE, band);
    let theirs = b.put(P1, &ENVOY, band);
    let mut g = b.build();
    g.play_maneuver(P0, &PURGE, &[theirs]).unwrap();
    assert!(destroyed(&g, theirs).is_some());
    assert_eq!(
        (g.player(P0).story_points, g.player(P1).story_points),
        (0, 1),
        "the destroyed Character's controller, as it last stood on the Map (R16)"
    );
}

#[test]
fn r106_r16_its_owner_of_this_card_looks_back_after_its_destruction() {
    let (mut b, band) = board();
    let dockers = b.put(P1, &LEGACY, band);
    let mut g = b.build();
    g.play_maneuver(P0, &PURGE, &[dockers]).unwrap();
    assert!(destroyed(&g, dockers).is_some());
    assert_eq!(
        (g.player(P0).story_points, g.player(P1).story_points),
        (0, 1),
        "the destroyed card's owner"
    );
}
