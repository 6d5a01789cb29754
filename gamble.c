/* gamble: round 0 (gamble.h). None of it starts or ends a turn: it returns a TurnOutcome to the driver (turn.c). */
#include "gamble.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "deadline.h"
#include "notice.h"

/* Whether round 0 asks for a gamble of kind (the game's gamble mode). */
static bool asked(const Board *b, int kind)
{
    if (kind == GAMBLE_ON_POSITION)
        return b->par.gamble == GAMBLE_MODE_BOTH || b->par.gamble == GAMBLE_MODE_POSITION;
    return b->par.gamble == GAMBLE_MODE_BOTH || b->par.gamble == GAMBLE_MODE_ORDER;
}


static bool start_exists(const Board *b, int label)
{
    for (int i = 0; i < b->nst; i++)
        if (b->st[i].label == label)
            return true;
    return false;
}

static int start_sq(const Board *b, int label)
{
    for (int i = 0; i < b->nst; i++)
        if (b->st[i].label == label)
            return b->st[i].sq;
    return -1;
}

static int64_t total_stakes(const Player *pl)
{
    int64_t t = 0;
    for (int k = 0; k < 2; k++)
        if (pl->gamble[k].set)
            t += pl->gamble[k].stake;
    return t;
}

/* Sets a gamble (stake already checked), refunding the one it replaces. */
static void put(Player *pl, int kind, int64_t stake, const int *prefs, int nprefs)
{
    Gamble *gm = &pl->gamble[kind];
    if (gm->set)
        pl->e = sat_add(pl->e, gm->stake);
    memset(gm, 0, sizeof *gm);
    gm->set = true;
    gm->stake = stake;
    for (int i = 0; i < nprefs && i < MAX_PLAYERS; i++)
        gm->prefs[gm->nprefs++] = prefs[i];
    pl->e -= stake;
    pl->gambled_any = true;
}

/* Fills every missing gamble of pl (a player of b, or a copy of one) with 0E don't care. */
static void fill(const Board *b, Player *pl)
{
    for (int k = 0; k < 2; k++)
        if (asked(b, k) && !pl->gamble[k].set)
            put(pl, k, 0, NULL, 0);
}

/* Resolves one item: players choose in descending stake (ties by the seeded generator), each
 * taking their most preferred free option, else a random free one. opts: the options; out[p]: choice. */
static void resolve_item(Board *b, int kind, const int *opts, int nopt, int *out)
{
    int np = b->np;
    int idx[MAX_PLAYERS];
    for (int i = 0; i < np; i++)
        idx[i] = i;
    for (int i = np - 1; i > 0; i--) {
        int j = (int)rng_below(&b->rng, (uint64_t)i + 1);
        int t = idx[i];
        idx[i] = idx[j];
        idx[j] = t;
    }
    /* Stable insertion sort by stake, highest first. */
    for (int i = 1; i < np; i++) {
        int v = idx[i], j = i;
        while (j > 0 && b->pl[idx[j - 1]].gamble[kind].stake < b->pl[v].gamble[kind].stake) {
            idx[j] = idx[j - 1];
            j--;
        }
        idx[j] = v;
    }
    bool taken[MAX_PLAYERS + 1] = {false};
    for (int k = 0; k < np; k++) {
        int p = idx[k];
        const Gamble *gm = &b->pl[p].gamble[kind];
        int choice = -1;
        for (int i = 0; i < gm->nprefs && choice < 0; i++)
            for (int o = 0; o < nopt; o++)
                if (opts[o] == gm->prefs[i] && !taken[o]) {
                    choice = o;
                    break;
                }
        if (choice < 0) {
            int nfree = 0;
            for (int o = 0; o < nopt; o++)
                nfree += !taken[o];
            int r = nfree > 0 ? (int)rng_below(&b->rng, (uint64_t)nfree) : 0;
            for (int o = 0; o < nopt; o++)
                if (!taken[o] && r-- == 0) {
                    choice = o;
                    break;
                }
        }
        taken[choice] = true;
        out[p] = opts[choice];
    }
}

