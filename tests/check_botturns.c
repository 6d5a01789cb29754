/* Tests of the bounds on the computer opponents' play (contract 12, 14.7, 15): one Game — what a command does on
 * a board, its time or its own act — makes at most BOT_TURNS_PER_COMMAND bot decisions, the next bot's turn
 * waiting, due, for the next command; a game no person is left in ends at once, and so does one whose bots reach
 * the round cap (ruling 61), scored as it stands. */
#include "fixtures.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot.h"

#define T0 1000000000LL
#define DAY 86400LL

enum { SEATS = 8 };

/* The Kings: alice's on B2, far from the bots' on the other side of the open field. */
static const char *const kings[SEATS] = {"B2", "U2", "U6", "S4", "Q2", "Q6", "O4", "M2"};

/* alice (seat 0) against seven bots of kind (bot.<kind>, bot.<kind>2 ...), each with a King; alice to move at
 * 1a with a 72-hour deadline from T0. */
static Board *against_seven(const char *kind)
{
    Board *b = fx_board(fx_open_rows, SEATS, 5);
    for (int p = 0; p < SEATS; p++) {
        if (p == 1)
            snprintf(b->pl[p].id, sizeof b->pl[p].id, "bot.%s", kind);
        else if (p > 1)
            snprintf(b->pl[p].id, sizeof b->pl[p].id, "bot.%s%d", kind, p);
        fx_piece(b, kings[p], p, "K");
    }
    b->par.deadline_h = 72;
    b->clock.turn_start = T0;
    b->clock.deadline = T0 + 72 * 3600;
    return b;
}

/* The move-list lines of computer opponents from line from on. */
static int bot_lines(const Board *b, int from)
{
    int n = 0;
    for (int i = from; i < b->moves.n; i++)
        n += strstr(b->moves.v[i], " bot.") != NULL;
    return n;
}

/* alice's resign in a game against seven bots ends the game at once: no bot plays, and the scores stand as they
 * are — each bot 1 for alice eliminated before it, alice 0: a tie of the seven at 1 (contract 14.7, ruling 61).
 * While the hole was open the bots played on for 500 rounds inside that one command. */
START_TEST(test_resign_against_seven_bots_ends_at_once)
{
    Board *b = against_seven("greedy");
    Game g;
    game_init(&g, b, T0 + 3600);
    ck_assert_int_eq(turn_resign(&g, 0), RESIGN_DONE);
    ck_assert_int_eq(g.bot_decisions, 0);
    ck_assert(g.ended);
    game_done(&g);
    ck_assert_int_eq(b->phase, PHASE_ENDED);
    ck_assert_int_eq(b->moves.n, 1);
    ck_assert_str_eq(b->moves.v[0], "1a alice Resign");
    ck_assert_str_eq(b->result, "tie (1)");
    ck_assert_int_eq(b->clock.ended, T0 + 3600);
    ck_assert_int_eq(game_score(b, 0), 0);
    for (int p = 1; p < SEATS; p++) {
        ck_assert_int_eq(game_score(b, p), 1);
        ck_assert_int_eq(b->pl[p].status, PS_ACTIVE);
    }
    fx_check(b);
    board_free(b);
}
END_TEST

/* Off her turn too: a bot's turn left waiting, alice resigns — the game ends, the waiting bot does not play. */
START_TEST(test_resign_while_a_bot_waits)
{
    Board *b = against_seven("random");
    b->seat = 3; /* bot.random4 to move, its turn left waiting by an earlier command */
    b->clock.deadline = T0;
    ck_assert(turn_bot_waits(b));
    Game g;
    game_init(&g, b, T0 + 60);
    ck_assert_int_eq(turn_resign(&g, 0), RESIGN_DONE);
    game_done(&g);
    ck_assert_int_eq(b->phase, PHASE_ENDED);
    ck_assert_int_eq(b->moves.n, 1);
    ck_assert_str_eq(b->result, "tie (1)");
    board_free(b);
}
END_TEST

/* One command against seven bots: alice's PASS with 30 '*PASS' orders stored would set every round going; the
 * command makes seven decisions (the seven replies, then alice's stored order), and the eighth bot turn waits,
 * due at once. The next command on the board (its time) makes seven more, and so on. */
