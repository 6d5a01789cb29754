/* Tests of the public site (web, webpage, webreplay; contract 16): names that may make paths, escaping, a
 * page written only when it changed and never through a link or outside the site, the coloured picture
 * keeping the text, and the differential fog test: two servers whose running games differ only in hidden
 * facts (a piece's genes and square, a stored order, addresses, passwords) write byte-identical sites, and
 * no page holds an address, a password or a running game's order; the lock held only to read (each board
 * read with it held, every page written with it free); the manifest's files no longer written removed; one
 * run at a time writes a site; a stopped run's temporaries swept. */
#include "fixtures.h"
#include "boardfile.h"
#include "commands.h"
#include "store.h"
#include "web.h"
#include "webpage.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static char tmp[64];

static void setup(void)
{
    fx_scratch_dir(tmp, sizeof tmp, "genetess-web");
}

static void teardown(void)
{
    fx_rm_tree(tmp);
}

START_TEST(test_names)
{
    ck_assert(webpage_name_ok("101"));
    ck_assert(webpage_name_ok("alice"));
    ck_assert(webpage_name_ok("bot.greedy"));
    ck_assert(webpage_name_ok("a-b_c.html"));
    ck_assert(!webpage_name_ok(""));
    ck_assert(!webpage_name_ok(".."));
    ck_assert(!webpage_name_ok(".hidden"));
    ck_assert(!webpage_name_ok("-x"));
    ck_assert(!webpage_name_ok("a/b"));
    ck_assert(!webpage_name_ok("a b"));
    ck_assert(!webpage_name_ok("<b>"));
    ck_assert(!webpage_name_ok("x\"y"));
}
END_TEST

START_TEST(test_escape)
{
    Buf b;
    buf_init(&b);
    webpage_esc(&b, "<script>alert(\"x\")</script> & 'y'");
    ck_assert_str_eq(b.s, "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; 'y'");
    buf_free(&b);
}
END_TEST

static void stat_of(const char *rel, struct stat *st)
{
    char path[256];
    snprintf(path, sizeof path, "%s/site/%s", tmp, rel);
    ck_assert_int_eq(stat(path, st), 0);
}

/* A page is written once; the same content again writes nothing (inode and times kept); a change replaces
 * it through a rename, readable by anyone (0644). */
START_TEST(test_put_only_when_changed)
{
    WebSite s;
    Err err;
    char dir[128];
    snprintf(dir, sizeof dir, "%s/site", tmp);
    ck_assert_int_eq(webpage_open(&s, dir, NULL, &err), 0);
    ck_assert_int_eq(webpage_dir(&s, "g", &err), 0);
    ck_assert_int_eq(webpage_dir(&s, "g/101", &err), 0);
    ck_assert_int_eq(webpage_put(&s, "g/101/index.html", "one\n", 4, &err), 0);
    struct stat a, b;
    stat_of("g/101/index.html", &a);
    ck_assert_int_eq(a.st_mode & 0777, 0644);
    ck_assert_int_eq(webpage_put(&s, "g/101/index.html", "one\n", 4, &err), 0);
    stat_of("g/101/index.html", &b);
    ck_assert(a.st_ino == b.st_ino && a.st_mtim.tv_sec == b.st_mtim.tv_sec && a.st_mtim.tv_nsec == b.st_mtim.tv_nsec);
    ck_assert_int_eq(s.written, 1);
    ck_assert_int_eq(s.same, 1);
    ck_assert(webpage_holds(&s, "g/101/index.html", "one\n", 4));
    ck_assert(!webpage_holds(&s, "g/101/index.html", "one", 3));
    ck_assert_int_eq(webpage_put(&s, "g/101/index.html", "two\n", 4, &err), 0);
    stat_of("g/101/index.html", &b);
    ck_assert(a.st_ino != b.st_ino);
    ck_assert_int_eq(s.written, 2);
    webpage_close(&s);
}
END_TEST

