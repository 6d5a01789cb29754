/* Tests of users' defences of accounts (contract 15.2, 15.3, 2.2): wrong passwords counted per userid whatever the
 * From:, the hour's lock and the day's, the notice once a day, look-alike userids, domains, the records of
 * var/auth, etc/pending and var/signups, and a signup's one pass over a users file of a million lines. */
#include "check_store.h"
#include "users.h"

Suite *accounts_suite(void);

#define T0 1800000000

/* A request by mail from sender at now (sender NULL: at the terminal). */
static Request rq_at(const char *sender, int64_t now)
{
    Request rq = request_init(now);
    rq.sender = sender;
    rq.by_mail = sender != NULL;
    return rq;
}

/* users_login's status for alice's password pw from sender at now; *notify its notice flag; err's text. */
static int login(const Store *s, const char *pw, const char *sender, int64_t now, bool *notify, Err *err)
{
    Request rq = rq_at(sender, now);
    User u;
    bool n;
    int rc = users_login(s, "alice", pw, &rq, &u, &n, err);
    if (rc == 0)
        users_free(&u);
    if (notify)
        *notify = n;
    return rc;
}

static UsersAuth auth_of(const Store *s)
{
    char *text = slurp(s, "var/auth/alice");
    UsersAuth a;
    ck_assert(users_auth_parse(text, &a));
    free(text);
    return a;
}

START_TEST(test_auth_record)
{
    UsersAuth a = {T0, 3, T0 - 5, 12, T0 - 100}, b;
    char line[96];
    users_auth_format(&a, line, sizeof line);
    ck_assert_str_eq(line, "1800000000 3 1799999995 12 1799999900\n");
    ck_assert(users_auth_parse(line, &b));
    ck_assert(b.start == a.start && b.n == a.n && b.day_start == a.day_start && b.day_n == a.day_n &&
              b.noticed == a.noticed);
    ck_assert(users_auth_parse("1800000000 4\n", &b)); /* the older line: no day, no notice */
    ck_assert(b.start == T0 && b.n == 4 && b.day_start == 0 && b.day_n == 0 && b.noticed == 0);
    ck_assert(!users_auth_parse("x", &b) && !users_auth_parse("1 2 3", &b) && !users_auth_parse("1 -2", &b));
}
END_TEST

/* A forged From: of alice's own address is checked and counted; once 10 came in the hour, a password from any
 * other address is refused unchecked — the right one too — while alice's own address is still checked. */
START_TEST(test_forged_own_address_counted)
{
    Store s;
    open_store(&s);
    put(&s, "etc/users", "alice:secret:alice@example.org\n");
    Err err = {""};
    bool notify;
    for (int i = 1; i <= 9; i++) {
        ck_assert_int_eq(login(&s, "guess", "Alice@Example.org", T0 + i, &notify, &err), -1);
        ck_assert_str_eq(err.msg, "Invalid password entered");
        ck_assert(!notify);
    }
    ck_assert_int_eq(login(&s, "guess", "alice@example.org", T0 + 10, &notify, &err), -1);
    ck_assert(notify); /* the hour's lock starts: the user is told */
    UsersAuth a = auth_of(&s);
    ck_assert(a.start == T0 + 1 && a.n == 10 && a.day_n == 10 && a.noticed == T0 + 10);
    /* from elsewhere: refused unchecked, not counted */
    ck_assert_int_eq(login(&s, "secret", "mallory@example.net", T0 + 20, &notify, &err), -1);
    ck_assert_str_eq(err.msg, "Too many wrong passwords for alice: until 2027-01-15 09:00 UTC only mail from "
                              "alice's own address is taken");
    ck_assert_int_eq(auth_of(&s).n, 10);
    /* the registered address: still checked — its right password runs, a wrong one counts */
    ck_assert_int_eq(login(&s, "secret", "alice@example.org", T0 + 21, &notify, &err), 0);
    ck_assert_int_eq(login(&s, "guess", "alice@example.org", T0 + 22, &notify, &err), -1);
    ck_assert_str_eq(err.msg, "Invalid password entered");
    ck_assert(!notify); /* told once */
    ck_assert_int_eq(auth_of(&s).n, 11);
    /* at the terminal: checked, counted */
    ck_assert_int_eq(login(&s, "secret", NULL, T0 + 23, &notify, &err), 0);
    /* an hour after the first: the lock is over, the day's count goes on */
    ck_assert_int_eq(login(&s, "secret", "work@example.com", T0 + 3601, &notify, &err), 0);
    ck_assert_int_eq(auth_of(&s).day_n, 11);
    store_close(&s);
}
END_TEST

