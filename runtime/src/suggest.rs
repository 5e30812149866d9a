//! "Did you mean …?": the closest known name to a misspelt one. Shared by
//! every front end that names things back to a user (the compiler's
//! diagnostics, `fairyc show`'s picture, the command line), so that each
//! finds the same suggestion; the runtime itself never needs it.

/// The edit distance between two strings (optimal string alignment:
/// insertions, deletions, substitutions and swaps of neighbours each cost 1),
/// counted in characters.
///
/// ```
/// use fairyc_runtime::suggest::edit_distance;
/// assert_eq!(edit_distance("lettr", "letter"), 1);
/// assert_eq!(edit_distance("mvoes", "moves"), 1);
/// assert_eq!(edit_distance("", "abc"), 3);
/// ```
pub fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    // rows[i][j]: distance between a[..i] and b[..j]; three rows kept.
    let width = b.len() + 1;
    let mut before: Vec<usize> = vec![0; width];
    let mut previous: Vec<usize> = (0..width).collect();
    let mut current: Vec<usize> = vec![0; width];
    for (i, &ca) in a.iter().enumerate() {
        current.clear();
        current.push(i + 1);
        for (j, &cb) in b.iter().enumerate() {
            let cost = usize::from(ca != cb);
            let left = current.last().copied().unwrap_or(usize::MAX);
            let up = previous.get(j + 1).copied().unwrap_or(usize::MAX);
            let diagonal = previous.get(j).copied().unwrap_or(usize::MAX);
            let mut best = (left + 1).min(up + 1).min(diagonal + cost);
            let swapped = i > 0 && j > 0 && a.get(i - 1) == Some(&cb) && b.get(j - 1) == Some(&ca);
            if swapped {
                if let Some(&d) = before.get(j - 1) {
                    best = best.min(d + 1);
                }
            }
            current.push(best);
        }
        std::mem::swap(&mut before, &mut previous);
        std::mem::swap(&mut previous, &mut current);
    }
    previous.last().copied().unwrap_or(0)
}

/// The longest name, in characters, for which [`did_you_mean`] looks for
/// a close one (and the longest candidate it compares).
pub const MAX_SUGGEST_CHARS: usize = 64;

/// The candidate closest to `name`, if it is close enough to be a likely
/// typo: at most a third of the name's length away (at least 1), or equal
/// ignoring case. Ties go to the first candidate.
///
/// ```
/// use fairyc_runtime::suggest::did_you_mean;
/// let pieces = ["King", "Queen", "Pawn"];
/// assert_eq!(did_you_mean("Quen", pieces), Some("Queen"));
/// assert_eq!(did_you_mean("pawn", pieces), Some("Pawn"));
/// assert_eq!(did_you_mean("Dragon", pieces), None);
/// ```
pub fn did_you_mean<'a, I>(name: &str, candidates: I) -> Option<&'a str>
where
    I: IntoIterator<Item = &'a str>,
{
    let chars = name.chars().count();
    // Edit distances cost the product of the lengths: long names (nobody
    // mistypes a name of a hundred letters) are not compared.
    if chars > MAX_SUGGEST_CHARS {
        return None;
    }
    let limit = (chars / 3).max(1);
    let lower = name.to_lowercase();
    let mut best: Option<((usize, u32), &'a str)> = None;
    for candidate in candidates {
        if candidate == name || candidate.len() > 4 * MAX_SUGGEST_CHARS {
            continue;
        }
        let n = candidate.chars().count();
        // The distance is at least the difference in length.
        if n > MAX_SUGGEST_CHARS || n.abs_diff(chars) > limit {
            continue;
        }
        let distance = if candidate.to_lowercase() == lower {
            0
        } else {
            edit_distance(name, candidate)
        };
        let key = (distance, gap(name, candidate));
        if distance <= limit && best.is_none_or(|(k, _)| key < k) {
            best = Some((key, candidate));
        }
    }
    best.map(|(_, candidate)| candidate)
}

/// A tie-break between equally distant candidates: for names of the same
/// length, how far apart the differing characters are (`h9` is nearer `h8`
/// than `h1`); otherwise the same for all.
fn gap(a: &str, b: &str) -> u32 {
    if a.chars().count() != b.chars().count() {
        return u32::MAX;
    }
    a.chars()
        .zip(b.chars())
        .map(|(x, y)| (x as u32).abs_diff(y as u32))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances() {
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("ab", "ba"), 1);
        assert_eq!(edit_distance("same", "same"), 0);
        assert_eq!(edit_distance("é", "e"), 1);
    }

    #[test]
    fn suggestions() {
        assert_eq!(did_you_mean("lettr", ["letter", "moves"]), Some("letter"));
        assert_eq!(did_you_mean("x", ["letter", "moves"]), None);
        assert_eq!(did_you_mean("los", ["win", "draw", "loss"]), Some("loss"));
        let squares = ["h1", "h2", "h7", "h8", "g8"];
        assert_eq!(did_you_mean("h9", squares), Some("h8"));
        assert_eq!(did_you_mean("i8", squares), Some("h8"));
    }
}
