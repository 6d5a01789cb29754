/* Tests of challenge by mail (contract 6, 15.4): invitations bounded per challenger and per invited user in any
 * 24 hours, an answer refunding none; one value per option; the game's name by mail bounded, without web
 * addresses, and shown in quotes as the challenger's; the seed by mail refused, unpredictable and in no mail. */
#include "fixtures.h"
#include "challenge.h"
#include "commands.h"
#include "store.h"

#include <dirent.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define T0 1800000000 /* 2027-01-15 08:00 UTC */

static char home[64];
static Host host; /* the host's settings: the scratch home, From: referee@example.org */
static Request rq; /* what every command of these tests is given; by_mail is set after the signups */

static char *slurp_at(const char *rel)
{
    char *path = xasprintf("%s/%s", home, rel), *text = NULL;
    Err err;
    if (disk_read_file(path, &text, NULL, &err) != 0)
        text = NULL;
    free(path);
    return text;
}

/* Runs "genetess <words>" with the reply (stdout: no SENDER) into <home>/reply; returns the exit status. */
static int run(const char *words)
{
    return fx_run_command(&host, &rq, words);
}

/* Asserts the last run's reply is want exactly. */
static void reply_is(const char *want)
{
    char *r = slurp_at("reply");
    ck_assert_ptr_nonnull(r);
    ck_assert_str_eq(r, want);
    free(r);
}

/* The outbox's mails joined, oldest first (malloc'd), their count into *n. */
static char *outbox(int *n)
{
    char *dir = xasprintf("%s/outbox", home);
    struct dirent **names;
    int k = scandir(dir, &names, NULL, alphasort);
    Buf all;
    buf_init(&all);
    buf_add(&all, "");
    *n = 0;
    for (int i = 0; i < k; i++) {
        if (strstr(names[i]->d_name, ".mail")) {
            char *rel = xasprintf("outbox/%s", names[i]->d_name), *t = slurp_at(rel);
            buf_add(&all, t ? t : "");
            (*n)++;
            free(t);
            free(rel);
        }
        free(names[i]);
    }
    if (k >= 0)
        free(names);
    free(dir);
    return buf_take(&all);
}

static void clear_outbox(void)
{
    char cmd[160];
    snprintf(cmd, sizeof cmd, "rm -f '%s'/outbox/*", home);
    ck_assert_int_eq(system(cmd), 0);
}

static void setup(void)
{
    fx_scratch_dir(home, sizeof home, "genetess-chal");
    rq = request_init(T0);
    host = request_host_init();
    host.home = home;
    host.from = "referee@example.org";
    ck_assert_int_eq(run("signup alice secret alice@example.org"), EXIT_DONE);
    ck_assert_int_eq(run("signup bob hunter2 bob@example.org"), EXIT_DONE);
    ck_assert_int_eq(run("signup carol pw carol@example.org"), EXIT_DONE);
    rq.by_mail = true;
    clear_outbox();
}

static void teardown(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", home);
    ck_assert_int_eq(system(cmd), 0);
}

/* ---- invitations a day ---- */

/* Five invitations a challenger in any 24 hours: each declined at once, the sixth is refused all the same (a
 * decline refunds nothing), the "sent" records stay; a day after the first, one more goes and the day-old
 * records are forgotten. */
START_TEST(test_sent_per_day)
{
    for (int i = 1; i <= CHALLENGE_SENT_DAY; i++) {
        char w[64];
        ck_assert_int_eq(run("challenge alice secret bob"), EXIT_DONE);
        snprintf(w, sizeof w, "decline %d bob hunter2", i);
        ck_assert_int_eq(run(w), EXIT_DONE);
    }
    ck_assert_int_eq(run("challenge alice secret carol"), EXIT_REFUSED);
    reply_is("alice has sent 5 invitations in 24 hours: at most 5 a day (the next from 2027-01-16 08:00 UTC)\n");
    char *inv = slurp_at("etc/invitations");
    ck_assert_str_eq(inv, "next 6\n"
                          "sent\t1800000000\talice\tbob\n" "sent\t1800000000\talice\tbob\n"
                          "sent\t1800000000\talice\tbob\n" "sent\t1800000000\talice\tbob\n"
                          "sent\t1800000000\talice\tbob\n");
    free(inv);
    rq.now = T0 + CHALLENGE_DAY - 1;
    ck_assert_int_eq(run("challenge alice secret carol"), EXIT_REFUSED);
    rq.now = T0 + CHALLENGE_DAY;
    ck_assert_int_eq(run("challenge alice secret carol"), EXIT_DONE);
    inv = slurp_at("etc/invitations");
    ck_assert_str_eq(inv, "next 7\n6\t1800086400\talice carol\ty.\t-\nsent\t1800086400\talice\tcarol\n");
    free(inv);
}
END_TEST

