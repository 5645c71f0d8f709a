//! §12.6–§12.8 Liberation (reveal, payment, resolution): one test per rules statement, named after its section.

mod common;

use cardc_engine::harness::{Board, LiberationPlan};
use cardc_engine::*;
use common::*;

// ---- §12.6 ----

#[test]
fn s12_6_counters_cancel_one_for_one_and_survivors_persist() {
    let (mut b, band) = board();
    let l = b.put(P0, &ORATOR, band);
    let t = b.put(P1, &TERAL, band); // Rank 6
    let d = b.put(P1, &SPEAKER, band);
    let mut g = b.build();
    let plan = LiberationPlan {
        player: P0,
        liberators: &[l],
        targets: &[t],
        defenders: &[d],
        assign: &[(t, 4)],
        defence: &[(t, 1)],
        ..LiberationPlan::default()
    };
    plan.run(&mut g, &mut rng()).unwrap();
    assert_eq!(counters(&g, t), 3);
    g.end_turn().unwrap();
    assert_eq!(counters(&g, t), 3, "they persist across turns");
}

#[test]
fn s12_6_excess_defence_is_discarded() {
    let (mut b, band) = board();
    let l = b.put(P0, &ENVOY, band);
    let t = b.put(P1, &TERAL, band);
    let d = b.put(P1, &ORATOR, band);
    let mut g = b.build();
    let plan = LiberationPlan {
        player: P0,
        liberators: &[l],
        targets: &[t],
        defenders: &[d],
        assign: &[(t, 1)],
        defence: &[(t, 4)],
        ..LiberationPlan::default()
    };
    let pay = plan.run(&mut g, &mut rng()).unwrap();
    assert_eq!(pay.owed, 1, "only the liberator's cancelled point");
    assert_eq!(counters(&g, t), 0);
    g.end_turn().unwrap();
    g.end_turn().unwrap();
    let plan2 = LiberationPlan {
        defenders: &[],
        defence: &[],
        ..plan
    };
    plan2.run(&mut g, &mut rng()).unwrap();
    assert_eq!(counters(&g, t), 1, "no pre-shield from the excess");
}

#[test]
fn s12_6_sum_check_an_over_total_sealed_reveal_forfeits_and_no_correction_opens_it() {
    let (mut b, band) = board();
    let l = b.put(P0, &SPEAKER, band); // Vox 2
    let t = b.put(P1, &TERAL, band);
    let mut g = b.build();
    to_commit(&mut g, &[l], &[t], &[], &[]);
    // A dishonest peer commits to 5 without the local check.
    let opening = Opening {
        assignment: Assignment::new(&[(t, 5)]).unwrap(),
        salt: [9; 32],
    };
    let binding = g.liberation().unwrap().binding();
    g.commit_sealed(opening.commitment(&binding)).unwrap();
    g.allocate_defence(Assignment::empty()).unwrap();
    // "Must be corrected before resolution": a corrected set does not open the commitment.
    let corrected = Opening {
        assignment: Assignment::new(&[(t, 2)]).unwrap(),
        ..opening
    };
    let before = g.clone();
    let r = g.reveal(Some(&corrected));
    rejected(
        &g,
        &before,
        r,
        LiberationError::CommitmentMismatch,
        "§12.5a",
    );
    // The authentic opening fails the sum check: illegal when sealed, so forfeited (R11).
    let r = g.reveal(Some(&opening)).unwrap();
    let sum = LiberationError::SumCheck {
        revealed: 5,
        total: 2,
    };
    assert!(sum.to_string().starts_with("§12.6"));
    assert_eq!(
        r,
        Revealed::Forfeited(Voided {
            cause: VoidCause::IllegalCommitment(sum),
            at: Step::Reveal,
            forfeit: Some(Payment {
                owed: 2,
                paid: 2,
                shortfall: false
            }),
        })
    );
    assert!(!g.liberation_in_progress());
    assert_eq!(counters(&g, t), 0, "nothing lands");
    assert_eq!(
        g.player(P0).treasury,
        8,
        "the total Vox, paid as if cancelled"
    );
    g.end_turn().unwrap();
}

