/* Tests of how the levels attack a King that defends and keep their own King guarded (issue 33): the striker's
 * strike squares, the King's guard that depends on the board, not on the round, and the bounded cost of weighing
 * pieces with many codes; and how they break a standoff: a trade counted in the search, sentinels stepping aside,
 * the monkey idol left at once. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot.h"
#include "fixtures.h"
#include "greedy.h"
#include "legal.h"
#include "search.h"
#include "threat.h"
#include "weigh.h"

static const char *const hall[] = {
    "############", "#..........#", "#..........#", "#..........#", "#..........#", "############", NULL,
};

/* alice (seat 0) is the bot named kind, bob is bot.easy: his King on H3 ringed by eight bare As, as the levels and
 * bot.turtle ring theirs; alice's King on B2, her scout on C4 (it sees and decodes H3), her striker (ABCE) on E2. */
static Board *ringed(const char *kind)
{
    Board *b = fx_board(hall, 2, 10);
    snprintf(b->pl[0].id, sizeof b->pl[0].id, "%s", kind);
    snprintf(b->pl[1].id, sizeof b->pl[1].id, "bot.easy");
    fx_piece(b, "B2", 0, "K");
    fx_piece(b, "C4", 0, "ACDDF");
    fx_piece(b, "E2", 0, "ABCE");
    fx_piece(b, "H3", 1, "K");
    static const char *const ring[] = {"G2", "H2", "I2", "G3", "I3", "G4", "H4", "I4"};
    for (int i = 0; i < 8; i++)
        fx_piece(b, ring[i], 1, "A");
    return b;
}

/* A striker makes for a strike square of a King it decodes: a square from which it lands on the King in one MOVE
 * and on which nothing in sight can take it first — F5 or J5, two squares off diagonally, where no bare A of the
 * ring reaches (F1 and J1 are walls) — and a King it could take next counts only from a piece out of the enemy's
 * reach. Before, a striker next to the ring (F4, from which it too lands on H3) was worth as much, was taken by
 * the ring, and the games against a ringed King ran to the round cap. Bob answering each MOVE, alice takes his
 * King within three. */
START_TEST(test_striker_waits_on_a_strike_square)
{
    Board *b = ringed(_i ? "bot.strong" : "bot.greedy");
    Board *fog = weigh_fog(b, 0);
    WeighGoal goal;
    weigh_goal_aimed(fog, 0, b, true, &goal);
    ck_assert_ptr_nonnull(goal.strike);
    ck_assert_int_eq(goal.strike[fx_sq(b, "F5")], 0);
    ck_assert_int_eq(goal.strike[fx_sq(b, "J5")], 0);
    ck_assert_int_gt(goal.strike[fx_sq(b, "G4")], 0); /* next to the ring: taken there */
    ck_assert_int_gt(goal.strike[fx_sq(b, "F3")], 0);
    Genome e = {.n = {[GENE_A] = 1, [GENE_B] = 1, [GENE_C] = 1, [GENE_E] = 1}};
    ck_assert_ptr_eq(weigh_steps(&goal, &e), goal.strike);
    weigh_goal_free(&goal);
    board_free(fog);
    for (int k = 0; k < 3 && fx_owner(b, "H3") == 1; k++) {
        char *t = bot_choose(b, 0, NULL);
        ck_assert_int_eq(fx_order(b, 0, t, NULL, 0), 0);
        free(t);
        t = bot_choose(b, 1, NULL);
        fx_order(b, 1, t, NULL, 0);
        free(t);
    }
    ck_assert_int_eq(fx_owner(b, "H3"), 0);
    board_free(b);
}
END_TEST

/* A piece that is no striker on a strike square stands in a striker's way: it is weighed down there (a striker
 * waited behind a piece on the only corner a King in a corner left open until the round cap). */
