//! Ruling R86: prohibitions made for a time by an effect (`Target Character an opponent
//! controls can't be Activated as a liberator this turn.`). Each permanent the target names
//! as the effect resolves is refused at the step the static prohibition of the same row binds
//! (§12.2 Step 1, §12.3 Step 2, §12.4 Step 3, §12.8 removals), until the period ends:
//! `this turn` as the turn ends, `until the end of the Liberation` once Step 7 is done (the
//! one-shot stat changes' moments, rulings R40, R41); with no Liberation under way, `until the
//! end of the Liberation` does nothing. A permanent that leaves the Map loses them.

mod common;

use cardc_engine::prohibitions::Prohibited;
use cardc_engine::*;
use common::*;

static CURFEW_D: FaceData = FaceData {
    name: "Curfew Bell",
    kind: Kind::Maneuver,
    speed: Some(Speed::Fast),
    targets: &[Selector::new(PermanentKind::Permanent, None)],
    ..FaceData::BLANK
};

macro_rules! timed {
    ($card:ident, $play:ident, $primitive:ident, $until:expr, $doc:literal) => {
        fn $play(_: Face, fx: &mut dyn Effects) {
            fx.$primitive(Target::Chosen(0), $until);
        }
        #[doc = $doc]
        static $card: TestCard = TestCard {
            play: $play,
            ..TestCard::new(&CURFEW_D)
        };
    };
}

timed!(
    NO_LIBERATOR,
    no_liberator,
    forbid_liberator,
    Duration::UntilEndOfTurn,
    "`Target permanent can't be Activated as a liberator this turn.`"
);
timed!(
    NO_TARGET,
    no_target,
    forbid_declared,
    Duration::UntilEndOfTurn,
    "`Target permanent can't be declared as a Liberation target this turn.`"
);
timed!(
    NO_GARRISON,
    no_garrison,
    forbid_garrison,
    Duration::UntilEndOfLiberation,
    "`Target permanent can't be declared as a garrison until the end of the Liberation.`"
);
timed!(
    KEEP_COUNTERS,
    keep_counters,
    forbid_removal,
    Duration::UntilEndOfTurn,
    "`Liberation counters can't be removed from target permanent this turn.`"
);

/// `Remove 2 Liberation counters from target permanent.`
static PARDON_D: FaceData = FaceData {
    name: "Pardon",
    kind: Kind::Maneuver,
    speed: Some(Speed::Fast),
    targets: &[Selector::new(PermanentKind::Permanent, None)],
    ..FaceData::BLANK
};
fn pardon(_: Face, fx: &mut dyn Effects) {
    fx.remove_liberation_counters(Target::Chosen(0), 2);
}
static PARDON: TestCard = TestCard {
    play: pardon,
    ..TestCard::new(&PARDON_D)
};

