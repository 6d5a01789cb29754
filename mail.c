/* mail: the queue of outgoing messages, sent through $PBMSENDMAIL or left in outbox/ after the save. */
#include "mail.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#define OUTBOX_TRIES 1000 /* names already taken in outbox/ that we skip before giving up */

void mail_init(MailQueue *q)
{
    q->m = NULL;
    q->n = q->cap = 0;
    q->seq = 0;
}

/* Frees the messages and leaves the queue's storage for reuse. */
void mail_truncate(MailQueue *q, int n)
{
    if (n < 0)
        n = 0;
    for (int i = n; i < q->n; i++) {
        free(q->m[i].to);
        free(q->m[i].subject);
        free(q->m[i].body);
    }
    if (n < q->n)
        q->n = n;
}

static void mail_clear(MailQueue *q)
{
    mail_truncate(q, 0);
}

void mail_free(MailQueue *q)
{
    mail_clear(q);
    free(q->m);
    mail_init(q);
}

int mail_add(MailQueue *q, const char *to, const char *subject, const char *body, Err *err)
{
    /* SPEC 2.1: no header is ever built from unchecked text */
    if (!to || !*to || !subject || has_control(to) || has_control(subject))
        return fail(err, "refusing a mail header with control characters");
    if (q->n == q->cap) {
        q->cap = q->cap ? q->cap * 2 : 8;
        q->m = xrealloc(q->m, (size_t)q->cap * sizeof *q->m);
    }
    Mail *m = &q->m[q->n++];
    m->to = xstrdup(to);
    m->subject = xstrdup(subject);
    m->body = xstrdup(body ? body : "");
    return 0;
}

const char *mail_reply_address(void)
{
    const char *s = getenv("SENDER");
    if (!s || !store_valid_address(s))
        return NULL; /* issue 10: "a@b, evil@x" would mail both */
    return s;
}

/* ---------------------------------------------------------------- the message text */

