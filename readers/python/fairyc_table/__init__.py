"""fairyc_table: a reader of fairyc's move tables (docs/table-format.md).

    from fairyc_table import Table, parse_fen, legal_moves, play, perft, notation

    t = Table(open("chess.json").read())      # refuses a broken table (TableError)
    pos = parse_fen(t, t.start)               # refuses a broken FEN (TableError)
    moves = legal_moves(pos)                  # moves as tuples
    texts = sorted(notation(pos, m) for m in moves)   # ["a2a3", ...]
    child = play(pos, moves[0])               # a new position
    perft(pos, 3)                             # 8902

Standard library only; written from the documents, not from fairyc's code.
"""

from .reader import (  # noqa: F401
    Table,
    TableError,
    Unsupported,
    game_over,
    legal_moves,
    notation,
    parse_fen,
    perft,
    play,
)

__all__ = ["Table", "TableError", "Unsupported", "parse_fen", "legal_moves", "notation", "play", "perft", "game_over"]
