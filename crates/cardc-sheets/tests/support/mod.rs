//! A representative card set built in code: the examples of the card-language sketch
//! (every kind, both faces of a Character, a Device's Fallen face, a Storyline and its
//! Reversal), with spans that point into the matching source text, so proofs carry
//! real file:line marks. Shared by the tests and the benchmarks.
#![allow(dead_code)]

use cardc_diagnostics::{FileId, SourceMap, Span};
use cardc_ir::*;

/// The source the in-code set corresponds to.
pub const SOURCE: &str = r#"# The examples of the card-language sketch.
character "Mara Voss" {
    cost 3
    votes 1

    prime {
        drives Liberation, Justice
        morality Virtuous
        cp 6
        vox 2
        attack 2
        rank X
        def X
        penalties -1 CP Expedient, -3 CP Ruthless, -5 CP Iniquitous

        text {
            Whenever this card liberates another card, gain 1 CP.
            -2 CP: Draw a card.
            A, Pay 1 Currency: Ready target Ground Unit you control.
        }
        flavor "She never raised her voice. She never had to."
    }

    fallen "Mara, the Hollow Voice" {
        drives Destruction, Power
        morality Ruthless
        cp 4
        vox 3
        attack 3
        rank X
        def X
        penalties -2 CP Virtuous

        text {
            Confluence.
            +1 RK.
        }
        exit Redeem
    }
}

ground_unit "Dockside Agitators" {
    cost 1
    rank 2
    vox 1
    attack 1
    def 1
}

spacecraft "Resolute" {
    capital
    cost 6
    rank 7
    attack 4
    def 5
    text {
        Fortified.
    }
}

surface_location "Karsk Shipyards" {
    rank 3
    text {
        Indoctrinated.
        Whenever a Liberation an opponent declared destroys a permanent you control, gain 1 Currency.
    }
}

planetary_location "Veyra Basin" { rank 5 }

homeworld "Teral Prime" { rank 6 }

device "Lattice Engine" {
    cost 2
    text { A, Pay 2 Currency: Place 1 Liberation counter on target Surface Location. }
    fallen "Fallen Weapon Tech" {
        text { Whenever a card you control destroys a permanent, deal 1 damage to target Character. }
        redeem Pay 3 Currency
    }
}

maneuver "Public Denunciation" {
    cost 1
    speed slow
    character_action Ruthless
    text { Target Character loses 2 CP. }
}

maneuver "Sudden Reprisal" {
    cost 0
    speed fast
    text { Deal 2 damage to target Ground Unit. }
}

storyline "The Show Trial" {
    cost 2
    text {
        The Bound gets +2 DEF.
        If Liberation counters would be placed on the Bound, place that many Story counters on this card instead.
    }
    reversal "The Verdict" {
        text { Fall the Bound. }
    }
}
"#;

/// The file name the set records.
pub const FILE: &str = "cards/sample.card";

/// Locates `needle` at or after byte `from` in [`SOURCE`], up to the end of its line.
fn find(needle: &str, from: usize) -> Span {
    let start = SOURCE[from..].find(needle).map_or(from, |i| from + i);
    let end = SOURCE[start..]
        .find('\n')
        .map_or(SOURCE.len(), |i| start + i);
    Span::new(FileId(0), start, end)
}

fn loc<T>(v: T, span: Span) -> Loc<T> {
    Loc::new(v, span)
}

fn chain(effects: Vec<Effect>, span: Span) -> EffectChain {
    EffectChain {
        steps: effects.into_iter().map(|e| loc(e, span)).collect(),
        condition: None,
        modes: None,
        joined: Vec::new(),
    }
}

struct Builder {
    cards: Vec<Card>,
}

impl Builder {
    fn card(&mut self, kind: CardKind, name: &str) -> (usize, Span) {
        let head = format!("{} \"{}\"", kind.name(), name);
        let span = find(&head, 0);
        let mut card = Card::new(loc(name.to_owned(), span), loc(kind, span), span);
        card.faces.push(Face::empty(FaceRole::Front, span));
        self.cards.push(card);
        (self.cards.len() - 1, span)
    }
}

