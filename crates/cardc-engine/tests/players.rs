//! Players as the subjects of effects (`docs/vocabulary-v2.md` §4; rulings R33 and R34):
//! `you`, `target player`, `target opponent`, `each player`, `each opponent`, `its
//! controller`, `its owner`, with the player verbs draw, discard, gain/lose/pay Currency and
//! gain/lose Story Points. The hand is a count plus the known cards returned to it (§16 of
//! the design, R29).

mod common;

use cardc_engine::harness::Board;
use cardc_engine::*;
use common::*;

static PLAIN: FaceData = FaceData {
    name: "Plain",
    kind: Kind::Maneuver,
    speed: Some(Speed::Fast),
    ..FaceData::BLANK
};

fn three() -> Game {
    let mut b = Board::new(3);
    b.ground();
    b.treasury(P0, 5).treasury(P1, 5).treasury(P2, 5);
    b.story_points(P0, 2)
        .story_points(P1, 2)
        .story_points(P2, 2);
    b.build()
}

fn each_opponent_draws_two(_: Face, fx: &mut dyn Effects) {
    fx.draw(Who::EachOpponent, 2);
}
static EACH_OPPONENT_DRAWS: TestCard = TestCard {
    play: each_opponent_draws_two,
    ..TestCard::new(&PLAIN)
};

#[test]
fn each_opponent_draws_and_you_do_not() {
    let mut g = three();
    g.play_maneuver(P0, &EACH_OPPONENT_DRAWS, &[]).unwrap();
    assert_eq!(
        [g.player(P0).hand, g.player(P1).hand, g.player(P2).hand],
        [0, 2, 2]
    );
}

fn each_player_loses(_: Face, fx: &mut dyn Effects) {
    fx.lose_currency(Who::Each, 7);
    fx.lose_story_points(Who::Each, 1);
    fx.gain_story_points(Who::You, 3);
}
static LEVY: TestCard = TestCard {
    play: each_player_loses,
    ..TestCard::new(&PLAIN)
};

#[test]
fn each_player_loses_currency_and_story_points_never_below_zero() {
    let mut g = three();
    g.play_maneuver(P0, &LEVY, &[]).unwrap();
    for p in [P0, P1, P2] {
        assert_eq!(g.player(p).treasury, 0, "Currency is never below 0");
    }
    assert_eq!(g.player(P0).story_points, 4, "2 - 1 + 3");
    assert_eq!(g.player(P1).story_points, 1);
    assert!(g
        .log()
        .iter()
        .any(|e| matches!(e, Event::StoryPointsLost { player, amount: 1 } if *player == P2)));
}

fn target_opponent_pays_then_discards(_: Face, fx: &mut dyn Effects) {
    fx.draw(Who::ChosenOpponent(0), 3);
    fx.pay_currency(Who::ChosenOpponent(0), 2);
    fx.discard(Who::ChosenOpponent(0), 1);
}
static AUDIT: TestCard = TestCard {
    play: target_opponent_pays_then_discards,
    ..TestCard::new(&PLAIN)
};

#[test]
fn r33_target_opponent_defaults_to_the_next_opponent_and_is_chosen_once() {
    let mut g = three();
    g.play_maneuver(P1, &AUDIT, &[]).unwrap();
    // The default policy: the next opponent in turn order after P1 is P2; every step naming
    // the same `target opponent` is about the same player.
    assert_eq!(g.player(P2).hand, 2, "drew 3, discarded 1");
    assert_eq!(g.player(P2).treasury, 3);
    assert_eq!(g.player(P0).hand, 0);
    assert_eq!(g.player(P1).treasury, 5);
}

/// Always targets seat `0`, and discards nothing known.
struct Seat0;
impl Choices for Seat0 {
    fn target_player(&mut self, _: &Game, _: &PlayerRequest) -> PlayerId {
        P0
    }
}

#[test]
fn r33_a_chosen_opponent_is_asked_of_the_controller_and_an_illegal_one_rejected() {
    let mut g = three();
    g.set_choices(Box::new(Seat0));
    g.play_maneuver(P1, &AUDIT, &[]).unwrap();
    assert_eq!(g.player(P0).hand, 2, "P1 chose P0");
    assert_eq!(g.player(P0).treasury, 3);

    // Choosing yourself for `target opponent` is rejected: the default (the next opponent)
    // is used and the log says so (R27).
    let mut g = three();
    g.set_choices(Box::new(Seat0));
    g.play_maneuver(P0, &AUDIT, &[]).unwrap();
    assert_eq!(g.player(P1).hand, 2);
    assert_eq!(g.player(P0).hand, 0);
    assert!(g.log().iter().any(|e| matches!(
        e,
        Event::PlayerChoiceRejected {
            reason: RejectedChoice::IllegalPlayer { index: 0, player },
            ..
        } if *player == P0
    )));
}

fn target_player_gains(_: Face, fx: &mut dyn Effects) {
    fx.gain_currency(Who::Chosen(0), 4);
}
static PATRONAGE: TestCard = TestCard {
    play: target_player_gains,
    ..TestCard::new(&PLAIN)
};

