//! "Did you mean": the closest word of a vocabulary.

/// The candidate closest to `word`, if it is a plausible slip:
///
/// 1. the nearest by case-insensitive Damerau–Levenshtein distance, when that distance
///    is at most a third of the word's length, rounded up (`voks` → `vox`);
/// 2. otherwise the candidate sharing the longest prefix with `word`, when that prefix
///    is at least four characters and half the shorter word (`Liberty` → `Liberation`,
///    `Redemption` → `Redeem`).
///
/// Ties go to the earliest candidate.
pub fn did_you_mean<'a, I>(word: &str, candidates: I) -> Option<&'a str>
where
    I: IntoIterator<Item = &'a str>,
{
    let lower = word.to_lowercase();
    let limit = word.chars().count().div_ceil(3).max(1);
    let mut best: Option<(usize, &'a str)> = None;
    let mut best_prefix: Option<(usize, &'a str)> = None;
    for cand in candidates {
        let cand_lower = cand.to_lowercase();
        let d = strsim::damerau_levenshtein(&lower, &cand_lower);
        if d <= limit && best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, cand));
        }
        let common = lower
            .chars()
            .zip(cand_lower.chars())
            .take_while(|(a, b)| a == b)
            .count();
        let shorter = lower.chars().count().min(cand_lower.chars().count());
        if common >= 4 && common * 2 >= shorter && best_prefix.is_none_or(|(bc, _)| common > bc) {
            best_prefix = Some((common, cand));
        }
    }
    best.or(best_prefix).map(|(_, c)| c)
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
        assert_eq!(did_you_mean("voks", ["cost", "vox", "rank"]), Some("vox"));
        assert_eq!(did_you_mean("xyz", ["vox"]), None);
    }

    #[test]
    fn falls_back_to_a_long_shared_prefix() {
        assert_eq!(
            did_you_mean("Liberty", ["Greed", "Liberation"]),
            Some("Liberation")
        );
        assert_eq!(
            did_you_mean("Redemption", ["Redeem", "Conviction"]),
            Some("Redeem")
        );
        assert_eq!(did_you_mean("Libra", ["Liberation"]), None);
    }
}
