//! The scenarios exercise the whole vocabulary: every ability kind, every `Effect`, every
//! kind of `Target`, every trigger event and every would-event of a replacement resolves in
//! at least one scenario, and the two §12.8 rules are shown not firing ("in combat" on a
//! Liberation kill, damage on Liberation CP loss).
//!
//! Mechanical: the runner records which card behaviour the engine called (card, face,
//! method, index); this test maps each call back to the IR ability it was generated
//! from and collects the variants it contains. Keywords, statics and cost changes are data the
//! engine reads, so they count when a card printing them is on a scenario's board.

use cardc_build_script_demo::scenario::{self, Method, Run};
use cardc_engine::{CpLoss, Event as Logged, Face};
use cardc_ir::{
    Ability, Card, Cost, Effect, Event, FaceRole, Keyword, StaticKind, Target, Trigger,
};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The IR of every card the scenarios may use, by name.
fn ir() -> BTreeMap<String, Card> {
    let paths = [
        root().join("cards"),
        root().join("tests/build-script-demo/cards"),
    ];
    let inputs = cardc::load(&paths).expect("cards load");
    let c = cardc::compile(inputs);
    assert!(!c.has_errors(), "the scenario cards have errors");
    c.set
        .cards
        .into_iter()
        .map(|card| (card.name.value.clone(), card))
        .collect()
}

fn ability_kind(a: &Ability) -> &'static str {
    match a {
        Ability::Keyword(_) => "Keyword",
        Ability::Static(_) => "Static",
        Ability::Triggered(_) => "Triggered",
        Ability::Activated(a) if a.marks() == Some(cardc_ir::CostMarks::CharacterAbility) => {
            "CharacterAbility"
        }
        Ability::Activated(_) => "Activated",
        Ability::Replacement(_) => "Replacement",
        Ability::Twist(_) => "Twist",
        Ability::Effect(_) => "Effect",
        Ability::CostChange(_) => "CostChange",
    }
}

const ABILITY_KINDS: &[&str] = &[
    "Keyword",
    "Static",
    "Triggered",
    "CharacterAbility",
    "Activated",
    "Replacement",
    "Twist",
    "Effect",
    "CostChange",
];

fn target_name(t: &Target) -> &'static str {
    match t {
        Target::Chosen { .. } => "Chosen",
        Target::Each { .. } => "Each",
        Target::ThisCard => "ThisCard",
        Target::TheBound => "TheBound",
        Target::Named(_) => "Named",
        Target::Anaphor { .. } => "Anaphor",
    }
}

const TARGETS: &[&str] = &["Chosen", "Each", "ThisCard", "TheBound", "Named", "Anaphor"];

/// The would-event a replacement watches (rulings R102–R104).
fn would_name(w: &cardc_ir::WouldEvent) -> &'static str {
    match w {
        cardc_ir::WouldEvent::CountersPlaced(_) => "CountersPlaced",
        cardc_ir::WouldEvent::StoryCountersPlaced(_) => "StoryCountersPlaced",
        cardc_ir::WouldEvent::Destroyed(_) => "Destroyed",
        cardc_ir::WouldEvent::TakeDamage(_) => "TakeDamage",
    }
}

const WOULDS: &[&str] = &[
    "CountersPlaced",
    "StoryCountersPlaced",
    "Destroyed",
    "TakeDamage",
];

fn ir_face(card: &Card, face: Face) -> Option<&cardc_ir::Face> {
    card.faces.iter().find(|f| match face {
        Face::Prime => matches!(f.role, FaceRole::Front | FaceRole::Prime),
        Face::Fallen => f.role == FaceRole::Fallen,
        Face::Reversal => f.role == FaceRole::Reversal,
    })
}

/// The IR abilities a recorded call resolved.
fn resolved_abilities(card: &Card, face: Face, method: Method, index: usize) -> Vec<&Ability> {
    let Some(f) = ir_face(card, face) else {
        return Vec::new();
    };
    let abilities = f.abilities.iter().map(|a| &a.value);
    match method {
        Method::Ability => abilities
            .filter(|a| matches!(a, Ability::Activated(_)))
            .nth(index)
            .into_iter()
            .collect(),
        Method::Trigger => abilities
            .filter(|a| matches!(a, Ability::Triggered(_) | Ability::Twist(_)))
            .nth(index)
            .into_iter()
            .collect(),
        Method::Replace => abilities
            .filter(|a| matches!(a, Ability::Replacement(_)))
            .nth(index)
            .into_iter()
            .collect(),
        Method::Play => abilities
            .filter(|a| matches!(a, Ability::Effect(_)))
            .collect(),
    }
}

