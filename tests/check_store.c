/* Tests of store and disk: files under PBMHOME, atomic writes, lock, users, lists, commit tags and temporaries. */
#include "check_store.h"

Suite *store_suite(void);

/* ---------------------------------------------------------------- open */

START_TEST(test_open_creates_layout)
{
    Store s;
    open_store(&s);
    ck_assert_str_eq(s.home, home);
    ck_assert_int_eq(s.lockfd, -1);
    static const char *const dirs[] = {"games/Genetess", "games/Genetess-archive", "etc", "history", "outbox",
                                       "spool"};
    for (int i = 0; i < 5; i++) {
        char *p = store_path(&s, dirs[i]);
        struct stat st;
        ck_assert_int_eq(stat(p, &st), 0);
        ck_assert(S_ISDIR(st.st_mode));
        free(p);
    }
    char *p = store_path(&s, "games/Genetess/7");
    ck_assert_str_eq(p + strlen(home), "/games/Genetess/7");
    free(p);
    store_close(&s);
    ck_assert_ptr_null(s.home);
    store_close(&s); /* twice is harmless */
}
END_TEST

START_TEST(test_open_home_fallback)
{
    char h[128], errfile[160], want[200];
    snprintf(h, sizeof h, "%s/.genetess", tmpdir);
    snprintf(errfile, sizeof errfile, "%s/stderr", tmpdir);
    Host host = request_host_init(); /* main's host with $PBMHOME unset: $HOME/.genetess, the default */
    host.home = h;
    host.home_is_default = true;

    Store s;
    int saved = stderr_begin(errfile);
    Err err = {""};
    int rc = store_open(&s, &host, &err);
    stderr_end(saved);
    ck_assert_int_eq(rc, 0);
    snprintf(want, sizeof want, "%s/.genetess", tmpdir);
    ck_assert_str_eq(s.home, want);
    char *said = read_abs(errfile);
    snprintf(want, sizeof want, "genetess: using %s/.genetess as PBMHOME\n", tmpdir);
    ck_assert_str_eq(said, want);
    free(said);
    store_close(&s);

    /* the second time it exists: nothing is said */
    saved = stderr_begin(errfile);
    rc = store_open(&s, &host, &err);
    stderr_end(saved);
    ck_assert_int_eq(rc, 0);
    said = read_abs(errfile);
    ck_assert_str_eq(said, "");
    free(said);
    store_close(&s);

    host.home = NULL; /* neither $PBMHOME nor $HOME */
    ck_assert_int_eq(store_open(&s, &host, &err), -1);
    ck_assert_str_eq(err.msg, "neither PBMHOME nor HOME is set");
    ck_assert_ptr_null(s.home);
}
END_TEST

/* ---------------------------------------------------------------- files */

START_TEST(test_read_file)
{
    Store s;
    open_store(&s);
    Err err = {""};
    char *text = NULL, *p = store_path(&s, "etc/nothing");
    size_t len = 99;
    ck_assert_int_eq(disk_read_file(p, &text, &len, &err), 1);
    ck_assert_ptr_null(text);
    free(p);

    put(&s, "etc/hello", "hello\nworld\n");
    p = store_path(&s, "etc/hello");
    ck_assert_int_eq(disk_read_file(p, &text, &len, &err), 0);
    ck_assert_str_eq(text, "hello\nworld\n");
    ck_assert_uint_eq(len, 12);
    free(text);
    free(p);

    p = store_path(&s, "etc/binary");
    FILE *f = fopen(p, "w");
    fwrite("a\0b", 1, 3, f);
    fclose(f);
    ck_assert_int_eq(disk_read_file(p, &text, NULL, &err), -1);
    char want[300];
    snprintf(want, sizeof want, "%s is not a text file", p);
    ck_assert_str_eq(err.msg, want);
    free(p);

    p = store_path(&s, "etc");
    ck_assert_int_eq(disk_read_file(p, &text, NULL, &err), -1);
    snprintf(want, sizeof want, "%s is not a text file", p);
    ck_assert_str_eq(err.msg, want);
    free(p);
    store_close(&s);
}
END_TEST

START_TEST(test_write_atomic)
{
    Store s;
    open_store(&s);
    Err err = {""};
    char *p = store_path(&s, "etc/data");
    ck_assert_int_eq(disk_write_atomic(p, "one\n", 4, &err), 0);
    ck_assert_int_eq(disk_write_atomic(p, "two\n", 4, &err), 0);
    char *text = slurp(&s, "etc/data");
    ck_assert_str_eq(text, "two\n");
    free(text);

    /* the permission bits of the file being replaced are kept */
    chmod(p, 0600);
    ck_assert_int_eq(disk_write_atomic(p, "three\n", 6, &err), 0);
    struct stat st;
    ck_assert_int_eq(stat(p, &st), 0);
    ck_assert_int_eq(st.st_mode & 0777, 0600);
    free(p);

    StrList names = {0};
    list_dir(&s, "etc", &names);
    ck_assert_int_eq(names.n, 1);
    ck_assert_str_eq(names.v[0], "data");
    sl_free(&names);

    /* a missing directory: -1, nothing left behind */
    p = store_path(&s, "nodir/data");
    ck_assert_int_eq(disk_write_atomic(p, "x", 1, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, "cannot create"));
    free(p);
    store_close(&s);
}
END_TEST

