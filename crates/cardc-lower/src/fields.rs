//! Field values: `cost 3`, `rank X`, `drives Liberation, Justice`,
//! `penalties -1 CP Expedient`, `exit Selfless Sacrifice`, `redeem Pay 3 Currency`,
//! `art "art/mara.png" focus 40% 30%`, …

use super::{
    list, CardKey, FaceKey, Lowerer, BAD_SIGN, BAD_VALUE, MAX_NUMBER, MISPLACED_FIELD,
    NUMBER_TOO_LARGE, UNKNOWN_WORD,
};
use cardc_diagnostics::{did_you_mean, Applicability, Diagnostic, Span};
use cardc_ir::Loc;
use cardc_ir::StatValue;
use cardc_ir::{Art, Card, Face, Penalty, RedeemCost};
use cardc_ir::{CardKind, Drive, ExitClause, Morality, Speed};
use cardc_syntax::ast::{Arg, Atom, Field, Spanned};

/// How a number must be signed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Sign {
    /// `3`: no sign.
    Unsigned,
    /// `-3`: a minus, read as its magnitude.
    Minus,
    /// `+1` / `-2`: a sign either way, kept.
    Signed,
    /// `1` or `+1`, read as 1: a gain written as the rules write it (`Gain +1 CP`, §7.3).
    OptionalPlus,
}

impl Lowerer {
    pub(super) fn card_field(&mut self, card: &mut Card, key: CardKey, f: &Field) {
        let kind = card.kind.value;
        match key {
            CardKey::Cost => card.cost = self.count(f),
            CardKey::Votes => card.votes = self.count(f),
            CardKey::Capital => {
                if kind != CardKind::Spacecraft {
                    self.only_on(f, "Spacecraft");
                } else if self.arity(f, 0) {
                    card.capital = Some(Loc::new((), f.span));
                }
            }
            CardKey::Speed => {
                if kind != CardKind::Maneuver {
                    self.only_on(f, "Maneuvers");
                } else if let Some(w) = self.single_word(f) {
                    card.speed = self
                        .vocab(&w, "a speed", Speed::from_name, Speed::names)
                        .map(|s| Loc::new(s, f.span));
                }
            }
            CardKey::CharacterAction => {
                if kind != CardKind::Maneuver {
                    self.only_on(f, "Maneuvers");
                } else if let Some(w) = self.single_word(f) {
                    card.character_action = self
                        .vocab(&w, "a Morality", Morality::from_name, Morality::names)
                        .map(|m| Loc::new(m, w.span));
                }
            }
            CardKey::Allow => {
                if f.args.is_empty() {
                    self.bad_value(
                        f.key.span,
                        "`allow` names the warnings it allows",
                        "write e.g. `allow vox_band`",
                    );
                }
                for arg in &f.args {
                    if let Some(w) = self.word_arg(arg, "a warning name such as `vox_band`") {
                        card.allows.push(Loc::new(w.value, w.span));
                    }
                }
            }
        }
    }

