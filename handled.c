/* handled: the exactly-once record of mailed commands (handled.h, contract 2.1). var/handled (a file of the
 * store's: its path, its directory, its appends and rewrites and its lock file go through store.h) is appended to,
 * one record a command that ran with a password; a message's commands are looked up in it in one pass (at the
 * message's first login); the records older than the window go when the file is written again, at most once
 * a window (when a record two windows old is seen), so that it holds at most two windows' records. Locks
 * (fcntl, on var/handled.lock; a killed process's go with it): byte 0 while the file is appended to or
 * written again; one byte per message (its claim) while a delivery of that message runs. */
#include "handled.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "disk.h"
#include "request.h"
#include "store.h"

/* ---- the record ---- */

bool handled_parse(const char *text, size_t len, HandledRecord *r)
{
    uint64_t key = 0;
    size_t i = 0;
    for (; i < 16 && i < len; i++) {
        char c = text[i];
        int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
        if (d < 0)
            return false;
        key = key << 4 | (uint64_t)d;
    }
    if (i != 16 || i >= len || text[i++] != ' ')
        return false;
    size_t id = i;
    while (i < len && text[i] > ' ' && text[i] <= '~')
        i++;
    size_t idlen = i - id;
    if (!idlen || idlen >= HANDLED_USERID_MAX || i >= len || text[i++] != ' ' || i >= len)
        return false;
    int64_t when = 0;
    for (size_t digits = 0; i < len; i++, digits++) {
        if (text[i] < '0' || text[i] > '9' || digits >= 18)
            return false;
        when = when * 10 + (text[i] - '0');
    }
    r->key = key;
    memcpy(r->userid, text + id, idlen);
    r->userid[idlen] = '\0';
    r->when = when;
    return true;
}

size_t handled_format(const HandledRecord *r, char *out, size_t size)
{
    int n = snprintf(out, size, "%016llx %s %lld\n", (unsigned long long)r->key, r->userid, (long long)r->when);
    return n < 0 ? 0 : (size_t)n < size ? (size_t)n : size - 1;
}

uint64_t handled_bind(uint64_t key, const char *userid)
{
    uint64_t h = 14695981039346656037u; /* FNV-1a over the key's bytes, then the userid's */
    for (int i = 0; i < 8; i++)
        h = (h ^ ((key >> (8 * i)) & 0xff)) * 1099511628211u;
    for (const char *c = userid; *c; c++)
        h = (h ^ (unsigned char)*c) * 1099511628211u;
    return h ? h : 1;
}

/* True when r was handled within the window before now. */
static bool handled_fresh(const HandledRecord *r, int64_t now)
{
    return now - r->when < HANDLED_WINDOW && r->when <= now;
}

/* ---- locks ---- */

/* Takes (F_WRLCK, waited for) or releases (F_UNLCK) the byte at of h's lock file. 0 or -1. */
static int handled_lock(const Handled *h, short type, off_t at)
{
    struct flock fl = {.l_type = type, .l_whence = SEEK_SET, .l_start = at, .l_len = 1};
    int r = h->lockfd < 0 ? -1 : 0;
    while (h->lockfd >= 0 && (r = fcntl(h->lockfd, F_SETLKW, &fl)) < 0 && errno == EINTR)
        ;
    return r;
}

/* The byte of the lock file that is message key's claim (byte 0 is the file's own lock). */
static off_t handled_claim_byte(uint64_t key)
{
    return (off_t)(1 + (key >> 2));
}

/* ---- one message ---- */

