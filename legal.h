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
/* The most work a computer opponent's listing of its orders takes (contract 12, 15.2): one for each order tried on
 * a scratch board (a copy of the board the player knows) and for each look at every square of it (a step of a
 * MOVE's walk; the squares a TELEPORT, TRANSFER, HOME, SANCTUARY or CREATE may go to). Every built-in map's usual
 * list (at most about 320), and the 60x60 bench board's (about 800), is whole within it. */
#define LEGAL_BOT_WORK 2000
/* legal_orders (sq -1) within at most max work (max <= 0: no bound), *work (may be NULL) getting the work taken:
 * the same list when the bound is not reached; else what the bound leaves out is missing — the Kings' orders are
 * found first, then CREATE and PASS (PASS always), the other pieces' MOVEs, then their other orders, the pieces in
 * reading order each time. */
void legal_orders_within(const Board *b, int player, long max, long *work, LegalList *out);
/* Frees what a LegalList holds. */
void legal_free(LegalList *l);
/* True when the order text would run to the end (not refused, not failed) on the board the player knows. */
bool legal_accepted(const Board *fog, int player, const char *text);

#endif
