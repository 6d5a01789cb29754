/* store: where files live under $PBMHOME — its directories, the lock, board files and their numbers, move lists,
 * lists, commit tags, the sweep of temporaries, the mail front's var/ (each file written through disk.c; etc/users:
 * users.c). */
#include "store.h"

#include "disk.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>

#define LOCK_WAIT_DEFAULT 60        /* contract 5: a command waits up to 60 s */
#define LOCK_POLL_NS 100000000L     /* 100 ms */
#define FIRST_BOARD 101             /* contract 1: the first board is 101 */
#define BOARD_MAX 999999999         /* [1-9][0-9]{0,8} */

#define GAMES_DIR "games/Genetess"
#define ARCHIVE_DIR "games/Genetess-archive"

/* ---------------------------------------------------------------- directories */

/* Makes directory path (mode 0700: only the home's owner reads it, contract 9) if missing; sets *created when
 * it did. */
static int make_dir(const char *path, bool *created, Err *err)
{
    if (created)
        *created = false;
    if (mkdir(path, 0700) == 0) {
        if (created)
            *created = true;
        return 0;
    }
    int e = errno;
    struct stat st;
    if (e == EEXIST && stat(path, &st) == 0) {
        if (S_ISDIR(st.st_mode))
            return 0;
        return err_fail(err, "%s is not a directory", path);
    }
    return err_fail(err, "cannot create directory %s: %s", path, strerror(e));
}

/* mkdir -p: makes path and its missing parents. */
static int make_dirs(const char *path, Err *err)
{
    char *p = xstrdup(path);
    int rc = 0;
    for (char *q = p + 1; *q && rc == 0; q++) {
        if (*q != '/')
            continue;
        *q = '\0';
        rc = make_dir(p, NULL, err);
        *q = '/';
    }
    if (rc == 0)
        rc = make_dir(p, NULL, err);
    free(p);
    return rc;
}

int store_open(Store *s, const Host *host, Err *err)
{
    s->home = NULL;
    s->lockfd = -1;
    s->unclean = false;
    s->users_snap = NULL;
    s->tally = host->tally;
    if (s->tally)
        s->tally->opens++;
    s->lock_wait = host->lock_wait < 0 ? LOCK_WAIT_DEFAULT : host->lock_wait > 86400 ? 86400 : host->lock_wait;

    if (!host->home || !*host->home)
        return err_fail(err, "neither PBMHOME nor HOME is set");
    char *home = xstrdup(host->home);
    size_t n = strlen(home);
    while (n > 1 && home[n - 1] == '/')
        home[--n] = '\0';
    bool created = false;
    if ((host->home_is_default ? make_dir(home, &created, err) : make_dirs(home, err)) < 0) {
        free(home);
        return -1;
    }
    if (created)
        fprintf(stderr, "genetess: using %s as PBMHOME\n", home);

    static const char *const subdirs[] = {"games", GAMES_DIR, ARCHIVE_DIR, "etc", "history", "outbox", "spool"};
    for (size_t i = 0; i < sizeof subdirs / sizeof subdirs[0]; i++) {
        char *p = xasprintf("%s/%s", home, subdirs[i]);
        int rc = make_dir(p, NULL, err);
        free(p);
        if (rc < 0) {
            free(home);
            return -1;
        }
    }
    s->home = home;
    s->users_snap = xcalloc(1, sizeof *s->users_snap);
    return 0;
}

void store_close(Store *s)
{
    store_unlock(s);
    free(s->home);
    s->home = NULL;
    free(s->users_snap);
    s->users_snap = NULL;
}

void store_users_forget(const Store *s)
{
    if (!s->users_snap)
        return;
    free(s->users_snap->text);
    *s->users_snap = (StoreUsersSnap){0};
}

char *store_path(const Store *s, const char *rel)
{
    size_t h = strlen(s->home), r = strlen(rel) + 1; /* "<home>/<rel>": no printf, as every file is named so */
    char *p = xmalloc(h + 1 + r);
    memcpy(p, s->home, h);
    p[h] = '/';
    memcpy(p + h + 1, rel, r);
    return p;
}

/* ---------------------------------------------------------------- lock */

