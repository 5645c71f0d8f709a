//! Next-word completion inside a sentence of rules text: the words that may come after
//! the sentence so far, from pest's expected rules at its end
//! ([`cardc_syntax::highlight::expected_next`]).
//!
//! A word rule (`w_damage`, `u_cp`, `kw_instead`) is offered as the words its grammar
//! rule matches (read from the grammar files, embedded); the rules that stand for a
//! closed vocabulary are offered as its words (`kind` → `Ground Unit`…, `stat`,
//! `keyword`, `controller`), and a few rules that are shapes rather than words as their
//! first words (`target` → `target`, `each`, `this card`, `the Bound`, a card name in
//! quotes). Each item is documented by the rows of the vocabulary table whose phrase
//! holds the word: the row's doc line, its example and the sections it cites.

use crate::docs::{cited, rows};
use cardc_ir::{BonusStat, Keyword, PermanentKind};
use lsp_types::{CompletionItem, CompletionItemKind, Documentation, MarkupContent, MarkupKind};
use std::collections::HashMap;
use std::sync::LazyLock;

const GRAMMAR: [&str; 2] = [
    include_str!("../../../grammar/cards.pest"),
    include_str!("../../../grammar/vocabulary.pest"),
];

/// The words each word rule of the grammar matches (`w_in_combat` → `in combat`): the
/// rule's string literals in order, leaving out the alternatives after a `|`.
fn literal_words() -> &'static HashMap<String, String> {
    static WORDS: LazyLock<HashMap<String, String>> = LazyLock::new(|| {
        let mut out = HashMap::new();
        for grammar in GRAMMAR {
            for line in grammar.lines() {
                let Some((name, def)) = line.split_once('=') else {
                    continue;
                };
                let name = name.trim();
                let word_rule = name.starts_with("w_")
                    || name.starts_with("u_")
                    || name.starts_with("kw_")
                    || matches!(
                        name,
                        "this_card" | "the_bound" | "that_many" | "whenever" | "when" | "article"
                    );
                if !word_rule {
                    continue;
                }
                let mut words = Vec::new();
                let mut rest = def;
                while let Some(q) = rest.find('"') {
                    let before = rest[..q].trim_end().trim_end_matches('^').trim_end();
                    let Some(len) = rest[q + 1..].find('"') else {
                        break;
                    };
                    let lit = &rest[q + 1..q + 1 + len];
                    if !before.ends_with('|') && !lit.is_empty() {
                        words.push(lit.to_owned());
                    }
                    rest = &rest[q + 2 + len..];
                }
                if !words.is_empty() {
                    out.insert(name.to_owned(), words.join(" "));
                }
            }
        }
        out
    });
    &WORDS
}

/// The words that may come after `prefix` (the sentence so far, without the word being
/// typed); `names` are the card names of the set, for a named target.
pub(crate) fn next_words(prefix: &str, names: &[String]) -> Vec<CompletionItem> {
    let mut out: Vec<CompletionItem> = Vec::new();
    let mut push = |label: String, detail: &str| {
        if !out.iter().any(|i| i.label == label) {
            out.push(item(label, detail));
        }
    };
    for rule in cardc_syntax::highlight::expected_next(prefix) {
        match rule.as_str() {
            "period" => push(".".to_owned(), "end of the sentence"),
            "comma" => push(",".to_owned(), "punctuation"),
            "colon" => push(":".to_owned(), "punctuation"),
            "kind" => {
                for k in PermanentKind::ALL {
                    push(k.name().to_owned(), "kind of permanent");
                }
            }
            "stat" => {
                for s in BonusStat::ALL {
                    push(s.name().to_owned(), "stat");
                }
            }
            "keyword" => {
                for k in Keyword::ALL {
                    push(k.name().to_owned(), "keyword");
                }
            }
            "controller" => {
                push("you control".to_owned(), "controller");
                push("an opponent controls".to_owned(), "controller");
            }
            "target" | "named_target" | "string" => {
                for w in ["target", "each", "this card", "the Bound"] {
                    push(w.to_owned(), "target");
                }
                for n in names {
                    push(format!("\"{n}\""), "card of this set");
                }
            }
            "amount" | "amount_number" | "gain_amount" | "counter_amount" => {
                push("1".to_owned(), "number");
                if rule == "amount" || rule == "counter_amount" {
                    push("a".to_owned(), "number");
                }
                if rule == "counter_amount" {
                    push("that many".to_owned(), "number");
                }
            }
            // An effect's quantity (docs/vocabulary-v2.md §8): a number, `that many`, `X`.
            "q_amount" | "q_gained" | "q_count" => {
                push("1".to_owned(), "number");
                if rule == "q_count" {
                    push("a".to_owned(), "number");
                }
                push("that many".to_owned(), "what the step before did");
                push("X".to_owned(), "number, bound by `, where X is …`");
            }
            "that_many" => push("that many".to_owned(), "what the step before did"),
            // Modes (ruling R81).
            "modes" | "mode_choose" => push("Choose one —".to_owned(), "a choice of options"),
            "mode_count" => {
                push("one".to_owned(), "options chosen");
                push("two".to_owned(), "options chosen");
            }
            "mode_or" => push("or".to_owned(), "before the last option"),
            "x_amount" => push("X".to_owned(), "number, bound by `, where X is …`"),
            "condition" => {
                for w in ["Whenever", "When", "At the start of your turn"] {
                    push(w.to_owned(), "trigger");
                }
            }
            other => {
                if let Some(words) = literal_words().get(other) {
                    push(words.clone(), "rules text");
                }
            }
        }
    }
    out
}

