/* Tests for params: every row of the parameter table (default, a value in range, one out of range and its
 * message), the board file's "key=value ..." text, the help's option lines. */
#include "fixtures.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One case per row of params_table, in its order. */
static const struct {
    ParamId id;
    const char *name;
    const char *def;        /* as written in the board file; NULL: left out (empty text) */
    const char *good, *written;
    const char *bad, *why;
} rows[] = {
    {PARAM_MAP, "map", "", "duel", "duel", "", "bad map name"},
    {PARAM_START_E, "start-e", "5", "1000000000000", "1000000000000", "1000000000001",
     "start-e must be a whole number from 0 to 1000000000000"},
    {PARAM_E_PER_KING, "e-per-king", "1", "0", "0", "-1",
     "e-per-king must be a whole number from 0 to 1000000000000"},
    {PARAM_CREATE, "create", "yes", "NO", "no", "maybe", "create must be yes or no"},
    {PARAM_CODES, "codes", "ABCDEFGHIJLMNOPQRSTUVWXYZ", "zab", "ABZ", "ABK", "codes takes letters A..Z except K"},
    {PARAM_DEADLINE, "deadline", "72", "8760", "8760", "0", "deadline must be a whole number from 1 to 8760"},
    {PARAM_HOLIDAY_DAYS, "holiday-days", "14", "365", "365", "366",
     "holiday-days must be a whole number from 0 to 365"},
    {PARAM_GAMBLE, "gamble", "both", "Order", "order", "all", "gamble must be both, position, order or none"},
    {PARAM_MAX_TIMEOUTS, "max-timeouts", "0", "3", "3", "x",
     "max-timeouts must be a whole number from 0 to 1000000000000"},
    {PARAM_SEED, "seed", "0", "9223372036854775807", "9223372036854775807", "9223372036854775808",
     "seed must be a whole number from 0 to 9223372036854775807"},
    {PARAM_NAME, "name", NULL, "Spring_Cup", "Spring_Cup", "a(b",
     "name must be 1 to 100 printable characters without spaces or parentheses"},
};

/* The value params_write gives key, or NULL when it leaves key out. Returns a static buffer. */
static const char *written_value(const Params *p, const char *key)
{
    static char val[256];
    Buf o;
    buf_init(&o);
    params_write(p, &o);
    StrList w = {0};
    str_split_words(o.s ? o.s : "", &w);
    const char *found = NULL;
    for (int i = 0; i < w.n && !found; i++) {
        size_t n = strlen(key);
        if (strncmp(w.v[i], key, n) == 0 && w.v[i][n] == '=') {
            snprintf(val, sizeof val, "%s", w.v[i] + n + 1);
            found = val;
        }
    }
    sl_free(&w);
    buf_free(&o);
    return found;
}

START_TEST(test_every_row)
{
    ck_assert_int_eq((int)(sizeof rows / sizeof rows[0]), PARAM_COUNT);
    ck_assert_int_eq(rows[_i].id, _i);
    ck_assert_str_eq(params_table[_i].name, rows[_i].name);
    ck_assert_int_eq(params_find(rows[_i].name), _i);
    Params p = params_default();
    const char *v = written_value(&p, rows[_i].name);
    if (rows[_i].def)
        ck_assert_str_eq(v, rows[_i].def);
    else
        ck_assert_ptr_null(v);
    Err err;
    ck_assert_int_eq(params_set(&p, rows[_i].name, rows[_i].good, &err), 0);
    ck_assert_str_eq(written_value(&p, rows[_i].name), rows[_i].written);
    Params before;
    memcpy(&before, &p, sizeof p);
    ck_assert_int_eq(params_set(&p, rows[_i].name, rows[_i].bad, &err), -1);
    ck_assert_str_eq(err.msg, rows[_i].why);
    ck_assert_int_eq(memcmp(&before, &p, sizeof p), 0);
}
END_TEST

