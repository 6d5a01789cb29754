/* Tests of rate (the per-mailbox budget of the mail front's replies, contract 2.1 and 15.2), of which header a
 * reply's mailbox comes from, and of where an authenticated command's reply goes. */
/* the project's headers first, then check.h */
#include "fixtures.h"
#include "mail.h"
#include "mailin.h"
#include "rate.h"
#include "store.h"
#include "util.h"

#include <check.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

Suite *rate_suite(void);

/* ---- mailboxes ---- */

static const struct {
    const char *address, *mailbox;
} mailboxes[] = {
    {"victim@example.org", "victim@example.org"},
    {"Victim@Example.ORG", "victim@example.org"},     /* case */
    {"victim+1@example.org", "victim@example.org"},   /* a +tag */
    {"VICTIM+a+b@example.org", "victim@example.org"}, /* from the first '+' */
    {"victim@example.org.", "victim@example.org"},    /* a trailing dot of the domain */
    {"victim+x@EXAMPLE.org...", "victim@example.org"},
    {"+tag@example.org", "@example.org"},
    {"a+b@c+d.org", "a@c+d.org"}, /* the domain keeps its '+' */
    {"odd@x@example.org", "odd@x@example.org"},
    {"noat", "noat"},
};

START_TEST(mailbox_normalised)
{
    char out[RATE_MAILBOX_MAX + 1];
    ck_assert_str_eq(rate_mailbox(mailboxes[_i].address, out, sizeof out), mailboxes[_i].mailbox);
    ck_assert(rate_same_mailbox(mailboxes[_i].address, mailboxes[_i].mailbox));
}
END_TEST

START_TEST(mailbox_compare)
{
    ck_assert(rate_same_mailbox("Bob+games@Example.org.", "bob@example.org"));
    ck_assert(!rate_same_mailbox("bob@example.org", "bob@example.org.uk"));
    ck_assert(!rate_same_mailbox("bob@example.org", "bobby@example.org"));
    ck_assert(!rate_same_mailbox("bob@example.org", NULL));
    char small[8];
    ck_assert_str_eq(rate_mailbox("Alice@example.org", small, sizeof small), "alice@e"); /* cut to its buffer */
}
END_TEST

/* ---- the budget and its record ---- */

START_TEST(budget_spec)
{
    RateBudget b;
    Err err;
    ck_assert_int_eq(rate_budget(NULL, NULL, &b, &err), 1);
    ck_assert_int_eq(b.max[0], 20);
    ck_assert_int_eq(b.secs[0], 3600);
    ck_assert_int_eq(b.max[1], 50);
    ck_assert_int_eq(b.secs[1], 86400);
    ck_assert_int_eq(b.bytes[0], 1024 * 1024);
    ck_assert_int_eq(b.bytes[1], 4 * 1024 * 1024);
    ck_assert_int_eq(rate_budget("3/60", "5/600", &b, &err), 1);
    ck_assert_int_eq(b.max[0], 3);
    ck_assert_int_eq(b.secs[1], 600);
    ck_assert_int_eq(rate_budget("off", "5/600", &b, &err), 0);
    ck_assert_int_eq(rate_budget("0", NULL, &b, &err), 0);
    ck_assert_int_eq(rate_budget("3/60", "off", &b, &err), 1); /* the day alone off */
    ck_assert(b.max[1] == INT64_MAX);
    ck_assert_int_eq(rate_budget("3 per hour", NULL, &b, &err), -1);
    ck_assert_str_eq(err.msg, "rate '3 per hour' is not MESSAGES/SECONDS");
    ck_assert_int_eq(rate_budget("3/60", "0/60", &b, &err), -1); /* no reply at all is not a budget: "off" is */
}
END_TEST

START_TEST(count_round_trip)
{
    RateCount c = {{1000, 990}, {3, 7}, {4096, 9000}, 1060}, d;
    char line[160];
    rate_count_format(&c, line, sizeof line);
    ck_assert_str_eq(line, "1000 3 4096 990 7 9000 1060\n");
    ck_assert(rate_count_parse(line, &d));
    ck_assert(memcmp(&c, &d, sizeof c) == 0);
    ck_assert(!rate_count_parse("1000 3\n", &d)); /* the old per-address record: a new one instead */
    ck_assert(!rate_count_parse("1000 3 0 990 7 0 1060 x\n", &d));
    ck_assert(!rate_count_parse("1000 -3 0 990 7 0 0\n", &d));
    ck_assert(!rate_count_parse("1000 3 -1 990 7 0 0\n", &d));
}
END_TEST

/* ---- reserving ---- */

