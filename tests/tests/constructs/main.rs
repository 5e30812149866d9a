//! The language's constructs, one module per construct: each module is a
//! test per sentence of what the oracle engine does with that construct (a
//! position and its exact legal moves, FEN or result), as its header says.
//!
//! Seeds are in `tests/tests/seeds/`, reading and writing positions and
//! tables in `tests/tests/formats/`; the comparisons with other engines
//! along random games are the binaries named after each engine (`field`,
//! `differential`, `sjaakii`, `hachu`, `topology`).

// Board, moves and their paths.
mod hoppers_regions;
mod legality_paths;
mod legs;
mod wide;

// One-time moves, castling and gating.
mod castling_free;
mod castling_shared;
mod gating;
mod once_moves;

// Promotion.
mod en_passant;
mod promotion_limits;
mod promotion_on_entry;
mod promotion_royal;
mod shogi_style;

// Drops and hands.
mod captures_to_hand;
mod fen_only;

// Royal pieces and legality.
mod royal_check_last;
mod royal_fleeing;

// Capture effects, walls and flips.
mod blast;
mod flips;
mod walls;

// The end of the game.
mod checkmate_by;
mod connect;
mod counting;
mod end_rules;
mod lines;
mod pass_facing;
