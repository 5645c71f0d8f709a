//! The events' part of every derived file: one function per file, each returning the text
//! the file's emitter (`emit.rs`) appends. Events are `[[event]]` rows: what a `Whenever …`
//! / `When …` trigger waits for.

use std::fmt::Write;

use crate::event_slots::{self, Layer};
use crate::phrase::{pascal, Tok};
use crate::table::{longest_first, Event, EventNeeds, Table};

fn esc(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

fn rule_body(t: &Table, toks: &[Tok]) -> String {
    let parts: Vec<String> = toks
        .iter()
        .map(|tok| match tok {
            Tok::Slot { slot, .. } => slot.rule().to_owned(),
            _ => t.word_rule(tok).unwrap_or_default(),
        })
        .collect();
    parts.join(" ~ ")
}

/// The event rules of `grammar/vocabulary.pest`: `event`, `group_event`, `this_card_event`
/// and one `ev_<name>` per row.
///
/// The rows that start alike are read through one frame, so what they share is parsed once:
/// `this card` (`this_card ~ this_card_event`) and the group (`event_group ~ group_event`).
/// A PEG tries the alternatives of a choice in turn, each from the start: with a row per
/// group event, `Whenever a Ground Unit you control is readied` read its group once for every
/// group row tried before the one that matched.
pub fn pest(t: &Table) -> String {
    let mut o = String::new();
    o.push_str("\n// The events of triggers (`Whenever <event>, …`), one rule per event; an event about\n// this card reads `this card` once, then what happens to it, and an event about a group\n// reads the group once, then what happens to it.\n\n");
    let rows = |keep: fn(&Event) -> bool| -> Vec<Event> {
        t.events.iter().filter(|e| keep(e)).cloned().collect()
    };
    let others = rows(|e| !e.about_this_card() && !e.about_a_group() && !e.at);
    let groups = rows(Event::about_a_group);
    let mine = rows(Event::about_this_card);
    o.push_str(&at_pest(t));
    let mut alts: Vec<String> = longest_first(&others, |e| e.rule_toks())
        .iter()
        .map(|e| e.rule())
        .collect();
    if !groups.is_empty() {
        alts.push("event_group ~ group_event".to_owned());
    }
    if !mine.is_empty() {
        alts.push("this_card ~ this_card_event".to_owned());
    }
    let _ = write!(o, "event = {{\n{}}}\n", crate::emit::alternatives(&alts));
    choice(&mut o, "group_event", &groups);
    choice(&mut o, "this_card_event", &mine);
    for e in &t.events {
        let _ = writeln!(o, "/// `{}`", e.phrase.printed());
        let _ = writeln!(o, "{} = {{ {} }}", e.rule(), rule_body(t, e.rule_toks()));
    }
    o
}

/// The choice rule `head` over `rows` (longest first), or nothing if there are none.
fn choice(o: &mut String, head: &str, rows: &[Event]) {
    if rows.is_empty() {
        return;
    }
    let alts = longest_first(rows, |e| e.rule_toks())
        .into_iter()
        .map(|e| e.rule());
    let _ = write!(o, "{head} = {{\n{}}}\n", crate::emit::alternatives(alts));
}

/// The moments read after `At` (`At the end of your turn, …`): the rows with `at = true`,
/// alternatives of `at_event` (read by `condition` in `grammar/cards.pest`).
fn at_pest(t: &Table) -> String {
    let at: Vec<Event> = t.events.iter().filter(|e| e.at).cloned().collect();
    let mut o = String::new();
    if !at.is_empty() {
        o.push_str("/// The moments of `At <moment>, <effect>`.\n");
    }
    choice(&mut o, "at_event", &at);
    o
}

/// What a moment after `At` is called when one was expected: `the start of your turn` (the
/// hand-written frame) or a row's phrase.
fn expected_at(t: &Table) -> String {
    let mut names = vec!["`the start of your turn`".to_owned()];
    names.extend(
        t.events
            .iter()
            .filter(|e| e.at)
            .map(|e| format!("`{}`", e.phrase.printed())),
    );
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => names.join(""),
    }
}

