/* Tests of legal: the orders a player's pieces can give, from what the player knows (contract 8, 14.2). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixtures.h"
#include "legal.h"
#include "sight.h"

static const char *const ring5[] = {
    "#######",
    "#.....#",
    "#.....#",
    "#.....#",
    "#.....#",
    "#.....#",
    "#######",
    NULL,
};

/* Every listed order with its note, one a line, groups opened by "@SQ" (or "@-"). Caller frees. */
static char *listed(const Board *b, int player, int sq)
{
    LegalList l;
    Buf o;
    char nm[16];
    buf_init(&o);
    legal_orders(b, player, sq, &l);
    for (int i = 0; i < l.n; i++) {
        buf_printf(&o, "@%s\n", l.v[i].sq >= 0 ? board_sq_name(b, l.v[i].sq, nm) : "-");
        for (int k = 0; k < l.v[i].orders.n; k++)
            buf_printf(&o, "%s%s%s\n", l.v[i].orders.v[k], *l.v[i].notes.v[k] ? " ; " : "", l.v[i].notes.v[k]);
    }
    legal_free(&l);
    return o.s;
}

START_TEST(test_lone_a)
{
    Board *b = fx_board(ring5, 2, 0);
    fx_piece(b, "D4", 0, "A");
    fx_piece(b, "D5", 1, "A");
    char *t = listed(b, 0, -1);
    ck_assert_str_eq(t, "@D4\n"
                        "MOVE D4 N\n"
                        "MOVE D4 W\n"
                        "MOVE D4 E\n"
                        "MOVE D4 S ; capture\n"
                        "@-\n"
                        "PASS\n");
    free(t);
    board_free(b);
}
END_TEST

START_TEST(test_king_creates_and_walls)
{
    static const char *const rows[] = {"#####", "#.+.#", "#...#", "#####", NULL};
    Board *b = fx_board(rows, 2, 100);
    fx_piece(b, "B2", 0, "BK");
    char *t = listed(b, 0, -1);
    ck_assert_str_eq(t, "@B2\n"
                        "MOVE B2 S-N\n"
                        "MOVE B2 S-E\n"
                        "@-\n"
                        "CREATE C2 AO ; wall\n"
                        "CREATE B3 A\n"
                        "CREATE C3 A\n"
                        "PASS\n");
    free(t);
    board_free(b);
}
END_TEST

/* A hidden fact (a piece out of view, a phased enemy, a wall out of view, an unseen piece's codes, the
 * enemy's E) changes nothing in the list. */
START_TEST(test_hidden_facts_change_nothing)
{
    static const char *const rows[] = {
        "############", "#..........#", "#..........#", "#..........#", "#..........#", "############", NULL,
    };
    Board *b = fx_board(rows, 2, 10);
    fx_piece(b, "B3", 0, "ABCDEHJKNTXZ");
    fx_piece(b, "D3", 1, "A");
    char *before = listed(b, 0, -1);
    Board *c = fx_board(rows, 2, 10);
    fx_piece(c, "B3", 0, "ABCDEHJKNTXZ");
    fx_piece(c, "D3", 1, "AKW");      /* undecoded: colour only */
    fx_piece(c, "C4", 1, "Ar");       /* phased: invisible */
    fx_piece(c, "K2", 1, "AK");       /* out of view */
    c->ter[fx_sq(c, "J4")] = TER_IWALL; /* out of view */
    c->pl[1].e = 99;
    char *after = listed(c, 0, -1);
    ck_assert_str_eq(before, after);
    free(before);
    free(after);
    board_free(b);
    board_free(c);
}
END_TEST

/* Out of view the list goes by the player's map, never by the board: an exterior wall made where they did not see
 * it (S2) changes nothing, one they saw made stands in the way (contract 8). */
START_TEST(test_walls_out_of_view_from_the_map)
{
    static const char *const rows[] = {
        "############", "#..........#", "#..........#", "#..........#", "#..........#", "############", NULL,
    };
    Board *b = fx_board(rows, 2, 10);
    fx_piece(b, "B3", 0, "ABBBB"); /* sees A2..C4; moves five squares */
    fx_piece(b, "K2", 1, "K");
    board_start_fix(b);
    char *before = listed(b, 0, -1);
    ck_assert_msg(strstr(before, "MOVE B3 E-E-E-E-E\n"), "%s", before);
    int g3 = fx_sq(b, "G3");
    b->ter[g3] = TER_XWALL; /* out of alice's view */
    char *after = listed(b, 0, -1);
    ck_assert_str_eq(before, after);
    board_known_set(b, 0, g3, TER_XWALL); /* as if she had seen it made */
    char *known = listed(b, 0, -1);
    ck_assert_msg(!strstr(known, "MOVE B3 E-E-E-E-E\n"), "%s", known);
    free(before);
    free(after);
    free(known);
    board_free(b);
}
END_TEST

