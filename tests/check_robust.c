/* Property tests: malformed board files never crash the loader and what it accepts round-trips;
 * random order text never crashes the parser and canonical forms are stable; long random games on
 * the built-in maps keep every invariant after every order and replay to their snapshot. */
#include "fixtures.h"
#include "map.h"
#include "rng.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A game on a built-in map set up as `challenge --gamble=none` does, E plentiful so CREATE is used. */
static Board *new_game_mode(const char *map, int nplayers, uint64_t seed, GambleMode mode)
{
    static const char *const ids[] = {"ann", "ben", "cat", "dan", "eve", "fay", "gus", "hal"};
    Map m = {0};
    Err err;
    ck_assert_msg(map_load(NULL, map, false, &m, &err) == 0, "%s", err.msg);
    Board *b = m.b;
    m.b = NULL;
    map_free(&m);
    b->par = params_default();
    b->par.gamble = mode;
    b->par.start_e = 200;
    b->par.seed = seed;
    snprintf(b->par.map, sizeof b->par.map, "%s", map);
    b->number = 101;
    b->np = nplayers;
    b->pl = xcalloc((size_t)nplayers, sizeof *b->pl);
    for (int i = 0; i < nplayers; i++) {
        snprintf(b->pl[i].id, sizeof b->pl[i].id, "%s", ids[i]);
        b->pl[i].e = b->par.start_e;
        b->pl[i].holiday_left = 14 * 86400;
    }
    rng_seed(&b->rng, seed);
    Game g;
    game_init(&g, b, 1000);
    turn_run(&g, turn_open(&g));
    game_done(&g);
    b->initial = boardfile_write(b);
    b->initial_base = 0;
    return b;
}

static Board *new_game(const char *map, int nplayers, uint64_t seed)
{
    return new_game_mode(map, nplayers, seed, GAMBLE_MODE_NONE);
}

/* Round 0 by random gambles (some refused, some replaced), or its deadline. */
static void random_round0(Board *b, Rng *r)
{
    for (int guard = 0; guard < 200 && b->phase == PHASE_ROUND0; guard++) {
        if (rng_below(r, 30) == 0) {
            Game g;
            game_init(&g, b, b->clock.deadline + 1);
            turn_process_time(&g, NULL);
            game_done(&g);
            break;
        }
        int p = (int)rng_below(r, (uint64_t)b->np);
        Buf t;
        buf_init(&t);
        if (rng_below(r, 6) == 0) {
            buf_add(&t, "PASS");
        } else {
            bool pos = rng_below(r, 2);
            buf_printf(&t, "GAMBLE %dE", (int)rng_below(r, 120));
            int n = (int)rng_below(r, 4);
            for (int i = 0; i < n; i++) {
                int v = 1 + (int)rng_below(r, (uint64_t)(pos ? b->nst : b->np));
                if (pos)
                    buf_printf(&t, "%s GPC%d", i ? "," : "", v);
                else
                    buf_printf(&t, "%s %d%s", i ? "," : "", v, v == 1 ? "st" : v == 2 ? "nd" : v == 3 ? "rd" : "th");
            }
            if (!n)
                buf_add(&t, " don't care");
        }
        Order o;
        Err err;
        if (order_parse(b, t.s, &o, &err) == 0) {
            Game g;
            game_init(&g, b, 1000);
            turn_play(&g, p, &o, false);
            game_done(&g);
            order_free(&o);
        }
        buf_free(&t);
        Err e2;
        ck_assert_msg(board_check(b, &e2) == 0, "round 0: %s", e2.msg);
    }
}

