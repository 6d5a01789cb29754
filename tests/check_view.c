/* Tests of sight (view maps, contract 8) and view: the turnsheet (contract 14.9) and show (contract 11); fog of war above all. */
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

/* A w x h board of floor inside one ring of exterior wall; players alice, bob, carol... in play, round 1,
 * alice (seat 0) to move. */
static Board *mk(int w, int h, int np)
{
    static const char *const ids[] = {"alice", "bob", "carol", "dave"};
    Board *b = board_new();
    b->number = 101;
    snprintf(b->par.map, sizeof b->par.map, "test");
    board_set_size(b, w, h);
    for (int r = 0; r < h; r++)
        for (int c = 0; c < w; c++)
            b->ter[board_sq(b, c, r)] = (r == 0 || c == 0 || r == h - 1 || c == w - 1) ? TER_XWALL : TER_FLOOR;
    b->pl = xcalloc((size_t)np, sizeof *b->pl);
    b->np = np;
    for (int i = 0; i < np; i++) {
        snprintf(b->pl[i].id, sizeof b->pl[i].id, "%s", ids[i]);
        b->pl[i].e = 5;
        b->pl[i].holiday_left = 14 * 86400;
        b->pl[i].start = i + 1;
    }
    b->phase = PHASE_PLAY;
    b->round = 1;
    b->seat = 0;
    b->clock.deadline = 1700000000; /* 2023-11-14 22:13 UTC */
    return b;
}

static int sq(const Board *b, const char *name)
{
    int s;
    Err err;
    ck_assert_int_eq(board_parse_sq(b, name, &s, &err), 0);
    return s;
}

static Piece *put(Board *b, const char *square, int owner, const char *seq)
{
    Genome g;
    Err err;
    ck_assert_msg(piece_parse(seq, &g, true, &err) == 0, "%s", err.msg);
    return board_add_piece(b, sq(b, square), owner, &g);
}

static void add_special(Board *b, int code, const char *square, const char *text)
{
    b->sp = xrealloc(b->sp, sizeof *b->sp * (size_t)(b->nsp + 1));
    Special *s = &b->sp[b->nsp++];
    memset(s, 0, sizeof *s);
    s->code = code;
    s->sq = sq(b, square);
    s->e = 1; /* e=1 per-king=no */
    s->text = xstrdup(text);
}

static uint8_t *view(const Board *b, int player)
{
    uint8_t *m = xmalloc((size_t)b->w * (size_t)b->h);
    sight_compute(b, player, m);
    return m;
}

static int count_bits(const Board *b, const uint8_t *m, int bit)
{
    int n = 0;
    for (int i = 0; i < b->w * b->h; i++)
        n += (m[i] & bit) != 0;
    return n;
}

/* Every line of text is at most 78 columns (mail bodies). */
static void assert_width(const char *text)
{
    int line = 1;
    for (const char *p = text; *p;) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        ck_assert_msg(n <= 78, "line %d is %zu columns: %.*s", line, n, (int)n, p);
        p += n + (nl ? 1 : 0);
        line++;
    }
}

static char *sheet(const Board *b, int reader, SheetVariant variant, const char *result)
{
    SheetOpts o = {.variant = variant, .result = result, .news = &b->pl[reader].news,
                   .ebook = &b->pl[reader].ebook};
    Buf out;
    buf_init(&out);
    view_sheet(b, reader, &o, &out);
    char *s = buf_take(&out);
    assert_width(s);
    return s;
}

