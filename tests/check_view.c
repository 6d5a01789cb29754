/* Tests of sight (view maps, contract 8) and view: the turnsheet (contract 14.9); fog of war above all. A player's
 * map, show and the nag: check_view_show.c; the shared helpers: check_view.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "help.h"
#include "layout.h"
#include "orders.h" /* GAMBLE_ON_POSITION, GAMBLE_ON_ORDER */
#include "boardfile.h"
#include "game.h"
#include "sheet.h"
#include "sight.h"
#include "view.h"

/* After the project's headers: check.h defines a macro named fail, util.h a function. */
#include <check.h>

#include "check_view.h"

/* ---- view maps ---- */

START_TEST(view_radius_one)
{
    Board *b = mk(9, 9, 2);
    Piece *p = put(b, "D4", 0, "A");
    uint8_t *m = view(b, 0);
    ck_assert_int_eq(count_bits(b, m, SIGHT_SEEN), 9);
    ck_assert_int_eq(count_bits(b, m, SIGHT_DECODE), 0);
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++) {
            bool in = c >= 2 && c <= 4 && r >= 2 && r <= 4;
            ck_assert_int_eq((m[board_sq(b, c, r)] & SIGHT_SEEN) != 0, in);
            ck_assert_int_eq(sight_piece_sees(b, p, board_sq(b, c, r)), in);
        }
    free(m);
    m = view(b, 1); /* bob has no pieces */
    ck_assert_int_eq(count_bits(b, m, SIGHT_SEEN), 0);
    free(m);
    board_free(b);
}
END_TEST

START_TEST(view_d_is_seven_by_seven)
{
    Board *b = mk(13, 13, 2);
    put(b, "G7", 0, "AD");
    uint8_t *m = view(b, 0);
    ck_assert_int_eq(count_bits(b, m, SIGHT_SEEN), 49);
    ck_assert(m[sq(b, "D4")] & SIGHT_SEEN);
    ck_assert(m[sq(b, "J10")] & SIGHT_SEEN);
    ck_assert(!(m[sq(b, "C7")] & SIGHT_SEEN));
    ck_assert(!(m[sq(b, "G11")] & SIGHT_SEEN));
    free(m);
    /* clipped at the grid edge; walls do not block */
    Board *c = mk(13, 13, 2);
    put(c, "B2", 0, "ADD");
    m = view(c, 0);
    ck_assert_int_eq(count_bits(c, m, SIGHT_SEEN), 7 * 7);
    free(m);
    board_free(c);
    board_free(b);
}
END_TEST

START_TEST(view_f_decodes_its_own_view_only)
{
    Board *b = mk(12, 12, 2);
    put(b, "C3", 0, "AF");
    put(b, "I9", 0, "A");
    uint8_t *m = view(b, 0);
    ck_assert_int_eq(count_bits(b, m, SIGHT_SEEN), 18);
    ck_assert_int_eq(count_bits(b, m, SIGHT_DECODE), 9);
    ck_assert(m[sq(b, "D4")] & SIGHT_DECODE);
    ck_assert(m[sq(b, "I9")] & SIGHT_SEEN);
    ck_assert(!(m[sq(b, "I9")] & SIGHT_DECODE));
    free(m);
    board_free(b);
}
END_TEST

START_TEST(view_ronin_and_orphans)
{
    Board *b = mk(12, 12, 3);
    put(b, "C3", 0, "AP"); /* ronin once alice is eliminated */
    put(b, "I9", 0, "A");  /* orphan once alice is eliminated */
    put(b, "F6", 1, "A");  /* bob resigns: an orphan */
    b->pl[0].status = PS_ELIMINATED;
    b->pl[1].status = PS_RESIGNED;
    b->seat = 2;
    uint8_t *m = view(b, 0);
    ck_assert_int_eq(count_bits(b, m, SIGHT_SEEN), 9);
    ck_assert(m[sq(b, "C3")] & SIGHT_SEEN);
    ck_assert(!(m[sq(b, "I9")] & SIGHT_SEEN));
    free(m);
    m = view(b, 1);
    ck_assert_int_eq(count_bits(b, m, SIGHT_SEEN), 0);
    free(m);
    m = view(b, 2); /* carol: no pieces, orphans give her nothing */
    ck_assert_int_eq(count_bits(b, m, SIGHT_SEEN), 0);
    free(m);
    /* a resigned player sees nothing even with a whole-board view */
    b->pl[1].full_view = true;
    m = view(b, 1);
    ck_assert_int_eq(count_bits(b, m, SIGHT_SEEN), 0);
    free(m);
    board_free(b);
}
END_TEST

START_TEST(view_full_and_round0)
{
    Board *b = mk(10, 8, 2);
    put(b, "C3", 0, "A");
    b->pl[0].full_view = true;
    uint8_t *m = view(b, 0);
    ck_assert_int_eq(count_bits(b, m, SIGHT_SEEN), 80);
    ck_assert_int_eq(count_bits(b, m, SIGHT_DECODE), 0);
    b->pl[0].full_decode = true;
    sight_compute(b, 0, m);
    ck_assert_int_eq(count_bits(b, m, SIGHT_DECODE), 80);
    b->pl[0].full_view = b->pl[0].full_decode = false;
    b->phase = PHASE_ROUND0;
    b->round = 0;
    sight_compute(b, 1, m);
    ck_assert_int_eq(count_bits(b, m, SIGHT_SEEN), 80);
    free(m);
    board_free(b);
}
END_TEST

