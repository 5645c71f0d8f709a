//! The scenario file format (TOML, read with serde): a board, one action, expectations.
//! docs/scenarios.md is the reference; every field is documented there too.

use serde::Deserialize;
use std::collections::BTreeMap;

/// A `.scenario` file: one or more `[[scenario]]` tables.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct File {
    /// The scenarios, in file order.
    pub scenario: Vec<Scenario>,
}

/// One scenario.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// Its name, unique in the file: `file:name` identifies it in failures.
    pub name: String,
    /// What it shows, in a sentence.
    #[serde(default)]
    pub about: String,
    /// Number of players (default 2).
    #[serde(default = "two")]
    pub players: u8,
    /// Whose turn it is (default 0).
    #[serde(default)]
    pub active: u8,
    /// The Bands of the Map, in order: `"ground"` or `"space"` (default one ground Band).
    #[serde(default = "one_ground_band")]
    pub bands: Vec<String>,
    /// Each player's Treasury (default 0).
    #[serde(default)]
    pub treasury: Vec<u32>,
    /// Each player's Story Points (default 0).
    #[serde(default)]
    pub story_points: Vec<u32>,
    /// Each player's hand size (default 0).
    #[serde(default)]
    pub hand: Vec<u32>,
    /// The permanents on the Map.
    #[serde(default, rename = "permanent")]
    pub permanents: Vec<Permanent>,
    /// The decisions players make as triggers resolve (default: the engine's default
    /// policy, `AutoChoices`).
    #[serde(default)]
    pub choices: Choices,
    /// What happens.
    pub action: Action,
    /// What must be true afterwards.
    #[serde(default)]
    pub expect: Expect,
}

fn two() -> u8 {
    2
}

fn one_ground_band() -> Vec<String> {
    vec!["ground".to_owned()]
}

/// A permanent on the board.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Permanent {
    /// The handle the action and expectations use.
    pub id: String,
    /// The card, by its printed name.
    pub card: String,
    /// Owner and controller (default 0).
    #[serde(default)]
    pub owner: u8,
    /// Controller, when another player than its owner has gained control of it (ruling
    /// R100; default: its owner).
    pub controller: Option<u8>,
    /// The Band, by index (default 0).
    #[serde(default)]
    pub band: u8,
    /// The Location or Capital Spacecraft it occupies (a handle).
    pub host: Option<String>,
    /// `"prime"` (default), `"fallen"` or `"reversal"`.
    pub face: Option<String>,
    /// Current CP (default: the face's printed CP).
    pub cp: Option<i64>,
    /// Liberation counters on it.
    #[serde(default)]
    pub counters: u32,
    /// Story counters on it (ruling R64).
    #[serde(default)]
    pub story_counters: u32,
    /// Damage marked on it this turn (non-Characters).
    #[serde(default)]
    pub damage: u32,
    /// Damage still to be prevented this turn (ruling R57).
    #[serde(default)]
    pub prevention: u32,
    /// `"depleted"`: in its owner's Depleted Pile instead of on the Map (default: on the Map).
    pub zone: Option<String>,
    /// Readied (default true).
    pub readied: Option<bool>,
    /// Deployed this turn (default false).
    #[serde(default)]
    pub deployed_this_turn: bool,
    /// For a Storyline: the Character it binds (a handle).
    pub binds: Option<String>,
}

/// Players' decisions during resolution, scripted (docs/scenarios.md, "Choices").
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Choices {
    /// Trigger (and Reversal) targets, by handle, in order of resolution: each text that
    /// chooses takes as many handles as it has `target …`s. Every handle must be used.
    #[serde(default)]
    pub targets: Vec<String>,
    /// The answer to every optional trigger, `you may …` (ruling R114) or an optional Twist
    /// (`false`: declined); written `may` or `twist`. When given, at least one must fire.
    #[serde(alias = "may")]
    pub twist: Option<bool>,
    /// Options of modal texts (`Choose one — …`, ruling R81), 0-based in printed order, in
    /// order of playing and resolution: each modal text takes as many as it chooses. Every
    /// one must be used.
    #[serde(default)]
    pub modes: Vec<u8>,
    /// The Bands moved to (`Move <target> to an adjacent Band`, ruling R96), by index, in
    /// order of movement. Every one must be used.
    #[serde(default)]
    pub bands: Vec<u8>,
}

