//! Continuous values: statics netted across sources (§7.5), effective Rank (§12.8), keywords.

use crate::card::{BonusStat, Keyword, Kind, StatValue, Subject};
use crate::game::{Game, Permanent};
use crate::ids::PermanentId;

impl Game {
    /// The net of every static DEF or RK bonus and penalty that applies to `id` right now,
    /// from every permanent on the Map (§7.5: "netted before they apply").
    pub fn net_static(&self, id: PermanentId, stat: BonusStat) -> i64 {
        if self.on_map(id).is_none() {
            return 0;
        }
        let mut net = 0i64;
        for source in self.map() {
            for s in source.data().statics.iter().filter(|s| s.stat == stat) {
                let applies = self.covers(source, s.subject, id);
                if applies {
                    net += i64::from(s.amount);
                }
            }
        }
        net
    }

    /// Whether `subject`, printed on `source`, covers the permanent `id` right now (§7.5).
    pub(crate) fn covers(&self, source: &Permanent, subject: Subject, id: PermanentId) -> bool {
        match subject {
            Subject::ThisCard => source.id == id,
            Subject::TheBound => source.kind() == Kind::Storyline && source.bound == Some(id),
            Subject::CharactersYouControl => self
                .on_map(id)
                .is_some_and(|t| t.is_character() && t.controller == source.controller),
            Subject::Group { selector, other } => {
                !(other && source.id == id) && self.selects(id, selector, source.controller)
            }
        }
    }

    /// The Rank Liberation counters must reach on a non-Character: printed Rank plus its net
    /// RK statics (§7.5 "Characters only", §12.8). `None` for a Character (Rank X) or a
    /// permanent without printed Rank.
    pub fn effective_rank(&self, id: PermanentId) -> Option<i64> {
        let p = self.on_map(id)?;
        match p.data().rank? {
            StatValue::X => None,
            StatValue::Num(n) => Some(i64::from(n) + self.net_static(id, BonusStat::Rank)),
        }
    }

    /// The DEF a non-Character's marked damage must reach: printed DEF plus net DEF statics.
    pub fn effective_def(&self, id: PermanentId) -> Option<i64> {
        let p = self.on_map(id)?;
        match p.data().def? {
            StatValue::X => None,
            StatValue::Num(n) => Some(i64::from(n) + self.net_static(id, BonusStat::Def)),
        }
    }

    /// Whether the face showing on `id` prints `keyword`.
    pub fn has_keyword(&self, id: PermanentId, keyword: Keyword) -> bool {
        self.permanent(id).is_some_and(|p| p.data().has(keyword))
    }
}