/* sight_compute_all gives every player the map sight_compute gives them alone, and sight_key changes with what
 * the maps are made of (a piece's square, its genes, a player's status or full view) and with nothing else. */
START_TEST(view_all_players_and_key)
{
    Board *b = mk(12, 12, 3);
    put(b, "C3", 0, "AP");
    put(b, "I9", 0, "ADF");
    put(b, "F6", 1, "A");
    b->pl[2].full_view = true;
    size_t n = (size_t)b->w * (size_t)b->h;
    int len = sight_key_len(b), *k0 = malloc(sizeof(int) * (size_t)len), *k1 = malloc(sizeof(int) * (size_t)len);
    sight_key(b, k0);
    for (int round = 0; round < 5; round++) {
        if (round == 1)
            b->pl[0].status = PS_ELIMINATED; /* I9 becomes an orphan, C3 ronin */
        if (round == 2)
            board_move_piece(b, sq(b, "F6"), sq(b, "G7"));
        if (round == 3)
            b->pl[2].full_decode = true;
        if (round == 4)
            b->ter[sq(b, "A1")] = TER_IWALL; /* walls do not block sight */
        uint8_t *all[3] = {malloc(n), malloc(n), malloc(n)};
        sight_compute_all(b, all);
        for (int p = 0; p < 3; p++) {
            uint8_t *one = view(b, p);
            ck_assert_msg(memcmp(one, all[p], n) == 0, "round %d, player %d", round, p);
            free(one);
            free(all[p]);
        }
        sight_key(b, k1);
        ck_assert_int_eq(memcmp(k0, k1, sizeof(int) * (size_t)len) == 0, round == 0 || round == 4);
        memcpy(k0, k1, sizeof(int) * (size_t)len);
    }
    free(k0);
    free(k1);
    board_free(b);
}
END_TEST

/* Every reader's whole sheet, text and HTML, made with sh is the one made alone. */
static void sheets_alike(const Board *b, const SheetShared *sh)
{
    News none = {0}, ebook = {0};
    for (int reader = 0; reader < 3; reader++) {
        char *html1, *html2;
        char *alone = sheet_render(b, reader, &(SheetNews){&none, &ebook, "PASS: done", false, false, NULL, 0}, &html1);
        char *with = sheet_render(b, reader, &(SheetNews){&none, &ebook, "PASS: done", false, false, sh, 0}, &html2);
        ck_assert_str_eq(with, alone);
        ck_assert_str_eq(html2, html1);
        ck_assert_ptr_nonnull(strstr(with, "Parameters: "));
        free(alone), free(with), free(html1), free(html2);
    }
}

/* The "?" legend lines made once for all the sheets of a board (layout_piece_lines) give every reader the legend
 * their own sheet would make: own pieces in full, decoded and orphaned ones, a phased enemy left out; the lines
 * of a board that has changed since are not used. So do the whole sheets made with all they share
 * (view_shared_init: the lines and the parameters). */
START_TEST(legend_lines_made_once)
{
    Board *b = mk(12, 12, 3);
    put(b, "C3", 0, "AP");
    put(b, "D3", 0, "AD");
    put(b, "E4", 1, "A");
    put(b, "G3", 0, "AF"); /* decodes G2 */
    put(b, "G2", 1, "AB");
    put(b, "F4", 1, "ACr"); /* phased */
    put(b, "D5", 2, "AB");
    put(b, "I9", 2, "A");
    b->pl[2].status = PS_RESIGNED; /* orphans */
    LayoutPieceLines lines;
    layout_piece_lines(b, &lines);
    ck_assert_int_eq(lines.n, 8);
    for (int reader = -1; reader < 3; reader++) {
        uint8_t *m = reader >= 0 ? view(b, reader) : NULL;
        Buf one, shared;
        buf_init(&one);
        buf_init(&shared);
        layout_legend(b, reader, m, &one);
        layout_legend_shared(b, reader, m, &lines, &shared);
        ck_assert_str_eq(shared.s, one.s);
        buf_free(&one);
        buf_free(&shared);
        free(m);
    }
    uint8_t *m = view(b, 0);
    Buf t;
    buf_init(&t);
    layout_legend_shared(b, 0, m, &lines, &t);
    ck_assert_ptr_nonnull(strstr(t.s, "  E4    bob     ?\n"));
    ck_assert_ptr_nonnull(strstr(t.s, "  D5    orphan  ?\n"));
    ck_assert_ptr_nonnull(strstr(t.s, "  D3    alice   AD\n"));
    ck_assert_ptr_nonnull(strstr(t.s, "  G2    bob     AB\n"));
    put(b, "B2", 1, "A"); /* a piece more: the lines made before are not this board's */
    t.len = 0;
    layout_legend_shared(b, 0, m, &lines, &t);
    ck_assert_ptr_nonnull(strstr(t.s, "  B2    bob     ?\n"));
    buf_free(&t);
    free(m);
    layout_piece_lines_free(&lines);
    /* whole sheets, text and HTML, made with what the sheets share are those made alone, for every reader */
    SheetShared sh;
    view_shared_init(b, &sh);
    sheets_alike(b, &sh);
    /* with the game's view maps lent (view_shared_maps) while they are the board's, and only then */
    Game g;
    game_init(&g, b, 0);
    game_begin_action(&g);
    view_shared_maps(b, &g, &sh);
    ck_assert_ptr_eq(sh.maps, g.sight_maps);
    sheets_alike(b, &sh);
    board_move_piece(b, sq(b, "D3"), sq(b, "J10")); /* alice's D3 away: no longer the maps' board */
    view_shared_maps(b, &g, &sh);
    ck_assert_ptr_null(sh.maps);
    game_done(&g);
    view_shared_free(&sh);
    board_free(b);
}
END_TEST

