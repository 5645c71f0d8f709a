//! Ruling R82 (counted targets: `Destroy two target Ground Units.`, `Ready up to two target
//! Ground Units you control.`, `When this card is destroyed, destroy up to one target Ground
//! Unit.`): a counted `target …` has one selector per permanent it may choose and a
//! `TargetCount` saying which; the permanents chosen are different and each legal for the
//! selector (`Game::may_choose`, the one check of every choice); `up to` may leave slots
//! empty (`PermanentId::NONE`), down to none; an exact count with fewer legal permanents is
//! not played; each chosen permanent gets the whole effect; at most 8 are chosen.

mod common;

use cardc_engine::*;
use common::*;

const GU_ANY: Selector = Selector::new(PermanentKind::GroundUnit, None);
const GU_YOURS: Selector = Selector::new(PermanentKind::GroundUnit, Some(Controller::You));

/// A card whose play and trigger text is one effect on a counted target of `counts`.
struct Counted {
    data: &'static FaceData,
    counts: &'static [TargetCount],
    ready: bool,
}

impl Card for Counted {
    fn face(&self, face: Face) -> Option<&'static FaceData> {
        (face == Face::Prime).then_some(self.data)
    }
    fn play(&self, _: Face, fx: &mut dyn Effects) {
        let n = self.counts.first().map_or(0, |c| c.n);
        if self.ready {
            fx.ready(Target::Several { first: 0, n });
        } else {
            fx.deal_damage(Target::Several { first: 0, n }, 1);
        }
    }
    fn trigger(&self, _: Face, _: usize, fx: &mut dyn Effects) {
        fx.destroy(Target::Several { first: 0, n: 1 });
    }
    fn counts(&self, face: Face, text: ModalText) -> &'static [TargetCount] {
        match (face, text) {
            (Face::Prime, ModalText::Play | ModalText::Trigger(0)) => self.counts,
            _ => &[],
        }
    }
}

static TWO_D: FaceData = FaceData {
    name: "Deal 1 damage to each of two target Ground Units",
    kind: Kind::Maneuver,
    cost: 1,
    speed: Some(Speed::Slow),
    targets: &[GU_ANY, GU_ANY],
    ..FaceData::BLANK
};
/// `Deal 1 damage to each of two target Ground Units.`: exactly two.
static TWO: Counted = Counted {
    data: &TWO_D,
    counts: &[TargetCount {
        first: 0,
        n: 2,
        up_to: false,
    }],
    ready: false,
};

static UP_TO_TWO_D: FaceData = FaceData {
    name: "Ready up to two target Ground Units you control",
    kind: Kind::Maneuver,
    cost: 1,
    speed: Some(Speed::Fast),
    targets: &[GU_YOURS, GU_YOURS],
    ..FaceData::BLANK
};
/// `Ready up to two target Ground Units you control.`
static UP_TO_TWO: Counted = Counted {
    data: &UP_TO_TWO_D,
    counts: &[TargetCount {
        first: 0,
        n: 2,
        up_to: true,
    }],
    ready: true,
};

static SAPPERS_D: FaceData = FaceData {
    name: "Causeway Sappers",
    kind: Kind::GroundUnit,
    cost: 1,
    rank: Some(StatValue::Num(2)),
    vox: 1,
    attack: 1,
    def: Some(StatValue::Num(1)),
    triggers: &[TriggerData {
        when: Trigger::ThisIsDestroyed,
        targets: &[GU_ANY],
        optional: false,
        twist: false,
        condition: None,
    }],
    ..FaceData::BLANK
};
/// `When this card is destroyed, destroy up to one target Ground Unit.`
static SAPPERS: Counted = Counted {
    data: &SAPPERS_D,
    counts: &[TargetCount {
        first: 0,
        n: 1,
        up_to: true,
    }],
    ready: false,
};

fn gone(g: &Game, id: PermanentId) -> bool {
    !on_map(g, id)
}

#[test]
fn r82_each_chosen_permanent_gets_the_whole_effect() {
    let (mut b, band) = board();
    let a = b.put(P1, &AGITATORS, band);
    let c = b.put(P1, &AGITATORS, band);
    let mut g = b.build();
    g.play_maneuver(P0, &TWO, &[a, c]).unwrap();
    assert!(
        gone(&g, a) && gone(&g, c),
        "1 damage each to DEF 1: both destroyed"
    );
}

