/* webreplay: a finished game's page and its replay, a plain page per step with an inline script that only
 * adds keys (webreplay.h; contract 16). Everything drawn is what `show` and `show n#k` give after the end. */
#include "webreplay.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "layout.h"
#include "sight.h"
#include "replay.h"
#include "view.h"

/* The format of the pages this module writes: a new one makes every game's pages written again. */
#define WEBREPLAY_FORMAT 4

/* The script of a step page: the left and right arrow keys follow its previous and next links, and a player's
 * view chosen (#v<i>) stays chosen on the step a link leads to. The page works without it. */
static const char webreplay_keys[] =
    "<script>\n"
    "document.addEventListener(\"keydown\", function (e) {\n"
    "  if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;\n"
    "  var a = document.getElementById(e.key === \"ArrowLeft\" ? \"prev\" : e.key === \"ArrowRight\" ? \"next\" : \"\");\n"
    "  if (a && a.href) { e.preventDefault(); a.click(); }\n"
    "});\n"
    "document.addEventListener(\"click\", function (e) {\n"
    "  var a = e.target.closest ? e.target.closest(\"a.step\") : null;\n"
    "  if (a && /^#v[0-9]+$/.test(location.hash)) { e.preventDefault(); location.href = a.href + location.hash; }\n"
    "});\n"
    "</script>\n";

/* The script of a game's page: a fragment #k (a step's number) opens step k's page, so that a link to a
 * step of the game's page survives a reload. */
static const char webreplay_fragment[] =
    "<script>\n"
    "(function () {\n"
    "  var m = /^#([0-9]+)$/.exec(location.hash);\n"
    "  if (m && document.getElementById(\"s\" + m[1])) location.replace(m[1] + \".html\");\n"
    "})();\n"
    "</script>\n";

/* The game's title as `show` writes it, without its quotes: "Genetess board <n>: <name>". */
static void webreplay_title(const Board *b, char *buf, size_t size)
{
    int n = snprintf(buf, size, "Genetess board %d", b->number);
    if (b->par.name[0] && n > 0 && (size_t)n < size) {
        snprintf(buf + n, size - (size_t)n, ": %s", b->par.name);
        for (char *p = buf + n; *p; p++)
            if (*p == '_')
                *p = ' ';
    }
}

/* The move list of b as links to the steps (step now marked), step 0 the start. */
static void webreplay_moves(const Board *b, int now, const StrList *reasons, Buf *out)
{
    int n = board_moves_count(b);
    buf_add(out, "<h2>Moves</h2>\n<ol class=\"steps\" start=\"0\">\n");
    for (int k = 0; k <= n; k++) {
        buf_printf(out, "<li id=\"s%d\"><a href=\"%d.html\" class=\"step%s\">", k, k, k == now ? " now" : "");
        if (k == 0)
            buf_add(out, "the start");
        else
            webpage_esc(out, b->moves.v[k - 1]);
        buf_add(out, "</a>");
        if (k > 0 && reasons && k - 1 < reasons->n && reasons->v[k - 1][0]) {
            buf_add(out, " (failed: ");
            webpage_esc(out, reasons->v[k - 1]);
            buf_add(out, ")");
        }
        buf_add(out, "</li>\n");
    }
    buf_add(out, "</ol>\n");
}

/* The links to the steps before and after k (of n) and to the game's page. */
static void webreplay_nav(int k, int n, Buf *out)
{
    buf_add(out, "<p class=\"nav\">");
    if (k > 0)
        buf_printf(out, "<a id=\"prev\" class=\"step\" href=\"%d.html\">&larr; move %d</a> ", k - 1, k - 1);
    buf_add(out, "<a href=\"index.html\">the game</a>");
    if (k < n)
        buf_printf(out, " <a id=\"next\" class=\"step\" href=\"%d.html\">move %d &rarr;</a>", k + 1, k + 1);
    buf_add(out, " <small>(keys &larr; &rarr;)</small></p>\n");
}

