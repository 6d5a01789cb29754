/* Tests for clock: round 0 (GAMBLE) with the rules' examples, the stored queue, deadlines, time-outs
 * and forfeit; holidays and the nag mail are in check_clock_holiday.c, the flow of a game (elimination,
 * ronin, resign, end) in check_clock_flow.c. Time is driven through Game.now and turn_process_time. */
#include "check_clock.h"

/* ---- round 0 ---- */

/* The rules' examples parse, are recorded in canonical form, spend their stakes and resolve the
 * same way on every run with the same seed: by stake, most preferred free option first. */
START_TEST(test_gamble_rules_examples)
{
    char msg[600];
    round0_board(4, GAMBLE_MODE_BOTH, 6);
    ck_assert_int_eq(b->phase, PHASE_ROUND0);
    ck_assert_int_eq(b->clock.deadline, T0 + PERIOD);
    ck_assert_int_eq(clock_run("alice", "GAMBLE 3E 4th, 3rd, 2nd, 1st", T0 + 10, msg, sizeof msg), 0);
    ck_assert_str_eq(msg, "Gamble received: GAMBLE 3E 4TH, 3RD, 2ND, 1ST, DON'T CARE (for turn order). "
                          "You have staked 3E; 2E left.");
    ck_assert_int_eq(clock_run("alice", "GAMBLE 0E on GPC3, GPC6, then don't care", T0 + 20, msg, sizeof msg), 0);
    ck_assert_int_eq(b->moves.n, 0); /* no line a gamble: the move number would count them (contract 8, 10.3) */
    ck_assert_int_eq(board_move_number(b), 1);
    ck_assert(board_gambles_in(b, &b->pl[ALICE]));
    ck_assert_int_eq(b->pl[ALICE].e, 2);
    ck_assert_int_eq(clock_run("bob", "GAMBLE 2E 1st, 2nd", T0 + 30, NULL, 0), 0);
    ck_assert_int_eq(clock_run("bob", "GAMBLE 1E GPC3", T0 + 40, NULL, 0), 0);
    ck_assert_int_eq(b->pl[BOB].e, 2);
    ck_assert_int_eq(clock_run("carol", "GAMBLE 1E 1st", T0 + 50, NULL, 0), 0);
    ck_assert_int_eq(clock_run("carol", "GAMBLE 2E GPC6, GPC3", T0 + 60, NULL, 0), 0);
    ck_assert_int_eq(b->pl[CAROL].e, 2);
    ck_assert_int_eq(b->phase, PHASE_ROUND0);
    /* Nothing about others' gambles reaches anyone. */
    for (int p = 0; p < 4; p++)
        ck_assert_str_eq(fx_news(b, p), "");
    /* PASS in round 0 = 0E don't care for both items; the last gamble ends round 0. */
    ck_assert_int_eq(clock_run("dave", "PASS", T0 + 70, NULL, 0), 0);
    ck_assert_int_eq(b->phase, PHASE_PLAY);
    ck_assert_int_eq(b->round, 1);
    /* round 0's gambles written as it ends, in seat order: each player's as they stand (replaced ones not), those
     * with preferences first, canonical; PASS's as a don't care for each item */
    static const char *const lines[] = {
        "0 alice GAMBLE 0E GPC3, GPC6, DON'T CARE", "0 alice GAMBLE 3E 4TH, 3RD, 2ND, 1ST, DON'T CARE",
        "0 bob GAMBLE 1E GPC3, DON'T CARE",          "0 bob GAMBLE 2E 1ST, 2ND, DON'T CARE",
        "0 carol GAMBLE 2E GPC6, GPC3, DON'T CARE",  "0 carol GAMBLE 1E 1ST, DON'T CARE",
        "0 dave GAMBLE 0E DON'T CARE",               "0 dave GAMBLE 0E DON'T CARE",
    };
    ck_assert_int_eq(b->moves.n, 8);
    for (int i = 0; i < 8; i++)
        ck_assert_str_eq(b->moves.v[i], lines[i]);
    /* Order: bob (2E) takes 1st; alice (3E) 4th; carol (1E) wanted 1st: a random free place; dave the last.
     * Position: carol (2E) GPC6, bob (1E) GPC3, alice and dave (0E) random free starts. */
    ck_assert_str_eq(b->pl[0].id, "bob");
    ck_assert_str_eq(b->pl[3].id, "alice");
    ck_assert_int_eq(b->pl[pidx("bob")].start, 3);
    ck_assert_int_eq(b->pl[pidx("carol")].start, 6);
    /* The seeded outcome of the random parts (seed 42). */
    ck_assert_str_eq(b->pl[1].id, "dave");
    ck_assert_str_eq(b->pl[2].id, "carol");
    ck_assert_int_eq(b->pl[pidx("alice")].start, 1);
    ck_assert_int_eq(b->pl[pidx("dave")].start, 4);
    /* Start pieces follow the start labels and the remapped owners. */
    ck_assert_int_eq(fx_owner(b, "F2"), pidx("bob"));
    ck_assert_int_eq(fx_owner(b, "D4"), pidx("carol"));
    ck_assert_int_eq(fx_owner(b, "B2"), pidx("alice"));
    ck_assert_int_eq(fx_owner(b, "H2"), pidx("dave"));
    ck_assert_int_eq(fx_owner(b, "D2"), -1);
    ck_assert_int_eq(fx_owner(b, "B4"), -1);
    ck_assert_int_eq(b->seat, 0);
    /* Staked E is spent; the rest carries into round 1 (bob, at 1a, accrued 1E). */
    ck_assert_int_eq(b->pl[pidx("alice")].e, 2);
    ck_assert_int_eq(b->pl[pidx("carol")].e, 2);
    ck_assert_int_eq(b->pl[pidx("dave")].e, 5);
    ck_assert_int_eq(b->pl[pidx("bob")].e, 3);
    /* Each player learns their own start and the full order, never the others' starts or stakes. */
    ck_assert_ptr_nonnull(strstr(fx_news(b, pidx("carol")),
                                 "Round 0 is over: you start on GPC6 (D4). Turn order: 1a bob, 1b dave, 1c carol (you), 1d alice."));
    ck_assert_ptr_nonnull(strstr(fx_news(b, pidx("alice")), "you start on GPC1 (B2)."));
    ck_assert_ptr_null(strstr(fx_news(b, pidx("alice")), "GPC6"));
    for (int p = 0; p < 4; p++)
        for (const char *const *w = (const char *const[]){"1E", "2E", "3E", "GPC3 (", "GPC5", NULL}; *w; w++)
            if (strcmp(b->pl[p].id, "bob") != 0 || strcmp(*w, "GPC3 (") != 0)
                ck_assert_ptr_null(strstr(fx_news(b, p), *w));
    check_replay();
}
END_TEST

