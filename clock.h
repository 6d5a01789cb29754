/* clock: the clock rules — round 0 (GAMBLE), deadlines, time-outs, the stored queue and * orders, holidays, resign and forfeit. */
#ifndef GENETESS_CLOCK_H
#define GENETESS_CLOCK_H

#include "game.h"
#include "orders.h"

/* None of these starts or ends a turn itself: each returns what the turn driver (turn.c) does next. */

/* Starts a newly set-up game: round 0 when --gamble asks for it (TURN_WAITS), else starts are assigned
 * in challenge order (player i gets GPC<i>), start pieces placed and round 1 is set up (TURN_BEGINS). */
TurnOutcome clock_begin(Game *g);
/* True when the player has sent every gamble round 0 asks of them. */
bool clock_round0_done(const Board *b, int player);
/* Removes a player in round 0 (gambles discarded, stakes refunded, round 0 restarts). Returns true
 * when fewer than 2 players remain (the caller deletes the board). */
bool clock_round0_resign(Game *g, int player);
/* Decides the nag (SPEC 7.3): when due, sets g->nag_due[p] for the player(s) to move (every player
 * with gambles missing in round 0), b->clock.nag_sent and g->nagged. Sends nothing. */
void clock_nag(Game *g);

/* Plays a player's order on their turn (SPEC 7.3): runs it (dispatch_order), records its moves line
 * (with " (Auto)" when from_queue, " (Failed)" on failure) and renders its events; success resets the
 * consecutive time-outs, a failure with every square in view gives a fresh full deadline once per turn.
 * Returns 0 (the turn is over), -1 failed (the turn goes on), ORDER_REFUSED (nothing changed). */
int clock_play(Game *g, int player, const Order *o, bool from_queue);
/* The turn of b->seat has begun (after SPEC 7.2 step 3): its clock starts with a fresh full deadline;
 * outside replay, step 4 runs a '*' order at the head of the queue or starts a stored HOLIDAY, else
 * step 5: the turn waits (sheets for everyone who still takes turns, the others unless quiet).
 * Returns TURN_OVER when a stored order ended the turn, else TURN_WAITS. */
TurnOutcome clock_turn_begins(Game *g);
/* Processes the earliest time event due at or before until (SPEC 2.3): round 0's deadline, the end of a
 * holiday allowance, or the turn's deadline (stored orders, else a time-out); g->now becomes that moment.
 * Returns false when none is due (nothing changed), else true with what follows in *next. */
bool clock_time_step(Game *g, int64_t until, TurnOutcome *next);
/* Applies an event line of the history (Timeout, Resign, Forfeit, Holiday N) during replay, *next
 * saying what follows. Returns 0 when handled, 1 when text is an order, -1 on error. */
int clock_replay_event(Game *g, int player, const char *text, TurnOutcome *next, Err *err);
/* Runs an order that belongs to the clock: GAMBLE and everything in round 0, HOLIDAY; *next is
 * TURN_BEGINS when the gamble ended round 0. Returns 0 done, -1 failed, ORDER_REFUSED refused
 * (g->fail.msg says why). */
int clock_order(Game *g, int player, const Order *o, TurnOutcome *next);
/* A player resigns (SPEC 7.6): recorded, eliminated (in round 0: removed). Returns TURN_OVER when it
 * was their turn (or the turn's player has none left), TURN_GAME_OVER when one active player remains. */
TurnOutcome clock_resign(Game *g, int player);
/* Ends the holiday of the player to move (a live order arrived): records "Holiday <seconds>",
 * spends that much allowance and starts a fresh full deadline. No-op when no holiday runs. */
void clock_end_holiday(Game *g);

#endif
