//! Ruling R81 (modes: `Choose one — <option>; or <option>`, `Choose two — …`): the
//! controller chooses the options through `Choices::modes`, as a Maneuver or an activated
//! ability is played and as a trigger resolves, before the targets; only the chosen
//! options' targets are chosen; an option whose targets have no legal permanent cannot be
//! chosen; with too few available the Maneuver is not played (nothing is paid) and the
//! trigger does nothing; an illegal answer is rejected for the default (R27); the chosen
//! options resolve in printed order.

mod common;

use cardc_engine::*;
use common::*;
use std::sync::{Arc, Mutex};

/// `Choose <n> — Destroy target Ground Unit; gain 2 Currency; or draw a card.` as a
/// Maneuver, and `When this card is deployed, choose one — Destroy target Ground Unit; or
/// gain 2 Currency.` as a Ground Unit.
struct Modal {
    data: &'static FaceData,
    modes: ModeData,
}

const GU_ANY: Selector = Selector::new(PermanentKind::GroundUnit, None);

impl Card for Modal {
    fn face(&self, face: Face) -> Option<&'static FaceData> {
        (face == Face::Prime).then_some(self.data)
    }
    fn play(&self, _: Face, fx: &mut dyn Effects) {
        if fx.chose(0) {
            fx.destroy(Target::Chosen(0));
        }
        if fx.chose(1) {
            fx.gain_currency(Who::You, 2);
        }
        if fx.chose(2) {
            fx.draw(Who::You, 1);
        }
    }
    fn trigger(&self, face: Face, _: usize, fx: &mut dyn Effects) {
        self.play(face, fx);
    }
    fn modes(&self, face: Face, text: ModalText) -> Option<ModeData> {
        match (face, text) {
            (Face::Prime, ModalText::Play | ModalText::Trigger(0)) => Some(self.modes),
            _ => None,
        }
    }
}

static ONE_D: FaceData = FaceData {
    name: "Dockside Referendum",
    kind: Kind::Maneuver,
    cost: 1,
    speed: Some(Speed::Slow),
    targets: &[GU_ANY],
    ..FaceData::BLANK
};
static ONE: Modal = Modal {
    data: &ONE_D,
    modes: ModeData {
        choose: 1,
        first: 0,
        options: &[1, 0, 0],
    },
};
static TWO: Modal = Modal {
    data: &ONE_D,
    modes: ModeData {
        choose: 2,
        first: 0,
        options: &[1, 0, 0],
    },
};
static COURIER_D: FaceData = FaceData {
    name: "Drift Courier Cell",
    kind: Kind::GroundUnit,
    cost: 1,
    rank: Some(StatValue::Num(2)),
    def: Some(StatValue::Num(1)),
    triggers: &[TriggerData {
        when: Trigger::ThisIsDeployed,
        targets: &[GU_ANY],
        optional: false,
        twist: false,
        condition: None,
    }],
    ..FaceData::BLANK
};
static COURIER: Modal = Modal {
    data: &COURIER_D,
    modes: ModeData {
        choose: 1,
        first: 0,
        options: &[1, 0],
    },
};

/// Answers every mode question with `pick` and records the requests.
#[derive(Clone)]
struct Pick(Vec<u8>, Arc<Mutex<Vec<ModeRequest>>>);
impl Choices for Pick {
    fn modes(&mut self, _: &Game, request: &ModeRequest) -> ChosenModes {
        if let Ok(mut asked) = self.1.lock() {
            asked.push(*request);
        }
        ChosenModes::from_slice(&self.0).unwrap_or_default()
    }
}

fn pick(options: &[u8]) -> (Box<Pick>, Arc<Mutex<Vec<ModeRequest>>>) {
    let asked = Arc::new(Mutex::new(Vec::new()));
    (Box::new(Pick(options.to_vec(), asked.clone())), asked)
}

#[test]
fn r81_default_takes_the_first_available_option() {
    let (mut b, band) = board();
    let unit = b.put(P1, &AGITATORS, band);
    let mut g = b.build();
    g.play_maneuver(P0, &ONE, &[unit]).unwrap();
    assert!(g.permanent(unit).is_some_and(|p| p.zone != Zone::Map));
    assert_eq!(g.player(P0).treasury, 9, "cost 1, no Currency gained");
}

