/* The physical floor of a command: read the board file whole, write it to ".<name>.tmp" beside it, fsync,
 * rename over the original. Usage: floor BOARD [--issue OUTDIR | OUTDIR MAIL... | --with [--waits K] MAIL... |
 * --files OUTDIR [--waits K] MAIL... | --full HOME MAIL...] (--files: see floor_files; --full: floor_full).
 * What genetess is measured against (make bench).
 * --issue: the floor as issue 32 defines it: the lock (a write lock on the games directory's .lockfile, as
 *   genetess takes it), read the board, write it back with one fsync and rename, and 8 small mails (1 KiB
 *   each, new files in OUTDIR, not synced: the floor's one fsync is the board's).
 * OUTDIR MAIL...: also the floor of mailing: each MAIL (a message a command produced) is read and written as
 *   a new file in OUTDIR, synced one by one, and OUTDIR synced once.
 * --with: the least any program can do to make the board and that much mail last together: as many bytes as
 *   the MAILs hold (made in memory, not read) are written after the board's in its one temporary file; one
 *   fsync, one rename. --waits K: then K-1 more waits for the disk one after the other, each a new empty
 *   name in the board's directory and that directory's fsync (a command that must order names after what
 *   they name, as contract 3.2's commit does, waits that many times). */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { ISSUE_MAILS = 8, ISSUE_MAIL_BYTES = 1024 };

static int err_fail(const char *what, const char *path)
{
    perror(path);
    fprintf(stderr, "floor: %s failed\n", what);
    return 1;
}

/* Reads the file at path into a malloc'd buffer; returns its length or -1. */
static long slurp(const char *path, char **buf)
{
    int fd = open(path, O_RDONLY);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) < 0)
        return -1;
    *buf = malloc((size_t)st.st_size + 1);
    long n = 0;
    ssize_t r;
    while (*buf && n < st.st_size && (r = read(fd, *buf + n, (size_t)(st.st_size - n))) > 0)
        n += r;
    close(fd);
    return *buf ? n : -1;
}

/* Writes n bytes of buf to path (created), synced. 0 or 1. */
static int put(const char *path, const char *buf, long n)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0)
        return err_fail("open", path);
    for (long off = 0; off < n;) {
        ssize_t w = write(fd, buf + off, (size_t)(n - off));
        if (w <= 0)
            return err_fail("write", path);
        off += w;
    }
    if (fsync(fd) < 0 || close(fd) < 0)
        return err_fail("fsync", path);
    return 0;
}

/* The board's directory (with its slash) as a length of path. */
static int dir_len(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? (int)(slash - path + 1) : 0;
}

/* Writes n bytes of buf to ".<name>.tmp" beside the board, synced, and renames it over the board. 0 or 1. */
static int write_back(const char *board, const char *buf, long n)
{
    char tmp[4096];
    int dl = dir_len(board);
    snprintf(tmp, sizeof tmp, "%.*s.%s.tmp", dl, board, board + dl);
    if (put(tmp, buf, n))
        return 1;
    return rename(tmp, board) < 0 ? err_fail("rename", tmp) : 0;
}

/* Syncs the directory at path. 0 or 1. */
static int sync_dir(const char *path)
{
    int d = open(path, O_RDONLY);
    if (d < 0 || fsync(d) < 0 || close(d) < 0)
        return err_fail("fsync", path);
    return 0;
}

/* --issue: the lock, the board written back, 8 small mails in outdir (not synced). */
static int floor_issue(const char *board, const char *outdir)
{
    char path[4096], *buf = NULL;
    int dl = dir_len(board);
    snprintf(path, sizeof path, "%.*s.lockfile", dl, board);
    int lk = open(path, O_RDWR | O_CREAT, 0600);
    struct flock fl = {.l_type = F_WRLCK, .l_whence = SEEK_SET};
    if (lk < 0 || fcntl(lk, F_SETLKW, &fl) < 0)
        return err_fail("lock", path);
    long n = slurp(board, &buf);
    if (n < 0)
        return err_fail("read", board);
    if (write_back(board, buf, n))
        return 1;
    char mail[ISSUE_MAIL_BYTES];
    memset(mail, 'm', sizeof mail);
    for (int i = 0; i < ISSUE_MAILS; i++) {
        snprintf(path, sizeof path, "%s/floor-%d.mail", outdir, i);
        int fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0644);
        if (fd < 0 || write(fd, mail, sizeof mail) != (ssize_t)sizeof mail || close(fd) < 0)
            return err_fail("write", path);
    }
    free(buf);
    fl.l_type = F_UNLCK;
    (void)fcntl(lk, F_SETLK, &fl);
    return close(lk) < 0;
}

/* --files: the files to sync side by side, each thread its share (k, k + FILES_THREADS, ...), as genetess
 * syncs a commit's (disk_sync_files: 5 threads). */
