/* Tests for the piece actions of actions.c (contract 14.2, 14.3, 14.4, 14.6) with orders.txt's worked examples;
 * those that slide pieces (REPULSE, ATTRACT, CHARGE: slides.c) are in check_slides.c. */
#include <stdio.h>

#include "fixtures.h"

#include "check_actions.h"

/* ---- DIVIDE ---- */

START_TEST(test_divide_example)
{
    char msg[256];
    fx_piece(b, "K3", ALICE, "AABBCH");
    fx_piece(b, "I3", BOB, "A"); /* bob sees J2 but not K3 */
    ck_assert_int_eq(run("DIVIDE K3 ABC J2", msg), 0);
    ck_assert_str_eq(fx_seq(b, "K3"), "ABH");
    ck_assert_str_eq(fx_seq(b, "J2"), "ABC");
    ck_assert_int_eq(fx_owner(b, "J2"), ALICE);
    ck_assert_str_eq(b->moves.v[0], "1a alice DIVIDE K3 ABC J2");
    has_news(ALICE, "Your piece ABH on K3 divided, leaving a new piece ABC on J2.");
    has_news(BOB, "alice's piece on a square outside your view divided, leaving a new piece on J2.");
    lacks_news(BOB, "ABC");
}
END_TEST

START_TEST(test_divide_h_and_k)
{
    char msg[256];
    fx_piece(b, "K3", ALICE, "AABBCH");
    ck_assert_int_eq(run("DIVIDE K3 AH L4", msg), 0); /* H may leave; any of the 8 neighbours */
    ck_assert_str_eq(fx_seq(b, "K3"), "ABBC");
    ck_assert_str_eq(fx_seq(b, "L4"), "AH");
    fx_piece(b, "E3", ALICE, "AHK");
    ck_assert_int_eq(run("DIVIDE E3 A E4", msg), 0); /* a King keeps its K and may give its only A */
    ck_assert_str_eq(fx_seq(b, "E3"), "HK");
    ck_assert_str_eq(fx_seq(b, "E4"), "A");
}
END_TEST

/* Ruling 6: DIVIDE may eject K codes — both pages name K as what makes the ejected piece valid ("If either the
 * original or ejected piece are invalid (have neither a K or A code)"; "both must have either an A or a K
 * code"). The new piece is a King of its player; a King may even give its only K to a neighbour. */
START_TEST(test_divide_ejects_k)
{
    char msg[256];
    fx_piece(b, "E3", ALICE, "AHKK");
    ck_assert_int_eq(run("DIVIDE E3 K E4", msg), 0);
    ck_assert_str_eq(fx_seq(b, "E3"), "AHK");
    ck_assert_str_eq(fx_seq(b, "E4"), "K");
    ck_assert_int_eq(fx_owner(b, "E4"), ALICE);
    ck_assert_int_eq(board_king_codes(b, ALICE), 3); /* with B5's: three K codes accrue E */
    ck_assert_int_eq(run("DIVIDE E3 HK F4", msg), 0); /* the piece left keeps its A; the H may go with the K */
    ck_assert_str_eq(fx_seq(b, "E3"), "A");
    ck_assert_str_eq(fx_seq(b, "F4"), "HK");
    ck_assert_ptr_nonnull(strstr(b->moves.v[1], " alice DIVIDE E3 HK F4"));
}
END_TEST

static const struct {
    const char *order, *msg;
} divide_fails[] = {
    {"DIVIDE K3 AK J2", "the piece on K3 does not hold AK"},
    {"DIVIDE K3 AZ J2", "the piece on K3 does not hold AZ"},
    {"DIVIDE K3 AAA J2", "the piece on K3 does not hold AAA"},
    {"DIVIDE K3 AA J2", "the piece left on K3 would not be viable (it needs an A or a K)"},
    {"DIVIDE K3 BC J2", "the new piece would not be viable (it needs an A or a K)"},
    {"DIVIDE K3 A M3", "M3 is not next to K3"},
    {"DIVIDE K3 A K3", "K3 is not next to K3"},
    {"DIVIDE K3 A J3", "J3 is an interior wall"},
    {"DIVIDE K3 A L3", "L3 is occupied"},
};

START_TEST(test_divide_fails)
{
    char msg[256];
    fx_piece(b, "K3", ALICE, "AABBCH");
    fx_piece(b, "L3", BOB, "A");
    wall("J3", TER_IWALL);
    ck_assert_int_eq(run(divide_fails[_i].order, msg), -1);
    ck_assert_str_eq(msg, divide_fails[_i].msg);
    ck_assert_str_eq(fx_seq(b, "K3"), "AABBCH");
    ck_assert_int_eq(b->npc, 5);
}
END_TEST

START_TEST(test_divide_phased_target)
{
    char msg[256];
    fx_piece(b, "K3", ALICE, "AABBCH");
    fx_piece(b, "J2", BOB, "ABr");
    ck_assert_int_eq(run("DIVIDE K3 ABC J2", msg), -1);
    ck_assert_str_eq(msg, "J2: a phased piece was in the way");
    ck_assert_str_eq(fx_seq(b, "J2"), "AB"); /* revealed */
    ck_assert_str_eq(fx_seq(b, "K3"), "AABBCH");
    has_news(BOB, "Your phased piece on J2 was revealed (it was in the way of a DIVIDE).");
    has_news(ALICE, "bob's phased piece appeared on J2.");
}
END_TEST

