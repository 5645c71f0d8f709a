//! §12.3, §12.5a: the keywords of the vocabulary (`[[keyword]]` rows) and the step of a
//! Liberation at which the engine reads each (`keywords::step`).

use cardc_engine::keywords;
use cardc_engine::*;
use cardc_types::CardKind;

#[test]
fn s12_3_every_keyword_is_read_as_the_targets_are_declared() {
    // §12.3 (Indoctrinated, Fortified) and §12.5a (Confluence, declared in Step 2): all three
    // are read by Step 2, `Game::declare_targets`.
    for &k in Keyword::ALL {
        assert_eq!(keywords::step(k), Step::Declare, "{k}");
    }
}

#[test]
fn every_keyword_has_its_example_and_where_it_may_be_printed() {
    assert_eq!(Keyword::EXAMPLES.len(), Keyword::ALL.len());
    for &(k, example) in Keyword::EXAMPLES {
        assert_eq!(example, format!("{k}."));
    }
    // §12.3: Indoctrinated needs a Rank to be declarable at all; Fortified a unit a Location
    // can host; Confluence a permanent on the Map (ruling R22).
    assert!(!Keyword::Indoctrinated.on().allows(CardKind::Device));
    assert!(Keyword::Indoctrinated.on().allows(CardKind::Character));
    assert!(!Keyword::Fortified.on().allows(CardKind::Homeworld));
    assert!(Keyword::Fortified.on().allows(CardKind::GroundUnit));
    assert!(!Keyword::Confluence.on().allows(CardKind::Maneuver));
    assert!(Keyword::Confluence.on().allows(CardKind::Device));
}