/* ---- the sheet ---- */

START_TEST(sheet_exact_board_and_fog)
{
    Board *b = mk(9, 6, 2);
    put(b, "B2", 0, "A");
    put(b, "F4", 1, "AJM"); /* outside alice's view */
    b->pl[1].e = 777777;
    char *s = sheet(b, 0, SHEET_YOUR_MOVE, NULL);
    const char *pic = "  A B C\n"
                      "1 # # # 1\n"
                      "2 # @ . 2\n"
                      "3 # . . 3\n"
                      "  A B C\n";
    ck_assert_msg(strstr(s, pic), "board picture wrong:\n%s", s);
    ck_assert_ptr_null(strstr(s, "AJM"));
    ck_assert_ptr_null(strstr(s, "777777"));
    ck_assert(!has_line_prefix(s, "  F4 "));
    ck_assert(has_line_prefix(s, "  B2    alice   A"));
    ck_assert_ptr_nonnull(strstr(s, "It is your move."));
    ck_assert_ptr_nonnull(strstr(s, "Move #1"));
    ck_assert_ptr_nonnull(strstr(s, "Deadline: 2023-11-14 22:13 UTC"));
    ck_assert_ptr_nonnull(strstr(s, "Your E: 5"));
    ck_assert_ptr_nonnull(strstr(s, "Nothing you could see happened."));
    ck_assert_ptr_nonnull(strstr(s, "Stored orders: none"));
    ck_assert_ptr_nonnull(strstr(s, "Your start: GPC1"));
    ck_assert_ptr_null(strstr(s, "GPC2"));
    ck_assert_str_eq(last_line(s), "genetess move 101 alice <password> <ORDER>#1");
    free(s);
    /* one step closer, it is seen but not decoded */
    board_move_piece(b, sq(b, "F4"), sq(b, "C3"));
    s = sheet(b, 0, SHEET_YOUR_MOVE, NULL);
    ck_assert_msg(strstr(s, "3 # . b 3\n"), "%s", s);
    ck_assert_str_eq(line_with(s, "  C3 "), "  C3    bob     ?");
    ck_assert_ptr_null(strstr(s, "AJM"));
    free(s);
    board_free(b);
}
END_TEST

START_TEST(sheet_decoded_and_phased)
{
    Board *b = mk(9, 6, 2);
    put(b, "C3", 0, "AFRr"); /* own phased piece: shown with its markers */
    put(b, "D3", 1, "ABu");  /* decoded: as in the board file, so its active flare shows (contract 14.9, 14.2) */
    put(b, "C4", 1, "ACr");  /* phased enemy inside the view: never shown */
    add_special(b, 1, "B4", "Gold seam");
    add_special(b, 1, "H5", "Far seam");
    char *s = sheet(b, 0, SHEET_NOT_YOUR_MOVE, NULL);
    ck_assert_str_eq(line_with(s, "  C3 "), "  C3    alice   AFRr");
    ck_assert_str_eq(line_with(s, "  D3 "), "  D3    bob     ABu");
    ck_assert(!has_line_prefix(s, "  C4 "));
    ck_assert_ptr_null(strstr(s, "ACr"));
    ck_assert_ptr_null(strstr(s, "AC\n"));
    ck_assert_msg(strstr(s, "4 * . . 4\n"), "phased enemy drawn:\n%s", s);
    ck_assert_str_eq(line_with(s, "  B4 "), "  B4    S1   E Bonus: \"Gold seam\""); /* one name: the table's */
    ck_assert_ptr_null(strstr(s, "Far seam"));
    ck_assert(!has_line_prefix(s, "  H5 "));
    ck_assert_ptr_nonnull(strstr(s, "It is alice's move."));
    free(s);
    /* bob: alice's phased piece is invisible to him too */
    s = sheet(b, 1, SHEET_NOT_YOUR_MOVE, NULL);
    ck_assert(!has_line_prefix(s, "  C3 "));
    ck_assert_str_eq(line_with(s, "  C4 "), "  C4    bob     ACr");
    ck_assert_ptr_null(strstr(s, "AFR"));
    free(s);
    board_free(b);
}
END_TEST

