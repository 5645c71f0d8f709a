//! The canonical rules text: the one string a card prints for each ability.
//!
//! The sheets print exactly this text and the engine plays the IR it came from, so
//! what is printed is what is played. Parsing the canonical text of any ability gives
//! back the same IR (tested over the whole card set).

use crate::ir::{
    Ability, Effect, EffectChain, Face, Penalty, Player, RedeemCost, Static, Subject, Target,
    Trigger, WouldEvent,
};
use crate::loc::Loc;
use crate::vocab::{Controller, PermanentKind};
use std::fmt::Write;

/// The canonical sentence for one ability, ending in `.`.
pub fn ability(ability: &Ability) -> String {
    match ability {
        Ability::Keyword(k) => format!("{k}."),
        Ability::Static(s) => static_bonus(s),
        Ability::Triggered(t) => triggered_if(t),
        Ability::Activated(a) => {
            let costs: Vec<String> = a
                .costs
                .iter()
                .map(|c| crate::vocabulary::print_cost(&c.value))
                .collect();
            format!("{}: {}.", costs.join(", "), capitalise(&chain(&a.effect)))
        }
        Ability::Replacement(r) => {
            let would = match &r.would.value {
                WouldEvent::CountersPlaced(t) => {
                    format!("Liberation counters would be placed on {}", target(t))
                }
                WouldEvent::StoryCountersPlaced(t) => {
                    format!("Story counters would be placed on {}", target(t))
                }
                WouldEvent::Destroyed(t) => format!("{} would be destroyed", target(t)),
                WouldEvent::TakeDamage(t) => format!("{} would take damage", target(t)),
            };
            format!("If {would}, {} instead.", chain(&r.instead))
        }
        Ability::Twist(t) => {
            let head = if t.optional {
                "Twist (optional)"
            } else {
                "Twist"
            };
            format!("{head}: {}", triggered_if(&t.triggered))
        }
        Ability::Effect(e) => format!("{}.", capitalise(&chain(e))),
        Ability::CostChange(c) => c.text(),
    }
}

/// Every ability of a face, one sentence each, in order.
pub fn face_text(face: &Face) -> Vec<String> {
    face.abilities.iter().map(|a| ability(&a.value)).collect()
}

/// A Penalties block as printed: `-1 CP Expedient, -3 CP Ruthless`.
pub fn penalties(list: &[Loc<Penalty>]) -> String {
    let parts: Vec<String> = list
        .iter()
        .map(|p| format!("-{} CP {}", p.amount.value, p.morality.value))
        .collect();
    parts.join(", ")
}

/// A Redeem cost as printed: `Pay 3 Currency`.
pub fn redeem(cost: RedeemCost) -> String {
    match cost {
        RedeemCost::PayCurrency(n) => format!("Pay {n} Currency"),
    }
}

fn static_bonus(s: &Static) -> String {
    if s.kind.value.frame() != crate::prohibition::Frame::Gets {
        return prohibition(s);
    }
    // A condition is printed after the static (ruling R70): `+1 DEF as long as …`.
    let bonus = match &s.condition {
        Some(c) => format!("{}{}", s.kind.value.text(), condition_after(&c.value)),
        None => s.kind.value.text(),
    };
    match s.subject.value {
        Subject::ThisCard => format!("{bonus}."),
        Subject::TheBound => format!("The Bound gets {bonus}."),
        Subject::Group {
            other,
            kind,
            controller,
            filters,
        } => capitalise(&format!(
            "{} get {bonus}.",
            group_plural(other, kind, controller, filters)
        )),
    }
}

/// A static's group in the plural, lower case: `other Fallen Characters you control with 2
/// or more Vox`.
fn group_plural(
    other: bool,
    kind: PermanentKind,
    controller: Option<Controller>,
    filters: crate::Filters,
) -> String {
    let mut out = String::new();
    if other {
        out.push_str("other ");
    }
    out.push_str(&filters.before());
    out.push_str(filters.kind_text(kind, true));
    if let Some(c) = controller {
        let _ = write!(out, " {}", c.name());
    }
    out.push_str(&filters.after());
    out
}

/// A prohibition (ruling R84): `This card can't be declared as a Liberation target.`, a
/// group plural (`… can't be declared as Liberation targets.`), `Liberation counters can't
/// be removed from <subject>.`, with a condition after it.
fn prohibition(s: &Static) -> String {
    let many = matches!(s.subject.value, Subject::Group { .. });
    let who = match s.subject.value {
        Subject::ThisCard => "this card".to_owned(),
        Subject::TheBound => "the Bound".to_owned(),
        Subject::Group {
            other,
            kind,
            controller,
            filters,
        } => group_plural(other, kind, controller, filters),
    };
    let predicate = s.kind.value.predicate(many);
    let sentence = match s.kind.value.frame() {
        crate::prohibition::Frame::Object => format!("{predicate} {who}"),
        _ => format!("{who} {predicate}"),
    };
    let condition = s
        .condition
        .as_ref()
        .map(|c| condition_after(&c.value))
        .unwrap_or_default();
    format!("{}{condition}.", capitalise(&sentence))
}

