/* Tests of mail: the queue, the headers, a spooled group and its names, delivery into outbox/ or a mailer (the
 * spool's delivery, retries, dead letters and descriptors: check_mail_spool.c). */
#include "check_store.h"
#include "spool.h"

#include <sys/resource.h>
#include <sys/wait.h>

Suite *mail_suite(void);

/* ---------------------------------------------------------------- mail */

#define NOW 1700000000 /* Tue, 14 Nov 2023 22:13:20 +0000 */

START_TEST(test_mail_add_refuses)
{
    MailQueue q;
    mail_init(&q, &test_host, &test_rq);
    Err err = {""};
    ck_assert_int_eq(mail_add(&q, "a@b.c", "Genetess Board 101\nBcc: x@y", "body", &err), -1);
    ck_assert_str_eq(err.msg, "refusing a mail header with control characters");
    err.msg[0] = '\0';
    ck_assert_int_eq(mail_add(&q, "a@b.c\r", "Genetess Board 101", "body", &err), -1);
    ck_assert_str_eq(err.msg, "refusing a mail header with control characters");
    ck_assert_int_eq(mail_add(&q, "a@b.c", "tab\there", "body", &err), -1);
    /* a sheet refused is freed all the same (the leak checks of the ASan build see it) */
    ck_assert_int_eq(mail_add_sheet(&q, "a@b.c\n", "Genetess Board 101", xstrdup("text"), xstrdup("<p>"), &err), -1);
    ck_assert_int_eq(q.n, 0);
    ck_assert_int_eq(mail_add(&q, "a@b.c", "Genetess Board 101", "line\n\tmore\n", &err), 0);
    ck_assert_int_eq(q.n, 1);
    mail_free(&q);
    ck_assert_int_eq(q.n, 0);
    ck_assert_ptr_null(q.m);
}
END_TEST

START_TEST(test_mail_truncate)
{
    MailQueue q;
    mail_init(&q, &test_host, &test_rq);
    Err err;
    ck_assert_int_eq(mail_add(&q, "a@b.c", "one", "1", &err), 0);
    ck_assert_int_eq(mail_add(&q, "a@b.c", "two", "2", &err), 0);
    ck_assert_int_eq(mail_add(&q, "a@b.c", "three", "3", &err), 0);
    mail_truncate(&q, 1);
    ck_assert_int_eq(q.n, 1);
    ck_assert_str_eq(q.m[0].subject, "one");
    mail_truncate(&q, 5); /* never grows */
    ck_assert_int_eq(q.n, 1);
    mail_free(&q);
}
END_TEST

/* text (malloc'd) with the nonce of each of its Message-IDs taken out — ".<16 hex digits>" before the '@',
 * which every id of ours must have (drawn by fd_random64, so no test can know it) — so the rest is
 * compared exactly. Returns text. */
static char *no_nonce(char *text)
{
    for (char *l = strstr(text, "Message-ID: <genetess."); l; l = strstr(l + 1, "Message-ID: <genetess.")) {
        char *at = strchr(l, '@'), *nl = strchr(l, '\n');
        ck_assert_msg(at && (!nl || at < nl) && at - l > 17 && at[-17] == '.' &&
                          strspn(at - 16, "0123456789abcdef") >= 16,
                      "a Message-ID without its nonce: %.120s", l);
        memmove(at - 17, at, strlen(at) + 1);
    }
    return text;
}

/* The whole of <home>/<rel> as slurp reads it, the Message-IDs' nonces taken out (no_nonce). */
static char *mail_slurp(const Store *s, const char *rel)
{
    return no_nonce(slurp(s, rel));
}

/* The unique part of a Message-ID as mail.c must make it (an independent FNV-1a): board, time, seq and a hash
 * of recipient, Subject, body and the command's $MESSAGEID (cmd, or NULL) — nothing a reader does not read. */
static char *want_id(const char *board, int when, int seq, const char *to, const char *subj, const char *body,
                     const char *cmd)
{
    const char *parts[] = {to, subj, body, cmd};
    uint64_t h = 14695981039346656037u;
    for (int i = 0; i < 4; i++) {
        for (const char *c = parts[i]; c && *c; c++)
            h = (h ^ (unsigned char)*c) * 1099511628211u;
        h ^= 0xff;
    }
    (void)h; /* the hash seeds the MIME boundary; the id's unique part is the nonce, taken out by no_nonce */
    return xasprintf("genetess.%s.%d.%04d", board, when, seq);
}

/* The message mail_flush writes at time when: headers (contract 3) of group
 * "0.<when>-<pid>-<flush>", seq, body. */
static char *want_msg_at(int when, const char *from, const char *to, const char *subj, const char *date, int flush,
                         int seq, const char *body)
{
    const char *at = strrchr(from, '@');
    (void)flush; /* the group "0.<when>-<pid>-<flush>" names the spool file, not the Message-ID */
    char *id = want_id("0", when, seq, to, subj, body, NULL);
    char *text = xasprintf("From: %s\nTo: %s\nSubject: %s\nDate: %s\nMessage-ID: <%s@%s>\n"
                           "MIME-Version: 1.0\nContent-Type: text/plain; charset=us-ascii\n"
                           "Content-Transfer-Encoding: 7bit\nAuto-Submitted: auto-generated\n\n%s",
                           from, to, subj, date, id, at + 1, body);
    free(id);
    return text;
}

static char *want_msg(const char *from, const char *to, const char *subj, const char *date, int flush, int seq,
                      const char *body)
{
    return want_msg_at(NOW, from, to, subj, date, flush, seq, body);
}