/* ---------------------------------------------------------------- boards */

static const struct {
    const char *text;
    bool ok;
    int n;
} board_numbers[] = {
    {"101", true, 101}, {"1", true, 1},       {"999999999", true, 999999999},
    {"../1", false, 0}, {"-1", false, 0},     {"0", false, 0},
    {"01", false, 0},   {"1x", false, 0},     {"", false, 0},
    {"99999999999", false, 0}, {"1000000000", false, 0}, {"1e3", false, 0},
    {"+5", false, 0},   {" 5", false, 0},     {"5 ", false, 0},
    {".101", false, 0},
};

START_TEST(test_valid_board_number)
{
    int n = -7;
    bool ok = store_valid_board_number(board_numbers[_i].text, &n);
    ck_assert_msg(ok == board_numbers[_i].ok, "\"%s\"", board_numbers[_i].text);
    if (ok)
        ck_assert_int_eq(n, board_numbers[_i].n);
    else
        ck_assert_int_eq(n, -7);
}
END_TEST

START_TEST(test_valid_board_number_null)
{
    ck_assert(!store_valid_board_number(NULL, NULL));
    ck_assert(store_valid_board_number("42", NULL));
}
END_TEST

START_TEST(test_next_board_number)
{
    Store s;
    open_store(&s);
    Err err = {""};
    int n = 0;
    ck_assert_int_eq(store_next_board_number(&s, &n, &err), 0);
    ck_assert_int_eq(n, 101);
    char *text = slurp(&s, "games/Genetess/.board");
    ck_assert_str_eq(text, "101\n");
    free(text);
    ck_assert_int_eq(store_next_board_number(&s, &n, &err), 0);
    ck_assert_int_eq(n, 102);
    text = slurp(&s, "games/Genetess/.board");
    ck_assert_str_eq(text, "102\n");
    free(text);

    /* numbers whose board already exists (running or archived) are skipped */
    put(&s, "games/Genetess/103", "x");
    put(&s, "games/Genetess-archive/104", "x");
    ck_assert_int_eq(store_next_board_number(&s, &n, &err), 0);
    ck_assert_int_eq(n, 105);

    put(&s, "games/Genetess/.board", "abc\n");
    n = 0;
    ck_assert_int_eq(store_next_board_number(&s, &n, &err), -1);
    ck_assert_int_eq(n, 0);
    char want[300];
    snprintf(want, sizeof want, "%s/games/Genetess/.board is corrupt: not a board number", home);
    ck_assert_str_eq(err.msg, want);
    text = slurp(&s, "games/Genetess/.board");
    ck_assert_str_eq(text, "abc\n");
    free(text);

    put(&s, "games/Genetess/.board", "999999999\n");
    ck_assert_int_eq(store_next_board_number(&s, &n, &err), -1);
    store_close(&s);
}
END_TEST

START_TEST(test_save_load_board)
{
    Store s;
    open_store(&s);
    Err err = {""};
    char *text = NULL;
    bool archived = true;
    ck_assert_int_eq(store_load_board(&s, 101, &text, &archived, &err), 1);
    ck_assert(!archived);

    ck_assert_int_eq(store_save_board(&s, 101, "first\n", &err), 0);
    ck_assert(!exists(&s, "games/Genetess/.101"));
    ck_assert_int_eq(store_save_board(&s, 101, "second\n", &err), 0);
    text = slurp(&s, "games/Genetess/.101");
    ck_assert_str_eq(text, "first\n");
    free(text);
    ck_assert_int_eq(store_save_board(&s, 101, "third\n", &err), 0);
    text = slurp(&s, "games/Genetess/.101");
    ck_assert_str_eq(text, "second\n");
    free(text);

    ck_assert_int_eq(store_load_board(&s, 101, &text, &archived, &err), 0);
    ck_assert_str_eq(text, "third\n");
    ck_assert(!archived);
    free(text);

    /* no temporary files remain */
    StrList names = {0};
    list_dir(&s, "games/Genetess", &names);
    ck_assert_int_eq(names.n, 2);
    ck_assert_str_eq(names.v[0], ".101");
    ck_assert_str_eq(names.v[1], "101");
    sl_free(&names);

    ck_assert_int_eq(store_save_board(&s, 0, "x", &err), -1);
    ck_assert_int_eq(store_load_board(&s, -1, &text, NULL, &err), 1);
    store_close(&s);
}
END_TEST

