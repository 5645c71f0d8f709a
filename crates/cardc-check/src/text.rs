//! Rules text: which abilities a card kind may print (§7.3), where `Fall` may appear
//! (§7.7), what effects may target (§7.3, §7.9, §12.3), keywords (§12.3), triggers that
//! can never fire (§12.2, §7.7) and triggers that expect combat and Liberation to mix
//! (§7.5, §12.8; warnings).
//!
//! A named target (`Destroy "Picket Lantern".`) is looked up in the set once per use
//! (`E0171`), must name a permanent (`E0172`), and is then checked against the kind of
//! the card it names with the same codes as `target <kind>`. It has no controller, so
//! the §12.3 check on `you control` does not apply to it.

use crate::codes::*;
use crate::report::{self, FaceName};
use crate::set::Names;
use crate::stats::prints_rank;
use cardc_diagnostics::{Diagnostic, Span};
use cardc_ir::Antecedent;
use cardc_ir::{
    Ability, BonusStat, Card, CardKind, Condition, ConditionNeeds, Controller, CostMarks, Duration,
    Effect, EffectChain, Event, EventNeeds, Face, FaceRole, Keyword, KeywordOn, Loc, PermanentKind,
    Player, Quantity, Speed, Static, Subject, Target, TargetNeeds, Trigger, WouldEvent,
};

/// One face being read: the card, the face, how messages name them, and the set's
/// names for named targets.
struct Ctx<'a> {
    card: &'a Card,
    face: &'a Face,
    kind: CardKind,
    who: FaceName<'a>,
    names: &'a Names<'a>,
}

impl Ctx<'_> {
    /// Whether this card can ever flip to a Fallen face.
    fn can_fall(&self) -> bool {
        self.kind == CardKind::Character
            || (self.kind.is_permanent() && self.card.face(FaceRole::Fallen).is_some())
    }

    /// Whether this face can ever be Activated (ruling R46): a Character or Ground Unit (a
    /// liberator or defender, §12.2, §12.4), or a permanent whose face prints an `A` ability
    /// (§7.3).
    fn can_be_activated(&self) -> bool {
        matches!(self.kind, CardKind::Character | CardKind::GroundUnit)
            || (self.kind.is_permanent()
                && self
                    .face
                    .abilities
                    .iter()
                    .any(|a| matches!(&a.value, Ability::Activated(a) if a.marks() == Some(CostMarks::Activated))))
    }
}

/// Runs every check of this module on one card.
pub(crate) fn check(card: &Card, names: &Names<'_>, out: &mut Vec<Diagnostic>) {
    for face in &card.faces {
        let cx = Ctx {
            card,
            face,
            kind: card.kind.value,
            who: report::face(card, face),
            names,
        };
        for ability in &face.abilities {
            check_ability(&cx, ability, out);
        }
    }
}

fn check_ability(cx: &Ctx, ability: &Loc<cardc_ir::Ability>, out: &mut Vec<Diagnostic>) {
    never_played(cx, ability, out);
    liberation_duration(cx, &ability.value, out);
    liberation_condition(cx, &ability.value, out);
    liberation_nouns(cx, &ability.value, out);
    crate::effects::check(cx.card, cx.who, ability, out);
    crate::quantities::check(cx.card, cx.who, ability, out);
    crate::filters::check(cx.who, ability, out);
    crate::targets::check(cx.card, cx.kind, cx.who, ability, out);
    crate::bands::check(cx.card, cx.kind, cx.who, ability, out);
    crate::modes::check(cx.who, ability, out);
    crate::counts::check(cx.who, ability, out);
    match &ability.value {
        Ability::Keyword(k) => keyword(cx, *k, ability.span, out),
        Ability::Static(s) => {
            static_bonus(cx, s, ability.span, out);
            // Ruling R84: a prohibition whose subject can never be what it forbids.
            crate::prohibitions::check(cx.card, cx.who, s, ability.span, out);
        }
        Ability::Triggered(t) => {
            trigger(cx, &t.trigger, &t.effect, out);
            if let Some(c) = &t.condition {
                condition(cx, c, out);
            }
            crate::group_events::check(cx.card, cx.face, cx.kind, cx.who, &t.trigger, out);
            if let Some(cardc_ir::EventSubject::Named(name)) =
                t.trigger.value.event().and_then(|e| e.subject())
            {
                let at = t.named.map_or(t.trigger.span, |n| n.span);
                named_event(cx, name, &t.trigger, at, out);
            }
            chain(cx, &t.effect, false, about_card(t.trigger.value), out);
        }
        Ability::Activated(a) => {
            crate::costs::check(cx.card, cx.face, cx.who, a, ability.span, out);
            chain(cx, &a.effect, false, false, out);
        }
        Ability::Replacement(r) => {
            if cx.kind == CardKind::Maneuver {
                replacement_on_maneuver(cx, ability.span, out);
            }
            let t = r.would.value.target();
            bound(cx, t, r.would.span, out);
            named(cx, t, out);
            if matches!(r.would.value, WouldEvent::TakeDamage(_)) {
                damage_meets_liberation(cx, r.would.span, &r.instead, out);
            }
            chain(cx, &r.instead, false, false, out);
        }
        Ability::Twist(t) => {
            trigger(cx, &t.triggered.trigger, &t.triggered.effect, out);
            if let Some(c) = &t.triggered.condition {
                condition(cx, c, out);
            }
            chain(
                cx,
                &t.triggered.effect,
                true,
                about_card(t.triggered.trigger.value),
                out,
            );
        }
        Ability::Effect(e) => chain(cx, e, false, false, out),
        Ability::CostChange(_) => crate::cost_change::check(cx.card, cx.face, cx.who, ability, out),
    }
}

/// A replacement watches for as long as its card is on the Map (rulings R102–R104); a
/// Maneuver never is, so one printed there never applies (`E0253`).
fn replacement_on_maneuver(cx: &Ctx, span: Span, out: &mut Vec<Diagnostic>) {
    out.push(
        Diagnostic::error(
            REPLACEMENT_NEVER_ON_MAP,
            span,
            format!("{}: a replacement on a Maneuver never applies", cx.who),
        )
        .with_label("a Maneuver is never on the Map for this to watch")
        .with_note("a replacement applies while its card is on the Map (ruling R102); a Maneuver resolves its text when played and is gone")
        .with_help("print it on a permanent, or write the effect alone, as what the Maneuver does when played"),
    );
}