    pub(super) fn face_field(&mut self, face: &mut Face, key: FaceKey, f: &Field) {
        match key {
            FaceKey::Cp => face.cp = self.count(f),
            FaceKey::Vox => face.vox = self.count(f),
            FaceKey::Attack => face.attack = self.count(f),
            FaceKey::Rank => face.rank = self.stat(f),
            FaceKey::Def => face.def = self.stat(f),
            FaceKey::Morality => {
                if let Some(w) = self.single_word(f) {
                    face.morality = self
                        .vocab(&w, "a Morality", Morality::from_name, Morality::names)
                        .map(|m| Loc::new(m, f.span));
                }
            }
            FaceKey::Drives => {
                let mut drives = Vec::new();
                for arg in &f.args {
                    if let Some(w) = self.word_arg(arg, "a Drive") {
                        if let Some(d) = self.vocab(&w, "a Drive", Drive::from_name, Drive::names) {
                            drives.push(Loc::new(d, w.span));
                        }
                    }
                }
                if f.args.is_empty() {
                    self.bad_value(
                        f.key.span,
                        "`drives` lists the face's two Drives",
                        "write e.g. `drives Liberation, Justice`",
                    );
                }
                face.drives = Some(Loc::new(drives, f.span));
            }
            FaceKey::Penalties => {
                let list: Vec<_> = f.args.iter().filter_map(|a| self.penalty(a)).collect();
                face.penalties = Some(Loc::new(list, f.span));
            }
            FaceKey::Flavor => match f.args.as_slice() {
                [Arg { atoms, .. }] if matches!(atoms.as_slice(), [a] if matches!(a.value, Atom::Str(_))) => {
                    if let Atom::Str(s) = &atoms[0].value {
                        face.flavor = Some(Loc::new(s.clone(), f.span));
                    }
                }
                _ => self.bad_value(
                    f.span,
                    "`flavor` takes one quoted string",
                    "write `flavor \"…\"`",
                ),
            },
            FaceKey::Art => face.art = self.art(f),
            FaceKey::Exit => {
                if let Some(w) = self.phrase(f) {
                    face.exit = self
                        .vocab(
                            &w,
                            "an exit clause",
                            ExitClause::from_name,
                            ExitClause::names,
                        )
                        .map(|e| Loc::new(e, f.span));
                }
            }
            FaceKey::Redeem => face.redeem = self.redeem(f),
            // Unreachable through the grammar (a `text` line without its braces is a
            // syntax error), and refused rather than ignored should that ever change.
            FaceKey::Text => self.bad_value(
                f.span,
                "`text` is a block of sentences",
                "write `text { Draw a card. }`",
            ),
        }
    }

    /// `art "path"` or `art "path" focus X% Y%`. Whether the file exists and is
    /// printable is checked later, against the file system (`cardc_sheets::art`).
    fn art(&mut self, f: &Field) -> Option<Loc<Art>> {
        let shape = "`art` takes the image file in quotes, optionally with `focus X% Y%`";
        let help = "write e.g. `art \"art/mara.png\"` or `art \"art/mara.png\" focus 40% 30%`";
        let [arg] = f.args.as_slice() else {
            self.bad_value(f.span, shape, help);
            return None;
        };
        let (path, rest) = match arg.atoms.split_first() {
            Some((
                Spanned {
                    value: Atom::Str(s),
                    span,
                },
                rest,
            )) if !s.trim().is_empty() => (Loc::new(s.clone(), *span), rest),
            _ => {
                self.bad_value(arg.span, shape, help);
                return None;
            }
        };
        let focus = match rest {
            [] => None,
            [Spanned {
                value: Atom::Word(w),
                span: kw,
            }, x, y]
                if w == "focus" =>
            {
                let pct = |a: &Spanned<Atom>| match &a.value {
                    Atom::Percent(d) => d.parse::<u8>().ok().filter(|v| *v <= 100),
                    _ => None,
                };
                match (pct(x), pct(y)) {
                    (Some(px), Some(py)) => Some(Loc::new((px, py), kw.to(y.span))),
                    _ => {
                        self.bad_value(
                            kw.to(y.span),
                            "`focus` takes two percentages from 0% to 100%: across, then down",
                            "write e.g. `focus 40% 30%` (50% 50% is the centre)",
                        );
                        return None;
                    }
                }
            }
            _ => {
                self.bad_value(arg.span, shape, help);
                return None;
            }
        };
        Some(Loc::new(Art { path, focus }, f.span))
    }

