/* confirm: double opt-in — a signup or a new address that comes by mail is done only once that address answers a confirmation mail (contract 15); the `confirm` command. */
#ifndef GENETESS_CONFIRM_H
#define GENETESS_CONFIRM_H

#include "pipeline.h"

/* Limits of the requests waiting for confirmation (contract 15). */
#define CONFIRM_PER_REQUESTER 3         /* waiting at once per reply address */
#define CONFIRM_PENDING_MAX 200         /* waiting at once in all (the default of maxusers'/maxpending's kin) */
#define CONFIRM_ADDRESS_EVERY 86400     /* one confirmation mail to an address in this many seconds */

/* Records a request of kind "signup" (id, password, address) or "address" (id's new address) from the command's
 * sender, waiting for its confirmation, and mails the confirmation to address: its Subject "Genetess confirm
 * <id> <code>" is the command that confirms it. Refused (nothing recorded, nothing mailed) when id waits for a
 * signup already, address was sent a confirmation within a day, the sender has CONFIRM_PER_REQUESTER requests
 * waiting, or the server has its maximum waiting. Returns the exit status, the reply written. The lock is held. */
int confirm_request(CommandCtx *c, const char *kind, const char *id, const char *password, const char *address);

/* confirm userid code: does the request waiting for it — the user signed up, or their mail sent to the new address
 * — and forgets it; "Nothing waits for a confirmation of <id> with that code" otherwise. */
int confirm_command(CommandCtx *c);

#endif
