/* Tests for clock: HOLIDAY (live and stored, suspending the deadline and running out) and the nag mail. */
#include "check_clock.h"
#include "users.h"

/* ---- holidays ---- */

START_TEST(test_holiday_live_suspends_and_ends)
{
    char msg[600];
    play_board(2);
    ck_assert_int_eq(live("alice", "HOLIDAY", T0 + HOUR, msg, sizeof msg), 0);
    ck_assert_int_eq(b->clock.holiday_since, T0 + HOUR);
    ck_assert_int_eq(b->clock.deadline, 0);
    ck_assert_int_eq(b->moves.n, 0);
    ck_assert_ptr_nonnull(strstr(fx_news(b, BOB), "alice is on holiday: the game is suspended."));
    /* Suspended: the old deadline means nothing. */
    ck_assert(!process(T0 + 10 * DAY));
    ck_assert_int_eq(b->moves.n, 0);
    ck_assert_int_eq(b->seat, ALICE);
    /* A live order ends it and runs as the turn's order. */
    ck_assert_int_eq(live("alice", "PASS", T0 + HOUR + 2 * DAY, NULL, 0), 0);
    ck_assert_int_eq(b->moves.n, 2);
    ck_assert_str_eq(b->moves.v[0], "1a alice Holiday 172800");
    ck_assert_str_eq(b->moves.v[1], "1a alice PASS");
    ck_assert_int_eq(b->pl[ALICE].holiday_left, 12 * DAY);
    ck_assert_int_eq(b->clock.holiday_since, 0);
    ck_assert_int_eq(b->seat, BOB);
    ck_assert_int_eq(b->clock.deadline, T0 + HOUR + 2 * DAY + PERIOD);
    check_replay();
}
END_TEST

/* The allowance runs out: the next stored order runs at once, or a fresh full deadline starts. */
START_TEST(test_holiday_runs_out)
{
    play_board(2);
    b->pl[ALICE].holiday_left = DAY;
    b->pl[BOB].holiday_left = 2 * DAY;
    snapshot();
    ck_assert_int_eq(live("alice", "HOLIDAY", T0, NULL, 0), 0);
    queue("alice", (const char *const[]){"PASS", NULL});
    ck_assert(!process(T0 + DAY - 1));
    ck_assert(process(T0 + DAY + 5));
    ck_assert_int_eq(b->moves.n, 2);
    ck_assert_str_eq(b->moves.v[0], "1a alice Holiday 86400");
    ck_assert_str_eq(b->moves.v[1], "1a alice PASS (Auto)");
    ck_assert_int_eq(b->pl[ALICE].holiday_left, 0);
    ck_assert_int_eq(b->seat, BOB);
    ck_assert_int_eq(b->clock.deadline, T0 + DAY + PERIOD);
    /* bob: no stored order, a fresh full deadline when it runs out. */
    char msg[600];
    ck_assert_int_eq(live("bob", "HOLIDAY", T0 + DAY + 10, NULL, 0), 0);
    ck_assert(process(T0 + 3 * DAY + 10));
    ck_assert_str_eq(last_move(), "1b bob Holiday 172800");
    ck_assert_int_eq(b->seat, BOB);
    ck_assert_int_eq(b->clock.holiday_since, 0);
    ck_assert_int_eq(b->clock.deadline, T0 + 3 * DAY + 10 + PERIOD);
    /* HOLIDAY with nothing left is refused. */
    ck_assert_int_eq(live("bob", "HOLIDAY", T0 + 3 * DAY + 20, msg, sizeof msg), ORDER_REFUSED);
    ck_assert_str_eq(msg, "you have no holiday allowance left. The order was refused: nothing was done or recorded (the move "
                          "number is still #4); it is still your move and your deadline did not move.");
    check_replay();
}
END_TEST

/* A HOLIDAY is a successful order: it resets the count of time-outs in a row, live or stored, and verify agrees
 * while the holiday runs (its line comes only at its end) (contract 4.4; ruling 30). */