/* Each player's E and, from view_score_table, the scores after the step (r not ended: "Scores so far"). */
static void webreplay_scores(const Board *r, Buf *out)
{
    buf_add(out, "<h2>E and scores</h2>\n<table>\n<tr><th>player</th><th>E</th></tr>\n");
    for (int i = 0; i < r->np; i++) {
        buf_printf(out, "<tr><td><b class=\"p%c\">%c</b> ", layout_player_letter(i), layout_player_letter(i));
        webpage_esc(out, r->pl[i].id);
        buf_printf(out, "</td><td>%lld</td></tr>\n", (long long)r->pl[i].e);
    }
    buf_add(out, "</table>\n");
    Buf t;
    buf_init(&t);
    view_score_table(r, -1, &t);
    buf_add(out, "<pre class=\"scores\">");
    webpage_escn(out, t.s ? t.s : "", t.len);
    buf_add(out, "</pre>\n");
    buf_free(&t);
}

/* The number of r's player i's view (#v<number>): their index in the ended game b, the same on every step
 * though round 0 orders the players anew; one who left in round 0 (gone from b) b's count of players and i. */
static int webreplay_view_id(const Board *b, const Board *r, int i)
{
    int at = board_player_index(b, r->pl[i].id);
    return at >= 0 ? at : b->np + i;
}

/* What each player was told of the move that led to r (their news items from[i] on: the events as they saw
 * them, contract 8; the fog has lifted), one list each; from NULL (the start, or a step before it that could
 * not be replayed): nothing. */
static void webreplay_told(const Board *r, const int *from, Buf *out)
{
    if (!from)
        return;
    buf_add(out, "<h2>What each player was told</h2>\n");
    for (int i = 0; i < r->np; i++) {
        const News *nw = &r->pl[i].news;
        buf_printf(out, "<h3><b class=\"p%c\">%c</b> ", layout_player_letter(i), layout_player_letter(i));
        webpage_esc(out, r->pl[i].id);
        buf_add(out, "</h3>\n");
        int told = 0;
        for (int j = from[i]; j < nw->n; j++) {
            NewsKind kind = nw->v[j].kind;
            if (!nw->v[j].text || kind == NEWS_SHEET_SENT || kind == NEWS_SHEET_RESULT || kind == NEWS_SHEET_NEW)
                continue;
            buf_add(out, told++ ? "<li>" : "<ul class=\"events\">\n<li>");
            webpage_esc(out, nw->v[j].text);
            buf_add(out, "</li>\n");
        }
        buf_add(out, told ? "</ul>\n" : "<p>Nothing they could see happened.</p>\n");
    }
}

/* Player i's view of r as their sheet showed it then (view_sheet, contract 8 and 14.9): the picture through
 * their pieces' sight (the whole board once the game has ended) and its legend, then while the game is in play
 * their map (view_map: the squares out of view as they last saw them) — on the New sheet (step 0) the whole
 * terrain at the start instead. */
static void webreplay_view(const Board *b, const Board *r, int i, int k, uint8_t *m, Buf *out)
{
    bool ended = r->phase == PHASE_ENDED;
    int who = ended ? -1 : i;
    if (!ended)
        sight_compute(r, i, m);
    Buf t;
    buf_init(&t);
    buf_printf(out, "<section class=\"view\" id=\"v%d\">\n<h3>", webreplay_view_id(b, r, i));
    webpage_esc(out, r->pl[i].id);
    buf_add(out, "'s view</h3>\n");
    if (layout_board(r, who, ended ? NULL : m, &t))
        webpage_picture(out, t.s, t.len, who);
    else
        buf_add(out, "<p>You see nothing of the board.</p>\n");
    t.len = 0;
    layout_legend(r, who, ended ? NULL : m, &t);
    buf_add(out, "<pre class=\"legend\">");
    webpage_escn(out, t.s ? t.s : "", t.len);
    buf_add(out, "</pre>\n");
    if (r->phase == PHASE_PLAY) {
        t.len = 0;
        if (k == 0) {
            buf_add(&t, "The whole board at the start: the terrain and the start squares (no pieces).\n");
            view_terrain(r, board_known(r, i), &t);
        } else {
            view_map(r, i, m, &t);
        }
        buf_add(out, "<pre class=\"map\">");
        webpage_escn(out, t.s, t.len);
        buf_add(out, "</pre>\n");
    }
    buf_add(out, "</section>\n");
    buf_free(&t);
}

