/* Tests for clock: round 0 (GAMBLE) with the rules' examples, the stored queue, deadlines, time-outs,
 * forfeit, holidays and the nag mail. Time is driven through Game.now and game_process_time. */
#include "fixtures.h"

#include "clock.h"
#include "mail.h"
#include "specials.h"
#include "store.h"
#include "view.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *const rows[] = {
    "##########",
    "#........#",
    "#........#",
    "#........#",
    "#........#",
    "##########",
    NULL,
};

#define T0 1000000000LL
#define HOUR 3600LL
#define DAY 86400LL
#define PERIOD (72 * HOUR)

enum { ALICE = 0, BOB = 1, CAROL = 2, DAVE = 3 };

static Board *b;

/* What the last live/process/resign call left for the sheets (SPEC 7.2 step 5, 7.6). */
static bool last_due[8];
static bool last_ended;

static void keep_due(const Game *g)
{
    memset(last_due, 0, sizeof last_due);
    for (int i = 0; i < b->np && i < 8; i++)
        last_due[i] = g->sheet_due[i];
    last_ended = g->ended;
}

static void teardown(void)
{
    board_free(b);
    b = NULL;
}

/* ---- helpers ---- */

/* Index of a player by id (players are reordered when round 0 ends). */
static int pidx(const char *id)
{
    int p = board_player_index(b, id);
    ck_assert_msg(p >= 0, "no player %s", id);
    return p;
}

static const char *last_move(void)
{
    return b->moves.n ? b->moves.v[b->moves.n - 1] : "";
}

/* Runs a clock order (round 0 or HOLIDAY) as cmd_move would; reply/msg (when non-NULL) get g.reply / g.fail.msg. */
static int clock_run(const char *id, const char *text, int64_t now, char *msg, size_t size)
{
    Order o;
    Err err;
    ck_assert_msg(order_parse(b, text, &o, &err) == 0, "%s: %s", text, err.msg);
    Game g;
    game_init(&g, b, now);
    int rc = clock_order(&g, pidx(id), &o, false);
    if (msg)
        snprintf(msg, size, "%s", rc == ORDER_REFUSED ? g.fail.msg : g.reply.len ? g.reply.s : "");
    game_done(&g);
    order_free(&o);
    fx_check(b);
    return rc;
}

/* Runs a live order of the player to move (not replay: the queue and sheets run). */
static int live(const char *id, const char *text, int64_t now, char *msg, size_t size)
{
    Order o;
    Err err;
    ck_assert_msg(order_parse(b, text, &o, &err) == 0, "%s: %s", text, err.msg);
    Game g;
    game_init(&g, b, now);
    int p = pidx(id);
    if (b->clock.holiday_since > 0)
        clock_end_holiday(&g);
    int rc = o.verb == ORD_HOLIDAY ? clock_order(&g, p, &o, false) : game_play(&g, p, &o, false);
    if (msg)
        snprintf(msg, size, "%s", g.fail.msg);
    keep_due(&g);
    game_done(&g);
    order_free(&o);
    fx_check(b);
    return rc;
}

static bool process(int64_t now)
{
    Game g;
    game_init(&g, b, now);
    bool changed = game_process_time(&g);
    keep_due(&g);
    game_done(&g);
    fx_check(b);
    return changed;
}

/* The player resigns as cmd_resign does after round 0 (the resigner is always sent a sheet). */
static void resign(const char *id, int64_t now)
{
    Game g;
    game_init(&g, b, now);
    ck_assert_int_eq(clock_resign(&g, pidx(id)), 0);
    keep_due(&g);
    game_done(&g);
    fx_check(b);
}

static void queue(const char *id, const char *const *orders)
{
    Player *pl = &b->pl[pidx(id)];
    sl_clear(&pl->queue);
    for (int i = 0; orders[i]; i++)
        sl_push(&pl->queue, orders[i]);
}

/* Replays the history from the initial snapshot: it must reproduce the moves and the compared state. */
static void check_replay(void)
{
    Board *r = NULL;
    Err err;
    ck_assert_msg(game_replay(b, -1, &r, &err) == 0, "replay: %s", err.msg);
    char *a = board_serialize_core(b), *c = board_serialize_core(r);
    ck_assert_str_eq(c, a);
    free(a);
    free(c);
    board_free(r);
}

static void snapshot(void)
{
    free(b->initial);
    b->initial = NULL;
    b->initial = board_serialize(b);
    b->initial_base = b->moves.n;
}

/* A round 0 board: np players with 5E, nst starts GPC1.. on row 2 (B2, D2, F2, H2) then row 4, each
 * with a King; --gamble=mode; seed 42. */
