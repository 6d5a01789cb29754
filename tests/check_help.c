/* Tests of help: every topic resolves, S19, MOVE's two texts, overrides, hostile topics, the texts' width. */
/* the project's headers first, then check.h */
#include "embedded.h"
#include "fixtures.h"
#include "commands.h"
#include "help.h"
#include "params.h"
#include "util.h"

#include <check.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* help commands has a row for every command of the table (what genetess --help lists) and for --help and
 * --version, and gives options its two settings. */
START_TEST(test_commands_complete)
{
    Buf b;
    Err err;
    buf_init(&b);
    ck_assert_int_eq(help_get(NULL, "commands", &b, &err), 0);
    for (const Command *c = command_table; c->name; c++) {
        char row[64]; /* the command as its usage writes it ("Cleanup") */
        snprintf(row, sizeof row, "\n     %.*s ", (int)strcspn(c->usage, " "), c->usage);
        ck_assert_msg(strstr(b.s, row), "help commands has no row for %s", c->name);
    }
    ck_assert_ptr_nonnull(strstr(b.s, "\n     --help, -h "));
    ck_assert_ptr_nonnull(strstr(b.s, "\n     --version "));
    ck_assert_ptr_nonnull(strstr(b.s, "\n     options      board userid password lister|html on|off\n"));
    buf_free(&b);
}
END_TEST

Suite *help_suite(void);

/* ---------------------------------------------------------------- helpers */

/* Runs help_get; returns its status and leaves the text in *text (caller frees). */
static int get(const char *home, const char *topic, char **text, Err *err)
{
    Buf b;
    buf_init(&b);
    err->msg[0] = '\0';
    int rc = help_get(home, topic, &b, err);
    *text = b.s ? buf_take(&b) : xstrdup("");
    buf_free(&b);
    return rc;
}

/* Asserts that topic resolves to a text holding want. */
static void assert_topic(const char *topic, const char *want)
{
    char *text;
    Err err;
    int rc = get(NULL, topic, &text, &err);
    ck_assert_msg(rc == 0, "help %s: %s", topic, err.msg);
    ck_assert_msg(strstr(text, want) != NULL, "help %s lacks \"%s\"", topic, want);
    free(text);
}

static char tmpdir[64];

static void make_dir(const char *path)
{
    ck_assert_int_eq(mkdir(path, 0700), 0);
}

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
}

/* A temporary PBMHOME with help/genetess/ and etc/. */
static void setup(void)
{
    fx_scratch_dir(tmpdir, sizeof tmpdir, "check_help");
    char *p = xasprintf("%s/help", tmpdir);
    make_dir(p);
    free(p);
    p = xasprintf("%s/help/genetess", tmpdir);
    make_dir(p);
    free(p);
    p = xasprintf("%s/etc", tmpdir);
    make_dir(p);
    free(p);
    p = xasprintf("%s/etc/users", tmpdir);
    write_text(p, "alice:SECRETPW:x:alice@example.org\n");
    free(p);
}

static void teardown(void)
{
    fx_rm_tree(tmpdir);
}

/* ---------------------------------------------------------------- topics */

START_TEST(test_main)
{
    assert_topic(NULL, "Help For the Game Of Genetess");
    assert_topic("", "Help For the Game Of Genetess");
    assert_topic("main", "Help For the Game Of Genetess");
    /* the main text documents the challenge command and every option of contract 6 */
    static const char *const options[] = {"--map=", "--start-e=", "--e-per-king=", "--create=",
                                          "--codes=", "--deadline=", "--holiday-days=", "--gamble=",
                                          "--max-timeouts=", "--seed=", "--name="};
    for (size_t i = 0; i < sizeof options / sizeof options[0]; i++)
        assert_topic(NULL, options[i]);
    assert_topic(NULL, "genetess challenge [--option=value...] userid1 userid2 [...]");
    assert_topic(NULL, "Robert Kydd");
}
END_TEST

static const struct {
    const char *topic, *want;
} named_topics[] = {
    {"orders", "Genetess Orders"},       {"ORDERS", "Genetess Orders"},
    {"pieces", "Genetess Pieces"},       {"Pieces", "ABBBD"},
    {"specials", "Genetess Specials"},   {"commands", "Genetess Commands"},
    {"rulings", "Rulings of This Implementation"},
    {"sheet", "Reading a Genetess Turnsheet"},
    {"code-a", "Genetess Code A"},       {"Special-s7", "Genetess Special S7"},
    {"order-charge", "Genetess Order CHARGE"},
    {"maps", "Genetess Maps"},
};