enum { FILES_THREADS = 5, FILES_MAX = 64 };
typedef struct Share {
    const int *fds;
    int n, k, bad;
} Share;

static void *sync_share(void *arg)
{
    Share *sh = arg;
    for (int i = sh->k; i < sh->n; i += FILES_THREADS)
        if (fsync(sh->fds[i]) < 0)
            sh->bad = 1;
    return NULL;
}

/* Syncs fds[0..n) side by side; 0 or 1. */
static int sync_all(const int *fds, int n)
{
    Share sh[FILES_THREADS];
    pthread_t th[FILES_THREADS];
    int nt = n < FILES_THREADS ? n : FILES_THREADS, bad = 0;
    for (int k = 0; k < nt; k++)
        sh[k] = (Share){fds, n, k, 0};
    for (int k = 1; k < nt; k++)
        if (pthread_create(&th[k], NULL, sync_share, &sh[k]) != 0)
            return err_fail("pthread_create", "floor");
    sync_share(&sh[0]);
    for (int k = 1; k < nt; k++)
        pthread_join(th[k], NULL);
    for (int k = 0; k < nt; k++)
        bad |= sh[k].bad;
    return bad ? err_fail("fsync", "floor") : 0;
}

/* Makes in memory as many bytes as the file at mail holds, the board's text (buf, n bytes) again and again: a
 * mail's size, not its bytes (they are made, not read). The length, or -1. */
static long made_like(const char *mail, const char *buf, long n, char **text)
{
    struct stat st;
    if (stat(mail, &st) < 0 || !(*text = malloc((size_t)st.st_size + 1)))
        return -1;
    for (long off = 0; off < (long)st.st_size; off += n)
        memcpy(*text + off, buf, (size_t)((long)st.st_size - off < n ? (long)st.st_size - off : n));
    return (long)st.st_size;
}

/* --files OUTDIR [--waits K] MAIL...: the least a program can do that keeps each message a file of its own, made
 * to last before the board's new state (contract 3.2), and computes nothing: the board's text to ".<name>.tmp"
 * and as many bytes as each MAIL holds (made in memory from the board's text, not read) to a new file in OUTDIR,
 * all of them and OUTDIR synced side by side in one wait (threads, as genetess's disk_sync_files); the rename;
 * then K-1 more waits one after the other (a new name in the board's directory and its fsync each: the board's
 * name made to last before any mail goes, the mails' names in the mailbox before the spool lets them go). No
 * move list, game list, lock or commit record: a bound below what genetess must do, never above it. */
static int floor_files(const char *board, const char *outdir, int waits, char **mails, int nmails)
{
    char *buf = NULL, tmp[4096], path[4096];
    long n = slurp(board, &buf);
    if (n <= 0 || nmails > FILES_MAX - 2)
        return err_fail("read", board);
    char *text[FILES_MAX];
    long len[FILES_MAX];
    for (int i = 0; i < nmails; i++) /* the sizes only: the bytes are made */
        if ((len[i] = made_like(mails[i], buf, n, &text[i])) < 0)
            return err_fail("stat", mails[i]);
    int fds[FILES_MAX], nf = 0, dl = dir_len(board);
    snprintf(tmp, sizeof tmp, "%.*s.%s.tmp", dl, board, board + dl);
    for (int i = -1; i < nmails; i++) {
        const char *p = tmp, *b = buf;
        long k = n;
        if (i >= 0) {
            snprintf(path, sizeof path, "%s/floor-%d.mail", outdir, i);
            p = path, b = text[i], k = len[i];
        }
        int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd < 0 || write(fd, b, (size_t)k) != (ssize_t)k)
            return err_fail("write", p);
        fds[nf++] = fd;
    }
    if ((fds[nf] = open(outdir, O_RDONLY)) < 0)
        return err_fail("open", outdir);
    if (sync_all(fds, ++nf))
        return 1;
    for (int i = 0; i < nf; i++)
        close(fds[i]);
    if (rename(tmp, board) < 0)
        return err_fail("rename", tmp);
    for (int w = 1; w < waits; w++) {
        snprintf(tmp, sizeof tmp, "%.*s.floor-wait-%d", dl, board, w);
        int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd < 0 || close(fd) < 0)
            return err_fail("open", tmp);
        snprintf(tmp, sizeof tmp, "%.*s", dl ? dl : 1, dl ? board : ".");
        if (sync_dir(tmp))
            return 1;
    }
    return 0;
}

