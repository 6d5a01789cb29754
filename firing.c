/* firing: the effects of the specials S1..S22 and the start-of-turn firing loop (contract 14.5 step 3, specials.txt firing order). */
#include "firing.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "specials.h"
#include "sight.h"

static int cmp_fire(const void *a, const void *b)
{
    const Special *x = *(Special *const *)a, *y = *(Special *const *)b;
    if (x->code != y->code)
        return x->code - y->code;
    return (x->sq > y->sq) - (x->sq < y->sq);
}

/* ---- effects of the specials (contract 14.8, 14.3, 14.4, 14.6) ----
 * Each firing_<effect> below is the effect of its code in the table `effects` (end of file) and reads the
 * special's parameters from its typed fields. Piece pointers go stale whenever a piece is added or removed: the helpers below work by square. */

static uint64_t rnd(Game *g, int n)
{
    return rng_below(&g->b->rng, (uint64_t)n);
}

/* The owner word of a piece for {pN}: -2 for orphans. */
static int ev_owner(const Board *b, const Piece *p)
{
    return board_is_orphan(b, p) ? -2 : p->owner;
}

/* Events about a phased piece reach only its owner (contract 14.3: specials never reveal it). */
static int ev_flags(const Piece *p)
{
    return p->g.phased ? EV_PRIVATE : 0;
}

/* An event of kind about the piece on sq (and optionally a second square sq2, e.g. where it went): token 0 (and 1)
 * is the piece. */
static Event *firing_piece_event(Game *g, int sq, int sq2, EventKind kind)
{
    Piece *p = board_piece_at(g->b, sq2 >= 0 ? sq2 : sq);
    if (!p)
        return NULL;
    int sqs[2] = {sq, sq2};
    int word = ev_owner(g->b, p);
    /* An orphan is nobody's: its former owner is not told about it (contract 14.6). */
    Event *ev = game_event(g, kind, word == -2 ? -1 : p->owner, ev_flags(p), sqs, sq2 >= 0 ? 2 : 1);
    ev->owner[0] = ev->owner[1] = word;
    ev->seq[0] = piece_str(&p->g, false);
    if (sq2 >= 0) {
        ev->seq[1] = piece_str(&p->g, false);
        game_ev_moved(ev, 0, sq, sq2);
        game_ev_moved(ev, 1, sq, sq2);
    }
    return ev;
}

/* What the firing player alone is told about their special (blocked, unaffordable, ...): the event, for its
 * arguments. */
static Event *tell(Game *g, int player, const Special *sp, int sq2, EventKind kind)
{
    int sqs[2] = {sp->sq, sq2};
    Event *ev = game_event(g, kind, player, EV_PRIVATE, sqs, sq2 >= 0 ? 2 : 1);
    ev->special = sp->code;
    return ev;
}

/* Whether reader saw the special's square just before the action (its code may then be named). */
static bool sp_seen(const Game *g, int reader, const Special *sp)
{
    const uint8_t *v = reader >= 0 && reader < g->b->np ? g->before[reader] : NULL;
    return v && (v[sp->sq] & SIGHT_SEEN);
}

/* Sets ev's special to sp, named to ev's subject ("special S<n>", else "a special") when they saw its square just
 * before (contract 8): a special outside the reader's view is never described, not even to the owner of a piece it
 * hits. */
static void sp_name(const Game *g, Event *ev, const Special *sp)
{
    ev->special = sp->code;
    ev->named = sp_seen(g, ev->subject, sp);
}

/* The special in a W shield notice on sq, which every reader who sees sq reads: the code only when the piece
 * stands on the special itself (then whoever sees the piece sees the special); named as named, else as plain. */
static EventWhy shield_name(const Special *sp, int sq, EventWhat named, EventWhat plain)
{
    return (EventWhy){.what = sq == sp->sq ? named : plain, .special = sp->code};
}

static void add_copies(Genome *gn, int gene, int k)
{
    int v = gn->n[gene] + k;
    gn->n[gene] = (uint16_t)(v > GENOME_MAX_COPIES ? GENOME_MAX_COPIES : v);
}

/* A special would destroy the K piece on sq: it loses every code but K instead (contract 14.6); W resists.
 * Returns the cost of the codes lost (0 when nothing was lost or W resisted). */
static int64_t strip_king(Game *g, int sq, const Special *sp)
{
    Piece *p = board_piece_at(g->b, sq);
    Genome lost = p->g;
    lost.n[GENE_K] = 0;
    lost.phased = lost.flare = false;
    if (!piece_total(&lost))
        return 0;
    if (game_shield(g, sq, shield_name(sp, sq, WHAT_SPECIAL, WHAT_A_SPECIAL)))
        return 0;
    p = board_piece_at(g->b, sq);
    for (int i = 0; i < GENE_COUNT; i++)
        if (i != GENE_K)
            p->g.n[i] = 0;
    Event *ev = firing_piece_event(g, sq, -1, EVENT_KING_STRIPPED); /* its blind words: K is a code (contract 8) */
    ev->codes = piece_str(&lost, false);
    sp_name(g, ev, sp);
    return piece_cost(&lost);
}

