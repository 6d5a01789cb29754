/* bot: the built-in computer opponents (userids bot.greedy and bot.random) — what they choose, from their own player's view only (the turn driver plays it as soon as their turn comes). */
#ifndef GENETESS_BOT_H
#define GENETESS_BOT_H

#include "game.h"

/* Rounds after which the bots stop playing (their turns then wait like anyone's). */
#define BOT_ROUND_CAP 500

/* The computer opponents' userids are bot.greedy and bot.random, optionally numbered (bot.greedy2) so that
 * several may play one game (a ':' may not be in a userid: the game list separates its fields with it);
 * `challenge` also takes them as bot:greedy and bot:random. */

/* True for a userid reserved for computer opponents ("bot." or "bot:" and anything; either case): never mailed. */
bool bot_is(const char *id);
/* True for a userid naming a computer opponent that exists: bot.greedy or bot.random, optionally numbered, with
 * '.' or ':' (either case). */
bool bot_valid(const char *id);
/* The userid a board holds for the computer opponent id names (bot_valid): "bot:Greedy2" -> "bot.greedy2". Caller frees. */
char *bot_userid(const char *id);
/* The order text the bot seated as player would give now (caller frees), from legal_orders and legal_fog
 * only; a choice between equals is drawn from a copy of the board's generator (the board is not changed). */
char *bot_choose(const Board *b, int player);

#endif