/* --full HOME MAIL...: genetess's own I/O for a PASS in contract 3.2's shape with nothing computed, call for
 * call as strace shows it: the lock and its mark, the spool looked at, the board and etc/users read, one line
 * appended to the move list, the board's text written over the file its previous version (".<n>") held (that
 * version kept by a hard link), the commit record linked, each mail a new file in spool/ (its bytes made in
 * memory from the board's), and in one wait, side by side: the mails, the board's new text, the move list and
 * spool/; the rename; the second wait: the games directory with the game list's new text (read, written to a
 * new file); its rename; the mails linked into outbox/; the third wait: etc/ with outbox/; the spool's names
 * and the record removed; the reply (the mover's sheet's size) written to stdout; the mark and the lock let
 * go. What any program must do to keep the files and the promises of genetess (contract 3.2, 5, 10.3) and
 * compute nothing: a bound below a PASS, never above it. */
static int floor_full(const char *board, const char *home, char **mails, int nmails)
{
    char path[4096], tmp[4096], tmp2[4096], *buf = NULL, *list = NULL, *users = NULL, mark = 0;
    int dl = dir_len(board), pid = (int)getpid();
    snprintf(path, sizeof path, "%.*s.lockfile", dl, board);
    int lk = open(path, O_RDWR | O_CREAT, 0600);
    struct flock fl = {.l_type = F_WRLCK, .l_whence = SEEK_SET};
    if (lk < 0 || fcntl(lk, F_SETLKW, &fl) < 0 || pread(lk, &mark, 1, 0) != 1 || pwrite(lk, "1", 1, 0) != 1)
        return err_fail("lock", path);
    snprintf(path, sizeof path, "%s/spool", home);
    DIR *d = opendir(path);
    if (!d)
        return err_fail("opendir", path);
    while (readdir(d))
        ;
    closedir(d);
    long n = slurp(board, &buf);
    snprintf(path, sizeof path, "%s/etc/users", home);
    if (n <= 0 || nmails > FILES_MAX - 4 || slurp(path, &users) < 0)
        return err_fail("read", board);
    snprintf(path, sizeof path, "%s.moves", board);
    int fds[FILES_MAX], nf = 0;
    int mv = open(path, O_RDWR);
    if (mv < 0 || lseek(mv, 0, SEEK_END) < 0 || write(mv, "251a p1 PASS\n", 13) != 13)
        return err_fail("append", path);
    fds[nf++] = mv;
    snprintf(tmp, sizeof tmp, "%.*s.%s.tmp.%d", dl, board, board + dl, pid); /* the previous version's file */
    snprintf(tmp2, sizeof tmp2, "%.*s..%s.tmp.%d", dl, board, board + dl, pid);
    snprintf(path, sizeof path, "%.*s.%s", dl, board, board + dl);
    if (link(path, tmp) < 0 || link(board, tmp2) < 0 || rename(tmp2, path) < 0)
        return err_fail("link", path);
    int bf = open(tmp, O_WRONLY);
    if (bf < 0 || fchmod(bf, 0644) < 0 || write(bf, buf, (size_t)n) != (ssize_t)n || ftruncate(bf, n) < 0)
        return err_fail("write", tmp);
    fds[nf++] = bf;
    char rec[4096], spooled[FILES_MAX][4096];
    snprintf(path, sizeof path, "%s/spool/.record", home);
    snprintf(rec, sizeof rec, "%s/spool/101.%d.commit", home, pid);
    if (link(path, rec) < 0)
        return err_fail("link", rec);
    char *text[FILES_MAX];
    long len[FILES_MAX];
    for (int i = 0; i < nmails; i++) { /* each mail's bytes made in memory, written to a new file in spool/ */
        if ((len[i] = made_like(mails[i], buf, n, &text[i])) < 0)
            return err_fail("stat", mails[i]);
        snprintf(spooled[i], sizeof spooled[i], "%s/spool/101.%d.%04d.mail", home, pid, i + 1);
        int fd = open(spooled[i], O_WRONLY | O_CREAT | O_EXCL, 0600);
        if (fd < 0 || write(fd, text[i], (size_t)len[i]) != (ssize_t)len[i])
            return err_fail("write", spooled[i]);
        fds[nf++] = fd;
    }
    snprintf(path, sizeof path, "%s/spool", home);
    if ((fds[nf++] = open(path, O_RDONLY)) < 0 || sync_all(fds, nf)) /* the first wait */
        return err_fail("sync", path);
    for (int i = 0; i < nf; i++)
        close(fds[i]);
    if (rename(tmp, board) < 0)
        return err_fail("rename", tmp);
    snprintf(path, sizeof path, "%s/etc/Genetess.list", home);
    long ln = slurp(path, &list);
    snprintf(tmp, sizeof tmp, "%s/etc/.Genetess.list.tmp.%d", home, pid);
    int lf = open(tmp, O_WRONLY | O_CREAT | O_EXCL, 0600);
    if (ln < 0 || lf < 0 || write(lf, list, (size_t)ln) != (ssize_t)ln)
        return err_fail("write", tmp);
    snprintf(tmp2, sizeof tmp2, "%.*s", dl, board);
    nf = 0;
    fds[nf++] = lf;
    if ((fds[nf++] = open(tmp2, O_RDONLY)) < 0 || sync_all(fds, nf)) /* the second wait */
        return err_fail("sync", tmp2);
    close(fds[0]), close(fds[1]);
    if (rename(tmp, path) < 0)
        return err_fail("rename", tmp);
    for (int i = 0; i < nmails; i++) {
        snprintf(path, sizeof path, "%s/outbox/floor-%d-%04d.mail", home, pid, i + 1);
        if (link(spooled[i], path) < 0)
            return err_fail("link", path);
    }
    nf = 0;
    snprintf(path, sizeof path, "%s/etc", home);
    snprintf(tmp, sizeof tmp, "%s/outbox", home);
    if ((fds[nf++] = open(path, O_RDONLY)) < 0 || (fds[nf++] = open(tmp, O_RDONLY)) < 0 || sync_all(fds, nf))
        return err_fail("sync", tmp); /* the third wait */
    close(fds[0]), close(fds[1]);
    for (int i = 0; i < nmails; i++)
        if (unlink(spooled[i]) < 0)
            return err_fail("unlink", spooled[i]);
    if (unlink(rec) < 0)
        return err_fail("unlink", rec);
    long reply = nmails ? len[0] / 2 : 0; /* the mover's sheet as text, about half its mail */
    for (long off = 0; off < reply;) {
        ssize_t w = write(1, text[0] + off, (size_t)(reply - off));
        if (w <= 0)
            return err_fail("write", "stdout");
        off += w;
    }
    fl.l_type = F_UNLCK;
    if (pwrite(lk, "0", 1, 0) != 1 || fcntl(lk, F_SETLK, &fl) < 0)
        return err_fail("unlock", board);
    return close(lk) < 0;
}

