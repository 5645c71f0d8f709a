//! Unit tests of the checker over IR built in code (no parser involved).

mod build;
mod cards;
mod named;
mod rules;
mod text;
