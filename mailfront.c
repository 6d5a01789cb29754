/* mailfront: the host's part of a server without pbmserv. An MTA pipes one whole message to
 * `genetess mail`; it is read (mailin.h), checked against loops and the size and rate limits, and its
 * Subject runs as a command in-process exactly as the command line would run it, with SENDER the
 * reply address, INPUTFILE the decoded body and MESSAGEID the message's Message-ID. The exit status
 * is one an MTA handles: 75 (try again later) only for a temporary failure before anything was
 * answered; 0 otherwise — a refused command is a reply, never a bounce. */
#include "mailfront.h"

#include <dirent.h>
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
#include "handled.h"
#include "mailin.h"
#include "store.h"
#include "users.h"

#define CONFIG_FILE "/etc/genetess.conf"
#define MAX_LINES 50 /* commands of one `multiple` */
_Static_assert(MAX_LINES < HANDLED_KEYS_MAX, "each command of a message has its key looked up");

/* What `genetess mail` was told: options, then the environment (main's request), then the configuration
 * file. */
typedef struct Front {
    const Request *env; /* main's request: the environment's values */
    char *home;         /* --home, $PBMHOME, home= */
    char *mailer;       /* $PBMSENDMAIL, sendmail= */
    char *from;         /* $PBMFROM, from= */
    char *rate;         /* $PBMRATE, rate=, MAILFRONT_RATE */
    size_t max_size;    /* $PBMMAXSIZE, maxsize=, MAILFRONT_MAX_SIZE */
    int64_t max_users, max_pending; /* $PBMMAXUSERS, maxusers=; $PBMMAXPENDING, maxpending= (< 0: defaults) */
    int64_t now;
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

/* The request of a command of this server: its home, mailer and From: address; no sender, body or
 * Message-ID yet. */
static Request front_request(const Front *f)
{
    Request r = *f->env;
    r.home = f->home;
    r.home_is_default = false;
    r.mailer = f->mailer;
    r.from = f->from;
    r.now = f->now;
    r.max_users = f->max_users;
    r.max_pending = f->max_pending;
    r.sender = r.message_id = r.body = NULL;
    return r;
}

/* Reads the options and the configuration into f. Returns 0, or -1 after saying why on stderr. */
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
            return -1;
        }
    }
    char *text = NULL;
    Err err;
    if (store_read_file(config, &text, NULL, &err) < 0)
        fprintf(stderr, "genetess mail: %s\n", err.msg);
    const Request *env = f->env;
    f->home = home && *home ? xstrdup(home) : setting(env->home_is_default ? NULL : env->home, text, "home");
    f->rate = setting(env->rate, text, "rate");
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
    f->now = env->now;
    if (!f->home || !*f->home) {
        fprintf(stderr, "genetess mail: no home: give --home=DIR, or home=DIR in %s\n", config);
        return -1;
    }
    Store st;
    Request r = front_request(f);
    if (store_open(&st, &r, &err) < 0) {
        fprintf(stderr, "genetess mail: %s\n", err.msg);
        return -1;
    }
    char *var = store_path(&st, "var");
    int rc = mkdir(var, 0700) < 0 && errno != EEXIST ? -1 : 0;
    if (rc < 0)
        fprintf(stderr, "genetess mail: %s: %s\n", var, strerror(errno));
    free(var);
    store_close(&st);
    return rc;
}

/* ---- the log ---- */

