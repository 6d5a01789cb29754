/* Shared by the firing suite's files (check_firing.c and the per-special files beside it): the test
 * board, static inline helpers, and the TCases that firing_suite adds. */
#ifndef GENETESS_CHECK_FIRING_H
#define GENETESS_CHECK_FIRING_H

#include "fixtures.h"
#include "firing.h"
#include "specials.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const rows[] = {
    "############", /* 1 */
    "#..........#", /* 2 */
    "#..........#", /* 3 */
    "#..........#", /* 4 */
    "#..........#", /* 5 */
    "#..........#", /* 6 */
    "############", /* 7 */
    NULL,
};

/* Adds a special from its map words. */
static inline void add_sp(Board *b, const char *words)
{
    Special sp;
    Err err;
    ck_assert_msg(special_parse(b->w, b->h, b->ter, words, &sp, &err) == 0, "%s: %s", words, err.msg);
    b->sp = xrealloc(b->sp, sizeof *b->sp * (size_t)(b->nsp + 1));
    b->sp[b->nsp++] = sp;
}

/* Runs the firing step of player p as the start of their turn does. */
static inline void fire(Board *b, int p)
{
    Game g;
    game_init(&g, b, 1000);
    game_begin_action(&g);
    firing_run(&g, p);
    game_end_action(&g);
    game_done(&g);
    fx_check(b);
}

static inline char ter(const Board *b, const char *sq)
{
    return b->ter[fx_sq(b, sq)];
}

/* The whole E book of player p joined by '\n' (static buffer). */
static inline const char *ebook(const Board *b, int p)
{
    static char buf[4096];
    size_t k = 0;
    buf[0] = '\0';
    for (int i = 0; i < b->pl[p].ebook.n && k < sizeof buf - 1; i++)
        k += (size_t)snprintf(buf + k, sizeof buf - k, "%s\n", b->pl[p].ebook.v[i].text);
    return buf;
}

static inline bool has(const char *hay, const char *needle)
{
    return strstr(hay, needle) != NULL;
}

#define NEWS_HAS(b, p, s) ck_assert_msg(has(fx_news(b, p), s), "news of %d lacks \"%s\":\n%s", p, s, fx_news(b, p))
#define NEWS_LACKS(b, p, s) ck_assert_msg(!has(fx_news(b, p), s), "news of %d has \"%s\":\n%s", p, s, fx_news(b, p))

/* Adds a start square (label, square) to the board. */
static inline void add_start(Board *b, int label, const char *sq)
{
    b->st = xrealloc(b->st, sizeof *b->st * (size_t)(b->nst + 1));
    b->st[b->nst].label = label;
    b->st[b->nst].sq = fx_sq(b, sq);
    b->nst++;
}

/* The effect of each special, in its own file; firing_suite (check_firing.c) adds these TCases. */
/* check_firing_board.c: walls, deaths and moves (S2 S6 S7 S8 S10 S13 S15 S16 S20). */
TCase *firing_board_tcase(void);
/* check_firing_codes.c: codes, E and views (S1 S3 S4 S5 S9 S11 S12 S14 S17 S18 S21 S22). */
TCase *firing_codes_tcase(void);
TCase *firing_start_tcase(void);

#endif
