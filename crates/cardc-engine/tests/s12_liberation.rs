//! §12.1–§12.5 Liberation (activation, declaration, defence, commitment): one test per rules statement, named after its section.

mod common;

use cardc_engine::harness::{Board, LiberationPlan};
use cardc_engine::*;
use common::*;

// ---- §12.1 ----

#[test]
fn s12_1_defender_view_is_independent_of_the_concealed_assignment() {
    let (mut b, band) = board();
    let l1 = b.put(P0, &ORATOR, band);
    let l2 = b.put(P0, &SPEAKER, band);
    let t1 = b.put(P1, &TERAL, band);
    let t2 = b.put(P1, &VEYRA, band);
    let mut g = b.build();
    to_commit(&mut g, &[l1, l2], &[t1, t2], &[], &[]);
    let mut a = g.clone();
    let mut c = g.clone();
    let sa = seal(&a, &[(t1, 5), (t2, 1)]);
    let sc = seal(&c, &[(t1, 1), (t2, 5)]);
    a.commit_sealed(sa.commitment()).unwrap();
    c.commit_sealed(sc.commitment()).unwrap();
    let (mut va, mut vc) = (a.defence_view().unwrap(), c.defence_view().unwrap());
    assert_ne!(va.commitment, vc.commitment);
    va.commitment = None;
    vc.commitment = None;
    assert_eq!(va, vc, "nothing but the hash differs");
    assert_eq!(va.public_assignment, None);
    assert_eq!(a.liberation().unwrap().revealed(), None);
}

#[test]
fn s12_1_steps_run_in_order() {
    let (mut b, band) = board();
    let l = b.put(P0, &ORATOR, band);
    let t = b.put(P1, &TERAL, band);
    let mut g = b.build();
    assert_eq!(g.pay(), Err(LiberationError::NoneInProgress));
    g.activate_liberators(P0, &[l]).unwrap();
    let before = g.clone();
    let r = g.allocate_defence(Assignment::empty());
    rejected(
        &g,
        &before,
        r,
        LiberationError::OutOfOrder {
            expected: Step::Declare,
            called: Step::Allocate,
        },
        "§12.1",
    );
    g.declare_targets(&[t], false).unwrap();
    assert_eq!(
        g.activate_liberators(P0, &[l]),
        Err(LiberationError::InProgress)
    );
}

// ---- §12.2 ----

#[test]
fn s12_2_liberators_activate_and_their_vox_enters_the_pool() {
    let (mut b, band) = board();
    let l1 = b.put(P0, &ORATOR, band);
    let l2 = b.put(P0, &AGITATORS, band);
    let mut g = b.build();
    g.activate_liberators(P0, &[l1, l2]).unwrap();
    assert!(g.permanent(l1).unwrap().activated() && g.permanent(l2).unwrap().activated());
    assert_eq!(g.player(P0).vox_pool, 5);
    assert_eq!(g.liberation().unwrap().total_vox(), 5, "public total");
    assert_eq!(g.liberation().unwrap().liberators(), &[l1, l2]);
}

#[test]
fn s12_2_only_the_active_player_liberates() {
    let (mut b, band) = board();
    let l = b.put(P1, &ORATOR, band);
    let mut g = b.build();
    let before = g.clone();
    let r = g.activate_liberators(P1, &[l]);
    rejected(&g, &before, r, LiberationError::NotActivePlayer, "§12.2");
}

#[test]
fn s12_2_liberators_are_readied_units_you_control() {
    let (mut b, band) = board();
    let mine = b.put(P0, &ORATOR, band);
    let theirs = b.put(P1, &ORATOR, band);
    let tired = b.put(P0, &SPEAKER, band);
    let loc = b.put(P0, &FORUM, band);
    b.with(tired, |p| p.readied = false);
    let mut g = b.build();
    let before = g.clone();
    let r = g.activate_liberators(P0, &[mine, theirs]);
    rejected(
        &g,
        &before,
        r,
        LiberationError::LiberatorNotYours(theirs),
        "§12.2",
    );
    let r = g.activate_liberators(P0, &[tired]);
    rejected(
        &g,
        &before,
        r,
        LiberationError::AlreadyActivated(tired),
        "§12.2",
    );
    let r = g.activate_liberators(P0, &[loc]);
    rejected(&g, &before, r, LiberationError::NotAUnit(loc), "§12.2");
    let r = g.activate_liberators(P0, &[mine, mine]);
    rejected(&g, &before, r, LiberationError::Duplicate(mine), "§12.2");
    let r = g.activate_liberators(P0, &[]);
    rejected(&g, &before, r, LiberationError::NoLiberators, "§12.2");
}

