/* mail: the queue of outgoing messages and their text (headers, MIME, folding), spooled with the board they
 * belong to and delivered after its save (the files: spool.c). */
#include "mail.h"
#include "spool.h"
#include "users.h"

#include <ctype.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void mail_init(MailQueue *q, const Host *host, const Request *rq)
{
    *q = (MailQueue){.from = host ? host->from : NULL,
                     .mailer = host && host->mailer && *host->mailer ? host->mailer : NULL,
                     .in_reply_to = rq ? rq->message_id : NULL};
}

/* Frees the messages and leaves the queue's storage for reuse. */
void mail_truncate(MailQueue *q, int n)
{
    if (n < 0)
        n = 0;
    for (int i = n; i < q->n; i++) {
        free(q->m[i].to);
        free(q->m[i].subject);
        free(q->m[i].body);
        free(q->m[i].html);
    }
    if (n < q->n)
        q->n = n;
}

static void mail_clear(MailQueue *q)
{
    mail_truncate(q, 0);
}

void mail_free(MailQueue *q)
{
    mail_clear(q);
    free(q->m);
    q->m = NULL;
    q->n = q->cap = 0;
}

/* ---------------------------------------------------------------- what a message may hold */

#define HEADER_LINE_MAX 998 /* RFC 5322 2.1.1: octets on a line, a header's folded lines included */
#define HEADER_FOLD 78      /* RFC 5322 2.1.1: a header longer than this is folded at white space */
#define FROM_MAX 900        /* a longer $PBMFROM is not used: it and the Message-ID made from it fit a line */

/* The piece of a header value at p before which a fold may go: its spaces (*sp of them) and its word; in an
 * address list (To:) a word ends after a comma too, where a fold adds a space (RFC 5322 3.4: white space may go
 * around the commas of an address list). Returns its length. */
static size_t header_piece(const char *p, bool list, size_t *sp)
{
    size_t n = strspn(p, " ");
    *sp = n;
    while (p[n] && p[n] != ' ')
        if (p[n++] == ',' && list)
            break;
    return n;
}

/* Whether header "<name>: <value>" can be folded into lines of at most HEADER_LINE_MAX octets: its first piece
 * on the first line after "<name>: ", every other piece on a line of its own (after a space). */
static bool header_fits(const char *name, const char *value, bool list)
{
    size_t line = strlen(name) + 2, sp; /* "<name>: " */
    for (const char *p = value; *p; line = 0) {
        size_t n = header_piece(p, list, &sp);
        if (line + n + (line == 0 && sp == 0) > HEADER_LINE_MAX)
            return false;
        p += n;
    }
    return true;
}

/* Appends "<name>: <value>\n" to t, folded (RFC 5322 2.2.3: a line break before white space) so that each
 * line is at most HEADER_FOLD characters where the value allows it; a piece longer than that has a line of its
 * own (header_fits: never over HEADER_LINE_MAX). */
static void header_add(Buf *t, const char *name, const char *value, bool list)
{
    size_t line = strlen(name) + 2, sp;
    buf_add(t, name);
    buf_add(t, ": ");
    for (const char *p = value; *p;) {
        size_t n = header_piece(p, list, &sp);
        if (p != value && line + n > HEADER_FOLD) {
            buf_add(t, sp ? "\n" : "\n ");
            line = sp ? 0 : 1;
        }
        buf_addn(t, p, n);
        line += n;
        p += n;
    }
    buf_add(t, "\n");
}

/* The bytes of x that may start a control character: those under 0x20 but tab and newline, DEL, and every byte
 * from 0x80 (a C1 control in UTF-8 starts with 0xC2), each marked by its high bit; exact, byte by byte (no carry
 * crosses a byte: every sum stays under 0x100). Tab and newline are left unmarked in the same test: a text's
 * lines are short, and a newline must not send its word to the byte-by-byte look. */
static inline uint64_t control_bytes(uint64_t x)
{
    const uint64_t low7 = 0x7f7f7f7f7f7f7f7fu, high = ~low7, ones = 0x0101010101010101u;
    uint64_t xl = x & low7;
    uint64_t under = ~((xl + ones * 0x60) | x) & high;               /* under 0x20 */
    uint64_t tn = ((xl + ones * 0x77) & (ones * 0xfe)) ^ high;       /* 0 where the low 7 bits are 9 or 10 */
    uint64_t tab_nl = ~(((tn & low7) + low7) | tn) & high;
    return (under & ~tab_nl) | (((xl + ones) | x) & high); /* DEL and from 0x80: a high bit, or one made by +1 */
}

/* Whether the text at p starts with a control character other than tab and newline: its length (1, or 2 for a
 * C1 control in UTF-8), else 0. */
static size_t control_at(const unsigned char *p)
{
    if ((*p < 0x20 && *p != '\t' && *p != '\n') || *p == 0x7f)
        return 1;
    return *p == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f ? 2 : 0;
}

