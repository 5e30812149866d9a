/* A minimal reader of fairyc's move tables for the chess-like subset
 * (readers/c/README.md), written from docs/table-format.md. */
#include "reader.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"

/* ---------------------------------------------------------------------
 * Reading a table
 * ------------------------------------------------------------------- */

typedef struct {
    char *err;
    size_t errlen;
    int code; /* 0 ok, 1 refused, 2 outside the subset */
    int format; /* the table's version: 5, or 4 (a path's role spelt as flags) */
} rd;

static int refuse(rd *r, const char *fmt, ...) {
    if (r->code == 1) return 0;
    r->code = 1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->err, r->errlen, fmt, ap);
    va_end(ap);
    return 0;
}

static void unsupported(rd *r, const char *what) {
    if (r->code) return;
    r->code = 2;
    snprintf(r->err, r->errlen, "outside the subset: %s", what);
}

/* `o` is an object whose keys are all in `req` or `opt` and which has
 * every key of `req` (lists end with NULL). */
static int keys_ok(rd *r, const jval *o, const char *where, const char *const *req,
                   const char *const *opt) {
    if (!o || o->type != J_OBJ) {
        refuse(r, "%s is not an object", where);
        return 0;
    }
    for (size_t i = 0; i < o->len; i++) {
        int known = 0;
        for (const char *const *k = req; *k; k++) known |= strcmp(*k, o->keys[i]) == 0;
        for (const char *const *k = opt; *k; k++) known |= strcmp(*k, o->keys[i]) == 0;
        if (!known) {
            refuse(r, "%s: unknown field `%.100s`", where, o->keys[i]);
            return 0;
        }
    }
    for (const char *const *k = req; *k; k++)
        if (!json_get(o, *k)) {
            refuse(r, "%s: missing field `%s`", where, *k);
            return 0;
        }
    return 1;
}

/* An integer in [lo, hi], or refuses. */
static int int_in(rd *r, const jval *v, long lo, long hi, const char *what, int *out) {
    if (!v || v->type != J_NUM || v->num != (double)(long)v->num || v->num < lo || v->num > hi) {
        refuse(r, "%s is not an integer in range (at most %ld)", what, hi);
        *out = 0;
        return 0;
    }
    *out = (int)v->num;
    return 1;
}

static int flag(rd *r, const jval *o, const char *key, int dflt) {
    const jval *v = json_get(o, key);
    if (!v) return dflt;
    if (v->type != J_BOOL) {
        refuse(r, "`%s` is not true or false", key);
        return dflt;
    }
    return v->b;
}

static const jval *array(rd *r, const jval *v, size_t max, const char *what) {
    if (!v || v->type != J_ARR || v->len > max) {
        refuse(r, "%s is not an array of at most %ld entries", what, (long)max);
        return NULL;
    }
    return v;
}

static int is_symbol(const char *s) {
    size_t n = 0;
    int up = 0, low = 0;
    while (isalpha((unsigned char)s[n]) && (unsigned char)s[n] < 128) {
        up |= isupper((unsigned char)s[n]) != 0;
        low |= islower((unsigned char)s[n]) != 0;
        n++;
    }
    if (n < 1 || n > 3 || (up && low)) return 0;
    return s[n] == 0 || (s[n] == '\'' && s[n + 1] == 0);
}

/* A list of squares into a 0/1 map of t->n entries (NULL: refused). */
static unsigned char *square_set(rd *r, const table *t, const jval *v, const char *what) {
    const jval *a = array(r, v, MAX_SQ, what);
    unsigned char *set = calloc((size_t)t->n, 1);
    if (!a || !set) {
        free(set);
        return NULL;
    }
    for (size_t i = 0; i < a->len; i++) {
        int s;
        if (!int_in(r, a->items[i], 0, t->n - 1, what, &s)) {
            free(set);
            return NULL;
        }
        set[s] = 1;
    }
    return set;
}

static int *square_list(rd *r, const table *t, const jval *v, const char *what, int *n) {
    const jval *a = array(r, v, MAX_SQ, what);
    *n = 0;
    if (!a) return NULL;
    int *out = malloc((a->len + 1) * sizeof *out);
    if (!out) return NULL;
    for (size_t i = 0; i < a->len; i++)
        if (!int_in(r, a->items[i], 0, t->n - 1, what, &out[i])) {
            free(out);
            return NULL;
        }
    *n = (int)a->len;
    return out;
}

static const char *const K_TABLE[] = {"format", "parts", NULL};
static const char *const K_NONE[] = {NULL};
static const char *const K_PARTS[] = {"name", "board", "pieces", "end", "start", NULL};
static const char *const K_PARTS_OPT[] = {"promotions", "drops", "castling", "gating",
                                          "legality", "zones", "blast", "walling",
                                          "flipping", NULL};
static const char *const K_BOARD[] = {"width", "height", "squares", "fen_rows", "forward", NULL};
static const char *const K_BOARD_OPT[] = {"holes", "walls", "files", "ranks", "wrap", "hex", NULL};
static const char *const K_SQUARE[] = {"name", "cells", NULL};
static const char *const K_PIECE[] = {"name", "letter", "moves", NULL};
static const char *const K_PIECE_OPT[] = {"royal", "captured_as", "demotes_to",
                                          "plus", "synonym", "promotion_limit", "cannot_capture",
                                          "cannot_hop", "points", "notation", NULL};
static const char *const K_PATH[] = {"steps", NULL};
static const char *const K_PATH_OPT[] = {"role", "en_passant", "creates_en_passant",
                                         "friend_on", "hop", "once",
                                         "not_in_check", "locust", "returns", NULL};
/* Version 4 spelt a path's role as the flags quiet, capture, attack_only. */
static const char *const K_PATH_OPT_4[] = {"quiet", "capture", "en_passant",
                                           "creates_en_passant", "friend_on", "hop",
                                           "attack_only", "once", "not_in_check", "locust",
                                           "returns", NULL};
static const char *const K_LEGALITY_OPT[] = {"giving_check", "capture_compulsory", "pass",
                                             "fleeing_check_forbidden", "several_royals", NULL};
static const char *const K_LEGALITY_OPT_4[] = {"giving_check_forbidden",
                                               "drop_giving_check_forbidden",
                                               "capture_compulsory", "pass",
                                               "fleeing_check_forbidden", "several_royals",
                                               "pass_when_stuck", NULL};

/* The index in `words` of the string `key` of `o`; `dflt` if absent; -1
 * (refused) if it is no string of `words`. */
static int word(rd *r, const jval *o, const char *key, const char *const *words, int dflt) {
    const jval *v = json_get(o, key);
    if (!v) return dflt;
    for (int i = 0; v->type == J_STR && words[i]; i++)
        if (!strcmp(v->str, words[i])) return i;
    refuse(r, "`%s` is none of its words", key);
    return -1;
}
static const char *const K_STEP[] = {"to", NULL};
static const char *const K_STEP_OPT[] = {"block", NULL};
static const char *const K_PROMO[] = {"piece", "zone", "choices", NULL};
static const char *const K_PROMO_OPT[] = {"on", "optional", "capture_only", "forced", "turn",
                                          NULL};
