/* Tests for clock: the flow of a game (contract 14.5, 14.6, 14.7): elimination, ronin, resign, the end and
 * scoring, the step 5 sheets, live failures, and every kind of history line replaying. */
#include "check_clock.h"

/* ---- flow: elimination, ronin, resign, end, scoring (contract 14.5, 14.6, 14.7) ---- */

/* Every kind of history line replays to the same board after every step (contract 2 verify):
 * Holiday N, (Auto), (Failed), (Auto) (Failed), Timeout, Forfeit, an off-turn Resign ending the game. */
START_TEST(test_replay_every_event)
{
    play_board(3);
    b->par.max_timeouts = 2;
    snapshot();
    /* 1a: alice goes on holiday for a day, then passes. */
    ck_assert_int_eq(live("alice", "HOLIDAY", T0 + HOUR, NULL, 0), 0);
    check_replay();
    ck_assert_int_eq(live("alice", "PASS", T0 + HOUR + DAY, NULL, 0), 0);
    ck_assert_str_eq(b->moves.v[0], "1a alice Holiday 86400");
    check_replay();
    /* 1b: bob's stored orders at the deadline: a failure (i), then the next one. */
    queue("bob", (const char *const[]){"MOVE E2 N", "PASS", NULL});
    int64_t t = T0 + HOUR + DAY + PERIOD;
    ck_assert(process(t));
    ck_assert_str_eq(b->moves.v[2], "1b bob MOVE E2 N (Auto) (Failed)");
    ck_assert_str_eq(b->moves.v[3], "1b bob PASS (Auto)");
    check_replay();
    /* 1c: carol times out. */
    ck_assert(process(t + PERIOD));
    ck_assert_str_eq(last_move(), "1c carol Timeout");
    check_replay();
    t += PERIOD;
    /* 2a: alice's live order fails (i), then one succeeds; bob's * order runs at once at 2b. */
    ck_assert_int_eq(live("alice", "MOVE B2 N", t + 10, NULL, 0), -1);
    ck_assert_str_eq(last_move(), "2a alice MOVE B2 N (Failed)");
    check_replay();
    queue("bob", (const char *const[]){"*PASS", NULL});
    ck_assert_int_eq(live("alice", "PASS", t + 20, NULL, 0), 0);
    ck_assert_str_eq(last_move(), "2b bob PASS (Auto)");
    ck_assert_int_eq(b->seat, CAROL);
    check_replay();
    /* 2c: carol's second time-out in a row forfeits. */
    ck_assert(process(t + 20 + PERIOD));
    ck_assert_str_eq(b->moves.v[b->moves.n - 2], "2c carol Timeout");
    ck_assert_str_eq(last_move(), "2c carol Forfeit");
    ck_assert_int_eq(b->pl[CAROL].status, PS_FORFEIT);
    ck_assert_int_eq(b->seat, ALICE);
    ck_assert_int_eq(b->round, 3);
    check_replay();
    /* 3a: bob resigns off turn: alice is the only one left and the game ends at once. */
    resign("bob", t + 30 + PERIOD);
    ck_assert_str_eq(last_move(), "3a bob Resign");
    ck_assert_int_eq(b->phase, PHASE_ENDED);
    ck_assert(last_ended);
    ck_assert_str_eq(b->result, "won by alice (2)");
    check_replay();
}
END_TEST

/* Round 0's lines replay too: gambles, a resign in round 0, "0 <id> Timeout" at the deadline, and
 * a resign on one's own turn later. */