/* Ten invitations a user in any 24 hours from all challengers: the eleventh challenger's is refused whole (not
 * mailed to carol either), another user can still be invited. */
START_TEST(test_received_per_day)
{
    rq.by_mail = false;
    for (int i = 1; i <= CHALLENGE_RECEIVED_DAY + 1; i++) {
        char w[96];
        snprintf(w, sizeof w, "signup u%02d pw u%02d@example.org", i, i);
        ck_assert_int_eq(run(w), EXIT_DONE);
    }
    rq.by_mail = true;
    for (int i = 1; i <= CHALLENGE_RECEIVED_DAY; i++) {
        char w[64];
        snprintf(w, sizeof w, "challenge u%02d pw bob", i);
        ck_assert_int_eq(run(w), EXIT_DONE);
    }
    clear_outbox();
    ck_assert_int_eq(run("challenge u11 pw carol BOB"), EXIT_REFUSED);
    reply_is("BOB has been sent 10 invitations in 24 hours: at most 10 a day\n");
    int n;
    free(outbox(&n));
    ck_assert_int_eq(n, 0);
    ck_assert_int_eq(run("challenge u11 pw carol"), EXIT_DONE);
}
END_TEST

/* A challenge against computer opponents only mails no invitation and counts none; the waiting bound stays. */
START_TEST(test_waiting_bound)
{
    ck_assert_int_eq(run("challenge alice secret bot:random"), EXIT_DONE);
    for (int i = 0; i < CHALLENGE_OPEN_MAX; i++)
        ck_assert_int_eq(run("challenge alice secret bob"), EXIT_DONE);
    ck_assert_int_eq(run("challenge alice secret bob"), EXIT_REFUSED);
    reply_is("alice has 3 invitations waiting for answers already: at most 3\n");
}
END_TEST

/* ---- the challenger's text ---- */

/* An option given twice is a usage error, at a terminal and by mail, and nothing is made. */
START_TEST(test_option_twice)
{
    rq.by_mail = _i;
    ck_assert_int_eq(run(_i ? "challenge --name=a --deadline=48 --name=b alice secret bob"
                            : "challenge --name=a --deadline=48 --name=b alice bob"),
                     EXIT_USAGE);
    reply_is("--name is given twice: an option takes one value\n");
    char *inv = slurp_at("etc/invitations"), *b = slurp_at("games/Genetess/101");
    ck_assert_ptr_null(inv);
    ck_assert_ptr_null(b);
}
END_TEST

static const struct {
    const char *name;
    bool ok;
} names[] = {
    {"Spring_Cup", true},
    {"Cup_#3,_go!_Bob's_&_Al's_1+1-2.", true},
    {"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", true}, /* 60 */
    {"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", false}, /* 61 */
    {"see_www.evil.example", false},
    {"WwW.evil.example", false},
    {"http://evil.example", false},
    {"evil.example/x", false},
    {"mail_me@evil.example", false},
    {"a\"_The_server_says", false},
    {"caf\xc3\xa9", false},
};

/* By mail a name is 1 to 60 letters, digits and _-.,!?'+#&, without "www."; refused, nothing is written. */
START_TEST(test_name_by_mail)
{
    char *w = xasprintf("challenge --name=%s alice secret bob", names[_i].name);
    ck_assert_int_eq(run(w), names[_i].ok ? EXIT_DONE : EXIT_REFUSED);
    free(w);
    char *inv = slurp_at("etc/invitations");
    if (names[_i].ok) {
        ck_assert_ptr_nonnull(inv);
    } else {
        reply_is("By mail --name is 1 to 60 letters, digits or _-.,!?'+#&, and no web address\n");
        ck_assert_ptr_null(inv);
    }
    free(inv);
}
END_TEST

/* The invitation holds and shows the options as the game will (a number's zeros, a word's case gone), and the
 * name apart, in quotes, as the challenger's words; the sheets show it in quotes. */
