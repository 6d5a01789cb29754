/* commands: one handler per command of SPEC 2, each the pipeline load -> authenticate -> parse -> apply -> save -> mail. */
#include "commands.h"

#include <ctype.h>
#include <stdarg.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "board.h"
#include "boardfile.h"
#include "clock.h"
#include "game.h"
#include "help.h"
#include "mail.h"
#include "map.h"
#include "orders.h"
#include "specials.h"
#include "store.h"
#include "turn.h"
#include "view.h"

/* ---- the command's context ---- */

typedef struct Ctx {
    Store st;
    bool opened;
    MailQueue mq;
    int64_t now;
    Buf reply;
    char subject[200];
    int authed;         /* player authenticated to the loaded board, -1 none (SPEC 2.1: the reply ends with their sheet) */
    int saved_mail;     /* messages queued up to the last successful save (only those may go out) */
    bool sheet_added;
} Ctx;

static int64_t now_time(void)
{
    const char *s = getenv("GENETESS_NOW");
    int64_t v;
    if (s && parse_i64(s, &v))
        return v;
    return (int64_t)time(NULL);
}

static void ctx_init(Ctx *c)
{
    memset(c, 0, sizeof *c);
    mail_init(&c->mq);
    buf_init(&c->reply);
    c->now = now_time();
    c->authed = -1;
    snprintf(c->subject, sizeof c->subject, "Genetess error");
}

/* Opens and locks the store; on failure prints the reason and returns the exit status. */
static int ctx_open(Ctx *c)
{
    Err err;
    if (store_open(&c->st, &err) < 0) {
        fprintf(stderr, "genetess: %s\n", err.msg);
        const char *home = getenv("PBMHOME"), *h = getenv("HOME");
        /* SPEC 2.3: with neither PBMHOME nor HOME there is nowhere to work (usage); else an I/O error. */
        return (home && *home) || (h && *h) ? EXIT_SYSTEM : EXIT_USAGE;
    }
    c->opened = true;
    if (store_lock(&c->st, &err) < 0) {
        buf_printf(&c->reply, "%s\n", err.msg);
        return EXIT_SYSTEM;
    }
    return 0;
}

/* Sends the reply (stdout, or mail to SENDER), flushes queued mail, releases everything; returns rc. */
static int ctx_finish(Ctx *c, int rc)
{
    const char *to = mail_reply_address();
    Err err;
    /* SPEC 2.1: with SENDER set the reply is mailed, also for a command refused before it opened the
     * store (the outbox needs it; no lock: outbox/ is outside the locking). */
    if (c->reply.len && to && !c->opened && store_open(&c->st, &err) == 0)
        c->opened = true;
    if (c->reply.len) {
        if (to && c->opened) {
            if (mail_add(&c->mq, to, c->subject, c->reply.s, &err) < 0)
                fprintf(stderr, "genetess: %s\n", err.msg);
        } else {
            fputs(c->reply.s, stdout);
            fflush(stdout);
        }
    }
    if (c->opened) {
        mail_flush(&c->mq, &c->st, (time_t)c->now);
        store_close(&c->st);
    }
    mail_free(&c->mq);
    buf_free(&c->reply);
    return rc;
}