/* The notice: at most once a day, however often the hour's lock starts again. */
START_TEST(test_notice_once_a_day)
{
    Store s;
    open_store(&s);
    put(&s, "etc/users", "alice:secret:alice@example.org\n");
    Err err = {""};
    bool notify;
    int notices = 0;
    static const int hours[] = {0, 1, 12, 23}; /* the hour's lock starts four times in the day */
    for (int h = 0; h < 4; h++)
        for (int i = 0; i < USERS_AUTH_FAILS; i++) {
            ck_assert_int_eq(login(&s, "x", "alice@example.org", T0 + hours[h] * 3600 + i, &notify, &err), -1);
            notices += notify;
        }
    ck_assert_int_eq(notices, 1);
    for (int i = 0; i < USERS_AUTH_FAILS; i++) {
        ck_assert_int_eq(login(&s, "x", "alice@example.org", T0 + 86400 + i, &notify, &err), -1);
        notices += notify;
    }
    ck_assert_int_eq(notices, 2); /* a day later, again */
    store_close(&s);
}
END_TEST

/* 50 wrong passwords in a day lock changes by mail until the day's window ends; logins go on. */
START_TEST(test_day_lock)
{
    Store s;
    open_store(&s);
    put(&s, "etc/users", "alice:secret:alice@example.org\n");
    Err err = {""};
    int64_t until;
    for (int i = 0; i < USERS_AUTH_DAY_FAILS - 1; i++)
        ck_assert_int_eq(login(&s, "x", "alice@example.org", T0 + i * 60, NULL, &err), -1);
    ck_assert(!users_changes_locked(&s, "alice", T0 + 3000, &until));
    ck_assert_int_eq(login(&s, "x", "alice@example.org", T0 + 3000, NULL, &err), -1);
    ck_assert(users_changes_locked(&s, "ALICE", T0 + 3001, &until));
    ck_assert(until == T0 + 86400);
    ck_assert_int_eq(login(&s, "secret", "alice@example.org", T0 + 3002, NULL, &err), 0);
    ck_assert(!users_changes_locked(&s, "alice", T0 + 86400, &until));
    ck_assert(!users_changes_locked(&s, "bob", T0, &until)); /* nobody's record: no lock */
    store_close(&s);
}
END_TEST

START_TEST(test_skeleton_and_domain)
{
    static const char *const same[][2] = {
        {"alice", "aIice"}, {"alice", "a1ice"}, {"alice", "ALICE"}, {"al_ice", "alice"}, {"a.l-ice", "alice"},
        {"bob", "b0b"},     {"mary", "rnary"},  {"wes", "vves"},    {"lo", "IO"},
    };
    static const char *const differ[][2] = {{"alice", "alicia"}, {"bob", "bab"}, {"u1", "u2"}, {"mary", "rary"}};
    char x[33], y[33];
    for (size_t i = 0; i < sizeof same / sizeof same[0]; i++) {
        users_skeleton(same[i][0], x, sizeof x);
        users_skeleton(same[i][1], y, sizeof y);
        ck_assert_msg(!strcmp(x, y), "%s %s: %s %s", same[i][0], same[i][1], x, y);
    }
    for (size_t i = 0; i < sizeof differ / sizeof differ[0]; i++) {
        users_skeleton(differ[i][0], x, sizeof x);
        users_skeleton(differ[i][1], y, sizeof y);
        ck_assert_msg(strcmp(x, y), "%s %s", differ[i][0], differ[i][1]);
    }
    users_skeleton("aIice", x, sizeof x);
    ck_assert_str_eq(x, "allce");
    char d[255];
    users_domain("Bob+tag@Example.ORG..", d, sizeof d);
    ck_assert_str_eq(d, "example.org");
    users_domain("a@b@c.d", d, sizeof d);
    ck_assert_str_eq(d, "c.d");
    users_domain("nobody", d, sizeof d);
    ck_assert_str_eq(d, "");
}
END_TEST