/* A special destroys the piece on sq; a K piece loses every code but K instead. True when sq is now empty. */
static bool destroy(Game *g, int sq, const Special *sp)
{
    Piece *p = board_piece_at(g->b, sq);
    if (!p)
        return true;
    if (p->g.n[GENE_K]) {
        strip_king(g, sq, sp);
        return false;
    }
    game_kill(g, sq, -1, false);
    return true;
}

/* occupied=move: the piece on sq moves to a random free neighbouring floor square (8 neighbours).
 * False (blocked) when there is none or W resists. */
static bool move_aside(Game *g, int sq, const Special *sp)
{
    Board *b = g->b;
    int free_sq[DIR_COUNT], n = 0;
    for (int d = 0; d < DIR_COUNT; d++) {
        int t = board_step(b, sq, d);
        if (t >= 0 && board_is_floor(b, t) && !board_piece_at(b, t))
            free_sq[n++] = t;
    }
    if (!n)
        return false;
    if (game_shield(g, sq, shield_name(sp, sq, WHAT_PUSHED_ASIDE, WHAT_PUSHED_ASIDE_A_SPECIAL)))
        return false;
    int to = free_sq[rnd(g, n)];
    board_move_piece(b, sq, to);
    firing_piece_event(g, sq, to, EVENT_PUSHED);
    return true;
}

/* Makes the target of a placing special (S3, S8) free floor, as occupied= says. A wall blocks; another
 * player's phased piece blocks and is revealed (contract 14.3); so does the player's own phased piece when it
 * stays (a target left as it was would show the others a hidden piece). True when tsq is free floor now. */
static bool clear_target(Game *g, int player, const Special *sp, int tsq)
{
    Board *b = g->b;
    if (!board_is_floor(b, tsq))
        return false;
    Piece *tp = board_piece_at(b, tsq);
    if (!tp)
        return true;
    EventWhy why = {.what = WHY_ON_TARGET, .special = sp->code};
    if (tp->g.phased && tp->owner != player) {
        game_reveal(g, tp, why);
        return false;
    }
    bool cleared = false;
    if (sp->occupied == SPECIAL_OCC_DESTROY)
        cleared = destroy(g, tsq, sp);
    else if (sp->occupied == SPECIAL_OCC_MOVE)
        cleared = move_aside(g, tsq, sp);
    tp = board_piece_at(b, tsq);
    if (!cleared && tp && tp->g.phased)
        game_reveal(g, tp, why);
    return cleared;
}

/* ---- S1 .. S22 ---- */

/* A special's E for the player (why.amount), with its line in their E breakdown even when it comes to nothing
 * ("+0 ...": contract 14.9, a zero effect is said as such). */
static void firing_special_e(Game *g, int player, EbookLine why)
{
    if (why.amount > 0) {
        game_add_e(g, player, why);
    } else {
        why.amount = 0;
        game_ebook(g, player, why);
    }
}

static void firing_e_bonus(Game *g, int player, Special *sp, Piece *occ)
{
    (void)occ;
    int64_t e = sp->e;
    if (sp->per_king) {
        int64_t k = board_king_codes(g->b, player);
        firing_special_e(g, player,
                  (EbookLine){.kind = EBOOK_S1_PER_KING, .amount = sat_mul(e, k), .sq = sp->sq, .num = {e, k}});
    } else {
        firing_special_e(g, player, (EbookLine){.kind = EBOOK_S1, .amount = e, .sq = sp->sq});
    }
}

/* S2 on an occupied target: occupied= says whether the piece goes first. True when sq is free now. A piece
 * that stays (block; a K that destroy leaves; no room to move) and was phased is revealed: a wall missing
 * on a square that looks empty would show it anyway (contract 14.3, as for placements onto a phased piece). */
static bool wall_target_cleared(Game *g, const Special *sp, int sq)
{
    bool cleared = false;
    if (sp->occupied == SPECIAL_OCC_DESTROY)
        cleared = destroy(g, sq, sp); /* a K piece stays: no wall on its square */
    else if (sp->occupied == SPECIAL_OCC_MOVE)
        cleared = move_aside(g, sq, sp);
    Piece *p = board_piece_at(g->b, sq);
    if (!cleared && p && p->g.phased)
        game_reveal(g, p, (EventWhy){.what = WHY_BLOCKED_SPECIAL, .special = 2});
    return cleared;
}

