/* greedy: the candidate orders of a computer opponent and their worth one order ahead — bot.greedy's choice,
 * and the order in which bot.strong searches (contract 12).
 *
 * Each candidate runs by the rules on a copy of the board as the player knows it (legal_fog), and the position
 * it leaves is weighed (weigh_position): a capture that leaves the King where nothing in sight can take it, a
 * King stepping out of reach, a piece walking or digging towards the goal, all come out of that one measure. */
#include "greedy.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "legal.h"
#include "movelist.h"
#include "orders.h"
#include "sight.h"

/* How much a CREATE of anything but the wanted sequence is marked down (times goal->press / 2, as a step towards
 * the goal weighs): it is bought only to save a King. */
#define UNWANTED 150.0

/* The longest MOVE a detour is searched for (greedy_detour: 8 directions a step, depth first). */
#define DETOUR_STEPS 4

/* Turns back over which an order of the player's that failed is not given again. */
#define FAILED_TURNS 6

/* What a MOVE onto a square where a rival's King is likely (weigh_likely_take) adds: the game, if it is there. */
#define LIKELY_TAKE 1500.0

/* What a shuffle next to the King (greedy_is_shuffle) is marked down: the approach it opens is no door. */
#define SHUFFLE 300.0

/* A King that steps without taking anything: worth a little less than staying put. */
#define KING_STEP 3.0

/* What walking a piece (no King) back to a square it left in the player's last goal->trail orders is marked down
 * (greedy_revisits): pieces stepped to and fro, or round three or four squares, until the round cap. */
#define REVISIT 200.0

/* What a MOVE onto a special that hands out K codes (greedy_feeds_kings) is marked down: the bots do not see what
 * specials do, and a piece that stood on the monkey idol (melee) made both sides' pieces Kings by the dozen; no
 * side could take them all, and the game ran to the round cap. Above what a King in the open loses by stepping
 * off (its approaches open to what it cannot see: a piece that gained K there stayed at 1000). */
#define KINGS_MADE 5000.0
#define SPECIAL_DOUBLE 14 /* specials.c: S14, Double Up */
#define SPECIAL_MONKEY 22 /* specials.c: S22, Monkey */

/* Where the parsed order o, a MOVE, ends (-1 off the board or no MOVE). */
static int greedy_move_end(const Board *fog, const Order *o)
{
    int to = o->verb == ORD_MOVE ? o->sq : -1;
    for (int i = 0; i < o->ndirs && to >= 0; i++)
        to = board_step(fog, to, o->dirs[i]);
    return to;
}

/* True when the parsed order o walks a piece of the player's that is no King from a square next to one of its
 * Kings to another empty square next to it: a shuffle that only turns an open approach into a door (threat.h). */
static bool greedy_is_shuffle(const Board *fog, int player, const Order *o)
{
    const Piece *p = o->verb == ORD_MOVE && o->sq >= 0 ? board_piece_at(fog, o->sq) : NULL;
    int to = greedy_move_end(fog, o);
    if (!p || p->g.n[GENE_K] || !board_controls(fog, player, p) || to < 0 || board_piece_at(fog, to))
        return false;
    for (int i = 0; i < fog->npc; i++) {
        const Piece *k = &fog->pc[i];
        if (k->g.n[GENE_K] && board_controls(fog, player, k) && board_dist(fog, k->sq, o->sq) == 1 &&
            board_dist(fog, k->sq, to) == 1)
            return true;
    }
    return false;
}

/* True when the parsed order o is a King of the player's stepping onto an empty square. */
static bool is_king_step(const Board *fog, int player, const Order *o)
{
    const Piece *p = o->verb == ORD_MOVE && o->sq >= 0 ? board_piece_at(fog, o->sq) : NULL;
    if (!p || !p->g.n[GENE_K] || !board_controls(fog, player, p))
        return false;
    int to = greedy_move_end(fog, o);
    return to >= 0 && !board_piece_at(fog, to);
}