START_TEST(test_replay_round0_events)
{
    round0_board(4, GAMBLE_MODE_BOTH, 4);
    ck_assert_int_eq(clock_run("alice", "GAMBLE 2E 1st", T0 + 5, NULL, 0), 0);
    ck_assert_int_eq(clock_run("alice", "GAMBLE 1E GPC2", T0 + 6, NULL, 0), 0);
    check_replay();
    Game g;
    game_init(&g, b, T0 + 10);
    ck_assert(!gamble_resign(&g, pidx("dave")));
    game_done(&g);
    ck_assert_str_eq(last_move(), "0 dave Resign");
    ck_assert_int_eq(b->pl[pidx("alice")].e, 5);
    check_replay();
    ck_assert_int_eq(clock_run("alice", "GAMBLE 2E 1st", T0 + 20, NULL, 0), 0);
    ck_assert_int_eq(clock_run("bob", "GAMBLE 1E GPC1", T0 + 30, NULL, 0), 0);
    check_replay();
    ck_assert(process(T0 + 10 + PERIOD));
    ck_assert_int_eq(b->phase, PHASE_PLAY);
    ck_assert_str_eq(b->moves.v[b->moves.n - 3], "0 alice Timeout");
    ck_assert_str_eq(b->moves.v[b->moves.n - 2], "0 bob Timeout");
    ck_assert_str_eq(last_move(), "0 carol Timeout");
    ck_assert_str_eq(b->pl[0].id, "alice");
    /* Round 0 time-outs do not count (rulings 30). */
    for (int p = 0; p < b->np; p++)
        ck_assert_int_eq(b->pl[p].timeouts, 0);
    check_replay();
    /* 1a: alice resigns on her own turn; the next seat's turn starts at once. */
    resign("alice", T0 + 20 + PERIOD);
    ck_assert_str_eq(last_move(), "1a alice Resign");
    ck_assert_int_eq(b->phase, PHASE_PLAY);
    ck_assert_int_eq(b->seat, 1);
    ck_assert_int_eq(b->clock.deadline, T0 + 20 + 2 * PERIOD);
    check_replay();
}
END_TEST

/* An off-turn resign takes effect at once; the resigned player's seat is skipped from then on; their
 * pieces become orphans, P ignored (contract 14.6, 14.7). */
START_TEST(test_resign_off_turn_skipped)
{
    play_board(3);
    fx_piece(b, "H4", CAROL, "AP");
    snapshot();
    resign("carol", T0 + HOUR);
    ck_assert_str_eq(last_move(), "1a carol Resign");
    ck_assert_int_eq(b->phase, PHASE_PLAY);
    ck_assert_int_eq(b->seat, ALICE);
    ck_assert_int_eq(b->clock.deadline, T0 + PERIOD); /* alice's turn goes on */
    ck_assert(board_is_orphan(b, board_piece_at(b, fx_sq(b, "H4"))));
    ck_assert(!board_player_has_turns(b, CAROL));
    ck_assert_ptr_nonnull(strstr(fx_news(b, ALICE), "carol resigned."));
    ck_assert_int_eq(live("alice", "PASS", T0 + 2 * HOUR, NULL, 0), 0);
    ck_assert_int_eq(live("bob", "PASS", T0 + 3 * HOUR, NULL, 0), 0);
    ck_assert_int_eq(b->round, 2);
    ck_assert_int_eq(b->seat, ALICE);
    /* Nobody times out at carol's seat either. */
    ck_assert(process(T0 + 3 * HOUR + 2 * PERIOD));
    ck_assert_str_eq(b->moves.v[3], "2a alice Timeout");
    ck_assert_str_eq(b->moves.v[4], "2b bob Timeout");
    ck_assert_int_eq(b->round, 3);
    check_replay();
    /* bob resigns off turn: alice is left, with 1 for each of the two out before her. */
    resign("bob", T0 + 3 * HOUR + 2 * PERIOD + 1);
    ck_assert_int_eq(b->phase, PHASE_ENDED);
    ck_assert_int_eq(game_score(b, ALICE), 2);
    ck_assert_int_eq(game_score(b, BOB), 1);
    ck_assert_int_eq(game_score(b, CAROL), 0);
    ck_assert_str_eq(b->result, "won by alice (2)");
    ck_assert_int_eq(b->clock.deadline, 0);
    check_replay();
}
END_TEST

