"""fairyc.ffish against pyffish 0.0.90 itself, on every variant both know
(a pyffish variant name that is one of fairyc's shipped stems).

Along 20 seeded random games of each (10 plies; a pyffish call costs
milliseconds, so the games are short to keep the test within minutes):
the legal moves after every ply, the FEN and the check status at the middle
and the end, the immediate game end at the end, and the game result where
the game has ended, all equal. Each engine replays the game from its own
start FEN. FENs are compared up to the dialect of the current
Fairy-Stockfish, which fairyc does not write (fairyc writes 11.1's, the
engine its field is compared with, docs/field.md):

- pieces in hand in another order, and `[-]` for empty hands;
- no castling and en-passant fields in shogi-like and breakthrough-like
  variants (`w 0 1`);
- the castling field of gating variants (seirawan, shouse) without the
  files the `K`/`Q` rights imply already: theirs is a subset of ours;
- every en-passant square of a custom pawn, usable or not (berolina,
  wolf): ours is a subset of theirs;
- a drop or a shogi-style promotion (`+`) resets the half-move clock in
  the current engine, not in 11.1 (tests/data/field/current.txt): once a
  game has had one, the clock is not compared.

Where the field compares a variant with Fairy-Stockfish through a test-only
file (`ours=` in tests/data/field/*.txt: a shipped file that plays the real
rule where the engine differs, documented in that file), that file is
loaded with `load_variant_config` and compared instead.

Ended positions are compared one by one in test_results_of_ended_games.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Dict, List

import pytest

import fairyc.ffish as ff

sf = pytest.importorskip("pyffish")

GAMES = 20
PLIES = 10

BOTH = sorted(set(sf.variants()) & set(ff.variants()))

#: Variants where the current engine plays otherwise than Fairy-Stockfish
#: 11.1 (Debian's /usr/games/fairy-stockfish, which the field compares
#: fairyc with) and fairyc.
CURRENT_ENGINE_DIFFERS = {
    # After `b1c2` the current engine lets the black lion step next to the
    # white one (`b4c3`) and then does not list its capture; 11.1 lists
    # b3b2, a4a3, b4a3 (perft 1 = 3), as fairyc does.
    "dobutsu": "a lion may step into attack (b1c2 b4c3)",
}
ROOT = Path(__file__).resolve().parents[2]


def field_files() -> Dict[str, Path]:
    """The field's test-only files by Fairy-Stockfish name."""
    files = {}
    for rows in sorted((ROOT / "tests" / "data" / "field").glob("*.txt")):
        for line in rows.read_text().splitlines():
            words = line.split("#")[0].split()
            ours = [w[5:] for w in words if w.startswith("ours=")]
            if len(words) >= 2 and ours:
                files[words[1]] = ROOT / ours[0]
    return files


FIELD_FILES = field_files()


def ours_name(name: str) -> str:
    """The name fairyc.ffish plays `name` under: the field's file if any."""
    if name in FIELD_FILES:
        return ff.load_variant_config(FIELD_FILES[name].read_text())
    return name


def fields(fen: str) -> List[str]:
    parts = fen.split()
    if len(parts) == 4:  # `board turn halfmove fullmove`
        parts = [parts[0], parts[1], "-", "-", parts[2], parts[3]]
    board = parts[0].replace("[-]", "[]")
    o, c = board.find("["), board.find("]")
    if 0 <= o < c:
        board = board[: o + 1] + "".join(sorted(board[o + 1 : c])) + board[c:]
    return [board] + parts[1:]


def squares(ep: str) -> set:
    return set() if ep == "-" else {ep[i : i + 2] for i in range(0, len(ep), 2)}


def has_check_counts(parts: List[str]) -> bool:
    """Whether a FEN's fields hold the checks given (`1+1`) after the en
    passant square."""
    return len(parts) == 7 and re.fullmatch(r"\d+\+\d+", parts[4]) is not None


def same_position(ours: str, theirs: str, dropped: bool) -> bool:
    a, b = fields(ours), fields(theirs)
    if has_check_counts(a) and not has_check_counts(b):
        # A variant's start FEN in Fairy-Stockfish may leave the checks
        # out (checkshogi's); its FENs of positions write them, as fairyc does.
        a = a[:4] + a[5:]
    if len(a) != len(b) or a[:2] != b[:2] or a[5:] != b[5:]:
        return False
    if not set(b[2].replace("-", "")) <= set(a[2].replace("-", "")):
        return False
    if not squares(a[3]) <= squares(b[3]):
        return False
    return dropped or a[4] == b[4]


def same_end(ours, theirs) -> bool:
    """The same (ended, value) of `is_immediate_game_end`; pyffish's value
    means nothing when the game has not ended."""
    return ours == theirs if theirs[0] else not ours[0]


