/* mail: the queue of outgoing messages, spooled with the board they belong to and delivered after its save — piped to the request's mailer ($PBMSENDMAIL) or left in outbox/ (contract 3). */
#ifndef GENETESS_MAIL_H
#define GENETESS_MAIL_H

#include "request.h"
#include "store.h"
#include "util.h"

#include <time.h>

/* Outgoing mail is queued during a command; the messages of a board's new state are spooled before its
   file is renamed (mail_spool_group) and delivered after (mail_deliver), so that a kill at any point
   loses none and sends none twice (contract 3). */
typedef struct Mail {
    char *to;
    char *subject;
    char *body;
    char *html; /* the same text as HTML, or NULL: the message is multipart/alternative (text first) */
    bool body_ascii, html_ascii; /* every byte of body (of html) is under 0x80 (told by mail_add_sheet) */
    size_t body_len, html_len;   /* their lengths (told by mail_add_sheet) */
    size_t body_longest, html_longest; /* their longest lines' lengths, newline not counted, when 64 or more (a
                                        * smaller number when every line is shorter; told by it too) */
    bool reply; /* a reply to the command (Auto-Submitted: auto-replied, In-Reply-To $MESSAGEID) */
    int board;  /* the board whose game the mail is of (its thread, contract 3.3); 0: none */
    int invite; /* the invitation the mail is of, or whose game it starts (its thread too); 0: none */
} Mail;
typedef struct MailQueue {
    Mail *m;
    int n, cap;
    unsigned long seq; /* the last outbox/ sequence number taken by this queue's deliveries (contract 3) */
    int flushes;       /* mail_flush calls so far: each names a spool group of its own */
    const char *from;        /* the From: address given (NULL: genetess@<hostname>) */
    const char *mailer;      /* the mailer command (NULL: outbox/) */
    const char *in_reply_to; /* the command's own Message-ID as given (NULL: none) */
    int board;               /* the board of the command's transaction: its mails' game (0: none yet) */
    int invite;              /* the invitation the command answers or makes: its mails' thread too (0: none) */
} MailQueue;

/* Makes q an empty queue whose outbox/ names start at sequence 0001, with host's From: address and mailer (host
   NULL: neither) and rq's Message-ID (rq NULL: none). */
void mail_init(MailQueue *q, const Host *host, const Request *rq);
/* Frees every queued message and the queue's storage; q is empty afterwards. */
void mail_free(MailQueue *q);
/* Drops the queued messages after the first n (those queued for a state that was not saved). */
void mail_truncate(MailQueue *q, int n);

/* Queues a copy of (to, subject, body), a message the server sends of itself (Auto-Submitted:
   auto-generated: sheets, nags, chat relays); body NULL counts as "". Every control character of the
   body but tab and newline (a CR, ESC, BEL, DEL, a C1 control in UTF-8) becomes '?', a CR before a newline
   goes (contract 3.3). Returns 0, or -1 with "refusing a mail header with control characters" when to or
   subject holds a control character (a newline included; an empty or NULL to is refused too), or with
   "refusing a mail header that no folding fits in lines of 998 octets (To:)" ("Subject:") when a word of
   it is too long for a line (headers are folded at white space, and in To: after a comma, to lines of at
   most 78 characters where they can be: RFC 5322 2.1.1). */
int mail_add(MailQueue *q, const char *to, const char *subject, const char *body, Err *err);
/* As mail_add for a turnsheet, with html (NULL: none) as the message's HTML alternative of body (its control
   characters replaced as the body's); takes body and html (malloc'd; body NULL counts as "") rather than
   copying them: the queue frees them, also when the message is refused. */
int mail_add_sheet(MailQueue *q, const char *to, const char *subject, char *body, char *html, Err *err);
/* As mail_add, for the reply to a command (Auto-Submitted: auto-replied; In-Reply-To and References
   name $MESSAGEID, the command's own Message-ID, when it is set and well formed). */
int mail_add_reply(MailQueue *q, const char *to, const char *subject, const char *body, Err *err);
/* As mail_add_reply, with html (NULL: none) as the HTML alternative of body, both taken as mail_add_sheet
   takes them: the reply that is the commanding player's sheet (contract 3.1). */
