/* Tests of the mail spool's delivery (contract 3.2): a group synced whole or not at all, delivered once,
 * retries bounded and dead letters, links planted in the home, private modes, batches of descriptors. The
 * queue, the headers and a group's names: check_mail.c. */
#include "check_store.h"
#include "spool.h"

#include <sys/resource.h>
#include <sys/wait.h>

Suite *mail_spool_suite(void);

#define NOW 1700000000 /* Tue, 14 Nov 2023 22:13:20 +0000 */

/* The group's messages are synced together with the files the caller hands over; when one of those cannot
 * be synced, nothing of the group is in place (the caller then discards its record) and err says so. */
START_TEST(test_spool_group_sync_fails)
{
    Store s;
    open_store(&s);
    MailQueue q;
    mail_init(&q, &test_host, &test_rq);
    Err err = {""};
    ck_assert_int_eq(mail_add(&q, "alice@a.a", "Genetess Board 101 bob", "1\n", &err), 0);
    ck_assert_int_eq(mail_add(&q, "bob@b.b", "Genetess Board 101 bob", "2\n", &err), 0);
    int p[2];
    ck_assert_int_eq(pipe(p), 0); /* fsync of a pipe fails (EINVAL) */
    ck_assert_int_eq(mail_spool_group(&q, &s, &(MailGroup){0, 101, "00000000000000bb", NOW, p, 1}, &err), -1);
    ck_assert_str_eq(err.msg, "cannot sync the board's files: Invalid argument");
    ck_assert_int_eq(q.n, 0);
    StrList names = {0};
    list_dir(&s, "spool", &names);
    ck_assert_int_eq(names.n, 2); /* no message, not even a temporary: the record and its shared file */
    ck_assert_str_eq(names.v[0], ".record");
    ck_assert_str_eq(names.v[1], "101.00000000000000bb.commit");
    sl_free(&names);
    close(p[0]);
    close(p[1]);
    put(&s, "etc/board", "x\n");
    char *path = store_path(&s, "etc/board");
    int fd = open(path, O_RDONLY); /* a file of the board's, as the caller hands over */
    free(path);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(mail_add(&q, "carol@c.c", "Genetess Board 102 bob", "3\n", &err), 0);
    ck_assert_int_eq(mail_spool_group(&q, &s, &(MailGroup){0, 102, "none", NOW, &fd, 1}, &err), 0);
    list_dir(&s, "spool", &names);
    ck_assert_int_eq(names.n, 4);
    ck_assert_str_eq(names.v[2], "102.none.0001.mail");
    sl_free(&names);
    close(fd);
    mail_free(&q);
    store_close(&s);
}
END_TEST

/* A spooled message linked into outbox/ by a process killed before it removed it is not sent twice. */
START_TEST(test_spool_delivered_once)
{
    Store s;
    open_store(&s);
    MailQueue q;
    mail_init(&q, &test_host, &test_rq);
    put(&s, "spool/103.none.0001.mail", "From: a\n\nx\n");
    char *src = store_path(&s, "spool/103.none.0001.mail"), *dst = store_path(&s, "outbox/1-2-0001.mail");
    ck_assert_int_eq(link(src, dst), 0);
    ck_assert_int_eq(mail_deliver(&q, &s, NULL, NOW), 1);
    StrList names = {0};
    list_dir(&s, "outbox", &names);
    ck_assert_int_eq(names.n, 1);
    sl_free(&names);
    list_dir(&s, "spool", &names);
    ck_assert_int_eq(names.n, 0);
    sl_free(&names);
    free(src);
    free(dst);
    mail_free(&q);
    store_close(&s);
}
END_TEST

/* ---------------------------------------------------------------- retries and dead letters */

/* A mailer that refuses (status 1) or takes (0) every message, each run noted as a line of tmpdir/runs. */
static void counting_mailer(char *cmd, size_t size, int status)
{
    snprintf(cmd, size, "echo run >>'%s/runs'; cat >/dev/null; exit %d", tmpdir, status);
}

