/* Tests of movelist: the move list file <n>.moves (contract 10) — the board names it and counts its lines,
 * a command appends and syncs only its new lines, lines past the count (a killed command's) are ignored
 * and dropped by the next append, a hand edit that raises the count is kept, and a file that holds fewer
 * lines than the board counts is an error, never silently accepted. */
#include "check_store.h"

#include "boardfile.h"
#include "movelist.h"

Suite *movelist_suite(void);

static Board *two_lines(void)
{
    static const char *const rows[] = {"#####", "#...#", "#####", NULL};
    Board *b = fx_board(rows, 2, 3); /* board 101, players alice and bob */
    fx_piece(b, "B2", 0, "K");
    fx_piece(b, "D2", 1, "K");
    sl_push(&b->moves, "1a alice PASS");
    sl_push(&b->moves, "1b bob MOVE D2 W (Failed)");
    return b;
}

/* text with its first "from" replaced by "to" (malloc'd). */
static char *replaced(const char *text, const char *from, const char *to)
{
    const char *at = strstr(text, from);
    ck_assert_ptr_nonnull(at);
    return xasprintf("%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
}

/* A copy of b through its text, as a command's next load sees it. */
static Board *copy_of(const Board *b)
{
    char *text = boardfile_write(b);
    Err err;
    Board *r = boardfile_parse(text, "101", &err);
    ck_assert_msg(r != NULL, "%s", err.msg);
    free(text);
    return r;
}

/* b written and read back (b is freed). */
static Board *reload(Board *b)
{
    Board *r = copy_of(b);
    board_free(b);
    return r;
}

/* two_lines committed to its file in a fresh store s, and loaded back. */
static Board *committed(Store *s)
{
    open_store(s);
    Board *b = two_lines();
    Err err;
    ck_assert_int_eq(movelist_commit(s, b, &err), 0);
    return reload(b);
}

START_TEST(test_commit_moves_lines_to_the_file)
{
    Store s;
    open_store(&s);
    Board *b = two_lines();
    char *inline_text = boardfile_write(b);
    ck_assert_ptr_nonnull(strstr(inline_text, "(moves\n1a alice PASS\n1b bob MOVE D2 W (Failed)\n)\n"));
    free(inline_text);
    Err err;
    ck_assert_int_eq(movelist_commit(&s, b, &err), 0);
    char *moves = slurp(&s, "games/Genetess/101.moves"), *text = boardfile_write(b);
    ck_assert_str_eq(moves, "1a alice PASS\n1b bob MOVE D2 W (Failed)\n");
    ck_assert_ptr_nonnull(strstr(text, "(moves 101.moves 2)\n(moves-end 2 40)\n"));
    free(moves);
    free(text);
    b = reload(b); /* loading reads nothing of the file */
    ck_assert_int_eq(b->moves.n, 0);
    ck_assert_int_eq(b->moves_off, 2);
    ck_assert_int_eq(board_moves_count(b), 2);
    ck_assert_int_eq(board_move_number(b), 3);
    ck_assert_int_eq(b->moves_end, 40);
    /* a new line: only it is written */
    sl_push(&b->moves, "2a alice PASS");
    ck_assert_int_eq(movelist_commit(&s, b, &err), 0);
    moves = slurp(&s, "games/Genetess/101.moves");
    ck_assert_str_eq(moves, "1a alice PASS\n1b bob MOVE D2 W (Failed)\n2a alice PASS\n");
    free(moves);
    ck_assert_int_eq(b->moves_saved, 3);
    ck_assert_int_eq(b->moves_end, 54);
    b = reload(b);
    ck_assert_int_eq(movelist_load(&s, b, &err), 0);
    ck_assert_int_eq(b->moves_off, 0);
    ck_assert_int_eq(b->moves.n, 3);
    ck_assert_str_eq(b->moves.v[1], "1b bob MOVE D2 W (Failed)");
    ck_assert_str_eq(b->moves.v[2], "2a alice PASS");
    board_free(b);
    store_close(&s);
}
END_TEST

/* A command killed after its append and before the board's rename leaves lines past the count: they are
 * not the board's history, and the next append replaces them. */
START_TEST(test_lines_past_the_count_are_dropped)
{
    Store s;
    Board *b = committed(&s);
    Err err;
    put(&s, "games/Genetess/101.moves", "1a alice PASS\n1b bob MOVE D2 W (Failed)\n2a alice RESIGN\n2b bo");
    Board *r = copy_of(b);
    ck_assert_int_eq(movelist_load(&s, r, &err), 0);
    ck_assert_int_eq(r->moves.n, 2); /* the killed command's lines are not read */
    board_free(r);
    sl_push(&b->moves, "2a alice PASS");
    ck_assert_int_eq(movelist_commit(&s, b, &err), 0);
    char *moves = slurp(&s, "games/Genetess/101.moves");
    ck_assert_str_eq(moves, "1a alice PASS\n1b bob MOVE D2 W (Failed)\n2a alice PASS\n");
    free(moves);
    board_free(b);
    store_close(&s);
}
END_TEST

/* An admin's edit: a line appended by hand and the count raised. The board's (moves-end no longer
 * counts its lines, so the next append counts them and keeps the edit; the edit is the last line. */
START_TEST(test_hand_edit_is_kept)
{
    Store s;
    open_store(&s);
    Board *b = two_lines();
    Err err;
    ck_assert_int_eq(movelist_commit(&s, b, &err), 0);
    char *text = boardfile_write(b);
    board_free(b);
    put(&s, "games/Genetess/101.moves", "1a alice PASS\n1b bob MOVE D2 W (Failed)\n1b admin EDIT gave bob E\n");
    char *edited = replaced(text, "(moves 101.moves 2)", "(moves 101.moves 3)");
    b = boardfile_parse(edited, "101", &err);
    ck_assert_msg(b != NULL, "%s", err.msg);
    ck_assert_int_eq(b->moves_end, -1); /* "(moves-end 2 40)" counts other lines: not used */
    char *last = movelist_last(&s, b);
    ck_assert_str_eq(last, "1b admin EDIT gave bob E");
    free(last);
    sl_push(&b->moves, "2a alice PASS");
    ck_assert_int_eq(movelist_commit(&s, b, &err), 0);
    char *moves = slurp(&s, "games/Genetess/101.moves");
    ck_assert_str_eq(moves, "1a alice PASS\n1b bob MOVE D2 W (Failed)\n1b admin EDIT gave bob E\n2a alice PASS\n");
    free(moves);
    /* once committed, the board knows where its lines end: no reading for the last line */
    ck_assert_int_eq(b->moves_end, 79); /* 40 + 25 + 14 bytes */
    Board *again = copy_of(b);
    ck_assert_ptr_null(movelist_last(&s, again));
    board_free(again);
    free(edited);
    free(text);
    board_free(b);
    store_close(&s);
}
END_TEST

/* A move list that lost lines, or is missing, is refused: never a shorter history. */
START_TEST(test_short_or_missing_file_refused)
{
    Store s;
    Board *b = committed(&s);
    Err err;
    put(&s, "games/Genetess/101.moves", "1a alice PASS\n");
    ck_assert_int_eq(movelist_load(&s, b, &err), -1);
    ck_assert_str_eq(err.msg, "101.moves: fewer lines than the 2 the board counts");
    sl_push(&b->moves, "2a alice PASS");
    b->moves_end = -1;
    ck_assert_int_eq(movelist_commit(&s, b, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, "101.moves holds fewer than the 2 lines the board counts"));
    char *moves = slurp(&s, "games/Genetess/101.moves");
    ck_assert_str_eq(moves, "1a alice PASS\n"); /* nothing written */
    free(moves);
    char *p = store_moves_path(&s, 101, false);
    ck_assert_int_eq(unlink(p), 0);
    free(p);
    ck_assert_int_eq(movelist_load(&s, b, &err), -1);
    ck_assert_str_eq(err.msg, "101.moves: missing (the board counts 2 moves)");
    Buf reply;
    buf_init(&reply);
    int saved = stderr_begin("/dev/null");
    ck_assert_int_eq(movelist_load_reply(&s, b, &reply), -1);
    stderr_end(saved);
    ck_assert_str_eq(reply.s,
                     "Genetess board 101: its move list cannot be read (the reason is in the server's log)\n");
    buf_free(&reply);
    board_free(b);
    store_close(&s);
}
END_TEST

/* A board written with its lines inline (an old board, or one edited so) starts the file again. */
START_TEST(test_inline_board_rewrites_the_file)
{
    Store s;
    open_store(&s);
    put(&s, "games/Genetess/101.moves", "9z stale line of an old board\n");
    Board *b = two_lines();
    Err err;
    ck_assert_int_eq(movelist_commit(&s, b, &err), 0);
    char *moves = slurp(&s, "games/Genetess/101.moves");
    ck_assert_str_eq(moves, "1a alice PASS\n1b bob MOVE D2 W (Failed)\n");
    free(moves);
    board_free(b);
    store_close(&s);
}
END_TEST

/* The form of (moves: the lines, or "<this board>.moves <count>". */
START_TEST(test_moves_entry_form)
{
    Board *b = two_lines();
    b->moves_file = true;
    b->moves_saved = 2;
    b->moves_end = -1;
    sl_clear(&b->moves);
    b->moves_off = 2;
    char *text = boardfile_write(b);
    ck_assert_ptr_nonnull(strstr(text, "(moves 101.moves 2)\n"));
    ck_assert_ptr_null(strstr(text, "(moves-end"));
    Err err;
    char *bad = replaced(text, "(moves 101.moves 2)", "(moves 102.moves 2)");
    ck_assert_ptr_null(boardfile_parse(bad, "101", &err));
    ck_assert_ptr_nonnull(strstr(err.msg, "(moves must be the lines, or \"101.moves <count>\""));
    free(bad);
    bad = replaced(text, "(moves 101.moves 2)", "(moves 101.moves two)");
    ck_assert_ptr_null(boardfile_parse(bad, "101", &err));
    free(bad);
    free(text);
    board_free(b);
}
END_TEST

/* What a bot remembers of the history (contract 12) is the same lines whether the board holds them all in memory
 * (selfplay) or a command reads them from <n>.moves: the last MOVELIST_MEMORY_LINES, at most MOVELIST_MEMORY_BYTES
 * bytes. _i: 0 short lines (the line bound), 1 long ones (the byte bound), 2 the board does not know where its
 * lines end (a hand edit: the whole file read), 3 a second load after more lines came (the first line held is no
 * longer the end of the file's). */
START_TEST(test_memory_is_the_last_lines)
{
    Store s;
    open_store(&s);
    Board *all = two_lines();
    sl_clear(&all->moves);
    int n = _i == 1 ? 150 : 300;
    for (int i = 0; i < n; i++)
        sl_push_owned(&all->moves, xasprintf("%da alice PASS%*s", i + 1, _i == 1 ? 700 + i : i % 7, "x"));
    Err err;
    ck_assert_int_eq(movelist_commit(&s, all, &err), 0);
    Board *b = copy_of(all); /* as a command loads it: no line in memory */
    ck_assert_int_eq(b->moves.n, 0);
    if (_i == 2)
        b->moves_end = -1;
    if (_i == 3) { /* a command's first decision, then more lines */
        ck_assert_int_eq(movelist_memory_load(&s, b), 0);
        for (int i = 0; i < 40; i++) {
            char *line = xasprintf("%db bob PASS %d", n + i, i);
            sl_push(&b->moves, line);
            sl_push_owned(&all->moves, line);
        }
    }
    ck_assert_int_eq(movelist_memory_load(&s, b), 0);
    int first = movelist_memory_start(all), held = all->moves.n - first;
    size_t bytes = 0;
    for (int k = first; k < all->moves.n; k++)
        bytes += strlen(all->moves.v[k]) + 1;
    if (_i == 1) /* as many as fit: one more would not */
        ck_assert(bytes <= MOVELIST_MEMORY_BYTES &&
                  bytes + strlen(all->moves.v[first - 1]) + 1 > MOVELIST_MEMORY_BYTES);
    else
        ck_assert_int_eq(held, MOVELIST_MEMORY_LINES);
    int from = movelist_memory_start(b);
    ck_assert_int_eq(b->moves.n - from, held);
    for (int k = 0; k < held; k++)
        ck_assert_str_eq(b->moves.v[from + k], all->moves.v[first + k]);
    ck_assert_int_eq(board_moves_count(b), board_moves_count(all));
    ck_assert_int_eq(movelist_memory_load(&s, b), 0); /* nothing more to read */
    ck_assert_int_eq(movelist_load(&s, b, &err), 0); /* and the whole history is still the same */
    ck_assert_int_eq(b->moves.n, all->moves.n);
    for (int k = 0; k < all->moves.n; k++)
        ck_assert_str_eq(b->moves.v[k], all->moves.v[k]);
    board_free(b);
    board_free(all);
    store_close(&s);
}
END_TEST

/* A move list shorter than the board says is an error, never a shorter memory. */
START_TEST(test_memory_of_a_short_file_refused)
{
    Store s;
    Board *b = committed(&s);
    put(&s, "games/Genetess/101.moves", "1b bob MOVE D2 W (Failed)\n");
    b->moves_end = (int64_t)strlen("1a alice PASS\n1b bob MOVE D2 W (Failed)\n");
    int saved = stderr_begin("/dev/null");
    ck_assert_int_eq(movelist_memory_load(&s, b), -1);
    char *p = store_moves_path(&s, 101, false);
    ck_assert_int_eq(unlink(p), 0);
    free(p);
    ck_assert_int_eq(movelist_memory_load(&s, b), -1);
    stderr_end(saved);
    ck_assert_int_eq(b->moves.n, 0);
    board_free(b);
    store_close(&s);
}
END_TEST

Suite *movelist_suite(void)
{
    Suite *s = suite_create("movelist");
    TCase *tc = tcase_create("history");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_commit_moves_lines_to_the_file);
    tcase_add_test(tc, test_lines_past_the_count_are_dropped);
    tcase_add_test(tc, test_hand_edit_is_kept);
    tcase_add_test(tc, test_short_or_missing_file_refused);
    tcase_add_test(tc, test_inline_board_rewrites_the_file);
    tcase_add_test(tc, test_moves_entry_form);
    tcase_add_loop_test(tc, test_memory_is_the_last_lines, 0, 4);
    tcase_add_test(tc, test_memory_of_a_short_file_refused);
    suite_add_tcase(s, tc);
    return s;
}
