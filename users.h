/* users: etc/users, the host's registered players — look-up, authentication, sign-up and changes, and the
 * limits on userids, passwords and addresses. */
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

/* Failed passwords: a userid that had USERS_AUTH_FAILS wrong passwords within USERS_AUTH_WINDOW seconds takes
   passwords by mail only from its own address until the window ends (contract 15). */
#define USERS_AUTH_FAILS 10
#define USERS_AUTH_WINDOW 3600

/* Authenticates id/password for a command of rq (users_auth's answers), counting each wrong password of an
   existing userid in var/auth/<id>; a userid over its limit refuses, unchecked, a password that comes by mail
   from any address but its own: "Too many wrong passwords for <id>: until <time> only mail from <id>'s own
   address is taken". *notify is set on the wrong password that reached the limit: the caller mails the user a
   notice. Returns 0 with *out filled (release with users_free) or -1 with err. */
int users_login(const Store *s, const char *id, const char *password, const Request *rq, User *out,
                bool *notify, Err *err);

/* Checks a new user's words: id passes users_valid_id; password 1..64 printable chars without spaces, quotes
   or colons; address one addr-spec (users_valid_address). 0, or -1 with what is wrong in err. */
int users_check_new(const char *id, const char *password, const char *address, Err *err);
/* The number of users in etc/users (a missing file: 0), or -1 with err. */
int64_t users_count(const Store *s, Err *err);
/* Appends "id:password:address" to etc/users (users_check_new's words), synced: a signup costs the same however
   many users there are. Returns 0, or -1 with err ("User <id> already exists" when present, case-insensitively). */
int users_add(const Store *s, const char *id, const char *password, const char *address, Err *err);

/* Rewrites id's etc/users line atomically: the password and the address (the text after the last ':', one
   address) become password and address when non-NULL (checked as users_add checks them); with remove the
   line goes. Other lines stay as they are. Returns 0, or -1 with err ("Invalid userid entered" when
   id is not there). */
int users_update(const Store *s, const char *id, const char *password, const char *address, bool remove,
                      Err *err);

/* A request waiting for its confirmation by mail (contract 15): a signup, or a user's new address. etc/pending,
   one per line "kind:userid:password:address:token:created:requester" (password "-" for an address). */
typedef struct UsersPending {
    char kind[8];          /* "signup" or "address" */
    char id[33];
    char password[65];
    char address[255];     /* where the confirmation went: the new user's or the new address */
    char token[17];        /* 16 hex digits from /dev/urandom: the confirmation must name it */
    int64_t created;
    char requester[255];   /* the reply address the request came from */
} UsersPending;

/* Requests are forgotten this long after they were made. */
#define USERS_PENDING_TTL (3 * 86400)

/* The requests of etc/pending not yet expired at now, oldest first, into *out (malloc'd; free it). Returns their
   count, or -1 with err. */
int users_pending_read(const Store *s, int64_t now, UsersPending **out, Err *err);
/* Rewrites etc/pending atomically with v[0..n). 0, or -1 with err. */
int users_pending_write(const Store *s, const UsersPending *v, int n, Err *err);
/* A confirmation token: 16 hex digits from /dev/urandom. */
void users_token(char token[17]);

/* True when a is one addr-spec "local@domain": at most 254 characters, exactly one '@' with text on
   both sides, printable, without spaces, commas, quotes, colons, semicolons, parentheses, square or
   angle brackets or backslashes. */
bool users_valid_address(const char *a);
/* True when id is 1..32 chars of [A-Za-z0-9_.-], not starting with '-' or '.'. */
bool users_valid_id(const char *id);

#endif
