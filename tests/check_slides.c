/* Tests for the orders that slide pieces, slides.c: REPULSE, ATTRACT and CHARGE (contract 14.3, 14.4), with
 * orders.txt's worked examples, on the fixture of check_actions.h. */
#include "fixtures.h"

#include "check_actions.h"

/* ---- REPULSE ---- */

START_TEST(test_repulse)
{
    char msg[256];
    fx_piece(b, "H3", ALICE, "AT");
    fx_piece(b, "K3", BOB, "A");   /* E wave: pushed until the next square is a piece */
    fx_piece(b, "N3", BOB, "A");
    wall("F3", TER_IWALL);         /* W wave passes over the wall */
    fx_piece(b, "D3", BOB, "A");   /* ... and pushes D3 to B3 */
    fx_piece(b, "H4", BOB, "AW");  /* S wave: W resists */
    fx_piece(b, "H2", BOB, "AW");  /* N wave: cannot move (wall), keeps its W */
    fx_piece(b, "I2", BOB, "A");   /* no C: no diagonal waves */
    ck_assert_int_eq(run("REPULSE H3", msg), 0);
    ck_assert_str_eq(fx_seq(b, "M3"), "A");
    ck_assert_str_eq(fx_seq(b, "K3"), "");
    ck_assert_str_eq(fx_seq(b, "N3"), "A");
    ck_assert_str_eq(fx_seq(b, "B3"), "A");
    ck_assert_str_eq(fx_seq(b, "D3"), "");
    ck_assert_str_eq(fx_seq(b, "H4"), "A");
    ck_assert_str_eq(fx_seq(b, "H2"), "AW");
    ck_assert_str_eq(fx_seq(b, "I2"), "A");
    has_news(ALICE, "Your piece AT on H3 sent out a repulsion wave.");
    has_news(BOB, "Your piece A was pushed from K3 to M3 by a repulsion wave.");
    has_news(BOB, "Your piece on H4 resisted a repulsion wave with its shield (W).");
}
END_TEST

START_TEST(test_repulse_e_o_phased)
{
    char msg[256];
    fx_piece(b, "H3", ALICE, "ACT");
    fx_piece(b, "J3", BOB, "AE");  /* E: over L3 and O3... */
    fx_piece(b, "L3", BOB, "A");
    fx_piece(b, "O3", BOB, "A");   /* ...to N3, the last empty square before the wall */
    fx_piece(b, "F3", BOB, "AO");  /* O: takes the interior wall on D3 and stops there */
    wall("D3", TER_IWALL);
    fx_piece(b, "H4", BOB, "Ar");  /* the wave reveals it; it is pushed to H5 */
    fx_piece(b, "I2", BOB, "A");   /* NE with C: J1 is a wall, it stays */
    fx_piece(b, "G2", BOB, "A");   /* NW: stays */
    fx_piece(b, "J5", BOB, "A");   /* SE: I4, J5 -> piece on J5 is the first one: K6 is a wall */
    fx_piece(b, "F5", BOB, "A");   /* SW: G4, F5; E5... pushed SW: E6 is a wall */
    ck_assert_int_eq(run("REPULSE H3", msg), 0);
    ck_assert_str_eq(fx_seq(b, "N3"), "AE");
    ck_assert_str_eq(fx_seq(b, "L3"), "A");
    ck_assert_str_eq(fx_seq(b, "O3"), "A");
    ck_assert_str_eq(fx_seq(b, "D3"), "AO");
    ck_assert_int_eq(b->ter[fx_sq(b, "D3")], TER_FLOOR);
    ck_assert_str_eq(fx_seq(b, "H5"), "A");
    ck_assert_str_eq(fx_seq(b, "I2"), "A");
    ck_assert_str_eq(fx_seq(b, "J5"), "A");
    has_news(BOB, "Your phased piece on H4 was revealed (it was reached by a repulsion wave).");
    has_news(BOB, "The interior wall on D3 was mined away.");
}
END_TEST

