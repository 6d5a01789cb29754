/* check_knownspecials: each player remembers the specials they saw (contract 8: their map; ruling 62) — the
 * memory after each action, the board file's (knownspecials (contract 10.2), and the map's drawing of it. */
#include "check_firing.h"
#include "boardprivate.h"
#include "view.h"

Suite *knownspecials_suite(void);

/* The board of these tests (check_firing.h's rows: floor B2..K6): alice's A on C4 sees B3..D5, with S1 on D4 in
 * her view; bob's King on K6, far from her, stands on an S13 when s13 (it fires at the start of his turn). */
static Board *seen_board(bool s13)
{
    Board *b = fx_board(rows, 2, 10);
    fx_piece(b, "C4", 0, "A");
    fx_piece(b, "K6", 1, "K");
    add_sp(b, "S1 D4 e=2");
    if (s13)
        add_sp(b, "S13 K6");
    b->initial = boardfile_write(b);
    b->initial_base = 0;
    return b;
}

/* Player p's map, as `map` sends it (caller frees). */
static char *map_text(const Board *b, int p)
{
    Buf o;
    buf_init(&o);
    view_map(b, p, NULL, &o);
    return buf_take(&o);
}

/* The (knownspecials entry of b's file, "" when it is not written (static buffer). */
static const char *entry_of(const Board *b)
{
    static char buf[512];
    char *t = boardfile_write(b), *k = strstr(t, "(knownspecials\n");
    buf[0] = '\0';
    if (k)
        snprintf(buf, sizeof buf, "%.*s", (int)(strstr(k, "\n)\n") + 3 - k), k);
    free(t);
    return buf;
}

#define MAP_HAS(b, p, s)                                                                                          \
    do {                                                                                                      \
        char *m_ = map_text(b, p);                                                                            \
        ck_assert_msg(strstr(m_, s), "map of %d lacks \"%s\":\n%s", p, s, m_);                                \
        free(m_);                                                                                             \
    } while (0)
#define MAP_LACKS(b, p, s)                                                                                        \
    do {                                                                                                      \
        char *m_ = map_text(b, p);                                                                            \
        ck_assert_msg(!strstr(m_, s), "map of %d has \"%s\":\n%s", p, s, m_);                                 \
        free(m_);                                                                                             \
    } while (0)

/* alice saw S1 on D4 and moved away: D4 is '$' on her map, listed with its code; bob, who never saw it,
 * remembers nothing. In view the square is drawn as the sheet draws it ('*'), as before. */
START_TEST(test_remembered_when_left)
{
    Board *b = seen_board(false);
    char msg[256];
    int d4 = fx_sq(b, "D4");
    MAP_HAS(b, 0, "4 # . @ * : : : : : : : # 4\n");
    ck_assert_int_eq(fx_order(b, 0, "MOVE C4 W", msg, sizeof msg), 0);
    ck_assert_int_eq(board_known_special(b, 0, d4), 1);
    ck_assert_ptr_null(b->pl[1].kspecial);
    ck_assert_str_eq(entry_of(b), "(knownspecials\nalice D4 S1\n)\n");
    char *m = map_text(b, 0);
    ck_assert_str_eq(m, "Your map of Genetess board 101 (alice, Move #2):\n"
                        "  A B C D E F G H I J K L\n"
                        "1 # # # # # # # # # # # # 1\n"
                        "2 # : : : : : : : : : : # 2\n"
                        "3 # . . : : : : : : : : # 3\n"
                        "4 # @ . $ : : : : : : : # 4\n"
                        "5 # . . : : : : : : : : # 5\n"
                        "6 # : : : : : : : : : : # 6\n"
                        "7 # # # # # # # # # # # # 7\n"
                        "  A B C D E F G H I J K L\n"
                        "Key: in your view now: @=yours, a-z=another player's (see Players), o=orphan,\n"
                        "     *=special, #=wall, +=interior wall, .=floor; out of your view, as you\n"
                        "     last saw it: x=interior wall, :=floor, #=wall (never removed), $=a\n"
                        "     special you saw there earlier\n"
                        "No change of the terrain since the start that you know of.\n"
                        "Specials you saw earlier, out of your view now: S1 (E Bonus) seen on D4\n");
    free(m);
    MAP_LACKS(b, 1, " $ ");
    MAP_LACKS(b, 1, "Specials you saw earlier");
    /* the sheet's map is the same picture, drawn from the sheet's own */
    SheetOpts o = {.variant = SHEET_YOUR_MOVE};
    Buf s;
    buf_init(&s);
    view_sheet(b, 0, &o, &s);
    ck_assert_msg(strstr(s.s, "4 # @ . $ : : : : : : : # 4\n"), "%s", s.s);
    ck_assert_msg(strstr(s.s, "\nSpecials you saw earlier, out of your view now: S1 (E Bonus) seen on D4\n"), "%s",
                  s.s);
    buf_free(&s);
    /* the replay makes the same memory */
    Board *r = NULL;
    Err err;
    ck_assert_msg(replay_board(b, -1, &r, &err) == 0, "%s", err.msg);
    ck_assert_str_eq(entry_of(r), "(knownspecials\nalice D4 S1\n)\n");
    board_free(r);
    board_free(b);
}
END_TEST

