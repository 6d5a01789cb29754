/* Tests of bot: the computer opponents choose from their own player's view only, and play at once. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot.h"
#include "fixtures.h"
#include "greedy.h"
#include "legal.h"
#include "scripts.h"
#include "search.h"
#include "weigh.h"

static const char *const hall[] = {
    "############", "#..........#", "#..........#", "#..........#", "#..........#", "############", NULL,
};

/* bot.greedy (player 1 as alice's opponent) on a board where alice is a bot: seat 0 renamed. */
static Board *two_bots(const char *kind0)
{
    Board *b = fx_board(hall, 2, 10);
    snprintf(b->pl[0].id, sizeof b->pl[0].id, "%s", kind0);
    snprintf(b->pl[1].id, sizeof b->pl[1].id, "bot.random");
    return b;
}

START_TEST(test_names)
{
    ck_assert(bot_valid("bot:greedy"));
    ck_assert(bot_valid("BOT.Random"));
    ck_assert(bot_valid("bot.greedy12"));
    ck_assert(!bot_valid("bot.greedyx"));
    ck_assert(!bot_valid("bot.foo"));
    ck_assert(!bot_valid("robot.greedy"));
    ck_assert(bot_is("bot.anything"));
    ck_assert(!bot_is("bottom"));
    char *u = bot_userid("Bot:Greedy2");
    ck_assert_str_eq(u, "bot.greedy2");
    free(u);
}
END_TEST

START_TEST(test_greedy_captures_a_king_it_decodes)
{
    Board *b = two_bots("bot.greedy");
    fx_piece(b, "B3", 0, "AF");
    fx_piece(b, "C3", 1, "K");
    fx_piece(b, "J3", 0, "K");
    char *t = bot_choose(b, 0, NULL);
    ck_assert_str_eq(t, "MOVE B3 E");
    free(t);
    board_free(b);
}
END_TEST

START_TEST(test_greedy_moves_its_king_out_of_reach)
{
    Board *b = two_bots("bot.greedy");
    fx_piece(b, "C2", 0, "DK"); /* D: it sees E2 */
    fx_piece(b, "E2", 1, "A");
    char *t = bot_choose(b, 0, NULL);
    ck_assert_str_eq(t, "MOVE C2 W");
    free(t);
    board_free(b);
}
END_TEST

/* The King takes an A next to it when nothing else in sight could take it there (pieces.txt: capture as in chess). */
START_TEST(test_greedy_king_captures_when_safe)
{
    Board *b = two_bots("bot.greedy");
    fx_piece(b, "C3", 0, "K");
    fx_piece(b, "D3", 1, "A");
    char *t = bot_choose(b, 0, NULL);
    ck_assert_str_eq(t, "MOVE C3 E");
    free(t);
    board_free(b);
}
END_TEST

/* Not when a second piece it sees could take the King on the captured piece's square: it steps out of reach. */
START_TEST(test_greedy_king_declines_an_unsafe_capture)
{
    Board *b = two_bots("bot.greedy");
    fx_piece(b, "C3", 0, "DFK"); /* D: it sees E3; F: it decodes both */
    fx_piece(b, "D3", 1, "A");
    fx_piece(b, "E3", 1, "A");
    char *t = bot_choose(b, 0, NULL);
    ck_assert_str_eq(t, "MOVE C3 W");
    free(t);
    board_free(b);
}
END_TEST

/* With E for it and nothing in sight, greedy buys a fast piece (ABC) rather than a bare A, next to its King. With
 * too little for ABC, bot.easy keeps its E (a King's step is worth less than staying); bot.greedy buys a guard
 * (a bare A, 2E) on an approach open to what it cannot see (threat.h). */
START_TEST(test_greedy_buys_speed)
{
    Board *b = two_bots("bot.greedy");
    fx_piece(b, "C3", 0, "K");
    fx_piece(b, "J3", 1, "K");
    char *t = bot_choose(b, 0, NULL);
    ck_assert_str_eq(t, "CREATE B4 ABC");
    free(t);
    b->pl[0].e = 8;
    t = bot_choose(b, 0, NULL);
    ck_assert_msg(strncmp(t, "CREATE ", 7) == 0 && strcmp(t + strlen(t) - 2, " A") == 0, "%s", t);
    free(t);
    snprintf(b->pl[0].id, sizeof b->pl[0].id, "bot.easy");
    t = bot_choose(b, 0, NULL);
    ck_assert_str_eq(t, "PASS");
    free(t);
    board_free(b);
}
END_TEST