/* No name leads out of the site, and a link in it is replaced, never followed. */
START_TEST(test_put_stays_inside)
{
    WebSite s;
    Err err;
    char dir[128], outside[128], link[160];
    snprintf(dir, sizeof dir, "%s/site", tmp);
    snprintf(outside, sizeof outside, "%s/outside", tmp);
    ck_assert_int_eq(webpage_open(&s, dir, NULL, &err), 0);
    const char *bad[] = {"../x.html", "g/../../x.html", "/etc/x", "a//b", ".x", "g/.x", "", "p/a b.html"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        ck_assert_int_eq(webpage_put(&s, bad[i], "x", 1, &err), -1);
        ck_assert_int_eq(webpage_dir(&s, bad[i], &err), -1);
    }
    FILE *f = fopen(outside, "w");
    ck_assert_ptr_nonnull(f);
    fputs("untouched\n", f);
    fclose(f);
    snprintf(link, sizeof link, "%s/evil.html", dir);
    ck_assert_int_eq(symlink(outside, link), 0);
    ck_assert(!webpage_holds(&s, "evil.html", "untouched\n", 10)); /* never read through a link */
    ck_assert_int_eq(webpage_put(&s, "evil.html", "page\n", 5, &err), 0);
    char *text = NULL;
    ck_assert_int_eq(disk_read_file(outside, &text, NULL, &err), 0);
    ck_assert_str_eq(text, "untouched\n");
    free(text);
    snprintf(link, sizeof link, "%s/m", dir); /* a directory that is a link is refused */
    ck_assert_int_eq(symlink(tmp, link), 0);
    ck_assert_int_eq(webpage_dir(&s, "m", &err), -1);
    webpage_close(&s);
}
END_TEST

/* A run removes the files of the last run's manifest it did not write, and the game directory they leave
 * empty; never a file the manifest does not name, nor one reached through a link; an unfinished run
 * removes nothing and keeps the names of both. */
START_TEST(test_manifest_removes)
{
    WebSite s;
    Err err;
    char dir[128], path[256];
    snprintf(dir, sizeof dir, "%s/site", tmp);
    ck_assert_int_eq(webpage_open(&s, dir, NULL, &err), 0);
    ck_assert_int_eq(webpage_dir(&s, "g", &err), 0);
    ck_assert_int_eq(webpage_dir(&s, "g/101", &err), 0);
    ck_assert_int_eq(webpage_dir(&s, "g/102", &err), 0);
    ck_assert_int_eq(webpage_put(&s, "index.html", "i\n", 2, &err), 0);
    ck_assert_int_eq(webpage_put(&s, "g/101/index.html", "a\n", 2, &err), 0);
    ck_assert_int_eq(webpage_put(&s, "g/102/index.html", "b\n", 2, &err), 0);
    ck_assert_int_eq(webpage_put(&s, "g/102/0.html", "c\n", 2, &err), 0);
    ck_assert_int_eq(webpage_finish(&s, true, &err), 0);
    ck_assert_int_eq(s.removed, 0);
    webpage_close(&s);
    snprintf(path, sizeof path, "%s/g/101/mine.txt", dir); /* the host's own file beside a page */
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fclose(f);
    /* an unfinished run: nothing removed, the manifest names what either run wrote */
    ck_assert_int_eq(webpage_open(&s, dir, NULL, &err), 0);
    ck_assert_int_eq(webpage_put(&s, "index.html", "i\n", 2, &err), 0);
    ck_assert_int_eq(webpage_finish(&s, false, &err), 0);
    ck_assert_int_eq(s.removed, 0);
    webpage_close(&s);
    ck_assert_int_eq(webpage_open(&s, dir, NULL, &err), 0);
    ck_assert_int_eq(s.old.n, 4);
    ck_assert_int_eq(webpage_put(&s, "index.html", "i\n", 2, &err), 0);
    ck_assert_int_eq(webpage_finish(&s, true, &err), 0);
    ck_assert_int_eq(s.removed, 3);
    webpage_close(&s);
    snprintf(path, sizeof path, "%s/g/102", dir);
    ck_assert_int_ne(access(path, F_OK), 0); /* its directory, left empty, too */
    snprintf(path, sizeof path, "%s/g/101/mine.txt", dir);
    ck_assert_int_eq(access(path, F_OK), 0);
    snprintf(path, sizeof path, "%s/g/101/index.html", dir);
    ck_assert_int_ne(access(path, F_OK), 0);
    /* a manifest naming files through a link or out of the site: none is touched */
    char outside[128], link[192];
    snprintf(outside, sizeof outside, "%s/out", tmp);
    ck_assert_int_eq(mkdir(outside, 0755), 0);
    snprintf(path, sizeof path, "%s/x.html", outside);
    f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fclose(f);
    snprintf(link, sizeof link, "%s/g/103", dir);
    ck_assert_int_eq(symlink(outside, link), 0);
    snprintf(link, sizeof link, "%s/y.html", dir);
    ck_assert_int_eq(symlink(path, link), 0);
    snprintf(link, sizeof link, "%s/" WEBPAGE_MANIFEST, dir);
    f = fopen(link, "w");
    ck_assert_ptr_nonnull(f);
    fputs("genetess web manifest 1\ng/103/x.html\n../out/x.html\ny.html\n", f);
    fclose(f);
    ck_assert_int_eq(webpage_open(&s, dir, NULL, &err), 0);
    ck_assert_int_eq(s.old.n, 2);
    ck_assert_int_eq(webpage_finish(&s, true, &err), 0);
    ck_assert_int_eq(s.removed, 1); /* y.html: the link itself, in the site */
    webpage_close(&s);
    ck_assert_int_eq(access(path, F_OK), 0);
    snprintf(link, sizeof link, "%s/y.html", dir);
    ck_assert_int_ne(access(link, F_OK), 0);
}
END_TEST

