/* Tests of failure (the rules' reasons as codes with their arguments, contract 4.4 and 8): the rules hand up a
 * code — asserted here by code, not by words — and failure_say alone writes its English. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "failure.h"
#include "fixtures.h"
#include "gamble.h"
#include "notice.h"

static const char *const failure_rows[] = {
    "##########",
    "#....+...#",
    "#........#",
    "#........#",
    "##########",
    NULL,
};

/* Alice: Kings on B2 and C2, Z pieces on E2 and E3; Bob: a King on H4; no E. */
static Board *failure_board(void)
{
    Board *b = fx_board(failure_rows, 2, 0);
    fx_piece(b, "B2", 0, "K");
    fx_piece(b, "C2", 0, "K");
    fx_piece(b, "E2", 0, "AZ");
    fx_piece(b, "E3", 0, "AZ");
    fx_piece(b, "H4", 1, "K");
    return b;
}

/* An order of alice's on her turn (with 1000E), the code of its reason, and its words. */
static const struct {
    const char *order;
    FailCode code;
    const char *say;
} failure_orders[] = {
    {"MOVE B2 N", FAIL_TERRAIN, "B1 is an exterior wall"},
    {"MOVE B2 E-E", FAIL_STEPS, "the piece on B2 must move exactly 1 square"},
    {"MOVE B2 E", FAIL_OWN_KING, "you can never take your own King on C2"},
    {"MOVE B2 SE", FAIL_NO_C, "the piece on B2 has no C: it cannot move SE"},
    {"CREATE B3 K", FAIL_BUY_K, "K cannot be bought"},
    {"CREATE E4 A", FAIL_NOT_NEXT_TO_KING, "E4 is not next to one of your Kings"},
    {"CREATE C2 A", FAIL_OCCUPIED, "C2 is occupied"},
    {"GAMBLE 1E 1st", FAIL_GAMBLE_LATE, "GAMBLE is only for round 0"},
    {"MOVE D3 N", FAIL_NOT_YOURS, "no piece of yours on D3"},
    {"PHASE B2", FAIL_NO_ENABLER, "the piece on B2 has no R (PHASE needs R)"},
    {"CHARGE E3 W-E", FAIL_CHARGE_TIMES, "the piece on E3 has 1 Z: it may charge at most 1 time"},
    {"CHARGE E2 SE", FAIL_NO_C_CHARGE, "the piece on E2 has no C: it cannot charge SE"},
    {"CHARGE E2 N", FAIL_CHARGE_ZERO_WALL, "a charge of length 0: the N charge from E2 meets E1 at once (an exterior "
                                           "wall)"},
    {"CHARGE E2 S", FAIL_CHARGE_ZERO_PIECE, "a charge of length 0: the S charge from E2 meets E3 at once (a piece)"},
};

START_TEST(rules_hand_up_codes)
{
    Board *b = failure_board();
    b->seat = 0;
    b->pl[0].e = 1000;
    FailReason why;
    ck_assert_int_lt(fx_order_why(b, 0, failure_orders[_i].order, &why), 0);
    ck_assert_msg(why.code == failure_orders[_i].code, "%s: code %d, not %d", failure_orders[_i].order, why.code,
                  failure_orders[_i].code);
    char said[ERR_MAX];
    failure_say(b, &why, said, sizeof said);
    ck_assert_str_eq(said, failure_orders[_i].say);
    board_free(b);
}
END_TEST

