//! Ruling R73: `it` and `that <kind>` choose nothing: each plays as the `target …` it
//! refers to, `Target::Chosen(i)` of the ability's own list. An ability with an anaphor
//! asks for just its `target …`s, the anaphor's step lands on its antecedent, and a step
//! about an antecedent that has left the Map does nothing.

mod common;

use cardc_engine::*;
use common::*;

const UNIT: Selector = Selector::new(PermanentKind::GroundUnit, None);

/// A Ground Unit: `A: Deal 1 damage to target Ground Unit, then deal 1 damage to target
/// Character, then that Character loses 1 CP.` — as generated: `that Character` is the
/// second target, `Chosen(1)`.
static LOCKS_D: FaceData = FaceData {
    name: "Lock Gunners",
    kind: Kind::GroundUnit,
    cost: 2,
    rank: Some(StatValue::Num(2)),
    vox: 0,
    attack: 1,
    def: Some(StatValue::Num(3)),
    abilities: &[AbilityData {
        costs: &[Cost::Activate],
        targets: &[UNIT, CHAR_SEL],
    }],
    text: &["A: Deal 1 damage to target Ground Unit, then deal 1 damage to target Character, then that Character loses 1 CP."],
    ..FaceData::BLANK
};
fn crossfire(_: Face, _: usize, fx: &mut dyn Effects) {
    fx.deal_damage(Target::Chosen(0), 1);
    fx.deal_damage(Target::Chosen(1), 1);
    fx.lose_cp(Target::Chosen(1), 1);
}
static LOCKS: TestCard = TestCard {
    ability: crossfire,
    ..TestCard::new(&LOCKS_D)
};

/// A Ground Unit: `A: Destroy target Ground Unit, then deal 1 damage to it.` — `it` is
/// `Chosen(0)`, gone from the Map when its step resolves.
static WRECKERS_D: FaceData = FaceData {
    name: "Wreckers",
    kind: Kind::GroundUnit,
    cost: 2,
    rank: Some(StatValue::Num(2)),
    vox: 0,
    attack: 1,
    def: Some(StatValue::Num(3)),
    abilities: &[AbilityData {
        costs: &[Cost::Activate],
        targets: &[UNIT],
    }],
    text: &["A: Destroy target Ground Unit, then deal 1 damage to it."],
    ..FaceData::BLANK
};
fn destroy_then_damage(_: Face, _: usize, fx: &mut dyn Effects) {
    fx.destroy(Target::Chosen(0));
    fx.deal_damage(Target::Chosen(0), 1);
}
static WRECKERS: TestCard = TestCard {
    ability: destroy_then_damage,
    ..TestCard::new(&WRECKERS_D)
};

/// A plain Ground Unit with DEF 2.
static PICKET_D: FaceData = FaceData {
    name: "Picket",
    kind: Kind::GroundUnit,
    cost: 1,
    rank: Some(StatValue::Num(2)),
    vox: 0,
    attack: 1,
    def: Some(StatValue::Num(2)),
    ..FaceData::BLANK
};
static PICKET: TestCard = TestCard::new(&PICKET_D);

#[test]
fn r73_that_kind_lands_on_its_antecedent_and_asks_for_no_target() {
    let (mut b, band) = board();
    let gunners = b.put(P0, &LOCKS, band);
    let picket = b.put(P1, &PICKET, band);
    let mara = b.put(P1, &MARA, band);
    let mut g = b.build();
    let before = cp(&g, mara);
    // `that Character` is no third choice: a third target is refused.
    assert!(g
        .use_ability(P0, gunners, 0, &[picket, mara, mara])
        .is_err());
    g.use_ability(P0, gunners, 0, &[picket, mara])
        .expect("two targets, one per `target …`");
    // 1 damage and 1 CP lost, both on the Character; the Ground Unit takes only its 1.
    assert_eq!(cp(&g, mara), before - 2);
    assert!(on_map(&g, picket), "DEF 2 survives 1 damage");
}

#[test]
fn r73_it_after_its_antecedent_left_the_map_does_nothing() {
    let (mut b, band) = board();
    let wreckers = b.put(P0, &WRECKERS, band);
    let picket = b.put(P1, &PICKET, band);
    let mut g = b.build();
    g.use_ability(P0, wreckers, 0, &[picket])
        .expect("one target");
    assert!(!on_map(&g, picket), "destroyed by the first step");
    // `it` is gone: the damage step names nothing, and the Wreckers are untouched.
    assert!(on_map(&g, wreckers));
}
