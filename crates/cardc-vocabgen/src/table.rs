//! The vocabulary table as data: `vocab/vocabulary.toml` read and checked.
//!
//! Reading fails (with a message naming the row) on anything a stage could not derive its
//! part from: an unknown slot, a missing doc line or example, an effect without an engine
//! primitive, a primitive without documentation. Nothing is skipped.

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::phrase::{Phrase, Slot, Tok};

/// The whole table, as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    expected: Expected,
    #[serde(default)]
    words: BTreeMap<String, String>,
    #[serde(default)]
    effect: Vec<RawEffect>,
    #[serde(default)]
    syntax: Vec<RawSyntax>,
    #[serde(default)]
    primitive: BTreeMap<String, String>,
    #[serde(default)]
    event: Vec<RawEvent>,
    #[serde(default)]
    condition: Vec<crate::conditions::RawCondition>,
    #[serde(default)]
    filter: Vec<crate::filters::RawFilter>,
    cost: Vec<RawCost>,
    #[serde(default, rename = "static")]
    statics: Vec<crate::statics::RawStatic>,
    #[serde(default)]
    keyword: Vec<crate::keywords::RawKeyword>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCost {
    name: String,
    phrase: String,
    #[serde(default)]
    marks: Option<String>,
    #[serde(default)]
    card: Option<String>,
    #[serde(default)]
    needs: Option<String>,
    doc: String,
    example: String,
}

/// What a cost makes of the ability printing it (§7.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CostMarks {
    /// `±X CP`: a Character Ability (Slow, once per turn).
    CharacterAbility,
    /// `A`: an Activated Character Ability (activates the card; Fast, repeatable).
    Activated,
}

/// What the card paying a cost must have, or it can never pay it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CostNeeds {
    /// A Rank, so it can carry Liberation counters (§7.9).
    Rank,
}

/// One cost row: what an activated ability's controller pays before its colon.
#[derive(Debug, Clone)]
pub struct Cost {
    /// `pay_currency`.
    pub name: String,
    /// The printed form (capitalised as printed: costs open their clause).
    pub phrase: Phrase,
    /// The kind of ability it makes, if it is `A` or `±X CP`.
    pub marks: Option<CostMarks>,
    /// What its card must be.
    pub card: Option<CardNeeds>,
    /// What its card must have.
    pub needs: Option<CostNeeds>,
    /// One line of documentation.
    pub doc: String,
    /// A whole sentence using it.
    pub example: String,
}

impl Cost {
    /// Its grammar rule: `c_pay_currency`.
    pub fn rule(&self) -> String {
        format!("c_{}", self.name)
    }
}

/// The "expected …" phrases of parse errors.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expected {
    /// What an effect is called when one was expected.
    pub effect: String,
    /// `E0022`'s wrong example: one sentence.
    pub effect_wrong: String,
    /// `E0022`'s right example: one sentence.
    pub effect_right: String,
    /// What an event is called when one was expected after `Whenever`/`When`.
    pub event: String,
    /// What is expected after `this card` in an event.
    pub this_card_event: String,
    /// What a cost is called when one was expected (before an activated ability's colon).
    pub cost: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEvent {
    name: String,
    phrase: String,
    #[serde(default)]
    needs: Option<String>,
    #[serde(default)]
    combat: bool,
    #[serde(default)]
    leaves: bool,
    #[serde(default)]
    at: bool,
    doc: String,
    example: String,
}

/// What the card printing an event's trigger must be able to do, or the trigger never fires.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EventNeeds {
    /// Be Activated as a liberator: a Character or a Ground Unit (§12.2).
    Liberator,
    /// Fall: a Character, or a permanent printing a Fallen face (§7.7).
    Fall,
    /// Be deployed from hand: a Character, Ground Unit, Spacecraft or Device (§7.11, ruling R45).
    Deploy,
    /// Be Activated: a Character or Ground Unit (§12.2, §12.4), or a permanent printing an
    /// `A` ability (§7.3; ruling R46).
    Activate,
    /// Be Activated as a defender or declared as a garrison: a Character or a Ground Unit
    /// (§12.4; ruling R76).
    Defend,
    /// Have Liberation counters placed on it: a permanent with a Rank (§12.8; ruling R79).
    Counters,
}

