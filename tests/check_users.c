/* Tests of users: etc/users — look-up, authentication, sign-up and its refusals, the file's format and the
 * limits on userids. */
#include "check_store.h"
#include "users.h"

Suite *users_suite(void);

static const struct {
    const char *id, *password, *address;
} bad_users[] = {
    {"", "pw", "a@b.c"},
    {"a b", "pw", "a@b.c"},
    {"a:b", "pw", "a@b.c"},
    {"abcdefghijabcdefghijabcdefghijabc", "pw", "a@b.c"}, /* 33 chars */
    {"x#", "pw", "a@b.c"},
    {"carol", "", "a@b.c"},
    {"carol", "p w", "a@b.c"},
    {"carol", "p:w", "a@b.c"},
    {"carol", "p'w", "a@b.c"},
    {"carol", "p\"w", "a@b.c"},
    {"carol", "p\tw", "a@b.c"},
    {"carol", "12345678901234567890123456789012345678901234567890123456789012345", "a@b.c"}, /* 65 */
    {"carol", "pw", "ab.c"},
    {"carol", "pw", "a@b.c\nBcc: x@y"},
    {"carol", "pw", "a @b.c"},
    {"carol", "pw", "a:x@b.c"},
};

START_TEST(test_user_add_find_auth)
{
    Store s;
    open_store(&s);
    Err err = {""};
    User u;
    ck_assert_int_eq(users_find(&s, "alice", &u, &err), 1); /* no etc/users yet */
    ck_assert_int_eq(users_add(&s, "alice", "Secret", "alice@example.org", &err), 0);
    /* signup takes one address; a users line pbmserv wrote may still hold several */
    ck_assert_int_eq(users_add(&s, "bob", "pw", "bob@x.y,bob@z.w", &err), 1);
    put(&s, "etc/users", "alice:Secret:alice@example.org\nbob:pw:bob@x.y,bob@z.w\n");
    char *text = slurp(&s, "etc/users");
    ck_assert_str_eq(text, "alice:Secret:alice@example.org\nbob:pw:bob@x.y,bob@z.w\n");
    free(text);

    ck_assert_int_eq(users_find(&s, "ALICE", &u, &err), 0);
    ck_assert_str_eq(u.id, "alice");
    ck_assert_str_eq(u.password, "Secret");
    ck_assert_str_eq(u.address, "alice@example.org");
    users_free(&u);
    ck_assert_ptr_null(u.address);
    ck_assert_int_eq(users_find(&s, "carol", &u, &err), 1);
    ck_assert_int_eq(users_find(&s, "ali", &u, &err), 1);

    ck_assert_int_eq(users_auth(&s, "Alice", "SECRET", &u, &err), 0);
    ck_assert_str_eq(u.id, "alice");
    ck_assert_str_eq(u.address, "alice@example.org");
    users_free(&u);
    ck_assert_int_eq(users_auth(&s, "bob", "pw", &u, &err), 0);
    ck_assert_str_eq(u.address, "bob@x.y"); /* one address per user: the line's first */
    users_free(&u);

    ck_assert_int_eq(users_auth(&s, "alice", "wrong", &u, &err), -1);
    ck_assert_str_eq(err.msg, "Invalid password entered");
    ck_assert_int_eq(users_auth(&s, "alice", "", &u, &err), -1);
    ck_assert_str_eq(err.msg, "Invalid password entered");
    ck_assert_int_eq(users_auth(&s, "carol", "Secret", &u, &err), -1);
    ck_assert_str_eq(err.msg, "Invalid userid entered");
    ck_assert_int_eq(users_auth(&s, "../alice", "Secret", &u, &err), -1);
    ck_assert_str_eq(err.msg, "Invalid userid entered");

    ck_assert_int_eq(users_add(&s, "Alice", "x", "a@b.c", &err), 1);
    ck_assert_str_eq(err.msg, "User Alice already exists");
    text = slurp(&s, "etc/users");
    ck_assert_str_eq(text, "alice:Secret:alice@example.org\nbob:pw:bob@x.y,bob@z.w\n");
    free(text);
    store_close(&s);
}
END_TEST

