//! Quantities (`docs/vocabulary-v2.md` §8): an effect's amount as written and the suffix
//! after the effect (`for each <countable>`, `, where X is the number of …`) lowered to one
//! [`Quantity`]. `X …, where X is the number of …` is the same quantity as `a … for each …`,
//! so it prints as `for each` (§8's canonical form).
//!
//! Misuse found here: `X` not bound (`E0210`), a `where X is …` with no `X` to bind
//! (`E0211`), a `for each` after an effect that has no amount to scale (`E0214`), `equal to
//! its <stat>` with no target before it for `its` to name (`E0243`, ruling R93).
//! `equal to <a stat of a card>` and `X …, where X is <a stat of a card>` are one quantity,
//! printed `equal to`; `equal to the number of …` is a count, printed `for each`.

use super::fields::Sign;
use super::Lowerer;
use cardc_diagnostics::Diagnostic;
use cardc_ir::{
    Antecedent, Countable, Effect, Group, PermanentKind, Quantity, ReadStat, StatOf, Whose,
};
use cardc_syntax::ast::{self, Spanned};

/// `X` is not bound.
pub const X_UNBOUND: &str = "E0210";
/// `where X is …` binds an X the effect does not use.
pub const X_NOT_USED: &str = "E0211";
/// `for each` after an effect with no amount.
pub const FOR_EACH_WITHOUT_AMOUNT: &str = "E0214";
/// `equal to its <stat>` with no single `target …` before it for `its` to name.
pub const ITS_STAT_WITHOUT_TARGET: &str = "E0243";

impl Lowerer {
    /// The amount `a` of effect `e`, with `e`'s suffix.
    pub(super) fn quantity(
        &mut self,
        a: &Spanned<ast::Amount>,
        sign: Sign,
        e: &ast::Effect,
    ) -> Option<Quantity> {
        let suffix = e.quantity.as_ref();
        let per = match &a.value {
            ast::Amount::Number(raw) => self.number(raw, a.span, sign)? as u32,
            ast::Amount::One => 1,
            ast::Amount::ThatMany => {
                if let Some(s) = suffix {
                    self.diagnostics.push(
                        Diagnostic::error(
                            X_NOT_USED,
                            s.span,
                            "`that many` is already a count: nothing here for this to scale",
                        )
                        .with_label("counts nothing the amount uses")
                        .with_help("write `that many` alone, or a number with `for each`"),
                    );
                    return None;
                }
                return Some(Quantity::ThatMany);
            }
            ast::Amount::EqualTo(eq) => {
                if let Some(s) = suffix {
                    self.diagnostics.push(
                        Diagnostic::error(
                            X_NOT_USED,
                            s.span,
                            "`equal to …` is already the amount: nothing here for this to scale",
                        )
                        .with_label("a second amount")
                        .with_help("write `equal to …` alone, or a number with `for each`"),
                    );
                    return None;
                }
                return match eq.as_ref() {
                    // `equal to the number of …` counts, and a count prints as `for each`.
                    ast::EqualTo::NumberOf(c) => {
                        let each = self.countable(c)?;
                        Some(Quantity::ForEach { per: 1, each })
                    }
                    ast::EqualTo::Stat(s) => Some(Quantity::EqualTo(self.stat_of(s)?)),
                };
            }
            ast::Amount::X => match suffix.map(|s| &s.value) {
                Some(ast::QuantitySuffix::WhereX(c)) => {
                    let each = self.countable(c)?;
                    return Some(Quantity::ForEach { per: 1, each });
                }
                // `X …, where X is this card's Vox` is `… equal to this card's Vox` (R93).
                Some(ast::QuantitySuffix::WhereXStat(s)) => {
                    return Some(Quantity::EqualTo(self.stat_of(s)?));
                }
                _ => {
                    self.diagnostics.push(
                        Diagnostic::error(X_UNBOUND, a.span, "`X` is not bound; say what X is")
                            .with_label("what is X?")
                            .with_note("docs/vocabulary-v2.md §8: an amount that counts prints as `for each`")
                            .with_help("write the count: `Draw a card for each Character you control.`"),
                    );
                    return None;
                }
            },
        };
        match suffix.map(|s| (&s.value, s.span)) {
            None => Some(Quantity::Number(per)),
            Some((ast::QuantitySuffix::ForEach(c), _)) => {
                let each = self.countable(c)?;
                Some(Quantity::ForEach { per, each })
            }
            Some((ast::QuantitySuffix::WhereX(_) | ast::QuantitySuffix::WhereXStat(_), span)) => {
                self.diagnostics.push(
                    Diagnostic::error(
                        X_NOT_USED,
                        span,
                        "`where X is …` binds an X the sentence does not use",
                    )
                    .with_label("no X before it")
                    .with_help("write `X` where the amount is, or leave out `where X is …`"),
                );
                None
            }
        }
    }