START_TEST(test_mail_outbox)
{
    Store s;
    open_store(&s);
    MailQueue q;
    mail_init(&q, &test_host, &test_rq);
    Err err = {""};
    ck_assert_int_eq(mail_add(&q, "alice@a.a", "New Genetess Board 101 ALL", "Hello alice\n", &err), 0);
    ck_assert_int_eq(mail_add(&q, "bob@b.b", "New Genetess Board 101 ALL", "Hello bob\n", &err), 0);
    ck_assert_int_eq(mail_flush(&q, &s, NOW), 2);
    ck_assert_int_eq(q.n, 0);
    ck_assert_int_eq(mail_add(&q, "carol@c.c", "Genetess chat 101 alice", "", &err), 0);
    ck_assert_int_eq(mail_flush(&q, &s, NOW), 1);
    ck_assert_int_eq(mail_flush(&q, &s, NOW), 0);

    StrList names = {0};
    list_dir(&s, "outbox", &names);
    ck_assert_int_eq(names.n, 3);
    const char *date = "Tue, 14 Nov 2023 22:13:20 +0000", *from = "referee@example.org";
    char *want[] = {
        want_msg(from, "alice@a.a", "New Genetess Board 101 ALL", date, 1, 1, "Hello alice\n"),
        /* the Message-ID's number counts the group's messages to bob's address alone (contract 3.3) */
        want_msg(from, "bob@b.b", "New Genetess Board 101 ALL", date, 1, 1, "Hello bob\n"),
        want_msg(from, "carol@c.c", "Genetess chat 101 alice", date, 2, 1, ""),
    };
    char prefix[64];
    int len = snprintf(prefix, sizeof prefix, "%d-%ld-", NOW, (long)getpid());
    int lastseq = 0;
    for (int i = 0; i < names.n; i++) {
        const char *nm = names.v[i];
        ck_assert_msg(strncmp(nm, prefix, (size_t)len) == 0, "name %s", nm);
        ck_assert_uint_eq(strspn(nm, "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ._-"),
                          strlen(nm));
        const char *seq = nm + len;
        ck_assert_uint_eq(strspn(seq, "0123456789"), 4);
        ck_assert_str_eq(seq + 4, ".mail");
        int k = atoi(seq);
        ck_assert_int_gt(k, lastseq);
        lastseq = k;
        char rel[128];
        snprintf(rel, sizeof rel, "outbox/%s", nm);
        char *text = mail_slurp(&s, rel);
        ck_assert_str_eq(text, want[i]);
        free(text);
        free(want[i]);
    }
    sl_free(&names);
    list_dir(&s, "spool", &names);
    ck_assert_int_eq(names.n, 0); /* delivered: nothing left queued */
    sl_free(&names);
    mail_free(&q);
    store_close(&s);
}
END_TEST

/* Flushes one mail with text and html to alice into s's outbox/ and returns it from its MIME-Version on
 * (the file is removed, so each call finds only its own); its boundary into bnd (64 bytes). */
static char *html_mail(Store *s, const char *text, const char *html, char *bnd)
{
    MailQueue q;
    mail_init(&q, &test_host, &test_rq);
    Err err = {""};
    ck_assert_int_eq(mail_add_sheet(&q, "alice@a.a", "Genetess Board 101 alice", xstrdup(text), html ? xstrdup(html) : NULL, &err), 0);
    ck_assert_int_eq(mail_flush(&q, s, NOW), 1);
    mail_free(&q);
    StrList names = {0};
    list_dir(s, "outbox", &names);
    ck_assert_int_eq(names.n, 1);
    char *rel = xasprintf("outbox/%s", names.v[0]), *path = store_path(s, rel), *msg = NULL;
    ck_assert_int_eq(disk_read_file(path, &msg, NULL, &err), 0);
    no_nonce(msg);
    ck_assert_int_eq(unlink(path), 0);
    free(path);
    free(rel);
    sl_free(&names);
    char *id = want_id("0", NOW, 1, "alice@a.a", "Genetess Board 101 alice", text, NULL);
    char *msgid = xasprintf("Message-ID: <%s@example.org>\n", id);
    ck_assert_ptr_nonnull(strstr(msg, msgid));
    free(msgid);
    free(id);
    const char *body = strstr(msg, "MIME-Version: 1.0\n"), *b = strstr(msg, "boundary=\"");
    ck_assert_ptr_nonnull(body);
    ck_assert_ptr_nonnull(b);
    snprintf(bnd, 64, "%.*s", (int)strcspn(b + 10, "\""), b + 10);
    ck_assert_msg(strncmp(bnd, "=_gt_", 5) == 0, "%s", bnd);
    char *out = xstrdup(body);
    free(msg);
    return out;
}

/* The multipart/alternative body of html_mail's message: the outer and HTML Content-Transfer-Encodings,
 * the text part (ASCII), the HTML part's encoded lines. */
static char *want_alternative(const char *bnd, const char *outer, const char *cte, const char *text, const char *part)
{
    return xasprintf("MIME-Version: 1.0\nContent-Type: multipart/alternative; boundary=\"%s\"\n"
                     "Content-Transfer-Encoding: %s\nAuto-Submitted: auto-generated\n\n"
                     "This is a turnsheet in two forms: plain text, then HTML.\n\n"
                     "--%s\nContent-Type: text/plain; charset=us-ascii\nContent-Transfer-Encoding: 7bit\n\n"
                     "%s\n--%s\nContent-Type: text/html; charset=utf-8\nContent-Transfer-Encoding: %s\n\n%s\n--%s--\n",
                     bnd, outer, bnd, text, bnd, cte, part, bnd);
}

/* A sheet with an HTML part: multipart/alternative, the text part first as a plain message's body, the HTML
 * part after it. The fallback: a line of the HTML over 998 octets (or a CR) makes it quoted-printable in
 * lines of at most 76 (a long line broken softly, "=" as =3D, a space before a line end as =20), under a
 * boundary the text does not hold. */
