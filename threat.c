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

static bool threat_inside(const Board *b, const ThreatWindow *w, int sq)
{
    int c = board_col(b, sq), r = board_row(b, sq);
    return c >= w->c0 && c <= w->c1 && r >= w->r0 && r <= w->r1;
}

/* Fills d, within the window w, with each square's steps from the squares marked in src (those empty on b only,
 * when from_empty is true), 8 neighbours when diag (else 4), over floor squares (empty ones only when empty is
 * true: a piece stands in the way of a MOVE), at most max steps; farther squares get max + 1 (squares outside w
 * are not written). */
static void threat_walk(const Board *b, const ThreatWindow *w, const uint8_t *src, bool from_empty, bool diag,
                        bool empty, int max, int *d)
{
    int head = 0, tail = 0;
    int *q = xmalloc((size_t)(w->c1 - w->c0 + 1) * (size_t)(w->r1 - w->r0 + 1) * sizeof *q);
    for (int r = w->r0; r <= w->r1; r++)
        for (int c = w->c0, s = board_sq(b, c, r); c <= w->c1; c++, s++) {
            bool from = src[s] && !(from_empty && b->at[s] >= 0);
            d[s] = from ? 0 : max + 1;
            if (from)
                q[tail++] = s;
        }
    while (head < tail) {
        int s = q[head++];
        if (d[s] >= max)
            continue;
        for (int k = 0; k < DIR_COUNT; k += diag ? 1 : 2) {
            int t = board_step(b, s, k);
            if (t < 0 || !threat_inside(b, w, t) || b->ter[t] != TER_FLOOR || (empty && b->at[t] >= 0) ||
                d[t] <= d[s] + 1)
                continue;
            d[t] = d[s] + 1;
            q[tail++] = t;
        }
    }
    free(q);
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
    int *d = xmalloc((size_t)n * sizeof *d);
    ThreatWindow all = threat_window(fog, -1, 0);
    threat_walk(fog, &all, src, false, true, false, far, d);
    sight_compute(fog, player, seen);
    t->origin = xcalloc((size_t)n, 1);
    for (int s = 0; s < n; s++)
        t->origin[s] = d[s] <= far && !(seen[s] & SIGHT_SEEN) && fog->ter[s] == TER_FLOOR;
    t->door = xcalloc((size_t)n, 1);
    for (int i = 0; i < fog->npc; i++)
        if (fog->pc[i].g.n[GENE_K] && board_controls(fog, player, &fog->pc[i]))
            threat_doors(fog, player, fog->pc[i].sq, t->door);
    for (int i = 0; i < fog->npc && fog->pl[player].e >= THREAT_GUARD_E; i++)
        if (fog->pc[i].g.n[GENE_K] && board_controls(fog, player, &fog->pc[i]))
            threat_closed(fog, fog->pc[i].sq, t);
    free(d);
    free(seen);
    free(src);
}

void threat_free(ThreatReach *t)
{
    free(t->origin);
    free(t->door);
    memset(t, 0, sizeof *t);
}

/* Fills d with each square's steps from the origins still empty on b (a rival piece there now strikes before the
 * player moves again, whatever the player's order lets it see), at most max steps, 8 ways when diag, through empty
 * squares only when empty is true: within max steps of the King on king, or over the whole board when king < 0. */
static void threat_dist(const Board *b, const ThreatReach *t, int king, int max, bool diag, bool empty, int *d)
{
    ThreatWindow w = threat_window(b, king, max + 1);
    threat_walk(b, &w, t->origin, true, diag, empty, max, d);
}

/* Marks in open[k] (k a direction from the King on king) the approaches open to pieces moving len squares, 8 ways
 * when diag, d being threat_dist's steps (len - 1 at most, through empty squares: a path to a square next to the
 * King); returns what the newly marked cost, each worth (a door: THREAT_DOOR). */
static double threat_mark(const Board *b, const ThreatReach *t, const int *d, int king, int len, bool diag,
                          double worth, bool *open)
{
    double v = 0;
    for (int dir = 0; dir < DIR_COUNT && len >= 1; dir += diag ? 1 : 2) {
        int s = board_step(b, king, dir);
        if (s >= 0 && !open[dir] && b->ter[s] == TER_FLOOR && b->at[s] < 0 && d[s] <= len - 1) {
            open[dir] = true;
            v += t->door[s] ? THREAT_DOOR : worth;
        }
    }
    return v;
}

/* The steps threat_mark and the jump read, for the Kings on kings: each within its window, or, when the windows of
 * all would cover more squares than the board holds (a player with many Kings: melee's monkey idol), once over the
 * whole board — the cost of weighing stays that of the board's squares, whatever the number of Kings. */
typedef struct ThreatSteps {
    int *orth, *diag, *jump;
    bool whole;
} ThreatSteps;

static void threat_steps(const Board *b, const ThreatReach *t, int king, ThreatSteps *st)
{
    if (st->whole && king >= 0)
        return; /* filled once, over the whole board */
    if (t->orth >= 1)
        threat_dist(b, t, king, t->orth - 1, false, true, st->orth);
    if (t->diag >= 1)
        threat_dist(b, t, king, t->diag - 1, true, true, st->diag);
    if (t->jump >= 1)
        threat_dist(b, t, king, t->jump, false, false, st->jump);
}

static void threat_steps_init(const Board *b, const ThreatReach *t, int nkings, ThreatSteps *st)
{
    size_t n = (size_t)b->w * (size_t)b->h;
    long span = 2L * (t->orth > t->jump ? (t->orth > t->diag ? t->orth : t->diag) : t->jump) + 3;
    st->orth = xmalloc(n * sizeof *st->orth);
    st->diag = xmalloc(n * sizeof *st->diag);
    st->jump = xmalloc(n * sizeof *st->jump);
    st->whole = nkings * span * span > (long)n;
    if (st->whole)
        threat_steps(b, t, -1, st);
}

static void threat_steps_free(ThreatSteps *st)
{
    free(st->orth);
    free(st->diag);
    free(st->jump);
}

int threat_open(const Board *b, int king, const ThreatReach *t, int *out)
{
    bool open[DIR_COUNT] = {0};
    ThreatSteps st;
    threat_steps_init(b, t, 1, &st);
    threat_steps(b, t, king, &st);
    threat_mark(b, t, st.orth, king, t->orth, false, 0, open);
    threat_mark(b, t, st.diag, king, t->diag, true, 0, open);
    threat_steps_free(&st);
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
        v += threat_mark(b, t, st.orth, kings[i], t->orth, false, THREAT_ORTH, open);
        v += threat_mark(b, t, st.diag, kings[i], t->diag, true, THREAT_DIAG, open);
        v += t->jump >= 1 && st.jump[kings[i]] <= t->jump ? THREAT_JUMP : 0;
    }
    threat_steps_free(&st);
    return v;
}