START_TEST(sheet_strips_of_36)
{
    Board *b = mk(50, 5, 2);
    put(b, "B2", 0, "A");
    b->pl[0].full_view = true;
    char *s = sheet(b, 0, SHEET_YOUR_MOVE, NULL);
    char *map = strstr(s, "Your map of"); /* the board's strips, not the map's (cut the same way) */
    ck_assert_ptr_nonnull(map);
    *map = '\0';
    int strips = 0;
    for (const char *p = s; p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL) {
        if (strncmp(p, "1 ", 2) != 0)
            continue;
        const char *nl = strchr(p, '\n');
        int len = (int)(nl - p);
        int cells = (len - 4 + 1) / 2; /* "1 " cells joined by spaces " 1" */
        ck_assert_int_le(cells, 36);
        ck_assert_int_ge(cells, 1);
        strips++;
    }
    ck_assert_int_eq(strips, 2);
    /* two-letter columns get a line of first letters above the last letters */
    ck_assert_msg(strstr(s, "\n    A A A A"), "%s", s);
    ck_assert_msg(strstr(s, "\n  Z A B C D"), "%s", s);
    char row[128] = "1";
    for (int i = 0; i < 25; i++)
        strcat(row, " #");
    strcat(row, " 1\n");
    ck_assert_msg(strstr(s, row), "%s", s); /* 50 columns: two strips of 25 */
    free(s);
    board_free(b);
}
END_TEST

/* distant groups of seen squares are drawn as separate windows, each the smallest rectangle
 * around its group with its own headers, not one rectangle full of blank rows. */
START_TEST(sheet_windows_apart)
{
    Board *b = mk(30, 40, 2);
    put(b, "C3", 0, "K");   /* sees B2..D4 */
    put(b, "AA36", 0, "A"); /* sees Z35..AB37 */
    put(b, "C36", 0, "A");  /* sees B35..D37: beside AA36's group, 21 blank columns apart */
    char *s = sheet(b, 0, SHEET_YOUR_MOVE, NULL);
    const char *want = "  B C D\n"
                       "2 . . . 2\n"
                       "3 . @ . 3\n"
                       "4 . . . 4\n"
                       "  B C D\n"
                       "\n"
                       "   B C D\n"
                       "35 . . . 35\n"
                       "36 . @ . 36\n"
                       "37 . . . 37\n"
                       "   B C D\n"
                       "\n"
                       "     A A\n"
                       "   Z A B\n"
                       "35 . . . 35\n"
                       "36 . @ . 36\n"
                       "37 . . . 37\n"
                       "     A A\n"
                       "   Z A B\n"
                       "Key: ";
    ck_assert_msg(strstr(s, want), "%s", s);
    free(s);
    board_free(b);
}
END_TEST

/* A board of 999 rows: 3-digit row numbers, so strips of 35 columns keep every line within 78. */
START_TEST(sheet_strips_fit_78)
{
    Board *b = mk(40, 999, 2);
    put(b, "B998", 0, "A");
    b->pl[0].full_view = true;
    char *s = sheet(b, 0, SHEET_YOUR_MOVE, NULL); /* asserts every line <= 78 */
    ck_assert_msg(strstr(s, "\n998 # "), "%s", s);
    free(s);
    board_free(b);
}
END_TEST

START_TEST(sheet_long_texts_fit)
{
    Board *b = mk(60, 12, 2);
    snprintf(b->pl[1].id, sizeof b->pl[1].id, "%s", "bob_with_a_very_long_user_id_xyz");
    snprintf(b->par.name, sizeof b->par.name, "%s", "A_very_long_game_name_that_goes_on_and_on_for_quite_some_time_really");
    char seq[400];
    memset(seq, 'A', 300);
    strcpy(seq + 300, "DDDDDDFFFF");
    put(b, "E5", 0, seq);
    put(b, "F6", 1, seq);
    b->pl[0].full_view = true;
    b->pl[0].full_decode = true;
    snprintf(b->pl[0].full_until, sizeof b->pl[0].full_until, "1a");
    board_news_add(&b->pl[0].news, NEWS_EVENT, "A very long event line that keeps going and going, naming squares like K3 and "
                            "AB12 and pieces and whatever else the game engine might want to say to alice.");
    board_news_add(&b->pl[0].ebook, NEWS_EVENT, "+1 accrual (1 K)");
    sl_push(&b->pl[0].queue, "MOVE E5 N");
    sl_push(&b->pl[0].queue, "*MOVE E4 S");
    char *s = sheet(b, 0, SHEET_YOUR_MOVE_STORED, "MOVE E5 N: done");
    ck_assert_ptr_nonnull(strstr(s, "Genetess board 101: \"A very long game name"));
    ck_assert_ptr_nonnull(strstr(s, "Stored orders: MOVE E5 N / *MOVE E4 S"));
    ck_assert_ptr_nonnull(strstr(s, "You have a stored order: MOVE E5 N."));
    ck_assert_ptr_nonnull(strstr(s, "Result of your last order: MOVE E5 N: done"));
    ck_assert_ptr_nonnull(strstr(s, "  +1 accrual (1 K)"));
    ck_assert_ptr_nonnull(strstr(s, "Flare/S5 view active (decoded) since 1a"));
    ck_assert_ptr_nonnull(strstr(s, "Since your last sheet:"));
    ck_assert_str_eq(last_line(s), "genetess move 101 alice <password> <ORDER>#1");
    free(s);
    s = sheet(b, 1, SHEET_NOT_YOUR_MOVE, NULL);
    ck_assert_str_eq(last_line(s), "genetess move 101 bob_with_a_very_long_user_id_xyz <password> <ORDER>#1");
    free(s);
    board_free(b);
}
END_TEST

