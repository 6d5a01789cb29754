/* weigh: what the computer opponents know and weigh — scratch copies of a board a player knows, orders run on
 * them by the rules, the squares a piece's MOVE reaches, and the worth of a position to a player (contract 12).
 *
 * Every board weighed here is one the player knows (legal_fog) or a sample of it: nothing in this module reads
 * a fact the player cannot see, apart from the start squares, which every round 0 sheet shows. */
#include "weigh.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dispatch.h"
#include "game.h"
#include "legal.h"
#include "orders.h"
#include "sight.h"

/* Rounds an enemy start square stays the goal while no enemy King is in sight, per square of the board's longer
 * side: time for pieces moved one order a round to cross the board and look (25 rounds on the quartet map stopped
 * 7 of 120 four-player games at the cap, two rounds a square 2). */
#define GOAL_ROUNDS 2

/* What a King's step away from its lair costs (weigh_lair). */
#define LAIR_STEP 10.0

/* What a King without room to CREATE a piece that walks costs when it is guarded against what it cannot see
 * (goal->threat): more than an approach left open (threat.c's THREAT_ORTH), so that it keeps a gate to buy and
 * send pieces through rather than wall itself in for good. */
#define NO_ROOM_GUARDED 320.0

/* What it is worth that a piece of the player's could land next on a square where a rival's King is likely
 * (goal->likely): more than a step's worth of threats from the pieces round that King, so that a striker comes
 * within reach. */
#define LIKELY_REACH 150.0

/* What an enemy King in sight and decoded is worth: its square becomes the goal of every piece (weigh_goal),
 * the end of the guessing. More than the threats on the scout that sees it. */
#define KING_DECODED 200.0

/* What a piece that is no striker standing on a strike square (goal->strike) costs, in steps towards the goal: it
 * stands in the way of one (a striker waited behind a piece on the only corner a King in a corner left open, and
 * the game ran to the round cap). */
#define STRIKE_BLOCK 5

/* Longest MOVE weighed step by step (a piece with more B codes is left to the listed orders). */
#define REACH_MAX 24

Board *weigh_clone(const Board *src)
{
    return board_copy_play(src, 4);
}

Board *weigh_fog(const Board *b, int player)
{
    return legal_fog_map(b, player, true);
}

int weigh_apply(Board *b, int player, const char *text, uint64_t seed)
{
    Order o;
    Err err;
    if (order_parse(b, text, &o, &err) < 0)
        return -1;
    rng_seed(&b->rng, seed);
    Game g;
    game_init(&g, b, b->clock.turn_start);
    g.replay = true; /* a scratch run: no clock, no sheets */
    game_begin_action(&g);
    g.actor_player = player;
    int rc = dispatch_order(&g, player, &o);
    game_done(&g);
    order_free(&o);
    return rc == 0 ? 0 : -1;
}

/* ---- where a MOVE goes ---- */

/* A walk of exactly `steps` steps round a piece, in a window of side 2*steps+1 centred on it, a row of the window
 * a word: bit c of row r stands for the board square (c0 + c, r0 + r). */
typedef struct Walk {
    const Board *b;
    const Piece *p;
    const Genome *g;
    int steps, side, c0, r0;
    uint64_t grid[2 * REACH_MAX + 1]; /* per row: the window squares on the grid */
    uint64_t pass[2 * REACH_MAX + 1]; /* per row: those a MOVE passes through (walk_passable) */
    uint64_t at[(REACH_MAX + 1) * (2 * REACH_MAX + 1)]; /* row r of step k at [k * side + r]: the window squares
                                                           * reached after exactly k steps */
} Walk;
_Static_assert(2 * REACH_MAX + 1 < 64, "a window row fits a word");

/* The board square of the window square (c, r), which is on the grid. */
static int walk_sq(const Walk *w, int c, int r)
{
    return board_sq(w->b, w->c0 + c, w->r0 + r);
}

/* pieces.txt MOVE: a square passed through is floor, empty unless the piece jumps (E); its start counts empty. */
static bool walk_passable(const Walk *w, int sq)
{
    return w->b->ter[sq] == TER_FLOOR && (w->g->n[GENE_E] || sq == w->p->sq || w->b->at[sq] < 0);
}

/* Fills w->grid, and w->pass within steps - 1 of the piece (the squares a walk passes through before its last
 * step; 0 beyond). */