START_TEST(test_no_striker_stands_on_a_strike_square)
{
    Board *b = ringed("bot.greedy");
    Board *fog = weigh_fog(b, 0);
    WeighGoal goal;
    weigh_goal_aimed(fog, 0, b, true, &goal);
    Board *c = weigh_clone(fog);
    board_remove_piece(c, fx_sq(c, "E2")); /* the striker, whose steps count to the strike squares */
    fx_piece(c, "F5", 0, "ABC");
    double in_the_way = weigh_position(c, 0, &goal);
    int *strike = goal.strike;
    goal.strike = NULL;
    double free_way = weigh_position(c, 0, &goal);
    goal.strike = strike;
    ck_assert_msg(free_way - in_the_way >= goal.press, "%f vs %f", in_the_way, free_way);
    board_free(c);
    weigh_goal_free(&goal);
    board_free(fog);
    board_free(b);
}
END_TEST

/* A board of rows for alice and bob at round round, each with e E, the README's E parameters (start-e 80, 1E a
 * King a round), their Kings on their starts mine and theirs. */
static Board *two_starts(const char *const *rows, int64_t e, int round, const char *mine, const char *theirs)
{
    Board *b = fx_board(rows, 2, e);
    b->par.start_e = 80;
    b->par.e_per_king = 1;
    b->round = round;
    b->st = xcalloc(2, sizeof *b->st);
    b->st[0] = (Start){.label = 1, .sq = fx_sq(b, mine)};
    b->st[1] = (Start){.label = 2, .sq = fx_sq(b, theirs)};
    b->nst = 2;
    b->pl[0].start = 1;
    b->pl[1].start = 2;
    fx_piece(b, mine, 0, "K");
    fx_piece(b, theirs, 1, "K");
    return b;
}

/* What a guard on D3 is worth to alice: the position with it less the position without, weighed as greedy does. */
static double guard_worth(int round)
{
    Board *b = two_starts(hall, 10, round, "C3", "J3"), *fog = weigh_fog(b, 0);
    WeighGoal goal;
    ThreatReach t;
    weigh_goal_aimed(fog, 0, b, true, &goal);
    threat_reach(fog, 0, b, &t);
    goal.threat = &t;
    Board *c = weigh_clone(fog);
    fx_piece(c, "D3", 0, "A");
    double v = weigh_position(c, 0, &goal) - weigh_position(fog, 0, &goal);
    board_free(c);
    threat_free(&t);
    weigh_goal_free(&goal);
    board_free(fog);
    board_free(b);
    return v;
}

/* The King fears what it cannot see as much in round 400 as in round 40: a guard closing an approach is worth the
 * same (the round is public, but a late rush takes a King as surely as an early one; before, the fear shrank with
 * the round from round 30, to a tenth by round 200, and a late rush met an unguarded King). */
START_TEST(test_king_fear_does_not_fade_with_the_round)
{
    double early = guard_worth(40), late = guard_worth(400);
    ck_assert_msg(early > 250, "%f", early);
    ck_assert_msg(late > early - 1 && late < early + 1, "round 40: %f, round 400: %f", early, late);
}
END_TEST

static const char *const nook[] = {
    "############", "#.##########", "#..........#", "############", NULL,
};

/* A King in a nook: alice's King on B2, its approaches B3 and C3 reached only through D3, where her sentinel (an
 * ABC, no guard) stands. Its walking out opens them; with the E for a guard (2E) that is a door, open for one
 * rival turn and closed by a guard on her next (the pieces kept home walk out because the board lets them, not
 * because the game drags on); without it, an approach open for good. */
START_TEST(test_sentinel_walks_out_through_a_door)
{
    Board *b = two_starts(nook, _i ? 1 : 10, 1, "B2", "K3");
    fx_piece(b, "D3", 0, "ABC");
    Board *fog = weigh_fog(b, 0);
    ThreatReach t;
    threat_reach(fog, 0, b, &t);
    int king = fx_sq(b, "B2"), open[8];
    ck_assert_int_eq(threat_open(fog, king, &t, open), 0);
    double before = threat_exposure(fog, &king, 1, &t);
    Board *c = weigh_clone(fog);
    board_remove_piece(c, fx_sq(c, "D3")); /* the sentinel walked out */
    ck_assert_int_eq(threat_open(c, king, &t, open), 2);
    double after = threat_exposure(c, &king, 1, &t);
    if (_i == 0)
        ck_assert_msg(after - before < 10, "%f -> %f", before, after);
    else
        ck_assert_msg(after - before > 300, "%f -> %f", before, after);
    board_free(c);
    threat_free(&t);
    board_free(fog);
    board_free(b);
}
END_TEST

