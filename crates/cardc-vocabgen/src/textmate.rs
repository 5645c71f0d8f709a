//! The TextMate grammar of `.card` files (`editors/vscode/syntaxes/card.tmLanguage.json`),
//! for VS Code and every editor that reads TextMate grammars.
//!
//! Nothing in it is a second list. Each word class comes from the one place the compiler
//! reads it from:
//!
//! | scope | words | source |
//! | --- | --- | --- |
//! | `storage.type.frame.card` | frame words (`character`, `ground_unit`…) | `CardKind` (`cardc-types`), which lowering reads the frame word into |
//! | `keyword.other.face.card` | `prime`, `fallen`, `reversal` | `FACE_KEYS` of `crates/cardc-lower/src/lib.rs` |
//! | `support.type.property-name.field.card` | field keys (`cost`, `drives`…) | `KEYS` of `crates/cardc-lower/src/lib.rs` (read with syn) |
//! | `support.constant.*.card` | Drives, Moralities, exit clauses, speeds | `cardc-types` |
//! | `support.function.effect.card` | the verb of every effect row (`deal`, `return`…) | `vocab/vocabulary.toml` |
//! | `keyword.other.effect.card` | the other words of every effect row (`damage`, `owner's`…) | `grammar/vocabulary.pest`, generated from the table |
//! | `support.constant.unit.card` | `CP`, `Currency`, `Story Points` | the `u_` rules of `grammar/cards.pest` |
//! | `keyword.control.rules.card` | the words of the sentence frames (`whenever`, `instead`, `target`…) and of the event rows (`liberates`, `another`) | the case-insensitive literals of `grammar/cards.pest`; the `[[event]]` rows |
//! | `support.type.kind.card`, `constant.language.keyword.card`, `support.constant.stat.card` | kinds, keyword abilities, stats of rules text | `cardc-types` |
//!
//! So a new effect row, frame word or field key highlights after `cargo run -p cardc-vocabgen`,
//! and the freshness test fails until it is run. A word outside these classes (a misspelt
//! field key or effect) is left unscoped, which shows the mistake before the checker does.

use std::collections::BTreeMap;

use cardc_types::{BonusStat, CardKind, Drive, ExitClause, Morality, PermanentKind, Speed};
use serde::Serialize;

use crate::phrase::Tok;
use crate::table::Table;

/// Where the grammar goes.
pub const PATH: &str = "editors/vscode/syntaxes/card.tmLanguage.json";

/// The file whose `KEYS` and `FACE_KEYS` tables are the field and face keys.
pub const LOWER_KEYS: &str = "crates/cardc-lower/src/lib.rs";

/// A TextMate rule: a `match`, a `begin`/`end` region, or an `include` list.
#[derive(Debug, Default, Serialize)]
#[serde(rename_all = "camelCase")]
struct Rule {
    #[serde(skip_serializing_if = "Option::is_none")]
    comment: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    name: Option<String>,
    #[serde(rename = "match", skip_serializing_if = "Option::is_none")]
    match_: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    begin: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    end: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    include: Option<String>,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    captures: BTreeMap<String, Capture>,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    begin_captures: BTreeMap<String, Capture>,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    end_captures: BTreeMap<String, Capture>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    patterns: Vec<Rule>,
}

