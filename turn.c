/* turn: the turn driver — plays an order on its turn, ends a turn and starts the next (SPEC 7.2 steps 1-5) in one loop, processes time, finishes the game, replays the history.
 *
 * The loop. A rules step never starts or ends a turn itself: it returns a TurnOutcome (game.h) saying
 * what comes next, and run() below is the one place that acts on it:
 *
 *     next = <a rules step>        an order played, a time-out, a resignation, round 0's end...
 *     while next != TURN_WAITS:
 *       TURN_GAME_OVER  -> finish the game; stop
 *       TURN_OVER       -> the game not in play (it ended): stop; one active player left: finish; stop
 *                          else move to the next seat that takes turns, then as TURN_BEGINS
 *       TURN_BEGINS     -> next = the seat's turn begins: SPEC 7.2 steps 1-3 here (views expire,
 *                          E accrues, specials fire; TURN_OVER when that left the player no turn),
 *                          then the clock's steps 4-5 (clock_turn_begins): a '*' order at the
 *                          head of the queue is played (TURN_OVER when it succeeds), otherwise
 *                          the turn waits for its player (TURN_WAITS: sheets are due)
 *
 * So when several players hold '*' orders the turns follow one another inside this one loop, seat by
 * seat, until a turn waits for its player or the game ends: the stack does not grow with the number
 * of turns, however many rounds of '*' orders are queued. The news "Your stored order X was
 * processed." is told when the loop stops (game_defer_news), after the turns that order's end set
 * going, as the players have always read it. */
#include "turn.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boardfile.h"
#include "bot.h"
#include "clock.h"
#include "firing.h"

void turn_finish(Game *g)
{
    Board *b = g->b;
    if (b->phase == PHASE_ENDED)
        return;
    b->phase = PHASE_ENDED;
    b->clock.deadline = 0;
    b->clock.ended = g->now;
    int best;
    int who = game_winner(b, &best);
    if (who >= 0)
        snprintf(b->result, sizeof b->result, "won by %s (%d)", b->pl[who].id, best);
    else
        snprintf(b->result, sizeof b->result, "tie (%d)", best);
    game_event(g, -1, EV_PUBLIC, NULL, 0, "The game has ended: %s.", b->result);
    g->ended = true;
    for (int i = 0; i < b->np; i++)
        g->sheet_due[i] = true;
}

/* SPEC 7.2 steps 1-3 of the turn of b->seat, then the clock's steps 4-5. */
static TurnOutcome begin_turn(Game *g)
{
    Board *b = g->b;
    int p = b->seat;
    Player *pl = &b->pl[p];
    char label[16];
    board_turn_label(b, label);
    game_begin_action(g);
    /* 7.2 (1): last round's flare, S5 and S17/S18 views expire. */
    pl->full_view = false;
    pl->full_decode = false;
    pl->full_until[0] = '\0';
    free(pl->reveals);
    pl->reveals = NULL;
    pl->nreveals = 0;
    for (int i = 0; i < b->npc; i++)
        if (b->pc[i].owner == p)
            b->pc[i].g.flare = false;
    /* 7.2 (2): E accrual per K code. */
    int64_t kings = board_king_codes(b, p);
    if (kings && b->par.e_per_king) {
        char why[64];
        snprintf(why, sizeof why, "accrual at %s (%" PRId64 " K)", label, kings);
        game_add_e(g, p, sat_mul(kings, b->par.e_per_king), why);
    }
    /* 7.2 (3): specials occupied by the player's pieces fire. */
    firing_run(g, p);
    game_end_action(g);
    /* A ronin's last piece died in step 3: no turn left, so the seat is skipped (SPEC 7.2). */
    if (!board_player_has_turns(b, p))
        return TURN_OVER;
    return clock_turn_begins(g);
}

static int active_players(const Board *b)
{
    int n = 0;
    for (int i = 0; i < b->np; i++)
        if (b->pl[i].status == PS_ACTIVE)
            n++;
    return n;
}

/* Moves b->seat to the next player who takes turns (a new round after the last seat). */
static void next_seat(Board *b)
{
    int seat = b->seat;
    for (int k = 0; k < b->np; k++) {
        seat++;
        if (seat >= b->np) {
            seat = 0;
            b->round++;
        }
        if (board_player_has_turns(b, seat))
            break;
    }
    b->seat = seat;
}

/* The loop (see the top of this file): acts on outcomes until a turn waits or the game ends. */
static void run(Game *g, TurnOutcome next)
{
    Board *b = g->b;
    next = bot_play(g, next); /* a turn that waits for a computer opponent is played at once (bot.h) */
    while (next != TURN_WAITS) {
        if (next == TURN_GAME_OVER) {
            turn_finish(g);
            break;
        }
        if (next == TURN_OVER) {
            if (b->phase != PHASE_PLAY)
                break;
            if (active_players(b) <= 1) {
                turn_finish(g);
                break;
            }
            next_seat(b);
        }
        next = bot_play(g, begin_turn(g));
    }
    game_tell_deferred(g);
}

void turn_open(Game *g)
{
    run(g, clock_begin(g));
}

void turn_start(Game *g)
{
    run(g, TURN_BEGINS);
}

