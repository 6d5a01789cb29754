/* Tests of the spool's names and its dead letters (contract 3.2): every message keeps a name of its own through
 * its failures and retries, a group discarded spares the messages of an earlier state of the same name, and
 * spool/dead/ stays bounded. */
#include "check_store.h"
#include "spool.h"

Suite *spool_suite(void);

#define NOW 1700000000 /* Tue, 14 Nov 2023 22:13:20 +0000 */
#define REFUSES "cat >/dev/null; exit 1"

/* The names of <home>/<rel> that end in ".mail", sorted. */
static void mail_names(const Store *s, const char *rel, StrList *out)
{
    StrList all = {0};
    list_dir(s, rel, &all);
    for (int i = 0; i < all.n; i++) {
        size_t len = strlen(all.v[i]);
        if (len > 5 && strcmp(all.v[i] + len - 5, ".mail") == 0)
            sl_push(out, all.v[i]);
    }
    sl_free(&all);
}

/* How many files of <home>/<rel> hold the line line (with its newline) in their first 4 KiB. */
static int holding(const Store *s, const char *rel, const char *line)
{
    StrList names = {0};
    mail_names(s, rel, &names);
    int n = 0;
    for (int i = 0; i < names.n; i++) {
        char *r = xasprintf("%s/%s", rel, names.v[i]), *p = store_path(s, r), text[4097];
        FILE *f = fopen(p, "r");
        ck_assert_ptr_nonnull(f);
        text[fread(text, 1, sizeof text - 1, f)] = '\0';
        fclose(f);
        n += strstr(text, line) != NULL;
        free(p);
        free(r);
    }
    sl_free(&names);
    return n;
}

/* Runs f with stderr sent to <tmpdir>/stderr; returns what it said (malloc'd). */
static char *quiet_deliver(MailQueue *q, const Store *s, const char *group, time_t now, int *sent)
{
    char errfile[128];
    snprintf(errfile, sizeof errfile, "%s/stderr", tmpdir);
    int saved = stderr_begin(errfile);
    *sent = mail_deliver(q, s, group, now);
    stderr_end(saved);
    return read_abs(errfile);
}

/* Four commands of one process (a `multiple`), each with a queue of its own, reply in one second while the
 * mailer refuses everything: each reply is spooled, fails, and keeps a name of its own through a second failure;
 * once the mailer works, all four go out, each once, each with its own text. (Before: each queue named its
 * free group 0.<epoch>-<pid>-1, and each failure's rename replaced the reply before it: one of four was left.) */
START_TEST(test_spool_replies_of_one_process)
{
    Store s;
    open_store(&s);
    test_host.mailer = REFUSES;
    char errfile[128];
    snprintf(errfile, sizeof errfile, "%s/stderr", tmpdir);
    for (int k = 0; k < 4; k++) {
        MailQueue q;
        mail_init(&q, &test_host, &test_rq);
        Err err;
        char body[32];
        snprintf(body, sizeof body, "reply %d\n", k);
        ck_assert_int_eq(mail_add_reply(&q, "carol@example.org", "Genetess help", body, &err), 0);
        int saved = stderr_begin(errfile);
        ck_assert_int_eq(mail_flush(&q, &s, NOW), 0);
        stderr_end(saved);
        mail_free(&q);
    }
    StrList names = {0};
    mail_names(&s, "spool", &names);
    ck_assert_int_eq(names.n, 4);
    for (int i = 0; i < names.n; i++)
        ck_assert_msg(strstr(names.v[i], ".retry1-1700000000.mail"), "%s", names.v[i]);
    sl_free(&names);

    /* a second failure, once due: four still, each counting two */
    MailQueue q;
    mail_init(&q, &test_host, &test_rq);
    int sent;
    free(quiet_deliver(&q, &s, NULL, NOW + 300, &sent));
    ck_assert_int_eq(sent, 0);
    mail_names(&s, "spool", &names);
    ck_assert_int_eq(names.n, 4);
    for (int i = 0; i < names.n; i++)
        ck_assert_msg(strstr(names.v[i], ".retry2-1700000000.mail"), "%s", names.v[i]);
    sl_free(&names);

    /* the mailer works again (none: outbox/): every reply once */
    q.mailer = NULL;
    free(quiet_deliver(&q, &s, NULL, NOW + 900, &sent));
    ck_assert_int_eq(sent, 4);
    mail_names(&s, "spool", &names);
    ck_assert_int_eq(names.n, 0);
    sl_free(&names);
    mail_names(&s, "outbox", &names);
    ck_assert_int_eq(names.n, 4);
    sl_free(&names);
    for (int k = 0; k < 4; k++) {
        char line[32];
        snprintf(line, sizeof line, "\nreply %d\n", k);
        ck_assert_int_eq(holding(&s, "outbox", line), 1);
    }
    mail_free(&q);
    store_close(&s);
}
END_TEST

/* A board's group named again (its text as it was before: "<n>.<tag>") while a message of the earlier state
 * waits for a retry under the same base: the new message, failing in the same second, takes the next free
 * sequence number rather than the earlier one's name; discarding the new group (a state never committed) removes
 * its record and its untried messages only. */
