/* pipeline: what a command table row says (Command) and the one pipeline every command runs through (SPEC 2): lock -> load -> authenticate -> process time -> act -> save -> render -> mail. */
#ifndef GENETESS_PIPELINE_H
#define GENETESS_PIPELINE_H

#include <stdbool.h>
#include <stdint.h>

#include "board.h"
#include "game.h"
#include "mail.h"
#include "request.h"
#include "store.h"
#include "util.h"

/* Which boards a command works on; the pipeline runs the per-board stages for each. */
typedef enum CommandBoards {
    BOARDS_NONE,   /* no board is loaded (the act may create one: challenge) */
    BOARDS_ONE,    /* argv[0] */
    BOARDS_LISTED, /* argv[first_board] ... argv[argc - 1] */
    BOARDS_ALL,    /* every active board, ascending */
} CommandBoards;

/* Who the command authenticates before it acts. */
typedef enum CommandAuth {
    AUTH_NONE,
    AUTH_USER,   /* argv[0] argv[1] is a user; each board loaded must be one of theirs */
    AUTH_PLAYER, /* argv[1] argv[2] is a user playing the board argv[0] */
} CommandAuth;

/* Which sheets the pipeline mails after the act (SPEC 2.1, 7.2). */
typedef enum CommandSheets {
    SHEETS_NONE,
    SHEETS_DUE, /* the players the act made due, and the act's reader in the reply */
    SHEETS_NEW, /* the "New" sheet to every player of a created board */
} CommandSheets;

/* What becomes of the board in hand after the act. */
typedef enum BoardFate {
    FATE_KEEP,   /* saved when the act or the time processing changed it */
    FATE_DELETE, /* its files are deleted and its list line removed (resign in round 0) */
} BoardFate;

/* One command's state, from argv to the mail; passed to every stage and handler. */
typedef struct CommandCtx {
    const Request *req; /* what the command was given */
    const struct Command *cmd;
    int argc;
    char **argv; /* the words after the command word */
    Store st;
    bool opened;
    MailQueue mq;
    int64_t now;
    Buf reply;
    char subject[200];
    int saved_mail;   /* messages queued up to the last successful save (only those may go out) */
    bool sheet_added; /* the reply already ends with a sheet */
    /* the board in hand (the per-board stages) */
    Board *b;
    int number;       /* the number its argument names (0: not a number) */
    int player;       /* the player authenticated to b (SPEC 2.1: the reply ends with their sheet), -1 none */
    Game g;           /* the act's working state over b (valid when have_game) */
    bool have_game;
    bool dirty;       /* set by the act: b changed and must be saved (a failed order's side effects too) */
    BoardFate fate;   /* set by the act */
    int reader;       /* set by the act: the player whose order result opens their sheet, -1 none */
    char result[ERR_MAX + 300];
    int k;            /* show: the #k of the board's argument, -1 none */
    /* what a command keeps across its boards */
    StrList ids, keys, vals; /* challenge: players and options; games: the userids asked for */
    const char *filter;      /* games */
    int done, archived;      /* Cleanup: boards processed, boards archived */
    int deadlines, nags;     /* boards whose deadlines or holidays were processed; nag mails queued */
    int skipped;             /* Cleanup: boards that could not be loaded or saved */
    bool verbose;            /* Cleanup -v */
    struct Gamelist *gamelist; /* Cleanup: the list kept in memory for the run and the due index (NULL else) */
    char problem[ERR_MAX];   /* why the board in hand could not be loaded or saved (the admin's text) */
} CommandCtx;

/* A stage a command brings; returns the exit status so far (0 or EXIT_DONE: go on). */
typedef int (*CommandFn)(CommandCtx *c);
/* A per-board stage given the status of the board's stages so far. */
typedef int (*CommandEachFn)(CommandCtx *c, int rc);

/* One row per command: what it needs; pipeline_run reads the columns. */
typedef struct Command {
    const char *name;
    const char *alias[3];
    int min_args, max_args; /* max -1: no limit */
    const char *usage;
    bool lock;              /* opens the store and holds the lock for the whole command */
    CommandBoards boards;
    int first_board;        /* BOARDS_LISTED: argv index of the first board */
    bool numbered;          /* BOARDS_LISTED: a board argument may end in #k (show) */
    CommandAuth auth;
    bool time;              /* processes the boards' expired deadlines first (SPEC 2.3) */
    bool running;           /* refuses "The game has ended" once the board has ended */
    bool saves;             /* the act may change the board */
    CommandSheets sheets;
    bool reply_sheet;       /* the reply ends with the authenticated player's sheet */
    bool hide_errors;       /* BOARDS_ALL: the reply does not say why a board cannot be read or saved */
    bool idle_skip;         /* BOARDS_ALL: boards the due index finds idle are not opened, the list is written
                               once (Cleanup, issue 11) */
    CommandFn check;        /* before any file is read: usage checks */
    CommandFn act;          /* the command's own work; over several boards it runs before them */
    CommandEachFn each;     /* over several boards: each board's text, from the saved state (BOARDS_ALL:
                               also a board whose stages failed, with their status) */
    CommandEachFn close;    /* after everything: the closing text and Subject */
} Command;

/* Runs cmd with argv (the argc words after the command word) through the stages its row names, sends
 * the reply (stdout, or mail to SENDER) and the queued mail. Returns the exit status (SPEC 2.1). */
int pipeline_run(const Command *cmd, const Request *rq, int argc, char **argv);

/* Replies text (whole lines) for a command refused before it ran, and returns rc: an unknown command
 * (rc 1) goes to stdout, or is mailed to SENDER with the Subject "Genetess error" (SPEC 2.1); a usage
 * error (rc 2) goes to stderr, and is also mailed when SENDER is set. Reads no file. */
int pipeline_reject(const Request *rq, const char *text, int rc);

/* Appends the formatted line (plus '\n') to the reply, sets the Subject "Genetess error" and returns rc. */
int pipeline_refuse(CommandCtx *c, int rc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Writes t into buf (size bytes) as order text for a message: printable, at most 200 characters. Returns buf. */
const char *pipeline_quote(const char *t, char *buf, size_t size);

/* The status column of a board's list line: the result, "waiting for <ids>", "<id> turn" or "<id> on holiday". */
void pipeline_list_status(const Board *b, char *buf, size_t size);

/* Rewrites board number's line of etc/Genetess.list (removed when b is NULL; an unchanged list is not
 * rewritten). Returns 0, or -1 with the error on stderr. */
int pipeline_update_list(CommandCtx *c, int number, const Board *b);

/* Appends the history line of b, a game that ended, "<date of its end> <n> <winner|TIE> <points>
 * <players>", unless history/Genetess holds one of board n already (SPEC 9.2; once per game).
 * Returns 0, or -1 with the error on stderr. */
int pipeline_record_history(CommandCtx *c, const Board *b);

/* Removes board number n's file from games/Genetess — into the archive when archive, else deleted —
 * committed with the mails queued so far, then removes its list line. Returns 0 or -1 with err. */
int pipeline_remove_board(CommandCtx *c, int n, bool archive, Err *err);


/* Appends player p's current sheet of b (news and E breakdown as the board holds them) to out. */
void pipeline_sheet(const Board *b, int p, Buf *out);

#endif