/* GAMBLE, everything in round 0 and HOLIDAY are the clock's orders. */
static bool clock_owns(const Board *b, const Order *o)
{
    return b->phase == PHASE_ROUND0 || o->verb == ORD_GAMBLE || o->verb == ORD_HOLIDAY;
}

int turn_play(Game *g, int player, const Order *o, bool from_queue)
{
    TurnOutcome next = TURN_WAITS;
    int rc;
    if (clock_owns(g->b, o)) {
        rc = clock_order(g, player, o, &next);
    } else {
        rc = clock_play(g, player, o, from_queue);
        if (rc == 0)
            next = TURN_OVER;
    }
    run(g, next);
    return rc;
}

int turn_resign(Game *g, int player)
{
    run(g, clock_resign(g, player));
    return 0;
}

bool turn_process_time(Game *g)
{
    int64_t now = g->now;
    bool changed = false;
    TurnOutcome next;
    for (int guard = 0; guard < 100000 && clock_time_step(g, now, &next); guard++) {
        changed = true;
        run(g, next);
    }
    g->now = now;
    return changed;
}

/* ---- replay ---- */

/* Applies one order line (text without its markers) during replay. Returns 0 or -1 with err. */
static int replay_order(Game *g, int p, const char *text, bool autom, Err *err)
{
    Board *b = g->b;
    Order o;
    if (order_parse(b, text, &o, err) < 0)
        return -1;
    int rc;
    if (!clock_owns(b, &o) && (b->phase != PHASE_PLAY || p != b->seat))
        rc = fail(err, "order out of turn");
    else
        rc = turn_play(g, p, &o, autom) == ORDER_REFUSED ? fail(err, "order refused on replay: %s", g->fail.msg) : 0;
    order_free(&o);
    return rc;
}

/* Applies one moves line during replay. Returns 0 or -1 with err. */
static int apply_line(Game *g, const char *line, Err *err)
{
    Board *b = g->b;
    char label[16], cur[16], who[64];
    int off = 0;
    if (sscanf(line, "%15s %63s %n", label, who, &off) != 2 || off == 0)
        return fail(err, "bad moves line");
    const char *rest = line + off;
    if (strcmp(who, "admin") == 0 && strncmp(rest, "EDIT", 4) == 0)
        return fail(err, "history before an admin edit is not replayable");
    board_turn_label(b, cur);
    if (strcmp(label, cur) != 0)
        return fail(err, "line for turn %s came at turn %s", label, cur);
    int p = board_player_index(b, who);
    if (p < 0)
        return fail(err, "unknown player");
    char *text = xstrdup(rest);
    bool autom = false;
    size_t n = strlen(text);
    if (n > 9 && strcmp(text + n - 9, " (Failed)") == 0)
        text[n -= 9] = '\0';
    if (n > 7 && strcmp(text + n - 7, " (Auto)") == 0) {
        text[n -= 7] = '\0';
        autom = true;
    }
    TurnOutcome next;
    int rc = clock_replay_event(g, p, text, &next, err);
    if (rc == 0)
        run(g, next);
    else if (rc == 1)
        rc = replay_order(g, p, text, autom, err);
    free(text);
    return rc;
}

int turn_replay(const Board *b, int upto, Board **out, Err *err)
{
    *out = NULL;
    if (!b->initial)
        return fail(err, "this board has no initial snapshot to replay from");
    if (b->moves_off)
        return fail(err, "internal: the history of the board is not loaded");
    for (int i = b->initial_base; i < b->moves.n; i++)
        if (strstr(b->moves.v[i], " admin EDIT") && (upto < 0 || i < upto))
            return fail(err, "history before an admin edit is not replayable");
    if (upto >= 0 && upto < b->initial_base)
        return fail(err, "history before an admin edit is not replayable");
    Err e2;
    Board *r = boardfile_parse(b->initial, "initial", &e2);
    if (!r)
        return fail(err, "the initial snapshot does not load: %s", e2.msg);
    sl_clear(&r->moves);
    r->moves_off = r->moves_saved = 0; /* the replay holds its lines in memory */
    r->moves_file = false;
    for (int i = 0; i < b->initial_base; i++)
        sl_push(&r->moves, b->moves.v[i]);
    Game g;
    game_init(&g, r, b->clock.created);
    g.replay = true;
    int last = upto < 0 || upto > b->moves.n ? b->moves.n : upto;
    for (int i = b->initial_base; i < last; i++) {
        if (apply_line(&g, b->moves.v[i], &e2) < 0) {
            fail(err, "move %d (%s): %s", i + 1, b->moves.v[i], e2.msg);
            game_done(&g);
            board_free(r);
            return -1;
        }
        if (r->moves.n != i + 1 || strcmp(r->moves.v[i], b->moves.v[i]) != 0) {
            fail(err, "move %d: replay recorded \"%s\"", i + 1, r->moves.n > i ? r->moves.v[i] : "nothing");
            game_done(&g);
            board_free(r);
            return -1;
        }
    }
    game_done(&g);
    free(r->initial);
    r->initial = b->initial ? xstrdup(b->initial) : NULL;
    r->initial_base = b->initial_base;
    *out = r;
    return 0;
}