/* bot.strong's first mobile piece is an ABBC, one step a MOVE faster than greedy's ABC (weigh.h outpace): it is
 * there first and sees the ABCs that come (an ABC against an ABC traded pieces until the round cap). */
START_TEST(test_strong_outpaces_greedy)
{
    Board *b = two_bots("bot.strong");
    b->pl[0].e = 20;
    fx_piece(b, "C3", 0, "K");
    fx_piece(b, "J3", 1, "K");
    Board *fog = weigh_fog(b, 0);
    WeighGoal goal;
    weigh_goal(fog, 0, b, true, &goal);
    ck_assert_str_eq(greedy_wanted(fog, 0, &goal), "ABC");
    goal.outpace = true;
    ck_assert_str_eq(greedy_wanted(fog, 0, &goal), "ABBC");
    fx_piece(fog, "E3", 0, "ABBC"); /* the second piece is a striker (greedy_wanted) */
    ck_assert_str_eq(greedy_wanted(fog, 0, &goal), "ABCE");
    fx_piece(fog, "E2", 0, "ABCE"); /* the third is greedy's choice by count again */
    ck_assert_str_eq(greedy_wanted(fog, 0, &goal), "ABCF");
    goal.scout = true; /* bot.strong's is a scout, to see which piece is the King */
    ck_assert_str_eq(greedy_wanted(fog, 0, &goal), "ACDF");
    goal.press = 3; /* the game drags on: a wider one */
    fx_piece(fog, "E4", 0, "ACDF");
    ck_assert_str_eq(greedy_wanted(fog, 0, &goal), "ACDDF");
    fx_piece(fog, "G3", 1, "K"); /* a King decoded: no scout wanted; the fourth piece by count */
    ck_assert_str_eq(greedy_wanted(fog, 0, &goal), "ABCD");
    weigh_goal_free(&goal);
    board_free(fog);
    char *t = bot_choose(b, 0, NULL);
    ck_assert_msg(strncmp(t, "CREATE ", 7) == 0 && strcmp(t + strlen(t) - 5, " ABBC") == 0, "%s", t);
    free(t);
    board_free(b);
}
END_TEST

static const char *const sealed[] = {
    "############", "#...+......#", "#...+......#", "#...+......#", "#...+......#", "############", NULL,
};

/* Walled in (no floor leads out of its room), greedy buys O, and its O piece digs through the wall. */
START_TEST(test_greedy_digs_out)
{
    Board *b = fx_board(sealed, 2, 60);
    snprintf(b->pl[0].id, sizeof b->pl[0].id, "bot.greedy");
    snprintf(b->pl[1].id, sizeof b->pl[1].id, "bot.random");
    fx_piece(b, "B3", 0, "DK"); /* D: it sees its whole room and the wall */
    fx_piece(b, "J3", 1, "K");
    char *t = bot_choose(b, 0, NULL);
    ck_assert_str_eq(t, "CREATE C4 AO");
    free(t);
    fx_piece(b, "D3", 0, "AO");
    b->pl[0].e = 0; /* nothing more to buy: the O piece moves */
    t = bot_choose(b, 0, NULL);
    ck_assert_str_eq(t, "MOVE D3 E");
    free(t);
    ck_assert_int_eq(fx_order(b, 0, "MOVE D3 E", NULL, 0), 0);
    ck_assert_str_eq(fx_seq(b, "E3"), "AO");
    board_free(b);
}
END_TEST

