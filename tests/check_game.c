/* Tests for game: event audiences (fog of war), replay reproducing the snapshot, scoring. */
#include "fixtures.h"

#include <stdlib.h>
#include <string.h>

static const char *const rows[] = {
    "##############",
    "#............#",
    "#............#",
    "#............#",
    "##############",
    NULL,
};

START_TEST(test_event_seen_and_unseen)
{
    Board *b = fx_board(rows, 2, 0);
    fx_piece(b, "B2", 0, "K");
    fx_piece(b, "M2", 1, "K");
    fx_piece(b, "C3", 0, "AB");    /* alice's piece: moves next to bob? no: stays in alice's corner */
    fx_piece(b, "K3", 1, "A");
    char msg[256];
    ck_assert_int_eq(fx_order(b, 0, "MOVE C3 E-W", msg, sizeof msg), 0);
    /* bob sees nothing of it: not a word reaches him */
    ck_assert_msg(!strstr(fx_news(b, 1), "C3"), "%s", fx_news(b, 1));
    ck_assert_msg(strstr(fx_news(b, 0), "Your piece AB moved from C3 to C3."), "%s", fx_news(b, 0));
    /* bob moves K3 -> J3, into a square... still outside alice's view (C3 sees B..D) */
    ck_assert_int_eq(fx_order(b, 1, "MOVE K3 W", msg, sizeof msg), 0);
    ck_assert_msg(!strstr(fx_news(b, 0), "J3"), "%s", fx_news(b, 0));
    board_free(b);
}
END_TEST

START_TEST(test_event_partly_outside_and_decode)
{
    Board *b = fx_board(rows, 2, 0);
    fx_piece(b, "B2", 0, "K");
    fx_piece(b, "M2", 1, "K");
    fx_piece(b, "E3", 0, "A");     /* alice sees D2..F4 */
    fx_piece(b, "H3", 1, "ABC");
    b->seat = 1;
    char msg[256];
    ck_assert_int_eq(fx_order(b, 1, "MOVE H3 W-W", msg, sizeof msg), 0); /* G3 (outside) -> F3 (seen) */
    ck_assert_msg(strstr(fx_news(b, 0), "bob's piece moved from a square outside your view to F3."), "%s",
                  fx_news(b, 0));
    board_news_clear(&b->pl[0].news);
    /* with F alice decodes the sequence */
    board_remove_piece(b, fx_sq(b, "E3"));
    fx_piece(b, "E3", 0, "AF");
    ck_assert_int_eq(fx_order(b, 1, "MOVE F3 N-S", msg, sizeof msg), 0);
    ck_assert_msg(strstr(fx_news(b, 0), "bob's piece ABC moved from F3 to F3."), "%s", fx_news(b, 0));
    board_free(b);
}
END_TEST

/* A game of six move-list lines from its initial snapshot, the fifth a failed order. */
static Board *replayed_game(void)
{
    Board *b = fx_board(rows, 2, 10);
    fx_piece(b, "B2", 0, "K");
    fx_piece(b, "M2", 1, "K");
    b->initial = boardfile_write(b);
    b->initial_base = 0;
    char msg[256];
    ck_assert_int_eq(fx_order(b, 0, "CREATE C2 AB", msg, sizeof msg), 0);
    ck_assert_int_eq(fx_order(b, 1, "CREATE L3 AG", msg, sizeof msg), 0);
    ck_assert_int_eq(fx_order(b, 0, "MOVE C2 E-E", msg, sizeof msg), 0);
    ck_assert_int_eq(fx_order(b, 1, "MOVE L3 N", msg, sizeof msg), 0);
    ck_assert_int_eq(fx_order(b, 0, "MOVE E2 E-N", msg, sizeof msg), -1); /* exterior wall: failed */
    ck_assert_int_eq(fx_order(b, 0, "PASS", msg, sizeof msg), 0);
    return b;
}

