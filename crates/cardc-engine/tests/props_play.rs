//! Property test over random play (ruling R28): no sequence of legal and illegal calls — the
//! seven steps in any order and with any arguments, honest, illegal, garbage and replayed
//! commitments, forged and missing reveals, concessions by either player, Fast Maneuvers in and
//! out of the windows, abilities, combat, turn ends — leaves the game in a state from which
//! `end_turn` fails. From every state reached, the ways out (at most two timeouts) end any
//! Liberation, the turn ends, and a new Liberation can start; a concession by the liberating
//! player ends it at once wherever it is allowed. Every rejected call changes nothing.

mod common;

use cardc_engine::harness::Board;
use cardc_engine::*;
use common::*;
use proptest::prelude::*;

/// The board: every permanent is reachable by index from the operations.
fn board_of_play() -> (Game, Vec<PermanentId>) {
    let mut b = Board::new(2);
    let near = b.ground();
    let far = b.ground();
    b.treasury(P0, 6).treasury(P1, 6);
    let forum = b.put(P1, &FORUM, near);
    let ids = vec![
        b.put(P0, &ORATOR, near),
        b.put(P0, &SPEAKER, near),
        b.put(P0, &VETERAN, near),
        b.put(P0, &MARA, near),
        b.put(P0, &LATTICE, near),
        b.put(P0, &AGITATORS, far),
        b.put(P1, &SPEAKER, near),
        b.put(P1, &ENVOY, near),
        b.put(P1, &TERAL, near),
        forum,
        b.put_on(P1, &AGITATORS, forum),
        b.put(P1, &KARSK, near),
        b.put(P1, &CITADEL, far),
        b.put(P1, &MARTYR, near),
        b.put(P1, &STALWART, far),
    ];
    (b.build(), ids)
}

/// A permanent, as random play names it: one of the active player's, one of another
/// player's (by position among them, wrapping), or any index (past the board: none).
#[derive(Clone, Copy, Debug)]
enum Pick {
    Mine(usize),
    Theirs(usize),
    Any(usize),
}

/// A player: the active one, the next one, or any seat (seat 2 does not exist).
#[derive(Clone, Copy, Debug)]
enum Who {
    Active,
    Other,
    Seat(u8),
}

#[derive(Clone, Debug)]
enum Op {
    Activate(Who, Vec<Pick>),
    Declare(Vec<Pick>, bool),
    Defend(Vec<Pick>, Vec<(Pick, Pick)>),
    /// Sealed through `SealedAssignment::seal` (refuses illegal values).
    CommitHonest(Vec<u32>),
    /// Sealed by hand, unchecked, as a dishonest peer could.
    CommitRaw(Vec<u32>, u8),
    /// A hash nobody can open.
    CommitGarbage(u8),
    /// The last opening made, committed under another Liberation's binding.
    CommitReplay,
    CommitPublic(Vec<u32>),
    Allocate(Vec<u32>),
    /// 0: the last opening; 1: it, tampered; 2: none.
    Reveal(u8),
    Pay,
    Resolve,
    Concede(Who),
    TimeOut,
    /// 0: Purge (destroy), 1: Whisper Campaign (1 counter), 2: Sudden Reprisal (2 damage).
    Fast(u8, Who, Pick),
    Ability(Who, Pick, usize, Pick),
    Combat(Who, Pick, Pick, u32),
    EndTurn,
    /// The move an honest player would make at the step awaited (a seed varies it), so that
    /// random play also gets deep into Liberations.
    Honest(usize),
}

fn values() -> impl Strategy<Value = Vec<u32>> {
    prop::collection::vec(
        prop_oneof![6 => 1u32..4, 1 => Just(0u32), 1 => 4u32..12],
        0..5,
    )
}

fn pick() -> impl Strategy<Value = Pick> {
    prop_oneof![
        4 => (0usize..16).prop_map(Pick::Mine),
        4 => (0usize..16).prop_map(Pick::Theirs),
        1 => (0usize..17).prop_map(Pick::Any),
    ]
}

fn picks() -> impl Strategy<Value = Vec<Pick>> {
    prop_oneof![
        1 => Just(Vec::new()),
        8 => prop::collection::vec(pick(), 1..3),
        1 => prop::collection::vec(pick(), 3..5),
    ]
}

