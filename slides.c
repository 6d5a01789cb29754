/* slides: the orders that slide pieces in straight lines (contract 14.2, 14.3 phased pieces met): REPULSE and
 * ATTRACT (waves from the actor push or pull the first piece in each direction) and CHARGE (the Z piece runs
 * until something is next). */
#include "slides.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "sight.h"

/* A straight slide of a piece (REPULSE, ATTRACT, CHARGE): computed without changing the board. */
typedef struct Slide {
    int final;   /* where the piece ends (from when it cannot move) */
    int block;   /* the square that stopped it (-1: the grid's edge) */
    bool mined;  /* final is an interior wall the piece takes (O) */
    int *rev;    /* phased pieces it met: revealed when the slide happens */
    int nrev;
} Slide;

/* Slides a piece from `from` in direction d until the next square is a wall, a piece (unless jump: then it
 * passes over pieces and ends on the last empty square it crossed) or `limit` (ATTRACT: the actor). With mine,
 * an interior wall met is taken: the slide ends on it. `ignore` is a square treated as empty (the sliding
 * piece's own square). Every phased piece met (blocking or passed over) is listed in rev. */
static void slide(const Board *b, int from, int d, int limit, bool jump, bool mine, int ignore, Slide *s)
{
    int cur = from;
    s->final = from;
    s->block = -1;
    s->mined = false;
    s->nrev = 0;
    if (!s->rev)
        s->rev = xmalloc(sizeof(int) * (size_t)(b->w > b->h ? b->w : b->h) + sizeof(int));
    for (;;) {
        int next = board_step(b, cur, d);
        if (next < 0)
            return;
        if (next == limit) {
            s->block = next;
            return;
        }
        char t = b->ter[next];
        if (t != TER_FLOOR) {
            if (t == TER_IWALL && mine) {
                s->final = next;
                s->mined = true;
            }
            s->block = next;
            return;
        }
        const Piece *p = next == ignore ? NULL : board_piece_at(b, next);
        if (p) {
            if (p->g.phased)
                s->rev[s->nrev++] = next;
            if (!jump) {
                s->block = next;
                return;
            }
        } else {
            s->final = next;
        }
        cur = next;
    }
}

static void slide_reveal(Game *g, const Slide *s, EventWhat why)
{
    for (int i = 0; i < s->nrev; i++) {
        Piece *p = board_piece_at(g->b, s->rev[i]);
        if (p)
            game_reveal(g, p, (EventWhy){.what = why});
    }
}

/* The squares a slide from `from` in direction d involved: those it crossed and the one that stopped it.
 * Returns true when the acting player saw them all; with touch, each is game_touch'ed (failure case (ii)). */
static bool slide_involved(Game *g, int from, int d, const Slide *s, bool touch)
{
    bool seen = true;
    for (int sq = from; sq != s->final && sq >= 0;) {
        sq = board_step(g->b, sq, d);
        seen = seen && game_saw(g, sq);
        if (touch)
            game_touch(g, sq);
    }
    if (s->block >= 0) {
        seen = seen && game_saw(g, s->block);
        if (touch)
            game_touch(g, s->block);
    }
    return seen;
}

/* Moves the piece on from to s->final (taking an interior wall with O), with its events. */
static void slide_apply(Game *g, int from, const Slide *s, EventKind kind)
{
    Board *b = g->b;
    int to = s->final;
    if (to == from)
        return;
    Piece *p = board_piece_at(b, from);
    int sqs[2] = {from, to};
    Event *ev = game_event(g, kind, game_piece_subject(b, p), p->g.phased ? EV_PRIVATE : 0, sqs, 2);
    game_ev_piece(ev, 0, b, p);
    game_ev_piece(ev, 1, b, p);
    game_ev_moved(ev, 0, from, to);
    game_ev_moved(ev, 1, from, to);
    if (s->mined) {
        b->ter[to] = TER_FLOOR;
        game_event(g, EVENT_IWALL_MINED, game_piece_subject(b, p), 0, &to, 1);
    }
    board_move_piece(b, from, to);
}

/* ---- REPULSE, ATTRACT ---- */

static int wave(Game *g, int player, Piece *actor, bool attract)
{
    Board *b = g->b;
    int asq = actor->sq;
    bool diag = actor->g.n[GENE_C] > 0;
    Event *ev = game_event(g, attract ? EVENT_WAVE_ATTRACT : EVENT_WAVE_REPULSE, player, 0, &asq, 1);
    game_ev_piece(ev, 0, b, actor);
    Slide s = {0};
    EventWhat stopped = attract ? WHY_STOPPED_ATTRACTION : WHY_STOPPED_REPULSION;
    for (int d = 0; d < DIR_COUNT; d++) {
        if (grid_dir_diagonal(d) && !diag)
            continue;
        /* The wave passes over walls and stops at the first piece. */
        int sq = asq;
        Piece *p = NULL;
        while ((sq = board_step(b, sq, d)) >= 0 && !(p = board_piece_at(b, sq)))
            ;
        if (!p)
            continue;
        if (p->g.phased)
            game_reveal(g, p, (EventWhy){.what = attract ? WHY_REACHED_ATTRACTION : WHY_REACHED_REPULSION});
        int md = attract ? (d + 4) % DIR_COUNT : d;
        slide(b, sq, md, attract ? asq : -1, p->g.n[GENE_E] > 0, p->g.n[GENE_O] > 0, sq, &s);
        if (s.final == sq) { /* it cannot move: nothing to resist; a phased piece that stopped it shows */
            slide_reveal(g, &s, stopped);
            continue;
        }
        if (game_shield(g, sq, (EventWhy){.what = attract ? WHAT_ATTRACTION : WHAT_REPULSION}))
            continue;
        slide_reveal(g, &s, stopped);
        slide_apply(g, sq, &s, attract ? EVENT_PULLED : EVENT_PUSHED_BY_WAVE);
    }
    free(s.rev);
    return 0;
}

