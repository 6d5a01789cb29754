/* Tests of subject (the Subject of the program's game mails as a record, contract 3.4): format and parse, each
 * the other's inverse, and the Subjects view writes for a board. */
#include <stdio.h>
#include <string.h>

#include "board.h"
#include "subject.h"
#include "util.h"
#include "view.h"

/* After the project's headers: check.h defines a macro named fail, util.h a function. */
#include <check.h>

/* Every kind, as written: parse(format(s)) == s, and format(parse(text)) == text. */
static const Subject subjects[] = {
    {SUBJECT_BOARD, true, 101, "ALL"},
    {SUBJECT_BOARD, true, 101, "alice"},
    {SUBJECT_BOARD, false, 101, "bob"},
    {SUBJECT_BOARD, false, 7, ""},
    {SUBJECT_BOARD, false, 102, "error"},
    {SUBJECT_BOARD, false, 103, "created"},
    {SUBJECT_ENDED, false, 101, "won by alice"},
    {SUBJECT_ENDED, false, 101, "tie"},
    {SUBJECT_CHAT, false, 104, "carol"},
    {SUBJECT_INVITATION, false, 3, "alice"},
};
static const char *const texts[] = {
    "New Genetess Board 101 ALL", "New Genetess Board 101 alice", "Genetess Board 101 bob", "Genetess Board 7",
    "Genetess Board 102 error", "Genetess Board 103 created", "Genetess Board 101 ended: won by alice",
    "Genetess Board 101 ended: tie", "Genetess chat 104 carol", "Genetess invitation 3 from alice",
};

START_TEST(round_trip)
{
    char line[160];
    const Subject *s = &subjects[_i];
    subject_format(s, line, sizeof line);
    ck_assert_str_eq(line, texts[_i]);
    Subject back = subject_parse(line);
    ck_assert_int_eq(back.kind, s->kind);
    ck_assert_int_eq(back.is_new, s->is_new);
    ck_assert_int_eq(back.n, s->n);
    ck_assert_str_eq(back.word, s->word);
}
END_TEST

/* Read as players' clients send them back: any case, extra blanks; what is not ours is SUBJECT_NONE — a
 * pbmserv command Subject, a board number out of range, a chat from no valid userid, too many words. */
START_TEST(parse_reads_ours_only)
{
    Subject s = subject_parse("  genetess   BOARD 101   alice ");
    ck_assert_int_eq(s.kind, SUBJECT_BOARD);
    ck_assert_int_eq(s.n, 101);
    ck_assert_str_eq(s.word, "alice");
    s = subject_parse("NEW genetess board 5 all");
    ck_assert(s.kind == SUBJECT_BOARD && s.is_new && s.n == 5);
    static const char *const none[] = {
        "genetess board 101 alice secret PASS", "move 101 alice secret PASS", "Genetess Board x alice",
        "Genetess Board 0 alice", "Genetess chat 101 no/such", "Genetess invitation 0 from alice",
        "New Genetess Board 101 ended: tie", "Genetess chat 101", "hello", "",
    };
    for (size_t k = 0; k < sizeof none / sizeof none[0]; k++) {
        s = subject_parse(none[k]);
        ck_assert_msg(s.kind == SUBJECT_NONE && s.n == 0, "'%s' read as kind %d", none[k], s.kind);
    }
    char line[8];
    subject_format(&(Subject){.kind = SUBJECT_NONE}, line, sizeof line);
    ck_assert_str_eq(line, "");
}
END_TEST

/* The Subject says what the mail is: the player to move, ALL in round 0, and once ended the result without
 * its points (contract 3.4); view writes it through the record, and it reads back. */
START_TEST(view_writes_the_record)
{
    Board *b = board_new();
    b->number = 101;
    b->np = 2;
    b->pl = xcalloc(2, sizeof *b->pl);
    snprintf(b->pl[0].id, sizeof b->pl[0].id, "alice");
    snprintf(b->pl[1].id, sizeof b->pl[1].id, "bob");
    b->phase = PHASE_PLAY;
    char subj[160];
    view_board_subject(b, true, subj, sizeof subj);
    ck_assert_str_eq(subj, "New Genetess Board 101 alice");
    b->seat = 1;
    view_board_subject(b, false, subj, sizeof subj);
    ck_assert_str_eq(subj, "Genetess Board 101 bob");
    b->phase = PHASE_ROUND0;
    view_board_subject(b, true, subj, sizeof subj);
    ck_assert_str_eq(subj, "New Genetess Board 101 ALL");
    b->phase = PHASE_ENDED; /* the result from the scores (view_result_words), not from the result's text */
    b->pl[1].status = PS_ELIMINATED;
    b->pl[1].out_seq = 1;
    b->pl[0].kills = 1;
    snprintf(b->result, sizeof b->result, "won by alice (11)");
    view_board_subject(b, false, subj, sizeof subj);
    ck_assert_str_eq(subj, "Genetess Board 101 ended: won by alice");
    Subject s = subject_parse(subj);
    ck_assert(s.kind == SUBJECT_ENDED && s.n == 101 && strcmp(s.word, "won by alice") == 0);
    b->pl[1].status = PS_ACTIVE; /* 0 points each */
    b->pl[1].out_seq = 0;
    b->pl[0].kills = 0;
    snprintf(b->result, sizeof b->result, "tie (0)");
    view_board_subject(b, false, subj, sizeof subj);
    ck_assert_str_eq(subj, "Genetess Board 101 ended: tie");
    board_free(b);
}
END_TEST

Suite *subject_suite(void);
Suite *subject_suite(void)
{
    Suite *s = suite_create("subject");
    TCase *t = tcase_create("record");
    tcase_add_loop_test(t, round_trip, 0, (int)(sizeof subjects / sizeof subjects[0]));
    tcase_add_test(t, parse_reads_ours_only);
    tcase_add_test(t, view_writes_the_record);
    suite_add_tcase(s, t);
    return s;
}
