/* turn: the turn driver — plays an order on its turn, ends a turn and starts the next (SPEC 7.2 steps 1-5) in one loop, processes time, finishes the game, replays the history. */
#ifndef GENETESS_TURN_H
#define GENETESS_TURN_H

#include "game.h"
#include "orders.h"

/* Starts a newly set-up game: round 0 when --gamble asks for it, else turn 1a begins (and every
 * turn its '*' orders end after it). */
void turn_open(Game *g);
/* Runs a player's order: GAMBLE, anything in round 0 and HOLIDAY go to the clock; any other order
 * is played on the player's turn (moves line marked " (Auto)" when from_queue, " (Failed)" on failure)
 * and its success ends the turn, the following turns running until one waits or the game ends.
 * Returns 0 done, -1 failed (SPEC 7.3 applied), ORDER_REFUSED refused before any change. */
int turn_play(Game *g, int player, const Order *o, bool from_queue);
/* A player resigns (SPEC 7.6); the turns that follow run as after an order. Returns 0. */
int turn_resign(Game *g, int player);
/* Begins the turn of b->seat (SPEC 7.2 steps 1-5) and runs the turns that follow until one waits. */
void turn_start(Game *g);
/* Processes expired deadlines, holidays and round 0 (SPEC 2.3) up to g->now, each followed by the
 * turns it sets going. Returns true if anything changed. */
bool turn_process_time(Game *g);
/* Ends the game: result text, everyone's final sheet due. */
void turn_finish(Game *g);
/* Replays b's history from its initial snapshot; on success *out is the replayed board (caller frees).
 * upto: replay only the first upto moves lines (-1: all). Returns 0 or -1 with err. */
int turn_replay(const Board *b, int upto, Board **out, Err *err);

#endif