/* The same seed and gambles give the same outcome (ties by the seeded generator). */
START_TEST(test_gamble_deterministic)
{
    char first[4][USERID_MAX + 1];
    int starts[4];
    for (int run = 0; run < 2; run++) {
        round0_board(4, GAMBLE_MODE_BOTH, 4);
        for (int p = 0; p < 4; p++)
            ck_assert_int_eq(clock_run(b->pl[p].id, "PASS", T0 + 1, NULL, 0), 0);
        ck_assert_int_eq(b->phase, PHASE_PLAY);
        for (int p = 0; p < 4; p++) {
            if (run == 0) {
                snprintf(first[p], sizeof first[p], "%s", b->pl[p].id);
                starts[p] = b->pl[p].start;
            } else {
                ck_assert_str_eq(b->pl[p].id, first[p]);
                ck_assert_int_eq(b->pl[p].start, starts[p]);
            }
        }
        /* Every start given once. */
        int seen = 0;
        for (int p = 0; p < 4; p++)
            seen |= 1 << b->pl[p].start;
        ck_assert_int_eq(seen, 0x1e);
        check_replay();
        teardown();
    }
}
END_TEST

START_TEST(test_gamble_refusals)
{
    char msg[600];
    round0_board(3, GAMBLE_MODE_BOTH, 4);
    ck_assert_int_eq(clock_run("alice", "GAMBLE 4E 1st", T0, NULL, 0), 0);
    ck_assert_int_eq(b->pl[ALICE].e, 1);
    int n = b->moves.n;
    /* Over-stake: all gambles together may not exceed the starting E. */
    ck_assert_int_eq(clock_run("alice", "GAMBLE 2E GPC1", T0, msg, sizeof msg), ORDER_REFUSED);
    ck_assert_str_eq(msg, "your gambles may stake at most 5E in all (this one would make 6E)");
    ck_assert_int_eq(clock_run("bob", "GAMBLE 6E 1st", T0, msg, sizeof msg), ORDER_REFUSED);
    ck_assert_int_eq(b->pl[ALICE].e, 1);
    ck_assert_int_eq(b->pl[BOB].e, 5);
    ck_assert_int_eq(b->moves.n, n);
    /* Resending replaces (the old stake is refunded first). */
    ck_assert_int_eq(clock_run("alice", "GAMBLE 1E 2nd", T0, msg, sizeof msg), 0);
    ck_assert_str_eq(msg, "Gamble replaced: GAMBLE 1E 2ND, DON'T CARE (for turn order). You have staked 1E; 4E left.");
    ck_assert_int_eq(b->pl[ALICE].e, 4);
    ck_assert_int_eq(b->pl[ALICE].gamble[GAMBLE_ON_ORDER].prefs[0], 2);
    ck_assert_int_eq(clock_run("alice", "GAMBLE 4E GPC1", T0, NULL, 0), 0);
    ck_assert_int_eq(b->pl[ALICE].e, 0);
    /* Labels must exist, ordinals must be places. */
    ck_assert_int_eq(clock_run("bob", "GAMBLE 0E GPC5", T0, msg, sizeof msg), ORDER_REFUSED);
    ck_assert_str_eq(msg, "GPC5 is not a start on this map (GPC1 to GPC4)");
    ck_assert_int_eq(clock_run("bob", "GAMBLE 0E 4th", T0, msg, sizeof msg), ORDER_REFUSED);
    ck_assert_str_eq(msg, "there are only 3 players, so 4 is not a place in the turn order");
    /* Anything but GAMBLE or PASS in round 0 is stored for round 1, as `queue` stores it (ruling 59). */
    ck_assert_int_eq(clock_run("bob", "HOLIDAY", T0, msg, sizeof msg), 0);
    ck_assert_int_eq(b->pl[BOB].queue.n, 1);
    ck_assert_str_eq(b->pl[BOB].queue.v[0], "HOLIDAY");
    /* "don't care" applies to the first item not yet gambled; with none left it is refused. */
    ck_assert_int_eq(clock_run("bob", "GAMBLE 1E don't care", T0, NULL, 0), 0);
    ck_assert(b->pl[BOB].gamble[GAMBLE_ON_POSITION].set);
    ck_assert(!b->pl[BOB].gamble[GAMBLE_ON_ORDER].set);
    ck_assert_int_eq(clock_run("bob", "GAMBLE 1E don't care", T0, NULL, 0), 0);
    ck_assert(b->pl[BOB].gamble[GAMBLE_ON_ORDER].set);
    ck_assert_int_eq(b->pl[BOB].e, 3);
    ck_assert_int_eq(clock_run("bob", "GAMBLE 1E don't care", T0, msg, sizeof msg), ORDER_REFUSED);
    /* with every item gambled on, PASS is an order for round 1: stored, replacing the HOLIDAY */
    ck_assert_int_eq(clock_run("bob", "PASS", T0, msg, sizeof msg), 0);
    ck_assert_int_eq(b->pl[BOB].queue.n, 1);
    ck_assert_str_eq(b->pl[BOB].queue.v[0], "PASS");
    ck_assert_int_eq(b->pl[BOB].e, 3);
    ck_assert_int_eq(b->phase, PHASE_ROUND0);
    teardown();

    /* An item the game does not gamble for. */
    round0_board(2, GAMBLE_MODE_POSITION, 2);
    ck_assert_int_eq(clock_run("alice", "GAMBLE 1E 1st", T0, msg, sizeof msg), ORDER_REFUSED);
    ck_assert_str_eq(msg, "this game does not gamble for turn order");
    ck_assert_int_eq(clock_run("alice", "GAMBLE 1E GPC2", T0, NULL, 0), 0);
    ck_assert_int_eq(clock_run("bob", "GAMBLE 0E GPC2", T0, NULL, 0), 0);
    /* Position only: alice outbid bob for GPC2; the order is the challenge order. */
    ck_assert_int_eq(b->phase, PHASE_PLAY);
    ck_assert_str_eq(b->pl[0].id, "alice");
    ck_assert_int_eq(b->pl[0].start, 2);
    ck_assert_int_eq(b->pl[1].start, 1);
    check_replay();
}
END_TEST

