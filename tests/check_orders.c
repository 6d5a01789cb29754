/* Tests for orders: parsing and canonical form, and the MOVE/CREATE/PASS rules with orders.txt's worked examples. */
#include "fixtures.h"

#include <stdio.h>
#include <string.h>

enum { ALICE = 0, BOB = 1 };
static Board *b;

static void setup(void)
{
    b = fx_board(fx_rule_page_rows, 2, 0);
    fx_piece(b, "B5", ALICE, "K"); /* kings far away keep both players in the game */
    fx_piece(b, "O5", BOB, "K");
}

static void teardown(void)
{
    board_free(b);
}

/* ---- parsing ---- */

static const struct {
    const char *in, *canon;
} good[] = {
    {"move k3 nw-e", "MOVE K3 NW-E"},
    {"MOVE K3 Sw", "MOVE K3 SW"},
    {"  MOVE   L3  NW - W - W ", "MOVE L3 NW-W-W"},
    {"CREATE ABCDDDDDEF L3", "CREATE L3 ABCDDDDDEF"},
    {"create K2 cba", "CREATE K2 ABC"},
    {"DIVIDE K3 ABC J2", "DIVIDE K3 ABC J2"},
    {"TRANSFER L3 B J5", "TRANSFER L3 B J5"},
    {"CHARGE L2 W", "CHARGE L2 W"},
    {"CHARGE L2 W,N", "CHARGE L2 W-N"},
    {"MOVE L3 NW- W -W", "MOVE L3 NW-W-W"},
    {"CHARGE L2 W, N,", "CHARGE L2 W-N"}, /* a comma after the last step is punctuation */
    {"pass", "PASS"},
    {"HOLIDAY", "HOLIDAY"},
    {"SANCTUARY F4 L2", "SANCTUARY F4 L2"},
    {"GAMBLE 3E 4th, 3rd, 2nd, 1st", "GAMBLE 3E 4TH, 3RD, 2ND, 1ST, DON'T CARE"},
    {"GAMBLE 0E on GPC3, GPC6, then don't care", "GAMBLE 0E GPC3, GPC6, DON'T CARE"},
    {"GAMBLE 2E dont care", "GAMBLE 2E DON'T CARE"},
    /* contract 4.6: a blank separates two preferences as a comma does; none is dropped */
    {"GAMBLE 1E 2nd 1st", "GAMBLE 1E 2ND, 1ST, DON'T CARE"},
    {"GAMBLE 1E 3rd, 1st 2nd", "GAMBLE 1E 3RD, 1ST, 2ND, DON'T CARE"},
    {"GAMBLE 1E 3rd 1st 2nd", "GAMBLE 1E 3RD, 1ST, 2ND, DON'T CARE"},
    {"GAMBLE 1E on GPC2 GPC1 then don't care", "GAMBLE 1E GPC2, GPC1, DON'T CARE"},
    {"GAMBLE 1E GPC2 GPC1, dontcare", "GAMBLE 1E GPC2, GPC1, DON'T CARE"},
    {"if Ragnar's piece on G3 is still there I'll move H4 NW", "MOVE H4 NW"},
};

START_TEST(test_parse_good)
{
    Order o;
    Err err;
    ck_assert_msg(order_parse(b, good[_i].in, &o, &err) == 0, "%s: %s", good[_i].in, err.msg);
    ck_assert_str_eq(o.text, good[_i].canon);
    order_free(&o);
}
END_TEST

static const struct {
    const char *in, *msg;
} bad[] = {
    {"", "empty order"},
    {"hello there", "no order keyword (MOVE, CREATE, PASS, ...)"},
    {"MOVE K3", "MOVE needs a square and directions, e.g. MOVE K3 NW-E"},
    {"MOVE K3 UP", "'UP' is not a direction (N, NE, E, SE, S, SW, W, NW)"},
    {"MOVE Z99 N", "Z99 is off the board"},
    {"MOVE 3K N", "'3K' is not a square"},
    {"PASS now", "PASS takes nothing after it"},
    {"CREATE K2 AB1", "'AB1' is not a genetic sequence (letters A to Z)"},
    {"TRANSFER L3 BB J5", "TRANSFER moves exactly one code, e.g. TRANSFER L3 B J5"},
    {"GAMBLE 3E GPC1, 2nd", "one GAMBLE is either for positions (GPC labels) or for turn order (ordinals)"},
    {"GAMBLE lots", "GAMBLE needs a stake such as 3E, e.g. GAMBLE 0E on GPC3, GPC6, then don't care"},
    {"GAMBLE 3E foo", "'foo' is not a start label (GPC3) or an ordinal (2nd)"}, /* once read freed memory */
    {"GAMBLE 3E GPC1, GPC1", "'GPC1' is listed twice"},
    {"GAMBLE 3E GPC99", "'GPC99' is out of range"},
    /* contract 4.1: a '-' with no step on one side: an order cut off after a dash never runs as a shorter one */
    {"MOVE K3 E-", "'E-' has an empty step: steps are joined by one '-', e.g. MOVE K3 NW-E"},
    {"MOVE K3 E--W", "'E--W' has an empty step: steps are joined by one '-', e.g. MOVE K3 NW-E"},
    {"MOVE K3 -E", "'-E' has an empty step: steps are joined by one '-', e.g. MOVE K3 NW-E"},
    {"MOVE K3 E - - W", "'-' has an empty step: steps are joined by one '-', e.g. MOVE K3 NW-E"},
    {"MOVE K3 E -", "'-' has an empty step: steps are joined by one '-', e.g. MOVE K3 NW-E"},
    {"CHARGE L2 W-,N", "'W-,N' has an empty step: steps are joined by one '-', e.g. MOVE K3 NW-E"},
    {"GAMBLE 1E 2nd 2nd", "'2nd' is listed twice"},
    {"GAMBLE 1E GPC2 1st", "one GAMBLE is either for positions (GPC labels) or for turn order (ordinals)"},
    {"GAMBLE 1E 2nd don't care 1st", "nothing may follow \"don't care\""},
    {"GAMBLE 1E 2nd 1st GPC", "'GPC' is not a start label (GPC3) or an ordinal (2nd)"},
};

START_TEST(test_parse_bad)
{
    Order o;
    Err err;
    ck_assert_int_eq(order_parse(b, bad[_i].in, &o, &err), -1);
    ck_assert_str_eq(err.msg, bad[_i].msg);
}
END_TEST

