//! Ruling R48 (events about a group: `Whenever a Character you control is destroyed, …`):
//! the trigger fires when a permanent of the group is destroyed (§12.8, any cause), Falls
//! (§7.7), is deployed from hand (§7.11, ruling R45) or is Activated (§7.3, §12.2, §12.4,
//! ruling R46). The group is read from the trigger's controller's point of view; the card
//! printing it is in the group unless it says `another`, and a destroyed permanent looks
//! back at its own destruction.

mod common;

use cardc_engine::*;
use common::*;

const fn group(kind: PermanentKind, controller: Option<Controller>, other: bool) -> EventSubject {
    EventSubject::Group(Group {
        selector: Selector::new(kind, controller),
        other,
    })
}

fn gain_one(_: Face, _: usize, fx: &mut dyn Effects) {
    fx.gain_currency(Who::You, 1);
}

/// A Ground Unit printing one trigger, `when`, that gains 1 Currency.
macro_rules! watcher {
    ($card:ident, $data:ident, $name:literal, $when:expr, $text:literal) => {
        static $data: FaceData = FaceData {
            name: $name,
            kind: Kind::GroundUnit,
            cost: 1,
            rank: Some(StatValue::Num(2)),
            vox: 1,
            attack: 1,
            def: Some(StatValue::Num(2)),
            triggers: &[TriggerData {
                when: $when,
                targets: &[],
                optional: false,
                twist: false,
                condition: None,
            }],
            text: &[$text],
            ..FaceData::BLANK
        };
        static $card: TestCard = TestCard {
            trigger: gain_one,
            ..TestCard::new(&$data)
        };
    };
}

watcher!(
    MOURNERS,
    MOURNERS_D,
    "Dockside Mourners",
    Trigger::AGroupIsDestroyed(group(
        PermanentKind::Character,
        Some(Controller::You),
        false
    )),
    "Whenever a Character you control is destroyed, gain 1 Currency."
);
watcher!(
    SURVIVORS,
    SURVIVORS_D,
    "Last Survivors",
    Trigger::AGroupIsDestroyed(group(
        PermanentKind::GroundUnit,
        Some(Controller::You),
        true
    )),
    "Whenever another Ground Unit you control is destroyed, gain 1 Currency."
);
watcher!(
    WRECKERS,
    WRECKERS_D,
    "Wreck Divers",
    Trigger::AGroupIsDestroyed(group(
        PermanentKind::GroundUnit,
        Some(Controller::You),
        false
    )),
    "Whenever a Ground Unit you control is destroyed, gain 1 Currency."
);
watcher!(
    SCAVENGERS,
    SCAVENGERS_D,
    "Scavengers",
    Trigger::AGroupIsDestroyed(group(
        PermanentKind::GroundUnit,
        Some(Controller::Opponent),
        true
    )),
    "Whenever another Ground Unit an opponent controls is destroyed, gain 1 Currency."
);
watcher!(
    CHRONICLERS,
    CHRONICLERS_D,
    "Chroniclers of the Fall",
    Trigger::AGroupFalls(group(
        PermanentKind::Character,
        Some(Controller::You),
        false
    )),
    "Whenever a Character you control Falls, gain 1 Currency."
);
watcher!(
    QUARTERMASTERS,
    QUARTERMASTERS_D,
    "Quartermasters",
    Trigger::AGroupIsDeployed(group(
        PermanentKind::GroundUnit,
        Some(Controller::You),
        true
    )),
    "Whenever another Ground Unit you control is deployed, gain 1 Currency."
);
watcher!(
    DRUMMERS,
    DRUMMERS_D,
    "Muster Drummers",
    Trigger::AGroupIsActivated(group(
        PermanentKind::GroundUnit,
        Some(Controller::You),
        false
    )),
    "Whenever a Ground Unit you control is Activated, gain 1 Currency."
);

#[test]
fn r48_s12_8_a_character_you_control_destroyed_fires_and_an_opponents_does_not() {
    let (mut b, band) = board();
    b.put(P0, &MOURNERS, band);
    let mine = b.put(P0, &ENVOY, band);
    let theirs = b.put(P1, &ENVOY, band);
    let mut g = b.build();
    g.play_maneuver(P1, &PURGE, &[mine]).unwrap();
    assert_eq!(g.player(P0).treasury, 11, "your Character: fires");
    g.play_maneuver(P0, &PURGE, &[theirs]).unwrap();
    assert_eq!(g.player(P0).treasury, 11, "an opponent's Character: no");
}

#[test]
fn r48_a_destroyed_member_looks_back_unless_another() {
    let (mut b, band) = board();
    let plain = b.put(P0, &WRECKERS, band);
    let other = b.put(P1, &SURVIVORS, band);
    let mut g = b.build();
    g.play_maneuver(P1, &PURGE, &[plain]).unwrap();
    assert_eq!(
        g.player(P0).treasury,
        11,
        "`a Ground Unit you control`: its own destruction counts"
    );
    g.play_maneuver(P0, &PURGE, &[other]).unwrap();
    assert_eq!(
        g.player(P1).treasury,
        10,
        "`another Ground Unit`: its own destruction does not"
    );
}

