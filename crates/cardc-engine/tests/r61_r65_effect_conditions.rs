//! Ruling R61 (`If <condition>, <effect>.` on an effect): the condition is read once, as the
//! effect resolves, from the card printing it (none for a Maneuver) and its controller;
//! false, the effect does nothing, and what was paid or chosen for it stays paid. Ruling R62:
//! the conditions about the Bound read the Character a Storyline binds and are never true
//! with no Bound. Ruling R65: `during a Liberation [you declared | an opponent declared]`
//! holds between Step 1 and the end of Step 7 (§12), with that liberating player. The bodies
//! below are what codegen writes for such an effect: `if fx.holds(<condition>) { … }`.

mod common;

use cardc_engine::*;
use common::*;

const CAPITAL: Condition = Condition::YouControlA {
    kind: PermanentKind::CapitalSpacecraft,
};

/// Fleet Muster (Fast Maneuver): If you control a Capital Spacecraft, draw 2 cards.
static MUSTER_D: FaceData = FaceData {
    name: "Fleet Muster",
    kind: Kind::Maneuver,
    speed: Some(Speed::Fast),
    ..FaceData::BLANK
};
fn muster(_: Face, fx: &mut dyn Effects) {
    if fx.holds(CAPITAL) {
        fx.draw(Who::You, 2);
    }
}
static MUSTER: TestCard = TestCard {
    play: muster,
    ..TestCard::new(&MUSTER_D)
};

/// A Capital Spacecraft with no text.
static FLAGSHIP_D: FaceData = FaceData {
    name: "Flagship",
    kind: Kind::Spacecraft { capital: true },
    rank: Some(StatValue::Num(3)),
    def: Some(StatValue::Num(4)),
    ..FaceData::BLANK
};
static FLAGSHIP: TestCard = TestCard::new(&FLAGSHIP_D);

#[test]
fn r61_a_maneuvers_condition_holds_as_it_resolves_and_the_effect_happens() {
    let (mut b, band) = board();
    b.put(P0, &FLAGSHIP, band);
    let mut g = b.build();
    let before = g.player(P0).hand;
    g.play_maneuver(P0, &MUSTER, &[]).unwrap();
    assert_eq!(g.player(P0).hand, before + 2);
}

#[test]
fn r61_a_false_condition_means_the_effect_does_nothing() {
    let (mut b, band) = board();
    // An opponent's Capital Spacecraft is not "you control".
    b.put(P1, &FLAGSHIP, band);
    let mut g = b.build();
    let before = g.player(P0).hand;
    g.play_maneuver(P0, &MUSTER, &[]).unwrap();
    assert_eq!(g.player(P0).hand, before, "nothing drawn");
}

/// Quartermaster (Device): `A, Pay 1 Currency: If you control another Device, gain 2
/// Currency.` (an activated ability whose effect has a condition).
static QUARTER_D: FaceData = FaceData {
    name: "Quartermaster",
    kind: Kind::Device,
    abilities: &[AbilityData {
        costs: &[Cost::Activate, Cost::PayCurrency(1)],
        targets: &[],
    }],
    ..FaceData::BLANK
};
fn quarter(_: Face, _: usize, fx: &mut dyn Effects) {
    if fx.holds(Condition::YouControlAnother {
        kind: PermanentKind::Device,
    }) {
        fx.gain_currency(Who::You, 2);
    }
}
static QUARTER: TestCard = TestCard {
    ability: quarter,
    ..TestCard::new(&QUARTER_D)
};
static LEDGER_D: FaceData = FaceData {
    name: "Ledger",
    kind: Kind::Device,
    ..FaceData::BLANK
};
static LEDGER: TestCard = TestCard::new(&LEDGER_D);

#[test]
fn r61_another_leaves_out_the_card_printing_it_and_the_cost_stays_paid() {
    let (mut b, band) = board();
    let q = b.put(P0, &QUARTER, band);
    b.treasury(P0, 3);
    let mut g = b.build();
    g.use_ability(P0, q, 0, &[]).unwrap();
    assert_eq!(
        g.player(P0).treasury,
        2,
        "paid 1, gained nothing: the only Device is the card itself"
    );

    let (mut b, band) = board();
    let q = b.put(P0, &QUARTER, band);
    b.put(P0, &LEDGER, band);
    b.treasury(P0, 3);
    let mut g = b.build();
    g.use_ability(P0, q, 0, &[]).unwrap();
    assert_eq!(g.player(P0).treasury, 4, "paid 1, gained 2");
}

#[test]
fn r61_a_condition_about_this_card_is_false_with_no_card() {
    let (b, _) = board();
    let g = b.build();
    let c = Condition::ThisHasStoryCounters { n: 0 };
    assert!(!g.holds_for(c, None, P0), "a Maneuver is never on the Map");
}

#[test]
fn r62_s8_the_bound_conditions_read_the_character_a_storyline_binds() {
    let (mut b, band) = board();
    let r = b.put(P0, &RUTHLESS, band);
    let s = b.put(P0, &SHOW_TRIAL, band);
    let unbound = b.put(P0, &SHOW_TRIAL, band);
    let device = b.put(P0, &LEDGER, band);
    b.bind(s, r);
    b.with(r, |p| p.cp = 2);
    let mut g = b.build();
    assert!(g.holds(Condition::TheBoundHasCpOrLess { n: 2 }, s, P0));
    assert!(!g.holds(Condition::TheBoundHasCpOrLess { n: 1 }, s, P0));
    assert!(g.holds(Condition::TheBoundHasCpOrMore { n: 2 }, s, P0));
    assert!(!g.holds(Condition::TheBoundHasCpOrMore { n: 3 }, s, P0));
    assert!(g.holds(Condition::TheBoundIsPrime, s, P0));
    assert!(!g.holds(Condition::TheBoundIsFallen, s, P0));
    for none in [unbound, device] {
        assert!(!g.holds(Condition::TheBoundIsPrime, none, P0), "no Bound");
        assert!(!g.holds(Condition::TheBoundIsFallen, none, P0), "no Bound");
        assert!(!g.holds(Condition::TheBoundHasCpOrMore { n: 0 }, none, P0));
    }
    // §7.7: the Bound Falls; the face conditions follow it.
    let (mut b, band) = board();
    let r = b.put(P0, &RUTHLESS, band);
    let s = b.put(P0, &SHOW_TRIAL, band);
    b.bind(s, r);
    b.with(r, |p| p.face = Face::Fallen);
    g = b.build();
    assert!(g.holds(Condition::TheBoundIsFallen, s, P0));
    assert!(!g.holds(Condition::TheBoundIsPrime, s, P0));
}

