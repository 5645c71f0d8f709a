//! `cardc balance`: the balance oracle over the checked set (`docs/balance.md`).
//!
//! * a matchup from flags (`--liberator`, `--defender`, `--target`) or `--matchup FILE.toml`:
//!   prints the value and both optimal mixed strategies;
//! * `--sweep`: varies `L` and `D` (and, with `--sweep-target`, that target's Rank or RK) and
//!   writes SVG heatmaps, a line plot and an HTML report into `--out` (each file through a
//!   temporary file and a rename, so a failed run leaves no half-written file);
//! * `--set`: the standard battery, each card's marginal value and the cards outside the
//!   value band of their cost.
//!
//! Exit codes: 0 solved, 1 errors in the cards, 2 a matchup the rules forbid, an unknown
//! card, a bad file, or an I/O failure.

use super::{compile_and_report, Inputs, Output, EXIT_ERRORS, EXIT_FAILURE};
use cardc_balance::cards::{Catalog, MatchupSpec, Priced, TargetEntry};
use cardc_balance::model::{Game, Stand};
use cardc_balance::report::{self, Cell, Figure, Series};
use cardc_balance::{battery, solve};
use clap::Args;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Arguments of `cardc balance`.
#[derive(Debug, Args)]
pub struct BalanceArgs {
    #[command(flatten)]
    inputs: Inputs,
    #[command(flatten)]
    output: Output,
    /// A liberator by card name (`Name@fallen` for its Fallen face); repeat for more.
    #[arg(long = "liberator", value_name = "CARD")]
    liberators: Vec<String>,
    /// A defender by card name; repeat for more.
    #[arg(long = "defender", value_name = "CARD")]
    defenders: Vec<String>,
    /// A declared target by card name; repeat for more.
    #[arg(long = "target", value_name = "CARD")]
    targets: Vec<String>,
    /// A matchup file (TOML: liberators, defenders, targets, weights); flags add to it.
    #[arg(long, value_name = "FILE")]
    matchup: Option<PathBuf>,
    /// The liberating Vox `L`, instead of the liberators' total.
    #[arg(long = "liberator-vox", value_name = "L")]
    liberator_vox: Option<u32>,
    /// The defending Vox `D`, instead of the defenders' total.
    #[arg(long = "defender-vox", value_name = "D")]
    defender_vox: Option<u32>,
    /// The liberating player's Treasury (default: pays in full).
    #[arg(long)]
    treasury: Option<u32>,
    /// List at most this many moves per player (0: all).
    #[arg(long, default_value_t = 12)]
    top: usize,
    /// Vary L and D (and a target's Rank or RK) and write heatmaps and an HTML report.
    #[arg(long)]
    sweep: bool,
    /// The range of L, inclusive (default: the number of targets to L + 4).
    #[arg(long, value_name = "A..B", value_parser = parse_range)]
    sweep_l: Option<(u32, u32)>,
    /// The range of D, inclusive (default: 0 to D + 4).
    #[arg(long, value_name = "A..B", value_parser = parse_range)]
    sweep_d: Option<(u32, u32)>,
    /// The target whose Rank or RK the sweep varies (by card name).
    #[arg(long, value_name = "CARD", requires = "sweep")]
    sweep_target: Option<String>,
    /// The Rank range for `--sweep-target` (a permanent with numeric Rank).
    #[arg(long, value_name = "A..B", value_parser = parse_range, requires = "sweep_target", conflicts_with = "sweep_rk")]
    sweep_rank: Option<(u32, u32)>,
    /// The net RK range for `--sweep-target` (e.g. `-2..3`).
    #[arg(long, value_name = "A..B", value_parser = parse_signed_range, requires = "sweep_target")]
    sweep_rk: Option<(i32, i32)>,
    /// Where `--sweep` writes its files.
    #[arg(long, default_value = "balance")]
    out: PathBuf,
    /// Run the standard battery over the whole set: each card's marginal value.
    #[arg(long, conflicts_with_all = ["sweep", "matchup", "liberators", "defenders", "targets"])]
    set: bool,
}

fn parse_range(s: &str) -> Result<(u32, u32), String> {
    let (a, b) = s.split_once("..").ok_or("expected A..B, e.g. 1..12")?;
    let a: u32 = a.trim().parse().map_err(|e| format!("{a}: {e}"))?;
    let b: u32 = b
        .trim()
        .trim_start_matches('=')
        .parse()
        .map_err(|e| format!("{b}: {e}"))?;
    if a > b {
        return Err(format!("{a} is more than {b}"));
    }
    Ok((a, b))
}

fn parse_signed_range(s: &str) -> Result<(i32, i32), String> {
    let (a, b) = s.split_once("..").ok_or("expected A..B, e.g. -2..3")?;
    let a: i32 = a.trim().parse().map_err(|e| format!("{a}: {e}"))?;
    let b: i32 = b
        .trim()
        .trim_start_matches('=')
        .parse()
        .map_err(|e| format!("{b}: {e}"))?;
    if a > b {
        return Err(format!("{a} is more than {b}"));
    }
    Ok((a, b))
}