/* The news and E breakdown come from the options, not the board: a command may clear them before rendering. */
START_TEST(sheet_news_from_options)
{
    Board *b = mk(9, 6, 2);
    put(b, "B2", 0, "K");
    board_news_add(&b->pl[0].news, NEWS_EVENT, "left in the board");
    board_news_add(&b->pl[0].ebook, NEWS_EVENT, "+9 left in the board");
    News news = {0}, ebook = {0};
    board_news_add(&news, NEWS_STORED_RAN, "Your stored order PASS was processed.");
    board_news_add(&ebook, NEWS_EVENT, "+1 accrual (1 K)");
    SheetOpts o = {.variant = SHEET_STAR_DONE, .news = &news, .ebook = &ebook};
    Buf out;
    buf_init(&out);
    view_sheet(b, 0, &o, &out);
    ck_assert_ptr_nonnull(strstr(out.s, "Your stored order PASS was processed.\n"));
    /* the * order is reported once, by the banner, not again in the news */
    const char *first = strstr(out.s, "Your stored order PASS was processed.");
    ck_assert_ptr_null(strstr(first + 1, "Your stored order PASS was processed."));
    ck_assert_ptr_nonnull(strstr(out.s, "\nNothing else you could see happened.\n"));
    ck_assert_ptr_nonnull(strstr(out.s, "Your E: 5\n  +1 accrual (1 K)\n"));
    ck_assert_ptr_null(strstr(out.s, "left in the board"));
    buf_free(&out);
    buf_init(&out);
    o = (SheetOpts){.variant = SHEET_NOT_YOUR_MOVE};
    view_sheet(b, 0, &o, &out);
    ck_assert_ptr_nonnull(strstr(out.s, "Nothing you could see happened.\n"));
    ck_assert_ptr_nonnull(strstr(out.s, "Your E: 5\nStored orders: none\n"));
    ck_assert_ptr_null(strstr(out.s, "left in the board"));
    buf_free(&out);
    board_news_free(&news);
    board_news_free(&ebook);
    board_free(b);
}
END_TEST

START_TEST(sheet_reveal_drawn_where_seen)
{
    Board *b = mk(9, 6, 2);
    put(b, "B2", 0, "A");
    put(b, "G4", 1, "K"); /* where it is now: unseen */
    b->pl[0].reveals = xcalloc(1, sizeof(Reveal));
    b->pl[0].nreveals = 1;
    Reveal *rv = &b->pl[0].reveals[0];
    rv->sq = sq(b, "E3");
    rv->owner = 1;
    snprintf(rv->seq, sizeof rv->seq, "K");
    snprintf(rv->label, sizeof rv->label, "1b");
    char *s = sheet(b, 0, SHEET_YOUR_MOVE, NULL);
    ck_assert_msg(strstr(s, "3 # . .   b 3\n"), "%s", s);
    ck_assert_str_eq(line_with(s, "  E3    "), "  E3    bob     K  (seen at 1b)");
    ck_assert_ptr_nonnull(strstr(s, "E3 bob K (seen at 1b)"));
    ck_assert(!has_line_prefix(s, "  G4 "));
    free(s);
    board_free(b);
}
END_TEST

/* `help sheet` uses the sheet's own words: every heading and label a sheet prints is in the
 * help text, word for word. */
static const char *const sheet_labels[] = {
    "Move #",          "To move:",          "Deadline:",          "It is your move.",
    "Result of your last order:",           "Your E:",            "Stored orders:",
    "Holiday allowance left:",              "Since your last sheet:",                  "Nothing you could see happened.",
    "Key:",            "Pieces:",           "Specials:",          "Players (in turn order; > to move):",
    "Your start:",     "Parameters:",       "Codes on offer (E each):",                "Scores so far:",
    "Final scores:",   "Your position gamble:",                   "Your order gamble:",
    "Warning: your next time-out forfeits the game",              "The fog has lifted: the whole board",
    "You are out of this game: no more orders from you are accepted.",
    "No more orders are accepted.",
    "The whole board at the start: the terrain and the start squares (no pieces).",
};