#define ZEROS(n) (&"0000000000000000000000000000000000000000000000000000000000000000"[64 - (n)])
START_TEST(test_mail_multipart)
{
    Store s;
    open_store(&s);
    char html[1200], bnd[64], y[1000];
    memset(y, 'y', 999);
    y[999] = '\0';
    snprintf(html, sizeof html, "<p class=\"x\">%070d</p> \n<b>caf\xc3\xa9</b>\n%s\n", 7, y);
    char *body = html_mail(&s, "Text =_gt_ side\n", html, bnd);
    Buf qp; /* the 999 y: 13 lines of 75 and "=", then 24 */
    buf_init(&qp);
    buf_printf(&qp, "<p class=3D\"x\">%s=\n%s7</p>=20\n<b>caf=C3=A9</b>\n", ZEROS(60), ZEROS(9));
    for (int i = 0; i < 13; i++)
        buf_printf(&qp, "%.75s=\n", y);
    buf_printf(&qp, "%.24s\n", y);
    char *want = want_alternative(bnd, "7bit", "quoted-printable", "Text =_gt_ side\n", qp.s);
    ck_assert_str_eq(body, want);
    ck_assert_ptr_null(strstr(bnd + 2, "_gt_ side")); /* the text's "=_gt_" is no boundary */
    free(want);
    free(body);
    /* control characters never reach a part: a CR before a newline goes, a bare one is '?' (so a short HTML
     * part stays 7bit) */
    body = html_mail(&s, "Text\n", "<p>a\r\nb\rc</p>\n", bnd);
    want = want_alternative(bnd, "7bit", "7bit", "Text\n", "<p>a\nb?c</p>\n");
    ck_assert_str_eq(body, want);
    free(want);
    free(body);
    buf_free(&qp);
    store_close(&s);
}
END_TEST

/* An ASCII HTML part with no line over 998 octets is 7bit, copied as it is ("=" and a space before a line
 * end too); its boundary is one the HTML does not hold either. */
START_TEST(test_mail_html_7bit)
{
    Store s;
    open_store(&s);
    char html[1200], bnd[64], bnd2[64], line[999];
    memset(line, 'x', 998);
    line[998] = '\0';
    snprintf(html, sizeof html, "<p class=\"x\">a = b</p> \n%s\n<p>end</p>", line);
    char *body = html_mail(&s, "Text side\n", html, bnd);
    char *want = want_alternative(bnd, "7bit", "7bit", "Text side\n", html);
    ck_assert_str_eq(body, want);
    free(want);
    free(body);
    /* the same text with its boundary in the HTML: the next one */
    char *html2 = xasprintf("<p>\n--%s\n</p>\n", bnd);
    body = html_mail(&s, "Text side\n", html2, bnd2);
    ck_assert_str_ne(bnd, bnd2);
    ck_assert_ptr_null(strstr(html2, bnd2));
    want = want_alternative(bnd2, "7bit", "7bit", "Text side\n", html2);
    ck_assert_str_eq(body, want);
    free(want);
    free(body);
    free(html2);
    /* a text holding the boundary its length gives (the seed hashes it), from its first byte: the next one */
    char *text = xasprintf("%s\n", bnd);
    memset(text, 'x', strlen(bnd));
    free(html_mail(&s, text, "<p>end</p>\n", bnd));
    memcpy(text, bnd, strlen(bnd));
    body = html_mail(&s, text, "<p>end</p>\n", bnd2);
    char next[64]; /* the seed's boundary with the next number */
    snprintf(next, sizeof next, "%.*s1", (int)strlen(bnd) - 1, bnd);
    ck_assert_str_eq(bnd2, next);
    ck_assert_ptr_null(strstr(text, bnd2));
    free(body);
    free(text);
    store_close(&s);
}
END_TEST

/* A UTF-8 HTML part with short lines is 8bit, copied as it is, and so is the whole message's (RFC 2045 6.4:
 * a multipart is 8bit when a part is), though the text is ASCII. */
START_TEST(test_mail_html_8bit)
{
    Store s;
    open_store(&s);
    char bnd[64];
    const char *html = "<p class=\"x\">caf\xc3\xa9 = \xe2\x98\x95</p>\n<p>end</p>\n";
    char *body = html_mail(&s, "Text side\n", html, bnd);
    char *want = want_alternative(bnd, "8bit", "8bit", "Text side\n", html);
    ck_assert_str_eq(body, want);
    free(want);
    free(body);
    store_close(&s);
}
END_TEST

START_TEST(test_mail_from_default)
{
    test_host.from = NULL;
    Store s;
    open_store(&s);
    MailQueue q;
    mail_init(&q, &test_host, &test_rq);
    Err err = {""};
    ck_assert_int_eq(mail_add(&q, "a@a.a", "Genetess help", "h", &err), 0);
    ck_assert_int_eq(mail_flush(&q, &s, 0), 1);
    StrList names = {0};
    list_dir(&s, "outbox", &names);
    ck_assert_int_eq(names.n, 1);
    char rel[128];
    snprintf(rel, sizeof rel, "outbox/%s", names.v[0]);
    ck_assert(strncmp(names.v[0], "0-", 2) == 0);
    char *text = mail_slurp(&s, rel);
    char host[256] = "";
    gethostname(host, sizeof host);
    host[sizeof host - 1] = '\0';
    char *from = xasprintf("genetess@%s", host[0] ? host : "localhost");
    char *id = want_id("0", 0, 1, "a@a.a", "Genetess help", "h", NULL); /* the body as queued */
    char *want = xasprintf("From: %s\nTo: a@a.a\nSubject: Genetess help\nDate: Thu, 01 Jan 1970 00:00:00 +0000\n"
                           "Message-ID: <%s@%s>\nMIME-Version: 1.0\n"
                           "Content-Type: text/plain; charset=us-ascii\nContent-Transfer-Encoding: 7bit\n"
                           "Auto-Submitted: auto-generated\n\nh\n",
                           from, id, host[0] ? host : "localhost");
    free(id);
    free(from);
    ck_assert_str_eq(text, want);
    free(want);
    free(text);
    sl_free(&names);
    mail_free(&q);
    store_close(&s);
}
END_TEST

