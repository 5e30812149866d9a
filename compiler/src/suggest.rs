//! "Did you mean …?": the closest known name to a misspelt one
//! ([`did_you_mean`], defined in the runtime so that crates without the
//! compiler share the one copy), and the valid Betza term a malformed one
//! most likely meant. A suggestion is only ever something that would itself
//! pass the check: a name from the list of candidates the caller knows to
//! exist, or a Betza term that [`is_valid_betza_term`] accepts.

pub use fairyc_runtime::suggest::{did_you_mean, edit_distance, MAX_SUGGEST_CHARS};

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

/// Where a word stops reading as Betza terms (lower-case modifiers, one
/// upper-case atom, then the atom again or a number): the byte offset of the
/// first character that cannot stand there, or of modifiers that no atom
/// follows. `None` if the whole word reads as terms.
///
/// ```
/// use fairyc_compiler::suggest::betza_stop;
/// assert_eq!(betza_stop("NN2x"), Some(2));
/// assert_eq!(betza_stop("mfW3cF"), None);
/// assert_eq!(betza_stop("W-"), Some(1));
/// assert_eq!(betza_stop("fWx"), Some(2));
/// ```
pub fn betza_stop(word: &str) -> Option<usize> {
    let bytes = word.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let start = i;
        while bytes.get(i).is_some_and(u8::is_ascii_lowercase) {
            i += 1;
        }
        let atom = match bytes.get(i) {
            Some(&b) if b.is_ascii_uppercase() => b,
            Some(_) => return Some(i),
            None => return Some(start),
        };
        i += 1;
        if bytes.get(i) == Some(&atom) {
            i += 1;
        } else {
            while bytes.get(i).is_some_and(u8::is_ascii_digit) {
                i += 1;
            }
        }
    }
    None
}

/// The Betza move of a well-known piece named in its place (`moves Knight`):
/// the names of the classic Betza pieces and their moves.
///
/// ```
/// use fairyc_compiler::suggest::betza_of_name;
/// assert_eq!(betza_of_name("Knight"), Some("N"));
/// assert_eq!(betza_of_name("knight"), Some("N"));
/// assert_eq!(betza_of_name("Dragon"), None);
/// ```
pub fn betza_of_name(name: &str) -> Option<&'static str> {
    const NAMES: &[(&str, &str)] = &[
        ("king", "K"),
        ("queen", "Q"),
        ("rook", "R"),
        ("bishop", "B"),
        ("knight", "N"),
        ("wazir", "W"),
        ("ferz", "F"),
        ("alfil", "A"),
        ("dabbaba", "D"),
        ("camel", "C"),
        ("zebra", "Z"),
        ("nightrider", "NN"),
    ];
    let lower = name.to_ascii_lowercase();
    NAMES
        .iter()
        .find(|(n, _)| *n == lower)
        .map(|&(_, betza)| betza)
}

/// Whether a word looks like a name rather than a Betza move: a capital then
/// two or more lower-case letters (`Knight`, `Rook`), which no Betza term is.
pub fn looks_like_name(word: &str) -> bool {
    let mut chars = word.chars();
    chars.next().is_some_and(|c| c.is_ascii_uppercase())
        && chars.as_str().len() >= 2
        && chars.all(|c| c.is_ascii_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
