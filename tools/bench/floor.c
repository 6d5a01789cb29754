/* The physical floor of a command: read the board file whole, write it to ".<name>.tmp" beside it, fsync,
 * rename over the original. Usage: floor BOARD [OUTDIR|--with MAIL...]. What genetess is measured
 * against (make bench). With OUTDIR, also the floor of mailing: each MAIL (a message a command produced)
 * is read and written as a new file in OUTDIR, synced one by one, and OUTDIR synced once. With --with,
 * the least any program can do to make the board and that much mail last together: as many bytes as the
 * MAILs hold (made in memory, not read) are written after the board's in its one temporary file; one
 * fsync, one rename. */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

int main(int argc, char **argv)
{
    if (argc < 2 || argc == 3) {
        fprintf(stderr, "usage: floor BOARD [OUTDIR|--with MAIL...]\n");
        return 2;
    }
    char *buf = NULL, tmp[4096];
    long n = slurp(argv[1], &buf);
    if (n < 0)
        return err_fail("read", argv[1]);
    bool with = argc > 3 && strcmp(argv[2], "--with") == 0;
    long total = n;
    for (int i = 3; with && i < argc; i++) { /* the mails' sizes: their bytes are made, not read */
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
    const char *slash = strrchr(argv[1], '/');
    int dirlen = slash ? (int)(slash - argv[1] + 1) : 0;
    snprintf(tmp, sizeof tmp, "%.*s.%s.tmp", dirlen, argv[1], argv[1] + dirlen);
    if (put(tmp, buf, n))
        return 1;
    if (rename(tmp, argv[1]) < 0)
        return err_fail("rename", tmp);
    free(buf);
    for (int i = 3; i < argc; i++) {
        buf = NULL;
        if ((n = slurp(argv[i], &buf)) < 0)
            return err_fail("read", argv[i]);
        snprintf(tmp, sizeof tmp, "%s/floor-%d.mail", argv[2], i);
        if (put(tmp, buf, n))
            return 1;
        free(buf);
    }
    int d = argc > 3 ? open(argv[2], O_RDONLY) : -1;
    if (argc > 3 && (d < 0 || fsync(d) < 0 || close(d) < 0))
        return err_fail("fsync", argv[2]);
    return 0;
}
