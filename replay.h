/* replay: replaying a board's history from its initial snapshot (verify, show n#k, the reasons of failed orders for `log`). */
#ifndef GENETESS_REPLAY_H
#define GENETESS_REPLAY_H

#include "turn.h"

/* Replays b's history from its initial snapshot; on success *out is the replayed board (caller frees).
 * upto: replay only the first upto move-list lines (-1: all). Returns 0 or -1 with err. */
int replay_board(const Board *b, int upto, Board **out, Err *err);
/* Replays b's history (as replay_board) to learn why its failed orders failed: why gets one line per move-list
 * line, the reason of a failed order's line (as its player was told) and "" for every other; a history that
 * does not replay from some line on (an admin's edit) leaves those lines "". Changes nothing. */
void replay_failure_reasons(const Board *b, StrList *why);

#endif
