//! Effects and targets: one function per IR variant, each returning the tokens of a call
//! on the engine's `Effects` context (`fx.deal_damage(Target::Chosen(0), 2u32);`).
//!
//! `target …` choices are numbered in order of appearance across one ability (or one
//! Maneuver or Reversal text); each adds its `Selector` to the ability's list, which the
//! engine uses to choose and check the targets. A named target chooses nothing: it is
//! the card's name as a string literal (`engine::Target::Named("Pier Nine")`).

use cardc_ir::{Antecedent, Controller, EffectChain, PermanentKind, Player, Target};
use proc_macro2::TokenStream;
use quote::quote;

use crate::lit::{string, vocab};

/// The `Selector`s of one ability, in the order its `target …`s appear.
#[derive(Debug, Default)]
pub struct Targets {
    selectors: Vec<TokenStream>,
    /// `target player` / `target opponent`s so far: each is numbered in order too, apart
    /// from the permanents (the engine chooses a player as the step naming it resolves).
    players: u8,
    /// How many selectors came before the effect chain being generated: an anaphor's
    /// antecedent is numbered within its chain (ruling R73).
    chain_start: usize,
    /// The `engine::ModeData` of the chain last generated, if it was modal (ruling R81).
    modes: Option<TokenStream>,
    /// The first selector of each `target …` in order (a counted one has several,
    /// ruling R82): an anaphor's antecedent is numbered among these.
    phrases: Vec<usize>,
    /// How many `target …`s came before the effect chain being generated.
    chain_phrases: usize,
    /// One `engine::TargetCount` per counted `target …` (ruling R82).
    counts: Vec<TokenStream>,
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

    /// How many `target …`s so far.
    pub(crate) fn len(&self) -> usize {
        self.selectors.len()
    }

    /// Starts numbering anaphora at the next selector (a new chain, or a modal option).
    pub(crate) fn start_chain(&mut self) {
        self.chain_start = self.selectors.len();
        self.chain_phrases = self.phrases.len();
    }