static double now_monotonic(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int store_lock(Store *s, Err *err)
{
    if (s->lockfd >= 0)
        return 0;
    char *path = store_path(s, GAMES_DIR "/.lockfile");
    int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW, 0600); /* never through a link */
    if (fd < 0) {
        int e = errno;
        err_fail(err, "cannot open %s: %s", path, strerror(e));
        free(path);
        return -1;
    }
    double deadline = now_monotonic() + (double)s->lock_wait;
    for (;;) {
        struct flock fl = {.l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = 0, .l_len = 0};
        if (fcntl(fd, F_SETLK, &fl) == 0)
            break;
        int e = errno;
        if (e != EACCES && e != EAGAIN && e != EINTR) {
            err_fail(err, "cannot lock %s: %s", path, strerror(e));
            close(fd);
            free(path);
            return -1;
        }
        if (now_monotonic() >= deadline) {
            close(fd);
            free(path);
            err_fail(err, "Genetess is busy; try again later");
            return STORE_LOCK_BUSY;
        }
        struct timespec ts = {.tv_sec = 0, .tv_nsec = LOCK_POLL_NS};
        nanosleep(&ts, NULL);
    }
    free(path);
    s->lockfd = fd;
    if (s->tally)
        s->tally->locks++;
    char mark = '\0';
    s->unclean = pread(fd, &mark, 1, 0) != 1 || mark != '0';
    if (mark != '1' && pwrite(fd, "1", 1, 0) != 1)
        s->unclean = true; /* no mark to trust: every taker sweeps */
    return 0;
}

void store_unlock(Store *s)
{
    store_users_forget(s); /* read under this hold: another process may change the file once it is let go */
    if (s->lockfd < 0)
        return;
    (void)pwrite(s->lockfd, "0", 1, 0); /* finished: nothing of ours is left half done */
    struct flock fl = {.l_type = F_UNLCK, .l_whence = SEEK_SET, .l_start = 0, .l_len = 0};
    (void)fcntl(s->lockfd, F_SETLK, &fl);
    close(s->lockfd);
    s->lockfd = -1;
}

/* ---------------------------------------------------------------- boards */

bool store_valid_board_number(const char *s, int *n)
{
    if (!s || s[0] < '1' || s[0] > '9')
        return false;
    int v = 0;
    size_t i = 0;
    for (; s[i]; i++) {
        if (i >= 9 || !isdigit((unsigned char)s[i]))
            return false;
        v = v * 10 + (s[i] - '0');
    }
    if (n)
        *n = v;
    return true;
}

/* "<home>/<dir>/<prefix><n>", malloc'd. */
static char *store_board_path(const Store *s, const char *dir, const char *prefix, int n)
{
    return xasprintf("%s/%s/%s%d", s->home, dir, prefix, n);
}

static int check_number(int n, Err *err)
{
    if (n < 1 || n > BOARD_MAX)
        return err_fail(err, "Genetess board %d not found", n);
    return 0;
}

int store_load_board(const Store *s, int n, char **text, bool *archived, Err *err)
{
    if (archived)
        *archived = false;
    if (n < 1 || n > BOARD_MAX)
        return 1;
    if (s->tally)
        s->tally->boards++;
    char *p = store_board_path(s, GAMES_DIR, "", n);
    int rc = disk_read_file(p, text, NULL, err);
    free(p);
    if (rc != 1)
        return rc;
    p = store_board_path(s, ARCHIVE_DIR, "", n);
    rc = disk_read_file(p, text, NULL, err);
    free(p);
    if (rc == 0 && archived)
        *archived = true;
    return rc;
}

/* ---------------------------------------------------------------- move lists (<n>.moves) */

char *store_moves_path(const Store *s, int n, bool archived)
{
    return xasprintf("%s/%s/%d.moves", s->home, archived ? ARCHIVE_DIR : GAMES_DIR, n);
}

int store_moves_read(const Store *s, int n, char **text, size_t *len, Err *err)
{
    int rc = 1;
    for (int k = 0; k < 2 && rc == 1; k++) { /* a board archived by a killed Cleanup may have left it behind */
        char *p = store_moves_path(s, n, k == 1);
        rc = disk_read_file(p, text, len, err);
        free(p);
    }
    return rc;
}

