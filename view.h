/* view: the texts players read: the turnsheet (SPEC 9.1) and `show` (SPEC 9.3). */
#ifndef GENETESS_VIEW_H
#define GENETESS_VIEW_H

#include "board.h"
#include "game.h"

typedef struct SheetOpts {
    SheetVariant variant;   /* from game.h */
    const char *result;     /* result of the reader's last order, or NULL */
    bool is_new;            /* the "New" sheet sent at challenge */
    const StrList *news;    /* the reader's events since their last sheet (NULL: none) */
    const StrList *ebook;   /* the reader's E breakdown since their last sheet (NULL: none) */
} SheetOpts;

/* Appends the reader's turnsheet to out (o may be NULL: no banner, no result, no news, no E breakdown);
 * the news and E breakdown come from o, never from the board, so a caller may clear them first. Every line is at most
 * 80 columns; nothing the reader may not see (SPEC 5) is written. The last line is the command
 * template of SPEC 2.2 while the game runs. Changes nothing on the board. */
void sheet_render(const Board *b, int reader, const SheetOpts *o, Buf *out);

/* `show` while running: name and number, round/turn label, who is to move, deadline (UTC), each
 * player's status, time-outs and holiday left — never terrain, pieces, E, orders. */
void show_public(const Board *b, Buf *out);

/* `show` after the end: "The game has ended", result, score table, the full board (every piece with
 * its full sequence incl. markers, specials), and the move list (b->moves). */
void show_full(const Board *b, Buf *out);

/* The score table (players, status, points = game_score; SPEC 7.6), headed "Final scores" once the
 * game has ended (winner or tie marked) and "Scores so far" before. */
void score_table(const Board *b, Buf *out);

/* The nag mail (SPEC 7.3) for player p, who is to move (or owes gambles in round 0): appends its
 * Subject ("Nag: Genetess Board <n> <userid>") to subject and its text to body. Changes nothing. */
void view_nag(const Board *b, int p, Buf *subject, Buf *body);

#endif
