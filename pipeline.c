/* pipeline: what every command shares and one board's transaction (pipeline.h; contract sections 3 and 5).
 *
 * A board's transaction, pipeline_board, is the one place a board changes hands: it is loaded; its
 * expired deadlines are processed and the sheets they make due rendered (committed whatever follows);
 * the player is authenticated; the act runs; the sheets the act made due are rendered from the new state;
 * the board, its new move-list lines and those mails are committed together (the mails spooled first, the
 * board renamed into place: store.h, mail.h); then the list line and the finished-games record follow and
 * the mails are delivered. */
#include "pipeline.h"
#include "users.h"

#include <assert.h>
#include <ctype.h>
#include <stdarg.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "boardfile.h"
#include "bot.h"
#include "deadline.h"
#include "handled.h"
#include "layout.h"
#include "movelist.h"
#include "sheet.h"
#include "turn.h"
#include "view.h"
#include "subject.h"

/* ---- the command's context ---- */

static void ctx_init(CommandCtx *c, const Host *host, const Request *rq, RequestOutcome *out, const Command *cmd,
                     int argc, char **argv)
{
    memset(c, 0, sizeof *c);
    c->host = host;
    c->req = rq;
    c->out = out;
    c->cmd = cmd;
    c->argc = argc;
    c->argv = argv;
    mail_init(&c->mq, host, rq);
    if (rq->store) { /* the mail front's store, open for the whole message */
        c->st = *rq->store;
        c->opened = c->borrowed = true;
        c->lent_locked = c->st.lockfd >= 0;
    }
    buf_init(&c->reply);
    c->now = rq->now;
    subject_write(SUBJECT_ERROR, 0, NULL, c->subject, sizeof c->subject);
}

static void post_commit(CommandCtx *c, Gamelist *list, int n, const Board *b, const char *group, DiskLater *dir);

/* Finishes what a stopped command left, under the lock (contract 3): its temporary files go (looked for
 * when the lock's last holder was stopped, and by the commands that sweep every time); a group of mails
 * whose board state was committed gets the work that follows the commit (list line, finished-games record,
 * delivery), one whose state was not is discarded; every other spooled message (a mailer that failed) is
 * delivered. */
static void recover(CommandCtx *c)
{
    StrList groups = {0};
    if (c->st.unclean || (c->cmd && (c->cmd->flags & CMD_SWEEPS)))
        store_sweep_temps(&c->st);
    mail_groups(&c->st, &groups);
    for (int i = 0; i < groups.n; i++) {
        int n;
        char tag[17];
        if (!mail_group_parse(groups.v[i], &n, tag))
            continue; /* no group of ours: a name the program never writes */
        int committed = store_board_committed(&c->st, n, tag);
        if (committed == 0) {
            mail_group_discard(&c->st, groups.v[i]);
        } else if (committed == 1) {
            Board *b = NULL;
            char *text = NULL, name[16];
            bool archived; /* a state with no file in games/Genetess (its board gone): no board to list */
            Err err;
            snprintf(name, sizeof name, "%d", n);
            if (store_load_board(&c->st, n, &text, &archived, &err) == 0 && !archived)
                b = boardfile_parse(text, name, &err);
            free(text);
            /* the killed command may have renamed without syncing the directory: the state is made
             * durable before its mail goes (side by side with the list's file) */
            DiskLater dirs = DISK_LATER_NONE;
            store_board_dirs_later(&c->st, &dirs);
            post_commit(c, NULL, n, b, groups.v[i], &dirs);
            board_free(b);
        }
    }
    sl_free(&groups);
    mail_deliver(&c->mq, &c->st, NULL, (time_t)c->now);
}

int pipeline_lock(CommandCtx *c)
{
    Err err;
    if (c->opened && c->st.lockfd >= 0) {
        if (c->lent_locked && !c->locked_once) { /* the lender took the lock: what it left is finished here */
            c->locked_once = true;
            recover(c);
        }
        return 0;
    }
    bool again = c->locked_once; /* a command that let go of the lock (store_unlock) takes it again: web */
    if (!c->opened && store_open(&c->st, c->host, &err) < 0) {
        fprintf(stderr, "genetess: %s\n", err.msg);
        /* contract 1: with neither PBMHOME nor HOME there is nowhere to work (usage); else an I/O error. */
        return c->host->home && *c->host->home ? EXIT_SYSTEM : EXIT_USAGE;
    }
    c->opened = true;
    int rc = store_lock(&c->st, &err);
    if (rc < 0) {
        bool busy = rc == STORE_LOCK_BUSY;
        if (!busy) /* the reason names the server's path: the log has it, the reply never (contract 15) */
            fprintf(stderr, "genetess: %s\n", err.msg);
        if (busy && c->req->busy_defers && c->out) { /* the MTA brings the message back (contract 2.1) */
            c->out->busy = true;
            return EXIT_SYSTEM;
        }
        buf_add(&c->reply, busy ? "Genetess is busy; try again later\n"
                                : "Genetess cannot take its lock; try again later\n");
        return EXIT_SYSTEM;
    }
    c->locked_once = true;
    if (!again || c->st.unclean)
        recover(c);
    return 0;
}