/* Round 0's deadline: missing gambles become 0E don't care ("Timeout" lines), then it resolves. */
START_TEST(test_round0_deadline)
{
    round0_board(3, GAMBLE_MODE_BOTH, 3);
    ck_assert_int_eq(clock_run("alice", "GAMBLE 2E 1st", T0 + 5, NULL, 0), 0);
    ck_assert_int_eq(clock_run("alice", "GAMBLE 1E GPC3", T0 + 6, NULL, 0), 0);
    ck_assert_int_eq(clock_run("bob", "GAMBLE 1E GPC3", T0 + 7, NULL, 0), 0);
    ck_assert(!process(T0 + PERIOD - 1));
    ck_assert_int_eq(b->phase, PHASE_ROUND0);
    ck_assert(process(T0 + PERIOD + 100));
    ck_assert_int_eq(b->phase, PHASE_PLAY);
    ck_assert_int_eq(b->moves.n, 5);
    ck_assert_str_eq(b->moves.v[3], "0 bob Timeout");
    ck_assert_str_eq(b->moves.v[4], "0 carol Timeout");
    ck_assert_str_eq(b->pl[0].id, "alice");
    ck_assert_int_eq(b->pl[0].start, 3);
    /* Round 1 started at round 0's deadline. */
    ck_assert_int_eq(b->clock.turn_start, T0 + PERIOD);
    ck_assert_int_eq(b->clock.deadline, T0 + 2 * PERIOD);
    ck_assert_ptr_nonnull(strstr(fx_news(b, pidx("carol")), "your missing gambles were taken as 0E don't care"));
    check_replay();
}
END_TEST