/// Fail closed: text the engine never resolves is an error, not silence (ruling R17 and
/// R31). A bare effect is what a Maneuver does when played and what a Storyline's Reversal
/// does as it reverses; on a permanent, or on a Storyline's front face, nothing ever
/// resolves it. A Maneuver resolves and is gone, so a trigger or a Twist on it never
/// fires; a Reversal is resolved once, so a trigger, static, keyword or replacement there
/// never applies. (Statics, keywords, replacements and costs misplaced elsewhere have
/// their own codes: `E0153`, `E0154`, `E0130`, `E0131`.)
fn never_played(cx: &Ctx, ability: &Loc<Ability>, out: &mut Vec<Diagnostic>) {
    let reversal = cx.face.role == FaceRole::Reversal;
    let storyline = cx.kind == CardKind::Storyline;
    let (label, note, help) = match &ability.value {
        Ability::Effect(_) if cx.kind.is_permanent() => (
            format!("{} never resolves a bare effect", report::a_kind(cx.card)),
            "a bare effect is what a Maneuver does when played, or a Storyline's Reversal as it reverses; a permanent's text needs a trigger, a cost or a static to be played (ruling R31)",
            if cx.kind == CardKind::Character {
                "give it a trigger (`Whenever this card is destroyed, …`) or a cost (`A: …`, `-1 CP: …`)"
            } else {
                "give it a trigger (`Whenever this card is destroyed, …`, `At the start of your turn, …`) or a cost (`A, Pay 1 Currency: …`)"
            },
        ),
        Ability::Effect(_) if storyline && !reversal => (
            "a Storyline's front face is never resolved".to_string(),
            "only a Storyline's Reversal text is resolved, as it reverses (ruling R17)",
            "move it into the `reversal` face, or give it a trigger (`At the start of your turn, …`)",
        ),
        Ability::Triggered(_) | Ability::Twist(_) if cx.kind == CardKind::Maneuver => (
            "a Maneuver is never on the Map for this to fire".to_string(),
            "a Maneuver resolves its text when played and is gone; its triggers never fire (ruling R31)",
            "write the effect alone, as what the Maneuver does when played",
        ),
        Ability::Triggered(_)
        | Ability::Twist(_)
        | Ability::Static(_)
        | Ability::Keyword(_)
        | Ability::Replacement(_)
            if reversal =>
        {
            (
                "a Reversal's text is resolved once, as its Storyline reverses".to_string(),
                "a Reversal face plays only its effects, once (ruling R17); a trigger, static, keyword or replacement there never applies",
                "move it to the Storyline's front face, or write it as an effect",
            )
        }
        _ => return,
    };
    out.push(
        Diagnostic::error(
            NEVER_PLAYED,
            ability.span,
            format!("{}: text that is never played", cx.who),
        )
        .with_label(label)
        .with_note(note)
        .with_help(help),
    );
}

/// §12.3: Indoctrinated only where a card could be declared; Fortified only on a unit: each
/// keyword where its row's `on` allows it (`Keyword::on`), citing its row's `note`.
fn keyword(cx: &Ctx, k: Keyword, span: Span, out: &mut Vec<Diagnostic>) {
    let on = k.on();
    let why = (!on.allows(cx.kind)).then(|| {
        let label = match on {
            KeywordOn::Rank => format!(
                "{} has no Rank and is never a Liberation target",
                report::a_kind(cx.card)
            ),
            KeywordOn::Unit => format!(
                "{} is not a unit a Location can host",
                report::a_kind(cx.card)
            ),
            KeywordOn::Permanent => {
                format!(
                    "{} is never a permanent on the Map",
                    report::a_kind(cx.card)
                )
            }
        };
        (label, k.note())
    });
    if let Some((label, note)) = why {
        out.push(
            Diagnostic::error(
                KEYWORD_WRONG_KIND,
                span,
                format!("{}: {k} on {}", cx.who, report::a_kind(cx.card)),
            )
            .with_label(label)
            .with_note(note)
            .with_help(format!("remove `{k}.`; it would do nothing here")),
        );
    }
}

/// §7.5: DEF and RK statics belong to permanents that have the stat.
fn static_bonus(cx: &Ctx, s: &Static, span: Span, out: &mut Vec<Diagnostic>) {
    // The stat the row needs its subject to print (`needs = "stat"` in the table).
    let stat = s.kind.value.stat();
    let why = match s.subject.value {
        Subject::TheBound => {
            bound(cx, &Target::TheBound, s.subject.span, out);
            None
        }
        Subject::ThisCard if !cx.kind.is_permanent() => Some(format!(
            "{} is not a permanent and has no DEF or Rank",
            report::a_kind(cx.card)
        )),
        Subject::ThisCard if stat == Some(BonusStat::Rank) && !prints_rank(cx.kind) => {
            Some(format!("{} prints no Rank", report::a_kind(cx.card)))
        }
        Subject::Group { .. } if cx.kind == CardKind::Maneuver => {
            Some("a Maneuver resolves once and is gone; its static would never apply".to_owned())
        }
        Subject::Group { kind, .. }
            if stat == Some(BonusStat::Rank) && kind.has_rank() == Some(false) =>
        {
            Some(format!("{} print no Rank", kind.plural()))
        }
        Subject::Group { kind, .. }
            if stat == Some(BonusStat::Def)
                && matches!(
                    kind,
                    PermanentKind::SurfaceLocation
                        | PermanentKind::PlanetaryLocation
                        | PermanentKind::Homeworld
                ) =>
        {
            Some(format!(
                "{} are never in combat, so DEF does nothing for them (assumption A7)",
                kind.plural()
            ))
        }
        _ => None,
    };
    if let Some(label) = why {
        out.push(
            Diagnostic::error(
                STATIC_NOT_PERMANENT,
                span,
                match stat {
                    Some(stat) => format!("{}: a {stat} bonus with nothing to apply to", cx.who),
                    None => format!("{}: a static with nothing to apply to", cx.who),
                },
            )
            .with_label(label)
            .with_note("§7.5: DEF and RK bonuses and penalties apply to permanents on the Map that print the stat")
            .with_help("remove the sentence, or give the bonus to a subject that has the stat"),
        );
    }
    if let Some(c) = &s.condition {
        // The condition is about the card printing the static (R70): CP, counters, Rank
        // and garrisons it can never have are E0151, E0152 and E0180, as on a trigger.
        condition(cx, c, out);
        if stat == Some(BonusStat::Rank) && c.value.needs() == Some(ConditionNeeds::Rank) {
            out.push(
                Diagnostic::error(
                    RANK_STATIC_READS_RANK,
                    c.span,
                    format!("{}: an RK static that depends on a Rank", cx.who),
                )
                .with_label("the Rank this reads includes the RK statics, this one among them")
                .with_note("ruling R70: a condition that reads Rank never lets an RK static apply; the engine would never apply this one (§7.5, ruling R14)")
                .with_help("give the bonus to DEF, or write a condition that does not read Rank, e.g. `this card has no Liberation counters on it`"),
            );
        }
    }
}