static void walk_masks(Walk *w)
{
    int lo = w->c0 < 0 ? -w->c0 : 0, hi = w->b->w - w->c0 < w->side ? w->b->w - w->c0 : w->side;
    uint64_t row = (UINT64_C(1) << hi) - (UINT64_C(1) << lo);
    for (int r = 0; r < w->side; r++) {
        bool on = w->r0 + r >= 0 && w->r0 + r < w->b->h;
        w->grid[r] = on ? row : 0;
        w->pass[r] = 0;
        for (int c = lo > 1 ? lo : 1; on && r >= 1 && r < w->side - 1 && c < hi && c < w->side - 1; c++)
            w->pass[r] |= (uint64_t)walk_passable(w, walk_sq(w, c, r)) << c;
    }
}

/* The squares of row r reached after exactly k steps from which the walk goes on: any at the start (k = 0), else
 * those it passes through. */
static uint64_t walk_from(const Walk *w, int k, int r)
{
    return w->at[k * w->side + r] & (k > 0 ? w->pass[r] : ~UINT64_C(0));
}

/* Fills the squares reached after exactly k + 1 steps from those reached after k (within k of the piece): one step
 * each way the piece moves (diagonally too with C), onto the grid. */
static void walk_step(Walk *w, int k)
{
    bool diag = w->g->n[GENE_C] > 0;
    uint64_t *next = w->at + (k + 1) * w->side;
    for (int r = w->steps - k; r <= w->steps + k; r++) {
        uint64_t from = walk_from(w, k, r), side = from << 1 | from >> 1;
        if (!from)
            continue;
        next[r - 1] |= diag ? from | side : from;
        next[r] |= side;
        next[r + 1] |= diag ? from | side : from;
    }
    for (int r = w->steps - k - 1; r <= w->steps + k + 1; r++)
        next[r] &= w->grid[r];
}

/* Fills w->at for piece p (taken to hold the codes g) on b; false when the piece cannot MOVE or moves too far to
 * weigh. */
static bool walk_fill(Walk *w, const Board *b, const Piece *p, const Genome *g)
{
    w->b = b;
    w->p = p;
    w->g = g;
    if (!(g->n[GENE_A] || g->n[GENE_K]))
        return false;
    w->steps = piece_steps(g);
    if (w->steps > REACH_MAX)
        return false;
    w->side = 2 * w->steps + 1;
    w->c0 = board_col(b, p->sq) - w->steps;
    w->r0 = board_row(b, p->sq) - w->steps;
    walk_masks(w);
    memset(w->at, 0, (size_t)(w->steps + 1) * (size_t)w->side * sizeof *w->at);
    w->at[w->steps] = UINT64_C(1) << w->steps;
    for (int k = 0; k < w->steps; k++)
        walk_step(w, k);
    return true;
}

/* True when a MOVE may end on sq: floor, or an interior wall for a piece with O (pieces.txt O). */
static bool walk_lands(const Walk *w, int sq)
{
    return sq != w->p->sq && (w->b->ter[sq] == TER_FLOOR || (w->b->ter[sq] == TER_IWALL && w->g->n[GENE_O]));
}

/* The direction of the step that reached the window square (c, r) after exactly s steps (s >= 1), on the walk
 * weigh_moves spells: the step from the square reached after s - 1 steps that comes first in row order. */
static int walk_back(const Walk *w, int s, int c, int r)
{
    int best = -1;
    for (int d = 0, first = w->side * w->side; d < DIR_COUNT; d += w->g->n[GENE_C] ? 1 : 2) {
        int fc = c - grid_dir_dc[d], fr = r - grid_dir_dr[d];
        if (fc >= 0 && fr >= 0 && fc < w->side && fr < w->side && (walk_from(w, s - 1, fr) >> fc & 1) &&
            fr * w->side + fc < first) {
            first = fr * w->side + fc;
            best = d;
        }
    }
    return best;
}

/* Writes into text the MOVE that ends on the window square (c, r), after head ("MOVE C3 "): its path walked back
 * step by step (walk_back), its steps joined by '-' ("MOVE C3 E-E"). */
static void walk_text(const Walk *w, const char *head, int c, int r, char *text)
{
    int path[REACH_MAX];
    for (int s = w->steps; s > 0; s--) {
        path[s - 1] = walk_back(w, s, c, r);
        c -= grid_dir_dc[path[s - 1]];
        r -= grid_dir_dr[path[s - 1]];
    }
    char *at = stpcpy(text, head);
    for (int s = 0; s < w->steps; s++)
        at = stpcpy(s > 0 ? stpcpy(at, "-") : at, grid_dir_name[path[s]]);
}
_Static_assert(sizeof "MOVE  " + 16 + 3 * REACH_MAX <= sizeof ((WeighMove *)0)->text, "the longest MOVE fits");

