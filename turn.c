/* turn: the turn driver — where every order runs; ending a turn and starting the next in one loop; running stored orders; time; resignation; the computer opponents' turns; the game's end (contract 4); replay.c replays through it.
 *
 * The loop. A rules step never starts or ends a turn itself: it returns a TurnOutcome (game.h) saying
 * what comes next, and turn_run() below is the one place that acts on it:
 *
 *     next = <a rules step>        an order played, a time-out, a resignation, round 0's end...
 *     while next != TURN_WAITS:
 *       TURN_GAME_OVER  -> finish the game; stop
 *       TURN_OVER       -> the game not in play (it ended): stop; one active player left: finish; stop
 *                          else move to the next seat that takes turns, then as TURN_BEGINS
 *       TURN_BEGINS     -> next = the seat's turn begins: its views expire, E accrues, specials fire
 *                          (TURN_OVER when that left the player no turn); then a '*' order at the head
 *                          of the queue is played (TURN_OVER when it succeeds), otherwise the turn waits
 *                          for its player (TURN_WAITS: sheets are due)
 *     a turn that waits for a computer opponent is played at once (bots_play), at most
 *     BOT_TURNS_PER_COMMAND of them with one Game (bot.h): the next waits, due, for the next command
 *     (turn_process_time plays it first); a game left to the computer opponents ends (ruling 61)
 *
 * So when several players hold '*' orders the turns follow one another inside this one loop, seat by
 * seat, until a turn waits for its player or the game ends: the stack does not grow with the number
 * of turns, however many rounds of '*' orders are queued. The news "Your stored order X was
 * processed." is told when the loop stops (game_defer_news), after the turns that order's end set
 * going, as the players have always read it. */
#include "turn.h"

#include <assert.h>
#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "boardfile.h"
#include "bot.h"
#include "deadline.h"
#include "dispatch.h"
#include "firing.h"
#include "gamble.h"
#include "notice.h"
#include "queue.h"

/* Why GAMBLE o cannot be given now on b — round 0 is its only time, and it is never stored: the one place
 * that says so. */
Misplaced turn_misplaced(const Board *b, const Order *o, bool storing)
{
    if (o->verb != ORD_GAMBLE)
        return MISPLACED_NONE;
    if (storing)
        return MISPLACED_STORED_GAMBLE;
    return b->phase == PHASE_ROUND0 ? MISPLACED_NONE : MISPLACED_GAMBLE_LATE;
}

/* The reason code of a misplaced order (not MISPLACED_NONE). */
static FailCode turn_misplaced_code(Misplaced why)
{
    return why == MISPLACED_STORED_GAMBLE ? FAIL_GAMBLE_STORED : FAIL_GAMBLE_LATE;
}

const char *turn_misplaced_say(Misplaced why)
{
    return failure_fixed(turn_misplaced_code(why));
}

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
    g->ended = true; /* every sheet says so at its top, with the result (contract 14.9) */
    for (int i = 0; i < b->np; i++)
        g->sheet_due[i] = true;
}

/* ---- an order on its turn ---- */

/* Plays player's order o on their turn: the checks (refused: nothing changed); then, for a live message
 * (live non-NULL: its orders, o the first), what the message changes besides the order — a holiday ends,
 * the head of the stored queue is replaced and the rest of the message becomes the queue — then the order
 * runs, its move-list line is recorded (" (Auto)" when from the queue, " (Failed)" on failure) and its
 * events told. Success resets the consecutive time-outs; a failure with every square in view gives a fresh
 * full deadline once per turn (contract 4). Returns 0 (the turn is over), -1 failed, ORDER_REFUSED. */
