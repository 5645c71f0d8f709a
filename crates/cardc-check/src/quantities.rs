//! The checks of quantities (`docs/vocabulary-v2.md` §8; rulings R67, R68, R93).
//!
//! * `E0212`: `that many` with no step before it in its text, unless it starts the effect of
//!   a trigger whose event counts (`Liberation counters are placed on this card`, ruling
//!   R105).
//! * `E0213`: `that many` after a step that counts nothing (`Destroy target Device, then draw
//!   that many cards`): only damage dealt, cards drawn or discarded and counters removed are
//!   counted (`Effect::counts`).
//! * `E0215`: a `for each` count that is always 0 on this card: counters on a Maneuver,
//!   which is never on the Map, or Liberation counters on a Character, which become CP loss
//!   as they are placed (§7.9); on a scaling static too.
//! * `E0238`: a static that scales with something that never changes while its card is on
//!   the Map (`for each opponent`: the players are fixed for the game), a fixed bonus in
//!   disguise (ruling R92).
//! * `E0241`: `equal to <a stat of a card>` reading a stat the card does not print (a
//!   Maneuver's Rank), ruling R93.
//! * `E0242`: `equal to` a Character's Rank or DEF, which are X (§7.9, §7.5), ruling R93.
//! * `E0239`: an RK static that counts permanents by their Rank, which would count through
//!   its own bonus; the engine never applies it (ruling R92).
//! * `E0261`: a DEF static that counts permanents by their DEF, the same for DEF (ruling
//!   R108).

use crate::report::FaceName;
use cardc_diagnostics::{Diagnostic, Span};
use cardc_ir::{
    Ability, BonusStat, Card, CardKind, Countable, EffectChain, Event, Loc, PermanentKind,
    Quantity, ReadStat, StatOf, StaticKind, Whose,
};

use crate::codes::{
    COUNT_ALWAYS_ZERO, COUNT_NEVER_CHANGES, DEF_STATIC_COUNTS_DEF, RANK_STATIC_COUNTS_RANK,
    STAT_READ_IS_X, STAT_READ_NOT_PRINTED, THAT_MANY_COUNTS_NOTHING, THAT_MANY_NOTHING_BEFORE,
};

/// Checks the quantities of one ability of `card` (named `who` in messages).
pub(crate) fn check(
    card: &Card,
    who: FaceName<'_>,
    ability: &Loc<Ability>,
    out: &mut Vec<Diagnostic>,
) {
    // Ruling R105: a trigger whose event counts passes the number to its effect's start.
    let event = match &ability.value {
        Ability::Triggered(t) => t.trigger.value.event(),
        Ability::Twist(t) => t.triggered.trigger.value.event(),
        _ => None,
    };
    let event_counts = event.is_some_and(event_counts);
    let chain: Option<&EffectChain> = match &ability.value {
        Ability::Static(s) => {
            scaling(card, who, s.kind.value, s.kind.span, out);
            None
        }
        Ability::Keyword(_) | Ability::CostChange(_) => None,
        Ability::Triggered(t) => Some(&t.effect),
        Ability::Twist(t) => Some(&t.triggered.effect),
        Ability::Activated(a) => Some(&a.effect),
        Ability::Replacement(r) => Some(&r.instead),
        Ability::Effect(chain) => Some(chain),
    };
    let Some(chain) = chain else { return };
    for (i, step) in chain.steps.iter().enumerate() {
        let Some(q) = step.value.quantity() else {
            continue;
        };
        match q {
            // `that many` first reads the event's count (ruling R105).
            Quantity::ThatMany if i == 0 && event_counts => {}
            Quantity::ThatMany if i == 0 => out.push(
                Diagnostic::error(
                    THAT_MANY_NOTHING_BEFORE,
                    step.span,
                    format!("{who}: `that many` counts what the step before it did; here nothing comes before it"),
                )
                .with_label("nothing before it to count")
                .with_note("ruling R68: `that many` is the number the step before it in the same text actually did; at the start of a trigger's effect, the number its event counted, which only `<counter> counters are placed on …` does (ruling R105)")
                .with_help("write a number: `Draw 2 cards.`"),
            ),
            Quantity::ThatMany => {
                let before = &chain.steps[i - 1];
                if !before.value.counts() {
                    out.push(
                        Diagnostic::error(
                            THAT_MANY_COUNTS_NOTHING,
                            step.span,
                            format!(
                                "{who}: `that many` counts what the step before it did, and `{}` counts nothing",
                                before.value.verb()
                            ),
                        )
                        .with_label("nothing counted before it")
                        .with_note("ruling R68: only damage dealt, cards drawn or discarded and counters removed are counted")
                        .with_help("write a number: `…, then draw a card`"),
                    );
                }
            }
            Quantity::ForEach { each, .. } => always_zero(card, who, each, step.span, out),
            Quantity::EqualTo(of) => stat_read(card, who, of, step.span, out),
            Quantity::Number(_) => {}
        }
    }
}

