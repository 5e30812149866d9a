//! Differential tests against HaChu 0.21 (`/usr/games/hachu`, driver in
//! `tests/src/hachu.rs`), which has no perft but prints its list of moves.
//!
//! Seeded random games are played on both engines at once from the start
//! position (HaChu cannot be told that Black is to move by `setboard`, and
//! keys set-up positions badly: see the driver), and at every position our
//! legal moves are compared with HaChu's list:
//!
//! - every one of our moves must be in its list, and
//! - every move of its list must be one of ours, with two named exceptions:
//!   **HaChu lists moves that leave the mover's king attacked** (its list is
//!   pseudo-legal: it plays by king capture). Such a move is accepted only if
//!   HaChu itself confirms it: after the move is played in HaChu, HaChu,
//!   asked to reply (`go`), must take the king. Counted and reported.
//! - **In makruk HaChu lets a pawn decline its promotion** (a shogi-style
//!   deferral: its list holds `c5c6` beside `c5c6m`, and it plays `c5c6`
//!   leaving a pawn on c6); the Thai rules make the promotion compulsory
//!   (Fairy-Stockfish agrees). Such a move is accepted only when the same
//!   move with the promotion is in both lists. Counted and reported; the
//!   games never play one. (Its shatranj offers no such move.)
//!
//! Chu shogi has named exceptions of its own (passes, left-out deferrals,
//! the Lion-trading rules): see [`compare_chu`].
//!
//! Run with `cargo test -p fairyc-tests --release --test hachu -- --ignored`;
//! `.ci/run` does. Each test is skipped with a note when the binary is
//! missing.

use std::collections::BTreeSet;

use fairyc_runtime::{Position, Variant};
use fairyc_tests::hachu::{destination, origin, HaChu, HACHU};
use fairyc_tests::{shipped, uci_moves};
use rand::{Rng, SeedableRng};

/// What a run compared.
#[derive(Debug, Default)]
struct Tally {
    positions: usize,
    moves: usize,
    /// HaChu's moves that leave the mover's king attacked (confirmed).
    self_checks: usize,
    /// HaChu's moves that decline a compulsory promotion.
    deferrals: usize,
    mismatches: Vec<String>,
}

fn empty_square(pos: &Position<'_>) -> String {
    let v = pos.variant();
    v.squares()
        .find(|&s| pos.piece_at(s).is_none())
        .map(|s| v.square_name(s).to_string())
        .expect("an empty square")
}

/// Whether HaChu confirms that `mv` leaves the mover's king attacked:
/// after `mv`, HaChu, asked to reply, takes the king (on any leg of its
/// move).
fn hachu_confirms_self_check(
    pos: &Position<'_>,
    hachu: &mut HaChu,
    mv: &str,
) -> Result<bool, String> {
    let v = pos.variant();
    let Some(king) = pos.royal_square(pos.turn()) else {
        return Ok(false);
    };
    let king = v.square_name(king);
    let king_after = if origin(mv) == king {
        destination(mv)
    } else {
        king
    };
    hachu.play(mv)?;
    let reply = hachu.reply();
    hachu.take_back(if reply.is_ok() { 2 } else { 1 })?;
    // The capture may be a Lion's first leg (igui: `d2e2,e2d2`).
    Ok(reply?.split(',').any(|leg| destination(leg) == king_after))
}

