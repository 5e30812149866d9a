//! Warnings (`W0001` …) about parts of a variant that can never matter,
//! found on the lowered tables.
//!
//! [`lint`] runs after a successful lowering. It reads the
//! [`TableParts`] (what each piece can reach, the resolved zones, the start
//! position) and points back into the AST for spans: the tables' pieces,
//! promotion rules and reach rules are in the source's order.

use fairyc_runtime::table::{HandSupply, PassRule, PromotionChoice, TableParts, Trigger};
use fairyc_runtime::{Color, Setup, Variant, VariantTables};

use crate::ast::{self, DropRule, EndRule, Item, PieceProp, Side};
use crate::geometry::Sq;
use crate::span::Span;
use crate::warning::{Warning, WarningKind};

/// The warnings on a file that lowered to `tables`, sorted by place.
///
/// # Examples
///
/// ```
/// let source = r#"
/// variant "Mini" {}
/// board { files a..d; ranks 1..4 }
/// piece King { letter K; moves K; royal }
/// piece Camel { letter C; moves C }
/// setup "k3/4/4/3K w - - 0 1"
/// "#;
/// let compiled = fairyc_compiler::compile_with_warnings(source).expect("it compiles");
/// assert_eq!(compiled.warnings[0].code(), "W0001"); // Camel is never used
/// ```
pub fn lint(file: &ast::File, tables: &VariantTables) -> Vec<Warning> {
    let parts = tables.parts();
    let mut out = Vec::new();
    let decls: Vec<&ast::PieceDecl> = file
        .items
        .iter()
        .filter_map(|item| match item {
            Item::Piece(p) => Some(p),
            _ => None,
        })
        .collect();
    if decls.len() != parts.pieces.len() {
        return out;
    }
    let StartPosition {
        squares,
        in_setup,
        mut hand,
    } = StartPosition::of(tables);
    let used = used_pieces(parts, &in_setup);
    unused_pieces(&decls, &used, &mut out);
    in_hand(parts, &used, &mut hand);
    // What no position can hold in hand, not even one given as a FEN: a
    // royal piece (unless the start position puts royal pieces there). A
    // gating rule for one is an error (`E0042`), so only drop rules are
    // judged.
    let royal_in_hand = parts.drops.as_ref().is_some_and(|d| d.royal_in_hand);
    let holdable: Vec<bool> = parts
        .pieces
        .iter()
        .map(|piece| !piece.royal.is_royal() || royal_in_hand)
        .collect();
    drop_rules(file, parts, &decls, &holdable, &mut out);

    let reach = reach(parts, &used, &hand, &squares);
    unreachable_squares(file, parts, &reach, &mut out);

    // A `fen-only` piece stands wherever a FEN puts it.
    let fen_only: Vec<bool> = decls
        .iter()
        .map(|d| d.props.iter().any(|p| matches!(p, PieceProp::FenOnly(_))))
        .collect();
    goals(file, parts, &reach, &fen_only, &mut out);
    dead_ends(parts, &decls, &reach, &mut out);
    over_at_start(file, tables, &mut out);
    if parts.end.double_pass.is_some() && parts.legality.pass == PassRule::Never {
        for item in &file.items {
            if let Item::End(end) = item {
                for rule in &end.rules {
                    if let EndRule::DoublePass { span, .. } = rule {
                        out.push(warning(WarningKind::DoublePassWithoutPass, *span));
                    }
                }
            }
        }
    }
    out.sort_by_key(|e| (e.span.start, e.span.end));
    out
}

/// The start position, through the runtime's own FEN reader: where each
/// piece stands, which pieces it holds, which in hand.
struct StartPosition {
    /// `squares[piece][side]`.
    squares: Vec<[Vec<Sq>; 2]>,
    in_setup: Vec<bool>,
    hand: Vec<bool>,
}

