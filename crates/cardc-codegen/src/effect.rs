//! Effects and targets: one function per IR variant, each returning the tokens of a call
//! on the engine's `Effects` context (`fx.deal_damage(Target::Chosen(0), 2u32);`).
//!
//! `target …` choices are numbered in order of appearance across one ability (or one
//! Maneuver or Reversal text); each adds its `Selector` to the ability's list, which the
//! engine uses to choose and check the targets. A named target chooses nothing: it is
//! the card's name as a string literal (`engine::Target::Named("Pier Nine")`).

use cardc_ir::{Controller, Effect, EffectChain, PermanentKind, Target};
use proc_macro2::TokenStream;
use quote::quote;

use crate::lit::{num, string, vocab};

/// The `Selector`s of one ability, in the order its `target …`s appear.
#[derive(Debug, Default)]
pub struct Targets {
    selectors: Vec<TokenStream>,
}

impl Targets {
    /// The selector list, as a `&[Selector]` expression.
    pub fn slice(&self) -> TokenStream {
        let s = &self.selectors;
        quote!(&[#(#s),*])
    }

    /// Whether no `target …` appeared.
    pub fn is_empty(&self) -> bool {
        self.selectors.is_empty()
    }
}

/// The statements of an effect chain: one call per step, in order.
pub fn chain(chain: &EffectChain, targets: &mut Targets) -> TokenStream {
    let steps = chain.steps.iter().map(|s| effect(&s.value, targets));
    quote!(#(#steps)*)
}

/// One effect as a call on `fx`.
pub fn effect(effect: &Effect, targets: &mut Targets) -> TokenStream {
    match effect {
        &Effect::GainCp(n) => {
            let n = num(n);
            quote!(fx.gain_cp(engine::Target::ThisCard, #n);)
        }
        &Effect::LoseCp(n) => {
            let n = num(n);
            quote!(fx.lose_cp(engine::Target::ThisCard, #n);)
        }
        Effect::TargetLosesCp { target: t, amount } => {
            let (t, amount) = (target(t, targets), num(*amount));
            quote!(fx.lose_cp(#t, #amount);)
        }
        &Effect::Draw(n) => {
            let n = num(n);
            quote!(fx.draw(#n);)
        }
        &Effect::GainCurrency(n) => {
            let n = num(n);
            quote!(fx.gain_currency(#n);)
        }
        &Effect::PayCurrency(n) => {
            let n = num(n);
            quote!(fx.pay_currency(#n);)
        }
        &Effect::GainStoryPoints(n) => {
            let n = num(n);
            quote!(fx.gain_story_points(#n);)
        }
        Effect::DealDamage { amount, target: t } => {
            let (t, amount) = (target(t, targets), num(*amount));
            quote!(fx.deal_damage(#t, #amount);)
        }
        Effect::PlaceLiberationCounters { amount, target: t } => {
            let (t, amount) = (target(t, targets), num(*amount));
            quote!(fx.place_liberation_counters(#t, #amount);)
        }
        Effect::RemoveLiberationCounters { amount, target: t } => {
            let (t, amount) = (target(t, targets), num(*amount));
            quote!(fx.remove_liberation_counters(#t, #amount);)
        }
        // Only a replacement's `instead` says this, and the engine applies it as data
        // (`Instead::PlaceThatManyStoryCountersOnThisCard`); `support` rejects any other use.
        Effect::PlaceThatManyStoryCounters { .. } => TokenStream::new(),
        Effect::Destroy(t) => {
            let t = target(t, targets);
            quote!(fx.destroy(#t);)
        }
        Effect::Ready(t) => {
            let t = target(t, targets);
            quote!(fx.ready(#t);)
        }
        Effect::FallTheBound => quote!(fx.fall_the_bound();),
        Effect::FallThisCard => quote!(fx.fall_this_card();),
    }
}

/// A target as an engine `Target`; a `target …` choice is numbered and its selector kept.
pub fn target(t: &Target, targets: &mut Targets) -> TokenStream {
    match *t {
        Target::ThisCard => quote!(engine::Target::ThisCard),
        Target::TheBound => quote!(engine::Target::TheBound),
        Target::Chosen { kind, controller } => {
            let n = proc_macro2::Literal::u8_unsuffixed(
                u8::try_from(targets.selectors.len()).unwrap_or(u8::MAX),
            );
            targets.selectors.push(selector(kind, controller));
            quote!(engine::Target::Chosen(#n))
        }
        Target::Each { kind, controller } => {
            let s = selector(kind, controller);
            quote!(engine::Target::Each(#s))
        }
        Target::Named(ref name) => {
            let name = string(&name.value);
            quote!(engine::Target::Named(#name))
        }
    }
}

/// `Selector { kind: PermanentKind::…, controller: … }`.
pub fn selector(kind: PermanentKind, controller: Option<Controller>) -> TokenStream {
    let kind = vocab(kind);
    let controller = match controller {
        None => quote!(None),
        Some(c) => {
            let c = vocab(c);
            quote!(Some(#c))
        }
    };
    quote! {
        engine::Selector {
            kind: #kind,
            controller: #controller,
        }
    }
}
