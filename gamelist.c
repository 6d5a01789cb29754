/* gamelist: what Cleanup keeps for one run — the game list held in memory and written once, and the due
 * index etc/Genetess.due, so that idle boards are not opened. */
#include "gamelist.h"

#include "disk.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#define LIST_FILE "etc/Genetess.list"
#define LIST_HEADER "boardno:players:moveno:status\n"
#define DUE_FILE "etc/Genetess.due"
#define DUE_HEADER "genetess-due 1\n"

static int64_t min64(int64_t a, int64_t b)
{
    return a < b ? a : b;
}

int64_t gamelist_due(const Board *b)
{
    const Clock *k = &b->clock;
    if (b->phase == PHASE_ENDED)
        return k->ended > 0 ? sat_add(k->ended, GAMELIST_ARCHIVE_AFTER) : INT64_MAX;
    int64_t due = INT64_MAX;
    if (k->holiday_since > 0 && b->seat >= 0 && b->seat < b->np) {
        int64_t left = b->pl[b->seat].holiday_left;
        due = sat_add(k->holiday_since, left > 0 ? left : 0);
    }
    if (k->deadline > 0) {
        due = min64(due, k->deadline);
        if (!k->nag_sent) /* deadline_nag: a lead of at most a day before the deadline */
            due = min64(due, k->deadline - 86400);
    }
    return due;
}

/* ---- the game list's line ---- */

bool gamelist_header(const char *line)
{
    return strncmp(line, "boardno:", 8) == 0;
}

/* The number a field starts with as the writer writes it ("%d", from 1, at most 9 digits), *p past it; -1 when
 * it has none. first: a board's number (never 0). */
static int gamelist_number(const char **p, bool first)
{
    const char *s = *p;
    if (*s < '0' || *s > '9' || (*s == '0' && (first || (s[1] >= '0' && s[1] <= '9'))))
        return -1;
    int v = 0, i = 0;
    for (; s[i] >= '0' && s[i] <= '9' && i < 9; i++)
        v = v * 10 + (s[i] - '0');
    *p = s + i;
    return v;
}

/* Reads the status (n bytes at s) into r's state and detail. */
static bool gamelist_read_status(const char *s, size_t n, ListRecord *r)
{
    static const char wait[] = "waiting for", turn[] = " turn", holiday[] = " on holiday";
    const char *sp = memchr(s, ' ', n);
    size_t w = sp ? (size_t)(sp - s) : n; /* the first word */
    if (n >= LIST_DETAIL_MAX)
        return false;
    r->state = LIST_OTHER;
    snprintf(r->detail, sizeof r->detail, "%.*s", (int)n, s);
    if (n == sizeof wait - 1 && memcmp(s, wait, n) == 0) {
        r->state = LIST_WAITING;
        r->detail[0] = '\0';
    } else if (n > sizeof wait && memcmp(s, wait, sizeof wait - 1) == 0 && s[sizeof wait - 1] == ' ') {
        r->state = LIST_WAITING;
        snprintf(r->detail, sizeof r->detail, "%.*s", (int)(n - sizeof wait), s + sizeof wait);
    } else if (w > 0 && w + sizeof turn - 1 == n && memcmp(s + w, turn, sizeof turn - 1) == 0) {
        r->state = LIST_TURN;
        r->detail[w] = '\0';
    } else if (w > 0 && w + sizeof holiday - 1 == n && memcmp(s + w, holiday, sizeof holiday - 1) == 0) {
        r->state = LIST_HOLIDAY;
        r->detail[w] = '\0';
    } else if ((n > 7 && memcmp(s, "won by ", 7) == 0) || (n > 5 && memcmp(s, "tie (", 5) == 0)) {
        r->state = LIST_ENDED;
    }
    return true;
}

bool gamelist_parse(const char *line, ListRecord *r)
{
    memset(r, 0, sizeof *r);
    const char *p = line;
    if ((r->board = gamelist_number(&p, true)) < 0 || *p++ != ':')
        return false;
    const char *end = strchr(p, ':');
    if (!end)
        return false;
    while (p < end) { /* the players, one space between */
        const char *sp = memchr(p, ' ', (size_t)(end - p)), *e = sp ? sp : end;
        if (e == p || e - p > USERID_MAX || r->np == MAX_PLAYERS || (sp && sp + 1 == end))
            return false;
        snprintf(r->players[r->np++], sizeof r->players[0], "%.*s", (int)(e - p), p);
        p = sp ? sp + 1 : end;
    }
    p = end + 1;
    if ((r->move = gamelist_number(&p, false)) < 0 || *p++ != ':')
        return false;
    size_t n = strcspn(p, "\n");
    if (p[n] == '\n' && p[n + 1])
        return false;
    return gamelist_read_status(p, n, r);
}