static Board *round0_board(int np, GambleMode mode, int nst)
{
    static const char *const sqs[] = {"B2", "D2", "F2", "H2", "B4", "D4", "F4", "H4"};
    b = fx_board(rows, np, 5);
    b->par.gamble = mode;
    b->par.start_e = 5;
    b->par.seed = 42;
    rng_seed(&b->rng, 42);
    for (int i = 0; i < np; i++)
        b->pl[i].start = 0;
    b->st = xcalloc((size_t)nst, sizeof *b->st);
    b->spc = xcalloc((size_t)nst, sizeof *b->spc);
    for (int i = 0; i < nst; i++) {
        b->st[b->nst++] = (Start){.label = i + 1, .sq = fx_sq(b, sqs[i])};
        Genome k;
        Err err;
        ck_assert(genome_parse("K", &k, false, &err) == 0);
        b->spc[b->nspc++] = (StartPiece){.label = i + 1, .sq = fx_sq(b, sqs[i]), .g = k};
    }
    Game g;
    game_init(&g, b, T0);
    clock_begin(&g);
    game_done(&g);
    snapshot();
    return b;
}

/* A board in play at 1a: every player has a King on row 2 (B2, D2, F2, ...), deadline running. */
static Board *play_board(int np)
{
    static const char *const sqs[] = {"B2", "E2", "H2", "B4"};
    b = fx_board(rows, np, 0);
    b->par.deadline_h = 72;
    for (int i = 0; i < np; i++)
        fx_piece(b, sqs[i], i, "K");
    b->clock.turn_start = T0;
    b->clock.deadline = T0 + PERIOD;
    snapshot();
    return b;
}

/* ---- round 0 ---- */

/* The rules' examples parse, are recorded in canonical form, spend their stakes and resolve the
 * same way on every run with the same seed: by stake, most preferred free option first. */