static const char *const K_TURN_OPT[] = {"alone", "no_check", "no_attack", NULL};
static const char *const K_CASTLE[] = {"side", "fen", "king", "king_from", "king_to", "rook",
                                       "rook_from", "rook_to", "empty", "safe", NULL};
static const char *const K_CASTLE_OPT[] = {"line", "by_drop", "ends", NULL};
static const char *const K_END[] = {"checkmate", "stalemate", NULL};
static const char *const K_END_OPT[] = {"repetition", "move_limit", "move_limit_points", "move_limit_claim",
                                        "resets_move_limit",
                                        "resets_on", "resets_irreversible",
                                        "bare_king", "reach", "check_count", "extinction",
                                        "counting", "double_pass", "facing", "komi",
                                        "checkmate_by", "checkmate_needs", "draw_odds",
                                        "full_board", "lines", "connections", NULL};

static int read_step(rd *r, const table *t, const jval *v, step *st) {
    st->nblock = 0;
    st->block = NULL;
    if (v && v->type == J_OBJ) {
        if (!keys_ok(r, v, "a step", K_STEP, K_STEP_OPT)) return 0;
        if (!int_in(r, json_get(v, "to"), 0, t->n - 1, "a step's square", &st->to)) return 0;
        const jval *b = json_get(v, "block");
        if (b) {
            st->block = square_list(r, t, b, "a step's block", &st->nblock);
            if (!st->block) return 0;
        }
        return 1;
    }
    return int_in(r, v, 0, t->n - 1, "a step's square", &st->to);
}

static int read_path(rd *r, const table *t, const jval *v, path *p) {
    const jval *steps = v;
    p->quiet = p->capture = 1;
    p->en_passant = p->creates_en_passant = 0;
    p->hop = -1;
    p->attack_only = 0;
    p->nsteps = 0;
    p->steps = NULL;
    if (v && v->type == J_OBJ) {
        if (!keys_ok(r, v, "a path", K_PATH, r->format == 4 ? K_PATH_OPT_4 : K_PATH_OPT))
            return 0;
        steps = json_get(v, "steps");
        if (r->format == 4) {
            p->quiet = flag(r, v, "quiet", 1);
            p->capture = flag(r, v, "capture", 1);
            p->attack_only = flag(r, v, "attack_only", 0);
            if (!p->quiet && !p->capture && !p->attack_only)
                return refuse(r, "a path with quiet and capture both false");
        } else {
            static const char *const roles[] = {"move_or_capture", "quiet", "capture", "attack",
                                                NULL};
            int role = word(r, v, "role", roles, 0);
            if (role < 0) return 0;
            p->quiet = role == 0 || role == 1;
            p->capture = role == 0 || role == 2;
            p->attack_only = role == 3;
        }
        p->en_passant = flag(r, v, "en_passant", 0);
        p->creates_en_passant = flag(r, v, "creates_en_passant", 0);
        const jval *hop = json_get(v, "hop");
        if (hop && !int_in(r, hop, 0, 65535, "a path's hop", &p->hop)) return 0;
        static const char *const special[] = {"once", "not_in_check", "locust", "returns", NULL};
        for (const char *const *k = special; *k; k++) {
            const jval *x = json_get(v, *k);
            if (x && !(x->type == J_BOOL && !x->b)) unsupported(r, *k);
        }
        const jval *f = json_get(v, "friend_on");
        if (f && !(f->type == J_ARR && f->len == 0)) unsupported(r, "friend_on");
    }
    const jval *a = array(r, steps, 1024, "a path's steps");
    if (!a) return 0;
    if (a->len == 0) {
        refuse(r, "a path has no steps");
        return 0;
    }
    p->steps = calloc(a->len, sizeof *p->steps);
    if (!p->steps) return 0;
    p->nsteps = (int)a->len;
    for (size_t i = 0; i < a->len; i++)
        if (!read_step(r, t, a->items[i], &p->steps[i])) return 0;
    return 1;
}

static int outcome_ok(const jval *v) {
    return v && v->type == J_STR &&
           (!strcmp(v->str, "win") || !strcmp(v->str, "draw") || !strcmp(v->str, "loss"));
}

