//! The typed IR of cards and the canonical rules text.
//!
//! ```text
//! cardc_syntax::parse ──AST──▶ cardc_lower::lower ──▶ CardSet (IR) ──▶ cardc-check, codegen, sheets
//!                                                        │
//!                                                        └──▶ text::ability (canonical rules text)
//! ```
//!
//! The IR knows nothing of the parser: it depends on no pest type and no AST, so the
//! checker, the code generator and the sheets, which read only the IR, do not either.
//!
//! * [`ir`]: the IR types (plain enums and structs, serde-serialisable).
//! * [`vocab`]: the closed vocabularies (Drives, Moralities, card kinds, …), defined in
//!   `cardc-types` and shared with the engine.
//! * [`text`]: the canonical rules text, the one string printed on a card and parsed
//!   back to the same IR.
//! * [`print`](mod@print): the canonical source of a whole card (IR → card language).

mod cost_change;
mod filter;
mod group;
pub mod ir;
mod loc;
pub mod modes;
mod name;
pub mod print;
pub mod prohibition;
mod quantity;
pub mod text;
pub mod vocab;
pub mod vocabulary;

pub use cost_change::{CostChange, CostGroup, CostPlayer};
pub use filter::{Filter, FilterHost, FilterNeeds, Filters};
pub use group::{EventSubject, Group};
pub use ir::*;
pub use loc::{Loc, Site};
pub use name::CardName;
pub use quantity::{Countable, Quantity, ReadStat, StatOf, Whose};
pub use vocab::*;
pub use vocabulary::{Playable, TargetNeeds};
