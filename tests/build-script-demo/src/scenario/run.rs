//! Running one scenario: build the board with the engine's harness, perform the action,
//! compare the expectations. Every mismatch is reported, not only the first.

use super::choices::Scripted;
use super::format::{Action, Expect, Scenario};
use super::record::{Log, Recorded, Resolved};
use cardc_engine::harness::{Board, LiberationPlan};
use cardc_engine::prohibitions::Prohibited;
use cardc_engine::{
    BandId, Card, DestroyedBy, Event, Face, Game, Hit, PermanentId, PlayerId, Zone,
};
use rand::SeedableRng;
use std::collections::BTreeMap;

/// The prohibitions a scenario's `forbidden` names, in the order it reports them.
const FORBIDDEN: [(&str, Prohibited); 4] = [
    ("declared", Prohibited::Declared),
    ("liberator", Prohibited::Liberator),
    ("garrison", Prohibited::Garrison),
    ("counters", Prohibited::CounterRemoval),
];

/// What a run did, for the expectation check and the coverage test.
#[derive(Debug)]
pub struct Run {
    /// The game after the action.
    pub game: Game,
    /// The permanents by handle.
    pub ids: BTreeMap<String, PermanentId>,
    /// Every ability that resolved during the action, in order.
    pub resolved: Vec<Resolved>,
    /// The game log of the action (set-up excluded).
    pub log: Vec<Event>,
    /// The cards on the board and the card played, by name.
    pub cards: Vec<&'static str>,
    /// The action kind (`liberation`, `combat`, …).
    pub action: String,
}

/// The handle of no permanent: an `up to` count's slot left empty (ruling R82).
pub const NONE: &str = "none";

/// Finds a card by its printed name.
pub type Lookup<'a> = &'a dyn Fn(&str) -> Option<&'static dyn Card>;

