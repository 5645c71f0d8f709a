//! Quantities as written (`docs/vocabulary-v2.md` §8): an effect's amount (`2`, `a`, `that
//! many`, `X`) and the suffix after the effect that scales or binds it (`for each
//! <countable>`, `, where X is the number of <countables>`).

use crate::ast::{Amount, Controller, Filter, Spanned};
use crate::grammar::Rule;
use crate::sentence::{child, first, SentenceBuilder, P};

/// What follows an effect and makes its amount a count.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum QuantitySuffix {
    /// `for each <countable>`.
    ForEach(Spanned<Countable>),
    /// `, where X is the number of <countables>`.
    WhereX(Spanned<Countable>),
    /// `, where X is this card's Vox` (ruling R93).
    WhereXStat(Spanned<StatOf>),
}

/// What `equal to …` after an effect's noun reads (ruling R93).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum EqualTo {
    /// `equal to this card's Vox`, `equal to its CP`.
    Stat(Spanned<StatOf>),
    /// `equal to the number of <countables>`: a count, printed as `for each`.
    NumberOf(Spanned<Countable>),
}

/// A stat of a card as written: `this card's Vox`, `its CP`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct StatOf {
    /// `its` (the card named earlier in the sentence) rather than `this card's`.
    pub its: bool,
    /// The stat as written (`Vox`, `cp`); lowering reads it.
    pub stat: Spanned<String>,
}

/// What a quantity counts, as written.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Countable {
    /// `[other] <kind> [controller] [filters]`.
    Group {
        /// `other …`.
        other: bool,
        /// The kind as written, singular or plural.
        kind: Spanned<String>,
        /// `you control` / `an opponent controls`.
        controller: Option<Spanned<Controller>>,
        /// The filters as written.
        filters: Vec<Spanned<Filter>>,
    },
    /// `<counter kind> counter(s) on this card`, the kind as written.
    CountersOnThisCard(Spanned<String>),
    /// `card(s) in your hand`.
    CardsInYourHand,
    /// `[<kind>] card(s) in your Depleted Pile`.
    CardsInYourDepletedPile(Option<Spanned<String>>),
    /// `opponent(s)`.
    Opponents,
}

impl SentenceBuilder {
    /// An effect's amount slot (`q_amount`, `q_gained`, `q_count`).
    pub(crate) fn quantity(&self, p: &P<'_>) -> Option<Spanned<Amount>> {
        let inner = first(p)?;
        let value = match inner.as_rule() {
            Rule::amount_number | Rule::gain_amount => Amount::Number(inner.as_str().to_string()),
            Rule::article => Amount::One,
            Rule::that_many => Amount::ThatMany,
            Rule::x_amount => Amount::X,
            _ => return None,
        };
        Some(Spanned::new(value, self.span(p)))
    }

    /// An effect's amount slot `q` inside the effect's pair `p`: with no number written,
    /// the `equal to …` after the effect's noun (ruling R93).
    pub(crate) fn quantity_of(&self, p: &P<'_>, q: &P<'_>) -> Option<Spanned<Amount>> {
        if first(q).is_some_and(|i| i.as_rule() == Rule::q_unwritten) {
            let e = child(p, Rule::q_equal_to)?;
            let value = match child(&e, Rule::countable) {
                Some(c) => EqualTo::NumberOf(Spanned::new(self.countable(&c)?, self.span(&c))),
                None => EqualTo::Stat(self.stat_of(&child(&e, Rule::stat_of)?)?),
            };
            return Some(Spanned::new(
                Amount::EqualTo(Box::new(value)),
                self.span(&e),
            ));
        }
        self.quantity(q)
    }

    /// A `stat_of` pair: `this card's Vox`, `its CP`.
    fn stat_of(&self, p: &P<'_>) -> Option<Spanned<StatOf>> {
        let stat = child(p, Rule::stat_word)?;
        Some(Spanned::new(
            StatOf {
                its: child(p, Rule::stat_its).is_some(),
                stat: Spanned::new(stat.as_str().to_owned(), self.span(&stat)),
            },
            self.span(p),
        ))
    }

    /// A `quantity_suffix` pair.
    pub(crate) fn quantity_suffix(&self, p: &P<'_>) -> Option<Spanned<QuantitySuffix>> {
        let inner = first(p)?;
        if let Some(stat) = child(&inner, Rule::stat_of) {
            return Some(Spanned::new(
                QuantitySuffix::WhereXStat(self.stat_of(&stat)?),
                self.span(p),
            ));
        }
        let countable = child(&inner, Rule::countable)?;
        let c = Spanned::new(self.countable(&countable)?, self.span(&countable));
        let value = match inner.as_rule() {
            Rule::for_each => QuantitySuffix::ForEach(c),
            Rule::where_x => QuantitySuffix::WhereX(c),
            _ => return None,
        };
        Some(Spanned::new(value, self.span(p)))
    }

    /// A static's `{…:countable}` slot (`+1 DEF for each other Ground Unit you control`,
    /// ruling R92): the `countable` pair `p` with its span.
    pub(crate) fn countable_slot(&self, p: &P<'_>) -> Option<Spanned<Countable>> {
        Some(Spanned::new(self.countable(p)?, self.span(p)))
    }

    fn countable(&self, p: &P<'_>) -> Option<Countable> {
        let inner = first(p)?;
        Some(match inner.as_rule() {
            Rule::cnt_counters => {
                let k = child(&inner, Rule::counter_kind)?;
                Countable::CountersOnThisCard(Spanned::new(k.as_str().to_owned(), self.span(&k)))
            }
            Rule::cnt_hand => Countable::CardsInYourHand,
            Rule::cnt_pile => {
                Countable::CardsInYourDepletedPile(child(&inner, Rule::kind).map(|k| self.kind(&k)))
            }
            Rule::cnt_opponents => Countable::Opponents,
            Rule::cnt_group => Countable::Group {
                other: child(&inner, Rule::w_other).is_some(),
                kind: self.kind_of(&inner)?,
                controller: self.controller(&inner),
                filters: self.filters(&inner)?,
            },
            _ => return None,
        })
    }
}
