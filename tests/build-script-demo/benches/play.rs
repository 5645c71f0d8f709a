//! Generated code against hand-written code: the same ten cards of `cards/` played
//! through the generated crate (`cardc-cards`) and through `Card` impls written by hand
//! below, the way an engineer would write them without a compiler.
//!
//! Each iteration plays every ability, every trigger and every played text (a Maneuver's,
//! a Reversal's) of every face of the ten cards, through `&dyn Card` and `&mut dyn
//! Effects`, into a [`Tally`] that folds every call into a checksum (so nothing is
//! optimised away). Both sides share the face data (the generated `const FaceData`); what
//! differs is only the code of the abilities. Before timing, each card's tally is compared
//! between the two sides, so a card whose text changes fails the benchmark, never
//! measures two different programs.
//!
//! ```sh
//! cargo bench -p cardc-build-script-demo --bench play
//! ```

use cardc_cards::cards;
use cardc_engine::{
    BonusStat, Card, Duration, Effects, Face, FaceData, PermanentKind, Target, Who,
};
use criterion::{black_box, criterion_group, criterion_main, Criterion};

/// An `Effects` that folds every call (primitive, target, amount) into a checksum.
#[derive(Default)]
struct Tally(u64);

impl Tally {
    fn add(&mut self, op: u64, target: Option<Target>, n: u32) {
        let t = match target {
            None => 0,
            Some(Target::ThisCard) => 1,
            Some(Target::TheBound) => 2,
            Some(Target::Chosen(i)) => 3 + u64::from(i),
            Some(Target::Several { first, n }) => 51 + u64::from(first) * 8 + u64::from(n),
            Some(Target::Each(_)) => 101,
            Some(Target::Named(s)) => 211 + s.len() as u64,
            Some(Target::EventCard) => 4,
        };
        self.0 = (self.0 ^ (op << 40 | t << 20 | u64::from(n))).wrapping_mul(0x100_0000_01b3);
    }
}

/// A player as a number, for the checksum.
fn who(w: Who) -> u32 {
    match w {
        Who::You => 0,
        Who::Chosen(i) => 10 + u32::from(i),
        Who::ChosenOpponent(i) => 300 + u32::from(i),
        Who::Each => 1,
        Who::EachOpponent => 2,
        Who::ControllerOf(i) => 600 + u32::from(i),
        Who::OwnerOf(i) => 900 + u32::from(i),
        Who::ControllerOfEventCard => 3,
        Who::OwnerOfEventCard => 4,
    }
}

/// Counts, stats read and `that many` are 1: the benchmark measures the calls, not the game.
impl cardc_engine::Quantities for Tally {
    fn count(&self, _: cardc_engine::Countable) -> u32 {
        1
    }
    fn that_many(&self) -> u32 {
        1
    }
    fn stat(&self, _: cardc_engine::StatOf) -> u32 {
        1
    }
    fn chose(&self, _option: u8) -> bool {
        // Every option of a modal text runs, so the tally counts it.
        true
    }
}

