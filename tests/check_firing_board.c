/* Tests for firing: the specials that change the board (contract 14.8): walls built and destroyed (S2, S10),
 * pieces killed (S6, S7), moved (S8, S15, S16) or buried (S20), and specials relocated (S13). */
#include "check_firing.h"
#include "sight.h"

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
    /* contract 14.3: a phased piece looks empty, so the rectangle may choose its square; the teleport is then
     * blocked and reveals it - never "no empty square", which would tell alice a hidden piece is there */
    Board *b = fx_board(rows, 2, 0);
    fx_piece(b, "B2", 0, "A");
    fx_piece(b, "H3", 1, "Ar");
    add_sp(b, "S8 B2 target=H3:H3");
    fire(b, 0);
    ck_assert_str_eq(fx_seq(b, "B2"), "A");
    ck_assert_str_eq(fx_seq(b, "H3"), "A"); /* revealed */
    ck_assert_int_eq(fx_owner(b, "H3"), 1);
    NEWS_HAS(b, 0, "Special S8 on B2: the teleport was blocked at H3 (outside your view).");
    NEWS_LACKS(b, 0, "no empty floor square");
    NEWS_HAS(b, 1, "Your phased piece on H3 was revealed");
    board_free(b);

    /* alice's own phased piece looks empty to the others too: the rectangle may choose it, and the teleport
     * is blocked and reveals it; "no empty floor square" would tell bob, who sees H3 empty, it is there */
    b = fx_board(rows, 2, 0);
    fx_piece(b, "B2", 0, "A");
    fx_piece(b, "H3", 0, "Ar");
    fx_piece(b, "H4", 1, "A");
    add_sp(b, "S8 B2 target=H3:H3");
    fire(b, 0);
    ck_assert_str_eq(fx_seq(b, "B2"), "A");
    ck_assert_str_eq(fx_seq(b, "H3"), "A"); /* revealed */
    NEWS_HAS(b, 0, "Special S8 on B2: the teleport was blocked at H3.");
    NEWS_LACKS(b, 0, "no empty floor square");
    NEWS_HAS(b, 0, "Your phased piece on H3 was revealed (it was on the target of special S8).");
    NEWS_HAS(b, 1, "alice's phased piece appeared on H3.");
    board_free(b);

    /* a single target holding her own phased piece blocks the teleport: the piece is revealed, or bob,
     * who sees H3 empty, would learn of it from the teleport that does not happen (contract 14.3) */
    b = fx_board(rows, 2, 0);
    fx_piece(b, "B2", 0, "A");
    fx_piece(b, "H3", 0, "ACr");
    fx_piece(b, "H4", 1, "A");
    add_sp(b, "S8 B2 target=H3");
    fire(b, 0);
    ck_assert_str_eq(fx_seq(b, "B2"), "A");
    ck_assert_str_eq(fx_seq(b, "H3"), "AC");
    NEWS_HAS(b, 1, "alice's phased piece appeared on H3.");
    NEWS_HAS(b, 0, "Your phased piece on H3 was revealed (it was on the target of special S8).");
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

/* S13 onto=empty on a board where only E4 and G4 are free floor (bob's phased piece on E4 when phased): where
 * the special went (-1: stayed), and alice's news into news (caller frees). */
static int s13_phased_result(uint64_t seed, bool phased, char **news)
{
    Board *b = fx_board(rows, 2, 0);
    rng_seed(&b->rng, seed);
    for (int sq = 0; sq < b->w * b->h; sq++)
        if (b->ter[sq] == TER_FLOOR)
            b->ter[sq] = TER_IWALL;
    b->ter[fx_sq(b, "B2")] = b->ter[fx_sq(b, "E4")] = b->ter[fx_sq(b, "G4")] = TER_FLOOR;
    fx_piece(b, "B2", 0, "ADD"); /* sees E4 and G4 */
    if (phased)
        fx_piece(b, "E4", 1, "ABr");
    add_sp(b, "S13 B2");
    fire(b, 0);
    int where = b->sp[0].sq == fx_sq(b, "B2") ? -1 : b->sp[0].sq;
    *news = xstrdup(fx_news(b, 0));
    if (phased && where < 0) {
        /* contract 14.3: drawn onto the phased piece: blocked, and the piece revealed */
        ck_assert_str_eq(fx_seq(b, "E4"), "AB");
        NEWS_HAS(b, 0, "bob's phased piece appeared on E4.");
        NEWS_HAS(b, 1, "Your phased piece on E4 was revealed (it blocked special S13).");
    }
    board_free(b);
    return where;
}

START_TEST(test_s13_phased_looks_empty)
{
    /* A phased piece's square counts as empty: which square is drawn never depends on it, and where the
     * draw does not hit it, alice reads exactly what she would read without it (differential) */
    int e4 = 0, g4 = 0, blocked = 0;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        char *with, *without;
        int a = s13_phased_result(seed, true, &with), c = s13_phased_result(seed, false, &without);
        if (a < 0) {
            blocked++;
            ck_assert_int_eq(c, 3 * 12 + 4); /* E4 */
            e4++;
        } else {
            ck_assert_int_eq(a, c);
            ck_assert_str_eq(with, without);
            g4++;
        }
        free(with);
        free(without);
    }
    ck_assert_int_gt(e4, 0);
    ck_assert_int_gt(g4, 0);
    ck_assert_int_eq(blocked, e4);
}
END_TEST