START_TEST(test_parse_list_and_notice)
{
    OrderList l;
    Err err;
    ck_assert_int_eq(order_parse_list(b, "MOVE E7 S / MOVE E5 S / * MOVE D5 W-W-W / HOLIDAY", &l, &err), -1);
    ck_assert_str_eq(err.msg, "order 1: E7 is off the board");
    ck_assert_int_eq(order_parse_list(b, "MOVE E4 S / MOVE E5 N / *MOVE D5 W-W-W / HOLIDAY", &l, &err), 0);
    ck_assert_int_eq(l.n, 4);
    ck_assert(!l.v[0].star && l.v[2].star);
    ck_assert_str_eq(l.v[2].text, "MOVE D5 W-W-W");
    order_list_free(&l);
    ck_assert_int_eq(order_parse_list(b, "if Ragnar's piece on G3 is still there I'll move H4 NW", &l, &err), 0);
    ck_assert_int_eq(l.notices.n, 1);
    ck_assert_str_eq(l.notices.v[0], "Ignored words before MOVE: \"if Ragnar's piece on G3 is still there I'll\"");
    order_list_free(&l);
}
END_TEST

/* ---- orders as the rule pages write them (contract 4.1) ---- */

/* A board with room for the pages' squares (N10): columns A..P, rows 1..12; row 1 and 12 exterior walls. */
static const char *const tall[] = {
    "################", "#..............#", "#..............#", "#..............#", "#..............#",
    "#..............#", "#..............#", "#..............#", "#..............#", "#..............#",
    "#..............#", "################", NULL,
};

static void setup_tall(void)
{
    b = fx_board(tall, 2, 0);
    fx_piece(b, "B11", ALICE, "K");
    fx_piece(b, "O11", BOB, "K");
}

/* Parses text as a message (order_parse_list) that must give exactly one order, canon, and one notice (NULL:
 * none). */
static void parses_to(const char *text, const char *canon, bool star, const char *notice)
{
    OrderList l;
    Err err;
    ck_assert_msg(order_parse_list(b, text, &l, &err) == 0, "%s: %s", text, err.msg);
    ck_assert_int_eq(l.n, 1);
    ck_assert_str_eq(l.v[0].text, canon);
    ck_assert_int_eq(l.v[0].star, star);
    ck_assert_int_eq(l.notices.n, notice ? 1 : 0);
    if (notice)
        ck_assert_str_eq(l.notices.v[0], notice);
    order_list_free(&l);
}

/* orders.txt: "no conditional orders what so ever will be accepted. Anyone trying to slip in an order such as
 * "if Ragnar's piece on G3 is still there I'll move H4 NW" will simply find the order "MOVE H4 NW" stored for
 * them." A condition may hold order words itself: the order is read from the first keyword from which the rest
 * is a valid order. */
static const struct {
    const char *in, *dropped;
} conditions[] = {
    {"if Ragnar's piece on G3 is still there I'll move H4 NW", "if Ragnar's piece on G3 is still there I'll"},
    {"if alice's King does not move I'll move N10 W", "if alice's King does not move I'll"},
    {"if bob does not pass I'll move N10 W", "if bob does not pass I'll"},
    {"if bob takes a holiday I'll move N10 W", "if bob takes a holiday I'll"},
    {"if bob's piece does not charge I'll move N10 W", "if bob's piece does not charge I'll"},
    {"if his piece can move K3 NW then MOVE N10 W", "if his piece can move K3 NW then"},
    {"if bob's K3 charge MOVE N10 W", "if bob's K3 charge"}, /* "charge MOVE": MOVE is no square */
    /* however long, the notice quotes every dropped word */
    {"if Ragnar's piece on G3 is still there, alice's King has not moved and bob did not pass or take a holiday "
     "since my last turn I'll move N10 W",
     "if Ragnar's piece on G3 is still there, alice's King has not moved and bob did not pass or take a holiday "
     "since my last turn I'll"},
};

START_TEST(test_condition_dropped)
{
    char notice[256];
    const char *canon = strstr(conditions[_i].in, "H4") ? "MOVE H4 NW" : "MOVE N10 W";
    snprintf(notice, sizeof notice, "Ignored words before MOVE: \"%s\"", conditions[_i].dropped);
    parses_to(conditions[_i].in, canon, false, notice);
}
END_TEST

/* orders.txt: "To mark a stored move to be processed immediately when it is your turn you simply start it with
 * a "*". For example "*MOVE A6 W"." After a dropped condition the order starts at its keyword. */
START_TEST(test_star_after_condition)
{
    parses_to("if nothing changes *MOVE N10 W", "MOVE N10 W", true, "Ignored words before MOVE: \"if nothing changes\"");
    parses_to("if nothing changes * MOVE N10 W", "MOVE N10 W", true,
              "Ignored words before MOVE: \"if nothing changes\"");
    parses_to("*if nothing changes MOVE N10 W", "MOVE N10 W", true, "Ignored words before MOVE: \"if nothing changes\"");
    parses_to("*MOVE A6 W", "MOVE A6 W", true, NULL);
    /* a star belongs to the keyword it stands on: here the one passed over */
    parses_to("if *move I'll move N10 W", "MOVE N10 W", false, "Ignored words before MOVE: \"if *move I'll\"");
    OrderList l;
    Err err;
    ck_assert_int_eq(order_parse_list(b, "MOVE E4 S / if nothing changes *MOVE N10 W / HOLIDAY", &l, &err), 0);
    ck_assert_int_eq(l.n, 3);
    ck_assert(!l.v[0].star && l.v[1].star && !l.v[2].star);
    ck_assert_str_eq(l.v[1].text, "MOVE N10 W");
    ck_assert_int_eq(l.notices.n, 1);
    ck_assert_str_eq(l.notices.v[0], "Ignored words before MOVE: \"if nothing changes\"");
    order_list_free(&l);
}
END_TEST

/* pieces.txt, Z: "If a piece has move than 1 Z code it can perform multiple charges in one turn, e.g. CHARGE E,
 * CHARGE N, CHARGE W if it had 3 Z codes." The keyword may stand again before each step after the first. */
START_TEST(test_keyword_repeated)
{
    parses_to("CHARGE L5 E, CHARGE N, CHARGE W", "CHARGE L5 E-N-W", false, NULL);
    parses_to("CHARGE L5 E, N, W", "CHARGE L5 E-N-W", false, NULL);
    parses_to("charge l5 e charge n charge w", "CHARGE L5 E-N-W", false, NULL);
    parses_to("*CHARGE L5 E, CHARGE N, CHARGE W", "CHARGE L5 E-N-W", true, NULL);
    parses_to("if the way is clear CHARGE L5 E, CHARGE N, CHARGE W", "CHARGE L5 E-N-W", false,
              "Ignored words before CHARGE: \"if the way is clear\"");
    /* MOVE is written like CHARGE (directions joined by '-' or ','), so it takes the same form */
    parses_to("MOVE L3 NW, MOVE W, MOVE W", "MOVE L3 NW-W-W", false, NULL);
    /* the page's example names no square; every piece order names its piece's square first */
    Order o;
    Err err;
    ck_assert_int_eq(order_parse(b, "CHARGE E, CHARGE N, CHARGE W", &o, &err), -1);
    ck_assert_str_eq(err.msg, "CHARGE needs the square of the acting piece before its directions, e.g. CHARGE L2 W");
}
END_TEST

