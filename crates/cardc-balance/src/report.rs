//! What the oracle prints: the text report of one matchup, and the SVG heatmap and HTML
//! report of a sweep, rendered through Tera templates embedded from `templates/`.

use crate::model::{Game, Stand};
use crate::solve::{Played, Solution2};
use serde::Serialize;
use std::fmt::Write as _;

/// Expected outcomes under the equilibrium, per slot and in total.
#[derive(Clone, PartialEq, Debug, Default, Serialize)]
pub struct Expected {
    /// Per slot: probability destroyed.
    pub destroyed: Vec<f64>,
    /// Per slot: counters landed.
    pub landed: Vec<f64>,
    /// Per slot: CP removed.
    pub cp_removed: Vec<f64>,
    /// Currency paid.
    pub paid: f64,
    /// Probability of a shortfall.
    pub shortfall: f64,
}

/// Expected outcomes when the two mixes meet.
pub fn expected(game: &Game, liberator: &[Played], defender: &[Played]) -> Expected {
    let n = game.slots.len();
    let mut e = Expected {
        destroyed: vec![0.0; n],
        landed: vec![0.0; n],
        cp_removed: vec![0.0; n],
        ..Expected::default()
    };
    let mut buf = Vec::new();
    for a in liberator {
        for d in defender {
            let p = a.p * d.p;
            let o = game.evaluate(&a.values, &d.values, &mut buf);
            for (i, r) in o.slots.iter().enumerate() {
                e.destroyed[i] += p * f64::from(u8::from(r.destroyed));
                e.landed[i] += p * f64::from(r.cancellation.landed);
                e.cp_removed[i] += p * f64::from(r.cp_removed);
            }
            e.paid += p * f64::from(o.paid);
            e.shortfall += p * f64::from(u8::from(o.shortfall));
        }
    }
    e
}

/// `L − D − ΣRK bonuses`, floored at 0: the counters §12.6 lands whatever the defence, when
/// the liberator commits all of `L`.
pub fn throughput(game: &Game) -> u32 {
    let rk: u32 = game.slots.iter().map(|s| s.stand.rk_bonus()).sum();
    game.l().saturating_sub(game.d()).saturating_sub(rk)
}

fn moves(out: &mut String, title: &str, game: &Game, played: &[Played], top: usize) {
    let _ = writeln!(out, "{title}");
    let names: Vec<String> = game.slots.iter().map(|s| s.name.clone()).collect();
    let _ = writeln!(out, "  probability  {}", names.join(" / "));
    for p in played.iter().take(top) {
        let vals: Vec<String> = p.values.iter().map(u32::to_string).collect();
        let _ = writeln!(out, "  {:>11.4}  {}", p.p, vals.join(" / "));
    }
    if played.len() > top {
        let rest: f64 = played[top..].iter().map(|p| p.p).sum();
        let _ = writeln!(
            out,
            "  … and {} more, probability {:.4} in all (--top 0 shows all)",
            played.len() - top,
            rest
        );
    }
}