START_TEST(test_archive_delete_list)
{
    Store s;
    open_store(&s);
    Err err = {""};
    ck_assert_int_eq(store_save_board(&s, 101, "a\n", &err), 0);
    ck_assert_int_eq(store_save_board(&s, 101, "b\n", &err), 0);
    ck_assert_int_eq(store_save_board(&s, 5, "c\n", &err), 0);
    ck_assert_int_eq(store_save_board(&s, 102, "d\n", &err), 0);
    put(&s, "games/Genetess/01", "junk");
    put(&s, "games/Genetess/abc", "junk");
    char *p = store_path(&s, "games/Genetess/300");
    ck_assert_int_eq(mkdir(p, 0755), 0); /* a directory is not a board */
    free(p);
    p = store_path(&s, "games/Genetess/301"); /* a link to nothing is none either */
    ck_assert_int_eq(symlink("nowhere", p), 0);
    free(p);

    int *nums = NULL;
    ck_assert_int_eq(store_list_boards(&s, &nums, &err), 3);
    ck_assert_int_eq(nums[0], 5);
    ck_assert_int_eq(nums[1], 101);
    ck_assert_int_eq(nums[2], 102);
    free(nums);
    p = store_path(&s, "games/Genetess/302"); /* a link to a board file is read as one, as before */
    ck_assert_int_eq(symlink("102", p), 0);
    ck_assert_int_eq(store_list_boards(&s, &nums, &err), 4);
    ck_assert_int_eq(nums[3], 302);
    free(nums);
    ck_assert_int_eq(unlink(p), 0);
    free(p);

    ck_assert_int_eq(store_archive_board(&s, 101, &err), 0);
    ck_assert(!exists(&s, "games/Genetess/101"));
    ck_assert(!exists(&s, "games/Genetess/.101"));
    char *text = slurp(&s, "games/Genetess-archive/101");
    ck_assert_str_eq(text, "b\n");
    free(text);
    bool archived = false;
    ck_assert_int_eq(store_load_board(&s, 101, &text, &archived, &err), 0);
    ck_assert(archived);
    ck_assert_str_eq(text, "b\n");
    free(text);
    ck_assert_int_eq(store_archive_board(&s, 101, &err), -1);
    ck_assert_str_eq(err.msg, "Genetess board 101 not found");

    ck_assert_int_eq(store_delete_board(&s, 102, &err), 0);
    ck_assert(!exists(&s, "games/Genetess/102"));
    ck_assert_int_eq(store_delete_board(&s, 102, &err), 0); /* already gone: fine */

    ck_assert_int_eq(store_list_boards(&s, &nums, &err), 1);
    ck_assert_int_eq(nums[0], 5);
    free(nums);
    ck_assert_int_eq(store_delete_board(&s, 5, &err), 0);
    ck_assert_int_eq(store_list_boards(&s, &nums, &err), 0);
    ck_assert_ptr_null(nums);
    store_close(&s);
}
END_TEST

/* ---------------------------------------------------------------- lock */

/* In a child process: opens a second Store and tries to lock. Writes the error text to fd and
   exits 0 when locked, 1 when refused, 2 when the store could not be opened. */
static void child_try_lock(int fd)
{
    Store s2;
    Err err = {""};
    if (store_open(&s2, &test_host, &err) < 0)
        _exit(2);
    int rc = store_lock(&s2, &err);
    ssize_t w = write(fd, err.msg, strlen(err.msg));
    (void)w;
    _exit(rc == 0 ? 0 : rc == STORE_LOCK_BUSY ? 1 : 4); /* 1: busy, told by its code */
}

static int run_child(char *msg, size_t size, double *elapsed)
{
    int p[2];
    ck_assert_int_eq(pipe(p), 0);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        close(p[0]);
        child_try_lock(p[1]);
    }
    close(p[1]);
    size_t n = 0;
    ssize_t r;
    while (n + 1 < size && (r = read(p[0], msg + n, size - n - 1)) > 0)
        n += (size_t)r;
    msg[n] = '\0';
    close(p[0]);
    int status;
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    *elapsed = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    ck_assert(WIFEXITED(status));
    return WEXITSTATUS(status);
}

START_TEST(test_lock)
{
    test_host.lock_wait = 1;
    Store s;
    open_store(&s);
    Err err = {""};
    ck_assert_int_eq(store_lock(&s, &err), 0);
    ck_assert_int_ge(s.lockfd, 0);
    int fd = s.lockfd;
    ck_assert_int_eq(store_lock(&s, &err), 0); /* already held */
    ck_assert_int_eq(s.lockfd, fd);
    ck_assert(exists(&s, "games/Genetess/.lockfile"));

    char msg[ERR_MAX];
    double elapsed;
    ck_assert_int_eq(run_child(msg, sizeof msg, &elapsed), 1);
    ck_assert_str_eq(msg, "Genetess is busy; try again later");
    ck_assert_msg(elapsed >= 0.9 && elapsed < 5, "waited %.2f s", elapsed);

    store_unlock(&s);
    ck_assert_int_eq(s.lockfd, -1);
    test_host.lock_wait = 0;
    ck_assert_int_eq(run_child(msg, sizeof msg, &elapsed), 0);
    ck_assert_str_eq(msg, "");
    store_close(&s);
}
END_TEST

/* ---------------------------------------------------------------- users */

/* ---------------------------------------------------------------- lists */

/* Appends the finished-games line given as text (store_history_parse must take it). */
static int append_finished(const Store *s, const char *line, Err *err)
{
    StoreHistory h;
    ck_assert_msg(store_history_parse(line, &h), "not a history line: %s", line);
    int rc = store_append_finished(s, &h, err);
    store_history_free(&h);
    return rc;
}