/* The lines of a text: the longest one's length (newline not counted; the last one's, without a newline, too)
 * when it is LINES_EXACT or more, else some length under LINES_EXACT (the folding and the MIME limits are both
 * over it: they are told exactly), and where the one being measured starts. */
enum { LINES_EXACT = 64 };
typedef struct Lines {
    size_t longest, start;
} Lines;

/* Measures the lines of the n bytes at text from ln->start on (a newline at a time). */
static void lines_measure(const char *text, size_t n, Lines *ln)
{
    for (const char *p = text + ln->start, *end = text + n, *nl; p < end; p = nl + 1) {
        nl = memchr(p, '\n', (size_t)(end - p));
        size_t len = (size_t)((nl ? nl : end) - p);
        ln->longest = len > ln->longest ? len : ln->longest;
        if (!nl)
            break;
    }
    ln->start = n;
}

/* The length of the longest run of 64-byte blocks at text (n bytes) with no byte that control_bytes would mark:
 * only printable ASCII, tab and newline. 16 bytes looked at at once, as signed bytes after adding: a byte
 * plus 1 is over 0x20 exactly when it is printable ASCII (0x20..0x7e; DEL and those from 0x80 wrap to 0x80 and
 * up, negative), and a byte plus 119 is under -126 exactly when it is a tab or a newline (9 and 10 wrap to -128
 * and -127). The lines of those blocks are measured into *ln at the same time where SSE2 gives the newlines'
 * places as a mask (else lines_measure does it after): a line within a block is shorter than LINES_EXACT, so
 * only the first and the last newline of a block count (the line that ends at the first, and where the next
 * starts). 0 without GCC's vector extensions (the caller's word-at-a-time scan then looks at all of it). */
static size_t clean_blocks(const char *text, size_t n, Lines *ln)
{
#if defined(__GNUC__)
    typedef unsigned char u16v __attribute__((vector_size(16)));
    typedef signed char s16v __attribute__((vector_size(16)));
    _Static_assert(LINES_EXACT <= 64, "a line within a block is shorter than LINES_EXACT");
    size_t i = 0, longest = ln->longest, start = ln->start;
    for (; i + 64 <= n; i += 64) {
        u16v a, b, c, d; /* four at once: the loop is not unrolled at -O2 */
        memcpy(&a, text + i, 16);
        memcpy(&b, text + i + 16, 16);
        memcpy(&c, text + i + 32, 16);
        memcpy(&d, text + i + 48, 16);
        s16v ok = (((s16v)(a + 1) > 0x20) | ((s16v)(a + 119) < -126)) & (((s16v)(b + 1) > 0x20) | ((s16v)(b + 119) < -126)) &
                  (((s16v)(c + 1) > 0x20) | ((s16v)(c + 119) < -126)) & (((s16v)(d + 1) > 0x20) | ((s16v)(d + 119) < -126));
        uint64_t w[2];
        memcpy(w, &ok, 16);
        if ((w[0] & w[1]) != UINT64_MAX)
            break;
#if defined(__SSE2__)
        typedef char m16 __attribute__((vector_size(16)));
        uint64_t nl = (uint64_t)(unsigned)__builtin_ia32_pmovmskb128((m16)(a == '\n')) |
                      (uint64_t)(unsigned)__builtin_ia32_pmovmskb128((m16)(b == '\n')) << 16 |
                      (uint64_t)(unsigned)__builtin_ia32_pmovmskb128((m16)(c == '\n')) << 32 |
                      (uint64_t)(unsigned)__builtin_ia32_pmovmskb128((m16)(d == '\n')) << 48;
        if (nl) {
            size_t len = i + (size_t)__builtin_ctzll(nl) - start;
            longest = len > longest ? len : longest;
            start = i + 64 - (size_t)__builtin_clzll(nl);
        }
#endif
    }
#if defined(__SSE2__)
    ln->longest = longest, ln->start = start;
#else
    (void)longest, (void)start; /* the caller measures the lines from the start */
#endif
    return i;
#else
    (void)text, (void)n, (void)ln;
    return 0;
#endif
}

/* Replaces, in place, every control character of text but tab and newline with '?' — a CR, ESC, BEL, DEL, a C1
 * control — so that none reaches a reader's screen or a 7bit part (contract 3.3); a CR before a newline goes
 * (a CRLF line end is a line end). Text with none (the sheets) is only read, 64 bytes at a time (clean_blocks),
 * then two words at a time (a byte at a time only where control_bytes marks one). Returns whether the text left is all ASCII: control_bytes marks
 * every byte from 0x80, so a text with no mark is, and the bytes looked at one by one say it for the rest; its
 * length into *len, its longest line's into *longest (the blocks' lines measured as they are read, the rest's
 * after). */