/* An order of its own that failed (its player knows: `log`) is not given again while it is among its last turns. */
START_TEST(test_greedy_does_not_repeat_a_failed_order)
{
    Board *b = two_bots("bot.greedy");
    b->pl[0].e = 0;
    fx_piece(b, "B3", 0, "K");
    fx_piece(b, "D3", 0, "AB");
    fx_piece(b, "J3", 1, "K");
    char *t = bot_choose(b, 0, NULL);
    ck_assert_str_eq(t, "MOVE D3 E-E");
    sl_push_owned(&b->moves, xasprintf("1a bot.greedy %s (Failed)", t));
    sl_push(&b->moves, "1a bot.greedy PASS");
    sl_push(&b->moves, "1b bot.random PASS");
    free(t);
    t = bot_choose(b, 0, NULL);
    ck_assert_str_eq(t, "MOVE D3 S-S");
    free(t);
    board_free(b);
}
END_TEST

/* The hall with the public start squares: alice's GPC1 on C3, bob's GPC2 on J3. */
static Board *hall_with_starts(const char *kind0)
{
    Board *b = two_bots(kind0);
    b->st = xcalloc(2, sizeof *b->st);
    b->st[0] = (Start){.label = 1, .sq = fx_sq(b, "C3")};
    b->st[1] = (Start){.label = 2, .sq = fx_sq(b, "J3")};
    b->nst = 2;
    return b;
}

/* bot.strong's King keeps to its lair (weigh_lair): of the squares orthogonally next to its start, the one
 * farthest from the other start by walking — B3, 8 steps from J3 (C2 and C4 7, D3 6). It steps there from its
 * start, then stays; greedy's King stays on its start. */
START_TEST(test_strong_king_keeps_to_its_lair)
{
    Board *b = hall_with_starts("bot.strong");
    b->pl[0].e = 0; /* nothing to buy */
    fx_piece(b, "C3", 0, "K");
    Board *f = legal_fog(b, 0);
    ck_assert_int_eq(weigh_lair(f, 0, b), fx_sq(b, "B3"));
    board_free(f);
    char *t = bot_choose(b, 0, NULL);
    ck_assert_str_eq(t, "MOVE C3 W");
    free(t);
    ck_assert_int_eq(fx_order(b, 0, "MOVE C3 W", NULL, 0), 0);
    b->seat = 0;
    t = bot_choose(b, 0, NULL);
    ck_assert_str_eq(t, "PASS");
    free(t);
    board_free(b);
    b = hall_with_starts("bot.greedy");
    b->pl[0].e = 0;
    fx_piece(b, "C3", 0, "K");
    t = bot_choose(b, 0, NULL);
    ck_assert_str_eq(t, "PASS");
    free(t);
    board_free(b);
}
END_TEST

/* With no enemy piece in sight, the goal is one enemy start square after another, each for two rounds per square
 * of the board's longer side: 24 rounds on the 12-column hall (bob's J2 in rounds 1-24, carol's J5 in 25-48). */
START_TEST(test_goal_turns_through_the_starts)
{
    Board *b = fx_board(hall, 3, 0);
    b->st = xcalloc(3, sizeof *b->st);
    b->st[0] = (Start){.label = 1, .sq = fx_sq(b, "B3")};
    b->st[1] = (Start){.label = 2, .sq = fx_sq(b, "J2")};
    b->st[2] = (Start){.label = 3, .sq = fx_sq(b, "J5")};
    b->nst = 3;
    fx_piece(b, "B3", 0, "K");
    static const struct {
        int round;
        const char *goal;
    } at[] = {{1, "J2"}, {24, "J2"}, {25, "J5"}, {48, "J5"}, {49, "J2"}};
    for (size_t i = 0; i < sizeof at / sizeof at[0]; i++) {
        b->round = at[i].round;
        Board *f = weigh_fog(b, 0);
        WeighGoal g;
        weigh_goal(f, 0, b, true, &g);
        ck_assert_msg(g.walk[fx_sq(b, at[i].goal)] == 0, "round %d: %s", at[i].round, at[i].goal);
        weigh_goal_free(&g);
        board_free(f);
    }
    board_free(b);
}
END_TEST

/* The levels' goal: a scout makes for the square where the King is likely (look: bob's start J3, out of view),
 * not for the piece in sight it does not decode (walk: H3); the pieces walk round their own guards (C3), not
 * through them (weigh_goal, the easy goal without them, still does). */
