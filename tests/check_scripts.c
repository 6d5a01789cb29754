/* Tests of the defence against what a bot cannot see (threat) and of the scripted opponents (scripts): the
 * README's opening, played against the bots as a new player plays it, no longer wins in four moves (issue 33). */
#include "fixtures.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot.h"
#include "map.h"
#include "scripts.h"
#include "threat.h"
#include "turn.h"
#include "weigh.h"

#define T0 1000000000LL

/* The duel map with the README's options (--gamble=none --start-e=80 --seed=seed), hum seated first (C3) against
 * the bot named second. */
static Board *duel(const char *second, uint64_t seed)
{
    Map map = {0};
    Err err;
    ck_assert_int_eq(map_load("/nonexistent", "duel", false, &map, &err), 0);
    Board *b = map.b;
    map.b = NULL;
    for (int i = 0; i < map.nparams; i++)
        ck_assert_int_eq(params_set(&b->par, map.params[i].key, map.params[i].value, &err), 0);
    ck_assert_int_eq(params_set(&b->par, "gamble", "none", &err), 0);
    ck_assert_int_eq(params_set(&b->par, "start-e", "80", &err), 0);
    b->par.seed = seed;
    snprintf(b->par.map, sizeof b->par.map, "%s", map.name);
    map_free(&map);
    b->number = 1;
    b->np = 2;
    b->pl = xcalloc(2, sizeof *b->pl);
    snprintf(b->pl[0].id, sizeof b->pl[0].id, "hum");
    snprintf(b->pl[1].id, sizeof b->pl[1].id, "%s", second);
    for (int i = 0; i < 2; i++)
        b->pl[i].e = b->par.start_e;
    rng_seed(&b->rng, b->par.seed);
    return b;
}

/* The README's four orders (README "A game in five minutes"), alice's there: a seven-step piece made next to the
 * King on C3 and walked to the bot's start R10 in three MOVEs. Before issue 33 both bots lost on every seed: they
 * ringed their King on three sides and left R9 open. Now each keeps its King's approaches closed to what it cannot
 * see, and the last MOVE does not take its King: on every seed the game goes on. bot.easy, the greedy of before,
 * still loses on every seed. */
START_TEST(test_readme_rush_does_not_win)
{
    static const char *const kinds[] = {"bot.strong", "bot.greedy", "bot.easy"};
    static const char *const rush[] = {"CREATE C4 ABBBBBB", "MOVE C4 S-E-E-E-E-E-E", "MOVE I5 S-E-S-S-E-E-E",
                                       "MOVE M8 E-E-E-E-E-S-S"};
    const char *kind = kinds[_i % 3];
    uint64_t seed = (uint64_t)(_i / 3) + 1;
    Board *b = duel(kind, seed);
    Game g;
    game_init(&g, b, T0);
    b->clock.created = T0;
    turn_run(&g, turn_open(&g));
    ck_assert_int_eq(b->pl[0].start, 1); /* hum on GPC1, C3; the bot on GPC2, R10 */
    for (int k = 0; k < 4 && b->phase != PHASE_ENDED; k++) {
        ck_assert_int_eq(b->seat, 0);
        g.bot_decisions = 0;
        char msg[512];
        fx_submit(&g, 0, rush[k], msg, sizeof msg);
    }
    if (_i % 3 == 2) { /* bot.easy fears only what it sees: the README's opening still beats it (README) */
        ck_assert_msg(b->phase == PHASE_ENDED && strcmp(b->result, "won by hum (11)") == 0, "seed %d: %s",
                      (int)seed, b->result);
    } else {
        ck_assert_msg(b->phase != PHASE_ENDED, "%s, seed %d: %s", kind, (int)seed, b->result);
        ck_assert(board_player_has_turns(b, 1));
    }
    turn_finish(&g);
    game_done(&g);
    board_free(b);
}
END_TEST

static const char *const hall[] = {
    "############", "#..........#", "#..........#", "#..........#", "#..........#", "############", NULL,
};

/* What out of view could reach a King (threat.h), from public facts only: with start-e 80 and 1E a King a round,
 * a rival could have bought ABBBBBB (seven squares), ABCBBBB (six, with C) and ABEBBB (five, jumping) by round
 * 1; every empty square next to alice's King on C3 is open to it (bob's start J3 is out of her view, seven
 * squares away); guards on them close them one by one, and a King walled in on every side is out of reach of
 * all but a jumping piece. */
