/* Tests for firing: the effect of every special S1..S22 (SPEC 8, 6.1, 6.2, 7.5) and the firing order. */
#include "fixtures.h"
#include "firing.h"
#include "specials.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const rows[] = {
    "############", /* 1 */
    "#..........#", /* 2 */
    "#..........#", /* 3 */
    "#..........#", /* 4 */
    "#..........#", /* 5 */
    "#..........#", /* 6 */
    "############", /* 7 */
    NULL,
};

/* Adds a special from its map words. */
static void add_sp(Board *b, const char *words)
{
    Special sp;
    Err err;
    ck_assert_msg(special_parse(b->w, b->h, b->ter, words, &sp, &err) == 0, "%s: %s", words, err.msg);
    b->sp = xrealloc(b->sp, sizeof *b->sp * (size_t)(b->nsp + 1));
    b->sp[b->nsp++] = sp;
}

/* Runs the firing step of player p as the start of their turn does. */
static void fire(Board *b, int p)
{
    Game g;
    game_init(&g, b, 1000);
    game_begin_action(&g);
    firing_run(&g, p);
    game_end_action(&g);
    game_done(&g);
    fx_check(b);
}

static char ter(const Board *b, const char *sq)
{
    return b->ter[fx_sq(b, sq)];
}

/* The whole E book of player p joined by '\n' (static buffer). */
static const char *ebook(const Board *b, int p)
{
    static char buf[4096];
    size_t k = 0;
    buf[0] = '\0';
    for (int i = 0; i < b->pl[p].ebook.n && k < sizeof buf - 1; i++)
        k += (size_t)snprintf(buf + k, sizeof buf - k, "%s\n", b->pl[p].ebook.v[i]);
    return buf;
}

static bool has(const char *hay, const char *needle)
{
    return strstr(hay, needle) != NULL;
}

#define NEWS_HAS(b, p, s) ck_assert_msg(has(fx_news(b, p), s), "news of %d lacks \"%s\":\n%s", p, s, fx_news(b, p))
#define NEWS_LACKS(b, p, s) ck_assert_msg(!has(fx_news(b, p), s), "news of %d has \"%s\":\n%s", p, s, fx_news(b, p))

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

/* The list of a firing step holds specials, not squares: a listed special that S13 moves onto another
 * of the player's pieces still fires there, and a special that was not listed never fires. */
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
            int t = genome_total(&board_piece_at(b, fx_sq(b, sqs[i]))->g);
            if (fx_sq(b, sqs[i]) == where)
                ck_assert_msg(t == 2 * total[i], "seed %d: the listed S14 on %s did not fire", (int)s, sqs[i]);
            else
                ck_assert_msg(t == total[i], "seed %d: %s doubled without the listed S14", (int)s, sqs[i]);
            doubled += t != total[i];
        }
        ck_assert_int_eq(doubled, 1);
        if (where != fx_sq(b, "D2"))
            moved++;
        board_free(b);
    }
    ck_assert_int_gt(moved, 0);
}
END_TEST

/* ---- S2 ---- */

START_TEST(test_s2_block)
{
    Board *b = fx_board(rows, 2, 0);
    fx_piece(b, "B2", 0, "A");
    fx_piece(b, "D3", 1, "A");
    add_sp(b, "S2 B2 targets=C3,D3,E3");
    fire(b, 0);
    ck_assert_int_eq(ter(b, "C3"), TER_IWALL);
    ck_assert_int_eq(ter(b, "D3"), TER_FLOOR);
    ck_assert_str_eq(fx_seq(b, "D3"), "A");
    ck_assert_int_eq(ter(b, "E3"), TER_IWALL);
    NEWS_HAS(b, 0, "An interior wall appeared on C3.");
    board_free(b);
}
END_TEST