START_TEST(test_set_edges)
{
    Params p = params_default();
    Err err;
    ck_assert_int_eq(params_find("Start-E"), -1);
    ck_assert_int_eq(params_set(&p, "colour", "red", &err), -1);
    ck_assert_str_eq(err.msg, "unknown parameter");
    ck_assert_int_eq(params_set(&p, "codes", "", &err), -1);
    ck_assert_str_eq(err.msg, "codes needs letters");
    char longmap[80];
    memset(longmap, 'm', 64);
    longmap[64] = '\0';
    ck_assert_int_eq(params_set(&p, "map", longmap, &err), -1);
    ck_assert_str_eq(err.msg, "bad map name");
    longmap[63] = '\0';
    ck_assert_int_eq(params_set(&p, "map", longmap, &err), 0);
    ck_assert(!params_table[PARAM_MAP].in_map);
    ck_assert(params_table[PARAM_SEED].in_map);
}
END_TEST

START_TEST(test_parse_write)
{
    Params p = params_default();
    Err err;
    ck_assert_int_eq(params_parse(&p, "map=duel deadline=48 name=Cup gamble=none", &err), 0);
    Buf o;
    buf_init(&o);
    params_write(&p, &o);
    ck_assert_str_eq(o.s, "map=duel start-e=5 e-per-king=1 create=yes codes=ABCDEFGHIJLMNOPQRSTUVWXYZ deadline=48 "
                          "holiday-days=14 gamble=none max-timeouts=0 seed=0 name=Cup");
    buf_free(&o);
    ck_assert_int_eq(params_parse(&p, "start-e=3 deadline", &err), -1);
    ck_assert_str_eq(err.msg, "bad parameter (key=value)");
    ck_assert_int_eq(p.start_e, 3);
    ck_assert_int_eq(params_parse(&p, "deadline=0", &err), -1);
    ck_assert_str_eq(err.msg, "deadline: deadline must be a whole number from 1 to 8760");
}
END_TEST

/* The sheet's Parameters line comes from the table (contract 14.9): its order, the unit of deadline, "(never)". */
START_TEST(test_sheet_line)
{
    Params par = params_default();
    Buf out;
    buf_init(&out);
    params_sheet(&par, &out);
    ck_assert_str_eq(out.s, "start-e=5, e-per-king=1, create=yes, deadline=72h, holiday-days=14, gamble=both, "
                            "max-timeouts=0 (never), map=-");
    buf_free(&out);
    Err err;
    ck_assert_int_eq(params_parse(&par, "map=duel start-e=9 create=no deadline=24 gamble=none max-timeouts=3", &err), 0);
    buf_init(&out);
    params_sheet(&par, &out);
    ck_assert_str_eq(out.s, "start-e=9, e-per-king=1, create=no, deadline=24h, holiday-days=14, gamble=none, "
                            "max-timeouts=3, map=duel");
    buf_free(&out);
}
END_TEST

START_TEST(test_help_lines)
{
    Buf o;
    buf_init(&o);
    params_help(&o);
    /* one option per row, each wrapped within 78 columns */
    static const char first[] = "     - --map=NAME|PATH: the board, start squares, specials and starting pieces\n";
    ck_assert(strncmp(o.s, first, strlen(first)) == 0);
    ck_assert_ptr_nonnull(strstr(o.s, "\n     - --start-e=N: the E each player starts with [5].\n"));
    ck_assert_ptr_nonnull(strstr(o.s, "\n     - --codes=LETTERS: the codes CREATE may buy [all but K].\n"));
    ck_assert_ptr_nonnull(strstr(o.s, "\n     - --holiday-days=N: each player's holiday allowance, in days of\n"
                                      "       suspension [14].\n"));
    int options = 0;
    for (const char *l = o.s; l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
        size_t n = strcspn(l, "\n");
        ck_assert_uint_le(n, 78);
        options += strncmp(l, "     - --", 9) == 0;
        if (!l[n])
            break;
    }
    ck_assert_int_eq(options, PARAM_COUNT);
    buf_free(&o);
}
END_TEST

Suite *params_suite(void)
{
    Suite *s = suite_create("params");
    TCase *tc = tcase_create("core");
    tcase_add_loop_test(tc, test_every_row, 0, (int)(sizeof rows / sizeof rows[0]));
    tcase_add_test(tc, test_set_edges);
    tcase_add_test(tc, test_parse_write);
    tcase_add_test(tc, test_help_lines);
    tcase_add_test(tc, test_sheet_line);
    suite_add_tcase(s, tc);
    return s;
}
