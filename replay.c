/* replay: replaying a board's history from its initial snapshot, line by line through the turn driver — verify,
 * show n#k, the reasons of failed orders for `log` (contract 10.3), and the site's replay steps (the history
 * walked once). */
#include "replay.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boardfile.h"
#include "deadline.h"
#include "gamble.h"

/* Applies an event line of the move list (Timeout, Resign, Forfeit, Holiday N) during replay, *next saying
 * what follows. Returns 0 when handled, 1 when r is an order, -1 on error. */
static int replay_event(Game *g, int player, const MoveRecord *r, TurnOutcome *next, Err *err)
{
    Board *b = g->b;
    *next = TURN_WAITS;
    switch (r->kind) {
    case MOVE_TIMEOUT:
        if (b->phase == PHASE_ROUND0) {
            if (board_gambles_in(b, &b->pl[player]))
                return err_fail(err, "round 0 time-out of a player with every gamble in");
            *next = gamble_timeout(g, player);
            return 0;
        }
        if (player != b->seat || b->phase != PHASE_PLAY)
            return err_fail(err, "time-out out of turn");
        *next = deadline_timeout(g); /* a forfeit: its own line follows */
        return 0;
    case MOVE_FORFEIT:
        if (b->phase != PHASE_PLAY)
            return err_fail(err, "forfeit outside play");
        game_begin_action(g);
        game_record(g, player, movelist_event(MOVE_FORFEIT, 0));
        game_eliminate(g, player, PS_FORFEIT, -1);
        game_end_action(g);
        *next = TURN_OVER;
        return 0;
    case MOVE_RESIGN:
        if (b->phase == PHASE_ROUND0 && b->np <= 2)
            return err_fail(err, "round 0 resign leaving fewer than 2 players");
        if (b->phase == PHASE_ROUND0)
            gamble_resign(g, player); /* records its own line */
        else
            *next = turn_resign_in_play(g, player);
        return 0;
    case MOVE_HOLIDAY: {
        if (b->phase != PHASE_PLAY || player != b->seat)
            return err_fail(err, "holiday out of turn");
        /* Only the allowance changes: the suspension itself is clock state. */
        Player *pl = &b->pl[player];
        pl->holiday_left = r->secs > pl->holiday_left ? 0 : pl->holiday_left - r->secs;
        pl->timeouts = 0; /* the HOLIDAY was a successful order (4.4) */
        game_record(g, player, movelist_event(MOVE_HOLIDAY, r->secs));
        return 0;
    }
    default:
        return 1;
    }
}

/* Fails with "order refused on replay: <the rules' reason>". Returns -1. */
static int replay_refused(const Game *g, Err *err)
{
    char said[ERR_MAX];
    failure_say(g->b, &g->fail.why, said, sizeof said);
    return err_fail(err, "order refused on replay: %s", said);
}

/* Applies one order line (text without its markers) during replay. Returns 0 or -1 with err. */
static int replay_order(Game *g, int p, const char *text, bool autom, Err *err)
{
    Board *b = g->b;
    Order o;
    if (order_parse(b, text, &o, err) < 0)
        return -1;
    int rc;
    bool clocks = b->phase == PHASE_ROUND0 || o.verb == ORD_GAMBLE || o.verb == ORD_HOLIDAY;
    if (!clocks && (b->phase != PHASE_PLAY || p != b->seat))
        rc = err_fail(err, "order out of turn");
    else
        rc = turn_play(g, p, &o, autom) == ORDER_REFUSED ? replay_refused(g, err) : 0;
    order_free(&o);
    return rc;
}

static int replay_edit_fail(Err *err)
{
    return err_fail(err, "history before an admin edit is not replayable");
}

/* The index of the first admin edit among b's move-list lines after its snapshot and before upto (-1: all
 * lines), or b->moves.n when there is none. */
static int replay_first_edit(const Board *b, int upto)
{
    MoveRecord r;
    for (int i = b->initial_base; i < b->moves.n && (upto < 0 || i < upto); i++)
        if (movelist_parse(b->moves.v[i], &r) && r.kind == MOVE_EDIT)
            return i;
    return b->moves.n;
}

/* Applies one move-list line during replay. Returns 0 or -1 with err. */
static int replay_line(Game *g, const char *line, Err *err)
{
    Board *b = g->b;
    MoveRecord r;
    char cur[16];
    if (!movelist_parse(line, &r))
        return err_fail(err, "bad moves line");
    if (r.kind == MOVE_EDIT)
        return replay_edit_fail(err);
    board_turn_label(b, cur);
    if (strcmp(r.label, cur) != 0)
        return err_fail(err, "line for turn %s came at turn %s", r.label, cur);
    int p = board_player_index(b, r.who);
    if (p < 0)
        return err_fail(err, "unknown player");
    TurnOutcome next;
    int rc = replay_event(g, p, &r, &next, err);
    if (rc == 0) {
        turn_run(g, next);
    } else if (rc == 1) {
        char *text = xasprintf("%.*s", r.textlen, r.text);
        rc = replay_order(g, p, text, r.autorun, err);
        free(text);
    }
    return rc;
}

/* One walk through a board's history: the board it replays (r), the game driving it, the next line to replay. */
typedef struct {
    const Board *b;
    Board *r;
    Game g;
    int next;
} ReplayWalk;

/* Whether b's history replays to its first upto lines (-1: all) as far as can be told without replaying: its
 * snapshot there, its history loaded, no admin edit among those lines after the snapshot, and upto not before
 * it. Returns 0 or -1 with err. */
