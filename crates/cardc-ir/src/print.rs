//! The canonical source of a card: IR → card language, in the house layout.
//!
//! Printing a card and parsing the result gives back an equal card (tested over the
//! whole set). Comments are not in the IR, so this is not a formatter; it is the
//! canonical form the sheets' rules text and the round-trip tests stand on.

use crate::ir::{Card, Face, StatValue};
use crate::text;
use std::fmt::Write;

/// The canonical source of one card, ending in a newline.
pub fn card(card: &Card) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{} {} {{", card.kind.value, quote(&card.name.value));
    let w = &mut out;
    if let Some(c) = &card.cost {
        line(w, 1, &format!("cost {}", c.value));
    }
    if let Some(v) = &card.votes {
        line(w, 1, &format!("votes {}", v.value));
    }
    if card.capital.is_some() {
        line(w, 1, "capital");
    }
    if let Some(s) = &card.speed {
        line(w, 1, &format!("speed {}", s.value));
    }
    if let Some(m) = &card.character_action {
        line(w, 1, &format!("character_action {}", m.value));
    }
    for a in &card.allows {
        line(w, 1, &format!("allow {}", a.value));
    }
    for face in &card.faces {
        match face.role.keyword() {
            None => face_body(w, face, 1),
            Some(keyword) => {
                let name = face.name.as_ref().map(|n| format!(" {}", quote(&n.value)));
                line(w, 1, &format!("{keyword}{} {{", name.unwrap_or_default()));
                face_body(w, face, 2);
                line(w, 1, "}");
            }
        }
    }
    out.push_str("}\n");
    out
}

fn face_body(w: &mut String, face: &Face, depth: usize) {
    if let Some(d) = &face.drives {
        let names: Vec<&str> = d.value.iter().map(|d| d.value.name()).collect();
        line(w, depth, &format!("drives {}", names.join(", ")));
    }
    if let Some(m) = &face.morality {
        line(w, depth, &format!("morality {}", m.value));
    }
    let stat = |w: &mut String, key: &str, v: Option<u32>| {
        if let Some(v) = v {
            line(w, depth, &format!("{key} {v}"));
        }
    };
    stat(w, "cp", face.cp.map(|c| c.value));
    stat(w, "vox", face.vox.map(|c| c.value));
    stat(w, "attack", face.attack.map(|c| c.value));
    let x = |w: &mut String, key: &str, v: Option<StatValue>| {
        if let Some(v) = v {
            line(w, depth, &format!("{key} {v}"));
        }
    };
    x(w, "rank", face.rank.map(|r| r.value));
    x(w, "def", face.def.map(|r| r.value));
    if let Some(p) = &face.penalties {
        line(
            w,
            depth,
            &format!("penalties {}", text::penalties(&p.value)),
        );
    }
    if !face.abilities.is_empty() {
        line(w, depth, "text {");
        for sentence in text::face_text(face) {
            line(w, depth + 1, &sentence);
        }
        line(w, depth, "}");
    }
    if let Some(f) = &face.flavor {
        line(w, depth, &format!("flavor {}", quote(&f.value)));
    }
    if let Some(e) = &face.exit {
        line(w, depth, &format!("exit {}", e.value));
    }
    if let Some(r) = &face.redeem {
        line(w, depth, &format!("redeem {}", text::redeem(r.value)));
    }
}

fn line(w: &mut String, depth: usize, text: &str) {
    for _ in 0..depth {
        w.push_str("    ");
    }
    w.push_str(text);
    w.push('\n');
}

/// A string literal of the card language: `"…"` with `\` and `"` escaped.
pub fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