int turn_order(Game *g, int player, const Order *o, bool from_queue, const OrderList *live)
{
    Board *b = g->b;
    memset(&g->fail, 0, sizeof g->fail); /* a failure is this order's own, never an earlier order's */
    game_begin_action(g);
    g->actor_player = player;
    int rc = dispatch_check(g, player, o);
    if (rc == ORDER_REFUSED) {
        g->actor_player = -1;
        game_drop_events(g);
        return ORDER_REFUSED;
    }
    if (live) {
        Player *pl = &b->pl[player];
        deadline_holiday_end(g); /* a live order ends the holiday */
        /* The head of the queue is replaced, the rest of the message replaces the queue: before the order
         * runs, as the turns it starts (other players' * orders) may come round to this player again. */
        free(queue_take(pl));
        if (live->n > 1)
            queue_set(pl, live, 1);
    }
    g->from_queue = from_queue;
    rc = dispatch_run(g, player, o);
    g->from_queue = false;
    g->actor_player = -1;
    game_record(g, player, movelist_order(o->text, from_queue, rc < 0));
    if (g->why) { /* replay_failure_reasons: one line per move-list line */
        while (g->why->n < b->moves.n - 1)
            sl_push(g->why, "");
        char said[ERR_MAX] = "";
        if (rc < 0)
            failure_say(b, &g->fail.why, said, sizeof said);
        sl_push(g->why, said);
    }
    if (rc == 0)
        b->pl[player].timeouts = 0; /* only consecutive time-outs count */
    game_end_action(g);
    if (rc == 0)
        return 0;
    /* a failed order (i): every square in view: a fresh full deadline, once per turn */
    if (!g->fail.outside && !b->clock.fresh_used && !g->replay) {
        b->clock.fresh_used = true;
        deadline_fresh(g);
        g->fail.fresh = true;
    }
    g->sheet_due[player] = true;
    return -1;
}

/* The turn waits for its player: a sheet for everyone who still takes turns (the player to move always;
 * the others unless quiet), the clock runs. Players out of the game without ronin hear nothing more until
 * the final sheet. */
static void turn_waits(Game *g)
{
    Board *b = g->b;
    g->new_turn = true;
    for (int i = 0; i < b->np; i++)
        if (i == b->seat || (!b->pl[i].quiet && board_player_has_turns(b, i)))
            g->sheet_due[i] = true;
}

/* ---- the stored queue ---- */

enum {
    RQ_EMPTY,     /* nothing ran */
    RQ_DONE,      /* a stored order ran and ended the turn */
    RQ_HOLIDAY,   /* a stored HOLIDAY started */
    RQ_EXHAUSTED, /* stored orders failed (case i) and none is left */
    RQ_OUTSIDE,   /* a stored order failed with a square outside the player's view (case ii) */
    RQ_DROPPED,   /* the head was dropped before it could run (run_head): the next one is tried */
};

/* Runs the head of the stored queue of player p, already taken out as text: dropped when it cannot run now
 * (told to the player), a HOLIDAY started, or played. Returns RQ_DONE or RQ_HOLIDAY, -1 failed (case (i)
 * or (ii) in *outside), RQ_DROPPED. */
static int run_head(Game *g, int p, char *text, bool star, bool at_deadline, bool *outside)
{
    Board *b = g->b;
    Order o;
    Err err;
    if (order_parse(b, text, &o, &err) < 0) {
        notice_news(b, p, NEWS_STORED_DROPPED, &(Notice){.kind = NOTICE_STORED_UNREAD, .text = text, .words = err.msg});
        return RQ_DROPPED;
    }
    Misplaced misplaced = turn_misplaced(b, &o, false);
    int rc = RQ_DROPPED, r, told = b->pl[p].news.n;
    if (o.verb == ORD_HOLIDAY) {
        rc = deadline_holiday_stored(g, p) ? RQ_HOLIDAY : RQ_DROPPED;
    } else if (misplaced) {
        FailReason why = {.code = turn_misplaced_code(misplaced), .hidden_at = -1};
        notice_news(b, p, NEWS_STORED_DROPPED, &(Notice){.kind = NOTICE_STORED_MISPLACED, .text = o.text, .why = why});
    } else if ((r = turn_order(g, p, &o, true, NULL)) == 0) {
        /* Told once (contract 4.3): by its events when they told the player anything, else (a stored PASS,
         * whose "You passed." is not told) by this line, after the turns this one's end sets going, as a player
         * reads it on their sheet. */
        if (b->pl[p].news.n == told)
            game_defer_news(g, p, NEWS_STORED_RAN, notice_say(b, &(Notice){.kind = NOTICE_STORED_RAN, .text = o.text}));
        if (star && !at_deadline)
            g->star_done[p] = true;
        rc = RQ_DONE;
    } else {
        board_news_take(&b->pl[p].news, NEWS_STORED_FAILED,
                        notice_say(b, &(Notice){.kind = NOTICE_STORED_FAILED, .text = o.text, .why = g->fail.why}));
        g->sheet_due[p] = true;
        *outside = r == -1 && g->fail.outside;
        rc = -1;
    }
    order_free(&o);
    return rc;
}

