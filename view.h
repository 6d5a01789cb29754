/* view: what each player can see (SPEC 5) and the texts they read: the turnsheet (SPEC 9.1) and `show` (SPEC 9.3). */
#ifndef GENETESS_VIEW_H
#define GENETESS_VIEW_H

#include "board.h"
#include "game.h"

/* Bits of a view map, one byte per square. */
#define VIEW_SEEN 1
#define VIEW_DECODE 2

/* Fills m (b->w*b->h bytes, caller-allocated) with the player's view now: the union, over pieces the
 * player controls (board_controls: own non-orphan pieces incl. ronin pieces of an eliminated owner), of
 * the square of side 2r+1 centred on the piece, r = genome_view_radius (walls do not block); squares in
 * the view of a piece with F also get VIEW_DECODE. If pl->full_view: every square SEEN, and DECODE
 * everywhere if pl->full_decode. In PHASE_ROUND0 every square is SEEN (terrain only is shown; the sheet
 * shows no pieces in round 0). A player with status RESIGNED/FORFEIT sees nothing (ELIMINATED sees
 * through ronin pieces). */
void view_compute(const Board *b, int player, uint8_t *m);

/* True when sq is within the piece's own view (Chebyshev distance <= radius). */
bool piece_sees(const Board *b, const Piece *p, int sq);

typedef struct SheetOpts {
    SheetVariant variant;   /* from game.h */
    const char *result;     /* result of the reader's last order, or NULL */
    bool is_new;            /* the "New" sheet sent at challenge */
} SheetOpts;

/* Appends the reader's turnsheet to out (o may be NULL: no banner, no result). Every line is at most
 * 80 columns; nothing the reader may not see (SPEC 5) is written. The last line is the command
 * template of SPEC 2.2 while the game runs. Changes nothing on the board. */
void sheet_render(const Board *b, int reader, const SheetOpts *o, Buf *out);

/* `show` while running: name and number, round/turn label, who is to move, deadline (UTC), each
 * player's status, time-outs and holiday left — never terrain, pieces, E, orders. */
void show_public(const Board *b, Buf *out);

/* `show` after the end: "The game has ended", result, score table, the full board (every piece with
 * its full sequence incl. markers, specials), and the move list (b->moves). */
void show_full(const Board *b, Buf *out);

/* The score table (players, status, points = game_score; SPEC 7.6), headed "Final scores" once the
 * game has ended (winner or tie marked) and "Scores so far" before. */
void score_table(const Board *b, Buf *out);

#endif
