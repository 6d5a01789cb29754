/* search: bot.strong's choice (contract 12). */
#include "search.h"

#include "greedy.h"

char *search_choose(const Board *b, int player, Rng *r, long *work)
{
    return greedy_choose(b, player, r, work);
}
