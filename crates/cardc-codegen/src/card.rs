//! One card → the items of its module: a zero-sized struct, one `const FaceData` per
//! face, and an `impl Card` whose bodies are straight-line calls on `Effects`.
//!
//! One function per IR variant: [`face`] for a face, `ability_*` for each kind of
//! ability, and the effect functions in [`crate::effect`].

use crate::effect::{self, Targets};
use crate::ident::CardIdent;
use crate::lit::{num, string, vocab};
use cardc_ir::{
    text, Ability, Activated, Card, CardKind, Face, FaceRole, RedeemCost, Replacement, StatValue,
    Static, Subject, Target, Trigger, Triggered, Twist, Vocabulary, WouldEvent,
};
use proc_macro2::{Ident, Span, TokenStream};
use quote::{format_ident, quote};

/// The items of one card's module.
pub fn card_items(card: &Card, ident: &CardIdent) -> TokenStream {
    let ty = Ident::new(&ident.type_name, Span::call_site());
    let doc = string(&format!(
        " {}",
        crate::lit::code_span(&format!("{} {:?}", card.kind.value, card.name.value))
    ));
    let faces: Vec<FaceOut> = card.faces.iter().map(|f| face(card, f)).collect();
    let consts = faces.iter().map(|f| &f.data);
    let face_arms = ["Prime", "Fallen", "Reversal"].map(|side| {
        let variant = format_ident!("{side}");
        match faces.iter().find(|f| f.side == side) {
            Some(f) => {
                let c = &f.const_name;
                quote!(engine::Face::#variant => ::core::option::Option::Some(&#c),)
            }
            None => quote!(engine::Face::#variant => ::core::option::Option::None,),
        }
    });
    let methods = [
        dispatch(&faces, |f| &f.abilities, quote!(ability)),
        dispatch(&faces, |f| &f.triggers, quote!(trigger)),
        dispatch(&faces, |f| &f.replaces, quote!(replace)),
        play(&faces),
        crate::modes::method(
            &faces
                .iter()
                .flat_map(|f| f.modes.clone())
                .collect::<Vec<_>>(),
        ),
        counts_method(
            &faces
                .iter()
                .flat_map(|f| f.counts.clone())
                .collect::<Vec<_>>(),
        ),
    ];
    quote! {
        use ::cardc_engine as engine;

        #[doc = #doc]
        pub struct #ty;

        #(#consts)*

        impl engine::Card for #ty {
            fn face(
                &self,
                face: engine::Face,
            ) -> ::core::option::Option<&'static engine::FaceData> {
                match face {
                    #(#face_arms)*
                }
            }
            #(#methods)*
        }
    }
}

/// What one face contributes: its `const` and the arms of each behaviour method.
struct FaceOut {
    side: &'static str,
    const_name: Ident,
    data: TokenStream,
    abilities: Vec<(usize, TokenStream)>,
    triggers: Vec<(usize, TokenStream)>,
    replaces: Vec<(usize, TokenStream)>,
    play: TokenStream,
    /// `((face, ModalText::…), ModeData)` of each modal text (ruling R81).
    modes: Vec<(TokenStream, TokenStream)>,
    /// `((face, ModalText::…), &[TargetCount])` of each text with a counted target (R82).
    counts: Vec<(TokenStream, TokenStream)>,
}

