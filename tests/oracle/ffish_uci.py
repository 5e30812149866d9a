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
`position startpos|fen FEN [moves M …]`, `d` (prints `Fen: …`), `san M …`
(prints `san: S …`, each move's SAN from the current position, in
Fairy-Stockfish's SAN notation, king-takes-rook castling read when
`setoption name UCI_Chess960 value true` was given), `go perft N`
(prints `move: count` lines and `Nodes searched: total`, as the engine
does), `quit`. Perft walks the legal moves `pyffish.legal_moves` gives,
from each position's FEN.

FEN dialect: the current engine writes the en-passant field of a variant
with custom pawns as every square its en-passant state holds, whether or not
a capture can use it (Berolina chess after `e2c4`: `d3c4`, the square passed
over and the pawn's). Fairy-Stockfish 11.1 and fairyc write only the
squares an en-passant capture can go to (fairyc: both of a triple step's
when both can be, one after another, in square-number order), `-` when
none can. `d` prints the FEN in
that dialect: the field keeps the empty squares on which a legal capture of
the position lands (a capture onto an empty square is en passant), and with
them the occupied square the engine lists (the pawn's own, which fairyc
writes only where the squares passed leave the victim in doubt: the harness
compares such FENs as fairyc reads them), ordered by rank, then file. The engine's own FEN is remembered for each FEN printed, and a
later `position fen` of that FEN plays from it, so nothing is lost. A FEN
of the old dialect that it did not print is read by the engine as it is,
and the engine misreads a Berolina en-passant square alone (its capture
then takes a piece elsewhere), so fixed FENs of such variants hold no
en-passant square.

Perft from Python costs about 1.5 ms a position that is not a leaf (each
`pyffish` call sets the variant up again). With `FAIRYC_FSF_CURRENT` set to
the UCI engine built from the same pyffish release's source
(tests/oracle/build_current_engine.sh, which CI runs), `go perft` is handed
to that engine instead: the same program, given the same variants.ini, the
same variant and the engine's own FEN of the position. The engine's VERSION
file, written beside it by the build, must name the imported module's
version, or this script stops with an error.
"""

import os
import subprocess
import sys

import pyffish as sf


class Native:
    """The engine built from pyffish's own source, for `go perft`."""

    def __init__(self, path):
        stamp = os.path.join(os.path.dirname(path), "VERSION")
        wanted = "%d.%d.%d" % sf.version()
        try:
            with open(stamp, encoding="utf-8") as f:
                built = f.read().strip()
        except OSError as e:
            sys.exit("FAIRYC_FSF_CURRENT=%s: cannot read %s: %s" % (path, stamp, e))
        if built != wanted:
            sys.exit("FAIRYC_FSF_CURRENT=%s was built from pyffish %s, not %s" % (path, built, wanted))
        self.proc = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("uci")
        self.until("uciok")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def until(self, prefix):
        """The lines the engine prints up to one that starts with `prefix`."""
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                sys.exit("the native engine ended while " + prefix + " was awaited")
            line = line.rstrip("\n")
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def option(self, name, value):
        self.send("setoption name %s value %s" % (name, value))
        self.send("isready")
        self.until("readyok")

    def perft(self, fen, depth):
        """(move, count) pairs and the total, as the engine prints them."""
        self.send("position fen " + fen)
        self.send("go perft %d" % depth)
        counts = []
        for line in self.until("Nodes searched:"):
            move, colon, n = line.partition(": ")
            if colon and n.isdigit() and " " not in move:
                counts.append((move, int(n)))
        return counts, int(line.split(":")[1])

    def quit(self):
        self.send("quit")
        self.proc.wait()


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
    # The pawn's own square, which the engine lists with the squares it
    # passed, tells which pawn an en-passant capture takes.
    if keep:
        keep += [s for s in squares if occupied(fields[0], s)]
    keep.sort(key=lambda s: (int(s[1:]), s[0]))
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
    chess960 = False
    fen = None
    history = (None, [])
    # The engine's FEN of each FEN `d` printed in the old dialect.
    seen = {}
    out = sys.stdout
    native_path = os.environ.get("FAIRYC_FSF_CURRENT")
    native = Native(native_path) if native_path else None
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
            elif name == "UCI_Chess960":
                chess960 = value == "true"
            if native and name in ("VariantPath", "UCI_Variant", "UCI_Chess960"):
                native.option(name, value)
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
            history = (base, moves)
        elif cmd == "d":
            current = fen or sf.start_fen(variant)
            old = old_dialect(variant, current)
            seen[old] = current
            print("Fen: " + old, file=out)
        elif cmd == "result":
            # The game's end as the engine judges it after the moves of the
            # last `position` (a repetition needs them): `result <immediate>
            # <value> <optional> <value> <legal moves>`, each value from the
            # side to move's view (positive: it wins; 0: a draw).
            base, moves = history
            base = base or sf.start_fen(variant)
            imm, imm_value = sf.is_immediate_game_end(variant, base, moves, chess960)
            opt, opt_value = sf.is_optional_game_end(variant, base, moves, chess960)
            legal = len(sf.legal_moves(variant, base, moves, chess960))
            if legal == 0 and not imm:
                imm_value = sf.game_result(variant, base, moves, chess960)
            print("result %d %d %d %d %d" % (imm, imm_value, opt, opt_value, legal), file=out)
        elif cmd == "san":
            current = fen or sf.start_fen(variant)
            sans = [sf.get_san(variant, current, m, chess960, sf.NOTATION_SAN) for m in words[1:]]
            print("san: " + " ".join(sans), file=out)
        elif cmd == "go" and len(words) == 3 and words[1] == "perft":
            depth = int(words[2])
            start = fen or sf.start_fen(variant)
            if native:
                counts, total = native.perft(start, depth)
                for m, n in counts:
                    print("%s: %d" % (m, n), file=out)
                print("", file=out)
                print("Nodes searched: %d" % total, file=out)
                out.flush()
                continue
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
    if native:
        native.quit()


if __name__ == "__main__":
    main()