#[test]
fn s12_2_card_deployed_this_turn_may_not_liberate() {
    let (mut b, band) = board();
    let l = b.put(P0, &ORATOR, band);
    b.with(l, |p| p.deployed_this_turn = true);
    let mut g = b.build();
    let before = g.clone();
    let r = g.activate_liberators(P0, &[l]);
    rejected(
        &g,
        &before,
        r,
        LiberationError::DeployedThisTurn(l),
        "§12.2",
    );
}

// ---- §12.3 ----

#[test]
fn s12_3_targets_may_not_exceed_liberators() {
    let (mut b, band) = board();
    let l = b.put(P0, &ORATOR, band);
    let t1 = b.put(P1, &TERAL, band);
    let t2 = b.put(P1, &VEYRA, band);
    let mut g = b.build();
    g.activate_liberators(P0, &[l]).unwrap();
    let before = g.clone();
    let r = g.declare_targets(&[t1, t2], false);
    rejected(
        &g,
        &before,
        r,
        LiberationError::MoreTargetsThanLiberators,
        "§12.3",
    );
}

#[test]
fn s12_3_targets_may_not_exceed_total_vox() {
    let (mut b, band) = board();
    let l1 = b.put(P0, &ENVOY, band); // Vox 1
    let l2 = b.put(P0, &FORTIFIED_UNIT, band); // Vox 0
    let t1 = b.put(P1, &TERAL, band);
    let t2 = b.put(P1, &VEYRA, band);
    let mut g = b.build();
    g.activate_liberators(P0, &[l1, l2]).unwrap();
    let before = g.clone();
    let r = g.declare_targets(&[t1, t2], false);
    rejected(&g, &before, r, LiberationError::MoreTargetsThanVox, "§12.3");
}

#[test]
fn s12_3_a_permanent_you_control_may_not_be_declared() {
    let (mut b, band) = board();
    let l = b.put(P0, &ORATOR, band);
    let own = b.put(P0, &TERAL, band);
    let mut g = b.build();
    g.activate_liberators(P0, &[l]).unwrap();
    let before = g.clone();
    let r = g.declare_targets(&[own], false);
    rejected(&g, &before, r, LiberationError::OwnPermanent(own), "§12.3");
    assert_eq!(
        LiberationError::OwnPermanent(own).to_string(),
        format!("§12.3: a permanent you control may not be declared ({own:?})")
    );
}

#[test]
fn s12_3_indoctrinated_may_not_be_declared() {
    let (mut b, band) = board();
    let l = b.put(P0, &ORATOR, band);
    let k = b.put(P1, &KARSK, band);
    let mut g = b.build();
    g.activate_liberators(P0, &[l]).unwrap();
    let before = g.clone();
    let r = g.declare_targets(&[k], false);
    rejected(&g, &before, r, LiberationError::Indoctrinated(k), "§12.3");
}

#[test]
fn s12_3_location_hosting_opposing_fortified_unit_may_not_be_declared() {
    let (mut b, band) = board();
    let l = b.put(P0, &ORATOR, band);
    let loc = b.put(P1, &FORUM, band);
    let _guard = b.put_on(P1, &FORTIFIED_UNIT, loc);
    let open = b.put(P1, &VEYRA, band);
    let _own_guard = b.put_on(P0, &FORTIFIED_UNIT, open);
    let mut g = b.build();
    g.activate_liberators(P0, &[l]).unwrap();
    let before = g.clone();
    let r = g.declare_targets(&[loc], false);
    rejected(&g, &before, r, LiberationError::FortifiedHost(loc), "§12.3");
    g.declare_targets(&[open], false)
        .expect("a Fortified unit of the liberator's own does not protect the Location");
}

#[test]
fn s12_3_confluence_needs_a_confluence_ability() {
    let (mut b, band) = board();
    let l = b.put(P0, &ORATOR, band);
    let t = b.put(P1, &TERAL, band);
    let mut g = b.build();
    g.activate_liberators(P0, &[l]).unwrap();
    let before = g.clone();
    let r = g.declare_targets(&[t], true);
    rejected(&g, &before, r, LiberationError::NoConfluence, "§12.3");
}