/// `E0241`, `E0242` (ruling R93): `equal to <a stat of a card>` reads a number the card
/// prints. `this card's` reads this card's faces; `its` the kind its target names.
fn stat_read(card: &Card, who: FaceName<'_>, of: StatOf, span: Span, out: &mut Vec<Diagnostic>) {
    let stat = of.stat;
    let (kind, printed) = match of.whose {
        Whose::ThisCard => {
            let printed = card.faces.iter().any(|f| match stat {
                ReadStat::Vox => f.vox.is_some(),
                ReadStat::Cp => f.cp.is_some(),
                ReadStat::Attack => f.attack.is_some(),
                ReadStat::Def => f.def.is_some(),
                ReadStat::Rank => f.rank.is_some(),
            });
            (card.kind.value.title().to_owned(), printed)
        }
        Whose::It { kind, .. } => (kind.name().to_owned(), kind_prints(kind, stat)),
    };
    let character = match of.whose {
        Whose::ThisCard => card.kind.value == CardKind::Character,
        Whose::It { kind, .. } => kind == PermanentKind::Character,
    };
    if character && matches!(stat, ReadStat::Rank | ReadStat::Def) {
        out.push(
            Diagnostic::error(
                STAT_READ_IS_X,
                span,
                format!("{who}: `{}` is X on a Character, not a number", of.printed()),
            )
            .with_label("a Character prints Rank X and DEF X")
            .with_note("§7.9: a Character's Rank is X (Liberation counters become CP loss); §7.5: its DEF is X (damage comes off CP); ruling R93")
            .with_help("read a number the Character prints: its Vox or its CP"),
        );
        return;
    }
    if !printed {
        out.push(
            Diagnostic::error(
                STAT_READ_NOT_PRINTED,
                span,
                format!("{who}: `{}` reads a stat a {kind} does not print", of.printed()),
            )
            .with_label(format!("no {} here", stat.name()))
            .with_note("ruling R93: `equal to <a stat of a card>` reads a number the card prints, as the step resolves")
            .with_help("read a stat the card prints, or count: `equal to the number of Characters you control`"),
        );
    }
}

/// Whether every permanent of `kind` prints `stat` (ruling R93): CP on Characters, Vox on
/// Characters and Ground Units, Attack on Characters and units, DEF on units, Rank on
/// every kind that prints one (a Character's is X, `E0242`).
fn kind_prints(kind: PermanentKind, stat: ReadStat) -> bool {
    use PermanentKind as K;
    match stat {
        ReadStat::Cp => kind == K::Character,
        ReadStat::Vox => matches!(kind, K::Character | K::GroundUnit),
        ReadStat::Attack => matches!(
            kind,
            K::Character | K::GroundUnit | K::Spacecraft | K::CapitalSpacecraft
        ),
        ReadStat::Def => matches!(kind, K::GroundUnit | K::Spacecraft | K::CapitalSpacecraft),
        ReadStat::Rank => !matches!(kind, K::Device | K::Permanent),
    }
}

