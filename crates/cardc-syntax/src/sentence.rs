//! From the pest pairs of one sentence of rules text to [`Sentence`].
//!
//! The grammar guarantees the shape of each pair; every accessor still returns an
//! `Option` so that a grammar change can never turn into a panic.

use std::cell::RefCell;

use cardc_diagnostics::{Diagnostic, FileId, Span};
use pest::iterators::Pair;

use crate::ast::*;
use crate::grammar::Rule;

/// Builds sentences whose pest offsets are relative to byte `base` of the file.
pub(crate) struct SentenceBuilder {
    pub file: FileId,
    pub base: usize,
    /// Unknown escapes in the card names of rules text (`E0002`), taken by
    /// [`SentenceBuilder::take_diagnostics`].
    diags: RefCell<Vec<Diagnostic>>,
}

pub(crate) type P<'i> = Pair<'i, Rule>;

pub(crate) fn child<'i>(p: &P<'i>, rule: Rule) -> Option<P<'i>> {
    p.clone().into_inner().find(|c| c.as_rule() == rule)
}

pub(crate) fn first<'i>(p: &P<'i>) -> Option<P<'i>> {
    p.clone().into_inner().next()
}

/// Collapses runs of whitespace to one space (a kind may be broken over lines).
fn normalise(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

impl SentenceBuilder {
    pub(crate) fn new(file: FileId, base: usize) -> Self {
        SentenceBuilder {
            file,
            base,
            diags: RefCell::new(Vec::new()),
        }
    }

    /// The diagnostics found while building (bad escapes in quoted card names).
    pub(crate) fn take_diagnostics(&self) -> Vec<Diagnostic> {
        self.diags.take()
    }

    pub(crate) fn span(&self, p: &P<'_>) -> Span {
        let s = p.as_span();
        Span::new(self.file, self.base + s.start(), self.base + s.end())
    }

    pub(crate) fn text(&self, p: &P<'_>) -> Spanned<String> {
        Spanned::new(p.as_str().to_string(), self.span(p))
    }

    /// A sentence alternative (`trigger`, `keyword`, …) ending at the `.` spanned by `period`.
    pub(crate) fn sentence(&self, p: P<'_>, period: Span) -> Option<Sentence> {
        let span = self.span(&p).to(period);
        let kind = match p.as_rule() {
            Rule::keyword => SentenceKind::Keyword(self.text(&p)),
            Rule::static_ability => SentenceKind::Static(self.static_ability(&p)?),
            Rule::trigger | Rule::trigger_after => SentenceKind::Trigger(Trigger {
                condition: self.condition(&child(&p, Rule::condition)?)?,
                // `if <condition>,`, or `during a Liberation …` after the event (R65).
                if_condition: match child(&p, Rule::intervening_if) {
                    Some(i) => Some(self.intervening_if(&i)?),
                    None if child(&p, Rule::cond).is_some() => Some(self.intervening_if(&p)?),
                    None => None,
                },
                optional: child(&p, Rule::you_may).map(|m| self.span(&m)),
                effect: self.effect(&child(&p, Rule::effect)?)?,
            }),
            Rule::activated => {
                let mut costs = Vec::new();
                for c in p.clone().into_inner().filter(|c| c.as_rule() == Rule::cost) {
                    let form = first(&c)?;
                    costs.push(Spanned::new(self.cost_form(&form)?, self.span(&c)));
                }
                let effect = self.conditional_effect(&p)?;
                SentenceKind::Activated(Activated { costs, effect })
            }
            Rule::twist => {
                let optional = child(&p, Rule::optional_mark).map(|o| self.span(&o));
                let inner = first(&child(&p, Rule::twist_body)?)?;
                let sentence = Box::new(self.sentence(inner, period)?);
                SentenceKind::Twist(Twist { optional, sentence })
            }
            Rule::replacement => SentenceKind::Replacement(Replacement {
                event: self.would_event(&child(&p, Rule::would_event)?)?,
                effect: self.effect(&child(&p, Rule::effect)?)?,
                instead: self.span(&child(&p, Rule::kw_instead)?),
            }),
            Rule::effect_sentence => SentenceKind::Effect(self.conditional_effect(&p)?),
            Rule::cost_change => SentenceKind::CostChange(self.cost_change(&p)?),
            _ => return None,
        };
        Some(Sentence { kind, span })
    }

    /// The `effect` child of `p` with the `If <condition>,` (`effect_if`) before it, if any
    /// (ruling R61).
    fn conditional_effect(&self, p: &P<'_>) -> Option<Effect> {
        let mut effect = self.effect(&child(p, Rule::effect)?)?;
        if let Some(i) = child(p, Rule::effect_if) {
            effect.condition = Some(self.intervening_if(&i)?);
        }
        Some(effect)
    }

    /// `if <condition>,` of a trigger (or of an effect, `effect_if`): the condition, spanned
    /// without `if` and the comma.
    fn intervening_if(&self, p: &P<'_>) -> Option<Spanned<crate::ast::Cond>> {
        let cond = first(&child(p, Rule::cond)?)?;
        Some(Spanned::new(self.cond_form(&cond)?, self.span(&cond)))
    }

    /// `Maneuvers you play cost 1 less.` (ruling R87).
    fn cost_change(&self, p: &P<'_>) -> Option<CostChange> {
        let (player, mut verb) = match child(p, Rule::cc_player).and_then(|c| first(&c)) {
            Some(c) => {
                let who = match c.as_rule() {
                    Rule::cc_you => CostPlayer::You,
                    _ => CostPlayer::Opponent,
                };
                let last = c.as_str().split_whitespace().last().unwrap_or_default();
                let verb = Spanned::new(last.to_ascii_lowercase(), self.span(&c));
                (Some(Spanned::new(who, self.span(&c))), Some(verb))
            }
            None => (None, None),
        };
        if let Some(t) = child(p, Rule::cc_to) {
            let last = t.as_str().split_whitespace().last().unwrap_or_default();
            verb.get_or_insert(Spanned::new(last.to_ascii_lowercase(), self.span(&t)));
        }
        Some(CostChange {
            cards: self.kind(&child(p, Rule::kind)?),
            player,
            verb,
            amount: self.text(&child(p, Rule::amount_number)?),
            more: child(p, Rule::cc_more).is_some(),
        })
    }

    fn static_ability(&self, p: &P<'_>) -> Option<Static> {
        let subject = match child(p, Rule::subject) {
            Some(s) => Some(self.subject(&s)?),
            None => None,
        };
        // A bonus (`static_kind`) or a prohibition (ruling R84), the subject before or after it.
        let kind = first(
            &child(p, Rule::static_kind)
                .or_else(|| child(p, Rule::static_prohibition))
                .or_else(|| child(p, Rule::static_prohibition_object))?,
        )?;
        let condition = match child(p, Rule::static_if).or_else(|| child(p, Rule::static_condition))
        {
            Some(c) => {
                let cond = first(&child(&c, Rule::cond)?)?;
                Some(Spanned::new(self.cond_form(&cond)?, self.span(&cond)))
            }
            None => None,
        };
        Some(Static {
            subject,
            kind: Spanned::new(self.static_form(&kind)?, self.span(&kind)),
            condition,
        })
    }

    fn subject(&self, p: &P<'_>) -> Option<Spanned<Subject>> {
        let inner = first(p)?;
        let value = match inner.as_rule() {
            Rule::this_card => Subject::ThisCard,
            Rule::the_bound => Subject::TheBound,
            Rule::group => Subject::Group {
                other: child(&inner, Rule::w_other).is_some(),
                kind: self.kind_of(&inner)?,
                controller: self.controller(&inner),
                filters: self.filters(&inner)?,
            },
            _ => return None,
        };
        Some(Spanned::new(value, self.span(p)))
    }

    /// A `kind` pair as written, spaces normalised.
    pub(crate) fn kind(&self, p: &P<'_>) -> Spanned<String> {
        Spanned::new(normalise(p.as_str()), self.span(p))
    }

    /// The kind of a target or group `p`: its `kind`, or `permanent` where a noun stands in
    /// its place (`target garrison`, ruling R117; the noun is one of its filters).
    pub(crate) fn kind_of(&self, p: &P<'_>) -> Option<Spanned<String>> {
        if let Some(k) = child(p, Rule::kind) {
            return Some(self.kind(&k));
        }
        let noun = child(p, Rule::filter_noun)?;
        Some(Spanned::new("permanent".to_owned(), self.span(&noun)))
    }

    /// The optional `controller` child of `p`.
    pub(crate) fn controller(&self, p: &P<'_>) -> Option<Spanned<Controller>> {
        let c = child(p, Rule::controller)?;
        let value = match first(&c)?.as_rule() {
            Rule::you_control => Controller::You,
            _ => Controller::Opponent,
        };
        Some(Spanned::new(value, self.span(&c)))
    }

    fn condition(&self, p: &P<'_>) -> Option<Spanned<Condition>> {
        let head = first(p)?;
        let value = match head.as_rule() {
            Rule::start_of_turn => Condition::StartOfYourTurn,
            Rule::whenever => Condition::Whenever(self.event(&child(p, Rule::event)?)?),
            Rule::when => Condition::When(self.event(&child(p, Rule::event)?)?),
            Rule::w_at => Condition::At(self.event(&child(p, Rule::at_event)?)?),
            _ => return None,
        };
        Some(Spanned::new(value, self.span(p)))
    }

    fn event(&self, p: &P<'_>) -> Option<Spanned<Event>> {
        // A row that starts with `this card` or its group is read inside the frame that reads
        // those once (`this_card_event`, `group_event`), the group beside it.
        let (leaf, group) = if let Some(e) = child(p, Rule::this_card_event) {
            (first(&e)?, None)
        } else if let Some(e) = child(p, Rule::group_event) {
            (first(&e)?, child(p, Rule::event_group))
        } else {
            (first(p)?, None)
        };
        let value = crate::vocabulary::event(self, &leaf, group.as_ref())?;
        Some(Spanned::new(value, self.span(p)))
    }

    /// `the Bound` or `a|another <kind> [controller]`: what an event is about (ruling R80).
    pub(crate) fn event_subject(&self, p: &P<'_>) -> Option<crate::ast::EventSubject> {
        if child(p, Rule::the_bound).is_some() {
            return Some(crate::ast::EventSubject::TheBound);
        }
        if let Some(named) = child(p, Rule::named_target) {
            let string = child(&named, Rule::string)?;
            let mut diags = self.diags.borrow_mut();
            return Some(crate::ast::EventSubject::Named(crate::build::unescape(
                self.file, self.base, &string, &mut diags,
            )));
        }
        self.event_group(p).map(crate::ast::EventSubject::Group)
    }

    /// `a|another <kind> [controller]`: the group an event is about.
    pub(crate) fn event_group(&self, p: &P<'_>) -> Option<crate::ast::EventGroup> {
        Some(crate::ast::EventGroup {
            another: child(p, Rule::w_another).is_some(),
            kind: self.kind_of(p)?,
            controller: self.controller(p),
            filters: self.filters(p)?,
        })
    }

    /// The filters among the children of `p` (`filter_adj`, `filter_clause`), in order;
    /// `None` if one lacks its alternative (an internal error).
    pub(crate) fn filters(&self, p: &P<'_>) -> Option<Vec<Spanned<crate::ast::Filter>>> {
        let mut out = Vec::new();
        for c in p.clone().into_inner() {
            if matches!(
                c.as_rule(),
                Rule::filter_adj | Rule::filter_clause | Rule::filter_noun
            ) {
                let form = first(&c)?;
                out.push(Spanned::new(self.filter_form(&form)?, self.span(&c)));
            }
        }
        Some(out)
    }

    fn would_event(&self, p: &P<'_>) -> Option<Spanned<WouldEvent>> {
        let inner = first(p)?;
        let target = self.target(&child(&inner, Rule::target)?)?;
        let value = match inner.as_rule() {
            Rule::would_counters => WouldEvent::CountersPlaced {
                counter: self.text(&child(&inner, Rule::counter_kind)?),
                target,
            },
            Rule::would_destroyed => WouldEvent::Destroyed(target),
            Rule::would_take_damage => WouldEvent::TakeDamage(target),
            _ => return None,
        };
        Some(Spanned::new(value, self.span(p)))
    }

    pub(crate) fn target(&self, p: &P<'_>) -> Option<Spanned<Target>> {
        let inner = first(p)?;
        let value = match inner.as_rule() {
            Rule::chosen_target => Target::Chosen {
                kind: self.kind_of(&inner)?,
                controller: self.controller(&inner),
                filters: self.filters(&inner)?,
                other: child(&inner, Rule::w_another).is_some()
                    || child(&inner, Rule::w_other).is_some(),
                count: match child(&inner, Rule::target_count) {
                    Some(c) => Some(Spanned::new(
                        TargetCount {
                            number: self.text(&child(&c, Rule::target_number)?),
                            up_to: child(&c, Rule::up_to).is_some(),
                        },
                        self.span(&c),
                    )),
                    None => None,
                },
            },
            Rule::each_target | Rule::group_target => Target::Each {
                kind: self.kind_of(&inner)?,
                controller: self.controller(&inner),
                filters: self.filters(&inner)?,
                other: child(&inner, Rule::w_other).is_some(),
            },
            Rule::this_card => Target::ThisCard,
            Rule::the_bound => Target::TheBound,
            Rule::anaphor => Target::Anaphor {
                that: child(&inner, Rule::kind).map(|k| self.kind(&k)),
            },
            Rule::named_target => {
                let string = child(&inner, Rule::string)?;
                let mut diags = self.diags.borrow_mut();
                Target::Named(crate::build::unescape(
                    self.file, self.base, &string, &mut diags,
                ))
            }
            _ => return None,
        };
        Some(Spanned::new(value, self.span(p)))
    }

    /// The subject of a player verb, if written: `Some(None)` when it is left out (`you`),
    /// `None` when a `player` pair lacks its alternative (an internal error).
    pub(crate) fn player_subject(&self, p: &P<'_>) -> Option<Option<Spanned<Player>>> {
        let Some(player) = child(p, Rule::player) else {
            return Some(None);
        };
        let value = match first(&player)?.as_rule() {
            Rule::p_you => Player::You,
            Rule::p_target_player => Player::TargetPlayer,
            Rule::p_target_opponent => Player::TargetOpponent,
            Rule::p_each_player => Player::EachPlayer,
            Rule::p_each_opponent => Player::EachOpponent,
            Rule::p_its_controller => Player::ItsController,
            Rule::p_its_owner => Player::ItsOwner,
            Rule::p_an_opponent => Player::AnOpponent,
            _ => return None,
        };
        Some(Some(Spanned::new(value, self.span(&player))))
    }

    /// The duration of a one-shot change, if written: `Some(None)` when it is left out
    /// (lowering reports it, `E0085`), `None` when a `duration` pair lacks its alternative.
    pub(crate) fn duration(&self, p: &P<'_>) -> Option<Option<Spanned<Duration>>> {
        let Some(d) = child(p, Rule::duration) else {
            return Some(None);
        };
        let value = match first(&d)?.as_rule() {
            Rule::until_end_of_turn => Duration::UntilEndOfTurn,
            Rule::until_end_of_liberation => Duration::UntilEndOfLiberation,
            _ => return None,
        };
        Some(Some(Spanned::new(value, self.span(&d))))
    }

    pub(crate) fn amount(&self, p: &P<'_>) -> Option<Spanned<Amount>> {
        let inner = first(p)?;
        let value = match inner.as_rule() {
            Rule::amount_number => Amount::Number(inner.as_str().to_string()),
            Rule::article => Amount::One,
            Rule::that_many => Amount::ThatMany,
            _ => return None,
        };
        Some(Spanned::new(value, self.span(p)))
    }

    /// An `effect` pair: one simple effect, or several joined by `, then`.
    fn effect(&self, p: &P<'_>) -> Option<Effect> {
        if let Some(m) = child(p, Rule::modes) {
            return self.modes(&m);
        }
        let parts: Vec<P<'_>> = p
            .clone()
            .into_inner()
            .filter(|c| !matches!(c.as_rule(), Rule::comma | Rule::w_then | Rule::w_and))
            .collect();
        let mut effects: Vec<Effect> = Vec::with_capacity(parts.len());
        for part in parts {
            if part.as_rule() == Rule::quantity_suffix {
                let suffix = self.quantity_suffix(&part)?;
                let last = effects.last_mut()?;
                last.span = Span {
                    end: suffix.span.end,
                    ..last.span
                };
                last.quantity = Some(suffix);
                continue;
            }
            effects.push(self.simple_effect(&part)?);
        }
        if effects.len() == 1 {
            effects.pop()
        } else {
            Some(Effect {
                kind: EffectKind::Then(effects),
                span: self.span(p),
                condition: None,
                quantity: None,
                modes: None,
                joined: false,
            })
        }
    }

    /// One effect form; its arms are generated from the table (`vocabulary.rs`).
    fn simple_effect(&self, p: &P<'_>) -> Option<Effect> {
        let joined = crate::vocabulary::joined(p.as_rule());
        let mut span = self.span(p);
        // One more object joined by `and` (ruling R110) spans from after its `and`.
        if joined {
            if let Some(first) = p
                .clone()
                .into_inner()
                .find(|c| !matches!(c.as_rule(), Rule::w_and | Rule::comma))
            {
                span.start = self.span(&first).start;
            }
        }
        // A form led by its target is read inside the frame that reads the target once
        // (`targeted`): the form is the frame's `target_effect`, the target beside it.
        let (form, lead) = if p.as_rule() == Rule::targeted {
            (
                first(&child(p, Rule::target_effect)?)?,
                child(p, Rule::target),
            )
        } else {
            (p.clone(), None)
        };
        Some(Effect {
            kind: self.effect_form(&form, lead.as_ref())?,
            span,
            condition: None,
            quantity: None,
            modes: None,
            joined,
        })
    }

    /// `Choose one — <option>; or <option>` (ruling R81): a `Then` of the options, each read
    /// as an `effect` is, with the count as written.
    fn modes(&self, p: &P<'_>) -> Option<Effect> {
        let count = child(p, Rule::mode_count)?;
        let mut options = Vec::new();
        for o in p.clone().into_inner() {
            if o.as_rule() == Rule::mode_option {
                options.push(self.effect(&o)?);
            }
        }
        Some(Effect {
            kind: EffectKind::Then(options),
            span: self.span(p),
            condition: None,
            quantity: None,
            joined: false,
            modes: Some(Spanned::new(count.as_str().to_string(), self.span(&count))),
        })
    }
}
