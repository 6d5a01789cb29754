/* webpage: the site's pages as files — escaping, the frame and style sheet, coloured pictures, writes that
 * happen only when a page changed, and the manifest that lets a run remove what it no longer writes
 * (webpage.h; contract 16). */
#include "webpage.h"

#include <errno.h>
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "html.h"
#include "layout.h"

/* The manifest's first line; a manifest without it is read as none (nothing is removed). */
static const char webpage_manifest_head[] = "genetess web manifest 1\n";
/* The most parts a name below the site has ("g/101/3.html": 3). */
#define WEBPAGE_DEPTH 8
/* The largest manifest read. */
#define WEBPAGE_MANIFEST_MAX (64u << 20)

/* Makes directory path readable by anyone (0755, whatever the umask) when it is missing. 0, or -1 with
 * errno. */
static int webpage_mkdir(const char *path)
{
    if (mkdir(path, 0755) == 0)
        return chmod(path, 0755);
    return errno == EEXIST ? 0 : -1;
}

static int webpage_strcmp(const void *x, const void *y)
{
    return strcmp(*(char *const *)x, *(char *const *)y);
}

/* Sorts l and drops its repeated strings. */
static void webpage_sort(StrList *l)
{
    if (l->n < 2)
        return;
    qsort(l->v, (size_t)l->n, sizeof *l->v, webpage_strcmp);
    int k = 1;
    for (int i = 1; i < l->n; i++) {
        if (strcmp(l->v[i], l->v[k - 1]) == 0)
            free(l->v[i]);
        else
            l->v[k++] = l->v[i];
    }
    l->n = k;
}

static bool webpage_rel_ok(const char *rel);

/* What stands at a path of the site that is not a regular file, by its mode: "a directory", "a FIFO", ... */
static const char *webpage_kind(mode_t mode)
{
    return S_ISDIR(mode) ? "a directory" : S_ISFIFO(mode) ? "a FIFO" : S_ISSOCK(mode) ? "a socket"
         : S_ISCHR(mode) || S_ISBLK(mode) ? "a device" : "not a regular file";
}

/* Opens the regular file path for reading, never through a link and never blocking: 0 with *fd (-1 when
 * nothing is there to read: missing, a link — replaced when written, never followed —, or unreadable), or -1
 * with err when something not a regular file stands there (a directory, a FIFO, a device): not opened at
 * all, so that nothing blocks on it, and never replaced (contract 16). */
static int webpage_open_file(const char *path, int *fd, Err *err)
{
    struct stat st;
    *fd = -1;
    if (lstat(path, &st) < 0 || S_ISLNK(st.st_mode))
        return 0;
    if (!S_ISREG(st.st_mode))
        return err_fail(err, "%s is %s where a file of the site goes: web neither reads nor replaces it", path,
                        webpage_kind(st.st_mode));
    *fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (*fd >= 0 && (fstat(*fd, &st) < 0 || !S_ISREG(st.st_mode))) { /* changed since: read as nothing */
        close(*fd);
        *fd = -1;
    }
    return 0;
}

/* The site's manifest into s->old, its names that may be a page's only, sorted; none when it is missing, a
 * link (not followed), too large or without its first line. 0, or -1 with err when it is not a regular file
 * (webpage_open_file). */