/// Whether the engine passes what `event` counted to its trigger's effect, for a `that many`
/// at its start (ruling R105): the counters one placing put on the card. After any other
/// event `that many` counts nothing and is refused (`E0212`).
fn event_counts(event: Event) -> bool {
    matches!(
        event,
        Event::LiberationCountersArePlacedOnThis
            | Event::StoryCountersArePlacedOnThis
            | Event::LiberationCountersArePlacedOnAGroup(_)
            | Event::StoryCountersArePlacedOnAGroup(_)
    )
}

/// `E0215` when `each` always counts 0 on `card`.
fn always_zero(
    card: &Card,
    who: FaceName<'_>,
    each: Countable,
    span: Span,
    out: &mut Vec<Diagnostic>,
) {
    let why = match (each, card.kind.value) {
        (
            Countable::LiberationCountersOnThisCard | Countable::StoryCountersOnThisCard,
            CardKind::Maneuver,
        ) => Some("a Maneuver is never on the Map, so no counter is ever on it"),
        (Countable::LiberationCountersOnThisCard, CardKind::Character) => {
            Some("Liberation counters placed on a Character become CP loss at once (§7.9)")
        }
        _ => None,
    };
    if let Some(why) = why {
        out.push(
            Diagnostic::error(
                COUNT_ALWAYS_ZERO,
                span,
                format!("{who}: `for each {}` always counts 0 on this card", each.printed()),
            )
            .with_label(why)
            .with_help("count something this card can have, or print it on a card that can carry the counters"),
        );
    }
}

/// The checks of a static that scales (`+1 DEF for each other Ground Unit you control`,
/// ruling R92): `E0215`, `E0238`, `E0239`, `E0261` (ruling R108).
fn scaling(
    card: &Card,
    who: FaceName<'_>,
    kind: StaticKind,
    span: Span,
    out: &mut Vec<Diagnostic>,
) {
    let StaticKind::BonusForEach { stat, each, .. } = kind else {
        return;
    };
    always_zero(card, who, each, span, out);
    if each == Countable::Opponents {
        out.push(
            Diagnostic::error(
                COUNT_NEVER_CHANGES,
                span,
                format!("{who}: a static that scales with the number of opponents, which never changes"),
            )
            .with_label("the players are the same from the game's start to its end")
            .with_note("ruling R92: a static's count is made again at every reading of the stat; one that cannot change is a fixed bonus written as a count")
            .with_help("print the bonus as a number (`+1 DEF.`), or count something that changes: `for each other Ground Unit you control`"),
        );
    }
    let by_rank = match each {
        Countable::Group(g) => g.filters.rank_or_less.is_some() || g.filters.rank_or_more.is_some(),
        _ => false,
    };
    if stat == BonusStat::Rank && by_rank {
        out.push(
            Diagnostic::error(
                RANK_STATIC_COUNTS_RANK,
                span,
                format!("{who}: an RK static that counts permanents by their Rank"),
            )
            .with_label("the Ranks this counts include the RK statics, this one among them")
            .with_note("ruling R92: a count that reads Rank never scales an RK static; the engine would never apply this one (§7.5, ruling R14)")
            .with_help("give the bonus to DEF, or count without a Rank filter: `for each Planetary Location you control`"),
        );
    }
    let by_def = match each {
        Countable::Group(g) => g.filters.def_or_less.is_some() || g.filters.def_or_more.is_some(),
        _ => false,
    };
    if stat == BonusStat::Def && by_def {
        out.push(
            Diagnostic::error(
                DEF_STATIC_COUNTS_DEF,
                span,
                format!("{who}: a DEF static that counts permanents by their DEF"),
            )
            .with_label("the DEF this counts includes the DEF statics, this one among them")
            .with_note("ruling R108: a count that reads DEF never scales a DEF static; the engine would never apply this one (§7.5, ruling R92)")
            .with_help("give the bonus to RK, or count without a DEF filter: `for each other Ground Unit you control`"),
        );
    }
}
