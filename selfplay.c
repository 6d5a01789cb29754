/* selfplay: the `selfplay` command — whole games between computer opponents, in memory, printed at their end
 * or counted (contract 12). */
#include "selfplay.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot.h"
#include "challenge.h"
#include "map.h"
#include "turn.h"
#include "view.h"

#define KINDS_MAX 8

/* The words of the command line: --players, --bots, --seed, --games, --rounds, --map, everything else a
 * challenge option. */
typedef struct SelfplayArgs {
    int players;
    char kinds[KINDS_MAX][8]; /* per seat: a bot's name after "bot." (bot.h), decoder the longest */
    int64_t seed, games, rounds;
    const char *map;
    StrList keys, vals;
} SelfplayArgs;

/* --bots=KIND,KIND[,...]: 2 to 8 kinds, each named (no empty one between commas). Returns 0 or refuses. */
static int selfplay_parse_bots(CommandCtx *c, SelfplayArgs *a, const char *list)
{
    StrList w = {0};
    for (const char *p = list;; p++) {
        size_t n = strcspn(p, ",");
        sl_push_owned(&w, xasprintf("%.*s", (int)n, p));
        p += n;
        if (!*p)
            break;
    }
    int rc = w.n < 2 || w.n > KINDS_MAX ? -1 : 0;
    for (int i = 0; rc == 0 && i < w.n; i++) {
        char id[32];
        snprintf(id, sizeof id, "bot.%s", w.v[i]);
        if (strlen(w.v[i]) >= sizeof a->kinds[i] || strspn(w.v[i], "abcdefghijklmnopqrstuvwxyz") != strlen(w.v[i]) ||
            !bot_valid(id))
            rc = -1;
        else
            snprintf(a->kinds[i], sizeof a->kinds[i], "%s", w.v[i]);
    }
    a->players = w.n;
    sl_free(&w);
    if (rc < 0)
        return pipeline_refuse(c, EXIT_USAGE, "--bots takes 2 to 8 of easy, greedy, strong, random, rush, swarm, decoder and turtle, joined by commas");
    return 0;
}

/* A whole number option from lo to hi into *n. */
static int selfplay_parse_num(CommandCtx *c, const char *w, int64_t lo, int64_t hi, int64_t *n)
{
    const char *eq = strchr(w, '=');
    if (!parse_i64(eq + 1, n) || *n < lo || *n > hi)
        return pipeline_refuse(c, EXIT_USAGE, "%.*s must be a whole number from %" PRId64 " to %" PRId64,
                               (int)(eq - w), w, lo, hi);
    return 0;
}

/* selfplay's own options (the others are a challenge's: challenge_option). */
static const char *const selfplay_own[] = {"players", "bots", "seed", "games", "rounds", "map"};

/* The words: selfplay's own options, each once, and challenge options (contract 6, 12). Returns 0 or refuses:
 * a word that is no --option=value, an option given twice or unknown, --players with --bots (the synopsis's
 * alternatives), a value out of range. */
static int selfplay_parse_args(CommandCtx *c, SelfplayArgs *a)
{
    memset(a, 0, sizeof *a);
    a->players = 2;
    a->seed = 1;
    StrList own = {0}; /* the own options given */
    bool bots = false, players = false;
    int64_t n = 0;
    int rc = 0;
    for (int i = 0; i < c->argc && rc == 0; i++) {
        const char *w = c->argv[i], *eq = strchr(w, '=');
        if (strncmp(w, "--", 2) != 0 || !eq) {
            char q[64];
            rc = pipeline_refuse(c, EXIT_USAGE, "selfplay takes only --option=value words, not '%s'",
                                 str_quote(w, q, 40));
            break;
        }
        char *key = xasprintf("%.*s", (int)(eq - w - 2), w + 2);
        size_t k = 0;
        while (k < sizeof selfplay_own / sizeof *selfplay_own && strcmp(key, selfplay_own[k]) != 0)
            k++;
        if (k == sizeof selfplay_own / sizeof *selfplay_own) {
            rc = challenge_option(c, &a->keys, &a->vals, w);
        } else if ((rc = challenge_option_once(c, &own, key)) == 0) {
            sl_push(&own, key);
            if (strcmp(key, "players") == 0) {
                players = true;
                if ((rc = selfplay_parse_num(c, w, 2, 8, &n)) == 0)
                    a->players = (int)n;
            } else if (strcmp(key, "bots") == 0) {
                bots = true;
                rc = selfplay_parse_bots(c, a, eq + 1);
            } else if (strcmp(key, "seed") == 0) {
                rc = selfplay_parse_num(c, w, 0, INT64_MAX / 2, &a->seed);
            } else if (strcmp(key, "games") == 0) {
                rc = selfplay_parse_num(c, w, 1, 100000, &a->games);
            } else if (strcmp(key, "rounds") == 0) {
                rc = selfplay_parse_num(c, w, 1, BOT_ROUND_CAP, &a->rounds);
            } else {
                a->map = eq + 1;
            }
        }
        free(key);
    }
    sl_free(&own);
    if (rc == 0 && bots && players)
        rc = pipeline_refuse(c, EXIT_USAGE, "--players and --bots are alternatives: give one of them (--bots seats as "
                                            "many as it names)");
    if (rc)
        return rc;
    for (int i = 0; !bots && i < a->players; i++) /* easy and random in turn */
        snprintf(a->kinds[i], sizeof a->kinds[i], "%s", i % 2 ? "random" : "easy");
    if (!a->map)
        a->map = map_default_for(a->players);
    return 0;
}