/* ---- TRANSFER ---- */

START_TEST(test_transfer_example)
{
    char msg[256];
    fx_piece(b, "L3", ALICE, "ABDFJ");
    fx_piece(b, "J5", BOB, "AABBCH");
    ck_assert_int_eq(run("TRANSFER L3 B J5", msg), 0);
    ck_assert_str_eq(fx_seq(b, "L3"), "ADF");
    ck_assert_str_eq(fx_seq(b, "J5"), "AABBBCH");
    has_news(ALICE, "Your piece ADF on L3 transferred B to bob's piece AABBBCH on J5.");
    /* contract 8: L3 is outside bob's view: neither the square nor the giver's owner is named */
    has_news(BOB, "Your piece on J5 received B from a piece on a square outside your view.");
}
END_TEST

START_TEST(test_transfer_out_of_view)
{
    char msg[256];
    fx_piece(b, "L3", ALICE, "ABDFJ");
    fx_piece(b, "F4", ALICE, "A");
    ck_assert_int_eq(run("TRANSFER L3 B F4", msg), -1);
    ck_assert_str_eq(msg, "F4 is not in the view of the piece on L3");
    ck_assert_str_eq(fx_seq(b, "L3"), "ABDFJ");
    ck_assert_str_eq(fx_seq(b, "F4"), "A");
    ck_assert_str_eq(b->moves.v[0], "1a alice TRANSFER L3 B F4 (Failed)");
}
END_TEST

START_TEST(test_transfer_looks_empty_refused)
{
    char msg[256];
    fx_piece(b, "L3", ALICE, "ABJ");
    ck_assert_int_eq(run("TRANSFER L3 B K3", msg), ORDER_REFUSED);
    ck_assert_str_eq(msg, "no piece on K3");
    fx_piece(b, "K3", BOB, "Ar");
    ck_assert_int_eq(run("TRANSFER L3 B K3", msg), ORDER_REFUSED);
    ck_assert_str_eq(msg, "no piece on K3");
    ck_assert_str_eq(fx_seq(b, "K3"), "Ar"); /* nothing revealed */
    ck_assert_str_eq(fx_seq(b, "L3"), "ABJ");
    ck_assert_int_eq(b->moves.n, 0);
    ck_assert_str_eq(fx_news(b, BOB), "");
    /* the player's own phased piece is visible to them: a fine target */
    fx_piece(b, "K4", ALICE, "Ar");
    ck_assert_int_eq(run("TRANSFER L3 B K4", msg), 0);
    ck_assert_str_eq(fx_seq(b, "K4"), "ABr");
    ck_assert_str_eq(fx_seq(b, "L3"), "A");
}
END_TEST

static const struct {
    const char *giver, *order, *msg;
} transfer_fails[] = {
    {"AJK", "TRANSFER L3 K K3", "K can never be transferred"},
    {"AJ", "TRANSFER L3 J K3", "the piece on L3 has no J to give (the J used up counts first)"},
    {"AJ", "TRANSFER L3 B K3", "the piece on L3 has no B to give"},
    {"AJ", "TRANSFER L3 A K3", "the piece on L3 would not be viable after giving its A"},
    {"AJ", "TRANSFER L3 A L3", "the piece on L3 cannot transfer to itself"},
};

START_TEST(test_transfer_fails)
{
    char msg[256];
    fx_piece(b, "L3", ALICE, transfer_fails[_i].giver);
    fx_piece(b, "K3", BOB, "A");
    ck_assert_int_eq(run(transfer_fails[_i].order, msg), -1);
    ck_assert_str_eq(msg, transfer_fails[_i].msg);
    ck_assert_str_eq(fx_seq(b, "L3"), transfer_fails[_i].giver);
    ck_assert_str_eq(fx_seq(b, "K3"), "A");
}
END_TEST

START_TEST(test_transfer_j_and_a)
{
    char msg[256];
    fx_piece(b, "L3", ALICE, "AAJJ");
    fx_piece(b, "K3", ALICE, "A");
    ck_assert_int_eq(run("TRANSFER L3 J K3", msg), 0); /* two J: one used up, one given */
    ck_assert_str_eq(fx_seq(b, "L3"), "AA");
    ck_assert_str_eq(fx_seq(b, "K3"), "AJ");
    ck_assert_int_eq(run("TRANSFER K3 A L3", msg), -1); /* K3 would lose its only A */
    ck_assert_str_eq(msg, "the piece on K3 would not be viable after giving its A");
}
END_TEST

START_TEST(test_transfer_w_resists)
{
    char msg[256];
    fx_piece(b, "L3", ALICE, "ABJ");
    fx_piece(b, "K3", BOB, "AW");
    ck_assert_int_eq(run("TRANSFER L3 B K3", msg), 0);
    ck_assert_str_eq(fx_seq(b, "L3"), "AB"); /* J used up, B stays */
    ck_assert_str_eq(fx_seq(b, "K3"), "A");  /* W used up */
    has_news(ALICE, "Your piece on L3 used up a J: its TRANSFER of B to K3 was resisted (W).");
    has_news(BOB, "Your piece on K3 resisted a TRANSFER with its shield (W).");
}
END_TEST

/* ---- RADIATE ---- */

