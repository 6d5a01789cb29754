/* host: the server's own commands, those every pbmserv game shares — add, change, signoff, message, list, all show — so that a Genetess server needs no pbmserv. */
#ifndef GENETESS_HOST_H
#define GENETESS_HOST_H

#include "pipeline.h"

/* add userid password address: appends address to the user's addresses (comma-separated). */
int host_add(CommandCtx *c);
/* change's usage check, before any file is read: argv[2] is "address" or "password". 0 or EXIT_USAGE. */
int host_change_check(CommandCtx *c);
/* change userid password address|password NEW: replaces the user's addresses, or their password. */
int host_change(CommandCtx *c);
/* signoff, per board the user plays (the others come with rc set): notes each running one in c->ids. Returns 0. */
int host_signoff_each(CommandCtx *c, int rc);
/* signoff, at the end: refuses while c->ids names running boards, else removes the user from etc/users. */
int host_signoff_close(CommandCtx *c, int rc);
/* message userid password to-userid...: mails the body ($INPUTFILE) to each addressee. */
int host_message(CommandCtx *c);
/* list: the games this server plays and the boards of etc/Genetess.list. Returns 0. */
int host_list(CommandCtx *c);
/* all, before the boards: argv[0] must be "show", argv[1] a user, argv[2] (optional) next or active.
 * Returns 0, EXIT_USAGE or EXIT_REFUSED with the reply written. */
int host_all_start(CommandCtx *c);
/* all show, per board: the board's `show` when the user plays it and it passes the filter. Returns 0. */
int host_all_show(CommandCtx *c, int rc);
/* all show, at the end: "(no games)" when nothing matched, and the Subject. Returns rc. */
int host_all_close(CommandCtx *c, int rc);

#endif
