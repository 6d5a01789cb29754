/* web: the server's public static site (web.h; contract 16). The lock is held only to read: the history and
 * the board list, then each board as last committed, one at a time; pages are drawn and written with it let
 * go, and nothing under $PBMHOME changes (deadlines are Cleanup's). What a running game's pages say is what
 * `show`, `games` and the game list say of it; a finished game's are what `show` gives after the end
 * (webreplay.c). */
#include "web.h"

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot.h"
#include "boardfile.h"
#include "disk.h"
#include "help.h"
#include "layout.h"
#include "map.h"
#include "movelist.h"
#include "ratings.h"
#include "view.h"
#include "webreplay.h"

/* What the index and the players' pages say of one game: only its public facts (contract 16). */
typedef struct WebRow {
    int board;
    bool finished;
    bool history;        /* a finished game known from the history alone (its board gone, or not read this
                            time): its players and scores; no row in the index, only on its players' pages */
    bool linked;         /* its pages g/<n>/ are on the site */
    char name[128];      /* the game's name, '_' as spaces ("" none) */
    char map[64];
    int np;
    char **ids;          /* malloc'd, each */
    int *score;          /* finished: each player's final score */
    int *timeouts;       /* each player's time-outs in all */
    char status[256];    /* the game list's status: who is to move, or the result */
    int round, moves;
    char label[16];      /* the turn's label (running, after round 0) */
    int64_t deadline, ended;
} WebRow;

typedef struct WebRows {
    WebRow *v;
    int n, cap;
} WebRows;

/* A new row of np players at the end of rows, its arrays made, the rest as w0 gives it. */
static WebRow *web_row_new(WebRows *rows, WebRow w0)
{
    if (rows->n == rows->cap) {
        rows->cap = rows->cap ? 2 * rows->cap : 64;
        rows->v = xrealloc(rows->v, sizeof *rows->v * (size_t)rows->cap);
    }
    WebRow *w = &rows->v[rows->n++];
    *w = w0;
    w->ids = xcalloc((size_t)w->np + 1, sizeof *w->ids);
    w->score = xcalloc((size_t)w->np + 1, sizeof *w->score);
    w->timeouts = xcalloc((size_t)w->np + 1, sizeof *w->timeouts);
    return w;
}

/* The row of board b (running or ended) at the end of rows. */
static void web_row_add(WebRows *rows, const Board *b)
{
    WebRow *w = web_row_new(rows, (WebRow){.board = b->number, .finished = b->phase == PHASE_ENDED, .linked = true,
                                           .np = b->np, .round = b->round, .moves = board_moves_count(b),
                                           .deadline = b->clock.deadline, .ended = b->clock.ended});
    snprintf(w->name, sizeof w->name, "%s", b->par.name);
    for (char *p = w->name; *p; p++)
        if (*p == '_')
            *p = ' ';
    snprintf(w->map, sizeof w->map, "%s", b->par.map);
    gamelist_status_of(b, w->status, sizeof w->status);
    if (b->phase == PHASE_PLAY)
        board_turn_label(b, w->label);
    for (int i = 0; i < b->np; i++) {
        w->ids[i] = xstrdup(b->pl[i].id);
        w->timeouts[i] = b->pl[i].timeouts_total > b->pl[i].timeouts ? b->pl[i].timeouts_total : b->pl[i].timeouts;
        if (w->finished)
            w->score[i] = game_score(b, i);
    }
}

/* The row of g, a finished game known from the history alone (contract 11: its players and final scores),
 * at the end of rows: the result its scores give by the standings' rule (the top score alone wins, shared it
 * ties), its pages linked only when the site has them (linked). */
static void web_row_history(WebRows *rows, const RatingsGame *g, bool linked)
{
    WebRow *w = web_row_new(rows, (WebRow){.board = g->board, .finished = true, .history = true, .linked = linked,
                                           .np = g->np});
    int top = 0, at_top = 0, who = 0;
    for (int i = 0; i < g->np; i++) {
        w->ids[i] = xstrdup(g->ids[i]);
        w->score[i] = g->score[i];
        if (!i || g->score[i] > top)
            top = g->score[i], at_top = 0, who = i;
        at_top += g->score[i] == top;
    }
    if (at_top == 1)
        snprintf(w->status, sizeof w->status, "won by %s (%d)", g->ids[who], top);
    else
        snprintf(w->status, sizeof w->status, "tie (%d)", top);
}

