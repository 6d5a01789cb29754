/* subject: the Subject of the program's game mails as a record (contract 3.4) — one type, its one format and its one parse, which reads back what the format writes. */
#ifndef GENETESS_SUBJECT_H
#define GENETESS_SUBJECT_H

#include <stdbool.h>
#include <stddef.h>

/* What a game mail is, by its Subject. */
typedef enum SubjectKind {
    SUBJECT_NONE,       /* not one of ours: a Subject that is a command, or any other */
    SUBJECT_BOARD,      /* a sheet, an error, a reply about a board: "[New ]Genetess Board <n>[ <word>]" */
    SUBJECT_ENDED,      /* a final sheet: "Genetess Board <n> ended: <result>" */
    SUBJECT_CHAT,       /* a chat: "Genetess chat <n> <userid>" */
    SUBJECT_INVITATION, /* an invitation: "Genetess invitation <n> from <userid>" */
} SubjectKind;

#define SUBJECT_WORD_MAX 96

/* A game mail's Subject. word is the board's one word (the userid to move, ALL in round 0, or empty), the
 * result's words after "ended:" ("won by alice", "tie"), the chat's sender, the invitation's challenger. */
typedef struct Subject {
    SubjectKind kind;
    bool is_new; /* SUBJECT_BOARD only: the New sheet's "New " */
    int n;       /* the board's number, or the invitation's */
    char word[SUBJECT_WORD_MAX];
} Subject;

/* Writes s as the Subject line (without "Subject: ") into buf of size bytes; "" for SUBJECT_NONE. */
void subject_format(const Subject *s, char *buf, size_t size);
/* Reads text (a Subject with its reply prefixes "Re:", "Nag:" ... already gone) as a game mail's Subject;
 * kind SUBJECT_NONE when it is none of ours (pbmserv's "genetess board <n> <userid> <password> ..." is a
 * command). Words are compared without regard to case; parse(format(s)) gives s back. */
Subject subject_parse(const char *text);

#endif