/* A verb for the piece: mostly an action it can really take (genes.def), sometimes any verb at all. */
static const char *random_verb(const Piece *pc, Rng *r)
{
    static const char *const verbs[] = {"MOVE", "CREATE", "DIVIDE", "TRANSFER", "RADIATE", "TELEPORT",
                                        "PETRIFY", "PHASE", "CONVERT", "REPULSE", "FLARE", "HOME",
                                        "ATTRACT", "SANCTUARY", "CHARGE", "PASS"};
    const char *can[GENE_COUNT + 2];
    int ncan = 0;
    if (pc->g.n[GENE_A] || pc->g.n[GENE_K])
        can[ncan++] = "MOVE";
    if (pc->g.n[GENE_K])
        can[ncan++] = "CREATE";
    for (int i = 0; i < GENE_COUNT; i++)
        if (pc->g.n[i] && piece_genes[i].action && i != GENE_A && i != GENE_K)
            can[ncan++] = piece_genes[i].action;
    return ncan && rng_below(r, 10) < 8 ? can[rng_below(r, (uint64_t)ncan)]
                                        : verbs[rng_below(r, sizeof verbs / sizeof verbs[0])];
}

/* TRANSFER or TELEPORT from sq (named a) to a square within the piece's own view. */
static void random_view_target(Buf *o, Board *b, const char *v, int sq, const char *a, int near, Rng *r)
{
    const Piece *pc = board_piece_at(b, sq);
    int rad = piece_view_radius(&pc->g);
    int col = board_col(b, sq) + (int)rng_below(r, (uint64_t)(2 * rad + 1)) - rad;
    int row = board_row(b, sq) + (int)rng_below(r, (uint64_t)(2 * rad + 1)) - rad;
    int t = col >= 0 && row >= 0 && col < b->w && row < b->h ? board_sq(b, col, row) : near;
    if (!strcmp(v, "TRANSFER")) {
        /* prefer a square with a piece on it */
        for (int i = 0; i < b->npc; i++)
            if (b->pc[i].sq != sq && board_dist(b, b->pc[i].sq, sq) <= rad && rng_below(r, 2))
                t = b->pc[i].sq;
    }
    char f[16];
    if (!strcmp(v, "TRANSFER"))
        buf_printf(o, "TRANSFER %s %c %s", a, "ABCDW"[rng_below(r, 5)], board_sq_name(b, t, f));
    else
        buf_printf(o, "TELEPORT %s %s", a, board_sq_name(b, t, f));
}

/* HOME or SANCTUARY from sq (named a) to another King of player p's (or near when there is none). */
static void random_king_target(Buf *o, Board *b, const char *v, int p, int sq, const char *a, int near, Rng *r)
{
    int king = -1;
    for (int i = 0; i < b->npc; i++)
        if (board_controls(b, p, &b->pc[i]) && b->pc[i].g.n[GENE_K] && b->pc[i].sq != sq &&
            (king < 0 || rng_below(r, 2)))
            king = b->pc[i].sq;
    int t = king >= 0 ? king : near;
    if (!strcmp(v, "HOME") && king >= 0) {
        int nb = board_step(b, king, (int)rng_below(r, DIR_COUNT));
        t = nb >= 0 ? nb : king;
    }
    char f[16];
    buf_printf(o, "%s %s %s", v, a, board_sq_name(b, t, f));
}