/// Triggers that can never fire (§12.2, §7.7) and triggers that expect combat and
/// Liberation to mix (§12.8).
fn trigger(cx: &Ctx, trigger: &Loc<Trigger>, effect: &EffectChain, out: &mut Vec<Diagnostic>) {
    let Some(event) = trigger.value.event() else {
        return;
    };
    let never = match event.needs() {
        Some(EventNeeds::Liberator)
            if !matches!(cx.kind, CardKind::Character | CardKind::GroundUnit) =>
        {
            Some((
                format!("{} is never Activated as a liberator", report::a_kind(cx.card)),
                "§12.2: the active player Activates Characters and Ground Units as liberators",
                "move the ability to a Character or Ground Unit, or key it to `a card you control destroys a permanent`",
            ))
        }
        Some(EventNeeds::Fall) if !cx.can_fall() => Some((
            format!("{} has no Fallen face to flip to", report::a_kind(cx.card)),
            "§7.7: a Character Falls to its Fallen face; non-Character permanents flip only to a Fallen face they print",
            "remove the ability, or give the card a `fallen` face",
        )),
        Some(EventNeeds::Deploy)
            if !matches!(
                cx.kind,
                CardKind::Character | CardKind::GroundUnit | CardKind::Spacecraft | CardKind::Device
            ) =>
        {
            Some((
                format!("{} is never deployed from hand", report::a_kind(cx.card)),
                "§7.11, ruling R45: Characters, Ground Units, Spacecraft and Devices are deployed from hand; Locations and Homeworlds begin on the Map, Maneuvers and Storylines are played",
                "move the ability to a card that is deployed, or key it to `At the start of your turn`",
            ))
        }
        Some(EventNeeds::Activate) if !cx.can_be_activated() => Some((
            format!(
                "{} is never Activated: it is not a Character or Ground Unit and this face prints no `A` ability",
                report::a_kind(cx.card)
            ),
            "§7.3, §12.2, §12.4, ruling R46: a card is Activated by an `A` ability it prints, or as a liberator or defender (Characters and Ground Units)",
            "give the face an `A, …:` ability, or move the ability to a Character or Ground Unit",
        )),
        Some(EventNeeds::Defend)
            if !matches!(cx.kind, CardKind::Character | CardKind::GroundUnit) =>
        {
            Some((
                format!("{} is never a defender or a garrison", report::a_kind(cx.card)),
                "§12.4, ruling R76: the defending player Activates Characters and Ground Units as defenders and declares them as garrisons",
                "move the ability to a Character or Ground Unit, or key it to a group: `Whenever a Ground Unit you control is declared as a garrison`",
            ))
        }
        Some(EventNeeds::Counters) if !prints_rank(cx.kind) => Some((
            format!("{} has no Rank, so no Liberation counter is ever placed on it", report::a_kind(cx.card)),
            "§12.8, ruling R79: Liberation counters are placed only on a permanent with a Rank",
            "move the ability to a card with a Rank, or key it to Story counters: `Whenever Story counters are placed on this card`",
        )),
        _ => None,
    };
    if let Some((label, note, help)) = never {
        out.push(
            Diagnostic::error(
                TRIGGER_NEVER_FIRES,
                trigger.span,
                format!("{}: \"{}\" can never happen", cx.who, event.phrase()),
            )
            .with_label(label)
            .with_note(note)
            .with_help(help),
        );
    }

    match event {
        Event::ThisTakesDamage => damage_meets_liberation(cx, trigger.span, effect, out),
        Event::ThisDestroysAPermanentInCombat
            if cx.face.attack.as_ref().is_none_or(|a| a.value == 0) =>
        {
            out.push(
                Diagnostic::warning(
                    COMBAT_FROM_LIBERATION,
                    trigger.span,
                    format!("{}: \"in combat\" on a face with no Attack", cx.who),
                )
                .with_label("this face deals no combat damage, so it destroys only by Liberation, and this never fires")
                .with_note("§12.8: text that names combat (\"destroys … in combat\") still requires combat; a Liberation kill does not count")
                .with_help("to include Liberation kills write `Whenever this card destroys a permanent`; to keep combat only, give the face Attack or write `allow combat_from_liberation`"),
            );
        }
        Event::ThisIsDestroyedInCombat if cx.face.attack.is_none() && cx.face.def.is_none() => {
            out.push(
                Diagnostic::warning(
                    COMBAT_FROM_LIBERATION,
                    trigger.span,
                    format!("{}: \"in combat\" on a face with no combat stats", cx.who),
                )
                .with_label("this face prints neither Attack nor DEF: Liberation is how it is destroyed, and this never fires for it")
                .with_note("§12.8: text that names combat still requires combat; a Liberation kill does not count")
                .with_help("write `When this card is destroyed` to include Liberation, or `allow combat_from_liberation`"),
            );
        }
        _ => {}
    }
}

/// W0100: a damage trigger or replacement that answers with Liberation counters reads
/// damage and Liberation as one channel; they are two (§7.5, §12.8).
fn damage_meets_liberation(cx: &Ctx, span: Span, effect: &EffectChain, out: &mut Vec<Diagnostic>) {
    let liberation = effect.steps.iter().find(|s| {
        matches!(
            s.value,
            Effect::PlaceLiberationCounters { .. } | Effect::RemoveLiberationCounters { .. }
        )
    });
    if let Some(step) = liberation {
        out.push(
            Diagnostic::warning(
                DAMAGE_FROM_LIBERATION,
                span,
                format!("{}: a damage trigger that answers with Liberation counters", cx.who),
            )
            .with_label("keyed to damage")
            .with_secondary(step.span, "answers with Liberation counters")
            .with_note("§12.8: CP removed by Liberation is not damage, and triggers keyed to a card receiving damage do not fire for it; §7.5: the two channels are mitigated separately")
            .with_help("if the text means Liberation, key it to Liberation counters (`If Liberation counters would be placed on …`); if it means combat damage, write `allow damage_from_liberation`"),
        );
    }
}

/// Whether a trigger's event is about one card, which `its controller`/`its owner` with no
/// target before it names (ruling R106): a group's member, the Bound, or the card itself
/// (`this card is destroyed`). An event about players or about two cards (`a card you
/// control destroys a permanent`) names no one card.
fn about_card(trigger: cardc_ir::Trigger) -> bool {
    trigger
        .event()
        .is_some_and(|e| e.subject().is_some() || e.phrase().starts_with("this card "))
}

/// Every step of an effect chain; `about_card` when it is the effect of a trigger whose
/// event is about one card (ruling R106).
fn chain(
    cx: &Ctx,
    chain: &EffectChain,
    in_twist: bool,
    about_card: bool,
    out: &mut Vec<Diagnostic>,
) {
    if let Some(c) = &chain.condition {
        // `If <condition>, <effect>.` (ruling R61): read as the effect resolves, from the
        // card printing it, so the trigger's checks apply (`E0203` where there is no card
        // to read).
        condition(cx, c, out);
    }
    // Each option of a choice is its own chain for `its controller` (ruling R81); a chain
    // without modes is one option.
    joins(cx, chain, out);
    let mut index = 0usize;
    for option in chain.options() {
        let mut chosen = 0usize;
        for step in option {
            let at = index;
            index += 1;
            if let Some(who) = step.value.player().filter(|p| p.is_pronoun()) {
                player_pronoun(cx, who, chosen, about_card, step.span, out);
            }
            if let Some(t @ Target::Chosen { .. }) = step.value.target() {
                // A plural target (ruling R82) has no one controller either.
                chosen += if t.count().is_some_and(|c| c.plural()) {
                    2
                } else {
                    1
                };
            }
            if let Some(Target::Anaphor { that, antecedent }) = step.value.target() {
                let mut d = anaphor(cx, *that, antecedent, step.span);
                if let Some(d) = d.as_mut() {
                    if matches!(antecedent, Antecedent::Ambiguous) && that.is_none() {
                        if let Some(help) = which_one(chain, at) {
                            d.help = Some(help);
                        }
                    }
                }
                out.extend(d);
            }
            effect(cx, step, in_twist, out);
        }
    }
}

