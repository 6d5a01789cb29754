/* movelist: a board's move list in its own append-only file <n>.moves (contract 10). */
#include "movelist.h"

#include "boardfile.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the line's record ---- */

/* The words of the events, by kind (MOVE_ORDER and MOVE_EDIT have none). */
static const char *const movelist_events[] = {
    [MOVE_TIMEOUT] = "Timeout", [MOVE_FORFEIT] = "Forfeit", [MOVE_RESIGN] = "Resign", [MOVE_HOLIDAY] = "Holiday"};

MoveRecord movelist_order(const char *text, bool autorun, bool failed)
{
    return (MoveRecord){.kind = MOVE_ORDER, .text = text, .textlen = (int)strlen(text), .autorun = autorun,
                        .failed = failed};
}

MoveRecord movelist_event(MoveKind kind, int64_t secs)
{
    return (MoveRecord){.kind = kind, .text = "", .secs = secs};
}

/* Takes the word at *p up to the next space into out (size bytes, NUL included); false when it is empty, too
 * long, or no single space follows it. */
static bool movelist_word(const char **p, char *out, size_t size)
{
    const char *sp = strchr(*p, ' ');
    if (!sp || sp == *p || (size_t)(sp - *p) >= size)
        return false;
    snprintf(out, size, "%.*s", (int)(sp - *p), *p);
    *p = sp + 1;
    return true;
}

/* The round a turn label names ("0", "12c": its leading digits), -1 when it starts with none or names more than
 * a million rounds. */
static int movelist_round(const char *label)
{
    int round = -1;
    for (const char *c = label; *c >= '0' && *c <= '9'; c++)
        if ((round = (round < 0 ? 0 : round) * 10 + (*c - '0')) > 1000000)
            return -1;
    return round;
}

/* True when text (n bytes) ends with suffix; n loses it then. */
static bool movelist_strip(const char *text, int *n, const char *suffix)
{
    int k = (int)strlen(suffix);
    if (*n <= k || memcmp(text + *n - k, suffix, (size_t)k) != 0)
        return false;
    *n -= k;
    return true;
}

bool movelist_parse(const char *line, MoveRecord *r)
{
    memset(r, 0, sizeof *r);
    const char *p = line;
    if (!movelist_word(&p, r->label, sizeof r->label) || !movelist_word(&p, r->who, sizeof r->who) || !*p ||
        *p == ' ' || strchr(p, '\n'))
        return false;
    r->round = movelist_round(r->label);
    r->text = p;
    r->textlen = (int)strlen(p);
    if (strcmp(r->who, "admin") == 0 && strncmp(p, "EDIT", 4) == 0) {
        r->kind = MOVE_EDIT;
        r->text = p + 4;
        r->textlen -= 4;
        return true;
    }
    for (int k = MOVE_TIMEOUT; k <= MOVE_RESIGN; k++)
        if (strcmp(p, movelist_events[k]) == 0) {
            r->kind = (MoveKind)k;
            r->text = "";
            r->textlen = 0;
            return true;
        }
    char canon[32];
    if (strncmp(p, "Holiday ", 8) == 0 && parse_i64(p + 8, &r->secs) &&
        strcmp(p + 8, (snprintf(canon, sizeof canon, "%" PRId64, r->secs), canon)) == 0) {
        r->kind = MOVE_HOLIDAY;
        r->text = "";
        r->textlen = 0;
        return true;
    }
    r->secs = 0;
    r->failed = movelist_strip(p, &r->textlen, " (Failed)");
    r->autorun = movelist_strip(p, &r->textlen, " (Auto)");
    return true;
}

char *movelist_format(const MoveRecord *r)
{
    switch (r->kind) {
    case MOVE_ORDER:
        return xasprintf("%s %s %.*s%s%s", r->label, r->who, r->textlen, r->text, r->autorun ? " (Auto)" : "",
                         r->failed ? " (Failed)" : "");
    case MOVE_EDIT:
        return xasprintf("%s %s EDIT%.*s", r->label, r->who, r->textlen, r->text);
    case MOVE_HOLIDAY:
        return xasprintf("%s %s Holiday %" PRId64, r->label, r->who, r->secs);
    default:
        return xasprintf("%s %s %s", r->label, r->who, movelist_events[r->kind]);
    }
}

