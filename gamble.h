/* gamble: round 0 — the secret gambles for start squares and turn order (GAMBLE, PASS), their resolution, round 0's deadline and resignations — and the start of round 1 (contract 4; orders.txt GAMBLE). */
#ifndef GENETESS_GAMBLE_H
#define GENETESS_GAMBLE_H

#include "game.h"
#include "orders.h"

/* None of these starts or ends a turn itself: each returns what the turn driver (turn.c) does next. */

/* Starts a newly set-up game: round 0 when the game's gamble mode asks for it (TURN_WAITS: every player's
 * sheet due, round 0's deadline running), else starts are assigned in challenge order (player i gets GPC<i>),
 * the start pieces placed and round 1 set up (TURN_BEGINS). */
TurnOutcome gamble_begin(Game *g);
/* How many of the first orders of a round-0 message of player are gambles: GAMBLE, and PASS while the player
 * (after the gambles before it) still has an item to gamble on. The orders after them are for round 1 and are
 * stored (contract 4.6). */
int gamble_prefix(const Board *b, int player, const OrderList *l);
/* Checks a round-0 message of player whole, each order after the ones before it, changing nothing: 0 when
 * every order would be taken, else -1 with the first refused order's index in *bad and why (its reason code and
 * arguments, failure.h) in *why. */
int gamble_check(const Board *b, int player, const OrderList *l, int *bad, FailReason *why);
/* Takes a round-0 order of player: GAMBLE (a stake and preferences for one item, replacing an earlier one)
 * or PASS (0E don't care for every item left), said in g->reply; recorded when round 0 ends, every player's
 * gambles then (a replay records each line as it is read: contract 10.3). *next is TURN_BEGINS when it ended
 * round 0. Returns 0, or ORDER_REFUSED (nothing changed; g->fail.why says why). */
int gamble_order(Game *g, int player, const Order *o, TurnOutcome *next);
/* Round 0's deadline passed (g->now): every player missing gambles times out (gamble_timeout). */
TurnOutcome gamble_deadline(Game *g);
/* A player missing gambles at round 0's deadline: "Timeout" recorded, their missing gambles 0E don't care
 * (also replayed from the move list). TURN_BEGINS when that ended round 0. */
TurnOutcome gamble_timeout(Game *g, int player);
/* The gambles of round 0 not written yet (b still in round 0): from's, copied to to (a replay of from's history,
 * in round 0 too, whose gambles are none yet), its stakes spent — private state the history does not hold
 * until round 0 ends, taken as it is, as a stored queue is (contract 10.3). */
void gamble_copy_pending(Board *to, const Board *from);
/* Removes a player in round 0 (gambles discarded, stakes refunded, round 0 restarts). Returns true, changing
 * nothing, when fewer than 2 players would remain (the caller deletes the board). */
bool gamble_resign(Game *g, int player);

#endif