int store_moves_read_at(const Store *s, int n, int64_t off, size_t len, char *buf, Err *err)
{
    int fd = -1;
    char *p = NULL;
    for (int k = 0; k < 2 && fd < 0; k++) { /* as store_moves_read: running, else archived */
        free(p);
        p = store_moves_path(s, n, k == 1);
        fd = open(p, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW | O_NONBLOCK);
        if (fd < 0 && errno != ENOENT) {
            int rc = err_fail(err, "cannot read %s: %s", p, strerror(errno));
            free(p);
            return rc;
        }
    }
    if (fd < 0) {
        free(p);
        return 1;
    }
    struct stat st;
    int rc = fstat(fd, &st) < 0 ? err_fail(err, "cannot read %s: %s", p, strerror(errno))
             : !S_ISREG(st.st_mode) ? err_fail(err, "%s is not a regular file", p)
                                     : 0;
    size_t got = 0;
    while (rc == 0 && got < len) {
        ssize_t r = pread(fd, buf + got, len - got, (off_t)(off + (int64_t)got));
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            rc = r < 0 ? err_fail(err, "cannot read %s: %s", p, strerror(errno))
                       : err_fail(err, "%s holds fewer than the %lld bytes of the lines the board counts", p,
                                  (long long)(off + (int64_t)len));
        else
            got += (size_t)r;
    }
    close(fd);
    free(p);
    return rc;
}

/* The length of the first count lines of the open file fd (-1: it holds fewer). Reads the file. */
static int64_t lines_length(int fd, int64_t count)
{
    char buf[65536];
    int64_t off = 0, seen = 0;
    ssize_t got;
    while (seen < count && (got = pread(fd, buf, sizeof buf, off)) > 0) {
        for (const char *p = buf, *e = buf + got; seen < count && (p = memchr(p, '\n', (size_t)(e - p))); p++) {
            seen++;
            if (seen == count)
                return off + (int64_t)(p - buf) + 1;
        }
        off += got;
    }
    return count == 0 ? 0 : -1;
}

int store_moves_append(const Store *s, int n, int64_t count, int64_t *end, const char *text, size_t len, Err *err)
{
    if (check_number(n, err) < 0)
        return -1;
    char *p = store_moves_path(s, n, false);
    /* never through a link; made only for a board that counts no lines yet: one that counts some and has no
     * list is damaged (contract 10.3), and a refused save leaves no file behind */
    int fd = open(p, O_RDWR | (count == 0 ? O_CREAT : 0) | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW, 0600);
    struct stat st;
    int rc = fd < 0 && errno == ENOENT
                 ? err_fail(err, "%s is missing: the board counts %lld lines", p, (long long)count)
             : fd < 0 || fstat(fd, &st) < 0 ? err_fail(err, "cannot open %s: %s", p, strerror(errno))
                                            : 0;
    int64_t at = *end;
    if (rc == 0 && (at < 0 || at > (int64_t)st.st_size)) /* not known, or not what the file holds: count */
        at = lines_length(fd, count);
    if (rc == 0 && at < 0)
        rc = err_fail(err, "%s holds fewer than the %lld lines the board counts", p, (long long)count);
    /* lines past the board's count are a killed command's: dropped before ours go on */
    if (rc == 0 && (int64_t)st.st_size != at && ftruncate(fd, (off_t)at) < 0)
        rc = err_fail(err, "cannot trim %s: %s", p, strerror(errno));
    if (rc == 0 && len && (lseek(fd, (off_t)at, SEEK_SET) < 0 || fd_write_all(fd, text, len) < 0))
        rc = err_fail(err, "cannot write %s: %s", p, strerror(errno));
    if (rc == 0 && len) /* synced by store_save_board, while the spool is written: one wait for both */
        disk_start_writeback(fd);
    if (rc == 0 && at == 0 && len) { /* the first lines: the file may be new, and its name must last too */
        char *dir = disk_dir_of(p);
        disk_sync_dir(dir);
        free(dir);
    }
    if (rc == 0)
        *end = at + (int64_t)len;
    if (fd >= 0)
        close(fd);
    free(p);
    return rc;
}

/* Keeps the committed file cur as prev: a hard link under prev's temporary name renamed over prev — the
 * file itself, whose data was synced when it was committed, so no write and no fsync of its own (the
 * directory's fsync after the next rename covers the name). A file system without hard links gets a
 * synced copy. 0 (also when there is no cur yet) or -1 with err. */
