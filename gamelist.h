/* gamelist: the game list etc/Genetess.list — its line's record, and what Cleanup keeps for one run: the list held in memory and written once, and the due index etc/Genetess.due (each board's next due time, so that idle boards are not opened). */
#ifndef GENETESS_GAMELIST_H
#define GENETESS_GAMELIST_H

#include <stdbool.h>
#include <stdint.h>

#include "board.h"
#include "store.h"

/* Finished boards go to the archive this long after their end (Cleanup). */
#define GAMELIST_ARCHIVE_AFTER (14 * 86400)

/* What a game's list line says of it (contract 11). */
typedef enum ListState {
    LIST_WAITING, /* "waiting for <ids>": round 0 */
    LIST_TURN,    /* "<id> turn" */
    LIST_HOLIDAY, /* "<id> on holiday" */
    LIST_ENDED,   /* the result: "won by <id> (<points>)" or "tie (<points>)" */
    LIST_OTHER,   /* any other status (a line edited by hand), kept as written */
} ListState;

#define LIST_DETAIL_MAX 1024

/* One line of the game list, "<board>:<players>:<move>:<status>" (contract 11): the one type its writer
 * (pipeline_update_list) and its readers (host's message, list; challenge's running games; Cleanup) use. */
typedef struct ListRecord {
    int board;                              /* the board's number */
    int np;
    char players[MAX_PLAYERS][USERID_MAX + 1];
    int move;                               /* the move number #k */
    ListState state;
    char detail[LIST_DETAIL_MAX];           /* LIST_WAITING: the ids still to gamble, ' ' between ("" none);
                                               LIST_TURN, LIST_HOLIDAY: the id; LIST_ENDED: the result;
                                               LIST_OTHER: the status as written */
} ListRecord;

/* Parses a line of the game list (its newline, if any, apart) into *r; false when it is not one: the header,
 * an empty line, a line edited out of shape. */
bool gamelist_parse(const char *line, ListRecord *r);
/* The line of r with its newline (malloc'd): gamelist_format(parse(line)) == line for every line parsed. */
char *gamelist_format(const ListRecord *r);
/* Board b's record under the number number. */
void gamelist_record_of(int number, const Board *b, ListRecord *r);
/* The status field of r: "waiting for <ids>", "<id> turn", "<id> on holiday", the result. */
void gamelist_status(const ListRecord *r, char *buf, size_t size);
/* The status column of board b's list line (gamelist_status of its record): the result, "waiting for <ids>",
 * "<id> turn" or "<id> on holiday". */
void gamelist_status_of(const Board *b, char *buf, size_t size);
/* True when id (a userid, case aside) is one of r's players. */
bool gamelist_plays(const ListRecord *r, const char *id);
/* True when line is the list's header line "boardno:...". */
bool gamelist_header(const char *line);

/* One line of the game list: its text (with its newline), the number it starts with (atoi), and the
 * board it is the line of ("<n>:" at its start; -1 none). */
typedef struct ListingLine {
    char *text;
    int num, key;
} ListingLine;

/* One board of the due index: when Cleanup has work on it next, and the identity of the board file that
 * time was computed from: its size and modification time, which any save or edit changes and a copy
 * that keeps times (a restored backup of the same state) keeps. */
typedef struct ListingDue {
    int n;
    int64_t due;
    uint64_t line;       /* FNV-1a of its list line then (the line must still be the same) */
    long long size, mtime, mtime_ns;
    bool seen;           /* this run looked at the board */
    const char *text;    /* its line in the index as read (NULL: noted this run) */
    int textlen;
} ListingDue;

typedef struct Gamelist {
    char *orig;          /* the list as read (NULL: none) */
    bool touched;        /* a line was set: the list is written when it changed */
    bool clean;          /* every line a board's, ascending, none twice: searched by halves */
    ListingLine *line;
    int nline, capline;
    int cursor;          /* where the last search for a line ended */
    char *due_text;      /* the index as read */
    ListingDue *due;     /* ascending by n */
    int ndue, capdue;
    StrList groups;      /* mail groups whose records go once the list is written (pipeline) */
    int games_fd;        /* games/Genetess, for the boards' identities (gamelist_open; -1: by path) */
    bool games_open;     /* games_fd is ours to close */
} Gamelist;

/* The earliest time at which Cleanup may have work on b (a deadline, a nag, a holiday's end, the archive),
 * never later than the real one; INT64_MAX when there is none. */
int64_t gamelist_due(const Board *b);
/* Sets board n's line of the game list etc/Genetess.list to line (with its newline; NULL: removes it): the
 * header first, the line in the place of the board's old one (its duplicates dropped) or before the first
 * line of a greater number, every other line as it is; the file is rewritten only when that changes it, its
 * fsyncs beside those put off in before and after (store_write_list_with; NULL: each at once).
 * Returns 0 or -1 with err. */
int gamelist_write_line(const Store *s, int n, const char *line, DiskLater *before, DiskLater *after, Err *err);
/* Reads the list and the due index of s into l (missing or unreadable files: empty). */
void gamelist_open(Gamelist *l, const Store *s);
/* Sets board n's list line in l to line (with its newline; NULL: removes it), as gamelist_write_line does in
 * the file. */
void gamelist_set(Gamelist *l, int n, const char *line);
/* Board n is idle at now: the index holds it, its file is the one the index describes, its due time is
 * later than now, and its list line is the one it had then. Marks it seen (kept in the index). */
bool gamelist_idle(Gamelist *l, const Store *s, int n, int64_t now);
/* Records board n's due time from b, its committed state, with the identity of its file and its list line
 * as they now are (no file: board n leaves the index). */
void gamelist_note(Gamelist *l, const Store *s, int n, const Board *b);
/* Writes the list when it changed and the index (boards not seen this run leave it); frees l's lines and
 * index (l->groups stays for the caller). Returns 0, or -1 with err when the list could not be written. */
int gamelist_close(Gamelist *l, const Store *s, Err *err);

#endif