int main(int argc, char **argv)
{
    if (argc >= 4 && strcmp(argv[2], "--issue") == 0)
        return floor_issue(argv[1], argv[3]);
    if (argc >= 5 && strcmp(argv[2], "--full") == 0)
        return floor_full(argv[1], argv[3], argv + 4, argc - 4);
    if (argc >= 5 && strcmp(argv[2], "--files") == 0) {
        bool w = argc >= 7 && strcmp(argv[4], "--waits") == 0;
        return floor_files(argv[1], argv[3], w ? atoi(argv[5]) : 1, argv + (w ? 6 : 4), argc - (w ? 6 : 4));
    }
    if (argc < 2 || argc == 3) {
        fprintf(stderr, "usage: floor BOARD [--issue OUTDIR | OUTDIR MAIL... | --with [--waits K] MAIL... | --files OUTDIR "
                        "[--waits K] MAIL... | --full HOME MAIL...]\n");
        return 2;
    }
    char *buf = NULL, tmp[4096];
    long n = slurp(argv[1], &buf);
    if (n < 0)
        return err_fail("read", argv[1]);
    bool with = argc > 3 && strcmp(argv[2], "--with") == 0;
    int waits = 1, first = 3;
    if (with && argc > 5 && strcmp(argv[3], "--waits") == 0)
        waits = atoi(argv[4]), first = 5;
    long total = n;
    for (int i = first; with && i < argc; i++) { /* the mails' sizes: their bytes are made, not read */
        struct stat st;
        if (stat(argv[i], &st) < 0)
            return err_fail("stat", argv[i]);
        total += (long)st.st_size;
    }
    if (with && total > n) {
        char *grown = realloc(buf, (size_t)total);
        if (!grown || n == 0)
            return err_fail("make", argv[1]);
        for (long off = n; off < total; off += n) /* the board's text again and again */
            memcpy(grown + off, grown, (size_t)(total - off < n ? total - off : n));
        buf = grown;
        n = total;
    }
    if (with)
        argc = 2;
    int dl = dir_len(argv[1]);
    if (write_back(argv[1], buf, n))
        return 1;
    free(buf);
    for (int w = 1; w < waits; w++) { /* each a name, then its directory's wait */
        snprintf(tmp, sizeof tmp, "%.*s.floor-wait-%d", dl, argv[1], w);
        int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd < 0 || close(fd) < 0)
            return err_fail("open", tmp);
        snprintf(tmp, sizeof tmp, "%.*s", dl ? dl : 1, dl ? argv[1] : ".");
        if (sync_dir(tmp))
            return 1;
    }
    for (int i = 3; i < argc; i++) {
        buf = NULL;
        if ((n = slurp(argv[i], &buf)) < 0)
            return err_fail("read", argv[i]);
        snprintf(tmp, sizeof tmp, "%s/floor-%d.mail", argv[2], i);
        if (put(tmp, buf, n))
            return 1;
        free(buf);
    }
    return argc > 3 ? sync_dir(argv[2]) : 0;
}
