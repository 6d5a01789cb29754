/* pipeline: what every command shares (CommandCtx: its request, words, store, mail and reply) and one board's transaction: load -> process time -> authenticate -> act -> render from the new state -> commit (board, move list and spooled mail together) -> deliver (contract sections 3 and 5). */
#ifndef GENETESS_PIPELINE_H
#define GENETESS_PIPELINE_H

#include <stdbool.h>
#include <stdint.h>

#include "board.h"
#include "game.h"
#include "gamelist.h"
#include "mail.h"
#include "request.h"
#include "store.h"
#include "users.h"
#include "util.h"

typedef struct Command Command;

/* What every command shares, from argv to the mail. A command that walks several boards keeps its own
 * state in its locals; one board's state is a Txn. */
typedef struct CommandCtx {
    const Host *host;   /* the host's settings (home, mailer, limits) */
    const Request *req; /* what the command was given */
    RequestOutcome *out; /* what it did, for the caller (pipeline_run's out); NULL: the caller keeps none */
    const Command *cmd;
    int argc;
    char **argv;        /* the words after the command word */
    Store st;
    bool opened;        /* st is open (pipeline_lock), or borrowed */
    bool borrowed;      /* st is the mail front's (Request.store): let go of its lock, never closed here */
    bool userid_found;  /* pipeline_userid replaced the reply's userid word (Request.userid_slot) */
    bool lent_locked;   /* borrowed with its lock held (the mail front's owner check): the lender lets it go */
    bool locked_once;   /* the lock was taken (pipeline_lock): taking it again recovers only after a stop */
    MailQueue mq;
    int64_t now;
    Buf reply;
    size_t reply_prose; /* where the reply's prose ends: a sheet follows it (0: none yet, all of it is prose) */
    char *reply_html;   /* the HTML alternative of a mailed reply that ends with the player's sheet, or NULL */
    char subject[200];
    int saved_mail;     /* messages queued up to the last commit: only those may go out */
} CommandCtx;

/* A command's handler: its checks, its boards, its reply. Returns the exit status (contract 3). */
typedef int (*CommandFn)(CommandCtx *c);

/* Command flags. */
enum {
    CMD_LOCKS = 1,  /* the command takes the lock (pipeline_lock) */
    CMD_SWEEPS = 2, /* taking the lock, it looks for stale temporary files whatever the lock's mark says (Cleanup) */
    CMD_TERMINAL = 4, /* only at a terminal: refused when the command came by mail (it may run for minutes) */
    CMD_READS_BODY = 8, /* by mail, its text (orders, chat) may come from the body when its words end early */
    CMD_BOARD_FIRST = 16, /* its first word is a board number (move, resign, show...): a reply may omit it */
    CMD_REPLY_WORD = 32,  /* a reply to a board's mail runs it by its name after the password ("secret resign",
                             contract 2.1): the board goes first (CMD_BOARD_FIRST) or else after the password, and
                             the line's words after the name are its own (none for a board that goes last) */
    CMD_REPLY_TEXT = 64,  /* with CMD_REPLY_WORD: the line's words after its name are its text (chat), not its own */
    CMD_REPLY_ORDERS = 128, /* a reply's line after the password that names no CMD_REPLY_WORD command is this
                               command's text: the orders (move) */
    CMD_SAYS_TEXT = 256,    /* by mail, it reads no text but says itself what became of it (a challenge's: not
                               passed on); any other command that reads none says "not read" (contract 2.1) */
};

/* Limits of one command (contract 15). */
#define COMMAND_WORDS_MAX 256        /* words after the command word */
#define COMMAND_BOARDS_MAX 10        /* boards named by one show or showas */
#define REPLY_MAX (1024 * 1024)      /* bytes of a reply that is mailed; the rest is cut with a note */

/* One row per command: what every row needs (git's `{ "add", cmd_add, RUN_SETUP }` is the model). */
struct Command {
    const char *name;
    const char *alias[3];
    int min_args, max_args; /* max -1: no limit */
    const char *usage;
    CommandFn run;
    unsigned flags;
};

/* What one board's transaction does besides loading and committing it. */
enum {
    TXN_TIME = 1,         /* processes the board's expired deadlines, holidays and nags first (contract 5) */
    TXN_PLAYER = 2,       /* argv[1] argv[2] must be a user playing the board (contract 2) */
    TXN_MEMBER = 4,       /* argv[0], authenticated already (pipeline_auth_user), must play the board */
    TXN_RUNNING = 8,      /* a board that has ended refuses the act: "The game has ended" */
    TXN_SAVES = 16,       /* the act may change the board: it gets a Game over it, and a refusal undoes nothing */
    TXN_SHEETS = 32,      /* mails the sheets the act made due (the act's reader's in the reply) */
    TXN_REPLY_SHEET = 64, /* pipeline_one_board: the reply ends with the authenticated player's sheet */
    TXN_QUIET = 128,      /* the reply does not say why the board could not be loaded or saved */
};

