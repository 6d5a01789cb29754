/* Tests for firing: the specials that change codes, E and views (contract 14.8): E gained and lost (S1, S11,
 * S12, S21), codes added, lost or doubled (S3, S4, S9, S14, S22) and views (S5, S17, S18). */
#include "check_firing.h"

/* ---- S1 ---- */

START_TEST(test_s1_bonus)
{
    Board *b = fx_board(rows, 2, 10);
    fx_piece(b, "C3", 0, "A");
    fx_piece(b, "J5", 0, "KK");
    fx_piece(b, "K6", 0, "K");
    add_sp(b, "S1 C3 e=3 text=\"Gold\"");
    fire(b, 0);
    ck_assert_int_eq(b->pl[0].e, 13);
    ck_assert_int_eq(b->pl[1].e, 10);
    ck_assert_msg(has(ebook(b, 0), "+3 S1 bonus on C3"), "%s", ebook(b, 0));
    NEWS_HAS(b, 0, "Special S1 (E Bonus) on C3 fired.");
    ck_assert_str_eq(fx_news(b, 1), "");
    board_free(b);
}
END_TEST

START_TEST(test_s1_per_king)
{
    Board *b = fx_board(rows, 2, 10);
    fx_piece(b, "C3", 0, "A");
    fx_piece(b, "J5", 0, "KK");
    fx_piece(b, "K6", 0, "K");
    fx_piece(b, "B6", 1, "K"); /* bob's King does not count */
    add_sp(b, "S1 C3 e=4 per-king=yes");
    fire(b, 0);
    ck_assert_int_eq(b->pl[0].e, 10 + 4 * 3);
    board_free(b);
}
END_TEST

/* ---- S3 ---- */

START_TEST(test_s3_copy_and_pay)
{
    Board *b = fx_board(rows, 2, 12);
    b->par.create = false; /* ignored by S3 */
    fx_piece(b, "B2", 0, "ABr");
    add_sp(b, "S3 B2 target=D4");
    fire(b, 0);
    ck_assert_str_eq(fx_seq(b, "B2"), "ABr");
    ck_assert_str_eq(fx_seq(b, "D4"), "AB"); /* no markers */
    ck_assert_int_eq(fx_owner(b, "D4"), 0);
    ck_assert_int_eq(b->pl[0].e, 7);
    ck_assert_msg(has(ebook(b, 0), "-5 S3 copy on D4"), "%s", ebook(b, 0));
    board_free(b);
}
END_TEST

START_TEST(test_s3_unaffordable_and_blocked)
{
    Board *b = fx_board(rows, 2, 4);
    fx_piece(b, "B2", 0, "AB");
    add_sp(b, "S3 B2 target=D4 occupied=destroy");
    fx_piece(b, "D4", 1, "A");
    fire(b, 0); /* costs 5, alice has 4: nothing at all, the target survives */
    ck_assert_str_eq(fx_seq(b, "D4"), "A");
    ck_assert_int_eq(b->pl[0].e, 4);
    NEWS_HAS(b, 0, "the copy costs 5E and you have 4E: nothing happened.");
    /* affordable: destroy the occupant, then copy */
    b->pl[0].e = 5;
    fire(b, 0);
    ck_assert_str_eq(fx_seq(b, "D4"), "AB");
    ck_assert_int_eq(fx_owner(b, "D4"), 0);
    ck_assert_int_eq(b->pl[0].e, 0);
    board_free(b);

    /* a wall target blocks and charges nothing */
    b = fx_board(rows, 2, 50);
    fx_piece(b, "B2", 0, "K");
    add_sp(b, "S3 B2 target=D4");
    b->ter[fx_sq(b, "D4")] = TER_IWALL;
    fire(b, 0);
    ck_assert_int_eq(b->pl[0].e, 50);
    ck_assert_int_eq(b->npc, 1);
    NEWS_HAS(b, 0, "the copy was blocked at D4 (outside your view)."); /* named, nothing said of it (contract 8) */
    board_free(b);
}
END_TEST