START_TEST(test_lookalike_refused)
{
    Store s;
    open_store(&s);
    put(&s, "etc/users", "bob:pw:bob@b.b\nalice:pw:alice@a.a\ncarol:pw:carol@c.c\n");
    Err err = {""};
    int64_t n = -1;
    ck_assert_int_eq(users_signup_check(&s, "aIice", &n, &err), 1);
    ck_assert_str_eq(err.msg, "Userid aIice is too like the existing userid alice");
    ck_assert_int_eq(users_signup_check(&s, "Carol", &n, &err), 1);
    ck_assert_str_eq(err.msg, "User Carol already exists");
    ck_assert_int_eq(users_signup_check(&s, "dave", &n, &err), 0);
    ck_assert_int_eq(n, 3);
    ck_assert_int_eq(users_add(&s, "a1ice", "pw", "x@y.z", &err), 1);
    ck_assert_str_eq(err.msg, "Userid a1ice is too like the existing userid alice");
    char *text = slurp(&s, "etc/users");
    ck_assert_str_eq(text, "bob:pw:bob@b.b\nalice:pw:alice@a.a\ncarol:pw:carol@c.c\n"); /* nothing changed */
    free(text);
    /* an exact match later in the file wins over a look-alike earlier */
    put(&s, "etc/users", "b0b:pw:b@b.b\nBOB:pw:bob@b.b\n");
    ck_assert_int_eq(users_signup_check(&s, "bob", &n, &err), 1);
    ck_assert_str_eq(err.msg, "User bob already exists");
    store_close(&s);
}
END_TEST

START_TEST(test_pending_record)
{
    Store s;
    open_store(&s);
    Err err = {""};
    UsersPending w[2] = {
        {PENDING_OLDADDR, "alice", "", "alice@a.a", "0123456789abcdef", T0, "alice@a.a", "new@n.n"},
        {PENDING_PASSWORD, "bob", "n3w", "bob@b.b", "fedcba9876543210", T0 + 1, "bob@b.b", ""},
    };
    ck_assert_int_eq(users_pending_write(&s, w, 2, &err), 0);
    char *text = slurp(&s, "etc/pending");
    ck_assert_str_eq(text, "oldaddr:alice:-:alice@a.a:0123456789abcdef:1800000000:alice@a.a:new@n.n\n"
                           "password:bob:n3w:bob@b.b:fedcba9876543210:1800000001:bob@b.b:-\n");
    free(text);
    UsersPending *v;
    ck_assert_int_eq(users_pending_read(&s, T0 + 5, &v, &err), 2);
    ck_assert_str_eq(v[0].target, "new@n.n");
    ck_assert_str_eq(v[0].password, "");
    ck_assert_int_eq(v[1].kind, PENDING_PASSWORD);
    ck_assert_str_eq(v[1].password, "n3w");
    ck_assert_str_eq(v[1].target, "");
    free(v);
    /* a 7-field line of the older form reads without a target; an unknown kind (the older "address", which only
       the new address confirmed) is dropped */
    put(&s, "etc/pending", "signup:carol:pw:c@c.c:0123456789abcdef:1800000000:m@m.m\n"
                           "address:alice:-:evil@e.e:0123456789abcdef:1800000000:alice@a.a\n");
    ck_assert_int_eq(users_pending_read(&s, T0 + 5, &v, &err), 1);
    ck_assert_str_eq(v[0].id, "carol");
    ck_assert_str_eq(v[0].target, "");
    free(v);
    store_close(&s);
}
END_TEST