/* Runs the stored orders of the player to move from the head. need_star: only a '*' order (or a
 * HOLIDAY) at the head runs (turn start); otherwise the head runs whatever its mark (deadline,
 * end of a holiday). A failed stored order is removed; after a case (i) failure the next one runs
 * at once; after a case (ii) failure at turn start the next one runs at once only if marked '*'
 * (contract 4), else it waits for the deadline (RQ_OUTSIDE). RQ_DONE: the turn is over (the driver
 * starts the next). */
static int run_stored(Game *g, bool need_star, bool at_deadline)
{
    Board *b = g->b;
    int p = b->seat;
    bool played = false, outside = false, turn_start = need_star && !at_deadline;
    for (int guard = 0; guard < 10000; guard++) {
        if (b->phase != PHASE_PLAY || b->seat != p)
            return RQ_DONE;
        Player *pl = &b->pl[p];
        if (!pl->queue.n)
            break;
        QueueEntry head;
        queue_parse(pl->queue.v[0], &head);
        if (need_star && !head.star && head.kind != QUEUE_HOLIDAY)
            break;
        char *text = queue_take(pl);
        int rc = run_head(g, p, text, head.star, at_deadline, &outside);
        free(text);
        if (rc == RQ_DONE || rc == RQ_HOLIDAY)
            return rc;
        if (rc == RQ_DROPPED)
            continue;
        played = true;
        if (outside && !turn_start)
            return RQ_OUTSIDE;
        need_star = outside; /* (ii) at turn start: only a '*' order runs at once; (i): the next runs */
    }
    return outside ? RQ_OUTSIDE : played ? RQ_EXHAUSTED : RQ_EMPTY;
}

/* ---- a turn begins ---- */

/* The turn of b->seat begins (contract 4): last round's flare, S5 and S17/S18 views expire, E accrues per
 * K code, the specials its pieces stand on fire; then its clock starts, and (outside replay) a stored
 * HOLIDAY or '*' order at the head of the queue runs, else the turn waits. */