/* What the player holds in sight: mobile pieces, which codes, orphans seen. */
typedef struct Holdings {
    int mobile;         /* own pieces that MOVE and are no King */
    bool has[GENE_COUNT];
    bool orphans;       /* an orphan piece in sight */
    bool walled;        /* no own piece can walk to the goal; one could dig there */
    bool striker;       /* a mobile piece that jumps (E): over the pieces round a King, onto it */
    int scout;          /* the widest view of its scouts, pieces that see farther (D) and decode (F): weigh_scout */
    bool king_known;    /* an enemy King in sight, decoded */
} Holdings;

static void holdings(const Board *fog, int player, const WeighGoal *goal, Holdings *h)
{
    memset(h, 0, sizeof *h);
    bool walk = false, dig = false;
    for (int i = 0; i < fog->npc; i++) {
        const Piece *q = &fog->pc[i];
        if (board_is_orphan(fog, q)) {
            h->orphans = true;
            continue;
        }
        if (!board_controls(fog, player, q)) {
            h->king_known |= q->g.n[GENE_K] > 0; /* legal_fog shows the codes of decoded pieces only */
            continue;
        }
        h->scout = weigh_scout(&q->g) > h->scout ? weigh_scout(&q->g) : h->scout;
        bool mobile = !q->g.n[GENE_K] && q->g.n[GENE_A] && !(goal->threat && threat_guard(&q->g));
        h->mobile += mobile;
        h->striker |= mobile && q->g.n[GENE_E];
        for (int g = 0; g < GENE_COUNT; g++)
            h->has[g] |= q->g.n[g] > 0;
        walk |= goal->walk[q->sq] < WEIGH_FAR;
        dig |= goal->dig[q->sq] < WEIGH_FAR;
    }
    h->walled = !walk && dig;
}

/* True when the player's E buys the piece with these codes now. */
static bool greedy_affords(const Board *fog, int player, const char *codes)
{
    Genome g;
    Err err;
    return piece_parse(codes, &g, false, &err) == 0 && piece_cost(&g) <= fog->pl[player].e;
}

const char *greedy_wanted(const Board *fog, int player, const WeighGoal *goal)
{
    Holdings h;
    holdings(fog, player, goal, &h);
    if (h.walled && !h.has[GENE_O])
        return "AO"; /* pieces.txt O: the only way through an interior wall */
    if (h.orphans && !h.has[GENE_S])
        return "AS"; /* pieces.txt S: CONVERT takes the orphans in view */
    static const char *const by_count[] = {"ABC", "ABBC", "ABCF", "ABCD", "ABBC", "ABCE", "ABBBC", "ABBC"};
    /* which of the pieces round the start is the King: an ACDF (34 E) sees from 3 squares off; when the game drags
     * on, an ACDDF (85 E) from 5, out of reach of the pieces round it (an ACDF stepped in and out of their reach
     * as they came into its view and went) — while it holds a scout or can buy the wider one now; a scout taken
     * is replaced by an ACDF (saving for 85 E while each wide scout died in turn held games at the round cap) */
    if (goal->scout && !h.king_known && !h.scout && h.mobile >= 2)
        return "ACDF";
    if (goal->scout && !h.king_known && h.scout < 5 && goal->press > 2.0)
        return h.scout || greedy_affords(fog, player, "ACDDF") ? "ACDDF" : "ACDF";
    if (!h.striker && (h.mobile >= 1 || goal->press > 2.0))
        return "ABCE"; /* pieces.txt E: a jump over a King's ring onto it, from two squares away */
    if (h.mobile == 0 && goal->outpace)
        return "ABBC"; /* 15 E: two squares of three a MOVE ahead of an ABC, where neither side sees the other */

    if (h.mobile < (int)(sizeof by_count / sizeof by_count[0]))
        return by_count[h.mobile];
    return fog->pl[player].e >= 120 ? "ABBBCD" : NULL;
}

