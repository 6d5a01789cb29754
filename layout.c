/* layout: the shapes of the texts players read — lines wrapped to 78 columns, the board picture (windows
 * around the groups of squares seen, strips of at most 36 columns) and its legend; pure rendering. */
#include "layout.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sight.h"
#include "specials.h"

/* Board strips are at most this many columns wide (contract 14.9). */
#define STRIP_MAX 36

/* ---- text helpers ---- */

/* Ends the line and indents the next one. */
static void new_line(Buf *out, int indent)
{
    buf_addc(out, '\n');
    buf_pad(out, ' ', indent > 0 ? (size_t)indent : 0);
}

/* layout_wrap's words, after a prefix of plen characters already written. Spaces between words are kept,
 * except where a line breaks; a newline in text starts a new (indented) line; a word too long for a
 * line is cut. Control characters are written as spaces. */
static void wrap_words(Buf *out, size_t plen, int indent, const char *text)
{
    int col = (int)plen;
    bool empty = true; /* nothing after the prefix/indent on this line yet */
    const char *p = text;
    while (*p) {
        if (*p == '\n') {
            new_line(out, indent);
            col = indent;
            empty = true;
            p++;
            continue;
        }
        int gap = 0;
        while (*p && *p != '\n' && ((unsigned char)*p <= ' ' || *p == 0x7f))
            gap++, p++;
        if (!*p || *p == '\n')
            continue;
        size_t wl = 0;
        while (p[wl] && (unsigned char)p[wl] > ' ' && p[wl] != 0x7f)
            wl++;
        if (!empty && col + gap + (int)wl > LAYOUT_WRAP) {
            new_line(out, indent);
            col = indent;
            empty = true;
        }
        if (!empty) {
            buf_pad(out, ' ', (size_t)gap);
            col += gap;
        }
        while ((int)wl > LAYOUT_WRAP - col && LAYOUT_WRAP - col > 0) {
            size_t k = (size_t)(LAYOUT_WRAP - col);
            buf_addn(out, p, k);
            p += k;
            wl -= k;
            new_line(out, indent);
            col = indent;
        }
        buf_addn(out, p, wl);
        col += (int)wl;
        p += wl;
        empty = false;
    }
    buf_add(out, "\n");
}

/* layout_wrap with the prefix's length known: a text that fits on the first line as it is (no control
 * character, no blank at either end) is copied whole. */
/* The length of text when it fits after a prefix of plen characters as it is (wrap_words would write it
 * unchanged on one line: no control character, no blank at either end), else (size_t)-1. */
static size_t plain_len(const char *text, size_t plen)
{
    size_t tl = 0;
    while (plen + tl <= LAYOUT_WRAP && (unsigned char)text[tl] >= ' ' && text[tl] != 0x7f)
        tl++;
    if (plen + tl <= LAYOUT_WRAP && !text[tl] && (!tl || (text[0] != ' ' && text[tl - 1] != ' ')))
        return tl;
    return (size_t)-1;
}

static void wrap(Buf *out, const char *prefix, size_t plen, int indent, const char *text)
{
    size_t tl = plain_len(text, plen);
    if (tl != (size_t)-1) {
        char *o = buf_room(out, plen + tl + 1);
        memcpy(o, prefix, plen);
        memcpy(o + plen, text, tl);
        o[plen + tl] = '\n';
        buf_wrote(out, o + plen + tl + 1);
        return;
    }
    buf_addn(out, prefix, plen);
    wrap_words(out, plen, indent, text);
}

void layout_wrap(Buf *out, const char *prefix, int indent, const char *text)
{
    wrap(out, prefix, strlen(prefix), indent, text);
}

void layout_wrap_prose(Buf *b, size_t from)
{
    if (from >= b->len)
        return;
    char *tail = xstrdup(b->s + from);
    b->len = from;
    b->s[from] = '\0';
    for (char *l = tail; *l;) {
        char *nl = strchr(l, '\n');
        size_t n = nl ? (size_t)(nl - l) : strlen(l);
        if (n <= LAYOUT_WRAP) {
            buf_addn(b, l, n);
            if (nl)
                buf_add(b, "\n");
        } else { /* a prose line: on at its own indent, never a one-word line indented as data */
            size_t lead = strspn(l, " ");
            char *line = xasprintf("%.*s", (int)(n - lead), l + lead), prefix[LAYOUT_WRAP + 1];
            snprintf(prefix, sizeof prefix, "%.*s", (int)(lead < LAYOUT_WRAP / 2 ? lead : 0), l);
            layout_wrap(b, prefix, (int)strlen(prefix), line);
            free(line);
        }
        if (!nl)
            break;
        l = nl + 1;
    }
    free(tail);
}

/* The map letter of a player (help: board symbols): a..n, p..z for players 1..25 in players order
 * (o is the orphans'), % for a 26th player. */
char layout_player_letter(int i)
{
    if (i < 0)
        return '?';
    if (i < 14)
        return (char)('a' + i);
    if (i < 25)
        return (char)('a' + i + 1);
    return '%';
}

/* ---- the board picture ---- */

