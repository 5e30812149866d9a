#!/usr/bin/env python3
"""An independent perft for tests/data/legs/lions.variant (issue 19).

Written from the rules, not from fairyc's tables: a 6x6 board with kings
(`K`), pawns (`mfW cfF`, no promotion) and Chu shogi's lion as XBetza
writes it, `KNAD caK mcabK`:

- KNAD: a leap to any square at most two squares away (Chebyshev distance 1
  or 2), onto an empty square or an enemy piece;
- caK: capture an enemy piece on an adjacent square X, then make one more
  king step from X: back to the start (igui: the lion captured without
  moving), onto an empty square, or onto an enemy piece (double capture);
- mcabK: step onto an adjacent square X that is empty or holds an enemy
  (captured), then step straight back: with X empty the lion passes, with
  X an enemy it is igui again (the same move as above, counted once).

A move is legal when the mover's king is not attacked afterwards; a square
is attacked when some enemy move (lion legs included) captures on it.
Moves are (from, via, to); perft counts leaves to the given depth.

Usage: lion_perft.py FEN DEPTH [DEPTH ...]  ->  one "perft D N" line each.
"""

import sys

N = 6
KING8 = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]
LEAPS = [(dx, dy) for dx in range(-2, 3) for dy in range(-2, 3) if (dx, dy) != (0, 0)]


def parse(fen):
    rows, turn = fen.split()[:2]
    board = {}
    for i, row in enumerate(rows.split("/")):
        y = N - 1 - i
        x = 0
        for ch in row:
            if ch.isdigit():
                x += int(ch)
            else:
                board[(x, y)] = ("w" if ch.isupper() else "b", ch.upper())
                x += 1
    return board, turn


def on(c):
    return 0 <= c[0] < N and 0 <= c[1] < N


def pseudo(board, side):
    out = set()
    enemy = "b" if side == "w" else "w"
    for s, (col, kind) in list(board.items()):
        if col != side:
            continue
        def free_or_enemy(t):
            return on(t) and (t not in board or board[t][0] == enemy)
        if kind == "K":
            for d in KING8:
                t = (s[0] + d[0], s[1] + d[1])
                if free_or_enemy(t):
                    out.add((s, None, t))
        elif kind == "P":
            f = 1 if side == "w" else -1
            t = (s[0], s[1] + f)
            if on(t) and t not in board:
                out.add((s, None, t))
            for dx in (-1, 1):
                t = (s[0] + dx, s[1] + f)
                if on(t) and t in board and board[t][0] == enemy:
                    out.add((s, None, t))
        elif kind == "L":
            for d in LEAPS:
                t = (s[0] + d[0], s[1] + d[1])
                if free_or_enemy(t):
                    out.add((s, None, t))
            for d in KING8:
                x = (s[0] + d[0], s[1] + d[1])
                if not on(x):
                    continue
                if x in board and board[x][0] == enemy:
                    # caK: then any king step from x.
                    for e in KING8:
                        y = (x[0] + e[0], x[1] + e[1])
                        if y == s:
                            out.add((s, x, s))
                        elif free_or_enemy(y):
                            out.add((s, x, y))
                elif x not in board:
                    # mcabK with x empty: out and back, a pass.
                    out.add((s, None, s))
    return out


def play(board, m):
    s, via, t = m
    b = dict(board)
    piece = b.pop(s)
    if via is not None:
        del b[via]
    b[t] = piece
    return b


def attacked(board, sq, by):
    for s, via, t in pseudo(board, by):
        if via == sq or (t == sq and t != s):
            return True
    return False


def legal(board, side):
    enemy = "b" if side == "w" else "w"
    out = []
    for m in pseudo(board, side):
        b = play(board, m)
        kings = [s for s, (c, k) in b.items() if c == side and k == "K"]
        if all(not attacked(b, k, enemy) for k in kings):
            out.append(m)
    return out


def perft(board, side, depth):
    moves = legal(board, side)
    if depth == 1:
        return len(moves)
    other = "b" if side == "w" else "w"
    return sum(perft(play(board, m), other, depth - 1) for m in moves)


def main():
    board, turn = parse(sys.argv[1])
    for d in sys.argv[2:]:
        print("perft", d, perft(board, turn, int(d)))


if __name__ == "__main__":
    main()
