//! `Loc<T>`: a value with the span it was written at, where the span takes no part
//! in equality or hashing.
//!
//! Two cards that say the same thing are equal IR wherever they were written; this is
//! what lets the canonical rules text round-trip (print, parse, compare) and keeps
//! spans "beside" the IR for diagnostics.

use cardc_diagnostics::Span;
use serde::{Deserialize, Serialize};
use std::hash::{Hash, Hasher};

/// A value and the source span it came from. Equality and hashing ignore the span.
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize)]
pub struct Loc<T> {
    /// The value.
    pub value: T,
    /// Where it was written (ignored by `==`).
    pub span: Span,
}

impl<T> Loc<T> {
    /// `value` written at `span`.
    pub fn new(value: T, span: Span) -> Self {
        Loc { value, span }
    }

    /// Maps the value, keeping the span.
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Loc<U> {
        Loc {
            value: f(self.value),
            span: self.span,
        }
    }

    /// Borrows the value, keeping the span.
    pub fn as_ref(&self) -> Loc<&T> {
        Loc {
            value: &self.value,
            span: self.span,
        }
    }
}

impl<T: PartialEq> PartialEq for Loc<T> {
    fn eq(&self, other: &Self) -> bool {
        self.value == other.value
    }
}

impl<T: Eq> Eq for Loc<T> {}

impl<T: Hash> Hash for Loc<T> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.value.hash(state);
    }
}

impl<T> std::ops::Deref for Loc<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.value
    }
}

/// A span that takes no part in equality or hashing: where a card or face was
/// written. Dereferences to the [`Span`].
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Site(pub Span);

impl PartialEq for Site {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for Site {}

impl Hash for Site {
    fn hash<H: Hasher>(&self, _: &mut H) {}
}

impl std::ops::Deref for Site {
    type Target = Span;
    fn deref(&self) -> &Span {
        &self.0
    }
}

impl From<Site> for Span {
    fn from(site: Site) -> Span {
        site.0
    }
}