/// Plays `games` seeded random games of at most `plies` plies of the
/// shipped variant `stem` on both engines (HaChu's variant `theirs`) and
/// compares the move lists at every position. `promotion` is the suffix of
/// a compulsory promotion (`m` in makruk), for the second named exception.
fn compare_games(
    stem: &str,
    theirs: &str,
    promotion: Option<&str>,
    games: u64,
    plies: usize,
) -> Option<Tally> {
    if !std::path::Path::new(HACHU).exists() {
        eprintln!("{HACHU} is not installed: skipped");
        return None;
    }
    let v: Variant = shipped(stem);
    let mut t = Tally::default();
    for seed in 0..games {
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let mut hachu = HaChu::start(theirs).unwrap_or_else(|e| panic!("{e}"));
        let mut pos = Position::new(&v).expect("start position");
        let mut line: Vec<String> = Vec::new();
        for _ in 0..plies {
            if pos.rule_outcome().is_some() {
                break;
            }
            let ours = uci_moves(&pos);
            let listed = hachu
                .moves(&empty_square(&pos))
                .unwrap_or_else(|e| panic!("{e}"));
            t.positions += 1;
            t.moves += ours.len();
            let ours_set: BTreeSet<&String> = ours.iter().collect();
            let listed_set: BTreeSet<&String> = listed.iter().collect();
            let at = || format!("game {seed} after [{}] ({})", line.join(" "), pos.fen());
            for m in ours_set.difference(&listed_set) {
                t.mismatches.push(format!("{}: {m} only ours", at()));
            }
            for m in listed_set.difference(&ours_set) {
                if promotion.is_some_and(|p| ours_set.contains(&format!("{m}{p}"))) {
                    t.deferrals += 1;
                    continue;
                }
                match hachu_confirms_self_check(&pos, &mut hachu, m) {
                    Ok(true) => t.self_checks += 1,
                    Ok(false) => t.mismatches.push(format!("{}: {m} only HaChu's", at())),
                    Err(e) => t.mismatches.push(format!("{}: {m}: {e}", at())),
                }
            }
            if ours.is_empty() {
                break;
            }
            let mv = &ours[rng.random_range(0..ours.len())];
            hachu.play(mv).unwrap_or_else(|e| panic!("{}: {e}", at()));
            fairyc_tests::play(&mut pos, mv);
            line.push(mv.clone());
        }
    }
    Some(t)
}

fn assert_agrees(stem: &str, theirs: &str, promotion: Option<&str>, games: u64, plies: usize) {
    let Some(t) = compare_games(stem, theirs, promotion, games, plies) else {
        return;
    };
    eprintln!(
        "{stem} vs HaChu `{theirs}`: {} positions, {} legal moves of ours; of HaChu's other \
         moves {} leave the king attacked (it takes the king in reply) and {} decline the \
         promotion; {} mismatches",
        t.positions,
        t.moves,
        t.self_checks,
        t.deferrals,
        t.mismatches.len()
    );
    // Not a vacuous run: the games went on, and check came up.
    assert!(t.positions as u64 >= games * 20, "{t:?}");
    assert!(
        t.mismatches.is_empty(),
        "{} mismatches:\n{}",
        t.mismatches.len(),
        t.mismatches.join("\n")
    );
}

/// The driver reads HaChu's list: the start positions' counts, known
/// figures (makruk 23, shatranj 16, chu 36: ten pawn steps, two
/// go-between steps, five Lion moves and 19 steps into the four holes of
/// rank 2; `fairyc moves chu` lists the same), and a king left in check
/// lists its illegal moves too.
#[test]
#[ignore = "needs /usr/games/hachu; run by .ci/run"]
fn hachu_lists_moves() {
    if !std::path::Path::new(HACHU).exists() {
        eprintln!("{HACHU} is not installed: skipped");
        return;
    }
    for (variant, empty, count) in [
        ("makruk", "a4", 23),
        ("shatranj", "a4", 16),
        ("chu", "a6", 36),
    ] {
        let mut h = HaChu::start(variant).unwrap_or_else(|e| panic!("{e}"));
        let list = h.moves(empty).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(list.len(), count, "{variant}: {list:?}");
    }
    // A rook on d2 attacks d1, e2 and f2 is not: HaChu lists all five king
    // steps (pseudo-legal), where the rules allow two (d2 capture, f1).
    let mut h = HaChu::start("makruk").unwrap_or_else(|e| panic!("{e}"));
    h.setboard("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        h.moves("a1").unwrap_or_else(|e| panic!("{e}")),
        ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]
    );
    assert!(h.setboard("4k3/8/8/8/8/8/3r4/4K3 b - - 0 1").is_err());
    // The Lion's moves in Chu: after 1. f3f5 g9g8 2. f5f7 a9a8 the white
    // Lion on f7 touches the pawn on g8: igui `f7g8,g8f7` and the double
    // moves through g8 are listed.
    let mut h = HaChu::start("chu").unwrap_or_else(|e| panic!("{e}"));
    for m in ["f3f5", "g9g8", "f5f7", "a9a8"] {
        h.play(m).unwrap_or_else(|e| panic!("{e}"));
    }
    let list = h.moves("a6").unwrap_or_else(|e| panic!("{e}"));
    for m in ["f7g8,g8f7", "f7g8,g8h9", "f7g8", "f7f9", "f7d8"] {
        assert!(list.iter().any(|l| l == m), "{m} not in {list:?}");
    }
    assert!(h.play("a1a9").is_err());
}