/* Where a board's transaction is: each stage asserts the one before it (pipeline_board runs them in order). */
typedef enum TxnStage {
    TXN_STAGE_START,     /* nothing loaded yet */
    TXN_STAGE_LOADED,    /* t->b read and checked */
    TXN_STAGE_TIMED,     /* its expired deadlines, holidays and nags processed */
    TXN_STAGE_AUTHED,    /* the user the flags name authenticated (t->player) */
    TXN_STAGE_ACTED,     /* the act ran (or made the board: pipeline_board_create) */
    TXN_STAGE_COMMITTED, /* the due sheets rendered and the board saved with them when it changed */
} TxnStage;

typedef struct Txn Txn;
/* A transaction's act: the command's own work on t->b. Returns the exit status so far. */
typedef int (*TxnAct)(CommandCtx *c, Txn *t);

/* One board's transaction. The caller sets flags, act (NULL: none), arg and list; the stages set the rest.
 * t->b is the board in hand (NULL when it was not loaded or is gone) until pipeline_board_done; any
 * Piece * into it dies with it. */
struct Txn {
    TxnStage stage;      /* set by the stages */
    unsigned flags;
    TxnAct act;
    void *arg;           /* the act's own (NULL) */
    Gamelist *list;      /* a run over many boards (Cleanup): list lines go here, and mails are delivered at the
                            run's end (pipeline_list_close); NULL: the list is written and mails go at once */
    Board *b;
    int number;          /* the number the board argument names (0: not a number) */
    int player;          /* the player authenticated to b, -1 none */
    Game g;              /* the act's working state over b (valid when have_game) */
    bool have_game;
    bool dirty;          /* set by the act: b changed and must be saved (a failed order's side effects too) */
    bool deleted;        /* set by the act: the board's files go (resign in round 0 with fewer than 2 left) */
    bool is_new;         /* the sheets are the "New" sheets of a created board */
    int reader;          /* set by the act: the player whose order result opens their sheet, -1 none */
    char *result;        /* set by the act (malloc'd, NULL none): the result that opens the reader's sheet */
    bool sheet_added;    /* the reply already ends with a sheet */
    bool time_changed;   /* time processing changed the board (a deadline, a holiday's end, round 0's end) */
    int deadlines;       /* how many deadlines, holiday ends and round 0 ends time processing caught up */
    int moves_loaded;    /* the board's move-list lines when it was loaded (those after it are this command's) */
    int nags;            /* nag mails queued by time processing */
    char problem[ERR_MAX]; /* why the board could not be loaded or saved (the admin's text; "" none) */
    User *users;         /* b's players' etc/users entries in seat order, read once per transaction (NULL: not
                            yet); nusers of them */
    int nusers;
};

/* Opens the store (unless the request lends one: Request.store) and takes the lock, once per command, then finishes what a stopped command left (contract
 * 3: its groups of mail, list lines and history lines; stale temporaries). A command that let go of the lock
 * (store_unlock) takes it again so, finishing what was left only when the last holder was stopped. 0, or the
 * exit status with the reason said: no home (exit 2, or 3 when it cannot be made), the lock held past its
 * wait (3). */
int pipeline_lock(CommandCtx *c);
/* Authenticates userid id with password (users_login: wrong passwords are counted and limited, contract 15; the
 * user is mailed a notice when theirs reach the limit) and notes it in the command's outcome (c->out). 0 with *out filled
 * when out is non-NULL (release with users_free), or EXIT_REFUSED with the reason in the reply. The lock must be
 * held. */
int pipeline_login(CommandCtx *c, const char *id, const char *password, User *out);
/* pipeline_login of argv[0] with password argv[1] (the user commands: showas, add, change, signoff). */
int pipeline_auth_user(CommandCtx *c);
/* The userid word argv[slot] of a mailed reply (when slot is Request.userid_slot of a Request.userid_address, and
 * not found yet) made the userid of the one user registered at that address — among t's board's players when t is
 * given (read once, t->users), else among all users — the word replaced (argv's words are the mail front's,
 * malloc'd). 0 (also when the words name the userid themselves), or EXIT_REFUSED with the reply saying why no one
 * user was found. The lock must be held. */
int pipeline_userid(CommandCtx *c, int slot, Txn *t);