/// Objects joined by `and` (ruling R110) are steps of one verb: `for each …` after them
/// would read as scaling every one, though it is the last one's (`E0251`), and `that many`
/// after them counts only what the last one did (`E0252`).
fn joins(cx: &Ctx, chain: &EffectChain, out: &mut Vec<Diagnostic>) {
    for &i in &chain.joined {
        let Some(step) = chain.steps.get(i) else {
            continue;
        };
        let last = !chain.is_joined(i + 1);
        if last && matches!(step.value.quantity(), Some(Quantity::ForEach { .. })) {
            out.push(
                Diagnostic::error(
                    JOINED_FOR_EACH,
                    step.span,
                    format!(
                        "{}: `for each …` after objects joined by `and` does not say which it scales",
                        cx.who
                    ),
                )
                .with_label("read as scaling every object, though it would scale this one only")
                .with_note("ruling R110: each object joined by `and` is its own step with its own amount")
                .with_help("write each step with its own verb: `Deal 1 damage to target Ground Unit, then deal 1 damage to each Ground Unit for each Character you control.`"),
            );
        }
        if let Some(next) = chain.steps.get(i + 1).filter(|_| last) {
            if matches!(next.value.quantity(), Some(Quantity::ThatMany)) {
                out.push(
                    Diagnostic::error(
                        THAT_MANY_AFTER_JOINED,
                        next.span,
                        format!(
                            "{}: `that many` after objects joined by `and` counts only the last object's",
                            cx.who
                        ),
                    )
                    .with_label("`that many` reads what the step before it did")
                    .with_note("ruling R110: each object joined by `and` is its own step; `that many` (ruling R68) is what the last one did, not all of them")
                    .with_help("write a number, or put the step `that many` reads right before it"),
                );
            }
        }
    }
}

/// For `it` with two candidates (`E0223`): the sentence with `that <kind>` for the one
/// candidate of its kind that the step can act on, where there is exactly one (ruling R73:
/// `…, then that Character loses 1 CP`).
fn which_one(chain: &EffectChain, at: usize) -> Option<String> {
    if chain.modes.is_some() || chain.condition.is_some() {
        return None;
    }
    let step = chain.steps.get(at)?;
    let needs = step.value.target_needs();
    let mut kinds: Vec<(PermanentKind, usize)> = Vec::new();
    for earlier in &chain.steps[..at] {
        if let Some(t @ Target::Chosen { .. }) = earlier.value.target() {
            let kind = t.kind()?;
            match kinds.iter_mut().find(|(k, _)| *k == kind) {
                Some((_, n)) => *n += 1,
                None => kinds.push((kind, 1)),
            }
        }
    }
    let fits = |k: PermanentKind| match needs {
        Some(TargetNeeds::Cp) => k.may_be_character(),
        Some(TargetNeeds::Unit) => k.may_be_character() || k == PermanentKind::GroundUnit,
        _ => true,
    };
    let mut unique = kinds.iter().filter(|(k, n)| *n == 1 && fits(*k));
    let (kind, _) = unique.next()?;
    if unique.next().is_some() {
        return None;
    }
    let that = cardc_ir::text::anaphor(Some(*kind));
    let mut text = String::new();
    for (i, s) in chain.steps.iter().enumerate() {
        let mut part = if i > 0 && chain.is_joined(i) {
            let sep = if chain.is_joined(i + 1) {
                ", "
            } else {
                " and "
            };
            format!("{sep}{}", cardc_ir::text::joined(&s.value))
        } else if i > 0 {
            format!(", then {}", cardc_ir::text::effect(&s.value))
        } else {
            cardc_ir::text::effect(&s.value)
        };
        if i == at {
            let words: Vec<&str> = part.split(' ').collect();
            let pos = words.iter().position(|w| *w == "it")?;
            let mut new: Vec<&str> = words.clone();
            new[pos] = &that;
            part = new.join(" ");
        }
        text.push_str(&part);
    }
    Some(format!(
        "write `{that}` for the one meant: `{}.`",
        cardc_ir::text::capitalise(&text)
    ))
}

/// `it` / `that <kind>` refers to the one `target …` of its kind chosen earlier in the same
/// sentence (ruling R73), or to the card a trigger's event is about (ruling R112): one that
/// refers to nothing (`E0222`), could be either of two (`E0223`) or is an event's card that
/// has left the Map (`E0224`) is an error.
fn anaphor(
    cx: &Ctx,
    that: Option<PermanentKind>,
    antecedent: &Antecedent,
    span: Span,
) -> Option<Diagnostic> {
    let word = cardc_ir::text::anaphor(that);
    let d = match antecedent {
        Antecedent::Target { .. } => return None,
        Antecedent::Nothing { many } => {
            let what = match that {
                Some(kind) => format!("no {} is named earlier in the sentence", kind.name()),
                None => "refers to nothing earlier in the sentence".to_owned(),
            };
            let d = Diagnostic::error(UNBOUND_ANAPHOR, span, format!("{}: `{word}` {what}", cx.who))
                .with_label("no `target …` before it in this sentence");
            let d = if *many {
                d.with_note("`each …` and a named card are many permanents; `it` cannot pick one (ruling R73)")
            } else {
                d.with_note("each sentence is its own ability; `it` refers to a `target …` earlier in the same sentence (ruling R73)")
            };
            d.with_help("choose the card first: `Deal 2 damage to target Ground Unit, then remove 1 Liberation counter from it.`")
        }
        Antecedent::Ambiguous if that.is_some() => Diagnostic::error(
            AMBIGUOUS_ANAPHOR,
            span,
            format!("{}: `{word}` could be either of two cards named before it", cx.who),
        )
        .with_label("two candidates of that kind before it in this sentence")
        .with_note("`that <kind>` picks the one target of its kind; with two of that kind it does not say which (ruling R73)")
        .with_help("give the targets different kinds, or say what each one takes in its own object joined by `and` (ruling R110): `Deal 1 damage to target Character you control and 2 damage to target Character an opponent controls.`"),
        Antecedent::Ambiguous => Diagnostic::error(
            AMBIGUOUS_ANAPHOR,
            span,
            format!("{}: `{word}` could be either of two cards named before it", cx.who),
        )
        .with_label("two candidates before it in this sentence")
        .with_note("with two candidates `it` does not say which; `that <kind>` picks the one of its kind (ruling R73)")
        .with_help("write `that <kind>` for the one meant (`…, then that Character loses 1 CP.`), or give the targets different kinds"),
        // Ruling R112: the card the event is about, while it is on the Map.
        Antecedent::EventSubject { .. } | Antecedent::ThisCard { gone: false } => return None,
        Antecedent::GoneEventSubject(_) | Antecedent::ThisCard { gone: true } => Diagnostic::error(
            ANAPHOR_EVENT_SUBJECT,
            span,
            format!(
                "{}: `{word}` refers to {}, which has left the Map when the effect resolves",
                cx.who,
                match antecedent {
                    Antecedent::GoneEventSubject(kind) => format!("the {} the event is about", kind.name()),
                    _ => "this card".to_owned(),
                }
            ),
        )
        .with_label("the destroyed card")
        .with_note("ruling R112: `it` names the event's card while it is on the Map; a destroyed card is in its owner's Depleted Pile, where no effect of this kind reaches it")
        .with_help("name a player instead (`its controller draws a card`, `its owner gains 1 Story Point`), or choose a card on the Map as a target"),
    };
    Some(d)
}

