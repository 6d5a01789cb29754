/* turn: the turn driver — where every order runs; what a player's message does (turn_submit); ending a turn and starting the next in one loop; stored orders; time; resignation; the computer opponents' turns; the game's end; replay (contract 4).
 *
 * The loop. A rules step never starts or ends a turn itself: it returns a TurnOutcome (game.h) saying
 * what comes next, and run() below is the one place that acts on it:
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

/* Why GAMBLE o cannot be given now on b — round 0 is its only time, and it is never stored — or NULL:
 * the one place that says so. */
static const char *gamble_misplaced(const Board *b, const Order *o, bool storing)
{
    if (o->verb != ORD_GAMBLE)
        return NULL;
    if (storing)
        return "GAMBLE cannot be stored";
    return b->phase == PHASE_ROUND0 ? NULL : "GAMBLE is only for round 0";
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
static int run_order(Game *g, int player, const Order *o, bool from_queue, const OrderList *live)
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
        if (pl->queue.n) {
            free(pl->queue.v[0]);
            memmove(pl->queue.v, pl->queue.v + 1, sizeof(char *) * (size_t)(pl->queue.n - 1));
            pl->queue.n--;
        }
        if (live->n > 1)
            turn_set_queue(pl, live, 1);
    }
    g->from_queue = from_queue;
    rc = dispatch_run(g, player, o);
    g->from_queue = false;
    g->actor_player = -1;
    char *line = xasprintf("%s%s%s", o->text, from_queue ? " (Auto)" : "", rc < 0 ? " (Failed)" : "");
    game_record(g, player, line);
    free(line);
    if (g->why) { /* turn_failure_reasons: one line per move-list line */
        while (g->why->n < b->moves.n - 1)
            sl_push(g->why, "");
        sl_push(g->why, rc < 0 ? g->fail.msg : "");
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
};

/* True when a stored order text ("*HOLIDAY", "HOLIDAY") is a HOLIDAY. */
static bool is_holiday_text(const char *s)
{
    if (*s == '*')
        s++;
    while (isspace((unsigned char)*s))
        s++;
    return strncasecmp(s, "HOLIDAY", 7) == 0 && (s[7] == '\0' || isspace((unsigned char)s[7]));
}

/* Removes and returns the head of a player's queue (caller frees), NULL when empty. */
static char *queue_take(Player *pl)
{
    if (!pl->queue.n)
        return NULL;
    char *head = pl->queue.v[0];
    memmove(pl->queue.v, pl->queue.v + 1, sizeof(char *) * (size_t)(pl->queue.n - 1));
    pl->queue.n--;
    return head;
}

/* Runs the head of the stored queue of player p, already taken out as text: dropped when it cannot run now
 * (told to the player), a HOLIDAY started, or played. Returns RQ_DONE or RQ_HOLIDAY, -1 failed (case (i)
 * or (ii) in *outside), 1 dropped. */
