/* LD_PRELOAD shim for make bench. BENCH_FSYNC_LOG=FILE: count fsync and fdatasync calls and append
 * "<count>" to FILE at exit. BENCH_NOFSYNC=1: make them and sync_file_range no-ops (fast input
 * generation, and the bench's bound of a command that never waits for the disk; the files written are the
 * same). Build: cc -O2 -shared -fPIC -o fsync.so fsync.c -ldl */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static long calls;

/* BENCH_NOFSYNC=1: the calls below do nothing. */
static int disk_off(void)
{
    const char *off = getenv("BENCH_NOFSYNC");
    return off && *off == '1';
}

static int pass_through(const char *name, int fd)
{
    calls++;
    if (disk_off())
        return 0;
    int (*real)(int) = (int (*)(int))dlsym(RTLD_NEXT, name);
    return real ? real(fd) : 0;
}

int fsync(int fd)
{
    return pass_through("fsync", fd);
}

int fdatasync(int fd)
{
    return pass_through("fdatasync", fd);
}

int sync_file_range(int fd, off_t offset, off_t nbytes, unsigned int flags)
{
    if (disk_off())
        return 0;
    int (*real)(int, off_t, off_t, unsigned int) =
        (int (*)(int, off_t, off_t, unsigned int))dlsym(RTLD_NEXT, "sync_file_range");
    return real ? real(fd, offset, nbytes, flags) : 0;
}

__attribute__((destructor)) static void report(void)
{
    const char *log = getenv("BENCH_FSYNC_LOG");
    FILE *f = log ? fopen(log, "a") : NULL;
    if (f) {
        fprintf(f, "%ld\n", calls);
        fclose(f);
    }
}