/* The text of player p's sheet now (not their move). */
static char *sheet_of(int p)
{
    SheetOpts o = {.variant = SHEET_NOT_YOUR_MOVE, .news = &b->pl[p].news, .ebook = &b->pl[p].ebook};
    Buf out;
    buf_init(&out);
    view_sheet(b, p, &o, &out);
    return buf_take(&out);
}

/* A player out of the game, or a game that has ended, has no stored orders that could run: the sheet lists
 * none (contract 14.9), though it listed them before. */
START_TEST(test_sheet_lists_no_orders_that_cannot_run)
{
    play_board(3);
    queue("carol", (const char *const[]){"PASS", "*PASS", NULL});
    queue("bob", (const char *const[]){"PASS", NULL});
    char *s = sheet_of(CAROL);
    ck_assert_ptr_nonnull(strstr(s, "\nStored orders: PASS / *PASS\n"));
    free(s);
    resign("carol", T0 + HOUR);
    s = sheet_of(CAROL);
    ck_assert_ptr_null(strstr(s, "Stored orders"));
    free(s);
    s = sheet_of(BOB);
    ck_assert_ptr_nonnull(strstr(s, "\nStored orders: PASS\n"));
    free(s);
    resign("alice", T0 + 2 * HOUR);
    ck_assert_int_eq(b->phase, PHASE_ENDED);
    s = sheet_of(BOB);
    ck_assert_ptr_null(strstr(s, "Stored orders"));
    free(s);
}
END_TEST

/* A King captured by MOVE eliminates at once; a ronin keeps taking turns and accrues E for its King
 * codes; the game ends when one player is un-eliminated, ronin or not; 10 per eliminating capture
 * plus 1 per player out before you (contract 14.5 (2), 14.6, 14.7). */
START_TEST(test_capture_ronin_end_scoring)
{
    play_board(3);
    b->par.e_per_king = 2;
    fx_piece(b, "D2", ALICE, "A");
    fx_piece(b, "I2", ALICE, "A");
    fx_piece(b, "E4", BOB, "KKP"); /* a ronin King once bob is eliminated */
    fx_piece(b, "G4", CAROL, "A"); /* an orphan once carol is eliminated */
    snapshot();
    ck_assert_int_eq(live("alice", "MOVE D2 E", T0 + HOUR, NULL, 0), 0);
    ck_assert_int_eq(b->pl[BOB].status, PS_ELIMINATED);
    ck_assert_int_eq(b->pl[BOB].out_seq, 1);
    ck_assert_int_eq(b->pl[ALICE].kills, 1);
    ck_assert_ptr_nonnull(strstr(fx_news(b, CAROL), "bob was eliminated: their King was captured by alice."));
    /* bob is ronin: his turn comes, and his King accrues 2 E per K code. */
    ck_assert(board_player_has_turns(b, BOB));
    ck_assert_int_eq(b->seat, BOB);
    ck_assert_int_eq(b->pl[BOB].e, 4);
    ck_assert_int_eq(b->phase, PHASE_PLAY);
    ck_assert_int_eq(live("bob", "PASS", T0 + 2 * HOUR, NULL, 0), 0);
    ck_assert_int_eq(live("carol", "PASS", T0 + 3 * HOUR, NULL, 0), 0);
    ck_assert_int_eq(b->pl[ALICE].e, 2); /* 2a: one K code */
    check_replay();
    /* alice captures carol's King: only alice is un-eliminated (bob is ronin): the game ends. */
    ck_assert_int_eq(live("alice", "MOVE I2 W", T0 + 4 * HOUR, NULL, 0), 0);
    ck_assert_int_eq(b->pl[CAROL].status, PS_ELIMINATED);
    ck_assert(board_is_orphan(b, board_piece_at(b, fx_sq(b, "G4"))));
    ck_assert_int_eq(b->phase, PHASE_ENDED);
    ck_assert(last_ended);
    for (int p = 0; p < 3; p++)
        ck_assert(last_due[p]);
    ck_assert_int_eq(game_score(b, ALICE), 22);
    ck_assert_int_eq(game_score(b, BOB), 0);
    ck_assert_int_eq(game_score(b, CAROL), 1);
    ck_assert_str_eq(b->result, "won by alice (22)");
    check_replay();
}
END_TEST

