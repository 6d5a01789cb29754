/* lister: the `orders` command — what a player's pieces can do now (listing_render), from what the player sees. */
#ifndef GENETESS_LISTER_H
#define GENETESS_LISTER_H

#include "pipeline.h"

/* orders board userid password [SQUARE]: replies with listing_render for the player (only the piece on SQUARE
 * when given); changes nothing but the board's expired deadlines. */
int lister_orders(CommandCtx *c);

#endif
