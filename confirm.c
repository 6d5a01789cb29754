/* confirm: what comes by mail and names an address is done only once that address answers (confirm.h). */
#include "confirm.h"
#include "rate.h"
#include "subject.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* True for the kinds whose confirmation goes to the user's registered address (bounded per userid). */
static bool to_registered(PendingKind kind)
{
    return kind == PENDING_OLDADDR || kind == PENDING_PASSWORD;
}

/* True when request p was mailed to address within the last day (one confirmation an address a day). */
static bool recent_to(const UsersPending *p, const char *address, int64_t now)
{
    return !to_registered(p->kind) && rate_same_mailbox(p->address, address) && now - p->created < CONFIRM_ADDRESS_EVERY;
}

/* The counts of the day's record f for key (users_day_count); false, with the refusal in why, when it cannot be
 * read (a record unread refuses: contract 15.3's bounds are never passed blind). */
static bool day_counts(CommandCtx *c, UsersDayFile f, const char *key, int *with_key, int *all, char *why, size_t size)
{
    Err err;
    if (users_day_count(&c->st, f, c->now, key, with_key, all, &err) == 0)
        return true;
    fprintf(stderr, "genetess: %s\n", err.msg);
    snprintf(why, size, "The %s of the day cannot be read; try again later",
             f == USERS_DAY_SIGNUPS ? "signups" : "confirmations");
    return false;
}

/* The refusal of a signup by the day's bounds on signups by mail (contract 15.3) into why, or NULL when there is
 * room; a file that cannot be read refuses too. */
static const char *signups_full(CommandCtx *c, const char *address, char *why, size_t size)
{
    char domain[255];
    int in_domain, all;
    users_domain(address, domain, sizeof domain);
    if (!day_counts(c, USERS_DAY_SIGNUPS, domain, &in_domain, &all, why, size))
        return why;
    if (in_domain >= CONFIRM_SIGNUPS_DOMAIN_DAY)
        snprintf(why, size, "%d users of %s signed up by mail in a day: try again tomorrow", in_domain, domain);
    else if (all >= CONFIRM_SIGNUPS_DAY)
        snprintf(why, size, "%d users signed up by mail in a day: try again tomorrow", all);
    else
        return NULL;
    return why;
}

/* The refusal of a signup by the limits on waiting requests (contract 15.3), or NULL when it may be made. */
static const char *signup_over(CommandCtx *c, const UsersPending *v, int n, const char *id, const char *address,
                               char *why, size_t size)
{
    int mine = 0, in_domain = 0, from_domain = 0, signups = 0;
    const char *sender = c->req->sender ? c->req->sender : "-";
    char domain[255], sender_domain[255], d[255];
    users_domain(address, domain, sizeof domain);
    users_domain(sender, sender_domain, sizeof sender_domain);
    for (int i = 0; i < n; i++) {
        if (str_ieq(v[i].id, id) && v[i].kind == PENDING_SIGNUP) {
            snprintf(why, size, "User %s already exists (waiting for its confirmation)", v[i].id);
            return why;
        }
        if (recent_to(&v[i], address, c->now)) {
            snprintf(why, size, "A confirmation was mailed to %s less than a day ago: answer that one", address);
            return why;
        }
        if (v[i].kind != PENDING_SIGNUP)
            continue; /* a user's change: bounded per userid, never crowding signups out nor crowded out */
        signups++;
        mine += rate_same_mailbox(v[i].requester, sender);
        users_domain(v[i].address, d, sizeof d);
        in_domain += !strcmp(d, domain);
        users_domain(v[i].requester, d, sizeof d);
        from_domain += *sender_domain && !strcmp(d, sender_domain);
    }
    if (mine >= CONFIRM_PER_REQUESTER)
        snprintf(why, size, "%d requests of yours are waiting for their confirmation already", mine);
    else if (in_domain >= CONFIRM_PER_DOMAIN)
        snprintf(why, size, "%d signups of addresses at %s are waiting for their confirmation", in_domain, domain);
    else if (from_domain >= CONFIRM_PER_DOMAIN)
        snprintf(why, size, "%d signups sent from %s are waiting for their confirmation", from_domain,
                 sender_domain);
    else
        return signups_full(c, address, why, size);
    return why;
}

/* When max_pending signups wait already, the oldest of them is forgotten for the new one (contract 15.3): the
 * list is never full to a newcomer, however many strangers fill it. Removes it from v; returns the new count. */