static int read_parts(rd *r, table *t, const jval *parts) {
    if (!keys_ok(r, parts, "parts", K_PARTS, K_PARTS_OPT)) return 0;
    const jval *name = json_get(parts, "name"), *start = json_get(parts, "start");
    if (name->type != J_STR || start->type != J_STR || strlen(start->str) >= sizeof t->start) {
        refuse(r, "%sthe name or the start is not a string%ld", "", 0);
        return 0;
    }
    strcpy(t->start, start->str);

    /* The board. */
    const jval *b = json_get(parts, "board");
    if (!keys_ok(r, b, "board", K_BOARD, K_BOARD_OPT)) return 0;
    int width, height;
    if (!int_in(r, json_get(b, "width"), 1, 255, "board.width", &width) ||
        !int_in(r, json_get(b, "height"), 1, 255, "board.height", &height))
        return 0;
    const jval *sqs = array(r, json_get(b, "squares"), MAX_SQ, "board.squares");
    if (!sqs) return 0;
    if (sqs->len == 0) return refuse(r, "%sthe board has no squares%ld", "", 0);
    t->n = (int)sqs->len;
    t->names = calloc((size_t)t->n, sizeof *t->names);
    unsigned char *cell_used = calloc((size_t)width * (size_t)height, 1);
    if (!t->names || !cell_used) {
        free(cell_used);
        return refuse(r, "%sout of memory%ld", "", 0);
    }
    for (int s = 0; s < t->n && !r->code; s++) {
        const jval *sq = sqs->items[s];
        if (!keys_ok(r, sq, "a square", K_SQUARE, K_NONE)) break;
        const jval *nm = json_get(sq, "name");
        if (nm->type != J_STR || !nm->str[0] || strlen(nm->str) > 256) {
            refuse(r, "%ssquare %ld has an empty or bad name", "", s);
            break;
        }
        strcpy(t->names[s], nm->str);
        for (int o = 0; o < s; o++)
            if (!strcmp(t->names[o], t->names[s])) refuse(r, "%ssquare %ld repeats a name", "", s);
        const jval *cells = array(r, json_get(sq, "cells"), 4096, "a square's cells");
        if (!cells) break;
        if (cells->len == 0) refuse(r, "%ssquare %ld covers no cell", "", s);
        for (size_t c = 0; c < cells->len && !r->code; c++) {
            const jval *cell = cells->items[c];
            int x, y;
            if (!cell || cell->type != J_ARR || cell->len != 2 ||
                !int_in(r, cell->items[0], 0, 255, "a cell", &x) ||
                !int_in(r, cell->items[1], 0, 255, "a cell", &y)) {
                refuse(r, "%sa bad cell of square %ld", "", s);
                break;
            }
            if (x >= width || y >= height) {
                refuse(r, "%sa cell of square %ld is outside the grid", "", s);
                break;
            }
            if (cell_used[y * width + x]++) refuse(r, "%sa cell of square %ld is shared", "", s);
        }
    }
    free(cell_used);
    if (r->code == 1) return 0;
    const jval *rows = array(r, json_get(b, "fen_rows"), MAX_SQ, "board.fen_rows");
    if (!rows) return 0;
    t->nrows = (int)rows->len;
    t->rowlen = calloc(rows->len + 1, sizeof *t->rowlen);
    t->rows = calloc(rows->len + 1, sizeof *t->rows);
    unsigned char *listed = calloc((size_t)t->n, 1);
    if (!t->rowlen || !t->rows || !listed) {
        free(listed);
        return refuse(r, "%sout of memory%ld", "", 0);
    }
    for (int g = 0; g < t->nrows; g++) {
        t->rows[g] = square_list(r, t, rows->items[g], "a FEN row", &t->rowlen[g]);
        if (!t->rows[g]) break;
        for (int i = 0; i < t->rowlen[g]; i++)
            if (listed[t->rows[g][i]]++) refuse(r, "%sfen_rows lists square %ld twice", "", t->rows[g][i]);
    }
    for (int s = 0; s < t->n && !r->code; s++)
        if (!listed[s]) refuse(r, "%ssquare %ld is missing from fen_rows", "", s);
    free(listed);
    if (r->code == 1) return 0;
    const jval *walls = json_get(b, "walls");
    if (walls) {
        walls = array(r, walls, MAX_SQ, "board.walls");
        if (!walls) return 0;
        t->nwalls = (int)walls->len;
        t->walls = calloc(walls->len + 1, sizeof *t->walls);
        if (!t->walls) return refuse(r, "%sout of memory%ld", "", 0);
        for (int k = 0; k < t->nwalls; k++) {
            const jval *w = array(r, walls->items[k], 2, "a wall");
            if (!w) return 0;
            if (w->len != 2) return refuse(r, "%sboard.walls[%ld] is not a pair", "", k);
            if (!int_in(r, w->items[0], 0, t->nrows - 1, "a wall's group", &t->walls[k][0]) ||
                !int_in(r, w->items[1], 0, t->rowlen[t->walls[k][0]], "a wall's index", &t->walls[k][1]))
                return 0;
            if (k > 0 && (t->walls[k - 1][0] > t->walls[k][0] ||
                          (t->walls[k - 1][0] == t->walls[k][0] && t->walls[k - 1][1] > t->walls[k][1])))
                return refuse(r, "%sboard.walls[%ld] is out of order", "", k);
        }
    }

    /* The pieces. */
    const jval *pcs = array(r, json_get(parts, "pieces"), MAX_PC, "pieces");
    if (!pcs) return 0;
    if (pcs->len == 0) return refuse(r, "%sthere are no pieces%ld", "", 0);
    t->np = (int)pcs->len;
    t->pieces = calloc((size_t)t->np, sizeof *t->pieces);
    if (!t->pieces) return refuse(r, "%sout of memory%ld", "", 0);
    for (int i = 0; i < t->np && r->code != 1; i++) {
        const jval *pc = pcs->items[i];
        piece *P = &t->pieces[i];
        P->demotes_to = -1;
        if (!keys_ok(r, pc, "a piece", K_PIECE, K_PIECE_OPT)) return 0;
        const jval *nm = json_get(pc, "name"), *letter = json_get(pc, "letter");
        if (nm->type != J_STR || strlen(nm->str) > 256 || letter->type != J_STR ||
            !is_symbol(letter->str))
            return refuse(r, "%sthe letter of piece %ld is not a symbol", "", i);
        strcpy(P->name, nm->str);
        for (size_t k = 0; letter->str[k]; k++)
            P->letter[k] = (char)toupper((unsigned char)letter->str[k]);
        /* `royal`: "both", "white" or "black" (version 4); absent: not royal. */
        const jval *x = json_get(pc, "royal");
        P->royal = 0;
        if (x) {
            if (x->type == J_STR && !strcmp(x->str, "both"))
                P->royal = 1;
            else if (x->type == J_STR && (!strcmp(x->str, "white") || !strcmp(x->str, "black")))
                unsupported(r, "a piece royal for one side");
            else
                return refuse(r, "%spieces[%ld].royal is not \"both\", \"white\" or \"black\"", "", i);
        }
        int dummy;
        if ((x = json_get(pc, "captured_as"))) int_in(r, x, 0, t->np - 1, "captured_as", &dummy);
        if ((x = json_get(pc, "demotes_to"))) int_in(r, x, 0, t->np - 1, "demotes_to", &P->demotes_to);
        if ((x = json_get(pc, "synonym"))) {
            if (x->type != J_STR || !is_symbol(x->str))
                return refuse(r, "%sthe synonym of piece %ld is not a symbol", "", i);
            for (size_t k = 0; x->str[k]; k++)
                P->synonym[k] = (char)toupper((unsigned char)x->str[k]);
        }
        /* How SAN writes the piece: this reader writes no SAN, but checks it. */
        if ((x = json_get(pc, "notation")) && x->type == J_OBJ) {
            /* {"as": q}: written as another piece (checked for range only). */
            const jval *q = json_get(x, "as");
            if (!q) return refuse(r, "%spieces[%ld].notation has no \"as\"", "", i);
            int_in(r, q, 0, t->np - 1, "notation.as", &dummy);
        } else if (x && (x->type != J_STR ||
                         (strcmp(x->str, "pawn") != 0 && strcmp(x->str, "piece") != 0)))
            return refuse(r, "%spieces[%ld].notation is not \"pawn\", \"piece\" or {\"as\": n}", "", i);
        P->plus = flag(r, pc, "plus", 0);
        if (P->plus) unsupported(r, "plus");
        if ((x = json_get(pc, "promotion_limit")))
            int_in(r, x, 0, 255, "promotion_limit", &P->promotion_limit);
        if ((x = json_get(pc, "cannot_capture")) && x->len) unsupported(r, "cannot_capture");
        if ((x = json_get(pc, "cannot_hop")) && x->len) unsupported(r, "cannot_hop");
        const jval *mv = json_get(pc, "moves");
        if (!mv || mv->type != J_ARR || mv->len != 2)
            return refuse(r, "%spieces[%ld].moves is not [white, black]", "", i);
        for (int side = 0; side < 2; side++) {
            const jval *sides = array(r, mv->items[side], MAX_SQ, "moves");
            if (!sides) return 0;
            if ((int)sides->len != t->n)
                return refuse(r, "%spieces[%ld].moves needs one entry per square", "", i);
            P->moves[side] = calloc((size_t)t->n, sizeof(entry));
            if (!P->moves[side]) return refuse(r, "%sout of memory%ld", "", 0);
            for (int s = 0; s < t->n; s++) {
                const jval *ps = array(r, sides->items[s], 256, "an entry's paths");
                if (!ps) return 0;
                entry *e = &P->moves[side][s];
                e->paths = calloc(ps->len + 1, sizeof *e->paths);
                if (!e->paths) return refuse(r, "%sout of memory%ld", "", 0);
                e->npaths = (int)ps->len;
                for (size_t k = 0; k < ps->len; k++)
                    if (!read_path(r, t, ps->items[k], &e->paths[k])) return 0;
            }
        }
    }
    if (r->code == 1) return 0;
    for (int i = 0; i < t->np; i++)
        for (int j = 0; j < t->np; j++) {
            const char *a = t->pieces[i].letter, *c = t->pieces[j].letter;
            size_t la = strlen(a), lc = strlen(c);
            if (t->pieces[i].plus != t->pieces[j].plus) continue;
            if (i < j && !strcmp(a, c)) return refuse(r, "%spieces share the letter of piece %ld", "", i);
            const char *sa = t->pieces[i].synonym, *sc = t->pieces[j].synonym;
            if (*sa && (!strcmp(sa, c) || (i != j && *sc && !strcmp(sa, sc))))
                return refuse(r, "%spieces share the letter of piece %ld", "", i);
            if (la < lc && !strncmp(a, c, la))
                for (int k = 0; k < t->np; k++)
                    if (!t->pieces[k].plus && t->pieces[k].letter[0] == c[la])
                        return refuse(r, "%sa FEN could not read the symbol of piece %ld", "", j);
        }

    /* Promotions. */
    const jval *x = json_get(parts, "promotions");
    if (x) {
        const jval *ps = array(r, x, 256, "promotions");
        if (!ps) return 0;
        t->npromo = (int)ps->len;
        t->promos = calloc(ps->len + 1, sizeof *t->promos);
        if (!t->promos) return refuse(r, "%sout of memory%ld", "", 0);
        for (int i = 0; i < t->npromo; i++) {
            const jval *pr = ps->items[i];
            promotion *R = &t->promos[i];
            if (!keys_ok(r, pr, "a promotion", K_PROMO, K_PROMO_OPT)) return 0;
            if (!int_in(r, json_get(pr, "piece"), 0, t->np - 1, "a promotion's piece", &R->piece)) return 0;
            if (t->pieces[R->piece].royal) unsupported(r, "a royal piece that promotes");
            const jval *zone = json_get(pr, "zone"), *forced = json_get(pr, "forced");
            if (zone->type != J_ARR || zone->len != 2 || (forced && (forced->type != J_ARR || forced->len != 2)))
                return refuse(r, "%spromotions[%ld]: a zone is not [white, black]", "", i);
            for (int side = 0; side < 2; side++) {
                R->zone[side] = square_set(r, t, zone->items[side], "a zone");
                static const jval empty_list = {J_ARR, 0, 0, NULL, 0, NULL, NULL};
                R->forced[side] = square_set(r, t, forced ? forced->items[side] : &empty_list, "forced");
                if (!R->zone[side] || !R->forced[side]) return 0;
            }
            const jval *ch = array(r, json_get(pr, "choices"), 256, "choices");
            if (!ch) return 0;
            /* Only a compulsory rule may offer nothing (`Pawn -> none`). */
            if (ch->len == 0 && (json_get(pr, "turn") || (json_get(pr, "optional") && json_get(pr, "optional")->type == J_BOOL && json_get(pr, "optional")->b)))
                return refuse(r, "%spromotions[%ld] has no choices but is optional or a turn", "", i);
            R->nchoices = (int)ch->len;
            for (size_t c = 0; c < ch->len; c++) {
                const jval *o = ch->items[c];
                static const char *const K_PIECE_CHOICE[] = {"piece", NULL};
                static const char *const K_HAND_CHOICE[] = {"hand", NULL};
                if (o && o->type == J_OBJ && json_get(o, "hand")) {
                    if (!keys_ok(r, o, "a choice", K_HAND_CHOICE, K_NONE)) return 0;
                    if (!json_get(parts, "drops"))
                        return refuse(r, "%spromotions[%ld] promotes to hand without drops", "", i);
                    unsupported(r, "a promotion to hand");
                    R->choices[c] = -1;
                    continue;
                }
                if (!keys_ok(r, o, "a choice", K_PIECE_CHOICE, K_NONE) ||
                    !int_in(r, json_get(o, "piece"), 0, t->np - 1, "a choice's piece", &R->choices[c]))
                    return 0;
                if (t->pieces[R->choices[c]].royal && !t->pieces[R->piece].royal) {
                    /* Allowed only where a side may have several royal pieces,
                     * or where a royal piece promotes (their count stays). */
                    const jval *leg = json_get(parts, "legality");
                    if (!leg || !json_get(leg, "several_royals"))
                        return refuse(r, "%spromotions[%ld] promotes to a royal piece", "", i);
                }
                for (size_t d = 0; d < c; d++)
                    if (R->choices[d] == R->choices[c])
                        return refuse(r, "%spromotions[%ld] lists a choice twice", "", i);
            }
            R->optional = flag(r, pr, "optional", 0);
            /* The triggers `on`: a set of "start", "end", "pass", "entry",
             * default ["end"], never empty; the subset plays "end" alone. */
            const jval *on = json_get(pr, "on");
            if (on) {
                static const char *const triggers[] = {"start", "end", "pass", "entry"};
                int seen[4] = {0, 0, 0, 0};
                if (on->type != J_ARR || on->len == 0 || on->len > 4)
                    return refuse(r, "%spromotions[%ld].on is not a list of one to four triggers", "", i);
                for (size_t k = 0; k < on->len; k++) {
                    const jval *w = on->items[k];
                    int which = -1;
                    for (int q = 0; q < 4; q++)
                        if (w && w->type == J_STR && !strcmp(w->str, triggers[q])) which = q;
                    if (which < 0 || seen[which]++)
                        return refuse(r, "%spromotions[%ld].on: an unknown or repeated trigger", "", i);
                }
                if (on->len != 1 || !seen[1]) unsupported(r, "a promotion on other squares than the end");
            }
            if (flag(r, pr, "capture_only", 0)) unsupported(r, "capture_only");
            const jval *turn = json_get(pr, "turn");
            if (turn) {
                /* A turn rule: none of the fields of promotions within a move. */
                if (!keys_ok(r, turn, "a turn rule", K_NONE, K_TURN_OPT)) return 0;
                if (on || json_get(pr, "optional") || json_get(pr, "capture_only") || forced)
                    return refuse(r, "%spromotions[%ld]: a turn rule with a field of a move's promotion", "", i);
                unsupported(r, "turn");
            }
        }
    }

    /* Castling. */
    x = json_get(parts, "castling");
    if (x) {
        const jval *cs = array(r, x, 16, "castling");
        if (!cs) return 0;
        t->ncastle = (int)cs->len;
        t->castles = calloc(cs->len + 1, sizeof *t->castles);
        if (!t->castles) return refuse(r, "%sout of memory%ld", "", 0);
        for (int i = 0; i < t->ncastle; i++) {
            const jval *c = cs->items[i];
            castling *C = &t->castles[i];
            if (!keys_ok(r, c, "a castling rule", K_CASTLE, K_CASTLE_OPT)) return 0;
            const jval *fen = json_get(c, "fen");
            if (!int_in(r, json_get(c, "side"), 0, 1, "a castling rule's side", &C->side) ||
                !int_in(r, json_get(c, "king"), 0, t->np - 1, "castling king", &C->king) ||
                !int_in(r, json_get(c, "rook"), 0, t->np - 1, "castling rook", &C->rook) ||
                !int_in(r, json_get(c, "king_from"), 0, t->n - 1, "king_from", &C->king_from) ||
                !int_in(r, json_get(c, "king_to"), 0, t->n - 1, "king_to", &C->king_to) ||
                !int_in(r, json_get(c, "rook_from"), 0, t->n - 1, "rook_from", &C->rook_from) ||
                !int_in(r, json_get(c, "rook_to"), 0, t->n - 1, "rook_to", &C->rook_to))
                return 0;
            if (fen->type != J_STR || strlen(fen->str) != 1 || !isalpha((unsigned char)fen->str[0]))
                return refuse(r, "%scastling[%ld]: the letter is not one ASCII letter", "", i);
            C->fen = fen->str[0];
            C->empty = square_list(r, t, json_get(c, "empty"), "empty", &C->nempty);
            C->safe = square_list(r, t, json_get(c, "safe"), "safe", &C->nsafe);
            if (!C->empty || !C->safe) return 0;
            const jval *line = json_get(c, "line");
            if (line && !(line->type == J_ARR && line->len == 0)) unsupported(r, "free castling");
            if (flag(r, c, "by_drop", 0)) unsupported(r, "by_drop");
            const jval *ends = json_get(c, "ends");
            if (ends && !(ends->type == J_ARR && ends->len == 0)) unsupported(r, "castling ends");
            if (C->king_from == C->rook_from || C->king_to == C->rook_to)
                return refuse(r, "%scastling[%ld]: king and rook on one square", "", i);
            int lands[2] = {C->king_to, C->rook_to};
            for (int k = 0; k < 2; k++) {
                int ok = lands[k] == C->king_from || lands[k] == C->rook_from;
                for (int e = 0; e < C->nempty; e++) ok |= C->empty[e] == lands[k];
                if (!ok) return refuse(r, "%scastling[%ld] lands on a square it does not empty", "", i);
            }
            for (int o = 0; o < i; o++) {
                castling *D = &t->castles[o];
                int same = D->side == C->side && D->king == C->king && D->rook == C->rook &&
                           D->king_from == C->king_from && D->rook_from == C->rook_from;
                if (D->fen == C->fen && !same)
                    return refuse(r, "%scastling[%ld] shares a letter", "", i);
                if (D->side == C->side && D->king_from == C->king_from && D->king_to == C->king_to)
                    return refuse(r, "%scastling[%ld] moves the king as another rule", "", i);
            }
        }
    }

    /* The rest: end rules and what the subset leaves out. */
    const jval *end = json_get(parts, "end");
    if (!keys_ok(r, end, "end", K_END, K_END_OPT)) return 0;
    const jval *stalemate = json_get(end, "stalemate");
    int fewer = stalemate && stalemate->type == J_STR &&
                (!strcmp(stalemate->str, "fewer_pieces") || !strcmp(stalemate->str, "points"));
    if (!outcome_ok(json_get(end, "checkmate")) || !(fewer || outcome_ok(stalemate)))
        return refuse(r, "%san end outcome is not win, draw or loss%ld", "", 0);
    if (fewer) unsupported(r, "stalemate by material");
    const jval *odds = json_get(end, "draw_odds");
    if (odds && (odds->type != J_STR || (strcmp(odds->str, "white") && strcmp(odds->str, "black"))))
        return refuse(r, "%send.draw_odds is not \"white\" or \"black\"%ld", "", 0);
    for (size_t i = 0; i < end->len; i++) {
        const char *k = end->keys[i];
        if (strcmp(k, "checkmate") && strcmp(k, "stalemate") && strcmp(k, "repetition") &&
            strcmp(k, "move_limit") && strcmp(k, "move_limit_claim") && strcmp(k, "resets_move_limit") &&
            strcmp(k, "resets_on") && strcmp(k, "resets_irreversible") && strcmp(k, "counting"))
            unsupported(r, k);
    }
    t->counting = json_get(end, "counting") != NULL;
    if (json_get(parts, "drops")) unsupported(r, "drops");
    if (json_get(parts, "gating")) unsupported(r, "gating");
    const jval *leg = json_get(parts, "legality");
    if (leg) {
        /* Read as far as its words, then outside the subset. */
        if (!keys_ok(r, leg, "legality", K_NONE, r->format == 4 ? K_LEGALITY_OPT_4 : K_LEGALITY_OPT))
            return 0;
        static const char *const passes[] = {"never", "allowed", "when_stuck", NULL};
        static const char *const checks[] = {"allowed", "forbidden", "forbidden_by_drop", NULL};
        if (r->format != 4 && (word(r, leg, "pass", passes, 0) < 0 ||
                               word(r, leg, "giving_check", checks, 0) < 0))
            return 0;
        unsupported(r, "legality");
    }
    if (json_get(parts, "blast")) unsupported(r, "blast (captures that blast)");
    if (json_get(parts, "walling")) unsupported(r, "walling (walls placed by moves)");
    if (json_get(parts, "flipping")) unsupported(r, "flipping (conversion)");
    int royal[2] = {0, 0};
    for (int i = 0; i < t->np; i++) royal[0] |= t->pieces[i].royal;
    royal[1] = royal[0];
    if (!royal[0]) unsupported(r, "no royal piece");
    return 0;
}