/* bob's King is likely on his start J3, out of alice's view; the squares next to it were out of her view too when
 * she decided, and a guard of his may stand on each (weigh.h lurk): her ABC walked from F3 to H3, next to I3, is
 * feared taken there, as if it saw a guard on I3 — without the lurking guards a piece stepped next to a ring it did
 * not see, as if out of danger, and back. */
START_TEST(test_guards_lurk_round_a_likely_king)
{
    Board *b = two_starts(hall, 10, 1, "B3", "J3");
    fx_piece(b, "F3", 0, "ABC");
    Board *fog = weigh_fog(b, 0);
    WeighGoal goal;
    weigh_goal_aimed(fog, 0, b, true, &goal);
    ck_assert(goal.likely[fx_sq(b, "J3")]);
    ck_assert(goal.lurk[fx_sq(b, "I3")] && goal.lurk[fx_sq(b, "K4")]);
    ck_assert(!goal.lurk[fx_sq(b, "H3")] && !goal.lurk[fx_sq(b, "J3")]);
    /* no King decoded: a striker makes for the strike squares of the likely one, out of the lurking guards' reach */
    ck_assert_ptr_nonnull(goal.strike);
    ck_assert_int_eq(goal.strike[fx_sq(b, "H5")], 0);
    ck_assert_int_gt(goal.strike[fx_sq(b, "I5")], 0); /* next to a guard on I4 */
    ck_assert_int_gt(goal.strike[fx_sq(b, "H3")], 0);
    Board *c = weigh_clone(fog);
    ck_assert_int_eq(weigh_apply(c, 0, "MOVE F3 E-E", 1), 0);
    double feared = weigh_position(c, 0, &goal);
    uint8_t *lurk = goal.lurk;
    goal.lurk = NULL;
    double unfeared = weigh_position(c, 0, &goal);
    goal.lurk = lurk;
    ck_assert_msg(unfeared - feared > 0.6 * weigh_piece(&board_piece_at(c, fx_sq(b, "H3"))->g),
                  "%f vs %f", feared, unfeared);
    board_free(c);
    weigh_goal_free(&goal);
    board_free(fog);
    board_free(b);
}
END_TEST

/* What an enemy A on I3 costs alice's ABC on H3 (in its reach, as it weighs it): its material at risk and what its
 * steps to the goal are worth at the first press, 2, however late the game (press 20: round 210 on) — the press
 * pulls harder to the goal, not away from danger (a danger worth ten times the steps had a piece step out of sight
 * of a guard and back, every turn, until the round cap). */
START_TEST(test_danger_weighs_as_at_the_first_press)
{
    Board *b = two_starts(hall, 10, 1, "B3", "J3");
    fx_piece(b, "H3", 0, "ABC");
    fx_piece(b, "I3", 1, "A");
    Board *fog = weigh_fog(b, 0);
    WeighGoal goal;
    weigh_goal_aimed(fog, 0, b, true, &goal);
    Board *safe = weigh_clone(fog), *near = weigh_clone(fog);
    board_remove_piece(safe, fx_sq(b, "I3"));
    double cost[2];
    for (int k = 0; k < 2; k++) {
        goal.press = k ? 20 : 2;
        cost[k] = weigh_position(safe, 0, &goal) - weigh_position(near, 0, &goal);
    }
    ck_assert_msg(cost[0] > 0 && cost[1] > cost[0] - 1 && cost[1] < cost[0] + 1, "press 2: %f, press 20: %f", cost[0],
                  cost[1]);
    board_free(safe);
    board_free(near);
    weigh_goal_free(&goal);
    board_free(fog);
    board_free(b);
}
END_TEST