START_TEST(reserve_within_then_over)
{
    char dir[64];
    fx_scratch_dir(dir, sizeof dir, "check_rate");
    Store st = {.home = dir, .lockfd = -1}; /* var/rate/ is the store's */
    RateBudget b;
    Err err;
    int64_t until;
    ck_assert_int_eq(rate_budget("3/60", "5/86400", &b, &err), 1);
    const char *aliases[] = {"al@example.org", "Al+1@example.org", "al+2@EXAMPLE.org."};
    char mb[RATE_MAILBOX_MAX + 1];
    for (int i = 0; i < 3; i++) /* one mailbox, whatever the spelling */
        ck_assert_int_eq(rate_reserve(&st, rate_mailbox(aliases[i], mb, sizeof mb), 1000 + i, &b, &until, &err),
                         RATE_RESERVED);
    ck_assert_int_eq(rate_reserve(&st, "al@example.org", 1010, &b, &until, &err), RATE_OVER_FIRST);
    ck_assert_int_eq(until, 1060); /* the short window's end */
    ck_assert_int_eq(rate_reserve(&st, "al@example.org", 1020, &b, &until, &err), RATE_OVER); /* told once */
    ck_assert_int_eq(rate_reserve(&st, "bo@example.org", 1020, &b, &until, &err), RATE_RESERVED);
    /* a new short window: two more, then the day is full until its end */
    ck_assert_int_eq(rate_reserve(&st, "al@example.org", 1060, &b, &until, &err), RATE_RESERVED);
    ck_assert_int_eq(rate_reserve(&st, "al@example.org", 1061, &b, &until, &err), RATE_RESERVED);
    ck_assert_int_eq(rate_reserve(&st, "al@example.org", 1062, &b, &until, &err), RATE_OVER_FIRST);
    ck_assert_int_eq(until, 1000 + 86400);
    ck_assert_int_eq(rate_reserve(&st, "al@example.org", 2000, &b, &until, &err), RATE_OVER);
    ck_assert_int_eq(rate_reserve(&st, "al@example.org", 1000 + 86400, &b, &until, &err), RATE_RESERVED);
    fx_rm_tree(dir);
}
END_TEST

/* A reservation given back (the reply went to the user's registered address) leaves room for one more. */
START_TEST(refund_gives_room)
{
    char dir[64];
    fx_scratch_dir(dir, sizeof dir, "check_rate");
    Store st = {.home = dir, .lockfd = -1}; /* var/rate/ is the store's */
    RateBudget b;
    Err err;
    int64_t until;
    ck_assert_int_eq(rate_budget("2/60", NULL, &b, &err), 1);
    ck_assert_int_eq(rate_reserve(&st, "al@example.org", 1000, &b, &until, &err), RATE_RESERVED);
    ck_assert_int_eq(rate_reserve(&st, "al@example.org", 1000, &b, &until, &err), RATE_RESERVED);
    ck_assert_int_eq(rate_refund(&st, "al@example.org", 1000, &b, &err), 0);
    ck_assert_int_eq(rate_reserve(&st, "al@example.org", 1000, &b, &until, &err), RATE_RESERVED);
    ck_assert_int_eq(rate_reserve(&st, "al@example.org", 1000, &b, &until, &err), RATE_OVER_FIRST);
    ck_assert_int_eq(rate_refund(&st, "cy@example.org", 1000, &b, &err), 0); /* nothing to give back: 0 stays 0 */
    ck_assert_int_eq(rate_reserve(&st, "cy@example.org", 1000, &b, &until, &err), RATE_RESERVED);
    ck_assert_int_eq(rate_reserve(&st, "cy@example.org", 1000, &b, &until, &err), RATE_RESERVED);
    ck_assert_int_eq(rate_reserve(&st, "cy@example.org", 1000, &b, &until, &err), RATE_OVER_FIRST);
    fx_rm_tree(dir);
}
END_TEST

/* The bytes of the replies sent count too: a budget with room for replies but not for bytes is over until the
 * window whose bytes are full ends; a reply may pass the bytes by itself, never a second one. */
