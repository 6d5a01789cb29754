/* game: one command's working state over a Board and the per-action core of the rules — events and their audiences, E, reveal, kill, shield, elimination, failure, the moves record, scoring. */
#include "game.h"

#include <assert.h>
#include <ctype.h>
#include <inttypes.h>
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
        free(e->text);
        free(e->own_text);
        free(e->blind_text);
        free(e->actor_text);
        free(e->far_text);
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

/* Whether the rendered text s (of template t) opens with a userid, which is written as the board holds
 * it ("cat timed out", "cat's piece"), never capitalised like the first word of a sentence: a template that
 * opens with a token opens with a userid when that token named its owner (named0). */
static bool opens_with_userid(const Board *b, const char *t, const char *s, bool named0)
{
    if (t[0] == '{')
        return named0;
    for (int i = 0; i < b->np; i++) {
        size_t n = strlen(b->pl[i].id);
        if (n && strncmp(s, b->pl[i].id, n) == 0 && !isalnum((unsigned char)s[n]))
            return true;
    }
    return false;
}

/* The view bits the reader has of the piece of token i: its square before, its square after. */
static uint8_t piece_bits(const Event *ev, int i, const uint8_t *before, const uint8_t *after)
{
    uint8_t bits = 0;
    if (ev->pre[i] >= 0)
        bits |= before[ev->pre[i]];
    if (ev->post[i] >= 0)
        bits |= after[ev->post[i]];
    return bits;
}

/* True when the reader may hear of ev (contract 8: only through squares in view just before or after). */
static bool event_reaches(const Event *ev, int reader, const uint8_t *before, const uint8_t *after)
{
    if (ev->subject == reader)
        return true;
    if (ev->flags & EV_PRIVATE)
        return false;
    if (ev->flags & EV_PUBLIC)
        return true;
    int n = (ev->flags & EV_AT0) ? 1 : ev->nsq;
    for (int i = 0; i < n; i++)
        if (ev->sq[i] >= 0 && ((before[ev->sq[i]] | after[ev->sq[i]]) & SIGHT_SEEN))
            return true;
    return false;
}

/* Appends token kind/idx of ev as the reader may read it; true when it named a player ("bob's"). */
static bool render_token(Buf *o, const Game *g, const Event *ev, int kind, int idx, int reader, const uint8_t *before,
                         const uint8_t *after)
{
    const Board *b = g->b;
    int sq = idx < ev->nsq ? ev->sq[idx] : -1;
    int ow = ev->owner[idx];
    if (kind == 's') {
        char nm[16];
        /* The subject is told where its own pieces are and where its specials acted, never another's square. */
        bool seen = sq >= 0 && ((before[sq] | after[sq]) & SIGHT_SEEN);
        bool vis = seen || (ev->subject == reader && (ow == reader || ow == -1));
        buf_add(o, sq < 0 ? "?" : vis ? board_sq_name(b, sq, nm) : "a square outside your view");
        if (vis && !seen && ow == -1) /* contract 8: a square out of view is named, nothing said of it */
            buf_add(o, " (outside your view)");
        return false;
    }
    uint8_t bits = piece_bits(ev, idx, before, after);
    for (int i = 0; i < ev->nsq && kind == 'p' && (ev->flags & EV_KIN); i++)
        bits |= piece_bits(ev, i, before, after) & SIGHT_SEEN;
    if (kind == 'g') {
        if (ev->seq[idx] && (ow == reader || (bits & SIGHT_DECODE)))
            buf_printf(o, " %s", ev->seq[idx]);
    } else if (ow == reader) {
        buf_add(o, "your");
    } else if (!(bits & SIGHT_SEEN)) {
        buf_add(o, "a"); /* contract 8: an owner is named only when the piece is seen */
    } else if (ow == -2) {
        buf_add(o, "an orphan");
    } else if (ow >= 0 && ow < b->np) {
        buf_printf(o, "%s's", b->pl[ow].id);
        return true;
    } else {
        buf_add(o, "a");
    }
    return false;
}

