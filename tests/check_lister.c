/* Tests of lister: "what your pieces can do" as text, in 78 columns. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixtures.h"
#include "lister.h"

static const char *const hall[] = {
    "############", "#..........#", "#....+.....#", "#..........#", "#..........#", "############", NULL,
};

static char *render(const Board *b, int player, int sq)
{
    Buf o;
    buf_init(&o);
    lister_render(b, player, sq, &o);
    return o.s;
}

START_TEST(test_render)
{
    Board *b = fx_board(hall, 2, 12);
    fx_piece(b, "C3", 0, "ACJKTZ");
    fx_piece(b, "D3", 0, "A");
    fx_piece(b, "C4", 1, "A");
    char *t = render(b, 0, -1);
    ck_assert_str_eq(t, "C3 ACJKTZ:\n"
                        "  MOVE       B2 (NW), C2 (N), D2 (NE), B3 (W), B4 (SW), C4 (S, capture),\n"
                        "             D4 (SE)\n"
                        "  TRANSFER   A to D3, C to D3, T to D3, Z to D3, A to C4, C to C4, T to C4,\n"
                        "             Z to C4\n"
                        "  REPULSE\n"
                        "  CHARGE     N, NE, SE, SW, W, NW\n"
                        "  CREATE     B2 A, C2 A, D2 A, B3 A, B4 A, D4 A\n"
                        "  new piece  with your 12 E: A (1 E); AA (3 E); AB, AC, AP (5 E each); AD, AE\n"
                        "             (7 E each); AF, AS, AV, AW (9 E each); AG, AH (11 E each)\n"
                        "D3 A:\n"
                        "  MOVE       D2 (N), E3 (E), D4 (S)\n"
                        "Any time:\n"
                        "  PASS\n");
    free(t);
    board_free(b);
}
END_TEST

/* CREATE stands under the King that pays for it (contract 14.2: the first unphased one next to the square), and
 * what the E buys is said in words: an A alone, an A with one more code (AA too), or any one code on offer. */
START_TEST(test_create_under_its_king)
{
    Board *b = fx_board(hall, 2, 3);
    fx_piece(b, "C3", 0, "K");
    fx_piece(b, "E3", 0, "AK");
    fx_piece(b, "J4", 1, "K");
    char *t = render(b, 0, -1);
    ck_assert_str_eq(t, "C3 K:\n"
                        "  MOVE       C2 (N), B3 (W), D3 (E), C4 (S)\n"
                        "  CREATE     B2 A, C2 A, D2 A, B3 A, D3 A, B4 A, C4 A, D4 A\n"
                        "  new piece  with your 3 E: A (1 E); AA (3 E)\n"
                        "E3 AK:\n"
                        "  MOVE       E2 (N), D3 (W), E4 (S)\n"
                        "  CREATE     E2 A, F2 A, E4 A, F4 A\n" /* D2..D4 are C3's: it comes first */
                        "Any time:\n"
                        "  PASS\n");
    free(t);
    t = render(b, 0, fx_sq(b, "E3")); /* one King: its own CREATEs, and the price list with them */
    ck_assert_msg(strstr(t, "  CREATE     E2 A, F2 A, E4 A, F4 A\n  new piece  with your 3 E: A (1 E); AA (3 E)\n"),
                  "%s", t);
    ck_assert_ptr_null(strstr(t, "Any time"));
    free(t);
    b->pl[0].e = 2;
    t = render(b, 0, fx_sq(b, "C3"));
    ck_assert_msg(strstr(t, "  new piece  with your 2 E: A (1 E) only; an A with one more code costs more\n"), "%s", t);
    free(t);
    b->pl[0].e = 0; /* nothing to CREATE: no line, no prices */
    t = render(b, 0, fx_sq(b, "C3"));
    ck_assert_msg(!strstr(t, "CREATE") && !strstr(t, "new piece"), "%s", t);
    free(t);
    b->pl[0].e = 80;
    t = render(b, 0, fx_sq(b, "C3"));
    ck_assert_msg(strstr(t, "  new piece  with your 80 E: A (1 E), or an A with any one code on offer (3 to\n"
                            "             41 E)\n"), "%s", t);
    free(t);
    board_free(b);
}
END_TEST

/* Every line fits in 78 columns, however many orders a piece has. */
START_TEST(test_width)
{
    Board *b = fx_board(hall, 2, 400);
    fx_piece(b, "F4", 0, "ABBCDDEHJKMNTXZZ");
    fx_piece(b, "C2", 0, "AK");
    fx_piece(b, "H2", 1, "A");
    char *t = render(b, 0, -1);
    int col = 0, lines = 0;
    for (const char *p = t; *p; p++) {
        col = *p == '\n' ? 0 : col + 1;
        lines += *p == '\n';
        ck_assert_msg(col <= 78, "too wide: %s", t);
    }
    ck_assert_int_gt(lines, 12);
    free(t);
    board_free(b);
}
END_TEST

START_TEST(test_not_in_play)
{
    Board *b = fx_board(hall, 2, 12);
    b->phase = PHASE_ROUND0;
    char *t = render(b, 0, -1);
    ck_assert_str_eq(t, "Round 0: your orders are GAMBLEs (see help gamble).\n");
    free(t);
    board_free(b);
}
END_TEST

/* The sheet's section: only when the player turned it on. */
START_TEST(test_sheet_section)
{
    Board *b = fx_board(hall, 2, 12);
    fx_piece(b, "D3", 0, "A");
    Buf o;
    buf_init(&o);
    lister_sheet_section(b, 0, &o);
    ck_assert_int_eq((int)o.len, 0);
    b->pl[0].lister = true;
    lister_sheet_section(b, 0, &o);
    ck_assert_str_eq(o.s, "What your pieces can do (worked out from what you see):\n"
                          "D3 A:\n"
                          "  MOVE       D2 (N), C3 (W), E3 (E), D4 (S)\n"
                          "Any time:\n"
                          "  PASS\n"
                          "\n");
    buf_free(&o);
    board_free(b);
}
END_TEST

Suite *lister_suite(void);
Suite *lister_suite(void)
{
    Suite *s = suite_create("lister");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_render);
    tcase_add_test(tc, test_width);
    tcase_add_test(tc, test_create_under_its_king);
    tcase_add_test(tc, test_not_in_play);
    tcase_add_test(tc, test_sheet_section);
    suite_add_tcase(s, tc);
    return s;
}