impl Effects for Tally {
    fn holds(&self, _condition: cardc_engine::Condition) -> bool {
        // Every `If <condition>, …` body runs, so the tally counts it.
        true
    }
    fn gain_cp(&mut self, target: Target, n: u32) {
        self.add(1, Some(target), n)
    }
    fn gain_currency(&mut self, player: Who, n: u32) {
        self.add(2, None, who(player) << 16 | n)
    }
    fn gain_story_points(&mut self, player: Who, n: u32) {
        self.add(3, None, who(player) << 16 | n)
    }
    fn lose_cp(&mut self, target: Target, n: u32) {
        self.add(4, Some(target), n)
    }
    fn pay_currency(&mut self, player: Who, n: u32) {
        self.add(5, None, who(player) << 16 | n)
    }
    fn draw(&mut self, player: Who, n: u32) {
        self.add(6, None, who(player) << 16 | n)
    }
    fn deal_damage(&mut self, target: Target, n: u32) {
        self.add(7, Some(target), n)
    }
    fn place_liberation_counters(&mut self, target: Target, n: u32) {
        self.add(8, Some(target), n)
    }
    fn remove_liberation_counters(&mut self, target: Target, n: u32) {
        self.add(9, Some(target), n)
    }
    fn place_story_counters(&mut self, target: Target, n: u32) {
        self.add(18, Some(target), n)
    }
    fn place_that_many_story_counters(&mut self, target: Target) {
        self.add(27, Some(target), 0)
    }
    fn remove_story_counters(&mut self, target: Target, n: u32) {
        self.add(19, Some(target), n)
    }
    fn destroy(&mut self, target: Target) {
        self.add(10, Some(target), 0)
    }
    fn ready(&mut self, target: Target) {
        self.add(11, Some(target), 0)
    }
    fn fall_the_bound(&mut self) {
        self.add(12, None, 0)
    }
    fn fall_this_card(&mut self) {
        self.add(13, None, 0)
    }
    fn return_to_hand(&mut self, target: Target) {
        self.add(14, Some(target), 0)
    }
    fn gain_control(&mut self, target: Target, duration: Option<Duration>) {
        let until = duration.map_or(0, |d| 1 + u32::from(d == Duration::UntilEndOfLiberation));
        self.add(27, Some(target), until)
    }
    fn change_stat(&mut self, target: Target, stat: BonusStat, amount: i32, duration: Duration) {
        let stat = u32::from(stat == BonusStat::Rank);
        let until = u32::from(duration == Duration::UntilEndOfLiberation);
        self.add(
            18,
            Some(target),
            stat << 17 | until << 16 | amount.unsigned_abs(),
        )
    }
    fn lose_currency(&mut self, player: Who, n: u32) {
        self.add(15, None, who(player) << 16 | n)
    }
    fn activate(&mut self, target: Target) {
        self.add(19, Some(target), 0)
    }
    fn move_to_adjacent_band(&mut self, target: Target) {
        self.add(31, Some(target), 0)
    }
    fn prevent_damage(&mut self, target: Target, n: u32) {
        self.add(20, Some(target), n)
    }
    fn return_from_depleted_pile(&mut self, kind: PermanentKind) {
        self.add(21, None, kind as u32)
    }
    fn return_any_from_depleted_pile(&mut self) {
        self.add(22, None, 0)
    }
    fn add_vox(&mut self, n: u32) {
        self.add(23, None, n)
    }
    fn remove_all_liberation_counters(&mut self, target: Target) {
        self.add(24, Some(target), 0)
    }
    fn remove_all_counters(&mut self, target: Target) {
        self.add(25, Some(target), 0)
    }
    fn remove_all_story_counters(&mut self, target: Target) {
        self.add(26, Some(target), 0)
    }
    fn lose_story_points(&mut self, player: Who, n: u32) {
        self.add(16, None, who(player) << 16 | n)
    }
    fn discard(&mut self, player: Who, n: u32) {
        self.add(17, None, who(player) << 16 | n)
    }
    fn forbid_declared(&mut self, target: Target, until: Duration) {
        self.add(
            27,
            Some(target),
            u32::from(until == Duration::UntilEndOfLiberation),
        )
    }
    fn forbid_liberator(&mut self, target: Target, until: Duration) {
        self.add(
            28,
            Some(target),
            u32::from(until == Duration::UntilEndOfLiberation),
        )
    }
    fn forbid_garrison(&mut self, target: Target, until: Duration) {
        self.add(
            29,
            Some(target),
            u32::from(until == Duration::UntilEndOfLiberation),
        )
    }
    fn forbid_removal(&mut self, target: Target, until: Duration) {
        self.add(
            30,
            Some(target),
            u32::from(until == Duration::UntilEndOfLiberation),
        )
    }
}

/// The ten generated cards.
fn generated() -> [&'static dyn Card; 10] {
    [
        &cards::a_martyr_is_made::AMartyrIsMade,
        &cards::archivist_oreth_sal::ArchivistOrethSal,
        &cards::ashfall_zealots::AshfallZealots,
        &cards::blackout_broadcast::BlackoutBroadcast,
        &cards::broadside::Broadside,
        &cards::brother_caddo_reyne::BrotherCaddoReyne,
        &cards::castellan::Castellan,
        &cards::census_of_the_faithful::CensusOfTheFaithful,
        &cards::commodore_ysolde_karn::CommodoreYsoldeKarn,
        &cards::dreyl_maddox::DreylMaddox,
    ]
}

/// The same ten cards by hand: each a `match` over what its faces do.
mod by_hand {
    use super::*;

