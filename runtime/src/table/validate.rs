//! Validation: every invariant of a table, checked part by part after
//! reading (or when the compiler builds one), so the runtime never has to.

use super::*;
use crate::error::{CastlingProblem, Field, HandRoute, Limit, NameOf, TableError};

/// The attack-table work of a table: `n (n + 1) / 2` per capturing path of
/// `n` steps (the runtime's inverse tries hold one chain per step).
pub(crate) fn attack_work(p: &TableParts) -> usize {
    let mut work = 0usize;
    for piece in &p.pieces {
        for side in &piece.moves {
            for path in side.iter().flatten().filter(|x| x.role.capture()) {
                let n = path.steps.len();
                work = work.saturating_add(n.saturating_mul(n + 1) / 2);
            }
        }
    }
    work
}

pub(super) fn name(of: NameOf, s: &str, may_be_empty: bool) -> Result<(), TableError> {
    if s.len() > MAX_NAME_BYTES || (s.is_empty() && !may_be_empty) {
        return Err(TableError::Name { of, len: s.len() });
    }
    Ok(())
}

pub(super) fn validate(p: &TableParts) -> Result<(), TableError> {
    let nsq = p.board.squares.len();
    if nsq == 0 || nsq > MAX_SQUARES {
        return Err(TableError::BoardSize(nsq));
    }
    let np = p.pieces.len();
    if np == 0 || np > MAX_PIECES {
        return Err(TableError::PieceCount(np));
    }
    name(NameOf::Variant, &p.name, false)?;
    let sq = |s: u16, at: Field| -> Result<(), TableError> {
        if (s as usize) < nsq {
            Ok(())
        } else {
            Err(TableError::SquareIndex { at, square: s })
        }
    };
    let pc = |x: u8, at: Field| -> Result<(), TableError> {
        if (x as usize) < np {
            Ok(())
        } else {
            Err(TableError::PieceIndex { at, piece: x })
        }
    };
    validate_board(&p.board)?;
    for (g, row) in p.board.fen_rows.iter().enumerate() {
        for &s in row {
            sq(s, Field::FenRows { group: g })?;
        }
    }
    let mut seen = vec![false; nsq];
    for &s in p.board.fen_rows.iter().flatten() {
        if std::mem::replace(&mut seen[s as usize], true) {
            return Err(TableError::FenRowsTwice { square: s });
        }
    }
    if let Some(s) = seen.iter().position(|x| !x) {
        return Err(TableError::FenRowsMissing { square: s as u16 });
    }
    let rows = &p.board.fen_rows;
    for (k, &[g, i]) in p.board.walls.iter().enumerate() {
        let fits = rows.get(g as usize).is_some_and(|r| i as usize <= r.len());
        let ordered = k == 0 || p.board.walls[k - 1] <= [g, i];
        if !(fits && ordered) {
            return Err(TableError::BadWall { wall: k });
        }
    }

    validate_pieces(p, &sq, &pc)?;
    validate_promotions(p, &sq, &pc)?;
    validate_drops_castling_gating(p, &sq, &pc)?;
    validate_end(p, &sq, &pc)?;
    validate_zones_points(p, &sq, &pc)?;
    crate::blast::validate(p)?;
    crate::walling::validate(p)?;
    crate::flipping::validate(p)?;
    Ok(())
}