/* The page's three charges run: L5 east to O5 (P5 is the wall), north to O2, west to B2. */
START_TEST(test_keyword_repeated_runs)
{
    char msg[256];
    fx_piece(b, "L5", ALICE, "AZZZ");
    ck_assert_int_eq(fx_order(b, ALICE, "CHARGE L5 E, CHARGE N, CHARGE W", msg, sizeof msg), 0);
    ck_assert_str_eq(fx_seq(b, "B2"), "AZZZ");
    ck_assert_str_eq(fx_seq(b, "L5"), "");
    ck_assert_str_eq(b->moves.v[0], "1a alice CHARGE L5 E-N-W");
    b->seat = 0;
    fx_piece(b, "E8", ALICE, "ABC");
    ck_assert_int_eq(fx_order(b, ALICE, "if alice's King does not move I'll move E8 NE, MOVE E", msg, sizeof msg), 0);
    ck_assert_str_eq(fx_seq(b, "G7"), "ABC");
    ck_assert_str_eq(b->moves.v[1], "1a alice MOVE E8 NE-E");
}
END_TEST

/* A condition or an alternative after the order is dropped too, and the reply quotes it (ruling 54): the order
 * read is the one the writer meant, as a referee by hand would read it ("I'll move H4 NW, otherwise PASS" is
 * MOVE H4 NW, not the PASS after "otherwise"). A bare PASS or HOLIDAY before such a word is a condition's word. */
static void parses_with_tail(const char *text, const char *canon, bool star, const char *before, const char *after)
{
    OrderList l;
    Err err;
    char want[300];
    ck_assert_msg(order_parse_list(b, text, &l, &err) == 0, "%s: %s", text, err.msg);
    ck_assert_int_eq(l.n, 1);
    ck_assert_str_eq(l.v[0].text, canon);
    ck_assert_int_eq(l.v[0].star, star);
    ck_assert_int_eq(l.notices.n, (before != NULL) + 1);
    if (before) {
        snprintf(want, sizeof want, "Ignored words before %.*s: \"%s\"", (int)strcspn(canon, " "), canon, before);
        ck_assert_str_eq(l.notices.v[0], want);
    }
    snprintf(want, sizeof want, "Ignored words after %s: \"%s\"", canon, after);
    ck_assert_str_eq(l.notices.v[l.notices.n - 1], want);
    order_list_free(&l);
}

START_TEST(test_condition_after_dropped)
{
    parses_with_tail("if Ragnar's piece on G3 is still there I'll move H4 NW, otherwise PASS", "MOVE H4 NW", false,
                     "if Ragnar's piece on G3 is still there I'll", "otherwise PASS");
    parses_with_tail("MOVE N10 W if Ragnar's piece on G3 is still there", "MOVE N10 W", false, NULL,
                     "if Ragnar's piece on G3 is still there");
    parses_with_tail("*MOVE N10 W unless bob moves", "MOVE N10 W", true, NULL, "unless bob moves");
    parses_with_tail("MOVE N10 W; else PASS", "MOVE N10 W", false, NULL, "else PASS");
    parses_with_tail("move N10 W or MOVE N10 S", "MOVE N10 W", false, NULL, "or MOVE N10 S");
    parses_with_tail("if bob does not pass when I expect I'll MOVE N10 W if I can", "MOVE N10 W", false,
                     "if bob does not pass when I expect I'll", "if I can");
    /* a whole valid order is read as before, and the page's own example still is */
    parses_to("if bob does not pass when I expect I'll MOVE N10 W", "MOVE N10 W", false,
              "Ignored words before MOVE: \"if bob does not pass when I expect I'll\"");
    parses_to("CHARGE L5 E, CHARGE N, CHARGE W", "CHARGE L5 E-N-W", false, NULL);
}
END_TEST

/* What stays refused, and which reason is given when several keywords are in the text and none starts a valid
 * order: that of the try that read the most, the later of equals (the pages put the condition first). */
static const struct {
    const char *in, *msg;
} still_bad[] = {
    /* a text that opens with a keyword is that order: nothing in front of it to drop */
    {"MOVE K3 PASS", "'PASS' is not a direction (N, NE, E, SE, S, SW, W, NW)"},
    {"HOLIDAY PASS", "HOLIDAY takes nothing after it"},
    {"PASS if bob moves MOVE N10 W", "PASS takes nothing after it"},
    {"PASS if nothing changes", "PASS takes nothing after it"}, /* a bare order word before a condition word */
    {"MOVE N10 Q if bob moves", "'Q' is not a direction (N, NE, E, SE, S, SW, W, NW)"},
    {"move if nothing changes MOVE N10 W", "'if' is not a square"},
    /* none parses: the furthest try speaks */
    {"if alice's King does not move I'll move N10 Q", "'Q' is not a direction (N, NE, E, SE, S, SW, W, NW)"},
    {"I'll move N10 Q if alice does not move", "'Q' is not a direction (N, NE, E, SE, S, SW, W, NW)"},
    {"if bob does not move I'll MOVE", "MOVE needs a square and directions, e.g. MOVE K3 NW-E"},
    {"if bob does not pass I'll pass now", "PASS takes nothing after it"},
    {"if the way is clear CHARGE L5 E, CHARGE N, CHARGE Q", "'Q' is not a direction (N, NE, E, SE, S, SW, W, NW)"},
    /* the keyword again: only before a step after the first, only the order's own, never with a square */
    {"CHARGE L5 E, CHARGE", "CHARGE written again needs a direction after it, e.g. CHARGE L2 E, CHARGE N"},
    {"CHARGE L5 CHARGE E", "'CHARGE' is not a direction (N, NE, E, SE, S, SW, W, NW)"},
    {"CHARGE L5 E, CHARGE CHARGE N", "'CHARGE' is not a direction (N, NE, E, SE, S, SW, W, NW)"},
    {"CHARGE L5 E, MOVE N", "'MOVE' is not a direction (N, NE, E, SE, S, SW, W, NW)"},
    {"MOVE L2 W, MOVE K2 W", "'K2' is not a direction (N, NE, E, SE, S, SW, W, NW)"},
    {"CHARGE L5 E, *CHARGE N", "'*CHARGE' is not a direction (N, NE, E, SE, S, SW, W, NW)"},
    /* a GAMBLE holds no order word */
    {"GAMBLE 3E GPC1 PASS", "'PASS' is not a start label (GPC3) or an ordinal (2nd)"},
    {"no order here at all", "no order keyword (MOVE, CREATE, PASS, ...)"},
};