int table_read(const char *text, table *t, char *err, size_t errlen) {
    rd r = {err, errlen, 0, 5};
    memset(t, 0, sizeof *t);
    err[0] = 0;
    char jerr[300];
    jval *doc = json_parse(text, jerr, sizeof jerr);
    if (!doc) {
        snprintf(err, errlen, "invalid table JSON: %s", jerr);
        return 1;
    }
    if (keys_ok(&r, doc, "the table", K_TABLE, K_NONE)) {
        if (int_in(&r, json_get(doc, "format"), 4, 5,
                   "format (5, or 4 read as version 5; older versions are refused)", &r.format))
            read_parts(&r, t, json_get(doc, "parts"));
    }
    json_free(doc);
    return r.code;
}

void table_free(table *t) {
    for (int i = 0; t->pieces && i < t->np; i++)
        for (int side = 0; side < 2; side++) {
            entry *es = t->pieces[i].moves[side];
            for (int s = 0; es && s < t->n; s++) {
                for (int k = 0; k < es[s].npaths; k++) {
                    for (int j = 0; j < es[s].paths[k].nsteps; j++) free(es[s].paths[k].steps[j].block);
                    free(es[s].paths[k].steps);
                }
                free(es[s].paths);
            }
            free(es);
        }
    for (int i = 0; t->promos && i < t->npromo; i++)
        for (int side = 0; side < 2; side++) {
            free(t->promos[i].zone[side]);
            free(t->promos[i].forced[side]);
        }
    for (int i = 0; t->castles && i < t->ncastle; i++) {
        free(t->castles[i].empty);
        free(t->castles[i].safe);
    }
    for (int g = 0; t->rows && g < t->nrows; g++) free(t->rows[g]);
    free(t->rows);
    free(t->rowlen);
    free(t->walls);
    free(t->names);
    free(t->pieces);
    free(t->promos);
    free(t->castles);
    memset(t, 0, sizeof *t);
}