impl StartPosition {
    fn of(tables: &VariantTables) -> Self {
        let parts = tables.parts();
        let np = parts.pieces.len();
        let setup = Variant::new(tables.clone())
            .ok()
            .and_then(|v| Setup::from_fen(&v, &parts.start).ok());
        let mut squares = vec![[Vec::new(), Vec::new()]; np];
        let mut in_setup = vec![false; np];
        let mut hand = vec![false; np];
        if let Some(setup) = &setup {
            for (sq, placed) in setup.board.iter().enumerate() {
                if let Some(p) = placed {
                    let side = usize::from(p.color != Color::White);
                    if let Some(squares) = squares.get_mut(p.piece.index()) {
                        squares[side].push(sq as Sq);
                    }
                    set(&mut in_setup, p.piece.index() as u8);
                }
            }
            for (_, pocket) in setup.hands.iter() {
                for (p, &count) in pocket.iter().enumerate() {
                    if count > 0 {
                        set(&mut in_setup, p as u8);
                        set(&mut hand, p as u8);
                    }
                }
            }
        }
        StartPosition {
            squares,
            in_setup,
            hand,
        }
    }
}

/// Which pieces can appear: from the setup, through promotion and capture.
fn used_pieces(parts: &TableParts, in_setup: &[bool]) -> Vec<bool> {
    let mut used = in_setup.to_vec();
    loop {
        let mut changed = false;
        for rule in &parts.promotions {
            if !get(&used, rule.piece) {
                continue;
            }
            for choice in &rule.choices {
                let (PromotionChoice::Piece(t) | PromotionChoice::Hand(t)) = *choice;
                changed |= set(&mut used, t);
            }
        }
        for (i, piece) in parts.pieces.iter().enumerate() {
            if !used.get(i).copied().unwrap_or(false) {
                continue;
            }
            for t in [piece.captured_as, piece.demotes_to].into_iter().flatten() {
                changed |= set(&mut used, t);
            }
        }
        if !changed {
            break;
        }
    }
    used
}

/// `W0001` for a piece that never appears, and a warning for a `fen-only`
/// piece that does.
fn unused_pieces(decls: &[&ast::PieceDecl], used: &[bool], out: &mut Vec<Warning>) {
    for (i, decl) in decls.iter().enumerate() {
        let fen_only = decl.props.iter().find_map(|p| match p {
            PieceProp::FenOnly(span) => Some(*span),
            _ => None,
        });
        if let Some(span) = fen_only {
            if used.get(i).copied().unwrap_or(false) {
                out.push(warning(
                    WarningKind::FenOnlyInGame {
                        piece: decl.name.node.clone(),
                    },
                    span,
                ));
            }
            continue;
        }
        if !used.get(i).copied().unwrap_or(true) {
            out.push(warning(
                WarningKind::UnusedPiece {
                    piece: decl.name.node.clone(),
                },
                decl.name.span,
            ));
        }
    }
}

/// What can be in a hand (only with drops, or gating): captured non-royal
/// pieces as they go to hand, `hand(…)` promotion targets and the setup's
/// pockets (already in `hand`).
fn in_hand(parts: &TableParts, used: &[bool], hand: &mut [bool]) {
    if let Some(drops) = &parts.drops {
        for (i, piece) in parts.pieces.iter().enumerate() {
            if drops.supply == HandSupply::Setup
                || !used.get(i).copied().unwrap_or(false)
                || piece.royal.is_royal()
            {
                continue;
            }
            set(hand, piece.captured_as.unwrap_or(i as u8));
            if let Some(d) = piece.demotes_to {
                set(hand, d);
            }
        }
        for rule in &parts.promotions {
            for choice in &rule.choices {
                if let PromotionChoice::Hand(t) = *choice {
                    set(hand, t);
                }
            }
        }
    } else if parts.gating.is_empty() {
        hand.iter_mut().for_each(|h| *h = false);
    }
}