/// A trigger with its intervening `if`, if any, and `you may` before an optional effect
/// (ruling R114): `Whenever <event>, if <condition>, you may <effect>.`
fn triggered_if(t: &crate::ir::Triggered) -> String {
    let head = match t.trigger.value {
        Trigger::Whenever(e) => format!("Whenever {}", e.phrase()),
        Trigger::When(e) => format!("When {}", e.phrase()),
        Trigger::StartOfYourTurn => "At the start of your turn".to_owned(),
        Trigger::At(e) => format!("At {}", e.phrase()),
    };
    let may = if t.optional { "you may " } else { "" };
    let effect = chain(&t.effect);
    match &t.condition {
        None => format!("{head}, {may}{effect}."),
        // Ruling R65: `during a Liberation …` attaches to the event.
        Some(c) if during(&c.value) => format!("{head} {}, {may}{effect}.", c.value.text()),
        Some(c) => format!("{head}, if {}, {may}{effect}.", c.value.text()),
    }
}

/// Whether a condition prints without `if` or `as long as`: `during a Liberation …`
/// (ruling R65).
pub fn during(c: &crate::ir::Condition) -> bool {
    c.text().starts_with("during ")
}

/// A condition before what it gates, lower-case start: `if you control a Homeworld`, or
/// `during a Liberation` as it is (ruling R65).
pub fn condition_first(c: &crate::ir::Condition) -> String {
    if during(c) {
        c.text()
    } else {
        format!("if {}", c.text())
    }
}

/// A condition after what it gates: ` as long as you control a Homeworld`, or ` during a
/// Liberation` as it is (rulings R65, R70).
pub fn condition_after(c: &crate::ir::Condition) -> String {
    if during(c) {
        format!(" {}", c.text())
    } else {
        format!(" as long as {}", c.text())
    }
}

