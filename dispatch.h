/* dispatch: running an order on the board — the handler table (verb -> check, handler) and the shared checks done once for every order. */
#ifndef GENETESS_DISPATCH_H
#define GENETESS_DISPATCH_H

#include "game.h"
#include "orders.h"

/* Runs an order now with the shared checks (actor exists and is the player's, holds the enabling
 * code; the order's own check; an acting phased piece is revealed) and then its handler (actions.h).
 * Returns 0 done, -1 failed (g->fail set), ORDER_REFUSED when refused before any change. */
int dispatch_order(Game *g, int player, const Order *o);

#endif