void gamelist_status(const ListRecord *r, char *buf, size_t size)
{
    switch (r->state) {
    case LIST_WAITING:
        snprintf(buf, size, "waiting for%s%s", r->detail[0] ? " " : "", r->detail);
        break;
    case LIST_TURN:
        snprintf(buf, size, "%s turn", r->detail);
        break;
    case LIST_HOLIDAY:
        snprintf(buf, size, "%s on holiday", r->detail);
        break;
    default:
        snprintf(buf, size, "%s", r->detail);
    }
}

char *gamelist_format(const ListRecord *r)
{
    Buf o;
    buf_init(&o);
    buf_printf(&o, "%d:", r->board);
    for (int i = 0; i < r->np; i++)
        buf_printf(&o, "%s%s", i ? " " : "", r->players[i]);
    char st[LIST_DETAIL_MAX + 32];
    gamelist_status(r, st, sizeof st);
    buf_printf(&o, ":%d:%s\n", r->move, st);
    return buf_take(&o);
}

void gamelist_record_of(int number, const Board *b, ListRecord *r)
{
    memset(r, 0, sizeof *r);
    r->board = number;
    r->move = board_move_number(b);
    for (int i = 0; i < b->np && i < MAX_PLAYERS; i++)
        snprintf(r->players[r->np++], sizeof r->players[0], "%s", b->pl[i].id);
    if (b->phase == PHASE_ENDED) {
        r->state = LIST_ENDED;
        snprintf(r->detail, sizeof r->detail, "%s", b->result);
    } else if (b->phase == PHASE_ROUND0) {
        r->state = LIST_WAITING;
        Buf w;
        buf_init(&w);
        for (int i = 0; i < b->np; i++)
            if (b->pl[i].status == PS_ACTIVE && !board_gambles_in(b, &b->pl[i]))
                buf_printf(&w, "%s%s", w.len ? " " : "", b->pl[i].id);
        snprintf(r->detail, sizeof r->detail, "%s", w.s ? w.s : "");
        buf_free(&w);
    } else {
        r->state = b->clock.holiday_since > 0 ? LIST_HOLIDAY : LIST_TURN;
        snprintf(r->detail, sizeof r->detail, "%s", b->pl[b->seat].id);
    }
}

bool gamelist_plays(const ListRecord *r, const char *id)
{
    for (int i = 0; i < r->np; i++)
        if (str_ieq(r->players[i], id))
            return true;
    return false;
}

/* ---- the game list ---- */

/* The board number a list line is the line of: "<n>:" with n written as pipeline_update_list writes it (the
 * rest of the line as it may be: a line of that board edited out of shape is still its line). */
static int line_key(const char *l)
{
    int n = gamelist_number(&l, true);
    return n >= 0 && *l == ':' ? n : -1;
}

static void line_insert(Gamelist *l, int at, char *text)
{
    if (l->nline == l->capline) {
        l->capline = l->capline ? 2 * l->capline : 64;
        l->line = xrealloc(l->line, sizeof *l->line * (size_t)l->capline);
    }
    memmove(l->line + at + 1, l->line + at, sizeof *l->line * (size_t)(l->nline - at));
    l->line[at] = (ListingLine){.text = text, .num = atoi(text), .key = line_key(text)};
    l->nline++;
}

static void line_remove(Gamelist *l, int at)
{
    free(l->line[at].text);
    memmove(l->line + at, l->line + at + 1, sizeof *l->line * (size_t)(l->nline - at - 1));
    l->nline--;
}

/* The lines of the list text, its header lines and empty lines apart (as pipeline_update_list reads it). */
static void read_lines(Gamelist *l, const char *text)
{
    const char *p = text;
    while (*p) {
        size_t n = strcspn(p, "\n");
        if (n && !gamelist_header(p)) {
            char *t = xmalloc(n + 2);
            memcpy(t, p, n);
            memcpy(t + n, "\n", 2);
            line_insert(l, l->nline, t);
        }
        p += n + (p[n] == '\n');
    }
}

