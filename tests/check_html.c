/* Tests of html: the turnsheet's HTML part — the grid, its colours and letters, the legend and events, fog,
 * and its size beside the text part. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "html.h"
#include "layout.h"
#include "sight.h"
#include "fixtures.h"

Suite *html_suite(void);

/* The text sheet and its HTML part of reader's view of b (news: the reader's news). */
static char *render(const Board *b, int reader, char **text)
{
    SheetOpts o = {.variant = SHEET_YOUR_MOVE, .news = &b->pl[reader].news, .ebook = &b->pl[reader].ebook};
    Buf t, h;
    buf_init(&t);
    buf_init(&h);
    view_sheet(b, reader, &o, &t);
    html_sheet(b, reader, &o, t.s, &h);
    *text = buf_take(&t);
    return buf_take(&h);
}

/* The text from the first "<pre class=\"board\">" to the following "</pre>\n", malloc'd. */
static char *board_of(const char *html)
{
    const char *a = strstr(html, "<pre class=\"board\">"), *e = a ? strstr(a, "</pre>\n") : NULL;
    ck_assert_ptr_nonnull(e);
    return xasprintf("%.*s", (int)(e + 7 - a), a);
}

/* The board of an HTML part read back as a browser shows it: the characters of its <pre class="board"> with
 * the tags and comments taken out (&amp;, &lt;, &gt; decoded), and beside each the class of the element it
 * stands in: "" for bare text, "i" inside an <i>, else the class attribute (quotes dropped). */
typedef struct Drawn {
    Buf text;
    char (*cls)[8];
} Drawn;

static void drawn_read(const char *html, Drawn *d)
{
    const char *p = strstr(html, "<pre class=\"board\">"), *end = p ? strstr(p, "</pre>") : NULL;
    ck_assert_ptr_nonnull(end);
    buf_init(&d->text);
    d->cls = xcalloc((size_t)(end - p) + 1, sizeof *d->cls);
    char cur[8] = "";
    for (p += strlen("<pre class=\"board\">"); p < end;) {
        size_t n = 1;
        char c = *p;
        if (strncmp(p, "<!--", 4) == 0) {
            const char *q = strstr(p, "-->");
            ck_assert_ptr_nonnull(q);
            p = q + 3;
            continue;
        }
        if (*p == '<') {
            const char *q = strchr(p, '>');
            ck_assert_ptr_nonnull(q);
            if (strncmp(p, "<b class=", 9) == 0) /* <b class=x> or <b class="x rv"> */
                snprintf(cur, sizeof cur, "%.*s", (int)(q - p - 9 - 2 * (p[9] == '"')), p + 9 + (p[9] == '"'));
            else if (strncmp(p, "<i>", 3) == 0)
                strcpy(cur, "i");
            else if (strncmp(p, "</b>", 4) == 0 || strncmp(p, "</i>", 4) == 0)
                cur[0] = '\0';
            else
                ck_abort_msg("unexpected tag in the board: %.20s", p);
            p = q + 1;
            continue;
        }
        if (*p == '&') {
            c = strncmp(p, "&amp;", 5) == 0 ? '&' : strncmp(p, "&lt;", 4) == 0 ? '<' : strncmp(p, "&gt;", 4) == 0 ? '>' : 0;
            ck_assert_msg(c, "unexpected entity in the board: %.8s", p);
            n = strchr(p, ';') - p + 1;
        }
        memcpy(d->cls[d->text.len], cur, sizeof cur);
        buf_addc(&d->text, c);
        p += n;
    }
}

static void drawn_free(Drawn *d)
{
    buf_free(&d->text);
    free(d->cls);
}

/* The names of columns c0..c1 as the board draws them after pad blanks: one line, two for two-letter names. */
static void want_col_names(int c0, int c1, int pad, Buf *out)
{
    for (int line = c1 >= 26 ? 0 : 1; line < 2; line++) {
        buf_pad(out, ' ', (size_t)pad);
        for (int c = c0; c <= c1; c++) {
            char nm[8];
            size_t k = strlen(grid_col_name(c, nm));
            buf_addc(out, line ? nm[k - 1] : k >= 2 ? nm[k - 2] : ' ');
        }
        buf_addc(out, '\n');
    }
}

