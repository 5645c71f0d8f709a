//! Rules text: AST sentences → [`Ability`]s, each word read into its vocabulary.

use super::fields::Sign;
use super::{
    Lowerer, EMPTY_NAME, MISSING_DURATION, OPPONENT_SUBJECT, UNKNOWN_WORD, UNSUPPORTED_SENTENCE,
};
use cardc_diagnostics::Applicability;
use cardc_diagnostics::{did_you_mean, Diagnostic, Span};
use cardc_ir::Antecedent;
use cardc_ir::Group;
use cardc_ir::Loc;
use cardc_ir::{
    Ability, Activated, Effect, EffectChain, Replacement, Static, Subject, Target, Trigger,
    Triggered, Twist, WouldEvent,
};
use cardc_ir::{BonusStat, Controller, Duration, Keyword, PermanentKind, Player};
use cardc_syntax::ast::{self, Spanned};

impl Lowerer {
    /// Every sentence of a `text { … }` block that lowers.
    pub(super) fn text(&mut self, block: &ast::TextBlock) -> Vec<Loc<Ability>> {
        block
            .sentences
            .iter()
            .filter_map(|s| self.sentence(s).map(|a| Loc::new(a, s.span)))
            .collect()
    }

    fn sentence(&mut self, s: &ast::Sentence) -> Option<Ability> {
        Some(match &s.kind {
            ast::SentenceKind::Keyword(w) => {
                Ability::Keyword(self.vocab(w, "a keyword", Keyword::from_name, Keyword::names)?)
            }
            ast::SentenceKind::Static(st) => Ability::Static(self.static_bonus(st, s.span)?),
            ast::SentenceKind::Trigger(t) => Ability::Triggered(self.trigger(t)?),
            ast::SentenceKind::Activated(a) => {
                let mut costs = Vec::with_capacity(a.costs.len());
                for c in &a.costs {
                    costs.push(Loc::new(self.cost(&c.value)?, c.span));
                }
                // Paid together, so their order means nothing: printed in the table's order.
                costs.sort_by_key(|c| c.value.order());
                Ability::Activated(Activated {
                    costs,
                    effect: self.effect(&a.effect, false)?,
                })
            }
            ast::SentenceKind::Twist(t) => {
                let ast::SentenceKind::Trigger(inner) = &t.sentence.kind else {
                    self.unsupported(
                        t.sentence.span,
                        "a Twist is a trigger: `Twist: When <event>, <effect>.`",
                        "write e.g. `Twist: When this card takes damage, Fall this card.`",
                    );
                    return None;
                };
                Ability::Twist(Twist {
                    optional: t.optional.is_some(),
                    triggered: self.trigger(inner)?,
                })
            }
            ast::SentenceKind::Replacement(r) => {
                let would = match &r.event.value {
                    // Words are case-insensitive; the printer writes the counter kind
                    // capitalised.
                    ast::WouldEvent::CountersPlaced { counter, target } => {
                        if counter.value.eq_ignore_ascii_case("Liberation") {
                            WouldEvent::CountersPlaced(self.target(target)?)
                        } else if counter.value.eq_ignore_ascii_case("Story") {
                            WouldEvent::StoryCountersPlaced(self.target(target)?)
                        } else {
                            self.counter_word(counter, &["Liberation", "Story"]);
                            return None;
                        }
                    }
                    ast::WouldEvent::Destroyed(t) => WouldEvent::Destroyed(self.target(t)?),
                    ast::WouldEvent::TakeDamage(t) => WouldEvent::TakeDamage(self.target(t)?),
                };
                let instead = self.effect(&r.effect, true)?;
                Ability::Replacement(Replacement {
                    would: Loc::new(would, r.event.span),
                    instead,
                })
            }
            ast::SentenceKind::Effect(e) => Ability::Effect(self.effect(e, false)?),
            ast::SentenceKind::CostChange(c) => Ability::CostChange(self.cost_change(c)?),
        })
    }