#[test]
fn s12_3_confluence_is_declared_with_targets_and_never_later_or_withdrawn() {
    let (mut b, band) = board();
    let m = b.put(P0, &MARA, band);
    b.with(m, |p| p.face = Face::Fallen); // Confluence
    let t = b.put(P1, &TERAL, band);
    let mut g = b.build();
    g.activate_liberators(P0, &[m]).unwrap();
    g.declare_targets(&[t], true).unwrap();
    assert!(g.liberation().unwrap().confluence());
    g.activate_defenders(&[], &[]).unwrap();
    let before = g.clone();
    let sealed_attempt = Commitment([0; 32]);
    let r = g.commit_sealed(sealed_attempt);
    rejected(
        &g,
        &before,
        r,
        LiberationError::SealedUnderConfluence,
        "§12.5a",
    );
}

#[test]
fn s12_3_fast_window_after_declaration() {
    let (mut b, band) = board();
    let l = b.put(P0, &ORATOR, band);
    let t = b.put(P1, &TERAL, band);
    let u = b.put(P1, &AGITATORS, band);
    let mut g = b.build();
    g.activate_liberators(P0, &[l]).unwrap();
    assert_eq!(
        g.play_maneuver(P1, &REPRISAL, &[u]),
        Err(ActionError::NotAFastWindow)
    );
    g.declare_targets(&[t], false).unwrap();
    g.play_maneuver(P1, &REPRISAL, &[u]).unwrap();
    assert!(!on_map(&g, u));
    g.activate_defenders(&[], &[]).unwrap();
    assert_eq!(
        g.play_maneuver(P1, &WHISPER, &[t]),
        Err(ActionError::NotAFastWindow)
    );
}

// ---- §12.3a ----

/// Bands: 0 Space, 1 ground, 2 ground, 3 ground.
fn line() -> (Board, [BandId; 4]) {
    let mut b = Board::new(2);
    let bands = [b.space(), b.ground(), b.ground(), b.ground()];
    b.treasury(P0, 10).treasury(P1, 10);
    (b, bands)
}

#[test]
fn s12_3a_own_band_and_adjacent_band_are_in_range() {
    let (mut b, [_, b1, b2, _]) = line();
    let l = b.put(P0, &ORATOR, b1);
    let same = b.put(P1, &TERAL, b1);
    let next = b.put(P1, &VEYRA, b2);
    let l2 = b.put(P0, &SPEAKER, b1);
    let mut g = b.build();
    g.activate_liberators(P0, &[l, l2]).unwrap();
    g.declare_targets(&[same, next], false).unwrap();
}

#[test]
fn s12_3a_two_bands_away_is_out_of_range() {
    let (mut b, [_, b1, b2, b3]) = line();
    let l = b.put(P0, &ORATOR, b1);
    let _filler = b.put(P1, &FORUM, b2);
    let far = b.put(P1, &VEYRA, b3);
    let mut g = b.build();
    g.activate_liberators(P0, &[l]).unwrap();
    let before = g.clone();
    let r = g.declare_targets(&[far], false);
    rejected(&g, &before, r, LiberationError::OutOfRange(far), "§12.3a");
}

#[test]
fn s12_3a_empty_bands_are_skipped() {
    let (mut b, [_, b1, _, b3]) = line();
    let l = b.put(P0, &ORATOR, b1);
    let far = b.put(P1, &VEYRA, b3);
    let mut g = b.build();
    g.activate_liberators(P0, &[l]).unwrap();
    g.declare_targets(&[far], false)
        .expect("band 2 is empty and skipped");
}

#[test]
fn s12_3a_space_band_is_never_skipped() {
    let mut b = Board::new(2);
    let g1 = b.ground();
    let _space = b.space();
    let g2 = b.ground();
    let l = b.put(P0, &ORATOR, g1);
    let t = b.put(P1, &VEYRA, g2);
    let mut g = b.build();
    g.activate_liberators(P0, &[l]).unwrap();
    let before = g.clone();
    let r = g.declare_targets(&[t], false);
    rejected(&g, &before, r, LiberationError::OutOfRange(t), "§12.3a");
}

