//! Phrase templates: `deal {amount} damage to {target}` as tokens with typed slots.
//!
//! Each slot type knows its grammar rule, its AST and IR types, how the sentence builder
//! reads it, how lowering converts it, how the printer prints it and how the generated
//! code passes it to the engine. A new slot type is added here, once, for every stage.

/// A typed slot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Slot {
    /// `2`: a number (`amount_number`).
    Amount,
    /// `2` or `a` (`amount`): one when `a`.
    Count,
    /// `target Ground Unit`, `each …`, `this card`, `the Bound`, `"Pier Nine"`.
    Target,
    /// `2`, `a` or `that many` (`counter_amount`): shared syntax only.
    CounterAmount,
    /// `Liberation`, `Story` as written (`counter_kind`): shared syntax only.
    CounterKind,
    /// The player an effect's verb is about, written before the verb (`player`, optional):
    /// `you` when left out. The word after it is the verb, which agrees with it
    /// (`draw` / `each opponent draws`).
    Subject,
    /// `1`, `+1` or `one` after `gain` (`gain_amount`): a number, its `+` read and dropped
    /// (the rules write `Gain +1 CP`, §7.3); printed as digits.
    Gained,
    /// `-2`, `+1`: a signed number (`signed_number`), a Character Ability's CP (§7.3);
    /// costs only.
    Signed,
    /// A kind of permanent after `a` (`kind`, a condition's): `a Homeworld`; printed singular.
    Kind,
    /// A kind of permanent after a count (`kind`, a condition's): `Ground Units`; printed
    /// plural, whatever number was written.
    Kinds,
    /// How many permanents (`amount_number`, a condition's): `three` or `3`; printed as a
    /// word (counts of permanents print as words, docs/vocabulary-v2.md §1).
    Permanents,
    /// `DEF`, `RK` (`stat`): the stat a change applies to (`BonusStat`), read with the
    /// statics' did-you-mean (`Rank` → `RK`).
    Stat,
    /// `until end of turn`, `this turn`, `until the end of the Liberation` (`duration`,
    /// optional in the grammar): how long a one-shot change lasts. Left out, lowering reports
    /// that a change made once must say when it ends (`E0085`, ruling R40), so a change is
    /// never silently permanent.
    Duration,
    /// `this turn`, `until end of turn`, `until the end of the Liberation` (`duration`,
    /// optional like `duration`): how long a one-shot prohibition lasts. The same IR
    /// `Duration`, printed as the rules speak of what may not be done: the end of the turn
    /// as `this turn` (`… can't be Activated as a liberator this turn`, ruling R86).
    Period,
    /// `until end of turn`, `until the end of the Liberation`, or nothing (`duration`,
    /// optional): how long a change that may also be for good lasts (`gain control of
    /// <target>[ until end of turn]`, ruling R100). The IR's `Option<Duration>`: left out,
    /// the change lasts; printed with its leading space when written.
    Lasting,
    /// `a Character you control`, `another Ground Unit an opponent controls`, `the Bound`
    /// (`event_group`): the permanents an event is about, as the statics' `Subject::Group`
    /// names them (a kind, an optional controller, `another`), or a Storyline's Bound
    /// Character (ruling R80); events only.
    Group,
    /// `Ruthless`, any case (`morality_word`, a filter's): one of the four Moralities (§7.2).
    Morality,
    /// `Greed` (`drive_word`, a filter's `with the <Drive> Drive`): one of the eight Drives
    /// (§7.1), read with "did you mean".
    Drive,
    /// `2`, `two` or `a` (`amount`), printed as digits: how many counters a cost removes
    /// (`Remove a Story counter from this card` prints `Remove 1 Story counter …`).
    Counted,
    /// `other Ground Unit you control`, `Story counter on this card` (`countable`, what a
    /// `for each` counts): a static's count, recounted at every reading of the stat (ruling
    /// R92); statics only (an effect's `for each` is its quantity's suffix).
    Countable,
}

impl Slot {
    fn from_name(s: &str) -> Option<Slot> {
        Some(match s {
            "amount" => Slot::Amount,
            "count" => Slot::Count,
            "target" => Slot::Target,
            "counter_amount" => Slot::CounterAmount,
            "counter_kind" => Slot::CounterKind,
            "subject" => Slot::Subject,
            "gained" => Slot::Gained,
            "signed" => Slot::Signed,
            "kind" => Slot::Kind,
            "kinds" => Slot::Kinds,
            "permanents" => Slot::Permanents,
            "stat" => Slot::Stat,
            "duration" => Slot::Duration,
            "period" => Slot::Period,
            "lasting" => Slot::Lasting,
            "group" => Slot::Group,
            "morality" => Slot::Morality,
            "drive" => Slot::Drive,
            "counted" => Slot::Counted,
            "countable" => Slot::Countable,
            _ => return None,
        })
    }

