/* Tests of chat: private messages ("chat board userid password to USERID...") reach the players named
 * and no one else, say whom they went to, and are refused whole for a name that is not a player. */
#include "fixtures.h"
#include "chat.h"
#include "commands.h"
#include "store.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- the argument check, before any file is read ---- */

static const struct {
    const char *words; /* after the command word */
    int rc;
} usage_cases[] = {
    {"101 alice secret", 0},          {"101 alice secret to bob", 0},   {"101 alice secret TO bob carol", 0},
    {"101 alice secret to", EXIT_USAGE}, {"101 alice secret for bob", EXIT_USAGE},
};

START_TEST(test_usage)
{
    char buf[128];
    snprintf(buf, sizeof buf, "%s", usage_cases[_i].words);
    char *argv[8];
    int argc = 0;
    for (char *save = NULL, *w = strtok_r(buf, " ", &save); w && argc < 8; w = strtok_r(NULL, " ", &save))
        argv[argc++] = w;
    Request rq = {0};
    CommandCtx c = {.cmd = command_find("chat"), .req = &rq, .argc = argc, .argv = argv};
    buf_init(&c.reply);
    ck_assert_int_eq(chat_check(&c), usage_cases[_i].rc);
    ck_assert_str_eq(c.reply.s ? c.reply.s : "", ""); /* a usage error's line goes to stderr (contract 2) */
    buf_free(&c.reply);
}
END_TEST

/* ---- the command, in a temporary PBMHOME ---- */

static char home[64];

static char *slurp(const char *path)
{
    char *text = NULL;
    Err err;
    return disk_read_file(path, &text, NULL, &err) == 0 ? text : NULL;
}

/* The request every command of these tests is given: the scratch home, a fixed time and From:, the body. */
static Host host; /* the host's settings: the scratch home, From: referee@example.org */
static Request rq;

/* Runs "genetess <words>" with the reply (stdout) into <home>/reply; returns the exit status. */
static int run(const char *words)
{
    return fx_run_command(&host, &rq, words);
}

/* The reply of the last run (malloc'd). */
static char *reply(void)
{
    char path[128];
    snprintf(path, sizeof path, "%s/reply", home);
    return slurp(path);
}

/* The outbox's mails, all texts joined, oldest first (malloc'd), and their count into *n. */
static char *outbox(int *n)
{
    char dir[128];
    snprintf(dir, sizeof dir, "%s/outbox", home);
    struct dirent **names;
    int k = scandir(dir, &names, NULL, alphasort);
    ck_assert_int_ge(k, 0);
    Buf all;
    buf_init(&all);
    buf_add(&all, "");
    *n = 0;
    for (int i = 0; i < k; i++) {
        if (strstr(names[i]->d_name, ".mail")) {
            char *path = xasprintf("%s/%s", dir, names[i]->d_name), *t = slurp(path);
            buf_add(&all, t);
            (*n)++;
            free(t);
            free(path);
        }
        free(names[i]);
    }
    free(names);
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
    fx_scratch_dir(home, sizeof home, "genetess-chat");
    rq = request_init(1800000000);
    host = request_host_init();
    host.home = home;
    host.from = "referee@example.org";
    ck_assert_int_eq(run("signup alice secret alice@example.org"), EXIT_DONE);
    ck_assert_int_eq(run("signup bob hunter2 bob@example.org"), EXIT_DONE);
    ck_assert_int_eq(run("signup carol pw carol@example.org"), EXIT_DONE);
    ck_assert_int_eq(run("signup dave pw dave@example.org"), EXIT_DONE);
    ck_assert_int_eq(run("challenge --gamble=none alice bob carol"), EXIT_DONE);
    rq.body = "Shall we gang up on alice?\n";
    clear_outbox();
}

static void teardown(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", home);
    ck_assert_int_eq(system(cmd), 0);
    rq.body = NULL;
}