START_TEST(test_gamble_rules_examples)
{
    char msg[600];
    round0_board(4, GAMBLE_BOTH, 6);
    ck_assert_int_eq(b->phase, PHASE_ROUND0);
    ck_assert_int_eq(b->clock.deadline, T0 + PERIOD);
    ck_assert_int_eq(clock_run("alice", "GAMBLE 3E 4th, 3rd, 2nd, 1st", T0 + 10, msg, sizeof msg), 0);
    ck_assert_str_eq(msg, "Gamble received: GAMBLE 3E 4TH, 3RD, 2ND, 1ST, DON'T CARE (for turn order). "
                          "You have staked 3E; 2E left.");
    ck_assert_int_eq(clock_run("alice", "GAMBLE 0E on GPC3, GPC6, then don't care", T0 + 20, msg, sizeof msg), 0);
    ck_assert_str_eq(last_move(), "0 alice GAMBLE 0E GPC3, GPC6, DON'T CARE");
    ck_assert(clock_round0_done(b, ALICE));
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
    ck_assert_int_eq(b->moves.n, 7);
    ck_assert_str_eq(b->moves.v[6], "0 dave PASS");
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
                                 "Round 0 is over: you start on GPC6 (D4). Turn order: 1a bob, 1b dave, 1c carol, 1d alice."));
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
        round0_board(4, GAMBLE_BOTH, 4);
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
    round0_board(3, GAMBLE_BOTH, 4);
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
    ck_assert_int_eq(b->pl[ALICE].gamble[GAMBLE_ORD].prefs[0], 2);
    ck_assert_int_eq(clock_run("alice", "GAMBLE 4E GPC1", T0, NULL, 0), 0);
    ck_assert_int_eq(b->pl[ALICE].e, 0);
    /* Labels must exist, ordinals must be places. */
    ck_assert_int_eq(clock_run("bob", "GAMBLE 0E GPC5", T0, msg, sizeof msg), ORDER_REFUSED);
    ck_assert_str_eq(msg, "GPC5 is not a start on this map (GPC1 to GPC4)");
    ck_assert_int_eq(clock_run("bob", "GAMBLE 0E 4th", T0, msg, sizeof msg), ORDER_REFUSED);
    ck_assert_str_eq(msg, "there are only 3 players, so 4 is not a place in the turn order");
    /* Anything but GAMBLE or PASS in round 0. */
    ck_assert_int_eq(clock_run("bob", "HOLIDAY", T0, msg, sizeof msg), ORDER_REFUSED);
    ck_assert_str_eq(msg, "It is not your move");
    /* "don't care" applies to the first item not yet gambled; with none left it is refused. */
    ck_assert_int_eq(clock_run("bob", "GAMBLE 1E don't care", T0, NULL, 0), 0);
    ck_assert(b->pl[BOB].gamble[GAMBLE_POS].set);
    ck_assert(!b->pl[BOB].gamble[GAMBLE_ORD].set);
    ck_assert_int_eq(clock_run("bob", "GAMBLE 1E don't care", T0, NULL, 0), 0);
    ck_assert(b->pl[BOB].gamble[GAMBLE_ORD].set);
    ck_assert_int_eq(b->pl[BOB].e, 3);
    ck_assert_int_eq(clock_run("bob", "GAMBLE 1E don't care", T0, msg, sizeof msg), ORDER_REFUSED);
    ck_assert_int_eq(clock_run("bob", "PASS", T0, msg, sizeof msg), ORDER_REFUSED);
    ck_assert_int_eq(b->phase, PHASE_ROUND0);
    teardown();

    /* An item the game does not gamble for. */
    round0_board(2, GAMBLE_POSITION, 2);
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
    round0_board(3, GAMBLE_BOTH, 3);
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
    round0_board(3, GAMBLE_BOTH, 3);
    ck_assert_int_eq(clock_run("alice", "GAMBLE 2E 1st", T0 + 5, NULL, 0), 0);
    ck_assert_int_eq(clock_run("bob", "GAMBLE 3E 1st", T0 + 6, NULL, 0), 0);
    Game g;
    game_init(&g, b, T0 + 100);
    ck_assert(!clock_round0_resign(&g, BOB));
    game_done(&g);
    ck_assert_int_eq(b->np, 2);
    ck_assert_str_eq(b->pl[0].id, "alice");
    ck_assert_str_eq(b->pl[1].id, "carol");
    ck_assert_int_eq(b->pl[0].e, 5);
    ck_assert(!b->pl[0].gamble[GAMBLE_ORD].set);
    ck_assert_int_eq(b->clock.deadline, T0 + 100 + PERIOD);
    ck_assert_str_eq(last_move(), "0 bob Resign");
    ck_assert_ptr_nonnull(strstr(fx_news(b, 0), "bob resigned. Round 0 restarts"));
    check_replay();
    /* Fewer than 2 would remain: the caller deletes the board. */
    game_init(&g, b, T0 + 200);
    ck_assert(clock_round0_resign(&g, 0));
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
    ck_assert_ptr_nonnull(strstr(fx_news(b, CAROL), "Alice timed out (1 in a row)."));
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
    ck_assert_ptr_nonnull(strstr(fx_news(b, ALICE), "Bob forfeited."));
    check_replay();
    /* carol times out twice: forfeit, and the game ends with alice the only one left. */
    ck_assert(process(T0 + 100 * PERIOD));
    ck_assert_int_eq(b->pl[CAROL].status, PS_FORFEIT);
    ck_assert_int_eq(b->phase, PHASE_ENDED);
    check_replay();
}
END_TEST

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
    ck_assert_str_eq(msg, "you have no holiday allowance left");
    check_replay();
}
END_TEST