START_TEST(test_repulse_stops_before_phased)
{
    char msg[256];
    fx_piece(b, "H3", ALICE, "AT");
    fx_piece(b, "J3", BOB, "A");
    fx_piece(b, "M3", CAROL, "Ar");
    fx_piece(b, "H4", BOB, "A");
    fx_piece(b, "H5", CAROL, "Ar"); /* H4 cannot move at all: H5 is still revealed */
    ck_assert_int_eq(run("REPULSE H3", msg), 0);
    ck_assert_str_eq(fx_seq(b, "L3"), "A");
    ck_assert_str_eq(fx_seq(b, "M3"), "A");
    ck_assert_str_eq(fx_seq(b, "H4"), "A");
    ck_assert_str_eq(fx_seq(b, "H5"), "A");
    has_news(CAROL, "Your phased piece on M3 was revealed (it stopped a piece moved by a repulsion wave).");
}
END_TEST

/* ---- ATTRACT ---- */

START_TEST(test_attract)
{
    char msg[256];
    fx_piece(b, "H3", ALICE, "AX");
    fx_piece(b, "M3", BOB, "A");   /* pulled to I3, next to the actor */
    wall("E3", TER_IWALL);
    fx_piece(b, "C3", BOB, "A");   /* the wave passes over E3; the pull stops before it at D3 */
    fx_piece(b, "H5", BOB, "AW");  /* resists */
    fx_piece(b, "H2", BOB, "AW");  /* already adjacent: nothing to resist */
    ck_assert_int_eq(run("ATTRACT H3", msg), 0);
    ck_assert_str_eq(fx_seq(b, "I3"), "A");
    ck_assert_str_eq(fx_seq(b, "M3"), "");
    ck_assert_str_eq(fx_seq(b, "D3"), "A");
    ck_assert_str_eq(fx_seq(b, "H5"), "A");
    ck_assert_str_eq(fx_seq(b, "H2"), "AW");
    has_news(BOB, "Your piece A was pulled from M3 to I3 by an attraction wave.");
}
END_TEST

START_TEST(test_attract_o_diag_phased)
{
    char msg[256];
    fx_piece(b, "H3", ALICE, "ACX");
    wall("E3", TER_IWALL);
    fx_piece(b, "C3", BOB, "AO");  /* takes E3 and stops there */
    fx_piece(b, "K3", BOB, "Ar");  /* revealed, pulled to I3 */
    fx_piece(b, "K5", BOB, "A");   /* SE wave: I4, J5 empty, K6 wall: nothing on that diagonal */
    fx_piece(b, "J5", BOB, "A");   /* SE: pulled to I4 */
    ck_assert_int_eq(run("ATTRACT H3", msg), 0);
    ck_assert_str_eq(fx_seq(b, "E3"), "AO");
    ck_assert_int_eq(b->ter[fx_sq(b, "E3")], TER_FLOOR);
    ck_assert_str_eq(fx_seq(b, "I3"), "A");
    ck_assert_str_eq(fx_seq(b, "I4"), "A");
    ck_assert_str_eq(fx_seq(b, "K5"), "A");
    has_news(BOB, "Your phased piece on K3 was revealed (it was reached by an attraction wave).");
}
END_TEST

/* ---- CHARGE ---- */

START_TEST(test_charge_example)
{
    char msg[256];
    board_remove_piece(b, fx_sq(b, "B2"));
    fx_piece(b, "L2", ALICE, "AZ");
    ck_assert_int_eq(run("CHARGE L2 W", msg), 0);
    ck_assert_str_eq(fx_seq(b, "B2"), "AZ");
    has_news(ALICE, "Your piece AZ charged from L2 to B2.");
}
END_TEST