/// Makruk: 12 games of up to 80 plies (20 games: 1600 positions, 43346
/// legal moves, 1952 self-checks and 1079 declined promotions of HaChu's
/// explained, no mismatch).
#[test]
#[ignore = "needs /usr/games/hachu; run by .ci/run"]
fn makruk_agrees_with_hachu() {
    assert_agrees("makruk", "makruk", Some("m"), 12, 80);
}

/// Shatranj: 12 games of up to 80 plies (20 games: 1600 positions, 34852
/// legal moves, 2018 self-checks of HaChu's explained, no mismatch).
#[test]
#[ignore = "needs /usr/games/hachu; run by .ci/run"]
fn shatranj_agrees_with_hachu() {
    assert_agrees("shatranj", "shatranj", Some("q"), 12, 80);
}

/// HaChu's letters of the Chu pieces whose promoted piece moves as the
/// piece does and more: HaChu leaves their non-promoting move out of its
/// list where the promoting one is there (it plays it when asked). Pawn
/// (to Tokin), Lance (White Horse), Drunk Elephant (Crown Prince), Blind
/// Tiger (Flying Stag), Rook, Bishop, Dragon King (Soaring Eagle), Dragon
/// Horse (Horned Falcon), Reverse Chariot (Whale), Kirin (Lion), Phoenix
/// (Free King).
const CHU_SUPERSET_PROMOTIONS: &str = "PLETRBDHAOX";

/// HaChu's reasons for striking out a Lion capture that Chu's Lion-trading
/// rules forbid (not modelled in `variants/chu.variant`).
const LION_RULES: [&str; 2] = [
    "Distant capture of protected Lion",
    "Counterstrike against Lion",
];

/// What a Chu run compared, with each named exception counted.
#[derive(Debug, Default)]
struct ChuTally {
    positions: usize,
    moves: usize,
    /// Positions where our passes (`f7f7`, one per piece that can pass)
    /// stand for HaChu's one `@@@@`.
    passes: usize,
    /// Our non-promoting moves HaChu leaves out of its list and plays.
    deferrals: usize,
    /// HaChu's moves that leave the mover's last royal attacked (confirmed).
    self_checks: usize,
    /// Our Lion captures HaChu refuses for the Lion-trading rules
    /// (confirmed by its refusal reason).
    lion_rules: usize,
    mismatches: Vec<String>,
}

/// Whether `mv` is a pass: a one-leg move back to its own square.
fn is_pass(mv: &str) -> bool {
    !mv.contains(',') && origin(mv) == destination(mv)
}

/// Whether HaChu plays `mv` (then takes it back); `Err` with its reason if
/// it refuses it.
fn hachu_plays(hachu: &mut HaChu, mv: &str) -> Result<(), String> {
    hachu.play(mv)?;
    hachu.take_back(1)
}

