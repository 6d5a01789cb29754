/* game: one command's working state over a Board and the per-action core of the rules — events and their audiences, E, reveal, kill, shield, elimination, failure, the moves record, scoring. */
#include "game.h"

#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
        free(e->codes);
        for (int k = 0; k < 4; k++)
            free(e->seq[k]);
    }
    g->nev = 0;
}

void game_drop_events(Game *g)
{
    events_clear(g);
}

void game_done(Game *g)
{
    events_clear(g);
    for (int i = 0; i < g->nlater; i++)
        free(g->later[i].text);
    free(g->later);
    free(g->ev);
    for (int i = 0; i < g->b->np; i++)
        free(g->before[i]);
    free(g->before);
    free(g->sight_key);
    free(g->sight_maps);
    free(g->sheet_due);
    free(g->star_done);
    free(g->nag_due);
    free(g->pre);
    free(g->kept);
    buf_free(&g->reply);
}

/* Every player's view map now into m[p]: the maps made last when nothing they are made of changed since
 * (sight_key), else made afresh and kept: a PASS makes them once for all its actions' starts and ends. */
static void game_sight(Game *g, uint8_t *const *m)
{
    const Board *b = g->b;
    size_t n = (size_t)b->w * (size_t)b->h;
    int len = sight_key_len(b), *key = xmalloc((size_t)len * sizeof *key);
    sight_key(b, key);
    if (g->sight_key && len == g->nsight_key && memcmp(key, g->sight_key, (size_t)len * sizeof *key) == 0) {
        for (int p = 0; p < b->np; p++)
            memcpy(m[p], g->sight_maps + (size_t)p * n, n);
        free(key);
        return;
    }
    sight_compute_all(b, m);
    free(g->sight_key);
    g->sight_key = key;
    g->nsight_key = len;
    g->sight_maps = xrealloc(g->sight_maps, (size_t)b->np * n + 1);
    for (int p = 0; p < b->np; p++)
        memcpy(g->sight_maps + (size_t)p * n, m[p], n);
}

void game_begin_action(Game *g)
{
    Board *b = g->b;
    size_t n = (size_t)b->w * (size_t)b->h;
    board_start_fix(b); /* the maps begin from the terrain before the first action (contract 8) */
    for (int p = 0; p < b->np; p++)
        if (!g->before[p])
            g->before[p] = xmalloc(n);
    game_sight(g, g->before);
    if (g->cappre < b->npc) {
        g->cappre = b->npc;
        g->pre = xrealloc(g->pre, (size_t)g->cappre * 2 * sizeof *g->pre);
    }
    for (int i = 0; i < b->npc; i++) {
        const Piece *pc = &b->pc[i];
        g->pre[2 * i] = pc->sq;
        g->pre[2 * i + 1] = pc->g.phased ? -3 : board_is_orphan(b, pc) ? -2 : pc->owner;
    }
    g->npre = b->npc;
    g->pre_taken = true;
    g->nkept = 0;
    events_clear(g);
    memset(&g->fail, 0, sizeof g->fail);
}

void game_keep_in_view(Game *g, int player, int sq)
{
    if (g->nkept == g->capkept) {
        g->capkept = g->capkept ? g->capkept * 2 : 8;
        g->kept = xrealloc(g->kept, (size_t)g->capkept * 2 * sizeof *g->kept);
    }
    g->kept[2 * g->nkept] = player;
    g->kept[2 * g->nkept + 1] = sq;
    g->nkept++;
}

/* Player p remembers the terrain of every square they saw just before or just after the action, as it is
 * after it: the change of a square they saw, and nothing of one they did not (contract 8: their map, by the
 * same views as the news). */
static void remember_terrain(Board *b, int p, const uint8_t *before, const uint8_t *after, bool as_started)
{
    size_t n = (size_t)b->w * (size_t)b->h;
    const char *known = board_known(b, p);
    if (as_started && !b->pl[p].known)
        return; /* they know the start, and the terrain is the start's: nothing to learn (the common case) */
    for (size_t sq = 0; sq < n; sq++)
        if (((before[sq] | after[sq]) & SIGHT_SEEN) && known[sq] != b->ter[sq]) {
            board_known_set(b, p, (int)sq, b->ter[sq]);
            known = board_known(b, p); /* the player's own copy, once made */
        }
}