fn who() -> impl Strategy<Value = Who> {
    prop_oneof![
        6 => Just(Who::Active),
        2 => Just(Who::Other),
        1 => (0u8..3).prop_map(Who::Seat),
    ]
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        4 => (who(), picks()).prop_map(|(p, l)| Op::Activate(p, l)),
        5 => (picks(), prop::bool::weighted(0.2)).prop_map(|(t, c)| Op::Declare(t, c)),
        4 => (picks(), prop::collection::vec((pick(), pick()), 0..2))
            .prop_map(|(d, g)| Op::Defend(d, g)),
        5 => values().prop_map(Op::CommitHonest),
        2 => (values(), any::<u8>()).prop_map(|(v, s)| Op::CommitRaw(v, s)),
        1 => any::<u8>().prop_map(Op::CommitGarbage),
        1 => Just(Op::CommitReplay),
        1 => values().prop_map(Op::CommitPublic),
        3 => prop::collection::vec(0u32..2, 0..3).prop_map(Op::Allocate),
        1 => values().prop_map(Op::Allocate),
        5 => (0u8..3).prop_map(Op::Reveal),
        3 => Just(Op::Pay),
        3 => Just(Op::Resolve),
        1 => who().prop_map(Op::Concede),
        1 => Just(Op::TimeOut),
        2 => (0u8..3, who(), pick()).prop_map(|(m, p, t)| Op::Fast(m, p, t)),
        1 => (who(), pick(), 0usize..3, pick()).prop_map(|(p, i, a, t)| Op::Ability(p, i, a, t)),
        1 => (who(), pick(), pick(), 0u32..5).prop_map(|(p, a, d, n)| Op::Combat(p, a, d, n)),
        1 => Just(Op::EndTurn),
        12 => any::<usize>().prop_map(Op::Honest),
    ]
}

/// What the liberating player keeps on their side: the last opening they made.
#[derive(Default)]
struct Liberator {
    opening: Option<Opening>,
}

/// The slots Vox may be assigned to now: each target's garrisons on the Map, or the target.
fn slots(g: &Game) -> Vec<PermanentId> {
    let Some(lib) = g.liberation() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for &t in lib.targets() {
        let gar: Vec<_> = lib
            .garrisons()
            .iter()
            .filter(|&&(gr, gt)| gt == t && g.on_map(gr).is_some())
            .map(|&(gr, _)| gr)
            .collect();
        if gar.is_empty() {
            out.push(t);
        } else {
            out.extend(gar);
        }
    }
    out
}

fn assignment(slots: &[PermanentId], values: &[u32]) -> Assignment {
    let pairs: Vec<_> = slots.iter().copied().zip(values.iter().copied()).collect();
    Assignment::new(&pairs).unwrap_or_default()
}

fn resolve(g: &Game, ids: &[PermanentId], pick: Pick) -> PermanentId {
    let active = g.active_player();
    let among = |mine: bool, k: usize| {
        let of: Vec<_> = ids
            .iter()
            .copied()
            .filter(|&id| {
                g.permanent(id)
                    .is_some_and(|p| (p.controller == active) == mine)
            })
            .collect();
        of.get(k % of.len().max(1))
            .copied()
            .unwrap_or(PermanentId(999))
    };
    match pick {
        Pick::Mine(k) => among(true, k),
        Pick::Theirs(k) => among(false, k),
        // One index past the board: a permanent that does not exist.
        Pick::Any(i) => ids.get(i).copied().unwrap_or(PermanentId(999)),
    }
}

fn player(g: &Game, who: Who) -> PlayerId {
    match who {
        Who::Active => g.active_player(),
        Who::Other => g.next_opponent(g.active_player()),
        Who::Seat(n) => PlayerId(n),
    }
}

