//! The Betza notation of the current Fairy-Stockfish (`customPiece1 = a:fN`)
//! in fairyc's Betza.
//!
//! The two agree on the atoms `W F D N A H C Z G K R B Q`, a doubled atom or
//! a range (`NN`, `R2`), the modes `m c p g n`, and every direction letter of
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
//! `fW`). Fairy-Stockfish's pairs on an oblique atom (`flN`: one move,
//! `fsN`: the two wide forward moves) and its other modifiers (`i`, `e`,
//! `a`, …) select moves fairyc's Betza cannot write or that the import has
//! not measured: they are refused, never guessed.

/// fairyc's Betza for a Fairy-Stockfish Betza string, or why it cannot be
/// written.
pub(super) fn translate(fsf: &str) -> Result<String, String> {
    let mut out: Vec<String> = Vec::new();
    let mut chars = fsf.chars().peekable();
    if fsf.trim().is_empty() {
        return Err("no moves after the letter".into());
    }
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
        for c in mods.chars() {
            match c {
                'm' | 'c' | 'p' | 'g' | 'n' => modes.push(c),
                'f' | 'b' | 'l' | 'r' | 'v' | 's' | 'h' => dirs.push(c),
                _ => {
                    return Err(format!(
                        "the modifier `{c}` in `{mods}{atom}` (fairyc imports `m c p g n` and the direction letters)"
                    ))
                }
            }
        }
        let oblique = matches!(atom, 'N' | 'C' | 'Z');
        let selections = directions(&dirs, oblique)
            .ok_or_else(|| format!("the directions `{dirs}` of `{mods}{atom}`: Fairy-Stockfish's reading of them has no fairyc spelling (or is not measured)"))?;
        for d in selections {
            out.push(format!("{modes}{d}{atom}{tail}"));
        }
    }
    Ok(out.join(" "))
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
    use super::translate;

    #[test]
    fn oblique_directions_are_narrow() {
        assert_eq!(translate("fN").as_deref(), Ok("ffN"));
        assert_eq!(translate("fhN").as_deref(), Ok("fN"));
        assert_eq!(translate("vN").as_deref(), Ok("ffN bbN"));
        assert_eq!(translate("mfWcfF").as_deref(), Ok("mfW cfF"));
        assert_eq!(translate("fhW").as_deref(), Ok("fW"));
        assert_eq!(translate("NN").as_deref(), Ok("NN"));
        assert_eq!(translate("R4").as_deref(), Ok("R4"));
        assert!(translate("flN").is_err());
        assert!(translate("ifmnD").is_err());
        assert!(translate("X").is_err());
    }
}
