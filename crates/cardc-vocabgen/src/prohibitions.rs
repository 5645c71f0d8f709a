//! The prohibitions' part of the statics (`This card can't be declared as a Liberation
//! target.`, `Liberation counters can't be removed from permanents an opponent controls.`,
//! docs/vocabulary-v2.md §13). A prohibition is a `[[static]]` row with a `frame` column: the
//! row's phrase carries its own verb (`can't …`), so the subject is not followed by `gets`,
//! and an `on` column says what the subject must be for the prohibition ever to apply
//! (`E0154`, `E0152`, `E0230`). The rest of a row (its IR, AST and engine variant, lowering,
//! codegen) is the statics' (`statics.rs`); this module adds the frames' grammar rules and
//! the IR's facts `frame`, `on` and `predicate` (the phrase agreeing with its subject).

use std::fmt::Write;

use crate::emit::phrase_rules;
use crate::phrase::{pascal, Phrase, Tok};
use crate::table::Table;

/// Where a static's subject goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Frame {
    /// `<subject> gets <phrase>`, the short form `<phrase>.` on this card (a bonus).
    Gets,
    /// `<subject> <phrase>`: the phrase opens with its own verb (`can't be declared as a
    /// Liberation target`).
    Subject,
    /// `<phrase> <subject>`: the subject is the phrase's object (`Liberation counters can't be
    /// removed from <subject>`).
    Object,
}

impl Frame {
    /// Its name in `cardc_ir::prohibition::Frame`.
    fn variant(self) -> &'static str {
        match self {
            Frame::Gets => "Gets",
            Frame::Subject => "Subject",
            Frame::Object => "Object",
        }
    }
}

/// What a prohibition's subject must be for it ever to apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum On {
    /// A permanent that prints a Rank: only those are declared as Liberation targets (§7.9).
    Rank,
    /// A Character or a Ground Unit: only those are Activated as liberators or declared as
    /// garrisons (§12.2, §12.4).
    Unit,
    /// A permanent that can hold Liberation counters: one with a Rank, not a Character
    /// (counters never remain on a Character, §7.9).
    Counters,
}

impl On {
    fn variant(self) -> &'static str {
        match self {
            On::Rank => "Rank",
            On::Unit => "Unit",
            On::Counters => "Counters",
        }
    }
}

/// Reads a static row's phrase: a prohibition's (`frame` other than `gets`) has no number
/// slot, and its `one|many` words agree with its subject instead.
pub fn parse_phrase(s: &str, frame: Option<&str>) -> Result<Phrase, String> {
    if matches!(frame, None | Some("gets")) {
        return Phrase::parse(s);
    }
    let plain: Vec<&str> = s
        .split_whitespace()
        .map(|t| t.split_once('|').map_or(t, |(one, _)| one))
        .collect();
    let mut phrase = Phrase::parse(&plain.join(" "))?;
    for (tok, written) in phrase.toks.iter_mut().zip(s.split_whitespace()) {
        if let Some((one, many)) = written.split_once('|') {
            *tok = Tok::Agree {
                one: one.to_owned(),
                many: many.to_owned(),
            };
        }
    }
    Ok(phrase)
}

/// Reads a static row's `frame` and `on` columns.
pub fn read(
    frame: Option<&str>,
    on: Option<&str>,
    phrase: &Phrase,
) -> Result<(Frame, Option<On>), String> {
    let frame = match frame {
        None | Some("gets") => Frame::Gets,
        Some("subject") => Frame::Subject,
        Some("object") => Frame::Object,
        Some(other) => {
            return Err(format!(
                "unknown `frame = \"{other}\"` (gets, subject or object)"
            ))
        }
    };
    let on = match on {
        None => None,
        Some("rank") => Some(On::Rank),
        Some("unit") => Some(On::Unit),
        Some("counters") => Some(On::Counters),
        Some(other) => {
            return Err(format!(
                "unknown `on = \"{other}\"` (rank, unit or counters)"
            ))
        }
    };
    match (frame, on) {
        (Frame::Gets, Some(_)) => {
            Err("`on` belongs to prohibitions (`frame = \"subject\"` or `\"object\"`)".into())
        }
        (Frame::Subject | Frame::Object, None) => {
            Err("a prohibition needs `on`: what its subject must be for it ever to apply".into())
        }
        (Frame::Subject | Frame::Object, Some(_)) if phrase.slots().count() > 0 => {
            Err("a prohibition's phrase has no slots".into())
        }
        _ => Ok((frame, on)),
    }
}

