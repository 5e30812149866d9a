#!/usr/bin/env python3
"""Runs fairyc_table over the conformance kit (conformance/README.md).

    run_kit.py KIT_DIR [--only STEM,...] [--max-depth D]

For every variant of the kit: reads its table, and at every position of its
cases file checks the legal moves and the perft counts (up to --max-depth,
default all). Then checks that every broken table and every broken FEN is
refused. Prints one line per variant and a closing line
`N passed, N failed, N skipped`; exits 1 on any failure. A variant whose
rules the reader does not play (walls placed by moves, flips, lines of N,
drops that fall, capturers that turn into walls) is skipped, with the rule
named.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from fairyc_table import Table, TableError, Unsupported, legal_moves, notation, parse_fen, perft  # noqa: E402


def read_cases(path):
    """[(fen, moves, [(depth, count)])] of a cases file."""
    out = []
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if not line or line.startswith("#"):
            continue
        word, _, rest = line.partition(" ")
        if word == "fen":
            out.append((rest, None, []))
        elif word == "moves":
            parts = rest.split(" ")
            moves = parts[1:]
            assert int(parts[0]) == len(moves), "a moves line's count"
            out[-1] = (out[-1][0], moves, out[-1][2])
        elif word == "perft":
            d, n = rest.split(" ")
            out[-1][2].append((int(d), int(n)))
        else:
            raise ValueError("unknown line %r in %s" % (line, path))
    return out


def main(argv):
    kit = argv[1]
    only = None
    max_depth = 99
    args = argv[2:]
    while args:
        if args[0] == "--only":
            only = set(args[1].split(","))
            args = args[2:]
        elif args[0] == "--max-depth":
            max_depth = int(args[1])
            args = args[2:]
        else:
            raise SystemExit("unknown argument %s" % args[0])
    passed = failed = skipped = 0
    stems = sorted(f[:-5] for f in os.listdir(os.path.join(kit, "tables")) if f.endswith(".json"))
    tables = {}
    for stem in stems:
        if only and stem not in only:
            continue
        bad = []
        checks = 0
        with open(os.path.join(kit, "tables", stem + ".json"), encoding="utf-8") as f:
            text = f.read()
        try:
            t = Table(text)
        except Unsupported as e:
            print("%-20s skip (%s)" % (stem, e), flush=True)
            skipped += 1
            continue
        tables[stem] = t
        for fen, moves, counts in read_cases(os.path.join(kit, "cases", stem + ".txt")):
            pos = parse_fen(t, fen)
            got = sorted(notation(pos, m) for m in legal_moves(pos))
            checks += 1
            if got != moves:
                bad.append("moves at %s: missing %s, extra %s" % (
                    fen, sorted(set(moves) - set(got)), sorted(set(got) - set(moves))))
            for d, n in counts:
                if d > max_depth:
                    continue
                checks += 1
                c = perft(pos, d)
                if c != n:
                    bad.append("perft %d at %s: %d, the kit says %d" % (d, fen, c, n))
        print("%-20s %s %d checks" % (stem, "ok  " if not bad else "FAIL", checks), flush=True)
        for b in bad:
            print("    " + b)
        passed += checks - len(bad)
        failed += len(bad)
    # Refusals.
    ref = os.path.join(kit, "refusals")
    for line in open(os.path.join(ref, "tables.txt"), encoding="utf-8"):
        if line.startswith("#"):
            continue
        name = line.split("\t")[0]
        with open(os.path.join(ref, "tables", name), encoding="utf-8") as f:
            text = f.read()
        try:
            Table(text)
            print("refusal %-28s FAIL: the table reads" % name)
            failed += 1
        except TableError:
            passed += 1
    for line in open(os.path.join(ref, "fens.txt"), encoding="utf-8"):
        if line.startswith("#"):
            continue
        stem, fen = line.rstrip("\n").split("\t")[:2]
        if only and stem not in only:
            continue
        if stem not in tables:
            # A variant skipped above: its table is not played.
            skipped += 1
            continue
        t = tables.get(stem)
        try:
            parse_fen(t, fen)
            print("refusal %s %s FAIL: the FEN reads" % (stem, fen))
            failed += 1
        except TableError:
            passed += 1
    print("%d passed, %d failed, %d skipped" % (passed, failed, skipped))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