#[derive(Debug, Serialize)]
struct Capture {
    name: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    patterns: Vec<Rule>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Grammar {
    information_for_contributors: Vec<String>,
    name: &'static str,
    scope_name: &'static str,
    file_types: Vec<&'static str>,
    patterns: Vec<Rule>,
    repository: BTreeMap<&'static str, Rule>,
}

fn include(name: &str) -> Rule {
    Rule {
        include: Some(format!("#{name}")),
        ..Rule::default()
    }
}

fn matching(re: String, name: &str) -> Rule {
    Rule {
        match_: Some(re),
        name: Some(name.into()),
        ..Rule::default()
    }
}

fn capture(name: &str) -> Capture {
    Capture {
        name: name.into(),
        patterns: Vec::new(),
    }
}

fn captures(list: Vec<(usize, Capture)>) -> BTreeMap<String, Capture> {
    list.into_iter().map(|(i, c)| (i.to_string(), c)).collect()
}

/// A regular-expression alternation of `words`, longest first (so `Ground Units` wins over
/// `Ground Unit`), spaces inside a word matching any run of blanks.
fn alternation(words: impl IntoIterator<Item = String>) -> String {
    let mut words: Vec<String> = words.into_iter().collect();
    words.sort_by(|a, b| b.len().cmp(&a.len()).then_with(|| a.cmp(b)));
    words.dedup();
    let escaped: Vec<String> = words
        .iter()
        .map(|w| {
            let mut out = String::new();
            for c in w.chars() {
                match c {
                    ' ' => out.push_str("\\s+"),
                    c if c.is_ascii_alphanumeric() || c == '_' || c == '\'' => out.push(c),
                    c => {
                        out.push('\\');
                        out.push(c);
                    }
                }
            }
            out
        })
        .collect();
    escaped.join("|")
}

/// `\b(?:a|b)\b`, case-insensitive when `insensitive`.
fn words_re(words: impl IntoIterator<Item = String>, insensitive: bool) -> String {
    let flag = if insensitive { "(?i)" } else { "" };
    format!("{flag}\\b(?:{})\\b", alternation(words))
}

/// The case-insensitive literals (`^"whenever"`) of a pest grammar, outside comments.
pub fn insensitive_literals(pest: &str) -> Vec<String> {
    literals_of(pest, |_| true)
}

/// The case-insensitive literals of the one-line rules whose name starts with `prefix`
/// (`u_`: the units `CP`, `Currency`, `Story Points`).
pub fn rule_literals(pest: &str, prefix: &str) -> Vec<String> {
    literals_of(pest, |line| line.trim_start().starts_with(prefix))
}

fn literals_of(pest: &str, keep: impl Fn(&str) -> bool) -> Vec<String> {
    let mut out = Vec::new();
    for line in pest.lines().filter(|l| keep(l)) {
        let code = match line.find("//") {
            Some(i) => &line[..i],
            None => line,
        };
        let mut rest = code;
        while let Some(i) = rest.find("^\"") {
            let after = &rest[i + 2..];
            let Some(end) = after.find('"') else { break };
            let word = &after[..end];
            if !word.is_empty() && !out.iter().any(|w| w == word) {
                out.push(word.to_owned());
            }
            rest = &after[end + 1..];
        }
    }
    out
}

/// Whether `line` of a pest grammar defines `rule`.
fn defines(line: &str, rule: &str) -> bool {
    line.strip_prefix(rule)
        .is_some_and(|rest| rest.trim_start().starts_with('='))
}

/// How many times the rules of `pest` other than its own definition name `rule`.
fn rule_uses(pest: &str, rule: &str) -> usize {
    pest.lines()
        .filter(|l| !defines(l, rule) && !l.trim_start().starts_with("//"))
        .map(|l| {
            l.match_indices(rule)
                .filter(|&(i, _)| {
                    let before = l[..i].chars().next_back();
                    let after = l[i + rule.len()..].chars().next();
                    let ident =
                        |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
                    !ident(before) && !ident(after)
                })
                .count()
        })
        .sum()
}

/// The field keys (`KEYS`) and face keys (`FACE_KEYS`) of lowering's source, in order.
pub fn lowering_keys(src: &str) -> Result<(Vec<String>, Vec<String>), String> {
    let file = syn::parse_file(src).map_err(|e| format!("{LOWER_KEYS}: {e}"))?;
    let table = |name: &str| -> Result<Vec<String>, String> {
        let item = file
            .items
            .iter()
            .find_map(|i| match i {
                syn::Item::Const(c) if c.ident == name => Some(c),
                _ => None,
            })
            .ok_or_else(|| {
                format!(
                    "{LOWER_KEYS}: no `const {name}` (the TextMate grammar reads its keys from it)"
                )
            })?;
        let syn::Expr::Reference(r) = &*item.expr else {
            return Err(format!("{LOWER_KEYS}: `{name}` is not `&[…]`"));
        };
        let syn::Expr::Array(a) = &*r.expr else {
            return Err(format!("{LOWER_KEYS}: `{name}` is not `&[…]`"));
        };
        let mut keys = Vec::new();
        for e in &a.elems {
            let lit = match e {
                syn::Expr::Tuple(t) => t.elems.first(),
                other => Some(other),
            };
            match lit {
                Some(syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(s),
                    ..
                })) => keys.push(s.value()),
                _ => {
                    return Err(format!(
                        "{LOWER_KEYS}: an entry of `{name}` does not start with a string literal"
                    ))
                }
            }
        }
        if keys.is_empty() {
            return Err(format!("{LOWER_KEYS}: `{name}` is empty"));
        }
        Ok(keys)
    };
    Ok((table("KEYS")?, table("FACE_KEYS")?))
}

