//! Full seven-step Liberations per second (sealed commit–reveal, two targets, a garrison,
//! defenders, RK bonus, payment and resolution with triggers).
//!
//! Run: `cargo bench -p cardc-engine --bench liberation`

use cardc_engine::harness::Board;
use cardc_engine::*;
use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use rand::SeedableRng;

struct Unit(&'static FaceData);
impl Card for Unit {
    fn face(&self, face: Face) -> Option<&'static FaceData> {
        (face == Face::Prime).then_some(self.0)
    }
}

static ORATOR_D: FaceData = FaceData {
    name: "Great Orator",
    kind: Kind::Character,
    cp: 8,
    vox: 4,
    rank: Some(StatValue::X),
    def: Some(StatValue::X),
    ..FaceData::BLANK
};
static STALWART_D: FaceData = FaceData {
    name: "Stalwart",
    kind: Kind::Character,
    cp: 6,
    vox: 1,
    rank: Some(StatValue::X),
    def: Some(StatValue::X),
    statics: &[Static {
        subject: Subject::ThisCard,
        kind: StaticKind::Bonus {
            amount: 1,
            stat: BonusStat::Rank,
        },
        condition: None,
    }],
    ..FaceData::BLANK
};
static AGITATORS_D: FaceData = FaceData {
    name: "Dockside Agitators",
    kind: Kind::GroundUnit,
    rank: Some(StatValue::Num(2)),
    vox: 1,
    def: Some(StatValue::Num(1)),
    ..FaceData::BLANK
};
static FORUM_D: FaceData = FaceData {
    name: "Open Forum",
    kind: Kind::SurfaceLocation,
    rank: Some(StatValue::Num(3)),
    ..FaceData::BLANK
};
static ORATOR: Unit = Unit(&ORATOR_D);
static STALWART: Unit = Unit(&STALWART_D);
static AGITATORS: Unit = Unit(&AGITATORS_D);
static FORUM: Unit = Unit(&FORUM_D);

struct Setup {
    game: Game,
    libs: [PermanentId; 2],
    targets: [PermanentId; 2],
    garrisons: [(PermanentId, PermanentId); 1],
    defenders: [PermanentId; 1],
    assign: [(PermanentId, u32); 2],
    defence: [(PermanentId, u32); 1],
}

fn setup() -> Setup {
    let (p0, p1) = (PlayerId(0), PlayerId(1));
    let mut b = Board::new(2);
    let band = b.ground();
    b.treasury(p0, 3).treasury(p1, 3);
    let l1 = b.put(p0, &ORATOR, band);
    let l2 = b.put(p0, &AGITATORS, band);
    let c = b.put(p1, &STALWART, band);
    let t = b.put(p1, &FORUM, band);
    let gar = b.put_on(p1, &AGITATORS, t);
    let d = b.put(p1, &STALWART, band);
    Setup {
        game: b.build(),
        libs: [l1, l2],
        targets: [c, t],
        garrisons: [(gar, t)],
        defenders: [d],
        assign: [(c, 3), (gar, 2)],
        defence: [(c, 1)],
    }
}

fn liberation(s: &mut Setup, rng: &mut rand::rngs::StdRng) {
    let p0 = PlayerId(0);
    let g = &mut s.game;
    g.activate_liberators(p0, &s.libs).unwrap();
    g.declare_targets(&s.targets, false).unwrap();
    g.activate_defenders(&s.defenders, &s.garrisons).unwrap();
    let a = Assignment::new(&s.assign).unwrap();
    let sealed = SealedAssignment::seal(g, a, rng).unwrap();
    g.commit_sealed(sealed.commitment()).unwrap();
    g.allocate_defence(Assignment::new(&s.defence).unwrap())
        .unwrap();
    g.reveal(Some(&sealed.opening())).unwrap();
    g.pay().unwrap();
    g.resolve().unwrap();
}

fn bench(c: &mut Criterion) {
    let mut rng = rand::rngs::StdRng::seed_from_u64(1);
    let mut group = c.benchmark_group("liberation");
    group.throughput(Throughput::Elements(1));
    group.bench_function("full_seven_steps", |b| {
        b.iter_batched_ref(setup, |s| liberation(s, &mut rng), BatchSize::SmallInput)
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