static void firing_wall_creation(Game *g, int player, Special *sp, Piece *occ)
{
    (void)player;
    (void)occ;
    Board *b = g->b;
    bool exterior = sp->wall == SPECIAL_WALL_EXTERIOR;
    const int *t;
    int n = special_target_squares(sp, &t);
    for (int i = 0; i < n; i++) {
        int sq = t[i];
        char ter = b->ter[sq];
        if (ter == TER_OUTSIDE || ter == TER_XWALL || (ter == TER_IWALL && !exterior))
            continue;
        if (board_piece_at(b, sq) && !wall_target_cleared(g, sp, sq))
            continue;
        b->ter[sq] = exterior ? TER_XWALL : TER_IWALL;
        game_event(g, exterior ? EVENT_XWALL_APPEARED : EVENT_IWALL_APPEARED, -1, 0, &sq, 1);
    }
}

static void firing_duplicate(Game *g, int player, Special *sp, Piece *occ)
{
    Board *b = g->b;
    Genome c = occ->g;
    c.phased = c.flare = false;
    int owner = occ->owner;
    int64_t cost = piece_cost(&c);
    if (cost == E_MAX || cost > b->pl[player].e) {
        Event *ev = tell(g, player, sp, -1, EVENT_SPECIAL_COPY_COST);
        ev->num[0] = cost;
        ev->num[1] = b->pl[player].e;
        return;
    }
    int tsq = sp->target.sq[0];
    if (tsq == sp->sq || !clear_target(g, player, sp, tsq)) {
        tell(g, player, sp, tsq, EVENT_SPECIAL_COPY_BLOCKED);
        return;
    }
    b->pl[player].e -= cost;
    game_ebook(g, player, (EbookLine){.kind = EBOOK_S3_COPY, .amount = cost, .sq = tsq});
    board_add_piece(b, tsq, owner, &c);
    firing_piece_event(g, tsq, -1, EVENT_NEW_PIECE);
}

static void firing_add_codes(Game *g, int player, Special *sp, Piece *occ)
{
    (void)player;
    Genome add = sp->codes;
    if (!piece_total(&add) || game_shield(g, sp->sq, (EventWhy){.what = WHAT_SPECIAL, .special = 4}))
        return;
    occ = board_piece_at(g->b, sp->sq);
    for (int i = 0; i < GENE_COUNT; i++)
        add_copies(&occ->g, i, add.n[i]);
    firing_piece_event(g, sp->sq, -1, EVENT_GAINED_CODES)->codes = piece_str(&add, false);
}

static void firing_map_view(Game *g, int player, Special *sp, Piece *occ)
{
    Player *pl = &g->b->pl[player];
    bool dec = occ->g.n[GENE_F] > 0;
    pl->full_decode = (pl->full_view && pl->full_decode) || dec;
    pl->full_view = true;
    board_turn_label(g->b, pl->full_until);
    tell(g, player, sp, -1, dec ? EVENT_SPECIAL_MAP_DECODED : EVENT_SPECIAL_MAP);
}

static void firing_piece_killer(Game *g, int player, Special *sp, Piece *occ)
{
    (void)player;
    (void)occ;
    const int *t;
    int n = special_target_squares(sp, &t);
    for (int i = 0; i < n; i++)
        if (board_piece_at(g->b, t[i]))
            destroy(g, t[i], sp);
}

static void firing_detonate(Game *g, int player, Special *sp, Piece *occ)
{
    (void)player;
    Board *b = g->b;
    /* C, E and O are read before the piece dies (ruling). */
    bool diag = occ->g.n[GENE_C] > 0, through = occ->g.n[GENE_E] > 0, mine = occ->g.n[GENE_O] > 0;
    int from = sp->sq;
    destroy(g, from, sp);
    static const int dirs[] = {DIR_N, DIR_E, DIR_S, DIR_W, DIR_NE, DIR_SE, DIR_SW, DIR_NW};
    for (int k = 0; k < (diag ? 8 : 4); k++) {
        for (int sq = board_step(b, from, dirs[k]); sq >= 0; sq = board_step(b, sq, dirs[k])) {
            char ter = b->ter[sq];
            if (ter == TER_OUTSIDE || ter == TER_XWALL)
                break;
            if (ter == TER_IWALL) {
                if (mine) {
                    b->ter[sq] = TER_FLOOR;
                    game_event(g, EVENT_IWALL_BLASTED, -1, 0, &sq, 1);
                }
                break;
            }
            Piece *p = board_piece_at(b, sq);
            if (!p)
                continue;
            /* contract 14.3: a blast reaching a phased piece reveals it. */
            if (p->g.phased)
                game_reveal(g, p, (EventWhy){.what = WHY_BLAST});
            destroy(g, sq, sp);
            if (!through)
                break;
        }
    }
}

/* Moves the occupant (firing player's piece) from its square to the free floor square to. */
static void teleport(Game *g, int from, int to)
{
    board_move_piece(g->b, from, to);
    firing_piece_event(g, from, to, EVENT_TELEPORTED);
}