bool movelist_by(const MoveRecord *r, const char *id)
{
    return str_ieq(r->who, id);
}

/* ---- the file ---- */

/* Walks the first count lines of text (len bytes): each into out unless out is NULL; *last (when non-NULL)
 * gets the last of them (malloc'd). False when the text holds fewer. */
static bool split_lines(const char *text, size_t len, int count, StrList *out, char **last)
{
    const char *p = text, *e = text + len;
    for (int i = 0; i < count; i++) {
        const char *nl = p < e ? memchr(p, '\n', (size_t)(e - p)) : NULL;
        if (!nl)
            return false;
        if (out)
            sl_push_owned(out, xasprintf("%.*s", (int)(nl - p), p));
        if (last && i == count - 1)
            *last = xasprintf("%.*s", (int)(nl - p), p);
        p = nl + 1;
    }
    return true;
}

int movelist_load(const Store *s, Board *b, Err *err)
{
    if (!b->moves_off)
        return 0;
    char *text = NULL;
    size_t len = 0;
    int rc = store_moves_read(s, b->number, &text, &len, err);
    if (rc == 1)
        rc = err_fail(err, "%d.moves: missing (the board counts %d moves)", b->number, b->moves_off);
    StrList all = {0};
    if (rc == 0 && !split_lines(text, len, b->moves_off, &all, NULL))
        rc = err_fail(err, "%d.moves: fewer lines than the %d the board counts", b->number, b->moves_off);
    free(text);
    if (rc < 0) {
        sl_free(&all);
        return -1;
    }
    for (int i = 0; i < b->moves.n; i++)
        sl_push(&all, b->moves.v[i]);
    sl_free(&b->moves);
    b->moves = all;
    b->moves_off = 0;
    return 0;
}

int movelist_load_reply(const Store *s, Board *b, Buf *reply)
{
    Err err;
    if (movelist_load(s, b, &err) == 0)
        return 0;
    fprintf(stderr, "genetess: %s\n", err.msg);
    buf_printf(reply, "Genetess board %d: its move list cannot be read (the reason is in the server's log)\n",
               b->number);
    return -1;
}

int movelist_commit(const Store *s, Board *b, Err *err)
{
    int total = board_moves_count(b);
    if (b->moves_file && total == b->moves_saved && b->moves_end >= 0)
        return 0; /* nothing new */
    Buf t;
    buf_init(&t);
    for (int i = b->moves_saved; i < total; i++) {
        buf_add(&t, b->moves.v[i - b->moves_off]);
        buf_addc(&t, '\n');
    }
    int64_t end = b->moves_file ? b->moves_end : 0; /* inline lines: the file starts again */
    int rc = store_moves_append(s, b->number, b->moves_file ? b->moves_saved : 0, &end, t.s ? t.s : "", t.len, err);
    buf_free(&t);
    if (rc < 0)
        return -1;
    b->moves_file = true;
    b->moves_saved = total;
    b->moves_end = end;
    return 0;
}

int movelist_memory_start(const Board *b)
{
    int i = b->moves.n;
    size_t bytes = 0;
    while (i > 0 && b->moves.n - i < MOVELIST_MEMORY_LINES) {
        size_t k = strlen(b->moves.v[i - 1]) + 1;
        if (bytes + k > MOVELIST_MEMORY_BYTES)
            break;
        bytes += k;
        i--;
    }
    return i;
}

/* The lines of the memory b->moves lacks into *got, newest first, read from <n>.moves before byte end (where the
 * first line b->moves holds begins), bytes and lines being what the memory holds already. 0 or -1 with err. */
