/* clock: time and the stored queue — deadlines, time-outs, stored and * orders, holidays, round 0 (GAMBLE), resign and forfeit. */
#ifndef GENETESS_CLOCK_H
#define GENETESS_CLOCK_H

#include "game.h"

/* Starts a newly set-up game: round 0 when --gamble asks for it, else starts are assigned in
 * challenge order (player i gets GPC<i>), start pieces placed and turn 1a begins. */
void clock_begin(Game *g);
/* True when the player has sent every gamble round 0 asks of them. */
bool clock_round0_done(const Board *b, int player);
/* Removes a player in round 0 (gambles discarded, stakes refunded, round 0 restarts). Returns true
 * when fewer than 2 players remain (the caller deletes the board). */
bool clock_round0_resign(Game *g, int player);
/* Decides the nag (SPEC 7.3): when due, sets g->nag_due[p] for the player(s) to move (every player
 * with gambles missing in round 0), b->clock.nag_sent and g->nagged. Sends nothing. */
void clock_nag(Game *g);

/* Start-of-turn step 5 (SPEC 7.2): the turn waits for its player: a sheet for everyone who still
 * takes turns (the player to move always; the others unless quiet), the clock runs. Players out of
 * the game without ronin hear nothing more until the final sheet (SPEC 7.6). */
void clock_turn_waits(Game *g);
/* Start-of-turn step 4 (SPEC 7.2): runs a '*' order at the head of the current player's queue or
 * starts a stored HOLIDAY. Returns true when the turn was handled (no sheets of its own). */
bool clock_turn_queue(Game *g);
/* Applies an event line of the history (Timeout, Resign, Forfeit, Holiday N) during replay.
 * Returns 0 when handled, 1 when text is an order, -1 on error. */
int clock_replay_event(Game *g, int player, const char *text, bool autom, Err *err);
/* Runs an order that belongs to the clock: GAMBLE and everything in round 0, HOLIDAY.
 * Returns 0 done, -1 failed, ORDER_REFUSED refused (g->fail.msg says why). */
int clock_order(Game *g, int player, const Order *o, bool autom);
/* A player resigns (SPEC 7.6). Returns 0. */
int clock_resign(Game *g, int player);
/* Ends the holiday of the player to move (a live order arrived): records "Holiday <seconds>",
 * spends that much allowance and starts a fresh full deadline. No-op when no holiday runs. */
void clock_end_holiday(Game *g);

#endif