static int run_head(Game *g, int p, char *text, bool star, bool at_deadline, bool *outside)
{
    Board *b = g->b;
    Order o;
    Err err;
    if (order_parse(b, text, &o, &err) < 0) {
        game_news(b, p, NEWS_STORED_DROPPED, "Your stored order %s was dropped: %s", text, err.msg);
        return 1;
    }
    const char *misplaced = gamble_misplaced(b, &o, false);
    int rc = 1, r;
    if (o.verb == ORD_HOLIDAY) {
        rc = deadline_holiday_stored(g, p) ? RQ_HOLIDAY : 1;
    } else if (misplaced) {
        game_news(b, p, NEWS_STORED_DROPPED, "Your stored order %s was dropped: %s.", o.text, misplaced);
    } else if ((r = run_order(g, p, &o, true, NULL)) == 0) {
        /* Told after the turns this one's end sets going, as a player reads it on their sheet. */
        game_defer_news(g, p, NEWS_STORED_RAN, xasprintf("Your stored order %s was processed.", o.text));
        if (star && !at_deadline)
            g->star_done[p] = true;
        rc = RQ_DONE;
    } else {
        board_news_take(&b->pl[p].news, NEWS_STORED_FAILED, xasprintf("Your stored order %s failed: %s", o.text, g->fail.msg));
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
        const char *head = pl->queue.v[0];
        bool star = head[0] == '*';
        if (need_star && !star && !is_holiday_text(head))
            break;
        char *text = queue_take(pl);
        int rc = run_head(g, p, text, star, at_deadline, &outside);
        free(text);
        if (rc == RQ_DONE || rc == RQ_HOLIDAY)
            return rc;
        if (rc > 0)
            continue; /* dropped */
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
        char why[64];
        snprintf(why, sizeof why, "accrual at %s (%" PRId64 " K)", label, kings);
        game_add_e(g, p, sat_mul(kings, b->par.e_per_king), why);
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
    if (g->bot_decisions >= BOT_TURNS_PER_COMMAND) {
        b->clock.deadline = g->now; /* due: the next command or Cleanup plays it (gamelist_due) */
        return TURN_WAITS;
    }
    g->bot_decisions++;
    char *text = bot_choose(b, p, g->bot_measure);
    int rc = -1;
    if (order_parse(b, text, &o, &err) == 0) {
        rc = o.verb == ORD_HOLIDAY || o.verb == ORD_GAMBLE ? -1 : run_order(g, p, &o, false, NULL);
        order_free(&o);
    }
    if (rc != 0 && order_parse(b, "PASS", &o, &err) == 0) {
        rc = run_order(g, p, &o, false, NULL);
        order_free(&o);
    }
    free(text);
    return rc == 0 ? TURN_OVER : TURN_WAITS;
}

/* ---- the loop ---- */

/* The loop (see the top of this file): acts on outcomes until a turn waits or the game ends; a game left to
 * the computer opponents ends (ruling 61) wherever in the loop it comes to be so. */
static void run(Game *g, TurnOutcome next)
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
        run(g, TURN_WAITS);
        if (g->bot_decisions == before && board_moves_count(b) == moves && b->phase != PHASE_ENDED)
            break; /* the budget is spent: the turn waits */
        changed = true;
    }
    return changed;
}

void turn_open(Game *g)
{
    run(g, gamble_begin(g));
}

void turn_start(Game *g)
{
    run(g, TURN_BEGINS);
}

int turn_play(Game *g, int player, const Order *o, bool from_queue)
{
    Board *b = g->b;
    TurnOutcome next = TURN_WAITS;
    const char *misplaced = gamble_misplaced(b, o, false);
    int rc;
    memset(&g->fail, 0, sizeof g->fail);
    if (b->phase == PHASE_ENDED && (misplaced || o->verb == ORD_HOLIDAY))
        rc = game_refuse(g, "The game has ended");
    else if (b->phase == PHASE_ROUND0)
        rc = gamble_order(g, player, o, &next);
    else if (misplaced)
        rc = game_refuse(g, "%s", misplaced);
    else if (o->verb == ORD_HOLIDAY && (rc = deadline_holiday_check(g, player)) == 0)
        deadline_holiday_order(g, player);
    else if (o->verb != ORD_HOLIDAY && (rc = run_order(g, player, o, from_queue, NULL)) == 0)
        next = TURN_OVER;
    run(g, next);
    return rc;
}

/* ---- time ---- */

/* The deadline of the turn passed (g->now is the deadline): its stored orders run, else a time-out. */
static TurnOutcome deadline_passed(Game *g)
{
    switch (run_stored(g, false, true)) {
    case RQ_DONE:
        return TURN_OVER;
    case RQ_HOLIDAY:
        return TURN_WAITS;
    case RQ_EXHAUSTED: /* (i) at a deadline with no stored order left: a fresh full deadline */
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
        run(g, due == DUE_ROUND0 ? gamble_deadline(g) : due == DUE_HOLIDAY ? holiday_over(g) : deadline_passed(g));
    }
    g->now = now;
    if (deadlines)
        *deadlines = n;
    return changed;
}

