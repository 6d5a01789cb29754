/* Tests of commands: the command table's rows and the pipeline's stages (one save per board, a
 * refused act leaves nothing of itself, time processing is committed whatever the act does). */
#include "fixtures.h"
#include "commands.h"
#include "store.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

/* ---- the table ---- */

/* Every row is whole: found by its name, a handler, argument counts in order, a usage line that starts with
 * its name; every command but the three that read no file (help, calc, selfplay) takes the lock, and only a
 * command that takes it sweeps. */
START_TEST(test_table_rows)
{
    const Command *c = &command_table[_i];
    ck_assert_ptr_nonnull(c->name);
    ck_assert_ptr_eq(command_find(c->name), c);
    ck_assert_msg(c->run != NULL, "%s: a handler", c->name);
    ck_assert_msg(c->min_args >= 0 && (c->max_args < 0 || c->max_args >= c->min_args), "%s: counts", c->name);
    ck_assert_msg(strncasecmp(c->usage, c->name, strlen(c->name)) == 0, "%s: usage", c->name);
    bool reads_no_file = !strcmp(c->name, "help") || !strcmp(c->name, "calc") || !strcmp(c->name, "selfplay");
    ck_assert_msg(reads_no_file != ((c->flags & CMD_LOCKS) != 0), "%s: the lock", c->name);
    ck_assert_msg(!(c->flags & CMD_SWEEPS) || (c->flags & CMD_LOCKS), "%s: sweeps under the lock", c->name);
    ck_assert_msg(!(c->flags & CMD_REPLY_TEXT) || (c->flags & CMD_REPLY_WORD), "%s: text after a reply's word",
                  c->name);
    ck_assert_msg(!(c->flags & CMD_REPLY_ORDERS) || (c->flags & (CMD_BOARD_FIRST | CMD_READS_BODY)) ==
                      (CMD_BOARD_FIRST | CMD_READS_BODY), "%s: a reply's orders", c->name);
}
END_TEST

/* contract 2.1: the word after a reply's password names a board command by its name (either case, never an
 * alias); any other word starts the orders. */
START_TEST(test_reply_word)
{
    ck_assert_str_eq(command_reply("RESIGN")->name, "resign");
    ck_assert_str_eq(command_reply("showas")->name, "showas");
    ck_assert_str_eq(command_reply("chat")->name, "chat");
    ck_assert_str_eq(command_reply("MOVE")->name, "move");
    ck_assert_str_eq(command_reply("qmove")->name, "move"); /* queue's alias is not a reply's word */
    ck_assert_str_eq(command_reply("games")->name, "move");
    ck_assert_str_eq(command_reply(NULL)->name, "move");
    int orders = 0;
    for (const Command *c = command_table; c->name; c++)
        orders += (c->flags & CMD_REPLY_ORDERS) != 0;
    ck_assert_int_eq(orders, 1);
}
END_TEST

static int table_rows(void)
{
    int n = 0;
    while (command_table[n].name)
        n++;
    return n;
}

/* ---- the pipeline, in a temporary PBMHOME ---- */

static char home[64];
static Host host; /* the host's settings: the scratch home, From: referee@example.org */
static Request rq; /* what every command of these tests is given */

static void setup(void)
{
    fx_scratch_dir(home, sizeof home, "genetess-cmd");
    rq = request_init(1800000000);
    host = request_host_init();
    host.home = home;
    host.from = "referee@example.org";
}

static void teardown(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", home);
    ck_assert_int_eq(system(cmd), 0);
}

/* Runs "genetess <words>" at time now with stdout (the reply) into /dev/null; returns the exit status. */
static int run_at(long now, const char *words)
{
    char buf[256];
    rq.now = now;
    snprintf(buf, sizeof buf, "%s", words);
    char *argv[16];
    int argc = 0;
    for (char *save = NULL, *w = strtok_r(buf, " ", &save); w && argc < 16; w = strtok_r(NULL, " ", &save))
        argv[argc++] = w;
    const Command *c = command_find(argv[0]);
    ck_assert_ptr_nonnull(c);
    fflush(stdout);
    int out = dup(1), null = open("/dev/null", O_WRONLY);
    dup2(null, 1);
    int rc = pipeline_run(c, &host, &rq, argc - 1, argv + 1, NULL);
    fflush(stdout);
    dup2(out, 1);
    close(out);
    close(null);
    return rc;
}

/* The text of <home>/<rel> (malloc'd), NULL when missing. */
static char *slurp(const char *rel)
{
    char path[256], *text = NULL;
    Err err;
    snprintf(path, sizeof path, "%s/%s", home, rel);
    return disk_read_file(path, &text, NULL, &err) == 0 ? text : NULL;
}

