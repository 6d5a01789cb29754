/* bot: the built-in computer opponents (bot.h). The turn driver (turn.c) plays the order bot_choose gives.
 *
 * A bot sees exactly what its player's sheet would show: it works from legal_fog (the board as the player
 * knows it) and legal_orders (what its pieces may do there). Its orders are recorded in the moves like
 * anyone's, so verify and replay need no bot logic. */
#include "bot.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "greedy.h"
#include "legal.h"
#include "orders.h"
#include "scripts.h"
#include "search.h"

/* The levels, then the scripts in scripts.h's order (BOT_SCRIPT + ScriptKind). */
typedef enum { BOT_EASY, BOT_GREEDY, BOT_STRONG, BOT_RANDOM, BOT_SCRIPT, BOT_NONE = BOT_SCRIPT + SCRIPT_COUNT } BotKind;

/* The bots, by name after "bot.". */
static const char *bot_name(int k)
{
    static const char *const levels[] = {[BOT_EASY] = "easy", [BOT_GREEDY] = "greedy", [BOT_STRONG] = "strong",
                                         [BOT_RANDOM] = "random"};
    return k < BOT_SCRIPT ? levels[k] : scripts_names[k - BOT_SCRIPT];
}

static BotKind bot_kind(const char *id)
{
    if (!bot_is(id))
        return BOT_NONE;
    for (int k = 0; k < BOT_NONE; k++) {
        size_t n = strlen(bot_name(k));
        if (strncasecmp(id + 4, bot_name(k), n) == 0 && strspn(id + 4 + n, "0123456789") == strlen(id + 4 + n) &&
            strlen(id) <= 24)
            return (BotKind)k;
    }
    return BOT_NONE;
}

bool bot_is(const char *id)
{
    return strncasecmp(id, "bot", 3) == 0 && (id[3] == '.' || id[3] == ':');
}

char *bot_userid(const char *id)
{
    char *u = xstrdup(id);
    u[3] = '.';
    for (char *p = u; *p; p++)
        *p = (char)tolower((unsigned char)*p);
    return u;
}

bool bot_valid(const char *id)
{
    return bot_kind(id) != BOT_NONE;
}

/* ---- choosing ---- */

/* bot.random: any listed order but PASS (the last one), drawn with r; its work is the listing's. */
static char *random_choose(const Board *b, int player, Rng *r, long *work)
{
    LegalList l;
    StrList all = {0};
    legal_orders_within(b, player, LEGAL_BOT_WORK, work, &l);
    for (int i = 0; i < l.n; i++)
        for (int k = 0; k < l.v[i].orders.n; k++)
            sl_push(&all, l.v[i].orders.v[k]);
    legal_free(&l);
    char *text = xstrdup(all.n > 1 ? all.v[rng_below(r, (uint64_t)all.n - 1)] : "PASS");
    sl_free(&all);
    return text;
}

/* The bot's order and the work it took (orders run on scratch boards). */
static char *choose(const Board *b, int player, long *work)
{
    /* A generator of its own, drawn from a copy of the board's: the board's is left as it was. */
    Rng r = b->rng;
    rng_seed(&r, rng_next(&r) ^ ((uint64_t)board_move_number(b) * 0x9E3779B97F4A7C15ULL) ^ (uint64_t)player);
    *work = 0;
    BotKind k = bot_kind(b->pl[player].id);
    switch (k) {
    case BOT_RANDOM:
        return random_choose(b, player, &r, work);
    case BOT_STRONG:
        return search_choose(b, player, &r, work);
    case BOT_EASY:
    case BOT_GREEDY:
        return greedy_choose(b, player, k == BOT_GREEDY, &r, work);
    default:
        return scripts_choose(b, player, (ScriptKind)(k - BOT_SCRIPT), &r, work);
    }
}

/* ---- measuring (selfplay) ---- */

static void log_decision(BotLog *log, int player, long work, int64_t ns)
{
    if (log->n == log->cap) {
        log->cap = log->cap ? log->cap * 2 : 256;
        log->v = xrealloc(log->v, (size_t)log->cap * sizeof *log->v);
    }
    log->v[log->n++] = (BotDecision){.player = player, .work = work, .ns = ns};
}

int bot_round_cap(const BotMeasure *m)
{
    return m && m->rounds ? m->rounds : BOT_ROUND_CAP;
}

char *bot_choose(const Board *b, int player, BotMeasure *m)
{
    long work;
    struct timespec t0, t1;
    if (m && m->log)
        clock_gettime(CLOCK_MONOTONIC, &t0);
    char *text = choose(b, player, &work);
    if (m && m->log) { /* measured around the choice, never read by it */
        clock_gettime(CLOCK_MONOTONIC, &t1);
        log_decision(m->log, player, work, (int64_t)(t1.tv_sec - t0.tv_sec) * 1000000000 + (t1.tv_nsec - t0.tv_nsec));
    }
    return text;
}
