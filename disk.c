/* disk: single files read whole and replaced crash-safely (atomic writes in two steps, syncs side by side, the
 * temporaries' names); where they live under $PBMHOME is store.c's. */
#define _GNU_SOURCE /* sync_file_range, Linux only (disk_start_writeback) */
#include "disk.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define READ_MAX ((size_t)64 << 20) /* disk_read_file refuses files over 64 MiB */

/* ---------------------------------------------------------------- reading */

/* Reads path whole, NUL bytes allowed. Returns 0, 1 when missing, -1 with err. */
int disk_read_raw(const char *path, char **out, size_t *len, Err *err)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
    if (fd < 0) {
        int e = errno;
        if (e == ENOENT || e == ENOTDIR)
            return 1;
        return err_fail(err, "cannot read %s: %s", path, strerror(e));
    }
    struct stat st;
    if (fstat(fd, &st) < 0) {
        int e = errno;
        close(fd);
        return err_fail(err, "cannot read %s: %s", path, strerror(e));
    }
    if (!S_ISREG(st.st_mode)) {
        close(fd);
        return err_fail(err, "%s is not a text file", path);
    }
    if ((uint64_t)st.st_size > READ_MAX) {
        close(fd);
        return err_fail(err, "%s is too large", path);
    }
    size_t cap = (size_t)st.st_size + 1, n = 0;
    char *buf = xmalloc(cap);
    for (;;) {
        if (n + 1 >= cap) {
            if (cap > READ_MAX + 1) {
                close(fd);
                free(buf);
                return err_fail(err, "%s is too large", path);
            }
            cap *= 2;
            buf = xrealloc(buf, cap);
        }
        ssize_t r = read(fd, buf + n, cap - n - 1);
        if (r < 0) {
            int e = errno;
            if (e == EINTR)
                continue;
            close(fd);
            free(buf);
            return err_fail(err, "cannot read %s: %s", path, strerror(e));
        }
        if (r == 0)
            break;
        n += (size_t)r;
    }
    close(fd);
    if (n > READ_MAX) {
        free(buf);
        return err_fail(err, "%s is too large", path);
    }
    buf[n] = '\0';
    *out = buf;
    if (len)
        *len = n;
    return 0;
}

int disk_read_file(const char *path, char **out, size_t *len, Err *err)
{
    char *buf;
    size_t n;
    int rc = disk_read_raw(path, &buf, &n, err);
    if (rc != 0)
        return rc;
    if (memchr(buf, '\0', n)) {
        free(buf);
        return err_fail(err, "%s is not a text file", path);
    }
    *out = buf;
    if (len)
        *len = n;
    return 0;
}

/* ---------------------------------------------------------------- syncing */

/* One thread's share of disk_sync_files: fds[k], fds[k + step], ...; the first failure's index in *bad. */
typedef struct SyncShare {
    const int *fds;
    int n, k, step, bad, err;
} SyncShare;

static void *sync_share(void *arg)
{
    SyncShare *sh = arg;
    for (int i = sh->k; i < sh->n; i += sh->step)
        if (fsync(sh->fds[i]) < 0 && sh->bad < 0) {
            sh->bad = i;
            sh->err = errno;
        }
    return NULL;
}

enum { SYNC_THREADS = 5 }; /* 10 files synced by 1, 2, 3, 5, 10 threads: 0.63, 0.53, 0.47, 0.38, 0.43 ms */

int disk_sync_files(const int *fds, int n, int *bad)
{
    SyncShare sh[SYNC_THREADS];
    pthread_t th[SYNC_THREADS];
    bool started[SYNC_THREADS] = {false};
    int nt = n < SYNC_THREADS ? n : SYNC_THREADS;
    pthread_attr_t attr;
    bool attr_ok = nt > 1 && pthread_attr_init(&attr) == 0;
    if (attr_ok)
        (void)pthread_attr_setstacksize(&attr, 256 * 1024); /* a loop of fsyncs: the default 8 MiB is waste */
    for (int i = 0; i < nt; i++)
        sh[i] = (SyncShare){.fds = fds, .n = n, .k = i, .step = nt, .bad = -1};
    for (int i = 1; i < nt && attr_ok; i++)
        started[i] = pthread_create(&th[i], &attr, sync_share, &sh[i]) == 0;
    for (int i = 0; i < nt; i++) /* the shares no thread took (none could start) run here */
        if (!started[i])
            sync_share(&sh[i]);
    int rc = 0, e = 0;
    for (int i = 0; i < nt; i++) { /* each share's first failure is its lowest: the lowest of them is told */
        if (started[i])
            (void)pthread_join(th[i], NULL);
        if (sh[i].bad >= 0 && (rc == 0 || sh[i].bad < *bad)) {
            rc = -1;
            *bad = sh[i].bad;
            e = sh[i].err;
        }
    }
    if (attr_ok)
        (void)pthread_attr_destroy(&attr);
    if (rc < 0)
        errno = e;
    return rc;
}

void disk_start_writeback(int fd)
{
#if defined(__linux__) && defined(SYNC_FILE_RANGE_WRITE)
    (void)sync_file_range(fd, 0, 0, SYNC_FILE_RANGE_WRITE);
#else
    (void)fd;
#endif
}

void disk_sync_dir(const char *dir)
{
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return;
    (void)fsync(fd);
    close(fd);
}