/* Pages are written through the site's WEBPAGE_TMP, which a run leaves empty; what a stopped run left there
 * is removed (counted) when the site is opened next; a link in its place is refused, never followed. */
START_TEST(test_temporaries_swept)
{
    WebSite s;
    Err err;
    char dir[128], path[256];
    snprintf(dir, sizeof dir, "%s/site", tmp);
    ck_assert_int_eq(webpage_open(&s, dir, NULL, &err), 0);
    ck_assert_int_eq(s.swept, 0);
    ck_assert_int_eq(webpage_put(&s, "index.html", "i\n", 2, &err), 0);
    webpage_close(&s);
    for (int i = 1; i <= 3; i++) { /* a run stopped after three writes, before their renames */
        snprintf(path, sizeof path, "%s/" WEBPAGE_TMP "/%d", dir, i);
        FILE *f = fopen(path, "w");
        ck_assert_ptr_nonnull(f);
        fclose(f);
    }
    ck_assert_int_eq(webpage_open(&s, dir, NULL, &err), 0);
    ck_assert_int_eq(s.swept, 3);
    for (int i = 1; i <= 3; i++) {
        snprintf(path, sizeof path, "%s/" WEBPAGE_TMP "/%d", dir, i);
        ck_assert_int_ne(access(path, F_OK), 0);
    }
    ck_assert_int_eq(webpage_put(&s, "index.html", "j\n", 2, &err), 0);
    ck_assert(webpage_holds(&s, "index.html", "j\n", 2));
    snprintf(path, sizeof path, "%s/" WEBPAGE_TMP "/1", dir); /* renamed into place, not left */
    ck_assert_int_ne(access(path, F_OK), 0);
    webpage_close(&s);
    char outside[128], victim[192];
    snprintf(outside, sizeof outside, "%s/outside", tmp);
    ck_assert_int_eq(mkdir(outside, 0755), 0);
    snprintf(victim, sizeof victim, "%s/keep", outside);
    FILE *f = fopen(victim, "w");
    ck_assert_ptr_nonnull(f);
    fclose(f);
    snprintf(path, sizeof path, "%s/" WEBPAGE_TMP, dir);
    fx_rm_tree(path);
    ck_assert_int_eq(symlink(outside, path), 0);
    ck_assert_int_eq(webpage_open(&s, dir, NULL, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, WEBPAGE_TMP));
    ck_assert_int_eq(access(victim, F_OK), 0);
}
END_TEST

/* Something not a regular file where a page or the manifest goes (a FIFO here) is never opened, so nothing
 * blocks on it (Check's timeout stops a run that does), and never replaced: the page's write fails with the
 * reason, and the site whose manifest it is is not opened (WEBPAGE_STUCK: the run stops, contract 16). */