/// [`validate`]: the pieces: names, symbols, paths and their limits.
pub(super) fn validate_pieces(
    p: &TableParts,
    sq: &dyn Fn(u16, Field) -> Result<(), TableError>,
    pc: &dyn Fn(u8, Field) -> Result<(), TableError>,
) -> Result<(), TableError> {
    let nsq = p.board.squares.len();
    let np = p.pieces.len();
    // Every symbol, and second symbol, with the piece that has it.
    let mut letters: Vec<(&str, bool)> = Vec::with_capacity(np);
    let mut owners: Vec<u8> = Vec::with_capacity(np);
    let mut total_steps = 0usize;
    for (i, piece) in p.pieces.iter().enumerate() {
        let i8 = i as u8;
        name(NameOf::Piece(i8), &piece.name, false)?;
        if !is_symbol(&piece.letter) {
            return Err(TableError::BadLetter {
                piece: i8,
                letter: piece.letter.chars().take(MAX_SYMBOL_BYTES + 1).collect(),
            });
        }
        let plus = piece.plus;
        // The second symbol is a plain one, also for a `+` face.
        let symbols = std::iter::once((&piece.letter, plus))
            .chain(piece.synonym.as_ref().map(|s| (s, false)));
        for (symbol, plus) in symbols {
            if !is_symbol(symbol) {
                return Err(TableError::BadLetter {
                    piece: i8,
                    letter: symbol.chars().take(MAX_SYMBOL_BYTES + 1).collect(),
                });
            }
            if let Some(first) = letters
                .iter()
                .position(|&(l, f)| l.eq_ignore_ascii_case(symbol) && f == plus)
            {
                return Err(TableError::DuplicateLetter {
                    first: owners[first],
                    second: i8,
                });
            }
            letters.push((symbol, plus));
            owners.push(i8);
        }
        if let Some(x) = piece.captured_as {
            pc(x, Field::CapturedAs { piece: i8 })?;
        }
        if let Some(Notation::As(x)) = piece.notation {
            pc(x, Field::NotationAs { piece: i8 })?;
            let written = |n: Option<Notation>| matches!(n, None | Some(Notation::Piece));
            if x == i8 || !written(p.pieces[x as usize].notation) {
                return Err(TableError::NotationAs {
                    piece: i8,
                    target: x,
                });
            }
        }
        if let Some(x) = piece.demotes_to {
            pc(x, Field::DemotesTo { piece: i8 })?;
        }
        for (side, by_square) in piece.moves.iter().enumerate() {
            if by_square.len() != nsq {
                return Err(TableError::MovesPerSquare {
                    piece: i8,
                    side: side as u8,
                    len: by_square.len(),
                });
            }
            for (from, paths) in by_square.iter().enumerate() {
                for (k, path) in paths.iter().enumerate() {
                    let at = Field::Path {
                        piece: i8,
                        side: side as u8,
                        from: from as u16,
                        path: k,
                    };
                    if path.steps.is_empty() {
                        return Err(TableError::EmptyPath {
                            piece: i8,
                            side: side as u8,
                            from: from as u16,
                            path: k,
                        });
                    }
                    if !path.friend_on.is_empty() && path.role.capture() {
                        return Err(TableError::GuardedCapture {
                            piece: i8,
                            side: side as u8,
                            from: from as u16,
                            path: k,
                        });
                    }
                    total_steps = total_steps.saturating_add(path.steps.len());
                    for step in &path.steps {
                        sq(step.to, at)?;
                        for &b in &step.block {
                            sq(b, at)?;
                        }
                    }
                    for &f in &path.friend_on {
                        sq(f, at)?;
                    }
                }
            }
        }
    }
    if let Some((first, second)) = symbol_clashes(&letters).into_iter().next() {
        return Err(TableError::AmbiguousLetter {
            first: owners[first],
            second: owners[second],
        });
    }
    if total_steps > MAX_TOTAL_STEPS {
        return Err(TableError::TooBig {
            limit: Limit::Steps,
            needed: total_steps,
        });
    }
    let work = attack_work(p);
    if work > MAX_ATTACK_WORK {
        return Err(TableError::TooBig {
            limit: Limit::AttackWork,
            needed: work,
        });
    }
    Ok(())
}