/// How many permanents, as a word (`three or more Ground Units`): counts of permanents print
/// as the words the grammar reads, `one` to `ten`, and as digits otherwise (`0`, `11`).
pub fn count_word(n: u32) -> String {
    const WORDS: [&str; 10] = [
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    n.checked_sub(1)
        .and_then(|i| WORDS.get(i as usize))
        .map_or_else(|| n.to_string(), |w| (*w).to_owned())
}

/// An effect chain, lower-case start: `gain 1 CP, then draw a card`; with its condition
/// first, `if you control a Homeworld, draw 2 cards` (ruling R61).
pub fn chain(chain: &EffectChain) -> String {
    let mut out = String::new();
    if let Some(c) = &chain.condition {
        let _ = write!(out, "{}, ", condition_first(&c.value));
    }
    if let Some(m) = &chain.modes {
        out.push_str(&crate::modes::text(chain, &m.value));
        return out;
    }
    out.push_str(&steps(chain, 0, &chain.steps));
    out
}

/// `steps`, the steps of `chain` from index `first`, each after `, then`, or after ` and `
/// (`, ` before another) as one more object of the verb before it (ruling R110).
pub(crate) fn steps(chain: &EffectChain, first: usize, steps: &[Loc<Effect>]) -> String {
    let mut out = String::new();
    for (i, step) in steps.iter().enumerate() {
        if i > 0 && chain.is_joined(first + i) {
            // `A, B and C`: a comma before every joined object but the last.
            let more = i + 1 < steps.len() && chain.is_joined(first + i + 1);
            out.push_str(if more { ", " } else { " and " });
            out.push_str(&joined(&step.value));
            continue;
        }
        if i > 0 {
            out.push_str(", then ");
        }
        out.push_str(&effect(&step.value));
    }
    out
}

/// One effect without its verb: what follows `and` when it is one more object of the verb
/// before it (ruling R110: `1 damage to each Ground Unit`).
pub fn joined(effect: &Effect) -> String {
    let text = crate::vocabulary::print(effect);
    let verb = effect.verb();
    match text.get(..verb.len()) {
        Some(head) if head.eq_ignore_ascii_case(verb) => text[verb.len()..].trim_start().to_owned(),
        _ => text,
    }
}

/// One effect, lower-case start: `deal 2 damage to target Ground Unit` (each effect's
/// form is in `vocab/vocabulary.toml`).
pub fn effect(effect: &Effect) -> String {
    crate::vocabulary::print(effect)
}

/// A target as the object of `to`, `on` or `from` (the generated printer's form): a
/// counted one is `each of` it, since each chosen permanent takes the whole effect (ruling
/// R82: `deal 1 damage to each of up to three target Ground Units`); as the verb's own
/// object it needs none (`destroy two target Devices`).
pub(crate) fn object(t: &Target) -> String {
    match t.count() {
        Some(_) => format!("each of {}", target(t)),
        None => target(t),
    }
}

/// An anaphor as written: `it`, or `that Character` where `it` would not say which
/// (ruling R73).
pub fn anaphor(that: Option<crate::PermanentKind>) -> String {
    match that {
        None => "it".to_owned(),
        Some(kind) => format!("that {}", kind.name()),
    }
}

/// A target, lower-case start: `target Character an opponent controls`; a named target
/// is the card's name in quotes, escaped as in source: `"Pier Nine"`.
pub fn target(target: &Target) -> String {
    let mut out = String::new();
    let (word, kind, controller, filters) = match *target {
        Target::ThisCard => return "this card".to_owned(),
        Target::TheBound => return "the Bound".to_owned(),
        Target::Named(ref name) => return crate::print::quote(&name.value),
        Target::Anaphor { that, .. } => return anaphor(that),
        Target::Chosen {
            kind,
            controller,
            filters,
            other,
            count: Some(count),
        } => return counted(count.value, kind, controller, filters, other),
        Target::Chosen {
            kind,
            controller,
            filters,
            other,
            count: None,
        } => (other_word(other, "target"), kind, controller, filters),
        Target::Each {
            kind,
            controller,
            filters,
            other,
        } => (other_word(other, "each"), kind, controller, filters),
    };
    let _ = write!(
        out,
        "{word} {}{}",
        filters.before(),
        filters.kind_text(kind, false)
    );
    if let Some(c) = controller {
        let _ = write!(out, " {}", c.name());
    }
    out.push_str(&filters.after());
    out
}

/// A counted target (ruling R82): `up to two target Ground Units you control`, `two other
/// target Devices`, `up to one target Device` (the kind in the plural after any count but
/// one). `each of` is the effect's to print (`deal 1 damage to each of …`, [`object`]).
fn counted(
    count: crate::TargetCount,
    kind: crate::PermanentKind,
    controller: Option<crate::Controller>,
    filters: crate::Filters,
    other: bool,
) -> String {
    let mut out = String::new();
    if count.up_to {
        out.push_str("up to ");
    }
    out.push_str(&count_word(count.n));
    out.push(' ');
    if other {
        out.push_str("other ");
    }
    let kind = filters.kind_text(kind, count.n != 1);
    let _ = write!(out, "target {}{kind}", filters.before());
    if let Some(c) = controller {
        let _ = write!(out, " {}", c.name());
    }
    out.push_str(&filters.after());
    out
}

/// A prohibition's period (ruling R86): the end of the turn prints as `this turn`, as the
/// rules speak of what may not be done (`… can't be Activated as a liberator this turn`).
pub(crate) fn period(d: crate::Duration) -> &'static str {
    match d {
        crate::Duration::UntilEndOfTurn => "this turn",
        crate::Duration::UntilEndOfLiberation => "until the end of the Liberation",
    }
}

/// An optional duration (ruling R100): ` until end of turn` with its leading space, or
/// nothing for a change that lasts.
pub(crate) fn lasting(d: Option<crate::Duration>) -> String {
    d.map(|d| format!(" {d}")).unwrap_or_default()
}

pub(crate) fn signed(n: i32) -> String {
    if n >= 0 {
        format!("+{n}")
    } else {
        format!("{n}")
    }
}

/// `one` for 1, else `many`.
/// A player as the subject of its verb: `draw` for `you` (left out, as an imperative),
/// `each opponent draws` otherwise.
pub(crate) fn subject(who: &Player, base: &'static str, third: &'static str) -> String {
    match who {
        Player::You => base.to_owned(),
        other => format!("{} {third}", other.name()),
    }
}

/// A player as written: `each opponent`.
pub fn player(who: &Player) -> &'static str {
    who.name()
}

pub(crate) fn plural(n: u32, one: &'static str, many: &'static str) -> &'static str {
    if n == 1 {
        one
    } else {
        many
    }
}

/// `a` for 1, else the number: `draw a card`, `draw 2 cards`.
pub(crate) fn a_or_number(n: u32) -> String {
    if n == 1 {
        "a".to_owned()
    } else {
        n.to_string()
    }
}

/// Upper-cases the first letter: effects that open a sentence.
pub fn capitalise(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// `target`/`each`, or with `other` the canonical `another target` / `each other` (ruling R72).
fn other_word(other: bool, word: &'static str) -> &'static str {
    match (other, word) {
        (true, "target") => "another target",
        (true, _) => "each other",
        (false, _) => word,
    }
}
