//! `cardc watch [PATHS…] [--serve] [--port N] [--no-open]`: one round of `cardc all` on
//! start and again on every save under the watched card files, until Ctrl-C.
//!
//! File events are debounced (`notify-debouncer-mini`) into batches; each batch reloads
//! the card files and runs a round only when their contents differ from the last round's,
//! so an editor's atomic save (a temporary file written, then renamed over the card) is
//! exactly one round, and the rounds' own writes (`generated/`, `sheets/`) are none.
//! Errors in the cards are printed and the watch goes on; the last good `generated/` and
//! sheets stay in place (both writers are all-old-or-all-new).
//!
//! With `--serve` the sheets folder is served on 127.0.0.1 (`tiny_http`). Every HTML
//! page is served with a small script added before `</body>` — in the response only,
//! never in the files — that long-polls `/__cardc/generation?after=N` and reloads the
//! page when a round has rendered new sheets (the generation counts those rounds).

use super::all::{round, AllArgs};
use super::{load_inputs, EXIT_FAILURE};
use cardc::Input;
use clap::Args;
use notify::RecursiveMode;
use notify_debouncer_mini::{new_debouncer, DebounceEventResult};
use std::path::{Component, Path, PathBuf};
use std::process::ExitCode;
use std::sync::mpsc;
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

/// How long events are gathered into one batch: an editor's save (temporary file,
/// rename, attribute change) lands in one.
const DEBOUNCE: Duration = Duration::from_millis(200);
/// How long a long-poll request waits for a new generation before it answers anyway.
const LONG_POLL: Duration = Duration::from_secs(25);
/// The live-reload endpoint.
pub const GENERATION_PATH: &str = "/__cardc/generation";

/// Arguments of `cardc watch`.
#[derive(Debug, Args)]
pub struct WatchArgs {
    #[command(flatten)]
    all: AllArgs,
    /// Serve the sheets folder on http://127.0.0.1:PORT/, reloading the open page when
    /// the sheets change.
    #[arg(long)]
    serve: bool,
    /// The port for `--serve` (0: pick a free one; the URL is printed).
    #[arg(long, default_value_t = 7878, requires = "serve")]
    port: u16,
    /// With `--serve`, do not open the page in the default browser.
    #[arg(long, requires = "serve")]
    no_open: bool,
}

/// What the main loop hears: a batch of file events, or Ctrl-C.
enum Msg {
    Files(DebounceEventResult),
    Stop,
}

/// The count of rounds that rendered new sheets, and a way to wait for the next one.
#[derive(Debug, Default)]
pub struct Live {
    generation: Mutex<u64>,
    changed: Condvar,
}

