/* threat: where the rivals' pieces out of view could be and what they could reach (threat.h; contract 12).
 *
 * Nothing here reads a fact the player cannot see: the board is the one the player knows, the start squares and
 * the parameters are on every player's New sheet, and the round is on every sheet. A rival's E is not read: the
 * most it could hold is worked out from the parameters and the round. */
#include "threat.h"

#include <stdlib.h>
#include <string.h>

#include "pieces.h"
#include "sight.h"

/* The longest MOVE weighed (a piece faster than this is taken to move this far). */
#define THREAT_STEPS_MAX 12
/* What each kind of opening costs the position: an orthogonal approach open to any rival piece, a diagonal one
 * open to a piece with C, a King a jumping piece could land on. An order that closes one outweighs a piece's
 * walk towards the goal (weigh.c: at most 120), so a King out in the open is walled in first. */
#define THREAT_ORTH 300.0
#define THREAT_DIAG 120.0
#define THREAT_JUMP 40.0
/* What a door costs: an approach one of the player's own pieces that is no guard stood on when it decided, and
 * that it leaves. It is open for one rival turn only (a guard or a new piece closes it on the next turn), the
 * price of sending out the pieces made next to the King; kept below what a step towards the goal is worth. */
#define THREAT_DOOR 3.0
/* E a rival may have gained beyond its King's accrual per round (a gold seam, a capture's worth): generous, so
 * that the reach is never less than what a rival could have. */
#define THREAT_E_SLACK 2
/* What a guard (a bare A) costs: the E a player needs to close an approach on its next turn. */
#define THREAT_GUARD_E 2

/* The longest exact MOVE a piece with one A, B codes and the extra code could make for at most e E: 0 when not
 * even the slowest is affordable. */
static int threat_longest(int64_t e, Gene extra)
{
    int best = 0;
    for (int len = 1; len <= THREAT_STEPS_MAX; len++) {
        Genome g = {.n = {[GENE_A] = 1, [GENE_B] = (uint16_t)(len - 1)}};
        if (extra != GENE_A)
            g.n[extra] = 1;
        if (piece_cost(&g) <= e)
            best = len;
    }
    return best;
}

/* Where threat_walk looks: the squares within radius steps of centre (every square when centre < 0). */
typedef struct ThreatWindow {
    int c0, r0, c1, r1;
} ThreatWindow;

static ThreatWindow threat_window(const Board *b, int centre, int radius)
{
    if (centre < 0)
        return (ThreatWindow){0, 0, b->w - 1, b->h - 1};
    int c = board_col(b, centre), r = board_row(b, centre);
    return (ThreatWindow){c - radius < 0 ? 0 : c - radius, r - radius < 0 ? 0 : r - radius,
                          c + radius >= b->w ? b->w - 1 : c + radius, r + radius >= b->h ? b->h - 1 : r + radius};
}

/* A window's squares as bits, `words` words a row: bit i of word k of row r stands for the square
 * (w.c0 + 64 k + i, w.r0 + r). */
typedef struct ThreatBits {
    ThreatWindow w;
    int rows, words;
} ThreatBits;

static ThreatBits threat_bits(ThreatWindow w)
{
    return (ThreatBits){w, w.r1 - w.r0 + 1, (w.c1 - w.c0 + 64) / 64};
}

/* True when the square sq is in the window and in set. */
static bool threat_has(const Board *b, const ThreatBits *x, const uint64_t *set, int sq)
{
    int c = board_col(b, sq) - x->w.c0, r = board_row(b, sq) - x->w.r0;
    return c >= 0 && r >= 0 && c <= x->w.c1 - x->w.c0 && r < x->rows && (set[r * x->words + c / 64] >> (c % 64) & 1);
}

/* Fills, for the window, floor with the floor squares, open with the empty ones and from with the squares marked
 * in src (those empty on b only, when from_empty is true). */
