//! Ruling R59 (`Add N Vox to your Resource Pool`, §7.9a, §12.5b, §12.6): during a Liberation the
//! Vox goes to the Resource Pool of the text's controller if they are its liberating or
//! defending player; the liberating player's also counts toward the public total of the sum
//! check. With no Liberation under way, or for a player taking no part, nothing happens.

mod common;

use cardc_engine::*;
use common::*;

fn add_one(_: Face, _: usize, fx: &mut dyn Effects) {
    fx.add_vox(1);
}

macro_rules! relay {
    ($card:ident, $data:ident, $when:expr) => {
        static $data: FaceData = FaceData {
            name: "Bell-Tower Relay",
            kind: Kind::Device,
            cost: 2,
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
            trigger: add_one,
            ..TestCard::new(&$data)
        };
    };
}

relay!(RELAY, RELAY_D, Trigger::YouDeclareALiberation);
relay!(
    COUNTER_RELAY,
    COUNTER_RELAY_D,
    Trigger::AnOpponentDeclaresALiberation
);

static VOICES_D: FaceData = FaceData {
    name: "Voices from the Gallery",
    kind: Kind::Maneuver,
    speed: Some(Speed::Fast),
    ..FaceData::BLANK
};
fn voices(_: Face, fx: &mut dyn Effects) {
    fx.add_vox(2);
}
static VOICES: TestCard = TestCard {
    play: voices,
    ..TestCard::new(&VOICES_D)
};

#[test]
fn r59_s7_9a_the_liberating_players_added_vox_joins_the_pool_and_the_public_total() {
    let (mut b, band) = board();
    let libr = b.put(P0, &AGITATORS, band);
    b.put(P0, &RELAY, band);
    let target = b.put(P1, &AGITATORS, band);
    let mut g = b.build();
    g.activate_liberators(P0, &[libr]).unwrap();
    assert_eq!(g.player(P0).vox_pool, 1, "the liberator's printed Vox");
    g.declare_targets(&[target], false).unwrap();
    assert_eq!(
        g.player(P0).vox_pool,
        2,
        "1 added as the Liberation is declared"
    );
    assert_eq!(
        g.liberation().map(|l| l.total_vox()),
        Some(2),
        "P13: counted in the public total"
    );
    assert!(g
        .log()
        .iter()
        .any(|e| matches!(e, Event::VoxAdded { player, amount: 1 } if *player == P0)));
}

#[test]
fn r59_the_defending_players_added_vox_joins_their_pool_only() {
    let (mut b, band) = board();
    let libr = b.put(P0, &AGITATORS, band);
    b.put(P1, &COUNTER_RELAY, band);
    let target = b.put(P1, &AGITATORS, band);
    let mut g = b.build();
    g.activate_liberators(P0, &[libr]).unwrap();
    g.declare_targets(&[target], false).unwrap();
    assert_eq!(g.player(P1).vox_pool, 1, "the defending player's pool");
    assert_eq!(
        g.liberation().map(|l| l.total_vox()),
        Some(1),
        "not the liberator's total"
    );
}

#[test]
fn r59_outside_a_liberation_nothing_is_added() {
    let (b, _) = board();
    let mut g = b.build();
    g.clear_log();
    g.play_maneuver(P0, &VOICES, &[]).unwrap();
    assert_eq!(g.player(P0).vox_pool, 0);
    assert!(!g.log().iter().any(|e| matches!(e, Event::VoxAdded { .. })));
}

#[test]
fn r59_s12_5b_added_vox_may_be_committed() {
    let (mut b, band) = board();
    let libr = b.put(P0, &AGITATORS, band);
    b.put(P0, &RELAY, band);
    let target = b.put(P1, &AGITATORS, band);
    let mut g = b.build();
    g.activate_liberators(P0, &[libr]).unwrap();
    g.declare_targets(&[target], false).unwrap();
    g.activate_defenders(&[], &[]).unwrap();
    let sealed = seal(&g, &[(target, 2)]);
    assert!(
        g.commit_sealed(sealed.commitment()).is_ok(),
        "1 printed and 1 added"
    );
}

#[test]
fn r59_s12_5b_without_added_vox_two_is_over_the_pool() {
    let (mut b, band) = board();
    let libr = b.put(P0, &AGITATORS, band);
    let target = b.put(P1, &AGITATORS, band);
    let mut g = b.build();
    g.activate_liberators(P0, &[libr]).unwrap();
    g.declare_targets(&[target], false).unwrap();
    g.activate_defenders(&[], &[]).unwrap();
    let two = Assignment::new(&[(target, 2)]).unwrap();
    assert!(
        SealedAssignment::seal(&g, two, &mut rng()).is_err(),
        "2 from a pool of 1"
    );
}
