/* crash shim: an LD_PRELOAD library for the crash-point test (tests/crashpoints.sh). It counts the calls of
 * the process that change files — write and writev (to a file, not a terminal or pipe), ftruncate, fsync,
 * fdatasync, rename, link, unlink — and with CRASH_AT=N kills the process with SIGKILL just before the N-th one, as a power cut
 * or kill -9 would. CRASH_COUNT=path: at exit, the number of calls counted is written there (to learn how
 * many kill points a command has). Only the process that loaded it first counts: it removes LD_PRELOAD from
 * the environment at start, so a mailer it starts runs unhindered. Test tool only; never linked into
 * genetess. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

static long crash_at = -1;
static long counted;
static const char *count_path;

/* Atomic: genetess syncs a commit's files from several threads at once (disk_sync_files). Which of them
 * gets a given number may vary from run to run; the kill stops every thread at once either way. */
static void point(void)
{
    long k = __atomic_add_fetch(&counted, 1, __ATOMIC_SEQ_CST);
    if (crash_at > 0 && k == crash_at)
        kill(getpid(), SIGKILL);
}

static void report(void)
{
    if (!count_path)
        return;
    FILE *f = fopen(count_path, "w");
    if (f) {
        fprintf(f, "%ld\n", __atomic_load_n(&counted, __ATOMIC_SEQ_CST));
        fclose(f);
    }
}

__attribute__((constructor)) static void shim_init(void)
{
    const char *at = getenv("CRASH_AT");
    if (at)
        crash_at = atol(at);
    count_path = getenv("CRASH_COUNT");
    unsetenv("LD_PRELOAD");
    unsetenv("CRASH_AT");
    unsetenv("CRASH_COUNT");
    atexit(report);
}

#define NEXT(type, name, args) static type(*real) args; if (!real) real = (type(*) args)dlsym(RTLD_NEXT, name)

ssize_t write(int fd, const void *buf, size_t n)
{
    NEXT(ssize_t, "write", (int, const void *, size_t));
    struct stat st;
    if (fd > 2 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode))
        point();
    return real(fd, buf, n);
}

ssize_t writev(int fd, const struct iovec *v, int n)
{
    NEXT(ssize_t, "writev", (int, const struct iovec *, int));
    struct stat st;
    if (fd > 2 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode))
        point();
    return real(fd, v, n);
}

int ftruncate(int fd, off_t len)
{
    NEXT(int, "ftruncate", (int, off_t));
    point();
    return real(fd, len);
}

int fsync(int fd)
{
    NEXT(int, "fsync", (int));
    point();
    return real(fd);
}

int fdatasync(int fd)
{
    NEXT(int, "fdatasync", (int));
    point();
    return real(fd);
}

int rename(const char *a, const char *b)
{
    NEXT(int, "rename", (const char *, const char *));
    point();
    return real(a, b);
}

int link(const char *a, const char *b)
{
    NEXT(int, "link", (const char *, const char *));
    point();
    return real(a, b);
}

int unlink(const char *a)
{
    NEXT(int, "unlink", (const char *));
    point();
    return real(a);
}