/* The Message-ID of the message in file path (malloc'd). */
static char *message_id_of(const char *path)
{
    char *text = NULL, *id = NULL;
    Err err = {""};
    if (disk_read_file(path, &text, NULL, &err) == 0) {
        size_t at = strstr(text, "\nMessage-ID: <") ? (size_t)(strstr(text, "\nMessage-ID: <") - text) + 14 : 0;
        id = at ? xasprintf("%.*s", (int)strcspn(text + at, ">"), text + at) : NULL;
    }
    free(text);
    ck_assert_msg(id != NULL, "%s has no Message-ID", path);
    return id;
}

/* Two identical replies in one second — of one queue, of two queues, of two processes — have ids of their own
 * (RFC 5322 3.6.4; de-duplicating mail stores would drop the second), each with a nonce. */
START_TEST(test_mail_ids_unique)
{
    Store s;
    open_store(&s);
    Err err = {""};
    for (int round = 0; round < 3; round++) {
        pid_t pid = round == 2 ? fork() : -1; /* the third round in two processes at once */
        MailQueue q;
        mail_init(&q, &test_host, &test_rq);
        ck_assert_int_eq(mail_add_reply(&q, "alice@a.a", "List of Genetess games", "none\n", &err), 0);
        ck_assert_int_eq(mail_add_reply(&q, "alice@a.a", "List of Genetess games", "none\n", &err), 0);
        ck_assert_int_eq(mail_flush(&q, &s, NOW), 2);
        mail_free(&q);
        if (pid == 0)
            _exit(0);
        if (pid > 0)
            ck_assert_int_eq(waitpid(pid, NULL, 0), pid);
    }
    StrList names = {0};
    list_dir(&s, "outbox", &names);
    ck_assert_int_eq(names.n, 8);
    StrList ids = {0};
    for (int i = 0; i < names.n; i++) {
        char *path = xasprintf("%s/outbox/%s", s.home, names.v[i]);
        char *id = message_id_of(path);
        for (int k = 0; k < ids.n; k++)
            ck_assert_msg(strcmp(ids.v[k], id) != 0, "Message-ID %s twice", id);
        sl_push_owned(&ids, id);
        free(path);
    }
    sl_free(&ids);
    sl_free(&names);
    store_close(&s);
}
END_TEST

START_TEST(test_mail_sendmail)
{
    Store s;
    open_store(&s);
    char sent[128], cmd[200];
    snprintf(sent, sizeof sent, "%s/sent", tmpdir);
    snprintf(cmd, sizeof cmd, "cat >> '%s'", sent);
    test_host.mailer = cmd;
    MailQueue q;
    mail_init(&q, &test_host, &test_rq);
    Err err = {""};
    ck_assert_int_eq(mail_add(&q, "alice@a.a", "Genetess Board 101 bob", "one\n", &err), 0);
    ck_assert_int_eq(mail_add(&q, "bob@b.b", "Genetess Board 101 bob", "two\n", &err), 0);
    ck_assert_int_eq(mail_add(&q, "Alice@A.a", "Genetess Board 101 bob", "three\n", &err), 0);
    ck_assert_int_eq(mail_flush(&q, &s, NOW + 86400), 3);
    char *text = no_nonce(read_abs(sent));
    const char *date = "Wed, 15 Nov 2023 22:13:20 +0000", *from = "referee@example.org";
    /* each Message-ID's number counts the group's messages to that address: bob's first is 1, alice's second 2 */
    char *one = want_msg_at(NOW + 86400, from, "alice@a.a", "Genetess Board 101 bob", date, 1, 1, "one\n");
    char *two = want_msg_at(NOW + 86400, from, "bob@b.b", "Genetess Board 101 bob", date, 1, 1, "two\n");
    char *three = want_msg_at(NOW + 86400, from, "Alice@A.a", "Genetess Board 101 bob", date, 1, 2, "three\n");
    char *both = xasprintf("%s%s%s", one, two, three);
    ck_assert_str_eq(text, both);
    free(both);
    free(three);
    free(one);
    free(two);
    free(text);
    StrList names = {0};
    list_dir(&s, "outbox", &names);
    ck_assert_int_eq(names.n, 0);
    sl_free(&names);
    mail_free(&q);
    store_close(&s);
}
END_TEST