START_TEST(test_lists)
{
    Store s;
    open_store(&s);
    Err err = {""};
    ck_assert_int_eq(store_write_list(&s, "boardno:players:moveno:status\n101:alice bob:17:bob turn\n", &err), 0);
    expect_file(&s, "etc/Genetess.list", "boardno:players:moveno:status\n101:alice bob:17:bob turn\n");
    ck_assert_int_eq(store_write_list(&s, "boardno:players:moveno:status\n", &err), 0);
    expect_file(&s, "etc/Genetess.list", "boardno:players:moveno:status\n");
    /* the list as it was is kept as .Genetess.list, and the next list is written into the file the older one held
     * (no file made: written over in place, cut to its length) */
    expect_file(&s, "etc/.Genetess.list", "boardno:players:moveno:status\n101:alice bob:17:bob turn\n");
    char *list = store_path(&s, "etc/Genetess.list"), *older = store_path(&s, "etc/.Genetess.list");
    struct stat was, now;
    ck_assert_int_eq(stat(older, &was), 0);
    ck_assert_int_eq(store_write_list(&s, "boardno:players:moveno:status\n7:c d:1:c turn\n", &err), 0);
    ck_assert_int_eq(stat(list, &now), 0);
    ck_assert(now.st_ino == was.st_ino);
    expect_file(&s, "etc/Genetess.list", "boardno:players:moveno:status\n7:c d:1:c turn\n");
    expect_file(&s, "etc/.Genetess.list", "boardno:players:moveno:status\n");
    /* a previous version that cannot be kept (a directory in its place) keeps no list from being written */
    ck_assert_int_eq(unlink(older), 0);
    ck_assert_int_eq(mkdir(older, 0700), 0);
    ck_assert_int_eq(store_write_list(&s, "boardno:players:moveno:status\n8:e f:2:f turn\n", &err), 0);
    expect_file(&s, "etc/Genetess.list", "boardno:players:moveno:status\n8:e f:2:f turn\n");
    ck_assert_int_eq(rmdir(older), 0);
    ck_assert_int_eq(store_write_list(&s, "boardno:players:moveno:status\n", &err), 0);
    expect_file(&s, "etc/.Genetess.list", "boardno:players:moveno:status\n8:e f:2:f turn\n");
    free(list);
    free(older);

    ck_assert_int_eq(append_finished(&s, "2024-01-02 101 alice 12 alice bob", &err), 0);
    ck_assert_int_eq(append_finished(&s, "2024-01-03 102 TIE 7 carol dave", &err), 0);
    /* a game's end is recorded once, whatever the date */
    ck_assert_int_eq(append_finished(&s, "2024-01-05 101 alice 12 alice bob", &err), 1);
    ck_assert_int_eq(append_finished(&s, "2024-01-05 10 bob 1 alice bob", &err), 0);
    expect_file(&s, "history/Genetess", "2024-01-02 101 alice 12 alice bob\n2024-01-03 102 TIE 7 carol dave\n"
                                        "2024-01-05 10 bob 1 alice bob\n");
    StoreHistory bad;
    ck_assert(store_history_parse("2024-01-06 103 TIE 1 carol dave", &bad));
    bad.players.v[0][0] = '\x01'; /* a control character in a userid */
    ck_assert_int_eq(store_append_finished(&s, &bad, &err), -1);
    store_history_free(&bad);

    StrList names = {0};
    list_dir(&s, "history", &names);
    ck_assert_int_eq(names.n, 1);
    sl_free(&names);
    list_dir(&s, "etc", &names); /* the list and its previous version, no temporary */
    ck_assert_int_eq(names.n, 2);
    ck_assert_str_eq(names.v[0], ".Genetess.list");
    ck_assert_str_eq(names.v[1], "Genetess.list");
    sl_free(&names);
    store_close(&s);
}
END_TEST

/* ---------------------------------------------------------------- commits */

/* A board's commit tag is its text's FNV-1a 64 hash; a board "is" a tag's state when its file has that
 * text, and "none" when it has no file. */
START_TEST(test_board_tag_committed)
{
    Store s;
    open_store(&s);
    char tag[17], other[17];
    store_board_tag("", tag);
    ck_assert_str_eq(tag, "cbf29ce484222325"); /* FNV-1a's offset basis */
    store_board_tag("(genetess 1)\n", tag);
    store_board_tag("(genetess 2)\n", other);
    ck_assert_uint_eq(strlen(tag), 16);
    ck_assert_str_ne(tag, other);
    ck_assert_int_eq(store_board_committed(&s, 101, "none"), 1);
    ck_assert_int_eq(store_board_committed(&s, 101, tag), 0);
    put(&s, "games/Genetess/101", "(genetess 1)\n");
    ck_assert_int_eq(store_board_committed(&s, 101, tag), 1);
    ck_assert_int_eq(store_board_committed(&s, 101, other), 0);
    ck_assert_int_eq(store_board_committed(&s, 101, "none"), 0);
    store_close(&s);
}
END_TEST

/* A save keeps the board as it was as .<n> and writes the new text into the file the older .<n> held (no
 * file made; written over in place and cut to its length, none of its blocks freed first), unless that file has
 * another name too (an admin's backup link is never written over). */
