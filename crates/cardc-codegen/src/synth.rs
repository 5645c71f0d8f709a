//! A seeded generator of valid cards, for benchmarks and stress tests.
//!
//! [`cards`] writes card-language source: the same seed gives the same bytes on every
//! machine (a SplitMix64 generator, no platform or crate-version dependence). Every card
//! passes the rules checker without warnings (tested): stats stay inside the guidance
//! bands, Characters get two distinct Drives, a Morality, Penalties that never name their
//! own Morality and a Fallen face with an exit clause, and rules text is drawn from
//! sentences that are legal on the card's kind.

use std::fmt::Write;

/// SplitMix64: small, fast, and fixed forever.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator from `seed`.
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: u32, hi: u32) -> u32 {
        let span = u64::from(hi - lo) + 1;
        lo + u32::try_from(self.next_u64() % span).unwrap_or(0)
    }

    /// One of `items`.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        let i = self.next_u64() % items.len() as u64;
        &items[usize::try_from(i).unwrap_or(0)]
    }
}

const DRIVES: &[&str] = &[
    "Liberation",
    "Greed",
    "Power",
    "Connection",
    "Justice",
    "Redemption",
    "Destruction",
    "Knowledge",
];
const MORALITIES: &[&str] = &["Virtuous", "Expedient", "Ruthless", "Iniquitous"];
const EXITS: &[&str] = &["Redeem", "Selfless Sacrifice", "Conviction"];

/// Sentences legal on any permanent that prints Rank, Attack and DEF.
const UNIT_TEXT: &[&str] = &[
    "Whenever this card liberates another card, gain 1 Currency.",
    "When this card is destroyed, gain 1 Story Point.",
    "When this card is destroyed in combat, deal 1 damage to target Ground Unit an opponent controls.",
    "Whenever this card destroys a permanent in combat, draw a card.",
    "Whenever a card you control destroys a permanent, gain 1 Currency.",
    "When this card is destroyed by a card an opponent controls, gain 2 Story Points.",
    "Whenever this card takes damage, deal 1 damage to target Ground Unit an opponent controls.",
    "At the start of your turn, gain 1 Currency.",
    "+1 DEF.",
    "-1 RK.",
];

/// Sentences for Character faces (CP effects, Character Abilities, Activated abilities).
const CHARACTER_TEXT: &[&str] = &[
    "Whenever this card liberates another card, gain 1 CP.",
    "-1 CP: Draw a card.",
    "-2 CP: Deal 2 damage to target Ground Unit an opponent controls.",
    "+1 CP: Pay 1 Currency.",
    "A: Ready target Character you control.",
    "A, Pay 1 Currency: Remove 1 Liberation counter from target Homeworld you control.",
    "At the start of your turn, lose 1 CP, then draw a card.",
    "Whenever a Liberation an opponent declared destroys a permanent you control, gain 1 CP.",
    "When this card is destroyed by a card an opponent controls, draw 2 cards.",
    "+1 RK.",
];

/// Sentences for Locations.
const LOCATION_TEXT: &[&str] = &[
    "At the start of your turn, gain 1 Currency.",
    "Whenever a Liberation an opponent declared destroys a permanent you control, gain 1 Story Point.",
    "At the start of your turn, remove 1 Liberation counter from this card.",
    "If Liberation counters would be placed on this card, pay 2 Currency instead.",
    "Indoctrinated.",
];

/// Maneuver texts.
const MANEUVER_TEXT: &[&str] = &[
    "Deal 2 damage to target Ground Unit.",
    "Target Character an opponent controls loses 2 CP.",
    "Draw 2 cards, then gain 1 Currency.",
    "Destroy target Device.",
    "Ready target Character you control.",
    "Place 1 Liberation counter on target Surface Location an opponent controls.",
];

/// `count` cards of card-language source, deterministic from `seed`.
pub fn cards(count: usize, seed: u64) -> String {
    let mut rng = Rng::new(seed);
    let mut out = format!("# {count} synthetic cards, seed {seed}: generated, do not edit.\n");
    for i in 0..count {
        out.push('\n');
        match rng.range(0, 9) {
            0..=2 => character(&mut out, &mut rng, i),
            3..=5 => ground_unit(&mut out, &mut rng, i),
            6 => location(&mut out, &mut rng, i),
            7 => maneuver(&mut out, &mut rng, i),
            8 => device(&mut out, &mut rng, i),
            _ => storyline(&mut out, &mut rng, i),
        }
    }
    out
}

/// Up to `max` distinct sentences from `pool`, in pool order.
fn text(rng: &mut Rng, pool: &[&str], max: u32) -> Vec<String> {
    let n = rng.range(0, max);
    let mut picked: Vec<usize> = Vec::new();
    for _ in 0..n {
        let i =
            usize::try_from(rng.range(0, u32::try_from(pool.len() - 1).unwrap_or(0))).unwrap_or(0);
        if !picked.contains(&i) {
            picked.push(i);
        }
    }
    picked.sort_unstable();
    picked.into_iter().map(|i| pool[i].to_owned()).collect()
}

fn text_block(out: &mut String, indent: &str, sentences: &[String]) {
    if sentences.is_empty() {
        return;
    }
    let _ = writeln!(out, "{indent}text {{");
    for s in sentences {
        let _ = writeln!(out, "{indent}    {s}");
    }
    let _ = writeln!(out, "{indent}}}");
}

