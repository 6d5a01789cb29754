/* Tests for board: squares and columns, GameFile round trip, refusal of corrupt boards with <name>:<line>, invariants. */
#include "fixtures.h"
#include "gamefile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
    int col;
    const char *name;
} cols[] = {{0, "A"}, {25, "Z"}, {26, "AA"}, {27, "AB"}, {51, "AZ"}, {701, "ZZ"}, {702, "AAA"}};

START_TEST(test_col_names)
{
    char buf[8];
    ck_assert_str_eq(grid_col_name(cols[_i].col, buf), cols[_i].name);
    int c, r;
    char sq[16];
    snprintf(sq, sizeof sq, "%s12", cols[_i].name);
    ck_assert_int_eq(grid_sq_parse_name(sq, &c, &r), 0);
    ck_assert_int_eq(c, cols[_i].col);
    ck_assert_int_eq(r, 11);
}
END_TEST

START_TEST(test_squares)
{
    static const char *const rows[] = {"#####", "#...#", "#####", NULL};
    Board *b = fx_board(rows, 2, 0);
    int sq, c, r;
    Err err;
    ck_assert_int_eq(board_parse_sq(b, "c2", &sq, &err), 0);
    char nm[16];
    ck_assert_str_eq(board_sq_name(b, sq, nm), "C2");
    ck_assert_int_eq(board_parse_sq(b, "F2", &sq, &err), -1);
    ck_assert_str_eq(err.msg, "F2 is off the board");
    ck_assert_int_eq(grid_sq_parse_name("A0", &c, &r), -1);
    ck_assert_int_eq(grid_sq_parse_name("3A", &c, &r), -1);
    ck_assert_int_eq(grid_sq_parse_name("AAAA1", &c, &r), -1);
    ck_assert_int_eq(board_step(b, board_sq(b, 0, 0), DIR_N), -1);
    ck_assert_int_eq(board_step(b, fx_sq(b, "B2"), DIR_SE), fx_sq(b, "C3"));
    ck_assert_int_eq(board_dist(b, fx_sq(b, "B2"), fx_sq(b, "D3")), 2);
    ck_assert_int_eq(grid_dir_parse("sw"), DIR_SW);
    board_free(b);
}
END_TEST

static Board *sample(void)
{
    static const char *const rows[] = {"  #######", "  #..+..#", "  #.....#", "  #######", NULL};
    Board *b = fx_board(rows, 2, 7);
    fx_piece(b, "D2", 0, "ABBr");
    fx_piece(b, "H3", 1, "DKu");
    sl_push(&b->moves, "1a alice PASS");
    sl_push(&b->pl[0].queue, "*MOVE D2 E-E");
    board_news_add(&b->pl[1].news, NEWS_EVENT, "(odd) text \\ kept");
    b->initial = xstrdup("(genetess 1)\n(x\n\\(y\n)\n");
    b->initial_base = 1;
    return b;
}

/* News keeps its kinds: a tag before the text of the stored orders' items, the sheet's mark as before, an
 * untagged line (a board written before kinds) an event (contract 10). */
START_TEST(test_news_kinds_round_trip)
{
    Board *b = sample();
    board_news_add(&b->pl[0].news, NEWS_EVENT, "bob passed.");
    board_news_add(&b->pl[0].news, NEWS_SHEET_NEW, "New game.");
    board_news_add(&b->pl[0].news, NEWS_SHEET_RESULT, "PASS: done");
    board_news_add(&b->pl[0].news, NEWS_SHEET_SENT, NULL);
    board_news_add(&b->pl[0].news, NEWS_STORED_RAN, "Your stored order PASS was processed.");
    board_news_add(&b->pl[0].news, NEWS_STORED_FAILED, "Your stored order MOVE D2 N failed: D1 is a wall.");
    board_news_add(&b->pl[0].news, NEWS_STORED_DROPPED, "Your stored HOLIDAY was dropped: no allowance.");
    char *t1 = boardfile_write(b);
    ck_assert_msg(strstr(t1, "(news\nalice bob passed.\nalice !new New game.\nalice !result PASS: done\n"
                             "alice -- sheet sent --\n"
                             "alice !ran Your stored order PASS was processed.\n"
                             "alice !failed Your stored order MOVE D2 N failed: D1 is a wall.\n"
                             "alice !dropped Your stored HOLIDAY was dropped: no allowance.\n"
                             "bob (odd) text \\ kept\n)\n"),
                  "%s", t1);
    Err err;
    Board *c = boardfile_parse(t1, "101", &err);
    ck_assert_msg(c != NULL, "%s", err.msg);
    static const NewsKind kinds[] = {NEWS_EVENT, NEWS_SHEET_NEW, NEWS_SHEET_RESULT, NEWS_SHEET_SENT, NEWS_STORED_RAN,
                                     NEWS_STORED_FAILED, NEWS_STORED_DROPPED};
    ck_assert_int_eq(c->pl[0].news.n, 7);
    for (int i = 0; i < 7; i++)
        ck_assert_int_eq(c->pl[0].news.v[i].kind, kinds[i]);
    ck_assert_str_eq(c->pl[0].news.v[2].text, "PASS: done");
    ck_assert_str_eq(c->pl[0].news.v[4].text, "Your stored order PASS was processed.");
    ck_assert_int_eq(c->pl[1].news.v[0].kind, NEWS_EVENT);
    free(t1);
    board_free(c);
    board_free(b);
}
END_TEST

