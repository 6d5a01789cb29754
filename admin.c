/* admin: the commands that make and keep boards — challenge, verify, signup, Cleanup. */
#include "admin.h"
#include "users.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "boardfile.h"
#include "movelist.h"
#include "bot.h"
#include "confirm.h"
#include "gamelist.h"
#include "turn.h"
#include "map.h"
#include "view.h"

/* ---- challenge ---- */

/* A map error without the file text it quotes: "file:line: unknown directive 'xyz' (...)" loses
 * "'xyz'" (contract 6: no error message echoes the contents of a file). Other messages are kept. */
static void map_error(const char *msg, Buf *out)
{
    bool in_file = false; /* the message has a "file:line:" place */
    for (const char *c = strchr(msg, ':'); c && !in_file; c = strchr(c + 1, ':')) {
        const char *d = c + 1;
        while (isdigit((unsigned char)*d))
            d++;
        in_file = d > c + 1 && *d == ':';
    }
    for (const char *p = msg; *p; p++) {
        if (in_file && *p == '\'' && p > msg && p[-1] == ' ' && strchr(p + 1, '\'')) {
            p = strchr(p + 1, '\'');
            if (out->len && out->s[out->len - 1] == ' ' && (p[1] == ' ' || p[1] == '\0' || p[1] == ':')) {
                out->s[--out->len] = '\0';
            }
            continue;
        }
        buf_addn(out, p, 1);
    }
    buf_add(out, "\n");
}

/* What challenge was asked: the players and the options, in the order given. */
typedef struct Challenge {
    StrList ids, keys, vals;
} Challenge;

/* An option "--key=value" of challenge (contract 6) into ch->keys and ch->vals: 0 or EXIT_USAGE. */
static int challenge_option(CommandCtx *c, Challenge *ch, const char *a)
{
    const char *eq = strchr(a, '=');
    bool ok = a[1] == '-' && eq && eq > a + 2;
    char key[32] = "";
    if (ok) {
        size_t kl = (size_t)(eq - a - 2);
        ok = kl < sizeof key;
        if (ok) {
            memcpy(key, a + 2, kl);
            key[kl] = '\0';
            ok = params_find(key) >= 0;
        }
    }
    if (!ok || str_has_control(a)) {
        char q[64];
        return pipeline_refuse(c, EXIT_USAGE, "Invalid Genetess parameter '%s'", pipeline_quote(a, q, 40));
    }
    sl_push(&ch->keys, key);
    sl_push(&ch->vals, eq + 1);
    return 0;
}

/* challenge's argument check, before any file is read: the --options and the userids into ch. Returns 0,
 * EXIT_USAGE or EXIT_REFUSED with the reply written. */
static int challenge_check(CommandCtx *c, Challenge *ch)
{
    for (int i = 0; i < c->argc; i++) {
        int rc = c->argv[i][0] == '-' ? challenge_option(c, ch, c->argv[i]) : 0;
        if (rc)
            return rc;
        if (c->argv[i][0] != '-')
            sl_push(&ch->ids, c->argv[i]);
    }
    if (ch->ids.n < 2) {
        buf_add(&c->reply, "At least 2 players must play\n");
        return EXIT_USAGE;
    }
    if (ch->ids.n > MAX_PLAYERS) {
        buf_printf(&c->reply, "At most %d players can play\n", MAX_PLAYERS);
        return EXIT_REFUSED;
    }
    return 0;
}

/* Every userid is a user or a computer opponent, named once, and one at least is a user: 0 or EXIT_REFUSED. */
static int challenge_players(CommandCtx *c, Challenge *ch)
{
    StrList *ids = &ch->ids;
    int bots = 0;
    for (int i = 0; i < ids->n; i++) {
        User u;
        Err err;
        if (bot_valid(ids->v[i])) { /* a computer opponent (bot.h): no signup; "bot:greedy" is bot.greedy */
            char *id = bot_userid(ids->v[i]);
            free(ids->v[i]);
            ids->v[i] = id;
            bots++;
        } else if (!users_valid_id(ids->v[i]) || users_find(&c->st, ids->v[i], &u, &err) != 0) {
            buf_add(&c->reply, "Invalid userid entered\n");
            return EXIT_REFUSED;
        } else {
            users_free(&u);
        }
        for (int k = 0; k < i; k++)
            if (str_ieq(ids->v[k], ids->v[i])) {
                buf_printf(&c->reply, "%s is named twice\n", ids->v[i]);
                return EXIT_REFUSED;
            }
    }
    if (bots == ids->n) { /* a game of bots alone is played by selfplay */
        buf_add(&c->reply, "A player who is not a computer opponent must play (see genetess help selfplay)\n");
        return EXIT_REFUSED;
    }
    return 0;
}