START_TEST(test_scout_looks_for_the_king)
{
    Board *b = two_bots("bot.strong");
    b->st = xcalloc(2, sizeof *b->st);
    b->st[0] = (Start){.label = 1, .sq = fx_sq(b, "B3")};
    b->st[1] = (Start){.label = 2, .sq = fx_sq(b, "J3")};
    b->nst = 2;
    fx_piece(b, "B3", 0, "K");
    fx_piece(b, "C3", 0, "A");
    fx_piece(b, "G3", 0, "ABC"); /* sees F2..H4 */
    fx_piece(b, "H3", 1, "A");
    fx_piece(b, "J3", 1, "K");
    Board *f = weigh_fog(b, 0);
    WeighGoal g;
    weigh_goal_aimed(f, 0, b, true, &g);
    ck_assert_int_eq(g.walk[fx_sq(b, "G3")], 1);
    ck_assert_int_eq(g.look[fx_sq(b, "G3")], 3);
    ck_assert_int_eq(g.walk[fx_sq(b, "C3")], WEIGH_FAR);
    weigh_goal_free(&g);
    weigh_goal(f, 0, b, true, &g);
    ck_assert_int_lt(g.walk[fx_sq(b, "C3")], WEIGH_FAR);
    weigh_goal_free(&g);
    Genome scout;
    piece_parse("ACDF", &scout, false, &(Err){0});
    ck_assert_int_eq(weigh_scout(&scout), 3);
    piece_parse("ACDDF", &scout, false, &(Err){0});
    ck_assert_int_eq(weigh_scout(&scout), 5);
    piece_parse("ABDD", &scout, false, &(Err){0});
    ck_assert_int_eq(weigh_scout(&scout), 0); /* no F: no scout */
    board_free(f);
    board_free(b);
}
END_TEST

/* A piece in sight the player does not decode stays feared with guessed codes on the boards it weighs, even after
 * an order that brings a decoder next to it: the board it knows holds legal_fog's stand-in there, a bare A, not the
 * piece's codes (greedy moved its decoder next to the decoder script's ABCDF, feared nothing, and lost its King). */
START_TEST(test_undecoded_stays_feared)
{
    Board *b = two_bots("bot.greedy");
    fx_piece(b, "C2", 0, "K");
    fx_piece(b, "B3", 0, "ABCF");
    fx_piece(b, "D2", 0, "ABC"); /* sees E3 */
    fx_piece(b, "E3", 1, "ABCDF");
    fx_piece(b, "J4", 1, "K");
    Board *f = weigh_fog(b, 0);
    WeighGoal g;
    weigh_goal_aimed(f, 0, b, true, &g);
    Board *s = weigh_clone(f);
    ck_assert_int_eq(weigh_apply(s, 0, "MOVE B3 SE-E", 1), 0); /* to D4, next to E3 */
    ck_assert_msg(weigh_position(s, 0, &g) < -5e4, "%f", weigh_position(s, 0, &g)); /* E3-D3-C2 takes the King */
    board_free(s);
    weigh_goal_free(&g);
    board_free(f);
    board_free(b);
}
END_TEST

/* The facts a bot cannot see, changed one at a time on a copy of the board. */
static void hide_nothing(Board *b) { (void)b; }
static void hide_piece_moved(Board *b) { board_move_piece(b, fx_sq(b, "K2"), fx_sq(b, "K4")); }
static void hide_piece_codes(Board *b) { piece_parse("ABBCDK", &board_piece_at(b, fx_sq(b, "K2"))->g, false, &(Err){0}); }
static void hide_undecoded_codes(Board *b) { piece_parse("ABBCE", &board_piece_at(b, fx_sq(b, "E4"))->g, false, &(Err){0}); }
static void hide_e(Board *b) { b->pl[1].e = 777; }
static void hide_queue(Board *b) { sl_push(&b->pl[1].queue, "MOVE K2 W"); }
static void hide_phased(Board *b) { fx_piece(b, "C2", 1, "ABr"); }
static void hide_wall(Board *b) { b->ter[fx_sq(b, "I4")] = TER_IWALL; }
/* The same pieces in another order in the board's array, as a capture out of view leaves it (board_remove_piece
 * fills the gap with the last piece) and as a save and load does (the file lists them in reading order). */
