/* fixtures: tiny boards from ASCII art for the unit tests, and helpers to run orders on them. */
#ifndef GENETESS_FIXTURES_H
#define GENETESS_FIXTURES_H

/* Our headers first: <check.h> defines a macro named fail. */
#include "board.h"
#include "request.h"
#include "boardfile.h"
#include "game.h"
#include "orders.h"
#include "replay.h"
#include "submit.h"
#include "turn.h"
#include "util.h"

#include <check.h>

/* Builds a board from rows of map characters (contract 7: '#', '+', '.', ' ') for players
 * "alice", "bob", "carol"... (nplayers), in play at round 1, seat 0, each with e E.
 * Pieces are added with fx_piece. */
Board *fx_board(const char *const *rows, int nplayers, int64_t e);
/* An open field for fx_board: 22 columns (A..V) by 7 rows, exterior walls around floor. */
extern const char *const fx_open_rows[];
/* The rule pages' board for fx_board: columns A..P, rows 1..6; rows 1 and 6 and columns A and P exterior walls. */
extern const char *const fx_rule_page_rows[];
/* Adds a piece of player p on square name with sequence seq (markers r/u allowed). */
Piece *fx_piece(Board *b, const char *sq, int p, const char *seq);
/* The square index of a name. */
int fx_sq(const Board *b, const char *name);
/* The sequence on a square with markers ("" when empty); static buffer. */
const char *fx_seq(const Board *b, const char *sq);
/* Owner index of the piece on a square, -1 when empty. */
int fx_owner(const Board *b, const char *sq);
/* Runs one order text for player p as turn_play would on their turn, inside a Game (created and
 * destroyed here); returns 0 done, -1 failed, ORDER_REFUSED; *msg (if non-NULL) gets the failure text. */
int fx_order(Board *b, int p, const char *text, char *msg, size_t size);
/* fx_order, the reason of a failure or refusal into *why (its code and arguments, g->fail.why). */
int fx_order_why(Board *b, int p, const char *text, FailReason *why);
/* Submits a player's message text through the rules' front door (submit_message) in g, as `move` does; returns 0
 * done, -1 failed, ORDER_REFUSED; *msg (if non-NULL) gets the result, or on a failure or refusal the reason
 * alone (without "<order>: "). */
int fx_submit(Game *g, int p, const char *text, char *msg, size_t size);
/* Asserts that every line of b's move list is a record that formats back to itself (movelist_parse,
 * movelist_format); returns a bit (1 << kind) per MoveKind met, 1 << 8 for an (Auto) line, 1 << 9 for (Failed). */
unsigned fx_move_records(const Board *b);
/* Asserts the board invariants hold. */
void fx_check(const Board *b);
/* Makes a fresh scratch directory "<$TMPDIR, else /tmp>/<name>.XXXXXX" (mkdtemp) into buf (size bytes);
 * asserts it fits and was made. Returns buf. */
char *fx_scratch_dir(char *buf, size_t size, const char *name);
/* The whole news of player p joined by '\n' (static buffer). */
const char *fx_news(const Board *b, int p);
/* Runs "genetess <words>" (split at spaces, at most 32 words) on host with rq as the command line would, its printed
 * reply (no SENDER) into <host's home>/reply. Returns the exit status. */
int fx_run_command(const Host *host, const Request *rq, const char *words);
/* rm -rf path (no symlinks followed): a test's scratch directory. */
void fx_rm_tree(const char *path);
/* Adds special S<code> on square name with info text (its other parameters zero). */
void fx_special(Board *b, int code, const char *sq, const char *text);
/* The board make bench plays (tools/bench/mkmap.awk with its seed, 20261124): n x n inside exterior walls,
 * short interior walls, 8 players each with a King (K) on their start square and per - 1 more pieces
 * spread at random, nspec specials; in play at round 1, seat 0, each player with e E. */
Board *fx_bench_board(int n, int per, int nspec, int64_t e);

#endif