/* The class the square with symbol sym (seen now or not) must be drawn in, for reader. */
static const char *want_class(const Board *b, int reader, char sym, bool seen, char *buf)
{
    static const char *const kind[][2] = {{"", "i"}, {".", ""}, {"#", "ew"}, {"+", "iw"}, {"*", "sp"}, {"o", "or"}};
    for (size_t k = 0; k < sizeof kind / sizeof kind[0]; k++)
        if (kind[k][0][0] == sym)
            return kind[k][1];
    for (int i = 0; i < b->np; i++)
        if (layout_player_letter(i) == sym || (sym == '@' && i == reader)) {
            snprintf(buf, 8, "%c%s", layout_player_letter(i), seen ? "" : " rv");
            return buf;
        }
    return "st";
}

/* The HTML's board is exactly the picture layout_cells draws for reader through view map m (NULL: all seen):
 * the smallest rectangle around the squares drawn, each square its symbol (blank where nothing is drawn)
 * in the class its symbol and sight give, the column names above and below and the row numbers on both
 * sides in no element. Checked quietly, square by square; the first difference fails. */
static void assert_board_is_picture(const Board *b, int reader, const uint8_t *m, const char *html)
{
    char *cells = xmalloc((size_t)b->w * (size_t)b->h);
    layout_cells(b, reader, m, cells);
    int c0 = b->w, c1 = -1, r0 = b->h, r1 = -1;
    for (int sq = 0; sq < b->w * b->h; sq++)
        if (cells[sq]) {
            int c = board_col(b, sq), r = board_row(b, sq);
            c0 = c < c0 ? c : c0, c1 = c > c1 ? c : c1, r0 = r < r0 ? r : r0, r1 = r > r1 ? r : r1;
        }
    ck_assert_int_ge(c1, 0);
    int rw = snprintf(NULL, 0, "%d", r1 + 1);
    Buf want;
    buf_init(&want);
    want_col_names(c0, c1, rw + 1, &want);
    /* the class of each character of want (NULL: an axis); a line is at most the squares and 11 more */
    const char **cls = xcalloc((size_t)(c1 - c0 + 12) * (size_t)(r1 - r0 + 5), sizeof *cls);
    char (*own)[8] = xcalloc((size_t)b->w * (size_t)b->h, sizeof *own);
    for (int r = r0; r <= r1; r++) {
        buf_printf(&want, "%*d ", rw, r + 1);
        for (int c = c0; c <= c1; c++) {
            int sq = board_sq(b, c, r);
            cls[want.len] = want_class(b, reader, cells[sq], !m || (m[sq] & SIGHT_SEEN), own[sq]);
            buf_addc(&want, cells[sq] ? cells[sq] : ' ');
        }
        buf_printf(&want, " %d\n", r + 1);
    }
    want_col_names(c0, c1, rw + 1, &want);
    Drawn d;
    drawn_read(html, &d);
    if (strcmp(d.text.s, want.s) != 0) { /* the first line that differs (the whole boards are too long to print) */
        size_t k = 0, l = 0;
        while (d.text.s[k] == want.s[k])
            l = want.s[k++] == '\n' ? k : l;
        ck_abort_msg("the board's line %.*s, not %.*s", (int)strcspn(d.text.s + l, "\n"), d.text.s + l,
                     (int)strcspn(want.s + l, "\n"), want.s + l);
    }
    for (size_t k = 0; k < want.len; k++) { /* an axis (cls NULL) in no element */
        const char *w = cls[k] ? cls[k] : "";
        if (strcmp(d.cls[k], w) != 0)
            ck_abort_msg("character %zu ('%c') of the board in class '%s', not '%s'", k, want.s[k], d.cls[k], w);
    }
    drawn_free(&d);
    buf_free(&want);
    free(own);
    free(cls);
    free(cells);
}

static const char *const tiny[] = {
    "#########",
    "#.......#",
    "#...+...#",
    "#.......#",
    "#########",
    NULL,
};

