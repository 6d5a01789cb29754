/* subject: the Subject of every mail the program writes as a record (contract 3.4) — one type, its one format, and its one parse, which reads back the Subjects a reply is understood by. */
#ifndef GENETESS_SUBJECT_H
#define GENETESS_SUBJECT_H

#include <stdbool.h>
#include <stddef.h>

/* What a mail is, by its Subject. The kinds up to SUBJECT_INVITATION are the game mails a reply to is understood
 * by (subject_parse reads them back); the kinds after it are written only: nothing reads them back as a reply
 * (a reply to one is read as its Subject's words, a command, as any other Subject is). */
typedef enum SubjectKind {
    SUBJECT_NONE,       /* not one of ours: a Subject that is a command, or any other */
    SUBJECT_BOARD,      /* a sheet, an error, a reply about a board, a nag:
                         * "[Nag: ][New ]Genetess Board <n>[ <word>]" */
    SUBJECT_ENDED,      /* a final sheet: "Genetess Board <n> ended: <result>" */
    SUBJECT_CHAT,       /* a chat: "Genetess chat <n> <userid>" */
    SUBJECT_INVITATION, /* an invitation: "Genetess invitation <n> from <userid>" */
    SUBJECT_INVITATION_NEWS, /* a reply about invitation n: "Genetess invitation <n>[ <word>]" (word "declined": the
                              * challenger told of a refusal) */
    SUBJECT_SIGNUP,     /* a reply about a signup: "Genetess signup" */
    SUBJECT_CONFIRM,    /* the mail asking to confirm a request: "Genetess confirm <userid> <token>" (read back as
                         * the command `confirm`, not as a reply) */
    SUBJECT_USER,       /* a reply about user word: "Genetess user <userid>" */
    SUBJECT_GAMES,      /* `games`, and the report of Cleanup: "List of Genetess games" */
    SUBJECT_HISTORY,    /* `history`: "Historical List of Genetess games" */
    SUBJECT_HELP,       /* `help` and `calc`: "Genetess help" */
    SUBJECT_STANDINGS,  /* `standings`: "Genetess standings" */
    SUBJECT_RATINGS,    /* `ratings`: "Genetess ratings" */
    SUBJECT_CLEANUP_SKIPPED, /* to the admin, board n skipped by cleanup: "Genetess Cleanup skipped board <n>" */
    SUBJECT_ERROR,      /* a refusal about no board: "Genetess error" */
    SUBJECT_PASSWORDS,  /* to user word, whose wrong passwords reached the limit: "Genetess: wrong passwords for
                         * <userid>" */
    SUBJECT_MESSAGE,    /* a `message` from user word, or its reply (word empty): "Genetess message[ from <userid>]" */
    SUBJECT_LIST,       /* `list`: "List of games" */
    SUBJECT_BOARDS_OF,  /* `all show` of user word: "Genetess boards of <userid>" */
} SubjectKind;

#define SUBJECT_WORD_MAX 96

/* A mail's Subject. word is the board's one word (the userid to move, ALL in round 0, "error", "created", or
 * empty), the result's words after "ended:" ("won by alice", "tie"), the chat's sender, the invitation's
 * challenger, the invitation news' word, the userid to confirm or replied about. */
typedef struct Subject {
    SubjectKind kind;
    bool is_new; /* SUBJECT_BOARD only: the New sheet's "New " */
    int n;       /* the board's number, or the invitation's */
    char word[SUBJECT_WORD_MAX];
    bool is_nag; /* SUBJECT_BOARD only: the nag's "Nag: " before it */
    char token[SUBJECT_WORD_MAX]; /* SUBJECT_CONFIRM: the request's token */
} Subject;

/* Writes s as the Subject line (without "Subject: ") into buf of size bytes; "" for SUBJECT_NONE. */
void subject_format(const Subject *s, char *buf, size_t size);
/* subject_format of the Subject {kind, n, word} (word NULL: none), for the kinds that need no more. */
void subject_write(SubjectKind kind, int n, const char *word, char *buf, size_t size);
/* Reads text (a Subject with its reply prefixes "Re:", "Nag:" ... already gone) as a game mail's Subject;
 * kind SUBJECT_NONE when it is none of ours (pbmserv's "genetess board <n> <userid> <password> ..." is a
 * command) or one written only (the kinds after SUBJECT_INVITATION). Words are compared without regard to case;
 * parse(format(s)) gives s back for the game mails' kinds (a nag's "Nag: " read too). */
Subject subject_parse(const char *text);
/* True when text (its reply prefixes gone) is one of the written-only Subjects whose words are no command a
 * player means by replying — "Genetess error", "Genetess signup", "Genetess invitation <n>[ <word>]", "Genetess
 * user <userid>", "Genetess message[ from <userid>]", "Genetess: wrong passwords for <userid>", "Genetess boards
 * of <userid>" (any case): a reply to one is read by its text's first line (contract 2.1). */
bool subject_reply_only(const char *text);

#endif
