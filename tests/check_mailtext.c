/* Tests for mailtext: the player's own text in a mail body, as the mail clients players use write their replies
 * (contract 2.1) — Thunderbird, Apple Mail, Gmail and Outlook, top-posted, bottom-posted and inline, in English,
 * German and French — and format=flowed lines joined (RFC 3676). */
#include "fixtures.h"
#include "mailin.h"
#include "mailtext.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* mailtext_player on a copy of in. */
static void player_is(const char *in, const char *want)
{
    char *t = xstrdup(in);
    ck_assert_str_eq(mailtext_player(t), want);
    free(t);
}

static const struct {
    const char *client, *in, *want;
} replies[] = {
    {"Thunderbird (German), bottom-posted",
     "Am 28.11.2026 um 13:03 schrieb genetess@example.org:\n> Genetess board 101: Demo game\n> It is your move.\n>\n\n"
     "tulpe7 MOVE Q10 N-N-W-W-W-W\n",
     "tulpe7 MOVE Q10 N-N-W-W-W-W\n"},
    {"Thunderbird (English), top-posted",
     "secret MOVE C3 N\n\nOn 28/11/2026 13:03, genetess@example.org wrote:\n> Genetess board 101\n",
     "secret MOVE C3 N\n"},
    {"Gmail, the attribution wrapped onto two lines",
     "secret MOVE C3 N\n\nOn Sat, Nov 28, 2026 at 1:03 PM genetess <\ngenetess@example.org> wrote:\n\n> Genetess board 101\n"
     "> Round 1\n",
     "secret MOVE C3 N\n"},
    {"Gmail, bottom-posted",
     "On Sat, Nov 28, 2026 at 1:03 PM genetess <genetess@example.org> wrote:\n> It is your move.\n\nsecret PASS\n",
     "secret PASS\n"},
    {"Apple Mail on an iPhone",
     "secret PASS\n\nSent from my iPhone\n\n> On 28 Nov 2026, at 13:03, genetess@example.org wrote:\n>\n> Round 1\n",
     "secret PASS\n"},
    {"Apple Mail, German footer",
     "secret PASS\n\nVon meinem iPhone gesendet\n\n> Am 28.11.2026 um 13:03 schrieb genetess@example.org:\n",
     "secret PASS\n"},
    {"Outlook, the original below a rule",
     "secret PASS\n\nGet Outlook for Android\n________________________________\nFrom: genetess@example.org\n"
     "Sent: Saturday, November 28, 2026 1:03 PM\nTo: bob@example.org\nSubject: Genetess Board 101 bob\n\n"
     "Genetess board 101: Demo game\nIt is your move.\n",
     "secret PASS\n"},
    {"Outlook, -----Original Message-----",
     "secret PASS\n-----Original Message-----\nFrom: genetess@example.org\nSent: Saturday\n\nPASS\n", "secret PASS\n"},
    {"Outlook (German), the original's header without a rule",
     "secret PASS\n\nVon: genetess@example.org\nGesendet: Samstag, 28. November 2026 13:03\nAn: bob@example.org\n\nx\n",
     "secret PASS\n"},
    {"Thunderbird (French), inline",
     "Le 28/11/2026 à 13:03, genetess@example.org a écrit :\n> Your E: 81\nsecret CREATE C4 AB\n> It is your move.\n"
     "*MOVE C4 S\n",
     "secret CREATE C4 AB\n*MOVE C4 S\n"},
    {"Outlook (French), \"De :\" and \"Envoyé :\" with a space before the colon",
     "secret PASS\n\nDe : genetess@example.org\nEnvoyé : vendredi 15 janvier 2027 09:00\nÀ : a@example.org\n\nIt is your "
     "move.\n",
     "secret PASS\n"},
    {"Outlook (Spanish), \"Enviado el:\"",
     "secret PASS\n\nDe: genetess@example.org\nEnviado el: viernes, 15 de enero de 2027 9:00\n\nIt is your move.\n",
     "secret PASS\n"},
    {"a forwarded message below", "secret PASS\n\n---------- Forwarded message ---------\nFrom: genetess\n\nPASS\n",
     "secret PASS\n"},
    {"Apple Mail forward", "secret PASS\n\nBegin forwarded message:\n\nFrom: genetess\n", "secret PASS\n"},
    {"a signature", "secret PASS\n\n-- \nBob\n> quoted\n", "secret PASS\n"},
    /* the player's own lines that merely look alike stay */
    {"a line ending in ':' with no quote after it", "Orders:\nsecret PASS\n", "Orders:\nsecret PASS\n"},
    {"a 'From:' line with no 'Sent:' after it", "From: the north\nsecret PASS\n", "From: the north\nsecret PASS\n"},
    {"a short 'wrote:' line above a quote, no date above it", "I wrote:\n> x\nsecret PASS\n", "secret PASS\n"},
    {"a long footer-like line is the player's", "Sent from my desk, where I thought about this game for a long while\n",
     "Sent from my desk, where I thought about this game for a long while\n"},
};

START_TEST(test_replies_as_clients_write_them)
{
    const char *got;
    char *t = xstrdup(replies[_i].in);
    got = mailtext_player(t);
    ck_assert_msg(strcmp(got, replies[_i].want) == 0, "%s: got \"%s\", want \"%s\"", replies[_i].client, got,
                  replies[_i].want);
    free(t);
}
END_TEST

/* mailtext_player takes a player's text as the mail front reads it: quotes and the signature out, lines trimmed, the text never grows. */
START_TEST(test_player_basics)
{
    player_is("MOVE C4 E   \n> quoted MOVE A1 N\n\nPASS\n\n\n-- \nAlice\n> more\n", "MOVE C4 E\n\nPASS\n");
    player_is("hello\n--\nsig\n", "hello\n");
    player_is("\n\n", "");
    player_is("PASS\nMOVE C4 E", "PASS\nMOVE C4 E");
    player_is("", "");
    player_is("x:", "x:");
    player_is(">", "");
}
END_TEST