/// The first literal word of every effect row's phrase: its verb (`deal`, `loses`).
fn verbs(t: &Table) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for e in &t.effects {
        let first = e.phrase.toks.iter().find_map(|tok| match tok {
            Tok::Word(w) => Some(vec![w.replace('_', " ")]),
            Tok::Verb(w) => Some(vec![w.clone(), crate::emit::third_person(w)]),
            Tok::Agree { one, .. } => Some(vec![one.replace('_', " ")]),
            Tok::Slot { .. } => None,
        });
        for w in first.into_iter().flatten() {
            let w = w.to_ascii_lowercase();
            if !out.contains(&w) {
                out.push(w);
            }
        }
    }
    out
}

/// Every word of the phrases, lower case (`this card`'s `this` and `card`, `liberates`,
/// `another`…).
fn phrase_words<'a>(phrases: impl Iterator<Item = &'a crate::phrase::Phrase>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for phrase in phrases {
        for tok in &phrase.toks {
            let text = match tok {
                Tok::Word(w) => w.clone(),
                Tok::Verb(w) => format!("{w} {}", crate::emit::third_person(w)),
                Tok::Agree { one, many } => format!("{one} {many}"),
                Tok::Slot { .. } => continue,
            };
            for w in text.replace('_', " ").split_whitespace() {
                let w = w.to_ascii_lowercase();
                if !out.contains(&w) {
                    out.push(w);
                }
            }
        }
    }
    out
}

fn names<V: cardc_types::Vocabulary>() -> Vec<String> {
    V::ALL.iter().map(|v| v.name().to_owned()).collect()
}

/// The derived file, reading the grammar and lowering's keys under `root`.
pub fn output(root: &std::path::Path, t: &Table) -> Result<crate::Output, String> {
    let read =
        |rel: &str| std::fs::read_to_string(root.join(rel)).map_err(|e| format!("{rel}: {e}"));
    Ok(crate::Output {
        path: PATH.into(),
        text: grammar(
            t,
            &read("grammar/cards.pest")?,
            &crate::emit::pest(t),
            &read(LOWER_KEYS)?,
        )?,
    })
}