START_TEST(help_sheet_uses_the_sheet_words)
{
    Buf help;
    buf_init(&help);
    Err err;
    ck_assert_int_eq(help_get(NULL, "sheet", &help, &err), 0);
    /* the help wraps its lines: compare with runs of white space made single spaces */
    char *flat = xstrdup(help.s);
    char *w = flat;
    for (const char *p = help.s; *p; p++)
        if (!(*p == ' ' || *p == '\n') || (w > flat && w[-1] != ' '))
            *w++ = *p == '\n' ? ' ' : *p;
    *w = '\0';
    Board *b = mk(9, 6, 2);
    put(b, "B2", 0, "K");
    put(b, "H5", 1, "K");
    add_special(b, 1, "C2", "Gold seam");
    b->par.max_timeouts = 1;
    board_news_add(&b->pl[0].news, NEWS_EVENT, "bob passed.");
    char *play = sheet(b, 0, SHEET_YOUR_MOVE, "PASS: done");
    b->pl[1].status = PS_RESIGNED;
    char *out = sheet(b, 1, SHEET_NOT_YOUR_MOVE, NULL);
    b->phase = PHASE_ENDED;
    char *ended = sheet(b, 0, SHEET_NONE, NULL);
    b->phase = PHASE_ROUND0;
    char *round0 = sheet(b, 0, SHEET_NONE, NULL);
    b->phase = PHASE_PLAY;
    SheetOpts first = {.variant = SHEET_YOUR_MOVE, .is_new = true};
    Buf nb;
    buf_init(&nb);
    view_sheet(b, 0, &first, &nb);
    char *fresh = buf_take(&nb);
    for (size_t i = 0; i < sizeof sheet_labels / sizeof *sheet_labels; i++) {
        const char *l = sheet_labels[i];
        ck_assert_msg(strstr(flat, l), "help sheet lacks \"%s\"", l);
        ck_assert_msg(strstr(play, l) || strstr(out, l) || strstr(ended, l) || strstr(round0, l) || strstr(fresh, l),
                      "no sheet prints \"%s\"", l);
    }
    free(fresh);
    free(play);
    free(out);
    free(ended);
    free(round0);
    free(flat);
    buf_free(&help);
    board_free(b);
}
END_TEST

START_TEST(sheet_round0)
{
    Board *b = mk(8, 5, 2);
    b->phase = PHASE_ROUND0;
    b->round = 0;
    b->pl[0].start = b->pl[1].start = 0;
    b->st = xcalloc(2, sizeof *b->st);
    b->st[0] = (Start){.label = 1, .sq = sq(b, "B2")};
    b->st[1] = (Start){.label = 2, .sq = sq(b, "G4")};
    b->nst = 2;
    put(b, "C3", 0, "K");
    add_special(b, 1, "D3", "Gold seam");
    b->pl[1].gamble[GAMBLE_ON_POSITION].set = true;
    b->pl[1].gamble[GAMBLE_ON_ORDER].set = true;
    char *s = sheet(b, 0, SHEET_YOUR_MOVE, NULL);
    ck_assert_msg(strstr(s, "  A B C D E F G H\n"
                            "1 # # # # # # # # 1\n"
                            "2 # 1 . . . . . # 2\n"
                            "3 # . . . . . . # 3\n"
                            "4 # . . . . . 2 # 4\n"
                            "5 # # # # # # # # 5\n"),
                  "%s", s);
    ck_assert_ptr_nonnull(strstr(s, "GPC1 B2, GPC2 G4"));
    ck_assert_ptr_nonnull(strstr(s, "waiting for gambles from you\n")); /* alice reads it: the second person */
    /* several awaited: "you" first, the others in seat order, the last after "and" */
    b->pl[1].gamble[GAMBLE_ON_ORDER].set = false;
    char *s2 = sheet(b, 1, SHEET_YOUR_MOVE, NULL);
    ck_assert_msg(strstr(s2, "Round 0: waiting for gambles from you and alice\n"), "%s", s2);
    free(s2);
    s2 = sheet(b, 0, SHEET_YOUR_MOVE, NULL);
    ck_assert_msg(strstr(s2, "Round 0: waiting for gambles from you and bob\n"), "%s", s2);
    free(s2);
    b->pl[1].gamble[GAMBLE_ON_ORDER].set = true;
    ck_assert_ptr_null(strstr(s, "Gold seam"));
    ck_assert(!has_line_prefix(s, "  C3 "));
    ck_assert_ptr_null(strstr(s, "Your start"));
    ck_assert_ptr_nonnull(strstr(s, "Your position gamble: not sent yet"));
    free(s);
    board_free(b);
}
END_TEST

/* Round 0's New sheet shows GAMBLE orders as the board takes them, one for each item gambled for: each line
 * parses as the order it shows (contract 14.2); a game gambling for one item shows that one only. */
START_TEST(sheet_round0_new_shows_gambles)
{
    static const GambleMode modes[] = {GAMBLE_MODE_BOTH, GAMBLE_MODE_POSITION, GAMBLE_MODE_ORDER};
    static const int want[] = {2, 1, 1};
    for (int k = 0; k < 3; k++) {
        Board *b = mk(8, 5, 2);
        b->phase = PHASE_ROUND0;
        b->round = 0;
        b->par.gamble = modes[k];
        b->st = xcalloc(2, sizeof *b->st);
        b->st[0] = (Start){.label = 1, .sq = sq(b, "B2")};
        b->st[1] = (Start){.label = 2, .sq = sq(b, "G4")};
        b->nst = 2;
        SheetOpts o = {.variant = SHEET_NONE, .is_new = true};
        Buf out;
        buf_init(&out);
        view_sheet(b, 0, &o, &out);
        assert_width(out.s);
        int n = 0;
        for (const char *l = strstr(out.s, "\n    GAMBLE "); l; l = strstr(l + 1, "\n    GAMBLE ")) {
            char line[80];
            size_t len = strcspn(l + 5, "\n");
            snprintf(line, sizeof line, "%.*s", (int)len, l + 5);
            Order ord;
            Err err;
            ck_assert_msg(order_parse(b, line, &ord, &err) == 0, "'%s': %s", line, err.msg);
            order_free(&ord);
            n++;
        }
        ck_assert_int_eq(n, want[k]);
        ck_assert_msg(strstr(out.s, k == 2 ? "places in the turn order" : "GPC2 is start square 2"), "%s", out.s);
        buf_free(&out);
        board_free(b);
    }
}
END_TEST

