/* sight: what each player's pieces can see (SPEC 5) — the view map the rules and the sheets share. */
#ifndef GENETESS_SIGHT_H
#define GENETESS_SIGHT_H

#include "board.h"

/* Bits of a view map, one byte per square. */
#define SIGHT_SEEN 1
#define SIGHT_DECODE 2

/* Fills m (b->w*b->h bytes, caller-allocated) with the player's view now: the union, over pieces the
 * player controls (board_controls: own non-orphan pieces incl. ronin pieces of an eliminated owner), of
 * the square of side 2r+1 centred on the piece, r = genome_view_radius (walls do not block); squares in
 * the view of a piece with F also get SIGHT_DECODE. If pl->full_view: every square SEEN, and DECODE
 * everywhere if pl->full_decode. In PHASE_ROUND0 every square is SEEN (terrain only is shown; the sheet
 * shows no pieces in round 0). A player with status RESIGNED/FORFEIT sees nothing (ELIMINATED sees
 * through ronin pieces). */
void sight_compute(const Board *b, int player, uint8_t *m);

/* True when sq is within the piece's own view (Chebyshev distance <= radius). */
bool sight_piece_sees(const Board *b, const Piece *p, int sq);

#endif