fn character(out: &mut String, rng: &mut Rng, i: usize) {
    let _ = writeln!(out, "character \"Synthetic Character {i}\" {{");
    let _ = writeln!(out, "    cost {}", rng.range(1, 5));
    let _ = writeln!(out, "    votes {}", rng.range(0, 2));
    for (face, head) in [
        ("prime", "    prime {".to_owned()),
        (
            "fallen",
            format!("    fallen \"Synthetic Character {i}, Fallen\" {{"),
        ),
    ] {
        let _ = writeln!(out, "{head}");
        let a = rng.range(0, 7) as usize;
        let b = (a + 1 + rng.range(0, 6) as usize) % 8;
        let _ = writeln!(out, "        drives {}, {}", DRIVES[a], DRIVES[b]);
        let m = rng.range(0, 3) as usize;
        let _ = writeln!(out, "        morality {}", MORALITIES[m]);
        let _ = writeln!(out, "        cp {}", rng.range(2, 7));
        let _ = writeln!(out, "        vox {}", rng.range(0, 2));
        let _ = writeln!(out, "        attack {}", rng.range(0, 3));
        let _ = writeln!(out, "        rank X");
        let _ = writeln!(out, "        def X");
        let penalties: Vec<String> = MORALITIES
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != m)
            .map(|(_, p)| format!("-{} CP {p}", rng.range(1, 4)))
            .collect();
        let _ = writeln!(out, "        penalties {}", penalties.join(", "));
        text_block(out, "        ", &text(rng, CHARACTER_TEXT, 3));
        if face == "fallen" {
            let _ = writeln!(out, "        exit {}", rng.pick(EXITS));
        }
        let _ = writeln!(out, "    }}");
    }
    let _ = writeln!(out, "}}");
}

fn ground_unit(out: &mut String, rng: &mut Rng, i: usize) {
    let _ = writeln!(out, "ground_unit \"Synthetic Unit {i}\" {{");
    let _ = writeln!(out, "    cost {}", rng.range(0, 4));
    let _ = writeln!(out, "    rank {}", rng.range(1, 3));
    let _ = writeln!(out, "    vox {}", rng.range(0, 1));
    let _ = writeln!(out, "    attack {}", rng.range(1, 3));
    let _ = writeln!(out, "    def {}", rng.range(1, 3));
    text_block(out, "    ", &text(rng, UNIT_TEXT, 2));
    let _ = writeln!(out, "}}");
}

fn location(out: &mut String, rng: &mut Rng, i: usize) {
    let (kind, lo, hi) = *rng.pick(&[
        ("surface_location", 2, 4),
        ("planetary_location", 4, 6),
        ("homeworld", 6, 6),
    ]);
    let _ = writeln!(out, "{kind} \"Synthetic Location {i}\" {{");
    let _ = writeln!(out, "    rank {}", rng.range(lo, hi));
    text_block(out, "    ", &text(rng, LOCATION_TEXT, 2));
    let _ = writeln!(out, "}}");
}

fn maneuver(out: &mut String, rng: &mut Rng, i: usize) {
    let _ = writeln!(out, "maneuver \"Synthetic Maneuver {i}\" {{");
    let _ = writeln!(out, "    cost {}", rng.range(0, 3));
    let _ = writeln!(out, "    speed {}", rng.pick(&["slow", "fast"]));
    if rng.range(0, 3) == 0 {
        let _ = writeln!(out, "    character_action {}", rng.pick(MORALITIES));
    }
    let _ = writeln!(out, "    text {{ {} }}", rng.pick(MANEUVER_TEXT));
    let _ = writeln!(out, "}}");
}

fn device(out: &mut String, rng: &mut Rng, i: usize) {
    let _ = writeln!(out, "device \"Synthetic Device {i}\" {{");
    let _ = writeln!(out, "    cost {}", rng.range(1, 4));
    let _ = writeln!(
        out,
        "    text {{ Whenever a card you control destroys a permanent, gain {} Currency. }}",
        rng.range(1, 2)
    );
    if rng.range(0, 1) == 0 {
        let _ = writeln!(out, "    fallen \"Synthetic Device {i}, Fallen\" {{");
        let _ = writeln!(
            out,
            "        text {{ At the start of your turn, pay 1 Currency. }}"
        );
        let _ = writeln!(out, "        redeem Pay {} Currency", rng.range(1, 3));
        let _ = writeln!(out, "    }}");
    }
    let _ = writeln!(out, "}}");
}

fn storyline(out: &mut String, rng: &mut Rng, i: usize) {
    let _ = writeln!(out, "storyline \"Synthetic Storyline {i}\" {{");
    let _ = writeln!(out, "    cost {}", rng.range(1, 3));
    let _ = writeln!(out, "    text {{");
    let _ = writeln!(out, "        The Bound gets +{} DEF.", rng.range(1, 2));
    let _ = writeln!(
        out,
        "        At the start of your turn, the Bound loses 1 CP."
    );
    let _ = writeln!(out, "    }}");
    let _ = writeln!(out, "    reversal \"Synthetic Storyline {i}, Reversed\" {{");
    let _ = writeln!(
        out,
        "        text {{ Fall the Bound, then gain {} Story Points. }}",
        rng.range(2, 3)
    );
    let _ = writeln!(out, "    }}");
    let _ = writeln!(out, "}}");
}