/// The AST's `Event` and its builder, for `crates/cardc-syntax/src/vocabulary.rs`.
pub fn syntax(t: &Table) -> String {
    let mut o = String::new();
    o.push_str("/// The events a trigger can wait for, one per `[[event]]` row of the table.\n#[derive(Debug, Clone, PartialEq, Eq, Hash)]\npub enum Event {\n");
    for e in &t.events {
        let _ = writeln!(
            o,
            "/// `{}`\n{},",
            e.phrase.printed(),
            event_slots::declaration(e, Layer::Ast)
        );
    }
    o.push_str("}\n\n");
    let _ = writeln!(
        o,
        "/// What an event is called when one was expected.\npub(crate) const EXPECTED_EVENT_NAME: &str = \"{}\";\n",
        esc(&t.expected.event)
    );
    let _ = writeln!(
        o,
        "/// What is expected after `this card` in an event.\npub(crate) const EXPECTED_THIS_CARD_EVENT: &str = \"{}\";\n",
        esc(&t.expected.this_card_event)
    );
    o.push_str("/// The event an `ev_…` pair reads, or `None` if `p` is not one; `group` is the\n/// `event_group` read before it, for a row that starts with its group (`group_event`).\npub(crate) fn event(b: &SentenceBuilder, p: &P<'_>, group: Option<&P<'_>>) -> Option<Event> {\nSome(match p.as_rule() {\n");
    for e in &t.events {
        let value = match e.group() {
            Some(_) if e.about_a_group() => "b.event_subject(group?)?".to_owned(),
            Some(_) => crate::phrase::Slot::Group.build(),
            None => String::new(),
        };
        let _ = writeln!(
            o,
            "Rule::{} => Event::{},",
            e.rule(),
            event_slots::build(e, &value)
        );
    }
    o.push_str("_ => { let _ = (b, group); return None }\n})\n}\n\n");
    o
}

/// The `describe` arms of the event rules (inside the generated `describe`).
pub fn describe_arms(t: &Table) -> String {
    let mut o = String::new();
    let others: Vec<String> = t
        .events
        .iter()
        .filter(|e| !e.about_this_card() && !e.at)
        .map(|e| format!("Rule::{}", e.rule()))
        .chain(
            t.events
                .iter()
                .any(Event::about_a_group)
                .then(|| "Rule::group_event".to_owned()),
        )
        .collect();
    let mine: Vec<String> = t
        .events
        .iter()
        .filter(|e| e.about_this_card())
        .map(|e| format!("Rule::{}", e.rule()))
        .collect();
    let at: Vec<String> = t
        .events
        .iter()
        .filter(|e| e.at)
        .map(|e| format!("Rule::{}", e.rule()))
        .collect();
    if !at.is_empty() {
        let mut head = vec!["Rule::at_event".to_owned()];
        head.extend(at);
        let _ = writeln!(
            o,
            "{} => (EXPECTED_EVENT, \"{}\", 6),",
            head.join(" | "),
            esc(&expected_at(t))
        );
    }
    let mut head = vec!["Rule::event".to_owned()];
    head.extend(others);
    let _ = writeln!(
        o,
        "{} => (EXPECTED_EVENT, EXPECTED_EVENT_NAME, 6),",
        head.join(" | ")
    );
    let mut head = vec!["Rule::this_card_event".to_owned()];
    head.extend(mine);
    let _ = writeln!(
        o,
        "{} => (EXPECTED_EVENT, EXPECTED_THIS_CARD_EVENT, 6),",
        head.join(" | ")
    );
    o
}

/// One documented enum variant per event row, as the IR's `Event` and the engine's
/// `Trigger` both list them.
fn event_variants(t: &Table, layer: Layer, o: &mut String) {
    for e in &t.events {
        let _ = writeln!(
            o,
            "/// `{}`: {}\n{},",
            e.phrase.printed(),
            e.doc,
            event_slots::declaration(e, layer)
        );
    }
}