/* The work an order weighed counts grows with the pieces on the board (melee's monkey idol made a King of every
 * piece near a start, and a board of 300 pieces weighed an order 50 times slower): with 60 pieces, 30 of them
 * alice's Kings, an order counts 4, bot.strong's decision stays within SEARCH_WORK and bot.greedy's within
 * GREEDY_WORK, each running fewer orders. */
START_TEST(test_work_grows_with_the_pieces)
{
    Board *b = fx_board(fx_open_rows, 2, 500);
    snprintf(b->pl[0].id, sizeof b->pl[0].id, "%s", _i ? "bot.strong" : "bot.greedy");
    char name[16];
    for (int k = 0; k < 60; k++) {
        int c = 1 + k % 20, r = 1 + k / 20;
        fx_piece(b, board_sq_name(b, board_sq(b, c, r), name), k < 40 ? 0 : 1, k < 30 ? "AK" : "ABC");
    }
    /* 30 AKs, 30 ABCs (two steps: a walk of 5 x 5 x 2 squares), 30 Kings */
    ck_assert_int_eq(weigh_cost(b), 1 + (60 * WEIGH_COST_PIECE + 30 * 9 + 30 * 50 + 30 * WEIGH_COST_KING) / WEIGH_COST_UNIT);
    Board *fog = weigh_fog(b, 0);
    long unit = weigh_cost(fog), w = 0, listed = 0;
    ck_assert_int_gt(unit, 1);
    LegalList l; /* the listing's work is counted besides (contract 12: one an order tried) */
    legal_orders_within(b, 0, LEGAL_BOT_WORK, &listed, &l);
    legal_free(&l);
    Rng r = b->rng;
    char *t = _i ? search_choose(b, 0, &r, &w) : greedy_choose(b, 0, true, &r, &w);
    w -= listed;
    ck_assert_int_eq(w % unit, 0);
    ck_assert_int_le(w, _i ? SEARCH_WORK : GREEDY_WORK);
    ck_assert_int_gt(w, 0);
    free(t);
    board_free(fog);
    board_free(b);
}
END_TEST

/* The adjust greedy_list gives alice's (seat 0) order text on b, following her last trail orders back (WeighGoal),
 * or -1e9 when it does not list it. */
static double listed_adjust_trail(const Board *b, const char *text, int trail)
{
    Board *fog = weigh_fog(b, 0);
    WeighGoal goal;
    weigh_goal_aimed(fog, 0, b, true, &goal);
    goal.trail = trail;
    GreedyList l;
    greedy_list(b, 0, fog, &goal, 1, 0, &l);
    double a = -1e9;
    for (int i = 0; i < l.n; i++)
        if (strcmp(l.v[i].text, text) == 0)
            a = l.v[i].adjust;
    greedy_free(&l);
    weigh_goal_free(&goal);
    board_free(fog);
    return a;
}

/* listed_adjust_trail over the levels' trail (WEIGH_TRAIL). */
static double listed_adjust(const Board *b, const char *text)
{
    return listed_adjust_trail(b, text, WEIGH_TRAIL);
}

/* A piece walked straight back where the player's last MOVE took it from is marked down (its own orders are the
 * player's to know): a position seen from the other square always looked a little better, the squares out of view
 * hoped empty, and a piece stepped to and fro until the round cap. Other MOVEs of it are not. */
START_TEST(test_no_walking_straight_back)
{
    Board *b = two_starts(hall, 0, 1, "B2", "J3");
    snprintf(b->pl[0].id, sizeof b->pl[0].id, "bot.greedy");
    fx_piece(b, "D4", 0, "AB");
    sl_push(&b->moves, "1a bot.greedy MOVE D2 S-S");
    sl_push(&b->moves, "1b bob PASS");
    ck_assert(listed_adjust(b, "MOVE D4 N-N") == -200.0);
    ck_assert(listed_adjust(b, "MOVE D4 N-E") == 0.0);
    ck_assert(listed_adjust(b, "MOVE D4 E-E") == 0.0);
    board_free(b);
}
END_TEST