static int keep_previous(const char *cur, const char *prev, Err *err)
{
    char *tmp = disk_temp_path(prev);
    int rc = 0;
    (void)unlink(tmp); /* a stale temporary of a dead process with our pid */
    if (link(cur, tmp) == 0) {
        if (rename(tmp, prev) < 0)
            rc = err_fail(err, "cannot rename %s: %s", prev, strerror(errno));
        (void)unlink(tmp); /* rename leaves both names when prev is cur already (a save killed after this) */
    } else if (errno != ENOENT) {
        char *old = NULL;
        size_t oldlen = 0;
        rc = disk_read_raw(cur, &old, &oldlen, err);
        if (rc == 0)
            rc = disk_write_atomic(prev, old, oldlen, err);
        else if (rc == 1)
            rc = 0;
        free(old);
    }
    free(tmp);
    return rc;
}

/* Syncs w's move list (when the board has one): its lines must be on disk before the board that counts
 * them. 0 or -1 with err. */
static int sync_moves(const StoreWrite *w, Err *err)
{
    if (w->file.synced || w->moves_fd < 0 || fsync(w->moves_fd) == 0)
        return 0;
    return err_fail(err, "cannot sync the move list of %s: %s", w->file.path, strerror(errno));
}

/* Whether prev, the previous version of the board file cur, is a file of its own (not cur itself, not linked
 * anywhere else): once cur is kept as prev, that older file is no longer needed and can hold the new text. */
static bool spare_previous(const char *cur, const char *prev)
{
    struct stat sc, sp;
    return stat(cur, &sc) == 0 && lstat(prev, &sp) == 0 && S_ISREG(sp.st_mode) && sp.st_nlink == 1 &&
           (sp.st_ino != sc.st_ino || sp.st_dev != sc.st_dev);
}

/* Begins writing text as cur's new version (w, as disk_write_begin) into the file prev held, cur kept as prev:
 * the file prev held is taken for the new text (under the temporary name) before cur becomes prev, so that at
 * every moment cur is the committed file and prev a previous one, and no file is made. When cur cannot be kept
 * as prev (prev a directory, say), the write fails if keep says the previous version must be there (a board's:
 * one step back), else the new text goes to a file of its own and prev is left as it is. 0 or -1 with err. */
static int begin_over_previous(const char *cur, const char *prev, const char *text, bool keep, DiskWrite *w,
                               Err *err)
{
    char *tmp = disk_temp_path(cur); /* the name disk_write_over writes through */
    (void)unlink(tmp);
    bool reuse = spare_previous(cur, prev) && link(prev, tmp) == 0;
    int rc = keep_previous(cur, prev, err);
    if (rc == 0) {
        rc = (reuse ? disk_write_over : disk_write_begin)(cur, text, strlen(text), w, err);
    } else {
        (void)unlink(tmp);
        if (!keep) /* the previous version not kept: the new text to a file of its own */
            rc = disk_write_begin(cur, text, strlen(text), w, err);
    }
    free(tmp);
    return rc;
}

int store_board_begin(const Store *s, int n, const char *text, StoreWrite *w, Err *err)
{
    *w = STORE_WRITE_NONE;
    if (check_number(n, err) < 0)
        return -1;
    char *cur = store_board_path(s, GAMES_DIR, "", n), *prev = store_board_path(s, GAMES_DIR, ".", n);
    int rc = begin_over_previous(cur, prev, text, true, &w->file, err);
    if (rc == 0) { /* open now, so that a caller can sync it together with other files (store_board_fds) */
        char *moves = store_moves_path(s, n, false);
        w->moves_fd = open(moves, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW);
        free(moves);
    }
    free(prev);
    free(cur);
    return rc;
}

int store_board_fds(const StoreWrite *w, int fds[2])
{
    int n = 0;
    if (w->file.fd >= 0)
        fds[n++] = w->file.fd;
    if (w->moves_fd >= 0)
        fds[n++] = w->moves_fd;
    return n;
}

int store_board_finish(StoreWrite *w, Err *err)
{
    int rc = sync_moves(w, err);
    if (w->moves_fd >= 0)
        close(w->moves_fd);
    w->moves_fd = -1;
    if (rc == 0)
        return disk_write_finish(&w->file, err);
    disk_write_abandon(&w->file);
    return -1;
}

void store_board_abandon(StoreWrite *w)
{
    if (w->moves_fd >= 0)
        close(w->moves_fd);
    w->moves_fd = -1;
    disk_write_abandon(&w->file);
}

int store_save_board(const Store *s, int n, const char *text, Err *err)
{
    StoreWrite w;
    return store_board_begin(s, n, text, &w, err) < 0 ? -1 : store_board_finish(&w, err);
}

