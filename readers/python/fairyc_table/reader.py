#!/usr/bin/env python3
"""An independent reader of fairyc's move tables (docs/table-format.md).

Written from docs/table-format.md and docs/board-model.md alone, with the
Python standard library only: it keeps the documents honest. It reads a
table JSON (refusing the tables and FENs the document says a reader must
refuse, as far as the conformance kit tests them), sets up a FEN, lists
legal moves, plays them and counts perft.

    reader.py TABLE.json DEPTH [FEN]      prints the perft count
    reader.py TABLE.json --moves [FEN]    prints the legal moves, one a line
    reader.py TABLE.json --batch          reads queries from standard input,
                                          one a line, and answers each in one line:
        perft DEPTH FEN   ->  the count
        moves FEN         ->  the legal moves, sorted, separated by spaces
"""

import json
import sys

WHITE, BLACK = 0, 1


def is_symbol(s):
    """One to three ASCII letters of one case, maybe followed by `'`."""
    body = s[:-1] if s.endswith("'") else s
    return (1 <= len(body) <= 3 and body.isascii() and body.isalpha()
            and (body.isupper() or body.islower()))


class TableError(ValueError):
    """A table or a FEN this reader refuses."""


class Unsupported(TableError):
    """A valid table whose rules this reader does not play (walls placed by
    moves, `walling`; conversion, `flipping` and the rules that go with
    it; lines of N, `end.lines`; drops that fall, `drops.falls`; capturers
    that turn into walls, `blast.petrify`): refused with the rule named."""


# The fields of each object (docs/table-format.md, "Field presence and
# defaults"): required ones, then optional ones.
FIELDS = {
    "table": ({"format", "parts"}, set()),
    "parts": ({"name", "board", "pieces", "end", "start"},
              {"promotions", "drops", "castling", "gating", "legality", "zones", "blast",
               "walling", "flipping"}),
    "board": ({"width", "height", "squares", "fen_rows", "forward"},
              {"holes", "walls", "files", "ranks", "wrap", "hex"}),
    "square": ({"name", "cells"}, set()),
    "zone": ({"name", "squares"}, set()),
    "piece": ({"name", "letter", "moves"},
              {"royal", "captured_as", "demotes_to", "plus", "synonym", "promotion_limit",
               "cannot_capture", "cannot_hop", "points", "notation"}),
    "path_object": ({"steps"},
                    {"role", "en_passant", "creates_en_passant", "friend_on", "hop",
                     "once", "not_in_check", "locust", "returns"}),
    "step_object": ({"to"}, {"block"}),
    "promotion": ({"piece", "zone", "choices"},
                  {"on", "optional", "capture_only", "forced", "turn"}),
    "turn_promotion": (set(), {"alone", "no_check", "no_attack"}),
    "drops": ({"forbidden", "no_mate"},
              {"supply", "per_file", "also_as", "per_colour", "must_drop",
               "royal_in_hand", "falls"}),
    "castling": ({"side", "fen", "king", "king_from", "king_to", "rook", "rook_from", "rook_to",
                  "empty", "safe"}, {"line", "by_drop", "ends"}),
    "gating": ({"piece", "squares"}, set()),
    "end": ({"checkmate", "stalemate"},
            {"repetition", "move_limit", "move_limit_points", "move_limit_claim", "resets_move_limit",
             "resets_on",
             "resets_irreversible", "bare_king",
             "reach", "check_count",
             "extinction", "counting", "double_pass", "facing", "komi", "draw_odds", "checkmate_by",
             "checkmate_needs", "full_board", "lines", "connections"}),
    "blast": ({"reach"}, {"immune", "spared", "petrify"}),
    "legality": (set(), {"giving_check", "capture_compulsory", "pass",
                         "fleeing_check_forbidden", "several_royals"}),
    "bare_king": ({"outcome"}, {"after_reply"}),
}

FORMAT = 5
# The oldest version read: version 4 spelt four choices of version 5 as
# flags, read by `upgrade` (docs/table-format.md, "Versioning").
OLDEST = 4
TRIGGERS = ("start", "end", "pass", "entry")
# The words of version 5's choices.
ROLES = ("move_or_capture", "quiet", "capture", "attack")
SUPPLIES = ("captures", "setup", "unlimited")
GIVING_CHECK = ("allowed", "forbidden", "forbidden_by_drop")
PASSES = ("never", "allowed", "when_stuck")


def upgrade(doc):
    """Turns a version-4 table's flags into version 5's fields, in place."""
    def newer(field):
        return TableError("%r is a field of format version 5; this table is version 4" % field)
    p = doc["parts"]
    for pc in p["pieces"]:
        for side in pc["moves"]:
            for paths in side:
                for path in paths:
                    if not isinstance(path, dict):
                        continue
                    if "role" in path:
                        raise newer("role")
                    quiet = path.pop("quiet", True)
                    capture = path.pop("capture", True)
                    if path.pop("attack_only", False):
                        path["role"] = "attack"
                    elif quiet and not capture:
                        path["role"] = "quiet"
                    elif capture and not quiet:
                        path["role"] = "capture"
                    elif not quiet:
                        raise TableError("a path with quiet and capture both false: "
                                         "version 5 has no such path")
    d = p.get("drops")
    if isinstance(d, dict):
        if "supply" in d:
            raise newer("supply")
        to_hand = d.pop("captures_to_hand", True)
        if d.pop("unlimited", False):
            d["supply"] = "unlimited"
        elif not to_hand:
            d["supply"] = "setup"
    leg = p.get("legality")
    if isinstance(leg, dict):
        if "giving_check" in leg:
            raise newer("giving_check")
        every = leg.pop("giving_check_forbidden", False)
        if leg.pop("drop_giving_check_forbidden", False) and not every:
            leg["giving_check"] = "forbidden_by_drop"
        if every:
            leg["giving_check"] = "forbidden"
        may_pass = leg.pop("pass", False)
        stuck = leg.pop("pass_when_stuck", False)
        if not isinstance(may_pass, bool):
            raise TableError("legality.pass is a boolean in format version 4")
        if may_pass and stuck:
            raise TableError("pass and pass_when_stuck together: version 5 has no such rule")
        if may_pass:
            leg["pass"] = "allowed"
        elif stuck:
            leg["pass"] = "when_stuck"


def check_fields(obj, kind, where):
    if not isinstance(obj, dict):
        raise TableError("%s: not an object" % where)
    required, optional = FIELDS[kind]
    for f in obj:
        if f not in required and f not in optional:
            raise TableError("%s: unknown field %r" % (where, f))
    for f in required:
        if f not in obj:
            raise TableError("%s: missing field %r" % (where, f))


def no_duplicate_keys(pairs):
    d = {}
    for k, v in pairs:
        if k in d:
            raise TableError("field %r given twice" % k)
        d[k] = v
    return d


