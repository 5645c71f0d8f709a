//! Rulings R87 and R88: cost changes (`Maneuvers you play cost 1 less.`). A card's printed
//! cost is paid from the Treasury when it is played (a Maneuver) or deployed (§7.11); each
//! cost change in play whose cards and player cover it adds its change, all together, and the
//! sum is never below 0 (R88). A card's own cost change does not change its own cost (it is
//! not in play yet).

mod common;

use cardc_engine::*;
use common::*;

macro_rules! changer {
    ($card:ident, $data:ident, $name:literal, $($change:expr),+) => {
        static $data: FaceData = FaceData {
            name: $name,
            kind: Kind::Device,
            cost: 1,
            cost_changes: &[$($change),+],
            ..FaceData::BLANK
        };
        static $card: TestCard = TestCard::new(&$data);
    };
}

const fn change(cards: CostGroup, player: Option<CostPlayer>, delta: i32) -> CostChange {
    CostChange {
        cards,
        player,
        delta,
    }
}

changer!(
    HALL,
    HALL_D,
    "Hall",
    change(CostGroup::Maneuver, Some(CostPlayer::You), -1)
);
changer!(
    TOLL,
    TOLL_D,
    "Toll",
    change(CostGroup::Maneuver, Some(CostPlayer::Opponent), 1)
);
changer!(
    FAST_TOLL,
    FAST_TOLL_D,
    "Fast Toll",
    change(CostGroup::FastManeuver, Some(CostPlayer::Opponent), 1)
);
changer!(
    ARMORY,
    ARMORY_D,
    "Armory",
    change(CostGroup::GroundUnit, Some(CostPlayer::You), -1)
);
changer!(
    CHAPEL,
    CHAPEL_D,
    "Chapel",
    change(
        CostGroup::CharacterActionManeuver,
        Some(CostPlayer::You),
        -1
    )
);
changer!(
    CENSOR,
    CENSOR_D,
    "Censor",
    change(CostGroup::Storyline, None, 2)
);
changer!(
    WORKSHOP,
    WORKSHOP_D,
    "Workshop",
    change(CostGroup::Device, Some(CostPlayer::You), -1)
);

macro_rules! maneuver {
    ($card:ident, $data:ident, $name:literal, $cost:expr, $speed:expr, $ca:expr) => {
        static $data: FaceData = FaceData {
            name: $name,
            kind: Kind::Maneuver,
            cost: $cost,
            speed: Some($speed),
            character_action: $ca,
            ..FaceData::BLANK
        };
        static $card: TestCard = TestCard::new(&$data);
    };
}

maneuver!(SLOW2, SLOW2_D, "Slow Two", 2, Speed::Slow, None);
maneuver!(FAST2, FAST2_D, "Fast Two", 2, Speed::Fast, None);
maneuver!(SLOW1, SLOW1_D, "Slow One", 1, Speed::Slow, None);
maneuver!(
    ALMS,
    ALMS_D,
    "Alms",
    2,
    Speed::Slow,
    Some(Morality::Virtuous)
);

static PURGE_D: FaceData = FaceData {
    name: "Purge",
    kind: Kind::Maneuver,
    cost: 2,
    speed: Some(Speed::Slow),
    ..FaceData::BLANK
};
fn destroy_each_device(_: Face, fx: &mut dyn Effects) {
    fx.destroy(Target::Each(Selector::new(PermanentKind::Device, None)));
}
static PURGE: TestCard = TestCard {
    play: destroy_each_device,
    ..TestCard::new(&PURGE_D)
};

static GU_D: FaceData = FaceData {
    name: "Levy",
    kind: Kind::GroundUnit,
    cost: 2,
    rank: Some(StatValue::Num(1)),
    def: Some(StatValue::Num(1)),
    ..FaceData::BLANK
};
static GU: TestCard = TestCard::new(&GU_D);

static STORY_D: FaceData = FaceData {
    name: "Old Quarrel",
    kind: Kind::Storyline,
    cost: 1,
    ..FaceData::BLANK
};
static STORY: TestCard = TestCard::new(&STORY_D);

fn currency(g: &Game, p: PlayerId) -> u32 {
    g.player(p).treasury
}

#[test]
fn r87_maneuvers_you_play_cost_1_less() {
    let (mut b, band) = board();
    b.put(P0, &HALL, band);
    let mut g = b.build();
    g.play_maneuver(P0, &SLOW2, &[]).unwrap();
    assert_eq!(currency(&g, P0), 9, "2 less 1");
    g.play_maneuver(P1, &FAST2, &[]).unwrap();
    assert_eq!(
        currency(&g, P1),
        8,
        "the opponent's Maneuvers cost as printed"
    );
}

#[test]
fn r87_maneuvers_an_opponent_plays_cost_1_more() {
    let (mut b, band) = board();
    b.put(P0, &TOLL, band);
    let mut g = b.build();
    g.play_maneuver(P1, &FAST2, &[]).unwrap();
    assert_eq!(currency(&g, P1), 7, "2 more 1");
    g.play_maneuver(P0, &FAST2, &[]).unwrap();
    assert_eq!(currency(&g, P0), 8, "its controller's cost as printed");
}

