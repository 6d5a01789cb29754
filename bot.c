/* bot: the built-in computer opponents (bot.h). The turn driver (turn.c) plays the order bot_choose gives.
 *
 * A bot sees exactly what its player's sheet would show: it works from legal_fog (the board as the player
 * knows it) and legal_orders (what its pieces may do there). Its orders are recorded in the moves like
 * anyone's, so verify and replay need no bot logic. */
#include "bot.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "legal.h"
#include "orders.h"
#include "sight.h"

typedef enum { BOT_GREEDY, BOT_RANDOM, BOT_NONE } BotKind;

/* The bots, by name after "bot.". */
static const char *const bot_names[] = {[BOT_GREEDY] = "greedy", [BOT_RANDOM] = "random"};

static BotKind bot_kind(const char *id)
{
    if (!bot_is(id))
        return BOT_NONE;
    for (int k = 0; k < BOT_NONE; k++) {
        size_t n = strlen(bot_names[k]);
        if (strncasecmp(id + 4, bot_names[k], n) == 0 && strspn(id + 4 + n, "0123456789") == strlen(id + 4 + n) &&
            strlen(id) <= 24)
            return (BotKind)k;
    }
    return BOT_NONE;
}

bool bot_is(const char *id)
{
    return strncasecmp(id, "bot", 3) == 0 && (id[3] == '.' || id[3] == ':');
}

char *bot_userid(const char *id)
{
    char *u = xstrdup(id);
    u[3] = '.';
    for (char *p = u; *p; p++)
        *p = (char)tolower((unsigned char)*p);
    return u;
}

bool bot_valid(const char *id)
{
    return bot_kind(id) != BOT_NONE;
}

/* ---- greedy: a score per order ---- */

/* What the greedy bot weighs, worked out once per choice from the board its player knows. */
typedef struct Weigh {
    Board *fog;
    int player;
    uint8_t *threat;    /* per square: an enemy piece in sight could reach it next turn */
    uint8_t *seen;      /* the player's view (sight_compute) */
    int *to_enemy;      /* per square: distance to the nearest enemy piece in sight */
    int *to_unseen;     /* per square: distance to the nearest square out of view */
    int own;            /* pieces the player controls */
} Weigh;

/* Squares the enemy pieces the player sees could reach by MOVE: within their steps (a piece not decoded
 * is a bare A to the fog, taken as reaching 2). */
static void mark_threats(Weigh *w)
{
    const Board *f = w->fog;
    for (int i = 0; i < f->npc; i++) {
        const Piece *q = &f->pc[i];
        w->own += board_controls(f, w->player, q);
        if (board_controls(f, w->player, q) || board_is_orphan(f, q) || !order_enabled(&q->g, ORD_MOVE))
            continue;
        int r = piece_total(&q->g) == 1 && q->g.n[GENE_A] ? 2 : piece_steps(&q->g);
        if (q->g.n[GENE_E] || q->g.n[GENE_C])
            r++;
        for (int s = 0; s < f->w * f->h; s++)
            if (board_dist(f, q->sq, s) <= r)
                w->threat[s] = 1;
    }
}

/* The square a MOVE ends on. */
static int move_end(const Board *b, const Order *o)
{
    int s = o->sq;
    for (int i = 0; i < o->ndirs && s >= 0; i++)
        s = board_step(b, s, o->dirs[i]);
    return s;
}

/* Fills d (w*h ints) with each square's Chebyshev distance to the nearest square marked in src (1 << 20 when
 * none is): a breadth-first walk over the 8 neighbours from all of them at once. */
static void distance_map(const Board *b, const uint8_t *src, int *d)
{
    int n = b->w * b->h, head = 0, tail = 0;
    int *q = xmalloc((size_t)n * sizeof *q);
    for (int s = 0; s < n; s++) {
        d[s] = src[s] ? 0 : 1 << 20;
        if (src[s])
            q[tail++] = s;
    }
    while (head < tail) {
        int s = q[head++];
        for (int k = 0; k < DIR_COUNT; k++) {
            int t = board_step(b, s, k);
            if (t >= 0 && d[t] > d[s] + 1) {
                d[t] = d[s] + 1;
                q[tail++] = t;
            }
        }
    }
    free(q);
}

/* The distance maps of the greedy bot: to the enemy pieces in sight, and to the squares out of view. */
static void mark_distances(Weigh *w)
{
    const Board *f = w->fog;
    int n = f->w * f->h;
    uint8_t *src = xcalloc((size_t)n, 1);
    for (int i = 0; i < f->npc; i++)
        src[f->pc[i].sq] = !board_controls(f, w->player, &f->pc[i]) && !board_is_orphan(f, &f->pc[i]);
    distance_map(f, src, w->to_enemy);
    for (int s = 0; s < n; s++)
        src[s] = !(w->seen[s] & SIGHT_SEEN) && board_in_area(f, s);
    distance_map(f, src, w->to_unseen);
    free(src);
}

