//! The Betza notation of the current Fairy-Stockfish (`customPiece1 = a:fN`)
//! in fairyc's Betza.
//!
//! The two agree on the atoms `W F D N A H C Z G K R B Q`, a doubled atom or
//! a range (`NN`, `R2`), the modes `m c p g n` (a lame `n` leap of `D N A Z`
//! only: Fairy-Stockfish never makes another, `nC` is no move), and every direction letter of
//! an atom whose steps are orthogonal or diagonal (`fW`, `lF`, `frR`). They
//! differ on the oblique atoms (`N`, `C`, `Z`), measured with pyffish 0.0.90
//! on an empty board:
//!
//! | Fairy-Stockfish | moves | fairyc |
//! |---|---|---|
//! | `fN` `bN` `lN` `rN` | the two narrow moves that way | `ffN` `bbN` `llN` `rrN` |
//! | `vN` | `fN` and `bN` | `ffN bbN` |
//! | `sN` | `lN` and `rN` | `llN rrN` |
//! | `fhN` `bhN` `lhN` `rhN` | the four moves on that side | `fN` `bN` `lN` `rN` |
//! | `ffN` `bbN` `llN` `rrN` | as `fN` … | the same |
//!
//! `h` after a direction letter on any other atom changes nothing (`fhW` is
//! `fW`). Fairy-Stockfish's other pairs (`flN`: one move, `fsN`: the two
//! wide forward moves, `hlN`: the four that turn left) select the moves
//! [`fsf_vectors`] computes, written by [`cover`] with fairyc's one-leg
//! terms and, for a single knight move, a two-leg path (`lmpafrW`). Its
//! other modifiers (`a`, `o`, …) are refused, never guessed. `e` and `i`
//! are read as [`translate`] says.