START_TEST(test_radiate)
{
    char msg[256];
    fx_piece(b, "K3", ALICE, "AM");
    fx_piece(b, "K2", BOB, "K");     /* a bare K: nothing removable */
    fx_piece(b, "L2", BOB, "ABC");   /* B or C at random */
    fx_piece(b, "J3", BOB, "A");     /* only its last A: unaffected */
    fx_piece(b, "L3", BOB, "AB");    /* loses B */
    fx_piece(b, "J4", BOB, "ABW");   /* W resists: loses its W, no draw */
    fx_piece(b, "L4", CAROL, "ABr"); /* phased: loses B, nobody else hears of it */
    fx_piece(b, "M3", BOB, "AB");    /* outside the view */
    Rng r = b->rng;
    int l2 = (int)rng_below(&r, 2); /* reading order: L2, then K3, L3, L4 (1 copy each) */
    rng_below(&r, 1);
    rng_below(&r, 1);
    rng_below(&r, 1);
    ck_assert_int_eq(run("RADIATE K3", msg), 0);
    ck_assert_str_eq(fx_seq(b, "K3"), "A");
    ck_assert_str_eq(fx_seq(b, "K2"), "K");
    ck_assert_str_eq(fx_seq(b, "L2"), l2 == 0 ? "AC" : "AB");
    ck_assert_str_eq(fx_seq(b, "J3"), "A");
    ck_assert_str_eq(fx_seq(b, "L3"), "A");
    ck_assert_str_eq(fx_seq(b, "J4"), "AB");
    ck_assert_str_eq(fx_seq(b, "L4"), "Ar");
    ck_assert_str_eq(fx_seq(b, "M3"), "AB");
    ck_assert(b->rng.state == r.state);
    has_news(ALICE, "Your piece AM on K3 radiated.");
    has_news(ALICE, "Your piece AM on K3 lost M to radiation.");
    has_news(ALICE, "bob's piece on L3 lost a code to radiation.");
    has_news(BOB, "Your piece AB on L3 lost B to radiation.");
    has_news(BOB, "Your piece on J4 resisted radiation with its shield (W).");
    has_news(CAROL, "Your piece AB on L4 lost B to radiation.");
    lacks_news(ALICE, "L4");
    lacks_news(BOB, "L4");
}
END_TEST

START_TEST(test_radiate_own_w_not_shielded)
{
    char msg[256];
    fx_piece(b, "K3", ALICE, "AMW");
    Rng r = b->rng;
    int k = (int)rng_below(&r, 2); /* M or W */
    ck_assert_int_eq(run("RADIATE K3", msg), 0);
    ck_assert_str_eq(fx_seq(b, "K3"), k == 0 ? "AW" : "AM");
}
END_TEST

/* ---- TELEPORT ---- */

START_TEST(test_teleport)
{
    char msg[256];
    fx_piece(b, "L3", ALICE, "ADN");
    ck_assert_int_eq(run("TELEPORT L3 L5", msg), 0);
    ck_assert_str_eq(fx_seq(b, "L5"), "ADN");
    ck_assert_str_eq(fx_seq(b, "L3"), "");
    has_news(ALICE, "Your piece ADN teleported from L3 to L5.");
}
END_TEST

static const struct {
    const char *order, *msg;
} teleport_fails[] = {
    {"TELEPORT K3 M3", "M3 is not in the view of the piece on K3"},
    {"TELEPORT K3 K3", "the piece is already on K3"},
    {"TELEPORT K3 K2", "K2 is an interior wall"},
    {"TELEPORT K3 J2", "J2 is an exterior wall"},
    {"TELEPORT K3 L2", "L2 is occupied"},
    {"TELEPORT K3 J4", "J4: a phased piece was in the way"},
};

START_TEST(test_teleport_fails)
{
    char msg[256];
    fx_piece(b, "K3", ALICE, "AN");
    fx_piece(b, "L2", BOB, "A");
    fx_piece(b, "J4", BOB, "Ar");
    wall("K2", TER_IWALL);
    wall("J2", TER_XWALL);
    ck_assert_int_eq(run(teleport_fails[_i].order, msg), -1);
    ck_assert_str_eq(msg, teleport_fails[_i].msg);
    ck_assert_str_eq(fx_seq(b, "K3"), "AN");
    ck_assert_str_eq(fx_seq(b, "J4"), _i == 5 ? "A" : "Ar");
}
END_TEST

/* ---- PETRIFY ---- */

START_TEST(test_petrify)
{
    char msg[256];
    fx_piece(b, "L3", ALICE, "AQ");
    b->sp = xcalloc(1, sizeof *b->sp); /* an S1 under the piece is buried, not lost */
    b->nsp = 1;
    b->sp[0].code = 1;
    b->sp[0].sq = fx_sq(b, "L3");
    b->sp[0].e = 1; /* e=1 per-king=no */
    b->sp[0].text = xstrdup("Gold seam");
    fx_piece(b, "K3", ALICE, "KQ");
    ck_assert_int_eq(run("PETRIFY K3", msg), -1);
    ck_assert_str_eq(msg, "a King may not petrify (the piece on K3 has K)");
    ck_assert_int_eq(run("PETRIFY L3", msg), 0);
    ck_assert_str_eq(fx_seq(b, "L3"), "");
    ck_assert_int_eq(b->ter[fx_sq(b, "L3")], TER_IWALL);
    ck_assert_int_eq(b->nsp, 1);
    ck_assert_int_eq(b->sp[0].sq, fx_sq(b, "L3"));
    has_news(ALICE, "Your piece AQ on L3 turned into an interior wall.");
}
END_TEST

