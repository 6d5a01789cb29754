/* rate: var/rate/, the budget of replies the mail front may send to one mailbox — a mailbox's name (an address normalised), the budget's windows, one count record per mailbox, reserved and refunded under the directory's lock (contract 2.1, 15.2). */
#ifndef GENETESS_RATE_H
#define GENETESS_RATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util.h"

struct Store;

/* The default budget: replies per mailbox in the short window (PBMRATE, rate=) and in a day (rateday=); and the
 * bytes of those replies in each window (a mailed reply is at most 1 MiB, so one always fits an empty budget). */
#define RATE_DEFAULT "20/3600"
#define RATE_DAY_DEFAULT "50/86400"
#define RATE_BYTES_MAX (1024 * 1024)
#define RATE_BYTES_DAY_MAX (4 * 1024 * 1024)

/* The longest mailbox name kept (a longer one is cut: two cut alike share one budget). */
#define RATE_MAILBOX_MAX 200

/* The mailbox of address (contract 2.1): lower-cased; in the local part (before the last '@') everything
 * from the first '+' on removed; trailing dots of the domain removed. Written into out (size bytes, at most
 * RATE_MAILBOX_MAX characters kept). Returns out. */
char *rate_mailbox(const char *address, char *out, size_t size);
/* True when addresses a and b name the same mailbox. */
bool rate_same_mailbox(const char *a, const char *b);

/* A budget: at most max[i] replies and bytes[i] bytes of replies to one mailbox in secs[i] seconds, for the short
 * window (0) and the day (1). */
typedef struct RateBudget {
    int64_t max[2], secs[2], bytes[2];
} RateBudget;

/* Parses the short window's spec (NULL: RATE_DEFAULT) and the day's (NULL: RATE_DAY_DEFAULT), each
 * "N/SECONDS", into *b, with the bytes RATE_BYTES_MAX and RATE_BYTES_DAY_MAX. Returns 1; 0 when spec is "off" or "0" (no budget at all: neither window; a day spec
 * "off" or "0" turns the day's window alone off); -1 with err when a spec is not MESSAGES/SECONDS. */
int rate_budget(const char *spec, const char *day, RateBudget *b, Err *err);

/* One mailbox's record, var/rate/_<mailbox>: "start0 count0 bytes0 start1 count1 bytes1 told" — each window's
 * start, the replies and their bytes counted in it, and until when the one notice of being over the budget covers
 * (0: none). */
typedef struct RateCount {
    int64_t start[2], count[2], bytes[2];
    int64_t told;
} RateCount;

/* Parses a record line into *c; false when it is not one. */
bool rate_count_parse(const char *line, RateCount *c);
/* Writes c as its record line (with '\n') into buf (size bytes). */
void rate_count_format(const RateCount *c, char *buf, size_t size);

/* Takes the lock of s's rate directory (var/rate/.lock, an fcntl write lock, waited for: held only while one
 * record is read and written). Returns the descriptor holding it (closing it lets it go) or -1 with err. */
int rate_lock(const struct Store *s, Err *err);

/* What rate_reserve found. */
enum { RATE_RESERVED = 0, RATE_OVER_FIRST = 1, RATE_OVER = 2 };

/* Reserves one reply to mailbox in s's var/rate/ (made when missing) at now under b, atomically under the lock: RATE_RESERVED with
 * the reply counted in both windows when both have room (fewer replies than their max, fewer bytes than their
 * bytes); else the budget is over and nothing is counted —
 * RATE_OVER_FIRST when no notice covers now (the notice is then noted as covering until *until: answer this
 * one message with it), RATE_OVER after that. *until: when the budget has room again (0 when reserved).
 * Windows that have passed start again; at most once a short window the records of mailboxes whose windows
 * have all passed are removed (var/rate/.pruned says when). -1 with err when the record cannot be written. */
int rate_reserve(const struct Store *s, const char *mailbox, int64_t now, const RateBudget *b, int64_t *until,
                 Err *err);
/* Gives back one reply reserved for mailbox at now (nothing was sent to it): both windows' counts less one
 * when they are still current. Returns 0, or -1 with err. */
int rate_refund(const struct Store *s, const char *mailbox, int64_t now, const RateBudget *b, Err *err);
/* Counts the bytes of a reply reserved for mailbox and sent at now in both windows (known only once the reply is
 * made: a reply that fits a budget with room may pass its bytes by that reply). Returns 0, or -1 with err. */
int rate_charge(const struct Store *s, const char *mailbox, int64_t now, const RateBudget *b, int64_t bytes,
                Err *err);

#endif