/* Resigning in round 0 removes the player, discards gambles, refunds stakes and restarts round 0. */
START_TEST(test_round0_resign)
{
    round0_board(3, GAMBLE_MODE_BOTH, 3);
    ck_assert_int_eq(clock_run("alice", "GAMBLE 2E 1st", T0 + 5, NULL, 0), 0);
    ck_assert_int_eq(clock_run("bob", "GAMBLE 3E 1st", T0 + 6, NULL, 0), 0);
    Game g;
    game_init(&g, b, T0 + 100);
    ck_assert(!gamble_resign(&g, BOB));
    game_done(&g);
    ck_assert_int_eq(b->np, 2);
    ck_assert_str_eq(b->pl[0].id, "alice");
    ck_assert_str_eq(b->pl[1].id, "carol");
    ck_assert_int_eq(b->pl[0].e, 5);
    ck_assert(!b->pl[0].gamble[GAMBLE_ON_ORDER].set);
    ck_assert_int_eq(b->clock.deadline, T0 + 100 + PERIOD);
    ck_assert_str_eq(last_move(), "0 bob Resign");
    ck_assert_ptr_nonnull(strstr(fx_news(b, 0), "bob resigned. Round 0 restarts"));
    check_replay();
    /* Fewer than 2 would remain: the caller deletes the board. */
    game_init(&g, b, T0 + 200);
    ck_assert(gamble_resign(&g, 0));
    game_done(&g);
    /* The two left play round 0 out. */
    ck_assert_int_eq(clock_run("alice", "PASS", T0 + 300, NULL, 0), 0);
    ck_assert_int_eq(clock_run("carol", "PASS", T0 + 300, NULL, 0), 0);
    ck_assert_int_eq(b->phase, PHASE_PLAY);
    check_replay();
}
END_TEST

/* ---- the stored queue ---- */

