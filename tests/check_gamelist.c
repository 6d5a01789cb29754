/* Tests for gamelist: Cleanup's in-memory game list (the same lines pipeline_update_list writes) and its due
 * index (idle boards: nothing due before their time, their file and list line unchanged). */
#include "fixtures.h"
#include "gamelist.h"
#include "rng.h"

#include "check_store.h"

static Board *duel(void)
{
    static const char *const rows[] = {"#####", "#...#", "#####", NULL};
    Board *b = fx_board(rows, 2, 0);
    fx_piece(b, "B2", 0, "K");
    fx_piece(b, "D2", 1, "K");
    return b;
}

START_TEST(test_due_times)
{
    Board *b = duel();
    b->clock.deadline = 1000000;
    ck_assert_int_eq(gamelist_due(b), 1000000 - 86400); /* the nag may come a day before */
    b->clock.nag_sent = true;
    ck_assert_int_eq(gamelist_due(b), 1000000);
    b->clock.holiday_since = 500000;
    b->pl[b->seat].holiday_left = 3600;
    ck_assert_int_eq(gamelist_due(b), 503600);
    b->clock.deadline = 0;
    b->clock.holiday_since = 0;
    ck_assert_int_eq(gamelist_due(b), INT64_MAX);
    b->phase = PHASE_ENDED;
    b->clock.ended = 7;
    ck_assert_int_eq(gamelist_due(b), 7 + GAMELIST_ARCHIVE_AFTER);
    board_free(b);
}
END_TEST

/* gamelist_set keeps pipeline_update_list's rules: the header first, a board's line in the place of its
 * old one or before the first greater number, its duplicates dropped, other lines as they are. */
START_TEST(test_list_lines)
{
    setup();
    Store st;
    Err err;
    ck_assert_int_eq(store_open(&st, &test_host, &err), 0);
    ck_assert_int_eq(store_write_list(&st, "3:a b:1:x\n\nboardno:players:moveno:status\n7:c:2:y\n3:dup\nodd\n", &err), 0);
    Gamelist l;
    gamelist_open(&l, &st);
    gamelist_set(&l, 5, "5:e f:1:e turn\n");
    gamelist_set(&l, 3, "3:a b:9:b turn\n");
    gamelist_set(&l, 9, NULL);
    gamelist_set(&l, 7, NULL);
    ck_assert_int_eq(gamelist_close(&l, &st, &err), 0);
    sl_free(&l.groups);
    char *path = store_path(&st, "etc/Genetess.list"), *text = NULL;
    ck_assert_int_eq(disk_read_file(path, &text, NULL, &err), 0);
    ck_assert_str_eq(text, "boardno:players:moveno:status\n3:a b:9:b turn\n5:e f:1:e turn\nodd\n");
    free(text);
    free(path);
    store_close(&st);
    teardown();
}
END_TEST


/* The rules pipeline_update_list had (one rewrite of the list text per board), the reference gamelist_set
 * must agree with, clean list or not. */