/// Chu shogi: `games` seeded random games of at most `plies` plies on both
/// engines, our legal moves against HaChu's list at every position, with
/// the four named exceptions of `variants/chu.variant`'s header:
///
/// - **passes**: HaChu lists one `@@@@` however many pieces can pass; ours
///   lists each (`f7f7`). Our passes are set aside and stand for its
///   `@@@@`: one side has one if and only if the other does.
/// - **left-out deferrals**: HaChu leaves out a non-promoting move `m`
///   where `m+` is listed and the promoted piece moves as the piece and more
///   ([`CHU_SUPERSET_PROMOTIONS`]); accepted only if `m+` is in both lists,
///   the mover is such a piece and HaChu plays `m` when asked.
/// - **self-checks**: HaChu's list ignores check; a move of its list that
///   is not ours is accepted only while the mover has one royal piece and
///   HaChu, asked to reply, takes it.
/// - **Lion-trading rules**: a move of ours HaChu refuses with one of
///   [`LION_RULES`] as its reason.
fn compare_chu(games: u64, plies: usize) -> Option<ChuTally> {
    if !std::path::Path::new(HACHU).exists() {
        eprintln!("{HACHU} is not installed: skipped");
        return None;
    }
    let v: Variant = shipped("chu");
    let mut t = ChuTally::default();
    for seed in 0..games {
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let mut hachu = HaChu::start("chu").unwrap_or_else(|e| panic!("{e}"));
        let mut pos = Position::new(&v).expect("start position");
        let mut line: Vec<String> = Vec::new();
        for _ in 0..plies {
            if pos.rule_outcome().is_some() {
                break;
            }
            let ours = uci_moves(&pos);
            let listed = hachu
                .moves(&empty_square(&pos))
                .unwrap_or_else(|e| panic!("{e}"));
            t.positions += 1;
            t.moves += ours.len();
            let at = || format!("game {seed} after [{}] ({})", line.join(" "), pos.fen());
            let mut ours_set: BTreeSet<&str> = ours.iter().map(String::as_str).collect();
            let mut listed_set: BTreeSet<&str> = listed.iter().map(String::as_str).collect();
            let passes: Vec<&str> = ours
                .iter()
                .map(String::as_str)
                .filter(|m| is_pass(m))
                .collect();
            if !passes.is_empty() && listed_set.remove("@@@@") {
                t.passes += 1;
                for m in &passes {
                    ours_set.remove(m);
                }
            }
            let only_ours: Vec<&str> = ours_set.difference(&listed_set).copied().collect();
            let only_theirs: Vec<&str> = listed_set.difference(&ours_set).copied().collect();
            for m in only_ours {
                let plus = format!("{m}+");
                let mover = v
                    .square_by_name(origin(m))
                    .and_then(|s| pos.piece_at(s))
                    .map(|p| v.piece_token(p.piece))
                    .unwrap_or_default();
                let deferral = ours_set.contains(plus.as_str())
                    && listed_set.contains(plus.as_str())
                    && mover.len() == 1
                    && CHU_SUPERSET_PROMOTIONS.contains(mover.to_ascii_uppercase().as_str());
                match hachu_plays(&mut hachu, m) {
                    Ok(()) if deferral => t.deferrals += 1,
                    Err(e) if LION_RULES.iter().any(|r| e.contains(r)) => t.lion_rules += 1,
                    Ok(()) => t
                        .mismatches
                        .push(format!("{}: {m} only ours (HaChu plays it)", at())),
                    Err(e) => t.mismatches.push(format!("{}: {m} only ours: {e}", at())),
                }
            }
            for m in only_theirs {
                match hachu_confirms_self_check(&pos, &mut hachu, m) {
                    Ok(true) => t.self_checks += 1,
                    Ok(false) => t.mismatches.push(format!("{}: {m} only HaChu's", at())),
                    Err(e) => t.mismatches.push(format!("{}: {m}: {e}", at())),
                }
            }
            // Play a move both engines have (a pass as ours writes it).
            let playable: Vec<&String> = ours
                .iter()
                .filter(|m| is_pass(m) || listed_set.contains(m.as_str()))
                .collect();
            if playable.is_empty() {
                break;
            }
            let mv = playable[rng.random_range(0..playable.len())].clone();
            hachu.play(&mv).unwrap_or_else(|e| panic!("{}: {e}", at()));
            fairyc_tests::play(&mut pos, &mv);
            line.push(mv);
        }
    }
    Some(t)
}