/* Mails user id the notice that their wrong passwords reached the limit (contract 15). */
static void lock_notice(CommandCtx *c, const char *id)
{
    User u;
    Err err;
    char when[40];
    if (users_find(&c->st, id, &u, &err) != 0)
        return;
    UsersAuth a = users_auth_read(&c->st, u.id, c->now); /* the hour's lock: it ends an hour after it began */
    char subj[SUBJECT_WORD_MAX + 64];
    subject_write(SUBJECT_PASSWORDS, 0, u.id, subj, sizeof subj);
    /* users_login asks for it at most once a day (contract 15.2) */
    Buf body;
    buf_init(&body);
    buf_printf(&body, "%d wrong passwords for your userid %s came in the last hour.\n\nUntil %s, commands for %s "
                      "that come by mail are taken only from your own address, %s. Nothing else changed; if it "
                      "was not you, you need do nothing.\n\nThis notice comes at most once a day.\n",
               USERS_AUTH_FAILS, u.id, fmt_time(a.start + USERS_AUTH_WINDOW, when, sizeof when), u.id, u.address);
    layout_wrap_prose(&body, 0);
    if (mail_add(&c->mq, u.address, subj, body.s, &err) < 0)
        fprintf(stderr, "genetess: %s\n", err.msg);
    buf_free(&body);
    users_free(&u);
}

/* What follows a login's check (rc, err, notify as users_login gives them) for user u: the notice of a lock,
 * the refusal, the command's outcome (c->out), the exactly-once hook. 0 or EXIT_REFUSED. */
static int login_checked(CommandCtx *c, const char *id, int rc, const Err *err, bool notify, const User *u)
{
    if (notify)
        lock_notice(c, id);
    if (rc < 0) {
        buf_printf(&c->reply, "%s\n", err->msg);
        if (c->req->userid_address) /* a reply (contract 2.1): say which word was read as the password */
            buf_add(&c->reply, "The first word of your reply was read as your password. Write your password first "
                               "on the line, then your order, command or text, e.g. \"yourpassword PASS\".\n");
        subject_write(SUBJECT_ERROR, 0, NULL, c->subject, sizeof c->subject);
        return EXIT_REFUSED;
    }
    RequestOutcome *o = c->out;
    if (o) {
        o->authenticated = true;
        if (!*o->address && u->address && users_valid_address(u->address)) /* where the reply goes (contract 3.1) */
            snprintf(o->address, sizeof o->address, "%s", u->address);
    }
    if (handled_login(c->req->handled, u->id)) { /* contract 2.1: ran already with this password: no run, no answer */
        buf_free(&c->reply);
        buf_init(&c->reply);
        return EXIT_REFUSED;
    }
    return 0;
}

int pipeline_login(CommandCtx *c, const char *id, const char *password, User *out)
{
    Err err;
    bool notify = false;
    User u = {0};
    /* users_login sets notify: call it first (an argument's order of evaluation is unspecified) */
    int login = users_login(&c->st, id, password, c->req, &u, &notify, &err);
    int rc = login_checked(c, id, login, &err, notify, &u);
    if (rc == 0 && out)
        *out = u;
    else
        users_free(&u);
    return rc;
}

int pipeline_auth_user(CommandCtx *c)
{
    int rc = pipeline_userid(c, 0, NULL);
    return rc ? rc : pipeline_login(c, c->argv[0], c->argv[1], NULL);
}

/* Sends the reply (stdout, or mail to the sender), flushes queued mail, releases everything; returns rc. */
static int ctx_finish(CommandCtx *c, int rc)
{
    const char *to = mail_reply_address(c->req, c->out);
    const char *sender = c->req->sender;
    Err err;
    if (!to && sender && *sender) /* never mail a list or a malformed address (contract 1) */
        fputs("genetess: SENDER is not one address (local@domain): the reply is not mailed\n", stderr);
    /* contract 3: with a sender the reply is mailed, also for a command refused before it opened the
     * store (the outbox needs it; no lock: outbox/ is outside the locking). */
    if (!c->reply_prose && to)
        layout_wrap_prose(&c->reply, 0); /* a mailed reply without a sheet: all prose */
    RequestOutcome *out = c->out;
    if (c->reply.len && c->req->reply_needs_auth && !(out && *out->address)) {
        buf_free(&c->reply); /* the sender's mailbox is over its budget (contract 2.1, 15.2) */
        buf_init(&c->reply);
        if (out)
            out->reply_held = true;
    }
    if (c->reply.len > REPLY_MAX && to) { /* contract 15: a mailed reply is bounded */
        size_t cut = REPLY_MAX;
        while (cut > 0 && c->reply.s[cut - 1] != '\n')
            cut--;
        c->reply.len = cut;
        c->reply.s[cut] = '\0';
        buf_printf(&c->reply, "\n(The reply was cut here: at most %d bytes are mailed.)\n", REPLY_MAX);
        free(c->reply_html); /* the HTML part would say more than the text */
        c->reply_html = NULL;
    }
    if (c->reply.len && to && !c->opened && store_open(&c->st, c->host, &err) == 0)
        c->opened = true;
    if (c->reply.len) {
        if (to && c->opened) { /* contract 3.1: one mail, the reply and the sheet it ends with */
            char *html = c->reply_html;
            c->reply_html = NULL;
            if (out) /* what the reply costs its mailbox's budget (contract 2.1) */
                out->reply_bytes = (int64_t)(c->reply.len + (html ? strlen(html) : 0));
            if (mail_add_reply_sheet(&c->mq, to, c->subject, xstrdup(c->reply.s), html, &err) < 0)
                fprintf(stderr, "genetess: %s\n", err.msg);
        } else {
            fputs(c->reply.s, stdout);
            fflush(stdout);
        }
    }
    if (c->opened) {
        if (mail_flush(&c->mq, &c->st, (time_t)c->now) < 0 && rc == EXIT_DONE)
            rc = EXIT_SYSTEM; /* a message could not be spooled: said on stderr (contract 3.2) */
        if (!c->borrowed)
            store_close(&c->st);
        else if (!c->lent_locked) /* the store stays open for the message's next command */
            store_unlock(&c->st);
    }
    mail_free(&c->mq);
    buf_free(&c->reply);
    free(c->reply_html);
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
    subject_write(SUBJECT_ERROR, 0, NULL, c->subject, sizeof c->subject); /* for errors with no board */
    return rc;
}

