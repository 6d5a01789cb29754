/* spool: the files of spool/ — a group's messages written and synced together, the groups' commit records —
 * and the delivery of what is spooled, through a mailer or into outbox/, with its retries and dead letters
 * (contract 3.2). */
#include "spool.h"

#include "disk.h"

#include <assert.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#define OUTBOX_TRIES 1000 /* names already taken in outbox/ (or spool/) that we skip before giving up */
#define SPOOL_BATCH 64    /* message files open at once while a group is spooled (spool_write) */
/* contract 3.2: a message the mailer refuses is tried again RETRY_WAIT seconds after its first failure, the
 * wait doubled after each failure since (5, 10, 20 ... minutes: an outage of hours is ridden out, a refused
 * message costs the mailer RETRY_TRIES pipes in all, not one per later command), and after RETRY_TRIES tries
 * (the first included: the last about 42 hours after the first), or a failure RETRY_AGE seconds after the
 * first, it is a dead letter in spool/dead/ */
#define RETRY_TRIES 10
#define RETRY_WAIT 300
#define RETRY_AGE (2 * 86400)
#define RETRY_K_MAX 30 /* the tries a name counts at most (the wait stays a number of seconds that fits) */
/* contract 3.2, 15.2: spool/dead/ keeps at most DEAD_FILES messages of DEAD_BYTES in all, none that died
 * DEAD_AGE seconds or more ago; the oldest go first, when a delivery run has moved messages there */
#define DEAD_FILES 1000
#define DEAD_BYTES (64LL << 20)
#define DEAD_AGE (30 * 86400)

/* ---------------------------------------------------------------- writing */

/* A spool name "<group>.<seq>.mail" (a message; "<group>.<seq>.retry<k>-<first>.mail" once it failed: tries_of)
 * or "<group>.commit" (a group's commit record). */
static char *spool_path(const Store *s, const char *name)
{
    char *rel = xasprintf("spool/%s", name);
    char *p = store_path(s, rel);
    free(rel);
    return p;
}

/* A spool file being written: spool/.tmp.<pid>.<name> until it is synced and renamed to spool/<name>, or, in a
 * group with a commit record (SpoolGroup.direct), spool/<name> from the start (tmp NULL). */
typedef struct SpoolFile {
    char *tmp, *path;
    int fd;
    bool data;
} SpoolFile;

void spool_msg_add(SpoolMsg *msg, const void *s, size_t n)
{
    assert(msg->n < SPOOL_PIECES);
    msg->piece[msg->n++] = (struct iovec){.iov_base = (void *)s, .iov_len = n};
}

void spool_msg_own(SpoolMsg *msg, void *p)
{
    assert(msg->nown < SPOOL_PIECES);
    if (p)
        msg->own[msg->nown++] = p;
}

void spool_msg_free(SpoolMsg *msg)
{
    for (int i = 0; i < msg->nown; i++)
        free(msg->own[i]);
    *msg = (SpoolMsg){0};
}

/* Writes msg's pieces to fd, all of them (writev again after a short write or a signal). 0 or -1 with errno. */
static int write_msg(int fd, const SpoolMsg *msg)
{
    struct iovec v[SPOOL_PIECES];
    int n = 0;
    for (int i = 0; i < msg->n; i++)
        if (msg->piece[i].iov_len)
            v[n++] = msg->piece[i];
    for (struct iovec *p = v; n > 0;) {
        ssize_t w = writev(fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w < 0)
            return -1;
        for (; n > 0 && (size_t)w >= p->iov_len; p++, n--)
            w -= (ssize_t)p->iov_len;
        if (n > 0) {
            p->iov_base = (char *)p->iov_base + w;
            p->iov_len -= (size_t)w;
        }
    }
    return 0;
}

/* Writes msg to f's temporary file (direct: to spool/<name> itself) and starts its writeback without waiting
 * (spool_write syncs it), so that the messages of a group are written out together. 0 or -1 with err
 * (nothing left behind). */