    macro_rules! faces {
        ($m:ident: $($face:ident => $data:ident),*) => {
            fn face(&self, face: Face) -> Option<&'static FaceData> {
                match face {
                    $(Face::$face => Some(&cards::$m::$data),)*
                    #[allow(unreachable_patterns)]
                    _ => None,
                }
            }
        };
    }

    pub struct AMartyrIsMade;
    impl Card for AMartyrIsMade {
        faces!(a_martyr_is_made: Prime => PRIME, Reversal => REVERSAL);
        fn trigger(&self, face: Face, index: usize, fx: &mut dyn Effects) {
            if (face, index) == (Face::Prime, 0) {
                fx.gain_story_points(Who::You, 1);
            }
        }
        fn play(&self, face: Face, fx: &mut dyn Effects) {
            if face == Face::Reversal {
                fx.fall_the_bound();
                fx.gain_story_points(Who::You, 2);
            }
        }
    }

    pub struct ArchivistOrethSal;
    impl Card for ArchivistOrethSal {
        faces!(archivist_oreth_sal: Prime => PRIME, Fallen => FALLEN);
        fn ability(&self, face: Face, index: usize, fx: &mut dyn Effects) {
            match (face, index) {
                (Face::Prime, 0) => fx.draw(Who::You, 2),
                (Face::Prime, 1) => fx.remove_liberation_counters(Target::Chosen(0), 1),
                (Face::Fallen, 0) => fx.destroy(Target::Chosen(0)),
                _ => {}
            }
        }
        fn trigger(&self, face: Face, index: usize, fx: &mut dyn Effects) {
            if (face, index) == (Face::Fallen, 0) {
                fx.lose_cp(Target::ThisCard, 1);
                fx.draw(Who::You, 1);
            }
        }
    }

    pub struct AshfallZealots;
    impl Card for AshfallZealots {
        faces!(ashfall_zealots: Prime => PRIME);
        fn trigger(&self, face: Face, index: usize, fx: &mut dyn Effects) {
            if (face, index) == (Face::Prime, 0) {
                fx.deal_damage(Target::Chosen(0), 1);
            }
        }
    }

    pub struct BlackoutBroadcast;
    impl Card for BlackoutBroadcast {
        faces!(blackout_broadcast: Prime => PRIME);
        fn play(&self, face: Face, fx: &mut dyn Effects) {
            if face == Face::Prime {
                fx.lose_cp(Target::Chosen(0), 1);
                fx.draw(Who::You, 1);
            }
        }
    }

    pub struct Broadside;
    impl Card for Broadside {
        faces!(broadside: Prime => PRIME);
        fn play(&self, face: Face, fx: &mut dyn Effects) {
            if face == Face::Prime {
                fx.deal_damage(Target::Chosen(0), 4);
            }
        }
    }

    pub struct BrotherCaddoReyne;
    impl Card for BrotherCaddoReyne {
        faces!(brother_caddo_reyne: Prime => PRIME, Fallen => FALLEN);
        fn ability(&self, face: Face, index: usize, fx: &mut dyn Effects) {
            if (face, index) == (Face::Prime, 0) {
                fx.ready(Target::Chosen(0));
            }
        }
        fn trigger(&self, face: Face, index: usize, fx: &mut dyn Effects) {
            match (face, index) {
                (Face::Prime, 0) => fx.fall_this_card(),
                (Face::Fallen, 0) => fx.deal_damage(Target::Chosen(0), 2),
                (Face::Fallen, 1) => fx.gain_cp(Target::ThisCard, 1),
                _ => {}
            }
        }
    }

    pub struct Castellan;
    impl Card for Castellan {
        faces!(castellan: Prime => PRIME);
        fn trigger(&self, face: Face, index: usize, fx: &mut dyn Effects) {
            if (face, index) == (Face::Prime, 0) {
                fx.gain_currency(Who::You, 1);
            }
        }
    }

    pub struct CensusOfTheFaithful;
    impl Card for CensusOfTheFaithful {
        faces!(census_of_the_faithful: Prime => PRIME);
        fn play(&self, face: Face, fx: &mut dyn Effects) {
            if face == Face::Prime {
                fx.remove_liberation_counters(Target::Named("Castellan"), 2);
            }
        }
    }

    pub struct CommodoreYsoldeKarn;
    impl Card for CommodoreYsoldeKarn {
        faces!(commodore_ysolde_karn: Prime => PRIME, Fallen => FALLEN);
        fn ability(&self, face: Face, index: usize, fx: &mut dyn Effects) {
            match (face, index) {
                (Face::Prime, 0) => fx.ready(Target::Chosen(0)),
                (Face::Fallen, 0) => fx.deal_damage(Target::Chosen(0), 3),
                _ => {}
            }
        }
        fn trigger(&self, face: Face, index: usize, fx: &mut dyn Effects) {
            if (face, index) == (Face::Prime, 0) {
                fx.draw(Who::You, 1);
            }
        }
    }

    pub struct DreylMaddox;
    impl Card for DreylMaddox {
        faces!(dreyl_maddox: Prime => PRIME, Fallen => FALLEN);
        fn ability(&self, face: Face, index: usize, fx: &mut dyn Effects) {
            if (face, index) == (Face::Fallen, 0) {
                fx.ready(Target::Chosen(0));
            }
        }
        fn trigger(&self, face: Face, index: usize, fx: &mut dyn Effects) {
            match (face, index) {
                (Face::Prime, 0) => fx.gain_currency(Who::You, 2),
                (Face::Fallen, 0) => fx.gain_cp(Target::ThisCard, 1),
                _ => {}
            }
        }
    }

    pub fn cards() -> [&'static dyn Card; 10] {
        [
            &AMartyrIsMade,
            &ArchivistOrethSal,
            &AshfallZealots,
            &BlackoutBroadcast,
            &Broadside,
            &BrotherCaddoReyne,
            &Castellan,
            &CensusOfTheFaithful,
            &CommodoreYsoldeKarn,
            &DreylMaddox,
        ]
    }
}

