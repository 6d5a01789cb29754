/* game: one command's working state over a Board — events and their audiences, turns, E, elimination, scoring, failure handling, replay. */
#include "game.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "sight.h"

void game_init(Game *g, Board *b, int64_t now)
{
    memset(g, 0, sizeof *g);
    g->b = b;
    g->now = now;
    g->actor_player = -1;
    buf_init(&g->reply);
    g->before = xcalloc((size_t)b->np, sizeof *g->before);
    g->sheet_due = xcalloc((size_t)b->np, sizeof(bool));
    g->star_done = xcalloc((size_t)b->np, sizeof(bool));
    g->nag_due = xcalloc((size_t)b->np, sizeof(bool));
}

static void events_clear(Game *g)
{
    for (int i = 0; i < g->nev; i++) {
        Event *e = &g->ev[i];
        free(e->text);
        free(e->own_text);
        for (int k = 0; k < 4; k++)
            free(e->seq[k]);
    }
    g->nev = 0;
}

void game_done(Game *g)
{
    events_clear(g);
    free(g->ev);
    for (int i = 0; i < g->b->np; i++)
        free(g->before[i]);
    free(g->before);
    free(g->sheet_due);
    free(g->star_done);
    free(g->nag_due);
    buf_free(&g->reply);
}

void game_begin_action(Game *g)
{
    Board *b = g->b;
    size_t n = (size_t)b->w * (size_t)b->h;
    for (int p = 0; p < b->np; p++) {
        if (!g->before[p])
            g->before[p] = xmalloc(n);
        sight_compute(b, p, g->before[p]);
    }
    events_clear(g);
    memset(&g->fail, 0, sizeof g->fail);
}

/* Renders ev for reader given the views before and after; NULL when the reader may not hear of it. */
static char *render_event(const Game *g, const Event *ev, int reader, const uint8_t *before, const uint8_t *after)
{
    const Board *b = g->b;
    bool subject = ev->subject == reader;
    if ((ev->flags & EV_PRIVATE) && !subject)
        return NULL;
    bool seen_any = false;
    for (int i = 0; i < ev->nsq; i++)
        if (ev->sq[i] >= 0 && ((before[ev->sq[i]] | after[ev->sq[i]]) & SIGHT_SEEN))
            seen_any = true;
    if (!subject && !(ev->flags & EV_PUBLIC) && !seen_any)
        return NULL;
    const char *t = subject && ev->own_text ? ev->own_text : ev->text;
    Buf o;
    buf_init(&o);
    for (const char *p = t; *p; p++) {
        if (*p == '{') {
            int kind = 's', idx;
            const char *q = p + 1;
            if (*q == 'g' || *q == 'p')
                kind = *q++;
            if (isdigit((unsigned char)*q) && q[1] == '}') {
                idx = *q - '0';
                int sq = idx < ev->nsq ? ev->sq[idx] : -1;
                bool vis = sq >= 0 && ((before[sq] | after[sq]) & SIGHT_SEEN);
                bool dec = sq >= 0 && ((before[sq] | after[sq]) & SIGHT_DECODE);
                char nm[16];
                if (kind == 's') {
                    buf_add(&o, sq < 0 ? "?" : (vis || subject) ? board_sq_name(b, sq, nm) : "a square outside your view");
                } else if (kind == 'g') {
                    if (ev->seq[idx] && (ev->owner[idx] == reader || dec))
                        buf_printf(&o, " %s", ev->seq[idx]);
                } else {
                    int ow = ev->owner[idx];
                    if (ow == reader)
                        buf_add(&o, "your");
                    else if (ow == -2)
                        buf_add(&o, "an orphan");
                    else if (ow >= 0 && ow < b->np)
                        buf_printf(&o, "%s's", b->pl[ow].id);
                    else
                        buf_add(&o, "a");
                }
                p = q + 1;
                continue;
            }
        }
        buf_addn(&o, p, 1);
    }
    char *s = buf_take(&o);
    if (s[0])
        s[0] = (char)toupper((unsigned char)s[0]);
    return s;
}