    /// The grammar rule that reads it.
    pub fn rule(self) -> &'static str {
        match self {
            Slot::Amount => "amount_number",
            Slot::Count => "amount",
            Slot::Target => "target",
            Slot::CounterAmount => "counter_amount",
            Slot::CounterKind => "counter_kind",
            Slot::Subject => "player",
            Slot::Gained => "gain_amount",
            Slot::Signed => "signed_number",
            Slot::Kind | Slot::Kinds => "kind",
            Slot::Permanents => "amount_number",
            Slot::Stat => "stat",
            Slot::Duration | Slot::Period | Slot::Lasting => "duration",
            Slot::Group => "event_group",
            Slot::Morality => "morality_word",
            Slot::Drive => "drive_word",
            Slot::Counted => "amount",
            Slot::Countable => "countable",
        }
    }

    /// Its AST type.
    pub fn ast_type(self) -> &'static str {
        match self {
            Slot::Amount | Slot::Gained | Slot::Signed => "Number",
            Slot::Count | Slot::CounterAmount | Slot::Counted => "Spanned<Amount>",
            Slot::Target => "Spanned<Target>",
            Slot::CounterKind => "Spanned<String>",
            Slot::Subject => "Option<Spanned<Player>>",
            Slot::Kind | Slot::Kinds => "Spanned<String>",
            Slot::Permanents => "Number",
            Slot::Stat => "Spanned<String>",
            Slot::Duration | Slot::Period | Slot::Lasting => "Option<Spanned<Duration>>",
            Slot::Group => "crate::ast::EventSubject",
            Slot::Morality | Slot::Drive => "Spanned<String>",
            Slot::Countable => "Spanned<crate::ast::Countable>",
        }
    }

    /// How the sentence builder reads it from pair `p` (an `Option` expression's body).
    pub fn build(self) -> String {
        let r = self.rule();
        match self {
            Slot::Amount
            | Slot::CounterKind
            | Slot::Gained
            | Slot::Signed
            | Slot::Kind
            | Slot::Kinds
            | Slot::Permanents
            | Slot::Stat
            | Slot::Morality
            | Slot::Drive => {
                format!("self.text(&child(p, Rule::{r})?)")
            }
            Slot::Subject => "self.player_subject(p)?".to_owned(),
            Slot::Duration | Slot::Period | Slot::Lasting => "self.duration(p)?".to_owned(),
            Slot::CounterAmount => format!("self.quantity_of(p, &child(p, Rule::{r})?)?"),
            Slot::Count | Slot::Counted => {
                format!("self.amount(&child(p, Rule::{r})?)?")
            }
            Slot::Target => format!("self.target(&child(p, Rule::{r})?)?"),
            Slot::Group => format!("b.event_subject(&child(p, Rule::{r})?)?"),
            Slot::Countable => format!("self.countable_slot(&child(p, Rule::{r})?)?"),
        }
    }

    /// Its IR type.
    pub fn ir_type(self) -> &'static str {
        match self {
            Slot::Amount | Slot::Count | Slot::CounterAmount | Slot::Gained | Slot::Counted => {
                "u32"
            }
            Slot::Target => "Target",
            Slot::CounterKind => "String",
            Slot::Subject => "Player",
            Slot::Signed => "i32",
            Slot::Kind | Slot::Kinds => "PermanentKind",
            Slot::Permanents => "u32",
            Slot::Stat => "BonusStat",
            Slot::Duration | Slot::Period => "Duration",
            Slot::Lasting => "Option<Duration>",
            Slot::Group => "crate::EventSubject",
            Slot::Morality => "Morality",
            Slot::Drive => "Drive",
            Slot::Countable => "crate::Countable",
        }
    }

    /// How lowering converts AST value `x` (a reference) to IR, `?` on failure.
    pub fn lower(self, x: &str) -> String {
        match self {
            Slot::Amount => format!("self.number(&{x}.value, {x}.span, Sign::Unsigned)? as u32"),
            Slot::Count | Slot::CounterAmount | Slot::Counted => format!("self.amount({x})?"),
            Slot::Target => format!("self.target({x})?"),
            Slot::CounterKind => format!("{x}.value.clone()"),
            Slot::Subject => format!("self.subject({x})?"),
            Slot::Gained => {
                format!("self.number(&{x}.value, {x}.span, Sign::OptionalPlus)? as u32")
            }
            Slot::Signed => format!("self.number(&{x}.value, {x}.span, Sign::Signed)? as i32"),
            Slot::Kind | Slot::Kinds => format!("self.kind({x})?"),
            Slot::Permanents => {
                format!("self.number(&{x}.value, {x}.span, Sign::Unsigned)? as u32")
            }
            Slot::Stat => format!("self.bonus_stat({x})?"),
            Slot::Duration => format!("self.duration({x}, e.span)?"),
            Slot::Period => format!("self.period({x}, e.span)?"),
            Slot::Lasting => format!("self.lasting({x})?"),
            Slot::Group => format!("self.event_subject({x})?"),
            Slot::Morality => format!("self.morality_word({x})?"),
            Slot::Drive => format!("self.drive_word({x})?"),
            Slot::Countable => format!("self.countable({x})?"),
        }
    }

    /// The engine parameter type it is passed as (`Count` and `Amount` are both `u32`).
    pub fn engine_type(self) -> Slot {
        match self {
            Slot::Count | Slot::CounterAmount | Slot::Gained | Slot::Permanents | Slot::Counted => {
                Slot::Amount
            }
            Slot::Kinds => Slot::Kind,
            Slot::Period => Slot::Duration,
            other => other,
        }
    }

    /// How designers read it in the docs.
    pub fn doc(self) -> &'static str {
        match self {
            Slot::Amount => "N",
            Slot::Count => "N",
            Slot::Target => "<target>",
            Slot::CounterAmount => "N",
            Slot::CounterKind => "<counter kind>",
            Slot::Subject => "[<player>]",
            Slot::Gained => "N",
            Slot::Signed => "±N",
            Slot::Kind => "<kind>",
            Slot::Kinds => "<kinds>",
            Slot::Permanents => "N",
            Slot::Stat => "DEF/RK",
            Slot::Duration | Slot::Period => "<duration>",
            Slot::Lasting => "[<duration>]",
            Slot::Group => "<group>",
            Slot::Morality => "<Morality>",
            Slot::Drive => "<Drive>",
            Slot::Counted => "N",
            Slot::Countable => "<countable>",
        }
    }
}