/* Sorts best first, equals kept in list order. */
static int by_score(const void *x, const void *y)
{
    const GreedyCand *a = x, *b = y;
    if (a->score != b->score)
        return a->score < b->score ? 1 : -1;
    return a->order - b->order;
}

static void add_cand(GreedyList *l, int *cap, const char *text)
{
    if (l->n == *cap) {
        *cap = *cap ? *cap * 2 : 64;
        l->v = xrealloc(l->v, (size_t)*cap * sizeof *l->v);
    }
    l->v[l->n] = (GreedyCand){.text = xstrdup(text), .order = l->n};
    l->n++;
}

/* The CREATEs of the wanted sequence next to the player's Kings (checked when weighed). */
static void add_purchases(const Board *fog, int player, const char *want, GreedyList *l, int *cap)
{
    if (!want)
        return;
    Genome g;
    Err err;
    if (piece_parse(want, &g, false, &err) < 0 || piece_cost(&g) > fog->pl[player].e)
        return;
    uint8_t *done = xcalloc((size_t)fog->w * (size_t)fog->h, 1);
    for (int i = 0; i < fog->npc; i++) {
        const Piece *k = &fog->pc[i];
        if (!k->g.n[GENE_K] || !board_controls(fog, player, k))
            continue;
        for (int d = 0; d < DIR_COUNT; d++) {
            int s = board_step(fog, k->sq, d);
            if (s < 0 || done[s] || board_piece_at(fog, s) || fog->ter[s] != TER_FLOOR)
                continue;
            done[s] = 1;
            char name[16], t[64];
            snprintf(t, sizeof t, "CREATE %s %s", board_sq_name(fog, s, name), want);
            add_cand(l, cap, t);
        }
    }
    free(done);
}

/* With goal->threat, a guard (a bare A) on each square next to a King of the player's that is open to what it
 * cannot see (threat_open). */
static void add_guards(const Board *fog, int player, const WeighGoal *goal, GreedyList *l, int *cap)
{
    if (!goal->threat || fog->pl[player].e < 2)
        return;
    for (int i = 0; i < fog->npc; i++) {
        const Piece *k = &fog->pc[i];
        int open[DIR_COUNT], n = k->g.n[GENE_K] && board_controls(fog, player, k) ? threat_open(fog, k->sq, goal->threat, open) : 0;
        for (int j = 0; j < n; j++) {
            char name[16], t[64];
            snprintf(t, sizeof t, "CREATE %s A", board_sq_name(fog, open[j], name));
            add_cand(l, cap, t);
        }
    }
}

/* The player's own last orders (orders of them, at most WEIGH_TRAIL, as far as what it remembers of the history
 * holds them: movelist_memory_start), newest first:
 * where each MOVE that ran walked a piece from and to, and where each CREATE that ran put one (from -1). Its own
 * orders are the player's to know. */
typedef struct Trail {
    int n, from[WEIGH_TRAIL], to[WEIGH_TRAIL];
} Trail;

static void greedy_trail(const Board *b, const Board *fog, int player, int orders, Trail *trail)
{
    trail->n = 0;
    MoveRecord r;
    int first = movelist_memory_start(b);
    for (int i = b->moves.n - 1; i >= first && trail->n < orders && trail->n < WEIGH_TRAIL; i--) {
        if (!movelist_parse(b->moves.v[i], &r) || !movelist_by(&r, b->pl[player].id) || r.failed)
            continue;
        int from = -1, to = -1;
        if (r.kind == MOVE_ORDER) {
            char *t = xmalloc((size_t)r.textlen + 1);
            memcpy(t, r.text, (size_t)r.textlen);
            t[r.textlen] = '\0';
            Order o;
            Err err;
            if (order_parse(fog, t, &o, &err) == 0) {
                to = o.verb == ORD_MOVE ? greedy_move_end(fog, &o) : o.verb == ORD_CREATE ? o.sq : -1;
                from = o.verb == ORD_MOVE && to >= 0 ? o.sq : -1;
                order_free(&o);
            }
            free(t);
        }
        trail->from[trail->n] = from;
        trail->to[trail->n++] = to;
    }
}