/* Removes path; a missing file is fine. */
static int remove_file(const char *path, Err *err)
{
    if (unlink(path) < 0 && errno != ENOENT) {
        int e = errno;
        return err_fail(err, "cannot remove %s: %s", path, strerror(e));
    }
    return 0;
}

int store_delete_board(const Store *s, int n, Err *err)
{
    if (check_number(n, err) < 0)
        return -1;
    char *cur = store_board_path(s, GAMES_DIR, "", n);
    char *prev = store_board_path(s, GAMES_DIR, ".", n);
    char *moves = store_moves_path(s, n, false);
    int rc = remove_file(cur, err);
    if (rc == 0)
        rc = remove_file(prev, err);
    if (rc == 0)
        rc = remove_file(moves, err); /* after the board: a move list without its board is never read */
    free(moves);
    if (rc == 0) {
        char *dir = store_path(s, GAMES_DIR);
        disk_sync_dir(dir);
        free(dir);
    }
    free(prev);
    free(cur);
    return rc;
}

/* True when a board file n exists, running or archived. */
static bool store_board_exists(const Store *s, int n)
{
    static const char *const dirs[] = {GAMES_DIR, ARCHIVE_DIR};
    for (int i = 0; i < 2; i++) {
        char *p = store_board_path(s, dirs[i], "", n);
        struct stat st;
        int rc = lstat(p, &st);
        free(p);
        if (rc == 0)
            return true;
    }
    return false;
}