static int webpage_read_manifest(WebSite *s, Err *err)
{
    char *path = xasprintf("%s/%s", s->dir, WEBPAGE_MANIFEST);
    int fd;
    webpage_seen(s, WEB_SITE, WEBPAGE_MANIFEST);
    int rc = webpage_open_file(path, &fd, err);
    free(path);
    if (fd < 0)
        return rc;
    struct stat st;
    Buf text;
    buf_init(&text);
    if (fstat(fd, &st) == 0 && (uint64_t)st.st_size <= WEBPAGE_MANIFEST_MAX) {
        char chunk[65536];
        ssize_t r;
        while ((r = read(fd, chunk, sizeof chunk)) > 0 && text.len <= WEBPAGE_MANIFEST_MAX)
            buf_addn(&text, chunk, (size_t)r);
    }
    close(fd);
    size_t head = sizeof webpage_manifest_head - 1;
    if (text.s && text.len > head && memcmp(text.s, webpage_manifest_head, head) == 0)
        for (char *save = NULL, *line = strtok_r(text.s + head, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
            if (webpage_rel_ok(line))
                sl_push(&s->old, line);
    buf_free(&text);
    webpage_sort(&s->old);
    return 0;
}

/* Makes the site's WEBPAGE_TMP (a directory, not a link) and removes what it holds: the temporaries of a run
 * stopped between a page's write and its rename (the site's lock is held, so no run writes there now). The
 * count in s->swept. 0, or -1 with err. */
static int webpage_sweep(WebSite *s, Err *err)
{
    char *path = xasprintf("%s/%s", s->dir, WEBPAGE_TMP);
    webpage_seen(s, WEB_SITE, WEBPAGE_TMP);
    int fd = webpage_mkdir(path) < 0 ? -1 : open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    DIR *d = fd < 0 ? NULL : fdopendir(fd);
    if (!d) {
        err_fail(err, "cannot open %s as a directory: %s", path, strerror(errno));
        if (fd >= 0)
            close(fd);
        free(path);
        return -1;
    }
    for (struct dirent *e; (e = readdir(d));)
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0 && unlinkat(fd, e->d_name, 0) == 0)
            s->swept++;
    closedir(d);
    free(path);
    return 0;
}

int webpage_open(WebSite *s, const char *dir, const WebWatch *watch, Err *err)
{
    *s = (WebSite){.lockfd = -1, .watch = watch};
    if (!dir || !*dir)
        return err_fail(err, "web takes a directory");
    s->dir = xstrdup(dir);
    size_t n = strlen(s->dir);
    while (n > 1 && s->dir[n - 1] == '/')
        s->dir[--n] = '\0';
    struct stat st;
    if (webpage_mkdir(s->dir) < 0) {
        err_fail(err, "cannot make %s: %s", s->dir, strerror(errno));
        webpage_close(s);
        return -1;
    }
    bool there = lstat(s->dir, &st) == 0;
    if (!there || !S_ISDIR(st.st_mode)) {
        if (there && S_ISLNK(st.st_mode)) /* contract 16: no link is followed, the site's own directory's neither */
            err_fail(err, "%s is a symbolic link: web follows no link; name the directory itself", s->dir);
        else
            err_fail(err, "%s is not a directory", s->dir);
        webpage_close(s);
        return -1;
    }
    char *path = xasprintf("%s/%s", s->dir, WEBPAGE_LOCK);
    s->lockfd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0644);
    free(path);
    struct flock fl = {.l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = 0, .l_len = 0};
    if (s->lockfd < 0 || fcntl(s->lockfd, F_SETLK, &fl) < 0) {
        int e = errno;
        bool busy = s->lockfd >= 0 && (e == EACCES || e == EAGAIN);
        if (busy)
            err_fail(err, "another run is writing the site %s; try again later", s->dir);
        else
            err_fail(err, "cannot lock %s/%s: %s", s->dir, WEBPAGE_LOCK, strerror(e));
        webpage_close(s);
        return busy ? WEBPAGE_BUSY : -1;
    }
    if (webpage_sweep(s, err) < 0) {
        webpage_close(s);
        return -1;
    }
    if (webpage_read_manifest(s, err) < 0) {
        webpage_close(s);
        return WEBPAGE_STUCK;
    }
    return 0;
}

void webpage_close(WebSite *s)
{
    if (s->lockfd >= 0)
        close(s->lockfd); /* lets go of the site's lock */
    s->lockfd = -1;
    free(s->dir);
    s->dir = NULL;
    sl_free(&s->old);
    sl_free(&s->made);
}

void webpage_seen(const WebSite *s, WebEvent ev, const char *what)
{
    if (s->watch && s->watch->seen)
        s->watch->seen(s->watch->arg, ev, what);
}

