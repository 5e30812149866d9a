#!/usr/bin/env python3
"""A current Fairy-Stockfish, spoken to over the few UCI commands the field
harness uses (tests/tests/field/main.rs, row key `engine=`).

Debian's Fairy-Stockfish 11.1 predates custom pieces (`customPiece1 = g:gQ`
and the like are ignored by it, and a FEN holding such a piece crashes it),
so it cannot play variants whose pieces are not among its built-in ones:
grasshopper chess, Berolina chess, Spartan chess. PyPI's `pyffish` (the
Fairy-Stockfish library, its version pinned in `.ci/run`) can, from a
variants.ini given as `VariantPath` as the engine takes it.

Commands: `uci`, `isready`, `setoption name VariantPath|UCI_Variant value X`,
`position startpos|fen FEN [moves M …]`, `d` (prints `Fen: …`), `go perft N`
(prints `move: count` lines and `Nodes searched: total`, as the engine
does), `quit`. Perft walks the legal moves `pyffish.legal_moves` gives,
from each position's FEN.

FEN dialect: the current engine writes the en-passant field of a variant
with custom pawns as every square its en-passant state holds, whether or not
a capture can use it (Berolina chess after `e2c4`: `d3c4`, the square passed
over and the pawn's). Fairy-Stockfish 11.1, and fairyc, write only the
square an en-passant capture can go to, `-` when none can. `d` prints the
FEN in 11.1's dialect: the field keeps the empty squares on which a legal
capture of the position lands (a capture onto an empty square is en
passant). The engine's own FEN is remembered for each FEN printed, and a
later `position fen` of that FEN plays from it, so nothing is lost. A FEN
of the old dialect that it did not print is read by the engine as it is,
and the engine misreads a Berolina en-passant square alone (its capture
then takes a piece elsewhere), so fixed FENs of such variants hold no
en-passant square.
"""

import sys

import pyffish as sf


def perft(variant, fen, depth):
    moves = sf.legal_moves(variant, fen, [])
    if depth <= 1:
        return len(moves)
    if depth == 2:
        # The moves after each move, without writing its FEN first.
        return sum(len(sf.legal_moves(variant, fen, [m])) for m in moves)
    return sum(perft(variant, sf.get_fen(variant, fen, [m]), depth - 1) for m in moves)


def old_dialect(variant, fen):
    """`fen` with its en-passant field as Fairy-Stockfish 11.1 writes it."""
    fields = fen.split(" ")
    if len(fields) < 4 or fields[3] == "-":
        return fen
    ep = fields[3]
    squares = [ep[i : i + 2] for i in range(0, len(ep), 2)]
    keep = []
    for m in sf.legal_moves(variant, fen, []):
        to = m[2:4]
        if to in squares and to not in keep and sf.is_capture(variant, fen, [], m):
            if not occupied(fields[0], to):
                keep.append(to)
    fields[3] = "".join(keep) or "-"
    return " ".join(fields)


def occupied(board, square):
    """Whether the placement field `board` (8 ranks or fewer, no holdings
    past a `[`) has a piece on `square`."""
    rows = board.split("[")[0].split("/")
    f = ord(square[0]) - ord("a")
    r = int(square[1:])
    row = rows[len(rows) - r]
    x = 0
    i = 0
    while i < len(row):
        c = row[i]
        if c.isdigit():
            j = i
            while j < len(row) and row[j].isdigit():
                j += 1
            x += int(row[i:j])
            i = j
            continue
        if c in "+~":
            i += 1
            continue
        if x == f:
            return True
        x += 1
        i += 1
    return False


def main():
    variant = "chess"
    fen = None
    # The engine's FEN of each FEN `d` printed in the old dialect.
    seen = {}
    out = sys.stdout
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        cmd = words[0]
        if cmd == "uci":
            print("id name pyffish %d.%d.%d" % sf.version(), file=out)
            print("uciok", file=out)
        elif cmd == "isready":
            print("readyok", file=out)
        elif cmd == "setoption" and len(words) >= 5 and words[1] == "name":
            name, value = words[2], " ".join(words[4:])
            if name == "VariantPath":
                with open(value, encoding="utf-8") as f:
                    sf.load_variant_config(f.read())
            elif name == "UCI_Variant":
                variant = value
        elif cmd == "position":
            rest = words[1:]
            moves = []
            if "moves" in rest:
                i = rest.index("moves")
                rest, moves = rest[:i], rest[i + 1 :]
            if rest and rest[0] == "startpos":
                base = sf.start_fen(variant)
            else:
                base = " ".join(rest[1:])
                base = seen.get(base, base)
            fen = sf.get_fen(variant, base, moves)
        elif cmd == "d":
            current = fen or sf.start_fen(variant)
            old = old_dialect(variant, current)
            seen[old] = current
            print("Fen: " + old, file=out)
        elif cmd == "go" and len(words) == 3 and words[1] == "perft":
            depth = int(words[2])
            start = fen or sf.start_fen(variant)
            total = 0
            for m in sf.legal_moves(variant, start, []):
                if depth <= 1:
                    n = 1
                elif depth == 2:
                    n = len(sf.legal_moves(variant, start, [m]))
                else:
                    n = perft(variant, sf.get_fen(variant, start, [m]), depth - 1)
                total += n
                print("%s: %d" % (m, n), file=out)
            print("", file=out)
            print("Nodes searched: %d" % total, file=out)
        elif cmd == "quit":
            break
        out.flush()


if __name__ == "__main__":
    main()
