/* store: where files live under $PBMHOME — its directories, the lock, board files, their move lists and numbering,
 * lists, commit tags and the sweep of temporaries (each file read and written through disk.h; etc/users: users.h),
 * and the mail front's var/ (its directory, appends, lock files); a count of what stores did, for tests
 * (StoreTally). */
#ifndef GENETESS_STORE_H
#define GENETESS_STORE_H

#include "disk.h"
#include "request.h"
#include "util.h"

#include <stdint.h>

/* What stores were used for, counted where a test asks (Host.tally; NULL: nothing is counted): the mail
 * front opens one store for a message, and each of its commands takes the lock once, reads its board once and
 * the users once (contract 2.1). */
typedef struct StoreTally {
    int opens;  /* store_open calls */
    int locks;  /* store_lock calls that took the lock */
    int boards; /* board files read (store_load_board) */
    int users;  /* reads of etc/users (users.h) */
} StoreTally;

/* etc/users as read under the lock held now (users.c), so that a command reads it once however many look-ups it
 * makes (contract 2.1): kept by the Store and shared by every copy of it; dropped when the lock is let go
 * (store_unlock) or the file is written. */
typedef struct StoreUsersSnap {
    bool read;  /* text holds the file (a missing file: none, len 0) */
    char *text; /* malloc'd; NULL when none */
    size_t len;
} StoreUsersSnap;

typedef struct Store {
    char *home;   /* $PBMHOME (or $HOME/.genetess) */
    int lockfd;   /* -1 when not locked */
    bool unclean; /* store_lock: the lock's last holder was stopped before letting go (see store_lock) */
    int64_t lock_wait; /* seconds store_lock waits */
    StoreTally *tally; /* the host's tally (host->tally), shared by every copy of s; NULL: none */
    StoreUsersSnap *users_snap; /* store_open's (NULL: no snapshot is kept), shared by every copy of s */
} Store;

/* Opens the home host names (host->home, trailing slashes dropped; created when missing; when host->home_is_default,
   "genetess: using <dir> as PBMHOME" goes to stderr if it is made now); no home -> fail "neither PBMHOME nor
   HOME is set" (the caller exits 2). Creates missing directories games/Genetess, games/Genetess-archive, etc,
   history, outbox, spool (every directory it makes, the home's included, of mode 0700: contract 9). The lock wait is host->lock_wait seconds (at most a day; < 0: 60).
   The open is counted in host->tally when given (s->tally).
   Returns 0 with s->home set and s->lockfd = -1, or -1 with err (s holds nothing to free). */
int store_open(Store *s, const Host *host, Err *err);
/* Unlocks (marking the lock file 0: this holder finished) and frees s->home and s->users_snap; s may be closed
 * twice. */
void store_close(Store *s);

/* Takes games/Genetess/.lockfile with fcntl locking (F_SETLK polled every 100 ms), waiting up
   to s->lock_wait seconds (store_open). The lock is per process.
   Returns 0 (also when s already holds it); STORE_LOCK_BUSY on timeout (err says "Genetess is busy; try
   again later", for the log); -1 with err on any other error. The lock file's first byte is 1 while a command holds
   the lock and 0 once it has let go: taking the lock, s->unclean says whether the last holder was
   stopped (1, or an empty file) and may have left temporary files. The lock file is made 0600 and never
   opened through a link ("cannot open <path>: Too many levels of symbolic links"). */
#define STORE_LOCK_BUSY (-2)
int store_lock(Store *s, Err *err);
/* Releases the lock if held, marking the lock file 0; s->lockfd becomes -1; the users' snapshot goes
 * (store_users_forget). */
void store_unlock(Store *s);
/* Drops s's snapshot of etc/users (when it has one): the next look-up reads the file. */
void store_users_forget(const Store *s);

/* Returns malloc'd "<home>/<rel>". */
char *store_path(const Store *s, const char *rel);

/* True when s is a board number: [1-9][0-9]{0,8} and nothing else ("../1", "-1", "0", "01",
   "1x", "" are refused). Writes the value to *n when n is non-NULL. */
