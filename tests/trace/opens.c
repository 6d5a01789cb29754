/* opens shim: an LD_PRELOAD library for the end-to-end topic onepipe. It writes a line to the file named by
 * $TRACE_OPENS for each open(2) ("open <path>") and mkdir(2) ("mkdir <path>") the process makes, so that a test
 * can count how often one command reads the users, reads a board, takes the lock and opens its store. Only the
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
