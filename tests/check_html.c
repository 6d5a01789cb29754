/* Tests of html: the turnsheet's HTML part — the grid, its colours and letters, the legend and events, fog. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "html.h"
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

/* The text between the first "<table" and the following "</table>\n", malloc'd. */
static char *table_of(const char *html)
{
    const char *a = strstr(html, "<table"), *e = a ? strstr(a, "</table>\n") : NULL;
    ck_assert_ptr_nonnull(e);
    return xasprintf("%.*s", (int)(e + 9 - a), a);
}

static const char *const tiny[] = {
    "#########",
    "#.......#",
    "#...+...#",
    "#.......#",
    "#########",
};

static void add_special(Board *b, int code, const char *square, const char *text)
{
    b->sp = xrealloc(b->sp, sizeof *b->sp * (size_t)(b->nsp + 1));
    Special *s = &b->sp[b->nsp++];
    memset(s, 0, sizeof *s);
    s->code = code;
    s->sq = fx_sq(b, square);
    s->e = 1;
    s->text = xstrdup(text);
}

START_TEST(html_tiny_board_exact)
{
    Board *b = fx_board(tiny, 2, 5);
    fx_piece(b, "B2", 0, "A");
    fx_piece(b, "F2", 0, "A");
    fx_piece(b, "C3", 1, "AJM");  /* seen, not decoded */
    fx_piece(b, "H4", 1, "AB");   /* outside alice's view */
    add_special(b, 1, "G3", "Gold seam");
    board_news_add(&b->pl[0].news, NEWS_EVENT, "bob <did> something & more");
    char *text, *html = render(b, 0, &text);
    char *t = table_of(html);
    ck_assert_str_eq(t,
        "<table class=\"board\">\n"
        "<tr><th></th><th>A</th><th>B</th><th>C</th><th>D</th><th>E</th><th>F</th><th>G</th><th></th></tr>\n"
        "<tr><th>1</th><td class=\"w\" title=\"A1\">#</td><td class=\"w\" title=\"B1\">#</td>"
        "<td class=\"w\" title=\"C1\">#</td><td class=\"u\"></td><td class=\"w\" title=\"E1\">#</td>"
        "<td class=\"w\" title=\"F1\">#</td><td class=\"w\" title=\"G1\">#</td><th>1</th></tr>\n"
        "<tr><th>2</th><td class=\"w\" title=\"A2\">#</td><td class=\"p0\" title=\"B2\">@</td>"
        "<td class=\"f\" title=\"C2\">.</td><td class=\"u\"></td><td class=\"f\" title=\"E2\">.</td>"
        "<td class=\"p0\" title=\"F2\">@</td><td class=\"f\" title=\"G2\">.</td><th>2</th></tr>\n"
        "<tr><th>3</th><td class=\"w\" title=\"A3\">#</td><td class=\"f\" title=\"B3\">.</td>"
        "<td class=\"p1\" title=\"C3\">b</td><td class=\"u\"></td><td class=\"iw\" title=\"E3\">+</td>"
        "<td class=\"f\" title=\"F3\">.</td><td class=\"s\" title=\"G3\">*</td><th>3</th></tr>\n"
        "<tr><th></th><th>A</th><th>B</th><th>C</th><th>D</th><th>E</th><th>F</th><th>G</th><th></th></tr>\n"
        "</table>\n");
    ck_assert_ptr_nonnull(strstr(html, "<h2>Legend</h2>\n<pre class=\"legend\">Pieces:\n  B2    alice   A\n"
                                       "  F2    alice   A\n  C3    bob     ?\nSpecials:\n  G3    S1   Gold seam\n</pre>\n"));
    ck_assert_ptr_nonnull(strstr(html, "<ul class=\"events\">\n<li>bob &lt;did&gt; something &amp; more</li>\n</ul>\n"));
    /* the events are shown once, beside the grid: the whole sheet below says where they are */
    const char *once = strstr(html, "bob &lt;did&gt; something");
    ck_assert_ptr_null(strstr(once + 1, "bob &lt;did&gt; something"));
    ck_assert_ptr_nonnull(strstr(html, "Holiday allowance left: 14d 0h 0m\n\n(The events are beside the board above.)\n\n"));
    ck_assert_ptr_null(strstr(html, "Since your last sheet:"));
    ck_assert_ptr_nonnull(strstr(html, "td.p0{background:#E69F00;color:#000000}\ntd.p1{background:#56B4E9;"));
    ck_assert_ptr_nonnull(strstr(html, "(The board is drawn above.)\nKey: @=yours"));
    ck_assert_ptr_nonnull(strstr(html, "genetess move 101 alice &lt;password&gt; &lt;ORDER&gt;#1\n</pre>\n</body>\n</html>\n"));
    ck_assert_ptr_null(strstr(html, "  A B C D E F G\n")); /* the text picture is not repeated */
    /* fog: bob's sequence undecoded, his piece on H4 out of view; nothing that runs or loads */
    ck_assert_ptr_null(strstr(html, "AJM"));
    ck_assert_ptr_null(strstr(html, "H4"));
    ck_assert_ptr_null(strstr(html, "<script"));
    ck_assert_ptr_null(strstr(html, "http"));
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
    ck_assert_ptr_nonnull(strstr(html, "<td class=\"f\" title=\"C3\">.</td>"));
    ck_assert_ptr_null(strstr(html, "ACr"));
    ck_assert_ptr_null(strstr(html, "class=\"p1\""));
    free(html);
    free(text);
    b->phase = PHASE_ENDED;
    html = render(b, 0, &text);
    ck_assert_ptr_nonnull(strstr(html, "<td class=\"p0\" title=\"B2\">a</td>"));
    ck_assert_ptr_nonnull(strstr(html, "<td class=\"p1\" title=\"C3\">b</td>"));
    ck_assert_ptr_nonnull(strstr(html, "<td class=\"w\" title=\"I5\">#</td>"));
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

/* No line of the document is over the 998 octets of a mail line (so that the mail sends it as it is): the
 * widest board the program allows (MAX_COLS columns) writes its rows and column names 10 cells to a line,
 * and an event longer than a line is broken at spaces; a newline stands for the space it replaces. */
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
    fx_piece(b, "B2", 0, "A");
    fx_piece(b, "ZY2", 1, "A");
    Buf ev;
    buf_init(&ev);
    for (int i = 0; i < 120; i++)
        buf_add(&ev, "a \"quoted\" word & more, ");
    board_news_add(&b->pl[0].news, NEWS_EVENT, ev.s);
    b->phase = PHASE_ENDED;
    char *text, *html = render(b, 0, &text);
    ck_assert_uint_le(longest_line(html), 998);
    ck_assert_ptr_nonnull(strstr(html, "<td class=\"p1\" title=\"ZY2\">b</td>"));
    ck_assert_ptr_nonnull(strstr(html, "<th>ZZ</th><th></th></tr>\n"));
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

Suite *html_suite(void)
{
    Suite *s = suite_create("html");
    TCase *t = tcase_create("sheet");
    tcase_add_test(t, html_tiny_board_exact);
    tcase_add_test(t, html_phased_and_ended);
    tcase_add_test(t, html_palette);
    tcase_add_test(t, html_escapes_every_special_character);
    tcase_add_test(t, html_lines_fit_a_mail);
    suite_add_tcase(s, t);
    return s;
}