/// The text report of one matchup. `top` limits the moves listed (0: all).
pub fn text(
    game: &Game,
    sol: &Solution2,
    header: &[String],
    unscored: &[String],
    top: usize,
) -> String {
    let top = if top == 0 { usize::MAX } else { top };
    let m = &game.matchup;
    let w = m.weights;
    let eq = &sol.concealed;
    // Values within the tolerance of 0 print as 0, never as -0.0000.
    let z = |v: f64| if v.abs() < 5e-10 { 0.0 } else { v };
    let mut out = String::new();
    for h in header {
        let _ = writeln!(out, "{h}");
    }
    let _ = writeln!(
        out,
        "Liberation: L = {} against D = {}; Treasury: {}",
        m.liberator_vox,
        m.defender_vox,
        m.treasury
            .map_or("pays in full".to_owned(), |t| t.to_string())
    );
    let _ = writeln!(out, "slots (targets and garrisons, §12.5d):");
    for (i, s) in game.slots.iter().enumerate() {
        let _ = writeln!(
            out,
            "  {}. {} — {}; destroyed worth {}",
            i + 1,
            s.name,
            s.stand,
            s.weight
        );
    }
    let _ = writeln!(
        out,
        "payoff to the liberator: +{} per CP removed, +{} for a permanent brought to its Rank (pro rata), −{} per Currency paid, −{} per Story Point of a shortfall",
        w.cp, w.counter, w.currency, w.story
    );
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "value, concealed (§12.5a):             {:>10.4}",
        eq.value
    );
    let _ = writeln!(
        out,
        "value under Confluence (split public): {:>10.4}",
        sol.confluence.value
    );
    let _ = writeln!(
        out,
        "worth of concealment:                  {:>10.4}",
        z(eq.value - sol.confluence.value)
    );
    let _ = writeln!(
        out,
        "certified: no split earns more than {:.6}, no allocation holds it below {:.6}",
        z(eq.upper),
        z(eq.lower)
    );
    let _ = writeln!(
        out,
        "throughput no allocation can stop (§7.9a, §12.6): L − D − ΣRK = {} counters, when all of L is committed",
        throughput(game)
    );
    let _ = writeln!(out);
    moves(
        &mut out,
        "liberating split (concealed), as played:",
        game,
        &eq.liberator,
        top,
    );
    moves(
        &mut out,
        "defending allocation, as played:",
        game,
        &eq.defender,
        top,
    );
    let e = expected(game, &eq.liberator, &eq.defender);
    let _ = writeln!(out, "expected, in equilibrium:");
    for (i, s) in game.slots.iter().enumerate() {
        let extra = match s.stand {
            Stand::Character { .. } => format!("{:.3} CP removed", e.cp_removed[i]),
            Stand::Permanent { .. } => format!("{:.3} counters landed", e.landed[i]),
        };
        let _ = writeln!(
            out,
            "  {}: destroyed {:.1}%, {extra}",
            s.name,
            100.0 * e.destroyed[i]
        );
    }
    let _ = writeln!(
        out,
        "  Currency paid {:.3}; shortfall {:.1}%",
        e.paid,
        100.0 * e.shortfall
    );
    let _ = writeln!(out);
    let fmt = |v: &[u32]| v.iter().map(u32::to_string).collect::<Vec<_>>().join(" / ");
    let _ = writeln!(
        out,
        "Confluence: the liberator's best public split {} is answered by {}",
        fmt(&sol.confluence.split),
        fmt(&sol.confluence.response)
    );
    let sz = eq.sizes;
    let _ = writeln!(
        out,
        "game: {} splits × {} allocations; after caps and dominance by more Vox {} × {}; symmetry {} × {}; iterated dominance {} × {}; double oracle {} rounds, largest LP {} × {}",
        sz.splits, sz.allocations, sz.splits_capped, sz.allocations_capped, sz.split_orbits,
        sz.allocation_orbits, sz.split_rows, sz.allocation_cols, sz.iterations, sz.lp_rows, sz.lp_cols
    );
    if !unscored.is_empty() {
        let _ = writeln!(
            out,
            "not in the payoff (add them to a target's `weight` if they matter):"
        );
        for u in unscored {
            let _ = writeln!(out, "  {u}");
        }
    }
    out
}

/// One cell of a heatmap.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct Cell {
    /// Column (x) value.
    pub x: i64,
    /// Row (y) value.
    pub y: i64,
    /// The value, or `None` where the game is illegal (fewer Vox than targets).
    pub value: Option<f64>,
}

#[derive(Serialize)]
struct SvgCell {
    x: f64,
    y: f64,
    fill: String,
    label: String,
    text_fill: &'static str,
}

#[derive(Serialize)]
struct Tick {
    pos: f64,
    label: String,
}

const CELL: f64 = 44.0;
const LEFT: f64 = 70.0;
const TOP: f64 = 50.0;