START_TEST(test_charge_several)
{
    char msg[256];
    fx_piece(b, "L2", ALICE, "AZZZ");
    ck_assert_int_eq(run("CHARGE L2 E-S-W", msg), 0); /* O2, O4 (bob's King on O5), C4 */
    ck_assert_str_eq(fx_seq(b, "B4"), "AZZZ");
    has_news(ALICE, "Your piece AZZZ charged from L2 to O2.");
    has_news(ALICE, "Your piece AZZZ charged from O2 to O4.");
    has_news(ALICE, "Your piece AZZZ charged from O4 to B4.");
    ck_assert_int_eq(run("CHARGE B4 E-W", msg), 0); /* passes back over its start square */
    ck_assert_str_eq(fx_seq(b, "B4"), "AZZZ");
    ck_assert_int_eq(run("CHARGE B4 N", msg), 0);
    ck_assert_str_eq(fx_seq(b, "B3"), "AZZZ"); /* stops before carol's King on B2 */
}
END_TEST

/* contract 14.2: a charge of length 0 against what the player sees is refused (nothing recorded); other
 * impossible charges are failed orders. */
static const struct {
    const char *seq, *order, *msg;
    int rc;
} charge_fails[] = {
    {"AZ", "CHARGE L2 W-N", "the piece on L2 has 1 Z: it may charge at most 1 time", -1},
    {"AZZ", "CHARGE L2 NW", "the piece on L2 has no C: it cannot charge NW", -1},
    {"AZ", "CHARGE L2 N", "a charge of length 0: the N charge from L2 meets L1 at once (an exterior wall)",
     ORDER_REFUSED},
    {"AEZ", "CHARGE L2 S", "a charge of length 0: the S charge from L2 meets L3 at once (a piece)", ORDER_REFUSED},
    {"AZZ", "CHARGE L2 E-E", "blocked at P2 (outside your view)", -1}, /* the second charge starts outside the view */
    {"ACZ", "CHARGE L2 SW", "a charge of length 0: the SW charge from L2 meets K3 at once (an interior wall)",
     ORDER_REFUSED},
};

START_TEST(test_charge_fails)
{
    char msg[256];
    fx_piece(b, "L2", ALICE, charge_fails[_i].seq);
    fx_piece(b, "L3", BOB, "A");
    wall("K3", TER_IWALL);
    ck_assert_int_eq(run(charge_fails[_i].order, msg), charge_fails[_i].rc);
    ck_assert_str_eq(msg, charge_fails[_i].msg);
    ck_assert_int_eq(b->moves.n, charge_fails[_i].rc == ORDER_REFUSED ? 0 : 1);
    ck_assert_str_eq(fx_seq(b, "L2"), charge_fails[_i].seq); /* nothing moved */
}
END_TEST

START_TEST(test_charge_phased_and_walls)
{
    char msg[256];
    fx_piece(b, "L2", ALICE, "AOZZ");
    fx_piece(b, "E2", BOB, "Ar");
    ck_assert_int_eq(run("CHARGE L2 W", msg), 0);
    ck_assert_str_eq(fx_seq(b, "F2"), "AOZZ"); /* stops before it */
    ck_assert_str_eq(fx_seq(b, "E2"), "A");    /* revealed, not captured */
    has_news(BOB, "Your phased piece on E2 was revealed (it stopped a charging piece).");
    wall("F4", TER_IWALL);
    ck_assert_int_eq(run("CHARGE F2 S-E", msg), 0); /* F3 (wall on F4, not mined), then east to O3 */
    ck_assert_str_eq(fx_seq(b, "O3"), "AOZZ");
    ck_assert_int_eq(b->ter[fx_sq(b, "F4")], TER_IWALL);
    fx_piece(b, "N2", BOB, "Ar");
    ck_assert_int_eq(run("CHARGE O3 NW", msg), -1); /* no C */
    board_remove_piece(b, fx_sq(b, "O3"));
    fx_piece(b, "O3", ALICE, "ACZ");
    /* Stopped at once by a phased piece: it is revealed and the order does not fail (contract 14.3). */
    ck_assert_int_eq(run("CHARGE O3 NW", msg), 0);
    ck_assert_str_eq(fx_seq(b, "O3"), "ACZ");
    ck_assert_str_eq(fx_seq(b, "N2"), "A");
}
END_TEST

START_TEST(test_charge_diagonal)
{
    char msg[256];
    fx_piece(b, "L3", ALICE, "ACZ");
    ck_assert_int_eq(run("CHARGE L3 SE", msg), 0);
    ck_assert_str_eq(fx_seq(b, "N5"), "ACZ"); /* M4, N5; O6 is a wall */
}
END_TEST