START_TEST(test_spool_group_named_again)
{
    Store s;
    open_store(&s);
    char old[96];
    snprintf(old, sizeof old, "spool/101.none.0001.retry1-%d.mail", NOW);
    put(&s, old, "To: a@b.c\n\nearlier state\n");
    test_host.mailer = REFUSES;
    MailQueue q;
    mail_init(&q, &test_host, &test_rq);
    Err err = {""};
    ck_assert_int_eq(mail_add(&q, "bob@b.b", "Genetess Board 101", "later state\n", &err), 0);
    ck_assert_int_eq(mail_spool_group(&q, &s, &(MailGroup){0, 101, "none", NOW, NULL, 0}, &err), 0);
    ck_assert_msg(exists(&s, "spool/101.none.0001.mail"), "the name of the earlier one's base, untried");
    int sent;
    char *said = quiet_deliver(&q, &s, "101.none", NOW, &sent);
    ck_assert_int_eq(sent, 0);
    ck_assert_msg(strstr(said, "queued as spool/101.none.0002.retry1-1700000000.mail "), "%s", said);
    free(said);
    mail_group_done(&s, "101.none");
    char *text = slurp(&s, old);
    ck_assert_str_eq(text, "To: a@b.c\n\nearlier state\n");
    free(text);
    ck_assert_int_eq(holding(&s, "spool", "\nlater state\n"), 1);

    /* the same group again, never committed: discarded, the two tried messages stay */
    ck_assert_int_eq(mail_add(&q, "bob@b.b", "Genetess Board 101", "never saved\n", &err), 0);
    ck_assert_int_eq(mail_spool_group(&q, &s, &(MailGroup){0, 101, "none", NOW, NULL, 0}, &err), 0);
    ck_assert_int_eq(holding(&s, "spool", "\nnever saved\n"), 1);
    mail_group_discard(&s, "101.none");
    ck_assert_int_eq(holding(&s, "spool", "\nnever saved\n"), 0);
    ck_assert(!exists(&s, "spool/101.none.commit"));
    StrList names = {0};
    mail_names(&s, "spool", &names);
    ck_assert_int_eq(names.n, 2);
    ck_assert_str_eq(names.v[0], "101.none.0001.retry1-1700000000.mail");
    ck_assert_str_eq(names.v[1], "101.none.0002.retry1-1700000000.mail");
    sl_free(&names);
    mail_free(&q);
    store_close(&s);
}
END_TEST

/* A message moved back by hand under a name without a sequence number ("<base>.mail") fails while its earlier
 * failure's name is taken by another: it becomes "<base>-1.retry1-<now>.mail"; both stay. */
START_TEST(test_spool_retry_name_unnumbered)
{
    Store s;
    open_store(&s);
    char taken[64];
    snprintf(taken, sizeof taken, "spool/back.retry1-%d.mail", NOW);
    put(&s, taken, "To: a@b.c\n\nfirst\n");
    put(&s, "spool/back.mail", "To: a@b.c\n\nsecond\n");
    test_host.mailer = REFUSES;
    MailQueue q;
    mail_init(&q, &test_host, &test_rq);
    int sent;
    char *said = quiet_deliver(&q, &s, NULL, NOW, &sent);
    ck_assert_msg(strstr(said, "queued as spool/back-1.retry1-1700000000.mail "), "%s", said);
    free(said);
    ck_assert_int_eq(holding(&s, "spool", "\nfirst\n"), 1);
    ck_assert_int_eq(holding(&s, "spool", "\nsecond\n"), 1);
    ck_assert(!exists(&s, "spool/back.mail"));
    mail_free(&q);
    store_close(&s);
}
END_TEST

/* A rename after a failure cut short by a stop (the new name linked, the old one not yet removed): the next
 * delivery removes one name and keeps the message, which goes out once. */
START_TEST(test_spool_retry_rename_stopped)
{
    Store s;
    open_store(&s);
    put(&s, "spool/102.none.0001.mail", "To: a@b.c\n\nonce\n");
    char *a = store_path(&s, "spool/102.none.0001.mail"), *b = store_path(&s, "spool/102.none.0001.retry1-1.mail");
    ck_assert_int_eq(link(a, b), 0);
    MailQueue q;
    mail_init(&q, &test_host, &test_rq);
    int sent;
    free(quiet_deliver(&q, &s, NULL, NOW, &sent)); /* one name goes, the other is delivered */
    ck_assert_int_eq(holding(&s, "outbox", "\nonce\n"), 1);
    StrList names = {0};
    mail_names(&s, "spool", &names);
    ck_assert_int_eq(names.n, 0);
    sl_free(&names);
    free(a);
    free(b);
    mail_free(&q);
    store_close(&s);
}
END_TEST

/* Plants spool/dead/<name> of size bytes (a sparse file) that died at died. */
static void plant_dead(const Store *s, const char *name, long long size, long long died)
{
    char *rel = xasprintf("spool/dead/%s", name), *p = store_path(s, rel);
    put(s, rel, "To: x@example.org\n\nold\n");
    if (size)
        ck_assert_int_eq(truncate(p, (off_t)size), 0);
    struct timespec when[2] = {{.tv_sec = (time_t)died}, {.tv_sec = (time_t)died}};
    ck_assert_int_eq(utimensat(AT_FDCWD, p, when, 0), 0);
    free(p);
    free(rel);
}