/* Said once (contract 14.9): a sheet that ends the reply to an order leaves out its "Result of your last
 * order" (the reply above states it), the sheet mailed alone keeps it; the final sheet says the game ended on
 * its top line only. */
START_TEST(sheet_says_each_fact_once)
{
    Board *b = mk(9, 6, 2);
    put(b, "B2", 0, "K");
    put(b, "H5", 1, "K");
    News none = {0}, ebook = {0};
    char *alone = sheet_render(b, 0, &(SheetNews){&none, &ebook, "PASS: done", false, false, NULL, 0}, NULL);
    ck_assert_msg(strstr(alone, "\nResult of your last order: PASS: done\n"), "%s", alone);
    char *replied = sheet_render_reply(b, 0, &(SheetNews){&none, &ebook, "PASS: done", false, false, NULL, 0}, "PASS: done\n", NULL);
    ck_assert_msg(!strstr(replied, "PASS: done"), "%s", replied);
    free(alone);
    free(replied);
    b->phase = PHASE_ENDED;
    snprintf(b->result, sizeof b->result, "tie (0)");
    char *end = sheet(b, 0, SHEET_NONE, NULL);
    int n = 0;
    for (const char *p = strstr(end, "has ended"); p; p = strstr(p + 1, "has ended"))
        n++;
    ck_assert_msg(n == 1 && strstr(end, "Genetess board 101\nThe game has ended (move #1).\n"), "%s", end);
    ck_assert_msg(strstr(end, "\nNo more orders are accepted.\n"), "%s", end);
    free(end);
    board_free(b);
}
END_TEST

START_TEST(sheet_players_and_status)
{
    Board *b = mk(9, 6, 3);
    put(b, "B2", 0, "AP");
    put(b, "H5", 1, "K");
    put(b, "E3", 2, "K");
    b->pl[0].status = PS_ELIMINATED;
    b->pl[0].out_seq = 1;
    b->pl[2].kills = 1;
    b->pl[1].timeouts = 2;
    b->pl[1].timeouts_total = 3;
    b->seat = 1;
    char *s = sheet(b, 0, SHEET_STAR_DONE, "MOVE B2 E: done");
    /* no "was processed" item in the news: the stored order's events told it (contract 4.3: told once) */
    ck_assert_ptr_nonnull(strstr(s, "\n\nIt is bob's move.\n"));
    ck_assert_ptr_null(strstr(s, "was processed"));
    ck_assert_ptr_nonnull(strstr(s, "@ alice eliminated (ronin) (you)"));
    ck_assert_ptr_nonnull(strstr(s, "\nTo move: bob\n"));
    ck_assert_ptr_nonnull(strstr(s, "\n  alice  eliminated (ronin)     0  (you)\n")); /* the score table too */
    ck_assert_ptr_nonnull(strstr(s, "> b bob active, 2 time-outs in a row, 3 in all, holiday left"));
    ck_assert_ptr_nonnull(strstr(s, "  c carol active, no time-outs, holiday left"));
    ck_assert_ptr_nonnull(strstr(s, "Scores so far:"));
    ck_assert_ptr_null(strstr(s, "winner"));
    free(s);
    /* the others, and the public show, are not told of a ronin piece they may not see (contract 8) */
    s = sheet(b, 1, SHEET_YOUR_MOVE, NULL);
    ck_assert_ptr_nonnull(strstr(s, "  a alice eliminated, no time-outs"));
    ck_assert_ptr_null(strstr(s, "ronin"));
    ck_assert_ptr_nonnull(strstr(s, "\nTo move: bob (you)\n")); /* bob reads his own sheet */
    free(s);
    Buf pub;
    buf_init(&pub);
    view_show_public(b, 0, &pub);
    ck_assert_ptr_nonnull(strstr(pub.s, "  alice eliminated, no time-outs"));
    ck_assert_ptr_null(strstr(pub.s, "ronin"));
    buf_free(&pub);
    board_free(b);
}
END_TEST