static int mailer_runs(void)
{
    char path[128];
    snprintf(path, sizeof path, "%s/runs", tmpdir);
    FILE *f = fopen(path, "r");
    int n = 0;
    for (int c; f && (c = getc(f)) != EOF;)
        n += c == '\n';
    if (f)
        fclose(f);
    return n;
}

/* The names of <home>/spool that end in .mail, as one string "a b c" (malloc'd). */
static char *spooled(const Store *s)
{
    StrList names = {0};
    list_dir(s, "spool", &names);
    Buf b;
    buf_init(&b);
    buf_add(&b, "");
    for (int i = 0; i < names.n; i++) {
        size_t n = strlen(names.v[i]);
        if (n > 5 && strcmp(names.v[i] + n - 5, ".mail") == 0)
            buf_printf(&b, "%s%s", b.len ? " " : "", names.v[i]);
    }
    sl_free(&names);
    return buf_take(&b);
}

/* A message the mailer refuses: tried at most once per command (a delivery at the same time does not run the
 * mailer), then 5, 10, 20 ... minutes after its first failure, its name counting the failures; the tenth
 * failure moves it to spool/dead/ and says so; later deliveries no longer carry it; moved back into spool/, it
 * goes out as it was spooled. (Before: every later command piped it to the mailer again, forever.) */
START_TEST(test_spool_retries_bounded)
{
    Store s;
    open_store(&s);
    char cmd[256], errfile[128];
    counting_mailer(cmd, sizeof cmd, 1);
    snprintf(errfile, sizeof errfile, "%s/stderr", tmpdir);
    test_host.mailer = cmd;
    MailQueue q;
    mail_init(&q, &test_host, &test_rq);
    Err err;
    ck_assert_int_eq(mail_add(&q, "alice@a.a", "Genetess Board 101 bob", "one\n", &err), 0);
    int saved = stderr_begin(errfile);
    ck_assert_int_eq(mail_flush(&q, &s, NOW), 0);
    ck_assert_int_eq(mail_deliver(&q, &s, NULL, NOW), 0); /* a later command at the same moment */
    ck_assert_int_eq(mailer_runs(), 1);
    char *base = xasprintf("0.%d-%ld-1.0001", NOW, (long)getpid()), *rel = xasprintf("spool/%s.retry1-%d.mail", base, NOW);
    char *text = slurp(&s, rel);
    free(rel);
    for (int k = 1; k < 10; k++) {
        long long due = NOW + 300LL * ((1LL << k) - 1);
        ck_assert_int_eq(mail_deliver(&q, &s, NULL, (time_t)due - 1), 0);
        ck_assert_int_eq(mailer_runs(), k);
        ck_assert_int_eq(mail_deliver(&q, &s, NULL, (time_t)due), 0);
        ck_assert_int_eq(mailer_runs(), k + 1);
        char *names = spooled(&s), *want = k + 1 < 10 ? xasprintf("%s.retry%d-%d.mail", base, k + 1, NOW) : xstrdup("");
        ck_assert_str_eq(names, want);
        free(want);
        free(names);
    }
    ck_assert_int_eq(mail_deliver(&q, &s, NULL, NOW + 30 * 86400), 0); /* later commands: not carried */
    ck_assert_int_eq(mailer_runs(), 10);
    stderr_end(saved);
    char *said = read_abs(errfile), *last = said + strlen(said);
    ck_assert(last > said && last[-1] == '\n');
    for (last--; last > said && last[-1] != '\n'; last--) /* the last line */
        ;
    char *want = xasprintf("genetess: mailer failed; message moved to spool/dead/%s.mail after failing 10 times since "
                           "2023-11-14 22:13:20 UTC: not retried (move it back into spool/ to retry it)\n", base);
    ck_assert_str_eq(last, want);
    free(want);
    want = xasprintf("genetess: mailer failed; message stays queued as spool/%s.retry9-%d.mail and is retried (failed "
                     "9 times since 2023-11-14 22:13:20 UTC; next try not before 2023-11-16 16:48:20 UTC)\n", base, NOW);
    ck_assert_msg(strstr(said, want), "%s", said);
    free(want);
    int lines = 0;
    for (const char *c = said; *c; c++)
        lines += *c == '\n';
    ck_assert_int_eq(lines, 10);
    free(said);
    /* the dead letter is the message as spooled; an admin moves it back and the next delivery sends it */
    rel = xasprintf("spool/dead/%s.mail", base);
    char *dead = slurp(&s, rel), *from = store_path(&s, rel), *back = xasprintf("%s/spool/%s.mail", s.home, base);
    ck_assert_str_eq(dead, text);
    ck_assert_int_eq(rename(from, back), 0);
    q.mailer = NULL;
    ck_assert_int_eq(mail_deliver(&q, &s, NULL, NOW + 31 * 86400), 1);
    StrList names = {0};
    list_dir(&s, "outbox", &names);
    ck_assert_int_eq(names.n, 1);
    char *orel = xasprintf("outbox/%s", names.v[0]), *sent = slurp(&s, orel);
    ck_assert_str_eq(sent, text);
    free(sent);
    free(orel);
    sl_free(&names);
    free(back);
    free(from);
    free(dead);
    free(rel);
    free(text);
    free(base);
    mail_free(&q);
    store_close(&s);
}
END_TEST