START_TEST(test_s3_king_and_phased_target)
{
    Board *b = fx_board(rows, 2, 50);
    fx_piece(b, "B2", 0, "KA");
    add_sp(b, "S3 B2 target=C2 occupied=destroy");
    fx_piece(b, "C2", 1, "Ar");
    fire(b, 0);
    /* another player's phased piece on the target blocks and is revealed */
    ck_assert_str_eq(fx_seq(b, "C2"), "A");
    ck_assert_int_eq(fx_owner(b, "C2"), 1);
    ck_assert_int_eq(b->pl[0].e, 50);
    NEWS_HAS(b, 1, "Your phased piece on C2 was revealed");
    board_remove_piece(b, fx_sq(b, "C2"));
    fire(b, 0);
    /* copying a King makes a second King; KA costs 1 + 1 = 2 */
    ck_assert_str_eq(fx_seq(b, "C2"), "AK");
    ck_assert_int_eq(b->pl[0].e, 48);
    board_free(b);
}
END_TEST

/* ---- S4 ---- */

START_TEST(test_s4_codes_and_w)
{
    Board *b = fx_board(rows, 2, 0);
    fx_piece(b, "B2", 0, "A");
    fx_piece(b, "D2", 0, "AW");
    add_sp(b, "S4 B2 codes=BBF");
    add_sp(b, "S4 D2 codes=B");
    fire(b, 0);
    ck_assert_str_eq(fx_seq(b, "B2"), "ABBF");
    ck_assert_str_eq(fx_seq(b, "D2"), "A"); /* resisted; one W consumed */
    NEWS_HAS(b, 0, "Your piece on B2 gained BBF from special S4 (now ABBF).");
    board_free(b);
}
END_TEST

/* ---- S5 ---- */

START_TEST(test_s5_view)
{
    Board *b = fx_board(rows, 2, 0);
    fx_piece(b, "B2", 0, "A");
    add_sp(b, "S5 B2");
    fire(b, 0);
    ck_assert(b->pl[0].full_view);
    ck_assert(!b->pl[0].full_decode);
    ck_assert_str_eq(b->pl[0].full_until, "1a");
    board_remove_piece(b, fx_sq(b, "B2"));
    fx_piece(b, "B2", 0, "AF");
    b->pl[0].full_view = false;
    fire(b, 0);
    ck_assert(b->pl[0].full_view);
    ck_assert(b->pl[0].full_decode);
    board_free(b);
}
END_TEST

/* ---- S9 ---- */

START_TEST(test_s9_radiation)
{
    Board *b = fx_board(rows, 2, 0);
    fx_piece(b, "B2", 0, "ABC");
    add_sp(b, "S9 B2"); /* default: its own square, 1 code */
    fire(b, 0);
    ck_assert_int_eq(piece_total(&board_piece_at(b, fx_sq(b, "B2"))->g), 2);
    board_free(b);

    /* count=N on every target: a non-K piece may lose its last A and die; a King never loses K */
    b = fx_board(rows, 2, 0);
    fx_piece(b, "B2", 0, "A");
    fx_piece(b, "D2", 1, "AB");
    fx_piece(b, "E2", 1, "KAB");
    fx_piece(b, "F2", 1, "AAW");
    fx_piece(b, "G2", 1, "K");
    add_sp(b, "S9 B2 targets=D2,E2,F2,G2 count=5");
    fire(b, 0);
    ck_assert_str_eq(fx_seq(b, "B2"), "A");
    ck_assert_str_eq(fx_seq(b, "D2"), "");
    ck_assert_str_eq(fx_seq(b, "E2"), "K");
    ck_assert_str_eq(fx_seq(b, "F2"), "AA"); /* one effect: one W */
    ck_assert_str_eq(fx_seq(b, "G2"), "K");
    NEWS_HAS(b, 1, "Your piece on E2 lost AB to radiation, now K."); /* B2 is outside bob's view */
    board_free(b);

    /* the default target is "self": after S13/S16 move the special it irradiates its new square */
    b = fx_board(rows, 2, 0);
    add_sp(b, "S9 B2");
    b->sp[0].sq = fx_sq(b, "C3");
    fx_piece(b, "C3", 0, "ABC");
    fire(b, 0);
    ck_assert_int_eq(piece_total(&board_piece_at(b, fx_sq(b, "C3"))->g), 2);
    char *line = special_format(b->w, &b->sp[0]);
    ck_assert_str_eq(line, "S9 C3 targets=self count=1");
    free(line);
    board_free(b);
}
END_TEST

