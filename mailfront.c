/* mailfront: the host's part of a server without pbmserv. An MTA pipes one whole message to
 * `genetess mail`; it is read (mailin.h), checked against loops, the size limit and the budget of its reply
 * mailbox (rate.h), and its Subject runs as a command in-process exactly as the command line would run it — on the
 * mail front's Host (read once) and the message's one store (opened once, lent to each command, which takes its
 * lock once; its var/ records go through the store too) — with
 * SENDER the reply address, INPUTFILE the decoded body and MESSAGEID the message's Message-ID; a command that
 * authenticates a user is answered at that user's registered address (mail_reply_address). The exit status
 * is one an MTA handles: 75 (try again later) only for a temporary failure before anything was
 * answered; 0 otherwise — a refused command is a reply, never a bounce. */
#include "mailfront.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <fcntl.h>

#include "boardfile.h"
#include "commands.h"
#include "disk.h"
#include "handled.h"
#include "mailin.h"
#include "orders.h"
#include "play.h"
#include "rate.h"
#include "store.h"
#include "subject.h"
#include "users.h"

#define CONFIG_FILE "/etc/genetess.conf"
#define MAX_LINES 50 /* commands of one `multiple` */
_Static_assert(MAX_LINES < HANDLED_KEYS_MAX, "each command of a message has its key looked up");

/* What `genetess mail` was told: options, then the environment (main's host), then the configuration
 * file. */
typedef struct Front {
    const Host *env;    /* main's host: the environment's values */
    const Request *rq;  /* main's request */
    Host host;          /* the host of every command of the message: its home, mailer, From: and limits are those
                           below, read once (front_setup) */
    char *home;         /* --home, $PBMHOME, home= */
    char *mailer;       /* $PBMSENDMAIL, sendmail= */
    char *from;         /* $PBMFROM, from= */
    char *rate;         /* $PBMRATE, rate=, RATE_DEFAULT: the budget's short window */
    char *rate_day;     /* rateday=, RATE_DAY_DEFAULT: the budget's day */
    size_t max_size;    /* $PBMMAXSIZE, maxsize=, MAILFRONT_MAX_SIZE */
    int64_t max_users, max_pending; /* $PBMMAXUSERS, maxusers=; $PBMMAXPENDING, maxpending= (< 0: defaults) */
    int64_t now;
    Store *st;          /* the message's one store (mailfront_main's), open from front_setup to the end: every
                           command of the message borrows it (Request.store) */
    bool opened;
} Front;

/* ---- the configuration ---- */

/* The value of key in the configuration text ("key=value" lines; '#' starts a comment at the start of
 * a line or after white space), malloc'd, or NULL. */
static char *conf_value(const char *text, const char *key)
{
    size_t n = strlen(key);
    for (const char *l = text; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
        while (*l == ' ' || *l == '\t')
            l++;
        if (strncmp(l, key, n) != 0 || l[n] != '=')
            continue;
        size_t k = strcspn(l + n + 1, "\n");
        char *v = xmalloc(k + 1);
        memcpy(v, l + n + 1, k);
        v[k] = '\0';
        for (char *h = strchr(v, '#'); h; h = strchr(h + 1, '#'))
            if (h > v && (h[-1] == ' ' || h[-1] == '\t')) { /* "value   # a comment" */
                *h = '\0';
                break;
            }
        return str_trim(v);
    }
    return NULL;
}

/* The environment's value env when set and non-empty (a copy), else the configuration's key. */
static char *setting(const char *env, const char *text, const char *key)
{
    if (env && *env)
        return xstrdup(env);
    return text ? conf_value(text, key) : NULL;
}

/* The request of a command of this server (on f->host): no sender, body or Message-ID yet. */
static Request front_request(const Front *f)
{
    Request r = *f->rq;
    r.now = f->now;
    r.sender = r.message_id = r.body = NULL;
    r.store = f->opened ? f->st : NULL;
    return r;
}

/* Reads the options and the configuration into f. Returns 0; EXIT_USAGE after the usage line on stderr when an
 * argument is not an option of `mail` (contract 3.6: a mistake of the command line, not one to try again); -1
 * after saying why on stderr. */