static TurnOutcome begin_turn(Game *g)
{
    Board *b = g->b;
    int p = b->seat;
    Player *pl = &b->pl[p];
    char label[16];
    board_turn_label(b, label);
    game_begin_action(g);
    pl->full_view = false;
    pl->full_decode = false;
    pl->full_until[0] = '\0';
    free(pl->reveals);
    pl->reveals = NULL;
    pl->nreveals = 0;
    for (int i = 0; i < b->npc; i++)
        if (b->pc[i].owner == p)
            b->pc[i].g.flare = false;
    int64_t kings = board_king_codes(b, p);
    if (kings && b->par.e_per_king) {
        EbookLine line = {.kind = EBOOK_ACCRUAL, .amount = sat_mul(kings, b->par.e_per_king), .num = {kings}};
        snprintf(line.text, sizeof line.text, "%s", label);
        game_add_e(g, p, line);
    }
    firing_run(g, p);
    game_end_action(g);
    /* A ronin's last piece died as the specials fired: no turn left, so the seat is skipped. */
    if (!board_player_has_turns(b, p))
        return TURN_OVER;
    deadline_turn_starts(g);
    if (g->replay)
        return TURN_WAITS;
    switch (run_stored(g, true, false)) {
    case RQ_DONE:
        return TURN_OVER;
    case RQ_HOLIDAY:
        return TURN_WAITS;
    case RQ_EXHAUSTED:
        deadline_fresh(g);
        break;
    default: /* nothing ran, or (ii): the turn waits with its deadline running */
        break;
    }
    turn_waits(g);
    return TURN_WAITS;
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

/* ---- the computer opponents ---- */

bool turn_bot_waits(const Board *b)
{
    return b->phase == PHASE_PLAY && b->seat >= 0 && b->seat < b->np && bot_valid(b->pl[b->seat].id) &&
           b->clock.holiday_since == 0;
}

/* Ruling 58 (contract 14.7): a game in play ends, scored as it stands, when it seated a person and none takes
 * turns any more, or when a round past bot_round_cap has begun with a computer opponent still taking turns. A
 * game of computer opponents only (selfplay) is never left without a person: it plays on to its cap. */
static bool left_to_bots(const Game *g)
{
    const Board *b = g->b;
    if (b->phase != PHASE_PLAY)
        return false;
    bool seated = false, person = false, bot = false;
    for (int i = 0; i < b->np; i++) {
        bool in = board_player_has_turns(b, i);
        if (bot_is(b->pl[i].id)) {
            bot |= in;
        } else {
            seated = true;
            person |= in;
        }
    }
    return (seated && !person) || (bot && b->round > bot_round_cap(g->bot_measure));
}

/* When the game waits (outside replay): in round 0 every bot still to gamble PASSes (0E don't care); in play
 * the bot to move plays bot_choose's order as a live order (PASS instead when that fails or is refused) — unless
 * g has made BOT_TURNS_PER_COMMAND decisions: then its turn waits, due at once (its deadline now), for the
 * next command on the board or Cleanup (contract 12). Returns what follows. */
static TurnOutcome bots_play(Game *g)
{
    Board *b = g->b;
    TurnOutcome next = TURN_WAITS;
    if (g->replay)
        return next;
    Order o;
    Err err;
    if (b->phase == PHASE_ROUND0) {
        for (int p = 0; p < b->np && next == TURN_WAITS; p++)
            if (bot_valid(b->pl[p].id) && b->pl[p].status == PS_ACTIVE && !board_gambles_in(b, &b->pl[p]) &&
                order_parse(b, "PASS", &o, &err) == 0) {
                gamble_order(g, p, &o, &next);
                order_free(&o);
            }
        return next;
    }
    int p = b->seat;
    if (!turn_bot_waits(b))
        return TURN_WAITS;
    /* due: the next command or Cleanup plays it (gamelist_due); so too when what it remembers of the history, the
     * move list's last lines, cannot be read (contract 10.3, 12: the reason in the server's log) */
    if (g->bot_decisions >= BOT_TURNS_PER_COMMAND || (g->store && movelist_memory_load(g->store, b) < 0)) {
        b->clock.deadline = g->now;
        return TURN_WAITS;
    }
    g->bot_decisions++;
    char *text = bot_choose(b, p, g->bot_measure);
    int rc = -1;
    if (order_parse(b, text, &o, &err) == 0) {
        rc = o.verb == ORD_HOLIDAY || o.verb == ORD_GAMBLE ? -1 : turn_order(g, p, &o, false, NULL);
        order_free(&o);
    }
    if (rc != 0 && order_parse(b, "PASS", &o, &err) == 0) {
        rc = turn_order(g, p, &o, false, NULL);
        order_free(&o);
    }
    free(text);
    return rc == 0 ? TURN_OVER : TURN_WAITS;
}

/* ---- the loop ---- */

/* The loop (see the top of this file): acts on outcomes until a turn waits or the game ends; a game left to
 * the computer opponents ends (ruling 61) wherever in the loop it comes to be so. */
void turn_run(Game *g, TurnOutcome next)
{
    Board *b = g->b;
    for (;;) {
        /* a turn that is over moves the seat first (below), so that a game left to the bots ends on the same
         * seat whether the order that left it came live or from the move list (verify replays it) */
        if (next != TURN_OVER && left_to_bots(g))
            next = TURN_GAME_OVER;
        if (next == TURN_WAITS && (next = bots_play(g)) == TURN_WAITS)
            break;
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
            if (left_to_bots(g)) { /* the round past the cap ends the game before anything of it happens */
                turn_finish(g);
                break;
            }
        }
        next = begin_turn(g);
    }
    game_tell_deferred(g);
}

bool turn_play_bots(Game *g)
{
    Board *b = g->b;
    bool changed = false;
    while (b->phase != PHASE_ENDED && (turn_bot_waits(b) || left_to_bots(g)) && !g->replay) {
        int before = g->bot_decisions, moves = board_moves_count(b);
        turn_run(g, TURN_WAITS);
        if (g->bot_decisions == before && board_moves_count(b) == moves && b->phase != PHASE_ENDED)
            break; /* the budget is spent: the turn waits */
        changed = true;
    }
    return changed;
}

TurnOutcome turn_open(Game *g)
{
    return gamble_begin(g);
}

void turn_start(Game *g)
{
    turn_run(g, TURN_BEGINS);
}

int turn_play(Game *g, int player, const Order *o, bool from_queue)
{
    Board *b = g->b;
    TurnOutcome next = TURN_WAITS;
    Misplaced misplaced = turn_misplaced(b, o, false);
    int rc = 0; /* set by every branch (gcc -O1 cannot tell) */
    memset(&g->fail, 0, sizeof g->fail);
    if (b->phase == PHASE_ENDED && (misplaced || o->verb == ORD_HOLIDAY))
        rc = game_refuse_why(g, (FailReason){.code = FAIL_ENDED});
    else if (b->phase == PHASE_ROUND0)
        rc = gamble_order(g, player, o, &next);
    else if (misplaced)
        rc = game_refuse_why(g, (FailReason){.code = turn_misplaced_code(misplaced)});
    else if (o->verb == ORD_HOLIDAY)
        rc = turn_holiday(g, player);
    else if ((rc = turn_order(g, player, o, from_queue, NULL)) == 0)
        next = TURN_OVER;
    turn_run(g, next);
    return rc;
}