static void web_rows_free(WebRows *rows)
{
    for (int i = 0; i < rows->n; i++) {
        for (int k = 0; k < rows->v[i].np; k++)
            free(rows->v[i].ids[k]);
        free(rows->v[i].ids);
        free(rows->v[i].score);
        free(rows->v[i].timeouts);
    }
    free(rows->v);
    *rows = (WebRows){0};
}

/* The file name of userid's page, "p/<userid in lower case>.html", into buf; false when the userid may not
 * name a file (it then has no page). */
static bool web_player_file(const char *id, char *buf, size_t size)
{
    if (!webpage_name_ok(id) || !users_valid_id(id))
        return false;
    int n = snprintf(buf, size, "p/%s.html", id);
    for (int i = 2; i < n && buf[i]; i++)
        buf[i] = (char)tolower((unsigned char)buf[i]);
    return n > 0 && (size_t)n < size;
}

/* A link (from root) to userid's page, or the userid alone when it has none, escaped. */
static void web_player_link(Buf *out, const char *root, const char *id)
{
    char file[96];
    if (web_player_file(id, file, sizeof file)) {
        buf_printf(out, "<a href=\"%s%s\">", root, file);
        webpage_esc(out, id);
        buf_add(out, "</a>");
    } else {
        webpage_esc(out, id);
    }
    if (bot_is(id))
        buf_add(out, " (bot)");
}

/* The built-in map name names, in any case (a game made with --map=Duel plays duel), as its page
 * m/<name>.html spells it; NULL when it is none (no page). */
static const char *web_builtin_map(const char *name)
{
    for (int i = 0; map_builtin_names[i]; i++)
        if (str_ieq(map_builtin_names[i], name))
            return map_builtin_names[i];
    return NULL;
}

/* A run of `web`: the command, its site, what it read under the lock at the start (the history and the
 * board list) and what it gathers. */
typedef struct WebRun {
    CommandCtx *c;
    WebSite s;
    RatingsGames history; /* the history's games in the order they ended (ratings_parse_history) */
    int *boards, nboards; /* the board files in games/Genetess, ascending */
    RatingsGames gs;      /* the finished games whose boards have ended: the standings' */
    WebRows rows;
    int lock_rc;          /* the exit status when the lock could not be taken again (the reason in the reply) */
    Err err;
} WebRun;

/* Board n read as last committed (running, else archived), its history in memory once it has ended, the
 * lock taken for this read alone and let go after it (contract 16). NULL when the lock could not be had
 * again (w->lock_rc), when the board is gone, or when it cannot be read: the reason on stderr (the
 * server's log) and its pages kept as the last run wrote them (*kept set true, else false). */
static Board *web_load(WebRun *w, int n, bool *kept)
{
    *kept = false;
    char *text = NULL, name[32];
    Err err;
    snprintf(name, sizeof name, "%d", n);
    if ((w->lock_rc = pipeline_lock(w->c)) != 0)
        return NULL;
    const Store *st = &w->c->st;
    int r = store_load_board(st, n, &text, NULL, &err);
    Board *b = r == 0 ? boardfile_parse(text, name, &err) : NULL;
    bool ok = b && b->number == n;
    if (ok) {
        movelist_rebase(st, b); /* as every command reads a board: an admin's edit is where its replay starts */
        ok = b->phase != PHASE_ENDED || movelist_load(st, b, &err) == 0;
    }
    webpage_seen(&w->s, WEB_READ, name);
    store_unlock(&w->c->st);
    free(text);
    if (ok)
        return b;
    if (r != 1) {
        char dir[40];
        fprintf(stderr, "genetess: web: board %d: %s\n", n, b && b->number != n ? "the file holds another board" : err.msg);
        snprintf(dir, sizeof dir, "g/%d/", n);
        webpage_keep_under(&w->s, dir);
        webpage_keep_under(&w->s, "p/"); /* its players' pages too, though none of their rows is this one */
        *kept = true;
    }
    board_free(b);
    return NULL;
}