static int front_setup(Front *f, int argc, char **argv)
{
    const char *home = NULL, *config = CONFIG_FILE;
    for (int i = 0; i < argc; i++) {
        if (strncmp(argv[i], "--home=", 7) == 0)
            home = argv[i] + 7;
        else if (strncmp(argv[i], "--config=", 9) == 0)
            config = argv[i] + 9;
        else {
            fprintf(stderr, "usage: genetess mail [--home=DIR] [--config=FILE]\n");
            return EXIT_USAGE;
        }
    }
    char *text = NULL;
    Err err;
    if (disk_read_file(config, &text, NULL, &err) < 0)
        fprintf(stderr, "genetess mail: %s\n", err.msg);
    const Host *env = f->env;
    f->home = home && *home ? xstrdup(home) : setting(env->home_is_default ? NULL : env->home, text, "home");
    f->rate = setting(env->rate, text, "rate");
    f->rate_day = text ? conf_value(text, "rateday") : NULL;
    char *size = setting(env->max_size, text, "maxsize");
    int64_t v;
    f->max_size = size && parse_i64(size, &v) && v > 0 ? (size_t)v : MAILFRONT_MAX_SIZE;
    free(size);
    f->mailer = setting(env->mailer, text, "sendmail");
    if (!f->mailer || !*f->mailer)
        fprintf(stderr, "genetess mail: no sendmail= in %s and no $PBMSENDMAIL: replies stay in outbox/\n", config);
    f->from = setting(env->from, text, "from");
    f->max_users = env->max_users;
    f->max_pending = env->max_pending;
    char *users = f->max_users < 0 ? conf_value(text ? text : "", "maxusers") : NULL;
    char *pending = f->max_pending < 0 ? conf_value(text ? text : "", "maxpending") : NULL;
    if (users && parse_i64(users, &v))
        f->max_users = v;
    if (pending && parse_i64(pending, &v))
        f->max_pending = v;
    free(users);
    free(pending);
    free(text);
    f->now = f->rq->now;
    f->host = *env;
    f->host.home = f->home;
    f->host.home_is_default = false;
    f->host.mailer = f->mailer;
    f->host.from = f->from;
    f->host.rate = f->rate;
    f->host.max_users = f->max_users;
    f->host.max_pending = f->max_pending;
    if (!f->home || !*f->home) {
        fprintf(stderr, "genetess mail: no home: give --home=DIR, or home=DIR in %s\n", config);
        return -1;
    }
    if (store_open(f->st, &f->host, &err) < 0) {
        fprintf(stderr, "genetess mail: %s\n", err.msg);
        return -1;
    }
    f->opened = true;
    int rc = store_make_dir(f->st, "var", &err); /* the mail front's records (mail.log, handled, rate/) */
    if (rc < 0)
        fprintf(stderr, "genetess mail: %s\n", err.msg);
    return rc;
}

/* ---- the log ---- */