def check_table(doc):
    """The table's shape and the invariants the kit's broken tables test."""
    check_fields(doc, "table", "table")
    fmt = doc["format"]
    if isinstance(fmt, int) and not isinstance(fmt, bool) and 1 <= fmt < OLDEST:
        raise TableError("table format %d is older than version %d, the oldest this reader reads"
                         % (fmt, OLDEST))
    if fmt not in (OLDEST, FORMAT) or isinstance(fmt, bool):
        raise TableError("unknown table format %r" % fmt)
    if fmt == OLDEST:
        upgrade(doc)
    p = doc["parts"]
    check_fields(p, "parts", "parts")
    b = p["board"]
    check_fields(b, "board", "board")
    for f in ("width", "height"):
        if not isinstance(b[f], int) or isinstance(b[f], bool) or not 1 <= b[f] <= 255:
            raise TableError("board.%s must be 1 to 255" % f)
    n = len(b["squares"])
    if not 1 <= n <= 1024:
        raise TableError("the board has %d squares" % n)
    names = set()
    cells = set()
    for i, sq in enumerate(b["squares"]):
        check_fields(sq, "square", "squares[%d]" % i)
        if not sq["name"] or sq["name"] in names:
            raise TableError("square %d: an empty or repeated name" % i)
        names.add(sq["name"])
        if not sq["cells"]:
            raise TableError("square %d covers no cell" % i)
        for c in sq["cells"]:
            if not (0 <= c[0] < b["width"] and 0 <= c[1] < b["height"]) or tuple(c) in cells:
                raise TableError("square %d: cell %r outside the grid or shared" % (i, c))
            cells.add(tuple(c))
    listed = [s for row in b["fen_rows"] for s in row]
    if sorted(listed) != list(range(n)):
        raise TableError("fen_rows does not list every square once")
    walls = b.get("walls", [])
    for k, w in enumerate(walls):
        if not (isinstance(w, list) and len(w) == 2 and 0 <= w[0] < len(b["fen_rows"])
                and 0 <= w[1] <= len(b["fen_rows"][w[0]]) and (k == 0 or walls[k - 1] <= w)):
            raise TableError("board.walls[%d] is no place in fen_rows, or out of order" % k)
    in_range = lambda s: isinstance(s, int) and not isinstance(s, bool) and 0 <= s < n
    pieces = p["pieces"]
    if not 1 <= len(pieces) <= 128:
        raise TableError("%d pieces" % len(pieces))
    np_ = len(pieces)
    piece_ok = lambda x: isinstance(x, int) and not isinstance(x, bool) and 0 <= x < np_
    for i, pc in enumerate(pieces):
        check_fields(pc, "piece", "pieces[%d]" % i)
        if len(pc["moves"]) != 2 or any(len(m) != n for m in pc["moves"]):
            raise TableError("pieces[%d].moves needs one entry per side and square" % i)
        for side in (0, 1):
            for s, paths in enumerate(pc["moves"][side]):
                for k, path in enumerate(paths):
                    where = "pieces[%d].moves[%d][%d][%d]" % (i, side, s, k)
                    if isinstance(path, dict):
                        check_fields(path, "path_object", where)
                        if path.get("role", "move_or_capture") not in ROLES:
                            raise TableError("%s: role %r" % (where, path["role"]))
                        steps = path["steps"]
                    else:
                        steps = path
                    if not isinstance(steps, list) or not steps:
                        raise TableError("%s has no steps" % where)
                    for st in steps:
                        if isinstance(st, dict):
                            check_fields(st, "step_object", where)
                            squares = [st["to"]] + list(st.get("block", []))
                        else:
                            squares = [st]
                        if not all(in_range(x) for x in squares):
                            raise TableError("%s: a square out of range" % where)
    for i, pc in enumerate(pieces):
        if pc.get("royal", "both") not in ("both", "white", "black"):
            raise TableError("pieces[%d].royal is %r" % (i, pc["royal"]))
        notation = pc.get("notation", "pawn")
        if isinstance(notation, dict):
            # {"as": q}: SAN writes it as piece q, which is another piece
            # written with its own symbol.
            q = notation.get("as")
            if (set(notation) != {"as"} or not isinstance(q, int) or isinstance(q, bool)
                    or not 0 <= q < len(pieces) or q == i
                    or pieces[q].get("notation", "piece") != "piece"):
                raise TableError("pieces[%d].notation is %r" % (i, notation))
        elif notation not in ("pawn", "piece"):
            raise TableError("pieces[%d].notation is %r" % (i, pc["notation"]))
    royal = ["royal" in pc for pc in pieces]
    leg = p.get("legality", {})
    if leg.get("several_royals", "all_attacked") not in ("all_attacked", "unprotected", "any_attacked"):
        raise TableError("legality.several_royals is %r" % leg["several_royals"])
    for i, r in enumerate(p.get("promotions", [])):
        check_fields(r, "promotion", "promotions[%d]" % i)
        # Only a compulsory rule may offer nothing (`Pawn -> none`).
        if not r["choices"] and ("turn" in r or r.get("optional", False)):
            raise TableError("promotions[%d] has no choices but is optional or a turn" % i)
        if "turn" in r:
            check_fields(r["turn"], "turn_promotion", "promotions[%d].turn" % i)
            for f in ("on", "optional", "capture_only", "forced"):
                if f in r:
                    raise TableError("promotions[%d]: a turn rule with %r" % (i, f))
            if any("hand" in c for c in r["choices"]):
                raise TableError("promotions[%d]: a turn rule with a hand choice" % i)
        on = r.get("on", ["end"])
        if (not isinstance(on, list) or not on or len(set(map(str, on))) != len(on)
                or any(t not in TRIGGERS for t in on)):
            raise TableError("promotions[%d].on is %r" % (i, on))
        mover = r.get("piece")
        mover_royal = piece_ok(mover) and royal[mover]
        for c in r["choices"]:
            q = c.get("piece", c.get("hand"))
            if not piece_ok(q):
                raise TableError("promotions[%d]: piece %r out of range" % (i, q))
            # A royal piece promotes only to a piece royal for the same
            # sides, on the board (its side keeps its one royal piece).
            if mover_royal and ("piece" not in c or not royal[q]
                                or pieces[q].get("royal") != pieces[mover].get("royal")):
                raise TableError("promotions[%d] promotes a royal piece to another kind" % i)
            if royal[q] and not mover_royal and "several_royals" not in leg:
                raise TableError("promotions[%d] promotes to a royal piece" % i)
    for i, c in enumerate(p.get("castling", [])):
        check_fields(c, "castling", "castling[%d]" % i)
        if c["side"] not in (0, 1):
            raise TableError("castling[%d]: side %r" % (i, c["side"]))
        if not c.get("line") and c["king_from"] == c["rook_from"]:
            raise TableError("castling[%d]: king and rook on one square" % i)
        letters = {o["fen"] for o in p.get("castling", [])}
        for e in c.get("ends", []):
            if e not in letters:
                raise TableError("castling[%d]: `ends` names %r, the letter of no rule" % (i, e))
    if p.get("drops") is not None:
        check_fields(p["drops"], "drops", "drops")
        if p["drops"].get("supply", "captures") not in SUPPLIES:
            raise TableError("drops.supply is %r" % p["drops"]["supply"])
    for i, g in enumerate(p.get("gating", [])):
        check_fields(g, "gating", "gating[%d]" % i)
    check_fields(p["end"], "end", "end")
    if p["end"].get("draw_odds", "white") not in ("white", "black"):
        raise TableError("end.draw_odds is %r" % p["end"]["draw_odds"])
    if p["end"]["stalemate"] not in ("win", "draw", "loss", "fewer_pieces", "points"):
        raise TableError("end.stalemate is %r" % p["end"]["stalemate"])
    if "bare_king" in p["end"]:
        check_fields(p["end"]["bare_king"], "bare_king", "end.bare_king")
    if "legality" in p:
        check_fields(p["legality"], "legality", "legality")
        if p["legality"].get("giving_check", "allowed") not in GIVING_CHECK:
            raise TableError("legality.giving_check is %r" % p["legality"]["giving_check"])
        if p["legality"].get("pass", "never") not in PASSES:
            raise TableError("legality.pass is %r" % p["legality"]["pass"])
    if "blast" in p:
        b = p["blast"]
        check_fields(b, "blast", "blast")
        if b.get("petrify"):
            raise Unsupported("blast.petrify (capturers that turn into walls) is not played by this reader")
        if len(b["reach"]) != len(p["board"]["squares"]):
            raise TableError("blast.reach: one list per square")
        if not all(in_range(x) for r in b["reach"] for x in r):
            raise TableError("blast.reach: a square out of range")
        if not all(piece_ok(x) for x in b.get("immune", []) + b.get("spared", [])):
            raise TableError("blast: a piece out of range")
    for i, z in enumerate(p.get("zones", [])):
        check_fields(z, "zone", "zones[%d]" % i)
    if "walling" in p:
        raise Unsupported("walling (walls placed by moves) is not played by this reader")
    if ("flipping" in p or (p.get("drops") or {}).get("supply") == "unlimited"
            or (p.get("legality") or {}).get("pass") == "when_stuck"
            or "full_board" in p["end"] or p["end"]["stalemate"] == "points"):
        raise Unsupported("flipping (conversion: flips, unlimited hands, a pass when stuck, "
                          "counting at the end) is not played by this reader")
    if "lines" in p["end"]:
        raise Unsupported("end.lines (lines of N) is not played by this reader")
    if "connections" in p["end"]:
        raise Unsupported("end.connections (chains joining two sets of squares) is not played by this reader")
    if "falls" in p.get("drops", {}):
        raise Unsupported("drops.falls (drops that fall) is not played by this reader")


