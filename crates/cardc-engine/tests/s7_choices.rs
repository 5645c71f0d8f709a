//! The players' decisions during resolution: a trigger's targets (§7.3, rulings R9 and R27)
//! and an optional Twist (§7.7 route 4), asked of the game's `Choices`.

mod common;

use cardc_engine::*;
use common::*;
use std::sync::{Arc, Mutex};

/// A target request as the chooser saw it (owned, so the test can read it afterwards).
#[derive(Clone, Debug, PartialEq)]
struct AskedTargets {
    source: PermanentId,
    controller: PlayerId,
    face: Face,
    trigger: Option<usize>,
    selectors: Vec<Selector>,
    default: Vec<PermanentId>,
    legal: Vec<Vec<PermanentId>>,
}

#[derive(Default, Debug)]
struct Asked {
    targets: Vec<AskedTargets>,
    twists: Vec<TwistRequest>,
}

/// A scripted player: answers every target request with `targets` (or the default when
/// `None`) and every optional Twist with `twist`, recording each question.
struct Script {
    targets: Option<Vec<PermanentId>>,
    twist: bool,
    asked: Arc<Mutex<Asked>>,
}

impl Choices for Script {
    fn trigger_targets(&mut self, view: &Game, request: &TargetRequest<'_>) -> ChosenTargets {
        let legal = (0..request.selectors.len())
            .map(|n| request.legal(view, n).collect())
            .collect();
        self.asked.lock().unwrap().targets.push(AskedTargets {
            source: request.source,
            controller: request.controller,
            face: request.face,
            trigger: request.trigger,
            selectors: request.selectors.to_vec(),
            default: request.default.as_slice().to_vec(),
            legal,
        });
        match &self.targets {
            Some(t) => ChosenTargets::from_slice(t).unwrap(),
            None => request.default,
        }
    }

    fn take_optional_twist(&mut self, _: &Game, twist: &TwistRequest) -> bool {
        self.asked.lock().unwrap().twists.push(*twist);
        self.twist
    }
}

/// Installs a script on `g`; returns what it will have been asked.
fn script(g: &mut Game, targets: Option<&[PermanentId]>, twist: bool) -> Arc<Mutex<Asked>> {
    let asked = Arc::new(Mutex::new(Asked::default()));
    let previous = g.set_choices(Box::new(Script {
        targets: targets.map(<[_]>::to_vec),
        twist,
        asked: Arc::clone(&asked),
    }));
    assert!(previous.is_none());
    asked
}

fn hit(g: &mut Game, attacker: PermanentId, defender: PermanentId) {
    let h = Hit {
        attacker,
        defender,
        amount: 1,
    };
    g.combat_damage(P1, &[h]).unwrap();
}

fn rejections(g: &Game) -> Vec<Event> {
    g.log()
        .iter()
        .copied()
        .filter(|e| matches!(e, Event::ChoiceRejected { .. }))
        .collect()
}

/// Grudge Keeper (P0) and, for P1, Envoy (6 CP), Speaker (5 CP) and a Veteran that hits.
fn keeper_board() -> (Game, [PermanentId; 4]) {
    let (mut b, band) = board();
    let keeper = b.put(P0, &KEEPER, band);
    let envoy = b.put(P1, &ENVOY, band);
    let speaker = b.put(P1, &SPEAKER, band);
    let veteran = b.put(P1, &VETERAN, band);
    (b.build(), [keeper, envoy, speaker, veteran])
}

// ---- §7.3: a triggered ability's targets ----

#[test]
fn s7_3_trigger_targets_are_chosen_by_the_controller() {
    let (mut g, [keeper, envoy, speaker, veteran]) = keeper_board();
    let asked = script(&mut g, Some(&[speaker]), true);
    hit(&mut g, veteran, keeper);
    assert_eq!(cp(&g, speaker), 4, "the chosen Character loses 1 CP");
    assert_eq!(cp(&g, envoy), 6, "the default target is untouched");
    assert_eq!(cp(&g, keeper), 5);
    assert!(rejections(&g).is_empty());
    let asked = asked.lock().unwrap();
    assert_eq!(
        asked.targets,
        [AskedTargets {
            source: keeper,
            controller: P0,
            face: Face::Prime,
            trigger: Some(0),
            selectors: vec![OPP_CHAR_SEL],
            default: vec![envoy],
            legal: vec![vec![envoy, speaker, veteran]],
        }],
        "the trigger's controller is asked once, with the legal set and the default"
    );
    assert!(asked.twists.is_empty());
}