static int spool_begin(const Store *s, const char *name, const SpoolMsg *msg, SpoolFile *f, bool direct, Err *err)
{
    char *tmpname = direct ? NULL : xasprintf(".tmp.%ld.%s", (long)getpid(), name);
    bool data = false;
    for (int i = 0; i < msg->n; i++)
        data |= msg->piece[i].iov_len > 0;
    *f = (SpoolFile){.tmp = tmpname ? spool_path(s, tmpname) : NULL, .path = spool_path(s, name), .data = data};
    free(tmpname);
    const char *at = f->tmp ? f->tmp : f->path;
    /* made new (O_EXCL: never a file that is there, a link included); a temporary's name taken is a stale one of a
     * dead process with our pid, or a link planted there: it goes (a message's own name was seen free, under the
     * lock: next_spool_name) */
    f->fd = open(at, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW, 0600);
    if (f->fd < 0 && errno == EEXIST && f->tmp && unlink(f->tmp) == 0)
        f->fd = open(at, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW, 0600);
    if (f->fd >= 0 && (!f->data || write_msg(f->fd, msg) == 0)) {
        if (f->data)
            disk_start_writeback(f->fd);
        return 0;
    }
    int e = errno;
    err_fail(err, "cannot write %s: %s", at, strerror(e));
    if (f->fd >= 0) {
        close(f->fd);
        (void)unlink(at); /* ours: made new above */
    }
    free(f->tmp);
    free(f->path);
    *f = (SpoolFile){.fd = -1};
    errno = e; /* the caller tells a lack of descriptors from other failures */
    return -1;
}

/* Closes f and renames it into place (its data, if any, synced already: spool_write; an empty file, a
 * commit record, has none to sync: its name is what counts, and the spool directory's fsync, which the
 * caller makes before the board commit, covers it; a direct one is in place already); with ok false (an
 * earlier file failed) only removes it. 0 or -1 with err. */
static int spool_finish(SpoolFile *f, bool ok, Err *err)
{
    if (f->fd < 0)
        return -1;
    int rc = 0;
    if (!ok) {
        close(f->fd);
        rc = -1;
    } else if (close(f->fd) < 0 || (f->tmp && rename(f->tmp, f->path) < 0)) {
        rc = err_fail(err, "cannot write %s: %s", f->path, strerror(errno));
    }
    if (rc < 0)
        (void)unlink(f->tmp ? f->tmp : f->path);
    free(f->tmp);
    free(f->path);
    *f = (SpoolFile){.fd = -1};
    return rc;
}

/* Syncs the n spool files f (begun, each with data), the nalso files also (the board's, synced with
 * them: store_board_fds) and, when dir is an open directory (not -1), the spool directory all at once; the
 * directory's failure is let go, as disk_sync_dir lets it go. 0 or -1 with err. */
static int spool_sync_files(const SpoolFile *f, int n, const int *also, int nalso, int dir, Err *err)
{
    int *fds = xcalloc((size_t)(n + nalso + 1), sizeof *fds), bad = 0, nf = n + nalso;
    for (int i = 0; i < n; i++)
        fds[i] = f[i].fd;
    for (int i = 0; i < nalso; i++)
        fds[n + i] = also[i];
    if (dir >= 0)
        fds[nf] = dir; /* last: the first failure told is a file's */
    int rc = disk_sync_files(fds, nf + (dir >= 0), &bad);
    free(fds);
    if (rc < 0 && bad == nf)
        rc = 0;
    if (rc < 0)
        return bad < n ? err_fail(err, "cannot write %s: %s", f[bad].tmp ? f[bad].tmp : f[bad].path, strerror(errno))
                       : err_fail(err, "cannot sync the board's files: %s", strerror(errno));
    return 0;
}

/* Writes an empty spool/<name>: spool_begin, then spool_finish. */
static int spool_write_empty(const Store *s, const char *name, Err *err)
{
    SpoolFile f;
    return spool_begin(s, name, &(SpoolMsg){0}, &f, false, err) < 0 ? -1 : spool_finish(&f, true, err);
}

void spool_sync(const Store *s)
{
    char *dir = store_path(s, "spool");
    disk_sync_dir(dir);
    free(dir);
}

/* The name of the next message of group in the spool ("<group>.<seq>.mail", seq 0001 ...; a name taken
 * is skipped); *seq is the last one used. Caller frees. */