/* A running game's page: `show`'s public summary of it at now (contract 11). */
static int web_running_page(WebSite *s, const Board *b, int64_t now, Err *err)
{
    char dir[32], rel[64], title[64];
    snprintf(dir, sizeof dir, "g/%d", b->number);
    snprintf(rel, sizeof rel, "%s/index.html", dir);
    snprintf(title, sizeof title, "Genetess board %d", b->number);
    if (webpage_dir(s, dir, err) < 0)
        return -1;
    Buf page, t;
    buf_init(&page);
    buf_init(&t);
    webpage_head(&page, "../../", title);
    view_show_public(b, now, &t);
    buf_add(&page, "<pre class=\"show\">");
    webpage_escn(&page, t.s ? t.s : "", t.len);
    buf_add(&page, "</pre>\n<p>The game is running: its board and moves are shown once it has ended.</p>\n");
    webpage_foot(&page);
    int rc = webpage_put(s, rel, page.s, page.len, err);
    buf_free(&page);
    buf_free(&t);
    return rc;
}

static int web_int_cmp(const void *x, const void *y)
{
    int a = *(const int *)x, b = *(const int *)y;
    return (a > b) - (a < b);
}

/* The finished games of the history, in the order they ended: each board's row and pages and, in w->gs,
 * its final scores (ratings_use_board). A game whose board has not ended leaves gs, one whose board is gone
 * or cannot be read keeps its line's scores, as for `standings` (ratings_load_boards), and a row of them
 * (web_row_history); each board is read once. */
static int web_finished(WebRun *w)
{
    RatingsGames dropped = {0};
    int rc = 0;
    for (int i = 0; i < w->history.n; i++) {
        bool kept = false;
        Board *b = rc == 0 && !w->lock_rc ? web_load(w, w->history.v[i].board, &kept) : NULL;
        RatingsGames *to = b && ratings_use_board(&w->history.v[i], b) < 0 ? &dropped : &w->gs;
        if (to->n == to->cap) {
            to->cap = to->cap ? 2 * to->cap : 64;
            to->v = xrealloc(to->v, sizeof *to->v * (size_t)to->cap);
        }
        to->v[to->n++] = w->history.v[i];
        if (to == &w->gs && b) { /* one line a board: ratings_parse_history keeps a board's last */
            web_row_add(&w->rows, b);
            rc = webreplay_game(&w->s, b, &w->err);
        } else if (to == &w->gs && rc == 0 && !w->lock_rc) { /* in the standings: its players get their pages */
            char rel[40];
            snprintf(rel, sizeof rel, "g/%d/index.html", w->history.v[i].board);
            web_row_history(&w->rows, &w->history.v[i], kept && webpage_listed(&w->s, rel));
        }
        board_free(b);
    }
    w->history.n = 0; /* its games are gs's and dropped's now */
    ratings_games_free(&dropped);
    return rc;
}

/* The boards in games/Genetess: a running game's row and page; an ended one not in the history yet (its
 * line is written by the next command) its row and pages. */
static int web_live(WebRun *w)
{
    int rc = 0;
    int *done = xcalloc((size_t)w->rows.n + 1, sizeof *done), ndone = w->rows.n;
    for (int i = 0; i < ndone; i++)
        done[i] = w->rows.v[i].board;
    qsort(done, (size_t)ndone, sizeof *done, web_int_cmp);
    for (int i = 0; i < w->nboards && rc == 0 && !w->lock_rc; i++) {
        if (bsearch(&w->boards[i], done, (size_t)ndone, sizeof *done, web_int_cmp))
            continue; /* a finished game's pages are written */
        bool kept;
        Board *b = web_load(w, w->boards[i], &kept);
        if (!b)
            continue;
        web_row_add(&w->rows, b);
        rc = b->phase == PHASE_ENDED ? webreplay_game(&w->s, b, &w->err)
                                     : web_running_page(&w->s, b, w->c->now, &w->err);
        board_free(b);
    }
    free(done);
    return rc;
}