/* True when the MOVE o takes its piece, no King, back to a square the trail shows it left (followed back from
 * where it stands through the MOVEs that brought it there, to the CREATE that made it): straight back where the
 * last order took it from, or to a square it left earlier that is not next to one of the player's Kings (a guard
 * back in its ring: weigh_next_to_king): a position seen from another square often looks a little better than the
 * one a piece stands on (the squares out of view are hoped empty, or feared), and pieces walked round two or three
 * squares until the round cap. */
static bool greedy_revisits(const Board *fog, int player, const Trail *trail, const Order *o)
{
    const Piece *p = o->verb == ORD_MOVE && o->sq >= 0 ? board_piece_at(fog, o->sq) : NULL;
    int end = greedy_move_end(fog, o);
    if (!p || p->g.n[GENE_K] || !board_controls(fog, player, p) || end < 0 || end == o->sq)
        return false;
    for (int i = 0, at = o->sq; i < trail->n; i++) {
        if (trail->to[i] != at)
            continue;
        if (trail->from[i] < 0) /* made here */
            return false;
        at = trail->from[i];
        if (at == end) /* straight back where the last order took it from: always */
            return i == 0 || !weigh_next_to_king(fog, player, end);
    }
    return false;
}

/* True when the player's map (b is the real board: only the player's map of the specials is read from it) shows on
 * sq a special that hands out K codes each turn a piece of the player's stands on it (contract 14.5: it fires at
 * the start of its owner's turns): S22 (the monkey idol: a K for the pieces nearest each start, any side's), or
 * S14 (Double Up) under a piece that holds K (g). */
static bool greedy_feeds_kings(const Board *b, int player, int sq, const Genome *g)
{
    int code = sq >= 0 ? board_known_special(b, player, sq) : 0;
    return code == SPECIAL_MONKEY || (code == SPECIAL_DOUBLE && g->n[GENE_K]);
}

/* What the order o does about such specials (KINGS_MADE): -1 when it leaves a piece on one (a MOVE, or a CREATE
 * there), +1 when a MOVE takes its piece off one, else 0. */
static int greedy_king_feed(const Board *b, const Board *fog, int player, const Order *o)
{
    if (o->verb == ORD_CREATE)
        return greedy_feeds_kings(b, player, o->sq, &o->codes) ? -1 : 0;
    const Piece *p = o->verb == ORD_MOVE && o->sq >= 0 ? board_piece_at(fog, o->sq) : NULL;
    if (!p || !board_controls(fog, player, p))
        return 0;
    int end = greedy_move_end(fog, o);
    return greedy_feeds_kings(b, player, end, &p->g) ? -1 : greedy_feeds_kings(b, player, o->sq, &p->g) ? 1 : 0;
}