static char *next_spool_name(const Store *s, const char *group, int *seq)
{
    char *name = NULL, *path = NULL;
    struct stat st;
    do {
        free(name);
        free(path);
        name = xasprintf("%s.%04d.mail", group, ++*seq);
        path = spool_path(s, name);
    } while (lstat(path, &st) == 0 && *seq < OUTBOX_TRIES); /* a link there too: taken */
    free(path);
    return name;
}

/* Where spool_write is in its group: the next message (k), the last sequence number taken (seq), the files
 * of the batch begun (got). */
typedef struct SpoolAt {
    int k, seq, got;
} SpoolAt;

/* Begins g's messages from the at->k-th on into f: at most SPOOL_BATCH, and fewer when the process has no
 * descriptor left for the next (a lack of descriptors is no failure as long as one file opens). at->k and
 * at->seq advance past those begun, at->got says how many. 0, or -1 with err (the at->got begun stay to be
 * removed). */
static int batch_begin(const Store *s, const SpoolGroup *g, SpoolAt *at, SpoolFile *f, Err *err)
{
    for (at->got = 0; at->k < g->n && at->got < SPOOL_BATCH;) {
        int last_seq = at->seq;
        char *name = next_spool_name(s, g->name, &at->seq);
        SpoolMsg msg = {0};
        g->text(g->ctx, at->k, at->seq, &msg);
        int rc = spool_begin(s, name, &msg, &f[at->got], g->direct, err), e = errno;
        spool_msg_free(&msg);
        free(name);
        if (rc < 0 && at->got > 0 && (e == EMFILE || e == ENFILE)) {
            at->seq = last_seq; /* the next batch writes it, under the same name */
            return 0;
        }
        if (rc < 0)
            return -1;
        at->got++;
        at->k++;
    }
    return 0;
}

/* In batches of at most SPOOL_BATCH open files (fewer when descriptors run short): each batch written, synced
 * at once (the last one together with the files also and, direct, the spool directory) and renamed into place
 * (direct: in place already) before the next is begun, so that a group of any size needs no more descriptors
 * than a batch (contract 3.2). */
int spool_write(const Store *s, const SpoolGroup *g, Err *err)
{
    SpoolFile f[SPOOL_BATCH];
    SpoolAt at = {0, 0, 0};
    int rc = 0;
    do {
        rc = batch_begin(s, g, &at, f, err);
        bool last = at.k == g->n;
        int dir = -1;
        if (rc == 0 && last && g->direct) {
            char *path = store_path(s, "spool");
            dir = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
            free(path);
        }
        if (rc == 0)
            rc = spool_sync_files(f, at.got, last ? g->also : NULL, last ? g->nalso : 0, dir, err);
        if (dir >= 0)
            close(dir);
        for (int i = 0; i < at.got; i++)
            if (spool_finish(&f[i], rc == 0, err) < 0)
                rc = -1;
        if (rc == 0 && last && g->direct && dir < 0) /* no descriptor was left for it: once the files are closed */
            spool_sync(s);
    } while (rc == 0 && at.k < g->n);
    return rc;
}

/* A hard link to the one empty file spool/.record, so that no file is made for a record (making a file waits
 * for the disk's journal; a link hardly does), else (no hard links, or too many) an empty file of its own. */
int spool_record(const Store *s, const char *group, Err *err)
{
    char *name = xasprintf("%s.commit", group);
    char *shared = spool_path(s, ".record"), *path = spool_path(s, name);
    bool linked = link(shared, path) == 0;
    if (!linked && errno == ENOENT) { /* the first record of this spool */
        int fd = open(shared, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW, 0600);
        linked = fd >= 0 && close(fd) == 0 && link(shared, path) == 0;
    }
    int rc = linked ? 0 : spool_write_empty(s, name, err);
    free(name);
    free(shared);
    free(path);
    return rc;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The spool's names (group non-NULL: only those starting with "<group>."), ascending (malloc'd). */
static void spool_names(const Store *s, const char *group, StrList *out)
{
    char *dir = store_path(s, "spool");
    DIR *d = opendir(dir);
    struct dirent *de;
    size_t gl = group ? strlen(group) : 0;
    while (d && (de = readdir(d)) != NULL)
        if (de->d_name[0] != '.' && (!group || (strncmp(de->d_name, group, gl) == 0 && de->d_name[gl] == '.')))
            sl_push(out, de->d_name);
    if (d)
        closedir(d);
    free(dir);
    if (out->n)
        qsort(out->v, (size_t)out->n, sizeof *out->v, cmp_str);
}

