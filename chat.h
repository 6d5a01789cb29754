/* chat: private messages — "chat board userid password to USERID..." sends the mail body to the players named only (help/command-chat.txt). */
#ifndef GENETESS_CHAT_H
#define GENETESS_CHAT_H

#include "pipeline.h"

/* chat's argument check, before any file is read: nothing after the password, or "to" and at least one
 * userid; else a usage error (EXIT_USAGE, the usage line in the reply). */
int chat_check(CommandCtx *c);
/* chat to USERID... (argv[4] on) on t->b from t->player: mails body, headed "From <sender> on Genetess
 * board <n>:" and "to: <recipients>", to each player named (once each, as the board spells them) and
 * to no one else; the reply names them. Refuses (EXIT_REFUSED, nothing sent) when a name is not a
 * player of the board. Returns the exit status. */
int chat_private(CommandCtx *c, const Txn *t, const char *body);

#endif
