/* turn: the turn driver — where every order runs; ending a turn and starting the next in one loop; running stored orders; time; resignation; the computer opponents' turns; the game's end; the steps replay.c takes (contract 4). */
#ifndef GENETESS_TURN_H
#define GENETESS_TURN_H

#include "game.h"
#include "orders.h"

/* Starts a newly set-up game: round 0 when its gamble mode asks for it (nobody has gambled yet), else turn 1a
 * begins; returns what comes next, for turn_run (which plays the computer opponents at once, and every turn its
 * '*' orders end after it). */
TurnOutcome turn_open(Game *g);
/* Runs one order of a player (replay, tests, the bots): GAMBLE and anything in round 0 are round 0's
 * (gamble.h), HOLIDAY starts a holiday on the player's turn; any other order is played on the player's
 * turn (its move-list line marked " (Auto)" when from_queue, " (Failed)" on failure) and its success ends
 * the turn, the following turns running until one waits or the game ends. Returns 0 done, -1 failed,
 * ORDER_REFUSED refused before any change (g->fail.why says why). */
int turn_play(Game *g, int player, const Order *o, bool from_queue);
/* Begins the turn of b->seat and runs the turns that follow until one waits. */
void turn_start(Game *g);
/* Processes a board's time (contract 5): first the computer opponents' turns left waiting (turn_play_bots),
 * then expired deadlines, holidays and round 0's deadline up to g->now, each followed by the turns it sets
 * going — never past a bot's turn left waiting (it is not timed out). Returns true if anything changed;
 * *deadlines (when non-NULL) how many deadlines, holiday ends and round 0 ends it processed. */
bool turn_process_time(Game *g, int *deadlines);
/* True when the turn to move waits for a computer opponent (in play, not on holiday): a turn a command left
 * waiting after BOT_TURNS_PER_COMMAND decisions (bot.h, contract 12). */
bool turn_bot_waits(const Board *b);
/* Plays the computer opponents' turns left waiting and the turns that follow, until a turn waits for a person,
 * the game ends, or g has made BOT_TURNS_PER_COMMAND decisions; ends a game left to the computer opponents
 * (ruling 61). Returns true if anything changed. */
bool turn_play_bots(Game *g);
/* Ends the game: result text, everyone's final sheet due. */
void turn_finish(Game *g);

/* What a resignation did (turn_resign). */
typedef enum TurnResign {
    RESIGN_DONE,    /* the player is out of the game (their pieces orphans); the turns that follow ran */
    RESIGN_REMOVED, /* round 0: the player is gone from the board (the others moved up a seat); round 0 restarts */
    RESIGN_DELETE,  /* round 0 with fewer than 2 players left: nothing changed, the board is to be deleted */
    RESIGN_DELETE_BOTS, /* round 0, the last person leaving computer opponents alone (contract 12, ruling 61):
                         * nothing changed, the board is to be deleted */
    RESIGN_GONE,    /* the player had already left (no pieces, no ronin): nothing changed */
} TurnResign;

/* A player in play resigns: recorded, eliminated (their pieces become orphans); what follows (the caller runs
 * it: turn_run). */
TurnOutcome turn_resign_in_play(Game *g, int player);
/* A player resigns (contract 4). In round 0 the last person on the board leaves it to be deleted (RESIGN_DELETE, or
 * RESIGN_DELETE_BOTS when computer opponents are left). */
TurnResign turn_resign(Game *g, int player);

/* The loop (turn.c's head): acts on next and the outcomes that follow until a turn waits or the game ends. */
void turn_run(Game *g, TurnOutcome next);
/* Plays player's order o on their turn (the checks first: refused, nothing changed): for a live message (live
 * non-NULL: its orders, o the first) a holiday ends, the head of the stored queue goes and the rest of the
 * message becomes the queue; the order runs, its move-list line is recorded (" (Auto)" when from_queue,
 * " (Failed)" on failure) and its events told. Does not start the next turn (turn_run does). Returns 0 (the
 * turn is over), -1 failed, ORDER_REFUSED. */
int turn_order(Game *g, int player, const Order *o, bool from_queue, const OrderList *live);
/* HOLIDAY from player on their turn: checked, then the holiday starts (the stored queue stays). 0, or
 * ORDER_REFUSED with g->fail.why. */
int turn_holiday(Game *g, int player);
/* Why an order cannot be given now: a GAMBLE is never stored, and round 0 is its only time. */
typedef enum Misplaced { MISPLACED_NONE, MISPLACED_STORED_GAMBLE, MISPLACED_GAMBLE_LATE } Misplaced;
/* Why GAMBLE o cannot be given now on b (storing: it is being stored), or MISPLACED_NONE. */
Misplaced turn_misplaced(const Board *b, const Order *o, bool storing);
/* The English of a reason (not MISPLACED_NONE), for a reply or a player's news. */
const char *turn_misplaced_say(Misplaced why);

#endif