#[test]
fn s7_3_default_policy_targets_the_first_opposing_permanent() {
    let (mut g, [keeper, envoy, speaker, veteran]) = keeper_board();
    let mut with_auto = g.clone();
    assert!(with_auto.set_choices(Box::new(AutoChoices)).is_none());
    hit(&mut g, veteran, keeper);
    hit(&mut with_auto, veteran, keeper);
    assert_eq!(
        cp(&g, envoy),
        5,
        "first legal opposing Character by id (R9)"
    );
    assert_eq!(cp(&g, speaker), 5, "untouched");
    assert_eq!(g, with_auto, "no chooser installed plays AutoChoices");
    assert!(rejections(&g).is_empty());
}

#[test]
fn s7_3_a_trigger_target_outside_the_legal_set_is_replaced_by_the_default_and_logged() {
    let (mut g, [keeper, envoy, speaker, veteran]) = keeper_board();
    script(&mut g, Some(&[keeper]), true);
    hit(&mut g, veteran, keeper);
    assert_eq!(
        rejections(&g),
        [Event::ChoiceRejected {
            permanent: keeper,
            reason: RejectedChoice::IllegalTarget {
                index: 0,
                target: keeper,
            },
        }],
        "its own Character is not `an opponent controls` (R27)"
    );
    assert_eq!(cp(&g, envoy), 5, "the default target was used instead");
    assert_eq!((cp(&g, keeper), cp(&g, speaker)), (5, 5));
}

#[test]
fn s7_3_a_trigger_target_no_longer_on_the_map_is_rejected() {
    let (mut b, band) = board();
    let keeper = b.put(P0, &KEEPER, band);
    let envoy = b.put(P1, &ENVOY, band);
    let gone = b.put(P1, &SPEAKER, band);
    let veteran = b.put(P1, &VETERAN, band);
    let mut g = b.build();
    if let Some(p) = g.setup(gone) {
        p.zone = Zone::Depleted { order: 0 };
    }
    script(&mut g, Some(&[gone]), true);
    hit(&mut g, veteran, keeper);
    assert_eq!(
        rejections(&g),
        [Event::ChoiceRejected {
            permanent: keeper,
            reason: RejectedChoice::IllegalTarget {
                index: 0,
                target: gone,
            },
        }]
    );
    assert_eq!(cp(&g, envoy), 5);
}

#[test]
fn s7_3_a_wrong_number_of_trigger_targets_is_replaced_by_the_default() {
    for (picked, got) in [(&[][..], 0), (&[PermanentId(1), PermanentId(2)][..], 2)] {
        let (mut g, [keeper, envoy, speaker, veteran]) = keeper_board();
        assert_eq!((envoy, speaker), (PermanentId(1), PermanentId(2)));
        script(&mut g, Some(picked), true);
        hit(&mut g, veteran, keeper);
        assert_eq!(
            rejections(&g),
            [Event::ChoiceRejected {
                permanent: keeper,
                reason: RejectedChoice::TargetCount { expected: 1, got },
            }]
        );
        assert_eq!((cp(&g, envoy), cp(&g, speaker)), (5, 5), "default used");
    }
}

#[test]
fn s7_3_a_trigger_with_no_legal_target_asks_nobody_and_does_not_resolve() {
    let (mut b, band) = board();
    let keeper = b.put(P0, &KEEPER, band);
    let unit = b.put(P1, &AGITATORS, band);
    let mut g = b.build();
    let asked = script(&mut g, Some(&[unit]), true);
    hit(&mut g, unit, keeper);
    assert!(
        asked.lock().unwrap().targets.is_empty(),
        "nothing to choose"
    );
    assert!(rejections(&g).is_empty());
    assert!(!g.log().iter().any(|e| matches!(e, Event::CpLost { .. })));
}