/* ---- resign ---- */

/* A player in play resigns: recorded, eliminated (their pieces become orphans). What follows. */
static TurnOutcome resign_in_play(Game *g, int player)
{
    Board *b = g->b;
    if (b->phase == PHASE_PLAY && player == b->seat)
        deadline_holiday_end(g);
    game_begin_action(g);
    game_record(g, player, "Resign");
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
        return RESIGN_DELETE;
    if (b->phase == PHASE_ROUND0) /* the player leaves the board; round 0 restarts */
        return gamble_resign(g, player) ? RESIGN_DELETE : RESIGN_REMOVED;
    /* An eliminated player still fighting with ronin pieces may resign them too (their pieces become orphans). */
    if (b->pl[player].status != PS_ACTIVE && !board_player_has_turns(b, player))
        return RESIGN_GONE;
    run(g, resign_in_play(g, player));
    g->sheet_due[player] = true;
    return RESIGN_DONE;
}

/* ---- what a player's message does ---- */

static void submit_refused(Submission *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void submit_refused(Submission *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->result, sizeof s->result, fmt, ap);
    va_end(ap);
    s->status = SUBMIT_REFUSED;
}

void turn_set_queue(Player *pl, const OrderList *l, int from)
{
    sl_clear(&pl->queue);
    for (int i = from; i < l->n; i++)
        sl_push_owned(&pl->queue, xasprintf("%s%s", l->v[i].star ? "*" : "", l->v[i].text));
}

/* Appends "<label><the stored orders, ' / ' between, or none>" to out. */
static void say_queue(const char *label, const StrList *q, Buf *out)
{
    buf_add(out, label);
    for (int i = 0; i < q->n; i++)
        buf_printf(out, "%s%s", i ? " / " : "", q->v[i]);
    if (!q->n)
        buf_add(out, "none");
}

/* Warns (without refusing) of a stored order that cannot succeed as things stand for the player: no piece
 * of theirs on its square, or their piece lacks an enabling code. Only the player's own pieces are looked
 * at, which they always see: the warning never tells of anyone else's piece (ruling 43). */
static void queue_warning(const Board *b, int player, const Order *o, Buf *out)
{
    char nm[16], codes[16];
    if (!order_has_actor(o->verb))
        return; /* CREATE's square is the new piece's; PASS and HOLIDAY have none */
    const Piece *p = board_piece_at(b, o->sq);
    board_sq_name(b, o->sq, nm);
    if (!p || !board_controls(b, player, p))
        buf_printf(out, "Warning: %s cannot succeed as things stand:\n    you have no piece on %s.\n", o->text, nm);
    else if (!order_enabled(&p->g, o->verb) && order_enablers(o->verb, codes))
        buf_printf(out, "Warning: %s cannot succeed as things stand:\n    your piece on %s has no %s (%s needs it).\n",
                   o->text, nm, codes, order_table[o->verb].verb);
}

/* Round 0: the message is checked whole; its first orders are gambles (gamble_prefix), the orders after them
 * become the stored queue for round 1, as off the turn — set before the gambles are taken, so that a "*" head
 * runs when they end round 0 and the player's turn comes at once (contract 4.6). A message of gambles alone
 * leaves the queue as it was. */