#[test]
fn r81_only_the_chosen_options_targets_are_chosen() {
    let (mut b, band) = board();
    let unit = b.put(P1, &AGITATORS, band);
    let mut g = b.build();
    let (chooser, asked) = pick(&[1]);
    g.set_choices(chooser);
    assert_eq!(
        g.play_maneuver(P0, &ONE, &[unit]),
        Err(ActionError::TargetCount {
            expected: 0,
            got: 1
        }),
        "the second option chooses no target"
    );
    assert_eq!(g.player(P0).treasury, 10, "not played, not paid");
    g.play_maneuver(P0, &ONE, &[]).unwrap();
    assert_eq!(g.permanent(unit).map(|p| p.zone), Some(Zone::Map));
    assert_eq!(g.player(P0).treasury, 11, "paid 1, gained 2");
    let asked = asked.lock().unwrap().clone();
    let last = asked.last().copied().unwrap();
    assert_eq!(last.text, ModalText::Play);
    assert_eq!(last.source, None);
    assert_eq!(last.available, 0b111);
}

#[test]
fn r81_an_option_without_legal_targets_cannot_be_chosen() {
    let (b, _) = board();
    let mut g = b.build();
    let (chooser, asked) = pick(&[0]);
    g.set_choices(chooser);
    g.clear_log();
    let hand = g.player(P0).hand;
    g.play_maneuver(P0, &ONE, &[]).unwrap();
    assert_eq!(asked.lock().unwrap()[0].available, 0b110);
    assert!(
        g.log().iter().any(|e| matches!(
            e,
            Event::PlayerChoiceRejected {
                reason: RejectedChoice::IllegalModes,
                ..
            }
        )),
        "R27: the illegal answer is rejected and logged"
    );
    assert_eq!(g.player(P0).treasury, 11, "the default: the second option");
    assert_eq!(g.player(P0).hand, hand);
}

#[test]
fn r81_choose_two_picks_two_different_options_resolved_in_printed_order() {
    let (b, _) = board();
    let mut g = b.build();
    let (chooser, _) = pick(&[2, 1]);
    g.set_choices(chooser);
    let hand = g.player(P0).hand;
    g.play_maneuver(P0, &TWO, &[]).unwrap();
    assert_eq!(g.player(P0).treasury, 11);
    assert_eq!(g.player(P0).hand, hand + 1);
    // The same option twice is not two options: rejected, the default (second and third,
    // the first having no target) is used.
    let (chooser, _) = pick(&[1, 1]);
    g.set_choices(chooser);
    g.clear_log();
    g.play_maneuver(P0, &TWO, &[]).unwrap();
    assert!(g
        .log()
        .iter()
        .any(|e| matches!(e, Event::PlayerChoiceRejected { .. })));
    assert_eq!(g.player(P0).treasury, 12);
    assert_eq!(g.player(P0).hand, hand + 2);
}

#[test]
fn r81_too_few_available_options_the_maneuver_is_not_played() {
    static NEEDS_TWO: Modal = Modal {
        data: &ONE_D,
        modes: ModeData {
            choose: 3,
            first: 0,
            options: &[1, 0, 0],
        },
    };
    let (b, _) = board();
    let mut g = b.build();
    assert_eq!(
        g.play_maneuver(P0, &NEEDS_TWO, &[]),
        Err(ActionError::NoModeAvailable)
    );
    assert_eq!(g.player(P0).treasury, 10);
}

#[test]
fn r81_a_trigger_chooses_its_mode_as_it_resolves_then_its_targets() {
    let (mut b, band) = board();
    let theirs = b.put(P1, &AGITATORS, band);
    let mut g = b.build();
    let (chooser, asked) = pick(&[0]);
    g.set_choices(chooser);
    let courier = g.deploy(P0, &COURIER, band, None).unwrap();
    let asked = asked.lock().unwrap().clone();
    assert_eq!(asked.len(), 1);
    assert_eq!(asked[0].text, ModalText::Trigger(0));
    assert_eq!(asked[0].source, Some(courier));
    assert!(
        g.permanent(theirs).is_some_and(|p| p.zone != Zone::Map),
        "R9: the default target, an opponent's Ground Unit"
    );
}

#[test]
fn r81_a_trigger_with_no_available_option_does_nothing() {
    static STRICT: Modal = Modal {
        data: &COURIER_D,
        modes: ModeData {
            choose: 2,
            first: 0,
            options: &[1, 1],
        },
    };
    let (b, band) = board();
    let mut g = b.build();
    g.clear_log();
    let _ = g.deploy(P0, &STRICT, band, None).unwrap();
    // Two options to choose, and the second names a selector the trigger does not have:
    // one option is available, too few, so the trigger does nothing.
    assert!(g
        .log()
        .iter()
        .any(|e| matches!(e, Event::ModesUnavailable { .. })));
}