/// Plays `s` and checks it; `Err` lists every mismatch.
pub fn run(s: &Scenario, lookup: Lookup) -> Result<Run, Vec<String>> {
    let log: Log = Log::default();
    let mut errors = Vec::new();
    let card = |name: &str, errors: &mut Vec<String>| match lookup(name) {
        Some(c) => Some(Recorded::leak(c, &log)),
        None => {
            errors.push(format!("no card named {name:?}"));
            None
        }
    };
    let mut b = Board::new(s.players);
    let mut bands = Vec::new();
    for kind in &s.bands {
        match kind.as_str() {
            "space" => bands.push(b.space()),
            "ground" => bands.push(b.ground()),
            other => errors.push(format!("unknown band kind {other:?}")),
        }
    }
    for (i, &t) in s.treasury.iter().enumerate() {
        b.treasury(PlayerId(i as u8), t);
    }
    for (i, &t) in s.story_points.iter().enumerate() {
        b.story_points(PlayerId(i as u8), t);
    }
    let mut ids = BTreeMap::new();
    let mut cards = Vec::new();
    for p in &s.permanents {
        let Some(c) = card(&p.card, &mut errors) else {
            continue;
        };
        cards.push(c.name());
        let owner = PlayerId(p.owner);
        let id = match p.host.as_ref().and_then(|h| ids.get(h)) {
            Some(&host) => b.put_on(owner, c, host),
            None => {
                let band = bands.get(usize::from(p.band)).copied();
                let Some(band) = band else {
                    errors.push(format!("{}: no band {}", p.id, p.band));
                    continue;
                };
                b.put(owner, c, band)
            }
        };
        let face = match p.face.as_deref() {
            None => None,
            Some(f) => parse_face(f, &mut errors),
        };
        b.with(id, |perm| {
            if let Some(face) = face {
                perm.face = face;
                perm.cp = i64::from(perm.data().cp);
            }
            if let Some(cp) = p.cp {
                perm.cp = cp;
            }
            perm.counters = p.counters;
            perm.story_counters = p.story_counters;
            perm.damage = p.damage;
            perm.prevention = p.prevention;
            perm.readied = p.readied.unwrap_or(true);
            perm.deployed_this_turn = p.deployed_this_turn;
            if let Some(c) = p.controller {
                perm.controller = PlayerId(c);
            }
        });
        if p.id == NONE {
            errors.push(format!(
                "permanent id {NONE:?} names no permanent in `targets`"
            ));
        }
        if ids.insert(p.id.clone(), id).is_some() {
            errors.push(format!("permanent id {:?} used twice", p.id));
        }
    }
    for p in &s.permanents {
        if let Some(character) = &p.binds {
            match (ids.get(&p.id), ids.get(character)) {
                (Some(&st), Some(&ch)) => {
                    b.bind(st, ch);
                }
                _ => errors.push(format!("{}: cannot bind {character:?}", p.id)),
            }
        }
    }
    let script = Scripted::new(&s.choices, &ids, &mut errors);
    let mut game = b.build();
    for p in &s.permanents {
        match (p.zone.as_deref(), ids.get(&p.id)) {
            (None | Some("map"), _) => {}
            (Some("depleted"), Some(&id)) => game.setup_depleted(id),
            (Some(other), _) => errors.push(format!("{}: unknown zone {other:?}", p.id)),
        }
    }
    game.set_active(PlayerId(s.active));
    for (i, &h) in s.hand.iter().enumerate() {
        if let Some(p) = game.setup_player(PlayerId(i as u8)) {
            p.hand = h;
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    game.clear_log();
    let before = game.clone();
    game.set_choices(script.player());
    let played = act(&mut game, &s.action, &ids, &|n| card(n, &mut Vec::new()));
    if let Some(name) = s.action.card.as_deref() {
        cards.push(lookup(name).map_or("", |c| c.name()));
    }
    let outcome = played.map_err(|e| format!("action rejected: {e}"));
    let resolved = log.lock().map(|l| l.clone()).unwrap_or_default();
    let run = Run {
        log: game.log().to_vec(),
        game,
        ids,
        resolved,
        cards,
        action: s.action.kind.clone(),
    };
    check(&s.expect, &before, &run, outcome, &mut errors);
    script.unused(&mut errors);
    if errors.is_empty() {
        Ok(run)
    } else {
        Err(errors)
    }
}

fn parse_face(f: &str, errors: &mut Vec<String>) -> Option<Face> {
    match f {
        "prime" => Some(Face::Prime),
        "fallen" => Some(Face::Fallen),
        "reversal" => Some(Face::Reversal),
        other => {
            errors.push(format!("unknown face {other:?}"));
            None
        }
    }
}

/// Performs the action.
fn act(
    game: &mut Game,
    a: &Action,
    ids: &BTreeMap<String, PermanentId>,
    card: &dyn Fn(&str) -> Option<&'static dyn Card>,
) -> Result<(), String> {
    // `"none"`: an `up to` count's slot left empty (ruling R82).
    let id = |h: &str| {
        if h == NONE {
            return Ok(PermanentId::NONE);
        }
        ids.get(h)
            .copied()
            .ok_or_else(|| format!("no permanent {h:?}"))
    };
    let list = |hs: &[String]| hs.iter().map(|h| id(h)).collect::<Result<Vec<_>, _>>();
    let player = PlayerId(a.player.unwrap_or(game.active_player().0));
    let need = |what: &Option<String>, field: &str| {
        what.clone()
            .ok_or_else(|| format!("`{}` needs `{field}`", a.kind))
    };
    match a.kind.as_str() {
        "ability" => {
            let source = id(&need(&a.source, "source")?)?;
            let targets = list(&a.targets)?;
            game.use_ability(player, source, a.index, &targets)
                .map_err(|e| format!("{e:?}"))
        }
        "maneuver" | "character_action" => {
            let name = need(&a.card, "card")?;
            let m = card(&name).ok_or_else(|| format!("no card named {name:?}"))?;
            let targets = list(&a.targets)?;
            if a.kind == "maneuver" {
                game.play_maneuver(player, m, &targets)
            } else {
                let c = id(&need(&a.character, "character")?)?;
                game.character_action(player, m, c, &targets)
            }
            .map_err(|e| format!("{e:?}"))
        }
        "deploy" => {
            let name = need(&a.card, "card")?;
            let c = card(&name).ok_or_else(|| format!("no card named {name:?}"))?;
            let host = a.host.as_deref().map(id).transpose()?;
            game.deploy(player, c, BandId(a.band), host)
                .map(|_| ())
                .map_err(|e| format!("{e:?}"))
        }
        "combat" => {
            let hits = a
                .hits
                .iter()
                .map(|h| {
                    Ok(Hit {
                        attacker: id(&h.attacker)?,
                        defender: id(&h.defender)?,
                        amount: h.amount,
                    })
                })
                .collect::<Result<Vec<_>, String>>()?;
            game.combat_damage(player, &hits)
                .map_err(|e| format!("{e:?}"))
        }
        "liberation" => {
            let liberators = list(&a.liberators)?;
            let targets = list(&a.targets)?;
            let defenders = list(&a.defenders)?;
            let garrisons = a
                .garrisons
                .iter()
                .map(|[g, t]| Ok((id(g)?, id(t)?)))
                .collect::<Result<Vec<_>, String>>()?;
            let assign = a
                .assign
                .iter()
                .map(|(h, &n)| Ok((id(h)?, n)))
                .collect::<Result<Vec<_>, String>>()?;
            let defence = a
                .defence
                .iter()
                .map(|(h, &n)| Ok((id(h)?, n)))
                .collect::<Result<Vec<_>, String>>()?;
            let plan = LiberationPlan {
                player,
                liberators: &liberators,
                targets: &targets,
                confluence: a.confluence,
                defenders: &defenders,
                garrisons: &garrisons,
                assign: &assign,
                defence: &defence,
            };
            let mut rng = rand::rngs::StdRng::seed_from_u64(0);
            plan.run(game, &mut rng)
                .map(|_| ())
                .map_err(|e| format!("{e:?}"))
        }
        "end_turn" => game.end_turn().map_err(|e| format!("{e:?}")),
        "reverse" => {
            let s = id(&need(&a.source, "source")?)?;
            game.reverse_storyline(s).map_err(|e| format!("{e:?}"))
        }
        "flip" => {
            let s = id(&need(&a.source, "source")?)?;
            game.flip(s).map_err(|e| format!("{e:?}"))
        }
        other => Err(format!("unknown action {other:?}")),
    }
}

/// Compares the expectations with the run.
fn check(
    e: &Expect,
    before: &Game,
    run: &Run,
    outcome: Result<(), String>,
    errors: &mut Vec<String>,
) {
    match (&outcome, e.rejected) {
        (Ok(()), true) => errors.push("expected the action to be rejected".to_owned()),
        (Err(why), false) => errors.push(why.clone()),
        // A Liberation is seven calls: the refusing step changes nothing, but the steps
        // before it stand, as in play.
        (Err(_), true) => {
            if run.action != "liberation" && run.game != *before {
                errors.push("a rejected action changed the game".to_owned());
            }
        }
        (Ok(()), false) => {}
    }
    let game = &run.game;
    let perm = |h: &str, errors: &mut Vec<String>| {
        let p = run.ids.get(h).and_then(|&id| game.permanent(id));
        if p.is_none() {
            errors.push(format!("expectation names unknown permanent {h:?}"));
        }
        p
    };
    for (h, &want) in &e.cp {
        if let Some(p) = perm(h, errors) {
            if p.cp != want {
                errors.push(format!("{h}: CP is {}, expected {want}", p.cp));
            }
        }
    }
    for (h, &want) in &e.counters {
        if let Some(p) = perm(h, errors) {
            if p.counters != want {
                errors.push(format!(
                    "{h}: {} Liberation counters, expected {want}",
                    p.counters
                ));
            }
        }
    }
    for (h, &want) in &e.story_counters {
        if let Some(p) = perm(h, errors) {
            if p.story_counters != want {
                errors.push(format!(
                    "{h}: {} Story counters, expected {want}",
                    p.story_counters
                ));
            }
        }
    }
    for (h, &want) in &e.def {
        if perm(h, errors).is_some() {
            let got = run.ids.get(h).and_then(|&id| game.effective_def(id));
            if got != Some(want) {
                errors.push(format!("{h}: DEF is {got:?}, expected {want}"));
            }
        }
    }
    for (h, &want) in &e.rank {
        if perm(h, errors).is_some() {
            let got = run.ids.get(h).and_then(|&id| game.effective_rank(id));
            if got != Some(want) {
                errors.push(format!("{h}: RK is {got:?}, expected {want}"));
            }
        }
    }
    for (h, want) in &e.face {
        if let Some(p) = perm(h, errors) {
            let got = format!("{:?}", p.face).to_lowercase();
            if &got != want {
                errors.push(format!("{h}: shows {got}, expected {want}"));
            }
        }
    }
    for (h, &want) in &e.readied {
        if let Some(p) = perm(h, errors) {
            if p.readied != want {
                errors.push(format!("{h}: readied is {}, expected {want}", p.readied));
            }
        }
    }
    for (h, &want) in &e.controller {
        if let Some(p) = perm(h, errors) {
            if p.controller != PlayerId(want) {
                errors.push(format!(
                    "{h}: controlled by player {}, expected {want}",
                    p.controller.0
                ));
            }
        }
    }
    for (h, &want) in &e.band {
        if let Some(p) = perm(h, errors) {
            if p.band.0 != want {
                errors.push(format!("{h}: in Band {}, expected {want}", p.band.0));
            }
        }
    }
    for (h, &want) in &e.prevention {
        if let Some(p) = perm(h, errors) {
            if p.prevention != want {
                errors.push(format!(
                    "{h}: {} damage still to prevent, expected {want}",
                    p.prevention
                ));
            }
        }
    }
    for (h, want) in &e.forbidden {
        let Some(&id) = run.ids.get(h) else {
            errors.push(format!("{h}: no such permanent"));
            continue;
        };
        for w in want {
            if !FORBIDDEN.iter().any(|(name, _)| name == w) {
                errors.push(format!(
                    "{h}: `{w}` is not a prohibition (declared, liberator, garrison or counters)"
                ));
            }
        }
        let got: Vec<&str> = FORBIDDEN
            .iter()
            .filter(|(_, what)| game.prohibited(id, *what))
            .map(|(name, _)| *name)
            .collect();
        let mut wanted: Vec<&str> = want.iter().map(String::as_str).collect();
        wanted.sort_by_key(|w| FORBIDDEN.iter().position(|(name, _)| name == w));
        if got != wanted {
            errors.push(format!("{h}: forbidden {got:?}, expected {wanted:?}"));
        }
    }
    for (h, want) in &e.zone {
        if let Some(p) = run.ids.get(h).and_then(|&id| game.permanent(id)) {
            let got = match p.zone {
                Zone::Map => "map",
                Zone::Hand => "hand",
                Zone::Depleted { .. } => "depleted",
            };
            if got != want {
                errors.push(format!("{h}: in zone {got}, expected {want}"));
            }
        } else {
            errors.push(format!("{h}: no such permanent"));
        }
    }
    // Which permanents left the Map for `zone` (the Depleted Pile, or a hand).
    let left_for = |zone: fn(Zone) -> bool| -> Vec<&str> {
        let mut got: Vec<&str> = run
            .ids
            .iter()
            .filter(|(_, &id)| {
                before.on_map(id).is_some() && game.permanent(id).is_some_and(|p| zone(p.zone))
            })
            .map(|(h, _)| h.as_str())
            .collect();
        got.sort_unstable();
        got
    };
    /// An expectation's name, its handles, and the zone it means.
    type ZoneCheck<'a> = (&'static str, &'a Option<Vec<String>>, fn(Zone) -> bool);
    let zones: [ZoneCheck<'_>; 2] = [
        ("destroyed", &e.destroyed, |z| {
            matches!(z, Zone::Depleted { .. })
        }),
        ("returned", &e.returned, |z| z == Zone::Hand),
    ];
    for (what, want, zone) in zones {
        if let Some(want) = want {
            let mut want: Vec<&str> = want.iter().map(String::as_str).collect();
            want.sort_unstable();
            let got = left_for(zone);
            if got != want {
                errors.push(format!("{what} {got:?}, expected {want:?}"));
            }
        }
    }
    let rejected: Vec<&Event> = run
        .log
        .iter()
        .filter(|e| {
            matches!(
                e,
                Event::ChoiceRejected { .. }
                    | Event::PlayerChoiceRejected {
                        reason: cardc_engine::RejectedChoice::IllegalModes
                            | cardc_engine::RejectedChoice::IllegalBand(_),
                        ..
                    }
            )
        })
        .collect();
    match e.rejected_choices {
        None if !rejected.is_empty() => {
            errors.push(format!(
                "the engine rejected scripted choices: {rejected:?}"
            ));
        }
        Some(want) if rejected.len() != want => errors.push(format!(
            "{} scripted choice(s) rejected, expected {want}: {rejected:?}",
            rejected.len()
        )),
        _ => {}
    }
    let players = |f: fn(&cardc_engine::Player) -> u32| -> Vec<u32> {
        game.players().iter().map(f).collect()
    };
    let lists = [
        ("Currency", &e.currency, players(|p| p.treasury)),
        ("Story Points", &e.story_points, players(|p| p.story_points)),
        ("hand", &e.hand, players(|p| p.hand)),
    ];
    for (what, want, got) in lists {
        if let Some(want) = want {
            if &got != want {
                errors.push(format!("{what} is {got:?}, expected {want:?}"));
            }
        }
    }
}

/// Whether `id` was destroyed by a Liberation in this run.
pub fn liberation_kill(run: &Run, id: PermanentId) -> bool {
    run.log.iter().any(|e| {
        matches!(e, Event::Destroyed { permanent, by: DestroyedBy::Liberation { .. } } if *permanent == id)
    })
}