/// The one action a scenario performs.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Action {
    /// `ability`, `maneuver`, `character_action`, `deploy`, `combat`, `liberation`,
    /// `end_turn`, `reverse` or `flip`.
    #[serde(rename = "do")]
    pub kind: String,
    /// The acting player (default: the active player).
    pub player: Option<u8>,
    /// `ability`, `reverse`, `flip`: the permanent.
    pub source: Option<String>,
    /// `ability`: which activated ability of the showing face (default 0).
    #[serde(default)]
    pub index: usize,
    /// `maneuver`, `character_action`, `deploy`: the card played from hand, by name.
    pub card: Option<String>,
    /// `character_action`: the Character executing it.
    pub character: Option<String>,
    /// `deploy`: the Band it is deployed to, by index (default 0; a hosted card takes its
    /// host's Band, §7.11).
    #[serde(default)]
    pub band: u8,
    /// `deploy`: the Location or Capital Spacecraft it is deployed to (a handle; a
    /// Character needs one, §7.11).
    pub host: Option<String>,
    /// `ability`, `maneuver`, `character_action`: chosen targets; `liberation`: the
    /// declared targets.
    #[serde(default)]
    pub targets: Vec<String>,
    /// `combat`: the hits.
    #[serde(default)]
    pub hits: Vec<Hit>,
    /// `liberation`: the liberators Activated in Step 1.
    #[serde(default)]
    pub liberators: Vec<String>,
    /// `liberation`: declare Confluence.
    #[serde(default)]
    pub confluence: bool,
    /// `liberation`: defenders Activated in Step 3.
    #[serde(default)]
    pub defenders: Vec<String>,
    /// `liberation`: `[garrison, target]` pairs.
    #[serde(default)]
    pub garrisons: Vec<[String; 2]>,
    /// `liberation`: the assignment, handle → Liberation points.
    #[serde(default)]
    pub assign: BTreeMap<String, u32>,
    /// `liberation`: the defensive allocation, handle → Vox.
    #[serde(default)]
    pub defence: BTreeMap<String, u32>,
}

/// One attack of a combat.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Hit {
    /// The attacking permanent.
    pub attacker: String,
    /// The permanent taking the damage.
    pub defender: String,
    /// Damage before DEF.
    pub amount: u32,
}

/// Expectations; each one given is checked, the rest are not.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    /// The action must be rejected (and change nothing).
    #[serde(default)]
    pub rejected: bool,
    /// CP by handle.
    #[serde(default)]
    pub cp: BTreeMap<String, i64>,
    /// Liberation counters by handle.
    #[serde(default)]
    pub counters: BTreeMap<String, u32>,
    /// Story counters by handle.
    #[serde(default)]
    pub story_counters: BTreeMap<String, u32>,
    /// Effective DEF by handle: printed DEF with every static and one-shot change netted
    /// (§7.5; ruling R40).
    #[serde(default)]
    pub def: BTreeMap<String, i64>,
    /// Effective Rank by handle: printed Rank with every static and one-shot change netted
    /// (§7.5, §12.8; ruling R40).
    #[serde(default)]
    pub rank: BTreeMap<String, i64>,
    /// Face showing by handle.
    #[serde(default)]
    pub face: BTreeMap<String, String>,
    /// Readied by handle.
    #[serde(default)]
    pub readied: BTreeMap<String, bool>,
    /// Damage still to be prevented this turn by handle (ruling R57).
    #[serde(default)]
    pub prevention: BTreeMap<String, u32>,
    /// Controller (player index) by handle: who controls it now, which gaining control
    /// changes and its duration's end gives back (ruling R100).
    #[serde(default)]
    pub controller: BTreeMap<String, u8>,
    /// The Band each is in by handle, by index (ruling R96).
    #[serde(default)]
    pub band: BTreeMap<String, u8>,
    /// Where each is by handle: `"map"`, `"hand"` or `"depleted"` (ruling R58).
    #[serde(default)]
    pub zone: BTreeMap<String, String>,
    /// What is forbidden to each by handle, exactly (rulings R84–R86): any of `"declared"`
    /// (as a Liberation target), `"liberator"`, `"garrison"` and `"counters"` (Liberation
    /// counters removed), by a static or by a prohibition made for a time.
    #[serde(default)]
    pub forbidden: BTreeMap<String, Vec<String>>,
    /// Exactly the permanents destroyed by the action (handles, any order).
    pub destroyed: Option<Vec<String>>,
    /// Exactly the permanents the action returned to their owners' hands (handles, any order).
    pub returned: Option<Vec<String>>,
    /// Every player's Treasury.
    pub currency: Option<Vec<u32>>,
    /// Every player's Story Points.
    pub story_points: Option<Vec<u32>>,
    /// Every player's hand size.
    pub hand: Option<Vec<u32>>,
    /// How many scripted choices the engine rejected (and replaced by its default); when not
    /// given, any rejection fails the scenario.
    pub rejected_choices: Option<usize>,
}
