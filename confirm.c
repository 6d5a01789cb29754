/* confirm: what comes by mail and names an address is done only once that address answers (confirm.h). */
#include "confirm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* True when request p is by requester or for address within the last day (one confirmation an address a day). */
static bool recent_to(const UsersPending *p, const char *address, int64_t now)
{
    return str_ieq(p->address, address) && now - p->created < CONFIRM_ADDRESS_EVERY;
}

/* The refusal of a request by the limits (contract 15), or NULL when it may be made. */
static const char *over_limits(CommandCtx *c, const UsersPending *v, int n, const char *id, const char *address,
                               char *why, size_t size)
{
    int mine = 0;
    int64_t max_pending = c->req->max_pending >= 0 ? c->req->max_pending : CONFIRM_PENDING_MAX;
    for (int i = 0; i < n; i++) {
        if (str_ieq(v[i].id, id) && !strcmp(v[i].kind, "signup")) {
            snprintf(why, size, "User %s already exists (waiting for its confirmation)", v[i].id);
            return why;
        }
        if (recent_to(&v[i], address, c->now)) {
            snprintf(why, size, "A confirmation was mailed to %s less than a day ago: answer that one", address);
            return why;
        }
        mine += str_ieq(v[i].requester, c->req->sender);
    }
    if (mine >= CONFIRM_PER_REQUESTER)
        snprintf(why, size, "%d requests of yours are waiting for their confirmation already", mine);
    else if (n >= max_pending)
        snprintf(why, size, "Too many requests are waiting for their confirmation: try again tomorrow");
    else
        return NULL;
    return why;
}

int confirm_request(CommandCtx *c, const char *kind, const char *id, const char *password, const char *address)
{
    Err err;
    char why[ERR_MAX], when[40];
    UsersPending *v;
    int n = users_pending_read(&c->st, c->now, &v, &err);
    if (n < 0) {
        fprintf(stderr, "genetess: %s\n", err.msg);
        return pipeline_refuse(c, EXIT_SYSTEM, "The requests waiting for confirmation cannot be read; try again later");
    }
    const char *refusal = over_limits(c, v, n, id, address, why, sizeof why);
    int rc = refusal ? pipeline_refuse(c, EXIT_REFUSED, "%s", refusal) : EXIT_DONE;
    if (rc == EXIT_DONE) {
        v = xrealloc(v, (size_t)(n + 1) * sizeof *v);
        UsersPending *p = &v[n++];
        memset(p, 0, sizeof *p);
        snprintf(p->kind, sizeof p->kind, "%s", kind);
        snprintf(p->id, sizeof p->id, "%s", id);
        snprintf(p->password, sizeof p->password, "%s", password ? password : "");
        snprintf(p->address, sizeof p->address, "%s", address);
        users_token(p->token);
        p->created = c->now;
        snprintf(p->requester, sizeof p->requester, "%s", c->req->sender ? c->req->sender : "-");
        fmt_time(c->now + USERS_PENDING_TTL, when, sizeof when);
        char *subject = xasprintf("Genetess confirm %s %s", id, p->token);
        char *body = xasprintf("Someone asked this Genetess server %s %s with this address.\n\nTo confirm, reply to "
                               "this mail and keep its Subject (or send the Subject\n\"confirm %s %s\"). If you did "
                               "not ask, do nothing: no more mail comes,\nand the request is forgotten on %s.\n",
                               strcmp(kind, "signup") ? "to send the mail of the userid" : "to sign up the userid",
                               id, id, p->token, when);
        if (users_pending_write(&c->st, v, n, &err) < 0) {
            fprintf(stderr, "genetess: %s\n", err.msg);
            rc = pipeline_refuse(c, EXIT_SYSTEM, "The request cannot be saved; try again later");
        } else if (mail_add(&c->mq, address, subject, body, &err) < 0) {
            fprintf(stderr, "genetess: %s\n", err.msg);
        } else {
            buf_printf(&c->reply, "A confirmation was mailed to %s: %s once it is answered, by %s.\n", address,
                       strcmp(kind, "signup") ? "your mail goes there" : "the userid is signed up", when);
        }
        free(subject);
        free(body);
    }
    free(v);
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
    memmove(&v[at], &v[at + 1], (size_t)(n - at - 1) * sizeof *v);
    bool signup = !strcmp(p.kind, "signup");
    rc = signup ? users_add(&c->st, p.id, p.password, p.address, &err)
                : users_update(&c->st, p.id, NULL, p.address, false, &err);
    if (rc == 0 && users_pending_write(&c->st, v, n - 1, &err) < 0)
        fprintf(stderr, "genetess: %s\n", err.msg); /* done: the request is forgotten when it expires */
    free(v);
    if (rc < 0)
        return pipeline_refuse(c, EXIT_REFUSED, "%s", err.msg);
    if (c->req->outcome) /* the code is a secret only that address had: the sender is who they say */
        c->req->outcome->authenticated = true;
    if (signup)
        buf_printf(&c->reply, "User %s signed up.\n", p.id);
    else
        buf_printf(&c->reply, "User %s: mail now goes to %s.\n", p.id, p.address);
    snprintf(c->subject, sizeof c->subject, signup ? "Genetess signup" : "Genetess user %s", p.id);
    return EXIT_DONE;
}
