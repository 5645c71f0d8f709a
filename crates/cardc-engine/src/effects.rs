//! The effect primitives of Vocabulary v1: one [`Effects`] method per effect.
//!
//! Generated code receives `&mut dyn Effects` and calls these in rules-text order. The engine's
//! implementation applies each immediately, with the resolving card as the source (it matters for
//! "destroyed by" records, §12.8) and the resolving card's controller as "you".

use crate::card::Selector;

/// What an effect applies to.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Target {
    /// `this card`: the permanent whose ability resolves (nothing for a Maneuver).
    ThisCard,
    /// `the Bound`: the Character bound by this Storyline (§8.11).
    TheBound,
    /// `target …`: the `n`th target chosen for this resolution, in order of appearance in the
    /// text; its selector is `AbilityData::targets[n]` / `TriggerData::targets[n]` /
    /// `FaceData::targets[n]`.
    Chosen(u8),
    /// `each <kind> [you control | an opponent controls]`
    Each(Selector),
    /// `"Tamsin Vey"`: every permanent on the Map whose card has this name, whoever controls
    /// it. The name is the card's name ([`Card::name`](crate::Card::name), its Prime face's),
    /// whichever face is showing: a Fallen Character is still the card it was (ruling R25).
    Named(&'static str),
}

/// One primitive per Vocabulary v1 effect. Amounts are the printed `N`.
///
/// An effect on a target that is gone, or of the wrong type (CP on a non-Character, Liberation
/// counters on a permanent without Rank), does nothing.
pub trait Effects {
    /// `gain N CP` (a Character's own text: `Target::ThisCard`). No maximum (§7.3).
    fn gain_cp(&mut self, target: Target, n: u32);
    /// `lose N CP` / `<target> loses N CP`. CP loss, not damage.
    fn lose_cp(&mut self, target: Target, n: u32);
    /// `draw N cards` / `draw a card` (the controller draws).
    fn draw(&mut self, n: u32);
    /// `gain N Currency`
    fn gain_currency(&mut self, n: u32);
    /// `pay N Currency` (pays what the Treasury allows).
    fn pay_currency(&mut self, n: u32);
    /// `gain N Story Points`
    fn gain_story_points(&mut self, n: u32);
    /// `deal N damage to <target>` (not combat damage: DEF bonuses do not apply, §7.5).
    fn deal_damage(&mut self, target: Target, n: u32);
    /// `place N Liberation counters on <target>`; on a Character they become CP loss (§7.9).
    fn place_liberation_counters(&mut self, target: Target, n: u32);
    /// `remove N Liberation counters from <target>`
    fn remove_liberation_counters(&mut self, target: Target, n: u32);
    /// `destroy <target>`
    fn destroy(&mut self, target: Target);
    /// `ready <target>`
    fn ready(&mut self, target: Target);
    /// `Fall the Bound`: honoured only when the source is a Storyline (§7.7 route 1).
    fn fall_the_bound(&mut self);
    /// `Fall this card`: a Character's own Twist Falls it (§7.7 route 4); a non-Character
    /// permanent's own text flips it from Prime to its Fallen face (§7.7, last paragraphs).
    /// Anything else does nothing (§7.7).
    fn fall_this_card(&mut self);
}