/* Each player's view (webreplay_view), one section each, shown by its fragment (#v<webreplay_view_id>) with CSS
 * alone. */
static void webreplay_views(const Board *b, const Board *r, int k, Buf *out)
{
    buf_add(out, "<h2>As one player saw it</h2>\n<p>");
    for (int i = 0; i < r->np; i++) {
        buf_printf(out, "%s<a href=\"#v%d\">", i ? " " : "", webreplay_view_id(b, r, i));
        webpage_esc(out, r->pl[i].id);
        buf_add(out, "</a>");
    }
    buf_add(out, " <a href=\"#\">(none)</a></p>\n");
    uint8_t *m = xmalloc((size_t)r->w * (size_t)r->h);
    for (int i = 0; i < r->np; i++)
        webreplay_view(b, r, i, k, m, out);
    free(m);
}

/* The board r with the fog lifted, as `show n#k` draws it (the phase set to ended while it is drawn, as show
 * does), and its legend. */
static void webreplay_board(Board *r, Buf *out)
{
    Buf pic;
    buf_init(&pic);
    Phase was = r->phase;
    r->phase = PHASE_ENDED;
    if (layout_board(r, -1, NULL, &pic))
        webpage_picture(out, pic.s, pic.len, -1);
    else
        buf_add(out, "<p>(empty board)</p>\n");
    buf_free(&pic);
    buf_init(&pic);
    layout_legend(r, -1, NULL, &pic);
    buf_add(out, "<pre class=\"legend\">");
    webpage_escn(out, pic.s ? pic.s : "", pic.len);
    buf_add(out, "</pre>\n");
    buf_free(&pic);
    r->phase = was;
}

/* Appends step k's page of b (an ended board with its history in memory; r: b replayed to move k, or NULL
 * when that failed, why then in err_text; from: where each player's news of move k starts in r's, NULL none;
 * reasons: the failure reason of each move-list line, as replay_failure_reasons gives them) to out. */
static void webreplay_step(const Board *b, int k, Board *r, const int *from, const char *err_text,
                           const StrList *reasons, Buf *out)
{
    char title[200], head[260];
    int n = board_moves_count(b);
    webreplay_title(b, title, sizeof title);
    snprintf(head, sizeof head, "%s, move %d of %d", title, k, n);
    webpage_head(out, "../../", head);
    webreplay_nav(k, n, out);
    buf_add(out, "<div class=\"row\">\n<div>\n");
    if (k == 0) {
        buf_add(out, "<h2>The start</h2>\n");
    } else {
        buf_add(out, "<h2>This move</h2>\n<p class=\"move\">");
        webpage_esc(out, b->moves.v[k - 1]);
        if (reasons && k - 1 < reasons->n && reasons->v[k - 1][0]) {
            buf_add(out, "<br>failed: ");
            webpage_esc(out, reasons->v[k - 1]);
        }
        buf_add(out, "</p>\n");
    }
    if (!r) {
        buf_add(out, "<p>This step cannot be replayed: ");
        webpage_esc(out, err_text ? err_text : "");
        buf_add(out, "</p>\n</div>\n</div>\n");
    } else {
        webreplay_told(r, from, out);
        webreplay_scores(r, out);
        buf_add(out, "</div>\n<div>\n");
        webreplay_views(b, r, k, out);
        buf_printf(out, "<h2>The board after move #%d</h2>\n", k);
        webreplay_board(r, out);
        buf_add(out, "</div>\n</div>\n");
    }
    webreplay_moves(b, k, reasons, out);
    buf_add(out, webreplay_keys);
    webpage_foot(out);
}