/* Renders ev for reader given the views before and after; NULL when the reader may not hear of it. */
static char *render_event(const Game *g, const Event *ev, int reader, const uint8_t *before, const uint8_t *after)
{
    bool subject = ev->subject == reader, actor = !subject && ev->actor == reader && ev->actor_text;
    const char *t = subject && ev->own_text ? ev->own_text : actor ? ev->actor_text : ev->text;
    if (!event_reaches(ev, reader, before, after)) {
        if (!ev->far_text)
            return NULL;
        t = ev->far_text; /* told to everyone: those who did not see it read what anyone may know */
    } else if (!*t) {
        return NULL; /* nothing for this reader: another line tells them */
    } else if (!subject && !actor && ev->blind_text && ev->owner[ev->blind_tok] != reader &&
               !(piece_bits(ev, ev->blind_tok, before, after) & SIGHT_DECODE)) {
        t = ev->blind_text;
        if (!*t)
            return NULL;
    }
    Buf o;
    buf_init(&o);
    bool named0 = false; /* the token the text opens with named a player */
    for (const char *p = t; *p; p++) {
        if (*p == '{') {
            int kind = 's';
            const char *q = p + 1;
            if (*q == 'g' || *q == 'p')
                kind = *q++;
            if (isdigit((unsigned char)*q) && q[1] == '}' && *q - '0' < 4) {
                bool named = render_token(&o, g, ev, kind, *q - '0', reader, before, after);
                named0 |= p == t && named;
                p = q + 1;
                continue;
            }
        }
        buf_addn(&o, p, 1);
    }
    char *s = buf_take(&o);
    if (s[0] && !opens_with_userid(g->b, t, s, named0))
        s[0] = (char)toupper((unsigned char)s[0]);
    return s;
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

/* The words for a piece of news of sight: "bob's piece" (with its sequence when decoded), "An orphan piece". */
static void game_sight_piece(const Board *b, int owner, const Piece *pc, bool decoded, Buf *o)
{
    if (owner == -2)
        buf_add(o, "An orphan piece");
    else
        buf_printf(o, "%s's piece", b->pl[owner].id);
    if (decoded) {
        char *seq = piece_str(&pc->g, false);
        buf_printf(o, " %s", seq);
        free(seq);
    }
}

enum { SIGHT_NEWS_MAX = 8 }; /* pieces named one by one per action and way; the rest are counted */

/* News of sight (contract 8): the pieces of others (and orphans) that came into the reader's view during the
 * action, or went out of it, without moving themselves (a piece that moved is told by its own event). Only
 * squares the reader sees just after (came) or just before (went) are named. */
/* The squares news of sight may name, for every reader alike: in reading order, each square holding, just
 * before the action and now, the same owner's (or an orphan) unphased piece that did not move. */
typedef struct GameStill {
    int *sq, *owner; /* the square; its piece's owner (-2: an orphan) */
    int n;
} GameStill;

static GameStill game_still(const Game *g, const uint8_t *moved, const int *pre_owner)
{
    const Board *b = g->b;
    int n = b->w * b->h;
    GameStill st = {0}; /* at most one square per piece taken before (Game.pre) */
    st.sq = xmalloc((size_t)g->npre * sizeof *st.sq + 1);
    st.owner = xmalloc((size_t)g->npre * sizeof *st.owner + 1);
    for (int s = 0; s < n; s++) {
        int was = pre_owner[s];
        if (was < -2 || was == -1 || moved[s])
            continue;
        const Piece *pc = board_piece_at(b, s);
        if (!pc || pc->g.phased)
            continue;
        int now = board_is_orphan(b, pc) ? -2 : pc->owner;
        if (now != was)
            continue; /* another piece, or a conversion: told by its event */
        st.sq[st.n] = s, st.owner[st.n++] = now;
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
            int s = st->sq[i], now = st->owner[i];
            if (now == reader)
                continue;
            bool saw = before[s] & SIGHT_SEEN, sees = after[s] & SIGHT_SEEN;
            if (way == 0 ? saw || !sees : !saw || sees)
                continue;
            if (told == SIGHT_NEWS_MAX) {
                more++;
                continue;
            }
            Buf o;
            char nm[16];
            buf_init(&o);
            game_sight_piece(b, now, board_piece_at(b, s), (way == 0 ? after[s] : before[s]) & SIGHT_DECODE, &o);
            buf_printf(&o, " on %s %s.", board_sq_name(b, s, nm), way == 0 ? "came into your view" : "went out of your view");
            board_news_take(&b->pl[reader].news, NEWS_EVENT, buf_take(&o));
            told++;
        }
        if (more)
            board_news_take(&b->pl[reader].news, NEWS_EVENT,
                            xasprintf("%d more piece%s %s.", more, more == 1 ? "" : "s",
                                      way == 0 ? "came into your view (see the board)" : "went out of your view"));
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
        for (int i = 0; i < g->nev; i++) {
            char *s = render_event(g, &g->ev[i], p, g->before[p], after);
            if (s)
                board_news_take(&b->pl[p].news, NEWS_EVENT, s);
        }
        if (pre_owner)
            game_sight_news(g, p, g->before[p], after, &still);
    }
    free(still.sq);
    free(still.owner);
    free(afters);
    free(all);
    free(moved);
    free(pre_owner);
    g->pre_taken = false; /* the next action takes its own */
    g->nkept = 0;
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
        e->pre[i] = e->post[i] = e->sq[i];
        e->owner[i] = -1;
    }
    e->actor = g->actor_player;
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

