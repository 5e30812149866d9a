//! "Did you mean …?": the closest known name to a misspelt one, and the
//! valid Betza term a malformed one most likely meant. A suggestion is only
//! ever something that would itself pass the check: a name from the list of
//! candidates the caller knows to exist, or a Betza term that
//! [`is_valid_betza_term`] accepts.

/// The edit distance between two strings (optimal string alignment:
/// insertions, deletions, substitutions and swaps of neighbours each cost 1),
/// counted in characters.
///
/// ```
/// use fairyc_compiler::suggest::edit_distance;
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

/// A name or value to quote in a message: whole if it has at most
/// [`MAX_SUGGEST_CHARS`] characters, else its first and last 24
/// characters around `…` and its length in bytes (a message never echoes
/// a whole long line; the snippet shows where it is).
///
/// ```
/// use fairyc_compiler::suggest::elide;
/// assert_eq!(elide("maxFile"), "maxFile");
/// let long = "k".repeat(100_000);
/// assert!(elide(&long).len() < 80);
/// ```
pub fn elide(s: &str) -> std::borrow::Cow<'_, str> {
    if s.len() <= MAX_SUGGEST_CHARS || s.chars().nth(MAX_SUGGEST_CHARS).is_none() {
        return s.into();
    }
    let head: String = s.chars().take(24).collect();
    let tail: String = {
        let mut t: Vec<char> = s.chars().rev().take(24).collect();
        t.reverse();
        t.into_iter().collect()
    };
    format!("{head}…{tail} ({} bytes)", s.len()).into()
}

/// The longest name, in characters, for which [`did_you_mean`] looks for
/// a close one (and the longest candidate it compares).
pub const MAX_SUGGEST_CHARS: usize = 64;

/// The candidate closest to `name`, if it is close enough to be a likely
/// typo: at most a third of the name's length away (at least 1), or equal
/// ignoring case. Ties go to the first candidate.
///
/// ```
/// use fairyc_compiler::suggest::did_you_mean;
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

/// Whether `term` is one Betza term that passes every check a `moves`
/// statement makes: it parses (modifiers, one upper-case atom, an optional
/// range of at most [`crate::parse::MAX_BETZA_RANGE`]), its atom and
/// modifiers are known and supported, it is not both `m` and `c`, and its
/// direction letters select some move of the atom (on an 8×8 board).
///
/// ```
/// use fairyc_compiler::suggest::is_valid_betza_term;
/// assert!(is_valid_betza_term("mfW"));
/// assert!(is_valid_betza_term("ifmnD"));
/// assert!(!is_valid_betza_term("xyZ")); // `x`, `y`: no such modifiers
/// assert!(!is_valid_betza_term("ffF")); // "mainly forward" selects no diagonal
/// assert!(!is_valid_betza_term("mfW cefF")); // two terms
/// ```
pub fn is_valid_betza_term(term: &str) -> bool {
    use crate::ast::{BoardProp, Item, PieceProp};
    use crate::check::{BETZA_ATOMS, BETZA_MODIFIERS};

    if term.is_empty() || !term.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return false;
    }
    let Ok(file) = crate::parse::parse(&format!(
        "board {{ files a..h; ranks 1..8 }}\npiece T {{ moves {term} }}\n"
    )) else {
        return false;
    };
    let mut board = None;
    let mut terms = Vec::new();
    for item in &file.items {
        match item {
            Item::Board(b) => board = Some(b),
            Item::Piece(p) => {
                for prop in &p.props {
                    match prop {
                        PieceProp::Moves {
                            betza, guard: None, ..
                        } => terms.extend(betza.terms.iter()),
                        _ => return false,
                    }
                }
            }
            _ => return false,
        }
    }
    let ([term], Some(board)) = (terms.as_slice(), board) else {
        return false;
    };
    let known = BETZA_ATOMS.contains(term.atom.node)
        && term.mods.iter().all(|m| BETZA_MODIFIERS.contains(m.node));
    let has = |c: char| term.mods.iter().any(|m| m.node == c);
    if !known
        || (has('m') && has('c'))
        || (has('p') && has('g'))
        || board
            .props
            .iter()
            .any(|p| matches!(p, BoardProp::Unknown(_)))
    {
        return false;
    }
    let Some(geo) = crate::geometry::Geometry::build(board, &mut Vec::new()) else {
        return false;
    };
    let nsq = geo.squares.len() as crate::geometry::Sq;
    // A suggestion is never worth much work: a move whose paths cost more
    // than this is not suggested.
    let mut budget = crate::geometry::Budget::new(1 << 16);
    crate::betza::specs(term).is_some_and(|specs| {
        // A multi-leg term must also pass the lowering's rules (E0182,
        // E0183) and lead somewhere (E0115).
        let legs = specs.iter().any(|s| !s.legs.is_empty());
        if legs
            && (geo.has_multi_cell()
                || specs.iter().any(|s| s.hop_problem().is_some())
                || specs
                    .iter()
                    .any(|s| s.legs.len() >= crate::geometry::MAX_LEGS))
        {
            return false;
        }
        specs.iter().any(|spec| {
            (0..2).any(|side| {
                let vectors = spec.select(&geo, side);
                !vectors.is_empty()
                    && (spec.legs.is_empty()
                        || (0..nsq).any(|from| {
                            vectors.iter().any(|&v| {
                                geo.leg_paths(from, v, spec, true, &mut budget)
                                    .is_ok_and(|p| !p.is_empty())
                            })
                        }))
            })
        })
    })
}