/* One entry of a text read by the board file's own rules (GameFile.only): its items alone, escapes undone, the
 * text after it not read (not even an error there); an error before it still found. */
START_TEST(test_gamefile_only_one_entry)
{
    Err err;
    GameFile ps = {.name = "t", .err = &err, .only = "map"};
    ck_assert_int_eq(gamefile_split(&ps, "(genetess 1)\n(x\na\n)\n(map\n##\n\\ #\n)\n(y\n(bad\n"), 0);
    int rc = 0;
    GameEntry *e = gamefile_find(&ps, "map", true, false, &rc);
    ck_assert_ptr_nonnull(e);
    ck_assert_int_eq(e->items.n, 2);
    ck_assert_str_eq(e->items.v[0], "##");
    ck_assert_str_eq(e->items.v[1], " #");
    ck_assert_int_eq(e->lines[1], 7);
    GameEntry *x = gamefile_find(&ps, "x", true, false, &rc);
    ck_assert_ptr_nonnull(x);
    ck_assert_int_eq(x->items.n, 0); /* another entry's items are not kept */
    gamefile_free(&ps);
    GameFile bad = {.name = "t", .err = &err, .only = "map"};
    ck_assert_int_eq(gamefile_split(&bad, "(x\n(oops\n)\n(map\n#\n)\n"), -1);
    ck_assert_str_eq(err.msg, "t:2: unescaped '(' inside (x");
    gamefile_free(&bad);
}
END_TEST

/* A control character anywhere in a board file is refused with its line, whichever way the text is looked at (the
 * whole text a block at a time first): every byte below 0x20 but tab and newline, DEL, a CR inside a line; a CR
 * ending a line, a tab and bytes from 0x80 are read. */
START_TEST(test_gamefile_controls)
{
    Err err;
    Buf t;
    buf_init(&t);
    for (int line = 0; line < 40; line++)
        buf_add(&t, line % 3 ? "alice D2 + caf\xc3\xa9\there\n" : "bob E4 # \xe2\x80\x94 fine\r\n");
    char *text = xasprintf("(genetess 1)\n(x\n%s)\n", t.s);
    GameFile ok = {.name = "t", .err = &err};
    ck_assert_int_eq(gamefile_split(&ok, text), 0);
    gamefile_free(&ok);
    size_t n = strlen(text);
    for (int c = 1; c < 0x80; c++) {
        if (c >= 0x20 && c < 0x7f)
            continue;
        for (size_t at = 20; at < n; at += 97) {
            if (text[at] == '\n' || text[at] == '\r' || (text[at] & 0x80) || c == '\n' || c == '\t')
                continue;
            char *u = xstrdup(text);
            u[at] = (char)c;
            int lineno = 1;
            for (size_t k = 0; k < at; k++)
                lineno += u[k] == '\n';
            GameFile bad = {.name = "t", .err = &err};
            ck_assert_msg(gamefile_split(&bad, u) == -1, "byte 0x%02x at %zu read", c, at);
            char *want = xasprintf("t:%d: control character in the board file", lineno);
            ck_assert_str_eq(err.msg, want);
            free(want);
            gamefile_free(&bad);
            free(u);
        }
    }
    free(text);
    buf_free(&t);
}
END_TEST

/* A status line reads the same whether it is written as the program writes it (read at once) or otherwise (a hand
 * edit: blanks doubled, a tab, leading zeros, ten digits: read word by word), and a line that is not its six words
 * with whole numbers — a sign, a blank after '=', two words run together, words after it, a number past INT_MAX
 * that sscanf's %d would have wrapped — is refused (contract 10.4). */