/// [`validate`]: royal pieces never reach a hand; the promotion rules.
pub(super) fn validate_promotions(
    p: &TableParts,
    sq: &dyn Fn(u16, Field) -> Result<(), TableError>,
    pc: &dyn Fn(u8, Field) -> Result<(), TableError>,
) -> Result<(), TableError> {
    let royal = |x: u8| p.pieces[x as usize].royal.is_royal();
    // A royal piece never reaches a hand: no piece is captured as one or
    // demotes to one (royal pieces themselves are never captured).
    for (i, piece) in p.pieces.iter().enumerate() {
        let i = i as u8;
        if let Some(x) = piece.captured_as.filter(|&x| royal(x)) {
            return Err(TableError::RoyalInHand {
                via: HandRoute::CapturedAs(i),
                piece: x,
            });
        }
        if let Some(x) = piece.demotes_to.filter(|&x| royal(x)) {
            return Err(TableError::RoyalInHand {
                via: HandRoute::DemotesTo(i),
                piece: x,
            });
        }
    }

    if p.promotions.len() > MAX_RULES {
        return Err(TableError::TooBig {
            limit: Limit::Rules,
            needed: p.promotions.len(),
        });
    }
    for (rule, r) in p.promotions.iter().enumerate() {
        let at = Field::Promotion { rule };
        pc(r.piece, at)?;
        for &s in r.zone.iter().flatten() {
            sq(s, at)?;
        }
        match &r.kind {
            PromotionKind::Move(m) => {
                for &s in m.forced.iter().flatten() {
                    sq(s, at)?;
                }
                if m.on.is_empty() {
                    return Err(TableError::NoTrigger { rule });
                }
            }
            PromotionKind::Turn(_) => {
                if r.choices
                    .iter()
                    .any(|c| matches!(c, PromotionChoice::Hand(_)))
                {
                    return Err(TableError::TurnToHand { rule });
                }
            }
        }
        // A compulsory rule may offer nothing (`Pawn -> none`): the move
        // does not exist. An optional one or a turn must offer something.
        let compulsory = matches!(&r.kind, PromotionKind::Move(m) if !m.optional);
        if r.choices.is_empty() && !compulsory {
            return Err(TableError::NoPromotionChoice { rule });
        }
        if r.choices.len() > MAX_CHOICES {
            return Err(TableError::TooBig {
                limit: Limit::Choices,
                needed: r.choices.len(),
            });
        }
        // A royal piece promotes only to a piece royal for the same sides,
        // on the board: its side keeps its one royal piece.
        let same_royalty = |x: u8| {
            let (a, b) = (&p.pieces[r.piece as usize], p.pieces.get(x as usize));
            b.is_some_and(|b| b.royal.is_royal() && b.royal == a.royal)
        };
        if royal(r.piece)
            && r.choices
                .iter()
                .any(|c| !matches!(*c, PromotionChoice::Piece(x) if same_royalty(x)))
        {
            return Err(TableError::RoyalPromotes {
                rule,
                piece: r.piece,
            });
        }
        for (k, c) in r.choices.iter().enumerate() {
            if r.choices[..k].contains(c) {
                return Err(TableError::DuplicatePromotionChoice { rule, choice: *c });
            }
            match *c {
                PromotionChoice::Piece(x) => {
                    pc(x, at)?;
                    // A side may have several royal pieces only where
                    // the legality says so.
                    if royal(x)
                        && !royal(r.piece)
                        && p.legality.several_royals == SeveralRoyals::One
                    {
                        return Err(TableError::PromotionToRoyal { rule, piece: x });
                    }
                }
                PromotionChoice::Hand(x) => {
                    pc(x, at)?;
                    if p.drops.is_none() {
                        return Err(TableError::HandWithoutDrops { rule });
                    }
                    if royal(x) {
                        return Err(TableError::RoyalInHand {
                            via: HandRoute::Promotion(rule),
                            piece: x,
                        });
                    }
                }
            }
        }
    }
    Ok(())
}

/// [`validate`]: the drop, castling and gating rules.
pub(super) fn validate_drops_castling_gating(
    p: &TableParts,
    sq: &dyn Fn(u16, Field) -> Result<(), TableError>,
    pc: &dyn Fn(u8, Field) -> Result<(), TableError>,
) -> Result<(), TableError> {
    let royal = |x: u8| p.pieces[x as usize].royal.is_royal();
    let np = p.pieces.len();
    if let Some(d) = &p.drops {
        if !(d.per_file.is_empty() || d.per_file.len() == np) {
            return Err(TableError::DropPerFile {
                len: d.per_file.len(),
            });
        }
        if !(d.also_as.is_empty() || d.also_as.len() == np) {
            return Err(TableError::DropPerFile {
                len: d.also_as.len(),
            });
        }
        if !(d.per_colour.is_empty() || d.per_colour.len() == np) {
            return Err(TableError::DropPerFile {
                len: d.per_colour.len(),
            });
        }
        for (q, x) in d.also_as.iter().enumerate() {
            if let Some(x) = *x {
                pc(x, Field::Drops { piece: q as u8 })?;
                if royal(x) {
                    return Err(TableError::RoyalInHand {
                        via: HandRoute::CapturedAs(q as u8),
                        piece: x,
                    });
                }
            }
        }
        if d.forbidden.len() != np || d.no_mate.len() != np {
            return Err(TableError::DropLists {
                forbidden: d.forbidden.len(),
                no_mate: d.no_mate.len(),
            });
        }
        for (piece, f) in d.forbidden.iter().enumerate() {
            for &s in f.iter().flatten() {
                sq(s, Field::Drops { piece: piece as u8 })?;
            }
        }
    }
    validate_castling(p, &sq, &pc)?;
    for (rule, g) in p.gating.iter().enumerate() {
        let at = Field::Gating { rule };
        pc(g.piece, at)?;
        if royal(g.piece) {
            return Err(TableError::RoyalGates { rule });
        }
        for &s in g.squares.iter().flatten() {
            sq(s, at)?;
        }
    }
    Ok(())
}