int weigh_moves(const Board *b, int sq, WeighMove *out, int max)
{
    const Piece *p = board_piece_at(b, sq);
    Walk w;
    if (!p || !walk_fill(&w, b, p, &p->g))
        return 0;
    int k = 0;
    char name[16], head[sizeof name + 8];
    stpcpy(stpcpy(stpcpy(head, "MOVE "), board_sq_name(b, sq, name)), " ");
    for (int r = 0; r < w.side && k < max; r++)
        for (int c = 0; c < w.side && k < max; c++) {
            int t = w.at[w.steps * w.side + r] >> c & 1 ? walk_sq(&w, c, r) : -1;
            if (t < 0 || !walk_lands(&w, t))
                continue;
            walk_text(&w, head, c, r, out[k].text);
            out[k++].to = t;
        }
    return k;
}

/* Adds 1 to reach[s] for every square the piece p (taken to hold the codes g) could end a MOVE on. */
static void mark_reach(const Board *b, const Piece *p, const Genome *g, int *reach)
{
    Walk w;
    if (!walk_fill(&w, b, p, g))
        return;
    for (int r = 0; r < w.side; r++) {
        uint64_t bits = w.at[w.steps * w.side + r];
        for (int c = 0; bits; bits >>= 1, c++) {
            int t = bits & 1 ? walk_sq(&w, c, r) : -1;
            if (t >= 0 && walk_lands(&w, t))
                reach[t]++;
        }
    }
}

/* ---- the goal ---- */

/* Fills d with each square's steps to the nearest square marked in src over the 8 neighbours, floor only, or
 * with interior walls costing wall steps (0: impassable), never through a square marked in block (may be NULL):
 * a breadth-first walk with a bucket per distance. */
static void goal_map(const Board *b, const uint8_t *src, int wall, const uint8_t *block, int *d)
{
    int n = b->w * b->h, head = 0, tail = 0;
    int *q = xmalloc((size_t)n * 4 * sizeof *q);
    for (int s = 0; s < n; s++) {
        d[s] = src[s] ? 0 : WEIGH_FAR;
        if (src[s])
            q[tail++] = s;
    }
    /* a queue with re-insertions: walls make distances uneven, so a square may be improved later */
    while (head < tail) {
        int s = q[head++], col = board_col(b, s), row = board_row(b, s);
        for (int k = 0; k < DIR_COUNT; k++) {
            int t = board_step_at(b, col, row, k);
            if (t < 0 || !(b->ter[t] == TER_FLOOR || (wall && b->ter[t] == TER_IWALL)) || (block && block[t]))
                continue;
            int c = d[s] + (b->ter[t] == TER_IWALL ? wall : 1);
            if (c < d[t]) {
                d[t] = c;
                if (tail == n * 4) { /* compact the queue: what was read is done */
                    memmove(q, q + head, (size_t)(tail - head) * sizeof *q);
                    tail -= head;
                    head = 0;
                }
                if (tail < n * 4)
                    q[tail++] = t;
            }
        }
    }
    free(q);
}

/* Marks into likely the squares where a rival's King is likely (weigh_goal_aimed), from the board the player
 * knows and what it sees (seen: sight_compute's). */
static void weigh_likely_squares(const Board *fog, int player, const Board *real, const uint8_t *seen, uint8_t *likely)
{
    int n = fog->w * fog->h;
    memset(likely, 0, (size_t)n);
    for (int o = 0; o < fog->np && o < real->np; o++) {
        if (o == player || !board_player_has_turns(fog, o))
            continue;
        bool king = false;
        for (int i = 0; i < fog->npc; i++)
            king |= fog->pc[i].owner == o && fog->pc[i].g.n[GENE_K] && (seen[fog->pc[i].sq] & SIGHT_DECODE);
        int home = -1;
        for (int i = 0; i < real->nst && !king && real->pl[o].start > 0; i++)
            if (real->st[i].label == real->pl[o].start && real->st[i].sq < n)
                home = real->st[i].sq;
        if (home < 0)
            continue;
        /* the start, else the squares next to it: out of view, or holding a piece of o's not decoded */
        for (int ring = 0, marked = 0; ring < 2 && !marked; ring++)
            for (int d = ring ? 0 : DIR_COUNT - 1; d < DIR_COUNT; d++) {
                int t = ring ? board_step(fog, home, d) : home;
                const Piece *q = t >= 0 ? board_piece_at(fog, t) : NULL;
                if (t >= 0 && fog->ter[t] == TER_FLOOR &&
                    (!(seen[t] & SIGHT_SEEN) || (q && q->owner == o && !(seen[t] & SIGHT_DECODE))))
                    marked += likely[t] = 1;
            }
    }
}

