//! Ruling R114 (`Whenever this card is destroyed, you may draw a card.`, §7.7 route 4, R9):
//! `you may` before a trigger's effect makes the trigger optional, as `Twist (optional)` is:
//! as it resolves, before its targets are chosen, its controller decides through
//! [`Choices`] whether it resolves; declined, it does nothing at all.

mod common;

use std::sync::{Arc, Mutex};

use cardc_engine::*;
use common::*;

fn gain_two(_: Face, _: usize, fx: &mut dyn Effects) {
    fx.gain_currency(Who::You, 2);
}

/// A Device: `Whenever a Character you control is destroyed, you may gain 2 Currency.`
static MAY_D: FaceData = FaceData {
    name: "Widow's Purse",
    kind: Kind::Device,
    cost: 1,
    triggers: &[TriggerData {
        when: Trigger::AGroupIsDestroyed(EventSubject::Group(Group {
            selector: Selector::new(PermanentKind::Character, Some(Controller::You)),
            other: false,
        })),
        targets: &[],
        optional: true,
        twist: false,
        condition: None,
    }],
    ..FaceData::BLANK
};
static MAY: TestCard = TestCard {
    trigger: gain_two,
    ..TestCard::new(&MAY_D)
};

/// Answers every optional trigger with `take`, counting the questions.
struct Answer {
    take: bool,
    asked: Arc<Mutex<Vec<TwistRequest>>>,
}

impl Choices for Answer {
    fn take_optional_twist(&mut self, _: &Game, request: &TwistRequest) -> bool {
        if let Ok(mut asked) = self.asked.lock() {
            asked.push(*request);
        }
        self.take
    }
}

fn destroy_with(take: bool) -> (u32, Vec<TwistRequest>) {
    let (mut b, band) = board();
    let purse = b.put(P0, &MAY, band);
    let orator = b.put(P0, &ORATOR, band);
    let mut g = b.build();
    let asked = Arc::new(Mutex::new(Vec::new()));
    g.set_choices(Box::new(Answer {
        take,
        asked: Arc::clone(&asked),
    }));
    g.play_maneuver(P1, &PURGE, &[orator]).unwrap();
    let requests = asked.lock().map(|a| a.clone()).unwrap_or_default();
    assert!(requests
        .iter()
        .all(|r| r.permanent == purse && r.controller == P0));
    (g.player(P0).treasury, requests)
}

#[test]
fn r114_taken_it_resolves() {
    let (treasury, asked) = destroy_with(true);
    assert_eq!(asked.len(), 1, "its controller is asked once");
    assert_eq!(treasury, 12);
}

#[test]
fn r114_declined_it_does_nothing() {
    let (treasury, asked) = destroy_with(false);
    assert_eq!(asked.len(), 1);
    assert_eq!(treasury, 10);
}

#[test]
fn r114_a_trigger_without_you_may_is_never_asked() {
    static MUST_D: FaceData = FaceData {
        name: "Widow's Tithe",
        triggers: &[TriggerData {
            optional: false,
            ..MAY_D.triggers[0]
        }],
        ..MAY_D
    };
    static MUST: TestCard = TestCard {
        trigger: gain_two,
        ..TestCard::new(&MUST_D)
    };
    let (mut b, band) = board();
    b.put(P0, &MUST, band);
    let orator = b.put(P0, &ORATOR, band);
    let mut g = b.build();
    let asked = Arc::new(Mutex::new(Vec::new()));
    g.set_choices(Box::new(Answer {
        take: false,
        asked: Arc::clone(&asked),
    }));
    g.play_maneuver(P1, &PURGE, &[orator]).unwrap();
    assert!(asked.lock().map(|a| a.is_empty()).unwrap_or(false));
    assert_eq!(g.player(P0).treasury, 12);
}