/* Row w's cells from its players on (root: the way to the site's top). */
static void web_row_cells(Buf *out, const WebRow *w, const char *root)
{
    char when[64];
    if (w->linked)
        buf_printf(out, "<tr><td><a href=\"%sg/%d/index.html\">%d</a></td><td>", root, w->board, w->board);
    else
        buf_printf(out, "<tr><td>%d</td><td>", w->board);
    webpage_esc(out, w->name);
    buf_add(out, "</td><td>");
    const char *builtin = web_builtin_map(w->map);
    if (builtin)
        buf_printf(out, "<a href=\"%sm/%s.html\">", root, builtin);
    webpage_esc(out, w->map); /* as the game names it */
    if (builtin)
        buf_add(out, "</a>");
    buf_add(out, "</td><td>");
    for (int i = 0; i < w->np; i++) {
        buf_add(out, i ? ", " : "");
        web_player_link(out, root, w->ids[i]);
        if (w->finished)
            buf_printf(out, " %d", w->score[i]);
    }
    buf_add(out, "</td><td>");
    webpage_esc(out, w->status);
    if (w->history) { /* its moves, rounds and end are its board's, not the history's */
        buf_add(out, "</td><td></td><td></td><td></td></tr>\n");
        return;
    }
    if (w->finished) {
        buf_printf(out, "</td><td>%d</td><td>%d</td><td>%s</td></tr>\n", w->moves, w->round,
                   w->ended > 0 ? fmt_time(w->ended, when, sizeof when) : "");
        return;
    }
    if (w->label[0])
        buf_printf(out, "</td><td>%d, turn %s</td><td>", w->round, w->label);
    else
        buf_add(out, "</td><td>0 (simultaneous)</td><td>");
    buf_add(out, w->deadline > 0 ? fmt_time(w->deadline, when, sizeof when) : "");
    buf_add(out, "</td><td>");
    for (int i = 0, k = 0; i < w->np; i++)
        if (w->timeouts[i]) {
            buf_add(out, k++ ? ", " : "");
            webpage_esc(out, w->ids[i]);
            buf_printf(out, " %d", w->timeouts[i]);
        }
    buf_add(out, "</td></tr>\n");
}

static const char web_running_head[] = "<tr><th>board</th><th>name</th><th>map</th><th>players</th><th>status</th>"
                                       "<th>round</th><th>deadline</th><th>time-outs</th></tr>\n";
static const char web_finished_head[] = "<tr><th>board</th><th>name</th><th>map</th><th>players and scores</th>"
                                        "<th>result</th><th>moves</th><th>rounds</th><th>ended</th></tr>\n";

/* The games of rows, running (finished false) or finished (newest first), as a table; "(none)" when none. id
 * NULL: the index (every game read this time); else player id's games, those known from the history alone
 * too. */
static void web_table(Buf *out, const WebRows *rows, bool finished, const char *root, const char *id)
{
    int n = 0;
    for (int k = 0; k < rows->n; k++) {
        const WebRow *w = &rows->v[finished ? rows->n - 1 - k : k];
        bool mine = !id && !w->history; /* contract 16: no row in the index until its board can be read */
        for (int i = 0; i < w->np && id && !mine; i++)
            mine = str_ieq(w->ids[i], id);
        if (w->finished != finished || !mine)
            continue;
        if (!n++)
            buf_printf(out, "<div class=\"wide\"><table>\n%s", finished ? web_finished_head : web_running_head);
        web_row_cells(out, w, root);
    }
    buf_add(out, n ? "</table></div>\n" : "<p>(none)</p>\n");
}

/* The game list's order: running games by board number. */
static int web_by_board(const void *x, const void *y)
{
    const WebRow *a = x, *b = y;
    return (a->board > b->board) - (a->board < b->board);
}

static int web_index(WebSite *s, const WebRows *rows, Err *err)
{
    Buf page;
    buf_init(&page);
    webpage_head(&page, "", "Genetess games");
    buf_add(&page, "<h2>Running games</h2>\n");
    web_table(&page, rows, false, "", NULL);
    buf_add(&page, "<h2>Finished games</h2>\n");
    web_table(&page, rows, true, "", NULL);
    webpage_foot(&page);
    int rc = webpage_put(s, "index.html", page.s, page.len, err);
    buf_free(&page);
    return rc;
}