/// The IR's `Event` and its facts, for `crates/cardc-ir/src/vocabulary.rs`.
pub fn ir(t: &Table) -> String {
    let mut o = String::new();
    o.push_str("/// The events a trigger can name, each precise about combat versus Liberation and\n/// damage versus CP loss (§7.5, §12.8).\n#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]\npub enum Event {\n");
    event_variants(t, Layer::Ir, &mut o);
    o.push_str("}\n\n");
    o.push_str("/// What the card printing a trigger must be able to do, or the trigger never fires (`E0141`).\n#[derive(Debug, Clone, Copy, PartialEq, Eq)]\npub enum EventNeeds {\n/// Be Activated as a liberator: a Character or a Ground Unit (§12.2).\nLiberator,\n/// Fall: a Character, or a permanent that prints a Fallen face (§7.7).\nFall,\n/// Be deployed from hand: a Character, Ground Unit, Spacecraft or Device (§7.11, ruling R45).\nDeploy,\n/// Be Activated: a Character or Ground Unit (§12.2, §12.4), or a permanent printing an `A` ability (§7.3; ruling R46).\nActivate,\n/// Be Activated as a defender or declared as a garrison: a Character or a Ground Unit (§12.4; ruling R76).\nDefend,\n/// Have Liberation counters placed on it: a permanent with a Rank (§12.8; ruling R79).\nCounters,\n}\n\n");
    o.push_str("impl Event {\n");
    let all: Vec<String> = t
        .events
        .iter()
        .map(|e| format!("Event::{}", event_slots::listed(e)))
        .collect();
    let _ = writeln!(
        o,
        "/// Every event, in table order (an event about a group with `a permanent you control`).\npub const ALL: &'static [Event] = &[{}];\n",
        all.join(", ")
    );
    let ex: Vec<String> = t
        .events
        .iter()
        .map(|e| {
            format!(
                "(Event::{}, \"{}\")",
                event_slots::listed(e),
                esc(&e.example)
            )
        })
        .collect();
    let _ = writeln!(
        o,
        "/// Every event with its example sentence, in table order (the event as `ALL` lists it).\npub const EXAMPLES: &'static [(Event, &'static str)] = &[{}];\n",
        ex.join(", ")
    );
    o.push_str("/// The phrase as printed.\npub fn phrase(self) -> String {\nmatch self {\n");
    for e in &t.events {
        match e.group() {
            Some(_) => {
                let printed = e.phrase.printed().replace("<group>", "{}");
                let _ = writeln!(
                    o,
                    "Event::{} => format!(\"{}\", g.printed()),",
                    event_slots::bind(e, "g"),
                    esc(&printed)
                );
            }
            None => {
                let _ = writeln!(
                    o,
                    "Event::{} => \"{}\".to_owned(),",
                    pascal(&e.name),
                    esc(&e.phrase.printed())
                );
            }
        }
    }
    o.push_str("}\n}\n\n");
    o.push_str("/// The row's name: its variant, without the group it names.\npub fn name(self) -> &'static str {\nmatch self {\n");
    for e in &t.events {
        let _ = writeln!(
            o,
            "Event::{} => \"{}\",",
            event_slots::any(e),
            pascal(&e.name)
        );
    }
    o.push_str("}\n}\n\n");
    o.push_str("/// What the event is about, if it has a `{…:group}` slot: a group of permanents or the Bound.\npub fn subject(self) -> Option<crate::EventSubject> {\nmatch self {\n");
    for e in t.events.iter().filter(|e| e.group().is_some()) {
        let _ = writeln!(o, "Event::{} => Some(g),", event_slots::bind(e, "g"));
    }
    o.push_str("_ => None,\n}\n}\n\n");
    o.push_str("/// The same event about `subject` instead, if it has a `{…:group}` slot (else itself).\npub fn with_subject(self, subject: crate::EventSubject) -> Event {\nmatch self {\n");
    for e in t.events.iter().filter(|e| e.group().is_some()) {
        let _ = writeln!(
            o,
            "Event::{} => Event::{},",
            event_slots::bind(e, "_"),
            event_slots::build(e, "subject")
        );
    }
    o.push_str("other => other,\n}\n}\n\n");
    o.push_str("/// The group the event is about, if it is about a group of permanents (not the Bound).\npub fn group(self) -> Option<crate::Group> {\nmatch self.subject() {\nSome(crate::EventSubject::Group(g)) => Some(g),\n_ => None,\n}\n}\n\n");
    let combat: Vec<String> = t
        .events
        .iter()
        .filter(|e| e.combat)
        .map(|e| format!("Event::{}", event_slots::any(e)))
        .collect();
    let body = if combat.is_empty() {
        "false".to_owned()
    } else {
        format!("matches!(self, {})", combat.join(" | "))
    };
    let _ = writeln!(o, "/// Whether the event names combat, and so never fires for a Liberation kill (§12.8).\npub fn requires_combat(self) -> bool {{\n{body}\n}}\n");
    let leaves: Vec<String> = t
        .events
        .iter()
        .filter(|e| e.leaves)
        .map(|e| format!("Event::{}", event_slots::any(e)))
        .collect();
    let body = if leaves.is_empty() {
        "false".to_owned()
    } else {
        format!("matches!(self, {})", leaves.join(" | "))
    };
    let _ = writeln!(o, "/// Whether the card the event is about (this card or the group's) has left the Map when\n/// the trigger resolves (it was destroyed), so `it` cannot refer to it (ruling R112).\npub fn subject_leaves(self) -> bool {{\n{body}\n}}\n");
    let this: Vec<String> = t
        .events
        .iter()
        .filter(|e| e.names_this_card())
        .map(|e| format!("Event::{}", event_slots::any(e)))
        .collect();
    let body = if this.is_empty() {
        "false".to_owned()
    } else {
        format!("matches!(self, {})", this.join(" | "))
    };
    let _ = writeln!(o, "/// Whether the event happens to the card printing the trigger (`this card is …`), which\n/// the effect's `it` then names (ruling R112).\npub fn about_this_card(self) -> bool {{\n{body}\n}}\n");
    let at: Vec<String> = t
        .events
        .iter()
        .filter(|e| e.at)
        .map(|e| format!("Event::{}", pascal(&e.name)))
        .collect();
    let body = if at.is_empty() {
        "false".to_owned()
    } else {
        format!("matches!(self, {})", at.join(" | "))
    };
    let _ = writeln!(o, "/// Whether the event is a moment read after `At` (`At the end of your turn, …`), never\n/// after `Whenever` or `When`.\npub fn at(self) -> bool {{\n{body}\n}}\n");
    o.push_str("/// What the card printing it must be able to do (`None`: nothing).\npub fn needs(self) -> Option<EventNeeds> {\nmatch self {\n");
    for e in &t.events {
        let r = match e.needs {
            _ if e.group().is_some() => "None",
            n => needs_value(n),
        };
        let _ = writeln!(o, "Event::{} => {r},", event_slots::any(e));
    }
    o.push_str("}\n}\n\n");
    o.push_str("/// What the members of the group an event is about must be able to do for it to fire\n/// (`None`: nothing, or not about a group).\npub fn member_needs(self) -> Option<EventNeeds> {\nmatch self {\n");
    for e in &t.events {
        let r = match e.needs {
            n if e.group().is_some() => needs_value(n),
            _ => "None",
        };
        let _ = writeln!(o, "Event::{} => {r},", event_slots::any(e));
    }
    o.push_str("}\n}\n}\n");
    o
}