int spool_groups(const Store *s, StrList *out)
{
    StrList all = {0};
    spool_names(s, NULL, &all);
    for (int i = 0; i < all.n; i++) {
        size_t len = strlen(all.v[i]);
        if (len > 7 && strcmp(all.v[i] + len - 7, ".commit") == 0)
            sl_push_owned(out, xasprintf("%.*s", (int)(len - 7), all.v[i]));
    }
    sl_free(&all);
    return out->n;
}

/* How many failed deliveries a spooled message has behind it, from its name: "<base>.mail" as spooled,
 * "<base>.retry<k>-<first>.mail" after k failed tries (k >= 1), the first at <first> (seconds since the
 * epoch). The name says it, so that a rename records a failure atomically (contract 3.2). */
typedef struct Tries {
    int k;
    long long first;
    size_t base; /* the length of <base> */
} Tries;

static void tries_of(const char *fname, Tries *t)
{
    size_t len = strlen(fname) - 5; /* without ".mail" */
    *t = (Tries){.base = len};
    const char *dot = NULL;
    for (const char *p = fname; p < fname + len; p++)
        if (*p == '.')
            dot = p;
    int k, used = 0;
    long long first;
    if (dot && strncmp(dot, ".retry", 6) == 0 && sscanf(dot + 6, "%d-%lld%n", &k, &first, &used) == 2 &&
        dot + 6 + used == fname + len && k >= 1 && k <= RETRY_K_MAX)
        *t = (Tries){.k = k, .first = first, .base = (size_t)(dot - fname)};
}

/* Removes the spool files whose names start with "<group>." but those of messages that failed a delivery
 * already (tries_of: "<base>.retry<k>-<first>.mail"): a message is tried only once its state is committed, so
 * such a one is of an earlier state whose group had the same name (a board's text again: contract 3.2); sync:
 * then fsyncs the spool directory. */
static void spool_remove(const Store *s, const char *group, bool sync)
{
    StrList all = {0};
    spool_names(s, group, &all);
    for (int i = 0; i < all.n; i++) {
        size_t len = strlen(all.v[i]);
        Tries t = {0};
        if (len > 5 && strcmp(all.v[i] + len - 5, ".mail") == 0)
            tries_of(all.v[i], &t);
        if (t.k)
            continue;
        char *p = spool_path(s, all.v[i]);
        (void)unlink(p);
        free(p);
    }
    sl_free(&all);
    if (sync)
        spool_sync(s);
}

/* Not synced: a record that comes back after a crash only has the next command redo the work that
 * follows its commit, which is idempotent (the list line, the history line recorded once, the messages
 * delivered once: mail_deliver synced what it did). */
void spool_group_done(const Store *s, const char *group)
{
    char *name = xasprintf("%s.commit", group);
    char *p = spool_path(s, name);
    (void)unlink(p); /* by its name: no listing of a spool that a Cleanup run fills with records */
    free(p);
    free(name);
}

void spool_group_discard(const Store *s, const char *group)
{
    spool_remove(s, group, true); /* the messages, then the record: sorted, ".0001.mail" < ".commit" */
}

/* ---------------------------------------------------------------- delivery */

/* Runs `/bin/sh -c cmd` with text on its stdin. Returns 0 when it ran and exited 0. */
static int run_mailer(const char *cmd, const char *text, size_t len)
{
    int p[2];
    if (pipe(p) < 0)
        return -1;
    (void)fcntl(p[1], F_SETFD, FD_CLOEXEC);
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) {
        close(p[0]);
        close(p[1]);
        return -1;
    }
    if (pid == 0) {
        signal(SIGPIPE, SIG_DFL);
        close(p[1]);
        if (p[0] != STDIN_FILENO) {
            dup2(p[0], STDIN_FILENO);
            close(p[0]);
        }
        dup2(STDERR_FILENO, STDOUT_FILENO); /* keep the reply on stdout clean */
        execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
        _exit(127);
    }
    close(p[0]);

    /* the mailer may exit without reading everything: that must not kill us */
    struct sigaction ign = {0}, old;
    ign.sa_handler = SIG_IGN;
    sigemptyset(&ign.sa_mask);
    sigaction(SIGPIPE, &ign, &old);
    int wrc = fd_write_all(p[1], text, len);
    close(p[1]);
    sigaction(SIGPIPE, &old, NULL);

    int status;
    pid_t r;
    do
        r = waitpid(pid, &status, 0);
    while (r < 0 && errno == EINTR);
    if (r < 0)
        return -1;
    return wrc == 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