/* alice is bot.greedy in round 3, her King on B2, bob's on J3; two pieces of hers that walk one square a MOVE,
 * diagonally too, on E3 and G4. */
static Board *two_walkers(void)
{
    Board *b = two_starts(hall, 0, 3, "B2", "J3");
    snprintf(b->pl[0].id, sizeof b->pl[0].id, "bot.greedy");
    fx_piece(b, "E3", 0, "AC");
    fx_piece(b, "G4", 0, "AC");
    return b;
}

/* A piece walked back to any square it left in the player's last orders is marked down, followed back through
 * the MOVEs that brought it where it stands: pieces walked round three or four squares (D2, D3, E3 and back to
 * D2), each position seen from the next square looking a little better, until the round cap (greedy against a
 * turtle on the quartet map, 10 games in 50; bot.easy's and bot.greedy's trail, WEIGH_TRAIL). A square it never
 * stood on is not, nor one another piece left, nor one next to her King but straight back; bot.strong's trail, 1,
 * marks down only straight back. */
START_TEST(test_no_walking_round_in_circles)
{
    Board *b = two_walkers();
    fx_piece(b, "D4", 0, "AC");
    sl_push(&b->moves, "1a bot.greedy MOVE C3 SE");
    sl_push(&b->moves, "1b bob PASS");
    sl_push(&b->moves, "2a bot.greedy MOVE D2 S");
    sl_push(&b->moves, "2b bob PASS");
    sl_push(&b->moves, "3a bot.greedy MOVE F5 NE");
    sl_push(&b->moves, "3b bob PASS");
    sl_push(&b->moves, "4a bot.greedy MOVE D3 E");
    sl_push(&b->moves, "4b bob PASS");
    ck_assert(listed_adjust(b, "MOVE E3 NW") == -200.0); /* D2, two orders back */
    ck_assert(listed_adjust(b, "MOVE E3 W") == -200.0);  /* D3, straight back */
    ck_assert(listed_adjust(b, "MOVE E3 NE") == 0.0);
    ck_assert(listed_adjust(b, "MOVE E3 SE") == 0.0);    /* F4 */
    ck_assert(listed_adjust(b, "MOVE G4 SW") == -200.0); /* F5: G4 came from there */
    ck_assert(listed_adjust(b, "MOVE G4 W") == 0.0);     /* F4 */
    ck_assert(listed_adjust(b, "MOVE D4 NW") == 0.0);    /* C3, next to her King: a guard back in its ring */
    ck_assert(listed_adjust_trail(b, "MOVE E3 NW", 1) == 0.0); /* strong: straight back only */
    ck_assert(listed_adjust_trail(b, "MOVE E3 W", 1) == -200.0);
    board_free(b);
}
END_TEST

/* The monkey idol (S22) gives a K to the pieces nearest each start each turn a piece stands on it: the levels
 * step a piece off one their player's map shows, and onto none (a piece that stood on it on the melee map made
 * both sides' pieces Kings by the dozen, and the games ran to the round cap). An idol the player never saw is
 * nothing to them (fog). The mark is 5000: at 1000 a striker that stepped on the idol unseen and gained a K there
 * stayed, its ways off worth 1,200 less to a King in the open, and both sides' pieces became Kings by the hundred
 * (melee, strong against greedy, seed 7, to the round cap). */