const char *pipeline_usage_text(const Command *cmd, const char *why, bool by_mail, char *buf, size_t size)
{
    snprintf(buf, size, "usage: genetess %s%s%s%s\n%s%s%s", cmd->usage, why ? " (" : "", why ? why : "", why ? ")" : "",
             by_mail ? "(the Subject \"help " : "", by_mail ? cmd->name : "", by_mail ? "\" explains it)\n" : "");
    return buf;
}

int pipeline_usage(CommandCtx *c, const char *why_fmt, ...)
{
    char text[ERR_MAX], why[ERR_MAX / 2];
    if (why_fmt) {
        va_list ap;
        va_start(ap, why_fmt);
        vsnprintf(why, sizeof why, why_fmt, ap);
        va_end(ap);
    }
    const char *w = why_fmt ? why : NULL;
    fputs(pipeline_usage_text(c->cmd, w, false, text, sizeof text), stderr);
    if (mail_reply_address(c->req, c->out)) { /* by mail in the reply too, as command_run's (contract 2.1) */
        buf_add(&c->reply, pipeline_usage_text(c->cmd, w, c->req->by_mail, text, sizeof text));
        subject_write(SUBJECT_ERROR, 0, NULL, c->subject, sizeof c->subject);
    }
    return EXIT_USAGE;
}

/* ---- boards ---- */

/* Stage load: reads board nstr into *out (an admin's edit recorded in its move list re-bases its replay:
 * movelist_rebase). Returns 0, or an exit status with the reply written and the reason in t->problem. */
static int load_board(CommandCtx *c, Txn *t, const char *nstr, Board **out)
{
    int n;
    char *text = NULL;
    Err err;
    *out = NULL;
    if (!store_valid_board_number(nstr, &n)) {
        char q[64];
        buf_printf(&c->reply, "Genetess board %s not found\n", str_quote(nstr, q, 40));
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
        snprintf(t->problem, sizeof t->problem, "%s", err.msg);
        return EXIT_SYSTEM;
    }
    char name[32];
    snprintf(name, sizeof name, "%d", n);
    BoardfileError bad;
    Board *b = boardfile_parse_take(text, name, &bad); /* it frees text */
    if (!b) {
        char place[48];
        /* contract 10: no message echoes a file; the reason names squares and tokens of the board, so
         * players get "<n>:<line>:" (a board broken as a whole: "<n>:") only and the admin the whole reason on
         * stderr. */
        if (bad.line > 0)
            snprintf(place, sizeof place, "%d:%d:", n, bad.line);
        else
            snprintf(place, sizeof place, "%d:", n);
        fprintf(stderr, "genetess: %s\n", bad.err.msg);
        snprintf(t->problem, sizeof t->problem, "%s", bad.err.msg);
        buf_printf(&c->reply, "Genetess board %d is damaged and was not changed: %s the board file fails its "
                              "checks (the reason is in the server's log)\n",
                   n, place);
        return EXIT_SYSTEM;
    }
    if (b->number != n) {
        snprintf(t->problem, sizeof t->problem, "%d: the file holds board %d", n, b->number);
        buf_printf(&c->reply, "Genetess board %d is damaged and was not changed: it holds board %d\n", n, b->number);
        board_free(b);
        return EXIT_SYSTEM;
    }
    movelist_rebase(&c->st, b);
    *out = b;
    t->stage = TXN_STAGE_LOADED;
    return 0;
}

/* pipeline_update_list, the list file's fsyncs beside those put off in before and after (gamelist_write_line). */
static int update_list(CommandCtx *c, Gamelist *list, int number, const Board *b, DiskLater *before,
                       DiskLater *after)
{
    char *line = NULL;
    ListRecord r;
    if (b) {
        gamelist_record_of(number, b, &r);
        line = gamelist_format(&r);
    }
    int rc = 0;
    Err err;
    if (list) /* a run over many boards: the list is written once, at its end */
        gamelist_set(list, number, line);
    else if ((rc = gamelist_write_line(&c->st, number, line, before, after, &err)) < 0)
        fprintf(stderr, "genetess: %s\n", err.msg);
    free(line);
    return rc;
}

int pipeline_update_list(CommandCtx *c, Gamelist *list, int number, const Board *b)
{
    return update_list(c, list, number, b, NULL, NULL);
}

/* Abandons what was prepared for a state that was not saved: queued mail (contract 3: mail goes out only
 * after the save), the reply so far and its closing sheet. The caller then says what failed. */