/// The grammar's JSON text, from the table, the hand-written grammar `cards_pest`, the
/// generated `vocabulary_pest` and lowering's source `lower_src`.
pub fn grammar(
    t: &Table,
    cards_pest: &str,
    vocabulary_pest: &str,
    lower_src: &str,
) -> Result<String, String> {
    let (mut field_keys, face_keys) = lowering_keys(lower_src)?;
    // `text` is a key for "did you mean" and repeated-field checks, but always a block.
    field_keys.retain(|k| k != "text");
    let frames: Vec<String> = CardKind::names().map(str::to_owned).collect();
    let verbs = verbs(t);
    let units = rule_literals(cards_pest, "u_");
    // A word rule of cards.pest that only the table's effects use, through `[words]`
    // (`to_your_Resource_Pool` = `w_to_your_resource_pool`), holds effect words, not the
    // frames' (`Return target Ground Unit to its owner's hand`: `to` is the effect's).
    let effect_tokens: Vec<&str> = t
        .effects
        .iter()
        .flat_map(|e| e.phrase.toks.iter())
        .filter_map(|tok| match tok {
            Tok::Word(w) => Some(w.as_str()),
            _ => None,
        })
        .collect();
    let effects_only: Vec<&str> = t
        .words
        .iter()
        .filter(|(word, _)| effect_tokens.contains(&word.as_str()))
        .map(|(_, rule)| rule.as_str())
        .filter(|rule| rule_uses(cards_pest, rule) == 0)
        .collect();
    // The words of an effect's quantity (`qw_…`: `for each card in your hand`) are the
    // effect's too, not a frame's (`hand` of `Return … to its owner's hand` stays an effect
    // word).
    let quantity_word = |l: &str| l.trim_start().starts_with("qw_");
    let frame_src: String = cards_pest
        .lines()
        .filter(|l| !effects_only.iter().any(|r| defines(l, r)) && !quantity_word(l))
        .map(|l| format!("{l}\n"))
        .collect();
    let quantity_src: String = cards_pest
        .lines()
        .filter(|l| quantity_word(l))
        .map(|l| format!("{l}\n"))
        .collect();
    let mut frame_words: Vec<String> = insensitive_literals(&frame_src)
        .into_iter()
        .filter(|w| !verbs.contains(w) && !units.contains(w))
        .collect();
    // The events are rows of the table, but their words belong to the trigger frame
    // (`Whenever this card liberates another card`), as `whenever` does; a word effects
    // use too (`damage`) stays an effect word.
    let effect_row_words = phrase_words(t.effects.iter().map(|e| &e.phrase));
    for w in phrase_words(t.events.iter().map(|e| &e.phrase)) {
        if !frame_words.contains(&w)
            && !verbs.contains(&w)
            && !units.contains(&w)
            && !effect_row_words.contains(&w)
        {
            frame_words.push(w);
        }
    }
    let mut effect_words: Vec<String> = Vec::new();
    for w in insensitive_literals(vocabulary_pest)
        .into_iter()
        .chain(insensitive_literals(&quantity_src))
    {
        if !verbs.contains(&w)
            && !frame_words.contains(&w)
            && !units.contains(&w)
            && !effect_words.contains(&w)
        {
            effect_words.push(w);
        }
    }
    if frame_words.is_empty() || effect_words.is_empty() || verbs.is_empty() || units.is_empty() {
        return Err("the TextMate grammar found no rules-text words in the pest grammar".into());
    }
    let mut kinds: Vec<String> = Vec::new();
    for k in PermanentKind::ALL {
        kinds.push(k.name().to_owned());
        kinds.push(k.plural().to_owned());
    }

    let key_start = "(?:^|(?<=\\{))\\s*";
    let string_re = "\"(?:[^\"\\\\\\n]|\\\\.)*(?:\"|$)";
    let mut repo: BTreeMap<&'static str, Rule> = BTreeMap::new();
    repo.insert(
        "comment",
        Rule {
            comment: Some("`#` to the end of the line, anywhere outside a string".into()),
            match_: Some("(#).*$".into()),
            name: Some("comment.line.number-sign.card".into()),
            captures: captures(vec![(1, capture("punctuation.definition.comment.card"))]),
            ..Rule::default()
        },
    );
    repo.insert(
        "escape",
        matching("\\\\.".into(), "constant.character.escape.card"),
    );
    repo.insert(
        "string",
        Rule {
            comment: Some("a string ends at its quote or at the end of the line".into()),
            begin: Some("\"".into()),
            end: Some("\"|$".into()),
            name: Some("string.quoted.double.card".into()),
            patterns: vec![include("escape")],
            ..Rule::default()
        },
    );
    let name_capture = |scope: &str| Capture {
        name: format!("string.quoted.double.card {scope}"),
        patterns: vec![include("escape")],
    };
    repo.insert(
        "header",
        Rule {
            comment: Some("`character \"Mara Voss\"`: the frame word and the card's name".into()),
            match_: Some(format!(
                "^\\s*\\b({})\\b(?:\\s+({string_re}))?",
                alternation(frames)
            )),
            captures: captures(vec![
                (1, capture("storage.type.frame.card")),
                (2, name_capture("entity.name.type.card")),
            ]),
            ..Rule::default()
        },
    );
    repo.insert(
        "face",
        Rule {
            comment: Some("`fallen \"Mara, the Hollow Voice\"`: a face and its name".into()),
            match_: Some(format!(
                "{key_start}\\b({})\\b(?:\\s+({string_re}))?(?=\\s*(?:\\{{|$))",
                alternation(face_keys)
            )),
            captures: captures(vec![
                (1, capture("keyword.other.face.card")),
                (2, name_capture("entity.name.section.face.card")),
            ]),
            ..Rule::default()
        },
    );
    repo.insert(
        "field-key",
        Rule {
            comment: Some("a field key at the start of a line or after `{`".into()),
            match_: Some(format!("{key_start}\\b({})\\b", alternation(field_keys))),
            captures: captures(vec![(1, capture("support.type.property-name.field.card"))]),
            ..Rule::default()
        },
    );
    repo.insert(
        "value",
        Rule {
            patterns: vec![
                matching(
                    words_re(names::<Drive>(), false),
                    "support.constant.drive.card",
                ),
                matching(
                    words_re(names::<Morality>(), false),
                    "support.constant.morality.card",
                ),
                matching(
                    words_re(names::<ExitClause>(), false),
                    "support.constant.exit.card",
                ),
                matching(
                    words_re(names::<Speed>(), false),
                    "support.constant.speed.card",
                ),
                matching("\\bX\\b".into(), "constant.language.x.card"),
                matching(words_re(units.clone(), true), "support.constant.unit.card"),
                matching(
                    "(?<![\\w.])[+-]?\\d[\\w.]*%?".into(),
                    "constant.numeric.card",
                ),
            ],
            ..Rule::default()
        },
    );
    repo.insert(
        "punctuation",
        Rule {
            patterns: vec![
                matching("\\{".into(), "punctuation.section.block.begin.card"),
                matching("\\}".into(), "punctuation.section.block.end.card"),
                matching(",".into(), "punctuation.separator.comma.card"),
            ],
            ..Rule::default()
        },
    );
    repo.insert(
        "text-block",
        Rule {
            comment: Some("`text { … }`: rules text, one sentence per `.`".into()),
            begin: Some(format!("{key_start}\\b(text)\\s*(\\{{)")),
            end: Some("\\}".into()),
            name: Some("meta.text-block.card".into()),
            begin_captures: captures(vec![
                (1, capture("keyword.other.text.card")),
                (2, capture("punctuation.section.block.begin.card")),
            ]),
            end_captures: captures(vec![(0, capture("punctuation.section.block.end.card"))]),
            patterns: vec![include("comment"), include("string"), include("rules")],
            ..Rule::default()
        },
    );
    repo.insert(
        "rules",
        Rule {
            comment: Some(
                "the words of rules text: kinds, keywords and stats (cardc-types), the effects' verbs and words (vocab/vocabulary.toml), the sentence frames' words (grammar/cards.pest)"
                    .into(),
            ),
            patterns: vec![
                matching(
                    "(?<![\\w.])[+-]?\\d+\\b".into(),
                    "constant.numeric.card",
                ),
                matching(
                    "\\bA\\b(?=\\s*[,:])".into(),
                    "keyword.operator.activate.card",
                ),
                matching(words_re(kinds, false), "support.type.kind.card"),
                matching(
                    words_re(t.keywords.iter().map(|k| k.phrase.clone()), false),
                    "constant.language.keyword.card",
                ),
                matching(
                    words_re(names::<BonusStat>(), false),
                    "support.constant.stat.card",
                ),
                matching(words_re(units, true), "support.constant.unit.card"),
                matching(words_re(verbs, true), "support.function.effect.card"),
                matching(words_re(effect_words, true), "keyword.other.effect.card"),
                matching(words_re(frame_words, true), "keyword.control.rules.card"),
                matching("[.:,()]".into(), "punctuation.separator.card"),
            ],
            ..Rule::default()
        },
    );

    let g = Grammar {
        information_for_contributors: vec![
            format!(
                "@generated by `{}` from vocab/vocabulary.toml, grammar/cards.pest, {LOWER_KEYS} and crates/cardc-types. Do not edit: edit those and run the command.",
                crate::COMMAND
            ),
        ],
        name: "Card",
        scope_name: "source.card",
        file_types: vec!["card"],
        patterns: [
            "comment",
            "text-block",
            "header",
            "face",
            "field-key",
            "string",
            "value",
            "punctuation",
        ]
        .iter()
        .map(|n| include(n))
        .collect(),
        repository: repo,
    };
    let mut text = serde_json::to_string_pretty(&g).map_err(|e| format!("{PATH}: {e}"))?;
    text.push('\n');
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_skip_comments_and_repeat_once() {
        let pest = "// ^\"not\"\nw_a = @{ ^\"a\" ~ !x } // ^\"no\"\nb = { ^\"a\" | ^\"b\" }\n";
        assert_eq!(insensitive_literals(pest), ["a", "b"]);
        assert_eq!(rule_literals(pest, "w_"), ["a"]);
    }

    #[test]
    fn keys_are_read_from_the_tables() {
        let src = "const KEYS: &[(&str, Key)] = &[(\"cost\", Key::Card(CardKey::Cost)), (\"rank\", Key::Face(FaceKey::Rank))];\nconst FACE_KEYS: &[&str] = &[\"prime\"];\n";
        let (keys, faces) = lowering_keys(src).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(keys, ["cost", "rank"]);
        assert_eq!(faces, ["prime"]);
        assert!(lowering_keys("const OTHER: u8 = 1;").is_err());
    }

    #[test]
    fn alternation_puts_longer_words_first() {
        let re = alternation(["Ground Unit".to_owned(), "Ground Units".to_owned()]);
        assert_eq!(re, "Ground\\s+Units|Ground\\s+Unit");
    }
}
