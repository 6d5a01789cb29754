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

/* Every game mail's kind, as written: parse(format(s)) == s, and format(parse(text)) == text. */
static const Subject subjects[] = {
    {.kind = SUBJECT_BOARD, .is_new = true, .n = 101, .word = "ALL"},
    {.kind = SUBJECT_BOARD, .is_new = true, .n = 101, .word = "alice"},
    {.kind = SUBJECT_BOARD, .is_new = false, .n = 101, .word = "bob"},
    {.kind = SUBJECT_BOARD, .is_new = false, .n = 7, .word = ""},
    {.kind = SUBJECT_BOARD, .is_new = false, .n = 102, .word = "error"},
    {.kind = SUBJECT_BOARD, .is_new = false, .n = 103, .word = "created"},
    {.kind = SUBJECT_ENDED, .is_new = false, .n = 101, .word = "won by alice"},
    {.kind = SUBJECT_ENDED, .is_new = false, .n = 101, .word = "tie"},
    {.kind = SUBJECT_CHAT, .is_new = false, .n = 104, .word = "carol"},
    {.kind = SUBJECT_INVITATION, .is_new = false, .n = 3, .word = "alice"},
    {.kind = SUBJECT_BOARD, .n = 101, .word = "alice", .is_nag = true},
};
static const char *const texts[] = {
    "New Genetess Board 101 ALL", "New Genetess Board 101 alice", "Genetess Board 101 bob", "Genetess Board 7",
    "Genetess Board 102 error", "Genetess Board 103 created", "Genetess Board 101 ended: won by alice",
    "Genetess Board 101 ended: tie", "Genetess chat 104 carol", "Genetess invitation 3 from alice",
    "Nag: Genetess Board 101 alice",
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
    ck_assert_int_eq(back.is_nag, s->is_nag);
}
END_TEST

/* The Subjects written only — nothing reads them back as a reply — have the one format too; read back they are
 * none of the game mails' (a reply to one is read as its words, a command: "Genetess confirm ..." is `confirm`). */
static const Subject written[] = {
    {.kind = SUBJECT_INVITATION_NEWS, .n = 3},
    {.kind = SUBJECT_INVITATION_NEWS, .n = 3, .word = "declined"},
    {.kind = SUBJECT_SIGNUP},
    {.kind = SUBJECT_CONFIRM, .word = "anna", .token = "0123456789abcdef"},
    {.kind = SUBJECT_USER, .word = "anna"},
    {.kind = SUBJECT_GAMES},
    {.kind = SUBJECT_HISTORY},
    {.kind = SUBJECT_HELP},
    {.kind = SUBJECT_STANDINGS},
    {.kind = SUBJECT_RATINGS},
    {.kind = SUBJECT_CLEANUP_SKIPPED, .n = 12},
    {.kind = SUBJECT_ERROR},
    {.kind = SUBJECT_PASSWORDS, .word = "anna"},
    {.kind = SUBJECT_MESSAGE, .word = "anna"},
    {.kind = SUBJECT_MESSAGE},
    {.kind = SUBJECT_LIST},
    {.kind = SUBJECT_BOARDS_OF, .word = "anna"},
};
static const char *const written_texts[] = {
    "Genetess invitation 3", "Genetess invitation 3 declined", "Genetess signup",
    "Genetess confirm anna 0123456789abcdef", "Genetess user anna", "List of Genetess games",
    "Historical List of Genetess games", "Genetess help", "Genetess standings", "Genetess ratings",
    "Genetess Cleanup skipped board 12", "Genetess error", "Genetess: wrong passwords for anna",
    "Genetess message from anna", "Genetess message", "List of games", "Genetess boards of anna",
};

START_TEST(written_only)
{
    char line[160];
    subject_format(&written[_i], line, sizeof line);
    ck_assert_str_eq(line, written_texts[_i]);
    ck_assert_int_eq(subject_parse(line).kind, SUBJECT_NONE);
    /* a reply to one is read by its text's first line unless its words are a command a player means */
    static const SubjectKind reply_only[] = {SUBJECT_ERROR, SUBJECT_SIGNUP, SUBJECT_INVITATION_NEWS, SUBJECT_USER,
                                             SUBJECT_MESSAGE, SUBJECT_PASSWORDS, SUBJECT_BOARDS_OF};
    bool want = false;
    for (size_t k = 0; k < sizeof reply_only / sizeof reply_only[0]; k++)
        want = want || written[_i].kind == reply_only[k];
    ck_assert_msg(subject_reply_only(line) == want, "'%s'", line);
    if (written[_i].kind != SUBJECT_CONFIRM) { /* subject_write: the same Subject from its kind, number, word */
        char again[160];
        subject_write(written[_i].kind, written[_i].n, written[_i].word, again, sizeof again);
        ck_assert_str_eq(again, line);
    }
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
        "Nag: Genetess chat 104 carol", "Nagging Genetess Board 101 alice",
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
    tcase_add_loop_test(t, written_only, 0, (int)(sizeof written / sizeof written[0]));
    tcase_add_test(t, parse_reads_ours_only);
    tcase_add_test(t, view_writes_the_record);
    suite_add_tcase(s, t);
    return s;
}
