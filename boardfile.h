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

#endif