/* The parameters of the new board b: defaults, the map's param lines, then the options. */
static int challenge_params(CommandCtx *c, const Challenge *ch, Board *b, const Map *map, const char *mapname)
{
    Params *par = &b->par;
    Err err;
    char q[64];
    *par = params_default();
    par->seed = ((uint64_t)c->now << 20) ^ (uint64_t)getpid();
    for (int i = 0; i < map->nparams; i++)
        if (params_set(par, map->params[i].key, map->params[i].value, &err) < 0) {
            buf_printf(&c->reply, "the map's param %s is invalid: %s\n", map->params[i].key, err.msg);
            return EXIT_REFUSED;
        }
    for (int i = 0; i < ch->keys.n; i++)
        if (strcmp(ch->keys.v[i], "map") != 0 && params_set(par, ch->keys.v[i], ch->vals.v[i], &err) < 0) {
            buf_printf(&c->reply, "Invalid Genetess parameter '--%s=%s': %s\n", ch->keys.v[i],
                       pipeline_quote(ch->vals.v[i], q, 40), err.msg);
            return EXIT_USAGE;
        }
    snprintf(par->map, sizeof par->map, "%s", strchr(mapname, '/') ? "file" : mapname);
    return 0;
}

/* Loads the board of the map named by --map (else the default for the number of players) into *out. */
static int challenge_map(CommandCtx *c, const Challenge *ch, Board **out)
{
    const char *mapname = NULL;
    Map map = {0};
    Err err;
    int rc = EXIT_REFUSED;
    for (int i = 0; i < ch->keys.n; i++)
        if (strcmp(ch->keys.v[i], "map") == 0)
            mapname = ch->vals.v[i];
    if (!mapname)
        mapname = map_default_for(ch->ids.n);
    if (!mapname) {
        buf_printf(&c->reply, "At most 8 players can play\n");
        return rc;
    }
    if (map_load(c->st.home, mapname, !c->req->by_mail, &map, &err) < 0) {
        map_error(err.msg, &c->reply);
        goto out;
    }
    *out = map.b;
    map.b = NULL;
    if (ch->ids.n > (*out)->nst && !strchr(mapname, '/'))
        buf_printf(&c->reply, "At most %d players can play on map %s\n", (*out)->nst, mapname);
    else if (ch->ids.n > (*out)->nst)
        buf_printf(&c->reply, "At most %d players can play on this map\n", (*out)->nst);
    else
        rc = challenge_params(c, ch, *out, &map, mapname);
out:
    map_free(&map);
    return rc;
}

/* Seats the players on b and starts the game in t's Game: round 0 (contract 6), the initial snapshot. */
static void challenge_start(CommandCtx *c, const Challenge *ch, Txn *t, Board *b)
{
    b->np = ch->ids.n;
    b->pl = xcalloc((size_t)b->np, sizeof *b->pl);
    for (int i = 0; i < b->np; i++) {
        Player *pl = &b->pl[i];
        snprintf(pl->id, sizeof pl->id, "%s", ch->ids.v[i]);
        pl->e = b->par.start_e;
        pl->holiday_left = b->par.holiday_days * 86400;
    }
    rng_seed(&b->rng, b->par.seed);
    b->clock.created = c->now;
    t->b = b;
    game_init(&t->g, b, c->now);
    t->have_game = true;
    turn_open(&t->g);
    b->initial = NULL;
    char *init = boardfile_write(b);
    b->initial = init;
    b->initial_base = board_moves_count(b); /* computer opponents may have played already: the snapshot holds it */
}

/* The players, the map, the number: the new board set up and started in t, or the refusal. */
static int challenge_create(CommandCtx *c, Challenge *ch, Txn *t)
{
    Board *b = NULL;
    Err err;
    int number;
    int rc = challenge_players(c, ch);
    if (rc || (rc = challenge_map(c, ch, &b)) != 0) {
        board_free(b);
        return rc;
    }
    if (store_next_board_number(&c->st, &number, &err) < 0) {
        buf_printf(&c->reply, "%s\n", err.msg);
        board_free(b);
        return EXIT_SYSTEM;
    }
    b->number = number;
    challenge_start(c, ch, t, b);
    t->dirty = true;
    t->is_new = true;
    return EXIT_DONE;
}

int admin_challenge(CommandCtx *c)
{
    Challenge ch = {0};
    Txn t = {.flags = TXN_SHEETS};
    int rc = challenge_check(c, &ch);
    if (rc == 0)
        rc = pipeline_lock(c);
    if (rc == 0 && (rc = challenge_create(c, &ch, &t)) == 0)
        rc = pipeline_board_create(c, &t, rc);
    const Board *b = t.b;
    if (rc == 0 && b) {
        view_board_subject(b, true, c->subject, sizeof c->subject);
        buf_printf(&c->reply, "Genetess board %d created for", b->number);
        for (int i = 0; i < b->np; i++)
            buf_printf(&c->reply, " %s", b->pl[i].id);
        buf_printf(&c->reply, " on map %s.\n", b->par.map);
    }
    pipeline_board_done(&t);
    sl_free(&ch.ids);
    sl_free(&ch.keys);
    sl_free(&ch.vals);
    return rc;
}