static int memory_read(const Store *s, const Board *b, int64_t end, size_t bytes, int lines, StrList *got, Err *err)
{
    size_t room = MOVELIST_MEMORY_BYTES - bytes;
    int64_t lo = end > (int64_t)room ? end - (int64_t)room - 1 : 0; /* one byte more: is a line's start in it? */
    size_t len = (size_t)(end - lo);
    char *buf = xmalloc(len + 1);
    int rc = store_moves_read_at(s, b->number, lo, len, buf, err);
    if (rc == 1)
        rc = err_fail(err, "%d.moves: missing (the board counts %d moves)", b->number, b->moves_off);
    if (rc == 0 && len && buf[len - 1] != '\n')
        rc = err_fail(err, "%d.moves: its lines do not end where the board says", b->number);
    size_t at = len; /* the lines before it are still to take */
    while (rc == 0 && at > 0 && got->n < b->moves_off && lines + got->n < MOVELIST_MEMORY_LINES) {
        size_t from = at - 1;
        while (from > 0 && buf[from - 1] != '\n')
            from--;
        if ((from == 0 && lo > 0) || bytes + (at - from) > MOVELIST_MEMORY_BYTES)
            break; /* it begins before what was read: it does not fit */
        if (memchr(buf + from, '\0', at - from))
            rc = err_fail(err, "%d.moves is not a text file", b->number);
        else
            sl_push_owned(got, xasprintf("%.*s", (int)(at - from - 1), buf + from));
        bytes += at - from;
        at = from;
    }
    if (rc == 0 && at == 0 && lo == 0 && got->n < b->moves_off)
        rc = err_fail(err, "%d.moves: fewer lines than the %d the board counts", b->number, b->moves_off);
    free(buf);
    return rc;
}

int movelist_memory_load(const Store *s, Board *b)
{
    int start = movelist_memory_start(b), lines = b->moves.n - start;
    size_t bytes = 0;
    for (int i = start; i < b->moves.n; i++)
        bytes += strlen(b->moves.v[i]) + 1;
    if (start > 0 || !b->moves_off || lines == MOVELIST_MEMORY_LINES || bytes == MOVELIST_MEMORY_BYTES)
        return 0; /* it holds the whole memory */
    Err err;
    int rc;
    if (b->moves_end < 0) { /* where its lines end is not known: counted, as a command that appends counts them */
        rc = movelist_load(s, b, &err);
    } else {
        int64_t end = b->moves_end; /* where the first line held begins: the end of the lines saved, less those held */
        for (int i = 0; i < b->moves_saved - b->moves_off && i < b->moves.n; i++)
            end -= (int64_t)strlen(b->moves.v[i]) + 1;
        StrList got = {0};
        rc = end < 0 ? err_fail(&err, "%d.moves: its lines do not end where the board says", b->number)
                     : memory_read(s, b, end, bytes, lines, &got, &err);
        if (rc == 0) { /* newest first: in front of b->moves, oldest first */
            StrList all = {0};
            for (int i = got.n - 1; i >= 0; i--)
                sl_push(&all, got.v[i]);
            for (int i = 0; i < b->moves.n; i++)
                sl_push(&all, b->moves.v[i]);
            sl_free(&b->moves);
            b->moves = all;
            b->moves_off -= got.n;
        }
        sl_free(&got);
    }
    if (rc < 0)
        fprintf(stderr, "genetess: %s\n", err.msg);
    return rc;
}

char *movelist_last(const Store *s, const Board *b)
{
    if (b->moves.n)
        return xstrdup(b->moves.v[b->moves.n - 1]);
    if (!b->moves_off || b->moves_end >= 0) /* the file is as this program left it: no hand edit there */
        return NULL;
    char *text = NULL;
    size_t len = 0;
    Err err;
    if (store_moves_read(s, b->number, &text, &len, &err) != 0)
        return NULL;
    char *last = NULL;
    split_lines(text, len, b->moves_off, NULL, &last); /* the count-th line only, no list of them all */
    free(text);
    return last;
}

bool movelist_rebase(const Store *s, Board *b)
{
    char *last = movelist_last(s, b);
    MoveRecord r;
    bool edit = last && movelist_parse(last, &r) && r.kind == MOVE_EDIT && b->initial_base < board_moves_count(b);
    free(last);
    if (!edit)
        return false;
    free(b->initial);
    b->initial = NULL; /* the snapshot of the board as it stands: without a snapshot of its own */
    b->start_of_initial = false; /* its known lines, and those after, against no snapshot's map, then its */
    b->initial = boardfile_write(b);
    b->initial_base = board_moves_count(b);
    return true;
}
