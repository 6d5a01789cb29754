/* The fixture of the action suites (check_actions.c, check_slides.c): the rule page's board with three Kings,
 * alice's orders run on it, the news looked up. Include after check.h and fixtures.h. */
#ifndef GENETESS_CHECK_ACTIONS_H
#define GENETESS_CHECK_ACTIONS_H

#include <stdlib.h>
#include <string.h>

#include "actions.h"
#include "sight.h"

enum { ALICE = 0, BOB = 1, CAROL = 2 };
static Board *b;

static inline void setup(void)
{
    b = fx_board(fx_rule_page_rows, 3, 0);
    fx_piece(b, "B5", ALICE, "K"); /* kings keep everyone in the game */
    fx_piece(b, "O5", BOB, "K");
    fx_piece(b, "B2", CAROL, "K");
}

static inline void teardown(void)
{
    board_free(b);
}

/* Runs an order for alice on her turn. */
static inline int run(const char *text, char *msg)
{
    b->seat = ALICE;
    return fx_order(b, ALICE, text, msg, 256);
}

static inline void clear_news(void)
{
    for (int p = 0; p < b->np; p++)
        board_news_clear(&b->pl[p].news);
}

/* Runs an order for alice like run(); *outside tells whether a failure was case (ii) of contract 4.4 (the
 * order involved a square outside her view). */
static inline int run_case(const char *text, char msg[ERR_MAX], bool *outside)
{
    Order o;
    Err err;
    ck_assert_msg(order_parse(b, text, &o, &err) == 0, "order %s does not parse: %s", text, err.msg);
    b->seat = ALICE;
    Game g;
    game_init(&g, b, 1000000);
    g.replay = true;
    int rc = turn_play(&g, ALICE, &o, false);
    failure_say(b, &g.fail.why, msg, ERR_MAX);
    *outside = g.fail.outside;
    game_done(&g);
    order_free(&o);
    fx_check(b);
    return rc;
}

#define has_news(p, text) ck_assert_msg(strstr(fx_news(b, p), text), "news of %d lacks \"%s\":\n%s", p, text, fx_news(b, p))
#define lacks_news(p, text) ck_assert_msg(!strstr(fx_news(b, p), text), "news of %d has \"%s\":\n%s", p, text, fx_news(b, p))

static inline void wall(const char *sq, char t)
{
    b->ter[fx_sq(b, sq)] = t;
}

#endif