/* Puts the players into a new order: newpos[i] is the new index of player i. Remaps everything
 * that holds player indexes (pieces, the Game's per-player arrays). */
static void reorder_players(Game *g, const int *newpos)
{
    Board *b = g->b;
    int np = b->np;
    Player *tmp = xcalloc((size_t)np, sizeof *tmp);
    uint8_t **before = xcalloc((size_t)np, sizeof *before);
    bool due[MAX_PLAYERS], star[MAX_PLAYERS];
    for (int i = 0; i < np; i++) {
        tmp[newpos[i]] = b->pl[i];
        before[newpos[i]] = g->before[i];
        due[newpos[i]] = g->sheet_due[i];
        star[newpos[i]] = g->star_done[i];
    }
    memcpy(b->pl, tmp, (size_t)np * sizeof *tmp);
    memcpy(g->before, before, (size_t)np * sizeof *before);
    memcpy(g->sheet_due, due, (size_t)np * sizeof(bool));
    memcpy(g->star_done, star, (size_t)np * sizeof(bool));
    free(tmp);
    free(before);
    for (int i = 0; i < b->npc; i++)
        if (b->pc[i].owner >= 0 && b->pc[i].owner < np)
            b->pc[i].owner = newpos[b->pc[i].owner];
    for (int p = 0; p < np; p++)
        for (int k = 0; k < b->pl[p].nreveals; k++)
            if (b->pl[p].reveals[k].owner >= 0 && b->pl[p].reveals[k].owner < np)
                b->pl[p].reveals[k].owner = newpos[b->pl[p].reveals[k].owner];
}

static TurnOutcome start_round1(Game *g);

/* Round 0 is over: starts and turn order settled (position first, then order), round 1 begins. */
static TurnOutcome round0_resolve(Game *g)
{
    Board *b = g->b;
    int np = b->np;
    int pos[MAX_PLAYERS], ord[MAX_PLAYERS], opts[MAX_PLAYERS];
    if (asked(b, GAMBLE_ON_POSITION)) {
        int n = 0;
        for (int i = 0; i < b->nst && n < MAX_PLAYERS; i++)
            opts[n++] = b->st[i].label;
        resolve_item(b, GAMBLE_ON_POSITION, opts, n, pos);
    } else {
        for (int i = 0; i < np; i++)
            pos[i] = i + 1;
    }
    if (asked(b, GAMBLE_ON_ORDER)) {
        for (int i = 0; i < np; i++)
            opts[i] = i + 1;
        resolve_item(b, GAMBLE_ON_ORDER, opts, np, ord);
    } else {
        for (int i = 0; i < np; i++)
            ord[i] = i + 1;
    }
    int newpos[MAX_PLAYERS];
    for (int i = 0; i < np; i++) {
        b->pl[i].start = pos[i];
        newpos[i] = ord[i] - 1;
        int64_t staked = total_stakes(&b->pl[i]);
        if (staked > 0)
            game_ebook(g, i, (EbookLine){.kind = EBOOK_STAKED, .amount = staked});
    }
    reorder_players(g, newpos);
    /* Each player learns their own start and the full turn order, nothing else (notice_say). */
    for (int i = 0; i < b->np; i++)
        notice_news(b, i, NEWS_EVENT, &(Notice){.kind = NOTICE_ROUND0_OVER, .player = i, .num = {b->pl[i].start},
                                                .sq = start_sq(b, b->pl[i].start)});
    return start_round1(g);
}

/* Writes round 0's gambles to the move list as round 0 ends (contract 10.3), not one line as each is sent: that
 * would let every player count the others' secret gambles and replacements by the move number (contract 8).
 * Each player's in seat order: the items with preferences (their kind told by them), then those without, each a
 * "don't care" for the first item not yet in (as it was when it was sent: the order item is taken that way only
 * once the position is in). Replayed, each line records itself and they give the same gambles and E. A replay
 * writes nothing here: its lines record themselves as they are read. */