/// The `EventNeeds` value a row's `needs` is.
fn needs_value(n: Option<EventNeeds>) -> &'static str {
    match n {
        Some(EventNeeds::Liberator) => "Some(EventNeeds::Liberator)",
        Some(EventNeeds::Fall) => "Some(EventNeeds::Fall)",
        Some(EventNeeds::Deploy) => "Some(EventNeeds::Deploy)",
        Some(EventNeeds::Activate) => "Some(EventNeeds::Activate)",
        Some(EventNeeds::Defend) => "Some(EventNeeds::Defend)",
        Some(EventNeeds::Counters) => "Some(EventNeeds::Counters)",
        None => "None",
    }
}

/// A function that is one `match` over the events, an arm per row: `head` opens it (the
/// doc line, the signature and `match …`), `arm` writes a row's arm, `tail` closes it.
fn event_match(t: &Table, head: &str, arm: impl Fn(&Event) -> String, tail: &str) -> String {
    let mut o = String::from(head);
    for e in &t.events {
        let _ = writeln!(o, "{}", arm(e));
    }
    o.push_str(tail);
    o
}

/// The lowering of events, for `crates/cardc-lower/src/vocabulary.rs`: the group of an event
/// about a group is typed by `Lowerer::event_group`.
pub fn lower(t: &Table) -> String {
    event_match(
        t,
        "\nimpl Lowerer {\n/// An event of the AST as the IR's (`None`, with a diagnostic, when its group names no kind\n/// of permanent).\npub(super) fn event(&mut self, e: &ast::Event) -> Option<Event> {\nSome(match e {\n",
        |e| match e.group() {
            Some(_) => format!(
                "ast::Event::{} => Event::{},",
                event_slots::bind(e, "g"),
                event_slots::build(e, &crate::phrase::Slot::Group.lower("g"))
            ),
            None => {
                let v = pascal(&e.name);
                format!("ast::Event::{v} => Event::{v},")
            }
        },
        "})\n}\n}\n",
    )
}

