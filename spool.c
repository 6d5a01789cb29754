/* spool: the files of spool/ — a group's messages written and synced together, the groups' commit records —
 * and the delivery of what is spooled, through a mailer or into outbox/ (contract 3.2). */
#include "spool.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
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

/* ---------------------------------------------------------------- writing */

/* A spool name "<n>.<tag>.<seq>.mail" (a message) or "<n>.<tag>.commit" (a group's commit record). */
static char *spool_path(const Store *s, const char *name)
{
    char *rel = xasprintf("spool/%s", name);
    char *p = store_path(s, rel);
    free(rel);
    return p;
}

/* A spool file being written: spool/.tmp.<pid>.<name> until it is synced and renamed to spool/<name>. */
typedef struct SpoolFile {
    char *tmp, *path;
    int fd;
    bool data;
} SpoolFile;

/* Writes text to f's temporary file and starts its writeback without waiting (spool_finish syncs it),
 * so that the messages of a group are written out together. 0 or -1 with err (nothing left behind). */
static int spool_begin(const Store *s, const char *name, const char *text, SpoolFile *f, Err *err)
{
    char *tmpname = xasprintf(".tmp.%ld.%s", (long)getpid(), name);
    *f = (SpoolFile){.tmp = spool_path(s, tmpname), .path = spool_path(s, name), .data = *text != '\0'};
    free(tmpname);
    f->fd = open(f->tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOCTTY, 0644);
    if (f->fd >= 0 && (!f->data || fd_write_all(f->fd, text, strlen(text)) == 0)) {
        if (f->data)
            store_start_writeback(f->fd);
        return 0;
    }
    int e = errno;
    err_fail(err, "cannot write %s: %s", f->tmp, strerror(e));
    if (f->fd >= 0)
        close(f->fd);
    (void)unlink(f->tmp);
    free(f->tmp);
    free(f->path);
    *f = (SpoolFile){.fd = -1};
    errno = e; /* the caller tells a lack of descriptors from other failures */
    return -1;
}

/* Closes f and renames it into place (its data, if any, synced already: spool_messages; an empty file, a
 * commit record, has none to sync: its name is what counts, and the spool directory's fsync, which the
 * caller makes before the board commit, covers it); with ok false (an earlier file failed) only removes
 * it. 0 or -1 with err. */
static int spool_finish(SpoolFile *f, bool ok, Err *err)
{
    if (f->fd < 0)
        return -1;
    int rc = 0;
    if (!ok) {
        close(f->fd);
        rc = -1;
    } else if (close(f->fd) < 0 || rename(f->tmp, f->path) < 0) {
        rc = err_fail(err, "cannot write %s: %s", f->path, strerror(errno));
    }
    if (rc < 0)
        (void)unlink(f->tmp);
    free(f->tmp);
    free(f->path);
    *f = (SpoolFile){.fd = -1};
    return rc;
}

/* Syncs the n spool files f (begun, each with data) and the nalso files also (the board's, synced with
 * them: store_write_fds) all at once. 0 or -1 with err. */
static int spool_sync_files(const SpoolFile *f, int n, const int *also, int nalso, Err *err)
{
    int *fds = xcalloc((size_t)(n + nalso + 1), sizeof *fds), bad = 0;
    for (int i = 0; i < n; i++)
        fds[i] = f[i].fd;
    for (int i = 0; i < nalso; i++)
        fds[n + i] = also[i];
    int rc = store_sync_files(fds, n + nalso, &bad);
    free(fds);
    if (rc < 0)
        return bad < n ? err_fail(err, "cannot write %s: %s", f[bad].tmp, strerror(errno))
                       : err_fail(err, "cannot sync the board's files: %s", strerror(errno));
    return 0;
}

/* Writes text as spool/<name>: spool_begin, then spool_finish. */
static int spool_write_one(const Store *s, const char *name, const char *text, Err *err)
{
    SpoolFile f;
    return spool_begin(s, name, text, &f, err) < 0 ? -1 : spool_finish(&f, true, err);
}

void spool_sync(const Store *s)
{
    char *dir = store_path(s, "spool");
    store_sync_dir(dir);
    free(dir);
}

/* The name of the next message of group in the spool ("<group>.<seq>.mail", seq 0001 ...; a name taken
 * is skipped); *seq is the last one used. Caller frees. */
static char *next_spool_name(const Store *s, const char *group, int *seq)
{
    char *name = NULL, *path = NULL;
    do {
        free(name);
        free(path);
        name = xasprintf("%s.%04d.mail", group, ++*seq);
        path = spool_path(s, name);
    } while (access(path, F_OK) == 0 && *seq < OUTBOX_TRIES);
    free(path);
    return name;
}

/* Begins the messages of a group (n in all, message k's text from text(ctx, k, seq)) from the *k-th on into f:
 * at most SPOOL_BATCH, and fewer when the process has no descriptor left for the next (a lack of descriptors
 * is no failure as long as one file opens). *k and *seq advance past those begun, *got says how many.
 * 0, or -1 with err (the *got begun stay to be removed). */
static int batch_begin(const Store *s, const char *group, int n, SpoolText *text, void *ctx, int *k, int *seq,
                       SpoolFile *f, int *got, Err *err)
{
    for (*got = 0; *k < n && *got < SPOOL_BATCH;) {
        int last_seq = *seq;
        char *name = next_spool_name(s, group, seq);
        char *t = text(ctx, *k, *seq);
        int rc = spool_begin(s, name, t, &f[*got], err), e = errno;
        free(t);
        free(name);
        if (rc < 0 && *got > 0 && (e == EMFILE || e == ENFILE)) {
            *seq = last_seq; /* the next batch writes it, under the same name */
            return 0;
        }
        if (rc < 0)
            return -1;
        ++*got;
        ++*k;
    }
    return 0;
}

