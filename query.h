/* query: the commands that only read — show, games, history, help, calc (SPEC 2, 9.2, 9.3). */
#ifndef GENETESS_QUERY_H
#define GENETESS_QUERY_H

#include "pipeline.h"

/* show, per board: the public summary while it runs, the full board after the end; with #k (c->k) the
 * board after move k, once it has ended. Returns rc, or EXIT_REFUSED with the reason in the reply. */
int query_show(CommandCtx *c, int rc);
/* games, before the boards: reads the filter and userids of argv into c->filter and c->ids, and opens
 * the listing. Returns 0, or EXIT_REFUSED ("Invalid userid entered") for an unknown userid. */
int query_games_start(CommandCtx *c);
/* games, per board: its line when it matches the filter ("(cannot be read)" when rc says its stages
 * failed). Returns 0. */
int query_games(CommandCtx *c, int rc);
/* games, at the end: "(no games)" when nothing matched, and the Subject. Returns rc. */
int query_games_close(CommandCtx *c, int rc);
/* history, per board: nothing to tell (SPEC 2.3: the pipeline processed the board's expired deadlines first). */
int query_history_board(CommandCtx *c, int rc);
/* history, after every board: the reply "Historical List of Genetess games" from history/Genetess. */
int query_history(CommandCtx *c, int rc);
/* help [topic]: the help text (SPEC 2). Returns 0 or EXIT_REFUSED for an unknown topic. */
int query_help(CommandCtx *c);
/* calc SEQUENCE | S<n>: the calculator (help/command-calc.txt). Returns 0 or EXIT_REFUSED. */
int query_calc(CommandCtx *c);

#endif