/* The game's page: what `show` gives after the end, the link to its replay and the move list. */
static void webreplay_index(const Board *b, Buf *out)
{
    char title[200];
    webreplay_title(b, title, sizeof title);
    webpage_head(out, "../../", title);
    buf_printf(out, "<!-- replay format %d -->\n<p><a href=\"0.html\">Replay the game, move by move</a></p>\n",
               WEBREPLAY_FORMAT);
    Buf t;
    buf_init(&t);
    view_show_full(b, &t);
    buf_add(out, "<pre class=\"show\">");
    webpage_escn(out, t.s ? t.s : "", t.len);
    buf_add(out, "</pre>\n");
    buf_free(&t);
    webreplay_moves(b, -1, NULL, out);
    buf_add(out, webreplay_fragment);
    webpage_foot(out);
}

/* What webreplay_each needs from step to step: the site, the ended board and its pages' directory, the failed
 * orders' reasons, the players of the last step replayed (np 0: none, or it could not be replayed) with where
 * each one's news ended then, and the error of a write. */
typedef struct {
    WebSite *s;
    const Board *b;
    const char *dir;
    const StrList *why;
    int np;
    char ids[MAX_PLAYERS][USERID_MAX + 1];
    int told[MAX_PLAYERS];
    Err *err;
} WebreplaySteps;

/* Writes step k's page (replay_each's step: r the board after move k, or NULL and fail why not). */
static int webreplay_each(void *ctx, int k, Board *r, const char *fail)
{
    WebreplaySteps *st = ctx;
    const Board *b = st->b;
    char rel[64];
    int from[MAX_PLAYERS];
    /* each player's news of move k start where theirs ended at the step before, found by userid: a round-0
     * resignation takes a player out and round 0's end orders them anew (the news go with their player) */
    bool had = r && st->np > 0;
    for (int i = 0; had && i < r->np; i++) {
        from[i] = r->pl[i].news.n; /* not a player the step before: told nothing of this move */
        for (int j = 0; j < st->np; j++)
            if (strcmp(st->ids[j], r->pl[i].id) == 0)
                from[i] = st->told[j];
    }
    Buf step;
    buf_init(&step);
    webreplay_step(b, k, r, had ? from : NULL, fail, st->why, &step);
    st->np = r ? r->np : 0;
    for (int i = 0; i < st->np; i++) { /* the news are only added to, replaying on */
        snprintf(st->ids[i], sizeof st->ids[i], "%s", r->pl[i].id);
        st->told[i] = r->pl[i].news.n;
    }
    snprintf(rel, sizeof rel, "%s/%d.html", st->dir, k);
    int rc = webpage_put(st->s, rel, step.s, step.len, st->err);
    buf_free(&step);
    return rc;
}

int webreplay_game(WebSite *s, const Board *b, Err *err)
{
    char dir[32], rel[64];
    snprintf(dir, sizeof dir, "g/%d", b->number);
    if (webpage_dir(s, dir, err) < 0)
        return -1;
    StrList why = {0};
    Buf page;
    buf_init(&page);
    webreplay_index(b, &page);
    snprintf(rel, sizeof rel, "%s/index.html", dir);
    int rc = 0;
    if (webpage_holds(s, rel, page.s, page.len)) {
        s->same++; /* its steps are as they were written with it: this run's all the same */
        webpage_keep(s, rel);
        for (int k = 0; k <= board_moves_count(b); k++) {
            snprintf(rel, sizeof rel, "%s/%d.html", dir, k);
            webpage_keep(s, rel);
        }
    } else {
        replay_failure_reasons(b, &why); /* the steps' failed orders, replayed once */
        WebreplaySteps st = {.s = s, .b = b, .dir = dir, .why = &why, .err = err};
        rc = replay_each(b, webreplay_each, &st);
        snprintf(rel, sizeof rel, "%s/index.html", dir);
        if (rc == 0)
            rc = webpage_put(s, rel, page.s, page.len, err);
    }
    buf_free(&page);
    sl_free(&why);
    return rc;
}