/* ---------------------------------------------------------------------
 * Attacks, moves and play
 * ------------------------------------------------------------------- */

static int blocked(const position *p, const step *st) {
    for (int b = 0; b < st->nblock; b++)
        if (p->pc[st->block[b]] >= 0) return 1;
    return 0;
}

/* Whether the hopper path `pa` attacks `sq`: walked with `sq` taken as
 * occupied, the first occupied square is the hurdle and `sq` a landing. */
static int hop_attacks(const position *p, const path *pa, int sq) {
    int over = 0, landed = 0;
    for (int j = 0; j < pa->nsteps; j++) {
        const step *st = &pa->steps[j];
        if (blocked(p, st)) return 0;
        int occupied = st->to == sq || p->pc[st->to] >= 0;
        if (!over) {
            over = occupied;
            continue;
        }
        if (occupied) return st->to == sq;
        landed++;
        if (pa->hop && landed >= pa->hop) return 0;
    }
    return 0;
}

/* Whether side `by` attacks square `sq`. */
static int attacked(const table *t, const position *p, int sq, int by) {
    for (int s = 0; s < t->n; s++) {
        if (p->pc[s] < 0 || p->side[s] != by) continue;
        const entry *e = &t->pieces[p->pc[s]].moves[by][s];
        for (int k = 0; k < e->npaths; k++) {
            const path *pa = &e->paths[k];
            if (!pa->capture && !pa->attack_only) continue;
            if (pa->hop >= 0) {
                if (hop_attacks(p, pa, sq)) return 1;
                continue;
            }
            for (int j = 0; j < pa->nsteps; j++) {
                const step *st = &pa->steps[j];
                if (blocked(p, st)) break;
                if (st->to == sq) return 1;
                if (p->pc[st->to] >= 0) break;
            }
        }
    }
    return 0;
}