START_TEST(test_star_order_at_turn_start)
{
    play_board(2);
    queue("bob", (const char *const[]){"*PASS", "PASS", NULL});
    ck_assert_int_eq(live("alice", "PASS", T0 + HOUR, NULL, 0), 0);
    /* bob's * order ran at once: back to alice in round 2, bob's next order still stored. */
    ck_assert_int_eq(b->moves.n, 2);
    ck_assert_str_eq(b->moves.v[0], "1a alice PASS");
    ck_assert_str_eq(b->moves.v[1], "1b bob PASS (Auto)");
    ck_assert_int_eq(b->round, 2);
    ck_assert_int_eq(b->seat, ALICE);
    ck_assert_int_eq(b->pl[BOB].queue.n, 1);
    ck_assert_str_eq(b->pl[BOB].queue.v[0], "PASS");
    ck_assert_ptr_nonnull(strstr(fx_news(b, BOB), "Your stored order PASS was processed."));
    ck_assert_int_eq(b->clock.deadline, T0 + HOUR + PERIOD);
    check_replay();
}
END_TEST

START_TEST(test_stored_order_at_deadline)
{
    play_board(2);
    queue("alice", (const char *const[]){"PASS", NULL});
    ck_assert(!process(T0 + PERIOD - 1));
    ck_assert_int_eq(b->moves.n, 0);
    ck_assert(process(T0 + PERIOD + 5 * HOUR));
    ck_assert_int_eq(b->moves.n, 1);
    ck_assert_str_eq(b->moves.v[0], "1a alice PASS (Auto)");
    ck_assert_int_eq(b->pl[ALICE].queue.n, 0);
    ck_assert_int_eq(b->pl[ALICE].timeouts, 0);
    /* bob's turn began at alice's deadline. */
    ck_assert_int_eq(b->seat, BOB);
    ck_assert_int_eq(b->clock.turn_start, T0 + PERIOD);
    ck_assert_int_eq(b->clock.deadline, T0 + 2 * PERIOD);
    check_replay();
}
END_TEST

/* A failed stored order is removed; in case (i) at the deadline the next runs at once. */
START_TEST(test_failed_stored_order_removed)
{
    play_board(2);
    queue("alice", (const char *const[]){"MOVE B2 N", "PASS", NULL});
    ck_assert(process(T0 + PERIOD));
    ck_assert_int_eq(b->moves.n, 2);
    ck_assert_str_eq(b->moves.v[0], "1a alice MOVE B2 N (Auto) (Failed)");
    ck_assert_str_eq(b->moves.v[1], "1a alice PASS (Auto)");
    ck_assert_int_eq(b->seat, BOB);
    ck_assert_ptr_nonnull(strstr(fx_news(b, ALICE), "Your stored order MOVE B2 N failed: "));
    check_replay();
}
END_TEST

/* The only stored order fails (i): removed, a fresh full deadline, then a time-out. */
START_TEST(test_failed_stored_order_fresh_deadline)
{
    play_board(2);
    queue("alice", (const char *const[]){"MOVE B2 N", NULL});
    ck_assert(process(T0 + PERIOD + 10));
    ck_assert_int_eq(b->moves.n, 1);
    ck_assert_str_eq(b->moves.v[0], "1a alice MOVE B2 N (Auto) (Failed)");
    ck_assert_int_eq(b->pl[ALICE].queue.n, 0);
    ck_assert_int_eq(b->seat, ALICE);
    ck_assert_int_eq(b->clock.deadline, T0 + 2 * PERIOD);
    ck_assert(process(T0 + 2 * PERIOD));
    ck_assert_str_eq(last_move(), "1a alice Timeout");
    ck_assert_int_eq(b->seat, BOB);
    check_replay();
}
END_TEST

/* The sheet after a stored order (not marked '*') failed at the deadline opens as the player's move with a
 * fresh deadline, the failure among the events: only a stored order that ran opens a sheet with "Your stored
 * order ... was processed" (the sheet chooses by the news item's kind, not by its words). */