/* Who looks at the board: a player through their view map, or everyone after the end (reader -1). */
typedef struct Viewer {
    const Board *b;
    int reader;
    const uint8_t *m;   /* the reader's view (NULL when reader is -1) */
    bool round0;        /* terrain and start squares only */
    const LayoutPieceLines *lines; /* the board's pieces' "?" legend lines, made once (NULL: made here) */
    uint64_t *revd;     /* a bit a square: set where rev holds a reveal */
    int *rev;           /* w*h: the latest reveal of another player's piece on a square, where revd is set
                         * (the rest unwritten); NULL when the reader has none drawn (reader -1, round 0) */
} Viewer;

/* Whether bit sq of bitmap bm is set. */
static bool bit(const uint64_t *bm, int sq)
{
    return bm[sq >> 6] >> (sq & 63) & 1;
}

/* Fills v, with its per-sheet table of the latest reveal on each square, so a square's reveal is looked up,
 * not searched for. */
static void viewer_init(Viewer *v, const Board *b, int reader, const uint8_t *m)
{
    size_t n = (size_t)b->w * (size_t)b->h, words = n / 64 + 1;
    *v = (Viewer){.b = b, .reader = reader, .m = m, .round0 = reader >= 0 && b->phase == PHASE_ROUND0};
    if (reader < 0 || v->round0)
        return;
    v->revd = xcalloc(words, sizeof *v->revd);
    const Player *pl = &b->pl[reader];
    v->rev = xmalloc(sizeof *v->rev * n);
    for (int k = 0; k < pl->nreveals; k++) { /* the later reveal on a square wins */
        int sq = pl->reveals[k].sq;
        if (pl->reveals[k].owner != reader && sq >= 0 && (size_t)sq < n) {
            v->rev[sq] = k;
            v->revd[sq >> 6] |= (uint64_t)1 << (sq & 63);
        }
    }
}

static void viewer_free(Viewer *v)
{
    free(v->revd);
    free(v->rev);
}

static bool seen(const Viewer *v, int sq)
{
    return v->reader < 0 || (v->m[sq] & SIGHT_SEEN);
}

/* The reader's own piece: one they control (ronin included). Orphans belong to nobody, not even their
 * former owner (contract 8: orphans show as orphans, their sequence only when decoded). */
static bool own_piece(const Viewer *v, const Piece *p)
{
    return v->reader >= 0 && board_controls(v->b, v->reader, p);
}

/* contract 8: pieces in seen squares, except phased pieces not the reader's own (never shown); none in
 * round 0. */
static bool layout_piece_shown(const Viewer *v, const Piece *p)
{
    if (v->reader < 0)
        return true;
    if (v->round0 || !seen(v, p->sq))
        return false;
    return !p->g.phased || own_piece(v, p);
}

/* A reveal of another player's piece drawn on a square the reader does not see now (the latest one). */
static const Reveal *reveal_at(const Viewer *v, int sq)
{
    if (!v->rev || seen(v, sq) || !bit(v->revd, sq))
        return NULL;
    return &v->b->pl[v->reader].reveals[v->rev[sq]];
}

static const Start *start_at(const Board *b, int sq)
{
    for (int i = 0; i < b->nst; i++)
        if (b->st[i].sq == sq)
            return &b->st[i];
    return NULL;
}

/* The symbol of terrain t on sq in a picture of the terrain (round 0's, the New sheet's, a map): the start
 * label of a start square on floor (1-9, G from GPC10), else t. */
static char terrain_cell(const Board *b, char t, int sq)
{
    const Start *st = t == TER_FLOOR ? start_at(b, sq) : NULL;
    if (st)
        return st->label <= 9 ? (char)('0' + st->label) : 'G';
    return t;
}

/* 1 in each byte of x that is not 0, else 0: exact, byte by byte (no sum crosses a byte). */
static uint64_t nonzero_bytes(uint64_t x)
{
    const uint64_t low7 = 0x7f7f7f7f7f7f7f7fu;
    return (((x & low7) + low7) | x) >> 7 & 0x0101010101010101u;
}

/* 0xff in each byte of x that is c, else 0. */
static uint64_t bytes_equal(uint64_t x, unsigned char c)
{
    return (nonzero_bytes(x ^ 0x0101010101010101u * c) ^ 0x0101010101010101u) * 0xff;
}

/* The first n squares of the terrain ter where the view map m (NULL: everything) sees, blank elsewhere, into
 * sym, and into mask 1 where that is inside the board, else 0: eight squares at a time, each byte of a word
 * on its own (every sum stays within its byte). */
static void terrain_seen(const char *ter, const uint8_t *m, int n, char *sym, uint8_t *mask)
{
    const uint64_t ones = 0x0101010101010101u;
    int sq = 0;
    for (; sq + 8 <= n; sq += 8) {
        uint64_t t, seen = ones, in;
        memcpy(&t, ter + sq, 8);
        if (m) {
            memcpy(&seen, m + sq, 8);
            _Static_assert(SIGHT_SEEN == 1, "a seen square's byte has bit 0 set");
            seen &= ones; /* 1 in each byte seen */
        }
        uint64_t all = seen * 0xff;
        in = nonzero_bytes(t ^ ones * (unsigned char)TER_OUTSIDE); /* 1 where the byte is not TER_OUTSIDE */
        t = (t & all) | (ones * (unsigned char)' ' & ~all);
        in &= seen;
        memcpy(sym + sq, &t, 8);
        memcpy(mask + sq, &in, 8);
    }
    for (; sq < n; sq++) {
        bool s = !m || (m[sq] & SIGHT_SEEN);
        sym[sq] = s ? ter[sq] : ' ';
        mask[sq] = s && ter[sq] != TER_OUTSIDE;
    }
}