fn item(label: String, detail: &str) -> CompletionItem {
    CompletionItem {
        documentation: Some(Documentation::MarkupContent(MarkupContent {
            kind: MarkupKind::Markdown,
            value: doc(&label, detail),
        })),
        kind: Some(CompletionItemKind::KEYWORD),
        detail: Some(detail.to_owned()),
        label,
        ..CompletionItem::default()
    }
}

/// The rows of the vocabulary table whose phrase holds `word`, with their examples and
/// sections; a plain line for a word no row holds.
fn doc(word: &str, detail: &str) -> String {
    let lower = word.to_lowercase();
    let matching: Vec<String> = rows()
        .iter()
        .filter(|r| {
            r.phrase
                .to_lowercase()
                .split(|c: char| !(c.is_alphanumeric() || c == '\''))
                .any(|w| !w.is_empty() && lower.split(' ').any(|l| l == w))
        })
        .take(3)
        .map(|r| {
            let sections: Vec<String> = cited(&r.doc).iter().map(|s| format!("§{s}")).collect();
            let sections = if sections.is_empty() {
                String::new()
            } else {
                format!(" ({})", sections.join(", "))
            };
            format!(
                "`{}`{sections}: {}\n\n```card\n{}\n```",
                r.phrase, r.doc, r.example
            )
        })
        .collect();
    if matching.is_empty() {
        format!("`{word}`: {detail}, as the grammar reads it here.")
    } else {
        matching.join("\n\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn labels(prefix: &str) -> Vec<String> {
        next_words(prefix, &["Pier Nine".to_owned()])
            .into_iter()
            .map(|i| i.label)
            .collect()
    }

    #[test]
    fn the_words_that_may_come_next() {
        assert_eq!(labels("Deal 2"), ["damage"]);
        let to = labels("Deal 2 damage to");
        for w in ["target", "each", "this card", "the Bound", "\"Pier Nine\""] {
            assert!(to.contains(&w.to_owned()), "{w} not in {to:?}");
        }
        assert!(labels("Destroy target").contains(&"Ground Unit".to_owned()));
        assert!(labels("Draw a card").contains(&".".to_owned()));
        assert!(labels("Explode 2").is_empty());
        // After `gain`, the number that may be written `+1` (§7.3).
        assert!(
            labels("Each opponent gains").contains(&"1".to_owned()),
            "{:?}",
            labels("Each opponent gains")
        );
    }

    #[test]
    fn each_word_is_documented_by_its_rows() {
        let items = next_words("Deal 2", &[]);
        let Some(Documentation::MarkupContent(doc)) = &items[0].documentation else {
            panic!("no documentation");
        };
        assert!(
            doc.value.contains("deal {amount} damage to {target}"),
            "{}",
            doc.value
        );
        assert!(doc.value.contains("§7.5"), "{}", doc.value);
        assert!(
            doc.value.contains("Deal 2 damage to target Ground Unit."),
            "{}",
            doc.value
        );
    }
}
