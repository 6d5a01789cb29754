/* Tests of mailin (reading an incoming message) and of mailfront's size limit (its budget: check_rate.c). */
/* the project's headers first, then check.h */
#include "fixtures.h"
#include "mailfront.h"
#include "mailin.h"
#include "mailtext.h"
#include "util.h"

#include <check.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

Suite *mailin_suite(void);

/* Parses text (LF or CRLF) with the envelope sender env (NULL: unknown) into *m. */
static void parse(const char *text, const char *env, MailIn *m)
{
    mailin_parse(text, strlen(text), env, m);
}

/* ---- headers ---- */

START_TEST(folded_headers_unfold)
{
    const char *hdr = "Subject: move 101 alice\n secret\n\tMOVE C4 E\nX-Other: y\n";
    char *v = mailin_header(hdr, "subject");
    ck_assert_str_eq(v, "move 101 alice secret\tMOVE C4 E");
    free(v);
    ck_assert_ptr_null(mailin_header(hdr, "Subj"));
    v = mailin_header("Subject : spaced\n", "Subject");
    ck_assert_str_eq(v, "spaced");
    free(v);
}
END_TEST

START_TEST(crlf_and_envelope_line)
{
    MailIn m;
    parse("From bob@example.org Fri Jan 15 08:00:00 2027\r\nFrom: Bob <bob@example.org>\r\n"
          "Subject: Re: RE: fwd: Fw: show 101\r\nMessage-ID: <abc@example.org>\r\n\r\nline one\r\nline two\r\n",
          NULL, &m);
    ck_assert_str_eq(m.envelope, "bob@example.org");
    ck_assert_str_eq(m.from, "bob@example.org");
    ck_assert_str_eq(m.reply_to, "bob@example.org");
    ck_assert_str_eq(m.subject, "show 101");
    ck_assert_str_eq(m.message_id, "<abc@example.org>");
    ck_assert_str_eq(m.body, "line one\nline two\n");
    ck_assert_str_eq(m.loop, "");
    mailin_free(&m);
}
END_TEST

START_TEST(reply_to_wins_over_from)
{
    MailIn m;
    parse("From: \"Smith, Al\" <al@example.org>\nReply-To: games@example.org (Al's games)\nSubject: help\n\n",
          "al@example.org", &m);
    ck_assert_str_eq(m.from, "al@example.org");
    ck_assert_str_eq(m.reply_to, "games@example.org");
    mailin_free(&m);
    parse("From: al@example.org (Al)\nReply-To: not an address\nSubject: help\n\n", NULL, &m);
    ck_assert_str_eq(m.reply_to, "al@example.org");
    ck_assert(!m.reply_list);
    mailin_free(&m);
    /* a Reply-To that names a group of several addresses asks for a list: not answered at From: instead */
    parse("From: al@example.org\nReply-To: friends: a@x.org, b@y.org;\nSubject: help\n\n", NULL, &m);
    ck_assert(m.reply_list);
    mailin_free(&m);
}
END_TEST

static const struct {
    const char *in, *out;
} words[] = {
    {"=?utf-8?Q?move_101_alice?= secret", "move 101 alice secret"},
    {"=?UTF-8?B?bW92ZSAxMDE=?=", "move 101"},
    {"=?iso-8859-1?Q?Gr=FC=DFe?=", "Gr\xc3\xbc\xc3\x9f" "e"},
    {"=?utf-8?Q?a?= =?utf-8?Q?b?=", "ab"},               /* white space between words goes */
    {"=?utf-8?Q?a?= plain =?utf-8?Q?b?=", "a plain b"}, /* not around plain text */
    {"=?utf-8?X?bad?= =?broken", "=?utf-8?X?bad?= =?broken"},
    {"=?utf-8?Q?caf=C3=A9?=", "caf\xc3\xa9"},
};

START_TEST(encoded_words)
{
    char *s = mailin_decode_words(words[_i].in);
    ck_assert_str_eq(s, words[_i].out);
    free(s);
}
END_TEST

/* A Subject of a megabyte that is all beginnings of encoded-words decodes at once (linear time: each
 * beginning used to scan the rest of the text for its end, 24 s of CPU for a megabyte); with the quadratic
 * scan each case below takes over a minute and the test's timeout stops it. The text: words that never end
 * stay as they are; words with white space inside are none; one word that holds beginnings of others is one
 * word; a megabyte of adjacent words loses the white space between them. */
