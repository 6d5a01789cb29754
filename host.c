/* host: the commands every pbmserv game shares, done here so that a server needs no pbmserv (the
 * pbmserv command summary is the model): addresses, passwords, signing off, messages between players,
 * the list of games, and every board of a user shown at once. */
#include "host.h"
#include "disk.h"
#include "users.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "challenge.h"
#include "confirm.h"
#include "gamelist.h"
#include "query.h"
#include "subject.h"

/* The Subject of the replies about user id. */
static void user_subject(CommandCtx *c, const char *id)
{
    subject_write(SUBJECT_USER, 0, id, c->subject, sizeof c->subject);
}

/* ---- addresses and passwords ---- */

int host_add(CommandCtx *c)
{
    /* contract 15: one address per user, everywhere */
    return pipeline_refuse(c, EXIT_REFUSED, "Each user has one address: to change it, send change %s <password> "
                                            "address <new address>",
                           users_valid_id(c->argv[0]) ? c->argv[0] : "<userid>");
}

/* change by mail (contract 15.3): refused while id's wrong passwords of the day lock changes; else the registered
 * address is asked first — for a new address, then the new address; for a new password, alone. */
static int change_by_mail(CommandCtx *c, const char *id, bool pw, const char *value)
{
    Err err;
    int64_t until;
    char when[40];
    if (users_changes_locked(&c->st, id, c->now, &until))
        return pipeline_refuse(c, EXIT_REFUSED, "Too many wrong passwords for %s in a day: no change by mail until "
                                                "%s", id, fmt_time(until, when, sizeof when));
    User u;
    int found = users_find(&c->st, id, &u, &err);
    if (found != 0)
        return pipeline_refuse(c, found < 0 ? EXIT_SYSTEM : EXIT_REFUSED, "Invalid userid entered");
    int rc;
    if (users_check_new(u.id, pw ? value : "x", pw ? u.address : value, &err) < 0)
        rc = pipeline_refuse(c, EXIT_REFUSED, "%s", err.msg);
    else if (!pw && str_ieq(value, u.address))
        rc = pipeline_refuse(c, EXIT_REFUSED, "User %s's address is %s already", u.id, u.address);
    else {
        user_subject(c, u.id); /* the confirmation's own when the reply is it */
        rc = confirm_request(c, pw ? PENDING_PASSWORD : PENDING_OLDADDR, u.id, pw ? value : NULL, u.address, pw ? NULL : value);
    }
    users_free(&u);
    return rc;
}

int host_change(CommandCtx *c)
{
    const char *id = c->argv[0], *what = c->argv[2], *value = c->argv[3];
    if (!str_ieq(what, "address") && !str_ieq(what, "password"))
        return pipeline_usage(c, NULL);
    int rc = pipeline_lock(c);
    if (rc || (rc = pipeline_auth_user(c)) != 0)
        return rc;
    bool pw = str_ieq(what, "password");
    Err err;
    if (c->req->by_mail) /* by mail, the addresses concerned say yes first (contract 15.3) */
        return change_by_mail(c, id, pw, value);
    if (users_update(&c->st, id, pw ? value : NULL, pw ? NULL : value, false, &err) < 0)
        return pipeline_refuse(c, EXIT_REFUSED, "%s", err.msg);
    if (pw)
        buf_printf(&c->reply, "User %s: password changed.\n", id);
    else
        buf_printf(&c->reply, "User %s: mail now goes to %s.\n", id, value);
    user_subject(c, id);
    return EXIT_DONE;
}

/* ---- signoff ---- */

