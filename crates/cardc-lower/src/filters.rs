//! Lowering of a target's or group's filters (`target Fallen Ruthless Character with 3 or
//! less CP`): each filter through its generated arm (`Lowerer::filter`, one per `[[filter]]`
//! row), gathered into the IR's `Filters` set, which prints them in the canonical order. A
//! filter written twice is reported (`E0060`), never merged silently.

use cardc_diagnostics::Diagnostic;
use cardc_ir::{Drive, Filters, Morality};
use cardc_syntax::ast::{self, Spanned};

use crate::codes::UNSUPPORTED_SENTENCE;
use crate::Lowerer;

impl Lowerer {
    /// The filters as written, as one set; `None` (reported) if one does not lower or a
    /// row is written twice.
    pub(super) fn filters(&mut self, written: &[Spanned<ast::Filter>]) -> Option<Filters> {
        let mut set = Filters::NONE;
        let mut ok = true;
        for f in written {
            let Some(filter) = self.filter(&f.value) else {
                ok = false;
                continue;
            };
            if !set.insert(filter) {
                self.diagnostics.push(
                    Diagnostic::error(
                        UNSUPPORTED_SENTENCE,
                        f.span,
                        "this target names the same filter twice",
                    )
                    .with_label("a second filter of the same kind")
                    .with_help(
                        "a target passes each filter once: keep one (for a range, write `with Rank 2 or more with Rank 4 or less`)",
                    ),
                );
                ok = false;
            }
        }
        ok.then_some(set)
    }

    /// A Morality as a filter's adjective, read in any case (`ruthless` is `Ruthless`).
    pub(super) fn morality_word(&mut self, w: &Spanned<String>) -> Option<Morality> {
        let found = Morality::ALL
            .iter()
            .copied()
            .find(|m| m.name().eq_ignore_ascii_case(&w.value));
        if found.is_some() {
            return found;
        }
        self.vocab(w, "a Morality", Morality::from_name, Morality::names)
    }

    /// A Drive as written in `with the <Drive> Drive`, read in any case, with "did you mean".
    pub(super) fn drive_word(&mut self, w: &Spanned<String>) -> Option<Drive> {
        let found = Drive::ALL
            .iter()
            .copied()
            .find(|d| d.name().eq_ignore_ascii_case(&w.value));
        if found.is_some() {
            return found;
        }
        self.vocab(w, "a Drive", Drive::from_name, Drive::names)
    }
}