START_TEST(test_replay_reproduces)
{
    Board *b = replayed_game();
    Board *r = NULL;
    Err err;
    ck_assert_msg(replay_board(b, -1, &r, &err) == 0, "%s", err.msg);
    char *want = boardfile_write_core(b), *got = boardfile_write_core(r);
    ck_assert_str_eq(got, want);
    free(want);
    free(got);
    board_free(r);
    /* replay to move 2 shows the board after it */
    ck_assert_int_eq(replay_board(b, 2, &r, &err), 0);
    ck_assert_str_eq(fx_seq(r, "L3"), "AG");
    ck_assert_str_eq(fx_seq(r, "C2"), "AB");
    board_free(r);
    board_free(b);
}
END_TEST

/* What replay_each hands each step, as text: the board file replay_board(b, k) writes, or its failure. */
typedef struct {
    StrList got;
} EachSeen;

static int each_seen(void *ctx, int k, Board *r, const char *fail)
{
    EachSeen *e = ctx;
    ck_assert_int_eq(k, e->got.n);
    char *t = r ? boardfile_write(r) : xasprintf("failed: %s", fail);
    sl_push(&e->got, t);
    free(t);
    return 0;
}

/* replay_each walks the history once and hands step k exactly the board (or the failure) replay_board(b, k)
 * gives, for every k: through a failed order, and past a line that no longer replays and an admin's edit. */
static void replay_each_is_replay_board(const Board *b)
{
    EachSeen e = {{0}};
    ck_assert_int_eq(replay_each(b, each_seen, &e), 0);
    ck_assert_int_eq(e.got.n, board_moves_count(b) + 1);
    for (int k = 0; k <= board_moves_count(b); k++) {
        Board *r = NULL;
        Err err;
        char *want = replay_board(b, k, &r, &err) == 0 ? boardfile_write(r) : xasprintf("failed: %s", err.msg);
        ck_assert_msg(strcmp(e.got.v[k], want) == 0, "step %d: %s\nwant %s", k, e.got.v[k], want);
        free(want);
        board_free(r);
    }
    sl_free(&e.got);
}

static int each_stop(void *ctx, int k, Board *r, const char *fail)
{
    (void)r;
    (void)fail;
    *(int *)ctx = k;
    return k == 2 ? 7 : 0;
}

START_TEST(test_replay_each_step)
{
    Board *b = replayed_game();
    replay_each_is_replay_board(b);
    int last = -1;
    ck_assert_int_eq(replay_each(b, each_stop, &last), 7); /* a step's refusal stops the walk */
    ck_assert_int_eq(last, 2);
    /* line 5 no longer replays as it was recorded (it is not a failed order now): steps 5 on fail as
     * replay_board says */
    char *was = b->moves.v[4];
    b->moves.v[4] = xstrdup("3a alice MOVE E2 S");
    replay_each_is_replay_board(b);
    /* an admin's edit after line 3 (and the bad line 5 past it): steps 4 on cannot be replayed */
    free(b->moves.v[4]);
    b->moves.v[4] = was;
    sl_push(&b->moves, "3b bob PASS");
    free(b->moves.v[6]);
    b->moves.v[6] = b->moves.v[3];
    b->moves.v[3] = xstrdup("2b admin EDIT moved a wall");
    replay_each_is_replay_board(b);
    /* a snapshot past the first lines (an edit re-based the replay): the steps before it fail */
    b->initial_base = 2;
    replay_each_is_replay_board(b);
    board_free(b);
}
END_TEST

/* Each player remembers the terrain of the squares they saw just before or just after each action, as it is after
 * it, and nothing of the others (contract 8: their map); the replay makes the same maps (verify). */
