/* view: the texts players read — the turnsheet (contract 14.9), `show` (contract 11), a player's map (contract 8), the nag mail; pure rendering. */
#ifndef GENETESS_VIEW_H
#define GENETESS_VIEW_H

#include "board.h"
#include "layout.h"

/* The sheet variants of contract 14.5: which banner opens the sheet. */
typedef enum {
    SHEET_NONE,
    SHEET_YOUR_MOVE,
    SHEET_YOUR_MOVE_STORED,
    SHEET_STAR_DONE,    /* your * order was processed (told by its events; a stored PASS's line opens the sheet) */
    SHEET_NOT_YOUR_MOVE,
} SheetVariant;

/* What view_sheet drew of the board, kept for a second rendering of the same sheet (html.c) so that the
 * view is computed once: the reader's sight map (NULL once the game has ended), the picture's symbols and
 * which squares it draws (layout_fill: sym and mask, w*h each) and the offsets of the
 * events, the board picture and the legend in the sheet text. Free with view_parts_free. */
typedef struct SheetParts {
    bool filled;
    uint8_t *m;
    char *sym;
    uint8_t *mask;
    size_t ev, ev_len, pic, pic_len, leg, leg_len;
} SheetParts;

typedef struct SheetOpts {
    SheetVariant variant;
    const char *result;     /* result of the reader's last order, or NULL */
    bool is_new;            /* the "New" sheet sent at challenge */
    const News *news;       /* the reader's events since their last sheet (NULL: none) */
    const News *ebook;      /* the reader's E breakdown since their last sheet (NEWS_EVENT items; NULL: none) */
    SheetParts *parts;      /* when set, view_sheet leaves what it drew of the board here */
    const char *reply;      /* the HTML part only: the reply lines above the sheet, when the reply is the sheet */
    const struct SheetShared *shared; /* what every sheet of b has alike, made once for them (NULL: made here) */
    size_t *result_cut;     /* when set, view_sheet writes here the offset and length in out of what the sheet
                             * holds for result (and the blank line after the banner when nothing else is in it):
                             * the same sheet without a result is out without those bytes */
    int64_t now;            /* when the sheet is made: a running holiday's allowance as it stands (0: as held) */
} SheetOpts;

/* What every sheet of one board state has alike, made once for all its sheets (view_shared_init) and copied
 * into each: every piece's "?" legend line (layout_piece_lines) and the parameters' lines. Only for b as it is
 * when made. */
typedef struct SheetShared {
    LayoutPieceLines pieces;
    char *params;
    const uint8_t *maps; /* every player's sight map, player p's at p*w*h (view_shared_maps; NULL: none) */
} SheetShared;

/* Makes what the sheets of b share into sh; free with view_shared_free. */
void view_shared_init(const Board *b, SheetShared *sh);
struct Game;
/* Lends sh the view maps g made last (Game.sight_maps) when they are b's as it is now (the same sight_key),
 * so that each sheet draws from them rather than computing its reader's again; they must outlive sh's use. */
void view_shared_maps(const Board *b, const struct Game *g, SheetShared *sh);
void view_shared_free(SheetShared *sh);
/* Appends the reader's turnsheet (contract 14.9; news and E breakdown from o, o NULL: none) to out; changes nothing. */
void view_sheet(const Board *b, int reader, const SheetOpts *o, Buf *out);
/* Frees what view_sheet left in p. */
void view_parts_free(SheetParts *p);
/* Appends the public `show` of a running game at time now (contract 11: status, never pieces, E or orders;
 * the holiday left as it is at now) to out. */
void view_show_public(const Board *b, int64_t now, Buf *out);
/* Appends the full `show` of an ended game (result, scores, whole board, moves; contract 11) to out, or of a
 * position replayed from its history (show n#k: headed as it stood, "Scores so far"). The history must be in
 * memory (movelist_load). */
void view_show_full(const Board *b, Buf *out);
/* Appends the score table (contract 14.7: "Final scores" with winner/tie once ended, else "Scores so far") to out,
 * statuses as reader may read them (-1: anyone; see the sheet's Players). */
void view_score_table(const Board *b, int reader, Buf *out);
/* Appends the picture of the terrain ter (w*h, as b->ter) with the start squares, its key and the start squares'
 * line, as round 0's sheets draw the board (the New sheet, help <map>). */
void view_terrain(const Board *b, const char *ter, Buf *out);
/* Appends the reader's map (contract 8; `map`, the sheet's HTML part) to out: the whole terrain, the squares
 * in the view map m (NULL: the reader's view now) as they are, the others as the reader last saw them
 * (Player.known), marked apart; the changes since the start they know of. Once the game has
 * ended, the whole terrain as it is. Changes nothing. */
void view_map(const Board *b, int reader, const uint8_t *m, Buf *out);
/* Appends the reader's own lines of the moves record with their outcomes (`log`: orders with done, failed
 * or (your stored order); time-outs, holidays, resign, forfeit) to out; nothing of the others'. The
 * history must be in memory (movelist_load). */
void view_log(const Board *b, int reader, Buf *out);
/* Appends the result of b's ended game in words (contract 14.9), the one way every text writes it: "won by alice
 * (11 points)", "won by you (11 points)" for the reader (-1: nobody in particular), "a tie at 10 points: alice
 * and bob"; without points (a Subject), "won by alice" or "tie". Nothing before the end. */
void view_result_words(const Board *b, int reader, bool points, Buf *out);
/* Appends the nag mail's Subject and text (contract 4.4) for player p to subject and body; changes nothing. */
void view_nag(const Board *b, int p, Buf *subject, Buf *body);

/* The Subject of board b's sheets (contract 3): "[New ]Genetess Board <n> <to-move>" — to-move is the userid
 * to move, ALL in round 0, nothing once the game has ended. Writes at most size bytes into buf. */
void view_board_subject(const Board *b, bool is_new, char *buf, size_t size);

#endif