START_TEST(html_tiny_board_exact)
{
    Board *b = fx_board(tiny, 2, 5);
    fx_piece(b, "B2", 0, "A");
    fx_piece(b, "F2", 0, "A");
    fx_piece(b, "C3", 1, "AJM");  /* seen, not decoded */
    fx_piece(b, "H4", 1, "AB");   /* outside alice's view */
    fx_special(b, 1, "G3", "Gold seam");
    board_news_add(&b->pl[0].news, NEWS_EVENT, "bob <did> something & more");
    char *text, *html = render(b, 0, &text);
    char *t = board_of(html);
    /* column D is out of view in every row: one blank <i> a row, nothing in it, not even its name */
    ck_assert_str_eq(t,
        "<pre class=\"board\">  ABCDEFG\n"
        "1 <b class=ew>###</b><i> </i><b class=ew>###</b> 1\n"
        "2 <b class=ew>#</b><b class=a>@</b>.<i> </i>.<b class=a>@</b>. 2\n"
        "3 <b class=ew>#</b>.<b class=b>b</b><i> </i><b class=iw>+</b>.<b class=sp>*</b> 3\n"
        "  ABCDEFG\n"
        "</pre>\n");
    ck_assert_ptr_nonnull(strstr(html, "<h2>Legend</h2>\n<pre class=\"legend\">Pieces:\n  B2    alice   A\n"
                                       "  F2    alice   A\n  C3    bob     ?\nSpecials:\n  G3    S1   E Bonus: &quot;Gold seam&quot;\n</pre>\n"));
    ck_assert_ptr_nonnull(strstr(html, "<ul class=\"events\">\n<li>bob &lt;did&gt; something &amp; more</li>\n</ul>\n"));
    /* the events are shown once, beside the grid: the whole sheet below says where they are */
    const char *once = strstr(html, "bob &lt;did&gt; something");
    ck_assert_ptr_null(strstr(once + 1, "bob &lt;did&gt; something"));
    ck_assert_ptr_nonnull(strstr(html, "Holiday allowance left: 14d 0h 0m\n\n(The events are beside the board above.)\n\n"));
    ck_assert_ptr_null(strstr(html, "Since your last sheet:"));
    ck_assert_ptr_nonnull(strstr(html, "\nb.a{background:#E69F00;color:#000000}\nb.b{background:#56B4E9;"));
    ck_assert_ptr_nonnull(strstr(html, "\nb.ew{background:#333333;color:#FFFFFF}\n"));
    ck_assert_ptr_nonnull(strstr(html, "\npre.board i{background:#C8C8C8}\n"));
    ck_assert_ptr_nonnull(strstr(html, "(The board is drawn above.)\nKey: @=yours"));
    ck_assert_ptr_nonnull(strstr(html, "genetess move 101 alice &lt;password&gt; &lt;ORDER&gt;#1\n</pre>\n</body>\n</html>\n"));
    ck_assert_ptr_null(strstr(html, "  A B C D E F G\n")); /* the text picture is not repeated */
    /* fog: bob's sequence undecoded, his piece on H4 out of view, no square named; nothing that runs or loads */
    ck_assert_ptr_null(strstr(html, "AJM"));
    ck_assert_ptr_null(strstr(html, "H4"));
    ck_assert_ptr_null(strstr(html, "title="));
    ck_assert_ptr_null(strstr(html, "<script"));
    ck_assert_ptr_null(strstr(html, "http"));
    uint8_t m[9 * 5];
    sight_compute(b, 0, m);
    assert_board_is_picture(b, 0, m, html);
    free(t);
    free(html);
    free(text);
    board_free(b);
}
END_TEST

/* Phased enemies are never drawn; once the game has ended the fog lifts: every piece with its owner's letter. */
START_TEST(html_phased_and_ended)
{
    Board *b = fx_board(tiny, 2, 5);
    fx_piece(b, "B2", 0, "AD");
    fx_piece(b, "C3", 1, "ACr"); /* phased, in view */
    char *text, *html = render(b, 0, &text);
    char *t = board_of(html);
    ck_assert_ptr_nonnull(strstr(t, "\n3 <b class=ew>#</b>...<b class=iw>+</b> 3\n")); /* C3: floor */
    ck_assert_ptr_null(strstr(html, "ACr"));
    ck_assert_ptr_null(strstr(html, "class=b"));
    free(t);
    free(html);
    free(text);
    b->phase = PHASE_ENDED;
    html = render(b, 0, &text);
    t = board_of(html);
    ck_assert_str_eq(t,
        "<pre class=\"board\">  ABCDEFGHI\n"
        "1 <b class=ew>#########</b> 1\n"
        "2 <b class=ew>#</b><b class=a>a</b>......<b class=ew>#</b> 2\n" /* B2 */
        "3 <b class=ew>#</b>.<b class=b>b</b>.<b class=iw>+</b>...<b class=ew>#</b> 3\n" /* C3 */
        "4 <b class=ew>#</b>.......<b class=ew>#</b> 4\n"
        "5 <b class=ew>#########</b> 5\n"
        "  ABCDEFGHI\n"
        "</pre>\n");
    assert_board_is_picture(b, -1, NULL, html);
    free(t);
    free(html);
    free(text);
    board_free(b);
}
END_TEST