/* RFC 3676: soft breaks (a trailing space) join lines of one quote depth; DelSp=yes takes the space out; a
 * space-stuffed line loses its first space; the signature line "-- " is never flowed. */
START_TEST(test_unflow)
{
    struct {
        const char *in;
        bool delsp;
        const char *want;
    } c[] = {
        {"secret MOVE Q10 \nN-N-W-W-W-W\n", false, "secret MOVE Q10 N-N-W-W-W-W\n"},
        {"secret MOVE Q10 N-N-W- \nW-W-W\n", true, "secret MOVE Q10 N-N-W-W-W-W\n"},
        {"one \ntwo \nthree\nfour\n", false, "one two three\nfour\n"},
        {" From here\n", false, "From here\n"},
        {"> quoted \n> on\nmine\n", false, "> quoted on\nmine\n"},
        {"> a \n>> b\n", false, "> a \n>> b\n"},
        {"PASS\n-- \nBob\n", false, "PASS\n-- \nBob\n"},
        {"last \n", false, "last \n"},
        {"", false, ""},
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        char *u = mailtext_unflow(c[i].in, c[i].delsp);
        ck_assert_msg(strcmp(u, c[i].want) == 0, "case %zu: got \"%s\"", i, u);
        free(u);
    }
}
END_TEST

/* Through mailin_parse: a format=flowed, DelSp=yes part of a reply, quoted-printable, as Thunderbird sends a long
 * line; the order comes out whole and the attribution and quote are gone. */
START_TEST(test_flowed_message)
{
    const char *msg = "From: Bob <bob@example.org>\nSubject: Re: Genetess Board 101 bob\n"
                      "Content-Type: text/plain; charset=UTF-8; format=flowed; delsp=yes\n"
                      "Content-Transfer-Encoding: quoted-printable\n\n"
                      "Am 28.11.2026 um 13:03 schrieb genetess@example.org:\n> Genetess board 101\n\n"
                      "tulpe7 MOVE Q10 N-N-W-=20\nW-W-W / *MOVE P10 =20\nS\n";
    MailIn m;
    mailin_parse(msg, strlen(msg), NULL, &m);
    ck_assert_str_eq(m.body, "tulpe7 MOVE Q10 N-N-W-W-W-W / *MOVE P10 S\n");
    mailin_free(&m);
}
END_TEST

/* A megabyte of lines that all look like attributions, quotes and originals: one pass, no quadratic scan. */
START_TEST(test_linear)
{
    size_t n = 1 << 20;
    char *t = xmalloc(n + 1);
    for (size_t i = 0; i < n; i++)
        t[i] = "a:\n>x\n"[i % 6];
    t[n] = '\0';
    mailtext_player(t);
    ck_assert_str_eq(t, "");
    free(t);
}
END_TEST

/* The work of reading a text is linear in its lines, whatever they are: each line is looked at at most
 * MAILTEXT_STEPS_PER_LINE times (contract 15.2). Every line ahead of an attribution, a "From:" or an Outlook rule
 * used to be scanned for the next non-blank one, line after line: 160,000 blank lines cost 25 s, and a text of
 * lines ending in ':' with blank lines between cost the square of its lines. Counted, not timed. */
START_TEST(test_steps_linear)
{
    static const struct {
        const char *head, *unit, *tail, *want;
    } cases[] = {
        {"x\n", "\n", "y\n", NULL},                  /* blank lines between two of the player's */
        {"", "a:\n\n\n\n\n\n\n\n", "", NULL},   /* attributions with no quote below them */
        {"", "From: x\n\n\n\n\n\n\n", "", NULL}, /* originals' headers with no "Sent:" below them */
        {"", "__________\n\n\n\n\n\n", "", NULL}, /* Outlook's rules with no "From:" below them */
        {"", "On 1 Jan\na:\n\n\n>x\n", "", ""},      /* wrapped attributions above quotes */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Buf b;
        buf_init(&b);
        buf_add(&b, cases[i].head);
        while (b.len < 200000)
            buf_add(&b, cases[i].unit);
        buf_add(&b, cases[i].tail);
        size_t lines = 0, steps = 0;
        for (size_t k = 0; k < b.len; k++)
            lines += b.s[k] == '\n';
        char *t = buf_take(&b);
        mailtext_player_counted(t, &steps);
        ck_assert_msg(steps <= MAILTEXT_STEPS_PER_LINE * lines, "case %zu: %zu steps for %zu lines", i, steps, lines);
        ck_assert_msg(steps >= lines, "case %zu: every line is looked at", i);
        if (cases[i].want)
            ck_assert_str_eq(t, cases[i].want);
        else if (i == 0) /* the blank lines between stay */
            ck_assert_msg(strncmp(t, "x\n\n", 3) == 0 && strcmp(t + strlen(t) - 3, "\ny\n") == 0, "the text kept");
        free(t);
    }
}
END_TEST

Suite *mailtext_suite(void)
{
    Suite *s = suite_create("mailtext");
    TCase *tc = tcase_create("core");
    tcase_add_loop_test(tc, test_replies_as_clients_write_them, 0, (int)(sizeof replies / sizeof replies[0]));
    tcase_add_test(tc, test_player_basics);
    tcase_add_test(tc, test_unflow);
    tcase_add_test(tc, test_flowed_message);
    tcase_add_test(tc, test_linear);
    tcase_add_test(tc, test_steps_linear);
    suite_add_tcase(s, tc);
    return s;
}
