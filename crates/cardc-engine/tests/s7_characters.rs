//! §7.1–§7.4 Characters (CP, abilities, Penalties): one test per rules statement, named after its section.

mod common;

use cardc_engine::harness::{Board, LiberationPlan};
use cardc_engine::*;
use common::*;

fn liberate(game: &mut Game, liberators: &[PermanentId], target: PermanentId, vox: u32) {
    let plan = LiberationPlan {
        player: P0,
        liberators,
        targets: &[target],
        assign: &[(target, vox)],
        ..LiberationPlan::default()
    };
    plan.run(game, &mut rng()).unwrap();
}

// ---- §7.1, §7.2, §7.10: printed data ----

#[test]
fn s7_1_s7_2_drives_and_morality_are_per_face_data() {
    let prime = MARA.face(Face::Prime).unwrap();
    let fallen = MARA.face(Face::Fallen).unwrap();
    assert_eq!(prime.drives, &[Drive::Liberation, Drive::Justice]);
    assert_eq!(fallen.drives, &[Drive::Destruction, Drive::Power]);
    assert_eq!(prime.morality, Some(Morality::Virtuous));
    assert_eq!(fallen.morality, Some(Morality::Ruthless));
    assert_eq!((prime.attack, prime.cost), (2, 3));
}

// ---- §7.3 ----

#[test]
fn s7_3_zero_cp_destroys_into_owners_depleted_pile() {
    let (mut b, band) = board();
    let c = b.put(P1, &ENVOY, band);
    b.with(c, |p| {
        p.controller = P0;
        p.cp = 2;
    });
    let mut g = b.build();
    g.play_maneuver(P0, &AGITPROP, &[c]).unwrap(); // 3 counters -> 3 CP loss
    assert!(!on_map(&g, c));
    assert_eq!(
        g.depleted_pile(P1).len(),
        1,
        "owner's pile, not controller's"
    );
    assert!(g.depleted_pile(P0).is_empty());
}

#[test]
fn s7_3_fallen_face_is_destroyed_at_zero_cp_too() {
    let (mut b, band) = board();
    let c = b.put(P1, &ENVOY, band);
    b.with(c, |p| {
        p.face = Face::Fallen;
        p.cp = 1;
    });
    let mut g = b.build();
    g.play_maneuver(P0, &WHISPER, &[c]).unwrap();
    assert!(!on_map(&g, c));
    assert_eq!(
        face(&g, c),
        Face::Fallen,
        "destroyed whichever face it shows"
    );
}

#[test]
fn s7_3_cp_cost_to_zero_destroys_and_does_not_flip() {
    let (mut b, band) = board();
    let c = b.put(P0, &MARA, band);
    b.with(c, |p| p.cp = 2);
    let mut g = b.build();
    g.use_ability(P0, c, 0, &[]).unwrap();
    assert_eq!(destroyed(&g, c), Some(DestroyedBy::CpCost));
    assert_eq!(face(&g, c), Face::Prime);
    assert_eq!(g.player(P0).hand, 1, "the action still resolves");
}

#[test]
fn s7_3_damage_to_zero_destroys_and_does_not_flip() {
    let (mut b, band) = board();
    let a = b.put(P0, &VETERAN, band);
    let c = b.put(P1, &ENVOY, band);
    let mut g = b.build();
    g.combat_damage(
        P0,
        &[Hit {
            attacker: a,
            defender: c,
            amount: 6,
        }],
    )
    .unwrap();
    assert!(!on_map(&g, c));
    assert_eq!(face(&g, c), Face::Prime);
    assert!(!g.log().iter().any(|e| matches!(e, Event::Fell { .. })));
}

#[test]
fn s7_3_liberation_to_zero_destroys_and_does_not_flip() {
    let (mut b, band) = board();
    let l = b.put(P0, &ORATOR, band);
    let c = b.put(P1, &ENVOY, band);
    b.with(c, |p| p.cp = 3);
    let mut g = b.build();
    liberate(&mut g, &[l], c, 4);
    assert!(matches!(
        destroyed(&g, c),
        Some(DestroyedBy::Liberation { .. })
    ));
    assert_eq!(face(&g, c), Face::Prime);
}