fn ab(a: Ability, span: Span) -> Loc<Ability> {
    loc(a, span)
}

fn chosen(kind: PermanentKind, controller: Option<Controller>) -> Target {
    Target::Chosen {
        kind,
        controller,
        filters: cardc_ir::Filters::NONE,
        other: false,
        count: None,
    }
}

/// The sample set and its source map (file 0 is [`FILE`] with [`SOURCE`]).
pub fn sample() -> (CardSet, SourceMap) {
    let mut b = Builder { cards: vec![] };

    // Mara Voss: Prime and Fallen.
    let (i, s) = b.card(CardKind::Character, "Mara Voss");
    let from = s.start as usize;
    let prime_span = find("prime {", from);
    let fallen_span = find("fallen \"Mara", from);
    let p = prime_span.start as usize;
    let mut prime = Face::empty(FaceRole::Prime, prime_span);
    prime.drives = Some(loc(
        vec![loc(Drive::Liberation, s), loc(Drive::Justice, s)],
        find("drives", p),
    ));
    prime.morality = Some(loc(Morality::Virtuous, find("morality", p)));
    prime.cp = Some(loc(6, find("cp 6", p)));
    prime.vox = Some(loc(2, find("vox", p)));
    prime.attack = Some(loc(2, find("attack", p)));
    prime.rank = Some(loc(StatValue::X, find("rank", p)));
    prime.def = Some(loc(StatValue::X, find("def", p)));
    let pen = find("penalties", p);
    prime.penalties = Some(loc(
        vec![
            loc(
                Penalty {
                    amount: loc(1, pen),
                    morality: loc(Morality::Expedient, pen),
                },
                pen,
            ),
            loc(
                Penalty {
                    amount: loc(3, pen),
                    morality: loc(Morality::Ruthless, pen),
                },
                pen,
            ),
            loc(
                Penalty {
                    amount: loc(5, pen),
                    morality: loc(Morality::Iniquitous, pen),
                },
                pen,
            ),
        ],
        pen,
    ));
    let t = find("Whenever this card liberates", p);
    prime.abilities = vec![
        ab(
            Ability::Triggered(Triggered {
                condition: None,
                trigger: loc(Trigger::Whenever(Event::ThisLiberatesAnotherCard), t),
                effect: chain(vec![Effect::GainCp(Quantity::Number(1))], t),
                named: None,
                optional: false,
            }),
            t,
        ),
        ab(
            Ability::Activated(Activated {
                costs: vec![loc(Cost::Cp(-2), t)],
                effect: chain(
                    vec![Effect::Draw {
                        who: cardc_ir::Player::You,
                        count: Quantity::Number(1),
                    }],
                    t,
                ),
            }),
            find("-2 CP", p),
        ),
        ab(
            Ability::Activated(Activated {
                costs: vec![loc(Cost::Activate, t), loc(Cost::PayCurrency(1), t)],
                effect: chain(
                    vec![Effect::Ready(chosen(
                        PermanentKind::GroundUnit,
                        Some(Controller::You),
                    ))],
                    t,
                ),
            }),
            find("A, Pay 1", p),
        ),
    ];
    prime.flavor = Some(loc(
        "She never raised her voice. She never had to.".to_owned(),
        find("flavor", p),
    ));
    let f = fallen_span.start as usize;
    let mut fallen = Face::empty(FaceRole::Fallen, fallen_span);
    fallen.name = Some(loc("Mara, the Hollow Voice".to_owned(), fallen_span));
    fallen.drives = Some(loc(
        vec![loc(Drive::Destruction, s), loc(Drive::Power, s)],
        find("drives", f),
    ));
    fallen.morality = Some(loc(Morality::Ruthless, find("morality", f)));
    fallen.cp = Some(loc(4, find("cp 4", f)));
    fallen.vox = Some(loc(3, find("vox", f)));
    fallen.attack = Some(loc(3, find("attack", f)));
    fallen.rank = Some(loc(StatValue::X, find("rank", f)));
    fallen.def = Some(loc(StatValue::X, find("def", f)));
    let pen = find("penalties", f);
    fallen.penalties = Some(loc(
        vec![loc(
            Penalty {
                amount: loc(2, pen),
                morality: loc(Morality::Virtuous, pen),
            },
            pen,
        )],
        pen,
    ));
    fallen.abilities = vec![
        ab(Ability::Keyword(Keyword::Confluence), find("Confluence", f)),
        ab(
            Ability::Static(Static {
                subject: loc(Subject::ThisCard, pen),
                kind: loc(
                    StaticKind::Bonus {
                        amount: 1,
                        stat: BonusStat::Rank,
                    },
                    pen,
                ),
                condition: None,
            }),
            find("+1 RK", f),
        ),
    ];
    fallen.exit = Some(loc(ExitClause::Redeem, find("exit", f)));
    let c = &mut b.cards[i];
    c.cost = Some(loc(3, find("cost", from)));
    c.votes = Some(loc(1, find("votes", from)));
    c.faces = vec![prime, fallen];

    // Dockside Agitators.
    let (i, s) = b.card(CardKind::GroundUnit, "Dockside Agitators");
    let c = &mut b.cards[i];
    c.cost = Some(loc(1, s));
    let face = &mut c.faces[0];
    face.rank = Some(loc(StatValue::Num(2), s));
    face.vox = Some(loc(1, s));
    face.attack = Some(loc(1, s));
    face.def = Some(loc(StatValue::Num(1), s));

    // Resolute.
    let (i, s) = b.card(CardKind::Spacecraft, "Resolute");
    let c = &mut b.cards[i];
    c.capital = Some(loc((), s));
    c.cost = Some(loc(6, s));
    let face = &mut c.faces[0];
    face.rank = Some(loc(StatValue::Num(7), s));
    face.attack = Some(loc(4, s));
    face.def = Some(loc(StatValue::Num(5), s));
    face.abilities = vec![ab(Ability::Keyword(Keyword::Fortified), s)];

    // Karsk Shipyards.
    let (i, s) = b.card(CardKind::SurfaceLocation, "Karsk Shipyards");
    let face = &mut b.cards[i].faces[0];
    face.rank = Some(loc(StatValue::Num(3), s));
    face.abilities = vec![
        ab(Ability::Keyword(Keyword::Indoctrinated), s),
        ab(
            Ability::Triggered(Triggered {
                condition: None,
                trigger: loc(
                    Trigger::Whenever(Event::AnOpponentsLiberationDestroysYourPermanent),
                    s,
                ),
                effect: chain(
                    vec![Effect::GainCurrency {
                        who: cardc_ir::Player::You,
                        amount: Quantity::Number(1),
                    }],
                    s,
                ),
                named: None,
                optional: false,
            }),
            s,
        ),
    ];

    // Veyra Basin and Teral Prime.
    let (i, s) = b.card(CardKind::PlanetaryLocation, "Veyra Basin");
    b.cards[i].faces[0].rank = Some(loc(StatValue::Num(5), s));
    let (i, s) = b.card(CardKind::Homeworld, "Teral Prime");
    b.cards[i].faces[0].rank = Some(loc(StatValue::Num(6), s));

    // Lattice Engine: a Device with a Fallen face.
    let (i, s) = b.card(CardKind::Device, "Lattice Engine");
    let fs = find("fallen \"Fallen Weapon Tech\"", s.start as usize);
    let c = &mut b.cards[i];
    c.cost = Some(loc(2, s));
    c.faces[0].abilities = vec![ab(
        Ability::Activated(Activated {
            costs: vec![loc(Cost::Activate, s), loc(Cost::PayCurrency(2), s)],
            effect: chain(
                vec![Effect::PlaceLiberationCounters {
                    amount: Quantity::Number(1),
                    target: chosen(PermanentKind::SurfaceLocation, None),
                }],
                s,
            ),
        }),
        s,
    )];
    let mut fallen = Face::empty(FaceRole::Fallen, fs);
    fallen.name = Some(loc("Fallen Weapon Tech".to_owned(), fs));
    fallen.abilities = vec![ab(
        Ability::Triggered(Triggered {
            condition: None,
            trigger: loc(
                Trigger::Whenever(Event::ACardYouControlDestroysAPermanent),
                fs,
            ),
            effect: chain(
                vec![Effect::DealDamage {
                    amount: Quantity::Number(1),
                    target: chosen(PermanentKind::Character, None),
                }],
                fs,
            ),
            named: None,
            optional: false,
        }),
        fs,
    )];
    fallen.redeem = Some(loc(RedeemCost::PayCurrency(3), fs));
    c.faces.push(fallen);

    // Maneuvers.
    let (i, s) = b.card(CardKind::Maneuver, "Public Denunciation");
    let c = &mut b.cards[i];
    c.cost = Some(loc(1, s));
    c.speed = Some(loc(Speed::Slow, s));
    c.character_action = Some(loc(Morality::Ruthless, s));
    c.faces[0].abilities = vec![ab(
        Ability::Effect(chain(
            vec![Effect::TargetLosesCp {
                target: chosen(PermanentKind::Character, None),
                amount: Quantity::Number(2),
            }],
            s,
        )),
        s,
    )];
    let (i, s) = b.card(CardKind::Maneuver, "Sudden Reprisal");
    let c = &mut b.cards[i];
    c.cost = Some(loc(0, s));
    c.speed = Some(loc(Speed::Fast, s));
    c.faces[0].abilities = vec![ab(
        Ability::Effect(chain(
            vec![Effect::DealDamage {
                amount: Quantity::Number(2),
                target: chosen(PermanentKind::GroundUnit, None),
            }],
            s,
        )),
        s,
    )];

    // The Show Trial and its Reversal.
    let (i, s) = b.card(CardKind::Storyline, "The Show Trial");
    let rs = find("reversal \"The Verdict\"", s.start as usize);
    let c = &mut b.cards[i];
    c.cost = Some(loc(2, s));
    c.faces[0].abilities = vec![
        ab(
            Ability::Static(Static {
                subject: loc(Subject::TheBound, s),
                kind: loc(
                    StaticKind::Bonus {
                        amount: 2,
                        stat: BonusStat::Def,
                    },
                    s,
                ),
                condition: None,
            }),
            s,
        ),
        ab(
            Ability::Replacement(Replacement {
                would: loc(WouldEvent::CountersPlaced(Target::TheBound), s),
                instead: chain(
                    vec![Effect::PlaceThatManyStoryCounters {
                        target: Target::ThisCard,
                    }],
                    s,
                ),
            }),
            s,
        ),
    ];
    let mut reversal = Face::empty(FaceRole::Reversal, rs);
    reversal.name = Some(loc("The Verdict".to_owned(), rs));
    reversal.abilities = vec![ab(
        Ability::Effect(chain(vec![Effect::FallTheBound], rs)),
        rs,
    )];
    c.faces.push(reversal);

    let mut map = SourceMap::new();
    map.add(FILE, SOURCE);
    (
        CardSet {
            files: vec![FILE.to_owned()],
            cards: b.cards,
        },
        map,
    )
}

/// A synthetic set of `n` cards: the sample's cards repeated with numbered names.
pub fn synthetic(n: usize) -> CardSet {
    let (base, _) = sample();
    let mut cards = Vec::with_capacity(n);
    for i in 0..n {
        let mut card = base.cards[i % base.cards.len()].clone();
        card.name.value = format!("{} #{}", card.name.value, i + 1);
        cards.push(card);
    }
    CardSet {
        files: base.files,
        cards,
    }
}

/// The project's card set: every `cards/*.card` parsed and lowered, with its sources
/// (paths as `cards/<name>.card`). Panics if the folder is missing or empty.
pub fn project_cards() -> (CardSet, SourceMap) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../cards");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "card"))
        .collect();
    paths.sort();
    assert!(!paths.is_empty(), "no .card files in {}", dir.display());
    let inputs = paths
        .iter()
        .map(|path| {
            let name = format!("cards/{}", path.file_name().unwrap().to_string_lossy());
            cardc::Input::new(name, std::fs::read(path).unwrap())
        })
        .collect();
    let c = cardc::compile(inputs);
    (c.set, c.sources)
}