#define BIG_SUBJECT (1 << 20)
static char *repeated(const char *head, const char *unit, const char *tail, size_t total)
{
    Buf b;
    buf_init(&b);
    buf_add(&b, head);
    while (b.len + strlen(unit) + strlen(tail) <= total)
        buf_add(&b, unit);
    buf_add(&b, tail);
    return buf_take(&b);
}

START_TEST(encoded_words_linear)
{
    static const struct {
        const char *head, *unit, *tail;
    } cases[] = {
        {"", "=?x?Q?a=", ""},         /* no end anywhere */
        {"", "=?utf-8?Q?abc ", ""},   /* white space before any end */
        {"=?utf-8?Q?", "a=?u?Q?", "?="}, /* one word of a megabyte */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *in = repeated(cases[i].head, cases[i].unit, cases[i].tail, BIG_SUBJECT);
        char *out = mailin_decode_words(in);
        if (i < 2) {
            ck_assert_uint_eq(strlen(out), strlen(in));
            ck_assert(strcmp(out, in) == 0);
        } else { /* Q: "=?" is no hex pair, so the text is as it was */
            size_t n = strlen(in) - strlen(cases[i].head) - strlen(cases[i].tail);
            ck_assert_uint_eq(strlen(out), n);
            ck_assert(strncmp(out, in + strlen(cases[i].head), n) == 0);
        }
        free(out);
        free(in);
    }
    char *in = repeated("", "=?utf-8?Q?a?= ", "", BIG_SUBJECT);
    char *out = mailin_decode_words(in);
    size_t nwords = strlen(in) / strlen("=?utf-8?Q?a?= ");
    ck_assert_uint_eq(strlen(out), nwords + 1); /* "a" each, and the white space after the last */
    ck_assert_uint_eq(strspn(out, "a"), nwords);
    ck_assert_str_eq(out + nwords, " ");
    free(out);
    free(in);
}
END_TEST

START_TEST(addresses)
{
    static const char *const cases[][2] = {
        {"Alice <alice@example.org>", "alice@example.org"},
        {"alice@example.org", "alice@example.org"},
        {"alice@example.org (Alice Liddell)", "alice@example.org"},
        {"\"Doe <x>\" <jd@example.org>", "jd@example.org"},
        {"a@example.org, b@example.org", "a@example.org"},
        {"", ""},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *a = mailin_address(cases[i][0]);
        ck_assert_str_eq(a, cases[i][1]);
        free(a);
    }
}
END_TEST

/* ---- bodies ---- */

START_TEST(quoted_printable_and_base64)
{
    size_t n;
    const char *qp = "MOVE C4 E =3D=\nok\nsoft= \nbreak";
    char *s = mailin_qp_decode(qp, strlen(qp), &n);
    ck_assert_str_eq(s, "MOVE C4 E =ok\nsoftbreak");
    free(s);
    s = mailin_base64_decode("TU9WRSBD\nNCBF\n", 14, &n);
    ck_assert_str_eq(s, "MOVE C4 E");
    ck_assert_uint_eq(n, 9);
    free(s);
}
END_TEST

START_TEST(charsets_to_utf8)
{
    char *s = mailin_to_utf8("\xe9t\xe9", 3, "ISO-8859-1");
    ck_assert_str_eq(s, "\xc3\xa9t\xc3\xa9");
    free(s);
    s = mailin_to_utf8("\xc3\xa9", 2, "us-ascii"); /* valid UTF-8 stays */
    ck_assert_str_eq(s, "\xc3\xa9");
    free(s);
    s = mailin_to_utf8("\xe9", 1, "utf-8"); /* not UTF-8: read as Latin-1 */
    ck_assert_str_eq(s, "\xc3\xa9");
    free(s);
}
END_TEST

/* A NUL byte is a character of its own, SUB (MAILIN_NUL), like any other control character: nothing after it is
 * lost — the lines of the text after it (they used to end the text), the headers after it (a NUL in the Subject
 * used to end the header block, the Message-ID with it), a decoded part's NUL (it used to be dropped, joining the
 * words around it) (contract 2.1). */
