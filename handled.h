/* handled: the exactly-once record of mailed commands (var/handled and its lock var/handled.lock, contract 2.1): which command of which message ran with whose password, one line each (HandledRecord); a message's claim, so that two deliveries of it at once run one after the other; the look-up of a message's commands in one pass. */
#ifndef GENETESS_HANDLED_H
#define GENETESS_HANDLED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util.h"

#define HANDLED_WINDOW (14 * 86400) /* a message delivered again within it is not run again */
#define HANDLED_USERID_MAX 64      /* bytes of a record's userid, its NUL included */
#define HANDLED_KEYS_MAX 64        /* the commands of one message that are looked up (its Subject and lines) */

/* One line of var/handled: "<key> <userid> <when>\n", the key 16 hex digits (request_command_key), the
 * userid whose password the command gave, when the seconds since the epoch it was handled. */
typedef struct HandledRecord {
    uint64_t key;
    char userid[HANDLED_USERID_MAX];
    int64_t when;
} HandledRecord;

/* Parses the line at text (len bytes, its newline excluded) into *r; false when it is not a record. Reads
 * nothing past len. */
bool handled_parse(const char *text, size_t len, HandledRecord *r);
/* Writes r as its line, newline included, into out (size >= HANDLED_LINE_MAX); returns its length. */
#define HANDLED_LINE_MAX (16 + 1 + HANDLED_USERID_MAX + 1 + 21 + 1 + 1)
size_t handled_format(const HandledRecord *r, char *out, size_t size);
/* The key of the command keyed key once userid's password ran it: what a board keeps (board_handled_add) and
 * var/handled matches. Never 0. */
uint64_t handled_bind(uint64_t key, const char *userid);

/* What a command of the message is at, for the mail front (handled_end). */
typedef enum { HANDLED_NONE, HANDLED_RUN, HANDLED_AGAIN } HandledState;

/* One message's exactly-once state, from handled_open to handled_close. */
struct Store;

typedef struct Handled {
    const struct Store *store; /* the mail front's: var/handled and var/handled.lock are its files (store.h) */
    char *path;           /* var/handled */
    int lockfd;           /* var/handled.lock: holds the message's claim (-1: none could be had) */
    int64_t now;
    uint64_t keys[HANDLED_KEYS_MAX]; /* the message's command keys, sorted */
    int nkeys;
    bool loaded;          /* the look-up was made (at the first login) */
    uint64_t *found;      /* handled_bind of each record of the message's commands within the window (8 bytes
                             each: at most the file's lines) */
    int nfound;
    long lines_read;      /* lines of var/handled the look-ups and pruning read (a test's count) */
    uint64_t base;        /* the running command's key */
    uint64_t *bind;       /* where the pipeline reads the running command's key (its Request's command_key) */
    char userid[HANDLED_USERID_MAX]; /* who logged in to the running command */
    HandledState state;
} Handled;

/* Opens message_id's (from sender) exactly-once state in s's var/ (made when missing; its files through the store)
 * at now,
 * the keys of its commands 0..lines (request_command_key), and claims the message: waits while another
 * process holds the same message's claim. A claim is an fcntl lock: a killed process's goes with it. On
 * failure (-1, err said) h is still usable, unclaimed. Release with handled_close. */
int handled_open(Handled *h, const struct Store *s, const char *message_id, const char *sender, int lines, int64_t now,
                 Err *err);
/* A command of the message starts; *key is its key, which the pipeline reads (0: none, nothing to record). */
void handled_begin(Handled *h, uint64_t *key);
/* The hook of pipeline_login (h NULL: no record, false): userid's password was accepted for the running
 * command. Binds its key to userid (*key = handled_bind) and looks the message up (one pass over
 * var/handled, at the message's first login). Returns true when the command was handled already for
 * userid: it is not to run, nor be answered. */
bool handled_login(Handled *h, const char *userid);
/* The running command ended: when it logged in and ran, its record is appended (and it is added to the
 * message's found ones). Returns true when it was handled already (handled_login said so). NULL h: false. */
bool handled_end(Handled *h);
/* Releases h and its claim. */
void handled_close(Handled *h);

#endif
