/* users: etc/users, the host's registered players — look-up, authentication, sign-up and changes, the limits on
 * userids, passwords and addresses, and the records that guard them (var/auth, etc/pending, var/signups). */
#ifndef GENETESS_USERS_H
#define GENETESS_USERS_H

#include "store.h"

/* users: etc/users lines "userid:password:<fields>:address" — field 1 userid, field 2 password,
   the text after the LAST ':' the address (several addresses may be comma-separated). Blank
   lines, lines starting with '#' and lines with fewer than two ':' are ignored. Userids and
   passwords compare case-insensitively. */
typedef struct User {
    char id[64];
    char password[65];
    char *address; /* malloc'd */
} User;

/* Frees u->address (u itself is the caller's). */
void users_free(User *u);

/* etc/users is read as a stream, however large it is; a user's address is the first of the line's (one
   address per user: a pbmserv line may list several). */
/* Looks id up in etc/users (a missing file holds no users). Returns 0 with *out filled (id as
   spelled in the file; release with users_free), 1 when not found, -1 on error (err). */
int users_find(const Store *s, const char *id, User *out, Err *err);
/* users_find for each of ids[0..n) in one read of etc/users: out[i] filled, or with a NULL address when
   ids[i] is not there. Returns 0 (release every out[i] with users_free), or -1 with err (then nothing is
   found). */
int users_find_all(const Store *s, const char *const *ids, int n, User *out, Err *err);

/* Authenticates id/password. Returns 0 with *out filled, or -1 with exactly
   "Invalid userid entered" / "Invalid password entered" (or an I/O error message when
   etc/users cannot be read). Never returns 1. */
int users_auth(const Store *s, const char *id, const char *password, User *out, Err *err);

/* Wrong passwords (contract 15.2): every wrong password for an existing userid counts, whatever the From: —
   USERS_AUTH_FAILS within the hour's window lock the userid: a password by mail from any address but the
   registered one is refused unchecked until the hour ends (one from the registered address is always checked);
   USERS_AUTH_DAY_FAILS within the day's window refuse `change` by mail for that userid until the day ends. The
   user is mailed a notice when the hour's lock starts, at most once in USERS_NOTICE_EVERY seconds. */
#define USERS_AUTH_FAILS 10
#define USERS_AUTH_WINDOW 3600
#define USERS_AUTH_DAY_FAILS 50
#define USERS_AUTH_DAY 86400
#define USERS_NOTICE_EVERY 86400

/* var/auth/<id in lower case>: one line "start n day_start day_n noticed" (a line of the older form
   "start n" reads with the rest 0). Windows start at their first wrong password; 0: none. */
typedef struct UsersAuth {
    int64_t start;     /* the hour's window */
    int n;             /* wrong passwords in it */
    int64_t day_start; /* the day's window */
    int day_n;         /* wrong passwords in it */
    int64_t noticed;   /* when the user was last mailed the notice (0: never) */
} UsersAuth;

/* Parses one var/auth line into *a. False (a zeroed) when it is not one. */
bool users_auth_parse(const char *line, UsersAuth *a);
/* The line of a, newline-terminated, into buf (64 bytes are enough). */
void users_auth_format(const UsersAuth *a, char *buf, size_t size);

/* id's record (id as a valid userid) at now: a window that is over (or from the future) reads as none; a missing
   or malformed file is all 0. */
UsersAuth users_auth_read(const Store *s, const char *id, int64_t now);

/* Authenticates id/password for a command of rq (users_auth's answers), counting each wrong password of an
   existing userid in var/auth/<id>, by mail (forged From: of the registered address included) and at a
   terminal alike. A userid over its hour's limit refuses, unchecked, a password that comes by mail from any
   address but its registered one: "Too many wrong passwords for <id>: until <time> only mail from <id>'s own
   address is taken". *notify is set when the hour's lock starts and no notice went in the last day: the caller
   mails the user a notice. Returns 0 with *out filled (release with users_free) or -1 with err. */
int users_login(const Store *s, const char *id, const char *password, const Request *rq, User *out,
                bool *notify, Err *err);
/* users_login's checks for the user u found already (a board's players read once: the pipeline): 0, or -1 with
   err ("Too many wrong passwords ...", "Invalid password entered"), the wrong password counted. */
int users_check_password(const Store *s, const User *u, const char *password, const Request *rq, bool *notify,
                         Err *err);
/* True when id had USERS_AUTH_DAY_FAILS wrong passwords in the day's window that holds at now: `change` and
   `signoff` by mail are refused until *until (the window's end). */
bool users_changes_locked(const Store *s, const char *id, int64_t now, int64_t *until);

/* The skeleton of a userid (contract 2.2), against look-alikes: lower case; 'i', '1' and '|' read as 'l',
   '0' as 'o', "rn" as 'm', "vv" as 'w'; '_', '-' and '.' left out. Into out (at least 33 bytes). */
void users_skeleton(const char *id, char *out, size_t size);
/* The domain of address: the text after its last '@', in lower case, trailing dots removed ("" without '@'),
   into out (at least 255 bytes). */
void users_domain(const char *address, char *out, size_t size);

/* One pass over etc/users for a new userid: 0 when id may sign up, 1 with err "User <id> already exists"
   (any case) or "Userid <id> is too like the existing userid <other>" (same skeleton), -1 with err when the
   file cannot be read. *count (when non-NULL) gets the number of users (counted to the end only when 0). */
int users_signup_check(const Store *s, const char *id, int64_t *count, Err *err);