START_TEST(test_fifo_never_opened)
{
    WebSite s;
    Err err;
    char dir[128], path[256];
    struct stat st;
    snprintf(dir, sizeof dir, "%s/site", tmp);
    ck_assert_int_eq(webpage_open(&s, dir, NULL, &err), 0);
    snprintf(path, sizeof path, "%s/index.html", dir);
    ck_assert_int_eq(mkfifo(path, 0644), 0);
    ck_assert(!webpage_holds(&s, "index.html", "i\n", 2));
    ck_assert_int_eq(webpage_put(&s, "index.html", "i\n", 2, &err), -1);
    ck_assert_msg(strstr(err.msg, "index.html is a FIFO"), "%s", err.msg);
    ck_assert_int_eq(webpage_finish(&s, false, &err), 0);
    webpage_close(&s);
    ck_assert_int_eq(lstat(path, &st), 0);
    ck_assert(S_ISFIFO(st.st_mode));
    snprintf(path, sizeof path, "%s/" WEBPAGE_MANIFEST, dir);
    ck_assert_int_eq(unlink(path), 0);
    ck_assert_int_eq(mkfifo(path, 0644), 0);
    ck_assert_int_eq(webpage_open(&s, dir, NULL, &err), WEBPAGE_STUCK);
    ck_assert_msg(strstr(err.msg, WEBPAGE_MANIFEST " is a FIFO"), "%s", err.msg);
    ck_assert_int_eq(lstat(path, &st), 0);
    ck_assert(S_ISFIFO(st.st_mode));
}
END_TEST

/* The picture's text, its elements taken out and its entities read, is the text it was given. */
START_TEST(test_picture_keeps_text)
{
    const char *pic = "   A B C\n 1 # + * 1\n 2 a o @ 2\n 3 . b & 3\n   A B C\n";
    Buf b;
    buf_init(&b);
    webpage_picture(&b, pic, strlen(pic), 1);
    ck_assert_ptr_nonnull(strstr(b.s, "<b class=\"ew\">#</b>"));
    ck_assert_ptr_nonnull(strstr(b.s, "<b class=\"pa\">a</b>"));
    ck_assert_ptr_nonnull(strstr(b.s, "<b class=\"pb\">@</b>")); /* reader 1's own: b's colour */
    ck_assert_ptr_nonnull(strstr(b.s, "<b class=\"or\">o</b>"));
    Buf t;
    buf_init(&t);
    const char *p = strchr(b.s, '>') + 1, *end = strstr(b.s, "</pre>");
    while (p < end) {
        if (*p == '<')
            p = strchr(p, '>') + 1;
        else if (strncmp(p, "&amp;", 5) == 0)
            buf_addc(&t, '&'), p += 5;
        else
            buf_addc(&t, *p++);
    }
    ck_assert_str_eq(t.s, pic);
    buf_free(&t);
    buf_free(&b);
}
END_TEST

/* ---- the differential fog test: two servers ---- */

/* Runs words in home, with body (NULL: none) as the mail's body. */
static int run_body(const char *home, const char *words, const char *body)
{
    Request rq = request_init(1800000000);
    rq.body = body;
    Host host = request_host_init();
    host.home = home;
    host.from = "referee@example.org";
    return fx_run_command(&host, &rq, words);
}

static int run_in(const char *home, const char *words)
{
    Request rq = request_init(1800000000);
    Host host = request_host_init();
    host.home = home;
    host.from = "referee@example.org";
    return fx_run_command(&host, &rq, words);
}

static void cmd(const char *home, const char *fmt, const char *a, const char *b)
{
    char words[256];
    snprintf(words, sizeof words, fmt, a, b);
    ck_assert_msg(run_in(home, words) == EXIT_DONE, "%s failed", words);
}

/* The square next to alice's King on board 102 of home, k-th free floor one (N, E, S, W order), by name. */
static void free_square(const char *home, int k, char name[8])
{
    char *text = NULL;
    Err err;
    Store st = {.home = (char *)home, .lockfd = -1};
    ck_assert_int_eq(store_load_board(&st, 102, &text, NULL, &err), 0);
    Board *b = boardfile_parse(text, "102", &err);
    ck_assert_ptr_nonnull(b);
    free(text);
    int king = -1;
    for (int i = 0; i < b->npc && king < 0; i++)
        if (b->pc[i].owner == 0)
            king = b->pc[i].sq;
    const int dirs[4] = {DIR_N, DIR_E, DIR_S, DIR_W};
    for (int d = 0; d < 4; d++) {
        int sq = board_step(b, king, dirs[d]);
        if (sq >= 0 && board_is_floor(b, sq) && b->at[sq] < 0 && k-- == 0) {
            board_sq_name(b, sq, name);
            board_free(b);
            return;
        }
    }
    ck_abort_msg("no free square next to alice's King");
}

/* One server: a finished game played alike, and a running game where alice's new piece (genes, square), bob's
 * stored order and chat, every address and password are the server's own. */
