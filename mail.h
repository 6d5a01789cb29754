/* mail: the queue of outgoing messages, sent through $PBMSENDMAIL or left in outbox/ after the save. */
#ifndef GENETESS_MAIL_H
#define GENETESS_MAIL_H

#include "store.h"
#include "util.h"

#include <time.h>

/* Outgoing mail is queued during a command and sent only after the board is saved (SPEC 2.1). */
typedef struct Mail {
    char *to;
    char *subject;
    char *body;
} Mail;
typedef struct MailQueue {
    Mail *m;
    int n, cap;
    unsigned long seq; /* the last outbox/ sequence number taken by this queue's flushes (SPEC 2.1) */
} MailQueue;

/* Makes q an empty queue whose outbox/ names start at sequence 0001. */
void mail_init(MailQueue *q);
/* Frees every queued message and the queue's storage; q is empty afterwards. */
void mail_free(MailQueue *q);
/* Drops the queued messages after the first n (those queued for a state that was not saved). */
void mail_truncate(MailQueue *q, int n);

/* Queues a copy of (to, subject, body); body NULL counts as "". Returns 0, or -1 with
   "refusing a mail header with control characters" when to or subject holds a control
   character (a newline included); an empty or NULL to is refused too. */
int mail_add(MailQueue *q, const char *to, const char *subject, const char *body, Err *err);

/* Sends every queued message in order, then empties the queue. Each message is
   "From: <from>\nTo: <to>\nSubject: <subject>\nDate: <RFC 2822 date of now, UTC>\n\n<body>",
   from being $PBMFROM (when set, non-empty, without control chars) or "genetess@<hostname>".
   With $PBMSENDMAIL non-empty, it runs under /bin/sh -c with the message on its stdin (its
   stdout goes to our stderr, so the reply on stdout stays clean); when it cannot run or exits
   non-zero the message goes to outbox/ and "genetess: mailer failed; message left in
   outbox/<file>" to stderr. Without it, each message becomes
   <home>/outbox/<epoch of now>-<pid>-<seq>.mail (seq 0001, 0002, ... in send order across
   calls on this queue, counted in q->seq; a name already taken is skipped), written as
   outbox/.tmp-<name> and then linked/renamed into place. Returns the number of messages handed
   to the mailer or left in outbox/; a message that could not be written anywhere is reported on stderr. */
int mail_flush(MailQueue *q, const Store *s, time_t now);

/* The address a reply goes to: $SENDER when it is one address (store_valid_address), else NULL (the
   reply goes to stdout; the caller says why on stderr when SENDER was set). */
const char *mail_reply_address(void);

#endif
