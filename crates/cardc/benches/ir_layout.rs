//! What holds the memory of a compilation: a report, not a timing.
//!
//! Prints `std::mem::size_of` of the IR's types, then compiles a synthetic set
//! (`cardc_codegen::synth::cards(N, 1)`, 10,000 cards unless a size is given) under a
//! counting global allocator and prints the peak and live heap bytes per card, what
//! dropping each part of the [`cardc::Compilation`] gives back (the IR's cards, the
//! sources, the diagnostics), and how many of the IR's vector slots are allocated but
//! unused.
//!
//! `cargo bench -p cardc --bench ir_layout` (`-- 100000` for another size).

use cardc::{compile, Input};
use cardc_ir::{
    Ability, Activated, Art, Card, CardSet, Condition, Cost, Effect, EffectChain, Event, Face,
    Filters, Loc, Penalty, Replacement, Static, Subject, Target, Trigger, Triggered, Twist,
};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The system allocator, counting the bytes live and their peak.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is forwarded to `System` with the same arguments; the counters are
// only statistics.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let live = LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(live, Ordering::Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            if new_size >= layout.size() {
                let grow = new_size - layout.size();
                let live = LIVE.fetch_add(grow, Ordering::Relaxed) + grow;
                PEAK.fetch_max(live, Ordering::Relaxed);
            } else {
                LIVE.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
            }
        }
        p
    }
}

#[global_allocator]
static ALLOC: Counting = Counting;

fn live() -> usize {
    LIVE.load(Ordering::Relaxed)
}

macro_rules! sizes {
    ($($t:ty),* $(,)?) => {
        $(println!("| `{}` | {} |", stringify!($t), std::mem::size_of::<$t>());)*
    };
}

/// Slots allocated and used in the IR's vectors: (name, used, allocated, slot size).
fn slots(set: &CardSet) -> Vec<(&'static str, usize, usize, usize)> {
    let mut faces = (0, 0);
    let mut abilities = (0, 0);
    let mut steps = (0, 0);
    let chain = |c: &EffectChain, steps: &mut (usize, usize)| {
        steps.0 += c.steps.len();
        steps.1 += c.steps.capacity();
    };
    for card in &set.cards {
        faces.0 += card.faces.len();
        faces.1 += card.faces.capacity();
        for face in &card.faces {
            abilities.0 += face.abilities.len();
            abilities.1 += face.abilities.capacity();
            for a in &face.abilities {
                for c in a.value.effects() {
                    chain(c, &mut steps);
                }
            }
        }
    }
    vec![
        (
            "`Card::faces`",
            faces.0,
            faces.1,
            std::mem::size_of::<Face>(),
        ),
        (
            "`Face::abilities`",
            abilities.0,
            abilities.1,
            std::mem::size_of::<Loc<Ability>>(),
        ),
        (
            "`EffectChain::steps`",
            steps.0,
            steps.1,
            std::mem::size_of::<Loc<Effect>>(),
        ),
    ]
}

fn main() {
    let count = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(10_000usize);

    println!("| type | bytes |");
    println!("| --- | --- |");
    sizes!(
        cardc_diagnostics::Span,
        Loc<u32>,
        Option<Loc<u32>>,
        Loc<String>,
        Card,
        Face,
        Art,
        Penalty,
        Loc<Ability>,
        Ability,
        Static,
        Subject,
        Triggered,
        Trigger,
        Event,
        Condition,
        Activated,
        Cost,
        Replacement,
        Twist,
        EffectChain,
        Loc<Effect>,
        Effect,
        Target,
        Filters,
        cardc_diagnostics::Diagnostic,
    );

    let source = cardc_codegen::synth::cards(count, 1);
    let before = live();
    PEAK.store(before, Ordering::Relaxed);
    let input = Input::new("synth.card", source.into_bytes());
    let compilation = compile(vec![input]);
    let after = live();
    let peak = PEAK.load(Ordering::Relaxed);
    let per = |b: usize| b as f64 / count as f64 / 1024.0;
    println!();
    println!("{count} synthetic cards, `cardc::compile`:");
    println!();
    println!("| heap | bytes | per card |");
    println!("| --- | --- | --- |");
    println!(
        "| peak during compile (input included) | {} | {:.2} KiB |",
        peak - before,
        per(peak - before)
    );
    println!(
        "| live after compile | {} | {:.2} KiB |",
        after - before,
        per(after - before)
    );
    println!();
    println!("| vector | used | allocated | slot bytes | unused bytes per card |");
    println!("| --- | --- | --- | --- | --- |");
    for (name, used, alloc, size) in slots(&compilation.set) {
        println!(
            "| {name} | {used} | {alloc} | {size} | {:.0} |",
            ((alloc - used) * size) as f64 / count as f64
        );
    }
    let cardc::Compilation {
        sources,
        card_spans,
        set,
        diagnostics,
    } = compilation;
    println!();
    println!("| dropped | bytes freed | per card |");
    println!("| --- | --- | --- |");
    let drop_part = |name: &str, f: &mut dyn FnMut()| {
        let l = live();
        f();
        let freed = l - live();
        println!("| {name} | {freed} | {:.2} KiB |", per(freed));
    };
    let mut set = Some(set);
    drop_part("the IR (`CardSet`)", &mut || drop(set.take()));
    let mut sources = Some(sources);
    drop_part("the sources (`SourceMap`)", &mut || drop(sources.take()));
    let mut spans = Some(card_spans);
    drop_part("the card spans", &mut || drop(spans.take()));
    let mut diags = Some(diagnostics);
    drop_part("the diagnostics", &mut || drop(diags.take()));
}