START_TEST(test_s2_destroy_and_king)
{
    Board *b = fx_board(rows, 2, 0);
    fx_piece(b, "B2", 0, "A");
    fx_piece(b, "D3", 1, "AB");
    fx_piece(b, "E3", 1, "KAB");
    fx_piece(b, "F3", 1, "KAW");
    add_sp(b, "S2 B2 targets=D3,E3,F3 wall=exterior occupied=destroy");
    fire(b, 0);
    ck_assert_int_eq(ter(b, "D3"), TER_XWALL);
    ck_assert_str_eq(fx_seq(b, "D3"), "");
    /* a King is never destroyed: it loses every code but K, and no wall is built on it */
    ck_assert_int_eq(ter(b, "E3"), TER_FLOOR);
    ck_assert_str_eq(fx_seq(b, "E3"), "K");
    /* W resists the loss (one W consumed); still no wall */
    ck_assert_int_eq(ter(b, "F3"), TER_FLOOR);
    ck_assert_str_eq(fx_seq(b, "F3"), "AK");
    NEWS_HAS(b, 1, "Your King on E3 lost AB to a special: only K is left."); /* B2 is outside bob's view */
    NEWS_HAS(b, 1, "Your piece on F3 resisted a special with its shield (W).");
    board_free(b);
}
END_TEST

