/* Tests for turn: the driver's one loop — turns that end on their own ('*' orders) follow one another
 * seat by seat inside one command, without the stack growing with the number of turns — and the rules'
 * front door, submit_message and submit_store, called directly. */
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
    const News *news = &b->pl[1].news;
    ck_assert_int_gt(news->n, ROUNDS);
    for (int i = news->n - ROUNDS; i < news->n; i++) {
        ck_assert_str_eq(news->v[i].text, "Your stored order PASS was processed.");
        ck_assert_int_eq(news->v[i].kind, NEWS_STORED_RAN);
    }
    ck_assert_str_eq(news->v[news->n - ROUNDS - 1].text, "alice passed.");
    ck_assert_int_eq(news->v[news->n - ROUNDS - 1].kind, NEWS_EVENT);
    fx_check(b);
    board_free(b);
}
END_TEST

/* ---- the rules' front door: submit_message and submit_store, called as `move` and `queue` call them ---- */

#define T0 1000000000LL

/* Alice (K on B2, A on C2) and Bob (K on I2); Alice to move at 1a; each 10 E. */
static Board *two_players(void)
{
    Board *b = fx_board(rows, 2, 10);
    fx_piece(b, "B2", 0, "K");
    fx_piece(b, "C2", 0, "A");
    fx_piece(b, "I2", 1, "K");
    b->par.deadline_h = 72;
    b->clock.turn_start = T0;
    b->clock.deadline = T0 + 72 * 3600;
    return b;
}

/* Submits text for player p at now; the submission stays in *s (the caller frees it). */
static int submit(Board *b, int p, const char *text, int64_t now, Submission *s)
{
    OrderList l = {0};
    Err err;
    ck_assert_msg(order_parse_list(b, text, &l, &err) == 0, "%s: %s", text, err.msg);
    Game g;
    game_init(&g, b, now);
    int st = submit_message(&g, p, &l, s);
    game_done(&g);
    order_list_free(&l);
    fx_check(b);
    return st;
}

/* On the player's turn the first order runs; it replaces the head of the stored queue and the rest of the
 * message replaces the queue (contract 4). */
START_TEST(test_submit_on_turn)
{
    Board *b = two_players();
    sl_push(&b->pl[0].queue, "MOVE C2 E");
    sl_push(&b->pl[0].queue, "*PASS");
    Submission s;
    ck_assert_int_eq(submit(b, 0, "MOVE C2 S / PASS", T0 + 60, &s), SUBMIT_DONE);
    ck_assert_str_eq(s.result, "MOVE C2 S: done");
    ck_assert_str_eq(s.notes.s, "Stored for your next turn: PASS (the first, not marked *, runs at your next turn's deadline unless you send an order first)\n");
    ck_assert_int_eq(s.player, 0);
    submit_free(&s);
    ck_assert_str_eq(fx_seq(b, "C3"), "A");
    ck_assert_int_eq(b->pl[0].queue.n, 1);
    ck_assert_str_eq(b->pl[0].queue.v[0], "PASS");
    ck_assert_int_eq(b->moves.n, 1);
    ck_assert_str_eq(b->moves.v[0], "1a alice MOVE C2 S");
    ck_assert_int_eq(b->seat, 1); /* bob's turn waits */
    board_free(b);
}
END_TEST

/* A refused order changes nothing at all: not the queue, not a running holiday, not the board's text. */
START_TEST(test_submit_refused_changes_nothing)
{
    Board *b = two_players();
    sl_push(&b->pl[0].queue, "PASS");
    b->clock.holiday_since = T0 + 10;
    b->clock.deadline = 0;
    char *before = boardfile_write(b);
    Submission s;
    ck_assert_int_eq(submit(b, 0, "MOVE D2 E / PASS", T0 + 3600, &s), SUBMIT_REFUSED);
    ck_assert_int_eq(s.refusal.code, REFUSAL_ORDER);
    ck_assert_int_eq(s.refusal.order, 0);
    ck_assert_int_eq(s.refusal.move_number, 1);
    ck_assert_int_eq(s.refusal.fail.code, FAIL_NOT_YOURS); /* the rules' reason, as a code */
    ck_assert_int_eq(s.refusal.fail.sq[0], fx_sq(b, "D2"));
    ck_assert_str_eq(s.result, "MOVE D2 E: no piece of yours on D2. The order was refused: nothing was done or recorded "
                               "(the move number is still #1); it is still your move and your deadline did not move.");
    ck_assert_int_eq(s.notes.len, 0);
    submit_free(&s);
    char *after = boardfile_write(b);
    ck_assert_str_eq(after, before);
    free(before);
    free(after);
    board_free(b);
}
END_TEST

