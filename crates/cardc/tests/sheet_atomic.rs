//! `cardc sheet` killed in the middle of a render leaves the output folder holding the
//! complete old set of sheet files, and the next run cleans up what the killed one left.
//!
//! The kill is made deterministic with a stand-in for Chromium (`CARDC_CHROMIUM`): a
//! shell script that writes a small PDF, or, for the run to be killed, announces itself
//! and waits. The HTML of that run is complete by then; the PDF is not.

#![cfg(unix)]

mod support;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const FAKE_CHROMIUM: &str = r#"#!/bin/sh
for a in "$@"; do
  case "$a" in --print-to-pdf=*) out="${a#--print-to-pdf=}" ;; esac
done
if [ "$FAKE_MODE" = hang ]; then
  echo $$ > "$FAKE_READY.tmp" && mv "$FAKE_READY.tmp" "$FAKE_READY"
  exec sleep 300
fi
cp "$FAKE_PDF" "$out"
"#;

/// A one-page PDF with a correct cross-reference table, as the stand-in prints it (the
/// sheet command then sets its page boxes).
fn minimal_pdf() -> Vec<u8> {
    let objects = [
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>",
    ];
    let mut out = b"%PDF-1.4\n".to_vec();
    let mut offsets = Vec::new();
    for (i, body) in objects.iter().enumerate() {
        offsets.push(out.len());
        out.extend(format!("{} 0 obj\n{body}\nendobj\n", i + 1).as_bytes());
    }
    let xref = out.len();
    out.extend(format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1).as_bytes());
    for o in offsets {
        out.extend(format!("{o:010} 00000 n \n").as_bytes());
    }
    out.extend(
        format!(
            "trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n",
            objects.len() + 1
        )
        .as_bytes(),
    );
    out
}

/// Every file under `dir` (relative path → bytes).
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    fn walk(root: &Path, dir: &Path, out: &mut BTreeMap<PathBuf, Vec<u8>>) {
        for entry in std::fs::read_dir(dir).unwrap().filter_map(Result::ok) {
            let path = entry.path();
            if path.is_dir() {
                walk(root, &path, out);
            } else {
                let rel = path.strip_prefix(root).unwrap().to_owned();
                out.insert(rel, std::fs::read(&path).unwrap());
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(dir, dir, &mut out);
    out
}

fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

fn sheet(card_file: &str, out: &Path, fake: &Path, mode: &str, ready: &Path, pdf: bool) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_cardc"));
    cmd.current_dir(support::root())
        .arg("sheet")
        .arg(card_file)
        .arg("--out")
        .arg(out)
        .args(["--date", "2026-01-01", "--color", "never"])
        .env("CARDC_CHROMIUM", fake)
        .env("FAKE_MODE", mode)
        .env("FAKE_TAG", card_file)
        .env("FAKE_READY", ready)
        .env("FAKE_PDF", ready.with_file_name("fake.pdf"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    if pdf {
        cmd.arg("--pdf");
    }
    cmd
}

#[test]
fn a_killed_render_leaves_the_old_set_whole_and_the_next_run_cleans_up() {
    use std::os::unix::fs::PermissionsExt;
    let tmp = tempfile::tempdir().unwrap();
    let fake = tmp.path().join("fake-chromium");
    std::fs::write(&fake, FAKE_CHROMIUM).unwrap();
    std::fs::set_permissions(&fake, std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::write(tmp.path().join("fake.pdf"), minimal_pdf()).unwrap();
    let work = tmp.path().join("work");
    std::fs::create_dir(&work).unwrap();
    let out = work.join("sheets");
    let ready = tmp.path().join("ready");

    // The old set: HTML and PDF of the units.
    let old = sheet("cards/units.card", &out, &fake, "ok", &ready, true)
        .output()
        .unwrap();
    assert!(
        old.status.success(),
        "{}",
        String::from_utf8_lossy(&old.stderr)
    );
    let before = snapshot(&out);
    assert!(before.contains_key(Path::new("index.html")));
    assert!(before.contains_key(Path::new("sheet.pdf")));

    // A render of other cards, killed while the PDF is being printed.
    let mut child = sheet("cards/devices.card", &out, &fake, "hang", &ready, true)
        .spawn()
        .unwrap();
    let started = Instant::now();
    while !ready.exists() {
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "the render never reached the PDF"
        );
        if let Some(status) = child.try_wait().unwrap() {
            panic!("the render ended before it could be killed: {status}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let helper = std::fs::read_to_string(&ready).unwrap();
    let _ = Command::new("kill").args(["-9", helper.trim()]).status();

    assert_eq!(
        snapshot(&out),
        before,
        "a killed render changed the output folder: it must hold the complete old set"
    );

    // The next run replaces the set whole (no stale PDF) and leaves nothing behind.
    let new = sheet("cards/devices.card", &out, &fake, "ok", &ready, false)
        .output()
        .unwrap();
    assert!(
        new.status.success(),
        "{}",
        String::from_utf8_lossy(&new.stderr)
    );
    let after = snapshot(&out);
    assert!(
        !after.contains_key(Path::new("sheet.pdf")),
        "a stale PDF stayed"
    );
    assert_ne!(
        after.get(Path::new("sheet.html")),
        before.get(Path::new("sheet.html"))
    );
    assert_eq!(
        names(&work),
        ["sheets"],
        "leftovers beside the output folder"
    );
    assert!(
        !names(&out).iter().any(|n| n.contains("staging")),
        "leftovers inside the output folder: {:?}",
        names(&out)
    );
}
