/* html: the turnsheet's HTML part — the view of the text sheet as a coloured grid (Okabe-Ito palette,
 * letters kept, so colour is never the only sign; one character a square, runs of one colour in one
 * element, names only on the axes), the legend and events beside it, the reader's map and the rest of the
 * sheet below; pure rendering from the data the text sheet is drawn from. */
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

/* The other kinds of square drawn in an element of their own: the symbol the text sheet draws, its CSS class
 * (two letters: a player's class is their one letter) and colours. A floor square (.) is bare text in the
 * board's colour; a square not drawn is a blank in an <i> run (contract 8: an unseen square shows nothing,
 * not even its name). */
typedef struct Kind {
    char sym;
    const char *cls, *bg, *fg;
} Kind;
static const Kind kinds[] = {
    {'#', "ew", "#333333", "#FFFFFF"}, /* exterior wall */
    {'+', "iw", "#8C8C8C", "#000000"}, /* interior wall */
    {'*', "sp", "#E0D8FF", "#000000"}, /* special */
    {'o', "or", "#000000", "#FFFFFF"}, /* orphan */
};
#define KINDS_N ((int)(sizeof kinds / sizeof kinds[0]))
#define BOARD_FG "#767676" /* the floor's dots and the axes' names: 4.5:1 on white */

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

/* The board is a <pre>: one character a square, as many columns wide as letter-spacing makes it, so that the
 * names on the axes line up with the squares in any monospace font. A run of squares of one class is one
 * element: <b class=..> for walls, specials, orphans and each player's pieces, <i> for squares not drawn,
 * nothing for the floor. An element starts .3em before its first character (margin and padding), so its
 * letters stand in the middle of their squares, and the inset shadow whitens the .3em it runs over at its
 * end. No element is made bold or italic: every character keeps the one width (a reveal is underlined). */
/* One class's colours: "b.<cls>{background:<bg>;color:<fg>}" and a newline (no printf: every sheet has a dozen). */
static void style_class(Buf *out, const char *cls, const char *bg, const char *fg)
{
    buf_add(out, "b.");
    buf_add(out, cls);
    buf_add(out, "{background:");
    buf_add(out, bg);
    buf_add(out, ";color:");
    buf_add(out, fg);
    buf_add(out, "}\n");
}

static void style(const Board *b, Buf *out)
{
    buf_add(out, "<style>\n"
                 "body{font-family:monospace;background:#FFFFFF;color:#000000}\n"
                 ".row{display:flex;flex-wrap:wrap;gap:2em;align-items:flex-start}\n"
                 "pre{margin:0}\n"
                 "pre.board{color:" BOARD_FG ";letter-spacing:.6em;line-height:1.3}\n"
                 "pre.board b,pre.board i{margin-left:-.3em;padding-left:.3em;box-shadow:inset -.3em 0 #FFFFFF;"
                 "font-weight:normal;font-style:normal}\n"
                 "pre.board i{background:" UNSEEN_BG "}\n");
    for (int k = 0; k < KINDS_N; k++)
        style_class(out, kinds[k].cls, kinds[k].bg, kinds[k].fg);
    buf_add(out, "b.st{background:#FFFFFF;color:#000000}\n");
    for (int i = 0; i < b->np && i <= 25; i++) { /* the 26th player on share the 26th's letter, % */
        char l = layout_player_letter(i), cls[3] = {'\\', l, '\0'};
        style_class(out, l == '%' ? cls : cls + 1, palette[i % PALETTE_N].bg, palette[i % PALETTE_N].fg);
    }
    buf_add(out, "pre.board b.rv{text-decoration:underline}\n"
                 "</style>\n");
}

#define TAG_MAX 24 /* room for the longest opening tag, <b class="a rv"> (16), and its NUL */
#define TAG_COPY 16 /* the longest opening tag */
#define SYM_MAX 8  /* room for a symbol as written: &amp; at most */
_Static_assert(sizeof "<b class=\"a rv\">" - 1 <= TAG_COPY, "the longest opening tag");
_Static_assert(TAG_COPY + sizeof "&amp;" - 1 <= TAG_MAX, "a run's start (its tag and symbol) is copied whole");

