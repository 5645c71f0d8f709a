//! The AST each construct produces: the contract with lowering.

use cardc_diagnostics::FileId;
use cardc_syntax::*;

fn sentence(s: &str) -> SentenceKind {
    let src = format!("maneuver \"T\" {{ text {{ {s} }} }}");
    let (ast, diags) = parse(FileId(0), &src);
    assert!(diags.is_empty(), "{s}: {diags:?}");
    let Item::Text(t) = &ast.cards[0].items[0] else {
        panic!("a text block")
    };
    assert_eq!(t.sentences.len(), 1);
    let sent = &t.sentences[0];
    assert_eq!(
        &src[sent.span.range()],
        s,
        "the sentence span covers the sentence and its `.`"
    );
    sent.kind.clone()
}

fn effect(s: &str) -> EffectKind {
    match sentence(s) {
        SentenceKind::Effect(e) => e.kind,
        other => panic!("{s}: not an effect: {other:?}"),
    }
}

#[test]
fn keywords_and_statics() {
    assert!(matches!(sentence("Confluence."), SentenceKind::Keyword(w) if w.value == "Confluence"));
    let SentenceKind::Static(st) = sentence("+1 RK.") else {
        panic!()
    };
    assert!(st.subject.is_none());
    let StaticKind::Bonus { amount, stat } = st.kind.value else {
        panic!("`+1 RK.` is a bonus")
    };
    assert_eq!((amount.value.as_str(), stat.value.as_str()), ("+1", "RK"));
    // A prohibition (ruling R84): the subject before its verb, or after the phrase.
    let SentenceKind::Static(st) = sentence("This card cannot be declared as a Liberation target.")
    else {
        panic!()
    };
    assert_eq!(st.subject.map(|s| s.value), Some(Subject::ThisCard));
    assert_eq!(st.kind.value, StaticKind::NotDeclared);
    let SentenceKind::Static(st) = sentence("Liberation counters can't be removed from the Bound.")
    else {
        panic!()
    };
    assert_eq!(st.subject.map(|s| s.value), Some(Subject::TheBound));
    assert_eq!(st.kind.value, StaticKind::KeepsCounters);
    let SentenceKind::Static(st) = sentence("The Bound gets +2 DEF.") else {
        panic!()
    };
    assert_eq!(st.subject.map(|s| s.value), Some(Subject::TheBound));
    let SentenceKind::Static(st) = sentence("Characters you control get +1 DEF.") else {
        panic!()
    };
    let Some(Subject::Group {
        other,
        kind,
        controller,
        ..
    }) = st.subject.map(|s| s.value)
    else {
        panic!()
    };
    assert!(!other);
    assert_eq!(kind.value, "Characters");
    assert_eq!(controller.map(|c| c.value), Some(Controller::You));
    let SentenceKind::Static(st) = sentence("Other Ground Units you control get +1 DEF.") else {
        panic!()
    };
    let Some(Subject::Group { other, kind, .. }) = st.subject.map(|s| s.value) else {
        panic!()
    };
    assert!(other);
    assert_eq!(kind.value, "Ground Units");
}

#[test]
fn triggers_and_events() {
    let SentenceKind::Trigger(t) =
        sentence("Whenever this card liberates another card, gain 1 CP.")
    else {
        panic!()
    };
    assert!(
        matches!(t.condition.value, Condition::Whenever(e) if e.value == Event::ThisLiberatesAnotherCard)
    );
    assert!(
        matches!(t.effect.kind, EffectKind::GainCp(ref n) if n.value == cardc_syntax::Amount::Number("1".into()))
    );
    let cases = [
        (
            "this card is destroyed in combat",
            Event::ThisIsDestroyedInCombat,
        ),
        (
            "this card is destroyed by a card an opponent controls",
            Event::ThisIsDestroyedByAnOpponentsCard,
        ),
        ("this card is destroyed", Event::ThisIsDestroyed),
        (
            "this card destroys a permanent in combat",
            Event::ThisDestroysAPermanentInCombat,
        ),
        (
            "this card destroys a permanent",
            Event::ThisDestroysAPermanent,
        ),
        (
            "a card you control destroys a permanent",
            Event::ACardYouControlDestroysAPermanent,
        ),
        (
            "a Liberation an opponent declared destroys a permanent you control",
            Event::AnOpponentsLiberationDestroysYourPermanent,
        ),
        ("this card takes damage", Event::ThisTakesDamage),
        ("this card Falls", Event::ThisFalls),
    ];
    for (text, want) in cases {
        let SentenceKind::Trigger(t) = sentence(&format!("When {text}, draw a card.")) else {
            panic!("{text}")
        };
        assert!(
            matches!(t.condition.value, Condition::When(e) if e.value == want),
            "{text}"
        );
    }
    let SentenceKind::Trigger(t) = sentence("At the start of your turn, draw 2 cards.") else {
        panic!()
    };
    assert_eq!(t.condition.value, Condition::StartOfYourTurn);
    assert!(
        matches!(t.effect.kind, EffectKind::Draw { count: a, .. } if a.value == Amount::Number("2".into()))
    );
}