/* A message that fails two days or more after its first failure is a dead letter whatever its count; a dead
 * letter of the same name is never replaced (the next is <base>-2.mail). */
START_TEST(test_spool_dead_by_age)
{
    Store s;
    open_store(&s);
    char cmd[256], errfile[128], name[128];
    counting_mailer(cmd, sizeof cmd, 1);
    snprintf(errfile, sizeof errfile, "%s/stderr", tmpdir);
    snprintf(name, sizeof name, "spool/101.none.0001.retry1-%d.mail", NOW - 2 * 86400);
    put(&s, name, "To: a@b.c\n\nold\n");
    char *dir = store_path(&s, "spool/dead");
    ck_assert_int_eq(mkdir(dir, 0700), 0);
    free(dir);
    put(&s, "spool/dead/101.none.0001.mail", "another\n");
    test_host.mailer = cmd;
    MailQueue q;
    mail_init(&q, &test_host, &test_rq);
    int saved = stderr_begin(errfile);
    ck_assert_int_eq(mail_deliver(&q, &s, NULL, NOW), 0);
    stderr_end(saved);
    ck_assert_int_eq(mailer_runs(), 1);
    char *names = spooled(&s);
    ck_assert_str_eq(names, "");
    free(names);
    char *old = slurp(&s, "spool/dead/101.none.0001-2.mail"), *other = slurp(&s, "spool/dead/101.none.0001.mail");
    ck_assert_str_eq(old, "To: a@b.c\n\nold\n");
    ck_assert_str_eq(other, "another\n");
    free(other);
    free(old);
    char *said = read_abs(errfile);
    ck_assert_str_eq(said, "genetess: mailer failed; message moved to spool/dead/101.none.0001-2.mail after failing 2 "
                           "times since 2023-11-12 22:13:20 UTC: not retried (move it back into spool/ to retry it)\n");
    free(said);
    mail_free(&q);
    store_close(&s);
}
END_TEST

/* A move to spool/dead/ cut short by a stop (the dead letter linked, its spool name not yet removed): the next
 * delivery removes the spool name and does not send it; a spool entry that is not a regular file (a link
 * planted there) is never sent and never counted. */