/// Plays one operation; returns whether it was rejected.
fn play(g: &mut Game, ids: &[PermanentId], me: &mut Liberator, op: &Op) -> bool {
    let p = |g: &Game, w: Who| player(g, w);
    let one = |g: &Game, k: Pick| resolve(g, ids, k);
    let list = |g: &Game, l: &[Pick]| l.iter().map(|&k| resolve(g, ids, k)).collect::<Vec<_>>();
    match op {
        Op::Activate(w, l) => {
            let (who, l) = (p(g, *w), list(g, l));
            g.activate_liberators(who, &l).is_err()
        }
        Op::Declare(t, c) => {
            let t = list(g, t);
            g.declare_targets(&t, *c).is_err()
        }
        Op::Defend(d, gar) => {
            let gar: Vec<_> = gar.iter().map(|&(a, b)| (one(g, a), one(g, b))).collect();
            let d = list(g, d);
            g.activate_defenders(&d, &gar).is_err()
        }
        Op::CommitHonest(v) => {
            let a = assignment(&slots(g), v);
            match SealedAssignment::seal(g, a, &mut rng()) {
                Ok(s) => {
                    me.opening = Some(s.opening());
                    g.commit_sealed(s.commitment()).is_err()
                }
                Err(_) => true,
            }
        }
        Op::CommitRaw(v, salt) => {
            let o = Opening {
                assignment: assignment(&slots(g), v),
                salt: [*salt; 32],
            };
            let Some(binding) = g.liberation().map(|l| l.binding()) else {
                return true;
            };
            me.opening = Some(o);
            g.commit_sealed(o.commitment(&binding)).is_err()
        }
        Op::CommitGarbage(b) => g.commit_sealed(Commitment([*b; 32])).is_err(),
        Op::CommitReplay => match (me.opening, g.liberation().map(|l| l.binding())) {
            // An opening made for some earlier binding, committed under another.
            (Some(o), Some(mut binding)) => {
                binding.sequence = binding.sequence.wrapping_sub(1);
                g.commit_sealed(o.commitment(&binding)).is_err()
            }
            _ => true,
        },
        Op::CommitPublic(v) => g.commit_public(assignment(&slots(g), v)).is_err(),
        Op::Allocate(v) => {
            let lib_slots: Vec<_> = g
                .liberation()
                .map(|l| l.slots().iter().map(|&(s, _)| s).collect())
                .unwrap_or_default();
            g.allocate_defence(assignment(&lib_slots, v)).is_err()
        }
        Op::Reveal(which) => {
            let o = match (which, me.opening) {
                (0, Some(o)) => Some(o),
                (1, Some(mut o)) => {
                    o.salt[0] ^= 0x80;
                    Some(o)
                }
                _ => None,
            };
            let before = g.clone();
            match g.reveal(o.as_ref()) {
                Ok(_) => false,
                Err(e) => {
                    // Every forged reveal is rejected, and changes nothing.
                    assert_eq!(*g, before, "a rejected reveal changed the game: {e}");
                    true
                }
            }
        }
        Op::Pay => g.pay().is_err(),
        Op::Resolve => g.resolve().is_err(),
        Op::Concede(w) => {
            let who = p(g, *w);
            g.concede_liberation(who).is_err()
        }
        Op::TimeOut => g.time_out().is_err(),
        Op::Fast(m, w, t) => {
            let card: &'static dyn Card = match m {
                0 => &PURGE,
                1 => &WHISPER,
                _ => &REPRISAL,
            };
            let (who, t) = (p(g, *w), one(g, *t));
            g.play_maneuver(who, card, &[t]).is_err()
        }
        Op::Ability(w, i, a, t) => {
            let (who, id, targets) = (p(g, *w), one(g, *i), [one(g, *t)]);
            let want = g
                .permanent(id)
                .and_then(|x| x.data().abilities.get(*a))
                .map_or(0, |d| d.targets.len());
            g.use_ability(who, id, *a, &targets[..want.min(1)]).is_err()
        }
        Op::Combat(w, a, d, amount) => {
            let hit = Hit {
                attacker: one(g, *a),
                defender: one(g, *d),
                amount: *amount,
            };
            let who = p(g, *w);
            g.combat_damage(who, &[hit]).is_err()
        }
        Op::EndTurn => g.end_turn().is_err(),
        Op::Honest(seed) => honest(g, ids, me, *seed),
    }
}

/// An honest move for the step awaited; returns whether it was rejected.
fn honest(g: &mut Game, ids: &[PermanentId], me: &mut Liberator, seed: usize) -> bool {
    let active = g.active_player();
    let units = |g: &Game, mine: bool| -> Vec<PermanentId> {
        ids.iter()
            .copied()
            .filter(|&id| {
                g.on_map(id).is_some_and(|p| {
                    (p.controller == active) == mine && p.kind().is_unit() && p.readied
                })
            })
            .collect()
    };
    let Some(step) = g.liberation().map(|l| l.step()) else {
        let mine = units(g, true);
        let n = 1 + seed % mine.len().max(1);
        return g
            .activate_liberators(active, &mine[..n.min(mine.len())])
            .is_err();
    };
    match step {
        Step::Activate | Step::Declare => {
            let theirs: Vec<_> = ids
                .iter()
                .copied()
                .filter(|&id| g.on_map(id).is_some_and(|p| p.controller != active))
                .collect();
            let t = theirs.get(seed % theirs.len().max(1)).copied();
            t.is_none_or(|t| g.declare_targets(&[t], false).is_err())
        }
        Step::Defend => {
            let d = units(g, false);
            let n = seed % (d.len() + 1);
            g.activate_defenders(&d[..n], &[]).is_err()
        }
        Step::Commit => {
            let slots = slots(g);
            let a = assignment(&slots, &vec![1; slots.len()]);
            match SealedAssignment::seal(g, a, &mut rng()) {
                Ok(s) => {
                    me.opening = Some(s.opening());
                    g.commit_sealed(s.commitment()).is_err()
                }
                Err(_) => true,
            }
        }
        Step::Allocate => {
            let pool = g.liberation().map_or(0, |l| l.defending_vox());
            let first = g
                .liberation()
                .and_then(|l| l.slots().first().map(|&(s, _)| s));
            let a = match first {
                Some(s) if seed.is_multiple_of(2) => Assignment::new(&[(s, pool.min(2))]),
                _ => Ok(Assignment::empty()),
            };
            g.allocate_defence(a.unwrap_or_default()).is_err()
        }
        Step::Reveal => g.reveal(me.opening.as_ref()).is_err(),
        Step::Pay => g.pay().is_err(),
        Step::Resolve => g.resolve().is_err(),
    }
}

