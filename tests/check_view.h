/* The helpers of the view suites (check_view.c, check_view_show.c): a plain board, pieces and specials put on
 * it, a sheet rendered and checked for width, lines looked up in a text. Include after check.h. */
#ifndef GENETESS_CHECK_VIEW_H
#define GENETESS_CHECK_VIEW_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "sight.h"
#include "view.h"

/* A w x h board of floor inside one ring of exterior wall; players alice, bob, carol... in play, round 1,
 * alice (seat 0) to move. */
static inline Board *mk(int w, int h, int np)
{
    static const char *const ids[] = {"alice", "bob", "carol", "dave"};
    Board *b = board_new();
    b->number = 101;
    snprintf(b->par.map, sizeof b->par.map, "test");
    board_set_size(b, w, h);
    for (int r = 0; r < h; r++)
        for (int c = 0; c < w; c++)
            b->ter[board_sq(b, c, r)] = (r == 0 || c == 0 || r == h - 1 || c == w - 1) ? TER_XWALL : TER_FLOOR;
    b->pl = xcalloc((size_t)np, sizeof *b->pl);
    b->np = np;
    for (int i = 0; i < np; i++) {
        snprintf(b->pl[i].id, sizeof b->pl[i].id, "%s", ids[i]);
        b->pl[i].e = 5;
        b->pl[i].holiday_left = 14 * 86400;
        b->pl[i].start = i + 1;
    }
    b->phase = PHASE_PLAY;
    b->round = 1;
    b->seat = 0;
    b->clock.deadline = 1700000000; /* 2023-11-14 22:13 UTC */
    return b;
}

static inline int sq(const Board *b, const char *name)
{
    int s;
    Err err;
    ck_assert_int_eq(board_parse_sq(b, name, &s, &err), 0);
    return s;
}

static inline Piece *put(Board *b, const char *square, int owner, const char *seq)
{
    Genome g;
    Err err;
    ck_assert_msg(piece_parse(seq, &g, true, &err) == 0, "%s", err.msg);
    return board_add_piece(b, sq(b, square), owner, &g);
}

static inline void add_special(Board *b, int code, const char *square, const char *text)
{
    b->sp = xrealloc(b->sp, sizeof *b->sp * (size_t)(b->nsp + 1));
    Special *s = &b->sp[b->nsp++];
    memset(s, 0, sizeof *s);
    s->code = code;
    s->sq = sq(b, square);
    s->e = 1; /* e=1 per-king=no */
    s->text = xstrdup(text);
}

static inline uint8_t *view(const Board *b, int player)
{
    uint8_t *m = xmalloc((size_t)b->w * (size_t)b->h);
    sight_compute(b, player, m);
    return m;
}

static inline int count_bits(const Board *b, const uint8_t *m, int bit)
{
    int n = 0;
    for (int i = 0; i < b->w * b->h; i++)
        n += (m[i] & bit) != 0;
    return n;
}

/* Every line of text is at most 78 columns (mail bodies). */
static inline void assert_width(const char *text)
{
    int line = 1;
    for (const char *p = text; *p;) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        ck_assert_msg(n <= 78, "line %d is %zu columns: %.*s", line, n, (int)n, p);
        p += n + (nl ? 1 : 0);
        line++;
    }
}

static inline char *sheet(const Board *b, int reader, SheetVariant variant, const char *result)
{
    SheetOpts o = {.variant = variant, .result = result, .news = &b->pl[reader].news,
                   .ebook = &b->pl[reader].ebook};
    Buf out;
    buf_init(&out);
    view_sheet(b, reader, &o, &out);
    char *s = buf_take(&out);
    assert_width(s);
    return s;
}

/* True when some line of text starts with prefix. */
static inline bool has_line_prefix(const char *text, const char *prefix)
{
    size_t n = strlen(prefix);
    for (const char *p = text; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
        if (strncmp(p, prefix, n) == 0)
            return true;
    return false;
}

/* The whole line of text starting with prefix (static buffer), or NULL. */
static inline const char *line_with(const char *text, const char *prefix)
{
    static char buf[512];
    size_t n = strlen(prefix);
    for (const char *p = text; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
        if (strncmp(p, prefix, n) == 0) {
            const char *nl = strchr(p, '\n');
            size_t k = nl ? (size_t)(nl - p) : strlen(p);
            if (k >= sizeof buf)
                k = sizeof buf - 1;
            memcpy(buf, p, k);
            buf[k] = '\0';
            return buf;
        }
    return NULL;
}

/* The last non-empty line. */
static inline const char *last_line(const char *text)
{
    static char buf[512];
    size_t n = strlen(text);
    while (n && text[n - 1] == '\n')
        n--;
    size_t s = n;
    while (s && text[s - 1] != '\n')
        s--;
    snprintf(buf, sizeof buf, "%.*s", (int)(n - s), text + s);
    return buf;
}

#endif