class Table:
    def __init__(self, text):
        try:
            doc = json.loads(text, object_pairs_hook=no_duplicate_keys)
        except json.JSONDecodeError as e:
            raise TableError("not JSON: %s" % e)
        try:
            check_table(doc)
        except (KeyError, TypeError, IndexError) as e:
            raise TableError("a table of the wrong shape: %r" % e)
        p = doc["parts"]
        self.name = p["name"]
        board = p["board"]
        self.squares = [s["name"] for s in board["squares"]]
        self.n = len(self.squares)
        self.sq_by_name = {nm: i for i, nm in enumerate(self.squares)}
        self.fen_rows = board["fen_rows"]
        # board.walls: `*` in a FEN's group g before its i-th square.
        self.walls = [[w[1] for w in board.get("walls", []) if w[0] == g]
                      for g in range(len(self.fen_rows))]
        # board.wrap (joined edges) and board.hex (hexagonal cells) matter
        # to drawings only: the paths already cross the seam and hold the
        # moves.
        # A square's file is the column of its first cell.
        self.column = [s["cells"][0][0] for s in board["squares"]]
        self.pieces = p["pieces"]
        self.np = len(self.pieces)
        # A piece's symbol: one to three letters of one case, maybe an
        # apostrophe (version 3; one letter before).
        self.letter = [pc["letter"].upper() for pc in self.pieces]
        self.plus = [pc.get("plus", False) for pc in self.pieces]
        # `synonym`: a second symbol, read in FEN as the piece too.
        self.symbols = []
        for i, pc in enumerate(self.pieces):
            # The second symbol is a plain one, also for a `+` face.
            syms = [(pc["letter"], self.plus[i])]
            if "synonym" in pc:
                syms.append((pc["synonym"], False))
            for (sym, cls) in syms:
                if not is_symbol(sym):
                    raise TableError("piece %d: bad letter %r" % (i, sym))
                for (other, j, plus) in self.symbols:
                    if other == sym.upper() and plus == cls:
                        raise TableError("pieces %d and %d share a letter" % (j, i))
                self.symbols.append((sym.upper(), i, cls))
        starts = {s[0] for (s, _, plus) in self.symbols if not plus}
        for (a, _, pa) in self.symbols:
            for (b, _, pb) in self.symbols:
                if pa == pb and len(a) < len(b) and b.startswith(a) and b[len(a)] in starts:
                    raise ValueError("a FEN cannot tell %s from %s and more" % (b, a))
        # `royal`: "both", "white" or "black"; absent: not royal.
        royal = [pc.get("royal") for pc in self.pieces]
        self.royal_type = [r is not None for r in royal]
        self.royal_for = [
            [royal[i] in ("both", ("white", "black")[side]) for i in range(self.np)]
            for side in (0, 1)
        ]
        self.captured_as = [pc.get("captured_as", i) for i, pc in enumerate(self.pieces)]
        self.demotes_to = [pc.get("demotes_to") for pc in self.pieces]
        self.cannot_capture = [set(pc.get("cannot_capture", [])) for pc in self.pieces]
        self.cannot_hop = [set(pc.get("cannot_hop", [])) for pc in self.pieces]
        self.promotion_limit = [pc.get("promotion_limit") for pc in self.pieces]
        # moves[p][side][sq] = list of normalised paths
        self.moves = [
            [[[norm_path(x) for x in sq] for sq in pc["moves"][side]] for side in (0, 1)]
            for pc in self.pieces
        ]
        self.promotions = [[] for _ in range(self.np)]
        # Rules with `turn` give turning moves of their own.
        self.turns = []
        for r in p.get("promotions", []):
            if "turn" in r:
                t = r["turn"]
                self.turns.append(
                    {
                        "piece": r["piece"],
                        "zone": [set(r["zone"][0]), set(r["zone"][1])],
                        "choices": [ch["piece"] for ch in r["choices"]],
                        "alone": t.get("alone", False),
                        "no_check": t.get("no_check", False),
                        "no_attack": t.get("no_attack", False),
                    }
                )
                continue
            on = r.get("on", ["end"])
            self.promotions[r["piece"]].append(
                {
                    "zone": [set(r["zone"][0]), set(r["zone"][1])],
                    "choices": r["choices"],
                    "optional": r.get("optional", False),
                    "on_start": "start" in on,
                    "on_end": "end" in on,
                    "on_pass": "pass" in on,
                    "on_entry": "entry" in on,
                    "capture_only": r.get("capture_only", False),
                    "forced": [set(x) for x in r.get("forced", [[], []])],
                }
            )
        d = p.get("drops")
        self.drops = d is not None
        self.royal_in_hand = bool(d and d.get("royal_in_hand", False))
        if d:
            self.forbidden = [[set(x[0]), set(x[1])] for x in d["forbidden"]]
            self.no_mate = d["no_mate"]
            self.captures_to_hand = d.get("supply", "captures") == "captures"
            self.per_file = d.get("per_file") or [0] * self.np
            self.per_colour = d.get("per_colour") or [0] * self.np
            self.must_drop = d.get("must_drop", False)
            also = d.get("also_as") or [None] * self.np
        else:
            self.captures_to_hand = False
            self.per_file = [0] * self.np
            self.per_colour = [0] * self.np
            self.must_drop = False
            also = [None] * self.np
        # A square's colour: the parity of x + y of its first cell.
        self.colour = [(s["cells"][0][0] + s["cells"][0][1]) % 2 for s in board["squares"]]
        # hand_of[p]: the hand entry a drop of p takes.
        self.hand_of = list(range(self.np))
        for q, x in enumerate(also):
            if x is not None:
                self.hand_of[x] = q
        self.castling = p.get("castling", [])
        self.gating = p.get("gating", [])
        self.gate_to = [[set(), set()] for _ in range(self.np)]
        self.gate_squares = [set(), set()]
        for g in self.gating:
            for side in (0, 1):
                self.gate_to[g["piece"]][side] |= set(g["squares"][side])
                self.gate_squares[side] |= set(g["squares"][side])
        # One-time paths keep their rights on the squares they start from;
        # the FEN writes them like gate rights.
        self.once_squares = [set(), set()]
        for pc in range(self.np):
            for side in (0, 1):
                for frm in range(self.n):
                    if any(path["once"] for path in self.moves[pc][side][frm]):
                        self.once_squares[side].add(frm)
        self.once = bool(self.once_squares[0] or self.once_squares[1])
        for side in (0, 1):
            self.gate_squares[side] |= self.once_squares[side]
        self.has_hands = self.drops or bool(self.gating)
        self.end = p["end"]
        leg = p.get("legality", {})
        self.giving_check_forbidden = leg.get("giving_check") == "forbidden"
        self.drop_giving_check_forbidden = leg.get("giving_check") == "forbidden_by_drop"
        self.capture_compulsory = leg.get("capture_compulsory", False)
        self.fleeing_check_forbidden = leg.get("fleeing_check_forbidden", False)
        several = leg.get("several_royals")
        # Several royal pieces a side; in check only when all are attacked.
        self.partial_check_allowed = several == "all_attacked"
        # Several royal pieces: while a side has two or more, it is never in check.
        self.several_royals = several == "unprotected"
        # Several royal pieces, each protected as a lone king: in check when
        # any is attacked (the default test, with several allowed).
        self.any_attacked = several == "any_attacked"
        # Rules on the pieces that give a checkmate: they change a mate's
        # outcome only, never the moves nor perft (this reader answers
        # perft and moves).
        self.checkmate_by = p["end"].get("checkmate_by")
        self.checkmate_needs = p["end"].get("checkmate_needs")
        self.may_pass = leg.get("pass") == "allowed"
        # Captures that blast: reach per square, immune and spared pieces.
        b = p.get("blast")
        self.blast = None if b is None else (
            [set(r) for r in b["reach"]], set(b.get("immune", [])), set(b.get("spared", [])))
        self.facing = self.end.get("facing")
        self.start = p["start"]
        self.build_attacks()

    def build_attacks(self):
        """attackers[side][target]: (from, piece, squares that must be empty)."""
        att = [[[] for _ in range(self.n)] for _ in (0, 1)]
        for pc in range(self.np):
            for side in (0, 1):
                for frm in range(self.n):
                    for path in self.moves[pc][side][frm]:
                        if (
                            not path["capture"]
                            or path["hop"] is not None
                            or path["attack_only"]
                            or special(path)
                            or legs(path)
                        ):
                            continue
                        empty = []
                        for to, block in path["steps"]:
                            empty = empty + list(block)
                            att[side][to].append((frm, pc, tuple(empty)))
                            empty = empty + [to]
        self.attackers = att
        self.slow = any(
            path["hop"] is not None and path["capture"]
            or path["attack_only"]
            or special(path) and path["capture"]
            or legs(path) and (path["capture"] or path["locust"])
            for pc in self.moves
            for side in pc
            for sq in side
            for path in sq
        )

    def token(self, pc):
        return ("+" if self.plus[pc] else "") + self.letter[pc]

    def read_symbol(self, text, k, plus):
        """The piece at text[k:] (after its `+`): the longest symbol in one
        case (upper White, lower Black). Returns (piece, side, next k)."""
        side = WHITE if text[k].isupper() else BLACK
        best = None
        for (s, i, p) in self.symbols:
            if p != plus:
                continue
            sym = s if side == WHITE else s.lower()
            if text.startswith(sym, k) and (best is None or len(sym) > len(best[1])):
                best = (i, sym)
        if best is None:
            raise ValueError("unknown piece at %r" % text[k:])
        return best[0], side, k + len(best[1])

    def file_letter(self, s):
        name = self.squares[s]
        letters = ""
        for ch in name:
            if not ch.isalpha():
                break
            letters += ch
        return letters.lower() if len(letters) == 1 else None


