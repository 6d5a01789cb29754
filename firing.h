/* firing: what the specials S1..S22 do when they fire (their effects, by code) and the start-of-turn firing step. */
#ifndef GENETESS_FIRING_H
#define GENETESS_FIRING_H

#include "specials.h"

/* True when special code has an effect here: exactly the codes of special_table (a test checks it). */
bool firing_has_effect(int code);

#endif