START_TEST(test_one_command_plays_at_most_the_bound)
{
    Board *b = against_seven("greedy");
    for (int i = 0; i < 30; i++)
        sl_push(&b->pl[0].queue, "*PASS");
    Game g;
    game_init(&g, b, T0 + 60);
    ck_assert_int_eq(fx_submit(&g, 0, "PASS", NULL, 0), 0);
    ck_assert_int_eq(g.bot_decisions, BOT_TURNS_PER_COMMAND);
    game_done(&g);
    ck_assert_int_eq(bot_lines(b, 0), BOT_TURNS_PER_COMMAND);
    ck_assert_int_eq(b->moves.n, 1 + BOT_TURNS_PER_COMMAND + 1);
    ck_assert_str_eq(b->moves.v[0], "1a alice PASS");
    ck_assert_str_eq(b->moves.v[8], "2a alice PASS (Auto)");
    ck_assert_int_eq(b->round, 2);
    ck_assert_int_eq(b->seat, 1);
    ck_assert(turn_bot_waits(b));
    ck_assert_int_eq(b->clock.deadline, T0 + 60); /* due: the next command or Cleanup plays it */
    ck_assert_int_eq(b->pl[0].queue.n, 28); /* the live PASS took the head, 2a the next */
    /* the next command: its time processing plays the waiting turns, at most the bound again */
    game_init(&g, b, T0 + 120);
    ck_assert(turn_process_time(&g, NULL));
    ck_assert_int_eq(g.bot_decisions, BOT_TURNS_PER_COMMAND);
    game_done(&g);
    ck_assert_int_eq(bot_lines(b, 9), BOT_TURNS_PER_COMMAND);
    ck_assert_int_eq(b->moves.n, 17);
    ck_assert_str_eq(b->moves.v[16], "3a alice PASS (Auto)");
    ck_assert(turn_bot_waits(b));
    fx_check(b);
    board_free(b);
}
END_TEST

/* A stranger's command that merely processes the board's expired deadline (alice away 100 days, no forfeit): at
 * most the bound of bot decisions, the time stopping at the bot's turn left waiting (it is never timed out). */
START_TEST(test_expired_deadline_plays_at_most_the_bound)
{
    Board *b = against_seven("greedy");
    Game g;
    game_init(&g, b, T0 + 100 * DAY);
    ck_assert(turn_process_time(&g, NULL));
    ck_assert_int_eq(g.bot_decisions, BOT_TURNS_PER_COMMAND);
    game_done(&g);
    ck_assert_int_eq(bot_lines(b, 0), BOT_TURNS_PER_COMMAND);
    ck_assert_str_eq(b->moves.v[0], "1a alice Timeout");
    ck_assert_str_eq(b->moves.v[b->moves.n - 1], "2a alice Timeout");
    ck_assert_int_eq(b->moves.n, 1 + BOT_TURNS_PER_COMMAND + 1);
    ck_assert(turn_bot_waits(b));
    ck_assert_int_le(b->clock.deadline, T0 + 100 * DAY);
    for (int p = 1; p < SEATS; p++)
        ck_assert_int_eq(b->pl[p].timeouts, 0);
    /* Cleanup's runs, each a Game of its own, play it out bounded: alice's turn comes back with her deadline
     * from the moment the bots' turns were played */
    for (int run = 1; run <= 3 && turn_bot_waits(b); run++) {
        int before = b->moves.n;
        game_init(&g, b, T0 + 100 * DAY + run);
        turn_process_time(&g, NULL);
        ck_assert_int_le(g.bot_decisions, BOT_TURNS_PER_COMMAND);
        game_done(&g);
        ck_assert_int_le(bot_lines(b, before), BOT_TURNS_PER_COMMAND);
    }
    ck_assert(!turn_bot_waits(b));
    ck_assert_int_eq(b->seat, 0);
    ck_assert_int_gt(b->clock.deadline, T0 + 100 * DAY);
    fx_check(b);
    board_free(b);
}
END_TEST

/* A forfeit leaves only bots: the game ends at that time-out, no bot plays (ruling 61). */
START_TEST(test_forfeit_leaves_bots_game_ends)
{
    Board *b = against_seven("strong");
    b->par.max_timeouts = 1;
    Game g;
    game_init(&g, b, T0 + 100 * DAY);
    ck_assert(turn_process_time(&g, NULL));
    ck_assert_int_eq(g.bot_decisions, 0);
    game_done(&g);
    ck_assert_int_eq(b->phase, PHASE_ENDED);
    ck_assert_int_eq(bot_lines(b, 0), 0);
    ck_assert_str_eq(b->moves.v[b->moves.n - 1], "1a alice Forfeit");
    ck_assert_str_eq(b->result, "tie (1)");
    ck_assert_int_eq(b->clock.ended, T0 + 72 * 3600); /* the moment of the deadline */
    board_free(b);
}
END_TEST