def special(path):
    """A one-time path, or one not used in check."""
    return path["once"] or path["not_in_check"]


def legs(path):
    """A multi-leg path: a capture on the way, or a return to the start."""
    return path["locust"] or path["returns"]


def leg_landings(t, b, frm, path, side, enemy_at):
    """The landings (via, to) of the multi-leg path of side's piece on frm
    over board b: `via` the square captured on the way (locust) or None.
    `enemy_at(q)` says whether q holds an enemy the piece may capture. The
    start square is empty while the piece moves."""
    out = []
    gone = {frm}

    def occupied(q):
        return b[q] is not None and q not in gone

    steps = list(path["steps"])
    via = None
    if path["locust"]:
        if not steps:
            return out
        to, block = steps.pop(0)
        if any(occupied(q) for q in block) or not enemy_at(to):
            return out
        via = to
        gone.add(to)
    for to, block in steps:
        if any(occupied(q) for q in block):
            break
        if occupied(to):
            if path["capture"] and enemy_at(to):
                out.append((via, to))
            break
        if path["quiet"]:
            out.append((via, to))
    return out


def norm_path(x):
    if isinstance(x, list):
        x = {"steps": x}
    role = x.get("role", "move_or_capture")
    steps = []
    for st in x["steps"]:
        if isinstance(st, int):
            steps.append((st, ()))
        else:
            steps.append((st["to"], tuple(st.get("block", []))))
    return {
        "steps": steps,
        "quiet": role in ("move_or_capture", "quiet"),
        "capture": role in ("move_or_capture", "capture"),
        "en_passant": x.get("en_passant", False),
        "creates_en_passant": x.get("creates_en_passant", False),
        "friend_on": set(x.get("friend_on", [])),
        "hop": x.get("hop"),
        "attack_only": role == "attack",
        "once": x.get("once", False),
        "not_in_check": x.get("not_in_check", False),
        "locust": x.get("locust", False),
        "returns": x.get("returns", False),
    }


class Pos:
    """board[s] = None or (piece, side, promoted)."""

    def copy(self):
        c = Pos.__new__(Pos)
        c.t = self.t
        c.board = list(self.board)
        c.hands = [list(self.hands[0]), list(self.hands[1])]
        c.turn = self.turn
        c.rights = set(self.rights)
        c.free = dict(self.free)
        c.gates = [set(self.gates[0]), set(self.gates[1])]
        c.ep = set(self.ep)
        c.ep_victim = self.ep_victim
        c.checks = list(self.checks)
        c.passes = self.passes
        c.facing_now = self.facing_now
        c.facing_before = self.facing_before
        return c


def parse_fen(t, fen):
    """The position of a FEN; a TableError if a reader must refuse it."""
    try:
        pos = read_fen(t, fen)
    except TableError:
        raise
    except (ValueError, KeyError, IndexError, AssertionError) as e:
        raise TableError("invalid FEN %r: %s" % (fen, e))
    check_position(pos)
    return pos


def must_have_promoted(t, pc, side, s):
    """A piece on a square of a compulsory promotion zone of its own, where
    it could neither be dropped nor be promoted to."""
    compulsory = any(
        r["on_end"] and s in r["zone"][side] and (not r["optional"] or s in r["forced"][side])
        for r in t.promotions[pc]
    )
    if not compulsory:
        return False
    if t.drops and s not in t.forbidden[pc][side]:
        return False
    for rules in t.promotions:
        for r in rules:
            if {"piece": pc} in r["choices"] and (
                r["on_end"] and s in r["zone"][side]
                or (r["on_start"] or r["on_pass"]) and r["zone"][side]
            ):
                return False
    return True


def check_position(pos):
    t = pos.t
    for s, x in enumerate(pos.board):
        if x is None:
            continue
        pc, side, promoted = x
        if promoted and t.demotes_to[pc] is None:
            raise TableError("%s cannot carry the promoted mark" % t.squares[s])
        if must_have_promoted(t, pc, side, s):
            raise TableError("the piece on %s must have promoted" % t.squares[s])
    in_hand = any(pos.hands[0]) or any(pos.hands[1])
    if in_hand and not t.has_hands:
        raise TableError("hands in a variant without drops")
    for side in (0, 1):
        if any(pos.hands[side][q] and t.royal_type[q] for q in range(t.np)) and not t.royal_in_hand:
            raise TableError("a royal piece in hand")
        if any(t.royal_for[side]):
            n = len(royals(pos, side))
            if t.royal_in_hand:
                n += sum(pos.hands[side][q] for q in range(t.np) if t.royal_for[side][q])
            if n == 0 or n > 1 and not (t.partial_check_allowed or t.several_royals or t.any_attacked):
                raise TableError("side %d has %d royal pieces" % (side, n))
    if in_check(pos, pos.turn ^ 1):
        raise TableError("the side not to move is in check")


def read_fen(t, fen):
    pos = Pos()
    pos.t = t
    fields = fen.split()
    bf = fields[0]
    hand_text = None
    if "[" in bf:
        i = bf.index("[")
        hand_text = bf[i + 1 : -1]
        bf = bf[:i]
    elif bf.count("/") == len(t.fen_rows):
        i = bf.rindex("/")
        hand_text = bf[i + 1 :]
        bf = bf[:i]
    pos.board = [None] * t.n
    pos.hands = [[0] * t.np, [0] * t.np]
    if hand_text:
        i = 0
        while i < len(hand_text):
            ch = hand_text[i]
            i += 1
            if ch == "-":
                continue
            plus = ch == "+"
            if not plus:
                i -= 1
            pc, side, i = t.read_symbol(hand_text, i, plus)
            pos.hands[side][pc] += 1
    groups = bf.split("/")
    assert len(groups) == len(t.fen_rows), "row count"
    for text, row, walls in zip(groups, t.fen_rows, t.walls):
        i = 0
        k = 0
        w = 0  # walls read
        while k < len(text):
            ch = text[k]
            if ch == "*":
                if w >= len(walls) or walls[w] != i:
                    raise TableError("a `*` where the board has no wall in %r" % text)
                w += 1
                k += 1
                continue
            if ch.isdigit():
                j = k
                while j < len(text) and text[j].isdigit():
                    j += 1
                if ch == "0" or i + int(text[k:j]) > len(row):
                    raise TableError("a bad run of empty squares in %r" % text)
                if w < len(walls) and walls[w] < i + int(text[k:j]):
                    raise TableError("a wall missing in %r" % text)
                i += int(text[k:j])
                k = j
                continue
            if w < len(walls) and walls[w] <= i:
                raise TableError("a wall missing in %r" % text)
            plus = ch == "+"
            if plus:
                k += 1
            pc, side, k = t.read_symbol(text, k, plus)
            promoted = k < len(text) and text[k] == "~"
            if promoted:
                k += 1
            if i >= len(row):
                raise TableError("too many squares in %r" % text)
            pos.board[row[i]] = (pc, side, promoted)
            i += 1
        assert i == len(row), "row length"
        if w != len(walls):
            raise TableError("a wall missing in %r" % text)
    if len(fields) < 2 or fields[1] not in ("w", "b"):
        raise TableError("no side to move")
    pos.turn = 0 if fields[1] == "w" else 1
    rest = fields[2:]
    pos.rights = set()
    pos.free = {}
    pos.gates = [set(), set()]
    cast = rest[0] if rest else "-"
    if cast != "-":
        for ch in cast:
            g = gate_right(t, ch)
            if g is not None:
                pos.gates[g[0]].add(g[1])
                continue
            r = castling_right(t, pos.board, ch)
            if r is None:
                raise ValueError("unknown castling letter %s" % ch)
            i, ksq, rsq = r
            if i not in pos.rights:
                pos.rights.add(i)
                pos.free[i] = (ksq, rsq)
            # Ordinary rules sharing the letter are one right of several moves.
            for j, c in enumerate(t.castling):
                if j != i and c["fen"] == ch and not c.get("line"):
                    pos.rights.add(j)
                    pos.free[j] = (c["king_from"], c["rook_from"])
        for i in pos.rights:
            c = t.castling[i]
            ksq, rsq = pos.free[i]
            for s in (ksq, rsq):
                if s in t.gate_squares[c["side"]]:
                    pos.gates[c["side"]].add(s)
    # Ordinary rights need their pieces on their from-squares.
    for i in pos.rights:
        c = t.castling[i]
        ksq, rsq = pos.free[i]
        k, r = pos.board[ksq], pos.board[rsq]
        if not (k and k[0] == c["king"] and k[1] == c["side"] and r and r[0] == c["rook"] and r[1] == c["side"]):
            raise ValueError("castling right %s without its pieces" % c["fen"])
    pos.ep = set()
    pos.ep_victim = None
    rest = rest[1:]
    if rest:
        e = rest[0]
        rest = rest[1:]
        if e.isdigit() and "counting" in t.end:
            pass  # a running count's limit; perft does not apply counting
        elif e != "-":
            listed = split_squares(t, e)
            pos.ep = {s for s in listed if pos.board[s] is None}
            # An occupied square is the victim's own (the current
            # Fairy-Stockfish lists it; fairyc does where the squares passed
            # leave the victim in doubt).
            landed = {s for s in listed if pos.board[s] is not None}
            if len(landed) > 1:
                raise ValueError("several occupied en-passant squares in %s" % e)
            pos.ep_victim = find_ep_victim(pos, pos.ep, landed or None) if pos.ep else None
            if pos.ep_victim is None:
                raise ValueError("no enemy move passed over %s" % e)
    cc = t.end.get("check_count")
    pos.checks = [0, 0]
    if cc:
        pos.checks = [cc["count"], cc["count"]]
        if rest and "+" in rest[0]:
            a, b = rest[0].split("+")
            pos.checks = [min(int(a), cc["count"]), min(int(b), cc["count"])]
    if len(rest) > 1 and "+" in rest[0] and cc:
        rest = rest[1:]
    if rest and not (rest[0].isdigit() and int(rest[0]) <= 1000000000):
        raise TableError("a bad half-move clock")
    if len(rest) > 1 and not (rest[1].isdigit() and 1 <= int(rest[1]) <= 1000000000):
        raise TableError("a bad move number")
    pos.passes = 0
    pos.facing_before = False
    pos.facing_now = t.facing is not None and royals_face(pos)
    drop_unusable_gates(pos, 0)
    drop_unusable_gates(pos, 1)
    return pos


