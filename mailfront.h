/* mailfront: `genetess mail` — one incoming message from an MTA turned into commands and replies, with the host's duties (loops, the size limit, the budget of replies per mailbox, exit statuses an MTA understands, the mail log) — and `multiple`. */
#ifndef GENETESS_MAILFRONT_H
#define GENETESS_MAILFRONT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "request.h"
#include "util.h"

/* sysexits.h's EX_TEMPFAIL: the MTA keeps the message and tries again later. */
enum { MAILFRONT_TEMPFAIL = 75 };

/* The default size limit of a message (the budget of replies per mailbox is rate.h's). */
#define MAILFRONT_MAX_SIZE (1024 * 1024)

/* genetess mail [--home=DIR] [--config=FILE]: reads one message from in (stdin) and answers it on a host of its own
 * (host's settings, those of the environment, overridden by the options and completed by the configuration) (help/
 * command-mail.txt), opening the store once for the whole message (every command borrows it: Request.store). Returns 0 when answered or dropped, MAILFRONT_TEMPFAIL on a temporary failure
 * (the lock held past its wait, I/O, a bad configuration), EXIT_USAGE (nothing read) when an argument is not one of
 * its options. */
int mailfront_main(const Host *host, const Request *rq, int argc, char **argv, FILE *in);
/* genetess multiple: runs each non-blank line of the request's body as a command (with rq's sender, without a
 * body), in order, one reply each, all of them in one store (rq's, else one opened here). Returns the highest exit status, or EXIT_USAGE when words follow "multiple". */
int mailfront_multiple(const Host *host, const Request *rq, int argc, char **argv);

/* Reads all of in into *out (malloc'd, NUL-terminated, *len bytes) keeping at most max bytes; the
 * rest is read and dropped. Returns 0, 1 when the message was larger than max, -1 on a read error. */
int mailfront_read(FILE *in, size_t max, char **out, size_t *len);

#endif
