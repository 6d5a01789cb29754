/* dispatch: running an order on the board — the handler table (verb -> check, handler) and the shared checks done once for every order. */
#include "dispatch.h"

#include "actions.h"

/* What runs an order: an optional pure check run before anything changes (a failure there is a
 * refusal, SPEC 2.1: nothing recorded, nothing changes) and the handler. */
typedef struct Handler {
    ActionFn check;
    ActionFn run;
} Handler;

/* The handlers, indexed by verb; GAMBLE and HOLIDAY are the clock's (clock_order) and have none. */
static const Handler handlers[ORD_COUNT] = {
    [ORD_PASS] = {NULL, action_pass},
    [ORD_CREATE] = {action_create_check, action_create},
    [ORD_MOVE] = {NULL, action_move},
    [ORD_DIVIDE] = {NULL, action_divide},
    [ORD_TRANSFER] = {action_transfer_check, action_transfer},
    [ORD_RADIATE] = {NULL, action_radiate},
    [ORD_TELEPORT] = {NULL, action_teleport},
    [ORD_PETRIFY] = {NULL, action_petrify},
    [ORD_PHASE] = {NULL, action_phase},
    [ORD_CONVERT] = {NULL, action_convert},
    [ORD_REPULSE] = {NULL, action_repulse},
    [ORD_FLARE] = {NULL, action_flare},
    [ORD_HOME] = {NULL, action_home},
    [ORD_ATTRACT] = {NULL, action_attract},
    [ORD_SANCTUARY] = {NULL, action_sanctuary},
    [ORD_CHARGE] = {action_charge_check, action_charge},
};

int dispatch_order(Game *g, int player, const Order *o)
{
    const OrderInfo *info = &order_table[o->verb];
    const Handler *h = &handlers[o->verb];
    Board *b = g->b;
    Piece *actor = NULL;
    char nm[16];
    bool needs_actor = info->shape != SHAPE_NONE && info->shape != SHAPE_GAMBLE && info->shape != SHAPE_CREATE;
    if (needs_actor) {
        Piece *p = board_piece_at(b, o->sq);
        /* Another player's phased piece looks like an empty square: same words, nothing revealed. */
        if (!p || !board_controls(b, player, p)) {
            g->fail.refused = true;
            return game_fail(g, "no piece of yours on %s", board_sq_name(b, o->sq, nm)), ORDER_REFUSED;
        }
        bool ok = info->gene < 0 || p->g.n[info->gene] > 0;
        if (o->verb == ORD_MOVE)
            ok = p->g.n[GENE_A] || p->g.n[GENE_K];
        if (!ok) {
            g->fail.refused = true;
            if (o->verb == ORD_MOVE)
                return game_fail(g, "the piece on %s has no A or K", board_sq_name(b, o->sq, nm)), ORDER_REFUSED;
            return game_fail(g, "the piece on %s has no %c (%s needs %c)", board_sq_name(b, o->sq, nm),
                             'A' + info->gene, info->verb, 'A' + info->gene),
                   ORDER_REFUSED;
        }
        actor = p;
    }
    if (!h->run) {
        g->fail.refused = true;
        return game_fail(g, "%s cannot be used now", info->verb), ORDER_REFUSED;
    }
    if (h->check && h->check(g, player, o, actor) < 0) {
        g->fail.refused = true;
        return ORDER_REFUSED;
    }
    if (actor && actor->g.phased)
        game_reveal(g, actor, "acted");
    return h->run(g, player, o, actor);
}

