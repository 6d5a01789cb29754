/* Tests of the stored queue (queue.c) and of what a message does to it (submit.c, turn.c), each rule on its
 * own: the stored entry's record (queue_parse/queue_format); a live order takes the head of the queue and the
 * rest of its message replaces the queue; at a turn's start only a '*' order or a HOLIDAY at the head runs;
 * off the turn and by `queue` the message becomes the queue by one rule (GAMBLE refused in the words of each);
 * HOLIDAY on the turn by one path, whether it comes as a message or an order. */
#include "fixtures.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "queue.h"
#include "view.h"

Suite *queue_suite(void);

#define T0 1000000000LL

/* alice (to move at 1a) and bob, a King each, a 72-hour deadline. */
static Board *duel(void)
{
    Board *b = fx_board(fx_open_rows, 2, 5);
    fx_piece(b, "B2", 0, "K");
    fx_piece(b, "U6", 1, "K");
    b->par.deadline_h = 72;
    b->clock.turn_start = T0;
    b->clock.deadline = T0 + 72 * 3600;
    return b;
}

/* Asserts the queue of player p, as one string with ' / ' between ("none" when empty), is want. */
static void queue_is(const Board *b, int p, const char *want)
{
    Buf t;
    buf_init(&t);
    const StrList *q = &b->pl[p].queue;
    for (int i = 0; i < q->n; i++)
        buf_printf(&t, "%s%s", i ? " / " : "", q->v[i]);
    ck_assert_str_eq(q->n ? t.s : "none", want);
    buf_free(&t);
}

/* queue_say lists the queue and says when its head runs: never "next turn" alone for one that waits for the
 * deadline, never a deadline for one that waits for the end of a holiday (contract 4.3, 4.5). */