START_TEST(charge_fills_bytes)
{
    char dir[64];
    fx_scratch_dir(dir, sizeof dir, "check_rate");
    Store st = {.home = dir, .lockfd = -1}; /* var/rate/ is the store's */
    RateBudget b;
    Err err;
    int64_t until;
    ck_assert_int_eq(rate_budget("20/60", "50/86400", &b, &err), 1);
    ck_assert_int_eq(rate_reserve(&st, "al@example.org", 1000, &b, &until, &err), RATE_RESERVED);
    ck_assert_int_eq(rate_charge(&st, "al@example.org", 1000, &b, 600 * 1024, &err), 0);
    ck_assert_int_eq(rate_reserve(&st, "al@example.org", 1001, &b, &until, &err), RATE_RESERVED);
    ck_assert_int_eq(rate_charge(&st, "al@example.org", 1001, &b, 600 * 1024, &err), 0); /* 1.2 MiB: over */
    ck_assert_int_eq(rate_reserve(&st, "al@example.org", 1002, &b, &until, &err), RATE_OVER_FIRST);
    ck_assert_int_eq(until, 1060);
    ck_assert_int_eq(rate_reserve(&st, "al@example.org", 1003, &b, &until, &err), RATE_OVER);
    /* the next short windows: two such replies each, until the day's 4 MiB are passed by the seventh */
    for (int k = 0; k < 5; k++) {
        int64_t t = 1060 + 60 * (k / 2) + k % 2;
        ck_assert_int_eq(rate_reserve(&st, "al@example.org", t, &b, &until, &err), RATE_RESERVED);
        ck_assert_int_eq(rate_charge(&st, "al@example.org", t, &b, 600 * 1024, &err), 0);
    }
    ck_assert_int_eq(rate_reserve(&st, "al@example.org", 1190, &b, &until, &err), RATE_OVER_FIRST);
    ck_assert_int_eq(until, 1000 + 86400);
    fx_rm_tree(dir);
}
END_TEST

/* Records whose windows have all passed are removed, at most once a short window. */
START_TEST(records_pruned)
{
    char dir[64];
    fx_scratch_dir(dir, sizeof dir, "check_rate");
    Store st = {.home = dir, .lockfd = -1}; /* var/rate/ is the store's */
    RateBudget b;
    Err err;
    int64_t until;
    ck_assert_int_eq(rate_budget("3/60", "off", &b, &err), 1);
    char *al = xasprintf("%s/var/rate/_al@example.org", dir), *bo = xasprintf("%s/var/rate/_bo@example.org", dir);
    ck_assert_int_eq(rate_reserve(&st, "al@example.org", 1000, &b, &until, &err), RATE_RESERVED); /* mark 1000 */
    ck_assert_int_eq(rate_reserve(&st, "bo@example.org", 1050, &b, &until, &err), RATE_RESERVED);
    ck_assert_int_eq(access(al, F_OK), 0);
    ck_assert_int_eq(rate_reserve(&st, "cy@example.org", 1070, &b, &until, &err), RATE_RESERVED);
    ck_assert_int_eq(access(al, F_OK), -1); /* its window is over */
    ck_assert_int_eq(access(bo, F_OK), 0);  /* 1050 + 60 > 1070: still counting */
    /* with the day's window on, a record stays while its day lasts */
    ck_assert_int_eq(rate_budget("3/60", "5/86400", &b, &err), 1);
    ck_assert_int_eq(rate_reserve(&st, "al@example.org", 1200, &b, &until, &err), RATE_RESERVED);
    ck_assert_int_eq(rate_reserve(&st, "cy@example.org", 1300, &b, &until, &err), RATE_RESERVED);
    ck_assert_int_eq(access(al, F_OK), 0);
    free(al);
    free(bo);
    fx_rm_tree(dir);
}
END_TEST

/* Several processes reserving for one mailbox at the same moment: every reservation counts (240 of 240), and no
 * more than the budget is ever reserved (100 of 240). */
START_TEST(reserve_concurrent)
{
    static const char *const specs[] = {"1000/60", "100/60"};
    static const int want[] = {240, 100};
    for (int s = 0; s < 2; s++) {
        char dir[64];
        fx_scratch_dir(dir, sizeof dir, "check_rate");
        Store st = {.home = dir, .lockfd = -1}; /* var/rate/ is the store's */
        char *got = xasprintf("%s/got", dir);
        pid_t kids[4];
        for (int k = 0; k < 4; k++) {
            kids[k] = fork();
            ck_assert_int_ge(kids[k], 0);
            if (kids[k] == 0) {
                RateBudget b;
                Err err;
                int64_t until;
                int n = 0;
                if (rate_budget(specs[s], "off", &b, &err) != 1)
                    _exit(1);
                for (int i = 0; i < 60; i++) {
                    int r = rate_reserve(&st, "al@example.org", 1000, &b, &until, &err);
                    if (r < 0)
                        _exit(1);
                    n += r == RATE_RESERVED;
                }
                FILE *f = fopen(got, "a");
                fprintf(f, "%d\n", n);
                fclose(f);
                _exit(0);
            }
        }
        for (int k = 0; k < 4; k++) {
            int status;
            ck_assert_int_eq(waitpid(kids[k], &status, 0), kids[k]);
            ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
        }
        FILE *f = fopen(got, "r");
        ck_assert_ptr_nonnull(f);
        int total = 0, n;
        while (fscanf(f, "%d", &n) == 1)
            total += n;
        fclose(f);
        ck_assert_int_eq(total, want[s]);
        free(got);
        fx_rm_tree(dir);
    }
}
END_TEST