static int submit_round0(Game *g, int player, const OrderList *l, Submission *s)
{
    Board *b = g->b;
    Err err;
    int bad, k = gamble_prefix(b, player, l);
    OrderList gambles = *l;
    gambles.n = k;
    if (k && gamble_check(b, player, &gambles, &bad, &err) < 0) {
        submit_refused(s, "%s: %s", l->v[bad].text, err.msg);
        return s->status;
    }
    for (int i = k; i < l->n; i++) {
        const char *misplaced = gamble_misplaced(b, &l->v[i], true);
        if (misplaced) {
            submit_refused(s, "%s: %s", l->v[i].text, misplaced);
            return s->status;
        }
    }
    char id[USERID_MAX + 1];
    snprintf(id, sizeof id, "%s", b->pl[player].id);
    if (k < l->n)
        turn_set_queue(&b->pl[player], l, k);
    Buf stored;
    buf_init(&stored);
    if (k < l->n)
        say_queue("Stored for your next turn: ", &b->pl[player].queue, &stored);
    for (int i = 0; i < k; i++) {
        TurnOutcome next;
        int rc = gamble_order(g, player, &l->v[i], &next);
        assert(rc == 0); /* gamble_check took them all */
        (void)rc;
        run(g, next);
    }
    s->player = board_player_index(b, id); /* round 0's end reorders the players */
    if (k && stored.len)
        buf_printf(&s->notes, "%s\n", stored.s);
    snprintf(s->result, sizeof s->result, "%s", k ? (g->reply.len ? g->reply.s : "Received.") : stored.s);
    buf_free(&stored);
    return s->status = SUBMIT_DONE;
}

/* Off the player's turn: the whole message becomes their stored queue. */
static int submit_off_turn(Game *g, int player, const OrderList *l, Submission *s)
{
    Board *b = g->b;
    for (int i = 0; i < l->n; i++) {
        const char *misplaced = gamble_misplaced(b, &l->v[i], false);
        if (misplaced) {
            submit_refused(s, "%s: %s", l->v[i].text, misplaced);
            return s->status;
        }
    }
    Player *pl = &b->pl[player];
    turn_set_queue(pl, l, 0);
    Buf q;
    buf_init(&q);
    say_queue("Stored for your next turn: ", &pl->queue, &q);
    snprintf(s->result, sizeof s->result, "%s", q.s);
    buf_free(&q);
    for (int i = 0; i < l->n; i++)
        queue_warning(b, player, &l->v[i], &s->notes);
    return s->status = SUBMIT_DONE;
}

/* What an order that was not done on its player's turn means for them, by one rule (contract 3.7, 4.4): a refusal
 * changes nothing; a failure is recorded (a move of the board) and restarts the deadline in full once a turn when
 * the player saw every square it touched; either way the turn is still theirs. Static text or g's buffer. */
static const char *not_done(const Board *b, Game *g, int rc)
{
    static char t[256];
    if (rc == ORDER_REFUSED)
        snprintf(t, sizeof t, "The order was refused: nothing was done or recorded (the move number is still #%d); "
                              "it is still your move and your deadline did not move.", board_move_number(b));
    else
        snprintf(t, sizeof t, "The order failed: it is recorded (the move number is now #%d); it is still your move "
                              "and your deadline %s.", board_move_number(b),
                 g->fail.fresh ? "starts again in full (once a turn, for a failure you could see)"
                 : g->fail.outside ? "did not move (a failure outside your view never moves it)"
                                   : "did not move (it starts again only once a turn)");
    return t;
}

/* On the player's turn: the first order runs now, the rest becomes their stored queue. */
static int submit_on_turn(Game *g, int player, const OrderList *l, Submission *s)
{
    Board *b = g->b;
    const Order *o = &l->v[0];
    const char *misplaced = gamble_misplaced(b, o, false);
    int rc;
    memset(&g->fail, 0, sizeof g->fail);
    if (misplaced) {
        submit_refused(s, "%s: %s", o->text, misplaced);
        return s->status;
    }
    if (o->verb == ORD_HOLIDAY) { /* the queue stays: HOLIDAY does not use up the turn */
        if ((rc = deadline_holiday_check(g, player)) == 0) {
            deadline_holiday_order(g, player);
            if (l->n > 1)
                turn_set_queue(&b->pl[player], l, 1);
            run(g, TURN_WAITS);
        }
    } else {
        rc = run_order(g, player, o, false, l);
        run(g, rc == 0 ? TURN_OVER : TURN_WAITS);
    }
    if (rc == ORDER_REFUSED) {
        submit_refused(s, "%s: %s. %s", o->text, g->fail.msg, not_done(b, g, rc));
        return s->status;
    }
    if (rc < 0)
        snprintf(s->result, sizeof s->result, "%s: %s. %s", o->text, g->fail.msg, not_done(b, g, rc));
    else
        snprintf(s->result, sizeof s->result, "%s: done", o->text);
    if (l->n > 1) {
        say_queue("Stored for your next turn: ", &b->pl[player].queue, &s->notes);
        buf_add(&s->notes, "\n");
    }
    return s->status = rc < 0 ? SUBMIT_FAILED : SUBMIT_DONE;
}