START_TEST(test_maps_remember_what_was_seen)
{
    static const char *const walls[] = {
        "################",
        "#......+.......#",
        "#..............#",
        "#..............#",
        "################",
        NULL,
    };
    Board *b = fx_board(walls, 2, 10);
    fx_piece(b, "B2", 0, "K");
    fx_piece(b, "G2", 0, "AO");  /* alice sees F1..H3: the interior wall on H2 */
    fx_piece(b, "O4", 1, "K");
    fx_piece(b, "M2", 1, "AQ");  /* bob sees L1..N3 and N3..P5 */
    b->initial = boardfile_write(b);
    b->initial_base = 0;
    int h2 = fx_sq(b, "H2"), m2 = fx_sq(b, "M2");
    char msg[256];
    ck_assert_int_eq(fx_order(b, 0, "MOVE G2 E", msg, sizeof msg), 0); /* mines H2, in alice's view only */
    ck_assert_int_eq(b->ter[h2], TER_FLOOR);
    ck_assert_int_eq(board_known(b, 0)[h2], TER_FLOOR);
    ck_assert_int_eq(board_known(b, 1)[h2], TER_IWALL);
    /* bob's piece becomes a wall: he saw the square just before (his piece stood there), never after */
    ck_assert_int_eq(fx_order(b, 1, "PETRIFY M2", msg, sizeof msg), 0);
    ck_assert_int_eq(b->ter[m2], TER_IWALL);
    ck_assert_int_eq(board_known(b, 1)[m2], TER_IWALL);
    ck_assert_int_eq(board_known(b, 0)[m2], TER_FLOOR);
    /* alice's piece leaves H2's neighbourhood: she still knows it as she last saw it */
    ck_assert_int_eq(fx_order(b, 0, "MOVE H2 W", msg, sizeof msg), 0);
    ck_assert_int_eq(fx_order(b, 1, "PASS", msg, sizeof msg), 0);
    ck_assert_int_eq(fx_order(b, 0, "MOVE G2 W", msg, sizeof msg), 0);
    ck_assert_int_eq(board_known(b, 0)[h2], TER_FLOOR);
    ck_assert_int_eq(board_known(b, 1)[h2], TER_IWALL);
    char *t = boardfile_write(b);
    ck_assert_msg(strstr(t, "(known\nalice H2 .\nbob M2 +\n)\n"), "%s", t);
    free(t);
    Board *r = NULL;
    Err err;
    ck_assert_msg(replay_board(b, -1, &r, &err) == 0, "%s", err.msg);
    for (int p = 0; p < 2; p++)
        ck_assert_mem_eq(board_known(r, p), board_known(b, p), (size_t)(b->w * b->h));
    board_free(r);
    board_free(b);
}
END_TEST

START_TEST(test_scores)
{
    Board *b = fx_board(rows, 3, 0);
    b->pl[1].status = PS_RESIGNED;
    b->pl[1].out_seq = 1;
    b->pl[2].status = PS_ELIMINATED;
    b->pl[2].out_seq = 2;
    b->pl[0].kills = 1;
    ck_assert_int_eq(game_score(b, 0), 12); /* 10 for the capture, +1 for each player out */
    ck_assert_int_eq(game_score(b, 1), 0);
    ck_assert_int_eq(game_score(b, 2), 1);  /* bob went out before carol */
    board_free(b);
}
END_TEST

/* Scoring and the result (contract 14.7): the last player standing may not be the winner; equal top
 * scores tie (constructed: with at most 8 players no real game reaches one). */
START_TEST(test_winner_tie_and_finish)
{
    Board *b = fx_board(rows, 3, 0);
    b->pl[2].status = PS_RESIGNED;  /* carol resigned first: out 1 */
    b->pl[2].out_seq = 1;
    b->pl[1].status = PS_ELIMINATED; /* bob out 2nd, with one eliminating capture */
    b->pl[1].out_seq = 2;
    b->pl[1].kills = 1;
    int best;
    ck_assert_int_eq(game_score(b, 0), 2);  /* alice, last standing: +1 per player out */
    ck_assert_int_eq(game_score(b, 1), 11); /* bob: 10 + carol out before him */
    ck_assert_int_eq(game_winner(b, &best), 1);
    ck_assert_int_eq(best, 11);
    Game g;
    game_init(&g, b, 5000);
    turn_finish(&g);
    ck_assert_int_eq(b->phase, PHASE_ENDED);
    ck_assert_str_eq(b->result, "won by bob (11)");
    ck_assert_int_eq(b->clock.deadline, 0);
    ck_assert_int_eq(b->clock.ended, 5000);
    for (int p = 0; p < 3; p++)
        ck_assert(g.sheet_due[p]);
    game_done(&g);
    /* A tie. */
    b->phase = PHASE_PLAY;
    b->result[0] = '\0';
    b->pl[0].kills = 1;             /* alice and bob both in, 10 + 1 each */
    b->pl[1].out_seq = 0;
    b->pl[1].status = PS_ACTIVE;
    ck_assert_int_eq(game_score(b, 0), 11);
    ck_assert_int_eq(game_score(b, 1), 11);
    ck_assert_int_eq(game_winner(b, &best), -1);
    game_init(&g, b, 6000);
    turn_finish(&g);
    ck_assert_str_eq(b->result, "tie (11)");
    game_done(&g);
    board_free(b);
}
END_TEST