/* In a clean list (every line a board's, ascending, none twice) the first line of a number >= n. */
static int lower_bound(const Gamelist *l, int n)
{
    int lo = 0, hi = l->nline;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (l->line[mid].key < n)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* Whether the lines are clean: each a board's line, ascending, none twice (gamelist_set searches them). */
static bool lines_clean(const Gamelist *l)
{
    for (int i = 0; i < l->nline; i++)
        if (l->line[i].key < 0 || (i && l->line[i].key <= l->line[i - 1].key))
            return false;
    return true;
}

void gamelist_set(Gamelist *l, int n, const char *line)
{
    bool done = false;
    l->touched = true;
    if (l->clean && (!line || line_key(line) == n)) { /* the same outcome as the walk below, found by halves */
        int at = lower_bound(l, n);
        bool have = at < l->nline && l->line[at].key == n;
        if (have && line) {
            free(l->line[at].text);
            l->line[at] = (ListingLine){.text = xstrdup(line), .num = atoi(line), .key = n};
        } else if (have) {
            line_remove(l, at);
        } else if (line) {
            line_insert(l, at, xstrdup(line));
        }
        return;
    }
    for (int i = 0; i < l->nline; i++) {
        if (l->line[i].key == n) {
            if (line && !done) {
                free(l->line[i].text);
                l->line[i] = (ListingLine){.text = xstrdup(line), .num = atoi(line), .key = line_key(line)};
            } else {
                line_remove(l, i--);
            }
            done = true;
        } else if (line && !done && l->line[i].num > n) {
            line_insert(l, i++, xstrdup(line));
            done = true;
        }
    }
    if (line && !done)
        line_insert(l, l->nline, xstrdup(line));
    l->clean = lines_clean(l);
}

/* FNV-1a of board n's list line; 0 when the list has none. The search starts where the last one ended:
 * Cleanup asks for the boards in the order of the list's lines. */
static uint64_t line_hash(Gamelist *l, int n)
{
    for (int k = 0; k < l->nline; k++) {
        int i = (l->cursor + k) % l->nline;
        if (l->line[i].key != n)
            continue;
        l->cursor = i;
        uint64_t h = 14695981039346656037ULL;
        for (const unsigned char *p = (const unsigned char *)l->line[i].text; *p; p++)
            h = (h ^ *p) * 1099511628211ULL;
        return h ? h : 1;
    }
    return 0;
}

/* ---- the due index ---- */

static ListingDue *find_due(const Gamelist *l, int n)
{
    int lo = 0, hi = l->ndue - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (l->due[mid].n == n)
            return &l->due[mid];
        if (l->due[mid].n < n)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return NULL;
}

/* Board n's entry, added in its place when new. */
static ListingDue *due_entry(Gamelist *l, int n)
{
    ListingDue *d = find_due(l, n);
    if (d)
        return d;
    int at = 0;
    while (at < l->ndue && l->due[at].n < n)
        at++;
    if (l->ndue == l->capdue) {
        l->capdue = l->capdue ? 2 * l->capdue : 64;
        l->due = xrealloc(l->due, sizeof *l->due * (size_t)l->capdue);
    }
    memmove(l->due + at + 1, l->due + at, sizeof *l->due * (size_t)(l->ndue - at));
    l->ndue++;
    l->due[at] = (ListingDue){.n = n};
    return &l->due[at];
}

/* The identity of board n's file into d; false when it has none. Looked up in the games directory opened
 * once for the run (one name to resolve per board, not the whole path), else by its path. */
static bool file_identity(const Gamelist *l, const Store *s, int n, ListingDue *d)
{
    char path[4096];
    struct stat st;
    int len = l->games_open ? snprintf(path, sizeof path, "%d", n)
                            : snprintf(path, sizeof path, "%s/games/Genetess/%d", s->home, n);
    bool ok = (size_t)len < sizeof path && fstatat(l->games_open ? l->games_fd : AT_FDCWD, path, &st, 0) == 0 &&
              S_ISREG(st.st_mode);
    if (ok) {
        d->size = (long long)st.st_size;
        d->mtime = (long long)st.st_mtim.tv_sec;
        d->mtime_ns = (long long)st.st_mtim.tv_nsec;
    }
    return ok;
}

static bool same_identity(const ListingDue *a, const ListingDue *b)
{
    return a->size == b->size && a->mtime == b->mtime && a->mtime_ns == b->mtime_ns;
}

/* The index text: a header, then "n due line size mtime mtime_ns" lines (line: the hash
 * of the board's list line) ascending by n; a
 * text that is not that is no index (every board is opened). */
static void read_due(Gamelist *l, const char *text)
{
    if (strncmp(text, DUE_HEADER, strlen(DUE_HEADER)) != 0)
        return;
    const char *p = text + strlen(DUE_HEADER);
    while (*p) {
        const char *start = p;
        char *end;
        long long v[6];
        for (int k = 0; k < 6; k++) {
            v[k] = k == 2 ? (long long)strtoull(p, &end, 16) : strtoll(p, &end, 10);
            if (end == p || *end != (k == 5 ? '\n' : ' ')) {
                l->ndue = 0;
                return;
            }
            p = end + 1;
        }
        if (v[0] < 1 || v[0] > INT32_MAX || (l->ndue && v[0] <= l->due[l->ndue - 1].n)) {
            l->ndue = 0;
            return;
        }
        if (l->ndue == l->capdue) {
            l->capdue = l->capdue ? 2 * l->capdue : 64;
            l->due = xrealloc(l->due, sizeof *l->due * (size_t)l->capdue);
        }
        l->due[l->ndue++] = (ListingDue){.n = (int)v[0], .due = (int64_t)v[1], .line = (uint64_t)v[2],
                                         .size = v[3], .mtime = v[4], .mtime_ns = v[5],
                                         .text = start, .textlen = (int)(p - start)};
    }
}

/* The text of file rel under s (malloc'd), or NULL when it is missing or cannot be read. */
static char *read_optional(const Store *s, const char *rel)
{
    Err err;
    char *path = store_path(s, rel), *text = NULL;
    if (disk_read_file(path, &text, NULL, &err) != 0)
        text = NULL;
    free(path);
    return text;
}

/* Reads the game list of s into l. */
static void read_list(Gamelist *l, const Store *s)
{
    l->orig = read_optional(s, LIST_FILE);
    if (l->orig)
        read_lines(l, l->orig);
    l->clean = lines_clean(l);
}

/* Writes the list of l when a line was set and the text is not the one read; frees the lines. */
static int write_list(Gamelist *l, const Store *s, DiskLater *before, DiskLater *after, Err *err)
{
    Buf o;
    buf_init(&o);
    buf_add(&o, LIST_HEADER);
    for (int i = 0; i < l->nline; i++)
        buf_add(&o, l->line[i].text);
    int rc = 0;
    if (l->touched && !(l->orig && strcmp(l->orig, o.s) == 0))
        rc = store_write_list_with(s, o.s, before, after, err);
    buf_free(&o);
    for (int i = 0; i < l->nline; i++)
        free(l->line[i].text);
    free(l->line);
    free(l->orig);
    l->line = NULL;
    l->orig = NULL;
    l->nline = 0;
    return rc;
}

int gamelist_write_line(const Store *s, int n, const char *line, DiskLater *before, DiskLater *after, Err *err)
{
    Gamelist l = {0};
    read_list(&l, s);
    gamelist_set(&l, n, line);
    return write_list(&l, s, before, after, err);
}

void gamelist_open(Gamelist *l, const Store *s)
{
    *l = (Gamelist){.games_fd = -1};
    char *games = store_path(s, "games/Genetess");
    l->games_fd = open(games, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    l->games_open = l->games_fd >= 0;
    free(games);
    read_list(l, s);
    l->due_text = read_optional(s, DUE_FILE);
    if (l->due_text)
        read_due(l, l->due_text);
}

bool gamelist_idle(Gamelist *l, const Store *s, int n, int64_t now)
{
    ListingDue *d = find_due(l, n), cur;
    if (!d || now >= d->due || line_hash(l, n) != d->line || !file_identity(l, s, n, &cur) || !same_identity(d, &cur))
        return false;
    d->seen = true;
    return true;
}

void gamelist_note(Gamelist *l, const Store *s, int n, const Board *b)
{
    ListingDue cur = {.n = n, .due = gamelist_due(b), .line = line_hash(l, n), .seen = true};
    if (!file_identity(l, s, n, &cur)) {
        ListingDue *d = find_due(l, n);
        if (d)
            d->seen = false;
        return;
    }
    *due_entry(l, n) = cur;
}

/* Writes the index of the boards seen this run. The index is a cache: a failure only costs the next run
 * its work (every board is opened). */
static void write_due(const Gamelist *l, const Store *s)
{
    Buf o;
    buf_init(&o);
    buf_add(&o, DUE_HEADER);
    for (int i = 0; i < l->ndue; i++) {
        const ListingDue *d = &l->due[i];
        if (d->seen && d->text)
            buf_addn(&o, d->text, (size_t)d->textlen); /* as read: the board was idle */
        else if (d->seen)
            buf_printf(&o, "%d %lld %llx %lld %lld %lld\n", d->n, (long long)d->due, (unsigned long long)d->line,
                       d->size, d->mtime, d->mtime_ns);
    }
    char *path = store_path(s, DUE_FILE);
    Err err;
    /* a run that found every board idle has nothing new to say: the index stays as it is */
    if (!(l->due_text && strcmp(l->due_text, o.s) == 0) && disk_write_atomic(path, o.s, o.len, &err) < 0)
        fprintf(stderr, "genetess: %s\n", err.msg);
    free(path);
    buf_free(&o);
}

int gamelist_close(Gamelist *l, const Store *s, Err *err)
{
    int rc = write_list(l, s, NULL, NULL, err);
    write_due(l, s);
    free(l->due);
    free(l->due_text);
    l->due = NULL;
    l->due_text = NULL;
    l->ndue = 0;
    if (l->games_open)
        close(l->games_fd);
    l->games_open = false;
    l->games_fd = -1;
    return rc;
}

void gamelist_status_of(const Board *b, char *buf, size_t size)
{
    ListRecord r;
    gamelist_record_of(b->number, b, &r);
    gamelist_status(&r, buf, size);
}