def test_the_field_files_are_found():
    assert {"shogi", "dobutsu", "judkins"} <= set(FIELD_FILES)
    assert all(p.exists() for p in FIELD_FILES.values())


def test_the_current_engine_still_differs_where_listed():
    # If pyffish changes, the list above must change with it.
    f = sf.start_fen("dobutsu")
    assert "b4c3" in sf.legal_moves("dobutsu", f, ["b1c2"])
    assert "b4c3" not in ff.legal_moves(ours_name("dobutsu"), ff.start_fen(ours_name("dobutsu")), ["b1c2"])


def test_both_know_many_variants():
    assert sf.version() == (0, 0, 90)
    assert len(BOTH) >= 80, BOTH


@pytest.mark.parametrize("name", [n for n in BOTH if n not in CURRENT_ENGINE_DIFFERS])
def test_same_as_pyffish(name):
    start = sf.start_fen(name)
    ours = ours_name(name)
    ours_start = ff.start_fen(ours)
    assert same_position(ours_start, start, False), (ours_start, start)
    for seed in range(GAMES):
        rng = random.Random(seed)
        played: List[str] = []
        for ply in range(PLIES + 1):
            where = f"{name} seed {seed} after {played}"
            theirs = sf.legal_moves(name, start, played)
            assert sorted(ff.legal_moves(ours, ours_start, played)) == sorted(theirs), where
            if ply in (PLIES // 2, PLIES) or not theirs:
                dropped = any("@" in m or m.endswith("+") for m in played)
                a, b = ff.get_fen(ours, ours_start, played), sf.get_fen(name, start, played)
                assert same_position(a, b, dropped), f"{where}: ours {a}, theirs {b}"
                assert ff.gives_check(ours, ours_start, played) == sf.gives_check(name, start, played), where
            if not theirs or ply == PLIES:
                break
            played.append(rng.choice(theirs))
        end = sf.is_immediate_game_end(name, start, played)
        assert same_end(ff.is_immediate_game_end(ours, ours_start, played), end), where
        if end[0] or not theirs:
            assert ff.game_result(ours, ours_start, played) == sf.game_result(name, start, played), where


#: Ended positions: (variant, FEN, moves) after which the game is over.
ENDED = [
    # checkmate (fool's mate), in chess and crazyhouse
    ("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", ["f2f3", "e7e5", "g2g4", "d8h4"]),
    ("crazyhouse", "", ["f2f3", "e7e5", "g2g4", "d8h4"]),
    # stalemate: a draw in chess, a loss in xiangqi, a win in antichess
    ("chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", []),
    ("xiangqi", "3k5/9/4R4/9/9/9/9/9/9/4K4 b - - 0 1", []),
    ("antichess", "8/8/8/8/8/p7/P7/8 w - - 0 1", []),
    # a goal: king of the hill
    ("kingofthehill", "rnbq1bnr/pppppppp/8/8/3k4/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", []),
    # checks: three-check
    ("3check", "rnbqkbnr/ppppp1pp/8/5p2/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1+1 0 2", ["d1h5"]),
    # bare king (shatranj), extinction
    ("shatranj", "8/8/8/3k4/8/8/8/R3K3 b - - 0 1", []),
    ("extinction", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w Qkq - 0 1", []),
    # a game that goes on, in makruk
    ("makruk", "", ["e3e4"]),
    # repetition: knights out and back twice
    ("chess", "", ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"]),
]


@pytest.mark.parametrize("name,fen,moves", ENDED)
def test_results_of_ended_games(name, fen, moves):
    theirs_start = fen or sf.start_fen(name)
    ours_start = fen or ff.start_fen(name)
    ours_moves = ff.legal_moves(name, ours_start, moves)
    theirs_moves = sf.legal_moves(name, theirs_start, moves)
    assert sorted(ours_moves) == sorted(theirs_moves)
    assert same_end(ff.is_immediate_game_end(name, ours_start, moves), sf.is_immediate_game_end(name, theirs_start, moves))
    if not theirs_moves or sf.is_immediate_game_end(name, theirs_start, moves)[0]:
        assert ff.game_result(name, ours_start, moves) == sf.game_result(name, theirs_start, moves)
    assert ff.gives_check(name, ours_start, moves) == sf.gives_check(name, theirs_start, moves)


def test_repetition_is_an_optional_end_as_in_pyffish():
    start = sf.start_fen("chess")
    dance = ["g1f3", "g8f6", "f3g1", "f6g8"]
    for n in (1, 2):
        moves = dance * n
        ours = ff.is_optional_game_end("chess", ff.start_fen("chess"), moves)
        assert same_end(ours, sf.is_optional_game_end("chess", start, moves)), moves
    assert ff.is_optional_game_end("chess", ff.start_fen("chess"), dance * 2)[0]