static void threat_masks(const Board *b, const ThreatBits *x, const uint8_t *src, bool from_empty, uint64_t *floor,
                         uint64_t *open, uint64_t *from)
{
    size_t n = (size_t)x->rows * (size_t)x->words * sizeof *floor;
    memset(floor, 0, n);
    memset(open, 0, n);
    memset(from, 0, n);
    for (int r = 0; r < x->rows; r++)
        for (int i = 0, s = board_sq(b, x->w.c0, x->w.r0 + r); i <= x->w.c1 - x->w.c0; i++, s++) {
            int k = r * x->words + i / 64;
            uint64_t bit = UINT64_C(1) << (i % 64);
            floor[k] |= b->ter[s] == TER_FLOOR ? bit : 0;
            open[k] |= b->ter[s] == TER_FLOOR && b->at[s] < 0 ? bit : 0;
            from[k] |= src[s] && !(from_empty && b->at[s] >= 0) ? bit : 0;
        }
}

/* Word k of a window row moved one square either way. */
static uint64_t threat_sideways(const ThreatBits *x, const uint64_t *row, int k)
{
    return row[k] << 1 | row[k] >> 1 | (k > 0 ? row[k - 1] >> 63 : 0) | (k + 1 < x->words ? row[k + 1] << 63 : 0);
}

/* The sets threat_walk works with (free with threat_sets_free). */
typedef struct ThreatSets {
    uint64_t *floor, *open, *from, *orth, *diag, *jump, *front; /* each with room for the whole board's squares */
    uint64_t *above, *row, *was;                               /* each with room for a row of the board */
} ThreatSets;

static void threat_sets_init(const Board *b, ThreatSets *z)
{
    size_t w = (size_t)((b->w + 63) / 64), n = (size_t)b->h * w;
    uint64_t *all = xmalloc((7 * n + 3 * w) * sizeof *all);
    *z = (ThreatSets){all, all + n, all + 2 * n, all + 3 * n, all + 4 * n, all + 5 * n, all + 6 * n,
                      all + 7 * n, all + 7 * n + w, all + 7 * n + 2 * w};
}

static void threat_sets_free(ThreatSets *z)
{
    free(z->floor);
}

/* The squares of word k of row r a step from those in front reach: sideways, from the rows above and below, and
 * diagonally too when diag. above: word k of the row above (with its sideways moves when diag), as it was before
 * the step. */
static uint64_t threat_next(const ThreatBits *x, const uint64_t *front, bool diag, int r, int k, uint64_t above)
{
    const uint64_t *below = front + (r + 1) * x->words;
    uint64_t v = threat_sideways(x, front + r * x->words, k) | above;
    return r + 1 < x->rows ? v | below[k] | (diag ? threat_sideways(x, below, k) : 0) : v;
}

/* Fills reach with the squares of the window at most max steps from those in z->from, each step to a neighbour in
 * pass, 4 ways or 8 when diag (a walk a step at a time, a row's squares at once, over the rows next to those the
 * last step reached; the window bounds the walk). Uses z->front, z->above, z->row and z->was. */
static void threat_walk(const ThreatBits *x, ThreatSets *z, const uint64_t *pass, bool diag, int max, uint64_t *reach)
{
    int w = x->words;
    uint64_t *front = z->front, *above = z->above, *row = z->row, *was = z->was;
    memcpy(reach, z->from, (size_t)x->rows * (size_t)w * sizeof *reach);
    memcpy(front, z->from, (size_t)x->rows * (size_t)w * sizeof *front);
    /* rows of front outside lo to hi are empty; each row is replaced once the next one has read it */
    for (int step = 1, lo = 0, hi = x->rows - 1; step <= max && lo <= hi; step++) {
        int r0 = lo > 0 ? lo - 1 : 0, r1 = hi + 1 < x->rows ? hi + 1 : x->rows - 1;
        memset(above, 0, (size_t)w * sizeof *above);
        lo = x->rows;
        hi = -1;
        for (int r = r0; r <= r1; r++) {
            for (int k = 0; k < w; k++) {
                row[k] = threat_next(x, front, diag, r, k, above[k]) & pass[r * w + k] & ~reach[r * w + k];
                was[k] = front[r * w + k] | (diag ? threat_sideways(x, front + r * w, k) : 0);
            }
            for (int k = 0; k < w; k++) {
                above[k] = was[k];
                front[r * w + k] = row[k];
                reach[r * w + k] |= row[k];
                lo = row[k] && r < lo ? r : lo;
                hi = row[k] ? r : hi;
            }
        }
    }
}

bool threat_guard(const Genome *g)
{
    return g->n[GENE_A] == 1 && piece_total(g) == 1;
}

/* Marks the doors next to the King on king: the squares where a piece of the player's stands that is no guard —
 * or any of its pieces when no square next to the King is empty (a guard steps aside to make room to CREATE). */