/* A stored HOLIDAY at the head of the queue starts when the turn starts. */
START_TEST(test_holiday_stored_at_turn_start)
{
    play_board(2);
    queue("bob", (const char *const[]){"HOLIDAY", "PASS", NULL});
    ck_assert_int_eq(live("alice", "PASS", T0 + HOUR, NULL, 0), 0);
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

/* clock_nag, then the mails it found due, queued as commands.c does (view_nag's text to the address). */
static void nag(Game *g, MailQueue *mq, const Store *st)
{
    clock_nag(g);
    for (int p = 0; p < g->b->np; p++) {
        User u;
        Err err;
        if (!g->nag_due[p] || store_user_find(st, g->b->pl[p].id, &u, &err) != 0)
            continue;
        Buf subj, body;
        buf_init(&subj);
        buf_init(&body);
        view_nag(g->b, p, &subj, &body);
        ck_assert_int_eq(mail_add(mq, u.address, subj.s, body.s, &err), 0);
        buf_free(&subj);
        buf_free(&body);
        user_free(&u);
    }
}

START_TEST(test_nag)
{
    char dir[] = "/tmp/genetess-clock-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    const char *old = getenv("PBMHOME");
    char *saved = old ? xstrdup(old) : NULL;
    setenv("PBMHOME", dir, 1);
    Store st;
    Err err;
    ck_assert_msg(store_open(&st, &err) == 0, "%s", err.msg);
    ck_assert_int_eq(store_user_add(&st, "alice", "pw", "alice@example.org", &err), 0);
    play_board(2);
    MailQueue mq;
    mail_init(&mq);
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
    if (saved)
        setenv("PBMHOME", saved, 1);
    else
        unsetenv("PBMHOME");
    free(saved);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    ck_assert_int_eq(system(cmd), 0);
}
END_TEST

/* ---- flow: elimination, ronin, resign, end, scoring (SPEC 7.2, 7.5, 7.6) ---- */

/* Every kind of history line replays to the same board after every step (SPEC 2 verify):
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
    round0_board(4, GAMBLE_BOTH, 4);
    ck_assert_int_eq(clock_run("alice", "GAMBLE 2E 1st", T0 + 5, NULL, 0), 0);
    ck_assert_int_eq(clock_run("alice", "GAMBLE 1E GPC2", T0 + 6, NULL, 0), 0);
    check_replay();
    Game g;
    game_init(&g, b, T0 + 10);
    ck_assert(!clock_round0_resign(&g, pidx("dave")));
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
 * pieces become orphans, P ignored (SPEC 7.5, 7.6). */
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
    ck_assert_ptr_nonnull(strstr(fx_news(b, ALICE), "Carol resigned."));
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

/* A King captured by MOVE eliminates at once; a ronin keeps taking turns and accrues E for its King
 * codes; the game ends when one player is un-eliminated, ronin or not; 10 per eliminating capture
 * plus 1 per player out before you (SPEC 7.2 (2), 7.5, 7.6). */
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
    ck_assert_ptr_nonnull(strstr(fx_news(b, CAROL), "Bob was eliminated: their King was captured by alice."));
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
 * mail of their own elimination and then nothing until the final sheet (SPEC 7.2 (5), 7.6). */
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
 * another player's (SPEC 7.2 (1)). */
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
 * the turn passes on at once, without a time-out (SPEC 7.2: players with no turn left are skipped). */
START_TEST(test_ronin_loses_last_piece_at_step3)
{
    play_board(3);
    fx_piece(b, "D2", ALICE, "A");
    fx_piece(b, "G4", BOB, "AP");
    Special sp;
    Err err;
    ck_assert_msg(special_parse(b, "S7 G4", &sp, &err) == 0, "%s", err.msg);
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

/* Live failures (SPEC 7.3): case (i) gives a fresh full deadline once per turn, later failures and
 * case (ii) keep the current one; only the player is re-sent a sheet; the next turn resets it. */
START_TEST(test_failed_live_deadlines)
{
    play_board(2);
    fx_piece(b, "B3", ALICE, "ABB");
    fx_piece(b, "D3", BOB, "A");
    snapshot();
    char msg[600];
    ck_assert_int_eq(live("alice", "MOVE B2 N", T0 + 10 * HOUR, msg, sizeof msg), -1);
    ck_assert_int_eq(b->clock.deadline, T0 + 10 * HOUR + PERIOD);
    ck_assert(last_due[ALICE] && !last_due[BOB]);
    ck_assert_int_eq(live("alice", "MOVE B2 N", T0 + 20 * HOUR, msg, sizeof msg), -1);
    ck_assert_int_eq(b->clock.deadline, T0 + 10 * HOUR + PERIOD);
    ck_assert_int_eq(live("alice", "MOVE B3 E-E-E", T0 + 30 * HOUR, msg, sizeof msg), -1);
    ck_assert_str_eq(msg, "blocked at D3 (outside your view)");
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

/* A ronin may resign (SPEC 7.6: all their pieces become orphans, P ignored): their seat is skipped
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
    tcase_add_test(tc, test_failed_stored_order_outside_view);
    tcase_add_test(tc, test_failed_star_order_next_runs);
    tcase_add_test(tc, test_timeouts_and_forfeit);
    suite_add_tcase(s, tc);
    tc = tcase_create("holiday");
    tcase_add_checked_fixture(tc, NULL, teardown);
    tcase_add_test(tc, test_holiday_live_suspends_and_ends);
    tcase_add_test(tc, test_holiday_runs_out);
    tcase_add_test(tc, test_holiday_stored_at_turn_start);
    tcase_add_test(tc, test_nag);
    suite_add_tcase(s, tc);
    tc = tcase_create("flow");
    tcase_add_checked_fixture(tc, NULL, teardown);
    tcase_add_test(tc, test_replay_every_event);
    tcase_add_test(tc, test_replay_round0_events);
    tcase_add_test(tc, test_resign_off_turn_skipped);
    tcase_add_test(tc, test_capture_ronin_end_scoring);
    tcase_add_test(tc, test_sheets_skip_players_out);
    tcase_add_test(tc, test_views_expire_at_own_turn);
    tcase_add_test(tc, test_ronin_loses_last_piece_at_step3);
    tcase_add_test(tc, test_failed_live_deadlines);
    tcase_add_test(tc, test_ronin_resigns);
    suite_add_tcase(s, tc);
    return s;
}