START_TEST(test_status_lines)
{
    static const struct {
        const char *line; /* bob's status line */
        int ok, kills, start; /* loads; then bob's kills and start */
    } cases[] = {
        {"bob active out=0 kills=3 start=2 timeouts=0 total-timeouts=1", 1, 3, 2},
        {"bob active  out=0 kills=3 start=2 timeouts=0 total-timeouts=1", 1, 3, 2},
        {"bob active\tout=0 kills=3 start=002 timeouts=0 total-timeouts=1 ", 1, 3, 2},
        {"bob active out=0 kills=3 start=0000000002 timeouts=0 total-timeouts=1", 1, 3, 2},
        {"bob active out=0 kills=3 start=2147483647 timeouts=0 total-timeouts=1", 1, 3, 2147483647},
        {"bob active out=0 kills=+3 start=2 timeouts=0 total-timeouts=1", 0, 0, 0},
        {"bob active out=0 kills=3 start=2 timeouts=0 total-timeouts=1 more", 0, 0, 0},
        {"bob active out=0 kills= 3 start=2 timeouts=0 total-timeouts=1", 0, 0, 0},
        {"bob active out=0 kills=3start=2 timeouts=0 total-timeouts=1", 0, 0, 0},
        {"bob active out=0 kills=3 start=4294967298 timeouts=0 total-timeouts=1", 0, 0, 0},
        {"bob active out=0 kills=3 start=2147483648 timeouts=0 total-timeouts=1", 0, 0, 0},
        {"bob active out=0 kills=3 start=2 timeouts=0", 0, 0, 0},
        {"bob active out=0 kills=x start=2 timeouts=0 total-timeouts=1", 0, 0, 0},
        {"bob actively out=0 kills=3 start=2 timeouts=0 total-timeouts=1", 0, 0, 0},
        {"bob active out=0 kills=-3 start=2 timeouts=0 total-timeouts=1", 0, 0, 0},
    };
    Board *b = sample();
    char *t = boardfile_write(b);
    const char *from = strstr(t, "\nbob active out=");
    ck_assert_ptr_nonnull(from);
    const char *end = strchr(from + 1, '\n');
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *u = xasprintf("%.*s\n%s%s", (int)(from - t), t, cases[i].line, end);
        Err err;
        Board *c = boardfile_parse(u, "101", &err);
        ck_assert_msg((c != NULL) == cases[i].ok, "case %zu: %s", i, c ? "loaded" : err.msg);
        if (c) {
            ck_assert_int_eq(c->pl[1].kills, cases[i].kills);
            ck_assert_int_eq(c->pl[1].start, cases[i].start);
            ck_assert_int_eq(c->pl[1].timeouts_total, 1);
        } else {
            ck_assert_ptr_nonnull(strstr(err.msg, "bad status line"));
        }
        board_free(c);
        free(u);
    }
    free(t);
    board_free(b);
}
END_TEST

/* The E breakdown is kept as the news are: its words, the sheet's mark as the same line, read back as a mark
 * (a kind, never compared as words by the sheets); a line that looks like a news tag is its words, untagged. */
START_TEST(test_ebook_marks_round_trip)
{
    Board *b = sample();
    board_news_add(&b->pl[0].ebook, NEWS_EVENT, "+1 accrual at 1a (1 K)");
    board_news_add(&b->pl[0].ebook, NEWS_SHEET_SENT, NULL);
    board_news_add(&b->pl[0].ebook, NEWS_EVENT, "-5 CREATE AAB on C4");
    board_news_add(&b->pl[1].ebook, NEWS_EVENT, "!ran not a tag here");
    char *t1 = boardfile_write(b);
    ck_assert_msg(strstr(t1, "(ebook\nalice +1 accrual at 1a (1 K)\nalice -- sheet sent --\n"
                             "alice -5 CREATE AAB on C4\nbob !ran not a tag here\n)\n"),
                  "%s", t1);
    Err err;
    Board *c = boardfile_parse(t1, "101", &err);
    ck_assert_msg(c != NULL, "%s", err.msg);
    ck_assert_int_eq(c->pl[0].ebook.n, 3);
    ck_assert_int_eq(c->pl[0].ebook.v[0].kind, NEWS_EVENT);
    ck_assert_int_eq(c->pl[0].ebook.v[1].kind, NEWS_SHEET_SENT);
    ck_assert_ptr_null(c->pl[0].ebook.v[1].text);
    ck_assert_str_eq(c->pl[0].ebook.v[2].text, "-5 CREATE AAB on C4");
    ck_assert_int_eq(c->pl[1].ebook.v[0].kind, NEWS_EVENT);
    ck_assert_str_eq(c->pl[1].ebook.v[0].text, "!ran not a tag here");
    char *t2 = boardfile_write(c);
    ck_assert_str_eq(t2, t1);
    free(t1);
    free(t2);
    board_free(c);
    board_free(b);
}
END_TEST

