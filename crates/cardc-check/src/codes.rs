//! Every code the checker emits, with its name, rules section and explanation.
//!
//! Codes are stable: a code keeps its meaning forever; a retired code is never reused.
//! Errors are `E0100`–`E0299`, warnings `W0100`–`W0299`. The explanations live in
//! `explain/<CODE>.md`, each with a wrong and a right `card` example; a test compiles
//! both and checks that the wrong one raises the code and the right one is clean.

use cardc_diagnostics::{CodeInfo, Severity};

macro_rules! codes {
    ($( $const:ident = $code:literal, $name:literal, $sev:ident, $section:expr; )+) => {
        $(
            #[doc = concat!("`", $code, "` ", $name)]
            pub const $const: &str = $code;
        )+

        /// The table `cardc explain` renders: one entry per code, in code order.
        pub const CODES: &[CodeInfo] = &[
            $(CodeInfo {
                code: $code,
                name: $name,
                severity: Severity::$sev,
                section: $section,
                explanation: include_str!(concat!("../explain/", $code, ".md")),
            },)+
        ];
    };
}

codes! {
    VOX_NOT_PRINTED = "E0100", "vox-not-printed", Error, Some("§7.9a");
    RANK_MISSING = "E0101", "rank-missing", Error, Some("§7.9");
    RANK_FORM = "E0102", "rank-form", Error, Some("§7.9");
    DEF_FORM = "E0103", "def-form", Error, Some("§7.5");
    STAT_NOT_PRINTED = "E0104", "stat-not-printed", Error, Some("§7.9");
    RANK_ZERO = "E0105", "rank-zero", Error, Some("§12.8");
    CHARACTER_STAT_MISSING = "E0106", "character-stat-missing", Error, Some("§7.10");
    DRIVE_COUNT = "E0110", "drive-count", Error, Some("§7.1");
    DUPLICATE_DRIVE = "E0111", "duplicate-drive", Error, Some("§7.1");
    MORALITY_MISSING = "E0112", "morality-missing", Error, Some("§7.2");
    STARTING_CP = "E0113", "starting-cp", Error, Some("§7.3");
    CHARACTER_FACES = "E0114", "character-faces", Error, Some("§7.7");
    CHARACTER_LINE = "E0116", "character-line-on-non-character", Error, Some("§7");
    PENALTIES_MISSING = "E0120", "penalties-missing", Error, Some("§7.4");
    PENALTY_OWN_MORALITY = "E0121", "penalty-names-own-morality", Error, Some("§7.4");
    PENALTY_DUPLICATE = "E0122", "penalty-duplicate-morality", Error, Some("§7.4");
    PENALTY_ZERO = "E0123", "penalty-zero", Error, Some("§7.4");
    EXIT_CLAUSE = "E0124", "exit-clause", Error, Some("§7.8");
    REDEEM_MISPLACED = "E0125", "redeem-misplaced", Error, Some("§7.8");
    CP_ABILITY_NOT_CHARACTER = "E0130", "cp-ability-on-non-character", Error, Some("§7.3");
    ACTIVATED_NOT_PERMANENT = "E0131", "activated-on-non-permanent", Error, Some("§7.3");
    ABILITY_KIND_CONFLICT = "E0132", "ability-kind-conflict", Error, Some("§7.3");
    COST_REPEATED = "E0133", "cost-repeated", Error, Some("§7.3");
    COST_NEVER_PAID = "E0134", "cost-never-paid", Error, Some("§7.9");
    CHARACTER_ABILITY_KIND = "E0135", "character-ability-kind", Error, Some("§7.3");
    FALL_MISPLACED = "E0140", "fall-misplaced", Error, Some("§7.7");
    TRIGGER_NEVER_FIRES = "E0141", "trigger-never-fires", Error, Some("§12.2");
    BOUND_OUTSIDE_STORYLINE = "E0142", "bound-outside-storyline", Error, Some("§7.7");
    GROUP_NEVER_DOES_IT = "E0147", "group-never-does-it", Error, Some("§7.11");
    LIBERATION_OWN = "E0150", "liberation-targets-own", Error, Some("§12.3");
    CP_NOT_CHARACTER = "E0151", "cp-effect-on-non-character", Error, Some("§7.3");
    COUNTERS_NO_RANK = "E0152", "counters-without-rank", Error, Some("§7.9");
    STATIC_NOT_PERMANENT = "E0153", "static-without-permanent", Error, Some("§7.5");
    KEYWORD_WRONG_KIND = "E0154", "keyword-on-wrong-kind", Error, Some("§12.3");
    LOCATION_TO_HAND = "E0155", "location-to-hand", Error, Some("§7.11");
    NEVER_PLAYED = "E0156", "text-never-played", Error, None;
    UNKNOWN_ALLOW = "E0160", "unknown-allow", Error, None;
    DUPLICATE_NAME = "E0170", "duplicate-card-name", Error, None;
    UNKNOWN_CARD = "E0171", "unknown-card-name", Error, None;
    NAMED_NOT_PERMANENT = "E0172", "named-card-not-permanent", Error, None;
    CONDITION_NEVER_TRUE = "E0180", "condition-never-true", Error, Some("§12.4");
    UNBOUND_PLAYER = "E0190", "unbound-player-pronoun", Error, None;
    STAT_CHANGE_WITHOUT_STAT = "E0195", "stat-change-without-the-stat", Error, Some("§7.5");
    LIBERATION_DURATION_NEVER = "E0196", "liberation-duration-outside-liberation", Error, Some("§12.8");
    ACTIVATE_ACTIVATED = "E0200", "activate-already-activated", Error, Some("§7.3");
    PREVENT_NOTHING = "E0201", "prevention-of-nothing", Error, None;
    VOX_OUTSIDE_LIBERATION = "E0202", "vox-outside-liberation", Error, Some("§7.9a");
    CONDITION_WITHOUT_CARD = "E0203", "condition-about-a-card-that-is-not-there", Error, Some("§8");
    LIBERATION_CONDITION_NEVER = "E0204", "liberation-condition-outside-liberation", Error, Some("§12");
    TARGET_COUNT_TOO_MANY = "E0205", "target-count-above-eight", Error, None;
    TARGET_COUNT_NOT_READ = "E0206", "target-count-not-read", Error, None;
    ANAPHOR_PLURAL_TARGET = "E0207", "anaphor-for-a-plural-target", Error, None;
    X_UNBOUND = "E0210", "x-unbound", Error, None;
    X_NOT_USED = "E0211", "where-x-without-x", Error, None;
    THAT_MANY_NOTHING_BEFORE = "E0212", "that-many-with-nothing-before", Error, None;
    THAT_MANY_COUNTS_NOTHING = "E0213", "that-many-after-a-step-that-counts-nothing", Error, None;
    FOR_EACH_WITHOUT_AMOUNT = "E0214", "for-each-without-an-amount", Error, None;
    COUNT_ALWAYS_ZERO = "E0215", "count-always-zero", Error, Some("§7.9");
    FILTER_WRONG_KIND = "E0220", "filter-wrong-kind", Error, Some("§7.2");
    ANOTHER_TARGET_NO_CARD = "E0221", "another-target-without-a-card", Error, None;
    UNBOUND_ANAPHOR = "E0222", "unbound-anaphor", Error, None;
    AMBIGUOUS_ANAPHOR = "E0223", "ambiguous-anaphor", Error, None;
    ANAPHOR_EVENT_SUBJECT = "E0224", "anaphor-for-the-event-card", Error, None;
    MODES_ONE_OPTION = "E0225", "choice-of-one-option", Error, None;
    MODES_TOO_MANY_CHOSEN = "E0226", "choice-of-all-its-options", Error, None;
    MODES_DUPLICATE_OPTION = "E0227", "duplicate-option", Error, None;
    MODES_IN_REPLACEMENT = "E0228", "choice-in-a-replacement", Error, None;
    MODES_TOO_MANY_OPTIONS = "E0229", "choice-of-too-many-options", Error, None;
    PROHIBITION_NEVER_APPLIES = "E0230", "prohibition-never-applies", Error, Some("§12.2");
    COST_CHANGE_NO_COST = "E0235", "cost-change-of-cards-without-a-cost", Error, Some("§7.10");
    COST_CHANGE_ZERO = "E0236", "cost-change-of-zero", Error, None;
    COST_CHANGE_NOT_ON_MAP = "E0237", "cost-change-never-on-the-map", Error, Some("§7.11");
    COUNT_NEVER_CHANGES = "E0238", "static-count-never-changes", Error, None;
    RANK_STATIC_COUNTS_RANK = "E0239", "rank-static-counts-by-rank", Error, Some("§7.5");
    RANK_STATIC_READS_RANK = "E0240", "rank-static-on-a-rank-condition", Error, Some("§7.5");
    STAT_READ_NOT_PRINTED = "E0241", "amount-reads-a-stat-not-printed", Error, Some("§7.9");
    STAT_READ_IS_X = "E0242", "amount-reads-a-character-s-rank-or-def", Error, Some("§7.9");
    ITS_STAT_WITHOUT_TARGET = "E0243", "its-stat-without-a-target", Error, None;
    UNIT_DOES_NOT_MOVE = "E0244", "moved-permanent-is-not-a-unit", Error, Some("§12.3a");
    BAND_WITHOUT_A_BAND = "E0245", "band-filter-without-a-band", Error, Some("§12.3a");
    BAND_FILTERS_TOGETHER = "E0246", "band-filters-together", Error, Some("§12.3a");
    ACTIVATE_A_OWN_KIND = "E0247", "activate-a-of-the-card-s-own-kind", Error, Some("§7.3");
    ACTIVATE_FEWER_THAN_TWO = "E0248", "activate-fewer-than-two", Error, Some("§7.3");
    GAIN_CONTROL_OF_YOURS = "E0249", "gain-control-of-your-own", Error, Some("§12.3");
    PRIME_CONDITION_NEVER_TRUE = "E0250", "prime-condition-never-true", Error, Some("§7.7");
    JOINED_FOR_EACH = "E0251", "for-each-after-joined-objects", Error, None;
    THAT_MANY_AFTER_JOINED = "E0252", "that-many-after-joined-objects", Error, None;
    REPLACEMENT_NEVER_ON_MAP = "E0253", "replacement-never-on-the-map", Error, Some("§7.5");
    LIBERATION_NOUN_NEVER = "E0254", "liberation-noun-outside-a-liberation", Error, Some("§12.4");
    DEF_STATIC_COUNTS_DEF = "E0261", "def-static-counts-by-def", Error, Some("§7.5");
    DAMAGE_FROM_LIBERATION = "W0100", "damage_from_liberation", Warning, Some("§12.8");
    COMBAT_FROM_LIBERATION = "W0101", "combat_from_liberation", Warning, Some("§12.8");
    RANK_BAND = "W0110", "rank_band", Warning, Some("§7.9");
    VOX_BAND = "W0111", "vox_band", Warning, Some("§7.9a");
    ANOTHER_LEAVES_OUT_NOTHING = "W0147", "another_leaves_out_nothing", Warning, None;
    UNUSED_ALLOW = "W0160", "unused_allow", Warning, None;
    CONFUSABLE_NAMES = "W0170", "confusable_names", Warning, None;
    ANOTHER_TARGET_LEAVES_OUT_NOTHING = "W0221", "another_target_leaves_out_nothing", Warning, None;
}

/// The entry for `code`, if the checker has it.
pub fn info(code: &str) -> Option<&'static CodeInfo> {
    CODES.iter().find(|c| c.code == code)
}