/* S13 moves every special where alice does not see (at the start of bob's turn, the action after her move): D4
 * stays remembered as she last saw it, though nothing is there now, and she learns nothing of where they went;
 * bob saw his S13 leave and the S1 arrive on J5. Seeing D4 again, empty, forgets it. */
START_TEST(test_moved_away_stays_then_cleared)
{
    Board *b = seen_board(true);
    char msg[256];
    int d4 = fx_sq(b, "D4");
    ck_assert_int_eq(fx_order(b, 0, "MOVE C4 W", msg, sizeof msg), 0); /* and bob's turn begins: S13 fires */
    ck_assert_msg(has(fx_news(b, 1), "Special S13 ("), "%s", fx_news(b, 1));
    ck_assert_ptr_null(board_special_at(b, d4));
    ck_assert_ptr_nonnull(board_special_at(b, fx_sq(b, "J5")));
    ck_assert_ptr_nonnull(board_special_at(b, fx_sq(b, "D5"))); /* S13, just out of her view */
    ck_assert_int_eq(board_known_special(b, 0, d4), 1);
    ck_assert_str_eq(entry_of(b), "(knownspecials\nalice D4 S1\nbob J5 S1\n)\n");
    MAP_HAS(b, 0, "4 # @ . $ : : : : : : : # 4\n5 # . . : : : : : : : : # 5\n");
    MAP_HAS(b, 0, "Specials you saw earlier, out of your view now: S1 (E Bonus) seen on D4\n");
    /* back in view: D4 is empty floor now, and she knows it; S13 on D5 she sees now */
    ck_assert_int_eq(fx_order(b, 1, "PASS", msg, sizeof msg), 0);
    ck_assert_int_eq(fx_order(b, 0, "MOVE B4 E", msg, sizeof msg), 0);
    ck_assert_int_eq(board_known_special(b, 0, d4), 0);
    MAP_HAS(b, 0, "4 # . @ . : : : : : : : # 4\n5 # . . * : : : : : : : # 5\n");
    MAP_LACKS(b, 0, "Specials you saw earlier");
    ck_assert_str_eq(entry_of(b), "(knownspecials\nalice D5 S13\nbob J5 S1\n)\n");
    board_free(b);
}
END_TEST

/* A whole-board view (FLARE) shows every special: each is remembered where it was seen, and once the view has
 * gone out (the start of her next turn) they stay so; one under a wall she last saw is listed, not drawn (the
 * sheet draws the wall there too). */
START_TEST(test_flare_and_under_a_wall)
{
    Board *b = seen_board(false);
    fx_piece(b, "B2", 0, "AU"); /* U: FLARE */
    add_sp(b, "S9 I2");
    b->ter[fx_sq(b, "I3")] = TER_IWALL;
    add_sp(b, "S20 I3");
    board_start_fix(b);
    char msg[256];
    ck_assert_int_eq(fx_order(b, 0, "FLARE B2", msg, sizeof msg), 0);
    ck_assert_int_eq(fx_order(b, 1, "PASS", msg, sizeof msg), 0);
    ck_assert(!b->pl[0].full_view);
    ck_assert_str_eq(entry_of(b), "(knownspecials\nalice I2 S9\nalice I3 S20\nalice D4 S1\n)\n");
    MAP_HAS(b, 0, "2 # @ . : : : : : $ : : # 2\n3 # . . . : : : : x : : # 3\n");
    MAP_HAS(b, 0, "Specials you saw earlier, out of your view now: S9 (Radiation) seen on I2, S20\n"
                  "    (Rockfall) seen on I3\n");
    board_free(b);
}
END_TEST

/* The fog: two games that differ only in a special alice never saw (on J2, in bob's view alone) give her the same
 * map and the same sheet, byte for byte, after the same orders. */
