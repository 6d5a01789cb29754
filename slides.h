/* slides: the orders that slide pieces in straight lines (contract 14.2, 14.3 phased pieces met): REPULSE and
 * ATTRACT (waves from the actor push or pull the first piece in each direction) and CHARGE (the Z piece runs
 * until something is next). Each is an ActionFn (actions.h), run by dispatch_order. */
#ifndef GENETESS_SLIDES_H
#define GENETESS_SLIDES_H

#include "game.h"
#include "orders.h"

/* REPULSE: waves from the T piece push the first piece in each direction away from it. */
int slides_repulse(Game *g, int player, const Order *o, Piece *actor);
/* ATTRACT: waves from the X piece pull the first piece in each direction towards it. */
int slides_attract(Game *g, int player, const Order *o, Piece *actor);
/* CHARGE's refusal check: a charge of length 0 against a wall or a piece the player can see. */
int slides_charge_check(Game *g, int player, const Order *o, Piece *actor);
/* CHARGE: the Z piece runs straight in each direction until a wall or a piece is next (one charge per Z). */
int slides_charge(Game *g, int player, const Order *o, Piece *actor);

#endif
