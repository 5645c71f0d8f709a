//! Where the engine reads each keyword of the vocabulary (`[[keyword]]` rows; the shared
//! `Keyword` enum is generated into `cardc-types`): one arm per keyword, so a new row does not
//! build until the engine says at which step of a Liberation it applies. The reading itself
//! is in that step (`Game::declare_targets` in `liberation/steps.rs`).

use crate::card::Keyword;
use crate::liberation::Step;

/// The step of a Liberation (§12) at which the engine reads `keyword`.
pub fn step(keyword: Keyword) -> Step {
    match keyword {
        // §12.5a, §18.81, ruling R22: declared with the targets in Step 2 and shown by a
        // permanent the liberating player controls.
        Keyword::Confluence => Step::Declare,
        // §12.3: a permanent with Indoctrinated may not be declared as a target.
        Keyword::Indoctrinated => Step::Declare,
        // §12.3, §18.33: a Location hosting an opposing Fortified unit may not be declared.
        Keyword::Fortified => Step::Declare,
    }
}