/// [`validate`]: the end rules.
pub(super) fn validate_end(
    p: &TableParts,
    sq: &dyn Fn(u16, Field) -> Result<(), TableError>,
    pc: &dyn Fn(u8, Field) -> Result<(), TableError>,
) -> Result<(), TableError> {
    if let Some(r) = p.end.repetition {
        if r.count < 2 {
            return Err(TableError::RepetitionCount(r.count));
        }
        if let Some(claim) = r.claim.filter(|&c| c < 2 || c > r.count) {
            return Err(TableError::RepetitionClaim {
                claim,
                count: r.count,
            });
        }
    }
    if let Some(n) = p.end.move_limit.filter(|&n| n == 0 || n > MAX_MOVE_LIMIT) {
        return Err(TableError::MoveLimit(n));
    }
    if let Some(claim) = p.end.move_limit_claim {
        let limit = p.end.move_limit;
        if claim == 0 || limit.is_none_or(|n| claim > n) {
            return Err(TableError::MoveLimitClaim { claim, limit });
        }
    }
    if p.end.reach.len() > MAX_RULES {
        return Err(TableError::TooBig {
            limit: Limit::Rules,
            needed: p.end.reach.len(),
        });
    }
    for (rule, r) in p.end.reach.iter().enumerate() {
        let at = Field::Reach { rule };
        pc(r.piece, at)?;
        for &p in &r.also {
            pc(p, at)?;
        }
        if r.count == 0 {
            return Err(TableError::ReachCount { rule });
        }
        for &s in r.squares.iter().flatten() {
            sq(s, at)?;
        }
    }
    if p.end.lines.len() > MAX_RULES {
        return Err(TableError::TooBig {
            limit: Limit::Rules,
            needed: p.end.lines.len(),
        });
    }
    for (rule, r) in p.end.lines.iter().enumerate() {
        if r.count == Some(0) {
            return Err(TableError::LineCount { rule });
        }
        let at = Field::Line { rule };
        for &x in &r.pieces {
            pc(x, at)?;
        }
        for &s in r.lines.iter().flatten() {
            sq(s, at)?;
        }
    }
    if p.end.connections.len() > MAX_RULES {
        return Err(TableError::TooBig {
            limit: Limit::Rules,
            needed: p.end.connections.len(),
        });
    }
    for (rule, r) in p.end.connections.iter().enumerate() {
        let at = Field::Connect { rule };
        for &x in &r.pieces {
            pc(x, at)?;
        }
        for &s in r.from.iter().chain(&r.to).flatten() {
            sq(s, at)?;
        }
        for &s in r.steps.iter().flatten() {
            sq(s, at)?;
        }
    }
    for &x in &p.end.resets_move_limit {
        pc(x, Field::ResetsMoveLimit)?;
    }
    for &x in &p.end.resets_irreversible {
        pc(x, Field::ResetsIrreversible)?;
    }
    if let Some(c) = p
        .end
        .check_count
        .filter(|c| c.count == 0 || c.count > MAX_CHECK_COUNT)
    {
        return Err(TableError::CheckCount(c.count));
    }
    if let Some(c) = &p.end.counting {
        for &x in &c.without {
            pc(x, Field::Counting)?;
        }
        if c.bare.len() > MAX_RULES {
            return Err(TableError::TooBig {
                limit: Limit::Rules,
                needed: c.bare.len(),
            });
        }
        for l in &c.bare {
            for &(x, _) in &l.needs {
                pc(x, Field::Counting)?;
            }
        }
        let limits = c.bare.iter().map(|l| l.moves);
        let bad = |n: u32| n == 0 || n > MAX_COUNTING_LIMIT;
        if let Some(n) = limits
            .chain((c.board != 0).then_some(c.board))
            .find(|&n| bad(n))
        {
            return Err(TableError::CountingLimit(n));
        }
    }
    if p.end.extinction.len() > MAX_RULES {
        return Err(TableError::TooBig {
            limit: Limit::Rules,
            needed: p.end.extinction.len(),
        });
    }
    for (rule, r) in p.end.extinction.iter().enumerate() {
        if let Some(x) = r.piece {
            pc(x, Field::Extinction { rule })?;
        }
    }
    if p.end.checkmate_needs.as_ref().is_some_and(|r| r.drop) {
        return Err(TableError::MateNeedsDrop);
    }
    for r in p.end.checkmate_by.iter().chain(&p.end.checkmate_needs) {
        if r.pieces.is_empty() {
            return Err(TableError::EmptyMateRule);
        }
        if r.pieces.len() > MAX_PIECES {
            return Err(TableError::TooBig {
                limit: Limit::Rules,
                needed: r.pieces.len(),
            });
        }
        for &x in &r.pieces {
            pc(x, Field::MateRule)?;
        }
    }
    Ok(())
}