/* Marks the goal squares into src: the enemy Kings the player decodes; else the enemy pieces in sight it does
 * not decode (any may be a King) and, with likely, its squares; without likely, one enemy start square, in turn
 * for GOAL_ROUNDS rounds per square of the board's longer side each (a goal that does not move as the pieces
 * come and go: seen or not, the start stays the goal until its rounds are over); else, without starts, the
 * squares out of view. */
static void goal_squares(const Board *fog, int player, const Board *real, const uint8_t *seen, const uint8_t *likely,
                         uint8_t *src)
{
    int n = fog->w * fog->h, k = 0;
    memset(src, 0, (size_t)n);
    for (int i = 0; i < fog->npc; i++) {
        const Piece *q = &fog->pc[i];
        if (q->g.n[GENE_K] && !board_controls(fog, player, q) && !board_is_orphan(fog, q))
            k += src[q->sq] = 1;
    }
    if (k)
        return;
    for (int i = 0; i < fog->npc; i++) {
        const Piece *q = &fog->pc[i];
        if (!board_controls(fog, player, q) && !board_is_orphan(fog, q) && !(seen[q->sq] & SIGHT_DECODE))
            k += src[q->sq] = 1;
    }
    int mine = player < real->np ? real->pl[player].start : 0, others = 0;
    for (int i = 0; i < real->nst; i++)
        others += real->st[i].label != mine && real->st[i].sq < n;
    int span = GOAL_ROUNDS * (fog->w > fog->h ? fog->w : fog->h);
    int turn = others && !likely ? (fog->round > 0 ? fog->round - 1 : 0) / span % others : -1;
    for (int i = 0; i < real->nst && turn >= 0; i++)
        if (real->st[i].label != mine && real->st[i].sq < n && turn-- == 0)
            k += src[real->st[i].sq] = 1;
    for (int s = 0; s < n && likely; s++)
        if (likely[s])
            k += src[s] = 1;
    for (int s = 0; s < n && !k; s++)
        if (!(seen[s] & SIGHT_SEEN) && board_in_area(fog, s))
            src[s] = 1;
}

/* The levels' striker: it jumps (E) two squares, diagonally too (C), over the pieces round a King onto it. */
static const Genome striker = {.n = {[GENE_A] = 1, [GENE_B] = 1, [GENE_C] = 1, [GENE_E] = 1}};

/* Fills goal->strike (NULL when there is no such square): the steps to the strike squares of the enemy Kings the
 * player decodes, else of the squares where a rival's King is likely (goal->likely) — the squares from which a
 * striker lands on such a King in one MOVE (walked back from the King: a MOVE's path reversed is a path) and on
 * which no enemy piece in sight could land first (with its codes as the board shows them, as the threats on a
 * piece are weighed: weigh_position), nor a guard lurking out of view (goal->lurk): a striker that waits there is not taken by the pieces round the King (a
 * ring of bare As takes what stands next to it orthogonally; the corners two squares off are out of its reach). */
static void strike_fill(const Board *fog, int player, const uint8_t *guards, WeighGoal *goal)
{
    static const Genome guard = {.n = {[GENE_A] = 1}};
    int n = fog->w * fog->h, k = 0, kings = 0;
    int *land = xcalloc((size_t)n, sizeof *land), *enemy = xcalloc((size_t)n, sizeof *enemy);
    for (int i = 0; i < fog->npc; i++) {
        const Piece *q = &fog->pc[i];
        if (board_controls(fog, player, q) || board_is_orphan(fog, q))
            continue;
        if (q->g.n[GENE_K]) {
            mark_reach(fog, q, &striker, land);
            kings++;
        }
        mark_reach(fog, q, &q->g, enemy);
    }
    for (int s = 0; s < n; s++) {
        Piece at = {.sq = s};
        if (!kings && goal->likely[s])
            mark_reach(fog, &at, &striker, land);
        if (goal->lurk[s] && fog->at[s] < 0)
            mark_reach(fog, &at, &guard, enemy);
    }
    uint8_t *src = xcalloc((size_t)n, 1);
    for (int s = 0; s < n; s++)
        k += src[s] = land[s] && !enemy[s];
    goal->strike = NULL;
    if (k) {
        goal->strike = xmalloc((size_t)n * sizeof *goal->strike);
        goal_map(fog, src, 0, guards, goal->strike);
    }
    free(src);
    free(land);
    free(enemy);
}

bool weigh_next_to_king(const Board *b, int player, int sq)
{
    for (int d = 0; d < DIR_COUNT; d++) {
        int t = board_step(b, sq, d);
        const Piece *q = t >= 0 ? board_piece_at(b, t) : NULL;
        if (q && q->g.n[GENE_K] && board_controls(b, player, q))
            return true;
    }
    return false;
}

