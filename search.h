/* search: bot.strong's choice — a search a few orders deep over samples of what its player cannot see
 * (contract 12). */
#ifndef GENETESS_SEARCH_H
#define GENETESS_SEARCH_H

#include "board.h"

/* Orders run on scratch boards per decision: the fixed effort of bot.strong (never wall time). */
#define SEARCH_WORK 3000

/* bot.strong's order (caller frees) for player on b, from legal_fog, legal_orders and the start squares only;
 * samples and equals drawn with r; *work gets the orders run on scratch boards (at most about SEARCH_WORK). */
char *search_choose(const Board *b, int player, Rng *r, long *work);

#endif
