/* boardprivate: the board file's entries of each player's own state (contract 10.2), which verify does not
 * compare: the quiet, lister and plain flags, the handled keys, the stored queues, the news, the E book and
 * the players' maps (known, knownspecials). Each read_ function reads its entry into b (failing with "<name>:<line>: reason"),
 * each write_ one writes what follows "(name", each no_ one says the entry is not written. */
#ifndef GENETESS_BOARDPRIVATE_H
#define GENETESS_BOARDPRIVATE_H

#include <stdbool.h>

#include "board.h"
#include "gamefile.h"

int boardprivate_read_quiet(GameFile *ps, Board *b, GameEntry *e);
void boardprivate_write_quiet(Buf *o, const Board *b);
int boardprivate_read_lister(GameFile *ps, Board *b, GameEntry *e);
void boardprivate_write_lister(Buf *o, const Board *b);
bool boardprivate_no_lister(const Board *b);
int boardprivate_read_plain(GameFile *ps, Board *b, GameEntry *e);
void boardprivate_write_plain(Buf *o, const Board *b);
bool boardprivate_no_plain(const Board *b);
int boardprivate_read_handled(GameFile *ps, Board *b, GameEntry *e);
void boardprivate_write_handled(Buf *o, const Board *b);
bool boardprivate_no_handled(const Board *b);
int boardprivate_read_queue(GameFile *ps, Board *b, GameEntry *e);
void boardprivate_write_queue(Buf *o, const Board *b);
int boardprivate_read_news(GameFile *ps, Board *b, GameEntry *e);
void boardprivate_write_news(Buf *o, const Board *b);
int boardprivate_read_ebook(GameFile *ps, Board *b, GameEntry *e);
void boardprivate_write_ebook(Buf *o, const Board *b);
/* (known is read after (initial, whose terrain its lines are against. */
int boardprivate_read_known(GameFile *ps, Board *b, GameEntry *e);
void boardprivate_write_known(Buf *o, const Board *b);
/* A board read without (known: every player knows the terrain the game started with. */
void boardprivate_known_default(Board *b);
/* (knownspecials: the specials each player remembers; a board without it (written before they were kept) has
 * them remember none. */
int boardprivate_read_knownspecials(GameFile *ps, Board *b, GameEntry *e);
void boardprivate_write_knownspecials(Buf *o, const Board *b);
bool boardprivate_no_knownspecials(const Board *b);

#endif