/* The keys of the mailed commands that changed a board: kept in order, the oldest dropped past 32, written and
 * read back; a hand-edited key that is not 16 hex digits is refused with its line. */
START_TEST(test_handled_keys)
{
    Board *b = sample();
    ck_assert(!board_handled_has(b, 7));
    for (uint64_t k = 1; k <= BOARD_HANDLED_MAX + 2; k++)
        board_handled_add(b, k);
    board_handled_add(b, 5); /* already there: no second copy */
    ck_assert_int_eq(b->nhandled, BOARD_HANDLED_MAX);
    ck_assert(!board_handled_has(b, 1) && !board_handled_has(b, 2) && board_handled_has(b, 3));
    ck_assert(board_handled_has(b, BOARD_HANDLED_MAX + 2));
    char *t1 = boardfile_write(b);
    ck_assert_msg(strstr(t1, "\n(handled 0000000000000003 0000000000000004 "), "%s", t1);
    Err err;
    Board *c = boardfile_parse(t1, "101", &err);
    ck_assert_msg(c != NULL, "%s", err.msg);
    ck_assert_int_eq(c->nhandled, BOARD_HANDLED_MAX);
    ck_assert(c->handled[0] == 3 && c->handled[BOARD_HANDLED_MAX - 1] == BOARD_HANDLED_MAX + 2);
    board_free(c);
    char *bad = xstrdup(t1), *at = strstr(bad, "0000000000000003");
    at[3] = 'x';
    ck_assert_ptr_null(boardfile_parse(bad, "101", &err));
    ck_assert_msg(strstr(err.msg, "bad key '000x000000000003' in (handled"), "%s", err.msg);
    free(bad);
    free(t1);
    board_free(b);
    b = sample(); /* none: no entry at all */
    t1 = boardfile_write(b);
    ck_assert_ptr_null(strstr(t1, "(handled"));
    free(t1);
    board_free(b);
}
END_TEST

START_TEST(test_round_trip)
{
    Board *b = sample();
    char *t1 = boardfile_write(b);
    Err err;
    Board *c = boardfile_parse(t1, "101", &err);
    ck_assert_msg(c != NULL, "%s", err.msg);
    char *t2 = boardfile_write(c);
    ck_assert_str_eq(t1, t2);
    ck_assert_str_eq(fx_seq(c, "D2"), "ABBr");
    ck_assert_str_eq(c->pl[0].queue.v[0], "*MOVE D2 E-E");
    ck_assert_str_eq(c->pl[1].news.v[0].text, "(odd) text \\ kept");
    ck_assert_str_eq(c->initial, b->initial);
    ck_assert_int_eq(c->ter[fx_sq(c, "A3")], TER_OUTSIDE);
    ck_assert_msg(strstr(t1, "\nD2 alice ABBr\nH3 bob DKu\n"), "%s", t1);
    ck_assert_msg(strstr(t1, "(energy 7 7)"), "%s", t1);
    free(t1);
    free(t2);
    board_free(b);
    board_free(c);
}
END_TEST