/* What one delivery run did: the spool files linked into outbox/ (removed once outbox/ is synced), whether
 * outbox/ changed, whether a mailer sent a spool file (its removal is synced). */
typedef struct Delivery {
    const char *mailer;
    unsigned long *seq; /* the last outbox/ sequence number taken */
    StrList linked;
    bool outbox_changed, mailed, renamed; /* renamed: a failed message's name now counts its tries */
    int died;                             /* messages moved to spool/dead/ */
    time_t now;
} Delivery;

/* Delivers spool file path into outbox/<epoch>-<pid>-<seq>.mail: a hard link (never replacing a
 * message already there; *seq advances past every name tried); the spool name goes after outbox/ is
 * synced, once for the whole run (delivery_end). Returns 0 with *name (malloc'd) or -1 (a warning is on
 * stderr). */
static int deliver_outbox(const Store *s, Delivery *d, const char *src, unsigned long *seq, time_t now, char **name)
{
    char *dir = store_path(s, "outbox");
    long pid = (long)getpid();
    int rc = -1;
    for (int tries = 0; tries < OUTBOX_TRIES && rc < 0; tries++) {
        char *base = xasprintf("%lld-%ld-%04lu.mail", (long long)now, pid, ++*seq);
        char *path = xasprintf("%s/%s", dir, base);
        if (link(src, path) == 0) {
            rc = 0;
            sl_push(&d->linked, src);
        } else if (errno != EEXIST && rename(src, path) == 0) {
            rc = 0; /* a file system without hard links */
        } else if (errno != EEXIST) {
            fprintf(stderr, "genetess: cannot write %s: %s\n", path, strerror(errno));
            tries = OUTBOX_TRIES;
        }
        free(path);
        if (rc == 0) {
            d->outbox_changed = true;
            *name = base;
        } else {
            free(base);
        }
    }
    free(dir);
    return rc;
}

/* ---------------------------------------------------------------- retries and dead letters */

/* When a message with t behind it is tried next: at once when it never failed, else RETRY_WAIT seconds after
 * the first failure, doubled after each failure since (first + RETRY_WAIT * (2^k - 1)). */
static long long retry_due(const Tries *t)
{
    return t->k ? t->first + (long long)RETRY_WAIT * ((1LL << t->k) - 1) : LLONG_MIN;
}

/* "YYYY-MM-DD HH:MM:SS UTC" of t into out. */
static void utc_time(long long t, char *out, size_t size)
{
    time_t tt = (time_t)t;
    struct tm tm;
    if (!gmtime_r(&tt, &tm) || !strftime(out, size, "%Y-%m-%d %H:%M:%S UTC", &tm))
        snprintf(out, size, "%lld", t);
}

/* Moves spool file src (named fname, base its first blen bytes) to spool/dead/<base>.mail (<base>-<i>.mail
 * when that is taken: a link never replaces a file): a link there, its time of change set to now (when it
 * died: dead_prune), then its spool name goes (a stop between the two leaves a second link: spool_deliver then
 * only removes the spool name). Returns the dead letter's name (malloc'd), or NULL when it could not be moved
 * (stderr says why). */
