/* boardfile: the GameFile format (contract 10) as one table of entries; reading and writing are loops over it. */
#ifndef GENETESS_BOARDFILE_H
#define GENETESS_BOARDFILE_H

#include "board.h"

/* Writes the whole board in GameFile syntax. Caller frees. */
char *boardfile_write(const Board *b);
/* Writes only the entries verify compares (no clock, holidays, quiet, queues, news, ebook, known, knownspecials,
 * initial): the replay comparison text. Caller frees. */
char *boardfile_write_core(const Board *b);
/* Reads board text into a new Board that passes board_check; name is used in messages ("<name>:<line>: reason",
 * or "<name>: reason" for a broken invariant). Returns NULL and fills err. */
Board *boardfile_parse(const char *text, const char *name, Err *err);
/* Where a board file was found wrong: the reason, as boardfile_parse words it, and its place. */
typedef struct BoardfileError {
    Err err;
    int line; /* the line of the file the reason is at (the "<line>" of its message); 0: the board as a whole */
} BoardfileError;
/* boardfile_parse, with the place of a failure in e->line. */
Board *boardfile_parse_at(const char *text, const char *name, BoardfileError *e);
/* boardfile_parse_at of text itself (malloc'd; freed here either way): no copy of a whole board file. */
Board *boardfile_parse_take(char *text, const char *name, BoardfileError *e);

#endif