/* RFC 2822 date of t in UTC, independent of the locale. */
static void format_date(time_t t, char *out, size_t size)
{
    static const char *const days[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
    static const char *const months[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                         "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    struct tm tm;
    if (!gmtime_r(&t, &tm)) {
        t = 0;
        gmtime_r(&t, &tm);
    }
    snprintf(out, size, "%s, %02d %s %04d %02d:%02d:%02d +0000", days[tm.tm_wday % 7], tm.tm_mday,
             months[tm.tm_mon % 12], tm.tm_year + 1900, tm.tm_hour, tm.tm_min, tm.tm_sec);
}

/* The From: address: $PBMFROM, else genetess@<hostname> (localhost when unknown). */
static char *from_address(void)
{
    const char *f = getenv("PBMFROM");
    if (f && *f && !has_control(f))
        return xstrdup(f);
    char host[256];
    if (gethostname(host, sizeof host) < 0)
        host[0] = '\0';
    host[sizeof host - 1] = '\0';
    if (!host[0] || has_control(host) || strchr(host, ' '))
        strcpy(host, "localhost");
    return xasprintf("genetess@%s", host);
}

static char *format_message(const Mail *m, const char *from, time_t now)
{
    char date[64];
    format_date(now, date, sizeof date);
    return xasprintf("From: %s\nTo: %s\nSubject: %s\nDate: %s\n\n%s", from, m->to, m->subject, date, m->body);
}

/* ---------------------------------------------------------------- delivery */

/* Runs `/bin/sh -c cmd` with text on its stdin. Returns 0 when it ran and exited 0. */
static int run_mailer(const char *cmd, const char *text, size_t len)
{
    int p[2];
    if (pipe(p) < 0)
        return -1;
    (void)fcntl(p[1], F_SETFD, FD_CLOEXEC);
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) {
        close(p[0]);
        close(p[1]);
        return -1;
    }
    if (pid == 0) {
        signal(SIGPIPE, SIG_DFL);
        close(p[1]);
        if (p[0] != STDIN_FILENO) {
            dup2(p[0], STDIN_FILENO);
            close(p[0]);
        }
        dup2(STDERR_FILENO, STDOUT_FILENO); /* keep the reply on stdout clean */
        execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
        _exit(127);
    }
    close(p[0]);

    /* the mailer may exit without reading everything: that must not kill us */
    struct sigaction ign = {0}, old;
    ign.sa_handler = SIG_IGN;
    sigemptyset(&ign.sa_mask);
    sigaction(SIGPIPE, &ign, &old);
    int wrc = write_all(p[1], text, len);
    close(p[1]);
    sigaction(SIGPIPE, &old, NULL);

    int status;
    pid_t r;
    do
        r = waitpid(pid, &status, 0);
    while (r < 0 && errno == EINTR);
    if (r < 0)
        return -1;
    return wrc == 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

/* Writes text to outbox/<epoch>-<pid>-<seq>.mail through outbox/.tmp-<name>, never replacing an
   existing message; *seq is the queue's last sequence number, advanced past every name tried. Returns 0 with *name (malloc'd, the final file name) or -1 (a warning is on
   stderr). */
static int write_outbox(const Store *s, unsigned long *seq, const char *text, size_t len, time_t now, char **name)
{
    char *dir = store_path(s, "outbox");
    long pid = (long)getpid();
    char *tmp = xasprintf("%s/.tmp-%lld-%ld-%lu.mail", dir, (long long)now, pid, *seq + 1);
    int rc = -1;
    (void)unlink(tmp);
    int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOCTTY, 0644);
    if (fd < 0) {
        fprintf(stderr, "genetess: cannot write %s: %s\n", tmp, strerror(errno));
        goto out;
    }
    if (write_all(fd, text, len) < 0 || fsync(fd) < 0) {
        fprintf(stderr, "genetess: cannot write %s: %s\n", tmp, strerror(errno));
        close(fd);
        unlink(tmp);
        goto out;
    }
    if (close(fd) < 0) {
        fprintf(stderr, "genetess: cannot write %s: %s\n", tmp, strerror(errno));
        unlink(tmp);
        goto out;
    }
    for (int tries = 0; tries < OUTBOX_TRIES && rc < 0; tries++) {
        char *base = xasprintf("%lld-%ld-%04lu.mail", (long long)now, pid, ++*seq);
        char *path = xasprintf("%s/%s", dir, base);
        /* link() refuses to replace a message left by an earlier process with the same pid and time */
        if (link(tmp, path) == 0) {
            rc = 0;
        } else if (errno != EEXIST && rename(tmp, path) == 0) {
            rc = 0; /* a file system without hard links */
        } else if (errno != EEXIST) {
            fprintf(stderr, "genetess: cannot write %s: %s\n", path, strerror(errno));
            free(path);
            free(base);
            break;
        }
        free(path);
        if (rc == 0)
            *name = base;
        else
            free(base);
    }
    (void)unlink(tmp);
    if (rc == 0) {
        int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (dfd >= 0) {
            (void)fsync(dfd);
            close(dfd);
        }
    }
out:
    free(tmp);
    free(dir);
    return rc;
}

int mail_flush(MailQueue *q, const Store *s, time_t now)
{
    const char *mailer = getenv("PBMSENDMAIL");
    if (mailer && !*mailer)
        mailer = NULL;
    char *from = from_address();
    int sent = 0;
    for (int i = 0; i < q->n; i++) {
        char *text = format_message(&q->m[i], from, now);
        size_t len = strlen(text);
        char *name = NULL;
        if (mailer && run_mailer(mailer, text, len) == 0) {
            sent++;
        } else if (write_outbox(s, &q->seq, text, len, now, &name) == 0) {
            if (mailer)
                fprintf(stderr, "genetess: mailer failed; message left in outbox/%s\n", name);
            sent++;
        } else {
            fprintf(stderr, "genetess: message to %s with subject \"%s\" was lost\n", q->m[i].to,
                    q->m[i].subject);
        }
        free(name);
        free(text);
    }
    free(from);
    mail_clear(q);
    return sent;
}
