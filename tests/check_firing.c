/* Tests for firing: the special table, the firing order and firing at the start of a turn (contract 14.8,
 * 14.3, 14.4, 14.6); the effect of each special is in check_firing_board.c and check_firing_codes.c. */
#include "check_firing.h"

/* ---- one table: every special S1..S22 (not S19) has its fire handler in special_table ---- */

START_TEST(test_table_handlers)
{
    const SpecialInfo *si = special_info(_i);
    if (_i == 19) {
        ck_assert_ptr_null(si);
        ck_assert(!firing_has_effect(19));
        return;
    }
    ck_assert_ptr_nonnull(si);
    ck_assert_int_eq(si->code, _i);
    ck_assert(firing_has_effect(_i)); /* every special of the table has its effect, and no other code */
    ck_assert(!firing_has_effect(0) && !firing_has_effect(19) && !firing_has_effect(SPECIAL_CODE_MAX + 1));
}
END_TEST

/* Firing reads the typed fields, not text: a Special built field by field fires as its map line would. */
START_TEST(test_fields_fire)
{
    Board *b = fx_board(rows, 2, 10);
    fx_piece(b, "C3", 0, "KA");
    fx_piece(b, "E3", 0, "A");
    fx_piece(b, "D5", 1, "A");
    b->sp = xcalloc(3, sizeof *b->sp);
    b->nsp = 3;
    b->sp[0] = (Special){.code = 1, .sq = fx_sq(b, "C3"), .e = 2, .per_king = true}; /* e=2 per-king=yes */
    b->sp[1] = (Special){.code = 4, .sq = fx_sq(b, "E3")};                            /* codes=BZZ */
    b->sp[1].codes.n[GENE_B] = 1;
    b->sp[1].codes.n[GENE_Z] = 2;
    b->sp[2] = (Special){.code = 6, .sq = fx_sq(b, "J5")}; /* targets=D5 on an empty J5: never fires */
    b->sp[2].targets.sq = xmalloc(sizeof(int));
    b->sp[2].targets.sq[0] = fx_sq(b, "D5");
    b->sp[2].targets.n = 1;
    char *line = special_format(b->w, &b->sp[0]);
    ck_assert_str_eq(line, "S1 C3 e=2 per-king=yes");
    free(line);
    line = special_format(b->w, &b->sp[1]);
    ck_assert_str_eq(line, "S4 E3 codes=BZZ");
    free(line);
    line = special_format(b->w, &b->sp[2]);
    ck_assert_str_eq(line, "S6 J5 targets=D5");
    free(line);
    fire(b, 0);
    ck_assert_int_eq(b->pl[0].e, 12);
    ck_assert_str_eq(fx_seq(b, "E3"), "ABZZ");
    ck_assert_str_eq(fx_seq(b, "D5"), "A");
    board_free(b);
}
END_TEST

/* ---- firing order ---- */

START_TEST(test_order_by_code)
{
    /* S14 (cost 5) is affordable only after S1 paid: S1 fires first, whatever the reading order. */
    Board *b = fx_board(rows, 2, 0);
    fx_piece(b, "B2", 0, "AB");
    fx_piece(b, "J5", 0, "A");
    add_sp(b, "S14 B2");
    add_sp(b, "S1 J5 e=10");
    fire(b, 0);
    ck_assert_str_eq(fx_seq(b, "B2"), "AABB");
    ck_assert_int_eq(b->pl[0].e, 5);
    board_free(b);
}
END_TEST

START_TEST(test_order_reading)
{
    /* Two S6s that kill each other's occupants: B2 fires first, so the D2 special is no longer occupied. */
    Board *b = fx_board(rows, 2, 0);
    fx_piece(b, "D2", 0, "A");
    fx_piece(b, "B2", 0, "A");
    add_sp(b, "S6 D2 targets=B2");
    add_sp(b, "S6 B2 targets=D2");
    fire(b, 0);
    ck_assert_str_eq(fx_seq(b, "B2"), "A");
    ck_assert_str_eq(fx_seq(b, "D2"), "");
    board_free(b);
}
END_TEST