/* S8 target=SQ:SQ: to a random empty floor square in the rectangle. A phased piece looks empty, the
 * firing player's own too: its square may be chosen, and then the teleport is blocked and reveals it
 * (contract 14.3) - skipping it would tell the others a hidden piece is there (a rectangle whose only empty-looking
 * square holds one would do nothing at all). */
static void teleport_into_rect(Game *g, int player, Special *sp)
{
    Board *b = g->b;
    const int *t = sp->target.sq;
    int c0 = board_col(b, t[0]), c1 = board_col(b, t[1]), r0 = board_row(b, t[0]), r1 = board_row(b, t[1]);
    int cmin = c0 < c1 ? c0 : c1, cmax = c0 < c1 ? c1 : c0, rmin = r0 < r1 ? r0 : r1, rmax = r0 < r1 ? r1 : r0;
    int cap = (cmax - cmin + 1) * (rmax - rmin + 1), nc = 0;
    int *cand = xmalloc(sizeof(int) * (size_t)cap);
    for (int r = rmin; r <= rmax; r++)
        for (int c = cmin; c <= cmax; c++) {
            int sq = board_sq(b, c, r);
            Piece *tp = board_piece_at(b, sq);
            if (board_is_floor(b, sq) && (!tp || tp->g.phased))
                cand[nc++] = sq;
        }
    if (!nc) {
        free(cand);
        tell(g, player, sp, -1, EVENT_SPECIAL_NO_FLOOR);
        return;
    }
    int to = cand[rnd(g, nc)];
    free(cand);
    if (board_piece_at(b, to)) { /* a phased piece: revealed, whoever owns it */
        game_reveal(g, board_piece_at(b, to), (EventWhy){.what = WHY_ON_TARGET, .special = 8});
        tell(g, player, sp, to, EVENT_SPECIAL_TELEPORT_BLOCKED);
        return;
    }
    if (game_shield(g, sp->sq, (EventWhy){.what = WHAT_SPECIAL, .special = 8}))
        return;
    teleport(g, sp->sq, to);
}

static void firing_teleport(Game *g, int player, Special *sp, Piece *occ)
{
    (void)occ;
    Board *b = g->b;
    int from = sp->sq, tsq = sp->target.sq[0];
    if (sp->target.rect) {
        teleport_into_rect(g, player, sp);
        return;
    }
    if (tsq == from)
        return;
    Piece *tp = board_piece_at(b, tsq);
    if (!board_is_floor(b, tsq) || (tp && tp->g.phased && tp->owner != player) ||
        (tp && sp->occupied == SPECIAL_OCC_BLOCK)) {
        clear_target(g, player, sp, tsq); /* reveals another player's phased piece in the way */
        tell(g, player, sp, tsq, EVENT_SPECIAL_TELEPORT_BLOCKED);
        return;
    }
    /* W resists the teleport before anything is done to the target. */
    if (game_shield(g, from, (EventWhy){.what = WHAT_SPECIAL, .special = 8}))
        return;
    if (tp && !clear_target(g, player, sp, tsq)) {
        tell(g, player, sp, tsq, EVENT_SPECIAL_TELEPORT_BLOCKED);
        return;
    }
    teleport(g, from, tsq);
}

static void firing_radiate(Game *g, int player, Special *sp, Piece *occ)
{
    (void)player;
    (void)occ;
    Board *b = g->b;
    int64_t count = sp->count;
    const int *t;
    int n = special_target_squares(sp, &t);
    for (int i = 0; i < n; i++) {
        int sq = t[i];
        Piece *p = board_piece_at(b, sq);
        /* A non-K piece may lose its last A (and die); K is never removable. */
        if (!p || !piece_removable(&p->g, false, NULL))
            continue;
        if (game_shield_as(g, sq, shield_name(sp, sq, WHAT_RADIATION_S9, WHAT_RADIATION),
                           SHIELD_IRRADIATED)) /* count= is one effect */
            continue;
        p = board_piece_at(b, sq);
        Genome lost = {0};
        for (int64_t k = 0; k < count && piece_viable(&p->g); k++) {
            uint16_t rem[GENE_COUNT];
            int total = piece_removable(&p->g, false, rem);
            if (!total)
                break;
            int r = (int)rnd(g, total), gene = 0;
            while (r >= rem[gene])
                r -= rem[gene++];
            p->g.n[gene]--;
            lost.n[gene]++;
        }
        bool named = sp_seen(g, p->owner, sp), viable = piece_viable(&p->g);
        EventKind kind = named ? viable ? EVENT_IRRADIATED_NAMED : EVENT_IRRADIATED_NAMED_DEAD
                               : viable ? EVENT_IRRADIATED : EVENT_IRRADIATED_DEAD;
        firing_piece_event(g, sq, -1, kind)->codes = piece_str(&lost, false);
        game_after_change(g, sq);
    }
}