#[test]
fn s7_3_aligned_bonus_is_a_printed_trigger_liberates_gains_cp() {
    let (mut b, band) = board();
    let m = b.put(P0, &MARA, band);
    let t = b.put(P1, &AGITATORS, band);
    let mut g = b.build();
    liberate(&mut g, &[m], t, 2);
    assert!(!on_map(&g, t));
    assert_eq!(
        cp(&g, m),
        7,
        "Whenever this card liberates another card, gain 1 CP"
    );
}

#[test]
fn s7_3_character_ability_pays_cost_before_the_action() {
    let (mut b, band) = board();
    let m = b.put(P0, &MARA, band);
    let mut g = b.build();
    g.use_ability(P0, m, 0, &[]).unwrap();
    assert_eq!(cp(&g, m), 4);
    assert_eq!(g.player(P0).hand, 1);
    assert!(matches!(
        g.log().first(),
        Some(Event::CpLost {
            cause: CpLoss::Cost,
            amount: 2,
            ..
        })
    ));
}

#[test]
fn s7_3_less_cp_than_x_may_not_use_the_ability() {
    let (mut b, band) = board();
    let m = b.put(P0, &MARA, band);
    b.with(m, |p| p.cp = 1);
    let mut g = b.build();
    let before = g.clone();
    let err = g.use_ability(P0, m, 0, &[]).unwrap_err();
    assert!(matches!(
        err,
        ActionError::NotEnoughCp {
            has: 1,
            needs: 2,
            ..
        }
    ));
    assert!(err.to_string().starts_with("§7.3"));
    assert_eq!(g, before);
}

#[test]
fn s7_3_character_ability_once_per_turn() {
    let (mut b, band) = board();
    let m = b.put(P0, &MARA, band);
    let mut g = b.build();
    g.use_ability(P0, m, 0, &[]).unwrap();
    assert_eq!(
        g.use_ability(P0, m, 0, &[]),
        Err(ActionError::OncePerTurn(m))
    );
    g.end_turn().unwrap();
    g.end_turn().unwrap();
    g.use_ability(P0, m, 0, &[]).unwrap();
    assert_eq!(cp(&g, m), 2);
}

#[test]
fn s7_3_character_ability_is_slow() {
    let (mut b, band) = board();
    let m = b.put(P0, &MARA, band);
    let l = b.put(P0, &ENVOY, band);
    let t = b.put(P1, &AGITATORS, band);
    let mut g = b.build();
    g.set_active(P1);
    assert_eq!(g.use_ability(P0, m, 0, &[]), Err(ActionError::SlowTiming));
    g.set_active(P0);
    g.activate_liberators(P0, &[l]).unwrap();
    g.declare_targets(&[t], false).unwrap();
    assert_eq!(g.use_ability(P0, m, 0, &[]), Err(ActionError::SlowTiming));
}

#[test]
fn s7_3_plus_x_ability_gains_cp_then_acts() {
    let (mut b, band) = board();
    let m = b.put(P0, &MARA, band);
    let mut g = b.build();
    g.use_ability(P0, m, 2, &[]).unwrap();
    assert_eq!(cp(&g, m), 7);
    assert_eq!(g.player(P0).treasury, 11);
}

#[test]
fn s7_3_activated_ability_activates_the_card_and_pays() {
    let (mut b, band) = board();
    let m = b.put(P0, &MARA, band);
    let u = b.put(P0, &AGITATORS, band);
    b.with(u, |p| p.readied = false);
    let mut g = b.build();
    g.use_ability(P0, m, 1, &[u]).unwrap();
    assert!(g.permanent(m).unwrap().activated());
    assert!(g.permanent(u).unwrap().readied);
    assert_eq!(g.player(P0).treasury, 9);
    assert_eq!(
        g.use_ability(P0, m, 1, &[u]),
        Err(ActionError::AlreadyActivated(m))
    );
}

#[test]
fn s7_3_activated_ability_cannot_be_paid_for() {
    let (mut b, band) = board();
    let m = b.put(P0, &MARA, band);
    let u = b.put(P0, &AGITATORS, band);
    b.treasury(P0, 0);
    let mut g = b.build();
    let before = g.clone();
    assert_eq!(
        g.use_ability(P0, m, 1, &[u]),
        Err(ActionError::CannotPay { needs: 1, has: 0 })
    );
    assert_eq!(g, before);
}