def gate_right(t, ch):
    if not (t.gating or t.once) or not ch.isalpha():
        return None
    side = 1 if ch.islower() else 0
    for s in sorted(t.gate_squares[side]):
        if t.file_letter(s) == ch.lower():
            return side, s
    return None


def castling_right(t, board, ch):
    for i, c in enumerate(t.castling):
        if c["fen"] == ch:
            if c.get("line"):
                sq = free_squares(t, board, i, None)
                if sq is None:
                    return None
                return i, sq[0], sq[1]
            return i, c["king_from"], c["rook_from"]
    side = 1 if ch.islower() else 0
    for i, c in enumerate(t.castling):
        if c.get("line") and c["side"] == side:
            for s in c["line"]:
                if t.file_letter(s) == ch.lower():
                    sq = free_squares(t, board, i, s)
                    if sq:
                        return i, sq[0], sq[1]
    return None


def free_squares(t, board, i, rook):
    c = t.castling[i]
    line = c["line"]

    def holds(s, pc):
        b = board[s]
        return b is not None and b[0] == pc and b[1] == c["side"]

    ki = next((j for j, s in enumerate(line) if holds(s, c["king"])), None)
    if ki is None:
        return None
    beyond = line.index(c["rook_to"]) < line.index(c["king_to"])
    if rook is not None:
        ri = line.index(rook)
        if (ri > ki) != beyond or not holds(rook, c["rook"]):
            return None
    elif beyond:
        ri = next((j for j in range(len(line) - 1, ki, -1) if holds(line[j], c["rook"])), None)
    else:
        ri = next((j for j in range(0, ki) if holds(line[j], c["rook"])), None)
    if ri is None:
        return None
    return line[ki], line[ri]


def ep_squares(t, pc, side, frm, to):
    """The squares a quiet move of pc from frm to `to` passes over, if one
    of its creates_en_passant paths makes it."""
    for path in t.moves[pc][side][frm]:
        if not (path["creates_en_passant"] and path["quiet"]):
            continue
        passed = set()
        for st, block in path["steps"]:
            passed |= set(block)
            if st == to:
                return passed
            passed.add(st)
    return None


def split_squares(t, field):
    """The squares an en-passant field names: one square's name, or several
    written one after another (`e3e4`), each the longest name the rest of
    the field starts with."""
    if field in t.sq_by_name:
        return [t.sq_by_name[field]]
    out, rest = [], field
    while rest:
        n = next((n for n in range(len(rest), 0, -1) if rest[:n] in t.sq_by_name), 0)
        if n == 0:
            raise ValueError("an unknown en-passant square %s" % field)
        out.append(t.sq_by_name[rest[:n]])
        rest = rest[n:]
    return out


def find_ep_victim(pos, passed, among=None):
    """The square (of `among`, if given) of the first enemy piece that a
    creating move, from an empty square, brought over every square of
    `passed`."""
    t = pos.t
    them = pos.turn ^ 1
    for to in sorted(among) if among is not None else range(t.n):
        b = pos.board[to]
        if b is None or b[1] != them:
            continue
        for frm in range(t.n):
            if pos.board[frm] is not None:
                continue
            sq = ep_squares(t, b[0], them, frm, to)
            if sq is not None and passed <= set(sq):
                return to
    return None


def attacked(pos, s, by):
    """Whether side `by` attacks square s (for royal pieces and castling)."""
    t = pos.t
    b = pos.board
    for frm, pc, empty in t.attackers[by][s]:
        x = b[frm]
        if x is not None and x[0] == pc and x[1] == by and all(b[e] is None for e in empty):
            return True
    if t.slow:
        return attacked_slow(pos, s, by)
    return False


def attackers(pos, s, by):
    """The squares of side `by`'s pieces that attack square s."""
    t = pos.t
    b = pos.board
    out = set()
    for frm, pc, empty in t.attackers[by][s]:
        x = b[frm]
        if x is not None and x[0] == pc and x[1] == by and all(b[e] is None for e in empty):
            out.add(frm)
    if t.slow:
        out |= attackers_slow(pos, s, by)
    return out


def attacked_slow(pos, s, by):
    return bool(attackers_slow(pos, s, by))


def attackers_slow(pos, s, by):
    t = pos.t
    b = pos.board
    out = set()
    for frm in range(t.n):
        x = b[frm]
        if x is None or x[1] != by:
            continue
        pc = x[0]
        if b[s] is not None and b[s][0] in t.cannot_capture[pc]:
            continue
        for path in t.moves[pc][by][frm]:
            if special(path):
                if not path["capture"] or path["once"] and frm not in pos.gates[by]:
                    continue
                for to, block in path["steps"]:
                    if any(b[q] is not None for q in block):
                        break
                    if to == s:
                        return True
                    if b[to] is not None:
                        break
            elif path["hop"] is not None and path["capture"]:
                # The target counts as occupied: it is the landing square.
                over = False
                landed = 0
                for to, block in path["steps"]:
                    if any(b[q] is not None and q != s for q in block) or s in block:
                        break
                    occ = b[to] is not None or to == s
                    if not over:
                        if b[to] is not None and b[to][0] in t.cannot_hop[pc]:
                            break
                        over = occ
                        continue
                    if occ:
                        if to == s:
                            out.add(frm)
                        break
                    landed += 1
                    if path["hop"] and landed >= path["hop"]:
                        break
            elif path["attack_only"] and t.facing is None:
                for to, block in path["steps"]:
                    if any(b[q] is not None for q in block):
                        break
                    if to == s:
                        out.add(frm)
                        break
                    if b[to] is not None:
                        break
            elif legs(path):
                # The target counts as an enemy piece standing there.
                bb = list(b)
                if bb[s] is None:
                    bb[s] = (-1, by ^ 1, False)

                def enemy(q, pc=pc):
                    return bb[q] is not None and bb[q][1] != by and bb[q][0] not in t.cannot_capture[pc]

                for via, to in leg_landings(t, bb, frm, path, by, enemy):
                    if via == s or (to == s and to != frm):
                        out.add(frm)
                        break
    return out