static void firing_wall_destruction(Game *g, int player, Special *sp, Piece *occ)
{
    (void)player;
    (void)occ;
    const int *t;
    int n = special_target_squares(sp, &t);
    for (int i = 0; i < n; i++) {
        int sq = t[i];
        if (g->b->ter[sq] == TER_IWALL) {
            g->b->ter[sq] = TER_FLOOR;
            game_event(g, EVENT_IWALL_CRUMBLED, -1, 0, &sq, 1);
        }
    }
}

static void firing_factored_bonus(Game *g, int player, Special *sp, Piece *occ)
{
    (void)sp;
    (void)occ;
    Board *b = g->b;
    if (g->s11_done)
        return;
    g->s11_done = true;
    int64_t n = 0;
    for (int i = 0; i < b->nsp; i++) {
        Piece *p = b->sp[i].code == 11 ? board_piece_at(b, b->sp[i].sq) : NULL;
        if (p && board_controls(b, player, p))
            n++;
    }
    /* floor(E x n^2 / 100), exactly, without overflowing. */
    int64_t e = b->pl[player].e, n2 = n * n;
    int64_t gain = sat_add(sat_mul(e / 100, n2), (e % 100) * n2 / 100);
    firing_special_e(g, player, (EbookLine){.kind = EBOOK_S11, .amount = gain, .num = {n2, e, n}});
}

static void firing_e_decay(Game *g, int player, Special *sp, Piece *occ)
{
    (void)occ;
    Board *b = g->b;
    int64_t e = sp->e;
    for (int i = 0; i < b->np; i++) {
        if (i == player || !b->pl[i].e || !e)
            continue;
        int64_t loss = e < b->pl[i].e ? e : b->pl[i].e;
        b->pl[i].e -= loss;
        game_ebook(g, i, (EbookLine){.kind = EBOOK_S12_DECAY, .amount = loss});
    }
    tell(g, player, sp, -1, EVENT_SPECIAL_DECAY)->num[0] = e;
}

static int cmp_sq_idx_sp(const void *x, const void *y, const Board *b)
{
    int a = b->sp[*(const int *)x].sq, c = b->sp[*(const int *)y].sq;
    return (a > c) - (a < c);
}

/* Indices of b->sp in reading order of their squares; caller frees. */
static int *firing_specials_in_order(const Board *b)
{
    int *ix = xmalloc(sizeof(int) * (size_t)(b->nsp ? b->nsp : 1));
    for (int i = 0; i < b->nsp; i++)
        ix[i] = i;
    /* insertion sort: few specials, stable */
    for (int i = 1; i < b->nsp; i++)
        for (int k = i; k > 0 && cmp_sq_idx_sp(&ix[k - 1], &ix[k], b) > 0; k--) {
            int x = ix[k];
            ix[k] = ix[k - 1];
            ix[k - 1] = x;
        }
    return ix;
}

static void firing_special_moved(Game *g, const Special *s, int from)
{
    int sqs[2] = {from, s->sq};
    game_event(g, EVENT_SPECIAL_MOVED, -1, 0, sqs, 2)->special = s->code;
}

/* S13: whether sq is a square of the kind onto= asks for. A phased piece looks like an empty square to
 * everyone but its owner, so it counts as empty: which squares may be drawn never depends on it. */
static bool relocate_candidate(const Board *b, SpecialOnto kind, int sq)
{
    if (kind == SPECIAL_ONTO_WALLS)
        return b->ter[sq] == TER_IWALL;
    const Piece *p = board_piece_at(b, sq);
    bool looks_occupied = p && !p->g.phased;
    return b->ter[sq] == TER_FLOOR && looks_occupied == (kind == SPECIAL_ONTO_OCCUPIED);
}

static void firing_relocate(Game *g, int player, Special *sp, Piece *occ)
{
    (void)player;
    (void)occ;
    Board *b = g->b;
    SpecialOnto kind = sp->onto;
    int n = b->w * b->h;
    int *nsp_at = xcalloc((size_t)n, sizeof(int)), *cand = xmalloc(sizeof(int) * (size_t)n);
    for (int i = 0; i < b->nsp; i++)
        nsp_at[b->sp[i].sq]++;
    int *ix = firing_specials_in_order(b);
    for (int k = 0; k < b->nsp; k++) {
        Special *s = &b->sp[ix[k]];
        int nc = 0;
        for (int sq = 0; sq < n; sq++) {
            if (!board_in_area(b, sq) || nsp_at[sq] > (sq == s->sq))
                continue;
            if (relocate_candidate(b, kind, sq))
                cand[nc++] = sq;
        }
        if (!nc)
            continue;
        int from = s->sq, to = cand[rnd(g, nc)];
        if (to == from)
            continue;
        Piece *ph = board_piece_at(b, to);
        if (ph && ph->g.phased) {
            /* contract 14.3: a phased piece looks like an empty square; the special is blocked and reveals it. */
            game_reveal(g, ph, (EventWhy){.what = WHY_BLOCKED_SPECIAL, .special = 13});
            continue;
        }
        nsp_at[from]--;
        nsp_at[to]++;
        s->sq = to;
        firing_special_moved(g, s, from);
    }
    free(ix);
    free(cand);
    free(nsp_at);
}

