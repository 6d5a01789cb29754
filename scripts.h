/* scripts: the scripted opponents — fixed plans as people play them (the README's rush, a swarm of cheap pieces,
 * a decoder that strikes once it knows where the King is, a turtle that walls itself in), for practice and for
 * measuring the bots (make botbench; contract 12). */
#ifndef GENETESS_SCRIPTS_H
#define GENETESS_SCRIPTS_H

#include "board.h"

typedef enum { SCRIPT_RUSH, SCRIPT_SWARM, SCRIPT_DECODER, SCRIPT_TURTLE, SCRIPT_COUNT } ScriptKind;

/* The scripts' names (bot.rush, bot.swarm, bot.decoder, bot.turtle), by kind. */
extern const char *const scripts_names[SCRIPT_COUNT];

/* The most orders one decision of a script runs on scratch boards (contract 12, 15.2): its usual decisions run a
 * few dozen; on a board of many pieces it gives the best it found by then. */
#define SCRIPT_WORK 2000

/* The order (caller frees) the script kind gives for player on b, from the board the player knows (weigh_fog),
 * the start squares and the round only; equals drawn with r. Every script first takes an enemy King it decodes
 * when one of its pieces can land on it, else an enemy piece next to its King, then:
 *  rush     buys the fastest orthogonal piece it can (ABBBBBB with 77E) when it has none and walks it straight
 *           at the enemy start squares, one after another (weigh_goal);
 *  swarm    buys cheap AB pieces until it has six, then walks the one farthest behind;
 *  decoder  buys a scout that sees and decodes (ABCDF, else ABF, else AF) and walks it until an enemy King is
 *           in sight and decoded; then the scout stays and a fast piece walks at the King;
 *  turtle   puts a bare A on every empty floor square next to its King, refills a gap, and otherwise passes.
 * *work gets the orders run on scratch boards (at most SCRIPT_WORK). */
char *scripts_choose(const Board *b, int player, ScriptKind kind, Rng *r, long *work);

#endif