void disk_later_dir(DiskLater *l, const char *dir)
{
    if (!l || l->n == DISK_LATER_MAX) {
        disk_sync_dir(dir);
        return;
    }
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0)
        l->fd[l->n++] = fd;
}

int disk_later_run(DiskLater *l, DiskWrite *w)
{
    int fds[DISK_LATER_MAX + 1], n = 0, bad = -1;
    if (w) /* first: its failure is the one disk_sync_files tells */
        fds[n++] = w->fd;
    for (int i = 0; l && i < l->n; i++)
        fds[n++] = l->fd[i];
    int rc = n ? disk_sync_files(fds, n, &bad) : 0, e = errno;
    for (int i = 0; l && i < l->n; i++)
        close(l->fd[i]);
    if (l)
        l->n = 0;
    bool failed = w && rc < 0 && bad == 0;
    if (w && !failed)
        w->synced = true;
    errno = e;
    return failed ? -1 : 0;
}

char *disk_dir_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        return xstrdup(".");
    if (slash == path)
        return xstrdup("/");
    size_t n = (size_t)(slash - path);
    char *d = xmalloc(n + 1);
    memcpy(d, path, n);
    d[n] = '\0';
    return d;
}

/* ---------------------------------------------------------------- atomic writes */

char *disk_temp_path(const char *path)
{
    const char *slash = strrchr(path, '/');
    return xasprintf("%.*s.%s.tmp.%ld", slash ? (int)(slash - path + 1) : 0, path, slash ? slash + 1 : path,
                     (long)getpid());
}

long disk_temp_pid(const char *name)
{
    const char *p = NULL;
    if (name[0] != '.')
        return 0;
    if (strncmp(name, ".tmp.", 5) == 0)
        p = name + 5;
    else if ((p = strstr(name, ".tmp.")) != NULL)
        p += 5;
    if (!p || !isdigit((unsigned char)*p))
        return 0;
    char *end;
    long pid = strtol(p, &end, 10);
    return *end == '\0' || *end == '.' || *end == '-' ? pid : 0;
}

/* disk_write_begin; with reuse, disk_write_over. */
static int write_begin(const char *path, const char *data, size_t len, DiskWrite *w, Err *err, bool reuse)
{
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    *w = DISK_WRITE_NONE;
    if (!*base)
        return err_fail(err, "cannot write %s: no file name", path);
    w->path = xstrdup(path);
    w->dir = disk_dir_of(path);
    w->tmp = disk_temp_path(path);
    bool over = false; /* written over from its start, not emptied first: see below */
    if (reuse)
        over = (w->fd = open(w->tmp, O_WRONLY | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW)) >= 0;
    if (w->fd < 0) {
        /* a stale temporary of a dead process with our pid, or a link planted under its name: the name goes,
         * and the file is made new (O_EXCL: never one that is there, a link included) */
        (void)unlink(w->tmp);
        w->fd = open(w->tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW, 0600);
    }
    struct stat st;
    if (w->fd >= 0 && lstat(path, &st) == 0 && S_ISREG(st.st_mode))
        (void)fchmod(w->fd, st.st_mode & 07777); /* an existing file's mode is kept (never a link's target's) */
    /* a spare is written over in place and cut to the new length after: emptied first, its blocks would be freed
     * (on a file system mounted with discard, each free waits for the disk) and others allocated for the same
     * bytes */
    if (w->fd < 0 || fd_write_all(w->fd, data, len) < 0 || (over && ftruncate(w->fd, (off_t)len) < 0)) {
        err_fail(err, "cannot %s %s: %s", w->fd < 0 ? "create" : "write", w->tmp, strerror(errno));
        disk_write_abandon(w);
        return -1;
    }
    disk_start_writeback(w->fd);
    return 0;
}

int disk_write_begin(const char *path, const char *data, size_t len, DiskWrite *w, Err *err)
{
    return write_begin(path, data, len, w, err, false);
}

int disk_write_over(const char *path, const char *data, size_t len, DiskWrite *w, Err *err)
{
    return write_begin(path, data, len, w, err, true);
}

void disk_write_abandon(DiskWrite *w)
{
    if (w->fd >= 0)
        close(w->fd);
    if (w->tmp)
        (void)unlink(w->tmp);
    free(w->tmp);
    free(w->dir);
    free(w->path);
    *w = DISK_WRITE_NONE;
}

int disk_write_finish(DiskWrite *w, Err *err)
{
    int fd = w->fd;
    w->fd = -1;
    bool wrote = w->synced || fsync(fd) == 0;
    wrote = close(fd) == 0 && wrote; /* the descriptor closes whether or not the sync failed */
    bool renamed = wrote && rename(w->tmp, w->path) == 0;
    if (!renamed) {
        err_fail(err, "cannot %s %s: %s", wrote ? "rename" : "write", wrote ? w->path : w->tmp, strerror(errno));
        disk_write_abandon(w);
        return -1;
    }
    disk_later_dir(w->later, w->dir);
    free(w->tmp);
    w->tmp = NULL; /* renamed: nothing to remove */
    disk_write_abandon(w);
    return 0;
}

int disk_write_atomic(const char *path, const char *data, size_t len, Err *err)
{
    DiskWrite w;
    return disk_write_begin(path, data, len, &w, err) < 0 ? -1 : disk_write_finish(&w, err);
}