/* Each corruption of the sample's text and the exact reason (with the line it names). */
static const struct {
    const char *from, *to, *msg;
} corrupt[] = {
    {"(genetess 1)", "(genetess 2)", "101:1: unsupported board format version 2"},
    {"D2 alice ABBr", "D2 alice BBA", "sequence not in canonical order (codes alphabetical, then r, then u)"},
    {"D2 alice ABBr", "D2 mallory AB", "piece of an unknown player"},
    {"D2 alice ABBr", "H3 alice AB", "two pieces on one square"},
    {"D2 alice ABBr", "D2 alice B", "piece on D2 is not viable (needs A or K)"},
    {"D2 alice ABBr", "F2 alice AB", "piece on F2 is not on floor"},
    {"D2 alice ABBr", "Z9 alice AB", "Z9 is off the board"},
    {"(energy 7 7)", "(energy 7 -1)", "E must be a whole number >= 0"},
    {"(energy 7 7)", "(energy 7)", "(energy needs one value per player"},
    {"(turn play 1 0)", "(turn play 1 5)", "bad (turn"},
    /* numbers past their type and words after them: refused, never wrapped or left unread (contract 10.4) */
    {"(turn play 1 0)", "(turn play 4294967297 0)", "bad (turn"},
    {"(turn play 1 0)", "(turn play 1 0 junk)", "bad (turn"},
    {"(starts\n", "(starts\nGPC4294967297 C2\n", "start lines are GPC<n> SQUARE, numbered from 1"},
    {"(starts\n", "(starts\nGPC1 C2 C3\n", "start lines are GPC<n> SQUARE, numbered from 1"},
    {"(clock created=", "(clock created=99999999999999999999", "bad (clock"},
    {"(clock created=", "(clock created=-1", "bad (clock"},
    {" fresh=", " fresh=2", "bad (clock"},
    {" ended=", " ended=253402300800 x=", "bad (clock"},
    {"(random splitmix64 ", "(random splitmix64 x ", "(random needs splitmix64 and 16 hex digits"},
    {"alice active out=0", "alice resigned out=1", "the current turn belongs to alice, who has no turns left"},
    {"(players alice bob)", "(players alice alice)", "player listed twice"},
    {"(moves\n", "(movez\n", "unknown entry (movez"},
    {"(random splitmix64", "(random mt19937", "(random needs splitmix64 and 16 hex digits"},
    {"(map\n", "(map\n\\##%#\n", "bad map character (only '#', '+', '.' and space)"},
    {"#.....#", "#......", "map: floor on I3 is at the edge of the grid (contract 7: exterior walls enclose it)"},
    {"#..+..#", "+..+..#", "map: interior wall on C2 touches the outside"},
    /* one reason per entry of the board file's table, in reading order */
    {"(genetess 1)", "(genetess\n)", "101:1: bad version"},
    {"(number 101)", "(number 0)", "101:2: bad board number"},
    {" deadline=", " deadline=0 x=", "101:3: deadline: deadline must be a whole number from 1 to 8760"},
    {" deadline=", " deadline ", "101:3: bad parameter (key=value)"},
    {"(players alice bob)", "(players alice bob:x)", "bad userid in (players"},
    {"(turn play 1 0)", "(turn play 0 0)", "round does not match the phase"},
    {"(energy 7 7)", "(energy\n)", "101:6: entry (energy must be on one line"},
    {"alice active out=0", "alice active out=-1", "bad status line"},
    {"D2 alice ABBr\nH3 bob DKu", "H3 bob DKu\nD2 alice ABBr", "pieces not in reading order"},
    {"(starts\n", "(starts\nGPC2 C2\n", "start lines are GPC<n> SQUARE, numbered from 1"},
    {"(views\n", "(views\nalice reveal D2 mallory A 1a\n", "reveal of an unknown player's piece"},
    {"(gambles\n", "(gambles\nalice order 3 0\n", "bad gamble preference"},
    {"(clock created=", "(clock created=x", "bad (clock"},
    {"(holidays ", "(holidays 1 ", "(holidays needs one value per player"},
    {"(quiet", "(quiet mallory", "unknown player in (quiet"},
    {"(queue\n", "(queue\nmallory PASS\n", "unknown player"},
    {"(initial\n1\n", "(initial\n2\n", "(initial must start with the number of moves it reflects"},
    {"(moves\n", "(number 7)\n(moves\n", "duplicate entry (number"},
    {"(moves\n1a alice PASS\n)\n", "", "101:1: missing entry (moves)"},
    /* the players' maps (contract 10: (known) */
    {"(known\n", "(known\nmallory D2 +\n", "unknown player"},
    {"(known\n", "(known\nalice D2\n", "a known line is USERID SQUARE TERRAIN ('#', '+' or '.')"},
    {"(known\n", "(known\nalice D2 x\n", "a known line is USERID SQUARE TERRAIN ('#', '+' or '.')"},
    {"(known\n", "(known\nalice D2 + +\n", "a known line is USERID SQUARE TERRAIN ('#', '+' or '.')"},
    {"(known\n", "(known\nalice d2 +\n", "square not written in upper case"},
    {"(known\n", "(known\nalice Z9 +\n", "Z9 is off the board"},
    {"(known\n", "(known\nalice A1 +\n", "known: A1 is outside the board"},
    {"(known\n", "(known\nalice D2 .\n", "known: D2 of alice is as the game started (only changes are listed)"},
    {"(known\n", "(known\nalice D2 +\nalice D2 #\n", "known: D2 of alice is given twice"},
};