    fn static_bonus(&mut self, st: &ast::Static, span: Span) -> Option<Static> {
        let subject = match &st.subject {
            None => Loc::new(Subject::ThisCard, span),
            Some(s) => Loc::new(
                match &s.value {
                    ast::Subject::ThisCard => Subject::ThisCard,
                    ast::Subject::TheBound => Subject::TheBound,
                    ast::Subject::Group {
                        other,
                        kind,
                        controller,
                        filters,
                    } => Subject::Group {
                        other: *other,
                        kind: self.kind(kind)?,
                        controller: controller.as_ref().map(|c| controller_of(c.value)),
                        filters: self.filters(filters)?,
                    },
                },
                s.span,
            ),
        };
        let kind = self.static_kind(&st.kind.value)?;
        let condition = match &st.condition {
            Some(c) => Some(Loc::new(self.condition(&c.value)?, c.span)),
            None => None,
        };
        Some(Static {
            subject,
            kind: Loc::new(kind, st.kind.span),
            condition,
        })
    }

    /// The stat of a static (`DEF`, `RK`), read by the generated `static_kind`: `Rank` and
    /// `Defense` get their printed names as the did-you-mean.
    pub(super) fn static_stat(&mut self, stat: &Spanned<String>) -> Option<BonusStat> {
        match stat.value.to_lowercase().as_str() {
            // The words a designer reaches for first, spelled out in full.
            full @ ("rank" | "defense" | "defence")
                if BonusStat::from_name(&stat.value).is_none() =>
            {
                let right = if full == "rank" { "RK" } else { "DEF" };
                self.diagnostics.push(
                    Diagnostic::error(
                        UNKNOWN_WORD,
                        stat.span,
                        format!("`{}` is not a stat a bonus can change", stat.value),
                    )
                    .with_label("expected `DEF` or `RK`")
                    .with_help(format!(
                        "did you mean `{right}`? bonuses are printed as `+1 RK.` and `-1 DEF.`"
                    )),
                );
                None
            }
            _ => self.vocab(
                stat,
                "a stat a bonus can change",
                BonusStat::from_name,
                BonusStat::names,
            ),
        }
    }

    fn trigger(&mut self, t: &ast::Trigger) -> Option<Triggered> {
        self.anaphora.named_subject = None;
        let trigger = match &t.condition.value {
            ast::Condition::Whenever(e) => Trigger::Whenever(self.event(&e.value)?),
            ast::Condition::When(e) => Trigger::When(self.event(&e.value)?),
            ast::Condition::StartOfYourTurn => Trigger::StartOfYourTurn,
            ast::Condition::At(e) => Trigger::At(self.event(&e.value)?),
        };
        let condition = match &t.if_condition {
            Some(c) => Some(Loc::new(self.condition(&c.value)?, c.span)),
            None => None,
        };
        Some(Triggered {
            trigger: Loc::new(trigger, t.condition.span),
            condition,
            effect: {
                self.anaphora.event_subject =
                    trigger.event().and_then(|e| e.subject()).map(|s| match s {
                        cardc_ir::EventSubject::Group(g) => (
                            g.kind,
                            Target::Each {
                                kind: g.kind,
                                controller: g.controller,
                                filters: g.filters,
                                other: false,
                            },
                        ),
                        // Ruling R80: the Bound is a Character.
                        cardc_ir::EventSubject::TheBound => {
                            (PermanentKind::Character, Target::TheBound)
                        }
                        // Ruling R113: the named card, whatever its kind.
                        cardc_ir::EventSubject::Named(name) => (
                            PermanentKind::Permanent,
                            Target::Named(Loc::new(
                                name.as_str().to_owned(),
                                self.anaphora
                                    .named_subject
                                    .map_or(t.condition.span, |n| n.span),
                            )),
                        ),
                    });
                self.anaphora.event = trigger.event();
                let effect = self.effect(&t.effect, false);
                self.anaphora.event_subject = None;
                self.anaphora.event = None;
                effect?
            },
            named: self.anaphora.named_subject.take(),
            optional: t.optional.is_some(),
        })
    }