/// One event row: what a `Whenever`/`When` trigger waits for.
#[derive(Debug, Clone)]
pub struct Event {
    /// `this_is_destroyed`: the variant `ThisIsDestroyed` in the AST, the IR and the engine's
    /// `Trigger`, the grammar rule `ev_this_is_destroyed`.
    pub name: String,
    /// The printed form, as words (`this_card is destroyed`).
    pub phrase: Phrase,
    /// What the card must be able to do for it to fire.
    pub needs: Option<EventNeeds>,
    /// It names combat, so a Liberation kill never fires it (§12.8).
    pub combat: bool,
    /// The card it is about (this card or the group's) has left the Map when the trigger
    /// resolves (it was destroyed), so `it` cannot refer to that card (ruling R112).
    pub leaves: bool,
    /// It is a moment read after `At` (`At the end of your turn, …`), never after
    /// `Whenever`/`When`.
    pub at: bool,
    /// One line of documentation.
    pub doc: String,
    /// A whole sentence using it.
    pub example: String,
}

impl Event {
    /// The token every event about the card itself starts with.
    pub const THIS_CARD: &'static str = "this_card";

    /// Whether the phrase starts with `this card` (read as `this_card ~ this_card_event`).
    pub fn about_this_card(&self) -> bool {
        matches!(self.phrase.toks.first(), Some(Tok::Word(w)) if w == Self::THIS_CARD)
    }

    /// Whether it happens to the card printing the trigger: `this card` is one of its words
    /// (`this card is destroyed`, `Liberation counters are placed on this card`).
    pub fn names_this_card(&self) -> bool {
        self.phrase
            .toks
            .iter()
            .any(|t| matches!(t, Tok::Word(w) if w == Self::THIS_CARD))
    }

    /// Whether the phrase starts with its group (`{who:group} is destroyed`): read as
    /// `event_group ~ group_event`, the group once whatever follows it.
    pub fn about_a_group(&self) -> bool {
        matches!(
            self.phrase.toks.first(),
            Some(Tok::Slot {
                slot: Slot::Group,
                ..
            })
        )
    }

    /// The tokens its own grammar rule reads: after `this card` or the group when it starts
    /// with one (the frame `event` reads those once for all the rows that share them).
    pub fn rule_toks(&self) -> &[Tok] {
        if self.about_this_card() || self.about_a_group() {
            &self.phrase.toks[1..]
        } else {
            &self.phrase.toks
        }
    }

    /// Its grammar rule.
    pub fn rule(&self) -> String {
        format!("ev_{}", self.name)
    }

    /// The name of its `{…:group}` slot, if it is about a group of permanents: the IR's
    /// `Event` and the engine's `Trigger` variant then carry the group (`needs` is then what
    /// the group's members must be able to do).
    pub fn group(&self) -> Option<&str> {
        self.phrase
            .slots()
            .find(|s| s.1 == Slot::Group)
            .map(|s| s.0)
    }
}

/// An event's slots: at most one, a `group` (the permanents it is about).
fn check_event_slots(phrase: &Phrase) -> Result<(), String> {
    let slots: Vec<(&str, Slot)> = phrase.slots().collect();
    for (name, slot) in &slots {
        if *slot != Slot::Group {
            return Err(format!(
                "slot `{name}`: an event's only slot type is `group` (the permanents it is about); \
                 a new slot type for events starts in crates/cardc-vocabgen/src/event_slots.rs"
            ));
        }
    }
    if slots.len() > 1 {
        return Err("an event takes one `group` slot at most".into());
    }
    Ok(())
}

/// Whether `example` uses `printed` (a group slot, `<group>`, standing for any words).
fn uses_phrase(example: &str, printed: &str) -> bool {
    let example = example.to_lowercase();
    let mut from = 0;
    for part in printed.to_lowercase().split("<group>") {
        let part = part.trim();
        match example[from..].find(part) {
            Some(i) => from += i + part.len(),
            None => return false,
        }
    }
    true
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEffect {
    name: String,
    phrase: String,
    #[serde(default)]
    syntax: Option<String>,
    #[serde(default)]
    named: bool,
    engine: String,
    #[serde(default)]
    data: Option<String>,
    #[serde(default)]
    playable: Option<String>,
    #[serde(default)]
    card: Option<String>,
    #[serde(default)]
    target_needs: Option<String>,
    #[serde(default)]
    prohibits: Option<String>,
    doc: String,
    example: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSyntax {
    name: String,
    phrase: String,
}

/// The card kind an effect's own card must be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CardNeeds {
    /// A Character (its own CP).
    Character,
    /// A Storyline (its Bound).
    Storyline,
}

/// What every permanent an effect's target names must have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TargetNeeds {
    /// Nothing beyond being a permanent.
    Permanent,
    /// CP: it is a Character.
    Cp,
    /// A Rank, so it can carry Liberation counters.
    Rank,
    /// A card that can be in a hand: not a Location (§7.10, §7.11).
    Hand,
    /// A unit that can move between Bands: a Character or Ground Unit (ruling R96).
    Unit,
}

