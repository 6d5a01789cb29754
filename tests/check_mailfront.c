/* Tests of mailfront (`genetess mail`) as one pipeline: a mailed message opens its store once, and each of its
 * commands takes the lock once, reads its board once and the users once (contract 2.1; StoreTally counts). */
#include "fixtures.h"
#include "mailfront.h"
#include "pipeline.h"
#include "rate.h"
#include "store.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char home[64];
static Host host;   /* main's host: what `genetess mail` is given (its home the option's) */
static Request env; /* main's request */
static StoreTally tally;

static void setup(void)
{
    fx_scratch_dir(home, sizeof home, "genetess-front");
    env = request_init(1800000000);
    host = request_host_init();
    host.home = home;
    host.from = "referee@example.org";
    ck_assert_int_eq(fx_run_command(&host, &env, "signup alice secret alice@example.org"), EXIT_DONE);
    ck_assert_int_eq(fx_run_command(&host, &env, "signup bob hunter2 bob@example.org"), EXIT_DONE);
    ck_assert_int_eq(fx_run_command(&host, &env, "challenge --gamble=none --seed=5 alice bob"), EXIT_DONE);
    tally = (StoreTally){0};
    host.tally = &tally; /* what the mailed message does from here is counted */
}

static void teardown(void)
{
    fx_rm_tree(home);
}

/* Mails message text (headers, a blank line, the body) to `genetess mail --home=<home>`; returns its exit status. */
static int mail_in(const char *text)
{
    char opt[96], conf[96];
    snprintf(opt, sizeof opt, "--home=%s", home);
    snprintf(conf, sizeof conf, "--config=%s/none.conf", home);
    char *argv[] = {opt, conf, NULL};
    FILE *in = fmemopen((void *)text, strlen(text), "r");
    ck_assert_ptr_nonnull(in);
    int rc = mailfront_main(&host, &env, 2, argv, in);
    fclose(in);
    return rc;
}

/* Asserts what the message did to the store: its opens, locks, board reads and users reads. */
static void tally_is(int opens, int locks, int boards, int users)
{
    ck_assert_int_eq(tally.opens, opens);
    ck_assert_int_eq(tally.locks, locks);
    ck_assert_int_eq(tally.boards, boards);
    ck_assert_int_eq(tally.users, users);
}

/* A reply to board 101's mail, "secret MOVE C3 N": one store open, one lock, one board read, one users read
 * (the userid found by the address among the board's players, in the read that checks the password). */
START_TEST(test_reply_one_pipeline)
{
    ck_assert_int_eq(mail_in("From: <alice@example.org>\nTo: genetess@example.org\n"
                             "Subject: Re: Genetess Board 101 alice\nMessage-ID: <r1@c.example>\n\n"
                             "secret MOVE C3 N\n"),
                     0);
    tally_is(1, 1, 1, 1);
}
END_TEST

/* A mailed `multiple` of three commands: the store opened once for the message; each command (a Request of its
 * own) takes the lock once, and the two that name a board read it once. */
START_TEST(test_multiple_one_store)
{
    ck_assert_int_eq(mail_in("From: <bob@example.org>\nTo: genetess@example.org\n"
                             "Subject: multiple\nMessage-ID: <m1@c.example>\n\n"
                             "show 101\nlog 101 bob hunter2\n\nlist\n"),
                     0);
    tally_is(1, 3, 2, 1); /* the users: log's login reads them; show and list need none */
}
END_TEST

/* Over its mailbox's budget, a command with the password of the user whose address the mailbox is still runs
 * (contract 2.1): the owner check and the command share the message's store and its one lock. */
START_TEST(test_over_budget_owner_one_lock)
{
    host.rate = "1/3600";
    ck_assert_int_eq(mail_in("From: <alice@example.org>\nSubject: games\nMessage-ID: <g1@c.example>\n\n"), 0);
    tally = (StoreTally){0};
    ck_assert_int_eq(mail_in("From: <alice@example.org>\nSubject: move 101 alice secret PASS\n"
                             "Message-ID: <o1@c.example>\n\n"),
                     0);
    /* the users, read once under the one lock: the owner's pair looked up, then its login and the board's
     * players from what that read kept (StoreUsersSnap) */
    tally_is(1, 1, 1, 1);
    char path[128], *text = NULL;
    Err err;
    RateCount count;
    snprintf(path, sizeof path, "%s/var/rate/_alice@example.org", home);
    ck_assert_int_eq(disk_read_file(path, &text, NULL, &err), 0);
    ck_assert(rate_count_parse(text, &count));
    ck_assert_int_gt(count.told, 0); /* the second message found the budget over */
    free(text);
}
END_TEST

/* The last line of var/mail.log. */
static char *last_log_line(void)
{
    char path[128], *text = NULL;
    Err err;
    snprintf(path, sizeof path, "%s/var/mail.log", home);
    ck_assert_int_eq(disk_read_file(path, &text, NULL, &err), 0);
    size_t n = strlen(text);
    while (n && text[n - 1] == '\n')
        text[--n] = '\0';
    char *nl = strrchr(text, '\n'), *line = xstrdup(nl ? nl + 1 : text);
    free(text);
    return line;
}