/// fairyc's Betza for a Fairy-Stockfish Betza string, or why it cannot be
/// written. `en_passant`: whether the piece is one of Fairy-Stockfish's
/// en-passant types (its Betza has an `e` anywhere, or `pawnTypes` names
/// it).
///
/// Fairy-Stockfish reads `e` as a flag of the whole piece, not of its term
/// (src/parser.cpp: a custom piece whose Betza holds an `e` joins
/// `enPassantTypes`), and such a piece captures en passant on every square
/// it attacks but cannot move to quietly (src/movegen.cpp, `attacks &
/// ~quiets`): each capture-only leaper term whose squares no quiet term
/// reaches gets fairyc's `e`; a capture-only term partly covered by quiet
/// ones, or a capture-only rider, is refused. An `i` term is an initial
/// move, made from the double-step region (`Position::moves_from`) and
/// never a capture; it makes the squares it passes en-passant squares
/// (`Position::do_move`), which fairyc's `i` makes for a lame (`n`) term:
/// `ifmnD` is written as such (and placed `from` the double-step zone by
/// the generator), a one-step `i` term (nothing passed) as is, and any
/// other `i` term is refused.
pub(crate) fn translate(fsf: &str, en_passant: bool) -> Result<String, String> {
    let mut out: Vec<String> = Vec::new();
    let mut chars = fsf.chars().peekable();
    if fsf.trim().is_empty() {
        return Err("no moves after the letter".into());
    }
    // (quiet, capture-only leaper, rider or hopper, vectors, index in `out`)
    let mut terms: Vec<Term> = Vec::new();
    // Whether a lame leap Fairy-Stockfish never makes was left out (the
    // piece may then have no move at all, written `immobile`).
    let mut dropped_lame = false;
    while chars.peek().is_some() {
        let mut mods = String::new();
        while let Some(&c) = chars.peek() {
            if c.is_ascii_lowercase() {
                mods.push(c);
                chars.next();
            } else {
                break;
            }
        }
        let Some(atom) = chars.next() else {
            return Err(format!("`{mods}` is not followed by an atom"));
        };
        if !"WFDNAHCZGKRBQ".contains(atom) {
            return Err(format!(
                "the atom `{atom}` is not one fairyc's Betza knows (W F D N A H C Z G K R B Q)"
            ));
        }
        let mut tail = String::new();
        while let Some(&c) = chars.peek() {
            if c.is_ascii_digit() || (c == atom && tail.is_empty()) {
                tail.push(c);
                chars.next();
            } else {
                break;
            }
        }
        let mut modes = String::new();
        let mut dirs = String::new();
        let mut initial = false;
        for c in mods.chars() {
            match c {
                'm' | 'c' | 'p' | 'g' | 'n' => modes.push(c),
                'f' | 'b' | 'l' | 'r' | 'v' | 's' | 'h' => dirs.push(c),
                'i' => initial = true,
                // A flag of the whole piece (`en_passant`).
                'e' => {}
                _ => {
                    return Err(format!(
                        "the modifier `{c}` in `{mods}{atom}` (fairyc imports `m c p g n i e` and the direction letters)"
                    ))
                }
            }
        }
        let rider = "RBQ".contains(atom) || !tail.is_empty();
        let hopper = modes.contains('p') || modes.contains('g');
        if modes.contains('n') && !rider && !hopper && !"DNAZ".contains(atom) {
            // Fairy-Stockfish makes a lame leap only of the lame dabbaba's,
            // the horse's, the elephant's and the janggi elephant's
            // directions (src/bitboard.cpp, `RIDER_HORSE` …); any other
            // lame leap (`nC`, `nW`) is a move it never makes (probed with
            // pyffish 0.0.90: `nC` has no move on an empty board).
            dropped_lame = true;
            continue;
        }
        let quiet = modes.contains('m') || !modes.contains('c');
        let vectors = fsf_vectors(atom, &dirs);
        let oblique = matches!(atom, 'N' | 'C' | 'Z');
        let no_spelling = || {
            format!("the directions `{dirs}` of `{mods}{atom}{tail}`: Fairy-Stockfish's reading of them has no fairyc spelling")
        };
        let selections = match directions(&dirs, oblique) {
            Some(s) => s,
            None => {
                let (whole, single) = cover(atom, &vectors).ok_or_else(no_spelling)?;
                // A single knight move is a two-leg path (`lmpafrW`); its
                // first leg is not looked at, or must be empty if lame.
                let legs_ok = !initial
                    && (single.is_empty() || (tail.is_empty() && !modes.contains(['p', 'g'])));
                if !legs_ok {
                    return Err(no_spelling());
                }
                let first = if modes.contains('n') { "m" } else { "mp" };
                let last: String = modes.chars().filter(|c| "mc".contains(*c)).collect();
                let at = out.len();
                for d in &whole {
                    out.push(format!("{modes}{d}{atom}{tail}"));
                }
                for (leg, turn) in &single {
                    out.push(format!("{leg}{first}a{last}{turn}W"));
                }
                terms.push(Term {
                    quiet,
                    capture_leaper: !quiet && !rider && !hopper,
                    capture_rider: !quiet && (rider || hopper),
                    vectors,
                    at: (at..out.len()).collect(),
                });
                continue;
            }
        };
        if initial {
            // Fairy-Stockfish has no initial captures.
            if !quiet {
                continue;
            }
            let lame = modes.contains('n');
            let ok = !rider
                && !hopper
                && (matches!(atom, 'W' | 'F' | 'K') || (lame && matches!(atom, 'D' | 'A')));
            if !ok {
                return Err(format!(
                    "the initial move `{mods}{atom}{tail}`: Fairy-Stockfish makes every square it passes an en-passant square; fairyc's `i` does so for a lame (`n`) two-square leap (`ifmnD`) only"
                ));
            }
            let n = if lame { "n" } else { "" };
            for d in &selections {
                out.push(format!("i{d}m{n}{atom}"));
            }
            terms.push(Term {
                quiet: true,
                capture_leaper: false,
                capture_rider: false,
                vectors,
                at: Vec::new(),
            });
            continue;
        }
        let first = out.len();
        for d in &selections {
            out.push(format!("{modes}{d}{atom}{tail}"));
        }
        terms.push(Term {
            quiet,
            capture_leaper: !quiet && !rider && !hopper,
            capture_rider: !quiet && (rider || hopper),
            vectors,
            at: (first..out.len()).collect(),
        });
    }
    if en_passant {
        let quiets: Vec<(i32, i32)> = terms
            .iter()
            .filter(|t| t.quiet)
            .flat_map(|t| t.vectors.iter().copied())
            .collect();
        for t in &terms {
            if t.capture_rider {
                return Err("a capture-only rider or hopper of a piece that captures en passant: Fairy-Stockfish takes en passant on any square it attacks but cannot move to, along the line; fairyc's `e` is a leaper's".into());
            }
            if !t.capture_leaper {
                continue;
            }
            let covered = t.vectors.iter().filter(|v| quiets.contains(v)).count();
            if covered == t.vectors.len() {
                continue;
            }
            if covered > 0 {
                return Err("a capture-only term of a piece that captures en passant, partly on squares it also moves to: Fairy-Stockfish takes en passant on the others only".into());
            }
            if t.at.iter().any(|&i| out[i].contains('a')) {
                return Err("a capture-only single knight move of a piece that captures en passant: fairyc's `e` is a one-leg term's".into());
            }
            for &i in &t.at {
                if let Some(term) = out.get_mut(i) {
                    let k = term.find(|c| !"mcpgn".contains(c)).unwrap_or(0);
                    term.insert(k, 'e');
                }
            }
        }
    }
    if out.is_empty() && !dropped_lame {
        return Err("no moves: Fairy-Stockfish has no initial captures".into());
    }
    Ok(out.join(" "))
}

