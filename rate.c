/* rate: the per-mailbox budget of the mail front's replies, kept in the store's var/rate/ (rate.h; contract 2.1,
 * 15.2): its directory, lock file and records go through store.h. */
#include "rate.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "disk.h"
#include "store.h"

/* ---- mailboxes ---- */

char *rate_mailbox(const char *address, char *out, size_t size)
{
    const char *at = strrchr(address, '@');
    size_t n = strlen(address), local = at ? (size_t)(at - address) : n;
    size_t tag = strcspn(address, "+");
    size_t keep = tag < local ? tag : local; /* the local part up to its first '+' */
    size_t end = n;
    while (at && end > local + 1 && address[end - 1] == '.') /* "example.org." is "example.org" */
        end--;
    size_t k = 0;
    for (size_t i = 0; i < end && k + 1 < size && k < RATE_MAILBOX_MAX; i++) {
        if (i >= keep && i < local)
            continue;
        char c = address[i];
        out[k++] = (char)(c >= 'A' && c <= 'Z' ? c + 32 : c);
    }
    if (size)
        out[k < size ? k : size - 1] = '\0';
    return out;
}

bool rate_same_mailbox(const char *a, const char *b)
{
    char ma[RATE_MAILBOX_MAX + 1], mb[RATE_MAILBOX_MAX + 1];
    return a && b && strcmp(rate_mailbox(a, ma, sizeof ma), rate_mailbox(b, mb, sizeof mb)) == 0;
}

/* ---- the budget and its record ---- */

/* Parses "N/SECONDS" into *max and *secs: 1; 0 for "off" or "0"; -1 with err. */
static int rate_window(const char *spec, int64_t *max, int64_t *secs, Err *err)
{
    if (str_ieq(spec, "off") || strcmp(spec, "0") == 0)
        return 0;
    char num[32];
    const char *slash = strchr(spec, '/');
    snprintf(num, sizeof num, "%.*s", slash ? (int)(slash - spec) : 0, spec);
    if (!slash || !parse_i64(num, max) || !parse_i64(slash + 1, secs) || *max < 1 || *secs < 1)
        return err_fail(err, "rate '%s' is not MESSAGES/SECONDS", spec);
    return 1;
}

int rate_budget(const char *spec, const char *day, RateBudget *b, Err *err)
{
    *b = (RateBudget){{0, 0}, {0, 0}, {RATE_BYTES_MAX, RATE_BYTES_DAY_MAX}};
    int on = rate_window(spec && *spec ? spec : RATE_DEFAULT, &b->max[0], &b->secs[0], err);
    if (on <= 0)
        return on;
    int d = rate_window(day && *day ? day : RATE_DAY_DEFAULT, &b->max[1], &b->secs[1], err);
    if (d < 0)
        return -1;
    if (d == 0) /* the day's window off: one that never fills */
        b->max[1] = INT64_MAX, b->secs[1] = 1, b->bytes[1] = INT64_MAX;
    return 1;
}

bool rate_count_parse(const char *line, RateCount *c)
{
    long long v[7];
    char extra;
    if (sscanf(line, "%lld %lld %lld %lld %lld %lld %lld %c", &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6],
               &extra) != 7)
        return false;
    *c = (RateCount){{v[0], v[3]}, {v[1], v[4]}, {v[2], v[5]}, v[6]};
    return c->count[0] >= 0 && c->count[1] >= 0 && c->bytes[0] >= 0 && c->bytes[1] >= 0;
}

void rate_count_format(const RateCount *c, char *buf, size_t size)
{
    snprintf(buf, size, "%lld %lld %lld %lld %lld %lld %lld\n", (long long)c->start[0], (long long)c->count[0],
             (long long)c->bytes[0], (long long)c->start[1], (long long)c->count[1], (long long)c->bytes[1],
             (long long)c->told);
}

/* True when window i of c has room for one more reply under b. */
static bool rate_room(const RateCount *c, int i, const RateBudget *b)
{
    return c->count[i] < b->max[i] && c->bytes[i] < b->bytes[i];
}

/* True when window i of c is current at now under b (begun, not yet passed). */
static bool rate_current(const RateCount *c, int i, int64_t now, const RateBudget *b)
{
    return c->start[i] <= now && now - c->start[i] < b->secs[i];
}

/* c with its passed windows started again at now (count 0). */
static void rate_roll(RateCount *c, int64_t now, const RateBudget *b)
{
    for (int i = 0; i < 2; i++)
        if (!rate_current(c, i, now, b))
            c->start[i] = now, c->count[i] = 0, c->bytes[i] = 0;
}

/* ---- the directory ---- */

int rate_lock(const Store *s, Err *err)
{
    int fd = store_lock_file(s, "var/rate/.lock", err);
    struct flock fl = {.l_type = F_WRLCK, .l_whence = SEEK_SET};
    int r = fd < 0 ? -1 : 0;
    while (fd >= 0 && (r = fcntl(fd, F_SETLKW, &fl)) < 0 && errno == EINTR)
        ;
    if (fd >= 0 && r < 0) {
        char *p = store_path(s, "var/rate/.lock");
        err_fail(err, "%s: %s", p, strerror(errno));
        free(p);
        close(fd);
        fd = -1;
    }
    return fd;
}

/* The path of mailbox's record in rdir: "_" (never a dot file) and the mailbox, anything but [a-z0-9@._+-]
 * as '_'. */