/* The symbols of every square (help: board symbols) into sym (w*h) and whether each belongs in the
 * picture (something is drawn there) into mask (w*h), computed once per picture: the terrain where the reader
 * sees (blank elsewhere), then what stands on it, from the lists rather than square by square — the start
 * labels in round 0; else the specials on floor in view, the pieces in view that are shown over them (a phased
 * piece not the reader's is not shown: the special or floor stays), and the latest reveal of
 * another player's piece on each square out of view (reveal_at). */
static void cells_fill(const Viewer *v, char *sym, uint8_t *mask)
{
    const Board *b = v->b;
    int n = b->w * b->h;
    /* locals, not v->..: the writes through sym could alias them, so they would be read again each square */
    const uint8_t *m = v->reader >= 0 ? v->m : NULL;
    const char *ter = b->ter;
    terrain_seen(ter, m, n, sym, mask);
    if (v->round0) {
        for (int i = b->nst - 1; i >= 0; i--) { /* the first start on a square names it (start_at) */
            int sq = b->st[i].sq;
            if (sq >= 0 && sq < n && ter[sq] == TER_FLOOR && mask[sq])
                sym[sq] = terrain_cell(b, TER_FLOOR, sq);
        }
        return;
    }
    for (int i = 0; i < b->nsp; i++) {
        int sq = b->sp[i].sq;
        if (sq >= 0 && sq < n && ter[sq] == TER_FLOOR && (!m || (m[sq] & SIGHT_SEEN)))
            sym[sq] = '*';
    }
    for (int i = 0; i < b->npc; i++) {
        const Piece *p = &b->pc[i];
        int sq = p->sq;
        if (sq < 0 || sq >= n || b->at[sq] != i || (m && !(m[sq] & SIGHT_SEEN)))
            continue;
        bool orphan = board_is_orphan(b, p), own = v->reader >= 0 && p->owner == v->reader && !orphan;
        if (v->reader < 0 || !p->g.phased || own)
            sym[sq] = orphan ? 'o' : own ? '@' : layout_player_letter(p->owner);
    }
    if (!v->rev)
        return;
    const Player *pl = &b->pl[v->reader];
    for (int k = 0; k < pl->nreveals; k++) { /* the later reveal on a square wins, as in viewer_init */
        const Reveal *rv = &pl->reveals[k];
        int sq = rv->sq;
        if (rv->owner != v->reader && sq >= 0 && sq < n && !(m[sq] & SIGHT_SEEN)) {
            sym[sq] = rv->owner == REVEAL_ORPHAN ? 'o' : layout_player_letter(rv->owner);
            mask[sq] = 1;
        }
    }
}

/* put_number for a number of three digits or more, or a negative one. */
static char *put_number_long(char *o, int r, int rw)
{
    char d[16];
    int n = 0;
    do
        d[n++] = (char)('0' + r % 10);
    while ((r /= 10) > 0);
    while (rw > n)
        *o++ = ' ', rw--;
    while (n > 0)
        *o++ = d[--n];
    return o;
}

/* Writes row number r right-aligned in rw columns (rw 0: as it is) at o, which has room for two bytes more than
 * it takes; returns the end. Row numbers and codes have one or two digits: from a table, without dividing, the
 * blanks (at most two) written at once. */
static inline char *put_number(char *o, int r, int rw)
{
    if (r < 0 || r >= 100 || rw > 3)
        return put_number_long(o, r, rw);
    static const char pairs[] = "00010203040506070809101112131415161718192021222324"
                                "25262728293031323334353637383940414243444546474849"
                                "50515253545556575859606162636465666768697071727374"
                                "75767778798081828384858687888990919293949596979899";
    int k = r < 10 ? 1 : 2;
    memcpy(o, "  ", 2);
    o += rw > k ? rw - k : 0;
    o[0] = pairs[2 * r + (k == 1)];
    o[1] = pairs[2 * r + 1];
    return o + k;
}

char *layout_number(char *o, int r, int rw)
{
    return put_number(o, r, rw);
}

/* Writes the n symbols at s at o, each after a blank; returns the end. Sixteen at a time with GCC's vector
 * shuffles, then four at a time where the bytes of a word are laid out little-endian (the four spread to every
 * other byte of a word, the blanks put between). */
