/* bot: the built-in computer opponents (userids bot.easy, bot.greedy, bot.strong, bot.random and the scripts) — what they choose, from their own player's view only; the bounds on their play (the round cap, the decisions per command). */
#ifndef GENETESS_BOT_H
#define GENETESS_BOT_H

#include "game.h"

/* Rounds a game with a computer opponent still in it lasts: when round BOT_ROUND_CAP + 1 would begin, the game
 * ends, scored as it stands (contract 12, 14.7: ruling 61). */
#define BOT_ROUND_CAP 500
/* The most computer opponents' decisions (bot_choose) one Game makes (contract 12, 15): the turn driver leaves
 * the next bot's turn waiting, due at once, for the next command on the board or Cleanup. One for each seat but
 * a person's on the largest built-in map (melee, 8 players): a move against seven bots is answered with all
 * their replies. A command processes a board's time and runs its own act, each with a Game of its own. */
#define BOT_TURNS_PER_COMMAND 7

/* The computer opponents' userids are bot.easy, bot.greedy, bot.strong and bot.random (the levels) and bot.rush,
 * bot.swarm, bot.decoder and bot.turtle (the scripts: scripts.h), optionally numbered (bot.greedy2) so that several
 * may play one game (a ':' may not be in a userid: the game list separates its fields with it); `challenge` also
 * takes them as bot:easy, bot:greedy, ... (contract 12). */

/* True for a userid reserved for computer opponents ("bot." or "bot:" and anything; either case): never mailed. */
bool bot_is(const char *id);
/* True for a userid naming a computer opponent that exists (above), optionally numbered, with '.' or ':' (either
 * case). */
bool bot_valid(const char *id);
/* The userid a board holds for the computer opponent id names (bot_valid): "bot:Greedy2" -> "bot.greedy2". Caller frees. */
char *bot_userid(const char *id);
/* One decision measured for selfplay: the player, the work it took (orders run on scratch boards), its time. */
typedef struct BotDecision {
    int player;
    long work;
    int64_t ns;
} BotDecision;
typedef struct BotLog {
    BotDecision *v;
    int n, cap;
} BotLog;
/* What selfplay measures, handed to the turn driver in its Game (game.h: bot_measure): while log is not NULL
 * bot_choose appends every decision to it (the time is taken around the choice and never read by it); rounds > 0
 * ends a game with bots in it after that many rounds instead of BOT_ROUND_CAP. */
typedef struct BotMeasure {
    BotLog *log;
    int rounds;
} BotMeasure;
/* The order text the bot seated as player would give now (caller frees), from legal_orders, legal_fog and the
 * start squares only (contract 12): bot.easy's and bot.greedy's best order one order ahead (greedy_choose; greedy
 * also weighs what out of view could reach its King), bot.strong's by search (search_choose), bot.random's any
 * listed order, a script's by its plan (scripts_choose). A choice between equals is drawn from a copy of the
 * board's generator (the board is not changed); the same board always gives the same order. m (may be NULL):
 * selfplay's measurement. */
char *bot_choose(const Board *b, int player, BotMeasure *m);
/* The last round a game with a computer opponent in it plays: BOT_ROUND_CAP, or m's rounds (m may be NULL). */
int bot_round_cap(const BotMeasure *m);

#endif