START_TEST(test_bots_keep_off_the_monkey_idol)
{
    Board *b = two_walkers();
    fx_special(b, 22, "F3", "Monkey idol");
    fx_special(b, 22, "G4", "Monkey idol");
    ck_assert(listed_adjust(b, "MOVE E3 E") == 0.0); /* not on alice's map */
    ck_assert(listed_adjust(b, "MOVE G4 N") == 0.0);
    board_known_special_set(b, 0, fx_sq(b, "F3"), 22);
    board_known_special_set(b, 0, fx_sq(b, "G4"), 22);
    ck_assert(listed_adjust(b, "MOVE E3 E") == -5000.0);
    ck_assert(listed_adjust(b, "MOVE E3 SE") == 0.0);
    ck_assert(listed_adjust(b, "MOVE G4 N") == 5000.0);
    ck_assert(listed_adjust(b, "MOVE G4 NW") == -5000.0); /* off one idol, onto the other */
    char *t = bot_choose(b, 0, NULL);
    ck_assert_str_eq(t, "MOVE G4 S"); /* off the idol */
    free(t);
    /* weighed first when only a few are (a board of many Kings, GREEDY_WORK): it was never weighed at all */
    Board *fog = weigh_fog(b, 0);
    WeighGoal goal;
    weigh_goal_aimed(fog, 0, b, true, &goal);
    GreedyList l;
    greedy_list(b, 0, fog, &goal, 1, 1, &l);
    ck_assert_int_eq(l.n, 1);
    ck_assert_int_eq(strncmp(l.v[0].text, "MOVE G4 ", 8), 0);
    ck_assert(l.v[0].adjust == 5000.0);
    greedy_free(&l);
    weigh_goal_free(&goal);
    board_free(fog);
    /* nor is a piece made on one */
    b->pl[0].e = 80;
    ck_assert(listed_adjust(b, "CREATE C3 ABCE") == 0.0);
    board_known_special_set(b, 0, fx_sq(b, "C3"), 22);
    ck_assert(listed_adjust(b, "CREATE C3 ABCE") == -5000.0);
    ck_assert(listed_adjust(b, "CREATE C2 ABCE") == 0.0);
    board_free(b);
}
END_TEST

/* The trade the search counts: alice's striker (ABCE, worth 6 + 5 + 4 + 3 = 18) lost costs 18 points at 4 per
 * point of a King's 3000; bob's bare A taken gains 6 such points; Kings and orphans are no part of it; a rout is
 * held at half a King. Without it a striker walked where a piece it did not decode took it, every twenty rounds,
 * until the round cap. */
START_TEST(test_search_counts_a_trade)
{
    Board *b = two_starts(hall, 10, 1, "B2", "K2");
    fx_piece(b, "E3", 0, "ABCE");
    fx_piece(b, "H3", 1, "A");
    Board *lost = weigh_clone(b), *taken = weigh_clone(b);
    board_remove_piece(lost, fx_sq(lost, "E3"));
    board_remove_piece(taken, fx_sq(taken, "H3"));
    ck_assert_double_eq_tol(search_trade(b, lost, 0), -18 * 4.0 / 3000, 1e-12);
    ck_assert_double_eq_tol(search_trade(b, taken, 0), 6 * 4.0 / 3000, 1e-12);
    ck_assert_double_eq_tol(search_trade(b, taken, 1), -6 * 4.0 / 3000, 1e-12);
    ck_assert_double_eq_tol(search_trade(b, b, 0), 0, 1e-12);
    Board *king = weigh_clone(b);
    board_remove_piece(king, fx_sq(king, "K2")); /* a King taken: the search's own -1/+1, not a trade */
    ck_assert_double_eq_tol(search_trade(b, king, 0), 0, 1e-12);
    for (int i = 0; i < 8; i++) { /* eight pieces of 68 points each lost: -0.73, held at -0.5 */
        char sq[4];
        snprintf(sq, sizeof sq, "%c4", 'B' + i);
        fx_piece(b, sq, 0, "ABBBBCDDEFGHMNOPSUVWZ");
    }
    ck_assert_double_eq_tol(search_trade(b, lost, 0), -0.5, 1e-12);
    board_free(king);
    board_free(taken);
    board_free(lost);
    board_free(b);
}
END_TEST

