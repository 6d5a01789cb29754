/* commands: the command table and the one pipeline every command runs through (SPEC 2). */
#include "pipeline.h"
#include "users.h"

#include <ctype.h>
#include <stdarg.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "boardfile.h"
#include "bot.h"
#include "clock.h"
#include "history.h"
#include "html.h"
#include "gamelist.h"
#include "turn.h"
#include "view.h"

/* ---- the command's context ---- */

static void ctx_init(CommandCtx *c, const Request *rq, const Command *cmd, int argc, char **argv)
{
    memset(c, 0, sizeof *c);
    c->req = rq;
    c->cmd = cmd;
    c->argc = argc;
    c->argv = argv;
    mail_init(&c->mq, rq);
    buf_init(&c->reply);
    c->now = rq->now;
    c->player = -1;
    c->reader = -1;
    c->k = -1;
    snprintf(c->subject, sizeof c->subject, "Genetess error");
}

/* Drops the board in hand and the act's working state over it. */
static void ctx_drop_board(CommandCtx *c)
{
    if (c->have_game)
        game_done(&c->g);
    c->have_game = false;
    board_free(c->b);
    c->b = NULL;
}

static void post_commit(CommandCtx *c, int n, const Board *b, const char *group);

/* Finishes what a killed command left (issue 10), under the lock: its temporary files go; a group of
 * mails whose board state was committed gets the work that follows the commit (list line, history,
 * delivery), one whose state was not is discarded; every other spooled message (a mailer that failed)
 * is delivered. */
static void recover(CommandCtx *c)
{
    StrList groups = {0};
    if (c->st.unclean || c->cmd->idle_skip) /* a holder was stopped; Cleanup looks every time */
        store_sweep_temps(&c->st);
    mail_groups(&c->st, &groups);
    for (int i = 0; i < groups.n; i++) {
        int n = atoi(groups.v[i]);
        const char *tag = strchr(groups.v[i], '.') + 1;
        int committed = store_board_committed(&c->st, n, tag);
        if (committed == 0) {
            mail_group_discard(&c->st, groups.v[i]);
        } else if (committed == 1) {
            Board *b = NULL;
            char *text = NULL, name[16];
            Err err;
            snprintf(name, sizeof name, "%d", n);
            if (strcmp(tag, "none") != 0 && store_load_board(&c->st, n, &text, NULL, &err) == 0)
                b = boardfile_parse(text, name, &err);
            free(text);
            post_commit(c, n, b, groups.v[i]);
            board_free(b);
        }
    }
    sl_free(&groups);
    mail_deliver(&c->mq, &c->st, NULL, (time_t)c->now);
}

/* Stage lock: opens and locks the store; on failure says why and returns the exit status. */
static int ctx_open(CommandCtx *c)
{
    Err err;
    if (store_open(&c->st, c->req, &err) < 0) {
        fprintf(stderr, "genetess: %s\n", err.msg);
        /* SPEC 2.3: with neither PBMHOME nor HOME there is nowhere to work (usage); else an I/O error. */
        return c->req->home && *c->req->home ? EXIT_SYSTEM : EXIT_USAGE;
    }
    c->opened = true;
    if (store_lock(&c->st, &err) < 0) {
        buf_printf(&c->reply, "%s\n", err.msg);
        return EXIT_SYSTEM;
    }
    recover(c);
    return 0;
}

/* Stage mail: sends the reply (stdout, or mail to SENDER), flushes queued mail, releases everything;
 * returns rc. */