/* The result in words with its unit, "you" for the reader (contract 14.9); a tie names who shares it. */
START_TEST(sheet_result_in_words)
{
    Board *b = mk(9, 6, 3);
    put(b, "B2", 0, "K");
    b->pl[1].status = PS_ELIMINATED;
    b->pl[1].out_seq = 1;
    b->pl[0].kills = 1;
    b->phase = PHASE_ENDED;
    snprintf(b->result, sizeof b->result, "won by alice (11)");
    char *s = sheet(b, 0, SHEET_NONE, NULL);
    ck_assert_msg(strstr(s, "The game has ended (move #1).\nResult: won by you (11 points)\n"), "%s", s);
    free(s);
    s = sheet(b, 2, SHEET_NONE, NULL);
    ck_assert_msg(strstr(s, "\nResult: won by alice (11 points)\n"), "%s", s);
    free(s);
    b->pl[0].kills = 0; /* alice and carol 1 point each */
    snprintf(b->result, sizeof b->result, "tie (1)");
    s = sheet(b, 2, SHEET_NONE, NULL);
    ck_assert_msg(strstr(s, "\nResult: a tie at 1 point: alice and you\n"), "%s", s);
    free(s);
    board_free(b);
}
END_TEST

/* The reader's start is named with its square (contract 14.9: no unexplained shorthand). */
START_TEST(sheet_start_with_its_square)
{
    Board *b = mk(9, 6, 2);
    put(b, "B2", 0, "K");
    b->st = xcalloc(2, sizeof *b->st);
    b->st[0] = (Start){.label = 1, .sq = sq(b, "B2")};
    b->st[1] = (Start){.label = 2, .sq = sq(b, "G4")};
    b->nst = 2;
    b->pl[0].start = 1;
    b->pl[1].start = 2;
    char *s = sheet(b, 0, SHEET_YOUR_MOVE, NULL);
    ck_assert_msg(strstr(s, "\nYour start: GPC1 (start square 1, on B2)\n"), "%s", s);
    ck_assert_ptr_null(strstr(s, "G4"));
    free(s);
    board_free(b);
}
END_TEST

/* showas prints the sheet last mailed to the byte: its events, its result line (of several lines too) and "New
 * game." come back from the board file, where the sheet left them (sheet_take); a sheet mailed to another
 * player does not change it. */
START_TEST(showas_is_the_last_sheet)
{
    Board *b = mk(9, 6, 2);
    put(b, "B2", 0, "K");
    put(b, "H5", 1, "K");
    for (int round = 0; round < 2; round++) {
        Game g;
        game_init(&g, b, 1700000000);
        board_news_add(&b->pl[0].news, NEWS_EVENT, round ? "bob passed." : "bob timed out (1 in a row).");
        g.sheet_due[0] = g.sheet_due[1] = true;
        SheetsDue due;
        const char *result = round ? "Gamble received: one.\nGamble received: two." : NULL;
        sheet_take(&due, &g, round == 0, round ? 0 : -1, result);
        char *mailed = sheet_render(b, 0, &(SheetNews){&due.news[0], &due.ebook[0], result, round == 0, false, NULL, 0}, NULL);
        ck_assert_msg(strstr(mailed, round ? "Result of your last order: Gamble received: one.\n"
                                             "    Gamble received: two.\n"
                                           : "New game.\nIt is your move.\n"), "%s", mailed);
        char *text = boardfile_write(b);
        Err err;
        Board *c = boardfile_parse(text, "101", &err);
        ck_assert_msg(c != NULL, "%s", err.msg);
        Buf now;
        buf_init(&now);
        sheet_current(c, 0, 0, &now, NULL);
        ck_assert_str_eq(now.s, mailed);
        buf_free(&now);
        board_free(c);
        free(text);
        free(mailed);
        sheet_due_free(&due);
        game_done(&g);
    }
    board_free(b);
}
END_TEST

Suite *view_suite(void);
Suite *view_suite(void)
{
    Suite *s = suite_create("view");
    TCase *t = tcase_create("maps");
    tcase_add_test(t, view_radius_one);
    tcase_add_test(t, view_d_is_seven_by_seven);
    tcase_add_test(t, view_f_decodes_its_own_view_only);
    tcase_add_test(t, view_ronin_and_orphans);
    tcase_add_test(t, view_full_and_round0);
    suite_add_tcase(s, t);
    t = tcase_create("sheet");
    tcase_add_test(t, sheet_exact_board_and_fog);
    tcase_add_test(t, sheet_decoded_and_phased);
    tcase_add_test(t, sheet_strips_of_36);
    tcase_add_test(t, sheet_windows_apart);
    tcase_add_test(t, sheet_strips_fit_78);
    tcase_add_test(t, sheet_long_texts_fit);
    tcase_add_test(t, sheet_news_from_options);
    tcase_add_test(t, sheet_reveal_drawn_where_seen);
    tcase_add_test(t, sheet_round0);
    tcase_add_test(t, sheet_round0_new_shows_gambles);
    tcase_add_test(t, sheet_says_each_fact_once);
    tcase_add_test(t, help_sheet_uses_the_sheet_words);
    tcase_add_test(t, sheet_players_and_status);
    suite_add_tcase(s, t);
    t = tcase_create("show");
    tcase_add_test(t, sheet_result_in_words);
    tcase_add_test(t, sheet_start_with_its_square);
    tcase_add_test(t, showas_is_the_last_sheet);
    tcase_add_test(t, view_all_players_and_key);
    tcase_add_test(t, legend_lines_made_once);
    suite_add_tcase(s, t);
    return s;
}
