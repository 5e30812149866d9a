/* A minimal reader of fairyc's move tables (docs/table-format.md) for the
 * chess-like subset that readers/c/README.md defines. */
#ifndef FAIRYC_READER_H
#define FAIRYC_READER_H

#include <stddef.h>

#define MAX_SQ 1024
#define MAX_PC 128
#define MAX_MOVES 4096

typedef struct {
    int to;
    int nblock;
    int *block;
} step;

typedef struct {
    int nsteps;
    step *steps;
    int quiet, capture, en_passant, creates_en_passant;
    int hop;         /* -1: no hopper; else the most landings beyond the hurdle, 0: any */
    int attack_only; /* no move; attacks only */
} path;

typedef struct {
    int npaths;
    path *paths;
} entry;

typedef struct {
    char name[260];
    char letter[8]; /* upper case */
    char synonym[8]; /* a second symbol read in FEN, upper case; "" if none */
    int royal;
    int plus;       /* outside the subset; read for the symbol checks */
    int demotes_to; /* -1: none */
    int promotion_limit; /* 0: none */
    entry *moves[2]; /* moves[side][square] */
} piece;

typedef struct {
    int piece;
    unsigned char *zone[2]; /* zone[side][square] */
    unsigned char *forced[2];
    int nchoices;
    int choices[256];
    int optional;
} promotion;

typedef struct {
    int side;
    char fen;
    int king, king_from, king_to, rook, rook_from, rook_to;
    int nempty, nsafe;
    int *empty, *safe;
} castling;

typedef struct {
    int n;
    char (*names)[260];
    int nrows;
    int *rowlen;
    int **rows;
    int nwalls;
    int (*walls)[2]; /* board.walls: a `*` in group walls[k][0] before its walls[k][1]-th square */
    int np;
    piece *pieces;
    int npromo;
    promotion *promos;
    int ncastle;
    castling *castles;
    char start[4096];
    int counting; /* end.counting: a FEN may hold a count in place of en passant */
} table;

typedef struct {
    short pc[MAX_SQ];    /* -1 empty */
    unsigned char side[MAX_SQ];
    unsigned char promoted[MAX_SQ];
    int turn;
    unsigned rights;     /* bit i: castling rule i */
    int nep;
    int ep[64];          /* en-passant squares */
    int ep_victim;       /* -1: none */
} position;

typedef struct {
    int from, to;
    int promote;  /* -1: none, else the piece */
    int ep;       /* an en-passant capture */
    int castle;   /* -1, or the castling rule */
} move;

/* Reads a table. Returns 0 and fills `t`; 1 if the table must be refused
 * (message in err); 2 if it is valid but outside the subset (in err). */
int table_read(const char *text, table *t, char *err, size_t errlen);
void table_free(table *t);
/* Reads a FEN: 0 on success, 1 if it must be refused (message in err). */
int fen_read(const table *t, const char *fen, position *p, char *err, size_t errlen);
/* The legal moves; returns their number. */
int legal_moves(const table *t, const position *p, move *out);
void play(const table *t, position *p, const move *m);
unsigned long long perft(const table *t, const position *p, int depth);
/* Writes the move as fairyc writes it. */
void move_text(const table *t, const position *p, const move *m, char *out, size_t len);

#endif