START_TEST(test_spool_dead_move_finished)
{
    Store s;
    open_store(&s);
    char cmd[256], errfile[128];
    counting_mailer(cmd, sizeof cmd, 0);
    snprintf(errfile, sizeof errfile, "%s/stderr", tmpdir);
    put(&s, "spool/101.none.0002.retry9-1.mail", "To: a@b.c\n\nlate\n");
    char *dir = store_path(&s, "spool/dead"), *src = store_path(&s, "spool/101.none.0002.retry9-1.mail");
    char *dst = store_path(&s, "spool/dead/101.none.0002.mail"), *link_to = store_path(&s, "spool/102.none.0003.mail");
    ck_assert_int_eq(mkdir(dir, 0700), 0);
    ck_assert_int_eq(link(src, dst), 0);
    ck_assert_int_eq(symlink("/etc/passwd", link_to), 0);
    test_host.mailer = cmd;
    MailQueue q;
    mail_init(&q, &test_host, &test_rq);
    int saved = stderr_begin(errfile);
    ck_assert_int_eq(mail_deliver(&q, &s, NULL, NOW), 1);
    stderr_end(saved);
    ck_assert_int_eq(mailer_runs(), 0);
    ck_assert(!exists(&s, "spool/101.none.0002.retry9-1.mail"));
    char *dead = slurp(&s, "spool/dead/101.none.0002.mail");
    ck_assert_str_eq(dead, "To: a@b.c\n\nlate\n");
    free(dead);
    char *names = spooled(&s);
    ck_assert_str_eq(names, "102.none.0003.mail"); /* the link stays, under its name: nothing was counted */
    free(names);
    char *said = read_abs(errfile);
    ck_assert_str_eq(said, "genetess: spool/102.none.0003.mail is not a regular file: not sent\n");
    free(said);
    free(link_to);
    free(dst);
    free(src);
    free(dir);
    mail_free(&q);
    store_close(&s);
}
END_TEST

/* ---------------------------------------------------------------- links planted in the home, modes */

/* Links planted where the spool and the outbox write — a spool temporary, a message's name in spool/, the
 * outbox name a delivery takes, the record every commit record links to — have nothing written through them:
 * a temporary is made afresh, a name taken is skipped, a record links the link itself. */
START_TEST(test_spool_links)
{
    bool dangling = _i == 1;
    Store s;
    open_store(&s);
    char t[4][160], rel[160];
    for (int i = 0; i < 4; i++)
        snprintf(t[i], sizeof t[i], "%s/outside-%d", tmpdir, i);
    long pid = (long)getpid();
    snprintf(rel, sizeof rel, "spool/.tmp.%ld.0.%d-%ld-1.0001.mail", pid, NOW, pid);
    link_plant(&s, rel, t[0], dangling);
    snprintf(rel, sizeof rel, "outbox/%d-%ld-0001.mail", NOW, pid);
    link_plant(&s, rel, t[1], dangling);
    link_plant(&s, "spool/101.00000000000000dd.0001.mail", t[2], dangling);
    link_plant(&s, "spool/.record", t[3], dangling);
    MailQueue q;
    mail_init(&q, &test_host, &test_rq);
    Err err = {""};
    ck_assert_int_eq(mail_add(&q, "alice@a.a", "Genetess help", "h\n", &err), 0);
    ck_assert_int_eq(mail_flush(&q, &s, NOW), 1);
    ck_assert_int_eq(mail_add(&q, "bob@b.b", "Genetess Board 101 bob", "sheet\n", &err), 0);
    ck_assert_int_eq(mail_spool_group(&q, &s, &(MailGroup){0, 101, "00000000000000dd", NOW, NULL, 0}, &err), 0);
    for (int i = 0; i < 4; i++)
        link_untouched(t[i], dangling);
    snprintf(rel, sizeof rel, "outbox/%d-%ld-0002.mail", NOW, pid);
    char *text = slurp(&s, rel);
    ck_assert_ptr_nonnull(strstr(text, "\n\nh\n"));
    free(text);
    text = slurp(&s, "spool/101.00000000000000dd.0002.mail");
    ck_assert_ptr_nonnull(strstr(text, "\n\nsheet\n"));
    free(text);
    char *p = store_path(&s, "spool/101.00000000000000dd.commit");
    struct stat st;
    ck_assert_int_eq(lstat(p, &st), 0);
    ck_assert(S_ISLNK(st.st_mode) || S_ISREG(st.st_mode));
    free(p);
    mail_free(&q);
    store_close(&s);
}
END_TEST

