/* selfplay: the `selfplay` command — a whole game between computer opponents, in memory, printed at its end. */
#ifndef GENETESS_SELFPLAY_H
#define GENETESS_SELFPLAY_H

#include "pipeline.h"

/* selfplay [--players=N] [--seed=S] [--map=NAME] [--option=value...]: seats N (2 by default) bots, easy and
 * random in turn (bot.easy1, bot.random1, bot.easy2, ...), on the map (default for N), plays the game
 * until it ends or BOT_ROUND_CAP rounds have passed, and replies with the final board and the result or the
 * standing. Touches no file under $PBMHOME. */
int selfplay_run(CommandCtx *c);

#endif
