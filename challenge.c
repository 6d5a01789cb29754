/* challenge: starting a game (contract 6) — at a terminal an admin's challenge starts it at once; by mail the
 * challenger is one of the players and gives their password, and the others accept (or decline) an invitation
 * before the board starts (contract 15). */
#include "challenge.h"
#include "disk.h"
#include "users.h"

#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boardfile.h"
#include "gamelist.h"
#include "bot.h"
#include "layout.h"
#include "map.h"
#include "turn.h"
#include "view.h"
#include "subject.h"

/* A map error without the file text it quotes: "file:line: unknown directive 'xyz' (...)" loses
 * "'xyz'" (contract 6: no error message echoes the contents of a file). Other messages (in_file false: no line of a
 * map file, Map.err_line 0) are kept. */
static void challenge_map_error(const char *msg, bool in_file, Buf *out)
{
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

/* What challenge was asked: the players and the options, in the order given; by mail the challenger (ids[0])
 * gives their password. */
typedef struct Challenge {
    StrList ids, keys, vals;
    char password[72];
} Challenge;

static void challenge_free(Challenge *ch)
{
    sl_free(&ch->ids);
    sl_free(&ch->keys);
    sl_free(&ch->vals);
}

int challenge_option_once(CommandCtx *c, const StrList *keys, const char *key)
{
    for (int i = 0; i < keys->n; i++)
        if (strcmp(keys->v[i], key) == 0) /* contract 6: one value an option, so one name a game */
            return pipeline_refuse(c, EXIT_USAGE, "--%s is given twice: an option takes one value", key);
    return 0;
}

int challenge_option(CommandCtx *c, StrList *keys, StrList *vals, const char *a)
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
        return pipeline_refuse(c, EXIT_USAGE, "Invalid Genetess parameter '%s'", str_quote(a, q, 40));
    }
    int rc = challenge_option_once(c, keys, key);
    if (rc == 0) {
        sl_push(keys, key);
        sl_push(vals, eq + 1);
    }
    return rc;
}

/* The characters a game's name by mail may hold besides ASCII letters and digits (contract 15.4): no '/', ':'
 * or '@', so no web or mail address, and no double quote, so the name cannot close the quotes it is shown in. */
#define NAME_MAIL_PUNCT "_-.,!?'+#&"

/* Whether name is a game's name by mail: 1 to CHALLENGE_NAME_MAIL letters, digits and NAME_MAIL_PUNCT, without
 * "www." in any case. */
static bool challenge_name_ok(const char *name)
{
    size_t n = strlen(name);
    if (n == 0 || n > CHALLENGE_NAME_MAIL)
        return false;
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)name[i];
        if (!(isascii(ch) && isalnum(ch)) && !strchr(NAME_MAIL_PUNCT, ch))
            return false;
        if (i + 4 <= n && tolower(ch) == 'w' && tolower((unsigned char)name[i + 1]) == 'w' &&
            tolower((unsigned char)name[i + 2]) == 'w' && name[i + 3] == '.')
            return false;
    }
    return true;
}

/* By mail (contract 15.4): no --seed (a game's seed by mail is the server's secret) and a --name that
 * challenge_name_ok takes. 0 or EXIT_REFUSED with the reply written. */
static int challenge_mail_options(CommandCtx *c, const Challenge *ch)
{
    for (int i = 0; i < ch->keys.n; i++) {
        if (strcmp(ch->keys.v[i], "seed") == 0)
            return pipeline_refuse(c, EXIT_REFUSED, "By mail --seed is refused: the seed of a game by mail is the "
                                                    "server's secret");
        if (strcmp(ch->keys.v[i], "name") == 0 && !challenge_name_ok(ch->vals.v[i]))
            return pipeline_refuse(c, EXIT_REFUSED, "By mail --name is 1 to %d letters, digits or %s, and no web "
                                                    "address", CHALLENGE_NAME_MAIL, NAME_MAIL_PUNCT);
    }
    return 0;
}

/* challenge's argument check, before any file is read: the --options and the userids into ch. Returns 0,
 * EXIT_USAGE or EXIT_REFUSED with the reply written. */