static void weigh_goal_fill(const Board *fog, int player, const Board *real, bool guess, bool aimed, WeighGoal *goal)
{
    int n = fog->w * fog->h;
    uint8_t *seen = xmalloc((size_t)n), *src = xmalloc((size_t)n);
    sight_compute(fog, player, seen);
    goal->likely = xcalloc((size_t)n, 1);
    goal->veiled = xcalloc((size_t)n, 1);
    for (int i = 0; i < fog->npc && guess; i++)
        goal->veiled[fog->pc[i].sq] = !board_controls(fog, player, &fog->pc[i]) && !(seen[fog->pc[i].sq] & SIGHT_DECODE);
    if (aimed)
        weigh_likely_squares(fog, player, real, seen, goal->likely);
    goal_squares(fog, player, real, seen, aimed ? goal->likely : NULL, src);
    goal->lurk = xcalloc((size_t)n, 1);
    for (int s = 0; s < n; s++)
        for (int d = 0; goal->likely[s] && d < DIR_COUNT; d++) {
            int u = board_step(fog, s, d);
            if (u >= 0 && fog->ter[u] == TER_FLOOR && !(seen[u] & SIGHT_SEEN))
                goal->lurk[u] = 1;
        }
    goal->walk = xmalloc((size_t)n * sizeof *goal->walk);
    goal->dig = xmalloc((size_t)n * sizeof *goal->dig);
    /* the levels' guards stay by their King (threat.h): a piece walks round them, not through them — a piece
     * made inside their ring, or one that steps into a pocket behind them, gets no nearer the goal. A bare A
     * away from the Kings (a sentinel in a doorway) is no ring: it steps aside, and the walk goes through it */
    uint8_t *guards = xcalloc((size_t)n, 1);
    for (int i = 0; i < fog->npc && aimed; i++)
        guards[fog->pc[i].sq] = board_controls(fog, player, &fog->pc[i]) && threat_guard(&fog->pc[i].g) &&
                                weigh_next_to_king(fog, player, fog->pc[i].sq);
    goal_map(fog, src, 0, guards, goal->walk);
    goal_map(fog, src, WEIGH_WALL_COST, guards, goal->dig);
    goal->look = xmalloc((size_t)n * sizeof *goal->look);
    int nlikely = 0;
    for (int s = 0; s < n; s++)
        nlikely += goal->likely[s];
    if (nlikely)
        goal_map(fog, goal->likely, 0, guards, goal->look);
    else
        memcpy(goal->look, goal->walk, (size_t)n * sizeof *goal->look);
    strike_fill(fog, player, guards, goal);
    free(guards);
    goal->guess = guess;
    goal->lair = -1;
    goal->outpace = false;
    goal->scout = false;
    goal->fear_jump = false;
    goal->trail = WEIGH_TRAIL;
    goal->threat = NULL;
    int late = aimed && fog->round > WEIGH_PRESS_FROM ? (fog->round - WEIGH_PRESS_FROM) / WEIGH_PRESS_ROUNDS : 0;
    goal->press = 2.0 + (late > WEIGH_PRESS_MAX - 2 ? WEIGH_PRESS_MAX - 2 : late);
    free(seen);
    free(src);
}

void weigh_goal(const Board *fog, int player, const Board *real, bool guess, WeighGoal *goal)
{
    weigh_goal_fill(fog, player, real, guess, false, goal);
}

void weigh_goal_aimed(const Board *fog, int player, const Board *real, bool guess, WeighGoal *goal)
{
    weigh_goal_fill(fog, player, real, guess, true, goal);
}

long weigh_cost(const Board *fog)
{
    long c = 0;
    for (int i = 0; i < fog->npc; i++) {
        const Genome *g = &fog->pc[i].g;
        long s = g->n[GENE_A] || g->n[GENE_K] ? piece_steps(g) : 0;
        s = s > REACH_MAX ? 0 : s; /* not weighed step by step (walk_fill) */
        c += WEIGH_COST_PIECE + (2 * s + 1) * (2 * s + 1) * s + (g->n[GENE_K] ? WEIGH_COST_KING : 0);
    }
    return 1 + c / WEIGH_COST_UNIT;
}

const int *weigh_steps(const WeighGoal *goal, const Genome *g)
{
    return g->n[GENE_O]                     ? goal->dig
           : g->n[GENE_E] && goal->strike   ? goal->strike
           : weigh_scout(g)                 ? goal->look
                                            : goal->walk;
}