    /// An effect, flattened into its `then` steps. `replacement` allows `that many`.
    fn effect(&mut self, e: &ast::Effect, replacement: bool) -> Option<EffectChain> {
        let mut steps = Vec::new();
        let mut ok = true;
        self.anaphora.targets.clear();
        self.anaphora.joined.clear();
        let modes = match &e.modes {
            Some(count) => Some(self.mode_options(count, e, replacement, &mut steps, &mut ok)),
            None => {
                self.steps(e, replacement, &mut steps, &mut ok);
                None
            }
        };
        let joined = std::mem::take(&mut self.anaphora.joined);
        let condition = match &e.condition {
            Some(c) => Some(Loc::new(self.condition(&c.value)?, c.span)),
            None => None,
        };
        self.anaphora.targets.clear();
        (ok && !steps.is_empty()).then_some(EffectChain {
            steps,
            condition,
            modes,
            joined,
        })
    }

    /// The options of `Choose <count> — …` (ruling R81), their steps appended to `out` in
    /// printed order; each option is its own chain for anaphora (`it` names a target of the
    /// same option).
    fn mode_options(
        &mut self,
        count: &Spanned<String>,
        e: &ast::Effect,
        replacement: bool,
        out: &mut Vec<Loc<Effect>>,
        ok: &mut bool,
    ) -> Loc<cardc_ir::Modes> {
        let options: &[ast::Effect] = match &e.kind {
            ast::EffectKind::Then(parts) => parts,
            _ => std::slice::from_ref(e),
        };
        let mut lengths = Vec::with_capacity(options.len());
        for option in options {
            self.anaphora.targets.clear();
            let before = out.len();
            self.steps(option, replacement, out, ok);
            lengths.push(out.len() - before);
        }
        let choose = crate::modes::count(&count.value);
        Loc::new(
            cardc_ir::Modes {
                choose,
                options: lengths,
            },
            e.span,
        )
    }

    fn steps(
        &mut self,
        e: &ast::Effect,
        replacement: bool,
        out: &mut Vec<Loc<Effect>>,
        ok: &mut bool,
    ) {
        if let ast::EffectKind::Then(parts) = &e.kind {
            for part in parts {
                self.steps(part, replacement, out, ok);
            }
            return;
        }
        match self.step(e, replacement) {
            Some(step) if self.suffix_unread(e, &step) => *ok = false,
            Some(step) => {
                // Ruling R110: one more object of the step before it, sharing its verb.
                if e.joined && !out.is_empty() {
                    self.anaphora.joined.push(out.len());
                }
                out.push(Loc::new(step, e.span));
            }
            None => *ok = false,
        }
    }

    /// `place N <counter kind> counter(s) on <target>`: Liberation or Story counters (ruling
    /// R64), Story counters as `that many` only in a replacement.
    pub(super) fn lower_place_counters(
        &mut self,
        e: &ast::Effect,
        replacement: bool,
        amount: &Spanned<ast::Amount>,
        counter: &Spanned<String>,
        target: &Spanned<ast::Target>,
    ) -> Option<Effect> {
        // The counter kinds are vocabulary words, read in any case (`story counter`).
        match counter.value.to_ascii_lowercase().as_str() {
            "liberation" => {
                let amount = self.quantity(amount, Sign::Unsigned, e)?;
                Some(Effect::PlaceLiberationCounters {
                    amount,
                    target: self.target(target)?,
                })
            }
            "story" if replacement && amount.value == ast::Amount::ThatMany => {
                Some(Effect::PlaceThatManyStoryCounters {
                    target: self.target(target)?,
                })
            }
            "story" if amount.value == ast::Amount::ThatMany => {
                self.unsupported(e.span, "`that many` Story counters are placed only in a replacement, where `that many` is the number replaced", "write a number: `place 2 Story counters on this card`");
                None
            }
            // Ruling R64: Story counters placed by any effect.
            "story" => {
                let amount = self.quantity(amount, Sign::Unsigned, e)?;
                Some(Effect::PlaceStoryCounters {
                    amount,
                    target: self.target(target)?,
                })
            }
            _ => {
                self.counter_word(counter, &["Liberation", "Story"]);
                None
            }
        }
    }