START_TEST(test_still_refused)
{
    OrderList l;
    Err err;
    ck_assert_int_eq(order_parse_list(b, still_bad[_i].in, &l, &err), -1);
    ck_assert_str_eq(err.msg, still_bad[_i].msg);
    ck_assert_int_eq(l.n, 0);
    ck_assert_int_eq(l.notices.n, 0);
}
END_TEST

/* Repeats unit n times into buf after head (at most ORDER_TEXT_MAX characters in all); returns its words. */
static int fill(char *buf, const char *head, const char *unit, const char *tail)
{
    size_t len = (size_t)snprintf(buf, ORDER_TEXT_MAX + 1, "%s", head);
    while (len + strlen(unit) + strlen(tail) <= ORDER_TEXT_MAX)
        len += (size_t)snprintf(buf + len, ORDER_TEXT_MAX + 1 - len, "%s", unit);
    snprintf(buf + len, ORDER_TEXT_MAX + 1 - len, "%s", tail);
    StrList w = {0};
    int n = str_split_words(buf, &w);
    sl_free(&w);
    return n;
}

/* 4,000 characters of order words: the search for the keyword to read from stays linear. Every word is read
 * by the scan for keywords, and by the tries at most twice more in all (a try stops at its first mistake; a
 * try from inside an earlier try's reading fails at its first word). Counted in words read, not time. */
static const struct {
    const char *head, *unit, *tail;
    int rc;
} floods[] = {
    {"if ", "move ", "", -1},
    {"if ", "MOVE B2 ", "", -1},
    {"if ", "MOVE B2 N ", "Q", -1},
    {"if ", "MOVE B2 N ", "", 0}, /* the last one is read */
    {"if ", "CHARGE B2 N, CHARGE N, ", "Q", -1},
    {"if ", "GAMBLE 3E ", "Q", -1},
    {"if ", "GAMBLE 3E GPC1, ", "Q", -1},
    {"if ", "*GAMBLE 3E ", "Q", -1},
    {"if ", "GAMBLE 3E GPC1, ", "", 0},
    {"if ", "pass ", "", 0},
    {"if x MOVE B2 N", ", MOVE N", "", 0},
    {"if x MOVE B2 N", ", MOVE N", " Q", -1},
    {"if ", "x ", "MOVE B2 N", 0},
    /* condition words after keywords: a few tries each, each stopping at its first mistake */
    {"if ", "move or ", "", -1},
    {"if ", "move if ", "", -1},
    {"if ", "move or ", "MOVE B2 N if x", 0},
    {"if ", "MOVE B2 Q if ", "", -1},
    {"if ", "MOVE B2 Q, MOVE N or ", "MOVE B2 N or Q", 0},
};

START_TEST(test_search_linear)
{
    static char text[ORDER_TEXT_MAX + 1];
    int words = fill(text, floods[_i].head, floods[_i].unit, floods[_i].tail);
    ck_assert_int_ge((int)strlen(text), ORDER_TEXT_MAX - 30);
    OrderList l;
    Err err;
    ck_assert_int_eq(order_parse_list(b, text, &l, &err), floods[_i].rc);
    ck_assert_msg(l.reads <= 3 * (size_t)words, "%zu words read for %d words", l.reads, words);
    ck_assert_uint_ge(l.reads, (size_t)words);
    order_list_free(&l);
}
END_TEST

/* ---- MOVE: orders.txt examples ---- */

static int run(const char *text, char *msg)
{
    return fx_order(b, ALICE, text, msg, 256);
}

START_TEST(test_move_a_and_c)
{
    char msg[256];
    fx_piece(b, "L2", ALICE, "A");
    fx_piece(b, "J3", ALICE, "AC");
    ck_assert_int_eq(run("MOVE L2 W", msg), 0);
    ck_assert_str_eq(fx_seq(b, "K2"), "A");
    ck_assert_str_eq(fx_seq(b, "L2"), "");
    ck_assert_int_eq(run("MOVE J3 NW", msg), 0);
    ck_assert_str_eq(fx_seq(b, "I2"), "AC");
    ck_assert_int_eq(run("MOVE K2 NE", msg), -1);
    ck_assert_str_eq(msg, "the piece on K2 has no C: it cannot move NE");
    ck_assert_int_eq(run("MOVE K2 N", msg), -1);
    ck_assert_str_eq(msg, "K1 is an exterior wall");
}
END_TEST

START_TEST(test_move_b)
{
    char msg[256];
    fx_piece(b, "L2", ALICE, "AB");
    fx_piece(b, "K3", ALICE, "ABC");
    fx_piece(b, "L3", ALICE, "ABBC");
    fx_piece(b, "J3", ALICE, "A");
    /* MOVE L3 W-W-S fails: green's own pieces are in the way on K3 and J3 */
    ck_assert_int_eq(run("MOVE L3 W-W-S", msg), -1);
    ck_assert_str_eq(msg, "K3 is occupied");
    ck_assert_int_eq(b->moves.n, 1);
    ck_assert_str_eq(b->moves.v[0], "1a alice MOVE L3 W-W-S (Failed)");
    /* MOVE K3 N fails: one B means exactly 2 squares */
    ck_assert_int_eq(run("MOVE K3 N", msg), -1);
    ck_assert_str_eq(msg, "the piece on K3 must move exactly 2 squares");
    ck_assert_int_eq(run("MOVE K3 NW-E", msg), 0);
    ck_assert_str_eq(fx_seq(b, "K2"), "ABC");
    ck_assert_str_eq(fx_seq(b, "K3"), "");
}
END_TEST

START_TEST(test_move_b_double_back_and_three)
{
    char msg[256];
    fx_piece(b, "L3", ALICE, "ABBC");
    ck_assert_int_eq(run("MOVE L3 NW-W-W", msg), 0);
    ck_assert_str_eq(fx_seq(b, "I2"), "ABBC");
    b->seat = 0;
    fx_piece(b, "L2", ALICE, "AB");
    ck_assert_int_eq(run("MOVE L2 E-W", msg), 0); /* doubling back ends where it started */
    ck_assert_str_eq(fx_seq(b, "L2"), "AB");
}
END_TEST

START_TEST(test_move_captures)
{
    char msg[256];
    fx_piece(b, "J2", BOB, "ABC");
    fx_piece(b, "J4", BOB, "ABE");
    fx_piece(b, "J3", ALICE, "A");
    fx_piece(b, "K3", ALICE, "ABC");
    ck_assert_int_eq(run("MOVE J3 S", msg), 0);
    ck_assert_str_eq(fx_seq(b, "J4"), "A");
    ck_assert_int_eq(fx_owner(b, "J4"), ALICE);
    b->seat = 0;
    ck_assert_int_eq(run("MOVE K3 SW", msg), -1);
    ck_assert_str_eq(msg, "the piece on K3 must move exactly 2 squares");
    ck_assert_int_eq(run("MOVE K3 N-W", msg), 0);
    ck_assert_int_eq(fx_owner(b, "J2"), ALICE);
    ck_assert_str_eq(fx_seq(b, "J2"), "ABC");
    ck_assert_int_eq(b->pl[ALICE].e, 0); /* no G: nothing gained */
}
END_TEST

