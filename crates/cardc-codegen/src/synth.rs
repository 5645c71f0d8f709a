//! A seeded generator of valid cards, for benchmarks and stress tests.
//!
//! [`cards`] writes card-language source: the same seed gives the same bytes on every
//! machine (a SplitMix64 generator, no platform or crate-version dependence). Every card
//! passes the rules checker without warnings (tested): stats stay inside the guidance
//! bands, Characters get two distinct Drives, a Morality, Penalties that never name their
//! own Morality and a Fallen face with an exit clause, and rules text is drawn from
//! sentences that are legal on the card's kind: the events and effects from the vocabulary
//! table (`Event::ALL` and its facts, `Effect::ROWS`), so a new row reaches the synthetic
//! sets (and the benchmarks) without an edit here.

use std::fmt::Write;

use cardc_ir::{CardKind, Effect, Event, EventNeeds, Playable};

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

/// The kinds of card the generator prints rules text on, as far as what they may print goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Host {
    /// A Character face: CP, a Fallen face, Attack possibly 0.
    Character,
    /// A Ground Unit: Attack at least 1 and DEF, no Fallen face.
    Unit,
    /// A Location: Rank only.
    Location,
    /// A Maneuver: its effect is played.
    Maneuver,
}

/// The effects of the vocabulary table a `host` may print, from their rows' examples
/// (`Effect::ROWS`): those that stand alone as an effect sentence (no frame: no `:`, no
/// `If`, no trigger, as `add_vox`'s, which only a Liberation plays, ruling R59), play anywhere, and ask nothing of the card the host is not. Lower-case start, no
/// final period.
fn effects(host: Host) -> Vec<String> {
    Effect::ROWS
        .iter()
        .filter(|r| r.playable == Playable::Anywhere)
        .filter(|r| match r.card_needs {
            None => true,
            Some(CardKind::Character) => host == Host::Character,
            Some(_) => false,
        })
        .filter(|r| !r.example.contains(':') && !r.example.starts_with("If "))
        .filter(|r| {
            !["Whenever ", "When ", "At "]
                .iter()
                .any(|frame| r.example.starts_with(frame))
        })
        .map(|r| lower_first(r.example.trim_end_matches('.')))
        .collect()
}

fn lower_first(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_ascii_lowercase().to_string() + c.as_str())
        .unwrap_or_default()
}

fn upper_first(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
        .unwrap_or_default()
}

/// Whether a trigger on `event` can fire on `host` and draws no warning there: the table's
/// facts (`Event::needs`, `Event::requires_combat`) against what the host prints (E0141,
/// W0101: the generator's Characters may have no Attack).
fn event_fits(event: Event, host: Host) -> bool {
    let needs = match event.needs() {
        None => true,
        Some(EventNeeds::Liberator) => matches!(host, Host::Character | Host::Unit),
        Some(EventNeeds::Fall) => host == Host::Character,
        Some(EventNeeds::Deploy) => matches!(host, Host::Character | Host::Unit),
        Some(EventNeeds::Activate) => matches!(host, Host::Character | Host::Unit),
        Some(EventNeeds::Defend) => matches!(host, Host::Character | Host::Unit),
        Some(EventNeeds::Counters) => matches!(host, Host::Character | Host::Unit | Host::Location),
    };
    needs && (!event.requires_combat() || host == Host::Unit)
}

/// Every trigger the table's events and effects make for `host`, `stride` apart (a sample
/// that keeps every event and spreads the effects).
fn triggers(host: Host, stride: usize) -> Vec<String> {
    let effects = effects(host);
    let mut out = Vec::new();
    let mut k = 0;
    for &event in Event::ALL.iter().filter(|&&e| event_fits(e, host)) {
        for _ in 0..2 {
            let effect = &effects[k % effects.len()];
            k += stride;
            // W0100: a damage trigger answered with Liberation counters mixes two channels.
            if event == Event::ThisTakesDamage && effect.contains("Liberation counter") {
                continue;
            }
            if event.at() {
                out.push(format!("At {}, {effect}.", event.phrase()));
            } else {
                out.push(format!("Whenever {}, {effect}.", event.phrase()));
            }
        }
    }
    out.push(format!(
        "At the start of your turn, {}.",
        effects[k % effects.len()]
    ));
    out
}

/// The sentence pools, drawn from the vocabulary table (events, effects) and the sentence
/// frames (statics, abilities, replacements, keywords) that are not rows of it.
struct Pools {
    unit: Vec<String>,
    character: Vec<String>,
    location: Vec<String>,
    maneuver: Vec<String>,
}