/* A random order for player p: mostly well-aimed at one of their pieces, sometimes nonsense. */
static char *random_order(Board *b, int p, Rng *r)
{
    static const char *const seqs[] = {"A", "AB", "ABC", "ABE", "AG", "AL", "AI", "AO", "AD", "AF", "AH",
                                       "AJ", "AM", "AN", "AQ", "AR", "AS", "AT", "AU", "AV", "AW", "AX",
                                       "AY", "AZ", "ACZZ", "ABBCEGL", "AHJ", "ADFU", "AP", "APS", "AAH", "AABJ",
                                       "AADN", "AV", "AAY", "AAHW"};
    int mine[4096], n = 0;
    for (int i = 0; i < b->npc && n < 4096; i++)
        if (board_controls(b, p, &b->pc[i]))
            mine[n++] = b->pc[i].sq;
    if (!n)
        return xstrdup("PASS");
    int sq = mine[rng_below(r, (uint64_t)n)];
    char a[16], c[16];
    board_sq_name(b, sq, a);
    int near = board_step(b, sq, (int)rng_below(r, DIR_COUNT));
    if (near < 0)
        near = sq;
    board_sq_name(b, near, c);
    Piece *pc = board_piece_at(b, sq);
    int steps = piece_steps(&pc->g);
    Buf o;
    buf_init(&o);
    const char *v = random_verb(pc, r);
    if (!strcmp(v, "MOVE") || !strcmp(v, "CHARGE")) {
        int k = !strcmp(v, "MOVE") ? steps : 1 + (int)rng_below(r, 2);
        buf_printf(&o, "%s %s ", v, a);
        for (int i = 0; i < k; i++)
            buf_printf(&o, "%s%s", i ? "-" : "", grid_dir_name[rng_below(r, DIR_COUNT)]);
    } else if (!strcmp(v, "CREATE")) {
        buf_printf(&o, "CREATE %s %s", c, seqs[rng_below(r, sizeof seqs / sizeof seqs[0])]);
    } else if (!strcmp(v, "DIVIDE")) {
        buf_printf(&o, "DIVIDE %s A %s", a, c);
    } else if (!strcmp(v, "TRANSFER") || !strcmp(v, "TELEPORT")) {
        random_view_target(&o, b, v, sq, a, near, r);
    } else if (!strcmp(v, "HOME") || !strcmp(v, "SANCTUARY")) {
        random_king_target(&o, b, v, p, sq, a, near, r);
    } else if (!strcmp(v, "PASS")) {
        buf_add(&o, "PASS");
    } else {
        buf_printf(&o, "%s %s", v, a);
    }
    return buf_take(&o);
}

/* Now and then a stored queue for a random player: one random order, starred half the time. */
static void random_queue(Board *b, Rng *r)
{
    int q = (int)rng_below(r, (uint64_t)b->np);
    char *t = random_order(b, q, r);
    char *line = xasprintf("%s%s", rng_below(r, 2) ? "*" : "", t);
    Order o;
    Err err;
    if (board_player_has_turns(b, q) && order_parse(b, line, &o, &err) == 0) {
        sl_clear(&b->pl[q].queue);
        char *stored = xasprintf("%s%s", o.star ? "*" : "", o.text);
        sl_push_owned(&b->pl[q].queue, stored);
        order_free(&o);
    }
    free(line);
    free(t);
}

/* The deadline passes (time-outs, stored orders): *now moves past it; the invariants still hold. */
static void pass_deadline(Board *b, int64_t *now, uint64_t seed)
{
    *now = b->clock.deadline > *now ? b->clock.deadline + 1 : *now;
    Game g;
    game_init(&g, b, *now);
    turn_process_time(&g, NULL);
    game_done(&g);
    Err e2;
    ck_assert_msg(board_check(b, &e2) == 0, "after a deadline (seed %llu): %s", (unsigned long long)seed, e2.msg);
}

/* Counts of the orders a random game played, by outcome. */
typedef struct {
    int done, failed, refused;
} Outcomes;

/* Player p's order text at time now, as `move` plays it; a refused or failed order leaves the turn
 * with the player, who then passes a third of the time. */
static void play_text(Board *b, int p, const char *text, int64_t now, Rng *r, Outcomes *out)
{
    Order o;
    Err err;
    if (order_parse(b, text, &o, &err) != 0)
        return;
    order_free(&o);
    Game g;
    game_init(&g, b, now);
    int rc = fx_submit(&g, p, text, NULL, 0);
    game_done(&g);
    if (rc == 0)
        out->done++;
    else if (rc == -1)
        out->failed++;
    else
        out->refused++;
    if (rc != 0 && rng_below(r, 3) == 0 && b->phase == PHASE_PLAY) {
        game_init(&g, b, now);
        ck_assert_int_eq(fx_submit(&g, b->seat, "PASS", NULL, 0), 0);
        game_done(&g);
    }
}