static int refuse(Ctx *c, int rc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int refuse(Ctx *c, int rc, const char *fmt, ...)
{
    char msg[ERR_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    buf_printf(&c->reply, "%s\n", msg);
    snprintf(c->subject, sizeof c->subject, "Genetess error"); /* refuse() is for errors with no board */
    return ctx_finish(c, rc);
}

/* ---- boards ---- */

/* Quotes order text in a message: printable and at most 200 characters. */
static const char *quote_text(const char *t, char *buf, size_t size)
{
    size_t k = 0;
    for (const char *p = t; *p && k + 4 < size && k < 200; p++)
        buf[k++] = isprint((unsigned char)*p) ? *p : '?';
    buf[k] = '\0';
    return buf;
}

/* "<name>:<line>:" (or "<name>:") of a "<name>:<line>: reason" message, without the reason. */
static const char *error_place(const char *msg, const char *name)
{
    static char place[48];
    size_t n = strlen(name), k = n + 1;
    if (strncmp(msg, name, n) != 0 || msg[n] != ':') {
        snprintf(place, sizeof place, "%s:", name);
        return place;
    }
    while (k - n < 10 && isdigit((unsigned char)msg[k]))
        k++;
    if (k == n + 1 || msg[k] != ':')
        k = n;
    snprintf(place, sizeof place, "%.*s:", (int)k, msg);
    return place;
}

/* A map error without the file text it quotes: "file:line: unknown directive 'xyz' (...)" loses
 * "'xyz'" (SPEC 2.4: no error message echoes the contents of a file). Other messages are kept. */
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


/* Loads board nstr: 0, or an exit status with the reply written. */
static int load_board(Ctx *c, const char *nstr, Board **out, bool *archived)
{
    int n;
    char *text = NULL;
    Err err;
    *out = NULL;
    if (!store_valid_board_number(nstr, &n)) {
        char q[64];
        buf_printf(&c->reply, "Genetess board %s not found\n", quote_text(nstr, q, 40));
        return EXIT_REFUSED;
    }
    bool arch = false;
    int rc = store_load_board(&c->st, n, &text, &arch, &err);
    if (rc == 1) {
        buf_printf(&c->reply, "Genetess board %d not found\n", n);
        return EXIT_REFUSED;
    }
    if (rc < 0) {
        buf_printf(&c->reply, "Genetess board %d could not be read\n", n);
        fprintf(stderr, "genetess: %s\n", err.msg);
        return EXIT_SYSTEM;
    }
    char name[32];
    snprintf(name, sizeof name, "%d", n);
    Board *b = boardfile_parse(text, name, &err);
    free(text);
    if (!b) {
        /* SPEC 2.4/5: no message echoes a file; the reason names squares and tokens of the board, so
         * players get "<n>:<line>:" only and the admin the whole reason on stderr. */
        fprintf(stderr, "genetess: %s\n", err.msg);
        buf_printf(&c->reply, "Genetess board %d is damaged and was not changed: %s the board file fails its "
                              "checks (the reason is in the server's log)\n",
                   n, error_place(err.msg, name));
        return EXIT_SYSTEM;
    }
    if (b->number != n) {
        buf_printf(&c->reply, "Genetess board %d is damaged and was not changed: it holds board %d\n", n, b->number);
        board_free(b);
        return EXIT_SYSTEM;
    }
    /* SPEC 3.2: an admin edit re-bases the replay on the board as it now stands. */
    if (b->moves.n && strstr(b->moves.v[b->moves.n - 1], " admin EDIT") && b->initial_base < b->moves.n) {
        free(b->initial);
        b->initial = NULL;
        b->initial = boardfile_write(b);
        b->initial_base = b->moves.n;
    }
    if (archived)
        *archived = arch;
    *out = b;
    return 0;
}

static void list_status(const Board *b, char *buf, size_t size)
{
    if (b->phase == PHASE_ENDED) {
        snprintf(buf, size, "%s", b->result);
        return;
    }
    if (b->phase == PHASE_ROUND0) {
        Buf w;
        buf_init(&w);
        buf_add(&w, "waiting for");
        for (int i = 0; i < b->np; i++)
            if (b->pl[i].status == PS_ACTIVE && !clock_round0_done(b, i))
                buf_printf(&w, " %s", b->pl[i].id);
        snprintf(buf, size, "%s", w.s);
        buf_free(&w);
        return;
    }
    if (b->clock.holiday_since > 0)
        snprintf(buf, size, "%s on holiday", b->pl[b->seat].id);
    else
        snprintf(buf, size, "%s turn", b->pl[b->seat].id);
}

/* Rewrites this board's line of etc/Genetess.list (removed when b is NULL). */
static void update_list(Ctx *c, int number, const Board *b)
{
    char *path = store_path(&c->st, "etc/Genetess.list");
    char *old = NULL;
    Err err;
    store_read_file(path, &old, NULL, &err);
    free(path);
    Buf o;
    buf_init(&o);
    buf_add(&o, "boardno:players:moveno:status\n");
    char prefix[32];
    snprintf(prefix, sizeof prefix, "%d:", number);
    bool done = false;
    char line[512];
    if (b) {
        char st[256];
        list_status(b, st, sizeof st);
        int k = snprintf(line, sizeof line, "%d:", number);
        for (int i = 0; i < b->np && k < 400; i++)
            k += snprintf(line + k, sizeof line - (size_t)k, "%s%s", i ? " " : "", b->pl[i].id);
        snprintf(line + k, sizeof line - (size_t)k, ":%d:%s\n", board_move_number(b), st);
    }
    if (old) {
        char *save = NULL;
        for (char *l = strtok_r(old, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
            if (strncmp(l, "boardno:", 8) == 0)
                continue;
            if (strncmp(l, prefix, strlen(prefix)) == 0) {
                if (b && !done)
                    buf_add(&o, line);
                done = true;
                continue;
            }
            int ln = atoi(l);
            if (b && !done && ln > number) {
                buf_add(&o, line);
                done = true;
            }
            buf_printf(&o, "%s\n", l);
        }
        free(old);
    }
    if (b && !done)
        buf_add(&o, line);
    if (store_write_list(&c->st, o.s, &err) < 0)
        fprintf(stderr, "genetess: %s\n", err.msg);
    buf_free(&o);
}

/* Abandons what was prepared for a state that was not saved: queued mail (SPEC 2.1: mail goes out
 * only after the save), the reply so far and its closing sheet. The caller then says what failed. */
static void abandon_unsaved(Ctx *c)
{
    mail_truncate(&c->mq, c->saved_mail);
    buf_free(&c->reply);
    buf_init(&c->reply);
    c->sheet_added = true; /* no sheet of a state that does not exist */
}

/* Saves the board and its list line; 0 or EXIT_SYSTEM (and then no queued mail is sent). */
static int save_board(Ctx *c, Board *b)
{
    Err err;
    char *text = boardfile_write(b);
    /* Never write a board that would not load back. */
    Board *check = boardfile_parse(text, "new", &err);
    if (!check) {
        free(text);
        fprintf(stderr, "genetess: internal error: the new board does not load: %s\n", err.msg);
        abandon_unsaved(c);
        buf_add(&c->reply, "internal error: the new board does not load; nothing was changed\n");
        return EXIT_SYSTEM;
    }
    board_free(check);
    int rc = store_save_board(&c->st, b->number, text, &err);
    free(text);
    if (rc < 0) {
        fprintf(stderr, "genetess: %s\n", err.msg);
        abandon_unsaved(c);
        buf_printf(&c->reply, "Genetess board %d could not be saved: nothing was changed; try again later\n",
                   b->number);
        return EXIT_SYSTEM;
    }
    update_list(c, b->number, b);
    c->saved_mail = c->mq.n;
    return 0;
}

static void to_move(const Board *b, char *buf, size_t size)
{
    if (b->phase == PHASE_ENDED)
        buf[0] = '\0';
    else if (b->phase == PHASE_ROUND0)
        snprintf(buf, size, "ALL");
    else
        snprintf(buf, size, "%s", b->pl[b->seat].id);
}

static void board_subject(const Board *b, bool is_new, char *buf, size_t size)
{
    char tm[64];
    to_move(b, tm, sizeof tm);
    snprintf(buf, size, "%sGenetess Board %d%s%s", is_new ? "New " : "", b->number, tm[0] ? " " : "", tm);
}

/* The reply's Subject for a command on board b (SPEC 2.1): "Genetess Board <n> <to-move>", or
 * "Genetess Board <n> Error" when rc says it was refused or failed. */
static void set_subject(Ctx *c, const Board *b, int rc)
{
    if (rc != EXIT_DONE)
        snprintf(c->subject, sizeof c->subject, "Genetess Board %d Error", b->number);
    else
        board_subject(b, false, c->subject, sizeof c->subject);
}

/* The Subject of a reply about several boards, called once per board with that board's outcome
 * (b NULL: not loaded): the first refused board's, else the last board's. */
static void note_subject(Ctx *c, const Board *b, int rc, bool *refused)
{
    if (*refused)
        return;
    *refused = rc != EXIT_DONE;
    if (b)
        set_subject(c, b, rc);
    else
        snprintf(c->subject, sizeof c->subject, "Genetess error");
}

static SheetVariant variant_for(const Board *b, int p)
{
    if (b->phase != PHASE_PLAY)
        return SHEET_NONE;
    if (b->seat != p)
        return SHEET_NOT_YOUR_MOVE;
    return b->pl[p].queue.n ? SHEET_YOUR_MOVE_STORED : SHEET_YOUR_MOVE;
}

/* A stored order of the player's ran at once since their last sheet (its note is in their news). */
static bool star_processed(const Board *b, int p)
{
    for (int i = 0; i < b->pl[p].news.n; i++)
        if (strncmp(b->pl[p].news.v[i], "Your stored order ", 18) == 0)
            return true;
    return false;
}

static char *render_sheet(const Board *b, int p, const char *result, bool is_new, bool star)
{
    star = star || star_processed(b, p);
    Buf o;
    buf_init(&o);
    SheetOpts so = {.variant = star ? SHEET_STAR_DONE : variant_for(b, p), .result = result, .is_new = is_new,
                   .news = &b->pl[p].news, .ebook = &b->pl[p].ebook};
    view_sheet(b, p, &so, &o);
    return buf_take(&o);
}

/* Ends the reply with the authenticated player's sheet (SPEC 2.1), once. */
static void reply_sheet(Ctx *c, const Board *b)
{
    if (!b || c->authed < 0 || c->authed >= b->np || c->sheet_added)
        return;
    char *s = render_sheet(b, c->authed, NULL, false, false);
    buf_add(&c->reply, "\n");
    buf_add(&c->reply, s);
    free(s);
    c->sheet_added = true;
}

/* The common end of the board commands: the reply's subject, its closing sheet (SPEC 2.1), then
 * the board is freed and the reply sent. Returns rc. */
static int finish_board(Ctx *c, Board *b, int rc)
{
    if (b)
        set_subject(c, b, rc);
    reply_sheet(c, b);
    board_free(b);
    return ctx_finish(c, rc);
}

/* Queues the sheets due after a command (reader_result for the commanding player), clears the
 * news of everyone who got one. extra_reader >= 0 also gets a sheet in the reply. */
static void send_sheets(Ctx *c, Game *g, bool is_new, int reader, const char *reader_result)
{
    Board *b = g->b;
    char subj[160];
    board_subject(b, is_new, subj, sizeof subj);
    char **sheets = xcalloc((size_t)b->np, sizeof(char *));
    for (int p = 0; p < b->np; p++)
        if (g->sheet_due[p] || is_new)
            sheets[p] = render_sheet(b, p, p == reader ? reader_result : NULL, is_new, g->star_done[p]);
    if (reader >= 0) {
        char *s = render_sheet(b, reader, reader_result, false, g->star_done[reader]);
        buf_add(&c->reply, "\n");
        buf_add(&c->reply, s);
        free(s);
        c->sheet_added = true;
    }
    for (int p = 0; p < b->np; p++) {
        bool got = sheets[p] != NULL || p == reader;
        if (sheets[p]) {
            User u;
            Err err;
            if (store_user_find(&c->st, b->pl[p].id, &u, &err) == 0) {
                if (mail_add(&c->mq, u.address, subj, sheets[p], &err) < 0)
                    fprintf(stderr, "genetess: %s\n", err.msg);
                user_free(&u);
            } else {
                fprintf(stderr, "genetess: no address for %s; sheet not sent\n", b->pl[p].id);
            }
            free(sheets[p]);
        }
        if (got) {
            sl_clear(&b->pl[p].news);
            sl_clear(&b->pl[p].ebook);
            g->star_done[p] = false;
        }
        g->sheet_due[p] = false;
    }
    free(sheets);
}

static void record_history(Ctx *c, const Board *b)
{
    char date[32];
    time_t t = (time_t)c->now;
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(date, sizeof date, "%Y-%m-%d", &tm);
    int best;
    int who = game_winner(b, &best);
    Buf l;
    buf_init(&l);
    buf_printf(&l, "%s %d %s %d", date, b->number, who >= 0 ? b->pl[who].id : "TIE", best);
    for (int i = 0; i < b->np; i++)
        buf_printf(&l, " %s", b->pl[i].id);
    Err err;
    if (store_append_history(&c->st, l.s, &err) < 0)
        fprintf(stderr, "genetess: %s\n", err.msg);
    buf_free(&l);
}

/* Queues the nag mails clock_nag found due (g->nag_due), each to the player's address. */
static void mail_nags(Ctx *c, const Game *g)
{
    const Board *b = g->b;
    for (int p = 0; p < b->np; p++) {
        if (!g->nag_due[p])
            continue;
        User u;
        Err err;
        if (store_user_find(&c->st, b->pl[p].id, &u, &err) != 0) {
            fprintf(stderr, "genetess: no address for %s; nag not sent\n", b->pl[p].id);
            continue;
        }
        Buf subj, body;
        buf_init(&subj);
        buf_init(&body);
        view_nag(b, p, &subj, &body);
        if (mail_add(&c->mq, u.address, subj.s, body.s, &err) < 0)
            fprintf(stderr, "genetess: %s\n", err.msg);
        buf_free(&subj);
        buf_free(&body);
        user_free(&u);
    }
}

/* Processes expired deadlines of a loaded board and commits that on its own (SPEC 2.1/2.3). */
static int process_time(Ctx *c, Board *b)
{
    if (b->phase == PHASE_ENDED)
        return 0;
    Game g;
    game_init(&g, b, c->now);
    bool changed = turn_process_time(&g);
    int rc = 0;
    if (changed) {
        send_sheets(c, &g, false, -1, NULL);
        if (g.ended)
            record_history(c, b);
        rc = save_board(c, b);
    } else {
        clock_nag(&g);
        mail_nags(c, &g);
        if (g.nagged)
            rc = save_board(c, b);
    }
    game_done(&g);
    return rc;
}

/* Authenticates userid/password and finds the player on b: 0 or an exit status (reply written). */
static int auth_player(Ctx *c, const Board *b, const char *id, const char *pw, int *player)
{
    User u;
    Err err;
    if (store_auth(&c->st, id, pw, &u, &err) < 0) {
        buf_printf(&c->reply, "%s\n", err.msg);
        return EXIT_REFUSED;
    }
    user_free(&u);
    int p = board_player_index(b, id);
    if (p < 0) {
        buf_add(&c->reply, "You are NOT playing this game\n");
        return EXIT_REFUSED;
    }
    *player = p;
    return 0;
}

/* Joins words into order text; with none, the first non-blank line of INPUTFILE (SPEC 2.2). */
static char *order_text(int argc, char **argv)
{
    Buf t;
    buf_init(&t);
    for (int i = 0; i < argc; i++) {
        if (i)
            buf_add(&t, " ");
        buf_add(&t, argv[i]);
    }
    if (t.len == 0) {
        const char *f = getenv("INPUTFILE");
        char *body = NULL;
        Err err;
        if (f && *f && store_read_file(f, &body, NULL, &err) == 0) {
            char *save = NULL;
            for (char *l = strtok_r(body, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
                str_trim(l);
                if (*l) {
                    buf_add(&t, l);
                    break;
                }
            }
            free(body);
        }
    }
    return buf_take(&t);
}

/* Strips a trailing "#k"; returns k, 0 when absent, -1 when malformed. */
static int strip_move_number(char *text)
{
    char *h = strrchr(text, '#');
    if (!h)
        return 0;
    int64_t k;
    char *num = h + 1;
    str_trim(num);
    if (!parse_i64(num, &k) || k < 1 || k > 1000000000)
        return -1;
    *h = '\0';
    str_trim(text);
    return (int)k;
}

/* ---- challenge ---- */

static int cmd_challenge(int argc, char **argv)
{
    Ctx c;
    ctx_init(&c);
    StrList ids = {0}, keys = {0}, vals = {0};
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] == '-') {
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
            if (!ok || has_control(a)) {
                char q[64];
                sl_free(&ids);
                sl_free(&keys);
                sl_free(&vals);
                return refuse(&c, EXIT_USAGE, "Invalid Genetess parameter '%s'", quote_text(a, q, 40));
            }
            sl_push(&keys, key);
            sl_push(&vals, eq + 1);
        } else {
            sl_push(&ids, a);
        }
    }
    int rc = EXIT_REFUSED;
    Map map = {0};
    Board *b = NULL;
    Err err;
    char q[64];
    if (ids.n < 2) {
        buf_add(&c.reply, "At least 2 players must play\n");
        rc = EXIT_USAGE;
        goto out;
    }
    if (ids.n > MAX_PLAYERS) {
        buf_printf(&c.reply, "At most %d players can play\n", MAX_PLAYERS);
        goto out;
    }
    if ((rc = ctx_open(&c)) != 0)
        goto out;
    rc = EXIT_REFUSED;
    for (int i = 0; i < ids.n; i++) {
        User u;
        if (!store_valid_userid(ids.v[i]) || store_user_find(&c.st, ids.v[i], &u, &err) != 0) {
            buf_add(&c.reply, "Invalid userid entered\n");
            goto out;
        }
        user_free(&u);
        for (int k = 0; k < i; k++)
            if (str_ieq(ids.v[k], ids.v[i])) {
                buf_printf(&c.reply, "%s is named twice\n", ids.v[i]);
                goto out;
            }
    }
    const char *mapname = NULL;
    for (int i = 0; i < keys.n; i++)
        if (strcmp(keys.v[i], "map") == 0)
            mapname = vals.v[i];
    if (!mapname)
        mapname = map_default_for(ids.n);
    if (!mapname) {
        buf_printf(&c.reply, "At most 8 players can play\n");
        goto out;
    }
    if (map_load(c.st.home, mapname, mail_reply_address() == NULL, &map, &err) < 0) {
        map_error(err.msg, &c.reply);
        goto out;
    }
    b = map.b;
    map.b = NULL;
    if (ids.n > b->nst) {
        buf_printf(&c.reply, "At most %d players can play\n", b->nst);
        goto out;
    }
    Params *par = &b->par;
    *par = params_default();
    par->seed = ((uint64_t)c.now << 20) ^ (uint64_t)getpid();
    for (int i = 0; i < map.nparams; i++)
        if (params_set(par, map.params[i].key, map.params[i].value, &err) < 0) {
            buf_printf(&c.reply, "the map's param %s is invalid: %s\n", map.params[i].key, err.msg);
            goto out;
        }
    for (int i = 0; i < keys.n; i++)
        if (strcmp(keys.v[i], "map") != 0 && params_set(par, keys.v[i], vals.v[i], &err) < 0) {
            buf_printf(&c.reply, "Invalid Genetess parameter '--%s=%s': %s\n", keys.v[i], quote_text(vals.v[i], q, 40),
                       err.msg);
            rc = EXIT_USAGE;
            goto out;
        }
    snprintf(par->map, sizeof par->map, "%s", strchr(mapname, '/') ? "file" : mapname);
    int number;
    if (store_next_board_number(&c.st, &number, &err) < 0) {
        buf_printf(&c.reply, "%s\n", err.msg);
        rc = EXIT_SYSTEM;
        goto out;
    }
    b->number = number;
    b->np = ids.n;
    b->pl = xcalloc((size_t)ids.n, sizeof *b->pl);
    for (int i = 0; i < ids.n; i++) {
        Player *pl = &b->pl[i];
        snprintf(pl->id, sizeof pl->id, "%s", ids.v[i]);
        pl->e = par->start_e;
        pl->holiday_left = par->holiday_days * 86400;
    }
    rng_seed(&b->rng, par->seed);
    b->clock.created = c.now;
    Game g;
    game_init(&g, b, c.now);
    turn_open(&g);
    b->initial = NULL;
    char *init = boardfile_write(b);
    b->initial = init;
    b->initial_base = 0;
    send_sheets(&c, &g, true, -1, NULL);
    game_done(&g);
    if ((rc = save_board(&c, b)) != 0)
        goto out;
    board_subject(b, true, c.subject, sizeof c.subject);
    buf_printf(&c.reply, "Genetess board %d created for", number);
    for (int i = 0; i < b->np; i++)
        buf_printf(&c.reply, " %s", b->pl[i].id);
    buf_printf(&c.reply, " on map %s.\n", b->par.map);
    rc = EXIT_DONE;
out:
    map_free(&map);
    board_free(b);
    sl_free(&ids);
    sl_free(&keys);
    sl_free(&vals);
    return ctx_finish(&c, rc);
}

/* ---- move / queue ---- */

/* Common start of the board commands "board userid password ...": opens, loads, processes time,
 * authenticates. Returns 0 (with *bp, *player) or an exit status. */
static int open_player_board(Ctx *c, char **argv, Board **bp, int *player)
{
    int rc;
    if ((rc = ctx_open(c)) != 0)
        return rc;
    if ((rc = load_board(c, argv[0], bp, NULL)) != 0)
        return rc;
    Board *b = *bp;
    /* Authenticate before anything else happens on the board. */
    if ((rc = auth_player(c, b, argv[1], argv[2], player)) != 0)
        return rc;
    c->authed = *player;
    if ((rc = process_time(c, b)) != 0)
        return rc;
    snprintf(c->subject, sizeof c->subject, "Genetess Board %d Error", b->number);
    if (b->phase == PHASE_ENDED) {
        buf_add(&c->reply, "The game has ended\n");
        return EXIT_REFUSED;
    }
    return 0;
}

static void stored_list(const StrList *q, Buf *o)
{
    if (!q->n) {
        buf_add(o, "none");
        return;
    }
    for (int i = 0; i < q->n; i++)
        buf_printf(o, "%s%s", i ? " / " : "", q->v[i]);
}

static void set_queue(Player *pl, const OrderList *l, int from)
{
    sl_clear(&pl->queue);
    for (int i = from; i < l->n; i++) {
        char *s = xasprintf("%s%s", l->v[i].star ? "*" : "", l->v[i].text);
        sl_push_owned(&pl->queue, s);
    }
}

static int cmd_move(int argc, char **argv)
{
    Ctx c;
    ctx_init(&c);
    Board *b = NULL;
    int p, rc;
    char q[256];
    char *text = order_text(argc - 3, argv + 3);
    OrderList l = {0};
    Game g;
    bool have_game = false;
    if ((rc = open_player_board(&c, argv, &b, &p)) != 0)
        goto out;
    rc = EXIT_REFUSED;
    int k = strip_move_number(text);
    if (k < 0 || (k > 0 && k != board_move_number(b))) {
        buf_printf(&c.reply, "Move %s received as move #%d\n", quote_text(text, q, sizeof q), board_move_number(b));
        goto out;
    }
    Err err;
    if (!*text) {
        buf_add(&c.reply, "Invalid move \"\" entered: no order given\n");
        goto out;
    }
    if (order_parse_list(b, text, &l, &err) < 0) {
        buf_printf(&c.reply, "Invalid move \"%s\" entered: %s\n", quote_text(text, q, sizeof q), err.msg);
        goto out;
    }
    for (int i = 0; i < l.notices.n; i++)
        buf_printf(&c.reply, "%s\n", l.notices.v[i]);
    Player *pl = &b->pl[p];
    game_init(&g, b, c.now);
    have_game = true;
    char result[ERR_MAX + 300] = "";
    bool ours = b->phase == PHASE_PLAY && b->seat == p;
    if (b->phase == PHASE_PLAY && !board_player_has_turns(b, p)) {
        buf_add(&c.reply, "You are out of this game: you have no pieces left to order\n");
        goto out;
    }
    if (b->phase == PHASE_ROUND0) {
        for (int i = 0; i < l.n; i++) {
            int r = turn_play(&g, p, &l.v[i], false);
            if (r == ORDER_REFUSED) {
                buf_printf(&c.reply, "%s: %s\n", l.v[i].text, g.fail.msg);
                goto out;
            }
        }
        p = board_player_index(b, argv[1]); /* round 0's end reorders the players */
        snprintf(result, sizeof result, "%s", g.reply.len ? g.reply.s : "Received.");
        buf_printf(&c.reply, "%s\n", result);
        rc = EXIT_DONE;
    } else if (!ours) {
        /* Off turn: everything becomes the stored queue (SPEC 7.3). */
        for (int i = 0; i < l.n; i++)
            if (l.v[i].verb == ORD_GAMBLE) {
                buf_printf(&c.reply, "%s: GAMBLE is only for round 0\n", l.v[i].text);
                goto out;
            }
        set_queue(pl, &l, 0);
        Buf s;
        buf_init(&s);
        stored_list(&pl->queue, &s);
        snprintf(result, sizeof result, "Stored for your next turn: %s", s.s);
        buf_free(&s);
        buf_printf(&c.reply, "%s\n", result);
        rc = EXIT_DONE;
    } else {
        Order *o = &l.v[0];
        if (b->clock.holiday_since > 0 && o->verb != ORD_GAMBLE)
            clock_end_holiday(&g); /* SPEC 7.4: a live order ends the holiday */
        if (o->verb == ORD_GAMBLE) {
            buf_printf(&c.reply, "%s: GAMBLE is only for round 0\n", o->text);
            goto out;
        }
        /* SPEC 7.3: a live order on your turn replaces the head of the queue and the rest of the message
         * replaces the queue. Done before the order runs: the turns it starts (other players' * orders)
         * may come round to this player's queue again. A refusal saves nothing, so this is undone then. */
        if (pl->queue.n && o->verb != ORD_HOLIDAY) {
            free(pl->queue.v[0]);
            memmove(pl->queue.v, pl->queue.v + 1, sizeof(char *) * (size_t)(pl->queue.n - 1));
            pl->queue.n--;
        }
        if (l.n > 1)
            set_queue(pl, &l, 1);
        int r = turn_play(&g, p, o, false);
        if (r == ORDER_REFUSED) {
            buf_printf(&c.reply, "%s: %s\n", o->text, g.fail.msg);
            goto out;
        }
        if (r < 0) {
            snprintf(result, sizeof result, "%s: %s", o->text, g.fail.msg);
            rc = EXIT_REFUSED;
        } else {
            snprintf(result, sizeof result, "%s: done", o->text);
            rc = EXIT_DONE;
        }
        buf_printf(&c.reply, "%s\n", result);
        if (l.n > 1) {
            Buf s;
            buf_init(&s);
            stored_list(&pl->queue, &s);
            buf_printf(&c.reply, "Stored for your next turn: %s\n", s.s);
            buf_free(&s);
        }
    }
    send_sheets(&c, &g, false, p, result);
    if (g.ended)
        record_history(&c, b);
    int s = save_board(&c, b);
    if (s)
        rc = s;
out:
    if (have_game)
        game_done(&g);
    order_list_free(&l);
    free(text);
    return finish_board(&c, b, rc);
}

static int cmd_queue(int argc, char **argv)
{
    Ctx c;
    ctx_init(&c);
    Board *b = NULL;
    int p, rc;
    char q[256];
    char *text = order_text(argc - 3, argv + 3);
    OrderList l = {0};
    if ((rc = open_player_board(&c, argv, &b, &p)) != 0)
        goto out;
    rc = EXIT_REFUSED;
    if (b->phase == PHASE_PLAY && !board_player_has_turns(b, p) && argc > 3) {
        buf_add(&c.reply, "You are out of this game: you have no pieces left to order\n");
        goto out;
    }
    Player *pl = &b->pl[p];
    if (argc == 3) {
        Buf s;
        buf_init(&s);
        stored_list(&pl->queue, &s);
        buf_printf(&c.reply, "Your stored orders: %s\n", s.s);
        buf_free(&s);
        rc = EXIT_DONE;
        goto out;
    }
    int k = strip_move_number(text);
    if (k < 0 || (k > 0 && k != board_move_number(b))) {
        buf_printf(&c.reply, "Move %s received as move #%d\n", quote_text(text, q, sizeof q), board_move_number(b));
        goto out;
    }
    Err err;
    if (str_ieq(text, "NONE")) {
        sl_clear(&pl->queue);
        buf_add(&c.reply, "Your stored orders: none\n");
    } else if (order_parse_list(b, text, &l, &err) < 0) {
        buf_printf(&c.reply, "Invalid move \"%s\" entered: %s\n", quote_text(text, q, sizeof q), err.msg);
        goto out;
    } else {
        for (int i = 0; i < l.n; i++)
            if (l.v[i].verb == ORD_GAMBLE) {
                buf_printf(&c.reply, "%s: GAMBLE cannot be stored\n", l.v[i].text);
                goto out;
            }
        for (int i = 0; i < l.notices.n; i++)
            buf_printf(&c.reply, "%s\n", l.notices.v[i]);
        set_queue(pl, &l, 0);
        Buf s;
        buf_init(&s);
        stored_list(&pl->queue, &s);
        buf_printf(&c.reply, "Stored for your next turn: %s\n", s.s);
        buf_free(&s);
    }
    rc = save_board(&c, b);
out:
    order_list_free(&l);
    free(text);
    return finish_board(&c, b, rc);
}

static int cmd_resign(int argc, char **argv)
{
    (void)argc;
    Ctx c;
    ctx_init(&c);
    Board *b = NULL;
    int p, rc;
    if ((rc = open_player_board(&c, argv, &b, &p)) != 0)
        goto out;
    /* An eliminated player still fighting with ronin pieces may resign them too (SPEC 7.6: all their
     * pieces become orphans). */
    if (b->pl[p].status != PS_ACTIVE && !board_player_has_turns(b, p)) {
        buf_add(&c.reply, "You have already left this game\n");
        rc = EXIT_REFUSED;
        goto out;
    }
    Game g;
    game_init(&g, b, c.now);
    if (b->phase == PHASE_ROUND0) {
        int n = b->number;
        if (clock_round0_resign(&g, p)) {
            /* Fewer than 2 players remain: the board is deleted. */
            Err err;
            game_done(&g);
            store_delete_board(&c.st, n, &err);
            update_list(&c, n, NULL);
            buf_printf(&c.reply, "You resigned. Genetess board %d was deleted: fewer than 2 players remain.\n", n);
            c.authed = -1;
            snprintf(c.subject, sizeof c.subject, "Genetess Board %d", n); /* no one is to move on it */
            board_free(b);
            b = NULL;
            rc = EXIT_DONE;
            goto out;
        }
    } else {
        turn_resign(&g, p);
    }
    buf_printf(&c.reply, "You resigned from Genetess board %d.\n", b->number);
    g.sheet_due[p] = true;
    send_sheets(&c, &g, false, -1, NULL);
    if (g.ended)
        record_history(&c, b);
    game_done(&g);
    rc = save_board(&c, b);
out:
    return finish_board(&c, b, rc);
}

static int cmd_quiet(int argc, char **argv)
{
    (void)argc;
    Ctx c;
    ctx_init(&c);
    Board *b = NULL;
    int p, rc;
    /* A usage error like a wrong argument count: found before any file is read (SPEC 2.1). */
    if (!str_ieq(argv[3], "on") && !str_ieq(argv[3], "off"))
        return refuse(&c, EXIT_USAGE, "quiet takes on or off");
    if ((rc = open_player_board(&c, argv, &b, &p)) != 0)
        goto out;
    b->pl[p].quiet = str_ieq(argv[3], "on");
    buf_printf(&c.reply, "Quiet is %s: %s\n", b->pl[p].quiet ? "on" : "off",
               b->pl[p].quiet ? "you get sheets only for your own turns" : "you get a sheet for every turn");
    rc = save_board(&c, b);
out:
    return finish_board(&c, b, rc);
}

static int cmd_chat(int argc, char **argv)
{
    (void)argc;
    Ctx c;
    ctx_init(&c);
    Board *b = NULL;
    int p, rc;
    if ((rc = open_player_board(&c, argv, &b, &p)) != 0)
        goto out;
    const char *f = getenv("INPUTFILE");
    char *body = NULL;
    Err err;
    if (!f || !*f || store_read_file(f, &body, NULL, &err) != 0 || !*body) {
        free(body);
        buf_add(&c.reply, "chat sends the mail body: there was none\n");
        rc = EXIT_REFUSED;
        goto out;
    }
    char subj[128];
    snprintf(subj, sizeof subj, "Genetess chat %d %s", b->number, b->pl[p].id);
    char *msg = xasprintf("From %s on Genetess board %d:\n\n%s", b->pl[p].id, b->number, body);
    free(body);
    for (int i = 0; i < b->np; i++) {
        User u;
        if (store_user_find(&c.st, b->pl[i].id, &u, &err) == 0) {
            mail_add(&c.mq, u.address, subj, msg, &err);
            user_free(&u);
        }
    }
    free(msg);
    buf_printf(&c.reply, "Your message was sent to the %d players of board %d.\n", b->np, b->number);
    rc = EXIT_DONE;
out:
    return finish_board(&c, b, rc);
}

/* ---- queries ---- */

static int cmd_showas(int argc, char **argv)
{
    Ctx c;
    ctx_init(&c);
    int rc;
    if ((rc = ctx_open(&c)) != 0)
        return ctx_finish(&c, rc);
    User u;
    Err err;
    if (store_auth(&c.st, argv[0], argv[1], &u, &err) < 0)
        return refuse(&c, EXIT_REFUSED, "%s", err.msg);
    user_free(&u);
    rc = EXIT_DONE;
    bool refused = false;
    for (int i = 2; i < argc; i++) {
        Board *b = NULL;
        int r = load_board(&c, argv[i], &b, NULL);
        if (r) {
            rc = r;
            note_subject(&c, NULL, r, &refused);
            continue;
        }
        int p = board_player_index(b, argv[0]);
        if (p < 0) {
            buf_add(&c.reply, "You are NOT playing this game\n");
            rc = r = EXIT_REFUSED;
        } else if ((r = process_time(&c, b)) != 0) {
            rc = r;
        } else {
            char *s = render_sheet(b, p, NULL, false, false);
            buf_add(&c.reply, s);
            buf_add(&c.reply, "\n");
            free(s);
        }
        note_subject(&c, b, r, &refused);
        board_free(b);
    }
    return ctx_finish(&c, rc);
}

static int cmd_show(int argc, char **argv)
{
    Ctx c;
    ctx_init(&c);
    int rc;
    if ((rc = ctx_open(&c)) != 0)
        return ctx_finish(&c, rc);
    rc = EXIT_DONE;
    bool refused = false;
    for (int i = 0; i < argc; i++) {
        char arg[64];
        snprintf(arg, sizeof arg, "%s", argv[i]);
        int k = -1;
        char *h = strchr(arg, '#');
        if (h) {
            *h = '\0';
            int64_t v;
            if (!parse_i64(h + 1, &v) || v > 1000000000) {
                buf_add(&c.reply, "show takes board or board#k\n");
                rc = EXIT_USAGE;
                note_subject(&c, NULL, rc, &refused);
                continue;
            }
            k = (int)v;
        }
        Board *b = NULL;
        int r = load_board(&c, arg, &b, NULL);
        if (r) {
            rc = r;
            note_subject(&c, NULL, r, &refused);
            continue;
        }
        if ((r = process_time(&c, b)) != 0) {
            rc = r;
        } else if (b->phase != PHASE_ENDED) {
            if (k >= 0) {
                buf_printf(&c.reply, "Genetess board %d is still running: its history is shown after the end.\n",
                           b->number);
                rc = r = EXIT_REFUSED;
            } else {
                view_show_public(b, &c.reply);
            }
        } else if (k >= 0) {
            Board *r2 = NULL;
            Err err;
            if (k > b->moves.n) {
                buf_printf(&c.reply, "Genetess board %d has only %d moves\n", b->number, b->moves.n);
                rc = r = EXIT_REFUSED;
            } else if (turn_replay(b, k, &r2, &err) < 0) {
                buf_printf(&c.reply, "Genetess board %d#%d: %s\n", b->number, k, err.msg);
                rc = r = EXIT_REFUSED;
            } else {
                buf_printf(&c.reply, "Genetess board %d after move %d:\n", b->number, k);
                r2->phase = PHASE_ENDED;
                view_show_full(r2, &c.reply);
                board_free(r2);
            }
        } else {
            view_show_full(b, &c.reply);
        }
        note_subject(&c, b, r, &refused);
        board_free(b);
    }
    return ctx_finish(&c, rc);
}

static int cmd_games(int argc, char **argv)
{
    Ctx c;
    ctx_init(&c);
    int rc;
    if ((rc = ctx_open(&c)) != 0)
        return ctx_finish(&c, rc);
    const char *filter = "all";
    StrList users = {0};
    Err err;
    for (int i = 0; i < argc; i++) {
        User u;
        if (str_ieq(argv[i], "all") || str_ieq(argv[i], "active") || str_ieq(argv[i], "inactive") ||
            str_ieq(argv[i], "next")) {
            filter = argv[i];
        } else if (!store_valid_userid(argv[i]) || store_user_find(&c.st, argv[i], &u, &err) != 0) {
            /* help/command-games.txt: an unknown userid is refused */
            sl_free(&users);
            return refuse(&c, EXIT_REFUSED, "Invalid userid entered");
        } else {
            user_free(&u);
            sl_push(&users, argv[i]);
        }
    }
    int *nums = NULL;
    int n = store_list_boards(&c.st, &nums, &err);
    buf_add(&c.reply, "List of Genetess games\n\nboard  move  status                          players\n");
    int shown = 0;
    for (int i = 0; i < n; i++) {
        char ns[16];
        snprintf(ns, sizeof ns, "%d", nums[i]);
        Board *b = NULL;
        Buf junk = c.reply;
        buf_init(&c.reply);
        int r = load_board(&c, ns, &b, NULL);
        if (!r)
            r = process_time(&c, b);
        buf_free(&c.reply);
        c.reply = junk;
        if (r) {
            buf_printf(&c.reply, "%-6d (cannot be read)\n", nums[i]);
            board_free(b);
            continue;
        }
        bool match = users.n == 0;
        for (int u = 0; u < users.n; u++) {
            int p = board_player_index(b, users.v[u]);
            if (p >= 0 && (!str_ieq(filter, "next") || (b->phase == PHASE_PLAY && b->seat == p) ||
                           (b->phase == PHASE_ROUND0 && !clock_round0_done(b, p))))
                match = true;
        }
        if (str_ieq(filter, "active") && b->phase == PHASE_ENDED)
            match = false;
        if (str_ieq(filter, "inactive") && b->phase != PHASE_ENDED)
            match = false;
        if (str_ieq(filter, "next") && users.n == 0)
            match = b->phase != PHASE_ENDED;
        if (match) {
            char st[256];
            list_status(b, st, sizeof st);
            buf_printf(&c.reply, "%-6d %-5d %-31s", b->number, board_move_number(b), st);
            for (int p = 0; p < b->np; p++)
                buf_printf(&c.reply, " %s", b->pl[p].id);
            buf_add(&c.reply, "\n");
            shown++;
        }
        board_free(b);
    }
    if (!shown)
        buf_add(&c.reply, "(no games)\n");
    free(nums);
    sl_free(&users);
    snprintf(c.subject, sizeof c.subject, "List of Genetess games");
    return ctx_finish(&c, EXIT_DONE);
}

static int cmd_history(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    Ctx c;
    ctx_init(&c);
    int rc;
    if ((rc = ctx_open(&c)) != 0)
        return ctx_finish(&c, rc);
    char *path = store_path(&c.st, "history/Genetess");
    char *text = NULL;
    Err err;
    int r = store_read_file(path, &text, NULL, &err);
    free(path);
    buf_add(&c.reply, "Historical List of Genetess games\n\ndate       board winner points players\n");
    if (r == 0)
        buf_add(&c.reply, text);
    else
        buf_add(&c.reply, "(no finished games)\n");
    free(text);
    snprintf(c.subject, sizeof c.subject, "Historical List of Genetess games");
    return ctx_finish(&c, EXIT_DONE);
}

static int cmd_help(int argc, char **argv)
{
    Ctx c;
    ctx_init(&c);
    Err err;
    const char *home = getenv("PBMHOME");
    snprintf(c.subject, sizeof c.subject, "Genetess help");
    if (mail_reply_address() && store_open(&c.st, &err) == 0)
        c.opened = true;
    if (help_get(home && *home ? home : NULL, argc ? argv[0] : NULL, &c.reply, &err) < 0)
        return refuse(&c, EXIT_REFUSED, "%s", err.msg);
    return ctx_finish(&c, EXIT_DONE);
}

static int cmd_calc(int argc, char **argv)
{
    (void)argc;
    Ctx c;
    ctx_init(&c);
    Err err;
    const char *a = argv[0];
    /* The calculator is part of the help (help/command-calc.txt); its refusals keep "Genetess error". */
    snprintf(c.subject, sizeof c.subject, "Genetess help");
    if ((a[0] == 'S' || a[0] == 's') && isdigit((unsigned char)a[1])) {
        int64_t code;
        if (!parse_i64(a + 1, &code) || code > 99 || special_describe((int)code, &c.reply, &err) < 0)
            return refuse(&c, EXIT_REFUSED, "%s", parse_i64(a + 1, &code) && code <= 99 ? err.msg : "Unknown special");
        return ctx_finish(&c, EXIT_DONE);
    }
    size_t n = strlen(a);
    if (n == 0 || n > 1000)
        return refuse(&c, EXIT_REFUSED, "calc takes a sequence of 1 to 1000 codes (letters A to Z)");
    Genome g;
    for (const char *p = a; *p; p++)
        if (!isalpha((unsigned char)*p))
            return refuse(&c, EXIT_REFUSED, "calc takes a sequence of 1 to 1000 codes (letters A to Z)");
    if (genome_parse(a, &g, false, &err) < 0)
        return refuse(&c, EXIT_REFUSED, "%s", err.msg);
    genome_describe(&g, &c.reply);
    return ctx_finish(&c, EXIT_DONE);
}

static int cmd_verify(int argc, char **argv)
{
    (void)argc;
    Ctx c;
    ctx_init(&c);
    int rc;
    Board *b = NULL, *r = NULL;
    Err err;
    if ((rc = ctx_open(&c)) != 0 || (rc = load_board(&c, argv[0], &b, NULL)) != 0)
        goto out;
    if (turn_replay(b, -1, &r, &err) < 0) {
        /* The reason quotes the history: public only once the game has ended (SPEC 5, 9.3). */
        if (b->phase == PHASE_ENDED) {
            buf_printf(&c.reply, "Genetess board %d: replay fails at %s\n", b->number, err.msg);
        } else {
            fprintf(stderr, "genetess: %d: replay fails at %s\n", b->number, err.msg);
            buf_printf(&c.reply, "Genetess board %d: the replay of its history fails (the reason is in the "
                                 "server's log)\n", b->number);
        }
        rc = EXIT_REFUSED;
        goto out;
    }
    char *want = boardfile_write_core(b), *got = boardfile_write_core(r);
    if (strcmp(want, got) == 0) {
        buf_printf(&c.reply, "Genetess board %d: consistent (%d moves replayed)\n", b->number, b->moves.n);
        rc = EXIT_DONE;
    } else {
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
        /* The line itself may hold pieces, E or orders: it goes to the admin's stderr only (SPEC 5). */
        fprintf(stderr, "genetess: %d: snapshot line %d: %.*s\n", b->number, line,
                le ? (int)(le - ls > 200 ? 200 : le - ls) : 200, ls);
        buf_printf(&c.reply, "Genetess board %d: differs from its replay at line %d of the snapshot\n", b->number,
                   line);
        rc = EXIT_REFUSED;
    }
    free(want);
    free(got);
out:
    if (b)
        set_subject(&c, b, rc);
    board_free(b);
    board_free(r);
    return ctx_finish(&c, rc);
}

static int cmd_signup(int argc, char **argv)
{
    (void)argc;
    Ctx c;
    ctx_init(&c);
    int rc;
    Err err;
    if ((rc = ctx_open(&c)) != 0)
        return ctx_finish(&c, rc);
    if (store_user_add(&c.st, argv[0], argv[1], argv[2], &err) < 0)
        return refuse(&c, EXIT_REFUSED, "%s", err.msg);
    buf_printf(&c.reply, "User %s signed up.\n", argv[0]);
    snprintf(c.subject, sizeof c.subject, "Genetess help"); /* SPEC 2.1 names no signup Subject */
    return ctx_finish(&c, EXIT_DONE);
}

static int cmd_cleanup(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    Ctx c;
    ctx_init(&c);
    int rc;
    if ((rc = ctx_open(&c)) != 0)
        return ctx_finish(&c, rc);
    int *nums = NULL;
    Err err;
    int n = store_list_boards(&c.st, &nums, &err);
    int worst = EXIT_DONE, archived = 0, processed = 0;
    for (int i = 0; i < n; i++) {
        char ns[16];
        snprintf(ns, sizeof ns, "%d", nums[i]);
        Board *b = NULL;
        int r = load_board(&c, ns, &b, NULL);
        if (!r)
            r = process_time(&c, b);
        if (r) {
            worst = r;
            board_free(b);
            continue;
        }
        processed++;
        /* Finished boards go to the archive 14 days after the end. */
        if (b->phase == PHASE_ENDED && b->clock.ended > 0 && c.now - b->clock.ended >= 14 * 86400) {
            if (store_archive_board(&c.st, b->number, &err) == 0) {
                update_list(&c, b->number, NULL);
                archived++;
            } else {
                fprintf(stderr, "genetess: %s\n", err.msg);
                worst = EXIT_SYSTEM;
            }
        } else {
            update_list(&c, b->number, b);
        }
        board_free(b);
    }
    free(nums);
    buf_printf(&c.reply, "Cleanup: %d boards processed, %d archived.\n", processed, archived);
    if (worst == EXIT_DONE) /* SPEC 2.1 names no Cleanup Subject: its work is the game list's */
        snprintf(c.subject, sizeof c.subject, "List of Genetess games");
    return ctx_finish(&c, worst);
}

int command_reject(const char *text, int rc)
{
    Ctx c;
    ctx_init(&c);
    if (rc == EXIT_USAGE) {
        fputs(text, stderr); /* usage lines go to stderr (STYLE), and to a mailing sender too */
        if (!mail_reply_address())
            return ctx_finish(&c, rc);
    }
    buf_add(&c.reply, text);
    return ctx_finish(&c, rc);
}

const Command command_table[] = {
    {"challenge", {NULL}, 0, -1, "challenge [--option=value...] userid1 userid2 [...]", true, cmd_challenge},
    {"move", {"board", "mvoe", NULL}, 3, -1, "move board userid password [ORDER...]", true, cmd_move},
    {"queue", {"qmove", NULL}, 3, -1, "queue board userid password [ORDER... | NONE]", true, cmd_queue},
    {"resign", {NULL}, 3, 3, "resign board userid password", true, cmd_resign},
    {"quiet", {NULL}, 4, 4, "quiet board userid password on|off", true, cmd_quiet},
    {"chat", {NULL}, 3, 3, "chat board userid password", true, cmd_chat},
    {"showas", {NULL}, 3, -1, "showas userid password board...", true, cmd_showas},
    {"show", {NULL}, 1, -1, "show board[#k]...", true, cmd_show},
    {"games", {NULL}, 0, -1, "games [userid...] [all|active|inactive|next]", true, cmd_games},
    {"history", {NULL}, 0, 0, "history", true, cmd_history},
    {"help", {NULL}, 0, 1, "help [topic]", false, cmd_help},
    {"calc", {NULL}, 1, 1, "calc SEQUENCE | calc S<n>", false, cmd_calc},
    {"verify", {NULL}, 1, 1, "verify board", true, cmd_verify},
    {"signup", {NULL}, 3, 3, "signup userid password address", true, cmd_signup},
    {"cleanup", {NULL}, 0, 0, "Cleanup", true, cmd_cleanup},
    {NULL, {NULL}, 0, 0, NULL, false, NULL},
};

const Command *command_find(const char *word)
{
    for (const Command *c = command_table; c->name; c++) {
        if (str_ieq(word, c->name))
            return c;
        for (int i = 0; i < 3 && c->alias[i]; i++)
            if (str_ieq(word, c->alias[i]))
                return c;
    }
    return NULL;
}
