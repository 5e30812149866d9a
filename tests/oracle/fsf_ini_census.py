#!/usr/bin/env python3
"""How much of a Fairy-Stockfish variants.ini fairyc imports and plays the
same (docs/import.md, "Fairy-Stockfish's own variants.ini").

    python3 tests/oracle/fsf_ini_census.py FAIRYC VARIANTS.INI [DEPTH] [--list]

imports every section with `FAIRYC import` (as a user would: the current
Fairy-Stockfish, the default target) into a temporary folder, then for each
section written compares `FAIRYC perft FILE --depth d` with pyffish loading
the same file (`pyffish.load_variant_config`) for d = 1 … DEPTH (3 by
default) on the start position; a depth is compared only while the count at
the depth before it is at most MAX_BELOW (pyffish's perft here costs a call
per node of the depth before: walls placed by moves, as amazons' arrows and
the duck, give thousands of moves a ply), and the sections cut so are
named. Prints one line per section and the totals:
sections, imported, same, different (named). Exit 0 always: this measures,
the tests assert (tests/tests/field/imported.rs).
"""

import os
import subprocess
import sys
import tempfile

import pyffish as sf

MAX_BELOW = 100000


def perft(variant, fen, depth, played=()):
    # The moves are played from the start FEN each time, not walked FEN to
    # FEN: a FEN forgets what the game's course decides (a pass before a
    # pass ends janggi's game, kings that faced before the last move).
    moves = sf.legal_moves(variant, fen, list(played))
    if depth <= 1:
        return len(moves)
    return sum(perft(variant, fen, depth - 1, (*played, m)) for m in moves)


def sections(text):
    names = []
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("[") and "]" in line:
            names.append(line[1 : line.index("]")].split(":")[0])
    return names


def stem(name):
    return "".join(c if c.isalnum() or c in "-_." else "-" for c in name)


def main():
    fairyc, ini = sys.argv[1], sys.argv[2]
    depth = int(sys.argv[3]) if len(sys.argv) > 3 and sys.argv[3].isdigit() else 3
    listing = "--list" in sys.argv
    with open(ini, encoding="utf-8") as f:
        text = f.read()
    sf.load_variant_config(text)
    known = set(sf.variants())
    names = sections(text)
    out = tempfile.mkdtemp(prefix="fsf-census-")
    subprocess.run(
        [fairyc, "import", ini, "-o", out, "--format", "json"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    imported = same = 0
    different = []
    cut = []
    for name in names:
        path = os.path.join(out, stem(name) + ".variant")
        if not os.path.exists(path):
            if listing:
                print("%-24s not imported" % name)
            continue
        imported += 1
        if name not in known:
            different.append((name, "pyffish does not load it"))
            continue
        ours, theirs = [], []
        for d in range(1, depth + 1):
            if theirs and theirs[-1] > MAX_BELOW:
                cut.append("%s (perft 1-%d)" % (name, d - 1))
                break
            r = subprocess.run(
                [fairyc, "perft", path, "--depth", str(d)],
                capture_output=True,
                text=True,
            )
            try:
                ours.append(int(r.stdout.split()[-1]))
            except (ValueError, IndexError):
                ours.append(None)
            theirs.append(perft(name, sf.start_fen(name), d))
            if ours[-1] != theirs[-1]:
                break
        if ours == theirs:
            same += 1
            if listing:
                print("%-24s same %s" % (name, theirs))
        else:
            different.append((name, "fairyc %s, Fairy-Stockfish %s" % (ours, theirs)))
    for name, why in different:
        print("%-24s DIFFERENT: %s" % (name, why))
    if cut:
        print("compared to a lower depth (more than %d nodes the depth before): %s" % (MAX_BELOW, ", ".join(cut)))
    print(
        "sections %d, imported %d, play the same (perft 1-%d) %d, different %d"
        % (len(names), imported, depth, same, len(different))
    )


if __name__ == "__main__":
    main()