/* Checks a new user's words: id passes users_valid_id; password 1..64 printable chars without spaces, quotes
   or colons; address one addr-spec (users_valid_address). 0, or -1 with what is wrong in err. */
int users_check_new(const char *id, const char *password, const char *address, Err *err);
/* The users whose registered address is address (case-insensitive), in one pass over etc/users: 0, 1 (its userid
   into id), 2 for two or more (the first into id; the scan stops at the second), or -1 with err. */
int users_of_address(const Store *s, const char *address, char *id, size_t size, Err *err);
/* The number of users in etc/users (a missing file: 0), or -1 with err. */
int64_t users_count(const Store *s, Err *err);
/* Appends "id:password:address" to etc/users (users_check_new's words), synced, after one pass of
   users_signup_check (a signup costs one pass however many users there are). Returns 0, 1 with err when
   refused (users_check_new's or users_signup_check's reason), -1 with err when the file cannot be read, or -2
   with err when it cannot be written. */
int users_add(const Store *s, const char *id, const char *password, const char *address, Err *err);
/* users_add on a server of at most max users (< 0: any number), in the same one pass: USERS_FULL, nothing
   written, when it has max already; *count (when non-NULL) gets the number of users before the new one. */
enum { USERS_FULL = 2 };
int users_add_within(const Store *s, const char *id, const char *password, const char *address, int64_t max,
                     int64_t *count, Err *err);

/* Rewrites id's etc/users line atomically: the password and the address (the text after the last ':', one
   address) become password and address when non-NULL (checked as users_add checks them); with remove the
   line goes. Other lines stay as they are. Returns 0, or -1 with err ("Invalid userid entered" when
   id is not there). */
int users_update(const Store *s, const char *id, const char *password, const char *address, bool remove,
                      Err *err);

/* A request waiting for its confirmation by mail (contract 15.3). etc/pending, one per line
   "kind:userid:password:address:token:created:requester:target" (password and target "-" when empty):
     signup   a new user (id, password): address is theirs and answers;
     oldaddr  a change of id's address to target: address is the registered one and answers first;
     newaddr  that change, the registered address having answered: address is the new one and answers;
     password a change of id's password to password: address is the registered one and answers.
   A line of another kind (or malformed) is dropped when the file is next written. */
typedef enum PendingKind { PENDING_SIGNUP, PENDING_OLDADDR, PENDING_NEWADDR, PENDING_PASSWORD, PENDING_COUNT } PendingKind;

typedef struct UsersPending {
    PendingKind kind;
    char id[33];
    char password[65];
    char address[255];     /* where the confirmation went */
    char token[17];        /* 16 hex digits from /dev/urandom: the confirmation must name it */
    int64_t created;
    char requester[255];   /* the reply address the request came from */
    char target[255];      /* oldaddr: the new address; "" otherwise */
} UsersPending;

/* One line of etc/pending "kind:userid:password:address:token:created:requester:target" (password and target
 * "-" when empty) into *p: false when malformed or of an unknown kind (a 7-field line of an older version has no
 * target). users_pending_format writes the line of p with its newline: format(parse(line)) == line. */
bool users_pending_parse(const char *line, UsersPending *p);
void users_pending_format(const UsersPending *p, Buf *b);

/* Requests are forgotten this long after they were made. */
#define USERS_PENDING_TTL (3 * 86400)

/* The requests of etc/pending not yet expired at now, oldest first, into *out (malloc'd; free it), in one pass
   over the file. Returns their count, or -1 with err. */
int users_pending_read(const Store *s, int64_t now, UsersPending **out, Err *err);
/* Rewrites etc/pending atomically with v[0..n). 0, or -1 with err. */
int users_pending_write(const Store *s, const UsersPending *v, int n, Err *err);
/* A confirmation token: 16 hex digits from /dev/urandom. */
void users_token(char token[17]);

/* The records of a day's bounds (contract 15.3), one line "time key" per thing done at time:
     var/signups   a signup by mail done (a confirmed signup request); key: the new user's address's domain
                   (users_domain);
     var/confirms  a confirmation mailed to an address that is not a user's registered one (a signup's, a new
                   address's); key: its mailbox (rate_mailbox), so that one mailbox is mailed one a day whatever
                   becomes of the request in etc/pending.
   Lines a day old are dropped when the file is next written, so it holds at most a day's records. */
typedef enum UsersDayFile { USERS_DAY_SIGNUPS, USERS_DAY_CONFIRMS } UsersDayFile;
typedef struct UsersDayLine {
    int64_t at;
    char key[255];
} UsersDayLine;

/* Parses one line of a day's record into *r; false when malformed. */
bool users_day_parse(const char *line, UsersDayLine *r);
/* The line of r, newline-terminated, appended to b. */
void users_day_format(const UsersDayLine *r, Buf *b);
/* The records of file f of the day before now: *all of them, *with_key of those with key (may be NULL). 0, or -1
   with err (a missing file holds none). One pass over the file. */
int users_day_count(const Store *s, UsersDayFile f, int64_t now, const char *key, int *with_key, int *all, Err *err);
/* Records key at now in file f (rewritten atomically without the lines a day old). 0, or -1 with err. */
int users_day_note(const Store *s, UsersDayFile f, int64_t now, const char *key, Err *err);

/* True when a is one addr-spec "local@domain": at most 254 characters, exactly one '@' with text on
   both sides, printable, without spaces, commas, quotes, colons, semicolons, parentheses, square or
   angle brackets or backslashes. */
bool users_valid_address(const char *a);
/* True when id is 1..32 chars of [A-Za-z0-9_.-], not starting with '-' or '.'. */
bool users_valid_id(const char *id);

#endif