    /// `remove N Liberation|Story counter(s) from <target>`.
    pub(super) fn lower_remove_counters(
        &mut self,
        e: &ast::Effect,
        _replacement: bool,
        amount: &Spanned<ast::Amount>,
        counter: &Spanned<String>,
        target: &Spanned<ast::Target>,
    ) -> Option<Effect> {
        let story = match counter.value.to_ascii_lowercase().as_str() {
            "liberation" => false,
            // Ruling R64: Story counters removed by any effect.
            "story" => true,
            _ => {
                self.counter_word(counter, &["Liberation", "Story"]);
                return None;
            }
        };
        let amount = self.quantity(amount, Sign::Unsigned, e)?;
        let target = self.target(target)?;
        Some(if story {
            Effect::RemoveStoryCounters { amount, target }
        } else {
            Effect::RemoveLiberationCounters { amount, target }
        })
    }

    /// `Fall the Bound` / `Fall this card` (§7.7).
    pub(super) fn lower_fall(
        &mut self,
        _e: &ast::Effect,
        _replacement: bool,
        target: &Spanned<ast::Target>,
    ) -> Option<Effect> {
        match &target.value {
            ast::Target::TheBound => Some(Effect::FallTheBound),
            ast::Target::ThisCard => Some(Effect::FallThisCard),
            _ => {
                self.unsupported(
                    target.span,
                    "only `Fall the Bound` and `Fall this card` exist (§7.7)",
                    "a Character Falls only through a Storyline or its own Twist",
                );
                None
            }
        }
    }

    /// `<target> gains N CP` (ruling R56): `this card gains N CP` is the Character's own
    /// `gain N CP` and prints as it; any other target is `TargetGainsCp`.
    pub(super) fn lower_gains_cp(
        &mut self,
        e: &ast::Effect,
        _replacement: bool,
        target: &Spanned<ast::Target>,
        amount: &Spanned<ast::Amount>,
    ) -> Option<Effect> {
        let amount = self.quantity(amount, Sign::OptionalPlus, e)?;
        if matches!(target.value, ast::Target::ThisCard) {
            return Some(Effect::GainCp(amount));
        }
        Some(Effect::TargetGainsCp {
            target: self.target(target)?,
            amount,
        })
    }

    /// A `then` chain inside a step: `steps` flattens chains, so this is never reached.
    pub(super) fn nested_then(&mut self, e: &ast::Effect) -> Option<Effect> {
        self.unsupported(e.span, "nested `then`", "write the steps in one chain");
        None
    }

    /// A count: a number or `a`/`an` (one); `that many` is read by the Story-counter arm.
    /// The subject of a player verb: `you` when left out. `an opponent` is refused
    /// (`E0070`): it does not say which opponent.
    pub(super) fn subject(&mut self, who: &Option<Spanned<ast::Player>>) -> Option<Player> {
        let Some(who) = who else {
            return Some(Player::You);
        };
        Some(match who.value {
            ast::Player::You => Player::You,
            ast::Player::TargetPlayer => Player::TargetPlayer,
            ast::Player::TargetOpponent => Player::TargetOpponent,
            ast::Player::EachPlayer => Player::EachPlayer,
            ast::Player::EachOpponent => Player::EachOpponent,
            ast::Player::ItsController => Player::ItsController,
            ast::Player::ItsOwner => Player::ItsOwner,
            ast::Player::AnOpponent => {
                self.diagnostics.push(
                    Diagnostic::error(
                        OPPONENT_SUBJECT,
                        who.span,
                        "`an opponent` does not say which opponent",
                    )
                    .with_label("which opponent?")
                    .with_note("with three or more players, `an opponent` as a subject names nobody in particular")
                    .with_help("write `target opponent` (chosen as it resolves) or `each opponent`"),
                );
                return None;
            }
        })
    }