#[test]
fn s12_6_confluence_reveals_nothing_further() {
    let (mut b, band) = board();
    let m = b.put(P0, &MARA, band);
    b.with(m, |p| p.face = Face::Fallen);
    let t = b.put(P1, &TERAL, band);
    let mut g = b.build();
    g.activate_liberators(P0, &[m]).unwrap();
    g.declare_targets(&[t], true).unwrap();
    g.activate_defenders(&[], &[]).unwrap();
    let a = Assignment::new(&[(t, 3)]).unwrap();
    g.commit_public(a).unwrap();
    g.allocate_defence(Assignment::empty()).unwrap();
    let before = g.clone();
    let r = g.reveal(Some(&Opening {
        assignment: a,
        salt: [0; 32],
    }));
    rejected(&g, &before, r, LiberationError::AlreadyRevealed, "§12.6");
    g.reveal(None).unwrap();
    assert_eq!(g.liberation().unwrap().outcome()[0].landed, 3);
}

#[test]
fn s12_6_rk_bonus_cancels_after_defence() {
    let (mut b, band) = board();
    let l = b.put(P0, &ORATOR, band);
    let c = b.put(P1, &ENVOY, band);
    let banner = b.put(P1, &BANNER, band); // Characters you control get +1 RK
    let d = b.put(P1, &SPEAKER, band);
    let mut g = b.build();
    let _ = banner;
    to_commit(&mut g, &[l], &[c], &[d], &[]);
    let s = seal(&g, &[(c, 4)]);
    g.commit_sealed(s.commitment()).unwrap();
    g.allocate_defence(Assignment::new(&[(c, 2)]).unwrap())
        .unwrap();
    g.reveal(Some(&s.opening())).unwrap();
    let o = g.liberation().unwrap().outcome()[0];
    assert_eq!(
        (o.cancelled_by_defence, o.cancelled_by_rk, o.landed),
        (2, 1, 1)
    );
}

#[test]
fn s12_6_rk_bonus_cancels_nothing_once_defence_took_all() {
    let (mut b, band) = board();
    let l = b.put(P0, &SPEAKER, band);
    let c = b.put(P1, &STALWART, band);
    let d = b.put(P1, &SPEAKER, band);
    let mut g = b.build();
    let plan = LiberationPlan {
        player: P0,
        liberators: &[l],
        targets: &[c],
        defenders: &[d],
        assign: &[(c, 2)],
        defence: &[(c, 2)],
        ..LiberationPlan::default()
    };
    let pay = plan.run(&mut g, &mut rng()).unwrap();
    assert_eq!(
        pay.owed, 2,
        "the bonus does not cancel points that do not exist"
    );
}

#[test]
fn s12_6_rk_penalty_adds_only_if_a_counter_survived() {
    let (mut b, band) = board();
    let l = b.put(P0, &SPEAKER, band);
    let c = b.put(P1, &WAVERER, band); // -2 RK
    let mut g = b.build();
    to_commit(&mut g, &[l], &[c], &[c], &[]);
    let s = seal(&g, &[(c, 2)]);
    g.commit_sealed(s.commitment()).unwrap();
    g.allocate_defence(Assignment::new(&[(c, 1)]).unwrap())
        .unwrap();
    g.reveal(Some(&s.opening())).unwrap();
    let o = g.liberation().unwrap().outcome()[0];
    assert_eq!((o.added_by_rk, o.landed), (2, 3));
}