START_TEST(test_named_topic)
{
    assert_topic(named_topics[_i].topic, named_topics[_i].want);
}
END_TEST

START_TEST(test_code)
{
    char topic[2] = {(char)('A' + _i), '\0'};
    char want[32];
    snprintf(want, sizeof want, "Genetess Code %c - ", 'A' + _i);
    assert_topic(topic, want);
    topic[0] = (char)('a' + _i);
    assert_topic(topic, want);
}
END_TEST

START_TEST(test_special)
{
    int n = _i + 1;
    if (n == 19)
        return;
    char topic[16], want[40];
    snprintf(want, sizeof want, "Genetess Special S%d - ", n);
    snprintf(topic, sizeof topic, "S%d", n);
    assert_topic(topic, want);
    snprintf(topic, sizeof topic, "s%d", n);
    assert_topic(topic, want);
}
END_TEST

START_TEST(test_s19)
{
    static const char *const topics[] = {"S19", "s19"};
    for (int i = 0; i < 2; i++) {
        char *text;
        Err err;
        ck_assert_int_eq(get(NULL, topics[i], &text, &err), -1);
        ck_assert_str_eq(err.msg, "There is no special S19");
        ck_assert_str_eq(text, "");
        free(text);
    }
}
END_TEST

static const char *const order_names[] = {
    "GAMBLE",  "PASS",    "HOLIDAY", "CREATE",  "MOVE",    "DIVIDE",    "TRANSFER", "RADIATE", "TELEPORT",
    "PETRIFY", "PHASE",   "CONVERT", "REPULSE", "FLARE",   "HOME",      "ATTRACT",  "SANCTUARY", "CHARGE",
};

START_TEST(test_order)
{
    char want[64];
    snprintf(want, sizeof want, "Genetess Order %s\n", order_names[_i]);
    assert_topic(order_names[_i], want);
    char low[32];
    snprintf(low, sizeof low, "%s", order_names[_i]);
    for (char *p = low; *p; p++)
        *p = (char)(*p - 'A' + 'a');
    assert_topic(low, want);
}
END_TEST

/* Every command word of the command table (genetess --help), its aliases, and the words genetess.c answers
 * itself (mail, multiple) resolve to the command's text; want is a line of that text. The host's commands share
 * one text; "orders" is the orders topic first, so its command text is reached as command-orders. */
static const struct {
    const char *word, *want;
} command_words[] = {
    {"challenge", "Genetess Command challenge\n"},
    {"move", "Genetess Command move\n"},
    {"board", "Genetess Command move\n"},
    {"mvoe", "Genetess Command move\n"},
    {"queue", "Genetess Command queue\n"},
    {"qmove", "Genetess Command queue\n"},
    {"resign", "Genetess Command resign\n"},
    {"quiet", "Genetess Command quiet\n"},
    {"chat", "Genetess Command chat\n"},
    {"log", "Genetess Command log\n"},
    {"orders", "Genetess Orders\n"},
    {"command-orders", "Genetess Command orders\n"},
    {"options", "Genetess Command options\n"},
    {"showas", "Genetess Command showas\n"},
    {"SHOWAS", "Genetess Command showas\n"},
    {"show", "Genetess Command show\n"},
    {"games", "Genetess Command games\n"},
    {"history", "Genetess Command history\n"},
    {"standings", "Genetess Command standings\n"},
    {"ratings", "Genetess Command ratings\n"},
    {"help", "Genetess Command help\n"},
    {"calc", "Genetess Command calc\n"},
    {"selfplay", "Genetess Command selfplay\n"},
    {"verify", "Genetess Command verify\n"},
    {"signup", "Genetess Command signup\n"},
    {"Cleanup", "Genetess Command Cleanup\n"},
    {"cleanup", "Genetess Command Cleanup\n"},
    {"mail", "Genetess Command mail\n"},
    {"map", "Genetess Command map\n"},
    {"MAP", "Genetess Command map\n"},
    {"add", "Genetess Commands of the Host\n"},
    {"change", "Genetess Commands of the Host\n"},
    {"signoff", "Genetess Commands of the Host\n"},
    {"message", "Genetess Commands of the Host\n"},
    {"list", "Genetess Commands of the Host\n"},
    {"all", "Genetess Commands of the Host\n"},
    {"multiple", "Genetess Commands of the Host\n"},
    {"web", "Genetess Command web\n"},
    {"confirm", "Genetess Command signup\n"},
    {"accept", "Genetess Command challenge\n"},
    {"decline", "Genetess Command challenge\n"},
    /* command-<word> (contract 2) for every command, its aliases too */
    {"command-web", "Genetess Command web\n"},
    {"command-accept", "Genetess Command challenge\n"},
    {"command-decline", "Genetess Command challenge\n"},
    {"command-confirm", "Genetess Command signup\n"},
    {"command-qmove", "Genetess Command queue\n"},
    {"command-all", "Genetess Commands of the Host\n"},
};

