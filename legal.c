/* legal: every order a player's pieces can give now, worked out from what that player knows (contract 8, 14.2) — never from hidden facts.
 *
 * How. legal_fog builds the board as the player knows it; candidate orders are generated per verb from the
 * acting piece and that board (MOVE by a breadth-first walk over the squares a path may pass, one path per
 * destination), and each candidate is kept only when the rules themselves (dispatch_order) run it to the
 * end on a scratch copy of that board. So the list cannot drift from the rules, and nothing the player
 * cannot see shapes it. */
#include "legal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dispatch.h"
#include "game.h"
#include "orders.h"
#include "sight.h"

/* ---- the board as the player knows it ---- */

/* Orders pieces by square, reading order. */
static int by_square(const void *x, const void *y)
{
    const Piece *a = x, *b = y;
    return (a->sq > b->sq) - (a->sq < b->sq);
}

/* Rebuilds b->at from b->pc. */
static void index_pieces(Board *b)
{
    for (int i = 0; i < b->w * b->h; i++)
        b->at[i] = -1;
    for (int i = 0; i < b->npc; i++)
        b->at[b->pc[i].sq] = i;
}

Board *legal_fog_map(const Board *b, int player, bool interior_walls)
{
    Board *f = board_copy_play(b, 1);
    size_t n = (size_t)b->w * (size_t)b->h;
    uint8_t *m = xmalloc(n);
    sight_compute(b, player, m);
    /* Out of view, the player's map (contract 8): an exterior wall they saw stays one (none is ever removed);
     * anything else may have changed (O, PETRIFY, the specials) without their knowing: hope for floor, or,
     * with interior_walls, take an interior wall to be where they last saw one. */
    const char *known = board_known(b, player);
    for (size_t s = 0; s < n; s++)
        if (!(m[s] & SIGHT_SEEN))
            f->ter[s] = known[s] == TER_XWALL || known[s] == TER_OUTSIDE || (interior_walls && known[s] == TER_IWALL)
                            ? known[s]
                            : TER_FLOOR;
    int k = 0;
    for (int i = 0; i < f->npc; i++) {
        Piece p = f->pc[i];
        bool mine = board_controls(b, player, &b->pc[i]);
        if (!mine && (!(m[p.sq] & SIGHT_SEEN) || p.g.phased))
            continue; /* contract 8: unseen squares and others' phased pieces show nothing */
        if (!mine && !(m[p.sq] & SIGHT_DECODE)) {
            memset(&p.g, 0, sizeof p.g); /* colour only: stand in a bare A */
            p.g.n[GENE_A] = 1;
        }
        f->pc[k++] = p;
    }
    f->npc = k;
    /* contract 12: what it sees, in an order of what it sees — by square, numbered afresh — never the real board's
     * array, which a capture out of view reorders (board_remove_piece) and a save and load sorts: the bots walk
     * their pieces, break ties and draw in this order */
    if (k > 1)
        qsort(f->pc, (size_t)k, sizeof *f->pc, by_square);
    for (int i = 0; i < k; i++)
        f->pc[i].serial = (uint32_t)i + 1;
    f->serials = (uint32_t)k;
    index_pieces(f);
    for (int i = 0; i < f->np; i++)
        if (i != player)
            f->pl[i].e = 0;
    free(m);
    return f;
}

Board *legal_fog(const Board *b, int player)
{
    return legal_fog_map(b, player, false);
}

/* Runs text on a scratch copy of fog; true when it runs to the end. The canonical text goes to *canon
 * (caller frees) when canon is not NULL and the order parses. */
static bool run_scratch(const Board *fog, int player, const char *text, char **canon)
{
    Board *s = board_copy_play(fog, 1);
    Order o;
    Err err;
    bool ok = false;
    if (order_parse(s, text, &o, &err) == 0) {
        if (canon)
            *canon = xstrdup(o.text);
        Game g;
        game_init(&g, s, s->clock.turn_start);
        g.replay = true; /* a scratch run: no clock */
        game_begin_action(&g);
        g.actor_player = player;
        ok = dispatch_order(&g, player, &o) == 0;
        game_done(&g);
        order_free(&o);
    }
    board_free(s);
    return ok;
}

bool legal_accepted(const Board *fog, int player, const char *text)
{
    return run_scratch(fog, player, text, NULL);
}