START_TEST(test_save_reuses_the_spare_previous)
{
    Store s;
    open_store(&s);
    Err err;
    char *cur = store_path(&s, "games/Genetess/7"), *prev = store_path(&s, "games/Genetess/.7");
    ck_assert_int_eq(store_save_board(&s, 7, "one\n", &err), 0);
    ck_assert_int_eq(store_save_board(&s, 7, "two\n", &err), 0);
    struct stat before, after, kept;
    ck_assert_int_eq(stat(prev, &before), 0); /* .7 holds "one" in a file of its own */
    ck_assert_int_eq(store_save_board(&s, 7, "three\n", &err), 0);
    ck_assert_int_eq(stat(cur, &after), 0);
    ck_assert_int_eq(stat(prev, &kept), 0);
    ck_assert(after.st_ino == before.st_ino); /* "three" went into the file that held "one" */
    char *t = slurp(&s, "games/Genetess/7"), *p = slurp(&s, "games/Genetess/.7");
    ck_assert_str_eq(t, "three\n");
    ck_assert_str_eq(p, "two\n");
    free(t);
    free(p);
    /* .7 linked elsewhere too: left alone, a new file is made */
    char *backup = store_path(&s, "games/backup-of-7");
    ck_assert_int_eq(link(prev, backup), 0);
    ck_assert_int_eq(store_save_board(&s, 7, "four\n", &err), 0);
    t = slurp(&s, "games/backup-of-7");
    ck_assert_str_eq(t, "two\n");
    free(t);
    t = slurp(&s, "games/Genetess/.7");
    ck_assert_str_eq(t, "three\n");
    free(t);
    free(backup);
    /* the spare is written over in place and cut to the new text: a shorter text leaves nothing of the old */
    ck_assert_int_eq(store_save_board(&s, 7, "a text longer than the ones after it\n", &err), 0);
    ck_assert_int_eq(store_save_board(&s, 7, "six\n", &err), 0);
    ck_assert_int_eq(stat(prev, &before), 0);
    ck_assert_int_eq(store_save_board(&s, 7, "7\n", &err), 0);
    ck_assert_int_eq(stat(cur, &after), 0);
    ck_assert(after.st_ino == before.st_ino);
    ck_assert_int_eq((int)after.st_size, 2);
    t = slurp(&s, "games/Genetess/7");
    ck_assert_str_eq(t, "7\n");
    free(t);
    free(cur);
    free(prev);
    store_close(&s);
}
END_TEST

/* An atomic write in two steps: until finish, the file is untouched and only the temporary holds the new
 * text; abandon removes the temporary; finish renames it into place. */
START_TEST(test_write_in_two_steps)
{
    Store s;
    open_store(&s);
    put(&s, "etc/x", "old\n");
    char *path = store_path(&s, "etc/x"), *tmp = xasprintf("etc/.x.tmp.%ld", (long)getpid());
    DiskWrite w;
    Err err;
    ck_assert_int_eq(disk_write_begin(path, "new\n", 4, &w, &err), 0);
    char *now = slurp(&s, "etc/x");
    ck_assert_str_eq(now, "old\n");
    free(now);
    ck_assert(exists(&s, tmp));
    disk_write_abandon(&w);
    ck_assert(!exists(&s, tmp));
    now = slurp(&s, "etc/x");
    ck_assert_str_eq(now, "old\n");
    free(now);
    ck_assert_int_eq(disk_write_begin(path, "new\n", 4, &w, &err), 0);
    ck_assert_int_eq(disk_write_finish(&w, &err), 0);
    disk_write_abandon(&w); /* harmless once finished */
    now = slurp(&s, "etc/x");
    ck_assert_str_eq(now, "new\n");
    free(now);
    ck_assert(!exists(&s, tmp));
    free(tmp);
    free(path);
    store_close(&s);
}
END_TEST

/* disk_sync_files syncs every file, whatever the count (none, one, more than it has threads); a file that
 * cannot be synced (a pipe) fails the call with its index (the lowest of several) and errno, and the others are
 * still synced. */
START_TEST(test_sync_files)
{
    Store s;
    open_store(&s);
    int fds[12], p[2], bad = -1;
    for (int i = 0; i < 12; i++) {
        char *name = xasprintf("etc/f%d", i), *path = store_path(&s, name);
        fds[i] = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        ck_assert_int_ge(fds[i], 0);
        ck_assert_int_eq(write(fds[i], "x\n", 2), 2);
        free(path);
        free(name);
    }
    ck_assert_int_eq(disk_sync_files(fds, 0, &bad), 0);
    ck_assert_int_eq(disk_sync_files(fds, 1, &bad), 0);
    ck_assert_int_eq(disk_sync_files(fds, 12, &bad), 0);
    ck_assert_int_eq(bad, -1);
    ck_assert_int_eq(pipe(p), 0);
    int saved = fds[7];
    fds[7] = p[0]; /* fsync of a pipe: EINVAL */
    errno = 0;
    ck_assert_int_eq(disk_sync_files(fds, 12, &bad), -1);
    ck_assert_int_eq(bad, 7);
    ck_assert_int_eq(errno, EINVAL);
    fds[7] = saved;
    /* two that fail: the lower index is told, whichever thread synced it (5 threads: 5 is the first thread's
     * second file, 3 the fourth thread's first) */
    int saved3 = fds[3], saved5 = fds[5];
    fds[3] = fds[5] = p[0];
    ck_assert_int_eq(disk_sync_files(fds, 12, &bad), -1);
    ck_assert_int_eq(bad, 3);
    fds[3] = saved3, fds[5] = saved5;
    close(p[0]);
    close(p[1]);
    for (int i = 0; i < 12; i++)
        close(fds[i]);
    store_close(&s);
}
END_TEST

/* fsyncs put off (DiskLater): a finished write puts its directory's off instead of syncing it; the list written
 * with others runs those put off before it together with its temporary's and puts its directory's off after;
 * a run reports only the temporary's failure (a pipe: EINVAL), not one of those put off, and leaves the set
 * empty; a full set or none syncs a directory at once. */