fn colour(v: f64, lo: f64, hi: f64) -> (String, &'static str) {
    // Diverging: the defender's blue through white at 0 to the liberator's red.
    let span = lo.abs().max(hi.abs()).max(1e-9);
    let t = (v / span).clamp(-1.0, 1.0);
    let (r, g, b) = if t >= 0.0 {
        (255.0, 255.0 - 175.0 * t, 255.0 - 190.0 * t)
    } else {
        (255.0 + 205.0 * t, 255.0 + 120.0 * t, 255.0)
    };
    let dark = t.abs() > 0.6;
    (
        format!("rgb({},{},{})", r as u8, g as u8, b as u8),
        if dark { "#fff" } else { "#222" },
    )
}

fn tera(name: &str, template: &str) -> Result<tera::Tera, String> {
    let mut t = tera::Tera::default();
    t.add_raw_template(name, template)
        .map_err(|e| e.to_string())?;
    Ok(t)
}

/// An SVG heatmap of `cells` (x across, y down), with axis titles.
pub fn heatmap_svg(
    title: &str,
    x_label: &str,
    y_label: &str,
    cells: &[Cell],
) -> Result<String, String> {
    let xs: Vec<i64> = dedup(cells.iter().map(|c| c.x).collect());
    let ys: Vec<i64> = dedup(cells.iter().map(|c| c.y).collect());
    let vals: Vec<f64> = cells.iter().filter_map(|c| c.value).collect();
    let lo = vals.iter().copied().fold(0.0, f64::min);
    let hi = vals.iter().copied().fold(0.0, f64::max);
    let mut svg_cells = Vec::new();
    for c in cells {
        let xi = xs.iter().position(|&x| x == c.x).unwrap_or(0) as f64;
        let yi = ys.iter().position(|&y| y == c.y).unwrap_or(0) as f64;
        let (fill, text_fill, label) = match c.value {
            Some(v) => {
                let (f, t) = colour(v, lo, hi);
                (f, t, format!("{v:.1}"))
            }
            None => ("#ddd".to_owned(), "#888", "—".to_owned()),
        };
        svg_cells.push(SvgCell {
            x: LEFT + xi * CELL,
            y: TOP + yi * CELL,
            fill,
            label,
            text_fill,
        });
    }
    let x_ticks: Vec<Tick> = xs
        .iter()
        .enumerate()
        .map(|(i, x)| Tick {
            pos: LEFT + (i as f64 + 0.5) * CELL,
            label: x.to_string(),
        })
        .collect();
    let y_ticks: Vec<Tick> = ys
        .iter()
        .enumerate()
        .map(|(i, y)| Tick {
            pos: TOP + (i as f64 + 0.5) * CELL,
            label: y.to_string(),
        })
        .collect();
    let mut ctx = tera::Context::new();
    ctx.insert("title", title);
    ctx.insert("x_label", x_label);
    ctx.insert("y_label", y_label);
    ctx.insert("cells", &svg_cells);
    ctx.insert("cell", &CELL);
    ctx.insert("x_ticks", &x_ticks);
    ctx.insert("y_ticks", &y_ticks);
    ctx.insert("width", &(LEFT + xs.len() as f64 * CELL + 20.0));
    ctx.insert("height", &(TOP + ys.len() as f64 * CELL + 50.0));
    ctx.insert("grid_right", &(LEFT + xs.len() as f64 * CELL));
    ctx.insert("grid_bottom", &(TOP + ys.len() as f64 * CELL));
    ctx.insert("lo", &format!("{lo:.2}"));
    ctx.insert("hi", &format!("{hi:.2}"));
    tera("heatmap.svg", include_str!("../templates/heatmap.svg"))?
        .render("heatmap.svg", &ctx)
        .map_err(|e| format!("{e:?}"))
}

fn dedup(mut v: Vec<i64>) -> Vec<i64> {
    v.sort_unstable();
    v.dedup();
    v
}

/// A line plot: one or more series over the same x values.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct Series {
    /// Legend.
    pub name: String,
    /// CSS colour.
    pub colour: String,
    /// `(x, y)` points.
    pub points: Vec<(f64, f64)>,
}