static char *spaced_cells(char *o, const char *s, int n)
{
    int c = 0;
#if defined(__GNUC__) && !defined(__clang__) /* sixteen at a time: a blank and a symbol interleaved (SSE2's unpack) */
    typedef unsigned char u16v __attribute__((vector_size(16)));
    const u16v blank = {' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' '};
    const u16v low = {0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23};
    const u16v high = {8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31};
    for (; c + 16 <= n; c += 16) {
        u16v x;
        memcpy(&x, s + c, 16);
        u16v a = __builtin_shuffle(blank, x, low), b = __builtin_shuffle(blank, x, high);
        memcpy(o, &a, 16);
        memcpy(o + 16, &b, 16);
        o += 32;
    }
#endif
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    for (; c + 4 <= n; c += 4) {
        uint32_t x;
        memcpy(&x, s + c, 4);
        uint64_t y = x;
        y = (y | y << 16) & 0x0000ffff0000ffffu;
        y = (y | y << 8) & 0x00ff00ff00ff00ffu;
        y = y << 8 | 0x0020002000200020u;
        memcpy(o, &y, 8);
        o += 8;
    }
#endif
    for (; c < n; c++)
        *o++ = ' ', *o++ = s[c];
    return o;
}

/* One header line of a strip of n columns: letters[c] the letter of column c on this line (blank for the
 * upper line of a single-letter column); trailing blanks dropped. */
static void header_line(Buf *out, int rw, const char *letters, int n)
{
    char *o = buf_room(out, (size_t)rw + 2 + 2 * (size_t)n), *start = o;
    for (int k = 0; k <= rw; k++)
        *o++ = ' ';
    for (int c = 0; c < n; c++) {
        if (c)
            *o++ = ' ';
        *o++ = letters[c];
    }
    while (o > start && o[-1] == ' ')
        o--;
    *o++ = '\n';
    buf_wrote(out, o);
}

/* A window of the picture: a rectangle of columns c0..c1 and rows r0..r1 (inclusive). */
typedef struct Window {
    int c0, c1, r0, r1;
} Window;

/* Windows are cut apart where at least this many rows (or columns) in a row hold nothing drawn. */
#define WINDOW_GAP 3

typedef struct Windows {
    const Board *b;
    const uint8_t *mask; /* w*h: 1 where a square is drawn */
    Window *v;
    int n, cap;
} Windows;

/* Whether row r (dir 0) or column r (dir 1) of the window holds a drawn square. */
static bool line_drawn(const Windows *ws, const Window *w, int dir, int r)
{
    int a = dir ? w->r0 : w->c0, e = dir ? w->r1 : w->c1;
    for (int k = a; k <= e; k++)
        if (ws->mask[dir ? board_sq(ws->b, r, k) : board_sq(ws->b, k, r)])
            return true;
    return false;
}

/* Shrinks w to the smallest rectangle holding its drawn squares; false when it holds none. */
static bool window_fit(const Windows *ws, Window *w)
{
    while (w->r0 <= w->r1 && !line_drawn(ws, w, 0, w->r0))
        w->r0++;
    while (w->r1 >= w->r0 && !line_drawn(ws, w, 0, w->r1))
        w->r1--;
    while (w->r0 <= w->r1 && w->c0 <= w->c1 && !line_drawn(ws, w, 1, w->c0))
        w->c0++;
    while (w->r0 <= w->r1 && w->c1 >= w->c0 && !line_drawn(ws, w, 1, w->c1))
        w->c1--;
    return w->r0 <= w->r1 && w->c0 <= w->c1;
}

/* Cuts w (recursively, rows first, so the windows come in reading order) where WINDOW_GAP blank rows or
 * columns part its drawn squares, and adds each group's smallest rectangle to ws. */
static void window_cut(Windows *ws, Window w)
{
    if (!window_fit(ws, &w))
        return;
    for (int dir = 0; dir < 2; dir++) {
        int a = dir ? w.c0 : w.r0, e = dir ? w.c1 : w.r1, blank = 0;
        for (int k = a; k <= e; k++) {
            blank = line_drawn(ws, &w, dir, k) ? 0 : blank + 1;
            if (blank < WINDOW_GAP)
                continue;
            Window first = w, rest = w;
            if (dir)
                first.c1 = k, rest.c0 = k + 1;
            else
                first.r1 = k, rest.r0 = k + 1;
            window_cut(ws, first);
            window_cut(ws, rest);
            return;
        }
    }
    if (ws->n == ws->cap) {
        ws->cap = ws->cap ? 2 * ws->cap : 8;
        ws->v = xrealloc(ws->v, sizeof *ws->v * (size_t)ws->cap);
    }
    ws->v[ws->n++] = w;
}

/* Draws one window of the symbols sym (w*h) in strips of at most STRIP_MAX columns of equal width. Each
 * strip has its column headers above and below and row numbers on both sides. Cells are one character
 * with a space between them; a two-letter column name (AA..ZZ) is written as two stacked header lines,
 * first letter above, so no line is wider than LAYOUT_WRAP: 36 columns with row numbers up to 99, 35
 * beyond. Each line is written straight into out's room. */
static void draw_window(const Board *b, const char *sym, const Window *w, Buf *out)
{
    int c0 = w->c0, c1 = w->c1, r0 = w->r0, r1 = w->r1;
    int width = c1 - c0 + 1;
    int rw = snprintf(NULL, 0, "%d", r1 + 1);
    /* a line is 2 * rw + 2 characters of row numbers and 2 * cols - 1 of cells: at most LAYOUT_WRAP */
    int most = (LAYOUT_WRAP + 1 - 2 * rw - 2) / 2 < STRIP_MAX ? (LAYOUT_WRAP + 1 - 2 * rw - 2) / 2 : STRIP_MAX;
    int nstrips = (width + most - 1) / most;
    int sw = (width + nstrips - 1) / nstrips;
    for (int a = c0; a <= c1; a += sw) {
        int e = a + sw - 1 > c1 ? c1 : a + sw - 1, n = e - a + 1;
        bool two = e >= 26; /* some column of the strip has a two-letter name */
        char upper[STRIP_MAX], lower[STRIP_MAX];
        for (int c = a; c <= e; c++) {
            char nm[8];
            size_t k = grid_col_name_len(c, nm);
            lower[c - a] = nm[k - 1];
            upper[c - a] = k >= 2 ? nm[k - 2] : ' ';
        }
        if (a > c0)
            buf_add(out, "\n");
        if (two)
            header_line(out, rw, upper, n);
        header_line(out, rw, lower, n);
        for (int r = r0; r <= r1; r++) {
            char *o = buf_room(out, 2 * (size_t)rw + 2 * (size_t)n + 16);
            o = put_number(o, r + 1, rw);
            o = spaced_cells(o, sym + board_sq(b, a, r), n);
            *o++ = ' ';
            o = put_number(o, r + 1, 0);
            *o++ = '\n';
            buf_wrote(out, o);
        }
        if (two)
            header_line(out, rw, upper, n);
        header_line(out, rw, lower, n);
    }
}

/* Draws the symbols sym (w*h) of the squares mask marks: one window per group of drawn squares (groups lie
 * WINDOW_GAP or more blank rows or columns apart), each the smallest rectangle around its group, in reading
 * order, a blank line between them. Returns false (drawing nothing) when nothing is drawn. */
static bool draw_symbols(const Board *b, const char *sym, const uint8_t *mask, Buf *out)
{
    Windows ws = {.b = b, .mask = mask};
    window_cut(&ws, (Window){0, b->w - 1, 0, b->h - 1});
    for (int i = 0; i < ws.n; i++) {
        if (i)
            buf_add(out, "\n");
        draw_window(b, sym, &ws.v[i], out);
    }
    free(ws.v);
    return ws.n > 0;
}

/* Draws what the viewer sees (draw_symbols). */
static bool draw_board(const Viewer *v, Buf *out)
{
    const Board *b = v->b;
    uint8_t *mask = xmalloc((size_t)b->w * (size_t)b->h);
    char *sym = xmalloc((size_t)b->w * (size_t)b->h);
    cells_fill(v, sym, mask);
    bool any = draw_symbols(b, sym, mask, out);
    free(sym);
    free(mask);
    return any;
}

/* ---- legend ---- */

static int owner_width(const Board *b)
{
    int w = 6; /* "orphan" */
    for (int i = 0; i < b->np; i++) {
        int n = (int)strlen(b->pl[i].id);
        if (n > w)
            w = n;
    }
    return w;
}

/* One legend line: square (ls bytes), owner (lo bytes), then text (tl bytes when known, else (size_t)-1:
 * plain_len's) wrapped under itself. */
static void legend_line_n(Buf *out, int ow, const char *sq, size_t ls, const char *owner, size_t lo, const char *text,
                          size_t tl)
{
    char prefix[64]; /* "  %-5s %-*s  ", without printf: one line per piece */
    size_t w = ls > 5 ? ls : 5, wo = lo > (size_t)ow ? lo : (size_t)ow;
    size_t pl = 2 + w + 1 + wo + 2;
    if (tl == (size_t)-1 || pl + tl > LAYOUT_WRAP)
        tl = plain_len(text, pl);
    if (pl < sizeof prefix && tl != (size_t)-1) { /* the whole line at once */
        char *o = buf_room(out, pl + tl + 1);
        memset(o, ' ', pl);
        memcpy(o + 2, sq, ls);
        memcpy(o + 2 + w + 1, owner, lo);
        memcpy(o + pl, text, tl);
        o[pl + tl] = '\n';
        buf_wrote(out, o + pl + tl + 1);
        return;
    }
    if (pl >= sizeof prefix) {
        snprintf(prefix, sizeof prefix, "  %-5s %-*s  ", sq, ow, owner);
        pl = strlen(prefix);
    } else {
        char *p = prefix;
        memset(p, ' ', pl);
        memcpy(p + 2, sq, ls);
        memcpy(p + 2 + w + 1, owner, lo);
        p[pl] = '\0';
    }
    wrap(out, prefix, pl, (int)pl, text);
}

static void legend_line(Buf *out, int ow, const char *sq, const char *owner, const char *text)
{
    legend_line_n(out, ow, sq, strlen(sq), owner, strlen(owner), text, (size_t)-1);
}

/* The names of a board's columns (the first w) and rows (the next h), malloc'd, for naming many squares. */
static char (*line_names(const Board *b))[12]
{
    char (*nm)[12] = xmalloc(sizeof *nm * (size_t)(b->w + b->h + 1));
    for (int c = 0; c < b->w; c++)
        grid_col_name(c, nm[c]);
    for (int r = 0; r < b->h; r++)
        *put_number(nm[b->w + r], r + 1, 0) = '\0';
    return nm;
}

/* board_sq_name with the names of line_names; returns its length. */
static size_t sq_name(const Board *b, char (*nm)[12], int sq, char *buf)
{
    const char *c = nm[board_col(b, sq)], *r = nm[b->w + board_row(b, sq)];
    char *p = buf;
    while (*c)
        *p++ = *c++;
    while (*r)
        *p++ = *r++;
    *p = '\0';
    return (size_t)(p - buf);
}

static int cmp_special(const void *x, const void *y)
{
    const Special *a = *(const Special *const *)x, *c = *(const Special *const *)y;
    return (a->sq > c->sq) - (a->sq < c->sq);
}

/* Specials on drawn squares in reading order; returns the count, *out malloc'd. */
static int visible_specials(const Viewer *v, const Special ***out)
{
    const Board *b = v->b;
    const Special **s = xmalloc(sizeof *s * (size_t)(b->nsp ? b->nsp : 1));
    int n = 0;
    if (!v->round0)
        for (int i = 0; i < b->nsp; i++)
            if (seen(v, b->sp[i].sq))
                s[n++] = &b->sp[i];
    qsort(s, (size_t)n, sizeof *s, cmp_special);
    *out = s;
    return n;
}

void layout_starts(const Board *b, Buf *out)
{
    char nm[16];
    Buf t;
    buf_init(&t);
    for (int i = 0; i < b->nst; i++)
        buf_printf(&t, "%sGPC%d %s", i ? ", " : "", b->st[i].label, board_sq_name(b, b->st[i].sq, nm));
    layout_wrap(out, "Start squares (1-9 on the map; G from GPC10): ", 4, t.len ? t.s : "none");
    buf_free(&t);
}

/* The legend line of piece p as a reader who sees it but may not decode it reads it: its square (names:
 * line_names), its owner ("orphan" for an orphan; idlen: the players' names' lengths) and "?". */
static void legend_unknown(const Board *b, char (*names)[12], const size_t *idlen, int ow, const Piece *p, Buf *out)
{
    char nm[24];
    size_t ls = sq_name(b, names, p->sq, nm);
    bool orphan = board_is_orphan(b, p);
    legend_line_n(out, ow, nm, ls, orphan ? "orphan" : b->pl[p->owner].id, orphan ? 6 : idlen[p->owner], "?", 1);
}

/* The lengths of b's players' names (malloc'd). */
static size_t *id_lengths(const Board *b)
{
    size_t *idlen = xmalloc(sizeof *idlen * (size_t)(b->np ? b->np : 1));
    for (int i = 0; i < b->np; i++)
        idlen[i] = strlen(b->pl[i].id);
    return idlen;
}

void layout_piece_lines(const Board *b, LayoutPieceLines *out)
{
    char (*names)[12] = line_names(b);
    size_t *idlen = id_lengths(b);
    int ow = owner_width(b);
    Buf t;
    buf_init(&t);
    *out = (LayoutPieceLines){.at = xmalloc(sizeof *out->at * (size_t)(b->npc + 1)), .n = b->npc};
    board_piece_squares(b, &out->sqs);
    for (int k = 0; k < b->npc; k++) {
        out->at[k] = t.len;
        legend_unknown(b, names, idlen, ow, &b->pc[b->at[out->sqs[k]]], &t);
    }
    out->at[b->npc] = t.len;
    out->text = buf_take(&t);
    out->names = names;
    free(idlen);
}

void layout_piece_lines_free(LayoutPieceLines *l)
{
    free(l->text);
    free(l->at);
    free(l->sqs);
    free(l->names);
    *l = (LayoutPieceLines){0};
}

/* Legend lines of the pieces shown, under one "Pieces:" heading; returns how many. */
static int legend_pieces(const Viewer *v, int ow, Buf *out)
{
    const Board *b = v->b;
    char nm[24];
    const LayoutPieceLines *lines = v->lines && v->lines->n == b->npc ? v->lines : NULL;
    char (*own_names)[12] = lines ? NULL : line_names(b), (*names)[12] = lines ? lines->names : own_names;
    size_t *idlen = id_lengths(b); /* each owner's name, measured once */
    int shown = 0, n = lines ? lines->n : b->w * b->h;
    const int *at = b->at; /* locals: the writes to out could alias b's fields, so they would be read again */
    size_t run = 0, run_end = 0; /* the shared "?" lines to copy, one run of lines next to each other */
    for (int k = 0; k < n; k++) { /* the pieces in square order: the shared list's, else every square's */
        int sq = lines ? lines->sqs[k] : k;
        if (at[sq] < 0)
            continue;
        const Piece *p = &b->pc[at[sq]];
        if (!layout_piece_shown(v, p))
            continue;
        if (!shown++)
            buf_add(out, "Pieces:\n");
        bool orphan = board_is_orphan(b, p);
        /* own pieces in full, markers included; decoded ones as in the board file (contract 14.9; never phased
         * here, so at most u); the others' "?", as every reader reads it */
        if (v->reader >= 0 && !(p->owner == v->reader && !orphan) && !(v->m[p->sq] & SIGHT_DECODE)) {
            if (lines && lines->at[k] != run_end) { /* not next to the run: the run goes out first */
                if (run_end > run)
                    buf_addn(out, lines->text + run, run_end - run);
                run = lines->at[k];
            }
            if (lines)
                run_end = lines->at[k + 1];
            else
                legend_unknown(b, names, idlen, ow, p, out);
            continue;
        }
        if (run_end > run) /* the run, before this line */
            buf_addn(out, lines->text + run, run_end - run);
        run = run_end;
        bool hidden = v->reader >= 0 && orphan;
        const char *owner = hidden ? "orphan" : b->pl[p->owner].id;
        size_t lo = hidden ? 6 : idlen[p->owner], ls = sq_name(b, names, p->sq, nm);
        char text[GENOME_MAX_COPIES * 4 + 16];
        piece_format(&p->g, true, text, sizeof text - 16);
        if (v->reader < 0 && orphan)
            strcat(text, "  (orphan)");
        legend_line_n(out, ow, nm, ls, owner, lo, text, strlen(text)); /* codes and markers: plain text */
    }
    if (run_end > run)
        buf_addn(out, lines->text + run, run_end - run);
    free(idlen);
    free(own_names);
    return shown;
}

/* Legend lines of the reveals drawn, continuing legend_pieces' list (shown lines so far); returns the total. */
static int legend_reveals(const Viewer *v, int ow, int shown, Buf *out)
{
    const Board *b = v->b;
    char nm[16];
    if (v->reader < 0)
        return shown;
    const Player *pl = &b->pl[v->reader];
    for (int k = 0; k < pl->nreveals; k++) {
        const Reveal *rv = &pl->reveals[k];
        if (reveal_at(v, rv->sq) != rv)
            continue;
        if (!shown++)
            buf_add(out, "Pieces:\n");
        char *text = xasprintf("%s  (seen at %s)", rv->seq, rv->label);
        legend_line(out, ow, board_sq_name(b, rv->sq, nm), rv->owner >= 0 ? b->pl[rv->owner].id : "orphan", text);
        free(text);
    }
    return shown;
}

/* Legend lines of the specials in view, under a "Specials:" heading; returns how many. */
static int legend_specials(const Viewer *v, Buf *out)
{
    const Board *b = v->b;
    const Special **sp;
    int ns = visible_specials(v, &sp);
    if (ns)
        buf_add(out, "Specials:\n");
    Buf full; /* one special's text, the buffer kept from one to the next */
    buf_init(&full);
    for (int i = 0; i < ns; i++) {
        const Special *s = sp[i];
        const SpecialInfo *si = special_info(s->code);
        full.len = 0;
        buf_add(&full, si ? si->name : ""); /* one name a special: the rule page's, from the one table */
        if (v->reader < 0) { /* the fog lifted: what its parameters say, in words (contract 14.9) */
            char *params = special_params_words(b->w, s);
            if (params[0]) {
                buf_add(&full, " (");
                buf_add(&full, params);
                buf_addc(&full, ')');
            }
            free(params);
        }
        if (s->text && s->text[0]) { /* the map's own words about it, quoted as the map's (no printf) */
            buf_add(&full, full.len ? ": \"" : "\"");
            buf_add(&full, s->text);
            buf_addc(&full, '"');
        }
        if (b->ter[s->sq] != TER_FLOOR)
            buf_add(&full, " (under a wall)");
        char prefix[48], *p = prefix; /* "  %-5s %-4s " with the code written S<code> */
        char nm[16];
        size_t ln = strlen(board_sq_name(b, s->sq, nm));
        *p++ = ' ', *p++ = ' ';
        memcpy(p, nm, ln), p += ln;
        for (size_t k = ln; k < 5; k++)
            *p++ = ' ';
        *p++ = ' ';
        char code[16] = "S"; /* "S%d" in 8 bytes */
        size_t lc = s->code >= 0 ? (size_t)(put_number(code + 1, s->code, 0) - code)
                                 : 1 + (size_t)snprintf(code + 1, 15, "%d", s->code);
        lc = lc > 7 ? 7 : lc;
        memcpy(p, code, lc), p += lc;
        for (size_t k = lc; k < 4; k++)
            *p++ = ' ';
        *p++ = ' ';
        *p = '\0';
        wrap(out, prefix, (size_t)(p - prefix), (int)(p - prefix), full.len ? full.s : "");
    }
    buf_free(&full);
    free(sp);
    return ns;
}

/* The legend: every drawn piece, reveal and special (contract 14.9), or the start squares in round 0. */
static void draw_legend(const Viewer *v, Buf *out)
{
    if (v->round0) {
        layout_starts(v->b, out);
        return;
    }
    int ow = owner_width(v->b);
    int shown = legend_reveals(v, ow, legend_pieces(v, ow, out), out);
    int ns = legend_specials(v, out);
    if (!shown && !ns)
        buf_add(out, "No pieces or specials in view.\n");
}

/* A square of a map out of the reader's view, as they last saw it (help/command-map.txt): floor ':', interior
 * wall 'x'; a wall (never removed), a start label and LAYOUT_SEEN_SPECIAL as given. (layout_map_cells does the
 * same a word at a time.) */
static char remembered(char c)
{
    return c == TER_FLOOR ? ':' : c == TER_IWALL ? 'x' : c;
}

bool layout_terrain(const Board *b, const char *ter, bool starts, const uint8_t *m, Buf *out)
{
    size_t n = (size_t)b->w * (size_t)b->h;
    char *sym = xmalloc(n);
    uint8_t *mask = xmalloc(n);
    for (size_t sq = 0; sq < n; sq++) {
        char c = starts ? terrain_cell(b, ter[sq], (int)sq) : ter[sq];
        mask[sq] = ter[sq] != TER_OUTSIDE;
        sym[sq] = m && !(m[sq] & SIGHT_SEEN) ? remembered(c) : c;
    }
    bool any = draw_symbols(b, sym, mask, out);
    free(sym);
    free(mask);
    return any;
}

void layout_fill(const Board *b, int reader, const uint8_t *m, char *sym, uint8_t *mask)
{
    Viewer v;
    viewer_init(&v, b, reader, m);
    cells_fill(&v, sym, mask);
    viewer_free(&v);
}

bool layout_board_cells(const Board *b, const char *sym, const uint8_t *mask, Buf *out)
{
    return draw_symbols(b, sym, mask, out);
}

bool layout_board(const Board *b, int reader, const uint8_t *m, Buf *out)
{
    Viewer v;
    viewer_init(&v, b, reader, m);
    bool any = draw_board(&v, out);
    viewer_free(&v);
    return any;
}

bool layout_map_cells(const Board *b, const char *ter, const char *sym, const uint8_t *mask, Buf *out)
{
    size_t n = (size_t)b->w * (size_t)b->h;
    char *msym = xmalloc(n);
    uint8_t *mmask = xmalloc(n);
    const uint64_t ones = 0x0101010101010101u;
    size_t sq = 0;
    for (; sq + 8 <= n; sq += 8) { /* eight squares at a time, as the loop below: remembered() a word at a time */
        uint64_t t, y, k;
        memcpy(&t, ter + sq, 8);
        memcpy(&y, sym + sq, 8);
        memcpy(&k, mask + sq, 8);
        uint64_t in = nonzero_bytes(t ^ ones * (unsigned char)TER_OUTSIDE);
        uint64_t floor = bytes_equal(t, TER_FLOOR), iwall = bytes_equal(t, TER_IWALL);
        uint64_t rem = (t & ~(floor | iwall)) | (ones * ':' & floor) | (ones * 'x' & iwall);
        uint64_t keep = (nonzero_bytes(k) & nonzero_bytes(y)) * 0xff;
        y = (y & keep) | (rem & ~keep);
        memcpy(mmask + sq, &in, 8);
        memcpy(msym + sq, &y, 8);
    }
    for (; sq < n; sq++) { /* what the sheet's picture draws, by the same rules: the fog as it is */
        mmask[sq] = ter[sq] != TER_OUTSIDE;
        msym[sq] = mask[sq] && sym[sq] ? sym[sq] : remembered(ter[sq]);
    }
    bool any = draw_symbols(b, msym, mmask, out);
    free(msym);
    free(mmask);
    return any;
}

bool layout_map(const Board *b, int reader, const char *ter, const uint8_t *m, Buf *out)
{
    size_t n = (size_t)b->w * (size_t)b->h;
    char *sym = xmalloc(n);
    uint8_t *mask = xmalloc(n);
    layout_fill(b, reader, m, sym, mask);
    bool any = layout_map_cells(b, ter, sym, mask, out);
    free(sym);
    free(mask);
    return any;
}

void layout_cells_masked(const char *sym, const uint8_t *mask, size_t n, char *cells)
{
    size_t sq = 0;
    for (; sq + 8 <= n; sq += 8) { /* eight squares at a time: each byte of mask that is not 0 keeps its symbol */
        uint64_t k, c;
        memcpy(&k, mask + sq, 8);
        memcpy(&c, sym + sq, 8);
        k = nonzero_bytes(k) * 0xff;
        c &= k;
        memcpy(cells + sq, &c, 8);
    }
    for (; sq < n; sq++)
        cells[sq] = mask[sq] ? sym[sq] : '\0';
}

void layout_cells(const Board *b, int reader, const uint8_t *m, char *cells)
{
    size_t n = (size_t)b->w * (size_t)b->h;
    uint8_t *mask = xmalloc(n);
    layout_fill(b, reader, m, cells, mask);
    layout_cells_masked(cells, mask, n, cells);
    free(mask);
}

void layout_legend(const Board *b, int reader, const uint8_t *m, Buf *out)
{
    layout_legend_shared(b, reader, m, NULL, out);
}

void layout_legend_shared(const Board *b, int reader, const uint8_t *m, const LayoutPieceLines *lines, Buf *out)
{
    Viewer v;
    viewer_init(&v, b, reader, m);
    v.lines = lines;
    draw_legend(&v, out);
    viewer_free(&v);
}