bool weigh_likely_take(const Board *fog, int player, const WeighGoal *goal, const char *text)
{
    Order o;
    Err err;
    if (order_parse(fog, text, &o, &err) < 0)
        return false;
    const Piece *p = o.verb == ORD_MOVE && o.sq >= 0 ? board_piece_at(fog, o.sq) : NULL;
    int to = p && !p->g.n[GENE_K] && board_controls(fog, player, p) ? o.sq : -1;
    for (int i = 0; i < o.ndirs && to >= 0; i++)
        to = board_step(fog, to, o.dirs[i]);
    order_free(&o);
    const Piece *q = to >= 0 ? board_piece_at(fog, to) : NULL;
    return to >= 0 && goal->likely[to] && !(q && board_controls(fog, player, q));
}

/* The square of the player's start on b (real's starts, public), or -1. */
static int home_square(const Board *b, int player, const Board *real)
{
    for (int i = 0; player < real->np && real->pl[player].start > 0 && i < real->nst; i++)
        if (real->st[i].label == real->pl[player].start && real->st[i].sq < b->w * b->h)
            return real->st[i].sq;
    return -1;
}

int weigh_lair(const Board *fog, int player, const Board *real)
{
    int home = home_square(fog, player, real), n = fog->w * fog->h, best = -1;
    if (home < 0)
        return -1;
    uint8_t *src = xcalloc((size_t)n, 1);
    int *d = xmalloc((size_t)n * sizeof *d);
    for (int i = 0; i < real->nst; i++)
        if (real->st[i].sq < n && real->st[i].sq != home)
            src[real->st[i].sq] = 1;
    goal_map(fog, src, 0, NULL, d);
    for (int k = 0; k < DIR_COUNT; k += 2) { /* N, E, S, W */
        int t = board_step(fog, home, k);
        if (t >= 0 && fog->ter[t] == TER_FLOOR && (best < 0 || d[t] > d[best]))
            best = t;
    }
    free(src);
    free(d);
    return best;
}

void weigh_goal_free(WeighGoal *goal)
{
    free(goal->walk);
    free(goal->dig);
    free(goal->look);
    free(goal->strike);
    free(goal->lurk);
    free(goal->likely);
    free(goal->veiled);
    memset(goal, 0, sizeof *goal);
}

/* ---- worth ---- */

double weigh_piece(const Genome *g)
{
    if (g->n[GENE_K])
        return 0;
    int b = g->n[GENE_B] > 4 ? 4 : g->n[GENE_B], d = g->n[GENE_D] > 2 ? 2 : g->n[GENE_D];
    double v = 6 + 5 * b + 3 * d;
    static const struct {
        Gene g;
        double v;
    } extra[] = {{GENE_C, 4}, {GENE_E, 3}, {GENE_F, 2}, {GENE_G, 1}, {GENE_H, 2}, {GENE_M, 2}, {GENE_N, 3},
                 {GENE_O, 8}, {GENE_P, 1}, {GENE_S, 2}, {GENE_U, 2}, {GENE_V, 2}, {GENE_W, 2}, {GENE_Z, 2}};
    for (size_t i = 0; i < sizeof extra / sizeof extra[0]; i++)
        if (g->n[extra[i].g])
            v += extra[i].v;
    return v;
}

int weigh_scout(const Genome *g)
{
    return g->n[GENE_F] && g->n[GENE_D] ? 1 + 2 * g->n[GENE_D] : 0;
}

/* The codes feared of an enemy piece: as held, or, when the player does not decode it (or did not when it decided:
 * an order that brings a decoder near shows legal_fog's stand-in, a bare A, not its codes), a guessed ABC — with
 * goal->fear_jump an ABCE, the levels' striker, which jumps over a King's guards onto it. */
static const Genome *feared_codes(const Piece *q, const uint8_t *seen, const WeighGoal *goal)
{
    static const Genome abc = {.n = {[GENE_A] = 1, [GENE_B] = 1, [GENE_C] = 1}};
    static const Genome abce = {.n = {[GENE_A] = 1, [GENE_B] = 1, [GENE_C] = 1, [GENE_E] = 1}};
    return goal->guess && (!(seen[q->sq] & SIGHT_DECODE) || goal->veiled[q->sq]) ? (goal->fear_jump ? &abce : &abc)
                                                                                 : &q->g;
}

/* What the player's pieces and the enemy pieces in sight threaten: per square, how many could end a MOVE there
 * (feared: with the codes guessed for pieces not decoded; enemy: as they show, and a piece not decoded on a
 * square of goal->likely, or nothing there out of view, also as a King with C: it takes what comes next to it). */
typedef struct Threats {
    int *feared, *enemy, *mine;
    int *safe;          /* as mine, from the player's pieces out of the enemy's reach (enemy) only */
} Threats;