/* In batches of at most SPOOL_BATCH open files (fewer when descriptors run short): each batch written, synced
 * at once (the last one together with the files also) and renamed into place before the next is begun, so
 * that a group of any size needs no more descriptors than a batch (contract 3.2). */
int spool_write(const Store *s, const char *group, int n, SpoolText *text, void *ctx, const int *also, int nalso,
                Err *err)
{
    SpoolFile f[SPOOL_BATCH];
    int rc = 0, seq = 0, k = 0;
    do {
        int got = 0;
        rc = batch_begin(s, group, n, text, ctx, &k, &seq, f, &got, err);
        bool last = k == n;
        if (rc == 0)
            rc = spool_sync_files(f, got, last ? also : NULL, last ? nalso : 0, err);
        for (int i = 0; i < got; i++)
            if (spool_finish(&f[i], rc == 0, err) < 0)
                rc = -1;
    } while (rc == 0 && k < n);
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
        int fd = open(shared, O_WRONLY | O_CREAT | O_CLOEXEC | O_NOCTTY, 0644);
        linked = fd >= 0 && close(fd) == 0 && link(shared, path) == 0;
    }
    int rc = linked ? 0 : spool_write_one(s, name, "", err);
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

/* Removes the spool files whose names start with "<group>." and end in suffix ("" every one); sync: then
 * fsyncs the spool directory. */
static void spool_remove(const Store *s, const char *group, const char *suffix, bool sync)
{
    StrList all = {0};
    spool_names(s, group, &all);
    size_t sl = strlen(suffix);
    for (int i = 0; i < all.n; i++) {
        size_t len = strlen(all.v[i]);
        if (len < sl || strcmp(all.v[i] + len - sl, suffix) != 0)
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
    spool_remove(s, group, "", true); /* the messages, then the record: sorted, ".0001.mail" < ".commit" */
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
    bool outbox_changed, mailed;
} Delivery;

/* Delivers spool file path into outbox/<epoch>-<pid>-<seq>.mail: a hard link (never replacing a
 * message already there; *seq advances past every name tried); the spool name goes after outbox/ is
 * synced, once for the whole run (delivery_end). A spool file with a second link was delivered by a
 * process killed before it removed it. Returns 0 with *name (malloc'd) or -1 (a warning is on stderr). */
static int deliver_outbox(const Store *s, Delivery *d, const char *src, unsigned long *seq, time_t now, char **name)
{
    struct stat st;
    if (stat(src, &st) == 0 && st.st_nlink > 1) {
        *name = xstrdup("(already)");
        return unlink(src) == 0 || errno == ENOENT ? 0 : -1;
    }
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

/* Delivers spool/<name>: through the mailer (kept for a retry when it fails), else into outbox/.
 * Returns 1 delivered, 0 not. */
static int deliver_one(const Store *s, Delivery *d, const char *fname, time_t now)
{
    char *src = spool_path(s, fname);
    char *text = NULL, *name = NULL;
    size_t len = 0;
    Err err;
    int ok = 0;
    if (d->mailer) {
        if (store_read_file(src, &text, &len, &err) == 0 && run_mailer(d->mailer, text, len) == 0) {
            (void)unlink(src);
            d->mailed = true;
            ok = 1;
        } else {
            fprintf(stderr, "genetess: mailer failed; message stays queued as spool/%s and is retried\n", fname);
        }
    } else if (deliver_outbox(s, d, src, d->seq, now, &name) == 0) {
        ok = 1;
    }
    free(name);
    free(text);
    free(src);
    return ok;
}

/* Ends a delivery run: one fsync of outbox/ for every message linked or moved there, then their spool
 * names go (a kill before leaves them with a second link: delivered, never twice); the spool directory is
 * synced when a mailer sent files (their removal must last: they are not to go out twice). */
static void delivery_end(const Store *s, Delivery *d)
{
    if (d->outbox_changed) {
        char *dir = store_path(s, "outbox");
        store_sync_dir(dir);
        free(dir);
    }
    for (int i = 0; i < d->linked.n; i++)
        (void)unlink(d->linked.v[i]);
    if (d->mailed)
        spool_sync(s);
    sl_free(&d->linked);
}

/* True when fname is a message of a group with a commit record in names, or of a free group
 * "0.<epoch>-<pid>" whose process still runs (it delivers its own). */
static bool not_ours(const char *fname, const StrList *names)
{
    const char *dot = strrchr(fname, '.');
    const char *seqdot = dot;
    while (seqdot > fname && *--seqdot != '.')
        ;
    /* names is sorted (spool_names): the record is looked up, not searched for (a Cleanup's run leaves
     * thousands of messages to deliver at its end) */
    char *record = xasprintf("%.*s.commit", (int)(seqdot - fname), fname);
    bool held = names->n && bsearch(&record, names->v, (size_t)names->n, sizeof *names->v, cmp_str) != NULL;
    free(record);
    if (held)
        return true;
    const char *dash = strncmp(fname, "0.", 2) == 0 ? strchr(fname, '-') : NULL;
    long pid = dash ? strtol(dash + 1, NULL, 10) : 0;
    return pid > 0 && pid != (long)getpid() && !(kill((pid_t)pid, 0) < 0 && errno == ESRCH);
}

int spool_deliver(const Store *s, const char *group, const char *mailer, unsigned long *seq, time_t now)
{
    Delivery d = {.mailer = mailer, .seq = seq};
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
    delivery_end(s, &d);
    sl_free(&names);
    return sent;
}