START_TEST(test_threat_open_approaches)
{
    Board *b = fx_board(hall, 2, 80);
    b->par.start_e = 80;
    b->par.e_per_king = 1;
    b->round = 1;
    b->st = xcalloc(2, sizeof *b->st);
    b->st[0] = (Start){.label = 1, .sq = fx_sq(b, "C3")};
    b->st[1] = (Start){.label = 2, .sq = fx_sq(b, "J3")};
    b->nst = 2;
    b->pl[0].start = 1;
    b->pl[1].start = 2;
    fx_piece(b, "C3", 0, "K");
    fx_piece(b, "J3", 1, "K");
    Board *fog = weigh_fog(b, 0);
    ThreatReach t;
    threat_reach(fog, 0, b, &t);
    ck_assert_int_eq(t.orth, 7);
    ck_assert_int_eq(t.diag, 6);
    ck_assert_int_eq(t.jump, 5);
    ck_assert(!t.origin[fx_sq(b, "D3")]);  /* in view */
    ck_assert(t.origin[fx_sq(b, "G3")]);   /* out of view, within reach of J3 */
    int open[8], c3 = fx_sq(b, "C3");
    ck_assert_int_eq(threat_open(fog, c3, &t, open), 8);
    double all = threat_exposure(fog, &c3, 1, &t);
    fx_piece(fog, "D3", 0, "A");
    ck_assert_int_eq(threat_open(fog, fx_sq(b, "C3"), &t, open), 7);
    ck_assert(threat_exposure(fog, &c3, 1, &t) < all);
    const char *ring[] = {"B2", "C2", "D2", "B3", "B4", "C4", "D4"};
    for (int i = 0; i < 7; i++)
        fx_piece(fog, ring[i], 0, "A");
    ck_assert_int_eq(threat_open(fog, fx_sq(b, "C3"), &t, open), 0);
    ck_assert(threat_exposure(fog, &c3, 1, &t) > 0); /* a jumping piece */
    ck_assert(threat_guard(&board_piece_at(fog, fx_sq(b, "D3"))->g));
    threat_free(&t);
    board_free(fog);
    board_free(b);
}
END_TEST

/* The square of the hall at col and row (col from its right end when mirror), moved dx columns right. */
static int hall_sq(const Board *b, int col, int row, int dx, bool mirror)
{
    return board_sq(b, (mirror ? 11 - col : col) + dx, row);
}

/* test_threat_open_approaches' steps on its hall (mirrored: the King on its right) moved dx columns right within a
 * board cols wide (walls round it), into out: after each step the approaches open to alice's King, its exposure,
 * and its exposure counted for two Kings (the walks then go over the whole board, not the King's window). */
static void hall_steps(int cols, int dx, bool mirror, double *out)
{
    char rows[6][96], name[16];
    const char *grid[7] = {NULL};
    for (int r = 0; r < 6; r++) {
        memset(rows[r], '#', (size_t)cols);
        rows[r][cols] = '\0';
        memcpy(rows[r] + dx, hall[r], strlen(hall[r])); /* the same either way round */
        grid[r] = rows[r];
    }
    Board *b = fx_board(grid, 2, 80);
    b->par.start_e = 80;
    b->par.e_per_king = 1;
    b->st = xcalloc(2, sizeof *b->st);
    b->st[0] = (Start){.label = 1, .sq = hall_sq(b, 2, 2, dx, mirror)};
    b->st[1] = (Start){.label = 2, .sq = hall_sq(b, 9, 2, dx, mirror)};
    b->nst = 2;
    fx_piece(b, board_sq_name(b, b->st[0].sq, name), 0, "K");
    fx_piece(b, board_sq_name(b, b->st[1].sq, name), 1, "K");
    Board *fog = weigh_fog(b, 0);
    ThreatReach t;
    threat_reach(fog, 0, b, &t);
    int open[8], king = b->st[0].sq, kings[2] = {king, king};
    static const int ring[][2] = {{3, 2}, {1, 1}, {2, 1}, {3, 1}, {1, 2}, {1, 3}, {2, 3}, {3, 3}};
    for (int step = 0; step <= 8; step++) {
        if (step > 0)
            fx_piece(fog, board_sq_name(b, hall_sq(b, ring[step - 1][0], ring[step - 1][1], dx, mirror), name), 0, "A");
        *out++ = threat_open(fog, king, &t, open);
        *out++ = threat_exposure(fog, kings, 1, &t);
        *out++ = threat_exposure(fog, kings, 2, &t);
    }
    threat_free(&t);
    board_free(fog);
    board_free(b);
}

/* A board wider than 64 columns takes two words a row in threat's walks: the hall moved to columns BF to BQ weighs
 * as the hall does, step by step as guards ring the King, with bob's start on BO and alice's King on BH, or the
 * other way round (the 64 columns of the first word end at BL). */
START_TEST(test_threat_wide_board)
{
    double narrow[27], wide[27], mirrored[27];
    hall_steps(12, 0, false, narrow);
    hall_steps(80, 57, false, wide);
    hall_steps(80, 57, true, mirrored);
    ck_assert_int_eq((int)narrow[0], 8);
    ck_assert_int_eq((int)narrow[24], 0);
    for (int i = 0; i < 27; i++)
        ck_assert_msg(narrow[i] == wide[i] && narrow[i] == mirrored[i],
                      "value %d: %g on the hall, %g wide, %g mirrored", i, narrow[i], wide[i], mirrored[i]);
}
END_TEST

Suite *scripts_suite(void);
Suite *scripts_suite(void)
{
    Suite *s = suite_create("scripts");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_threat_open_approaches);
    tcase_add_test(tc, test_threat_wide_board);
    tcase_add_loop_test(tc, test_readme_rush_does_not_win, 0, 36);
    suite_add_tcase(s, tc);
    return s;
}
