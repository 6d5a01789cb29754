/* movelist: a board's move list in its own append-only file <n>.moves (contract 10). The board file holds
 * "(moves <n>.moves <count>)": loading reads neither the file nor its lines, a command appends its new lines
 * (synced) before the board's commit, and lines past the count (a killed command's) are ignored and dropped
 * under the lock by the next append. Only what replays or lists the history (verify, show n#k, the log,
 * the full show) reads the file. */
#ifndef GENETESS_MOVELIST_H
#define GENETESS_MOVELIST_H

#include "board.h"
#include "store.h"

/* Reads every line of b's history into b->moves (moves_off becomes 0). 0, or -1 with err (the file is
 * missing or holds fewer lines than the board counts). */
int movelist_load(const Store *s, Board *b, Err *err);
/* movelist_load for a command: on failure the reason goes to stderr and the reply gets "Genetess board
 * <n>: its move list cannot be read (the reason is in the server's log)"; 0 or -1. */
int movelist_load_reply(const Store *s, Board *b, Buf *reply);
/* Appends b's lines not yet in <n>.moves to it (a board written with inline lines moves them all there;
 * store_save_board syncs the file before the board's rename) and marks b as using the file, so that
 * boardfile_write names it. 0, or -1 with err. */
int movelist_commit(const Store *s, Board *b, Err *err);
/* The last line of b's history where a hand edit may have put it (malloc'd): from memory, or from
 * <n>.moves when the board does not know where its lines end there (edited by hand: "(moves-end" is
 * missing or counts other lines). NULL otherwise, or when it cannot be read. */
char *movelist_last(const Store *s, const Board *b);
/* contract 10: an admin edit (a last history line "<label> admin EDIT <text>", written by hand) re-bases the
 * replay on the board as it now stands: b's initial snapshot becomes b itself. True when it did. */
bool movelist_rebase(const Store *s, Board *b);

#endif