/// Where each piece can ever stand, per side (`reach[piece][side][square]`):
/// from its setup squares, its drop squares and the promotion zones that
/// make it, along its paths.
fn reach(
    parts: &TableParts,
    used: &[bool],
    hand: &[bool],
    setup_squares: &[[Vec<Sq>; 2]],
) -> Vec<[Vec<bool>; 2]> {
    let np = parts.pieces.len();
    let nsq = parts.board.squares.len();
    let mut reach = vec![[vec![false; nsq], vec![false; nsq]]; np];
    for (pi, piece) in parts.pieces.iter().enumerate() {
        if !used.get(pi).copied().unwrap_or(false) {
            continue;
        }
        for side in 0..2 {
            let start = entry_squares(parts, pi, side, used, hand, setup_squares);
            // A move that ends where a promotion the player cannot decline
            // applies leaves the piece something else: it goes no further.
            let promotes_there = |to: u16| {
                parts.promotions.iter().any(|r| {
                    let Some(m) = r.as_move() else { return false };
                    r.piece as usize == pi
                        && m.on.has(Trigger::End)
                        && !m.capture_only
                        && !r.choices.contains(&PromotionChoice::Piece(pi as u8))
                        && r.zone[side].contains(&to)
                        && (!m.optional || m.forced[side].contains(&to))
                })
            };
            let Some(seen) = reach.get_mut(pi).map(|r| &mut r[side]) else {
                continue;
            };
            let mut stack = Vec::new();
            for s in start {
                if let Some(slot) = seen.get_mut(s as usize) {
                    if !*slot {
                        *slot = true;
                        stack.push(s);
                    }
                }
            }
            while let Some(from) = stack.pop() {
                let Some(paths) = piece.moves[side].get(from as usize) else {
                    continue;
                };
                for step in paths.iter().flat_map(|p| &p.steps) {
                    if let Some(slot) = seen.get_mut(step.to as usize) {
                        if !*slot {
                            *slot = true;
                            if !promotes_there(step.to) {
                                stack.push(step.to);
                            }
                        }
                    }
                }
            }
        }
    }
    reach
}

/// Where piece `pi` of `side` enters the board: its setup squares, where
/// it is gated or dropped from hand, the zones of promotions to it.
fn entry_squares(
    parts: &TableParts,
    pi: usize,
    side: usize,
    used: &[bool],
    hand: &[bool],
    setup_squares: &[[Vec<Sq>; 2]],
) -> Vec<Sq> {
    let nsq = parts.board.squares.len();
    let mut start: Vec<Sq> = setup_squares
        .get(pi)
        .map(|s| s[side].clone())
        .unwrap_or_default();
    if get(hand, pi as u8) {
        for g in parts.gating.iter().filter(|g| g.piece as usize == pi) {
            start.extend(g.squares[side].iter().copied());
        }
        if let Some(d) = &parts.drops {
            let forbidden = d.forbidden.get(pi).map(|f| &f[side]);
            start.extend((0..nsq as Sq).filter(|s| !forbidden.is_some_and(|f| f.contains(s))));
        }
    }
    for rule in &parts.promotions {
        if rule.choices.contains(&PromotionChoice::Piece(pi as u8)) && get(used, rule.piece) {
            start.extend(rule.zone[side].iter().copied());
        }
    }
    start
}

/// A warning for the squares no piece can ever stand on.
fn unreachable_squares(
    file: &ast::File,
    parts: &TableParts,
    reach: &[[Vec<bool>; 2]],
    out: &mut Vec<Warning>,
) {
    let nsq = parts.board.squares.len();
    let unreachable: Vec<String> = (0..nsq)
        .filter(|&s| !reach.iter().any(|r| r[0][s] || r[1][s]))
        .filter_map(|s| parts.board.squares.get(s).map(|sq| sq.name.clone()))
        .collect();
    if !unreachable.is_empty() {
        let board = file.items.iter().find_map(|item| match item {
            Item::Board(b) => Some(b.span.sub(0, "board".len())),
            _ => None,
        });
        out.push(warning(
            WarningKind::UnreachableSquares {
                squares: unreachable,
            },
            board.unwrap_or_default(),
        ));
    }
}

fn warning(kind: WarningKind, span: Span) -> Warning {
    Warning::new(kind, span)
}

fn get(flags: &[bool], i: u8) -> bool {
    flags.get(i as usize).copied().unwrap_or(false)
}

/// Sets a flag; whether it changed.
fn set(flags: &mut [bool], i: u8) -> bool {
    match flags.get_mut(i as usize) {
        Some(f) if !*f => {
            *f = true;
            true
        }
        _ => false,
    }
}