#[test]
fn s12_3a_only_capital_spacecraft_from_adjacent_band_into_space() {
    let (mut b, [space, b1, _, _]) = line();
    let l = b.put(P0, &ORATOR, b1);
    let l2 = b.put(P0, &SPEAKER, b1);
    let frigate = b.put(P1, &FRIGATE, space);
    let capital = b.put(P1, &RESOLUTE, space);
    let mut g = b.build();
    g.activate_liberators(P0, &[l, l2]).unwrap();
    let before = g.clone();
    let r = g.declare_targets(&[frigate], false);
    rejected(
        &g,
        &before,
        r,
        LiberationError::SpaceBoundary(frigate),
        "§12.3a",
    );
    g.declare_targets(&[capital], false).unwrap();
}

#[test]
fn s12_3a_in_the_space_band_any_spacecraft_is_in_range() {
    let (mut b, [space, _, _, _]) = line();
    let ship = b.put(P0, &RESOLUTE, space);
    let l = b.put_on(P0, &ORATOR, ship);
    let frigate = b.put(P1, &FRIGATE, space);
    let mut g = b.build();
    g.activate_liberators(P0, &[l]).unwrap();
    g.declare_targets(&[frigate], false).unwrap();
}

#[test]
fn s12_3a_each_target_within_range_of_at_least_one_liberator() {
    let (mut b, [_, b1, b2, b3]) = line();
    let near = b.put(P0, &ORATOR, b1);
    let far_lib = b.put(P0, &SPEAKER, b3);
    let _filler = b.put(P1, &FORUM, b2);
    let t1 = b.put(P1, &TERAL, b1);
    let t3 = b.put(P1, &VEYRA, b3);
    let mut g = b.build();
    g.activate_liberators(P0, &[near, far_lib]).unwrap();
    g.declare_targets(&[t1, t3], false).unwrap();
}

// ---- §12.4 ----

#[test]
fn s12_4_defenders_activate_remotely_and_add_vox() {
    let (mut b, [_, b1, b2, b3]) = line();
    let l = b.put(P0, &ORATOR, b1);
    let t = b.put(P1, &TERAL, b1);
    let _filler = b.put(P1, &FORUM, b2);
    let d = b.put(P1, &SPEAKER, b3); // far away
    let mut g = b.build();
    g.activate_liberators(P0, &[l]).unwrap();
    g.declare_targets(&[t], false).unwrap();
    g.activate_defenders(&[d], &[]).unwrap();
    assert!(g.permanent(d).unwrap().activated());
    assert_eq!(g.liberation().unwrap().defending_vox(), 2, "public");
}

#[test]
fn s12_4_defenders_are_readied_units_the_defender_controls() {
    let (mut b, band) = board();
    let l = b.put(P0, &ORATOR, band);
    let t = b.put(P1, &TERAL, band);
    let tired = b.put(P1, &SPEAKER, band);
    b.with(tired, |p| p.readied = false);
    let mut g = b.build();
    g.activate_liberators(P0, &[l]).unwrap();
    g.declare_targets(&[t], false).unwrap();
    let before = g.clone();
    let r = g.activate_defenders(&[l], &[]);
    rejected(
        &g,
        &before,
        r,
        LiberationError::DefenderNotTheirs(l),
        "§12.4",
    );
    let r = g.activate_defenders(&[tired], &[]);
    rejected(
        &g,
        &before,
        r,
        LiberationError::AlreadyActivated(tired),
        "§12.2",
    );
}

#[test]
fn s12_4_garrison_must_be_readied_on_a_declared_target_and_not_activated() {
    let (mut b, band) = board();
    let l = b.put(P0, &ORATOR, band);
    let t = b.put(P1, &FORUM, band);
    let other = b.put(P1, &VEYRA, band);
    let g1 = b.put_on(P1, &AGITATORS, t);
    let tired = b.put_on(P1, &MARTYR, t);
    let elsewhere = b.put_on(P1, &SPEAKER, other);
    b.with(tired, |p| p.readied = false);
    let mut g = b.build();
    g.activate_liberators(P0, &[l]).unwrap();
    g.declare_targets(&[t], false).unwrap();
    let before = g.clone();
    let r = g.activate_defenders(&[], &[(tired, t)]);
    rejected(
        &g,
        &before,
        r,
        LiberationError::GarrisonNotReadied(tired),
        "§12.4",
    );
    let r = g.activate_defenders(&[g1], &[(g1, t)]);
    rejected(
        &g,
        &before,
        r,
        LiberationError::GarrisonAlsoActivated(g1),
        "§12.4",
    );
    let r = g.activate_defenders(&[], &[(elsewhere, t)]);
    rejected(
        &g,
        &before,
        r,
        LiberationError::GarrisonNotOnTarget(elsewhere),
        "§12.4",
    );
    let r = g.activate_defenders(&[], &[(elsewhere, other)]);
    rejected(
        &g,
        &before,
        r,
        LiberationError::GarrisonForUndeclared(other),
        "§12.4",
    );
    g.activate_defenders(&[], &[(g1, t)]).unwrap();
    assert!(
        g.permanent(g1).unwrap().readied,
        "garrisoning does not activate"
    );
    assert_eq!(g.permanent(g1).unwrap().garrisoning, Some(t));
}