#[test]
fn abilities_twists_and_replacements() {
    let SentenceKind::Activated(a) = sentence("-2 CP: Draw a card.") else {
        panic!()
    };
    assert!(matches!(&a.costs[..], [c] if matches!(&c.value, Cost::Cp(n) if n.value == "-2")));
    assert!(matches!(a.effect.kind, EffectKind::Draw { count: n, .. } if n.value == Amount::One));
    let SentenceKind::Activated(a) =
        sentence("A, Pay 1 Currency: Ready target Ground Unit you control.")
    else {
        panic!()
    };
    assert!(matches!(&a.costs[0].value, Cost::Activate));
    assert!(matches!(&a.costs[1].value, Cost::PayCurrency(n) if n.value == "1"));
    let SentenceKind::Activated(many) = sentence(
        "-1 CP, Pay 2 Currency, Discard a card, Destroy this card, Remove 2 Liberation counters from this card, Activate another Ground Unit you control: Draw a card.",
    ) else {
        panic!()
    };
    let names: Vec<&str> = many
        .costs
        .iter()
        .map(|c| match &c.value {
            Cost::Activate => "A",
            Cost::Cp(_) => "CP",
            Cost::PayCurrency(_) => "Pay",
            Cost::Discard(n) if n.value == Amount::One => "Discard",
            Cost::Discard(_) => "Discard N",
            Cost::DestroyThisCard => "Destroy",
            Cost::RemoveLiberationCounters(_) => "Remove",
            Cost::RemoveStoryCounters(_) => "Remove Story",
            Cost::ActivateAnother(k) if k.value == "Ground Unit" => "Activate",
            Cost::ActivateAnother(_) => "Activate ?",
            Cost::ActivateOne(_) => "Activate a",
            Cost::ActivateSeveral { .. } => "Activate N",
        })
        .collect();
    assert_eq!(
        names,
        ["CP", "Pay", "Discard", "Destroy", "Remove", "Activate"]
    );
    let SentenceKind::Activated(two) =
        sentence("Activate two Ground Units you control: Draw a card.")
    else {
        panic!()
    };
    assert!(matches!(
        &two.costs[..],
        [c] if matches!(&c.value, Cost::ActivateSeveral { n, kind } if n.value == "two" && kind.value == "Ground Units")
    ));
    let SentenceKind::Activated(one) =
        sentence("Activate a Ground Unit you control: Gain 1 Currency.")
    else {
        panic!()
    };
    assert!(matches!(
        &one.costs[..],
        [c] if matches!(&c.value, Cost::ActivateOne(k) if k.value == "Ground Unit")
    ));
    let EffectKind::Ready(t) = a.effect.kind else {
        panic!()
    };
    let Target::Chosen {
        kind, controller, ..
    } = t.value
    else {
        panic!()
    };
    assert_eq!(kind.value, "Ground Unit");
    assert_eq!(controller.map(|c| c.value), Some(Controller::You));

    let SentenceKind::Twist(t) =
        sentence("Twist (optional): When this card takes damage, Fall this card.")
    else {
        panic!()
    };
    assert!(t.optional.is_some());
    let SentenceKind::Trigger(inner) = t.sentence.kind else {
        panic!()
    };
    assert!(matches!(inner.effect.kind, EffectKind::Fall(t) if t.value == Target::ThisCard));

    let SentenceKind::Replacement(r) = sentence(
        "If Liberation counters would be placed on the Bound, place that many Story counters on this card instead.",
    ) else {
        panic!()
    };
    let WouldEvent::CountersPlaced { counter, target } = r.event.value else {
        panic!()
    };
    assert_eq!(
        (counter.value.as_str(), target.value),
        ("Liberation", Target::TheBound)
    );
    let EffectKind::PlaceCounters {
        amount,
        counter,
        target,
    } = r.effect.kind
    else {
        panic!()
    };
    assert_eq!(
        (amount.value, counter.value.as_str(), target.value),
        (Amount::ThatMany, "Story", Target::ThisCard)
    );
}

