/* actions: the handlers of the piece orders other than MOVE and CREATE (SPEC 6, 6.1, 6.2): DIVIDE, TRANSFER,
 * RADIATE, TELEPORT, PETRIFY, PHASE, CONVERT, REPULSE, ATTRACT, FLARE, HOME, SANCTUARY, CHARGE. Each is an
 * OrderFn (orders.h) run by order_execute after the shared checks (the actor is the player's and holds the
 * enabling code; an acting phased piece is already revealed). They return 0 when done, -1 when the order
 * failed (reason through game_fail / game_fail_at), emit events and never print. */
#ifndef GENETESS_ACTIONS_H
#define GENETESS_ACTIONS_H

#include "orders.h"

int order_divide(struct Game *g, int player, const Order *o, Piece *actor);
/* TRANSFER's refusal check (SPEC 6.1): a target square in the J piece's view that looks empty to the
 * player (nothing there, or another player's phased piece) is refused as "no piece on <SQ>". */
int order_transfer_check(struct Game *g, int player, const Order *o, Piece *actor);
int order_transfer(struct Game *g, int player, const Order *o, Piece *actor);
int order_radiate(struct Game *g, int player, const Order *o, Piece *actor);
int order_teleport(struct Game *g, int player, const Order *o, Piece *actor);
int order_petrify(struct Game *g, int player, const Order *o, Piece *actor);
int order_phase(struct Game *g, int player, const Order *o, Piece *actor);
int order_convert(struct Game *g, int player, const Order *o, Piece *actor);
int order_repulse(struct Game *g, int player, const Order *o, Piece *actor);
int order_attract(struct Game *g, int player, const Order *o, Piece *actor);
int order_flare(struct Game *g, int player, const Order *o, Piece *actor);
int order_home(struct Game *g, int player, const Order *o, Piece *actor);
int order_sanctuary(struct Game *g, int player, const Order *o, Piece *actor);
/* CHARGE's refusal check: a charge of length 0 against a wall or a piece the player can see. */
int order_charge_check(struct Game *g, int player, const Order *o, Piece *actor);
int order_charge(struct Game *g, int player, const Order *o, Piece *actor);

#endif