/* here: the code of the special on each square now (w*h, 0 none; malloc'd), or NULL when no player can learn or
 * forget one this action: round 0 shows no special (contract 8), and a board without specials whose players
 * remember none has nothing to tell. */
static uint8_t *specials_here(const Board *b)
{
    bool any = b->nsp > 0;
    for (int p = 0; !any && p < b->np; p++)
        any = b->pl[p].kspecial != NULL;
    if (!any || b->phase == PHASE_ROUND0)
        return NULL;
    uint8_t *here = xcalloc((size_t)b->w * (size_t)b->h, 1);
    for (int i = 0; i < b->nsp; i++)
        here[b->sp[i].sq] = (uint8_t)b->sp[i].code;
    return here;
}

/* Player p remembers the special of every square they saw just before or just after the action as it is after
 * it (here), none included: as their terrain (contract 8: their map; ruling 62). */
static void remember_specials(Board *b, int p, const uint8_t *before, const uint8_t *after, const uint8_t *here)
{
    /* only the squares of a special now or of one remembered can change: those of b->sp, then the memory's */
    for (int i = 0; i < b->nsp; i++) {
        int sq = b->sp[i].sq;
        if (((before[sq] | after[sq]) & SIGHT_SEEN) && board_known_special(b, p, sq) != here[sq])
            board_known_special_set(b, p, sq, here[sq]);
    }
    for (int sq = board_known_special_next(b, p, 0); sq >= 0; sq = board_known_special_next(b, p, sq + 1))
        if (((before[sq] | after[sq]) & SIGHT_SEEN) && board_known_special(b, p, sq) != here[sq])
            board_known_special_set(b, p, sq, here[sq]);
}

enum { SIGHT_NEWS_MAX = 8 }; /* pieces named one by one per action and way; the rest are counted */

/* News of sight (contract 8): the pieces of others (and orphans) that came into the reader's view during the
 * action, or went out of it, without moving themselves (a piece that moved is told by its own event). Only
 * squares the reader sees just after (came) or just before (went) are named. */
/* The squares news of sight may name, for every reader alike: in reading order, each square holding, just
 * before the action and now, the same unphased piece that did not move, of the same owner (or an orphan) — or
 * of an owner eliminated by the action, an orphan now (ruling 57: it is told; it has no event of its own). */
typedef struct GameStill {
    int *sq, *owner, *was; /* the square; its piece's owner now, and just before (-2: an orphan) */
    int n;
} GameStill;

static GameStill game_still(const Game *g, const uint8_t *moved, const int *pre_owner)
{
    const Board *b = g->b;
    int n = b->w * b->h;
    GameStill st = {0}; /* at most one square per piece taken before (Game.pre) */
    st.sq = xmalloc((size_t)g->npre * sizeof *st.sq + 1);
    st.owner = xmalloc((size_t)g->npre * sizeof *st.owner + 1);
    st.was = xmalloc((size_t)g->npre * sizeof *st.was + 1);
    for (int s = 0; s < n; s++) {
        int was = pre_owner[s];
        if (was < -2 || was == -1 || moved[s])
            continue;
        const Piece *pc = board_piece_at(b, s);
        if (!pc || pc->g.phased)
            continue;
        int now = board_is_orphan(b, pc) ? -2 : pc->owner;
        if (now != was && !(was >= 0 && now == -2))
            continue; /* another piece, or a conversion: told by its event */
        st.sq[st.n] = s, st.owner[st.n] = now, st.was[st.n++] = was;
    }
    return st;
}