/// One term of a Fairy-Stockfish Betza string, for its en-passant captures.
struct Term {
    /// It moves without capturing (`m`, or no mode).
    quiet: bool,
    /// A capture-only leaper.
    capture_leaper: bool,
    /// A capture-only rider or hopper.
    capture_rider: bool,
    /// Its steps for White, (rank, file), as Fairy-Stockfish selects them.
    vectors: Vec<(i32, i32)>,
    /// Its terms in the output.
    at: Vec<usize>,
}

/// The steps `(rank, file)` Fairy-Stockfish's `from_betza` selects for an
/// atom and its direction letters, for White (src/piece.cpp): the letters
/// pair as it pairs them, a doubled letter or a vertical with a horizontal
/// one, and a pair on an orthogonal atom splits into its two letters.
fn fsf_vectors(atom: char, dirs: &str) -> Vec<(i32, i32)> {
    let atoms: &[(i32, i32)] = match atom {
        'W' | 'R' => &[(1, 0)],
        'F' | 'B' => &[(1, 1)],
        'D' => &[(2, 0)],
        'N' => &[(2, 1)],
        'A' => &[(2, 2)],
        'H' => &[(3, 0)],
        'C' => &[(3, 1)],
        'Z' => &[(3, 2)],
        'G' => &[(3, 3)],
        _ => &[(1, 0), (1, 1)],
    };
    let vertical = |c: char| "fbvh".contains(c);
    let horizontal = |c: char| "rlsh".contains(c);
    let d: Vec<char> = dirs.chars().collect();
    let mut pairs: Vec<String> = Vec::new();
    let mut i = 0;
    while i < d.len() {
        let c = d[i];
        if let Some(&c2) = d.get(i + 1) {
            if c2 == c || (vertical(c) && horizontal(c2)) || (horizontal(c) && vertical(c2)) {
                pairs.push([c, c2].iter().collect());
                i += 2;
                continue;
            }
        }
        pairs.push([c, c].iter().collect());
        i += 1;
    }
    let mut out = Vec::new();
    for &(a, b) in atoms {
        let mut split = Vec::new();
        for s in &pairs {
            let s: Vec<char> = s.chars().collect();
            if atoms.len() == 1 && b == 0 && s[0] != s[1] {
                split.push([s[0], s[0]].iter().collect::<String>());
                split.push([s[1], s[1]].iter().collect::<String>());
            } else {
                split.push(s.iter().collect::<String>());
            }
        }
        let has =
            |names: &[&str]| split.is_empty() || names.iter().any(|n| split.iter().any(|s| s == n));
        let table: [((i32, i32), &[&str]); 8] = [
            ((a, b), &["ff", "vv", "rf", "rv", "fh", "rh", "hr"]),
            ((-a, -b), &["bb", "vv", "lb", "lv", "bh", "lh", "hr"]),
            ((-b, a), &["rr", "ss", "br", "bs", "bh", "rh", "hr"]),
            ((b, -a), &["ll", "ss", "fl", "fs", "fh", "lh", "hr"]),
            ((b, a), &["rr", "ss", "fr", "fs", "fh", "rh", "hl"]),
            ((-b, -a), &["ll", "ss", "bl", "bs", "bh", "lh", "hl"]),
            ((-a, b), &["bb", "vv", "rb", "rv", "bh", "rh", "hl"]),
            ((a, -b), &["ff", "vv", "lf", "lv", "fh", "lh", "hl"]),
        ];
        for (v, names) in table {
            if has(names) && !out.contains(&v) {
                out.push(v);
            }
        }
    }
    out
}

