/* greedy: the candidate orders of a computer opponent and their worth one order ahead — bot.greedy's choice,
 * and the order in which bot.strong searches (contract 12). */
#ifndef GENETESS_GREEDY_H
#define GENETESS_GREEDY_H

#include "weigh.h"

/* A candidate order and what it is worth to the player one order ahead. */
typedef struct GreedyCand {
    char *text;
    double score;
    double adjust;      /* what the score holds besides the position's worth (a CREATE not wanted, a King's step) */
    int order;          /* place in the list before sorting */
} GreedyCand;

typedef struct GreedyList {
    GreedyCand *v;
    int n;
    long work;          /* orders run on scratch boards to weigh them */
    long listed;        /* the work of listing them (legal_orders_within: at most LEGAL_BOT_WORK) */
} GreedyList;

/* The sequence the player would buy next (a static string), or NULL to keep its E: O to dig when its pieces
 * cannot walk to the goal, S when orphans are in sight, a striker (ABCE: it jumps over the pieces round a King,
 * onto it) when it has none and has mobile pieces or the game drags on (goal->press) — with goal->scout first a
 * scout (ACDF, later ACDDF: it tells the King from the pieces round it, weigh_scout) while no enemy King is decoded — else
 * speed (B, C), view (D) and jumps (E) by how many mobile pieces it has. From fog (legal_fog's board) and goal only. */
const char *greedy_wanted(const Board *fog, int player, const WeighGoal *goal);
/* Fills out with the player's candidate orders — legal_orders_within's list, at most LEGAL_BOT_WORK (less an
 * order of the player's that failed in its last turns, and a MOVE of the same piece through a square out of view that a failed MOVE passed
 * through, replaced by a detour through squares in view when there is one: its outcome is the player's to know), and a CREATE of greedy_wanted's sequence on
 * each square next to one of its Kings where fog accepts it, and with goal->threat a guard (a bare A) on each
 * square next to a King open to what it cannot see — each scored by weigh_position after it runs on a
 * copy of fog (random effects drawn from seed), a CREATE of anything else but the wanted sequence marked down,
 * with goal->threat a piece shuffled from one empty square next to its King to another marked down (it only
 * turns an open approach into a door), a MOVE onto a square where a rival's King is likely (weigh_likely_take)
 * marked up, a MOVE back to a square its piece left in the player's last orders marked down, a piece left on (or
 * made on) a special that makes Kings marked down and one taken off it marked up (greedy.c: REVISIT, KINGS_MADE);
 * sorted best first (the list's order between equals). With max > 0 only the max most promising are weighed
 * (a MOVE off a special that makes Kings, captures, purchases, the Kings' orders, orders but MOVE, then MOVEs
 * gaining most towards the goal). b is the real board: only legal_orders, the start squares, the player's own
 * past orders and the player's map of the specials are taken from it. Free with greedy_free. */
void greedy_list(const Board *b, int player, const Board *fog, const WeighGoal *goal, uint64_t seed, int max,
                 GreedyList *out);
void greedy_free(GreedyList *l);
/* The most work bot.easy and bot.greedy weigh their list with (weigh_cost a candidate): more than a built-in map's
 * list holds at the start (every candidate weighed), the most promising only on a board of many pieces and Kings. */
#define GREEDY_WORK 600
/* bot.greedy's order (caller frees): the best of greedy_list (at most GREEDY_WORK), equals drawn with r; with unseen, weighing what
 * out of view could reach its King (threat.h) and offering guards for it (bot.greedy), else only what is in
 * sight (bot.easy). *work (may be NULL) gets the work taken: the orders run to weigh them (weigh_cost each) and
 * the listing's. */
char *greedy_choose(const Board *b, int player, bool unseen, Rng *r, long *work);

#endif