/* How a symbol on a square seen now or not is written (the grid formats nothing per square): the run it starts
 * (its opening tag and the symbol: go) or goes on (the symbol alone), and the run's end (none for the floor's
 * bare text). Each is copied at a fixed size, the bytes past its length written over next. */
typedef struct TagSq {
    char go[32], sym[SYM_MAX], close[8];
    uint16_t id; /* equal exactly where the opening tag is: a run of squares goes on while its id does */
    unsigned char go_len, sym_len, close_len;
    char pad[64 - 32 - SYM_MAX - 8 - 2 - 3]; /* 64 bytes: a square's entry found with a shift */
} TagSq;
_Static_assert(sizeof(TagSq) == 64 && TAG_MAX <= 32, "a square's entry is 64 bytes");
_Static_assert(SIGHT_SEEN == 1, "a square's seen bit is its row of Tags");

/* The squares' writing by whether the square is seen now (1) or not, then by symbol. */
typedef struct Tags {
    TagSq sq[2][256];
} Tags;

/* The ids of the tags: none (the floor), <i>, class st, the kinds' (TAG_KIND + k), and a player's letter l's,
 * seen now or not (TAG_LETTER + 2 l + seen). */
enum { TAG_NONE, TAG_I, TAG_ST, TAG_KIND, TAG_LETTER = TAG_KIND + KINDS_N };

/* Sets symbol c's square, whose opening tag is tag (its id id): the tag, the symbol as written ('\0' a blank,
 * &, < and > escaped) after it, and the closing tag. */
static void html_tag_set(TagSq *t, unsigned char c, const char *tag, int id)
{
    static const char *const escaped[3] = {"&amp;", "&lt;", "&gt;"};
    const char *e = c == '&' ? escaped[0] : c == '<' ? escaped[1] : c == '>' ? escaped[2] : NULL;
    char one[2] = {c ? (char)c : ' ', '\0'};
    memset(t, 0, sizeof *t);
    size_t n = strlen(tag), k = strlen(e ? e : one);
    memcpy(t->sym, e ? e : one, k + 1);
    t->sym_len = (unsigned char)k;
    memcpy(t->go, tag, n);
    memcpy(t->go + n, t->sym, k + 1);
    t->go_len = (unsigned char)(n + k);
    memcpy(t->close, !n ? "" : tag[1] == 'i' ? "</i>" : "</b>", n ? 4 : 1);
    t->close_len = n ? 4 : 0;
    t->id = (uint16_t)id;
}

/* The writing of every symbol's square (seen: the reader sees the square now, so a letter on a square not seen is
 * a reveal): '\0' (not drawn) in an <i>, the floor bare, a kind in its class, a player's letter (or @, the
 * reader's) in that player's class, any other symbol (round 0's start squares 1-9, G) in class st. No printf:
 * one a sheet. */
static void tags_init(const Board *b, int reader, Tags *t)
{
    static const char st[] = "<b class=st>";
    int who[256]; /* the player of each letter, the first of a shared one (the 26th on share %) */
    for (int c = 0; c < 256; c++)
        who[c] = -1;
    for (int i = b->np - 1; i >= 0; i--)
        who[(unsigned char)layout_player_letter(i)] = i;
    who['@'] = reader;
    TagSq plain; /* class st's square, its symbol put in below */
    html_tag_set(&plain, 'x', st, TAG_ST);
    for (int c = 0; c < 256; c++) { /* class st, seen now or not */
        TagSq *q = &t->sq[1][c];
        *q = plain;
        q->go[sizeof st - 1] = q->sym[0] = (char)c;
        t->sq[0][c] = *q;
    }
    for (const char *e = "&<>"; *e; e++) {
        html_tag_set(&t->sq[1][(unsigned char)*e], (unsigned char)*e, st, TAG_ST);
        t->sq[0][(unsigned char)*e] = t->sq[1][(unsigned char)*e];
    }
    for (int seen = 0; seen < 2; seen++) {
        for (int c = 0; c < 256; c++) {
            if (who[c] < 0)
                continue;
            char tag[TAG_MAX] = "<b class=\"", *o = tag + (seen ? 9 : 10), l = layout_player_letter(who[c]);
            *o++ = l;
            strcpy(o, seen ? ">" : " rv\">");
            html_tag_set(&t->sq[seen][c], (unsigned char)c, tag, TAG_LETTER + 2 * (unsigned char)l + seen);
        }
        for (int k = 0; k < KINDS_N; k++) {
            char tag[TAG_MAX] = "<b class=";
            strcat(strcat(tag, kinds[k].cls), ">");
            html_tag_set(&t->sq[seen][(unsigned char)kinds[k].sym], (unsigned char)kinds[k].sym, tag, TAG_KIND + k);
        }
        html_tag_set(&t->sq[seen][0], '\0', "<i>", TAG_I);
        html_tag_set(&t->sq[seen]['.'], '.', "", TAG_NONE);
    }
}

