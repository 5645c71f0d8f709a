//! "Did you mean": the closest word of a vocabulary by edit distance.

/// The candidate closest to `word` (case-insensitive Damerau–Levenshtein), if it is
/// close enough to be a plausible typo: at most one edit for short words, up to a
/// third of the word's length for longer ones. Ties go to the earliest candidate.
pub fn did_you_mean<'a, I>(word: &str, candidates: I) -> Option<&'a str>
where
    I: IntoIterator<Item = &'a str>,
{
    let lower = word.to_lowercase();
    let limit = (word.chars().count() / 3).max(1);
    let mut best: Option<(usize, &'a str)> = None;
    for cand in candidates {
        let d = strsim::damerau_levenshtein(&lower, &cand.to_lowercase());
        if d <= limit && best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, cand));
        }
    }
    best.map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::did_you_mean;

    #[test]
    fn suggests_close_words_only() {
        let words = ["Virtuous", "Expedient", "Ruthless", "Iniquitous"];
        assert_eq!(did_you_mean("Virtuos", words), Some("Virtuous"));
        assert_eq!(did_you_mean("ruthless", words), Some("Ruthless"));
        assert_eq!(did_you_mean("Banana", words), None);
    }
}