static void threat_doors(const Board *fog, int player, int king, uint8_t *door)
{
    bool room = false;
    for (int dir = 0; dir < DIR_COUNT; dir++) {
        int s = board_step(fog, king, dir);
        room |= s >= 0 && fog->ter[s] == TER_FLOOR && fog->at[s] < 0;
    }
    for (int dir = 0; dir < DIR_COUNT; dir++) {
        int s = board_step(fog, king, dir);
        const Piece *q = s >= 0 ? board_piece_at(fog, s) : NULL;
        if (q && board_controls(fog, player, q) && !q->g.n[GENE_K] && (!room || !threat_guard(&q->g)))
            door[s] = 1;
    }
}

/* Marks as doors the empty floor squares next to the King on king that no piece out of view could pass through
 * onto it now (threat_open): closed by the player's pieces standing in the way (sentinels) or by its view. A
 * sentinel that walks out opens one for a rival turn, as a piece leaving a door does: a guard (THREAT_GUARD_E) closes
 * it on the player's next turn. So the pieces kept home walk out because the board lets them, not because the
 * game drags on. */
static void threat_closed(const Board *fog, int king, ThreatReach *t)
{
    int open[DIR_COUNT], n = threat_open(fog, king, t, open);
    for (int dir = 0; dir < DIR_COUNT; dir++) {
        int s = board_step(fog, king, dir);
        bool is_open = false;
        for (int k = 0; k < n; k++)
            is_open |= open[k] == s;
        if (s >= 0 && fog->ter[s] == TER_FLOOR && fog->at[s] < 0 && !is_open)
            t->door[s] = 1;
    }
}

void threat_reach(const Board *fog, int player, const Board *real, ThreatReach *t)
{
    int n = fog->w * fog->h, mine = player < real->np ? real->pl[player].start : 0;
    int round = fog->round > 0 ? fog->round : 1;
    int64_t e = real->par.start_e + (int64_t)round * (real->par.e_per_king + THREAT_E_SLACK);
    t->orth = threat_longest(e, GENE_A);
    t->diag = threat_longest(e, GENE_C);
    t->jump = threat_longest(e, GENE_E);
    /* a rival's piece is made next to its King, which starts on its start square and steps one square an order;
     * the piece moves at most orth (or diag) squares an order: round orders at most before this player's next */
    int fast = t->orth > t->diag ? t->orth : t->diag, far = 1 + round * (fast > 1 ? fast : 1);
    uint8_t *src = xcalloc((size_t)n, 1), *seen = xmalloc((size_t)n);
    for (int i = 0; i < real->nst; i++)
        if (real->st[i].label != mine && real->st[i].sq < n)
            src[real->st[i].sq] = 1;
    ThreatSets z;
    threat_sets_init(fog, &z);
    ThreatBits all = threat_bits(threat_window(fog, -1, 0));
    threat_masks(fog, &all, src, false, z.floor, z.open, z.from);
    threat_walk(&all, &z, z.floor, true, far, z.orth);
    sight_compute(fog, player, seen);
    t->origin = xcalloc((size_t)n, 1);
    for (int s = 0; s < n; s++)
        t->origin[s] = threat_has(fog, &all, z.orth, s) && !(seen[s] & SIGHT_SEEN) && fog->ter[s] == TER_FLOOR;
    t->door = xcalloc((size_t)n, 1);
    for (int i = 0; i < fog->npc; i++)
        if (fog->pc[i].g.n[GENE_K] && board_controls(fog, player, &fog->pc[i]))
            threat_doors(fog, player, fog->pc[i].sq, t->door);
    for (int i = 0; i < fog->npc && fog->pl[player].e >= THREAT_GUARD_E; i++)
        if (fog->pc[i].g.n[GENE_K] && board_controls(fog, player, &fog->pc[i]))
            threat_closed(fog, fog->pc[i].sq, t);
    threat_sets_free(&z);
    free(seen);
    free(src);
}

void threat_free(ThreatReach *t)
{
    free(t->origin);
    free(t->door);
    memset(t, 0, sizeof *t);
}

/* Marks in open[k] (k a direction from the King on king) the approaches open to pieces moving len squares, 8 ways
 * when diag, set being the squares within len - 1 steps of an origin (threat_steps: through empty squares, a path
 * to a square next to the King); returns what the newly marked cost, each worth (a door: THREAT_DOOR). */