/* ---- S11 ---- */

START_TEST(test_s11_once_per_turn)
{
    Board *b = fx_board(rows, 2, 1000);
    fx_piece(b, "B2", 0, "A");
    fx_piece(b, "D2", 0, "A");
    fx_piece(b, "F2", 1, "A");
    add_sp(b, "S11 B2");
    add_sp(b, "S11 D2");
    add_sp(b, "S11 F2"); /* bob's: does not count */
    add_sp(b, "S11 H2"); /* empty */
    fire(b, 0);
    ck_assert_int_eq(b->pl[0].e, 1040); /* 2 squares: +4%, once */
    ck_assert_msg(has(ebook(b, 0), "+40 S11 bonus: 4% of 1000 E, rounded down (you hold 2 S11 squares)"), "%s",
                  ebook(b, 0));
    fire(b, 0); /* the next turn pays again */
    ck_assert_int_eq(b->pl[0].e, 1081); /* floor(1040 * 4 / 100) = 41 */
    board_free(b);
    /* 1% of 5 E is nothing: said as such, not left out */
    b = fx_board(rows, 2, 5);
    fx_piece(b, "B2", 0, "A");
    add_sp(b, "S11 B2");
    fire(b, 0);
    ck_assert_int_eq(b->pl[0].e, 5);
    ck_assert_msg(has(ebook(b, 0), "+0 S11 bonus: 1% of 5 E, rounded down (you hold 1 S11 square)"), "%s", ebook(b, 0));
    board_free(b);

    b = fx_board(rows, 2, 150);
    fx_piece(b, "B2", 0, "A");
    fx_piece(b, "D2", 0, "A");
    fx_piece(b, "F2", 0, "A");
    add_sp(b, "S11 B2");
    add_sp(b, "S11 D2");
    add_sp(b, "S11 F2");
    fire(b, 0);
    ck_assert_int_eq(b->pl[0].e, 150 + 13); /* floor(150 * 9 / 100) */
    board_free(b);
}
END_TEST

/* ---- S12 ---- */

START_TEST(test_s12_decay)
{
    Board *b = fx_board(rows, 3, 10);
    b->pl[1].e = 3;
    fx_piece(b, "B2", 0, "A");
    add_sp(b, "S12 B2 e=5");
    fire(b, 0);
    ck_assert_int_eq(b->pl[0].e, 10);
    ck_assert_int_eq(b->pl[1].e, 0);
    ck_assert_int_eq(b->pl[2].e, 5);
    ck_assert_msg(has(ebook(b, 1), "-3 E decay (S12)"), "%s", ebook(b, 1));
    ck_assert_msg(has(ebook(b, 2), "-5 E decay (S12)"), "%s", ebook(b, 2));
    board_free(b);
}
END_TEST

/* ---- S14 ---- */

START_TEST(test_s14_double)
{
    Board *b = fx_board(rows, 2, 20);
    fx_piece(b, "B2", 0, "KAB");  /* cost 5 */
    fx_piece(b, "D2", 0, "K");    /* bare K: nothing, no charge */
    fx_piece(b, "F2", 0, "ACr");  /* cost 3 + 2 = 5; markers kept */
    add_sp(b, "S14 B2");
    add_sp(b, "S14 D2");
    add_sp(b, "S14 F2");
    fire(b, 0);
    ck_assert_str_eq(fx_seq(b, "B2"), "AABBK");
    ck_assert_str_eq(fx_seq(b, "D2"), "K");
    ck_assert_str_eq(fx_seq(b, "F2"), "AACCr");
    ck_assert_int_eq(b->pl[0].e, 10);
    ck_assert_msg(has(ebook(b, 0), "-5 S14 double-up on B2"), "%s", ebook(b, 0));
    board_free(b);

    /* unaffordable: nothing; W: resisted, nothing charged */
    b = fx_board(rows, 2, 4);
    fx_piece(b, "B2", 0, "AB");
    fire(b, 0);
    add_sp(b, "S14 B2");
    fire(b, 0);
    ck_assert_str_eq(fx_seq(b, "B2"), "AB");
    ck_assert_int_eq(b->pl[0].e, 4);
    board_free(b);

    b = fx_board(rows, 2, 100);
    fx_piece(b, "B2", 0, "AW");
    add_sp(b, "S14 B2");
    fire(b, 0);
    ck_assert_str_eq(fx_seq(b, "B2"), "A");
    ck_assert_int_eq(b->pl[0].e, 100);
    board_free(b);
}
END_TEST

