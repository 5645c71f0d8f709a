//! Replacement effects on every would-event, `If <something> would <happen>, <effect>
//! instead.` (§7.5, §12.8): ruling R102 (when one applies: once per event, never to its
//! own replacement, several ordered by the affected permanent's controller; `that many`),
//! ruling R103 (`would be destroyed`: any destruction, a Liberation's included, records no
//! destroyer; `would take damage`: what is left after DEF and prevention) and ruling R104
//! (`pay N Currency instead` replaces even when the Treasury cannot pay it all).

mod common;

use cardc_engine::harness::{Board, LiberationPlan};
use cardc_engine::*;
use common::*;

/// A hand-written card whose replacements resolve through `replace`.
struct Repl {
    data: &'static FaceData,
    replace: fn(usize, &mut dyn Effects),
}

impl Card for Repl {
    fn face(&self, face: Face) -> Option<&'static FaceData> {
        (face == Face::Prime).then_some(self.data)
    }
    fn replace(&self, face: Face, index: usize, fx: &mut dyn Effects) {
        if face == Face::Prime {
            (self.replace)(index, fx)
        }
    }
}

const fn unit(name: &'static str, replacements: &'static [ReplacementData]) -> FaceData {
    FaceData {
        name,
        kind: Kind::GroundUnit,
        cost: 1,
        rank: Some(StatValue::Num(2)),
        vox: 1,
        attack: 1,
        def: Some(StatValue::Num(1)),
        replacements,
        ..FaceData::BLANK
    }
}

/// `If this card would be destroyed, gain 1 Currency instead.`
static STUBBORN_D: FaceData = unit(
    "Stubborn Pickets",
    &[ReplacementData {
        would: Would::BeDestroyed(Subject::ThisCard),
        instead: Instead::Effect,
    }],
);
fn gain_one(_: usize, fx: &mut dyn Effects) {
    fx.gain_currency(Who::You, 1);
}
static STUBBORN: Repl = Repl {
    data: &STUBBORN_D,
    replace: gain_one,
};

/// `If this card would take damage, pay 1 Currency instead.`
static TOLL_D: FaceData = unit(
    "Toll Wardens",
    &[ReplacementData {
        would: Would::TakeDamage(Subject::ThisCard),
        instead: Instead::Effect,
    }],
);
fn pay_one(_: usize, fx: &mut dyn Effects) {
    fx.pay_currency(Who::You, 1);
}
static TOLL: Repl = Repl {
    data: &TOLL_D,
    replace: pay_one,
};

/// `If Story counters would be placed on this card, place that many Story counters on this
/// card, then draw a card instead.`: its own replacement places Story counters on it.
static ARCHIVE_D: FaceData = unit(
    "Archive Clerks",
    &[ReplacementData {
        would: Would::StoryCountersBePlacedOn(Subject::ThisCard),
        instead: Instead::Effect,
    }],
);
fn that_many_then_draw(_: usize, fx: &mut dyn Effects) {
    fx.place_that_many_story_counters(Target::ThisCard);
    fx.draw(Who::You, 1);
}
static ARCHIVE: Repl = Repl {
    data: &ARCHIVE_D,
    replace: that_many_then_draw,
};

/// Two replacements of one Device watching Ground Units you control being destroyed:
/// `… gain 1 Currency instead.` and `… draw a card instead.`
const MY_UNITS: Subject = Subject::Group {
    selector: Selector::new(PermanentKind::GroundUnit, Some(Controller::You)),
    other: false,
};
static SHELTER_D: FaceData = FaceData {
    name: "Safehouse Network",
    kind: Kind::Device,
    cost: 2,
    rank: Some(StatValue::Num(2)),
    replacements: &[
        ReplacementData {
            would: Would::BeDestroyed(MY_UNITS),
            instead: Instead::Effect,
        },
        ReplacementData {
            would: Would::BeDestroyed(MY_UNITS),
            instead: Instead::Effect,
        },
    ],
    ..FaceData::BLANK
};
fn shelter(index: usize, fx: &mut dyn Effects) {
    if index == 0 {
        fx.gain_currency(Who::You, 1);
    } else {
        fx.draw(Who::You, 1);
    }
}
static SHELTER: Repl = Repl {
    data: &SHELTER_D,
    replace: shelter,
};