static char *reference_update(const char *old, int number, const char *line)
{
    Buf o;
    buf_init(&o);
    buf_add(&o, "boardno:players:moveno:status\n");
    char prefix[32], *copy = xstrdup(old), *save = NULL;
    snprintf(prefix, sizeof prefix, "%d:", number);
    bool done = false;
    for (char *l = strtok_r(copy, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
        if (strncmp(l, "boardno:", 8) == 0)
            continue;
        if (strncmp(l, prefix, strlen(prefix)) == 0) {
            if (line && !done)
                buf_add(&o, line);
            done = true;
            continue;
        }
        if (line && !done && atoi(l) > number) {
            buf_add(&o, line);
            done = true;
        }
        buf_printf(&o, "%s\n", l);
    }
    if (line && !done)
        buf_add(&o, line);
    free(copy);
    return buf_take(&o);
}

START_TEST(test_list_random)
{
    setup();
    Store st;
    Err err;
    ck_assert_int_eq(store_open(&st, &test_host, &err), 0);
    Rng r;
    rng_seed(&r, (uint64_t)_i + 11u);
    Buf start;
    buf_init(&start);
    buf_add(&start, "boardno:players:moveno:status\n");
    for (int n = 101; n < 140; n++) /* clean lists mostly; now and then a stray or repeated line */
        if (rng_below(&r, 3))
            buf_printf(&start, "%d:x:%d:y\n%s", rng_below(&r, 40) ? n : 120, n, rng_below(&r, 60) ? "" : "odd\n");
    ck_assert_int_eq(store_write_list(&st, start.s, &err), 0);
    char *want = xstrdup(start.s);
    Gamelist l;
    gamelist_open(&l, &st);
    for (int k = 0; k < 60; k++) {
        int n = 95 + (int)rng_below(&r, 50);
        char line[64];
        snprintf(line, sizeof line, "%d:p q:%d:turn\n", n, k);
        const char *set = rng_below(&r, 4) ? line : NULL;
        gamelist_set(&l, n, set);
        char *next = reference_update(want, n, set);
        free(want);
        want = next;
    }
    ck_assert_int_eq(gamelist_close(&l, &st, &err), 0);
    sl_free(&l.groups);
    char *path = store_path(&st, "etc/Genetess.list"), *text = NULL;
    ck_assert_int_eq(disk_read_file(path, &text, NULL, &err), 0);
    ck_assert_str_eq(text, want);
    free(text);
    free(path);
    free(want);
    buf_free(&start);
    store_close(&st);
    teardown();
}
END_TEST

START_TEST(test_idle)
{
    setup();
    Store st;
    Err err;
    ck_assert_int_eq(store_open(&st, &test_host, &err), 0);
    Board *b = duel();
    b->number = 101;
    b->clock.deadline = 1000000;
    b->clock.nag_sent = true;
    char *text = boardfile_write(b);
    ck_assert_int_eq(store_save_board(&st, 101, text, &err), 0);
    Gamelist l;
    gamelist_open(&l, &st);
    ck_assert(!gamelist_idle(&l, &st, 101, 10)); /* no index yet */
    gamelist_set(&l, 101, "101:alice bob:1:alice turn\n");
    gamelist_note(&l, &st, 101, b);
    ck_assert_int_eq(gamelist_close(&l, &st, &err), 0);
    sl_free(&l.groups);
    /* a run that finds every board idle writes nothing: the index keeps its file */
    char *due = store_path(&st, "etc/Genetess.due");
    struct stat before, after;
    ck_assert_int_eq(stat(due, &before), 0);
    gamelist_open(&l, &st);
    ck_assert(gamelist_idle(&l, &st, 101, 999999));
    ck_assert_int_eq(gamelist_close(&l, &st, &err), 0);
    sl_free(&l.groups);
    ck_assert_int_eq(stat(due, &after), 0);
    ck_assert(before.st_ino == after.st_ino && before.st_mtim.tv_sec == after.st_mtim.tv_sec &&
              before.st_mtim.tv_nsec == after.st_mtim.tv_nsec);
    free(due);
    gamelist_open(&l, &st);
    ck_assert(gamelist_idle(&l, &st, 101, 999999));
    ck_assert(!gamelist_idle(&l, &st, 101, 1000000)); /* the deadline is due */
    ck_assert(!gamelist_idle(&l, &st, 102, 10));
    gamelist_set(&l, 101, "101:alice bob:2:bob turn\n");
    ck_assert(!gamelist_idle(&l, &st, 101, 10)); /* its list line changed */
    ck_assert_int_eq(gamelist_close(&l, &st, &err), 0);
    sl_free(&l.groups);
    /* a new save of the board: its file is not the one the index describes */
    gamelist_open(&l, &st);
    gamelist_note(&l, &st, 101, b);
    ck_assert_int_eq(gamelist_close(&l, &st, &err), 0);
    sl_free(&l.groups);
    struct timespec pause = {0, 20000000};
    nanosleep(&pause, NULL);
    text[strlen(text) - 1] = '\n';
    char *edited = xasprintf("%s\n", text);
    ck_assert_int_eq(store_save_board(&st, 101, edited, &err), 0);
    gamelist_open(&l, &st);
    ck_assert(!gamelist_idle(&l, &st, 101, 10));
    ck_assert_int_eq(gamelist_close(&l, &st, &err), 0);
    sl_free(&l.groups);
    free(edited);
    free(text);
    board_free(b);
    store_close(&st);
    teardown();
}
END_TEST

Suite *gamelist_suite(void)
{
    Suite *s = suite_create("gamelist");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_due_times);
    tcase_add_test(tc, test_list_lines);
    tcase_add_loop_test(tc, test_list_random, 0, 100);
    tcase_add_test(tc, test_idle);
    suite_add_tcase(s, tc);
    return s;
}