static bool strip_controls(char *text, size_t *len, size_t *longest)
{
    Lines ln = {0, 0};
    size_t n = strlen(text), i = clean_blocks(text, n, &ln);
    bool ascii = true;
    while (i < n) { /* the first control character: a word at a time, a marked word a byte at a time */
        uint64_t w[2];
        if (i + 16 <= n && (memcpy(w, text + i, 16), !(control_bytes(w[0]) | control_bytes(w[1])))) {
            i += 16;
            continue;
        }
        size_t end = i + 16 < n ? i + 16 : n;
        while (i < end && !control_at((unsigned char *)text + i))
            ascii &= (unsigned char)text[i++] < 0x80;
        if (i < end)
            break;
    }
    unsigned char *o = (unsigned char *)text + i;
    for (const unsigned char *p = o; *p;) {
        size_t c = control_at(p);
        if (c && *p == '\r' && p[1] == '\n')
            p++;
        else if (c)
            *o++ = '?', p += c;
        else
            ascii &= *p < 0x80, *o++ = *p++;
    }
    *o = '\0';
    *len = (size_t)(o - (unsigned char *)text);
    lines_measure(text, *len, &ln); /* the text before ln.start is as it was: only what follows changed */
    *longest = ln.longest;
    return ascii;
}

int mail_add_sheet(MailQueue *q, const char *to, const char *subject, char *body, char *html, Err *err)
{
    /* contract 3: no header is ever built from unchecked text */
    if (!to || !*to || !subject || str_has_control(to) || str_has_control(subject)) {
        free(body);
        free(html);
        return err_fail(err, "refusing a mail header with control characters");
    }
    if (!header_fits("To", to, true) || !header_fits("Subject", subject, false)) {
        free(body);
        free(html);
        return err_fail(err, "refusing a mail header that no folding fits in lines of %d octets (%s)",
                        HEADER_LINE_MAX, header_fits("To", to, true) ? "Subject:" : "To:");
    }
    size_t body_len = 0, html_len = 0, body_longest = 0, html_longest = 0;
    bool body_ascii = !body || strip_controls(body, &body_len, &body_longest),
         html_ascii = !html || strip_controls(html, &html_len, &html_longest);
    if (q->n == q->cap) {
        q->cap = q->cap ? q->cap * 2 : 8;
        q->m = xrealloc(q->m, (size_t)q->cap * sizeof *q->m);
    }
    Mail *m = &q->m[q->n++];
    m->to = xstrdup(to);
    m->subject = xstrdup(subject);
    m->body = body ? body : xstrdup("");
    m->html = html;
    m->body_ascii = body_ascii;
    m->html_ascii = html_ascii;
    m->body_len = body_len;
    m->html_len = html_len;
    m->body_longest = body_longest;
    m->html_longest = html_longest;
    m->reply = false;
    m->board = q->board;
    m->invite = q->invite;
    return 0;
}

int mail_add(MailQueue *q, const char *to, const char *subject, const char *body, Err *err)
{
    return mail_add_sheet(q, to, subject, xstrdup(body ? body : ""), NULL, err);
}

int mail_add_reply_sheet(MailQueue *q, const char *to, const char *subject, char *body, char *html, Err *err)
{
    if (mail_add_sheet(q, to, subject, body, html, err) < 0)
        return -1;
    q->m[q->n - 1].reply = true;
    return 0;
}

int mail_add_reply(MailQueue *q, const char *to, const char *subject, const char *body, Err *err)
{
    return mail_add_reply_sheet(q, to, subject, xstrdup(body ? body : ""), NULL, err);
}

const char *mail_reply_address(const Request *rq, const RequestOutcome *o)
{
    const char *s = rq->sender;
    if (!s || !users_valid_address(s))
        return NULL; /* "a@b, evil@x" would mail both */
    return o && *o->address ? o->address : s; /* pipeline_login checked it */
}

/* ---------------------------------------------------------------- the message text */