START_TEST(test_move_e_jumps)
{
    char msg[256];
    fx_piece(b, "L3", ALICE, "ABBCE");
    fx_piece(b, "K3", ALICE, "AB");
    fx_piece(b, "J3", ALICE, "A");
    fx_piece(b, "J2", BOB, "ABC");
    /* W-W-E fails: may not finish on its own piece on K3 */
    ck_assert_int_eq(run("MOVE L3 W-W-E", msg), -1);
    ck_assert_str_eq(msg, "K3 holds your own piece (only a piece with I may take it)");
    ck_assert_int_eq(run("MOVE L3 W-W-N", msg), 0);
    ck_assert_int_eq(fx_owner(b, "J2"), ALICE);
    ck_assert_str_eq(fx_seq(b, "J2"), "ABBCE");
    ck_assert_str_eq(fx_seq(b, "K3"), "AB"); /* jumped pieces are not taken */
}
END_TEST

START_TEST(test_move_e_jumps_diagonal)
{
    char msg[256];
    fx_piece(b, "L3", ALICE, "ABBCE");
    fx_piece(b, "K3", ALICE, "AB");
    fx_piece(b, "J3", ALICE, "A");
    ck_assert_int_eq(run("MOVE L3 NW-SW-S", msg), 0); /* K2, over J3, to J4 */
    ck_assert_str_eq(fx_seq(b, "J4"), "ABBCE");
    ck_assert_str_eq(fx_seq(b, "J3"), "A");
}
END_TEST

START_TEST(test_move_g_digests)
{
    char msg[256];
    fx_piece(b, "K3", ALICE, "ABCG");
    fx_piece(b, "J2", BOB, "ABC");
    fx_piece(b, "J4", BOB, "ABE");
    ck_assert_int_eq(run("MOVE K3 W-N", msg), 0); /* gains (1+2+2)+(1*2*2) = 9E */
    ck_assert_int_eq(b->pl[ALICE].e, 9);
    b->seat = 0;
    ck_assert_int_eq(run("MOVE J2 S-S", msg), 0); /* ABE: (1+2+3)+(1*2*3) = 12E */
    ck_assert_int_eq(b->pl[ALICE].e, 21);
    ck_assert_str_eq(b->pl[ALICE].ebook.v[0].text, "+9 digest (G)");
}
END_TEST

START_TEST(test_move_g_takes_king_and_e)
{
    char msg[256];
    board_remove_piece(b, fx_sq(b, "O5"));
    fx_piece(b, "K2", BOB, "K");
    fx_piece(b, "K3", ALICE, "AG");
    b->pl[BOB].e = 30;
    ck_assert_int_eq(run("MOVE K3 N", msg), 0);
    ck_assert_int_eq(b->pl[ALICE].e, 31); /* K costs 1, plus all of bob's 30E */
    ck_assert_int_eq(b->pl[BOB].e, 0);
    ck_assert_int_eq(b->pl[BOB].status, PS_ELIMINATED);
    ck_assert_int_eq(b->pl[ALICE].kills, 1);
    ck_assert_int_eq(b->phase, PHASE_ENDED);
    ck_assert_int_eq(game_score(b, ALICE), 11);
    ck_assert_int_eq(game_score(b, BOB), 0);
    ck_assert_str_eq(b->result, "won by alice (11)");
}
END_TEST

START_TEST(test_move_g_takes_ronin_king_e)
{
    char msg[256];
    /* carol is out; her ronin King (P) still holds E: digesting it takes all of it, but scores nothing */
    board_free(b);
    static const char *const r3[] = {"########", "#......#", "#......#", "########", NULL};
    b = fx_board(r3, 3, 0);
    fx_piece(b, "B2", ALICE, "K");
    fx_piece(b, "G3", BOB, "K");
    fx_piece(b, "D2", ALICE, "AG");
    fx_piece(b, "E2", 2, "KP");
    b->pl[2].status = PS_ELIMINATED;
    b->pl[2].out_seq = 1;
    b->pl[2].e = 17;
    ck_assert_int_eq(run("MOVE D2 E", msg), 0);
    ck_assert_int_eq(b->pl[ALICE].e, 4 + 17); /* KP costs (0+2)+(1*2) = 4, plus all of carol's 17E */
    ck_assert_int_eq(b->pl[2].e, 0);
    ck_assert_int_eq(b->pl[ALICE].kills, 0);
    ck_assert_int_eq(b->pl[2].status, PS_ELIMINATED);
}
END_TEST

START_TEST(test_move_i_cannibalise)
{
    char msg[256];
    fx_piece(b, "L2", ALICE, "ABI");
    fx_piece(b, "K3", ALICE, "AB");
    ck_assert_int_eq(run("MOVE K3 N-E", msg), -1);
    ck_assert_str_eq(msg, "L2 holds your own piece (only a piece with I may take it)");
    ck_assert_int_eq(run("MOVE L2 W-S", msg), 0);
    ck_assert_str_eq(fx_seq(b, "K3"), "ABI");
    ck_assert_int_eq(b->npc, 3);
}
END_TEST

START_TEST(test_move_l_subsumes)
{
    char msg[256];
    fx_piece(b, "K3", ALICE, "ABBCIL");
    fx_piece(b, "J2", BOB, "ABC");
    fx_piece(b, "J4", BOB, "ABE");
    fx_piece(b, "L3", ALICE, "A");
    fx_piece(b, "L2", ALICE, "K");
    ck_assert_int_eq(run("MOVE K3 W-NE-E", msg), -1); /* never your own King */
    ck_assert_str_eq(msg, "you can never take your own King on L2");
    ck_assert_int_eq(run("MOVE K3 N-SW-N", msg), 0); /* already has A, B, C */
    ck_assert_str_eq(fx_seq(b, "J2"), "ABBCIL");
    b->seat = 0;
    ck_assert_int_eq(run("MOVE J2 S-E-SW", msg), 0);
    ck_assert_str_eq(fx_seq(b, "J4"), "ABBCEIL"); /* gains E */
    b->seat = 0;
    ck_assert_int_eq(run("MOVE J4 N-E-E", msg), 0); /* own piece: L adds nothing */
    ck_assert_str_eq(fx_seq(b, "L3"), "ABBCEIL");
}
END_TEST