    /// The stat of a stat change (`DEF`, `RK`), read as a static's is: `Rank` and
    /// `Defense` get their printed names as the did-you-mean.
    pub(super) fn bonus_stat(&mut self, stat: &Spanned<String>) -> Option<BonusStat> {
        match stat.value.to_lowercase().as_str() {
            full @ ("rank" | "defense" | "defence")
                if BonusStat::from_name(&stat.value).is_none() =>
            {
                let right = if full == "rank" { "RK" } else { "DEF" };
                self.diagnostics.push(
                    Diagnostic::error(
                        UNKNOWN_WORD,
                        stat.span,
                        format!("`{}` is not a stat a change can apply to", stat.value),
                    )
                    .with_label("expected `DEF` or `RK`")
                    .with_help(format!(
                        "did you mean `{right}`? stats are printed `DEF` and `RK`"
                    ))
                    .suggest(
                        format!("the stat is printed `{right}`"),
                        stat.span,
                        right,
                        Applicability::MachineApplicable,
                    ),
                );
                None
            }
            _ => self.vocab(
                stat,
                "a stat a change can apply to",
                BonusStat::from_name,
                BonusStat::names,
            ),
        }
    }

    /// The duration of a one-shot change. Left out, the change would be made once and never
    /// end: `E0085` (ruling R40), with `until end of turn` offered at the end of `effect`.
    pub(super) fn duration(
        &mut self,
        d: &Option<Spanned<ast::Duration>>,
        effect: Span,
    ) -> Option<Duration> {
        self.timed(d, effect, Missing {
            message: "a stat change made by an effect needs a duration",
            note: "ruling R40: an effect's change to DEF or RK lasts `until end of turn` or `until the end of the Liberation`; only a static on a permanent holds without one",
            help: "add `until end of turn` (or `until the end of the Liberation`)",
            fix: ("end the change with the turn", " until end of turn"),
        })
    }

    /// The period of a prohibition made by an effect (ruling R86). Left out, it would be
    /// made once and hold for ever: `E0085`, with `this turn` offered at the end of `effect`
    /// (a prohibition that always holds is a static, printed on the permanent it protects).
    pub(super) fn period(
        &mut self,
        d: &Option<Spanned<ast::Duration>>,
        effect: Span,
    ) -> Option<Duration> {
        self.timed(d, effect, Missing {
            message: "a prohibition made by an effect needs a duration",
            note: "ruling R86: a prohibition an effect makes lasts `this turn` or `until the end of the Liberation`; only a static on a permanent holds without one",
            help: "add `this turn` (or `until the end of the Liberation`), or print the prohibition as a static on the permanent it protects",
            fix: ("end the prohibition with the turn", " this turn"),
        })
    }

    /// An optional duration (ruling R100): a change that may also be for good (`gain control
    /// of <target>`) lasts when it is left out, so nothing is missing. Always `Some`.
    pub(super) fn lasting(
        &mut self,
        d: &Option<Spanned<ast::Duration>>,
    ) -> Option<Option<Duration>> {
        Some(d.as_ref().map(|d| match d.value {
            ast::Duration::UntilEndOfTurn => Duration::UntilEndOfTurn,
            ast::Duration::UntilEndOfLiberation => Duration::UntilEndOfLiberation,
        }))
    }