/// `its controller` / `its owner` names the one `target …` chosen earlier in the same
/// ability, or with none the card a trigger's event is about (ruling R106): with neither it
/// names nobody, with two targets it does not say which (`E0190`).
fn player_pronoun(
    cx: &Ctx,
    who: Player,
    chosen: usize,
    about_card: bool,
    span: Span,
    out: &mut Vec<Diagnostic>,
) {
    let (what, label) = match chosen {
        1 => return,
        0 if about_card => return,
        0 => ("names no target", "no `target …` before it in this ability"),
        _ => (
            "could be the controller of either target",
            "two or more `target …`s before it",
        ),
    };
    out.push(
        Diagnostic::error(
            UNBOUND_PLAYER,
            span,
            format!("{}: `{}` {what}", cx.who, who.name()),
        )
        .with_label(label)
        .with_note("`its` refers to the one target chosen earlier in the same sentence, or with none to the card a trigger's event is about (ruling R106)")
        .with_help("choose exactly one target before it (`Destroy target Device, then its controller draws a card.`), or name the player (`target opponent`, `each opponent`)"),
    );
}

fn effect(cx: &Ctx, step: &Loc<Effect>, in_twist: bool, out: &mut Vec<Diagnostic>) {
    let span = step.span;
    // The card a named target names, once resolved to a permanent (else reported, and
    // the kind checks below have nothing to say about it).
    let named = step.value.target().and_then(|t| named(cx, t, out));
    let e = &step.value;
    // What the table says of every effect: `the Bound` needs a Storyline, the card's own CP
    // needs a Character, and the target must name what the effect acts on.
    if let Some(target) = e.target() {
        bound(cx, target, span, out);
    }
    if e.card_needs() == Some(CardKind::Character) && cx.kind != CardKind::Character {
        cp_on_non_character(
            cx,
            span,
            format!("{} has no CP", report::a_kind(cx.card)),
            out,
        );
    }
    match (e.target_needs(), e.target()) {
        (Some(TargetNeeds::Cp), Some(target)) => target_has_cp(cx, target, named, span, out),
        (Some(TargetNeeds::Rank), Some(target)) => {
            counters_need_rank(cx, target, named, span, e.verb(), out);
        }
        (Some(TargetNeeds::Hand), Some(target)) => {
            target_can_be_in_hand(cx, target, named, span, out)
        }
        (Some(TargetNeeds::Unit), Some(target)) => target_can_move(cx, target, named, span, out),
        (
            Some(
                TargetNeeds::Cp
                | TargetNeeds::Rank
                | TargetNeeds::Hand
                | TargetNeeds::Unit
                | TargetNeeds::Permanent,
            )
            | None,
            _,
        ) => {}
    }
    // A prohibition made for a time: its target held to the static row's `on` (ruling R86).
    if let (Some(prohibition), Some(target)) = (e.prohibition(), e.target()) {
        crate::prohibitions::effect_on(cx.card, cx.who, prohibition, target, named, span, out);
    }
    if e.card_needs() == Some(CardKind::Storyline) && cx.kind != CardKind::Storyline {
        fall(
            cx,
            span,
            "`Fall the Bound` on a card that is not a Storyline",
            "only a Storyline has a Bound Character",
            "a Storyline's Reversal is where `Fall the Bound.` belongs",
            out,
        );
    }
    // The rules particular to one word.
    match e {
        Effect::FallThisCard => fall_this_card(cx, span, in_twist, out),
        Effect::PlaceLiberationCounters { target, .. }
            if target.controller() == Some(Controller::You) =>
        {
            out.push(
                Diagnostic::error(
                    LIBERATION_OWN,
                    span,
                    format!("{}: Liberation counters aimed at your own permanents", cx.who),
                )
                .with_label("`… you control`: Liberation turned inward")
                .with_note("§12.3: a player may never target their own permanents for Liberation; Liberation is directed outward only")
                .with_help("write `an opponent controls`"),
            );
        }
        Effect::RemoveLiberationCounters { target, .. } => {
            let on_character = match target.resolved() {
                Target::ThisCard => cx.kind == CardKind::Character,
                Target::TheBound => true,
                // An anaphor that refers to no target is reported on its own (E0222–E0224).
                Target::Anaphor { .. } => true,
                Target::Chosen { kind, .. } | Target::Each { kind, .. } => {
                    *kind == PermanentKind::Character
                }
                Target::Named(_) => named.is_some_and(|c| c.kind.value == CardKind::Character),
            };
            if on_character {
                out.push(
                    Diagnostic::error(
                        COUNTERS_NO_RANK,
                        span,
                        format!("{}: removing Liberation counters from a Character", cx.who),
                    )
                    .with_label("a Character never carries Liberation counters")
                    .with_note("§7.9: Liberation counters directed at a Character convert immediately to CP loss; counters never remain on a Character")
                    .with_help("to restore CP, write `gain N CP` (or `the Bound gets +N RK` to blunt future Liberations)"),
                );
            }
        }
        Effect::StatChange { target, stat, .. } => {
            stat_change_target(cx, target, *stat, named, span, out);
        }
        // Every other word is checked by its facts above alone.
        _ => {}
    }
}

/// `Return <target> to its owner's hand`: a Location is never in a hand (ruling R30). A
/// target that only may be a Location (`target permanent`) is left to the engine, which
/// returns no Location.
fn target_can_be_in_hand(
    cx: &Ctx,
    target: &Target,
    named: Option<&Card>,
    span: Span,
    out: &mut Vec<Diagnostic>,
) {
    let location = match target.resolved() {
        Target::ThisCard => cx.kind.is_location(),
        Target::TheBound => false,
        // An anaphor that refers to no target is reported on its own (E0222–E0224).
        Target::Anaphor { .. } => false,
        Target::Chosen { kind, .. } | Target::Each { kind, .. } => matches!(
            kind,
            PermanentKind::SurfaceLocation
                | PermanentKind::PlanetaryLocation
                | PermanentKind::Homeworld
        ),
        Target::Named(_) => named.is_some_and(|c| c.kind.value.is_location()),
    };
    if location {
        out.push(
            Diagnostic::error(
                LOCATION_TO_HAND,
                span,
                format!("{}: a Location returned to a hand", cx.who),
            )
            .with_label("a Location is never in a hand")
            .with_note("§7.10, §7.11: cards are deployed from hand to Locations; a Location prints no cost and is never deployed from hand (ruling R30)")
            .with_help("return a unit (`target Ground Unit`, `target Character`) or a Device instead"),
        );
    }
}

/// `Move <target> to an adjacent Band`: only a Character or Ground Unit moves (ruling R96);
/// a target that can name only other kinds is `E0244`.
fn target_can_move(
    cx: &Ctx,
    target: &Target,
    named: Option<&Card>,
    span: Span,
    out: &mut Vec<Diagnostic>,
) {
    let unit = |k: CardKind| matches!(k, CardKind::Character | CardKind::GroundUnit);
    let moves = match target.resolved() {
        Target::ThisCard => unit(cx.kind),
        Target::TheBound => true,
        // An anaphor that refers to no target is reported on its own (E0222–E0224).
        Target::Anaphor { .. } => true,
        Target::Chosen { kind, .. } | Target::Each { kind, .. } => matches!(
            kind,
            PermanentKind::Character | PermanentKind::GroundUnit | PermanentKind::Permanent
        ),
        Target::Named(_) => named.is_none_or(|c| unit(c.kind.value)),
    };
    if !moves {
        let what = match (target.kind(), named) {
            (Some(k), _) => format!("a {} never moves", k.name()),
            (None, Some(c)) => format!(
                "{} is {} and never moves",
                report::quoted(c),
                report::a_kind(c)
            ),
            (None, None) => format!("{} never moves between Bands", report::a_kind(cx.card)),
        };
        out.push(
            Diagnostic::error(
                UNIT_DOES_NOT_MOVE,
                span,
                format!("{}: {what}", cx.who),
            )
            .with_label("only a Character or Ground Unit moves to an adjacent Band")
            .with_note("§12.3a, ruling R96: a unit moves to an adjacent Band, leaving its host; Locations and Homeworlds are the Map's places, and Spacecraft and Devices do not move in the vocabulary (§14 is not modelled)")
            .with_help("move a unit: `Move target Ground Unit you control to an adjacent Band.`"),
        );
    }
}