static char *dead_letter(const Store *s, const char *src, const char *fname, size_t blen, time_t now)
{
    char *dir = store_path(s, "spool/dead"), *name = NULL;
    if (mkdir(dir, 0700) < 0 && errno != EEXIST)
        fprintf(stderr, "genetess: cannot create %s: %s\n", dir, strerror(errno));
    for (int i = 1; i <= OUTBOX_TRIES && !name; i++) {
        char *n = i == 1 ? xasprintf("%.*s.mail", (int)blen, fname) : xasprintf("%.*s-%d.mail", (int)blen, fname, i);
        char *path = xasprintf("%s/%s", dir, n);
        if (link(src, path) == 0) {
            struct timespec when[2] = {{.tv_nsec = UTIME_OMIT}, {.tv_sec = now}};
            (void)utimensat(AT_FDCWD, path, when, AT_SYMLINK_NOFOLLOW);
            name = n;
            n = NULL;
        } else if (errno != EEXIST) {
            fprintf(stderr, "genetess: cannot write %s: %s\n", path, strerror(errno));
            i = OUTBOX_TRIES;
        }
        free(path);
        free(n);
    }
    if (name) {
        disk_sync_dir(dir); /* the new name lasts before the old one goes */
        (void)unlink(src);
    }
    free(dir);
    return name;
}

/* Gives the spool file at src the path dst, never replacing a name that is taken: a link, then src goes (a
 * stop between the two leaves a second link: spool_deliver then removes one of them, the message stays), or on
 * a file system without hard links a rename once dst is seen free. 0, or -1 with errno (EEXIST: dst is
 * taken). */
static int spool_move(const char *src, const char *dst)
{
    if (link(src, dst) == 0) {
        (void)unlink(src);
        return 0;
    }
    if (errno == EEXIST || errno == ENOENT)
        return -1;
    struct stat st;
    if (lstat(dst, &st) == 0) {
        errno = EEXIST;
        return -1;
    }
    return rename(src, dst);
}

/* Renames spool file src (named fname, base its first blen bytes: "<group>.<seq>") after a failure, next its
 * tries: to "<base>.retry<k>-<first>.mail", never over another message (contract 3.2: each keeps a name of its
 * own). That name is taken when a message spooled later under the same base (a group of the same name: a
 * board's text again, or the replies of a process's commands in one second) failed too, with the same tries:
 * then the next sequence number whose name is free, "<group>.<seq+i>.retry<k>-<first>.mail" (a base without a
 * sequence number: "<base>-<i>"). Returns the new name (malloc'd), or NULL with errno. */
static char *retry_rename(const Store *s, const char *src, const char *fname, size_t blen, const Tries *next)
{
    const char *dot = NULL;
    for (const char *p = fname; p < fname + blen; p++)
        if (*p == '.')
            dot = p;
    size_t digits = dot ? strspn(dot + 1, "0123456789") : 0;
    bool numbered = digits >= 1 && digits <= 9 && dot + 1 + digits == fname + blen;
    int seq = numbered ? atoi(dot + 1) : 0;
    for (int i = 0; i < OUTBOX_TRIES; i++) {
        char *name = !i ? xasprintf("%.*s.retry%d-%lld.mail", (int)blen, fname, next->k, next->first)
                     : numbered ? xasprintf("%.*s.%04d.retry%d-%lld.mail", (int)(dot - fname), fname, seq + i, next->k,
                                            next->first)
                                : xasprintf("%.*s-%d.retry%d-%lld.mail", (int)blen, fname, i, next->k, next->first);
        char *dst = spool_path(s, name);
        int rc = spool_move(src, dst), e = errno;
        free(dst);
        if (rc == 0)
            return name;
        free(name);
        if (e != EEXIST) {
            errno = e;
            return NULL;
        }
    }
    errno = EEXIST;
    return NULL;
}

/* A dead letter as dead_prune weighs it. */
typedef struct DeadFile {
    char *name;
    long long died, size;
} DeadFile;

static int dead_cmp(const void *a, const void *b)
{
    const DeadFile *x = a, *y = b;
    return x->died != y->died ? (x->died < y->died ? -1 : 1) : strcmp(x->name, y->name);
}

/* The regular files of spool/dead/ (dir), into *out (malloc'd), oldest first: by the time each died (its time
 * of change: dead_letter), then by name. Returns their count; *bytes their size in all. */