    /// The duration `d` of what `effect` makes once, or `E0085` as `missing` words it, with
    /// its fix inserted at the end of `effect`.
    fn timed(
        &mut self,
        d: &Option<Spanned<ast::Duration>>,
        effect: Span,
        missing: Missing,
    ) -> Option<Duration> {
        if let Some(d) = d {
            return Some(match d.value {
                ast::Duration::UntilEndOfTurn => Duration::UntilEndOfTurn,
                ast::Duration::UntilEndOfLiberation => Duration::UntilEndOfLiberation,
            });
        }
        let end = Span {
            start: effect.end,
            ..effect
        };
        let (fix_message, fix) = missing.fix;
        self.diagnostics.push(
            Diagnostic::error(MISSING_DURATION, effect, missing.message)
                .with_label("made once, when the effect resolves: when does it end?")
                .with_note(missing.note)
                .with_help(missing.help)
                .suggest(fix_message, end, fix, Applicability::MaybeIncorrect),
        );
        None
    }

    pub(super) fn amount(&mut self, a: &Spanned<ast::Amount>) -> Option<u32> {
        match &a.value {
            ast::Amount::Number(raw) => self.number(raw, a.span, Sign::Unsigned).map(|v| v as u32),
            ast::Amount::One => Some(1),
            ast::Amount::ThatMany => {
                self.unsupported(
                    a.span,
                    "`that many` is only meaningful in a replacement's Story counters",
                    "write a number",
                );
                None
            }
            ast::Amount::X => {
                self.unsupported(a.span, "`X` is not an amount here", "write a number");
                None
            }
            ast::Amount::EqualTo(_) => {
                self.unsupported(
                    a.span,
                    "`equal to …` is not an amount here",
                    "write a number",
                );
                None
            }
        }
    }

    pub(super) fn target(&mut self, t: &Spanned<ast::Target>) -> Option<Target> {
        let target = self.target_as_written(t)?;
        if !matches!(target, Target::Anaphor { .. }) {
            self.anaphora.targets.push(target.clone());
        }
        Some(target)
    }

    fn target_as_written(&mut self, t: &Spanned<ast::Target>) -> Option<Target> {
        Some(match &t.value {
            ast::Target::Anaphor { that } => {
                let that = match that {
                    Some(kind) => Some(self.kind(kind)?),
                    None => None,
                };
                let antecedent = self.anaphora.antecedent(that);
                // `that Character` where `it` says the same is printed `it` (ruling R73).
                // An ambiguous `that <kind>` stays as written, for its diagnostic (E0223).
                let that = if that.is_some()
                    && !matches!(antecedent, Antecedent::Ambiguous)
                    && antecedent == self.anaphora.antecedent(None)
                {
                    None
                } else {
                    that
                };
                Target::Anaphor { that, antecedent }
            }
            ast::Target::ThisCard => Target::ThisCard,
            ast::Target::TheBound => Target::TheBound,
            ast::Target::Chosen {
                kind,
                controller,
                filters,
                other,
                count,
            } => Target::Chosen {
                kind: self.kind(kind)?,
                controller: controller.as_ref().map(|c| controller_of(c.value)),
                filters: self.filters(filters)?,
                other: *other,
                count: count.as_ref().map(|c| {
                    Loc::new(
                        cardc_ir::TargetCount {
                            n: target_count(&c.value.number.value),
                            up_to: c.value.up_to,
                        },
                        c.span,
                    )
                }),
            },
            ast::Target::Each {
                kind,
                controller,
                filters,
                other,
            } => Target::Each {
                kind: self.kind(kind)?,
                controller: controller.as_ref().map(|c| controller_of(c.value)),
                filters: self.filters(filters)?,
                other: *other,
            },
            ast::Target::Named(name) => Target::Named(self.card_name(name)?),
        })
    }