static int challenge_check(CommandCtx *c, Challenge *ch)
{
    for (int i = 0; i < c->argc; i++) {
        int rc = c->argv[i][0] == '-' ? challenge_option(c, &ch->keys, &ch->vals, c->argv[i]) : 0;
        if (rc)
            return rc;
        if (c->argv[i][0] != '-' && c->req->by_mail && ch->ids.n == 1 && !ch->password[0])
            snprintf(ch->password, sizeof ch->password, "%s", c->argv[i]); /* by mail: challenger, password, ... */
        else if (c->argv[i][0] != '-')
            sl_push(&ch->ids, c->argv[i]);
    }
    if (c->req->by_mail && !ch->password[0]) {
        buf_add(&c->reply, "usage: by mail, genetess challenge [--option=value...] yourid yourpassword userid2 [...]\n");
        return EXIT_USAGE;
    }
    if (ch->ids.n < 2 && c->req->by_mail) { /* "challenge anna ben", as the terminal writes it: ben read as a password */
        buf_printf(&c->reply, "By mail a challenge names you and your password first, then your opponents: this one "
                              "names %s and no opponent. Send, e.g.:\n"
                              "    challenge %s <your password> %s\n"
                              "(the Subject \"help challenge\" explains the options).\n",
                   ch->ids.n ? ch->ids.v[0] : "you", ch->ids.n ? ch->ids.v[0] : "<you>",
                   ch->password[0] && users_valid_id(ch->password) ? ch->password : "<opponent>");
        return EXIT_USAGE;
    }
    if (ch->ids.n < 2) {
        buf_add(&c->reply, "At least 2 players must play\n");
        return EXIT_USAGE;
    }
    if (ch->ids.n > MAX_PLAYERS) {
        buf_printf(&c->reply, "At most %d players can play\n", MAX_PLAYERS);
        return EXIT_REFUSED;
    }
    return c->req->by_mail ? challenge_mail_options(c, ch) : 0;
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
            char q[64];
            buf_printf(&c->reply, "Invalid userid entered: %s is not signed up\n", str_quote(ids->v[i], q, 40));
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

/* A new game's seed: 63 unpredictable bits (the board file takes a whole number up to 2^63 - 1). */
static uint64_t challenge_seed(void)
{
    return fd_random64() >> 1;
}

int challenge_params(CommandCtx *c, const StrList *keys, const StrList *vals, Board *b, const Map *map,
                     const char *mapname)
{
    Params *par = &b->par;
    Err err;
    char q[64];
    *par = params_default();
    par->seed = challenge_seed(); /* contract 6: unpredictable, unless a map's param or --seed at a terminal sets it */
    for (int i = 0; i < map->nparams; i++) /* each value was checked as the map was read (map_parse: contract 6) */
        (void)params_set(par, map->params[i].key, map->params[i].value, &err);
    for (int i = 0; i < keys->n; i++)
        if (strcmp(keys->v[i], "map") != 0 && params_set(par, keys->v[i], vals->v[i], &err) < 0) {
            buf_printf(&c->reply, "Invalid Genetess parameter '--%s=%s': %s\n", keys->v[i],
                       str_quote(vals->v[i], q, 40), err.msg);
            return EXIT_USAGE;
        }
    snprintf(par->map, sizeof par->map, "%s", strchr(mapname, '/') ? "file" : mapname);
    if (c->req->by_mail) /* contract 15.4: by mail the seed is the server's secret, whatever a map's param says */
        par->seed = challenge_seed();
    return 0;
}

/* By mail, a game must end and mail at a sane pace (contract 15): a deadline of at least CHALLENGE_DEADLINE_MIN
 * hours, and 1 to CHALLENGE_TIMEOUTS_MAX time-outs in a row forfeit (CHALLENGE_TIMEOUTS_MAIL when not given). */
static int challenge_mail_limits(CommandCtx *c, const Challenge *ch, Params *par)
{
    bool given = false;
    for (int i = 0; i < ch->keys.n; i++)
        given = given || strcmp(ch->keys.v[i], "max-timeouts") == 0;
    if (!given)
        par->max_timeouts = CHALLENGE_TIMEOUTS_MAIL;
    if (par->deadline_h < CHALLENGE_DEADLINE_MIN)
        return pipeline_refuse(c, EXIT_REFUSED, "By mail a game's deadline is at least %d hours", CHALLENGE_DEADLINE_MIN);
    if (par->max_timeouts < 1 || par->max_timeouts > CHALLENGE_TIMEOUTS_MAX)
        return pipeline_refuse(c, EXIT_REFUSED, "By mail --max-timeouts is 1 to %d (a game must end)",
                               CHALLENGE_TIMEOUTS_MAX);
    return 0;
}

int challenge_map_load(CommandCtx *c, const char *mapname, int players, int crowded, Map *map)
{
    Err err;
    memset(map, 0, sizeof *map);
    if (map_load(c->st.home, mapname, !c->req->by_mail, map, &err) < 0) {
        challenge_map_error(err.msg, map->err_line > 0, &c->reply);
        return EXIT_REFUSED;
    }
    if (players <= map->b->nst)
        return 0;
    if (!strchr(mapname, '/'))
        buf_printf(&c->reply, "At most %d players can play on map %s\n", map->b->nst, mapname);
    else
        buf_printf(&c->reply, "At most %d players can play on this map\n", map->b->nst);
    return crowded;
}

/* Loads the board of the map named by --map (else the default for the number of players) into *out. */
static int challenge_map(CommandCtx *c, const Challenge *ch, Board **out)
{
    const char *mapname = NULL;
    Map map;
    for (int i = 0; i < ch->keys.n; i++)
        if (strcmp(ch->keys.v[i], "map") == 0)
            mapname = ch->vals.v[i];
    if (!mapname)
        mapname = map_default_for(ch->ids.n);
    if (!mapname) {
        buf_printf(&c->reply, "At most 8 players can play\n");
        return EXIT_REFUSED;
    }
    const char *own = map_builtin_name(mapname); /* a built-in map goes by its own name, in any case given */
    if (own)
        mapname = own;
    int rc = challenge_map_load(c, mapname, ch->ids.n, EXIT_REFUSED, &map);
    if (map.b) {
        *out = map.b;
        map.b = NULL;
    }
    if (rc == 0)
        rc = challenge_params(c, &ch->keys, &ch->vals, *out, &map, mapname);
    if (rc == 0 && c->req->by_mail)
        rc = challenge_mail_limits(c, ch, &(*out)->par);
    map_free(&map);
    return rc;
}

/* The initial snapshot of b as it stands, the start of its replays (contract 10.3), reflecting its lines so far. */
static void challenge_snapshot(Board *b)
{
    b->initial = NULL;
    b->start_of_initial = false;
    char *init = boardfile_write(b);
    b->initial = init;
    b->initial_base = board_moves_count(b);
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
    TurnOutcome next = turn_open(&t->g);
    bool round0 = b->phase == PHASE_ROUND0;
    if (round0) /* before the computer opponents gamble: round 0's gambles are lines written as it ends (10.3) */
        challenge_snapshot(b);
    turn_run(&t->g, next);
    if (!round0) /* computer opponents may have played already: the snapshot holds it */
        challenge_snapshot(b);
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
        fprintf(stderr, "genetess: %s\n", err.msg); /* the server's paths go to its log only */
        buf_add(&c->reply, "Genetess cannot number a new board; try again later\n");
        board_free(b);
        return EXIT_SYSTEM;
    }
    b->number = number;
    c->mq.board = number; /* its mails, the reply that is a New sheet too, are of this game's thread (contract 3.3) */
    challenge_start(c, ch, t, b);
    t->dirty = true;
    t->is_new = true;
    return EXIT_DONE;
}