static void abandon_unsaved(CommandCtx *c, Txn *t)
{
    mail_truncate(&c->mq, c->saved_mail);
    buf_free(&c->reply);
    buf_init(&c->reply);
    free(c->reply_html);
    c->reply_html = NULL;
    t->sheet_added = true; /* no sheet of a state that does not exist */
}

int pipeline_record_finished(CommandCtx *c, const Board *b)
{
    char date[32];
    time_t t = (time_t)(b->clock.ended > 0 ? b->clock.ended : c->now); /* the day the game ended */
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(date, sizeof date, "%Y-%m-%d", &tm);
    int best;
    int who = game_winner(b, &best);
    StoreHistory h = {.date = xstrdup(date), .board = b->number, .winner = xstrdup(who >= 0 ? b->pl[who].id : "TIE"),
                      .points = best};
    for (int i = 0; i < b->np; i++)
        sl_push(&h.players, b->pl[i].id);
    Err err;
    int rc = store_append_finished(&c->st, &h, &err) < 0 ? -1 : 0;
    if (rc < 0)
        fprintf(stderr, "genetess: %s\n", err.msg);
    store_history_free(&h);
    return rc;
}

/* The work that follows board n's commit (b: its committed state, NULL when it has no file any more):
 * its list line (in list when given), the finished-games record of a game that ended (once), its mails
 * delivered (at the run's end when list is given), the group's record removed. Run again by the next
 * command when a stop interrupted it, or when the list or the record could not be written (the group's
 * record stays). dir: the games directory's fsync after the board's rename, put off (NULL: none): it runs
 * beside the list file's, before any mail goes; the list directory's runs beside outbox/'s, before the
 * record goes. */
static void post_commit(CommandCtx *c, Gamelist *list, int n, const Board *b, const char *group, DiskLater *dir)
{
    DiskLater list_dir = DISK_LATER_NONE;
    bool ok = update_list(c, list, n, b, dir, &list_dir) == 0;
    (void)disk_later_run(dir, NULL); /* when the list did not run it: it was not written */
    if (b && b->phase == PHASE_ENDED && pipeline_record_finished(c, b) < 0)
        ok = false;
    if (!list)
        mail_deliver_with(&c->mq, &c->st, group, (time_t)c->now, &list_dir);
    (void)disk_later_run(&list_dir, NULL); /* when no delivery ran it */
    if (ok && list)
        sl_push(&list->groups, group); /* its record goes once the run's list is written */
    else if (ok)
        mail_group_done(&c->st, group);
}

/* Commits board n's new state: text (NULL: the board's file goes — deleted, or archived when
 * archive) with the mails queued since the last commit, then does the work that follows. Returns 0 or
 * -1 with err (nothing of the new state was committed; its mails are dropped). */
static int commit_board(CommandCtx *c, Gamelist *list, int n, const Board *b, const char *text, bool archive,
                        Err *err)
{
    char tag[17];
    store_board_tag(text, tag);
    char group[40];
    mail_group_name(n, tag, group, sizeof group);
    StoreWrite w = STORE_WRITE_NONE; /* the board's data goes to disk while the mails are spooled */
    int rc = text ? store_board_begin(&c->st, n, text, &w, err) : 0;
    int fds[2], nfds = store_board_fds(&w, fds); /* synced with the mails: the disk is waited for once */
    if (rc == 0)
        rc = mail_spool_group(&c->mq, &c->st,
                              &(MailGroup){c->saved_mail, n, tag, (time_t)c->now, fds, nfds}, err);
    else
        mail_truncate(&c->mq, c->saved_mail); /* nothing spooled: the mails of a state never saved go */
    w.file.synced = rc == 0;
    DiskLater dir = DISK_LATER_NONE; /* the games directory's fsync after the rename: post_commit runs it */
    w.file.later = &dir;
    if (rc == 0)
        rc = text ? store_board_finish(&w, err)
                  : archive ? store_archive_board(&c->st, n, err) : store_delete_board(&c->st, n, err);
    store_board_abandon(&w);
    if (rc < 0 && store_board_committed(&c->st, n, tag) == 1)
        rc = 0; /* committed: only the .<n> copy could not go */
    else if (rc < 0)
        mail_group_discard(&c->st, group);
    c->saved_mail = c->mq.n;
    if (rc == 0)
        post_commit(c, list, n, text ? b : NULL, group, &dir);
    (void)disk_later_run(&dir, NULL); /* when no post_commit ran it */
    return rc;
}

int pipeline_remove_board(CommandCtx *c, Gamelist *list, int n, bool archive, Err *err)
{
    return commit_board(c, list, n, NULL, NULL, archive, err);
}

void pipeline_list_close(CommandCtx *c, Gamelist *list)
{
    Err err;
    bool ok = gamelist_close(list, &c->st, &err) == 0;
    if (!ok)
        fprintf(stderr, "genetess: %s\n", err.msg);
    for (int i = 0; ok && i < list->groups.n; i++)
        mail_group_done(&c->st, list->groups.v[i]);
    sl_free(&list->groups);
    mail_deliver(&c->mq, &c->st, NULL, (time_t)c->now);
}