#[test]
fn s12_6_non_character_rk_bonus_does_not_cancel() {
    let (mut b, band) = board();
    let l = b.put(P0, &ORATOR, band);
    let t = b.put(P1, &CITADEL, band); // +2 RK
    let mut g = b.build();
    to_commit(&mut g, &[l], &[t], &[], &[]);
    let s = seal(&g, &[(t, 3)]);
    g.commit_sealed(s.commitment()).unwrap();
    g.allocate_defence(Assignment::empty()).unwrap();
    g.reveal(Some(&s.opening())).unwrap();
    let o = g.liberation().unwrap().outcome()[0];
    assert_eq!((o.cancelled_by_rk, o.landed), (0, 3));
}

#[test]
fn s12_6_fast_window_after_reveal() {
    let (mut b, band) = board();
    let l = b.put(P0, &ORATOR, band);
    let t = b.put(P1, &TERAL, band);
    let mut g = b.build();
    to_commit(&mut g, &[l], &[t], &[], &[]);
    let s = seal(&g, &[(t, 4)]);
    g.commit_sealed(s.commitment()).unwrap();
    assert_eq!(
        g.play_maneuver(P1, &PURGE, &[l]),
        Err(ActionError::NotAFastWindow)
    );
    g.allocate_defence(Assignment::empty()).unwrap();
    g.reveal(Some(&s.opening())).unwrap();
    g.play_maneuver(P0, &WHISPER, &[t]).unwrap();
    assert_eq!(counters(&g, t), 1);
}

// ---- §12.7 ----

#[test]
fn s12_7_pays_one_currency_per_cancelled_point_including_rk() {
    let (mut b, band) = board();
    let l = b.put(P0, &ORATOR, band);
    let c = b.put(P1, &STALWART, band); // +2 RK
    let d = b.put(P1, &ENVOY, band);
    let mut g = b.build();
    let plan = LiberationPlan {
        player: P0,
        liberators: &[l],
        targets: &[c],
        defenders: &[d],
        assign: &[(c, 4)],
        defence: &[(c, 1)],
        ..LiberationPlan::default()
    };
    let pay = plan.run(&mut g, &mut rng()).unwrap();
    assert_eq!(
        pay,
        Payment {
            owed: 3,
            paid: 3,
            shortfall: false
        }
    );
    assert_eq!(g.player(P0).treasury, 7);
    assert_eq!(
        g.player(P1).treasury,
        10,
        "the defending player pays nothing"
    );
}

#[test]
fn s12_7_landed_points_are_free() {
    let (mut b, band) = board();
    let l = b.put(P0, &ORATOR, band);
    let t = b.put(P1, &TERAL, band);
    let mut g = b.build();
    let plan = LiberationPlan {
        player: P0,
        liberators: &[l],
        targets: &[t],
        assign: &[(t, 4)],
        ..LiberationPlan::default()
    };
    assert_eq!(plan.run(&mut g, &mut rng()).unwrap().owed, 0);
    assert_eq!(g.player(P0).treasury, 10);
}

#[test]
fn s12_7_shortfall_empties_treasury_awards_a_story_point_and_counters_still_land() {
    let mut b = Board::new(3);
    let band = b.ground();
    let l = b.put(P0, &ORATOR, band);
    let t = b.put(P2, &TERAL, band);
    let d = b.put(P2, &ORATOR, band);
    b.treasury(P0, 1);
    let mut g = b.build();
    let plan = LiberationPlan {
        player: P0,
        liberators: &[l],
        targets: &[t],
        defenders: &[d],
        assign: &[(t, 4)],
        defence: &[(t, 3)],
        ..LiberationPlan::default()
    };
    g.activate_liberators(P0, plan.liberators).unwrap();
    g.declare_targets(plan.targets, false).unwrap();
    g.activate_defenders(plan.defenders, &[]).unwrap();
    let s = seal(&g, plan.assign);
    g.commit_sealed(s.commitment()).unwrap();
    g.allocate_defence(Assignment::new(plan.defence).unwrap())
        .unwrap();
    g.reveal(Some(&s.opening())).unwrap();
    let pay = g.pay().unwrap();
    assert_eq!(
        pay,
        Payment {
            owed: 3,
            paid: 1,
            shortfall: true
        }
    );
    assert_eq!(g.player(P0).treasury, 0);
    assert_eq!(
        g.player(P1).story_points,
        1,
        "at that moment, to the next opponent"
    );
    assert_eq!(g.player(P2).story_points, 0);
    g.resolve().unwrap();
    assert_eq!(counters(&g, t), 1, "landed counters still land");
}