    /// `Pay N Currency`.
    fn redeem(&mut self, f: &Field) -> Option<Loc<RedeemCost>> {
        if let [arg] = f.args.as_slice() {
            if let [pay, n, cur] = arg.atoms.as_slice() {
                if matches!(&pay.value, Atom::Word(w) if w == "Pay")
                    && matches!(&cur.value, Atom::Word(w) if w == "Currency")
                {
                    if let Atom::Int(raw) = &n.value {
                        let n = self.number(raw, n.span, Sign::Unsigned)?;
                        return Some(Loc::new(RedeemCost::PayCurrency(n as u32), f.span));
                    }
                }
            }
        }
        self.bad_value(
            f.span,
            "a Redeem cost reads `Pay N Currency`",
            "write e.g. `redeem Pay 3 Currency`",
        );
        None
    }

    /// `-3 CP Ruthless`.
    fn penalty(&mut self, arg: &Arg) -> Option<Loc<Penalty>> {
        let shape = "a penalty reads `-N CP <Morality>`, e.g. `-1 CP Expedient`";
        let [amount, cp, morality] = arg.atoms.as_slice() else {
            self.bad_value(arg.span, shape, "separate penalties with commas");
            return None;
        };
        let (Atom::Int(raw), Atom::Word(cp_word), Atom::Word(m)) =
            (&amount.value, &cp.value, &morality.value)
        else {
            self.bad_value(
                arg.span,
                shape,
                "write e.g. `penalties -1 CP Expedient, -3 CP Ruthless`",
            );
            return None;
        };
        if cp_word != "CP" {
            self.bad_value(cp.span, shape, "Penalties are CP losses: write `CP`");
            return None;
        }
        let n = self.number(raw, amount.span, Sign::Minus)?;
        let word = Spanned::new(m.clone(), morality.span);
        let m = self.vocab(&word, "a Morality", Morality::from_name, Morality::names)?;
        Some(Loc::new(
            Penalty {
                amount: Loc::new(n as u32, amount.span),
                morality: Loc::new(m, morality.span),
            },
            arg.span,
        ))
    }

    /// A field of one unsigned number: `cost 3`.
    fn count(&mut self, f: &Field) -> Option<Loc<u32>> {
        match single_atom(f) {
            Some(Spanned {
                value: Atom::Int(raw),
                span,
            }) => self
                .number(raw, *span, Sign::Unsigned)
                .map(|n| Loc::new(n as u32, f.span)),
            _ => {
                let key = &f.key.value;
                self.bad_value(
                    f.span,
                    &format!("`{key}` takes one number"),
                    &format!("write e.g. `{key} 2`"),
                );
                None
            }
        }
    }

    /// A stat that may be `X`: `rank X`, `def 5`.
    fn stat(&mut self, f: &Field) -> Option<Loc<StatValue>> {
        match single_atom(f) {
            Some(Spanned { value: Atom::X, .. }) => Some(Loc::new(StatValue::X, f.span)),
            Some(Spanned {
                value: Atom::Int(raw),
                span,
            }) => self
                .number(raw, *span, Sign::Unsigned)
                .map(|n| Loc::new(StatValue::Num(n as u32), f.span)),
            _ => {
                let key = &f.key.value;
                self.bad_value(
                    f.span,
                    &format!("`{key}` takes a number or `X`"),
                    &format!("write e.g. `{key} 3` or `{key} X`"),
                );
                None
            }
        }
    }

