/* Tests of bot: the computer opponents choose from their own player's view only, and play at once. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot.h"
#include "fixtures.h"
#include "legal.h"

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
    char *t = bot_choose(b, 0);
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
    char *t = bot_choose(b, 0);
    ck_assert_str_eq(t, "MOVE C2 W");
    free(t);
    board_free(b);
}
END_TEST

/* What the bot cannot see (a piece out of view, a phased piece, the codes of a piece it does not decode, the
 * other's E) changes nothing in its choice; the board's generator is not drawn from. */
START_TEST(test_choice_uses_no_hidden_information)
{
    const char *kinds[] = {"bot.greedy", "bot.random"};
    Board *b = two_bots(kinds[_i]);
    fx_piece(b, "B3", 0, "ABCK");
    fx_piece(b, "D4", 1, "A");
    Board *c = two_bots(kinds[_i]);
    fx_piece(c, "B3", 0, "ABCK");
    fx_piece(c, "D4", 1, "AKBB");
    fx_piece(c, "C2", 1, "Ar");
    fx_piece(c, "K2", 1, "K");
    c->ter[fx_sq(c, "I4")] = TER_IWALL;
    c->pl[1].e = 77;
    Rng before = b->rng;
    char *x = bot_choose(b, 0), *y = bot_choose(c, 0);
    ck_assert_str_eq(x, y);
    ck_assert(b->rng.state == before.state);
    free(x);
    free(y);
    board_free(b);
    board_free(c);
}
END_TEST

/* bot.random picks an order of the list. */
START_TEST(test_random_picks_a_listed_order)
{
    Board *b = two_bots("bot.random");
    fx_piece(b, "E3", 0, "ACDK");
    fx_piece(b, "H3", 1, "A");
    rng_seed(&b->rng, (uint64_t)_i);
    char *t = bot_choose(b, 0);
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

Suite *bot_suite(void);
Suite *bot_suite(void)
{
    Suite *s = suite_create("bot");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_names);
    tcase_add_test(tc, test_greedy_captures_a_king_it_decodes);
    tcase_add_test(tc, test_greedy_moves_its_king_out_of_reach);
    tcase_add_loop_test(tc, test_choice_uses_no_hidden_information, 0, 2);
    tcase_add_loop_test(tc, test_random_picks_a_listed_order, 0, 20);
    tcase_add_test(tc, test_bot_plays_at_once);
    suite_add_tcase(s, tc);
    return s;
}
