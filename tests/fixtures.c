/* fixtures: tiny boards from ASCII art for the unit tests, and helpers to run orders on them. */
#include "fixtures.h"
#include "commands.h"
#include "pipeline.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *const names[] = {"alice", "bob", "carol", "dave", "erin", "frank", "gina", "hank"};

const char *const fx_open_rows[] = {
    "######################",
    "#....................#",
    "#....................#",
    "#....................#",
    "#....................#",
    "#....................#",
    "######################",
    NULL,
};

const char *const fx_rule_page_rows[] = {
    "################",
    "#..............#",
    "#..............#",
    "#..............#",
    "#..............#",
    "################",
    NULL,
};

Board *fx_board(const char *const *rows, int nplayers, int64_t e)
{
    Board *b = board_new();
    int h = 0, w = 0;
    while (rows[h]) {
        int n = (int)strlen(rows[h]);
        if (n > w)
            w = n;
        h++;
    }
    board_set_size(b, w, h);
    for (int r = 0; r < h; r++)
        for (int c = 0; rows[r][c]; c++)
            b->ter[board_sq(b, c, r)] = rows[r][c];
    b->number = 101;
    b->np = nplayers;
    b->pl = xcalloc((size_t)nplayers, sizeof *b->pl);
    for (int i = 0; i < nplayers; i++) {
        snprintf(b->pl[i].id, sizeof b->pl[i].id, "%s", names[i]);
        b->pl[i].e = e;
        b->pl[i].start = i + 1;
        b->pl[i].holiday_left = 14 * 86400;
    }
    b->par.gamble = GAMBLE_MODE_NONE;
    b->par.seed = 42;
    snprintf(b->par.map, sizeof b->par.map, "test");
    rng_seed(&b->rng, 42);
    b->phase = PHASE_PLAY;
    b->round = 1;
    b->seat = 0;
    return b;
}

int fx_sq(const Board *b, const char *name)
{
    int sq = -1;
    Err err;
    ck_assert_msg(board_parse_sq(b, name, &sq, &err) == 0, "bad square %s", name);
    return sq;
}

Piece *fx_piece(Board *b, const char *sq, int p, const char *seq)
{
    Genome g;
    Err err;
    ck_assert_msg(piece_parse(seq, &g, true, &err) == 0, "bad sequence %s", seq);
    int s = fx_sq(b, sq);
    ck_assert_msg(!board_piece_at(b, s), "two pieces on %s", sq);
    return board_add_piece(b, s, p, &g);
}

const char *fx_seq(const Board *b, const char *sq)
{
    static char buf[512];
    Piece *p = board_piece_at(b, fx_sq(b, sq));
    if (!p)
        return "";
    return piece_format(&p->g, true, buf, sizeof buf);
}

int fx_owner(const Board *b, const char *sq)
{
    Piece *p = board_piece_at(b, fx_sq(b, sq));
    return p ? p->owner : -1;
}

/* fx_order and fx_order_why: the order run, its failure's words into msg and its reason into why (each NULL:
 * not wanted). */
static int fx_order_run(Board *b, int p, const char *text, char *msg, size_t size, FailReason *why)
{
    Order o;
    Err err;
    ck_assert_msg(order_parse(b, text, &o, &err) == 0, "order %s does not parse: %s", text, err.msg);
    Game g;
    game_init(&g, b, 1000000);
    g.replay = true; /* no queue processing, no sheets */
    int rc = turn_play(&g, p, &o, false);
    if (msg)
        failure_say(b, &g.fail.why, msg, size);
    if (why)
        *why = g.fail.why;
    game_done(&g);
    order_free(&o);
    fx_check(b);
    return rc;
}

int fx_order(Board *b, int p, const char *text, char *msg, size_t size)
{
    return fx_order_run(b, p, text, msg, size, NULL);
}

int fx_order_why(Board *b, int p, const char *text, FailReason *why)
{
    return fx_order_run(b, p, text, NULL, 0, why);
}

