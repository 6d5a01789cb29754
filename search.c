/* search: bot.strong's choice — a search a few orders deep over samples of what its player cannot see
 * (contract 12).
 *
 * How. The candidates are greedy's, best first (greedy_list on the board the player knows). The hidden facts
 * are sampled SEARCH_SAMPLES times from the bot's own generator, each sample consistent with the player's view
 * and the public facts: the pieces it sees but does not decode get codes, and every rival without a King in
 * sight gets one — on its piece not decoded on its start square (most likely), else out of view (near a rival
 * start square out of view when there is one, else any floor square out of view) or on one of its pieces not
 * decoded. On each sample each of the best SEARCH_ROOT candidates runs, then every rival in turn answers with
 * the capture or King step that leaves the player worst off, then the player answers with its best capture or
 * King step. A candidate after which the player's King falls loses TACTICS per sample where it falls, one after
 * which the player takes a King gains it, and otherwise the pieces won or lost on the way count (search_trade: a
 * striker sent where a piece not decoded takes it is a piece lost in most samples); added to greedy's worth, the
 * best is the order. Effort is counted in orders run on scratch boards (work), never in time: the same board
 * always gives the same order. On a board larger than SEARCH_AREA the effort shrinks (search_work): fewer
 * candidates are weighed and searched, then fewer samples taken. */
#include "search.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "greedy.h"
#include "sight.h"
#include "weigh.h"

#define SEARCH_LIST 160     /* candidates weighed one order ahead, the most promising (big boards) */
#define SEARCH_ROOT 12       /* candidates searched */
#define SEARCH_ROOT_MIN 4    /* ... at the least, on a large board */
#define SEARCH_SAMPLES 8    /* samples of the hidden facts */
#define SEARCH_SAMPLES_MIN 2 /* ... at the least, on a large board */
#define SEARCH_REPLIES 24   /* most MOVEs tried for one rival's answer */
#define SEARCH_MINE 12      /* most orders tried for the player's own answer */
#define MOVES_MAX 512
#define TACTICS 3000.0      /* the worth of a King taken in every sample */
#define MATERIAL 4.0        /* what the search adds per point of a piece's worth (weigh_piece) won or lost */
#define MATERIAL_MAX 0.5    /* ... at most, as a share of TACTICS: a King taken outweighs any trade */

/* ---- samples ---- */

/* Codes a piece not decoded may hold: weighted towards what is cheap, and the levels' striker (ABCE: it jumps
 * over a King's guards onto it) and a scout (ACDF) among them. */
static const char *const guesses[] = {"A", "A", "A", "AB", "ABC", "ABCE", "ABBC", "ABCE", "AC", "ABBBC", "ABCD", "ACDF"};

/* A floor square out of view and empty, near want when want >= 0 (within 3 steps), drawn with r; -1 none. */
static int hidden_square(const Board *d, const uint8_t *seen, int want, Rng *r)
{
    int n = d->w * d->h;
    for (int tries = 0; tries < 64; tries++) {
        int s = want >= 0 && tries < 32 ? want : (int)rng_below(r, (uint64_t)n);
        if (want >= 0 && tries < 32 && tries > 0) {
            int c = board_col(d, want) + (int)rng_below(r, 7) - 3, row = board_row(d, want) + (int)rng_below(r, 7) - 3;
            if (c < 0 || row < 0 || c >= d->w || row >= d->h)
                continue;
            s = board_sq(d, c, row);
        }
        if (d->ter[s] == TER_FLOOR && !(seen[s] & SIGHT_SEEN) && d->at[s] < 0)
            return s;
    }
    return -1;
}

/* Gives rival o a King in d, which has none in sight: on the piece of o's not decoded that stands on o's start
 * (three times in four), else on a piece of o not decoded (by chance), else out of view near o's start. */