static int dead_files(const char *dir, DeadFile **out, long long *bytes)
{
    DIR *d = opendir(dir);
    struct dirent *de;
    int n = 0, cap = 0;
    *out = NULL;
    *bytes = 0;
    while (d && (de = readdir(d)) != NULL) {
        struct stat st;
        char *path = xasprintf("%s/%s", dir, de->d_name);
        if (de->d_name[0] != '.' && lstat(path, &st) == 0 && S_ISREG(st.st_mode)) {
            if (n == cap)
                *out = xrealloc(*out, (size_t)(cap = cap ? 2 * cap : 64) * sizeof **out);
            (*out)[n++] = (DeadFile){xstrdup(de->d_name), (long long)st.st_mtime, (long long)st.st_size};
            *bytes += (long long)st.st_size;
        }
        free(path);
    }
    if (d)
        closedir(d);
    if (n)
        qsort(*out, (size_t)n, sizeof **out, dead_cmp);
    return n;
}

/* Keeps spool/dead/ bounded (contract 3.2, 15.2): its oldest messages go while it holds more than DEAD_FILES
 * or more than DEAD_BYTES, and every one that died DEAD_AGE seconds or more before now; stderr says how many
 * went. Run once per delivery run that moved messages there, so that strangers' mail a mailer refuses cannot
 * fill the disk. */
static void dead_prune(const Store *s, time_t now)
{
    char *dir = store_path(s, "spool/dead");
    DeadFile *f;
    long long bytes;
    int n = dead_files(dir, &f, &bytes), gone = 0;
    for (int i = 0; i < n; i++) {
        if (n - gone > DEAD_FILES || bytes > DEAD_BYTES || f[i].died <= (long long)now - DEAD_AGE) {
            char *path = xasprintf("%s/%s", dir, f[i].name);
            if (unlink(path) == 0) {
                gone++;
                bytes -= f[i].size;
            }
            free(path);
        }
        free(f[i].name);
    }
    free(f);
    if (gone) {
        disk_sync_dir(dir);
        fprintf(stderr, "genetess: %d dead letter%s removed from spool/dead/ (it keeps at most %d messages and %lld "
                "MiB, none that died %d days ago or more)\n", gone, gone == 1 ? "" : "s", DEAD_FILES,
                DEAD_BYTES >> 20, DEAD_AGE / 86400);
    }
    free(dir);
}

/* Records that the delivery of spool/<fname> (tried behind it: t) failed at now: renamed with one more try
 * (tries_of), or, after RETRY_TRIES tries or RETRY_AGE seconds since the first failure, moved to spool/dead/
 * and no longer tried (should that fail, renamed all the same: the wait keeps doubling); stderr (the
 * caller's log) says which. */
static void delivery_failed(const Store *s, Delivery *d, const char *fname, const Tries *t, time_t now)
{
    Tries next = {.k = t->k < RETRY_K_MAX ? t->k + 1 : t->k, .first = t->k ? t->first : (long long)now};
    const char *what = d->mailer ? "mailer failed" : "delivery into outbox/ failed";
    char *src = spool_path(s, fname), *name = NULL, since[40], due[40];
    utc_time(next.first, since, sizeof since);
    if (next.k >= RETRY_TRIES || (long long)now - next.first >= RETRY_AGE)
        name = dead_letter(s, src, fname, t->base, now);
    if (name) {
        fprintf(stderr, "genetess: %s; message moved to spool/dead/%s after failing %d times since %s: not "
                "retried (move it back into spool/ to retry it)\n", what, name, next.k, since);
        d->died++;
    } else if ((name = retry_rename(s, src, fname, t->base, &next)) != NULL) {
        utc_time(retry_due(&next), due, sizeof due);
        fprintf(stderr, "genetess: %s; message stays queued as spool/%s and is retried (failed %d time%s since "
                "%s; next try not before %s)\n", what, name, next.k, next.k == 1 ? "" : "s", since, due);
        d->renamed = true;
    } else {
        fprintf(stderr, "genetess: %s; message stays queued as spool/%s and is retried (its failure is not "
                "counted: %s)\n", what, fname, strerror(errno));
    }
    free(name);
    free(src);
}

/* ---------------------------------------------------------------- one message's delivery */

/* Delivers spool/<fname> when it is due (tries_of): through the mailer, else into outbox/; a failure is
 * recorded (delivery_failed). A file that is not a regular one (a link planted there) is never sent; one
 * with a second name was delivered into outbox/, moved to spool/dead/ or renamed after a failure (spool_move)
 * by a process stopped before it removed this name, which now goes. Returns 1 delivered, 0 not. */