/// [`validate`]: the zones, the points and the rules that need a royal piece.
pub(super) fn validate_zones_points(
    p: &TableParts,
    sq: &dyn Fn(u16, Field) -> Result<(), TableError>,
    pc: &dyn Fn(u8, Field) -> Result<(), TableError>,
) -> Result<(), TableError> {
    for (zone, z) in p.zones.iter().enumerate() {
        name(NameOf::Zone(zone), &z.name, false)?;
        // Zones are found by name (`fairyc show --zone`): one zone a name.
        if let Some(first) = p.zones[..zone].iter().position(|y| y.name == z.name) {
            return Err(TableError::DuplicateZoneName {
                first,
                second: zone,
                name: z.name.clone(),
            });
        }
        for &s in z.squares.iter().flatten() {
            sq(s, Field::Zone { zone })?;
        }
    }
    for (i, piece) in p.pieces.iter().enumerate() {
        for &x in piece.cannot_capture.iter().chain(&piece.cannot_hop) {
            pc(x, Field::CannotCapture { piece: i as u8 })?;
        }
        if let Some(&royal) = piece
            .cannot_capture
            .iter()
            .find(|&&x| p.pieces[x as usize].royal.is_royal())
        {
            return Err(TableError::CannotCaptureRoyal {
                piece: i as u8,
                royal,
            });
        }
        if piece.points > MAX_POINTS {
            return Err(TableError::Points(piece.points));
        }
    }
    if let Some(&k) = p.end.komi.iter().find(|&&k| k > MAX_POINTS) {
        return Err(TableError::Points(k));
    }
    if p.legality.pass == PassRule::Allowed && !p.pieces.iter().any(|x| x.royal == Royal::Both) {
        return Err(TableError::PassWithoutRoyal);
    }
    Ok(())
}