/// One token of a phrase.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Tok {
    /// `{name:type}`.
    Slot {
        /// The field name.
        name: String,
        /// Its type.
        slot: Slot,
    },
    /// A literal word (`_` is a space).
    Word(String),
    /// The verb right after a `{subject}` slot: read as `draw` or `draws`, printed in
    /// agreement with the subject (`draw` for `you`, left out; `each opponent draws`).
    Verb(String),
    /// `one|many`: agrees with the row's number.
    Agree {
        /// Printed for one.
        one: String,
        /// Printed otherwise.
        many: String,
    },
}

/// A parsed phrase.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Phrase {
    /// The tokens, in order.
    pub toks: Vec<Tok>,
}

/// Reads a row's `spellings`: other ways designers write its `phrase`, read as the row and
/// never printed. Each has exactly the phrase's slots, and none is written twice or is the
/// phrase itself.
pub fn spellings(phrase: &Phrase, raw: &[String]) -> Result<Vec<Phrase>, String> {
    let slots = |p: &Phrase| {
        p.slots()
            .map(|(n, s)| (n.to_owned(), s))
            .collect::<Vec<_>>()
    };
    let mut out: Vec<Phrase> = Vec::new();
    for s in raw {
        let sp = Phrase::parse(s).map_err(|m| format!("spelling `{s}`: {m}"))?;
        if slots(&sp) != slots(phrase) {
            return Err(format!("spelling `{s}` has other slots than the phrase"));
        }
        if sp == *phrase || out.contains(&sp) {
            return Err(format!("spelling `{s}` is written twice"));
        }
        out.push(sp);
    }
    Ok(out)
}