START_TEST(test_unseen_special_changes_nothing)
{
    char *maps[2], *sheets[2];
    for (int k = 0; k < 2; k++) {
        Board *b = seen_board(false);
        fx_piece(b, "K2", 1, "A");
        if (k)
            add_sp(b, "S1 J2 e=3");
        char msg[256];
        ck_assert_int_eq(fx_order(b, 0, "MOVE C4 W", msg, sizeof msg), 0);
        ck_assert_int_eq(fx_order(b, 1, "MOVE K2 S", msg, sizeof msg), 0);
        ck_assert_int_eq(board_known_special(b, 1, fx_sq(b, "J2")), (k ? 1 : 0));
        maps[k] = map_text(b, 0);
        SheetOpts o = {.variant = SHEET_YOUR_MOVE};
        Buf s;
        buf_init(&s);
        view_sheet(b, 0, &o, &s);
        sheets[k] = buf_take(&s);
        board_free(b);
    }
    ck_assert_str_eq(maps[0], maps[1]);
    ck_assert_str_eq(sheets[0], sheets[1]);
    for (int k = 0; k < 2; k++)
        free(maps[k]), free(sheets[k]);
}
END_TEST

/* Round trip: what each player remembers is written and read back as it was; the common case (nobody remembers
 * one) writes no entry. An old board, written before specials were remembered, loads with none remembered. */
START_TEST(test_round_trip_and_old_boards)
{
    Board *b = seen_board(false);
    ck_assert_str_eq(entry_of(b), "");
    board_known_special_set(b, 1, fx_sq(b, "C4"), 22);
    board_known_special_set(b, 0, fx_sq(b, "K6"), 13);
    board_known_special_set(b, 0, fx_sq(b, "B2"), 7);
    board_known_special_set(b, 0, fx_sq(b, "B3"), 7);
    board_known_special_set(b, 0, fx_sq(b, "B3"), 0); /* forgotten */
    char *t1 = boardfile_write(b);
    ck_assert_msg(strstr(t1, "\n(known\n)\n(knownspecials\nalice B2 S7\nalice K6 S13\nbob C4 S22\n)\n(initial\n"),
                  "%s", t1);
    Err err;
    Board *c = boardfile_parse(t1, "101", &err);
    ck_assert_msg(c != NULL, "%s", err.msg);
    char *t2 = boardfile_write(c);
    ck_assert_str_eq(t1, t2);
    ck_assert_int_eq(board_known_special(c, 0, fx_sq(c, "K6")), 13);
    ck_assert_int_eq(board_known_special(c, 0, fx_sq(c, "B3")), 0);
    ck_assert_int_eq(board_known_special(c, 1, fx_sq(c, "C4")), 22);
    board_free(c);
    /* the entry taken out: the board of before loads, nobody remembering a special */
    char *k = strstr(t1, "(knownspecials\n");
    char *e = strstr(k, "\n)\n");
    memmove(k, e + 3, strlen(e + 3) + 1);
    c = boardfile_parse(t1, "101", &err);
    ck_assert_msg(c != NULL, "%s", err.msg);
    ck_assert_ptr_null(c->pl[0].kspecial);
    ck_assert_ptr_null(c->pl[1].kspecial);
    MAP_LACKS(c, 0, " $ ");
    ck_assert_str_eq(entry_of(c), "");
    board_free(c);
    free(t1);
    free(t2);
    board_free(b);
}
END_TEST

/* board_known_special_next walks a memory eight squares at a time: every remembered square, in order, at the
 * edges of those blocks and the board's last square too; none for a player who remembers none. */
START_TEST(test_walk_the_memory)
{
    Board *b = seen_board(false); /* 12 x 7: squares 0..83 */
    ck_assert_int_eq(board_known_special_next(b, 0, 0), -1);
    static const int at[] = {0, 7, 8, 15, 16, 40, 83};
    for (size_t k = 0; k < sizeof at / sizeof at[0]; k++)
        board_known_special_set(b, 0, at[k], 5);
    size_t k = 0;
    for (int sq = board_known_special_next(b, 0, 0); sq >= 0; sq = board_known_special_next(b, 0, sq + 1))
        ck_assert_int_eq(sq, at[k++]);
    ck_assert_uint_eq(k, sizeof at / sizeof at[0]);
    ck_assert_int_eq(board_known_special_next(b, 0, 41), 83);
    ck_assert_int_eq(board_known_special_next(b, 0, 84), -1);
    ck_assert_int_eq(board_known_special_next(b, 1, 0), -1);
    board_free(b);
}
END_TEST