/// `<target> loses N CP`: every permanent the target can name must be a Character.
fn target_has_cp(
    cx: &Ctx,
    target: &Target,
    named: Option<&Card>,
    span: Span,
    out: &mut Vec<Diagnostic>,
) {
    let hits = match target.resolved() {
        Target::ThisCard => cx.kind == CardKind::Character,
        Target::TheBound => true,
        // An anaphor that refers to no target is reported on its own (E0222–E0224).
        Target::Anaphor { .. } => true,
        Target::Chosen { kind, .. } | Target::Each { kind, .. } => kind.may_be_character(),
        Target::Named(_) => named.is_none_or(|c| c.kind.value == CardKind::Character),
    };
    if !hits {
        let what = match (target.kind(), named) {
            (Some(k), _) => format!("a {} has no CP", k.name()),
            (None, Some(c)) => format!(
                "{} is {} and has no CP",
                report::quoted(c),
                report::a_kind(c)
            ),
            (None, None) => format!("{} has no CP", report::a_kind(cx.card)),
        };
        cp_on_non_character(cx, span, what, out);
    }
}

/// An event about a named card (`When "Pier Nine" is destroyed`, ruling R113): the name must
/// be a permanent of the set (`E0171`, `E0172`), and that card must be able to do what the
/// event names, as a group of its kind must (`E0147`).
fn named_event(
    cx: &Ctx,
    name: cardc_ir::CardName,
    trigger: &Loc<cardc_ir::Trigger>,
    at: Span,
    out: &mut Vec<Diagnostic>,
) {
    let target = Target::Named(Loc::new(name.as_str().to_owned(), at));
    let Some(card) = named(cx, &target, out) else {
        return;
    };
    // `named` has refused every card that is not a permanent (E0172).
    let Some(kind) = PermanentKind::of(cardc_ir::Kind::of(card.kind.value, card.is_capital()))
    else {
        return;
    };
    let Some(event) = trigger.value.event() else {
        return;
    };
    let group = cardc_ir::Group {
        other: false,
        kind,
        controller: None,
        filters: cardc_ir::Filters::NONE,
    };
    let as_group = Loc::new(
        trigger
            .value
            .with_event(event.with_subject(cardc_ir::EventSubject::Group(group))),
        trigger.span,
    );
    crate::group_events::check(cx.card, cx.face, cx.kind, cx.who, &as_group, out);
}

/// A named target: the card it names, if that card exists (`E0171` otherwise) and is a
/// permanent (`E0172` otherwise). `None` for every other target.
fn named<'a>(cx: &Ctx<'a>, target: &Target, out: &mut Vec<Diagnostic>) -> Option<&'a Card> {
    if let Target::Anaphor { .. } = target {
        // `it` for an event's named subject (ruling R113): the card it names, whose
        // misspelling `named_event` has already reported at the name.
        let name = target.resolved().name()?;
        return cx
            .names
            .card(cx.card, &name.value, name.span, &mut Vec::new())
            .filter(|c| c.kind.value.is_permanent());
    }
    let name = target.name()?;
    let card = cx.names.card(cx.card, &name.value, name.span, out)?;
    if card.kind.value.is_permanent() {
        return Some(card);
    }
    out.push(
        Diagnostic::error(
            NAMED_NOT_PERMANENT,
            name.span,
            format!("{}: {} is {}, not a permanent", cx.who, report::quoted(card), report::a_kind(card)),
        )
        .with_label(format!("names {}", report::a_kind(card)))
        .with_secondary(card.name.span, format!("{} is declared here", report::quoted(card)))
        .with_note("a named target acts on every permanent on the Map with that name; a Maneuver resolves and is gone, and a Storyline is not a permanent")
        .with_help("name a permanent: a Character, Ground Unit, Spacecraft, Location, Homeworld or Device"),
    );
    None
}

/// §7.7: `Fall this card` is a Character's own Twist on its Prime face, or the text of
/// a non-Character permanent that prints a Fallen face to flip to.
fn fall_this_card(cx: &Ctx, span: Span, in_twist: bool, out: &mut Vec<Diagnostic>) {
    let fallen_face = cx.face.role == FaceRole::Fallen;
    let why = if cx.kind == CardKind::Character {
        if fallen_face {
            Some((
                "the Fallen face has nowhere further to fall",
                "`Fall this card` belongs in a Twist on the Prime face",
            ))
        } else if !in_twist {
            Some((
                "a Character Falls by its own Twist, not by other text",
                "write it as a Twist: `Twist: When …, Fall this card.`",
            ))
        } else {
            None
        }
    } else if !cx.kind.is_permanent() {
        Some((
            "this card is not a permanent and has no Fallen face",
            "remove `Fall this card`",
        ))
    } else if !cx.can_fall() {
        Some((
            "this card prints no Fallen face to flip to",
            "give the card a `fallen \"…\" { … }` face, or remove `Fall this card`",
        ))
    } else if fallen_face {
        Some((
            "this face is already the Fallen face",
            "move the sentence to the card's front face",
        ))
    } else {
        None
    };
    if let Some((label, help)) = why {
        fall(
            cx,
            span,
            "`Fall this card` would do nothing here",
            label,
            help,
            out,
        );
    }
}

fn fall(cx: &Ctx, span: Span, what: &str, label: &str, help: &str, out: &mut Vec<Diagnostic>) {
    out.push(
        Diagnostic::error(FALL_MISPLACED, span, format!("{}: {what}", cx.who))
            .with_label(label)
            .with_note("§7.7: a Character Falls in exactly four ways (a Storyline's text, Morality Penalties, its Storyline leaving play, its own Twist); an effect from any other source that would flip it does nothing")
            .with_help(help),
    );
}