START_TEST(test_move_o_mines)
{
    char msg[256];
    b->ter[fx_sq(b, "I3")] = TER_IWALL;
    b->ter[fx_sq(b, "K4")] = TER_IWALL;
    fx_piece(b, "K3", ALICE, "ABBCDO"); /* D: the rule page's piece sees J1 */
    ck_assert_int_eq(run("MOVE K3 S-NW-W", msg), -1);
    ck_assert_str_eq(msg, "K4 is an interior wall");
    ck_assert_int_eq(run("MOVE K3 W-N-N", msg), -1);
    ck_assert_str_eq(msg, "J1 is an exterior wall");
    ck_assert_int_eq(run("MOVE K3 NW-W-S", msg), 0);
    ck_assert_int_eq(b->ter[fx_sq(b, "I3")], TER_FLOOR);
    ck_assert_str_eq(fx_seq(b, "I3"), "ABBCDO");
}
END_TEST

START_TEST(test_move_fail_outside_view)
{
    char msg[256];
    fx_piece(b, "K3", ALICE, "AB");
    fx_piece(b, "M3", BOB, "A");
    b->ter[fx_sq(b, "L3")] = TER_FLOOR;
    fx_piece(b, "L3", BOB, "A");
    board_remove_piece(b, fx_sq(b, "L3"));
    b->ter[fx_sq(b, "L3")] = TER_IWALL;
    ck_assert_int_eq(run("MOVE K3 E-E", msg), -1);
    ck_assert_str_eq(msg, "L3 is an interior wall");
    b->ter[fx_sq(b, "L3")] = TER_FLOOR;
    b->ter[fx_sq(b, "M3")] = TER_FLOOR;
    board_remove_piece(b, fx_sq(b, "M3"));
    fx_piece(b, "N3", BOB, "A");
    fx_piece(b, "M3", BOB, "A");
    b->ter[fx_sq(b, "N3")] = TER_FLOOR;
    /* K3 sees J..L; the move to M3 ends outside the view: M3 holds bob's piece, a capture, fine.
       A longer piece blocked outside its view learns only the square. */
    board_remove_piece(b, fx_sq(b, "K3"));
    fx_piece(b, "K3", ALICE, "ABB");
    ck_assert_int_eq(run("MOVE K3 E-E-E", msg), -1);
    ck_assert_str_eq(msg, "blocked at M3 (outside your view)");
}
END_TEST

START_TEST(test_move_phased_enemy)
{
    char msg[256];
    fx_piece(b, "K3", ALICE, "AB");
    fx_piece(b, "L3", BOB, "Ar");
    ck_assert_int_eq(run("MOVE K3 E-E", msg), -1); /* bumps and reveals */
    ck_assert_str_eq(msg, "L3: a phased piece was in the way");
    ck_assert_str_eq(fx_seq(b, "L3"), "A");
    ck_assert_msg(strstr(fx_news(b, BOB), "Your phased piece on L3 was revealed (it was bumped into)."), "%s",
                  fx_news(b, BOB));
}
END_TEST

/* Ruling 60: one rule for a phased piece met — any other piece that passes over it or runs into it reveals it,
 * its owner's own included (the Orders page: "until it takes another action or is bumped into by another
 * piece"), as a wave, a charge or a blast does: alice's own E piece jumping her phased piece reveals it, and so
 * do her own piece's step into it and a final step onto it that she may not take. */
START_TEST(test_move_own_phased_revealed)
{
    char msg[256];
    fx_piece(b, "K3", ALICE, "ABE");
    fx_piece(b, "L3", ALICE, "Ar");
    fx_piece(b, "K4", BOB, "ADD");   /* bob sees L3 */
    ck_assert_int_eq(run("MOVE K3 E-E", msg), 0); /* jumps L3 to M3 */
    ck_assert_str_eq(fx_seq(b, "M3"), "ABE");
    ck_assert_str_eq(fx_seq(b, "L3"), "A");
    ck_assert_msg(strstr(fx_news(b, ALICE), "Your phased piece on L3 was revealed (it was jumped over)."), "%s",
                  fx_news(b, ALICE));
    ck_assert_msg(strstr(fx_news(b, BOB), "alice's phased piece appeared on L3."), "%s", fx_news(b, BOB));
    /* a step into it, and a final step onto it without I: the order fails, the piece is revealed */
    fx_piece(b, "K2", ALICE, "AB");
    fx_piece(b, "L2", ALICE, "Ar");
    ck_assert_int_eq(run("MOVE K2 E-E", msg), -1);
    ck_assert_str_eq(msg, "L2: a phased piece was in the way");
    ck_assert_str_eq(fx_seq(b, "L2"), "A");
    board_remove_piece(b, fx_sq(b, "K2"));
    fx_piece(b, "K2", ALICE, "A");
    fx_seq(b, "L2");
    board_piece_at(b, fx_sq(b, "L2"))->g.phased = true;
    ck_assert_int_eq(run("MOVE K2 E", msg), -1);
    ck_assert_str_eq(msg, "L2 holds your own piece (only a piece with I may take it)");
    ck_assert_str_eq(fx_seq(b, "L2"), "A");
}
END_TEST

START_TEST(test_move_captures_phased_quietly)
{
    char msg[256];
    fx_piece(b, "K3", ALICE, "AG");
    fx_piece(b, "L3", BOB, "ABr");
    ck_assert_int_eq(run("MOVE K3 E", msg), 0);
    ck_assert_int_eq(b->pl[ALICE].e, 5);
    const char *an = fx_news(b, ALICE);
    ck_assert_msg(!strstr(an, "captured") && !strstr(an, "phased"), "%s", an);
    ck_assert_msg(strstr(fx_news(b, BOB), "Your phased piece AB on L3 was captured."), "%s", fx_news(b, BOB));
}
END_TEST


/* Every worked example of orders.txt's MOVE section, on the page's board: row 1 an exterior wall
 * (J1), interior walls on I3 and K4; alice ("a") is green. pieces: "SQ OWNER SEQ ...". */