START_TEST(test_mail_sendmail_fails)
{
    Store s;
    open_store(&s);
    char errfile[128];
    snprintf(errfile, sizeof errfile, "%s/stderr", tmpdir);
    static const char *const mailers[] = {"false", "exit 3", "/nonexistent/sendmail -t", "head -c 1 >/dev/null; exit 1"};
    MailQueue q;
    mail_init(&q, &test_host, &test_rq);
    Err err = {""};
    q.mailer = mailers[_i];
    Buf big;
    buf_init(&big);
    for (int i = 0; i < 20000; i++)
        buf_add(&big, "0123456789\n"); /* more than a pipe holds: the mailer stops reading */
    ck_assert_int_eq(mail_add(&q, "alice@a.a", "Genetess Board 101 bob", big.s, &err), 0);
    int saved = stderr_begin(errfile);
    int rc = mail_flush(&q, &s, NOW);
    stderr_end(saved);
    ck_assert_int_eq(rc, 0);

    /* the message stays queued in spool/ (a warning says so) and nothing is in outbox/ */
    StrList names = {0};
    list_dir(&s, "outbox", &names);
    ck_assert_int_eq(names.n, 0);
    sl_free(&names);
    list_dir(&s, "spool", &names);
    ck_assert_int_eq(names.n, 1);
    char *said = read_abs(errfile);
    char *name = xasprintf("0.%d-%ld-1.0001.retry1-%d.mail", NOW, (long)getpid(), NOW); /* one failure, at NOW */
    ck_assert_str_eq(names.v[0], name);
    free(name);
    char *want = xasprintf("genetess: mailer failed; message stays queued as spool/%s and is retried (failed 1 time "
                           "since 2023-11-14 22:13:20 UTC; next try not before 2023-11-14 22:18:20 UTC)\n", names.v[0]);
    ck_assert(strlen(said) >= strlen(want));
    ck_assert_str_eq(said + strlen(said) - strlen(want), want);
    free(want);
    free(said);
    char rel[128];
    snprintf(rel, sizeof rel, "spool/%s", names.v[0]);
    char *text = mail_slurp(&s, rel);
    char *full = want_msg("referee@example.org", "alice@a.a", "Genetess Board 101 bob",
                          "Tue, 14 Nov 2023 22:13:20 +0000", 1, 1, big.s);
    ck_assert(strcmp(text, full) == 0);
    sl_free(&names);

    /* the next delivery once its wait is over retries it: a working mailer (none: outbox/) gets the very same
     * message */
    q.mailer = NULL;
    ck_assert_int_eq(mail_deliver(&q, &s, NULL, NOW + 299), 0);
    ck_assert_int_eq(mail_deliver(&q, &s, NULL, NOW + 300), 1);
    list_dir(&s, "spool", &names);
    ck_assert_int_eq(names.n, 0);
    sl_free(&names);
    list_dir(&s, "outbox", &names);
    ck_assert_int_eq(names.n, 1);
    snprintf(rel, sizeof rel, "outbox/%s", names.v[0]);
    free(text);
    text = mail_slurp(&s, rel);
    ck_assert(strcmp(text, full) == 0);
    free(full);
    free(text);
    buf_free(&big);
    sl_free(&names);
    mail_free(&q);
    store_close(&s);
}
END_TEST

/* a reply names the command's Message-ID ($MESSAGEID, brackets added); a body line over 78
 * characters is folded at a space (continuations indented by two), a word longer than that at 78; a
 * body that is not ASCII is utf-8 8bit. */
START_TEST(test_mail_reply_fold)
{
    Store s;
    open_store(&s);
    test_rq.message_id = "cmd1@players.example.org";
    MailQueue q;
    mail_init(&q, &test_host, &test_rq);
    Err err = {""};
    char word[101];
    memset(word, 'x', 100);
    word[100] = '\0';
    char *body = xasprintf("%s\n%s\nGr\xc3\xbc\xc3\x9f", "The quick brown fox jumps over the lazy dog and keeps "
                           "jumping over the lazy dog until the end of the line.", word);
    ck_assert_int_eq(mail_add_reply(&q, "alice@a.a", "Genetess Board 101 bob", body, &err), 0);
    ck_assert_int_eq(mail_flush(&q, &s, NOW), 1);
    StrList names = {0};
    list_dir(&s, "outbox", &names);
    ck_assert_int_eq(names.n, 1);
    char rel[128];
    snprintf(rel, sizeof rel, "outbox/%s", names.v[0]);
    char *text = mail_slurp(&s, rel);
    char *id = want_id("0", NOW, 1, "alice@a.a", "Genetess Board 101 bob", body, "cmd1@players.example.org");
    char *want = xasprintf("From: referee@example.org\nTo: alice@a.a\nSubject: Genetess Board 101 bob\n"
                           "Date: Tue, 14 Nov 2023 22:13:20 +0000\nMessage-ID: <%s@example.org>\n"
                           "In-Reply-To: <cmd1@players.example.org>\nReferences: <cmd1@players.example.org>\n"
                           "MIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n"
                           "Content-Transfer-Encoding: 8bit\nAuto-Submitted: auto-replied\n\n"
                           "The quick brown fox jumps over the lazy dog and keeps jumping over the lazy\n"
                           "  dog until the end of the line.\n%.78s\n  %s\nGr\xc3\xbc\xc3\x9f\n",
                           id, word, word + 78);
    free(id);
    ck_assert_str_eq(text, want);
    free(want);
    free(text);
    free(body);
    sl_free(&names);
    mail_free(&q);
    store_close(&s);
}
END_TEST

START_TEST(test_mail_reply_address)
{
    Request rq = request_init(0);
    ck_assert_ptr_null(mail_reply_address(&rq, NULL));
    rq.sender = "";
    ck_assert_ptr_null(mail_reply_address(&rq, NULL));
    rq.sender = "a@b.c\nBcc: x@y";
    ck_assert_ptr_null(mail_reply_address(&rq, NULL));
    rq.sender = "alice@example.org";
    ck_assert_str_eq(mail_reply_address(&rq, NULL), "alice@example.org");
}
END_TEST

/* The one message of s's outbox/, read and removed. */
static char *only_mail(Store *s)
{
    StrList names = {0};
    list_dir(s, "outbox", &names);
    ck_assert_int_eq(names.n, 1);
    char *rel = xasprintf("outbox/%s", names.v[0]), *path = store_path(s, rel), *text = slurp(s, rel);
    ck_assert_int_eq(unlink(path), 0);
    free(path);
    free(rel);
    sl_free(&names);
    return text;
}

