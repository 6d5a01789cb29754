/* threat: where the rivals' pieces out of a player's view could be, how far they could reach before the player
 * moves again, and so how exposed the player's King is to what it cannot see (contract 12). */
#ifndef GENETESS_THREAT_H
#define GENETESS_THREAT_H

#include "board.h"

/* What the rivals could have out of view, worked out once per decision from the board the player knows and the
 * public facts (the start squares, the parameters, the round): the longest MOVE of a piece a rival's E could
 * have bought by now (orthogonal, with C, jumping with E; 0 when none), and the squares out of view a rival's
 * piece could stand on (within reach of a rival start square by now). */
typedef struct ThreatReach {
    int orth, diag, jump;
    uint8_t *origin;    /* w*h: 1 where a rival piece out of view could stand */
    uint8_t *door;      /* w*h: 1 next to a King of the player's where one of its pieces that is no guard stands
                         * (any of its pieces when no square next to that King is empty), and, when the player has
                         * the E for a guard, on the empty squares next to it that no piece out of view could pass
                         * through onto it (its pieces stand in the way, or its view covers the way) */
} ThreatReach;

/* True for a guard: a bare A, bought to stand next to its King in the way of what could come; it does not walk
 * towards the goal (weigh.c), and a King's guards are no doors (below). */
bool threat_guard(const Genome *g);

/* Fills t for player from fog (legal_fog's board, or weigh_fog's) and real's starts and parameters (public).
 * Free with threat_free. */
void threat_reach(const Board *fog, int player, const Board *real, ThreatReach *t);
void threat_free(ThreatReach *t);

/* How exposed the Kings on kings (nkings of them) are on b (a board the player knows, after an order of its own),
 * summed: for each, the squares next to it that are empty and that a piece out of view could pass through on its
 * way onto it in one MOVE — orthogonal approaches counted for every rival piece, diagonal ones for a piece with C,
 * a door (an approach a piece of the player's that is no guard stood on when it decided, or a guard of a King with
 * no room to CREATE, or one closed then by the player's pieces in the way: open for one rival turn, the price of
 * sending that piece out) for little — and whether a jumping piece out of view could land on it. Weighed in the
 * position's worth units (weigh_position); 0: nothing out of view reaches them. Its cost is bounded by the
 * board's squares, however many Kings there are. */
double threat_exposure(const Board *b, const int *kings, int nkings, const ThreatReach *t);

/* The empty floor squares next to the King on king through which a piece out of view could reach it (as
 * threat_exposure counts them); fills out (up to 8), returns how many. */
int threat_open(const Board *b, int king, const ThreatReach *t, int *out);

#endif