#[test]
fn s7_3_activated_ability_is_fast_and_repeatable_when_readied_again() {
    let (mut b, band) = board();
    let m = b.put(P0, &MARA, band);
    let u = b.put(P0, &AGITATORS, band);
    let mut g = b.build();
    g.set_active(P1); // not P0's turn: Fast is fine
    g.use_ability(P0, m, 1, &[u]).unwrap();
    g.setup(m).unwrap().readied = true; // "assuming the player finds a way to ready"
    g.use_ability(P0, m, 1, &[u]).unwrap();
    assert_eq!(g.player(P0).treasury, 8);
}

#[test]
fn s7_3_ability_targets_are_checked() {
    let (mut b, band) = board();
    let m = b.put(P0, &MARA, band);
    let enemy = b.put(P1, &AGITATORS, band);
    let mut g = b.build();
    assert_eq!(
        g.use_ability(P0, m, 1, &[enemy]),
        Err(ActionError::IllegalTarget(enemy))
    );
    assert_eq!(
        g.use_ability(P0, m, 1, &[]),
        Err(ActionError::TargetCount {
            expected: 1,
            got: 0
        })
    );
}

#[test]
fn s7_3_no_cp_erosion_and_no_maximum() {
    let (mut b, band) = board();
    let m = b.put(P0, &MARA, band);
    let mut g = b.build();
    for _ in 0..6 {
        g.end_turn().unwrap();
    }
    assert_eq!(cp(&g, m), 6, "no erosion for inactivity");
    for _ in 0..3 {
        g.use_ability(P0, m, 2, &[]).unwrap();
        g.end_turn().unwrap();
        g.end_turn().unwrap();
    }
    assert_eq!(cp(&g, m), 9, "no maximum CP");
}

// ---- §7.4 ----

#[test]
fn s7_4_ruthless_penalties_example() {
    let (mut b, band) = board();
    let r = b.put(P0, &RUTHLESS, band);
    b.treasury(P0, 0);
    let mut g = b.build();
    g.character_action(P0, &BARGAIN, r, &[]).unwrap();
    assert_eq!(cp(&g, r), 9, "-1 CP Expedient");
    g.end_turn().unwrap();
    g.end_turn().unwrap();
    g.character_action(P0, &CHARITY, r, &[]).unwrap();
    assert_eq!(cp(&g, r), 5, "-4 CP Virtuous");
    g.end_turn().unwrap();
    g.end_turn().unwrap();
    g.character_action(P0, &ATROCITY, r, &[]).unwrap();
    assert_eq!(cp(&g, r), 5, "Iniquitous is omitted: no penalty");
}

#[test]
fn s7_4_own_morality_confers_no_penalty() {
    let (mut b, band) = board();
    let r = b.put(P0, &RUTHLESS, band);
    let victim = b.put(P1, &ENVOY, band);
    let mut g = b.build();
    g.character_action(P0, &DENUNCIATION, r, &[victim]).unwrap();
    assert_eq!(cp(&g, r), 10);
    assert_eq!(cp(&g, victim), 4);
}

#[test]
fn s7_4_penalty_never_gates() {
    let (mut b, band) = board();
    let r = b.put(P0, &RUTHLESS, band);
    b.with(r, |p| p.cp = 1);
    let mut g = b.build();
    g.character_action(P0, &CHARITY, r, &[]).unwrap();
    assert_eq!(
        g.player(P0).hand,
        1,
        "the action resolved although -4 exceeds 1 CP"
    );
}

#[test]
fn s7_4_action_resolves_before_the_penalty() {
    let (mut b, band) = board();
    let m = b.put(P0, &MARA, band);
    let victim = b.put(P1, &ENVOY, band);
    let mut g = b.build();
    g.character_action(P0, &DENUNCIATION, m, &[victim]).unwrap();
    let victim_loss = g
        .log()
        .iter()
        .position(|e| matches!(e, Event::CpLost { permanent, .. } if *permanent == victim));
    let penalty = g.log().iter().position(|e| {
        matches!(
            e,
            Event::CpLost {
                cause: CpLoss::Penalty,
                ..
            }
        )
    });
    assert!(victim_loss.unwrap() < penalty.unwrap());
    assert_eq!(cp(&g, m), 3);
}