/* standings.html or ratings.html: the command's text, then a link to each player's page. */
static int web_ranking(WebSite *s, const char *rel, const char *title, const RatingsTable *t,
                       void (*text)(const RatingsTable *, Buf *), Err *err)
{
    Buf page, tx;
    buf_init(&page);
    buf_init(&tx);
    webpage_head(&page, "", title);
    text(t, &tx);
    buf_add(&page, "<pre>");
    webpage_escn(&page, tx.s ? tx.s : "", tx.len);
    buf_add(&page, "</pre>\n<p>Players: ");
    for (int i = 0; i < t->n; i++) {
        buf_add(&page, i ? ", " : "");
        web_player_link(&page, "", t->v[i].id);
    }
    buf_add(&page, "</p>\n");
    webpage_foot(&page);
    int rc = webpage_put(s, rel, page.s, page.len, err);
    buf_free(&page);
    buf_free(&tx);
    return rc;
}

/* Player id's page: their standing and rating (t), their running and finished games. */
static int web_player(WebSite *s, const char *id, const WebRows *rows, const RatingsTable *t, Err *err)
{
    char file[96], title[128];
    if (!web_player_file(id, file, sizeof file))
        return 0;
    snprintf(title, sizeof title, "Player %s%s", id, bot_is(id) ? " (bot)" : "");
    Buf page;
    buf_init(&page);
    webpage_head(&page, "../", title);
    const RatingsPlayer *p = NULL;
    for (int i = 0; i < t->n && !p; i++)
        if (str_ieq(t->v[i].id, id))
            p = &t->v[i];
    if (p)
        buf_printf(&page, "<p>Finished games %d: %d won, %d tied, %d lost; %d points; rating %d.</p>\n", p->games,
                   p->wins, p->ties, p->games - p->wins - p->ties, p->points, ratings_rating_of(t, id));
    else
        buf_add(&page, "<p>No finished game yet.</p>\n");
    buf_add(&page, "<h2>Running games</h2>\n");
    web_table(&page, rows, false, "../", id);
    buf_add(&page, "<h2>Finished games</h2>\n");
    web_table(&page, rows, true, "../", id);
    webpage_foot(&page);
    int rc = webpage_put(s, file, page.s, page.len, err);
    buf_free(&page);
    return rc;
}

/* A page for every player of a game in rows (once each, whatever the case of their userid): every player of
 * the standings too, since each finished game of the history has a row (web_row_history when its board was
 * not read). */
static int web_players(WebSite *s, const WebRows *rows, const RatingsTable *t, Err *err)
{
    StrList done = {0};
    int rc = 0;
    for (int k = 0; k < rows->n && rc == 0; k++)
        for (int i = 0; i < rows->v[k].np && rc == 0; i++) {
            const char *id = rows->v[k].ids[i];
            bool seen = false;
            for (int j = 0; j < done.n && !seen; j++)
                seen = str_ieq(done.v[j], id);
            if (seen)
                continue;
            sl_push(&done, id);
            rc = web_player(s, id, rows, t, err);
        }
    sl_free(&done);
    return rc;
}

/* m/<name>.html: the built-in map's terrain and start squares coloured, then `help <name>`'s text. */
static int web_map(WebSite *s, const char *name, Err *err)
{
    Map m;
    Err e2;
    char rel[96], title[96];
    snprintf(rel, sizeof rel, "m/%s.html", name);
    snprintf(title, sizeof title, "Map %s", name);
    Buf page, t;
    buf_init(&page);
    buf_init(&t);
    webpage_head(&page, "../", title);
    if (map_load(NULL, name, false, &m, &e2) == 0) {
        if (layout_terrain(m.b, m.b->ter, true, NULL, &t))
            webpage_picture(&page, t.s, t.len, -1);
        map_free(&m);
    }
    buf_free(&t);
    buf_init(&t);
    if (help_get(NULL, name, &t, &e2) == 0) {
        buf_add(&page, "<pre>");
        webpage_escn(&page, t.s ? t.s : "", t.len);
        buf_add(&page, "</pre>\n");
    }
    webpage_foot(&page);
    int rc = webpage_put(s, rel, page.s, page.len, err);
    buf_free(&page);
    buf_free(&t);
    return rc;
}

