//! `cardc export`: the JSON validates against `docs/export.schema.json` and carries each
//! face's printed text; the CSV has one row per face under the documented header.

mod support;

use std::process::Command;

fn export(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_cardc"))
        .arg("export")
        .args(args)
        .current_dir(support::root())
        .output()
        .expect("cardc runs")
}

fn faces(set: &cardc_ir::CardSet) -> impl Iterator<Item = (&cardc_ir::Card, &cardc_ir::Face)> {
    set.cards
        .iter()
        .flat_map(|c| c.faces.iter().map(move |f| (c, f)))
}

#[test]
fn json_validates_against_the_documented_schema() {
    let out = export(&["--json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let schema_text = std::fs::read_to_string(support::root().join("docs/export.schema.json"))
        .expect("docs/export.schema.json");
    let schema: serde_json::Value = serde_json::from_str(&schema_text).expect("schema is JSON");
    let validator = jsonschema::validator_for(&schema).expect("a valid JSON Schema");
    let errors: Vec<String> = validator
        .iter_errors(&json)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .take(10)
        .collect();
    assert!(errors.is_empty(), "{}", errors.join("\n"));
    assert_eq!(json["schema_version"], cardc_sheets::export::SCHEMA_VERSION);

    // The schema is not vacuous: a face without its printed text, or a wrong version, fails.
    let mut broken = json.clone();
    broken["cards"][0]["faces"][0]
        .as_object_mut()
        .unwrap()
        .remove("printed");
    assert!(!validator.is_valid(&broken));
    let mut old = json.clone();
    old["schema_version"] = 0.into();
    assert!(!validator.is_valid(&old));
}

#[test]
fn json_carries_the_printed_text_and_reads_back_as_ir() {
    let out = export(&["--json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let set: cardc_ir::CardSet = serde_json::from_value(json.clone()).expect("reads back as IR");
    let compiled = support::compile(&support::card_files("cards"));
    assert_eq!(set, compiled.set);
    let mut with_art = 0;
    for (i, card) in set.cards.iter().enumerate() {
        for (j, face) in card.faces.iter().enumerate() {
            let printed = &json["cards"][i]["faces"][j]["printed"];
            let want: Vec<String> = cardc_ir::text::face_text(face);
            let got: Vec<String> = serde_json::from_value(printed["rules"].clone()).unwrap();
            assert_eq!(got, want, "{}", card.name.value);
            let name = face.name.as_ref().unwrap_or(&card.name);
            assert_eq!(printed["name"], name.value.as_str());
            if face.art.is_some() {
                with_art += 1;
            }
        }
    }
    assert!(with_art >= 4, "the set's art is exported");
}

#[test]
fn csv_has_one_row_per_face_with_stats_and_text() {
    let out = export(&["--csv"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut reader = csv::Reader::from_reader(out.stdout.as_slice());
    let header: Vec<String> = reader
        .headers()
        .unwrap()
        .iter()
        .map(str::to_owned)
        .collect();
    assert_eq!(header, cardc_sheets::export::CSV_COLUMNS);
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    let compiled = support::compile(&support::card_files("cards"));
    let all: Vec<_> = faces(&compiled.set).collect();
    assert_eq!(rows.len(), all.len());
    let col = |name: &str| header.iter().position(|h| h == name).unwrap();
    for (row, (card, face)) in rows.iter().zip(&all) {
        assert_eq!(&row[col("card")], card.name.value.as_str());
        assert!(row[col("rules_text")].lines().count() >= face.abilities.len());
        for (line, sentence) in row[col("rules_text")]
            .lines()
            .zip(cardc_ir::text::face_text(face))
        {
            assert_eq!(line, sentence);
        }
        let cp = face.cp.map(|v| v.value.to_string()).unwrap_or_default();
        assert_eq!(&row[col("cp")], cp.as_str());
        assert!(row[col("line")].parse::<usize>().unwrap() > 0);
    }
    let ilse = rows
        .iter()
        .find(|r| &r[col("name")] == "Ilse Marrow")
        .unwrap();
    assert_eq!(&ilse[col("type_line")], "Character — Prime");
    assert_eq!(&ilse[col("art")], "art/ilse-marrow.svg");
}

#[test]
fn a_format_is_required_and_errors_write_nothing() {
    let out = export(&[]);
    assert_eq!(out.status.code(), Some(2));
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("x.card"),
        "ground_unit \"X\" { cost one }\n",
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_cardc"))
        .args(["export", "--csv", "x.card"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
}