START_TEST(test_holiday_resets_timeouts)
{
    play_board(2);
    b->par.max_timeouts = 2;
    b->pl[ALICE].holiday_left = DAY;
    b->pl[BOB].holiday_left = DAY;
    snapshot();
    ck_assert(process(T0 + PERIOD)); /* alice times out once */
    ck_assert_str_eq(last_move(), "1a alice Timeout");
    ck_assert_int_eq(b->pl[ALICE].timeouts, 1);
    ck_assert_int_eq(live("bob", "PASS", T0 + PERIOD + 1, NULL, 0), 0);
    ck_assert_int_eq(live("alice", "HOLIDAY", T0 + PERIOD + 2, NULL, 0), 0);
    ck_assert_int_eq(b->pl[ALICE].timeouts, 0);
    ck_assert_int_eq(b->pl[ALICE].timeouts_total, 1);
    check_replay(); /* the holiday runs: no line yet */
    /* the allowance runs out, then a time-out: the first in a row, not a forfeit */
    ck_assert(process(T0 + PERIOD + 2 + DAY + PERIOD));
    ck_assert_str_eq(b->moves.v[b->moves.n - 2], "2a alice Holiday 86400");
    ck_assert_str_eq(last_move(), "2a alice Timeout");
    ck_assert_int_eq(b->pl[ALICE].status, PS_ACTIVE);
    ck_assert_int_eq(b->pl[ALICE].timeouts, 1);
    check_replay();
    /* bob: a time-out, then a stored HOLIDAY that starts at his deadline resets his count too */
    ck_assert(process(T0 + PERIOD + 2 + DAY + 2 * PERIOD));
    ck_assert_str_eq(last_move(), "2b bob Timeout");
    ck_assert_int_eq(b->pl[BOB].timeouts, 1);
    queue("bob", (const char *const[]){"*HOLIDAY", NULL});
    ck_assert_int_eq(live("alice", "PASS", T0 + PERIOD + 2 + DAY + 2 * PERIOD + 2, NULL, 0), 0);
    ck_assert_int_eq(b->clock.holiday_since, T0 + PERIOD + 2 + DAY + 2 * PERIOD + 2);
    ck_assert_int_eq(b->pl[BOB].timeouts, 0);
    check_replay();
}
END_TEST

/* A sheet made while a holiday runs shows the allowance as it stands when it is made, in its own line and in the
 * players' lines, as `show` does (contract 4.5: measured to the second while the game is suspended). */
START_TEST(test_holiday_sheet_allowance_now)
{
    play_board(2);
    b->pl[ALICE].holiday_left = DAY;
    ck_assert_int_eq(live("alice", "HOLIDAY", T0 + HOUR, NULL, 0), 0);
    for (int reader = ALICE; reader <= BOB; reader++) {
        Buf out;
        buf_init(&out);
        sheet_current(b, reader, T0 + 3 * HOUR, &out, NULL);
        const char *you = reader == ALICE ? " (you)" : "";
        char want[96];
        snprintf(want, sizeof want, "alice active%s, no time-outs, holiday left 0d 22h 0m\n", you);
        ck_assert_msg(strstr(out.s, want) != NULL, "%s", out.s);
        ck_assert_msg(strstr(out.s, "Holiday allowance left: 0d 22h 0m\n") != NULL || reader != ALICE, "%s", out.s);
        buf_free(&out);
        buf_init(&out);
        sheet_current(b, reader, 0, &out, NULL); /* no time given: as the board holds it */
        snprintf(want, sizeof want, "alice active%s, no time-outs, holiday left 1d 0h 0m\n", you);
        ck_assert_msg(strstr(out.s, want) != NULL, "%s", out.s);
        buf_free(&out);
    }
}
END_TEST

/* A stored HOLIDAY at the head of the queue starts when the turn starts, and is told at once to every player,
 * quiet or not (contract 3.1, 4.5; ruling 32). */
START_TEST(test_holiday_stored_at_turn_start)
{
    play_board(2);
    b->pl[ALICE].quiet = true;
    queue("bob", (const char *const[]){"HOLIDAY", "PASS", NULL});
    ck_assert_int_eq(live("alice", "PASS", T0 + HOUR, NULL, 0), 0);
    ck_assert(last_due[ALICE] && last_due[BOB]);
    ck_assert_int_eq(b->seat, BOB);
    ck_assert_int_eq(b->clock.holiday_since, T0 + HOUR);
    ck_assert_int_eq(b->clock.deadline, 0);
    ck_assert_int_eq(b->pl[BOB].queue.n, 1);
    /* 14 days later the allowance is gone and bob's stored PASS runs. */
    ck_assert(process(T0 + HOUR + 15 * DAY));
    ck_assert_str_eq(b->moves.v[1], "1b bob Holiday 1209600");
    ck_assert_str_eq(b->moves.v[2], "1b bob PASS (Auto)");
    ck_assert_int_eq(b->seat, ALICE);
    check_replay();
}
END_TEST