/* The step 5 sheets go to players who still take turns; an eliminated player without ronin gets the
 * mail of their own elimination and then nothing until the final sheet (contract 14.5 (5), 14.7). */
START_TEST(test_sheets_skip_players_out)
{
    play_board(3);
    fx_piece(b, "D2", ALICE, "A");
    fx_piece(b, "G4", BOB, "AP");  /* bob will be ronin */
    fx_piece(b, "H3", ALICE, "A");
    snapshot();
    ck_assert_int_eq(live("alice", "MOVE D2 E", T0 + HOUR, NULL, 0), 0);  /* bob eliminated, ronin */
    ck_assert(last_due[ALICE] && last_due[BOB] && last_due[CAROL]);
    ck_assert_int_eq(live("bob", "PASS", T0 + 2 * HOUR, NULL, 0), 0);
    ck_assert(last_due[ALICE] && last_due[BOB] && last_due[CAROL]); /* a ronin gets sheets */
    ck_assert_int_eq(live("carol", "PASS", T0 + 3 * HOUR, NULL, 0), 0);
    /* 2a: alice captures carol's King (no ronin): carol is told, in this command. */
    ck_assert_int_eq(live("alice", "MOVE H3 N", T0 + 4 * HOUR, NULL, 0), 0);
    ck_assert_int_eq(b->pl[CAROL].status, PS_ELIMINATED);
    ck_assert_int_eq(b->phase, PHASE_ENDED); /* bob is ronin: alice alone is un-eliminated */
    teardown();

    play_board(3);
    b->pl[CAROL].quiet = true;
    snapshot();
    resign("carol", T0 + HOUR); /* off turn */
    ck_assert(last_due[CAROL]);
    ck_assert_int_eq(live("alice", "PASS", T0 + 2 * HOUR, NULL, 0), 0);
    ck_assert(last_due[ALICE]);
    ck_assert(last_due[BOB]);
    ck_assert(!last_due[CAROL]);
    ck_assert(process(T0 + 2 * HOUR + PERIOD)); /* bob times out: alice's turn */
    ck_assert(last_due[ALICE] && last_due[BOB]);
    ck_assert(!last_due[CAROL]);
    teardown();

    /* Eliminated by capture during someone else's turn, without ronin: told in that command only. */
    play_board(3);
    fx_piece(b, "G2", ALICE, "A");
    snapshot();
    ck_assert_int_eq(live("alice", "MOVE G2 E", T0 + HOUR, NULL, 0), 0);
    ck_assert_int_eq(b->pl[CAROL].status, PS_ELIMINATED);
    ck_assert(last_due[CAROL]);
    ck_assert_int_eq(live("bob", "PASS", T0 + 2 * HOUR, NULL, 0), 0);
    ck_assert_int_eq(b->seat, ALICE); /* carol's seat is skipped */
    ck_assert_int_eq(b->round, 2);
    ck_assert(last_due[ALICE] && last_due[BOB]);
    ck_assert(!last_due[CAROL]);
    check_replay();
}
END_TEST

/* Flare, S5 and S17/S18 views (and the u marker) last until step 1 of their owner's next turn, not
 * another player's (contract 14.5 (1)). */