#[test]
fn s12_4_defending_vox_only_on_declared_targets() {
    let (mut b, band) = board();
    let l = b.put(P0, &ORATOR, band);
    let t = b.put(P1, &TERAL, band);
    let other = b.put(P1, &VEYRA, band);
    let d = b.put(P1, &SPEAKER, band);
    let mut g = b.build();
    to_commit(&mut g, &[l], &[t], &[d], &[]);
    let s = seal(&g, &[(t, 2)]);
    g.commit_sealed(s.commitment()).unwrap();
    let before = g.clone();
    let r = g.allocate_defence(Assignment::new(&[(other, 1)]).unwrap());
    rejected(
        &g,
        &before,
        r,
        LiberationError::NotDeclared(other),
        "§12.5c",
    );
}

// ---- §12.5 ----

#[test]
fn s12_5_liberator_commits_before_the_defender_allocates() {
    let (mut b, band) = board();
    let l = b.put(P0, &ORATOR, band);
    let t = b.put(P1, &TERAL, band);
    let mut g = b.build();
    to_commit(&mut g, &[l], &[t], &[], &[]);
    let before = g.clone();
    let r = g.allocate_defence(Assignment::empty());
    rejected(
        &g,
        &before,
        r,
        LiberationError::OutOfOrder {
            expected: Step::Commit,
            called: Step::Allocate,
        },
        "§12.1",
    );
    assert!(
        g.defence_view().is_err(),
        "no view to allocate against before the commitment"
    );
}

// ---- §12.5a ----

#[test]
fn s12_5a_assignment_is_concealed_until_reveal() {
    let (mut b, band) = board();
    let l = b.put(P0, &ORATOR, band);
    let t = b.put(P1, &TERAL, band);
    let mut g = b.build();
    to_commit(&mut g, &[l], &[t], &[], &[]);
    let s = seal(&g, &[(t, 3)]);
    g.commit_sealed(s.commitment()).unwrap();
    assert_eq!(
        g.liberation().unwrap().committed(),
        Some(&Committed::Sealed(s.commitment()))
    );
    assert_eq!(g.liberation().unwrap().revealed(), None);
    g.allocate_defence(Assignment::empty()).unwrap();
    g.reveal(Some(&s.opening())).unwrap();
    assert_eq!(g.liberation().unwrap().revealed().unwrap().get(t), 3);
}

#[test]
fn s12_5a_assignments_may_not_be_altered_once_made() {
    let (mut b, band) = board();
    let l = b.put(P0, &ORATOR, band);
    let t = b.put(P1, &TERAL, band);
    let mut g = b.build();
    to_commit(&mut g, &[l], &[t], &[], &[]);
    let s = seal(&g, &[(t, 3)]);
    g.commit_sealed(s.commitment()).unwrap();
    g.allocate_defence(Assignment::empty()).unwrap();
    let mut altered = s.opening();
    altered.assignment = Assignment::new(&[(t, 4)]).unwrap();
    let before = g.clone();
    let r = g.reveal(Some(&altered));
    rejected(
        &g,
        &before,
        r,
        LiberationError::CommitmentMismatch,
        "§12.5a",
    );
    let mut wrong_salt = s.opening();
    wrong_salt.salt[0] ^= 1;
    let r = g.reveal(Some(&wrong_salt));
    rejected(
        &g,
        &before,
        r,
        LiberationError::CommitmentMismatch,
        "§12.5a",
    );
    let r = g.reveal(None);
    rejected(&g, &before, r, LiberationError::MissingOpening, "§12.6");
    g.reveal(Some(&s.opening())).unwrap();
}