/* Saves t's board, its mails and its list line; 0 or EXIT_SYSTEM (and then no queued mail is sent). */
static int save_board(CommandCtx *c, Txn *t)
{
    Board *b = t->b;
    Err err;
    /* Never write a board that would not load back: the loader's invariants, checked on the state itself
     * (tests/check_board.c: parse(write(b)) is b). */
    if (board_check(b, &err) < 0) {
        fprintf(stderr, "genetess: internal error: the new board does not load: new: %s\n", err.msg);
        snprintf(t->problem, sizeof t->problem, "internal error: the new board does not load: new: %.400s", err.msg);
        abandon_unsaved(c, t);
        buf_add(&c->reply, "internal error: the new board does not load; nothing was changed\n");
        return EXIT_SYSTEM;
    }
    /* the new move-list lines first: past the count the board file has yet, they are not there */
    int rc = movelist_commit(&c->st, b, &err);
    if (rc == 0) {
        char *text = boardfile_write(b);
        rc = commit_board(c, t->list, b->number, b, text, false, &err);
        free(text);
    }
    if (rc < 0) {
        fprintf(stderr, "genetess: %s\n", err.msg);
        snprintf(t->problem, sizeof t->problem, "%s", err.msg);
        abandon_unsaved(c, t);
        buf_printf(&c->reply, "Genetess board %d could not be saved: nothing was changed; try again later\n",
                   b->number);
        return EXIT_SYSTEM;
    }
    return 0;
}

void pipeline_subject(CommandCtx *c, const Board *b, int rc)
{
    if (rc != EXIT_DONE) /* one form for errors: "Genetess Board <n> error", else "Genetess error" */
        subject_format(&(Subject){.kind = SUBJECT_BOARD, .n = b->number, .word = "error"}, c->subject,
                       sizeof c->subject);
    else
        view_board_subject(b, false, c->subject, sizeof c->subject);
}

void pipeline_subject_listed(CommandCtx *c, const Board *b, int rc, bool *refused)
{
    if (*refused)
        return;
    *refused = rc != EXIT_DONE;
    if (b)
        pipeline_subject(c, b, rc);
    else
        subject_write(SUBJECT_ERROR, 0, NULL, c->subject, sizeof c->subject);
}

/* ---- sheets ---- */

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
    for (int p = 0; u && p < n; p++)
        users_free(&u[p]);
    free(u);
}

/* t's board's players' users entries, in seat order: read at the transaction's first need, then kept until
 * pipeline_board_done (the addresses and passwords do not change while the lock is held). The seats change order
 * when round 0 ends (the turn order gambled for): the entries follow their userids, so that each sheet goes to
 * its own player (fog of war, contract 8). */
static const User *txn_users(CommandCtx *c, Txn *t)
{
    if (!t->users) {
        t->users = players_users(c, t->b);
        t->nusers = t->b->np;
    }
    for (int p = 0; p < t->b->np && p < t->nusers; p++)
        for (int q = p + 1; q < t->nusers && !str_ieq(t->users[p].id, t->b->pl[p].id); q++)
            if (str_ieq(t->users[q].id, t->b->pl[p].id)) {
                User x = t->users[p];
                t->users[p] = t->users[q];
                t->users[q] = x;
            }
    return t->users;
}

/* Why no one user of address (found of them) was found for the userid word argv[slot] of a reply: to board n's
 * mail (n > 0), or to an invitation (accept, decline: argv[0] its number) or another mail (showas: its usage).
 * The reply's refusal, with the whole command to send instead. */
static int userid_refused(CommandCtx *c, const char *address, int found, int n, int slot)
{
    if (n) {
        buf_printf(&c->reply,
                   "Your address %s\nis %s of Genetess board %d,\nso a reply cannot say who you are. Write the whole "
                   "command on the first line\ninstead:\n    move %d <userid> <password> <ORDER>\n",
                   address, found ? "the address of several players" : "not the address of a player", n, n);
        return EXIT_REFUSED;
    }
    buf_printf(&c->reply, "Your address %s\nis %s, so a reply cannot say who you are. Write the whole command on the "
                          "first\nline instead:\n",
               address, found ? "the address of several users" : "not the address of a user");
    if (slot == 1)
        buf_printf(&c->reply, "    %s %s <userid> <password>\n", c->cmd->name, c->argv[0]);
    else
        buf_printf(&c->reply, "    %s\n", c->cmd->usage);
    return EXIT_REFUSED;
}

int pipeline_userid(CommandCtx *c, int slot, Txn *t)
{
    const char *address = c->req->userid_address;
    if (!address || c->userid_found || slot != c->req->userid_slot || slot >= c->argc)
        return 0;
    char id[USERID_MAX + 1] = "";
    int found = 0;
    if (t) {
        const User *u = txn_users(c, t);
        for (int p = 0; p < t->b->np; p++)
            if (u[p].address && str_ieq(u[p].address, address) && found++ == 0)
                snprintf(id, sizeof id, "%s", t->b->pl[p].id);
    } else {
        Err err;
        found = users_of_address(&c->st, address, id, sizeof id, &err);
        if (found < 0)
            return pipeline_refuse(c, EXIT_SYSTEM, "Genetess cannot read its users; try again later");
    }
    if (found != 1)
        return userid_refused(c, address, found, t ? t->b->number : 0, slot);
    free(c->argv[slot]);
    c->argv[slot] = xstrdup(id);
    c->userid_found = true;
    return 0;
}

