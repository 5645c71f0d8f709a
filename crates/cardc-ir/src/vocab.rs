//! The closed vocabularies (Drives, Moralities, card kinds, stats, keywords, …), shared
//! with the rules engine and defined once in `cardc-types`.

pub use cardc_types::{
    BonusStat, CardKind, Controller, Drive, Duration, ExitClause, Keyword, KeywordOn, Kind,
    Morality, PermanentKind, Speed, StatValue, Vocabulary,
};
