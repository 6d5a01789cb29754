/* query: the commands that only read — show, games, history, help, calc (contract sections 2 and 11). */
#ifndef GENETESS_QUERY_H
#define GENETESS_QUERY_H

#include "pipeline.h"

/* show board[#k]...: each board's public summary while it runs, the full board after the end; with #k the
 * board after move k, once it has ended. Returns the last failing board's status, else 0. */
int query_show(CommandCtx *c);
/* The text show gives of b into the reply (k: the #k asked for, -1 none; b's move list is read when it has
 * ended). Returns 0, or EXIT_REFUSED / EXIT_SYSTEM with the reason in the reply. */
int query_show_board(CommandCtx *c, Board *b, int k);
/* games [userid...] [all|active|inactive|next]: a line per board that matches (an unknown userid is refused). */
int query_games(CommandCtx *c);
/* history: the finished-games record history/Genetess ("Historical List of Genetess games"), after every
 * board's expired deadlines are processed. */
int query_history(CommandCtx *c);
/* help [topic]: the help text (contract 2). Returns 0 or EXIT_REFUSED for an unknown topic. */
int query_help(CommandCtx *c);
/* calc SEQUENCE | S<n>: the calculator (help/command-calc.txt). Returns 0 or EXIT_REFUSED. */
int query_calc(CommandCtx *c);

#endif
