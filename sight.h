/* sight: what each player's pieces can see (contract 8) — the view map the rules and the sheets share. */
#ifndef GENETESS_SIGHT_H
#define GENETESS_SIGHT_H

#include "board.h"

/* Bits of a view map, one byte per square. */
#define SIGHT_SEEN 1
#define SIGHT_DECODE 2

/* Fills m (b->w*b->h bytes, caller-allocated) with the player's view map now (SIGHT_* bits; contract 8). */
void sight_compute(const Board *b, int player, uint8_t *m);
/* sight_compute for every player p of b into m[p], with one pass over the pieces. */
void sight_compute_all(const Board *b, uint8_t *const *m);
/* The number of ints sight_key writes for b. */
int sight_key_len(const Board *b);
/* All that the view maps of b's players are made of, into key (sight_key_len(b) ints): two boards with equal
 * keys give every player the same view map. */
void sight_key(const Board *b, int *key);
/* True when sq is within the piece's own view (Chebyshev distance <= its view radius). */
bool sight_piece_sees(const Board *b, const Piece *p, int sq);

#endif