/* The reply's prose is over: a sheet follows. Its long lines are wrapped as prose (layout_wrap_prose). */
static void reply_end_prose(CommandCtx *c)
{
    if (c->reply_prose)
        return;
    if (mail_reply_address(c->req, c->out)) /* a mailed reply; at a terminal the lines are the terminal's to fold */
        layout_wrap_prose(&c->reply, 0);
    c->reply_prose = c->reply.len ? c->reply.len : 1;
}

/* The reply is mailed (contract 3.1): the sheet it ends with has its HTML part in the same mail. */
static bool reply_mailed(const CommandCtx *c)
{
    return mail_reply_address(c->req, c->out) != NULL;
}

/* Ends the reply with the reader r's sheet (rendered from s unless given: text, when the reply is not mailed,
 * taken), its HTML part kept for the mailed reply; returns the sheet's text (malloc'd). */
static char *reply_add_sheet(CommandCtx *c, Txn *t, const Board *b, const SheetsDue *s, int r, char *text)
{
    reply_end_prose(c);
    char *html = NULL;
    SheetNews n = {&s->news[r], &s->ebook[r], s->result, false, s->star[r], NULL, c->now};
    if (!text)
        text = sheet_render_reply(b, r, &n, c->reply.len ? c->reply.s : NULL, reply_mailed(c) ? &html : NULL);
    buf_add(&c->reply, "\n");
    buf_add(&c->reply, text);
    free(c->reply_html);
    c->reply_html = html;
    t->sheet_added = true;
    return text;
}

/* Stage render: queues the taken-out sheets of b (mailed in player order; the reader's in the reply),
 * then frees s. One mail per command per person (contract 3.1): when the reply goes by mail to the
 * reader's own address, it is their sheet and no other is mailed to them. */
static void sheets_send(CommandCtx *c, Txn *t, const Board *b, const Game *g, SheetsDue *s)
{
    char subj[160];
    view_board_subject(b, s->is_new, subj, sizeof subj);
    int r = s->reader;
    /* the reader's reply ends with the sheet they are mailed (a new board's reader: their New sheet) */
    bool reuse = r >= 0 && s->mail[r] && !bot_is(b->pl[r].id);
    if (r >= 0 && !reuse)
        free(reply_add_sheet(c, t, b, s, r, NULL));
    const User *u = txn_users(c, t);
    const char *to = mail_reply_address(c->req, c->out);
    int due = 0;
    for (int p = 0; p < s->np; p++)
        due += s->mail[p] && !bot_is(b->pl[p].id);
    SheetShared shared = {0}; /* what every reader's sheet has alike: made once for several sheets */
    if (due > 1)
        view_shared_init(b, &shared), view_shared_maps(b, g, &shared);
    for (int p = 0; p < s->np; p++) {
        if (!s->mail[p] || bot_is(b->pl[p].id)) /* computer opponents get no mail */
            continue;
        if (p == r && reuse && to && u[p].address && str_ieq(to, u[p].address)) {
            free(reply_add_sheet(c, t, b, s, r, NULL)); /* the reply is the sheet */
            continue;
        }
        char *html;
        SheetNews n = {&s->news[p], &s->ebook[p], p == r ? s->result : NULL, s->is_new, s->star[p],
                       due > 1 ? &shared : NULL, c->now};
        /* the reply (printed, or mailed elsewhere) ends with the sheet, its result said once; printed, its text
         * is this one's without the result, cut out of the same rendering */
        char *rtext = NULL;
        bool cut = p == r && reuse && !reply_mailed(c);
        char *text = cut ? sheet_render_both(b, p, &n, &html, &rtext) : sheet_render(b, p, &n, &html);
        if (p == r && reuse)
            free(reply_add_sheet(c, t, b, s, r, rtext));
        Err err;
        if (u[p].address) {
            if (mail_add_sheet(&c->mq, u[p].address, subj, text, html, &err) < 0)
                fprintf(stderr, "genetess: %s\n", err.msg);
        } else {
            fprintf(stderr, "genetess: no address for %s; sheet not sent\n", b->pl[p].id);
            free(html);
            free(text);
        }
    }
    view_shared_free(&shared);
    sheet_due_free(s);
}

/* Ends the reply with the authenticated player's sheet (contract 3), once. */
static void reply_sheet(CommandCtx *c, Txn *t)
{
    const Board *b = t->b;
    if (!b || t->player < 0 || t->player >= b->np || t->sheet_added)
        return;
    reply_end_prose(c);
    char *html = NULL;
    buf_add(&c->reply, "\n");
    sheet_current(b, t->player, c->now, &c->reply, reply_mailed(c) ? &html : NULL);
    free(c->reply_html);
    c->reply_html = html;
    t->sheet_added = true;
}

/* ---- the stages of one board ---- */

/* TXN_PLAYER: argv[1] (found by the reply's address: pipeline_userid) logs in with password argv[2], checked
 * against the board's players' entries read once (txn_users); a userid that plays no seat logs in as any user
 * does (its wrong password counted) before it is told it does not play. The player's seat, or -1 with the
 * refusal in the reply. */
static int login_player(CommandCtx *c, Txn *t)
{
    if (pipeline_userid(c, 1, t) != 0)
        return -1;
    const char *id = c->argv[1];
    int p = board_player_index(t->b, id);
    const User *u = p >= 0 ? &txn_users(c, t)[p] : NULL;
    if (!u || !u->address) {
        if (pipeline_login(c, id, c->argv[2], NULL) == 0)
            buf_add(&c->reply, "You are NOT playing this game\n");
        return -1;
    }
    Err err;
    bool notify = false;
    int rc = users_check_password(&c->st, u, c->argv[2], c->req, &notify, &err);
    return login_checked(c, u->id, rc, &err, notify, u) == 0 ? p : -1;
}