static int in_check(const table *t, const position *p, int side) {
    for (int s = 0; s < t->n; s++)
        if (p->pc[s] >= 0 && p->side[s] == side && t->pieces[p->pc[s]].royal &&
            attacked(t, p, s, side ^ 1))
            return 1;
    return 0;
}

static void lose_rights(const table *t, position *p, int sq) {
    for (int i = 0; i < t->ncastle; i++)
        if (t->castles[i].king_from == sq || t->castles[i].rook_from == sq) p->rights &= ~(1u << i);
}

void play(const table *t, position *p, const move *m) {
    int us = p->turn;
    int old_victim = p->ep_victim;
    p->nep = 0;
    p->ep_victim = -1;
    if (m->castle >= 0) {
        const castling *c = &t->castles[m->castle];
        int k = p->pc[c->king_from], km = p->promoted[c->king_from];
        int r = p->pc[c->rook_from], rm = p->promoted[c->rook_from];
        p->pc[c->king_from] = p->pc[c->rook_from] = -1;
        p->pc[c->king_to] = (short)k;
        p->side[c->king_to] = (unsigned char)us;
        p->promoted[c->king_to] = (unsigned char)km;
        p->pc[c->rook_to] = (short)r;
        p->side[c->rook_to] = (unsigned char)us;
        p->promoted[c->rook_to] = (unsigned char)rm;
        lose_rights(t, p, c->king_from);
        lose_rights(t, p, c->rook_from);
    } else {
        int mover = p->pc[m->from], marked = p->promoted[m->from];
        int capture = p->pc[m->to] >= 0 || m->ep;
        if (m->ep && old_victim >= 0) p->pc[old_victim] = -1;
        p->pc[m->from] = -1;
        if (m->promote >= 0) {
            p->pc[m->to] = (short)m->promote;
            p->promoted[m->to] = t->pieces[m->promote].demotes_to >= 0;
        } else {
            p->pc[m->to] = (short)mover;
            p->promoted[m->to] = (unsigned char)marked;
        }
        p->side[m->to] = (unsigned char)us;
        lose_rights(t, p, m->from);
        lose_rights(t, p, m->to);
        if (!capture) {
            /* The first quiet path creating en passant that lands on `to`. */
            const entry *e = &t->pieces[mover].moves[us][m->from];
            for (int k = 0; k < e->npaths && !p->nep; k++) {
                const path *pa = &e->paths[k];
                if (!pa->creates_en_passant || !pa->quiet || pa->hop >= 0 || pa->attack_only) continue;
                for (int j = 0; j < pa->nsteps; j++) {
                    if (pa->steps[j].to != m->to) continue;
                    for (int i = 0; i <= j; i++) {
                        if (i < j && p->nep < 64) p->ep[p->nep++] = pa->steps[i].to;
                        for (int b = 0; b < pa->steps[i].nblock && p->nep < 64; b++)
                            p->ep[p->nep++] = pa->steps[i].block[b];
                    }
                    if (p->nep) p->ep_victim = m->to;
                    break;
                }
            }
        }
    }
    p->turn ^= 1;
}

static int legal(const table *t, const position *p, const move *m) {
    position q = *p;
    play(t, &q, m);
    return !in_check(t, &q, p->turn);
}

static int is_ep_square(const position *p, int s) {
    for (int i = 0; i < p->nep; i++)
        if (p->ep[i] == s) return 1;
    return 0;
}

/* Adds the move (with its promotions) if legal. */
static void emit(const table *t, const position *p, int pc, int from, int to, int ep, move *out,
                 int *n) {
    int us = p->turn;
    int applied = 0, optional = 0;
    int listed[256], nlisted = 0;
    if (!ep)
        for (int i = 0; i < t->npromo; i++) {
            const promotion *r = &t->promos[i];
            if (r->piece != pc || !r->zone[us][to]) continue;
            applied = 1;
            optional |= r->optional && !r->forced[us][to];
            for (int c = 0; c < r->nchoices; c++) {
                int q = r->choices[c], dup = 0;
                for (int l = 0; l < nlisted; l++) dup |= listed[l] == q;
                if (dup) continue;
                listed[nlisted++] = q;
                if (t->pieces[q].promotion_limit) {
                    int have = 0;
                    for (int s = 0; s < t->n; s++) have += p->pc[s] == q && p->side[s] == us;
                    if (have >= t->pieces[q].promotion_limit) continue;
                }
                move m = {from, to, q, 0, -1};
                if (*n < MAX_MOVES && legal(t, p, &m)) out[(*n)++] = m;
            }
        }
    if (!applied || optional) {
        move m = {from, to, -1, ep, -1};
        if (*n < MAX_MOVES && legal(t, p, &m)) out[(*n)++] = m;
    }
}