START_TEST(test_views_expire_at_own_turn)
{
    play_board(2);
    Piece *pc = fx_piece(b, "C3", ALICE, "AUu");
    (void)pc;
    Player *al = &b->pl[ALICE];
    al->full_view = true;
    snprintf(al->full_until, sizeof al->full_until, "1a");
    al->reveals = xcalloc(1, sizeof *al->reveals);
    al->reveals[0] = (Reveal){.sq = fx_sq(b, "E2"), .owner = BOB};
    snprintf(al->reveals[0].seq, sizeof al->reveals[0].seq, "K");
    al->nreveals = 1;
    b->pl[BOB].full_view = true;
    snprintf(b->pl[BOB].full_until, sizeof b->pl[BOB].full_until, "0");
    ck_assert_int_eq(live("alice", "PASS", T0 + HOUR, NULL, 0), 0);
    /* bob's turn: his view expires, alice's stays. */
    ck_assert(!b->pl[BOB].full_view);
    ck_assert(al->full_view);
    ck_assert_int_eq(al->nreveals, 1);
    ck_assert_str_eq(fx_seq(b, "C3"), "AUu");
    ck_assert_int_eq(live("bob", "PASS", T0 + 2 * HOUR, NULL, 0), 0);
    ck_assert(!al->full_view);
    ck_assert_int_eq(al->nreveals, 0);
    ck_assert_str_eq(fx_seq(b, "C3"), "AU");
}
END_TEST

/* A ronin whose last piece dies as their turn starts (step 3, an S7 under it) has no turn left:
 * the turn passes on at once, without a time-out (contract 14.5: players with no turn left are skipped). */
START_TEST(test_ronin_loses_last_piece_at_step3)
{
    play_board(3);
    fx_piece(b, "D2", ALICE, "A");
    fx_piece(b, "G4", BOB, "AP");
    Special sp;
    Err err;
    ck_assert_msg(special_parse(b->w, b->h, b->ter, "S7 G4", &sp, &err) == 0, "%s", err.msg);
    b->sp = xrealloc(b->sp, sizeof *b->sp * (size_t)(b->nsp + 1));
    b->sp[b->nsp++] = sp;
    snapshot();
    ck_assert_int_eq(live("alice", "MOVE D2 E", T0 + HOUR, NULL, 0), 0);
    ck_assert_int_eq(b->pl[BOB].status, PS_ELIMINATED);
    /* bob's S7 killed his last piece at 1b's step 3: carol is to move. */
    ck_assert_str_eq(fx_seq(b, "G4"), "");
    ck_assert(!board_player_has_turns(b, BOB));
    ck_assert_int_eq(b->seat, CAROL);
    ck_assert_int_eq(b->clock.deadline, T0 + HOUR + PERIOD);
    ck_assert(last_due[BOB]); /* eliminated in this command: told of it */
    ck_assert(process(T0 + HOUR + PERIOD));
    ck_assert_str_eq(last_move(), "1c carol Timeout");
    ck_assert_int_eq(b->seat, ALICE);
    check_replay();
}
END_TEST

/* Live failures (contract 4.4): case (i) gives a fresh full deadline once per turn, later failures and
 * case (ii) keep the current one; only the player is re-sent a sheet; the next turn resets it. */