/* Copies the n bytes at s to o; returns the end of the copy. */
static char *put(char *o, const char *s, size_t n)
{
    memcpy(o, s, n);
    return o + n;
}
#define PUT_LIT(o, lit) put((o), (lit), sizeof(lit) - 1)

/* A line of the grid that grows past GRID_LINE_SOFT octets is broken at the next square by an empty comment
 * holding the newline (nothing shows of it in a <pre>), so that no line of the document is over the 998
 * octets of RFC 5322 2.1.1 and the mail needs no encoding: past the mark come at most one square (a closing
 * tag, an opening tag and the symbol) and the row's end (a closing tag, a blank, its number, a newline). */
#define GRID_LINE_SOFT 900
#define SQUARE_MAX (4 + TAG_MAX + 5) /* </b>, an opening tag, a symbol (&amp; at most) */
#define ROW_TAIL_MAX (4 + 1 + 3 + 1)
#define BREAK "<!--\n-->"
_Static_assert(GRID_LINE_SOFT + sizeof BREAK + SQUARE_MAX + ROW_TAIL_MAX <= 998, "a grid line fits in a mail line");

/* Writes the n squares sym[0..n) (seen[k] & SIGHT_SEEN: seen now) at o, each run of one
 * opening tag in one element, breaking the line that starts at *line past GRID_LINE_SOFT; returns the end. */
static char *html_grid_squares(char *o, char **line, const char *sym, const uint8_t *seen, int n, const Tags *t)
{
    const TagSq *sq = &t->sq[0][0], *cur = &t->sq[1]['.']; /* the floor's: no run open */
    int cur_id = cur->id;
    for (int k = 0; k < n;) {
        /* the squares that surely start before the line passes GRID_LINE_SOFT need no look at its length */
        int sure = (GRID_LINE_SOFT - (int)(o - *line)) / SQUARE_MAX, end = sure < n - k ? k + sure : n;
        if (sure <= 0) {
            end = k + 1;
            if (o - *line > GRID_LINE_SOFT) {
                o = PUT_LIT(o, "<!--\n");
                *line = o;
                o = PUT_LIT(o, "-->");
            }
        }
        for (; k < end; k++) {
            const TagSq *q = sq + ((size_t)(seen[k] & SIGHT_SEEN) << 8 | (unsigned char)sym[k]);
            if (q->id == cur_id) { /* the run goes on */
                memcpy(o, q->sym, SYM_MAX);
                o += q->sym_len;
                continue;
            }
            memcpy(o, cur->close, 4);
            o += cur->close_len;
            memcpy(o, q->go, TAG_MAX);
            o += q->go_len;
            cur = q, cur_id = q->id;
        }
    }
    memcpy(o, cur->close, 4);
    return o + cur->close_len;
}

/* The names of columns c0..c1 on the axis: one line, or two when a name has two letters (the first letter
 * above, a blank above a one-letter name), after pad blanks. */
static void col_names(int c0, int c1, int pad, Buf *out)
{
    int n = c1 - c0 + 1;
    for (int line = c1 >= 26 ? 0 : 1; line < 2; line++) {
        char *o = buf_room(out, (size_t)(pad + n + 1));
        memset(o, ' ', (size_t)pad);
        o += pad;
        for (int c = c0; c <= c1; c++) {
            char nm[8];
            size_t k = grid_col_name_len(c, nm);
            *o++ = line ? nm[k - 1] : k >= 2 ? nm[k - 2] : ' ';
        }
        *o++ = '\n';
        buf_wrote(out, o);
    }
}