#[test]
fn r48_another_ground_unit_you_control_fires_for_the_others() {
    let (mut b, band) = board();
    b.put(P0, &SURVIVORS, band);
    let mate = b.put(P0, &AGITATORS, band);
    let character = b.put(P0, &ENVOY, band);
    let mut g = b.build();
    g.play_maneuver(P1, &PURGE, &[character]).unwrap();
    assert_eq!(
        g.player(P0).treasury,
        10,
        "a Character is not a Ground Unit"
    );
    g.play_maneuver(P1, &PURGE, &[mate]).unwrap();
    assert_eq!(g.player(P0).treasury, 11);
}

#[test]
fn r48_an_opponents_group_is_seen_from_the_watchers_side() {
    let (mut b, band) = board();
    b.put(P0, &SCAVENGERS, band);
    let theirs = b.put(P1, &AGITATORS, band);
    let mine = b.put(P0, &AGITATORS, band);
    let mut g = b.build();
    g.play_maneuver(P0, &PURGE, &[mine]).unwrap();
    assert_eq!(g.player(P0).treasury, 10, "your own Ground Unit: no");
    g.play_maneuver(P0, &PURGE, &[theirs]).unwrap();
    assert_eq!(g.player(P0).treasury, 11, "an opponent's: fires");
}

#[test]
fn r48_s7_7_a_character_you_control_falls() {
    let (mut b, band) = board();
    b.put(P0, &CHRONICLERS, band);
    let c = b.put(P0, &ENVOY, band);
    let s = b.put(P0, &REQUIEM, band);
    b.bind(s, c);
    let mut g = b.build();
    g.use_ability(P0, s, 0, &[]).unwrap();
    assert_eq!(g.permanent(c).map(|p| p.face), Some(Face::Fallen));
    assert_eq!(g.player(P0).treasury, 11);
}

#[test]
fn r48_s7_11_another_ground_unit_deployed_from_hand() {
    let (b, band) = board();
    let mut g = b.build();
    g.deploy(P0, &QUARTERMASTERS, band, None).unwrap();
    // paid 1; its own deployment is not `another`'s
    assert_eq!(g.player(P0).treasury, 9);
    g.deploy(P0, &WRECKERS, band, None).unwrap();
    // paid 1, gained 1
    assert_eq!(g.player(P0).treasury, 9);
    g.deploy(P1, &WRECKERS, band, None).unwrap();
    assert_eq!(g.player(P0).treasury, 9, "an opponent's Ground Unit: no");
}

#[test]
fn r48_s12_2_a_ground_unit_you_control_activated_as_a_liberator() {
    let (mut b, band) = board();
    let drummers = b.put(P0, &DRUMMERS, band);
    let agitators = b.put(P0, &AGITATORS, band);
    let mut g = b.build();
    g.activate_liberators(P0, &[drummers, agitators]).unwrap();
    // both are Ground Units you control: the Drummers see themselves and the Agitators
    assert_eq!(g.player(P0).treasury, 12);
}

watcher!(
    TINKERS,
    TINKERS_D,
    "Salvage Tinkers",
    Trigger::AGroupFalls(group(PermanentKind::Device, Some(Controller::You), false)),
    "Whenever a Device you control Falls, gain 1 Currency."
);

/// A Device whose Fallen face prints `When this card Falls, gain 1 Currency.`: the trigger
/// of the face it flips to sees the flip (as a Character's Fallen face sees its Fall).
static RELAY_P: FaceData = FaceData {
    name: "Cracked Relay",
    kind: Kind::Device,
    cost: 1,
    ..FaceData::BLANK
};
static RELAY_F: FaceData = FaceData {
    name: "Screaming Relay",
    kind: Kind::Device,
    triggers: &[TriggerData {
        when: Trigger::ThisFalls,
        targets: &[],
        optional: false,
        twist: false,
        condition: None,
    }],
    text: &["When this card Falls, gain 1 Currency."],
    ..FaceData::BLANK
};
static RELAY: TestCard = TestCard {
    fallen: Some(&RELAY_F),
    trigger: gain_one,
    ..TestCard::new(&RELAY_P)
};

#[test]
fn r49_s7_7_a_device_flipping_to_its_fallen_face_falls() {
    let (mut b, band) = board();
    b.put(P0, &TINKERS, band);
    let relay = b.put(P0, &RELAY, band);
    let mut g = b.build();
    g.flip(relay).unwrap();
    // the Tinkers (a Device you control Falls) and the Relay's own Fallen face
    assert_eq!(g.player(P0).treasury, 12);
    g.flip(relay).unwrap();
    assert_eq!(
        g.player(P0).treasury,
        12,
        "flipping back to Prime is not Falling"
    );
}