static double threat_mark(const Board *b, const ThreatReach *t, const ThreatBits *x, const uint64_t *set, int king,
                          int len, bool diag, double worth, bool *open)
{
    double v = 0;
    for (int dir = 0; dir < DIR_COUNT && len >= 1; dir += diag ? 1 : 2) {
        int s = board_step(b, king, dir);
        if (s >= 0 && !open[dir] && b->ter[s] == TER_FLOOR && b->at[s] < 0 && threat_has(b, x, set, s)) {
            open[dir] = true;
            v += t->door[s] ? THREAT_DOOR : worth;
        }
    }
    return v;
}

/* What threat_mark and the jump read, for the Kings on kings: the squares within reach of the origins still empty
 * on b (a rival piece there now strikes before the player moves again, whatever the player's order lets it see) —
 * in z.orth within t->orth - 1 steps through empty squares, in z.diag t->diag - 1 steps 8 ways through empty
 * squares, in z.jump t->jump steps over any floor. Each King's window holds every path of those lengths to it or
 * to a square next to it; when the windows of all would cover more squares than the board holds (a player with
 * many Kings: melee's monkey idol), they are walked once over the whole board — the cost of weighing stays that of
 * the board's squares, whatever the number of Kings. */
typedef struct ThreatSteps {
    ThreatSets z;
    ThreatBits x; /* the window walked */
    bool whole;
} ThreatSteps;

static void threat_steps(const Board *b, const ThreatReach *t, int king, ThreatSteps *st)
{
    if (st->whole && king >= 0)
        return; /* filled once, over the whole board */
    int radius = t->orth > t->diag ? t->orth : t->diag;
    st->x = threat_bits(threat_window(b, king, radius > t->jump + 1 ? radius : t->jump + 1));
    threat_masks(b, &st->x, t->origin, true, st->z.floor, st->z.open, st->z.from);
    if (t->orth >= 1)
        threat_walk(&st->x, &st->z, st->z.open, false, t->orth - 1, st->z.orth);
    if (t->diag >= 1)
        threat_walk(&st->x, &st->z, st->z.open, true, t->diag - 1, st->z.diag);
    if (t->jump >= 1)
        threat_walk(&st->x, &st->z, st->z.floor, false, t->jump, st->z.jump);
}

static void threat_steps_init(const Board *b, const ThreatReach *t, int nkings, ThreatSteps *st)
{
    long n = (long)b->w * b->h;
    long span = 2L * (t->orth > t->jump ? (t->orth > t->diag ? t->orth : t->diag) : t->jump) + 3;
    threat_sets_init(b, &st->z);
    st->whole = nkings * span * span > n;
    if (st->whole)
        threat_steps(b, t, -1, st);
}

int threat_open(const Board *b, int king, const ThreatReach *t, int *out)
{
    bool open[DIR_COUNT] = {0};
    ThreatSteps st;
    threat_steps_init(b, t, 1, &st);
    threat_steps(b, t, king, &st);
    threat_mark(b, t, &st.x, st.z.orth, king, t->orth, false, 0, open);
    threat_mark(b, t, &st.x, st.z.diag, king, t->diag, true, 0, open);
    threat_sets_free(&st.z);
    int k = 0;
    for (int dir = 0; dir < DIR_COUNT; dir++)
        if (open[dir])
            out[k++] = board_step(b, king, dir);
    return k;
}

double threat_exposure(const Board *b, const int *kings, int nkings, const ThreatReach *t)
{
    if (!t || !t->origin || nkings < 1)
        return 0;
    ThreatSteps st;
    threat_steps_init(b, t, nkings, &st);
    double v = 0;
    for (int i = 0; i < nkings; i++) {
        bool open[DIR_COUNT] = {0};
        threat_steps(b, t, kings[i], &st);
        v += threat_mark(b, t, &st.x, st.z.orth, kings[i], t->orth, false, THREAT_ORTH, open);
        v += threat_mark(b, t, &st.x, st.z.diag, kings[i], t->diag, true, THREAT_DIAG, open);
        v += t->jump >= 1 && threat_has(b, &st.x, st.z.jump, kings[i]) ? THREAT_JUMP : 0;
    }
    threat_sets_free(&st.z);
    return v;
}
