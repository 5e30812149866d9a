"""Bad input raises an exception of fairyc's (never a crash or a hang)."""

from __future__ import annotations

import pytest

import fairyc
import fairyc.ffish as ff

BAD_FENS = [
    "",
    "not a fen",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
    "rnbqkbnr/pppppppp/99999999999999999999/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "8/8/8/8/8/8/8/8 w - - 0 1",
    "kkkkkkkk/8/8/8/8/8/8/KKKKKKKK w - - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[ZZ] w KQkq - 0 1",
    "♜♞♝/8 w - - 0 1",
    "x" * 100000,
]


@pytest.mark.parametrize("fen", BAD_FENS, ids=range(len(BAD_FENS)))
def test_bad_fen(fen):
    chess = fairyc.variant("chess")
    with pytest.raises(fairyc.FenError):
        fairyc.Position.from_fen(chess, fen)
    with pytest.raises(fairyc.FenError):
        ff.legal_moves("chess", fen or "-", [])
    assert ff.validate_fen(fen, "chess") == ff.FEN_INVALID
    assert ff.fen_error(fen, "chess")


def test_valid_fen():
    assert ff.validate_fen(ff.start_fen("chess"), "chess") == ff.FEN_OK


@pytest.mark.parametrize("move", ["e2e5", "", "zz", "e2", "P@e4", "d4d5", "e2e4e5e6", "é2é4"])
def test_illegal_move(move):
    pos = fairyc.Position.start(fairyc.variant("chess"))
    pos.push("d2d4")
    pos.push("d7d5")
    before = pos.fen()
    with pytest.raises(fairyc.IllegalMoveError):
        pos.push(move)
    assert pos.move_stack == ["d2d4", "d7d5"] and pos.fen() == before
    with pytest.raises(fairyc.IllegalMoveError):
        ff.get_fen("chess", ff.start_fen("chess"), ["d2d4", "d7d5", move])


def test_unknown_variant_says_did_you_mean():
    with pytest.raises(fairyc.UnknownVariantError) as e:
        fairyc.variant("crazyhose")
    assert "crazyhouse" in str(e.value)
    with pytest.raises(KeyError):
        ff.start_fen("no-such-variant")


@pytest.mark.parametrize("text", ["", "{", "[]", '{"format": 99}', "null", "x" * 10000])
def test_bad_table(text):
    with pytest.raises(fairyc.TableError):
        fairyc.Variant.from_table(text)


def test_broken_table_of_a_real_variant():
    table = fairyc.variant("chess").table_json()
    with pytest.raises(fairyc.TableError):
        fairyc.Variant.from_table(table.replace('"squares"', '"squarez"', 1))


def test_export_refusal_carries_diagnostics():
    with pytest.raises(fairyc.ExportError):
        fairyc.export_fsf(fairyc.variant_source("chess"), "bad name!")
    with pytest.raises(fairyc.ExportError):
        fairyc.Variant.from_table(fairyc.variant("chess").table_json()).export_fsf()
    with pytest.raises(fairyc.CompileError):
        fairyc.compile("variant")


def test_ffish_refusals_and_load_variant_config():
    with pytest.raises(fairyc.FairycError):
        ff.legal_moves("chess", ff.start_fen("chess"), [], True)
    with pytest.raises(TypeError):
        ff.legal_moves("chess", ff.start_fen("chess"), "e2e4")
    with pytest.raises(fairyc.FairycError):
        ff.load_variant_config("[mychess:chess]\nmaxRank = 8\n")
    with pytest.raises(fairyc.CompileError):
        ff.load_variant_config("variant { oops")
    source = fairyc.variant_source("makruk").replace('variant "Makruk"', 'variant "My Makruk"', 1)
    assert 'variant "My Makruk"' in source
    name = ff.load_variant_config(source)
    assert name == "my makruk" and name in ff.variants()
    assert ff.legal_moves(name, ff.start_fen(name), []) == ff.legal_moves("makruk", ff.start_fen("makruk"), [])