/// fairyc's spelling of the steps `want` (White's, `(rank, file)`) of an
/// atom, when [`directions`] has none for Fairy-Stockfish's letters (`fsN`,
/// `hlN`, `hrN`, `lvN` …): the fewest of fairyc's one-leg directions
/// (`fN`, `flN`, `ffN` …, read as the compiler reads them) that select
/// only wanted steps, then each knight step they leave as a two-leg path
/// `(first leg, turn)`: a `W` step along the long side, then a `W` step
/// turned 45° towards the short side (`lmpafrW`: one square left, then up
/// and left). `None` if a step other than a knight's is left.
#[allow(clippy::type_complexity)]
fn cover(atom: char, want: &[(i32, i32)]) -> Option<(Vec<String>, Vec<(String, String)>)> {
    let all = fsf_vectors(atom, "");
    let holds = |c: char, (f, s): (i32, i32)| match c {
        'f' => f > 0,
        'b' => f < 0,
        'r' => s > 0,
        'l' => s < 0,
        'v' => f != 0,
        _ => s != 0,
    };
    let select = |d: &str| -> Vec<(i32, i32)> {
        let c: Vec<char> = d.chars().collect();
        all.iter()
            .copied()
            .filter(|&x| match c[..] {
                [a, b] if a == b => {
                    holds(a, x)
                        && (if "fb".contains(a) {
                            x.0.abs() > x.1.abs()
                        } else {
                            x.1.abs() > x.0.abs()
                        })
                }
                [a, b] => holds(a, x) && holds(b, x),
                [a] => holds(a, x),
                _ => true,
            })
            .collect()
    };
    let mut candidates: Vec<(&str, Vec<(i32, i32)>)> = [
        "", "f", "b", "l", "r", "fl", "fr", "bl", "br", "ff", "bb", "ll", "rr",
    ]
    .into_iter()
    .map(|d| (d, select(d)))
    .filter(|(_, v)| !v.is_empty() && v.iter().all(|x| want.contains(x)))
    .collect();
    candidates.sort_by_key(|(_, v)| std::cmp::Reverse(v.len()));
    let mut left: Vec<(i32, i32)> = want.to_vec();
    let mut whole = Vec::new();
    for (d, v) in candidates {
        if v.iter().any(|x| left.contains(x)) {
            left.retain(|x| !v.contains(x));
            whole.push(d.to_string());
        }
    }
    let mut single = Vec::new();
    for (r, f) in left {
        let (leg, turn) = match (r.abs(), f.abs()) {
            (1, 2) if f < 0 => ("l", if r > 0 { "fr" } else { "fl" }),
            (1, 2) => ("r", if r > 0 { "fl" } else { "fr" }),
            (2, 1) if r > 0 => ("f", if f > 0 { "fr" } else { "fl" }),
            (2, 1) => ("b", if f < 0 { "fr" } else { "fl" }),
            _ => return None,
        };
        single.push((leg.to_string(), turn.to_string()));
    }
    Some((whole, single))
}