/* Control characters other than tab and newline never reach outgoing text, whichever way a message is queued: a
 * bare CR, ESC, BEL, DEL and a C1 control (UTF-8) become '?', a CR before a newline goes; other UTF-8 (e-acute,
 * the copyright sign, whose first byte is that of a C1 control) stays, and so does a tab, deep inside a long text
 * too (the scan a block at a time tells the text ASCII or not). (A chat relayed a
 * decoded body's ESC and CR in a 7bit part before.) */
START_TEST(test_mail_controls)
{
    Store s;
    open_store(&s);
    MailQueue q;
    mail_init(&q, &test_host, &test_rq);
    Err err = {""};
    const char *in = "a\rb\x1b[31mred\x07 bell\x7f del \xc2\x9b csi\r\nend\t\xc3\xa9 \xc2\xa9\x01\n";
    const char *out = "a?b?[31mred? bell? del ? csi\nend\t\xc3\xa9 \xc2\xa9?\n";
    char long_in[2101], long_out[2101]; /* one alone deep inside a long text, past many words without any */
    for (int way = 0; way < 9; way++) {
        for (int i = 0; i < 2100; i++)
            long_in[i] = i % 70 == 69 ? '\n' : 'x';
        long_in[2100] = '\0';
        memcpy(long_out, long_in, sizeof long_in);
        const char *deep[] = {"\x1b", "\xc2\x9b", "\x7f", "\r", "\xc3\xa9", "\t"};
        if (way >= 7) { /* no control, deep inside: stays (an e-acute makes the text UTF-8) */
            memcpy(long_in + 1003, deep[way - 3], strlen(deep[way - 3]));
            memcpy(long_out, long_in, sizeof long_in);
        } else if (way >= 3) {
            memcpy(long_in + 1003, deep[way - 3], strlen(deep[way - 3]));
            memcpy(long_out + 1003, way == 4 ? "?x" : "?", way == 4 ? 2 : 1);
            if (way == 4) /* two bytes become one */
                memmove(long_out + 1004, long_out + 1005, strlen(long_out + 1005) + 1);
        }
        const char *text = way >= 3 ? long_in : in;
        int rc = way == 0   ? mail_add(&q, "alice@a.a", "Genetess chat 101 bob", text, &err)
                 : way == 1 ? mail_add_reply(&q, "alice@a.a", "Genetess chat 101 bob", text, &err)
                 : way == 2 ? mail_add_sheet(&q, "alice@a.a", "Genetess Board 101 bob", xstrdup(text),
                                             xasprintf("<p>%s</p>\n", text), &err)
                            : mail_add(&q, "alice@a.a", "Genetess chat 101 bob", text, &err);
        ck_assert_int_eq(rc, 0);
        ck_assert_int_eq(mail_flush(&q, &s, NOW), 1);
        char *msg = only_mail(&s);
        for (const unsigned char *c = (const unsigned char *)msg; *c; c++)
            ck_assert_msg((*c >= 0x20 && *c != 0x7f) || *c == '\n' || *c == '\t', "way %d: byte 0x%02x", way, *c);
        ck_assert_msg(!strstr(msg, "\xc2\x9b"), "way %d: a C1 control", way);
        char *want = xasprintf("\n\n%s", way >= 3 ? long_out : out);
        if (way == 2) { /* the text part, then the HTML part */
            free(want);
            want = xasprintf("\n\n%s\n--", out);
            char *html = xasprintf("\n\n<p>%s</p>\n\n--", out);
            ck_assert_msg(strstr(msg, html), "%s", msg);
            free(html);
        }
        ck_assert_msg(strstr(msg, want), "way %d: %s", way, msg);
        ck_assert_ptr_nonnull(strstr(msg, way >= 3 && way != 7 ? "charset=us-ascii" : "charset=utf-8"));
        free(want);
        free(msg);
    }
    mail_free(&q);
    store_close(&s);
}
END_TEST

/* The scan a block at a time misses no byte: every byte value, alone at each place of the first two 64-byte
 * blocks of a clean text, is kept or made '?' as one byte at a time would, and the text told ASCII exactly when
 * it is. */
START_TEST(test_mail_controls_every_place)
{
    MailQueue q;
    mail_init(&q, &test_host, &test_rq);
    Err err = {""};
    char text[201], want[201];
    for (int c = 1; c < 256; c++)
        for (int at = 0; at < 130; at++) {
            for (int i = 0; i < 200; i++)
                text[i] = i % 70 == 69 ? '\n' : i % 7 == 3 ? '\t' : 'x';
            text[200] = '\0';
            text[at] = (char)c;
            memcpy(want, text, sizeof text);
            bool crlf = c == '\r' && text[at + 1] == '\n';
            if (crlf) /* a CR before a newline goes */
                memmove(want + at, want + at + 1, sizeof want - (size_t)at - 1);
            else if ((c < 0x20 && c != '\t' && c != '\n') || c == 0x7f)
                want[at] = '?';
            ck_assert_int_eq(mail_add(&q, "alice@a.a", "Genetess chat 101 bob", text, &err), 0);
            ck_assert_msg(strcmp(q.m[0].body, want) == 0, "byte 0x%02x at %d", c, at);
            ck_assert_uint_eq(q.m[0].body_len, crlf ? 199 : 200);
            ck_assert_msg(q.m[0].body_ascii == (c < 0x80), "byte 0x%02x at %d", c, at);
            mail_truncate(&q, 0);
        }
    mail_free(&q);
}
END_TEST

/* The longest line of a body and of an HTML part is measured as they are checked for control characters, the
 * clean 64-byte blocks by the places of their first and last newline: whatever the lengths and where a long line
 * lies (within a block, across two or three, the last without its newline, after a control character), it is
 * told exactly from 64 on, and as under 64 when every line is shorter; the folding (over 78) and the HTML
 * part's encoding (over 998) follow it. */
