/* sheet: a player's turnsheet as it is mailed (sheet.h). The board keeps each player's news and E breakdown
 * up to their last sheet, marked, and what came since: a sheet shows what came since, or, when nothing has
 * (showas, a reply), the last sheet's again. */
#include "sheet.h"

#include <stdlib.h>
#include <string.h>

#include "html.h"
#include "view.h"

/* A player's E breakdown on the board holds, up to this line, what their last sheet showed (their news, up
 * to an item of kind NEWS_SHEET_SENT): a sheet shows what came after it, or, when nothing has yet (showas, a
 * reply), the last sheet's again, so that showas prints the sheet that was mailed. */
static const char SHEET_SENT[] = "-- sheet sent --";

/* The index just past the last SHEET_SENT line of l (0: none). */
static int sent_end(const StrList *l)
{
    for (int i = l->n; i > 0; i--)
        if (strcmp(l->v[i - 1], SHEET_SENT) == 0)
            return i;
    return 0;
}

/* The index just past the last NEWS_SHEET_SENT item of l (0: none). */
static int news_sent_end(const News *l)
{
    for (int i = l->n; i > 0; i--)
        if (l->v[i - 1].kind == NEWS_SHEET_SENT)
            return i;
    return 0;
}

/* Copies the lines from..to-1 of l, SHEET_SENT lines left out, to the end of out. */
static void copy_lines(const StrList *l, int from, int to, StrList *out)
{
    for (int i = from; i < to; i++)
        if (strcmp(l->v[i], SHEET_SENT) != 0)
            sl_push(out, l->v[i]);
}

/* Copies the items from..to-1 of l, marks left out, to the end of out. */
static void copy_news(const News *l, int from, int to, News *out)
{
    for (int i = from; i < to; i++)
        if (l->v[i].kind != NEWS_SHEET_SENT)
            board_news_add(out, l->v[i].kind, l->v[i].text);
}

/* Player p's news and E breakdown for a sheet into news and ebook: what came since their last sheet;
 * with again, when nothing has, what their last sheet showed. */
static void sheet_lists(const Player *pl, bool again, News *news, StrList *ebook)
{
    int n = news_sent_end(&pl->news), e = sent_end(&pl->ebook);
    bool fresh = n < pl->news.n || e < pl->ebook.n;
    if (fresh || !again) {
        copy_news(&pl->news, n, pl->news.n, news);
        copy_lines(&pl->ebook, e, pl->ebook.n, ebook);
        return;
    }
    copy_news(&pl->news, 0, n, news); /* sheet_keep leaves one mark: the last sheet's items are before it */
    copy_lines(&pl->ebook, 0, e, ebook);
}

void sheet_current(const Board *b, int p, Buf *out, char **html)
{
    News news = {0};
    StrList ebook = {0};
    sheet_lists(&b->pl[p], true, &news, &ebook);
    char *s = sheet_render_reply(b, p, &news, &ebook, NULL, false, out->len ? out->s : NULL, html);
    buf_add(out, s);
    free(s);
    board_news_free(&news);
    sl_free(&ebook);
}

/* What the board keeps of a list once a sheet showing shown is sent: those lines, then SHEET_SENT. */
static void sheet_keep(StrList *l, const StrList *shown)
{
    sl_clear(l);
    copy_lines(shown, 0, shown->n, l);
    sl_push(l, SHEET_SENT);
}

/* The same for news: the items shown, then a NEWS_SHEET_SENT mark. */
static void sheet_keep_news(News *l, const News *shown)
{
    board_news_clear(l);
    copy_news(shown, 0, shown->n, l);
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
    s->ebook = xcalloc((size_t)b->np, sizeof(StrList));
    for (int p = 0; p < b->np; p++) {
        s->mail[p] = g->sheet_due[p] || is_new;
        s->star[p] = g->star_done[p];
        if (s->mail[p] || p == reader) {
            sheet_lists(&b->pl[p], false, &s->news[p], &s->ebook[p]);
            sheet_keep_news(&b->pl[p].news, &s->news[p]);
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
        sl_free(&s->ebook[p]);
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

static char *render(const Board *b, int p, const News *news, const StrList *ebook, const char *result,
                   bool is_new, bool star, const char *reply, char **html)
{
    star = star || stored_ran(news);
    Buf o;
    buf_init(&o);
    SheetParts parts = {0};
    SheetOpts so = {.variant = star ? SHEET_STAR_DONE : variant_for(b, p), .result = result, .is_new = is_new,
                    .news = news, .ebook = ebook, .parts = html && !b->pl[p].plain ? &parts : NULL,
                    .reply = reply};
    view_sheet(b, p, &so, &o);
    if (html) {
        *html = NULL;
        if (!b->pl[p].plain) {
            Buf h;
            buf_init(&h);
            html_sheet(b, p, &so, o.s ? o.s : "", &h);
            *html = buf_take(&h);
        }
    }
    view_parts_free(&parts);
    return buf_take(&o);
}

char *sheet_render(const Board *b, int p, const News *news, const StrList *ebook, const char *result,
                   bool is_new, bool star, char **html)
{
    return render(b, p, news, ebook, result, is_new, star, NULL, html);
}

char *sheet_render_reply(const Board *b, int p, const News *news, const StrList *ebook, const char *result,
                         bool star, const char *reply, char **html)
{
    return render(b, p, news, ebook, result, false, star, reply, html);
}
