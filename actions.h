/* actions: the handlers of the orders that act on the board — PASS, CREATE, MOVE and the piece orders of contract 14.2 (14.3 phased pieces, 14.4 W shield, 14.6 ronin and orphans). */
#ifndef GENETESS_ACTIONS_H
#define GENETESS_ACTIONS_H

/* Each is an ActionFn run by dispatch_order (dispatch.h) after the shared checks (the actor is the player's
 * and holds the enabling code; the order's own check passed; an acting phased piece is already revealed).
 * They return 0 when done, -1 when the order failed (reason through game_fail_why), emit
 * events and never print. A check (…_check) is pure: its failure is a refusal (contract 3). */

#include "game.h"
#include "orders.h"

/* A handler or check: runs the order for the player with the checked actor (NULL for orders without a piece). */
typedef int (*ActionFn)(Game *g, int player, const Order *o, Piece *actor);

/* PASS: the player passes (a public event). */
int action_pass(Game *g, int player, const Order *o, Piece *actor);
/* CREATE's refusal check (contract 14.2): creation off, K or a code not on offer, not viable, unaffordable. */
int action_create_check(Game *g, int player, const Order *o, Piece *actor);
/* The King of player's that pays for a CREATE on sq (contract 14.2): the first unphased one of theirs next to sq in
 * reading order, else a phased one; NULL when none is next to sq. */
Piece *action_create_king(const Board *b, int player, int sq);
/* CREATE: the player pays for a new piece next to one of their Kings (with I on an own piece, with O on an interior wall). */
int action_create(Game *g, int player, const Order *o, Piece *actor);
/* MOVE: the A or K piece moves along its directions and captures where it ends (a captured King eliminates its owner). */
int action_move(Game *g, int player, const Order *o, Piece *actor);
/* DIVIDE: the H piece ejects CODES (never K) as a new piece of the player on an empty floor square next to it. */
int action_divide(Game *g, int player, const Order *o, Piece *actor);
/* TRANSFER's refusal check (contract 14.3): a target square in the J piece's view that looks empty to the
 * player (nothing there, or another player's phased piece) is refused as "no piece on <SQ>". */
int action_transfer_check(Game *g, int player, const Order *o, Piece *actor);
/* TRANSFER: the J piece hands one code to the piece on the second square. */
int action_transfer(Game *g, int player, const Order *o, Piece *actor);
/* RADIATE: every piece in the M piece's view, itself included, loses one random code (never K, never a last A). */
int action_radiate(Game *g, int player, const Order *o, Piece *actor);
/* TELEPORT: the N piece jumps to an empty floor square in its own view. */
int action_teleport(Game *g, int player, const Order *o, Piece *actor);
/* PETRIFY: the Q piece (not a King) turns into an interior wall for good. */
int action_petrify(Game *g, int player, const Order *o, Piece *actor);
/* PHASE: the R piece uses up one R and becomes invisible to the other players until it acts or is bumped. */
int action_phase(Game *g, int player, const Order *o, Piece *actor);
/* CONVERT: every orphan in the S piece's view becomes the player's (a ronin converter adds a P to each). */
int action_convert(Game *g, int player, const Order *o, Piece *actor);
/* FLARE: the U piece uses up one U; its player sees the whole board until their next turn (decoded with F). */
int action_flare(Game *g, int player, const Order *o, Piece *actor);
/* HOME: the V piece jumps to SQ2, a vacant floor square next to a different King of the player. */
int action_home(Game *g, int player, const Order *o, Piece *actor);
/* SANCTUARY: the Y piece swaps places with the player's different King on SQ2. */
int action_sanctuary(Game *g, int player, const Order *o, Piece *actor);

#endif