#[test]
fn s12_7_exact_payment_to_zero_is_not_a_shortfall() {
    let (mut b, band) = board();
    let l = b.put(P0, &ORATOR, band);
    let t = b.put(P1, &TERAL, band);
    let d = b.put(P1, &SPEAKER, band);
    b.treasury(P0, 2);
    let mut g = b.build();
    let plan = LiberationPlan {
        player: P0,
        liberators: &[l],
        targets: &[t],
        defenders: &[d],
        assign: &[(t, 4)],
        defence: &[(t, 2)],
        ..LiberationPlan::default()
    };
    let pay = plan.run(&mut g, &mut rng()).unwrap();
    assert_eq!(
        pay,
        Payment {
            owed: 2,
            paid: 2,
            shortfall: false
        }
    );
    assert_eq!(g.player(P1).story_points, 0, "ruling R6");
}

// ---- §12.8 ----

#[test]
fn s12_8_character_loses_one_cp_per_counter_and_keeps_none() {
    let (mut b, band) = board();
    let l = b.put(P0, &SPEAKER, band);
    let c = b.put(P1, &ENVOY, band);
    let mut g = b.build();
    let plan = LiberationPlan {
        player: P0,
        liberators: &[l],
        targets: &[c],
        assign: &[(c, 2)],
        ..LiberationPlan::default()
    };
    plan.run(&mut g, &mut rng()).unwrap();
    assert_eq!((cp(&g, c), counters(&g, c)), (4, 0));
}

#[test]
fn s12_8_liberation_cp_loss_is_not_damage() {
    let (mut b, band) = board();
    let l = b.put(P0, &SPEAKER, band);
    let c = b.put(P1, &SENSITIVE, band);
    let t = b.put(P1, &TWISTED, band);
    let mut g = b.build();
    let plan = LiberationPlan {
        player: P0,
        liberators: &[l],
        targets: &[c],
        assign: &[(c, 2)],
        ..LiberationPlan::default()
    };
    plan.run(&mut g, &mut rng()).unwrap();
    assert_eq!(g.player(P1).hand, 0, "no damage trigger fired");
    assert!(!g.log().iter().any(|e| matches!(e, Event::Damaged { .. })));
    let _ = t;
}

#[test]
fn s12_8_permanent_destroyed_when_counters_reach_rank() {
    let (mut b, band) = board();
    let l = b.put(P0, &ORATOR, band);
    let t = b.put(P1, &FORUM, band); // Rank 3
    let mut g = b.build();
    let plan = LiberationPlan {
        player: P0,
        liberators: &[l],
        targets: &[t],
        assign: &[(t, 2)],
        ..LiberationPlan::default()
    };
    plan.run(&mut g, &mut rng()).unwrap();
    assert!(on_map(&g, t), "2 < 3: the campaign continues");
    g.end_turn().unwrap();
    g.end_turn().unwrap();
    let plan = LiberationPlan {
        assign: &[(t, 1)],
        ..plan
    };
    plan.run(&mut g, &mut rng()).unwrap();
    assert!(matches!(
        destroyed(&g, t),
        Some(DestroyedBy::Liberation { .. })
    ));
}

#[test]
fn s12_8_rank_zero_never_destroyed_without_counters() {
    let (mut b, band) = board();
    let s = b.put(P1, &SHRINE, band); // Rank 0
    let mut g = b.build();
    g.end_turn().unwrap();
    g.play_maneuver(P1, &WHISPER, &[s]).unwrap_or(());
    assert!(!on_map(&g, s), "with 1 counter, 1 >= 0");
    let (mut b, band) = board();
    let s = b.put(P1, &SHRINE, band);
    let mut g = b.build();
    g.end_turn().unwrap();
    assert!(on_map(&g, s), "0 counters: never destroyed");
}

