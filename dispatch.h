/* dispatch: running an order on the board — the handler table (verb -> check, handler) and the shared checks done once for every order. */
#ifndef GENETESS_DISPATCH_H
#define GENETESS_DISPATCH_H

#include "game.h"
#include "orders.h"

/* The shared checks of an order (its acting piece, on its first square, exists, is the player's and holds
 * an enabling code) and the order's own check, changing nothing. Returns 0, or ORDER_REFUSED with
 * g->fail.why saying why. */
int dispatch_check(Game *g, int player, const Order *o);
/* Runs an order dispatch_check accepted, on the board as it was checked: an acting phased piece is revealed,
 * then its handler (actions.h) runs. Returns 0 done, -1 failed (g->fail set). */
int dispatch_run(Game *g, int player, const Order *o);
/* dispatch_check, then dispatch_run. Returns 0 done, -1 failed, ORDER_REFUSED when refused before any change. */
int dispatch_order(Game *g, int player, const Order *o);

#endif