/* The round cap ends the game: alice's PASS at 500a, the bot's reply at 500b, and round 501 does not begin. */
START_TEST(test_round_cap_ends_the_game)
{
    Board *b = fx_board(fx_open_rows, 2, 5);
    snprintf(b->pl[1].id, sizeof b->pl[1].id, "bot.greedy");
    fx_piece(b, "B2", 0, "K");
    fx_piece(b, "U6", 1, "K");
    b->pl[1].kills = 1; /* as if it had eliminated someone: the scores as they stand decide */
    b->round = BOT_ROUND_CAP;
    Game g;
    game_init(&g, b, T0);
    ck_assert_int_eq(fx_submit(&g, 0, "PASS", NULL, 0), 0);
    ck_assert_int_eq(g.bot_decisions, 1);
    game_done(&g);
    ck_assert_int_eq(b->phase, PHASE_ENDED);
    ck_assert_int_eq(b->moves.n, 2);
    ck_assert(strncmp(b->moves.v[1], "500b bot.greedy ", 16) == 0);
    ck_assert_int_eq(b->round, BOT_ROUND_CAP + 1);
    ck_assert_str_eq(b->result, "won by bot.greedy (10)");
    ck_assert_int_eq(b->pl[0].status, PS_ACTIVE);
    board_free(b);
}
END_TEST

/* A board already past the cap (an earlier version let the bots' turns wait there) ends on its next command's
 * time, the bot not playing; so does one already left to bots. */
START_TEST(test_stuck_boards_end_on_their_time)
{
    for (int k = 0; k < 2; k++) {
        Board *b = against_seven("greedy");
        if (k == 0)
            b->round = BOT_ROUND_CAP + 7;
        else
            b->pl[0].status = PS_RESIGNED, b->pl[0].out_seq = 1;
        b->seat = 2;
        Game g;
        game_init(&g, b, T0 + 60);
        ck_assert(turn_process_time(&g, NULL));
        ck_assert_int_eq(g.bot_decisions, 0);
        game_done(&g);
        ck_assert_int_eq(b->phase, PHASE_ENDED);
        ck_assert_int_eq(b->moves.n, 0);
        ck_assert_str_eq(b->result, k == 0 ? "tie (0)" : "tie (1)");
        board_free(b);
    }
}
END_TEST

/* Round 0: the last person's resign leaves only bots: the board is to be deleted, nothing changed. */
START_TEST(test_round0_last_person_deletes)
{
    Board *b = against_seven("random");
    b->phase = PHASE_ROUND0;
    b->round = 0;
    Game g;
    game_init(&g, b, T0);
    ck_assert_int_eq(turn_resign(&g, 0), RESIGN_DELETE_BOTS); /* the reason: no person remains (seven players do) */
    game_done(&g);
    ck_assert_int_eq(b->np, SEATS);
    ck_assert_int_eq(b->moves.n, 0);
    board_free(b);
}
END_TEST

/* A game of bots only (selfplay's) is never "left to bots": it plays on, the bound per Game kept. */
START_TEST(test_bots_only_board_plays_on)
{
    Board *b = against_seven("random");
    snprintf(b->pl[0].id, sizeof b->pl[0].id, "bot.greedy");
    Game g;
    game_init(&g, b, T0);
    ck_assert(turn_play_bots(&g));
    ck_assert_int_eq(g.bot_decisions, BOT_TURNS_PER_COMMAND);
    game_done(&g);
    ck_assert_int_eq(b->phase, PHASE_PLAY);
    ck_assert_int_eq(b->moves.n, BOT_TURNS_PER_COMMAND);
    ck_assert(turn_bot_waits(b));
    board_free(b);
}
END_TEST

Suite *botturns_suite(void);
Suite *botturns_suite(void)
{
    Suite *s = suite_create("botturns");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_resign_against_seven_bots_ends_at_once);
    tcase_add_test(tc, test_resign_while_a_bot_waits);
    tcase_add_test(tc, test_one_command_plays_at_most_the_bound);
    tcase_add_test(tc, test_expired_deadline_plays_at_most_the_bound);
    tcase_add_test(tc, test_forfeit_leaves_bots_game_ends);
    tcase_add_test(tc, test_round_cap_ends_the_game);
    tcase_add_test(tc, test_stuck_boards_end_on_their_time);
    tcase_add_test(tc, test_round0_last_person_deletes);
    tcase_add_test(tc, test_bots_only_board_plays_on);
    suite_add_tcase(s, tc);
    return s;
}