START_TEST(test_invitation_text)
{
    ck_assert_int_eq(run("challenge --start-e=000000000000000000000000000000000000000000000000000000007 "
                         "--gamble=NONE --name=Spring_Cup alice secret bob carol"),
                     EXIT_DONE);
    char *inv = slurp_at("etc/invitations");
    ck_assert_str_eq(inv, "next 2\n1\t1800000000\talice bob carol\ty..\t--start-e=7 --gamble=none --name=Spring_Cup\n"
                          "sent\t1800000000\talice\tbob carol\n");
    free(inv);
    int n;
    char *mail = outbox(&n);
    ck_assert_int_eq(n, 2); /* bob and carol (the reply is printed: no SENDER) */
    ck_assert_ptr_nonnull(strstr(mail, "\n\nalice invites you to a game of Genetess: a strategy game played by mail"));
    ck_assert_ptr_nonnull(strstr(mail, "(the Subject \"help start\" tells how\nto play).\n\nPlayers: alice, bob, carol\n"
                                       "Options: --start-e=7 --gamble=none\nalice calls the game: \"Spring Cup\"\n\n"
                                       "To play, reply to this mail with your password and \"accept\" on the first "
                                       "line\n(\"yourpassword accept\"; \"yourpassword decline\" to say no), or send "
                                       "the Subject\n\n    genetess accept 1 bob <your password>\n"));
    ck_assert_ptr_null(strstr(mail, "=0000000"));
    free(mail);
    ck_assert_int_eq(run("accept 1 bob hunter2"), EXIT_DONE);
    ck_assert_int_eq(run("accept 1 carol pw"), EXIT_DONE);
    char *b = slurp_at("games/Genetess/101");
    ck_assert_ptr_nonnull(strstr(b, " start-e=7 "));
    ck_assert_ptr_nonnull(strstr(b, " name=Spring_Cup"));
    free(b);
    mail = outbox(&n);
    ck_assert_ptr_nonnull(strstr(mail, "\nGenetess board 101: \"Spring Cup\"\n"));
    free(mail);
}
END_TEST

/* ---- the seed ---- */

/* By mail --seed is refused and nothing is written. */
START_TEST(test_seed_refused)
{
    ck_assert_int_eq(run("challenge --seed=5 alice secret bob"), EXIT_REFUSED);
    reply_is("By mail --seed is refused: the seed of a game by mail is the server's secret\n");
    char *inv = slurp_at("etc/invitations");
    ck_assert_ptr_null(inv);
    ck_assert_int_eq(run("challenge --seed=5 alice secret bot:random"), EXIT_REFUSED);
    char *b = slurp_at("games/Genetess/101");
    ck_assert_ptr_null(b);
}
END_TEST

/* The seed of board n as its file holds it, into seed (digits). */
static void board_seed(int n, char *seed, size_t size)
{
    char rel[64];
    snprintf(rel, sizeof rel, "games/Genetess/%d", n);
    char *b = slurp_at(rel);
    ck_assert_ptr_nonnull(b);
    const char *s = strstr(b, " seed=");
    ck_assert_ptr_nonnull(s);
    s += 6;
    size_t k = strspn(s, "0123456789");
    ck_assert(k > 0 && k < size);
    memcpy(seed, s, k);
    seed[k] = '\0';
    free(b);
}

/* Two games by mail made alike at the same second get different seeds, and no mail (invitation, New sheets,
 * replies, show) holds either. */
START_TEST(test_seed_secret)
{
    for (int g = 0; g < 2; g++) {
        char w[64];
        ck_assert_int_eq(run("challenge --gamble=none alice secret bob"), EXIT_DONE);
        snprintf(w, sizeof w, "accept %d bob hunter2", g + 1);
        ck_assert_int_eq(run(w), EXIT_DONE);
    }
    ck_assert_int_eq(run("show 101 102"), EXIT_DONE);
    ck_assert_int_eq(run("showas alice secret 101"), EXIT_DONE);
    char s1[32], s2[32];
    board_seed(101, s1, sizeof s1);
    board_seed(102, s2, sizeof s2);
    ck_assert_str_ne(s1, s2);
    int n;
    char *mail = outbox(&n), *r = slurp_at("reply");
    ck_assert_int_ge(n, 6);
    ck_assert_ptr_null(strstr(mail, s1));
    ck_assert_ptr_null(strstr(mail, s2));
    ck_assert_ptr_null(strstr(mail, "seed"));
    ck_assert_ptr_null(strstr(r, s1));
    free(mail);
    free(r);
}
END_TEST

Suite *challenge_suite(void)
{
    Suite *s = suite_create("challenge");
    TCase *tc = tcase_create("invitations");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_sent_per_day);
    tcase_add_test(tc, test_received_per_day);
    tcase_add_test(tc, test_waiting_bound);
    suite_add_tcase(s, tc);
    tc = tcase_create("text");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_loop_test(tc, test_option_twice, 0, 2);
    tcase_add_loop_test(tc, test_name_by_mail, 0, (int)(sizeof names / sizeof names[0]));
    tcase_add_test(tc, test_invitation_text);
    suite_add_tcase(s, tc);
    tc = tcase_create("seed");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_seed_refused);
    tcase_add_test(tc, test_seed_secret);
    suite_add_tcase(s, tc);
    return s;
}