static void game_sight_news(Game *g, int reader, const uint8_t *before, const uint8_t *after, const GameStill *st)
{
    Board *b = g->b;
    if (b->phase != PHASE_PLAY || !board_player_has_turns(b, reader))
        return;
    if (memcmp(before, after, (size_t)b->w * (size_t)b->h) == 0)
        return; /* the view did not change (the common case): nothing came into it or went out of it */
    for (int way = 0; way < 2; way++) { /* 0: came into view, 1: went out of it */
        int told = 0, more = 0;
        for (int i = 0; i < st->n; i++) {
            int s = st->sq[i], who = way == 0 ? st->owner[i] : st->was[i]; /* as seen just after, just before */
            if (who == reader)
                continue;
            bool saw = before[s] & SIGHT_SEEN, sees = after[s] & SIGHT_SEEN;
            if (way == 0 ? saw || !sees : !saw || sees)
                continue;
            if (told == SIGHT_NEWS_MAX) {
                more++;
                continue;
            }
            board_news_take(&b->pl[reader].news, NEWS_EVENT,
                            event_sight_say(b, who, board_piece_at(b, s),
                                            (way == 0 ? after[s] : before[s]) & SIGHT_DECODE, s, way == 0));
            told++;
        }
        if (more)
            board_news_take(&b->pl[reader].news, NEWS_EVENT, event_sight_more(more, way == 0));
    }
}

void game_end_action(Game *g)
{
    Board *b = g->b;
    size_t n = (size_t)b->w * (size_t)b->h;
    uint8_t *all = xmalloc(n * (size_t)b->np + 1), *moved = xcalloc(n, 1);
    uint8_t **afters = xmalloc((size_t)b->np * sizeof *afters + 1);
    for (int p = 0; p < b->np; p++)
        afters[p] = all + (size_t)p * n;
    game_sight(g, afters); /* every map first: nothing below changes what a piece sees */
    board_start_fix(b);
    bool as_started = b->start && memcmp(b->ter, b->start, n) == 0;
    int *pre_owner = NULL; /* per square, its piece's owner just before (-1 none; see Game.pre) */
    if (g->pre_taken) {
        pre_owner = xmalloc(n * sizeof *pre_owner);
        memset(pre_owner, 0xff, n * sizeof *pre_owner);
        for (int i = 0; i < g->npre; i++)
            pre_owner[g->pre[2 * i]] = g->pre[2 * i + 1];
    }
    /* squares a piece arrived on or left during the action: news of sight leaves those to their events */
    for (int i = 0; i < g->nev; i++)
        for (int k = 0; k < g->ev[i].nsq; k++) {
            const Event *e = &g->ev[i];
            if (e->pre[k] != e->post[k]) {
                if (e->pre[k] >= 0)
                    moved[e->pre[k]] = 1;
                if (e->post[k] >= 0)
                    moved[e->post[k]] = 1;
            }
        }
    GameStill still = pre_owner ? game_still(g, moved, pre_owner) : (GameStill){0};
    uint8_t *here = specials_here(b);
    for (int p = 0; p < b->np; p++) {
        uint8_t *after = afters[p];
        if (!g->before[p]) {
            g->before[p] = xmalloc(n);
            memcpy(g->before[p], after, n);
        }
        for (int k = 0; k < g->nkept; k++) /* a captured piece saw its captor arrive */
            if (g->kept[2 * k] == p)
                after[g->kept[2 * k + 1]] |= g->before[p][g->kept[2 * k + 1]];
        remember_terrain(b, p, g->before[p], after, as_started);
        if (here)
            remember_specials(b, p, g->before[p], after, here);
        for (int i = 0; i < g->nev; i++) {
            char *s = event_render(b, &g->ev[i], p, g->before[p], after);
            if (s)
                board_news_take(&b->pl[p].news, NEWS_EVENT, s);
        }
        if (pre_owner)
            game_sight_news(g, p, g->before[p], after, &still);
    }
    free(still.sq);
    free(still.owner);
    free(still.was);
    free(here);
    free(afters);
    free(all);
    free(moved);
    free(pre_owner);
    g->pre_taken = false; /* the next action takes its own */
    g->nkept = 0;
    events_clear(g);
}

Event *game_event(Game *g, EventKind kind, int subject, int flags, const int *sqs, int nsq)
{
    if (g->nev == g->capev) {
        g->capev = g->capev ? g->capev * 2 : 16;
        g->ev = xrealloc(g->ev, (size_t)g->capev * sizeof *g->ev);
    }
    Event *e = &g->ev[g->nev++];
    memset(e, 0, sizeof *e);
    e->kind = kind;
    e->who[0] = e->who[1] = e->at = -1;
    e->verb = ORD_COUNT;
    e->subject = subject;
    e->flags = flags;
    e->nsq = nsq > 4 ? 4 : nsq;
    for (int i = 0; i < 4; i++) {
        e->sq[i] = i < e->nsq && sqs ? sqs[i] : -1;
        e->pre[i] = e->post[i] = e->sq[i];
        e->owner[i] = -1;
    }
    e->actor = g->actor_player;
    return e;
}

