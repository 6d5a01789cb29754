/* ratings: the finished-game records and the standings and ratings made of them. Nothing is stored: both
 * commands recompute everything from history/Genetess and the finished boards on every call, so a game
 * counts exactly once whatever crash came between its history line and its board's save. */
#include "ratings.h"

#include "bot.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boardfile.h"
#include "disk.h"
#include "game.h"
#include "subject.h"

/* ---- the records ---- */

static void ratings_game_free(RatingsGame *g)
{
    for (int i = 0; i < g->np; i++)
        free(g->ids[i]);
    free(g->ids);
    free(g->score);
    *g = (RatingsGame){0};
}

/* Game g with np players and no scores yet (ids copied by the caller). */
static void ratings_game_alloc(RatingsGame *g, int board, int np)
{
    g->board = board;
    g->np = np;
    g->ids = xcalloc((size_t)np, sizeof *g->ids);
    g->score = xcalloc((size_t)np, sizeof *g->score);
}

/* The game of a finished-games line h (store_history_parse) into g: the winner's points to the winner, to every
 * player when a TIE. */
static void ratings_game_of(const StoreHistory *h, RatingsGame *g)
{
    bool tie = strcmp(h->winner, "TIE") == 0;
    ratings_game_alloc(g, h->board, h->players.n);
    for (int i = 0; i < g->np; i++) {
        g->ids[i] = xstrdup(h->players.v[i]);
        g->score[i] = tie || str_ieq(h->winner, g->ids[i]) ? (int)h->points : 0;
    }
}

/* Appends g (taken over) to gs; an earlier game of the same board goes (its line was written again). */
static void games_add(RatingsGames *gs, RatingsGame *g)
{
    for (int i = 0; i < gs->n; i++)
        if (gs->v[i].board == g->board) {
            ratings_game_free(&gs->v[i]);
            memmove(&gs->v[i], &gs->v[i + 1], sizeof *gs->v * (size_t)(gs->n - i - 1));
            gs->n--;
            break;
        }
    if (gs->n == gs->cap) {
        gs->cap = gs->cap ? 2 * gs->cap : 16;
        gs->v = xrealloc(gs->v, sizeof *gs->v * (size_t)gs->cap);
    }
    gs->v[gs->n++] = *g;
}