void game_end_action(Game *g)
{
    Board *b = g->b;
    size_t n = (size_t)b->w * (size_t)b->h;
    uint8_t *after = xmalloc(n);
    for (int p = 0; p < b->np; p++) {
        sight_compute(b, p, after);
        if (!g->before[p]) {
            g->before[p] = xmalloc(n);
            memcpy(g->before[p], after, n);
        }
        for (int i = 0; i < g->nev; i++) {
            char *s = render_event(g, &g->ev[i], p, g->before[p], after);
            if (s)
                sl_push_owned(&b->pl[p].news, s);
        }
    }
    free(after);
    events_clear(g);
}

Event *game_event(Game *g, int subject, int flags, const int *sqs, int nsq, const char *fmt, ...)
{
    if (g->nev == g->capev) {
        g->capev = g->capev ? g->capev * 2 : 16;
        g->ev = xrealloc(g->ev, (size_t)g->capev * sizeof *g->ev);
    }
    Event *e = &g->ev[g->nev++];
    memset(e, 0, sizeof *e);
    e->subject = subject;
    e->flags = flags;
    e->nsq = nsq > 4 ? 4 : nsq;
    for (int i = 0; i < 4; i++) {
        e->sq[i] = i < e->nsq && sqs ? sqs[i] : -1;
        e->owner[i] = -1;
    }
    va_list ap;
    va_start(ap, fmt);
    int len = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    e->text = xmalloc((size_t)len + 1);
    va_start(ap, fmt);
    vsnprintf(e->text, (size_t)len + 1, fmt, ap);
    va_end(ap);
    return e;
}

