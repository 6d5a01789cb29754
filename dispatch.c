/* dispatch: running an order on the board — the handler table (verb -> check, handler) and the shared checks done once for every order. */
#include "dispatch.h"

#include <assert.h>

#include "actions.h"
#include "slides.h"

/* What runs an order: an optional pure check run before anything changes (a failure there is a
 * refusal, contract 3: nothing recorded, nothing changes) and the handler. */
typedef struct Handler {
    ActionFn check;
    ActionFn run;
} Handler;

/* The handlers, indexed by verb; GAMBLE and HOLIDAY are round 0's and the clock's (turn.c) and have none. */
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
    [ORD_REPULSE] = {NULL, slides_repulse},
    [ORD_FLARE] = {NULL, action_flare},
    [ORD_HOME] = {NULL, action_home},
    [ORD_ATTRACT] = {NULL, slides_attract},
    [ORD_SANCTUARY] = {NULL, action_sanctuary},
    [ORD_CHARGE] = {slides_charge_check, slides_charge},
};

int dispatch_check(Game *g, int player, const Order *o)
{
    const Handler *h = &handlers[o->verb];
    Board *b = g->b;
    Piece *actor = NULL;
    FailReason why = {.sq = {o->sq}, .verb = order_table[o->verb].verb};
    if (order_has_actor(o->verb)) {
        Piece *p = board_piece_at(b, o->sq);
        /* Another player's phased piece looks like an empty square: same words, nothing revealed. */
        if (!p || !board_controls(b, player, p)) {
            why.code = FAIL_NOT_YOURS;
            return game_refuse_why(g, why);
        }
        if (!order_enabled(&p->g, o->verb)) { /* orders.txt: the order's enabling code */
            why.code = order_enablers(o->verb, why.word) == 1 ? FAIL_NO_ENABLER : FAIL_NO_ENABLERS;
            return game_refuse_why(g, why);
        }
        actor = p;
    }
    if (!h->run) {
        why.code = FAIL_NOT_NOW;
        return game_refuse_why(g, why);
    }
    if (h->check && h->check(g, player, o, actor) < 0) {
        g->fail.refused = true;
        return ORDER_REFUSED;
    }
    return 0;
}

int dispatch_run(Game *g, int player, const Order *o)
{
    const Handler *h = &handlers[o->verb];
    /* the acting piece by its square, the stable handle: dispatch_check found it there */
    Piece *actor = order_has_actor(o->verb) ? board_piece_at(g->b, o->sq) : NULL;
    assert(h->run && (actor || !order_has_actor(o->verb)) && (!actor || board_piece_valid(g->b, actor)));
    if (actor && actor->g.phased)
        game_reveal(g, actor, (EventWhy){.what = WHY_ACTED});
    return h->run(g, player, o, actor);
}

int dispatch_order(Game *g, int player, const Order *o)
{
    int rc = dispatch_check(g, player, o);
    return rc ? rc : dispatch_run(g, player, o);
}
