//! Ruling R109: `you control a Prime <kind>` and `you control a Fallen <kind>` hold while the
//! text's controller controls a permanent of the kind on the Map showing that face (§7.7):
//! only a Character shows a Prime face; any permanent may show a Fallen one. The card printing
//! the text counts, as for `you control a <kind>`.

mod common;

use cardc_engine::*;
use common::*;

/// `+1 DEF as long as you control a Fallen Ground Unit.`
static HOLDOUTS_D: FaceData = FaceData {
    name: "Holdouts",
    kind: Kind::GroundUnit,
    cost: 2,
    rank: Some(StatValue::Num(2)),
    vox: 0,
    attack: 1,
    def: Some(StatValue::Num(1)),
    statics: &[Static {
        subject: Subject::ThisCard,
        kind: StaticKind::Bonus {
            amount: 1,
            stat: BonusStat::Def,
        },
        condition: Some(Condition::YouControlAFallen {
            kind: PermanentKind::GroundUnit,
        }),
    }],
    ..FaceData::BLANK
};
static HOLDOUTS: TestCard = TestCard::new(&HOLDOUTS_D);

static TURNCOATS_F: FaceData = FaceData {
    name: "Turncoats",
    fallen: true,
    ..AGITATORS_P
};
static TURNCOATS: TestCard = TestCard {
    fallen: Some(&TURNCOATS_F),
    ..TestCard::new(&AGITATORS_P)
};

const FALLEN_CHARACTER: Condition = Condition::YouControlAFallen {
    kind: PermanentKind::Character,
};
const PRIME_CHARACTER: Condition = Condition::YouControlAPrime {
    kind: PermanentKind::Character,
};

#[test]
fn r109_fallen_and_prime_characters_you_control() {
    let (mut b, band) = board();
    let holdouts = b.put(P0, &HOLDOUTS, band);
    let mara = b.put(P0, &MARA, band);
    let theirs = b.put(P1, &MARA, band);
    b.with(theirs, |p| p.face = Face::Fallen);
    let mut g = b.build();
    assert!(g.holds(PRIME_CHARACTER, holdouts, P0));
    assert!(
        !g.holds(FALLEN_CHARACTER, holdouts, P0),
        "an opponent's Fallen Character"
    );
    assert!(g.holds(FALLEN_CHARACTER, holdouts, P1));
    if let Some(p) = g.setup(mara) {
        p.face = Face::Fallen;
    }
    assert!(g.holds(FALLEN_CHARACTER, holdouts, P0));
    assert!(!g.holds(PRIME_CHARACTER, holdouts, P0));
}

#[test]
fn r109_only_a_character_is_prime_and_any_permanent_may_be_fallen() {
    let (mut b, band) = board();
    let holdouts = b.put(P0, &HOLDOUTS, band);
    let g = b.build();
    let prime_unit = Condition::YouControlAPrime {
        kind: PermanentKind::GroundUnit,
    };
    // A Ground Unit on its first face is not Prime (§7.7).
    assert!(!g.holds(prime_unit, holdouts, P0));
}

#[test]
fn r109_a_static_gated_on_a_fallen_unit_comes_and_goes() {
    let (mut b, band) = board();
    let holdouts = b.put(P0, &HOLDOUTS, band);
    let turncoats = b.put(P0, &TURNCOATS, band);
    let mut g = b.build();
    assert_eq!(g.net_static(holdouts, BonusStat::Def), 0);
    if let Some(p) = g.setup(turncoats) {
        p.face = Face::Fallen;
    }
    assert_eq!(g.net_static(holdouts, BonusStat::Def), 1);
    if let Some(p) = g.setup(turncoats) {
        p.zone = Zone::Hand;
    }
    assert_eq!(g.net_static(holdouts, BonusStat::Def), 0);
}
