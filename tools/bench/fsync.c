/* LD_PRELOAD shim for make bench. BENCH_FSYNC_LOG=FILE: count fsync and fdatasync calls and append
 * "<count>" to FILE at exit. BENCH_NOFSYNC=1: make them no-ops (fast input generation; the files written
 * are the same). Build: cc -O2 -shared -fPIC -o fsync.so fsync.c -ldl */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static long calls;

static int pass_through(const char *name, int fd)
{
    calls++;
    const char *off = getenv("BENCH_NOFSYNC");
    if (off && *off == '1')
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

__attribute__((destructor)) static void report(void)
{
    const char *log = getenv("BENCH_FSYNC_LOG");
    FILE *f = log ? fopen(log, "a") : NULL;
    if (f) {
        fprintf(f, "%ld\n", calls);
        fclose(f);
    }
}