/* ---- verify ---- */

/* The snapshot of b (want) differs from its replay (got): the reply names the first line that differs. */
static void verify_differs(CommandCtx *c, const Board *b, const char *want, const char *got)
{
    int line = 1;
    const char *x = want, *y = got;
    while (*x && *x == *y) {
        if (*x == '\n')
            line++;
        x++, y++;
    }
    const char *ls = x;
    while (ls > want && ls[-1] != '\n')
        ls--;
    const char *le = strchr(ls, '\n');
    /* The line itself may hold pieces, E or orders: it goes to the admin's stderr only (contract 8). */
    fprintf(stderr, "genetess: %d: snapshot line %d: %.*s\n", b->number, line,
            le ? (int)(le - ls > 200 ? 200 : le - ls) : 200, ls);
    buf_printf(&c->reply, "Genetess board %d: differs from its replay at line %d of the snapshot\n", b->number,
               line);
}

static int verify_act(CommandCtx *c, Txn *t)
{
    const Board *b = t->b;
    Board *r = NULL;
    Err err;
    if (movelist_load_reply(&c->st, t->b, &c->reply) < 0)
        return EXIT_SYSTEM;
    if (turn_replay(b, -1, &r, &err) < 0) {
        /* The reason quotes the history: public only once the game has ended (contract 8, 11). */
        if (b->phase == PHASE_ENDED) {
            buf_printf(&c->reply, "Genetess board %d: replay fails at %s\n", b->number, err.msg);
        } else {
            fprintf(stderr, "genetess: %d: replay fails at %s\n", b->number, err.msg);
            buf_printf(&c->reply, "Genetess board %d: the replay of its history fails (the reason is in the "
                                  "server's log)\n", b->number);
        }
        return EXIT_REFUSED;
    }
    char *want = boardfile_write_core(b), *got = boardfile_write_core(r);
    int rc = EXIT_DONE;
    if (strcmp(want, got) == 0) {
        buf_printf(&c->reply, "Genetess board %d: consistent (%d moves replayed)\n", b->number, board_moves_count(b));
    } else {
        verify_differs(c, b, want, got);
        rc = EXIT_REFUSED;
    }
    free(want);
    free(got);
    board_free(r);
    return rc;
}

int admin_verify(CommandCtx *c)
{
    return pipeline_one_board(c, 0, verify_act);
}

/* ---- signup, Cleanup ---- */

int admin_signup(CommandCtx *c)
{
    Err err;
    int rc = pipeline_lock(c);
    if (rc)
        return rc;
    const char *id = c->argv[0], *password = c->argv[1], *address = c->argv[2];
    if (bot_is(id))
        return pipeline_refuse(c, EXIT_REFUSED, "Userids bot.<name> are the computer opponents'");
    if (users_check_new(id, password, address, &err) < 0)
        return pipeline_refuse(c, EXIT_REFUSED, "%s", err.msg);
    snprintf(c->subject, sizeof c->subject, "Genetess signup");
    if (!c->req->by_mail) { /* an admin at the terminal is trusted */
        if (users_add(&c->st, id, password, address, &err) < 0)
            return pipeline_refuse(c, EXIT_REFUSED, "%s", err.msg);
        buf_printf(&c->reply, "User %s signed up.\n", id);
        return EXIT_DONE;
    }
    /* by mail: the address must say yes first, and the server's size is bounded (contract 15) */
    User u;
    int found = users_find(&c->st, id, &u, &err);
    if (found == 0)
        users_free(&u);
    int64_t users = found < 0 ? -1 : users_count(&c->st, &err);
    int64_t max = c->req->max_users >= 0 ? c->req->max_users : SIGNUP_USERS_MAX;
    if (found < 0 || users < 0) {
        fprintf(stderr, "genetess: %s\n", err.msg);
        rc = pipeline_refuse(c, EXIT_SYSTEM, "The users cannot be read; try again later");
    } else if (found == 0)
        rc = pipeline_refuse(c, EXIT_REFUSED, "User %s already exists", id);
    else if (users >= max)
        rc = pipeline_refuse(c, EXIT_REFUSED, "This server takes no more users (it has %lld)", (long long)users);
    else
        rc = confirm_request(c, "signup", id, password, address);
    if (rc == EXIT_DONE || rc == EXIT_SYSTEM)
        snprintf(c->subject, sizeof c->subject, "Genetess signup");
    return rc;
}