/* ---- PHASE ---- */

START_TEST(test_phase)
{
    char msg[256];
    fx_piece(b, "F4", ALICE, "ARR");
    fx_piece(b, "G4", BOB, "A");
    ck_assert_int_eq(run("PHASE F4", msg), 0);
    ck_assert_str_eq(fx_seq(b, "F4"), "ARr");
    has_news(ALICE, "Your piece on F4 used up an R and is now phased: the other players cannot see it.");
    has_news(BOB, "alice's piece on F4 vanished from sight.");
    clear_news();
    /* acting reveals it first, then it phases again */
    ck_assert_int_eq(run("PHASE F4", msg), 0);
    ck_assert_str_eq(fx_seq(b, "F4"), "Ar");
    has_news(ALICE, "Your phased piece on F4 was revealed (it acted).");
    has_news(BOB, "alice's phased piece appeared on F4.");
    ck_assert_int_eq(run("PHASE F4", msg), ORDER_REFUSED);
    ck_assert_str_eq(msg, "the piece on F4 has no R (PHASE needs R)");
}
END_TEST

/* ---- CONVERT ---- */

START_TEST(test_convert)
{
    char msg[256];
    board_remove_piece(b, fx_sq(b, "B2"));
    b->pl[CAROL].status = PS_ELIMINATED;
    b->pl[CAROL].out_seq = 1;
    fx_piece(b, "K3", ALICE, "AS");
    fx_piece(b, "L3", CAROL, "AB");   /* orphan in view */
    fx_piece(b, "L4", CAROL, "ABP");  /* carol's ronin: not an orphan */
    fx_piece(b, "J2", CAROL, "AW");   /* W does not stop CONVERT */
    fx_piece(b, "M3", CAROL, "A");    /* out of view */
    fx_piece(b, "K4", BOB, "A");
    ck_assert_int_eq(run("CONVERT K3", msg), 0);
    ck_assert_int_eq(fx_owner(b, "L3"), ALICE);
    ck_assert_str_eq(fx_seq(b, "L3"), "AB"); /* alice is active: no P */
    ck_assert_int_eq(fx_owner(b, "J2"), ALICE);
    ck_assert_str_eq(fx_seq(b, "J2"), "AW");
    ck_assert_int_eq(fx_owner(b, "L4"), CAROL);
    ck_assert_int_eq(fx_owner(b, "M3"), CAROL);
    ck_assert_int_eq(fx_owner(b, "K4"), BOB);
    has_news(ALICE, "An orphan on L3 became your piece (CONVERT).");
    has_news(BOB, "An orphan on L3 became alice's piece (CONVERT).");
}
END_TEST

/* Alice eliminated, her King gone, a ronin converter ASP on K3 (contract 14.6). */
static void ronin_converter(void)
{
    board_remove_piece(b, fx_sq(b, "B5"));
    b->pl[ALICE].status = PS_ELIMINATED;
    b->pl[ALICE].out_seq = 1;
    fx_piece(b, "K3", ALICE, "ASP");
}

START_TEST(test_convert_ronin_gives_p)
{
    char msg[256];
    ronin_converter();
    fx_piece(b, "L3", ALICE, "AB");   /* alice's own orphan */
    fx_piece(b, "J3", CAROL, "ABr");  /* carol resigned: her pieces are orphans, this one phased */
    b->pl[CAROL].status = PS_RESIGNED;
    b->pl[CAROL].out_seq = 2;
    board_remove_piece(b, fx_sq(b, "B2"));
    fx_piece(b, "K4", BOB, "A");
    ck_assert_int_eq(run("CONVERT K3", msg), 0);
    ck_assert_int_eq(fx_owner(b, "L3"), ALICE);
    ck_assert_str_eq(fx_seq(b, "L3"), "ABP");
    ck_assert_int_eq(fx_owner(b, "J3"), ALICE);
    ck_assert_str_eq(fx_seq(b, "J3"), "ABPr");
    ck_assert(board_controls(b, ALICE, board_piece_at(b, fx_sq(b, "L3"))));
    lacks_news(BOB, "J3"); /* a phased orphan stays unseen */
}
END_TEST

/* Ruling 9: a ronin CONVERT gives a P, which changes the orphan's sequence — W "ignore[s] the effect of any ...
 * action that would in any way move or change the genetic sequence", as it does S4's added codes — so a W orphan
 * spends its W and stays an orphan, as it was; an active player's CONVERT only changes the colour (the J2 case of
 * test_convert). */
START_TEST(test_convert_ronin_w_resists)
{
    char msg[256];
    ronin_converter();
    fx_piece(b, "L3", ALICE, "ABW");  /* alice's own orphan, shielded */
    fx_piece(b, "J3", ALICE, "AB");   /* alice's own orphan */
    fx_piece(b, "K4", BOB, "AF");     /* bob sees and decodes L3 */
    ck_assert_int_eq(run("CONVERT K3", msg), 0);
    ck_assert_str_eq(fx_seq(b, "L3"), "AB");   /* the W spent, no P */
    ck_assert(board_is_orphan(b, board_piece_at(b, fx_sq(b, "L3"))));
    ck_assert(!board_controls(b, ALICE, board_piece_at(b, fx_sq(b, "L3"))));
    ck_assert_str_eq(fx_seq(b, "J3"), "ABP");  /* the unshielded orphan converts */
    has_news(BOB, "An orphan piece on L3 resisted a CONVERT with its shield (W).");
    lacks_news(BOB, "An orphan on L3 became");
}
END_TEST

