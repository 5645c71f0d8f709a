//! The words of `Choose <count> — …` (ruling R81): the count as a number.

/// `one` … `ten` or digits as a number; anything else (the grammar reads no other) as 0,
/// which the checker rejects (`E0226`).
pub(crate) fn count(word: &str) -> u32 {
    const WORDS: [&str; 10] = [
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    let lower = word.to_ascii_lowercase();
    match WORDS.iter().position(|w| *w == lower) {
        Some(i) => u32::try_from(i + 1).unwrap_or(0),
        None => lower.parse().unwrap_or(0),
    }
}

#[cfg(test)]
mod tests {
    use super::count;

    #[test]
    fn words_and_digits() {
        assert_eq!(count("one"), 1);
        assert_eq!(count("Two"), 2);
        assert_eq!(count("2"), 2);
        assert_eq!(count("99999999999999"), 0);
    }
}