/* Whatever the umask, spooled messages, the shared record and what the outbox gets are 0600, spool/dead/ 0700. */
START_TEST(test_spool_private_modes)
{
    mode_t old = umask(0);
    Store s;
    open_store(&s);
    MailQueue q;
    mail_init(&q, &test_host, &test_rq);
    Err err = {""};
    ck_assert_int_eq(mail_add(&q, "bob@b.b", "Genetess Board 101 bob", "sheet\n", &err), 0);
    ck_assert_int_eq(mail_spool_group(&q, &s, &(MailGroup){0, 101, "00000000000000ee", NOW, NULL, 0}, &err), 0);
    ck_assert_int_eq(mail_add(&q, "alice@a.a", "Genetess help", "h\n", &err), 0);
    ck_assert_int_eq(mail_flush(&q, &s, NOW), 1);
    put(&s, "spool/102.none.0001.retry9-1.mail", "To: a@b.c\n\nold\n");
    q.mailer = "exit 1";
    char errfile[128];
    snprintf(errfile, sizeof errfile, "%s/stderr", tmpdir);
    int saved = stderr_begin(errfile);
    ck_assert_int_eq(mail_deliver(&q, &s, NULL, NOW), 0); /* its age: a dead letter */
    stderr_end(saved);
    StrList names = {0};
    list_dir(&s, "outbox", &names);
    ck_assert_int_eq(names.n, 1);
    char *out = xasprintf("outbox/%s", names.v[0]);
    sl_free(&names);
    const char *files[] = {"spool/.record", "spool/101.00000000000000ee.0001.mail", out};
    for (int i = 0; i < 3; i++) {
        char *p = store_path(&s, files[i]);
        struct stat st;
        ck_assert_int_eq(stat(p, &st), 0);
        ck_assert_msg((st.st_mode & 0777) == 0600, "%s: %o", files[i], st.st_mode & 0777);
        free(p);
    }
    free(out);
    char *p = store_path(&s, "spool/dead");
    struct stat st;
    ck_assert_int_eq(stat(p, &st), 0);
    ck_assert_int_eq(st.st_mode & 0777, 0700);
    free(p);
    mail_free(&q);
    store_close(&s);
    umask(old);
}
END_TEST

/* ---------------------------------------------------------------- batches of descriptors */

/* The descriptors the process has open (those of /proc/self/fd, its own listing's included). */
static int open_fds(void)
{
    DIR *d = opendir("/proc/self/fd");
    ck_assert_ptr_nonnull(d);
    int n = 0;
    for (struct dirent *de; (de = readdir(d)) != NULL;)
        n += de->d_name[0] != '.';
    closedir(d);
    return n;
}

/* A text for spool_write that notes the most descriptors open while the group is written. */
typedef struct FdWatch {
    int most;
} FdWatch;

static void watched_text(void *ctx, int k, int seq, SpoolMsg *msg)
{
    FdWatch *w = ctx;
    int n = open_fds();
    if (n > w->most)
        w->most = n;
    /* in three pieces (an empty one between), as a mail's headers and parts are written one after the other */
    char *head = xasprintf("To: p%d@example.org\n\n", k), *body = xasprintf("message %d, seq %d\n", k, seq);
    spool_msg_add(msg, head, strlen(head));
    spool_msg_add(msg, "", 0);
    spool_msg_add(msg, body, strlen(body));
    spool_msg_own(msg, head);
    spool_msg_own(msg, body);
}

/* A group of 200 messages is spooled 64 open files at a time (the texts are asked for with at most 63 of the
 * group's files open), and every message is in place, in order. */
START_TEST(test_spool_batches)
{
    Store s;
    open_store(&s);
    FdWatch w = {0};
    int base = open_fds();
    Err err = {""};
    ck_assert_int_eq(spool_write(&s, &(SpoolGroup){"0.1-2-3", 200, watched_text, &w, NULL, 0, false}, &err), 0);
    ck_assert_str_eq(err.msg, "");
    ck_assert_int_eq(w.most - base, 63);
    ck_assert_int_eq(open_fds(), base); /* every file closed */
    StrList names = {0};
    list_dir(&s, "spool", &names);
    ck_assert_int_eq(names.n, 200);
    for (int i = 0; i < 200; i++) {
        char want[64], rel[80];
        snprintf(want, sizeof want, "0.1-2-3.%04d.mail", i + 1);
        ck_assert_str_eq(names.v[i], want);
        snprintf(rel, sizeof rel, "spool/%s", want);
        char *text = slurp(&s, rel), *body = xasprintf("To: p%d@example.org\n\nmessage %d, seq %d\n", i, i, i + 1);
        ck_assert_str_eq(text, body);
        free(body);
        free(text);
    }
    sl_free(&names);
    store_close(&s);
}
END_TEST