START_TEST(test_orphan_reveal_is_nobodys)
{
    Board *b = fx_board(rows, 3, 0);
    fx_piece(b, "B2", 0, "K");
    fx_piece(b, "M2", 1, "K");
    fx_piece(b, "C3", 0, "AB");
    fx_piece(b, "D3", 2, "Ar"); /* carol resigned: her phased piece is an orphan */
    fx_piece(b, "L4", 2, "K");
    b->pl[2].status = PS_RESIGNED;
    b->pl[2].out_seq = 1;
    char msg[256];
    ck_assert_int_eq(fx_order(b, 0, "MOVE C3 E-E", msg, sizeof msg), -1); /* bumps and reveals it */
    ck_assert_msg(strstr(fx_news(b, 0), "An orphan phased piece appeared on D3."), "%s", fx_news(b, 0));
    ck_assert_msg(!strstr(fx_news(b, 2), "Your"), "%s", fx_news(b, 2));
    board_free(b);
}
END_TEST

START_TEST(test_flare_marker_dropped_when_orphaned)
{
    Board *b = fx_board(rows, 3, 0);
    fx_piece(b, "B2", 0, "K");
    fx_piece(b, "M2", 1, "K");
    fx_piece(b, "F3", 2, "K");
    fx_piece(b, "G3", 2, "ADu"); /* carol's flare is active */
    b->pl[2].full_view = true;
    Game g;
    game_init(&g, b, 1000);
    game_begin_action(&g);
    game_eliminate(&g, 2, PS_RESIGNED, -1);
    game_end_action(&g);
    game_done(&g);
    ck_assert_str_eq(fx_seq(b, "G3"), "AD"); /* an orphan: the marker would never expire */
    ck_assert(!b->pl[2].full_view);
    board_free(b);
}
END_TEST

/* ---- the news in the second person (contract 8) ---- */


/* A King captured: its player reads one line, in the second person, naming the capturer whose arrival their King
 * saw; the capturer reads what they did; a player who saw the square reads both pieces; the others only that the
 * player is out. */
START_TEST(test_king_capture_told_once)
{
    Board *b = fx_board(fx_open_rows, 4, 0);
    fx_piece(b, "J3", 0, "A");
    fx_piece(b, "B2", 0, "K");
    fx_piece(b, "K3", 1, "K");
    fx_piece(b, "L4", 2, "K"); /* carol sees K3, not J3 */
    fx_piece(b, "U6", 3, "K"); /* dave sees neither */
    ck_assert_int_eq(fx_order(b, 0, "MOVE J3 E", NULL, 0), 0);
    ck_assert_str_eq(fx_news(b, 0), "Your piece A moved from J3 to K3.\n"
                                    "You captured bob's King on K3; bob is eliminated.\n"
                                    "carol's piece on L4 came into your view.\n");
    ck_assert_str_eq(fx_news(b, 1), "alice's piece moved from J3 to K3.\n"
                                    "Your King on K3 was captured by alice's piece on K3; you are eliminated.\n");
    ck_assert_str_eq(fx_news(b, 2), "alice's piece moved from a square outside your view to K3.\n"
                                    "bob's King on K3 was captured by alice's piece; bob is eliminated.\n");
    ck_assert_str_eq(fx_news(b, 3), "bob was eliminated: their King was captured by alice.\n");
    ck_assert_int_eq(b->pl[1].status, PS_ELIMINATED);
    board_free(b);
}
END_TEST

/* A captured piece sees what captures it, a King like any piece: the capturer is named to the King's player
 * although nothing of theirs sees the square afterwards. */