/* alice's King on B3 in a room whose only door is F3, where her sentinel (a bare A) stands: bob's King likely on
 * his start J3. A piece in her room walks to the goal through the sentinel (it steps aside), so a piece bought
 * there is worth its steps; a guard next to her King is still walked round. Before, every bare A blocked the walk:
 * a room closed by sentinels made every piece in it worthless, and strong held 248 E it never spent. */
static const char *const room[] = {
    "############", "#....#.....#", "#..........#", "#....#.....#", "############", NULL,
};

START_TEST(test_a_sentinel_is_no_ring)
{
    Board *b = two_starts(room, 10, 1, "B3", "J3");
    fx_piece(b, "F3", 0, "A");
    fx_piece(b, "C3", 0, "A");
    Board *fog = weigh_fog(b, 0);
    WeighGoal goal;
    weigh_goal_aimed(fog, 0, b, true, &goal);
    ck_assert_int_eq(goal.walk[fx_sq(b, "F3")], goal.walk[fx_sq(b, "G3")] + 1);
    ck_assert_int_eq(goal.walk[fx_sq(b, "D3")], goal.walk[fx_sq(b, "F3")] + 2);
    ck_assert_int_eq(goal.walk[fx_sq(b, "C3")], WEIGH_FAR); /* the ring's guard: walked round */
    ck_assert_int_lt(goal.walk[fx_sq(b, "C2")], WEIGH_FAR);
    weigh_goal_free(&goal);
    board_free(fog);
    board_free(b);
}
END_TEST

/* Late in a game (press above 2), with bob's King not decoded, bot.strong wants a wide scout (ACDDF, 85E) when it
 * has a scout or the E for the wide one; with neither — its scout taken — an ACDF (34E) again. Saving 85E at 1E a
 * round, less the guards greedy's pieces made it buy again, while each wide scout died in turn, held strong
 * against greedy at the round cap on quartet (8 games of 50) and melee (6 of 50). */
START_TEST(test_a_lost_scout_is_replaced_cheaply)
{
    Board *b = two_starts(hall, 40, 1, "B2", "K2");
    Board *fog = weigh_fog(b, 0);
    WeighGoal goal;
    weigh_goal_aimed(fog, 0, b, true, &goal);
    goal.scout = true;
    goal.press = 3;
    ck_assert_str_eq(greedy_wanted(fog, 0, &goal), "ACDF");
    fog->pl[0].e = 85;
    ck_assert_str_eq(greedy_wanted(fog, 0, &goal), "ACDDF");
    fog->pl[0].e = 40;
    fx_piece(fog, "C3", 0, "ACDF");
    ck_assert_str_eq(greedy_wanted(fog, 0, &goal), "ACDDF");
    weigh_goal_free(&goal);
    board_free(fog);
    board_free(b);
}
END_TEST

Suite *botdefend_suite(void);
Suite *botdefend_suite(void)
{
    Suite *s = suite_create("botdefend");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_loop_test(tc, test_striker_waits_on_a_strike_square, 0, 2);
    tcase_add_test(tc, test_no_striker_stands_on_a_strike_square);
    tcase_add_test(tc, test_king_fear_does_not_fade_with_the_round);
    tcase_add_loop_test(tc, test_sentinel_walks_out_through_a_door, 0, 2);
    tcase_add_loop_test(tc, test_work_grows_with_the_pieces, 0, 2);
    tcase_add_test(tc, test_guards_lurk_round_a_likely_king);
    tcase_add_test(tc, test_danger_weighs_as_at_the_first_press);
    tcase_add_test(tc, test_no_walking_straight_back);
    tcase_add_test(tc, test_no_walking_round_in_circles);
    tcase_add_test(tc, test_bots_keep_off_the_monkey_idol);
    tcase_add_test(tc, test_search_counts_a_trade);
    tcase_add_test(tc, test_a_sentinel_is_no_ring);
    tcase_add_test(tc, test_a_lost_scout_is_replaced_cheaply);
    suite_add_tcase(s, tc);
    return s;
}