/* ---- candidates ---- */

/* What one piece's enumeration works with, and the work it took and may take (max <= 0: no bound). */
typedef struct Ctx {
    const Board *fog;
    int player;
    LegalGroup *grp;
    long work, max;
} Ctx;

/* Takes k work when the bound leaves room for it: false, and nothing taken, when it does not. */
static bool spend(Ctx *c, long k)
{
    if (c->max > 0 && c->work + k > c->max)
        return false;
    c->work += k;
    return true;
}

/* Keeps the order text when the rules accept it (stored in its canonical form) with a note; one work, a run on a
 * scratch board (nothing when the bound is spent). */
static void try_order(Ctx *c, const char *text, const char *note)
{
    char *canon = NULL;
    if (!spend(c, 1))
        return;
    if (run_scratch(c->fog, c->player, text, &canon)) {
        sl_push_owned(&c->grp->orders, canon);
        sl_push(&c->grp->notes, note);
    } else {
        free(canon);
    }
}

/* A square's name into buf (16 bytes). */
static const char *nm(const Board *b, int sq, char *buf)
{
    return board_sq_name(b, sq, buf);
}

/* What a piece landing on sq meets there, for the note of a MOVE or CREATE. */
static const char *landing_note(const Ctx *c, const Piece *mover, int sq)
{
    const Piece *q = board_piece_at(c->fog, sq);
    if (q && q != mover)
        return board_controls(c->fog, c->player, q) ? "own piece" : "capture";
    return c->fog->ter[sq] == TER_IWALL ? "wall" : "";
}

/* The directions a piece may step or charge in: N, E, S, W, and with C the diagonals. */
static bool dir_allowed(const Piece *p, int d)
{
    return !grid_dir_diagonal(d) || p->g.n[GENE_C] > 0;
}

/* contract 14.2 MOVE: a square passed through is empty floor (the start square counts as empty); with E any floor. */
static bool passable(const Board *b, const Piece *p, int sq)
{
    if (b->ter[sq] != TER_FLOOR)
        return false;
    return p->g.n[GENE_E] > 0 || sq == p->sq || b->at[sq] < 0;
}

/* MOVE: a breadth-first walk of exactly piece_steps steps; per destination the first path found
 * (directions tried N first, clockwise). from[k*n+s] is the direction that reached s at step k, or -1. */
static void moves(Ctx *c, const Piece *p, const char *verb)
{
    (void)verb;
    const Board *b = c->fog;
    int n = b->w * b->h, steps = piece_steps(&p->g);
    if (!spend(c, steps)) /* the walk: one look at every square a step */
        return;
    signed char *from = xmalloc((size_t)(steps + 1) * (size_t)n);
    memset(from, -1, (size_t)(steps + 1) * (size_t)n);
    from[p->sq] = 0;
    for (int k = 0; k < steps; k++)
        for (int s = 0; s < n; s++) {
            if (from[k * n + s] < 0 || (k > 0 && !passable(b, p, s)))
                continue;
            for (int d = 0; d < DIR_COUNT; d++) {
                int t = board_step(b, s, d);
                if (t >= 0 && dir_allowed(p, d) && from[(k + 1) * n + t] < 0)
                    from[(k + 1) * n + t] = (signed char)d;
            }
        }
    for (int t = 0; t < n; t++) {
        if (from[steps * n + t] < 0)
            continue;
        int *path = xmalloc((size_t)steps * sizeof *path), s = t;
        for (int k = steps; k > 0; k--) {
            path[k - 1] = from[k * n + s];
            s = board_step(b, s, (path[k - 1] + 4) % DIR_COUNT);
        }
        Buf o;
        char sq[16];
        buf_init(&o);
        buf_printf(&o, "MOVE %s ", nm(b, p->sq, sq));
        for (int k = 0; k < steps; k++) {
            if (k)
                buf_add(&o, "-");
            buf_add(&o, grid_dir_name[path[k]]);
        }
        try_order(c, o.s, landing_note(c, p, t));
        buf_free(&o);
        free(path);
    }
    free(from);
}

/* An order "VERB SQ" (SHAPE_SQ). */
static void plain(Ctx *c, const Piece *p, const char *verb)
{
    char sq[16], t[64];
    snprintf(t, sizeof t, "%s %s", verb, nm(c->fog, p->sq, sq));
    try_order(c, t, "");
}

