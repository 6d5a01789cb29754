/* request: what one command was given — its sender, the Message-ID and body of its mail, the time, whether it came by mail (the Request) — and, beside it, the host's settings (the Host: home, mailer, limits); both built where the process starts (main() from the environment; the mail front its Host once, from its options, the environment and its configuration, and a Request for each command of a mail) and passed down. Nothing below main() reads the environment. */
#ifndef GENETESS_REQUEST_H
#define GENETESS_REQUEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* What a command did that the caller of the pipeline needs to know (the mail front's limits, contract 15): the
 * caller's, filled by the pipeline as the command runs (pipeline_run's out; never part of the Request). */
typedef struct RequestOutcome {
    bool authenticated;   /* a userid and its password were accepted (or a confirmation's code) */
    bool reply_held;      /* the reply was not sent (Request.reply_needs_auth and no registered address) */
    char address[255];    /* the registered address of the first user a password authenticated, "" none: the
                             reply is mailed there rather than to the sender (mail_reply_address, contract 3.1) */
    int64_t reply_bytes;  /* the bytes of the mailed reply (its text and HTML parts), 0 when none was mailed */
    bool busy;            /* Request.busy_defers and the lock was held past its wait: nothing ran, nothing was
                             answered (the mail front hands the message back to the MTA) */
} RequestOutcome;

/* The word standing in argv for the userid of a mailed reply's command whose user is found by the reply's address
 * (Request.userid_address, at Request.userid_slot): never a userid (users_valid_id), and never read back. */
#define REQUEST_USERID_BY_ADDRESS "-"

/* The host's settings, read once and passed beside every Request (pipeline_run). Every string is borrowed: it lives
 * as long as the Host (main's environment, the mail front's configuration). */
typedef struct Host {
    const char *home;        /* the directory every file lives under ($PBMHOME); NULL: none can be had */
    bool home_is_default;    /* home is $HOME/.genetess, chosen because $PBMHOME was unset (announced when made) */
    const char *mailer;      /* the mailer command ($PBMSENDMAIL, sendmail=); NULL or "": mail goes to outbox/ */
    const char *from;        /* the From: address ($PBMFROM, from=); NULL: genetess@<hostname> */
    const char *admin;       /* the admin's address ($PBMADMIN) for Cleanup's reports; NULL: none */
    int64_t lock_wait;       /* seconds to wait for the lock ($GENETESS_LOCK_WAIT); < 0: the default */
    const char *rate;        /* `genetess mail`: replies per mailbox and window ($PBMRATE, rate.h); NULL: default */
    const char *max_size;    /* `genetess mail`: the largest message read, in bytes ($PBMMAXSIZE); NULL: default */
    int64_t max_users;       /* signups by mail stop at this many users ($PBMMAXUSERS, maxusers=); < 0: the default */
    int64_t max_pending;     /* requests waiting for confirmation at once ($PBMMAXPENDING, maxpending=); < 0: default */
    struct StoreTally *tally; /* a test's count of store opens, locks, board and users reads (store.h); NULL */
} Host;

/* Every string is borrowed: it lives as long as the Request (main's environment, the mail front's message). */
typedef struct Request {
    const char *sender;      /* the address the reply goes to ($SENDER); NULL or "": the reply is printed */
    const char *message_id;  /* the Message-ID of the command's own mail ($MESSAGEID), as given; NULL: none */
    const char *body;        /* the mail's body ($INPUTFILE's text): order text, chat, `multiple`'s lines; NULL: none */
    bool body_lines;         /* body is the player's own text (genetess mail, mailtext.h): every line of it is read
                                (contract 4.1); else ($INPUTFILE) only the first non-blank line of orders */
    int64_t now;             /* the time, seconds since the epoch ($GENETESS_NOW, else time(2)) */
    bool by_mail;            /* the command came through `genetess mail` */
    bool reply_needs_auth;   /* the sender's mailbox is over its budget (contract 2.1): the reply goes only to the
                                registered address of a user the command authenticates */
    int *bot_decisions;      /* `genetess mail`: the computer opponents' decisions made so far for this command's
                                message — a multiple's commands share one bound (contract 15.2); NULL: each of
                                the command's Games has its own */
    uint64_t command_key;    /* a mailed command's key (request_command_key; 0: none): a board the command changes
                                keeps it, and the same key again changes that board no more (contract 2.1); once a
                                password is accepted, the key bound to its userid (handled_login writes it) */
    const char *userid_address; /* a reply to a game mail (contract 2.1): the command's userid word (argv's word
                                   userid_slot, REQUEST_USERID_BY_ADDRESS) is the user whose registered address
                                   this is — the board's player, found under the lock in the board's one read of
                                   its players (pipeline_userid); NULL: the words name the userid */
    int userid_slot;         /* with userid_address: which word after the command word is the userid's */
    bool chat_back;          /* a reply to a chat mail: its "to <author>" is dropped when the author is the sender
                                (one's own chat answered goes to every player, contract 2.1) */
    bool busy_defers;        /* by mail, nothing answered yet: a lock held past its wait runs nothing and answers
                                nothing (RequestOutcome.busy, when the caller asks for one) rather than replying
                                "busy" */
    struct Store *store;     /* the store the mail front opened for the whole message (open, not locked): the
                                command borrows it — takes its lock once and lets it go — and never opens its
                                own; NULL: the command opens its own (pipeline_lock) */
    struct Handled *handled; /* by mail: the message's exactly-once record (handled.h), told by pipeline_login whose
                                password ran (handled_login); NULL: none */
} Request;

/* A host with nothing set: no home, no mailer, the default lock wait and limits. */
Host request_host_init(void);
/* A request with nothing given: no sender, no body, the time now. */
Request request_init(int64_t now);
/* The key of command number line (0: the Subject's) of the mail with this Message-ID from this reply address:
 * a 64-bit hash, never 0; 0 when there is no Message-ID. */
uint64_t request_command_key(const char *message_id, const char *sender, int line);

#endif
