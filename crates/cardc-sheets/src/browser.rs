//! Headless Chromium: printing a sheet to PDF, screenshotting its pages to PNG, and
//! dumping the DOM after the sheet's scripts ran (for the browser tests).
//!
//! Debian's `chromium` at `/usr/bin/chromium` is used when present (or the binary
//! named by `CARDC_CHROMIUM`); without it every call fails with an error naming the
//! package to install. Each run gets a fresh profile folder and no network services.

use crate::geometry::{PageSize, MM_PER_INCH};
use crate::SheetError;
use std::ffi::OsString;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The Debian package that provides headless Chromium.
pub const CHROMIUM_PACKAGE: &str = "chromium";
/// Where Debian installs it.
const DEBIAN_CHROMIUM: &str = "/usr/bin/chromium";
/// How long one Chromium run may take.
const TIMEOUT: Duration = Duration::from_secs(180);
/// Virtual time the page gets to load fonts and run its fitting script.
const VIRTUAL_TIME_MS: u32 = 5000;

/// Flags for every run: headless, no sandbox (the tools run as root in CI), and no
/// background network traffic.
const FLAGS: &[&str] = &[
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--hide-scrollbars",
    "--mute-audio",
];

/// The Chromium binary: `$CARDC_CHROMIUM` if set, else `/usr/bin/chromium`, else
/// `chromium` on `PATH`.
pub fn chromium() -> Result<PathBuf, SheetError> {
    let from_env = std::env::var_os("CARDC_CHROMIUM").map(PathBuf::from);
    let on_path = std::env::var_os("PATH")
        .map(|p| {
            std::env::split_paths(&p)
                .map(|d| d.join("chromium"))
                .collect::<Vec<_>>()
        })
        .unwrap_or_default();
    find(from_env, &[PathBuf::from(DEBIAN_CHROMIUM)], &on_path)
}

fn find(
    explicit: Option<PathBuf>,
    standard: &[PathBuf],
    on_path: &[PathBuf],
) -> Result<PathBuf, SheetError> {
    if let Some(path) = explicit {
        return if path.is_file() {
            Ok(path)
        } else {
            Err(SheetError::ChromiumMissing(format!(
                "CARDC_CHROMIUM names `{}`, which does not exist; install headless Chromium \
                 with `apt-get install {CHROMIUM_PACKAGE}` or point CARDC_CHROMIUM at it",
                path.display()
            )))
        };
    }
    standard
        .iter()
        .chain(on_path)
        .find(|p| p.is_file())
        .cloned()
        .ok_or_else(|| {
            SheetError::ChromiumMissing(format!(
                "PDF and PNG output need headless Chromium, which was not found at \
             {DEBIAN_CHROMIUM} or on PATH: install it with `apt-get install {CHROMIUM_PACKAGE}`"
            ))
        })
}

/// The captured result of one Chromium run.
#[derive(Debug, Clone)]
pub struct ChromiumRun {
    /// Standard output (the DOM, for `--dump-dom`).
    pub stdout: String,
    /// Standard error (Chromium's log).
    pub stderr: String,
}

/// A `file://` URL for `path` (made absolute), with `query` appended when not empty.
fn file_url(path: &Path, query: &str) -> Result<String, SheetError> {
    let abs = std::path::absolute(path).map_err(|e| SheetError::io(path, e))?;
    let mut url = String::from("file://");
    for b in abs.to_string_lossy().bytes() {
        if b.is_ascii_alphanumeric() || b"/-_.~".contains(&b) {
            url.push(char::from(b));
        } else {
            url.push_str(&format!("%{b:02X}"));
        }
    }
    if !query.is_empty() {
        url.push('?');
        url.push_str(query);
    }
    Ok(url)
}

fn run(args: Vec<OsString>) -> Result<ChromiumRun, SheetError> {
    let bin = chromium()?;
    let profile = tempfile::Builder::new()
        .prefix("cardc-chromium-")
        .tempdir()
        .map_err(|e| SheetError::io(&std::env::temp_dir(), e))?;
    let mut cmd = Command::new(&bin);
    cmd.args(FLAGS)
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .args(&args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().map_err(|e| SheetError::io(&bin, e))?;
    let mut out_pipe = child.stdout.take();
    let mut err_pipe = child.stderr.take();
    let out_reader = std::thread::spawn(move || {
        let mut s = String::new();
        if let Some(p) = out_pipe.as_mut() {
            let _ = p.read_to_string(&mut s);
        }
        s
    });
    let err_reader = std::thread::spawn(move || {
        let mut s = String::new();
        if let Some(p) = err_pipe.as_mut() {
            let _ = p.read_to_string(&mut s);
        }
        s
    });
    let started = Instant::now();
    let status = loop {
        match child.try_wait().map_err(|e| SheetError::io(&bin, e))? {
            Some(status) => break status,
            None if started.elapsed() > TIMEOUT => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(SheetError::Chromium(format!(
                    "Chromium did not finish within {} s",
                    TIMEOUT.as_secs()
                )));
            }
            None => std::thread::sleep(Duration::from_millis(25)),
        }
    };
    let stdout = out_reader.join().unwrap_or_default();
    let stderr = err_reader.join().unwrap_or_default();
    if !status.success() {
        return Err(SheetError::Chromium(format!(
            "Chromium exited with {status}: {}",
            stderr.lines().rev().take(5).collect::<Vec<_>>().join(" | ")
        )));
    }
    Ok(ChromiumRun { stdout, stderr })
}