def royals(pos, side):
    t = pos.t
    return [s for s in range(t.n) if pos.board[s] and pos.board[s][1] == side and t.royal_for[side][pos.board[s][0]]]


def shielded(pos, k, side):
    """A royal piece on k with an enemy royal piece in blast reach: a
    capture there would blast the capturer's own."""
    b = pos.t.blast
    return b is not None and any(q in royals(pos, side ^ 1) for q in b[0][k])


def in_check(pos, side):
    ks = royals(pos, side)
    if pos.t.blast is not None:
        return any(not shielded(pos, k, side) and attacked(pos, k, side ^ 1) for k in ks)
    if pos.t.partial_check_allowed:
        return bool(ks) and all(attacked(pos, k, side ^ 1) for k in ks)
    if pos.t.several_royals and len(ks) > 1:
        return False
    return any(attacked(pos, k, side ^ 1) for k in ks)


def royals_face(pos):
    t = pos.t
    b = pos.board
    for side in (0, 1):
        enemy = set(royals(pos, side ^ 1))
        for k in royals(pos, side):
            for path in t.moves[b[k][0]][side][k]:
                if not path["attack_only"]:
                    continue
                for to, block in path["steps"]:
                    if any(b[q] is not None for q in block):
                        break
                    if to in enemy:
                        return True
                    if b[to] is not None:
                        break
    return False


# A move: (kind, from, to, promo, extra)
#   kind "n" normal, "e" en passant, "c" castling (extra = rule index,
#   promo = gate (piece, on_rook) or None), "d" drop (from = piece), "p" pass,
#   "l" a capture on the way (extra = the square captured on the way)
#   promo: None, ("piece", q), ("hand", q), ("gate", q)


def pseudo_board(pos):
    t = pos.t
    us = pos.turn
    b = pos.board
    out = []
    for frm in range(t.n):
        x = b[frm]
        if x is None or x[1] != us:
            continue
        pc = x[0]
        seen = set()
        for path in t.moves[pc][us][frm]:
            if path["hop"] is not None or path["attack_only"] or special(path) or legs(path):
                continue
            if path["friend_on"] and not any(b[q] and b[q][1] == us for q in path["friend_on"]):
                continue
            passed = []
            for to, block in path["steps"]:
                if any(b[q] is not None for q in block):
                    break
                y = b[to]
                if y is not None:
                    if path["capture"] and y[1] != us and y[0] not in t.cannot_capture[pc] and to not in seen:
                        seen.add(to)
                        add_promotions(pos, out, "n", pc, frm, to, passed, True)
                    break
                if to not in seen:
                    if path["quiet"]:
                        seen.add(to)
                        add_promotions(pos, out, "n", pc, frm, to, passed, False)
                    elif path["en_passant"] and to in pos.ep:
                        seen.add(to)
                        # An en-passant capture never promotes.
                        out.append(("e", frm, to, None, None))
                passed.append(to)
        for path in t.moves[pc][us][frm]:
            if path["hop"] is None or path["attack_only"] or special(path) or legs(path):
                continue
            if path["friend_on"] and not any(b[q] and b[q][1] == us for q in path["friend_on"]):
                continue
            over = False
            landed = 0
            for to, block in path["steps"]:
                if any(b[q] is not None for q in block):
                    break
                y = b[to]
                if not over:
                    if y is not None and y[0] in t.cannot_hop[pc]:
                        break
                    over = y is not None
                    continue
                if y is not None:
                    if path["capture"] and y[1] != us and y[0] not in t.cannot_capture[pc] and to not in seen:
                        seen.add(to)
                        add_promotions(pos, out, "n", pc, frm, to, [], True)
                    break
                if path["quiet"] and to not in seen:
                    seen.add(to)
                    add_promotions(pos, out, "n", pc, frm, to, [], False)
                landed += 1
                if path["hop"] and landed >= path["hop"]:
                    break
        # One-time paths (while the right of frm is held) and paths not
        # used in check, last.
        for path in t.moves[pc][us][frm]:
            if not special(path) or legs(path):
                continue
            if path["once"] and frm not in pos.gates[us]:
                continue
            if path["friend_on"] and not any(b[q] and b[q][1] == us for q in path["friend_on"]):
                continue
            if path["not_in_check"] and in_check(pos, us):
                continue
            passed = []
            for to, block in path["steps"]:
                if any(b[q] is not None for q in block):
                    break
                y = b[to]
                if y is not None:
                    if path["capture"] and y[1] != us and y[0] not in t.cannot_capture[pc] and to not in seen:
                        seen.add(to)
                        add_promotions(pos, out, "n", pc, frm, to, passed, True)
                    break
                if to not in seen and path["quiet"]:
                    seen.add(to)
                    add_promotions(pos, out, "n", pc, frm, to, passed, False)
                passed.append(to)
        # Multi-leg paths: captures on the way ("l" moves), passes, and
        # other landings, each once.
        def enemy(q):
            return b[q] is not None and b[q][1] != us and b[q][0] not in t.cannot_capture[pc]

        for path in t.moves[pc][us][frm]:
            if not legs(path):
                continue
            if path["friend_on"] and not any(b[q] and b[q][1] == us for q in path["friend_on"]):
                continue
            for via, to in leg_landings(t, b, frm, path, us, enemy):
                if via is not None:
                    m = ("l", frm, to, None, via)
                elif to == frm:
                    m = ("n", frm, frm, None, None)
                elif to in seen:
                    continue
                else:
                    seen.add(to)
                    add_promotions(pos, out, "n", pc, frm, to, [], b[to] is not None)
                    continue
                if m not in out:
                    out.append(m)
    return out


def count_on_board(pos, side, pc):
    return sum(1 for x in pos.board if x and x[1] == side and x[0] == pc)


def add_promotions(pos, out, kind, pc, frm, to, passed, capture):
    t = pos.t
    us = pos.turn
    applied = False
    optional = False
    offered = []  # choices of the rules that apply, each offered once
    for r in t.promotions[pc]:
        z = r["zone"][us]
        if not (
            r["on_end"] and to in z or r["on_start"] and frm in z or r["on_pass"] and any(q in z for q in passed)
            or r["on_entry"] and to in z and frm not in z
        ):
            continue
        if r["capture_only"] and not capture:
            continue
        applied = True
        if r["optional"] and to not in r["forced"][us]:
            optional = True
        for ch in r["choices"]:
            if ch in offered:
                continue
            offered.append(ch)
            if "piece" in ch:
                q = ch["piece"]
                lim = t.promotion_limit[q]
                if lim is not None and count_on_board(pos, us, q) >= lim:
                    continue
                out.append((kind, frm, to, ("piece", q), None))
            else:
                out.append((kind, frm, to, ("hand", ch["hand"]), None))
    if not applied or optional:
        out.append((kind, frm, to, None, None))


def line_span(line, a, b):
    i, j = line.index(a), line.index(b)
    return line[min(i, j) : max(i, j) + 1]


def pseudo_castling(pos):
    t = pos.t
    us = pos.turn
    out = []
    for i in sorted(pos.rights):
        c = t.castling[i]
        if c["side"] != us:
            continue
        kf, rf = pos.free[i]
        if c.get("line"):
            safe = line_span(c["line"], kf, c["king_to"])
            need_empty = set(safe) | set(line_span(c["line"], rf, c["rook_to"]))
        else:
            safe = c["safe"]
            need_empty = set(c["empty"])
        if any(pos.board[s] is not None for s in need_empty - {kf, rf}):
            continue
        if t.royal_for[us][c["king"]]:
            without = pos.copy()
            without.board[kf] = None
            if any(attacked(without, s, us ^ 1) and not shielded(pos, s, us) for s in safe):
                continue
        out.append(("c", kf, rf if c.get("line") else c["king_to"], None, i))
    return out


def drop_squares(pos, pc):
    t = pos.t
    us = pos.turn
    squares = [s for s in range(t.n) if pos.board[s] is None and s not in t.forbidden[pc][us]]
    lim = t.per_file[pc]
    if lim:
        counts = {}
        for s in range(t.n):
            x = pos.board[s]
            if x and x[0] == pc and x[1] == us:
                counts[t.column[s]] = counts.get(t.column[s], 0) + 1
        squares = [s for s in squares if counts.get(t.column[s], 0) < lim]
    if any(t.per_colour):
        squares = [s for s in squares if colour_allows(pos, pc, s)]
    return squares