fn trigger_of(a: &Ability) -> Option<Trigger> {
    match a {
        Ability::Triggered(t) => Some(t.trigger.value),
        Ability::Twist(t) => Some(t.triggered.trigger.value),
        _ => None,
    }
}

fn trigger_name(t: Trigger) -> String {
    match t.event() {
        Some(e) => e.name().to_owned(),
        None => "StartOfYourTurn".to_owned(),
    }
}

#[derive(Default)]
struct Seen {
    kinds: BTreeSet<&'static str>,
    effects: BTreeSet<&'static str>,
    targets: BTreeSet<&'static str>,
    events: BTreeSet<String>,
    /// The would-events of the replacements that applied.
    woulds: BTreeSet<&'static str>,
    costs: BTreeSet<&'static str>,
    /// The static rows and keywords printed by a card on some scenario's board, and whether
    /// a conditional static (ruling R70) was among them.
    statics: BTreeSet<&'static str>,
    keywords: BTreeSet<&'static str>,
    conditional_static: bool,
}

impl Seen {
    fn ability(&mut self, a: &Ability) {
        self.kinds.insert(ability_kind(a));
        if let Ability::Activated(a) = a {
            self.costs.extend(a.costs.iter().map(|c| c.value.name()));
        }
        if let Ability::Replacement(r) = a {
            self.woulds.insert(would_name(&r.would.value));
        }
        for chain in a.effects() {
            for step in &chain.steps {
                self.effects.insert(step.value.name());
                if let Some(t) = step.value.target() {
                    self.targets.insert(target_name(t));
                }
            }
        }
        if let Some(t) = trigger_of(a) {
            self.events.insert(trigger_name(t));
        }
    }
}

/// Whether a trigger of `card`'s `face` waiting for `wanted` resolved in `run`.
fn fired(run: &Run, ir: &Card, wanted: impl Fn(Event) -> bool) -> bool {
    run.resolved.iter().any(|r| {
        r.card == ir.name.value
            && r.method == Method::Trigger
            && resolved_abilities(ir, r.face, r.method, r.index)
                .iter()
                .any(|a| trigger_of(a).and_then(Trigger::event).is_some_and(&wanted))
    })
}

fn prints(ir: &Card, face: Face, wanted: impl Fn(Event) -> bool) -> bool {
    ir_face(ir, face).is_some_and(|f| {
        f.abilities.iter().any(|a| {
            trigger_of(&a.value)
                .and_then(Trigger::event)
                .is_some_and(&wanted)
        })
    })
}

