/* gamefile: the pbmserv "GameFile" syntax (contract 10) — named entries "(name tok ...)" on one line or "(name",
 * one item a line, ")" — split into entries with their line numbers, and items written back escaped. It knows
 * no entry's meaning: boardfile.c holds the table of Genetess entries. */
#ifndef GENETESS_GAMEFILE_H
#define GENETESS_GAMEFILE_H

#include "util.h"

/* One entry: "(name rest)" on one line, or multi-line with its items (unescaped) and their line numbers. The
 * name, rest and items are slices of the GameFile's copy of the text (each ended by a '\0' written over the byte
 * after it): the entry owns only the arrays of items and lines. */
typedef struct GameEntry {
    char *name;
    int line;
    bool multi;
    char *rest;     /* one-line entry: text after the name */
    StrList items;  /* multi-line entry: items, unescaped; the strings are not the list's (sl_free does not apply) */
    int *lines;     /* line number of each item (items.cap of them) */
} GameEntry;

/* A text being read: its entries, and where errors go ("<name>:<line>: reason"). */
typedef struct GameFile {
    const char *name;
    char *text;   /* the copy of the text the entries are slices of */
    GameEntry *e;
    int n, cap;
    Err *err;
    int err_line; /* the line gamefile_error last named (0: none) */
    const char *only; /* gamefile_split keeps the items of this entry alone and stops once it is closed (NULL:
                       * every entry's): one entry of a text, read by the same rules */
} GameFile;

/* Fails with "<ps->name>:<line>: <formatted reason>" into ps->err, and line into ps->err_line; returns -1. */
int gamefile_error(GameFile *ps, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Frees ps's entries and its copy of the text. */
void gamefile_free(GameFile *ps);
/* Splits a copy of text into ps's entries; 0, or -1 with the first syntax error. */
int gamefile_split(GameFile *ps, const char *text);
/* gamefile_split of text itself (malloc'd; ps frees it): no copy. */
int gamefile_split_take(GameFile *ps, char *text);
/* The entry called name, NULL when absent or wrong; *rc = -1 (with the error) when it is duplicated, of the
 * wrong kind (multi), or required and missing. */
GameEntry *gamefile_find(GameFile *ps, const char *name, bool multi, bool required, int *rc);
/* Appends one item line of a multi-line entry to o: a line starting with ( ) \ or white space gets a "\". */
void gamefile_put_item(Buf *o, const char *line);
/* Whether the item line of n bytes at line is written with a leading "\\" (gamefile_put_item). */
bool gamefile_item_escaped(const char *line, size_t n);
/* gamefile_put_item of the n bytes at line (no newline among them). */
void gamefile_put_itemn(Buf *o, const char *line, size_t n);

#endif