START_TEST(test_failed_stored_order_sheet)
{
    play_board(2);
    queue("alice", (const char *const[]){"MOVE B2 N", NULL});
    ck_assert(process(T0 + PERIOD + 10));
    Buf out;
    buf_init(&out);
    sheet_current(b, ALICE, 0, &out, NULL);
    ck_assert_msg(strstr(out.s, "\nIt is your move.\n") != NULL, "%s", out.s);
    ck_assert_ptr_nonnull(strstr(out.s, "\nSince your last sheet:\n  Your stored order MOVE B2 N failed: "));
    ck_assert_ptr_null(strstr(out.s, "Nothing else you could see happened."));
    ck_assert_ptr_null(strstr(out.s, "was processed"));
    buf_free(&out);
    /* a stored order that ran does open the next sheet, and is not said twice */
    queue("bob", (const char *const[]){"*PASS", NULL});
    queue("alice", (const char *const[]){"PASS", NULL});
    ck_assert(process(T0 + 2 * PERIOD + 10));
    buf_init(&out);
    sheet_current(b, BOB, 0, &out, NULL);
    const char *said = strstr(out.s, "\nYour stored order PASS was processed.\nIt is alice's move.\n");
    ck_assert_msg(said != NULL, "%s", out.s);
    ck_assert_msg(strstr(said + 2, "Your stored order PASS was processed.") == NULL, "%s", out.s);
    buf_free(&out);
}
END_TEST

/* A stored order that ran is told once (contract 4.3): a "*MOVE" by its event among the news, with no "Your stored
 * order ... was processed" item (its kind, not its words); a "*PASS", whose event its player is not told, by
 * that line, which opens the sheet. */
START_TEST(test_stored_order_told_once)
{
    play_board(2);
    queue("alice", (const char *const[]){"PASS", NULL});
    queue("bob", (const char *const[]){"*MOVE E2 S", "*PASS", NULL});
    ck_assert(process(T0 + PERIOD + 10)); /* alice's PASS at the deadline; bob's *MOVE at once */
    ck_assert_str_eq(b->moves.v[b->moves.n - 1], "1b bob MOVE E2 S (Auto)");
    const News *news = &b->pl[BOB].news;
    bool event = false;
    for (int i = 0; i < news->n; i++) {
        ck_assert_int_ne(news->v[i].kind, NEWS_STORED_RAN);
        event |= news->v[i].kind == NEWS_EVENT && strstr(news->v[i].text, "E2") && strstr(news->v[i].text, "E3");
    }
    ck_assert_msg(event, "%s", fx_news(b, BOB));
    Buf out;
    buf_init(&out);
    sheet_current(b, BOB, 0, &out, NULL);
    ck_assert_msg(strstr(out.s, "\n\nIt is alice's move.\n") && !strstr(out.s, "was processed"), "%s", out.s);
    buf_free(&out);
    queue("alice", (const char *const[]){"PASS", NULL});
    ck_assert(process(T0 + 2 * PERIOD + 20)); /* bob's *PASS: told by the line alone */
    int ran = 0;
    for (int i = 0; i < news->n; i++)
        ran += news->v[i].kind == NEWS_STORED_RAN;
    ck_assert_int_eq(ran, 1);
    ck_assert_ptr_nonnull(strstr(fx_news(b, BOB), "Your stored order PASS was processed."));
}
END_TEST

/* Case (ii) after the deadline: the stored order fails outside the view, the turn is a time-out and
 * the remaining stored orders stay. */
START_TEST(test_failed_stored_order_outside_view)
{
    play_board(2);
    fx_piece(b, "B3", ALICE, "ABB");
    fx_piece(b, "D3", BOB, "A");
    snapshot();
    queue("alice", (const char *const[]){"MOVE B3 E-E-E", "PASS", NULL});
    ck_assert(process(T0 + PERIOD));
    ck_assert_int_eq(b->moves.n, 2);
    ck_assert_str_eq(b->moves.v[0], "1a alice MOVE B3 E-E-E (Auto) (Failed)");
    ck_assert_str_eq(b->moves.v[1], "1a alice Timeout");
    ck_assert_int_eq(b->pl[ALICE].timeouts, 1);
    ck_assert_int_eq(b->pl[ALICE].queue.n, 1);
    ck_assert_str_eq(b->pl[ALICE].queue.v[0], "PASS");
    ck_assert_ptr_nonnull(strstr(fx_news(b, ALICE), "Your stored order MOVE B3 E-E-E failed: blocked at D3 (outside your view)"));
    ck_assert_int_eq(b->seat, BOB);
    check_replay();
}
END_TEST

