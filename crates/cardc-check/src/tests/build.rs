//! Builders for IR in tests: clean cards of every kind, each value at its own span,
//! so a test can break one rule and assert the code and the span it lands on.

use cardc_diagnostics::{Diagnostic, FileId, Span};
use cardc_ir::*;

/// Hands out distinct spans in file 0.
#[derive(Default)]
pub struct B {
    next: u32,
}

impl B {
    pub fn sp(&mut self) -> Span {
        let s = Span {
            file: FileId(0),
            start: self.next,
            end: self.next + 3,
        };
        self.next += 10;
        s
    }

    pub fn loc<T>(&mut self, v: T) -> Loc<T> {
        Loc::new(v, self.sp())
    }

    pub fn card(&mut self, kind: CardKind, name: &str) -> Card {
        let span = self.sp();
        let mut card = Card::new(self.loc(name.to_owned()), self.loc(kind), span);
        card.cost = Some(self.loc(1));
        card
    }

    pub fn face(&mut self, role: FaceRole, name: Option<&str>) -> Face {
        let span = self.sp();
        let mut f = Face::empty(
            role,
            Span {
                end: span.start + 20,
                ..span
            },
        );
        f.name = name.map(|n| self.loc(n.to_owned()));
        f
    }

    /// A clean Character face.
    pub fn character_face(
        &mut self,
        role: FaceRole,
        name: Option<&str>,
        m: Morality,
        d: [Drive; 2],
    ) -> Face {
        let mut f = self.face(role, name);
        let drives = vec![self.loc(d[0]), self.loc(d[1])];
        f.drives = Some(self.loc(drives));
        f.morality = Some(self.loc(m));
        f.cp = Some(self.loc(5));
        f.vox = Some(self.loc(1));
        f.attack = Some(self.loc(1));
        f.rank = Some(self.loc(StatValue::X));
        f.def = Some(self.loc(StatValue::X));
        let other = if m == Morality::Virtuous {
            Morality::Ruthless
        } else {
            Morality::Virtuous
        };
        let p = Penalty {
            amount: self.loc(2),
            morality: self.loc(other),
        };
        let list = vec![self.loc(p)];
        f.penalties = Some(self.loc(list));
        if role == FaceRole::Fallen {
            f.exit = Some(self.loc(ExitClause::Redeem));
        }
        f
    }

    /// A clean two-faced Character.
    pub fn character(&mut self, name: &str) -> Card {
        let mut c = self.card(CardKind::Character, name);
        let prime = self.character_face(
            FaceRole::Prime,
            None,
            Morality::Virtuous,
            [Drive::Liberation, Drive::Justice],
        );
        let fallen_name = format!("{name}, Fallen");
        let fallen = self.character_face(
            FaceRole::Fallen,
            Some(&fallen_name),
            Morality::Ruthless,
            [Drive::Power, Drive::Destruction],
        );
        c.faces = vec![prime, fallen];
        c
    }

    /// A clean one-faced permanent with numeric Rank `rank` (and combat stats for units).
    pub fn permanent(&mut self, kind: CardKind, name: &str, rank: Option<u32>) -> Card {
        let mut c = self.card(kind, name);
        let mut f = self.face(FaceRole::Front, None);
        f.rank = rank.map(|r| self.loc(StatValue::Num(r)));
        if matches!(kind, CardKind::GroundUnit | CardKind::Spacecraft) {
            f.attack = Some(self.loc(1));
            f.def = Some(self.loc(StatValue::Num(2)));
        }
        if kind == CardKind::GroundUnit {
            f.vox = Some(self.loc(1));
        }
        c.faces = vec![f];
        c
    }

    pub fn ground_unit(&mut self, name: &str) -> Card {
        self.permanent(CardKind::GroundUnit, name, Some(2))
    }

    pub fn location(&mut self, name: &str) -> Card {
        self.permanent(CardKind::SurfaceLocation, name, Some(3))
    }

