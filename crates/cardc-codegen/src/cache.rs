//! The generation cache: each card's module, formatted once, kept under a key that
//! says exactly what it was generated from, so that a build after editing one card
//! formats one card (and the registry), and a build with nothing changed formats none.
//!
//! A key is the SHA-256 of the generator's fingerprint (`build.rs`: this crate's
//! sources, the IR's, and the locked versions of quote, syn and prettyplease), the
//! entry's kind, and its input: for a card, its serialised IR with every span left out
//! (spans are where a card was written, which the generated code never shows, so an
//! edit above a card does not invalidate it) and its identifiers; for the registry,
//! every entry it lists. Equal keys mean equal input to the same generator, so a hit
//! is the text the generator would print.
//!
//! The cache lives in a hidden folder of the output directory, [`DIR`]. It is safe to
//! delete at any time and is never needed for a correct build: an entry that is
//! missing, unreadable, truncated or fails its checksum is a miss, and the text is
//! generated again; entries are written to a temporary name and renamed, without
//! fsync (a lost entry is only a miss). Entries no build has used for a while are
//! pruned, so the folder stays near the size of one set.

use sha2::{Digest, Sha256};
use std::collections::BTreeSet;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The cache's folder inside the output directory.
pub const DIR: &str = ".cardc";

/// The generator's fingerprint (see `build.rs`).
pub const FINGERPRINT: &str = env!("CARDC_CODEGEN_FINGERPRINT");

/// The first bytes of every entry.
const MAGIC: &str = "cardc-cache 1";

/// A cache of formatted text by key, in a folder or (disabled) nowhere.
#[derive(Debug, Default)]
pub struct Cache {
    dir: Option<PathBuf>,
    used: BTreeSet<String>,
    /// Entries found.
    pub hits: usize,
    /// Entries generated (and stored, if the cache has a folder).
    pub misses: usize,
}

impl Cache {
    /// A cache that stores nothing: every lookup generates.
    pub fn disabled() -> Cache {
        Cache::default()
    }

    /// The cache of the output directory `out_dir` (its folder is created on first
    /// store).
    pub fn in_out_dir(out_dir: &Path) -> Cache {
        Cache {
            dir: Some(out_dir.join(DIR)),
            ..Cache::default()
        }
    }

    /// Whether entries are kept (a disabled cache generates every time).
    pub fn is_enabled(&self) -> bool {
        self.dir.is_some()
    }

    /// The text stored under each key, where the cache holds it (a hit; `None` for no key):
    /// the entries read on up to `threads` threads, each a file of its own. Every key is kept
    /// as used, so [`Cache::prune`] leaves its entry.
    pub fn lookup_all(&mut self, keys: &[Option<String>], threads: usize) -> Vec<Option<String>> {
        let found = {
            let this = &*self;
            crate::par_map(keys, threads, |key| {
                key.as_deref().and_then(|k| this.load(k))
            })
        };
        for (key, text) in keys.iter().zip(&found) {
            if let Some(key) = key {
                self.used.insert(key.clone());
                self.hits += usize::from(text.is_some());
            }
        }
        found
    }

    /// Stores `text`, generated for `key` after [`Cache::lookup_all`] missed it (a miss).
    pub fn insert(&mut self, key: &str, text: &str) {
        self.used.insert(key.to_owned());
        self.misses += 1;
        self.store(key, text);
    }

    /// The text stored under `key`, or `generate()`'s, which is then stored.
    pub fn get_or_insert_with(&mut self, key: &str, generate: impl FnOnce() -> String) -> String {
        self.used.insert(key.to_owned());
        if let Some(text) = self.load(key) {
            self.hits += 1;
            return text;
        }
        self.misses += 1;
        let text = generate();
        self.store(key, &text);
        text
    }

    fn load(&self, key: &str) -> Option<String> {
        let bytes = fs::read(self.dir.as_ref()?.join(key)).ok()?;
        let text = String::from_utf8(bytes).ok()?;
        let (head, body) = text.split_once('\n')?;
        let expected = format!("{MAGIC} {} {:016x}", body.len(), checksum(body.as_bytes()));
        (head == expected).then(|| body.to_owned())
    }

    fn store(&self, key: &str, text: &str) {
        let Some(dir) = &self.dir else { return };
        // A failure to store is only a miss next time; it never fails the build.
        let _ = (|| -> std::io::Result<()> {
            if !dir.is_dir() {
                fs::create_dir_all(dir)?;
                // Ignored by version control and backup tools, like cargo's `target/`.
                fs::write(dir.join(".gitignore"), "*\n")?;
                fs::write(
                    dir.join("CACHEDIR.TAG"),
                    "Signature: 8a477f597d28d172789f06886806bc55\n\
                     # The cardc generation cache: safe to delete.\n",
                )?;
            }
            let tmp = dir.join(format!(".{key}.{}.part", std::process::id()));
            let mut f = fs::File::create(&tmp)?;
            writeln!(
                f,
                "{MAGIC} {} {:016x}",
                text.len(),
                checksum(text.as_bytes())
            )?;
            f.write_all(text.as_bytes())?;
            drop(f);
            fs::rename(&tmp, dir.join(key)).inspect_err(|_| {
                let _ = fs::remove_file(&tmp);
            })
        })();
    }