/// From `g`, the ways out end any Liberation, the turn ends and a new Liberation can start.
fn escapes(g: &Game) -> Result<(), TestCaseError> {
    let mut out = g.clone();
    for _ in 0..2 {
        if !out.liberation_in_progress() {
            break;
        }
        let awaited = out.liberation().and_then(|l| l.awaited());
        let r = out.time_out();
        prop_assert!(
            r.is_ok(),
            "a timeout was refused: {:?} (awaited {:?})",
            r,
            awaited
        );
    }
    prop_assert!(!out.liberation_in_progress(), "two timeouts did not end it");
    prop_assert!(out.end_turn().is_ok(), "end_turn failed after the timeouts");
    let next = out.active_player();
    prop_assert_ne!(
        out.activate_liberators(next, &[]),
        Err(LiberationError::InProgress),
        "a new Liberation is refused"
    );
    // A concession, where allowed, ends it at once.
    if let Some(lib) = g.liberation() {
        if !matches!(lib.step(), Step::Pay | Step::Resolve) {
            let mut out = g.clone();
            prop_assert!(out.concede_liberation(lib.liberating()).is_ok());
            prop_assert!(out.end_turn().is_ok(), "end_turn failed after a concession");
        }
    }
    Ok(())
}

fn run(ops: &[Op]) -> Result<(usize, usize), TestCaseError> {
    let (mut g, ids) = board_of_play();
    let mut me = Liberator::default();
    let (mut rejected, mut liberations) = (0, 0);
    for op in ops {
        let before = g.clone();
        let was = g.liberation().map(|l| l.sequence());
        if play(&mut g, &ids, &mut me, op) {
            rejected += 1;
            prop_assert_eq!(&g, &before, "a rejected {:?} changed the game", op);
        }
        if g.liberation().map(|l| l.sequence()) != was && g.liberation_in_progress() {
            liberations += 1;
        }
        for p in g.map() {
            prop_assert!(
                !p.is_character() || p.cp > 0,
                "a Character at 0 CP on the Map"
            );
        }
        escapes(&g)?;
    }
    Ok((rejected, liberations))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn s12_props_random_play_never_leaves_a_game_that_cannot_end_its_turn(
        ops in prop::collection::vec(op(), 1..60)
    ) {
        run(&ops)?;
    }
}

#[test]
fn s12_props_random_play_reaches_every_step() {
    // The generator is not vacuous: random play starts Liberations and reaches each step.
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let mut steps = std::collections::BTreeSet::new();
    let (mut liberations, mut rejected) = (0, 0);
    for _ in 0..200 {
        let ops = prop::collection::vec(op(), 1..60)
            .new_tree(&mut runner)
            .unwrap()
            .current();
        let (mut g, ids) = board_of_play();
        let mut me = Liberator::default();
        for op in &ops {
            if play(&mut g, &ids, &mut me, op) {
                rejected += 1;
            }
            if let Some(l) = g.liberation() {
                steps.insert(format!("{:?}", l.step()));
            }
        }
        let (_, n) = run(&ops).unwrap();
        liberations += n;
    }
    for s in [
        "Declare", "Defend", "Commit", "Allocate", "Reveal", "Pay", "Resolve",
    ] {
        assert!(steps.contains(s), "no random play reached {s}: {steps:?}");
    }
    assert!(liberations >= 100, "{liberations} Liberations started");
    assert!(rejected >= 1000, "illegal calls are exercised ({rejected})");
}