/* The new board for seed into *out: the map, its params, the options, as challenge makes them (a path to a map
 * at a terminal); the bots seated, bot.<kind><k> numbered per kind. Returns 0, or the exit status after refusing
 * as challenge does (help/command-selfplay.txt: EXIT_REFUSED a map that cannot be used or whose param is invalid,
 * EXIT_USAGE an option's value, more seats than the map has starts). */
static int new_board(CommandCtx *c, const SelfplayArgs *a, int64_t seed, Board **out)
{
    Map map;
    *out = NULL;
    int rc = challenge_map_load(c, a->map, a->players, EXIT_USAGE, &map);
    Board *b = map.b;
    map.b = NULL;
    if (rc == 0)
        rc = challenge_params(c, &a->keys, &a->vals, b, &map, a->map);
    if (rc == 0) {
        b->par.seed = (uint64_t)seed;
        snprintf(b->par.map, sizeof b->par.map, "%s", map.name);
    }
    map_free(&map);
    if (rc) {
        board_free(b);
        return rc;
    }
    b->number = 1;
    b->np = a->players;
    b->pl = xcalloc((size_t)b->np, sizeof *b->pl);
    for (int i = 0; i < b->np; i++) {
        int k = 1;
        for (int j = 0; j < i; j++)
            k += strcmp(a->kinds[j], a->kinds[i]) == 0;
        snprintf(b->pl[i].id, sizeof b->pl[i].id, "bot.%s%d", a->kinds[i], k);
        b->pl[i].e = b->par.start_e;
        b->pl[i].holiday_left = b->par.holiday_days * 86400;
    }
    rng_seed(&b->rng, b->par.seed);
    *out = b;
    return 0;
}

/* Plays the game on b to its end or the bots' cap (which ends it: ruling 61); true when it ended by itself.
 * Every turn waits for a bot: the driver plays BOT_TURNS_PER_COMMAND of them at a time (contract 12), and this
 * admin's tool goes on with a fresh count until the game is over. */
static bool selfplay_play_out(CommandCtx *c, Board *b, Game *g, BotMeasure *m)
{
    game_init(g, b, c->now);
    g->bot_measure = m;
    b->clock.created = c->now;
    turn_run(g, turn_open(g));
    for (bool more = true; more && b->phase != PHASE_ENDED;) {
        g->bot_decisions = 0;
        more = turn_play_bots(g);
    }
    bool ended = b->phase == PHASE_ENDED && b->round <= bot_round_cap(m);
    turn_finish(g);
    return ended;
}

/* What --games counts: per seat the wins, the ties, the games stopped at the cap, each game's rounds, and every
 * decision's time and work per bot kind. */
typedef struct Tally {
    int wins[KINDS_MAX], ties, capped, games;
    int64_t *rounds;
    BotLog log;
    int *log_seat;      /* per logged decision: the seat that made it (index into kinds) */
} Tally;

static int cmp_i64(const void *x, const void *y)
{
    int64_t a = *(const int64_t *)x, b = *(const int64_t *)y;
    return (a > b) - (a < b);
}

/* The median and the largest of v (n > 0; v is sorted). */
static void med_max(int64_t *v, int n, int64_t *med, int64_t *max)
{
    qsort(v, (size_t)n, sizeof *v, cmp_i64);
    *med = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    *max = v[n - 1];
}

/* The tally's lines: the wins per seat, ties, the cap, the median length, and per bot kind the decisions' median
 * and largest time and work. */