static const char *const PRIVATE_SUBJECT = "Subject: Genetess chat 101 carol\n";
static const char *const PRIVATE_MAIL = "\n\n"
                                        "From carol on Genetess board 101:\n"
                                        "to: bob, carol\n"
                                        "\n"
                                        "Shall we gang up on alice?\n";

/* The players named get it (each once, the board's spelling), the sender sees whom it went to, the
 * others get nothing and the board is not touched. */
START_TEST(test_private)
{
    char path[128];
    snprintf(path, sizeof path, "%s/games/Genetess/101", home);
    char *before = slurp(path);
    ck_assert_int_eq(run("chat 101 carol pw to BOB carol bob"), EXIT_DONE);
    char *r = reply(), *after = slurp(path);
    ck_assert_ptr_eq(strstr(r, "Your message was sent to bob, carol of board 101 only.\n"), r);
    ck_assert_str_eq(after, before);
    int n;
    char *mail = outbox(&n);
    ck_assert_int_eq(n, 2);
    ck_assert_ptr_nonnull(strstr(mail, "To: bob@example.org\n"));
    ck_assert_ptr_nonnull(strstr(mail, "To: carol@example.org\n"));
    ck_assert_ptr_null(strstr(mail, "alice@example.org"));
    const char *first = strstr(mail, PRIVATE_MAIL); /* the body, after the headers' blank line */
    ck_assert_ptr_nonnull(first);
    ck_assert_ptr_nonnull(strstr(first + 1, PRIVATE_MAIL));
    first = strstr(mail, PRIVATE_SUBJECT);
    ck_assert_ptr_nonnull(first);
    ck_assert_ptr_nonnull(strstr(first + 1, PRIVATE_SUBJECT));
    free(mail);
    free(r);
    free(before);
    free(after);
}
END_TEST

/* A name that is not a player of the board refuses the whole message: nothing is sent to anyone. */
START_TEST(test_refused)
{
    static const struct {
        const char *words, *reply;
    } cases[] = {
        {"chat 101 alice secret to dave", "Nothing was sent: dave is not playing Genetess board 101\n"},
        {"chat 101 alice secret to bob zed", "Nothing was sent: zed is not a Genetess userid\n"},
        {"chat 101 alice secret to bob ../etc", "Nothing was sent: ../etc is not a Genetess userid\n"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ck_assert_int_eq(run(cases[i].words), EXIT_REFUSED);
        char *r = reply();
        ck_assert_msg(strncmp(r, cases[i].reply, strlen(cases[i].reply)) == 0, "%s: %s", cases[i].words, r);
        free(r);
        int n;
        free(outbox(&n));
        ck_assert_int_eq(n, 0);
    }
    /* not a player of the board at all: refused as chat is */
    ck_assert_int_eq(run("chat 101 dave pw to alice"), EXIT_REFUSED);
    int n;
    free(outbox(&n));
    ck_assert_int_eq(n, 0);
}
END_TEST

/* Without "to" the message goes to every other player; the sender's copy is their reply (one mail per command per
 * person, contract 3.1). */
START_TEST(test_public_unchanged)
{
    ck_assert_int_eq(run("chat 101 alice secret"), EXIT_DONE);
    int n;
    char *mail = outbox(&n);
    ck_assert_int_eq(n, 2);
    ck_assert_ptr_null(strstr(mail, "To: alice@"));
    ck_assert_ptr_null(strstr(mail, "to: "));
    ck_assert_ptr_nonnull(strstr(mail, "From alice on Genetess board 101:\n\nShall we gang up on alice?\n"));
    free(mail);
}
END_TEST

Suite *chat_suite(void)
{
    Suite *s = suite_create("chat");
    TCase *tc = tcase_create("usage");
    tcase_add_loop_test(tc, test_usage, 0, (int)(sizeof usage_cases / sizeof usage_cases[0]));
    suite_add_tcase(s, tc);
    tc = tcase_create("private");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_private);
    tcase_add_test(tc, test_refused);
    tcase_add_test(tc, test_public_unchanged);
    suite_add_tcase(s, tc);
    return s;
}