START_TEST(test_failed_live_deadlines)
{
    play_board(2);
    fx_piece(b, "B3", ALICE, "ABB");
    fx_piece(b, "D3", BOB, "A");
    snapshot();
    char msg[600];
    /* each reply says what the failure means: recorded (a move), still her move, and what became of the deadline */
    ck_assert_int_eq(live("alice", "MOVE B2 N", T0 + 10 * HOUR, msg, sizeof msg), -1);
    ck_assert_str_eq(msg, "B1 is an exterior wall. The order failed: it is recorded (the move number is "
                          "now #2); it is still your move and your deadline starts again in full (once a turn, for a "
                          "failure you could see).");
    ck_assert_int_eq(b->clock.deadline, T0 + 10 * HOUR + PERIOD);
    ck_assert(last_due[ALICE] && !last_due[BOB]);
    ck_assert_int_eq(live("alice", "MOVE B2 N", T0 + 20 * HOUR, msg, sizeof msg), -1);
    ck_assert_str_eq(msg, "B1 is an exterior wall. The order failed: it is recorded (the move number is "
                          "now #3); it is still your move and your deadline did not move (it starts again only once a "
                          "turn).");
    ck_assert_int_eq(b->clock.deadline, T0 + 10 * HOUR + PERIOD);
    ck_assert_int_eq(live("alice", "MOVE B3 E-E-E", T0 + 30 * HOUR, msg, sizeof msg), -1);
    ck_assert_str_eq(msg, "blocked at D3 (outside your view). The order failed: it is recorded (the move number is now "
                          "#4); it is still your move and your deadline did not move (a failure outside your view never "
                          "moves it).");
    ck_assert_int_eq(b->clock.deadline, T0 + 10 * HOUR + PERIOD);
    ck_assert(last_due[ALICE] && !last_due[BOB]);
    /* Failures do not reset the time-out count; the deadline then times alice out. */
    ck_assert(process(T0 + 10 * HOUR + PERIOD));
    ck_assert_str_eq(last_move(), "1a alice Timeout");
    ck_assert_int_eq(b->seat, BOB);
    ck_assert_int_eq(b->moves.n, 4);
    /* bob's turn: his own once-per-turn fresh deadline (fresh_used was reset at its start). */
    ck_assert_int_eq(live("bob", "MOVE E2 N", T0 + 11 * HOUR + PERIOD, msg, sizeof msg), -1);
    ck_assert_int_eq(b->clock.deadline, T0 + 11 * HOUR + 2 * PERIOD);
    check_replay();
}
END_TEST

/* A ronin may resign (contract 14.7: all their pieces become orphans, P ignored): their seat is skipped
 * from then on and their place in the order of elimination does not change. */
START_TEST(test_ronin_resigns)
{
    play_board(3);
    fx_piece(b, "D2", ALICE, "A");
    fx_piece(b, "G4", BOB, "AP");
    snapshot();
    ck_assert_int_eq(live("alice", "MOVE D2 E", T0 + HOUR, NULL, 0), 0);
    ck_assert_int_eq(b->seat, BOB);
    resign("bob", T0 + 2 * HOUR); /* on his own turn */
    ck_assert_str_eq(last_move(), "1b bob Resign");
    ck_assert_int_eq(b->pl[BOB].status, PS_RESIGNED);
    ck_assert_int_eq(b->pl[BOB].out_seq, 1);
    ck_assert(board_is_orphan(b, board_piece_at(b, fx_sq(b, "G4"))));
    ck_assert_int_eq(b->seat, CAROL);
    ck_assert_int_eq(b->phase, PHASE_PLAY);
    ck_assert_int_eq(live("carol", "PASS", T0 + 3 * HOUR, NULL, 0), 0);
    ck_assert_int_eq(b->seat, ALICE);
    ck_assert_int_eq(b->round, 2);
    check_replay();
}
END_TEST

TCase *clock_flow_tcase(void)
{
    TCase *tc = tcase_create("flow");
    tcase_add_checked_fixture(tc, NULL, teardown);
    tcase_add_test(tc, test_replay_every_event);
    tcase_add_test(tc, test_replay_round0_events);
    tcase_add_test(tc, test_resign_off_turn_skipped);
    tcase_add_test(tc, test_sheet_lists_no_orders_that_cannot_run);
    tcase_add_test(tc, test_capture_ronin_end_scoring);
    tcase_add_test(tc, test_sheets_skip_players_out);
    tcase_add_test(tc, test_views_expire_at_own_turn);
    tcase_add_test(tc, test_ronin_loses_last_piece_at_step3);
    tcase_add_test(tc, test_failed_live_deadlines);
    tcase_add_test(tc, test_ronin_resigns);
    return tc;
}