impl Live {
    /// The current generation.
    pub fn get(&self) -> u64 {
        *self.generation.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Counts one more rendered set and wakes every waiting request.
    fn advance(&self) -> u64 {
        let mut g = self.generation.lock().unwrap_or_else(|e| e.into_inner());
        *g += 1;
        self.changed.notify_all();
        *g
    }

    /// Waits until the generation exceeds `after`, or `timeout` passes; returns it.
    fn wait_past(&self, after: u64, timeout: Duration) -> u64 {
        let g = self.generation.lock().unwrap_or_else(|e| e.into_inner());
        let (g, _) = self
            .changed
            .wait_timeout_while(g, timeout, |g| *g <= after)
            .unwrap_or_else(|e| e.into_inner());
        *g
    }
}

/// Runs `cardc watch`. Exit code 2 when the cards cannot be read or watched on start
/// (or the port is taken); otherwise it runs until Ctrl-C and exits 0.
pub fn run(args: &WatchArgs) -> ExitCode {
    let inputs = args.all.inputs();
    let targets = args.all.targets();
    let loaded = match load_inputs(inputs) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    let (tx, rx) = mpsc::channel();
    let files_tx = tx.clone();
    let mut debouncer = match new_debouncer(DEBOUNCE, move |r| {
        let _ = files_tx.send(Msg::Files(r));
    }) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("error: cannot watch the card files: {e}");
            return ExitCode::from(EXIT_FAILURE);
        }
    };
    let paths = inputs.paths();
    for path in &paths {
        // A file is watched through its folder: an atomic save replaces the file's inode.
        let (target, mode) = if path.is_dir() {
            (path.clone(), RecursiveMode::Recursive)
        } else {
            let parent = path.parent().filter(|p| !p.as_os_str().is_empty());
            (
                parent.map_or_else(|| PathBuf::from("."), Path::to_path_buf),
                RecursiveMode::NonRecursive,
            )
        };
        if let Err(e) = debouncer.watcher().watch(&target, mode) {
            eprintln!("error: {}: cannot watch: {e}", target.display());
            return ExitCode::from(EXIT_FAILURE);
        }
    }
    if let Err(e) = ctrlc::set_handler(move || {
        let _ = tx.send(Msg::Stop);
    }) {
        eprintln!("error: cannot handle Ctrl-C: {e}");
        return ExitCode::from(EXIT_FAILURE);
    }
    let live = Arc::new(Live::default());
    let server = if args.serve {
        match tiny_http::Server::http(("127.0.0.1", args.port)) {
            Ok(server) => Some(Arc::new(server)),
            Err(e) => {
                eprintln!(
                    "error: cannot serve on 127.0.0.1:{}: {e} (`--port 0` picks a free port)",
                    args.port
                );
                return ExitCode::from(EXIT_FAILURE);
            }
        }
    } else {
        None
    };
    let url = server.as_ref().and_then(|s| {
        let addr = s.server_addr().to_ip()?;
        let root = targets.sheets.to_path_buf();
        let (s, live) = (Arc::clone(s), Arc::clone(&live));
        std::thread::spawn(move || serve(&s, &root, &live));
        Some(format!("http://{addr}/"))
    });
    let shown: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
    eprintln!("[watch] watching {} (Ctrl-C to stop)", shown.join(", "));
    if let Some(url) = &url {
        eprintln!("[watch] serving {} at {url}", targets.sheets.display());
    }

    let mut rounds = 0_u64;
    let mut last = fingerprint(&loaded);
    run_round(loaded, &targets, &live, &mut rounds);
    if let (Some(url), false) = (&url, args.no_open) {
        if let Err(e) = opener::open_browser(url) {
            eprintln!("[watch] warning: cannot open a browser ({e}); open {url}");
        }
    }
    while let Ok(msg) = rx.recv() {
        match msg {
            Msg::Stop => break,
            Msg::Files(Err(e)) => eprintln!("[watch] warning: watching the files: {e}"),
            Msg::Files(Ok(_)) => {
                // Batches that queued up during a round are one change.
                let mut stop = false;
                while let Ok(more) = rx.try_recv() {
                    stop |= matches!(more, Msg::Stop);
                }
                if stop {
                    break;
                }
                let loaded = match load_inputs(inputs) {
                    Ok(loaded) => loaded,
                    // Printed; a folder that comes back is picked up on the next save.
                    Err(_) => continue,
                };
                let now = fingerprint(&loaded);
                if now == last {
                    continue;
                }
                last = now;
                run_round(loaded, &targets, &live, &mut rounds);
            }
        }
    }
    if let Some(server) = &server {
        server.unblock();
    }
    drop(debouncer);
    eprintln!("[watch] stopped");
    ExitCode::SUCCESS
}

/// The card files' names and contents: a round runs only when these change.
fn fingerprint(loaded: &[Input]) -> Vec<(String, Vec<u8>)> {
    loaded
        .iter()
        .map(|i| (i.name.clone(), i.bytes.clone()))
        .collect()
}

fn run_round(loaded: Vec<Input>, targets: &super::all::Targets<'_>, live: &Live, rounds: &mut u64) {
    *rounds += 1;
    eprintln!("[watch] round {rounds}");
    if round(loaded, targets) == ExitCode::SUCCESS {
        let g = live.advance();
        eprintln!("[watch] round {rounds} done: sheets generation {g}");
    } else {
        eprintln!(
            "[watch] round {rounds} failed: the last good generated/ and sheets stay; waiting for changes"
        );
    }
}

/// Answers requests until the server is unblocked, each on its own thread (a long-poll
/// holds its thread).
fn serve(server: &tiny_http::Server, root: &Path, live: &Arc<Live>) {
    for request in server.incoming_requests() {
        let (root, live) = (root.to_path_buf(), Arc::clone(live));
        std::thread::spawn(move || {
            let response = respond(request.method(), request.url(), &root, &live);
            // A browser that went away is no error of ours.
            let _ = request.respond(response);
        });
    }
}

type Response = tiny_http::Response<std::io::Cursor<Vec<u8>>>;

fn respond(method: &tiny_http::Method, url: &str, root: &Path, live: &Live) -> Response {
    use tiny_http::Method;
    if !matches!(method, Method::Get | Method::Head) {
        return text(405, "only GET and HEAD");
    }
    let (path, query) = url.split_once('?').unwrap_or((url, ""));
    if path == GENERATION_PATH {
        let after = query
            .split('&')
            .find_map(|kv| kv.strip_prefix("after="))
            .and_then(|n| n.parse::<u64>().ok());
        let g = match after {
            Some(after) => live.wait_past(after, LONG_POLL),
            None => live.get(),
        };
        return with_type(
            tiny_http::Response::from_data(format!("{{\"generation\":{g}}}").into_bytes()),
            "application/json",
        );
    }
    let Some(file) = resolve(root, path) else {
        return text(404, "not found");
    };
    let generation = live.get();
    match std::fs::read(&file) {
        Ok(bytes) => {
            let kind = content_type(&file);
            let body = if kind.starts_with("text/html") {
                inject_reload(&String::from_utf8_lossy(&bytes), generation).into_bytes()
            } else {
                bytes
            };
            with_type(tiny_http::Response::from_data(body), kind)
        }
        Err(_) => text(404, "not found"),
    }
}

