//! No Liberation can stop the game (ruling R28): a liberator's concession, a timeout for the
//! player awaited at each step, the forfeit of an illegal sealed assignment (ruling R11), and a
//! sealed commitment bound to its own Liberation (§12.5a). Named after the step they leave.

mod common;

use cardc_engine::harness::LiberationPlan;
use cardc_engine::*;
use common::*;

/// After a way out: no Liberation, the turn ends, and a new Liberation can start.
fn game_goes_on(g: &mut Game, next_liberator: PermanentId) {
    assert!(!g.liberation_in_progress());
    assert_eq!(g.player(P0).vox_pool, 0, "unspent Vox is lost");
    assert_eq!(g.player(P1).vox_pool, 0);
    g.end_turn().unwrap();
    g.end_turn().unwrap();
    g.activate_liberators(P0, &[next_liberator]).unwrap();
    assert!(g.liberation_in_progress());
}

fn void(g: &Game) -> Option<Voided> {
    g.log().iter().find_map(|e| match e {
        Event::LiberationVoid { voided, .. } => Some(*voided),
        _ => None,
    })
}

#[test]
fn s12_3_a_liberator_with_no_legal_target_withdraws_at_no_cost() {
    let (mut b, band) = board();
    let l = b.put(P0, &ORATOR, band);
    let karsk = b.put(P1, &KARSK, band); // Indoctrinated: never a legal target
    let mut g = b.build();
    g.activate_liberators(P0, &[l]).unwrap();
    assert_eq!(
        g.declare_targets(&[karsk], false),
        Err(LiberationError::Indoctrinated(karsk))
    );
    assert_eq!(
        g.end_turn(),
        Err(ActionError::LiberationUnderWay),
        "stuck without a way out"
    );
    let v = g.concede_liberation(P0).unwrap();
    assert_eq!(
        v,
        Voided {
            cause: VoidCause::Conceded,
            at: Step::Declare,
            forfeit: None,
        }
    );
    assert_eq!(void(&g), Some(v), "logged");
    assert_eq!(g.player(P0).treasury, 10, "withdrawn: nothing paid");
    assert!(
        !g.permanent(l).unwrap().readied,
        "an Activated liberator stays activated"
    );
    game_goes_on(&mut g, l);
}

#[test]
fn s12_3_a_liberator_who_never_declares_times_out_and_withdraws() {
    let (mut b, band) = board();
    let l = b.put(P0, &ORATOR, band);
    let _t = b.put(P1, &TERAL, band);
    let mut g = b.build();
    g.activate_liberators(P0, &[l]).unwrap();
    assert_eq!(g.liberation().unwrap().awaited(), Some(P0));
    let r = g.time_out().unwrap();
    assert_eq!(
        r,
        TimedOut::Voided(Voided {
            cause: VoidCause::TimedOut,
            at: Step::Declare,
            forfeit: None,
        })
    );
    game_goes_on(&mut g, l);
}

#[test]
fn s12_4_a_defender_who_never_acts_is_taken_as_not_defending() {
    let (mut b, band) = board();
    let l = b.put(P0, &SPEAKER, band); // Vox 2
    let t = b.put(P1, &AGITATORS, band); // Rank 2
    let d = b.put(P1, &ORATOR, band);
    let mut g = b.build();
    g.activate_liberators(P0, &[l]).unwrap();
    g.declare_targets(&[t], false).unwrap();
    assert_eq!(g.liberation().unwrap().awaited(), Some(P1));
    assert_eq!(
        g.time_out().unwrap(),
        TimedOut::NoDefence { at: Step::Defend }
    );
    assert!(g.liberation().unwrap().defenders().is_empty());
    assert!(g.permanent(d).unwrap().readied, "no defender Activated");
    let s = seal(&g, &[(t, 2)]);
    g.commit_sealed(s.commitment()).unwrap();
    assert_eq!(g.liberation().unwrap().awaited(), Some(P1));
    assert_eq!(
        g.time_out().unwrap(),
        TimedOut::NoDefence { at: Step::Allocate }
    );
    assert_eq!(g.liberation().unwrap().defence(), &Assignment::empty());
    g.reveal(Some(&s.opening())).unwrap();
    // Steps 6 and 7 await nobody: a timeout takes them.
    assert_eq!(g.liberation().unwrap().awaited(), None);
    assert_eq!(
        g.time_out().unwrap(),
        TimedOut::Paid(Payment {
            owed: 0,
            paid: 0,
            shortfall: false
        })
    );
    assert_eq!(g.time_out().unwrap(), TimedOut::Resolved);
    assert!(!on_map(&g, t), "the Liberation resolved in full");
    assert_eq!(g.time_out(), Err(LiberationError::NoneInProgress));
    game_goes_on(&mut g, l);
}