START_TEST(test_fires_only_for_occupant)
{
    Board *b = fx_board(rows, 2, 0);
    fx_piece(b, "C3", 1, "A");
    add_sp(b, "S1 C3 e=3");
    add_sp(b, "S1 D3 e=3"); /* empty */
    fire(b, 0);
    ck_assert_int_eq(b->pl[0].e, 0);
    ck_assert_int_eq(b->pl[1].e, 0);
    fire(b, 1);
    ck_assert_int_eq(b->pl[1].e, 3);
    board_free(b);
}
END_TEST

/* The list of a firing step holds each special with the piece that started the turn on it: a listed special
 * that S13 moves away from that piece does not fire, even onto another of the player's pieces (that piece did
 * not start its turn on it); one S13 leaves where it was still fires; one not listed never fires (contract 14.5). */
START_TEST(test_list_fixed_by_special)
{
    int moved = 0;
    for (uint64_t s = 1; s <= 40; s++) {
        Board *b = fx_board(rows, 2, 1000);
        rng_seed(&b->rng, s);
        fx_piece(b, "B2", 0, "A");
        fx_piece(b, "D2", 0, "AB");
        fx_piece(b, "F2", 0, "AC");
        add_sp(b, "S13 B2 onto=occupied");
        add_sp(b, "S14 D2");
        add_sp(b, "S14 J5"); /* not occupied: not listed, whatever S13 does to it */
        fire(b, 0);
        int doubled = 0, where = b->sp[1].sq;
        static const char *const sqs[] = {"B2", "D2", "F2"};
        static const int total[] = {1, 2, 2};
        for (int i = 0; i < 3; i++) {
            int t = piece_total(&board_piece_at(b, fx_sq(b, sqs[i]))->g);
            bool fires = i == 1 && where == fx_sq(b, "D2"); /* the listed S14 stayed under its piece */
            ck_assert_msg(t == (fires ? 2 : 1) * total[i], "seed %d: %s has %d codes (S14 now on %d)", (int)s, sqs[i],
                          t, where);
            doubled += t != total[i];
        }
        ck_assert_int_eq(doubled, where == fx_sq(b, "D2"));
        if (where != fx_sq(b, "D2"))
            moved++;
        board_free(b);
    }
    ck_assert_int_gt(moved, 0);
}
END_TEST

/* ---- privacy ---- */