    pub fn device(&mut self, name: &str) -> Card {
        self.permanent(CardKind::Device, name, None)
    }

    pub fn maneuver(&mut self, name: &str) -> Card {
        let mut c = self.permanent(CardKind::Maneuver, name, None);
        c.speed = Some(self.loc(Speed::Slow));
        c
    }

    pub fn storyline(&mut self, name: &str) -> Card {
        let mut c = self.permanent(CardKind::Storyline, name, None);
        let mut rev = self.face(FaceRole::Reversal, Some("The Verdict"));
        let fall = self.effect(Effect::FallTheBound);
        rev.abilities.push(fall);
        c.faces.push(rev);
        c
    }

    /// `effect.` as a one-step ability.
    pub fn effect(&mut self, e: Effect) -> Loc<Ability> {
        let step = self.loc(e);
        self.loc(Ability::Effect(EffectChain {
            steps: vec![step],
            condition: None,
            modes: None,
            joined: Vec::new(),
        }))
    }

    /// `Whenever <event>, <effect>.`
    pub fn whenever(&mut self, ev: Event, e: Effect) -> Loc<Ability> {
        let trigger = self.loc(Trigger::Whenever(ev));
        let step = self.loc(e);
        self.loc(Ability::Triggered(Triggered {
            trigger,
            condition: None,
            effect: EffectChain {
                steps: vec![step],
                condition: None,
                modes: None,
                joined: Vec::new(),
            },
            named: None,
            optional: false,
        }))
    }

    /// `Twist: When <event>, <effect>.`
    pub fn twist(&mut self, ev: Event, e: Effect) -> Loc<Ability> {
        let trigger = self.loc(Trigger::When(ev));
        let step = self.loc(e);
        let triggered = Triggered {
            trigger,
            condition: None,
            effect: EffectChain {
                steps: vec![step],
                condition: None,
                modes: None,
                joined: Vec::new(),
            },
            named: None,
            optional: false,
        };
        self.loc(Ability::Twist(Twist {
            optional: false,
            triggered,
        }))
    }

    /// `±N CP: <effect>.`
    pub fn cp_ability(&mut self, cp: i32, e: Effect) -> Loc<Ability> {
        let cp = self.loc(Cost::Cp(cp));
        let step = self.loc(e);
        self.loc(Ability::Activated(Activated {
            costs: vec![cp],
            effect: EffectChain {
                steps: vec![step],
                condition: None,
                modes: None,
                joined: Vec::new(),
            },
        }))
    }

    /// `A: <effect>.`
    pub fn activated(&mut self, e: Effect) -> Loc<Ability> {
        let a = self.loc(Cost::Activate);
        let step = self.loc(e);
        self.loc(Ability::Activated(Activated {
            costs: vec![a],
            effect: EffectChain {
                steps: vec![step],
                condition: None,
                modes: None,
                joined: Vec::new(),
            },
        }))
    }

    /// `<subject> gets ±N <stat>.`
    pub fn bonus(&mut self, subject: Subject, amount: i32, stat: BonusStat) -> Loc<Ability> {
        let s = Static {
            subject: self.loc(subject),
            kind: self.loc(StaticKind::Bonus { amount, stat }),
            condition: None,
        };
        self.loc(Ability::Static(s))
    }
}

pub fn set(cards: Vec<Card>) -> CardSet {
    CardSet {
        files: vec!["test.card".into()],
        cards,
    }
}

/// The codes `check` reports for these cards, in order.
pub fn codes(cards: Vec<Card>) -> Vec<&'static str> {
    crate::check(&set(cards))
        .into_iter()
        .map(|d| d.code)
        .collect()
}

/// The diagnostics for these cards.
pub fn diags(cards: Vec<Card>) -> Vec<Diagnostic> {
    crate::check(&set(cards))
}

pub fn target(kind: PermanentKind, controller: Option<Controller>) -> Target {
    Target::Chosen {
        kind,
        controller,
        filters: cardc_ir::Filters::NONE,
        other: false,
        count: None,
    }
}