/// `Deal N damage to target Ground Unit.` / `Destroy target Ground Unit.` /
/// `Place 2 Story counters on target Ground Unit.` / `Place 1 Liberation counter on …`.
const ANY_UNIT: Selector = Selector::new(PermanentKind::GroundUnit, None);
static SHOT_D: FaceData = FaceData {
    name: "Shot",
    kind: Kind::Maneuver,
    speed: Some(Speed::Fast),
    targets: &[ANY_UNIT],
    ..FaceData::BLANK
};
fn deal_two(_: Face, fx: &mut dyn Effects) {
    fx.deal_damage(Target::Chosen(0), 2);
}
fn destroy(_: Face, fx: &mut dyn Effects) {
    fx.destroy(Target::Chosen(0));
}
fn story_two(_: Face, fx: &mut dyn Effects) {
    fx.place_story_counters(Target::Chosen(0), 2);
}
fn shield_then_deal_two(_: Face, fx: &mut dyn Effects) {
    fx.prevent_damage(Target::Chosen(0), 2);
    fx.deal_damage(Target::Chosen(0), 2);
}
static DAMAGE: TestCard = TestCard {
    play: deal_two,
    ..TestCard::new(&SHOT_D)
};
static DESTROY: TestCard = TestCard {
    play: destroy,
    ..TestCard::new(&SHOT_D)
};
static STORY: TestCard = TestCard {
    play: story_two,
    ..TestCard::new(&SHOT_D)
};
static SHIELDED: TestCard = TestCard {
    play: shield_then_deal_two,
    ..TestCard::new(&SHOT_D)
};

fn replaced(g: &Game) -> usize {
    g.log()
        .iter()
        .filter(|e| matches!(e, Event::Replaced { .. }))
        .count()
}

#[test]
fn r103_a_destruction_by_damage_is_replaced() {
    let (mut b, band) = board();
    let pickets = b.put(P1, &STUBBORN, band);
    let mut g = b.build();
    let before = g.player(P1).treasury;
    g.play_maneuver(P0, &DAMAGE, &[pickets]).unwrap();
    assert!(on_map(&g, pickets), "the destruction did not happen");
    assert_eq!(destroyed(&g, pickets), None, "no destroyer is recorded");
    assert_eq!(g.player(P1).treasury, before + 1, "its controller gained 1");
    assert!(!g.log().iter().any(|e| matches!(e, Event::Destroyed { .. })));
    // A new destruction is a new event: replaced again.
    g.play_maneuver(P0, &DESTROY, &[pickets]).unwrap();
    assert!(on_map(&g, pickets));
    assert_eq!(g.player(P1).treasury, before + 2);
}

/// A Vox 2 unit to liberate with.
static ORATOR_D: FaceData = FaceData {
    name: "Orator",
    kind: Kind::GroundUnit,
    rank: Some(StatValue::Num(2)),
    vox: 2,
    def: Some(StatValue::Num(1)),
    ..FaceData::BLANK
};
static ORATOR: TestCard = TestCard::new(&ORATOR_D);

#[test]
fn r103_a_liberation_kill_is_replaced_and_credits_nobody() {
    let mut b = Board::new(2);
    let band = b.ground();
    let orator = b.put(P0, &ORATOR, band);
    let pickets = b.put(P1, &STUBBORN, band);
    b.treasury(P0, 5).treasury(P1, 5);
    let mut g = b.build();
    let plan = LiberationPlan {
        player: P0,
        liberators: &[orator],
        targets: &[pickets],
        assign: &[(pickets, 2)],
        ..LiberationPlan::default()
    };
    plan.run(&mut g, &mut rand::thread_rng()).unwrap();
    assert!(on_map(&g, pickets), "§12.8 Step 7's destruction replaced");
    assert_eq!(counters(&g, pickets), 2, "the counters that landed stay");
    assert_eq!(destroyed(&g, pickets), None);
    assert!(
        !g.log()
            .iter()
            .any(|e| matches!(e, Event::Destroyed { permanent, .. } if *permanent == pickets)),
        "§12.8: nothing was destroyed, so no liberator is credited"
    );
    assert_eq!(g.player(P1).treasury, 6, "its controller gained 1 instead");
}

#[test]
fn r103_the_continuous_check_does_not_loop_on_a_replaced_destruction() {
    let (mut b, band) = board();
    let pickets = b.put(P1, &STUBBORN, band);
    let mut g = b.build();
    let before = g.player(P1).treasury;
    static LIB_D: FaceData = FaceData {
        name: "Writ",
        kind: Kind::Maneuver,
        speed: Some(Speed::Fast),
        targets: &[ANY_UNIT],
        ..FaceData::BLANK
    };
    fn two_counters(_: Face, fx: &mut dyn Effects) {
        fx.place_liberation_counters(Target::Chosen(0), 2);
    }
    static WRIT: TestCard = TestCard {
        play: two_counters,
        ..TestCard::new(&LIB_D)
    };
    g.play_maneuver(P0, &WRIT, &[pickets]).unwrap();
    assert!(on_map(&g, pickets), "the check's destruction was replaced");
    assert_eq!(counters(&g, pickets), 2, "the counters stay");
    assert_eq!(
        g.player(P1).treasury,
        before + 1,
        "replaced once, not again and again"
    );
    // New counters: the check destroys anew, and the replacement applies anew.
    g.play_maneuver(P0, &WRIT, &[pickets]).unwrap();
    assert!(on_map(&g, pickets));
    assert_eq!(g.player(P1).treasury, before + 2);
}