static void hide_array_order(Board *b)
{
    for (int i = 0, j = b->npc - 1; i < j; i++, j--) {
        Piece p = b->pc[i];
        b->pc[i] = b->pc[j];
        b->pc[j] = p;
    }
    for (int i = 0; i < b->npc; i++)
        b->at[b->pc[i].sq] = i;
}
static void (*const hide[])(Board *) = {hide_piece_moved, hide_piece_codes, hide_undecoded_codes, hide_e,
                                        hide_queue, hide_phased, hide_wall, hide_array_order};
#define NHIDE ((int)(sizeof hide / sizeof hide[0]))
static const char *const kinds[] = {"bot.greedy", "bot.random", "bot.strong", "bot.easy",
                                    "bot.rush",   "bot.swarm",  "bot.decoder", "bot.turtle"};
#define NKINDS ((int)(sizeof kinds / sizeof kinds[0]))

/* A board with something for every bot to weigh: its King on its start, a fast piece, an enemy piece in sight it
 * does not decode (E4), the enemy King out of view (K2) near its start (K3); then one hidden fact changed by hide. */
static Board *fog_board(const char *kind, void (*change)(Board *))
{
    Board *b = two_bots(kind);
    b->st = xcalloc(2, sizeof *b->st); /* public: bot.strong's King keeps to its lair next to B3 */
    b->st[0] = (Start){.label = 1, .sq = fx_sq(b, "B3")};
    b->st[1] = (Start){.label = 2, .sq = fx_sq(b, "K3")};
    b->nst = 2;
    fx_piece(b, "B3", 0, "DK"); /* sees A1..E5 */
    fx_piece(b, "C4", 0, "ABC");
    fx_piece(b, "E4", 1, "A");
    fx_piece(b, "K2", 1, "K");
    rng_seed(&b->rng, 42);
    change(b);
    return b;
}

/* Fog honesty, differentially (contract 12): for every bot kind, a change to a fact its player cannot see — a
 * hidden piece's place or codes, the codes of a piece it sees but does not decode, another player's E or stored
 * queue, a phased piece, a wall out of view, the order of the board's array of pieces — leaves its order as it
 * was; the board's generator is not drawn from. */
START_TEST(test_choice_uses_no_hidden_information)
{
    const char *kind = kinds[_i / NHIDE];
    Board *b = fog_board(kind, hide_nothing), *c = fog_board(kind, hide[_i % NHIDE]);
    Rng before = b->rng;
    char *x = bot_choose(b, 0, NULL), *y = bot_choose(c, 0, NULL);
    ck_assert_msg(strcmp(x, y) == 0, "%s, change %d: %s vs %s", kind, _i % NHIDE, x, y);
    ck_assert(b->rng.state == before.state);
    Board *f = legal_fog(b, 0);
    ck_assert_msg(legal_accepted(f, 0, x), "%s", x);
    board_free(f);
    free(x);
    free(y);
    board_free(b);
    board_free(c);
}
END_TEST

/* A board of equals, where the order of the pieces' array would break the tie: the King on its start B3, AB
 * pieces on C2 and C4 as far from the goal (the enemy start, K3, out of view), no E to buy anything — not in
 * reading order in the array. */
static Board *equals_board(const char *kind)
{
    Board *b = two_bots(kind);
    snprintf(b->pl[1].id, sizeof b->pl[1].id, "bob"); /* kind may be bot.random: no player twice in a file */
    b->st = xcalloc(2, sizeof *b->st);
    b->st[0] = (Start){.label = 1, .sq = fx_sq(b, "B3")};
    b->st[1] = (Start){.label = 2, .sq = fx_sq(b, "K3")};
    b->nst = 2;
    b->pl[0].e = 0;
    fx_piece(b, "C4", 0, "AB");
    fx_piece(b, "K3", 1, "K");
    fx_piece(b, "B3", 0, "K");
    fx_piece(b, "C2", 0, "AB");
    rng_seed(&b->rng, 7);
    return b;
}

