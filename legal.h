/* legal: every order a player's pieces can give now, worked out from what that player knows (contract 8, 14.2) — never from hidden facts. */
#ifndef GENETESS_LEGAL_H
#define GENETESS_LEGAL_H

#include "board.h"

/* The orders of one acting piece, or (sq -1) those of no piece: CREATE, then PASS. */
typedef struct LegalGroup {
    int sq;             /* the acting piece's square; -1 for CREATE and PASS */
    StrList orders;     /* canonical order texts (order_parse's), in a fixed order */
    StrList notes;      /* one per order: "capture", "own piece", "wall" (where a MOVE or CREATE lands), or "" */
} LegalGroup;

typedef struct LegalList {
    LegalGroup *v;
    int n;
} LegalList;

/* The board as the player knows it (contract 8): squares they do not see hold no piece and, unless walled
 * for good (exterior wall, outside), floor; another player's phased pieces are gone; a piece they see but
 * do not decode is a bare A; other players' E is 0; no specials; its pieces in reading order (b's array order is
 * not what the player sees: contract 12). Caller frees with board_free. */
Board *legal_fog(const Board *b, int player);
/* legal_fog's board, with interior_walls also an interior wall out of view where the player's map has one
 * (the computer opponents, contract 12) instead of floor. */
Board *legal_fog_map(const Board *b, int player, bool interior_walls);
/* Fills out with the orders the player may give now (empty outside play or for a player without turns):
 * one group per piece they control, in reading order, then the group of CREATE and PASS; with sq >= 0 only
 * the group of the piece on sq. Every listed order is accepted by the rules on legal_fog's board; it may
 * still fail for something the player cannot see. Free with legal_free. */
void legal_orders(const Board *b, int player, int sq, LegalList *out);
/* Frees what a LegalList holds. */
void legal_free(LegalList *l);
/* True when the order text would run to the end (not refused, not failed) on the board the player knows. */
bool legal_accepted(const Board *fog, int player, const char *text);

#endif