START_TEST(test_s2_move)
{
    Board *b = fx_board(rows, 2, 0);
    fx_piece(b, "B2", 0, "A");
    fx_piece(b, "E4", 1, "AB");
    /* a boxed-in piece cannot be moved aside: blocked */
    fx_piece(b, "J2", 1, "A");
    fx_piece(b, "I2", 1, "A");
    fx_piece(b, "I3", 1, "A");
    fx_piece(b, "J3", 1, "A");
    fx_piece(b, "K3", 1, "A");
    fx_piece(b, "K2", 1, "A");
    add_sp(b, "S2 B2 targets=E4,J2 occupied=move");
    fire(b, 0);
    ck_assert_int_eq(ter(b, "E4"), TER_IWALL);
    ck_assert_str_eq(fx_seq(b, "E4"), "");
    int found = 0;
    for (int d = 0; d < DIR_COUNT; d++) {
        Piece *p = board_piece_at(b, board_step(b, fx_sq(b, "E4"), d));
        if (p && p->g.n[GENE_B])
            found++;
    }
    ck_assert_int_eq(found, 1);
    ck_assert_int_eq(ter(b, "J2"), TER_FLOOR);
    ck_assert_str_eq(fx_seq(b, "J2"), "A");
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
    NEWS_HAS(b, 0, "the copy was blocked at D4.");
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

/* ---- S6 ---- */

START_TEST(test_s6_kill)
{
    Board *b = fx_board(rows, 2, 0);
    fx_piece(b, "B2", 0, "A");
    fx_piece(b, "D2", 1, "ABC");
    fx_piece(b, "E2", 1, "KBW");
    fx_piece(b, "F2", 1, "AW"); /* W does not prevent destruction */
    add_sp(b, "S6 B2 targets=D2,E2,F2,G2");
    fire(b, 0);
    ck_assert_str_eq(fx_seq(b, "D2"), "");
    ck_assert_str_eq(fx_seq(b, "E2"), "BK"); /* the K loss resisted by W */
    ck_assert_str_eq(fx_seq(b, "F2"), "");
    ck_assert_int_eq(b->pl[1].status, PS_ACTIVE);
    fire(b, 0);
    ck_assert_str_eq(fx_seq(b, "E2"), "K"); /* no W left: loses all but K */
    ck_assert_int_eq(b->pl[1].status, PS_ACTIVE);
    board_free(b);
}
END_TEST

START_TEST(test_s6_phased_private)
{
    /* bob's phased piece dies unseen: alice, who sees the square, is told nothing of it */
    Board *b = fx_board(rows, 2, 0);
    fx_piece(b, "B2", 0, "ADD");
    fx_piece(b, "D3", 1, "ABr");
    add_sp(b, "S6 B2 targets=D3");
    fire(b, 0);
    ck_assert_str_eq(fx_seq(b, "D3"), "");
    NEWS_LACKS(b, 0, "D3");
    NEWS_HAS(b, 1, "Your piece AB on D3 was destroyed.");
    board_free(b);
}
END_TEST

/* ---- S7 ---- */

static Board *s7_board(const char *occupant)
{
    Board *b = fx_board(rows, 2, 0);
    fx_piece(b, "F4", 0, occupant);
    fx_piece(b, "F3", 1, "A");   /* N: first */
    fx_piece(b, "F2", 1, "A");   /* N: second */
    b->ter[fx_sq(b, "H4")] = TER_IWALL; /* E: wall at H4, a piece beyond it */
    fx_piece(b, "I4", 1, "A");
    fx_piece(b, "F5", 1, "KA");  /* S: a King */
    fx_piece(b, "F6", 1, "A");
    fx_piece(b, "G3", 1, "A");   /* NE diagonal */
    add_sp(b, "S7 F4");
    return b;
}

START_TEST(test_s7_plain)
{
    Board *b = s7_board("A");
    fire(b, 0);
    ck_assert_str_eq(fx_seq(b, "F4"), "");
    ck_assert_str_eq(fx_seq(b, "F3"), "");
    ck_assert_str_eq(fx_seq(b, "F2"), "A");
    ck_assert_int_eq(ter(b, "H4"), TER_IWALL);
    ck_assert_str_eq(fx_seq(b, "I4"), "A");
    ck_assert_str_eq(fx_seq(b, "F5"), "K");
    ck_assert_str_eq(fx_seq(b, "F6"), "A");
    ck_assert_str_eq(fx_seq(b, "G3"), "A");
    board_free(b);
}
END_TEST

START_TEST(test_s7_ceo)
{
    Board *b = s7_board("ACEO");
    fire(b, 0);
    ck_assert_str_eq(fx_seq(b, "F4"), "");
    ck_assert_str_eq(fx_seq(b, "F3"), "");
    ck_assert_str_eq(fx_seq(b, "F2"), "");  /* E: on to the wall */
    ck_assert_int_eq(ter(b, "H4"), TER_FLOOR); /* O: the wall goes, the blast stops */
    ck_assert_str_eq(fx_seq(b, "I4"), "A");
    ck_assert_str_eq(fx_seq(b, "F5"), "K");
    ck_assert_str_eq(fx_seq(b, "F6"), "");
    ck_assert_str_eq(fx_seq(b, "G3"), ""); /* C: diagonals */
    board_free(b);
}
END_TEST

START_TEST(test_s7_king_and_phased)
{
    Board *b = fx_board(rows, 2, 0);
    fx_piece(b, "F4", 0, "KA");
    fx_piece(b, "F2", 1, "KAr");
    add_sp(b, "S7 F4");
    fire(b, 0);
    ck_assert_str_eq(fx_seq(b, "F4"), "K");
    ck_assert_str_eq(fx_seq(b, "F2"), "K"); /* reached: revealed, and a King only loses codes */
    NEWS_HAS(b, 1, "Your phased piece on F2 was revealed");
    board_free(b);
}
END_TEST

/* ---- S8 ---- */

START_TEST(test_s8_square)
{
    Board *b = fx_board(rows, 2, 0);
    fx_piece(b, "B2", 0, "AB");
    add_sp(b, "S8 B2 target=J5");
    fire(b, 0);
    ck_assert_str_eq(fx_seq(b, "B2"), "");
    ck_assert_str_eq(fx_seq(b, "J5"), "AB");
    NEWS_HAS(b, 0, "Your piece AB was teleported from B2 to J5.");
    board_free(b);
}
END_TEST

START_TEST(test_s8_occupied)
{
    Board *b = fx_board(rows, 2, 0);
    fx_piece(b, "B2", 0, "A");
    fx_piece(b, "J5", 1, "A");
    add_sp(b, "S8 B2 target=J5");
    fire(b, 0); /* block */
    ck_assert_str_eq(fx_seq(b, "B2"), "A");
    ck_assert_str_eq(fx_seq(b, "J5"), "A");
    ck_assert_int_eq(fx_owner(b, "J5"), 1);
    board_free(b);

    b = fx_board(rows, 2, 0);
    fx_piece(b, "B2", 0, "A");
    fx_piece(b, "J5", 1, "A");
    fx_piece(b, "J2", 1, "KA");
    add_sp(b, "S8 B2 target=J5 occupied=destroy");
    add_sp(b, "S8 J5 target=J2 occupied=destroy"); /* bob's: does not fire for alice */
    fire(b, 0);
    ck_assert_str_eq(fx_seq(b, "B2"), "");
    ck_assert_int_eq(fx_owner(b, "J5"), 0);
    ck_assert_str_eq(fx_seq(b, "J2"), "AK");
    board_free(b);

    /* destroying a King on the target strips it; it still stands there: blocked */
    b = fx_board(rows, 2, 0);
    fx_piece(b, "B2", 0, "A");
    fx_piece(b, "J5", 1, "KA");
    add_sp(b, "S8 B2 target=J5 occupied=destroy");
    fire(b, 0);
    ck_assert_str_eq(fx_seq(b, "B2"), "A");
    ck_assert_str_eq(fx_seq(b, "J5"), "K");
    board_free(b);

    /* move: the occupant steps aside, the piece arrives */
    b = fx_board(rows, 2, 0);
    fx_piece(b, "B2", 0, "A");
    fx_piece(b, "J5", 1, "AC");
    add_sp(b, "S8 B2 target=J5 occupied=move");
    fire(b, 0);
    ck_assert_int_eq(fx_owner(b, "J5"), 0);
    int moved = 0;
    for (int d = 0; d < DIR_COUNT; d++) {
        Piece *p = board_piece_at(b, board_step(b, fx_sq(b, "J5"), d));
        if (p && p->owner == 1)
            moved++;
    }
    ck_assert_int_eq(moved, 1);
    board_free(b);
}
END_TEST

START_TEST(test_s8_phased_and_w)
{
    /* alice's phased piece is moved without being revealed; bob, who sees everything, hears nothing */
    Board *b = fx_board(rows, 2, 0);
    fx_piece(b, "B2", 0, "Ar");
    fx_piece(b, "F4", 1, "ADDD");
    add_sp(b, "S8 B2 target=J5");
    fire(b, 0);
    ck_assert_str_eq(fx_seq(b, "J5"), "Ar");
    NEWS_HAS(b, 0, "teleported from B2 to J5");
    NEWS_LACKS(b, 1, "J5");
    NEWS_LACKS(b, 1, "B2");
    board_free(b);

    /* bob's phased piece on the target blocks and is revealed */
    b = fx_board(rows, 2, 0);
    fx_piece(b, "B2", 0, "A");
    fx_piece(b, "J5", 1, "Ar");
    add_sp(b, "S8 B2 target=J5 occupied=destroy");
    fire(b, 0);
    ck_assert_str_eq(fx_seq(b, "B2"), "A");
    ck_assert_str_eq(fx_seq(b, "J5"), "A");
    board_free(b);

    /* W resists the teleport */
    b = fx_board(rows, 2, 0);
    fx_piece(b, "B2", 0, "AWW");
    add_sp(b, "S8 B2 target=J5");
    fire(b, 0);
    ck_assert_str_eq(fx_seq(b, "B2"), "AW");
    ck_assert_str_eq(fx_seq(b, "J5"), "");
    board_free(b);
}
END_TEST

static int s8_rect_target(uint64_t seed)
{
    Board *b = fx_board(rows, 2, 0);
    rng_seed(&b->rng, seed);
    fx_piece(b, "B2", 0, "A");
    fx_piece(b, "H3", 1, "A");
    b->ter[fx_sq(b, "I4")] = TER_IWALL;
    add_sp(b, "S8 B2 target=H3:J5");
    fire(b, 0);
    ck_assert_str_eq(fx_seq(b, "B2"), "");
    int where = -1;
    for (int i = 0; i < b->npc; i++)
        if (b->pc[i].owner == 0)
            where = b->pc[i].sq;
    int c = board_col(b, where), r = board_row(b, where);
    ck_assert_msg(c >= 7 && c <= 9 && r >= 2 && r <= 4, "landed outside the rectangle");
    ck_assert_int_ne(where, fx_sq(b, "H3"));
    ck_assert_int_ne(where, fx_sq(b, "I4"));
    board_free(b);
    return where;
}

START_TEST(test_s8_rect_reproducible)
{
    int seen[128] = {0}, distinct = 0;
    for (uint64_t s = 1; s <= 40; s++) {
        int a = s8_rect_target(s), c = s8_rect_target(s);
        ck_assert_int_eq(a, c); /* same seed, same square */
        if (!seen[a]++)
            distinct++;
    }
    ck_assert_int_eq(distinct, 7); /* 9 squares minus the piece and the wall */
    /* a full rectangle: nothing happens */
    Board *b = fx_board(rows, 2, 0);
    fx_piece(b, "B2", 0, "A");
    fx_piece(b, "H3", 1, "A");
    add_sp(b, "S8 B2 target=H3:H3");
    fire(b, 0);
    ck_assert_str_eq(fx_seq(b, "B2"), "A");
    board_free(b);
}
END_TEST

START_TEST(test_s8_rect_phased)
{
    /* SPEC 6.1: a phased piece looks empty, so the rectangle may choose its square; the teleport is then
     * blocked and reveals it - never "no empty square", which would tell alice a hidden piece is there */
    Board *b = fx_board(rows, 2, 0);
    fx_piece(b, "B2", 0, "A");
    fx_piece(b, "H3", 1, "Ar");
    add_sp(b, "S8 B2 target=H3:H3");
    fire(b, 0);
    ck_assert_str_eq(fx_seq(b, "B2"), "A");
    ck_assert_str_eq(fx_seq(b, "H3"), "A"); /* revealed */
    ck_assert_int_eq(fx_owner(b, "H3"), 1);
    NEWS_HAS(b, 0, "Special S8 on B2: the teleport was blocked at H3.");
    NEWS_LACKS(b, 0, "no empty floor square");
    NEWS_HAS(b, 1, "Your phased piece on H3 was revealed");
    board_free(b);

    /* alice's own phased piece is no target for her: she knows it is there */
    b = fx_board(rows, 2, 0);
    fx_piece(b, "B2", 0, "A");
    fx_piece(b, "H3", 0, "Ar");
    add_sp(b, "S8 B2 target=H3:H3");
    fire(b, 0);
    ck_assert_str_eq(fx_seq(b, "B2"), "A");
    ck_assert_str_eq(fx_seq(b, "H3"), "Ar");
    NEWS_HAS(b, 0, "there was no empty floor square to teleport to.");
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
    ck_assert_int_eq(genome_total(&board_piece_at(b, fx_sq(b, "B2"))->g), 2);
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
    ck_assert_int_eq(genome_total(&board_piece_at(b, fx_sq(b, "C3"))->g), 2);
    char *line = special_format(b->w, &b->sp[0]);
    ck_assert_str_eq(line, "S9 C3 targets=self count=1");
    free(line);
    board_free(b);
}
END_TEST

/* ---- S10 ---- */

START_TEST(test_s10_walls)
{
    Board *b = fx_board(rows, 2, 0);
    fx_piece(b, "B2", 0, "A");
    b->ter[fx_sq(b, "C3")] = TER_IWALL;
    b->ter[fx_sq(b, "H3")] = TER_IWALL;
    add_sp(b, "S10 B2 targets=C3,E3,H3,L3");
    fire(b, 0);
    ck_assert_int_eq(ter(b, "C3"), TER_FLOOR);
    ck_assert_int_eq(ter(b, "E3"), TER_FLOOR);
    ck_assert_int_eq(ter(b, "H3"), TER_FLOOR);
    ck_assert_int_eq(ter(b, "L3"), TER_XWALL);
    NEWS_HAS(b, 0, "The interior wall on C3 crumbled away.");
    NEWS_LACKS(b, 0, "H3"); /* outside alice's view */
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
    ck_assert_msg(has(ebook(b, 0), "+40 S11 bonus (2 S11 squares: 4%)"), "%s", ebook(b, 0));
    fire(b, 0); /* the next turn pays again */
    ck_assert_int_eq(b->pl[0].e, 1081); /* floor(1040 * 4 / 100) = 41 */
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

/* ---- S13 ---- */

START_TEST(test_s13_relocate)
{
    Board *b = fx_board(rows, 2, 0);
    fx_piece(b, "B2", 0, "A");
    b->ter[fx_sq(b, "E3")] = TER_IWALL;
    b->ter[fx_sq(b, "F5")] = TER_IWALL;
    b->ter[fx_sq(b, "J6")] = TER_IWALL;
    add_sp(b, "S13 B2 onto=walls");
    add_sp(b, "S1 D4");
    fire(b, 0);
    ck_assert_int_eq(b->sp[0].code, 13);
    ck_assert_int_eq(b->ter[b->sp[0].sq], TER_IWALL);
    ck_assert_int_eq(b->ter[b->sp[1].sq], TER_IWALL);
    ck_assert_int_ne(b->sp[0].sq, b->sp[1].sq);
    board_free(b);

    b = fx_board(rows, 2, 0);
    fx_piece(b, "B2", 0, "A");
    fx_piece(b, "C2", 1, "A");
    add_sp(b, "S13 B2 onto=occupied");
    add_sp(b, "S1 D4");
    fire(b, 0);
    /* two occupied squares, two specials: one each */
    ck_assert(board_piece_at(b, b->sp[0].sq) && board_piece_at(b, b->sp[1].sq));
    ck_assert_int_ne(b->sp[0].sq, b->sp[1].sq);
    board_free(b);

    b = fx_board(rows, 2, 0);
    fx_piece(b, "B2", 0, "A");
    add_sp(b, "S13 B2");
    add_sp(b, "S1 D4");
    fire(b, 0);
    for (int i = 0; i < 2; i++) {
        ck_assert_int_eq(b->ter[b->sp[i].sq], TER_FLOOR);
        ck_assert(!board_piece_at(b, b->sp[i].sq));
    }
    ck_assert_int_ne(b->sp[0].sq, b->sp[1].sq);
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

/* ---- S15 ---- */

static char *s15_result(uint64_t seed)
{
    Board *b = fx_board(rows, 2, 0);
    rng_seed(&b->rng, seed);
    fx_piece(b, "B2", 0, "KA");
    fx_piece(b, "C2", 0, "A");
    fx_piece(b, "D3", 0, "AB");
    fx_piece(b, "E4", 0, "AC");
    fx_piece(b, "F5", 0, "AW");
    fx_piece(b, "G6", 1, "AD");
    add_sp(b, "S15 C2");
    fire(b, 0);
    ck_assert_str_eq(fx_seq(b, "B2"), "AK"); /* Kings stay */
    ck_assert_str_eq(fx_seq(b, "F5"), "A");  /* W resisted (one used) */
    ck_assert_str_eq(fx_seq(b, "G6"), "AD"); /* bob's */
    char *c2 = xstrdup(fx_seq(b, "C2")), *d3 = xstrdup(fx_seq(b, "D3"));
    char *out = xasprintf("%s,%s,%s", c2, d3, fx_seq(b, "E4"));
    free(c2);
    free(d3);
    board_free(b);
    return out;
}

START_TEST(test_s15_shuffle)
{
    int distinct = 0;
    char seen[8][32] = {{0}};
    for (uint64_t s = 1; s <= 60; s++) {
        char *a = s15_result(s), *c = s15_result(s);
        ck_assert_str_eq(a, c);
        /* the three pieces are among the three squares */
        ck_assert_msg(strlen(a) == 7 && strstr(a, "AB") && strstr(a, "AC"), "%s", a);
        int k;
        for (k = 0; k < distinct && strcmp(seen[k], a); k++)
            ;
        if (k == distinct && distinct < 8)
            snprintf(seen[distinct++], 32, "%s", a);
        free(a);
        free(c);
    }
    ck_assert_int_eq(distinct, 6); /* every permutation happens */
}
END_TEST

/* ---- S16 ---- */

static char *s16_result(uint64_t seed)
{
    Board *b = fx_board(rows, 2, 0);
    rng_seed(&b->rng, seed);
    const char *sq[] = {"B2", "C2", "E4", "K6", "F3"};
    fx_piece(b, "B2", 0, "A");
    fx_piece(b, "C2", 1, "AB");
    fx_piece(b, "E4", 1, "ACr");
    fx_piece(b, "K6", 0, "K");
    add_sp(b, "S16 B2");
    add_sp(b, "S1 F3");
    fire(b, 0);
    Buf o;
    buf_init(&o);
    buf_add(&o, "");
    const char *seqs[] = {"A", "AB", "ACr", "K"};
    for (int i = 0; i < 4; i++) {
        int where = -1;
        for (int k = 0; k < b->npc; k++)
            if (!strcmp(genome_format(&b->pc[k].g, true, (char[16]){0}, 16), seqs[i]))
                where = b->pc[k].sq;
        ck_assert_int_ge(where, 0);
        ck_assert_int_le(board_dist(b, where, fx_sq(b, sq[i])), 1);
        buf_printf(&o, "%d,", where);
    }
    for (int i = 0; i < 2; i++) {
        ck_assert_int_le(board_dist(b, b->sp[i].sq, fx_sq(b, i ? "F3" : "B2")), 1);
        ck_assert_int_eq(b->ter[b->sp[i].sq], TER_FLOOR);
        buf_printf(&o, "%d,", b->sp[i].sq);
    }
    ck_assert_int_ne(b->sp[0].sq, b->sp[1].sq);
    for (int k = 0; k < b->npc; k++)
        if (b->pc[k].g.n[GENE_C])
            ck_assert(b->pc[k].g.phased);
    board_free(b);
    return buf_take(&o);
}

START_TEST(test_s16_tremor)
{
    int moved_any = 0;
    for (uint64_t s = 1; s <= 30; s++) {
        char *a = s16_result(s), *c = s16_result(s);
        ck_assert_str_eq(a, c);
        char *d = s16_result(s + 1000);
        if (strcmp(a, d))
            moved_any = 1;
        free(a);
        free(c);
        free(d);
    }
    ck_assert(moved_any);
}
END_TEST

START_TEST(test_s16_phased_private)
{
    Board *b = fx_board(rows, 2, 0);
    fx_piece(b, "B2", 0, "A");
    fx_piece(b, "F4", 1, "Ar");
    fx_piece(b, "K6", 0, "ADDDD"); /* alice sees everything */
    add_sp(b, "S16 B2");
    for (int k = 0; k < 6; k++)
        fire(b, 0);
    NEWS_LACKS(b, 0, "Bob's");
    ck_assert_int_eq(b->npc, 3);
    for (int k = 0; k < b->npc; k++)
        if (b->pc[k].owner == 1)
            ck_assert(b->pc[k].g.phased);
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

    /* an orphan King shows as an orphan, not as its former owner's (SPEC 5), and survives a save */
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

/* ---- S20 ---- */

START_TEST(test_s20_rockfall)
{
    Board *b = fx_board(rows, 2, 0);
    fx_piece(b, "E4", 0, "A");
    fx_piece(b, "D3", 1, "A");
    fx_piece(b, "F5", 1, "KA");
    fx_piece(b, "G4", 1, "A");
    add_sp(b, "S20 E4");
    fire(b, 0);
    static const char *const in[] = {"D3", "E3", "F3", "D4", "E4", "F4", "D5", "E5"};
    for (int i = 0; i < 8; i++) {
        ck_assert_msg(ter(b, in[i]) == TER_IWALL, "%s", in[i]);
        ck_assert_str_eq(fx_seq(b, in[i]), "");
    }
    ck_assert_int_eq(ter(b, "F5"), TER_FLOOR);
    ck_assert_str_eq(fx_seq(b, "F5"), "K");
    ck_assert_int_eq(ter(b, "G4"), TER_FLOOR);
    ck_assert_str_eq(fx_seq(b, "G4"), "A");
    ck_assert_int_eq(b->pl[1].status, PS_ACTIVE);
    board_free(b);

    /* a wider view (D: radius 3), near the edge: exterior walls stay */
    b = fx_board(rows, 2, 0);
    fx_piece(b, "B2", 0, "KAD");
    add_sp(b, "S20 B2");
    fire(b, 0);
    ck_assert_str_eq(fx_seq(b, "B2"), "K");
    ck_assert_int_eq(ter(b, "B2"), TER_FLOOR);
    ck_assert_int_eq(ter(b, "E5"), TER_IWALL);
    ck_assert_int_eq(ter(b, "F5"), TER_FLOOR);
    ck_assert_int_eq(ter(b, "A1"), TER_XWALL);
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

static void add_start(Board *b, int label, const char *sq)
{
    b->st = xrealloc(b->st, sizeof *b->st * (size_t)(b->nst + 1));
    b->st[b->nst].label = label;
    b->st[b->nst].sq = fx_sq(b, sq);
    b->nst++;
}

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

/* ---- privacy ---- */

START_TEST(test_remote_special_unnamed)
{
    /* SPEC 5: a special outside a reader's view is never named to them, not even to the owner of the
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
    NEWS_HAS(b, 2, "Bob's piece on J3 resisted radiation with its shield (W).");
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
    fx_piece(b, "C2", 0, "AB");
    fx_piece(b, "J5", 0, "AW");
    fx_piece(b, "G4", 1, "ADW"); /* bob sees J5; all 8 squares around him are free: he is shaken */
    add_sp(b, "S15 B2");
    add_sp(b, "S16 C2");
    fire(b, 0);
    NEWS_HAS(b, 1, "Alice's piece on J5 resisted a special with its shield (W).");
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
    tcase_add_test(tc, test_s1_bonus);
    tcase_add_test(tc, test_s1_per_king);
    tcase_add_loop_test(tc, test_table_handlers, 1, SPECIAL_CODE_MAX + 1);
    tcase_add_test(tc, test_fields_fire);
    tcase_add_test(tc, test_order_by_code);
    tcase_add_test(tc, test_order_reading);
    tcase_add_test(tc, test_fires_only_for_occupant);
    tcase_add_test(tc, test_list_fixed_by_special);
    tcase_add_test(tc, test_s2_block);
    tcase_add_test(tc, test_s2_destroy_and_king);
    tcase_add_test(tc, test_s2_move);
    tcase_add_test(tc, test_s3_copy_and_pay);
    tcase_add_test(tc, test_s3_unaffordable_and_blocked);
    tcase_add_test(tc, test_s3_king_and_phased_target);
    tcase_add_test(tc, test_s4_codes_and_w);
    tcase_add_test(tc, test_s5_view);
    tcase_add_test(tc, test_s6_kill);
    tcase_add_test(tc, test_s6_phased_private);
    tcase_add_test(tc, test_s7_plain);
    tcase_add_test(tc, test_s7_ceo);
    tcase_add_test(tc, test_s7_king_and_phased);
    tcase_add_test(tc, test_s8_square);
    tcase_add_test(tc, test_s8_occupied);
    tcase_add_test(tc, test_s8_phased_and_w);
    tcase_add_test(tc, test_s8_rect_reproducible);
    tcase_add_test(tc, test_s8_rect_phased);
    tcase_add_test(tc, test_s9_radiation);
    tcase_add_test(tc, test_s10_walls);
    tcase_add_test(tc, test_s11_once_per_turn);
    tcase_add_test(tc, test_s12_decay);
    tcase_add_test(tc, test_s13_relocate);
    tcase_add_test(tc, test_s14_double);
    tcase_add_test(tc, test_s15_shuffle);
    tcase_add_test(tc, test_s16_tremor);
    tcase_add_test(tc, test_s16_phased_private);
    tcase_add_test(tc, test_s17_reveal_kings);
    tcase_add_test(tc, test_s18_synergy);
    tcase_add_test(tc, test_views_saved);
    tcase_add_test(tc, test_s20_rockfall);
    tcase_add_test(tc, test_s21_recycle);
    tcase_add_test(tc, test_s22_monkey);
    tcase_add_test(tc, test_remote_special_unnamed);
    tcase_add_test(tc, test_fire_at_turn_start);
    suite_add_tcase(s, tc);
    return s;
}
