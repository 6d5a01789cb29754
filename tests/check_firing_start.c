/* A special fires for the piece that started its player's turn on it and stands there still (contract 14.5
 * step 3; specials.txt: "that piece must start its next turn on the special square ... If either the piece is
 * taken, moved ... or destroyed ... the special square will not trigger"): not for a piece that an earlier
 * special of the same turn start put there. */
#include "check_firing.h"

/* True when the player's news tells that special code fired. */
static bool fired(const Board *b, int p, int code)
{
    char s[32];
    snprintf(s, sizeof s, "Special S%d (", code);
    return has(fx_news(b, p), s);
}

/* The neighbour of sq (by name) that holds a piece of player p with sequence seq: 1 when exactly one does. */
static int pushed_beside(const Board *b, const char *sq, int p, const char *seq)
{
    int n = 0;
    for (int d = 0; d < DIR_COUNT; d++) {
        int t = board_step(b, fx_sq(b, sq), d);
        const Piece *q = board_piece_at(b, t);
        char nm[8];
        if (q && q->owner == p && strcmp(fx_seq(b, board_sq_name(b, t, nm)), seq) == 0)
            n++;
    }
    return n;
}

/* S8 (occupied=move) teleports alice's ABC onto her S21, pushing aside the A that started the turn there:
 * S21 does not recycle the ABC (no 9 E), nor the A it no longer holds. */
START_TEST(test_s21_after_s8_move)
{
    Board *b = fx_board(rows, 2, 10);
    fx_piece(b, "B2", 0, "ABC");
    fx_piece(b, "J5", 0, "A");
    add_sp(b, "S8 B2 target=J5 occupied=move");
    add_sp(b, "S21 J5");
    fire(b, 0);
    ck_assert_str_eq(fx_seq(b, "J5"), "ABC");
    ck_assert_int_eq(fx_owner(b, "J5"), 0);
    ck_assert_int_eq(pushed_beside(b, "J5", 0, "A"), 1);
    ck_assert_int_eq(b->pl[0].e, 10);
    ck_assert_msg(!has(ebook(b, 0), "S21"), "%s", ebook(b, 0));
    ck_assert(fired(b, 0, 8));
    ck_assert(!fired(b, 0, 21));
    board_free(b);
}
END_TEST

/* S3 (occupied=move) copies alice's AB onto her S21, pushing aside the A that started there: the copy is paid
 * (5 E) and stays; S21 does not fire. */
START_TEST(test_s21_after_s3_move)
{
    Board *b = fx_board(rows, 2, 12);
    fx_piece(b, "B2", 0, "AB");
    fx_piece(b, "J5", 0, "A");
    add_sp(b, "S3 B2 target=J5 occupied=move");
    add_sp(b, "S21 J5");
    fire(b, 0);
    ck_assert_str_eq(fx_seq(b, "B2"), "AB");
    ck_assert_str_eq(fx_seq(b, "J5"), "AB");
    ck_assert_int_eq(pushed_beside(b, "J5", 0, "A"), 1);
    ck_assert_int_eq(b->pl[0].e, 7);
    ck_assert(fired(b, 0, 3));
    ck_assert(!fired(b, 0, 21));
    board_free(b);
}
END_TEST

/* S15 shuffles alice's two pieces: when the A from B2 lands on her S21 on D2, S21 does not fire (that piece
 * did not start the turn there); when the AB that started on D2 is put back on D2, it has not moved and S21
 * recycles it (+5 E). Both happen over the seeds. */
START_TEST(test_s21_after_s15_swap)
{
    int swapped = 0, stayed = 0;
    for (uint64_t s = 1; s <= 40; s++) {
        Board *b = fx_board(rows, 2, 10);
        rng_seed(&b->rng, s);
        fx_piece(b, "B2", 0, "A");
        fx_piece(b, "D2", 0, "AB");
        add_sp(b, "S15 B2");
        add_sp(b, "S21 D2");
        fire(b, 0);
        ck_assert(fired(b, 0, 15));
        if (strcmp(fx_seq(b, "B2"), "AB") == 0) { /* swapped: the A stands on S21 and stays */
            ck_assert_str_eq(fx_seq(b, "D2"), "A");
            ck_assert_int_eq(b->pl[0].e, 10);
            ck_assert(!fired(b, 0, 21));
            swapped++;
        } else { /* each back where it was: the AB that started on D2 is recycled */
            ck_assert_str_eq(fx_seq(b, "B2"), "A");
            ck_assert_str_eq(fx_seq(b, "D2"), "");
            ck_assert_int_eq(b->pl[0].e, 15);
            ck_assert(fired(b, 0, 21));
            stayed++;
        }
        board_free(b);
    }
    ck_assert_int_gt(swapped, 0);
    ck_assert_int_gt(stayed, 0);
}
END_TEST

/* The same for every special that acts on the piece on it: S3 (occupied=move) puts a copy of alice's AB on the
 * square of special S<code> (code 4 and later: it fires after S3), pushing aside the A that started there — the
 * special does not fire; without the S3 the A sets it off. */
START_TEST(test_every_special_needs_its_starting_piece)
{
    int code = _i, tried = 0;
    char words[64];
    static const char *const extra[SPECIAL_CODE_MAX + 1] = {
        [4] = " codes=B", [6] = " targets=H3", [8] = " target=H3", [10] = " targets=H3",
    };
    snprintf(words, sizeof words, "S%d J5%s", code, extra[code] ? extra[code] : "");
    for (int with_s3 = 0; with_s3 <= 1; with_s3++) {
        Board *b = fx_board(rows, 2, 1000);
        if (!firing_has_effect(code)) { /* S19 does not exist */
            board_free(b);
            return;
        }
        fx_piece(b, "B2", 0, "AB");
        fx_piece(b, "J5", 0, "A");
        if (with_s3)
            add_sp(b, "S3 B2 target=J5 occupied=move");
        add_sp(b, words);
        fire(b, 0);
        ck_assert_msg(fired(b, 0, code) == !with_s3, "S%d %s with S3 %d:\n%s", code,
                      fired(b, 0, code) ? "fired" : "did not fire", with_s3, fx_news(b, 0));
        tried++;
        board_free(b);
    }
    ck_assert_int_eq(tried, 2);
}
END_TEST

TCase *firing_start_tcase(void)
{
    TCase *tc = tcase_create("starting piece");
    tcase_add_test(tc, test_s21_after_s8_move);
    tcase_add_test(tc, test_s21_after_s3_move);
    tcase_add_test(tc, test_s21_after_s15_swap);
    tcase_add_loop_test(tc, test_every_special_needs_its_starting_piece, 4, SPECIAL_CODE_MAX + 1);
    return tc;
}