int fx_submit(Game *g, int p, const char *text, char *msg, size_t size)
{
    OrderList l = {0};
    Err err;
    ck_assert_msg(order_parse_list(g->b, text, &l, &err) == 0, "order %s does not parse: %s", text, err.msg);
    Submission s;
    int st = submit_message(g, p, &l, &s);
    if (msg) { /* the reason alone: the result without "<order>: " */
        const char *r = s.result;
        size_t n = strlen(l.v[0].text);
        if (st != SUBMIT_DONE && strncmp(r, l.v[0].text, n) == 0 && strncmp(r + n, ": ", 2) == 0)
            r += n + 2;
        snprintf(msg, size, "%s", r);
    }
    submit_free(&s);
    order_list_free(&l);
    return st == SUBMIT_DONE ? 0 : st == SUBMIT_FAILED ? -1 : ORDER_REFUSED;
}

unsigned fx_move_records(const Board *b)
{
    unsigned seen = 0;
    for (int i = 0; i < b->moves.n; i++) {
        MoveRecord r;
        ck_assert_msg(movelist_parse(b->moves.v[i], &r), "not a move record: %s", b->moves.v[i]);
        char *line = movelist_format(&r);
        ck_assert_str_eq(line, b->moves.v[i]);
        free(line);
        seen |= 1u << r.kind | (r.autorun ? 1u << 8 : 0) | (r.failed ? 1u << 9 : 0);
    }
    return seen;
}

void fx_check(const Board *b)
{
    Err err;
    ck_assert_msg(board_check(b, &err) == 0, "invariant broken: %s", err.msg);
}

const char *fx_news(const Board *b, int p)
{
    static char buf[8192];
    size_t k = 0;
    buf[0] = '\0';
    for (int i = 0; i < b->pl[p].news.n && k < sizeof buf - 1; i++)
        k += (size_t)snprintf(buf + k, sizeof buf - k, "%s\n", b->pl[p].news.v[i].text);
    return buf;
}

/* rm -rf path (no symlinks followed). */
void fx_rm_tree(const char *path)
{
    struct stat st;
    if (lstat(path, &st) < 0)
        return;
    if (S_ISDIR(st.st_mode)) {
        DIR *d = opendir(path);
        if (d) {
            struct dirent *de;
            while ((de = readdir(d)) != NULL) {
                if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
                    continue;
                char *sub = xasprintf("%s/%s", path, de->d_name);
                fx_rm_tree(sub);
                free(sub);
            }
            closedir(d);
        }
        rmdir(path);
    } else {
        unlink(path);
    }
}

void fx_special(Board *b, int code, const char *sq, const char *text)
{
    b->sp = xrealloc(b->sp, sizeof *b->sp * (size_t)(b->nsp + 1));
    Special *s = &b->sp[b->nsp++];
    memset(s, 0, sizeof *s);
    s->code = code;
    s->sq = fx_sq(b, sq);
    s->text = xstrdup(text);
}

/* mkmap.awk's generator: Park-Miller, 0 <= result < k. */
static int bench_rnd(int64_t *seed, int k)
{
    *seed = *seed * 16807 % 2147483647;
    return (int)(*seed % k);
}

/* mkmap.awk's free_sq: a floor square with nothing on it and outside the start rooms, marked used. */
static int bench_free_sq(char **g, char *used, const char *room, int n, int64_t *seed)
{
    int r, c;
    do {
        r = 1 + bench_rnd(seed, n - 2);
        c = 1 + bench_rnd(seed, n - 2);
    } while (g[r][c] != '.' || used[r * n + c] || room[r * n + c]);
    used[r * n + c] = 1;
    return r * n + c;
}