/* One line for message m (NULL: not read) to stderr and $PBMHOME/var/mail.log. */
static void front_log(const Front *f, const MailIn *m, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void front_log(const Front *f, const MailIn *m, const char *fmt, ...)
{
    char what[600], when[40];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    char *line = xasprintf("%s genetess mail: %s %s: %s\n", fmt_time(f->now, when, sizeof when),
                           m && *m->reply_to ? m->reply_to : "-", m && *m->message_id ? m->message_id : "-", what);
    fputs(line, stderr);
    char *path = f->home ? xasprintf("%s/var/mail.log", f->home) : NULL;
    int fd = path ? open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW, 0600) : -1;
    if (fd >= 0) {
        if (fd_write_all(fd, line, strlen(line)) < 0)
            fprintf(stderr, "genetess mail: %s: %s\n", path, strerror(errno));
        close(fd);
    }
    free(path);
    free(line);
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

/* ---- the rate limit ---- */

/* The file name of address's state: lower-cased, anything but [a-z0-9@._+-] as '_'. */
static char *rate_key(const char *address)
{
    size_t n = strlen(address);
    char *k = xmalloc(n + 2);
    k[0] = '_'; /* never a dot file */
    for (size_t i = 0; i < n && i < 200; i++) {
        char c = (char)((address[i] >= 'A' && address[i] <= 'Z') ? address[i] + 32 : address[i]);
        k[i + 1] = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || strchr("@._+-", c) ? c : '_';
        k[i + 2] = '\0';
    }
    if (!n)
        k[1] = '\0';
    return k;
}

/* Takes the lock of the rate directory rdir (its file .lock, an fcntl write lock, waited for: it is held
 * only while one sender's count is read and written), so that messages from one sender handled at the
 * same moment each count. Returns the descriptor holding it (closing it lets it go) or -1 with err. */
static int rate_lock(const char *rdir, Err *err)
{
    char *p = xasprintf("%s/.lock", rdir);
    int fd = open(p, O_RDWR | O_CREAT | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW, 0600);
    struct flock fl = {.l_type = F_WRLCK, .l_whence = SEEK_SET};
    int r = fd < 0 ? -1 : 0;
    while (fd >= 0 && (r = fcntl(fd, F_SETLKW, &fl)) < 0 && errno == EINTR)
        ;
    if (r < 0) {
        err_fail(err, "%s: %s", p, strerror(errno));
        if (fd >= 0)
            close(fd);
        fd = -1;
    }
    free(p);
    return fd;
}

/* Reads a count "start count" into *start and *count; false when it is unreadable or its window (secs
 * from start) has passed at now: the same as no count at all. */
static bool rate_current(const char *text, int64_t now, int64_t secs, long long *start, long long *count)
{
    return sscanf(text, "%lld %lld", start, count) == 2 && now - *start < secs && now >= *start;
}

/* Removes the counts in rdir whose window has passed, so that the directory holds only senders of the
 * last window rather than every address that ever wrote; at most once a window (rdir/.pruned holds when
 * it was last done). Called with the rate lock held. */
static void rate_prune(const char *rdir, int64_t now, int64_t secs)
{
    char *mark = xasprintf("%s/.pruned", rdir), *text = NULL;
    long long last = 0;
    Err err;
    if (store_read_file(mark, &text, NULL, &err) == 0 && sscanf(text, "%lld", &last) != 1)
        last = 0;
    free(text);
    DIR *d = now - last >= secs || now < last ? opendir(rdir) : NULL;
    struct dirent *de;
    while (d && (de = readdir(d)) != NULL) {
        if (de->d_name[0] == '.') /* the lock, the mark, temporaries (the sweep's) */
            continue;
        char *p = xasprintf("%s/%s", rdir, de->d_name);
        text = NULL;
        long long start, count;
        if (store_read_file(p, &text, NULL, &err) == 0 && !rate_current(text, now, secs, &start, &count))
            (void)unlink(p);
        free(text);
        free(p);
    }
    if (d) {
        closedir(d);
        char stamp[32];
        snprintf(stamp, sizeof stamp, "%lld\n", (long long)now);
        (void)store_write_atomic(mark, stamp, strlen(stamp), &err);
    }
    free(mark);
}

/* Parses the rate spec "N/SECONDS": 1 with *max and *secs set, 0 for "off", "0" or none (no limit), -1 with err. */
static int rate_spec(const char *spec, int64_t *max, int64_t *secs, Err *err)
{
    if (!spec || !*spec || str_ieq(spec, "off") || strcmp(spec, "0") == 0)
        return 0;
    char num[32];
    const char *slash = strchr(spec, '/');
    snprintf(num, sizeof num, "%.*s", slash ? (int)(slash - spec) : 0, spec);
    if (!slash || !parse_i64(num, max) || !parse_i64(slash + 1, secs) || *max < 1 || *secs < 1)
        return err_fail(err, "rate '%s' is not MESSAGES/SECONDS", spec);
    return 1;
}

/* The rate state of address at now under spec: 0 within the limit (one more message is within it), 1 when
 * one more would be the first over it, 2 after that; *until the end of the window (0 none). With count,
 * that message is counted. -1 with err when the spec is wrong or the state cannot be written. */
static int rate_state(const char *dir, const char *address, int64_t now, const char *spec, bool count,
                      int64_t *until, Err *err)
{
    int64_t max, secs;
    *until = 0;
    int on = rate_spec(spec, &max, &secs, err);
    if (on <= 0)
        return on;
    char *rdir = xasprintf("%s/rate", dir), *key = rate_key(address);
    char *path = xasprintf("%s/%s", rdir, key);
    char *text = NULL;
    long long start = 0, n = 0;
    int rc = mkdir(rdir, 0700) < 0 && errno != EEXIST ? err_fail(err, "%s: %s", rdir, strerror(errno)) : 0;
    int lock = rc == 0 ? rate_lock(rdir, err) : -1; /* runs outside the store's lock: two messages at once */
    if (lock < 0)
        rc = -1;
    if (!(rc == 0 && store_read_file(path, &text, NULL, err) == 0 && rate_current(text, now, secs, &start, &n)))
        start = now, n = 0; /* none yet, or its window has passed: a new one */
    n++;
    char state[64];
    snprintf(state, sizeof state, "%lld %lld\n", start, n);
    if (rc == 0 && count)
        rc = store_write_atomic(path, state, strlen(state), err);
    if (rc == 0 && count)
        rate_prune(rdir, now, secs);
    if (lock >= 0)
        close(lock); /* lets the lock go */
    free(text);
    free(path);
    free(key);
    free(rdir);
    *until = start + secs;
    if (rc < 0)
        return -1;
    return n <= max ? 0 : n == max + 1 ? 1 : 2;
}

int mailfront_rate(const char *dir, const char *address, int64_t now, const char *spec, Err *err)
{
    int64_t until;
    return rate_state(dir, address, now, spec, true, &until, err);
}

/* ---- running commands ---- */

/* True when the lock can be had now (waiting as the pipeline would); false after a timeout or an I/O
 * error, said in why. The command then is not run: the MTA brings the message back later. */
static bool lock_free(const Request *rq, char *why, size_t size)
{
    Store st;
    Err err;
    if (store_open(&st, rq, &err) < 0) {
        snprintf(why, size, "%s", err.msg);
        return false;
    }
    bool ok = store_lock(&st, &err) == 0;
    if (!ok)
        snprintf(why, size, "%s", err.msg);
    store_close(&st);
    return ok;
}

/* The words of a command line into w; a leading "genetess" goes (the Subject a sheet tells players to
 * use is "genetess move <n> ...", pbmserv's form with the game's name). Returns the count. */
static int command_words(const char *line, StrList *w)
{
    str_split_words(line, w);
    if (w->n && str_ieq(w->v[0], "genetess")) {
        free(w->v[0]);
        memmove(w->v, w->v + 1, (size_t)(w->n - 1) * sizeof w->v[0]);
        w->n--;
    }
    return w->n;
}

/* Runs one command line (words) with the request rq as the command line would. */
static int run_words(const Request *rq, StrList *w)
{
    if (!w->n)
        return pipeline_reject(rq, "No command: write the command in the Subject (the Subject \"help\" gets the help)\n",
                               EXIT_REFUSED);
    if (str_ieq(w->v[0], "mail") || str_ieq(w->v[0], "multiple")) {
        char q[64], *text = xasprintf("Unknown command '%s' in a mail's Subject or line; try 'genetess help'\n",
                                      pipeline_quote(w->v[0], q, 40));
        int rc = pipeline_reject(rq, text, EXIT_REFUSED);
        free(text);
        return rc;
    }
    return command_run(rq, w->n, w->v);
}

/* The rate limit of one mailed command (contract 15): what does not authenticate a user counts against its
 * sender's limit of unauthenticated replies, and over that limit gets no reply — the first one over it a
 * notice of the limit and when it lifts; a command that authenticates is never limited by it. text: the
 * reply of a command refused before it ran (NULL: run w). Returns the command's exit status. */
static int run_limited(const Front *f, const Request *rq0, const MailIn *m, StrList *w, const char *text)
{
    Request rq = *rq0;
    RequestOutcome out = {0};
    Err err;
    int64_t until;
    char *dir = xasprintf("%s/var", f->home);
    const char *spec = f->rate ? f->rate : MAILFRONT_RATE;
    handled_begin(rq.handled, &rq.command_key); /* contract 2.1: the login tells whether it ran already */
    int over = rate_state(dir, rq.sender, f->now, spec, false, &until, &err);
    if (over < 0)
        front_log(f, m, "rate limit not applied: %s", err.msg);
    rq.reply_needs_auth = over > 0;
    rq.outcome = &out;
    int rc = text ? pipeline_reject(&rq, text, EXIT_REFUSED) : run_words(&rq, w);
    if (!out.authenticated && over >= 0)
        (void)rate_state(dir, rq.sender, f->now, spec, true, &until, &err);
    if (handled_end(rq.handled)) { /* what a password let run is never run twice */
        front_log(f, m, "handled already: not run again, not answered");
        rc = 0;
    }
    int64_t max, secs;
    if (out.reply_held && over == 1 && rate_spec(spec, &max, &secs, &err) == 1) {
        char when[40], notice[400];
        snprintf(notice, sizeof notice, "Too many messages from you without a valid password: %lld in %lld seconds "
                                        "are answered, and the next ones get no answer until %s. Commands with "
                                        "your password are always answered.\n",
                 (long long)max, (long long)secs, fmt_time(until, when, sizeof when));
        rq.reply_needs_auth = false;
        pipeline_reject(&rq, notice, EXIT_REFUSED);
    }
    if (out.reply_held)
        front_log(f, m, "over the rate limit: %s", over == 1 ? "told once" : "not answered");
    free(dir);
    return rc;
}

/* Runs each non-blank line of text (at most MAX_LINES) as a command of rq, without a body; each line of a
 * mail (f non-NULL) counts as a message of its own (run_limited). Returns the highest exit status; *count
 * the commands run. */
static int run_lines(const Front *f, const MailIn *m, const Request *rq, const char *text, int *count)
{
    Request line = *rq;
    line.body = NULL; /* a line has no body of its own */
    char *copy = xstrdup(text), *save = NULL;
    int worst = 0, n = 0;
    for (char *l = strtok_r(copy, "\n", &save); l && n < MAX_LINES; l = strtok_r(NULL, "\n", &save)) {
        StrList w = {0};
        if (command_words(l, &w) > 0) {
            line.command_key = f ? request_command_key(rq->message_id, rq->sender, n + 1) : 0;
            int rc = f ? run_limited(f, &line, m, &w, NULL) : run_words(&line, &w);
            worst = rc > worst ? rc : worst;
            n++;
        }
        sl_free(&w);
    }
    free(copy);
    if (!n)
        worst = pipeline_reject(rq, "multiple: write the commands in the body, one a line\n", EXIT_REFUSED);
    *count = n;
    return worst;
}

int mailfront_multiple(const Request *rq, int argc, char **argv)
{
    (void)argv;
    if (argc > 0)
        return pipeline_reject(rq, "usage: genetess multiple\n", EXIT_USAGE);
    int n;
    return run_lines(NULL, NULL, rq, rq->body ? rq->body : "", &n);
}

/* ---- a reply to a game mail (contract 2.1) ---- */

/* The answer to a message whose order would be in a body that has no text to read (contract 2.1). */
static const char UNREAD[] = "Your mail has no text Genetess can read (no plain text part, and no HTML part with\n"
                             "text in it): please send your order as plain text.\n";

/* The board a game mail's Subject names, its Re:, Nag: ... prefixes gone, as the program writes them
 * (contract 3.4): "[New ]Genetess Board <n> [<word>]" (a sheet, an error, a creation, a reminder),
 * "Genetess Board <n> ended: ..." or "Genetess chat <n> <userid>"; 0 for any other Subject (pbmserv's
 * "genetess board <n> <userid> <password> ..." is the command move). */
static int game_subject_board(const char *subject)
{
    StrList w = {0};
    str_split_words(subject, &w);
    int i = w.n && str_ieq(w.v[0], "new") ? 1 : 0, n = 0;
    bool named = w.n >= i + 3 && str_ieq(w.v[i], "genetess") && store_valid_board_number(w.v[i + 2], &n);
    bool board = named && str_ieq(w.v[i + 1], "board") &&
                 (w.n <= i + 4 || (!i && str_ieq(w.v[i + 3], "ended:")));
    bool chat = named && !i && str_ieq(w.v[i + 1], "chat") && w.n == i + 4;
    sl_free(&w);
    return board || chat ? n : 0;
}

/* The userid of the one player of board n whose registered address is from, into id; or a refusal saying why
 * not (malloc'd). */
static char *player_of_address(const Request *rq, int n, const char *from, char *id, size_t size)
{
    Store st;
    Err err;
    char *text = NULL, *why = NULL, name[16];
    snprintf(name, sizeof name, "%d", n);
    if (store_open(&st, rq, &err) < 0)
        return xasprintf("Genetess cannot read its files; try again later\n");
    Board *b = store_load_board(&st, n, &text, NULL, &err) == 0 ? boardfile_parse(text, name, &err) : NULL;
    free(text);
    if (!b) {
        store_close(&st);
        return xasprintf("Genetess board %d not found\n", n);
    }
    const char **ids = xcalloc((size_t)b->np + 1, sizeof *ids);
    User *u = xcalloc((size_t)b->np + 1, sizeof *u);
    for (int p = 0; p < b->np; p++)
        ids[p] = b->pl[p].id;
    int found = 0;
    if (users_find_all(&st, ids, b->np, u, &err) < 0)
        why = xasprintf("Genetess cannot read its users; try again later\n");
    for (int p = 0; !why && p < b->np; p++)
        if (u[p].address && str_ieq(u[p].address, from) && found++ == 0)
            snprintf(id, size, "%s", b->pl[p].id);
    if (!why && found != 1)
        why = xasprintf("Your address %s\nis %s of Genetess board %d,\n"
                        "so a reply cannot say who you are. Write the whole command on the first line\n"
                        "instead:\n"
                        "    move %d <userid> <password> <ORDER>\n",
                        from, found ? "the address of several players" : "not the address of a player", n, n);
    for (int p = 0; p < b->np; p++)
        users_free(&u[p]);
    free(u);
    free(ids);
    board_free(b);
    store_close(&st);
    return why;
}

/* A reply to a mail of board n's game: its body's first line is a whole command (its first word a command),
 * or "PASSWORD ORDER..." of the player whose address sent it — w becomes that command and *rest the lines
 * after the first (malloc'd, the command's body). Returns NULL, or a refusal (malloc'd) saying what to send. */
static char *reply_command(const Request *rq, const MailIn *m, int n, StrList *w, char **rest)
{
    const char *t = m->body;
    while (*t == '\n' || *t == ' ' || *t == '\t')
        t++;
    size_t len = strcspn(t, "\n");
    char *line = xasprintf("%.*s", (int)len, t);
    *rest = xstrdup(t[len] ? t + len + 1 : "");
    sl_free(w);
    *w = (StrList){0};
    command_words(line, w);
    char *why = NULL;
    if (!w->n && m->body_unread) {
        why = xasprintf("%s", UNREAD);
    } else if (!w->n) {
        why = xasprintf("Your reply about Genetess board %d has no order: write your password and your order\n"
                        "on the first line, e.g. \"secret MOVE C3 N\" (the Subject \"help\" gets the help).\n",
                        n);
    } else if (!command_find(w->v[0]) && !str_ieq(m->from, m->reply_to)) {
        /* the address is secret (contract 15): whether it is a player's is told only to that address */
        why = xasprintf("A reply whose Reply-To: is not its From: address cannot say who you are.\n"
                        "Write the whole command on the first line instead:\n"
                        "    move %d <userid> <password> <ORDER>\n",
                        n);
    } else if (!command_find(w->v[0])) { /* "PASSWORD ORDER...": the player the address belongs to */
        char id[64];
        why = player_of_address(rq, n, m->from, id, sizeof id);
        if (!why) {
            char num[16];
            snprintf(num, sizeof num, "%d", n);
            StrList cmd = {0};
            sl_push(&cmd, "move");
            sl_push(&cmd, num);
            sl_push(&cmd, id);
            for (int i = 0; i < w->n; i++)
                sl_push(&cmd, w->v[i]);
            sl_free(w);
            *w = cmd;
        }
    }
    free(line);
    return why;
}

/* Runs the Subject's command (or, for `multiple`, the body's; for a reply to a game mail, the body's first
 * line) for message m. Returns the exit status for the MTA. */
static int run_message(const Front *f, const Request *rq0, const MailIn *m)
{
    StrList w = {0};
    Request rq1 = *rq0;
    const Request *rq = &rq1;
    char *rest = NULL, *refusal = NULL;
    rq1.command_key = request_command_key(rq0->message_id, rq0->sender, 0);
    command_words(m->subject, &w);
    int game = game_subject_board(m->subject);
    if (game) {
        refusal = reply_command(rq0, m, game, &w, &rest);
        rq1.body = rest;
    }
    bool multiple = w.n && str_ieq(w.v[0], "multiple");
    const Command *cmd = w.n ? command_find(w.v[0]) : NULL;
    if (!refusal && m->body_unread && cmd && w.n <= 4 &&
        (str_ieq(cmd->name, "move") || str_ieq(cmd->name, "queue") || str_ieq(cmd->name, "chat")))
        refusal = xasprintf("%s", UNREAD); /* the order or the text would come from the body */
    char why[ERR_MAX];
    int rc = 0;
    if ((multiple || (cmd && (cmd->flags & CMD_LOCKS))) && !lock_free(rq, why, sizeof why)) {
        front_log(f, m, "%s: %s; the MTA tries again later", w.v[0], why);
        sl_free(&w);
        free(rest);
        free(refusal);
        return MAILFRONT_TEMPFAIL;
    }
    if (refusal) {
        rc = run_limited(f, rq, m, NULL, refusal);
        front_log(f, m, "reply about board %d: not understood, exit %d", game, rc);
    } else if (multiple) {
        int n;
        rc = run_lines(f, m, rq, m->body, &n);
        front_log(f, m, "multiple: %d commands, exit %d", n, rc);
    } else {
        rc = run_limited(f, rq, m, &w, NULL);
        char q[64];
        front_log(f, m, "%s%s: exit %d", game ? "reply: " : "", w.n ? pipeline_quote(w.v[0], q, 20) : "(no command)",
                  rc);
    }
    sl_free(&w);
    free(rest);
    free(refusal);
    return 0; /* the reply said what happened */
}

/* True when the header value v names more than one address (a comma outside quotes, angle brackets and
 * comments): such a reply address is unusable — the reply would go to one of them, chosen by a stranger. */
static bool several_addresses(const char *v)
{
    int depth = 0, angle = 0;
    bool quoted = false;
    for (const char *p = v ? v : ""; *p; p++) {
        if (*p == '\\' && p[1])
            p++;
        else if (*p == '"' && !depth)
            quoted = !quoted;
        else if (!quoted && *p == '(')
            depth++;
        else if (!quoted && *p == ')' && depth)
            depth--;
        else if (!quoted && !depth && *p == '<')
            angle++;
        else if (!quoted && !depth && *p == '>' && angle)
            angle--;
        else if (!quoted && !depth && !angle && *p == ',' && strchr(p + 1, '@'))
            return true;
    }
    return false;
}

/* True when the reply of message text (its header) would go to an address the message lists among others:
 * Reply-To, else From, names several addresses. */
static bool reply_to_list(const char *text)
{
    char *v = mailin_header(text, "Reply-To");
    if (!v)
        v = mailin_header(text, "From");
    bool list = several_addresses(v);
    free(v);
    return list;
}

/* Answers message m (too_large: only its start was read). Returns the exit status for the MTA. */
static int answer(const Front *f, const MailIn *m, const char *text, bool too_large)
{
    if (*m->loop) { /* RFC 3834: never answer a machine */
        front_log(f, m, "dropped unanswered: %s", m->loop);
        return 0;
    }
    if (!users_valid_address(m->reply_to) || reply_to_list(text)) { /* none, or not one address: nobody to answer */
        front_log(f, m, "dropped unanswered: no usable From: or Reply-To: address");
        return 0;
    }
    Request rq = front_request(f);
    rq.sender = m->reply_to;
    rq.message_id = *m->message_id ? m->message_id : NULL;
    rq.body = m->body;
    rq.by_mail = true;
    Handled h; /* contract 2.1: a second delivery of the message waits here until the first is done */
    Err err;
    char *var = xasprintf("%s/var", f->home);
    if (handled_open(&h, var, rq.message_id, rq.sender, MAX_LINES, f->now, &err) < 0)
        front_log(f, m, "delivered once not ensured: %s", err.msg);
    rq.handled = rq.message_id ? &h : NULL;
    int rc = 0;
    if (too_large) {
        char said[160];
        snprintf(said, sizeof said, "Your message is too large: at most %zu bytes are read\n", f->max_size);
        front_log(f, m, "too large: answered");
        run_limited(f, &rq, m, NULL, said);
    } else {
        rc = run_message(f, &rq, m);
    }
    handled_close(&h);
    free(var);
    return rc;
}

int mailfront_main(const Request *rq, int argc, char **argv)
{
    Front f = {.env = rq};
    int rc = MAILFRONT_TEMPFAIL;
    if (front_setup(&f, argc, argv) == 0) {
        char *msg;
        size_t len;
        int r = mailfront_read(stdin, f.max_size, &msg, &len);
        if (r < 0) {
            front_log(&f, NULL, "cannot read the message: %s; the MTA tries again later", strerror(errno));
        } else {
            MailIn m;
            mailin_parse(msg, len, rq->sender, &m); /* the envelope sender the MTA gave */
            rc = answer(&f, &m, msg, r == 1);
            mailin_free(&m);
        }
        free(msg);
    }
    free(f.home);
    free(f.rate);
    free(f.mailer);
    free(f.from);
    return rc;
}