START_TEST(test_command)
{
    assert_topic(command_words[_i].word, command_words[_i].want);
}
END_TEST

/* MOVE is both an order and a command: both texts, the order first, a blank line between. */
START_TEST(test_move_both)
{
    char *text;
    Err err;
    ck_assert_int_eq(get(NULL, "Move", &text, &err), 0);
    const char *order = strstr(text, "Genetess Order MOVE\n");
    const char *command = strstr(text, "Genetess Command move\n");
    ck_assert_ptr_nonnull(order);
    ck_assert_ptr_nonnull(command);
    ck_assert_ptr_eq(order, text);
    ck_assert(command > order);
    ck_assert(command - text >= 2 && command[-1] == '\n' && command[-2] == '\n');
    ck_assert(command - text < 3 || command[-3] != '\n'); /* exactly one blank line */
    free(text);
    /* the aliases are the command only */
    ck_assert_int_eq(get(NULL, "board", &text, &err), 0);
    ck_assert_ptr_null(strstr(text, "Genetess Order MOVE"));
    ck_assert_ptr_nonnull(strstr(text, "Genetess Command move"));
    free(text);
}
END_TEST

/* help_get appends. */
START_TEST(test_appends)
{
    Buf b;
    buf_init(&b);
    buf_add(&b, "BEFORE\n");
    Err err;
    ck_assert_int_eq(help_get(NULL, "K", &b, &err), 0);
    ck_assert(strncmp(b.s, "BEFORE\nGenetess Code K - King\n", 30) == 0);
    buf_free(&b);
}
END_TEST

/* ---------------------------------------------------------------- refusals */

START_TEST(test_unknown)
{
    char *text;
    Err err;
    ck_assert_int_eq(get(NULL, "xyzzy", &text, &err), -1);
    ck_assert_str_eq(err.msg, "No help on xyzzy; try: genetess help");
    ck_assert_str_eq(text, "");
    free(text);
    ck_assert_int_eq(get(NULL, "S23", &text, &err), -1);
    ck_assert_str_eq(err.msg, "No help on S23; try: genetess help");
    free(text);
    ck_assert_int_eq(get(NULL, "S0", &text, &err), -1);
    free(text);
    ck_assert_int_eq(get(NULL, "S", &text, &err), 0); /* the code S */
    ck_assert_ptr_nonnull(strstr(text, "Genetess Code S - Convert"));
    free(text);
}
END_TEST

static const char *const hostile[] = {
    "../etc/users", "../../etc/users", "/etc/passwd", "orders.txt", "orders/../orders", "a b",
    "%s%s%n",       "orders\n",        "x\x1b[2J",    "..",         "-",                "abcdefghijklmnopqrstuvwxyz",
};

/* Hostile topics fail without being echoed and without reading any file. */
START_TEST(test_hostile)
{
    char *text;
    Err err;
    const char *topic = hostile[_i];
    ck_assert_int_eq(get(tmpdir, topic, &text, &err), -1);
    ck_assert_str_eq(text, "");
    if (strcmp(topic, "-") == 0) {
        ck_assert_str_eq(err.msg, "No help on -; try: genetess help");
    } else {
        ck_assert_str_eq(err.msg, "No help on that topic; try: genetess help");
    }
    ck_assert_ptr_null(strstr(err.msg, "etc"));
    ck_assert_ptr_null(strstr(err.msg, "SECRET"));
    free(text);
}
END_TEST

/* ---------------------------------------------------------------- overrides */