/* Board nstr's transaction, as t's flags and act say: load, process time, authenticate, act, render the due
 * sheets from the new state, commit them with the board, deliver. Returns the exit status (what went wrong
 * is in the reply, unless TXN_QUIET). The lock must be held. Release t with pipeline_board_done. */
int pipeline_board(CommandCtx *c, Txn *t, const char *nstr);
/* Commits the board the act made (t->b, t->g: challenge): its "New" sheets rendered, the board saved with
 * them, delivered. Returns rc, or EXIT_SYSTEM when it could not be saved. */
int pipeline_board_create(CommandCtx *c, Txn *t, int rc);
/* Frees what t holds (the board, the game). */
void pipeline_board_done(Txn *t);
/* A command on one board, argv[0]: takes the lock, runs the board's transaction with flags and act, then
 * sets the reply's Subject from the board and, with TXN_REPLY_SHEET, ends the reply with the authenticated
 * player's sheet. Returns the exit status. */
int pipeline_one_board(CommandCtx *c, unsigned flags, TxnAct act);

/* The Subject of a reply about board b: "Genetess Board <n> <to-move>", or "Genetess Board <n> Error" when
 * rc says the command was refused or failed. */
void pipeline_subject(CommandCtx *c, const Board *b, int rc);

/* The Subject of a reply about several boards, called once per board with that board's outcome (b NULL: not
 * loaded; *refused starts false): the first refused board's, else the last board's. */
void pipeline_subject_listed(CommandCtx *c, const Board *b, int rc, bool *refused);

/* Runs cmd on host with the request rq and argv (the argc words after the command word): its handler, then the reply
 * (stdout, or mail to the request's sender) and the queued mail. Returns the exit status (contract 3), and what
 * the command did in *out when out is non-NULL (the caller's, zeroed by the caller: the mail front's). */
int pipeline_run(const Command *cmd, const Host *host, const Request *rq, int argc, char **argv, RequestOutcome *out);
/* Replies text (whole lines) for a command refused before it ran, and returns rc: an unknown command
 * (rc 1) goes to stdout, or is mailed to the sender with the Subject "Genetess error"; a usage error
 * (rc 2) goes to stderr, and is also mailed when a sender is given. Reads no file. */
int pipeline_reject(const Host *host, const Request *rq, const char *text, int rc, RequestOutcome *out);
/* pipeline_reject of a mailed reply about board n (> 0) that could not be read: its Subject "Genetess Board <n>
 * error" and, like every mail of that game, the game's thread (contract 3.3, 3.4). */
int pipeline_reject_board(const Host *host, const Request *rq, const char *text, int n, RequestOutcome *out);
/* A usage error's text (contract 2, 2.1) for cmd into buf (size bytes): "usage: genetess <usage>", " (<why>)"
 * when why is given, and by mail a second line saying where help is. Returns buf. */
const char *pipeline_usage_text(const Command *cmd, const char *why, bool by_mail, char *buf, size_t size);
/* A usage error the command found in its words (contract 2): its usage line (pipeline_usage_text, why from
 * why_fmt, NULL for none) to stderr
 * and, when the reply is mailed, in the reply with the Subject "Genetess error". Returns EXIT_USAGE. */
int pipeline_usage(CommandCtx *c, const char *why_fmt, ...) __attribute__((format(printf, 2, 3)));
/* Appends the formatted line (plus '\n') to the reply, sets the Subject "Genetess error" and returns rc. */
int pipeline_refuse(CommandCtx *c, int rc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Sets board number's line of etc/Genetess.list from b (removed when b is NULL): in list when given (written
 * at the run's end), else in the file (an unchanged list is not rewritten). Returns 0, or -1 with the error
 * on stderr. */
int pipeline_update_list(CommandCtx *c, Gamelist *list, int number, const Board *b);
/* Appends the line of b, a game that ended, to the finished-games record history/Genetess: "<date of its
 * end> <n> <winner|TIE> <points> <players>", unless it holds a line of board n already (once per game,
 * contract 11). Returns 0, or -1 with the error on stderr. */
int pipeline_record_finished(CommandCtx *c, const Board *b);
/* Removes board number n's file from games/Genetess — into the archive when archive, else deleted —
 * committed with the mails queued so far, then its list line (in list when given). Returns 0 or -1 with err. */
int pipeline_remove_board(CommandCtx *c, Gamelist *list, int n, bool archive, Err *err);
/* Ends a run that kept the game list in list (Cleanup): the list is written once, then the records of the
 * run's committed groups go and all their mails are delivered in one pass (a list that cannot be written
 * keeps them: the next command redoes it). */
void pipeline_list_close(CommandCtx *c, Gamelist *list);

#endif
