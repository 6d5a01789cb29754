/* Tests of view beside the turnsheet: a player's map (contract 8) and the New sheet's picture of the start,
 * `show` before and after the end (contract 11), the nag (contract 4.4), and layout_wrap. Helpers:
 * check_view.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "layout.h"
#include "view.h"

/* After the project's headers: check.h defines a macro named fail, util.h a function. */
#include <check.h>

#include "check_view.h"

/* The board of the map tests: floor, interior walls on D3 and E3 when the game started; start squares B2 and G4. */
static Board *map_board(void)
{
    Board *b = mk(8, 5, 2);
    b->ter[sq(b, "D3")] = b->ter[sq(b, "E3")] = TER_IWALL;
    b->st = xcalloc(2, sizeof *b->st);
    b->st[0] = (Start){.label = 1, .sq = sq(b, "B2")};
    b->st[1] = (Start){.label = 2, .sq = sq(b, "G4")};
    b->nst = 2;
    put(b, "B2", 0, "K"); /* alice sees A1..C3 */
    put(b, "G4", 1, "K"); /* bob sees F3..H5 */
    board_start_fix(b);
    return b;
}

/* The New sheet of a game without round 0 draws the whole terrain as the game starts, as the reader knows it,
 * with the start squares, as round 0's sheets do (contract 14.9); round 0's New sheet draws it once. */
START_TEST(sheet_new_draws_the_start)
{
    Board *b = map_board();
    b->ter[sq(b, "D3")] = TER_FLOOR; /* mined out of alice's view before her New sheet: she knows the start */
    board_known_set(b, 1, sq(b, "D3"), TER_FLOOR);
    SheetOpts o = {.variant = SHEET_YOUR_MOVE, .is_new = true};
    Buf out;
    buf_init(&out);
    view_sheet(b, 0, &o, &out);
    assert_width(out.s);
    ck_assert_msg(strstr(out.s, "\n\nThe whole board at the start: the terrain and the start squares (no pieces).\n"
                                "  A B C D E F G H\n"
                                "1 # # # # # # # # 1\n"
                                "2 # 1 . . . . . # 2\n"
                                "3 # . . + + . . # 3\n"
                                "4 # . . . . . 2 # 4\n"
                                "5 # # # # # # # # 5\n"
                                "  A B C D E F G H\n"
                                "Key: 1-9=start squares GPC1-GPC9 (G=GPC10 and up), #=wall, +=interior wall,\n"
                                "     .=floor\n"
                                "\n"
                                "Start squares (1-9 on the map; G from GPC10): GPC1 B2, GPC2 G4\n"
                                "\n"
                                "Players (in turn order; > to move):\n"),
                  "%s", out.s);
    out.len = 0;
    view_sheet(b, 1, &o, &out); /* bob saw D3 mined */
    ck_assert_msg(strstr(out.s, "3 # . . . + . . # 3\n"), "%s", out.s);
    out.len = 0;
    o.is_new = false; /* only the New sheet */
    view_sheet(b, 0, &o, &out);
    ck_assert_ptr_null(strstr(out.s, "The whole board at the start"));
    out.len = 0;
    b->phase = PHASE_ROUND0; /* round 0's sheets draw the whole terrain already */
    b->round = 0;
    o.is_new = true;
    view_sheet(b, 0, &o, &out);
    ck_assert_ptr_null(strstr(out.s, "The whole board at the start"));
    ck_assert_ptr_nonnull(strstr(out.s, "Round 0: the whole terrain and the start squares (no pieces yet).\n"));
    buf_free(&out);
    board_free(b);
}
END_TEST

static char *map_of(const Board *b, int reader)
{
    Buf out;
    buf_init(&out);
    view_map(b, reader, NULL, &out);
    char *s = buf_take(&out);
    assert_width(s);
    return s;
}

/* A player's map: the squares in view as they are (with the pieces and specials there, as the sheet draws
 * them), the others as the player last saw them, marked apart (':' floor, 'x' interior wall), no start
 * labels; the changes since the start they know of (contract 8). */