#[test]
fn s12_8_continuous_check_destroys_on_effect_counters() {
    let (mut b, band) = board();
    let lattice = b.put(P0, &LATTICE, band);
    let t = b.put(P1, &FORUM, band); // Rank 3
    b.with(t, |p| p.counters = 2);
    let mut g = b.build();
    g.use_ability(P0, lattice, 0, &[t]).unwrap();
    assert_eq!(
        destroyed(&g, t),
        Some(DestroyedBy::Effect(Source {
            controller: P0,
            permanent: Some(lattice)
        })),
        "the card whose effect placed them destroyed it"
    );
}

#[test]
fn s12_8_continuous_check_on_a_rank_change() {
    let (mut b, band) = board();
    let t = b.put(P1, &CITADEL, band); // 3 + 2 RK = 5
    b.with(t, |p| p.counters = 4);
    let mut g = b.build();
    g.play_maneuver(P0, &WHISPER, &[t]).unwrap();
    assert!(!on_map(&g, t));
}

#[test]
fn s12_8_destroyed_by_every_activated_liberator() {
    let (mut b, band) = board();
    let l1 = b.put(P0, &VETERAN, band);
    let l2 = b.put(P0, &SPEAKER, band);
    let t = b.put(P1, &AGITATORS, band);
    let mut g = b.build();
    let plan = LiberationPlan {
        player: P0,
        liberators: &[l1, l2],
        targets: &[t],
        assign: &[(t, 2)],
        ..LiberationPlan::default()
    };
    plan.run(&mut g, &mut rng()).unwrap();
    let Some(DestroyedBy::Liberation {
        declared_by,
        liberators,
    }) = destroyed(&g, t)
    else {
        panic!("not a Liberation kill");
    };
    assert_eq!(declared_by, P0);
    assert_eq!(liberators.as_slice(), &[l1, l2]);
    // Veteran: "this card destroys a permanent" fires (draw), "in combat" does not (Currency),
    // "this card liberates another card" does (+1 CP).
    assert_eq!(g.player(P0).hand, 1);
    assert_eq!(g.player(P0).treasury, 10);
    assert_eq!(cp(&g, l1), 7);
}

#[test]
fn s12_8_combat_kill_is_distinguished_from_liberation_kill() {
    let (mut b, band) = board();
    let v = b.put(P0, &VETERAN, band);
    let m = b.put(P1, &MARTYR, band);
    let mut g = b.build();
    g.combat_damage(
        P0,
        &[Hit {
            attacker: v,
            defender: m,
            amount: 1,
        }],
    )
    .unwrap();
    assert!(destroyed(&g, m).unwrap().in_combat());
    assert_eq!(g.player(P0).treasury, 11, "destroys in combat");
    assert_eq!(g.player(P0).hand, 1, "destroys a permanent");
    assert_eq!(g.player(P1).story_points, 1, "Martyr: destroyed in combat");
    assert_eq!(g.player(P1).hand, 1, "Martyr: destroyed");
    assert_eq!(
        g.player(P1).treasury,
        11,
        "Martyr: destroyed by an opponent's card"
    );

    let (mut b, band) = board();
    let l = b.put(P0, &SPEAKER, band);
    let m = b.put(P1, &MARTYR, band);
    let mut g = b.build();
    let plan = LiberationPlan {
        player: P0,
        liberators: &[l],
        targets: &[m],
        assign: &[(m, 1)],
        ..LiberationPlan::default()
    };
    plan.run(&mut g, &mut rng()).unwrap();
    assert!(destroyed(&g, m).unwrap().by_liberation());
    assert_eq!(g.player(P1).story_points, 0, "not in combat");
    assert_eq!(g.player(P1).hand, 1);
    assert_eq!(
        g.player(P1).treasury,
        11,
        "a Liberation kill is by an opponent's card"
    );
}