static int handled_cmp_key(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

int handled_open(Handled *h, const Store *s, const char *message_id, const char *sender, int lines, int64_t now,
                 Err *err)
{
    *h = (Handled){.store = s, .path = store_path(s, "var/handled"), .lockfd = -1, .now = now};
    for (int i = 0; message_id && *message_id && i <= lines && i < HANDLED_KEYS_MAX; i++)
        h->keys[h->nkeys++] = request_command_key(message_id, sender, i);
    if (!h->nkeys)
        return 0; /* no Message-ID: nothing is recorded */
    uint64_t claim = h->keys[0];
    qsort(h->keys, (size_t)h->nkeys, sizeof h->keys[0], handled_cmp_key);
    if (store_make_dir(s, "var", err) == 0 && (h->lockfd = store_lock_file(s, "var/handled.lock", err)) >= 0 &&
        handled_lock(h, F_WRLCK, handled_claim_byte(claim)) < 0) {
        char *lock = store_path(s, "var/handled.lock");
        err_fail(err, "%s: %s", lock, strerror(errno));
        free(lock);
        close(h->lockfd);
        h->lockfd = -1;
    }
    return h->lockfd < 0 ? -1 : 0;
}

/* True when key is one of h's message's. */
static bool handled_has_key(const Handled *h, uint64_t key)
{
    int lo = 0, hi = h->nkeys;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (h->keys[mid] == key)
            return true;
        if (h->keys[mid] < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return false;
}

static void handled_found_add(Handled *h, uint64_t bound)
{
    if ((h->nfound & (h->nfound - 1)) == 0) /* 0, 1, 2, 4 ...: grown by doubling */
        h->found = xrealloc(h->found, (size_t)(h->nfound ? 2 * h->nfound : 1) * sizeof *h->found);
    h->found[h->nfound++] = bound;
}

/* Writes var/handled again with its records of the window alone, under the file's lock (one pass). */
static void handled_prune(Handled *h)
{
    char *text = NULL;
    size_t len = 0;
    Err err;
    if (handled_lock(h, F_WRLCK, 0) < 0 || disk_read_file(h->path, &text, &len, &err) < 0) {
        handled_lock(h, F_UNLCK, 0);
        return;
    }
    Buf keep;
    buf_init(&keep);
    const char *end = text + len, *nl;
    for (const char *l = text; l < end && (nl = memchr(l, '\n', (size_t)(end - l))) != NULL; l = nl + 1) {
        HandledRecord r;
        char line[HANDLED_LINE_MAX];
        h->lines_read++;
        if (handled_parse(l, (size_t)(nl - l), &r) && handled_fresh(&r, h->now))
            buf_addn(&keep, line, handled_format(&r, line, sizeof line));
    }
    (void)disk_write_atomic(h->path, keep.s ? keep.s : "", keep.len, &err);
    buf_free(&keep);
    free(text);
    handled_lock(h, F_UNLCK, 0);
}

/* The look-up: one pass over var/handled keeping the records of the message's commands within the window
 * (a line being appended, without its newline yet, is not one); the file is written again when a record two
 * windows old is seen. */
static void handled_load(Handled *h)
{
    h->loaded = true;
    int fd = open(h->path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW);
    FILE *in = fd < 0 ? NULL : fdopen(fd, "r");
    if (!in) {
        if (fd >= 0)
            close(fd);
        return;
    }
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    bool old = false;
    while ((n = getline(&line, &cap, in)) > 0 && line[n - 1] == '\n') {
        HandledRecord r;
        h->lines_read++;
        if (!handled_parse(line, (size_t)n - 1, &r))
            continue;
        old |= h->now - r.when >= 2 * HANDLED_WINDOW;
        if (handled_fresh(&r, h->now) && handled_has_key(h, r.key))
            handled_found_add(h, handled_bind(r.key, r.userid));
    }
    free(line);
    fclose(in);
    if (old)
        handled_prune(h);
}

void handled_begin(Handled *h, uint64_t *key)
{
    if (!h)
        return;
    h->base = key ? *key : 0;
    h->bind = key;
    h->userid[0] = '\0';
    h->state = HANDLED_NONE;
}

bool handled_login(Handled *h, const char *userid)
{
    if (!h || !h->bind || !h->base || !handled_has_key(h, h->base))
        return false;
    uint64_t bound = handled_bind(h->base, userid);
    *h->bind = bound; /* contract 2.1: a board keeps the key of whose password ran */
    snprintf(h->userid, sizeof h->userid, "%s", userid);
    if (!h->loaded)
        handled_load(h);
    h->state = HANDLED_RUN;
    for (int i = 0; i < h->nfound; i++)
        if (h->found[i] == bound)
            h->state = HANDLED_AGAIN;
    return h->state == HANDLED_AGAIN;
}

bool handled_end(Handled *h)
{
    if (!h)
        return false;
    HandledRecord r = {.key = h->base, .when = h->now};
    snprintf(r.userid, sizeof r.userid, "%s", h->userid);
    char line[HANDLED_LINE_MAX];
    size_t n = handled_format(&r, line, sizeof line);
    HandledRecord check;
    if (h->state == HANDLED_RUN && handled_parse(line, n - 1, &check)) { /* a userid a record can hold */
        bool locked = handled_lock(h, F_WRLCK, 0) == 0;
        Err err;
        (void)store_append(h->store, "var/handled", line, n, true, &err);
        if (locked)
            handled_lock(h, F_UNLCK, 0);
        handled_found_add(h, handled_bind(r.key, r.userid));
    }
    bool again = h->state == HANDLED_AGAIN;
    h->state = HANDLED_NONE;
    h->bind = NULL;
    return again;
}

void handled_close(Handled *h)
{
    if (h->lockfd >= 0)
        close(h->lockfd); /* the claim goes with it */
    free(h->path);
    free(h->found);
    *h = (Handled){.lockfd = -1};
}