int mail_add_reply_sheet(MailQueue *q, const char *to, const char *subject, char *body, char *html, Err *err);

/* Every message is "From: <from>", To, Subject, "Date: <RFC 5322 date of now, UTC>", "Message-ID:
   <genetess.<group>.<seq>.<epoch of now>@<domain of from>>" (written once into spool/: the same when the
   message is sent again), [In-Reply-To,
   References,] "MIME-Version: 1.0", "Content-Type: text/plain; charset=us-ascii" with
   "Content-Transfer-Encoding: 7bit" (utf-8 and 8bit when the body is not ASCII), "Auto-Submitted:
   auto-generated|auto-replied", a blank line and the body (ending in a newline). A message with an html
   part is "Content-Type: multipart/alternative; boundary=..." instead (a boundary found in neither part):
   the text part as above, then "text/html; charset=utf-8" in quoted-printable (lines of at most 76). from is $PBMFROM
   (when set, non-empty, without control chars, at most 900 octets and foldable into lines of 998) or
   "genetess@<hostname>". */

/* The mails of one board's new state to spool: q's messages from index from on, as the group "<board>.<tag>"
   (tag: store_board_tag of the state's text, "none": no file), at now; the last batch synced with the nalso
   open files also (the board's own: store_board_fds; NULL, 0: none). */
typedef struct MailGroup {
    int from;
    int board;
    const char *tag;
    time_t now;
    const int *also;
    int nalso;
} MailGroup;

/* Spools g's messages of q: spool/<n>.<tag>.commit (the commit record) first, then each message as
   spool/<n>.<tag>.<seq>.mail (seq 0001 ...), written there at once (the record keeps them from going until
   the board's state is saved) and fsynced in batches, the last with g's also and the spool directory
   (spool_write, direct); drops them from q.
   Returns 0, or -1 with err (the caller discards the group). */
int mail_spool_group(MailQueue *q, const Store *s, const MailGroup *g, Err *err);
/* A board state's group name "<board>.<tag>" into out (40 bytes are enough): the name's one format, and
 * mail_group_parse its one parse (false for a name of no board's state; tag gets at most 16 characters). */
void mail_group_name(int board, const char *tag, char *out, size_t size);
bool mail_group_parse(const char *name, int *board, char tag[17]);
/* Appends the groups "<n>.<tag>" that have a commit record, ascending, to out; returns their count. */
int mail_groups(const Store *s, StrList *out);
/* Removes group's commit record (not synced: a record back after a crash only redoes idempotent work):
   its state is committed and the list and history agree with it. */
void mail_group_done(const Store *s, const char *group);
/* Removes group's commit record and its messages never tried: a state that was never committed
   (spool_group_discard). */
void mail_group_discard(const Store *s, const char *group);

/* Delivers the spooled messages of group (NULL: every message of no group with a commit record and
   not of another running process's own queue) through the queue's mailer, else into outbox/ (seq 0001,
   0002, ... in delivery order across calls on this queue, counted in q->seq): spool_deliver, with its
   retries at growing intervals and its dead letters in spool/dead/. Returns the number of messages
   delivered. */
int mail_deliver(MailQueue *q, const Store *s, const char *group, time_t now);
/* mail_deliver with outbox/'s fsync beside those put off in also (run either way: spool_deliver). */
int mail_deliver_with(MailQueue *q, const Store *s, const char *group, time_t now, DiskLater *also);

/* Spools every queued message as the group "0.<epoch>-<pid>-<k>", k counting this queue's flushes
   (mail of no board state: a reply, a chat), and delivers it (mail_deliver); q is empty afterwards.
   Returns the number delivered, or -1 when a message could not be spooled: "genetess: <why>; the
   messages not spooled were lost" is on stderr, and those spooled before it are delivered all the same. */
int mail_flush(MailQueue *q, const Store *s, time_t now);

/* The address a reply goes to: NULL when rq->sender is not one address (users_valid_address; the reply goes
   to stdout, the caller says why on stderr when a sender was given); else the registered address of the user
   the command authenticated, when its outcome o names one (the mail front's commands, contract 3.1: a forged
   Reply-To never gets an authenticated reply); else rq->sender. o NULL: no outcome is kept (rq->sender). */
const char *mail_reply_address(const Request *rq, const RequestOutcome *o);

#endif