impl Pools {
    fn new() -> Pools {
        let mut unit = triggers(Host::Unit, 3);
        unit.extend(["+1 DEF.".to_owned(), "-1 RK.".to_owned()]);
        let mut character = triggers(Host::Character, 5);
        let mine = effects(Host::Character);
        for (i, frame) in [
            "-1 CP: ",
            "-2 CP: ",
            "+1 CP: ",
            "A: ",
            "A, Pay 1 Currency: ",
        ]
        .iter()
        .enumerate()
        {
            character.push(format!(
                "{frame}{}.",
                upper_first(&mine[(i * 7) % mine.len()])
            ));
        }
        character.push("+1 RK.".to_owned());
        let mut location = triggers(Host::Location, 2);
        location.push(
            "If Liberation counters would be placed on this card, pay 2 Currency instead."
                .to_owned(),
        );
        location.push("Indoctrinated.".to_owned());
        let maneuver = effects(Host::Maneuver)
            .iter()
            .map(|e| format!("{}.", upper_first(e)))
            .collect();
        Pools {
            unit,
            character,
            location,
            maneuver,
        }
    }
}

/// The cards of a source text such as [`cards`] writes, each with its lines: a card starts
/// at a line that begins with a letter (comments and blank lines stay with the card before).
/// The benchmarks and tests that spread a synthetic set over many files split it here.
pub fn split_cards(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for line in text.split_inclusive('\n') {
        match out.last_mut() {
            Some(card) if !line.starts_with(|c: char| c.is_ascii_alphabetic()) => {
                card.push_str(line);
            }
            _ => out.push(line.to_owned()),
        }
    }
    out
}

/// `count` cards of card-language source, deterministic from `seed`.
pub fn cards(count: usize, seed: u64) -> String {
    let mut rng = Rng::new(seed);
    let pools = Pools::new();
    let mut out = format!("# {count} synthetic cards, seed {seed}: generated, do not edit.\n");
    for i in 0..count {
        out.push('\n');
        match rng.range(0, 9) {
            0..=2 => character(&mut out, &mut rng, &pools, i),
            3..=5 => ground_unit(&mut out, &mut rng, &pools, i),
            6 => location(&mut out, &mut rng, &pools, i),
            7 => maneuver(&mut out, &mut rng, &pools, i),
            8 => device(&mut out, &mut rng, i),
            _ => storyline(&mut out, &mut rng, i),
        }
    }
    out
}

/// Up to `max` distinct sentences from `pool`, in pool order.
fn text(rng: &mut Rng, pool: &[String], max: u32) -> Vec<String> {
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

fn character(out: &mut String, rng: &mut Rng, pools: &Pools, i: usize) {
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
        text_block(out, "        ", &text(rng, &pools.character, 3));
        if face == "fallen" {
            let _ = writeln!(out, "        exit {}", rng.pick(EXITS));
        }
        let _ = writeln!(out, "    }}");
    }
    let _ = writeln!(out, "}}");
}

fn ground_unit(out: &mut String, rng: &mut Rng, pools: &Pools, i: usize) {
    let _ = writeln!(out, "ground_unit \"Synthetic Unit {i}\" {{");
    let _ = writeln!(out, "    cost {}", rng.range(0, 4));
    let _ = writeln!(out, "    rank {}", rng.range(1, 3));
    let _ = writeln!(out, "    vox {}", rng.range(0, 1));
    let _ = writeln!(out, "    attack {}", rng.range(1, 3));
    let _ = writeln!(out, "    def {}", rng.range(1, 3));
    text_block(out, "    ", &text(rng, &pools.unit, 2));
    let _ = writeln!(out, "}}");
}

fn location(out: &mut String, rng: &mut Rng, pools: &Pools, i: usize) {
    let (kind, lo, hi) = *rng.pick(&[
        ("surface_location", 2, 4),
        ("planetary_location", 4, 6),
        ("homeworld", 6, 6),
    ]);
    let _ = writeln!(out, "{kind} \"Synthetic Location {i}\" {{");
    let _ = writeln!(out, "    rank {}", rng.range(lo, hi));
    let mut sentences = text(rng, &pools.location, 2);
    // E0141: an Indoctrinated card is never declared as a Liberation target (§12.3).
    if sentences
        .iter()
        .any(|s| s.contains("declared as a Liberation target"))
    {
        sentences.retain(|s| s != "Indoctrinated.");
    }
    text_block(out, "    ", &sentences);
    let _ = writeln!(out, "}}");
}

fn maneuver(out: &mut String, rng: &mut Rng, pools: &Pools, i: usize) {
    let _ = writeln!(out, "maneuver \"Synthetic Maneuver {i}\" {{");
    let _ = writeln!(out, "    cost {}", rng.range(0, 3));
    let _ = writeln!(out, "    speed {}", rng.pick(&["slow", "fast"]));
    if rng.range(0, 3) == 0 {
        let _ = writeln!(out, "    character_action {}", rng.pick(MORALITIES));
    }
    let _ = writeln!(out, "    text {{ {} }}", rng.pick(&pools.maneuver));
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