/* RFC 2822 date of t in UTC, independent of the locale. */
static void format_date(time_t t, char *out, size_t size)
{
    static const char *const days[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
    static const char *const months[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                         "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    struct tm tm;
    if (!gmtime_r(&t, &tm)) {
        t = 0;
        gmtime_r(&t, &tm);
    }
    snprintf(out, size, "%s, %02d %s %04d %02d:%02d:%02d +0000", days[tm.tm_wday % 7], tm.tm_mday,
             months[tm.tm_mon % 12], tm.tm_year + 1900, tm.tm_hour, tm.tm_min, tm.tm_sec);
}

/* The From: address: f (the request's $PBMFROM) when usable, else genetess@<hostname> (localhost when unknown). */
static char *from_address(const char *f)
{
    if (f && *f && !str_has_control(f) && strlen(f) <= FROM_MAX && header_fits("From", f, true))
        return xstrdup(f);
    char host[256];
    if (gethostname(host, sizeof host) < 0)
        host[0] = '\0';
    host[sizeof host - 1] = '\0';
    if (!host[0] || str_has_control(host) || strchr(host, ' '))
        strcpy(host, "localhost");
    return xasprintf("genetess@%s", host);
}

/* The domain of the From: address, for Message-IDs (RFC 5322 3.6.4: unique with the host's name). */
static const char *from_domain(const char *from)
{
    const char *at = strrchr(from, '@');
    return at && at[1] && !strpbrk(at + 1, " <>\"") ? at + 1 : "localhost";
}

/* The command's own Message-ID from v, as the request gave it ("<id@host>", the brackets added when
 * missing), or NULL when unset or not a plain message id. */
static char *mail_command_message_id(const char *v)
{
    if (!v || !*v || str_has_control(v) || strlen(v) > 900 || strpbrk(v, " \t\"\\,;()"))
        return NULL;
    size_t n = strlen(v);
    bool bracketed = v[0] == '<' && v[n - 1] == '>';
    const char *inner = bracketed ? v + 1 : v;
    size_t in = bracketed ? n - 2 : n;
    const char *at = memchr(inner, '@', in);
    if (in < 3 || !at || at == inner || at == inner + in - 1 || memchr(inner, '<', in) || memchr(inner, '>', in))
        return NULL;
    return xasprintf("<%.*s>", (int)in, inner);
}

#define LINE_MAX_CHARS 78 /* RFC 5322 2.1.1: lines SHOULD be at most 78 characters */

/* The byte length of the first n characters (UTF-8) of s, at most its length. */
static size_t utf8_prefix(const char *s, size_t len, size_t n)
{
    size_t i = 0, chars = 0;
    while (i < len && chars <= n) {
        if (((unsigned char)s[i] & 0xC0) != 0x80 && chars++ == n)
            break;
        i++;
    }
    return i;
}

/* Appends one body line (without its newline) to out, folded so that no line is over 78 characters:
 * at the last space that fits (at 78 characters when none does), each continuation indented by two. */
static void fold_line(Buf *out, const char *l, size_t len)
{
    bool cont = false;
    for (;;) {
        size_t room = cont ? LINE_MAX_CHARS - 2 : LINE_MAX_CHARS;
        size_t fit = utf8_prefix(l, len, room);
        if (cont)
            buf_add(out, "  ");
        if (fit == len) {
            buf_addn(out, l, len);
            return;
        }
        size_t cut = fit;
        while (cut > 0 && l[cut] != ' ')
            cut--;
        size_t next = cut ? cut + 1 : fit;
        if (!cut)
            cut = fit;
        while (cut > 0 && l[cut - 1] == ' ')
            cut--;
        buf_addn(out, l, cut);
        buf_add(out, "\n");
        l += next;
        len -= next;
        cont = true;
    }
}

/* Whether m's body needs fold_body: a line over 78 characters (its longest, measured as it was checked for
 * control characters), or a last line without its newline. */
static bool needs_fold(const Mail *m)
{
    return m->body_longest > LINE_MAX_CHARS || (m->body_len && m->body[m->body_len - 1] != '\n');
}

/* The body with every line over 78 characters folded (fold_line) and a final newline. */
static char *fold_body(const char *body)
{
    Buf out;
    buf_init(&out);
    size_t left = strlen(body);
    buf_reserve(&out, left + left / 16 + 2);
    out.s[0] = '\0';
    const char *run = body, *l = body; /* run: the first of the lines since the last folded one, copied whole */
    while (*l) {
        const char *nl = memchr(l, '\n', left);
        size_t len = nl ? (size_t)(nl - l) : left, step = len + (nl ? 1 : 0);
        if (len > LINE_MAX_CHARS) { /* else no more characters than bytes: it fits */
            buf_addn(&out, run, (size_t)(l - run));
            fold_line(&out, l, len);
            buf_addc(&out, '\n');
            run = l + step;
        }
        l += step;
        left -= step;
    }
    buf_addn(&out, run, (size_t)(l - run));
    if (run < l && l[-1] != '\n') /* the last line, short, ends with the text */
        buf_addc(&out, '\n');
    return buf_take(&out);
}

#define QP_LINE 76 /* RFC 2045 6.7: encoded lines of at most 76 characters */

/* The length (0 to 8) of the run of bytes at s that quoted-printable writes as themselves within one
 * line: printable ASCII but =, and space, less a space just before a line's end (the 8 bytes at s are
 * the string's; s[8] is at most its NUL). Word at a time: the lowest flagged byte is exact. */
static size_t qp_run8(const char *s)
{
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    const uint64_t ones = 0x0101010101010101u, high = 0x8080808080808080u;
    uint64_t x;
    memcpy(&x, s, 8);
    uint64_t low = (x - ones * 0x20) & ~x;        /* bytes under 0x20 (or 0x80 up) */
    uint64_t top = (x + ones * 0x01) | x;         /* bytes 0x7F up */
    uint64_t eq = (x ^ (ones * '=')) - ones;      /* = (its byte becomes 0) */
    eq &= ~(x ^ (ones * '='));
    uint64_t bad = (low | top | eq) & high;
    size_t k = bad ? (size_t)__builtin_ctzll(bad) / 8 : 8;
    if (k && s[k - 1] == ' ' && (s[k] == '\n' || s[k] == '\0'))
        k--;
    return k;
#else
    (void)s;
    return 0;
#endif
}

/* Appends s quoted-printable (RFC 2045 6.7) to out: printable ASCII but = as itself, space and tab as
 * themselves except before a line's end, everything else =XX; lines broken softly ("=") before 76.
 * Written straight into out's room (at most 3 bytes per byte plus a soft break per 25 bytes of input,
 * and 8 spare for the runs copied a word at a time). */
static void quoted_printable(Buf *out, const char *s)
{
    static const char hex[] = "0123456789ABCDEF";
    size_t n = strlen(s);
    const char *end = s + n;
    buf_reserve(out, n * 3 + 2 * (n / 25 + 2) + 8);
    char *o = out->s + out->len;
    size_t col = 0;
    while (*s) {
        size_t k = end - s >= 8 ? qp_run8(s) : 0;
        if (k) {
            if (col == QP_LINE - 1)
                *o++ = '=', *o++ = '\n', col = 0;
            if (k > QP_LINE - 1 - col)
                k = QP_LINE - 1 - col;
            memcpy(o, s, 8); /* all 8 bytes: those past k are written over next */
            o += k, s += k, col += k;
            continue;
        }
        unsigned char c = (unsigned char)*s;
        if (c == '\n') {
            *o++ = '\n';
            col = 0;
            s++;
            continue;
        }
        bool plain = (c >= 33 && c <= 126 && c != '=') || ((c == ' ' || c == '\t') && s[1] && s[1] != '\n');
        size_t w = plain ? 1 : 3;
        if (col + w > QP_LINE - 1) {
            *o++ = '=', *o++ = '\n';
            col = 0;
        }
        if (plain)
            *o++ = (char)c;
        else
            *o++ = '=', *o++ = hex[c >> 4], *o++ = hex[c & 15];
        col += w;
        s++;
    }
    if (col)
        *o++ = '=', *o++ = '\n'; /* no newline of its own at the end */
    *o = '\0';
    out->len = (size_t)(o - out->s);
}

#define MIME_LINE_MAX 998 /* RFC 5322 2.1.1, RFC 2045 2.8: octets on a line of 7bit or 8bit data */

/* The Content-Transfer-Encoding m's HTML part needs (RFC 2045 2.7, 2.8): "7bit" when it is ASCII with no line
 * over MIME_LINE_MAX octets (its longest, measured as it was checked for control characters), "8bit" when it
 * also holds bytes from 0x80 up, else "quoted-printable". No NUL can be in it (a C string), and no CR
 * (mail_add_sheet's strip_controls took each out, or made it '?'). */
static const char *mail_html_encoding(const Mail *m)
{
    return m->html_longest > MIME_LINE_MAX ? "quoted-printable" : m->html_ascii ? "7bit" : "8bit";
}

/* FNV-1a over the n bytes at s, continuing from h. */
static uint64_t fnv_bytes(uint64_t h, const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s;
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 1099511628211u;
    return h;
}

/* FNV-1a over s, continuing from h. */
static uint64_t fnv(uint64_t h, const char *s)
{
    return fnv_bytes(h, s, s ? strlen(s) : 0) ^ 0xff; /* a separator, so ("ab","c") and ("a","bc") differ */
}

/* A hash of what m's reader reads anyway — recipient, Subject, the body's length — and of the command's own
 * Message-ID when known: the seed of its MIME boundary. Never anything hidden from the reader (contract 8).
 * Not the body itself: a boundary needs only to be in neither part, which boundary_for makes sure of, and
 * hashing every byte of every sheet cost more than the rest of formatting the message. */
static uint64_t message_hash(const MailQueue *q, const Mail *m)
{
    char len[24];
    snprintf(len, sizeof len, "%zu", m->body_len);
    return fnv(fnv(fnv(fnv(14695981039346656037u, m->to), m->subject), len), q->in_reply_to);
}

/* v in decimal, zero-padded to width characters as printf's "%0*lld" pads it, onto t: without printf, as the
 * Message-ID and the thread ids are written for every message. */
static void buf_decimal(Buf *t, long long v, int width)
{
    char d[24];
    int n = 0;
    unsigned long long x = v < 0 ? 0 - (unsigned long long)v : (unsigned long long)v;
    do
        d[n++] = (char)('0' + x % 10);
    while ((x /= 10) > 0);
    if (v < 0)
        buf_addc(t, '-'), width--;
    for (; width > n; width--)
        buf_addc(t, '0');
    while (n)
        buf_addc(t, d[--n]);
}

/* v as printf's "%016llx" writes it, onto t. */
static void buf_hex16(Buf *t, uint64_t v)
{
    for (int i = 15; i >= 0; i--)
        buf_addc(t, "0123456789abcdef"[v >> (4 * i) & 0xf]);
}

/* Whether s (n bytes) holds b (bn bytes, its second byte '_'): looked for where an underscore is, which the
 * sheets hardly hold (memchr), not at every byte. */
static bool holds_boundary(const char *s, size_t n, const char *b, size_t bn)
{
    for (const char *p = n > 1 ? memchr(s + 1, '_', n - 1) : NULL; p && (size_t)(p - 1 - s) + bn <= n;
         p = p + 1 < s + n ? memchr(p + 1, '_', (size_t)(s + n - p - 1)) : NULL)
        if (!memcmp(p - 1, b, bn))
            return true;
    return false;
}

/* A MIME boundary from seed found in neither text (text_len bytes) nor html (html_len bytes; NULL: a
 * quoted-printable part, which never holds "=_"). Caller frees. */
static char *boundary_for(uint64_t seed, const char *text, size_t text_len, const char *html, size_t html_len)
{
    for (unsigned k = 0;; k++) { /* "=_gt_%016llx_%u" of seed and k */
        Buf t;
        buf_init(&t);
        buf_add(&t, "=_gt_");
        buf_hex16(&t, seed);
        buf_addc(&t, '_');
        buf_decimal(&t, k, 0);
        size_t bn = t.len;
        char *b = buf_take(&t);
        if (!holds_boundary(text, text_len, b, bn) && !(html && holds_boundary(html, html_len, b, bn)))
            return b;
        free(b);
    }
}

/* How m's body is sent: its text folded to lines of at most LINE_MAX_CHARS, the text part's headers, and
 * with an HTML part the multipart boundary (found in neither part) and the HTML part's encoding. */
typedef struct Content {
    bool ascii;
    const char *text;                       /* the body itself when it needs no folding (folded NULL) */
    char *folded, *text_headers, *boundary; /* boundary NULL: text/plain alone */
    const char *cte;                        /* the HTML part's Content-Transfer-Encoding */
} Content;

static void content_plan(const Mail *m, uint64_t hash, Content *c)
{
    c->ascii = m->body_ascii;
    c->folded = needs_fold(m) ? fold_body(m->body) : NULL;
    c->text = c->folded ? c->folded : m->body;
    c->text_headers = xstrdup(c->ascii ? "Content-Type: text/plain; charset=us-ascii\nContent-Transfer-Encoding: 7bit\n"
                                       : "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit\n");
    c->cte = m->html ? mail_html_encoding(m) : NULL;
    c->boundary = m->html ? boundary_for(hash, c->text, c->folded ? strlen(c->folded) : m->body_len,
                                         c->cte[0] == 'q' ? NULL : m->html, m->html_len)
                          : NULL;
}

static void content_free(Content *c)
{
    free(c->folded);
    free(c->text_headers);
    free(c->boundary);
}

/* The content headers: text/plain alone, or multipart/alternative. */
static void content_headers(const Content *c, Buf *t)
{
    if (!c->boundary)
        buf_add(t, c->text_headers);
    else
        buf_printf(t, "Content-Type: multipart/alternative; boundary=\"%s\"\nContent-Transfer-Encoding: %s\n",
                   c->boundary, c->ascii && c->cte[0] != '8' ? "7bit" : "8bit");
}

/* The body after the headers in t: the text alone, or the text part first and the HTML part second (RFC 2046
 * 5.1.4: the preferred alternative last), into msg: t's text, then the parts from where they lie (c's folded text,
 * m's body and HTML part; a quoted-printable one encoded apart), with the lines between them. c's folded text and
 * t's text go to msg (its own to free). */
static void content_body(const Mail *m, Content *c, Buf *t, SpoolMsg *msg)
{
    size_t text_len = c->folded ? strlen(c->folded) : m->body_len;
    if (c->boundary) {
        buf_add(t, "This is a turnsheet in two forms: plain text, then HTML.\n\n--");
        buf_add(t, c->boundary);
        buf_add(t, "\n");
        buf_add(t, c->text_headers);
        buf_add(t, "\n");
    }
    spool_msg_add(msg, t->s, t->len);
    spool_msg_own(msg, buf_take(t));
    spool_msg_add(msg, c->text, text_len);
    spool_msg_own(msg, c->folded);
    c->folded = NULL;
    if (!c->boundary)
        return;
    Buf x; /* the lines before the HTML part, then those after it */
    buf_init(&x);
    buf_add(&x, "\n--");
    buf_add(&x, c->boundary);
    buf_add(&x, "\nContent-Type: text/html; charset=utf-8\nContent-Transfer-Encoding: ");
    buf_add(&x, c->cte);
    buf_add(&x, "\n\n");
    size_t before = x.len;
    buf_add(&x, "\n--");
    buf_add(&x, c->boundary);
    buf_add(&x, "--\n");
    spool_msg_add(msg, x.s, before);
    if (c->cte[0] == 'q') {
        Buf qp;
        buf_init(&qp);
        quoted_printable(&qp, m->html);
        spool_msg_add(msg, qp.s, qp.len);
        spool_msg_own(msg, buf_take(&qp));
    } else {
        spool_msg_add(msg, m->html, m->html_len); /* as it is; it ends with its own newline */
    }
    spool_msg_add(msg, x.s + before, x.len - before);
    spool_msg_own(msg, buf_take(&x));
}

/* What spool_write asks of a queue for each message: its text, formatted with its Message-ID. */
typedef struct Spooling {
    const MailQueue *q;
    int from;           /* the queue's index of the group's first message */
    const char *group;
    const char *addr;   /* the From: address */
    time_t now;
} Spooling;

/* "<genetess.<kind>.<n>.<h in 16 hex digits>@<domain>>": one thread's Message-ID (thread_ids). Caller frees. */
static char *thread_id(const char *kind, int n, uint64_t h, const char *domain)
{
    Buf t;
    buf_init(&t);
    buf_add(&t, "<genetess.");
    buf_add(&t, kind);
    buf_addc(&t, '.');
    buf_decimal(&t, n, 0);
    buf_addc(&t, '.');
    buf_hex16(&t, h);
    buf_addc(&t, '@');
    buf_add(&t, domain);
    buf_addc(&t, '>');
    return buf_take(&t);
}

/* The threads of a mail to address (contract 3.3): Message-IDs no mail has, the same for every mail of a game to
 * that address (the board's number and a hash of the address, lower-cased: nothing hidden in it) and for every
 * mail of an invitation (its number, the same hash), that each of them names in References, so that a mail
 * client shows one thread per game per player; the mail that starts an invited game names both, the
 * invitation's first. Into *last the one named last (In-Reply-To's). NULL when the mail is of neither. Caller
 * frees both. */
static char *thread_ids(const Mail *m, const char *group, const char *from, char **last)
{
    int g = 0;
    char tag[17];
    if (!mail_group_parse(group, &g, tag))
        g = 0; /* a group of no board's state ("0.<time>-<pid>-<k>") */
    int n = m->board ? m->board : g;
    *last = NULL;
    if (n <= 0 && m->invite <= 0)
        return NULL;
    char *low = xstrdup(m->to);
    for (char *p = low; *p; p++)
        *p = (char)tolower((unsigned char)*p);
    unsigned long long h = (unsigned long long)fnv(14695981039346656037u, low);
    free(low);
    char *inv = m->invite > 0 ? thread_id("invitation", m->invite, h, from_domain(from)) : NULL;
    char *game = n > 0 ? thread_id("game", n, h, from_domain(from)) : NULL;
    if (!inv || !game) { /* one thread: it is both the list and the last */
        *last = game ? game : inv;
        return xstrdup(*last);
    }
    *last = game;
    char *all = xasprintf("%s\n %s", inv, game);
    free(inv);
    return all;
}

/* The whole message of sp's group into msg: RFC 5322 headers (Date, a Message-ID from id, MIME 1.0 text/plain or
 * multipart/alternative, RFC 3834 Auto-Submitted, In-Reply-To/References for a reply when $MESSAGEID is
 * known, References to the thread of its game), a blank line, the body (content_body: the parts are not copied). */
static void format_message(const Spooling *sp, const Mail *m, uint64_t hash, const char *id, SpoolMsg *msg)
{
    const MailQueue *q = sp->q;
    const char *from = sp->addr;
    char date[64];
    format_date(sp->now, date, sizeof date);
    char *cmd_id = m->reply ? mail_command_message_id(q->in_reply_to) : NULL;
    char *last, *thread = thread_ids(m, sp->group, from, &last);
    /* In-Reply-To: the command's id, else the thread's last; References: the thread's, then the command's */
    const char *reply_to = cmd_id ? cmd_id : thread ? last : NULL;
    Content c;
    content_plan(m, hash, &c);
    Buf t;
    buf_init(&t);
    buf_reserve(&t, strlen(from) + strlen(m->to) + strlen(m->subject) + (thread ? strlen(thread) : 0) +
                        (cmd_id ? 2 * strlen(cmd_id) : 0) + (last ? strlen(last) : 0) + 1024);
    header_add(&t, "From", from, true);
    header_add(&t, "To", m->to, true);
    header_add(&t, "Subject", m->subject, false);
    /* no printf: once a message */
    buf_add(&t, "Date: ");
    buf_add(&t, date);
    buf_add(&t, "\nMessage-ID: <");
    buf_add(&t, id);
    buf_addc(&t, '@');
    buf_add(&t, from_domain(from));
    buf_add(&t, ">\n");
    if (reply_to) {
        buf_add(&t, "In-Reply-To: ");
        buf_add(&t, reply_to);
        buf_add(&t, "\nReferences: ");
        buf_add(&t, thread ? thread : cmd_id);
        if (thread && cmd_id)
            buf_add(&t, "\n "), buf_add(&t, cmd_id);
        buf_addc(&t, '\n');
    }
    buf_add(&t, "MIME-Version: 1.0\n");
    free(thread);
    free(last);
    content_headers(&c, &t);
    buf_add(&t, m->reply ? "Auto-Submitted: auto-replied\n\n" : "Auto-Submitted: auto-generated\n\n");
    content_body(m, &c, &t, msg);
    content_free(&c);
    free(cmd_id);
}

/* The unique part of a Message-ID: the board (the group's "<n>"), the spooling time, the message's number among
 * its group's messages to the same address (mail_ordinal) and a nonce drawn afresh for each message
 * (fd_random64: no state kept between messages, none shared with a forked child), so that two identical messages
 * in one second — two replies of one process, or of two — still have ids of their own (RFC 5322 3.6.4). Nothing
 * of whom else the group mails: not the group's own sequence, which counts the other players' sheets (a quiet
 * player's, an eliminated one's while a ronin piece is left) before the reader's. The group's tag, a hash of the
 * whole board, stays out of it too: two boards that differ only in a fact hidden from the reader give the reader
 * the same mail but for the nonce. Caller frees. */
static char *message_id(const char *group, int seq, time_t now)
{
    Buf t; /* "genetess.%.*s.%lld.%04d.%016llx" */
    buf_init(&t);
    buf_add(&t, "genetess.");
    buf_addn(&t, group, strcspn(group, "."));
    buf_addc(&t, '.');
    buf_decimal(&t, (long long)now, 0);
    buf_addc(&t, '.');
    buf_decimal(&t, seq, 4);
    buf_addc(&t, '.');
    buf_hex16(&t, fd_random64());
    return buf_take(&t);
}


/* ---------------------------------------------------------------- the spool (spool.c) */

/* Message k of sp's group's number among the group's messages to its address, from 1 (contract 3.3: a reader's
 * Message-ID never counts the mail of others). */
static int mail_ordinal(const Spooling *sp, int k)
{
    const Mail *m = &sp->q->m[sp->from + k];
    int n = 1;
    for (int j = 0; j < k; j++)
        n += str_ieq(sp->q->m[sp->from + j].to, m->to);
    return n;
}

static void spooled_text(void *ctx, int k, int seq, SpoolMsg *msg)
{
    (void)seq; /* the spool's own name for it: counts every recipient's messages */
    const Spooling *sp = ctx;
    const Mail *m = &sp->q->m[sp->from + k];
    uint64_t hash = message_hash(sp->q, m);
    char *id = message_id(sp->group, mail_ordinal(sp, k), sp->now);
    format_message(sp, m, hash, id, msg);
    free(id);
}

/* Spools q's messages from index from on as the messages of group (spool_write; direct: the group has its
 * commit record), then drops them from q. 0 or -1 with err. */
static int mail_spool_messages(MailQueue *q, const Store *s, const char *group, const MailGroup *g, bool direct,
                               Err *err)
{
    char *addr = from_address(q->from);
    Spooling sp = {.q = q, .from = g->from, .group = group, .addr = addr, .now = g->now};
    SpoolGroup sg = {group, q->n > g->from ? q->n - g->from : 0, spooled_text, &sp, g->also, g->nalso, direct};
    int rc = spool_write(s, &sg, err);
    free(addr);
    mail_truncate(q, g->from);
    return rc;
}

void mail_group_name(int board, const char *tag, char *out, size_t size)
{
    snprintf(out, size, "%d.%s", board, tag);
}

bool mail_group_parse(const char *name, int *board, char tag[17])
{
    const char *dot = strchr(name, '.');
    char num[16];
    if (!dot || dot - name >= (ptrdiff_t)sizeof num || strlen(dot + 1) > 16 || !dot[1])
        return false;
    snprintf(num, sizeof num, "%.*s", (int)(dot - name), name);
    if (!store_valid_board_number(num, board))
        return false;
    snprintf(tag, 17, "%s", dot + 1);
    return true;
}

int mail_spool_group(MailQueue *q, const Store *s, const MailGroup *g, Err *err)
{
    char group[40];
    mail_group_name(g->board, g->tag, group, sizeof group);
    /* the record first: a message without one is a committed one; with it, the messages are written under their
     * own names at once and the spool directory synced with them (one wait for the disk, not two) */
    int rc = spool_record(s, group, err);
    if (rc == 0)
        rc = mail_spool_messages(q, s, group, g, true, err);
    else
        mail_truncate(q, g->from);
    return rc;
}

int mail_groups(const Store *s, StrList *out)
{
    return spool_groups(s, out);
}

void mail_group_done(const Store *s, const char *group)
{
    spool_group_done(s, group);
}

void mail_group_discard(const Store *s, const char *group)
{
    spool_group_discard(s, group);
}

int mail_deliver(MailQueue *q, const Store *s, const char *group, time_t now)
{
    return mail_deliver_with(q, s, group, now, NULL);
}

int mail_deliver_with(MailQueue *q, const Store *s, const char *group, time_t now, DiskLater *also)
{
    return spool_deliver(s, group, q->mailer, &q->seq, now, also);
}

int mail_flush(MailQueue *q, const Store *s, time_t now)
{
    if (!q->n)
        return 0;
    char group[64];
    spool_free_group(now, ++q->flushes, group, sizeof group);
    Err err;
    int rc = mail_spool_messages(q, s, group, &(MailGroup){.now = now}, false, &err);
    if (rc < 0)
        fprintf(stderr, "genetess: %s; the messages not spooled were lost\n", err.msg);
    spool_sync(s);
    int sent = mail_deliver(q, s, group, now); /* what was spooled goes all the same */
    return rc < 0 ? -1 : sent;
}