bool webpage_name_ok(const char *name)
{
    size_t n = strlen(name);
    if (n < 1 || n > 64 || name[0] == '.' || name[0] == '-')
        return false;
    return strspn(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-") == n;
}

/* True when rel is one or more webpage_name_ok parts joined by single slashes. */
static bool webpage_rel_ok(const char *rel)
{
    char part[128];
    const char *p = rel;
    for (;;) {
        size_t n = strcspn(p, "/");
        if (n == 0 || n >= sizeof part)
            return false;
        memcpy(part, p, n);
        part[n] = '\0';
        if (!webpage_name_ok(part))
            return false;
        if (!p[n])
            return true;
        p += n + 1;
    }
}

int webpage_dir(WebSite *s, const char *rel, Err *err)
{
    if (!webpage_rel_ok(rel))
        return err_fail(err, "not a name for the site: %s", rel);
    char *path = xasprintf("%s/%s", s->dir, rel);
    struct stat st;
    int rc = 0;
    if (webpage_mkdir(path) < 0)
        rc = err_fail(err, "cannot make %s: %s", path, strerror(errno));
    else if (lstat(path, &st) < 0 || !S_ISDIR(st.st_mode))
        rc = err_fail(err, "%s is not a directory", path);
    free(path);
    return rc;
}

/* Whether the file path holds exactly the len bytes of page: 1 it does, 0 it does not (missing, a link, other
 * bytes), or -1 with err when something not a regular file stands there (webpage_open_file: never opened). */
static int webpage_file_holds(const char *path, const char *page, size_t len, Err *err)
{
    int fd;
    if (webpage_open_file(path, &fd, err) < 0)
        return -1;
    if (fd < 0)
        return 0;
    struct stat st;
    bool same = fstat(fd, &st) == 0 && (size_t)st.st_size == len;
    char chunk[65536];
    size_t at = 0;
    while (same && at < len) {
        ssize_t r = read(fd, chunk, sizeof chunk);
        if (r <= 0 || (size_t)r > len - at || memcmp(chunk, page + at, (size_t)r) != 0)
            same = false;
        else
            at += (size_t)r;
    }
    close(fd);
    return same;
}

bool webpage_holds(const WebSite *s, const char *rel, const char *page, size_t len)
{
    if (!webpage_rel_ok(rel))
        return false;
    char *path = xasprintf("%s/%s", s->dir, rel);
    Err err;
    bool same = webpage_file_holds(path, page, len, &err) == 1;
    free(path);
    return same;
}

/* Writes the len bytes of data as the file path: a temporary in the site's WEBPAGE_TMP (O_EXCL, never
 * through a link) renamed over it, 0644. 0, or -1 with err (the temporary removed). */
static int webpage_write(WebSite *s, const char *path, const char *data, size_t len, Err *err)
{
    char *tmp = xasprintf("%s/%s/%d", s->dir, WEBPAGE_TMP, ++s->tmpseq);
    int rc = 0;
    (void)unlink(tmp);
    int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd < 0) {
        rc = err_fail(err, "cannot write %s: %s", tmp, strerror(errno));
    } else {
        (void)fchmod(fd, 0644); /* public, whatever the umask */
        if (fd_write_all(fd, data, len) < 0 || close(fd) < 0)
            rc = err_fail(err, "cannot write %s: %s", tmp, strerror(errno));
        else if (rename(tmp, path) < 0)
            rc = err_fail(err, "cannot put %s in place: %s", path, strerror(errno));
        if (rc)
            (void)unlink(tmp);
    }
    free(tmp);
    return rc;
}

int webpage_put(WebSite *s, const char *rel, const char *page, size_t len, Err *err)
{
    if (!webpage_rel_ok(rel))
        return err_fail(err, "not a name for the site: %s", rel);
    webpage_seen(s, WEB_WRITE, rel);
    sl_push(&s->made, rel);
    char *path = xasprintf("%s/%s", s->dir, rel);
    int held = webpage_file_holds(path, page, len, err), rc = held < 0 ? -1 : 0;
    if (held > 0)
        s->same++;
    else if (held == 0 && (rc = webpage_write(s, path, page, len, err)) == 0)
        s->written++;
    free(path);
    return rc;
}

void webpage_keep(WebSite *s, const char *rel)
{
    if (webpage_rel_ok(rel))
        sl_push(&s->made, rel);
}

