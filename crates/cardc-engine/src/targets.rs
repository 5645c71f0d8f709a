//! Which permanents a target's selector names from the text's own permanent: `another
//! target …` and `each other …` leave out the permanent whose text it is (ruling R72).

use crate::card::Selector;
use crate::game::Game;
use crate::ids::{PermanentId, PlayerId};

impl Game {
    /// Whether `id` is on the Map and passes `selector` from `you`'s point of view, for the
    /// text of `source` (`None` for a Maneuver's): a selector with `other` never names the
    /// source itself (ruling R72).
    pub fn selects_from(
        &self,
        id: PermanentId,
        selector: Selector,
        you: PlayerId,
        source: Option<PermanentId>,
    ) -> bool {
        !(selector.other && source == Some(id)) && self.selects(id, selector, you, source)
    }
}