START_TEST(nul_is_a_character)
{
    static const char body[] = "From: a@example.org\nSubject: Re: Genetess Board 101 a\nMessage-ID: <n1@x>\n\n"
                               "secret CREATE C4 ABBBBBB\n\0MOVE C4 E\nPASS\n";
    MailIn m;
    mailin_parse(body, sizeof body - 1, NULL, &m);
    ck_assert_str_eq(m.body, "secret CREATE C4 ABBBBBB\n\x1aMOVE C4 E\nPASS\n");
    mailin_free(&m);
    static const char header[] = "From: a@example.org\nSubject: he\0lp\nMessage-ID: <n2@x>\n\nPASS\n";
    mailin_parse(header, sizeof header - 1, NULL, &m);
    ck_assert_str_eq(m.subject, "he lp"); /* the Subject's control characters are spaces */
    ck_assert_str_eq(m.message_id, "<n2@x>");
    ck_assert_str_eq(m.body, "PASS\n");
    mailin_free(&m);
    parse("From: a@example.org\nSubject: x\nContent-Transfer-Encoding: quoted-printable\n\nsecret=00PASS\nMOVE\n", NULL,
          &m);
    ck_assert_str_eq(m.body, "secret\x1aPASS\nMOVE\n");
    mailin_free(&m);
}
END_TEST

/* UTF-16 parts (RFC 2781): a byte-order mark says the order and goes; without one, big-endian (UTF-16, UTF-16BE)
 * or little-endian (UTF-16LE); a pair of surrogates is one character; a lone surrogate or an odd last byte is
 * U+FFFD. */