START_TEST(test_corrupt)
{
    Board *b = sample();
    char *t = boardfile_write(b);
    char *p = strstr(t, corrupt[_i].from);
    ck_assert_msg(p != NULL, "sample lacks %s", corrupt[_i].from);
    size_t n = strlen(t) + strlen(corrupt[_i].to) + 1;
    char *u = xmalloc(n);
    memcpy(u, t, (size_t)(p - t));
    strcpy(u + (p - t), corrupt[_i].to);
    strcat(u, p + strlen(corrupt[_i].from));
    BoardfileError bad;
    Board *c = boardfile_parse_at(u, "101", &bad);
    ck_assert_msg(c == NULL, "corruption %d loaded", _i);
    const char *msg = bad.err.msg;
    ck_assert_msg(strstr(msg, corrupt[_i].msg) && strncmp(msg, "101:", 4) == 0, "got: %s", msg);
    /* every reason names the line, "101:<line>: ", and the error holds that line as a number */
    char place[32];
    snprintf(place, sizeof place, "101:%d: ", bad.line);
    ck_assert_msg(bad.line > 0 && strncmp(msg, place, strlen(place)) == 0, "line %d for: %s", bad.line, msg);
    Err err;
    ck_assert_ptr_null(boardfile_parse(u, "101", &err)); /* the same reason without its place */
    ck_assert_str_eq(err.msg, msg);
    free(t);
    free(u);
    board_free(b);
}
END_TEST

/* Each player's map round-trips as the squares they know otherwise than the start (contract 10: (known);
 * without a snapshot the start is the terrain now): alice saw F2 mined, bob did not. */
START_TEST(test_known_round_trip)
{
    Board *b = sample();
    int f2 = fx_sq(b, "F2");
    board_start_fix(b);
    ck_assert_int_eq(b->ter[f2], TER_IWALL);
    b->ter[f2] = TER_FLOOR;
    board_known_set(b, 0, f2, TER_FLOOR);
    board_known_set(b, 1, fx_sq(b, "E3"), TER_IWALL); /* bob: a wall he saw made there, gone since */
    char *t1 = boardfile_write(b);
    ck_assert_msg(strstr(t1, "(known\nbob F2 +\nbob E3 +\n)\n"), "%s", t1);
    Err err;
    Board *c = boardfile_parse(t1, "101", &err);
    ck_assert_msg(c != NULL, "%s", err.msg);
    ck_assert_int_eq(board_known(c, 0)[f2], TER_FLOOR);
    ck_assert_int_eq(board_known(c, 1)[f2], TER_IWALL);
    ck_assert_int_eq(board_known(c, 1)[fx_sq(c, "E3")], TER_IWALL);
    ck_assert_int_eq(board_known(c, 0)[fx_sq(c, "E3")], TER_FLOOR);
    ck_assert_ptr_null(c->pl[0].known); /* alice knows the start's terrain: no copy of her own */
    char *t2 = boardfile_write(c);
    ck_assert_str_eq(t1, t2);
    free(t1);
    free(t2);
    board_free(b);
    board_free(c);
}
END_TEST

/* The maps begin from the initial snapshot's terrain, the board the game started from: a board written before
 * maps were kept (no (known) has every player know the start, not the terrain now (contract 10). */
START_TEST(test_known_from_initial)
{
    Board *b = sample();
    int f2 = fx_sq(b, "F2");
    free(b->initial);
    b->initial = NULL;
    b->initial = boardfile_write(b); /* F2 an interior wall when the game started */
    board_start_fix(b);
    b->ter[f2] = TER_FLOOR;          /* mined since, where bob saw it and alice did not */
    board_known_set(b, 1, f2, TER_FLOOR);
    char *t = boardfile_write(b);
    ck_assert_msg(strstr(t, "(known\nbob F2 .\n)\n"), "%s", t);
    Err err;
    Board *c = boardfile_parse(t, "101", &err);
    ck_assert_msg(c != NULL, "%s", err.msg);
    ck_assert_int_eq(board_start_terrain(c)[f2], TER_IWALL);
    ck_assert_int_eq(board_known(c, 0)[f2], TER_IWALL);
    ck_assert_int_eq(board_known(c, 1)[f2], TER_FLOOR);
    board_free(c);
    /* the same board without the entry: both know the start */
    char *k = strstr(t, "(known\n");
    char *e = strstr(k, ")\n");
    memmove(k, e + 2, strlen(e + 2) + 1);
    c = boardfile_parse(t, "101", &err);
    ck_assert_msg(c != NULL, "%s", err.msg);
    ck_assert_int_eq(board_known(c, 0)[f2], TER_IWALL);
    ck_assert_int_eq(board_known(c, 1)[f2], TER_IWALL);
    ck_assert_int_eq(c->ter[f2], TER_FLOOR);
    board_free(c);
    free(t);
    board_free(b);
}
END_TEST