static void record_gambles(Game *g)
{
    Board *b = g->b;
    if (g->replay)
        return;
    for (int p = 0; p < b->np; p++)
        for (int with_prefs = 1; with_prefs >= 0; with_prefs--)
            for (int k = 0; k < 2; k++) {
                const Gamble *gm = &b->pl[p].gamble[k];
                if (!asked(b, k) || !gm->set || (gm->nprefs > 0) != (with_prefs == 1))
                    continue;
                Order o = {.verb = ORD_GAMBLE, .sq = -1, .sq2 = -1, .stake = gm->stake,
                           .gkind = gm->nprefs ? k : -1, .nprefs = gm->nprefs};
                memcpy(o.prefs, gm->prefs, sizeof o.prefs);
                order_canonical(&o, b);
                game_record(g, p, movelist_order(o.text, false, false));
                free(o.text);
            }
}

/* Resolves round 0 once every player has every gamble in (TURN_BEGINS: round 1 begins), its gambles recorded first
 * when record is set (the last gamble came in; at the deadline they were recorded before the time-outs). */
static TurnOutcome round0_check(Game *g, bool record)
{
    Board *b = g->b;
    if (b->phase != PHASE_ROUND0)
        return TURN_WAITS;
    for (int i = 0; i < b->np; i++)
        if (!board_gambles_in(b, &b->pl[i]))
            return TURN_WAITS;
    if (record)
        record_gambles(g);
    return round0_resolve(g);
}

TurnOutcome gamble_timeout(Game *g, int p)
{
    Board *b = g->b;
    game_record(g, p, movelist_event(MOVE_TIMEOUT, 0));
    fill(b, &b->pl[p]);
    notice_news(b, p, NEWS_EVENT, &(Notice){.kind = NOTICE_ROUND0_TIMEOUT});
    return round0_check(g, false);
}

TurnOutcome gamble_deadline(Game *g)
{
    Board *b = g->b;
    TurnOutcome next = TURN_WAITS;
    if (b->phase == PHASE_ROUND0) /* the gambles that are in, before the time-outs that fill the rest */
        record_gambles(g);
    for (int i = 0; i < b->np && b->phase == PHASE_ROUND0; i++)
        if (!board_gambles_in(b, &b->pl[i]))
            next = gamble_timeout(g, i);
    return b->phase == PHASE_ROUND0 ? round0_check(g, false) : next;
}

/* A round-0 refusal: -1 with the reason code and its arguments in *why. */
static int gamble_refused(FailReason *why, FailCode code, int64_t n, int64_t m)
{
    *why = (FailReason){.code = code, .num = {n, m}, .hidden_at = -1};
    return -1;
}

/* Checks GAMBLE o of a player whose gambles are pl's (the player's own, or a copy while a message is checked
 * whole): 0 with the item it is for in *kind, or -1 with why it is refused in *why. */
static int validate(const Board *b, const Player *pl, const Order *o, int *kind, FailReason *why)
{
    *kind = o->gkind;
    if (*kind < 0) {
        /* "don't care" only: the first item not yet gambled on. */
        for (int k = 0; k < 2 && *kind < 0; k++)
            if (asked(b, k) && !pl->gamble[k].set)
                *kind = k;
        if (*kind < 0) {
            if (asked(b, GAMBLE_ON_POSITION) != asked(b, GAMBLE_ON_ORDER))
                *kind = asked(b, GAMBLE_ON_POSITION) ? GAMBLE_ON_POSITION : GAMBLE_ON_ORDER;
            else
                return gamble_refused(why, FAIL_GAMBLED_BOTH, 0, 0);
        }
    }
    if (!asked(b, *kind))
        return gamble_refused(why, *kind == GAMBLE_ON_POSITION ? FAIL_NO_POSITION_GAMBLE : FAIL_NO_ORDER_GAMBLE, 0, 0);
    for (int i = 0; i < o->nprefs; i++) {
        if (*kind == GAMBLE_ON_POSITION && !start_exists(b, o->prefs[i]))
            return gamble_refused(why, FAIL_NOT_A_START, o->prefs[i], b->nst);
        if (*kind == GAMBLE_ON_ORDER && o->prefs[i] > b->np)
            return gamble_refused(why, FAIL_NOT_A_PLACE, b->np, o->prefs[i]);
    }
    int64_t other = pl->gamble[!*kind].set ? pl->gamble[!*kind].stake : 0;
    if (o->stake > b->par.start_e || other + o->stake > b->par.start_e)
        return gamble_refused(why, FAIL_STAKE_TOO_HIGH, b->par.start_e, other + o->stake);
    return 0;
}

