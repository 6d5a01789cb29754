/* html: the turnsheet's HTML part — the view of the text sheet as a coloured grid (Okabe-Ito palette,
 * letters kept, so colour is never the only sign), the legend and events beside it, the rest of the sheet
 * below; pure rendering from the data the text sheet is drawn from. */
#include "html.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "layout.h"
#include "sight.h"

/* The players' colours: Okabe & Ito's colour-blind-safe palette (black is the orphans'), with a text colour
 * readable on each. Player i has row i % PALETTE_N; the letter tells players of one colour apart. */
typedef struct Colour {
    const char *bg, *fg;
} Colour;
static const Colour palette[] = {
    {"#E69F00", "#000000"}, /* orange */
    {"#56B4E9", "#000000"}, /* sky blue */
    {"#009E73", "#FFFFFF"}, /* bluish green */
    {"#F0E442", "#000000"}, /* yellow */
    {"#0072B2", "#FFFFFF"}, /* blue */
    {"#D55E00", "#FFFFFF"}, /* vermillion */
    {"#CC79A7", "#000000"}, /* reddish purple */
};
#define PALETTE_N ((int)(sizeof palette / sizeof palette[0]))
#define UNSEEN_BG "#C8C8C8"

/* The other kinds of square: the symbol the text sheet draws, its CSS class and colours. */
typedef struct Kind {
    char sym;
    const char *cls, *bg, *fg;
} Kind;
static const Kind kinds[] = {
    {'#', "w", "#333333", "#FFFFFF"},  /* wall */
    {'+', "iw", "#8C8C8C", "#000000"}, /* interior wall */
    {'.', "f", "#FFFFFF", "#A0A0A0"},  /* floor */
    {'*', "s", "#E0D8FF", "#000000"},  /* special */
    {'o', "o", "#000000", "#FFFFFF"},  /* orphan */
    {'\0', "u", UNSEEN_BG, "#000000"}, /* not in view */
};
#define KINDS_N ((int)(sizeof kinds / sizeof kinds[0]))

const char *html_colour(int i)
{
    return i < 0 ? UNSEEN_BG : palette[i % PALETTE_N].bg;
}

/* Appends n bytes of s with &, <, > and " escaped: the runs between them copied whole, each of the four
 * characters found with memchr (its next place looked for again only once passed). */
static void esc(Buf *out, const char *s, size_t n)
{
    static const char spec[4] = {'&', '<', '>', '"'};
    static const char *const rep[4] = {"&amp;", "&lt;", "&gt;", "&quot;"};
    static const size_t rep_len[4] = {5, 4, 4, 6};
    const char *end = s + n, *run = s, *next[4];
    for (int k = 0; k < 4; k++) {
        next[k] = n ? memchr(s, spec[k], n) : NULL;
        if (!next[k])
            next[k] = end;
    }
    for (;;) {
        int k = 0;
        for (int j = 1; j < 4; j++)
            if (next[j] < next[k])
                k = j;
        if (next[k] == end)
            break;
        buf_addn(out, run, (size_t)(next[k] - run));
        buf_addn(out, rep[k], rep_len[k]);
        run = next[k] + 1;
        next[k] = memchr(run, spec[k], (size_t)(end - run));
        if (!next[k])
            next[k] = end;
    }
    buf_addn(out, run, (size_t)(end - run));
}

static void esc_str(Buf *out, const char *s)
{
    esc(out, s, strlen(s));
}

#define FLOW_MAX 960 /* the longest line of flow text written before breaking it (a mail line is 998) */

/* Appends s escaped as flow text (white-space: normal, where a newline shows as the space it replaces):
 * a line longer than FLOW_MAX octets is broken at its last space within them between two ASCII
 * characters (or, if none, at its first one past them), so that the mail needs no encoding. */
static void esc_flow(Buf *out, const char *s)
{
    size_t start = out->len;
    esc_str(out, s);
    char *l = out->s + start, *end = out->s + out->len;
    while ((size_t)(end - l) > FLOW_MAX) {
        char *nl = memchr(l, '\n', (size_t)(end - l));
        if (nl && nl - l <= FLOW_MAX) {
            l = nl + 1;
            continue;
        }
        char *stop = nl ? nl : end, *cut = NULL;
        for (char *p = l + 1; p + 1 < stop && (!cut || p <= l + FLOW_MAX); p++)
            if (*p == ' ' && !(p[-1] & 0x80) && !(p[1] & 0x80))
                cut = p;
        if (cut)
            *cut = '\n';
        else if (!nl)
            break;
        l = cut ? cut + 1 : nl + 1;
    }
}