/* Stage authenticate (contract 2): the user the flags name must play t->b. Sets t->player. */
static int stage_auth(CommandCtx *c, Txn *t)
{
    assert(t->stage == TXN_STAGE_TIMED);
    t->player = -1;
    if (!(t->flags & (TXN_PLAYER | TXN_MEMBER))) {
        t->stage = TXN_STAGE_AUTHED;
        return 0;
    }
    int p = t->flags & TXN_PLAYER ? login_player(c, t) : board_player_index(t->b, c->argv[0]);
    if (p < 0) {
        if (!(t->flags & TXN_PLAYER))
            buf_add(&c->reply, "You are NOT playing this game\n");
        return EXIT_REFUSED;
    }
    t->player = p;
    t->stage = TXN_STAGE_AUTHED;
    return 0;
}

/* Queues the nag mails deadline_nag found due (g->nag_due), each to the player's address. */
static void pipeline_mail_nags(CommandCtx *c, Txn *t, const Game *g)
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
            t->nags++;
        buf_free(&subj);
        buf_free(&body);
        users_free(&u);
    }
}

/* Stage process time (contract 5): expired deadlines, holidays and nags of t->b. The sheets of the turns
 * this starts are rendered at once from the board as it now stands (that state is committed whatever the
 * act does) and queued. Returns true when the board changed (it must be saved). */
static bool stage_time(CommandCtx *c, Txn *t)
{
    Board *b = t->b;
    assert(t->stage == TXN_STAGE_LOADED);
    t->stage = TXN_STAGE_TIMED;
    if (!(t->flags & TXN_TIME) || b->phase == PHASE_ENDED)
        return false;
    Game g;
    game_init(&g, b, c->now);
    g.store = &c->st;
    int *shared = c->req->bot_decisions; /* a message's commands share one bound of bot decisions (contract 15.2) */
    if (shared)
        g.bot_decisions = *shared;
    bool changed = turn_process_time(&g, &t->deadlines);
    if (shared)
        *shared = g.bot_decisions;
    if (changed) {
        t->time_changed = true;
        SheetsDue s;
        sheet_take(&s, &g, false, -1, NULL);
        sheets_send(c, t, b, &g, &s);
    } else {
        deadline_nag(&g);
        pipeline_mail_nags(c, t, &g);
        changed = g.nagged;
    }
    game_done(&g);
    return changed;
}

/* Stage act: the command's own work on t->b (a board that has ended refuses it when the flags say so). */
static int stage_act(CommandCtx *c, Txn *t)
{
    assert(t->stage == TXN_STAGE_AUTHED);
    t->stage = TXN_STAGE_ACTED;
    if (!t->act)
        return 0;
    if ((t->flags & TXN_RUNNING) && t->b->phase == PHASE_ENDED) {
        buf_add(&c->reply, "The game has ended\n");
        return EXIT_REFUSED;
    }
    uint64_t key = c->req->command_key;
    if ((t->flags & TXN_SAVES) && key && board_handled_has(t->b, key)) { /* contract 2.1: never run twice */
        buf_printf(&c->reply, "This message was handled already, when it first came: it is not run again.\n");
        return EXIT_DONE;
    }
    if (t->flags & TXN_SAVES) {
        game_init(&t->g, t->b, c->now);
        t->g.store = &c->st;
        t->have_game = true;
        if (c->req->bot_decisions)
            t->g.bot_decisions = *c->req->bot_decisions;
    }
    int rc = t->act(c, t);
    if (t->have_game && c->req->bot_decisions)
        *c->req->bot_decisions = t->g.bot_decisions;
    if (t->dirty && key) /* saved with the change it made (stage_commit) */
        board_handled_add(t->b, key);
    return rc;
}

/* The act deleted the board (resign in round 0): its files and list line go; no one is to move on it. */
static void drop_deleted(CommandCtx *c, Txn *t)
{
    int n = t->b->number;
    Err err;
    pipeline_board_done(t);
    if (pipeline_remove_board(c, t->list, n, false, &err) < 0)
        fprintf(stderr, "genetess: %s\n", err.msg);
    t->player = -1;
    subject_format(&(Subject){.kind = SUBJECT_BOARD, .n = n}, c->subject, sizeof c->subject);
}

/* Stages render and commit (contract 3): the sheets due are rendered from the state about to be saved and
 * queued; the board is saved once when the time processing or the act changed it (an act that refused
 * changed nothing: the rules' front door refuses before it changes anything). A failed save queues nothing
 * about the unsaved state. Returns the exit status. */
static int stage_commit(CommandCtx *c, Txn *t, int rc, bool changed)
{
    assert(t->stage == TXN_STAGE_ACTED);
    t->stage = TXN_STAGE_COMMITTED;
    if (t->deleted) {
        drop_deleted(c, t);
        return rc;
    }
    SheetsDue s = {0};
    if (t->have_game && (t->flags & TXN_SHEETS))
        sheet_take(&s, &t->g, t->is_new, t->reader, t->result);
    if (s.np) /* rendered from the state about to be saved: its mails commit with it */
        sheets_send(c, t, t->b, &t->g, &s);
    if (changed || t->dirty)
        return save_board(c, t) ? EXIT_SYSTEM : rc;
    return rc;
}