impl Phrase {
    /// Reads `deal {amount} damage to {target}`.
    pub fn parse(s: &str) -> Result<Phrase, String> {
        let mut toks = Vec::new();
        for t in s.split_whitespace() {
            if let Some(inner) = t.strip_prefix('{') {
                let inner = inner
                    .strip_suffix('}')
                    .ok_or_else(|| format!("unclosed slot `{t}`"))?;
                let (name, ty) = inner.split_once(':').unwrap_or((inner, inner));
                let slot = Slot::from_name(ty).ok_or_else(|| {
                    format!("unknown slot type `{ty}` (amount, count, target, counter_amount, counter_kind, subject, gained, signed, kind, kinds, permanents, stat, duration, period, lasting, group, morality, drive, counted, countable)")
                })?;
                if toks
                    .iter()
                    .any(|o| matches!(o, Tok::Slot { name: n, .. } if n == name))
                {
                    return Err(format!("slot `{name}` appears twice"));
                }
                toks.push(Tok::Slot {
                    name: name.to_owned(),
                    slot,
                });
            } else if let Some((one, many)) = t.split_once('|') {
                toks.push(Tok::Agree {
                    one: one.to_owned(),
                    many: many.to_owned(),
                });
            } else if t
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '\'' || c == '_')
            {
                let after_subject = matches!(
                    toks.last(),
                    Some(Tok::Slot {
                        slot: Slot::Subject,
                        ..
                    })
                );
                if after_subject {
                    toks.push(Tok::Verb(t.to_owned()));
                } else {
                    toks.push(Tok::Word(t.to_owned()));
                }
            } else {
                return Err(format!("token `{t}` is neither a word nor a slot"));
            }
        }
        if toks.is_empty() {
            return Err("empty phrase".into());
        }
        for (i, t) in toks.iter().enumerate() {
            if let Tok::Slot {
                name,
                slot: Slot::Subject,
            } = t
            {
                if i != 0 || !matches!(toks.get(1), Some(Tok::Verb(_))) {
                    return Err(format!(
                        "subject slot `{name}` must open the phrase, followed by its verb"
                    ));
                }
            }
        }
        let numbers = toks
            .iter()
            .filter(|t| {
                matches!(
                    t,
                    Tok::Slot {
                        slot: Slot::Amount
                            | Slot::Count
                            | Slot::CounterAmount
                            | Slot::Gained
                            | Slot::Signed
                            | Slot::Permanents
                            | Slot::Counted,
                        ..
                    }
                )
            })
            .count();
        let agrees = toks.iter().any(|t| matches!(t, Tok::Agree { .. }));
        // With no number, a `one|many` word agrees with the phrase's subject, a `{target}`
        // opening it: one card as printed (a counted target is never a subject, ruling R82),
        // both read.
        let subject_target = matches!(
            toks.first(),
            Some(Tok::Slot {
                slot: Slot::Target,
                ..
            })
        );
        if agrees && (numbers > 1 || (numbers == 0 && !subject_target)) {
            return Err("a `one|many` word needs exactly one number slot, or a `{target}` opening the phrase, to agree with".into());
        }
        Ok(Phrase { toks })
    }

    /// The slots: (name, type), in order.
    pub fn slots(&self) -> impl Iterator<Item = (&str, Slot)> {
        self.toks.iter().filter_map(|t| match t {
            Tok::Slot { name, slot } => Some((name.as_str(), *slot)),
            _ => None,
        })
    }

    /// The number slot words agree with.
    pub fn number(&self) -> Option<&str> {
        self.slots()
            .find(|s| {
                matches!(
                    s.1,
                    Slot::Amount | Slot::Count | Slot::CounterAmount | Slot::Gained | Slot::Counted
                )
            })
            .map(|s| s.0)
    }

    /// The phrase as printed when it has no slots: `this card is destroyed`.
    pub fn printed(&self) -> String {
        let parts: Vec<String> = self
            .toks
            .iter()
            .map(|t| match t {
                Tok::Slot { slot, .. } => slot.doc().to_owned(),
                Tok::Word(w) | Tok::Verb(w) => w.replace('_', " "),
                Tok::Agree { one, .. } => one.replace('_', " "),
            })
            .collect();
        parts.join(" ")
    }

    /// The phrase as designers read it: `deal N damage to <target>`.
    pub fn doc(&self) -> String {
        let parts: Vec<String> = self
            .toks
            .iter()
            .map(|t| match t {
                Tok::Slot { slot, .. } => slot.doc().to_owned(),
                Tok::Word(w) | Tok::Verb(w) => w.replace('_', " "),
                Tok::Agree { one, many } => match many.strip_prefix(one.as_str()) {
                    Some("s") => format!("{}(s)", one.replace('_', " ")),
                    _ => format!("{}/{}", one.replace('_', " "), many.replace('_', " ")),
                },
            })
            .collect();
        parts.join(" ")
    }
}

/// A word as part of a rule name: `owner's` → `owners`, `Story_Points` → `story_points`.
pub fn rule_word(w: &str) -> String {
    w.chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect::<String>()
        .to_ascii_lowercase()
}

/// `deal_damage` → `DealDamage`.
pub fn pascal(s: &str) -> String {
    s.split('_')
        .map(|p| {
            let mut c = p.chars();
            match c.next() {
                Some(f) => f.to_ascii_uppercase().to_string() + c.as_str(),
                None => String::new(),
            }
        })
        .collect()
}