/* A reveal (another player's piece seen at an earlier turn, on a square out of view now) is drawn in its
 * owner's colour marked rv; an orphan's reveal as an orphan. */
START_TEST(html_reveals_drawn_apart)
{
    Board *b = fx_board(tiny, 2, 5);
    fx_piece(b, "B2", 0, "A");
    fx_piece(b, "H4", 1, "AB");
    Player *pl = &b->pl[0];
    pl->reveals = xcalloc(2, sizeof *pl->reveals);
    pl->nreveals = 2;
    pl->reveals[0] = (Reveal){.sq = fx_sq(b, "H4"), .owner = 1, .seq = "AB", .label = "1a"};
    pl->reveals[1] = (Reveal){.sq = fx_sq(b, "G2"), .owner = REVEAL_ORPHAN, .seq = "A", .label = "1a"};
    char *text, *html = render(b, 0, &text);
    char *t = board_of(html);
    ck_assert_str_eq(t,
        "<pre class=\"board\">  ABCDEFGH\n"
        "1 <b class=ew>###</b><i>     </i> 1\n"
        "2 <b class=ew>#</b><b class=a>@</b>.<i>   </i><b class=or>o</b><i> </i> 2\n" /* G2 */
        "3 <b class=ew>#</b>..<i>     </i> 3\n"
        "4 <i>       </i><b class=\"b rv\">b</b> 4\n" /* H4 */
        "  ABCDEFGH\n"
        "</pre>\n");
    uint8_t m[9 * 5];
    sight_compute(b, 0, m);
    assert_board_is_picture(b, 0, m, html);
    free(t);
    free(html);
    free(text);
    board_free(b);
}
END_TEST

/* While the game is in play every sheet but the New one holds the reader's map (view_map), as `map` sends it:
 * the squares in view with their pieces (alice's on B2), the squares out of view as the reader last saw them, in the text and so in the HTML part's whole sheet;
 * round 0's sheet draws the whole terrain already, and the final sheet lifts the fog. */
START_TEST(html_map_in_play)
{
    Board *b = fx_board(tiny, 2, 5);
    fx_piece(b, "B2", 0, "A");
    fx_piece(b, "H2", 1, "A");
    board_start_fix(b);
    b->ter[fx_sq(b, "E3")] = TER_FLOOR; /* mined where bob saw it, alice did not */
    board_known_set(b, 1, fx_sq(b, "E3"), TER_FLOOR);
    char *text, *html = render(b, 0, &text);
    static const char map[] = "Your map of Genetess board 101 (alice, Move #1):\n"
                              "  A B C D E F G H I\n"
                              "1 # # # # # # # # # 1\n"
                              "2 # @ . : : : : : # 2\n"
                              "3 # . . : x : : : # 3\n"
                              "4 # : : : : : : : # 4\n"
                              "5 # # # # # # # # # 5\n"
                              "  A B C D E F G H I\n"
                              "Key: in your view now: @=yours, a-z=another player's (see Players), o=orphan,\n"
                              "     *=special, #=wall, +=interior wall, .=floor; out of your view, as you\n"
                              "     last saw it: x=interior wall, :=floor, #=wall (never removed), $=a\n"
                              "     special you saw there earlier\n"
                              "No change of the terrain since the start that you know of.\n\n";
    ck_assert_msg(strstr(text, map), "%s", text);
    const char *whole = strstr(html, "<h2>The whole sheet</h2>\n<pre class=\"sheet\">");
    ck_assert_msg(whole && strstr(whole, map), "%s", html);
    ck_assert_ptr_null(strstr(html, "<pre class=\"map\">")); /* once, in the whole sheet */
    free(html);
    free(text);
    b->phase = PHASE_ROUND0;
    b->round = 0;
    html = render(b, 0, &text);
    ck_assert_ptr_null(strstr(html, "Your map"));
    free(html);
    free(text);
    b->phase = PHASE_ENDED;
    html = render(b, 0, &text);
    ck_assert_ptr_null(strstr(html, "Your map"));
    free(html);
    free(text);
    board_free(b);
}
END_TEST