static void firing_double_up(Game *g, int player, Special *sp, Piece *occ)
{
    Board *b = g->b;
    int sq = sp->sq;
    Genome add = occ->g;
    add.n[GENE_K] = 0; /* a K piece doubles every code but K */
    add.phased = add.flare = false;
    if (!piece_total(&add))
        return; /* a bare K: nothing, no charge */
    int64_t cost = piece_cost(&occ->g);
    if (cost == E_MAX || cost > b->pl[player].e) {
        Event *ev = tell(g, player, sp, -1, EVENT_SPECIAL_DOUBLE_COST);
        ev->num[0] = cost;
        ev->num[1] = b->pl[player].e;
        return;
    }
    if (game_shield(g, sq, (EventWhy){.what = WHAT_SPECIAL, .special = 14})) /* resisted: nothing charged */
        return;
    b->pl[player].e -= cost;
    game_ebook(g, player, (EbookLine){.kind = EBOOK_S14_DOUBLE, .amount = cost, .sq = sq});
    occ = board_piece_at(b, sq);
    for (int i = 0; i < GENE_COUNT; i++)
        add_copies(&occ->g, i, add.n[i]);
    firing_piece_event(g, sq, -1, EVENT_DOUBLED);
}

static void firing_redistribute(Game *g, int player, Special *sp, Piece *occ)
{
    (void)occ;
    Board *b = g->b;
    int *all;
    int na = board_piece_squares(b, &all), nk = 0;
    for (int i = 0; i < na; i++) {
        Piece *p = board_piece_at(b, all[i]);
        if (board_controls(b, player, p) && !p->g.n[GENE_K])
            all[nk++] = all[i];
    }
    if (nk < 2) {
        free(all);
        return;
    }
    /* W pieces resist: they stay, and their squares are not in the shuffle. */
    int n = 0;
    for (int i = 0; i < nk; i++) {
        if (!game_shield(g, all[i], shield_name(sp, all[i], WHAT_SPECIAL, WHAT_A_SPECIAL)))
            all[n++] = all[i];
    }
    Piece *pcs = xmalloc(sizeof *pcs * (size_t)(n ? n : 1));
    int *freesq = xmalloc(sizeof(int) * (size_t)(n ? n : 1));
    for (int i = 0; i < n; i++) {
        pcs[i] = *board_piece_at(b, all[i]);
        freesq[i] = all[i];
    }
    for (int i = 0; i < n; i++)
        board_remove_piece(b, all[i]);
    int nf = n;
    for (int i = 0; i < n; i++) {
        int k = (int)rnd(g, nf), to = freesq[k];
        memmove(freesq + k, freesq + k + 1, sizeof(int) * (size_t)(nf - k - 1));
        nf--;
        board_add_piece(b, to, pcs[i].owner, &pcs[i].g)->serial = pcs[i].serial; /* the same piece, moved */
        if (to != pcs[i].sq)
            firing_piece_event(g, pcs[i].sq, to, EVENT_MOVED_BY_SPECIAL);
    }
    free(pcs);
    free(freesq);
    free(all);
}

static void firing_tremor(Game *g, int player, Special *sp, Piece *occ)
{
    (void)player;
    (void)occ;
    Board *b = g->b;
    /* Pieces keep their index in b->pc while they only move: each moves once. */
    int *sqs;
    int n = board_piece_squares(b, &sqs);
    for (int i = 0; i < n; i++)
        sqs[i] = b->at[sqs[i]];
    for (int i = 0; i < n; i++) {
        int from = b->pc[sqs[i]].sq, to = board_step(b, from, (int)rnd(g, DIR_COUNT));
        if (to < 0 || !board_is_floor(b, to) || board_piece_at(b, to))
            continue;
        if (game_shield(g, from, shield_name(sp, from, WHAT_TREMOR_S16, WHAT_A_TREMOR)))
            continue;
        board_move_piece(b, from, to);
        firing_piece_event(g, from, to, EVENT_SHAKEN);
    }
    free(sqs);
    int *ix = firing_specials_in_order(b);
    for (int k = 0; k < b->nsp; k++) {
        Special *s = &b->sp[ix[k]];
        int from = s->sq, to = board_step(b, from, (int)rnd(g, DIR_COUNT));
        if (to < 0 || !board_is_floor(b, to) || board_special_at(b, to))
            continue;
        s->sq = to;
        firing_special_moved(g, s, from);
    }
    free(ix);
}

