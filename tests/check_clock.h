/* Shared by the clock suite's files (check_clock.c, check_clock_holiday.c, check_clock_flow.c): the test
 * board, the time constants and static inline helpers that drive time through Game.now and
 * turn_process_time, and the TCases that clock_suite adds. Each file has its own copy of the static
 * state below (b, last_due, last_ended); its TCases' teardown frees its own b. */
#ifndef GENETESS_CHECK_CLOCK_H
#define GENETESS_CHECK_CLOCK_H

#include "fixtures.h"

#include "deadline.h"
#include "gamble.h"
#include "mail.h"
#include "sheet.h"
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

/* What the last live/process/resign call left for the sheets (contract 14.5 step 5, 14.7). */
static bool last_due[8];
static bool last_ended;

static inline void keep_due(const Game *g)
{
    memset(last_due, 0, sizeof last_due);
    for (int i = 0; i < b->np && i < 8; i++)
        last_due[i] = g->sheet_due[i];
    last_ended = g->ended;
}

static inline void teardown(void)
{
    board_free(b);
    b = NULL;
}

/* ---- helpers ---- */

/* Index of a player by id (players are reordered when round 0 ends). */
static inline int pidx(const char *id)
{
    int p = board_player_index(b, id);
    ck_assert_msg(p >= 0, "no player %s", id);
    return p;
}

static inline const char *last_move(void)
{
    return b->moves.n ? b->moves.v[b->moves.n - 1] : "";
}

/* Submits a round-0 or HOLIDAY message as `move` does (submit_message); msg (when non-NULL) gets its result (the
 * gambles taken) or the reason it was refused. */
static inline int clock_run(const char *id, const char *text, int64_t now, char *msg, size_t size)
{
    Game g;
    game_init(&g, b, now);
    int rc = fx_submit(&g, pidx(id), text, msg, size);
    game_done(&g);
    fx_check(b);
    return rc;
}

/* Submits a message of a player as `move` does (submit_message: not replay, the queue and sheets run); msg
 * (when non-NULL) gets why it failed or was refused. */
static inline int live(const char *id, const char *text, int64_t now, char *msg, size_t size)
{
    Game g;
    game_init(&g, b, now);
    int rc = fx_submit(&g, pidx(id), text, msg, size);
    if (msg && rc == 0)
        msg[0] = '\0';
    keep_due(&g);
    game_done(&g);
    fx_check(b);
    return rc;
}

static inline bool process(int64_t now)
{
    Game g;
    game_init(&g, b, now);
    bool changed = turn_process_time(&g, NULL);
    keep_due(&g);
    game_done(&g);
    fx_check(b);
    return changed;
}

/* The player resigns as the resign command does after round 0: turn_resign (the resigner is always sent a sheet). */
static inline void resign(const char *id, int64_t now)
{
    Game g;
    game_init(&g, b, now);
    ck_assert_int_eq(turn_resign(&g, pidx(id)), 0);
    keep_due(&g);
    game_done(&g);
    fx_check(b);
}

static inline void queue(const char *id, const char *const *orders)
{
    Player *pl = &b->pl[pidx(id)];
    sl_clear(&pl->queue);
    for (int i = 0; orders[i]; i++)
        sl_push(&pl->queue, orders[i]);
}

/* Replays the history from the initial snapshot: it must reproduce the moves and the compared state; and each
 * of its lines is a move record that formats back to itself (movelist_parse, movelist_format). */
static inline void check_replay(void)
{
    fx_move_records(b);
    Board *r = NULL;
    Err err;
    ck_assert_msg(replay_board(b, -1, &r, &err) == 0, "replay: %s", err.msg);
    char *a = boardfile_write_core(b), *c = boardfile_write_core(r);
    ck_assert_str_eq(c, a);
    free(a);
    free(c);
    board_free(r);
}

static inline void snapshot(void)
{
    free(b->initial);
    b->initial = NULL;
    b->initial = boardfile_write(b);
    b->initial_base = b->moves.n;
}

/* A round 0 board: np players with 5E, nst starts GPC1.. on row 2 (B2, D2, F2, H2) then row 4, each
 * with a King; --gamble=mode; seed 42. */
static inline Board *round0_board(int np, GambleMode mode, int nst)
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
        ck_assert(piece_parse("K", &k, false, &err) == 0);
        b->spc[b->nspc++] = (StartPiece){.label = i + 1, .sq = fx_sq(b, sqs[i]), .g = k};
    }
    Game g;
    game_init(&g, b, T0);
    turn_open(&g);
    game_done(&g);
    snapshot();
    return b;
}

/* A board in play at 1a: every player has a King on row 2 (B2, D2, F2, ...), deadline running. */
static inline Board *play_board(int np)
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

/* check_clock_holiday.c: HOLIDAY, live and stored, and the nag mail. */
TCase *clock_holiday_tcase(void);
/* check_clock_flow.c: elimination, ronin, resign, end and scoring, and replaying every event. */
TCase *clock_flow_tcase(void);

#endif