START_TEST(test_user_add_refuses)
{
    Store s;
    open_store(&s);
    Err err = {""};
    ck_assert_int_eq(users_add(&s, bad_users[_i].id, bad_users[_i].password, bad_users[_i].address, &err),
                     1);
    ck_assert(strncmp(err.msg, "Invalid ", 8) == 0);
    ck_assert(!exists(&s, "etc/users"));
    store_close(&s);
}
END_TEST

START_TEST(test_valid_userid)
{
    ck_assert(users_valid_id("a"));
    ck_assert(users_valid_id("A.b-c_9"));
    ck_assert(users_valid_id("abcdefghijabcdefghijabcdefghijab")); /* 32 */
    ck_assert(!users_valid_id("abcdefghijabcdefghijabcdefghijabc"));
    ck_assert(!users_valid_id(""));
    ck_assert(!users_valid_id(NULL));
    ck_assert(!users_valid_id("al ice"));
    ck_assert(!users_valid_id("al/ice"));
    ck_assert(!users_valid_id("al\nice"));
    ck_assert(!users_valid_id(".") && !users_valid_id("..") && !users_valid_id("-rf"));
    /* an address is one addr-spec local@domain of at most 254 characters */
    ck_assert(users_valid_address("a@b") && users_valid_address("first.last+tag@mail.example.org"));
    char a[300] = "a@";
    memset(a + 2, 'x', 252);
    ck_assert(users_valid_address(a)); /* 254 */
    a[254] = 'x';
    ck_assert(!users_valid_address(a));
    const char *bad[] = {"", "ab", "a@b, evil@x", "a@b,evil@x", "<a@b>", "A <a@b>", "a b@c", "a@b@c", "@b", "a@"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        ck_assert_msg(!users_valid_address(bad[i]), "%s", bad[i]);
}
END_TEST

START_TEST(test_users_file_format)
{
    Store s;
    open_store(&s);
    static const char users[] = "# the users\n"
                                "\n"
                                "   \n"
                                "#carol:pw:carol@c.c\n"
                                "broken line\n"
                                "dave:pw\n"
                                "bob:pw:Bob Smith:x:bob@a.b\n"
                                "eve:Pw2: eve@e.e \r\n"
                                "fred:pw:fred@f.f"; /* no final newline */
    put(&s, "etc/users", users);
    Err err = {""};
    User u;
    ck_assert_int_eq(users_find(&s, "bob", &u, &err), 0);
    ck_assert_str_eq(u.id, "bob");
    ck_assert_str_eq(u.password, "pw");
    ck_assert_str_eq(u.address, "bob@a.b");
    users_free(&u);
    ck_assert_int_eq(users_find(&s, "eve", &u, &err), 0);
    ck_assert_str_eq(u.password, "Pw2");
    ck_assert_str_eq(u.address, "eve@e.e");
    users_free(&u);
    ck_assert_int_eq(users_find(&s, "fred", &u, &err), 0);
    ck_assert_str_eq(u.address, "fred@f.f");
    users_free(&u);
    ck_assert_int_eq(users_find(&s, "carol", &u, &err), 1);
    ck_assert_int_eq(users_find(&s, "#carol", &u, &err), 1);
    ck_assert_int_eq(users_find(&s, "dave", &u, &err), 1);
    ck_assert_int_eq(users_find(&s, "broken line", &u, &err), 1);

    /* adding keeps every existing line and mends the missing final newline */
    ck_assert_int_eq(users_add(&s, "gina", "pw", "g@g.g", &err), 0);
    char *text = slurp(&s, "etc/users"), *expected = xasprintf("%s\ngina:pw:g@g.g\n", users);
    ck_assert_str_eq(text, expected);
    free(expected);
    free(text);
    ck_assert_int_eq(users_add(&s, "BOB", "pw", "b@b.b", &err), 1);
    ck_assert_str_eq(err.msg, "User BOB already exists");
    /* a server of at most n users (contract 15.3, maxusers=): full at n, nothing written; room below it */
    int64_t count = -1, n = users_count(&s, &err);
    ck_assert_int_gt(n, 0);
    text = slurp(&s, "etc/users");
    ck_assert_int_eq(users_add_within(&s, "hank", "pw", "h@h.h", n, &count, &err), USERS_FULL);
    ck_assert_int_eq(count, n);
    char *after = slurp(&s, "etc/users");
    ck_assert_str_eq(after, text);
    free(after);
    free(text);
    ck_assert_int_eq(users_add_within(&s, "hank", "pw", "h@h.h", n + 1, &count, &err), 0);
    ck_assert_int_eq(count, n);
    ck_assert_int_eq(users_count(&s, &err), n + 1);
    /* a change rewrites the user's line in the one format: pbmserv's fields between password and address stay */
    ck_assert_int_eq(users_update(&s, "bob", "new", NULL, false, &err), 0);
    ck_assert_int_eq(users_update(&s, "eve", NULL, "new@e.e", false, &err), 0);
    text = slurp(&s, "etc/users");
    ck_assert_msg(strstr(text, "\nbob:new:Bob Smith:x:bob@a.b\neve:Pw2:new@e.e\nfred:pw:fred@f.f\n"), "%s", text);
    free(text);
    store_close(&s);
}
END_TEST

/* etc/pending's line: format(parse(line)) == line, and parse(format(p)) == p (users_pending_parse/format). */
START_TEST(test_pending_record_round_trip)
{
    static const char *const lines[] = {
        "signup:alice:pw:alice@example.org:0123456789abcdef:1800000000:alice@example.org:-\n",
        "oldaddr:bob:-:bob@old.example:fedcba9876543210:1800000001:bob@new.example:bob@new.example\n",
        "newaddr:bob:-:bob@new.example:00000000000000ff:1800000002:bob@new.example:-\n",
        "password:carol:secret2:carol@c.example:1111111111111111:1800000003:carol@c.example:-\n"};
    for (size_t i = 0; i < sizeof lines / sizeof *lines; i++) {
        UsersPending p, back;
        char line[512];
        snprintf(line, sizeof line, "%.*s", (int)strcspn(lines[i], "\n"), lines[i]);
        ck_assert_msg(users_pending_parse(line, &p), "not parsed: %s", lines[i]);
        Buf b;
        buf_init(&b);
        users_pending_format(&p, &b);
        ck_assert_str_eq(b.s, lines[i]);
        b.s[b.len - 1] = '\0';
        ck_assert(users_pending_parse(b.s, &back));
        ck_assert(p.kind == back.kind && !strcmp(p.id, back.id) && !strcmp(p.password, back.password) &&
                  !strcmp(p.address, back.address) && !strcmp(p.token, back.token) && p.created == back.created &&
                  !strcmp(p.requester, back.requester) && !strcmp(p.target, back.target));
        buf_free(&b);
    }
    UsersPending p;
    ck_assert(!users_pending_parse("nosuchkind:a:b:c:d:1:e:f", &p));
    ck_assert(!users_pending_parse("signup:a:b:c:d:notanumber:e:f", &p));
}
END_TEST

/* users_find_all finds each id as users_find would, in one read: in any order, case-insensitively, the
 * first line of an id only, and NULL addresses for ids that are not there (or not userids at all). */
START_TEST(test_users_find_all)
{
    Store s;
    open_store(&s);
    Err err = {""};
    User u[6];
    const char *ids[] = {"fred", "Bob", "carol", "BOB", NULL, ""};
    ck_assert_int_eq(users_find_all(&s, ids, 6, u, &err), 0); /* no etc/users: nobody */
    for (int i = 0; i < 6; i++)
        ck_assert_ptr_null(u[i].address);
    put(&s, "etc/users", "bob:pw:bob@a.b\n"
                         "alice:pw:alice@a.a\n"
                         "BOB:other:second@a.b\n"
                         "fred:pw:fred@f.f");
    ck_assert_int_eq(users_find_all(&s, ids, 6, u, &err), 0);
    ck_assert_str_eq(u[0].address, "fred@f.f");
    ck_assert_str_eq(u[1].id, "bob"); /* as spelled in the file */
    ck_assert_str_eq(u[1].address, "bob@a.b");
    ck_assert_ptr_null(u[2].address);
    ck_assert_str_eq(u[3].address, "bob@a.b"); /* the first line of an id, also when asked twice */
    ck_assert_ptr_null(u[4].address);
    ck_assert_ptr_null(u[5].address);
    for (int i = 0; i < 6; i++) {
        User one;
        int rc = users_find(&s, ids[i], &one, &err);
        ck_assert_int_eq(rc, u[i].address ? 0 : 1);
        if (rc == 0) {
            ck_assert_str_eq(one.address, u[i].address);
            users_free(&one);
        }
        users_free(&u[i]);
    }
    store_close(&s);
}
END_TEST

/* Under the lock etc/users is read once however many look-ups follow (StoreUsersSnap); a change the store makes
 * to it (a signup, an update) is seen by the next look-up, and a change from outside once the lock is let go. */
START_TEST(test_users_read_once_under_the_lock)
{
    Store s;
    open_store(&s);
    StoreTally tally = {0};
    s.tally = &tally;
    Err err = {""};
    User u;
    ck_assert_int_eq(users_add(&s, "alice", "Secret", "alice@example.org", &err), 0);
    ck_assert_int_eq(store_lock(&s, &err), 0);
    tally = (StoreTally){0};
    ck_assert_int_eq(users_find(&s, "alice", &u, &err), 0);
    users_free(&u);
    ck_assert_int_eq(users_find(&s, "bob", &u, &err), 1);
    ck_assert_int_eq(users_count(&s, &err), 1);
    ck_assert_int_eq(tally.users, 1); /* three look-ups, one read */
    ck_assert_int_eq(users_add(&s, "bob", "pw", "bob@example.org", &err), 0);
    ck_assert_int_eq(users_find(&s, "bob", &u, &err), 0); /* the signup's line is seen */
    users_free(&u);
    ck_assert_int_eq(users_update(&s, "alice", "Other", NULL, false, &err), 0);
    ck_assert_int_eq(users_find(&s, "alice", &u, &err), 0);
    ck_assert_str_eq(u.password, "Other"); /* the update is seen */
    users_free(&u);
    int reads = tally.users;
    put(&s, "etc/users", "carol:pw:carol@example.org\n"); /* another process, once the lock is let go */
    ck_assert_int_eq(users_find(&s, "carol", &u, &err), 1); /* under the lock: what this hold read */
    ck_assert_int_eq(tally.users, reads);
    store_unlock(&s);
    ck_assert_int_eq(users_find(&s, "carol", &u, &err), 0);
    users_free(&u);
    ck_assert_int_eq(tally.users, reads + 1);
    store_close(&s);
}
END_TEST

Suite *users_suite(void)
{
    Suite *s = suite_create("users");
    TCase *tc = tcase_create("users");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_user_add_find_auth);
    tcase_add_loop_test(tc, test_user_add_refuses, 0, (int)(sizeof bad_users / sizeof bad_users[0]));
    tcase_add_test(tc, test_valid_userid);
    tcase_add_test(tc, test_users_file_format);
    tcase_add_test(tc, test_users_find_all);
    tcase_add_test(tc, test_users_read_once_under_the_lock);
    tcase_add_test(tc, test_pending_record_round_trip);
    suite_add_tcase(s, tc);
    return s;
}