/* A failed * order at turn start is removed and the next stored order runs at once. */
START_TEST(test_failed_star_order_next_runs)
{
    play_board(2);
    queue("bob", (const char *const[]){"*MOVE E2 N", "PASS", NULL});
    ck_assert_int_eq(live("alice", "PASS", T0 + HOUR, NULL, 0), 0);
    ck_assert_int_eq(b->moves.n, 3);
    ck_assert_str_eq(b->moves.v[1], "1b bob MOVE E2 N (Auto) (Failed)");
    ck_assert_str_eq(b->moves.v[2], "1b bob PASS (Auto)");
    ck_assert_int_eq(b->seat, ALICE);
    ck_assert_int_eq(b->pl[BOB].queue.n, 0);
    check_replay();
}
END_TEST

/* contract 4.4 case (ii) at turn start: a '*' order fails outside the view; the next stored order runs at once
 * only if it is marked '*', otherwise at the deadline (unless a live order comes first). */
START_TEST(test_failed_star_order_outside_view)
{
    for (int star = 1; star >= 0; star--) {
        play_board(2);
        fx_piece(b, "B5", BOB, "ABB");  /* bob sees A4..C6 and D1..F3 */
        fx_piece(b, "D5", ALICE, "A"); /* outside bob's view */
        snapshot();
        queue("bob", (const char *const[]){"*MOVE B5 E-E-E", star ? "*PASS" : "PASS", NULL});
        ck_assert_int_eq(live("alice", "PASS", T0 + HOUR, NULL, 0), 0);
        ck_assert_str_eq(b->moves.v[1], "1b bob MOVE B5 E-E-E (Auto) (Failed)");
        ck_assert_ptr_nonnull(strstr(fx_news(b, BOB), "failed: blocked at D5 (outside your view)"));
        if (star) {
            ck_assert_int_eq(b->moves.n, 3);
            ck_assert_str_eq(b->moves.v[2], "1b bob PASS (Auto)");
            ck_assert_int_eq(b->seat, ALICE);
        } else {
            ck_assert_int_eq(b->moves.n, 2);
            ck_assert_int_eq(b->seat, BOB);
            ck_assert_int_eq(b->clock.deadline, T0 + HOUR + PERIOD); /* the turn's own, not a fresh one */
            ck_assert(!process(T0 + HOUR + PERIOD - 1));
            ck_assert(process(T0 + HOUR + PERIOD));
            ck_assert_str_eq(b->moves.v[2], "1b bob PASS (Auto)");
            ck_assert_int_eq(b->pl[BOB].timeouts, 0);
            ck_assert_int_eq(b->seat, ALICE);
        }
        ck_assert_int_eq(b->pl[BOB].queue.n, 0);
        check_replay();
        board_free(b);
        b = NULL;
    }
}
END_TEST

/* A stored order failing (i) at the deadline with none left restarts the deadline once a turn, as a live failure
 * does: a second one in the same turn is a time-out, so re-queuing failing orders cannot stall a game (contract
 * 4.4). */
START_TEST(test_stored_failure_restarts_once)
{
    play_board(2);
    snapshot();
    queue("alice", (const char *const[]){"MOVE B2 N", NULL});
    ck_assert(process(T0 + PERIOD + 10));
    ck_assert_str_eq(last_move(), "1a alice MOVE B2 N (Auto) (Failed)");
    ck_assert_int_eq(b->seat, ALICE);
    ck_assert_int_eq(b->clock.deadline, T0 + 2 * PERIOD);
    ck_assert(b->clock.fresh_used);
    queue("alice", (const char *const[]){"MOVE B2 N", NULL});
    ck_assert(process(T0 + 2 * PERIOD + 10));
    ck_assert_int_eq(b->moves.n, 3);
    ck_assert_str_eq(b->moves.v[1], "1a alice MOVE B2 N (Auto) (Failed)");
    ck_assert_str_eq(b->moves.v[2], "1a alice Timeout");
    ck_assert_int_eq(b->pl[ALICE].timeouts, 1);
    ck_assert_int_eq(b->seat, BOB);
    check_replay();
}
END_TEST