/* Over its mailbox's budget, a reply to the sheet with the password of the user whose address the mailbox is
 * ("secret PASS": no userid in its words, the user found by the address) runs and is answered at that address, as
 * the Subject form does (contract 2.1, 15.1: forged mail that filled alice's mailbox does not crowd out her own
 * reply); its password checked in the one read of the users, under the one lock. A wrong password over the budget
 * is not run and not answered. */
START_TEST(test_over_budget_reply_owner)
{
    host.rate = "1/3600";
    ck_assert_int_eq(mail_in("From: <alice@example.org>\nSubject: games\nMessage-ID: <f1@forger.example>\n\n"), 0);
    ck_assert_int_eq(mail_in("From: <alice@example.org>\nSubject: games\nMessage-ID: <f2@forger.example>\n\n"), 0);
    tally = (StoreTally){0};
    ck_assert_int_eq(mail_in("From: <alice@example.org>\nSubject: Re: Genetess Board 101 alice\n"
                             "Message-ID: <r2@c.example>\n\nsecret PASS\n"),
                     0);
    char *line = last_log_line();
    ck_assert_msg(strstr(line, "<r2@c.example>: reply: move: exit 0") && !strstr(line, "over the budget"), "%s", line);
    free(line);
    tally_is(1, 1, 1, 1);
    ck_assert_int_eq(mail_in("From: <alice@example.org>\nSubject: Re: Genetess Board 101 alice\n"
                             "Message-ID: <r3@c.example>\n\nguess PASS\n"),
                     0);
    line = last_log_line();
    ck_assert_msg(strstr(line, "<r3@c.example>: reply: move: exit 1; over the budget of alice@example.org: not run, not "
                               "answered"),
                  "%s", line);
    free(line);
}
END_TEST

/* `genetess multiple` at the command line (a pbmserv host's): its lines share one store too. */
START_TEST(test_multiple_command_line)
{
    Request rq = env;
    rq.body = "show 101\nlist\n";
    fflush(stdout);
    int out = dup(1), null = open("/dev/null", O_WRONLY);
    dup2(null, 1); /* the replies are printed */
    int rc = mailfront_multiple(&host, &rq, 0, NULL);
    fflush(stdout);
    dup2(out, 1);
    close(out);
    close(null);
    ck_assert_int_eq(rc, EXIT_DONE);
    tally_is(1, 2, 1, 0); /* show and list read no users */
}
END_TEST

/* What a reply quotes of a player's line: whole UTF-8 characters ("Grüße"), never half of one at the cut, control
 * characters and broken sequences as "?" (str_quote). */
START_TEST(test_quote_keeps_utf8)
{
    char q[34];
    ck_assert_str_eq(str_quote("Gr\xc3\xbc\xc3\x9f" "e, Anna", q, sizeof q), "Gr\xc3\xbc\xc3\x9f" "e, Anna");
    ck_assert_str_eq(str_quote("a\tb\xc3(\xc2\x85", q, sizeof q), "a?b?(??");
    char small[9]; /* room for 5 bytes: a 2-byte character from the 5th on is left out whole */
    ck_assert_str_eq(str_quote("abcdefg", small, sizeof small), "abcde");
    ck_assert_str_eq(str_quote("abc\xc3\xbc", small, sizeof small), "abc\xc3\xbc");
    ck_assert_str_eq(str_quote("abcd\xc3\xbc", small, sizeof small), "abcd");
}
END_TEST

/* A player's first line as a reply quotes it (contract 2.1, 15.2, 15.4): its first 29 characters, "..." only when
 * it had more: 29 and 30 characters, 36, and 29 or 30 two-byte characters. */
START_TEST(test_quote_head)
{
    char q[STR_HEAD_SIZE];
    const char *l29 = "abcdefghijklmnopqrstuvwxyz012", *l30 = "abcdefghijklmnopqrstuvwxyz0123";
    ck_assert_str_eq(str_quote_head(l29, q, sizeof q), "abcdefghijklmnopqrstuvwxyz012");
    ck_assert_str_eq(str_quote_head(l30, q, sizeof q), "abcdefghijklmnopqrstuvwxyz012...");
    ck_assert_str_eq(str_quote_head("abcdefghijklmnopqrstuvwxyz0123456789", q, sizeof q),
                     "abcdefghijklmnopqrstuvwxyz012...");
    ck_assert_str_eq(str_quote_head("", q, sizeof q), "");
    char u[80] = "";
    for (int i = 0; i < 29; i++)
        strcat(u, "\xc3\xbc");
    ck_assert_str_eq(str_quote_head(u, q, sizeof q), u);
    strcat(u, "\xc3\xbc");
    char want[80];
    snprintf(want, sizeof want, "%.58s...", u);
    ck_assert_str_eq(str_quote_head(u, q, sizeof q), want);
}
END_TEST

Suite *mailfront_suite(void);
Suite *mailfront_suite(void)
{
    Suite *s = suite_create("mailfront");
    TCase *t = tcase_create("one pipeline");
    tcase_add_checked_fixture(t, setup, teardown);
    tcase_add_test(t, test_reply_one_pipeline);
    tcase_add_test(t, test_multiple_one_store);
    tcase_add_test(t, test_multiple_command_line);
    tcase_add_test(t, test_over_budget_owner_one_lock);
    tcase_add_test(t, test_over_budget_reply_owner);
    tcase_add_test(t, test_quote_keeps_utf8);
    tcase_add_test(t, test_quote_head);
    suite_add_tcase(s, t);
    return s;
}