START_TEST(test_remote_special_unnamed)
{
    /* contract 8: a special outside a reader's view is never named to them, not even to the owner of the
     * piece it hits (who is still told what happened to the piece); one in view is named */
    Board *b = fx_board(rows, 3, 0);
    fx_piece(b, "B2", 0, "A");
    fx_piece(b, "C2", 0, "A");
    fx_piece(b, "E4", 0, "A");
    fx_piece(b, "J5", 1, "KAB");
    fx_piece(b, "J3", 1, "AAW");
    fx_piece(b, "J4", 1, "KB");
    fx_piece(b, "F4", 1, "KA");  /* sees the special on E4 */
    fx_piece(b, "K4", 2, "A");   /* carol watches J3..J5, not the specials */
    add_sp(b, "S6 B2 targets=J5");
    add_sp(b, "S9 C2 targets=J3,J4");
    add_sp(b, "S6 E4 targets=F4");
    fire(b, 0);
    ck_assert_str_eq(fx_seq(b, "J5"), "K");
    ck_assert_str_eq(fx_seq(b, "J3"), "AA");
    ck_assert_str_eq(fx_seq(b, "J4"), "K");
    ck_assert_str_eq(fx_seq(b, "F4"), "K");
    NEWS_HAS(b, 1, "Your King on J5 lost AB to a special: only K is left.");
    NEWS_HAS(b, 1, "Your piece on J3 resisted radiation with its shield (W).");
    NEWS_HAS(b, 1, "Your piece on J4 lost B to radiation, now K.");
    NEWS_HAS(b, 1, "Your King on F4 lost A to special S6: only K is left.");
    NEWS_LACKS(b, 1, "S9");
    NEWS_LACKS(b, 2, "S6");
    NEWS_LACKS(b, 2, "S9");
    /* contract 8: carol does not decode J3: its shield (a code) reads as the S9 code loss does */
    NEWS_HAS(b, 2, "bob's piece on J3 was irradiated.");
    NEWS_LACKS(b, 2, "(W)");
    NEWS_HAS(b, 2, "bob's piece on J5 lost codes to a special."); /* K is a code carol has not decoded */
    NEWS_LACKS(b, 2, "King");
    board_free(b);

    /* S22: the owner of a piece far from the special learns of the K, not of the special */
    b = fx_board(rows, 2, 0);
    add_start(b, 1, "K6");
    fx_piece(b, "B2", 0, "A");
    fx_piece(b, "K5", 1, "A");
    add_sp(b, "S22 B2");
    fire(b, 0);
    ck_assert_str_eq(fx_seq(b, "K5"), "AK");
    NEWS_HAS(b, 1, "Your piece on K5 gained 1 K from a special (now AK).");
    NEWS_LACKS(b, 1, "S22");
    board_free(b);

    /* S15 and S16 move pieces far from the special: a W notice there does not name it */
    b = fx_board(rows, 2, 0);
    fx_piece(b, "B2", 0, "A");
    fx_piece(b, "C2", 0, "K"); /* S15 leaves a King where it is, so S16 fires for it after S15 */
    fx_piece(b, "J5", 0, "AW");
    fx_piece(b, "G4", 1, "ADW"); /* bob sees J5; all 8 squares around him are free: he is shaken */
    add_sp(b, "S15 B2");
    add_sp(b, "S16 C2");
    fire(b, 0);
    NEWS_HAS(b, 1, "alice's piece on J5 withstood a special."); /* bob does not decode J5: W unnamed (contract 8) */
    NEWS_HAS(b, 1, "Your piece on G4 resisted a tremor with its shield (W).");
    NEWS_LACKS(b, 1, "S15");
    NEWS_LACKS(b, 1, "S16");
    board_free(b);
}
END_TEST

/* ---- through the turn ---- */

START_TEST(test_fire_at_turn_start)
{
    Board *b = fx_board(rows, 2, 0);
    b->par.e_per_king = 1;
    fx_piece(b, "B2", 0, "K");
    fx_piece(b, "J5", 1, "K");
    add_sp(b, "S1 J5 e=7");
    Game g;
    game_init(&g, b, 1000);
    g.replay = true;
    b->seat = 1;
    turn_start(&g);
    game_done(&g);
    ck_assert_int_eq(b->pl[1].e, 8);
    ck_assert_int_eq(b->pl[0].e, 0);
    NEWS_HAS(b, 1, "Special S1 (E Bonus) on J5 fired.");
    NEWS_LACKS(b, 0, "S1");
    board_free(b);
}
END_TEST

Suite *firing_suite(void)
{
    Suite *s = suite_create("firing");
    TCase *tc = tcase_create("specials");
    tcase_add_loop_test(tc, test_table_handlers, 1, SPECIAL_CODE_MAX + 1);
    tcase_add_test(tc, test_fields_fire);
    tcase_add_test(tc, test_order_by_code);
    tcase_add_test(tc, test_order_reading);
    tcase_add_test(tc, test_fires_only_for_occupant);
    tcase_add_test(tc, test_list_fixed_by_special);
    tcase_add_test(tc, test_remote_special_unnamed);
    tcase_add_test(tc, test_fire_at_turn_start);
    suite_add_tcase(s, tc);
    suite_add_tcase(s, firing_board_tcase());
    suite_add_tcase(s, firing_codes_tcase());
    suite_add_tcase(s, firing_start_tcase());
    return s;
}
