//! What `fairyc play` says about the moves a player types: a move in SAN
//! or in fairyc's coordinates, and why one that is not legal is not.

use fairyc_runtime::{reach, Move, Position, SanError, Square};

/// The commands `fairyc play` knows, for `help`.
pub const HELP: &str = "\
Type a move in SAN (Nf3, exd5, O-O, e8=Q, P@e4) or in coordinates (g1f3, e7e8q, P@e4).
Commands:
  moves   the legal moves (SAN, then coordinates)
  fen     the position as FEN
  pgn     the game so far as PGN
  undo    take back your last move and the engine's reply
  help    this text
  quit    leave the game";

/// The move `text` names: coordinates first, then SAN; else why not, with
/// the nearest legal move.
pub fn read_move(pos: &Position<'_>, text: &str) -> Result<Move, String> {
    if let Ok(m) = pos.parse_uci(text) {
        return Ok(m);
    }
    let san = match pos.parse_san(text) {
        Ok(m) => return Ok(m),
        Err(e) => e,
    };
    if let SanError::Ambiguous { .. } = san {
        return Err(san.to_string());
    }
    let reason = illegal_reason(pos, text);
    let mut names: Vec<String> = Vec::new();
    for (m, s) in pos.san_moves() {
        names.push(s);
        names.push(pos.uci(m));
    }
    let near = fairyc_runtime::suggest::did_you_mean(text, names.iter().map(String::as_str));
    let mut msg = format!("illegal move `{}`", crate::engine::quote_text(text));
    if let Some(r) = reason {
        msg.push_str(": ");
        msg.push_str(&r);
    }
    match near {
        Some(s) => msg.push_str(&format!("; did you mean `{s}`?")),
        None => msg.push_str(" (type `moves` for the legal moves, `help` for the commands)"),
    }
    Err(msg)
}

/// The square named at the start of `text`, the longest name that fits,
/// and the rest of the text.
fn square_prefix<'a>(pos: &Position<'_>, text: &'a str) -> Option<(Square, &'a str)> {
    let v = pos.variant();
    (1..=text.len().min(8))
        .rev()
        .filter(|&n| text.is_char_boundary(n))
        .find_map(|n| v.square_by_name(&text[..n]).map(|s| (s, &text[n..])))
}

/// Why the move written `text` (in coordinates, `g1f3` or `P@e4`) is not
/// legal here, if the text is shaped as one.
pub fn illegal_reason(pos: &Position<'_>, text: &str) -> Option<String> {
    let v = pos.variant();
    let us = pos.turn();
    let in_check_after = |m: Move| {
        let mut next = pos.clone();
        next.play_unchecked(m);
        next.royal_squares(us)
            .any(|s| next.is_attacked(s, us.other()) == Some(true))
    };
    if let Some((piece, square)) = text.split_once('@') {
        let plus = piece.starts_with('+');
        let letter = piece.trim_start_matches('+');
        let mut chars = letter.chars();
        let p = match (chars.next(), chars.next()) {
            (Some(c), None) => v.piece_by_token(c, plus),
            _ => v.piece_by_symbol(letter),
        }
        .or_else(|| v.piece_by_symbol(letter));
        let Some(p) = p else {
            return Some(format!("no piece is lettered `{piece}` in this variant"));
        };
        let name = v.piece_name(p);
        let Some(to) = v.square_by_name(square) else {
            return Some(format!("there is no square `{square}`"));
        };
        if pos.hand_count(us, p) == 0 {
            return Some(format!("you have no {name} in hand"));
        }
        if pos.piece_at(to).is_some() {
            return Some(format!("{square} is not empty"));
        }
        if let Some(d) = &v.tables().parts().drops {
            if d.forbidden
                .get(p.index())
                .is_some_and(|f| f[us.index()].contains(&(to.index() as u16)))
            {
                return Some(format!(
                    "drop not allowed on this square: a {name} may not be dropped on {square}"
                ));
            }
        }
        if in_check_after(Move::Drop { piece: p, to }) {
            return Some(if pos.is_check() {
                "it does not answer the check".to_string()
            } else {
                "it leaves your king in check".to_string()
            });
        }
        return Some(format!(
            "drop not allowed on this square: the variant's drop rules forbid a {name} on {square} here"
        ));
    }
    let (from, rest) = square_prefix(pos, text)?;
    let (to, _) = square_prefix(pos, rest)?;
    let (fname, tname) = (v.square_name(from), v.square_name(to));
    let Some(mover) = pos.piece_at(from) else {
        return Some(format!("no piece on {fname}"));
    };
    let name = v.piece_name(mover.piece);
    if mover.color != us {
        let side = if mover.color == fairyc_runtime::Color::White {
            "White"
        } else {
            "Black"
        };
        return Some(format!("the {name} on {fname} is {side}'s"));
    }
    let target = pos.piece_at(to);
    if target.is_some_and(|t| t.color == us) {
        return Some(format!("your own piece stands on {tname}"));
    }
    let Some(r) = reach(v, mover.piece, us, from).and_then(|r| r.get(&to).cloned()) else {
        return Some(format!("a {name} does not move from {fname} to {tname}"));
    };
    match target {
        None if !r.quiet && !r.en_passant => {
            return Some(format!("a {name} goes to {tname} only to capture"));
        }
        Some(_) if !r.capture => return Some(format!("a {name} cannot capture on {tname}")),
        _ => {}
    }
    let m = Move::Normal {
        from,
        to,
        promote: fairyc_runtime::Promote::None,
    };
    if in_check_after(m) {
        return Some(if pos.is_check() {
            "it does not answer the check".to_string()
        } else {
            "it leaves your king in check".to_string()
        });
    }
    Some(format!(
        "the way from {fname} to {tname} is blocked, or a rule of the variant forbids the move here"
    ))
}
