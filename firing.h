/* firing: the effects of the specials S1..S22 and the start-of-turn firing loop (contract 14.5 step 3, specials.txt firing order). */
#ifndef GENETESS_FIRING_H
#define GENETESS_FIRING_H

#include "game.h"

/* Start-of-turn step 3 (contract 14.5): fires the specials the player's pieces occupy, by code then reading
 * order, each only if a piece of the player still stands on it when its turn comes; emits events. */
void firing_run(Game *g, int player);
/* True when special code has an effect here: exactly the codes of special_table (a test checks it). */
bool firing_has_effect(int code);

#endif