int turn_submit(Game *g, int player, const OrderList *l, Submission *s)
{
    Board *b = g->b;
    assert(l->n > 0 && player >= 0 && player < b->np);
    s->player = player;
    s->result[0] = '\0';
    buf_init(&s->notes);
    if (b->phase == PHASE_ENDED)
        submit_refused(s, "The game has ended");
    else if (b->phase == PHASE_PLAY && !board_player_has_turns(b, player))
        submit_refused(s, "You are out of this game: you have no pieces left to order");
    else if (b->phase == PHASE_ROUND0)
        return submit_round0(g, player, l, s);
    else if (b->seat != player)
        return submit_off_turn(g, player, l, s);
    else
        return submit_on_turn(g, player, l, s);
    return s->status;
}

int turn_store(Game *g, int player, const OrderList *l, Submission *s)
{
    Board *b = g->b;
    Player *pl = &b->pl[player];
    s->player = player;
    s->result[0] = '\0';
    buf_init(&s->notes);
    if (b->phase == PHASE_PLAY && !board_player_has_turns(b, player)) {
        submit_refused(s, "You are out of this game: you have no pieces left to order");
        return s->status;
    }
    for (int i = 0; l && i < l->n; i++) {
        const char *misplaced = gamble_misplaced(b, &l->v[i], true);
        if (misplaced) {
            submit_refused(s, "%s: %s", l->v[i].text, misplaced);
            return s->status;
        }
    }
    if (l)
        turn_set_queue(pl, l, 0);
    else
        sl_clear(&pl->queue);
    Buf q;
    buf_init(&q);
    say_queue(l ? "Stored for your next turn: " : "Your stored orders: ", &pl->queue, &q);
    snprintf(s->result, sizeof s->result, "%s", q.s);
    buf_free(&q);
    for (int i = 0; l && i < l->n; i++)
        queue_warning(b, player, &l->v[i], &s->notes);
    return s->status = SUBMIT_DONE;
}

void turn_submission_free(Submission *s)
{
    buf_free(&s->notes);
}

/* ---- replay ---- */

/* Applies an event line of the move list (Timeout, Resign, Forfeit, Holiday N) during replay, *next saying
 * what follows. Returns 0 when handled, 1 when text is an order, -1 on error. */
static int replay_event(Game *g, int player, const char *text, TurnOutcome *next, Err *err)
{
    Board *b = g->b;
    *next = TURN_WAITS;
    if (strcmp(text, "Timeout") == 0) {
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
    }
    if (strcmp(text, "Forfeit") == 0) {
        if (b->phase != PHASE_PLAY)
            return err_fail(err, "forfeit outside play");
        game_begin_action(g);
        game_record(g, player, "Forfeit");
        game_eliminate(g, player, PS_FORFEIT, -1);
        game_end_action(g);
        *next = TURN_OVER;
        return 0;
    }
    if (strcmp(text, "Resign") == 0) {
        if (b->phase == PHASE_ROUND0 && b->np <= 2)
            return err_fail(err, "round 0 resign leaving fewer than 2 players");
        if (b->phase == PHASE_ROUND0)
            gamble_resign(g, player); /* records its own line */
        else
            *next = resign_in_play(g, player);
        return 0;
    }
    if (strncmp(text, "Holiday ", 8) == 0) {
        int64_t secs;
        if (!parse_i64(text + 8, &secs))
            return err_fail(err, "bad holiday line");
        if (b->phase != PHASE_PLAY || player != b->seat)
            return err_fail(err, "holiday out of turn");
        /* Only the allowance changes: the suspension itself is clock state. */
        Player *pl = &b->pl[player];
        pl->holiday_left = secs > pl->holiday_left ? 0 : pl->holiday_left - secs;
        game_record(g, player, text);
        return 0;
    }
    return 1;
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
        rc = turn_play(g, p, &o, autom) == ORDER_REFUSED ? err_fail(err, "order refused on replay: %s", g->fail.msg) : 0;
    order_free(&o);
    return rc;
}

