"""A drop-in for the functions pyffish users call, played by fairyc.

    import fairyc.ffish as sf        # instead of: import pyffish as sf

    fen = sf.start_fen("makruk")
    sf.legal_moves("makruk", fen, ["e3e4"])
    sf.get_fen("makruk", fen, ["e3e4"])
    sf.gives_check(...), sf.is_capture(...), sf.game_result(...)
    sf.is_immediate_game_end(...), sf.is_optional_game_end(...)
    sf.load_variant_config(open("my.variant").read())

Variants are every shipped one, by file stem (as pyffish names its built-in
variants: `chess`, `crazyhouse`, `shogi`, `xiangqi`, ...) or by display
name or alias, ignoring case; `load_variant_config` adds one from a
`.variant` source (not a variants.ini: `fairyc import` converts those).
Moves and FENs are fairyc's, which are Fairy-Stockfish's for the variants
both play (python/tests/test_ffish.py compares them with pyffish itself);
pieces in hand may be listed in another order.

Values are pyffish's: from the side to move's point of view, `VALUE_MATE`
for a win, `-VALUE_MATE` for a loss, `VALUE_DRAW` for a draw or a game that
goes on. Unlike pyffish, bad input raises an exception (`FenError`,
`IllegalMoveError`, `UnknownVariantError`: all `ValueError`s but the last,
a `KeyError`) rather than crashing the interpreter. `chess960=True` is
refused: fairyc's Chess960 variants (`fischerandom`, `caparandom`) define
their own castling notation. SAN (`get_san`) is not offered yet.
"""

from __future__ import annotations

from typing import List, Optional, Sequence, Tuple

from . import _fairyc
from ._types import FairycError

__all__ = [
    "FEN_OK",
    "VALUE_DRAW",
    "VALUE_MATE",
    "game_result",
    "get_fen",
    "gives_check",
    "is_capture",
    "is_immediate_game_end",
    "is_optional_game_end",
    "legal_moves",
    "load_variant_config",
    "start_fen",
    "validate_fen",
    "variants",
]

VALUE_MATE: int = _fairyc.VALUE_MATE
VALUE_DRAW: int = 0
FEN_OK: int = 1
#: What `validate_fen` returns for a FEN fairyc refuses (pyffish has a
#: code per fault; the reason is in `fen_error`).
FEN_INVALID: int = -1


def _no960(chess960: bool) -> None:
    if chess960:
        raise FairycError(
            "chess960=True is not supported by fairyc.ffish: play the variants "
            "`fischerandom` or `caparandom`, whose castling notation is their own"
        )


def _moves(moves: Sequence[str]) -> List[str]:
    if isinstance(moves, str):
        raise TypeError("moves must be a list of moves, not one string")
    return list(moves)


def variants() -> List[str]:
    """The variant names: every shipped variant's file stem, then the names
    of those loaded by `load_variant_config`."""
    return _fairyc.ffish_variants()


def start_fen(variant: str) -> str:
    """The FEN of the variant's start position."""
    return _fairyc.ffish_start_fen(variant)


def legal_moves(variant: str, fen: str, moves: Sequence[str], chess960: bool = False) -> List[str]:
    """The legal moves after playing `moves` from `fen` (fairyc's
    generation order; none when a rule of the position has ended the
    game)."""
    _no960(chess960)
    return _fairyc.ffish_legal_moves(variant, fen, _moves(moves))


def get_fen(
    variant: str,
    fen: str,
    moves: Sequence[str],
    chess960: bool = False,
    sfen: bool = False,
    showPromoted: bool = False,  # noqa: N803 (pyffish's name)
    countStarted: int = 0,  # noqa: N803
) -> str:
    """The FEN after playing `moves` from `fen`. `sfen`, `showPromoted`
    and `countStarted` other than their defaults are refused."""
    _no960(chess960)
    if sfen or showPromoted or countStarted:
        raise FairycError("fairyc.ffish.get_fen: sfen, showPromoted and countStarted are not supported")
    return _fairyc.ffish_get_fen(variant, fen, _moves(moves))


def gives_check(variant: str, fen: str, moves: Sequence[str], chess960: bool = False) -> bool:
    """Whether the side to move is in check after `moves`."""
    _no960(chess960)
    return _fairyc.ffish_gives_check(variant, fen, _moves(moves))


def is_capture(variant: str, fen: str, moves: Sequence[str], move: str, chess960: bool = False) -> bool:
    """Whether `move` takes a piece after `moves` (en passant included)."""
    _no960(chess960)
    return _fairyc.ffish_is_capture(variant, fen, _moves(moves), move)


def game_result(variant: str, fen: str, moves: Sequence[str], chess960: bool = False) -> int:
    """The value of a game the position's rules have ended (a goal,
    checkmate, stalemate, ...) for the side to move; `VALUE_DRAW` while it
    goes on."""
    _no960(chess960)
    return _fairyc.ffish_game_result(variant, fen, _moves(moves))


def is_immediate_game_end(
    variant: str, fen: str, moves: Sequence[str], chess960: bool = False
) -> Tuple[bool, int]:
    """(ended, value): whether a rule decided by the position before any
    move is generated ended the game (a goal reached, extinction, checks
    given, a bare king)."""
    _no960(chess960)
    return _fairyc.ffish_is_immediate_game_end(variant, fen, _moves(moves))


def is_optional_game_end(
    variant: str,
    fen: str,
    moves: Sequence[str],
    chess960: bool = False,
    countStarted: int = 0,  # noqa: N803
) -> Tuple[bool, int]:
    """(ended, value): whether the side to move may claim a repetition
    over `moves` (as the variant's `claim` says), or the game ended by its
    history or clocks (repetition, the move limit, a count) while the
    position itself goes on."""
    _no960(chess960)
    if countStarted:
        raise FairycError("fairyc.ffish.is_optional_game_end: countStarted is not supported")
    return _fairyc.ffish_is_optional_game_end(variant, fen, _moves(moves))


def validate_fen(fen: str, variant: str, chess960: bool = False) -> int:
    """`FEN_OK` if fairyc reads `fen` as a legal position of the variant,
    else `FEN_INVALID` (`fen_error` says why)."""
    _no960(chess960)
    return FEN_OK if _fairyc.ffish_fen_error(variant, fen) is None else FEN_INVALID


def fen_error(fen: str, variant: str) -> Optional[str]:
    """Why fairyc refuses `fen` for the variant, or None."""
    return _fairyc.ffish_fen_error(variant, fen)


def load_variant_config(source: str) -> str:
    """Compiles a `.variant` source (its diagnostics in a `CompileError`
    otherwise) and makes it playable by its name (lower case), which is
    returned."""
    if source.lstrip().startswith("["):
        raise FairycError(
            "fairyc.ffish.load_variant_config takes a .variant source; convert a "
            "variants.ini section with `fairyc import` first"
        )
    return _fairyc.ffish_load_variant_config(source)