/* Escaping: all four characters, side by side and at both ends of an event, every one written. */
START_TEST(html_escapes_every_special_character)
{
    Board *b = fx_board(tiny, 2, 5);
    fx_piece(b, "B2", 0, "A");
    board_news_add(&b->pl[0].news, NEWS_EVENT, "\"&&<>\"x\"");
    board_news_add(&b->pl[0].news, NEWS_EVENT, "plain, then & once");
    char *text, *html = render(b, 0, &text);
    ck_assert_ptr_nonnull(strstr(html, "<li>&quot;&amp;&amp;&lt;&gt;&quot;x&quot;</li>\n"
                                       "<li>plain, then &amp; once</li>\n"));
    free(html);
    free(text);
    board_free(b);
}
END_TEST

/* The palette: Okabe-Ito's, one colour a player, again from the eighth; unseen squares grey. */
START_TEST(html_palette)
{
    ck_assert_str_eq(html_colour(0), "#E69F00");
    ck_assert_str_eq(html_colour(4), "#0072B2");
    ck_assert_str_eq(html_colour(7), html_colour(0));
    ck_assert_str_eq(html_colour(-1), "#C8C8C8");
}
END_TEST

/* The longest line of s, in octets. */
static size_t longest_line(const char *s)
{
    size_t most = 0;
    for (const char *l = s; *l;) {
        size_t n = strcspn(l, "\n");
        most = n > most ? n : most;
        l += n + (l[n] == '\n');
    }
    return most;
}

/* No line of the document is over the 998 octets of a mail line (so that the mail sends it as it is): on the
 * widest board the program allows (MAX_COLS columns), a row of pieces of two players side by side (a run
 * each square) is broken by empty comments, which the board does not show; an event longer than a line is
 * broken at spaces, a newline standing for the space it replaces. */