int slides_repulse(Game *g, int player, const Order *o, Piece *actor)
{
    (void)o;
    return wave(g, player, actor, false);
}

int slides_attract(Game *g, int player, const Order *o, Piece *actor)
{
    (void)o;
    return wave(g, player, actor, true);
}

/* ---- CHARGE ---- */

/* contract 14.2 CHARGE: a charge of length 0 is refused. The check is pure: it refuses only what the player
 * can see (a wall or a visible piece next in line); a charge stopped at once by a phased piece is not
 * refused (it reveals the piece and the order goes on, contract 14.3), and a block outside the view is a
 * failure reported without detail by the run. A later charge is judged only while every earlier one
 * stayed in the view and met no other player's phased piece: otherwise where it starts is hidden
 * information, and a free refusal would tell it (contract 8); the run decides, as a failure. */
/* The reason code of a charge in direction d from square from that fails, with the square it meets (to, -1:
 * none) and that square's terrain ter. */
static FailReason slides_charge_why(FailCode code, int d, int from, int to, char ter)
{
    FailReason why = {.code = code, .sq = {from, to}, .ter = ter};
    snprintf(why.word, sizeof why.word, "%s", grid_dir_name[d]);
    return why;
}

int slides_charge_check(Game *g, int player, const Order *o, Piece *actor)
{
    Board *b = g->b;
    int start = actor->sq, cur = start;
    Slide s = {0};
    int rc = 0;
    for (int i = 0; i < o->ndirs && i < piece_charges(&actor->g); i++) {
        if (grid_dir_diagonal(o->dirs[i]) && !actor->g.n[GENE_C])
            break;
        slide(b, cur, o->dirs[i], -1, false, false, start, &s);
        Piece *p = s.block >= 0 ? board_piece_at(b, s.block) : NULL;
        bool phased_other = p && p->g.phased && p->owner != player;
        if (phased_other || !slide_involved(g, cur, o->dirs[i], &s, false))
            break;
        if (s.final != cur) {
            cur = s.final;
            continue;
        }
        if (s.block >= 0)
            rc = game_fail_why(g, -1, slides_charge_why(p ? FAIL_CHARGE_ZERO_PIECE : FAIL_CHARGE_ZERO_WALL, o->dirs[i],
                                                         cur, s.block, b->ter[s.block]));
        break;
    }
    free(s.rev);
    return rc;
}

int slides_charge(Game *g, int player, const Order *o, Piece *actor)
{
    Board *b = g->b;
    (void)player;
    int start = actor->sq;
    int nz = piece_charges(&actor->g);
    if (o->ndirs < 1 || o->ndirs > nz)
        return game_fail_why(g, -1, (FailReason){.code = FAIL_CHARGE_TIMES, .sq = {start}, .num = {nz}});
    if (!actor->g.n[GENE_C])
        for (int i = 0; i < o->ndirs; i++)
            if (grid_dir_diagonal(o->dirs[i]))
                return game_fail_why(g, -1, slides_charge_why(FAIL_NO_C_CHARGE, o->dirs[i], start, -1, 0));
    /* Every charge is worked out first (the piece's own square counts as empty once it has left);
     * phased pieces met are revealed even if a later charge cannot move. */
    int *to = xmalloc(sizeof(int) * (size_t)o->ndirs);
    Slide s = {0};
    int cur = start;
    for (int i = 0; i < o->ndirs; i++) {
        slide(b, cur, o->dirs[i], -1, false, false, start, &s);
        slide_involved(g, cur, o->dirs[i], &s, true); /* a path out of the view makes a failure case (ii) */
        slide_reveal(g, &s, WHY_STOPPED_CHARGE);
        Piece *stopper = s.block >= 0 ? board_piece_at(b, s.block) : NULL;
        if (s.final == cur && stopper && s.nrev && s.rev[s.nrev - 1] == s.block) {
            /* contract 14.3: stopped before a phased piece, which is revealed; the order does not fail. */
            to[i] = cur;
            continue;
        }
        if (s.final == cur) {
            int rc;
            if (s.block < 0) {
                rc = game_fail_why(g, -1, slides_charge_why(FAIL_CHARGE_OFF_BOARD, o->dirs[i], cur, -1, 0));
            } else {
                Piece *p = board_piece_at(b, s.block);
                FailCode code = b->ter[s.block] != TER_FLOOR ? FAIL_CHARGE_WALL
                                : p && s.nrev                ? FAIL_CHARGE_PHASED
                                                             : FAIL_CHARGE_OCCUPIED;
                rc = game_fail_why(g, s.block, slides_charge_why(code, o->dirs[i], cur, s.block, b->ter[s.block]));
            }
            free(to);
            free(s.rev);
            return rc;
        }
        to[i] = s.final;
        cur = s.final;
    }
    free(s.rev);
    cur = start;
    for (int i = 0; i < o->ndirs; i++) {
        if (to[i] == cur)
            continue; /* stopped at once by a phased piece: its reveal is the news */
        int sqs[2] = {cur, to[i]};
        Event *ev = game_event(g, EVENT_CHARGED, player, 0, sqs, 2);
        game_ev_piece(ev, 0, b, actor);
        game_ev_piece(ev, 1, b, actor);
        game_ev_moved(ev, 0, cur, to[i]);
        game_ev_moved(ev, 1, cur, to[i]);
        cur = to[i];
    }
    if (cur != start)
        board_move_piece(b, start, cur);
    free(to);
    return 0;
}