static void server(const char *home, int which)
{
    static const char *const pw[2][3] = {{"Pw4Alice", "Pw4Bob", "Pw4Carol"}, {"Other1a", "Other2b", "Other3c"}};
    static const char *const at[2] = {"example.org", "hidden.example.net"};
    const char *ids[3] = {"alice", "bob", "carol"};
    ck_assert_int_eq(mkdir(home, 0700), 0);
    for (int i = 0; i < 3; i++) {
        char words[160];
        snprintf(words, sizeof words, "signup %s %s %s@%s", ids[i], pw[which][i], ids[i], at[which]);
        ck_assert_int_eq(run_in(home, words), EXIT_DONE);
    }
    ck_assert_int_eq(run_in(home, "challenge --gamble=none --start-e=80 --seed=7 --name=<b>Demo&game alice bob"),
                     EXIT_DONE);
    const char *moves[][2] = {{"alice", "CREATE C4 ABBBBBB"}, {"bob", "PASS"}, {"alice", "MOVE C4 S-E-E-E-E-E-E"},
                              {"bob", "PASS"}, {"alice", "MOVE I5 S-E-S-S-E-E-E"}, {"bob", "PASS"},
                              {"alice", "MOVE M8 E-E-E-E-E-S-S"}};
    for (size_t m = 0; m < sizeof moves / sizeof *moves; m++) {
        char who[64];
        snprintf(who, sizeof who, "%s %s", moves[m][0], pw[which][moves[m][0][0] == 'a' ? 0 : 1]);
        cmd(home, "move 101 %s %s", who, moves[m][1]);
    }
    ck_assert_int_eq(run_in(home, "challenge --gamble=none --start-e=80 --seed=5 alice bob carol"), EXIT_DONE);
    char sq[8], order[64];
    free_square(home, which, sq);
    snprintf(order, sizeof order, "CREATE %s %s", sq, which ? "AD" : "A");
    cmd(home, "move 102 alice %s %s", pw[which][0], order);
    if (which) {
        cmd(home, "queue 102 bob %s %s", pw[which][1], "MOVE C4 N");
        char words[96];
        snprintf(words, sizeof words, "chat 102 bob %s", pw[which][1]);
        ck_assert_int_eq(run_body(home, words, "Secret plan: gang up on alice\n"), EXIT_DONE);
    }
}

static bool same_trees(const char *a, const char *b)
{
    char c[512];
    snprintf(c, sizeof c, "diff -r '%s' '%s' >/dev/null", a, b);
    return system(c) == 0;
}

static bool tree_has(const char *dir, const char *text)
{
    char c[512];
    snprintf(c, sizeof c, "grep -rqF -e '%s' '%s'", text, dir);
    return system(c) == 0;
}

START_TEST(test_differential_fog)
{
    char ha[96], hb[96], sa[96], sb[96], words[128];
    snprintf(ha, sizeof ha, "%s/a", tmp);
    snprintf(hb, sizeof hb, "%s/b", tmp);
    snprintf(sa, sizeof sa, "%s/site-a", tmp);
    snprintf(sb, sizeof sb, "%s/site-b", tmp);
    server(ha, 0);
    server(hb, 1);
    snprintf(words, sizeof words, "web %s", sa);
    ck_assert_int_eq(run_in(ha, words), EXIT_DONE);
    snprintf(words, sizeof words, "web %s", sb);
    ck_assert_int_eq(run_in(hb, words), EXIT_DONE);
    ck_assert(tree_has(sa, "Genetess board 102")); /* the pages were written */
    ck_assert(tree_has(sa, "MOVE M8 E-E-E-E-E-S-S")); /* the finished game is public */
    ck_assert(same_trees(sa, sb));
    const char *never[] = {"example.org", "hidden.example", "Pw4Alice", "Pw4Bob", "Other1a", "Other2b",
                           "MOVE C4 N", "<b>Demo", "Secret plan"};
    for (size_t i = 0; i < sizeof never / sizeof *never; i++)
        ck_assert_msg(!tree_has(sa, never[i]) && !tree_has(sb, never[i]), "a page holds %s", never[i]);
    char c[256]; /* the running game's order is on no page; the finished game's CREATE only on its own */
    snprintf(c, sizeof c, "grep -rlF CREATE '%s' | grep -qv '/g/101/'", sa);
    ck_assert_int_ne(system(c), 0);
    ck_assert(tree_has(sa, "&lt;b&gt;Demo&amp;game")); /* the name a player gave, escaped */
    /* the site may not be the server's home nor in it; nothing is made there */
    snprintf(words, sizeof words, "web %s/site", ha);
    ck_assert_int_eq(run_in(ha, words), EXIT_REFUSED);
    snprintf(words, sizeof words, "%s/site", ha);
    ck_assert_int_ne(access(words, F_OK), 0);
}
END_TEST