/* maps.html (`help maps` with a link to each map's page) and the maps' pages. */
static int web_maps(WebSite *s, Err *err)
{
    Buf page, t;
    Err e2;
    buf_init(&page);
    buf_init(&t);
    webpage_head(&page, "", "Genetess maps");
    buf_add(&page, "<ul>\n");
    for (int i = 0; map_builtin_names[i]; i++)
        buf_printf(&page, "<li><a href=\"m/%s.html\">%s</a></li>\n", map_builtin_names[i], map_builtin_names[i]);
    buf_add(&page, "</ul>\n");
    if (help_get(NULL, "maps", &t, &e2) == 0) {
        buf_add(&page, "<pre>");
        webpage_escn(&page, t.s ? t.s : "", t.len);
        buf_add(&page, "</pre>\n");
    }
    webpage_foot(&page);
    int rc = webpage_put(s, "maps.html", page.s, page.len, err);
    for (int i = 0; map_builtin_names[i] && rc == 0; i++)
        rc = web_map(s, map_builtin_names[i], err);
    buf_free(&page);
    buf_free(&t);
    return rc;
}

/* Where the site's directory stands to $PBMHOME (web_place). */
typedef enum WebPlace {
    WEB_APART,      /* neither holds the other */
    WEB_IN_HOME,    /* the home itself or under it, where the server's files are */
    WEB_HOLDS_HOME, /* the home is under it: a page's path could lead into the home ("g" a home's name), and a
                       web server serving the site would serve the server's files */
} WebPlace;

/* Whether the real path a is b or under it. */
static bool web_within(const char *a, const char *b)
{
    size_t n = strlen(b);
    return strncmp(a, b, n) == 0 && (a[n] == '\0' || a[n] == '/' || (n == 1 && b[0] == '/'));
}

/* Where the site's directory dir (made or not yet) stands to $PBMHOME (home), links resolved: the site may be
 * neither in the home nor hold it (contract 16). A directory not made yet is judged by its parent, and holds
 * nothing. */
static WebPlace web_place(const char *dir, const char *home)
{
    char d[PATH_MAX], h[PATH_MAX], *parent = xstrdup(dir);
    bool made = realpath(dir, d) != NULL, found = made;
    if (!found) {
        char *slash = strrchr(parent, '/');
        if (slash && slash != parent)
            *slash = '\0';
        else
            snprintf(parent, strlen(parent) + 1, "%s", slash ? "/" : ".");
        found = realpath(parent, d) != NULL;
    }
    free(parent);
    if (!found || !realpath(home, h))
        return WEB_APART; /* a parent that is not there: webpage_open says so */
    return web_within(d, h) ? WEB_IN_HOME : made && web_within(h, d) ? WEB_HOLDS_HOME : WEB_APART;
}

/* Under the lock (held): the history and the list of boards into w, then the lock let go: each board is
 * read under it on its own (web_load) and no page is written with it held (contract 16). 0, or -1 with
 * w->err. */
static int web_lists(WebRun *w)
{
    char *path = store_path(&w->c->st, "history/Genetess"), *text = NULL;
    int r = disk_read_file(path, &text, NULL, &w->err);
    free(path);
    if (r >= 0)
        w->nboards = store_list_boards(&w->c->st, &w->boards, &w->err);
    store_unlock(&w->c->st);
    if (r < 0 || w->nboards < 0)
        return -1;
    ratings_parse_history(text, &w->history);
    free(text);
    return 0;
}