/// The board: the grid, squares' names and cells, holes and labels.
pub(super) fn validate_board(b: &BoardTable) -> Result<(), TableError> {
    let (w, h) = (b.width as usize, b.height as usize);
    if w == 0 || h == 0 {
        return Err(TableError::EmptyGrid {
            width: b.width,
            height: b.height,
        });
    }
    let mut used = vec![false; w * h];
    let mut claim = |cell: [u8; 2], square: Option<u16>| -> Result<(), TableError> {
        let (x, y) = (cell[0] as usize, cell[1] as usize);
        if x >= w || y >= h {
            return Err(TableError::CellOutsideGrid { square, cell });
        }
        if std::mem::replace(&mut used[y * w + x], true) {
            return Err(TableError::DuplicateCell { cell });
        }
        Ok(())
    };
    let mut names: std::collections::HashMap<&str, u16> = std::collections::HashMap::new();
    for (i, s) in b.squares.iter().enumerate() {
        let i = i as u16;
        name(NameOf::Square(i), &s.name, false)?;
        if let Some(&first) = names.get(s.name.as_str()) {
            return Err(TableError::DuplicateSquareName {
                first,
                second: i,
                name: s.name.clone(),
            });
        }
        names.insert(&s.name, i);
        if s.cells.is_empty() {
            return Err(TableError::SquareWithoutCells { square: i });
        }
        for &c in &s.cells {
            claim(c, Some(i))?;
        }
    }
    for &c in &b.holes {
        claim(c, None)?;
    }
    for (files, labels, expected) in [(true, &b.files, w), (false, &b.ranks, h)] {
        if !labels.is_empty() && labels.len() != expected {
            return Err(TableError::LabelCount {
                files,
                len: labels.len(),
                expected,
            });
        }
        for (k, l) in labels.iter().enumerate() {
            let of = if files {
                NameOf::File(k as u8)
            } else {
                NameOf::Rank(k as u8)
            };
            name(of, l, true)?;
        }
    }
    Ok(())
}

/// Castling rules: see [`CastlingRule`] for the invariant.
pub(super) fn validate_castling(
    p: &TableParts,
    sq: &dyn Fn(u16, Field) -> Result<(), TableError>,
    pc: &dyn Fn(u8, Field) -> Result<(), TableError>,
) -> Result<(), TableError> {
    if p.castling.len() > MAX_CASTLING {
        return Err(TableError::CastlingCount(p.castling.len()));
    }
    for (rule, c) in p.castling.iter().enumerate() {
        let at = Field::Castling { rule };
        let bad = |problem| Err(TableError::Castling { rule, problem });
        if c.side > 1 {
            return bad(CastlingProblem::Side(c.side));
        }
        if !c.fen.is_ascii_alphabetic() {
            return bad(CastlingProblem::Letter(c.fen));
        }
        if let Some(&e) = c
            .ends
            .iter()
            .find(|&&e| !p.castling.iter().any(|o| o.fen == e))
        {
            return bad(CastlingProblem::EndsUnknown(e));
        }
        pc(c.king, at)?;
        pc(c.rook, at)?;
        for s in [c.king_from, c.king_to, c.rook_from, c.rook_to] {
            sq(s, at)?;
        }
        for &s in c.empty.iter().chain(&c.safe).chain(&c.line) {
            sq(s, at)?;
        }
        if !c.line.is_empty() {
            let on = |s: u16| c.line.contains(&s);
            let distinct = c
                .line
                .iter()
                .enumerate()
                .all(|(i, s)| !c.line[..i].contains(s));
            if !distinct
                || !on(c.king_to)
                || !on(c.rook_to)
                || c.king_from != c.king_to
                || c.rook_from != c.rook_to
                || !c.empty.is_empty()
                || !c.safe.is_empty()
            {
                return bad(CastlingProblem::FreeLine);
            }
        }
        if c.king_from == c.rook_from {
            return bad(CastlingProblem::SameStart);
        }
        if c.king_to == c.rook_to {
            return bad(CastlingProblem::SameEnd);
        }
        let free = |s: u16| s == c.king_from || s == c.rook_from || c.empty.contains(&s);
        if !free(c.king_to) {
            return bad(CastlingProblem::KingToNotEmpty);
        }
        if !free(c.rook_to) {
            return bad(CastlingProblem::RookToNotEmpty);
        }
        for (other, o) in p.castling[..rule].iter().enumerate() {
            // One letter may name one right of several moves: ordinary
            // rules of the same pieces from the same squares.
            let same_right = o.side == c.side
                && o.line.is_empty()
                && c.line.is_empty()
                && o.king == c.king
                && o.rook == c.rook
                && o.king_from == c.king_from
                && o.rook_from == c.rook_from;
            if o.fen == c.fen && !same_right {
                return bad(CastlingProblem::SameLetter { other });
            }
            if o.side == c.side && o.king_from == c.king_from && o.king_to == c.king_to {
                return bad(CastlingProblem::SameMove { other });
            }
        }
    }
    Ok(())
}
