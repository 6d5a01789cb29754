/* opens shim: an LD_PRELOAD library for the end-to-end topic onepipe. It writes a line to the file named by
 * $TRACE_OPENS for each open(2) ("open <path>"), mkdir(2) ("mkdir <path>"), fsync(2) ("fsync <path>", the path
 * the descriptor has) and link(2) ("link <from> <to>") the process makes, so that a test can count how often one
 * command reads the users, reads a board, takes the lock and opens its store, and see what is synced before a
 * mail is put in the outbox. Only the
 * process that loaded it first writes: it removes LD_PRELOAD from the environment at start, so a mailer it
 * starts is not traced. Test tool only; never linked into genetess. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

static int trace_fd = -1;

__attribute__((constructor)) static void trace_init(void)
{
    const char *path = getenv("TRACE_OPENS");
    int (*real_open)(const char *, int, ...) = (int (*)(const char *, int, ...))dlsym(RTLD_NEXT, "open");
    if (path && real_open)
        trace_fd = real_open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
    unsetenv("LD_PRELOAD");
}

static void trace(const char *what, const char *path)
{
    if (trace_fd < 0 || !path)
        return;
    char line[4200];
    int n = snprintf(line, sizeof line, "%s %s\n", what, path);
    if (n > 0 && (size_t)n < sizeof line)
        (void)!write(trace_fd, line, (size_t)n);
}

static int traced_open(const char *sym, const char *path, int flags, va_list ap)
{
    int (*real)(const char *, int, ...) = (int (*)(const char *, int, ...))dlsym(RTLD_NEXT, sym);
    mode_t mode = (flags & O_CREAT) ? (mode_t)va_arg(ap, int) : 0;
    trace("open", path);
    return real(path, flags, mode);
}

int open(const char *path, int flags, ...)
{
    va_list ap;
    va_start(ap, flags);
    int fd = traced_open("open", path, flags, ap);
    va_end(ap);
    return fd;
}

int open64(const char *path, int flags, ...)
{
    va_list ap;
    va_start(ap, flags);
    int fd = traced_open("open64", path, flags, ap);
    va_end(ap);
    return fd;
}

int mkdir(const char *path, mode_t mode)
{
    int (*real)(const char *, mode_t) = (int (*)(const char *, mode_t))dlsym(RTLD_NEXT, "mkdir");
    trace("mkdir", path);
    return real(path, mode);
}

int fsync(int fd)
{
    int (*real)(int) = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
    char link_path[64], path[4096];
    snprintf(link_path, sizeof link_path, "/proc/self/fd/%d", fd);
    ssize_t n = readlink(link_path, path, sizeof path - 1);
    path[n > 0 ? n : 0] = '\0';
    trace("fsync", path);
    return real(fd);
}

int link(const char *from, const char *to)
{
    int (*real)(const char *, const char *) = (int (*)(const char *, const char *))dlsym(RTLD_NEXT, "link");
    char both[8400];
    snprintf(both, sizeof both, "%s %s", from, to);
    trace("link", both);
    return real(from, to);
}