void game_ebook(Game *g, int player, const char *fmt, ...)
{
    char line[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    sl_push(&g->b->pl[player].ebook, line);
}

void game_add_e(Game *g, int player, int64_t amount, const char *why)
{
    if (amount <= 0)
        return;
    g->b->pl[player].e = sat_add(g->b->pl[player].e, amount);
    game_ebook(g, player, "+%" PRId64 " %s", amount, why);
}

/* ---- failures ---- */

bool game_saw(const Game *g, int sq)
{
    if (g->actor_player < 0 || sq < 0)
        return true;
    const uint8_t *v = g->before[g->actor_player];
    return v && (v[sq] & SIGHT_SEEN);
}

void game_touch(Game *g, int sq)
{
    if (!game_saw(g, sq))
        g->fail.outside = true;
}

int game_fail(Game *g, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(g->fail.msg, sizeof g->fail.msg, fmt, ap);
    va_end(ap);
    g->fail.failed = true;
    return -1;
}

int game_fail_at(Game *g, int sq, const char *what, const char *fmt, ...)
{
    g->fail.failed = true;
    if (!game_saw(g, sq)) {
        /* SPEC 5: a reason about a square outside the view names the square only. */
        char nm[16];
        g->fail.outside = true;
        snprintf(g->fail.msg, sizeof g->fail.msg, "%s at %s (outside your view)", what, board_sq_name(g->b, sq, nm));
        return -1;
    }
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(g->fail.msg, sizeof g->fail.msg, fmt, ap);
    va_end(ap);
    return -1;
}

/* ---- pieces ---- */

void game_reveal(Game *g, Piece *p, const char *why)
{
    if (!p->g.phased)
        return;
    p->g.phased = false;
    int sq = p->sq;
    /* An orphan is nobody's: its former owner is not told as if it were still theirs. */
    bool orphan = board_is_orphan(g->b, p);
    Event *ev = game_event(g, orphan ? -1 : p->owner, 0, &sq, 1, "{p0} phased piece appeared on {0}.");
    ev->owner[0] = orphan ? -2 : p->owner;
    if (!orphan)
        ev->own_text = xasprintf("Your phased piece on {0} was revealed (it %s).", why);
}

void game_eliminate(Game *g, int player, PlayerStatus how, int by)
{
    Board *b = g->b;
    Player *pl = &b->pl[player];
    if (pl->status != PS_ACTIVE && !(how != PS_ELIMINATED && pl->status == PS_ELIMINATED))
        return;
    bool was_active = pl->status == PS_ACTIVE;
    pl->status = how;
    if (was_active) {
        int out = 0;
        for (int i = 0; i < b->np; i++)
            if (b->pl[i].out_seq > out)
                out = b->pl[i].out_seq;
        pl->out_seq = out + 1;
        if (by >= 0 && by != player && how == PS_ELIMINATED)
            b->pl[by].kills++;
    }
    /* Pieces that became orphans are nobody's: a flare marker on them would never expire (their
     * owner's next turn, when it would, may never come); a player left without turns sees nothing. */
    for (int i = 0; i < b->npc; i++)
        if (b->pc[i].owner == player && board_is_orphan(b, &b->pc[i]))
            b->pc[i].g.flare = false;
    if (!board_player_has_turns(b, player)) {
        pl->full_view = pl->full_decode = false;
        pl->full_until[0] = '\0';
        free(pl->reveals);
        pl->reveals = NULL;
        pl->nreveals = 0;
    }
    /* SPEC 7.6: the player is always mailed the news of their own elimination (without ronin they
     * get no other sheet until the final one). */
    g->sheet_due[player] = true;
    static const char *const verb[] = {"", "was eliminated", "resigned", "forfeited"};
    if (by >= 0 && how == PS_ELIMINATED)
        game_event(g, player, EV_PUBLIC, NULL, 0, "%s %s: their King was captured by %s.", pl->id, verb[how],
                   b->pl[by].id);
    else
        game_event(g, player, EV_PUBLIC, NULL, 0, "%s %s.", pl->id, verb[how]);
}

void game_kill(Game *g, int sq, int killer, bool cap)
{
    Board *b = g->b;
    Piece *p = board_piece_at(b, sq);
    if (!p)
        return;
    int owner = p->owner;
    bool king = p->g.n[GENE_K] > 0;
    bool phased = p->g.phased;
    Event *ev = game_event(g, owner, phased ? EV_PRIVATE : 0, &sq, 1, "{p0} piece{g0} on {0} was destroyed.");
    ev->owner[0] = board_is_orphan(b, p) ? -2 : owner;
    ev->seq[0] = genome_str(&p->g, false);
    board_remove_piece(b, sq);
    if (king && cap && b->pl[owner].status == PS_ACTIVE)
        game_eliminate(g, owner, PS_ELIMINATED, killer);
}

bool game_after_change(Game *g, int sq)
{
    Piece *p = board_piece_at(g->b, sq);
    if (!p)
        return false;
    if (genome_viable(&p->g))
        return true;
    /* pieces.txt A: a piece losing its final A (and no K) is destroyed at once. */
    game_kill(g, sq, -1, false);
    return false;
}

bool game_shield(Game *g, int sq, const char *what)
{
    Piece *p = board_piece_at(g->b, sq);
    if (!p || !p->g.n[GENE_W])
        return false;
    p->g.n[GENE_W]--;
    bool orphan = board_is_orphan(g->b, p);
    Event *ev = game_event(g, orphan ? -1 : p->owner, p->g.phased ? EV_PRIVATE : 0, &sq, 1,
                           "{p0} piece on {0} resisted %s with its shield (W).", what);
    ev->owner[0] = orphan ? -2 : p->owner;
    if (!genome_viable(&p->g))
        game_after_change(g, sq);
    return true;
}

/* ---- turns ---- */

void game_record(Game *g, int player, const char *text)
{
    char label[16];
    board_turn_label(g->b, label);
    char *line = xasprintf("%s %s %s", label, player >= 0 ? g->b->pl[player].id : "-", text);
    sl_push_owned(&g->b->moves, line);
}

int game_score(const Board *b, int player)
{
    const Player *p = &b->pl[player];
    int score = 10 * p->kills;
    for (int i = 0; i < b->np; i++)
        if (i != player && b->pl[i].out_seq > 0 && (p->out_seq == 0 || b->pl[i].out_seq < p->out_seq))
            score++;
    return score;
}

int game_winner(const Board *b, int *best)
{
    int top = -1, ntop = 0, who = -1;
    for (int i = 0; i < b->np; i++) {
        int s = game_score(b, i);
        if (s > top)
            top = s, ntop = 1, who = i;
        else if (s == top)
            ntop++;
    }
    *best = top;
    return ntop == 1 ? who : -1;
}

static int active_players(const Board *b)
{
    int n = 0;
    for (int i = 0; i < b->np; i++)
        if (b->pl[i].status == PS_ACTIVE)
            n++;
    return n;
}

void game_finish(Game *g)
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

static int64_t deadline_secs(const Board *b)
{
    return b->par.deadline_h * 3600;
}

/* Sets a full deadline from now. */
static void fresh_deadline(Game *g)
{
    g->b->clock.deadline = g->now + deadline_secs(g->b);
    g->b->clock.nag_sent = false;
}

void game_start_turn(Game *g)
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
    game_fire_specials(g, p);
    game_end_action(g);
    if (!board_player_has_turns(b, p)) {
        /* A ronin's last piece died in step 3: no turn left, so the seat is skipped (SPEC 7.2). */
        game_next_turn(g);
        return;
    }
    b->clock.turn_start = g->now;
    b->clock.fresh_used = false;
    b->clock.holiday_since = 0;
    fresh_deadline(g);
    if (g->replay)
        return;
    /* 7.2 (4): a stored HOLIDAY or * order at the head of the queue. */
    if (clock_turn_queue(g))
        return;
    /* 7.2 (5): sheets for everyone; the clock runs. */
    clock_turn_waits(g);
}