START_TEST(test_s2_phased_revealed)
{
    /* contract 14.3: a wall missing on a square that looks empty would show a phased piece: the piece that
     * blocks S2 is revealed, and alice is told what she would otherwise have to infer */
    const char *occ[] = {"block", "move", "destroy"};
    for (int i = 0; i < 3; i++) {
        Board *b = fx_board(rows, 2, 0);
        for (int sq = 0; sq < b->w * b->h; sq++)
            if (b->ter[sq] == TER_FLOOR && sq != fx_sq(b, "B2") && sq != fx_sq(b, "C3"))
                b->ter[sq] = TER_IWALL; /* no room to move aside */
        fx_piece(b, "B2", 0, "A");
        fx_piece(b, "C3", 1, i == 2 ? "Kr" : "Ar"); /* destroy leaves a King */
        char words[64];
        snprintf(words, sizeof words, "S2 B2 targets=C3 occupied=%s", occ[i]);
        add_sp(b, words);
        fire(b, 0);
        ck_assert_int_eq(ter(b, "C3"), TER_FLOOR);
        ck_assert_str_eq(fx_seq(b, "C3"), i == 2 ? "K" : "A"); /* no r: revealed */
        NEWS_HAS(b, 0, "bob's phased piece appeared on C3.");
        NEWS_HAS(b, 1, "Your phased piece on C3 was revealed (it blocked special S2).");
        board_free(b);
    }
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
            if (!strcmp(piece_format(&b->pc[k].g, true, (char[16]){0}, 16), seqs[i]))
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
    NEWS_LACKS(b, 0, "bob's");
    ck_assert_int_eq(b->npc, 3);
    for (int k = 0; k < b->npc; k++)
        if (b->pc[k].owner == 1)
            ck_assert(b->pc[k].g.phased);
    board_free(b);
}
END_TEST

/* Ruling 53: "just before or just after" an event means before or after the action that made it, and the
 * start of a turn, with every special that fires then, is one action. A tremor that shakes bob's piece away
 * from where it saw a square and then moves a special from G5 (never in his view) onto that square tells
 * bob where it went, "on a square outside your view"; a special whose squares bob sees neither before nor
 * after is not his news. */
START_TEST(test_s16_one_action)
{
    int told = 0, silent = 0;
    for (uint64_t seed = 1; seed <= 400; seed++) {
        Board *b = fx_board(rows, 2, 0);
        rng_seed(&b->rng, seed);
        fx_piece(b, "B2", 0, "A");
        fx_piece(b, "E4", 1, "A");
        add_sp(b, "S16 B2");
        add_sp(b, "S1 G5");
        size_t n = (size_t)b->w * (size_t)b->h;
        uint8_t *before = xmalloc(n), *after = xmalloc(n);
        int from = fx_sq(b, "G5");
        sight_compute(b, 1, before);
        ck_assert(!(before[from] & SIGHT_SEEN)); /* so a special still on G5 is never told as seen before */
        fire(b, 0);
        sight_compute(b, 1, after);
        int to = b->sp[1].sq;
        char name[16], line[96];
        snprintf(line, sizeof line, "The special S1 on a square outside your view moved to %s.",
                 board_sq_name(b, to, name));
        bool from_seen = after[from] & SIGHT_SEEN;
        if (!from_seen && (before[to] & SIGHT_SEEN) && !(after[to] & SIGHT_SEEN)) {
            NEWS_HAS(b, 1, line);
            told++;
        } else if (!from_seen && !(before[to] & SIGHT_SEEN) && !(after[to] & SIGHT_SEEN)) {
            NEWS_LACKS(b, 1, "special S1 ");
            silent++;
        }
        free(before);
        free(after);
        board_free(b);
    }
    ck_assert_int_gt(told, 0);
    ck_assert_int_gt(silent, 0);
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

TCase *firing_board_tcase(void)
{
    TCase *tc = tcase_create("board");
    tcase_add_test(tc, test_s2_block);
    tcase_add_test(tc, test_s2_destroy_and_king);
    tcase_add_test(tc, test_s2_move);
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
    tcase_add_test(tc, test_s10_walls);
    tcase_add_test(tc, test_s13_relocate);
    tcase_add_test(tc, test_s13_phased_looks_empty);
    tcase_add_test(tc, test_s2_phased_revealed);
    tcase_add_test(tc, test_s15_shuffle);
    tcase_add_test(tc, test_s16_tremor);
    tcase_add_test(tc, test_s16_phased_private);
    tcase_add_test(tc, test_s16_one_action);
    tcase_add_test(tc, test_s20_rockfall);
    return tc;
}