/* The stages of one board, as pipeline_board runs them with the reply in hand. */
static int run_board(CommandCtx *c, Txn *t, const char *name)
{
    int rc = load_board(c, t, name, &t->b);
    if (rc)
        return rc;
    t->moves_loaded = board_moves_count(t->b);
    /* contract 5: expired deadlines are processed before authentication and committed whatever it says;
     * the refusal tells nothing of them (their sheets go to the players by mail). */
    bool changed = stage_time(c, t);
    if ((rc = stage_auth(c, t)) != 0) {
        int r = changed ? save_board(c, t) : 0;
        return r ? r : rc;
    }
    rc = stage_act(c, t);
    return stage_commit(c, t, rc, changed);
}

int pipeline_board(CommandCtx *c, Txn *t, const char *nstr)
{
    assert(c->opened && c->st.lockfd >= 0); /* every transaction holds the lock */
    t->stage = TXN_STAGE_START;
    t->b = NULL;
    t->have_game = t->dirty = t->deleted = t->sheet_added = t->time_changed = false;
    t->deadlines = 0;
    t->player = t->reader = -1;
    t->result = NULL;
    t->problem[0] = '\0';
    t->nags = 0;
    t->users = NULL;
    t->nusers = 0;
    if (!store_valid_board_number(nstr, &t->number))
        t->number = 0;
    c->mq.board = t->number; /* the mails the command queues from here are of this board's game */
    if (!(t->flags & TXN_QUIET))
        return run_board(c, t, nstr);
    Buf shown = c->reply; /* what goes wrong with the board is the caller's to tell, or not */
    buf_init(&c->reply);
    int rc = run_board(c, t, nstr);
    buf_free(&c->reply);
    c->reply = shown;
    return rc;
}

int pipeline_board_create(CommandCtx *c, Txn *t, int rc)
{
    assert(t->b && t->have_game && t->is_new); /* the act made a board and started its game */
    t->stage = TXN_STAGE_ACTED;
    return stage_commit(c, t, rc, false);
}

void pipeline_board_done(Txn *t)
{
    if (t->have_game)
        game_done(&t->g);
    t->have_game = false;
    players_users_free(t->users, t->nusers);
    t->users = NULL;
    t->nusers = 0;
    board_free(t->b);
    t->b = NULL;
    free(t->result);
    t->result = NULL;
}

int pipeline_one_board(CommandCtx *c, unsigned flags, TxnAct act)
{
    int rc = pipeline_lock(c);
    if (rc)
        return rc;
    Txn t = {.flags = flags, .act = act};
    rc = pipeline_board(c, &t, c->argv[0]);
    if (t.b)
        pipeline_subject(c, t.b, rc);
    if (flags & TXN_REPLY_SHEET)
        reply_sheet(c, &t);
    pipeline_board_done(&t);
    return rc;
}

/* A mailed command that reads no text (no CMD_READS_BODY: signup, confirm, a board command by reply, ...): the first
 * line of the player's text, when there is one, opens the reply as not read — no line is dropped unsaid
 * (contract 2.1). Written before the command runs, so that the reply's prose above a sheet (and its HTML) holds
 * it; a reply cleared (a message handled already) loses it too. */
static void unread_text(CommandCtx *c)
{
    const char *t = c->req->body ? c->req->body + strspn(c->req->body, " \t\n") : "";
    if (!c->req->body_lines || (c->cmd->flags & (CMD_READS_BODY | CMD_SAYS_TEXT)) || !*t)
        return;
    char line[200], q[STR_HEAD_SIZE];
    snprintf(line, sizeof line, "%.*s", (int)strcspn(t, "\n"), t);
    buf_printf(&c->reply, "Your mail's text (\"%s\") was not read:\nthis command is its Subject (or a reply's "
                          "first line) alone.\n\n", str_quote_head(line, q, sizeof q));
}

int pipeline_run(const Command *cmd, const Host *host, const Request *rq, int argc, char **argv, RequestOutcome *out)
{
    CommandCtx c;
    ctx_init(&c, host, rq, out, cmd, argc, argv);
    unread_text(&c);
    return ctx_finish(&c, cmd->run(&c));
}

int pipeline_reject_board(const Host *host, const Request *rq, const char *text, int n, RequestOutcome *out)
{
    CommandCtx c;
    ctx_init(&c, host, rq, out, NULL, 0, NULL);
    c.mq.board = n; /* the reply is of that game's thread */
    subject_write(SUBJECT_BOARD, n, "error", c.subject, sizeof c.subject);
    buf_add(&c.reply, text);
    return ctx_finish(&c, EXIT_REFUSED);
}

int pipeline_reject(const Host *host, const Request *rq, const char *text, int rc, RequestOutcome *out)
{
    CommandCtx c;
    ctx_init(&c, host, rq, out, NULL, 0, NULL);
    if (rc == EXIT_USAGE) {
        fputs(text, stderr); /* usage lines go to stderr (STYLE), and to a mailing sender too */
        if (!mail_reply_address(rq, out))
            return ctx_finish(&c, rc);
    }
    buf_add(&c.reply, text);
    return ctx_finish(&c, rc);
}