static int confirm_make_room(CommandCtx *c, UsersPending *v, int n)
{
    int64_t max_pending = c->host->max_pending >= 0 ? c->host->max_pending : CONFIRM_PENDING_MAX;
    int signups = 0, oldest = -1;
    for (int i = 0; i < n; i++)
        if (v[i].kind == PENDING_SIGNUP && signups++ == 0)
            oldest = i; /* users_pending_read gives them oldest first */
    if (signups < max_pending || oldest < 0)
        return n;
    fprintf(stderr, "genetess: %lld signups wait: the oldest, of %s, is forgotten for a new one\n",
            (long long)signups, v[oldest].id);
    memmove(v + oldest, v + oldest + 1, (size_t)(n - oldest - 1) * sizeof *v);
    return n - 1;
}

/* The refusal of a change of id by the limits (contract 15.3), or NULL when it may be made. */
static const char *change_over(CommandCtx *c, const UsersPending *v, int n, const char *id, PendingKind kind,
                               const char *address, char *why, size_t size)
{
    int waiting = 0;
    for (int i = 0; i < n; i++) {
        if (kind == PENDING_NEWADDR && recent_to(&v[i], address, c->now)) {
            snprintf(why, size, "A confirmation was mailed to %s less than a day ago: answer that one", address);
            return why;
        }
        waiting += v[i].kind != PENDING_SIGNUP && str_ieq(v[i].id, id);
    }
    /* a new address is asked only once the registered address said yes: the owner's, not bounded again */
    if (waiting < CONFIRM_CHANGES_PER_USER || kind == PENDING_NEWADDR)
        return NULL;
    snprintf(why, size, "%d changes of %s are waiting for their confirmation already", waiting, id);
    return why;
}

/* The confirmation mail of request p into *subject and *body (malloc'd), and the reply's line onto line. */
static void confirm_texts(const UsersPending *p, const char *when, char **subject, char **body, Buf *line)
{
    PendingKind k = p->kind;
    Subject s = {.kind = SUBJECT_CONFIRM};
    char subj[2 * SUBJECT_WORD_MAX + 32];
    snprintf(s.word, sizeof s.word, "%s", p->id);
    snprintf(s.token, sizeof s.token, "%s", p->token);
    subject_format(&s, subj, sizeof subj);
    *subject = xstrdup(subj);
    char *what = k == PENDING_SIGNUP    ? xasprintf("to sign up the userid %s with this address", p->id)
                 : k == PENDING_OLDADDR ? xasprintf("to send the mail of the userid %s, now sent here,\nto %s from "
                                                     "now on (that address is asked next)", p->id, p->target)
                 : k == PENDING_NEWADDR ? xasprintf("to send the mail of the userid %s to this address", p->id)
                                         : xasprintf("to change the password of the userid %s", p->id);
    *body = xasprintf("Someone asked this Genetess server\n%s.\n\nTo confirm, reply to this mail and keep its Subject "
                      "(or send the Subject\n\"confirm %s %s\"). If you did not ask, do nothing:\nnothing changes, "
                      "no more mail comes, and the request is forgotten on\n%s.\n%s",
                      what, p->id, p->token, when,
                      to_registered(k) ? "\nThe request came with your password: if it was not you, someone knows "
                                         "it.\n" : "");
    free(what);
    if (k == PENDING_SIGNUP)
        buf_printf(line, "A confirmation was mailed to %s: the userid is signed up once it is answered, by "
                         "%s.\n", p->address, when);
    else if (k == PENDING_OLDADDR)
        buf_printf(line, "A confirmation was mailed to %s's address.\nOnce it is answered, %s is asked too;\nonce "
                         "that is answered, your mail goes there (by %s).\n", p->id, p->target, when);
    else if (k == PENDING_NEWADDR)
        buf_printf(line, "A confirmation was mailed to %s: your mail goes there once it is answered, by %s.\n",
                   p->address, when);
    else
        buf_printf(line, "A confirmation was mailed to %s's address.\nThe password changes once it is answered, by "
                         "%s.\n", p->id, when);
}

/* The refusal of a confirmation to address (not a registered one) by var/confirms, the day's record of the
 * mailboxes mailed one (contract 15.3), into why, or NULL when it may be mailed; the record unreadable refuses
 * too. Kept apart from etc/pending, whose requests may be forgotten for newer ones: a mailbox mailed within the
 * day stays known, and when the record is full the next confirmation is refused, never a mailbox forgotten. */