    /// The stat an amount reads (ruling R93): `this card's Vox`, or `its CP`, whose `its` is
    /// the one `target …` chosen earlier in the sentence (ruling R73), else `E0243`.
    fn stat_of(&mut self, s: &Spanned<ast::StatOf>) -> Option<StatOf> {
        let word = &s.value.stat.value;
        let Some(stat) = ReadStat::ALL
            .iter()
            .copied()
            .find(|stat| stat.name().eq_ignore_ascii_case(word))
        else {
            self.unsupported(
                s.value.stat.span,
                "an amount reads Vox, CP, Attack, DEF or Rank",
                "write `this card's Vox`, `its CP`, …",
            );
            return None;
        };
        if !s.value.its {
            return Some(StatOf {
                whose: Whose::ThisCard,
                stat,
            });
        }
        match self.anaphora.antecedent(None) {
            Antecedent::Target { index, target } => Some(StatOf {
                whose: Whose::It {
                    index,
                    kind: target.kind().unwrap_or(PermanentKind::Permanent),
                },
                stat,
            }),
            _ => {
                self.diagnostics.push(
                    Diagnostic::error(
                        ITS_STAT_WITHOUT_TARGET,
                        s.span,
                        format!(
                            "`its {}` reads a stat of the one card chosen earlier in the sentence, and there is no single `target …` before it",
                            stat.name()
                        ),
                    )
                    .with_label("whose?")
                    .with_note("ruling R93: `its <stat>` in an amount reads the stat of the `target …` chosen earlier in the same sentence (ruling R73)")
                    .with_help("name the card: `equal to this card's Vox`, or choose a target before it"),
                );
                None
            }
        }
    }

    /// `E0214` when step `e` carries a suffix its effect did not read (it has no amount).
    pub(super) fn suffix_unread(&mut self, e: &ast::Effect, step: &Effect) -> bool {
        match &e.quantity {
            Some(s) if step.quantity().is_none() => {
                self.diagnostics.push(
                    Diagnostic::error(
                        FOR_EACH_WITHOUT_AMOUNT,
                        s.span,
                        format!(
                            "`{}` has no amount for this to count",
                            step.verb()
                        ),
                    )
                    .with_label("nothing to scale")
                    .with_help("`for each` scales an amount: `Draw a card for each …`, `Deal 1 damage to … for each …`"),
                );
                true
            }
            _ => false,
        }
    }

    /// What `c` counts: an effect's `for each` and a static's count (ruling R92).
    pub(super) fn countable(&mut self, c: &Spanned<ast::Countable>) -> Option<Countable> {
        Some(match &c.value {
            ast::Countable::Group {
                other,
                kind,
                controller,
                filters,
            } => Countable::Group(Group {
                other: *other,
                kind: self.kind(kind)?,
                controller: controller.as_ref().map(|c| match c.value {
                    ast::Controller::You => cardc_ir::Controller::You,
                    ast::Controller::Opponent => cardc_ir::Controller::Opponent,
                }),
                filters: self.filters(filters)?,
            }),
            ast::Countable::CountersOnThisCard(k) => match k.value.to_ascii_lowercase().as_str() {
                "liberation" => Countable::LiberationCountersOnThisCard,
                "story" => Countable::StoryCountersOnThisCard,
                _ => {
                    self.unsupported(
                        k.span,
                        "a counter is a Liberation or a Story counter",
                        "write `Liberation counter on this card` or `Story counter on this card`",
                    );
                    return None;
                }
            },
            ast::Countable::CardsInYourHand => Countable::CardsInYourHand,
            ast::Countable::CardsInYourDepletedPile(None) => {
                Countable::CardsInYourDepletedPile(PermanentKind::Permanent)
            }
            ast::Countable::CardsInYourDepletedPile(Some(k)) => {
                Countable::CardsInYourDepletedPile(self.kind(k)?)
            }
            ast::Countable::Opponents => Countable::Opponents,
        })
    }
}