fn text(status: u16, body: &str) -> Response {
    with_type(
        tiny_http::Response::from_data(body.as_bytes().to_vec()).with_status_code(status),
        "text/plain; charset=utf-8",
    )
}

fn with_type(response: Response, kind: &str) -> Response {
    let mut response = response;
    for (name, value) in [("Content-Type", kind), ("Cache-Control", "no-store")] {
        if let Ok(h) = tiny_http::Header::from_bytes(name.as_bytes(), value.as_bytes()) {
            response = response.with_header(h);
        }
    }
    response
}

/// The file a URL path names inside `root` (`/` is the index page), or `None` for
/// anything that would leave it or name a hidden entry (the staging marker).
pub fn resolve(root: &Path, url_path: &str) -> Option<PathBuf> {
    let decoded = percent_decode(url_path)?;
    let mut file = root.to_path_buf();
    for part in Path::new(decoded.trim_start_matches('/')).components() {
        match part {
            Component::Normal(name) if !name.to_string_lossy().starts_with('.') => {
                file.push(name);
            }
            Component::CurDir => {}
            _ => return None,
        }
    }
    if file.is_dir() {
        file.push(cardc_sheets::INDEX_FILE);
    }
    file.is_file().then_some(file)
}

fn percent_decode(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = s.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok().filter(|s| !s.contains('\0'))
}

fn content_type(file: &Path) -> &'static str {
    let ext = file
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    match ext.as_str() {
        "html" | "htm" => "text/html; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "js" => "text/javascript; charset=utf-8",
        "json" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "webp" => "image/webp",
        "pdf" => "application/pdf",
        "txt" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// The live-reload script, added to served HTML only.
fn reload_script(generation: u64) -> String {
    format!(
        "<script>/* cardc watch: live reload */(function(){{var g={generation};\
function poll(){{fetch('{GENERATION_PATH}?after='+g,{{cache:'no-store'}})\
.then(function(r){{return r.json()}})\
.then(function(j){{if(j.generation>g){{location.reload()}}else{{poll()}}}},\
function(){{setTimeout(poll,1000)}})}}poll()}})();</script>\n"
    )
}

/// `html` with the reload script before its last `</body>` (or at its end).
pub fn inject_reload(html: &str, generation: u64) -> String {
    let script = reload_script(generation);
    match html.to_ascii_lowercase().rfind("</body>") {
        Some(at) => format!("{}{script}{}", &html[..at], &html[at..]),
        None => format!("{html}{script}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_script_goes_before_the_closing_body_tag() {
        let html = inject_reload("<html><body><p>x</p></BODY></html>", 4);
        let at = html.find("<script>").expect("a script");
        assert!(at < html.find("</BODY>").expect("the body's end"), "{html}");
        assert!(html.contains("var g=4;"), "{html}");
        assert!(inject_reload("<p>x</p>", 0).ends_with("</script>\n"));
    }

    #[test]
    fn paths_stay_inside_the_root_and_skip_hidden_entries() {
        let dir = tempfile::tempdir().expect("temp dir");
        std::fs::write(dir.path().join("index.html"), "i").expect("writable");
        std::fs::write(dir.path().join("a b.html"), "a").expect("writable");
        std::fs::write(dir.path().join(".cardc-sheets"), "").expect("writable");
        let root = dir.path();
        assert_eq!(resolve(root, "/"), Some(root.join("index.html")));
        assert_eq!(resolve(root, "/a%20b.html"), Some(root.join("a b.html")));
        assert_eq!(resolve(root, "/../index.html"), None);
        assert_eq!(resolve(root, "/%2e%2e/index.html"), None);
        assert_eq!(resolve(root, "/.cardc-sheets"), None);
        assert_eq!(resolve(root, "/missing.html"), None);
        assert_eq!(resolve(root, "/%zz"), None);
    }

    #[test]
    fn a_long_poll_answers_when_the_generation_passes_it() {
        let live = Arc::new(Live::default());
        let waiter = {
            let live = Arc::clone(&live);
            std::thread::spawn(move || live.wait_past(0, Duration::from_secs(60)))
        };
        live.advance();
        assert_eq!(waiter.join().expect("the waiter returns"), 1);
        assert_eq!(live.wait_past(5, Duration::from_millis(1)), 1);
    }
}