#[test]
fn s7_3_a_reversal_text_target_is_chosen_by_the_storyline_controller() {
    let (mut b, band) = board();
    let story = b.put(P0, &RECKONING, band);
    let envoy = b.put(P1, &ENVOY, band);
    let speaker = b.put(P1, &SPEAKER, band);
    let mut g = b.build();
    let asked = script(&mut g, Some(&[speaker]), true);
    g.reverse_storyline(story).unwrap();
    assert_eq!((cp(&g, envoy), cp(&g, speaker)), (6, 3));
    let asked = asked.lock().unwrap();
    assert_eq!(asked.targets.len(), 1);
    assert_eq!(
        asked.targets[0].trigger, None,
        "a Reversal text, not a trigger"
    );
    assert_eq!(asked.targets[0].face, Face::Reversal);
}

// ---- §7.7 route 4: an optional Twist ----

fn wavering_board() -> (Game, PermanentId, PermanentId) {
    let (mut b, band) = board();
    let w = b.put(P0, &WAVERING, band);
    let veteran = b.put(P1, &VETERAN, band);
    (b.build(), w, veteran)
}

#[test]
fn s7_7_optional_twist_may_be_declined() {
    let (mut g, w, veteran) = wavering_board();
    let asked = script(&mut g, None, false);
    hit(&mut g, veteran, w);
    assert_eq!(face(&g, w), Face::Prime, "declined: no Fall");
    assert_eq!(cp(&g, w), 5, "the damage still happened");
    assert!(g.log().contains(&Event::TwistDeclined { permanent: w }));
    assert!(!g.log().iter().any(|e| matches!(e, Event::Fell { .. })));
    assert_eq!(
        asked.lock().unwrap().twists,
        [TwistRequest {
            permanent: w,
            controller: P0,
            face: Face::Prime,
            trigger: 0,
            text: "Twist (optional): When this card takes damage, Fall this card.",
        }]
    );
}

#[test]
fn s7_7_optional_twist_is_taken_by_default() {
    let (mut g, w, veteran) = wavering_board();
    hit(&mut g, veteran, w);
    assert_eq!(face(&g, w), Face::Fallen);
    assert_eq!(cp(&g, w), 4, "the Fallen face's printed CP");
    assert!(g.log().contains(&Event::Fell {
        permanent: w,
        route: FallRoute::Twist
    }));
    let (mut taken, w, veteran) = wavering_board();
    script(&mut taken, None, true);
    hit(&mut taken, veteran, w);
    assert_eq!(face(&taken, w), Face::Fallen, "a player may take it too");
}

#[test]
fn s7_7_a_mandatory_twist_is_no_choice() {
    let (mut b, band) = board();
    let t = b.put(P0, &TWISTED, band);
    let veteran = b.put(P1, &VETERAN, band);
    let mut g = b.build();
    let asked = script(&mut g, None, false);
    hit(&mut g, veteran, t);
    assert_eq!(face(&g, t), Face::Fallen);
    assert!(asked.lock().unwrap().twists.is_empty(), "nobody is asked");
}

#[test]
fn s7_7_an_optional_twist_is_marked_in_its_trigger_data() {
    assert!(WAVERING_P.is_optional_twist(0));
    assert_eq!(
        WAVERING_P.trigger_text(0),
        Some("Twist (optional): When this card takes damage, Fall this card.")
    );
    assert!(!WAVERING_P.is_optional_twist(1), "no such trigger");
    assert!(!KEEPER_P.is_optional_twist(0), "an ordinary trigger");
    assert!(!TWISTED_P.is_optional_twist(0), "a mandatory Twist");
    // The flag decides, not the printed text.
    static UNPRINTED: FaceData = FaceData {
        text: &[],
        ..WAVERING_P
    };
    assert!(UNPRINTED.is_optional_twist(0));
    assert_eq!(UNPRINTED.trigger_text(0), None);
}

// ---- The chooser is the table's, not the game's state ----

#[test]
fn s7_7_choices_are_not_game_state() {
    let (mut g, w, veteran) = wavering_board();
    script(&mut g, None, false);
    let mut copy = g.clone();
    assert_eq!(g, copy, "an installed chooser takes no part in equality");
    hit(&mut copy, veteran, w);
    assert_eq!(
        face(&copy, w),
        Face::Fallen,
        "a clone plays the default policy"
    );
    hit(&mut g, veteran, w);
    assert_eq!(face(&g, w), Face::Prime);
    assert!(g.take_choices().is_some());
    assert!(g.take_choices().is_none(), "taken: AutoChoices again");
}