/* A ronin CONVERT whose only orphan in view resists with W: the converter is told the orphan withstood it, never
 * also that there was no orphan in view; with none in view, it is told that (contract 14.2, 14.4, ruling 9). */
START_TEST(test_convert_ronin_only_orphan_resists)
{
    char msg[256];
    ronin_converter();
    fx_piece(b, "L3", BOB, "A");     /* bob's: no orphan */
    ck_assert_int_eq(run("CONVERT K3", msg), 0);
    has_news(ALICE, "There was no orphan in the view of your piece on K3.");
    clear_news();
    b->pl[BOB].status = PS_ELIMINATED; /* L3 is an orphan now */
    b->pl[BOB].out_seq = 2;
    board_remove_piece(b, fx_sq(b, "L3"));
    fx_piece(b, "L3", BOB, "ABW");
    ck_assert_int_eq(run("CONVERT K3", msg), 0);
    ck_assert_str_eq(fx_seq(b, "L3"), "AB"); /* the W spent; still an orphan */
    ck_assert(board_is_orphan(b, board_piece_at(b, fx_sq(b, "L3"))));
    has_news(ALICE, "An orphan piece on L3 withstood a CONVERT.");
    lacks_news(ALICE, "no orphan");
}
END_TEST

/* ---- FLARE ---- */

START_TEST(test_flare)
{
    char msg[256];
    fx_piece(b, "K3", ALICE, "AFU");
    ck_assert_int_eq(run("FLARE K3", msg), 0);
    ck_assert_str_eq(fx_seq(b, "K3"), "AFu");
    ck_assert(b->pl[ALICE].full_view);
    ck_assert(b->pl[ALICE].full_decode);
    ck_assert_str_eq(b->pl[ALICE].full_until, "1a");
    size_t n = (size_t)b->w * (size_t)b->h;
    uint8_t *m = xmalloc(n);
    sight_compute(b, ALICE, m);
    for (size_t i = 0; i < n; i++)
        ck_assert_int_eq(m[i], SIGHT_SEEN | SIGHT_DECODE);
    has_news(ALICE, "Your piece on K3 used up a U and lit a flare: you see the whole board, decoded, until the start "
                    "of your next turn.");
    /* it lasts until the start of alice's next turn */
    ck_assert_int_eq(b->seat, BOB);
    ck_assert_int_eq(fx_order(b, BOB, "PASS", msg, sizeof msg), 0);
    ck_assert_int_eq(fx_order(b, CAROL, "PASS", msg, sizeof msg), 0);
    ck_assert_int_eq(b->seat, ALICE);
    ck_assert(!b->pl[ALICE].full_view);
    ck_assert_str_eq(fx_seq(b, "K3"), "AF");
    free(m);
}
END_TEST

START_TEST(test_flare_without_f)
{
    char msg[256];
    fx_piece(b, "K3", ALICE, "AUU");
    ck_assert_int_eq(run("FLARE K3", msg), 0);
    ck_assert_str_eq(fx_seq(b, "K3"), "AUu");
    ck_assert(b->pl[ALICE].full_view);
    ck_assert(!b->pl[ALICE].full_decode);
    size_t n = (size_t)b->w * (size_t)b->h;
    uint8_t *m = xmalloc(n);
    sight_compute(b, ALICE, m);
    ck_assert_int_eq(m[fx_sq(b, "O5")], SIGHT_SEEN);
    free(m);
}
END_TEST

/* ---- HOME ---- */

START_TEST(test_home)
{
    char msg[256];
    fx_piece(b, "M3", ALICE, "K");
    fx_piece(b, "D3", ALICE, "AV");
    fx_piece(b, "N3", BOB, "A");
    fx_piece(b, "L4", BOB, "Ar");
    wall("N2", TER_IWALL);
    ck_assert_int_eq(run("HOME D3 J3", msg), -1);
    ck_assert_str_eq(msg, "J3 is not next to another of your Kings");
    ck_assert_int_eq(run("HOME D3 N3", msg), -1);
    ck_assert_str_eq(msg, "N3 is occupied");
    ck_assert_int_eq(run("HOME D3 N2", msg), -1);
    ck_assert_str_eq(msg, "N2 is an interior wall");
    ck_assert_int_eq(run("HOME D3 L4", msg), -1);
    ck_assert_str_eq(msg, "L4: a phased piece was in the way");
    ck_assert_str_eq(fx_seq(b, "L4"), "A");
    ck_assert_int_eq(run("HOME D3 L3", msg), 0);
    ck_assert_str_eq(fx_seq(b, "L3"), "AV");
    ck_assert_str_eq(fx_seq(b, "D3"), "");
    has_news(ALICE, "Your piece AV jumped home from D3 to L3.");
}
END_TEST

