/* A small JSON parser (RFC 8259), written for the table reader. */
#include "json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const char *p;
    char *err;
    size_t errlen;
    int depth;
} parser;

static void fail(parser *ps, const char *msg) {
    if (ps->err[0] == 0) snprintf(ps->err, ps->errlen, "%s", msg);
}

static void skip_ws(parser *ps) {
    while (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\n' || *ps->p == '\r') ps->p++;
}

static jval *new_val(jtype t) {
    jval *v = calloc(1, sizeof *v);
    if (v) v->type = t;
    return v;
}

static int push(jval *v, jval *item, char *key, size_t *cap) {
    if (v->len == *cap) {
        size_t n = *cap ? *cap * 2 : 4;
        jval **items = realloc(v->items, n * sizeof *items);
        if (!items) return 0;
        v->items = items;
        if (v->type == J_OBJ) {
            char **keys = realloc(v->keys, n * sizeof *keys);
            if (!keys) return 0;
            v->keys = keys;
        }
        *cap = n;
    }
    v->items[v->len] = item;
    if (v->type == J_OBJ) v->keys[v->len] = key;
    v->len++;
    return 1;
}

static void put_utf8(char *out, size_t *n, unsigned cp) {
    if (cp < 0x80) {
        out[(*n)++] = (char)cp;
    } else if (cp < 0x800) {
        out[(*n)++] = (char)(0xC0 | (cp >> 6));
        out[(*n)++] = (char)(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out[(*n)++] = (char)(0xE0 | (cp >> 12));
        out[(*n)++] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[(*n)++] = (char)(0x80 | (cp & 0x3F));
    } else {
        out[(*n)++] = (char)(0xF0 | (cp >> 18));
        out[(*n)++] = (char)(0x80 | ((cp >> 12) & 0x3F));
        out[(*n)++] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[(*n)++] = (char)(0x80 | (cp & 0x3F));
    }
}

static int hex4(const char *s, unsigned *out) {
    unsigned v = 0;
    for (int i = 0; i < 4; i++) {
        char c = s[i];
        v <<= 4;
        if (c >= '0' && c <= '9') v |= (unsigned)(c - '0');
        else if (c >= 'a' && c <= 'f') v |= (unsigned)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F') v |= (unsigned)(c - 'A' + 10);
        else return 0;
    }
    *out = v;
    return 1;
}

/* A string after its opening quote; NULL on error. */
static char *parse_string(parser *ps) {
    const char *s = ps->p;
    size_t cap = 0;
    while (s[cap] && s[cap] != '"') cap += (s[cap] == '\\' && s[cap + 1]) ? 2 : 1;
    char *out = malloc(cap * 2 + 1);
    if (!out) {
        fail(ps, "out of memory");
        return NULL;
    }
    size_t n = 0;
    for (;;) {
        unsigned char c = (unsigned char)*ps->p;
        if (c == 0) {
            fail(ps, "unterminated string");
            free(out);
            return NULL;
        }
        ps->p++;
        if (c == '"') break;
        if (c < 0x20) {
            fail(ps, "a control character in a string");
            free(out);
            return NULL;
        }
        if (c != '\\') {
            out[n++] = (char)c;
            continue;
        }
        char e = *ps->p++;
        switch (e) {
        case '"': out[n++] = '"'; break;
        case '\\': out[n++] = '\\'; break;
        case '/': out[n++] = '/'; break;
        case 'b': out[n++] = '\b'; break;
        case 'f': out[n++] = '\f'; break;
        case 'n': out[n++] = '\n'; break;
        case 'r': out[n++] = '\r'; break;
        case 't': out[n++] = '\t'; break;
        case 'u': {
            unsigned cp;
            if (!hex4(ps->p, &cp)) {
                fail(ps, "a bad \\u escape");
                free(out);
                return NULL;
            }
            ps->p += 4;
            if (cp >= 0xD800 && cp < 0xDC00 && ps->p[0] == '\\' && ps->p[1] == 'u') {
                unsigned lo;
                if (hex4(ps->p + 2, &lo) && lo >= 0xDC00 && lo < 0xE000) {
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                    ps->p += 6;
                }
            }
            put_utf8(out, &n, cp);
            break;
        }
        default:
            fail(ps, "a bad escape in a string");
            free(out);
            return NULL;
        }
    }
    out[n] = 0;
    return out;
}

static jval *parse_value(parser *ps);

static jval *parse_number(parser *ps) {
    const char *s = ps->p;
    if (*s == '-') s++;
    if (*s == '0') s++;
    else if (*s >= '1' && *s <= '9') while (*s >= '0' && *s <= '9') s++;
    else {
        fail(ps, "unexpected character");
        return NULL;
    }
    if (*s == '.') {
        s++;
        if (!(*s >= '0' && *s <= '9')) {
            fail(ps, "a bad number");
            return NULL;
        }
        while (*s >= '0' && *s <= '9') s++;
    }
    if (*s == 'e' || *s == 'E') {
        s++;
        if (*s == '+' || *s == '-') s++;
        if (!(*s >= '0' && *s <= '9')) {
            fail(ps, "a bad number");
            return NULL;
        }
        while (*s >= '0' && *s <= '9') s++;
    }
    jval *v = new_val(J_NUM);
    if (!v) return NULL;
    v->num = strtod(ps->p, NULL);
    ps->p = s;
    return v;
}

static jval *parse_value(parser *ps) {
    skip_ws(ps);
    if (++ps->depth > 64) {
        fail(ps, "nested too deep");
        return NULL;
    }
    jval *v = NULL;
    char c = *ps->p;
    if (c == '{' || c == '[') {
        int obj = c == '{';
        ps->p++;
        v = new_val(obj ? J_OBJ : J_ARR);
        if (!v) return NULL;
        size_t cap = 0;
        skip_ws(ps);
        if (*ps->p == (obj ? '}' : ']')) {
            ps->p++;
        } else {
            for (;;) {
                char *key = NULL;
                skip_ws(ps);
                if (obj) {
                    if (*ps->p != '"') {
                        fail(ps, "expected a key");
                        break;
                    }
                    ps->p++;
                    key = parse_string(ps);
                    if (!key) break;
                    for (size_t i = 0; i < v->len; i++)
                        if (strcmp(v->keys[i], key) == 0) {
                            char msg[300];
                            snprintf(msg, sizeof msg, "field `%.200s` given twice", key);
                            fail(ps, msg);
                        }
                    skip_ws(ps);
                    if (*ps->p != ':') fail(ps, "expected `:`");
                    else ps->p++;
                    if (ps->err[0]) {
                        free(key);
                        break;
                    }
                }
                jval *item = parse_value(ps);
                if (!item || !push(v, item, key, &cap)) {
                    free(key);
                    json_free(item);
                    fail(ps, "out of memory");
                    break;
                }
                skip_ws(ps);
                if (*ps->p == ',') {
                    ps->p++;
                    continue;
                }
                if (*ps->p == (obj ? '}' : ']')) {
                    ps->p++;
                    break;
                }
                fail(ps, obj ? "expected `,` or `}`" : "expected `,` or `]`");
                break;
            }
        }
    } else if (c == '"') {
        ps->p++;
        char *s = parse_string(ps);
        if (s) {
            v = new_val(J_STR);
            if (v) v->str = s;
            else free(s);
        }
    } else if (strncmp(ps->p, "true", 4) == 0 || strncmp(ps->p, "false", 5) == 0) {
        v = new_val(J_BOOL);
        if (v) v->b = c == 't';
        ps->p += c == 't' ? 4 : 5;
    } else if (strncmp(ps->p, "null", 4) == 0) {
        v = new_val(J_NULL);
        ps->p += 4;
    } else {
        v = parse_number(ps);
    }
    ps->depth--;
    if (ps->err[0]) {
        json_free(v);
        return NULL;
    }
    return v;
}

jval *json_parse(const char *text, char *err, size_t errlen) {
    parser ps = {text, err, errlen, 0};
    err[0] = 0;
    jval *v = parse_value(&ps);
    if (v) {
        skip_ws(&ps);
        if (*ps.p) {
            fail(&ps, "text after the JSON value");
            json_free(v);
            return NULL;
        }
    } else if (!err[0]) {
        fail(&ps, "not JSON");
    }
    return v;
}

void json_free(jval *v) {
    if (!v) return;
    for (size_t i = 0; i < v->len; i++) {
        json_free(v->items[i]);
        if (v->keys) free(v->keys[i]);
    }
    free(v->items);
    free(v->keys);
    free(v->str);
    free(v);
}

const jval *json_get(const jval *o, const char *key) {
    if (!o || o->type != J_OBJ) return NULL;
    for (size_t i = 0; i < o->len; i++)
        if (strcmp(o->keys[i], key) == 0) return o->items[i];
    return NULL;
}
