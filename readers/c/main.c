/* fairyc-table: a minimal C reader of fairyc's move tables.
 *
 *   fairyc-table moves TABLE.json [FEN]        the legal moves, sorted, one a line
 *   fairyc-table perft TABLE.json DEPTH [FEN]  the perft count
 *   fairyc-table kit KIT_DIR [--only STEM,...] runs the conformance kit
 *
 * Exit codes: 0 success, 1 a failure (kit) or a refused table or FEN,
 * 2 a table outside the subset this reader plays (readers/c/README.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reader.h"

static char *read_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    for (;;) {
        if (!buf) break;
        if (n + 4096 >= cap) {
            char *b = realloc(buf, cap * 2);
            if (!b) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = b;
            cap *= 2;
        }
        size_t r = fread(buf + n, 1, cap - n - 1, f);
        n += r;
        if (r == 0) break;
    }
    fclose(f);
    if (buf) buf[n] = 0;
    return buf;
}

static int cmp_str(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The sorted move texts of `p`, as one space-separated line. */
static char *move_line(const table *t, const position *p, int *count) {
    move *moves = malloc(MAX_MOVES * sizeof *moves);
    char **texts = malloc(MAX_MOVES * sizeof *texts);
    char *line = malloc((size_t)MAX_MOVES * 24 + 1);
    if (!moves || !texts || !line) exit(3);
    int n = legal_moves(t, p, moves);
    for (int i = 0; i < n; i++) {
        texts[i] = malloc(24);
        if (!texts[i]) exit(3);
        move_text(t, p, &moves[i], texts[i], 24);
    }
    qsort(texts, (size_t)n, sizeof *texts, cmp_str);
    line[0] = 0;
    size_t len = 0;
    for (int i = 0; i < n; i++) {
        len += (size_t)sprintf(line + len, "%s%s", i ? " " : "", texts[i]);
        free(texts[i]);
    }
    free(texts);
    free(moves);
    *count = n;
    return line;
}

static int load(const char *path, table *t) {
    char err[512];
    char *text = read_file(path);
    if (!text) {
        fprintf(stderr, "cannot read %s\n", path);
        return 1;
    }
    int code = table_read(text, t, err, sizeof err);
    free(text);
    if (code) fprintf(stderr, "%s: %s\n", path, err);
    return code;
}

/* The next line of `*cur` (NUL-terminated in place), or NULL. */
static char *next_line(char **cur) {
    char *line = *cur;
    if (!line || !*line) return NULL;
    char *nl = strchr(line, '\n');
    if (nl) {
        *nl = 0;
        *cur = nl + 1;
    } else {
        *cur = line + strlen(line);
    }
    return line;
}

static int in_list(const char *list, const char *stem) {
    if (!list) return 1;
    size_t n = strlen(stem);
    for (const char *c = list; (c = strstr(c, stem)); c++)
        if ((c == list || c[-1] == ',') && (c[n] == ',' || c[n] == 0)) return 1;
    return 0;
}

