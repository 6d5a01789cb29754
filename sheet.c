/* sheet: a player's turnsheet as it is mailed (sheet.h). The board keeps each player's news and E breakdown
 * up to their last sheet, marked, and what came since: a sheet shows what came since, or, when nothing has
 * (showas, a reply), the last sheet's again. */
#include "sheet.h"

#include <stdlib.h>
#include <string.h>

#include "html.h"
#include "view.h"

/* The index just past the last NEWS_SHEET_SENT item of l (0: none). */
static int news_sent_end(const News *l)
{
    for (int i = l->n; i > 0; i--)
        if (l->v[i - 1].kind == NEWS_SHEET_SENT)
            return i;
    return 0;
}

/* The opening of the last sheet as the board keeps it beside its items: its result line and whether it was
 * the New sheet, so that showas prints that sheet again to the byte. */
typedef struct Opening {
    Buf result;         /* its lines, one NEWS_SHEET_RESULT item each (empty: none) */
    bool is_new;
} Opening;

/* Copies the items from..to-1 of l to the end of out, the marks and the opening's items left out (into *op
 * when it is not NULL). */
static void copy_news(const News *l, int from, int to, News *out, Opening *op)
{
    for (int i = from; i < to; i++) {
        NewsKind k = l->v[i].kind;
        if (k == NEWS_SHEET_RESULT && op)
            buf_printf(&op->result, "%s%s", op->result.len ? "\n" : "", l->v[i].text);
        else if (k == NEWS_SHEET_NEW && op)
            op->is_new = true;
        else if (k != NEWS_SHEET_SENT && k != NEWS_SHEET_RESULT && k != NEWS_SHEET_NEW)
            board_news_add(out, k, l->v[i].text);
    }
}

/* Player p's news and E breakdown for a sheet into news and ebook: what came since their last sheet;
 * with again, when nothing has, what their last sheet showed, and its opening into *op. Both lists are kept
 * alike: up to a NEWS_SHEET_SENT mark what the last sheet showed, then what came since. */
static void sheet_lists(const Player *pl, bool again, News *news, News *ebook, Opening *op)
{
    int n = news_sent_end(&pl->news), e = news_sent_end(&pl->ebook);
    bool fresh = n < pl->news.n || e < pl->ebook.n;
    if (fresh || !again) {
        copy_news(&pl->news, n, pl->news.n, news, NULL);
        copy_news(&pl->ebook, e, pl->ebook.n, ebook, NULL);
        return;
    }
    copy_news(&pl->news, 0, n, news, op); /* sheet_keep leaves one mark: the last sheet's items are before it */
    copy_news(&pl->ebook, 0, e, ebook, NULL);
}

static char *render(const Board *b, int p, const SheetNews *n, const char *reply, char **html);

void sheet_current(const Board *b, int p, int64_t now, Buf *out, char **html)
{
    News news = {0}, ebook = {0};
    Opening op = {0};
    buf_init(&op.result);
    sheet_lists(&b->pl[p], true, &news, &ebook, &op);
    /* the sheet as it was mailed, its opening too; the HTML part opens with reply (the lines before it). A
     * mailed reply (html set) says what was done above the sheet, so its result line is left out: said once. */
    const char *result = op.result.len && !html ? op.result.s : NULL;
    char *s = render(b, p, &(SheetNews){&news, &ebook, result, op.is_new, false, NULL, now}, out->len ? out->s : NULL, html);
    buf_add(out, s);
    free(s);
    buf_free(&op.result);
    board_news_free(&news);
    board_news_free(&ebook);
}

/* What the board keeps of the E breakdown once a sheet showing shown is sent: those lines, then the mark. */
static void sheet_keep(News *l, const News *shown)
{
    board_news_clear(l);
    copy_news(shown, 0, shown->n, l, NULL);
    board_news_add(l, NEWS_SHEET_SENT, NULL);
}

/* The same for news: the items shown, the sheet's opening (its result line, whether it was the New sheet),
 * then a NEWS_SHEET_SENT mark. */
static void sheet_keep_news(News *l, const News *shown, const char *result, bool is_new)
{
    board_news_clear(l);
    copy_news(shown, 0, shown->n, l, NULL);
    if (is_new)
        board_news_add(l, NEWS_SHEET_NEW, "New game.");
    for (const char *r = result; r && *r;) { /* one item a line: an item is one line of the board file */
        size_t n = strcspn(r, "\n");
        board_news_take(l, NEWS_SHEET_RESULT, xasprintf("%.*s", (int)n, r));
        r += n + (r[n] == '\n');
    }
    board_news_add(l, NEWS_SHEET_SENT, NULL);
}

