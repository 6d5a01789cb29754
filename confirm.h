/* confirm: double opt-in — a signup, a change of address or of password that comes by mail is done only once the addresses concerned answer a confirmation mail (contract 15.3); the `confirm` command. */
#ifndef GENETESS_CONFIRM_H
#define GENETESS_CONFIRM_H

#include "pipeline.h"

/* Limits of the requests waiting for confirmation and of signups by mail (contract 15.3). A domain is
 * users_domain's: after the '@', lower case, trailing dots removed. */
#define CONFIRM_PER_REQUESTER 3         /* signups waiting at once per reply address */
#define CONFIRM_PER_DOMAIN 10           /* signups waiting at once per domain of the new address, and per the
                                           requester's domain */
#define CONFIRM_PENDING_MAX 200         /* signups waiting at once in all (maxpending=): past it the oldest goes */
#define CONFIRM_CHANGES_PER_USER 2      /* changes of address or password waiting at once per userid */
#define CONFIRM_ADDRESS_EVERY 86400     /* one confirmation mail to an address in this many seconds (but the
                                           registered address's own, which CONFIRM_CHANGES_PER_USER bounds) */
#define CONFIRM_SIGNUPS_DOMAIN_DAY 20   /* signups by mail done per domain of the new address in a day */
#define CONFIRM_SIGNUPS_DAY 200         /* signups by mail done in all in a day */
#define CONFIRM_USERS_MAX 10000         /* users that signups by mail make at most (maxusers=, $PBMMAXUSERS) */
#define CONFIRM_MAILED_DAY 10000        /* confirmations mailed to addresses that are no user's in a day, one per
                                           mailbox (var/confirms): past it none until the day's first is a day old */

/* The most users signups by mail make on host: maxusers=, else CONFIRM_USERS_MAX. */
int64_t confirm_users_max(const Host *host);
/* Refuses a signup by mail on a server that has users, its most (contract 15.3): the reply written. EXIT_REFUSED. */
int confirm_refuse_full(CommandCtx *c, int64_t users);

/* Records a request of kind (UsersPending's: PENDING_SIGNUP with id, password and address; PENDING_OLDADDR with
 * id's registered address and the new one, target; PENDING_NEWADDR with id's new address; PENDING_PASSWORD with id's new
 * password and registered address) from the command's sender, and mails the confirmation to address: its
 * Subject "Genetess confirm <id> <code>" is the command that confirms it. A signup is refused (nothing recorded,
 * nothing mailed) when id waits for a signup already, address was sent a confirmation within a day, the
 * sender, the address's domain or the sender's domain have their maximum waiting, the server has its maximum
 * waiting, or the day's signups by mail are done (for the domain, or in all); a change when id has
 * CONFIRM_CHANGES_PER_USER changes waiting (and a new address that was sent a confirmation within a day).
 * Returns the exit status, the reply written. The lock is held. */
int confirm_request(CommandCtx *c, PendingKind kind, const char *id, const char *password, const char *address,
                    const char *target);

/* confirm userid code: does the request waiting for it — the user signed up; the registered address's yes to a
 * new address, which is then asked in turn; the new address's yes, and mail goes there; the new password set —
 * and forgets it; "Nothing waits for a confirmation of <id> with that code" otherwise. */
int confirm_command(CommandCtx *c);

#endif