/// `Return target permanent to its owner's hand.`
static RECALL_D: FaceData = FaceData {
    name: "Recall",
    kind: Kind::Maneuver,
    speed: Some(Speed::Fast),
    targets: &[Selector::new(PermanentKind::Permanent, None)],
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
fn r86_s12_2_a_liberator_forbidden_this_turn_is_refused_at_step_1_until_the_turn_ends() {
    let (mut b, band) = board();
    let orator = b.put(P0, &ORATOR, band);
    let _forum = b.put(P1, &FORUM, band);
    let mut g = b.build();
    // The defending player answers before the Liberation is declared.
    g.play_maneuver(P1, &NO_LIBERATOR, &[orator]).unwrap();
    assert!(g.prohibited(orator, Prohibited::Liberator));
    assert_eq!(g.timed_prohibitions().len(), 1);
    let before = g.clone();
    let r = g.activate_liberators(P0, &[orator]);
    rejected(
        &g,
        &before,
        r,
        LiberationError::Prohibited(orator, Prohibited::Liberator),
        "§12.2",
    );
    // It binds Step 1 only: nothing else about the Orator is forbidden.
    assert!(!g.prohibited(orator, Prohibited::Declared));
    g.end_turn().unwrap();
    assert!(
        !g.prohibited(orator, Prohibited::Liberator),
        "`this turn` ends as the turn ends"
    );
    assert!(g.timed_prohibitions().is_empty());
    assert!(g.log().iter().any(|e| matches!(
        e,
        Event::ForbiddingEnded { permanent, what: Prohibited::Liberator } if *permanent == orator
    )));
}

#[test]
fn r86_s12_3_a_target_forbidden_this_turn_is_no_legal_target_at_step_2() {
    let (mut b, band) = board();
    let orator = b.put(P0, &ORATOR, band);
    let forum = b.put(P1, &FORUM, band);
    let mut g = b.build();
    g.play_maneuver(P1, &NO_TARGET, &[forum]).unwrap();
    g.activate_liberators(P0, &[orator]).unwrap();
    let before = g.clone();
    let r = g.declare_targets(&[forum], false);
    rejected(
        &g,
        &before,
        r,
        LiberationError::Prohibited(forum, Prohibited::Declared),
        "§12.3",
    );
}

#[test]
fn r86_s12_4_a_garrison_forbidden_until_the_end_of_the_liberation_is_refused_then_freed() {
    let (mut b, band) = board();
    let orator = b.put(P0, &ORATOR, band);
    let forum = b.put(P1, &FORUM, band);
    let unit = b.put_on(P1, &AGITATORS, forum);
    let mut g = b.build();
    // Before any Liberation, `until the end of the Liberation` would end as it began.
    g.clear_log();
    g.play_maneuver(P0, &NO_GARRISON, &[unit]).unwrap();
    assert!(!g.prohibited(unit, Prohibited::Garrison), "ruling R41");
    assert!(!g.log().iter().any(|e| matches!(e, Event::Forbidden { .. })));

    g.activate_liberators(P0, &[orator]).unwrap();
    g.declare_targets(&[forum], false).unwrap();
    // A Fast window of Step 2: the liberating player keeps the unit off its Location.
    g.play_maneuver(P0, &NO_GARRISON, &[unit]).unwrap();
    assert!(g.log().iter().any(|e| matches!(
        e,
        Event::Forbidden { permanent, what: Prohibited::Garrison, until: Duration::UntilEndOfLiberation }
            if *permanent == unit
    )));
    let before = g.clone();
    let r = g.activate_defenders(&[], &[(unit, forum)]);
    rejected(
        &g,
        &before,
        r,
        LiberationError::Prohibited(unit, Prohibited::Garrison),
        "§12.4",
    );
    g.activate_defenders(&[], &[]).unwrap();
    let s = seal(&g, &[(forum, 1)]);
    g.commit_sealed(s.commitment()).unwrap();
    g.allocate_defence(Assignment::empty()).unwrap();
    g.reveal(Some(&s.opening())).unwrap();
    g.pay().unwrap();
    g.resolve().unwrap();
    assert!(g.liberation().is_none());
    assert!(
        !g.prohibited(unit, Prohibited::Garrison),
        "it ends with the Liberation (Step 7)"
    );
}

#[test]
fn r86_r85_counters_kept_this_turn_are_not_removed_and_a_new_object_is_free() {
    let (mut b, band) = board();
    let forum = b.put(P1, &FORUM, band);
    let mut g = b.build();
    if let Some(p) = g.setup(forum) {
        p.counters = 2;
    }
    g.play_maneuver(P1, &KEEP_COUNTERS, &[forum]).unwrap();
    g.play_maneuver(P0, &PARDON, &[forum]).unwrap();
    assert_eq!(counters(&g, forum), 2, "ruling R85: none removed");
    g.end_turn().unwrap();
    g.play_maneuver(P0, &PARDON, &[forum]).unwrap();
    assert_eq!(
        counters(&g, forum),
        0,
        "the prohibition ended with the turn"
    );
}

#[test]
fn r86_r42_the_permanents_are_fixed_as_the_effect_resolves_and_leaving_the_map_ends_it() {
    let (mut b, band) = board();
    let orator = b.put(P0, &ORATOR, band);
    let mut g = b.build();
    g.play_maneuver(P1, &NO_LIBERATOR, &[orator]).unwrap();
    assert!(g.prohibited(orator, Prohibited::Liberator));
    g.play_maneuver(P1, &RECALL, &[orator]).unwrap();
    assert_eq!(g.permanent(orator).map(|p| p.zone), Some(Zone::Hand));
    assert!(
        g.timed_prohibitions().is_empty(),
        "what leaves the Map is a new object"
    );
}
