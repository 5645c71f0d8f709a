//! The per-step hot path of a Liberation does not allocate (§12 benchmark requirement), nor
//! does resolving triggers whose targets and optional Twists a player's `Choices` decide.
//! One test in this binary, so the global allocation counter sees only it.

mod common;

use cardc_engine::harness::Board;
use cardc_engine::*;
use common::*;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

struct Counting;
static ALLOCS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCS.fetch_add(1, Ordering::Relaxed);
        System.alloc(layout)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCS.fetch_add(1, Ordering::Relaxed);
        System.realloc(ptr, layout, new_size)
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn no_alloc<T>(what: &str, f: impl FnOnce() -> T) -> T {
    let before = ALLOCS.load(Ordering::Relaxed);
    let out = f();
    let after = ALLOCS.load(Ordering::Relaxed);
    assert_eq!(after - before, 0, "{what} allocated");
    out
}

/// A player who targets the last legal permanent and declines every optional Twist.
struct LastLegalNoTwists;

impl Choices for LastLegalNoTwists {
    fn trigger_targets(&mut self, view: &Game, request: &TargetRequest<'_>) -> ChosenTargets {
        let mut picked = ChosenTargets::new();
        for n in 0..request.selectors.len() {
            if let Some(last) = request.legal(view, n).last() {
                let _ = picked.push(last);
            }
        }
        picked
    }
    fn take_optional_twist(&mut self, _: &Game, _: &TwistRequest) -> bool {
        false
    }
}

#[test]
fn s12_steps_do_not_allocate() {
    let mut b = Board::new(2);
    let band = b.ground();
    b.treasury(P0, 1).treasury(P1, 10);
    let l1 = b.put(P0, &VETERAN, band);
    let l2 = b.put(P0, &ORATOR, band);
    let c = b.put(P1, &STALWART, band);
    let t = b.put(P1, &FORUM, band);
    let gar = b.put_on(P1, &AGITATORS, t);
    let d = b.put(P1, &SPEAKER, band);
    let _karsk = b.put(P1, &KARSK, band);
    let keeper = b.put(P0, &KEEPER, band);
    let wavering = b.put(P0, &WAVERING, band);
    let mut g = b.build();
    let mut rng = rng();
    let libs = [l1, l2];
    let targets = [c, t];
    let garrisons = [(gar, t)];
    no_alloc("Step 1", || g.activate_liberators(P0, &libs)).unwrap();
    no_alloc("Step 2", || g.declare_targets(&targets, false)).unwrap();
    no_alloc("Step 3", || g.activate_defenders(&[d], &garrisons)).unwrap();
    let sealed = no_alloc("sealing", || {
        let a = Assignment::new(&[(c, 3), (gar, 2)])?;
        SealedAssignment::seal(&g, a, &mut rng)
    })
    .unwrap();
    no_alloc("Step 4 commit", || g.commit_sealed(sealed.commitment())).unwrap();
    no_alloc("defence view", || g.defence_view()).unwrap();
    let defence = Assignment::new(&[(c, 1)]).unwrap();
    no_alloc("Step 4 defence", || g.allocate_defence(defence)).unwrap();
    let opening = sealed.opening();
    no_alloc("Step 5", || g.reveal(Some(&opening))).unwrap();
    no_alloc("Step 6", || g.pay()).unwrap();
    no_alloc("Step 7", || g.resolve()).unwrap();
    assert!(
        !on_map(&g, gar),
        "the Liberation did its work (garrison destroyed)"
    );
    assert_eq!(g.player(P1).treasury, 11, "and its triggers resolved");

    // Triggers whose decisions a player makes: Grudge Keeper's target, an optional Twist.
    g.set_choices(Box::new(LastLegalNoTwists));
    let hits = [
        Hit {
            attacker: d,
            defender: keeper,
            amount: 1,
        },
        Hit {
            attacker: d,
            defender: wavering,
            amount: 1,
        },
    ];
    let speaker_cp = g.permanent(d).map(|p| p.cp);
    no_alloc("chosen trigger targets", || g.combat_damage(P1, &hits)).unwrap();
    assert_eq!(
        g.permanent(d).map(|p| p.cp),
        speaker_cp.map(|cp| cp - 1),
        "the last legal Character was chosen"
    );
    assert_eq!(g.permanent(wavering).map(|p| p.face), Some(Face::Prime));

    // The ways out (ruling R28): timeouts, a concession, an illegal sealed assignment's
    // forfeit at reveal.
    g.set_active(P1);
    let (speaker, forum) = (d, t);
    let l3 = l2;
    if let Some(p) = g.setup(speaker) {
        p.readied = true;
    }
    no_alloc("Step 1 again", || g.activate_liberators(P1, &[speaker])).unwrap();
    no_alloc("concession", || g.concede_liberation(P1)).unwrap();
    g.set_active(P0);
    if let Some(p) = g.setup(l3) {
        p.readied = true;
    }
    no_alloc("Step 1, a third time", || g.activate_liberators(P0, &[l3])).unwrap();
    no_alloc("Step 2", || g.declare_targets(&[forum], false)).unwrap();
    no_alloc("timeout at Step 3", || g.time_out()).unwrap();
    let binding = g.liberation().map(|l| l.binding()).unwrap();
    let illegal = Opening {
        assignment: Assignment::new(&[(forum, 9)]).unwrap(),
        salt: [7; 32],
    };
    no_alloc("raw commit", || {
        g.commit_sealed(illegal.commitment(&binding))
    })
    .unwrap();
    no_alloc("timeout at allocation", || g.time_out()).unwrap();
    let r = no_alloc("forfeit at reveal", || g.reveal(Some(&illegal))).unwrap();
    assert!(matches!(r, Revealed::Forfeited(_)));
    assert!(!g.liberation_in_progress());
}