/* True when some line of text starts with prefix. */
static bool has_line_prefix(const char *text, const char *prefix)
{
    size_t n = strlen(prefix);
    for (const char *p = text; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
        if (strncmp(p, prefix, n) == 0)
            return true;
    return false;
}

/* The whole line of text starting with prefix (static buffer), or NULL. */
static const char *line_with(const char *text, const char *prefix)
{
    static char buf[512];
    size_t n = strlen(prefix);
    for (const char *p = text; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
        if (strncmp(p, prefix, n) == 0) {
            const char *nl = strchr(p, '\n');
            size_t k = nl ? (size_t)(nl - p) : strlen(p);
            if (k >= sizeof buf)
                k = sizeof buf - 1;
            memcpy(buf, p, k);
            buf[k] = '\0';
            return buf;
        }
    return NULL;
}

/* The last non-empty line. */
static const char *last_line(const char *text)
{
    static char buf[512];
    size_t n = strlen(text);
    while (n && text[n - 1] == '\n')
        n--;
    size_t s = n;
    while (s && text[s - 1] != '\n')
        s--;
    snprintf(buf, sizeof buf, "%.*s", (int)(n - s), text + s);
    return buf;
}

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
    ck_assert_str_eq(line_with(s, "  B4 "), "  B4    S1   Gold seam");
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
    sl_push(&b->pl[0].ebook, "+1 accrual (1 K)");
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
    sl_push(&b->pl[0].ebook, "+9 left in the board");
    News news = {0};
    StrList ebook = {0};
    board_news_add(&news, NEWS_STORED_RAN, "Your stored order PASS was processed.");
    sl_push(&ebook, "+1 accrual (1 K)");
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
    sl_free(&ebook);
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

/* A player's map: the squares in view as they are, the others as the player last saw them, marked apart
 * (':' floor, 'x' interior wall), no start labels; the changes since the start they know of (contract 8). */
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
                        "2 # . . : : : : # 2\n"
                        "3 # . . : x : : # 3\n"
                        "4 # : : : : x : # 4\n"
                        "5 # # # # # # # # 5\n"
                        "  A B C D E F G H\n"
                        "Key: in your view now: #=wall, +=interior wall, .=floor; out of your view, as\n"
                        "     you last saw it: x=interior wall, :=floor, #=wall (never removed)\n"
                        "Changed since the start, as you know: D3 interior wall to floor (as you last\n"
                        "    saw it), F4 floor to interior wall (as you last saw it)\n");
    char *bob = map_of(b, 1);
    ck_assert_msg(strstr(bob, "3 # : : x : . . # 3\n"
                              "4 # : : : : + . # 4\n"), "%s", bob);
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
    ck_assert_ptr_nonnull(strstr(s, "Your stored order was processed.\nIt is bob's move.\n"));
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
    ck_assert_msg(strstr(s, "\nYour start: GPC1 (B2)\n"), "%s", s);
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
        char *mailed = sheet_render(b, 0, &due.news[0], &due.ebook[0], result, round == 0, false, NULL);
        ck_assert_msg(strstr(mailed, round ? "Result of your last order: Gamble received: one.\n"
                                             "    Gamble received: two.\n"
                                           : "New game.\nIt is your move.\n"), "%s", mailed);
        char *text = boardfile_write(b);
        Err err;
        Board *c = boardfile_parse(text, "101", &err);
        ck_assert_msg(c != NULL, "%s", err.msg);
        Buf now;
        buf_init(&now);
        sheet_current(c, 0, &now, NULL);
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

/* The nag mail's Subject and text (contract 4.4): the move, or the gambles in round 0. */
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
                             "Send: genetess move 101 alice <password> <ORDER>#1\n");
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
                             "Send: genetess move 101 alice <password> <ORDER>#1\n");
    buf_free(&subj);
    buf_free(&body);
    b->phase = PHASE_ROUND0;
    buf_init(&subj);
    buf_init(&body);
    view_nag(b, 1, &subj, &body);
    ck_assert_str_eq(subj.s, "Nag: Genetess Board 101 bob");
    ck_assert_str_eq(body.s, "Reminder: Genetess board 101 is in round 0 and waits for your GAMBLE orders.\n"
                             "The deadline is 2023-11-14 22:13 UTC;\nmissing gambles then count as 0E don't care.\n"
                             "Send: genetess move 101 bob <password> <ORDER>#1\n");
    buf_free(&subj);
    buf_free(&body);
    board_free(b);
}
END_TEST

Suite *view_suite(void);
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
    tcase_add_test(t, sheet_new_draws_the_start);
    tcase_add_test(t, map_marks_view_and_memory);
    tcase_add_test(t, help_sheet_uses_the_sheet_words);
    tcase_add_test(t, sheet_players_and_status);
    suite_add_tcase(s, t);
    t = tcase_create("show");
    tcase_add_test(t, show_public_hides_the_board);
    tcase_add_test(t, show_full_after_the_end);
    tcase_add_test(t, nag_text);
    tcase_add_test(t, sheet_result_in_words);
    tcase_add_test(t, sheet_start_with_its_square);
    tcase_add_test(t, showas_is_the_last_sheet);
    tcase_add_test(t, wrap_fits_or_wraps);
    suite_add_tcase(s, t);
    return s;
}
