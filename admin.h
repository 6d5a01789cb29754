/* admin: the commands that keep boards and users — verify, signup, Cleanup (contract sections 2, 10, 15). */
#ifndef GENETESS_ADMIN_H
#define GENETESS_ADMIN_H

#include "pipeline.h"

/* verify board: replays the board's move list and compares it with the board (contract 10). 0 when consistent. */
int admin_verify(CommandCtx *c);
/* signup userid password address: at a terminal, adds the user to etc/users; by mail, the address is sent a
 * confirmation first (confirm.h) and the signup is done once it is answered; refused by mail past the users'
 * maximum. */
int admin_signup(CommandCtx *c);
/* Cleanup [-v]: every board's deadlines, reminders and holidays caught up, finished boards archived 14 days after
 * their end, the game list written once; boards the due index finds idle are not opened. A board that cannot be
 * loaded or saved is skipped (stderr, a mail to the admin) and the exit status is 3. Prints its summary line
 * only when something happened, or with -v. */
int admin_cleanup(CommandCtx *c);

#endif