/* The whole history replays to the snapshot, byte for byte (contract 10), and the saved board loads
 * back to the same text. */
static void assert_replays(Board *b, uint64_t seed)
{
    Board *rep = NULL;
    Err err;
    ck_assert_msg(replay_board(b, -1, &rep, &err) == 0, "seed %llu: %s", (unsigned long long)seed, err.msg);
    char *want = boardfile_write_core(b), *got = boardfile_write_core(rep);
    ck_assert_msg(strcmp(want, got) == 0, "seed %llu: replay differs", (unsigned long long)seed);
    char *full = boardfile_write(b);
    Board *back = boardfile_parse(full, "101", &err);
    ck_assert_msg(back != NULL, "seed %llu: %s", (unsigned long long)seed, err.msg);
    char *again = boardfile_write(back);
    ck_assert_str_eq(again, full);
    free(want);
    free(got);
    free(full);
    free(again);
    board_free(back);
    board_free(rep);
}

static void play_random_game(const char *map, int nplayers, uint64_t seed, int orders)
{
    GambleMode mode = seed % 3 == 0 ? GAMBLE_MODE_BOTH : seed % 3 == 1 ? GAMBLE_MODE_NONE : GAMBLE_MODE_POSITION;
    Board *b = new_game_mode(map, nplayers, seed, mode);
    Rng r;
    rng_seed(&r, seed * 7919 + 1);
    random_round0(b, &r);
    ck_assert_msg(b->phase == PHASE_PLAY, "round 0 did not end (seed %llu)", (unsigned long long)seed);
    Outcomes out = {0};
    int64_t now = 1000;
    for (int i = 0; i < orders && b->phase == PHASE_PLAY; i++) {
        int p = b->seat;
        now += 60;
        if (rng_below(&r, 10) == 0)
            random_queue(b, &r);
        if (rng_below(&r, 25) == 0) {
            pass_deadline(b, &now, seed);
            if (b->phase != PHASE_PLAY)
                break;
            p = b->seat;
        }
        char *text = rng_below(&r, 40) == 0 ? xstrdup("HOLIDAY") : random_order(b, p, &r);
        play_text(b, p, text, now, &r, &out);
        Err e2;
        ck_assert_msg(board_check(b, &e2) == 0, "after \"%s\" (order %d, seed %llu): %s", text, i,
                      (unsigned long long)seed, e2.msg);
        free(text);
    }
    if (getenv("ROBUST_VERBOSE"))
        for (int i = 0; i < b->moves.n; i++)
            if (!strstr(b->moves.v[i], "(Failed)"))
                fprintf(stderr, "DONE %s\n", b->moves.v[i]);
    if (getenv("ROBUST_VERBOSE"))
        fprintf(stderr, "%s seed %llu: %d done, %d failed, %d refused, %d moves, %d pieces, phase %d\n", map,
                (unsigned long long)seed, out.done, out.failed, out.refused, b->moves.n, b->npc, (int)b->phase);
    ck_assert_msg(out.done > 0 && out.failed + out.refused > 0,
                  "a random game should see done, failed and refused orders");
    assert_replays(b, seed);
    board_free(b);
}

START_TEST(test_random_games_melee)
{
    play_random_game("melee", 2 + _i % 7, 1000 + (uint64_t)_i, 400);
}
END_TEST

START_TEST(test_random_games_small_maps)
{
    play_random_game(_i % 2 ? "quartet" : "duel", _i % 2 ? 2 + _i % 3 : 2, 77 + (uint64_t)_i, 300);
}
END_TEST