START_TEST(test_hand_edit_loads)
{
    Board *b = sample();
    char *t = boardfile_write(b);
    char *p = strstr(t, "D2 alice ABBr");
    memcpy(p, "D2 alice AAAr", 13); /* a different but valid sequence */
    Err err;
    Board *c = boardfile_parse(t, "101", &err);
    ck_assert_msg(c != NULL, "%s", err.msg);
    ck_assert_str_eq(fx_seq(c, "D2"), "AAAr");
    free(t);
    board_free(b);
    board_free(c);
}
END_TEST

START_TEST(test_pieces_index)
{
    Board *b = sample();
    fx_piece(b, "E3", 0, "A");
    board_remove_piece(b, fx_sq(b, "D2"));
    fx_check(b);
    board_move_piece(b, fx_sq(b, "E3"), fx_sq(b, "D3"));
    board_swap_pieces(b, fx_sq(b, "D3"), fx_sq(b, "H3"));
    fx_check(b);
    ck_assert_str_eq(fx_seq(b, "D3"), "DKu");
    ck_assert_str_eq(fx_seq(b, "H3"), "A");
    ck_assert_int_eq(b->npc, 2);
    board_free(b);
}
END_TEST


/* ---- the save checks the state, not its text: parse(write(b)) must be b for every board that passes
 * board_check (pipeline.c's save relies on it) ---- */

static const char *const rt_seqs[] = {"A", "K", "ABBr", "DKu", "AKr", "ACEGK", "BKKu", "AAu", "KLMNr", "AZ"};

/* A random board of seed i: walls, floor, interior walls, 2-6 players, pieces, specials, history, queues. */
static Board *random_board(int i)
{
    Rng r;
    rng_seed(&r, (uint64_t)i * 7919u + 1u);
    int w = 5 + (int)rng_below(&r, 36), h = 5 + (int)rng_below(&r, 28);
    char **rows = xcalloc((size_t)h + 1, sizeof *rows);
    for (int y = 0; y < h; y++) {
        rows[y] = xcalloc((size_t)w + 1, 1);
        for (int x = 0; x < w; x++)
            rows[y][x] = x == 0 || y == 0 || x == w - 1 || y == h - 1 ? '#' : rng_below(&r, 6) ? '.' : '+';
    }
    Board *b = fx_board((const char *const *)rows, 2 + (int)rng_below(&r, 5), (int64_t)rng_below(&r, 1000));
    for (int y = 0; y < h; y++)
        free(rows[y]);
    free(rows);
    for (int p = 0; p < b->np; p++)
        b->pl[p].e = (int64_t)rng_below(&r, 100000);
    char nm[16], line[160];
    for (int sq = 0; sq < w * h; sq++) {
        if (b->ter[sq] != TER_FLOOR || rng_below(&r, 4))
            continue;
        if (rng_below(&r, 8) == 0 && b->nsp < 8) {
            snprintf(line, sizeof line, "S1 %s e=%d per-king=no text=\"vein %d\"", board_sq_name(b, sq, nm),
                     1 + (int)rng_below(&r, 5), i);
            Special sp;
            Err err;
            if (special_parse(b->w, b->h, b->ter, line, &sp, &err) == 0) {
                b->sp = xrealloc(b->sp, sizeof *b->sp * (size_t)(b->nsp + 1));
                b->sp[b->nsp++] = sp;
            }
        }
        fx_piece(b, board_sq_name(b, sq, nm), (int)rng_below(&r, (uint64_t)b->np),
                 rt_seqs[rng_below(&r, sizeof rt_seqs / sizeof rt_seqs[0])]);
    }
    int nmoves = (int)rng_below(&r, 50);
    for (int k = 0; k < nmoves; k++) {
        snprintf(line, sizeof line, "%da %s %s", k / b->np + 1, b->pl[k % b->np].id, k % 3 ? "PASS" : "(odd) \\ line");
        sl_push(&b->moves, line);
    }
    b->seat = (int)rng_below(&r, (uint64_t)b->np);
    b->round = 1 + nmoves / b->np;
    if (rng_below(&r, 2))
        sl_push(&b->pl[b->seat].queue, "*MOVE B2 E-E");
    board_news_add(&b->pl[0].news, NEWS_EVENT, " indented news");
    board_start_fix(b); /* some players remember squares otherwise than they are now (their maps) */
    for (int k = (int)rng_below(&r, 6); k > 0; k--) {
        int sq = (int)rng_below(&r, (uint64_t)(w * h));
        if (b->ter[sq] != TER_OUTSIDE)
            board_known_set(b, (int)rng_below(&r, (uint64_t)b->np), sq, "#+."[rng_below(&r, 3)]);
    }
    return b;
}