fn fail(msg: impl std::fmt::Display) -> ExitCode {
    eprintln!("error: {msg}");
    ExitCode::from(EXIT_FAILURE)
}

/// Runs `cardc balance`.
pub fn run(args: &BalanceArgs) -> ExitCode {
    let compilation = match compile_and_report(&args.inputs, &args.output) {
        Ok(c) => c,
        Err(code) => return code,
    };
    if compilation.has_errors() {
        return ExitCode::from(EXIT_ERRORS);
    }
    let catalog = Catalog::from_ir(&compilation.set);
    if args.set {
        return match battery::run(&catalog) {
            Ok(rows) => to_stdout(&battery::text(&rows)),
            Err(e) => fail(e),
        };
    }
    let spec = match spec(args) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let priced = match catalog.matchup(&spec) {
        Ok(p) => p,
        Err(e) => return fail(e),
    };
    let game = match Game::new(priced.matchup.clone()) {
        Ok(g) => g,
        Err(e) => return fail(e),
    };
    let sol = match solve(&game) {
        Ok(s) => s,
        Err(e) => return fail(e),
    };
    let header = header(&spec, &priced);
    let text = report::text(&game, &sol, &header, &priced.unscored, args.top);
    if args.sweep {
        if let Err(e) = sweep(args, &catalog, &priced, &spec, &text) {
            return fail(e);
        }
    }
    to_stdout(&text)
}

fn to_stdout(text: &str) -> ExitCode {
    match super::stdout(text) {
        Ok(()) => ExitCode::SUCCESS,
        Err(code) => code,
    }
}

fn spec(args: &BalanceArgs) -> Result<MatchupSpec, ExitCode> {
    let mut spec = match &args.matchup {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| fail(format!("{}: {e}", path.display())))?;
            MatchupSpec::from_toml(&text).map_err(|e| fail(format!("{}: {e}", path.display())))?
        }
        None => MatchupSpec::default(),
    };
    spec.liberators.extend(args.liberators.iter().cloned());
    spec.defenders.extend(args.defenders.iter().cloned());
    spec.targets
        .extend(args.targets.iter().cloned().map(TargetEntry::Name));
    if args.liberator_vox.is_some() {
        spec.liberator_vox = args.liberator_vox;
    }
    if args.defender_vox.is_some() {
        spec.defender_vox = args.defender_vox;
    }
    if args.treasury.is_some() {
        spec.treasury = args.treasury;
    }
    if spec.targets.is_empty() {
        return Err(fail(
            "no targets: name them with `--target CARD` or in a `--matchup` file (or use `--set`)",
        ));
    }
    if spec.liberators.is_empty() && spec.liberator_vox.is_none() {
        return Err(fail(
            "no liberating Vox: name liberators with `--liberator CARD` or give `--liberator-vox L`",
        ));
    }
    Ok(spec)
}

fn header(spec: &MatchupSpec, priced: &Priced) -> Vec<String> {
    let mut h = Vec::new();
    if !spec.liberators.is_empty() {
        h.push(format!("liberators: {}", spec.liberators.join(", ")));
    }
    if !spec.defenders.is_empty() {
        h.push(format!("defenders: {}", spec.defenders.join(", ")));
    }
    if priced.confluence_available {
        h.push("a liberator prints Confluence: the liberating player may choose the public game (§12.3, §12.5a)".into());
    }
    h
}