static char *rate_path(const char *rdir, const char *mailbox)
{
    char k[RATE_MAILBOX_MAX + 2];
    size_t n = 0;
    k[n++] = '_';
    for (const char *c = mailbox; *c && n < sizeof k - 1; c++)
        k[n++] = (*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || strchr("@._+-", *c) ? *c : '_';
    k[n] = '\0';
    return xasprintf("%s/%s", rdir, k);
}

/* Removes the records in rdir whose windows have all passed and whose notice no longer covers now, so that
 * the directory holds the mailboxes of the last day only; at most once a short window (rdir/.pruned holds
 * when it was last done). Called with the lock held. */
static void rate_prune(const char *rdir, int64_t now, const RateBudget *b)
{
    char *mark = xasprintf("%s/.pruned", rdir), *text = NULL;
    long long last = 0;
    Err err;
    if (disk_read_file(mark, &text, NULL, &err) == 0 && sscanf(text, "%lld", &last) != 1)
        last = 0;
    free(text);
    DIR *d = now - last >= b->secs[0] || now < last ? opendir(rdir) : NULL;
    struct dirent *de;
    while (d && (de = readdir(d)) != NULL) {
        if (de->d_name[0] == '.') /* the lock, the mark, temporaries (the sweep's) */
            continue;
        char *p = xasprintf("%s/%s", rdir, de->d_name);
        RateCount c;
        text = NULL;
        if (disk_read_file(p, &text, NULL, &err) == 0 &&
            (!rate_count_parse(text, &c) ||
             (!rate_current(&c, 0, now, b) && !rate_current(&c, 1, now, b) && c.told <= now)))
            (void)unlink(p);
        free(text);
        free(p);
    }
    if (d) {
        closedir(d);
        char stamp[32];
        snprintf(stamp, sizeof stamp, "%lld\n", (long long)now);
        (void)disk_write_atomic(mark, stamp, strlen(stamp), &err);
    }
    free(mark);
}

/* What rate_change does to a record. */
typedef enum RateOp { RATE_OP_RESERVE, RATE_OP_REFUND, RATE_OP_CHARGE } RateOp;

/* Runs one change op of mailbox's record under the lock (bytes: RATE_OP_CHARGE's). Returns rate_reserve's
 * answer (RATE_RESERVED for the others), or -1 with err. */
static int rate_change(const Store *s, const char *mailbox, int64_t now, const RateBudget *b, RateOp op,
                       int64_t bytes, int64_t *until, Err *err)
{
    char *rdir = store_path(s, "var/rate"), *path = rate_path(rdir, mailbox), *text = NULL;
    int rc = store_make_dir(s, "var", err) == 0 && store_make_dir(s, "var/rate", err) == 0 ? 0 : -1;
    int lock = rc == 0 ? rate_lock(s, err) : -1; /* outside the store's lock: two messages at once */
    const RateCount fresh = {{now, now}, {0, 0}, {0, 0}, 0};
    RateCount c = fresh;
    if (lock < 0)
        rc = -1;
    else if (disk_read_file(path, &text, NULL, err) != 0 || !rate_count_parse(text, &c))
        c = fresh; /* none yet (or unreadable): a new record */
    rate_roll(&c, now, b);
    int state = RATE_RESERVED;
    *until = 0;
    for (int i = 0; i < 2; i++) {
        if (op == RATE_OP_REFUND)
            c.count[i] -= c.count[i] > 0;
        else if (op == RATE_OP_CHARGE)
            c.bytes[i] += bytes > 0 && c.bytes[i] < INT64_MAX - bytes ? bytes : 0;
        else if (!rate_room(&c, i, b) && c.start[i] + b->secs[i] > *until)
            *until = c.start[i] + b->secs[i]; /* the budget has room again when the last full window ends */
    }
    if (op == RATE_OP_RESERVE && !*until) {
        c.count[0]++, c.count[1]++;
    } else if (op == RATE_OP_RESERVE) {
        state = c.told > now ? RATE_OVER : RATE_OVER_FIRST;
        c.told = state == RATE_OVER_FIRST ? *until : c.told;
    }
    char line[160];
    rate_count_format(&c, line, sizeof line);
    if (rc == 0 && state != RATE_OVER)
        rc = disk_write_atomic(path, line, strlen(line), err);
    if (rc == 0 && op == RATE_OP_RESERVE)
        rate_prune(rdir, now, b);
    if (lock >= 0)
        close(lock); /* lets the lock go */
    free(text);
    free(path);
    free(rdir);
    return rc < 0 ? -1 : state;
}

int rate_reserve(const Store *s, const char *mailbox, int64_t now, const RateBudget *b, int64_t *until, Err *err)
{
    return rate_change(s, mailbox, now, b, RATE_OP_RESERVE, 0, until, err);
}

int rate_refund(const Store *s, const char *mailbox, int64_t now, const RateBudget *b, Err *err)
{
    int64_t until;
    return rate_change(s, mailbox, now, b, RATE_OP_REFUND, 0, &until, err);
}

int rate_charge(const Store *s, const char *mailbox, int64_t now, const RateBudget *b, int64_t bytes, Err *err)
{
    int64_t until;
    return rate_change(s, mailbox, now, b, RATE_OP_CHARGE, bytes, &until, err);
}