/* The order of the board's array is nothing the player sees (contract 12): the same board with its array
 * reversed — as a capture out of view reorders it — and the same board written and read back (the file lists the
 * pieces in reading order) give the same order as the board in memory. */
START_TEST(test_choice_ignores_the_array_order)
{
    const char *kind = kinds[_i];
    Board *b = equals_board(kind), *r = equals_board(kind);
    hide_array_order(r);
    char *text = boardfile_write(b);
    Err err;
    Board *c = boardfile_parse(text, "test", &err);
    ck_assert_msg(c != NULL, "%s", err.msg);
    ck_assert_int_ne(c->pc[0].sq, b->pc[0].sq); /* the arrays differ */
    char *x = bot_choose(b, 0, NULL), *y = bot_choose(r, 0, NULL), *z = bot_choose(c, 0, NULL);
    ck_assert_msg(strcmp(x, y) == 0 && strcmp(x, z) == 0, "%s: in memory %s, reversed %s, read back %s", kind, x, y, z);
    free(text);
    free(x);
    free(y);
    free(z);
    board_free(b);
    board_free(r);
    board_free(c);
}
END_TEST

/* The facts a bot does see do change its order: moving the enemy piece in sight next to the King (the
 * differential test above would pass for a bot that ignored the board). */
START_TEST(test_choice_follows_what_it_sees)
{
    const char *kind = kinds[_i];
    if (strcmp(kind, "bot.random") == 0)
        return; /* any order: nothing to follow */
    Board *b = fog_board(kind, hide_nothing);
    board_move_piece(b, fx_sq(b, "E4"), fx_sq(b, "B4"));
    char *t = bot_choose(b, 0, NULL);
    ck_assert_str_eq(t, "MOVE C4 N-SW"); /* the fast piece takes it, out of reach of anything else in sight */
    free(t);
    board_free(b);
}
END_TEST

/* bot.strong: the same board gives the same order and the same work, within its fixed effort. */
START_TEST(test_strong_is_repeatable_and_bounded)
{
    Board *b = fog_board("bot.strong", hide_nothing);
    Rng r1 = b->rng, r2 = b->rng;
    long w1, w2;
    char *x = search_choose(b, 0, &r1, &w1), *y = search_choose(b, 0, &r2, &w2);
    ck_assert_str_eq(x, y);
    ck_assert_int_eq(w1, w2);
    ck_assert_int_gt(w1, 20); /* it searched: more than greedy's one order per candidate */
    ck_assert_int_le(w1, SEARCH_WORK);
    free(x);
    free(y);
    board_free(b);
}
END_TEST

/* bot.strong's effort comes from the board's size only: the whole of SEARCH_WORK up to SEARCH_AREA squares (every
 * built-in map), less in proportion beyond (the 60x60 bench board: a median of 57 ms, contract 12), never below
 * SEARCH_WORK_MIN. */
START_TEST(test_strong_work_scales_with_the_board)
{
    Board b = {.w = 45, .h = 29}; /* melee, the largest built-in map */
    ck_assert_int_eq(search_work(&b), SEARCH_WORK);
    b.w = b.h = 60;
    ck_assert_int_eq(search_work(&b), SEARCH_WORK * SEARCH_AREA / 3600);
    b.w = b.h = 500;
    ck_assert_int_eq(search_work(&b), SEARCH_WORK_MIN);
}
END_TEST

/* The audit's crowd: melee's size, 45x29, the player's King on C3 and bob's on AP27, and 366 ADDDDDN pieces, 180
 * and 186 a side, in the rows between (each TELEPORTs to any of the 120 squares it sees): over 44,000 orders a side
 * to list, which took one decision 3.4 to 4.3 s, uncounted (contract 12, 15.2). */
