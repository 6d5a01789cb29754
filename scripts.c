/* scripts: the scripted opponents (scripts.h; contract 12).
 *
 * A script reads what a bot reads — the board its player knows (weigh_fog), the start squares and the round —
 * and follows its plan; its pieces walk along weigh_goal's steps, as greedy's do. */
#include "scripts.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "weigh.h"

#define SCRIPT_MOVES 512
#define SWARM_SIZE 6

const char *const scripts_names[SCRIPT_COUNT] = {[SCRIPT_RUSH] = "rush", [SCRIPT_SWARM] = "swarm",
                                                  [SCRIPT_DECODER] = "decoder", [SCRIPT_TURTLE] = "turtle"};

/* What one decision knows: the board, the goal, the player's first King, the work done. */
typedef struct Script {
    const Board *fog;
    int player, king;
    WeighGoal goal;
    Rng *r;
    long work;
} Script;

/* True when text runs by the rules on a copy of the board the player knows; false, and not run, once SCRIPT_WORK
 * orders were (contract 12, 15.2: a decision is a bounded amount of work, whatever the board). */
static bool script_runs(Script *s, const char *text)
{
    if (s->work >= SCRIPT_WORK)
        return false;
    Board *c = weigh_clone(s->fog);
    s->work++;
    bool ok = weigh_apply(c, s->player, text, 0) == 0;
    board_free(c);
    return ok;
}

static bool script_own(const Script *s, const Piece *p)
{
    return board_controls(s->fog, s->player, p);
}

/* A mobile piece of the player's: it MOVEs and is no King and no guard. */
static bool script_mobile(const Script *s, const Piece *p)
{
    return script_own(s, p) && p->g.n[GENE_A] && !p->g.n[GENE_K] && !threat_guard(&p->g);
}

/* A MOVE of one of the player's pieces that lands on an enemy piece: a King it decodes when king is true, else
 * any; only on one within near steps of the player's King when near > 0. Its pieces that are no King first. ""
 * when none. */
static void script_take(Script *s, bool king, int near, char *out, size_t size)
{
    WeighMove *mv = xmalloc(SCRIPT_MOVES * sizeof *mv);
    out[0] = '\0';
    for (int pass = 0; pass < 2 && !out[0]; pass++)
        for (int i = 0; i < s->fog->npc && !out[0]; i++) {
            const Piece *p = &s->fog->pc[i];
            if (!script_own(s, p) || (p->g.n[GENE_K] > 0) != (pass == 1))
                continue;
            int n = weigh_moves(s->fog, p->sq, mv, SCRIPT_MOVES);
            for (int k = 0; k < n && !out[0]; k++) {
                const Piece *q = board_piece_at(s->fog, mv[k].to);
                if (q && !script_own(s, q) && !board_is_orphan(s->fog, q) && (!king || q->g.n[GENE_K]) &&
                    (near <= 0 || (s->king >= 0 && board_dist(s->fog, mv[k].to, s->king) <= near)) &&
                    script_runs(s, mv[k].text))
                    snprintf(out, size, "%s", mv[k].text);
            }
        }
    free(mv);
}

/* A CREATE of seq next to the King (the square nearest the goal, or the first open one when any), when it runs;
 * false when none does. */
static bool script_create(Script *s, const char *seq, bool any, char *out, size_t size)
{
    Genome g;
    Err err;
    if (s->king < 0 || piece_parse(seq, &g, false, &err) < 0 || piece_cost(&g) > s->fog->pl[s->player].e)
        return false;
    int best = -1;
    for (int d = 0; d < DIR_COUNT; d++) {
        int t = board_step(s->fog, s->king, d);
        if (t < 0 || s->fog->ter[t] != TER_FLOOR || s->fog->at[t] >= 0)
            continue;
        char name[16], text[64];
        snprintf(text, sizeof text, "CREATE %s %s", board_sq_name(s->fog, t, name), seq);
        if ((best < 0 || (!any && s->goal.walk[t] < s->goal.walk[best])) && script_runs(s, text))
            best = t;
    }
    if (best < 0)
        return false;
    char name[16];
    snprintf(out, size, "CREATE %s %s", board_sq_name(s->fog, best, name), seq);
    return true;
}

/* The MOVE of the piece on sq that ends nearest the goal and nearer than it stands (equals drawn); "" when none. */
static int script_advance_piece(Script *s, int sq, char *out, size_t size)
{
    WeighMove *mv = xmalloc(SCRIPT_MOVES * sizeof *mv);
    const Piece *p = board_piece_at(s->fog, sq);
    const int *d = p->g.n[GENE_O] ? s->goal.dig : s->goal.walk;
    int n = weigh_moves(s->fog, sq, mv, SCRIPT_MOVES), best = d[sq], ties = 0;
    out[0] = '\0';
    for (int k = 0; k < n; k++) {
        const Piece *q = board_piece_at(s->fog, mv[k].to);
        if ((q && script_own(s, q)) || d[mv[k].to] > best || !script_runs(s, mv[k].text))
            continue;
        if (d[mv[k].to] < best)
            ties = 0;
        best = d[mv[k].to];
        if (best < d[sq] && rng_below(s->r, (uint64_t)++ties) == 0)
            snprintf(out, size, "%s", mv[k].text);
    }
    free(mv);
    return best;
}