    /// A card's name in quotes, never empty (`E0061`).
    fn card_name(&mut self, name: &Spanned<String>) -> Option<Loc<String>> {
        if name.value.trim().is_empty() {
            self.diagnostics.push(
                Diagnostic::error(
                    EMPTY_NAME,
                    name.span,
                    "this sentence names a card with an empty name",
                )
                .with_label("empty name")
                .with_help("write the name of a card of the set between the quotes, e.g. `Destroy \"Picket Lantern\".`"),
            );
            return None;
        }
        Some(Loc::new(name.value.clone(), name.span))
    }

    /// What an event is about: its group typed, or the Bound (ruling R80).
    pub(super) fn event_subject(
        &mut self,
        s: &ast::EventSubject,
    ) -> Option<cardc_ir::EventSubject> {
        Some(match s {
            ast::EventSubject::Group(g) => cardc_ir::EventSubject::Group(self.event_group(g)?),
            ast::EventSubject::TheBound => cardc_ir::EventSubject::TheBound,
            // Ruling R113: the permanents of that name.
            ast::EventSubject::Named(name) => {
                let name = self.card_name(name)?;
                let symbol = cardc_ir::CardName::new(&name.value);
                self.anaphora.named_subject = Some(Loc::new(symbol, name.span));
                cardc_ir::EventSubject::Named(symbol)
            }
        })
    }

    /// The group an event is about (`a Character you control`), its kind read as a target's.
    pub(super) fn event_group(&mut self, g: &ast::EventGroup) -> Option<Group> {
        Some(Group {
            other: g.another,
            kind: self.kind(&g.kind)?,
            controller: g.controller.as_ref().map(|c| controller_of(c.value)),
            filters: self.filters(&g.filters)?,
        })
    }

    /// A kind as written, singular or plural: `Ground Unit`, `Characters`.
    pub(super) fn kind(&mut self, kind: &Spanned<String>) -> Option<PermanentKind> {
        let word = kind.value.as_str();
        if let Some(k) = PermanentKind::from_name(word) {
            return Some(k);
        }
        if let Some(k) = PermanentKind::ALL
            .iter()
            .copied()
            .find(|k| k.plural() == word)
        {
            return Some(k);
        }
        if let Some(k) = kind_any_case(word) {
            return Some(k);
        }
        self.vocab(
            kind,
            "a kind of permanent",
            PermanentKind::from_name,
            PermanentKind::names,
        )
    }