#[test]
fn s12_5_a_liberator_who_never_commits_forfeits_and_garrisons_are_released() {
    let (mut b, band) = board();
    let l = b.put(P0, &ORATOR, band); // Vox 4
    let t = b.put(P1, &FORUM, band);
    let gar = b.put_on(P1, &AGITATORS, t);
    let next = b.put(P0, &SPEAKER, band);
    b.treasury(P0, 3);
    let mut g = b.build();
    to_commit(&mut g, &[l], &[t], &[], &[(gar, t)]);
    assert_eq!(g.permanent(gar).unwrap().garrisoning, Some(t));
    let r = g.time_out().unwrap();
    assert_eq!(
        r,
        TimedOut::Voided(Voided {
            cause: VoidCause::TimedOut,
            at: Step::Commit,
            forfeit: Some(Payment {
                owed: 4,
                paid: 3,
                shortfall: true
            }),
        })
    );
    assert_eq!(g.player(P0).treasury, 0, "§12.7 shortfall: emptied");
    assert_eq!(g.player(P1).story_points, 1, "and 1 Story Point (R26)");
    assert_eq!(g.permanent(gar).unwrap().garrisoning, None);
    assert_eq!(counters(&g, t), 0);
    game_goes_on(&mut g, next);
}

#[test]
fn s12_6_a_commitment_that_can_never_be_opened_forfeits_on_a_timeout() {
    let (mut b, band) = board();
    let l = b.put(P0, &SPEAKER, band); // Vox 2
    let t = b.put(P1, &TERAL, band);
    let mut g = b.build();
    to_commit(&mut g, &[l], &[t], &[], &[]);
    g.commit_sealed(Commitment([0x5a; 32])).unwrap(); // no opening exists
    g.allocate_defence(Assignment::empty()).unwrap();
    for guess in [1, 2] {
        let o = Opening {
            assignment: Assignment::new(&[(t, guess)]).unwrap(),
            salt: [0; 32],
        };
        let before = g.clone();
        let r = g.reveal(Some(&o));
        rejected(
            &g,
            &before,
            r,
            LiberationError::CommitmentMismatch,
            "§12.5a",
        );
    }
    assert_eq!(g.end_turn(), Err(ActionError::LiberationUnderWay));
    let r = g.time_out().unwrap();
    let TimedOut::Voided(v) = r else {
        panic!("{r:?}")
    };
    assert_eq!(v.at, Step::Reveal);
    assert_eq!(v.forfeit.map(|p| p.paid), Some(2));
    assert_eq!(g.player(P0).treasury, 8);
    game_goes_on(&mut g, l);
}

#[test]
fn s12_6_forfeiting_is_never_cheaper_than_revealing() {
    // The defence took everything: revealing costs the cancelled points; conceding instead
    // costs the whole total Vox, and lands nothing.
    let (mut b, band) = board();
    let l1 = b.put(P0, &ORATOR, band); // Vox 4
    let l2 = b.put(P0, &SPEAKER, band); // Vox 2
    let t = b.put(P1, &TERAL, band);
    let d = b.put(P1, &ORATOR, band);
    let mut g = b.build();
    to_commit(&mut g, &[l1, l2], &[t], &[d], &[]);
    let s = seal(&g, &[(t, 3)]);
    g.commit_sealed(s.commitment()).unwrap();
    g.allocate_defence(Assignment::new(&[(t, 4)]).unwrap())
        .unwrap();
    let mut honest = g.clone();
    honest.reveal(Some(&s.opening())).unwrap();
    let paid = honest.pay().unwrap().paid;
    assert_eq!(paid, 3);
    let v = g.concede_liberation(P0).unwrap();
    assert_eq!(v.cause, VoidCause::Conceded);
    assert_eq!(v.forfeit.map(|p| p.paid), Some(6));
    assert!(v.forfeit.unwrap().paid >= paid);
    assert_eq!(g.player(P0).treasury, 4);
}

#[test]
fn s12_6_only_the_liberator_concedes_and_not_once_the_outcome_is_fixed() {
    let (mut b, band) = board();
    let l = b.put(P0, &SPEAKER, band);
    let t = b.put(P1, &TERAL, band);
    let mut g = b.build();
    assert_eq!(
        g.concede_liberation(P0),
        Err(LiberationError::NoneInProgress)
    );
    to_commit(&mut g, &[l], &[t], &[], &[]);
    let before = g.clone();
    let r = g.concede_liberation(P1);
    rejected(
        &g,
        &before,
        r,
        LiberationError::NotTheLiberatingPlayer,
        "§12.2",
    );
    let s = seal(&g, &[(t, 2)]);
    g.commit_sealed(s.commitment()).unwrap();
    g.allocate_defence(Assignment::empty()).unwrap();
    g.reveal(Some(&s.opening())).unwrap();
    let before = g.clone();
    let r = g.concede_liberation(P0);
    rejected(&g, &before, r, LiberationError::OutcomeFixed, "§12.6");
    g.pay().unwrap();
    let before = g.clone();
    let r = g.concede_liberation(P0);
    rejected(&g, &before, r, LiberationError::OutcomeFixed, "§12.6");
    g.resolve().unwrap();
    assert_eq!(counters(&g, t), 2);
}

