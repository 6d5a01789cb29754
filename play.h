/* play: the acts of a player on their board — move, queue, resign, quiet, chat — and showas (SPEC 2, 7.3-7.6). */
#ifndef GENETESS_PLAY_H
#define GENETESS_PLAY_H

#include "pipeline.h"

/* move: runs or stores the order text (the words after the password, else INPUTFILE's first line) for
 * c->player on c->b (SPEC 7.3); sets c->dirty, c->reader and c->result when it ran or was stored.
 * Returns the exit status (a failed order: 1 with its side effects to save). */
int play_move(CommandCtx *c);
/* queue: shows, replaces (ORDER...) or empties (NONE) c->player's stored orders; c->dirty when changed. */
int play_queue(CommandCtx *c);
/* resign: c->player leaves the game (SPEC 7.6); in round 0 with fewer than 2 players left the board
 * is deleted (c->fate). */
int play_resign(CommandCtx *c);
/* quiet's argument check, before any file is read: "on" or "off", else a usage error. */
int play_quiet_check(CommandCtx *c);
/* quiet: sets c->player's quiet flag from argv[3]. */
int play_quiet(CommandCtx *c);
/* chat: queues the mail body (INPUTFILE) to every player of c->b; with "to USERID..." to those only (chat.h). */
int play_chat(CommandCtx *c);
/* showas, per board: appends c->player's current sheet of c->b to the reply. Returns rc. */
int play_showas(CommandCtx *c, int rc);
/* log: appends c->player's own orders so far with their outcomes (view_log) to the reply. */
int play_log(CommandCtx *c);

#endif