/* A message that failed nine times, due at now: delivered with a refusing mailer, it dies. Returns what
 * stderr said (malloc'd). */
static char *one_dies(const Store *s, MailQueue *q, time_t now, const char *body)
{
    char name[96], *text = xasprintf("To: a@b.c\n\n%s\n", body);
    snprintf(name, sizeof name, "spool/103.none.0001.retry9-%lld.mail", (long long)now - 160000);
    put(s, name, text);
    free(text);
    int sent;
    char *said = quiet_deliver(q, s, NULL, now, &sent);
    ck_assert_int_eq(sent, 0);
    ck_assert(!exists(s, name));
    return said;
}

/* Empties spool/dead/. */
static void dead_clear(const Store *s)
{
    StrList names = {0};
    list_dir(s, "spool/dead", &names);
    for (int i = 0; i < names.n; i++) {
        char *rel = xasprintf("spool/dead/%s", names.v[i]), *p = store_path(s, rel);
        ck_assert_int_eq(unlink(p), 0);
        free(p);
        free(rel);
    }
    sl_free(&names);
}

/* spool/dead/ stays bounded when messages die (contract 3.2, 15.2), the oldest going first, one line on
 * stderr: a thousand there (died together: the first by name goes); one that died 30 days ago (it goes) and
 * one 30 days less a second ago (it stays); two of 40 MiB (the older goes: 64 MiB at most). The new dead
 * letter stays every time. */
START_TEST(test_spool_dead_bounded)
{
    Store s;
    open_store(&s);
    char *dir = store_path(&s, "spool/dead");
    ck_assert_int_eq(mkdir(dir, 0700), 0);
    free(dir);
    test_host.mailer = REFUSES;
    MailQueue q;
    mail_init(&q, &test_host, &test_rq);
    for (int i = 0; i < 1000; i++) {
        char name[32];
        snprintf(name, sizeof name, "0.1-1-%04d.0001.mail", i);
        plant_dead(&s, name, 0, NOW - 100);
    }
    char *said = one_dies(&s, &q, NOW, "the new one");
    ck_assert_str_eq(said + strcspn(said, "\n") + 1, "genetess: 1 dead letter removed from spool/dead/ (it keeps at "
                     "most 1000 messages and 64 MiB, none that died 30 days ago or more)\n");
    free(said);
    StrList names = {0};
    mail_names(&s, "spool/dead", &names);
    ck_assert_int_eq(names.n, 1000);
    sl_free(&names);
    ck_assert(!exists(&s, "spool/dead/0.1-1-0000.0001.mail"));
    ck_assert(exists(&s, "spool/dead/0.1-1-0001.0001.mail"));
    ck_assert_int_eq(holding(&s, "spool/dead", "\nthe new one\n"), 1);

    dead_clear(&s);
    plant_dead(&s, "old.mail", 0, NOW - 30 * 86400);
    plant_dead(&s, "younger.mail", 0, NOW - 30 * 86400 + 1);
    said = one_dies(&s, &q, NOW, "by age");
    ck_assert_msg(strstr(said, "genetess: 1 dead letter removed"), "%s", said);
    free(said);
    ck_assert(!exists(&s, "spool/dead/old.mail"));
    ck_assert(exists(&s, "spool/dead/younger.mail"));
    ck_assert_int_eq(holding(&s, "spool/dead", "\nby age\n"), 1);

    dead_clear(&s);
    plant_dead(&s, "large1.mail", 40LL << 20, NOW - 200);
    plant_dead(&s, "large2.mail", 40LL << 20, NOW - 100);
    said = one_dies(&s, &q, NOW, "by size");
    ck_assert_msg(strstr(said, "genetess: 1 dead letter removed"), "%s", said);
    free(said);
    ck_assert(!exists(&s, "spool/dead/large1.mail"));
    ck_assert(exists(&s, "spool/dead/large2.mail"));
    ck_assert_int_eq(holding(&s, "spool/dead", "\nby size\n"), 1);

    /* within the bounds nothing goes, nothing is said but the move */
    said = one_dies(&s, &q, NOW + 1, "within");
    ck_assert_ptr_null(strstr(said, "removed"));
    free(said);
    mail_names(&s, "spool/dead", &names);
    ck_assert_int_eq(names.n, 3);
    sl_free(&names);
    mail_free(&q);
    store_close(&s);
}
END_TEST

Suite *spool_suite(void)
{
    Suite *s = suite_create("spool");
    TCase *tc = tcase_create("spool");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 20);
    tcase_add_test(tc, test_spool_replies_of_one_process);
    tcase_add_test(tc, test_spool_group_named_again);
    tcase_add_test(tc, test_spool_retry_name_unnumbered);
    tcase_add_test(tc, test_spool_retry_rename_stopped);
    tcase_add_test(tc, test_spool_dead_bounded);
    suite_add_tcase(s, tc);
    return s;
}
