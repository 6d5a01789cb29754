/* lister: the text of "what your pieces can do" — legal_orders' list laid out for a reader in 78 columns (the `orders` command's reply and the sheet's section); rendering only. */
#ifndef GENETESS_LISTER_H
#define GENETESS_LISTER_H

#include "board.h"

/* Appends to out the orders the player's pieces can give now (legal_orders; only the piece on sq when sq >= 0),
 * grouped by piece then verb: MOVE destinations with one path each and captures marked, CREATE squares and the
 * codes on offer the player can afford, each special action with its targets. Changes nothing. */
void lister_render(const Board *b, int player, int sq, Buf *out);

/* Appends the sheet's section "What your pieces can do" (lister_render, then a blank line) for the reader when
 * they turned it on (options lister on) and the game is in play; else nothing. */
void lister_sheet_section(const Board *b, int reader, Buf *out);

#endif