/* Each bad line of (knownspecials and its exact reason, with the line it is on (the entry's first item). */
static const struct {
    const char *line, *msg;
} corrupt[] = {
    {"mallory D4 S1", "unknown player"},
    {"alice D4", "a knownspecials line is USERID SQUARE CODE (S1..S22)"},
    {"alice D4 S1 S2", "a knownspecials line is USERID SQUARE CODE (S1..S22)"},
    {"alice", "a knownspecials line is USERID SQUARE CODE (S1..S22)"},
    {"alice d4 S1", "square not written in upper case"},
    {"alice Z9 S1", "Z9 is off the board"},
    {"alice D4 S19", "knownspecials: no special 'S19' (S1..S22 but S19)"},
    {"alice D4 S23", "knownspecials: no special 'S23' (S1..S22 but S19)"},
    {"alice D4 S0", "knownspecials: no special 'S0' (S1..S22 but S19)"},
    {"alice D4 S07", "knownspecials: no special 'S07' (S1..S22 but S19)"},
    {"alice D4 s7", "knownspecials: no special 's7' (S1..S22 but S19)"},
    {"alice D4 7", "knownspecials: no special '7' (S1..S22 but S19)"},
    {"alice D4 S-1", "knownspecials: no special 'S-1' (S1..S22 but S19)"},
    {"alice D4 S1\nalice D4 S2", "knownspecials: D4 of alice is given twice"},
};

START_TEST(test_corrupt_lines)
{
    Board *b = seen_board(false);
    char *t = boardfile_write(b), *at = strstr(t, "(initial\n");
    int line = 1;
    for (const char *p = t; p < at; p++)
        line += *p == '\n';
    char *u = xasprintf("%.*s(knownspecials\n%s\n)\n%s", (int)(at - t), t, corrupt[_i].line, at);
    int bad = line + 1 + (strchr(corrupt[_i].line, '\n') ? 1 : 0);
    Err err;
    Board *c = boardfile_parse(u, "101", &err);
    ck_assert_msg(c == NULL, "case %d loaded", _i);
    char *want = xasprintf("101:%d: %s", bad, corrupt[_i].msg);
    ck_assert_str_eq(err.msg, want);
    free(want);
    free(u);
    free(t);
    board_free(b);
}
END_TEST

/* A square outside the board, and any line in round 0 (no special is shown then: contract 8). */
START_TEST(test_corrupt_outside_and_round0)
{
    static const char *const ring[] = {"  ####", "  #..#", "  ####", NULL};
    Board *b = fx_board(ring, 2, 1);
    fx_piece(b, "D2", 0, "K");
    char *t = boardfile_write(b);
    char *u = xasprintf("%s(knownspecials\nalice A1 S1\n)\n", t);
    Err err;
    ck_assert_ptr_null(boardfile_parse(u, "101", &err));
    ck_assert_msg(strstr(err.msg, ": knownspecials: A1 is outside the board") && !strncmp(err.msg, "101:", 4), "%s",
                  err.msg);
    free(u);
    u = xasprintf("%s(knownspecials\nalice E2 S1\n)\n", t);
    Board *c = boardfile_parse(u, "101", &err);
    ck_assert_msg(c != NULL, "%s", err.msg);
    board_free(c);
    free(u);
    free(t);
    b->phase = PHASE_ROUND0;
    b->round = 0;
    t = boardfile_write(b);
    u = xasprintf("%s(knownspecials\nalice E2 S1\n)\n", t);
    ck_assert_ptr_null(boardfile_parse(u, "101", &err));
    ck_assert_msg(strstr(err.msg, ": knownspecials: nobody sees a special in round 0"), "%s", err.msg);
    free(u);
    free(t);
    board_free(b);
}
END_TEST

Suite *knownspecials_suite(void)
{
    Suite *s = suite_create("knownspecials");
    TCase *tc = tcase_create("memory");
    tcase_add_test(tc, test_remembered_when_left);
    tcase_add_test(tc, test_moved_away_stays_then_cleared);
    tcase_add_test(tc, test_flare_and_under_a_wall);
    tcase_add_test(tc, test_unseen_special_changes_nothing);
    suite_add_tcase(s, tc);
    tc = tcase_create("file");
    tcase_add_test(tc, test_round_trip_and_old_boards);
    tcase_add_test(tc, test_walk_the_memory);
    tcase_add_loop_test(tc, test_corrupt_lines, 0, (int)(sizeof corrupt / sizeof corrupt[0]));
    tcase_add_test(tc, test_corrupt_outside_and_round0);
    suite_add_tcase(s, tc);
    return s;
}