/// Chu shogi (`variants/chu.variant`) against HaChu's `chu`: 50 seeded
/// random games of 50 plies, no unexplained difference: 2500 positions,
/// 139697 legal moves of ours; named exceptions in 1699 positions with
/// passes, 856 left-out deferrals, 712 self-checks, 128 Lion-rule
/// refusals; 0 mismatches (about 50 s in release; 60 plies: 3000
/// positions, 0 mismatches).
#[test]
#[ignore = "needs /usr/games/hachu; run by .ci/run"]
fn chu_agrees_with_hachu() {
    let Some(t) = compare_chu(50, 50) else {
        return;
    };
    eprintln!(
        "chu vs HaChu: {} positions, {} legal moves of ours; named exceptions: {} positions \
         with passes, {} left-out deferrals, {} self-checks, {} Lion-rule refusals; {} \
         mismatches",
        t.positions,
        t.moves,
        t.passes,
        t.deferrals,
        t.self_checks,
        t.lion_rules,
        t.mismatches.len()
    );
    assert!(t.positions >= 50 * 30, "{t:?}");
    assert!(
        t.mismatches.is_empty(),
        "{} mismatches:\n{}",
        t.mismatches.len(),
        t.mismatches
            .iter()
            .take(40)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// Chu's perft 2 and 3 from the start, counted from HaChu's lists: the sum
/// of its list's lengths over every position its own moves reach in one
/// and in two plies. No capture, check or Lion rule arises that early, and
/// at most one piece (the Lion) can pass, so its one `@@@@` counts as our
/// one pass; of the named exceptions only the left-out deferrals come up
/// (a Dragon Horse entering the zone on the third ply: `d3j9+` listed,
/// `d3j9` not), each counted once HaChu plays it. The sums must equal our
/// perft (1296 and 48315).
#[test]
#[ignore = "needs /usr/games/hachu; run by .ci/run"]
fn chu_perft_from_hachu_lists() {
    if !std::path::Path::new(HACHU).exists() {
        eprintln!("{HACHU} is not installed: skipped");
        return;
    }
    let v: Variant = shipped("chu");
    let start = Position::new(&v).expect("start position");
    let mut h = HaChu::start("chu").unwrap_or_else(|e| panic!("{e}"));
    let list = |h: &mut HaChu| h.moves("a6").unwrap_or_else(|e| panic!("{e}"));
    let (mut two, mut three, mut deferrals) = (0u64, 0u64, 0u64);
    for first in list(&mut h) {
        h.play(&first).unwrap_or_else(|e| panic!("{e}"));
        let seconds = list(&mut h);
        two += seconds.len() as u64;
        for second in &seconds {
            h.play(second).unwrap_or_else(|e| panic!("{e}"));
            let mut pos = start.clone();
            fairyc_tests::play(&mut pos, &first);
            fairyc_tests::play(&mut pos, second);
            let thirds = list(&mut h);
            three += thirds.len() as u64;
            for plain in thirds.iter().filter_map(|m| m.strip_suffix('+')) {
                let mover = v
                    .square_by_name(origin(plain))
                    .and_then(|s| pos.piece_at(s))
                    .map(|p| v.piece_token(p.piece))
                    .unwrap_or_default();
                if !thirds.iter().any(|m| m == plain)
                    && mover.len() == 1
                    && CHU_SUPERSET_PROMOTIONS.contains(mover.to_ascii_uppercase().as_str())
                {
                    hachu_plays(&mut h, plain).unwrap_or_else(|e| panic!("{e}"));
                    deferrals += 1;
                }
            }
            h.take_back(1).unwrap_or_else(|e| panic!("{e}"));
        }
        h.take_back(1).unwrap_or_else(|e| panic!("{e}"));
    }
    eprintln!("chu perft from HaChu's lists: {two}, {three} with {deferrals} left-out deferrals");
    assert_eq!(two, fairyc_runtime::perft(&start, 2), "perft 2");
    assert_eq!(
        three + deferrals,
        fairyc_runtime::perft(&start, 3),
        "perft 3"
    );
}