#[test]
fn r61_s7_9a_vox_conditions_read_the_printed_vox_of_a_character_or_ground_unit() {
    let (mut b, band) = board();
    let a = b.put(P0, &AGITATORS, band);
    let f = b.put(P0, &FLAGSHIP, band);
    let g = b.build();
    assert!(g.holds(Condition::ThisHasVox { n: 1 }, a, P0));
    assert!(!g.holds(Condition::ThisHasVox { n: 2 }, a, P0));
    assert!(!g.holds(Condition::ThisHasVox { n: 0 }, f, P0), "§7.9a");
}

#[test]
fn r61_each_opponent_controls_is_every_opponent_not_some() {
    let (mut b, band) = board();
    let d = b.put(P0, &LEDGER, band);
    b.put(P1, &FLAGSHIP, band);
    let g = b.build();
    let each = Condition::EachOpponentControlsA {
        kind: PermanentKind::CapitalSpacecraft,
    };
    let some = Condition::AnOpponentControlsA {
        kind: PermanentKind::CapitalSpacecraft,
    };
    assert!(g.holds(each, d, P0), "the one opponent does");
    assert!(g.holds(some, d, P0));
    assert!(!g.holds(each, d, P1), "P0 controls none");
}

/// Crowd Roar (Fast Maneuver): During a Liberation you declared, gain 2 Currency.
static ROAR_D: FaceData = FaceData {
    name: "Crowd Roar",
    kind: Kind::Maneuver,
    speed: Some(Speed::Fast),
    ..FaceData::BLANK
};
fn roar(_: Face, fx: &mut dyn Effects) {
    if fx.holds(Condition::DuringALiberationYouDeclared) {
        fx.gain_currency(Who::You, 2);
    }
}
static ROAR: TestCard = TestCard {
    play: roar,
    ..TestCard::new(&ROAR_D)
};

#[test]
fn r65_s12_during_a_liberation_holds_from_step_1_with_its_liberating_player() {
    let (mut b, band) = board();
    let libr = b.put(P0, &AGITATORS, band);
    let d = b.put(P0, &LEDGER, band);
    let e = b.put(P1, &LEDGER, band);
    let target = b.put(P1, &AGITATORS, band);
    let mut g = b.build();
    let (t0, t1) = (g.player(P0).treasury, g.player(P1).treasury);
    assert!(
        !g.holds(Condition::DuringALiberation, d, P0),
        "none under way"
    );
    g.play_maneuver(P0, &ROAR, &[]).unwrap();
    assert_eq!(g.player(P0).treasury, t0, "outside a Liberation: nothing");

    g.activate_liberators(P0, &[libr]).unwrap();
    assert!(
        g.holds(Condition::DuringALiberation, d, P0),
        "Step 1 has begun"
    );
    assert!(g.holds(Condition::DuringALiberationYouDeclared, d, P0));
    assert!(!g.holds(Condition::DuringALiberationAnOpponentDeclared, d, P0));
    assert!(g.holds(Condition::DuringALiberationAnOpponentDeclared, e, P1));
    assert!(!g.holds(Condition::DuringALiberationYouDeclared, e, P1));
    // §12.3: the Fast window after the targets are declared.
    g.declare_targets(&[target], false).unwrap();
    g.play_maneuver(P0, &ROAR, &[]).unwrap();
    assert_eq!(g.player(P0).treasury, t0 + 2, "P0 declared it");
    g.play_maneuver(P1, &ROAR, &[]).unwrap();
    assert_eq!(g.player(P1).treasury, t1, "P1 did not");
}

/// Barricade (Surface Location), Rank 2: `+1 RK during a Liberation an opponent declared.`
static BARRICADE_D: FaceData = FaceData {
    name: "Barricade",
    kind: Kind::SurfaceLocation,
    rank: Some(StatValue::Num(2)),
    def: Some(StatValue::Num(2)),
    statics: &[Static {
        subject: Subject::ThisCard,
        kind: StaticKind::Bonus {
            amount: 1,
            stat: BonusStat::Rank,
        },
        condition: Some(Condition::DuringALiberationAnOpponentDeclared),
    }],
    ..FaceData::BLANK
};
static BARRICADE: TestCard = TestCard::new(&BARRICADE_D);

#[test]
fn r65_s12_6_a_static_during_a_liberation_an_opponent_declared_raises_rank_in_it() {
    let (mut b, band) = board();
    let libr = b.put(P0, &AGITATORS, band);
    let street = b.put(P1, &BARRICADE, band);
    let mut g = b.build();
    assert_eq!(g.effective_rank(street), Some(2), "no Liberation under way");
    g.activate_liberators(P0, &[libr]).unwrap();
    assert_eq!(
        g.effective_rank(street),
        Some(3),
        "P0, its opponent, declared it"
    );
}