void sheet_take(SheetsDue *s, Game *g, bool is_new, int reader, const char *result)
{
    Board *b = g->b;
    s->np = b->np;
    s->is_new = is_new;
    s->reader = reader;
    s->result = result;
    s->mail = xcalloc((size_t)b->np, sizeof(bool));
    s->star = xcalloc((size_t)b->np, sizeof(bool));
    s->news = xcalloc((size_t)b->np, sizeof(News));
    s->ebook = xcalloc((size_t)b->np, sizeof(News));
    for (int p = 0; p < b->np; p++) {
        s->mail[p] = g->sheet_due[p] || is_new;
        s->star[p] = g->star_done[p];
        if (s->mail[p] || p == reader) {
            sheet_lists(&b->pl[p], false, &s->news[p], &s->ebook[p], NULL);
            /* what the sheet opens with, as sheets_send renders it: the New sheet mailed, the reader's result */
            sheet_keep_news(&b->pl[p].news, &s->news[p], p == reader ? result : NULL, is_new && s->mail[p]);
            sheet_keep(&b->pl[p].ebook, &s->ebook[p]);
            g->star_done[p] = false;
        }
        g->sheet_due[p] = false;
    }
}

void sheet_due_free(SheetsDue *s)
{
    for (int p = 0; p < s->np; p++) {
        board_news_free(&s->news[p]);
        board_news_free(&s->ebook[p]);
    }
    free(s->mail);
    free(s->star);
    free(s->news);
    free(s->ebook);
    memset(s, 0, sizeof *s);
}

static SheetVariant variant_for(const Board *b, int p)
{
    if (b->phase != PHASE_PLAY)
        return SHEET_NONE;
    if (b->seat != p)
        return SHEET_NOT_YOUR_MOVE;
    return b->pl[p].queue.n ? SHEET_YOUR_MOVE_STORED : SHEET_YOUR_MOVE;
}

/* A stored order of the player's ran since their last sheet (its news item says so). */
static bool stored_ran(const News *news)
{
    for (int i = 0; i < news->n; i++)
        if (news->v[i].kind == NEWS_STORED_RAN)
            return true;
    return false;
}

/* Renders p's sheet (text returned, HTML into *html when html is set); with cut set, where the result's lines are
 * in the text (SheetOpts.result_cut). */
static char *render_cut(const Board *b, int p, const SheetNews *n, const char *reply, char **html, size_t *cut)
{
    bool star = n->star || stored_ran(n->news);
    Buf o;
    buf_init(&o); /* room for most sheets at once, not grown by doubling and copying: the picture and the map
                   * draw up to every square in two characters each, the legend a line a piece */
    buf_reserve(&o, (size_t)b->w * (size_t)b->h * 6 + 1024);
    SheetParts parts = {0};
    SheetOpts so = {.variant = star ? SHEET_STAR_DONE : variant_for(b, p), .result = n->result, .is_new = n->is_new,
                    .news = n->news, .ebook = n->ebook, .parts = html && !b->pl[p].plain ? &parts : NULL,
                    .reply = reply, .shared = n->shared, .result_cut = cut, .now = n->now};
    view_sheet(b, p, &so, &o);
    if (html) {
        *html = NULL;
        if (!b->pl[p].plain) {
            Buf h;
            buf_init(&h); /* room at once for an HTML part of up to 1.5 times the text, as it is kept */
            buf_reserve(&h, o.len + o.len / 2 + 1024);
            html_sheet(b, p, &so, o.s ? o.s : "", &h);
            *html = buf_take(&h);
        }
    }
    view_parts_free(&parts);
    return buf_take(&o);
}

static char *render(const Board *b, int p, const SheetNews *n, const char *reply, char **html)
{
    return render_cut(b, p, n, reply, html, NULL);
}

char *sheet_render(const Board *b, int p, const SheetNews *n, char **html)
{
    return render(b, p, n, NULL, html);
}

char *sheet_render_reply(const Board *b, int p, const SheetNews *n, const char *reply, char **html)
{
    SheetNews r = *n; /* the reply above the sheet states the result: said once (contract 14.5) */
    r.result = NULL;
    r.is_new = false;
    return render(b, p, &r, reply, html);
}

char *sheet_render_both(const Board *b, int p, const SheetNews *n, char **html, char **reply_text)
{
    if (n->is_new) { /* the New lines are left out too: rendered apart */
        *reply_text = sheet_render_reply(b, p, n, NULL, NULL);
        return sheet_render(b, p, n, html);
    }
    size_t cut[2];
    char *text = render_cut(b, p, n, NULL, html, cut);
    size_t len = strlen(text);
    char *r = xmalloc(len - cut[1] + 1);
    memcpy(r, text, cut[0]);
    memcpy(r + cut[0], text + cut[0] + cut[1], len - cut[0] - cut[1] + 1);
    *reply_text = r;
    return text;
}