/* Applies one move-list line during replay. Returns 0 or -1 with err. */
static int apply_line(Game *g, const char *line, Err *err)
{
    Board *b = g->b;
    char label[16], cur[16], who[64];
    int off = 0;
    if (sscanf(line, "%15s %63s %n", label, who, &off) != 2 || off == 0)
        return err_fail(err, "bad moves line");
    const char *rest = line + off;
    if (strcmp(who, "admin") == 0 && strncmp(rest, "EDIT", 4) == 0)
        return err_fail(err, "history before an admin edit is not replayable");
    board_turn_label(b, cur);
    if (strcmp(label, cur) != 0)
        return err_fail(err, "line for turn %s came at turn %s", label, cur);
    int p = board_player_index(b, who);
    if (p < 0)
        return err_fail(err, "unknown player");
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
    int rc = replay_event(g, p, text, &next, err);
    if (rc == 0)
        run(g, next);
    else if (rc == 1)
        rc = replay_order(g, p, text, autom, err);
    free(text);
    return rc;
}

/* turn_replay, with the failures' reasons into why when it is not NULL (turn_failure_reasons). */
static int replay(const Board *b, int upto, Board **out, StrList *why, Err *err);

int turn_replay(const Board *b, int upto, Board **out, Err *err)
{
    return replay(b, upto, out, NULL, err);
}

void turn_failure_reasons(const Board *b, StrList *why)
{
    Board *r = NULL;
    Err err;
    sl_clear(why);
    if (replay(b, -1, &r, why, &err) == 0)
        board_free(r);
    while (why->n > board_moves_count(b))
        free(why->v[--why->n]);
    while (why->n < board_moves_count(b))
        sl_push(why, "");
}

static int replay(const Board *b, int upto, Board **out, StrList *why, Err *err)
{
    *out = NULL;
    if (!b->initial)
        return err_fail(err, "this board has no initial snapshot to replay from");
    if (b->moves_off)
        return err_fail(err, "internal: the history of the board is not loaded");
    for (int i = b->initial_base; i < b->moves.n; i++)
        if (strstr(b->moves.v[i], " admin EDIT") && (upto < 0 || i < upto))
            return err_fail(err, "history before an admin edit is not replayable");
    if (upto >= 0 && upto < b->initial_base)
        return err_fail(err, "history before an admin edit is not replayable");
    Err e2;
    Board *r = boardfile_parse(b->initial, "initial", &e2);
    if (!r)
        return err_fail(err, "the initial snapshot does not load: %s", e2.msg);
    sl_clear(&r->moves);
    r->moves_off = r->moves_saved = 0; /* the replay holds its lines in memory */
    r->moves_file = false;
    for (int i = 0; i < b->initial_base; i++)
        sl_push(&r->moves, b->moves.v[i]);
    Game g;
    game_init(&g, r, b->clock.created);
    g.replay = true;
    g.why = why;
    int last = upto < 0 || upto > b->moves.n ? b->moves.n : upto;
    for (int i = b->initial_base; i < last; i++) {
        if (apply_line(&g, b->moves.v[i], &e2) < 0) {
            err_fail(err, "move %d (%s): %s", i + 1, b->moves.v[i], e2.msg);
            game_done(&g);
            board_free(r);
            return -1;
        }
        if (r->moves.n != i + 1 || strcmp(r->moves.v[i], b->moves.v[i]) != 0) {
            err_fail(err, "move %d: replay recorded \"%s\"", i + 1, r->moves.n > i ? r->moves.v[i] : "nothing");
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
