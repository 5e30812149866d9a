/* A small JSON parser for the table reader: the whole text into a tree.
 * Numbers are kept as doubles (a table's numbers are integers; the reader
 * checks that they are). Objects keep their keys in order; a key given
 * twice is an error. */
#ifndef FAIRYC_JSON_H
#define FAIRYC_JSON_H

#include <stddef.h>

typedef enum { J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ } jtype;

typedef struct jval {
    jtype type;
    int b;             /* J_BOOL */
    double num;        /* J_NUM */
    char *str;         /* J_STR */
    size_t len;        /* J_ARR, J_OBJ: number of items */
    struct jval **items;
    char **keys;       /* J_OBJ: items[i] is the value of keys[i] */
} jval;

/* Parses `text`; on error returns NULL and writes a message to err. */
jval *json_parse(const char *text, char *err, size_t errlen);
void json_free(jval *v);
/* The value of `key` in object `o`, or NULL (also when `o` is no object). */
const jval *json_get(const jval *o, const char *key);

#endif
