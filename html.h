/* html: the turnsheet's HTML part — the text sheet's view drawn as a coloured grid, its legend and events beside it, the rest of the sheet below; pure rendering. */
#ifndef GENETESS_HTML_H
#define GENETESS_HTML_H

#include "view.h"

/* Appends the reader's sheet as one self-contained HTML document (inline CSS; no script, no remote
 * resource) to out: the squares, pieces and legend of the text sheet's picture (layout_cells,
 * layout_legend, from the same view map) — the picture as one grid in a <pre>, a character a square, each
 * run of squares of one colour in one element (a row's unseen squares a blank <i> run), the coordinates
 * only on its axes — each player's pieces in their palette colour with their letter, o's news as the
 * events, the reader's map while the game is in play (view_map), then text (view_sheet's output for the
 * same b, reader and o) with its picture and legend replaced by a note. No line is over 998 octets but for
 * a word of an event longer than that. Nothing the text sheet or the map does not show is written; changes
 * nothing. */
void html_sheet(const Board *b, int reader, const SheetOpts *o, const char *text, Buf *out);
/* The background colour (CSS "#RRGGBB") of player i's pieces (i >= 0), of unseen squares (i -1). */
const char *html_colour(int i);

#endif