/* The arguments a code hands up: the squares, the numbers, the terrain. */
START_TEST(codes_carry_their_arguments)
{
    Board *b = failure_board();
    b->seat = 0;
    b->pl[0].e = 1;
    FailReason why;
    ck_assert_int_lt(fx_order_why(b, 0, "CREATE B3 A", &why), 0);
    ck_assert_int_eq(why.code, FAIL_COST);
    ck_assert(why.num[0] > 1 && why.num[1] == 1);
    ck_assert_int_lt(fx_order_why(b, 0, "MOVE B2 N", &why), 0);
    ck_assert_int_eq(why.code, FAIL_TERRAIN);
    ck_assert_int_eq(why.sq[0], fx_sq(b, "B1"));
    ck_assert_int_eq(why.ter, TER_XWALL);
    ck_assert_int_eq(why.hidden_at, -1);
    b->phase = PHASE_ENDED; /* the game over: a GAMBLE is refused as the end, not as late */
    ck_assert_int_eq(fx_order_why(b, 0, "GAMBLE 1E 1st", &why), ORDER_REFUSED);
    ck_assert_int_eq(why.code, FAIL_ENDED);
    b->phase = PHASE_PLAY;
    b->seat = 1; /* a HOLIDAY off the turn is refused */
    ck_assert_int_eq(fx_order_why(b, 0, "HOLIDAY", &why), ORDER_REFUSED);
    ck_assert_int_eq(why.code, FAIL_HOLIDAY_OFF_TURN);
    board_free(b);
}
END_TEST

/* Every code has its words, every token of them filled; a reason about a square outside the view says that
 * square only (contract 8), for the codes that may be about one. */
START_TEST(every_code_has_words)
{
    Board *b = failure_board();
    char said[ERR_MAX];
    for (int c = FAIL_ENDED; c < FAIL_CODE_COUNT; c++) {
        FailReason r = {.code = (FailCode)c, .sq = {fx_sq(b, "B2"), fx_sq(b, "C2")}, .num = {2, 1},
                        .code_letter = 'A', .ter = TER_IWALL, .hidden_at = -1};
        snprintf(r.word, sizeof r.word, "NE");
        failure_say(b, &r, said, sizeof said);
        ck_assert_msg(*said && !strchr(said, '{') && !strchr(said, '}'), "code %d says '%s'", c, said);
        r.hidden_at = fx_sq(b, "H4");
        failure_say(b, &r, said, sizeof said);
        if (failure_hidden_word((FailCode)c))
            ck_assert_msg(strstr(said, " at H4 (outside your view)") && !strstr(said, "B2"), "code %d: %s", c, said);
    }
    FailReason r = {.code = FAIL_STEPS, .sq = {fx_sq(b, "B2")}, .num = {1}, .hidden_at = -1};
    failure_say(b, &r, said, sizeof said);
    ck_assert_str_eq(said, "the piece on B2 must move exactly 1 square");
    r.num[0] = 3;
    failure_say(b, &r, said, sizeof said);
    ck_assert_str_eq(said, "the piece on B2 must move exactly 3 squares");
    r = (FailReason){.code = FAIL_SWAP_NO_KING, .sq = {0, fx_sq(b, "C3")}, .hidden_at = fx_sq(b, "C3")};
    failure_say(b, &r, said, sizeof said);
    ck_assert_str_eq(said, "no King of yours at C3 (outside your view)");
    r = (FailReason){.code = FAIL_TERRAIN, .sq = {fx_sq(b, "F2")}, .ter = TER_IWALL, .hidden_at = -1};
    failure_say(b, &r, said, sizeof said);
    ck_assert_str_eq(said, "F2 is an interior wall");
    ck_assert_str_eq(failure_fixed(FAIL_GAMBLE_STORED), "GAMBLE cannot be stored");
    ck_assert_ptr_null(failure_fixed(FAIL_COST)); /* it takes arguments */
    board_free(b);
}
END_TEST

/* Round 0's checks (gamble_check): a message of gambles by alice, the code of its first refused order's reason,
 * that order's index, and the reason's words. */