static int ctx_finish(CommandCtx *c, int rc)
{
    const char *to = mail_reply_address(c->req);
    const char *sender = c->req->sender;
    Err err;
    if (!to && sender && *sender) /* issue 10: never mail a list or a malformed address */
        fputs("genetess: SENDER is not one address (local@domain): the reply is not mailed\n", stderr);
    /* SPEC 2.1: with SENDER set the reply is mailed, also for a command refused before it opened the
     * store (the outbox needs it; no lock: outbox/ is outside the locking). */
    if (c->reply.len && to && !c->opened && store_open(&c->st, c->req, &err) == 0)
        c->opened = true;
    if (c->reply.len) {
        if (to && c->opened) {
            if (mail_add_reply(&c->mq, to, c->subject, c->reply.s, &err) < 0)
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
    ctx_drop_board(c);
    mail_free(&c->mq);
    buf_free(&c->reply);
    sl_free(&c->ids);
    sl_free(&c->keys);
    sl_free(&c->vals);
    return rc;
}

int pipeline_refuse(CommandCtx *c, int rc, const char *fmt, ...)
{
    char msg[ERR_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    buf_printf(&c->reply, "%s\n", msg);
    snprintf(c->subject, sizeof c->subject, "Genetess error"); /* for errors with no board */
    return rc;
}

/* ---- boards ---- */

const char *pipeline_quote(const char *t, char *buf, size_t size)
{
    size_t k = 0;
    for (const char *p = t; *p && k + 4 < size && k < 200; p++)
        buf[k++] = isprint((unsigned char)*p) ? *p : '?';
    buf[k] = '\0';
    return buf;
}

/* "<name>:<line>:" (or "<name>:") of a "<name>:<line>: reason" message, without the reason, into place. */
static const char *error_place(const char *msg, const char *name, char place[48])
{
    size_t n = strlen(name), k = n + 1;
    if (strncmp(msg, name, n) != 0 || msg[n] != ':') {
        snprintf(place, 48, "%s:", name);
        return place;
    }
    while (k - n < 10 && isdigit((unsigned char)msg[k]))
        k++;
    if (k == n + 1 || msg[k] != ':')
        k = n;
    snprintf(place, 48, "%.*s:", (int)k, msg);
    return place;
}

/* Stage load: reads board nstr into *out. Returns 0, or an exit status with the reply written. When
 * text is not NULL, *text gets the file's text if it parses to *out as it stands (the caller frees it),
 * else NULL (an admin edit re-based the replay). */
static int load_board_text(CommandCtx *c, const char *nstr, Board **out, char **kept)
{
    if (kept)
        *kept = NULL;
    int n;
    char *text = NULL;
    Err err;
    *out = NULL;
    if (!store_valid_board_number(nstr, &n)) {
        char q[64];
        buf_printf(&c->reply, "Genetess board %s not found\n", pipeline_quote(nstr, q, 40));
        return EXIT_REFUSED;
    }
    int rc = store_load_board(&c->st, n, &text, NULL, &err);
    if (rc == 1) {
        buf_printf(&c->reply, "Genetess board %d not found\n", n);
        return EXIT_REFUSED;
    }
    if (rc < 0) {
        buf_printf(&c->reply, "Genetess board %d could not be read\n", n);
        fprintf(stderr, "genetess: %s\n", err.msg);
        snprintf(c->problem, sizeof c->problem, "%s", err.msg);
        return EXIT_SYSTEM;
    }
    char name[32];
    snprintf(name, sizeof name, "%d", n);
    Board *b = boardfile_parse(text, name, &err);
    if (kept && b && b->number == n)
        *kept = text;
    else
        free(text);
    if (!b) {
        char place[48];
        /* SPEC 2.4/5: no message echoes a file; the reason names squares and tokens of the board, so
         * players get "<n>:<line>:" only and the admin the whole reason on stderr. */
        fprintf(stderr, "genetess: %s\n", err.msg);
        snprintf(c->problem, sizeof c->problem, "%s", err.msg);
        buf_printf(&c->reply, "Genetess board %d is damaged and was not changed: %s the board file fails its "
                              "checks (the reason is in the server's log)\n",
                   n, error_place(err.msg, name, place));
        return EXIT_SYSTEM;
    }
    if (b->number != n) {
        snprintf(c->problem, sizeof c->problem, "%d: the file holds board %d", n, b->number);
        buf_printf(&c->reply, "Genetess board %d is damaged and was not changed: it holds board %d\n", n, b->number);
        board_free(b);
        return EXIT_SYSTEM;
    }
    if (history_rebase(&c->st, b) && kept) { /* the text as loaded is not the board any more */
        free(*kept);
        *kept = NULL;
    }
    *out = b;
    return 0;
}

/* Stage load without the text. */
static int load_board(CommandCtx *c, const char *nstr, Board **out)
{
    return load_board_text(c, nstr, out, NULL);
}

void pipeline_list_status(const Board *b, char *buf, size_t size)
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

/* Board number's list line (SPEC 9.2) from b into line. */
static void list_line(int number, const Board *b, char *line, size_t size)
{
    char st[256];
    pipeline_list_status(b, st, sizeof st);
    int k = snprintf(line, size, "%d:", number);
    for (int i = 0; i < b->np && k < 400; i++)
        k += snprintf(line + k, size - (size_t)k, "%s%s", i ? " " : "", b->pl[i].id);
    snprintf(line + k, size - (size_t)k, ":%d:%s\n", board_move_number(b), st);
}

int pipeline_update_list(CommandCtx *c, int number, const Board *b)
{
    char line[512];
    if (b)
        list_line(number, b, line, sizeof line);
    if (c->gamelist) { /* Cleanup: the list is written once, at the end of its run */
        gamelist_set(c->gamelist, number, b ? line : NULL);
        return 0;
    }
    Err err;
    int rc = gamelist_write_line(&c->st, number, b ? line : NULL, &err);
    if (rc < 0)
        fprintf(stderr, "genetess: %s\n", err.msg);
    return rc;
}

/* Abandons what was prepared for a state that was not saved: queued mail (SPEC 2.1: mail goes out
 * only after the save), the reply so far and its closing sheet. The caller then says what failed. */
static void abandon_unsaved(CommandCtx *c)
{
    mail_truncate(&c->mq, c->saved_mail);
    buf_free(&c->reply);
    buf_init(&c->reply);
    c->sheet_added = true; /* no sheet of a state that does not exist */
}

int pipeline_record_history(CommandCtx *c, const Board *b)
{
    char date[32];
    time_t t = (time_t)(b->clock.ended > 0 ? b->clock.ended : c->now); /* the day the game ended */
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
    int rc = store_append_history(&c->st, b->number, l.s, &err) < 0 ? -1 : 0;
    if (rc < 0)
        fprintf(stderr, "genetess: %s\n", err.msg);
    buf_free(&l);
    return rc;
}

/* The work that follows board n's commit (b: its committed state, NULL when it has no file any more):
 * its list line (SPEC 9.2), the history line of a game that ended (once), its mails delivered, the
 * group's record removed. Run again by the next command when a kill interrupted it, or when the list or
 * the history could not be written (the record stays). */
static void post_commit(CommandCtx *c, int n, const Board *b, const char *group)
{
    bool ok = pipeline_update_list(c, n, b) == 0;
    if (b && b->phase == PHASE_ENDED && pipeline_record_history(c, b) < 0)
        ok = false;
    if (!c->gamelist) /* a run over many boards delivers all its mails at once, at its end */
        mail_deliver(&c->mq, &c->st, group, (time_t)c->now);
    if (ok && c->gamelist)
        sl_push(&c->gamelist->groups, group); /* its record goes once the run's list is written */
    else if (ok)
        mail_group_done(&c->st, group);
}

/* Commits board n's new state: text (NULL: the board's file goes — deleted, or archived when
 * archive) with the mails queued since the last commit, then does the work that follows. Returns 0 or
 * -1 with err (nothing of the new state was committed; its mails are dropped). */
static int commit_board(CommandCtx *c, int n, const Board *b, const char *text, bool archive, Err *err)
{
    char tag[17] = "none";
    if (text)
        store_board_tag(text, tag);
    char group[40];
    snprintf(group, sizeof group, "%d.%s", n, tag);
    StoreWrite w = STORE_WRITE_NONE; /* the board's data goes to disk while the mails are spooled */
    int rc = text ? store_board_begin(&c->st, n, text, &w, err) : 0;
    int fds[2], nfds = store_write_fds(&w, fds); /* synced with the mails: the disk is waited for once */
    if (rc == 0)
        rc = mail_spool_group(&c->mq, c->saved_mail, &c->st, n, tag, (time_t)c->now, fds, nfds, err);
    else
        mail_truncate(&c->mq, c->saved_mail); /* nothing spooled: the mails of a state never saved go */
    w.synced = rc == 0;
    if (rc == 0)
        rc = text ? store_board_finish(&w, err)
                  : archive ? store_archive_board(&c->st, n, err) : store_delete_board(&c->st, n, err);
    store_write_abandon(&w);
    if (rc < 0 && store_board_committed(&c->st, n, tag) == 1)
        rc = 0; /* committed: only the .<n> copy could not go */
    else if (rc < 0)
        mail_group_discard(&c->st, group);
    c->saved_mail = c->mq.n;
    if (rc == 0)
        post_commit(c, n, text ? b : NULL, group);
    return rc;
}

int pipeline_remove_board(CommandCtx *c, int n, bool archive, Err *err)
{
    return commit_board(c, n, NULL, NULL, archive, err);
}

/* Saves the board, its mails and its list line; 0 or EXIT_SYSTEM (and then no queued mail is sent). */
static int save_board(CommandCtx *c, Board *b)
{
    Err err;
    /* Never write a board that would not load back: the loader's invariants, checked on the state itself
     * (tests/check_boardfile.c proves that parse(write(b)) is b). */
    if (board_check(b, &err) < 0) {
        fprintf(stderr, "genetess: internal error: the new board does not load: new: %s\n", err.msg);
        snprintf(c->problem, sizeof c->problem, "internal error: the new board does not load: new: %.400s", err.msg);
        abandon_unsaved(c);
        buf_add(&c->reply, "internal error: the new board does not load; nothing was changed\n");
        return EXIT_SYSTEM;
    }
    /* the new history lines first: past the count the board file has yet, they are not there */
    int rc = history_commit(&c->st, b, &err);
    if (rc == 0) {
        char *text = boardfile_write(b);
        rc = commit_board(c, b->number, b, text, false, &err);
        free(text);
    }
    if (rc < 0) {
        fprintf(stderr, "genetess: %s\n", err.msg);
        snprintf(c->problem, sizeof c->problem, "%s", err.msg);
        abandon_unsaved(c);
        buf_printf(&c->reply, "Genetess board %d could not be saved: nothing was changed; try again later\n",
                   b->number);
        return EXIT_SYSTEM;
    }
    return 0;
}

/* The reply's Subject for a command on board b (SPEC 2.1): "Genetess Board <n> <to-move>", or
 * "Genetess Board <n> Error" when rc says it was refused or failed. */
static void set_subject(CommandCtx *c, const Board *b, int rc)
{
    if (rc != EXIT_DONE)
        snprintf(c->subject, sizeof c->subject, "Genetess Board %d Error", b->number);
    else
        view_board_subject(b, false, c->subject, sizeof c->subject);
}

/* The Subject of a reply about several boards, called once per board with that board's outcome
 * (b NULL: not loaded): the first refused board's, else the last board's. */
static void note_subject(CommandCtx *c, const Board *b, int rc, bool *refused)
{
    if (*refused)
        return;
    *refused = rc != EXIT_DONE;
    if (b)
        set_subject(c, b, rc);
    else
        snprintf(c->subject, sizeof c->subject, "Genetess error");
}

/* ---- sheets ---- */

/* A player's news and E breakdown on the board hold, up to this line, what their last sheet showed: a
 * sheet shows what came after it, or, when nothing has yet (showas, a reply), the last sheet's again, so
 * that showas prints the sheet that was mailed (issue 12). */
static const char SHEET_SENT[] = "-- sheet sent --";

/* The index just past the last SHEET_SENT line of l (0: none). */
static int sent_end(const StrList *l)
{
    for (int i = l->n; i > 0; i--)
        if (strcmp(l->v[i - 1], SHEET_SENT) == 0)
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

/* Player p's news and E breakdown for a sheet into news and ebook: what came since their last sheet;
 * with again, when nothing has, what their last sheet showed. */
static void sheet_lists(const Player *pl, bool again, StrList *news, StrList *ebook)
{
    int n = sent_end(&pl->news), e = sent_end(&pl->ebook);
    bool fresh = n < pl->news.n || e < pl->ebook.n;
    if (fresh || !again) {
        copy_lines(&pl->news, n, pl->news.n, news);
        copy_lines(&pl->ebook, e, pl->ebook.n, ebook);
        return;
    }
    copy_lines(&pl->news, 0, n, news); /* sheet_keep leaves one mark: the last sheet's lines are before it */
    copy_lines(&pl->ebook, 0, e, ebook);
}

void pipeline_sheet(const Board *b, int p, Buf *out)
{
    StrList news = {0}, ebook = {0};
    sheet_lists(&b->pl[p], true, &news, &ebook);
    char *s = html_render_sheet(b, p, &news, &ebook, NULL, false, false, NULL);
    buf_add(out, s);
    free(s);
    sl_free(&news);
    sl_free(&ebook);
}

/* The sheets due after a stage: who gets one, and each reader's news and E breakdown, taken out of
 * the board (which keeps them only as the last sheet's, see SHEET_SENT) so that rendering changes
 * nothing. */
typedef struct Sheets {
    int np;
    bool is_new;
    int reader;         /* also gets a sheet in the reply (-1 none) */
    const char *result; /* the reader's order result */
    bool *mail;         /* per player: a sheet is mailed */
    bool *star;         /* per player: their * order was processed */
    StrList *news, *ebook;
} Sheets;

/* What the board keeps of a list once a sheet showing shown is sent: those lines, then SHEET_SENT. */
static void sheet_keep(StrList *l, const StrList *shown)
{
    sl_clear(l);
    copy_lines(shown, 0, shown->n, l);
    sl_push(l, SHEET_SENT);
}

/* Takes out of g's board the news and E breakdown of everyone due a sheet (every player when is_new)
 * and of reader, leaving on the board only what the sheet shows, marked as sent; clears g's due marks. */
static void sheets_take(Sheets *s, Game *g, bool is_new, int reader, const char *result)
{
    Board *b = g->b;
    s->np = b->np;
    s->is_new = is_new;
    s->reader = reader;
    s->result = result;
    s->mail = xcalloc((size_t)b->np, sizeof(bool));
    s->star = xcalloc((size_t)b->np, sizeof(bool));
    s->news = xcalloc((size_t)b->np, sizeof(StrList));
    s->ebook = xcalloc((size_t)b->np, sizeof(StrList));
    for (int p = 0; p < b->np; p++) {
        s->mail[p] = g->sheet_due[p] || is_new;
        s->star[p] = g->star_done[p];
        if (s->mail[p] || p == reader) {
            sheet_lists(&b->pl[p], false, &s->news[p], &s->ebook[p]);
            sheet_keep(&b->pl[p].news, &s->news[p]);
            sheet_keep(&b->pl[p].ebook, &s->ebook[p]);
            g->star_done[p] = false;
        }
        g->sheet_due[p] = false;
    }
}

static void sheets_free(Sheets *s)
{
    for (int p = 0; p < s->np; p++) {
        sl_free(&s->news[p]);
        sl_free(&s->ebook[p]);
    }
    free(s->mail);
    free(s->star);
    free(s->news);
    free(s->ebook);
    memset(s, 0, sizeof *s);
}

/* The etc/users entries of b's players, in seat order, in one read of the file (a player not there, or a
 * file that cannot be read: a NULL address, said on stderr by the caller). Release: players_users_free. */
static User *players_users(CommandCtx *c, const Board *b)
{
    const char **ids = xcalloc((size_t)b->np + 1, sizeof *ids);
    User *u = xcalloc((size_t)b->np + 1, sizeof *u);
    for (int p = 0; p < b->np; p++)
        ids[p] = b->pl[p].id;
    Err err;
    if (users_find_all(&c->st, ids, b->np, u, &err) < 0)
        fprintf(stderr, "genetess: %s\n", err.msg);
    free(ids);
    return u;
}

static void players_users_free(User *u, int n)
{
    for (int p = 0; p < n; p++)
        users_free(&u[p]);
    free(u);
}

/* Ends the reply with the sheet text t. */
static void reply_add_sheet(CommandCtx *c, const char *t)
{
    buf_add(&c->reply, "\n");
    buf_add(&c->reply, t);
    c->sheet_added = true;
}

/* Stage render: queues the taken-out sheets of b (mailed in player order; the reader's in the reply),
 * then frees s. */
static void sheets_send(CommandCtx *c, const Board *b, Sheets *s)
{
    char subj[160];
    view_board_subject(b, s->is_new, subj, sizeof subj);
    int r = s->reader;
    /* the reader's reply ends with the sheet they are mailed, unless that one is a new turn's */
    bool reuse = r >= 0 && !s->is_new && s->mail[r] && !bot_is(b->pl[r].id);
    if (r >= 0 && !reuse) {
        char *t = html_render_sheet(b, r, &s->news[r], &s->ebook[r], s->result, false, s->star[r], NULL);
        reply_add_sheet(c, t);
        free(t);
    }
    User *u = players_users(c, b);
    for (int p = 0; p < s->np; p++) {
        if (!s->mail[p] || bot_is(b->pl[p].id)) /* computer opponents get no mail */
            continue;
        char *html;
        char *t = html_render_sheet(b, p, &s->news[p], &s->ebook[p], p == r ? s->result : NULL, s->is_new,
                                    s->star[p], &html);
        if (p == r && reuse)
            reply_add_sheet(c, t);
        Err err;
        if (u[p].address) {
            if (mail_add_sheet(&c->mq, u[p].address, subj, t, html, &err) < 0)
                fprintf(stderr, "genetess: %s\n", err.msg);
        } else {
            fprintf(stderr, "genetess: no address for %s; sheet not sent\n", b->pl[p].id);
            free(html);
            free(t);
        }
    }
    players_users_free(u, b->np);
    sheets_free(s);
}

/* Ends the reply with the authenticated player's sheet (SPEC 2.1), once. */
static void reply_sheet(CommandCtx *c)
{
    const Board *b = c->b;
    if (!b || !c->cmd->reply_sheet || c->player < 0 || c->player >= b->np || c->sheet_added)
        return;
    buf_add(&c->reply, "\n");
    pipeline_sheet(b, c->player, &c->reply);
    c->sheet_added = true;
}

/* ---- the stages of one board ---- */

/* Stage authenticate (SPEC 2.1): the user of the row's auth column must play c->b. Sets c->player. */
static int stage_auth(CommandCtx *c)
{
    const Command *cmd = c->cmd;
    c->player = -1;
    if (cmd->auth == AUTH_NONE)
        return 0;
    const char *id = cmd->auth == AUTH_PLAYER ? c->argv[1] : c->argv[0];
    if (cmd->auth == AUTH_PLAYER) {
        User u;
        Err err;
        if (users_auth(&c->st, id, c->argv[2], &u, &err) < 0) {
            buf_printf(&c->reply, "%s\n", err.msg);
            return EXIT_REFUSED;
        }
        users_free(&u);
    }
    int p = board_player_index(c->b, id);
    if (p < 0) {
        buf_add(&c->reply, "You are NOT playing this game\n");
        return EXIT_REFUSED;
    }
    c->player = p;
    return 0;
}

/* Queues the nag mails clock_nag found due (g->nag_due), each to the player's address. */
static void mail_nags(CommandCtx *c, const Game *g)
{
    const Board *b = g->b;
    for (int p = 0; p < b->np; p++) {
        if (!g->nag_due[p] || bot_is(b->pl[p].id))
            continue;
        User u;
        Err err;
        if (users_find(&c->st, b->pl[p].id, &u, &err) != 0) {
            fprintf(stderr, "genetess: no address for %s; nag not sent\n", b->pl[p].id);
            continue;
        }
        Buf subj, body;
        buf_init(&subj);
        buf_init(&body);
        view_nag(b, p, &subj, &body);
        if (mail_add(&c->mq, u.address, subj.s, body.s, &err) < 0)
            fprintf(stderr, "genetess: %s\n", err.msg);
        else
            c->nags++;
        buf_free(&subj);
        buf_free(&body);
        users_free(&u);
    }
}

/* Stage process time (SPEC 2.3): expired deadlines, holidays and nags of c->b. The sheets of the turns
 * this starts are rendered at once from the board as it now stands (that state is committed whatever
 * the act does) and queued. Returns true when the board changed (it must be saved). */
static bool stage_time(CommandCtx *c)
{
    Board *b = c->b;
    if (!c->cmd->time || b->phase == PHASE_ENDED)
        return false;
    Game g;
    game_init(&g, b, c->now);
    bool changed = turn_process_time(&g);
    if (changed) {
        c->deadlines++;
        Sheets s;
        sheets_take(&s, &g, false, -1, NULL);
        sheets_send(c, b, &s);
    } else {
        clock_nag(&g);
        mail_nags(c, &g);
        changed = g.nagged;
    }
    game_done(&g);
    return changed;
}

/* Stage act: the command's own work on c->b (a board that has ended refuses it when the row says so). */
static int stage_act(CommandCtx *c)
{
    const Command *cmd = c->cmd;
    c->dirty = false;
    c->fate = FATE_KEEP;
    c->reader = -1;
    c->result[0] = '\0';
    if (cmd->boards != BOARDS_ONE)
        return 0; /* over several boards the act ran before them */
    if (cmd->running && c->b->phase == PHASE_ENDED) {
        buf_add(&c->reply, "The game has ended\n");
        return EXIT_REFUSED;
    }
    if (cmd->saves) {
        game_init(&c->g, c->b, c->now);
        c->have_game = true;
    }
    return cmd->act(c);
}

/* The act deleted the board (resign in round 0): its files and list line go; no one is to move on it. */
static void drop_deleted(CommandCtx *c)
{
    int n = c->b->number;
    Err err;
    ctx_drop_board(c);
    if (pipeline_remove_board(c, n, false, &err) < 0)
        fprintf(stderr, "genetess: %s\n", err.msg);
    c->player = -1;
    snprintf(c->subject, sizeof c->subject, "Genetess Board %d", n);
}

/* Stages save and render (SPEC 2.1): a refused act leaves nothing of itself — the board goes back to
 * base (the state after time processing, NULL: nothing to go back to, its history base_moves lines
 * long); the board is saved once when
 * the time processing or the act changed it; the sheets due are rendered from the saved state and
 * queued. A failed save queues nothing about the unsaved state. Returns the exit status. */
static int stage_commit(CommandCtx *c, int rc, bool changed, const char *base, int base_moves)
{
    const Command *cmd = c->cmd;
    if (c->fate == FATE_DELETE) {
        drop_deleted(c);
        return rc;
    }
    if (!c->dirty && rc != EXIT_DONE) {
        if (c->have_game)
            game_done(&c->g);
        c->have_game = false;
        if (base) {
            Err err;
            Board *back = boardfile_parse(base, "base", &err);
            if (!back) { /* cannot happen: base was serialized from a board that loaded */
                fprintf(stderr, "genetess: internal error: the board after time processing does not load: %s\n",
                        err.msg);
                return rc;
            }
            history_adopt(back, c->b, base_moves);
            board_free(c->b);
            c->b = back;
        }
    }
    Sheets s = {0};
    if (c->have_game && cmd->sheets != SHEETS_NONE)
        sheets_take(&s, &c->g, cmd->sheets == SHEETS_NEW, c->reader, c->result);
    if (s.np) /* rendered from the state about to be saved: its mails commit with it */
        sheets_send(c, c->b, &s);
    if (changed || c->dirty)
        return save_board(c, c->b) ? EXIT_SYSTEM : rc;
    return rc;
}

/* The per-board stages: load -> authenticate -> process time -> act -> save -> render. The board
 * stays in c->b (NULL when it was not loaded or was deleted). Returns the exit status. */
static int run_board(CommandCtx *c, const char *name)
{
    if (!store_valid_board_number(name, &c->number))
        c->number = 0;
    c->problem[0] = '\0';
    char *loaded = NULL;
    int rc = load_board_text(c, name, &c->b, c->cmd->saves ? &loaded : NULL);
    if (rc)
        return rc;
    /* SPEC 2.1, 2.3: expired deadlines are processed before authentication and committed whatever it
     * says; the refusal tells nothing of them (their sheets go to the players by mail). */
    bool changed = stage_time(c);
    if ((rc = stage_auth(c)) != 0) {
        free(loaded);
        int r = changed ? save_board(c, c->b) : 0;
        return r ? r : rc;
    }
    /* The state to go back to: the file as loaded when time changed nothing (parsed only if needed). */
    char *base = loaded;
    int base_moves = board_moves_count(c->b); /* base holds those not yet in <n>.moves only in c->b */
    if (c->cmd->saves && (changed || !base)) {
        free(base);
        base = boardfile_write(c->b);
    }
    rc = stage_act(c);
    rc = stage_commit(c, rc, changed, base, base_moves);
    free(base);
    return rc;
}

/* A board argument "n" or, when the row allows it, "n#k" (k into c->k). 0 or EXIT_USAGE (reply written). */
static int board_argument(CommandCtx *c, const char *arg, char *name, size_t size)
{
    snprintf(name, size, "%s", arg);
    c->k = -1;
    char *h = c->cmd->numbered ? strchr(name, '#') : NULL;
    if (!h)
        return 0;
    *h = '\0';
    int64_t v;
    if (!parse_i64(h + 1, &v) || v > 1000000000) {
        buf_printf(&c->reply, "%s takes board or board#k\n", c->cmd->name);
        return EXIT_USAGE;
    }
    c->k = (int)v;
    return 0;
}

/* The per-board stages for one board of a command over several, then its `each` stage. Returns the
 * board's exit status. */
static int run_one_of(CommandCtx *c, const char *arg, bool *refused)
{
    const Command *cmd = c->cmd;
    char name[64];
    int r = board_argument(c, arg, name, sizeof name);
    if (r == 0 && cmd->hide_errors) {
        Buf shown = c->reply; /* what goes wrong with the board is the each stage's to tell */
        buf_init(&c->reply);
        r = run_board(c, name);
        buf_free(&c->reply);
        c->reply = shown;
    } else if (r == 0) {
        r = run_board(c, name);
    }
    /* Every board: each is told how its stages went. Listed boards: each runs on those that loaded. */
    if (cmd->boards == BOARDS_ALL || r == 0)
        r = cmd->each(c, r);
    if (cmd->boards == BOARDS_LISTED)
        note_subject(c, c->b, r, refused);
    if (c->gamelist && r == 0 && c->b)
        gamelist_note(c->gamelist, &c->st, c->b->number, c->b);
    ctx_drop_board(c);
    c->player = -1;
    return r;
}

/* Ends a run that kept its list in memory: the list is written once, then the done groups' records go and
 * all their mails are delivered in one pass (a list not written keeps them: the next command redoes it). */
static void close_gamelist(CommandCtx *c)
{
    Gamelist *l = c->gamelist;
    Err err;
    c->gamelist = NULL;
    bool ok = gamelist_close(l, &c->st, &err) == 0;
    if (!ok)
        fprintf(stderr, "genetess: %s\n", err.msg);
    for (int i = 0; ok && i < l->groups.n; i++)
        mail_group_done(&c->st, l->groups.v[i]);
    sl_free(&l->groups);
    mail_deliver(&c->mq, &c->st, NULL, (time_t)c->now);
}

/* The boards of a command over several: the listed arguments, or every active board. */
static int run_boards(CommandCtx *c)
{
    int rc = EXIT_DONE;
    bool refused = false;
    if (c->cmd->boards == BOARDS_LISTED) {
        for (int i = c->cmd->first_board; i < c->argc; i++) {
            int r = run_one_of(c, c->argv[i], &refused);
            if (r)
                rc = r;
        }
        return rc;
    }
    int *nums = NULL;
    Err err;
    int n = store_list_boards(&c->st, &nums, &err);
    Gamelist list;
    if (c->cmd->idle_skip) {
        gamelist_open(&list, &c->st);
        c->gamelist = &list;
    }
    for (int i = 0; i < n; i++) {
        if (c->gamelist && gamelist_idle(c->gamelist, &c->st, nums[i], c->now)) {
            c->done++; /* looked at: the due index says it has nothing to do yet */
            continue;
        }
        char ns[16];
        snprintf(ns, sizeof ns, "%d", nums[i]);
        int r = run_one_of(c, ns, &refused);
        if (r)
            rc = r;
    }
    free(nums);
    if (c->gamelist)
        close_gamelist(c);
    return rc;
}

/* The stages after the lock, by the row's boards column. */
static int run_stages(CommandCtx *c)
{
    const Command *cmd = c->cmd;
    int rc;
    switch (cmd->boards) {
    case BOARDS_NONE:
        rc = cmd->act(c);
        if (c->b) /* the act created a board (challenge) */
            rc = stage_commit(c, rc, false, NULL, 0);
        return rc;
    case BOARDS_ONE:
        rc = run_board(c, c->argv[0]);
        if (c->b)
            set_subject(c, c->b, rc);
        reply_sheet(c);
        return rc;
    default:
        rc = cmd->act ? cmd->act(c) : 0;
        return rc ? rc : run_boards(c);
    }
}

/* A command refused at its user's authentication still commits the expired deadlines of the boards it
 * names (SPEC 2.1, 2.3); the refusal says nothing of them (their sheets go to the players by mail). */
static void commit_time_only(CommandCtx *c)
{
    if (!c->cmd->time || c->cmd->boards != BOARDS_LISTED)
        return;
    Buf said = c->reply;
    char subject[sizeof c->subject];
    memcpy(subject, c->subject, sizeof subject);
    for (int i = c->cmd->first_board; i < c->argc; i++) {
        char name[64];
        buf_init(&c->reply);
        if (board_argument(c, c->argv[i], name, sizeof name) == 0 && load_board(c, name, &c->b) == 0 &&
            stage_time(c))
            (void)save_board(c, c->b);
        buf_free(&c->reply);
        ctx_drop_board(c);
    }
    c->reply = said;
    memcpy(c->subject, subject, sizeof subject);
}

int pipeline_run(const Command *cmd, const Request *rq, int argc, char **argv)
{
    CommandCtx c;
    ctx_init(&c, rq, cmd, argc, argv);
    int rc = cmd->check ? cmd->check(&c) : 0;
    if (rc == 0 && cmd->lock)
        rc = ctx_open(&c);
    if (rc == 0 && cmd->auth == AUTH_USER) {
        User u;
        Err err;
        if (users_auth(&c.st, argv[0], argv[1], &u, &err) < 0) {
            rc = pipeline_refuse(&c, EXIT_REFUSED, "%s", err.msg);
            commit_time_only(&c);
        } else
            users_free(&u);
    }
    if (rc == 0) {
        rc = run_stages(&c);
        if (cmd->close)
            rc = cmd->close(&c, rc);
    }
    return ctx_finish(&c, rc);
}

int pipeline_reject(const Request *rq, const char *text, int rc)
{
    CommandCtx c;
    ctx_init(&c, rq, NULL, 0, NULL);
    if (rc == EXIT_USAGE) {
        fputs(text, stderr); /* usage lines go to stderr (STYLE), and to a mailing sender too */
        if (!mail_reply_address(rq))
            return ctx_finish(&c, rc);
    }
    buf_add(&c.reply, text);
    return ctx_finish(&c, rc);
}
