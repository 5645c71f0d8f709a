//! Ruling R50 (declaration events, §12.3): a Liberation is declared in Step 2, with its
//! targets. `Whenever you declare a Liberation` fires for the liberating player's permanents,
//! `Whenever an opponent declares a Liberation` for every other player's, and `When this card
//! is declared as a Liberation target` for each declared target; they resolve once Step 2 is
//! done, before the defending player Activates. A refused declaration fires nothing.

mod common;

use cardc_engine::*;
use common::*;

fn gain_one(_: Face, _: usize, fx: &mut dyn Effects) {
    fx.gain_currency(Who::You, 1);
}

macro_rules! watcher {
    ($card:ident, $data:ident, $name:literal, $when:expr) => {
        static $data: FaceData = FaceData {
            name: $name,
            kind: Kind::GroundUnit,
            cost: 1,
            rank: Some(StatValue::Num(1)),
            vox: 1,
            attack: 1,
            def: Some(StatValue::Num(1)),
            triggers: &[TriggerData {
                when: $when,
                targets: &[],
                optional: false,
                twist: false,
                condition: None,
            }],
            ..FaceData::BLANK
        };
        static $card: TestCard = TestCard {
            trigger: gain_one,
            ..TestCard::new(&$data)
        };
    };
}

watcher!(
    CRIERS,
    CRIERS_D,
    "Street Criers",
    Trigger::YouDeclareALiberation
);
watcher!(
    INFORMERS,
    INFORMERS_D,
    "Informers",
    Trigger::AnOpponentDeclaresALiberation
);
watcher!(
    LOOKOUTS,
    LOOKOUTS_D,
    "Lookouts",
    Trigger::ThisIsDeclaredAsALiberationTarget
);

#[test]
fn r50_s12_3_declaring_the_targets_declares_the_liberation() {
    let (mut b, band) = board();
    let libr = b.put(P0, &AGITATORS, band);
    b.put(P0, &CRIERS, band);
    b.put(P1, &CRIERS, band);
    b.put(P0, &INFORMERS, band);
    b.put(P1, &INFORMERS, band);
    let target = b.put(P1, &LOOKOUTS, band);
    b.put(P1, &LOOKOUTS, band);
    let mut g = b.build();
    g.activate_liberators(P0, &[libr]).unwrap();
    assert_eq!(g.player(P0).treasury, 10, "Step 1 declares nothing");
    g.declare_targets(&[target], false).unwrap();
    // P0: its Criers (you declare). P1: its Informers (an opponent declares) and the declared
    // Lookouts; the undeclared Lookouts and P1's Criers see nothing of their own.
    assert_eq!(g.player(P0).treasury, 11);
    assert_eq!(g.player(P1).treasury, 12);
}

#[test]
fn r50_a_refused_declaration_fires_nothing() {
    let (mut b, band) = board();
    let libr = b.put(P0, &AGITATORS, band);
    let own = b.put(P0, &LOOKOUTS, band);
    b.put(P0, &CRIERS, band);
    let mut g = b.build();
    g.activate_liberators(P0, &[libr]).unwrap();
    // §12.3: a permanent you control may not be declared
    assert!(g.declare_targets(&[own], false).is_err());
    assert_eq!(g.player(P0).treasury, 10);
}