/* ---- the lock held only to read ---- */

/* What the watch saw of a run: reads and writes, and those that found the lock not as they should. */
typedef struct LockSeen {
    char lockfile[160];
    int reads, writes, sites, wrong;
    char first_wrong[160];
    char stale[200];     /* when set: at the first write, a command is stopped holding the lock, leaving this */
} LockSeen;

/* What a command stopped while holding the lock leaves: the lock file's mark 1 and a temporary of a
 * process that no longer runs. */
static void stopped_command(LockSeen *l)
{
    pid_t dead = fork();
    ck_assert_int_ge(dead, 0);
    if (dead == 0)
        _exit(0);
    ck_assert_int_eq(waitpid(dead, NULL, 0), dead);
    int fd = open(l->lockfile, O_RDWR);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(pwrite(fd, "1", 1, 0), 1);
    close(fd);
    char *slash = strrchr(l->stale, '/');
    snprintf(slash, sizeof l->stale - (size_t)(slash - l->stale), "/.101.tmp.%ld", (long)dead);
    FILE *f = fopen(l->stale, "w");
    ck_assert_ptr_nonnull(f);
    fclose(f);
}

static LockSeen lock_seen;

/* Whether another process may take the store's lock now (a process's own fcntl lock never stops itself). */
static bool lock_free(const char *lockfile)
{
    fflush(NULL);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        int fd = open(lockfile, O_RDWR);
        struct flock fl = {.l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = 0, .l_len = 0};
        _exit(fd >= 0 && fcntl(fd, F_SETLK, &fl) == 0 ? 0 : 1);
    }
    int st = 0;
    ck_assert_int_eq(waitpid(pid, &st, 0), pid);
    return WIFEXITED(st) && WEXITSTATUS(st) == 0;
}

/* A board read must find the lock held; a page written, or the site's own files read (its manifest, its
 * temporaries swept), free. */
static void lock_watch(void *arg, WebEvent ev, const char *what)
{
    LockSeen *l = arg;
    bool held = !lock_free(l->lockfile);
    *(ev == WEB_READ ? &l->reads : ev == WEB_WRITE ? &l->writes : &l->sites) += 1;
    if (ev == WEB_WRITE && l->stale[0] && !strstr(l->stale, ".tmp."))
        stopped_command(l);
    if (held != (ev == WEB_READ) && !l->wrong++)
        snprintf(l->first_wrong, sizeof l->first_wrong, "%s %s with the lock %s", ev == WEB_READ ? "read" : "wrote",
                 what, held ? "held" : "free");
}

static int watched_web(CommandCtx *c)
{
    const WebWatch w = {.seen = lock_watch, .arg = &lock_seen};
    return web_site(c, &w);
}

/* A command run while `web` writes its pages is not kept waiting: each board is read with the lock held and
 * every page is compared and written, the site's manifest read and its temporaries swept, with it let go —
 * on the first run and again after a move. A command
 * stopped holding the lock between two of web's reads leaves nothing: taking the lock again, web finishes
 * what it left (its stale temporary goes) and the lock's mark ends 0. */