/* A text for spool_write that notes, as each message is asked for, what the spool directory holds: names of
 * temporaries (".tmp.") and of messages in place ("<group>.<seq>.mail"). */
typedef struct SpoolSeen {
    const Store *s;
    int tmp, placed;
} SpoolSeen;

static void seen_text(void *ctx, int k, int seq, SpoolMsg *msg)
{
    SpoolSeen *w = ctx;
    StrList names = {0};
    list_dir(w->s, "spool", &names);
    for (int i = 0; i < names.n; i++) {
        w->tmp += strncmp(names.v[i], ".tmp.", 5) == 0;
        w->placed += strncmp(names.v[i], "101.00000000000000aa.", 21) == 0 || strncmp(names.v[i], "0.9-9-9.", 8) == 0;
    }
    sl_free(&names);
    char *body = xasprintf("message %d, seq %d\n", k, seq);
    spool_msg_add(msg, body, strlen(body));
    spool_msg_own(msg, body);
}

/* contract 3.2: a group with a commit record (direct) is written under its messages' own names from the start
 * (no temporary, no rename: the record keeps them from going until the board is saved); a group of no board
 * state, which has no record, is written to temporaries renamed into place only once synced. */
START_TEST(test_spool_direct_names)
{
    Store s;
    open_store(&s);
    Err err = {""};
    SpoolSeen d = {&s, 0, 0}, t = {&s, 0, 0};
    ck_assert_int_eq(spool_write(&s, &(SpoolGroup){"101.00000000000000aa", 3, seen_text, &d, NULL, 0, true}, &err), 0);
    ck_assert_int_eq(d.tmp, 0);
    ck_assert_int_eq(d.placed, 0 + 1 + 2); /* before the 2nd message, the 1st in place; before the 3rd, two */
    ck_assert_int_eq(spool_write(&s, &(SpoolGroup){"0.9-9-9", 3, seen_text, &t, NULL, 0, false}, &err), 0);
    ck_assert_int_eq(t.tmp, 0 + 1 + 2);
    ck_assert_int_eq(t.placed, 3 * 3); /* the direct group's three each time, none of its own */
    ck_assert_str_eq(err.msg, "");
    StrList names = {0};
    list_dir(&s, "spool", &names);
    ck_assert_int_eq(names.n, 6);
    ck_assert_str_eq(names.v[0], "0.9-9-9.0001.mail");
    ck_assert_str_eq(names.v[3], "101.00000000000000aa.0001.mail");
    char *text = slurp(&s, "spool/101.00000000000000aa.0003.mail");
    ck_assert_str_eq(text, "message 2, seq 3\n");
    free(text);
    sl_free(&names);
    store_close(&s);
}
END_TEST

/* In a child with RLIMIT_NOFILE at limit (every descriptor but 0, 1 and 2 closed, stderr to errfile): 100 messages
 * flushed (mail_flush) and 100 spooled as board 101's group with a file of the board's synced alongside
 * (mail_spool_group). The child's exit status: 0 when both returned what the test wants (mail_flush 100, or -1
 * when want_fail; mail_spool_group 0, or -1), else the step that did not (1, 2). */
