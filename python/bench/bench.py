"""Benchmark of the fairyc wheel (python/bench/bench.py; docs/python.md).

Prints the Python perft speed as a ratio to the native command line
(`fairyc perft`, which prints its own time), and the cost of one
`legal_moves` call of fairyc.ffish next to pyffish's (when installed), at
the start position and after a few moves. Usage, from the repository root
after `cargo build --release -p fairyc` and installing the wheel:

    python python/bench/bench.py [--bin target/release/fairyc]
"""

from __future__ import annotations

import argparse
import re
import subprocess
import time

import fairyc
import fairyc.ffish as ff

PERFT = [("chess", 5), ("crazyhouse", 4), ("shogi", 4), ("xiangqi", 4)]
#: (variant, plies): the call after that many moves (each the first of the
#: sorted legal moves, which both modules list alike).
CALLS = [("chess", 0), ("chess", 6), ("crazyhouse", 6), ("shogi", 6), ("xiangqi", 6)]


def best(f, runs=3):
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        value = f()
        times.append(time.perf_counter() - t)
    return value, min(times)


def native_perft(binary, name, depth):
    def run():
        out = subprocess.run([binary, "perft", name, "--depth", str(depth)], capture_output=True, text=True, check=True)
        return int(re.search(r"nodes: (\d+)", out.stdout).group(1))

    return best(run)


def native_overhead(binary, name):
    """The command's time for perft 0: its start, the variant compiled."""
    return native_perft(binary, name, 0)[1]


def per_call(f, n=2000):
    f()
    t = time.perf_counter()
    for _ in range(n):
        f()
    return (time.perf_counter() - t) / n


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default="target/release/fairyc")
    args = parser.parse_args()
    print("perft: Python (fairyc wheel) against the native CLI, best of 3")
    print(f"{'variant':12} {'depth':>5} {'nodes':>10} {'python s':>9} {'native s':>9} {'ratio':>6}")
    for name, depth in PERFT:
        pos = fairyc.Position.start(fairyc.variant(name))
        nodes, py_s = best(lambda: pos.perft(depth))
        native_nodes, cli_s = native_perft(args.bin, name, depth)
        cli_s -= native_overhead(args.bin, name)
        assert nodes == native_nodes, (name, nodes, native_nodes)
        print(f"{name:12} {depth:>5} {nodes:>10} {py_s:>9.3f} {cli_s:>9.3f} {cli_s / py_s:>6.2f}")
    print("(native s: the command's time less its time for depth 0; ratio = native / Python:")
    print(" 1.0 is as fast, above 1 faster)")
    try:
        import pyffish as sf
    except ImportError:
        sf = None
    print("\nlegal_moves(variant, fen, moves): one call, microseconds")
    print(f"{'variant':12} {'moves':>5} {'fairyc.ffish':>12} {'pyffish':>9}")
    for name, plies in CALLS:
        fen = ff.start_fen(name)
        moves = []
        for _ in range(plies):
            moves.append(sorted(ff.legal_moves(name, fen, moves))[0])
        ours = per_call(lambda: ff.legal_moves(name, fen, moves)) * 1e6
        theirs = "-"
        if sf is not None and name in sf.variants():
            sfen = sf.start_fen(name)
            theirs = f"{per_call(lambda: sf.legal_moves(name, sfen, moves), 200) * 1e6:9.1f}"
        print(f"{name:12} {len(moves):>5} {ours:>12.1f} {theirs:>9}")


if __name__ == "__main__":
    main()