/* The refusal check decides only on what the player sees: a later charge of length 0 is refused only when
 * every earlier charge stayed in view and met no hidden piece; otherwise the run decides (contract 8, 14.3). */
START_TEST(test_charge_check_hides_phased)
{
    char msg[256];
    fx_piece(b, "L2", ALICE, "ADDZZ"); /* sees G..Q, every row */
    fx_piece(b, "H3", BOB, "A");
    wall("G2", TER_IWALL);
    ck_assert_int_eq(run("CHARGE L2 W-S", msg), ORDER_REFUSED); /* W to H2, then S meets H3 at once: all seen */
    ck_assert_str_eq(msg, "a charge of length 0: the S charge from H2 meets H3 at once (a piece)");
    wall("G2", TER_FLOOR);
    fx_piece(b, "G2", BOB, "Ar"); /* G2 looks empty: alice expects the W charge to reach C2 */
    ck_assert_int_eq(run("CHARGE L2 W-S", msg), -1);
    ck_assert_str_eq(msg, "the S charge from H2 cannot move: H3 is occupied");
    ck_assert_str_eq(b->moves.v[0], "1a alice CHARGE L2 W-S (Failed)");
    ck_assert_str_eq(fx_seq(b, "L2"), "ADDZZ");
    ck_assert_str_eq(fx_seq(b, "G2"), "A"); /* revealed by the charge: a side effect the failure keeps */
    has_news(BOB, "Your phased piece on G2 was revealed (it stopped a charging piece).");
}
END_TEST

START_TEST(test_charge_path_outside_view)
{
    char msg[ERR_MAX];
    bool outside = false;
    fx_piece(b, "L4", ALICE, "ACZZ"); /* sees K3..M5 */
    fx_piece(b, "M3", BOB, "A");
    /* N runs to L2 (outside the view, L1 stops it); SE from L2 meets M3 at once: not a refusal, since it
     * depends on squares alice cannot see, and a failure of case (ii). */
    ck_assert_int_eq(run_case("CHARGE L4 N-SE", msg, &outside), -1);
    ck_assert_str_eq(msg, "the SE charge from L2 cannot move: M3 is occupied");
    ck_assert(outside);
    ck_assert_str_eq(b->moves.v[0], "1a alice CHARGE L4 N-SE (Failed)");
    ck_assert_str_eq(fx_seq(b, "L4"), "ACZZ");
    ck_assert_int_eq(run_case("CHARGE L4 N-N", msg, &outside), -1); /* stopped at once outside the view */
    ck_assert_str_eq(msg, "blocked at L1 (outside your view)");
    ck_assert(outside);
    /* nothing outside the view: a failure of case (i) */
    ck_assert_int_eq(run_case("CHARGE L4 N-N-N", msg, &outside), -1);
    ck_assert_str_eq(msg, "the piece on L4 has 2 Z: it may charge at most 2 times");
    ck_assert(!outside);
}
END_TEST

Suite *slides_suite(void)
{
    Suite *s = suite_create("slides");
    TCase *tc = tcase_create("waves");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_repulse);
    tcase_add_test(tc, test_repulse_e_o_phased);
    tcase_add_test(tc, test_repulse_stops_before_phased);
    tcase_add_test(tc, test_attract);
    tcase_add_test(tc, test_attract_o_diag_phased);
    suite_add_tcase(s, tc);
    tc = tcase_create("charge");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_charge_example);
    tcase_add_test(tc, test_charge_several);
    tcase_add_loop_test(tc, test_charge_fails, 0, (int)(sizeof charge_fails / sizeof charge_fails[0]));
    tcase_add_test(tc, test_charge_phased_and_walls);
    tcase_add_test(tc, test_charge_diagonal);
    tcase_add_test(tc, test_charge_check_hides_phased);
    tcase_add_test(tc, test_charge_path_outside_view);
    suite_add_tcase(s, tc);
    return s;
}