static Board *crowd(const char *kind)
{
    static char grid[29][46];
    static const char *rows[30];
    for (int r = 0; r < 29; r++) {
        for (int c = 0; c < 45; c++)
            grid[r][c] = r == 0 || r == 28 || c == 0 || c == 44 ? '#' : '.';
        grid[r][45] = '\0';
        rows[r] = grid[r];
    }
    rows[29] = NULL;
    Board *b = fx_board(rows, 2, 10);
    snprintf(b->pl[0].id, sizeof b->pl[0].id, "%s", kind);
    snprintf(b->pl[1].id, sizeof b->pl[1].id, "bob");
    fx_piece(b, "C3", 0, "K");
    fx_piece(b, "AP27", 1, "K");
    char name[16];
    for (int r = 10, n = 0; r < 27; r += 2)
        for (int c = 2; c <= 42 && n < 366; c++, n++)
            fx_piece(b, board_sq_name(b, board_sq(b, c, r), name), c < 22 ? 0 : 1, "ADDDDDN");
    return b;
}

/* However many orders a board holds, a bot's decision is a bounded amount of work (contract 12, 15.2), each order
 * tried on a scratch board counted: listing them stops at LEGAL_BOT_WORK (the King's orders first, PASS always),
 * bot.easy and bot.greedy weigh GREEDY_WORK more, bot.strong SEARCH_WORK, a script runs SCRIPT_WORK at most. */
START_TEST(test_decision_work_is_bounded)
{
    const char *kind = kinds[_i];
    Board *b = crowd(kind);
    LegalList l;
    long listed;
    legal_orders_within(b, 0, LEGAL_BOT_WORK, &listed, &l);
    ck_assert_int_le(listed, LEGAL_BOT_WORK);
    ck_assert_int_gt(listed, LEGAL_BOT_WORK - 20);
    ck_assert_int_eq(l.v[0].sq, fx_sq(b, "C3")); /* the King's group, whole */
    ck_assert_int_eq(l.v[0].orders.n, 4);          /* its MOVEs to C2, B3, D3 and C4 */
    const LegalGroup *last = &l.v[l.n - 1];
    ck_assert_str_eq(last->orders.v[last->orders.n - 1], "PASS");
    legal_free(&l);
    BotLog log = {0};
    BotMeasure m = {.log = &log};
    char *t = bot_choose(b, 0, &m);
    long most = strcmp(kind, "bot.strong") == 0                                      ? LEGAL_BOT_WORK + SEARCH_WORK
                : strcmp(kind, "bot.greedy") == 0 || strcmp(kind, "bot.easy") == 0 ? LEGAL_BOT_WORK + GREEDY_WORK
                : strcmp(kind, "bot.random") == 0                                   ? LEGAL_BOT_WORK
                                                                                    : SCRIPT_WORK;
    ck_assert_int_eq(log.n, 1);
    ck_assert_msg(log.v[0].work <= most, "%s: work %ld", kind, log.v[0].work);
    if (most > SCRIPT_WORK || strcmp(kind, "bot.random") == 0) /* the listing is counted */
        ck_assert_msg(log.v[0].work >= listed, "%s: work %ld", kind, log.v[0].work);
    Board *f = legal_fog(b, 0);
    ck_assert_msg(strcmp(t, "PASS") == 0 || legal_accepted(f, 0, t), "%s", t);
    board_free(f);
    free(log.v);
    free(t);
    board_free(b);
}
END_TEST

/* bot.random picks an order of the list. */
START_TEST(test_random_picks_a_listed_order)
{
    Board *b = two_bots("bot.random");
    fx_piece(b, "E3", 0, "ACDK");
    fx_piece(b, "H3", 1, "A");
    rng_seed(&b->rng, (uint64_t)_i);
    char *t = bot_choose(b, 0, NULL);
    Board *f = legal_fog(b, 0);
    ck_assert_msg(legal_accepted(f, 0, t), "%s", t);
    ck_assert_str_ne(t, "PASS");
    board_free(f);
    free(t);
    board_free(b);
}
END_TEST

