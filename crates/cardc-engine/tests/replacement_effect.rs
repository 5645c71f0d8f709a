//! Replacements whose `instead` is an ordinary effect (`Instead::Effect`, resolved by
//! `Card::replace`), and the printed text `FaceData` carries.

use cardc_engine::harness::{Board, LiberationPlan};
use cardc_engine::*;

/// `planetary_location "The Glass Senate"`: If Liberation counters would be placed on this
/// card, pay 2 Currency instead.
struct Senate;

static SENATE: FaceData = FaceData {
    name: "The Glass Senate",
    kind: Kind::PlanetaryLocation,
    rank: Some(StatValue::Num(5)),
    replacements: &[ReplacementData {
        would: Would::LiberationCountersBePlacedOn(Subject::ThisCard),
        instead: Instead::Effect,
    }],
    text: &["If Liberation counters would be placed on this card, pay 2 Currency instead."],
    ..FaceData::BLANK
};

impl Card for Senate {
    fn face(&self, face: Face) -> Option<&'static FaceData> {
        (face == Face::Prime).then_some(&SENATE)
    }
    fn replace(&self, face: Face, index: usize, fx: &mut dyn Effects) {
        if let (Face::Prime, 0) = (face, index) {
            fx.pay_currency(Who::You, 2);
        }
    }
}

/// A Vox 2 unit to liberate with.
struct Orator;

static ORATOR: FaceData = FaceData {
    name: "Orator",
    kind: Kind::GroundUnit,
    rank: Some(StatValue::Num(2)),
    vox: 2,
    def: Some(StatValue::Num(1)),
    flavor: Some("Louder."),
    ..FaceData::BLANK
};

impl Card for Orator {
    fn face(&self, face: Face) -> Option<&'static FaceData> {
        (face == Face::Prime).then_some(&ORATOR)
    }
}

#[test]
fn an_effect_replaces_liberation_counters() {
    let (p0, p1) = (PlayerId(0), PlayerId(1));
    let mut b = Board::new(2);
    let band = b.ground();
    let orator = b.put(p0, &Orator, band);
    let senate = b.put(p1, &Senate, band);
    b.treasury(p1, 5);
    let mut game = b.build();
    let plan = LiberationPlan {
        player: p0,
        liberators: &[orator],
        targets: &[senate],
        assign: &[(senate, 2)],
        ..LiberationPlan::default()
    };
    plan.run(&mut game, &mut rand::thread_rng()).unwrap();
    let s = game.permanent(senate).unwrap();
    assert_eq!(s.counters, 0, "the counters were replaced");
    assert!(s.on_map());
    assert_eq!(
        game.player(p1).treasury,
        3,
        "its controller paid 2 Currency"
    );
    assert_eq!(game.player(p0).treasury, 0);
}

#[test]
fn face_data_carries_the_printed_text() {
    assert_eq!(FaceData::BLANK.text, &[] as &[&str]);
    assert_eq!(FaceData::BLANK.flavor, None);
    assert_eq!(SENATE.text.len(), 1);
    assert_eq!(ORATOR.flavor, Some("Louder."));
}
