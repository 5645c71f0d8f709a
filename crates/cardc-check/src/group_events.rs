//! Triggers about a group of permanents (`Whenever a Character you control is destroyed`,
//! ruling R48): a group whose members can never do what the event names (`E0147`: a
//! Location is never deployed, §7.11, ruling R45), and an `another` that leaves out nothing
//! because the card printing it is never of the group's kind (`W0147`); and a declaration
//! event that can never happen (`E0141`: an Indoctrinated face is never declared as a
//! Liberation target, §12.3, ruling R50). An event about the Bound (ruling R80) belongs to a
//! Storyline (`E0142`), and its Bound, already on the Map, is never deployed (`E0147`).

use cardc_diagnostics::{Diagnostic, Span};
use cardc_ir::{
    Ability, Card, CardKind, Event, EventNeeds, EventSubject, Face, Group, Keyword, Kind, Loc,
    PermanentKind, Trigger,
};

use crate::codes::{
    ANOTHER_LEAVES_OUT_NOTHING, BOUND_OUTSIDE_STORYLINE, GROUP_NEVER_DOES_IT, TRIGGER_NEVER_FIRES,
};
use crate::report::{self, FaceName};

/// Checks a trigger printed on `card` (of frame `kind`, named `who` in messages).
pub(crate) fn check(
    card: &Card,
    face: &Face,
    kind: CardKind,
    who: FaceName<'_>,
    trigger: &Loc<Trigger>,
    out: &mut Vec<Diagnostic>,
) {
    let Some(event) = trigger.value.event() else {
        return;
    };
    if event == Event::ThisIsDeclaredAsALiberationTarget {
        never_declared(face, kind, who, trigger, out);
    }
    let group = match event.subject() {
        Some(EventSubject::Group(g)) => g,
        Some(EventSubject::TheBound) => {
            return the_bound(card, kind, who, event, trigger.span, out)
        }
        // Checked as a group of the named card's kind (`text::named_event`, ruling R113).
        Some(EventSubject::Named(_)) | None => return,
    };
    never_does_it(
        who,
        group,
        event.member_needs(),
        &event.phrase(),
        trigger.span,
        out,
    );
    if event.member_needs() == Some(EventNeeds::Defend) {
        never_defends(who, group, &event.phrase(), trigger.span, out);
    }
    if event.member_needs() == Some(EventNeeds::Counters) {
        never_counted(who, group, &event.phrase(), trigger.span, out);
    }
    if group.other
        && !(kind.is_permanent() && group.kind.accepts(Kind::of(kind, card.is_capital())))
    {
        out.push(
            Diagnostic::warning(
                ANOTHER_LEAVES_OUT_NOTHING,
                trigger.span,
                format!(
                    "{who}: `another` leaves out nothing, {} is never {}",
                    report::a_kind(card),
                    Group { other: false, controller: None, ..group }.printed()
                ),
            )
            .with_label("`another` here")
            .with_note("ruling R48: `another` leaves out the card printing the trigger; a card of another kind is never in the group")
            .with_help(format!("write `{}`", Group { other: false, ..group }.printed())),
        );
    }
}

/// An event about the Bound (ruling R80): only a Storyline has one (`E0142`, §7.7), and the
/// Bound is on the Map from the moment it is bound, so it is never deployed (`E0147`, §7.11).
/// Otherwise it is a Character, which can do what every other event names.
fn the_bound(
    card: &Card,
    kind: CardKind,
    who: FaceName<'_>,
    event: Event,
    span: Span,
    out: &mut Vec<Diagnostic>,
) {
    if kind != CardKind::Storyline {
        let mut d = Diagnostic::error(
            BOUND_OUTSIDE_STORYLINE,
            span,
            format!("{who}: `the Bound` on {}", report::a_kind(card)),
        )
        .with_label("only a Storyline has a Bound Character")
        .with_note("§7.7: \"the Bound\" is the Character a Storyline is bound to (§8.11)");
        d = if kind.is_permanent() {
            d.with_help(format!(
                "for the card itself, write `this card` (`When {}, …`)",
                event.phrase().replacen("the Bound", "this card", 1)
            ))
        } else {
            d.with_help("name a group instead, e.g. `a Character you control`")
        };
        out.push(d);
        return;
    }
    if event.member_needs() == Some(EventNeeds::Deploy) {
        out.push(
            Diagnostic::error(
                GROUP_NEVER_DOES_IT,
                span,
                format!("{who}: \"{}\" can never happen", event.phrase()),
            )
            .with_label("the Bound is on the Map from the moment the Storyline binds it")
            .with_note("§7.11, ruling R80: a Character is deployed from hand, before a Storyline can bind it")
            .with_help("key it to what the Bound does on the Map: `the Bound is Activated`, `the Bound Falls`"),
        );
    }
}

