//! Rulings R84 and R85: prohibitions as statics (docs/vocabulary-v2.md §13). Each is refused
//! at the step of the Liberation the rule names: a prohibited liberator at Step 1 (§12.2), a
//! prohibited target at Step 2 (§12.3), a prohibited garrison at Step 3 (§12.4); a prohibited
//! removal of Liberation counters removes none, by effect or by cost (§12.8, R85). A
//! conditional prohibition holds only while its condition does (ruling R70).

mod common;

use cardc_engine::prohibitions::Prohibited;
use cardc_engine::*;
use common::*;

const fn prohibition(subject: Subject, kind: StaticKind) -> Static {
    Static {
        subject,
        kind,
        condition: None,
    }
}

/// A Surface Location: `This card can't be declared as a Liberation target.`
static SANCTUARY_P: FaceData = FaceData {
    name: "Sanctuary Ward",
    kind: Kind::SurfaceLocation,
    rank: Some(StatValue::Num(3)),
    statics: &[prohibition(Subject::ThisCard, StaticKind::NotDeclared)],
    ..FaceData::BLANK
};
static SANCTUARY: TestCard = TestCard::new(&SANCTUARY_P);

/// A Homeworld: `Surface Locations you control can't be declared as Liberation targets as
/// long as you have 3 or more Currency.`
static BASTION_P: FaceData = FaceData {
    name: "Bastion World",
    kind: Kind::Homeworld,
    rank: Some(StatValue::Num(6)),
    statics: &[Static {
        subject: Subject::Group {
            selector: Selector::new(PermanentKind::SurfaceLocation, Some(Controller::You)),
            other: false,
        },
        kind: StaticKind::NotDeclared,
        condition: Some(Condition::YouHaveCurrency { n: 3 }),
    }],
    ..FaceData::BLANK
};
static BASTION: TestCard = TestCard::new(&BASTION_P);

/// A Device: `Characters an opponent controls can't be Activated as liberators.`
static CURFEW_ORDER_P: FaceData = FaceData {
    name: "Curfew Order",
    kind: Kind::Device,
    statics: &[prohibition(
        Subject::Group {
            selector: Selector::new(PermanentKind::Character, Some(Controller::Opponent)),
            other: false,
        },
        StaticKind::NotLiberator,
    )],
    ..FaceData::BLANK
};
static CURFEW_ORDER: TestCard = TestCard::new(&CURFEW_ORDER_P);

/// A Device: `Ground Units an opponent controls can't be declared as garrisons.`
static SIEGE_P: FaceData = FaceData {
    name: "Siege Lines",
    kind: Kind::Device,
    statics: &[prohibition(
        Subject::Group {
            selector: Selector::new(PermanentKind::GroundUnit, Some(Controller::Opponent)),
            other: false,
        },
        StaticKind::NotGarrison,
    )],
    ..FaceData::BLANK
};
static SIEGE: TestCard = TestCard::new(&SIEGE_P);

/// A Surface Location: `Liberation counters can't be removed from this card.`
static SCARRED_P: FaceData = FaceData {
    name: "Scarred Plaza",
    kind: Kind::SurfaceLocation,
    rank: Some(StatValue::Num(4)),
    statics: &[prohibition(Subject::ThisCard, StaticKind::KeepsCounters)],
    ..FaceData::BLANK
};
static SCARRED: TestCard = TestCard::new(&SCARRED_P);

/// A Ground Unit: `Liberation counters can't be removed from this card.` and `Pay 1
/// Currency, Remove a Liberation counter from this card: Gain 3 Currency.`
static STUBBORN_P: FaceData = FaceData {
    name: "Stubborn Barricade",
    kind: Kind::GroundUnit,
    cost: 1,
    rank: Some(StatValue::Num(3)),
    vox: 1,
    def: Some(StatValue::Num(1)),
    statics: &[prohibition(Subject::ThisCard, StaticKind::KeepsCounters)],
    abilities: &[AbilityData {
        costs: &[Cost::PayCurrency(1), Cost::RemoveLiberationCounters(1)],
        targets: &[],
    }],
    ..FaceData::BLANK
};
fn gain_three(_: Face, _: usize, fx: &mut dyn Effects) {
    fx.gain_currency(Who::You, 3);
}
static STUBBORN: TestCard = TestCard {
    ability: gain_three,
    ..TestCard::new(&STUBBORN_P)
};

