//! The checked-in `cardc-cards` crate, compiled and run: its registry finds every card of
//! `cards/` by id and by name, and each face carries exactly the canonical rules text
//! (`cardc_ir::text`) the sheets print and the flavour the card says.

use cardc_engine::Face;
use cardc_ir::FaceRole;
use std::path::Path;

#[test]
fn every_card_is_registered_and_carries_its_printed_text() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let c = cardc::compile(cardc::load(&[root.join("cards")]).unwrap());
    assert!(!c.has_errors());
    assert_eq!(cardc_cards::CARDS.len(), c.set.cards.len());
    assert_eq!(cardc_cards::COUNT, c.set.cards.len());
    for card in &c.set.cards {
        let name = card.name.value.as_str();
        let generated = cardc_cards::by_name(name).unwrap_or_else(|| panic!("{name} missing"));
        assert_eq!(generated.name(), name);
        let id = cardc_cards::id_of(name).unwrap();
        assert!(cardc_cards::by_id(id).is_some_and(|g| g.name() == name));
        for face in &card.faces {
            let side = match face.role {
                FaceRole::Front | FaceRole::Prime => Face::Prime,
                FaceRole::Fallen => Face::Fallen,
                FaceRole::Reversal => Face::Reversal,
            };
            let data = generated
                .face(side)
                .unwrap_or_else(|| panic!("{name}: no {side:?}"));
            assert_eq!(
                data.text,
                cardc_ir::text::face_text(face),
                "{name} {side:?}"
            );
            assert_eq!(data.flavor, face.flavor.as_ref().map(|f| f.value.as_str()));
            let printed = face.name.as_ref().map_or(name, |n| n.value.as_str());
            assert_eq!(data.name, printed);
        }
    }
    assert!(cardc_cards::by_name("No Such Card").is_none());
    assert!(cardc_cards::by_id("no_such_card").is_none());
}