/* The player whose letter (or @, the reader's) sym is, or -1. */
static int letter_player(const Board *b, int reader, char sym)
{
    if (sym == '@')
        return reader;
    for (int i = 0; i < b->np; i++)
        if (layout_player_letter(i) == sym)
            return i;
    return -1;
}

static void style(const Board *b, Buf *out)
{
    buf_add(out, "<style>\n"
                 "body{font-family:monospace;background:#FFFFFF;color:#000000}\n"
                 ".row{display:flex;flex-wrap:wrap;gap:2em;align-items:flex-start}\n"
                 "table.board{border-collapse:collapse}\n"
                 "table.board td,table.board th{width:1.6em;height:1.6em;padding:0;text-align:center;"
                 "font-weight:bold}\n"
                 "table.board td{border:1px solid #FFFFFF}\n"
                 "th{color:#555555;font-weight:normal}\n"
                 "td.rv{border:1px dashed #000000}\n"
                 "pre{margin:0}\n");
    for (int k = 0; k < KINDS_N; k++)
        buf_printf(out, "td.%s{background:%s;color:%s}\n", kinds[k].cls, kinds[k].bg, kinds[k].fg);
    buf_add(out, "td.st{background:#FFFFFF;color:#000000}\n");
    for (int i = 0; i < b->np; i++)
        buf_printf(out, "td.p%d{background:%s;color:%s}\n", i, palette[i % PALETTE_N].bg, palette[i % PALETTE_N].fg);
    buf_add(out, "</style>\n");
}

/* The class of a cell with symbol sym (seen: the reader sees it now; a letter on an unseen square is a
 * reveal); into cls (at least 16 bytes). */
static void cell_class(const Board *b, int reader, char sym, bool seen, char *cls)
{
    for (int k = 0; k < KINDS_N; k++)
        if (kinds[k].sym == sym) {
            strcpy(cls, kinds[k].cls);
            return;
        }
    int p = letter_player(b, reader, sym);
    if (p >= 0)
        snprintf(cls, 16, "p%d%s", p, seen ? "" : " rv");
    else
        strcpy(cls, "st"); /* round 0's start squares 1-9, G */
}

/* The cell classes of every symbol, seen and not, and their lengths: a table, so the grid formats nothing
 * per cell. */
typedef struct Classes {
    char cls[2][256][16];
    unsigned char len[2][256];
} Classes;

static void classes_init(const Board *b, int reader, Classes *t)
{
    for (int seen = 0; seen < 2; seen++)
        for (int c = 0; c < 256; c++) {
            cell_class(b, reader, (char)c, seen, t->cls[seen][c]);
            t->len[seen][c] = (unsigned char)strlen(t->cls[seen][c]);
        }
}

/* Copies the n bytes at s to o; returns the end of the copy. */
static char *put(char *o, const char *s, size_t n)
{
    memcpy(o, s, n);
    return (char *)o + n;
}
#define PUT_LIT(o, lit) put((o), (lit), sizeof(lit) - 1)
#define CELL_MAX 80 /* the longest cell: 11 + 15 (class) + 9 + 7 + 11 (name) + 2 + 6 (&quot;) + 5 */
/* A row of the grid is written CELLS_PER_LINE cells to a line (whitespace between cells is insignificant),
 * so that no line of the document is over the 998 octets of RFC 5322 2.1.1 and the mail needs no encoding:
 * a line is at most the cells, a row head (<tr><th>999</th>, 16) and a row tail (<th>999</th></tr>, 16). */
#define CELLS_PER_LINE 10
_Static_assert(CELLS_PER_LINE * CELL_MAX + 32 <= 998, "a grid line fits in a mail line");

/* The names of one row's squares: the column names c0.. (at most 7 letters each) and the row number. */
typedef struct RowNames {
    const char (*col)[8];
    const unsigned char *col_len;
    char row[12];
    size_t row_len;
} RowNames;

/* Writes one cell at o: <td class="cls"> and, when drawn, its title (the square's name) and escaped
 * symbol; returns the end (at most CELL_MAX bytes). */