static const struct {
    const char *pieces, *order;
    int rc;
    const char *sq, *seq; /* the piece on sq afterwards ("" = empty); for failures the mover's square */
    int64_t e;            /* alice's E afterwards */
    const char *msg;      /* failure reason */
} examples[] = {
    {"L2 a A", "MOVE L2 W", 0, "K2", "A", 0, NULL},
    {"J3 a A", "MOVE J3 N", 0, "J2", "A", 0, NULL},
    {"J3 a AC", "MOVE J3 NW", 0, "I2", "AC", 0, NULL},
    {"J3 a AC", "MOVE J3 NE", 0, "K2", "AC", 0, NULL},
    {"J3 a AC", "MOVE J3 N", 0, "J2", "AC", 0, NULL},
    {"L2 a AB", "MOVE L2 W-W", 0, "J2", "AB", 0, NULL},
    {"K3 a ABC", "MOVE K3 NW-E", 0, "K2", "ABC", 0, NULL},
    {"L3 a ABBC", "MOVE L3 NW-W-W", 0, "I2", "ABBC", 0, NULL},
    {"L3 a ABBC K3 a ABC J3 a A", "MOVE L3 W-W-S", -1, "L3", "ABBC", 0, "K3 is occupied"},
    {"K3 a ABC", "MOVE K3 N", -1, "K3", "ABC", 0, "the piece on K3 must move exactly 2 squares"},
    /* taking pieces */
    {"J3 a A J4 b ABE", "MOVE J3 S", 0, "J4", "A", 0, NULL},
    {"L2 a AB J2 b ABC", "MOVE L2 W-W", 0, "J2", "AB", 0, NULL},
    {"K3 a ABC J2 b ABC", "MOVE K3 N-W", 0, "J2", "ABC", 0, NULL},
    {"K3 a ABC", "MOVE K3 SW", -1, "K3", "ABC", 0, "the piece on K3 must move exactly 2 squares"},
    /* E */
    {"L3 a ABBCE K3 a ABC J3 a A J2 b ABC", "MOVE L3 W-W-N", 0, "J2", "ABBCE", 0, NULL},
    {"L3 a ABBCE K3 a ABC J3 a A", "MOVE L3 NW-SW-S", 0, "J4", "ABBCE", 0, NULL},
    {"L3 a ABBCE K3 a ABC J3 a A", "MOVE L3 W-W-E", -1, "L3", "ABBCE", 0,
     "K3 holds your own piece (only a piece with I may take it)"},
    /* G: (1+2+2)+(1*2*2) = 9E and (1+2+3)+(1*2*3) = 12E; without G nothing */
    {"K3 a ABCG J2 b ABC", "MOVE K3 W-N", 0, "J2", "ABCG", 9, NULL},
    {"K3 a ABCG J4 b ABE", "MOVE K3 W-S", 0, "J4", "ABCG", 12, NULL},
    {"L2 a AB J2 b ABC", "MOVE L2 W-W", 0, "J2", "AB", 0, NULL},
    /* I */
    {"L2 a ABI K3 a ABC", "MOVE L2 W-S", 0, "K3", "ABI", 0, NULL},
    {"K3 a ABC L2 a A", "MOVE K3 N-E", -1, "K3", "ABC", 0, "L2 holds your own piece (only a piece with I may take it)"},
    /* L */
    {"K3 a ABBCIL J2 b ABC", "MOVE K3 N-SW-N", 0, "J2", "ABBCIL", 0, NULL},
    {"K3 a ABBCIL J4 b ABE", "MOVE K3 N-SW-S", 0, "J4", "ABBCEIL", 0, NULL},
    {"K3 a ABBCIL L3 a A", "MOVE K3 W-NE-SE", 0, "L3", "ABBCIL", 0, NULL},
    {"K3 a ABBCIL L2 a K", "MOVE K3 W-NE-E", -1, "K3", "ABBCIL", 0, "you can never take your own King on L2"},
    /* O (a D lets the piece see J1, as on the page) */
    {"K3 a ABBCDO", "MOVE K3 NW-W-S", 0, "I3", "ABBCDO", 0, NULL},
    {"K3 a ABBCDO", "MOVE K3 S-NW-W", -1, "K3", "ABBCDO", 0, "K4 is an interior wall"},
    {"K3 a ABBCDO", "MOVE K3 W-N-N", -1, "K3", "ABBCDO", 0, "J1 is an exterior wall"},
};

START_TEST(test_rule_examples)
{
    char msg[256] = "";
    b->ter[fx_sq(b, "I3")] = TER_IWALL;
    b->ter[fx_sq(b, "K4")] = TER_IWALL;
    StrList w = {0};
    int n = str_split_words(examples[_i].pieces, &w);
    for (int k = 0; k + 2 < n; k += 3)
        fx_piece(b, w.v[k], w.v[k + 1][0] == 'a' ? ALICE : BOB, w.v[k + 2]);
    sl_free(&w);
    ck_assert_int_eq(run(examples[_i].order, msg), examples[_i].rc);
    ck_assert_str_eq(fx_seq(b, examples[_i].sq), examples[_i].seq);
    ck_assert_int_eq(fx_owner(b, examples[_i].sq), ALICE);
    ck_assert_int_eq(b->pl[ALICE].e, examples[_i].e);
    if (examples[_i].msg)
        ck_assert_str_eq(msg, examples[_i].msg);
    if (examples[_i].rc == 0 && strcmp(examples[_i].sq, "I3") == 0)
        ck_assert_int_eq(b->ter[fx_sq(b, "I3")], TER_FLOOR);
}
END_TEST

/* ---- CREATE ---- */

START_TEST(test_create)
{
    char msg[256];
    fx_piece(b, "K3", ALICE, "K");
    b->pl[ALICE].e = 40;
    ck_assert_int_eq(run("CREATE K2 ABBBD", msg), 0);
    ck_assert_str_eq(fx_seq(b, "K2"), "ABBBD");
    ck_assert_int_eq(b->pl[ALICE].e, 6); /* 40 - 34 */
    b->seat = 0;
    ck_assert_int_eq(run("CREATE M3 A", msg), -1);
    ck_assert_str_eq(msg, "M3 is not next to one of your Kings");
    ck_assert_int_eq(run("CREATE L3 AB", msg), 0);
    ck_assert_int_eq(b->pl[ALICE].e, 1);
}
END_TEST

/* orders.txt's CREATE examples around a King on L2: ABBBC costs (1+2+2+2+2)+(1*2*2*2*2) = 25E,
 * A 2E, ABCDDDDDEF (1+2+2+3*5+3+4)+(1*2*2*3^5*3*4) = 27+11664 = 11691E. */
START_TEST(test_create_examples)
{
    char msg[256];
    fx_piece(b, "L2", ALICE, "K");
    b->pl[ALICE].e = 12000;
    ck_assert_int_eq(run("CREATE K2 ABBBC", msg), 0);
    ck_assert_int_eq(b->pl[ALICE].e, 12000 - 25);
    b->seat = 0;
    ck_assert_int_eq(run("CREATE K3 A", msg), 0);
    ck_assert_int_eq(b->pl[ALICE].e, 12000 - 27);
    b->seat = 0;
    ck_assert_int_eq(run("CREATE ABCDDDDDEF L3", msg), 0);
    ck_assert_int_eq(b->pl[ALICE].e, 12000 - 27 - 11691);
    ck_assert_str_eq(fx_seq(b, "K2"), "ABBBC");
    ck_assert_str_eq(fx_seq(b, "K3"), "A");
    ck_assert_str_eq(fx_seq(b, "L3"), "ABCDDDDDEF");
    ck_assert_str_eq(b->moves.v[2], "1a alice CREATE L3 ABCDDDDDEF"); /* canonical: square first */
}
END_TEST