START_TEST(map_marks_view_and_memory)
{
    Board *b = map_board();
    int d3 = sq(b, "D3"), e3 = sq(b, "E3"), f4 = sq(b, "F4");
    b->ter[d3] = TER_FLOOR; /* mined where alice saw it */
    board_known_set(b, 0, d3, TER_FLOOR);
    b->ter[e3] = TER_FLOOR; /* mined where bob saw it, alice did not */
    board_known_set(b, 1, e3, TER_FLOOR);
    b->ter[f4] = TER_IWALL; /* petrified where both saw it */
    board_known_set(b, 0, f4, TER_IWALL);
    board_known_set(b, 1, f4, TER_IWALL);
    char *a = map_of(b, 0);
    ck_assert_str_eq(a, "Your map of Genetess board 101 (alice, Move #1):\n"
                        "  A B C D E F G H\n"
                        "1 # # # # # # # # 1\n"
                        "2 # @ . : : : : # 2\n"
                        "3 # . . : x : : # 3\n"
                        "4 # : : : : x : # 4\n"
                        "5 # # # # # # # # 5\n"
                        "  A B C D E F G H\n"
                        "Key: in your view now: @=yours, a-z=another player's (see Players), o=orphan,\n"
                        "     *=special, #=wall, +=interior wall, .=floor; out of your view, as you\n"
                        "     last saw it: x=interior wall, :=floor, #=wall (never removed), $=a\n"
                        "     special you saw there earlier\n"
                        "Changed since the start, as you know: D3 interior wall to floor (as you last\n"
                        "    saw it), F4 floor to interior wall (as you last saw it)\n");
    char *bob = map_of(b, 1);
    ck_assert_msg(strstr(bob, "3 # : : x : . . # 3\n"
                              "4 # : : : : + @ # 4\n"), "%s", bob);
    ck_assert_msg(strstr(bob, "Changed since the start, as you know: E3 interior wall to floor (as you last\n"
                              "    saw it), F4 floor to interior wall\n"), "%s", bob);
    /* no change known: said so */
    Board *c = map_board();
    char *none = map_of(c, 0);
    ck_assert_msg(strstr(none, "\nNo change of the terrain since the start that you know of.\n"), "%s", none);
    /* after the end the fog has lifted: the whole terrain as it is */
    b->phase = PHASE_ENDED;
    char *ended = map_of(b, 0);
    ck_assert_msg(strstr(ended, "The fog has lifted: the whole terrain as it is.\n"
                                "  A B C D E F G H\n"
                                "1 # # # # # # # # 1\n"
                                "2 # . . . . . . # 2\n"
                                "3 # . . . . . . # 3\n"
                                "4 # . . . . + . # 4\n"),
                  "%s", ended);
    ck_assert_msg(strstr(ended, "Key: #=wall, +=interior wall, .=floor\n"
                                "Changed since the start, as you know: D3 interior wall to floor, E3 interior\n"
                                "    wall to floor, F4 floor to interior wall\n"), "%s", ended);
    free(a);
    free(bob);
    free(none);
    free(ended);
    board_free(b);
    board_free(c);
}
END_TEST

START_TEST(show_public_hides_the_board)
{
    Board *b = mk(9, 6, 2);
    put(b, "B2", 0, "AJM");
    add_special(b, 1, "D3", "Gold seam");
    b->pl[0].e = 4242;
    sl_push(&b->pl[0].queue, "MOVE B2 E");
    b->clock.deadline = 0;
    b->clock.holiday_since = 1;
    Buf out;
    buf_init(&out);
    view_show_public(b, 0, &out);
    assert_width(out.s);
    ck_assert_ptr_null(strstr(out.s, "# #"));
    ck_assert_ptr_null(strstr(out.s, ". ."));
    ck_assert_ptr_null(strstr(out.s, "AJM"));
    ck_assert_ptr_null(strstr(out.s, "4242"));
    ck_assert_ptr_null(strstr(out.s, "Gold"));
    ck_assert_ptr_null(strstr(out.s, "MOVE"));
    ck_assert_ptr_nonnull(strstr(out.s, "Deadline: none (suspended)"));
    ck_assert_ptr_nonnull(strstr(out.s, "suspended: alice is on holiday"));
    ck_assert_ptr_nonnull(strstr(out.s, "Round 1, turn 1a"));
    ck_assert_ptr_nonnull(strstr(out.s, "To move: alice"));
    buf_free(&out);
    board_free(b);
}
END_TEST