/// `W0003`, `W0005` and `W0006`: drop rules that cannot matter.
fn drop_rules(
    file: &ast::File,
    parts: &TableParts,
    decls: &[&ast::PieceDecl],
    hand: &[bool],
    out: &mut Vec<Warning>,
) {
    let index = |name: &str| decls.iter().position(|d| d.name.node == name);
    let nsq = parts.board.squares.len();
    if !parts
        .drops
        .as_ref()
        .is_some_and(|d| d.supply != HandSupply::Setup)
    {
        for decl in decls {
            for prop in &decl.props {
                if let PieceProp::CapturedAs(name) = prop {
                    out.push(warning(WarningKind::CapturedAsWithoutDrops, name.span));
                }
            }
        }
    }
    let Some(drops) = &parts.drops else {
        return;
    };
    let mut reported = vec![false; decls.len()];
    for item in &file.items {
        let Item::Drops(d) = item else { continue };
        // `unlimited` keeps every captured piece out of the hands already.
        if d.rules
            .iter()
            .any(|r| matches!(r, DropRule::Unlimited { .. }))
        {
            for rule in &d.rules {
                if let DropRule::CapturesOff { span } = rule {
                    out.push(warning(WarningKind::CapturesOffWithUnlimited, *span));
                }
            }
        }
        for rule in &d.rules {
            let (piece, span) = match rule {
                DropRule::NotOn { piece, span, .. }
                | DropRule::NoMate { piece, span }
                | DropRule::PerFile { piece, span, .. }
                | DropRule::AlsoAs { piece, span, .. }
                | DropRule::OnlyOn { piece, span, .. }
                | DropRule::PerColour { piece, span, .. } => (piece, *span),
                DropRule::CapturesOff { .. }
                | DropRule::MustDrop { .. }
                | DropRule::FirstOn { .. }
                | DropRule::MustFlip { .. }
                | DropRule::NextToOwn { .. }
                | DropRule::FlipsOnlyNextToOwn { .. }
                | DropRule::NotBesideEnemy { .. }
                | DropRule::Unlimited { .. }
                | DropRule::Falls { .. }
                | DropRule::Unknown(_) => continue,
            };
            let Some(pi) = index(&piece.node) else {
                continue;
            };
            if !hand.get(pi).copied().unwrap_or(true) {
                out.push(warning(
                    WarningKind::NeverInHand {
                        piece: piece.node.clone(),
                    },
                    piece.span,
                ));
                continue;
            }
            let everywhere = drops
                .forbidden
                .get(pi)
                .is_some_and(|f| f.iter().all(|side| side.len() >= nsq));
            if everywhere && matches!(rule, DropRule::NotOn { .. }) && set(&mut reported, pi as u8)
            {
                out.push(warning(
                    WarningKind::NeverDroppable {
                        piece: piece.node.clone(),
                    },
                    span,
                ));
            }
        }
    }
}

/// `W0004`: `<Piece> reaches <squares>` rules whose piece can never stand on
/// any of the squares, for a side, in a game from the start position (a
/// `fen-only` piece, which only a FEN places, is not judged).
fn goals(
    file: &ast::File,
    parts: &TableParts,
    reach: &[[Vec<bool>; 2]],
    fen_only: &[bool],
    out: &mut Vec<Warning>,
) {
    let rules = file.items.iter().flat_map(|item| match item {
        Item::End(e) => e.rules.as_slice(),
        _ => &[],
    });
    let rules = rules.filter_map(|r| match r {
        EndRule::Reach { piece, squares, .. } => Some((piece, squares)),
        _ => None,
    });
    for ((piece, squares), table) in rules.zip(&parts.end.reach) {
        // A goal of several pieces: any of them may reach it.
        if !table.also.is_empty() {
            continue;
        }
        let Some(can) = reach.get(table.piece as usize) else {
            continue;
        };
        if fen_only.get(table.piece as usize).copied().unwrap_or(false) {
            continue;
        }
        for (side, name) in [(0, Side::White), (1, Side::Black)] {
            // A side without squares (`white: none`) has no goal.
            if table.squares[side].is_empty() {
                continue;
            }
            let hit = table.squares[side]
                .iter()
                .any(|&s| can[side].get(s as usize).copied().unwrap_or(false));
            if !hit {
                let span = squares.items.first().map_or(piece.span, |f| {
                    squares
                        .items
                        .last()
                        .map_or(f.span, |l| f.span.merge(l.span))
                });
                out.push(warning(
                    WarningKind::GoalUnreachable {
                        piece: piece.node.clone(),
                        side: name,
                    },
                    span,
                ));
            }
        }
    }
}