START_TEST(test_king_capture_from_outside)
{
    Board *b = fx_board(fx_open_rows, 3, 0);
    fx_piece(b, "G3", 0, "AB");
    fx_piece(b, "B2", 0, "K");
    fx_piece(b, "I3", 1, "K"); /* sees H2..J4: not G3 */
    fx_piece(b, "U6", 2, "K");
    ck_assert_int_eq(fx_order(b, 0, "MOVE G3 E-E", NULL, 0), 0);
    ck_assert_str_eq(fx_news(b, 1), "alice's piece moved from a square outside your view to I3.\n"
                                    "Your King on I3 was captured by alice's piece on I3; you are eliminated.\n");
    board_free(b);
}
END_TEST

/* A phased King's capture: the capture is told to its owner alone (contract 14.3); the elimination to everyone,
 * the capturer in the second person. */
START_TEST(test_phased_king_capture)
{
    Board *b = fx_board(fx_open_rows, 3, 0);
    fx_piece(b, "J3", 0, "A");
    fx_piece(b, "B2", 0, "K");
    fx_piece(b, "K3", 1, "Kr");
    fx_piece(b, "K5", 1, "AP"); /* a ronin to be: bob keeps a view */
    fx_piece(b, "U6", 2, "K");
    ck_assert_int_eq(fx_order(b, 0, "MOVE J3 E", NULL, 0), 0);
    ck_assert_msg(strstr(fx_news(b, 0), "You captured bob's King; bob is eliminated.\n"), "%s", fx_news(b, 0));
    ck_assert_msg(!strstr(fx_news(b, 0), "on K3"), "%s", fx_news(b, 0));
    ck_assert_msg(strstr(fx_news(b, 1), "Your phased piece K on K3 was captured.\n"
                                        "Your King was captured by alice; you are eliminated.\n"), "%s", fx_news(b, 1));
    ck_assert_str_eq(fx_news(b, 2), "bob was eliminated: their King was captured by alice.\n");
    board_free(b);
}
END_TEST

/* PASS: "You passed." to its player, "<id> passed." to the others; a stored PASS is told to its player once, by
 * "Your stored order PASS was processed." (contract 14.5). */
START_TEST(test_pass_second_person)
{
    Board *b = fx_board(fx_open_rows, 2, 0);
    fx_piece(b, "B2", 0, "K");
    fx_piece(b, "U6", 1, "K");
    ck_assert_int_eq(fx_order(b, 0, "PASS", NULL, 0), 0);
    ck_assert_str_eq(fx_news(b, 0), "You passed.\n");
    ck_assert_str_eq(fx_news(b, 1), "alice passed.\n");
    Game g;
    game_init(&g, b, 1000000);
    sl_push(&b->pl[0].queue, "*PASS");
    char msg[256];
    ck_assert_int_eq(fx_submit(&g, 1, "PASS", msg, sizeof msg), 0); /* alice's turn starts: her *PASS runs */
    game_done(&g);
    ck_assert_str_eq(fx_news(b, 0), "You passed.\nbob passed.\nYour stored order PASS was processed.\n");
    ck_assert_str_eq(fx_news(b, 1), "alice passed.\nYou passed.\nalice passed.\n");
    board_free(b);
}
END_TEST

Suite *game_suite(void)
{
    Suite *s = suite_create("game");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_event_seen_and_unseen);
    tcase_add_test(tc, test_event_partly_outside_and_decode);
    tcase_add_test(tc, test_replay_reproduces);
    tcase_add_test(tc, test_replay_each_step);
    tcase_add_test(tc, test_maps_remember_what_was_seen);
    tcase_add_test(tc, test_scores);
    tcase_add_test(tc, test_orphan_reveal_is_nobodys);
    tcase_add_test(tc, test_flare_marker_dropped_when_orphaned);
    tcase_add_test(tc, test_winner_tie_and_finish);
    tcase_add_test(tc, test_king_capture_told_once);
    tcase_add_test(tc, test_king_capture_from_outside);
    tcase_add_test(tc, test_phased_king_capture);
    tcase_add_test(tc, test_pass_second_person);
    suite_add_tcase(s, tc);
    return s;
}