/// A condition about `this card` that can never hold on the card printing it (ruling R37):
/// CP only on a Character (§7.3, `E0151`), Liberation counters never on a Character or a
/// card without Rank (§7.9, `E0152`), a numeric Rank only where one is printed (a
/// Character's is `X`, §7.9) and a garrison only among Characters and Ground Units (§12.4,
/// ruling R4; both `E0180`).
fn condition(cx: &Ctx, c: &Loc<Condition>, out: &mut Vec<Diagnostic>) {
    if condition_without_card(cx, c, out) {
        return;
    }
    // Ruling R109: only a Character shows a Prime face (§7.7).
    if let Condition::YouControlAPrime { kind } = c.value {
        if !kind.may_be_character() {
            out.push(
                Diagnostic::error(
                    PRIME_CONDITION_NEVER_TRUE,
                    c.span,
                    format!("{}: `you control a Prime {}` is never true", cx.who, kind.name()),
                )
                .with_label(format!("{} have no Prime face", kind.plural()))
                .with_note("§7.7, ruling R109: a Character shows its Prime face until it Falls; other permanents show their first face or a Fallen one")
                .with_help(format!(
                    "write `you control a Fallen {}` or `you control a {}`",
                    kind.name(),
                    kind.name()
                )),
            );
            return;
        }
    }
    let Some(needs) = c.value.needs() else { return };
    let a_kind = report::a_kind(cx.card);
    let character = cx.kind == CardKind::Character;
    let d = match needs {
        ConditionNeeds::Cp if !character => Diagnostic::error(
            CP_NOT_CHARACTER,
            c.span,
            format!("{}: a CP condition on something with no CP", cx.who),
        )
        .with_label(format!("{a_kind} has no CP, so this is never true"))
        .with_note("§7.3: Character Points belong to Characters")
        .with_help("write a condition the card can meet, e.g. `this card has 3 or more Liberation counters on it` or `you control a Homeworld`"),
        ConditionNeeds::Counters if character || !prints_rank(cx.kind) => {
            let label = if character {
                "Liberation counters never remain on a Character: they become CP loss at once".to_owned()
            } else {
                format!("{a_kind} prints no Rank and never carries Liberation counters")
            };
            Diagnostic::error(
                COUNTERS_NO_RANK,
                c.span,
                format!("{}: a Liberation-counter condition that never changes", cx.who),
            )
            .with_label(label)
            .with_note("§7.9: Liberation counters are placed only on permanents with Rank; on a Character each converts to CP loss and is removed")
            .with_help(if character {
                "on a Character, write a CP condition instead, e.g. `this card has 2 or less CP`"
            } else {
                "write a condition the card can meet, e.g. `you control a Homeworld`"
            })
        }
        ConditionNeeds::Rank if character || !prints_rank(cx.kind) => Diagnostic::error(
            CONDITION_NEVER_TRUE,
            c.span,
            format!("{}: a Rank condition on a card with no numeric Rank", cx.who),
        )
        .with_label(if character {
            "a Character's Rank is X, never a number".to_owned()
        } else {
            format!("{a_kind} prints no Rank")
        })
        .with_note("§7.9: Rank is printed on Homeworlds, Locations, Spacecraft and Ground Units as a number; on a Character it is X")
        .with_help(if character {
            "on a Character, write a CP condition instead, e.g. `this card has 2 or less CP`"
        } else {
            "write a condition the card can meet, e.g. `you control a Homeworld`"
        }),
        ConditionNeeds::Garrison
            if !matches!(cx.kind, CardKind::Character | CardKind::GroundUnit) =>
        {
            Diagnostic::error(
                CONDITION_NEVER_TRUE,
                c.span,
                format!("{}: a garrison condition on a card that is never a garrison", cx.who),
            )
            .with_label(format!("{a_kind} is never declared as a garrison"))
            .with_note("§12.4, ruling R4: a garrison is a readied Character or Ground Unit its controller declares to defend a Liberation target")
            .with_help("write a condition the card can meet, e.g. `you control a Ground Unit`")
        }
        ConditionNeeds::Vox if !matches!(cx.kind, CardKind::Character | CardKind::GroundUnit) => {
            Diagnostic::error(
                CONDITION_NEVER_TRUE,
                c.span,
                format!("{}: a Vox condition on a card that prints no Vox", cx.who),
            )
            .with_label(format!("{a_kind} prints no Vox, so this is never true"))
            .with_note("§7.9a: Vox is printed on Characters and Ground Units only")
            .with_help("write a condition the card can meet, e.g. `you control a Homeworld`")
        }
        _ => return,
    };
    out.push(d);
}

/// A condition about a card that is never there to read (ruling R61): `this card …` on a
/// Maneuver, which resolves and is gone without ever being on the Map, and `the Bound …` off
/// a Storyline, the only card that binds a Character (§8). Whether it reported one.
fn condition_without_card(cx: &Ctx, c: &Loc<Condition>, out: &mut Vec<Diagnostic>) -> bool {
    let (what, label, note) = if c.value.about_this_card() && cx.kind == CardKind::Maneuver {
        (
            "a condition about this card on a Maneuver",
            "a Maneuver is never on the Map, so `this card` has nothing to read".to_owned(),
            "ruling R61: the condition is read as the effect resolves; a Maneuver resolves and is gone without ever being a permanent",
        )
    } else if c.value.about_the_bound() && cx.kind != CardKind::Storyline {
        (
            "a condition about the Bound on a card that binds no Character",
            format!("{} has no Bound", report::a_kind(cx.card)),
            "§8: only a Storyline binds a Character, its Bound; anywhere else `the Bound` names no card",
        )
    } else {
        return false;
    };
    out.push(
        Diagnostic::error(CONDITION_WITHOUT_CARD, c.span, format!("{}: {what}", cx.who))
            .with_label(label)
            .with_note(note)
            .with_help("write a condition about the players or what they control, e.g. `you control a Homeworld`"),
    );
    true
}

fn cp_on_non_character(cx: &Ctx, span: Span, label: String, out: &mut Vec<Diagnostic>) {
    out.push(
        Diagnostic::error(CP_NOT_CHARACTER, span, format!("{}: a CP effect on something with no CP", cx.who))
            .with_label(label)
            .with_note("§7.3: Character Points belong to Characters")
            .with_help("aim the CP effect at a Character (`target Character …`, `the Bound`), or use Currency or damage"),
    );
}

/// §7.9: Liberation counters go only on permanents with Rank. `named` is the card a
/// named target names.
fn counters_need_rank(
    cx: &Ctx,
    target: &Target,
    named: Option<&Card>,
    span: Span,
    verb: &str,
    out: &mut Vec<Diagnostic>,
) {
    let rankless = match target.resolved() {
        Target::ThisCard => !prints_rank(cx.kind),
        Target::TheBound => false,
        // An anaphor that refers to no target is reported on its own (E0222–E0224).
        Target::Anaphor { .. } => false,
        Target::Chosen { kind, .. } | Target::Each { kind, .. } => kind.has_rank() == Some(false),
        Target::Named(_) => named.is_some_and(|c| !prints_rank(c.kind.value)),
    };
    if rankless {
        let what = match (target.kind(), named) {
            (Some(k), _) => format!("a {} prints no Rank", k.name()),
            (None, Some(c)) => format!(
                "{} is {} and prints no Rank",
                report::quoted(c),
                report::a_kind(c)
            ),
            (None, None) => format!("{} prints no Rank", report::a_kind(cx.card)),
        };
        out.push(
            Diagnostic::error(COUNTERS_NO_RANK, span, format!("{}: {verb} Liberation counters where there is no Rank", cx.who))
                .with_label(what)
                .with_note("§7.9: Rank is the number of Liberation counters needed to destroy a permanent; Rank appears on Homeworlds, Locations, Spacecraft, Characters and Ground Units")
                .with_help("aim it at a permanent with Rank"),
        );
    }
}