#[test]
fn effects_and_targets() {
    assert!(matches!(
        effect("Target Character loses 2 CP."),
        EffectKind::TargetLosesCp { .. }
    ));
    assert!(matches!(
        effect("Pay 2 Currency."),
        EffectKind::PayCurrency { .. }
    ));
    assert!(matches!(
        effect("Gain 2 Story Points."),
        EffectKind::GainStoryPoints { .. }
    ));
    assert!(matches!(effect("Lose 1 CP."), EffectKind::LoseCp(_)));
    let EffectKind::DealDamage { target, .. } =
        effect("Deal 1 damage to each Ground Unit an opponent controls.")
    else {
        panic!()
    };
    let Target::Each {
        kind, controller, ..
    } = target.value
    else {
        panic!()
    };
    assert_eq!(kind.value, "Ground Unit");
    assert_eq!(controller.map(|c| c.value), Some(Controller::Opponent));
    let EffectKind::Then(parts) =
        effect("Gain 1 CP, then draw a card, then destroy target permanent.")
    else {
        panic!()
    };
    assert_eq!(parts.len(), 3);
    assert!(
        matches!(&parts[2].kind, EffectKind::Destroy(t) if matches!(&t.value, Target::Chosen { kind, .. } if kind.value == "permanent"))
    );
    // A misspelt kind reaches lowering as written.
    let EffectKind::Destroy(t) = effect("Destroy target Charcter.") else {
        panic!()
    };
    assert!(matches!(t.value, Target::Chosen { kind, .. } if kind.value == "Charcter"));
}

/// The card name a named target holds, and the source text its span covers.
fn named(src_sentence: &str, t: &Spanned<Target>) -> (String, String) {
    let src = format!("maneuver \"T\" {{ text {{ {src_sentence} }} }}");
    let Target::Named(name) = &t.value else {
        panic!("{src_sentence}: not a named target: {t:?}")
    };
    (name.value.clone(), src[name.span.range()].to_owned())
}