static void threats(const Board *b, int player, const uint8_t *seen, const WeighGoal *goal, Threats *t)
{
    static const Genome likely_king = {.n = {[GENE_K] = 1, [GENE_C] = 1}};
    int n = b->w * b->h;
    t->feared = xcalloc((size_t)n, sizeof *t->feared);
    t->enemy = xcalloc((size_t)n, sizeof *t->enemy);
    t->mine = xcalloc((size_t)n, sizeof *t->mine);
    t->safe = xcalloc((size_t)n, sizeof *t->safe);
    for (int i = 0; i < b->npc; i++) {
        const Piece *q = &b->pc[i];
        if (board_controls(b, player, q)) {
            mark_reach(b, q, &q->g, t->mine);
        } else if (!board_is_orphan(b, q) && ((seen[q->sq] & SIGHT_SEEN) || !goal->guess)) {
            mark_reach(b, q, &q->g, t->enemy);
            if (feared_codes(q, seen, goal) != &q->g)
                mark_reach(b, q, feared_codes(q, seen, goal), t->feared);
            else
                mark_reach(b, q, &q->g, t->feared);
            if (goal->likely && goal->likely[q->sq] && !(seen[q->sq] & SIGHT_DECODE)) /* likely a King, with C */
                mark_reach(b, q, &likely_king, t->enemy);
        }
    }
    static const Genome guard = {.n = {[GENE_A] = 1}};
    for (int s = 0; s < n && goal->likely; s++) {
        if (goal->likely[s] && b->at[s] < 0 && !(seen[s] & SIGHT_SEEN)) { /* a King out of view, likely */
            Piece k = {.sq = s, .g = likely_king};
            mark_reach(b, &k, &likely_king, t->enemy);
        }
        if (goal->lurk && goal->lurk[s] && b->at[s] < 0) { /* a guard of that King, perhaps */
            Piece a = {.sq = s, .g = guard};
            mark_reach(b, &a, &guard, t->enemy);
        }
    }
    for (int i = 0; i < b->npc; i++)
        if (board_controls(b, player, &b->pc[i]) && !t->enemy[b->pc[i].sq])
            mark_reach(b, &b->pc[i], &b->pc[i].g, t->safe);
}

/* True when sq is empty floor. */
static bool weigh_open(const Board *b, int sq)
{
    return sq >= 0 && b->ter[sq] == TER_FLOOR && b->at[sq] < 0;
}

/* True when a floor square next to sq is empty and a piece made there could step on: an orthogonal neighbour of
 * it is empty floor too (a square boxed in by walls and pieces is no room to buy a piece that walks). */
static bool room_next_to(const Board *b, int sq)
{
    for (int d = 0; d < DIR_COUNT; d++) {
        int t = board_step(b, sq, d);
        for (int e = 0; weigh_open(b, t) && e < DIR_COUNT; e += 2)
            if (weigh_open(b, board_step(b, t, e)))
                return true;
    }
    return false;
}

/* True when the player's piece q cannot MOVE at all: every square of its first step (orthogonal, or any with C)
 * is off the floor or holds a piece of the player's it cannot jump (E). A piece that can take its first step can
 * make a whole MOVE (pieces.txt B: a MOVE may double back). */
static bool weigh_boxed(const Board *b, int player, const Piece *q)
{
    if (q->g.n[GENE_E])
        return false;
    for (int d = 0; d < DIR_COUNT; d += q->g.n[GENE_C] ? 1 : 2) {
        int t = board_step(b, q->sq, d);
        const Piece *o = t >= 0 && b->ter[t] == TER_FLOOR ? board_piece_at(b, t) : NULL;
        if (t >= 0 && b->ter[t] == TER_FLOOR && !(o && board_controls(b, player, o)))
            return false;
    }
    return true;
}