bool store_valid_board_number(const char *s, int *n);

/* Reads games/Genetess/<n>, else games/Genetess-archive/<n> (then *archived, when non-NULL,
   is set true). Returns 0 with *text malloc'd, 1 when neither exists, -1 on error (err). */
int store_load_board(const Store *s, int n, char **text, bool *archived, Err *err);

/* Saves games/Genetess/<n>: its move list <n>.moves, if any, is synced (the lines the new text counts are
   on disk before it), the current file, if any, is kept as games/Genetess/.<n> (a hard link renamed into
   place; a synced copy without hard links), then text is written atomically. Returns 0 or -1 with err. */
int store_save_board(const Store *s, int n, const char *text, Err *err);
/* A board write under way (store_board_begin): the new text in its temporary, and the board's move list open
 * to be synced with it (-1: none). */
typedef struct StoreWrite {
    DiskWrite file; /* file.synced: set by a caller that synced both itself (store_board_fds) */
    int moves_fd;
} StoreWrite;
/* A StoreWrite that holds nothing (safe to abandon). */
#define STORE_WRITE_NONE ((StoreWrite){.file = DISK_WRITE_NONE, .moves_fd = -1})
/* store_save_board in two steps, so that the board's data is written while the caller spools its mail:
 * begin keeps the current file as .<n> and writes the new text to the temporary (in the file the older
 * .<n> held, when no other name links it: no file is made) and opens the move list; finish syncs both
 * (unless the caller did, with its own files, and set w->file.synced) and commits (w is done with either
 * way); abandon gives w up (harmless on a finished or failed write). 0, or -1 with err. */
int store_board_begin(const Store *s, int n, const char *text, StoreWrite *w, Err *err);
int store_board_finish(StoreWrite *w, Err *err);
void store_board_abandon(StoreWrite *w);
/* The descriptors store_board_finish would sync, for a caller that syncs them together with files of its own
 * (disk_sync_files) and then sets w->file.synced: at most 2, written to fds; returns how many. */
int store_board_fds(const StoreWrite *w, int fds[2]);

/* Deletes games/Genetess/<n> and .<n> (missing files are fine). Returns 0 or -1 with err. */
int store_delete_board(const Store *s, int n, Err *err);

/* Issues the next board number: games/Genetess/.board holds the last one issued (missing ->
   the first is 101; not a number -> -1 with err). Numbers whose board file already exists
   (active or archived) are skipped. Writes the new value atomically and returns 0 with it in
   *n, or -1 with err. The caller holds the lock. */
int store_next_board_number(const Store *s, int *n, Err *err);

/* Collects the numbers of the board files in games/Genetess (names passing
   store_valid_board_number), ascending, into *nums (malloc'd; NULL when none; caller frees).
   Returns the count or -1 with err. */
int store_list_boards(const Store *s, int **nums, Err *err);

/* Moves games/Genetess/<n> to games/Genetess-archive/<n> and removes games/Genetess/.<n>.
   Returns 0, or -1 with err ("Genetess board <n> not found" when there is no such board). */
int store_archive_board(const Store *s, int n, Err *err);

/* A line of history/Genetess, the finished-games record (contract 11): "<date> <board> <winner|TIE> <points>
 * <player> <player>...", the date the day the game ended (YYYY-MM-DD), the points the winner's (the players'
 * each when TIE), the players in seat order. store_history_parse and store_history_format are its one parse and
 * format: format(parse(line)) == line for every line written. */
typedef struct StoreHistory {
    char *date;      /* malloc'd, as all its strings (store_history_free) */
    int board;
    char *winner;    /* one of players (any case), or "TIE" */
    int64_t points;  /* at most 1,000,000,000 */
    StrList players; /* at least two */
} StoreHistory;
/* Reads line (its words: any run of blanks parts them) into *h: true, or false when it is no such line (h holds
 * nothing to free). */
bool store_history_parse(const char *line, StoreHistory *h);
/* Appends the line of h, without its newline, to out (single spaces). */
void store_history_format(const StoreHistory *h, Buf *out);
/* Frees what h holds. */
void store_history_free(StoreHistory *h);

