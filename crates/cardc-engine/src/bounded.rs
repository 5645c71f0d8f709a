//! `Bounded<T, N>`: a fixed-capacity, inline, `Copy` list.
//!
//! The Liberation hot path keeps liberators, targets, garrisons and assignments in these so that
//! no step allocates. Capacities are generous for the game (see [`crate::limits`]); exceeding one
//! is reported as an error by the caller, never a panic.

use std::fmt;

/// An inline list of at most `N` elements of a `Copy` type.
#[derive(Clone, Copy)]
pub struct Bounded<T: Copy + Default, const N: usize> {
    items: [T; N],
    len: u8,
}

impl<T: Copy + Default, const N: usize> Bounded<T, N> {
    /// An empty list.
    pub fn new() -> Self {
        Self {
            items: [T::default(); N],
            len: 0,
        }
    }

    /// Builds a list from a slice; `None` if the slice is longer than `N`.
    pub fn from_slice(items: &[T]) -> Option<Self> {
        let mut out = Self::new();
        for &item in items {
            out.push(item).ok()?;
        }
        Some(out)
    }

    /// Appends an element; `Err(item)` if full.
    pub fn push(&mut self, item: T) -> Result<(), T> {
        let len = usize::from(self.len);
        if len >= N || len >= usize::from(u8::MAX) {
            return Err(item);
        }
        self.items[len] = item;
        self.len += 1;
        Ok(())
    }

    /// The elements as a slice.
    pub fn as_slice(&self) -> &[T] {
        &self.items[..usize::from(self.len)]
    }

    /// The elements as a mutable slice.
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        &mut self.items[..usize::from(self.len)]
    }

    /// Number of elements.
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether the list is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Iterates over the elements.
    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.as_slice().iter()
    }

    /// Whether `item` is in the list.
    pub fn contains(&self, item: &T) -> bool
    where
        T: PartialEq,
    {
        self.as_slice().contains(item)
    }
}

impl<T: Copy + Default, const N: usize> Default for Bounded<T, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Copy + Default + PartialEq, const N: usize> PartialEq for Bounded<T, N> {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<T: Copy + Default + Eq, const N: usize> Eq for Bounded<T, N> {}

impl<T: Copy + Default + fmt::Debug, const N: usize> fmt::Debug for Bounded<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<'a, T: Copy + Default, const N: usize> IntoIterator for &'a Bounded<T, N> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}
