//! The codes lowering emits (`E0050`–`E0099`): structural problems of a card, found
//! before any game rule is consulted.

use cardc_diagnostics::{CodeInfo, Severity};

/// A card frame word that is not a card type.
pub const UNKNOWN_CARD_KIND: &str = "E0050";
/// A field key that the language does not have.
pub const UNKNOWN_FIELD: &str = "E0051";
/// A field (or `text` block) given twice in one card or face.
pub const DUPLICATE_FIELD: &str = "E0052";
/// A field in a place it cannot be: a face field at a Character's card level, `speed`
/// on a non-Maneuver, `capital` on a non-Spacecraft.
pub const MISPLACED_FIELD: &str = "E0053";
/// A required field left out.
pub const MISSING_FIELD: &str = "E0054";
/// A field whose value has the wrong shape (a word where a number belongs, extra values).
pub const BAD_VALUE: &str = "E0055";
/// A number too large to print on a card.
pub const NUMBER_TOO_LARGE: &str = "E0056";
/// A word outside its vocabulary (a Drive, Morality, keyword, kind, …).
pub const UNKNOWN_WORD: &str = "E0057";
/// A face block that is not `prime`, `fallen` or `reversal`, or one this card type cannot have.
pub const BAD_FACE: &str = "E0058";
/// The same face given twice.
pub const DUPLICATE_FACE: &str = "E0059";
/// A rules-text sentence whose parts parse but do not combine.
pub const UNSUPPORTED_SENTENCE: &str = "E0060";
/// A card or face name that is empty.
pub const EMPTY_NAME: &str = "E0061";
/// A number written with the wrong sign.
pub const BAD_SIGN: &str = "E0062";

/// `an opponent` as the subject of an effect: it does not say which opponent.
pub const OPPONENT_SUBJECT: &str = "E0070";

/// A stat change in an effect with no duration: a change made once must say when it ends
/// (ruling R40).
pub const MISSING_DURATION: &str = "E0085";

/// The largest number a card may print.
pub const MAX_NUMBER: u32 = 999;

