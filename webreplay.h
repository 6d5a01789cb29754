/* webreplay: a finished game's pages on the public site (contract 16) — the game's page (what `show` gives
 * after the end) and its replay, one plain page per step: the board after that move with the fog lifted (as
 * `show n#k` draws it), the move and its outcome, E and scores, each player's view then, and links. */
#ifndef GENETESS_WEBREPLAY_H
#define GENETESS_WEBREPLAY_H
#include "board.h"
#include "webpage.h"

/* Writes the pages of b, an ended board whose history is in memory, into the site directory g/<n>/: each
 * step <k>.html (k = 0 .. its moves) and, last, index.html. When index.html already holds exactly what it
 * would be written with, the steps were written with it and nothing is redone (they count as this run's:
 * webpage_keep). 0, or -1 with err. */
int webreplay_game(WebSite *s, const Board *b, Err *err);

#endif