#[derive(Serialize)]
struct SvgSeries {
    name: String,
    colour: String,
    path: String,
    dots: Vec<(f64, f64)>,
    legend_y: f64,
}

/// An SVG line plot of `series`.
pub fn line_svg(
    title: &str,
    x_label: &str,
    y_label: &str,
    series: &[Series],
) -> Result<String, String> {
    let (w, h, l, t, r, b) = (520.0, 300.0, 60.0, 40.0, 160.0, 50.0);
    let all: Vec<(f64, f64)> = series
        .iter()
        .flat_map(|s| s.points.iter().copied())
        .collect();
    let (x0, x1) = all.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |a, p| {
        (a.0.min(p.0), a.1.max(p.0))
    });
    let (y0, y1) = all
        .iter()
        .fold((0.0f64, 0.0f64), |a, p| (a.0.min(p.1), a.1.max(p.1)));
    let (x1, y1) = (
        if x1 > x0 { x1 } else { x0 + 1.0 },
        if y1 > y0 { y1 } else { y0 + 1.0 },
    );
    let sx = |x: f64| l + (x - x0) / (x1 - x0) * (w - l - r);
    let sy = |y: f64| h - b - (y - y0) / (y1 - y0) * (h - t - b);
    let svg_series: Vec<SvgSeries> = series
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let pts: Vec<(f64, f64)> = s.points.iter().map(|&(x, y)| (sx(x), sy(y))).collect();
            let path = pts
                .iter()
                .enumerate()
                .map(|(k, (x, y))| format!("{}{x:.1},{y:.1}", if k == 0 { "M" } else { "L" }))
                .collect::<String>();
            SvgSeries {
                name: s.name.clone(),
                colour: s.colour.clone(),
                path,
                dots: pts,
                legend_y: t + 20.0 * i as f64,
            }
        })
        .collect();
    let mut xs: Vec<f64> = all.iter().map(|p| p.0).collect();
    xs.sort_by(f64::total_cmp);
    xs.dedup();
    let x_ticks: Vec<Tick> = xs
        .iter()
        .map(|&x| Tick {
            pos: sx(x),
            label: format!("{x}"),
        })
        .collect();
    let y_ticks: Vec<Tick> = (0..=4)
        .map(|k| {
            let y = y0 + (y1 - y0) * f64::from(k) / 4.0;
            Tick {
                pos: sy(y),
                label: format!("{y:.1}"),
            }
        })
        .collect();
    let mut ctx = tera::Context::new();
    ctx.insert("title", title);
    ctx.insert("x_label", x_label);
    ctx.insert("y_label", y_label);
    ctx.insert("series", &svg_series);
    ctx.insert("x_ticks", &x_ticks);
    ctx.insert("y_ticks", &y_ticks);
    ctx.insert("width", &w);
    ctx.insert("height", &h);
    ctx.insert("left", &l);
    ctx.insert("right", &(w - r));
    ctx.insert("top", &t);
    ctx.insert("bottom", &(h - b));
    ctx.insert("zero", &sy(0.0));
    ctx.insert("legend_x", &(w - r + 15.0));
    tera("line.svg", include_str!("../templates/line.svg"))?
        .render("line.svg", &ctx)
        .map_err(|e| format!("{e:?}"))
}

/// One section of the HTML report: a heading, a figure (inline SVG) and a caption.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct Figure {
    /// Heading.
    pub title: String,
    /// Inline SVG.
    pub svg: String,
    /// What to read from it.
    pub caption: String,
}

/// The HTML report of a sweep: figures, then the base matchup's text report.
pub fn html(
    title: &str,
    intro: &str,
    figures: &[Figure],
    base_report: &str,
) -> Result<String, String> {
    let mut ctx = tera::Context::new();
    ctx.insert("title", title);
    ctx.insert("intro", intro);
    ctx.insert("figures", figures);
    ctx.insert("report", base_report);
    tera("report.html", include_str!("../templates/report.html"))?
        .render("report.html", &ctx)
        .map_err(|e| format!("{e:?}"))
}