START_TEST(test_mail_line_lengths)
{
    MailQueue q;
    mail_init(&q, &test_host, &test_rq);
    Err err = {""};
    Buf t;
    buf_init(&t);
    unsigned seed = 7;
    for (int round = 0; round < 400; round++) {
        t.len = 0;
        size_t want = 0, cur = 0, total = 600 + (size_t)round * 7, at = (size_t)(round * 37) % total;
        size_t big = round % 5 == 0 ? 0 : (size_t)(60 + (round * 13) % 1000); /* one long line, or none */
        for (size_t k = 0; k < total; k++) {
            seed = seed * 1103515245u + 12345u;
            bool nl = k == at + big || (!(k >= at && k < at + big) && (seed >> 16) % 50 == 0);
            char c = nl ? '\n' : round % 7 == 3 && k == total / 2 ? '\x1b' : (char)('a' + (seed >> 20) % 26);
            buf_addc(&t, c);
            cur = nl ? 0 : cur + 1;
            want = cur > want ? cur : want;
        }
        ck_assert_int_eq(mail_add_sheet(&q, "alice@a.a", "Genetess Board 101 bob", xstrdup(t.s), xstrdup(t.s), &err), 0);
        size_t got = q.m[0].body_longest;
        ck_assert_msg(want >= 64 ? got == want : got < 64, "round %d: longest %zu, told %zu", round, want, got);
        ck_assert_uint_eq(q.m[0].html_longest, got);
        mail_truncate(&q, 0);
    }
    buf_free(&t);
    mail_free(&q);
}
END_TEST

/* Every header line is at most 998 octets: a To: of 80 addresses (an etc/users address field is a list, with
 * or without spaces) and a long Subject are folded into lines of at most 78 that unfold to the value; a To: or
 * Subject with a word that no folding fits is refused; a $PBMFROM that long is not used. (A To: line of 1,015
 * octets went out before.) */
START_TEST(test_mail_long_headers)
{
    Store s;
    open_store(&s);
    MailQueue q;
    mail_init(&q, &test_host, &test_rq);
    Err err = {""};
    Buf to, subject;
    buf_init(&to);
    buf_init(&subject);
    for (int i = 0; i < 80; i++)
        buf_printf(&to, "%splayer%02d@example.org", i ? (i % 2 ? "," : ", ") : "", i);
    for (int i = 0; i < 200; i++)
        buf_printf(&subject, "%sword%d", i ? " " : "", i);
    ck_assert_int_eq(mail_add(&q, to.s, subject.s, "hello\n", &err), 0);
    ck_assert_int_eq(mail_flush(&q, &s, NOW), 1);
    char *msg = only_mail(&s);
    const char *names[] = {"To: ", "Subject: "}, *values[] = {to.s, subject.s};
    for (int h = 0; h < 2; h++) {
        const char *at = strstr(msg, names[h]);
        ck_assert_ptr_nonnull(at);
        Buf unfolded;
        buf_init(&unfolded);
        int lines = 0;
        for (const char *l = at; l == at || *l == ' '; lines++) {
            size_t n = strcspn(l, "\n");
            ck_assert_msg(n <= 78, "%s line %d: %zu characters", names[h], lines, n);
            buf_addn(&unfolded, l, n);
            l += n + 1;
        }
        ck_assert_int_gt(lines, 10);
        char *want = xasprintf("%s%s", names[h], values[h]);
        if (h == 0) { /* a fold after a comma adds a space there: the same addresses, in the same order */
            StrList got = {0}, wanted = {0};
            str_split_words(strchr(unfolded.s, ' '), &got);
            str_split_words(values[h], &wanted);
            Buf a, b;
            buf_init(&a);
            buf_init(&b);
            for (int i = 0; i < got.n; i++)
                buf_add(&a, got.v[i]);
            for (int i = 0; i < wanted.n; i++)
                buf_add(&b, wanted.v[i]);
            ck_assert_str_eq(a.s, b.s);
            ck_assert_uint_eq(a.len, strlen(values[h]) - 39); /* the spaces of its 39 ", " */
            buf_free(&a);
            buf_free(&b);
            sl_free(&got);
            sl_free(&wanted);
        } else {
            ck_assert_str_eq(unfolded.s, want);
        }
        free(want);
        buf_free(&unfolded);
    }
    for (const char *l = msg; *l; l += strcspn(l, "\n") + 1)
        ck_assert_uint_le(strcspn(l, "\n"), 998);
    free(msg);

    char word[1200];
    memset(word, 'w', sizeof word - 1);
    word[sizeof word - 1] = '\0';
    char *long_to = xasprintf("alice@a.a, %.990s@example.org", word);
    ck_assert_int_eq(mail_add(&q, long_to, "Genetess help", "x", &err), -1);
    ck_assert_str_eq(err.msg, "refusing a mail header that no folding fits in lines of 998 octets (To:)");
    char *long_subject = xasprintf("Genetess %.1000s", word);
    ck_assert_int_eq(mail_add(&q, "alice@a.a", long_subject, "x", &err), -1);
    ck_assert_str_eq(err.msg, "refusing a mail header that no folding fits in lines of 998 octets (Subject:)");
    ck_assert_int_eq(q.n, 0);
    char *long_from = xasprintf("referee@%.950s.org", word);
    test_host.from = long_from;
    MailQueue q2;
    mail_init(&q2, &test_host, &test_rq);
    ck_assert_int_eq(mail_add(&q2, "alice@a.a", "Genetess help", "x", &err), 0);
    ck_assert_int_eq(mail_flush(&q2, &s, NOW), 1);
    msg = only_mail(&s);
    ck_assert_ptr_null(strstr(msg, long_from));
    ck_assert(strncmp(msg, "From: genetess@", 15) == 0);
    free(msg);
    mail_free(&q2);
    free(long_from);
    free(long_subject);
    free(long_to);
    buf_free(&subject);
    buf_free(&to);
    mail_free(&q);
    store_close(&s);
}
END_TEST