static const char *mailed_today(CommandCtx *c, const char *address, char *why, size_t size)
{
    char mailbox[RATE_MAILBOX_MAX + 1];
    int to_mailbox, all;
    rate_mailbox(address, mailbox, sizeof mailbox);
    if (!day_counts(c, USERS_DAY_CONFIRMS, mailbox, &to_mailbox, &all, why, size))
        return why;
    if (to_mailbox)
        snprintf(why, size, "A confirmation was mailed to %s less than a day ago: answer that one", address);
    else if (all >= CONFIRM_MAILED_DAY)
        snprintf(why, size, "%d confirmations were mailed in a day: try again tomorrow", all);
    else
        return NULL;
    return why;
}

int confirm_request(CommandCtx *c, PendingKind kind, const char *id, const char *password, const char *address,
                    const char *target)
{
    Err err;
    char why[ERR_MAX], when[40];
    UsersPending *v;
    int n = users_pending_read(&c->st, c->now, &v, &err);
    if (n < 0) {
        fprintf(stderr, "genetess: %s\n", err.msg);
        return pipeline_refuse(c, EXIT_SYSTEM, "The requests waiting for confirmation cannot be read; try again later");
    }
    const char *refusal = kind == PENDING_SIGNUP ? signup_over(c, v, n, id, address, why, sizeof why)
                                                  : change_over(c, v, n, id, kind, address, why, sizeof why);
    if (!refusal && !to_registered(kind))
        refusal = mailed_today(c, address, why, sizeof why);
    if (refusal) {
        free(v);
        return pipeline_refuse(c, EXIT_REFUSED, "%s", refusal);
    }
    if (kind == PENDING_SIGNUP)
        n = confirm_make_room(c, v, n);
    v = xrealloc(v, (size_t)(n + 1) * sizeof *v);
    UsersPending *p = &v[n++];
    memset(p, 0, sizeof *p);
    p->kind = kind;
    snprintf(p->id, sizeof p->id, "%s", id);
    snprintf(p->password, sizeof p->password, "%s", password ? password : "");
    snprintf(p->address, sizeof p->address, "%s", address);
    snprintf(p->target, sizeof p->target, "%s", target ? target : "");
    users_token(p->token);
    p->created = c->now;
    snprintf(p->requester, sizeof p->requester, "%s", c->req->sender ? c->req->sender : "-");
    fmt_time(c->now + USERS_PENDING_TTL, when, sizeof when);
    char *subject, *body;
    Buf line; /* the reply's line, once the request is saved and its mail queued */
    buf_init(&line);
    confirm_texts(p, when, &subject, &body, &line);
    int rc = EXIT_DONE;
    char mailbox[RATE_MAILBOX_MAX + 1];
    rate_mailbox(address, mailbox, sizeof mailbox);
    /* the mailbox is noted before the request is saved: a failure between the two errs on the side of no mail */
    if ((!to_registered(kind) && users_day_note(&c->st, USERS_DAY_CONFIRMS, c->now, mailbox, &err) < 0) ||
        users_pending_write(&c->st, v, n, &err) < 0) {
        fprintf(stderr, "genetess: %s\n", err.msg);
        rc = pipeline_refuse(c, EXIT_SYSTEM, "The request cannot be saved; try again later");
    } else if (mail_reply_address(c->req, c->out) && rate_same_mailbox(address, mail_reply_address(c->req, c->out))) {
        /* one mail per command per person (contract 3.1): the reply to the address asked is its confirmation */
        buf_add(&c->reply, body);
        snprintf(c->subject, sizeof c->subject, "%s", subject);
    } else if (mail_add(&c->mq, address, subject, body, &err) < 0) {
        fprintf(stderr, "genetess: %s\n", err.msg);
    } else {
        buf_addn(&c->reply, line.s, line.len);
    }
    buf_free(&line);
    free(subject);
    free(body);
    free(v);
    return rc;
}

/* Forgets the request with token (etc/pending read again: confirming may have added one). */
static void confirm_forget(CommandCtx *c, const char *token)
{
    Err err;
    UsersPending *v;
    int n = users_pending_read(&c->st, c->now, &v, &err), k = 0;
    for (int i = 0; i < n; i++)
        if (!str_ieq(v[i].token, token))
            v[k++] = v[i];
    if (n < 0 || users_pending_write(&c->st, v, k, &err) < 0)
        fprintf(stderr, "genetess: %s\n", err.msg); /* done: the request is forgotten when it expires */
    free(v);
}

int64_t confirm_users_max(const Host *host)
{
    return host->max_users >= 0 ? host->max_users : CONFIRM_USERS_MAX;
}

int confirm_refuse_full(CommandCtx *c, int64_t users)
{
    return pipeline_refuse(c, EXIT_REFUSED, "This server takes no more users (it has %lld)", (long long)users);
}