static const struct {
    const char *orders;
    int gamble; /* the game's gamble mode */
    FailCode code;
    int bad;
    const char *say;
} failure_gambles[] = {
    {"GAMBLE 1E 3rd", GAMBLE_MODE_ORDER, FAIL_NOT_A_PLACE, 0,
     "there are only 2 players, so 3 is not a place in the turn order"},
    {"GAMBLE 1E GPC7", GAMBLE_MODE_POSITION, FAIL_NOT_A_START, 0, "GPC7 is not a start on this map (GPC1 to GPC2)"},
    {"GAMBLE 1E GPC1", GAMBLE_MODE_ORDER, FAIL_NO_POSITION_GAMBLE, 0, "this game does not gamble for positions"},
    {"GAMBLE 1E 1st", GAMBLE_MODE_POSITION, FAIL_NO_ORDER_GAMBLE, 0, "this game does not gamble for turn order"},
    {"GAMBLE 6E 1st / GAMBLE 5E GPC1", GAMBLE_MODE_BOTH, FAIL_STAKE_TOO_HIGH, 1,
     "your gambles may stake at most 10E in all (this one would make 11E)"},
    {"PASS / PASS", GAMBLE_MODE_BOTH, FAIL_GAMBLES_ALL_IN, 1,
     "you have sent every gamble already; send a GAMBLE to replace one"},
    {"GAMBLE 1E / GAMBLE 1E / GAMBLE 1E", GAMBLE_MODE_BOTH, FAIL_GAMBLED_BOTH, 2,
     "you have gambled on position and on turn order already; name start labels (GPC1) or ordinals (1st) to "
     "replace one"},
    {"PASS / MOVE B2 N", GAMBLE_MODE_ORDER, FAIL_NOT_YOUR_MOVE, 1, "It is not your move"},
};

START_TEST(gamble_checks_hand_up_codes)
{
    Board *b = failure_board();
    b->phase = PHASE_ROUND0;
    b->round = 0;
    b->par.start_e = 10;
    b->par.gamble = failure_gambles[_i].gamble;
    b->pl[0].e = 10;
    b->st = xcalloc(2, sizeof *b->st); /* starts GPC1 and GPC2 */
    b->st[0] = (Start){.label = 1, .sq = fx_sq(b, "D3")};
    b->st[1] = (Start){.label = 2, .sq = fx_sq(b, "G3")};
    b->nst = 2;
    OrderList l = {0};
    Err err;
    ck_assert_int_eq(order_parse_list(b, failure_gambles[_i].orders, &l, &err), 0);
    FailReason why;
    int bad = -1;
    ck_assert_int_lt(gamble_check(b, 0, &l, &bad, &why), 0);
    ck_assert_msg(why.code == failure_gambles[_i].code, "%s: code %d, not %d", failure_gambles[_i].orders, why.code,
                  failure_gambles[_i].code);
    ck_assert_int_eq(bad, failure_gambles[_i].bad);
    char said[ERR_MAX];
    failure_say(b, &why, said, sizeof said);
    ck_assert_str_eq(said, failure_gambles[_i].say);
    order_list_free(&l);
    board_free(b);
}
END_TEST

/* What the rules tell a player besides a failure: each notice kind, its arguments, and the words notice_say alone
 * writes for it. */