/* ---- S17, S18 ---- */

START_TEST(test_s17_reveal_kings)
{
    Board *b = fx_board(rows, 3, 0);
    fx_piece(b, "B2", 0, "A");
    fx_piece(b, "C2", 0, "K");    /* own: not listed */
    fx_piece(b, "J5", 1, "KAB");
    fx_piece(b, "J2", 1, "KAr");  /* phased: never */
    fx_piece(b, "E5", 2, "AB");   /* not a King */
    add_sp(b, "S17 B2");
    fire(b, 0);
    ck_assert_int_eq(b->pl[0].nreveals, 1);
    ck_assert_int_eq(b->pl[0].reveals[0].sq, fx_sq(b, "J5"));
    ck_assert_int_eq(b->pl[0].reveals[0].owner, 1);
    ck_assert_str_eq(b->pl[0].reveals[0].seq, "K");
    ck_assert_str_eq(b->pl[0].reveals[0].label, "1a");
    board_free(b);

    b = fx_board(rows, 3, 0);
    fx_piece(b, "B2", 0, "AF");
    fx_piece(b, "J5", 1, "KAB");
    add_sp(b, "S17 B2");
    fire(b, 0);
    ck_assert_int_eq(b->pl[0].nreveals, 1);
    ck_assert_str_eq(b->pl[0].reveals[0].seq, "ABK");
    board_free(b);

    /* an orphan King shows as an orphan, not as its former owner's (contract 8), and survives a save */
    b = fx_board(rows, 3, 0);
    fx_piece(b, "B2", 0, "A");
    fx_piece(b, "J5", 2, "K");
    b->pl[2].status = PS_RESIGNED;
    b->pl[2].out_seq = 1;
    add_sp(b, "S17 B2");
    fire(b, 0);
    ck_assert_int_eq(b->pl[0].nreveals, 1);
    ck_assert_int_eq(b->pl[0].reveals[0].owner, REVEAL_ORPHAN);
    char *text = boardfile_write(b);
    ck_assert_msg(strstr(text, "alice reveal J5 * K 1a\n"), "%s", text);
    Err err;
    Board *c = boardfile_parse(text, "101", &err);
    ck_assert_msg(c != NULL, "%s", err.msg);
    ck_assert_int_eq(c->pl[0].reveals[0].owner, REVEAL_ORPHAN);
    free(text);
    board_free(c);
    board_free(b);
}
END_TEST

START_TEST(test_s18_synergy)
{
    Board *b = fx_board(rows, 3, 0);
    fx_piece(b, "B2", 0, "AB");
    fx_piece(b, "J5", 1, "AB");
    fx_piece(b, "J2", 1, "ABr");
    fx_piece(b, "E5", 2, "ABC");
    fx_piece(b, "E2", 2, "AB");
    add_sp(b, "S18 B2");
    fire(b, 0);
    ck_assert_int_eq(b->pl[0].nreveals, 2);
    ck_assert_int_eq(b->pl[0].reveals[0].sq, fx_sq(b, "E2"));
    ck_assert_int_eq(b->pl[0].reveals[0].owner, 2);
    ck_assert_str_eq(b->pl[0].reveals[0].seq, "AB");
    ck_assert_int_eq(b->pl[0].reveals[1].sq, fx_sq(b, "J5"));
    board_free(b);
}
END_TEST

START_TEST(test_views_saved)
{
    /* what S5 and S17 leave is stored in the board file and loads back */
    Board *b = fx_board(rows, 2, 0);
    fx_piece(b, "B2", 0, "AF");
    fx_piece(b, "D2", 0, "A");
    fx_piece(b, "J5", 1, "KAB");
    add_sp(b, "S5 B2");
    add_sp(b, "S17 D2");
    fire(b, 0);
    char *text = boardfile_write(b);
    Err err;
    Board *c = boardfile_parse(text, "t", &err);
    ck_assert_msg(c != NULL, "%s", err.msg);
    ck_assert(c->pl[0].full_view && c->pl[0].full_decode);
    ck_assert_str_eq(c->pl[0].full_until, "1a");
    ck_assert_int_eq(c->pl[0].nreveals, 1);
    ck_assert_str_eq(c->pl[0].reveals[0].seq, "K");
    ck_assert_int_eq(c->pl[0].reveals[0].owner, 1);
    free(text);
    board_free(c);
    board_free(b);
}
END_TEST