def colour_allows(pos, pc, s):
    """Whether the per-colour limits allow dropping pc on s."""
    t = pos.t
    us = pos.turn
    for l in range(t.np):
        lim = t.per_colour[l]
        if not lim:
            continue
        on = [0, 0]
        for q in range(t.n):
            x = pos.board[q]
            if x and x[0] == l and x[1] == us:
                on[t.colour[q]] += 1
        if l == pc:
            if on[t.colour[s]] >= lim:
                return False
            continue
        h = pos.hands[us][l]
        if h == 0:
            continue
        region = [q for q in range(t.n) if pos.board[q] is None and q not in t.forbidden[l][us]]
        free = [sum(1 for q in region if t.colour[q] == k) for k in (0, 1)]

        def room(k, taken):
            return max(0, min(lim - on[k], free[k] - taken))

        if room(0, 0) + room(1, 0) < h:
            return False
        if s in region:
            k = t.colour[s]
            if room(k, 1) + room(k ^ 1, 0) < h:
                return False
    return True


def turned_attacks(pos, q, us, s):
    """Whether piece q of side us on s reaches an enemy piece along one of
    its capturing paths (`no_attack`)."""
    b = pos.board
    for path in pos.t.moves[q][us][s]:
        if not path["capture"]:
            continue
        for to, block in path["steps"]:
            if any(b[x] is not None for x in block):
                break
            if b[to] is not None:
                if b[to][1] != us:
                    return True
                break
    return False


def turning_moves(pos):
    t = pos.t
    us = pos.turn
    out = []
    for r in t.turns:
        pc = r["piece"]
        mine = [s for s in range(t.n) if pos.board[s] and pos.board[s][1] == us and pos.board[s][0] == pc]
        if r["alone"] and len(mine) == 1:
            froms = mine
        else:
            froms = [s for s in mine if s in r["zone"][us]]
        for s in froms:
            for q in r["choices"]:
                lim = t.promotion_limit[q]
                if lim is not None and count_on_board(pos, us, q) >= lim:
                    continue
                tos = [s]
                for path in t.moves[q][us][s]:
                    if not path["capture"]:
                        continue
                    for to, block in path["steps"]:
                        if any(pos.board[b] is not None for b in block) or pos.board[to] is not None:
                            break
                        if to not in tos:
                            tos.append(to)
                for to in tos:
                    m = ("n", s, to, ("piece", q), None)
                    nxt = play(pos, m)
                    if in_check(nxt, us):
                        continue
                    if r["no_check"] and in_check(nxt, us ^ 1):
                        continue
                    if r["no_attack"] and turned_attacks(nxt, q, us, to):
                        continue
                    out.append(m)
    return out


def legal_moves(pos):
    t = pos.t
    us = pos.turn
    out = []
    for m in pseudo_board(pos) + pseudo_castling(pos):
        if legal_by_playing(pos, m):
            out.append(m)
    if t.gating and pos.gates[us]:
        out += gated(pos, out)
    out += turning_moves(pos)
    if t.drops:
        for pc in range(t.np):
            if pos.hands[us][t.hand_of[pc]] == 0:
                continue
            for s in drop_squares(pos, pc):
                m = ("d", pc, s, None, None)
                if not legal_by_playing(pos, m):
                    continue
                if t.no_mate[pc]:
                    nxt = play(pos, m)
                    if in_check(nxt, nxt.turn) and not legal_moves(nxt):
                        continue
                out.append(m)
    if t.may_pass:
        ks = royals(pos, us)
        if len(ks) == 1 and (pos.facing_now or not in_check(pos, us)):
            out.append(("p", ks[0], ks[0], None, None))
    if t.fleeing_check_forbidden:
        out = [m for m in out if not flees(pos, m)]
    if t.giving_check_forbidden:
        out = [m for m in out if not in_check(play(pos, m), us ^ 1)]
    elif t.drop_giving_check_forbidden:
        out = [m for m in out if m[0] != "d" or not in_check(play(pos, m), us ^ 1)]
    if t.must_drop and any(m[0] == "d" for m in out):
        out = [m for m in out if m[0] == "d"]
    if t.capture_compulsory:
        caps = [m for m in out if is_capture(pos, m)]
        if caps:
            out = caps
    return out


def flees(pos, m):
    """Whether m moves a royal piece in check elsewhere than onto the one
    piece attacking it (`legality.fleeing_check_forbidden`)."""
    if m[0] not in ("n", "e", "c"):
        return False
    us = pos.turn
    frm = m[1]
    if frm not in royals(pos, us):
        return False
    checkers = attackers(pos, frm, us ^ 1)
    if not checkers:
        return False
    return m[0] == "c" or checkers != {m[2]}


def is_capture(pos, m):
    if m[0] == "e":
        return True
    if m[0] == "n":
        y = pos.board[m[2]]
        return y is not None and y[1] != pos.turn
    return False


def legal_by_playing(pos, m):
    nxt = play(pos, m)
    if pos.t.blast is not None:
        us = pos.turn
        if len(royals(nxt, us)) < len(royals(pos, us)):
            return False
        if len(royals(nxt, us ^ 1)) < len(royals(pos, us ^ 1)):
            return True
        return not in_check(nxt, us)
    if pos.facing_now and nxt.facing_now:
        return False
    return not in_check(nxt, pos.turn)


def gated(pos, legal):
    t = pos.t
    us = pos.turn
    gaters = [
        g
        for g in range(t.np)
        if t.gate_to[g][us] & pos.gates[us] and pos.hands[us][t.hand_of[g]] > 0
    ]
    out = []

    def may(g, s):
        return s in t.gate_to[g][us] and s in pos.gates[us]

    for m in legal:
        kind, frm, to, promo, rule = m
        if kind == "n" and promo is None:
            for g in gaters:
                if may(g, frm):
                    out.append(("n", frm, to, ("gate", g), None))
        elif kind == "c" and promo is None:
            c = t.castling[rule]
            kf, rf = pos.free[rule]
            for s, on_rook in ((kf, False), (rf, True)):
                if s in (c["king_to"], c["rook_to"]):
                    continue
                for g in gaters:
                    if may(g, s):
                        out.append(("c", frm, to, (g, on_rook), rule))
    return out


def drop_unusable_gates(pos, side):
    t = pos.t
    if not t.gating or t.captures_to_hand:
        return
    if not any(pos.hands[side]):
        pos.gates[side] = set()