/* A MOVE: captures first (a King above all), Kings out of reach, others towards the enemy they see, or
 * else towards what they do not see. */
static int score_move(const Weigh *w, const Order *o, const Piece *p)
{
    int to = move_end(w->fog, o), sc = 0;
    const Piece *q = board_piece_at(w->fog, to);
    if (q && q != p && !board_controls(w->fog, w->player, q)) {
        int64_t c = piece_cost(&q->g);
        sc += 100 + (int)(c > 500 ? 500 : c) + (q->g.n[GENE_K] ? 5000 : 0);
    }
    if (p->g.n[GENE_K])
        sc += w->threat[to] ? -1000 : w->threat[p->sq] ? 300 : -5;
    else if (w->to_enemy[to] < w->to_enemy[p->sq])
        sc += 3;
    else if (w->to_enemy[p->sq] == 1 << 20 && w->to_unseen[to] < w->to_unseen[p->sq])
        sc += 2;
    return sc;
}

/* Bonus per verb for the greedy bot (orders that harm its own pieces score low). */
static const int verb_score[ORD_COUNT] = {
    [ORD_CREATE] = 20, [ORD_DIVIDE] = 8,  [ORD_CONVERT] = 15,  [ORD_FLARE] = 2,   [ORD_PHASE] = 2,
    [ORD_RADIATE] = -30, [ORD_PETRIFY] = -200, [ORD_TRANSFER] = -10, [ORD_PASS] = -1,
};

static int score(const Weigh *w, const char *text)
{
    Order o;
    Err err;
    if (order_parse(w->fog, text, &o, &err) < 0)
        return -100000;
    int sc = verb_score[o.verb];
    if (o.verb == ORD_CREATE && w->own >= 6)
        sc = -2; /* enough pieces: grow E instead */
    const Piece *p = o.sq >= 0 ? board_piece_at(w->fog, o.sq) : NULL;
    if (o.verb == ORD_MOVE && p)
        sc += score_move(w, &o, p);
    else if (p && p->g.n[GENE_K] && (o.verb == ORD_TELEPORT || o.verb == ORD_HOME || o.verb == ORD_SANCTUARY))
        sc += o.sq2 >= 0 && w->threat[o.sq2] ? -1000 : 0;
    order_free(&o);
    return sc;
}

/* ---- choosing ---- */

/* Every listed order, flat. */
static void flatten(const LegalList *l, StrList *out)
{
    for (int i = 0; i < l->n; i++)
        for (int k = 0; k < l->v[i].orders.n; k++)
            sl_push(out, l->v[i].orders.v[k]);
}

/* The greedy pick: the best score, ties drawn with r. */
static const char *greedy_pick(const Board *b, int player, const StrList *all, Rng *r)
{
    Weigh w = {.fog = legal_fog(b, player), .player = player};
    w.threat = xcalloc((size_t)b->w * (size_t)b->h, 1);
    w.seen = xmalloc((size_t)b->w * (size_t)b->h);
    sight_compute(w.fog, player, w.seen);
    w.to_enemy = xmalloc((size_t)b->w * (size_t)b->h * sizeof(int));
    w.to_unseen = xmalloc((size_t)b->w * (size_t)b->h * sizeof(int));
    mark_threats(&w);
    mark_distances(&w);
    const char *best = NULL;
    int bs = 0, ties = 0;
    for (int i = 0; i < all->n; i++) {
        int sc = score(&w, all->v[i]);
        if (!best || sc > bs) {
            best = all->v[i];
            bs = sc;
            ties = 1;
        } else if (sc == bs && rng_below(r, (uint64_t)++ties) == 0) {
            best = all->v[i];
        }
    }
    free(w.threat);
    free(w.seen);
    free(w.to_enemy);
    free(w.to_unseen);
    board_free(w.fog);
    return best;
}

char *bot_choose(const Board *b, int player)
{
    LegalList l;
    StrList all = {0};
    legal_orders(b, player, -1, &l);
    flatten(&l, &all);
    legal_free(&l);
    /* A generator of its own, drawn from a copy of the board's: the board's is left as it was. */
    Rng r = b->rng;
    rng_seed(&r, rng_next(&r) ^ ((uint64_t)board_move_number(b) * 0x9E3779B97F4A7C15ULL) ^ (uint64_t)player);
    const char *pick = NULL;
    if (all.n > 1 && bot_kind(b->pl[player].id) == BOT_RANDOM)
        pick = all.v[rng_below(&r, (uint64_t)all.n - 1)]; /* any order but PASS, the last one */
    else if (all.n > 0)
        pick = greedy_pick(b, player, &all, &r);
    char *text = xstrdup(pick ? pick : "PASS");
    sl_free(&all);
    return text;
}