START_TEST(test_syncs_put_off)
{
    Store s;
    open_store(&s);
    Err err;
    ck_assert_int_eq(disk_later_run(NULL, NULL), 0);
    DiskLater before = DISK_LATER_NONE, after = DISK_LATER_NONE;
    char *path = store_path(&s, "etc/x"), *etc = store_path(&s, "etc");
    DiskWrite w;
    ck_assert_int_eq(disk_write_begin(path, "new\n", 4, &w, &err), 0);
    w.later = &before;
    ck_assert_int_eq(disk_write_finish(&w, &err), 0);
    ck_assert_int_eq(before.n, 1);
    ck_assert_int_eq(store_write_list_with(&s, "boardno:players:moveno:status\n", &before, &after, &err), 0);
    ck_assert_int_eq(before.n, 0);
    ck_assert_int_eq(after.n, 1);
    char *now = slurp(&s, "etc/Genetess.list");
    ck_assert_str_eq(now, "boardno:players:moveno:status\n");
    free(now);
    int p[2];
    ck_assert_int_eq(pipe(p), 0);
    after.fd[after.n++] = p[1]; /* one put off that fails: let go */
    ck_assert_int_eq(disk_write_begin(path, "newer\n", 6, &w, &err), 0);
    ck_assert_int_eq(disk_later_run(&after, &w), 0);
    ck_assert(w.synced);
    ck_assert_int_eq(after.n, 0);
    ck_assert_int_eq(disk_write_finish(&w, &err), 0);
    ck_assert_int_eq(disk_write_begin(path, "newest\n", 7, &w, &err), 0);
    int tmp_fd = w.fd;
    w.fd = p[0]; /* the temporary's own fails: told */
    errno = 0;
    ck_assert_int_eq(disk_later_run(NULL, &w), -1);
    ck_assert_int_eq(errno, EINVAL);
    ck_assert(!w.synced);
    w.fd = tmp_fd;
    disk_write_abandon(&w);
    close(p[0]);
    for (int i = 0; i < DISK_LATER_MAX + 1; i++)
        disk_later_dir(&after, etc);
    ck_assert_int_eq(after.n, DISK_LATER_MAX);
    disk_later_dir(NULL, etc);
    ck_assert_int_eq(disk_later_run(&after, NULL), 0);
    ck_assert_int_eq(after.n, 0);
    now = slurp(&s, "etc/x");
    ck_assert_str_eq(now, "newer\n");
    free(now);
    free(etc);
    free(path);
    store_close(&s);
}
END_TEST

/* A board write in two steps hands its temporary and its move list to a caller that syncs them with its
 * own files (store_board_fds); marked synced, finish commits without syncing them again. */
START_TEST(test_board_write_fds)
{
    Store s;
    open_store(&s);
    Err err;
    StoreWrite w = STORE_WRITE_NONE;
    int fds[2];
    ck_assert_int_eq(store_board_fds(&w, fds), 0);
    store_board_abandon(&w); /* holds nothing: closes nothing (not stdin) */
    ck_assert_int_ne(fcntl(0, F_GETFD), -1);
    ck_assert_int_eq(store_save_board(&s, 101, "(genetess 1)\n(number 101)\n", &err), 0);
    ck_assert_int_eq(store_board_begin(&s, 101, "(genetess 1)\n(number 101)\n(x)\n", &w, &err), 0);
    ck_assert_int_eq(store_board_fds(&w, fds), 1); /* no move list yet */
    ck_assert_int_eq(fds[0], w.file.fd);
    store_board_abandon(&w);
    put(&s, "games/Genetess/101.moves", "1a alice PASS\n");
    ck_assert_int_eq(store_board_begin(&s, 101, "(genetess 1)\n(number 101)\n(x)\n", &w, &err), 0);
    ck_assert_int_eq(store_board_fds(&w, fds), 2);
    ck_assert_int_eq(fds[0], w.file.fd);
    ck_assert_int_eq(fds[1], w.moves_fd);
    int bad = -1;
    ck_assert_int_eq(disk_sync_files(fds, 2, &bad), 0);
    w.file.synced = true;
    ck_assert_int_eq(store_board_finish(&w, &err), 0);
    char *now = slurp(&s, "games/Genetess/101");
    ck_assert_str_eq(now, "(genetess 1)\n(number 101)\n(x)\n");
    free(now);
    now = slurp(&s, "games/Genetess/.101");
    ck_assert_str_eq(now, "(genetess 1)\n(number 101)\n");
    free(now);
    store_close(&s);
}
END_TEST