/* The reply and Subject of a board just created for the players of b. */
static void say_created(CommandCtx *c, const Board *b)
{
    /* distinct from the New sheet's "New Genetess Board <n> <to-move>" that goes out with it */
    subject_format(&(Subject){.kind = SUBJECT_BOARD, .n = b->number, .word = "created"}, c->subject, sizeof c->subject);
    buf_printf(&c->reply, "Genetess board %d created for", b->number);
    for (int i = 0; i < b->np; i++)
        buf_printf(&c->reply, " %s", b->pl[i].id);
    buf_printf(&c->reply, " on map %s.\n", b->par.map);
}

/* Creates the board ch asks for and commits it with its "New" sheets. actor: the player whose mailed command
 * started the game (the last to accept, or a challenger against computer opponents only), whose reply is their
 * New sheet — one mail per command per person (contract 3.1); NULL (an admin's challenge): each player is mailed
 * their New sheet and the reply holds nobody's. Returns the exit status. */
static int create_board(CommandCtx *c, Challenge *ch, const char *actor)
{
    Txn t = {.flags = TXN_SHEETS, .player = -1, .reader = -1};
    int rc = challenge_create(c, ch, &t);
    if (rc == 0 && actor && c->req->by_mail && (t.reader = board_player_index(t.b, actor)) >= 0)
        say_created(c, t.b); /* the first line of the reply, which the New sheet follows */
    if (rc == 0)
        rc = pipeline_board_create(c, &t, rc);
    if (rc == 0 && t.b && t.reader < 0)
        say_created(c, t.b);
    else if (rc == 0 && t.b)
        view_board_subject(t.b, true, c->subject, sizeof c->subject);
    pipeline_board_done(&t);
    return rc;
}

/* ---- invitations (contract 15.4) ---- */

/* One open invitation of etc/invitations: "<id>\t<created>\t<players>\t<answers>\t<options>", the players
 * space-separated (the challenger first), an answer per player ('y' accepted, '.' waiting), the option words
 * space-separated ("-" none). */
typedef struct Invite {
    int id;
    int64_t created;
    StrList players;
    char answers[MAX_PLAYERS + 1];
    char *options;
} Invite;

/* One invitation sent, a line of etc/invitations kept CHALLENGE_DAY seconds whatever becomes of the invitation
 * (a decline, an acceptance or a lapse refunds nothing): "sent\t<time>\t<challenger>\t<invited>", the invited
 * users (no computer opponent) space-separated. */
typedef struct InviteSent {
    int64_t at;
    StrList ids; /* the challenger, then the users invited */
} InviteSent;

typedef struct Invites {
    int next; /* the number of the next invitation */
    Invite *v;
    int n;
    InviteSent *sent;
    int nsent;
} Invites;

static void invites_free(Invites *l)
{
    for (int i = 0; i < l->n; i++) {
        sl_free(&l->v[i].players);
        free(l->v[i].options);
    }
    for (int i = 0; i < l->nsent; i++)
        sl_free(&l->sent[i].ids);
    free(l->v);
    free(l->sent);
    memset(l, 0, sizeof *l);
}

