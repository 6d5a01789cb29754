/* mailin: reading one incoming RFC 5322 message — headers (folded, RFC 2047 encoded-words), the reply address, the command from the Subject, the text/plain body (MIME, quoted-printable, base64, charsets to UTF-8) and the signs of a mail loop. */
#ifndef GENETESS_MAILIN_H
#define GENETESS_MAILIN_H

#include <stdbool.h>
#include <stddef.h>

/* One parsed message; every string is malloc'd and never NULL ("" when absent). */
typedef struct MailIn {
    char *envelope;   /* the sender of the leading "From " line ("" when none; "<>" stays "<>") */
    bool has_envelope;
    char *from;       /* the address of From: */
    char *reply_to;   /* where the reply goes: the address of Reply-To:, else of From: */
    bool reply_list;  /* the header reply_to comes from names several addresses (mailin_address_list), or a
                         Reply-To: that gives no address of its own does (a group) */
    char *subject;    /* decoded, unfolded, Re:/Fwd:/Fw: prefixes removed, white space trimmed */
    char *message_id; /* Message-ID: as written, e.g. "<x@y>" */
    char *body;       /* the text/plain part decoded to UTF-8 lines (each ending in '\n'), format=flowed lines
                         joined, only the player's own text (mailtext_player: no quotes, attribution lines,
                         signature, forwarded original or client footer) */
    char *loop;       /* why the message must be dropped unanswered (mailin_loop), "" when it may be answered */
    bool body_html;   /* the body came from a text/html part (the message had no text/plain one), tags stripped */
    bool body_unread; /* the message has a body, but no text/plain or text/html part gave any text */
} MailIn;

/* Parses the len bytes at msg (CRLF or LF line ends; a leading "From " envelope line is read and
 * skipped). The envelope sender is envelope when non-NULL (the MTA's $SENDER), else the "From " line's.
 * Fills *m (release with mailin_free); never fails: a message without headers has an empty subject
 * and addresses. */
void mailin_parse(const char *msg, size_t len, const char *envelope, MailIn *m);
/* Frees m's strings; m may be freed twice. */
void mailin_free(MailIn *m);

/* The unfolded value of the first header called name (case-insensitive) in the header block at hdr
 * (up to the first empty line), malloc'd, or NULL when absent. Encoded-words are left as they are. */
char *mailin_header(const char *hdr, const char *name);
/* Decodes RFC 2047 encoded-words (B and Q; UTF-8, US-ASCII, ISO-8859-1 and -15, Windows-1252 as
 * Latin-1) in s; white space between two adjacent encoded-words goes. Time linear in s's length, whatever
 * it holds. Returns malloc'd UTF-8. */
char *mailin_decode_words(const char *s);
/* The first address of an address header value: the <...> part, else the first word outside
 * comments; malloc'd, "" when none. */
char *mailin_address(const char *value);
/* True when the address header value v names more than one address: a comma outside quotes, angle brackets and
 * comments, with an '@' after it; two <...> holding an '@'; or, with no <...>, two words holding one outside quotes
 * and comments ("a@x b@y": contract 2.1). */
bool mailin_address_list(const char *v);
/* Removes leading reply and forward prefixes — Re:, Fwd:, Fw:, AW:, WG:, SV:, VS:, Antw:, TR:, RIF:, R:,
 * Nag: (any case, repeated, "Re[2]:" too) — and surrounding white space, in place. */
char *mailin_strip_prefixes(char *subject);
/* Quoted-printable decoding of n bytes; returns malloc'd bytes, *out_len their count. */
char *mailin_qp_decode(const char *s, size_t n, size_t *out_len);
/* Base64 decoding of n bytes (other characters skipped); returns malloc'd bytes, *out_len their count. */
char *mailin_base64_decode(const char *s, size_t n, size_t *out_len);
/* A NUL byte in a message, read as a character of its own: SUB (U+001A, "a character in error"), a control
 * character like the others — kept in its line, shown as '?' where it is quoted — so a C string holds the text and
 * nothing after a NUL is lost (contract 2.1). */
#define MAILIN_NUL '\x1a'

/* The n bytes at s in charset (a MIME name; UTF-16, UTF-16BE, UTF-16LE with or without a byte-order mark; NULL or
 * unknown: UTF-8 if valid, else Latin-1) as malloc'd UTF-8, a NUL as MAILIN_NUL. */
char *mailin_to_utf8(const char *s, size_t n, const char *charset);
/* The text (malloc'd) of n bytes of HTML: tags dropped (with what head, style and script hold; a comment up to its
 * "-->", whatever '>' it holds), a line
 * break for br, p, div, li, tr and headings, a blockquote's lines quoted with "> ", the common entities and
 * numeric references decoded. */
char *mailin_html_text(const char *s, size_t n);
/* Replaces, in place, the Unicode spaces of UTF-8 text s (no-break space, the spaces U+2000..U+200A,
 * U+202F, U+205F, U+3000) by ' ' and drops the zero-width ones (U+200B, U+FEFF). Returns s. */
char *mailin_unicode_spaces(char *s);
/* Why the message must not be answered, or "" (malloc'd): an Auto-Submitted other than "no", a
 * Precedence of bulk, junk, list or auto_reply, a List-Id, an X-Autoreply or X-Autorespond, an
 * X-Auto-Response-Suppress other than "none", a Content-Type multipart/report (a delivery or disposition
 * report, whoever it is from), or an envelope sender (envelope, NULL: unknown) or From: that is empty, "<>",
 * MAILER-DAEMON or postmaster. The reason is "<header>: <its first token, lower-cased>" ("List-Id",
 * "X-Autoreply", "X-Autorespond": the header alone), "envelope sender '<sender>'" or "From: a mailer". */
char *mailin_loop(const char *hdr, const char *envelope, const char *from);

#endif