/* The result line is never cut, however long the orders it echoes: a long stored queue keeps when its first order
 * runs, a long refused or failed order its reason and what it means (contract 3.7, 4.3). */
static const struct {
    int player;
    const char *head, *step;
    int steps;
    SubmitStatus status;
    const char *end;
} long_results[] = {
    {1, "PASS", " / PASS", 149, SUBMIT_DONE, /* bob, off his turn */
     " / PASS (the first, not marked *, runs at your next turn's deadline unless you send an order first)"},
    {0, "CREATE C3 A", "B", 800, SUBMIT_REFUSED,
     "B: it costs 9223372036854775807E and you have 10E. The order was refused: nothing was done or recorded (the "
     "move number is still #1); it is still your move and your deadline did not move."},
    {0, "MOVE C2 E", "-N", 300, SUBMIT_FAILED,
     "-N: the piece on C2 must move exactly 1 square. The order failed: it is recorded (the move number is now #2); "
     "it is still your move and your deadline starts again in full (once a turn, for a failure you could see)."},
};

START_TEST(test_submit_long_result_whole)
{
    Board *b = two_players();
    Buf t;
    buf_init(&t);
    buf_add(&t, long_results[_i].head);
    for (int i = 0; i < long_results[_i].steps; i++)
        buf_add(&t, long_results[_i].step);
    Submission s;
    ck_assert_int_eq(submit(b, long_results[_i].player, t.s, T0 + 60, &s), long_results[_i].status);
    if (_i > 0) /* the order, whole */
        ck_assert_int_eq(strncmp(s.result, t.s, t.len), 0);
    else
        ck_assert_int_eq(strncmp(s.result + strlen("Stored for your next turn: "), t.s, t.len), 0);
    size_t n = strlen(s.result), k = strlen(long_results[_i].end); /* the end repeats the order's last step */
    ck_assert_int_ge(n, k);
    ck_assert_str_eq(s.result + n - k, long_results[_i].end);
    submit_free(&s);
    buf_free(&t);
    board_free(b);
}
END_TEST

/* A live order ends the holiday of the player to move: "Holiday <seconds>" before the order, the allowance
 * spent, the others told. */
START_TEST(test_submit_ends_holiday)
{
    Board *b = two_players();
    b->clock.holiday_since = T0 + 10;
    b->clock.deadline = 0;
    Submission s;
    ck_assert_int_eq(submit(b, 0, "PASS", T0 + 10 + 3600, &s), SUBMIT_DONE);
    ck_assert_str_eq(s.result, "PASS: done");
    ck_assert_int_eq(s.refusal.code, REFUSAL_NONE);
    submit_free(&s);
    ck_assert_int_eq(b->moves.n, 2);
    ck_assert_str_eq(b->moves.v[0], "1a alice Holiday 3600");
    ck_assert_str_eq(b->moves.v[1], "1a alice PASS");
    ck_assert_int_eq(b->pl[0].holiday_left, 14 * 86400 - 3600);
    ck_assert_int_eq(b->clock.holiday_since, 0);
    ck_assert_str_eq(b->pl[1].news.v[0].text, "alice is back from holiday.");
    board_free(b);
}
END_TEST