/* ---- nag ---- */

/* deadline_nag, then the mails it found due, queued as pipeline.c does (view_nag's text to the address). */
static void nag(Game *g, MailQueue *mq, const Store *st)
{
    deadline_nag(g);
    for (int p = 0; p < g->b->np; p++) {
        User u;
        Err err;
        if (!g->nag_due[p] || users_find(st, g->b->pl[p].id, &u, &err) != 0)
            continue;
        Buf subj, body;
        buf_init(&subj);
        buf_init(&body);
        view_nag(g->b, p, &subj, &body);
        ck_assert_int_eq(mail_add(mq, u.address, subj.s, body.s, &err), 0);
        buf_free(&subj);
        buf_free(&body);
        users_free(&u);
    }
}

START_TEST(test_nag)
{
    char dir[64];
    fx_scratch_dir(dir, sizeof dir, "genetess-clock");
    Host host = request_host_init();
    host.home = dir;
    Store st;
    Err err;
    ck_assert_msg(store_open(&st, &host, &err) == 0, "%s", err.msg);
    ck_assert_int_eq(users_add(&st, "alice", "pw", "alice@example.org", &err), 0);
    play_board(2);
    MailQueue mq;
    mail_init(&mq, NULL, NULL);
    Game g;
    /* 72 h deadline: the nag is due 24 h before it. */
    game_init(&g, b, T0 + PERIOD - DAY - 1);
    nag(&g, &mq, &st);
    ck_assert(!g.nagged);
    game_done(&g);
    game_init(&g, b, T0 + PERIOD - DAY);
    nag(&g, &mq, &st);
    ck_assert(g.nagged);
    game_done(&g);
    ck_assert_int_eq(mq.n, 1);
    ck_assert_str_eq(mq.m[0].subject, "Nag: Genetess Board 101 alice");
    ck_assert_str_eq(mq.m[0].to, "alice@example.org");
    ck_assert(b->clock.nag_sent);
    /* Once per turn. */
    game_init(&g, b, T0 + PERIOD - 10);
    nag(&g, &mq, &st);
    ck_assert(!g.nagged);
    game_done(&g);
    ck_assert_int_eq(mq.n, 1);
    /* A short period: at half of it. */
    b->par.deadline_h = 10;
    b->clock.deadline = T0 + 10 * HOUR;
    b->clock.nag_sent = false;
    game_init(&g, b, T0 + 5 * HOUR - 1);
    nag(&g, &mq, &st);
    ck_assert(!g.nagged);
    game_done(&g);
    game_init(&g, b, T0 + 5 * HOUR);
    nag(&g, &mq, &st);
    ck_assert(g.nagged);
    game_done(&g);
    ck_assert_int_eq(mq.n, 2);
    mail_free(&mq);
    store_close(&st);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    ck_assert_int_eq(system(cmd), 0);
}
END_TEST

/* A holiday allowance in words, as every sheet's players list writes it: days, hours, minutes (seconds dropped,
 * nothing below 0), the same in a buffer too small for the longest, where it is cut. */
START_TEST(test_holiday_duration_words)
{
    char d[48], small[8];
    ck_assert_str_eq(fmt_duration(0, d, sizeof d), "0d 0h 0m");
    ck_assert_str_eq(fmt_duration(-5, d, sizeof d), "0d 0h 0m");
    ck_assert_str_eq(fmt_duration(14 * 86400, d, sizeof d), "14d 0h 0m");
    ck_assert_str_eq(fmt_duration(86400 + 23 * 3600 + 59 * 60 + 59, d, sizeof d), "1d 23h 59m");
    ck_assert_str_eq(fmt_duration(INT64_MAX, d, sizeof d), "106751991167300d 15h 30m");
    ck_assert_str_eq(fmt_duration(10 * 86400 + 3600, small, sizeof small), "10d 1h ");
}
END_TEST

TCase *clock_holiday_tcase(void)
{
    TCase *tc = tcase_create("holiday");
    tcase_add_checked_fixture(tc, NULL, teardown);
    tcase_add_test(tc, test_holiday_live_suspends_and_ends);
    tcase_add_test(tc, test_holiday_runs_out);
    tcase_add_test(tc, test_holiday_stored_at_turn_start);
    tcase_add_test(tc, test_holiday_resets_timeouts);
    tcase_add_test(tc, test_holiday_sheet_allowance_now);
    tcase_add_test(tc, test_nag);
    tcase_add_test(tc, test_holiday_duration_words);
    return tc;
}
