//! The filters of a target or group as printed: adjectives before the kind (`Fallen
//! Ruthless`), clauses after the controller (`with Rank 2 or less`). `Filter`, `Filters` and
//! `FilterNeeds` are generated from the `[[filter]]` rows of `vocab/vocabulary.toml`; a
//! `Filters` set holds at most one filter of each row, in table order, which is the canonical
//! order they print in.

pub use crate::vocabulary::{Filter, FilterHost, FilterNeeds, Filters};

impl Filters {
    /// The adjectives, each followed by a space: `Fallen Ruthless ` (empty if none).
    pub fn before(&self) -> String {
        let mut out = String::new();
        for f in self.list().into_iter().filter(Filter::adjective) {
            out.push_str(&f.text());
            out.push(' ');
        }
        out
    }

    /// The kind as printed with these filters: a noun in place of it (`garrison`, ruling
    /// R117), else its name; in the plural when `plural`.
    pub fn kind_text(&self, kind: crate::PermanentKind, plural: bool) -> &'static str {
        match self.list().into_iter().find_map(|f| f.noun()) {
            Some((one, many)) => {
                if plural {
                    many
                } else {
                    one
                }
            }
            None if plural => kind.plural(),
            None => kind.name(),
        }
    }

    /// The clauses, each preceded by a space: ` with Rank 2 or less` (empty if none).
    pub fn after(&self) -> String {
        let mut out = String::new();
        for f in self
            .list()
            .into_iter()
            .filter(|f| !f.adjective() && f.noun().is_none())
        {
            out.push(' ');
            out.push_str(&f.text());
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vocab::Morality;

    #[test]
    fn prints_in_table_order_whatever_the_insertion_order() {
        let mut f = Filters::NONE;
        assert!(f.insert(Filter::CpOrLess(3)));
        assert!(f.insert(Filter::Morality(Morality::Ruthless)));
        assert!(f.insert(Filter::Fallen));
        assert!(!f.insert(Filter::Fallen), "a row is held once");
        assert_eq!(f.before(), "Fallen Ruthless ");
        assert_eq!(f.after(), " with 3 or less CP");
        assert!(Filters::NONE.is_empty() && !f.is_empty());
    }
}