/* The pieces' part of the worth: material, threats both ways, steps to the goal. */
static double weigh_pieces(const Board *b, int player, const uint8_t *seen, const WeighGoal *goal,
                           const Threats *t)
{
    double v = 0;
    int king = -1, nkings = 0, *kings = xmalloc((size_t)(b->npc + 1) * sizeof *kings);
    for (int i = 0; i < b->npc; i++) {
        const Piece *q = &b->pc[i];
        if (board_controls(b, player, q)) {
            double w = weigh_piece(&q->g);
            v += w;
            if (q->g.n[GENE_K]) {
                v -= t->feared[q->sq] ? 1e5 : 0; /* the enemy moves next: this King could be taken */
                kings[nkings++] = q->sq; /* or by what it cannot see (below) */
                if (goal->lair >= 0)
                    v -= LAIR_STEP * board_dist(b, q->sq, goal->lair);
                king = q->sq;
                continue;
            }
            if (t->enemy[q->sq]) /* the more that could take it, the likelier it is taken (up to 3) */
                v -= (t->mine[q->sq] ? 0.35 * w : 0.6 * w) * (t->enemy[q->sq] > 3 ? 3 : t->enemy[q->sq]);
            if ((q->g.n[GENE_A] || q->g.n[GENE_O]) && !(goal->threat && threat_guard(&q->g))) {
                const int *steps = weigh_steps(goal, &q->g);
                int d = weigh_boxed(b, player, q) ? WEIGH_FAR : steps[q->sq];
                if (q->g.n[GENE_E] && steps != goal->strike && d < 2) /* two steps off is near enough: it jumps in */
                    d = 2;
                if (d < weigh_scout(&q->g)) /* a scout sees the goal from there */
                    d = weigh_scout(&q->g);
                /* steps to the goal, counted down from 60; a piece in danger (but a striker waiting to jump in)
                 * loses what they are worth at the first press, 2: the press pulls harder to the goal as the game
                 * drags on, not away from danger (a piece next to a ring of guards stepped out of sight of one
                 * and back, each time escaping a danger worth ten times its steps, until the round cap) */
                double worth = (d > 60 ? 0 : 60 - d) * (weigh_scout(&q->g) ? WEIGH_SCOUT_STEP : 1);
                v += (t->enemy[q->sq] && !q->g.n[GENE_E] ? goal->press - 2.0 : goal->press) * worth;
                if (!q->g.n[GENE_E] && goal->strike && goal->strike[q->sq] == 0) /* in a striker's way */
                    v -= goal->press * STRIKE_BLOCK;
            }
        } else if (!board_is_orphan(b, q)) {
            double w = weigh_piece(&q->g);
            v -= w;
            if (q->g.n[GENE_K] && (seen[q->sq] & SIGHT_DECODE))
                v += KING_DECODED;
            /* a King one of its pieces could take next, unless that piece could be taken first (a striker next to
             * the pieces round a King is taken by them: it waits out of their reach, weigh_steps) */
            if (q->g.n[GENE_K] ? t->safe[q->sq] : t->mine[q->sq])
                v += q->g.n[GENE_K] ? 2000 : 0.2 * w;
        }
    }
    for (int s = 0, n = b->w * b->h; s < n && goal->likely; s++) {
        const Piece *q = goal->likely[s] && t->mine[s] ? board_piece_at(b, s) : NULL;
        if (goal->likely[s] && t->mine[s] && !(q && board_controls(b, player, q)))
            v += LIKELY_REACH;
    }
    /* what out of view could reach its Kings, feared as much late in the game as early: the pieces kept home walk
     * out through doors (threat.h), not because the round is late */
    v -= threat_exposure(b, kings, nkings, goal->threat);
    free(kings);
    if (king >= 0 && !room_next_to(b, king))
        v -= goal->threat ? NO_ROOM_GUARDED : 30; /* no square left next to the King to CREATE on */
    if (king >= 0) /* pieces close to the King: its guard and its danger */
        for (int i = 0; i < b->npc; i++) {
            const Piece *q = &b->pc[i];
            int d = board_dist(b, q->sq, king);
            if (d > 0 && d <= 3 && !board_controls(b, player, q) && !board_is_orphan(b, q) && (seen[q->sq] & SIGHT_SEEN))
                v -= 25.0 / d;
        }
    return v;
}

double weigh_position(const Board *b, int player, const WeighGoal *goal)
{
    if (!board_player_has_turns(b, player))
        return WEIGH_LOST;
    int rivals = 0, out = 0;
    for (int i = 0; i < b->np; i++)
        if (i != player)
            board_player_has_turns(b, i) && b->pl[i].status == PS_ACTIVE ? rivals++ : out++;
    if (rivals == 0)
        return WEIGH_WON;
    int n = b->w * b->h, nseen = 0;
    uint8_t *seen = xmalloc((size_t)n);
    sight_compute(b, player, seen);
    for (int s = 0; s < n; s++)
        nseen += seen[s] & SIGHT_SEEN;
    Threats t;
    threats(b, player, seen, goal, &t);
    double v = 1e6 * out + 0.25 * (double)(b->pl[player].e > 100000 ? 100000 : b->pl[player].e) + 0.2 * nseen +
               weigh_pieces(b, player, seen, goal, &t);
    free(t.feared);
    free(t.enemy);
    free(t.mine);
    free(t.safe);
    free(seen);
    return v;
}