START_TEST(test_home_different_king)
{
    char msg[256];
    board_remove_piece(b, fx_sq(b, "B5"));
    fx_piece(b, "D3", ALICE, "KV");
    ck_assert_int_eq(run("HOME D3 E3", msg), -1); /* next to itself only */
    ck_assert_str_eq(msg, "E3 is not next to another of your Kings");
    /* a ronin King of an eliminated player counts */
    b->pl[ALICE].status = PS_ELIMINATED;
    board_remove_piece(b, fx_sq(b, "D3"));
    fx_piece(b, "D3", ALICE, "AVP");
    fx_piece(b, "K4", ALICE, "KP");
    ck_assert_int_eq(run("HOME D3 K3", msg), 0);
    ck_assert_str_eq(fx_seq(b, "K3"), "APV");
}
END_TEST

/* ---- SANCTUARY ---- */

START_TEST(test_sanctuary)
{
    char msg[256];
    fx_piece(b, "F4", ALICE, "AY");
    fx_piece(b, "L2", ALICE, "K");
    ck_assert_int_eq(run("SANCTUARY F4 L2", msg), 0);
    ck_assert_str_eq(fx_seq(b, "F4"), "K");
    ck_assert_str_eq(fx_seq(b, "L2"), "AY");
    has_news(ALICE, "Your piece AY on F4 and your King K on L2 swapped places.");
}
END_TEST

START_TEST(test_sanctuary_w)
{
    char msg[256];
    fx_piece(b, "F4", ALICE, "AYW");
    fx_piece(b, "L2", ALICE, "KW");
    ck_assert_int_eq(run("SANCTUARY F4 L2", msg), 0); /* the King resists: neither moves */
    ck_assert_str_eq(fx_seq(b, "F4"), "AWY");
    ck_assert_str_eq(fx_seq(b, "L2"), "K");
    has_news(ALICE, "Your piece on L2 resisted a SANCTUARY swap with its shield (W).");
    ck_assert_int_eq(run("SANCTUARY F4 L2", msg), 0); /* the Y piece's own W does not hinder its order */
    ck_assert_str_eq(fx_seq(b, "F4"), "K");
    ck_assert_str_eq(fx_seq(b, "L2"), "AWY");
}
END_TEST

static const struct {
    const char *order, *msg;
} sanctuary_fails[] = {
    {"SANCTUARY F4 F4", "the piece on F4 cannot swap with itself"},
    {"SANCTUARY F4 G4", "the piece on G4 is not a King"},
    {"SANCTUARY F4 H4", "no King of yours on H4"},
    {"SANCTUARY F4 G3", "no King of yours on G3"},
    {"SANCTUARY F4 H5", "H5 held a phased piece, not a King of yours"},
    /* outside the view, an enemy King, an empty square and a phased piece read the same */
    {"SANCTUARY F4 O5", "no King of yours at O5 (outside your view)"},
    {"SANCTUARY F4 J3", "no King of yours at J3 (outside your view)"},
    {"SANCTUARY F4 L4", "no King of yours at L4 (outside your view)"}, /* revealed all the same */
};

START_TEST(test_sanctuary_fails)
{
    char msg[256];
    fx_piece(b, "F4", ALICE, "AY");
    fx_piece(b, "G4", ALICE, "A");
    fx_piece(b, "L4", BOB, "Kr");
    fx_piece(b, "H4", BOB, "K");
    fx_piece(b, "H5", BOB, "Ar");
    ck_assert_int_eq(run(sanctuary_fails[_i].order, msg), -1);
    ck_assert_str_eq(msg, sanctuary_fails[_i].msg);
    ck_assert_str_eq(fx_seq(b, "F4"), "AY");
    ck_assert_str_eq(fx_seq(b, "L4"), _i == 7 ? "K" : "Kr");
    ck_assert_str_eq(fx_seq(b, "H5"), _i == 4 ? "A" : "Ar");
}
END_TEST

/* ---- the player's own phased piece in the way ---- */

/* Contract 14.3, ruling 60: a TELEPORT, DIVIDE, CREATE, HOME or SANCTUARY whose piece would stop on the player's
 * own phased piece fails and reveals it, as another player's would be; the player, who sees their own piece, is
 * told the square is occupied. */
static const struct {
    const char *order, *actor_sq, *actor, *target_sq, *target, *msg, *verb;
} own_phased[] = {
    {"TELEPORT K3 L4", "K3", "AN", "L4", "Ar", "L4 is occupied", "TELEPORT"},
    {"DIVIDE K3 A L4", "K3", "AAH", "L4", "Ar", "L4 is occupied", "DIVIDE"},
    {"CREATE C5 A", NULL, NULL, "C5", "Ar", "C5 is occupied (only a piece with I may be created on your own piece)",
     "CREATE"},
    {"CREATE C5 AI", NULL, NULL, "C5", "AKr", "C5 is occupied", "CREATE"}, /* even with I: a King */
    {"HOME D3 C4", "D3", "AV", "C4", "Ar", "C4 is occupied", "HOME"},
    {"SANCTUARY D3 C4", "D3", "AY", "C4", "Ar", "the piece on C4 is not a King", "SANCTUARY"},
};