    fn counter_word(&mut self, counter: &Spanned<String>, allowed: &[&'static str]) {
        let mut d = Diagnostic::error(
            UNKNOWN_WORD,
            counter.span,
            format!("`{}` counters are not part of this sentence", counter.value),
        )
        .with_label("counter kind");
        if let Some(s) = did_you_mean(&counter.value, allowed.iter().copied()) {
            d = d.with_help(format!("did you mean `{s}`?")).suggest_word(
                "a counter kind",
                counter.span,
                &counter.value,
                s,
            );
        } else {
            d = d.with_help(format!("expected `{}` counters", allowed.join("` or `")));
        }
        self.diagnostics.push(d);
    }

    pub(super) fn unsupported(&mut self, span: Span, what: &str, help: &str) {
        self.diagnostics.push(
            Diagnostic::error(UNSUPPORTED_SENTENCE, span, what.to_owned())
                .with_label("here")
                .with_help(help.to_owned()),
        );
    }
}

fn controller_of(c: ast::Controller) -> Controller {
    match c {
        ast::Controller::You => Controller::You,
        ast::Controller::Opponent => Controller::Opponent,
    }
}

/// The number of a counted target (ruling R82): `zero` … `ten` or digits, a number too
/// large for `u32` as `u32::MAX`; the checker refuses 0 and more than 8 (`E0206`, `E0205`).
fn target_count(word: &str) -> u32 {
    if word.eq_ignore_ascii_case("zero") {
        return 0;
    }
    match crate::fields::number_word(word) {
        Some(d) => d.parse().unwrap_or(u32::MAX),
        None if word.bytes().all(|b| b.is_ascii_digit()) => word.parse().unwrap_or(u32::MAX),
        None => u32::MAX,
    }
}

/// A kind written in another case (`ground unit`, `Ground units`), singular or plural: read as
/// the kind, which prints in its own case (ruling R72).
fn kind_any_case(word: &str) -> Option<PermanentKind> {
    PermanentKind::ALL
        .iter()
        .copied()
        .find(|k| k.name().eq_ignore_ascii_case(word) || k.plural().eq_ignore_ascii_case(word))
}

/// What an anaphor (`it`, `that <kind>`) of the sentence being lowered may refer to:
/// the targets written so far in its effect chain and the trigger's event subject
/// (ruling R73).
#[derive(Debug, Default)]
pub(crate) struct Anaphora {
    /// Every target lowered so far in this effect chain, in order (no anaphors).
    pub(crate) targets: Vec<Target>,
    /// The kind of the card the trigger's event is about, in a trigger's effect, and what
    /// the checker reads it as (its group as an `each …`, or `the Bound`).
    pub(crate) event_subject: Option<(PermanentKind, Target)>,
    /// The trigger's event, in a trigger's effect: whether it takes its card off the Map
    /// (`Event::subject_leaves`) and whether it happens to the card printing it, which `it`
    /// then names (`Event::about_this_card`, ruling R112).
    pub(crate) event: Option<cardc_ir::Event>,
    /// The card's name an event is about, where written (ruling R113).
    pub(crate) named_subject: Option<Loc<cardc_ir::CardName>>,
    /// The steps of the chain being lowered that are joined by `and` to the step before
    /// them (ruling R110), by index: [`EffectChain::joined`].
    pub(crate) joined: Vec<usize>,
}

impl Anaphora {
    /// What `it` (`that` = `None`) or `that <kind>` refers to here. A `target …` chosen
    /// earlier in the sentence shadows the event's subject for `it`; `that <kind>` picks
    /// the one candidate of its kind.
    pub(crate) fn antecedent(&self, that: Option<PermanentKind>) -> Antecedent {
        let fits = |k: PermanentKind| that.is_none_or(|t| t == k);
        let chosen: Vec<(usize, &Target)> = self
            .targets
            .iter()
            .filter(|t| matches!(t, Target::Chosen { .. }))
            .enumerate()
            .filter(|(_, t)| t.kind().is_some_and(fits))
            .collect();
        let event = self.event_subject.as_ref().filter(|(k, _)| fits(*k));
        let leaves = self.event.is_some_and(|e| e.subject_leaves());
        match (chosen.as_slice(), event) {
            ([(index, target)], _) if that.is_none() => Antecedent::Target {
                index: u8::try_from(*index).unwrap_or(u8::MAX),
                target: Box::new((*target).clone()),
            },
            ([(index, target)], None) => Antecedent::Target {
                index: u8::try_from(*index).unwrap_or(u8::MAX),
                target: Box::new((*target).clone()),
            },
            ([], Some((kind, _))) if leaves => Antecedent::GoneEventSubject(*kind),
            ([], Some((kind, target))) => Antecedent::EventSubject {
                kind: *kind,
                target: Box::new(target.clone()),
            },
            ([], None)
                if that.is_none()
                    && self.event.is_some_and(|e| e.about_this_card())
                    && self.targets.is_empty() =>
            {
                Antecedent::ThisCard { gone: leaves }
            }
            ([], None) => Antecedent::Nothing {
                many: self.targets.iter().any(|t| {
                    matches!(t, Target::Each { .. } | Target::Named(_)) && t.kind().is_none_or(fits)
                }),
            },
            _ => Antecedent::Ambiguous,
        }
    }
}

/// How `E0085` words a duration left out of what an effect makes once.
struct Missing {
    message: &'static str,
    note: &'static str,
    help: &'static str,
    /// The fix's message and the text it inserts at the end of the effect.
    fix: (&'static str, &'static str),
}