int turn_holiday(Game *g, int player)
{
    int rc = deadline_holiday_check(g, player);
    if (rc == 0)
        deadline_holiday_order(g, player);
    return rc;
}

/* ---- time ---- */

/* The deadline of the turn passed (g->now is the deadline): its stored orders run, else a time-out. */
static TurnOutcome turn_deadline_passed(Game *g)
{
    bool restarted = g->b->clock.fresh_used; /* the turn's one fresh deadline for a failure (i) was used */
    switch (run_stored(g, false, true)) {
    case RQ_DONE:
        return TURN_OVER;
    case RQ_HOLIDAY:
        return TURN_WAITS;
    case RQ_EXHAUSTED: /* (i) at a deadline with no stored order left: a fresh full deadline, once a turn as for
                        * a live failure (contract 4.4; the failure made it); when the turn had it already, a
                        * time-out */
        if (restarted)
            return deadline_timeout(g);
        g->b->clock.fresh_used = true;
        deadline_fresh(g);
        return TURN_WAITS;
    default: /* no order to run, or (ii) after the deadline: a time-out; remaining stored orders stay */
        return deadline_timeout(g);
    }
}

/* The holiday allowance ran out (g->now is that moment): the next stored order runs, else the turn waits
 * with a fresh full deadline. */
static TurnOutcome holiday_over(Game *g)
{
    deadline_holiday_expired(g);
    switch (run_stored(g, false, false)) {
    case RQ_DONE:
        return TURN_OVER;
    case RQ_HOLIDAY:
        return TURN_WAITS;
    default:
        deadline_fresh(g);
        turn_waits(g);
        return TURN_WAITS;
    }
}

bool turn_process_time(Game *g, int *deadlines)
{
    Board *b = g->b;
    int64_t now = g->now;
    bool changed = turn_play_bots(g);
    int n = 0;
    DeadlineEvent due;
    /* A bot's turn left waiting is never timed out: the time stops there until a command plays it. */
    for (; n < 100000 && !turn_bot_waits(b) && (due = deadline_due(g, now)) != DUE_NONE; n++) {
        changed = true;
        turn_run(g, due == DUE_ROUND0    ? gamble_deadline(g)
                    : due == DUE_HOLIDAY ? holiday_over(g)
                                         : turn_deadline_passed(g));
    }
    g->now = now;
    if (deadlines)
        *deadlines = n;
    return changed;
}

/* ---- resign ---- */

TurnOutcome turn_resign_in_play(Game *g, int player)
{
    Board *b = g->b;
    if (b->phase == PHASE_PLAY && player == b->seat)
        deadline_holiday_end(g);
    game_begin_action(g);
    game_record(g, player, movelist_event(MOVE_RESIGN, 0));
    game_eliminate(g, player, PS_RESIGNED, -1);
    game_end_action(g);
    game_tell_all(g); /* told at once, whoever chose quiet */
    if (b->phase != PHASE_PLAY)
        return TURN_WAITS;
    if (player == b->seat || !board_player_has_turns(b, b->seat))
        return TURN_OVER;
    return active_players(b) <= 1 ? TURN_GAME_OVER : TURN_WAITS;
}

/* True when player is the one person on b (every other seat a computer opponent's). */
static bool last_person(const Board *b, int player)
{
    for (int i = 0; i < b->np; i++)
        if (i != player && !bot_is(b->pl[i].id))
            return false;
    return !bot_is(b->pl[player].id);
}

TurnResign turn_resign(Game *g, int player)
{
    Board *b = g->b;
    if (b->phase == PHASE_ROUND0 && last_person(b, player)) /* only computer opponents would be left */
        return b->np - 1 < 2 ? RESIGN_DELETE : RESIGN_DELETE_BOTS;
    if (b->phase == PHASE_ROUND0) /* the player leaves the board; round 0 restarts */
        return gamble_resign(g, player) ? RESIGN_DELETE : RESIGN_REMOVED;
    /* An eliminated player still fighting with ronin pieces may resign them too (their pieces become orphans). */
    if (b->pl[player].status != PS_ACTIVE && !board_player_has_turns(b, player))
        return RESIGN_GONE;
    turn_run(g, turn_resign_in_play(g, player));
    g->sheet_due[player] = true;
    return RESIGN_DONE;
}