/* ---- S21 ---- */

START_TEST(test_s21_recycle)
{
    Board *b = fx_board(rows, 2, 10);
    fx_piece(b, "B2", 0, "ABC");   /* 5 + 4 = 9 */
    fx_piece(b, "D2", 0, "KAB");   /* loses AB: 3 + 2 = 5 */
    fx_piece(b, "F2", 0, "K");     /* loses nothing: 0 */
    add_sp(b, "S21 B2");
    add_sp(b, "S21 D2");
    add_sp(b, "S21 F2");
    fire(b, 0);
    ck_assert_str_eq(fx_seq(b, "B2"), "");
    ck_assert_str_eq(fx_seq(b, "D2"), "K");
    ck_assert_str_eq(fx_seq(b, "F2"), "K");
    ck_assert_int_eq(b->pl[0].e, 10 + 9 + 5);
    ck_assert_msg(has(ebook(b, 0), "+9 S21 recycle on B2"), "%s", ebook(b, 0));
    board_free(b);
}
END_TEST

/* ---- S22 ---- */

START_TEST(test_s22_monkey)
{
    Board *b = fx_board(rows, 3, 0);
    b->pl[2].status = PS_RESIGNED; /* carol's pieces are orphans */
    b->pl[2].out_seq = 1;
    add_start(b, 1, "B2");
    add_start(b, 2, "K6");
    add_start(b, 3, "F2");
    fx_piece(b, "C3", 1, "Ar");  /* 1 from B2 (phased too) */
    fx_piece(b, "D2", 0, "A");   /* 2 from B2, 2 from F2: F2's nearest with E2? no: see below */
    fx_piece(b, "J5", 2, "A");   /* 1 from K6 (an orphan) */
    fx_piece(b, "K5", 0, "A");   /* 1 from K6 */
    fx_piece(b, "F4", 0, "AW");  /* 2 from F2, tied with D2: W resists */
    add_sp(b, "S22 K5");
    fire(b, 0);
    ck_assert_str_eq(fx_seq(b, "C3"), "AKr");
    ck_assert_str_eq(fx_seq(b, "J5"), "AK");
    ck_assert_str_eq(fx_seq(b, "K5"), "AK");
    ck_assert_str_eq(fx_seq(b, "D2"), "AK");  /* nearest to F2 (distance 2, tied with F4) */
    ck_assert_str_eq(fx_seq(b, "F4"), "A");
    board_free(b);

    /* nearest to two starts: two Ks */
    b = fx_board(rows, 2, 0);
    add_start(b, 1, "D4");
    add_start(b, 2, "H4");
    fx_piece(b, "F4", 0, "A");
    add_sp(b, "S22 F4");
    fire(b, 0);
    ck_assert_str_eq(fx_seq(b, "F4"), "AKK");
    board_free(b);
}
END_TEST

TCase *firing_codes_tcase(void)
{
    TCase *tc = tcase_create("codes");
    tcase_add_test(tc, test_s1_bonus);
    tcase_add_test(tc, test_s1_per_king);
    tcase_add_test(tc, test_s3_copy_and_pay);
    tcase_add_test(tc, test_s3_unaffordable_and_blocked);
    tcase_add_test(tc, test_s3_king_and_phased_target);
    tcase_add_test(tc, test_s4_codes_and_w);
    tcase_add_test(tc, test_s5_view);
    tcase_add_test(tc, test_s9_radiation);
    tcase_add_test(tc, test_s11_once_per_turn);
    tcase_add_test(tc, test_s12_decay);
    tcase_add_test(tc, test_s14_double);
    tcase_add_test(tc, test_s17_reveal_kings);
    tcase_add_test(tc, test_s18_synergy);
    tcase_add_test(tc, test_views_saved);
    tcase_add_test(tc, test_s21_recycle);
    tcase_add_test(tc, test_s22_monkey);
    return tc;
}
