//! `cardc watch --serve` end to end, on a starter project made by `cardc new` in a temp
//! folder: the served page carries the reload script (the files on disk do not), an
//! editor's atomic save is exactly one round and advances the generation endpoint, the
//! served sheet changes, errors in the cards do not stop the watch, and SIGINT (Ctrl-C)
//! ends it with exit 0. The `#[ignore]`d test loads the page in headless Chromium and
//! sees its DOM change with no reload asked for (`.ci/run` runs it with the other browser
//! tests). Every wait polls against a generous deadline; no sleep is an assertion.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const DEADLINE: Duration = Duration::from_secs(120);
const OLD: &str = "Pier Nine Stevedores";
const NEW: &str = "Pier Ten Stevedores";

/// A running `cardc watch --serve --port 0 --no-open` and its stderr so far.
struct Watch {
    child: Child,
    log: Arc<Mutex<String>>,
    addr: String,
    dir: PathBuf,
    _temp: tempfile::TempDir,
}

impl Watch {
    fn start() -> Watch {
        let temp = tempfile::tempdir().expect("temp dir");
        let dir = temp.path().join("set");
        let made = Command::new(env!("CARGO_BIN_EXE_cardc"))
            .arg("new")
            .arg(&dir)
            .output()
            .expect("cardc new runs");
        assert!(made.status.success(), "{made:?}");
        let mut child = Command::new(env!("CARGO_BIN_EXE_cardc"))
            .args([
                "watch",
                "--serve",
                "--port",
                "0",
                "--no-open",
                "--color",
                "never",
            ])
            .current_dir(&dir)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("cardc watch starts");
        let log = Arc::new(Mutex::new(String::new()));
        let stderr = child.stderr.take().expect("piped stderr");
        let sink = Arc::clone(&log);
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                let mut log = sink.lock().expect("log");
                log.push_str(&line);
                log.push('\n');
            }
        });
        let mut watch = Watch {
            child,
            log,
            addr: String::new(),
            dir,
            _temp: temp,
        };
        let url = watch.wait_for("the URL", |log| {
            log.lines()
                .find_map(|l| l.split_once(" at http://").map(|(_, rest)| rest.to_owned()))
        });
        watch.addr = url.trim_end_matches('/').to_owned();
        watch
    }

    fn log(&self) -> String {
        self.log.lock().expect("log").clone()
    }

    /// Polls `found` over the log until it answers or the deadline passes.
    fn wait_for<T>(&mut self, what: &str, found: impl Fn(&str) -> Option<T>) -> T {
        let start = Instant::now();
        loop {
            if let Some(t) = found(&self.log()) {
                return t;
            }
            if let Ok(Some(status)) = self.child.try_wait() {
                panic!(
                    "cardc watch exited ({status}) before {what}:\n{}",
                    self.log()
                );
            }
            assert!(
                start.elapsed() < DEADLINE,
                "no {what} in time:\n{}",
                self.log()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// `GET path` over plain HTTP: the status and the body.
    fn get(&self, path: &str) -> (u16, String) {
        let mut stream = TcpStream::connect(&self.addr).expect("the server accepts");
        stream
            .set_read_timeout(Some(DEADLINE))
            .expect("a read timeout");
        write!(
            stream,
            "GET {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
            self.addr
        )
        .expect("the request is sent");
        let mut response = String::new();
        stream
            .read_to_string(&mut response)
            .expect("a whole response");
        let (head, body) = response.split_once("\r\n\r\n").expect("a head and a body");
        let status = head
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .expect("a status");
        (status, body.to_owned())
    }

    /// The generation after `after`: the long-poll answers when a round rendered new
    /// sheets (or after its own timeout, with the same number, and is asked again).
    fn generation_after(&self, after: u64) -> u64 {
        let start = Instant::now();
        loop {
            let (status, body) = self.get(&format!("/__cardc/generation?after={after}"));
            assert_eq!(status, 200, "{body}");
            let g = generation(&body);
            if g > after {
                return g;
            }
            assert!(start.elapsed() < DEADLINE, "the generation stayed at {g}");
        }
    }

    fn generation(&self) -> u64 {
        generation(&self.get("/__cardc/generation").1)
    }

    /// Replaces `old` by `new` in `cards/units.card` as editors save: a temporary file
    /// written beside it, then renamed over it.
    fn save(&self, old: &str, new: &str) {
        let path = self.dir.join("cards/units.card");
        let text = std::fs::read_to_string(&path).expect("readable");
        assert!(text.contains(old), "{text}");
        let tmp = self.dir.join("cards/.units.card.swp");
        std::fs::write(&tmp, text.replacen(old, new, 1)).expect("writable");
        std::fs::rename(&tmp, &path).expect("renamed");
    }

    /// Ctrl-C: SIGINT, then the exit status and the whole log.
    fn interrupt(mut self) -> (i32, String) {
        let killed = Command::new("kill")
            .args(["-INT", &self.child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(killed.success());
        let start = Instant::now();
        let status = loop {
            if let Some(status) = self.child.try_wait().expect("waitable") {
                break status;
            }
            if start.elapsed() > DEADLINE {
                let _ = self.child.kill();
                panic!("cardc watch did not stop on SIGINT:\n{}", self.log());
            }
            std::thread::sleep(Duration::from_millis(50));
        };
        // The reader thread drains the pipe once the process is gone.
        let start = Instant::now();
        while !self.log().contains("[watch] stopped") && start.elapsed() < DEADLINE {
            std::thread::sleep(Duration::from_millis(20));
        }
        (status.code().unwrap_or(-1), self.log())
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn generation(body: &str) -> u64 {
    let json: serde_json::Value = serde_json::from_str(body).expect("JSON");
    json["generation"].as_u64().expect("a generation number")
}

fn rounds(log: &str) -> usize {
    log.lines()
        .filter(|l| l.starts_with("[watch] round ") && l.split_whitespace().count() == 3)
        .count()
}

#[test]
fn saves_rebuild_the_served_sheets_and_ctrl_c_stops_cleanly() {
    let mut watch = Watch::start();
    watch.wait_for("the first round", |log| {
        log.contains("[watch] round 1 done").then_some(())
    });
    assert_eq!(watch.generation(), 1);

    // The page and the sheet are served with the reload script; the files on disk have none.
    let (status, index) = watch.get("/");
    assert_eq!(status, 200);
    assert!(index.contains("/__cardc/generation?after="), "{index}");
    let on_disk =
        std::fs::read_to_string(watch.dir.join("sheets/index.html")).expect("index on disk");
    assert!(!on_disk.contains("__cardc"), "the script reached the file");
    let (status, sheet) = watch.get("/sheet.html");
    assert_eq!(status, 200);
    assert!(sheet.contains(OLD) && !sheet.contains(NEW));
    assert_eq!(watch.get("/../Cargo.toml").0, 404);
    assert_eq!(watch.get("/.cardc-sheets").0, 404);

    // An atomic save: one round, one generation, the new name on the served sheet.
    watch.save(OLD, NEW);
    assert_eq!(watch.generation_after(1), 2);
    let sheet = watch.get("/sheet.html").1;
    assert!(sheet.contains(NEW) && !sheet.contains(OLD));
    assert!(
        std::fs::read_to_string(watch.dir.join("generated/src/lib.rs"))
            .expect("generated")
            .contains(NEW)
    );

    // An error in the cards is reported and waited out; the last good sheets stay.
    watch.save("cost 1", "cost one");
    watch.wait_for("the failed round", |log| {
        log.contains("[watch] round 3 failed").then_some(())
    });
    assert!(watch.log().contains("error[E0055]"), "{}", watch.log());
    assert_eq!(watch.generation(), 2);
    assert!(watch.get("/sheet.html").1.contains(NEW));
    watch.save("cost one", "cost 1");
    assert_eq!(watch.generation_after(2), 3);

    let (code, log) = watch.interrupt();
    assert_eq!(code, 0, "{log}");
    assert!(log.contains("[watch] stopped"), "{log}");
    // Three saves, three rounds after the first: none doubled by the rename.
    assert_eq!(rounds(&log), 4, "{log}");
    assert!(!log.contains("[watch] round 5"), "{log}");
}

#[test]
fn watching_a_missing_folder_is_an_io_error() {
    let temp = tempfile::tempdir().expect("temp dir");
    let out = Command::new(env!("CARGO_BIN_EXE_cardc"))
        .args(["watch", "missing"])
        .current_dir(temp.path())
        .output()
        .expect("cardc runs");
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("missing: no such file"));
}

/// One DevTools-protocol session with a page, over its websocket.
struct DevTools {
    socket: tungstenite::WebSocket<tungstenite::stream::MaybeTlsStream<TcpStream>>,
    next_id: u64,
}

impl DevTools {
    /// Evaluates `expression` in the page and returns its value.
    fn eval(&mut self, expression: &str) -> serde_json::Value {
        self.next_id += 1;
        let id = self.next_id;
        let call = serde_json::json!({
            "id": id,
            "method": "Runtime.evaluate",
            "params": { "expression": expression, "returnByValue": true },
        });
        self.socket
            .send(tungstenite::Message::text(call.to_string()))
            .expect("sent to the page");
        loop {
            let message = self.socket.read().expect("an answer from the page");
            let Ok(text) = message.to_text() else {
                continue;
            };
            let Ok(json) = serde_json::from_str::<serde_json::Value>(text) else {
                continue;
            };
            if json["id"].as_u64() == Some(id) {
                return json["result"]["result"]["value"].clone();
            }
        }
    }
}

/// The page target's websocket URL from Chromium's `/json/list`, once it lists one.
fn page_socket(devtools: &str, page_url: &str) -> Option<String> {
    let mut stream = TcpStream::connect(devtools).ok()?;
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .ok()?;
    write!(
        stream,
        "GET /json/list HTTP/1.1\r\nHost: {devtools}\r\nConnection: close\r\n\r\n"
    )
    .ok()?;
    // Chromium may keep the connection open: read the head, then Content-Length bytes.
    let mut response = Vec::new();
    let mut chunk = [0_u8; 4096];
    loop {
        let n = stream.read(&mut chunk).ok()?;
        response.extend_from_slice(&chunk[..n]);
        let text = String::from_utf8_lossy(&response);
        if let Some((head, body)) = text.split_once("\r\n\r\n") {
            let length = head.lines().find_map(|l| {
                let (name, value) = l.split_once(':')?;
                name.eq_ignore_ascii_case("content-length")
                    .then(|| value.trim().parse::<usize>().ok())?
            });
            if n == 0 || length.is_some_and(|len| body.len() >= len) {
                break;
            }
        } else if n == 0 {
            return None;
        }
    }
    let response = String::from_utf8_lossy(&response);
    let body = response.split_once("\r\n\r\n")?.1;
    let targets: serde_json::Value = serde_json::from_str(body).ok()?;
    targets.as_array()?.iter().find_map(|t| {
        (t["type"] == "page" && t["url"].as_str()?.starts_with(page_url))
            .then(|| t["webSocketDebuggerUrl"].as_str().map(str::to_owned))?
    })
}

#[test]
#[ignore = "needs chromium: run by .ci/run"]
fn the_open_page_reloads_itself_in_headless_chromium() {
    let mut watch = Watch::start();
    watch.wait_for("the first round", |log| {
        log.contains("[watch] round 1 done").then_some(())
    });
    let chromium = cardc_sheets::chromium().expect("headless Chromium (apt-get install chromium)");
    let profile = tempfile::tempdir().expect("temp dir");
    let page_url = format!("http://{}/sheet.html", watch.addr);
    let mut browser = Command::new(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-dev-shm-usage",
            "--remote-debugging-port=0",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .arg(&page_url)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("chromium starts");
    struct Kill(Child);
    impl Drop for Kill {
        fn drop(&mut self) {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
    let stderr = browser.stderr.take().expect("piped stderr");
    let browser = Kill(browser);
    // "DevTools listening on ws://127.0.0.1:PORT/devtools/browser/…"
    let mut lines = BufReader::new(stderr).lines().map_while(Result::ok);
    let devtools = lines
        .find_map(|l| {
            let rest = l.split_once("DevTools listening on ws://")?.1;
            Some(rest.split('/').next()?.to_owned())
        })
        .expect("chromium prints its DevTools address");
    // Chromium's later messages are drained, so it never blocks on a full pipe.
    std::thread::spawn(move || lines.for_each(drop));
    eprintln!("chromium's DevTools at {devtools}");
    let start = Instant::now();
    let socket_url = loop {
        if let Some(url) = page_socket(&devtools, &page_url) {
            break url;
        }
        assert!(start.elapsed() < DEADLINE, "chromium lists no page");
        std::thread::sleep(Duration::from_millis(100));
    };
    let (socket, _) = tungstenite::connect(socket_url.as_str()).expect("the page's websocket");
    let mut page = DevTools { socket, next_id: 0 };
    eprintln!("connected to the page at {socket_url}");
    let text = |page: &mut DevTools| {
        // textContent: the sheet's CSS upper-cases names, which innerText would report.
        page.eval("document.readyState === 'complete' ? document.body.textContent : ''")
            .as_str()
            .unwrap_or_default()
            .to_owned()
    };
    let start = Instant::now();
    while !text(&mut page).contains(OLD) {
        assert!(start.elapsed() < DEADLINE, "the page never showed {OLD}");
        std::thread::sleep(Duration::from_millis(100));
    }

    // Nothing but the page's own script reloads it.
    eprintln!("the page shows {OLD}; saving {NEW}");
    watch.save(OLD, NEW);
    let start = Instant::now();
    loop {
        let now = text(&mut page);
        if now.contains(NEW) && !now.contains(OLD) {
            break;
        }
        assert!(
            start.elapsed() < DEADLINE,
            "the page still shows the old sheet:\n{}",
            watch.log()
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    assert_eq!(page.eval("location.href").as_str(), Some(page_url.as_str()));
    drop(browser);
    let (code, log) = watch.interrupt();
    assert_eq!(code, 0, "{log}");
}