/* GAMBLE outside round 0 is refused, on the turn and off it; `queue` refuses to store it. */
START_TEST(test_submit_gamble_outside_round0)
{
    Board *b = two_players();
    char *before = boardfile_write(b);
    Submission s;
    ck_assert_int_eq(submit(b, 0, "GAMBLE 1E 1st", T0, &s), SUBMIT_REFUSED);
    ck_assert_int_eq(s.refusal.code, REFUSAL_MISPLACED);
    ck_assert_int_eq(s.refusal.misplaced, MISPLACED_GAMBLE_LATE);
    ck_assert_str_eq(s.result, "GAMBLE 1E 1ST, DON'T CARE: GAMBLE is only for round 0");
    submit_free(&s);
    ck_assert_int_eq(submit(b, 1, "PASS / GAMBLE 1E 1st", T0, &s), SUBMIT_REFUSED);
    ck_assert_int_eq(s.refusal.code, REFUSAL_MISPLACED);
    ck_assert_int_eq(s.refusal.order, 1);
    ck_assert_str_eq(s.result, "GAMBLE 1E 1ST, DON'T CARE: GAMBLE is only for round 0");
    submit_free(&s);
    OrderList l = {0};
    Err err;
    ck_assert_int_eq(order_parse_list(b, "GAMBLE 1E 1st", &l, &err), 0);
    /* the reasons are codes; their English is the say function's */
    ck_assert_int_eq(turn_misplaced(b, &l.v[0], false), MISPLACED_GAMBLE_LATE);
    ck_assert_int_eq(turn_misplaced(b, &l.v[0], true), MISPLACED_STORED_GAMBLE);
    Game g;
    game_init(&g, b, T0);
    ck_assert_int_eq(submit_store(&g, 1, &l, &s), SUBMIT_REFUSED);
    ck_assert_int_eq(s.refusal.code, REFUSAL_MISPLACED);
    ck_assert_int_eq(s.refusal.misplaced, MISPLACED_STORED_GAMBLE);
    ck_assert_str_eq(s.result, "GAMBLE 1E 1ST, DON'T CARE: GAMBLE cannot be stored");
    submit_free(&s);
    game_done(&g);
    order_list_free(&l);
    char *after = boardfile_write(b);
    ck_assert_str_eq(after, before);
    free(before);
    free(after);
    board_free(b);
}
END_TEST

/* Off the player's turn the whole message is stored, with a warning for an order their own pieces cannot
 * give as things stand (ruling 43); `queue NONE` empties it. */
START_TEST(test_submit_off_submit_stores)
{
    Board *b = two_players();
    Submission s;
    ck_assert_int_eq(submit(b, 1, "RADIATE I2 / *MOVE D3 N", T0, &s), SUBMIT_DONE);
    ck_assert_str_eq(s.result, "Stored for your next turn: RADIATE I2 / *MOVE D3 N (the first, not marked *, runs at your next turn's deadline unless you send an order first)");
    ck_assert_str_eq(s.notes.s, "Warning: RADIATE I2 cannot succeed as things stand:\n"
                                "    your piece on I2 has no M (RADIATE needs it).\n"
                                "Warning: MOVE D3 N cannot succeed as things stand:\n"
                                "    you have no piece on D3.\n");
    submit_free(&s);
    ck_assert_int_eq(b->pl[1].queue.n, 2);
    ck_assert_str_eq(b->pl[1].queue.v[1], "*MOVE D3 N");
    ck_assert_int_eq(b->moves.n, 0);
    Game g;
    game_init(&g, b, T0);
    ck_assert_int_eq(submit_store(&g, 1, NULL, &s), SUBMIT_DONE);
    ck_assert_str_eq(s.result, "Your stored orders: none");
    submit_free(&s);
    game_done(&g);
    ck_assert_int_eq(b->pl[1].queue.n, 0);
    board_free(b);
}
END_TEST

/* A player whose last piece is gone has no turn left: any message is refused. */
START_TEST(test_submit_out_of_game)
{
    Board *b = two_players();
    board_remove_piece(b, fx_sq(b, "I2"));
    b->pl[1].status = PS_ELIMINATED;
    Submission s;
    ck_assert_int_eq(submit(b, 1, "PASS", T0, &s), SUBMIT_REFUSED);
    ck_assert_int_eq(s.refusal.code, REFUSAL_OUT);
    ck_assert_str_eq(s.result, "You are out of this game: you have no pieces left to order");
    submit_free(&s);
    Game g;
    game_init(&g, b, T0);
    ck_assert_int_eq(submit_store(&g, 1, NULL, &s), SUBMIT_REFUSED);
    ck_assert_int_eq(s.refusal.code, REFUSAL_OUT);
    submit_free(&s);
    game_done(&g);
    /* the game over: every message is refused, with its own code */
    b->phase = PHASE_ENDED;
    ck_assert_int_eq(submit(b, 0, "PASS", T0, &s), SUBMIT_REFUSED);
    ck_assert_int_eq(s.refusal.code, REFUSAL_ENDED);
    ck_assert_str_eq(s.result, "The game has ended");
    submit_free(&s);
    board_free(b);
}
END_TEST