/* What one Cleanup run did, for its closing line. */
typedef struct CleanupRun {
    Gamelist list;  /* the game list and the due index, written once at the end */
    int done, archived, deadlines, nags, skipped;
} CleanupRun;

/* Cleanup could not load or save board n (why): stderr and, when the admin's address is a plain address, a
 * mail to the admin say why (the board is skipped, every other one processed: contract 2). */
static void cleanup_skipped(CommandCtx *c, int n, const char *why)
{
    if (!*why)
        why = "it could not be processed";
    fprintf(stderr, "genetess: Cleanup skipped board %d: %s\n", n, why);
    const char *admin = c->req->admin;
    if (!admin || !*admin || str_has_control(admin) || strchr(admin, ' ') || !strchr(admin, '@'))
        return;
    char subj[80];
    snprintf(subj, sizeof subj, "Genetess Cleanup skipped board %d", n);
    char *body = xasprintf("Cleanup skipped Genetess board %d and processed every other board.\n"
                           "The reason:\n%s\n\nThe board file stays as it is until it is fixed by hand;\n"
                           "Cleanup tries it again on its next run.\n",
                           n, why);
    Err err;
    if (mail_add(&c->mq, admin, subj, body, &err) < 0)
        fprintf(stderr, "genetess: %s\n", err.msg);
    free(body);
    /* it belongs to no board's commit: out now (the queue holds nothing of the skipped board) */
    mail_flush(&c->mq, &c->st, (time_t)c->now);
    c->saved_mail = c->mq.n;
}

/* One board of a Cleanup run, its time processed (rc: how its stages went): archived 14 days after its end,
 * else its list line rewritten; one that could not be loaded or saved is skipped. Returns rc, or EXIT_SYSTEM
 * when the archive fails. */
static int cleanup_board(CommandCtx *c, CleanupRun *run, Txn *t, int rc)
{
    const Board *b = t->b;
    Err err;
    run->deadlines += t->time_changed;
    run->nags += t->nags;
    if (rc) {
        run->skipped++;
        cleanup_skipped(c, t->number, t->problem);
        return rc;
    }
    run->done++;
    if (b->phase == PHASE_ENDED) /* an end whose finished-games line is missing gets it (once) */
        pipeline_record_finished(c, b);
    /* Finished boards go to the archive 14 days after the end. */
    if (!(b->phase == PHASE_ENDED && b->clock.ended > 0 && c->now - b->clock.ended >= GAMELIST_ARCHIVE_AFTER)) {
        pipeline_update_list(c, &run->list, b->number, b);
        return rc;
    }
    if (pipeline_remove_board(c, &run->list, b->number, true, &err) < 0) {
        run->skipped++;
        cleanup_skipped(c, b->number, err.msg);
        return EXIT_SYSTEM;
    }
    run->archived++;
    return rc;
}

int admin_cleanup(CommandCtx *c)
{
    if (c->argc == 1 && strcmp(c->argv[0], "-v") != 0)
        return pipeline_refuse(c, EXIT_USAGE, "Cleanup takes -v or nothing");
    int rc = pipeline_lock(c);
    if (rc)
        return rc;
    CleanupRun run = {0};
    gamelist_open(&run.list, &c->st);
    int *nums = NULL;
    Err err;
    int n = store_list_boards(&c->st, &nums, &err);
    rc = EXIT_DONE;
    for (int i = 0; i < n; i++) {
        if (gamelist_idle(&run.list, &c->st, nums[i], c->now)) {
            run.done++; /* looked at: the due index says it has nothing to do yet */
            continue;
        }
        char ns[16];
        snprintf(ns, sizeof ns, "%d", nums[i]);
        Txn t = {.flags = TXN_TIME | TXN_QUIET, .list = &run.list};
        int r = cleanup_board(c, &run, &t, pipeline_board(c, &t, ns));
        if (r == 0 && t.b)
            gamelist_note(&run.list, &c->st, t.b->number, t.b);
        pipeline_board_done(&t);
        if (r)
            rc = r;
    }
    free(nums);
    pipeline_list_close(c, &run.list);
    /* cron mails whatever Cleanup prints, so it speaks only when something happened (or -v) */
    if (c->argc == 1 || run.deadlines || run.nags || run.archived || run.skipped)
        buf_printf(&c->reply, "Cleanup: %d boards looked at, %d deadlines processed, %d nags sent, %d archived, "
                              "%d skipped.\n",
                   run.done + run.skipped, run.deadlines, run.nags, run.archived, run.skipped);
    if (rc == EXIT_DONE) /* no Subject of its own: its work is the game list's */
        snprintf(c->subject, sizeof c->subject, "List of Genetess games");
    return run.skipped ? EXIT_SYSTEM : rc;
}