#[test]
fn s12_8_a_card_you_control_destroys_reads_liberation_kills() {
    let (mut b, band) = board();
    let l = b.put(P0, &SPEAKER, band);
    let _patron = b.put(P0, &PATRON, band);
    let t = b.put(P1, &AGITATORS, band);
    let mut g = b.build();
    let plan = LiberationPlan {
        player: P0,
        liberators: &[l],
        targets: &[t],
        assign: &[(t, 2)],
        ..LiberationPlan::default()
    };
    plan.run(&mut g, &mut rng()).unwrap();
    assert_eq!(g.player(P0).treasury, 11);
}

#[test]
fn s12_8_a_liberation_an_opponent_declared_destroys_a_permanent_you_control() {
    let (mut b, band) = board();
    let l = b.put(P0, &SPEAKER, band);
    let _karsk = b.put(P1, &KARSK, band);
    let t = b.put(P1, &AGITATORS, band);
    let v = b.put(P0, &VETERAN, band);
    let m = b.put(P1, &MARTYR, band);
    let mut g = b.build();
    g.combat_damage(
        P0,
        &[Hit {
            attacker: v,
            defender: m,
            amount: 1,
        }],
    )
    .unwrap();
    assert_eq!(
        g.player(P1).treasury,
        11,
        "only Martyr's own trigger: combat is not Liberation"
    );
    let plan = LiberationPlan {
        player: P0,
        liberators: &[l],
        targets: &[t],
        assign: &[(t, 2)],
        ..LiberationPlan::default()
    };
    plan.run(&mut g, &mut rng()).unwrap();
    assert_eq!(g.player(P1).treasury, 12, "Karsk Shipyards: +1 Currency");
}

#[test]
fn s12_8_flip_clears_counters() {
    let (mut b, band) = board();
    let t = b.put(P1, &FORUM, band);
    b.with(t, |p| p.counters = 2);
    let mut g = b.build();
    g.flip(t).unwrap();
    assert_eq!(counters(&g, t), 0);
    assert_eq!(face(&g, t), Face::Fallen);
}

#[test]
fn s12_8_replacement_turns_liberation_counters_on_the_bound_into_story_counters() {
    let (mut b, band) = board();
    let l = b.put(P0, &ORATOR, band);
    let c = b.put(P1, &ENVOY, band);
    let s = b.put(P1, &SHOW_TRIAL, band);
    b.bind(s, c);
    let mut g = b.build();
    let plan = LiberationPlan {
        player: P0,
        liberators: &[l],
        targets: &[c],
        assign: &[(c, 3)],
        ..LiberationPlan::default()
    };
    plan.run(&mut g, &mut rng()).unwrap();
    assert_eq!(cp(&g, c), 6);
    assert_eq!(g.permanent(s).unwrap().story_counters, 3);
}

#[test]
fn s12_8_a_fallen_device_trigger_cannot_fall_anyone() {
    let (mut b, band) = board();
    let lattice = b.put(P0, &LATTICE, band);
    b.with(lattice, |p| p.face = Face::Fallen);
    let v = b.put(P0, &VETERAN, band);
    let m = b.put(P1, &MARTYR, band);
    let c = b.put(P1, &ENVOY, band);
    let mut g = b.build();
    g.combat_damage(
        P0,
        &[Hit {
            attacker: v,
            defender: m,
            amount: 1,
        }],
    )
    .unwrap();
    assert_eq!(
        cp(&g, c),
        5,
        "Fallen Weapon Tech: 1 damage to target Character"
    );
    assert!(g.log().contains(&Event::FallIgnored { permanent: lattice }));
    assert_eq!(face(&g, c), Face::Prime);
}