START_TEST(utf16_to_utf8)
{
    static const struct {
        const char *in;
        size_t n;
        const char *charset, *out;
    } cases[] = {
        {"\xff\xfes\0e\0 \0P\0\r\0\n\0", 14, "utf-16", "se P\r\n"},
        {"\xfe\xff\0s\0\xe9", 6, "UTF-16", "s\xc3\xa9"},
        {"\0s\0e", 4, "utf-16", "se"},
        {"s\0e\0", 4, "utf-16le", "se"},
        {"\0s\0e", 4, "utf-16be", "se"},
        {"\xd8\x3d\xde\x00", 4, "utf-16be", "\xf0\x9f\x98\x80"},
        {"\xd8\x3d\0a", 4, "utf-16be", "\xef\xbf\xbd" "a"},
        {"\0a\0", 3, "utf-16be", "a\xef\xbf\xbd"},
        {"\0\0\0a", 4, "utf-16be", "\x1a" "a"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *u = mailin_to_utf8(cases[i].in, cases[i].n, cases[i].charset);
        ck_assert_msg(strcmp(u, cases[i].out) == 0, "case %zu: got \"%s\"", i, u);
        free(u);
    }
}
END_TEST

START_TEST(multipart_alternative_takes_text_plain)
{
    MailIn m;
    parse("From: a@example.org\nSubject: chat 101 alice secret\nMIME-Version: 1.0\n"
          "Content-Type: multipart/alternative; boundary=\"XX\"\n\n"
          "preamble\n--XX\nContent-Type: text/html; charset=utf-8\n\n<p>no</p>\n"
          "--XX\nContent-Type: text/plain; charset=iso-8859-1\nContent-Transfer-Encoding: quoted-printable\n\n"
          "Bonne chance, =E9quipe!\n--XX--\nepilogue\n",
          NULL, &m);
    ck_assert_str_eq(m.body, "Bonne chance, \xc3\xa9quipe!\n");
    mailin_free(&m);
}
END_TEST

START_TEST(multipart_mixed_nested_base64)
{
    MailIn m;
    parse("From: a@example.org\nSubject: move 101 a b\nContent-Type: multipart/mixed; boundary=outer\n\n"
          "--outer\nContent-Type: multipart/alternative; boundary=inner\n\n"
          "--inner\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: base64\n\n"
          "TU9WRSBDNCBFCg==\n--inner\nContent-Type: text/html\n\n<b>x</b>\n--inner--\n"
          "--outer\nContent-Type: text/plain\nContent-Disposition: attachment; filename=x.txt\n\nnot this\n"
          "--outer--\n",
          NULL, &m);
    ck_assert_str_eq(m.body, "MOVE C4 E\n");
    mailin_free(&m);
}
END_TEST

/* A multipart/mixed reads each of its text parts in order (contract 2.1): Apple Mail's text, picture, text is one
 * text (its second part used to be dropped unsaid); a text part that names a file is a file attached, not read; a
 * multipart/alternative still reads its first text part alone; a multipart whose close delimiter is missing still
 * has its last part read. */
START_TEST(multipart_mixed_reads_every_text_part)
{
    MailIn m;
    parse("From: a@example.org\nSubject: x\nContent-Type: multipart/mixed; boundary=\"XX\"\n\n"
          "--XX\nContent-Type: text/plain; charset=us-ascii\n\nsecret CREATE C4 ABBBBBB\nMy plan:\n\n"
          "--XX\nContent-Type: image/png; name=plan.png\nContent-Disposition: inline; filename=plan.png\n"
          "Content-Transfer-Encoding: base64\n\niVBORw0KGgo=\n"
          "--XX\nContent-Type: text/plain; charset=us-ascii\n\nPASS\nMOVE C4 E\n"
          "--XX\nContent-Type: text/plain; name=notes.txt\nContent-Disposition: inline; filename=notes.txt\n\nMOVE A1 N\n"
          "--XX--\n",
          NULL, &m);
    ck_assert_str_eq(m.body, "secret CREATE C4 ABBBBBB\nMy plan:\nPASS\nMOVE C4 E\n");
    mailin_free(&m);
    parse("From: a@example.org\nSubject: x\nContent-Type: multipart/mixed; boundary=b\n\n"
          "--b\nContent-Type: text/plain\n\nsecret PASS\n--b\nContent-Type: text/plain\n\nMOVE C4 E\n",
          NULL, &m);
    ck_assert_str_eq(m.body, "secret PASS\nMOVE C4 E\n");
    mailin_free(&m);
    parse("From: a@example.org\nSubject: x\nContent-Type: multipart/alternative; boundary=b\n\n"
          "--b\nContent-Type: text/plain\n\nsecret PASS\n--b\nContent-Type: text/plain\n\nsecret PASS again\n--b--\n",
          NULL, &m);
    ck_assert_str_eq(m.body, "secret PASS\n");
    mailin_free(&m);
}
END_TEST

START_TEST(multipart_empty_part_and_crlf_base64)
{
    MailIn m;
    parse("From: a@example.org\nSubject: x\nContent-Type: multipart/mixed; boundary=b\n\n--b\n--b\n"
          "Content-Type: text/plain\nContent-Transfer-Encoding: base64\n\nUEFTUw0KTU9WRSBDNCBFDQo=\n--b--\n",
          NULL, &m);
    ck_assert_str_eq(m.body, "PASS\nMOVE C4 E\n");
    mailin_free(&m);
}
END_TEST

START_TEST(html_only_body_is_its_text)
{
    MailIn m;
    parse("From: a@example.org\nSubject: x\nContent-Type: text/html\n\n<p>MOVE</p>\n", NULL, &m);
    ck_assert_str_eq(m.body, "MOVE\n");
    ck_assert(m.body_html);
    ck_assert(!m.body_unread);
    mailin_free(&m);
    /* a plain part wins over the HTML one, whatever their order */
    parse("From: a@example.org\nSubject: x\nContent-Type: multipart/alternative; boundary=b\n\n--b\n"
          "Content-Type: text/html\n\n<p>PASS</p>\n--b\nContent-Type: text/plain\n\nMOVE C3 N\n--b--\n",
          NULL, &m);
    ck_assert_str_eq(m.body, "MOVE C3 N\n");
    ck_assert(!m.body_html);
    mailin_free(&m);
    /* HTML with nothing to read, and a body of no text type at all: unread */
    parse("From: a@example.org\nSubject: x\nContent-Type: text/html\n\n<img src=\"cid:1\">\n", NULL, &m);
    ck_assert_str_eq(m.body, "");
    ck_assert(m.body_unread);
    mailin_free(&m);
    parse("From: a@example.org\nSubject: x\nContent-Type: application/pdf\n\n%PDF-1.4\n", NULL, &m);
    ck_assert(m.body_unread);
    mailin_free(&m);
    /* an empty body, or a plain one of quotes alone, is read (and empty) */
    parse("From: a@example.org\nSubject: x\n\n> PASS\n", NULL, &m);
    ck_assert_str_eq(m.body, "");
    ck_assert(!m.body_unread);
    mailin_free(&m);
}
END_TEST

START_TEST(html_text)
{
    static const struct {
        const char *html, *text;
    } cases[] = {
        {"<div dir=\"ltr\">secret&nbsp;PASS</div>", "secret PASS\n"},
        {"<html><head><title>t</title><style>p{x:y}</style></head><body>MOVE<br>C3 N</body></html>", "MOVE\nC3 N"},
        {"a &amp; b &lt;c&gt; &quot;d&quot; &#65;&#x42; &bogus; &", "a & b <c> \"d\" AB &bogus; &"},
        {"PASS<blockquote>Genetess board 101<br>To move: alice</blockquote>",
         "PASS\n> Genetess board 101\n> To move: alice\n"},
        {"<script>alert(1)</script>MOVE\n  C3\tN", "MOVE C3 N"},
        {"<p>one</p><p>two", "one\n\ntwo"},
        {"a  <b>bold</b>   b", "a bold b"},
        {"&#233;t&#xe9;", "\xc3\xa9t\xc3\xa9"},
        {"&#0;&#x110000;&#xD800;", "&#0;&#x110000;&#xD800;"},
        {"unclosed <b", "unclosed "},
        {"PASS<!-- if x > y then MOVE C3 N -->!", "PASS!"}, /* a comment ends at "-->": nothing of it is text */
        {"a<!-- no end > MOVE", "a"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *t = mailin_html_text(cases[i].html, strlen(cases[i].html));
        ck_assert_msg(strcmp(t, cases[i].text) == 0, "%s: got '%s'", cases[i].html, t);
        free(t);
    }
}
END_TEST

START_TEST(unicode_spaces)
{
    char s[] = "MOVE\xc2\xa0" "C3\xe2\x80\x82N\xe2\x80\xaf" "x\xe3\x80\x80y\xe2\x80\x8bz\xef\xbb\xbf!\xc3\xa9";
    ck_assert_str_eq(mailin_unicode_spaces(s), "MOVE C3 N x yz!\xc3\xa9");
    MailIn m;
    parse("From: a@example.org\nSubject: =?utf-8?Q?move=C2=A0101?= alice secret\n\nMOVE C3 S\xc2\xa0\n", NULL, &m);
    ck_assert_str_eq(m.subject, "move 101 alice secret");
    ck_assert_str_eq(m.body, "MOVE C3 S\n");
    mailin_free(&m);
}
END_TEST

START_TEST(client_prefixes)
{
    static const struct {
        const char *in, *out;
    } cases[] = {
        {"AW: SV: Antw: move 101", "move 101"},
        {"Re[2]: RE[12]: Fwd:Fw: show 101", "show 101"},
        {"WG: VS: TR: RIF: R: games", "games"},
        {"Re: Nag: Genetess Board 101 alice", "Genetess Board 101 alice"},
        {"Reply: move", "Reply: move"},
        {"Re[x]: move", "Re[x]: move"},
        {"Antwort move", "Antwort move"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *s = xstrdup(cases[i].in);
        ck_assert_str_eq(mailin_strip_prefixes(s), cases[i].out);
        free(s);
    }
}
END_TEST

START_TEST(signature_and_quotes_dropped)
{
    char text[] = "MOVE C4 E   \n> quoted MOVE A1 N\n\nPASS\n\n\n-- \nAlice\n> more\n";
    ck_assert_str_eq(mailtext_player(text), "MOVE C4 E\n\nPASS\n");
    char trimmed[] = "hello\n--\nsig\n";
    ck_assert_str_eq(mailtext_player(trimmed), "hello\n");
    char empty[] = "\n\n";
    ck_assert_str_eq(mailtext_player(empty), "");
    char last[] = "PASS\nMOVE C4 E"; /* the last line has no line break: the text never grows (fuzz) */
    ck_assert_str_eq(mailtext_player(last), "PASS\nMOVE C4 E");
}
END_TEST

/* ---- loops ---- */

static const struct {
    const char *hdr, *env, *why;
} loops[] = {
    {"From: a@example.org\nAuto-Submitted: auto-replied\n", NULL, "Auto-Submitted: auto-replied"},
    {"From: a@example.org\nAuto-Submitted: no\n", NULL, ""},
    {"From: a@example.org\nPrecedence: bulk\n", NULL, "Precedence: bulk"},
    {"From: a@example.org\nPrecedence: junk\n", NULL, "Precedence: junk"},
    {"From: a@example.org\nPrecedence: list\n", NULL, "Precedence: list"},
    {"From: a@example.org\nList-Id: <games.example.org>\n", NULL, "List-Id"},
    {"From: a@example.org\n", "", "envelope sender '<>'"},
    {"From: a@example.org\n", "<>", "envelope sender '<>'"},
    {"From: a@example.org\n", "MAILER-DAEMON@example.org", "envelope sender 'MAILER-DAEMON@example.org'"},
    {"From: a@example.org\n", "postmaster@example.org", "envelope sender 'postmaster@example.org'"},
    {"From: Mail Delivery System <Mailer-Daemon@example.org>\n", NULL, "From: a mailer"},
    {"From: a@example.org\n", "a@example.org", ""},
    {"From: a@example.org\nPrecedence: auto_reply\n", NULL, "Precedence: auto_reply"},
    {"From: a@example.org\nPrecedence: first-class\n", NULL, ""},
    {"From: a@example.org\nX-Autoreply: yes\n", NULL, "X-Autoreply"},
    {"From: a@example.org\nX-Autorespond: Away until Monday\n", NULL, "X-Autorespond"},
    {"From: a@example.org\nX-Auto-Response-Suppress: All\n", NULL, "X-Auto-Response-Suppress: all"},
    {"From: a@example.org\nX-Auto-Response-Suppress: DR, RN, NRN, OOF\n", NULL, "X-Auto-Response-Suppress: dr"},
    {"From: a@example.org\nX-Auto-Response-Suppress: None\n", NULL, ""},
    {"From: a@example.org\nMIME-Version: 1.0\nContent-Type: multipart/report; report-type=delivery-status;\n"
     " boundary=\"b\"\n", NULL, "Content-Type: multipart/report"},
    {"From: a@example.org\nContent-Type: Multipart/Report; report-type=disposition-notification; boundary=b\n",
     NULL, "Content-Type: multipart/report"},
    {"From: a@example.org\nContent-Type: multipart/mixed; boundary=b\n", NULL, ""},
};

START_TEST(loops_are_dropped)
{
    MailIn m;
    char *text = xasprintf("%sSubject: move 1 a b\n\nbody\n", loops[_i].hdr);
    parse(text, loops[_i].env, &m);
    ck_assert_str_eq(m.loop, loops[_i].why);
    mailin_free(&m);
    free(text);
}
END_TEST

START_TEST(bounce_envelope_line)
{
    MailIn m;
    parse("From MAILER-DAEMON Fri Jan 15 08:00:00 2027\nFrom: x@example.org\nSubject: failure\n\n", NULL, &m);
    ck_assert_str_eq(m.loop, "envelope sender 'MAILER-DAEMON'");
    mailin_free(&m);
}
END_TEST

/* ---- the limits of mailfront ---- */

START_TEST(size_limit)
{
    FILE *f = tmpfile();
    ck_assert_ptr_nonnull(f);
    for (int i = 0; i < 3000; i++)
        fputs("0123456789", f);
    rewind(f);
    char *msg;
    size_t len;
    ck_assert_int_eq(mailfront_read(f, 1000, &msg, &len), 1);
    ck_assert_uint_eq(len, 1000);
    ck_assert_uint_eq(strlen(msg), 1000);
    free(msg);
    rewind(f);
    ck_assert_int_eq(mailfront_read(f, 30000, &msg, &len), 0);
    ck_assert_uint_eq(len, 30000);
    free(msg);
    fclose(f);
}
END_TEST

Suite *mailin_suite(void)
{
    Suite *s = suite_create("mailin");
    TCase *t = tcase_create("headers");
    tcase_add_test(t, folded_headers_unfold);
    tcase_add_test(t, crlf_and_envelope_line);
    tcase_add_test(t, reply_to_wins_over_from);
    tcase_add_loop_test(t, encoded_words, 0, (int)(sizeof words / sizeof words[0]));
    tcase_add_test(t, encoded_words_linear);
    tcase_add_test(t, addresses);
    suite_add_tcase(s, t);
    t = tcase_create("bodies");
    tcase_add_test(t, quoted_printable_and_base64);
    tcase_add_test(t, charsets_to_utf8);
    tcase_add_test(t, nul_is_a_character);
    tcase_add_test(t, utf16_to_utf8);
    tcase_add_test(t, multipart_alternative_takes_text_plain);
    tcase_add_test(t, multipart_mixed_nested_base64);
    tcase_add_test(t, multipart_empty_part_and_crlf_base64);
    tcase_add_test(t, multipart_mixed_reads_every_text_part);
    tcase_add_test(t, html_only_body_is_its_text);
    tcase_add_test(t, html_text);
    tcase_add_test(t, unicode_spaces);
    tcase_add_test(t, client_prefixes);
    tcase_add_test(t, signature_and_quotes_dropped);
    suite_add_tcase(s, t);
    t = tcase_create("loops and limits");
    tcase_set_timeout(t, 20); /* the rate tests make hundreds of synced writes: seconds on a busy disk */
    tcase_add_loop_test(t, loops_are_dropped, 0, (int)(sizeof loops / sizeof loops[0]));
    tcase_add_test(t, bounce_envelope_line);
    tcase_add_test(t, size_limit);
    suite_add_tcase(s, t);
    return s;
}