    /// Reads a raw number with its sign rule: `Signed` returns the signed value, the
    /// others the magnitude.
    pub(crate) fn number(&mut self, raw: &str, span: Span, sign: Sign) -> Option<i64> {
        if let Some(n) = number_word(raw) {
            return self.number(n, span, sign);
        }
        // Ruling R77: the minus sign and the en dash are read as `-`.
        if let Some(rest) = raw.strip_prefix(['\u{2212}', '\u{2013}']) {
            return self.number(&format!("-{rest}"), span, sign);
        }
        let (negative, digits, has_sign) = match raw.as_bytes().first() {
            Some(b'-') => (true, &raw[1..], true),
            Some(b'+') => (false, &raw[1..], true),
            _ => (false, raw, false),
        };
        let sign_ok = match sign {
            Sign::Unsigned => !has_sign,
            Sign::Minus => negative,
            Sign::Signed => has_sign,
            Sign::OptionalPlus => !negative,
        };
        if !sign_ok {
            // A sign a stat can never have (`+`) is certainly a slip; `-` on a stat, or a
            // missing sign on an amount that needs one, could mean something else.
            let fixes: Vec<(String, Applicability)> = match sign {
                Sign::Unsigned if negative => {
                    vec![(digits.to_owned(), Applicability::MaybeIncorrect)]
                }
                Sign::Unsigned => vec![(digits.to_owned(), Applicability::MachineApplicable)],
                Sign::Minus => vec![(format!("-{digits}"), Applicability::MachineApplicable)],
                Sign::Signed => vec![
                    (format!("+{digits}"), Applicability::MaybeIncorrect),
                    (format!("-{digits}"), Applicability::MaybeIncorrect),
                ],
                // `gain -1`: the amount or the verb is wrong; which one is a guess.
                Sign::OptionalPlus => vec![(digits.to_owned(), Applicability::MaybeIncorrect)],
            };
            let (what, help) = match sign {
                Sign::Unsigned => (
                    "this number is written without a sign",
                    format!("write `{digits}`"),
                ),
                Sign::Minus => (
                    "a penalty is a CP loss, written with a minus",
                    format!("write `-{digits}`"),
                ),
                Sign::Signed => (
                    "this amount needs its sign",
                    format!("write `+{digits}` for a bonus or `-{digits}` for a penalty"),
                ),
                Sign::OptionalPlus => (
                    "a gain is never negative",
                    format!("write `{digits}`, or a `lose` effect"),
                ),
            };
            let mut d = Diagnostic::error(BAD_SIGN, span, what)
                .with_label("sign")
                .with_help(help);
            for (fix, applicability) in fixes {
                let message = match sign {
                    Sign::Unsigned => "write the number without a sign",
                    Sign::Minus => "write the penalty as a CP loss",
                    Sign::Signed if fix.starts_with('+') => "a bonus",
                    Sign::Signed => "a penalty",
                    Sign::OptionalPlus => "gain the amount",
                };
                d = d.suggest(message, span, fix, applicability);
            }
            self.diagnostics.push(d);
            return None;
        }
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            self.bad_value(span, "expected a number", "write digits, e.g. `2`");
            return None;
        }
        match digits
            .parse::<u64>()
            .ok()
            .filter(|&v| v <= u64::from(MAX_NUMBER))
        {
            // `Minus` reads `-3` as the magnitude 3; `Signed` keeps the sign.
            Some(v) if negative && sign == Sign::Signed => Some(-(v as i64)),
            Some(v) => Some(v as i64),
            None => {
                self.diagnostics.push(
                    Diagnostic::error(
                        NUMBER_TOO_LARGE,
                        span,
                        format!("number `{raw}` is too large"),
                    )
                    .with_label(format!("the largest number a card prints is {MAX_NUMBER}"))
                    .with_help("check for a typo"),
                );
                None
            }
        }
    }

    /// Looks a word up in a vocabulary, reporting it with "did you mean".
    pub(crate) fn vocab<T, I>(
        &mut self,
        word: &Spanned<String>,
        what: &str,
        from: fn(&str) -> Option<T>,
        names: fn() -> I,
    ) -> Option<T>
    where
        I: Iterator<Item = &'static str>,
    {
        if let Some(v) = from(&word.value) {
            return Some(v);
        }
        let mut d = Diagnostic::error(
            UNKNOWN_WORD,
            word.span,
            format!("`{}` is not {what}", word.value),
        )
        .with_label(format!("expected {what}"));
        d = match did_you_mean(&word.value, names()) {
            Some(s) => d.with_help(format!("did you mean `{s}`?")).suggest_word(
                what,
                word.span,
                &word.value,
                s,
            ),
            None => d.with_help(format!("expected {}", list(names()))),
        };
        self.diagnostics.push(d);
        None
    }

    /// A field with exactly one word: `morality Virtuous`.
    fn single_word(&mut self, f: &Field) -> Option<Spanned<String>> {
        match single_atom(f) {
            Some(Spanned {
                value: Atom::Word(w),
                span,
            }) => Some(Spanned::new(w.clone(), *span)),
            _ => {
                let key = &f.key.value;
                self.bad_value(
                    f.span,
                    &format!("`{key}` takes one word"),
                    &format!("write e.g. `{}`", example(key)),
                );
                None
            }
        }
    }

    /// A field whose value is one phrase of words: `exit Selfless Sacrifice`.
    fn phrase(&mut self, f: &Field) -> Option<Spanned<String>> {
        if let [arg] = f.args.as_slice() {
            let words: Option<Vec<&str>> = arg
                .atoms
                .iter()
                .map(|a| {
                    if let Atom::Word(w) = &a.value {
                        Some(w.as_str())
                    } else {
                        None
                    }
                })
                .collect();
            if let Some(words) = words {
                return Some(Spanned::new(words.join(" "), arg.span));
            }
        }
        let key = &f.key.value;
        self.bad_value(
            f.span,
            &format!("`{key}` takes one phrase"),
            &format!("write e.g. `{}`", example(key)),
        );
        None
    }

    /// One argument that must be a single word.
    fn word_arg(&mut self, arg: &Arg, what: &str) -> Option<Spanned<String>> {
        match arg.atoms.as_slice() {
            [Spanned {
                value: Atom::Word(w),
                span,
            }] => Some(Spanned::new(w.clone(), *span)),
            _ => {
                self.bad_value(
                    arg.span,
                    &format!("expected {what}"),
                    "separate the values with commas",
                );
                None
            }
        }
    }

    fn arity(&mut self, f: &Field, n: usize) -> bool {
        if f.args.len() == n {
            return true;
        }
        let key = &f.key.value;
        self.bad_value(
            f.span,
            &format!("`{key}` takes no value"),
            &format!("write `{key}` alone on its line"),
        );
        false
    }

    fn only_on(&mut self, f: &Field, kinds: &str) {
        self.diagnostics.push(
            Diagnostic::error(
                MISPLACED_FIELD,
                f.key.span,
                format!("`{}` is only for {kinds}", f.key.value),
            )
            .with_label("not a field of this card type")
            .with_help(format!("remove `{}`", f.key.value)),
        );
    }

    pub(crate) fn bad_value(&mut self, span: Span, what: &str, help: &str) {
        self.diagnostics.push(
            Diagnostic::error(BAD_VALUE, span, what.to_owned())
                .with_label("here")
                .with_help(help.to_owned()),
        );
    }
}

/// The field's only atom, if it has exactly one.
fn single_atom(f: &Field) -> Option<&Spanned<Atom>> {
    match f.args.as_slice() {
        [Arg { atoms, .. }] => match atoms.as_slice() {
            [a] => Some(a),
            _ => None,
        },
        _ => None,
    }
}

fn example(key: &str) -> &'static str {
    match key {
        "speed" => "speed fast",
        "character_action" => "character_action Ruthless",
        "exit" => "exit Redeem",
        _ => "morality Virtuous",
    }
}

/// `one` … `ten` (any case) as digits: rules text reads number words wherever it reads a
/// number, and prints digits.
pub(crate) fn number_word(raw: &str) -> Option<&'static str> {
    const WORDS: [(&str, &str); 10] = [
        ("one", "1"),
        ("two", "2"),
        ("three", "3"),
        ("four", "4"),
        ("five", "5"),
        ("six", "6"),
        ("seven", "7"),
        ("eight", "8"),
        ("nine", "9"),
        ("ten", "10"),
    ];
    WORDS
        .iter()
        .find(|(w, _)| w.eq_ignore_ascii_case(raw))
        .map(|(_, d)| *d)
}