/* lists (contract 11) */
/* Rewrites etc/Genetess.list atomically with content. Returns 0 or -1 with err. */
int store_write_list(const Store *s, const char *content, Err *err);
/* store_write_list with its fsyncs beside others: the new text's temporary is synced together with the fsyncs
 * put off in before (run then, the list's or not), and the directory's fsync after the rename is put off into
 * after (NULL: each done at once, as store_write_list). */
int store_write_list_with(const Store *s, const char *content, DiskLater *before, DiskLater *after, Err *err);
/* Appends the line of h (store_history_format) plus '\n' to history/Genetess (read, append, write atomically)
   unless it already holds a line of board h->board: the end of a game is recorded once. A line holding a
   control character is refused. Returns 0, 1 when the board's line was there already (nothing written), or -1
   with err. */
int store_append_finished(const Store *s, const StoreHistory *h, Err *err);

/* The path of board n's move list "<home>/games/Genetess/<n>.moves" (archived: in the archive); malloc'd. */
char *store_moves_path(const Store *s, int n, bool archived);
/* Reads board n's move list (running, else archived) into *text (malloc'd, NUL-terminated) and *len:
 * 0, 1 when there is none, -1 with err. */
int store_moves_read(const Store *s, int n, char **text, size_t *len, Err *err);
/* Reads len bytes of board n's move list (running, else archived) from byte off into buf: 0, 1 when there is
 * none, -1 with err (it holds fewer, or is not a regular file). Never through a link. */
int store_moves_read_at(const Store *s, int n, int64_t off, size_t len, char *buf, Err *err);
/* Appends len bytes of text (whole lines) to board n's move list after its first count lines, which end at
 * byte *end (-1: unknown, counted), dropping whatever follows them (a killed command's lines), and starts
 * writing it out (store_save_board syncs it before the board's rename); *end becomes the new length.
 * Creates the file (0600); never opens it through a link. 0, or -1 with err (fewer lines than count; a
 * link: "cannot open <path>: Too many levels of symbolic links"). */
int store_moves_append(const Store *s, int n, int64_t count, int64_t *end, const char *text, size_t len, Err *err);

/* commits: a command's changes to board n are committed by the rename of its file; what
   goes with them (mail, list line, history) is tagged with the board text they belong to. */
/* Writes the commit tag of a board text into tag: 16 hex digits of its FNV-1a 64-bit hash; of no text (NULL: the
 * board has no file, deleted or archived) "none". */
void store_board_tag(const char *text, char tag[17]);
/* Whether games/Genetess/<n> is the state tag names (its store_board_tag, of no text when it has no file).
   Returns 1 yes, 0 no, -1 when the file cannot be read. */
int store_board_committed(const Store *s, int n, const char *tag);
/* Puts off into l the fsyncs of the directories a board's commit renames in (games/Genetess, and the archive
   a board goes to), as disk_later_dir: a commit another process made durable before what follows it. */
void store_board_dirs_later(const Store *s, DiskLater *l);
/* Removes the temporary files (".<name>.tmp.<pid>", ".tmp.<pid>.<rest>") that processes which no
   longer run left in the directories under home. */
void store_sweep_temps(const Store *s);

/* The mail front's records under var/ (its log, var/handled, var/rate/: handled.h, rate.h) */
/* Makes <home>/<rel> (mode 0700) when missing; its parent must exist. 0, or -1 with err. */
int store_make_dir(const Store *s, const char *rel, Err *err);
/* Appends len bytes of data to <home>/<rel> (made 0600 when missing; never through a link), synced when sync.
 * 0, or -1 with err ("<path or rel>: <reason>"). */
int store_append(const Store *s, const char *rel, const char *data, size_t len, bool sync, Err *err);
/* Opens <home>/<rel> to hold fcntl locks on (made 0600 when missing; never through a link): the descriptor, or
 * -1 with err ("<path>: <reason>"). */
int store_lock_file(const Store *s, const char *rel, Err *err);

#endif
