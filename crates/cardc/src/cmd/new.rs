//! `cardc new NAME`: a starter card project — `cards/` with one card of each kind the
//! language has, a README and a `.gitignore` — that checks clean with `--deny warnings`
//! and is formatted. The files are `crates/cardc/starter/`, embedded in the binary.

use super::EXIT_FAILURE;
use clap::Args;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The starter's files: path inside the project, contents.
const FILES: &[(&str, &str)] = &[
    (".gitignore", include_str!("../../starter/gitignore")),
    ("README.md", include_str!("../../starter/README.md")),
    (
        "cards/characters.card",
        include_str!("../../starter/cards/characters.card"),
    ),
    (
        "cards/units.card",
        include_str!("../../starter/cards/units.card"),
    ),
    (
        "cards/locations.card",
        include_str!("../../starter/cards/locations.card"),
    ),
    (
        "cards/devices.card",
        include_str!("../../starter/cards/devices.card"),
    ),
    (
        "cards/maneuvers.card",
        include_str!("../../starter/cards/maneuvers.card"),
    ),
    (
        "cards/storylines.card",
        include_str!("../../starter/cards/storylines.card"),
    ),
];

/// Arguments of `cardc new`.
#[derive(Debug, Args)]
pub struct NewArgs {
    /// The project's directory (created; it may exist if it is empty).
    name: PathBuf,
}

/// Runs `cardc new`: exit code 2 if NAME exists and is not an empty directory, or on a
/// write failure (what was written is removed again).
pub fn run(args: &NewArgs) -> ExitCode {
    let dir = &args.name;
    match std::fs::read_dir(dir) {
        Ok(mut entries) => {
            if entries.next().is_some() {
                eprintln!(
                    "error: {}: the directory exists and is not empty",
                    dir.display()
                );
                return ExitCode::from(EXIT_FAILURE);
            }
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => {
            eprintln!("error: {}: {e}", dir.display());
            return ExitCode::from(EXIT_FAILURE);
        }
    }
    let title = dir
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "cards".to_owned());
    match write_all(dir, &title) {
        Ok(()) => {
            eprintln!(
                "created {} ({} files); `cd {}` and run `cardc check`",
                dir.display(),
                FILES.len(),
                dir.display()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            // Leave nothing half-made: the directory was absent or empty before.
            for (path, _) in FILES {
                let _ = std::fs::remove_file(dir.join(path));
            }
            let _ = std::fs::remove_dir(dir.join("cards"));
            eprintln!("error: {}: {e}", dir.display());
            ExitCode::from(EXIT_FAILURE)
        }
    }
}

fn write_all(dir: &Path, title: &str) -> std::io::Result<()> {
    std::fs::create_dir_all(dir.join("cards"))?;
    for (path, text) in FILES {
        let text = text.replace("{{name}}", title);
        std::fs::write(dir.join(path), text)?;
    }
    Ok(())
}
