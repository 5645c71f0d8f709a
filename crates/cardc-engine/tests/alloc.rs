//! The per-step hot path of a Liberation does not allocate (§12 benchmark requirement).
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
}