int legal_moves(const table *t, const position *p, move *out) {
    int n = 0, us = p->turn;
    static int seen_at[MAX_SQ];
    static int stamp = 0;
    for (int from = 0; from < t->n; from++) {
        if (p->pc[from] < 0 || p->side[from] != us) continue;
        int pc = p->pc[from];
        const entry *e = &t->pieces[pc].moves[us][from];
        stamp++;
        for (int k = 0; k < e->npaths; k++) {
            const path *pa = &e->paths[k];
            if (pa->attack_only || pa->hop >= 0) continue;
            for (int j = 0; j < pa->nsteps; j++) {
                const step *st = &pa->steps[j];
                if (blocked(p, st)) break;
                int to = st->to, occupied = p->pc[to] >= 0, ok = 0, ep = 0;
                if (occupied) {
                    if (!(pa->capture && p->side[to] != us)) break;
                    ok = 1;
                } else if (pa->quiet) {
                    ok = 1;
                } else if (pa->en_passant && is_ep_square(p, to)) {
                    ok = ep = 1;
                }
                if (ok) {
                    if (seen_at[to] == stamp) {
                        if (occupied) break;
                        continue;
                    }
                    seen_at[to] = stamp;
                    emit(t, p, pc, from, to, ep, out, &n);
                }
                if (occupied) break;
            }
        }
        /* Then the hopper paths, in table order (the same entry: a
         * destination already given is not given again). */
        for (int k = 0; k < e->npaths; k++) {
            const path *pa = &e->paths[k];
            if (pa->attack_only || pa->hop < 0) continue;
            int over = 0, landed = 0;
            for (int j = 0; j < pa->nsteps; j++) {
                const step *st = &pa->steps[j];
                if (blocked(p, st)) break;
                int to = st->to, occupied = p->pc[to] >= 0;
                if (!over) {
                    over = occupied;
                    continue;
                }
                int ok = occupied ? pa->capture && p->side[to] != us : pa->quiet;
                if (ok && seen_at[to] != stamp) {
                    seen_at[to] = stamp;
                    emit(t, p, pc, from, to, 0, out, &n);
                }
                landed++;
                if (occupied || (pa->hop && landed >= pa->hop)) break;
            }
        }
    }
    for (int i = 0; i < t->ncastle; i++) {
        const castling *c = &t->castles[i];
        if (c->side != us || !(p->rights & (1u << i))) continue;
        int ok = 1;
        for (int e = 0; e < c->nempty; e++) {
            int s = c->empty[e];
            if (s != c->king_from && s != c->rook_from && p->pc[s] >= 0) ok = 0;
        }
        if (ok && t->pieces[c->king].royal) {
            position q = *p;
            q.pc[c->king_from] = -1;
            for (int s = 0; s < c->nsafe && ok; s++)
                if (attacked(t, &q, c->safe[s], us ^ 1)) ok = 0;
        }
        move m = {c->king_from, c->king_to, -1, 0, i};
        if (ok && n < MAX_MOVES && legal(t, p, &m)) out[n++] = m;
    }
    return n;
}

unsigned long long perft(const table *t, const position *p, int depth) {
    if (depth == 0) return 1;
    move *moves = malloc(MAX_MOVES * sizeof *moves);
    if (!moves) return 0;
    int n = legal_moves(t, p, moves);
    unsigned long long total = 0;
    if (depth == 1) {
        total = (unsigned long long)n;
    } else {
        for (int i = 0; i < n; i++) {
            position q = *p;
            play(t, &q, &moves[i]);
            total += perft(t, &q, depth - 1);
        }
    }
    free(moves);
    return total;
}

/* Whether the piece on `from` reaches `target` along a quiet path. */
static int quiet_reach(const table *t, const position *p, int from, int target) {
    const entry *e = &t->pieces[p->pc[from]].moves[p->side[from]][from];
    for (int k = 0; k < e->npaths; k++) {
        const path *pa = &e->paths[k];
        if (!pa->quiet || pa->hop >= 0 || pa->attack_only) continue;
        for (int j = 0; j < pa->nsteps; j++) {
            if (blocked(p, &pa->steps[j])) break;
            if (pa->steps[j].to == target) return 1;
            if (p->pc[pa->steps[j].to] >= 0) break;
        }
    }
    return 0;
}

void move_text(const table *t, const position *p, const move *m, char *out, size_t len) {
    if (m->castle >= 0) {
        const castling *c = &t->castles[m->castle];
        int to = quiet_reach(t, p, c->king_from, c->king_to) ? c->rook_from : c->king_to;
        snprintf(out, len, "%s%s", t->names[c->king_from], t->names[to]);
        return;
    }
    char promo[8] = "";
    if (m->promote >= 0)
        for (size_t i = 0; t->pieces[m->promote].letter[i]; i++)
            promo[i] = (char)tolower((unsigned char)t->pieces[m->promote].letter[i]);
    snprintf(out, len, "%s%s%s", t->names[m->from], t->names[m->to], promo);
}

/* ---------------------------------------------------------------------
 * FEN
 * ------------------------------------------------------------------- */

/* Whether a path reaches `to` having passed over each of the n squares
 * (a step's blocking squares up to `to`, and the steps before it). */
static int passes_over(const path *pa, int to, const int *sq, int n) {
    for (int j = 0; j < pa->nsteps; j++) {
        if (pa->steps[j].to != to) continue;
        int all = 1;
        for (int i = 0; i < n && all; i++) {
            int over = 0;
            for (int k = 0; k <= j && !over; k++) {
                for (int b = 0; b < pa->steps[k].nblock; b++) over |= pa->steps[k].block[b] == sq[i];
                if (k < j) over |= pa->steps[k].to == sq[i];
            }
            all = over;
        }
        if (all) return 1;
    }
    return 0;
}

static int fen_fail(char *err, size_t errlen, const char *msg, const char *what) {
    snprintf(err, errlen, "invalid FEN: %s%s", msg, what);
    return 1;
}

/* The piece whose symbol is the longest that `s` starts with, all in one
 * case; sets *side and *len. -1 if none. */
static int read_symbol(const table *t, const char *s, int *side, size_t *len) {
    int best = -1;
    size_t best_len = 0;
    int white = isupper((unsigned char)s[0]) != 0;
    for (int i = 0; i < 2 * t->np; i++) {
        /* Each piece's symbol, then its second symbol (if any). */
        const char *l = i < t->np ? t->pieces[i].letter : t->pieces[i - t->np].synonym;
        if (!*l) continue;
        size_t k = 0;
        for (; l[k]; k++) {
            char c = white ? l[k] : (char)tolower((unsigned char)l[k]);
            if (s[k] != c) break;
        }
        if (!l[k] && k > best_len) {
            best = i < t->np ? i : i - t->np;
            best_len = k;
        }
    }
    *side = white ? 0 : 1;
    *len = best_len;
    return best;
}

static int must_have_promoted(const table *t, int pc, int side, int s) {
    int compulsory = 0;
    for (int i = 0; i < t->npromo; i++) {
        const promotion *r = &t->promos[i];
        if (r->piece == pc && r->zone[side][s] && (!r->optional || r->forced[side][s])) compulsory = 1;
    }
    if (!compulsory) return 0;
    for (int i = 0; i < t->npromo; i++) {
        const promotion *r = &t->promos[i];
        for (int c = 0; c < r->nchoices; c++)
            if (r->choices[c] == pc && r->zone[side][s]) return 0;
    }
    return 1;
}

/* A number of at most 10 digits in [lo, hi]. */
static int number_in(const char *s, long lo, long hi) {
    size_t n = strlen(s);
    if (n == 0 || n > 10) return 0;
    for (size_t i = 0; i < n; i++)
        if (!isdigit((unsigned char)s[i])) return 0;
    long v = strtol(s, NULL, 10);
    return v >= lo && v <= hi;
}

