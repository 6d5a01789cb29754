/* Tests for turn: the driver's one loop — turns that end on their own ('*' orders) follow one another
 * seat by seat inside one command, without the stack growing with the number of turns. */
#include "fixtures.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const rows[] = {
    "##########",
    "#........#",
    "#........#",
    "##########",
    NULL,
};

enum { ROUNDS = 500, PLAYERS = 4 };

/* The thread's stack: far too small for one call chain per turn (ROUNDS * PLAYERS turns deep). */
#define SMALL_STACK (256 * 1024)

typedef struct Chain {
    Board *b;
    int rc;
} Chain;

/* Alice plays PASS live; every player holds ROUNDS stored "*PASS" orders, so the turns run on their own. */
static void *play_chain(void *arg)
{
    Chain *c = arg;
    Order o;
    Err err;
    ck_assert_int_eq(order_parse(c->b, "PASS", &o, &err), 0);
    Game g;
    game_init(&g, c->b, 1000000);
    c->rc = turn_play(&g, 0, &o, false);
    game_done(&g);
    order_free(&o);
    return NULL;
}

START_TEST(test_star_orders_loop_without_recursion)
{
    Board *b = fx_board(rows, PLAYERS, 0);
    static const char *const kings[PLAYERS] = {"B2", "I2", "B3", "I3"};
    for (int p = 0; p < PLAYERS; p++) {
        fx_piece(b, kings[p], p, "K");
        for (int i = 0; i < ROUNDS; i++)
            sl_push(&b->pl[p].queue, "*PASS");
    }
    Chain c = {b, -9};
    pthread_attr_t attr;
    pthread_t t;
    ck_assert_int_eq(pthread_attr_init(&attr), 0);
    ck_assert_int_eq(pthread_attr_setstacksize(&attr, SMALL_STACK), 0);
    ck_assert_int_eq(pthread_create(&t, &attr, play_chain, &c), 0);
    ck_assert_int_eq(pthread_join(t, NULL), 0);
    pthread_attr_destroy(&attr);
    ck_assert_int_eq(c.rc, 0);
    /* Bob, Carol and Dave use a stored order from 1b on, Alice from 2a: all are used up at <ROUNDS+1>a,
     * and Bob's turn <ROUNDS+1>b waits for him. */
    char label[16], want[16];
    board_turn_label(b, label);
    snprintf(want, sizeof want, "%db", ROUNDS + 1);
    ck_assert_str_eq(label, want);
    ck_assert_int_eq(b->seat, 1);
    ck_assert_int_eq(b->moves.n, 1 + ROUNDS * PLAYERS);
    ck_assert_str_eq(b->moves.v[0], "1a alice PASS");
    ck_assert_str_eq(b->moves.v[1], "1b bob PASS (Auto)");
    ck_assert_str_eq(b->moves.v[3], "1d dave PASS (Auto)");
    ck_assert_str_eq(b->moves.v[4], "2a alice PASS (Auto)");
    char last[64];
    snprintf(last, sizeof last, "%da alice PASS (Auto)", ROUNDS + 1);
    ck_assert_str_eq(b->moves.v[b->moves.n - 1], last);
    for (int p = 0; p < PLAYERS; p++)
        ck_assert_int_eq(b->pl[p].queue.n, 0);
    /* Bob is told of his ROUNDS processed orders after all the turns they set going: last, together. */
    const StrList *news = &b->pl[1].news;
    ck_assert_int_gt(news->n, ROUNDS);
    for (int i = news->n - ROUNDS; i < news->n; i++)
        ck_assert_str_eq(news->v[i], "Your stored order PASS was processed.");
    ck_assert_str_eq(news->v[news->n - ROUNDS - 1], "alice passed.");
    fx_check(b);
    board_free(b);
}
END_TEST

Suite *turn_suite(void)
{
    Suite *s = suite_create("turn");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_star_orders_loop_without_recursion);
    suite_add_tcase(s, tc);
    return s;
}