#[test]
fn r87_fast_maneuvers_only_fast_ones() {
    let (mut b, band) = board();
    b.put(P0, &FAST_TOLL, band);
    let mut g = b.build();
    g.play_maneuver(P1, &FAST2, &[]).unwrap();
    assert_eq!(currency(&g, P1), 7);
    g.end_turn().unwrap();
    g.play_maneuver(P1, &SLOW2, &[]).unwrap();
    assert_eq!(currency(&g, P1), 5, "a Slow Maneuver costs as printed");
}

#[test]
fn r87_character_action_maneuvers_cost_1_less() {
    let (mut b, band) = board();
    b.put(P0, &CHAPEL, band);
    let mara = b.put(P0, &MARA, band);
    let mut g = b.build();
    g.character_action(P0, &ALMS, mara, &[]).unwrap();
    assert_eq!(currency(&g, P0), 9);
    g.play_maneuver(P0, &SLOW2, &[]).unwrap();
    assert_eq!(
        currency(&g, P0),
        7,
        "a Maneuver that is not a Character Action"
    );
}

#[test]
fn r87_ground_units_you_deploy_cost_1_less() {
    let (mut b, band) = board();
    b.put(P0, &ARMORY, band);
    let mut g = b.build();
    g.deploy(P0, &GU, band, None).unwrap();
    assert_eq!(currency(&g, P0), 9);
    g.deploy(P0, &STORY, band, None).unwrap();
    assert_eq!(currency(&g, P0), 8, "not a Ground Unit: as printed");
}

#[test]
fn r87_storylines_cost_2_more_for_every_player() {
    let (mut b, band) = board();
    b.put(P0, &CENSOR, band);
    let mut g = b.build();
    g.deploy(P0, &STORY, band, None).unwrap();
    assert_eq!(currency(&g, P0), 7, "its controller's too");
    g.end_turn().unwrap();
    g.deploy(P1, &STORY, band, None).unwrap();
    assert_eq!(currency(&g, P1), 7);
}

#[test]
fn r87_a_cost_change_is_paid_or_the_card_is_not_played() {
    let (mut b, band) = board();
    b.put(P0, &TOLL, band);
    b.treasury(P1, 2);
    let mut g = b.build();
    let err = g.play_maneuver(P1, &FAST2, &[]).unwrap_err();
    assert_eq!(err, ActionError::CannotPay { needs: 3, has: 2 });
    assert_eq!(currency(&g, P1), 2);
}

#[test]
fn r87_a_discount_makes_a_card_affordable() {
    let (mut b, band) = board();
    b.put(P0, &HALL, band);
    b.treasury(P0, 1);
    let mut g = b.build();
    g.play_maneuver(P0, &SLOW2, &[]).unwrap();
    assert_eq!(currency(&g, P0), 0);
}

#[test]
fn r87_a_card_in_hand_does_not_change_its_own_cost() {
    let (b, band) = board();
    let mut g = b.build();
    g.deploy(P0, &WORKSHOP, band, None).unwrap();
    assert_eq!(
        currency(&g, P0),
        9,
        "the Workshop pays its own printed cost"
    );
    g.deploy(P0, &WORKSHOP, band, None).unwrap();
    assert_eq!(currency(&g, P0), 9, "the second pays 1 less: 0");
}

#[test]
fn r87_a_cost_change_that_left_the_map_no_longer_applies() {
    let (mut b, band) = board();
    let hall = b.put(P0, &HALL, band);
    let mut g = b.build();
    g.play_maneuver(P0, &PURGE, &[]).unwrap();
    assert_eq!(
        currency(&g, P0),
        9,
        "the Purge cost 1 less while the Hall stood"
    );
    assert!(!on_map(&g, hall));
    g.play_maneuver(P0, &SLOW2, &[]).unwrap();
    assert_eq!(currency(&g, P0), 7, "then as printed");
}

#[test]
fn r88_a_cost_is_never_below_0() {
    let (mut b, band) = board();
    b.put(P0, &HALL, band);
    b.put(P0, &HALL, band);
    let mut g = b.build();
    g.play_maneuver(P0, &SLOW1, &[]).unwrap();
    assert_eq!(currency(&g, P0), 10, "1 less 2 is 0, not a refund");
}

#[test]
fn r88_several_changes_add_before_the_floor() {
    let (mut b, band) = board();
    b.put(P0, &HALL, band);
    b.put(P0, &HALL, band);
    b.put(P1, &TOLL, band);
    let mut g = b.build();
    // 1 - 1 - 1 + 1 = 0 whatever the order; flooring each step (1, 0, 0, 1) would say 1.
    g.play_maneuver(P0, &SLOW1, &[]).unwrap();
    assert_eq!(currency(&g, P0), 10);
    // 2 - 1 - 1 + 1 = 1.
    g.play_maneuver(P0, &SLOW2, &[]).unwrap();
    assert_eq!(currency(&g, P0), 9);
}

#[test]
fn r88_changed_cost_arithmetic() {
    assert_eq!(cost_changes::changed_cost(3, -1), 2);
    assert_eq!(cost_changes::changed_cost(1, -5), 0);
    assert_eq!(cost_changes::changed_cost(0, 2), 2);
    assert_eq!(cost_changes::changed_cost(u32::MAX, 1), u32::MAX);
}