#[test]
fn s12_5a_commitment_is_salted() {
    let (mut b, band) = board();
    let l = b.put(P0, &ORATOR, band);
    let t = b.put(P1, &TERAL, band);
    let mut g = b.build();
    to_commit(&mut g, &[l], &[t], &[], &[]);
    let a = Assignment::new(&[(t, 2)]).unwrap();
    let mut r = rand::thread_rng();
    let s1 = SealedAssignment::seal(&g, a, &mut r).unwrap();
    let s2 = SealedAssignment::seal(&g, a, &mut r).unwrap();
    assert_ne!(
        s1.commitment(),
        s2.commitment(),
        "equal assignments, different commitments"
    );
}

#[test]
fn s12_5a_confluence_assigns_publicly_from_the_start() {
    let (mut b, band) = board();
    let m = b.put(P0, &MARA, band);
    b.with(m, |p| p.face = Face::Fallen);
    let t = b.put(P1, &TERAL, band);
    let mut g = b.build();
    g.activate_liberators(P0, &[m]).unwrap();
    g.declare_targets(&[t], true).unwrap();
    g.activate_defenders(&[], &[]).unwrap();
    g.commit_public(Assignment::new(&[(t, 3)]).unwrap())
        .unwrap();
    let view = g.defence_view().unwrap();
    assert_eq!(view.public_assignment.unwrap().get(t), 3);
    assert_eq!(view.commitment, None);
}

#[test]
fn s12_5a_public_assignment_needs_confluence() {
    let (mut b, band) = board();
    let l = b.put(P0, &ORATOR, band);
    let t = b.put(P1, &TERAL, band);
    let mut g = b.build();
    to_commit(&mut g, &[l], &[t], &[], &[]);
    let before = g.clone();
    let r = g.commit_public(Assignment::new(&[(t, 3)]).unwrap());
    rejected(
        &g,
        &before,
        r,
        LiberationError::PublicWithoutConfluence,
        "§12.5a",
    );
}

// ---- §12.5b ----

#[test]
fn s12_5b_at_least_one_vox_to_every_declared_target() {
    let (mut b, band) = board();
    let l1 = b.put(P0, &ORATOR, band);
    let l2 = b.put(P0, &SPEAKER, band);
    let t1 = b.put(P1, &TERAL, band);
    let t2 = b.put(P1, &VEYRA, band);
    let mut g = b.build();
    to_commit(&mut g, &[l1, l2], &[t1, t2], &[], &[]);
    let r = SealedAssignment::seal(&g, Assignment::new(&[(t1, 6)]).unwrap(), &mut rng());
    assert_eq!(r.unwrap_err(), LiberationError::TargetIgnored(t2));
}

#[test]
fn s12_5b_no_more_than_the_pool() {
    let (mut b, band) = board();
    let l = b.put(P0, &ORATOR, band);
    let t = b.put(P1, &TERAL, band);
    let mut g = b.build();
    to_commit(&mut g, &[l], &[t], &[], &[]);
    let r = SealedAssignment::seal(&g, Assignment::new(&[(t, 5)]).unwrap(), &mut rng());
    let err = r.unwrap_err();
    assert_eq!(
        err,
        LiberationError::OverPool {
            committed: 5,
            pool: 4
        }
    );
    assert!(err.to_string().starts_with("§12.5b"));
}

#[test]
fn s12_5b_defender_has_no_minimum_and_no_more_than_their_pool() {
    let (mut b, band) = board();
    let l = b.put(P0, &ORATOR, band);
    let t = b.put(P1, &TERAL, band);
    let d = b.put(P1, &SPEAKER, band);
    let mut g = b.build();
    to_commit(&mut g, &[l], &[t], &[d], &[]);
    let s = seal(&g, &[(t, 4)]);
    g.commit_sealed(s.commitment()).unwrap();
    let before = g.clone();
    let r = g.allocate_defence(Assignment::new(&[(t, 3)]).unwrap());
    rejected(
        &g,
        &before,
        r,
        LiberationError::OverPool {
            committed: 3,
            pool: 2,
        },
        "§12.5b",
    );
    g.allocate_defence(Assignment::empty()).unwrap();
}

// ---- §12.5d ----

#[test]
fn s12_5d_vox_goes_to_garrisons_never_the_target() {
    let (mut b, band) = board();
    let l = b.put(P0, &ORATOR, band);
    let t = b.put(P1, &FORUM, band);
    let gar = b.put_on(P1, &AGITATORS, t);
    let mut g = b.build();
    to_commit(&mut g, &[l], &[t], &[], &[(gar, t)]);
    let r = SealedAssignment::seal(&g, Assignment::new(&[(t, 2)]).unwrap(), &mut rng());
    let err = r.unwrap_err();
    assert_eq!(err, LiberationError::AssignedPastGarrison(t));
    assert!(err.to_string().starts_with("§12.5d"));
    let s = seal(&g, &[(gar, 2)]);
    g.commit_sealed(s.commitment()).unwrap();
    assert_eq!(g.liberation().unwrap().slots(), &[(gar, t)]);
}

