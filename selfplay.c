/* selfplay: the `selfplay` command — a whole game between computer opponents, in memory, printed at its end. */
#include "selfplay.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot.h"
#include "map.h"
#include "turn.h"
#include "view.h"

/* The words of the command line: --players, --map, everything else a challenge option. */
typedef struct SelfplayArgs {
    int players;
    const char *map;
    StrList keys, vals;
} SelfplayArgs;

static int parse_args(CommandCtx *c, SelfplayArgs *a)
{
    memset(a, 0, sizeof *a);
    a->players = 2;
    for (int i = 0; i < c->argc; i++) {
        const char *w = c->argv[i], *eq = strchr(w, '=');
        int64_t n;
        if (strncmp(w, "--", 2) != 0 || !eq)
            return pipeline_refuse(c, EXIT_USAGE, "selfplay takes only --option=value words, not '%s'", w);
        if (strncmp(w, "--players=", 10) == 0) {
            if (!parse_i64(eq + 1, &n) || n < 2 || n > 8)
                return pipeline_refuse(c, EXIT_USAGE, "--players must be a whole number from 2 to 8");
            a->players = (int)n;
        } else if (strncmp(w, "--map=", 6) == 0) {
            a->map = eq + 1;
        } else {
            char *k = xstrdup(w + 2);
            k[eq - w - 2] = '\0';
            sl_push_owned(&a->keys, k);
            sl_push(&a->vals, eq + 1);
        }
    }
    if (!a->map)
        a->map = map_default_for(a->players);
    return 0;
}

/* The new board: the map, its params, the options; the bots seated. Returns NULL after refusing. */
static Board *new_board(CommandCtx *c, const SelfplayArgs *a)
{
    Map map = {0};
    Err err;
    if (map_load(c->st.home, a->map, false, &map, &err) < 0) {
        pipeline_refuse(c, EXIT_REFUSED, "%s", err.msg);
        return NULL;
    }
    Board *b = map.b;
    map.b = NULL;
    b->par.seed = 1;
    int rc = 0;
    for (int i = 0; rc == 0 && i < map.nparams; i++)
        rc = params_set(&b->par, map.params[i].key, map.params[i].value, &err);
    for (int i = 0; rc == 0 && i < a->keys.n; i++)
        rc = params_set(&b->par, a->keys.v[i], a->vals.v[i], &err);
    snprintf(b->par.map, sizeof b->par.map, "%s", map.name);
    map_free(&map);
    if (rc < 0 || a->players > b->nst) {
        pipeline_refuse(c, EXIT_USAGE, "%s", rc < 0 ? err.msg : "the map has too few starts");
        board_free(b);
        return NULL;
    }
    b->number = 1;
    b->np = a->players;
    b->pl = xcalloc((size_t)b->np, sizeof *b->pl);
    for (int i = 0; i < b->np; i++) {
        snprintf(b->pl[i].id, sizeof b->pl[i].id, "bot.%s%d", i % 2 ? "random" : "greedy", i / 2 + 1);
        b->pl[i].e = b->par.start_e;
        b->pl[i].holiday_left = b->par.holiday_days * 86400;
    }
    rng_seed(&b->rng, b->par.seed);
    return b;
}

int selfplay_run(CommandCtx *c)
{
    SelfplayArgs a;
    int rc = parse_args(c, &a);
    Board *b = rc ? NULL : new_board(c, &a);
    sl_free(&a.keys);
    sl_free(&a.vals);
    if (!b)
        return rc ? rc : EXIT_REFUSED;
    Game g;
    game_init(&g, b, c->now);
    b->clock.created = c->now;
    turn_open(&g); /* every turn waits for a bot: the whole game is played here */
    if (b->phase != PHASE_ENDED) {
        buf_printf(&c->reply, "Stopped after %d rounds (the bots stop at %d); the standing decides.\n",
                   b->round - 1, BOT_ROUND_CAP);
        turn_finish(&g);
    } else {
        buf_printf(&c->reply, "The game has ended after %d moves.\n", board_moves_count(b));
    }
    view_show_full(b, &c->reply);
    game_done(&g);
    board_free(b);
    return EXIT_DONE;
}
