//! The typed IR of cards, lowering from the AST, and the canonical rules text.
//!
//! ```text
//! cardc_syntax::parse ──AST──▶ lower ──▶ CardSet (IR) ──▶ cardc-check, codegen, sheets
//!                                            │
//!                                            └──▶ text::ability (canonical rules text)
//! ```
//!
//! * [`ir`]: the IR types (plain enums and structs, serde-serialisable).
//! * [`vocab`]: the closed vocabularies (Drives, Moralities, card kinds, …).
//! * [`lower()`]: AST → IR with structural checks (codes `E0050`–`E0099`).
//! * [`text`]: the canonical rules text, the one string printed on a card and parsed
//!   back to the same IR.
//! * [`print`](mod@print): the canonical source of a whole card (IR → card language).

pub mod ir;
mod loc;
pub mod lower;
pub mod print;
pub mod text;
pub mod vocab;
pub mod vocabulary;

pub use ir::*;
pub use loc::{Loc, Site};
pub use lower::{lower, CODES};
pub use vocab::*;
pub use vocabulary::{Playable, TargetNeeds};