/* The worth of one candidate (-inf when fog does not accept it). */
static double greedy_weigh_cand(const Board *b, const Board *fog, int player, const WeighGoal *goal, const char *want, uint64_t seed,
                         const Trail *trail, GreedyCand *c)
{
    Board *s = weigh_clone(fog);
    double v = -1e18;
    c->adjust = 0;
    Order o;
    Err err;
    if (order_parse(fog, c->text, &o, &err) < 0) {
        board_free(s);
        return v;
    }
    if (weigh_apply(s, player, c->text, seed) == 0) {
        v = weigh_position(s, player, goal);
        Genome wanted;
        bool is_want = want && piece_parse(want, &wanted, false, &err) == 0 && memcmp(wanted.n, o.codes.n, sizeof wanted.n) == 0;
        if (o.verb == ORD_CREATE) {
            if (goal->threat && threat_guard(&o.codes))
                c->adjust = -weigh_piece(&o.codes); /* a guard: worth only the approach it closes */
            else if (!is_want)
                c->adjust = -(weigh_piece(&o.codes) + UNWANTED * goal->press / 2); /* as the walk weighs more */
        } else if (is_king_step(fog, player, &o)) {
            c->adjust = -KING_STEP; /* a King stays home unless stepping gains more */
        } else if (goal->threat && greedy_is_shuffle(fog, player, &o)) {
            c->adjust = -SHUFFLE;
        } else if (weigh_likely_take(fog, player, goal, c->text)) {
            c->adjust = LIKELY_TAKE;
        } else if (greedy_revisits(fog, player, trail, &o)) {
            c->adjust = -REVISIT;
        }
        c->adjust += KINGS_MADE * greedy_king_feed(b, fog, player, &o);
    }
    order_free(&o);
    board_free(s);
    return v + c->adjust;
}

/* Fills out with the orders the player gave that failed in its last FAILED_TURNS turns, as far as what it
 * remembers of the history holds them (movelist_memory_start): its own orders and their outcomes are the player's
 * to know (`log`). */
static void failed_lately(const Board *b, int player, StrList *out)
{
    int seen = 0;
    MoveRecord r;
    for (int i = b->moves.n - 1, first = movelist_memory_start(b); i >= first && seen < FAILED_TURNS; i--) {
        if (!movelist_parse(b->moves.v[i], &r) || !movelist_by(&r, b->pl[player].id))
            continue;
        seen += !r.failed; /* a failed order and what followed it share the turn */
        if (r.kind == MOVE_ORDER && r.failed && !r.autorun) {
            char *t = xmalloc((size_t)r.textlen + 1);
            memcpy(t, r.text, (size_t)r.textlen);
            t[r.textlen] = '\0';
            sl_push_owned(out, t);
        }
    }
}

/* Marks into path the squares the MOVE text passes through (not its start or end) that are out of the player's
 * view (seen: sight_compute's), and returns its start square; -1 for any other order. */
static int greedy_hidden_path(const Board *fog, const uint8_t *seen, const char *text, uint8_t *path)
{
    Order o;
    Err err;
    if (order_parse(fog, text, &o, &err) < 0)
        return -1;
    int from = o.verb == ORD_MOVE ? o.sq : -1;
    for (int i = 0, at = from; i + 1 < o.ndirs && at >= 0; i++) {
        at = board_step(fog, at, o.dirs[i]);
        if (at >= 0 && !(seen[at] & SIGHT_SEEN))
            path[at] = 1;
    }
    order_free(&o);
    return from;
}

/* True when text is an order that failed lately (failed), or a MOVE of the same piece through a square out of
 * view that a failed MOVE of it passed through: what blocked it may still stand there. */
static bool greedy_blocked(const Board *fog, const uint8_t *seen, const StrList *failed, const char *text)
{
    size_t n = (size_t)fog->w * (size_t)fog->h;
    bool blocked = false;
    uint8_t *mine = NULL, *theirs = NULL;
    for (int i = 0; i < failed->n && !blocked; i++) {
        blocked = strcmp(failed->v[i], text) == 0;
        if (blocked || strncmp(failed->v[i], "MOVE ", 5) != 0 || strncmp(text, "MOVE ", 5) != 0)
            continue;
        if (!mine) {
            mine = xcalloc(n, 1);
            theirs = xmalloc(n);
        }
        memset(mine, 0, n);
        memset(theirs, 0, n);
        int a = greedy_hidden_path(fog, seen, text, mine), c = greedy_hidden_path(fog, seen, failed->v[i], theirs);
        for (size_t s = 0; a >= 0 && a == c && s < n && !blocked; s++)
            blocked = mine[s] && theirs[s];
    }
    free(mine);
    free(theirs);
    return blocked;
}

