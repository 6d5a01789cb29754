/* host: the server's own commands, those every pbmserv game shares — add, change, signoff, message, list, all show — so that a Genetess server needs no pbmserv. */
#ifndef GENETESS_HOST_H
#define GENETESS_HOST_H

#include "pipeline.h"

/* add userid password address: refused — each user has one address (contract 15); change replaces it. */
int host_add(CommandCtx *c);
/* change userid password address|password NEW: replaces the user's password, or their address — at a terminal at
 * once, by mail once the new address answers a confirmation (confirm.h). "address" or "password" is checked
 * before any file is read: a usage error. */
int host_change(CommandCtx *c);
/* signoff userid password: removes the user from etc/users; refused while they play a board that has not ended. */
int host_signoff(CommandCtx *c);
/* The most users one message goes to (contract 15). */
#define MESSAGE_TO_MAX 8

/* message userid password to-userid...: mails the body to each addressee, each once; refused whole when one is not
 * a user, plays no game with the sender (on the game list), or more than MESSAGE_TO_MAX are named. */
int host_message(CommandCtx *c);
/* list: the games this server plays and the boards of etc/Genetess.list. Returns 0. */
int host_list(CommandCtx *c);
/* all show userid [next|active]: the `show` of every board the user plays that passes the filter. */
int host_all(CommandCtx *c);

#endif
