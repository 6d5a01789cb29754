/* search: bot.strong's choice — a search a few orders deep over samples of what its player cannot see
 * (contract 12). */
#ifndef GENETESS_SEARCH_H
#define GENETESS_SEARCH_H

#include "board.h"

/* Orders run on scratch boards per decision: the fixed effort of bot.strong (never wall time) on a board of up
 * to SEARCH_AREA squares (every built-in map); on a larger one, where each order weighed costs more, the effort
 * shrinks in proportion to the area (search_work), to no less than SEARCH_WORK_MIN. */
#define SEARCH_WORK 3000
#define SEARCH_AREA 1400
#define SEARCH_WORK_MIN 300

/* bot.strong's effort on b (orders run on scratch boards per decision): from b's size only. */
long search_work(const Board *b);

/* What a trade in the search's look-ahead adds to a candidate, per sample, as a share of a King taken: the worth
 * of the pieces (weigh_piece; Kings and orphans aside) the player holds on after less what it held on before, net
 * of the rivals', at 4 per point of 3000, within 0.5 either way (a King taken or lost outweighs any trade). */
double search_trade(const Board *before, const Board *after, int player);

/* bot.strong's order (caller frees) for player on b, from legal_fog, legal_orders and the start squares only;
 * samples and equals drawn with r; *work gets the orders run on scratch boards (at most about search_work: the
 * candidates and samples searched are cut to fit it). */
char *search_choose(const Board *b, int player, Rng *r, long *work);

#endif