static char *grid_cell(char *o, char sym, const char *cls, size_t cls_len, const RowNames *rn, int c)
{
    o = PUT_LIT(o, "<td class=\"");
    o = put(o, cls, cls_len);
    if (!sym) /* not in the picture: nothing, not even its name */
        return PUT_LIT(o, "\"></td>");
    o = PUT_LIT(o, "\" title=\"");
    o = put(o, rn->col[c], rn->col_len[c]);
    o = put(o, rn->row, rn->row_len);
    o = PUT_LIT(o, "\">");
    switch (sym) {
    case '&': o = PUT_LIT(o, "&amp;"); break;
    case '<': o = PUT_LIT(o, "&lt;"); break;
    case '>': o = PUT_LIT(o, "&gt;"); break;
    case '"': o = PUT_LIT(o, "&quot;"); break;
    default: *o++ = sym;
    }
    return PUT_LIT(o, "</td>");
}

/* "<th>" r "</th>" with the row number r; the digits also into rn's row. */
static void row_head(int r, RowNames *rn, Buf *out)
{
    char d[16];
    int n = 0;
    do
        d[n++] = (char)('0' + r % 10);
    while ((r /= 10) > 0);
    rn->row_len = 0;
    while (n > 0)
        rn->row[rn->row_len++] = d[--n];
    buf_add(out, "<th>");
    buf_addn(out, rn->row, rn->row_len);
    buf_add(out, "</th>");
}

/* One header row of the column names in names[0..n), CELLS_PER_LINE to a line. */
static void col_header(const char (*names)[8], int n, Buf *out)
{
    buf_add(out, "<tr><th></th>");
    for (int c = 0; c < n; c++) {
        if (c && c % CELLS_PER_LINE == 0)
            buf_addc(out, '\n');
        buf_add(out, "<th>");
        buf_add(out, names[c]);
        buf_add(out, "</th>");
    }
    buf_add(out, "<th></th></tr>\n");
}

/* The rows r0..r1 of columns c0..c1 of the grid, each cell written straight into out's room. */
static void grid_rows(const Board *b, int reader, const uint8_t *m, const char *cells, const int span[4], Buf *out)
{
    int c0 = span[0], c1 = span[1], nc = c1 - c0 + 1;
    char (*names)[8] = xmalloc((size_t)nc * sizeof *names);
    unsigned char *lens = xmalloc((size_t)nc);
    for (int c = 0; c < nc; c++)
        lens[c] = (unsigned char)strlen(grid_col_name(c0 + c, names[c]));
    Classes *t = xmalloc(sizeof *t);
    classes_init(b, reader, t);
    RowNames rn = {.col = (const char (*)[8])names, .col_len = lens};
    for (int r = span[2]; r <= span[3]; r++) {
        buf_add(out, "<tr>");
        row_head(r + 1, &rn, out);
        char *o = buf_room(out, (size_t)nc * (CELL_MAX + 1));
        for (int c = c0, next = c0 + CELLS_PER_LINE; c <= c1; c++) {
            if (c == next)
                *o++ = '\n', next += CELLS_PER_LINE;
            int sq = board_sq(b, c, r);
            int seen = !m || (m[sq] & SIGHT_SEEN);
            unsigned char sym = (unsigned char)cells[sq];
            o = grid_cell(o, (char)sym, t->cls[seen][sym], t->len[seen][sym], &rn, c - c0);
        }
        buf_wrote(out, o);
        row_head(r + 1, &rn, out);
        buf_add(out, "</tr>\n");
    }
    free(t);
    col_header((const char (*)[8])names, nc, out);
    free(names);
    free(lens);
}

/* The grid: the smallest rectangle around the squares the picture draws; a square not drawn is unseen. */
static void grid(const Board *b, int reader, const uint8_t *m, const char *cells, Buf *out)
{
    int c0 = b->w, c1 = -1, r0 = b->h, r1 = -1;
    for (int sq = 0; sq < b->w * b->h; sq++)
        if (cells[sq]) {
            int c = sq % b->w, r = sq / b->w;
            c0 = c < c0 ? c : c0, c1 = c > c1 ? c : c1, r0 = r < r0 ? r : r0, r1 = r > r1 ? r : r1;
        }
    if (c1 < 0) {
        buf_add(out, "<p>You see nothing of the board.</p>\n");
        return;
    }
    buf_add(out, "<table class=\"board\">\n");
    char (*names)[8] = xmalloc((size_t)(c1 - c0 + 1) * sizeof *names);
    for (int c = c0; c <= c1; c++)
        grid_col_name(c, names[c - c0]);
    col_header((const char (*)[8])names, c1 - c0 + 1, out);
    free(names);
    const int span[4] = {c0, c1, r0, r1};
    grid_rows(b, reader, m, cells, span, out);
    buf_add(out, "</table>\n");
}