void webpage_keep_under(WebSite *s, const char *prefix)
{
    size_t n = strlen(prefix);
    for (int i = 0; i < s->old.n; i++)
        if (strncmp(s->old.v[i], prefix, n) == 0)
            sl_push(&s->made, s->old.v[i]);
}

bool webpage_listed(const WebSite *s, const char *rel)
{
    return s->old.n > 0 && bsearch(&rel, s->old.v, (size_t)s->old.n, sizeof *s->old.v, webpage_strcmp) != NULL;
}

/* Removes the site's file rel (webpage_rel_ok), each directory on the way opened without following a link,
 * then the directories it leaves empty below the top level. 0 when it is gone (also when it was not there,
 * or a link or a file stands in a directory's place: nothing of the site is there), -1 when it could not be
 * removed (the reason on stderr). */
static int webpage_remove(WebSite *s, const char *rel)
{
    char part[WEBPAGE_DEPTH][72];
    int n = 0, fds[WEBPAGE_DEPTH], rc = 0;
    bool whole = false;
    for (const char *p = rel; n < WEBPAGE_DEPTH && !whole; n++) {
        size_t k = strcspn(p, "/");
        if (k >= sizeof part[n])
            return 0;
        memcpy(part[n], p, k);
        part[n][k] = '\0';
        whole = !p[k];
        p += k + 1;
    }
    if (!whole)
        return 0; /* deeper than any page */
    fds[0] = open(s->dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fds[0] < 0) {
        fprintf(stderr, "genetess: web: cannot open %s: %s\n", s->dir, strerror(errno));
        return -1;
    }
    int open_n = 1;
    while (open_n < n) {
        fds[open_n] = openat(fds[open_n - 1], part[open_n - 1], O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (fds[open_n] < 0)
            break;
        open_n++;
    }
    int e = errno;
    if (open_n < n) {
        if (e != ENOENT && e != ENOTDIR && e != ELOOP) /* else no directory of the site is there */
            rc = -1;
    } else if (unlinkat(fds[n - 1], part[n - 1], 0) == 0) {
        s->removed++;
        for (int d = n - 1; d >= 2 && unlinkat(fds[d - 1], part[d - 1], AT_REMOVEDIR) == 0; d--)
            ; /* a game's directory its last page left */
    } else {
        e = errno;
        rc = e == ENOENT ? 0 : -1;
    }
    if (rc < 0)
        fprintf(stderr, "genetess: web: cannot remove %s/%s: %s\n", s->dir, rel, strerror(e));
    for (int i = 0; i < open_n; i++)
        close(fds[i]);
    return rc;
}

int webpage_finish(WebSite *s, bool complete, Err *err)
{
    webpage_sort(&s->made);
    Buf m;
    buf_init(&m);
    buf_add(&m, webpage_manifest_head);
    for (int i = 0, j = 0; i < s->old.n || j < s->made.n;) {
        int c = i >= s->old.n ? 1 : j >= s->made.n ? -1 : strcmp(s->old.v[i], s->made.v[j]);
        const char *name = c < 0 ? s->old.v[i] : s->made.v[j];
        i += c <= 0;
        j += c >= 0;
        if (c >= 0 || !complete || webpage_remove(s, name) < 0)
            buf_printf(&m, "%s\n", name);
    }
    char *path = xasprintf("%s/%s", s->dir, WEBPAGE_MANIFEST);
    int held = webpage_file_holds(path, m.s, m.len, err);
    int rc = held < 0 ? -1 : held == 0 ? webpage_write(s, path, m.s, m.len, err) : 0;
    free(path);
    buf_free(&m);
    return rc;
}

void webpage_escn(Buf *out, const char *s, size_t n)
{
    size_t run = 0;
    for (size_t i = 0; i < n; i++) {
        const char *rep = s[i] == '&' ? "&amp;" : s[i] == '<' ? "&lt;" : s[i] == '>' ? "&gt;"
                        : s[i] == '"' ? "&quot;" : NULL;
        if (!rep)
            continue;
        buf_addn(out, s + run, i - run);
        buf_add(out, rep);
        run = i + 1;
    }
    buf_addn(out, s + run, n - run);
}

void webpage_esc(Buf *out, const char *s)
{
    webpage_escn(out, s, strlen(s));
}

void webpage_head(Buf *out, const char *root, const char *title)
{
    buf_add(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                 "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>");
    webpage_esc(out, title);
    buf_printf(out, "</title>\n<link rel=\"stylesheet\" href=\"%sstyle.css\">\n<link rel=\"icon\" href=\"data:,\">\n</head>\n<body>\n"
                    "<nav><a href=\"%sindex.html\">Games</a> <a href=\"%sstandings.html\">Standings</a> "
                    "<a href=\"%sratings.html\">Ratings</a> <a href=\"%smaps.html\">Maps</a></nav>\n<h1>",
               root, root, root, root, root);
    webpage_esc(out, title);
    buf_add(out, "</h1>\n");
}

void webpage_foot(Buf *out)
{
    buf_add(out, "</body>\n</html>\n");
}

/* The text colour readable on background bg ("#RRGGBB"): black on a light one, white on a dark one. */
static const char *webpage_fg(const char *bg)
{
    unsigned r = 0, g = 0, b = 0;
    if (sscanf(bg, "#%2x%2x%2x", &r, &g, &b) != 3)
        return "#000000";
    return 299 * r + 587 * g + 114 * b >= 128000 ? "#000000" : "#FFFFFF";
}

void webpage_style(Buf *out, int np)
{
    buf_add(out, "body{font-family:sans-serif;margin:0 auto;padding:.5em;max-width:60em;color:#000;background:#FFF}\n"
                 "nav a{margin-right:1em}\n"
                 "pre{overflow-x:auto;font-family:monospace}\n"
                 "table{border-collapse:collapse}\n"
                 "td,th{border-bottom:1px solid #CCC;padding:.2em .5em;text-align:left;vertical-align:top}\n"
                 ".wide{overflow-x:auto}\n"
                 "pre.board{line-height:1.3;color:#767676}\n"
                 "pre.board b{font-weight:normal}\n"
                 "b.ew{background:#333333;color:#FFFFFF}\nb.iw{background:#8C8C8C;color:#000000}\n"
                 "b.sp{background:#E0D8FF;color:#000000}\nb.or{background:#000000;color:#FFFFFF}\n"
                 ".steps a.now{font-weight:bold;background:#FFF3B0}\n"
                 ".view{display:none}\n.view:target{display:block}\n"
                 ".row{display:flex;flex-wrap:wrap;gap:1em}\n"
                 /* a column may be narrower than its board (which scrolls itself): no page wider than a phone */
                 ".row>div{min-width:0;max-width:100%}\n");
    for (int i = 0; i < (np < 1 ? 1 : np) && i < 26; i++) {
        char l = layout_player_letter(i);
        if (l >= 'a' && l <= 'z')
            buf_printf(out, "b.p%c{background:%s;color:%s}\n", l, html_colour(i), webpage_fg(html_colour(i)));
    }
}

/* The element class of picture character c ("" none). */
static const char *webpage_class(char c, int reader, char cls[4])
{
    if (c == '@' && reader >= 0)
        c = layout_player_letter(reader);
    cls[0] = '\0';
    if (c == '#')
        return "ew";
    if (c == '+')
        return "iw";
    if (c == '*')
        return "sp";
    if (c == 'o')
        return "or";
    if (c >= 'a' && c <= 'z') {
        cls[0] = 'p', cls[1] = c, cls[2] = '\0';
        return cls;
    }
    return cls;
}

void webpage_picture(Buf *out, const char *pic, size_t n, int reader)
{
    buf_add(out, "<pre class=\"board\">");
    for (size_t i = 0; i < n; i++) {
        char cls[4];
        const char *k = webpage_class(pic[i], reader, cls);
        if (*k) {
            buf_printf(out, "<b class=\"%s\">", k);
            webpage_escn(out, pic + i, 1);
            buf_add(out, "</b>");
        } else {
            webpage_escn(out, pic + i, 1);
        }
    }
    buf_add(out, "</pre>\n");
}