void game_ev_moved(Event *ev, int i, int from, int to)
{
    ev->pre[i] = from;
    ev->post[i] = to;
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

void game_reveal(Game *g, Piece *p, const char *why)
{
    assert(board_piece_valid(g->b, p));
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
    static const char *const verb[] = {"", "was eliminated", "resigned", "forfeited"};
    /* what the player is told of themselves, in the second person */
    static const char *const own[] = {"", "You were eliminated.", "You resigned.",
                                      "You forfeited: too many time-outs in a row."};
    Event *ev;
    if (by >= 0 && how == PS_ELIMINATED) {
        /* a King captured out of everyone's sight but the capturer's (a phased one): the capture itself is told
         * by the rules of contract 14.3; the elimination is everyone's news */
        ev = game_event(g, player, EV_PUBLIC, NULL, 0, "%s %s: their King was captured by %s.", pl->id, verb[how],
                        b->pl[by].id);
        ev->own_text = xasprintf("Your King was captured by %s; you are eliminated.", b->pl[by].id);
        ev->actor = by;
        ev->actor_text = xasprintf("You captured %s's King; %s is eliminated.", pl->id, pl->id);
    } else {
        ev = game_event(g, player, EV_PUBLIC, NULL, 0, "%s %s.", pl->id, verb[how]);
        ev->own_text = xstrdup(own[how]);
    }
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
    Event *ev = game_event(g, orphan ? -1 : owner, phased ? EV_PRIVATE : 0, &sq, 1, "{p0} piece{g0} on {0} was destroyed.");
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

bool game_shield(Game *g, int sq, const char *what)
{
    return game_shield_as(g, sq, what, SHIELD_WITHSTOOD);
}

bool game_shield_as(Game *g, int sq, const char *what, ShieldBlind blind)
{
    Piece *p = board_piece_at(g->b, sq);
    if (!p || !p->g.n[GENE_W])
        return false;
    p->g.n[GENE_W]--;
    bool orphan = board_is_orphan(g->b, p);
    Event *ev = game_event(g, orphan ? -1 : p->owner, p->g.phased ? EV_PRIVATE : 0, &sq, 1,
                           "{p0} piece on {0} resisted %s with its shield (W).", what);
    ev->owner[0] = orphan ? -2 : p->owner;
    /* contract 8: W is a code; a reader who does not decode the piece reads what a code loss reads. */
    switch (blind) {
    case SHIELD_RADIATION:
        ev->blind_text = xstrdup("{p0} piece on {0} lost a code to radiation.");
        break;
    case SHIELD_IRRADIATED:
        ev->blind_text = xstrdup("{p0} piece on {0} was irradiated.");
        break;
    case SHIELD_UNSEEN:
        ev->blind_text = xstrdup("");
        break;
    default:
        ev->blind_text = xasprintf("{p0} piece on {0} withstood %s.", what);
    }
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