/* Everything but the site's opening: the games, the rankings, the players, the maps, the index. */
static int web_write(WebRun *w)
{
    WebSite *s = &w->s;
    Err *err = &w->err;
    RatingsTable t = {0};
    Buf css;
    buf_init(&css);
    webpage_style(&css, MAX_PLAYERS);
    int rc = webpage_put(s, "style.css", css.s, css.len, err);
    buf_free(&css);
    if (rc == 0)
        rc = webpage_dir(s, "g", err) < 0 || webpage_dir(s, "p", err) < 0 || webpage_dir(s, "m", err) < 0 ? -1 : 0;
    if (rc == 0)
        rc = web_finished(w);
    if (rc == 0 && !w->lock_rc)
        rc = web_live(w);
    if (rc != 0 || w->lock_rc)
        return rc;
    ratings_compute(&w->gs, &t);
    rc = web_ranking(s, "standings.html", "Genetess standings", &t, ratings_standings_text, err);
    if (rc == 0)
        rc = web_ranking(s, "ratings.html", "Genetess ratings", &t, ratings_ratings_text, err);
    if (rc == 0)
        rc = web_players(s, &w->rows, &t, err);
    if (rc == 0)
        rc = web_maps(s, err);
    int finished = 0;
    for (int i = 0; i < w->rows.n; i++)
        finished += w->rows.v[i].finished;
    /* the running games by number after the finished ones in the order they ended */
    if (w->rows.n > finished) /* none: rows.v may be NULL, which qsort may not be given */
        qsort(w->rows.v + finished, (size_t)(w->rows.n - finished), sizeof *w->rows.v, web_by_board);
    if (rc == 0)
        rc = web_index(s, &w->rows, err);
    ratings_table_free(&t);
    return rc;
}

int web_site(CommandCtx *c, const WebWatch *watch)
{
    int rc = pipeline_lock(c); /* the home opened (made when missing), to tell where DIR is */
    if (rc)
        return rc;
    WebPlace place = c->argv[0][0] ? web_place(c->argv[0], c->st.home) : WEB_IN_HOME;
    store_unlock(&c->st); /* nothing of the site is read or written holding the server's lock (contract 16) */
    if (place == WEB_IN_HOME)
        return pipeline_refuse(c, EXIT_REFUSED, "web: the site's directory may not be $PBMHOME nor under it");
    if (place == WEB_HOLDS_HOME)
        return pipeline_refuse(c, EXIT_REFUSED,
                               "web: the site's directory may not hold $PBMHOME (the server's files would be the site's)");
    WebRun w = {.c = c};
    rc = webpage_open(&w.s, c->argv[0], watch, &w.err);
    if (rc == WEBPAGE_STUCK) { /* its manifest not a regular file: stopped as a page is (contract 16) */
        fprintf(stderr, "genetess: web: %s\n", w.err.msg);
        return pipeline_refuse(c, EXIT_SYSTEM, "web: the site's manifest could not be read (the reason is on stderr)");
    }
    if (rc < 0) /* busy: another run of web writes the site now (contract 16) */
        return pipeline_refuse(c, rc == WEBPAGE_BUSY ? EXIT_SYSTEM : EXIT_REFUSED, "web: %s", w.err.msg);
    if (w.s.swept)
        fprintf(stderr, "genetess: web: removed %d temporar%s a stopped run left in %s/%s\n", w.s.swept,
                w.s.swept == 1 ? "y" : "ies", w.s.dir, WEBPAGE_TMP);
    /* the history and the list of boards read as of one moment, the lock taken again for them (contract 16) */
    if ((w.lock_rc = pipeline_lock(c)) == 0)
        rc = web_lists(&w);
    if (rc == 0 && !w.lock_rc)
        rc = web_write(&w);
    Err e2;
    if (webpage_finish(&w.s, rc == 0 && !w.lock_rc, &e2) < 0 && rc == 0 && !w.lock_rc) {
        rc = -1;
        w.err = e2;
    }
    if (rc < 0)
        fprintf(stderr, "genetess: web: %s\n", w.err.msg);
    else if (!w.lock_rc)
        buf_printf(&c->reply, "Web site %s: %d page%s written, %d unchanged, %d removed.\n", w.s.dir, w.s.written,
                   w.s.written == 1 ? "" : "s", w.s.same, w.s.removed);
    webpage_close(&w.s);
    web_rows_free(&w.rows);
    ratings_games_free(&w.gs);
    ratings_games_free(&w.history);
    free(w.boards);
    if (rc < 0)
        return pipeline_refuse(c, EXIT_SYSTEM, "web: a page could not be written (the reason is on stderr)");
    return w.lock_rc ? w.lock_rc : EXIT_DONE;
}

int web_command(CommandCtx *c)
{
    return web_site(c, NULL);
}