/// fairyc's direction letters for Fairy-Stockfish's, one string per term.
fn directions(dirs: &str, oblique: bool) -> Option<Vec<String>> {
    let one = |s: &str| Some(vec![s.to_string()]);
    if !oblique {
        // `h` after a direction letter changes nothing; alone it selects nothing.
        if dirs.starts_with('h') {
            return None;
        }
        return one(&dirs.replace('h', ""));
    }
    match dirs {
        "" => one(""),
        "f" | "ff" => one("ff"),
        "b" | "bb" => one("bb"),
        "l" | "ll" => one("ll"),
        "r" | "rr" => one("rr"),
        "v" => Some(vec!["ff".into(), "bb".into()]),
        "s" => Some(vec!["ll".into(), "rr".into()]),
        "fh" => one("f"),
        "bh" => one("b"),
        "lh" => one("l"),
        "rh" => one("r"),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::{fsf_vectors, translate};

    fn translate_plain(fsf: &str) -> Result<String, String> {
        translate(fsf, false)
    }

    /// `e` and `i` (pyffish 0.0.90, `allwayspawns`): the capture-only
    /// diagonal captures en passant, the initial lame double step stays.
    #[test]
    fn en_passant_and_initial_moves() {
        assert_eq!(
            translate("mWfceFifmnD", true).as_deref(),
            Ok("mW cefF ifmnD")
        );
        assert_eq!(translate("fmWfceF", true).as_deref(), Ok("mfW cefF"));
        assert_eq!(translate("fmWfcF", false).as_deref(), Ok("mfW cfF"));
        // A capture-only term on squares it also moves to: no en passant.
        assert_eq!(translate("mKcF", true).as_deref(), Ok("mK cF"));
        assert!(translate("mWcK", true).is_err());
        assert!(translate("mWcB", true).is_err());
        assert!(translate("ifmD", false).is_err());
        // A lame three-square leap is no move at all (pyffish 0.0.90: a
        // piece `a:ifmnHmW` on a2 has no a2a5).
        assert_eq!(translate("ifmnHmW", false).as_deref(), Ok("mW"));
        assert!(translate("ifmH", false).is_err());
        assert_eq!(translate("icDmW", false).as_deref(), Ok("mW"));
        assert_eq!(fsf_vectors('N', "fs"), vec![(1, -2), (1, 2)]);
        assert_eq!(fsf_vectors('W', "fs").len(), 3);
    }

    #[test]
    fn oblique_directions_are_narrow() {
        assert_eq!(translate_plain("fN").as_deref(), Ok("ffN"));
        assert_eq!(translate_plain("fhN").as_deref(), Ok("fN"));
        assert_eq!(translate_plain("vN").as_deref(), Ok("ffN bbN"));
        assert_eq!(translate_plain("mfWcfF").as_deref(), Ok("mfW cfF"));
        assert_eq!(translate_plain("fhW").as_deref(), Ok("fW"));
        assert_eq!(translate_plain("NN").as_deref(), Ok("NN"));
        assert_eq!(translate_plain("R4").as_deref(), Ok("R4"));
        // Fairy-Stockfish's pairs (pyffish 0.0.90, a knight on d4 of an
        // empty board): `flN` b5, `fsN` b5 f5, `hlN` b3 c6 e2 f5, `hrN` b5
        // c2 e6 f3, `lvN` c2 c6, `ssN` b3 b5 f3 f5, `hN` nothing.
        assert_eq!(translate_plain("flN").as_deref(), Ok("lmpafrW"));
        assert_eq!(translate_plain("fsN").as_deref(), Ok("lmpafrW rmpaflW"));
        assert_eq!(
            translate_plain("ffNfsN").as_deref(),
            Ok("ffN lmpafrW rmpaflW")
        );
        assert_eq!(
            translate_plain("hlN").as_deref(),
            Ok("rmpaflW lmpaflW bmpaflW fmpaflW")
        );
        assert_eq!(
            translate_plain("hrN").as_deref(),
            Ok("fmpafrW bmpafrW rmpafrW lmpafrW")
        );
        assert_eq!(translate_plain("lvN").as_deref(), Ok("bmpafrW fmpaflW"));
        assert_eq!(translate_plain("ssN").as_deref(), Ok("llN rrN"));
        assert_eq!(translate_plain("mfsN").as_deref(), Ok("lmpamfrW rmpamflW"));
        assert_eq!(translate_plain("nfsN").as_deref(), Ok("lmafrW rmaflW"));
        assert_eq!(translate_plain("hlF").as_deref(), Ok("F"));
        assert!(translate_plain("fsNN").is_err());
        assert!(translate_plain("fsC").is_err());
        assert!(translate_plain("X").is_err());
    }

    #[test]
    fn lame_leaps_only_of_four_atoms() {
        // pyffish 0.0.90 (elgam's `o:nC` on d4 of an empty board): no move.
        assert_eq!(translate_plain("nC").as_deref(), Ok(""));
        assert_eq!(translate_plain("nWR").as_deref(), Ok("R"));
        assert_eq!(translate_plain("nN").as_deref(), Ok("nN"));
        assert_eq!(translate_plain("nZ").as_deref(), Ok("nZ"));
    }
}