START_TEST(test_own_phased_in_the_way)
{
    char msg[256], line[128], news[128];
    b->pl[ALICE].e = 100;
    if (own_phased[_i].actor)
        fx_piece(b, own_phased[_i].actor_sq, ALICE, own_phased[_i].actor);
    fx_piece(b, own_phased[_i].target_sq, ALICE, own_phased[_i].target);
    int npc = b->npc;
    ck_assert_int_eq(run(own_phased[_i].order, msg), -1);
    ck_assert_str_eq(msg, own_phased[_i].msg);
    /* the piece in the way stays where it was, with every code, and loses only its r */
    char want[16];
    snprintf(want, sizeof want, "%.*s", (int)strlen(own_phased[_i].target) - 1, own_phased[_i].target);
    ck_assert_str_eq(fx_seq(b, own_phased[_i].target_sq), want);
    if (own_phased[_i].actor)
        ck_assert_str_eq(fx_seq(b, own_phased[_i].actor_sq), own_phased[_i].actor);
    ck_assert_int_eq(b->npc, npc);
    ck_assert_int_eq(b->pl[ALICE].e, 100);
    snprintf(line, sizeof line, "1a alice %s (Failed)", own_phased[_i].order);
    ck_assert_str_eq(b->moves.v[0], line);
    snprintf(news, sizeof news, "Your phased piece on %s was revealed (it was in the way of a %s).",
             own_phased[_i].target_sq, own_phased[_i].verb);
    has_news(ALICE, news);
}
END_TEST

/* A CREATE with I may replace the player's own phased piece, as a MOVE with I may take it (contract 14.2, 14.3). */
START_TEST(test_create_i_replaces_own_phased)
{
    char msg[256];
    b->pl[ALICE].e = 100;
    fx_piece(b, "C5", ALICE, "ABr");
    ck_assert_int_eq(run("CREATE C5 AI", msg), 0);
    ck_assert_str_eq(fx_seq(b, "C5"), "AI");
    ck_assert_int_eq(b->pl[ALICE].e, 100 - 17); /* AI: (1 + 8) + 1 * 8 */
    lacks_news(ALICE, "revealed");
}
END_TEST

/* ---- fog of war ---- */

START_TEST(test_outside_view_fail)
{
    char msg[256];
    /* a second charge blocked outside the player's view names only the square */
    board_remove_piece(b, fx_sq(b, "B2"));
    fx_piece(b, "L2", ALICE, "AZZ");
    fx_piece(b, "C2", BOB, "A");
    fx_piece(b, "D3", BOB, "A");
    ck_assert_int_eq(run("CHARGE L2 W-S", msg), -1); /* W to D2; S: D3 is occupied, outside alice's view before */
    ck_assert_str_eq(msg, "blocked at D3 (outside your view)");
    ck_assert_str_eq(fx_seq(b, "L2"), "AZZ");
}
END_TEST

/* ---- ronin, orphans, fog, replay ---- */

START_TEST(test_divide_ronin_makes_orphan)
{
    char msg[256];
    board_remove_piece(b, fx_sq(b, "B5"));
    b->pl[ALICE].status = PS_ELIMINATED;
    b->pl[ALICE].out_seq = 1;
    fx_piece(b, "K3", ALICE, "AAHP");
    ck_assert_int_eq(run("DIVIDE K3 A J2", msg), 0);
    ck_assert_str_eq(fx_seq(b, "K3"), "AHP");
    ck_assert_str_eq(fx_seq(b, "J2"), "A");
    ck_assert(board_is_orphan(b, board_piece_at(b, fx_sq(b, "J2")))); /* contract 14.6: no P, an orphan at once */
}
END_TEST

START_TEST(test_wave_moves_orphan)
{
    char msg[256];
    board_remove_piece(b, fx_sq(b, "B2"));
    b->pl[CAROL].status = PS_RESIGNED;
    b->pl[CAROL].out_seq = 1;
    fx_piece(b, "H3", ALICE, "AT");
    fx_piece(b, "J3", CAROL, "A");
    fx_piece(b, "K4", BOB, "A");
    ck_assert_int_eq(run("REPULSE H3", msg), 0);
    ck_assert_str_eq(fx_seq(b, "O3"), "A");
    has_news(BOB, "An orphan piece was pushed from J3 to a square outside your view by a repulsion wave.");
}
END_TEST

START_TEST(test_fog_nothing_leaks)
{
    char msg[256];
    fx_piece(b, "L3", ALICE, "ADN");
    fx_piece(b, "F3", BOB, "A"); /* sees E2..G4 only */
    ck_assert_int_eq(run("TELEPORT L3 L5", msg), 0);
    ck_assert_int_eq(run("RADIATE L5", msg), ORDER_REFUSED);
    ck_assert_str_eq(fx_news(b, BOB), "");
    board_remove_piece(b, fx_sq(b, "L5"));
    fx_piece(b, "H3", ALICE, "AT");
    ck_assert_int_eq(run("REPULSE H3", msg), 0); /* pushes F3 west to B3: bob's own piece */
    ck_assert_str_eq(fx_seq(b, "B3"), "A");
    has_news(BOB, "Your piece A was pushed from F3 to B3 by a repulsion wave.");
    lacks_news(BOB, "AT"); /* alice's sequence: bob decodes nothing */
}
END_TEST