/* A detour for a MOVE that a failed MOVE blocks (greedy_blocked): the same piece to the same square in as many
 * steps, every square it passes through in view and empty (or any, for a piece that jumps), searched depth first
 * for a MOVE of up to DETOUR_STEPS steps. */
typedef struct Detour {
    const Board *fog;
    const uint8_t *seen;
    const Piece *p;
    int to, steps, dirs[DETOUR_STEPS];
} Detour;

static bool greedy_detour_find(Detour *d, int at, int k)
{
    if (k == d->steps)
        return at == d->to;
    if (board_dist(d->fog, at, d->to) > d->steps - k)
        return false;
    for (int dir = 0; dir < DIR_COUNT; dir += d->p->g.n[GENE_C] ? 1 : 2) {
        int t = board_step(d->fog, at, dir);
        bool last = k + 1 == d->steps;
        if (t < 0 || d->fog->ter[t] != TER_FLOOR ||
            (!last && (!(d->seen[t] & SIGHT_SEEN) || (d->fog->at[t] >= 0 && t != d->p->sq && !d->p->g.n[GENE_E]))))
            continue;
        d->dirs[k] = dir;
        if (greedy_detour_find(d, t, k + 1))
            return true;
    }
    return false;
}

/* Fills out with a detour for the MOVE text (see Detour); false when there is none. */
static bool greedy_detour(const Board *fog, const uint8_t *seen, const char *text, char *out, size_t size)
{
    Order o;
    Err err;
    if (order_parse(fog, text, &o, &err) < 0)
        return false;
    Detour d = {.fog = fog, .seen = seen, .p = o.verb == ORD_MOVE && o.sq >= 0 ? board_piece_at(fog, o.sq) : NULL,
                .to = greedy_move_end(fog, &o), .steps = o.ndirs};
    bool found = d.p && d.to >= 0 && d.steps <= DETOUR_STEPS && greedy_detour_find(&d, o.sq, 0);
    if (found) {
        char name[16];
        int len = snprintf(out, size, "MOVE %s ", board_sq_name(fog, o.sq, name));
        for (int i = 0; i < d.steps && len < (int)size; i++)
            len += snprintf(out + len, size - (size_t)len, "%s%s", i ? "-" : "", grid_dir_name[d.dirs[i]]);
    }
    order_free(&o);
    return found;
}

/* How promising a candidate looks before it is weighed (lower first): a MOVE off a special that makes Kings
 * (greedy_king_feed), then captures, purchases, the Kings' orders and every order but MOVE, then MOVEs by the
 * steps they gain towards the goal. */
static double promise(const Board *b, const Board *fog, int player, const WeighGoal *goal, const char *text)
{
    Order o;
    Err err;
    if (order_parse(fog, text, &o, &err) < 0)
        return 1e9;
    double key = greedy_king_feed(b, fog, player, &o) > 0 ? -1 : 0;
    const Piece *p = o.sq >= 0 ? board_piece_at(fog, o.sq) : NULL;
    if (o.verb == ORD_MOVE && p && !p->g.n[GENE_K] && key == 0) {
        int to = o.sq;
        for (int i = 0; i < o.ndirs && to >= 0; i++)
            to = board_step(fog, to, o.dirs[i]);
        const Piece *q = to >= 0 ? board_piece_at(fog, to) : NULL;
        const int *d = weigh_steps(goal, &p->g);
        if (!(q && !board_controls(fog, player, q)))
            key = 1e6 - (to < 0 ? -1e5 : (double)(d[o.sq] < WEIGH_FAR ? d[o.sq] : 999) - (d[to] < WEIGH_FAR ? d[to] : 999)) *
                            (weigh_scout(&p->g) ? WEIGH_SCOUT_STEP : 1);
    }
    order_free(&o);
    return key;
}

static int by_key(const void *x, const void *y)
{
    const GreedyCand *a = x, *b = y;
    return a->score != b->score ? (a->score > b->score) - (a->score < b->score) : a->order - b->order;
}