/// The span of FEN row `row` (from 1, as in [`fairyc_runtime::ParseFenError::row`]):
/// the `row`-th `/`-separated group of the placement field inside `fen` (the
/// FEN string's span).
pub(crate) fn setup_row_span(source: &str, fen: Span, row: usize) -> Option<Span> {
    let text = source.get(fen.range())?;
    let placement = text.split([' ', '[']).next()?;
    let mut start = 0;
    for (i, group) in placement.split('/').enumerate() {
        if i + 1 == row {
            return Some(fen.sub(start, group.len()));
        }
        start += group.len() + 1;
    }
    None
}

/// `W0007`: a piece that can stand on a square from which it has no move
/// and where no promotion rule (a `turn … alone` rule applies everywhere)
/// nor goal of its own applies to it: once
/// there, it is stuck for good. One warning per piece, for the first side that has such squares.
fn dead_ends(
    parts: &TableParts,
    decls: &[&ast::PieceDecl],
    reach: &[[Vec<bool>; 2]],
    out: &mut Vec<Warning>,
) {
    for (pi, (piece, decl)) in parts.pieces.iter().zip(decls).enumerate() {
        let Some(can) = reach.get(pi) else { continue };
        // An immobile piece is stuck on purpose.
        if decl
            .props
            .iter()
            .any(|p| matches!(p, ast::PieceProp::Immobile(_)))
        {
            continue;
        }
        for (side, side_name) in [(0, Side::White), (1, Side::Black)] {
            let stuck: Vec<String> = (0..parts.board.squares.len())
                .filter(|&s| can[side].get(s).copied().unwrap_or(false))
                .filter(|&s| piece.moves[side].get(s).is_some_and(|p| p.is_empty()))
                .filter(|&s| {
                    !parts.promotions.iter().any(|r| {
                        r.piece as usize == pi
                                // A side's only piece of the type turns anywhere.
                                && (r.as_turn().is_some_and(|t| t.alone) || r.zone[side].contains(&(s as Sq)))
                    })
                })
                // A goal of the piece ends the game there (breakthrough).
                .filter(|&s| {
                    !parts
                        .end
                        .reach
                        .iter()
                        .any(|r| {
                            (r.piece as usize == pi || r.also.iter().any(|&a| a as usize == pi))
                                && r.squares[side].contains(&(s as Sq))
                        })
                })
                .filter_map(|s| parts.board.squares.get(s).map(|sq| sq.name.clone()))
                .collect();
            if !stuck.is_empty() {
                out.push(warning(
                    WarningKind::DeadEnd {
                        piece: piece.name.clone(),
                        side: side_name,
                        squares: stuck,
                    },
                    decl.name.span,
                ));
                break;
            }
        }
    }
}

/// `W0008`: the game is already over in the start position (checkmate,
/// stalemate, a goal reached, a bare king, the move limit).
fn over_at_start(file: &ast::File, tables: &VariantTables, out: &mut Vec<Warning>) {
    let Ok(variant) = Variant::new(tables.clone()) else {
        return;
    };
    let Ok(position) = fairyc_runtime::Position::new(&variant) else {
        return;
    };
    if let Some(result) = fairyc_runtime::Game::new(position).outcome() {
        let span = file
            .items
            .iter()
            .find_map(|item| match item {
                Item::Setup(s) => Some(s.fen.span),
                _ => None,
            })
            .unwrap_or_default();
        out.push(warning(
            WarningKind::OverAtStart {
                reason: result.reason.to_string(),
            },
            span,
        ));
    }
}