const ANY_LOCATION: Selector = Selector::new(PermanentKind::SurfaceLocation, None);

/// A Maneuver: `Remove 2 Liberation counters from target Surface Location.`
static PARDON_D: FaceData = FaceData {
    name: "Pardon",
    kind: Kind::Maneuver,
    speed: Some(Speed::Slow),
    targets: &[ANY_LOCATION],
    ..FaceData::BLANK
};
fn pardon(_: Face, fx: &mut dyn Effects) {
    fx.remove_liberation_counters(Target::Chosen(0), 2);
}
static PARDON: TestCard = TestCard {
    play: pardon,
    ..TestCard::new(&PARDON_D)
};

/// A Maneuver: `Remove all counters from target Surface Location.`
static SCOUR_D: FaceData = FaceData {
    name: "Scour the Records",
    kind: Kind::Maneuver,
    speed: Some(Speed::Slow),
    targets: &[ANY_LOCATION],
    ..FaceData::BLANK
};
fn scour(_: Face, fx: &mut dyn Effects) {
    fx.remove_all_counters(Target::Chosen(0));
}
static SCOUR: TestCard = TestCard {
    play: scour,
    ..TestCard::new(&SCOUR_D)
};

#[test]
fn r84_every_prohibition_binds_the_step_its_rule_names() {
    // §12.2 Step 1, §12.3 Step 2, §12.4 Step 3; a removal of counters binds no one step.
    assert_eq!(
        StaticKind::NotLiberator.prohibits(),
        Some(Prohibited::Liberator)
    );
    assert_eq!(Prohibited::Liberator.step(), Some(Step::Activate));
    assert_eq!(
        StaticKind::NotDeclared.prohibits(),
        Some(Prohibited::Declared)
    );
    assert_eq!(Prohibited::Declared.step(), Some(Step::Declare));
    assert_eq!(
        StaticKind::NotGarrison.prohibits(),
        Some(Prohibited::Garrison)
    );
    assert_eq!(Prohibited::Garrison.step(), Some(Step::Defend));
    assert_eq!(
        StaticKind::KeepsCounters.prohibits(),
        Some(Prohibited::CounterRemoval)
    );
    assert_eq!(Prohibited::CounterRemoval.step(), None);
    let bonus = StaticKind::Bonus {
        amount: 1,
        stat: BonusStat::Rank,
    };
    assert_eq!(bonus.prohibits(), None);
    // A prohibition changes no stat (§7.5).
    assert_eq!(StaticKind::NotDeclared.bonus(BonusStat::Rank), 0);
}

#[test]
fn s12_3_a_prohibited_permanent_is_no_legal_target_at_step_2() {
    let (mut b, band) = board();
    let l = b.put(P0, &ORATOR, band);
    let ward = b.put(P1, &SANCTUARY, band);
    let open = b.put(P1, &FORUM, band);
    let mut g = b.build();
    g.activate_liberators(P0, &[l]).unwrap();
    let before = g.clone();
    let r = g.declare_targets(&[ward], false);
    rejected(
        &g,
        &before,
        r,
        LiberationError::Prohibited(ward, Prohibited::Declared),
        "§12.3",
    );
    g.declare_targets(&[open], false)
        .expect("a permanent the prohibition does not cover is declared as usual");
}

#[test]
fn s12_3_a_group_prohibition_holds_only_while_its_condition_does() {
    // Ruling R70: `as long as you have 3 or more Currency` is read at Step 2.
    let (mut b, band) = board();
    let l = b.put(P0, &ORATOR, band);
    let _bastion = b.put(P1, &BASTION, band);
    let forum = b.put(P1, &FORUM, band);
    let mut g = b.build();
    g.activate_liberators(P0, &[l]).unwrap();
    let before = g.clone();
    let r = g.declare_targets(&[forum], false);
    rejected(
        &g,
        &before,
        r,
        LiberationError::Prohibited(forum, Prohibited::Declared),
        "§12.3",
    );

    let (mut b, band) = board();
    let l = b.put(P0, &ORATOR, band);
    let _bastion = b.put(P1, &BASTION, band);
    let forum = b.put(P1, &FORUM, band);
    b.treasury(P1, 2);
    let mut g = b.build();
    g.activate_liberators(P0, &[l]).unwrap();
    g.declare_targets(&[forum], false)
        .expect("with 2 Currency the condition is false and the Location may be declared");
}