void game_next_turn(Game *g)
{
    Board *b = g->b;
    if (b->phase != PHASE_PLAY)
        return;
    if (active_players(b) <= 1) {
        game_finish(g);
        return;
    }
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
    game_start_turn(g);
}

int game_play(Game *g, int player, const Order *o, bool from_queue)
{
    Board *b = g->b;
    game_begin_action(g);
    g->actor_player = player;
    int rc = order_execute(g, player, o);
    g->actor_player = -1;
    if (rc == ORDER_REFUSED) {
        events_clear(g);
        return ORDER_REFUSED;
    }
    char *line = xasprintf("%s%s%s", o->text, from_queue ? " (Auto)" : "", rc < 0 ? " (Failed)" : "");
    game_record(g, player, line);
    free(line);
    if (rc == 0) {
        b->pl[player].timeouts = 0; /* SPEC 7.6: only consecutive time-outs count */
        game_end_action(g);
        game_next_turn(g);
        return 0;
    }
    game_end_action(g);
    /* SPEC 7.3 failed orders: (i) all squares in view: a fresh full deadline, once per turn. */
    if (!g->fail.outside && !b->clock.fresh_used && !g->replay) {
        b->clock.fresh_used = true;
        fresh_deadline(g);
    }
    g->sheet_due[player] = true;
    return -1;
}

/* ---- replay ---- */

int game_apply_line(Game *g, const char *line, Err *err)
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
    int rc = clock_replay_event(g, p, text, autom, err);
    if (rc == 1) {
        Order o;
        if (order_parse(b, text, &o, err) < 0) {
            free(text);
            return -1;
        }
        if (b->phase == PHASE_ROUND0 || o.verb == ORD_GAMBLE || o.verb == ORD_HOLIDAY)
            rc = clock_order(g, p, &o, autom) == ORDER_REFUSED ? fail(err, "order refused on replay: %s", g->fail.msg) : 0;
        else if (b->phase != PHASE_PLAY || p != b->seat)
            rc = fail(err, "order out of turn");
        else
            rc = game_play(g, p, &o, autom) == ORDER_REFUSED ? fail(err, "order refused on replay: %s", g->fail.msg) : 0;
        order_free(&o);
    }
    free(text);
    return rc;
}

int game_replay(const Board *b, int upto, Board **out, Err *err)
{
    *out = NULL;
    if (!b->initial)
        return fail(err, "this board has no initial snapshot to replay from");
    for (int i = b->initial_base; i < b->moves.n; i++)
        if (strstr(b->moves.v[i], " admin EDIT") && (upto < 0 || i < upto))
            return fail(err, "history before an admin edit is not replayable");
    if (upto >= 0 && upto < b->initial_base)
        return fail(err, "history before an admin edit is not replayable");
    Err e2;
    Board *r = board_parse(b->initial, "initial", &e2);
    if (!r)
        return fail(err, "the initial snapshot does not load: %s", e2.msg);
    sl_clear(&r->moves);
    for (int i = 0; i < b->initial_base; i++)
        sl_push(&r->moves, b->moves.v[i]);
    Game g;
    game_init(&g, r, b->clock.created);
    g.replay = true;
    int last = upto < 0 || upto > b->moves.n ? b->moves.n : upto;
    for (int i = b->initial_base; i < last; i++) {
        if (game_apply_line(&g, b->moves.v[i], &e2) < 0) {
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