int host_signoff(CommandCtx *c)
{
    const char *id = c->argv[0];
    int rc = pipeline_lock(c);
    if (rc || (rc = pipeline_auth_user(c)) != 0)
        return rc;
    int64_t until;
    char when[40];
    if (c->req->by_mail && users_changes_locked(&c->st, id, c->now, &until)) /* contract 15.3: no blind guess */
        return pipeline_refuse(c, EXIT_REFUSED, "Too many wrong passwords for %s in a day: no signoff by mail until "
                                                "%s", id, fmt_time(until, when, sizeof when));
    StrList running = {0}; /* the boards the user still plays */
    Buf invites; /* what became of the invitations waiting that name the user */
    buf_init(&invites);
    int *nums = NULL;
    Err err;
    int n = store_list_boards(&c->st, &nums, &err);
    for (int i = 0; i < n; i++) {
        char ns[16];
        snprintf(ns, sizeof ns, "%d", nums[i]);
        Txn t = {.flags = TXN_QUIET};
        const Board *b = pipeline_board(c, &t, ns) == 0 ? t.b : NULL;
        if (b && b->phase != PHASE_ENDED && board_player_index(b, id) >= 0)
            sl_push(&running, ns);
        pipeline_board_done(&t);
    }
    free(nums);
    if (running.n) {
        Buf l;
        buf_init(&l);
        for (int i = 0; i < running.n; i++)
            buf_printf(&l, " %s", running.v[i]);
        /* help/command-host.txt: a player who signs off would leave their games without a player. */
        rc = pipeline_refuse(c, EXIT_REFUSED, "User %s still plays Genetess board%s%s: resign first", id,
                             running.n > 1 ? "s" : "", l.s);
        buf_free(&l);
    } else if (challenge_signoff(c, id, &invites) < 0) { /* before the user goes: no invitation left naming a free userid */
        rc = pipeline_refuse(c, EXIT_SYSTEM, "The invitations cannot be read or written; nothing was changed");
    } else if (users_update(&c->st, id, NULL, NULL, true, &err) < 0) {
        rc = pipeline_refuse(c, EXIT_REFUSED, "%s", err.msg);
    } else {
        buf_printf(&c->reply, "User %s signed off.\n%s", id, invites.len ? invites.s : "");
        user_subject(c, id);
    }
    buf_free(&invites);
    sl_free(&running);
    return rc;
}

/* ---- message ---- */

/* The message's text: the body's, or NULL (reply written) when there is none. */
static char *message_body(CommandCtx *c)
{
    char *text = c->req->body ? xstrdup(c->req->body) : NULL;
    bool blank = true;
    for (const char *p = text; p && *p && blank; p++)
        blank = *p == ' ' || *p == '\t' || *p == '\n' || *p == '\r';
    if (blank) {
        free(text);
        pipeline_refuse(c, EXIT_REFUSED, "The message is empty: write it in the body of your mail");
        return NULL;
    }
    return text;
}

/* True when the game list names a board that users a and b both play (contract 15: message goes only to the
 * players of one's own games). */
static bool share_a_game(const char *list, const char *a, const char *b)
{
    bool found = false;
    for (const char *l = list; l && *l && !found; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
        char *line = xasprintf("%.*s", (int)strcspn(l, "\n"), l);
        ListRecord r;
        found = gamelist_parse(line, &r) && gamelist_plays(&r, a) && gamelist_plays(&r, b);
        free(line);
    }
    return found;
}

/* The users message goes to (each once, at most MESSAGE_TO_MAX, each sharing a game with from) into to[]; their
 * count, or -1 with the refusal in the reply. */
static int message_recipients(CommandCtx *c, const User *from, User *to)
{
    char *path = store_path(&c->st, "etc/Genetess.list"), *list = NULL, q[64];
    Err err;
    if (disk_read_file(path, &list, NULL, &err) < 0)
        fprintf(stderr, "genetess: %s\n", err.msg);
    free(path);
    int n = 0, rc = 0;
    for (int i = 2; i < c->argc && rc == 0; i++) {
        bool again = false;
        for (int k = 0; k < n; k++)
            again = again || str_ieq(to[k].id, c->argv[i]);
        if (again)
            continue; /* a name given twice gets one copy */
        if (n == MESSAGE_TO_MAX)
            rc = pipeline_refuse(c, EXIT_REFUSED, "Nothing was sent: a message goes to at most %d users",
                                 MESSAGE_TO_MAX);
        else if (!users_valid_id(c->argv[i]) || users_find(&c->st, c->argv[i], &to[n], &err) != 0)
            rc = pipeline_refuse(c, EXIT_REFUSED, "Invalid userid entered: %s", str_quote(c->argv[i], q, 40));
        else if (!str_ieq(to[n].id, from->id) && !share_a_game(list ? list : "", from->id, to[n].id)) {
            rc = pipeline_refuse(c, EXIT_REFUSED, "Nothing was sent: %s plays no game with you", to[n].id);
            users_free(&to[n]);
        } else
            n++;
    }
    free(list);
    if (rc) {
        for (int k = 0; k < n; k++)
            users_free(&to[k]);
        return -1;
    }
    return n;
}