/* A turn that waits for a bot is played at once: alice passes, the bot's turn is over, alice's comes. */
START_TEST(test_bot_plays_at_once)
{
    Board *b = fx_board(hall, 2, 10);
    snprintf(b->pl[1].id, sizeof b->pl[1].id, "bot.greedy");
    fx_piece(b, "B2", 0, "K");
    fx_piece(b, "K4", 1, "K");
    Order o;
    Err err;
    ck_assert_int_eq(order_parse(b, "PASS", &o, &err), 0);
    Game g;
    game_init(&g, b, 1000000);
    ck_assert_int_eq(turn_play(&g, 0, &o, false), 0);
    game_done(&g);
    order_free(&o);
    ck_assert_int_eq(b->moves.n, 2);
    ck_assert(strncmp(b->moves.v[1], "1b bot.greedy ", 14) == 0);
    ck_assert_int_eq(b->round, 2);
    ck_assert_int_eq(b->seat, 0);
    fx_check(b);
    board_free(b);
}
END_TEST

/* The bots' board takes the interior walls out of view from the player's map (contract 8, 12): a wall they saw
 * made stands, one they saw mined is gone, and one made or mined out of their view is as they last saw it. */
START_TEST(test_fog_walls_from_the_map)
{
    Board *b = fx_board(hall, 2, 10);
    fx_piece(b, "B2", 0, "K"); /* alice sees A1..C3 */
    fx_piece(b, "K5", 1, "K");
    b->ter[fx_sq(b, "F3")] = b->ter[fx_sq(b, "H3")] = TER_IWALL;
    board_start_fix(b); /* the game starts with interior walls on F3 and H3 */
    b->ter[fx_sq(b, "F3")] = TER_FLOOR; /* mined where alice saw it */
    board_known_set(b, 0, fx_sq(b, "F3"), TER_FLOOR);
    b->ter[fx_sq(b, "H3")] = TER_FLOOR; /* mined out of her view */
    b->ter[fx_sq(b, "J2")] = TER_IWALL; /* made out of her view */
    b->ter[fx_sq(b, "D4")] = TER_IWALL; /* made where she saw it */
    board_known_set(b, 0, fx_sq(b, "D4"), TER_IWALL);
    Board *f = weigh_fog(b, 0);
    ck_assert_int_eq(f->ter[fx_sq(f, "F3")], TER_FLOOR);
    ck_assert_int_eq(f->ter[fx_sq(f, "H3")], TER_IWALL);
    ck_assert_int_eq(f->ter[fx_sq(f, "J2")], TER_FLOOR);
    ck_assert_int_eq(f->ter[fx_sq(f, "D4")], TER_IWALL);
    board_free(f);
    board_free(b);
}
END_TEST

Suite *bot_suite(void);
Suite *bot_suite(void)
{
    Suite *s = suite_create("bot");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_names);
    tcase_add_test(tc, test_greedy_captures_a_king_it_decodes);
    tcase_add_test(tc, test_greedy_moves_its_king_out_of_reach);
    tcase_add_test(tc, test_greedy_king_captures_when_safe);
    tcase_add_test(tc, test_greedy_king_declines_an_unsafe_capture);
    tcase_add_test(tc, test_greedy_buys_speed);
    tcase_add_test(tc, test_strong_outpaces_greedy);
    tcase_add_test(tc, test_greedy_digs_out);
    tcase_add_test(tc, test_greedy_does_not_repeat_a_failed_order);
    tcase_add_loop_test(tc, test_choice_uses_no_hidden_information, 0, NKINDS * NHIDE);
    tcase_add_loop_test(tc, test_choice_follows_what_it_sees, 0, NKINDS);
    tcase_add_loop_test(tc, test_choice_ignores_the_array_order, 0, NKINDS);
    tcase_add_loop_test(tc, test_decision_work_is_bounded, 0, NKINDS);
    tcase_add_test(tc, test_strong_is_repeatable_and_bounded);
    tcase_add_test(tc, test_strong_work_scales_with_the_board);
    tcase_add_test(tc, test_strong_king_keeps_to_its_lair);
    tcase_add_test(tc, test_goal_turns_through_the_starts);
    tcase_add_test(tc, test_scout_looks_for_the_king);
    tcase_add_test(tc, test_undecoded_stays_feared);
    tcase_add_loop_test(tc, test_random_picks_a_listed_order, 0, 20);
    tcase_add_test(tc, test_bot_plays_at_once);
    tcase_add_test(tc, test_fog_walls_from_the_map);
    suite_add_tcase(s, tc);
    return s;
}