#[test]
fn r33_target_player_may_be_yourself() {
    let mut g = three();
    g.set_choices(Box::new(Seat0));
    g.play_maneuver(P0, &PATRONAGE, &[]).unwrap();
    assert_eq!(g.player(P0).treasury, 9);
}

static RECALL_D: FaceData = FaceData {
    name: "Recall",
    kind: Kind::Maneuver,
    speed: Some(Speed::Fast),
    targets: &[Selector::new(PermanentKind::GroundUnit, None)],
    ..FaceData::BLANK
};
fn recall_then_owner_discards(_: Face, fx: &mut dyn Effects) {
    fx.return_to_hand(Target::Chosen(0));
    fx.draw(Who::OwnerOf(0), 1);
    fx.discard(Who::OwnerOf(0), 1);
}
static RECALL: TestCard = TestCard {
    play: recall_then_owner_discards,
    ..TestCard::new(&RECALL_D)
};

#[test]
fn r34_its_owner_discards_unknown_cards_first_by_default() {
    let (mut b, band) = board();
    let unit = b.put(P1, &AGITATORS, band);
    let mut g = b.build();
    g.play_maneuver(P0, &RECALL, &[unit]).unwrap();
    // P1 holds the returned unit (known) and one drawn card; the default discards the unknown.
    assert_eq!(g.player(P1).hand, 1);
    assert_eq!(g.permanent(unit).map(|p| p.zone), Some(Zone::Hand));
    assert_eq!(g.known_hand(P1), vec![unit]);
}

/// Discards every known card it may.
struct DiscardKnown;
impl Choices for DiscardKnown {
    fn discard(&mut self, _: &Game, request: &DiscardRequest) -> Vec<PermanentId> {
        request.known.clone()
    }
}

#[test]
fn r34_the_discarding_player_chooses_and_a_known_card_goes_to_the_depleted_pile() {
    let (mut b, band) = board();
    let unit = b.put(P1, &AGITATORS, band);
    let mut g = b.build();
    g.set_choices(Box::new(DiscardKnown));
    g.play_maneuver(P0, &RECALL, &[unit]).unwrap();
    assert_eq!(g.player(P1).hand, 1);
    assert!(matches!(
        g.permanent(unit).map(|p| p.zone),
        Some(Zone::Depleted { .. })
    ));
    assert_eq!(g.depleted_pile(P1).len(), 1);
    assert!(g.known_hand(P1).is_empty());
}

fn controller_discards_two(_: Face, fx: &mut dyn Effects) {
    fx.discard(Who::ControllerOf(0), 2);
}
static ERASE_D: FaceData = FaceData {
    name: "Erase",
    kind: Kind::Maneuver,
    speed: Some(Speed::Fast),
    targets: &[Selector::new(PermanentKind::GroundUnit, None)],
    ..FaceData::BLANK
};
static ERASE: TestCard = TestCard {
    play: controller_discards_two,
    ..TestCard::new(&ERASE_D)
};

#[test]
fn r34_a_discard_takes_only_what_the_hand_holds() {
    let (mut b, band) = board();
    let unit = b.put(P1, &AGITATORS, band);
    let mut g = b.build();
    g.play_maneuver(P0, &EACH_OPPONENT_DRAWS_ONE, &[]).unwrap();
    assert_eq!(g.player(P1).hand, 1);
    g.play_maneuver(P0, &ERASE, &[unit]).unwrap();
    assert_eq!(g.player(P1).hand, 0, "one card held, one discarded");
    assert!(g.log().iter().any(|e| matches!(
        e,
        Event::Discarded { player, known: 0, unknown: 1 } if *player == P1
    )));
}

fn each_opponent_draws_one(_: Face, fx: &mut dyn Effects) {
    fx.draw(Who::EachOpponent, 1);
}
static EACH_OPPONENT_DRAWS_ONE: TestCard = TestCard {
    play: each_opponent_draws_one,
    ..TestCard::new(&PLAIN)
};

#[test]
fn an_illegal_discard_is_rejected_for_the_default() {
    struct Bogus;
    impl Choices for Bogus {
        fn discard(&mut self, _: &Game, _: &DiscardRequest) -> Vec<PermanentId> {
            vec![PermanentId(999)]
        }
    }
    let (b, _) = board();
    let mut g = b.build();
    g.set_choices(Box::new(Bogus));
    g.play_maneuver(P0, &EACH_OPPONENT_DRAWS_ONE, &[]).unwrap();
    g.play_maneuver(P1, &EACH_OPPONENT_DRAWS_ONE, &[]).unwrap();
    g.play_maneuver(P1, &TARGET_OPPONENT_DISCARDS, &[]).unwrap();
    assert_eq!(g.player(P0).hand, 0);
    assert!(g.log().iter().any(|e| matches!(
        e,
        Event::PlayerChoiceRejected {
            reason: RejectedChoice::IllegalDiscard,
            ..
        }
    )));
}

fn target_opponent_discards(_: Face, fx: &mut dyn Effects) {
    fx.discard(Who::ChosenOpponent(0), 1);
}
static TARGET_OPPONENT_DISCARDS: TestCard = TestCard {
    play: target_opponent_discards,
    ..TestCard::new(&PLAIN)
};
