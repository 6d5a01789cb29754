/* clock: the clock rules — round 0 (GAMBLE), deadlines, time-outs, the stored queue and * orders, holidays, resign and forfeit. None of it starts or ends a turn: it returns a TurnOutcome to the driver (turn.c). */
#include "clock.h"

#include "dispatch.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

/* ---- small helpers ---- */

static int64_t period_secs(const Board *b)
{
    return b->par.deadline_h * 3600;
}

/* A fresh full deadline from g->now (the nag is due again); saturates instead of overflowing. */
static void fresh_deadline(Game *g)
{
    g->b->clock.deadline = sat_add(g->now, period_secs(g->b));
    g->b->clock.nag_sent = false;
}

static void news(Board *b, int player, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void news(Board *b, int player, const char *fmt, ...)
{
    char line[ERR_MAX + 256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    sl_push(&b->pl[player].news, line);
}

/* Appends a line to what the commanding player is told (lines separated by '\n', none at the end). */
static void reply(Game *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void reply(Game *g, const char *fmt, ...)
{
    char line[ERR_MAX + 256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (g->reply.len)
        buf_add(&g->reply, "\n");
    buf_add(&g->reply, line);
}

/* Refuses the running clock order (nothing changed). */
static int refuse(Game *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int refuse(Game *g, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(g->fail.msg, sizeof g->fail.msg, fmt, ap);
    va_end(ap);
    g->fail.failed = true;
    g->fail.refused = true;
    return ORDER_REFUSED;
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

/* True when a stored order text ("*HOLIDAY", "HOLIDAY") is a HOLIDAY. */
static bool is_holiday_text(const char *s)
{
    if (*s == '*')
        s++;
    while (isspace((unsigned char)*s))
        s++;
    return strncasecmp(s, "HOLIDAY", 7) == 0 && (s[7] == '\0' || isspace((unsigned char)s[7]));
}

/* Start-of-turn step 5 (SPEC 7.2): the turn waits for its player: a sheet for everyone who still
 * takes turns (the player to move always; the others unless quiet), the clock runs. Players out of
 * the game without ronin hear nothing more until the final sheet (SPEC 7.6). */
static void turn_waits(Game *g)
{
    Board *b = g->b;
    g->new_turn = true;
    for (int i = 0; i < b->np; i++)
        if (i == b->seat || (!b->pl[i].quiet && board_player_has_turns(b, i)))
            g->sheet_due[i] = true;
}

/* ---- holidays (SPEC 7.4) ---- */

static void start_holiday(Game *g, int p)
{
    Board *b = g->b;
    char d[48];
    b->clock.holiday_since = g->now;
    b->clock.deadline = 0;
    b->clock.nag_sent = false;
    for (int i = 0; i < b->np; i++)
        if (i != p)
            news(b, i, "%s is on holiday: the game is suspended.", b->pl[p].id);
    news(b, p, "Your holiday started: the game is suspended until you send an order or your allowance (%s) runs out.",
         fmt_duration(b->pl[p].holiday_left, d, sizeof d));
}

/* Ends the holiday of the player to move after secs seconds: records "Holiday <secs>". */
static void finish_holiday(Game *g, int64_t secs)
{
    Board *b = g->b;
    int p = b->seat;
    Player *pl = &b->pl[p];
    if (secs < 0)
        secs = 0;
    if (secs > pl->holiday_left)
        secs = pl->holiday_left;
    pl->holiday_left -= secs;
    b->clock.holiday_since = 0;
    char text[64];
    snprintf(text, sizeof text, "Holiday %" PRId64, secs);
    game_record(g, p, text);
    fresh_deadline(g);
}

void clock_end_holiday(Game *g)
{
    Board *b = g->b;
    if (b->phase != PHASE_PLAY || b->clock.holiday_since <= 0)
        return;
    int p = b->seat;
    finish_holiday(g, g->now - b->clock.holiday_since);
    for (int i = 0; i < b->np; i++)
        if (i != p)
            news(b, i, "%s is back from holiday.", b->pl[p].id);
}

/* ---- an order on its turn (SPEC 7.3) ---- */

int clock_play(Game *g, int player, const Order *o, bool from_queue)
{
    Board *b = g->b;
    game_begin_action(g);
    g->actor_player = player;
    int rc = dispatch_order(g, player, o);
    g->actor_player = -1;
    if (rc == ORDER_REFUSED) {
        game_drop_events(g);
        return ORDER_REFUSED;
    }
    char *line = xasprintf("%s%s%s", o->text, from_queue ? " (Auto)" : "", rc < 0 ? " (Failed)" : "");
    game_record(g, player, line);
    free(line);
    if (rc == 0)
        b->pl[player].timeouts = 0; /* SPEC 7.6: only consecutive time-outs count */
    game_end_action(g);
    if (rc == 0)
        return 0;
    /* SPEC 7.3 failed orders: (i) all squares in view: a fresh full deadline, once per turn. */
    if (!g->fail.outside && !b->clock.fresh_used && !g->replay) {
        b->clock.fresh_used = true;
        fresh_deadline(g);
    }
    g->sheet_due[player] = true;
    return -1;
}

/* ---- the stored queue (SPEC 7.3) ---- */

enum {
    RQ_EMPTY,     /* nothing ran */
    RQ_DONE,      /* a stored order ran and ended the turn */
    RQ_HOLIDAY,   /* a stored HOLIDAY started */
    RQ_EXHAUSTED, /* stored orders failed (case i) and none is left */
    RQ_OUTSIDE,   /* a stored order failed with a square outside the player's view (case ii) */
};

/* Runs the stored orders of the player to move from the head. need_star: only a '*' order (or a
 * HOLIDAY) at the head runs (turn start); otherwise the head runs whatever its mark (deadline,
 * end of a holiday). A failed stored order is removed; after a case (i) failure the next one runs
 * at once; after a case (ii) failure at turn start the next one runs at once only if marked '*'
 * (SPEC 7.3), else it waits for the deadline (RQ_OUTSIDE). RQ_DONE: the turn is over (the driver
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
            return outside ? RQ_OUTSIDE : played ? RQ_EXHAUSTED : RQ_EMPTY;
        const char *head = pl->queue.v[0];
        bool star = head[0] == '*';
        if (need_star && !star && !is_holiday_text(head))
            return outside ? RQ_OUTSIDE : played ? RQ_EXHAUSTED : RQ_EMPTY;
        char *text = queue_take(pl);
        Order o;
        Err err;
        if (order_parse(b, text, &o, &err) < 0) {
            news(b, p, "Your stored order %s was dropped: %s", text, err.msg);
            free(text);
            continue;
        }
        free(text);
        if (o.verb == ORD_HOLIDAY) {
            order_free(&o);
            if (pl->holiday_left > 0) {
                start_holiday(g, p);
                return RQ_HOLIDAY;
            }
            news(b, p, "Your stored HOLIDAY was dropped: you have no holiday allowance left.");
            continue;
        }
        if (o.verb == ORD_GAMBLE) {
            news(b, p, "Your stored order %s was dropped: GAMBLE is only for round 0.", o.text);
            order_free(&o);
            continue;
        }
        int rc = clock_play(g, p, &o, true);
        if (rc == 0) {
            /* Told after the turns this one's end sets going, as a player reads it on their sheet. */
            game_defer_news(g, p, xasprintf("Your stored order %s was processed.", o.text));
            if (star && !at_deadline)
                g->star_done[p] = true;
            order_free(&o);
            return RQ_DONE;
        }
        played = true;
        sl_push_owned(&b->pl[p].news, xasprintf("Your stored order %s failed: %s", o.text, g->fail.msg));
        g->sheet_due[p] = true;
        order_free(&o);
        outside = rc == -1 && g->fail.outside;
        if (outside && !turn_start)
            return RQ_OUTSIDE;
        need_star = outside; /* (ii) at turn start: only a '*' order runs at once; (i): the next runs */
    }
    return played ? RQ_EXHAUSTED : RQ_EMPTY;
}

TurnOutcome clock_turn_begins(Game *g)
{
    Board *b = g->b;
    b->clock.turn_start = g->now;
    b->clock.fresh_used = false;
    b->clock.holiday_since = 0;
    fresh_deadline(g);
    if (g->replay)
        return TURN_WAITS;
    /* 7.2 (4): a stored HOLIDAY or * order at the head of the queue. */
    switch (run_stored(g, true, false)) {
    case RQ_DONE:
        return TURN_OVER;
    case RQ_HOLIDAY:
        return TURN_WAITS;
    case RQ_EXHAUSTED:
        fresh_deadline(g);
        break;
    default:
        /* Nothing ran, or (ii): the turn waits with its deadline running. */
        break;
    }
    /* 7.2 (5): sheets for everyone; the clock runs. */
    turn_waits(g);
    return TURN_WAITS;
}

/* Times out the player to move (SPEC 7.3): recorded, counted, forfeits at --max-timeouts; the turn is over. */
static TurnOutcome timeout(Game *g)
{
    Board *b = g->b;
    int p = b->seat;
    Player *pl = &b->pl[p];
    game_begin_action(g);
    game_record(g, p, "Timeout");
    pl->timeouts++;
    pl->timeouts_total++;
    game_event(g, p, EV_PUBLIC, NULL, 0, "%s timed out (%d in a row).", pl->id, pl->timeouts)->own_text =
        xasprintf("You timed out (%d in a row).", pl->timeouts);
    if (b->par.max_timeouts > 0 && pl->timeouts >= b->par.max_timeouts) {
        game_record(g, p, "Forfeit");
        game_eliminate(g, p, PS_FORFEIT, -1);
    }
    game_end_action(g);
    return TURN_OVER;
}

/* The deadline of the turn passed (g->now is the deadline). */
static TurnOutcome deadline_passed(Game *g)
{
    switch (run_stored(g, false, true)) {
    case RQ_DONE:
        return TURN_OVER;
    case RQ_HOLIDAY:
        return TURN_WAITS;
    case RQ_EXHAUSTED:
        /* (i) at a deadline with no stored order left: a fresh full deadline. */
        fresh_deadline(g);
        return TURN_WAITS;
    default:
        /* No order to run, or (ii) after the deadline: a time-out; remaining stored orders stay. */
        return timeout(g);
    }
}

/* The holiday allowance ran out (g->now is that moment). */
static TurnOutcome holiday_expired(Game *g)
{
    Board *b = g->b;
    int p = b->seat;
    finish_holiday(g, b->pl[p].holiday_left);
    for (int i = 0; i < b->np; i++) {
        if (i == p)
            news(b, i, "Your holiday allowance ran out: the game resumes.");
        else
            news(b, i, "%s's holiday allowance ran out: the game resumes.", b->pl[p].id);
    }
    switch (run_stored(g, false, false)) {
    case RQ_DONE:
        return TURN_OVER;
    case RQ_HOLIDAY:
        return TURN_WAITS;
    default:
        fresh_deadline(g);
        turn_waits(g);
        return TURN_WAITS;
    }
}

/* ---- round 0 (SPEC 7.1) ---- */

static bool item_gambled(const Board *b, int kind)
{
    if (kind == GAMBLE_POS)
        return b->par.gamble == GAMBLE_BOTH || b->par.gamble == GAMBLE_POSITION;
    return b->par.gamble == GAMBLE_BOTH || b->par.gamble == GAMBLE_ORDER;
}

static bool start_exists(const Board *b, int label)
{
    for (int i = 0; i < b->nst; i++)
        if (b->st[i].label == label)
            return true;
    return false;
}

static int start_sq(const Board *b, int label)
{
    for (int i = 0; i < b->nst; i++)
        if (b->st[i].label == label)
            return b->st[i].sq;
    return -1;
}

static int64_t total_stakes(const Player *pl)
{
    int64_t t = 0;
    for (int k = 0; k < 2; k++)
        if (pl->gamble[k].set)
            t += pl->gamble[k].stake;
    return t;
}

/* Sets a gamble (stake already checked), refunding the one it replaces. */
static void gamble_put(Player *pl, int kind, int64_t stake, const int *prefs, int nprefs)
{
    Gamble *gm = &pl->gamble[kind];
    if (gm->set)
        pl->e = sat_add(pl->e, gm->stake);
    memset(gm, 0, sizeof *gm);
    gm->set = true;
    gm->stake = stake;
    for (int i = 0; i < nprefs && i < MAX_PLAYERS; i++)
        gm->prefs[gm->nprefs++] = prefs[i];
    pl->e -= stake;
    pl->gambled_any = true;
}

/* Fills every missing gamble of a player with 0E don't care. Returns how many were filled. */
static int gamble_fill(Board *b, int p)
{
    int n = 0;
    for (int k = 0; k < 2; k++)
        if (item_gambled(b, k) && !b->pl[p].gamble[k].set) {
            gamble_put(&b->pl[p], k, 0, NULL, 0);
            n++;
        }
    return n;
}

/* Resolves one item: players choose in descending stake (ties by the seeded generator), each
 * taking their most preferred free option, else a random free one. opts: the options; out[p]: choice. */
static void resolve_item(Board *b, int kind, const int *opts, int nopt, int *out)
{
    int np = b->np;
    int idx[MAX_PLAYERS];
    for (int i = 0; i < np; i++)
        idx[i] = i;
    for (int i = np - 1; i > 0; i--) {
        int j = (int)rng_below(&b->rng, (uint64_t)i + 1);
        int t = idx[i];
        idx[i] = idx[j];
        idx[j] = t;
    }
    /* Stable insertion sort by stake, highest first. */
    for (int i = 1; i < np; i++) {
        int v = idx[i], j = i;
        while (j > 0 && b->pl[idx[j - 1]].gamble[kind].stake < b->pl[v].gamble[kind].stake) {
            idx[j] = idx[j - 1];
            j--;
        }
        idx[j] = v;
    }
    bool taken[MAX_PLAYERS + 1] = {false};
    for (int k = 0; k < np; k++) {
        int p = idx[k];
        const Gamble *gm = &b->pl[p].gamble[kind];
        int choice = -1;
        for (int i = 0; i < gm->nprefs && choice < 0; i++)
            for (int o = 0; o < nopt; o++)
                if (opts[o] == gm->prefs[i] && !taken[o]) {
                    choice = o;
                    break;
                }
        if (choice < 0) {
            int nfree = 0;
            for (int o = 0; o < nopt; o++)
                nfree += !taken[o];
            int r = nfree > 0 ? (int)rng_below(&b->rng, (uint64_t)nfree) : 0;
            for (int o = 0; o < nopt; o++)
                if (!taken[o] && r-- == 0) {
                    choice = o;
                    break;
                }
        }
        taken[choice] = true;
        out[p] = opts[choice];
    }
}

/* Puts the players into a new order: newpos[i] is the new index of player i. Remaps everything
 * that holds player indexes (pieces, the Game's per-player arrays). */
static void reorder_players(Game *g, const int *newpos)
{
    Board *b = g->b;
    int np = b->np;
    Player *tmp = xcalloc((size_t)np, sizeof *tmp);
    uint8_t **before = xcalloc((size_t)np, sizeof *before);
    bool due[MAX_PLAYERS], star[MAX_PLAYERS];
    for (int i = 0; i < np; i++) {
        tmp[newpos[i]] = b->pl[i];
        before[newpos[i]] = g->before[i];
        due[newpos[i]] = g->sheet_due[i];
        star[newpos[i]] = g->star_done[i];
    }
    memcpy(b->pl, tmp, (size_t)np * sizeof *tmp);
    memcpy(g->before, before, (size_t)np * sizeof *before);
    memcpy(g->sheet_due, due, (size_t)np * sizeof(bool));
    memcpy(g->star_done, star, (size_t)np * sizeof(bool));
    free(tmp);
    free(before);
    for (int i = 0; i < b->npc; i++)
        if (b->pc[i].owner >= 0 && b->pc[i].owner < np)
            b->pc[i].owner = newpos[b->pc[i].owner];
    for (int p = 0; p < np; p++)
        for (int k = 0; k < b->pl[p].nreveals; k++)
            if (b->pl[p].reveals[k].owner >= 0 && b->pl[p].reveals[k].owner < np)
                b->pl[p].reveals[k].owner = newpos[b->pl[p].reveals[k].owner];
}

static TurnOutcome start_round1(Game *g);

/* Round 0 is over: starts and turn order settled (position first, then order), round 1 begins. */
static TurnOutcome round0_resolve(Game *g)
{
    Board *b = g->b;
    int np = b->np;
    int pos[MAX_PLAYERS], ord[MAX_PLAYERS], opts[MAX_PLAYERS];
    if (item_gambled(b, GAMBLE_POS)) {
        int n = 0;
        for (int i = 0; i < b->nst && n < MAX_PLAYERS; i++)
            opts[n++] = b->st[i].label;
        resolve_item(b, GAMBLE_POS, opts, n, pos);
    } else {
        for (int i = 0; i < np; i++)
            pos[i] = i + 1;
    }
    if (item_gambled(b, GAMBLE_ORD)) {
        for (int i = 0; i < np; i++)
            opts[i] = i + 1;
        resolve_item(b, GAMBLE_ORD, opts, np, ord);
    } else {
        for (int i = 0; i < np; i++)
            ord[i] = i + 1;
    }
    int newpos[MAX_PLAYERS];
    for (int i = 0; i < np; i++) {
        b->pl[i].start = pos[i];
        newpos[i] = ord[i] - 1;
        int64_t staked = total_stakes(&b->pl[i]);
        if (staked > 0)
            game_ebook(g, i, "-%" PRId64 " staked in round 0", staked);
    }
    reorder_players(g, newpos);
    /* Each player learns their own start and the full turn order, nothing else. */
    Buf order;
    buf_init(&order);
    for (int i = 0; i < np; i++)
        buf_printf(&order, "%s1%c %s", i ? ", " : "", 'a' + i, b->pl[i].id);
    for (int i = 0; i < np; i++) {
        char nm[16];
        int sq = start_sq(b, b->pl[i].start);
        news(b, i, "Round 0 is over: you start on GPC%d%s%s%s. Turn order: %s.", b->pl[i].start, sq >= 0 ? " (" : "",
             sq >= 0 ? board_sq_name(b, sq, nm) : "", sq >= 0 ? ")" : "", order.s);
    }
    buf_free(&order);
    return start_round1(g);
}

/* Resolves round 0 once every player has every gamble in (TURN_BEGINS: round 1 begins). */
static TurnOutcome round0_check(Game *g)
{
    Board *b = g->b;
    if (b->phase != PHASE_ROUND0)
        return TURN_WAITS;
    for (int i = 0; i < b->np; i++)
        if (!clock_round0_done(b, i))
            return TURN_WAITS;
    return round0_resolve(g);
}

/* A player missing gambles at round 0's deadline: "Timeout" = 0E don't care for each. */
static TurnOutcome round0_timeout_player(Game *g, int p)
{
    Board *b = g->b;
    game_record(g, p, "Timeout");
    gamble_fill(b, p);
    news(b, p, "Round 0's deadline passed: your missing gambles were taken as 0E don't care.");
    return round0_check(g);
}

static TurnOutcome round0_deadline(Game *g)
{
    Board *b = g->b;
    TurnOutcome next = TURN_WAITS;
    for (int i = 0; i < b->np && b->phase == PHASE_ROUND0; i++)
        if (!clock_round0_done(b, i))
            next = round0_timeout_player(g, i);
    return b->phase == PHASE_ROUND0 ? round0_check(g) : next;
}

static int round0_gamble(Game *g, int p, const Order *o, TurnOutcome *next)
{
    Board *b = g->b;
    Player *pl = &b->pl[p];
    int kind = o->gkind;
    if (kind < 0) {
        /* "don't care" only: the first item not yet gambled on. */
        for (int k = 0; k < 2 && kind < 0; k++)
            if (item_gambled(b, k) && !pl->gamble[k].set)
                kind = k;
        if (kind < 0) {
            if (item_gambled(b, GAMBLE_POS) != item_gambled(b, GAMBLE_ORD))
                kind = item_gambled(b, GAMBLE_POS) ? GAMBLE_POS : GAMBLE_ORD;
            else
                return refuse(g, "you have gambled on position and on turn order already; name start labels "
                                 "(GPC1) or ordinals (1st) to replace one");
        }
    }
    if (!item_gambled(b, kind))
        return refuse(g, "this game does not gamble for %s", kind == GAMBLE_POS ? "positions" : "turn order");
    for (int i = 0; i < o->nprefs; i++) {
        if (kind == GAMBLE_POS && !start_exists(b, o->prefs[i]))
            return refuse(g, "GPC%d is not a start on this map (GPC1 to GPC%d)", o->prefs[i], b->nst);
        if (kind == GAMBLE_ORD && o->prefs[i] > b->np)
            return refuse(g, "there are only %d players, so %d is not a place in the turn order", b->np,
                          o->prefs[i]);
    }
    int64_t other = pl->gamble[!kind].set ? pl->gamble[!kind].stake : 0;
    if (o->stake > b->par.start_e || other + o->stake > b->par.start_e)
        return refuse(g, "your gambles may stake at most %" PRId64 "E in all (this one would make %" PRId64 "E)",
                      b->par.start_e, other + o->stake);
    bool replaced = pl->gamble[kind].set;
    gamble_put(pl, kind, o->stake, o->prefs, o->nprefs);
    game_record(g, p, o->text);
    reply(g, "Gamble %s: %s (for %s). You have staked %" PRId64 "E; %" PRId64 "E left.",
          replaced ? "replaced" : "received", o->text, kind == GAMBLE_POS ? "your start position" : "turn order",
          total_stakes(pl), pl->e);
    *next = round0_check(g);
    return 0;
}

static int round0_pass(Game *g, int p, const Order *o, TurnOutcome *next)
{
    Board *b = g->b;
    Player *pl = &b->pl[p];
    if (clock_round0_done(b, p))
        return refuse(g, "you have sent every gamble already; send a GAMBLE to replace one");
    gamble_fill(b, p);
    game_record(g, p, o->text);
    reply(g, "Gamble received: PASS (0E, don't care, for every item left). You have staked %" PRId64 "E; %" PRId64
          "E left.",
          total_stakes(pl), pl->e);
    *next = round0_check(g);
    return 0;
}

/* ---- orders ---- */

static int holiday_order(Game *g, int p)
{
    Board *b = g->b;
    if (b->phase != PHASE_PLAY || b->seat != p)
        return refuse(g, "HOLIDAY takes effect on your turn: send it off turn to store it");
    if (b->clock.holiday_since > 0)
        clock_end_holiday(g);
    if (b->pl[p].holiday_left <= 0)
        return refuse(g, "you have no holiday allowance left");
    char d[48];
    start_holiday(g, p);
    reply(g, "Holiday started: the game is suspended until you send an order or your allowance (%s) runs out.",
          fmt_duration(b->pl[p].holiday_left, d, sizeof d));
    return 0;
}

int clock_order(Game *g, int player, const Order *o, TurnOutcome *next)
{
    Board *b = g->b;
    *next = TURN_WAITS;
    memset(&g->fail, 0, sizeof g->fail);
    if (b->phase == PHASE_ENDED)
        return refuse(g, "The game has ended");
    if (b->phase == PHASE_ROUND0) {
        if (o->verb == ORD_GAMBLE)
            return round0_gamble(g, player, o, next);
        if (o->verb == ORD_PASS)
            return round0_pass(g, player, o, next);
        return refuse(g, "It is not your move");
    }
    if (o->verb == ORD_GAMBLE)
        return refuse(g, "GAMBLE is only for round 0");
    if (o->verb == ORD_HOLIDAY)
        return holiday_order(g, player);
    return refuse(g, "%s is not a clock order", order_table[o->verb].verb);
}

/* ---- resign ---- */

TurnOutcome clock_resign(Game *g, int player)
{
    Board *b = g->b;
    if (b->phase == PHASE_ROUND0) {
        clock_round0_resign(g, player);
        return TURN_WAITS;
    }
    if (b->phase == PHASE_PLAY && player == b->seat && b->clock.holiday_since > 0)
        clock_end_holiday(g);
    game_begin_action(g);
    game_record(g, player, "Resign");
    game_eliminate(g, player, PS_RESIGNED, -1);
    game_end_action(g);
    if (b->phase != PHASE_PLAY)
        return TURN_WAITS;
    if (player == b->seat || !board_player_has_turns(b, b->seat))
        return TURN_OVER;
    int active = 0;
    for (int i = 0; i < b->np; i++)
        active += b->pl[i].status == PS_ACTIVE;
    return active <= 1 ? TURN_GAME_OVER : TURN_WAITS;
}

/* ---- replay ---- */

int clock_replay_event(Game *g, int player, const char *text, TurnOutcome *next, Err *err)
{
    Board *b = g->b;
    *next = TURN_WAITS;
    if (strcmp(text, "Timeout") == 0) {
        if (b->phase == PHASE_ROUND0) {
            if (clock_round0_done(b, player))
                return fail(err, "round 0 time-out of a player with every gamble in");
            *next = round0_timeout_player(g, player);
            return 0;
        }
        if (player != b->seat || b->phase != PHASE_PLAY)
            return fail(err, "time-out out of turn");
        Player *pl = &b->pl[player];
        game_begin_action(g);
        game_record(g, player, "Timeout");
        pl->timeouts++;
        pl->timeouts_total++;
        game_event(g, player, EV_PUBLIC, NULL, 0, "%s timed out (%d in a row).", pl->id, pl->timeouts)->own_text =
            xasprintf("You timed out (%d in a row).", pl->timeouts);
        bool forfeit = b->par.max_timeouts > 0 && pl->timeouts >= b->par.max_timeouts;
        game_end_action(g);
        if (!forfeit)
            *next = TURN_OVER;
        return 0;
    }
    if (strcmp(text, "Forfeit") == 0) {
        if (b->phase != PHASE_PLAY)
            return fail(err, "forfeit outside play");
        game_begin_action(g);
        game_record(g, player, "Forfeit");
        game_eliminate(g, player, PS_FORFEIT, -1);
        game_end_action(g);
        *next = TURN_OVER;
        return 0;
    }
    if (strcmp(text, "Resign") == 0) {
        /* Recorded by clock_resign itself. */
        if (b->phase == PHASE_ROUND0 && b->np <= 2)
            return fail(err, "round 0 resign leaving fewer than 2 players");
        *next = clock_resign(g, player);
        return 0;
    }
    if (strncmp(text, "Holiday ", 8) == 0) {
        int64_t secs;
        if (!parse_i64(text + 8, &secs))
            return fail(err, "bad holiday line");
        if (b->phase != PHASE_PLAY || player != b->seat)
            return fail(err, "holiday out of turn");
        /* Only the allowance changes: the suspension itself is clock state. */
        Player *pl = &b->pl[player];
        pl->holiday_left = secs > pl->holiday_left ? 0 : pl->holiday_left - secs;
        game_record(g, player, text);
        return 0;
    }
    return 1;
}

/* ---- time ---- */

bool clock_time_step(Game *g, int64_t until, TurnOutcome *next)
{
    Board *b = g->b;
    if (g->replay)
        return false;
    if (b->phase == PHASE_ROUND0) {
        int64_t dl = b->clock.deadline;
        if (dl <= 0 || dl > until)
            return false;
        g->now = dl;
        *next = round0_deadline(g);
        return true;
    }
    if (b->phase != PHASE_PLAY)
        return false;
    if (b->clock.holiday_since > 0) {
        int64_t left = b->pl[b->seat].holiday_left;
        int64_t end = sat_add(b->clock.holiday_since, left > 0 ? left : 0);
        if (end > until)
            return false;
        /* The holiday ends when the allowance runs out: what follows happens then. */
        g->now = end;
        *next = holiday_expired(g);
        return true;
    }
    int64_t dl = b->clock.deadline;
    if (dl <= 0 || dl > until)
        return false;
    /* The turn ends at its deadline: what follows starts then (SPEC 2.3 lazy processing). */
    g->now = dl;
    *next = deadline_passed(g);
    return true;
}

/* ---- setup ---- */

/* Places the start pieces of the assigned labels; unassigned starts stay empty. */
static void place_starts(Game *g)
{
    Board *b = g->b;
    for (int i = 0; i < b->nspc; i++) {
        StartPiece *s = &b->spc[i];
        int owner = -1;
        for (int p = 0; p < b->np; p++)
            if (b->pl[p].start == s->label)
                owner = p;
        if (owner >= 0 && !board_piece_at(b, s->sq))
            board_add_piece(b, s->sq, owner, &s->g);
    }
    free(b->spc);
    b->spc = NULL;
    b->nspc = 0;
}

/* Round 1 begins: pieces placed, seat 0 (the first in turn order) to move (its turn begins). */
static TurnOutcome start_round1(Game *g)
{
    Board *b = g->b;
    place_starts(g);
    b->phase = PHASE_PLAY;
    b->round = 1;
    b->seat = 0;
    while (b->seat < b->np && !board_player_has_turns(b, b->seat))
        b->seat++;
    return TURN_BEGINS;
}

TurnOutcome clock_begin(Game *g)
{
    Board *b = g->b;
    if (b->par.gamble == GAMBLE_NONE) {
        for (int p = 0; p < b->np; p++)
            b->pl[p].start = p + 1;
        return start_round1(g);
    }
    b->phase = PHASE_ROUND0;
    b->round = 0;
    b->seat = 0;
    b->clock.turn_start = g->now;
    b->clock.holiday_since = 0;
    fresh_deadline(g);
    for (int p = 0; p < b->np; p++)
        g->sheet_due[p] = true;
    return TURN_WAITS;
}

bool clock_round0_done(const Board *b, int player)
{
    const Player *pl = &b->pl[player];
    bool pos = b->par.gamble == GAMBLE_BOTH || b->par.gamble == GAMBLE_POSITION;
    bool ord = b->par.gamble == GAMBLE_BOTH || b->par.gamble == GAMBLE_ORDER;
    return (!pos || pl->gamble[GAMBLE_POS].set) && (!ord || pl->gamble[GAMBLE_ORD].set);
}

bool clock_round0_resign(Game *g, int player)
{
    Board *b = g->b;
    if (b->np - 1 < 2)
        return true;
    game_record(g, player, "Resign");
    char id[USERID_MAX + 1];
    snprintf(id, sizeof id, "%s", b->pl[player].id);
    /* Remove the player entirely: the players array shrinks. */
    Player *gone = &b->pl[player];
    sl_free(&gone->queue);
    sl_free(&gone->news);
    sl_free(&gone->ebook);
    free(gone->reveals);
    free(g->before[player]);
    int np = b->np;
    for (int i = player; i < np - 1; i++) {
        b->pl[i] = b->pl[i + 1];
        g->before[i] = g->before[i + 1];
        g->sheet_due[i] = g->sheet_due[i + 1];
        g->star_done[i] = g->star_done[i + 1];
    }
    g->before[np - 1] = NULL;
    g->sheet_due[np - 1] = false;
    g->star_done[np - 1] = false;
    memset(&b->pl[np - 1], 0, sizeof b->pl[np - 1]);
    b->np = np - 1;
    for (int i = 0; i < b->npc; i++)
        if (b->pc[i].owner > player)
            b->pc[i].owner--;
    /* Round 0 restarts: every gamble is discarded, every stake refunded, a fresh deadline. */
    for (int i = 0; i < b->np; i++) {
        Player *pl = &b->pl[i];
        pl->e = sat_add(pl->e, total_stakes(pl));
        memset(pl->gamble, 0, sizeof pl->gamble);
        pl->gambled_any = false;
        news(b, i, "%s resigned. Round 0 restarts: every gamble was discarded and its stake refunded; send your "
                   "gambles again.",
             id);
        g->sheet_due[i] = true;
    }
    b->seat = 0;
    b->clock.turn_start = g->now;
    fresh_deadline(g);
    return false;
}

/* ---- nag ---- */

void clock_nag(Game *g)
{
    Board *b = g->b;
    if (g->replay || b->clock.nag_sent || b->clock.deadline <= 0 || b->clock.holiday_since > 0)
        return;
    if (b->phase == PHASE_ENDED || b->np <= 0)
        return;
    int64_t period = period_secs(b);
    int64_t lead = period / 2 < 86400 ? period / 2 : 86400;
    if (g->now < b->clock.deadline - lead || g->now >= b->clock.deadline)
        return;
    for (int p = 0; p < b->np; p++)
        g->nag_due[p] = b->phase == PHASE_ROUND0 ? !clock_round0_done(b, p) : p == b->seat;
    b->clock.nag_sent = true;
    g->nagged = true;
}