START_TEST(every_notice_has_words)
{
    Board *b = failure_board();
    const struct {
        Notice n;
        const char *say;
    } rows[] = {
        {{.kind = NOTICE_GAMBLE_PASS, .num = {3, 7}},
         "Gamble received: PASS (0E, don't care, for every item left). You have staked 3E; 7E left."},
        {{.kind = NOTICE_GAMBLE_TAKEN, .text = "GAMBLE 2E 2ND, DON'T CARE", .item = GAMBLE_ON_ORDER, .num = {2, 8}},
         "Gamble received: GAMBLE 2E 2ND, DON'T CARE (for turn order). You have staked 2E; 8E left."},
        {{.kind = NOTICE_GAMBLE_TAKEN, .text = "GAMBLE 1E GPC1", .item = GAMBLE_ON_POSITION, .replaced = true,
          .num = {1, 9}},
         "Gamble replaced: GAMBLE 1E GPC1 (for your start position). You have staked 1E; 9E left."},
        {{.kind = NOTICE_ROUND0_OVER, .player = 1, .num = {2}, .sq = fx_sq(b, "D3")},
         "Round 0 is over: you start on GPC2 (D3). Turn order: 1a alice, 1b bob (you)."},
        {{.kind = NOTICE_ROUND0_OVER, .player = 0, .num = {4}, .sq = -1},
         "Round 0 is over: you start on GPC4. Turn order: 1a alice (you), 1b bob."},
        {{.kind = NOTICE_ROUND0_TIMEOUT}, "Round 0's deadline passed: your missing gambles were taken as 0E don't care."},
        {{.kind = NOTICE_ROUND0_RESTARTS, .text = "carol"},
         "carol resigned. Round 0 restarts: every gamble was discarded and its stake refunded; send your gambles "
         "again."},
        {{.kind = NOTICE_STORED_RAN, .text = "PASS"}, "Your stored order PASS was processed."},
        {{.kind = NOTICE_STORED_FAILED, .text = "MOVE B2 N",
          .why = {.code = FAIL_TERRAIN, .sq = {fx_sq(b, "B1")}, .ter = TER_XWALL, .hidden_at = -1}},
         "Your stored order MOVE B2 N failed: B1 is an exterior wall"},
        {{.kind = NOTICE_STORED_FAILED, .text = "MOVE B3 E-E-E",
          .why = {.code = FAIL_OCCUPIED, .sq = {fx_sq(b, "D3")}, .hidden_at = fx_sq(b, "D3")}},
         "Your stored order MOVE B3 E-E-E failed: blocked at D3 (outside your view)"},
        {{.kind = NOTICE_STORED_MISPLACED, .text = "GAMBLE 1E 1ST, DON'T CARE",
          .why = {.code = FAIL_GAMBLE_LATE, .hidden_at = -1}},
         "Your stored order GAMBLE 1E 1ST, DON'T CARE was dropped: GAMBLE is only for round 0."},
        {{.kind = NOTICE_STORED_UNREAD, .text = "FROB", .words = "unknown order FROB"},
         "Your stored order FROB was dropped: unknown order FROB"},
        {{.kind = NOTICE_HOLIDAY_TAKEN, .num = {86400}},
         "Holiday started: the game is suspended until you send an order or your allowance (1d 0h 0m) runs out."},
        {{.kind = NOTICE_HOLIDAY_STARTED, .num = {86400}},
         "Your holiday started: the game is suspended until you send an order or your allowance (1d 0h 0m) runs out."},
        {{.kind = NOTICE_HOLIDAY_AWAY, .text = "bob"}, "bob is on holiday: the game is suspended."},
        {{.kind = NOTICE_HOLIDAY_BACK, .text = "bob"}, "bob is back from holiday."},
        {{.kind = NOTICE_HOLIDAY_NONE_LEFT}, "Your stored HOLIDAY was dropped: you have no holiday allowance left."},
        {{.kind = NOTICE_HOLIDAY_RAN_OUT}, "Your holiday allowance ran out: the game resumes."},
        {{.kind = NOTICE_HOLIDAY_RAN_OUT_OTHER, .text = "bob"}, "bob's holiday allowance ran out: the game resumes."},
    };
    bool seen[NOTICE_KIND_COUNT] = {false};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        char *said = notice_say(b, &rows[i].n);
        ck_assert_str_eq(said, rows[i].say);
        free(said);
        seen[rows[i].n.kind] = true;
    }
    for (int k = 0; k < NOTICE_KIND_COUNT; k++)
        ck_assert_msg(seen[k], "notice kind %d is not tested", k);
    board_free(b);
}
END_TEST

Suite *failure_suite(void);
Suite *failure_suite(void)
{
    Suite *s = suite_create("failure");
    TCase *t = tcase_create("codes");
    tcase_add_loop_test(t, rules_hand_up_codes, 0, (int)(sizeof failure_orders / sizeof failure_orders[0]));
    tcase_add_test(t, codes_carry_their_arguments);
    tcase_add_test(t, every_code_has_words);
    tcase_add_test(t, every_notice_has_words);
    tcase_add_loop_test(t, gamble_checks_hand_up_codes, 0, (int)(sizeof failure_gambles / sizeof failure_gambles[0]));
    suite_add_tcase(s, t);
    return s;
}