/// How the engine plays an effect.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Engine {
    /// A call on `Effects`: the primitive and its arguments (slot names or `this`).
    Call {
        /// The method.
        primitive: String,
        /// The arguments, in order.
        args: Vec<String>,
    },
    /// Applied as data; the string says where.
    Data(String),
}

/// Where an effect may stand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Playable {
    /// In any effect chain.
    Anywhere,
    /// Only as the whole `instead` of a replacement.
    Replacement,
}

/// One effect row.
#[derive(Debug, Clone)]
pub struct Effect {
    /// `deal_damage`.
    pub name: String,
    /// The printed form.
    pub phrase: Phrase,
    /// The shared syntax it is read through, if any.
    pub syntax: Option<String>,
    /// Named fields even with one slot.
    pub named: bool,
    /// How the engine plays it.
    pub engine: Engine,
    /// Where it may stand.
    pub playable: Playable,
    /// What its card must be.
    pub card: Option<CardNeeds>,
    /// What its target must name.
    pub target_needs: Option<TargetNeeds>,
    /// For a prohibition made for a time (ruling R86): the `[[static]]` prohibition row it
    /// imposes on its target, whose `on` the checker holds the target to and whose step the
    /// engine refuses.
    pub prohibits: Option<String>,
    /// One line of documentation.
    pub doc: String,
    /// A whole sentence using it.
    pub example: String,
}

/// A shared sentence form.
#[derive(Debug, Clone)]
pub struct Syntax {
    /// `place_counters`.
    pub name: String,
    /// The grammar template.
    pub phrase: Phrase,
}

/// One grammar rule of the sentence vocabulary: an effect read directly, or a shared form.
#[derive(Debug, Clone)]
pub struct Form {
    /// The rule and AST variant name (snake case).
    pub name: String,
    /// Its template.
    pub phrase: Phrase,
    /// Lowered by a hand-written `Lowerer::lower_<name>` (a shared form), or directly.
    pub by_hand: bool,
}

impl Form {
    /// Whether the phrase opens with its `{target}` (`{target} gets {amount} {stat}`): read
    /// as `target ~ target_effect`, the target once whatever follows it.
    pub fn led_by_target(&self) -> bool {
        matches!(
            self.phrase.toks.first(),
            Some(Tok::Slot {
                slot: Slot::Target,
                ..
            })
        )
    }

    /// Whether the form's objects after its verb may repeat, joined by `and` (ruling R110:
    /// `deal 2 damage to target Ground Unit and 1 damage to each Ground Unit`): its phrase
    /// opens with a literal verb and ends with its `{target}`, so everything after the verb
    /// is one object. Each joined object is read as one more step of the same form.
    pub fn joins(&self) -> bool {
        matches!(self.phrase.toks.first(), Some(Tok::Word(_)))
            && matches!(
                self.phrase.toks.last(),
                Some(Tok::Slot {
                    slot: Slot::Target,
                    ..
                })
            )
    }
}

/// An engine primitive: one `Effects` method.
#[derive(Debug, Clone)]
pub struct Primitive {
    /// `deal_damage`.
    pub name: String,
    /// Its parameters' slot types, in order (`this` is a target).
    pub params: Vec<Slot>,
    /// Its documentation.
    pub doc: String,
}