START_TEST(test_override)
{
    char *p = xasprintf("%s/help/genetess/orders.txt", tmpdir);
    write_text(p, "LOCAL ORDERS\n");
    free(p);
    p = xasprintf("%s/help/genetess/tournament.txt", tmpdir);
    write_text(p, "The spring tournament\n");
    free(p);
    p = xasprintf("%s/help/genetess/code-K.txt", tmpdir);
    write_text(p, "LOCAL KING");
    free(p);
    p = xasprintf("%s/help/genetess/command-move.txt", tmpdir);
    write_text(p, "LOCAL MOVE COMMAND\n");
    free(p);
    p = xasprintf("%s/help/genetess/pieces.txt", tmpdir); /* a directory is not a help file */
    make_dir(p);
    free(p);

    char *text;
    Err err;
    ck_assert_int_eq(get(tmpdir, "Orders", &text, &err), 0);
    ck_assert_str_eq(text, "LOCAL ORDERS\n");
    free(text);
    ck_assert_int_eq(get(tmpdir, "TOURNAMENT", &text, &err), 0);
    ck_assert_str_eq(text, "The spring tournament\n");
    free(text);
    ck_assert_int_eq(get(tmpdir, "k", &text, &err), 0);
    ck_assert_str_eq(text, "LOCAL KING");
    free(text);
    ck_assert_int_eq(get(tmpdir, "pieces", &text, &err), 0);
    ck_assert_ptr_nonnull(strstr(text, "Genetess Pieces"));
    free(text);
    ck_assert_int_eq(get(tmpdir, "specials", &text, &err), 0); /* no override: built in */
    ck_assert_ptr_nonnull(strstr(text, "Genetess Specials"));
    free(text);
    ck_assert_int_eq(get(tmpdir, "move", &text, &err), 0);
    ck_assert_ptr_eq(strstr(text, "Genetess Order MOVE"), text);
    const char *cmd = strstr(text, "\n\nLOCAL MOVE COMMAND\n");
    ck_assert_ptr_nonnull(cmd);
    ck_assert_str_eq(cmd, "\n\nLOCAL MOVE COMMAND\n");
    free(text);
    /* without a home only the built-in texts */
    ck_assert_int_eq(get(NULL, "tournament", &text, &err), -1);
    free(text);
    ck_assert_int_eq(get("", "orders", &text, &err), 0);
    ck_assert_ptr_nonnull(strstr(text, "Genetess Orders"));
    free(text);
}
END_TEST

/* An override is read up to 1 MiB. */
START_TEST(test_override_cap)
{
    char *p = xasprintf("%s/help/genetess/big.txt", tmpdir);
    FILE *f = fopen(p, "w");
    ck_assert_ptr_nonnull(f);
    for (int i = 0; i < HELP_FILE_MAX + 100; i++)
        fputc(i % 64 == 63 ? '\n' : 'x', f);
    fclose(f);
    free(p);
    Buf b;
    buf_init(&b);
    Err err;
    ck_assert_int_eq(help_get(tmpdir, "big", &b, &err), 0);
    ck_assert_uint_eq(b.len, HELP_FILE_MAX);
    buf_free(&b);
}
END_TEST

/* ---------------------------------------------------------------- the rulings */

/* Checks every "ruling N" / "rulings N, M and K" in text (named where) names a ruling of help rulings (1..max). */
static void rulings_cited_exist(const char *text, const char *where, int max)
{
    int cited = 0;
    for (const char *p = text; (p = strstr(p, "uling")) != NULL; p += 5) {
        const char *q = p + 5;
        if (*q == 's')
            q++;
        if (p == text || (p[-1] != 'r' && p[-1] != 'R') || *q != ' ')
            continue;
        for (q++; *q >= '0' && *q <= '9';) {
            int n = (int)strtol(q, (char **)&q, 10);
            ck_assert_msg(n >= 1 && n <= max, "%s cites ruling %d; help rulings has 1 to %d", where, n, max);
            cited++;
            while (*q == ',' || *q == ' ' || strncmp(q, "and ", 4) == 0)
                q += strncmp(q, "and ", 4) == 0 ? 4 : 1;
        }
    }
    (void)cited;
}

/* help rulings numbers its rulings 1, 2, 3, ... without a gap or a repeat, and every ruling the contract, the
 * help texts and the man page cite by number is one of them (the numbers are the players' and the contract's
 * shared names for the decisions, contract 13). */