/* Splits line (changed in place) at its tabs into at most n fields; returns how many it had (n + 1: more). */
static int challenge_fields(char *line, char **f, int n)
{
    int k = 0;
    char *save = NULL;
    for (char *t = strtok_r(line, "\t", &save); t; t = strtok_r(NULL, "\t", &save)) {
        if (k == n)
            return n + 1;
        f[k++] = t;
    }
    return k;
}

/* An invitation line (changed in place) into *v: true, or false when it is not one (v untouched). */
static bool challenge_invite_parse(char *line, Invite *v)
{
    char *f[5];
    int id;
    long long created;
    char end;
    if (challenge_fields(line, f, 5) != 5 || sscanf(f[0], "%d%c", &id, &end) != 1 ||
        sscanf(f[1], "%lld%c", &created, &end) != 1 || strlen(f[3]) > MAX_PLAYERS)
        return false;
    memset(v, 0, sizeof *v);
    v->id = id;
    v->created = created;
    str_split_words(f[2], &v->players);
    snprintf(v->answers, sizeof v->answers, "%s", f[3]);
    v->options = xstrdup(strcmp(f[4], "-") ? f[4] : "");
    return true;
}

static void challenge_invite_format(const Invite *v, Buf *out)
{
    buf_printf(out, "%d\t%lld\t", v->id, (long long)v->created);
    for (int k = 0; k < v->players.n; k++)
        buf_printf(out, "%s%s", k ? " " : "", v->players.v[k]);
    buf_printf(out, "\t%s\t%s\n", v->answers, *v->options ? v->options : "-");
}

/* A "sent" line (changed in place) into *s: true, or false when it is not one (s untouched). */
static bool challenge_sent_parse(char *line, InviteSent *s)
{
    char *f[4];
    long long at;
    char end;
    if (challenge_fields(line, f, 4) != 4 || strcmp(f[0], "sent") != 0 || sscanf(f[1], "%lld%c", &at, &end) != 1)
        return false;
    memset(s, 0, sizeof *s);
    s->at = at;
    sl_push(&s->ids, f[2]);
    str_split_words(f[3], &s->ids);
    return true;
}

static void challenge_sent_format(const InviteSent *s, Buf *out)
{
    buf_printf(out, "sent\t%lld\t%s\t", (long long)s->at, s->ids.v[0]);
    for (int k = 1; k < s->ids.n; k++)
        buf_printf(out, "%s%s", k > 1 ? " " : "", s->ids.v[k]);
    buf_add(out, "\n");
}

/* Reads etc/invitations into l: the open invitations less the lapsed ones (CHALLENGE_INVITE_TTL), the
 * invitations sent in the last CHALLENGE_DAY seconds. 0, or -1 (said on stderr). */
static int invites_read(CommandCtx *c, Invites *l)
{
    char *path = store_path(&c->st, "etc/invitations"), *text = NULL, *save = NULL;
    Err err;
    int rc = disk_read_file(path, &text, NULL, &err);
    free(path);
    memset(l, 0, sizeof *l);
    l->next = 1;
    if (rc < 0)
        fprintf(stderr, "genetess: %s\n", err.msg);
    for (char *line = rc == 0 ? strtok_r(text, "\n", &save) : NULL; line; line = strtok_r(NULL, "\n", &save)) {
        int id;
        Invite v;
        InviteSent s = {0};
        if (sscanf(line, "next %d", &id) == 1) {
            l->next = id;
        } else if (strncmp(line, "sent\t", 5) == 0) {
            if (!challenge_sent_parse(line, &s) || s.ids.n < 2 || c->now - s.at >= CHALLENGE_DAY) {
                sl_free(&s.ids); /* not a record, a day old, or naming nobody invited: forgotten */
                continue;
            }
            l->sent = xrealloc(l->sent, (size_t)(l->nsent + 1) * sizeof *l->sent);
            l->sent[l->nsent++] = s;
        } else if (challenge_invite_parse(line, &v)) {
            if (c->now - v.created >= CHALLENGE_INVITE_TTL || v.players.n < 1) {
                sl_free(&v.players);
                free(v.options);
                continue;
            }
            l->v = xrealloc(l->v, (size_t)(l->n + 1) * sizeof *l->v);
            l->v[l->n++] = v;
        }
    }
    free(text);
    return rc < 0 ? -1 : 0;
}

static int invites_write(CommandCtx *c, const Invites *l)
{
    Buf b;
    buf_init(&b);
    buf_printf(&b, "next %d\n", l->next);
    for (int i = 0; i < l->n; i++)
        challenge_invite_format(&l->v[i], &b);
    for (int i = 0; i < l->nsent; i++)
        challenge_sent_format(&l->sent[i], &b);
    char *path = store_path(&c->st, "etc/invitations");
    Err err;
    int rc = disk_write_atomic(path, b.s, b.len, &err);
    if (rc < 0)
        fprintf(stderr, "genetess: %s\n", err.msg);
    free(path);
    buf_free(&b);
    return rc;
}

