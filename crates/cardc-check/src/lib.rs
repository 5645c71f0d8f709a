//! The rules checker: every card against §7 Characters and §12 Liberation.
