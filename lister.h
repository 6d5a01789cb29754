/* lister: the commands about what a player's pieces can do — `orders` (the list now) and `options` (the sheet's section on or off). */
#ifndef GENETESS_LISTER_H
#define GENETESS_LISTER_H

#include "pipeline.h"

/* orders board userid password [SQUARE]: replies with listing_render for the player (only the piece on SQUARE
 * when given); changes nothing. */
int lister_orders(CommandCtx *c);
/* Usage check of options: lister or html, on or off. */
int lister_options_check(CommandCtx *c);
/* options board userid password lister|html on|off: sets the player's sheet section "What your pieces can do"
 * (lister) or whether their sheet mails carry the HTML part (html; Player.plain). */
int lister_options(CommandCtx *c);

#endif