#[test]
fn s7_4_prime_to_zero_by_penalty_falls_and_resets_cp() {
    let (mut b, band) = board();
    let r = b.put(P0, &RUTHLESS, band);
    b.with(r, |p| p.cp = 4);
    let mut g = b.build();
    g.character_action(P0, &CHARITY, r, &[]).unwrap();
    assert!(on_map(&g, r));
    assert_eq!(face(&g, r), Face::Fallen);
    assert_eq!(cp(&g, r), 3, "the Fallen face's printed CP");
    assert!(g.log().contains(&Event::Fell {
        permanent: r,
        route: FallRoute::Penalty
    }));
    assert_eq!(g.player(P0).hand, 1, "the action still resolved");
}

#[test]
fn s7_4_penalty_fall_awards_next_opponent_one_story_point() {
    let mut b = Board::new(3);
    let band = b.ground();
    let r = b.put(P1, &RUTHLESS, band);
    b.with(r, |p| p.cp = 1);
    let mut g = b.build();
    g.set_active(P1);
    g.character_action(P1, &CHARITY, r, &[]).unwrap();
    assert_eq!(g.player(P2).story_points, 1, "next opponent after P1 is P2");
    assert_eq!(g.player(P0).story_points, 0);
    assert_eq!(g.player(P1).story_points, 0);
}

#[test]
fn s7_4_fallen_to_zero_by_penalty_is_destroyed() {
    let (mut b, band) = board();
    let r = b.put(P0, &RUTHLESS, band);
    b.with(r, |p| {
        p.face = Face::Fallen;
        p.cp = 2;
    });
    let mut g = b.build();
    g.character_action(P0, &CHARITY, r, &[]).unwrap();
    assert_eq!(destroyed(&g, r), Some(DestroyedBy::Penalty));
    assert_eq!(g.player(P1).story_points, 0, "no Fall, no Story Point");
    assert_eq!(g.player(P0).hand, 1, "the action still resolved");
}

#[test]
fn s7_4_bound_character_falling_by_penalty_reverses_its_storyline() {
    let (mut b, band) = board();
    let r = b.put(P0, &RUTHLESS, band);
    let s = b.put(P0, &SHOW_TRIAL, band);
    b.bind(s, r);
    b.with(r, |p| p.cp = 1);
    let mut g = b.build();
    g.character_action(P0, &BARGAIN, r, &[]).unwrap();
    assert_eq!(face(&g, r), Face::Fallen);
    assert_eq!(face(&g, s), Face::Reversal);
    // The Verdict's "Fall the Bound" finds the Bound already Fallen: nothing more happens.
    assert_eq!(cp(&g, r), 3);
}

#[test]
fn s7_4_cp_cost_is_not_a_penalty() {
    let (mut b, band) = board();
    let m = b.put(P0, &MARA, band);
    b.with(m, |p| p.cp = 2);
    let mut g = b.build();
    g.use_ability(P0, m, 0, &[]).unwrap();
    assert!(!on_map(&g, m), "a cost to 0 destroys; it does not Fall");
    assert_eq!(g.player(P1).story_points, 0);
}

#[test]
fn s7_3_once_per_turn_is_per_ability_across_a_fall() {
    // The Prime face's `-1 CP: Draw a card.`, then a Penalty Falls the Character: the Fallen
    // face's own `-1 CP:` is a different ability, usable once this turn (ruling R7).
    let (mut b, band) = board();
    let c = b.put(P0, &TURNCOAT, band);
    let mut g = b.build();
    g.use_ability(P0, c, 0, &[]).unwrap();
    assert_eq!(g.player(P0).hand, 1);
    g.character_action(P0, &ATROCITY, c, &[]).unwrap(); // 3 CP - 3 CP Iniquitous: Falls
    assert_eq!(face(&g, c), Face::Fallen);
    assert_eq!(cp(&g, c), 5);
    g.use_ability(P0, c, 0, &[]).unwrap();
    assert_eq!(
        g.player(P0).treasury,
        11,
        "the Fallen face's ability resolved"
    );
    assert_eq!(cp(&g, c), 4);
    assert_eq!(
        g.use_ability(P0, c, 0, &[]),
        Err(ActionError::OncePerTurn(c)),
        "and it, too, once per turn"
    );
    let used = g.permanent(c).unwrap().abilities_used;
    assert!(used.is_used(Face::Prime, 0) && used.is_used(Face::Fallen, 0));
    g.end_turn().unwrap();
    assert_eq!(
        g.permanent(c).unwrap().abilities_used,
        AbilitiesUsed::default()
    );
}
