//! Rust identifiers for card names: sanitised, never a keyword, distinct within a set.
//!
//! A card name is free text (`"Ünïcødé—Name"`, `"fn"`, `"\"); panic!(\""`). It reaches
//! Rust as a string literal; only the identifiers of its module and struct are derived
//! from it, and only through [`assign`], which:
//!
//! * folds common accented Latin letters to ASCII and treats every other character as a
//!   word break, so identifiers and file names are ASCII on every file system;
//! * appends `_card` (module) or `Card` (struct) to a keyword, and prefixes `card_` to a
//!   name that starts with a digit or has no letters at all;
//! * disambiguates names that sanitise alike with a numeric suffix (`_2`, `_3`, …),
//!   handed out in sorted order of (identifier, name), so the result does not depend on
//!   the order cards were read in;
//! * bounds both to [`MAX_LEN`] bytes: a longer one keeps its first words and ends in a
//!   hash of the whole name (`…_3f9a0c1e`), so a module's file name fits every file
//!   system (a 300-letter name must not fail the build with "File name too long").

use std::collections::BTreeSet;

/// The identifiers of one card: module (`snake_case`) and struct (`CamelCase`).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CardIdent {
    /// The module and file name: `ilse_marrow`.
    pub module: String,
    /// The zero-sized struct implementing `Card`: `IlseMarrow`.
    pub type_name: String,
}

/// Identifiers for every name, in the order given; distinct from one another.
pub fn assign(names: &[&str]) -> Vec<CardIdent> {
    let bases: Vec<(String, String)> = names.iter().map(|n| base(n)).collect();
    let reserved_modules: BTreeSet<&str> = bases.iter().map(|(m, _)| m.as_str()).collect();
    let reserved_types: BTreeSet<&str> = bases.iter().map(|(_, t)| t.as_str()).collect();
    let mut order: Vec<usize> = (0..names.len()).collect();
    order.sort_by(|&a, &b| (&bases[a], names[a], a).cmp(&(&bases[b], names[b], b)));
    let mut used_modules = BTreeSet::new();
    let mut used_types = BTreeSet::new();
    let mut out = vec![None; names.len()];
    for i in order {
        let (module, type_name) = &bases[i];
        let mut n = 1u32;
        let ident = loop {
            let candidate = if n == 1 {
                (module.clone(), type_name.clone())
            } else {
                (format!("{module}_{n}"), format!("{type_name}{n}"))
            };
            let taken = used_modules.contains(&candidate.0)
                || used_types.contains(&candidate.1)
                || (n > 1
                    && (reserved_modules.contains(candidate.0.as_str())
                        || reserved_types.contains(candidate.1.as_str())));
            if !taken {
                break candidate;
            }
            n += 1;
        };
        used_modules.insert(ident.0.clone());
        used_types.insert(ident.1.clone());
        out[i] = Some(CardIdent {
            module: ident.0,
            type_name: ident.1,
        });
    }
    out.into_iter().flatten().collect()
}

/// The longest module or struct identifier [`assign`] hands out before a disambiguating
/// suffix (`_2`); a module's file is `<module>.rs`.
pub const MAX_LEN: usize = 64;

/// How much of a too-long identifier is kept before its hash.
const KEEP: usize = MAX_LEN - 9;

/// The identifiers a name sanitises to before disambiguation.
fn base(name: &str) -> (String, String) {
    let (module, type_name) = unbounded(name);
    if module.len() <= MAX_LEN && type_name.len() <= MAX_LEN {
        return (module, type_name);
    }
    let hash = format!("{:08x}", fnv1a(name));
    // Both are ASCII, so any byte index is a character boundary.
    let module = format!(
        "{}_{hash}",
        module.get(..KEEP).unwrap_or(&module).trim_end_matches('_')
    );
    let type_name = format!("{}X{hash}", type_name.get(..KEEP).unwrap_or(&type_name));
    (module, type_name)
}