/* The events: o's news, as news_section lists them (the stored-order note once the banner said it). */
static void events(const SheetOpts *o, Buf *out)
{
    int n = 0;
    for (int i = 0; o->news && i < o->news->n; i++) {
        const char *e = o->news->v[i].text;
        if (o->variant == SHEET_STAR_DONE && o->news->v[i].kind == NEWS_STORED_RAN)
            continue;
        if (!n++)
            buf_add(out, "<h2>Since your last sheet</h2>\n<ul class=\"events\">\n");
        buf_add(out, "<li>");
        esc_flow(out, e);
        buf_add(out, "</li>\n");
    }
    if (n)
        buf_add(out, "</ul>\n");
    else if (!o->is_new) /* a New sheet has no "since" */
        buf_add(out, "<p>Nothing you could see happened.</p>\n");
}

/* Appends text with the events, the picture (text[pic, pic + pic_len)) and the legend after it replaced by
 * notes: each is shown once, beside the grid. */
static void text_without(const char *text, const SheetParts *sp, Buf *out)
{
    size_t len = strlen(text), at = 0;
    const size_t from[3] = {sp->ev, sp->pic, sp->leg}, n[3] = {sp->ev_len, sp->pic_len, sp->leg_len};
    const char *note[3] = {"(The events are beside the board above.)\n", "(The board is drawn above.)\n",
                           "(The legend is beside the board above.)\n"};
    for (int k = 0; k < 3; k++) {
        if (!n[k] || from[k] < at || from[k] + n[k] > len)
            continue;
        esc(out, text + at, from[k] - at);
        esc_str(out, note[k]);
        at = from[k] + n[k];
    }
    esc(out, text + at, len - at);
}

/* The parts of text (view_sheet's output for b, reader and o) that html_sheet needs: those view_sheet left in
 * o->parts, else view_sheet's again (drawn once more into a scratch buffer). True when *sp is ours to free. */
static bool sheet_parts(const Board *b, int reader, const SheetOpts *o, SheetParts *sp)
{
    if (o->parts && o->parts->filled) {
        *sp = *o->parts;
        return false;
    }
    *sp = (SheetParts){0};
    SheetOpts again = *o;
    again.parts = sp;
    Buf scratch;
    buf_init(&scratch);
    view_sheet(b, reader, &again, &scratch);
    buf_free(&scratch);
    return true;
}

void html_sheet(const Board *b, int reader, const SheetOpts *o, const char *text, Buf *out)
{
    static const SheetOpts none = {.variant = SHEET_NONE};
    if (!o)
        o = &none;
    if (reader < 0 || reader >= b->np)
        return;
    SheetParts sp;
    bool own = sheet_parts(b, reader, o, &sp);
    int who = b->phase == PHASE_ENDED ? -1 : reader;
    char *cells = xmalloc((size_t)b->w * (size_t)b->h);
    layout_cells(b, who, sp.m, cells);

    size_t tl = strcspn(text, "\n");
    buf_add(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>");
    esc(out, text, tl);
    buf_add(out, "</title>\n");
    style(b, out);
    buf_add(out, "</head>\n<body>\n<h1>");
    esc(out, text, tl);
    buf_add(out, "</h1>\n<div class=\"row\">\n<div>\n");
    grid(b, who, sp.m, cells, out);
    buf_add(out, "</div>\n<div>\n<h2>Legend</h2>\n<pre class=\"legend\">");
    esc(out, text + sp.leg, sp.leg_len);
    buf_add(out, "</pre>\n");
    events(o, out);
    buf_add(out, "</div>\n</div>\n<h2>The whole sheet</h2>\n<pre class=\"sheet\">");
    text_without(text, &sp, out);
    buf_add(out, "</pre>\n</body>\n</html>\n");
    free(cells);
    if (own)
        view_parts_free(&sp);
}
