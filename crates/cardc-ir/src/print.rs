//! The canonical source of a card: IR → card language, in the house layout.
//!
//! Printing a card and parsing the result gives back an equal card (tested over the
//! whole set). The printer produces [`Line`]s, each anchored to the span of the IR
//! element it prints, so that the formatter (`cardc fmt`) can put every comment of
//! the original source back beside the element it was written next to.

use crate::ir::{Card, Face};
use crate::text;
use crate::vocab::StatValue;
use cardc_diagnostics::Span;

/// One printed line: indentation depth, text, and the source element it prints.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// Indentation, in steps of four spaces.
    pub depth: usize,
    /// The text, without indentation or newline.
    pub text: String,
    /// The span of the element printed here (for a closing brace, the block it closes).
    pub anchor: Option<Span>,
    /// Whether the line closes a block (`}`): comments written before the block's end
    /// are placed before it.
    pub closes: bool,
}

/// The canonical source of one card, ending in a newline.
pub fn card(card: &Card) -> String {
    let mut out = String::new();
    for line in lines(card) {
        push_line(&mut out, line.depth, &line.text);
    }
    out
}

/// Writes `text` at `depth` and a newline.
pub fn push_line(out: &mut String, depth: usize, text: &str) {
    for _ in 0..depth {
        out.push_str("    ");
    }
    out.push_str(text);
    out.push('\n');
}

/// The canonical lines of one card, in order.
pub fn lines(card: &Card) -> Vec<Line> {
    let mut p = Printer { lines: Vec::new() };
    let head = format!("{} {} {{", card.kind.value, quote(&card.name.value));
    p.open(0, head, *card.span);
    if let Some(c) = &card.cost {
        p.line(1, format!("cost {}", c.value), c.span);
    }
    if let Some(v) = &card.votes {
        p.line(1, format!("votes {}", v.value), v.span);
    }
    if let Some(c) = &card.capital {
        p.line(1, "capital".to_owned(), c.span);
    }
    if let Some(s) = &card.speed {
        p.line(1, format!("speed {}", s.value), s.span);
    }
    if let Some(m) = &card.character_action {
        p.line(1, format!("character_action {}", m.value), m.span);
    }
    // One `allow` line with every lint: a second `allow` line would be a repeated field.
    if let (Some(first), Some(last)) = (card.allows.first(), card.allows.last()) {
        let lints: Vec<&str> = card.allows.iter().map(|a| a.value.as_str()).collect();
        let span = Span {
            end: last.span.end.max(first.span.end),
            ..first.span
        };
        p.line(1, format!("allow {}", lints.join(", ")), span);
    }
    for face in &card.faces {
        match face.role.keyword() {
            None => p.face_body(face, 1),
            Some(keyword) => {
                let name = face.name.as_ref().map(|n| format!(" {}", quote(&n.value)));
                p.open(
                    1,
                    format!("{keyword}{} {{", name.unwrap_or_default()),
                    *face.span,
                );
                p.face_body(face, 2);
                p.close(1, *face.span);
            }
        }
    }
    p.close(0, *card.span);
    p.lines
}

struct Printer {
    lines: Vec<Line>,
}

impl Printer {
    fn line(&mut self, depth: usize, text: String, anchor: Span) {
        self.lines.push(Line {
            depth,
            text,
            anchor: Some(anchor),
            closes: false,
        });
    }

    fn open(&mut self, depth: usize, text: String, block: Span) {
        // A block's opening line is anchored at the block's first byte only, so the
        // comments inside it attach to the elements inside it.
        let anchor = Span {
            end: block.start,
            ..block
        };
        self.lines.push(Line {
            depth,
            text,
            anchor: Some(anchor),
            closes: false,
        });
    }

    fn close(&mut self, depth: usize, block: Span) {
        self.lines.push(Line {
            depth,
            text: "}".to_owned(),
            anchor: Some(block),
            closes: true,
        });
    }

    fn face_body(&mut self, face: &Face, depth: usize) {
        if let Some(d) = &face.drives {
            let names: Vec<&str> = d.value.iter().map(|d| d.value.name()).collect();
            self.line(depth, format!("drives {}", names.join(", ")), d.span);
        }
        if let Some(m) = &face.morality {
            self.line(depth, format!("morality {}", m.value), m.span);
        }
        for (key, value) in [("cp", face.cp), ("vox", face.vox), ("attack", face.attack)] {
            if let Some(v) = value {
                self.line(depth, format!("{key} {}", v.value), v.span);
            }
        }
        for (key, value) in [("rank", face.rank), ("def", face.def)] {
            if let Some(v) = value {
                let v: crate::Loc<StatValue> = v;
                self.line(depth, format!("{key} {}", v.value), v.span);
            }
        }
        if let Some(p) = &face.penalties {
            self.line(
                depth,
                format!("penalties {}", text::penalties(&p.value)),
                p.span,
            );
        }
        if let Some(first) = face.abilities.first() {
            // The block as written; for IR built without one, the span of its sentences.
            let block = face.text_span.map_or_else(
                || {
                    first
                        .span
                        .to(face.abilities.last().map_or(first.span, |l| l.span))
                },
                Span::from,
            );
            self.open(depth, "text {".to_owned(), block);
            for ability in &face.abilities {
                self.line(depth + 1, text::ability(&ability.value), ability.span);
            }
            self.close(depth, block);
        }
        if let Some(f) = &face.flavor {
            self.line(depth, format!("flavor {}", quote(&f.value)), f.span);
        }
        if let Some(e) = &face.exit {
            self.line(depth, format!("exit {}", e.value), e.span);
        }
        if let Some(r) = &face.redeem {
            self.line(depth, format!("redeem {}", text::redeem(r.value)), r.span);
        }
    }
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