START_TEST(show_full_after_the_end)
{
    Board *b = mk(9, 6, 2);
    put(b, "B2", 0, "AKRr");
    put(b, "H5", 1, "A");
    b->pl[1].status = PS_ELIMINATED;
    b->pl[1].out_seq = 1;
    b->pl[0].kills = 1;
    b->phase = PHASE_ENDED;
    snprintf(b->result, sizeof b->result, "won by alice");
    sl_push(&b->moves, "1a alice MOVE B3 N");
    Buf out;
    buf_init(&out);
    view_show_full(b, &out);
    assert_width(out.s);
    ck_assert_ptr_nonnull(strstr(out.s, "The game has ended"));
    ck_assert_ptr_nonnull(strstr(out.s, "Final scores:"));
    ck_assert_str_eq(line_with(out.s, "  B2 "), "  B2    alice   AKRr");
    ck_assert_str_eq(line_with(out.s, "  H5 "), "  H5    bob     A  (orphan)");
    ck_assert_ptr_nonnull(strstr(out.s, "2 # a . . . . . . # 2\n"));
    ck_assert_ptr_nonnull(strstr(out.s, "5 # . . . . . . o # 5\n"));
    ck_assert_ptr_nonnull(strstr(out.s, "  1a alice MOVE B3 N\n"));
    ck_assert_ptr_nonnull(strstr(out.s, "\nResult: won by alice (11 points)\n")); /* the points with their unit */
    const char *l = line_with(out.s, "  alice ");
    ck_assert_ptr_nonnull(l);
    ck_assert_msg(strstr(l, "winner"), "%s", l);
    ck_assert_ptr_null(strstr(line_with(out.s, "  bob "), "winner"));
    buf_free(&out);
    board_free(b);
}
END_TEST

/* The nag mail's Subject and text (contract 4.4): the move, or the gambles in round 0; both ways to answer, a
 * reply with the password first or the Subject. */
START_TEST(nag_text)
{
    Board *b = mk(9, 6, 2);
    Buf subj, body;
    buf_init(&subj);
    buf_init(&body);
    view_nag(b, 0, &subj, &body);
    ck_assert_str_eq(subj.s, "Nag: Genetess Board 101 alice");
    ck_assert_str_eq(body.s, "Reminder: it is your move on Genetess board 101.\n"
                             "The deadline is 2023-11-14 22:13 UTC;\nthen you time out: you have no stored order.\n"
                             "Reply to this mail with your password and your order on the first line (e.g.\n"
                             "\"yourpassword PASS\"), or send a mail with the Subject\n"
                             "    genetess move 101 alice <password> <ORDER>#1\n");
    buf_free(&subj);
    buf_free(&body);
    /* with a stored order, the nag names it: that is what happens at the deadline */
    sl_push(&b->pl[0].queue, "MOVE B2 E");
    buf_init(&subj);
    buf_init(&body);
    view_nag(b, 0, &subj, &body);
    ck_assert_str_eq(body.s, "Reminder: it is your move on Genetess board 101.\n"
                             "The deadline is 2023-11-14 22:13 UTC;\n"
                             "then your stored order MOVE B2 E runs, unless you send another order first.\n"
                             "Reply to this mail with your password and your order on the first line (e.g.\n"
                             "\"yourpassword PASS\"), or send a mail with the Subject\n"
                             "    genetess move 101 alice <password> <ORDER>#1\n");
    buf_free(&subj);
    buf_free(&body);
    b->phase = PHASE_ROUND0;
    buf_init(&subj);
    buf_init(&body);
    view_nag(b, 1, &subj, &body);
    ck_assert_str_eq(subj.s, "Nag: Genetess Board 101 bob");
    ck_assert_str_eq(body.s, "Reminder: Genetess board 101 is in round 0 and waits for your GAMBLE orders.\n"
                             "The deadline is 2023-11-14 22:13 UTC;\nmissing gambles then count as 0E don't care.\n"
                             "Reply to this mail with your password and your GAMBLE orders on the first line\n"
                             "(e.g. \"yourpassword GAMBLE 0E don't care\"), or send a mail with the Subject\n"
                             "    genetess move 101 bob <password> <ORDER>#1\n");
    buf_free(&subj);
    buf_free(&body);
    board_free(b);
}
END_TEST

/* layout_wrap: a text that fits as it is is copied whole; blanks at its ends, control characters, a
 * newline or one column too many take the word-wrapping way. */