/// FNV-1a, 64 bits folded to 32: a hash fixed forever, so identifiers never change with
/// the platform or a crate's version.
fn fnv1a(s: &str) -> u32 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in s.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    u32::try_from((h >> 32) ^ (h & 0xffff_ffff)).unwrap_or(0)
}

/// The identifiers a name sanitises to, of any length.
fn unbounded(name: &str) -> (String, String) {
    let words = words(name);
    let mut module = words.join("_");
    let mut type_name: String = words.iter().map(|w| capitalise(w)).collect();
    let starts_with_digit = module.starts_with(|c: char| c.is_ascii_digit());
    if module.is_empty() || starts_with_digit {
        module = if module.is_empty() {
            "card".to_owned()
        } else {
            format!("card_{module}")
        };
        type_name = format!("Card{type_name}");
    }
    if is_keyword(&module) {
        module.push_str("_card");
    }
    if is_keyword(&type_name) {
        type_name.push_str("Card");
    }
    (module, type_name)
}

/// The lower-case ASCII words of a name.
fn words(name: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    for c in name.chars() {
        let folded = fold(c);
        match folded {
            Some(s) => word.push_str(&s.to_ascii_lowercase()),
            None => {
                if !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                }
            }
        }
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

/// An ASCII letter or digit, the ASCII spelling of a common accented Latin letter, or
/// `None` for a word break.
fn fold(c: char) -> Option<String> {
    if c.is_ascii_alphanumeric() {
        return Some(c.to_string());
    }
    let s = match c {
        'À'..='Å' | 'à'..='å' | 'Ā'..='ą' => "a",
        'Æ' | 'æ' => "ae",
        'Ç' | 'ç' | 'Ć'..='č' => "c",
        'Ď'..='đ' | 'Ð' | 'ð' => "d",
        'È'..='Ë' | 'è'..='ë' | 'Ē'..='ě' => "e",
        'Ĝ'..='ģ' => "g",
        'Ĥ'..='ħ' => "h",
        'Ì'..='Ï' | 'ì'..='ï' | 'Ĩ'..='ı' => "i",
        'Ĵ' | 'ĵ' => "j",
        'Ķ' | 'ķ' => "k",
        'Ĺ'..='ł' => "l",
        'Ñ' | 'ñ' | 'Ń'..='ň' => "n",
        'Ò'..='Ö' | 'Ø' | 'ò'..='ö' | 'ø' | 'Ō'..='ő' => "o",
        'Œ' | 'œ' => "oe",
        'Ŕ'..='ř' => "r",
        'Ś'..='š' => "s",
        'ß' => "ss",
        'Ţ'..='ŧ' => "t",
        'Þ' | 'þ' => "th",
        'Ù'..='Ü' | 'ù'..='ü' | 'Ũ'..='ų' => "u",
        'Ŵ' | 'ŵ' => "w",
        'Ý' | 'ý' | 'ÿ' | 'Ŷ' | 'ŷ' | 'Ÿ' => "y",
        'Ź'..='ž' => "z",
        _ => return None,
    };
    Some(s.to_owned())
}

fn capitalise(word: &str) -> String {
    let mut chars = word.chars();
    match chars.next() {
        Some(c) => c.to_ascii_uppercase().to_string() + chars.as_str(),
        None => String::new(),
    }
}

/// Every Rust keyword (strict, reserved and weak, all editions) and the path roots
/// that may not be raw identifiers.
fn is_keyword(ident: &str) -> bool {
    const KEYWORDS: &[&str] = &[
        "Self",
        "abstract",
        "as",
        "async",
        "await",
        "become",
        "box",
        "break",
        "const",
        "continue",
        "crate",
        "do",
        "dyn",
        "else",
        "enum",
        "extern",
        "false",
        "final",
        "fn",
        "for",
        "gen",
        "if",
        "impl",
        "in",
        "let",
        "loop",
        "macro",
        "macro_rules",
        "match",
        "mod",
        "move",
        "mut",
        "override",
        "priv",
        "pub",
        "raw",
        "ref",
        "return",
        "safe",
        "self",
        "static",
        "struct",
        "super",
        "trait",
        "true",
        "try",
        "type",
        "typeof",
        "union",
        "unsafe",
        "unsized",
        "use",
        "virtual",
        "where",
        "while",
        "yield",
    ];
    KEYWORDS.contains(&ident)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn modules(names: &[&str]) -> Vec<String> {
        assign(names).into_iter().map(|i| i.module).collect()
    }

    #[test]
    fn plain_names() {
        let ids = assign(&["Ilse Marrow", "Tithe-Barge Ashvane"]);
        assert_eq!(ids[0].module, "ilse_marrow");
        assert_eq!(ids[0].type_name, "IlseMarrow");
        assert_eq!(ids[1].module, "tithe_barge_ashvane");
        assert_eq!(ids[1].type_name, "TitheBargeAshvane");
    }

    #[test]
    fn keywords_unicode_and_punctuation() {
        let names = [
            "\"); panic!(\"",
            "r#fn",
            "fn",
            "Self",
            "Ünïcødé—Name",
            "42",
            "—",
        ];
        let ids = assign(&names);
        let got: Vec<(&str, &str)> = ids
            .iter()
            .map(|i| (i.module.as_str(), i.type_name.as_str()))
            .collect();
        assert_eq!(
            got,
            [
                ("panic", "Panic"),
                ("r_fn", "RFn"),
                ("fn_card", "Fn"),
                ("self_card", "SelfCard"),
                ("unicode_name", "UnicodeName"),
                ("card_42", "Card42"),
                ("card", "Card"),
            ]
        );
    }

    #[test]
    fn names_differing_in_punctuation_get_suffixes_in_sorted_order() {
        assert_eq!(
            modules(&["Foo!", "Foo", "Foo?", "Foo 2"]),
            ["foo_3", "foo", "foo_4", "foo_2"]
        );
        // The same names in another order get the same identifiers.
        assert_eq!(
            modules(&["Foo 2", "Foo?", "Foo", "Foo!"]),
            ["foo_2", "foo_4", "foo", "foo_3"]
        );
    }

    #[test]
    fn long_names_are_bounded_by_a_prefix_and_a_hash() {
        let long = "Warden ".repeat(50);
        let longer = format!("{long}Two");
        let many_short_words = "a ".repeat(40);
        let ids = assign(&[&long, &longer, "Short", &many_short_words]);
        assert!(ids[0].module.len() > MAX_LEN - 10, "{:?}", ids[0]);
        assert!(ids[0].module.starts_with("warden_warden_"), "{:?}", ids[0]);
        assert!(ids[1].type_name.starts_with("WardenWarden"), "{:?}", ids[1]);
        assert!(ids
            .iter()
            .all(|i| i.module.len() <= MAX_LEN && i.type_name.len() <= MAX_LEN));
        assert_ne!(ids[0].module, ids[1].module);
        assert_ne!(ids[0].type_name, ids[1].type_name);
        assert_eq!(ids[2].module, "short");
        // Fixed forever: the same name gives the same identifiers on every machine.
        assert_eq!(assign(&[&long])[0], ids[0]);
        for i in &ids {
            assert!(syn::parse_str::<syn::Ident>(&i.module).is_ok(), "{i:?}");
            assert!(syn::parse_str::<syn::Ident>(&i.type_name).is_ok(), "{i:?}");
        }
    }

    #[test]
    fn identifiers_are_distinct_and_valid() {
        let names = [
            "a", "A", "a!", "a_2", "a 2", "A2", "self", "Self", "crate", "_", "", "ö", "o",
        ];
        let ids = assign(&names);
        let modules: BTreeSet<&str> = ids.iter().map(|i| i.module.as_str()).collect();
        let types: BTreeSet<&str> = ids.iter().map(|i| i.type_name.as_str()).collect();
        assert_eq!(modules.len(), names.len());
        assert_eq!(types.len(), names.len());
        for i in &ids {
            assert!(syn::parse_str::<syn::Ident>(&i.module).is_ok(), "{i:?}");
            assert!(syn::parse_str::<syn::Ident>(&i.type_name).is_ok(), "{i:?}");
        }
    }
}