static int spool_with_limit(Store *s, rlim_t limit, bool want_fail, const char *errfile)
{
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        int fd = open(errfile, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        dup2(fd, 2);
        for (int i = 3; i < 1024; i++)
            close(i);
        MailQueue q;
        mail_init(&q, &test_host, &test_rq);
        Err err;
        for (int i = 0; i < 100; i++) {
            char to[32];
            snprintf(to, sizeof to, "p%d@example.org", i);
            mail_add(&q, to, "Genetess chat 101 alice", "Good luck!\n", &err);
        }
        struct rlimit rl = {limit, limit};
        if (setrlimit(RLIMIT_NOFILE, &rl) < 0)
            _exit(9);
        if (mail_flush(&q, s, NOW) != (want_fail ? -1 : 100))
            _exit(1);
        for (int i = 0; i < 100; i++)
            mail_add(&q, "p@example.org", "Genetess Board 101 alice", "sheet\n", &err);
        int also = want_fail ? -1 : open(errfile, O_RDONLY); /* a file of "the board's" to sync with the group */
        int rc = mail_spool_group(&q, s, &(MailGroup){0, 101, "00000000000000cc", NOW, &also, also < 0 ? 0 : 1}, &err);
        _exit(rc == (want_fail ? -1 : 0) ? 0 : 2);
    }
    int status;
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    ck_assert(WIFEXITED(status));
    return WEXITSTATUS(status);
}

/* A command with more messages than free descriptors: with 5 free (descriptors 0 to 7 allowed), every message
 * is spooled, fewer at a time, and delivered (they were all lost before: the first batch that could not open
 * failed the whole flush). */
START_TEST(test_spool_few_descriptors)
{
    Store s;
    open_store(&s);
    char errfile[128];
    snprintf(errfile, sizeof errfile, "%s/stderr", tmpdir);
    ck_assert_int_eq(spool_with_limit(&s, 8, false, errfile), 0);
    char *said = read_abs(errfile);
    ck_assert_str_eq(said, "");
    free(said);
    StrList names = {0};
    list_dir(&s, "outbox", &names);
    ck_assert_int_eq(names.n, 100);
    sl_free(&names);
    list_dir(&s, "spool", &names);
    ck_assert_int_eq(names.n, 102); /* board 101's group: its record (and .record), its 100 messages */
    ck_assert_str_eq(names.v[1], "101.00000000000000cc.0001.mail");
    ck_assert_str_eq(names.v[100], "101.00000000000000cc.0100.mail");
    ck_assert_str_eq(names.v[101], "101.00000000000000cc.commit");
    sl_free(&names);
    store_close(&s);
}
END_TEST

/* No descriptor free at all: mail_flush says so and returns -1, never a silent success; mail_spool_group fails
 * (the caller discards the group). */
START_TEST(test_spool_no_descriptor)
{
    Store s;
    open_store(&s);
    char errfile[128];
    snprintf(errfile, sizeof errfile, "%s/stderr", tmpdir);
    ck_assert_int_eq(spool_with_limit(&s, 3, true, errfile), 0);
    char *said = read_abs(errfile);
    ck_assert_msg(strstr(said, "/spool/.tmp.") && strstr(said, ".0001.mail: Too many open files; the messages not "
                                                               "spooled were lost\n"),
                  "%s", said);
    ck_assert_uint_eq(strlen(said), strcspn(said, "\n") + 1); /* one line */
    ck_assert(strncmp(said, "genetess: cannot write ", 23) == 0);
    free(said);
    StrList names = {0};
    list_dir(&s, "outbox", &names);
    ck_assert_int_eq(names.n, 0);
    sl_free(&names);
    store_close(&s);
}
END_TEST

Suite *mail_spool_suite(void)
{
    Suite *s = suite_create("mail_spool");
    TCase *tm = tcase_create("spool");
    tcase_add_checked_fixture(tm, setup, teardown);
    tcase_set_timeout(tm, 20);
    tcase_add_test(tm, test_spool_group_sync_fails);
    tcase_add_test(tm, test_spool_delivered_once);
    tcase_add_test(tm, test_spool_retries_bounded);
    tcase_add_test(tm, test_spool_dead_by_age);
    tcase_add_test(tm, test_spool_dead_move_finished);
    tcase_add_loop_test(tm, test_spool_links, 0, 2);
    tcase_add_test(tm, test_spool_private_modes);
    tcase_add_test(tm, test_spool_batches);
    tcase_add_test(tm, test_spool_direct_names);
    tcase_add_test(tm, test_spool_few_descriptors);
    tcase_add_test(tm, test_spool_no_descriptor);
    suite_add_tcase(s, tm);
    return s;
}