/* ---- the property test: random positions, nothing hidden ---- */

static uint64_t rnd(uint64_t *s)
{
    *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
    return *s >> 33;
}

static const char *const box[] = {
    "##########", "#........#", "#........#", "#........#", "#........#", "#........#", "#........#",
    "##########", NULL,
};

/* A random viable sequence (with an A or a K) as text into buf. */
static const char *rnd_seq(uint64_t *s, char *buf)
{
    static const char pool[] = "AABBCCDEEHHIJJKMNOQRSTUVWXYZZ";
    int n = 1 + (int)(rnd(s) % 4), k = 0;
    buf[k++] = rnd(s) % 3 ? 'A' : 'K';
    for (int i = 0; i < n; i++)
        buf[k++] = pool[rnd(s) % (sizeof pool - 1)];
    buf[k] = '\0';
    return buf;
}

static Board *rnd_board_fog(uint64_t seed, bool fog)
{
    uint64_t s = seed;
    Board *b = fx_board(box, 2, (int64_t)(rnd(&s) % 40));
    for (int i = 0; i < 6; i++) {
        int sq = board_sq(b, 1 + (int)(rnd(&s) % 8), 1 + (int)(rnd(&s) % 6));
        if (!board_piece_at(b, sq))
            b->ter[sq] = TER_IWALL;
    }
    char seq[16], nm[16];
    for (int i = 0; i < 7; i++) {
        int sq = board_sq(b, 1 + (int)(rnd(&s) % 8), 1 + (int)(rnd(&s) % 6));
        if (!board_piece_at(b, sq) && b->ter[sq] == TER_FLOOR)
            fx_piece(b, board_sq_name(b, sq, nm), i % 2, rnd_seq(&s, seq))->g.phased = fog && i % 2 && rnd(&s) % 2;
    }
    if (fog)
        return b;
    b->pl[0].full_view = b->pl[0].full_decode = true; /* nothing hidden */
    snprintf(b->pl[0].full_until, sizeof b->pl[0].full_until, "1a");
    return b;
}

static Board *rnd_board(uint64_t seed)
{
    return rnd_board_fog(seed, false);
}

/* Runs text for player 0 on a copy of b: 0 done, -1 failed, ORDER_REFUSED. */
static int run_on_copy(const Board *b, const char *text)
{
    char *t = boardfile_write(b);
    Err err;
    Board *c = boardfile_parse(t, "copy", &err);
    ck_assert_msg(c != NULL, "%s", err.msg);
    c->pl[0].full_view = b->pl[0].full_view;
    int rc = fx_order(c, 0, text, NULL, 0);
    free(t);
    board_free(c);
    return rc;
}

/* What identifies an order in the list: MOVE by its destination, DIVIDE by its squares, CHARGE by its first
 * direction, CREATE by its square; the others by their whole text. Caller frees. */
static char *key(const Board *b, const char *text)
{
    Order o;
    Err err;
    char a[16], z[16];
    if (order_parse(b, text, &o, &err) < 0)
        return xstrdup("?");
    char *k;
    if (o.verb == ORD_MOVE) {
        int s = o.sq;
        for (int i = 0; i < o.ndirs && s >= 0; i++)
            s = board_step(b, s, o.dirs[i]);
        k = xasprintf("MOVE %s %s", board_sq_name(b, o.sq, a), s >= 0 ? board_sq_name(b, s, z) : "off");
    } else if (o.verb == ORD_DIVIDE)
        k = xasprintf("DIVIDE %s %s", board_sq_name(b, o.sq, a), board_sq_name(b, o.sq2, z));
    else if (o.verb == ORD_CHARGE)
        k = xasprintf("CHARGE %s %s", board_sq_name(b, o.sq, a), grid_dir_name[o.dirs[0]]);
    else if (o.verb == ORD_CREATE)
        k = xasprintf("CREATE %s", board_sq_name(b, o.sq, a));
    else
        k = xstrdup(o.text);
    order_free(&o);
    return k;
}