int host_message(CommandCtx *c)
{
    const char *id = c->argv[0];
    User from;
    Err err;
    int lock = pipeline_lock(c);
    if (lock)
        return lock;
    if (pipeline_login(c, id, c->argv[1], &from) != 0)
        return EXIT_REFUSED;
    User *to = xcalloc(MESSAGE_TO_MAX, sizeof(User));
    int n = message_recipients(c, &from, to);
    char *body = n > 0 ? message_body(c) : NULL;
    int rc = body ? EXIT_DONE : EXIT_REFUSED;
    if (body) {
        char subject[SUBJECT_WORD_MAX + 64];
        subject_write(SUBJECT_MESSAGE, 0, from.id, subject, sizeof subject);
        char *text = xasprintf("Message from %s (answer with the Subject: message <you> <password> %s):\n\n%s",
                               from.id, from.id, body);
        buf_add(&c->reply, "Message sent to");
        for (int i = 0; i < n; i++) {
            if (mail_add(&c->mq, to[i].address, subject, text, &err) < 0)
                fprintf(stderr, "genetess: %s\n", err.msg);
            buf_printf(&c->reply, " %s", to[i].id);
        }
        buf_add(&c->reply, ".\n");
        subject_write(SUBJECT_MESSAGE, 0, "", c->subject, sizeof c->subject);
        free(text);
        free(body);
    }
    for (int i = 0; i < n; i++)
        users_free(&to[i]);
    free(to);
    users_free(&from);
    return rc;
}

/* ---- list ---- */

int host_list(CommandCtx *c)
{
    int rc = pipeline_lock(c);
    if (rc)
        return rc;
    char *path = store_path(&c->st, "etc/Genetess.list");
    char *text = NULL;
    Err err;
    int r = disk_read_file(path, &text, NULL, &err);
    free(path);
    buf_add(&c->reply, "Games on this server: Genetess (send \"help\" for its rules)\n\n"
                       "Genetess boards (board:players:move:status)\n");
    int shown = 0;
    char *save = NULL;
    for (char *l = r == 0 ? strtok_r(text, "\n", &save) : NULL; l; l = strtok_r(NULL, "\n", &save))
        if (!gamelist_header(l)) {
            buf_printf(&c->reply, "%s\n", l);
            shown++;
        }
    if (!shown)
        buf_add(&c->reply, "(no games)\n");
    free(text);
    subject_write(SUBJECT_LIST, 0, NULL, c->subject, sizeof c->subject);
    return EXIT_DONE;
}

/* ---- all show ---- */

/* The filter of `all show`, its last word parsed once. */
typedef enum { HOST_ALL_ANY, HOST_ALL_NEXT, HOST_ALL_ACTIVE, HOST_ALL_UNKNOWN } HostAllFilter;

/* The user plays b, and b passes the filter: next (the user is to move), active (not ended), any. */
static bool host_all_match(const char *id, HostAllFilter filter, const Board *b)
{
    int p = board_player_index(b, id);
    if (p < 0)
        return false;
    if (filter == HOST_ALL_NEXT)
        return (b->phase == PHASE_PLAY && b->seat == p) || (b->phase == PHASE_ROUND0 && !board_gambles_in(b, &b->pl[p]));
    return filter != HOST_ALL_ACTIVE || b->phase != PHASE_ENDED;
}

int host_all(CommandCtx *c)
{
    int rc = pipeline_lock(c);
    if (rc)
        return rc;
    HostAllFilter filter = c->argc < 3                  ? HOST_ALL_ANY
                           : str_ieq(c->argv[2], "next")   ? HOST_ALL_NEXT
                           : str_ieq(c->argv[2], "active") ? HOST_ALL_ACTIVE
                                                           : HOST_ALL_UNKNOWN;
    if (!str_ieq(c->argv[0], "show") || filter == HOST_ALL_UNKNOWN)
        return pipeline_usage(c, NULL);
    const char *id = c->argv[1];
    User u;
    Err err;
    if (!users_valid_id(id) || users_find(&c->st, id, &u, &err) != 0)
        return pipeline_refuse(c, EXIT_REFUSED, "Invalid userid entered");
    users_free(&u);
    int *nums = NULL, shown = 0, status = EXIT_DONE;
    int n = store_list_boards(&c->st, &nums, &err);
    for (int i = 0; i < n; i++) {
        char ns[16];
        snprintf(ns, sizeof ns, "%d", nums[i]);
        Txn t = {.flags = TXN_TIME | TXN_QUIET};
        int r = pipeline_board(c, &t, ns);
        if (r) { /* whose game it is cannot be told: said as games says it (contract 3.6: exit 3) */
            if (shown++)
                buf_add(&c->reply, "\n");
            buf_printf(&c->reply, "Genetess board %s cannot be read\n", ns);
            status = EXIT_SYSTEM;
        } else if (host_all_match(id, filter, t.b)) {
            if (shown++)
                buf_add(&c->reply, "\n");
            query_show_board(c, t.b, -1);
        }
        pipeline_board_done(&t);
    }
    free(nums);
    if (!shown)
        buf_add(&c->reply, "(no games)\n");
    subject_write(SUBJECT_BOARDS_OF, 0, id, c->subject, sizeof c->subject);
    return status;
}