/* ---- time-outs and forfeit ---- */

START_TEST(test_timeouts_and_forfeit)
{
    play_board(3);
    b->par.max_timeouts = 2;
    snapshot();
    /* alice, bob and carol each time out once. */
    ck_assert(process(T0 + 3 * PERIOD));
    ck_assert_int_eq(b->moves.n, 3);
    ck_assert_str_eq(b->moves.v[0], "1a alice Timeout");
    ck_assert_str_eq(b->moves.v[1], "1b bob Timeout");
    ck_assert_str_eq(b->moves.v[2], "1c carol Timeout");
    ck_assert_int_eq(b->pl[ALICE].timeouts, 1);
    ck_assert_int_eq(b->pl[ALICE].timeouts_total, 1);
    ck_assert_ptr_nonnull(strstr(fx_news(b, CAROL), "alice timed out (1 in a row)."));
    ck_assert_int_eq(b->round, 2);
    ck_assert_int_eq(b->seat, ALICE);
    ck_assert_int_eq(b->clock.deadline, T0 + 4 * PERIOD);
    /* alice acts: her count resets. */
    ck_assert_int_eq(live("alice", "PASS", T0 + 3 * PERIOD + 1, NULL, 0), 0);
    ck_assert_int_eq(b->pl[ALICE].timeouts, 0);
    ck_assert_int_eq(b->pl[ALICE].timeouts_total, 1);
    /* bob times out a second time in a row: forfeit. */
    ck_assert(process(T0 + 3 * PERIOD + 1 + PERIOD));
    ck_assert_str_eq(b->moves.v[4], "2b bob Timeout");
    ck_assert_str_eq(b->moves.v[5], "2b bob Forfeit");
    ck_assert_int_eq(b->pl[BOB].status, PS_FORFEIT);
    ck_assert_int_eq(b->pl[BOB].timeouts, 2);
    ck_assert_int_eq(b->seat, CAROL);
    ck_assert_ptr_nonnull(strstr(fx_news(b, ALICE), "bob forfeited."));
    check_replay();
    /* carol times out twice: forfeit, and the game ends with alice the only one left. */
    ck_assert(process(T0 + 100 * PERIOD));
    ck_assert_int_eq(b->pl[CAROL].status, PS_FORFEIT);
    ck_assert_int_eq(b->phase, PHASE_ENDED);
    check_replay();
}
END_TEST

Suite *clock_suite(void)
{
    Suite *s = suite_create("clock");
    TCase *tc = tcase_create("round0");
    tcase_add_checked_fixture(tc, NULL, teardown);
    tcase_add_test(tc, test_gamble_rules_examples);
    tcase_add_test(tc, test_gamble_deterministic);
    tcase_add_test(tc, test_gamble_refusals);
    tcase_add_test(tc, test_round0_deadline);
    tcase_add_test(tc, test_round0_resign);
    suite_add_tcase(s, tc);
    tc = tcase_create("queue");
    tcase_add_checked_fixture(tc, NULL, teardown);
    tcase_add_test(tc, test_star_order_at_turn_start);
    tcase_add_test(tc, test_stored_order_at_deadline);
    tcase_add_test(tc, test_failed_stored_order_removed);
    tcase_add_test(tc, test_failed_stored_order_fresh_deadline);
    tcase_add_test(tc, test_failed_stored_order_sheet);
    tcase_add_test(tc, test_stored_order_told_once);
    tcase_add_test(tc, test_failed_stored_order_outside_view);
    tcase_add_test(tc, test_failed_star_order_next_runs);
    tcase_add_test(tc, test_failed_star_order_outside_view);
    tcase_add_test(tc, test_timeouts_and_forfeit);
    tcase_add_test(tc, test_stored_failure_restarts_once);
    suite_add_tcase(s, tc);
    suite_add_tcase(s, clock_holiday_tcase());
    suite_add_tcase(s, clock_flow_tcase());
    return s;
}