static const struct {
    const char *order, *msg;
} create_refusals[] = {
    {"CREATE L3 ABBBBBBBB", "it costs 273E and you have 5E"},
    {"CREATE L3 KA", "K cannot be bought"},
    {"CREATE L3 BC", "the new piece would not be viable (it needs an A)"},
};

START_TEST(test_create_refused)
{
    char msg[256];
    fx_piece(b, "K3", ALICE, "K");
    b->pl[ALICE].e = 5;
    ck_assert_int_eq(run(create_refusals[_i].order, msg), ORDER_REFUSED);
    ck_assert_str_eq(msg, create_refusals[_i].msg);
    ck_assert_int_eq(b->moves.n, 0); /* a refusal records nothing */
    ck_assert_int_eq(b->pl[ALICE].e, 5);
}
END_TEST

START_TEST(test_create_options)
{
    char msg[256];
    fx_piece(b, "K3", ALICE, "K");
    b->pl[ALICE].e = 100;
    b->par.codes &= ~(1u << GENE_B);
    ck_assert_int_eq(run("CREATE L3 AB", msg), ORDER_REFUSED);
    ck_assert_str_eq(msg, "B is not on offer in this game");
    b->par.create = false;
    ck_assert_int_eq(run("CREATE L3 A", msg), ORDER_REFUSED);
    ck_assert_str_eq(msg, "creation is off in this game");
}
END_TEST

START_TEST(test_create_o_and_i)
{
    char msg[256];
    fx_piece(b, "K3", ALICE, "K");
    fx_piece(b, "L3", ALICE, "AB");
    b->ter[fx_sq(b, "K4")] = TER_IWALL;
    b->pl[ALICE].e = 100;
    ck_assert_int_eq(run("CREATE K4 A", msg), -1);
    ck_assert_str_eq(msg, "K4 is an interior wall (only a piece with O may be created there)");
    ck_assert_int_eq(run("CREATE K4 AO", msg), 0);
    ck_assert_int_eq(b->ter[fx_sq(b, "K4")], TER_FLOOR);
    ck_assert_str_eq(fx_seq(b, "K4"), "AO");
    b->seat = 0;
    ck_assert_int_eq(run("CREATE L3 A", msg), -1);
    ck_assert_str_eq(msg, "L3 is occupied (only a piece with I may be created on your own piece)");
    ck_assert_int_eq(run("CREATE L3 AI", msg), 0);
    ck_assert_str_eq(fx_seq(b, "L3"), "AI");
}
END_TEST

START_TEST(test_not_your_piece)
{
    char msg[256];
    fx_piece(b, "K3", BOB, "A");
    ck_assert_int_eq(run("MOVE K3 N", msg), ORDER_REFUSED);
    ck_assert_str_eq(msg, "no piece of yours on K3");
    fx_piece(b, "C3", ALICE, "B" "A");
    ck_assert_int_eq(run("DIVIDE C3 A C2", msg), ORDER_REFUSED);
    ck_assert_str_eq(msg, "the piece on C3 has no H (DIVIDE needs H)");
}
END_TEST

START_TEST(test_pass_and_turns)
{
    char msg[256];
    ck_assert_int_eq(run("PASS", msg), 0);
    ck_assert_int_eq(b->seat, 1);
    ck_assert_str_eq(b->moves.v[0], "1a alice PASS");
    ck_assert_int_eq(fx_order(b, BOB, "PASS", msg, sizeof msg), 0);
    ck_assert_int_eq(b->round, 2);
    ck_assert_int_eq(b->seat, 0);
    ck_assert_int_eq(b->pl[ALICE].e, 1); /* accrual: 1 K code at the start of 2a */
    ck_assert_str_eq(b->moves.v[1], "1b bob PASS");
}
END_TEST

Suite *orders_suite(void)
{
    Suite *s = suite_create("orders");
    TCase *tc = tcase_create("parse");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_loop_test(tc, test_parse_good, 0, (int)(sizeof good / sizeof good[0]));
    tcase_add_loop_test(tc, test_parse_bad, 0, (int)(sizeof bad / sizeof bad[0]));
    tcase_add_test(tc, test_parse_list_and_notice);
    suite_add_tcase(s, tc);
    tc = tcase_create("pages");
    tcase_add_checked_fixture(tc, setup_tall, teardown);
    tcase_add_loop_test(tc, test_condition_dropped, 0, (int)(sizeof conditions / sizeof conditions[0]));
    tcase_add_test(tc, test_star_after_condition);
    tcase_add_test(tc, test_keyword_repeated);
    tcase_add_test(tc, test_keyword_repeated_runs);
    tcase_add_test(tc, test_condition_after_dropped);
    tcase_add_loop_test(tc, test_still_refused, 0, (int)(sizeof still_bad / sizeof still_bad[0]));
    tcase_add_loop_test(tc, test_search_linear, 0, (int)(sizeof floods / sizeof floods[0]));
    suite_add_tcase(s, tc);
    tc = tcase_create("move");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_loop_test(tc, test_rule_examples, 0, (int)(sizeof examples / sizeof examples[0]));
    tcase_add_test(tc, test_move_a_and_c);
    tcase_add_test(tc, test_move_b);
    tcase_add_test(tc, test_move_b_double_back_and_three);
    tcase_add_test(tc, test_move_captures);
    tcase_add_test(tc, test_move_e_jumps);
    tcase_add_test(tc, test_move_e_jumps_diagonal);
    tcase_add_test(tc, test_move_g_digests);
    tcase_add_test(tc, test_move_g_takes_king_and_e);
    tcase_add_test(tc, test_move_g_takes_ronin_king_e);
    tcase_add_test(tc, test_move_i_cannibalise);
    tcase_add_test(tc, test_move_l_subsumes);
    tcase_add_test(tc, test_move_o_mines);
    tcase_add_test(tc, test_move_fail_outside_view);
    tcase_add_test(tc, test_move_phased_enemy);
    tcase_add_test(tc, test_move_own_phased_revealed);
    tcase_add_test(tc, test_move_captures_phased_quietly);
    suite_add_tcase(s, tc);
    tc = tcase_create("create");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_create);
    tcase_add_test(tc, test_create_examples);
    tcase_add_loop_test(tc, test_create_refused, 0, (int)(sizeof create_refusals / sizeof create_refusals[0]));
    tcase_add_test(tc, test_create_options);
    tcase_add_test(tc, test_create_o_and_i);
    tcase_add_test(tc, test_not_your_piece);
    tcase_add_test(tc, test_pass_and_turns);
    suite_add_tcase(s, tc);
    return s;
}