/* "VERB SQ SQ2" for every square sq2 with want(sq2). */
static void to_squares(Ctx *c, const Piece *p, const char *verb, bool (*want)(const Ctx *, const Piece *, int))
{
    char a[16], z[16], t[64];
    if (!spend(c, 1)) /* a look at every square */
        return;
    for (int s = 0; s < c->fog->w * c->fog->h; s++)
        if (want(c, p, s)) {
            snprintf(t, sizeof t, "%s %s %s", verb, nm(c->fog, p->sq, a), nm(c->fog, s, z));
            try_order(c, t, "");
        }
}

/* A King (K piece) the player controls, other than p. */
static bool other_king(const Ctx *c, const Piece *p, int s)
{
    const Piece *q = board_piece_at(c->fog, s);
    return q && q != p && q->g.n[GENE_K] && board_controls(c->fog, c->player, q);
}

static bool in_view(const Ctx *c, const Piece *p, int s)
{
    return s != p->sq && sight_piece_sees(c->fog, p, s);
}

static bool next_to_other_king(const Ctx *c, const Piece *p, int s)
{
    for (int d = 0; d < DIR_COUNT; d++) {
        int k = board_step(c->fog, s, d);
        if (k >= 0 && other_king(c, p, k))
            return true;
    }
    return false;
}

static bool legal_piece_in_view(const Ctx *c, const Piece *p, int s)
{
    return in_view(c, p, s) && board_piece_at(c->fog, s);
}

/* TRANSFER: every code the J piece holds (not K) to every other piece in its view. */
static void transfers(Ctx *c, const Piece *p, const char *verb)
{
    (void)verb;
    char a[16], z[16], t[64];
    if (!spend(c, 1)) /* a look at every square */
        return;
    for (int s = 0; s < c->fog->w * c->fog->h; s++)
        if (legal_piece_in_view(c, p, s))
            for (int g = 0; g < GENE_COUNT; g++)
                if (g != GENE_K && p->g.n[g]) {
                    snprintf(t, sizeof t, "TRANSFER %s %c %s", nm(c->fog, p->sq, a), piece_genes[g].letter,
                             nm(c->fog, s, z));
                    try_order(c, t, "");
                }
}

/* DIVIDE: an A ejected onto each neighbouring square (the smallest viable new piece). */
static void divides(Ctx *c, const Piece *p, const char *verb)
{
    (void)verb;
    char a[16], z[16], t[64];
    for (int d = 0; d < DIR_COUNT; d++) {
        int s = board_step(c->fog, p->sq, d);
        if (s >= 0) {
            snprintf(t, sizeof t, "DIVIDE %s A %s", nm(c->fog, p->sq, a), nm(c->fog, s, z));
            try_order(c, t, "");
        }
    }
}

/* CHARGE: one charge in each direction (more charges join directions with '-'). */
static void charges(Ctx *c, const Piece *p, const char *verb)
{
    (void)verb;
    char a[16], t[64];
    for (int d = 0; d < DIR_COUNT; d++)
        if (dir_allowed(p, d)) {
            snprintf(t, sizeof t, "CHARGE %s %s", nm(c->fog, p->sq, a), grid_dir_name[d]);
            try_order(c, t, "");
        }
}

static void teleports(Ctx *c, const Piece *p, const char *verb)
{
    to_squares(c, p, verb, in_view);
}

static void homes(Ctx *c, const Piece *p, const char *verb)
{
    to_squares(c, p, verb, next_to_other_king);
}

static void sanctuaries(Ctx *c, const Piece *p, const char *verb)
{
    to_squares(c, p, verb, other_king);
}

/* How each piece order's candidates are made; a verb not named here takes no argument (plain). */
typedef void (*CandidateFn)(Ctx *c, const Piece *p, const char *verb);
static const CandidateFn candidates[ORD_COUNT] = {
    [ORD_MOVE] = moves,
    [ORD_DIVIDE] = divides,
    [ORD_TRANSFER] = transfers,
    [ORD_TELEPORT] = teleports,
    [ORD_HOME] = homes,
    [ORD_SANCTUARY] = sanctuaries,
    [ORD_CHARGE] = charges,
};

/* The orders of the piece p, verb by verb in the order table's order: MOVE (the first verb with an actor) when
 * moves, the others when others. */