/// The codegen of events, for `crates/cardc-codegen/src/vocabulary.rs`: the group of an event
/// about a group is written by `crate::card::group`.
pub fn codegen(t: &Table) -> String {
    event_match(
        t,
        "\n/// The engine's trigger for an event.\npub fn event(event: Event) -> TokenStream {\nmatch event {\n",
        |e| match e.group() {
            Some(_) => format!(
                "Event::{} => {{ let g = crate::card::event_subject(g); quote!(engine::Trigger::{}) }}",
                event_slots::bind(e, "g"),
                event_slots::bind(e, "#g")
            ),
            None => {
                let v = pascal(&e.name);
                format!("Event::{v} => quote!(engine::Trigger::{v}),")
            }
        },
        "}\n}\n",
    )
}

/// The engine's `Trigger`, for `crates/cardc-engine/src/vocabulary.rs`.
pub fn engine(t: &Table) -> String {
    let mut o = String::new();
    o.push_str("\n/// What a triggered ability waits for, seen from the card whose ability it is: one variant\n/// per event of the table, and the start of its controller's turn. When each fires is the\n/// engine's rules logic (`Game::fires`, one arm per variant).\n#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]\npub enum Trigger {\n");
    event_variants(t, Layer::Engine, &mut o);
    o.push_str("/// `At the start of your turn` (the condition of its own sentence frame, not an event).\nStartOfYourTurn,\n}\n\n");
    o.push_str("impl Trigger {\n/// Its place in table order: the order in which the triggers one happening fires are\n/// queued (abilities of one permanent waiting for triggers of the same place, in printed\n/// order).\npub fn order(self) -> usize {\nmatch self {\n");
    for (i, e) in t.events.iter().enumerate() {
        let _ = writeln!(o, "Trigger::{} => {i},", event_slots::any(e));
    }
    let _ = writeln!(o, "Trigger::StartOfYourTurn => {},", t.events.len());
    o.push_str("}\n}\n}\n");
    o
}

/// The events table of `docs/language.md` (between its markers).
pub fn language_doc(t: &Table) -> String {
    let mut o = String::new();
    o.push_str("| Event | Example | Meaning |\n| --- | --- | --- |\n");
    for e in &t.events {
        let _ = writeln!(
            o,
            "| `{}` | `{}` | {} |",
            e.phrase.printed(),
            e.example,
            e.doc
        );
    }
    o
}