/* Temporaries of processes no longer running go; those of running ones (ours, pid 1) and other files stay. */
START_TEST(test_sweep_temps)
{
    Store s;
    open_store(&s);
    pid_t dead = fork();
    if (dead == 0)
        _exit(0);
    waitpid(dead, NULL, 0);
    char *a = xasprintf("etc/.Genetess.list.tmp.%ld", (long)dead);
    char *b = xasprintf("spool/.tmp.%ld.101.x.commit", (long)dead);
    char *c = xasprintf("games/Genetess/.101.tmp.%ld", (long)getpid());
    put(&s, a, "x");
    put(&s, b, "x");
    put(&s, c, "x");
    put(&s, "outbox/.tmp.1.0001.mail", "x");
    put(&s, "etc/.notatmp", "x");
    char *vdir = store_path(&s, "var"); /* mailfront's state: made when first needed */
    ck_assert_int_eq(mkdir(vdir, 0755), 0);
    free(vdir);
    char *v = xasprintf("var/.mailfront.tmp.%ld", (long)dead);
    put(&s, v, "x");
    char *arch = xasprintf("games/Genetess-archive/.7.tmp.%ld", (long)dead);
    put(&s, arch, "x");
    store_sweep_temps(&s);
    ck_assert(!exists(&s, a));
    ck_assert(!exists(&s, b));
    ck_assert(!exists(&s, v));
    ck_assert(exists(&s, arch)); /* the archive is not read: nothing is ever written there through a temporary */
    free(v);
    free(arch);
    ck_assert(exists(&s, c));
    ck_assert(exists(&s, "outbox/.tmp.1.0001.mail"));
    ck_assert(exists(&s, "etc/.notatmp"));
    free(a);
    free(b);
    free(c);
    store_close(&s);
}
END_TEST

/* The lock file's first byte: 1 while held, 0 once let go; taking the lock says whether the last holder
 * was stopped (1, or a file without the mark) and so may have left temporaries. */
START_TEST(test_lock_mark)
{
    Store s;
    Err err = {""};
    open_store(&s);
    ck_assert_int_eq(store_lock(&s, &err), 0);
    ck_assert(s.unclean); /* a new lock file has no mark: nothing to trust */
    char *mark = slurp(&s, "games/Genetess/.lockfile");
    ck_assert_str_eq(mark, "1");
    free(mark);
    store_unlock(&s);
    mark = slurp(&s, "games/Genetess/.lockfile");
    ck_assert_str_eq(mark, "0");
    free(mark);
    ck_assert_int_eq(store_lock(&s, &err), 0);
    ck_assert(!s.unclean); /* the last holder finished */
    store_unlock(&s);
    put(&s, "games/Genetess/.lockfile", "1"); /* what a holder killed while it held the lock leaves */
    ck_assert_int_eq(store_lock(&s, &err), 0);
    ck_assert(s.unclean);
    store_unlock(&s);
    mark = slurp(&s, "games/Genetess/.lockfile");
    ck_assert_str_eq(mark, "0");
    free(mark);
    store_close(&s);
}
END_TEST

/* ---------------------------------------------------------------- links planted in the home, modes */

/* Plants a symbolic link at <home>/<rel> to a file outside the home, target (its path written there): a file
 * "outside\n" of mode 0644, or none at all when dangling. */
static void plant_link(const Store *s, const char *rel, bool dangling, char *target, size_t size)
{
    static int planted;
    snprintf(target, size, "%s/outside-%d", tmpdir, ++planted);
    link_plant(s, rel, target, dangling);
}

/* Nothing was written through the link to target: it is still "outside\n" of mode 0644, or still missing. */
static void assert_untouched(const char *target, bool dangling)
{
    link_untouched(target, dangling);
    struct stat st;
    if (!dangling) {
        ck_assert_int_eq(stat(target, &st), 0);
        ck_assert_int_eq(st.st_mode & 0777, 0644);
    }
}

/* The lock file and a move list are never opened through a link planted in their place (a dangling one is
 * not made to point at a new file either): the command fails, saying so. */
START_TEST(test_links_refused)
{
    bool dangling = _i == 1;
    Store s;
    open_store(&s);
    char target[160], want[400];
    Err err = {""};
    plant_link(&s, "games/Genetess/.lockfile", dangling, target, sizeof target);
    ck_assert_int_eq(store_lock(&s, &err), -1);
    snprintf(want, sizeof want, "cannot open %s/games/Genetess/.lockfile: Too many levels of symbolic links", home);
    ck_assert_str_eq(err.msg, want);
    ck_assert_int_eq(s.lockfd, -1);
    assert_untouched(target, dangling);

    plant_link(&s, "games/Genetess/101.moves", dangling, target, sizeof target);
    int64_t end = -1;
    ck_assert_int_eq(store_moves_append(&s, 101, 0, &end, "101 alice PASS\n", 15, &err), -1);
    snprintf(want, sizeof want, "cannot open %s/games/Genetess/101.moves: Too many levels of symbolic links", home);
    ck_assert_str_eq(err.msg, want);
    assert_untouched(target, dangling);
    store_close(&s);
}
END_TEST

/* A board that counts lines of a move list that is missing (deleted by hand) is not given an empty one: the append
 * fails naming the file and the count, and no file is made (contract 10.3: a missing list is an error; 3.7). A board
 * that counts none makes its list. */
START_TEST(test_moves_missing_not_made)
{
    Store s;
    open_store(&s);
    Err err = {""};
    char want[400], *p = store_path(&s, "games/Genetess/101.moves");
    int64_t end = -1;
    ck_assert_int_eq(store_moves_append(&s, 101, 2, &end, "1b bob PASS\n", 12, &err), -1);
    snprintf(want, sizeof want, "%s is missing: the board counts 2 lines", p);
    ck_assert_str_eq(err.msg, want);
    ck_assert_int_eq(access(p, F_OK), -1);
    ck_assert_int_eq(end, -1);
    ck_assert_int_eq(store_moves_append(&s, 101, 0, &end, "1a alice PASS\n", 14, &err), 0);
    ck_assert_int_eq(end, 14);
    expect_file(&s, "games/Genetess/101.moves", "1a alice PASS\n");
    free(p);
    store_close(&s);
}
END_TEST