START_TEST(test_rulings_numbered)
{
    const char *r = embedded_find("help/rulings");
    ck_assert_ptr_nonnull(r);
    int next = 1;
    for (const char *l = r; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
        const char *d = l;
        while (*d == ' ')
            d++;
        if (d - l < 4 || d - l > 5 || *d < '0' || *d > '9')
            continue;
        char *end;
        long n = strtol(d, &end, 10);
        if (*end != '.' || end[1] != ' ')
            continue;
        ck_assert_msg(n == next, "help rulings: ruling %ld where %d was due", n, next);
        next++;
    }
    int max = next - 1;
    ck_assert_int_ge(max, 60);
    char *contract = NULL;
    Err err;
    ck_assert_msg(disk_read_file("docs/contract.md", &contract, NULL, &err) == 0, "%s", err.msg);
    rulings_cited_exist(contract, "docs/contract.md", max);
    free(contract);
    char *man = NULL;
    ck_assert_msg(disk_read_file("genetess.6", &man, NULL, &err) == 0, "%s", err.msg);
    rulings_cited_exist(man, "genetess.6", max);
    free(man);
    for (const EmbeddedFile *f = embedded_files; f->name; f++)
        if (strncmp(f->name, "help/", 5) == 0)
            rulings_cited_exist(f->text, f->name, max);
}
END_TEST

/* ---------------------------------------------------------------- the texts */

/* Every built-in help text: non-empty, printable ASCII, at most 78 columns, ends with a newline,
   no "??" (a trigraph once compiled into a C string). */
START_TEST(test_texts)
{
    int count = 0;
    for (const EmbeddedFile *f = embedded_files; f->name; f++) {
        if (strncmp(f->name, "help/", 5) != 0)
            continue;
        count++;
        const char *t = f->text;
        size_t n = strlen(t);
        ck_assert_msg(n > 0 && t[n - 1] == '\n', "%s: empty or no final newline", f->name);
        ck_assert_msg(strstr(t, "??") == NULL, "%s: holds ??", f->name);
        int line = 1, col = 0;
        for (const char *p = t; *p; p++) {
            if (*p == '\n') {
                line++;
                col = 0;
                continue;
            }
            ck_assert_msg(*p >= ' ' && *p <= '~', "%s:%d: not printable ASCII", f->name, line);
            ck_assert_msg(++col <= 78, "%s:%d: longer than 78 columns", f->name, line);
        }
        /* every built-in file is reachable by its own name */
        Err err;
        Buf b;
        buf_init(&b);
        ck_assert_msg(help_get(NULL, f->name + 5, &b, &err) == 0, "%s: %s", f->name, err.msg);
        buf_free(&b);
    }
    /* main, 6 topics, 26 codes, 21 specials, 18 orders, 15 commands */
    ck_assert_int_ge(count, 1 + 6 + 26 + 21 + 18 + 15);
}
END_TEST

/* The option lines of help challenge come from the parameter table, in place of the @params line. */
START_TEST(test_challenge_options)
{
    char *text;
    Err err;
    ck_assert_int_eq(get(NULL, "challenge", &text, &err), 0);
    Buf opts;
    buf_init(&opts);
    params_help(&opts);
    const char *at = strstr(text, opts.s);
    ck_assert_ptr_nonnull(at);
    ck_assert_ptr_null(strstr(text, "@params"));
    static const char before[] = "in brackets.\n\n", after[] = "\n     A map may give its own defaults";
    ck_assert(strncmp(at - strlen(before), before, strlen(before)) == 0);
    ck_assert(strncmp(at + opts.len, after, strlen(after)) == 0);
    ck_assert_ptr_nonnull(strstr(text, "     - --name=TEXT: the game's name on the sheets; \"_\" shows as a space\n"
                                       "       [none].\n\n     A map may give"));
    buf_free(&opts);
    free(text);
}
END_TEST

/* Every line of text at most 78 columns. */
static void assert_fits(const char *topic, const char *text)
{
    int line = 1;
    for (const char *p = text; *p; line++) {
        size_t n = strcspn(p, "\n");
        ck_assert_msg(n <= 78, "help %s:%d: longer than 78 columns", topic, line);
        p += n + (p[n] ? 1 : 0);
    }
}