/* Round 0: a message is taken whole or not at all — a refused second gamble leaves the first untaken. */
START_TEST(test_submit_round0_whole)
{
    Board *b = two_players();
    b->phase = PHASE_ROUND0;
    b->round = 0;
    b->par.gamble = GAMBLE_MODE_ORDER;
    b->par.start_e = 10;
    Submission s;
    ck_assert_int_eq(submit(b, 0, "GAMBLE 1E 1st / GAMBLE 2E 3rd", T0, &s), SUBMIT_REFUSED);
    ck_assert_int_eq(s.refusal.code, REFUSAL_GAMBLE);
    ck_assert_int_eq(s.refusal.order, 1);
    ck_assert_int_eq(s.refusal.fail.code, FAIL_NOT_A_PLACE);
    ck_assert_int_eq(s.refusal.fail.num[1], 3);
    ck_assert_str_eq(s.result, "GAMBLE 2E 3RD, DON'T CARE: there are only 2 players, so 3 is not a place in the turn order");
    submit_free(&s);
    ck_assert(!b->pl[0].gamble[GAMBLE_ON_ORDER].set);
    ck_assert_int_eq(b->pl[0].e, 10);
    ck_assert_int_eq(b->moves.n, 0);
    ck_assert_int_eq(submit(b, 0, "GAMBLE 1E 1st / GAMBLE 2E 2nd", T0, &s), SUBMIT_DONE);
    ck_assert_str_eq(s.result, "Gamble received: GAMBLE 1E 1ST, DON'T CARE (for turn order). You have staked 1E; 9E left.\n"
                               "Gamble replaced: GAMBLE 2E 2ND, DON'T CARE (for turn order). You have staked 2E; 8E left.");
    submit_free(&s);
    ck_assert_int_eq(b->pl[0].e, 8);
    ck_assert_int_eq(b->moves.n, 0); /* round 0's gambles are lines only once it ends (contract 10.3) */
    board_free(b);
}
END_TEST

/* Round 0: the orders after a message's gambles are stored for round 1, as off the turn and as `queue` stores
 * them ("You can submit your next order as early as you like ... it will be stored"); a GAMBLE among them is
 * refused whole; a message of gambles alone leaves the queue as it was; a PASS is a gamble only while the
 * player has an item left to gamble on (contract 4.6). */
START_TEST(test_submit_round0_stores_the_rest)
{
    Board *b = two_players();
    b->phase = PHASE_ROUND0;
    b->round = 0;
    b->par.gamble = GAMBLE_MODE_ORDER;
    b->par.start_e = 10;
    Submission s;
    ck_assert_int_eq(submit(b, 0, "*MOVE C2 S", T0, &s), SUBMIT_DONE);
    ck_assert_str_eq(s.result, "Stored for your next turn: *MOVE C2 S (the first, marked *, runs as your next turn starts)");
    submit_free(&s);
    ck_assert_int_eq(b->pl[0].queue.n, 1);
    ck_assert(!b->pl[0].gamble[GAMBLE_ON_ORDER].set);
    ck_assert_int_eq(b->moves.n, 0);
    /* gambles alone: the queue stays */
    ck_assert_int_eq(submit(b, 0, "GAMBLE 1E 1st", T0, &s), SUBMIT_DONE);
    submit_free(&s);
    ck_assert_int_eq(b->pl[0].queue.n, 1);
    ck_assert_str_eq(b->pl[0].queue.v[0], "*MOVE C2 S");
    /* a gamble, then orders: the gamble is taken, the rest replaces the queue */
    ck_assert_int_eq(submit(b, 0, "GAMBLE 2E 2nd / MOVE C2 E / *PASS", T0, &s), SUBMIT_DONE);
    ck_assert_str_eq(s.result, "Gamble replaced: GAMBLE 2E 2ND, DON'T CARE (for turn order). You have staked 2E; 8E left.");
    ck_assert_str_eq(s.notes.s, "Stored for your next turn: MOVE C2 E / *PASS (the first, not marked *, runs at your next turn's deadline unless you send an order first)\n");
    submit_free(&s);
    ck_assert_int_eq(b->pl[0].queue.n, 2);
    ck_assert_int_eq(b->moves.n, 0);
    /* a GAMBLE after an order would be stored: the message is refused whole */
    ck_assert_int_eq(submit(b, 0, "PASS / GAMBLE 1E 1st", T0, &s), SUBMIT_REFUSED);
    ck_assert_str_eq(s.result, "GAMBLE 1E 1ST, DON'T CARE: GAMBLE cannot be stored");
    submit_free(&s);
    ck_assert_int_eq(b->pl[0].queue.n, 2);
    ck_assert_int_eq(b->pl[0].e, 8);
    /* every item gambled on: a PASS is an order for round 1 */
    ck_assert_int_eq(submit(b, 0, "PASS", T0, &s), SUBMIT_DONE);
    ck_assert_str_eq(s.result, "Stored for your next turn: PASS (the first, not marked *, runs at your next turn's deadline unless you send an order first)");
    submit_free(&s);
    /* bob has an item left: his first PASS is his gamble, the second is stored */
    ck_assert_int_eq(submit(b, 1, "PASS / PASS", T0, &s), SUBMIT_DONE);
    ck_assert_str_eq(s.notes.s, "Stored for your next turn: PASS (the first, not marked *, runs at your next turn's deadline unless you send an order first)\n");
    submit_free(&s);
    board_free(b);
}
END_TEST