/// `E0147`: the group's members can never do what the event names.
fn never_does_it(
    who: FaceName<'_>,
    group: Group,
    needs: Option<EventNeeds>,
    phrase: &str,
    span: Span,
    out: &mut Vec<Diagnostic>,
) {
    let locations = matches!(
        group.kind,
        PermanentKind::SurfaceLocation
            | PermanentKind::PlanetaryLocation
            | PermanentKind::Homeworld
    );
    let why = match needs {
        Some(EventNeeds::Deploy) if locations => Some((
            format!("{} is never deployed from hand", Group { other: false, controller: None, ..group }.printed()),
            "§7.11, ruling R45: Characters, Ground Units, Spacecraft and Devices are deployed from hand; Locations and Homeworlds begin on the Map",
            "name a kind of permanent that is deployed, such as `a Ground Unit you control`",
        )),
        Some(EventNeeds::Liberator)
            if !matches!(
                group.kind,
                PermanentKind::Character | PermanentKind::GroundUnit | PermanentKind::Permanent
            ) =>
        {
            Some((
                format!("{} is never Activated as a liberator", Group { other: false, controller: None, ..group }.printed()),
                "§12.2: the active player Activates Characters and Ground Units as liberators",
                "name Characters or Ground Units, such as `a Ground Unit you control`",
            ))
        }
        _ => None,
    };
    if let Some((label, note, help)) = why {
        out.push(
            Diagnostic::error(
                GROUP_NEVER_DOES_IT,
                span,
                format!("{who}: \"{phrase}\" can never happen"),
            )
            .with_label(label)
            .with_note(note)
            .with_help(help),
        );
    }
}

/// `E0147`: a group none of whose members has a Rank, so no Liberation counter is ever
/// placed on one (§12.8, ruling R79).
fn never_counted(
    who: FaceName<'_>,
    group: Group,
    phrase: &str,
    span: Span,
    out: &mut Vec<Diagnostic>,
) {
    if group.kind.has_rank() != Some(false) {
        return;
    }
    out.push(
        Diagnostic::error(
            GROUP_NEVER_DOES_IT,
            span,
            format!("{who}: \"{phrase}\" can never happen"),
        )
        .with_label(format!(
            "{} has no Rank, so no Liberation counter is ever placed on it",
            Group { other: false, controller: None, ..group }.printed()
        ))
        .with_note("§12.8, ruling R79: Liberation counters are placed only on a permanent with a Rank")
        .with_help("name permanents with a Rank, such as `a Surface Location you control`, or key it to Story counters"),
    );
}

/// `E0141`: `this card is declared as a Liberation target` on a face printing Indoctrinated,
/// which may not be declared (§12.3, ruling R50).
fn never_declared(
    face: &Face,
    kind: CardKind,
    who: FaceName<'_>,
    trigger: &Loc<Trigger>,
    out: &mut Vec<Diagnostic>,
) {
    if !crate::stats::prints_rank(kind) {
        out.push(
            Diagnostic::error(
                TRIGGER_NEVER_FIRES,
                trigger.span,
                format!("{who}: \"this card is declared as a Liberation target\" can never happen"),
            )
            .with_label(format!("a card of this kind ({}) prints no Rank", kind.title()))
            .with_note("§7.9: any permanent with printed Rank is a legal Liberation target; one without Rank never is")
            .with_help("write `Whenever a permanent you control is declared as a Liberation target, …`"),
        );
        return;
    }
    let indoctrinated = face
        .abilities
        .iter()
        .any(|a| matches!(a.value, Ability::Keyword(Keyword::Indoctrinated)));
    if indoctrinated {
        out.push(
            Diagnostic::error(
                TRIGGER_NEVER_FIRES,
                trigger.span,
                format!("{who}: \"this card is declared as a Liberation target\" can never happen"),
            )
            .with_label("this face prints Indoctrinated")
            .with_note("§12.3: a permanent with Indoctrinated may not be declared")
            .with_help("remove Indoctrinated or the trigger"),
        );
    }
}

/// `E0147`: a group none of whose members is ever a defender or a garrison: only Characters
/// and Ground Units are (§12.4, ruling R76).
fn never_defends(
    who: FaceName<'_>,
    group: Group,
    phrase: &str,
    span: Span,
    out: &mut Vec<Diagnostic>,
) {
    if group.kind.accepts(Kind::Character) || group.kind.accepts(Kind::GroundUnit) {
        return;
    }
    out.push(
        Diagnostic::error(
            GROUP_NEVER_DOES_IT,
            span,
            format!("{who}: \"{phrase}\" can never happen"),
        )
        .with_label(format!(
            "{} is never a defender or a garrison",
            Group { other: false, controller: None, ..group }.printed()
        ))
        .with_note("§12.4, ruling R76: the defending player Activates Characters and Ground Units as defenders and declares them as garrisons")
        .with_help("name Characters or Ground Units, such as `a Ground Unit you control`"),
    );
}