START_TEST(test_signups_record)
{
    Store s;
    open_store(&s);
    Err err = {""};
    UsersDayLine r;
    Buf b;
    buf_init(&b);
    ck_assert(users_day_parse("1800000000 example.org\n", &r));
    ck_assert(r.at == T0);
    ck_assert_str_eq(r.key, "example.org");
    users_day_format(&r, &b);
    ck_assert_str_eq(b.s, "1800000000 example.org\n");
    buf_free(&b);
    ck_assert(!users_day_parse("x example.org", &r) && !users_day_parse("1 a b", &r));
    int in, all;
    ck_assert_int_eq(users_day_count(&s, USERS_DAY_SIGNUPS, T0, "a.org", &in, &all, &err), 0); /* no file: none */
    ck_assert(in == 0 && all == 0);
    ck_assert_int_eq(users_day_note(&s, USERS_DAY_SIGNUPS, T0, "a.org", &err), 0);
    ck_assert_int_eq(users_day_note(&s, USERS_DAY_SIGNUPS, T0 + 10, "b.org", &err), 0);
    ck_assert_int_eq(users_day_note(&s, USERS_DAY_SIGNUPS, T0 + 20, "a.org", &err), 0);
    ck_assert_int_eq(users_day_count(&s, USERS_DAY_SIGNUPS, T0 + 30, "a.org", &in, &all, &err), 0);
    ck_assert(in == 2 && all == 3);
    /* a day later the first is gone, and the next write drops it */
    ck_assert_int_eq(users_day_count(&s, USERS_DAY_SIGNUPS, T0 + 86400, "a.org", &in, &all, &err), 0);
    ck_assert(in == 1 && all == 2);
    ck_assert_int_eq(users_day_note(&s, USERS_DAY_SIGNUPS, T0 + 86400, "c.org", &err), 0);
    char *text = slurp(&s, "var/signups");
    ck_assert_str_eq(text, "1800000010 b.org\n1800000020 a.org\n1800086400 c.org\n");
    free(text);
    /* var/confirms: the same line, a mailbox for its key, a file of its own */
    ck_assert_int_eq(users_day_note(&s, USERS_DAY_CONFIRMS, T0, "v@example.org", &err), 0);
    ck_assert_int_eq(users_day_count(&s, USERS_DAY_CONFIRMS, T0 + 30, "v@example.org", &in, &all, &err), 0);
    ck_assert(in == 1 && all == 1);
    text = slurp(&s, "var/confirms");
    ck_assert_str_eq(text, "1800000000 v@example.org\n");
    free(text);
    store_close(&s);
}
END_TEST

/* contract 15.3: a signup costs one pass over etc/users however large; a million users are counted and a
 * look-alike of the last one found (counts asserted, not time). */
START_TEST(test_million_users)
{
    Store s;
    open_store(&s);
    char *p = store_path(&s, "etc/users");
    FILE *f = fopen(p, "w");
    ck_assert_ptr_nonnull(f);
    for (int i = 0; i < 1000000; i++)
        fprintf(f, "user%07d:password%07d:user%07d@example.net\n", i, i, i);
    fprintf(f, "zoe:pw:zoe@example.org\n");
    fclose(f);
    free(p);
    Err err = {""};
    int64_t n = 0;
    ck_assert_int_eq(users_signup_check(&s, "z0e", &n, &err), 1);
    ck_assert_str_eq(err.msg, "Userid z0e is too like the existing userid zoe");
    ck_assert_int_eq(users_signup_check(&s, "newcomer", &n, &err), 0);
    ck_assert_int_eq(n, 1000001);
    ck_assert_int_eq(users_add(&s, "newcomer", "pw", "new@example.org", &err), 0);
    ck_assert_int_eq(users_count(&s, &err), 1000002);
    Request rq = rq_at("user0999999@example.net", T0);
    User u;
    bool notify;
    ck_assert_int_eq(users_login(&s, "newcomer", "pw", &rq, &u, &notify, &err), 0);
    users_free(&u);
    store_close(&s);
}
END_TEST

Suite *accounts_suite(void)
{
    Suite *s = suite_create("accounts");
    TCase *tc = tcase_create("accounts");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_auth_record);
    tcase_add_test(tc, test_forged_own_address_counted);
    tcase_add_test(tc, test_notice_once_a_day);
    tcase_add_test(tc, test_day_lock);
    tcase_add_test(tc, test_skeleton_and_domain);
    tcase_add_test(tc, test_lookalike_refused);
    tcase_add_test(tc, test_pending_record);
    tcase_add_test(tc, test_signups_record);
    suite_add_tcase(s, tc);
    TCase *scale = tcase_create("scale");
    tcase_add_checked_fixture(scale, setup, teardown);
    tcase_set_timeout(scale, 120);
    tcase_add_test(scale, test_million_users);
    suite_add_tcase(s, scale);
    return s;
}