/* An atomic write whose temporary name holds a planted link makes its temporary afresh (the link goes) and
 * writes nothing through it; one whose own name is a link replaces the link with a file of its own, of mode
 * 0600, not the target's. */
START_TEST(test_links_atomic_write)
{
    bool dangling = _i == 1;
    Store s;
    open_store(&s);
    char target[160], target2[160], rel[80];
    Err err = {""};
    snprintf(rel, sizeof rel, "etc/.Genetess.list.tmp.%ld", (long)getpid());
    plant_link(&s, rel, dangling, target, sizeof target);
    char *p = store_path(&s, "etc/Genetess.list");
    ck_assert_int_eq(disk_write_atomic(p, "101:alice bob:0:alice turn\n", 27, &err), 0);
    assert_untouched(target, dangling);
    ck_assert(!exists(&s, rel));
    char *text = slurp(&s, "etc/Genetess.list");
    ck_assert_str_eq(text, "101:alice bob:0:alice turn\n");
    free(text);
    free(p);

    plant_link(&s, "etc/Genetess.due", dangling, target2, sizeof target2);
    p = store_path(&s, "etc/Genetess.due");
    ck_assert_int_eq(disk_write_atomic(p, "101 0 0 0 0 0\n", 14, &err), 0);
    assert_untouched(target2, dangling);
    struct stat st;
    ck_assert_int_eq(lstat(p, &st), 0);
    ck_assert(S_ISREG(st.st_mode));
    ck_assert_int_eq(st.st_mode & 0777, 0600);
    free(p);
    store_close(&s);
}
END_TEST

/* Whatever the umask, the home and its directories are made 0700 and the files 0600: boards, their move lists,
 * the lock, lists, the numbering (contract 9: etc/users holds passwords, a board the fog's hidden pieces). */
START_TEST(test_private_modes)
{
    mode_t old = umask(0);
    Store s;
    open_store(&s);
    Err err = {""};
    static const char *const dirs[] = {"", "games", "games/Genetess", "games/Genetess-archive", "etc", "history",
                                       "outbox", "spool"};
    for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
        char *p = store_path(&s, dirs[i]);
        struct stat st;
        ck_assert_int_eq(stat(p, &st), 0);
        ck_assert_msg((st.st_mode & 0777) == 0700, "%s: %o", p, st.st_mode & 0777);
        free(p);
    }
    ck_assert_int_eq(store_lock(&s, &err), 0);
    int n = 0;
    ck_assert_int_eq(store_next_board_number(&s, &n, &err), 0);
    int64_t end = -1;
    ck_assert_int_eq(store_moves_append(&s, n, 0, &end, "101 alice PASS\n", 15, &err), 0);
    ck_assert_int_eq(store_save_board(&s, n, "board\n", &err), 0);
    ck_assert_int_eq(store_save_board(&s, n, "board 2\n", &err), 0);
    ck_assert_int_eq(store_write_list(&s, "101:a b:1:a turn\n", &err), 0);
    ck_assert_int_eq(append_finished(&s, "2027-01-15 101 a 3 a b", &err), 0);
    static const char *const files[] = {"games/Genetess/.lockfile", "games/Genetess/.board", "games/Genetess/101",
                                        "games/Genetess/.101", "games/Genetess/101.moves", "etc/Genetess.list",
                                        "history/Genetess"};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char *p = store_path(&s, files[i]);
        struct stat st;
        ck_assert_int_eq(stat(p, &st), 0);
        ck_assert_msg((st.st_mode & 0777) == 0600, "%s: %o", p, st.st_mode & 0777);
        free(p);
    }
    store_close(&s);
    umask(old);
}
END_TEST

Suite *store_suite(void)
{
    Suite *s = suite_create("store");
    TCase *tc = tcase_create("store");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 20);
    tcase_add_test(tc, test_open_creates_layout);
    tcase_add_test(tc, test_open_home_fallback);
    tcase_add_test(tc, test_read_file);
    tcase_add_test(tc, test_write_atomic);
    tcase_add_loop_test(tc, test_valid_board_number, 0, (int)(sizeof board_numbers / sizeof board_numbers[0]));
    tcase_add_test(tc, test_valid_board_number_null);
    tcase_add_test(tc, test_next_board_number);
    tcase_add_test(tc, test_save_load_board);
    tcase_add_test(tc, test_archive_delete_list);
    tcase_add_test(tc, test_lock);
    tcase_add_test(tc, test_lists);
    tcase_add_test(tc, test_board_tag_committed);
    tcase_add_test(tc, test_sweep_temps);
    tcase_add_test(tc, test_lock_mark);
    tcase_add_test(tc, test_write_in_two_steps);
    tcase_add_test(tc, test_sync_files);
    tcase_add_test(tc, test_syncs_put_off);
    tcase_add_test(tc, test_board_write_fds);
    tcase_add_test(tc, test_save_reuses_the_spare_previous);
    tcase_add_test(tc, test_moves_missing_not_made);
    tcase_add_loop_test(tc, test_links_refused, 0, 2);
    tcase_add_loop_test(tc, test_links_atomic_write, 0, 2);
    tcase_add_test(tc, test_private_modes);
    suite_add_tcase(s, tc);

    return s;
}