START_TEST(test_round_trip_many)
{
    Board *b = random_board(_i);
    Err err;
    ck_assert_msg(board_check(b, &err) == 0, "%s", err.msg);
    char *t1 = boardfile_write(b);
    Board *c = boardfile_parse(t1, "101", &err);
    ck_assert_msg(c != NULL, "board %d: %s", _i, err.msg);
    char *t2 = boardfile_write(c);
    ck_assert_str_eq(t1, t2);
    ck_assert_int_eq(c->npc, b->npc);
    ck_assert_int_eq(c->nsp, b->nsp);
    ck_assert_int_eq(c->moves.n, b->moves.n);
    for (int k = 0; k < b->npc; k++)
        ck_assert_int_eq(c->at[b->pc[k].sq] >= 0, 1);
    free(t1);
    free(t2);
    board_free(b);
    board_free(c);
}
END_TEST

/* A board read back writes the piece lines it kept only for pieces still as read: with its pieces changed at
 * random (codes, markers, owner, square, one removed, one added, a userid renamed), the text is the one written
 * with nothing kept. */
START_TEST(test_kept_piece_lines)
{
    Board *b = random_board(_i);
    char *t1 = boardfile_write(b);
    Err err;
    Board *c = boardfile_parse(t1, "101", &err);
    ck_assert_msg(c != NULL, "board %d: %s", _i, err.msg);
    ck_assert_ptr_nonnull(c->loaded);
    char *same = boardfile_write(c); /* every line kept, none changed */
    ck_assert_str_eq(same, t1);
    Rng r;
    rng_seed(&r, (uint64_t)_i + 5u);
    for (int k = 0; k < c->npc; k++) {
        Piece *p = &c->pc[k];
        switch (rng_below(&r, 8)) {
        case 0:
            p->g.n[rng_below(&r, GENE_COUNT)]++;
            break;
        case 1:
            p->g.phased = !p->g.phased;
            break;
        case 2:
            p->g.flare = !p->g.flare;
            break;
        case 3:
            p->owner = (p->owner + 1) % c->np;
            break;
        case 4:
            for (int to = 0; to < c->w * c->h; to++)
                if (c->at[to] < 0 && c->ter[to] == TER_FLOOR) {
                    board_move_piece(c, p->sq, to);
                    break;
                }
            break;
        default:
            break;
        }
    }
    if (_i % 3 == 0)
        snprintf(c->pl[_i % c->np].id, sizeof c->pl[0].id, "renamed%d", _i);
    if (_i % 5 == 0 && c->npc > 0)
        board_remove_piece(c, c->pc[0].sq);
    for (int sq = 0; _i % 2 == 0 && sq < c->w * c->h; sq++)
        if (c->at[sq] < 0 && c->ter[sq] == TER_FLOOR) {
            board_add_piece(c, sq, 0, &(Genome){.n = {[GENE_A] = 1}});
            break;
        }
    char *kept = boardfile_write(c);
    BoardLoaded *ld = c->loaded;
    c->loaded = NULL;
    char *fresh = boardfile_write(c);
    c->loaded = ld;
    ck_assert_str_eq(kept, fresh);
    free(t1);
    free(same);
    free(kept);
    free(fresh);
    board_free(b);
    board_free(c);
}
END_TEST

Suite *board_suite(void)
{
    Suite *s = suite_create("board");
    TCase *tc = tcase_create("core");
    tcase_add_loop_test(tc, test_col_names, 0, (int)(sizeof cols / sizeof cols[0]));
    tcase_add_test(tc, test_squares);
    tcase_add_test(tc, test_round_trip);
    tcase_add_test(tc, test_handled_keys);
    tcase_add_test(tc, test_news_kinds_round_trip);
    tcase_add_test(tc, test_ebook_marks_round_trip);
    tcase_add_test(tc, test_gamefile_only_one_entry);
    tcase_add_test(tc, test_gamefile_controls);
    tcase_add_test(tc, test_status_lines);
    tcase_add_loop_test(tc, test_round_trip_many, 0, 200);
    tcase_add_loop_test(tc, test_corrupt, 0, (int)(sizeof corrupt / sizeof corrupt[0]));
    tcase_add_test(tc, test_hand_edit_loads);
    tcase_add_test(tc, test_known_round_trip);
    tcase_add_test(tc, test_known_from_initial);
    tcase_add_test(tc, test_pieces_index);
    tcase_add_loop_test(tc, test_kept_piece_lines, 0, 200);
    suite_add_tcase(s, tc);
    return s;
}