fn sweep(
    args: &BalanceArgs,
    catalog: &Catalog,
    priced: &Priced,
    spec: &MatchupSpec,
    base_report: &str,
) -> Result<(), String> {
    let base = &priced.matchup;
    let k = base.targets.len() as u32;
    let (l0, l1) = args.sweep_l.unwrap_or((k, base.liberator_vox.max(k) + 4));
    let (d0, d1) = args.sweep_d.unwrap_or((0, base.defender_vox + 4));
    let mut concealed = Vec::new();
    let mut worth = Vec::new();
    for d in d0..=d1 {
        for l in l0..=l1 {
            let mut m = base.clone();
            m.liberator_vox = l;
            m.defender_vox = d;
            let (v, c) = match Game::new(m) {
                Ok(g) => {
                    let s = solve(&g).map_err(|e| e.to_string())?;
                    (
                        Some(s.concealed.value),
                        Some(s.concealed.value - s.confluence.value),
                    )
                }
                Err(cardc_balance::ModelError::MoreTargetsThanVox { .. }) => (None, None),
                Err(e) => return Err(e.to_string()),
            };
            concealed.push(Cell {
                x: l.into(),
                y: d.into(),
                value: v,
            });
            worth.push(Cell {
                x: l.into(),
                y: d.into(),
                value: c,
            });
        }
    }
    let mut figures = vec![
        Figure {
            title: "Value of the Liberation by Vox".into(),
            svg: report::heatmap_svg(
                "Equilibrium value (concealed)",
                "liberating Vox L",
                "defending Vox D",
                &concealed,
            )?,
            caption: "Each cell is the exact equilibrium value of this matchup with the given public Vox totals. Read along a row to see what one more liberating Vox buys; down a column, what one more defending Vox saves (§7.9a: Vox scarcity is the primary balance dial).".into(),
        },
        Figure {
            title: "Worth of concealment".into(),
            svg: report::heatmap_svg(
                "Concealed value − Confluence value",
                "liberating Vox L",
                "defending Vox D",
                &worth,
            )?,
            caption: "What the sealed commitment is worth over assigning in the open (Confluence, §12.5a): never negative. Where it is 0 the defender cannot profit from seeing the split.".into(),
        },
    ];
    if let Some(name) = &args.sweep_target {
        let idx = spec
            .targets
            .iter()
            .position(|t| match t {
                TargetEntry::Name(n) => cardc_balance::cards::CardRef::parse(n).name == *name,
                TargetEntry::Table(t) => t.card == *name,
            })
            .ok_or_else(|| {
                format!("--sweep-target \"{name}\" is not one of the declared targets")
            })?;
        let _ = catalog;
        let (label, points): (&str, Vec<i64>) = match (args.sweep_rank, args.sweep_rk) {
            (Some((a, b)), _) => ("Rank", (i64::from(a)..=i64::from(b)).collect()),
            (None, Some((a, b))) => ("net RK", (i64::from(a)..=i64::from(b)).collect()),
            (None, None) => ("net RK", (-2..=3).collect()),
        };
        let mut conc = Vec::new();
        let mut conf = Vec::new();
        for &p in &points {
            let mut m = base.clone();
            let t = &mut m.targets[idx];
            t.stand = match (label, t.stand) {
                ("Rank", Stand::Permanent { rk, counters, .. }) => Stand::Permanent {
                    rank: u32::try_from(p).unwrap_or(0),
                    rk,
                    counters,
                },
                ("Rank", Stand::Character { .. }) => {
                    return Err(format!(
                        "{name} is a Character (Rank X): sweep its RK with --sweep-rk instead"
                    ))
                }
                (_, Stand::Permanent { rank, counters, .. }) => Stand::Permanent {
                    rank,
                    rk: p as i32,
                    counters,
                },
                (_, Stand::Character { cp, .. }) => Stand::Character { cp, rk: p as i32 },
            };
            let g = Game::new(m).map_err(|e| e.to_string())?;
            let s = solve(&g).map_err(|e| e.to_string())?;
            conc.push((p as f64, s.concealed.value));
            conf.push((p as f64, s.confluence.value));
        }
        figures.push(Figure {
            title: format!("{name}: value by its {label}"),
            svg: report::line_svg(
                &format!("Value as {name}'s {label} varies (L = {}, D = {})", base.liberator_vox, base.defender_vox),
                label,
                "equilibrium value",
                &[
                    Series { name: "concealed".into(), colour: "#c0392b".into(), points: conc },
                    Series { name: "Confluence".into(), colour: "#2471a3".into(), points: conf },
                ],
            )?,
            caption: format!("The gap between the lines is what concealment is worth; the slope is the marginal value of one point of {label} on {name}."),
        });
    }
    let svg0 = figures[0].svg.clone();
    let html = report::html(
        "Liberation balance report",
        &format!(
            "Exact equilibria of the Step 4 sealed commitment (§12.5) for L = {}..{} and D = {}..{}; the model and how to read it are in docs/balance.md.",
            l0, l1, d0, d1
        ),
        &figures,
        base_report,
    )?;
    std::fs::create_dir_all(&args.out).map_err(|e| format!("{}: {e}", args.out.display()))?;
    write_atomic(&args.out.join("heatmap.svg"), &svg0)?;
    write_atomic(&args.out.join("concealment.svg"), &figures[1].svg)?;
    if let Some(f) = figures.get(2) {
        write_atomic(&args.out.join("target.svg"), &f.svg)?;
    }
    write_atomic(&args.out.join("report.html"), &html)?;
    eprintln!("wrote {}", args.out.join("report.html").display());
    Ok(())
}

fn write_atomic(path: &Path, text: &str) -> Result<(), String> {
    use std::io::Write;
    let dir = path.parent().unwrap_or(Path::new("."));
    let mut tmp =
        tempfile::NamedTempFile::new_in(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    tmp.write_all(text.as_bytes())
        .map_err(|e| format!("{}: {e}", path.display()))?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let _ = tmp
            .as_file()
            .set_permissions(std::fs::Permissions::from_mode(0o644));
    }
    tmp.persist(path)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(())
}
