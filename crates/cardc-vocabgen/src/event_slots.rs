//! Events with a slot: an `[[event]]` row whose phrase has a `{…:group}` slot
//! (`{who:group} is destroyed`) is a variant with one field in every layer:
//! `Event::AGroupIsDestroyed(Group)` in the AST and the IR, `Trigger::AGroupIsDestroyed(Group)`
//! in the engine. The helpers here write those variants, their patterns and the field's
//! conversions for the events' emitter (`events.rs`); a new event slot type starts here.

use crate::phrase::{pascal, Slot};
use crate::table::Event;

/// The layer a variant is written for: the field's type differs in each.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layer {
    /// `crates/cardc-syntax`: the group as written.
    Ast,
    /// `crates/cardc-ir`: the group, typed.
    Ir,
    /// `crates/cardc-engine`: the group as the engine's selector.
    Engine,
}

/// The field type of a group slot in `layer`.
fn field_type(layer: Layer) -> &'static str {
    match layer {
        Layer::Ast => Slot::Group.ast_type(),
        Layer::Ir => Slot::Group.ir_type(),
        Layer::Engine => "crate::card::EventSubject",
    }
}

/// The variant as declared: `ThisIsDestroyed` or `AGroupIsDestroyed(crate::Group)`.
pub fn declaration(e: &Event, layer: Layer) -> String {
    match e.group() {
        Some(_) => format!("{}({})", pascal(&e.name), field_type(layer)),
        None => pascal(&e.name),
    }
}

/// A pattern matching the variant whatever its field: `ThisIsDestroyed`, `AGroupIsDestroyed(..)`.
pub fn any(e: &Event) -> String {
    match e.group() {
        Some(_) => format!("{}(..)", pascal(&e.name)),
        None => pascal(&e.name),
    }
}

/// A pattern binding the field to `var` (or the bare variant): `AGroupIsDestroyed(g)`.
pub fn bind(e: &Event, var: &str) -> String {
    match e.group() {
        Some(_) => format!("{}({var})", pascal(&e.name)),
        None => pascal(&e.name),
    }
}

/// The variant built from a value of its field named `value` (or the bare variant).
pub fn build(e: &Event, value: &str) -> String {
    bind(e, value)
}

/// The group an IR variant of every row is listed with in `Event::ALL`: the rows' stand-in,
/// `a permanent you control` (`Group::EXAMPLE`).
pub fn listed(e: &Event) -> String {
    build(e, "crate::EventSubject::EXAMPLE")
}