int store_next_board_number(const Store *s, int *n, Err *err)
{
    char *path = store_path(s, GAMES_DIR "/.board");
    char *text = NULL;
    int rc = disk_read_file(path, &text, NULL, err);
    int64_t next = FIRST_BOARD;
    if (rc < 0)
        goto out;
    if (rc == 0) {
        int64_t last;
        if (!parse_i64(str_trim(text), &last)) {
            rc = err_fail(err, "%s is corrupt: not a board number", path);
            goto out;
        }
        next = last >= BOARD_MAX ? (int64_t)BOARD_MAX + 1 : last + 1;
    }
    while (next <= BOARD_MAX && store_board_exists(s, (int)next))
        next++;
    if (next > BOARD_MAX) {
        rc = err_fail(err, "no board numbers left (%s)", path);
        goto out;
    }
    char num[16];
    int len = snprintf(num, sizeof num, "%d\n", (int)next);
    rc = disk_write_atomic(path, num, (size_t)len, err);
    if (rc == 0)
        *n = (int)next;
out:
    free(text);
    free(path);
    return rc < 0 ? -1 : 0;
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

int store_list_boards(const Store *s, int **nums, Err *err)
{
    *nums = NULL;
    char *dirpath = store_path(s, GAMES_DIR);
    DIR *d = opendir(dirpath);
    if (!d) {
        int e = errno;
        err_fail(err, "cannot list %s: %s", dirpath, strerror(e));
        free(dirpath);
        return -1;
    }
    int *v = NULL, cnt = 0, cap = 0;
    struct dirent *de;
    for (;;) {
        errno = 0; /* readdir's own errors only: a failed stat below leaves errno set */
        if ((de = readdir(d)) == NULL)
            break;
        int num;
        if (!store_valid_board_number(de->d_name, &num))
            continue;
        bool regular = de->d_type == DT_REG; /* the directory says so: no stat per board */
        if (de->d_type == DT_UNKNOWN || de->d_type == DT_LNK) {
            char *p = xasprintf("%s/%s", dirpath, de->d_name);
            struct stat st;
            regular = stat(p, &st) == 0 && S_ISREG(st.st_mode);
            free(p);
        }
        if (!regular)
            continue;
        if (cnt == cap) {
            cap = cap ? cap * 2 : 16;
            v = xrealloc(v, (size_t)cap * sizeof *v);
        }
        v[cnt++] = num;
    }
    int e = errno;
    closedir(d);
    if (e) {
        free(v);
        err_fail(err, "cannot list %s: %s", dirpath, strerror(e));
        free(dirpath);
        return -1;
    }
    free(dirpath);
    if (cnt)
        qsort(v, (size_t)cnt, sizeof *v, cmp_int);
    *nums = v;
    return cnt;
}

int store_archive_board(const Store *s, int n, Err *err)
{
    if (check_number(n, err) < 0)
        return -1;
    char *cur = store_board_path(s, GAMES_DIR, "", n);
    char *prev = store_board_path(s, GAMES_DIR, ".", n);
    char *dst = store_board_path(s, ARCHIVE_DIR, "", n);
    int rc = 0;
    if (rename(cur, dst) < 0) {
        int e = errno;
        if (e == ENOENT)
            rc = err_fail(err, "Genetess board %d not found", n);
        else
            rc = err_fail(err, "cannot move %s to %s: %s", cur, dst, strerror(e));
    }
    if (rc == 0) {
        char *adir = store_path(s, ARCHIVE_DIR);
        disk_sync_dir(adir);
        free(adir);
        rc = remove_file(prev, err);
        /* the move list follows its board (a kill between them: store_moves_read looks in both places) */
        char *mv = store_moves_path(s, n, false), *mvdst = store_moves_path(s, n, true);
        if (rc == 0 && rename(mv, mvdst) < 0 && errno != ENOENT)
            rc = err_fail(err, "cannot move %s to %s: %s", mv, mvdst, strerror(errno));
        free(mv);
        free(mvdst);
        char *gdir = store_path(s, GAMES_DIR);
        disk_sync_dir(gdir);
        free(gdir);
    }
    free(dst);
    free(prev);
    free(cur);
    return rc;
}

/* ---------------------------------------------------------------- lists */

int store_write_list(const Store *s, const char *content, Err *err)
{
    return store_write_list_with(s, content, NULL, NULL, err);
}

int store_write_list_with(const Store *s, const char *content, DiskLater *before, DiskLater *after, Err *err)
{
    char *path = store_path(s, "etc/Genetess.list"), *prev = store_path(s, "etc/.Genetess.list");
    DiskWrite w = DISK_WRITE_NONE;
    /* no file made: the older list's is written over (a previous list is kept when it can be: never needed) */
    int rc = begin_over_previous(path, prev, content, false, &w, err);
    if (rc == 0 && before && disk_later_run(before, &w) < 0) {
        rc = err_fail(err, "cannot write %s: %s", w.tmp, strerror(errno));
        disk_write_abandon(&w);
    }
    if (rc == 0) {
        w.later = after;
        rc = disk_write_finish(&w, err);
    }
    free(prev);
    free(path);
    return rc;
}

/* ---------------------------------------------------------------- the finished-games record */

bool store_history_parse(const char *line, StoreHistory *h)
{
    StrList w = {0};
    int64_t points;
    memset(h, 0, sizeof *h);
    str_split_words(line, &w);
    bool ok = w.n >= 6 && store_valid_board_number(w.v[1], &h->board) && parse_i64(w.v[3], &points) &&
              points <= 1000000000;
    bool tie = ok && strcmp(w.v[2], "TIE") == 0, named = false;
    for (int i = 4; ok && i < w.n; i++)
        named = named || str_ieq(w.v[2], w.v[i]);
    if (ok && (tie || named)) {
        h->date = xstrdup(w.v[0]);
        h->winner = xstrdup(w.v[2]);
        h->points = points;
        for (int i = 4; i < w.n; i++)
            sl_push(&h->players, w.v[i]);
    }
    sl_free(&w);
    return h->date != NULL;
}

void store_history_format(const StoreHistory *h, Buf *out)
{
    buf_printf(out, "%s %d %s %lld", h->date, h->board, h->winner, (long long)h->points);
    for (int i = 0; i < h->players.n; i++)
        buf_printf(out, " %s", h->players.v[i]);
}

void store_history_free(StoreHistory *h)
{
    free(h->date);
    free(h->winner);
    sl_free(&h->players);
    memset(h, 0, sizeof *h);
}

/* True when text holds a finished-games line of board n. */
static bool history_has(const char *text, int n)
{
    bool found = false;
    for (const char *l = text; l && *l && !found; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
        char *line = xasprintf("%.*s", (int)strcspn(l, "\n"), l);
        StoreHistory h;
        if (store_history_parse(line, &h)) {
            found = h.board == n;
            store_history_free(&h);
        }
        free(line);
    }
    return found;
}

int store_append_finished(const Store *s, const StoreHistory *h, Err *err)
{
    Buf line;
    buf_init(&line);
    store_history_format(h, &line);
    if (str_has_control(line.s)) {
        buf_free(&line);
        return err_fail(err, "refusing a history line with control characters");
    }
    char *path = store_path(s, "history/Genetess");
    char *text = NULL;
    size_t len = 0;
    int rc = disk_read_file(path, &text, &len, err);
    if (rc == 0 && history_has(text, h->board)) {
        rc = 1;
    } else if (rc >= 0) {
        Buf b;
        buf_init(&b);
        if (rc == 0) {
            buf_addn(&b, text, len);
            if (len > 0 && text[len - 1] != '\n')
                buf_add(&b, "\n");
        }
        buf_add(&b, line.s);
        buf_add(&b, "\n");
        rc = disk_write_atomic(path, b.s, b.len, err);
        buf_free(&b);
    }
    buf_free(&line);
    free(text);
    free(path);
    return rc;
}

/* ---- commits (crash safety) ---- */

void store_board_tag(const char *text, char tag[17])
{
    if (!text) { /* no file: never 16 hex digits */
        snprintf(tag, 17, "none");
        return;
    }
    uint64_t h = 14695981039346656037ULL; /* FNV-1a 64 */
    const uint64_t prime = 1099511628211ULL;
    const unsigned char *p = (const unsigned char *)text, *end = p + strlen(text);
    for (; end - p >= 4; p += 4) { /* four bytes a round: the board's every byte is hashed at each commit */
        h = (h ^ p[0]) * prime;
        h = (h ^ p[1]) * prime;
        h = (h ^ p[2]) * prime;
        h = (h ^ p[3]) * prime;
    }
    for (; p < end; p++)
        h = (h ^ *p) * prime;
    snprintf(tag, 17, "%016llx", (unsigned long long)h);
}

int store_board_committed(const Store *s, int n, const char *tag)
{
    char *path = store_board_path(s, GAMES_DIR, "", n);
    char *text = NULL;
    Err err;
    int rc = disk_read_file(path, &text, NULL, &err);
    free(path);
    if (rc < 0)
        return -1;
    char have[17];
    store_board_tag(rc == 1 ? NULL : text, have);
    free(text);
    return strcmp(tag, have) == 0;
}

void store_board_dirs_later(const Store *s, DiskLater *l)
{
    static const char *const dirs[] = {GAMES_DIR, ARCHIVE_DIR};
    for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
        char *dir = store_path(s, dirs[i]);
        disk_later_dir(l, dir);
        free(dir);
    }
}

