/* movelist: a board's move list in its own append-only file <n>.moves (contract 10). */
#include "movelist.h"

#include "boardfile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    bool edit = last && strstr(last, " admin EDIT") && b->initial_base < board_moves_count(b);
    free(last);
    if (!edit)
        return false;
    free(b->initial);
    b->initial = NULL; /* the snapshot of the board as it stands: without a snapshot of its own */
    b->initial = boardfile_write(b);
    b->initial_base = board_moves_count(b);
    return true;
}