START_TEST(wrap_fits_or_wraps)
{
    char t78[80], t79[81];
    memset(t78, 'x', 74), t78[74] = '\0'; /* "ab: " + 74 = 78 columns */
    memset(t79, 'x', 75), t79[75] = '\0';
    static const char *const cases[][2] = {
        {"", "ab: \n"},
        {"one  two", "ab: one  two\n"},
        {" lead", "ab: lead\n"},
        {"trail ", "ab: trail\n"},
        {"tab\there", "ab: tab here\n"},
        {"del\x7fhere", "ab: del here\n"},
        {"two\nlines", "ab: two\n    lines\n"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Buf o;
        buf_init(&o);
        layout_wrap(&o, "ab: ", 4, cases[i][0]);
        ck_assert_str_eq(o.s, cases[i][1]);
        buf_free(&o);
    }
    Buf o;
    buf_init(&o);
    layout_wrap(&o, "ab: ", 4, t78);
    ck_assert_uint_eq(o.len, 79);
    o.len = 0;
    layout_wrap(&o, "ab: ", 4, t79); /* one word too long: cut at the edge */
    ck_assert_uint_eq(o.len, 79 + 4 + 1 + 1);
    ck_assert_str_eq(o.s + 79, "    x\n");
    buf_free(&o);
}
END_TEST

/* One picture of what the player knows (contract 8): the map draws the player's pieces, another's piece and a
 * special where the player sees them, exactly as the sheet's picture does, and nothing out of view — neither
 * a piece nor a special, nor a phased piece of another in view. */
START_TEST(map_draws_what_is_in_view)
{
    Board *b = map_board();
    put(b, "C2", 1, "A");  /* bob's piece in alice's view */
    put(b, "F2", 1, "A");  /* and one out of it */
    Piece *ph = put(b, "B3", 1, "A");
    ph->g.phased = true;   /* phased: nobody else sees it */
    add_special(b, 1, "C3", "Gold seam");  /* in view */
    add_special(b, 1, "E4", "Gold seam");  /* out of view */
    char *a = map_of(b, 0);
    ck_assert_msg(strstr(a, "2 # @ b : : : : # 2\n"
                            "3 # . * x x : : # 3\n"
                            "4 # : : : : : : # 4\n"), "%s", a); /* bob's King on G4: out of view */
    /* the same symbols as the sheet's picture, square by square, where alice sees */
    size_t n = (size_t)b->w * (size_t)b->h;
    char *cells = xmalloc(n);
    uint8_t *m = view(b, 0);
    layout_cells(b, 0, m, cells);
    ck_assert_int_eq(cells[sq(b, "B2")], '@');
    ck_assert_int_eq(cells[sq(b, "C2")], 'b');
    ck_assert_int_eq(cells[sq(b, "C3")], '*');
    ck_assert_int_eq(cells[sq(b, "F2")], '\0');
    free(m);
    free(cells);
    free(a);
    board_free(b);
}
END_TEST

/* The log tells a time-out by its round, read from the line's record (MoveRecord.round), not from its label's
 * text: round 0's counted the missing gambles; bob's lines are not alice's. */
START_TEST(log_tells_timeouts_by_round)
{
    Board *b = mk(8, 5, 2);
    sl_push(&b->moves, "0 alice Timeout");
    sl_push(&b->moves, "0 bob Timeout");
    sl_push(&b->moves, "3a alice Timeout");
    Buf out;
    buf_init(&out);
    view_log(b, 0, &out);
    ck_assert_msg(strstr(out.s, "\n  0     time-out: your missing gambles counted as 0E don't care\n"
                                "  3a    time-out: you timed out\n"), "%s", out.s);
    ck_assert_ptr_null(strstr(out.s, "bob"));
    buf_free(&out);
    board_free(b);
}
END_TEST

Suite *view_show_suite(void);
Suite *view_show_suite(void)
{
    Suite *s = suite_create("view_show");
    TCase *t = tcase_create("map");
    tcase_add_test(t, sheet_new_draws_the_start);
    tcase_add_test(t, map_marks_view_and_memory);
    tcase_add_test(t, map_draws_what_is_in_view);
    suite_add_tcase(s, t);
    t = tcase_create("show");
    tcase_add_test(t, show_public_hides_the_board);
    tcase_add_test(t, show_full_after_the_end);
    tcase_add_test(t, nag_text);
    tcase_add_test(t, wrap_fits_or_wraps);
    tcase_add_test(t, log_tells_timeouts_by_round);
    suite_add_tcase(s, t);
    return s;
}