/* Alice's stored orders as her turn starts: each is told as the rules hand it up (a notice, notice_say's words),
 * by its kind of news — one that does not read and a GAMBLE are dropped, one fails with its reason, the PASS is
 * processed. */
START_TEST(test_stored_orders_told)
{
    Board *b = two_players();
    b->seat = 1;
    static const char *const stored[] = {"*FROB", "*GAMBLE 1E 1st", "*MOVE B2 N", "*PASS"};
    for (int i = 0; i < 4; i++)
        sl_push(&b->pl[0].queue, stored[i]);
    Submission s;
    ck_assert_int_eq(submit(b, 1, "PASS", T0, &s), SUBMIT_DONE);
    submit_free(&s);
    const News *news = &b->pl[0].news;
    const struct {
        NewsKind kind;
        const char *start;
    } want[] = {
        {NEWS_STORED_DROPPED, "Your stored order *FROB was dropped: no order keyword"},
        {NEWS_STORED_DROPPED, "Your stored order GAMBLE 1E 1ST, DON'T CARE was dropped: GAMBLE is only for round 0."},
        {NEWS_STORED_FAILED, "Your stored order MOVE B2 N failed: B1 is an exterior wall"},
        {NEWS_STORED_RAN, "Your stored order PASS was processed."},
    };
    int k = 0;
    for (int i = 0; i < news->n; i++) {
        if (news->v[i].kind == NEWS_EVENT)
            continue;
        ck_assert_int_lt(k, 4);
        ck_assert_int_eq(news->v[i].kind, want[k].kind);
        ck_assert_msg(strncmp(news->v[i].text, want[k].start, strlen(want[k].start)) == 0, "%s", news->v[i].text);
        k++;
    }
    ck_assert_int_eq(k, 4);
    ck_assert_int_eq(b->pl[0].queue.n, 0);
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
    TCase *ts = tcase_create("submit");
    tcase_add_test(ts, test_submit_on_turn);
    tcase_add_test(ts, test_submit_refused_changes_nothing);
    tcase_add_loop_test(ts, test_submit_long_result_whole, 0, (int)(sizeof long_results / sizeof long_results[0]));
    tcase_add_test(ts, test_submit_ends_holiday);
    tcase_add_test(ts, test_submit_gamble_outside_round0);
    tcase_add_test(ts, test_submit_off_submit_stores);
    tcase_add_test(ts, test_submit_out_of_game);
    tcase_add_test(ts, test_submit_round0_whole);
    tcase_add_test(ts, test_submit_round0_stores_the_rest);
    tcase_add_test(ts, test_stored_orders_told);
    suite_add_tcase(s, ts);
    return s;
}