/* Why PASS by a player whose gambles are pl's is refused (-1 with *why), else 0. */
static int validate_pass(const Board *b, const Player *pl, FailReason *why)
{
    if (board_gambles_in(b, pl))
        return gamble_refused(why, FAIL_GAMBLES_ALL_IN, 0, 0);
    return 0;
}

int gamble_prefix(const Board *b, int player, const OrderList *l)
{
    Player sim = b->pl[player]; /* a copy: only its gambles and E change, nothing it points to */
    int k = 0, kind;
    FailReason why;
    for (; k < l->n; k++) {
        const Order *o = &l->v[k];
        if (o->verb == ORD_GAMBLE) {
            if (validate(b, &sim, o, &kind, &why) == 0)
                put(&sim, kind, o->stake, o->prefs, o->nprefs);
        } else if (o->verb == ORD_PASS && !board_gambles_in(b, &sim)) {
            fill(b, &sim);
        } else {
            break;
        }
    }
    return k;
}

int gamble_check(const Board *b, int player, const OrderList *l, int *bad, FailReason *why)
{
    Player sim = b->pl[player]; /* a copy: only its gambles and E change, nothing it points to */
    bool others = true;         /* every other player has every gamble in */
    for (int i = 0; i < b->np; i++)
        others = others && (i == player || board_gambles_in(b, &b->pl[i]));
    for (int i = 0; i < l->n; i++) {
        const Order *o = &l->v[i];
        int kind, rc = 0;
        *bad = i;
        if (others && board_gambles_in(b, &sim)) /* the orders before it ended round 0 */
            rc = gamble_refused(why, o->verb == ORD_GAMBLE ? FAIL_GAMBLE_LATE : FAIL_ROUND0_ENDING, 0, 0);
        else if (o->verb == ORD_GAMBLE && (rc = validate(b, &sim, o, &kind, why)) == 0)
            put(&sim, kind, o->stake, o->prefs, o->nprefs);
        else if (o->verb == ORD_PASS && (rc = validate_pass(b, &sim, why)) == 0)
            fill(b, &sim);
        else if (o->verb != ORD_GAMBLE && o->verb != ORD_PASS)
            rc = gamble_refused(why, FAIL_NOT_YOUR_MOVE, 0, 0);
        if (rc)
            return -1;
    }
    return 0;
}

int gamble_order(Game *g, int p, const Order *o, TurnOutcome *next)
{
    Board *b = g->b;
    Player *pl = &b->pl[p];
    FailReason why;
    int kind;
    *next = TURN_WAITS;
    if (o->verb == ORD_PASS) {
        if (validate_pass(b, pl, &why) < 0)
            return game_refuse_why(g, why);
        fill(b, pl);
        if (g->replay) /* live, written as round 0 ends (record_gambles) */
            game_record(g, p, movelist_order(o->text, false, false));
        notice_reply(g, &(Notice){.kind = NOTICE_GAMBLE_PASS, .num = {total_stakes(pl), pl->e}});
    } else if (o->verb != ORD_GAMBLE) {
        return game_refuse_why(g, (FailReason){.code = FAIL_NOT_YOUR_MOVE});
    } else if (validate(b, pl, o, &kind, &why) < 0) {
        return game_refuse_why(g, why);
    } else {
        bool replaced = pl->gamble[kind].set;
        put(pl, kind, o->stake, o->prefs, o->nprefs);
        if (g->replay) /* live, written as round 0 ends (record_gambles) */
            game_record(g, p, movelist_order(o->text, false, false));
        notice_reply(g, &(Notice){.kind = NOTICE_GAMBLE_TAKEN, .text = o->text, .item = kind, .replaced = replaced,
                                  .num = {total_stakes(pl), pl->e}});
    }
    *next = round0_check(g, true);
    return 0;
}

