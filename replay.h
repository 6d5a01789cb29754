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
/* What replay_each calls at each step k: r the board replay_board(b, k) gives (fail NULL) — to read, and to
 * leave as it was found — or r NULL and fail the message replay_board(b, k) fails with. Returns 0 to go on. */
typedef int (*ReplayEach)(void *ctx, int k, Board *r, const char *fail);
/* Calls each(ctx, k, ...) for k = 0 .. board_moves_count(b) in turn, replaying each line of b's history once
 * (replay_board for each k would replay the first lines again and again). Returns the first non-zero return of
 * each, else 0. */
int replay_each(const Board *b, ReplayEach each, void *ctx);

#endif
