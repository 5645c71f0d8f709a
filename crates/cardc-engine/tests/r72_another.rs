//! Ruling R72: `another target …` (`target other …`) and `each other …` leave out the
//! permanent whose text it is. A chosen target naming it is an illegal target, the default
//! policy of a trigger never picks it, and `each other …` passes over it; every other
//! permanent of the selector is named as without the word.

mod common;

use cardc_engine::*;
use common::*;

const OTHER_UNIT_YOU_CONTROL: Selector = Selector {
    other: true,
    ..Selector::new(PermanentKind::GroundUnit, Some(Controller::You))
};
const OTHER_UNIT: Selector = Selector {
    other: true,
    ..Selector::new(PermanentKind::GroundUnit, None)
};

/// A Ground Unit: `A: Ready another target Ground Unit you control.`
static CREW_D: FaceData = FaceData {
    name: "Signal Crew",
    kind: Kind::GroundUnit,
    cost: 2,
    rank: Some(StatValue::Num(2)),
    vox: 1,
    attack: 1,
    def: Some(StatValue::Num(2)),
    abilities: &[AbilityData {
        costs: &[Cost::Activate],
        targets: &[OTHER_UNIT_YOU_CONTROL],
    }],
    text: &["A: Ready another target Ground Unit you control."],
    ..FaceData::BLANK
};
fn ready_chosen(_: Face, _: usize, fx: &mut dyn Effects) {
    fx.ready(Target::Chosen(0));
}
static CREW: TestCard = TestCard {
    ability: ready_chosen,
    ..TestCard::new(&CREW_D)
};

/// A Ground Unit: `A: Deal 1 damage to each other Ground Unit.`
static SAPPERS_D: FaceData = FaceData {
    name: "Sappers",
    kind: Kind::GroundUnit,
    cost: 2,
    rank: Some(StatValue::Num(2)),
    vox: 0,
    attack: 1,
    def: Some(StatValue::Num(1)),
    abilities: &[AbilityData {
        costs: &[Cost::Activate],
        targets: &[],
    }],
    text: &["A: Deal 1 damage to each other Ground Unit."],
    ..FaceData::BLANK
};
fn damage_each_other(_: Face, _: usize, fx: &mut dyn Effects) {
    fx.deal_damage(Target::Each(OTHER_UNIT), 1);
}
static SAPPERS: TestCard = TestCard {
    ability: damage_each_other,
    ..TestCard::new(&SAPPERS_D)
};

/// A Ground Unit: `Whenever this card is Activated, deal 1 damage to another target
/// Ground Unit.`
static WARDENS_D: FaceData = FaceData {
    name: "Wardens",
    kind: Kind::GroundUnit,
    cost: 2,
    rank: Some(StatValue::Num(2)),
    vox: 0,
    attack: 1,
    def: Some(StatValue::Num(1)),
    abilities: &[AbilityData {
        costs: &[Cost::Activate],
        targets: &[],
    }],
    triggers: &[TriggerData {
        when: Trigger::ThisIsActivated,
        targets: &[OTHER_UNIT],
        optional: false,
        twist: false,
        condition: None,
    }],
    text: &[
        "A: Gain 1 Currency.",
        "Whenever this card is Activated, deal 1 damage to another target Ground Unit.",
    ],
    ..FaceData::BLANK
};
fn gain_one(_: Face, _: usize, fx: &mut dyn Effects) {
    fx.gain_currency(Who::You, 1);
}
fn damage_chosen(_: Face, _: usize, fx: &mut dyn Effects) {
    fx.deal_damage(Target::Chosen(0), 1);
}
static WARDENS: TestCard = TestCard {
    ability: gain_one,
    trigger: damage_chosen,
    ..TestCard::new(&WARDENS_D)
};

/// A plain Ground Unit with DEF 1.
static PICKET_D: FaceData = FaceData {
    name: "Picket",
    kind: Kind::GroundUnit,
    cost: 1,
    rank: Some(StatValue::Num(2)),
    vox: 0,
    attack: 1,
    def: Some(StatValue::Num(1)),
    ..FaceData::BLANK
};
static PICKET: TestCard = TestCard::new(&PICKET_D);

fn readied(g: &Game, id: PermanentId) -> bool {
    g.permanent(id).is_some_and(|p| p.readied)
}

#[test]
fn r72_another_target_never_names_its_own_card() {
    let (mut b, band) = board();
    let crew = b.put(P0, &CREW, band);
    let mut g = b.build();
    // The crew's own `A` would leave it activated; it may not ready itself.
    assert_eq!(
        g.use_ability(P0, crew, 0, &[crew]),
        Err(ActionError::IllegalTarget(crew))
    );
    assert!(readied(&g, crew), "a refused ability pays nothing");
}

#[test]
fn r72_another_target_names_every_other_permanent_of_its_kind() {
    let (mut b, band) = board();
    let crew = b.put(P0, &CREW, band);
    let picket = b.put(P0, &PICKET, band);
    b.with(picket, |p| p.readied = false);
    let mut g = b.build();
    g.use_ability(P0, crew, 0, &[picket]).unwrap();
    assert!(readied(&g, picket));
    assert!(!readied(&g, crew), "the crew paid its `A`");
}

#[test]
fn r72_each_other_passes_over_its_own_card() {
    let (mut b, band) = board();
    let sappers = b.put(P0, &SAPPERS, band);
    let mine = b.put(P0, &PICKET, band);
    let theirs = b.put(P1, &PICKET, band);
    let mut g = b.build();
    g.use_ability(P0, sappers, 0, &[]).unwrap();
    // DEF 1 each: the two others are destroyed, the Sappers (DEF 1 too) are not touched.
    assert!(destroyed(&g, mine).is_some());
    assert!(destroyed(&g, theirs).is_some());
    assert!(on_map(&g, sappers));
}

#[test]
fn r72_a_trigger_never_targets_its_own_card() {
    let (mut b, band) = board();
    let wardens = b.put(P0, &WARDENS, band);
    let mut g = b.build();
    // Alone on the Map: no other Ground Unit, so the trigger does not resolve (ruling R9),
    // rather than damaging the Wardens themselves.
    g.use_ability(P0, wardens, 0, &[]).unwrap();
    assert!(on_map(&g, wardens));
    assert_eq!(g.player(P0).treasury, 11);

    let (mut b, band) = board();
    let wardens = b.put(P0, &WARDENS, band);
    let mine = b.put(P0, &PICKET, band);
    let mut g = b.build();
    // The default policy takes an opponent's first, else the controller's own: here the
    // controller's Picket, never the Wardens.
    g.use_ability(P0, wardens, 0, &[]).unwrap();
    assert!(on_map(&g, wardens));
    assert!(destroyed(&g, mine).is_some());
}