/* ---------------------------------------------------------------- the spool */

/* A group: its commit record first, then its messages (Message-ID from the group and seq); discarding
 * removes both; once done, its messages are delivered, and a free group of a running process is not
 * another process's to deliver. */
START_TEST(test_spool_group)
{
    Store s;
    open_store(&s);
    MailQueue q;
    mail_init(&q, &test_host, &test_rq);
    Err err = {""};
    ck_assert_int_eq(mail_add(&q, "x@x.x", "kept", "0\n", &err), 0);
    ck_assert_int_eq(mail_add(&q, "alice@a.a", "Genetess Board 101 bob", "1\n", &err), 0);
    ck_assert_int_eq(mail_add(&q, "bob@b.b", "Genetess Board 101 bob", "2\n", &err), 0);
    ck_assert_int_eq(mail_spool_group(&q, &s, &(MailGroup){1, 101, "00000000000000aa", NOW, NULL, 0}, &err), 0);
    ck_assert_int_eq(q.n, 1); /* the messages before index 1 stay queued */
    StrList names = {0};
    list_dir(&s, "spool", &names);
    ck_assert_int_eq(names.n, 4);
    ck_assert_str_eq(names.v[0], ".record"); /* the one empty file every commit record is a link of */
    ck_assert_str_eq(names.v[1], "101.00000000000000aa.0001.mail");
    ck_assert_str_eq(names.v[2], "101.00000000000000aa.0002.mail");
    ck_assert_str_eq(names.v[3], "101.00000000000000aa.commit");
    char *rp = store_path(&s, "spool/101.00000000000000aa.commit"), *sp = store_path(&s, "spool/.record");
    struct stat r1, r2;
    ck_assert_int_eq(stat(rp, &r1), 0);
    ck_assert_int_eq(stat(sp, &r2), 0);
    ck_assert(r1.st_ino == r2.st_ino && r1.st_size == 0); /* a link: no file made for the record */
    free(rp);
    free(sp);
    char *text = mail_slurp(&s, "spool/101.00000000000000aa.0002.mail");
    /* the Message-ID names the board, never the group's tag (a hash of the whole board: contract 8) */
    char *id = want_id("101", NOW, 1, "bob@b.b", "Genetess Board 101 bob", "2\n", NULL); /* bob's first */
    char *line = xasprintf("\nMessage-ID: <%s@example.org>\n", id);
    ck_assert_msg(strstr(text, line), "%s", text);
    ck_assert_ptr_null(strstr(text, "00000000000000aa"));
    free(line);
    free(id);
    free(text);
    sl_free(&names);
    StrList groups = {0};
    ck_assert_int_eq(mail_groups(&s, &groups), 1);
    ck_assert_str_eq(groups.v[0], "101.00000000000000aa");
    sl_free(&groups);
    /* a group with its record is not delivered by a general delivery */
    ck_assert_int_eq(mail_deliver(&q, &s, NULL, NOW), 0);
    /* a state never committed: everything goes */
    mail_group_discard(&s, "101.00000000000000aa");
    list_dir(&s, "spool", &names);
    ck_assert_int_eq(names.n, 1);
    ck_assert_str_eq(names.v[0], ".record");
    sl_free(&names);
    /* a committed one: the record goes, the messages are delivered in order */
    ck_assert_int_eq(mail_add(&q, "carol@c.c", "Genetess Board 102 bob", "3\n", &err), 0);
    ck_assert_int_eq(mail_spool_group(&q, &s, &(MailGroup){1, 102, "none", NOW, NULL, 0}, &err), 0);
    mail_group_done(&s, "102.none");
    ck_assert_int_eq(mail_groups(&s, &groups), 0);
    put(&s, "spool/0.1-1-1.0001.mail", "From: a\n\nx\n"); /* pid 1 runs: its own to deliver */
    ck_assert_int_eq(mail_deliver(&q, &s, NULL, NOW), 1);
    list_dir(&s, "spool", &names);
    ck_assert_int_eq(names.n, 2);
    ck_assert_str_eq(names.v[0], ".record");
    ck_assert_str_eq(names.v[1], "0.1-1-1.0001.mail");
    sl_free(&names);
    list_dir(&s, "outbox", &names);
    ck_assert_int_eq(names.n, 1);
    sl_free(&names);
    mail_free(&q);
    store_close(&s);
}
END_TEST

Suite *mail_suite(void)
{
    Suite *s = suite_create("mail");
    TCase *tm = tcase_create("mail");
    tcase_add_checked_fixture(tm, setup, teardown);
    tcase_set_timeout(tm, 20);
    tcase_add_test(tm, test_mail_add_refuses);
    tcase_add_test(tm, test_mail_truncate);
    tcase_add_test(tm, test_mail_outbox);
    tcase_add_test(tm, test_mail_reply_fold);
    tcase_add_test(tm, test_mail_multipart);
    tcase_add_test(tm, test_mail_html_7bit);
    tcase_add_test(tm, test_mail_html_8bit);
    tcase_add_test(tm, test_mail_from_default);
    tcase_add_test(tm, test_mail_sendmail);
    tcase_add_test(tm, test_mail_ids_unique);
    tcase_add_loop_test(tm, test_mail_sendmail_fails, 0, 4);
    tcase_add_test(tm, test_mail_reply_address);
    tcase_add_test(tm, test_mail_controls);
    tcase_add_test(tm, test_mail_controls_every_place);
    tcase_add_test(tm, test_mail_line_lengths);
    tcase_add_test(tm, test_mail_long_headers);
    tcase_add_test(tm, test_spool_group);
    suite_add_tcase(s, tm);
    return s;
}