/// `the Bound` exists only for a Storyline.
fn bound(cx: &Ctx, target: &Target, span: Span, out: &mut Vec<Diagnostic>) {
    if *target == Target::TheBound && cx.kind != CardKind::Storyline {
        out.push(
            Diagnostic::error(
                BOUND_OUTSIDE_STORYLINE,
                span,
                format!("{}: `the Bound` on {}", cx.who, report::a_kind(cx.card)),
            )
            .with_label("only a Storyline has a Bound Character")
            .with_note("§7.7: \"the Bound\" is the Character a Storyline is bound to (§8.11)")
            .with_help("name a target instead, e.g. `target Character you control`"),
        );
    }
}

/// `<target> gets ±N DEF/RK <duration>` on a stat the target never has (`E0195`, rulings
/// R40, R43): RK where there is no Rank (§7.9), DEF on a Location, never in combat (§7.5,
/// assumption A7), `this card` on a card that is not a permanent. A target that only may
/// lack the stat (`target permanent`) is played: the change then does nothing.
fn stat_change_target(
    cx: &Ctx,
    target: &Target,
    stat: BonusStat,
    named: Option<&Card>,
    span: Span,
    out: &mut Vec<Diagnostic>,
) {
    let kind_lacks = |kind: CardKind| match stat {
        _ if !kind.is_permanent() => {
            Some(format!("{} is not a permanent", report::a_kind_of(kind)))
        }
        BonusStat::Rank if !prints_rank(kind) => {
            Some(format!("{} prints no Rank", report::a_kind_of(kind)))
        }
        BonusStat::Def if kind.is_location() => Some(format!(
            "{} is never in combat, so DEF does nothing for it (assumption A7)",
            report::a_kind_of(kind)
        )),
        _ => None,
    };
    let why = match target.resolved() {
        Target::ThisCard => kind_lacks(cx.kind),
        Target::TheBound => None,
        // An anaphor that refers to no target is reported on its own (E0222–E0224).
        Target::Anaphor { .. } => None,
        Target::Chosen { kind, .. } | Target::Each { kind, .. } => match stat {
            BonusStat::Rank if kind.has_rank() == Some(false) => {
                Some(format!("a {} prints no Rank", kind.name()))
            }
            BonusStat::Def
                if matches!(
                    kind,
                    PermanentKind::SurfaceLocation
                        | PermanentKind::PlanetaryLocation
                        | PermanentKind::Homeworld
                ) =>
            {
                Some(format!(
                    "a {} is never in combat, so DEF does nothing for it (assumption A7)",
                    kind.name()
                ))
            }
            _ => None,
        },
        Target::Named(_) => named.and_then(|c| kind_lacks(c.kind.value)),
    };
    if let Some(label) = why {
        out.push(
            Diagnostic::error(
                STAT_CHANGE_WITHOUT_STAT,
                span,
                format!("{}: a {stat} change with nothing to apply to", cx.who),
            )
            .with_label(label)
            .with_note(
                "§7.5: DEF and RK changes apply to permanents on the Map that print the stat",
            )
            .with_help("aim the change at a permanent that has the stat"),
        );
    }
}

/// The effect of `ability` if it is only ever used with no Liberation under way, and why: a
/// Slow Maneuver's, and an activated ability's without `A` (§7.3, ruling R8).
fn outside_liberations<'a>(
    cx: &Ctx,
    ability: &'a Ability,
) -> Option<(&'a EffectChain, &'static str)> {
    match ability {
        Ability::Effect(chain)
            if cx.kind == CardKind::Maneuver
                && cx.card.speed.as_ref().map(|s| s.value) == Some(Speed::Slow) =>
        {
            Some((chain, "a Slow Maneuver is played only when no Liberation is under way (ruling R8)"))
        }
        Ability::Activated(a) if a.marks() != Some(CostMarks::Activated) => Some((
            &a.effect,
            "an activated ability without `A` is Slow and used only when no Liberation is under way (§7.3, rulings R8, R54)",
        )),
        _ => None,
    }
}

/// `During a Liberation …, <effect>.` where no Liberation is ever under way as the effect
/// resolves (`E0204`, rulings R8, R65).
fn liberation_condition(cx: &Ctx, ability: &Ability, out: &mut Vec<Diagnostic>) {
    let Some((chain, why)) = outside_liberations(cx, ability) else {
        return;
    };
    let Some(c) = &chain.condition else { return };
    if !matches!(
        c.value,
        Condition::DuringALiberation
            | Condition::DuringALiberationYouDeclared
            | Condition::DuringALiberationAnOpponentDeclared
    ) {
        return;
    }
    out.push(
        Diagnostic::error(
            LIBERATION_CONDITION_NEVER,
            c.span,
            format!("{}: a Liberation condition that is never true", cx.who),
        )
        .with_label(why)
        .with_note("ruling R65: `during a Liberation` holds between Step 1 and the end of Step 7 of a Liberation under way")
        .with_help("make the Maneuver `speed fast`, or give the ability an `A` cost"),
    );
}

/// `garrison` or `declared target` (ruling R117) in text used only with no Liberation under
/// way (`E0254`, rulings R8, R117): no permanent is one then, so the step names nothing.
fn liberation_nouns(cx: &Ctx, ability: &Ability, out: &mut Vec<Diagnostic>) {
    let Some((chain, why)) = outside_liberations(cx, ability) else {
        return;
    };
    for step in &chain.steps {
        let mut sets = Vec::new();
        if let Some(t) = step.value.target() {
            sets.push(t.resolved().filters());
        }
        if let Some(cardc_ir::Quantity::ForEach {
            each: cardc_ir::Countable::Group(g),
            ..
        }) = step.value.quantity()
        {
            sets.push(g.filters);
        }
        let Some((filter, noun)) = sets
            .iter()
            .flat_map(|f| f.list())
            .find_map(|f| f.noun().map(|(one, _)| (f, one)))
        else {
            continue;
        };
        // The kind a designer most likely means when no Liberation can be under way.
        let instead = if filter == cardc_ir::Filter::Garrison {
            PermanentKind::GroundUnit
        } else {
            PermanentKind::SurfaceLocation
        }
        .name();
        let sentence = cardc_ir::text::ability(ability);
        out.push(
            Diagnostic::error(
                LIBERATION_NOUN_NEVER,
                step.span,
                format!("{}: a {noun} named where no Liberation is ever under way", cx.who),
            )
            .with_label(why)
            .with_note(format!("§12.3, §12.4, ruling R117: a permanent is a {noun} only during the Liberation that declared it"))
            .with_help(format!(
                "name the kind instead (`{}`), or make the Maneuver `speed fast`, or give the ability an `A` cost",
                sentence.replacen(noun, instead, 1)
            )),
        );
        return;
    }
}

/// `until the end of the Liberation` in text used only with no Liberation under way
/// (`E0196`, ruling R41).
fn liberation_duration(cx: &Ctx, ability: &Ability, out: &mut Vec<Diagnostic>) {
    let Some((chain, why)) = outside_liberations(cx, ability) else {
        return;
    };
    for step in &chain.steps {
        if let Effect::StatChange {
            duration: Duration::UntilEndOfLiberation,
            ..
        } = step.value
        {
            out.push(
                Diagnostic::error(
                    LIBERATION_DURATION_NEVER,
                    step.span,
                    format!("{}: a change until the end of a Liberation that is never under way", cx.who),
                )
                .with_label(why)
                .with_note("§12.8, ruling R41: `until the end of the Liberation` ends when the Liberation under way has finished Step 7")
                .with_help("write `until end of turn`"),
            );
        }
    }
}