START_TEST(test_lock_only_to_read)
{
    char home[96], site[128];
    snprintf(home, sizeof home, "%s/a", tmp);
    snprintf(site, sizeof site, "%s/site", tmp);
    server(home, 0);
    Command cmd = *command_find("web");
    cmd.run = watched_web;
    Request rq = request_init(1800000000);
    Host host = request_host_init();
    host.home = home;
    char *argv[] = {site, NULL};
    for (int run = 0; run < 2; run++) {
        lock_seen = (LockSeen){0};
        snprintf(lock_seen.lockfile, sizeof lock_seen.lockfile, "%s/games/Genetess/.lockfile", home);
        if (run == 0)
            snprintf(lock_seen.stale, sizeof lock_seen.stale, "%s/games/Genetess/x", home);
        fflush(stdout);
        int out = dup(1), null = open("/dev/null", O_WRONLY);
        dup2(null, 1);
        int rc = pipeline_run(&cmd, &host, &rq, 1, argv, NULL);
        dup2(out, 1);
        close(out);
        close(null);
        ck_assert_int_eq(rc, EXIT_DONE);
        ck_assert_msg(lock_seen.wrong == 0, "run %d: %d wrong, the first: %s", run, lock_seen.wrong,
                      lock_seen.first_wrong);
        ck_assert_int_eq(lock_seen.reads, 2); /* boards 101 and 102 */
        ck_assert_int_eq(lock_seen.sites, 2); /* the temporaries swept, the manifest read */
        ck_assert_int_gt(lock_seen.writes, 10);
        ck_assert(lock_free(lock_seen.lockfile));
        if (run == 0) {
            ck_assert_msg(strstr(lock_seen.stale, ".tmp."), "no command was stopped");
            ck_assert_msg(access(lock_seen.stale, F_OK) != 0, "%s was left", lock_seen.stale);
            char mark = '\0';
            int fd = open(lock_seen.lockfile, O_RDONLY);
            ck_assert_int_eq(pread(fd, &mark, 1, 0), 1);
            close(fd);
            ck_assert_int_eq(mark, '0');
        }
        run_in(home, "move 102 bob Pw4Bob PASS"); /* the next run reads a changed board */
    }
}
END_TEST

/* One run at a time writes a site: while another process holds the site's lock, the site cannot be opened
 * (busy) and web exits 3, writing nothing; once it lets go, web writes the site. */
START_TEST(test_site_busy)
{
    char home[96], dir[128], lock[160], words[160];
    snprintf(home, sizeof home, "%s/home", tmp);
    snprintf(dir, sizeof dir, "%s/site", tmp);
    snprintf(lock, sizeof lock, "%s/" WEBPAGE_LOCK, dir);
    ck_assert_int_eq(mkdir(home, 0700), 0);
    ck_assert_int_eq(mkdir(dir, 0755), 0);
    int ready[2], hold[2];
    ck_assert_int_eq(pipe(ready), 0);
    ck_assert_int_eq(pipe(hold), 0);
    fflush(NULL);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) { /* another run: holds the site's lock until the test closes hold */
        char c;
        int fd = open(lock, O_RDWR | O_CREAT, 0644);
        struct flock fl = {.l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = 0, .l_len = 0};
        bool ok = fd >= 0 && fcntl(fd, F_SETLK, &fl) == 0;
        close(hold[1]);
        ok = write(ready[1], ok ? "y" : "n", 1) == 1 && ok;
        ok = read(hold[0], &c, 1) == 0 && ok;
        _exit(ok ? 0 : 1);
    }
    close(hold[0]);
    close(ready[1]);
    char c = '\0';
    ck_assert_int_eq(read(ready[0], &c, 1), 1);
    ck_assert_int_eq(c, 'y');
    WebSite s;
    Err err;
    ck_assert_int_eq(webpage_open(&s, dir, NULL, &err), WEBPAGE_BUSY);
    snprintf(words, sizeof words, "web %s", dir);
    ck_assert_int_eq(run_in(home, words), EXIT_SYSTEM);
    snprintf(words, sizeof words, "%s/index.html", dir);
    ck_assert_int_ne(access(words, F_OK), 0);
    close(hold[1]);
    int st = 0;
    ck_assert_int_eq(waitpid(pid, &st, 0), pid);
    ck_assert(WIFEXITED(st) && WEXITSTATUS(st) == 0);
    close(ready[0]);
    snprintf(words, sizeof words, "web %s", dir);
    ck_assert_int_eq(run_in(home, words), EXIT_DONE);
    snprintf(words, sizeof words, "%s/index.html", dir);
    ck_assert_int_eq(access(words, F_OK), 0);
}
END_TEST

Suite *web_suite(void)
{
    Suite *s = suite_create("web");
    TCase *tc = tcase_create("pages");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_names);
    tcase_add_test(tc, test_escape);
    tcase_add_test(tc, test_put_only_when_changed);
    tcase_add_test(tc, test_put_stays_inside);
    tcase_add_test(tc, test_manifest_removes);
    tcase_add_test(tc, test_site_busy);
    tcase_add_test(tc, test_temporaries_swept);
    tcase_add_test(tc, test_fifo_never_opened);
    tcase_add_test(tc, test_picture_keeps_text);
    suite_add_tcase(s, tc);
    tc = tcase_create("fog");
    tcase_set_timeout(tc, 60);
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_differential_fog);
    tcase_add_test(tc, test_lock_only_to_read);
    suite_add_tcase(s, tc);
    return s;
}