#[test]
fn s12_5a_an_illegal_sealed_assignment_below_the_minimum_forfeits_at_reveal() {
    let (mut b, band) = board();
    let l1 = b.put(P0, &ORATOR, band);
    let l2 = b.put(P0, &SPEAKER, band);
    let t1 = b.put(P1, &TERAL, band);
    let t2 = b.put(P1, &VEYRA, band);
    let mut g = b.build();
    to_commit(&mut g, &[l1, l2], &[t1, t2], &[], &[]);
    let opening = Opening {
        assignment: Assignment::new(&[(t1, 3)]).unwrap(), // t2 ignored: §12.5b
        salt: [1; 32],
    };
    let binding = g.liberation().unwrap().binding();
    g.commit_sealed(opening.commitment(&binding)).unwrap();
    g.allocate_defence(Assignment::empty()).unwrap();
    let r = g.reveal(Some(&opening)).unwrap();
    let Revealed::Forfeited(v) = r else {
        panic!("{r:?}")
    };
    assert_eq!(
        v.cause,
        VoidCause::IllegalCommitment(LiberationError::TargetIgnored(t2))
    );
    assert_eq!(counters(&g, t1), 0);
    game_goes_on(&mut g, l1);
}

// ---- §12.5a: a commitment bound to its Liberation ----

#[test]
fn s12_5a_a_commitment_opens_only_its_own_liberation() {
    let (mut b, band) = board();
    let l1 = b.put(P0, &SPEAKER, band);
    let l2 = b.put(P0, &SPEAKER, band);
    let t = b.put(P1, &TERAL, band); // Rank 6: survives both
    let mut g = b.build();
    to_commit(&mut g, &[l1], &[t], &[], &[]);
    assert_eq!(g.liberation().unwrap().sequence(), 1);
    let first = seal(&g, &[(t, 1)]);
    g.commit_sealed(first.commitment()).unwrap();
    g.allocate_defence(Assignment::empty()).unwrap();
    g.reveal(Some(&first.opening())).unwrap();
    g.pay().unwrap();
    g.resolve().unwrap();
    // A second Liberation the same turn, same player, same target, same values: the first
    // one's commitment does not open it.
    to_commit(&mut g, &[l2], &[t], &[], &[]);
    assert_eq!(g.liberation().unwrap().sequence(), 2);
    g.commit_sealed(first.commitment()).unwrap();
    g.allocate_defence(Assignment::empty()).unwrap();
    let before = g.clone();
    let r = g.reveal(Some(&first.opening()));
    rejected(
        &g,
        &before,
        r,
        LiberationError::CommitmentMismatch,
        "§12.5a",
    );
    // Only a timeout or a concession gets out of it.
    assert!(matches!(g.time_out(), Ok(TimedOut::Voided(_))));
    g.end_turn().unwrap();
}

#[test]
fn s12_5a_the_binding_covers_game_turn_player_sequence_and_targets() {
    let (mut b, band) = board();
    let l1 = b.put(P0, &ORATOR, band);
    let l2 = b.put(P0, &SPEAKER, band);
    let t1 = b.put(P1, &TERAL, band);
    let t2 = b.put(P1, &VEYRA, band);
    let mut g = b.build();
    to_commit(&mut g, &[l1, l2], &[t1, t2], &[], &[]);
    let binding = g.liberation().unwrap().binding();
    assert_eq!(binding.game, g.id());
    assert_eq!(binding.turn, g.turn());
    assert_eq!(binding.liberating, P0);
    assert_eq!(binding.sequence, 1);
    assert_eq!(binding.targets.as_slice(), &[t1, t2]);
    let o = Opening {
        assignment: Assignment::new(&[(t1, 2), (t2, 2)]).unwrap(),
        salt: [4; 32],
    };
    let base = o.commitment(&binding);
    let mut targets = binding.targets;
    targets.as_mut_slice().reverse();
    let variants = [
        Binding {
            game: GameId([1; 16]),
            ..binding
        },
        Binding {
            turn: binding.turn + 1,
            ..binding
        },
        Binding {
            liberating: P1,
            ..binding
        },
        Binding {
            sequence: 2,
            ..binding
        },
        Binding { targets, ..binding },
    ];
    for v in variants {
        assert_ne!(o.commitment(&v), base, "{v:?}");
    }
    // Two games differ unless their table gives them one id (each player's copy).
    assert_ne!(Game::new(2).id(), Game::new(2).id());
    let mut copy = Game::new(2);
    copy.set_id(g.id());
    assert_eq!(copy.id(), g.id());
}

#[test]
fn s12_5a_the_plan_runner_still_completes_a_liberation() {
    let (mut b, band) = board();
    let l = b.put(P0, &SPEAKER, band);
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
    assert!(!on_map(&g, t));
}