START_TEST(test_replay_matches)
{
    char msg[256];
    fx_piece(b, "K3", ALICE, "ADDMNNTTUUXXZZZ"); /* two of each: radiation takes one */
    fx_piece(b, "L2", BOB, "ABCW");
    fx_piece(b, "J4", BOB, "ABBr");
    fx_piece(b, "M4", CAROL, "AEO");
    b->initial = boardfile_write(b);
    b->initial_base = 0;
    ck_assert_int_eq(run("RADIATE K3", msg), 0);
    ck_assert_int_eq(fx_order(b, BOB, "PASS", msg, sizeof msg), 0);
    ck_assert_int_eq(fx_order(b, CAROL, "PASS", msg, sizeof msg), 0);
    ck_assert_int_eq(fx_order(b, ALICE, "CHARGE K3 N", msg, sizeof msg), 0);
    ck_assert_int_eq(fx_order(b, BOB, "PASS", msg, sizeof msg), 0);
    ck_assert_int_eq(fx_order(b, CAROL, "PASS", msg, sizeof msg), 0);
    ck_assert_int_eq(fx_order(b, ALICE, "REPULSE K2", msg, sizeof msg), 0);
    ck_assert_int_eq(fx_order(b, BOB, "PASS", msg, sizeof msg), 0);
    ck_assert_int_eq(fx_order(b, CAROL, "PASS", msg, sizeof msg), 0);
    ck_assert_int_eq(fx_order(b, ALICE, "CHARGE K2 N", msg, sizeof msg), ORDER_REFUSED); /* length 0: refused */
    ck_assert_int_eq(fx_order(b, ALICE, "CHARGE K2 NW", msg, sizeof msg), -1); /* no C: failed, recorded */
    ck_assert_int_eq(fx_order(b, ALICE, "TELEPORT K2 K4", msg, sizeof msg), 0);
    ck_assert_int_eq(fx_order(b, BOB, "PASS", msg, sizeof msg), 0);
    ck_assert_int_eq(fx_order(b, CAROL, "PASS", msg, sizeof msg), 0);
    ck_assert_int_eq(fx_order(b, ALICE, "ATTRACT K4", msg, sizeof msg), 0);
    ck_assert_int_eq(fx_order(b, BOB, "PASS", msg, sizeof msg), 0);
    ck_assert_int_eq(fx_order(b, CAROL, "PASS", msg, sizeof msg), 0);
    ck_assert_int_eq(fx_order(b, ALICE, "FLARE K4", msg, sizeof msg), 0);
    Board *r = NULL;
    Err err;
    ck_assert_msg(replay_board(b, -1, &r, &err) == 0, "%s", err.msg);
    char *x = boardfile_write_core(b), *y = boardfile_write_core(r);
    ck_assert_str_eq(x, y);
    free(x);
    free(y);
    board_free(r);
}
END_TEST

Suite *actions_suite(void)
{
    Suite *s = suite_create("actions");
    TCase *tc = tcase_create("divide_transfer");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_divide_example);
    tcase_add_test(tc, test_divide_h_and_k);
    tcase_add_test(tc, test_divide_ejects_k);
    tcase_add_loop_test(tc, test_divide_fails, 0, (int)(sizeof divide_fails / sizeof divide_fails[0]));
    tcase_add_test(tc, test_divide_phased_target);
    tcase_add_test(tc, test_transfer_example);
    tcase_add_test(tc, test_transfer_out_of_view);
    tcase_add_test(tc, test_transfer_looks_empty_refused);
    tcase_add_loop_test(tc, test_transfer_fails, 0, (int)(sizeof transfer_fails / sizeof transfer_fails[0]));
    tcase_add_test(tc, test_transfer_j_and_a);
    tcase_add_test(tc, test_transfer_w_resists);
    suite_add_tcase(s, tc);
    tc = tcase_create("self");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_radiate);
    tcase_add_test(tc, test_radiate_own_w_not_shielded);
    tcase_add_test(tc, test_teleport);
    tcase_add_loop_test(tc, test_teleport_fails, 0, (int)(sizeof teleport_fails / sizeof teleport_fails[0]));
    tcase_add_test(tc, test_petrify);
    tcase_add_test(tc, test_phase);
    tcase_add_test(tc, test_convert);
    tcase_add_test(tc, test_convert_ronin_gives_p);
    tcase_add_test(tc, test_convert_ronin_w_resists);
    tcase_add_test(tc, test_convert_ronin_only_orphan_resists);
    tcase_add_test(tc, test_flare);
    tcase_add_test(tc, test_flare_without_f);
    suite_add_tcase(s, tc);
    tc = tcase_create("jumps");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_home);
    tcase_add_test(tc, test_home_different_king);
    tcase_add_test(tc, test_sanctuary);
    tcase_add_test(tc, test_sanctuary_w);
    tcase_add_loop_test(tc, test_sanctuary_fails, 0, (int)(sizeof sanctuary_fails / sizeof sanctuary_fails[0]));
    tcase_add_test(tc, test_outside_view_fail);
    tcase_add_loop_test(tc, test_own_phased_in_the_way, 0, (int)(sizeof own_phased / sizeof own_phased[0]));
    tcase_add_test(tc, test_create_i_replaces_own_phased);
    suite_add_tcase(s, tc);
    tc = tcase_create("fog_replay");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_divide_ronin_makes_orphan);
    tcase_add_test(tc, test_wave_moves_orphan);
    tcase_add_test(tc, test_fog_nothing_leaks);
    tcase_add_test(tc, test_replay_matches);
    suite_add_tcase(s, tc);
    return s;
}