/* Records that player saw the piece p as seq at the current turn (S17/S18); a later reveal of the
 * same square replaces an earlier one unless it shows less. */
static void add_reveal(Game *g, int player, const Piece *p, const char *seq)
{
    Player *pl = &g->b->pl[player];
    Reveal rv = {0};
    rv.sq = p->sq;
    rv.owner = board_is_orphan(g->b, p) ? REVEAL_ORPHAN : p->owner; /* contract 8: orphans show as orphans */
    snprintf(rv.seq, sizeof rv.seq, "%s", seq);
    board_turn_label(g->b, rv.label);
    for (int k = 0; k < pl->nreveals; k++)
        if (pl->reveals[k].sq == p->sq) {
            if (strcmp(seq, "K") || !strcmp(pl->reveals[k].seq, "K"))
                pl->reveals[k] = rv;
            return;
        }
    pl->reveals = xrealloc(pl->reveals, sizeof(Reveal) * (size_t)(pl->nreveals + 1));
    pl->reveals[pl->nreveals++] = rv;
}

/* Another player's piece a reveal may show: never a phased one (contract 8). */
static bool revealable(const Piece *p, int player)
{
    return p->owner != player && !p->g.phased;
}

static void firing_target(Game *g, int player, Special *sp, Piece *occ)
{
    Board *b = g->b;
    bool full = occ->g.n[GENE_F] > 0;
    int *sqs, count = 0;
    int n = board_piece_squares(b, &sqs);
    for (int i = 0; i < n; i++) {
        Piece *p = board_piece_at(b, sqs[i]);
        if (!revealable(p, player) || !p->g.n[GENE_K])
            continue;
        char buf[sizeof ((Reveal *)0)->seq];
        add_reveal(g, player, p, full ? piece_format(&p->g, false, buf, sizeof buf) : "K");
        count++;
    }
    free(sqs);
    tell(g, player, sp, -1, full ? EVENT_SPECIAL_KINGS_FULL : EVENT_SPECIAL_KINGS)->num[0] = count;
}

static void firing_synergy(Game *g, int player, Special *sp, Piece *occ)
{
    Board *b = g->b;
    Genome me = occ->g;
    int *sqs, count = 0;
    int n = board_piece_squares(b, &sqs);
    for (int i = 0; i < n; i++) {
        Piece *p = board_piece_at(b, sqs[i]);
        if (!revealable(p, player) || memcmp(p->g.n, me.n, sizeof me.n))
            continue;
        char buf[sizeof ((Reveal *)0)->seq];
        add_reveal(g, player, p, piece_format(&p->g, false, buf, sizeof buf));
        count++;
    }
    free(sqs);
    tell(g, player, sp, -1, EVENT_SPECIAL_SAME_SEQ)->num[0] = count;
}

static void firing_rockfall(Game *g, int player, Special *sp, Piece *occ)
{
    (void)player;
    Board *b = g->b;
    int r = piece_view_radius(&occ->g), c0 = board_col(b, sp->sq), r0 = board_row(b, sp->sq);
    int cmin = c0 - r < 0 ? 0 : c0 - r, cmax = c0 + r >= b->w ? b->w - 1 : c0 + r;
    int rmin = r0 - r < 0 ? 0 : r0 - r, rmax = r0 + r >= b->h ? b->h - 1 : r0 + r;
    int corners[4] = {sp->sq, board_sq(b, cmin, rmin), board_sq(b, cmax, rmax), board_sq(b, cmax, rmin)};
    game_event(g, EVENT_ROOF_FELL, -1, 0, corners, 4);
    for (int row = rmin; row <= rmax; row++)
        for (int col = cmin; col <= cmax; col++) {
            int sq = board_sq(b, col, row);
            if (b->ter[sq] != TER_FLOOR)
                continue;
            if (!destroy(g, sq, sp))
                continue; /* a K piece stays: its square stays floor */
            b->ter[sq] = TER_IWALL;
        }
}

static void firing_recycle(Game *g, int player, Special *sp, Piece *occ)
{
    int sq = sp->sq;
    int64_t back;
    if (occ->g.n[GENE_K]) {
        back = strip_king(g, sq, sp);
    } else {
        back = piece_cost(&occ->g);
        game_kill(g, sq, -1, false);
    }
    firing_special_e(g, player, (EbookLine){.kind = EBOOK_S21_RECYCLE, .amount = back, .sq = sq});
}