Board *fx_bench_board(int n, int per, int nspec, int64_t e)
{
    static const double pos[8][2] = {{.12, .12}, {.12, .5}, {.12, .88}, {.5, .88},
                                     {.88, .88}, {.88, .5}, {.88, .12}, {.5, .12}};
    static const int codes[10] = {1, 4, 5, 11, 12, 14, 16, 17, 20, 22};
    static const char *const seqs[6] = {"A", "AB", "AD", "ACD", "ABD", "A"};
    int64_t seed = 20261124;
    char **g = xcalloc((size_t)n + 1, sizeof *g), *used = xcalloc((size_t)(n * n), 1), *room = xcalloc((size_t)(n * n), 1);
    int start[8];
    for (int r = 0; r < n; r++) {
        g[r] = xmalloc((size_t)n + 1);
        for (int c = 0; c < n; c++)
            g[r][c] = r == 0 || c == 0 || r == n - 1 || c == n - 1 ? '#' : '.';
        g[r][n] = '\0';
    }
    for (int i = 0; i < 8; i++) {
        int sr = (int)(pos[i][0] * (n - 1)), sc = (int)(pos[i][1] * (n - 1));
        start[i] = sr * n + sc;
        for (int r = sr - 2; r <= sr + 2; r++)
            for (int c = sc - 2; c <= sc + 2; c++)
                if (r >= 0 && c >= 0 && r < n && c < n)
                    room[r * n + c] = 1;
    }
    for (int k = 0, walls = (n - 2) * (n - 2) / 100; k < walls; k++) { /* segments of 3 squares */
        int r = 1 + bench_rnd(&seed, n - 2), c = 1 + bench_rnd(&seed, n - 2), d = bench_rnd(&seed, 2);
        for (int j = 0; j < 3; j++) {
            int rr = r + (d ? j : 0), cc = c + (d ? 0 : j);
            if (rr < n - 1 && cc < n - 1 && !room[rr * n + cc])
                g[rr][cc] = '+';
        }
    }
    Board *b = fx_board((const char *const *)g, 8, e);
    char nm[16];
    for (int i = 0; i < 8; i++) {
        used[start[i]] = 1;
        fx_piece(b, board_sq_name(b, board_sq(b, start[i] % n, start[i] / n), nm), i, "K");
    }
    for (int k = 0; k < nspec; k++) {
        int sq = bench_free_sq(g, used, room, n, &seed);
        char *text = xasprintf("Bench special %d", k + 1);
        fx_special(b, codes[k % 10], board_sq_name(b, board_sq(b, sq % n, sq / n), nm), text);
        free(text);
    }
    for (int k = 0; k < 8 * (per - 1); k++) {
        int sq = bench_free_sq(g, used, room, n, &seed);
        fx_piece(b, board_sq_name(b, board_sq(b, sq % n, sq / n), nm), k % 8, seqs[k % 6]);
    }
    for (int r = 0; r < n; r++)
        free(g[r]);
    free(g);
    free(used);
    free(room);
    return b;
}

int fx_run_command(const Host *host, const Request *rq, const char *words)
{
    const char *home = host->home;
    char buf[512];
    snprintf(buf, sizeof buf, "%s", words);
    char *argv[32];
    int argc = 0;
    for (char *save = NULL, *w = strtok_r(buf, " ", &save); w && argc < 32; w = strtok_r(NULL, " ", &save))
        argv[argc++] = w;
    const Command *c = argc ? command_find(argv[0]) : NULL;
    ck_assert_ptr_nonnull(c);
    char path[128];
    snprintf(path, sizeof path, "%s/reply", home);
    fflush(stdout);
    int out = dup(1), f = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    dup2(f, 1);
    int rc = pipeline_run(c, host, rq, argc - 1, argv + 1, NULL);
    fflush(stdout);
    dup2(out, 1);
    close(out);
    close(f);
    return rc;
}

char *fx_scratch_dir(char *buf, size_t size, const char *name)
{
    const char *tmp = getenv("TMPDIR");
    int n = snprintf(buf, size, "%s/%s.XXXXXX", tmp && *tmp ? tmp : "/tmp", name);
    ck_assert_msg(n > 0 && (size_t)n < size, "the scratch directory's name does not fit in %zu bytes", size);
    ck_assert_ptr_nonnull(mkdtemp(buf));
    return buf;
}