#[test]
fn r103_damage_is_replaced_after_prevention_and_def() {
    let (mut b, band) = board();
    let wardens = b.put(P1, &TOLL, band);
    let mut g = b.build();
    let before = g.player(P1).treasury;
    // A shield of 2 takes all 2: nothing is left to take, so nothing is replaced.
    g.play_maneuver(P0, &SHIELDED, &[wardens]).unwrap();
    assert_eq!(replaced(&g), 0, "prevention first (ruling R57, §7.5)");
    assert_eq!(g.player(P1).treasury, before);
    g.play_maneuver(P0, &DAMAGE, &[wardens]).unwrap();
    assert_eq!(replaced(&g), 1);
    assert!(on_map(&g, wardens), "no damage taken, so no destruction");
    assert_eq!(g.permanent(wardens).map(|p| p.damage), Some(0));
    assert_eq!(g.player(P1).treasury, before - 1, "paid 1 instead");
    assert!(!g.log().iter().any(|e| matches!(e, Event::Damaged { .. })));
}

#[test]
fn r104_an_unpayable_payment_still_replaces() {
    let (mut b, band) = board();
    let wardens = b.put(P1, &TOLL, band);
    b.treasury(P1, 0);
    let mut g = b.build();
    g.play_maneuver(P0, &DAMAGE, &[wardens]).unwrap();
    assert!(on_map(&g, wardens), "the damage was replaced");
    assert_eq!(
        g.player(P1).treasury,
        0,
        "paid what the Treasury allows (R19)"
    );
}

#[test]
fn r102_a_replacement_never_replaces_its_own_replacement() {
    let (mut b, band) = board();
    let clerks = b.put(P1, &ARCHIVE, band);
    let mut g = b.build();
    let hand = g.player(P1).hand;
    g.play_maneuver(P0, &STORY, &[clerks]).unwrap();
    assert_eq!(
        replaced(&g),
        1,
        "once: its own Story counters are not replaced again"
    );
    assert_eq!(
        g.permanent(clerks).map(|p| p.story_counters),
        Some(2),
        "`that many` is the 2 replaced"
    );
    assert_eq!(g.player(P1).hand, hand + 1, "then a card drawn");
}

/// Answers every replacement choice with `answer`, and counts the times it was asked.
struct Pick(usize, std::sync::Arc<std::sync::atomic::AtomicUsize>);
impl Choices for Pick {
    fn replacement(&mut self, view: &Game, request: &ReplacementRequest) -> usize {
        let _ = view;
        assert_eq!(request.options.len(), 2);
        assert_eq!(
            request.controller, P1,
            "the affected permanent's controller"
        );
        self.1.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        self.0
    }
}

#[test]
fn r102_the_affected_controller_chooses_one_of_several() {
    for (answer, currency, cards) in [(0usize, 1u32, 0u32), (1, 0, 1), (7, 1, 0)] {
        let (mut b, band) = board();
        let unit = b.put(P1, &AGITATORS, band);
        let _network = b.put(P1, &SHELTER, band);
        let mut g = b.build();
        let asked = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let _ = g.set_choices(Box::new(Pick(answer, asked.clone())));
        let (t, h) = (g.player(P1).treasury, g.player(P1).hand);
        g.play_maneuver(P0, &DESTROY, &[unit]).unwrap();
        assert_eq!(asked.load(std::sync::atomic::Ordering::SeqCst), 1);
        assert!(on_map(&g, unit));
        assert_eq!(replaced(&g), 1, "one applies; the event is then gone");
        assert_eq!(g.player(P1).treasury, t + currency, "answer {answer}");
        assert_eq!(g.player(P1).hand, h + cards, "answer {answer}");
        if answer == 7 {
            assert!(g.log().iter().any(|e| matches!(
                e,
                Event::ChoiceRejected {
                    reason: RejectedChoice::IllegalReplacement { picked: 7 },
                    ..
                }
            )));
        }
    }
}

#[test]
fn r102_an_opponents_unit_is_not_watched_by_you_control() {
    let (mut b, band) = board();
    let theirs = b.put(P0, &AGITATORS, band);
    let _network = b.put(P1, &SHELTER, band);
    let mut g = b.build();
    g.play_maneuver(P1, &DESTROY, &[theirs]).unwrap();
    assert!(!on_map(&g, theirs));
    assert_eq!(replaced(&g), 0);
}