/* Places the start pieces of the assigned labels; unassigned starts stay empty. */
static void place_starts(Game *g)
{
    Board *b = g->b;
    for (int i = 0; i < b->nspc; i++) {
        StartPiece *s = &b->spc[i];
        int owner = -1;
        for (int p = 0; p < b->np; p++)
            if (b->pl[p].start == s->label)
                owner = p;
        if (owner >= 0 && !board_piece_at(b, s->sq))
            board_add_piece(b, s->sq, owner, &s->g);
    }
    free(b->spc);
    b->spc = NULL;
    b->nspc = 0;
}

/* Round 1 begins: pieces placed, seat 0 (the first in turn order) to move (its turn begins). */
static TurnOutcome start_round1(Game *g)
{
    Board *b = g->b;
    place_starts(g);
    b->phase = PHASE_PLAY;
    b->round = 1;
    b->seat = 0;
    while (b->seat < b->np && !board_player_has_turns(b, b->seat))
        b->seat++;
    return TURN_BEGINS;
}

TurnOutcome gamble_begin(Game *g)
{
    Board *b = g->b;
    if (b->par.gamble == GAMBLE_MODE_NONE) {
        for (int p = 0; p < b->np; p++)
            b->pl[p].start = p + 1;
        return start_round1(g);
    }
    b->phase = PHASE_ROUND0;
    b->round = 0;
    b->seat = 0;
    b->clock.turn_start = g->now;
    b->clock.holiday_since = 0;
    deadline_fresh(g);
    for (int p = 0; p < b->np; p++)
        g->sheet_due[p] = true;
    return TURN_WAITS;
}

void gamble_copy_pending(Board *to, const Board *from)
{
    for (int i = 0; i < to->np && i < from->np; i++) {
        Player *pl = &to->pl[i];
        pl->e = sat_add(pl->e, total_stakes(pl)); /* none, unless a line of an older board gambled already */
        memcpy(pl->gamble, from->pl[i].gamble, sizeof pl->gamble);
        pl->gambled_any = from->pl[i].gambled_any;
        pl->e -= total_stakes(pl);
    }
}

bool gamble_resign(Game *g, int player)
{
    Board *b = g->b;
    if (b->np - 1 < 2)
        return true;
    game_record(g, player, movelist_event(MOVE_RESIGN, 0));
    char id[USERID_MAX + 1];
    snprintf(id, sizeof id, "%s", b->pl[player].id);
    /* Remove the player entirely: the players array shrinks. */
    Player *gone = &b->pl[player];
    board_player_free(gone);
    free(g->before[player]);
    int np = b->np;
    for (int i = player; i < np - 1; i++) {
        b->pl[i] = b->pl[i + 1];
        g->before[i] = g->before[i + 1];
        g->sheet_due[i] = g->sheet_due[i + 1];
        g->star_done[i] = g->star_done[i + 1];
    }
    g->before[np - 1] = NULL;
    g->sheet_due[np - 1] = false;
    g->star_done[np - 1] = false;
    memset(&b->pl[np - 1], 0, sizeof b->pl[np - 1]);
    b->np = np - 1;
    for (int i = 0; i < b->npc; i++)
        if (b->pc[i].owner > player)
            b->pc[i].owner--;
    /* Round 0 restarts: every gamble is discarded, every stake refunded, a fresh deadline. */
    for (int i = 0; i < b->np; i++) {
        Player *pl = &b->pl[i];
        pl->e = sat_add(pl->e, total_stakes(pl));
        memset(pl->gamble, 0, sizeof pl->gamble);
        pl->gambled_any = false;
        notice_news(b, i, NEWS_EVENT, &(Notice){.kind = NOTICE_ROUND0_RESTARTS, .text = id});
        g->sheet_due[i] = true;
    }
    b->seat = 0;
    b->clock.turn_start = g->now;
    deadline_fresh(g);
    return false;
}