    /// The `&[engine::TargetCount]` of the counted `target …`s (ruling R82), if any.
    pub(crate) fn take_counts(&mut self) -> Option<TokenStream> {
        if self.counts.is_empty() {
            return None;
        }
        let c = std::mem::take(&mut self.counts);
        Some(quote!(&[#(#c),*]))
    }

    /// The selector an anaphor's antecedent (the `index`th `target …` of its chain) chose.
    pub(crate) fn antecedent_slot(&self, index: u8) -> usize {
        self.phrases
            .get(self.chain_phrases + usize::from(index))
            .copied()
            .unwrap_or(self.chain_start + usize::from(index))
    }

    /// Records the modal chain's `ModeData` (ruling R81).
    pub(crate) fn set_modes(&mut self, data: TokenStream) {
        self.modes = Some(data);
    }

    /// The `ModeData` of a modal chain generated into these targets, taken.
    pub(crate) fn take_modes(&mut self) -> Option<TokenStream> {
        self.modes.take()
    }
}

/// The statements of an effect chain: one call per step, in order; with an `If
/// <condition>,` the steps run only if `fx.holds` it as the chain resolves (ruling R61).
pub fn chain(chain: &EffectChain, targets: &mut Targets) -> TokenStream {
    targets.start_chain();
    let steps: Vec<TokenStream> = match &chain.modes {
        Some(m) => vec![crate::modes::options(chain, m.value.choose, targets)],
        None => chain
            .steps
            .iter()
            .map(|s| effect(&s.value, targets))
            .collect(),
    };
    match &chain.condition {
        Some(c) => {
            let c = crate::vocabulary::condition(&c.value);
            quote!(if fx.holds(#c) { #(#steps)* })
        }
        None => quote!(#(#steps)*),
    }
}

/// One effect as a call on `fx` (one arm per effect, generated from `vocab/vocabulary.toml`).
pub use crate::vocabulary::effect;

/// A target as an engine `Target`; a `target …` choice is numbered and its selector kept.
pub fn target(t: &Target, targets: &mut Targets) -> TokenStream {
    match *t {
        Target::ThisCard => quote!(engine::Target::ThisCard),
        Target::TheBound => quote!(engine::Target::TheBound),
        Target::Chosen {
            kind,
            controller,
            filters,
            other,
            count,
        } => {
            let first = targets.selectors.len();
            targets.phrases.push(first);
            let n = proc_macro2::Literal::u8_unsuffixed(u8::try_from(first).unwrap_or(u8::MAX));
            let s = other_selector(selector(kind, controller, filters), other);
            let Some(count) = count else {
                targets.selectors.push(s);
                return quote!(engine::Target::Chosen(#n));
            };
            // Ruling R82: one selector per permanent it may choose, all the same; the
            // engine chooses them different, `up to` leaving some empty. `support.rs`
            // keeps the count within 1..=8 and the ability within the engine's limit.
            let many = count.value.n.min(cardc_ir::TargetCount::MAX);
            for _ in 0..many {
                targets.selectors.push(s.clone());
            }
            let many = proc_macro2::Literal::u8_unsuffixed(u8::try_from(many).unwrap_or(u8::MAX));
            let up_to = count.value.up_to;
            targets
                .counts
                .push(quote!(engine::TargetCount { first: #n, n: #many, up_to: #up_to }));
            quote!(engine::Target::Several { first: #n, n: #many })
        }
        Target::Each {
            kind,
            controller,
            filters,
            other,
        } => {
            let s = other_selector(selector(kind, controller, filters), other);
            quote!(engine::Target::Each(#s))
        }
        Target::Named(ref name) => {
            let name = string(&name.value);
            quote!(engine::Target::Named(#name))
        }
        // `it`, `that Character`: no new choice, the antecedent's (ruling R73).
        Target::Anaphor {
            antecedent: Antecedent::Target { index, .. },
            ..
        } => {
            let n = proc_macro2::Literal::u8_unsuffixed(
                u8::try_from(targets.antecedent_slot(index)).unwrap_or(u8::MAX),
            );
            quote!(engine::Target::Chosen(#n))
        }
        // `it` in a trigger's effect with no target before it: the event's card (ruling R112).
        Target::Anaphor {
            antecedent: Antecedent::EventSubject { .. },
            ..
        } => quote!(engine::Target::EventCard),
        // `it` for the card whose event it is (`Whenever this card is declared as a garrison,
        // it gets …`): this card (ruling R112).
        Target::Anaphor {
            antecedent: Antecedent::ThisCard { gone: false },
            ..
        } => quote!(engine::Target::ThisCard),
        // The checker rejects every other anaphor (E0222–E0224); fail closed if one slips by.
        Target::Anaphor { .. } => {
            quote!(compile_error!("an anaphor that refers to no target"))
        }
    }
}

/// A player as an engine `Player`. `target player`/`target opponent` are numbered in order of
/// appearance; `its controller`/`its owner` name the `target …` chosen last before them (the
/// checker's `E0190` makes sure there is exactly one), or with none the card the trigger's
/// event is about (ruling R106).
pub fn player(p: Player, targets: &mut Targets) -> TokenStream {
    let chosen = || {
        proc_macro2::Literal::u8_unsuffixed(
            u8::try_from(targets.selectors.len().saturating_sub(1)).unwrap_or(u8::MAX),
        )
    };
    match p {
        Player::You => quote!(engine::Who::You),
        Player::EachPlayer => quote!(engine::Who::Each),
        Player::EachOpponent => quote!(engine::Who::EachOpponent),
        // Ruling R106: with no target before it, the card the trigger's event is about (the
        // checker's `E0190` refuses it anywhere else).
        Player::ItsController if targets.selectors.is_empty() => {
            quote!(engine::Who::ControllerOfEventCard)
        }
        Player::ItsOwner if targets.selectors.is_empty() => quote!(engine::Who::OwnerOfEventCard),
        Player::ItsController => {
            let n = chosen();
            quote!(engine::Who::ControllerOf(#n))
        }
        Player::ItsOwner => {
            let n = chosen();
            quote!(engine::Who::OwnerOf(#n))
        }
        Player::TargetPlayer | Player::TargetOpponent => {
            let n = proc_macro2::Literal::u8_unsuffixed(targets.players);
            targets.players = targets.players.saturating_add(1);
            if p == Player::TargetOpponent {
                quote!(engine::Who::ChosenOpponent(#n))
            } else {
                quote!(engine::Who::Chosen(#n))
            }
        }
    }
}

/// `Selector::new(PermanentKind::…, …)`, or with its filters `Selector { kind, controller,
/// filters: Filters { … } }`.
pub fn selector(
    kind: PermanentKind,
    controller: Option<Controller>,
    filters: cardc_ir::Filters,
) -> TokenStream {
    let kind = vocab(kind);
    let controller = match controller {
        None => quote!(None),
        Some(c) => {
            let c = vocab(c);
            quote!(Some(#c))
        }
    };
    if filters.is_empty() {
        return quote!(engine::Selector::new(#kind, #controller));
    }
    let filters = crate::vocabulary::filters(&filters);
    quote! {
        engine::Selector {
            kind: #kind,
            controller: #controller,
            filters: #filters,
            other: false,
        }
    }
}

/// A target's selector that leaves out the card printing it (`another target …`, `each
/// other …`, ruling R72): `Selector { other: true, ..s }`.
pub fn other_selector(s: TokenStream, other: bool) -> TokenStream {
    if other {
        quote!(engine::Selector { other: true, ..#s })
    } else {
        s
    }
}