#[test]
fn r82_an_exact_count_needs_that_many_different_legal_permanents() {
    let (mut b, band) = board();
    let a = b.put(P1, &AGITATORS, band);
    let mut g = b.build();
    let before = g.player(P0).treasury;
    assert_eq!(
        g.play_maneuver(P0, &TWO, &[a, a]),
        Err(ActionError::RepeatedTarget(a)),
        "the same permanent twice is not two"
    );
    assert_eq!(
        g.play_maneuver(P0, &TWO, &[a, PermanentId::NONE]),
        Err(ActionError::IllegalTarget(PermanentId::NONE)),
        "an exact count leaves no slot empty"
    );
    assert_eq!(
        g.play_maneuver(P0, &TWO, &[a]),
        Err(ActionError::TargetCount {
            expected: 2,
            got: 1
        })
    );
    assert_eq!(g.player(P0).treasury, before, "not played, not paid");
    assert!(on_map(&g, a));
}

#[test]
fn r82_up_to_may_choose_fewer_down_to_none() {
    let (mut b, band) = board();
    let a = b.put(P0, &AGITATORS, band);
    let c = b.put(P0, &AGITATORS, band);
    let theirs = b.put(P1, &AGITATORS, band);
    for id in [a, c, theirs] {
        b.with(id, |p| p.readied = false);
    }
    let mut g = b.build();
    g.play_maneuver(P0, &UP_TO_TWO, &[PermanentId::NONE, c])
        .unwrap();
    assert!(!g.permanent(a).unwrap().readied);
    assert!(g.permanent(c).unwrap().readied);
    g.play_maneuver(P0, &UP_TO_TWO, &[PermanentId::NONE, PermanentId::NONE])
        .unwrap();
    assert_eq!(
        g.play_maneuver(P0, &UP_TO_TWO, &[a, theirs]),
        Err(ActionError::IllegalTarget(theirs)),
        "each chosen permanent is legal for the target: you control it"
    );
    assert!(!g.permanent(theirs).unwrap().readied);
}

#[test]
fn r82_up_to_is_played_with_no_legal_permanent() {
    let (b, _) = board();
    let mut g = b.build();
    let before = g.player(P0).treasury;
    g.play_maneuver(P0, &UP_TO_TWO, &[PermanentId::NONE, PermanentId::NONE])
        .unwrap();
    assert_eq!(g.player(P0).treasury, before - 1, "played and paid");
}

#[test]
fn r82_a_trigger_up_to_one_default_and_none() {
    // The default policy takes the first legal permanent an opponent of the trigger's
    // controller controls (ruling R9).
    let (mut b, band) = board();
    let sappers = b.put(P1, &SAPPERS, band);
    let other = b.put(P1, &AGITATORS, band);
    let mine = b.put(P0, &AGITATORS, band);
    let mut g = b.build();
    g.play_maneuver(P0, &TWO, &[sappers, other]).unwrap();
    assert!(gone(&g, sappers) && gone(&g, other));
    assert!(
        gone(&g, mine),
        "the Sappers' trigger destroyed P0's Ground Unit"
    );

    // A chooser that leaves the slot empty: nothing more is destroyed, nothing rejected.
    struct Nobody;
    impl Choices for Nobody {
        fn trigger_targets(&mut self, view: &Game, request: &TargetRequest<'_>) -> ChosenTargets {
            let picked = ChosenTargets::from_slice(&[PermanentId::NONE]).unwrap_or_default();
            assert!(request.may_choose(view, picked.as_slice()));
            assert_eq!(request.counts.len(), 1);
            picked
        }
    }
    let (mut b, band) = board();
    let sappers = b.put(P1, &SAPPERS, band);
    let other = b.put(P1, &AGITATORS, band);
    let mine = b.put(P0, &AGITATORS, band);
    let mut g = b.build();
    g.set_choices(Box::new(Nobody));
    g.clear_log();
    g.play_maneuver(P0, &TWO, &[sappers, other]).unwrap();
    assert!(on_map(&g, mine), "none chosen: the trigger does nothing");
    assert!(!g
        .log()
        .iter()
        .any(|e| matches!(e, Event::ChoiceRejected { .. })));
}

#[test]
fn r82_a_repeated_trigger_choice_is_rejected_for_the_default() {
    let (mut b, band) = board();
    let a = b.put(P0, &AGITATORS, band);
    let c = b.put(P0, &AGITATORS, band);
    let g = b.build();
    let counts = [TargetCount {
        first: 0,
        n: 2,
        up_to: true,
    }];
    assert_eq!(
        g.may_choose(&[GU_ANY, GU_ANY], &counts, &[a, a], P1, None),
        Err(RejectedChoice::RepeatedTarget {
            index: 1,
            target: a
        })
    );
    assert_eq!(
        g.may_choose(&[GU_ANY, GU_ANY], &counts, &[a, c], P1, None),
        Ok(())
    );
    // Two separate `target …`s (no count) may still name the same permanent.
    assert_eq!(
        g.may_choose(&[GU_ANY, GU_ANY], &[], &[a, a], P1, None),
        Ok(())
    );
    // At most 8.
    let nine = [GU_ANY; 9];
    assert!(g.may_choose(&nine, &[], &[a; 9], P1, None).is_err());
}