/// The grammar rules of the prohibitions, `static_prohibition` (the subject first) and
/// `static_prohibition_object` (the subject last), each with one `st_<name>` per row.
pub fn pest(t: &Table) -> String {
    let mut o = String::new();
    o.push_str("\n// The prohibitions (`can't be declared as a Liberation target`), statics whose phrase\n// carries its own verb: `static_prohibition` follows its subject, `static_prohibition_object`\n// precedes it; the frame is `static_ability` of cards.pest.\n\n");
    for (head, frame) in [
        ("static_prohibition", Frame::Subject),
        ("static_prohibition_object", Frame::Object),
    ] {
        let rows: Vec<(String, &Phrase)> = t
            .statics
            .iter()
            .filter(|s| s.frame == frame)
            .map(|s| (s.rule(), &s.phrase))
            .collect();
        if rows.is_empty() {
            // No row of this frame: a rule that never matches keeps cards.pest building.
            let _ = writeln!(o, "{head} = {{ !ANY ~ ANY }}");
        } else {
            o.push_str(&phrase_rules(t, head, &rows));
        }
    }
    o
}

/// The `describe` arm of the prohibitions' rules (inside the generated `describe`): what a
/// designer is told is expected there is the verb, `can't`, as weak as `gets`.
pub fn describe_arm(t: &Table) -> String {
    let mut head = vec![
        "Rule::static_prohibition".to_owned(),
        "Rule::static_prohibition_object".to_owned(),
    ];
    head.extend(
        t.statics
            .iter()
            .filter(|s| s.frame != Frame::Gets)
            .map(|s| format!("Rule::{}", s.rule())),
    );
    format!(
        "{} => (crate::codes::EXPECTED_WORD, \"`can't`\", 2),\n",
        head.join(" | ")
    )
}

/// `{ .. }` or nothing, to match a variant whatever its fields.
fn rest(p: &Phrase) -> &'static str {
    if p.slots().count() == 0 {
        ""
    } else {
        " { .. }"
    }
}

fn esc(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The IR's `StaticKind::frame`, `on` and `predicate`, inside its `impl`.
pub fn ir(t: &Table) -> String {
    let mut o = String::new();
    o.push_str("\n/// Where its subject goes: after `gets`, or around a prohibition's own verb.\npub fn frame(&self) -> crate::prohibition::Frame {\nmatch self {\n");
    for s in &t.statics {
        let _ = writeln!(
            o,
            "StaticKind::{}{} => crate::prohibition::Frame::{},",
            pascal(&s.name),
            rest(&s.phrase),
            s.frame.variant()
        );
    }
    o.push_str("}\n}\n\n/// What a prohibition's subject must be for it ever to apply (`None`: not a prohibition).\npub fn on(&self) -> Option<crate::prohibition::On> {\nmatch self {\n");
    for s in &t.statics {
        let value = match s.on {
            Some(on) => format!("Some(crate::prohibition::On::{})", on.variant()),
            None => "None".to_owned(),
        };
        let _ = writeln!(
            o,
            "StaticKind::{}{} => {value},",
            pascal(&s.name),
            rest(&s.phrase)
        );
    }
    o.push_str("}\n}\n\n/// A prohibition's phrase, its words agreeing with a subject of one (`this card`, `the\n/// Bound`) or many (a group): `can't be declared as Liberation targets`. A bonus prints\n/// as `text`.\npub fn predicate(&self, many: bool) -> String {\nmatch self {\n");
    for s in &t.statics {
        let v = pascal(&s.name);
        if s.frame == Frame::Gets {
            let _ = writeln!(
                o,
                "StaticKind::{v}{} => {{ let _ = many; self.text() }}",
                rest(&s.phrase)
            );
            continue;
        }
        let mut one_text = Vec::new();
        let mut many_text = Vec::new();
        for tok in &s.phrase.toks {
            match tok {
                Tok::Word(w) | Tok::Verb(w) => {
                    one_text.push(w.replace('_', " "));
                    many_text.push(w.replace('_', " "));
                }
                Tok::Agree { one, many } => {
                    one_text.push(one.replace('_', " "));
                    many_text.push(many.replace('_', " "));
                }
                Tok::Slot { .. } => {}
            }
        }
        if one_text == many_text {
            let _ = writeln!(
                o,
                "StaticKind::{v} => \"{}\".to_owned(),",
                esc(&one_text.join(" "))
            );
        } else {
            let _ = writeln!(
                o,
                "StaticKind::{v} => if many {{ \"{}\".to_owned() }} else {{ \"{}\".to_owned() }},",
                esc(&many_text.join(" ")),
                esc(&one_text.join(" "))
            );
        }
    }
    o.push_str("}\n}\n");
    o
}