int fen_read(const table *t, const char *fen, position *p, char *err, size_t errlen) {
    char buf[8192];
    if (strlen(fen) >= sizeof buf) return fen_fail(err, errlen, "too long", "");
    strcpy(buf, fen);
    char *fields[8];
    int nf = 0;
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
        if (nf == 6) return fen_fail(err, errlen, "more than six fields", "");
        fields[nf++] = tok;
    }
    if (nf < 2) return fen_fail(err, errlen, "the side to move is missing", "");
    memset(p, 0, sizeof *p);
    for (int s = 0; s < MAX_SQ; s++) p->pc[s] = -1;
    p->ep_victim = -1;
    char *board = fields[0], *hands = NULL;
    char *br = strchr(board, '[');
    if (br) {
        size_t l = strlen(br);
        if (br[l - 1] != ']') return fen_fail(err, errlen, "unclosed hands", "");
        br[l - 1] = 0;
        hands = br + 1;
        *br = 0;
    } else {
        int slashes = 0;
        for (char *c = board; *c; c++) slashes += *c == '/';
        if (slashes == t->nrows) {
            hands = strrchr(board, '/');
            *hands++ = 0;
        }
    }
    if (hands)
        for (char *c = hands; *c; c++)
            if (*c != '-') return fen_fail(err, errlen, "hands in a variant without drops", "");
    char *text = board;
    for (int g = 0; g < t->nrows; g++) {
        char *slash = strchr(text, '/');
        if (g < t->nrows - 1 && !slash) return fen_fail(err, errlen, "too few rows", "");
        if (g == t->nrows - 1 && slash) return fen_fail(err, errlen, "too many rows", "");
        if (slash) *slash = 0;
        int i = 0;
        /* w: the next wall of this group in board.walls. */
        int w = 0;
        while (w < t->nwalls && t->walls[w][0] < g) w++;
#define WALL_DUE(last) (w < t->nwalls && t->walls[w][0] == g && t->walls[w][1] <= (last))
        const char *c = text;
        while (*c) {
            if (*c == '*') {
                if (!(w < t->nwalls && t->walls[w][0] == g && t->walls[w][1] == i))
                    return fen_fail(err, errlen, "a `*` where the board has no wall in ", text);
                w++;
                c++;
                continue;
            }
            if (isdigit((unsigned char)*c)) {
                if (*c == '0') return fen_fail(err, errlen, "a run of empty squares starts with 0 in ", text);
                long run = strtol(c, (char **)&c, 10);
                if (i + run > t->rowlen[g]) return fen_fail(err, errlen, "a run goes past its row in ", text);
                if (WALL_DUE(i + run - 1)) return fen_fail(err, errlen, "a wall missing in ", text);
                i += (int)run;
                continue;
            }
            if (WALL_DUE(i)) return fen_fail(err, errlen, "a wall missing in ", text);
            int side;
            size_t len;
            int pc = read_symbol(t, c, &side, &len);
            if (pc < 0) return fen_fail(err, errlen, "an unknown piece in ", text);
            c += len;
            if (i >= t->rowlen[g]) return fen_fail(err, errlen, "too many squares in ", text);
            int s = t->rows[g][i++];
            p->pc[s] = (short)pc;
            p->side[s] = (unsigned char)side;
            if (*c == '~') {
                if (t->pieces[pc].demotes_to < 0)
                    return fen_fail(err, errlen, "a piece that cannot carry the mark: ", text);
                p->promoted[s] = 1;
                c++;
            }
        }
        if (i != t->rowlen[g]) return fen_fail(err, errlen, "too few squares in ", text);
        if (WALL_DUE(i)) return fen_fail(err, errlen, "a wall missing in ", text);
#undef WALL_DUE
        text = slash ? slash + 1 : text + strlen(text);
    }
    if (!strcmp(fields[1], "w")) p->turn = 0;
    else if (!strcmp(fields[1], "b")) p->turn = 1;
    else return fen_fail(err, errlen, "the side to move is not w or b: ", fields[1]);
    if (nf > 2 && strcmp(fields[2], "-")) {
        for (const char *c = fields[2]; *c; c++) {
            int found = 0;
            for (int i = 0; i < t->ncastle; i++)
                if (t->castles[i].fen == *c) {
                    p->rights |= 1u << i;
                    found = 1;
                }
            if (!found) return fen_fail(err, errlen, "an unknown castling letter in ", fields[2]);
        }
        for (int i = 0; i < t->ncastle; i++) {
            const castling *c = &t->castles[i];
            if (!(p->rights & (1u << i))) continue;
            if (p->pc[c->king_from] != c->king || p->side[c->king_from] != c->side ||
                p->pc[c->rook_from] != c->rook || p->side[c->rook_from] != c->side)
                return fen_fail(err, errlen, "a castling right without its pieces: ", fields[2]);
        }
    }
    if (nf > 3 && t->counting && number_in(fields[3], 0, 1000000000)) {
        /* A running count's limit in place of the en-passant square
         * (perft does not apply counting). */
    } else if (nf > 3 && strcmp(fields[3], "-")) {
        /* One square's name, or several written one after another (`e3e4`,
         * as the current Fairy-Stockfish writes them), each the longest
         * name the rest of the field starts with. */
        int passed[64], npassed = 0, landed = -1;
        for (const char *rest = fields[3]; *rest;) {
            int e = -1;
            size_t len = 0;
            for (int s = 0; s < t->n; s++) {
                size_t l = strlen(t->names[s]);
                if (l > len && !strncmp(t->names[s], rest, l)) e = s, len = l;
            }
            if (e < 0 || npassed == 64)
                return fen_fail(err, errlen, "an unknown en-passant square ", fields[3]);
            /* An occupied square is the victim's own (the current
             * Fairy-Stockfish lists it; fairyc does where the squares
             * passed leave the victim in doubt). */
            if (p->pc[e] < 0)
                passed[npassed++] = e;
            else if (landed < 0 || landed == e)
                landed = e;
            else
                return fen_fail(err, errlen, "several occupied en-passant squares in ", fields[3]);
            rest += len;
        }
        /* The victim: the first enemy piece (on the occupied square, if
         * one is listed) on `to` that a creating path from an empty square
         * brought over every empty listed square. */
        int them = p->turn ^ 1;
        for (int to = 0; to < t->n && p->ep_victim < 0 && npassed; to++) {
            if (p->pc[to] < 0 || p->side[to] != them || (landed >= 0 && to != landed)) continue;
            for (int from = 0; from < t->n && p->ep_victim < 0; from++) {
                if (p->pc[from] >= 0) continue;
                const entry *en = &t->pieces[p->pc[to]].moves[them][from];
                for (int k = 0; k < en->npaths; k++) {
                    const path *pa = &en->paths[k];
                    if (pa->creates_en_passant && pa->quiet && passes_over(pa, to, passed, npassed))
                        p->ep_victim = to;
                }
            }
        }
        if (p->ep_victim < 0) return fen_fail(err, errlen, "no enemy move passed over ", fields[3]);
        p->nep = npassed;
        for (int i = 0; i < npassed; i++) p->ep[i] = passed[i];
    }
    if (nf > 4 && !number_in(fields[4], 0, 1000000000))
        return fen_fail(err, errlen, "a bad half-move clock ", fields[4]);
    if (nf > 5 && !number_in(fields[5], 1, 1000000000))
        return fen_fail(err, errlen, "a bad move number ", fields[5]);
    int royals[2] = {0, 0}, has_royal = 0;
    for (int i = 0; i < t->np; i++) has_royal |= t->pieces[i].royal;
    for (int s = 0; s < t->n; s++) {
        if (p->pc[s] < 0) continue;
        if (t->pieces[p->pc[s]].royal) royals[p->side[s]]++;
        if (must_have_promoted(t, p->pc[s], p->side[s], s))
            return fen_fail(err, errlen, "a piece that must have promoted on ", t->names[s]);
    }
    if (has_royal && (royals[0] != 1 || royals[1] != 1))
        return fen_fail(err, errlen, "a side without exactly one royal piece", "");
    if (in_check(t, p, p->turn ^ 1)) return fen_fail(err, errlen, "the side not to move is in check", "");
    return 0;
}