static void sample_king(Board *d, int player, int o, const Board *real, const uint8_t *seen, Rng *r)
{
    Genome k = {.n = {[GENE_K] = 1}};
    int home = -1, undecoded = 0;
    for (int i = 0; i < real->nst && o < real->np && real->pl[o].start > 0; i++)
        if (real->st[i].label == real->pl[o].start && real->st[i].sq < d->w * d->h)
            home = real->st[i].sq;
    Piece *there = home >= 0 ? (Piece *)board_piece_at(d, home) : NULL;
    if (there && there->owner == o && !(seen[home] & SIGHT_DECODE) && rng_below(r, 4) != 0) {
        there->g = k; /* a King that has not left its start, most likely */
        return;
    }
    for (int i = 0; i < d->npc; i++)
        undecoded += d->pc[i].owner == o && !(seen[d->pc[i].sq] & SIGHT_DECODE);
    if (undecoded && rng_below(r, 2) == 0) {
        int pick = (int)rng_below(r, (uint64_t)undecoded);
        for (int i = 0; i < d->npc; i++)
            if (d->pc[i].owner == o && !(seen[d->pc[i].sq] & SIGHT_DECODE) && pick-- == 0)
                d->pc[i].g = k;
        return;
    }
    int starts[64], ns = 0, mine = real->pl[player].start;
    for (int i = 0; i < real->nst && ns < 64; i++)
        if (real->st[i].label != mine && real->st[i].sq < d->w * d->h && !(seen[real->st[i].sq] & SIGHT_SEEN))
            starts[ns++] = real->st[i].sq;
    int s = hidden_square(d, seen, ns ? starts[rng_below(r, (uint64_t)ns)] : -1, r);
    if (s >= 0)
        board_add_piece(d, s, o, &k);
}

/* A sample of the hidden facts on the board the player knows (caller frees). */
static Board *sample(const Board *fog, int player, const Board *real, Rng *r)
{
    Board *d = weigh_clone(fog);
    uint8_t *seen = xmalloc((size_t)d->w * (size_t)d->h);
    sight_compute(fog, player, seen);
    for (int i = 0; i < d->npc; i++) {
        Piece *q = &d->pc[i];
        Err err;
        if (!board_controls(d, player, q) && !(seen[q->sq] & SIGHT_DECODE))
            piece_parse(guesses[rng_below(r, sizeof guesses / sizeof guesses[0])], &q->g, false, &err);
    }
    for (int o = 0; o < d->np; o++) {
        bool king = false;
        for (int i = 0; i < d->npc; i++)
            king |= d->pc[i].owner == o && d->pc[i].g.n[GENE_K] && (seen[d->pc[i].sq] & SIGHT_DECODE);
        if (o != player && d->pl[o].status == PS_ACTIVE && !king)
            sample_king(d, player, o, real, seen, r);
    }
    free(seen);
    return d;
}

/* ---- answers ---- */

/* One search: the player, the sample's goal, the work done and the seed of random effects. */
typedef struct Search {
    int player;
    const WeighGoal *goal;
    long work;
    uint64_t seed;
} Search;

/* The MOVEs of the pieces side controls on d worth trying first: captures (of a King above all), then the steps
 * of its Kings, then (when others is true) the rest, in the board's reading order. Fills out up to max; returns how many. */
static int answers(const Board *d, int side, bool others, WeighMove *out, int max)
{
    WeighMove *all = xmalloc(MOVES_MAX * sizeof *all);
    int *rank = xmalloc(MOVES_MAX * sizeof *rank), n = 0, k = 0;
    for (int i = 0; i < d->npc && n < MOVES_MAX; i++) {
        const Piece *p = &d->pc[i];
        if (!board_controls(d, side, p))
            continue;
        int m = weigh_moves(d, p->sq, all + n, MOVES_MAX - n);
        for (int j = n; j < n + m; j++) {
            const Piece *q = board_piece_at(d, all[j].to);
            bool take = q && !board_controls(d, side, q);
            rank[j] = q && !take ? -1 : take && q->g.n[GENE_K] ? 0 : take ? 1 : p->g.n[GENE_K] ? 2 : 3;
        }
        n += m;
    }
    for (int want = 0; want <= (others ? 3 : 2); want++)
        for (int j = 0; j < n && k < max; j++)
            if (rank[j] == want)
                out[k++] = all[j];
    free(all);
    free(rank);
    return k;
}