#[test]
fn s12_3_a_group_prohibition_covers_only_its_controllers_group() {
    // `Surface Locations you control`: the liberating player's own Bastion protects nothing
    // of the defending player's.
    let (mut b, band) = board();
    let l = b.put(P0, &ORATOR, band);
    let _bastion = b.put(P0, &BASTION, band);
    let forum = b.put(P1, &FORUM, band);
    let mut g = b.build();
    g.activate_liberators(P0, &[l]).unwrap();
    g.declare_targets(&[forum], false).unwrap();
}

#[test]
fn s12_2_a_prohibited_character_is_no_legal_liberator_at_step_1() {
    let (mut b, band) = board();
    let orator = b.put(P0, &ORATOR, band);
    let unit = b.put(P0, &AGITATORS, band);
    let _order = b.put(P1, &CURFEW_ORDER, band);
    let mut g = b.build();
    let before = g.clone();
    let r = g.activate_liberators(P0, &[unit, orator]);
    rejected(
        &g,
        &before,
        r,
        LiberationError::Prohibited(orator, Prohibited::Liberator),
        "§12.2",
    );
    g.activate_liberators(P0, &[unit])
        .expect("a Ground Unit is not a Character the order covers");
}

#[test]
fn s12_2_a_prohibition_of_ones_own_does_not_bind_the_other_player() {
    // `Characters an opponent controls`, read from the Device's controller: P0's own
    // Characters are free.
    let (mut b, band) = board();
    let orator = b.put(P0, &ORATOR, band);
    let _order = b.put(P0, &CURFEW_ORDER, band);
    let mut g = b.build();
    g.activate_liberators(P0, &[orator]).unwrap();
}

#[test]
fn s12_4_a_prohibited_unit_is_no_legal_garrison_at_step_3() {
    let (mut b, band) = board();
    let l = b.put(P0, &ORATOR, band);
    let _siege = b.put(P0, &SIEGE, band);
    let t = b.put(P1, &FORUM, band);
    let unit = b.put_on(P1, &AGITATORS, t);
    let character = b.put_on(P1, &SPEAKER, t);
    let mut g = b.build();
    g.activate_liberators(P0, &[l]).unwrap();
    g.declare_targets(&[t], false).unwrap();
    let before = g.clone();
    let r = g.activate_defenders(&[], &[(unit, t)]);
    rejected(
        &g,
        &before,
        r,
        LiberationError::Prohibited(unit, Prohibited::Garrison),
        "§12.4",
    );
    g.activate_defenders(&[], &[(character, t)])
        .expect("a Character is not a Ground Unit the siege covers");
    assert_eq!(g.permanent(character).unwrap().garrisoning, Some(t));
}

#[test]
fn r85_a_prohibited_removal_by_effect_removes_none() {
    let (mut b, band) = board();
    let plaza = b.put(P1, &SCARRED, band);
    let forum = b.put(P1, &FORUM, band);
    let mut g = b.build();
    // Below each Location's Rank (4 and 3), so no continuous check intervenes (§12.8).
    for (id, n) in [(plaza, 3), (forum, 2)] {
        if let Some(p) = g.setup(id) {
            p.counters = n;
            p.story_counters = 1;
        }
    }
    g.play_maneuver(P0, &PARDON, &[plaza]).unwrap();
    assert_eq!(counters(&g, plaza), 3, "ruling R85: none removed");
    g.play_maneuver(P0, &PARDON, &[forum]).unwrap();
    assert_eq!(counters(&g, forum), 0, "an unprotected Location loses 2");
    g.play_maneuver(P0, &SCOUR, &[plaza]).unwrap();
    assert_eq!(
        counters(&g, plaza),
        3,
        "`all counters` keeps the Liberation ones"
    );
    assert_eq!(
        g.permanent(plaza).map(|p| p.story_counters),
        Some(0),
        "Story counters are not Liberation counters: they go"
    );
}

#[test]
fn r85_a_cost_that_removes_prohibited_counters_cannot_be_paid() {
    let (mut b, band) = board();
    let unit = b.put(P0, &STUBBORN, band);
    b.with(unit, |p| p.counters = 2);
    let mut g = b.build();
    let err = g.use_ability(P0, unit, 0, &[]).unwrap_err();
    assert_eq!(err, ActionError::CountersKept { permanent: unit });
    assert_eq!(err.rule(), "§7.3, ruling R85");
    assert_eq!(g.player(P0).treasury, 10, "no cost is paid");
    assert_eq!(counters(&g, unit), 2);
}