/// A sibling path of `target` to write into before renaming over it; it keeps the
/// extension, which Chromium uses to pick the output format.
fn partial(target: &Path) -> PathBuf {
    let mut name = target.file_stem().map(OsString::from).unwrap_or_default();
    name.push(".partial");
    if let Some(ext) = target.extension() {
        name.push(".");
        name.push(ext);
    }
    target.with_file_name(name)
}

fn finish(tmp: &Path, target: &Path, run: &ChromiumRun) -> Result<(), SheetError> {
    let ok = std::fs::metadata(tmp).map(|m| m.len() > 0).unwrap_or(false);
    if !ok {
        let _ = std::fs::remove_file(tmp);
        return Err(SheetError::Chromium(format!(
            "Chromium wrote no {}: {}",
            target.display(),
            run.stderr
                .lines()
                .rev()
                .take(5)
                .collect::<Vec<_>>()
                .join(" | ")
        )));
    }
    std::fs::rename(tmp, target).map_err(|e| SheetError::io(target, e))
}

/// Prints `html` to `pdf` with the page size and margins of its `@page` rule.
pub fn print_pdf(html: &Path, pdf: &Path) -> Result<(), SheetError> {
    let tmp = partial(pdf);
    let run = run(vec![
        format!("--virtual-time-budget={VIRTUAL_TIME_MS}").into(),
        "--run-all-compositor-stages-before-draw".into(),
        "--no-pdf-header-footer".into(),
        format!("--print-to-pdf={}", tmp.display()).into(),
        file_url(html, "")?.into(),
    ])?;
    finish(&tmp, pdf, &run)
}

/// Screenshots pages `1..=pages` of the sheet `html` as `<stem>-p<N>.png` beside
/// `png_stem`, at `scale` device pixels per CSS pixel; returns the files written.
pub fn print_png(
    html: &Path,
    png_stem: &Path,
    page: &PageSize,
    pages: usize,
    scale: f64,
) -> Result<Vec<PathBuf>, SheetError> {
    let px = |mm: f64| (mm / MM_PER_INCH * 96.0).round() as u32;
    let mut written = Vec::new();
    for n in 1..=pages {
        let mut name = png_stem.file_name().map(OsString::from).unwrap_or_default();
        name.push(format!("-p{n}.png"));
        let target = png_stem.with_file_name(name);
        let tmp = partial(&target);
        let run = run(vec![
            format!("--virtual-time-budget={VIRTUAL_TIME_MS}").into(),
            "--run-all-compositor-stages-before-draw".into(),
            format!("--window-size={},{}", px(page.width_mm), px(page.height_mm)).into(),
            format!("--force-device-scale-factor={scale}").into(),
            format!("--screenshot={}", tmp.display()).into(),
            file_url(html, &format!("page={n}"))?.into(),
        ])?;
        finish(&tmp, &target, &run)?;
        written.push(target);
    }
    Ok(written)
}

/// Loads `html` (with `query`), lets its scripts run, and returns the serialised DOM.
pub fn dump_dom(html: &Path, query: &str) -> Result<String, SheetError> {
    let run = run(vec![
        format!("--virtual-time-budget={VIRTUAL_TIME_MS}").into(),
        "--run-all-compositor-stages-before-draw".into(),
        "--dump-dom".into(),
        file_url(html, query)?.into(),
    ])?;
    Ok(run.stdout)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_browser_names_the_package() {
        let none = find(None, &[PathBuf::from("/nonexistent/chromium")], &[]);
        let msg = none.unwrap_err().to_string();
        assert!(msg.contains("apt-get install chromium"), "{msg}");
        let bad = find(Some(PathBuf::from("/nonexistent/c")), &[], &[]);
        assert!(bad
            .unwrap_err()
            .to_string()
            .contains("apt-get install chromium"));
    }

    #[test]
    fn file_urls_are_absolute_and_encoded() {
        let url = file_url(Path::new("/tmp/my sheets/sheet.html"), "page=2").unwrap();
        assert_eq!(url, "file:///tmp/my%20sheets/sheet.html?page=2");
    }
}
