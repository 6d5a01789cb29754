/* weigh: what the computer opponents know and weigh — scratch copies of a board a player knows, orders run on
 * them by the rules, the squares a piece's MOVE reaches, and the worth of a position to a player (contract 12). */
#ifndef GENETESS_WEIGH_H
#define GENETESS_WEIGH_H

#include "board.h"
#include "threat.h"

/* A MOVE a piece may try: where it ends and its order text ("MOVE C3 E-E"). */
typedef struct WeighMove {
    int to;
    char text[96];
} WeighMove;

/* What a position is weighed against, worked out once per decision from the board as the player knows it:
 * the goal of the player's mobile pieces (per square, the steps to the nearest enemy King it decodes, else to the
 * enemy pieces it does not decode and an enemy start square, each in turn for some rounds; without starts, to
 * the nearest square out of view; walls crossed only by
 * walking round, or by digging for a piece with O), and whether codes of pieces not decoded are guessed. */
typedef struct WeighGoal {
    int *walk;          /* w*h: steps without crossing interior walls (WEIGH_FAR: none) */
    int *dig;           /* w*h: steps when an interior wall costs WEIGH_WALL_COST steps */
    int *look;          /* w*h: steps to the squares of likely (walk's when there are none): a scout's goal — it
                         * looks for the King, not at the pieces round it */
    int *strike;        /* w*h: steps to the strike squares of the enemy Kings the player decodes (weigh.c), a
                         * striker's goal (E); NULL when there are none */
    bool guess;         /* fog boards: a piece the player does not decode may be an ABC, and only the pieces in
                         * sight threaten; else (a sample of the hidden facts) every piece threatens with the codes
                         * it holds. Every enemy piece on the board counts as material either way */
    int lair;           /* the square the player's Kings keep to (weigh_lair), or -1: none (weigh_goal's) */
    bool outpace;       /* the first mobile piece bought is one step a MOVE faster than greedy's ABC, ABBC: it
                         * reaches a square first and sees the ABCs that come (bot.strong; weigh_goal: false) */
    bool scout;         /* it buys a scout (weigh_scout) when no enemy King is in sight, decoded, and it has two mobile
                         * pieces or the game drags on (bot.strong; weigh_goal: false) */
    int trail;          /* how many of the player's own last orders greedy_list follows a piece back through to mark
                         * down a walk back to a square it left (greedy.c: REVISIT): WEIGH_TRAIL (weigh_goal,
                         * bot.easy, bot.greedy: a greedy that walked pieces round in circles met a turtle's ring at
                         * the round cap); bot.strong 1, only straight back */
    bool fear_jump;     /* with guess, a piece in sight it does not decode is feared as an ABCE, not an ABC: a
                         * striker that jumps over its King's guards onto it (bot.strong; weigh_goal: false) */
    const ThreatReach *threat; /* what out of view could reach the King (threat_exposure weighs it), or NULL: only
                                * what is in sight (bot.easy; weigh_goal: NULL) */
    uint8_t *veiled;    /* w*h: with guess, 1 where an enemy piece stands that the player does not decode (its codes
                         * stay guessed on the boards weighed, whatever comes to see it), else all 0 */
    uint8_t *likely;    /* w*h: 1 where a rival's King is likely (weigh_goal_aimed), else all 0 */
    uint8_t *lurk;      /* w*h: 1 on the floor squares next to those that were out of view when the player decided:
                         * a guard of that King may stand there (weigh_position fears a bare A on each still empty:
                         * a piece next to a ring of guards no longer steps out of sight of one and back, as if
                         * that put it out of danger) */
    double press;       /* what a step towards the goal is worth: 2, growing as the game drags on (weigh_goal_aimed:
                         * from round WEIGH_PRESS_FROM on, by one every WEIGH_PRESS_ROUNDS rounds, to
                         * WEIGH_PRESS_MAX); the King's
                         * exposure to what is out of view is weighed at 2 / press of its worth */
} WeighGoal;

#define WEIGH_FAR (1 << 20)
#define WEIGH_TRAIL 8
#define WEIGH_WALL_COST 3
/* The worth of a position the player has won, or lost. */
#define WEIGH_WON 1e7
#define WEIGH_LOST (-1e7)

/* The board as player knows it: legal_fog's, with the interior walls of the player's map (the terrain as they
 * last saw it: the game's start, shown on the New sheet or in round 0, and the changes they saw; contract 8) on
 * the squares out of view, where legal_fog hopes for floor. Caller frees with board_free. */
Board *weigh_fog(const Board *b, int player);
/* A copy of a board's play state (grid, pieces, players without their lists, turn); no specials, starts or
 * history — the shape legal_fog gives. Caller frees with board_free. */