/* The invitations of l sent in the last CHALLENGE_DAY seconds by id (to: sent to id); *first is the earliest
 * one's time (unchanged when none). */
static int challenge_day_count(const Invites *l, const char *id, bool to, int64_t *first)
{
    int n = 0;
    for (int i = 0; i < l->nsent; i++) {
        const InviteSent *s = &l->sent[i];
        bool hit = !to && str_ieq(s->ids.v[0], id);
        for (int k = 1; to && k < s->ids.n; k++)
            hit = hit || str_ieq(s->ids.v[k], id);
        if (hit && (n++ == 0 || s->at < *first))
            *first = s->at;
    }
    return n;
}

/* Into games[i], for each ids->v[i], the games of the game list they play that have not ended, in one read. */
static void running_games(CommandCtx *c, const StrList *ids, int *games)
{
    char *path = store_path(&c->st, "etc/Genetess.list"), *text = NULL, *save = NULL;
    Err err;
    memset(games, 0, (size_t)ids->n * sizeof *games);
    if (disk_read_file(path, &text, NULL, &err) == 0)
        for (char *l = strtok_r(text, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
            ListRecord r;
            if (gamelist_parse(l, &r) && r.state != LIST_ENDED)
                for (int i = 0; i < ids->n; i++)
                    games[i] += gamelist_plays(&r, ids->v[i]);
        }
    free(text);
    free(path);
}

/* The invitations of l waiting that id sent or accepted, but l's skip-th (-1: none skipped). */
static int invites_taken(const Invites *l, const char *id, int skip)
{
    int n = 0;
    for (int i = 0; i < l->n; i++)
        for (int k = 0; k < l->v[i].players.n && i != skip; k++)
            n += (k == 0 || l->v[i].answers[k] == 'y') && str_ieq(l->v[i].players.v[k], id);
    return n;
}

/* The cap of contract 6 and 15.4 on each person of ids (computer opponents aside): the games they play that have
 * not ended and the invitations of l waiting that they sent or accepted (but l's skip-th) are fewer than
 * CHALLENGE_RUNNING_MAX. 0, or EXIT_REFUSED with the first one over it said. */
static int running_cap(CommandCtx *c, const Invites *l, const StrList *ids, int skip)
{
    int games[MAX_PLAYERS + 1];
    assert(ids->n <= MAX_PLAYERS + 1);
    running_games(c, ids, games);
    for (int i = 0; i < ids->n; i++) {
        int waiting = invites_taken(l, ids->v[i], skip), n = games[i] + waiting;
        if (bot_is(ids->v[i]) || n < CHALLENGE_RUNNING_MAX)
            continue;
        if (!waiting)
            return pipeline_refuse(c, EXIT_REFUSED, "%s plays %d games already: at most %d at once by mail", ids->v[i],
                                   n, CHALLENGE_RUNNING_MAX);
        return pipeline_refuse(c, EXIT_REFUSED, "%s plays %d games already (%d of them invitations still waiting): at "
                               "most %d at once by mail", ids->v[i], n, waiting, CHALLENGE_RUNNING_MAX);
    }
    return 0;
}

/* Mails each player of v still to answer (no computer opponent) the invitation: the players, the options as the
 * game will hold them, and the game's name in quotes as the challenger's words (contract 15.4). */
static void challenge_mail_invitation(CommandCtx *c, const Invite *v)
{
    char when[40];
    Buf head;
    StrList w = {0};
    const char *name = NULL;
    int shown = 0;
    c->mq.invite = v->id; /* the invitation's mails, the challenger's reply too, are one thread (contract 3.3) */
    buf_init(&head);
    buf_printf(&head, "%s invites you to a game of Genetess: a strategy game played by mail, in which each piece "
                      "is a sequence of genetic codes bought with energy, fought over a walled board hidden by a "
                      "fog of war (the Subject \"help start\" tells how to play).\n\nPlayers: ", v->players.v[0]);
    for (int k = 0; k < v->players.n; k++)
        buf_printf(&head, "%s%s", k ? ", " : "", v->players.v[k]);
    buf_add(&head, "\nOptions: ");
    str_split_words(v->options, &w);
    for (int i = 0; i < w.n; i++)
        if (strncmp(w.v[i], "--name=", 7) == 0)
            name = w.v[i] + 7;
        else
            buf_printf(&head, "%s%s", shown++ ? " " : "", w.v[i]);
    buf_add(&head, shown ? "\n" : "none: the map's and the game's defaults\n");
    if (name) { /* underscores shown as spaces, as on the sheets (contract 6) */
        buf_printf(&head, "%s calls the game: \"", v->players.v[0]);
        for (const char *p = name; *p; p++)
            buf_addn(&head, *p == '_' ? " " : p, 1);
        buf_add(&head, "\"\n");
    }
    sl_free(&w);
    fmt_time(v->created + CHALLENGE_INVITE_TTL, when, sizeof when);
    for (int k = 1; k < v->players.n; k++) {
        User u;
        Err err;
        if (v->answers[k] == 'y' || users_find(&c->st, v->players.v[k], &u, &err) != 0)
            continue;
        Subject what = {.kind = SUBJECT_INVITATION, .n = v->id};
        char subj[160];
        snprintf(what.word, sizeof what.word, "%s", v->players.v[0]);
        subject_format(&what, subj, sizeof subj);
        Buf body; /* paragraphs one line each, wrapped as prose (no orphan word indented as data) */
        buf_init(&body);
        buf_printf(&body, "%s\nTo play, reply to this mail with your password and \"accept\" on the first line "
                          "(\"yourpassword accept\"; \"yourpassword decline\" to say no), or send the Subject\n\n"
                          "    genetess accept %d %s <your password>\n\nand to say no, \"genetess decline %d %s "
                          "<your password>\". The game starts when everyone has accepted; the invitation lapses "
                          "on %s.\n",
                   head.s, v->id, u.id, v->id, u.id, when);
        layout_wrap_prose(&body, 0);
        Err e2;
        if (mail_add(&c->mq, u.address, subj, body.s, &e2) < 0)
            fprintf(stderr, "genetess: %s\n", e2.msg);
        buf_free(&body);
        users_free(&u);
    }
    buf_free(&head);
}

/* The bounds of contract 15.4 on one more invitation of ch in l: CHALLENGE_OPEN_MAX waiting for the challenger,
 * CHALLENGE_SENT_DAY sent by them and CHALLENGE_RECEIVED_DAY sent to each user they invite in the last day.
 * 0 or EXIT_REFUSED with the reply written. */
static int challenge_invite_bounds(CommandCtx *c, const Challenge *ch, const Invites *l)
{
    const char *me = ch->ids.v[0];
    int mine = 0;
    int64_t first = c->now;
    char when[40];
    for (int i = 0; i < l->n; i++)
        mine += str_ieq(l->v[i].players.v[0], me);
    if (mine >= CHALLENGE_OPEN_MAX)
        return pipeline_refuse(c, EXIT_REFUSED, "%s has %d invitations waiting for answers already: at most %d", me,
                               mine, CHALLENGE_OPEN_MAX);
    int sent = challenge_day_count(l, me, false, &first);
    if (sent >= CHALLENGE_SENT_DAY)
        return pipeline_refuse(c, EXIT_REFUSED, "%s has sent %d invitations in 24 hours: at most %d a day (the next "
                               "from %s)", me, sent, CHALLENGE_SENT_DAY,
                               fmt_time(first + CHALLENGE_DAY, when, sizeof when));
    for (int i = 1; i < ch->ids.n; i++) {
        int got = bot_is(ch->ids.v[i]) ? 0 : challenge_day_count(l, ch->ids.v[i], true, &first);
        if (got >= CHALLENGE_RECEIVED_DAY)
            return pipeline_refuse(c, EXIT_REFUSED, "%s has been sent %d invitations in 24 hours: at most %d a day",
                                   ch->ids.v[i], got, CHALLENGE_RECEIVED_DAY);
    }
    return 0;
}

/* The options ch gave as the game par will hold them, "--key=value" in the order given ("" none): what the
 * invitation keeps and shows, each value within its parameter's bounds whatever the challenge wrote. Caller
 * frees. */
static char *challenge_options_text(const Challenge *ch, const Params *par)
{
    Buf o;
    buf_init(&o);
    for (int i = 0; i < ch->keys.n; i++) {
        char v[32];
        buf_printf(&o, "%s--%s=%s", i ? " " : "", ch->keys.v[i],
                   params_value(par, (ParamId)params_find(ch->keys.v[i]), v, sizeof v));
    }
    char *s = buf_take(&o);
    return s ? s : xstrdup("");
}

/* The new invitation of ch with the options text opts (taken) at the end of l, and its "sent" record. */
static Invite *challenge_invite_add(CommandCtx *c, const Challenge *ch, Invites *l, char *opts)
{
    l->sent = xrealloc(l->sent, (size_t)(l->nsent + 1) * sizeof *l->sent);
    InviteSent *s = &l->sent[l->nsent++];
    memset(s, 0, sizeof *s);
    s->at = c->now;
    l->v = xrealloc(l->v, (size_t)(l->n + 1) * sizeof *l->v);
    Invite *v = &l->v[l->n++];
    memset(v, 0, sizeof *v);
    v->id = l->next++;
    v->created = c->now;
    for (int i = 0; i < ch->ids.n; i++) {
        sl_push(&v->players, ch->ids.v[i]);
        v->answers[i] = i == 0 || bot_is(ch->ids.v[i]) ? 'y' : '.';
        if (i == 0 || !bot_is(ch->ids.v[i]))
            sl_push(&s->ids, ch->ids.v[i]);
    }
    v->options = opts;
    return v;
}

/* By mail, a challenge is its Subject: the first line of the mail's own text, when it has any, is named in the
 * reply as not passed on (contract 15.4: an invitation carries no free text but a game's name), so no line is
 * dropped unsaid (contract 2.1). */
static void challenge_text_unread(CommandCtx *c, bool invitation)
{
    const char *t = c->req->body_lines && c->req->body ? c->req->body : "";
    t += strspn(t, " \t\n");
    if (!*t)
        return;
    char line[200], q[STR_HEAD_SIZE];
    snprintf(line, sizeof line, "%.*s", (int)strcspn(t, "\n"), t);
    buf_printf(&c->reply, "%sYour mail's text (\"%s\") %s.\n", invitation ? "\n" : "", str_quote_head(line, q, sizeof q),
               invitation ? "was not passed on: an invitation holds only the players, the options and a game's name "
                            "(--name=Spring_Cup); chat with the players once the game has begun"
                          : "was not read: a challenge is its Subject alone");
}

/* By mail: the challenger's password, the players, the map and options checked, the limits, then the
 * invitation (or the board at once when everyone else is a computer opponent). */
static int challenge_by_mail(CommandCtx *c, Challenge *ch)
{
    Board *b = NULL;
    Invites l = {0};
    StrList me = {0};
    sl_push(&me, ch->ids.v[0]);
    int rc = pipeline_login(c, ch->ids.v[0], ch->password, NULL);
    if (rc == 0 && (rc = challenge_players(c, ch)) == 0 && (rc = challenge_map(c, ch, &b)) == 0 && invites_read(c, &l) < 0)
        rc = pipeline_refuse(c, EXIT_SYSTEM, "The invitations cannot be read; try again later");
    if (rc == 0) /* the challenger's games and the invitations they sent or accepted (contract 6) */
        rc = running_cap(c, &l, &me, -1);
    sl_free(&me);
    if (rc) {
        board_free(b);
        invites_free(&l);
        return rc;
    }
    char *opts = challenge_options_text(ch, &b->par);
    board_free(b);
    int humans = 0;
    for (int i = 1; i < ch->ids.n; i++)
        humans += !bot_is(ch->ids.v[i]);
    if (!humans) {
        free(opts);
        invites_free(&l);
        challenge_text_unread(c, false);
        return create_board(c, ch, ch->ids.v[0]);
    }
    if ((rc = challenge_invite_bounds(c, ch, &l)) != 0) {
        free(opts);
        invites_free(&l);
        return rc;
    }
    Invite *v = challenge_invite_add(c, ch, &l, opts);
    rc = invites_write(c, &l) < 0 ? pipeline_refuse(c, EXIT_SYSTEM, "The invitation cannot be saved; try again later")
                                  : EXIT_DONE;
    if (rc == EXIT_DONE) {
        char when[40];
        challenge_mail_invitation(c, v);
        buf_printf(&c->reply, "Invitation %d sent: the game starts when everyone has accepted (by %s).\n", v->id,
                   fmt_time(v->created + CHALLENGE_INVITE_TTL, when, sizeof when));
        challenge_text_unread(c, true);
        subject_write(SUBJECT_INVITATION_NEWS, v->id, NULL, c->subject, sizeof c->subject);
    }
    invites_free(&l);
    return rc;
}

int challenge_command(CommandCtx *c)
{
    Challenge ch = {0};
    int rc = challenge_check(c, &ch);
    if (rc == 0)
        rc = pipeline_lock(c);
    if (rc == 0)
        rc = c->req->by_mail ? challenge_by_mail(c, &ch) : create_board(c, &ch, NULL);
    challenge_free(&ch);
    return rc;
}

/* accept and decline: the user's password, then their invitation. Returns its index in l, or -1 with the
 * refusal written (*rc). */
static int find_invite(CommandCtx *c, Invites *l, int *who, int *rc)
{
    int n;
    *rc = pipeline_userid(c, 1, NULL); /* a reply to the invitation: the user of its address (contract 2.1) */
    const char *id = c->argv[1];
    if (*rc == 0)
        *rc = pipeline_login(c, id, c->argv[2], NULL);
    if (*rc)
        return -1;
    if (!parse_i64_range(c->argv[0], 1, 1000000000, &(int64_t){0}) || invites_read(c, l) < 0) {
        *rc = pipeline_refuse(c, EXIT_REFUSED, "No invitation %s waits for you", c->argv[0]);
        return -1;
    }
    n = atoi(c->argv[0]);
    for (int i = 0; i < l->n; i++)
        for (int k = 1; k < l->v[i].players.n && l->v[i].id == n; k++)
            if (str_ieq(l->v[i].players.v[k], id)) {
                *who = k;
                return i;
            }
    *rc = pipeline_refuse(c, EXIT_REFUSED, "No invitation %d waits for you (an invitation lapses %d days after it is "
                                           "made)", n, CHALLENGE_INVITE_TTL / 86400);
    return -1;
}

int challenge_accept(CommandCtx *c)
{
    Invites l = {0};
    int who, rc = pipeline_lock(c);
    int at = rc ? -1 : find_invite(c, &l, &who, &rc);
    if (at >= 0) { /* contract 15.4: the acceptor's games and waiting invitations, and when this acceptance starts
                    * the game everyone's; over the cap, refused and l not written: the invitation still waits */
        StrList me = {0};
        sl_push(&me, l.v[at].players.v[who]);
        l.v[at].answers[who] = 'y';
        if ((rc = running_cap(c, &l, strchr(l.v[at].answers, '.') ? &me : &l.v[at].players, at)) != 0)
            at = -1;
        sl_free(&me);
    }
    if (at >= 0) {
        Invite *v = &l.v[at];
        c->mq.invite = v->id; /* the answer, and the game it starts, go on the invitation's thread (contract 3.3) */
        v->answers[who] = 'y';
        bool all = !strchr(v->answers, '.');
        if (!all) {
            rc = invites_write(c, &l) < 0 ? EXIT_SYSTEM : EXIT_DONE;
            buf_printf(&c->reply, "You accepted invitation %d; the game starts when everyone has.\n", v->id);
            subject_write(SUBJECT_INVITATION_NEWS, v->id, NULL, c->subject, sizeof c->subject);
        } else { /* everyone said yes: the board is made as the challenger asked, and the invitation is done */
            Challenge ch = {0};
            sl_copy(&ch.ids, &v->players);
            StrList words = {0};
            str_split_words(v->options, &words);
            for (int i = 0; i < words.n && rc == 0; i++)
                rc = challenge_option(c, &ch.keys, &ch.vals, words.v[i]);
            sl_free(&words);
            Invite gone = *v;
            memmove(v, v + 1, (size_t)(l.n - at - 1) * sizeof *v);
            l.n--;
            if (rc == 0 && (rc = invites_write(c, &l) < 0 ? EXIT_SYSTEM : 0) == 0)
                rc = create_board(c, &ch, c->argv[1]);
            sl_free(&gone.players);
            free(gone.options);
            challenge_free(&ch);
        }
    }
    invites_free(&l);
    return rc;
}

/* The challenger of v is mailed that its player who declined it (contract 6), on the invitation's thread. */
static void invite_declined(CommandCtx *c, const Invite *v, int who)
{
    User u;
    Err err;
    c->mq.invite = v->id; /* on the invitation's thread (contract 3.3) */
    if (users_find(&c->st, v->players.v[0], &u, &err) != 0)
        return;
    char subj[128];
    subject_write(SUBJECT_INVITATION_NEWS, v->id, "declined", subj, sizeof subj);
    char *body = xasprintf("%s declined invitation %d: that game will not start.\n", v->players.v[who], v->id);
    if (mail_add(&c->mq, u.address, subj, body, &err) < 0)
        fprintf(stderr, "genetess: %s\n", err.msg);
    free(body);
    users_free(&u);
}

int challenge_signoff(CommandCtx *c, const char *id, Buf *said)
{
    Invites l;
    if (invites_read(c, &l) < 0)
        return -1;
    Invite *gone = xmalloc((size_t)(l.n + 1) * sizeof *gone); /* id's, out of l: told once l is written */
    int *whose = xmalloc((size_t)(l.n + 1) * sizeof *whose), kept = 0, n = 0;
    for (int i = 0; i < l.n; i++) {
        int who = -1;
        for (int k = 0; k < l.v[i].players.n && who < 0; k++)
            who = str_ieq(l.v[i].players.v[k], id) ? k : -1;
        if (who < 0)
            l.v[kept++] = l.v[i];
        else {
            whose[n] = who;
            gone[n++] = l.v[i];
        }
    }
    l.n = kept;
    int rc = n && invites_write(c, &l) < 0 ? -1 : 0;
    for (int i = 0; i < n; i++) {
        if (rc == 0 && whose[i] == 0)
            buf_printf(said, "Your invitation %d is withdrawn.\n", gone[i].id);
        else if (rc == 0) {
            invite_declined(c, &gone[i], whose[i]);
            buf_printf(said, "Invitation %d of %s is declined.\n", gone[i].id, gone[i].players.v[0]);
        }
        sl_free(&gone[i].players);
        free(gone[i].options);
    }
    c->mq.invite = 0; /* the reply is of no invitation */
    free(gone);
    free(whose);
    invites_free(&l);
    return rc;
}

int challenge_decline(CommandCtx *c)
{
    Invites l = {0};
    int who, rc = pipeline_lock(c);
    int at = rc ? -1 : find_invite(c, &l, &who, &rc);
    if (at >= 0) {
        Invite *v = &l.v[at];
        invite_declined(c, v, who); /* the challenger is told */
        buf_printf(&c->reply, "You declined invitation %d of %s.\n", v->id, v->players.v[0]);
        subject_write(SUBJECT_INVITATION_NEWS, v->id, NULL, c->subject, sizeof c->subject);
        sl_free(&v->players);
        free(v->options);
        memmove(v, v + 1, (size_t)(l.n - at - 1) * sizeof *v);
        l.n--;
        rc = invites_write(c, &l) < 0 ? EXIT_SYSTEM : EXIT_DONE;
    }
    invites_free(&l);
    return rc;
}