/* Keeps the max most promising candidates (in list order between equals) when there are more. */
static void keep_promising(const Board *b, const Board *fog, int player, const WeighGoal *goal, int max, GreedyList *l)
{
    if (max <= 0 || l->n <= max)
        return;
    for (int i = 0; i < l->n; i++)
        l->v[i].score = promise(b, fog, player, goal, l->v[i].text);
    qsort(l->v, (size_t)l->n, sizeof *l->v, by_key);
    for (int i = max; i < l->n; i++)
        free(l->v[i].text);
    l->n = max;
}

void greedy_list(const Board *b, int player, const Board *fog, const WeighGoal *goal, uint64_t seed, int max,
                 GreedyList *out)
{
    memset(out, 0, sizeof *out);
    int cap = 0;
    LegalList l;
    legal_orders_within(b, player, LEGAL_BOT_WORK, &out->listed, &l);
    StrList failed = {0};
    char detour[96];
    failed_lately(b, player, &failed);
    uint8_t *seen = xmalloc((size_t)fog->w * (size_t)fog->h);
    sight_compute(fog, player, seen);
    for (int i = 0; i < l.n; i++)
        for (int k = 0; k < l.v[i].orders.n; k++)
            if (!greedy_blocked(fog, seen, &failed, l.v[i].orders.v[k]))
                add_cand(out, &cap, l.v[i].orders.v[k]);
            else if (greedy_detour(fog, seen, l.v[i].orders.v[k], detour, sizeof detour) &&
                     !greedy_blocked(fog, seen, &failed, detour))
                add_cand(out, &cap, detour);
    legal_free(&l);
    sl_free(&failed);
    free(seen);
    const char *want = greedy_wanted(fog, player, goal);
    add_purchases(fog, player, want, out, &cap);
    add_guards(fog, player, goal, out, &cap);
    keep_promising(b, fog, player, goal, max, out);
    Trail trail;
    greedy_trail(b, fog, player, goal->trail, &trail);
    int k = 0;
    for (int i = 0; i < out->n; i++) {
        out->v[i].score = greedy_weigh_cand(b, fog, player, goal, want, seed, &trail, &out->v[i]);
        out->work++;
        if (out->v[i].score > -1e17)
            out->v[k++] = out->v[i];
        else
            free(out->v[i].text);
    }
    out->n = k;
    if (k > 1) /* an empty list may have no array at all (qsort's base must not be NULL) */
        qsort(out->v, (size_t)out->n, sizeof *out->v, by_score);
}

void greedy_free(GreedyList *l)
{
    for (int i = 0; i < l->n; i++)
        free(l->v[i].text);
    free(l->v);
    memset(l, 0, sizeof *l);
}

char *greedy_choose(const Board *b, int player, bool unseen, Rng *r, long *work)
{
    Board *fog = weigh_fog(b, player);
    WeighGoal goal;
    ThreatReach reach = {0};
    weigh_goal_aimed(fog, player, b, true, &goal); /* its trail: WEIGH_TRAIL orders, walks in circles too */
    if (unseen) {
        threat_reach(fog, player, b, &reach);
        goal.threat = &reach;
    }
    GreedyList l;
    long unit = weigh_cost(fog);
    greedy_list(b, player, fog, &goal, rng_next(r), GREEDY_WORK / unit < 1 ? 1 : (int)(GREEDY_WORK / unit), &l);
    const char *pick = NULL;
    int ties = 0;
    for (int i = 0; i < l.n && l.v[i].score == l.v[0].score; i++)
        if (rng_below(r, (uint64_t)++ties) == 0)
            pick = l.v[i].text;
    char *text = xstrdup(pick ? pick : "PASS");
    if (work)
        *work = l.work * unit + l.listed;
    greedy_free(&l);
    weigh_goal_free(&goal);
    threat_free(&reach);
    board_free(fog);
    return text;
}
