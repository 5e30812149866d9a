"""The Python API on each of the four seeds and a shogi, xiangqi and makruk
variant, compared with the native `fairyc` command line."""

from __future__ import annotations

import copy
import random
import threading

import pytest

import fairyc
from conftest import ROOT, run

NAMES = ["crazyhouse", "crazy-elephant", "hans-38special", "crazy-38s", "shogi", "xiangqi", "makruk"]


@pytest.fixture(scope="module", params=NAMES)
def variant(request):
    return fairyc.variant(request.param)


def walk(pos: fairyc.Position, plies: int, seed: int = 1) -> None:
    """Plays `plies` seeded random moves (fewer if the game ends)."""
    rng = random.Random(seed)
    for _ in range(plies):
        moves = pos.legal_moves()
        if not moves:
            return
        pos.push(rng.choice(moves))


def test_variants_lists_the_shipped_files():
    listed = fairyc.variants()
    stems = sorted(p.stem for p in (ROOT / "variants").glob("*.variant"))
    assert sorted(v.stem for v in listed) == stems
    zh = next(v for v in listed if v.stem == "crazyhouse")
    assert zh.name == "Crazyhouse"
    aliased = [v for v in listed if v.aliases]
    assert aliased
    for v in aliased:
        assert fairyc.variant(v.aliases[0].upper()).name == v.name
    assert fairyc.variant_source("crazyhouse") == (ROOT / "variants" / "crazyhouse.variant").read_text()


def test_start_fen_and_moves_equal_the_cli(variant, fairyc_bin):
    stem = next(v.stem for v in fairyc.variants() if v.name == variant.name)
    pos = fairyc.Position.start(variant)
    assert pos.fen() == variant.start_fen
    for seed in range(6):
        native = run(fairyc_bin, "moves", stem, "--fen", pos.fen()).stdout.split()
        assert pos.legal_moves() == native
        walk(pos, 3, seed)
        # The command line sees the position alone: no history.
        pos = fairyc.Position.from_fen(variant, pos.fen())


def test_perft_equals_the_cli(variant, fairyc_bin):
    stem = next(v.stem for v in fairyc.variants() if v.name == variant.name)
    pos = fairyc.Position.start(variant)
    walk(pos, 4)
    for depth in (1, 2, 3):
        native = run(fairyc_bin, "perft", stem, "--depth", str(depth), "--fen", pos.fen()).stdout
        assert f"nodes: {pos.perft(depth)}" in native.splitlines()
    divided = pos.divide(2)
    assert [m for m, _ in divided] == pos.legal_moves()
    assert sum(n for _, n in divided) == pos.perft(2)


def test_push_pop_play_copy_and_fen_round_trip(variant):
    pos = fairyc.Position.start(variant)
    start = pos.fen()
    first = pos.legal_moves()[0]
    after = pos.play(first)
    assert pos.fen() == start and after.fen() != start
    pos.push(first)
    assert pos.fen() == after.fen()
    assert pos.move_stack == [first]
    twin = copy.copy(pos)
    assert twin.fen() == pos.fen() and twin.move_stack == [first]
    assert pos.pop() == first
    assert pos.fen() == start and pos.pop() is None
    assert twin.move_stack == [first]
    walk(pos, 7)
    again = fairyc.Position.from_fen(variant, pos.fen())
    assert again.fen() == pos.fen()
    assert again.legal_moves() == pos.legal_moves()
    assert pos.turn in ("white", "black")
    assert pos.variant_name == variant.name


def test_table_round_trip_plays_the_same(variant, fairyc_bin, tmp_path):
    stem = next(v.stem for v in fairyc.variants() if v.name == variant.name)
    table = variant.table_json()
    native = run(fairyc_bin, "compile", stem).stdout
    assert table.strip() == native.strip()
    loaded = fairyc.Variant.from_table(table)
    a, b = fairyc.Position.start(variant), fairyc.Position.start(loaded)
    walk(a, 5)
    walk(b, 5)
    assert a.fen() == b.fen() and a.perft(2) == b.perft(2)
    assert [n for n, _ in loaded.pieces()] == [n for n, _ in variant.pieces()]
    assert loaded.squares() == variant.squares()


def test_hands_after_a_capture_in_crazyhouse():
    pos = fairyc.Position.start(fairyc.variant("crazyhouse"))
    for m in ["e2e4", "d7d5", "e4d5"]:
        pos.push(m)
    assert pos.hands() == {"white": {"P": 1}, "black": {}}
    assert any(m.startswith("P@") for m in pos.play("d8d5").legal_moves())


def test_check_and_outcome():
    pos = fairyc.Position.start(fairyc.variant("chess"))
    for m in ["f2f3", "e7e5", "g2g4"]:
        pos.push(m)
    assert not pos.is_check() and pos.outcome() is None and not pos.is_game_over()
    pos.push("d8h4")
    assert pos.is_check() and pos.is_game_over()
    out = pos.outcome()
    assert (out.winner, out.score, out.reason) == ("black", "0-1", "checkmate")
    assert pos.legal_moves() == []
    with pytest.raises(fairyc.IllegalMoveError):
        pos.push("e2e4")


def test_repetition_ends_a_xiangqi_game_or_not_as_the_cli(fairyc_bin):
    pos = fairyc.Position.start(fairyc.variant("xiangqi"))
    for _ in range(3):
        for m in ["b1c3", "b10c8", "c3b1", "c8b10"]:
            if pos.is_game_over():
                break
            pos.push(m)
    native = run(fairyc_bin, "moves", "xiangqi", "--fen", pos.fen()).stdout.split()
    # The CLI sees the position alone; the history may have ended the game.
    assert pos.is_game_over() or pos.legal_moves() == native


def test_export_equals_the_cli(fairyc_bin):
    source = fairyc.variant_source("chess")
    ours = fairyc.compile(source).export_fsf("fairyc-chess")
    native = run(fairyc_bin, "export", "--to", "fairy-stockfish", "variants/chess.variant").stdout
    assert ours.strip() == native.strip()
    assert fairyc.export_fsf(source, "fairyc-chess") == ours


def test_perft_releases_the_gil():
    pos = fairyc.Position.start(fairyc.variant("chess"))
    started = threading.Event()
    result = []

    def work():
        started.set()
        result.append(pos.perft(5))

    t = threading.Thread(target=work)
    t.start()
    started.wait()
    spins = 0
    while t.is_alive():
        spins += 1
    t.join()
    assert result == [4865609]
    # With the GIL held through perft, this thread could not have run.
    assert spins > 1000