#[test]
fn s12_5d_garrison_absorbs_with_no_overflow() {
    let (mut b, band) = board();
    let l = b.put(P0, &ORATOR, band);
    let t = b.put(P1, &FORUM, band);
    let gar = b.put_on(P1, &AGITATORS, t); // Rank 2
    let mut g = b.build();
    let plan = LiberationPlan {
        player: P0,
        liberators: &[l],
        targets: &[t],
        garrisons: &[(gar, t)],
        assign: &[(gar, 4)],
        ..LiberationPlan::default()
    };
    plan.run(&mut g, &mut rng()).unwrap();
    assert!(!on_map(&g, gar), "4 counters >= Rank 2");
    assert_eq!(counters(&g, t), 0, "no overflow to the target");
    assert!(on_map(&g, t));
    assert_eq!(g.permanent(gar).unwrap().garrisoning, None);
}

#[test]
fn s12_5d_garrison_counters_accumulate_across_turns() {
    let (mut b, band) = board();
    let l = b.put(P0, &ENVOY, band);
    let t = b.put(P1, &FORUM, band);
    let gar = b.put_on(P1, &AGITATORS, t); // Rank 2
    let mut g = b.build();
    let plan = LiberationPlan {
        player: P0,
        liberators: &[l],
        targets: &[t],
        garrisons: &[(gar, t)],
        assign: &[(gar, 1)],
        ..LiberationPlan::default()
    };
    plan.run(&mut g, &mut rng()).unwrap();
    assert_eq!(counters(&g, gar), 1);
    g.end_turn().unwrap();
    g.end_turn().unwrap();
    plan.run(&mut g, &mut rng()).unwrap();
    assert!(!on_map(&g, gar), "1 + 1 reaches Rank 2");
}

#[test]
fn s12_5d_character_garrison_converts_to_cp_loss_and_may_be_defended() {
    let (mut b, band) = board();
    let l = b.put(P0, &ORATOR, band);
    let t = b.put(P1, &VEYRA, band);
    let gar = b.put_on(P1, &ENVOY, t);
    let d = b.put(P1, &ENVOY, band);
    let mut g = b.build();
    let plan = LiberationPlan {
        player: P0,
        liberators: &[l],
        targets: &[t],
        defenders: &[d],
        garrisons: &[(gar, t)],
        assign: &[(gar, 4)],
        defence: &[(gar, 1)],
        ..LiberationPlan::default()
    };
    plan.run(&mut g, &mut rng()).unwrap();
    assert_eq!((cp(&g, gar), counters(&g, gar)), (3, 0));
}

#[test]
fn s12_5d_target_reachable_once_its_garrisons_are_cleared() {
    let (mut b, band) = board();
    let l = b.put(P0, &ORATOR, band);
    let t = b.put(P1, &FORUM, band);
    let gar = b.put_on(P1, &AGITATORS, t);
    let mut g = b.build();
    g.activate_liberators(P0, &[l]).unwrap();
    g.declare_targets(&[t], false).unwrap();
    g.activate_defenders(&[], &[(gar, t)]).unwrap();
    g.setup(gar).unwrap().zone = Zone::Depleted { order: 99 }; // cleared before Step 4
    let s = seal(&g, &[(t, 2)]);
    g.commit_sealed(s.commitment()).unwrap();
    assert_eq!(g.liberation().unwrap().slots(), &[(t, t)]);
}

#[test]
fn s12_5d_garrison_minimum_is_per_declared_target() {
    let (mut b, band) = board();
    let l = b.put(P0, &SPEAKER, band); // Vox 2
    let t = b.put(P1, &FORUM, band);
    let g1 = b.put_on(P1, &AGITATORS, t);
    let g2 = b.put_on(P1, &AGITATORS, t);
    let g3 = b.put_on(P1, &AGITATORS, t);
    let mut g = b.build();
    to_commit(&mut g, &[l], &[t], &[], &[(g1, t), (g2, t), (g3, t)]);
    seal(&g, &[(g2, 2)]); // ruling R3: one garrison may carry it all
}