START_TEST(test_say_tells_when_the_head_runs)
{
    enum { OFF, TURN, AWAY };
    static const struct {
        int when;
        QueueListing listing;
        const char *entries[3];
        const char *want;
    } cases[] = {
        {OFF, QUEUE_SHOWN, {NULL}, "Your stored orders: none"},
        {OFF, QUEUE_STORED, {"*PASS", "MOVE C3 N", NULL},
         "Stored for your next turn: *PASS / MOVE C3 N (the first, marked *, runs as your next turn starts)"},
        {OFF, QUEUE_SHOWN, {"PASS", NULL},
         "Your stored orders: PASS (the first, not marked *, runs at your next turn's deadline unless you send an "
         "order first)"},
        {OFF, QUEUE_STORED, {"HOLIDAY", "PASS", NULL},
         "Stored for your next turn: HOLIDAY / PASS (the first starts a holiday as your next turn starts)"},
        /* the player to move: the head runs at this turn's deadline, marked or not */
        {TURN, QUEUE_STORED, {"*PASS", NULL},
         "Stored: *PASS (the first runs at your deadline, 2001-09-12 01:46 UTC, unless you send an order first)"},
        {TURN, QUEUE_SHOWN, {"HOLIDAY", NULL},
         "Your stored orders: HOLIDAY (the first starts a holiday at your deadline, 2001-09-12 01:46 UTC, unless you "
         "send an order first)"},
        /* on holiday: when the allowance runs out (a day after it started at T0 + 1h) */
        {AWAY, QUEUE_STORED, {"MOVE C3 E-W", "PASS", NULL},
         "Stored: MOVE C3 E-W / PASS (the first runs when your holiday ends, 2001-09-10 02:46 UTC, as your allowance "
         "runs out, unless you send an order first)"},
        {AWAY, QUEUE_SHOWN, {"HOLIDAY", NULL},
         "Your stored orders: HOLIDAY (the first is dropped when your holiday ends, 2001-09-10 02:46 UTC: no "
         "allowance is left for it)"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Board *b = duel();
        int p = cases[i].when == OFF ? 1 : 0;
        if (cases[i].when == AWAY) {
            b->clock.holiday_since = T0 + 3600;
            b->clock.deadline = 0;
            b->pl[0].holiday_left = 86400;
        }
        for (int k = 0; cases[i].entries[k]; k++)
            sl_push(&b->pl[p].queue, cases[i].entries[k]);
        Buf t;
        buf_init(&t);
        queue_say(b, p, cases[i].listing, &t);
        ck_assert_str_eq(t.s, cases[i].want);
        buf_free(&t);
        board_free(b);
    }
}
END_TEST

static void set_queue(Board *b, int p, const char *const *entries)
{
    sl_clear(&b->pl[p].queue);
    for (int i = 0; entries[i]; i++)
        sl_push(&b->pl[p].queue, entries[i]);
}

/* Player p's message text at T0 + 1h through the front door; the reply's first line into msg. */
static int say(Board *b, int p, const char *text, char *msg, size_t size)
{
    Game g;
    game_init(&g, b, T0 + 3600);
    int rc = fx_submit(&g, p, text, msg, size);
    game_done(&g);
    return rc;
}

START_TEST(test_entry_record)
{
    static const struct {
        const char *entry;
        bool star;
        QueueKind kind;
        const char *text;
    } cases[] = {
        {"*HOLIDAY", true, QUEUE_HOLIDAY, "HOLIDAY"},     {"holiday", false, QUEUE_HOLIDAY, "holiday"},
        {"* HOLIDAY", true, QUEUE_HOLIDAY, " HOLIDAY"},   {"HOLIDAYS", false, QUEUE_ORDER, "HOLIDAYS"},
        {"*PASS", true, QUEUE_ORDER, "PASS"},             {"MOVE C3 N", false, QUEUE_ORDER, "MOVE C3 N"},
        {"", false, QUEUE_ORDER, ""},                     {"*", true, QUEUE_ORDER, ""},
        {"HOLIDAY x", false, QUEUE_HOLIDAY, "HOLIDAY x"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        QueueEntry e;
        queue_parse(cases[i].entry, &e);
        ck_assert_msg(e.star == cases[i].star && e.kind == cases[i].kind, "%s", cases[i].entry);
        ck_assert_str_eq(e.text, cases[i].text);
        char *back = queue_format(&e);
        ck_assert_str_eq(back, cases[i].entry);
        free(back);
    }
}
END_TEST

/* queue_take hands out the head and keeps the rest in order. */
START_TEST(test_take_the_head)
{
    Board *b = duel();
    set_queue(b, 0, (const char *const[]){"*PASS", "MOVE B2 E", NULL});
    char *head = queue_take(&b->pl[0]);
    ck_assert_str_eq(head, "*PASS");
    free(head);
    queue_is(b, 0, "MOVE B2 E");
    free(queue_take(&b->pl[0]));
    ck_assert_ptr_null(queue_take(&b->pl[0]));
    queue_is(b, 0, "none");
    board_free(b);
}
END_TEST

/* A live order on the turn takes the place of the queue's head: the head goes, the rest stays. */
START_TEST(test_live_order_takes_the_head)
{
    Board *b = duel();
    set_queue(b, 0, (const char *const[]){"MOVE B2 E", "MOVE B2 S", NULL});
    ck_assert_int_eq(say(b, 0, "PASS", NULL, 0), 0);
    ck_assert_int_eq(b->seat, 1); /* bob's turn waits for him */
    queue_is(b, 0, "MOVE B2 S");
    ck_assert_int_eq(b->moves.n, 1);
    ck_assert_str_eq(b->moves.v[0], "1a alice PASS");
    board_free(b);
}
END_TEST

/* The rest of a live message replaces the queue (its stars kept). */
START_TEST(test_live_message_replaces_the_rest)
{
    Board *b = duel();
    set_queue(b, 0, (const char *const[]){"MOVE B2 E", "MOVE B2 S", "PASS", NULL});
    char msg[256];
    ck_assert_int_eq(say(b, 0, "PASS / *MOVE B2 E / PASS", msg, sizeof msg), 0);
    ck_assert_str_eq(msg, "PASS: done");
    queue_is(b, 0, "*MOVE B2 E / PASS");
    board_free(b);
}
END_TEST

/* At a turn's start only a '*' order at the head runs: bob's unmarked order waits for his deadline, his
 * marked one runs at once (Auto) and the turn comes back to alice. */
START_TEST(test_turn_start_runs_only_a_star)
{
    Board *b = duel();
    set_queue(b, 1, (const char *const[]){"PASS", NULL});
    ck_assert_int_eq(say(b, 0, "PASS", NULL, 0), 0);
    ck_assert_int_eq(b->seat, 1);
    queue_is(b, 1, "PASS");
    board_free(b);
    b = duel();
    set_queue(b, 1, (const char *const[]){"*PASS", "MOVE U6 N", NULL});
    ck_assert_int_eq(say(b, 0, "PASS", NULL, 0), 0);
    ck_assert_int_eq(b->seat, 0);
    ck_assert_str_eq(b->moves.v[1], "1b bob PASS (Auto)");
    queue_is(b, 1, "MOVE U6 N");
    board_free(b);
}
END_TEST

/* Off the turn and by `queue`, one rule: the whole message becomes the queue, with the same warnings; a GAMBLE
 * is refused, as outside round 0 off the turn and as never stored by `queue`, and nothing changes. */
START_TEST(test_off_turn_and_queue_store_alike)
{
    Board *b = duel();
    OrderList l = {0};
    Err err;
    ck_assert_int_eq(order_parse_list(b, "*MOVE C3 N / PASS", &l, &err), 0);
    Game g;
    game_init(&g, b, T0);
    Submission off, q;
    ck_assert_int_eq(submit_message(&g, 1, &l, &off), SUBMIT_DONE);
    queue_is(b, 1, "*MOVE C3 N / PASS");
    sl_clear(&b->pl[1].queue);
    ck_assert_int_eq(submit_store(&g, 1, &l, &q), SUBMIT_DONE);
    queue_is(b, 1, "*MOVE C3 N / PASS");
    ck_assert_str_eq(off.result, "Stored for your next turn: *MOVE C3 N / PASS (the first, marked *, runs as your next turn starts)");
    ck_assert_str_eq(q.result, off.result);
    ck_assert_str_eq(q.notes.s, "Warning: MOVE C3 N cannot succeed as things stand:\n    you have no piece on C3.\n");
    ck_assert_str_eq(q.notes.s, off.notes.s);
    submit_free(&off);
    submit_free(&q);
    order_list_free(&l);
    ck_assert_int_eq(order_parse_list(b, "PASS / GAMBLE 1E GPC1", &l, &err), 0);
    ck_assert_int_eq(submit_message(&g, 1, &l, &off), SUBMIT_REFUSED);
    ck_assert_str_eq(off.result, "GAMBLE 1E GPC1, DON'T CARE: GAMBLE is only for round 0");
    ck_assert_int_eq(submit_store(&g, 1, &l, &q), SUBMIT_REFUSED);
    ck_assert_str_eq(q.result, "GAMBLE 1E GPC1, DON'T CARE: GAMBLE cannot be stored");
    queue_is(b, 1, "*MOVE C3 N / PASS");
    submit_free(&off);
    submit_free(&q);
    ck_assert_int_eq(submit_store(&g, 1, NULL, &q), SUBMIT_DONE);
    ck_assert_str_eq(q.result, "Your stored orders: none");
    submit_free(&q);
    order_list_free(&l);
    game_done(&g);
    board_free(b);
}
END_TEST

/* A live "HOLIDAY / MOVE ..." on the turn: the order stored runs when the holiday ends, in the same turn, and the
 * reply and the sheet say so (contract 4.5). */
START_TEST(test_holiday_then_stored_says_when)
{
    Board *b = duel();
    b->pl[0].holiday_left = 86400;
    char msg[ERR_MAX];
    ck_assert_int_eq(say(b, 0, "HOLIDAY / PASS", msg, sizeof msg), 0);
    ck_assert_str_eq(msg, "HOLIDAY: done");
    Buf t;
    buf_init(&t);
    queue_say(b, 0, QUEUE_STORED, &t);
    ck_assert_str_eq(t.s, "Stored: PASS (the first runs when your holiday ends, 2001-09-10 02:46 UTC, as your "
                          "allowance runs out, unless you send an order first)");
    buf_free(&t);
    SheetOpts o = {.variant = SHEET_YOUR_MOVE_STORED};
    Buf out;
    buf_init(&out);
    view_sheet(b, 0, &o, &out);
    char *sheet = buf_take(&out);
    ck_assert_msg(strstr(sheet, "It is your move. You have a stored order: PASS. It runs when your holiday\n"
                                "ends, 2001-09-10 02:46 UTC, as your allowance runs out, unless you send\n"
                                "another order."),
                  "%s", sheet);
    free(sheet);
    board_free(b);
}
END_TEST

/* HOLIDAY on the turn by one path (turn_holiday), as a message and as an order: refused alike without
 * allowance; with it the holiday starts and the queue stays. */
START_TEST(test_holiday_one_path)
{
    Board *b = duel();
    b->pl[0].holiday_left = 0;
    char msg[256];
    ck_assert_int_eq(say(b, 0, "HOLIDAY", msg, sizeof msg), ORDER_REFUSED);
    char why[256];
    ck_assert_int_eq(fx_order(b, 0, "HOLIDAY", why, sizeof why), ORDER_REFUSED);
    ck_assert_msg(strncmp(msg, why, strlen(why)) == 0, "message: %s / order: %s", msg, why);
    b->pl[0].holiday_left = 86400;
    set_queue(b, 0, (const char *const[]){"PASS", NULL});
    ck_assert_int_eq(say(b, 0, "HOLIDAY", NULL, 0), 0);
    ck_assert_int_eq(b->clock.holiday_since, T0 + 3600);
    queue_is(b, 0, "PASS");
    board_free(b);
    b = duel();
    b->pl[0].holiday_left = 86400;
    ck_assert_int_eq(fx_order(b, 0, "HOLIDAY", NULL, 0), 0);
    ck_assert_int_gt(b->clock.holiday_since, 0);
    board_free(b);
}
END_TEST

Suite *queue_suite(void)
{
    Suite *s = suite_create("queue");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_entry_record);
    tcase_add_test(tc, test_say_tells_when_the_head_runs);
    tcase_add_test(tc, test_take_the_head);
    tcase_add_test(tc, test_live_order_takes_the_head);
    tcase_add_test(tc, test_live_message_replaces_the_rest);
    tcase_add_test(tc, test_turn_start_runs_only_a_star);
    tcase_add_test(tc, test_off_turn_and_queue_store_alike);
    tcase_add_test(tc, test_holiday_one_path);
    tcase_add_test(tc, test_holiday_then_stored_says_when);
    suite_add_tcase(s, tc);
    return s;
}