def play(pos, m):
    t = pos.t
    n = pos.copy()
    us = pos.turn
    kind, frm, to, promo, extra = m
    n.ep = set()
    n.ep_victim = None
    if kind in ("n", "e"):
        cap_sq = pos.ep_victim if kind == "e" else to
        # A turning move where the piece stands captures nothing.
        cap = n.board[cap_sq] if frm != to else None
        if cap is not None:
            n.board[cap_sq] = None
        if cap is not None and t.captures_to_hand and not t.royal_type[cap[0]]:
            into = t.demotes_to[cap[0]] if cap[2] else t.captured_as[cap[0]]
            n.hands[us][into] += 1
        x = n.board[frm]
        n.board[frm] = None
        pc = x[0]
        if promo is None:
            n.board[to] = x
        elif promo[0] == "piece":
            q = promo[1]
            n.board[to] = (q, us, t.demotes_to[q] is not None)
        elif promo[0] == "hand":
            n.hands[us][promo[1]] += 1
        else:
            n.board[to] = x
            g = promo[1]
            n.hands[us][t.hand_of[g]] -= 1
            n.board[frm] = (g, us, False)
        if cap is not None and t.blast is not None:
            blast(n, to, us)
        if kind == "n" and cap is None:
            sq = ep_squares(t, pc, us, frm, to)
            if sq:
                n.ep = sq
                n.ep_victim = to
        for i in list(n.rights):
            c = t.castling[i]
            kf, rf = pos.free[i]
            if c.get("line"):
                if frm == kf or frm == rf or to == rf:
                    n.rights.discard(i)
            elif frm in (kf, rf) or to in (kf, rf):
                n.rights.discard(i)
        if t.gating or t.once:
            for side in (0, 1):
                n.gates[side] -= {frm, to}
            drop_unusable_gates(n, us)
    elif kind == "c":
        c = t.castling[extra]
        kf, rf = pos.free[extra]
        k, r = n.board[kf], n.board[rf]
        n.board[kf] = None
        n.board[rf] = None
        n.board[c["king_to"]] = k
        n.board[c["rook_to"]] = r
        for i in list(n.rights):
            ci = t.castling[i]
            if ci.get("line"):
                if c.get("line") and ci["side"] == us:
                    n.rights.discard(i)
            elif ci["king_from"] in (kf, rf) or ci["rook_from"] in (kf, rf):
                n.rights.discard(i)
            if ci["fen"] in c.get("ends", []):
                n.rights.discard(i)
        if promo is not None:
            g, on_rook = promo
            n.hands[us][t.hand_of[g]] -= 1
            n.board[rf if on_rook else kf] = (g, us, False)
        if t.gating or t.once:
            for side in (0, 1):
                n.gates[side] -= {kf, rf}
            drop_unusable_gates(n, us)
    elif kind == "l":
        # A capture on the way (extra: its square), then the piece ends on
        # `to` (capturing there too), which may be where it started.
        for q in (extra, to):
            cap = n.board[q] if q != frm else None
            if cap is None:
                continue
            n.board[q] = None
            if t.captures_to_hand and not t.royal_type[cap[0]]:
                into = t.demotes_to[cap[0]] if cap[2] else t.captured_as[cap[0]]
                n.hands[us][into] += 1
        captured = any(pos.board[q] is not None and q != frm for q in (extra, to))
        x = n.board[frm]
        n.board[frm] = None
        n.board[to] = x
        if captured and t.blast is not None:
            blast(n, to, us)
        for i in list(n.rights):
            kf, rf = pos.free[i]
            if {frm, to, extra} & {kf, rf}:
                n.rights.discard(i)
        if t.gating or t.once:
            for side in (0, 1):
                n.gates[side] -= {frm, to, extra}
            drop_unusable_gates(n, us)
    elif kind == "d":
        n.hands[us][t.hand_of[frm]] -= 1
        n.board[to] = (frm, us, False)
        drop_unusable_gates(n, us)
        for i, c in enumerate(t.castling):
            if not c.get("by_drop") or to not in (c["king_from"], c["rook_from"]):
                continue
            k, r = n.board[c["king_from"]], n.board[c["rook_from"]]
            if k and k[:2] == (c["king"], c["side"]) and r and r[:2] == (c["rook"], c["side"]):
                n.rights.add(i)
                n.free[i] = (c["king_from"], c["rook_from"])
    n.turn = us ^ 1
    if t.end.get("check_count") and n.checks[us] > 0 and in_check(n, us ^ 1):
        n.checks[us] -= 1
    n.passes = min(pos.passes + 1, 2) if kind == "p" else 0
    n.facing_before = pos.facing_now
    n.facing_now = t.facing is not None and royals_face(n)
    return n


def blast(n, to, us):
    """A capture by `us` that ends on `to` blasts: the piece there and the
    pieces in reach go (immune ones stay; spared ones stay off `to`), each
    to its opponent's hand when captures go to hand; castling rights and
    gates of their squares go."""
    t = n.t
    reach, immune, spared = t.blast
    for s in sorted(reach[to] | {to}):
        x = n.board[s]
        if x is None or x[0] in immune or (s != to and x[0] in spared):
            continue
        n.board[s] = None
        if t.captures_to_hand and not t.royal_type[x[0]]:
            into = t.demotes_to[x[0]] if x[2] else t.captured_as[x[0]]
            n.hands[x[1] ^ 1][into] += 1
        for i in list(n.rights):
            kf, rf = n.free[i]
            if s in (kf, rf):
                n.rights.discard(i)
        if t.gating or t.once:
            for side in (0, 1):
                n.gates[side] -= {s}


def game_over(pos):
    """Whether a rule decided by the position ends the game here."""
    t = pos.t
    e = t.end
    if e.get("double_pass") and pos.passes >= 2:
        return True
    if t.facing is not None and pos.facing_now and pos.facing_before:
        return True
    if e.get("check_count") and 0 in pos.checks:
        return True
    def held(side, pc):
        if pc is None:
            return sum(1 for x in pos.board if x and x[1] == side) + sum(pos.hands[side])
        return count_on_board(pos, side, pc) + pos.hands[side][pc]

    for side in (0, 1):
        for r in e.get("extinction", []):
            pc = r.get("piece")
            if held(side, pc) <= r.get("left", 0) and held(1 - side, pc) >= r.get("opponent", 0):
                return True
    if e.get("bare_king") is not None and bare_king_over(pos):
        return True
    for r in e.get("reach", []):
        types = {r["piece"], *r.get("also", [])}

        def on(side, safe):
            there = [
                s for s in r["squares"][side]
                if pos.board[s] and pos.board[s][1] == side and pos.board[s][0] in types
            ]
            # `count` pieces at once, or one and the squares all holding
            # pieces (`or_full`; a wall fills none).
            full = all(pos.board[s] for s in r["squares"][side])
            n = r.get("count", 1)
            if not (len(there) >= n or (there and r.get("or_full") and full)):
                return False
            # `safe`: with exactly `count` there, none attacked.
            return not safe or len(there) != n or not any(
                attacked(pos, s, 1 - side) for s in there)
        if r.get("safe"):
            # The player to move (after a reply: his pieces stayed), or the
            # player who moved with his pieces safe.
            if on(pos.turn, not r.get("after_reply")) or on(1 - pos.turn, True):
                return True
            continue
        sides = [pos.turn] if r.get("after_reply") else [0, 1]
        if any(on(side, False) for side in sides):
            return True
    return False


def bare_king_over(pos):
    t = pos.t
    m = pos.turn
    j = m ^ 1
    if not royals(pos, 0) or not royals(pos, 1):
        return False

    def others(s):
        return [q for q in range(t.n) if pos.board[q] and pos.board[q][1] == s and not t.royal_for[s][pos.board[q][0]]]

    om, oj = others(m), others(j)
    if t.end["bare_king"].get("after_reply", False):
        if om and not oj:
            return True
        return not om and len(oj) >= 2
    if not om and not oj:
        return True
    if om and not oj:
        return True
    if not om and oj:
        moves = legal_moves(pos)
        if not moves:
            return False
        if len(oj) == 1:
            for mv in moves:
                if mv[0] in ("n", "c", "p") and mv[2] == oj[0]:
                    return False
                if mv[0] == "e" and pos.ep_victim == oj[0]:
                    return False
        return True
    return False


def perft(pos, depth):
    if depth == 0:
        return 1
    if game_over(pos):
        return 0
    moves = legal_moves(pos)
    if depth == 1:
        return len(moves)
    return sum(perft(play(pos, m), depth - 1) for m in moves)


def notation(pos, m):
    t = pos.t
    kind, frm, to, promo, extra = m
    nm = t.squares
    if kind == "p":
        return nm[frm] + nm[frm]
    if kind == "l":
        return nm[frm] + nm[extra] + "," + nm[extra] + nm[to]
    if kind == "d":
        return t.token(frm) + "@" + nm[to]
    if kind == "c":
        if promo is None:
            return nm[frm] + nm[to]
        g, on_rook = promo
        kf, rf = pos.free[extra]
        if on_rook:
            return nm[rf] + nm[kf] + t.letter[g].lower()
        return nm[frm] + nm[to] + t.letter[g].lower()
    s = nm[frm] + nm[to]
    if promo is None:
        return s
    if promo[0] == "piece":
        q = promo[1]
        mover = pos.board[frm][0]
        if t.letter[q] == t.letter[mover] and t.plus[q] and not t.plus[mover]:
            return s + "+"
        if t.letter[q] == t.letter[mover] and not t.plus[q] and t.plus[mover]:
            return s + "-"
        return s + t.letter[q].lower()
    if promo[0] == "hand":
        return s + "@" + t.letter[promo[1]].lower()
    return s + t.letter[promo[1]].lower()


def main(argv):
    with open(argv[1]) as f:
        t = Table(f.read())
    if argv[2] == "--batch":
        for line in sys.stdin:
            words = line.split(None, 2)
            if not words:
                continue
            if words[0] == "perft":
                print(perft(parse_fen(t, words[2]), int(words[1])), flush=True)
            else:
                fen = line.split(None, 1)[1]
                pos = parse_fen(t, fen)
                print(" ".join(sorted(notation(pos, m) for m in legal_moves(pos))), flush=True)
        return
    fen = argv[3] if len(argv) > 3 else t.start
    pos = parse_fen(t, fen)
    if argv[2] == "--moves":
        for m in legal_moves(pos):
            print(notation(pos, m))
    else:
        print(perft(pos, int(argv[2])))


def console():
    """The `fairyc-table` command of the installed package."""
    main(sys.argv)


if __name__ == "__main__":
    main(sys.argv)