/* help maps: the table of the built-in maps in place of the @maps line; help <map> draws one with its start
 * squares as a game starts, and none of its specials. */
START_TEST(test_maps)
{
    char *text;
    Err err;
    ck_assert_int_eq(get(NULL, "maps", &text, &err), 0);
    ck_assert_ptr_null(strstr(text, "@maps"));
    ck_assert_msg(strstr(text, "number of players:\n\n"
                               "     Map        Size      Players   The default for\n"
                               "     duel       20 x 12   2         2 players\n"
                               "     quartet    31 x 21   2-4       3-4 players\n"
                               "     melee      45 x 29   2-8       5-8 players\n\n"),
                  "%s", text);
    free(text);
    static const char *const maps[] = {"duel", "Quartet", "MELEE"};
    for (int i = 0; i < 3; i++) {
        ck_assert_int_eq(get(NULL, maps[i], &text, &err), 0);
        assert_fits(maps[i], text);
        ck_assert_msg(strstr(text, "Key: 1-9=start squares GPC1-GPC9 (G=GPC10 and up), #=wall, +=interior wall,\n"),
                      "%s", text);
        ck_assert_msg(strstr(text, "Its special squares are not drawn"), "%s", text);
        ck_assert_msg(!strstr(text, "*") && !strstr(text, "Gold seam"), "%s", text);
        free(text);
    }
    ck_assert_int_eq(get(NULL, "duel", &text, &err), 0);
    ck_assert_msg(strncmp(text, "Genetess map duel: 20 x 12 squares, 2 players (the built-in map for 2)\n\n"
                                "   A B C D E F G H I J K L M N O P Q R S T\n"
                                " 1 # # # # # # # # # # # # # # # # # # # # 1\n"
                                " 2 # . . . . . + . . . . . . + . . . . . # 2\n"
                                " 3 # . 1 . . . + . . . . . . + . . . . . # 3\n",
                          220) == 0,
                  "%s", text);
    ck_assert_msg(strstr(text, "10 # . . . . . + . . . . . . + . . . 2 . # 10\n"), "%s", text);
    ck_assert_msg(strstr(text, "Start squares (1-9 on the map; G from GPC10): GPC1 C3, GPC2 R10\n"), "%s", text);
    free(text);
    /* an admin's text of a map's name is shown instead, as every local help text */
    char *path = xasprintf("%s/help/genetess/duel.txt", tmpdir);
    write_text(path, "Local duel\n");
    free(path);
    ck_assert_int_eq(get(tmpdir, "duel", &text, &err), 0);
    ck_assert_str_eq(text, "Local duel\n");
    free(text);
    ck_assert_int_eq(get(tmpdir, "quartet", &text, &err), 0);
    ck_assert_ptr_nonnull(strstr(text, "Genetess map quartet"));
    free(text);
    /* not a map: no help */
    ck_assert_int_eq(get(NULL, "duels", &text, &err), -1);
    ck_assert_str_eq(err.msg, "No help on duels; try: genetess help");
    free(text);
}
END_TEST

Suite *help_suite(void)
{
    Suite *s = suite_create("help");
    TCase *tc = tcase_create("help");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_main);
    tcase_add_test(tc, test_commands_complete);
    tcase_add_loop_test(tc, test_named_topic, 0, (int)(sizeof named_topics / sizeof named_topics[0]));
    tcase_add_loop_test(tc, test_code, 0, 26);
    tcase_add_loop_test(tc, test_special, 0, 22);
    tcase_add_test(tc, test_s19);
    tcase_add_loop_test(tc, test_order, 0, (int)(sizeof order_names / sizeof order_names[0]));
    tcase_add_loop_test(tc, test_command, 0, (int)(sizeof command_words / sizeof command_words[0]));
    tcase_add_test(tc, test_move_both);
    tcase_add_test(tc, test_appends);
    tcase_add_test(tc, test_unknown);
    tcase_add_loop_test(tc, test_hostile, 0, (int)(sizeof hostile / sizeof hostile[0]));
    tcase_add_test(tc, test_override);
    tcase_add_test(tc, test_override_cap);
    tcase_add_test(tc, test_texts);
    tcase_add_test(tc, test_rulings_numbered);
    tcase_add_test(tc, test_challenge_options);
    tcase_add_test(tc, test_maps);
    suite_add_tcase(s, tc);
    return s;
}