/* Walks a mobile piece towards the goal: the one farthest from it that can gain (farthest is false: the one
 * that gets nearest). False when none can. */
static bool script_advance(Script *s, bool farthest, char *out, size_t size)
{
    int pick = -1;
    char text[128], keep[128] = "";
    for (int i = 0; i < s->fog->npc; i++) {
        const Piece *p = &s->fog->pc[i];
        if (!script_mobile(s, p))
            continue;
        int to = script_advance_piece(s, p->sq, text, sizeof text);
        int key = farthest ? -s->goal.walk[p->sq] : to;
        if (text[0] && (pick < 0 || key < pick)) {
            pick = key;
            snprintf(keep, sizeof keep, "%s", text);
        }
    }
    snprintf(out, size, "%s", keep);
    return keep[0] != '\0';
}

static int script_count(const Script *s, bool (*is)(const Script *, const Piece *))
{
    int k = 0;
    for (int i = 0; i < s->fog->npc; i++)
        k += is(s, &s->fog->pc[i]);
    return k;
}

/* The fastest orthogonal piece the player can afford (ABBBBBB at most), "" when not even an A. */
static void script_fastest(const Script *s, char *out, size_t size)
{
    static const char *const by_speed[] = {"ABBBBBB", "ABBBBB", "ABBBB", "ABBB", "ABB", "AB", "A"};
    out[0] = '\0';
    for (size_t i = 0; i < sizeof by_speed / sizeof by_speed[0] && !out[0]; i++) {
        Genome g;
        Err err;
        if (piece_parse(by_speed[i], &g, false, &err) == 0 && piece_cost(&g) <= s->fog->pl[s->player].e)
            snprintf(out, size, "%s", by_speed[i]);
    }
}

static bool script_has_scout(const Script *s, const Piece *p)
{
    return script_mobile(s, p) && p->g.n[GENE_F];
}

static bool script_sees_king(const Script *s)
{
    for (int i = 0; i < s->fog->npc; i++) {
        const Piece *q = &s->fog->pc[i];
        if (q->g.n[GENE_K] && !script_own(s, q) && !board_is_orphan(s->fog, q))
            return true;
    }
    return false;
}

/* The plans after the strike at a King (scripts.h). */
static void script_plan(Script *s, ScriptKind kind, char *out, size_t size)
{
    char seq[16];
    switch (kind) {
    case SCRIPT_RUSH:
        script_fastest(s, seq, sizeof seq);
        if (script_count(s, script_mobile) == 0 && seq[0] && script_create(s, seq, false, out, size))
            return;
        script_advance(s, false, out, size);
        return;
    case SCRIPT_SWARM:
        if (script_count(s, script_mobile) < SWARM_SIZE && script_create(s, "AB", false, out, size))
            return;
        script_advance(s, true, out, size);
        return;
    case SCRIPT_DECODER:
        if (!script_sees_king(s)) {
            static const char *const scouts[] = {"ABCDF", "ABF", "AF"};
            for (size_t i = 0; script_count(s, script_has_scout) == 0 && i < sizeof scouts / sizeof scouts[0]; i++)
                if (script_create(s, scouts[i], false, out, size))
                    return;
            script_advance(s, false, out, size);
            return;
        }
        script_fastest(s, seq, sizeof seq);
        if (script_count(s, script_mobile) - script_count(s, script_has_scout) == 0 && seq[0] &&
            script_create(s, seq, false, out, size))
            return;
        for (int i = 0; i < s->fog->npc; i++) /* the striker walks; the scout keeps the King in sight */
            if (script_mobile(s, &s->fog->pc[i]) && !s->fog->pc[i].g.n[GENE_F] &&
                script_advance_piece(s, s->fog->pc[i].sq, out, size) >= 0 && out[0])
                return;
        return;
    default: /* SCRIPT_TURTLE */
        script_create(s, "A", true, out, size);
        return;
    }
}

char *scripts_choose(const Board *b, int player, ScriptKind kind, Rng *r, long *work)
{
    Script s = {.fog = weigh_fog(b, player), .player = player, .king = -1, .r = r};
    weigh_goal(s.fog, player, b, true, &s.goal);
    for (int i = 0; i < s.fog->npc && s.king < 0; i++)
        if (s.fog->pc[i].g.n[GENE_K] && script_own(&s, &s.fog->pc[i]))
            s.king = s.fog->pc[i].sq;
    char out[160];
    script_take(&s, true, 0, out, sizeof out);
    if (!out[0])
        script_take(&s, false, 1, out, sizeof out);
    if (!out[0])
        script_plan(&s, kind, out, sizeof out);
    *work = s.work;
    weigh_goal_free(&s.goal);
    board_free((Board *)s.fog);
    return xstrdup(out[0] ? out : "PASS");
}
