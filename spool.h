/* spool: the files of spool/ — a group's messages written and synced together, the groups' commit records —
 * and the delivery of what is spooled, through a mailer or into outbox/, with its retries and dead letters
 * (contract 3.2). */
#ifndef GENETESS_SPOOL_H
#define GENETESS_SPOOL_H

#include "store.h"
#include "util.h"

#include <sys/uio.h>
#include <time.h>

/* A group is "<n>.<tag>" (board n's new state, tag: store_board_tag of its text, "none": no file) or
 * "0.<epoch>-<pid>-<k>" (mail of no board state); its messages are spool/<group>.<seq>.mail (seq 0001 ...)
 * and its commit record, while its state is being committed, spool/<group>.commit. */

/* A message's text as pieces written one after the other by one writev, so that a long sheet is written from
 * where it lies rather than copied into one buffer first; own: the malloc'd blocks the pieces may point into,
 * freed by spool_msg_free once the message is written. */
#define SPOOL_PIECES 8
typedef struct SpoolMsg {
    struct iovec piece[SPOOL_PIECES];
    int n;
    void *own[SPOOL_PIECES];
    int nown;
} SpoolMsg;

/* Appends the n bytes at s (which must stay until the message is written) as msg's next piece. */
void spool_msg_add(SpoolMsg *msg, const void *s, size_t n);
/* Gives msg the malloc'd block p to free (spool_msg_free); NULL is ignored. */
void spool_msg_own(SpoolMsg *msg, void *p);
/* Frees what msg owns; msg is empty afterwards. */
void spool_msg_free(SpoolMsg *msg);

/* Fills msg (empty) with the text of the k-th message (0, 1, ...) of a group being spooled, whose name has
 * the sequence number seq (spool_write frees it). */
typedef void SpoolText(void *ctx, int k, int seq, SpoolMsg *msg);

/* A group of messages to spool: n of them, message k's text from text(ctx, k, seq); the last batch synced
 * together with the nalso open files also (the board's own, store_board_fds; NULL, 0: none). direct: the
 * group has a commit record (spool_record, written first), which says its messages are not to go unless the
 * board's state they belong to was saved: each is written under its own name from the start, rather than
 * under a temporary renamed once synced, and the spool directory is synced with the last batch (no
 * spool_sync after). */
typedef struct SpoolGroup {
    const char *name; /* the group, "<n>.<tag>" */
    int n;
    SpoolText *text;
    void *ctx;
    const int *also;
    int nalso;
    bool direct;
} SpoolGroup;

/* Writes g's messages as spool/<group>.<seq>.mail (seq 0001 ..., a name taken skipped): in batches of at most
 * 64 open files (fewer when the process runs short of descriptors), each file of a batch written to a
 * temporary (direct: to its own name), the batch synced at once (the last with g's also, and direct with the
 * spool directory) and renamed into place.
 * 0, or -1 with err: the batch that failed is not in place, the batches before it are (the caller
 * discards the group, or delivers what was spooled). */
int spool_write(const Store *s, const SpoolGroup *g, Err *err);
/* Writes group's commit record spool/<group>.commit (empty: its name is all it says). Not synced: the
 * caller syncs the spool directory (spool_sync) before the board's commit. 0 or -1 with err. */
int spool_record(const Store *s, const char *group, Err *err);
/* fsyncs the spool directory, so that the names written, renamed or removed in it last. */
void spool_sync(const Store *s);

/* The name of a group of no board — the mails a process delivers itself at its end (mail_flush), its k-th —
 * "0.<now>-<pid>-<k>" into out: spool_deliver leaves such a group's messages to their process while it runs (the
 * name's one format; not_ours reads it). */
void spool_free_group(time_t now, int k, char *out, size_t size);
/* Appends the groups that have a commit record, ascending, to out; returns their count. */
int spool_groups(const Store *s, StrList *out);
/* Removes group's commit record (not synced: a record back after a crash only redoes idempotent work). */
void spool_group_done(const Store *s, const char *group);
/* Removes group's commit record and its messages never tried (a message that failed a delivery is of an
 * earlier, committed state whose group had the same name: it stays), and syncs the spool directory. */
void spool_group_discard(const Store *s, const char *group);

/* Delivers the spooled messages of group (NULL: every message of no group with a commit record and not of
 * another running process's own free group), in name order, each one only when it is due: at once when it
 * never failed, else 5 minutes after its first failure, the wait doubled after each failure since. With mailer
 * non-NULL, each is piped to `/bin/sh -c mailer` (its stdout goes to our stderr); without, each is linked into
 * outbox/ as <epoch of now>-<pid>-<seq>.mail (*seq counting up across calls, a name already taken skipped)
 * and leaves spool/. A message whose delivery fails stays in spool/ renamed <base>.retry<k>-<first>.mail (k
 * failures, the first at <first>; a link, then the old name goes: when the name is taken by another message of
 * the same base, the next free sequence number of its group instead) and stderr says "genetess: mailer failed;
 * message stays queued as
 * spool/<file> and is retried (failed <k> time(s) since <date>; next try not before <date>)"; its tenth
 * failure, or a failure two days or more after the first, moves it to spool/dead/<base>.mail (<base>-<i>.mail
 * when taken) and says "genetess: mailer failed; message moved to spool/dead/<file> after failing <k> times
 * since <date>: not retried (move it back into spool/ to retry it)" ("delivery into outbox/ failed" without a
 * mailer; dates "YYYY-MM-DD HH:MM:SS UTC"), its modification time set to now; a run that moved messages there
 * then keeps spool/dead/ to its newest 1,000 of 64 MiB in all, none that died 30 days before now ("genetess: <n>
 * dead letter(s) removed from spool/dead/ ..."). An entry that is not a regular file is never sent. Returns the
 * number of messages delivered (a message left with a second name by a stopped process counts once per name).
 * outbox/'s fsync, before the spool names of the messages linked there go, runs side by side with those put
 * off in also (run at the end of the delivery either way; NULL: none). */
int spool_deliver(const Store *s, const char *group, const char *mailer, unsigned long *seq, time_t now,
                  DiskLater *also);

#endif