static int deliver_one(const Store *s, Delivery *d, const char *fname, time_t now)
{
    Tries t;
    tries_of(fname, &t);
    if ((long long)now < retry_due(&t))
        return 0;
    char *src = spool_path(s, fname), *text = NULL, *name = NULL;
    size_t len = 0;
    Err err;
    int ok = 0;
    struct stat st;
    if (lstat(src, &st) < 0) { /* gone since the spool was listed */
        free(src);
        return 0;
    }
    bool regular = S_ISREG(st.st_mode);
    if (!regular) {
        fprintf(stderr, "genetess: spool/%s is not a regular file: not sent\n", fname);
    } else if (st.st_nlink > 1) {
        ok = unlink(src) == 0 || errno == ENOENT;
    } else if (d->mailer) {
        ok = disk_read_file(src, &text, &len, &err) == 0 && run_mailer(d->mailer, text, len) == 0;
        if (ok && unlink(src) == 0)
            d->mailed = true;
    } else {
        ok = deliver_outbox(s, d, src, d->seq, now, &name) == 0;
    }
    if (!ok && regular && st.st_nlink == 1)
        delivery_failed(s, d, fname, &t, now);
    free(name);
    free(text);
    free(src);
    return ok;
}

/* Ends a delivery run: one fsync of outbox/ for every message linked or moved there (beside those put off in
 * also, which run either way), then their spool names go (a kill before leaves them with a second link:
 * delivered, never twice); the spool directory is synced when a mailer sent files (their removal must last:
 * they are not to go out twice). */
static void delivery_end(const Store *s, Delivery *d, DiskLater *also)
{
    DiskLater own = DISK_LATER_NONE, *l = also ? also : &own;
    if (d->outbox_changed) {
        char *dir = store_path(s, "outbox");
        disk_later_dir(l, dir);
        free(dir);
    }
    (void)disk_later_run(l, NULL);
    for (int i = 0; i < d->linked.n; i++)
        (void)unlink(d->linked.v[i]);
    if (d->mailed || d->renamed)
        spool_sync(s);
    if (d->died)
        dead_prune(s, d->now);
    sl_free(&d->linked);
}

void spool_free_group(time_t now, int k, char *out, size_t size)
{
    snprintf(out, size, "0.%lld-%ld-%d", (long long)now, (long)getpid(), k);
}

/* True when fname is a message of a group with a commit record in names, or of a free group
 * "0.<epoch>-<pid>-<k>" whose process still runs (it delivers its own). The group is the name up to its
 * second dot ("<n>.<tag>", "0.<epoch>-<pid>-<k>"), whatever follows (a retried message's tries). */
static bool not_ours(const char *fname, const StrList *names)
{
    const char *dot = strchr(fname, '.'), *end = dot ? strchr(dot + 1, '.') : NULL;
    if (!end)
        return false;
    /* names is sorted (spool_names): the record is looked up, not searched for (a Cleanup's run leaves
     * thousands of messages to deliver at its end) */
    char *record = xasprintf("%.*s.commit", (int)(end - fname), fname);
    bool held = names->n && bsearch(&record, names->v, (size_t)names->n, sizeof *names->v, cmp_str) != NULL;
    free(record);
    if (held)
        return true;
    const char *dash = strncmp(fname, "0.", 2) == 0 ? strchr(fname, '-') : NULL;
    long pid = dash ? strtol(dash + 1, NULL, 10) : 0;
    return pid > 0 && pid != (long)getpid() && !(kill((pid_t)pid, 0) < 0 && errno == ESRCH);
}

int spool_deliver(const Store *s, const char *group, const char *mailer, unsigned long *seq, time_t now,
                  DiskLater *also)
{
    Delivery d = {.mailer = mailer, .seq = seq, .now = now};
    StrList names = {0};
    spool_names(s, group, &names);
    int sent = 0;
    for (int i = 0; i < names.n; i++) {
        const char *f = names.v[i];
        size_t len = strlen(f);
        if (len < 5 || strcmp(f + len - 5, ".mail") != 0 || (!group && not_ours(f, &names)))
            continue;
        sent += deliver_one(s, &d, f, now);
    }
    delivery_end(s, &d, also);
    sl_free(&names);
    return sent;
}