// ---- §12.8 timing within one effect, and dead liberators (ruling R16) ----

#[test]
fn s12_8_continuous_check_waits_for_the_whole_then_chain() {
    // "Place 3 Liberation counters on target Surface Location an opponent controls, then
    // remove 1 Liberation counter from each Surface Location an opponent controls." on a
    // Rank 3 Location: 2 counters remain once the effect has finished; it survives.
    let (mut b, band) = board();
    let t = b.put(P1, &FORUM, band);
    let mut g = b.build();
    g.play_maneuver(P0, &PURGE_AND_PARDON, &[t]).unwrap();
    assert!(on_map(&g, t), "checked on the counters that remain");
    assert_eq!(counters(&g, t), 2);
    assert!(!g.log().iter().any(|e| matches!(e, Event::Destroyed { .. })));

    // The same chain in the other order leaves 3: destroyed, credited to its source.
    let (mut b, band) = board();
    let t = b.put(P1, &FORUM, band);
    let mut g = b.build();
    g.play_maneuver(P0, &PARDON_AND_PURGE, &[t]).unwrap();
    assert_eq!(
        destroyed(&g, t),
        Some(DestroyedBy::Effect(Source {
            controller: P0,
            permanent: None
        }))
    );
}

#[test]
fn s12_8_continuous_check_waits_for_an_activated_abilitys_then_chain() {
    let (mut b, band) = board();
    let press = b.put(P0, &AGITATION, band);
    let t = b.put(P1, &FORUM, band);
    let mut g = b.build();
    g.use_ability(P0, press, 0, &[t]).unwrap();
    assert!(on_map(&g, t));
    assert_eq!(counters(&g, t), 2);
    // Once the chain has finished the check runs: 2 more counters from another effect land
    // on 2 remaining, and the Location (Rank 3) is destroyed by that effect's source.
    g.end_turn().unwrap();
    g.end_turn().unwrap();
    g.play_maneuver(P0, &WHISPER, &[t]).unwrap();
    assert!(!on_map(&g, t));
}

#[test]
fn s12_8_a_liberator_destroyed_after_step_5_fires_nothing_from_the_depleted_pile() {
    // Ruling R16: a destroyed permanent's own abilities look back at its own destruction;
    // every other permanent, a credited liberator included, must be on the Map.
    let (mut b, band) = board();
    let veteran = b.put(P0, &VETERAN, band);
    let speaker = b.put(P0, &SPEAKER, band);
    let _patron = b.put(P0, &PATRON, band);
    let t = b.put(P1, &AGITATORS, band); // Rank 2
    let mut g = b.build();
    g.activate_liberators(P0, &[veteran, speaker]).unwrap();
    g.declare_targets(&[t], false).unwrap();
    g.activate_defenders(&[], &[]).unwrap();
    let s = seal(&g, &[(t, 2)]);
    g.commit_sealed(s.commitment()).unwrap();
    g.allocate_defence(Assignment::empty()).unwrap();
    g.reveal(Some(&s.opening())).unwrap();
    // The Fast window after Step 5: the defending player destroys the Veteran.
    g.play_maneuver(P1, &PURGE, &[veteran]).unwrap();
    assert!(!on_map(&g, veteran));
    g.pay().unwrap();
    g.resolve().unwrap();
    let Some(DestroyedBy::Liberation { liberators, .. }) = destroyed(&g, t) else {
        panic!("not a Liberation kill");
    };
    assert_eq!(
        liberators.as_slice(),
        &[veteran, speaker],
        "§12.8: still credited to every liberator Activated in Step 1"
    );
    assert_eq!(g.player(P0).hand, 0, "no 'this card destroys a permanent'");
    assert_eq!(cp(&g, veteran), 6, "no 'this card liberates another card'");
    assert_eq!(
        g.player(P0).treasury,
        11,
        "a card on the Map still reads the kill (Patron's Ledger)"
    );
}