void store_sweep_temps(const Store *s)
{
    /* not the archive: boards and move lists arrive there by rename, never through a temporary, and it
     * only grows (every command would read a directory the size of the host's whole past) */
    static const char *const dirs[] = {GAMES_DIR, "etc", "history", "outbox", "spool", "var", "var/rate"};
    for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
        char *dir = store_path(s, dirs[i]);
        DIR *d = opendir(dir);
        struct dirent *de;
        while (d && (de = readdir(d)) != NULL) {
            long pid = disk_temp_pid(de->d_name);
            /* a process that no longer runs left it (kill(2) with signal 0 only asks) */
            if (pid > 0 && pid != (long)getpid() && kill((pid_t)pid, 0) < 0 && errno == ESRCH) {
                char *p = xasprintf("%s/%s", dir, de->d_name);
                (void)unlink(p);
                free(p);
            }
        }
        if (d)
            closedir(d);
        free(dir);
    }
}

/* ---------------------------------------------------------------- the mail front's records (var/) */

int store_make_dir(const Store *s, const char *rel, Err *err)
{
    char *p = store_path(s, rel);
    int rc = make_dir(p, NULL, err);
    free(p);
    return rc;
}

/* Opens <home>/<rel> with flags (made 0600 when missing, never through a link): the descriptor or -1 with err. */
static int store_open_rel(const Store *s, const char *rel, int flags, Err *err)
{
    char *p = store_path(s, rel);
    int fd = open(p, flags | O_CREAT | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW, 0600);
    if (fd < 0)
        err_fail(err, "%s: %s", p, strerror(errno));
    free(p);
    return fd;
}

int store_append(const Store *s, const char *rel, const char *data, size_t len, bool sync, Err *err)
{
    int fd = store_open_rel(s, rel, O_WRONLY | O_APPEND, err), rc = fd < 0 ? -1 : 0;
    if (fd >= 0 && (fd_write_all(fd, data, len) < 0 || (sync && fsync(fd) < 0)))
        rc = err_fail(err, "%s: %s", rel, strerror(errno));
    if (fd >= 0)
        close(fd);
    return rc;
}

int store_lock_file(const Store *s, const char *rel, Err *err)
{
    return store_open_rel(s, rel, O_RDWR, err);
}