Board *weigh_clone(const Board *src);
/* Runs the order text for player on b by the rules (dispatch), b's generator seeded with seed first (a random
 * effect is a guess, never the real board's draw). Returns 0 when it ran to the end; else b may be changed and
 * is to be dropped. */
int weigh_apply(Board *b, int player, const char *text, uint64_t seed);
/* Fills out (up to max) with the MOVEs the piece on sq may try on b: one path per square it can end on, ending on
 * floor (empty or another's piece) or, with O, on an interior wall. Returns how many. */
int weigh_moves(const Board *b, int sq, WeighMove *out, int max);
/* Fills goal for player from the board they know (fog: legal_fog's, or a sample of it) and the starts of the
 * real board (public: every round 0 sheet shows them); guess as described at WeighGoal. Free with weigh_goal_free. */
void weigh_goal(const Board *fog, int player, const Board *real, bool guess, WeighGoal *goal);
/* weigh_goal for the levels (bot.easy, bot.greedy, bot.strong): the goal is the squares where a rival's King is
 * likely, for every rival without a King the player decodes — its start square while it is out of view or holds
 * one of its pieces the player does not decode, else the squares next to the start that do (a King steps off
 * its start to a lair, weigh_lair) — with the enemy pieces not decoded, instead of weigh_goal's start squares
 * in turn; and press grows with the round (the attack does not stall). */
void weigh_goal_aimed(const Board *fog, int player, const Board *real, bool guess, WeighGoal *goal);
#define WEIGH_PRESS_FROM 30
#define WEIGH_PRESS_ROUNDS 10
#define WEIGH_PRESS_MAX 20
void weigh_goal_free(WeighGoal *goal);
/* The work one order weighed on fog counts (effort counted in work, never in time): 1, and 1 more for every
 * WEIGH_COST_UNIT of the cost of weighing a position on it — per piece WEIGH_COST_PIECE, the squares its MOVE's
 * walk visits ((2 steps + 1)^2 x steps: every piece's reach is marked) and WEIGH_COST_KING for a King (each King's
 * exposure is weighed). On melee the monkey idol makes a King of many pieces and the mirror doubles their codes:
 * a board of 300 pieces, 100 of them Kings, or one piece with 16 B codes, weighed an order 10 to 50 times slower
 * than a board of 15 pieces. The levels' effort per decision is a number of work, so fewer orders are weighed on
 * such a board. */
long weigh_cost(const Board *fog);
#define WEIGH_COST_UNIT 4096
#define WEIGH_COST_PIECE 64
#define WEIGH_COST_KING 256
/* The steps to the goal a piece holding g counts (goal->walk, or dig for a piece with O, strike for a striker
 * when there are strike squares, look for a scout). */
const int *weigh_steps(const WeighGoal *goal, const Genome *g);
/* True when the order text, on fog (legal_fog's board), walks a piece of the player's that is no King onto a
 * square of goal->likely: onto the piece there (a capture, of a King or not) or onto the square out of view. */
bool weigh_likely_take(const Board *fog, int player, const WeighGoal *goal, const char *text);
/* The lair of the player's King on fog (legal_fog's board, or a sample of it): of the floor squares orthogonally
 * next to the player's start square, the one farthest from the other start squares by walking (the first of
 * equals in the order N, E, S, W); -1 when the player has no start. The start squares are public and the enemy's
 * likeliest target: a King next to its start, on the far side from the enemy, is out of sight of a piece
 * approaching the start and in reach of one landing there (weigh_position counts the steps to it). */
int weigh_lair(const Board *fog, int player, const Board *real);
/* The view radius of a scout — a piece that decodes (F) and sees farther (D): 1 + 2 per D, or 0 for any other
 * piece. A scout near the goal stops that many steps off it, out of reach of the pieces round a King, and sees
 * which is the King. */
int weigh_scout(const Genome *g);
/* How much more a scout's step towards the goal weighs than another piece's: it walks one square a MOVE, and
 * the faster pieces' steps would otherwise always come first (it would never leave home). */
#define WEIGH_SCOUT_STEP 3
/* True when sq is next to (8 ways) a King the player controls on b. */
bool weigh_next_to_king(const Board *b, int player, int sq);
/* What a piece of this sequence is worth to its owner (a King: 0 — its loss is weighed as the game's). */
double weigh_piece(const Genome *g);
/* The worth of position b to player, the other players to move next: WEIGH_LOST when the player no longer
 * takes turns, WEIGH_WON when nobody else does; else material, E, the Kings' safety (whose King an enemy piece
 * in sight could take next), the threats on pieces, the mobile pieces' steps to the goal and the squares seen;
 * with a lair (goal->lair >= 0), the King's steps to it; with goal->threat, the King's exposure to what is out of
 * view (threat_exposure, scaled by 2 / goal->press); the squares of goal->likely its pieces could land on next. */
double weigh_position(const Board *b, int player, const WeighGoal *goal);

#endif