/* Adds "; <what>" to note: what befell a message on its way, said on its one log line (front_log). */
static void front_note(Buf *note, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void front_note(Buf *note, const char *fmt, ...)
{
    char what[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    buf_printf(note, "; %s", what);
}

/* The one line for message m (NULL: not read) to stderr and $PBMHOME/var/mail.log (contract 2.1: one line
 * per message; what befell it on the way is on that line, front_note). */
static void front_log(const Front *f, const MailIn *m, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void front_log(const Front *f, const MailIn *m, const char *fmt, ...)
{
    char when[40];
    va_list ap, again;
    va_start(ap, fmt);
    va_copy(again, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *what = xmalloc(n > 0 ? (size_t)n + 1 : 1);
    *what = '\0';
    if (n > 0)
        vsnprintf(what, (size_t)n + 1, fmt, again);
    va_end(again);
    char *line = xasprintf("%s genetess mail: %s %s: %s\n", fmt_time(f->now, when, sizeof when),
                           m && *m->reply_to ? m->reply_to : "-", m && *m->message_id ? m->message_id : "-", what);
    fputs(line, stderr);
    Err err;
    if (f->opened && store_append(f->st, "var/mail.log", line, strlen(line), false, &err) < 0)
        fprintf(stderr, "genetess mail: %s\n", err.msg);
    free(line);
    free(what);
}

/* ---- reading ---- */

int mailfront_read(FILE *in, size_t max, char **out, size_t *len)
{
    Buf b;
    buf_init(&b);
    char chunk[8192];
    size_t n, total = 0;
    while ((n = fread(chunk, 1, sizeof chunk, in)) > 0) {
        if (total < max)
            buf_addn(&b, chunk, n < max - total ? n : max - total);
        total += n;
    }
    int rc = ferror(in) ? -1 : total > max ? 1 : 0;
    *len = b.len;
    *out = b.s ? buf_take(&b) : xstrdup("");
    return rc;
}

/* ---- running commands ---- */

/* The words of a command line into w; a leading "genetess" goes (the Subject a sheet tells players to
 * use is "genetess move <n> ...", pbmserv's form with the game's name). Returns the count. */
static int mailfront_words(const char *line, StrList *w)
{
    str_split_words(line, w);
    if (w->n && str_ieq(w->v[0], "genetess")) {
        free(w->v[0]);
        memmove(w->v, w->v + 1, (size_t)(w->n - 1) * sizeof w->v[0]);
        w->n--;
    }
    return w->n;
}

/* Runs one command line (words) on host with the request rq as the command line would; what it did into *out
 * (NULL: not kept). */
static int run_words(const Host *host, const Request *rq, StrList *w, RequestOutcome *out)
{
    if (!w->n)
        return pipeline_reject(host, rq, "No command: write the command in the Subject (the Subject \"help\" gets the help)\n",
                               EXIT_REFUSED, out);
    if (str_ieq(w->v[0], "mail") || str_ieq(w->v[0], "multiple")) {
        char q[64], *text = xasprintf("Unknown command '%s' in a mail's Subject or line; try 'genetess help'\n",
                                      str_quote(w->v[0], q, 40));
        int rc = pipeline_reject(host, rq, text, EXIT_REFUSED, out);
        free(text);
        return rc;
    }
    return command_run(host, rq, w->n, w->v, out);
}

/* The command of the owner check: logs argv[0] in with password argv[1] as any command would (a wrong password
 * counted, contract 15.2) and answers nothing. */
static int front_owner_login(CommandCtx *c)
{
    int rc = pipeline_lock(c);
    if (rc == 0)
        rc = pipeline_auth_user(c);
    buf_free(&c->reply); /* the check is not a command of the sender's: no reply */
    buf_init(&c->reply);
    return rc;
}

/* Which word of w (after the command word) is the userid of the pair "<userid> <password>" the owner check tries,
 * -1 when none: in a reply to a game mail (rq's userid_address), the reply's placeholder, whose user its address
 * finds (pipeline_userid); else the first word whose userid is a user with a registered address of mailbox (one
 * read of the user list). -2 when the user list cannot be read. */
static int front_owner_pair(const Front *f, const Request *rq, const StrList *w, const char *mailbox)
{
    int slot = rq->userid_slot + 1;
    if (rq->userid_address) /* contract 2.1: a reply's "PASSWORD ...", the user of its address */
        return slot + 1 < w->n && strcmp(w->v[slot], REQUEST_USERID_BY_ADDRESS) == 0 ? slot : -1;
    Err err;
    User *u = xcalloc((size_t)w->n, sizeof *u);
    int pair = -1, read = users_find_all(f->st, (const char *const *)w->v + 1, w->n - 2, u, &err);
    for (int i = 0; read == 0 && i < w->n - 2 && pair < 0; i++)
        if (u[i].address && rate_same_mailbox(u[i].address, mailbox))
            pair = i + 1;
    for (int i = 0; i < w->n - 2; i++)
        users_free(&u[i]);
    free(u);
    return read < 0 ? -2 : pair;
}

/* 1 when the words w give the password of a user whose registered address is of mailbox (contract 2.1: such a
 * command runs over the mailbox's budget), 0 when not, -1 when that could not be checked (the user list
 * unreadable, the lock held past its wait: the MTA brings the message back). The words tried are one pair
 * "<userid> <password>" (front_owner_pair), logged in as the command itself would be: a reply's password is
 * checked for the one user of its address, as its command would find them. The check takes the message's
 * store's lock and keeps it: the command runs under the same lock (its pipeline borrows the store locked), and
 * run_limited lets it go. */
static int front_owner(const Front *f, const Request *rq, const StrList *w, const char *mailbox)
{
    static const Command login = {.name = "login", .min_args = 2, .max_args = 2, .usage = "", .run = front_owner_login};
    if (!w || w->n < 3)
        return false;
    Err err;
    int locked = store_lock(f->st, &err);
    if (locked < 0) {
        if (locked != STORE_LOCK_BUSY) /* the reason names the server's path: the log has it */
            fprintf(stderr, "genetess mail: %s\n", err.msg);
        return -1;
    }
    int pair = front_owner_pair(f, rq, w, mailbox);
    if (pair < -1)
        return -1;
    if (pair < 0)
        return 0;
    Request q = *rq; /* its store is f->st, locked now */
    RequestOutcome out = {0};
    q.reply_needs_auth = false;
    q.body = NULL;
    q.userid_slot = 0; /* a reply's placeholder is the login's first word */
    char *pw[2] = {xstrdup(w->v[pair]), xstrdup(w->v[pair + 1])}; /* the login may name the user in its words */
    int rc = pipeline_run(&login, &f->host, &q, 2, pw, &out);
    free(pw[0]);
    free(pw[1]);
    if (rc == EXIT_SYSTEM)
        return -1;
    return *out.address && rate_same_mailbox(out.address, mailbox);
}

/* The notice of the one message that first finds its mailbox over the budget b, until `until`. */
static void front_over_notice(const Host *host, const Request *rq0, const RateBudget *b, int64_t until)
{
    Request rq = *rq0;
    char when[40], day[80] = "", notice[600];
    rq.reply_needs_auth = false;
    if (b->max[1] < INT64_MAX)
        snprintf(day, sizeof day, " and %lld (%lld KiB) in %lld seconds", (long long)b->max[1],
                 (long long)b->bytes[1] / 1024, (long long)b->secs[1]);
    snprintf(notice, sizeof notice,
             "Too many messages for this mailbox: Genetess answers at most %lld messages (%lld KiB) in %lld seconds%s "
             "for one mailbox, whoever sends them. Until %s the next ones are neither run nor answered. Commands "
             "with the password of the user whose address this is always run.\n",
             (long long)b->max[0], (long long)b->bytes[0] / 1024, (long long)b->secs[0], day,
             fmt_time(until, when, sizeof when));
    pipeline_reject(host, &rq, notice, EXIT_REFUSED, NULL);
}

/* One mailed command under its reply mailbox's budget (contract 2.1, 15.2). A reply to the mailbox of the
 * message's reply address is reserved before the command runs; when the budget has no room, the command is not
 * run — the first such one gets a notice of the budget and when it has room again — unless its words give the
 * password of the user whose registered address is that mailbox (front_owner). A command that authenticates
 * a user is answered at that user's registered address (mail_reply_address), so its reservation is given back.
 * text: the reply of a command refused before it ran (NULL: run w), about board (0: none; else in its thread). Returns
 * the command's exit status. */
static int run_limited(const Front *f, const Request *rq0, const MailIn *m, StrList *w, const char *text, int board,
                       Buf *note)
{
    Request rq = *rq0;
    RequestOutcome out = {0};
    Err err;
    RateBudget b;
    int64_t until = 0;
    char mailbox[RATE_MAILBOX_MAX + 1];
    rate_mailbox(rq.sender, mailbox, sizeof mailbox);
    handled_begin(rq.handled, &rq.command_key); /* contract 2.1: the login tells whether it ran already */
    int on = rate_budget(f->rate, f->rate_day, &b, &err);
    if (on < 0) { /* a wrong setting never lifts the budget */
        front_note(note, "%s: the default budget is used", err.msg);
        on = rate_budget(NULL, NULL, &b, &err);
    }
    int state = on > 0 ? rate_reserve(f->st, mailbox, f->now, &b, &until, &err) : RATE_RESERVED;
    if (state < 0)
        front_note(note, "budget not applied: %s", err.msg);
    int owner = state > 0 ? front_owner(f, &rq, text ? NULL : w, mailbox) : 0;
    if (owner <= 0)
        store_unlock(f->st); /* the owner check's lock, when it took it: nothing runs under it */
    if (owner < 0) { /* nothing was run or answered: the message comes back */
        front_log(f, m, "over the budget of %s: the owner check could not be made; the MTA tries again later%s",
                  mailbox, note->len ? note->s : "");
        return MAILFRONT_TEMPFAIL;
    }
    if (state > 0 && !owner) {
        if (state == RATE_OVER_FIRST)
            front_over_notice(&f->host, &rq, &b, until);
        front_note(note, "over the budget of %s: not run, %s", mailbox,
                   state == RATE_OVER_FIRST ? "told once" : "not answered");
        return EXIT_REFUSED;
    }
    rq.reply_needs_auth = state > 0;
    int rc = !text  ? run_words(&f->host, &rq, w, &out)
             : board ? pipeline_reject_board(&f->host, &rq, text, board, &out)
                     : pipeline_reject(&f->host, &rq, text, EXIT_REFUSED, &out);
    store_unlock(f->st); /* the owner check's lock, the command's too (none taken: nothing to let go) */
    if (out.busy) { /* nothing ran, nothing was answered: the message comes back (contract 2.1) */
        if (on > 0 && state == RATE_RESERVED)
            (void)rate_refund(f->st, mailbox, f->now, &b, &err);
        front_log(f, m, "%s: Genetess is busy; try again later; the MTA tries again later%s", w && w->n ? w->v[0] : "-",
                  note->len ? note->s : "");
        return MAILFRONT_TEMPFAIL;
    }
    if (on > 0 && state == RATE_RESERVED && *out.address) /* answered at the user's address, not the mailbox */
        (void)rate_refund(f->st, mailbox, f->now, &b, &err);
    else if (on > 0 && state == RATE_RESERVED && out.reply_bytes > 0)
        (void)rate_charge(f->st, mailbox, f->now, &b, out.reply_bytes, &err);
    if (handled_end(rq.handled)) { /* what a password let run is never run twice */
        front_note(note, "handled already: not run again, not answered");
        rc = 0;
    }
    if (out.reply_held)
        front_note(note, "over the budget of %s: ran, not answered", mailbox);
    return rc;
}

/* The reply to a `multiple` whose lines with a command go on past the MAX_LINES run, from line l on (the rest of
 * the lines strtok_r's *save holds): how many were not run and the first of them, as one more reply of rq (by
 * mail, f non-NULL, under the mailbox's budget like every reply: run_limited). Returns its exit status. */
static int run_not_run(const Front *f, const MailIn *m, const Host *host, const Request *rq, char *l, char **save,
                       Buf *note)
{
    int skipped = 0;
    char first[200] = "", q[STR_HEAD_SIZE];
    for (; l; l = strtok_r(NULL, "\n", save)) {
        StrList w = {0};
        if (mailfront_words(l, &w) > 0 && skipped++ == 0)
            snprintf(first, sizeof first, "%s", str_trim(l));
        sl_free(&w);
    }
    if (!skipped)
        return 0;
    char *text = xasprintf("multiple: %d more line%s of your mail (the first: \"%s\") %s not run: one mail runs at "
                           "most %d commands. Send the rest in another mail.\n",
                           skipped, skipped == 1 ? "" : "s", str_quote_head(first, q, sizeof q),
                           skipped == 1 ? "was" : "were", MAX_LINES);
    Request r = *rq;
    r.command_key = 0; /* no command: nothing to run once */
    Buf said;
    buf_init(&said);
    int rc = f ? run_limited(f, &r, m, NULL, text, 0, &said) : pipeline_reject(host, &r, text, EXIT_REFUSED, NULL);
    if (note) /* on the message's one log line */
        front_note(note, "%d lines not run (at most %d)%s", skipped, MAX_LINES, said.len ? said.s : "");
    buf_free(&said);
    free(text);
    return rc;
}

/* Runs each non-blank line of text (at most MAX_LINES) as a command of rq, without a body; each line of a
 * mail (f non-NULL) counts as a message of its own (run_limited). Returns the highest exit status; *count
 * the commands run. */
static int run_lines(const Front *f, const MailIn *m, const Host *host, const Request *rq, const char *text, int *count,
                     Buf *note)
{
    Request line = *rq;
    line.body = NULL; /* a line has no body of its own */
    char *copy = xstrdup(text), *save = NULL, *l;
    int worst = 0, n = 0;
    for (l = strtok_r(copy, "\n", &save); l && n < MAX_LINES; l = strtok_r(NULL, "\n", &save)) {
        StrList w = {0};
        if (mailfront_words(l, &w) > 0) {
            line.command_key = f ? request_command_key(rq->message_id, rq->sender, n + 1) : 0;
            line.busy_defers = rq->busy_defers && n == 0; /* 75 only before anything was answered */
            Buf said;
            buf_init(&said);
            int rc = f ? run_limited(f, &line, m, &w, NULL, 0, &said) : run_words(host, &line, &w, NULL);
            if (said.len) /* what befell this command, on the message's one log line */
                front_note(note, "command %d: %s", n + 1, said.s + 2);
            buf_free(&said);
            if (rc == MAILFRONT_TEMPFAIL) {
                sl_free(&w);
                worst = rc;
                break;
            }
            worst = rc > worst ? rc : worst;
            n++;
        }
        sl_free(&w);
    }
    if (n == MAX_LINES && l && worst != MAILFRONT_TEMPFAIL) { /* contract 15.2: the rest are said, not run */
        int rc = run_not_run(f, m, host, &line, l, &save, note);
        worst = rc > worst ? rc : worst;
    }
    free(copy);
    if (!n && worst != MAILFRONT_TEMPFAIL)
        worst = pipeline_reject(host, rq, "multiple: write the commands in the body, one a line\n", EXIT_REFUSED, NULL);
    *count = n;
    return worst;
}

int mailfront_multiple(const Host *host, const Request *rq, int argc, char **argv)
{
    (void)argv;
    if (argc > 0)
        return pipeline_reject(host, rq, "usage: genetess multiple\n", EXIT_USAGE, NULL);
    int n;
    Request q = *rq;
    Store st;
    Err err;
    if (!q.store && store_open(&st, host, &err) == 0) /* the message's one store, lent to each line's command */
        q.store = &st;
    int rc = run_lines(NULL, NULL, host, &q, q.body ? q.body : "", &n, NULL);
    if (q.store == &st)
        store_close(&st);
    return rc;
}

/* ---- a reply to a game mail (contract 2.1) ---- */

/* The answer to a message whose order would be in a body that has no text to read (contract 2.1). */
static const char UNREAD[] = "Your mail has no text Genetess can read (no plain text part, and no HTML part with "
                             "text in it): please send your order as plain text.\n";

/* The command a reply's text makes for user id (the sender's, found by the address): into *w, its body (the
 * text after the first line's words that are the command's) into *rest. pw_words: the first line's words, the
 * password first. Returns which word after the command word is id. */
static int mailfront_reply_words(const Subject *to, const char *id, StrList *pw_words, char **rest, StrList *w)
{
    char num[16];
    snprintf(num, sizeof num, "%d", to->n);
    const char *word = pw_words->n > 1 ? pw_words->v[1] : "";
    int next = 1; /* the first word of the first line that is text (orders, chat) rather than the command's */
    StrList cmd = {0};
    int slot = 0;
    if (to->kind == SUBJECT_INVITATION) { /* "secret accept" / "secret decline"; "secret" alone accepts */
        sl_push(&cmd, *word ? word : "accept");
        sl_push(&cmd, num);
        sl_push(&cmd, id);
        slot = cmd.n - 2; /* argv's words follow the command word */
        sl_push(&cmd, pw_words->v[0]);
        next = pw_words->n;
    } else if (to->kind == SUBJECT_CHAT) { /* chat back: to the sender (privately), or to all when one's own */
        sl_push(&cmd, "chat");
        sl_push(&cmd, num);
        sl_push(&cmd, id);
        slot = cmd.n - 2; /* argv's words follow the command word */
        sl_push(&cmd, pw_words->v[0]);
        sl_push(&cmd, "to"); /* the sender is known under the lock: to all when one's own (Request.chat_back) */
        sl_push(&cmd, to->word);
    } else { /* the command the word after the password names (commands.h: command_reply), else the orders */
        const Command *c = command_reply(word);
        bool board_last = !(c->flags & CMD_BOARD_FIRST); /* showas: the board after the password */
        sl_push(&cmd, c->name);
        if (!board_last)
            sl_push(&cmd, num);
        sl_push(&cmd, id);
        slot = cmd.n - 2; /* argv's words follow the command word */
        sl_push(&cmd, pw_words->v[0]);
        if (board_last)
            sl_push(&cmd, num);
        if ((c->flags & CMD_REPLY_WORD) && !(c->flags & CMD_REPLY_TEXT)) { /* the command's own words; no text */
            for (int i = 2; i < pw_words->n && !board_last; i++)
                sl_push(&cmd, pw_words->v[i]);
            next = pw_words->n;
        } else if (c->flags & CMD_REPLY_WORD) { /* its text after its name */
            next = 2;
        }
    }
    /* the text: the first line's words from next on, then every line after it (contract 4.1) */
    Buf text;
    buf_init(&text);
    for (int i = next; i < pw_words->n; i++)
        buf_printf(&text, "%s%s", i > next ? " " : "", pw_words->v[i]);
    buf_printf(&text, "\n%s", *rest);
    free(*rest);
    *rest = buf_take(&text);
    sl_free(w);
    *w = cmd;
    return slot;
}

/* A reply to a mail of the program's (to): its body's first line is a whole command (its first word a command),
 * or "PASSWORD ..." of the user the address belongs to — a board's player: "PASSWORD ORDER..." (the orders, on
 * as many lines as the text has) or "PASSWORD <board command> ..."; a chat's reader: "PASSWORD text"; an invited
 * user: "PASSWORD accept|decline". w becomes that command (its userid word REQUEST_USERID_BY_ADDRESS, the user
 * found by rq's userid_address, set here: pipeline_userid) and *rest its body (malloc'd). Returns NULL, or a
 * refusal (malloc'd) that quotes what was read and shows what to send. */
/* The first line of a reply to a board's mail starts with an order's keyword or a board command's word where
 * the password should be (contract 2.1): it has none, and is not read as a wrong one. */
static bool reply_without_password(const StrList *w)
{
    return order_verb(w->v[0]) >= 0 || (command_reply(w->v[0])->flags & CMD_REPLY_WORD);
}

/* The first line of a reply is a whole command (contract 2.1): its first word is a command's — unless that
 * command names a board first, no board number follows, and the word is an order's or a board command's
 * ("MOVE C3 N", "resign": that line lacks its password; "show" alone is still the command, for its usage). */
static bool reply_whole_command(const StrList *w)
{
    const Command *c = command_find(w->v[0]);
    if (!c)
        return false;
    bool board_first = (c->flags & CMD_BOARD_FIRST) != 0;
    int num;
    return !board_first || (w->n > 1 && store_valid_board_number(w->v[1], &num)) || !reply_without_password(w);
}

/* The answer to a reply to board n's mail whose first line (w its words) has no password: what was read, and
 * exactly what to send — the same line with the password first, or the whole command as the Subject. */
static char *reply_no_password(int n, const char *line, const StrList *w)
{
    char said[256], rest[256];
    str_quote(line, said, sizeof said);
    bool order = order_verb(w->v[0]) >= 0; /* else a board command's word: resign, orders, map, ... */
    Buf after; /* a command's words after its own */
    buf_init(&after);
    for (int i = 1; i < w->n; i++)
        buf_printf(&after, " %s", w->v[i]);
    str_quote(after.len ? after.s : "", rest, sizeof rest);
    buf_free(&after);
    char *cmd = order ? xasprintf("move %d <userid> <password> %s", n, said)
                      : xasprintf("%s %d <userid> <password>%s", w->v[0], n, rest);
    char *why = xasprintf("Your reply about Genetess board %d reads \"%s\": it has no password. Your password "
                          "comes first on the line, then the %s:\n\n    yourpassword %s\n\n(your own password in "
                          "place of \"yourpassword\"), or send this Subject:\n\n    %s\n",
                          n, said, order ? "order" : "command", said, cmd);
    free(cmd);
    return why;
}

/* In a reply to a board's mail (or, invitation, to an invitation), the line of t that holds the password and the
 * orders when lines of prose (a greeting: "Hi Ben,") come first: the first line whose second word is an order's
 * keyword ("secret MOVE ...", "secret *PASS"; "secret accept" or "secret decline"), when no line before it is
 * anything but prose (contract 2.1). t itself when there is no such line. */
static const char *reply_orders_line(const char *t, bool invitation)
{
    for (const char *l = t; *l; l += strcspn(l, "\n") + (l[strcspn(l, "\n")] != '\0')) {
        char *line = xasprintf("%.*s", (int)strcspn(l, "\n"), l);
        StrList w = {0};
        mailfront_words(line, &w);
        bool orders = invitation ? w.n == 2 && (str_ieq(w.v[1], "accept") || str_ieq(w.v[1], "decline"))
                                 : w.n > 1 && order_verb(w.v[1] + strspn(w.v[1], "*")) >= 0;
        bool prose = play_line_is_prose(line);
        bool command = w.n && command_find(w.v[0]), blank = !w.n;
        sl_free(&w);
        free(line);
        if (orders)
            return l;
        if (!blank && (!prose || command))
            return t;
    }
    return t;
}

static char *reply_command(Request *rq, const MailIn *m, const Subject *to, StrList *w, char **rest)
{
    int n = to->n;
    const char *t = m->body;
    while (*t == '\n' || *t == ' ' || *t == '\t')
        t++;
    /* prose above the orders' line goes after it, to be named as not read (play.c, contract 4.1) */
    const char *o = to->kind == SUBJECT_BOARD || to->kind == SUBJECT_INVITATION
                        ? reply_orders_line(t, to->kind == SUBJECT_INVITATION) : t;
    size_t len = strcspn(o, "\n");
    char *line = xasprintf("%.*s", (int)len, o);
    *rest = xasprintf("%.*s%s", (int)(o - t), t, o[len] ? o + len + 1 : "");
    sl_free(w);
    *w = (StrList){0};
    mailfront_words(line, w);
    char *why = NULL, q[64];
    bool invitation = to->kind == SUBJECT_INVITATION;
    if (!w->n && m->body_unread) {
        why = xasprintf("%s", UNREAD);
    } else if (!w->n) { /* one line each: the reply's prose is wrapped where it is mailed */
        why = invitation ? xasprintf("Your reply about Genetess invitation %d has no answer: write your password and "
                                     "\"accept\" or \"decline\" on the first line, e.g. \"secret accept\".\n", n)
                         : xasprintf("Your reply about Genetess board %d has no order: write your password and your order "
                                     "on the first line, e.g. \"secret MOVE C3 N\" (the Subject \"help\" gets the help).\n",
                                     n);
    } else if (reply_whole_command(w)) {
        /* a whole command: run as it is */
    } else if (invitation && w->n != 1 &&
               (w->n != 2 || !(str_ieq(w->v[1], "accept") || str_ieq(w->v[1], "decline")))) {
        why = xasprintf("Your reply about Genetess invitation %d reads \"%s\": write your password and \"accept\" or "
                        "\"decline\" on the first line, e.g. \"secret accept\" (your password alone accepts).\n", n,
                        str_quote(line, q, 40));
    } else if (!invitation && reply_without_password(w)) {
        why = reply_no_password(n, line, w);
    } else if (!str_ieq(m->from, m->reply_to)) {
        /* the address is secret (contract 15): whether it is a player's is told only to that address */
        why = xasprintf("A reply whose Reply-To: is not its From: address cannot say who you are.\n"
                        "Write the whole command on the first line instead:\n"
                        "    %s %d <userid> <password>%s\n",
                        invitation ? "accept" : "move", n, invitation ? "" : " <ORDER>");
    } else { /* "PASSWORD ...": the user the address belongs to, found by the pipeline under the lock */
        rq->userid_address = m->from;
        rq->userid_slot = mailfront_reply_words(to, REQUEST_USERID_BY_ADDRESS, w, rest, w);
        rq->chat_back = to->kind == SUBJECT_CHAT;
    }
    free(line);
    return why;
}

/* A reply to one of the program's mails that names no game (subject_reply_only: "Genetess error", "Genetess
 * signup", ...): its text's first line is the command when it is a whole one (w becomes its words, *rest the
 * lines after it, malloc'd); else the refusal (malloc'd) quotes what was read and shows what to send. */
static char *reply_written(const MailIn *m, StrList *w, char **rest)
{
    const char *t = m->body + strspn(m->body, " \t\n");
    size_t len = strcspn(t, "\n");
    char *line = xasprintf("%.*s", (int)len, t), q[64], qs[64];
    StrList lw = {0};
    mailfront_words(line, &lw);
    char *why = NULL;
    if (lw.n && reply_whole_command(&lw)) {
        sl_free(w);
        *w = lw;
        *rest = xstrdup(t[len] ? t + len + 1 : "");
    } else {
        sl_free(&lw);
        why = xasprintf("Your reply to the mail \"%s\" %s%s%s: Genetess reads a command from the Subject of a mail, "
                        "or from the first line of a reply like this one, e.g.\n\n    challenge <userid> <password> "
                        "<opponent>\n\n(the Subject \"help\" gets the help; to play, reply to a mail of your game with "
                        "your password and your order).\n",
                        str_quote(m->subject, qs, sizeof qs), len ? "reads \"" : "has no text",
                        len ? str_quote(line, q, 40) : "", len ? "\"" : "");
    }
    free(line);
    return why;
}

/* Runs the Subject's command (or, for `multiple`, the body's; for a reply to a game mail, the body's first
 * line) for message m. Returns the exit status for the MTA. */
static int run_message(const Front *f, const Request *rq0, const MailIn *m, Buf *note)
{
    StrList w = {0};
    Request rq1 = *rq0;
    const Request *rq = &rq1;
    char *rest = NULL, *refusal = NULL;
    int bot_decisions = 0; /* the message's bound of computer opponents' decisions, shared by its commands */
    rq1.bot_decisions = &bot_decisions;
    rq1.command_key = request_command_key(rq0->message_id, rq0->sender, 0);
    mailfront_words(m->subject, &w);
    Subject to = subject_parse(m->subject); /* a reply to one of the program's mails (contract 2.1, 3.4) */
    int game = to.kind == SUBJECT_NONE ? 0 : to.n;
    if (to.kind != SUBJECT_NONE) {
        refusal = reply_command(&rq1, m, &to, &w, &rest);
        rq1.body = rest;
    } else if (subject_reply_only(m->subject)) {
        refusal = reply_written(m, &w, &rest);
        rq1.body = rest;
    }
    bool multiple = w.n && str_ieq(w.v[0], "multiple");
    const Command *cmd = w.n ? command_find(w.v[0]) : NULL;
    if (!refusal && m->body_unread && cmd && (cmd->flags & CMD_READS_BODY) && w.n <= 4)
        refusal = xasprintf("%s", UNREAD); /* the order or the text would come from the body */
    int rc = 0;
    if (refusal) {
        bool board = to.kind == SUBJECT_BOARD || to.kind == SUBJECT_ENDED || to.kind == SUBJECT_CHAT;
        rc = run_limited(f, rq, m, NULL, refusal, board ? game : 0, note); /* in the game's thread */
        char about[48] = "reply to a mail of no game";
        if (game)
            snprintf(about, sizeof about, "reply about %s %d", to.kind == SUBJECT_INVITATION ? "invitation" : "board",
                     game);
        front_log(f, m, "%s: not understood, exit %d%s", about, rc, note->len ? note->s : "");
    } else if (multiple) {
        int n;
        rc = run_lines(f, m, &f->host, rq, m->body, &n, note);
        if (rc == MAILFRONT_TEMPFAIL) {
            sl_free(&w);
            free(rest);
            return rc;
        }
        front_log(f, m, "multiple: %d commands, exit %d%s", n, rc, note->len ? note->s : "");
    } else {
        rc = run_limited(f, rq, m, &w, NULL, 0, note);
        if (rc == MAILFRONT_TEMPFAIL) {
            sl_free(&w);
            free(rest);
            free(refusal);
            return rc;
        }
        char q[64];
        front_log(f, m, "%s%s: exit %d%s", game ? "reply: " : "", w.n ? str_quote(w.v[0], q, 20) : "(no command)",
                  rc, note->len ? note->s : "");
    }
    sl_free(&w);
    free(rest);
    free(refusal);
    return 0; /* the reply said what happened */
}

/* Answers message m (too_large: only its start was read). Returns the exit status for the MTA. */
static int answer(const Front *f, const MailIn *m, bool too_large)
{
    if (*m->loop) { /* RFC 3834: never answer a machine */
        front_log(f, m, "dropped unanswered: %s", m->loop);
        return 0;
    }
    if (!users_valid_address(m->reply_to) || m->reply_list) { /* none, or not one address: nobody to answer */
        front_log(f, m, "dropped unanswered: no usable From: or Reply-To: address");
        return 0;
    }
    Request rq = front_request(f);
    rq.sender = m->reply_to;
    rq.message_id = *m->message_id ? m->message_id : NULL;
    rq.body = m->body;
    rq.body_lines = true;
    rq.by_mail = true;
    rq.busy_defers = true; /* the lock held past its wait: the MTA brings the message back */
    Handled h; /* contract 2.1: a second delivery of the message waits here until the first is done */
    Err err;
    Buf note;
    buf_init(&note);
    if (handled_open(&h, f->st, rq.message_id, rq.sender, MAX_LINES, f->now, &err) < 0)
        front_note(&note, "delivered once not ensured: %s", err.msg);
    rq.handled = rq.message_id ? &h : NULL;
    int rc = 0;
    if (too_large) {
        char said[160];
        snprintf(said, sizeof said, "Your message is too large: at most %zu bytes are read\n", f->max_size);
        run_limited(f, &rq, m, NULL, said, 0, &note);
        front_log(f, m, "too large: answered%s", note.len ? note.s : "");
    } else {
        rc = run_message(f, &rq, m, &note);
    }
    buf_free(&note);
    handled_close(&h);
    return rc;
}

int mailfront_main(const Host *host, const Request *rq, int argc, char **argv, FILE *in)
{
    Store st;
    Front f = {.env = host, .rq = rq, .st = &st};
    int set = front_setup(&f, argc, argv);
    int rc = set == EXIT_USAGE ? EXIT_USAGE : MAILFRONT_TEMPFAIL;
    if (set == 0) {
        char *msg;
        size_t len;
        int r = mailfront_read(in, f.max_size, &msg, &len);
        if (r < 0) {
            front_log(&f, NULL, "cannot read the message: %s; the MTA tries again later", strerror(errno));
        } else {
            MailIn m;
            mailin_parse(msg, len, rq->sender, &m); /* the envelope sender the MTA gave */
            rc = answer(&f, &m, r == 1);
            mailin_free(&m);
        }
        free(msg);
    }
    if (f.opened)
        store_close(&st);
    free(f.home);
    free(f.rate);
    free(f.rate_day);
    free(f.mailer);
    free(f.from);
    return rc;
}