/// Plays every ability, trigger and played text of every face of `card` into `fx`.
fn play(card: &dyn Card, fx: &mut dyn Effects) {
    for face in [Face::Prime, Face::Fallen, Face::Reversal] {
        let Some(data) = card.face(face) else {
            continue;
        };
        for i in 0..data.abilities.len() {
            card.ability(face, i, fx);
        }
        for i in 0..data.triggers.len() {
            card.trigger(face, i, fx);
        }
        card.play(face, fx);
    }
}

fn tally(card: &dyn Card) -> u64 {
    let mut t = Tally::default();
    play(card, &mut t);
    t.0
}

/// One pass over `set`: every card played into one tally.
fn play_set(set: &[&'static dyn Card; 10]) -> u64 {
    let mut fx = Tally::default();
    for card in black_box(set) {
        play(*card, &mut fx);
    }
    fx.0
}

/// The two sides timed alternately, round by round (the side that goes first alternates
/// too), so that a change of the machine's load moves both: prints each side's median
/// and the median of the rounds' ratios, the figure `docs/performance.md` quotes. Criterion's
/// two measurements below are taken one after the other and, on a shared machine, can differ
/// by more than the two programs do.
fn paired(generated: &[&'static dyn Card; 10], by_hand: &[&'static dyn Card; 10]) {
    const ROUNDS: usize = 41;
    const PASSES: u32 = 20_000;
    let time = |set: &[&'static dyn Card; 10]| {
        let start = std::time::Instant::now();
        let mut sum = 0u64;
        for _ in 0..PASSES {
            sum = sum.wrapping_add(play_set(set));
        }
        black_box(sum);
        start.elapsed().as_secs_f64() * 1e9 / f64::from(PASSES)
    };
    let (mut g, mut h, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    for round in 0..ROUNDS {
        let (a, b) = if round % 2 == 0 {
            let a = time(generated);
            (a, time(by_hand))
        } else {
            let b = time(by_hand);
            (time(generated), b)
        };
        g.push(a);
        h.push(b);
        ratios.push(a / b);
    }
    let median = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    println!(
        "paired, {ROUNDS} alternating rounds of {PASSES} passes: generated {:.1} ns, by hand {:.1} ns a pass (medians); generated / by hand {:.3} (median of the rounds' ratios)",
        median(&mut g),
        median(&mut h),
        median(&mut ratios)
    );
}

fn bench(c: &mut Criterion) {
    let generated = generated();
    let by_hand = by_hand::cards();
    for (g, h) in generated.iter().zip(&by_hand) {
        assert_eq!(g.name(), h.name());
        assert_ne!(tally(*g), 0, "{} plays nothing", g.name());
        assert_eq!(
            tally(*g),
            tally(*h),
            "{}: the hand-written impl no longer does what the card says; update benches/play.rs",
            g.name()
        );
    }
    paired(&generated, &by_hand);
    let mut group = c.benchmark_group("play_ten_cards");
    for (name, set) in [("generated", generated), ("by_hand", by_hand)] {
        group.bench_function(name, |b| b.iter(|| play_set(&set)));
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
