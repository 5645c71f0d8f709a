//! The group of permanents an event is about: `a Character you control`, `another Ground
//! Unit an opponent controls` (`Whenever a Character you control is destroyed, …`). The same
//! three parts as a static's `Subject::Group` (a kind, whose, and whether the card printing it
//! is left out), printed in the singular an event reads. An event may name the Bound instead
//! (`When the Bound Falls, …`, ruling R80): [`EventSubject`].

use serde::{Deserialize, Serialize};

use crate::vocab::{Controller, PermanentKind};

/// `a|another <kind> [you control | an opponent controls]`: every permanent of the kind whose
/// controller is as named relative to the card's controller (anyone's when `None`);
/// `other` (`another`) leaves out the card printing the trigger (ruling R48).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Group {
    /// `another …`: every one but the card printing it.
    pub other: bool,
    /// Which kind.
    pub kind: PermanentKind,
    /// Whose, if restricted.
    pub controller: Option<Controller>,
    /// `a Fallen Character`: what else a member must pass.
    pub filters: crate::Filters,
}

impl Group {
    /// The stand-in group `Event::ALL` lists the events about a group with: `a permanent you
    /// control`.
    pub const EXAMPLE: Group = Group {
        other: false,
        kind: PermanentKind::Permanent,
        controller: Some(Controller::You),
        filters: crate::Filters::NONE,
    };

    /// A group of a kind, whose, and whether the card printing it is left out, with no
    /// filter.
    pub const fn new(other: bool, kind: PermanentKind, controller: Option<Controller>) -> Group {
        Group {
            other,
            kind,
            controller,
            filters: crate::Filters::NONE,
        }
    }

    /// The group as printed: `a Character you control`, `another Ground Unit`.
    pub fn printed(self) -> String {
        let kind = format!(
            "{}{}",
            self.filters.before(),
            self.filters.kind_text(self.kind, false)
        );
        let article = if self.other {
            "another"
        } else if kind.starts_with(['A', 'E', 'I', 'O', 'U', 'a', 'e', 'i', 'o', 'u']) {
            "an"
        } else {
            "a"
        };
        let after = self.filters.after();
        match self.controller {
            Some(c) => format!("{article} {kind} {}{after}", c.name()),
            None => format!("{article} {kind}{after}"),
        }
    }
}

/// What an event with a `{…:group}` slot is about: a group of permanents, or a Storyline's
/// Bound Character (`When the Bound is destroyed, …`, ruling R80), whoever controls it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum EventSubject {
    /// `a Character you control`, `another Ground Unit`.
    Group(Group),
    /// `the Bound`: the Character the Storyline printing the trigger is bound to (§7.7, §8.11).
    TheBound,
    /// `"Pier Nine"`: every permanent on the Map whose card has this name, whoever controls
    /// it (ruling R113), as a named target names them. The checker resolves the name against
    /// the set (`E0171`).
    Named(crate::CardName),
}

impl EventSubject {
    /// The stand-in subject `Event::ALL` lists the events about a group with.
    pub const EXAMPLE: EventSubject = EventSubject::Group(Group::EXAMPLE);

    /// The subject as printed: `a Character you control`, `the Bound`.
    pub fn printed(self) -> String {
        match self {
            EventSubject::Group(g) => g.printed(),
            EventSubject::TheBound => "the Bound".to_owned(),
            EventSubject::Named(name) => crate::print::quote(name.as_str()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prints_the_singular_with_its_article() {
        let g = Group::new(true, PermanentKind::GroundUnit, Some(Controller::Opponent));
        assert_eq!(g.printed(), "another Ground Unit an opponent controls");
        assert_eq!(Group::EXAMPLE.printed(), "a permanent you control");
        let g = Group::new(false, PermanentKind::Character, None);
        assert_eq!(g.printed(), "a Character");
        let mut filters = crate::Filters::NONE;
        filters.insert(crate::Filter::Morality(crate::vocab::Morality::Iniquitous));
        filters.insert(crate::Filter::CpOrMore(4));
        let g = Group { filters, ..g };
        assert_eq!(g.printed(), "an Iniquitous Character with 4 or more CP");
    }
}