/* Runs the kit in `dir`. */
static int kit(const char *dir, const char *only) {
    char path[4096], err[512];
    long passed = 0, failed = 0, skipped = 0;
    int variants = 0, skipped_variants = 0;
    snprintf(path, sizeof path, "%s/cases/INDEX.txt", dir);
    char *index = read_file(path);
    if (!index) {
        fprintf(stderr, "cannot read %s\n", path);
        return 1;
    }
    /* Which variants are inside the subset, for the FEN refusals. */
    char inside[8192] = ",";
    char *cur = index;
    for (char *line; (line = next_line(&cur));) {
        if (line[0] == '#') continue;
        char stem[256];
        if (sscanf(line, "%255s", stem) != 1 || !in_list(only, stem)) continue;
        table t;
        snprintf(path, sizeof path, "%s/tables/%s.json", dir, stem);
        char *text = read_file(path);
        if (!text) {
            fprintf(stderr, "cannot read %s\n", path);
            return 1;
        }
        int code = table_read(text, &t, err, sizeof err);
        free(text);
        if (code == 2) {
            skipped_variants++;
            printf("%-20s skip (%s)\n", stem, err);
            table_free(&t);
            continue;
        }
        if (code == 1) {
            printf("%-20s FAIL: the table is refused: %s\n", stem, err);
            failed++;
            table_free(&t);
            continue;
        }
        variants++;
        if (strlen(inside) + strlen(stem) + 2 < sizeof inside) {
            strcat(inside, stem);
            strcat(inside, ",");
        }
        snprintf(path, sizeof path, "%s/cases/%s.txt", dir, stem);
        char *cases = read_file(path);
        if (!cases) {
            fprintf(stderr, "cannot read %s\n", path);
            return 1;
        }
        long bad = 0, checks = 0;
        position p;
        int have = 0;
        char fen[8192] = "";
        for (char *l = cases, *next; l && *l; l = next) {
            next = strchr(l, '\n');
            if (next) *next++ = 0;
            if (!strncmp(l, "fen ", 4)) {
                snprintf(fen, sizeof fen, "%s", l + 4);
                have = fen_read(&t, fen, &p, err, sizeof err) == 0;
                checks++;
                if (!have) {
                    bad++;
                    printf("    %s: the FEN is refused: %s\n", fen, err);
                }
            } else if (!strncmp(l, "moves ", 6) && have) {
                int n;
                char *line = move_line(&t, &p, &n);
                const char *want = strchr(l + 6, ' ');
                want = want ? want + 1 : "";
                checks++;
                if (strcmp(line, want) != 0) {
                    bad++;
                    printf("    moves at %s\n      kit:    %s\n      reader: %s\n", fen, want, line);
                }
                free(line);
            } else if (!strncmp(l, "perft ", 6) && have) {
                int d;
                unsigned long long want;
                if (sscanf(l + 6, "%d %llu", &d, &want) != 2) continue;
                unsigned long long got = perft(&t, &p, d);
                checks++;
                if (got != want) {
                    bad++;
                    printf("    perft %d at %s: %llu, the kit says %llu\n", d, fen, got, want);
                }
            }
        }
        free(cases);
        table_free(&t);
        printf("%-20s %s %ld checks\n", stem, bad ? "FAIL" : "ok  ", checks);
        fflush(stdout);
        passed += checks - bad;
        failed += bad;
    }
    free(index);

    /* Broken tables: every one must be refused. */
    snprintf(path, sizeof path, "%s/refusals/tables.txt", dir);
    char *list = read_file(path);
    if (!list) return 1;
    cur = list;
    for (char *line; (line = next_line(&cur));) {
        if (line[0] == '#') continue;
        char *tab = strchr(line, '\t');
        if (tab) *tab = 0;
        table t;
        snprintf(path, sizeof path, "%s/refusals/tables/%s", dir, line);
        char *text = read_file(path);
        int code = text ? table_read(text, &t, err, sizeof err) : 0;
        free(text);
        table_free(&t);
        if (code == 1) {
            passed++;
        } else {
            failed++;
            printf("refusal %s FAIL: %s\n", line, code ? err : "the table reads");
        }
    }
    free(list);

    /* Broken FENs of the variants inside the subset. */
    snprintf(path, sizeof path, "%s/refusals/fens.txt", dir);
    list = read_file(path);
    if (!list) return 1;
    cur = list;
    for (char *line; (line = next_line(&cur));) {
        if (line[0] == '#') continue;
        char *fen = strchr(line, '\t');
        if (!fen) continue;
        *fen++ = 0;
        char *tab = strchr(fen, '\t');
        if (tab) *tab = 0;
        char key[300];
        snprintf(key, sizeof key, ",%s,", line);
        if (!in_list(only, line)) continue;
        if (!strstr(inside, key)) {
            skipped++;
            continue;
        }
        table t;
        snprintf(path, sizeof path, "%s/tables/%s.json", dir, line);
        if (load(path, &t) != 0) return 1;
        position p;
        if (fen_read(&t, fen, &p, err, sizeof err) == 1) {
            passed++;
        } else {
            failed++;
            printf("refusal %s %s FAIL: the FEN reads\n", line, fen);
        }
        table_free(&t);
    }
    free(list);
    printf("%d variants played, %d outside the subset; %ld FEN refusals of other variants skipped\n",
           variants, skipped_variants, skipped);
    printf("%ld passed, %ld failed, %ld skipped\n", passed, failed, skipped + skipped_variants);
    return failed ? 1 : 0;
}

int main(int argc, char **argv) {
    if (argc >= 3 && !strcmp(argv[1], "kit")) {
        const char *only = argc >= 5 && !strcmp(argv[3], "--only") ? argv[4] : NULL;
        return kit(argv[2], only);
    }
    int is_perft = argc >= 4 && !strcmp(argv[1], "perft");
    int is_moves = argc >= 3 && !strcmp(argv[1], "moves");
    if (!is_perft && !is_moves) {
        fprintf(stderr, "usage: fairyc-table moves TABLE.json [FEN]\n"
                        "       fairyc-table perft TABLE.json DEPTH [FEN]\n"
                        "       fairyc-table kit KIT_DIR [--only STEM,...]\n");
        return 1;
    }
    table t;
    int code = load(argv[2], &t);
    if (code) return code;
    const char *fen = is_perft ? (argc > 4 ? argv[4] : t.start) : (argc > 3 ? argv[3] : t.start);
    position p;
    char err[512];
    if (fen_read(&t, fen, &p, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        table_free(&t);
        return 1;
    }
    if (is_perft) {
        printf("%llu\n", perft(&t, &p, atoi(argv[3])));
    } else {
        int n;
        char *line = move_line(&t, &p, &n);
        for (char *c = line; *c; c++)
            if (*c == ' ') *c = '\n';
        if (n) printf("%s\n", line);
        free(line);
    }
    table_free(&t);
    return 0;
}