#[test]
fn named_targets_in_every_target_slot() {
    let s = "Ready \"Dockside Agitators\".";
    let EffectKind::Ready(t) = effect(s) else {
        panic!()
    };
    assert_eq!(
        named(s, &t),
        (
            "Dockside Agitators".to_owned(),
            "\"Dockside Agitators\"".to_owned()
        ),
        "the name is unescaped; its span covers the quotes"
    );
    let s = "Deal 1 damage to \"Tamsin Vey\".";
    let EffectKind::DealDamage { target, .. } = effect(s) else {
        panic!()
    };
    assert_eq!(named(s, &target).0, "Tamsin Vey");
    let s = "\"Tamsin Vey\" loses 2 CP.";
    let EffectKind::TargetLosesCp { target, amount } = effect(s) else {
        panic!()
    };
    assert_eq!(
        (named(s, &target).0.as_str(), amount.value),
        ("Tamsin Vey", cardc_syntax::Amount::Number("2".into()))
    );
    let s = "Place 1 Liberation counter on \"Pier Nine\".";
    let EffectKind::PlaceCounters { target, .. } = effect(s) else {
        panic!()
    };
    assert_eq!(named(s, &target).0, "Pier Nine");
    let s = "Remove 1 Liberation counter from \"Pier Nine\".";
    let EffectKind::RemoveCounters { target, .. } = effect(s) else {
        panic!()
    };
    assert_eq!(named(s, &target).0, "Pier Nine");
    let s = "Destroy \"Picket Lantern\".";
    let EffectKind::Destroy(t) = effect(s) else {
        panic!()
    };
    assert_eq!(named(s, &t).0, "Picket Lantern");
    // Escapes read as in card names; a `.` inside the quotes does not end the sentence.
    let s = r#"Destroy "The \"Quiet\" Audit. Vol \\2"."#;
    let EffectKind::Destroy(t) = effect(s) else {
        panic!()
    };
    assert_eq!(named(s, &t).0, r#"The "Quiet" Audit. Vol \2"#);
    // In a replacement's would-event, and after `, then`.
    let SentenceKind::Replacement(r) =
        sentence("If \"Pier Nine\" would be destroyed, pay 1 Currency instead.")
    else {
        panic!()
    };
    assert!(
        matches!(&r.event.value, WouldEvent::Destroyed(t) if matches!(&t.value, Target::Named(n) if n.value == "Pier Nine"))
    );
    let EffectKind::Then(parts) = effect("Draw a card, then ready \"Pier Nine Stevedores\".")
    else {
        panic!()
    };
    assert!(
        matches!(&parts[1].kind, EffectKind::Ready(t) if matches!(&t.value, Target::Named(n) if n.value == "Pier Nine Stevedores"))
    );
}

#[test]
fn a_bad_escape_in_a_named_target_is_reported() {
    let src = r#"maneuver "T" { text { Destroy "Pier \q Nine". Draw a card. } }"#;
    let (ast, diags) = parse(FileId(0), src);
    assert_eq!(diags.len(), 1, "{diags:?}");
    assert_eq!(diags[0].code, "E0002");
    assert_eq!(&src[diags[0].primary.span.range()], "\\q");
    let Item::Text(t) = &ast.cards[0].items[0] else {
        panic!("a text block")
    };
    assert_eq!(t.sentences.len(), 2, "the sentence is still read");
}

#[test]
fn cards_fields_faces_and_comments() {
    let src = "# top\ncharacter \"Mara \\\"M\\\" Voss\" {\n    penalties -1 CP Expedient,\n      -3 CP Ruthless  # two\n    rank X\n    fallen \"Hollow\" { exit Selfless Sacrifice }\n}\n";
    let (ast, diags) = parse(FileId(0), src);
    assert!(diags.is_empty(), "{diags:?}");
    let card = &ast.cards[0];
    assert_eq!(card.kind.value, "character");
    assert_eq!(card.name.value, "Mara \"M\" Voss");
    assert_eq!(&src[card.span.range()], &src[6..src.len() - 1]);
    let Item::Field(f) = &card.items[0] else {
        panic!()
    };
    assert_eq!(f.key.value, "penalties");
    assert_eq!(f.args.len(), 2);
    let atoms: Vec<_> = f.args[1].atoms.iter().map(|a| a.value.clone()).collect();
    assert_eq!(
        atoms,
        [
            Atom::Int("-3".into()),
            Atom::Word("CP".into()),
            Atom::Word("Ruthless".into())
        ]
    );
    assert_eq!(&src[f.args[1].atoms[0].span.range()], "-3");
    let Item::Field(rank) = &card.items[1] else {
        panic!()
    };
    assert_eq!(rank.args[0].atoms[0].value, Atom::X);
    let Item::Face(face) = &card.items[2] else {
        panic!()
    };
    assert_eq!(
        (
            face.key.value.as_str(),
            face.name.as_ref().map(|n| n.value.as_str())
        ),
        ("fallen", Some("Hollow"))
    );
    assert_eq!(ast.comments.len(), 2);
    assert_eq!(&src[ast.comments[1].span.range()], "# two");
}

#[test]
fn a_bad_sentence_does_not_hide_the_next() {
    let src = "maneuver \"M\" { text { Drawe a card. Draw a card. Blorp zap. Gain 1 CP. } }";
    let (ast, diags) = parse(FileId(0), src);
    assert_eq!(
        diags.iter().map(|d| d.code).collect::<Vec<_>>(),
        ["E0021", "E0021"]
    );
    let Item::Text(t) = &ast.cards[0].items[0] else {
        panic!()
    };
    assert_eq!(t.sentences.len(), 2);
}
