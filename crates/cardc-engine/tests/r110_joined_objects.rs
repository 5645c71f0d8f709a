//! Ruling R110: one verb with two or more objects joined by `and` (`Deal 2 damage to target
//! Ground Unit and 1 damage to each Ground Unit an opponent controls.`) is compiled to a
//! chain of ordinary steps of the same effect, one per object, in printed order. The engine
//! plays them as any chain: it asks for one target per `target …`, in printed order, as the
//! text is played; each step then acts in turn, and the continuous check waits for the whole
//! text, so a permanent hit by two objects takes both before it is checked.

mod common;

use cardc_engine::*;
use common::*;

const UNIT: Selector = Selector::new(PermanentKind::GroundUnit, None);
const OPP_UNITS: Selector = Selector::new(PermanentKind::GroundUnit, Some(Controller::Opponent));

/// A Ground Unit: `A: Deal 2 damage to target Ground Unit and 1 damage to each Ground Unit
/// an opponent controls.` — as generated: two `deal_damage` steps.
static GUNNERS_D: FaceData = FaceData {
    name: "Causeway Gunners",
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
    text: &["A: Deal 2 damage to target Ground Unit and 1 damage to each Ground Unit an opponent controls."],
    ..FaceData::BLANK
};
fn enfilade(_: Face, _: usize, fx: &mut dyn Effects) {
    fx.deal_damage(Target::Chosen(0), 2);
    fx.deal_damage(Target::Each(OPP_UNITS), 1);
}
static GUNNERS: TestCard = TestCard {
    ability: enfilade,
    ..TestCard::new(&GUNNERS_D)
};

/// A Ground Unit: `A: Destroy target Ground Unit and target Character.` — two `destroy`
/// steps, `Chosen(0)` then `Chosen(1)`.
static SAPPERS_D: FaceData = FaceData {
    name: "Mooring Sappers",
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
    text: &["A: Destroy target Ground Unit and target Character."],
    ..FaceData::BLANK
};
fn scuttle(_: Face, _: usize, fx: &mut dyn Effects) {
    fx.destroy(Target::Chosen(0));
    fx.destroy(Target::Chosen(1));
}
static SAPPERS: TestCard = TestCard {
    ability: scuttle,
    ..TestCard::new(&SAPPERS_D)
};

// Plain Ground Units with DEF 2 and 3.
plain_unit!(PICKET_D, PICKET, "Picket", vox 0, def 2);
plain_unit!(WARDEN_D, WARDEN, "Warden", vox 0, def 3);

#[test]
fn r110_a_target_hit_by_both_objects_takes_both() {
    let (mut b, band) = board();
    let gunners = b.put(P0, &GUNNERS, band);
    let warden = b.put(P1, &WARDEN, band);
    let picket = b.put(P1, &PICKET, band);
    let own = b.put(P0, &PICKET, band);
    let mut g = b.build();
    // The `each …` object chooses nothing: one target only.
    assert!(g.use_ability(P0, gunners, 0, &[warden, picket]).is_err());
    g.use_ability(P0, gunners, 0, &[warden])
        .expect("one target, for the one `target …`");
    // 2 from the first object and 1 from the second: 3, the Warden's DEF.
    assert!(!on_map(&g, warden), "DEF 3 is destroyed by 2 + 1");
    assert!(on_map(&g, picket), "DEF 2 survives the second object's 1");
    assert_eq!(g.permanent(picket).map(|p| p.damage), Some(1));
    // The second object is each Ground Unit an opponent controls: not the player's own.
    assert_eq!(g.permanent(own).map(|p| p.damage), Some(0));
}

#[test]
fn r110_each_object_asks_for_its_own_target_in_printed_order() {
    let (mut b, band) = board();
    let sappers = b.put(P0, &SAPPERS, band);
    let picket = b.put(P1, &PICKET, band);
    let mara = b.put(P1, &MARA, band);
    let mut g = b.build();
    // The first `target …` is the Ground Unit's, the second the Character's.
    assert!(g.use_ability(P0, sappers, 0, &[mara, picket]).is_err());
    assert!(
        on_map(&g, picket) && on_map(&g, mara),
        "a refused text does nothing"
    );
    g.use_ability(P0, sappers, 0, &[picket, mara])
        .expect("one target per object, in printed order");
    assert!(!on_map(&g, picket));
    assert!(!on_map(&g, mara));
}
