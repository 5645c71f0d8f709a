//! §12.6–§12.8: the pure arithmetic of `liberation::arith::settle` predicts full engine runs.
//!
//! Random Liberations (liberators, defenders, a Character with an RK bonus, a Character with
//! an RK penalty, a Location with counters from an earlier turn, a Location with an RK bonus
//! that raises its Rank, any Treasury) are run through all seven steps of the engine, and
//! the CP, counters, destructions, payment and Story Points are compared with what `settle`
//! computes from the numbers alone. The balance oracle evaluates `settle`, so this is the test
//! that the oracle and the rules agree.

use cardc_engine::harness::{Board, LiberationPlan};
use cardc_engine::liberation::arith::{self, SlotInput, Standing};
use cardc_engine::*;
use proptest::prelude::*;

struct Plain(&'static FaceData);
impl Card for Plain {
    fn face(&self, face: Face) -> Option<&'static FaceData> {
        (face == Face::Prime).then_some(self.0)
    }
}

static UNIT_P: FaceData = FaceData {
    name: "Crowd",
    kind: Kind::GroundUnit,
    vox: 1,
    rank: Some(StatValue::Num(2)),
    def: Some(StatValue::Num(1)),
    ..FaceData::BLANK
};
static UNIT: Plain = Plain(&UNIT_P);
static GUARDED_P: FaceData = FaceData {
    name: "Guarded Speaker",
    kind: Kind::Character,
    cp: 3,
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
static GUARDED: Plain = Plain(&GUARDED_P);
static EXPOSED_P: FaceData = FaceData {
    name: "Exposed Speaker",
    kind: Kind::Character,
    cp: 4,
    rank: Some(StatValue::X),
    def: Some(StatValue::X),
    statics: &[Static {
        subject: Subject::ThisCard,
        kind: StaticKind::Bonus {
            amount: -2,
            stat: BonusStat::Rank,
        },
        condition: None,
    }],
    ..FaceData::BLANK
};
static EXPOSED: Plain = Plain(&EXPOSED_P);
static MARKET_P: FaceData = FaceData {
    name: "Market",
    kind: Kind::SurfaceLocation,
    rank: Some(StatValue::Num(3)),
    ..FaceData::BLANK
};
static MARKET: Plain = Plain(&MARKET_P);
static BASTION_P: FaceData = FaceData {
    name: "Bastion",
    kind: Kind::SurfaceLocation,
    rank: Some(StatValue::Num(2)),
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
static BASTION: Plain = Plain(&BASTION_P);

#[derive(Debug, Clone)]
struct Case {
    liberators: usize,
    defenders: usize,
    assign: [u32; 4],
    defence: [u32; 4],
    market_counters: u32,
    treasury: u32,
}

fn case() -> impl Strategy<Value = Case> {
    (
        4usize..=8,
        0usize..=6,
        prop::array::uniform4(1u32..=4),
        prop::array::uniform4(0u32..=3),
        0u32..=2,
        0u32..=6,
    )
        .prop_map(
            |(liberators, defenders, assign, defence, market_counters, treasury)| Case {
                liberators,
                defenders,
                assign,
                defence,
                market_counters,
                treasury,
            },
        )
        .prop_filter("the split fits the liberating Vox", |c| {
            c.assign.iter().sum::<u32>() as usize <= c.liberators
        })
        .prop_filter("the defence fits the defending Vox", |c| {
            c.defence.iter().sum::<u32>() as usize <= c.defenders
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, max_global_rejects: 100_000, ..ProptestConfig::default() })]

    /// §12.6 cancellation, §12.7 payment and §12.8 resolution: `settle` and the engine agree.
    #[test]
    fn s12_6_to_s12_8_settle_predicts_the_engine(c in case()) {
        let (p0, p1) = (PlayerId(0), PlayerId(1));
        let mut b = Board::new(2);
        let band = b.ground();
        let libs: Vec<_> = (0..c.liberators).map(|_| b.put(p0, &UNIT, band)).collect();
        let defs: Vec<_> = (0..c.defenders).map(|_| b.put(p1, &UNIT, band)).collect();
        let targets = [
            b.put(p1, &GUARDED, band),
            b.put(p1, &EXPOSED, band),
            b.put(p1, &MARKET, band),
            b.put(p1, &BASTION, band),
        ];
        let mc = c.market_counters;
        b.with(targets[2], |p| p.counters = mc);
        b.treasury(p0, c.treasury);
        let mut g = b.build();
        let assign: Vec<_> = targets.iter().copied().zip(c.assign).collect();
        let defence: Vec<_> = targets.iter().copied().zip(c.defence).collect();
        let plan = LiberationPlan {
            player: p0,
            liberators: &libs,
            targets: &targets,
            defenders: &defs,
            assign: &assign,
            defence: &defence,
            ..LiberationPlan::default()
        };
        let paid = plan.run(&mut g, &mut rand::thread_rng()).unwrap();

        let standings = [
            Standing::Character { cp: 3, net_rk: 1 },
            Standing::Character { cp: 4, net_rk: -2 },
            Standing::Other { counters: mc, effective_rank: 3 },
            Standing::Other { counters: 0, effective_rank: 3 },
        ];
        let inputs: Vec<_> = (0..4)
            .map(|i| SlotInput { standing: standings[i], assigned: c.assign[i], defended: c.defence[i] })
            .collect();
        let mut out = Vec::new();
        let predicted = arith::settle(&inputs, c.treasury, &mut out);
        prop_assert_eq!(paid, predicted);
        prop_assert_eq!(g.player(p0).treasury, c.treasury - predicted.paid);
        prop_assert_eq!(g.player(p1).story_points, u32::from(predicted.shortfall));
        for (i, (&t, r)) in targets.iter().zip(&out).enumerate() {
            let p = g.permanent(t).unwrap();
            prop_assert_eq!(!p.on_map(), r.destroyed, "target {} destroyed", i);
            if !r.destroyed {
                prop_assert_eq!(p.counters, r.counters_after, "target {} counters", i);
            }
            if let Standing::Character { cp, .. } = standings[i] {
                prop_assert_eq!(cp - p.cp.max(0), i64::from(r.cp_removed), "target {} CP", i);
            }
        }
    }
}