/// Explanations of every lowering code, for `cardc explain`.
pub const CODES: &[CodeInfo] = &[
    CodeInfo {
        code: UNKNOWN_CARD_KIND,
        name: "unknown-card-kind",
        severity: Severity::Error,
        section: None,
        explanation: "A card starts with its type: `character`, `ground_unit`, `spacecraft`, \
`surface_location`, `planetary_location`, `homeworld`, `device`, `maneuver` or `storyline`.\n\n\
Wrong:\n\n```card\ngroundunit \"Dockside Agitators\" { cost 1 }\n```\n\n\
Right:\n\n```card\nground_unit \"Dockside Agitators\" { cost 1 }\n```\n",
    },
    CodeInfo {
        code: UNKNOWN_FIELD,
        name: "unknown-field",
        severity: Severity::Error,
        section: None,
        explanation: "Every line of a card body starts with a field the language knows: \
`cost`, `votes`, `capital`, `speed`, `character_action`, `allow`, `drives`, `morality`, `cp`, \
`vox`, `attack`, `rank`, `def`, `penalties`, `text`, `flavor`, `art`, `exit`, `redeem`, or a face \
block (`prime`, `fallen`, `reversal`).\n\n\
Wrong:\n\n```card\nground_unit \"Dockside Agitators\" { cost 1\n    voks 1 }\n```\n\n\
Right:\n\n```card\nground_unit \"Dockside Agitators\" { cost 1\n    vox 1 }\n```\n",
    },
    CodeInfo {
        code: DUPLICATE_FIELD,
        name: "duplicate-field",
        severity: Severity::Error,
        section: None,
        explanation: "A card or face gives each field once. When a field appears twice, \
which one is printed would be a guess.\n\n\
Wrong:\n\n```card\nground_unit \"Dockside Agitators\" {\n    cost 1\n    cost 2\n}\n```\n\n\
Right:\n\n```card\nground_unit \"Dockside Agitators\" {\n    cost 1\n}\n```\n",
    },
    CodeInfo {
        code: MISPLACED_FIELD,
        name: "misplaced-field",
        severity: Severity::Error,
        section: None,
        explanation: "Some fields belong to one place only. A Character's `cost` and `votes` \
sit on the card; its stats, Drives, Morality, Penalties and text sit in its `prime` and `fallen` \
faces. `capital` is for Spacecraft, `speed` and `character_action` for Maneuvers, `redeem` for \
the Fallen face of a non-Character.\n\n\
Wrong:\n\n```card\ncharacter \"Mara Voss\" {\n    cost 3\n    cp 6\n    prime { … }\n}\n```\n\n\
Right:\n\n```card\ncharacter \"Mara Voss\" {\n    cost 3\n    prime {\n        cp 6\n        …\n    }\n}\n```\n",
    },
    CodeInfo {
        code: MISSING_FIELD,
        name: "missing-field",
        severity: Severity::Error,
        section: None,
        explanation: "A card that is played from hand needs its `cost`; a Maneuver needs its \
`speed`; a `fallen` or `reversal` face needs its own name.\n\n\
Wrong:\n\n```card\nmaneuver \"Sudden Reprisal\" {\n    cost 0\n    text { Deal 2 damage to target Ground Unit. }\n}\n```\n\n\
Right:\n\n```card\nmaneuver \"Sudden Reprisal\" {\n    cost 0\n    speed fast\n    text { Deal 2 damage to target Ground Unit. }\n}\n```\n",
    },
    CodeInfo {
        code: BAD_VALUE,
        name: "bad-value",
        severity: Severity::Error,
        section: None,
        explanation: "A field's value has the wrong shape: a word where a number belongs, \
a number where a word belongs, or more values than the field takes.\n\n\
Wrong:\n\n```card\nground_unit \"Dockside Agitators\" { cost one }\n```\n\n\
Right:\n\n```card\nground_unit \"Dockside Agitators\" { cost 1 }\n```\n",
    },
    CodeInfo {
        code: NUMBER_TOO_LARGE,
        name: "number-too-large",
        severity: Severity::Error,
        section: None,
        explanation: "Numbers printed on cards go up to 999. A larger number is a typo, \
and would overflow the engine's arithmetic.\n\n\
Wrong:\n\n```card\ncharacter \"Mara Voss\" { cost 3 prime { cp 99999999999999999999 } }\n```\n\n\
Right:\n\n```card\ncharacter \"Mara Voss\" { cost 3 prime { cp 6 } }\n```\n",
    },
    CodeInfo {
        code: UNKNOWN_WORD,
        name: "unknown-word",
        severity: Severity::Error,
        section: None,
        explanation: "A word must come from its vocabulary: the eight Drives (§7.1), the four \
Moralities (§7.2), the three exit clauses (§7.8), the keywords, the stats `DEF` and `RK`, the \
kinds a target can name, `slow`/`fast`. The message names the vocabulary and the closest word.\n\n\
Wrong:\n\n```card\nprime { morality Virtuos }\n```\n\n\
Right:\n\n```card\nprime { morality Virtuous }\n```\n",
    },
    CodeInfo {
        code: BAD_FACE,
        name: "bad-face",
        severity: Severity::Error,
        section: Some("§7.7"),
        explanation: "Face blocks are `prime` and `fallen` on a Character, `fallen` on another \
permanent (a Device's Fallen Weapon Tech, §7.7), and `reversal` on a Storyline.\n\n\
Wrong:\n\n```card\nstoryline \"The Show Trial\" { cost 2 fallen \"The Verdict\" { } }\n```\n\n\
Right:\n\n```card\nstoryline \"The Show Trial\" { cost 2 reversal \"The Verdict\" { } }\n```\n",
    },
    CodeInfo {
        code: DUPLICATE_FACE,
        name: "duplicate-face",
        severity: Severity::Error,
        section: Some("§7.7"),
        explanation: "A card has two sides: each face block appears once.\n\n\
Wrong:\n\n```card\ncharacter \"Mara Voss\" { cost 3 prime { } prime { } fallen \"Mara\" { } }\n```\n\n\
Right:\n\n```card\ncharacter \"Mara Voss\" { cost 3 prime { } fallen \"Mara\" { } }\n```\n",
    },
    CodeInfo {
        code: UNSUPPORTED_SENTENCE,
        name: "unsupported-sentence",
        severity: Severity::Error,
        section: None,
        explanation: "The sentence parses, but its parts do not combine into an ability of \
vocabulary v1: a static for a group other than `Characters you control`, `Fall` of anything but \
`the Bound` or `this card`, a Twist that is not a trigger, Story counters other than `that many` \
in a replacement, or more than one cost after `A,`.\n\n\
Wrong:\n\n```card\ntext { Twist: Draw a card. }\n```\n\n\
Right:\n\n```card\ntext { Twist: When this card takes damage, Fall this card. }\n```\n",
    },
    CodeInfo {
        code: EMPTY_NAME,
        name: "empty-name",
        severity: Severity::Error,
        section: None,
        explanation: "Every card and named face has a name to print, and a card named in \
rules text (`Destroy \"Picket Lantern\".`) has a name to look up.\n\n\
Wrong:\n\n```card\nhomeworld \"\" { rank 6 }\n```\n\n\
Right:\n\n```card\nhomeworld \"Teral Prime\" { rank 6 }\n```\n",
    },
    CodeInfo {
        code: BAD_SIGN,
        name: "bad-sign",
        severity: Severity::Error,
        section: None,
        explanation: "Stats are written unsigned (`cp 6`); Penalties are CP losses written \
negative (`-1 CP Expedient`); static bonuses and Character Ability costs carry their sign \
(`+1 RK.`, `-2 CP: …`).\n\n\
Wrong:\n\n```card\nprime { penalties 1 CP Expedient }\n```\n\n\
Right:\n\n```card\nprime { penalties -1 CP Expedient }\n```\n",
    },
    CodeInfo {
        code: OPPONENT_SUBJECT,
        name: "opponent-as-subject",
        severity: Severity::Error,
        section: None,
        explanation: "`an opponent` is never the subject of an effect: with three or more players \
it does not say which opponent draws, discards, pays or loses. Name the player: `target \
opponent` (the controller chooses one as the step resolves) or `each opponent`. In a target or a \
condition (`target Ground Unit an opponent controls`) `an opponent` keeps its meaning, some \
opponent.\n\n\
Wrong:\n\n```card\nmaneuver \"Audit Notice\" {\n    cost 1\n    speed slow\n    text { An opponent discards a card. }\n}\n```\n\n\
Right:\n\n```card\nmaneuver \"Audit Notice\" {\n    cost 1\n    speed slow\n    text { Target opponent discards a card. }\n}\n```\n",
    },
    CodeInfo {
        code: MISSING_DURATION,
        name: "stat-change-without-duration",
        severity: Severity::Error,
        section: Some("§7.5"),
        explanation: "A stat change made by an effect (a Maneuver, a trigger, an ability) happens \
once, when the effect resolves, so it must say when it ends: `until end of turn` (also written \
`this turn`) or `until the end of the Liberation`. Without one the change would either last \
forever or be ignored, and neither is what a printed card says (ruling R40). A change that holds \
as long as its card is on the Map is a static, printed on a permanent without a duration \
(`+1 DEF.`, `Ground Units you control get +1 DEF.`). The same holds for a prohibition an effect \
makes (`Target Character an opponent controls can't be Activated as a liberator this turn.`): \
it lasts `this turn` or `until the end of the Liberation` (ruling R86), and one that always \
holds is a static on the permanent it protects (`This card can't be declared as a Liberation \
target.`).\n\n\
Wrong:\n\n```card\nmaneuver \"Brace the Line\" {\n    cost 1\n    speed fast\n    text { Target Ground Unit you control gets +2 DEF. }\n}\n```\n\n\
Right:\n\n```card\nmaneuver \"Brace the Line\" {\n    cost 1\n    speed fast\n    text { Target Ground Unit you control gets +2 DEF until end of turn. }\n}\n```\n",
    },
];