/* ---- the header a reply's mailbox comes from ---- */

/* A list in the reply header is seen in the normalised header, whatever the line ends: a CR-only message whose
 * first header is another, a CRLF one with a lone CR before Reply-To, a folded list; and two addresses with no
 * comma between them, bare or in angle brackets (contract 2.1). */
static const char *const lists[] = {
    "Subject: help\rFrom: c@example.org\rReply-To: victim@example.org, attacker@example.net\r\r",
    "From: c@example.org\r\nX-Mailer: x\rReply-To: victim@example.org,\r\n attacker@example.net\r\n"
    "Subject: help\r\n\r\n",
    "From: c@example.org\r\nReply-To: victim@example.org\r\n\t, attacker@example.net\r\nSubject: help\r\n\r\n",
    "Subject: help\nFrom: <a@example.org>, <b@example.org>\n\n",
    "Subject: help\nFrom: victim@example.org evil@bad.example\n\n",
    "Subject: help\nFrom: c@example.org\nReply-To: victim@example.org\tevil@bad.example\n\n",
    "Subject: help\nFrom: <victim@example.org> <evil@bad.example>\n\n",
};

START_TEST(reply_list_normalised)
{
    MailIn m;
    mailin_parse(lists[_i], strlen(lists[_i]), NULL, &m);
    ck_assert(m.reply_list);
    mailin_free(&m);
}
END_TEST

START_TEST(reply_list_not_a_list)
{
    const char *text = "From: \"Doe, Jane\" <jane@example.org>\r\nReply-To: (home, a@b) jane@example.org\r\n\r\n";
    MailIn m;
    mailin_parse(text, strlen(text), NULL, &m);
    ck_assert(!m.reply_list);
    ck_assert_str_eq(m.reply_to, "jane@example.org");
    mailin_free(&m);
    ck_assert(mailin_address_list("a@example.org, b@example.org"));
    ck_assert(!mailin_address_list("\"a, b@x\" <a@example.org>"));
    /* one address: a display name that is the address again, or quoted; a comment */
    ck_assert(!mailin_address_list("jane@example.org <jane@example.org>"));
    ck_assert(!mailin_address_list("\"x@y\" <jane@example.org>"));
    ck_assert(!mailin_address_list("jane@example.org (c@d)"));
    ck_assert(mailin_address_list("victim@example.org evil@bad.example"));
}
END_TEST

/* An authenticated command's reply goes to the registered address its login noted, not to the sender (contract 3.1);
 * without one, to the sender; never to a sender that is not one address. */
START_TEST(reply_goes_to_registered_address)
{
    Request rq = request_init(1000);
    RequestOutcome out = {0};
    rq.sender = "victim@example.org";
    ck_assert_str_eq(mail_reply_address(&rq, NULL), "victim@example.org");
    ck_assert_str_eq(mail_reply_address(&rq, &out), "victim@example.org"); /* nobody authenticated */
    snprintf(out.address, sizeof out.address, "mallory@evil.example");
    ck_assert_str_eq(mail_reply_address(&rq, &out), "mallory@evil.example");
    rq.sender = "victim@example.org, list@example.net";
    ck_assert_ptr_null(mail_reply_address(&rq, &out));
}
END_TEST

Suite *rate_suite(void)
{
    Suite *s = suite_create("rate");
    TCase *t = tcase_create("mailboxes");
    tcase_add_loop_test(t, mailbox_normalised, 0, (int)(sizeof mailboxes / sizeof mailboxes[0]));
    tcase_add_test(t, mailbox_compare);
    tcase_add_test(t, budget_spec);
    tcase_add_test(t, count_round_trip);
    suite_add_tcase(s, t);
    t = tcase_create("budget");
    tcase_add_test(t, reserve_within_then_over);
    tcase_add_test(t, refund_gives_room);
    tcase_add_test(t, charge_fills_bytes);
    tcase_add_test(t, records_pruned);
    tcase_add_test(t, reserve_concurrent);
    tcase_set_timeout(t, 60); /* each reservation is a synced write */
    suite_add_tcase(s, t);
    t = tcase_create("reply header");
    tcase_add_loop_test(t, reply_list_normalised, 0, (int)(sizeof lists / sizeof lists[0]));
    tcase_add_test(t, reply_list_not_a_list);
    tcase_add_test(t, reply_goes_to_registered_address);
    suite_add_tcase(s, t);
    return s;
}