/// The checked table.
#[derive(Debug, Clone)]
pub struct Table {
    /// The "expected …" phrases.
    pub expected: Expected,
    /// Literal tokens read by hand-written grammar rules.
    pub words: BTreeMap<String, String>,
    /// The effects, in table order.
    pub effects: Vec<Effect>,
    /// The grammar forms, in the order the grammar tries them.
    pub forms: Vec<Form>,
    /// The primitives, in order of first use.
    pub primitives: Vec<Primitive>,
    /// The events, in table order (the order the engine queues triggers of one happening).
    pub events: Vec<Event>,
    /// The costs, in table order (the order a cost list prints in).
    pub costs: Vec<Cost>,
    /// The conditions (`if …`, `as long as …`), in table order.
    pub conditions: Vec<crate::conditions::Condition>,
    /// The statics (`+1 RK`, `… get +1 DEF`), in table order.
    pub statics: Vec<crate::statics::Static>,
    /// The keywords (`Confluence.`), in table order.
    pub keywords: Vec<crate::keywords::Keyword>,
    /// The target filters, in table order (the canonical order they print in).
    pub filters: Vec<crate::filters::Filter>,
}

pub(crate) fn is_snake(s: &str) -> bool {
    !s.is_empty()
        && s.starts_with(|c: char| c.is_ascii_lowercase())
        && s.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

/// Reads and checks the table.
pub fn read(text: &str) -> Result<Table, String> {
    let raw: Raw = toml::from_str(text).map_err(|e| format!("vocab/vocabulary.toml: {e}"))?;
    let mut syntaxes = BTreeMap::new();
    for s in &raw.syntax {
        if !is_snake(&s.name) {
            return Err(format!("syntax `{}`: the name is not snake_case", s.name));
        }
        let phrase = Phrase::parse(&s.phrase).map_err(|e| format!("syntax `{}`: {e}", s.name))?;
        if syntaxes.insert(s.name.clone(), phrase).is_some() {
            return Err(format!("syntax `{}` is declared twice", s.name));
        }
    }
    let mut effects: Vec<Effect> = Vec::new();
    let mut forms: Vec<Form> = Vec::new();
    let mut primitives: Vec<Primitive> = Vec::new();
    for e in &raw.effect {
        let at = |m: &str| format!("effect `{}`: {m}", e.name);
        if !is_snake(&e.name) {
            return Err(at("the name is not snake_case"));
        }
        if effects.iter().any(|o| o.name == e.name) {
            return Err(at("declared twice"));
        }
        let phrase = Phrase::parse(&e.phrase).map_err(|m| at(&m))?;
        if e.doc.trim().is_empty() {
            return Err(at("no `doc` line"));
        }
        if !e.example.trim_end().ends_with('.') {
            return Err(at("the `example` must be a whole sentence ending in `.`"));
        }
        for slot in phrase.slots() {
            if !matches!(
                slot.1,
                Slot::Amount
                    | Slot::Count
                    | Slot::Target
                    | Slot::Subject
                    | Slot::Gained
                    | Slot::Signed
                    | Slot::Stat
                    | Slot::Duration
                    | Slot::Period
                    | Slot::Lasting
                    | Slot::Kind
            ) {
                return Err(at(&format!(
                    "slot `{}` is a syntax slot; an effect's slots are amount, count, gained, subject, target, signed, stat, duration, period, lasting and kind",
                    slot.0
                )));
            }
        }
        let engine = if e.engine == "data" {
            match &e.data {
                Some(d) if !d.trim().is_empty() => Engine::Data(d.clone()),
                _ => {
                    return Err(at(
                        "`engine = \"data\"` needs `data` saying where the engine applies it",
                    ))
                }
            }
        } else {
            let (primitive, args) = parse_call(&e.engine)
                .ok_or_else(|| at("`engine` must be `primitive(arg, …)` or `data`"))?;
            let mut params = Vec::new();
            for a in &args {
                let ty = if a == "this" {
                    Slot::Target
                } else {
                    phrase
                        .slots()
                        .find(|s| s.0 == a)
                        .map(|s| s.1)
                        .ok_or_else(|| {
                            at(&format!(
                                "engine argument `{a}` is not a slot of the phrase"
                            ))
                        })?
                };
                params.push(ty.engine_type());
            }
            for s in phrase.slots() {
                if !args.iter().any(|a| a == s.0) {
                    return Err(at(&format!("slot `{}` is not passed to the engine", s.0)));
                }
            }
            let params: Vec<Slot> = params;
            match primitives.iter().find(|p| p.name == primitive) {
                Some(p) if p.params != params => {
                    return Err(at(&format!(
                        "primitive `{primitive}` is called with other argument types elsewhere"
                    )))
                }
                Some(_) => {}
                None => {
                    let doc = raw.primitive.get(&primitive).ok_or_else(|| {
                        at(&format!(
                            "primitive `{primitive}` has no line in `[primitive]`"
                        ))
                    })?;
                    primitives.push(Primitive {
                        name: primitive.clone(),
                        params,
                        doc: doc.clone(),
                    });
                }
            }
            Engine::Call { primitive, args }
        };
        let playable = match e.playable.as_deref() {
            None | Some("anywhere") => Playable::Anywhere,
            Some("replacement") => Playable::Replacement,
            Some(other) => return Err(at(&format!("unknown `playable = \"{other}\"`"))),
        };
        let card = match e.card.as_deref() {
            None => None,
            Some("character") => Some(CardNeeds::Character),
            Some("storyline") => Some(CardNeeds::Storyline),
            Some(other) => return Err(at(&format!("unknown `card = \"{other}\"`"))),
        };
        let has_target = phrase.slots().any(|s| s.1 == Slot::Target);
        let target_needs = match e.target_needs.as_deref() {
            None if has_target => return Err(at("a target slot needs `target_needs`")),
            None => None,
            Some(_) if !has_target => return Err(at("`target_needs` without a target slot")),
            Some("permanent") => Some(TargetNeeds::Permanent),
            Some("cp") => Some(TargetNeeds::Cp),
            Some("rank") => Some(TargetNeeds::Rank),
            Some("hand") => Some(TargetNeeds::Hand),
            Some("unit") => Some(TargetNeeds::Unit),
            Some(other) => return Err(at(&format!("unknown `target_needs = \"{other}\"`"))),
        };
        let form = match &e.syntax {
            Some(s) => {
                let p = syntaxes
                    .get(s)
                    .ok_or_else(|| at(&format!("no `[[syntax]]` named `{s}`")))?;
                Form {
                    name: s.clone(),
                    phrase: p.clone(),
                    by_hand: true,
                }
            }
            None => Form {
                name: e.name.clone(),
                phrase: phrase.clone(),
                by_hand: false,
            },
        };
        if !forms.iter().any(|f| f.name == form.name) {
            forms.push(form);
        }
        effects.push(Effect {
            name: e.name.clone(),
            phrase,
            syntax: e.syntax.clone(),
            named: e.named,
            engine,
            playable,
            card,
            target_needs,
            prohibits: e.prohibits.clone(),
            doc: e.doc.clone(),
            example: e.example.clone(),
        });
    }
    for s in syntaxes.keys() {
        if !forms.iter().any(|f| &f.name == s) {
            return Err(format!("syntax `{s}` is read by no effect"));
        }
    }
    for p in raw.primitive.keys() {
        if !primitives.iter().any(|q| &q.name == p) {
            return Err(format!("primitive `{p}` is called by no effect"));
        }
    }
    if effects.is_empty() {
        return Err("the table has no effects".into());
    }
    let events = events(&raw.event)?;
    let costs = costs(&raw.cost)?;
    let conditions = crate::conditions::read(&raw.condition)?;
    let statics = crate::statics::read(&raw.statics)?;
    for e in &effects {
        let Some(p) = &e.prohibits else { continue };
        let at = |m: &str| format!("effect `{}`: {m}", e.name);
        let row = statics
            .iter()
            .find(|s| &s.name == p)
            .ok_or_else(|| at(&format!("`prohibits = \"{p}\"` names no `[[static]]` row")))?;
        if row.on.is_none() {
            return Err(at(&format!(
                "`prohibits = \"{p}\"` names a static that is no prohibition"
            )));
        }
        if !e.phrase.slots().any(|s| s.1 == Slot::Target)
            || !e.phrase.slots().any(|s| s.1 == Slot::Period)
        {
            return Err(at(
                "a prohibition made for a time needs a `{target}` and a `{…:period}` slot",
            ));
        }
    }
    let keywords = crate::keywords::read(&raw.keyword)?;
    let filters = crate::filters::read(&raw.filter)?;
    Ok(Table {
        expected: raw.expected,
        words: raw.words,
        effects,
        forms,
        primitives,
        events,
        costs,
        conditions,
        statics,
        keywords,
        filters,
    })
}

fn costs(raw: &[RawCost]) -> Result<Vec<Cost>, String> {
    let mut out: Vec<Cost> = Vec::new();
    for c in raw {
        let at = |m: &str| format!("cost `{}`: {m}", c.name);
        if !is_snake(&c.name) {
            return Err(at("the name is not snake_case"));
        }
        if out.iter().any(|o| o.name == c.name) {
            return Err(at("declared twice"));
        }
        let phrase = Phrase::parse(&c.phrase).map_err(|m| at(&m))?;
        for (slot, ty) in phrase.slots() {
            if !matches!(
                ty,
                Slot::Amount
                    | Slot::Count
                    | Slot::Signed
                    | Slot::Kind
                    | Slot::Kinds
                    | Slot::Permanents
                    | Slot::Counted
            ) {
                return Err(at(&format!(
                    "slot `{slot}`: a cost's slots are amount, count, counted, signed, kind, kinds and permanents"
                )));
            }
        }
        if c.doc.trim().is_empty() {
            return Err(at("no `doc` line"));
        }
        if !c.example.trim_end().ends_with('.') || !c.example.contains(':') {
            return Err(at(
                "the `example` must be a whole activated ability, `<cost>: <effect>.`",
            ));
        }
        let marks = match c.marks.as_deref() {
            None => None,
            Some("character_ability") => Some(CostMarks::CharacterAbility),
            Some("activated") => Some(CostMarks::Activated),
            Some(other) => return Err(at(&format!("unknown `marks = \"{other}\"`"))),
        };
        let card = match c.card.as_deref() {
            None => None,
            Some("character") => Some(CardNeeds::Character),
            Some(other) => return Err(at(&format!("unknown `card = \"{other}\"`"))),
        };
        let needs = match c.needs.as_deref() {
            None => None,
            Some("rank") => Some(CostNeeds::Rank),
            Some(other) => return Err(at(&format!("unknown `needs = \"{other}\"`"))),
        };
        if let Some(o) = out.iter().find(|o| o.phrase == phrase) {
            return Err(at(&format!("the same phrase as `{}`", o.name)));
        }
        out.push(Cost {
            name: c.name.clone(),
            phrase,
            marks,
            card,
            needs,
            doc: c.doc.clone(),
            example: c.example.clone(),
        });
    }
    if out.is_empty() {
        return Err("the table has no costs".into());
    }
    Ok(out)
}

fn events(raw: &[RawEvent]) -> Result<Vec<Event>, String> {
    let mut out: Vec<Event> = Vec::new();
    for e in raw {
        let at = |m: &str| format!("event `{}`: {m}", e.name);
        if !is_snake(&e.name) {
            return Err(at("the name is not snake_case"));
        }
        if out.iter().any(|o| o.name == e.name) {
            return Err(at("declared twice"));
        }
        let phrase = Phrase::parse(&e.phrase).map_err(|m| at(&m))?;
        check_event_slots(&phrase).map_err(|m| at(&m))?;
        if e.doc.trim().is_empty() {
            return Err(at("no `doc` line"));
        }
        let example = e.example.trim_end();
        if !example.ends_with('.') {
            return Err(at("the `example` must be a whole sentence ending in `.`"));
        }
        let printed = phrase.printed();
        if !uses_phrase(example, &printed) {
            return Err(at(&format!(
                "the `example` does not use the phrase `{printed}`"
            )));
        }
        let needs = match e.needs.as_deref() {
            None => None,
            Some("liberator") => Some(EventNeeds::Liberator),
            Some("fall") => Some(EventNeeds::Fall),
            Some("deploy") => Some(EventNeeds::Deploy),
            Some("activate") => Some(EventNeeds::Activate),
            Some("defend") => Some(EventNeeds::Defend),
            Some("counters") => Some(EventNeeds::Counters),
            Some(other) => return Err(at(&format!("unknown `needs = \"{other}\"`"))),
        };
        let event = Event {
            name: e.name.clone(),
            phrase,
            needs,
            combat: e.combat,
            leaves: e.leaves,
            at: e.at,
            doc: e.doc.clone(),
            example: e.example.clone(),
        };
        if event.leaves && event.group().is_none() && !event.names_this_card() {
            return Err(at(
                "`leaves` is for an event about a card (this card or a group's): what it says is that `it` cannot refer to that card",
            ));
        }
        if event.at && event.about_this_card() {
            return Err(at(
                "an `at` event is a moment of the game, not something that happens to this card",
            ));
        }
        if event.about_this_card() && event.rule_toks().is_empty() {
            return Err(at("the phrase says only `this card`"));
        }
        if event.about_a_group() && event.rule_toks().is_empty() {
            return Err(at("the phrase says only its group"));
        }
        if event.at && event.about_a_group() {
            return Err(at(
                "an `at` event is a moment of the game, not something that happens to a group",
            ));
        }
        if let Some(o) = out.iter().find(|o| o.phrase == event.phrase) {
            return Err(at(&format!("the same phrase as `{}`", o.name)));
        }
        out.push(event);
    }
    if out.is_empty() {
        return Err("the table has no events".into());
    }
    Ok(out)
}

/// `items` in an order a PEG can try them: each after every item that extends it (a phrase
/// that starts with another's tokens is tried first), otherwise in table order.
pub fn longest_first<T>(items: &[T], toks: impl Fn(&T) -> &[Tok]) -> Vec<&T> {
    let mut out: Vec<&T> = Vec::new();
    for item in items {
        let mine = toks(item);
        let at = out.iter().position(|o| {
            let theirs = toks(o);
            mine.len() > theirs.len() && mine.starts_with(theirs)
        });
        match at {
            Some(i) => out.insert(i, item),
            None => out.push(item),
        }
    }
    out
}

/// `name(a, b)` → (`name`, [`a`, `b`]).
fn parse_call(s: &str) -> Option<(String, Vec<String>)> {
    let (name, rest) = s.trim().split_once('(')?;
    let args = rest.strip_suffix(')')?;
    let name = name.trim();
    if !is_snake(name) {
        return None;
    }
    let args: Vec<String> = args
        .split(',')
        .map(|a| a.trim().to_owned())
        .filter(|a| !a.is_empty())
        .collect();
    Some((name.to_owned(), args))
}

impl Table {
    /// The grammar rule of a literal token.
    pub fn word_rule(&self, tok: &Tok) -> Option<String> {
        match tok {
            Tok::Slot { .. } => None,
            Tok::Word(w) => Some(
                self.words
                    .get(w)
                    .cloned()
                    .unwrap_or_else(|| format!("w_{}", crate::phrase::rule_word(w))),
            ),
            Tok::Verb(w) => Some(
                self.words
                    .get(&format!("verb {w}"))
                    .cloned()
                    .unwrap_or_else(|| format!("v_{}", crate::phrase::rule_word(w))),
            ),
            Tok::Agree { one, many } => Some(
                self.words
                    .get(&format!("{one}|{many}"))
                    .cloned()
                    .unwrap_or_else(|| format!("w_{}", crate::phrase::rule_word(many))),
            ),
        }
    }

    /// The word rules the generated grammar defines: every literal token of a form that
    /// is not read by a hand-written rule, in order of first appearance.
    pub fn generated_words(&self) -> Vec<(String, Tok)> {
        let mut out: Vec<(String, Tok)> = Vec::new();
        let phrases = self
            .forms
            .iter()
            .map(|f| f.phrase.toks.as_slice())
            .chain(self.events.iter().map(|e| e.rule_toks()))
            .chain(self.conditions.iter().flat_map(|c| {
                std::iter::once(c.phrase.toks.as_slice())
                    .chain(c.spellings.iter().map(|p| p.toks.as_slice()))
            }))
            .chain(self.filters.iter().flat_map(|f| {
                std::iter::once(f.phrase.toks.as_slice())
                    .chain(f.spellings.iter().map(|p| p.toks.as_slice()))
            }))
            .chain(self.costs.iter().map(|c| c.phrase.toks.as_slice()))
            .chain(self.statics.iter().map(|s| s.phrase.toks.as_slice()));
        for toks in phrases {
            for t in toks {
                let key = match t {
                    Tok::Slot { .. } => continue,
                    Tok::Word(w) => w.clone(),
                    Tok::Verb(w) => format!("verb {w}"),
                    Tok::Agree { one, many } => format!("{one}|{many}"),
                };
                if self.words.contains_key(&key) {
                    continue;
                }
                if let Some(rule) = self.word_rule(t) {
                    if !out.iter().any(|(r, _)| *r == rule) {
                        out.push((rule, t.clone()));
                    }
                }
            }
        }
        out
    }
}