static void two_players(void)
{
    ck_assert_int_eq(run_at(1800000000, "signup alice secret alice@example.org"), EXIT_DONE);
    ck_assert_int_eq(run_at(1800000000, "signup bob hunter2 bob@example.org"), EXIT_DONE);
    ck_assert_int_eq(run_at(1800000000, "challenge --gamble=none --deadline=24 --seed=7 alice bob"), EXIT_DONE);
}

/* contract 3: a refused act after an expired deadline: the time processing is committed (one save: the
 * previous version is the file as the command found it), nothing of the act. */
START_TEST(test_refused_act_commits_time)
{
    two_players();
    char *before = slurp("games/Genetess/101");
    ck_assert_ptr_nonnull(before);
    ck_assert_int_eq(run_at(1800000000 + 30 * 3600, "move 101 bob hunter2 PASS#99"), EXIT_REFUSED);
    char *after = slurp("games/Genetess/101"), *prev = slurp("games/Genetess/.101");
    ck_assert_ptr_nonnull(after);
    ck_assert_ptr_nonnull(prev);
    ck_assert_str_ne(after, before);    /* alice timed out: bob's turn */
    ck_assert_str_eq(prev, before);     /* saved once */
    char *moves = slurp("games/Genetess/101.moves"); /* the history (contract 10: the move list file) */
    ck_assert_ptr_nonnull(moves);
    ck_assert_ptr_nonnull(strstr(moves, "1a alice Timeout\n"));
    ck_assert_ptr_null(strstr(moves, "bob PASS"));
    ck_assert_ptr_nonnull(strstr(after, "(moves 101.moves 1)\n"));
    free(moves);
    free(before);
    free(after);
    free(prev);
}
END_TEST

/* A refused order on the player's turn leaves the stored queue as it was (the queue's head is only
 * replaced for an order that runs). */
START_TEST(test_refused_act_saves_nothing)
{
    two_players();
    ck_assert_int_eq(run_at(1800000000, "queue 101 alice secret PASS / PASS"), EXIT_DONE);
    char *before = slurp("games/Genetess/101");
    ck_assert_int_eq(run_at(1800000000, "move 101 alice secret MOVE A1 N / PASS / PASS / PASS"), EXIT_REFUSED);
    char *after = slurp("games/Genetess/101");
    ck_assert_str_eq(after, before);
    free(before);
    free(after);
}
END_TEST

/* An order that runs after an expired deadline: one save holds both. */
START_TEST(test_act_after_time_saves_once)
{
    two_players();
    char *before = slurp("games/Genetess/101");
    ck_assert_int_eq(run_at(1800000000 + 30 * 3600, "move 101 bob hunter2 PASS"), EXIT_DONE);
    char *after = slurp("games/Genetess/101"), *prev = slurp("games/Genetess/.101");
    ck_assert_str_eq(prev, before);
    char *moves = slurp("games/Genetess/101.moves");
    ck_assert_ptr_nonnull(moves);
    ck_assert_str_eq(moves, "1a alice Timeout\n1b bob PASS\n");
    ck_assert_ptr_nonnull(strstr(after, "(moves 101.moves 2)\n"));
    free(moves);
    free(before);
    free(after);
    free(prev);
}
END_TEST

/* The table says which commands name a board first (the mail front lets a reply omit it): the commands on one
 * board and show/verify, not those on userids or none. */
START_TEST(test_board_first_flag)
{
    const char *yes[] = {"move", "queue", "resign", "quiet", "chat", "log", "map", "orders", "options", "show",
                         "verify"};
    const char *no[] = {"showas", "games", "signup", "confirm", "accept", "help", "calc", "all"};
    for (size_t i = 0; i < sizeof yes / sizeof *yes; i++)
        ck_assert_msg(command_find(yes[i])->flags & CMD_BOARD_FIRST, "%s", yes[i]);
    for (size_t i = 0; i < sizeof no / sizeof *no; i++)
        ck_assert_msg(!(command_find(no[i])->flags & CMD_BOARD_FIRST), "%s", no[i]);
}
END_TEST

Suite *commands_suite(void)
{
    Suite *s = suite_create("commands");
    TCase *tc = tcase_create("table");
    tcase_add_loop_test(tc, test_table_rows, 0, table_rows());
    tcase_add_test(tc, test_reply_word);
    suite_add_tcase(s, tc);
    tc = tcase_create("pipeline");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_refused_act_commits_time);
    tcase_add_test(tc, test_refused_act_saves_nothing);
    tcase_add_test(tc, test_act_after_time_saves_once);
    tcase_add_test(tc, test_board_first_flag);
    suite_add_tcase(s, tc);
    return s;
}