static void legal_piece_orders(Ctx *c, const Piece *p, bool moves, bool others)
{
    for (int v = 0; v < ORD_COUNT; v++) {
        const OrderInfo *info = &order_table[v];
        if (!order_has_actor((OrderVerb)v) || !order_enabled(&p->g, (OrderVerb)v) || !(v == ORD_MOVE ? moves : others))
            continue;
        (candidates[v] ? candidates[v] : plain)(c, p, info->verb);
    }
}

/* CREATE next to the player's Kings: an A on floor, AO on an interior wall, AI on an own piece. */
static void creates(Ctx *c)
{
    const Board *b = c->fog;
    int n = b->w * b->h;
    char z[16], t[64];
    if (!spend(c, 1)) /* a look at every square */
        return;
    for (int s = 0; s < n; s++) {
        if (!next_to_other_king(c, NULL, s))
            continue;
        const char *seq = b->ter[s] == TER_IWALL ? "AO" : board_piece_at(b, s) ? "AI" : "A";
        snprintf(t, sizeof t, "CREATE %s %s", nm(b, s, z), seq);
        try_order(c, t, landing_note(c, NULL, s));
    }
}

static LegalGroup *new_group(LegalList *l, int sq)
{
    l->v = xrealloc(l->v, (size_t)(l->n + 1) * sizeof *l->v);
    LegalGroup *g = &l->v[l->n++];
    memset(g, 0, sizeof *g);
    g->sq = sq;
    return g;
}

/* The orders of the first pieces groups of out whose piece holds K (kings) or not: MOVE when moves, the other
 * verbs when others (legal_piece_orders). */
static void fill_pieces(Ctx *c, LegalList *out, int pieces, bool kings, bool moves, bool others)
{
    for (int i = 0; i < pieces; i++) {
        const Piece *p = board_piece_at(c->fog, out->v[i].sq);
        if ((p->g.n[GENE_K] > 0) != kings)
            continue;
        c->grp = &out->v[i];
        legal_piece_orders(c, p, moves, others);
    }
}

/* legal_orders within max work (max <= 0: none); *work (may be NULL) gets the work taken. The groups are made in
 * the list's order, then filled in the order of what matters most when the bound cuts the list short: the Kings'
 * orders, CREATE and PASS (PASS always), the other pieces' MOVEs, then their other orders — the pieces in reading
 * order each time. Each group gets its orders in the verbs' order whatever the filling order. */
static void list_orders(const Board *b, int player, int sq, long max, long *work, LegalList *out)
{
    memset(out, 0, sizeof *out);
    if (work)
        *work = 0;
    if (b->phase != PHASE_PLAY || player < 0 || player >= b->np || !board_player_has_turns(b, player))
        return;
    Board *fog = legal_fog(b, player);
    Ctx c = {.fog = fog, .player = player, .max = max};
    int *sqs;
    int n = board_piece_squares(fog, &sqs);
    for (int i = 0; i < n; i++)
        if (board_controls(fog, player, board_piece_at(fog, sqs[i])) && (sq < 0 || sqs[i] == sq))
            new_group(out, sqs[i]);
    free(sqs);
    int pieces = out->n;
    if (sq < 0)
        new_group(out, -1);
    fill_pieces(&c, out, pieces, true, true, true); /* the Kings' orders */
    if (sq < 0) {
        c.grp = &out->v[pieces];
        creates(&c);
        c.max = 0; /* PASS is always listed */
        try_order(&c, "PASS", "");
        c.max = max;
    }
    fill_pieces(&c, out, pieces, false, true, false); /* the other pieces' MOVEs */
    fill_pieces(&c, out, pieces, false, false, true); /* then their other orders */
    if (work)
        *work = c.work;
    board_free(fog);
}

void legal_orders(const Board *b, int player, int sq, LegalList *out)
{
    list_orders(b, player, sq, 0, NULL, out);
}

void legal_orders_within(const Board *b, int player, long max, long *work, LegalList *out)
{
    list_orders(b, player, -1, max, work, out);
}

void legal_free(LegalList *l)
{
    for (int i = 0; i < l->n; i++) {
        sl_free(&l->v[i].orders);
        sl_free(&l->v[i].notes);
    }
    free(l->v);
    memset(l, 0, sizeof *l);
}