/* The worth to the player of d after side plays text (on a copy); failing orders are worth as much as a PASS. */
static double after(Search *s, const Board *d, int side, const char *text, Board **keep)
{
    Board *c = weigh_clone(d);
    s->work++;
    if (weigh_apply(c, side, text, s->seed) < 0) {
        board_free(c);
        c = weigh_clone(d);
    }
    double v = weigh_position(c, s->player, s->goal);
    if (keep)
        *keep = c;
    else
        board_free(c);
    return v;
}

/* The worth of the pieces the player controls on d less that of the rivals' (Kings are counted by the search
 * itself). */
static double material(const Board *d, int player)
{
    double v = 0;
    for (int i = 0; i < d->npc; i++)
        if (!board_is_orphan(d, &d->pc[i]))
            v += (board_controls(d, player, &d->pc[i]) ? 1 : -1) * weigh_piece(&d->pc[i].g);
    return v;
}

/* search_trade's formula, from material() before and after. */
static double trade(double before, double after)
{
    double t = (after - before) * MATERIAL / TACTICS;
    return t > MATERIAL_MAX ? MATERIAL_MAX : t < -MATERIAL_MAX ? -MATERIAL_MAX : t;
}

double search_trade(const Board *before, const Board *after, int player)
{
    return trade(material(before, player), material(after, player));
}

/* The player's best answer on d: its captures and King steps, or nothing; *mat gets material() after it. */
static double best_mine(Search *s, const Board *d, double *mat)
{
    WeighMove mv[SEARCH_MINE];
    double best = weigh_position(d, s->player, s->goal);
    *mat = material(d, s->player);
    int n = answers(d, s->player, false, mv, SEARCH_MINE);
    for (int i = 0; i < n; i++) {
        Board *c;
        double v = after(s, d, s->player, mv[i].text, &c);
        if (v > best) {
            best = v;
            *mat = material(c, s->player);
        }
        board_free(c);
    }
    return best;
}

/* Each rival in turn answers on *d (replaced by the board after its answer) with the MOVE worst for the player,
 * or passes. */
static void rivals_answer(Search *s, Board **d, int replies)
{
    WeighMove *mv = xmalloc((size_t)replies * sizeof *mv);
    for (int k = 1; k < (*d)->np; k++) {
        int o = (s->player + k) % (*d)->np;
        if (!board_player_has_turns(*d, o) || !board_player_has_turns(*d, s->player))
            continue;
        int n = answers(*d, o, false, mv, replies);
        Board *worst = NULL;
        double low = weigh_position(*d, s->player, s->goal);
        for (int i = 0; i < n; i++) {
            Board *c;
            double v = after(s, *d, o, mv[i].text, &c);
            if (v < low) {
                low = v;
                board_free(worst);
                worst = c;
            } else {
                board_free(c);
            }
        }
        if (worst) {
            board_free(*d);
            *d = worst;
        }
    }
    free(mv);
}

/* What the candidate text comes to on the sample d, on top of its worth one order ahead: -1 when a rival's
 * answer (its worst for the player among captures and King steps) takes the player's King, +1 when the player
 * can then take a King, else the pieces won or lost over those answers (material, MATERIAL per point), within
 * MATERIAL_MAX either way. */
static double line_worth(Search *s, const Board *d, const char *text, int replies)
{
    Board *c = weigh_clone(d);
    s->work++;
    if (weigh_apply(c, s->player, text, s->seed) < 0) {
        board_free(c);
        c = weigh_clone(d); /* it fails on this sample: a turn lost */
    }
    double v0 = weigh_position(c, s->player, s->goal), v = 0;
    if (v0 >= WEIGH_WON) {
        v = 1;
    } else {
        double m0 = material(c, s->player), m1;
        rivals_answer(s, &c, replies);
        double v1 = best_mine(s, c, &m1);
        v = v1 <= WEIGH_LOST / 2 ? -1 : v1 >= WEIGH_WON / 2 ? 1 : trade(m0, m1);
    }
    board_free(c);
    return v;
}

