//! `file:` URIs ⇄ paths.
//!
//! A path becomes `file://` followed by its bytes, each byte other than an unreserved
//! character or `/` percent-encoded (Windows: `C:\a b` → `file:///C:/a%20b`). A URI
//! is read back leniently: any case of `file:`, an empty or `localhost` authority,
//! `%XX` escapes decoded, query and fragment ignored.

use lsp_types::Uri;
use std::path::{Path, PathBuf};
use std::str::FromStr;

/// The `file:` URI of an absolute path; `None` for a relative path.
pub fn path_to_uri(path: &Path) -> Option<Uri> {
    if !path.is_absolute() {
        return None;
    }
    let bytes = path_bytes(path);
    let mut out = String::with_capacity(bytes.len() + 8);
    out.push_str("file://");
    if !bytes.starts_with(b"/") {
        out.push('/');
    }
    for &b in bytes.iter() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' | b'/' => {
                out.push(char::from(b));
            }
            // A drive letter's colon may stay as it is.
            b':' if cfg!(windows) => out.push(':'),
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    Uri::from_str(&out).ok()
}

/// The path of a `file:` URI; `None` for any other scheme or a remote host.
pub fn uri_to_path(uri: &Uri) -> Option<PathBuf> {
    let s = uri.as_str();
    let scheme = s.get(..5)?;
    if !scheme.eq_ignore_ascii_case("file:") {
        return None;
    }
    let rest = &s[5..];
    let rest = rest.split(['?', '#']).next().unwrap_or_default();
    let path = match rest.strip_prefix("//") {
        Some(after) => {
            let slash = after.find('/').unwrap_or(after.len());
            let host = &after[..slash];
            if !host.is_empty() && !host.eq_ignore_ascii_case("localhost") {
                return None;
            }
            &after[slash..]
        }
        None => rest,
    };
    if !path.starts_with('/') {
        return None;
    }
    let decoded = percent_decode(path);
    bytes_to_path(decoded)
}

fn percent_decode(s: &str) -> Vec<u8> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let escaped = (bytes[i] == b'%')
            .then(|| bytes.get(i + 1..i + 3))
            .flatten()
            .and_then(|hex| std::str::from_utf8(hex).ok())
            .and_then(|hex| u8::from_str_radix(hex, 16).ok());
        match escaped {
            Some(b) => {
                out.push(b);
                i += 3;
            }
            None => {
                out.push(bytes[i]);
                i += 1;
            }
        }
    }
    out
}

#[cfg(unix)]
fn path_bytes(path: &Path) -> Vec<u8> {
    use std::os::unix::ffi::OsStrExt;
    path.as_os_str().as_bytes().to_vec()
}

#[cfg(not(unix))]
fn path_bytes(path: &Path) -> Vec<u8> {
    path.to_string_lossy().replace('\\', "/").into_bytes()
}

#[cfg(unix)]
fn bytes_to_path(bytes: Vec<u8>) -> Option<PathBuf> {
    use std::os::unix::ffi::OsStringExt;
    Some(PathBuf::from(std::ffi::OsString::from_vec(bytes)))
}

#[cfg(not(unix))]
fn bytes_to_path(bytes: Vec<u8>) -> Option<PathBuf> {
    let s = String::from_utf8(bytes).ok()?;
    // `/C:/cards` names `C:\cards`.
    let s = match s.as_bytes() {
        [b'/', d, b':', ..] if d.is_ascii_alphabetic() => &s[1..],
        _ => &s[..],
    };
    Some(PathBuf::from(s.replace('/', "\\")))
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    fn uri(s: &str) -> Uri {
        Uri::from_str(s).unwrap_or_else(|e| panic!("{s}: {e}"))
    }

    #[test]
    fn paths_round_trip_through_uris() {
        let path = Path::new("/home/ana/my cards/Grève #1 🚀.card");
        let u = path_to_uri(path).unwrap_or_else(|| panic!("no uri"));
        assert_eq!(
            u.as_str(),
            "file:///home/ana/my%20cards/Gr%C3%A8ve%20%231%20%F0%9F%9A%80.card"
        );
        assert_eq!(uri_to_path(&u).as_deref(), Some(path));
    }

    #[test]
    fn uris_from_editors_are_read_leniently() {
        let p = Some(PathBuf::from("/a/b c.card"));
        assert_eq!(uri_to_path(&uri("file:///a/b%20c.card")), p);
        assert_eq!(uri_to_path(&uri("FILE:///a/b%20c.card")), p);
        assert_eq!(uri_to_path(&uri("file://localhost/a/b%20c.card")), p);
        assert_eq!(uri_to_path(&uri("file:/a/b%20c.card")), p);
        assert_eq!(uri_to_path(&uri("file:///a/b%20c.card?x#y")), p);
        assert_eq!(uri_to_path(&uri("file://server/a")), None);
        assert_eq!(uri_to_path(&uri("untitled:Untitled-1")), None);
        assert_eq!(path_to_uri(Path::new("relative.card")), None);
    }
}