/* Mutated board files: never a crash; accepted ones pass the invariants and round-trip. */
START_TEST(test_mutated_boards)
{
    Board *b = new_game("quartet", 3, 5);
    char *base = boardfile_write(b);
    board_free(b);
    Rng r;
    rng_seed(&r, 4242 + (uint64_t)_i);
    size_t n = strlen(base);
    for (int k = 0; k < 60; k++) {
        char *t = xstrdup(base);
        int kind = (int)rng_below(&r, 4);
        size_t at = rng_below(&r, n);
        if (kind == 0)
            t[at] = (char)(32 + rng_below(&r, 95));       /* a printable byte changed */
        else if (kind == 1)
            t[at] = '\0';                                 /* truncated */
        else if (kind == 2)
            memmove(t + at, t + at + 1, n - at);          /* a byte removed */
        else
            t[at] = "()\\\n 0-9"[rng_below(&r, 8)];      /* structure characters */
        BoardfileError bad;
        Board *c = boardfile_parse_at(t, "101", &bad);
        Err err = bad.err;
        if (c) {
            Err e2;
            ck_assert_msg(board_check(c, &e2) == 0, "%s", e2.msg);
            char *s1 = boardfile_write(c);
            Board *d = boardfile_parse(s1, "101", &err);
            ck_assert_msg(d != NULL, "re-parse: %s", err.msg);
            char *s2 = boardfile_write(d);
            ck_assert_str_eq(s1, s2);
            free(s1);
            free(s2);
            board_free(d);
            board_free(c);
        } else {
            ck_assert_msg(strncmp(err.msg, "101:", 4) == 0, "message without the board: %s", err.msg);
            char place[32]; /* the line the message names is the error's: "101:<line>: ", or "101: " for none */
            snprintf(place, sizeof place, bad.line > 0 ? "101:%d: " : "101: ", bad.line);
            ck_assert_msg(strncmp(err.msg, place, strlen(place)) == 0, "line %d for: %s", bad.line, err.msg);
        }
        free(t);
    }
    free(base);
}
END_TEST

/* Random order text: never a crash; canonical forms parse back to themselves. */
START_TEST(test_random_order_text)
{
    static const char *const words[] = {"MOVE", "move", "CREATE", "GAMBLE", "PASS", "HOLIDAY", "K3", "AB12", "Z9",
                                        "ZZZ999", "N", "ne", "W-W", "-", ",", "/", "*", "ABC", "k", "3E", "0E",
                                        "on", "GPC2", "2nd", "1st", "don't", "care", "then", "CHARGE", "E,N",
                                        "TRANSFER", "B", "DIVIDE", "#", "\xe2\x80\x99", "SW-", "--", "A1"};
    Board *b = new_game("duel", 2, 9);
    Rng r;
    rng_seed(&r, 99 + (uint64_t)_i);
    for (int k = 0; k < 400; k++) {
        Buf t;
        buf_init(&t);
        int nw = 1 + (int)rng_below(&r, 7);
        for (int i = 0; i < nw; i++)
            buf_printf(&t, "%s%s", i ? " " : "", words[rng_below(&r, sizeof words / sizeof words[0])]);
        OrderList l;
        Err err;
        if (order_parse_list(b, t.s, &l, &err) == 0) {
            for (int i = 0; i < l.n; i++) {
                Order o;
                ck_assert_msg(order_parse(b, l.v[i].text, &o, &err) == 0, "canonical \"%s\" does not parse: %s",
                              l.v[i].text, err.msg);
                ck_assert_str_eq(o.text, l.v[i].text);
                order_free(&o);
            }
            order_list_free(&l);
        } else {
            ck_assert(err.msg[0] != '\0');
        }
        buf_free(&t);
    }
    board_free(b);
}
END_TEST

Suite *robust_suite(void)
{
    Suite *s = suite_create("robust");
    TCase *tc = tcase_create("properties");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_random_games_melee, 0, 14);
    tcase_add_loop_test(tc, test_random_games_small_maps, 0, 10);
    tcase_add_loop_test(tc, test_mutated_boards, 0, 10);
    tcase_add_loop_test(tc, test_random_order_text, 0, 5);
    suite_add_tcase(s, tc);
    return s;
}