    /// After a build: removes temporary files of killed runs and, once the folder
    /// holds more than twice the entries this build used (plus some slack for edits
    /// and their reverts), every entry this build did not use.
    pub fn prune(&self) {
        let Some(dir) = &self.dir else { return };
        let Ok(entries) = fs::read_dir(dir) else {
            return;
        };
        let names: Vec<String> = entries
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        let keys = names.iter().filter(|n| is_key(n)).count();
        let crowded = keys > 2 * self.used.len() + 64;
        for name in &names {
            let stale_key = crowded && is_key(name) && !self.used.contains(name);
            let stale_part = name.starts_with('.') && name.ends_with(".part");
            if stale_key || stale_part {
                let _ = fs::remove_file(dir.join(name));
            }
        }
    }
}

fn is_key(name: &str) -> bool {
    name.len() == 64 && name.bytes().all(|b| b.is_ascii_hexdigit())
}

/// The key of an entry of `kind` generated from `parts`.
pub fn key(kind: &str, parts: &[&[u8]]) -> String {
    let mut h = Sha256::new();
    for part in [FINGERPRINT.as_bytes(), kind.as_bytes()]
        .into_iter()
        .chain(parts.iter().copied())
    {
        h.update((part.len() as u64).to_le_bytes());
        h.update(part);
    }
    h.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

/// `value` serialised as JSON with every source span left out.
///
/// A span serialises as `{"file":F,"start":S,"end":E}`. That byte sequence can only
/// be a span object: inside a JSON string every `"` is escaped, so `{"file":` cannot
/// occur in one, and no other type of the IR has exactly these three fields.
/// `None` if it does not serialise (never for the IR; the caller then does not cache).
pub fn without_spans<T: serde::Serialize>(value: &T) -> Option<Vec<u8>> {
    let json = serde_json::to_vec(value).ok()?;
    Some(strip_spans(&json))
}

fn strip_spans(json: &[u8]) -> Vec<u8> {
    const OPEN: &[u8] = b"{\"file\":";
    let mut out = Vec::with_capacity(json.len());
    let mut i = 0;
    while let Some(at) = json[i..].iter().position(|&b| b == b'{') {
        let at = i + at;
        out.extend_from_slice(&json[i..at]);
        match json[at..]
            .starts_with(OPEN)
            .then(|| span_len(&json[at..]))
            .flatten()
        {
            Some(len) => {
                out.extend_from_slice(b"{}");
                i = at + len;
            }
            None => {
                out.push(b'{');
                i = at + 1;
            }
        }
    }
    out.extend_from_slice(&json[i..]);
    out
}

/// The length of `{"file":D,"start":D,"end":D}` at the start of `s`, if it is one.
fn span_len(s: &[u8]) -> Option<usize> {
    let mut i = 0;
    for field in [&b"{\"file\":"[..], b",\"start\":", b",\"end\":"] {
        if !s[i..].starts_with(field) {
            return None;
        }
        i += field.len();
        let digits = s[i..].iter().take_while(|b| b.is_ascii_digit()).count();
        if digits == 0 {
            return None;
        }
        i += digits;
    }
    (s.get(i) == Some(&b'}')).then_some(i + 1)
}

/// FNV-1a over the entry's text: catches a truncated or damaged entry.
fn checksum(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_are_left_out_and_nothing_else() {
        let json = br#"{"name":{"value":"A {\"file\":1,\"start\":2,\"end\":3}","span":{"file":0,"start":10,"end":20}},"n":{"file":1,"start":2}}"#;
        let stripped = String::from_utf8(strip_spans(json)).unwrap();
        assert_eq!(
            stripped,
            r#"{"name":{"value":"A {\"file\":1,\"start\":2,\"end\":3}","span":{}},"n":{"file":1,"start":2}}"#
        );
    }

    #[test]
    fn a_damaged_entry_is_a_miss() {
        let dir = tempfile::tempdir().unwrap();
        let mut cache = Cache::in_out_dir(dir.path());
        let k = key("card", &[b"x"]);
        assert_eq!(cache.get_or_insert_with(&k, || "text\n".into()), "text\n");
        assert_eq!(cache.get_or_insert_with(&k, || unreachable!()), "text\n");
        let path = dir.path().join(DIR).join(&k);
        let stored = fs::read_to_string(&path).unwrap();
        fs::write(&path, stored.replace("text", "tex!")).unwrap();
        assert_eq!(cache.get_or_insert_with(&k, || "again\n".into()), "again\n");
        fs::write(&path, &stored[..stored.len() - 2]).unwrap();
        assert_eq!(cache.get_or_insert_with(&k, || "third\n".into()), "third\n");
        assert_eq!((cache.hits, cache.misses), (1, 3));
    }

    #[test]
    fn keys_differ_by_kind_and_by_every_part() {
        let a = key("card", &[b"ab", b"c"]);
        assert_ne!(a, key("card", &[b"a", b"bc"]));
        assert_ne!(a, key("registry", &[b"ab", b"c"]));
        assert_eq!(a, key("card", &[b"ab", b"c"]));
    }
}