#[test]
fn scenarios_cover_every_ability_kind_effect_and_event() {
    let cards = ir();
    let dir = root().join("tests/scenarios");
    let (runs, failures) = scenario::run_dir(&dir, &scenario::lookup);
    assert!(
        failures.is_empty(),
        "scenarios fail:\n{}",
        failures.join("\n")
    );
    let mut seen = Seen::default();
    let mut combat_negative = Vec::new();
    let mut damage_negative = Vec::new();
    for (at, run) in &runs {
        for r in &run.resolved {
            let card = cards
                .get(r.card)
                .unwrap_or_else(|| panic!("{at}: no IR for {}", r.card));
            for a in resolved_abilities(card, r.face, r.method, r.index) {
                seen.ability(a);
            }
        }
        for name in &run.cards {
            let Some(card) = cards.get(*name) else {
                continue;
            };
            for f in &card.faces {
                for a in &f.abilities {
                    if matches!(
                        a.value,
                        Ability::Keyword(_) | Ability::Static(_) | Ability::CostChange(_)
                    ) {
                        seen.kinds.insert(ability_kind(&a.value));
                    }
                    match &a.value {
                        Ability::Static(s) => {
                            seen.statics.insert(s.kind.value.name());
                            seen.conditional_static |= s.condition.is_some();
                        }
                        Ability::Keyword(k) => {
                            seen.keywords.insert(k.name());
                        }
                        _ => {}
                    }
                }
            }
        }
        for e in &run.log {
            let Logged::StoryCountersPlaced { storyline, .. } = e else {
                continue;
            };
            let name = run.game.permanent(*storyline).map(|p| p.card.name());
            let card = name.and_then(|n| cards.get(n));
            for f in card.map(|c| c.faces.as_slice()).unwrap_or_default() {
                for a in &f.abilities {
                    if let Ability::Replacement(r) = &a.value {
                        if r.instead
                            .steps
                            .iter()
                            .any(|s| matches!(s.value, Effect::PlaceThatManyStoryCounters { .. }))
                        {
                            seen.ability(&a.value);
                        }
                    }
                }
            }
        }
        if run.action != "liberation" {
            continue;
        }
        for (handle, &id) in &run.ids {
            let Some(p) = run.game.permanent(id) else {
                continue;
            };
            let Some(ir) = cards.get(p.card.name()) else {
                continue;
            };
            // §12.8: a Liberation kill is not combat.
            let killed = scenario::run::liberation_kill(run, id);
            let credited = run.log.iter().any(|e| matches!(e, Logged::Destroyed { by, .. } if by.by_liberation() && by.credited().contains(&id)));
            if (killed || credited)
                && prints(ir, p.face, Event::requires_combat)
                && !fired(run, ir, Event::requires_combat)
            {
                combat_negative.push(format!("{at} ({handle})"));
            }
            // §12.8: CP lost to Liberation counters is not damage.
            let lost = run.log.iter().any(|e| matches!(e, Logged::CpLost { permanent, cause: CpLoss::LiberationCounters, .. } if *permanent == id));
            let is_damage = |e: Event| e == Event::ThisTakesDamage;
            if lost && prints(ir, p.face, is_damage) && !fired(run, ir, is_damage) {
                damage_negative.push(format!("{at} ({handle})"));
            }
        }
    }
    let missing = |all: &[&str], got: &BTreeSet<&str>| -> Vec<String> {
        all.iter()
            .filter(|k| !got.contains(*k))
            .map(|k| (*k).to_owned())
            .collect()
    };
    let kinds = missing(ABILITY_KINDS, &seen.kinds);
    assert!(
        kinds.is_empty(),
        "ability kinds no scenario exercises: {kinds:?}"
    );
    // Every effect of the vocabulary table (`Effect::NAMES`, generated).
    let effects = missing(Effect::NAMES, &seen.effects);
    assert!(
        effects.is_empty(),
        "effects no scenario exercises: {effects:?}"
    );
    // Every cost of the vocabulary table (`Cost::EXAMPLES`, generated).
    let costs: Vec<&str> = Cost::EXAMPLES.iter().map(|(name, _)| *name).collect();
    let costs = missing(&costs, &seen.costs);
    assert!(costs.is_empty(), "costs no scenario pays: {costs:?}");
    // Every static and keyword of the vocabulary table (`StaticKind::EXAMPLES`, `Keyword::ALL`,
    // generated) is printed by a card on some scenario's board, and so is a conditional static.
    let statics: Vec<&str> = StaticKind::EXAMPLES.iter().map(|(name, _)| *name).collect();
    let statics = missing(&statics, &seen.statics);
    assert!(
        statics.is_empty(),
        "statics no scenario's board prints: {statics:?}"
    );
    let keywords: Vec<&str> = Keyword::ALL.iter().map(|k| k.name()).collect();
    let keywords = missing(&keywords, &seen.keywords);
    assert!(
        keywords.is_empty(),
        "keywords no scenario's board prints: {keywords:?}"
    );
    assert!(
        seen.conditional_static,
        "no scenario's board prints a conditional static (ruling R70)"
    );
    let woulds = missing(WOULDS, &seen.woulds);
    assert!(
        woulds.is_empty(),
        "would-events no scenario replaces: {woulds:?}"
    );
    let targets = missing(TARGETS, &seen.targets);
    assert!(
        targets.is_empty(),
        "targets no scenario's resolved effect uses: {targets:?}"
    );
    let mut events: Vec<String> = Event::ALL.iter().map(|e| e.name().to_owned()).collect();
    events.push("StartOfYourTurn".to_owned());
    let events: Vec<&String> = events
        .iter()
        .filter(|e| !seen.events.contains(*e))
        .collect();
    assert!(
        events.is_empty(),
        "trigger events no scenario fires: {events:?}"
    );
    assert!(
        !combat_negative.is_empty(),
        "no scenario shows an \"in combat\" trigger not firing on a Liberation kill"
    );
    assert!(
        !damage_negative.is_empty(),
        "no scenario shows a damage trigger not firing on Liberation CP loss"
    );
}