long search_work(const Board *b)
{
    long area = (long)b->w * b->h;
    long w = area <= SEARCH_AREA ? SEARCH_WORK : SEARCH_WORK * SEARCH_AREA / area;
    return w < SEARCH_WORK_MIN ? SEARCH_WORK_MIN : w;
}

char *search_choose(const Board *b, int player, Rng *r, long *work)
{
    Board *fog = weigh_fog(b, player);
    WeighGoal goal;
    weigh_goal_aimed(fog, player, b, true, &goal);
    goal.lair = weigh_lair(fog, player, b);
    goal.outpace = true;
    goal.scout = true;
    goal.fear_jump = true;
    goal.trail = 1;
    ThreatReach reach;
    threat_reach(fog, player, b, &reach);
    goal.threat = &reach;
    long unit = weigh_cost(fog), budget = search_work(b) / unit; /* orders to run */
    GreedyList l;
    long list = budget / 8 < SEARCH_LIST ? budget / 8 : SEARCH_LIST;
    greedy_list(b, player, fog, &goal, rng_next(r), list < SEARCH_ROOT ? SEARCH_ROOT : (int)list, &l);
    long orders = l.work;
    int n = l.n < SEARCH_ROOT ? l.n : SEARCH_ROOT, samples = SEARCH_SAMPLES;
    double *sum = xcalloc((size_t)(n + 1), sizeof *sum);
    int rivals = 0;
    for (int o = 0; o < b->np; o++)
        rivals += o != player && board_player_has_turns(b, o);
    /* the work left, shared out: per candidate and sample one order, the rivals' answers and the player's; fewer
     * candidates (down to SEARCH_ROOT_MIN), then fewer samples (down to SEARCH_SAMPLES_MIN) when the least of
     * those lines does not fit */
    long left = budget - l.work, least = 1 + 2L * rivals + SEARCH_MINE;
    while (n > SEARCH_ROOT_MIN && (long)n * samples * least > left)
        n--;
    while (samples > SEARCH_SAMPLES_MIN && (long)n * samples * least > left)
        samples--;
    long line = left / ((long)(n ? n : 1) * samples) - 1 - SEARCH_MINE;
    int replies = (int)(line / (rivals ? rivals : 1));
    replies = replies < 2 ? 2 : replies > SEARCH_REPLIES ? SEARCH_REPLIES : replies;
    for (int k = 0; n > 1 && l.v[0].score < WEIGH_WON && k < samples; k++) {
        Board *d = sample(fog, player, b, r);
        WeighGoal g;
        weigh_goal_aimed(d, player, b, false, &g);
        g.lair = goal.lair;
        g.outpace = goal.outpace;
        g.scout = goal.scout;
        g.fear_jump = goal.fear_jump;
        g.threat = goal.threat;
        Search s = {.player = player, .goal = &g, .seed = rng_next(r)};
        for (int i = 0; i < n; i++)
            sum[i] += line_worth(&s, d, l.v[i].text, replies);
        orders += s.work;
        weigh_goal_free(&g);
        board_free(d);
    }
    int best = 0; /* greedy's worth, and what the search adds to it */
    for (int i = 1; i < n; i++)
        if (l.v[i].score + TACTICS * sum[i] / samples > l.v[best].score + TACTICS * sum[best] / samples)
            best = i;
    *work = orders * unit + l.listed;
    char *text = xstrdup(l.n ? l.v[best].text : "PASS");
    free(sum);
    greedy_free(&l);
    weigh_goal_free(&goal);
    threat_free(&reach);
    board_free(fog);
    return text;
}