/// What a malformed Betza term most likely meant, if that is itself a valid
/// term ([`is_valid_betza_term`]); `None` rather than a guess that would
/// fail again.
///
/// Two slips are recognised: modifiers written after the atom
/// ([`BetzaFix::MisplacedModifiers`], `Wf` → `fW`, `N2f` → `fN2`) and an
/// atom written in lower case ([`BetzaFix::LowerCaseAtom`], `mfw` → `mfW`).
///
/// ```
/// use fairyc_compiler::suggest::{betza_fix, BetzaFix};
/// assert_eq!(betza_fix("Wf"), Some(BetzaFix::MisplacedModifiers("fW".into())));
/// assert_eq!(betza_fix("mfw"), Some(BetzaFix::LowerCaseAtom("mfW".into())));
/// assert_eq!(betza_fix("xyz"), None); // not `xyZ`
/// assert_eq!(betza_fix("Queen"), None); // not `ueenQ`
/// assert_eq!(betza_fix("Nx"), None); // not `xN`
/// ```
pub fn betza_fix(word: &str) -> Option<BetzaFix> {
    if word.is_empty() || !word.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return None;
    }
    let lead = word.bytes().take_while(u8::is_ascii_lowercase).count();
    let (mods, rest) = word.split_at(lead);
    let fix = if rest.is_empty() {
        // All lower case: the last letter was meant as the atom.
        let (mods, atom) = word.split_at(word.len() - 1);
        BetzaFix::LowerCaseAtom(format!("{mods}{}", atom.to_ascii_uppercase()))
    } else {
        // `[a-z]*[A-Z][0-9]*[a-z]+`: modifiers after the atom.
        let mut chars = rest.chars();
        let atom = chars.next().filter(char::is_ascii_uppercase)?;
        let after = chars.as_str();
        let digits = after.bytes().take_while(u8::is_ascii_digit).count();
        let (range, tail) = after.split_at(digits);
        if tail.is_empty() || !tail.bytes().all(|b| b.is_ascii_lowercase()) {
            return None;
        }
        BetzaFix::MisplacedModifiers(format!("{mods}{tail}{atom}{range}"))
    };
    // A slip is not guessed into a multi-leg move (`Qa` is hardly `aQ`).
    let multi_leg = fix.term().bytes().any(|b| b == b'a');
    (!multi_leg && is_valid_betza_term(fix.term())).then_some(fix)
}

/// A corrected Betza term, by the slip it corrects (see [`betza_fix`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BetzaFix {
    /// `Wf` → `fW`: the modifiers moved before the atom (error `E0037`).
    MisplacedModifiers(String),
    /// `mfw` → `mfW`: the last letter made the atom (error `E0038`).
    LowerCaseAtom(String),
}

impl BetzaFix {
    /// The corrected term.
    pub fn term(&self) -> &str {
        match self {
            BetzaFix::MisplacedModifiers(t) | BetzaFix::LowerCaseAtom(t) => t,
        }
    }
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
    fn betza_fixes_are_valid_terms() {
        for (word, fixed) in [
            ("Wf", Some("fW")),
            ("N2f", Some("fN2")),
            ("mfw", Some("mfW")),
            ("cefp", None),
            ("xyz", None),
            ("Queen", None),
            ("Nx", None),
            ("Fff", None),
            ("Wmc", None),
            ("hw", None),
            ("B2000f", None),
            ("Qa", None),
        ] {
            assert_eq!(
                betza_fix(word).as_ref().map(BetzaFix::term),
                fixed,
                "{word}"
            );
        }
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