/* A random order text for one of player 0's pieces (or a CREATE), in canonical-enough form. */
static char *rnd_order(const Board *b, uint64_t *s)
{
    static const char *const verbs[] = {"MOVE", "MOVE", "MOVE", "DIVIDE", "TRANSFER", "RADIATE", "TELEPORT",
                                        "PETRIFY", "PHASE", "CONVERT", "REPULSE", "FLARE", "HOME", "ATTRACT",
                                        "SANCTUARY", "CHARGE", "CREATE", "CREATE"};
    char a[16], z[16];
    int *sqs, n = board_piece_squares(b, &sqs), sq = sqs[rnd(s) % (uint64_t)n];
    free(sqs);
    const Piece *p = board_piece_at(b, sq);
    const char *v = verbs[rnd(s) % (sizeof verbs / sizeof *verbs)];
    int sq2 = board_sq(b, (int)(rnd(s) % (uint64_t)b->w), (int)(rnd(s) % (uint64_t)b->h));
    board_sq_name(b, sq, a);
    board_sq_name(b, sq2, z);
    if (!strcmp(v, "MOVE") || !strcmp(v, "CHARGE")) {
        Buf o;
        buf_init(&o);
        buf_printf(&o, "%s %s ", v, a);
        int steps = *v == 'M' ? piece_steps(&p->g) : 1;
        for (int i = 0; i < steps; i++)
            buf_printf(&o, "%s%s", i ? "-" : "", grid_dir_name[rnd(s) % DIR_COUNT]);
        return o.s;
    }
    if (!strcmp(v, "CREATE"))
        return xasprintf("CREATE %s %s", z, (const char *[]){"A", "AO", "AI", "AB"}[rnd(s) % 4]);
    if (!strcmp(v, "DIVIDE"))
        return xasprintf("DIVIDE %s A %s", a, board_sq_name(b, board_step(b, sq, (int)(rnd(s) % 8)) < 0 ? sq : board_step(b, sq, (int)(rnd(s) % 8)), z));
    if (!strcmp(v, "TRANSFER"))
        return xasprintf("TRANSFER %s %c %s", a, "ABCDEHJMNZ"[rnd(s) % 10], z);
    if (!strcmp(v, "TELEPORT") || !strcmp(v, "HOME") || !strcmp(v, "SANCTUARY"))
        return xasprintf("%s %s %s", v, a, z);
    return xasprintf("%s %s", v, a);
}

START_TEST(test_property_random_positions)
{
    Board *b = rnd_board(1000 + (uint64_t)_i);
    LegalList l;
    legal_orders(b, 0, -1, &l);
    StrList keys = {0};
    for (int i = 0; i < l.n; i++)
        for (int k = 0; k < l.v[i].orders.n; k++) {
            const char *t = l.v[i].orders.v[k];
            ck_assert_msg(run_on_copy(b, t) == 0, "seed %d: listed %s is not accepted", _i, t);
            sl_push_owned(&keys, key(b, t));
        }
    uint64_t s = (uint64_t)_i * 7919 + 1;
    for (int r = 0; r < 150; r++) {
        char *t = rnd_order(b, &s);
        if (run_on_copy(b, t) == 0) {
            char *k = key(b, t);
            bool found = false;
            for (int i = 0; i < keys.n && !found; i++)
                found = strcmp(keys.v[i], k) == 0;
            ck_assert_msg(found, "seed %d: %s is accepted but not listed", _i, t);
            free(k);
        }
        free(t);
    }
    sl_free(&keys);
    legal_free(&l);
    board_free(b);
}
END_TEST

/* Under fog (pieces out of view, phased enemies, pieces not decoded): what the rules accept is still listed. */
START_TEST(test_property_fog_complete)
{
    Board *b = rnd_board_fog(5000 + (uint64_t)_i, true);
    LegalList l;
    legal_orders(b, 0, -1, &l);
    StrList keys = {0};
    for (int i = 0; i < l.n; i++)
        for (int k = 0; k < l.v[i].orders.n; k++)
            sl_push_owned(&keys, key(b, l.v[i].orders.v[k]));
    uint64_t s = (uint64_t)_i * 104729 + 3;
    for (int r = 0; r < 150; r++) {
        char *t = rnd_order(b, &s);
        if (run_on_copy(b, t) == 0) {
            char *k = key(b, t);
            bool found = false;
            for (int i = 0; i < keys.n && !found; i++)
                found = strcmp(keys.v[i], k) == 0;
            ck_assert_msg(found, "seed %d: %s is accepted but not listed", _i, t);
            free(k);
        }
        free(t);
    }
    sl_free(&keys);
    legal_free(&l);
    board_free(b);
}
END_TEST

Suite *legal_suite(void);
Suite *legal_suite(void)
{
    Suite *s = suite_create("legal");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_lone_a);
    tcase_add_test(tc, test_king_creates_and_walls);
    tcase_add_test(tc, test_hidden_facts_change_nothing);
    tcase_add_test(tc, test_walls_out_of_view_from_the_map);
    tcase_add_loop_test(tc, test_property_random_positions, 0, 60);
    tcase_add_loop_test(tc, test_property_fog_complete, 0, 60);
    tcase_set_timeout(tc, 60);
    suite_add_tcase(s, tc);
    return s;
}