/// One face: its `const FaceData` and its behaviour.
fn face(card: &Card, face: &Face) -> FaceOut {
    let (side, const_name) = match face.role {
        FaceRole::Front | FaceRole::Prime => ("Prime", format_ident!("PRIME")),
        FaceRole::Fallen => ("Fallen", format_ident!("FALLEN")),
        FaceRole::Reversal => ("Reversal", format_ident!("REVERSAL")),
    };
    let front = side == "Prime";
    let mut b = Behaviour::default();
    let mut play_targets = Targets::default();
    let mut play = Vec::new();
    for a in &face.abilities {
        match &a.value {
            Ability::Keyword(k) => b.keywords.push(vocab(*k)),
            Ability::Static(s) => b.statics.push(ability_static(s)),
            Ability::Triggered(t) => b.ability_triggered(t),
            Ability::Activated(a) => b.ability_activated(a),
            Ability::Replacement(r) => b.ability_replacement(r),
            Ability::Twist(t) => b.ability_twist(t),
            Ability::Effect(e) => play.push(effect::chain(e, &mut play_targets)),
            Ability::CostChange(c) => b.cost_changes.push(crate::cost_change::cost_change(c)),
        }
    }
    let face_variant = format_ident!("{side}");
    let mut modes: Vec<(TokenStream, TokenStream)> = b
        .modes
        .drain(..)
        .map(|(text, data)| (quote!((engine::Face::#face_variant, #text)), data))
        .collect();
    if let Some(data) = play_targets.take_modes() {
        modes.push((
            quote!((engine::Face::#face_variant, engine::ModalText::Play)),
            data,
        ));
    }
    let mut counts: Vec<(TokenStream, TokenStream)> = b
        .counts
        .drain(..)
        .map(|(text, data)| (quote!((engine::Face::#face_variant, #text)), data))
        .collect();
    if let Some(data) = play_targets.take_counts() {
        counts.push((
            quote!((engine::Face::#face_variant, engine::ModalText::Play)),
            data,
        ));
    }
    let name = string(face.name.as_ref().map_or(&card.name.value, |n| &n.value));
    let kind = kind(card.kind.value, card.is_capital());
    let mut fields = vec![quote!(name: #name,), quote!(kind: #kind,)];
    if face.role == FaceRole::Fallen {
        fields.push(quote!(fallen: true,));
    }
    if front {
        if let Some(c) = &card.cost {
            let c = num(c.value);
            fields.push(quote!(cost: #c,));
        }
        if let Some(v) = &card.votes {
            let v = num(v.value);
            fields.push(quote!(votes: #v,));
        }
        if let Some(s) = &card.speed {
            let s = vocab(s.value);
            fields.push(quote!(speed: ::core::option::Option::Some(#s),));
        }
        if let Some(m) = &card.character_action {
            let m = vocab(m.value);
            fields.push(quote!(character_action: ::core::option::Option::Some(#m),));
        }
    }
    for (key, value) in [("cp", face.cp), ("vox", face.vox), ("attack", face.attack)] {
        if let Some(v) = value {
            let (key, v) = (format_ident!("{key}"), num(v.value));
            fields.push(quote!(#key: #v,));
        }
    }
    for (key, value) in [("rank", face.rank), ("def", face.def)] {
        if let Some(v) = value {
            let (key, v) = (format_ident!("{key}"), stat(v.value));
            fields.push(quote!(#key: ::core::option::Option::Some(#v),));
        }
    }
    if let Some(d) = &face.drives {
        let d = d.value.iter().map(|d| vocab(d.value));
        fields.push(quote!(drives: &[#(#d),*],));
    }
    if let Some(m) = &face.morality {
        let m = vocab(m.value);
        fields.push(quote!(morality: ::core::option::Option::Some(#m),));
    }
    if let Some(p) = &face.penalties {
        let p = p.value.iter().map(|p| {
            let (m, cp) = (vocab(p.morality.value), num(p.amount.value));
            quote!(engine::Penalty { morality: #m, cp: #cp })
        });
        fields.push(quote!(penalties: &[#(#p),*],));
    }
    let lists = [
        ("keywords", &b.keywords),
        ("statics", &b.statics),
        ("abilities", &b.ability_data),
        ("triggers", &b.trigger_data),
        ("replacements", &b.replacement_data),
        ("cost_changes", &b.cost_changes),
    ];
    for (key, list) in lists {
        if !list.is_empty() {
            let key = format_ident!("{key}");
            fields.push(quote!(#key: &[#(#list),*],));
        }
    }
    if let Some(e) = &face.exit {
        let e = vocab(e.value);
        fields.push(quote!(exit: ::core::option::Option::Some(#e),));
    }
    if let Some(r) = &face.redeem {
        let RedeemCost::PayCurrency(n) = r.value;
        let n = num(n);
        fields.push(quote!(redeem_currency: ::core::option::Option::Some(#n),));
    }
    if !play_targets.is_empty() {
        let t = play_targets.slice();
        fields.push(quote!(targets: #t,));
    }
    let sentences = text::face_text(face);
    if !sentences.is_empty() {
        let s = sentences.iter().map(|s| string(s));
        fields.push(quote!(text: &[#(#s),*],));
    }
    if let Some(f) = &face.flavor {
        let f = string(&f.value);
        fields.push(quote!(flavor: ::core::option::Option::Some(#f),));
    }
    let role_doc = string(&format!(" The {} face.", side_title(face.role)));
    let data = quote! {
        #[doc = #role_doc]
        pub const #const_name: engine::FaceData = engine::FaceData {
            #(#fields)*
            ..engine::FaceData::BLANK
        };
    };
    FaceOut {
        side,
        const_name,
        data,
        abilities: b.abilities,
        triggers: b.triggers,
        replaces: b.replaces,
        play: quote!(#(#play)*),
        modes,
        counts,
    }
}

/// `fn counts(&self, face, text)`: one arm per text with a counted `target …` (ruling R82);
/// nothing when the card has none.
fn counts_method(arms: &[(TokenStream, TokenStream)]) -> TokenStream {
    if arms.is_empty() {
        return TokenStream::new();
    }
    let arms = arms.iter().map(|(pat, data)| quote!(#pat => #data,));
    quote! {
        fn counts(
            &self,
            face: engine::Face,
            text: engine::ModalText,
        ) -> &'static [engine::TargetCount] {
            match (face, text) {
                #(#arms)*
                _ => &[],
            }
        }
    }
}

fn side_title(role: FaceRole) -> &'static str {
    match role {
        FaceRole::Front => "front",
        FaceRole::Prime => "Prime",
        FaceRole::Fallen => "Fallen",
        FaceRole::Reversal => "Reversal",
    }
}

/// The data lists and behaviour arms of one face, in printed order.
#[derive(Default)]
struct Behaviour {
    keywords: Vec<TokenStream>,
    statics: Vec<TokenStream>,
    ability_data: Vec<TokenStream>,
    trigger_data: Vec<TokenStream>,
    replacement_data: Vec<TokenStream>,
    abilities: Vec<(usize, TokenStream)>,
    triggers: Vec<(usize, TokenStream)>,
    replaces: Vec<(usize, TokenStream)>,
    /// `(ModalText::…, ModeData)` of each modal ability (ruling R81).
    modes: Vec<(TokenStream, TokenStream)>,
    /// `(ModalText::…, &[TargetCount])` of each ability with a counted target (R82).
    counts: Vec<(TokenStream, TokenStream)>,
    cost_changes: Vec<TokenStream>,
}

impl Behaviour {
    /// `-2 CP: Draw a card.` / `A, Pay N Currency: …`: the costs in the order printed.
    fn ability_activated(&mut self, a: &Activated) {
        let costs = a.costs.iter().map(|c| crate::vocabulary::cost(&c.value));
        let mut targets = Targets::default();
        let body = effect::chain(&a.effect, &mut targets);
        if let Some(data) = targets.take_modes() {
            let i = proc_macro2::Literal::usize_unsuffixed(self.abilities.len());
            self.modes
                .push((quote!(engine::ModalText::Ability(#i)), data));
        }
        if let Some(data) = targets.take_counts() {
            let i = proc_macro2::Literal::usize_unsuffixed(self.abilities.len());
            self.counts
                .push((quote!(engine::ModalText::Ability(#i)), data));
        }
        let t = targets.slice();
        self.ability_data
            .push(quote!(engine::AbilityData { costs: &[#(#costs),*], targets: #t }));
        self.abilities.push((self.abilities.len(), body));
    }

    /// `Whenever <event>, <effect>.`
    fn ability_triggered(&mut self, t: &Triggered) {
        self.trigger(t, false, t.optional);
    }

    /// `Twist: <trigger>` / `Twist (optional): <trigger>`: a triggered ability marked as the
    /// card's Twist, the one text whose `Fall this card` the engine honours on a Character;
    /// an optional one is marked so the engine asks its controller whether to take it (§7.7
    /// route 4).
    fn ability_twist(&mut self, t: &Twist) {
        self.trigger(&t.triggered, true, t.optional || t.triggered.optional);
    }

    fn trigger(&mut self, t: &Triggered, twist: bool, optional: bool) {
        let mut targets = Targets::default();
        let body = effect::chain(&t.effect, &mut targets);
        if let Some(data) = targets.take_modes() {
            let i = proc_macro2::Literal::usize_unsuffixed(self.triggers.len());
            self.modes
                .push((quote!(engine::ModalText::Trigger(#i)), data));
        }
        if let Some(data) = targets.take_counts() {
            let i = proc_macro2::Literal::usize_unsuffixed(self.triggers.len());
            self.counts
                .push((quote!(engine::ModalText::Trigger(#i)), data));
        }
        let when = trigger(t.trigger.value);
        let sel = targets.slice();
        let condition = match &t.condition {
            Some(c) => {
                let c = crate::vocabulary::condition(&c.value);
                quote!(Some(#c))
            }
            None => quote!(None),
        };
        self.trigger_data.push(quote!(engine::TriggerData {
            when: #when,
            targets: #sel,
            optional: #optional,
            twist: #twist,
            condition: #condition,
        }));
        self.triggers.push((self.triggers.len(), body));
    }

    /// `If <would>, <instead> instead.`: data for the engine, plus a `replace` arm when
    /// the replacement is an ordinary effect.
    fn ability_replacement(&mut self, r: &Replacement) {
        let s = would_subject(r.would.value.target());
        let would = match &r.would.value {
            WouldEvent::CountersPlaced(_) => {
                quote!(engine::Would::LiberationCountersBePlacedOn(#s))
            }
            WouldEvent::StoryCountersPlaced(_) => {
                quote!(engine::Would::StoryCountersBePlacedOn(#s))
            }
            WouldEvent::Destroyed(_) => quote!(engine::Would::BeDestroyed(#s)),
            WouldEvent::TakeDamage(_) => quote!(engine::Would::TakeDamage(#s)),
        };
        // The §7.5 form, applied by the engine as data; every other `instead` is an arm of
        // `replace` (ruling R102).
        let story = matches!(
            r.instead.steps.as_slice(),
            [s] if s.value == cardc_ir::Effect::PlaceThatManyStoryCounters { target: Target::ThisCard }
        );
        let instead = if story {
            quote!(engine::Instead::PlaceThatManyStoryCountersOnThisCard)
        } else {
            let mut targets = Targets::default();
            let body = effect::chain(&r.instead, &mut targets);
            self.replaces.push((self.replacement_data.len(), body));
            quote!(engine::Instead::Effect)
        };
        self.replacement_data
            .push(quote!(engine::ReplacementData { would: #would, instead: #instead }));
    }
}

/// The subject of a replacement's `would` clause (`support` has rejected every target
/// the engine cannot watch: a chosen, named or anaphoric one).
fn would_subject(t: &Target) -> TokenStream {
    match *t {
        Target::TheBound => quote!(engine::Subject::TheBound),
        Target::Each {
            kind,
            controller,
            filters,
            other,
        } => {
            let selector = crate::effect::selector(kind, controller, filters);
            quote!(engine::Subject::Group { selector: #selector, other: #other })
        }
        Target::ThisCard | Target::Chosen { .. } | Target::Named(_) | Target::Anaphor { .. } => {
            quote!(engine::Subject::ThisCard)
        }
    }
}

/// `fn ability|trigger|replace(&self, face, index, fx)`: one arm per ability.
fn dispatch(
    faces: &[FaceOut],
    arms: impl Fn(&FaceOut) -> &Vec<(usize, TokenStream)>,
    method: TokenStream,
) -> TokenStream {
    let arms: Vec<TokenStream> = faces
        .iter()
        .flat_map(|f| {
            let side = format_ident!("{}", f.side);
            arms(f).iter().map(move |(i, body)| {
                let i = proc_macro2::Literal::usize_unsuffixed(*i);
                quote!((engine::Face::#side, #i) => { #body })
            })
        })
        .collect();
    if arms.is_empty() {
        return TokenStream::new();
    }
    let body = single_or_match(quote!((face, index)), arms);
    quote! {
        fn #method(&self, face: engine::Face, index: usize, fx: &mut dyn engine::Effects) {
            #body
        }
    }
}

/// `fn play(&self, face, fx)`: a Maneuver's or a Reversal's text.
fn play(faces: &[FaceOut]) -> TokenStream {
    let arms: Vec<TokenStream> = faces
        .iter()
        .filter(|f| !f.play.is_empty())
        .map(|f| {
            let (side, body) = (format_ident!("{}", f.side), &f.play);
            quote!(engine::Face::#side => { #body })
        })
        .collect();
    if arms.is_empty() {
        return TokenStream::new();
    }
    let body = single_or_match(quote!(face), arms);
    quote! {
        fn play(&self, face: engine::Face, fx: &mut dyn engine::Effects) {
            #body
        }
    }
}

/// `if let PAT = x { … }` for one arm (what clippy asks for), else a `match`.
fn single_or_match(scrutinee: TokenStream, arms: Vec<TokenStream>) -> TokenStream {
    if let [arm] = arms.as_slice() {
        let arm: syn::Arm = match syn::parse2(arm.clone()) {
            Ok(arm) => arm,
            Err(_) => return quote!(match #scrutinee { #arm _ => {} }),
        };
        let (pat, body) = (arm.pat, arm.body);
        return quote!(if let #pat = #scrutinee #body);
    }
    quote! {
        match #scrutinee {
            #(#arms)*
            _ => {}
        }
    }
}

/// The engine's card type of a face: `engine::Kind::Spacecraft { capital: true }`.
fn kind(kind: CardKind, capital: bool) -> TokenStream {
    let variant = format_ident!("{}", kind.variant());
    match kind {
        CardKind::Spacecraft => quote!(engine::Kind::Spacecraft { capital: #capital }),
        _ => quote!(engine::Kind::#variant),
    }
}

fn stat(v: StatValue) -> TokenStream {
    match v {
        StatValue::X => quote!(engine::StatValue::X),
        StatValue::Num(n) => {
            let n = num(n);
            quote!(engine::StatValue::Num(#n))
        }
    }
}

/// `+1 RK.` / `The Bound gets -2 DEF.`
fn ability_static(s: &Static) -> TokenStream {
    let subject = match s.subject.value {
        Subject::ThisCard => quote!(engine::Subject::ThisCard),
        Subject::TheBound => quote!(engine::Subject::TheBound),
        Subject::Group {
            other,
            kind,
            controller,
            filters,
        } => {
            let selector = crate::effect::selector(kind, controller, filters);
            quote!(engine::Subject::Group { selector: #selector, other: #other })
        }
    };
    let kind = crate::vocabulary::static_kind(&s.kind.value);
    let condition = match &s.condition {
        Some(c) => {
            let c = crate::vocabulary::condition(&c.value);
            quote!(Some(#c))
        }
        None => quote!(None),
    };
    quote!(engine::Static { subject: #subject, kind: #kind, condition: #condition })
}

/// The engine's trigger for an IR trigger.
fn trigger(t: Trigger) -> TokenStream {
    let event = match t {
        Trigger::StartOfYourTurn => return quote!(engine::Trigger::StartOfYourTurn),
        Trigger::Whenever(e) | Trigger::When(e) | Trigger::At(e) => e,
    };
    crate::vocabulary::event(event)
}

/// The engine's subject for what an event is about: a group or the Bound (ruling R80).
pub(crate) fn event_subject(s: cardc_ir::EventSubject) -> TokenStream {
    match s {
        cardc_ir::EventSubject::Group(g) => {
            let g = group(g);
            quote!(engine::EventSubject::Group(#g))
        }
        cardc_ir::EventSubject::TheBound => quote!(engine::EventSubject::TheBound),
        cardc_ir::EventSubject::Named(name) => {
            let name = crate::lit::string(name.as_str());
            quote!(engine::EventSubject::Named(#name))
        }
    }
}

/// The engine's group for the group an event is about (`a Character you control`).
pub(crate) fn group(g: cardc_ir::Group) -> TokenStream {
    let selector = crate::effect::selector(g.kind, g.controller, g.filters);
    let other = g.other;
    quote!(engine::Group { selector: #selector, other: #other })
}