static int replay_check(const Board *b, int upto, Err *err)
{
    if (!b->initial)
        return err_fail(err, "this board has no initial snapshot to replay from");
    if (b->moves_off)
        return err_fail(err, "internal: the history of the board is not loaded");
    if (replay_first_edit(b, upto) < b->moves.n || (upto >= 0 && upto < b->initial_base))
        return replay_edit_fail(err);
    return 0;
}

/* Starts w at b's initial snapshot (the lines before it as they are), the failures' reasons into why when it
 * is not NULL. Returns 0 or -1 with err (the snapshot does not load). */
static int replay_open(ReplayWalk *w, const Board *b, StrList *why, Err *err)
{
    Err e2;
    w->b = b;
    w->r = boardfile_parse(b->initial, "initial", &e2);
    if (!w->r)
        return err_fail(err, "the initial snapshot does not load: %s", e2.msg);
    Board *r = w->r;
    sl_clear(&r->moves);
    r->moves_off = r->moves_saved = 0; /* the replay holds its lines in memory */
    r->moves_file = false;
    for (int i = 0; i < b->initial_base; i++)
        sl_push(&r->moves, b->moves.v[i]);
    game_init(&w->g, r, b->clock.created);
    w->g.replay = true;
    w->g.why = why;
    w->next = b->initial_base;
    return 0;
}

/* Replays w's next line, which must record itself as it stands in the history. Returns 0 or -1 with err. */
static int replay_next(ReplayWalk *w, Err *err)
{
    const Board *b = w->b;
    Board *r = w->r;
    int i = w->next++;
    Err e2;
    if (replay_line(&w->g, b->moves.v[i], &e2) < 0)
        return err_fail(err, "move %d (%s): %s", i + 1, b->moves.v[i], e2.msg);
    if (r->moves.n != i + 1 || strcmp(r->moves.v[i], b->moves.v[i]) != 0)
        return err_fail(err, "move %d: replay recorded \"%s\"", i + 1, r->moves.n > i ? r->moves.v[i] : "nothing");
    return 0;
}

/* Ends w; its board is handed to *out with b's snapshot, as replay_board gives it, or freed when out is NULL. */
static void replay_close(ReplayWalk *w, Board **out)
{
    Board *r = w->r;
    game_done(&w->g);
    if (!out) {
        board_free(r);
        return;
    }
    free(r->initial);
    r->initial = xstrdup(w->b->initial);
    r->start_of_initial = false;
    r->initial_base = w->b->initial_base;
    *out = r;
}

/* replay_board, with the failures' reasons into why when it is not NULL (replay_failure_reasons). */
static int replay_run(const Board *b, int upto, Board **out, StrList *why, Err *err)
{
    *out = NULL;
    ReplayWalk w;
    if (replay_check(b, upto, err) < 0 || replay_open(&w, b, why, err) < 0)
        return -1;
    int last = upto < 0 || upto > b->moves.n ? b->moves.n : upto;
    while (w.next < last)
        if (replay_next(&w, err) < 0) {
            replay_close(&w, NULL);
            return -1;
        }
    if (last == b->moves.n && b->phase == PHASE_ROUND0 && w.r->phase == PHASE_ROUND0)
        gamble_copy_pending(w.r, b); /* round 0's gambles are lines only once it ends */
    if (last == b->moves.n && b->phase == PHASE_PLAY && b->clock.holiday_since > 0 && w.r->seat == b->seat)
        w.r->pl[b->seat].timeouts = 0; /* a running holiday's HOLIDAY succeeded (4.4); its line comes at its end */
    replay_close(&w, out);
    return 0;
}

int replay_board(const Board *b, int upto, Board **out, Err *err)
{
    return replay_run(b, upto, out, NULL, err);
}

void replay_failure_reasons(const Board *b, StrList *why)
{
    Board *r = NULL;
    Err err;
    sl_clear(why);
    if (replay_run(b, -1, &r, why, &err) == 0)
        board_free(r);
    while (why->n > board_moves_count(b))
        free(why->v[--why->n]);
    while (why->n < board_moves_count(b))
        sl_push(why, "");
}

int replay_each(const Board *b, ReplayEach each, void *ctx)
{
    ReplayWalk w;
    Err pre, stuck;
    bool checked = replay_check(b, b->initial_base, &pre) == 0;
    bool open = checked && replay_open(&w, b, NULL, &stuck) == 0, going = open;
    int edit = checked ? replay_first_edit(b, -1) : b->moves.n; /* no step past an admin edit replays */
    char *snapshot = open ? xstrdup(b->initial) : NULL;
    int rc = 0;
    for (int k = 0; k <= board_moves_count(b) && rc == 0; k++) {
        Err why;
        const Err *fail = checked ? NULL : &pre;
        if (checked && (k < b->initial_base || k > edit))
            fail = (replay_edit_fail(&why), &why);
        while (!fail && going && w.next < k)
            going = replay_next(&w, &stuck) == 0;
        if (!fail && !going)
            fail = &stuck;
        if (fail) {
            rc = each(ctx, k, NULL, fail->msg);
            continue;
        }
        char *own = w.r->initial; /* the board as replay_board gives it: b's snapshot and where it stands */
        int own_base = w.r->initial_base;
        bool own_start = w.r->start_of_initial;
        w.r->initial = snapshot;
        w.r->start_of_initial = false;
        w.r->initial_base = b->initial_base;
        rc = each(ctx, k, w.r, NULL);
        w.r->initial = own;
        w.r->start_of_initial = own_start;
        w.r->initial_base = own_base;
    }
    free(snapshot);
    if (open)
        replay_close(&w, NULL);
    return rc;
}
