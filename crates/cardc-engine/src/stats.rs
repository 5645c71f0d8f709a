//! Continuous values: statics netted across sources (§7.5), effective Rank (§12.8), keywords.

use crate::card::{BonusStat, Duration, Keyword, Kind, StatValue, Subject};
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
            for s in source.data().statics {
                let bonus = s.kind.bonus(stat);
                if bonus != 0 && self.covers(source, s.subject, id) && self.applies(source, s, stat)
                {
                    net += bonus.saturating_mul(self.times(source, s.kind, stat));
                }
            }
        }
        for c in self
            .changes
            .iter()
            .filter(|c| c.permanent == id && c.stat == stat)
        {
            net += i64::from(c.amount);
        }
        net
    }

    /// Records a one-shot stat change on `id` (ruling R40): it nets with the statics (§7.5)
    /// until `until` ends. `until the end of the Liberation` with no Liberation under way
    /// does nothing (ruling R41): it would end as it began.
    pub(crate) fn change_stat(
        &mut self,
        id: PermanentId,
        stat: BonusStat,
        amount: i32,
        until: Duration,
    ) {
        if self.on_map(id).is_none() {
            return;
        }
        let liberation = match until {
            Duration::UntilEndOfTurn => None,
            Duration::UntilEndOfLiberation => match &self.liberation {
                Some(lib) => Some(lib.sequence),
                None => return,
            },
        };
        self.changes.push(TimedChange {
            permanent: id,
            stat,
            amount,
            until,
            liberation,
        });
        self.emit(crate::event::Event::StatChanged {
            permanent: id,
            stat,
            amount,
            until,
        });
    }

    /// Ends the changes and the prohibitions made `until` (rulings R40, R86): `until end of
    /// turn` as the turn ends (after the end-of-turn triggers, ruling R47), `until the end of
    /// the Liberation` once Step 7 and what it caused are done (ruling R41). Each one ended
    /// is logged, and the continuous check runs: counters that a lost `+RK` no longer
    /// cancels now destroy (§12.8).
    pub(crate) fn end_changes(&mut self, until: Duration) {
        let mut i = 0;
        while i < self.changes.len() {
            if self.changes[i].until == until {
                let c = self.changes.remove(i);
                self.emit(crate::event::Event::StatChangeEnded {
                    permanent: c.permanent,
                    stat: c.stat,
                    amount: c.amount,
                });
            } else {
                i += 1;
            }
        }
        self.end_prohibitions(until);
        self.end_controls(until);
        self.state_check();
    }

    /// A permanent leaving the Map loses its changes and the prohibitions made on it: what
    /// comes back is a new object.
    pub(crate) fn forget_changes(&mut self, id: PermanentId) {
        self.changes.retain(|c| c.permanent != id);
        self.forbidden.retain(|f| f.permanent != id);
        self.controls.retain(|c| c.permanent != id);
    }

    /// The one-shot stat changes in force, in the order they were made (ruling R40).
    pub fn stat_changes(&self) -> &[TimedChange] {
        &self.changes
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
                !(other && source.id == id)
                    && self.selects(id, selector, source.controller, Some(source.id))
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

/// A one-shot change to a permanent's DEF or RK (`Target Ground Unit gets +2 DEF until end of
/// turn.`), in force until its duration ends (ruling R40).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct TimedChange {
    /// The permanent changed: fixed as the effect resolves (ruling R42).
    pub permanent: PermanentId,
    /// The stat.
    pub stat: BonusStat,
    /// The signed change.
    pub amount: i32,
    /// When it ends.
    pub until: Duration,
    /// For `until the end of the Liberation`: the sequence number of the Liberation it lasts.
    pub liberation: Option<u32>,
}