int ratings_parse_history(const char *text, RatingsGames *gs)
{
    char *copy = xstrdup(text ? text : "");
    char *save = NULL;
    for (char *l = strtok_r(copy, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
        StoreHistory h;
        if (!store_history_parse(l, &h))
            continue;
        RatingsGame g;
        ratings_game_of(&h, &g);
        store_history_free(&h);
        games_add(gs, &g);
    }
    free(copy);
    return gs->n;
}

int ratings_use_board(RatingsGame *g, const Board *b)
{
    if (b->phase != PHASE_ENDED)
        return -1;
    int board = g->board;
    ratings_game_free(g);
    ratings_game_alloc(g, board, b->np);
    for (int i = 0; i < b->np; i++) {
        g->ids[i] = xstrdup(b->pl[i].id);
        g->score[i] = game_score(b, i);
    }
    return 0;
}

/* Game g's board: 1 it has ended (g has its scores), 0 missing or unreadable (g keeps its line's), -1
 * it has not ended. */
static int load_board(const Store *st, RatingsGame *g)
{
    char *text = NULL;
    Err err;
    if (store_load_board(st, g->board, &text, NULL, &err) != 0)
        return 0;
    char name[32];
    snprintf(name, sizeof name, "%d", g->board);
    Board *b = boardfile_parse(text, name, &err);
    free(text);
    if (!b)
        return 0;
    int r = ratings_use_board(g, b) == 0 ? 1 : -1;
    board_free(b);
    return r;
}

void ratings_load_boards(const Store *st, RatingsGames *gs)
{
    int kept = 0;
    for (int i = 0; i < gs->n; i++) {
        if (load_board(st, &gs->v[i]) < 0)
            ratings_game_free(&gs->v[i]);
        else
            gs->v[kept++] = gs->v[i];
    }
    gs->n = kept;
}

void ratings_games_free(RatingsGames *gs)
{
    for (int i = 0; i < gs->n; i++)
        ratings_game_free(&gs->v[i]);
    free(gs->v);
    *gs = (RatingsGames){0};
}

/* ---- standings and Elo ---- */

/* 10^x for |x| <= 10 with libc alone: e^(x ln 10) as a short series of a 1024th of it, squared ten
 * times (relative error below 1e-12, far inside a rating point). */
static double pow10_small(double x)
{
    double y = x * 2.302585092994046 / 1024.0, term = 1.0, sum = 1.0;
    for (int k = 1; k < 12; k++) {
        term *= y / k;
        sum += term;
    }
    for (int i = 0; i < 10; i++)
        sum *= sum;
    return sum;
}

/* The Elo expectation of a player rated r against one rated other: 1 / (1 + 10^((other - r) / 400)). */
static double expected(double r, double other)
{
    double x = (other - r) / 400.0;
    if (x > 10.0)
        x = 10.0;
    if (x < -10.0)
        x = -10.0;
    return 1.0 / (1.0 + pow10_small(x));
}

static int round_point(double r)
{
    return r < 0 ? -(int)(-r + 0.5) : (int)(r + 0.5);
}

/* The index of userid in t (case-insensitive), added at the start rating when new. */
static int player_at(RatingsTable *t, const char *id)
{
    for (int i = 0; i < t->n; i++)
        if (str_ieq(t->v[i].id, id))
            return i;
    if (t->n == t->cap) {
        t->cap = t->cap ? 2 * t->cap : 16;
        t->v = xrealloc(t->v, sizeof *t->v * (size_t)t->cap);
    }
    t->v[t->n] = (RatingsPlayer){.id = xstrdup(id), .rating = RATINGS_START};
    return t->n++;
}

/* Counts game g into the standings of its players (at: their indexes in t). */
static void count_game(RatingsTable *t, const RatingsGame *g, const int *at)
{
    int top = g->score[0], ntop = 0;
    for (int i = 1; i < g->np; i++)
        if (g->score[i] > top)
            top = g->score[i];
    for (int i = 0; i < g->np; i++)
        ntop += g->score[i] == top;
    for (int i = 0; i < g->np; i++) {
        RatingsPlayer *p = &t->v[at[i]];
        p->games++;
        p->points += g->score[i];
        if (g->score[i] == top) {
            if (ntop == 1)
                p->wins++;
            else
                p->ties++;
        }
    }
}

/* Rates game g: every pair of its players is a match won by the higher final score (equal: a draw),
 * K / (n - 1) at stake, all against the ratings from before the game. */
static void ratings_rate_game(RatingsTable *t, const RatingsGame *g, const int *at)
{
    double *delta = xcalloc((size_t)g->np, sizeof *delta);
    double k = RATINGS_K / (g->np - 1);
    for (int i = 0; i < g->np; i++)
        for (int j = 0; j < g->np; j++) {
            if (at[i] == at[j])
                continue;
            double s = g->score[i] > g->score[j] ? 1.0 : g->score[i] == g->score[j] ? 0.5 : 0.0;
            delta[i] += k * (s - expected(t->v[at[i]].rating, t->v[at[j]].rating));
        }
    for (int i = 0; i < g->np; i++)
        t->v[at[i]].rating += delta[i];
    free(delta);
}

void ratings_compute(const RatingsGames *gs, RatingsTable *t)
{
    for (int n = 0; n < gs->n; n++) {
        const RatingsGame *g = &gs->v[n];
        if (g->np < 2)
            continue;
        int *at = xcalloc((size_t)g->np, sizeof *at);
        for (int i = 0; i < g->np; i++)
            at[i] = player_at(t, g->ids[i]);
        count_game(t, g, at);
        ratings_rate_game(t, g, at);
        free(at);
    }
}

int ratings_rating_of(const RatingsTable *t, const char *userid)
{
    for (int i = 0; i < t->n; i++)
        if (str_ieq(t->v[i].id, userid))
            return round_point(t->v[i].rating);
    return 0;
}

void ratings_table_free(RatingsTable *t)
{
    for (int i = 0; i < t->n; i++)
        free(t->v[i].id);
    free(t->v);
    *t = (RatingsTable){0};
}

/* ---- the texts ---- */

/* Computer opponents (userids "bot.<name>", bot_is) are listed with a mark. */
static const char *ratings_bot_mark(const char *id)
{
    return bot_is(id) ? " (bot)" : "";
}

static int by_userid(const RatingsPlayer *a, const RatingsPlayer *b)
{
    return strcmp(a->id, b->id);
}

/* Standings order: most wins, then most ties, most points, fewest games, userid. */
static int by_standing(const void *x, const void *y)
{
    const RatingsPlayer *a = *(RatingsPlayer *const *)x, *b = *(RatingsPlayer *const *)y;
    if (a->wins != b->wins)
        return b->wins - a->wins;
    if (a->ties != b->ties)
        return b->ties - a->ties;
    if (a->points != b->points)
        return b->points > a->points ? 1 : -1;
    if (a->games != b->games)
        return a->games - b->games;
    return by_userid(a, b);
}

/* Ratings order: the highest rating to the point first, then userid. */
static int by_rating(const void *x, const void *y)
{
    const RatingsPlayer *a = *(RatingsPlayer *const *)x, *b = *(RatingsPlayer *const *)y;
    int ra = round_point(a->rating), rb = round_point(b->rating);
    if (ra != rb)
        return rb - ra;
    return by_userid(a, b);
}

/* t's players sorted by cmp (caller frees the array of pointers into t). */
static const RatingsPlayer **sorted(const RatingsTable *t, int (*cmp)(const void *, const void *))
{
    const RatingsPlayer **v = xcalloc((size_t)t->n + 1, sizeof *v);
    for (int i = 0; i < t->n; i++)
        v[i] = &t->v[i];
    qsort(v, (size_t)t->n, sizeof *v, cmp);
    return v;
}

void ratings_standings_text(const RatingsTable *t, Buf *out)
{
    buf_add(out, "Standings of Genetess players\n\n");
    if (!t->n) {
        buf_add(out, "(no finished games)\n");
        return;
    }
    buf_add(out, "games  wins  ties  losses  points  player\n");
    const RatingsPlayer **v = sorted(t, by_standing);
    for (int i = 0; i < t->n; i++) {
        const RatingsPlayer *p = v[i];
        buf_printf(out, "%5d %5d %5d %7d %7d  %s%s\n", p->games, p->wins, p->ties, p->games - p->wins - p->ties,
                   p->points, p->id, ratings_bot_mark(p->id));
    }
    free(v);
}

void ratings_ratings_text(const RatingsTable *t, Buf *out)
{
    buf_add(out, "Ratings of Genetess players (Elo: genetess help ratings)\n\n");
    if (!t->n) {
        buf_add(out, "(no finished games)\n");
        return;
    }
    buf_add(out, "rank  rating  games  player\n");
    const RatingsPlayer **v = sorted(t, by_rating);
    int rank = 1;
    for (int i = 0; i < t->n; i++) {
        const RatingsPlayer *p = v[i];
        if (i && round_point(p->rating) != round_point(v[i - 1]->rating))
            rank = i + 1; /* equal ratings share a rank */
        buf_printf(out, "%4d %7d %6d  %s%s\n", rank, round_point(p->rating), p->games, p->id, ratings_bot_mark(p->id));
    }
    free(v);
}

/* ---- the commands ---- */

/* Reads the finished games of c's store into t. Returns 0, or EXIT_SYSTEM when history/Genetess cannot
 * be read (the reason in the reply). */
static int read_table(CommandCtx *c, RatingsTable *t)
{
    char *path = store_path(&c->st, "history/Genetess");
    char *text = NULL;
    Err err;
    int r = disk_read_file(path, &text, NULL, &err);
    free(path);
    if (r < 0) { /* the server's paths go to its log only (contract 15) */
        fprintf(stderr, "genetess: %s\n", err.msg);
        return pipeline_refuse(c, EXIT_SYSTEM, "The finished games cannot be read; try again later");
    }
    RatingsGames gs = {0};
    ratings_parse_history(text, &gs);
    free(text);
    ratings_load_boards(&c->st, &gs);
    ratings_compute(&gs, t);
    ratings_games_free(&gs);
    return 0;
}

/* Runs one of the two commands: the table from the records, then its text under subject. */
static int run_text(CommandCtx *c, SubjectKind subject, void (*text)(const RatingsTable *, Buf *))
{
    RatingsTable t = {0};
    int rc = pipeline_lock(c);
    if (rc == 0)
        rc = read_table(c, &t);
    if (rc == 0) {
        text(&t, &c->reply);
        subject_write(subject, 0, NULL, c->subject, sizeof c->subject);
    }
    ratings_table_free(&t);
    return rc;
}

int ratings_standings(CommandCtx *c)
{
    return run_text(c, SUBJECT_STANDINGS, ratings_standings_text);
}

int ratings_ratings(CommandCtx *c)
{
    return run_text(c, SUBJECT_RATINGS, ratings_ratings_text);
}