START_TEST(html_lines_fit_a_mail)
{
    char *rows[5] = {0}; /* NULL-terminated */
    for (int r = 0; r < 4; r++) {
        rows[r] = xmalloc(MAX_COLS + 1);
        memset(rows[r], r == 0 || r == 3 ? '#' : '.', MAX_COLS);
        rows[r][0] = rows[r][MAX_COLS - 1] = '#';
        rows[r][MAX_COLS] = '\0';
    }
    Board *b = fx_board((const char *const *)rows, 2, 5);
    char nm[16];
    for (int c = 1; c < MAX_COLS - 1; c++)
        fx_piece(b, board_sq_name(b, board_sq(b, c, 1), nm), c % 2, "A");
    Buf ev;
    buf_init(&ev);
    for (int i = 0; i < 120; i++)
        buf_add(&ev, "a \"quoted\" word & more, ");
    board_news_add(&b->pl[0].news, NEWS_EVENT, ev.s);
    b->phase = PHASE_ENDED;
    char *text, *html = render(b, 0, &text);
    ck_assert_uint_le(longest_line(html), 998);
    char *t = board_of(html);
    ck_assert_ptr_nonnull(strstr(t, "<b class=b>b</b><b class=a>a<!--\n--></b><b class=b>b</b>"));
    ck_assert_ptr_nonnull(strstr(t, "<b class=b>b</b><b class=a>a</b><b class=ew>#</b> 2\n")); /* ZX2-ZZ2 */
    ck_assert_ptr_nonnull(strstr(t, "YZZZZZZZZZZZZZZZZZZZZZZZZZZ\n")); /* the names' first letters: ZA-ZZ */
    ck_assert_ptr_nonnull(strstr(t, "YZABCDEFGHIJKLMNOPQRSTUVWXYZ\n</pre>\n"));
    assert_board_is_picture(b, -1, NULL, html);
    free(t);
    const char *li = strstr(html, "<li>"), *le = li ? strstr(li, "</li>") : NULL;
    ck_assert_ptr_nonnull(le);
    char *got = xasprintf("%.*s", (int)(le - li - 4), li + 4);
    ck_assert_ptr_nonnull(strchr(got, '\n'));
    for (char *c = got; (c = strchr(c, '\n')) != NULL;)
        *c = ' ';
    Buf want;
    buf_init(&want);
    for (int i = 0; i < 120; i++)
        buf_add(&want, "a &quot;quoted&quot; word &amp; more, ");
    ck_assert_str_eq(got, want.s);
    free(got);
    free(html);
    free(text);
    /* a word longer than a line is kept whole: that mail falls back to quoted-printable */
    char word[1201];
    memset(word, 'w', 1200);
    word[1200] = '\0';
    board_news_add(&b->pl[0].news, NEWS_EVENT, word);
    html = render(b, 0, &text);
    ck_assert_uint_eq(longest_line(html), 1209); /* <li>, the word, </li> */
    free(html);
    free(text);
    buf_free(&want);
    buf_free(&ev);
    board_free(b);
    for (int r = 0; r < 4; r++)
        free(rows[r]);
}
END_TEST

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The space-parted words of text, sorted (malloc'd copies in a NULL-terminated array). */
static char **words_of(const char *text, int *n)
{
    char **w = NULL;
    *n = 0;
    for (const char *p = text + strspn(text, " \n"); *p; p += strspn(p, " \n")) {
        size_t k = strcspn(p, " \n");
        w = xrealloc(w, sizeof *w * (size_t)(*n + 2));
        w[(*n)++] = xasprintf("%.*s", (int)k, p);
        p += k;
    }
    w = xrealloc(w, sizeof *w * (size_t)(*n + 1));
    w[*n] = NULL;
    qsort(w, (size_t)*n, sizeof *w, cmp_str);
    return w;
}

static void words_free(char **w)
{
    for (char **p = w; *p; p++)
        free(*p);
    free(w);
}

/* Every word the HTML shows outside its board (tags taken out, entities decoded; the style not shown) is a word
 * of the text sheet or of the HTML's own headings and notes: nothing the text does not say. */
static void assert_words_in_text(const char *html, const char *text)
{
    Buf shown;
    buf_init(&shown);
    int nt, ns;
    char **known = words_of(text, &nt), **own = words_of("Legend Since your last sheet The whole (The board is drawn "
                                                          "above.) legend beside the You see nothing of board. (The "
                                                          "events are", &ns);
    const char *p = strstr(html, "</style>"), *board = strstr(html, "<pre class=\"board\">");
    ck_assert_ptr_nonnull(p);
    for (p += 8; *p;) {
        if (p == board)
            p = strstr(p, "</pre>") + 6;
        else if (*p == '<')
            p = strchr(p, '>') + 1, buf_addc(&shown, ' ');
        else if (*p == '&') {
            const char *e = strchr(p, ';');
            buf_addc(&shown, p[1] == 'a' ? '&' : p[1] == 'l' ? '<' : p[1] == 'g' ? '>' : '"');
            p = e + 1;
        } else
            buf_addc(&shown, *p++);
    }
    int nw;
    char **w = words_of(shown.s, &nw);
    for (int i = 0; i < nw; i++)
        ck_assert_msg(bsearch(&w[i], known, (size_t)nt, sizeof *known, cmp_str) ||
                          bsearch(&w[i], own, (size_t)ns, sizeof *own, cmp_str),
                      "the HTML shows '%s', the text does not", w[i]);
    words_free(w);
    words_free(known);
    words_free(own);
    buf_free(&shown);
}

/* make bench's board (8 players, 60 x 60, 100 pieces each, 40 specials): for every reader, the HTML part is at
 * most 1.5 times the text part, octet for octet, the reader's map in both (the grid in runs, no square named);
 * it draws exactly the squares of the text's picture and shows no word the text does not. */
START_TEST(html_bench_board_lean)
{
    Board *b = fx_bench_board(60, 100, 40, 50);
    uint8_t *m = xmalloc((size_t)b->w * (size_t)b->h);
    for (int reader = 0; reader < b->np; reader++) {
        board_news_add(&b->pl[reader].news, NEWS_EVENT, "hank passed.");
        char *text, *html = render(b, reader, &text);
        sight_compute(b, reader, m);
        assert_board_is_picture(b, reader, m, html);
        assert_words_in_text(html, text);
        size_t tl = strlen(text), hl = strlen(html);
        ck_assert_uint_gt(tl, 15000); /* a full sheet: the view is wide */
        ck_assert_msg(strstr(text, "Your map of Genetess board 101"), "reader %d: no map", reader);
        ck_assert_msg(2 * hl <= 3 * tl, "reader %d: HTML %zu octets, text %zu: %.3f times", reader, hl, tl,
                      (double)hl / (double)tl);
        free(html);
        free(text);
    }
    free(m);
    board_free(b);
}
END_TEST

Suite *html_suite(void)
{
    Suite *s = suite_create("html");
    TCase *t = tcase_create("sheet");
    tcase_add_test(t, html_tiny_board_exact);
    tcase_add_test(t, html_phased_and_ended);
    tcase_add_test(t, html_map_in_play);
    tcase_add_test(t, html_reveals_drawn_apart);
    tcase_add_test(t, html_palette);
    tcase_add_test(t, html_escapes_every_special_character);
    tcase_add_test(t, html_lines_fit_a_mail);
    tcase_add_test(t, html_bench_board_lean);
    suite_add_tcase(s, t);
    return s;
}