void game_ev_why(Event *ev, EventWhy why)
{
    ev->what = why.what;
    ev->special = why.special;
    ev->verb = why.verb;
}

void game_ev_moved(Event *ev, int i, int from, int to)
{
    ev->pre[i] = from;
    ev->post[i] = to;
}

void game_ebook(Game *g, int player, EbookLine line)
{
    board_news_take(&g->b->pl[player].ebook, NEWS_EVENT, event_ebook_say(g->b, &line));
}

void game_add_e(Game *g, int player, EbookLine line)
{
    if (line.amount <= 0)
        return;
    g->b->pl[player].e = sat_add(g->b->pl[player].e, line.amount);
    game_ebook(g, player, line);
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

int game_fail_why(Game *g, int sq, FailReason why)
{
    why.hidden_at = -1;
    if (sq >= 0 && !game_saw(g, sq)) {
        g->fail.outside = true;
        if (failure_hidden_word(why.code))
            why.hidden_at = sq;
    }
    g->fail.failed = true;
    g->fail.why = why;
    return -1;
}

int game_refuse_why(Game *g, FailReason why)
{
    game_fail_why(g, -1, why);
    g->fail.refused = true;
    return ORDER_REFUSED;
}

void game_reply(Game *g, const char *fmt, ...)
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

void game_tell_all(Game *g)
{
    for (int i = 0; i < g->b->np; i++)
        if (board_player_has_turns(g->b, i))
            g->sheet_due[i] = true;
}

void game_news(Board *b, int player, NewsKind kind, const char *fmt, ...)
{
    char line[ERR_MAX + 256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    board_news_add(&b->pl[player].news, kind, line);
}

/* ---- pieces ---- */

void game_reveal(Game *g, Piece *p, EventWhy why)
{
    assert(board_piece_valid(g->b, p));
    if (!p->g.phased)
        return;
    p->g.phased = false;
    int sq = p->sq;
    /* An orphan is nobody's: its former owner is not told as if it were still theirs. */
    bool orphan = board_is_orphan(g->b, p);
    Event *ev = game_event(g, EVENT_REVEALED, orphan ? -1 : p->owner, 0, &sq, 1);
    ev->owner[0] = orphan ? -2 : p->owner;
    game_ev_why(ev, why);
}

/* Eliminates player: status, out order, kills, orphans' markers, views; their sheet is due. */
static void eliminate(Game *g, int player, PlayerStatus how, int by)
{
    Board *b = g->b;
    Player *pl = &b->pl[player];
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
    /* contract 14.7: the player is always mailed the news of their own elimination (without ronin they
     * get no other sheet until the final one). */
    g->sheet_due[player] = true;
}

/* Whether player may be eliminated now as how says (an eliminated ronin may still resign or forfeit). */
static bool may_eliminate(const Player *pl, PlayerStatus how)
{
    return pl->status == PS_ACTIVE || (how != PS_ELIMINATED && pl->status == PS_ELIMINATED);
}

void game_eliminate_told(Game *g, int player, PlayerStatus how, int by)
{
    if (may_eliminate(&g->b->pl[player], how))
        eliminate(g, player, how, by);
}

void game_eliminate(Game *g, int player, PlayerStatus how, int by)
{
    Board *b = g->b;
    Player *pl = &b->pl[player];
    if (!may_eliminate(pl, how))
        return;
    eliminate(g, player, how, by);
    static const EventKind kind[] = {[PS_ELIMINATED] = EVENT_ELIMINATED, [PS_RESIGNED] = EVENT_RESIGNED,
                                     [PS_FORFEIT] = EVENT_FORFEITED};
    Event *ev;
    if (by >= 0 && how == PS_ELIMINATED) {
        /* a King captured out of everyone's sight but the capturer's (a phased one): the capture itself is told
         * by the rules of contract 14.3; the elimination is everyone's news */
        ev = game_event(g, EVENT_ELIMINATED_BY, player, EV_PUBLIC, NULL, 0);
        ev->actor = by;
        ev->who[1] = by;
    } else {
        ev = game_event(g, kind[how], player, EV_PUBLIC, NULL, 0);
    }
    ev->who[0] = player;
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
    /* An orphan is nobody's: its former owner hears of it only through their view (contract 14.6). */
    bool orphan = board_is_orphan(b, p);
    Event *ev = game_event(g, EVENT_DESTROYED, orphan ? -1 : owner, phased ? EV_PRIVATE : 0, &sq, 1);
    ev->owner[0] = orphan ? -2 : owner;
    ev->seq[0] = piece_str(&p->g, false);
    game_ev_moved(ev, 0, sq, -1);
    board_remove_piece(b, sq);
    if (king && cap && b->pl[owner].status == PS_ACTIVE)
        game_eliminate(g, owner, PS_ELIMINATED, killer);
}

bool game_after_change(Game *g, int sq)
{
    Piece *p = board_piece_at(g->b, sq);
    if (!p)
        return false;
    if (piece_viable(&p->g))
        return true;
    /* pieces.txt A: a piece losing its final A (and no K) is destroyed at once. */
    game_kill(g, sq, -1, false);
    return false;
}

bool game_shield(Game *g, int sq, EventWhy what)
{
    return game_shield_as(g, sq, what, SHIELD_WITHSTOOD);
}

bool game_shield_as(Game *g, int sq, EventWhy what, ShieldBlind blind)
{
    Piece *p = board_piece_at(g->b, sq);
    if (!p || !p->g.n[GENE_W])
        return false;
    p->g.n[GENE_W]--;
    bool orphan = board_is_orphan(g->b, p);
    /* contract 8: W is a code; a reader who does not decode the piece reads what a code loss reads. */
    static const EventKind kind[] = {[SHIELD_WITHSTOOD] = EVENT_SHIELD, [SHIELD_RADIATION] = EVENT_SHIELD_RADIATION,
                                     [SHIELD_IRRADIATED] = EVENT_SHIELD_IRRADIATED,
                                     [SHIELD_UNSEEN] = EVENT_SHIELD_UNSEEN};
    Event *ev = game_event(g, kind[blind], orphan ? -1 : p->owner, p->g.phased ? EV_PRIVATE : 0, &sq, 1);
    ev->owner[0] = orphan ? -2 : p->owner;
    game_ev_why(ev, what);
    if (!piece_viable(&p->g))
        game_after_change(g, sq);
    return true;
}

/* ---- turns ---- */

void game_record(Game *g, int player, MoveRecord r)
{
    board_turn_label(g->b, r.label);
    snprintf(r.who, sizeof r.who, "%s", player >= 0 ? g->b->pl[player].id : "-");
    sl_push_owned(&g->b->moves, movelist_format(&r));
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

void game_defer_news(Game *g, int player, NewsKind kind, char *text)
{
    if (g->nlater == g->caplater) {
        g->caplater = g->caplater ? g->caplater * 2 : 8;
        g->later = xrealloc(g->later, (size_t)g->caplater * sizeof *g->later);
    }
    g->later[g->nlater++] = (DeferredNews){player, kind, text};
}

void game_tell_deferred(Game *g)
{
    while (g->nlater > 0) {
        DeferredNews *d = &g->later[--g->nlater];
        board_news_take(&g->b->pl[d->player].news, d->kind, d->text);
    }
}

/* ---- pieces in events: the order handlers' words ---- */

/* The {pN} owner of a piece: -2 for an orphan. */
int game_owner_word(const Board *b, const Piece *p)
{
    return board_is_orphan(b, p) ? -2 : p->owner;
}

/* The player always told about a piece: its owner, nobody for an orphan. */
int game_piece_subject(const Board *b, const Piece *p)
{
    return board_is_orphan(b, p) ? -1 : p->owner;
}

/* Sets token i of ev to the piece p (owner word and sequence as it is now). */
void game_ev_piece(Event *ev, int i, const Board *b, const Piece *p)
{
    ev->owner[i] = game_owner_word(b, p);
    free(ev->seq[i]);
    ev->seq[i] = piece_str(&p->g, false);
}
