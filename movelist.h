/* movelist: a board's move list in its own append-only file <n>.moves, and its line's record (contract 10).
 * The board file holds "(moves <n>.moves <count>)": loading reads neither the file nor its lines, a command
 * appends its new lines (synced) before the board's commit, and lines past the count (a killed command's) are
 * ignored and dropped under the lock by the next append. Only what replays or lists the history (verify, show n#k, the log,
 * the full show) reads the file, and a computer opponent about to decide its last lines (movelist_memory_load). */
#ifndef GENETESS_MOVELIST_H
#define GENETESS_MOVELIST_H

#include "board.h"
#include "store.h"

/* What a move-list line records (contract 10.3). */
typedef enum MoveKind {
    MOVE_ORDER,   /* "<order>[ (Auto)][ (Failed)]": an order that ran (or failed) */
    MOVE_TIMEOUT, /* "Timeout" */
    MOVE_FORFEIT, /* "Forfeit" */
    MOVE_RESIGN,  /* "Resign" */
    MOVE_HOLIDAY, /* "Holiday <seconds>": a holiday ended after that many seconds */
    MOVE_EDIT,    /* "<label> admin EDIT<note>": an admin's hand edit (contract 10.4) */
} MoveKind;

/* One line of the move list, "<label> <who> <what>" (contract 10.3): the one type every writer and reader of
 * the lines uses. text is not NUL-terminated: textlen bytes, pointing into the line parsed (or the caller's
 * order text when writing). */
typedef struct MoveRecord {
    char label[16];           /* the turn's label: "0", "1a", ... */
    int round;                /* read by movelist_parse: the round the label names (0: round 0, the gambles'), -1
                               * when the label does not start with one */
    char who[USERID_MAX + 1]; /* the player's userid; "-" for nobody; "admin" on an edit line */
    MoveKind kind;
    const char *text;         /* MOVE_ORDER: the canonical order text; MOVE_EDIT: what follows "EDIT" */
    int textlen;
    bool autorun;             /* MOVE_ORDER: " (Auto)", from the stored queue */
    bool failed;              /* MOVE_ORDER: " (Failed)" */
    int64_t secs;             /* MOVE_HOLIDAY: the seconds the holiday took */
} MoveRecord;

/* A record of an order's line (label and who left empty: game_record fills them). */
MoveRecord movelist_order(const char *text, bool autorun, bool failed);
/* A record of an event's line (MOVE_TIMEOUT, MOVE_FORFEIT, MOVE_RESIGN; MOVE_HOLIDAY with secs). */
MoveRecord movelist_event(MoveKind kind, int64_t secs);
/* Parses one move-list line into *r (its text pointing into line). False when the line is not
 * "<label> <who> <what>" with single spaces, a label of at most 15 bytes and a userid of at most USERID_MAX. */
bool movelist_parse(const char *line, MoveRecord *r);
/* The line of r (malloc'd): movelist_format(parse(line)) == line for every line movelist_parse takes. */
char *movelist_format(const MoveRecord *r);
/* True when r is a line of userid id (compared as userids are, case aside). */
bool movelist_by(const MoveRecord *r, const char *id);

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
/* What a computer opponent remembers of the history (contract 12): its last lines, at most MOVELIST_MEMORY_LINES
 * of them and MOVELIST_MEMORY_BYTES bytes with their newlines — the same lines whether a command reads them from
 * <n>.moves or selfplay holds the whole history in memory. */
#define MOVELIST_MEMORY_LINES 256
#define MOVELIST_MEMORY_BYTES 65536
/* The index in b->moves of the first line of that memory b->moves holds (b->moves.n when it holds none). */
int movelist_memory_start(const Board *b);
/* Puts the lines of that memory b->moves lacks in front of it (moves_off lowers by as many): read backwards from
 * where the lines it holds begin in <n>.moves, at most MOVELIST_MEMORY_BYTES + 1 bytes, or the whole history
 * (movelist_load) when the board does not know where its lines end there (edited by hand). 0, or -1 with the
 * reason on stderr (the file missing, or holding fewer lines than the board counts). */
int movelist_memory_load(const Store *s, Board *b);
/* The last line of b's history where a hand edit may have put it (malloc'd): from memory, or from
 * <n>.moves when the board does not know where its lines end there (edited by hand: "(moves-end" is
 * missing or counts other lines). NULL otherwise, or when it cannot be read. */
char *movelist_last(const Store *s, const Board *b);
/* contract 10: an admin edit (a last history line "<label> admin EDIT <text>", written by hand) re-bases the
 * replay on the board as it now stands: b's initial snapshot becomes b itself. True when it did. */
bool movelist_rebase(const Store *s, Board *b);

#endif
