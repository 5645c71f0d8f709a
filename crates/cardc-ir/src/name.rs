//! [`CardName`]: a card's name where the IR must stay `Copy`, in an event's subject
//! (`When "Pier Nine" is destroyed, …`). Events are `Copy` values matched and compared
//! everywhere (`Event::ALL`, the checker's facts, codegen's `Trigger`), so the name is an
//! interned symbol, as rustc's `Symbol`: equal names are the same small integer, and the
//! string lives for the rest of the process.
//!
//! The table only grows by names a designer writes in an event, each stored once, so a
//! long-running language server keeps at most the distinct names ever written there. Order
//! and printing go through the string, never the integer, so nothing depends on the order
//! in which names were first seen.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock, PoisonError};

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// An interned card name: `Copy`, compared and hashed by identity, ordered and printed by its
/// text.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct CardName(u32);

#[derive(Default)]
struct Interner {
    ids: HashMap<&'static str, u32>,
    names: Vec<&'static str>,
}

fn interner() -> &'static Mutex<Interner> {
    static TABLE: OnceLock<Mutex<Interner>> = OnceLock::new();
    TABLE.get_or_init(Default::default)
}

impl CardName {
    /// The symbol for `name` (the card's name, unescaped).
    pub fn new(name: &str) -> CardName {
        let mut t = interner().lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(&id) = t.ids.get(name) {
            return CardName(id);
        }
        let text: &'static str = Box::leak(name.to_owned().into_boxed_str());
        let id = u32::try_from(t.names.len()).unwrap_or(u32::MAX);
        t.names.push(text);
        t.ids.insert(text, id);
        CardName(id)
    }

    /// The name, unescaped.
    pub fn as_str(self) -> &'static str {
        let t = interner().lock().unwrap_or_else(PoisonError::into_inner);
        t.names.get(self.0 as usize).copied().unwrap_or("")
    }
}

impl std::fmt::Debug for CardName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self.as_str(), f)
    }
}

impl PartialOrd for CardName {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for CardName {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        if self.0 == other.0 {
            return std::cmp::Ordering::Equal;
        }
        self.as_str().cmp(other.as_str())
    }
}

impl Serialize for CardName {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for CardName {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let name = String::deserialize(d)?;
        Ok(CardName::new(&name))
    }
}

#[cfg(test)]
mod tests {
    use super::CardName;

    #[test]
    fn equal_names_are_one_symbol_ordered_by_text() {
        let b = CardName::new("Zed's Bell");
        let a = CardName::new("Ash Gate");
        assert_eq!(CardName::new("Zed's Bell"), b);
        assert_ne!(a, b);
        assert_eq!(b.as_str(), "Zed's Bell");
        assert!(a < b, "ordered by text, not by first sight");
        let json = serde_json::to_string(&a).unwrap_or_default();
        assert_eq!(json, "\"Ash Gate\"");
        let back: CardName = serde_json::from_str(&json).unwrap_or(b);
        assert_eq!(back, a);
    }
}
