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

    /// A `quantity_suffix` pair.
    pub(crate) fn quantity_suffix(&self, p: &P<'_>) -> Option<Spanned<QuantitySuffix>> {
        let inner = first(p)?;
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
                kind: self.kind(&child(&inner, Rule::kind)?),
                controller: self.controller(&inner),
                filters: self.filters(&inner)?,
            },
            _ => return None,
        })
    }
}