/* The grid: the smallest rectangle around the squares the picture draws (a square not drawn in it is
 * blank), the columns' names above and below it and the rows' numbers on both sides. */
static void grid(const Board *b, int reader, const uint8_t *m, const char *cells, Buf *out)
{
    int c0 = b->w, c1 = -1, r0 = b->h, r1 = -1;
    for (int r = 0; r < b->h; r++) { /* a row's first and last drawn square */
        const char *row = cells + (size_t)r * (size_t)b->w;
        int first = 0, last = b->w - 1;
        while (first < b->w && !row[first])
            first++;
        if (first == b->w)
            continue;
        while (!row[last])
            last--;
        c0 = first < c0 ? first : c0, c1 = last > c1 ? last : c1, r0 = r < r0 ? r : r0, r1 = r;
    }
    if (c1 < 0) {
        buf_add(out, "<p>You see nothing of the board.</p>\n");
        return;
    }
    int rw = r1 + 1 >= 100 ? 3 : r1 + 1 >= 10 ? 2 : 1, n = c1 - c0 + 1;
    Tags *t = xmalloc(sizeof *t);
    uint8_t *all = m ? NULL : memset(xmalloc((size_t)n), SIGHT_SEEN, (size_t)n); /* no map: every square seen */
    tags_init(b, reader, t);
    buf_add(out, "<pre class=\"board\">");
    size_t names = out->len;
    col_names(c0, c1, rw + 1, out);
    size_t names_len = out->len - names; /* written again below the rows, copied */
    for (int r = r0; r <= r1; r++) {
        char *o = buf_room(out, (size_t)rw + 1 + (size_t)n * (SQUARE_MAX + sizeof BREAK) + ROW_TAIL_MAX), *line = o;
        o = layout_number(o, r + 1, rw);
        *o++ = ' ';
        int sq = board_sq(b, c0, r);
        o = html_grid_squares(o, &line, cells + sq, m ? m + sq : all, n, t);
        *o++ = ' ';
        o = layout_number(o, r + 1, 0);
        *o++ = '\n';
        buf_wrote(out, o);
    }
    char *again = buf_room(out, names_len); /* first: the room may move the text */
    memcpy(again, out->s + names, names_len);
    buf_wrote(out, again + names_len);
    buf_add(out, "</pre>\n");
    free(t);
    free(all);
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
static bool html_sheet_parts(const Board *b, int reader, const SheetOpts *o, SheetParts *sp)
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
    bool own = html_sheet_parts(b, reader, o, &sp);
    int who = b->phase == PHASE_ENDED ? -1 : reader;
    size_t nsq = (size_t)b->w * (size_t)b->h;
    char *cells = xmalloc(nsq);
    if (sp.sym) /* the picture view_sheet drew: its symbols where it draws, '\0' elsewhere (layout_cells) */
        layout_cells_masked(sp.sym, sp.mask, nsq, cells);
    else
        layout_cells(b, who, sp.m, cells);

    size_t tl = strcspn(text, "\n");
    buf_add(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>");
    esc(out, text, tl);
    buf_add(out, "</title>\n");
    style(b, out);
    buf_add(out, "</head>\n<body>\n");
    if (o->reply && *o->reply) { /* contract 3.1: the command's result first, as in the text */
        size_t n = strlen(o->reply);
        while (n > 0 && o->reply[n - 1] == '\n')
            n--;
        buf_add(out, "<pre class=\"reply\">");
        esc(out, o->reply, n);
        buf_add(out, "</pre>\n");
    }
    buf_add(out, "<h1>");
    esc(out, text, tl);
    buf_add(out, "</h1>\n<div class=\"row\">\n<div>\n");
    grid(b, who, sp.m, cells, out);
    buf_add(out, "</div>\n<div>\n<h2>Legend</h2>\n<pre class=\"legend\">");
    esc(out, text + sp.leg, sp.leg_len);
    buf_add(out, "</pre>\n");
    events(o, out);
    buf_add(out, "</div>\n</div>\n");
    buf_add(out, "<h2>The whole sheet</h2>\n<pre class=\"sheet\">");
    text_without(text, &sp, out);
    buf_add(out, "</pre>\n</body>\n</html>\n");
    free(cells);
    if (own)
        view_parts_free(&sp);
}