/* Signs up the user of request p, within the day's bounds and the server's most users (counted again: requests
 * that waited together must not pass it together); counts the signup. The exit status, reply written. */
static int confirm_signup(CommandCtx *c, const UsersPending *p)
{
    char why[ERR_MAX], domain[255];
    Err err;
    if (signups_full(c, p->address, why, sizeof why)) /* the request waits: it may be confirmed tomorrow */
        return pipeline_refuse(c, EXIT_REFUSED, "%s", why);
    int64_t users;
    int added = users_add_within(&c->st, p->id, p->password, p->address, confirm_users_max(c->host), &users, &err);
    if (added == USERS_FULL) /* contract 15.3: nothing made; the request waits, as for the day's bounds */
        return confirm_refuse_full(c, users);
    if (added != 0)
        return pipeline_refuse(c, EXIT_REFUSED, "%s", err.msg);
    users_domain(p->address, domain, sizeof domain);
    if (users_day_note(&c->st, USERS_DAY_SIGNUPS, c->now, domain, &err) < 0)
        fprintf(stderr, "genetess: %s\n", err.msg);
    buf_printf(&c->reply, "User %s signed up. Welcome to Genetess!\n\n"
                          "Next, start a game: send the Subject\n"
                          "    challenge %s <your password> <opponent>\n"
                          "naming another player's userid, or bot:strong for a computer opponent; or wait for an "
                          "invitation and answer it with your password and \"accept\".\n\n"
                          "Then reply to each sheet with your password and your order on the first line (the "
                          "Subject \"help\" explains it all).\n",
               p->id, p->id);
    subject_write(SUBJECT_SIGNUP, 0, NULL, c->subject, sizeof c->subject);
    return EXIT_DONE;
}

/* Does change p of a user whose registered address is still the one it asked (oldaddr, password). The exit
 * status, the reply written. */
static int confirm_change(CommandCtx *c, const UsersPending *p)
{
    Err err;
    User u;
    int found = users_find(&c->st, p->id, &u, &err);
    bool same = found == 0 && (!to_registered(p->kind) || str_ieq(u.address, p->address));
    if (found == 0)
        users_free(&u);
    if (found < 0) {
        fprintf(stderr, "genetess: %s\n", err.msg);
        return pipeline_refuse(c, EXIT_SYSTEM, "The users cannot be read; try again later");
    }
    if (!same)
        return pipeline_refuse(c, EXIT_REFUSED, "User %s's address is no longer %s: nothing was changed", p->id,
                               p->address);
    int rc = EXIT_DONE;
    if (p->kind == PENDING_OLDADDR) /* the registered address said yes: now the new one is asked */
        rc = confirm_request(c, PENDING_NEWADDR, p->id, NULL, p->target, NULL);
    else if (users_update(&c->st, p->id, *p->password ? p->password : NULL,
                          p->kind == PENDING_NEWADDR ? p->address : NULL, false, &err) < 0)
        rc = pipeline_refuse(c, EXIT_REFUSED, "%s", err.msg);
    else if (p->kind == PENDING_NEWADDR)
        buf_printf(&c->reply, "User %s: mail now goes to %s.\n", p->id, p->address);
    else
        buf_printf(&c->reply, "User %s: password changed.\n", p->id);
    if (rc == EXIT_DONE)
        subject_write(SUBJECT_USER, 0, p->id, c->subject, sizeof c->subject);
    return rc;
}

int confirm_command(CommandCtx *c)
{
    const char *id = c->argv[0], *token = c->argv[1];
    Err err;
    int rc = pipeline_lock(c);
    if (rc)
        return rc;
    UsersPending *v;
    int n = users_pending_read(&c->st, c->now, &v, &err), at = -1;
    for (int i = 0; i < n && at < 0; i++)
        if (str_ieq(v[i].id, id) && str_ieq(v[i].token, token))
            at = i;
    if (at < 0) {
        free(v);
        return pipeline_refuse(c, EXIT_REFUSED, "Nothing waits for a confirmation of %s with that code (a request is "
                                                "forgotten %d days after it was made)",
                               users_valid_id(id) ? id : "that userid", USERS_PENDING_TTL / 86400);
    }
    UsersPending p = v[at];
    free(v);
    rc = p.kind == PENDING_SIGNUP ? confirm_signup(c, &p) : confirm_change(c, &p);
    if (rc != EXIT_DONE)
        return rc;
    confirm_forget(c, p.token);
    if (c->out) /* the code is a secret only that address had: the sender is who they say */
        c->out->authenticated = true;
    return EXIT_DONE;
}
