/* layout: the shapes of the texts players read — lines wrapped to 78 columns, the board picture (windows around the groups of squares seen, strips of at most 36 columns) and its legend, the picture of the terrain (round 0's, the New sheet's, a player's map). */
#ifndef GENETESS_LAYOUT_H
#define GENETESS_LAYOUT_H

#include <stdbool.h>
#include <stdint.h>

#include "board.h"

/* The widest line of a text players read (mail bodies: 78 columns). */
#define LAYOUT_WRAP 78

/* Appends text word-wrapped to LAYOUT_WRAP columns: the first line starts with prefix, the others with indent
 * spaces; a newline in text starts a new line, a word too long for a line is cut, control characters
 * are written as spaces. */
void layout_wrap(Buf *out, const char *prefix, int indent, const char *text);
/* Word-wraps, in place, the lines of b from offset from on that are longer than LAYOUT_WRAP: prose (a reply's
 * result, a refusal), each going on at its own indent, so that no mail client or mailer folds it into a one-word
 * line indented as data (contract 3.3). */
void layout_wrap_prose(Buf *b, size_t from);
/* The board letter of player i (help/sheet.txt): a..n, p..z in players order (o is the orphans'), %
 * beyond; '?' for i < 0. */
char layout_player_letter(int i);
/* Writes r right-aligned in rw columns (rw 0: as it is) at o, which has room for two bytes more than that takes
 * (a row's number on the axes of a picture); returns the end. */
char *layout_number(char *o, int r, int rw);
/* Appends the picture of b as reader sees it through view map m (contract 8; reader -1 and m NULL: the whole
 * board, as after the end): one window per group of squares drawn. Returns false when nothing is drawn
 * (and appends nothing). */
bool layout_board(const Board *b, int reader, const uint8_t *m, Buf *out);
/* Fills sym (b->w * b->h) with the symbol of every square of that picture and mask (b->w * b->h) with whether
 * the picture draws it: what layout_board_cells, layout_map_cells and a sheet's HTML grid draw, computed once
 * per sheet. Changes nothing else. */
void layout_fill(const Board *b, int reader, const uint8_t *m, char *sym, uint8_t *mask);
/* layout_board from what layout_fill left in sym and mask. */
bool layout_board_cells(const Board *b, const char *sym, const uint8_t *mask, Buf *out);
/* Fills cells (b->w * b->h) with the symbol of every square that picture draws (the same rules, one
 * character each) and '\0' where it draws nothing; changes nothing else. */
void layout_cells(const Board *b, int reader, const uint8_t *m, char *cells);
/* The n symbols sym where mask is not 0, '\0' elsewhere, into cells (which may be sym): layout_cells from what
 * layout_fill left. */
void layout_cells_masked(const char *sym, const uint8_t *mask, size_t n, char *cells);
/* Appends the legend of that picture: every piece, reveal and special drawn (the start squares in round
 * 0), or "No pieces or specials in view." */
void layout_legend(const Board *b, int reader, const uint8_t *m, Buf *out);
/* Every piece's legend line as a reader who sees it but may not decode it reads it ("  A1    bob     ?"): the same
 * for every such reader of one board state, so made once for all its sheets. Line of the piece on square sqs[k]:
 * text[at[k] .. at[k + 1]), in square order, so that the lines of pieces next in that order are one run. */
typedef struct LayoutPieceLines {
    char *text;
    size_t *at;
    int n;
    int *sqs;          /* the n squares that hold a piece, in reading order (board_piece_squares) */
    char (*names)[12]; /* the names of the board's columns, then its rows (for the lines every sheet writes) */
} LayoutPieceLines;
/* Makes b's piece lines into out; free with layout_piece_lines_free. */
void layout_piece_lines(const Board *b, LayoutPieceLines *out);
void layout_piece_lines_free(LayoutPieceLines *l);
/* layout_legend with lines (NULL: none), made by layout_piece_lines for b as it is now, copied where they apply. */
void layout_legend_shared(const Board *b, int reader, const uint8_t *m, const LayoutPieceLines *lines, Buf *out);
/* Appends the picture of the terrain ter (w*h, as b->ter), with starts its start labels, as round 0 draws it;
 * with m (a view map, contract 8) the squares out of that view are drawn as remembered (a player's map: ':'
 * floor, 'x' interior wall). Returns false when nothing is drawn (and appends nothing). */
bool layout_terrain(const Board *b, const char *ter, bool starts, const uint8_t *m, Buf *out);
/* On a player's map, a square out of view where they saw a special (help/command-map.txt): given in ter, so drawn. */
#define LAYOUT_SEEN_SPECIAL '$'
/* Appends a player's map (contract 8): every square of the terrain ter (w*h, as the reader knows it; out of view,
 * LAYOUT_SEEN_SPECIAL where they remember a special), those the picture of layout_board draws for reader through
 * m as it draws them (their pieces, the others' pieces and the specials in view, reveals), the others as
 * remembered (':' floor, 'x' interior wall, LAYOUT_SEEN_SPECIAL). Returns false when nothing is drawn (and appends
 * nothing). */
bool layout_map(const Board *b, int reader, const char *ter, const uint8_t *m, Buf *out);
/* layout_map from what layout_fill left in sym and mask for the same reader and view map. */
bool layout_map_cells(const Board *b, const char *ter, const char *sym, const uint8_t *mask, Buf *out);
/* Appends the start squares' line of round 0's legend ("Start squares (1-9 on the map; ...): GPC1 C3, ..."). */
void layout_starts(const Board *b, Buf *out);

#endif