static void firing_monkey(Game *g, int player, Special *sp, Piece *occ)
{
    (void)player;
    (void)occ;
    Board *b = g->b;
    if (!b->npc)
        return;
    int *sqs;
    int n = board_piece_squares(b, &sqs);
    int *gain = xcalloc((size_t)n, sizeof(int));
    for (int s = 0; s < b->nst; s++) {
        int best = -1;
        for (int i = 0; i < n; i++) {
            int d = board_dist(b, sqs[i], b->st[s].sq);
            if (best < 0 || d < best)
                best = d;
        }
        for (int i = 0; i < n; i++)
            if (board_dist(b, sqs[i], b->st[s].sq) == best)
                gain[i]++;
    }
    for (int i = 0; i < n; i++) {
        if (!gain[i] || !board_piece_at(b, sqs[i]))
            continue;
        /* one effect however many Ks */
        if (game_shield(g, sqs[i], shield_name(sp, sqs[i], WHAT_SPECIAL, WHAT_A_SPECIAL)))
            continue;
        Piece *p = board_piece_at(b, sqs[i]);
        add_copies(&p->g, GENE_K, gain[i]);
        Event *ev = firing_piece_event(g, sqs[i], -1, EVENT_GAINED_KING);
        ev->num[0] = gain[i];
        sp_name(g, ev, sp);
    }
    free(gain);
    free(sqs);
}

/* The effect of each special (contract 14.8), by code: the rules half of special_table (specials.c holds what a special
 * is — name, parameters — and this what it does). A test checks the two cover the same codes. */
static void (*const effects[SPECIAL_CODE_MAX + 1])(Game *, int, Special *, Piece *) = {
    [1] = firing_e_bonus,
    [2] = firing_wall_creation,
    [3] = firing_duplicate,
    [4] = firing_add_codes,
    [5] = firing_map_view,
    [6] = firing_piece_killer,
    [7] = firing_detonate,
    [8] = firing_teleport,
    [9] = firing_radiate,
    [10] = firing_wall_destruction,
    [11] = firing_factored_bonus,
    [12] = firing_e_decay,
    [13] = firing_relocate,
    [14] = firing_double_up,
    [15] = firing_redistribute,
    [16] = firing_tremor,
    [17] = firing_target,
    [18] = firing_synergy,
    [20] = firing_rockfall,
    [21] = firing_recycle,
    [22] = firing_monkey,
};

bool firing_has_effect(int code)
{
    return code >= 0 && code <= SPECIAL_CODE_MAX && effects[code] != NULL;
}

/* Fires one special for the player whose piece stands on it. */
static void fire_one(Game *g, int player, Special *sp)
{
    const SpecialInfo *si = special_info(sp->code);
    if (!si)
        return;
    Piece *occ = board_piece_at(g->b, sp->sq);
    if (!occ || !board_controls(g->b, player, occ))
        return;
    game_event(g, EVENT_SPECIAL_FIRED, player, EV_PRIVATE, &sp->sq, 1)->special = sp->code;
    if (effects[sp->code])
        effects[sp->code](g, player, sp, occ);
}

/* A special of the firing list with the piece that stood on it when the list was fixed. */
typedef struct FiringEntry {
    Special *sp;
    int sq;          /* the special's square then */
    uint32_t serial; /* the piece on it then */
} FiringEntry;

static int firing_cmp_entry(const void *a, const void *b)
{
    const FiringEntry *x = a, *y = b;
    return cmp_fire(&x->sp, &y->sp);
}

void firing_run(Game *g, int player)
{
    Board *b = g->b;
    g->s11_done = false; /* S11 pays once per turn (contract 14.5, 14.8) */
    /* The list is fixed when this step begins: by code, then reading order, each special with the piece that
     * started the turn on it. */
    FiringEntry *list = xmalloc(sizeof *list * (size_t)(b->nsp ? b->nsp : 1));
    int n = 0;
    for (int i = 0; i < b->nsp; i++) {
        Piece *p = board_piece_at(b, b->sp[i].sq);
        if (p && p->owner == player && board_controls(b, player, p))
            list[n++] = (FiringEntry){.sp = &b->sp[i], .sq = b->sp[i].sq, .serial = p->serial};
    }
    qsort(list, (size_t)n, sizeof *list, firing_cmp_entry);
    /* A special fires for the piece that started the turn on it and stands there still: not moved, taken or
     * replaced in between — also not by a special fired before it in this list (specials.txt: "that piece must
     * start its next turn on the special square"). A special that S13 or S16 moved has left its piece, so it
     * does not fire; one not listed never fires. Firing never adds or removes specials, so the pointers into
     * b->sp stay valid. */
    for (int i = 0; i < n; i++) {
        Special *sp = list[i].sp;
        Piece *p = board_piece_at(b, sp->sq);
        if (sp->sq != list[i].sq || !p || p->serial != list[i].serial || !board_controls(b, player, p))
            continue;
        fire_one(g, player, sp);
    }
    free(list);
}