static void tally_print(CommandCtx *c, const SelfplayArgs *a, Board *last, Tally *t)
{
    buf_printf(&c->reply, "Tally over %d games (seeds %" PRId64 "-%" PRId64 "):", t->games, a->seed,
               a->seed + t->games - 1);
    for (int i = 0; i < a->players; i++)
        buf_printf(&c->reply, " %s %d won,", last->pl[i].id, t->wins[i]);
    int64_t med, max;
    med_max(t->rounds, t->games, &med, &max);
    buf_printf(&c->reply, " %d tied; %d stopped at the %d-round cap; median length %" PRId64 " rounds\n", t->ties,
               t->capped, a->rounds ? (int)a->rounds : BOT_ROUND_CAP, med);
    int64_t *ns = xmalloc((size_t)(t->log.n + 1) * sizeof *ns), *work = xmalloc((size_t)(t->log.n + 1) * sizeof *work);
    for (int k = 0; k < a->players; k++) {
        bool first = true;
        for (int j = 0; j < k; j++)
            first &= strcmp(a->kinds[j], a->kinds[k]) != 0;
        int n = 0;
        for (int i = 0; first && i < t->log.n; i++)
            if (strcmp(a->kinds[t->log_seat[i]], a->kinds[k]) == 0) {
                ns[n] = t->log.v[i].ns;
                work[n++] = t->log.v[i].work;
            }
        if (n == 0)
            continue;
        int64_t tm, tx, wm, wx;
        med_max(ns, n, &tm, &tx);
        med_max(work, n, &wm, &wx);
        buf_printf(&c->reply,
                   "Decisions of bot.%s: %d; time median %.2f ms, max %.2f ms; work median %" PRId64 ", max %" PRId64
                   "\n",
                   a->kinds[k], n, (double)tm / 1e6, (double)tx / 1e6, wm, wx);
    }
    free(ns);
    free(work);
}

/* The seat (index into a->kinds) of the bot with this userid, bot.<kind><k> being the k-th seat of its kind;
 * -1 for none. */
static int seat_of(const SelfplayArgs *a, const char *id)
{
    for (int s = 0; s < a->players; s++) {
        char want[40];
        int kth = 1;
        for (int j = 0; j < s; j++)
            kth += strcmp(a->kinds[j], a->kinds[s]) == 0;
        snprintf(want, sizeof want, "bot.%s%d", a->kinds[s], kth);
        if (strcmp(want, id) == 0)
            return s;
    }
    return -1;
}

/* --games=N: seeds seed..seed+N-1, a result line each, then the tally. */
static int run_games(CommandCtx *c, const SelfplayArgs *a)
{
    Tally t = {.rounds = xmalloc((size_t)a->games * sizeof(int64_t))};
    Board *last = NULL;
    BotMeasure m = {.log = &t.log, .rounds = (int)a->rounds};
    int rc = 0;
    for (int64_t k = 0; k < a->games && rc == 0; k++) {
        Board *b;
        if ((rc = new_board(c, a, a->seed + k, &b)) != 0)
            break;
        int before = t.log.n;
        Game g;
        bool ended = selfplay_play_out(c, b, &g, &m);
        t.log_seat = xrealloc(t.log_seat, (size_t)(t.log.n + 1) * sizeof *t.log_seat);
        for (int i = before; i < t.log.n; i++) /* the board's players are in turn order: find the seat by id */
            t.log_seat[i] = seat_of(a, b->pl[t.log.v[i].player].id);
        int best, w = game_winner(b, &best), rounds = ended ? b->round : b->round - 1;
        buf_printf(&c->reply, "Result: %s [seed %" PRId64 ", %d rounds%s]\n", b->result, a->seed + k, rounds,
                   ended ? "" : ", stopped at the cap");
        t.rounds[t.games++] = rounds;
        t.capped += !ended;
        if (w >= 0 && seat_of(a, b->pl[w].id) >= 0)
            t.wins[seat_of(a, b->pl[w].id)]++;
        t.ties += w < 0;
        game_done(&g);
        board_free(last);
        last = b;
    }
    if (last) {
        /* the seats as challenged, whatever the turn order: a fresh board names them */
        Board *seats;
        if ((rc = new_board(c, a, a->seed, &seats)) == 0) {
            tally_print(c, a, seats, &t);
            board_free(seats);
            rc = EXIT_DONE;
        }
    }
    board_free(last);
    free(t.rounds);
    free(t.log.v);
    free(t.log_seat);
    return rc;
}

int selfplay_run(CommandCtx *c)
{
    SelfplayArgs a;
    int rc = selfplay_parse_args(c, &a);
    if (rc == 0 && a.games > 0) {
        rc = run_games(c, &a);
        sl_free(&a.keys);
        sl_free(&a.vals);
        return rc;
    }
    Board *b = NULL;
    if (rc == 0)
        rc = new_board(c, &a, a.seed, &b);
    sl_free(&a.keys);
    sl_free(&a.vals);
    if (rc)
        return rc;
    Game g;
    BotMeasure m = {.rounds = (int)a.rounds};
    bool ended = selfplay_play_out(c, b, &g, &m);
    if (!ended)
        buf_printf(&c->reply, "Stopped after %d rounds (the bots stop at %d); the standing decides.\n", b->round - 1,
                   a.rounds ? (int)a.rounds : BOT_ROUND_CAP);
    else
        buf_printf(&c->reply, "The game has ended after %d moves.\n", board_moves_count(b));
    view_show_full(b, &c->reply);
    game_done(&g);
    board_free(b);
    return EXIT_DONE;
}
