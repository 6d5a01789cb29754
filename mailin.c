/* mailin: one incoming message read into its command, reply address, body and loop signs (RFC 5322,
 * RFC 2045-2047). Pure: reads memory, writes memory, never a file. */
#include "mailin.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "mailtext.h"
#include "util.h"

#define MIME_DEPTH 8 /* nested multiparts followed at most */

/* ---- text helpers ---- */

static char *dup_n(const char *s, size_t n)
{
    char *d = xmalloc(n + 1);
    memcpy(d, s, n);
    d[n] = '\0';
    return d;
}

static bool is_wsp(char c)
{
    return c == ' ' || c == '\t';
}

/* msg with CRLF (and lone CR) turned into LF, and a NUL byte into MAILIN_NUL: the text is a C string from here on,
 * and nothing after a NUL is lost (contract 2.1). */
static char *normalise_lines(const char *msg, size_t len, size_t *out_len)
{
    char *d = xmalloc(len + 1);
    size_t k = 0;
    for (size_t i = 0; i < len; i++) {
        if (msg[i] == '\r') {
            d[k++] = '\n';
            if (i + 1 < len && msg[i + 1] == '\n')
                i++;
        } else {
            d[k++] = msg[i] ? msg[i] : MAILIN_NUL;
        }
    }
    d[k] = '\0';
    *out_len = k;
    return d;
}

/* Where the body of the entity at s begins: after the first empty line; *hdr_len the header's length. */
static const char *split_entity(const char *s, size_t *hdr_len)
{
    if (*s == '\n') {
        *hdr_len = 0;
        return s + 1;
    }
    const char *e = strstr(s, "\n\n");
    if (!e) {
        *hdr_len = strlen(s);
        return s + *hdr_len;
    }
    *hdr_len = (size_t)(e - s) + 1;
    return e + 2;
}

/* ---- headers ---- */

char *mailin_header(const char *hdr, const char *name)
{
    size_t n = strlen(name);
    for (const char *l = hdr; *l && *l != '\n';) {
        const char *end = strchr(l, '\n');
        if (!end)
            end = l + strlen(l);
        const char *v = l + n;
        if (!is_wsp(*l) && strncasecmp(l, name, n) == 0) {
            while (v < end && is_wsp(*v))
                v++;
        }
        if (!is_wsp(*l) && strncasecmp(l, name, n) == 0 && v < end && *v == ':') {
            Buf b;
            buf_init(&b);
            buf_addn(&b, v + 1, (size_t)(end - v - 1));
            /* RFC 5322 2.2.3: unfolding removes the line break before a continuation's white space. */
            while (*end == '\n' && is_wsp(end[1])) {
                const char *c = end + 1, *ce = strchr(c, '\n');
                if (!ce)
                    ce = c + strlen(c);
                buf_addn(&b, c, (size_t)(ce - c));
                end = ce;
            }
            char *s = b.s ? buf_take(&b) : xstrdup("");
            size_t k = strlen(str_trim(s));
            memmove(s, str_trim(s), k + 1);
            return s;
        }
        l = *end ? end + 1 : end;
    }
    return NULL;
}

/* The value of parameter name of a structured header value ("text/plain; charset=utf-8"), malloc'd, or NULL. */
static char *header_param(const char *value, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = strchr(value, ';'); p; p = strchr(p + 1, ';')) {
        const char *q = p + 1;
        while (isspace((unsigned char)*q))
            q++;
        if (strncasecmp(q, name, n) != 0)
            continue;
        q += n;
        while (isspace((unsigned char)*q))
            q++;
        if (*q != '=')
            continue;
        q++;
        while (isspace((unsigned char)*q))
            q++;
        if (*q == '"') {
            const char *e = strchr(q + 1, '"');
            return e ? dup_n(q + 1, (size_t)(e - q - 1)) : xstrdup(q + 1);
        }
        size_t k = strcspn(q, "; \t");
        return dup_n(q, k);
    }
    return NULL;
}

/* The lower-cased first token of a header value (up to ';', ',' or white space), malloc'd. */
static char *header_token(const char *value)
{
    while (isspace((unsigned char)*value))
        value++;
    char *t = dup_n(value, strcspn(value, ";, \t"));
    for (char *c = t; *c; c++)
        *c = (char)tolower((unsigned char)*c);
    return t;
}

/* ---- charsets ---- */

static bool valid_utf8(const unsigned char *s, size_t n)
{
    for (size_t i = 0; i < n;) {
        unsigned char c = s[i];
        size_t k = c < 0x80 ? 0 : (c & 0xE0) == 0xC0 ? 1 : (c & 0xF0) == 0xE0 ? 2 : (c & 0xF8) == 0xF0 ? 3 : 9;
        if (k == 9 || (k == 1 && c < 0xC2) || i + k >= n + (k == 0))
            return false;
        for (size_t j = 1; j <= k; j++)
            if ((s[i + j] & 0xC0) != 0x80)
                return false;
        i += k + 1;
    }
    return true;
}

static bool charset_is(const char *cs, const char *const names[])
{
    for (int i = 0; names[i]; i++)
        if (strcasecmp(cs, names[i]) == 0)
            return true;
    return false;
}

/* Appends code point c (at most U+10FFFF) to b as UTF-8, a NUL as MAILIN_NUL. */
static void add_utf8(Buf *b, unsigned long c)
{
    char u[4];
    size_t k = c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
    static const unsigned char lead[] = {0, 0, 0xC0, 0xE0, 0xF0};
    for (size_t i = k; i-- > 1; c >>= 6)
        u[i] = (char)(0x80 | (c & 0x3F));
    u[0] = k == 1 ? (c ? (char)c : MAILIN_NUL) : (char)(lead[k] | c);
    buf_addn(b, u, k);
}

/* The n bytes at s in UTF-16 (big-endian unless a byte-order mark or le says otherwise; the mark itself dropped)
 * as malloc'd UTF-8: a surrogate without its pair, or an odd last byte, is U+FFFD. */
static char *utf16_to_utf8(const unsigned char *s, size_t n, bool le)
{
    Buf b;
    buf_init(&b);
    buf_add(&b, "");
    size_t i = 0;
    if (n >= 2 && ((s[0] == 0xFF && s[1] == 0xFE) || (s[0] == 0xFE && s[1] == 0xFF)))
        le = s[0] == 0xFF, i = 2;
    for (; i + 1 < n; i += 2) {
        unsigned long c = le ? (unsigned long)(s[i] | s[i + 1] << 8) : (unsigned long)(s[i] << 8 | s[i + 1]);
        if (c >= 0xD800 && c < 0xDC00 && i + 3 < n) {
            unsigned long d = le ? (unsigned long)(s[i + 2] | s[i + 3] << 8) : (unsigned long)(s[i + 2] << 8 | s[i + 3]);
            if (d >= 0xDC00 && d < 0xE000) {
                c = 0x10000 + ((c - 0xD800) << 10) + (d - 0xDC00);
                i += 2;
            }
        }
        add_utf8(&b, c >= 0xD800 && c < 0xE000 ? 0xFFFD : c);
    }
    if (i < n)
        add_utf8(&b, 0xFFFD);
    return buf_take(&b);
}

char *mailin_to_utf8(const char *s, size_t n, const char *charset)
{
    static const char *const latin[] = {"iso-8859-1", "iso8859-1", "latin1", "latin-1", "iso-8859-15",
                                        "windows-1252", "cp1252", NULL};
    static const char *const utf16[] = {"utf-16", "utf-16be", "utf-16le", "utf16", "ucs-2", NULL};
    char cs[40] = "";
    if (charset)
        snprintf(cs, sizeof cs, "%.*s", (int)strcspn(charset, "*"), charset); /* RFC 2231: charset*lang */
    if (charset_is(cs, utf16)) /* RFC 2781 */
        return utf16_to_utf8((const unsigned char *)s, n, strcasecmp(cs, "utf-16le") == 0);
    bool as_latin = charset_is(cs, latin) || !valid_utf8((const unsigned char *)s, n);
    Buf b;
    buf_init(&b);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == 0 || (as_latin && c >= 0x80)) /* a NUL as MAILIN_NUL; Latin-1's byte is its code point */
            add_utf8(&b, c);
        else
            buf_addn(&b, (const char *)&s[i], 1);
    }
    return b.s ? buf_take(&b) : xstrdup("");
}

/* ---- transfer encodings ---- */

static int hex_value(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    c = (char)toupper((unsigned char)c);
    return c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* Quoted-printable; with words, the RFC 2047 "Q" form ('_' is a space, no soft line breaks). */
static char *qp_decode(const char *s, size_t n, bool words, size_t *out_len)
{
    char *d = xmalloc(n + 1);
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '=' && !words) {
            size_t j = i + 1;
            while (j < n && is_wsp(s[j]))
                j++;
            if (j == n || s[j] == '\n') { /* a soft line break */
                i = j;
                continue;
            }
        }
        if (s[i] == '=' && i + 2 < n + 0 && hex_value(s[i + 1]) >= 0 && hex_value(s[i + 2]) >= 0) {
            d[k++] = (char)(hex_value(s[i + 1]) * 16 + hex_value(s[i + 2]));
            i += 2;
        } else {
            d[k++] = words && s[i] == '_' ? ' ' : s[i];
        }
    }
    d[k] = '\0';
    *out_len = k;
    return d;
}

char *mailin_qp_decode(const char *s, size_t n, size_t *out_len)
{
    return qp_decode(s, n, false, out_len);
}

char *mailin_base64_decode(const char *s, size_t n, size_t *out_len)
{
    static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    char *d = xmalloc(n / 4 * 3 + 4);
    size_t k = 0;
    unsigned acc = 0;
    int bits = 0;
    for (size_t i = 0; i < n && s[i] != '='; i++) {
        const char *p = s[i] ? strchr(alphabet, s[i]) : NULL;
        if (!p)
            continue;
        acc = (acc << 6) | (unsigned)(p - alphabet);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            d[k++] = (char)((acc >> bits) & 0xFF);
        }
    }
    d[k] = '\0';
    *out_len = k;
    return d;
}

/* ---- RFC 2047 encoded-words ---- */

/* The first place at or after a point where a predicate holds in a string (its NUL when nowhere), found by a
 * scan that remembers its last answer: a query from a point that does not go back past the last one's
 * start, and not beyond its answer, costs nothing; a new scan starts beyond the last answer. So queries
 * from points that only move forward cost the string's length in all, and the decoding of a Subject is
 * linear in its length whatever it holds (a megabyte of "=?" that never end: contract 2.1). */
typedef struct Next {
    const char *from, *at;
} Next;

static const char *next_where(Next *n, const char *x, bool (*holds)(const char *))
{
    if (n->from && x >= n->from && x <= n->at)
        return n->at;
    const char *p = x;
    while (*p && !holds(p))
        p++;
    n->from = x;
    n->at = p;
    return p;
}

static bool is_question(const char *p)
{
    return *p == '?';
}

static bool is_word_end(const char *p)
{
    return p[0] == '?' && p[1] == '=';
}

static bool is_space(const char *p)
{
    return isspace((unsigned char)*p) != 0;
}

/* The scans of one decoding: the next '?', the next "?=", the next white space. */
typedef struct WordScan {
    Next question, end, space;
} WordScan;

/* An encoded-word "=?charset?E?text?=": where its parts are. */
typedef struct Word {
    const char *cs, *text, *end; /* the charset (up to the '?' after it), the text (up to end, its "?=") */
    char enc;                    /* 'B' or 'Q' */
} Word;

/* Reads the encoded-word at p into *w (the points of the string sc scans); returns its length, 0 when p
 * starts none. Each call asks sc from points at or after those of the call before when p never goes
 * back (mailin_decode_words). */
static size_t word_at(WordScan *sc, const char *p, Word *w)
{
    if (p[0] != '=' || p[1] != '?')
        return 0;
    const char *cs = p + 2, *q1 = next_where(&sc->question, cs, is_question);
    if (!*q1 || q1 == cs || (size_t)(q1 - cs) > 39 || !q1[1] || q1[2] != '?')
        return 0;
    w->enc = (char)toupper((unsigned char)q1[1]);
    w->cs = cs;
    w->text = q1 + 3;
    w->end = next_where(&sc->end, w->text, is_word_end);
    if ((w->enc != 'Q' && w->enc != 'B') || !*w->end || next_where(&sc->space, w->text, is_space) < w->end)
        return 0; /* no end, or white space inside: not a word */
    return (size_t)(w->end + 2 - p);
}

/* Appends the decoded text of w to out (UTF-8). */
static void word_decode(const Word *w, Buf *out)
{
    char charset[40];
    snprintf(charset, sizeof charset, "%.*s", (int)(w->text - 3 - w->cs), w->cs);
    size_t n;
    char *raw = w->enc == 'B' ? mailin_base64_decode(w->text, (size_t)(w->end - w->text), &n)
                              : qp_decode(w->text, (size_t)(w->end - w->text), true, &n);
    char *u = mailin_to_utf8(raw, n, charset);
    buf_add(out, u);
    free(u);
    free(raw);
}

char *mailin_decode_words(const char *s)
{
    Buf b;
    buf_init(&b);
    WordScan sc = {0};
    bool after_word = false;
    for (const char *p = s; *p;) {
        Word w;
        size_t n = word_at(&sc, p, &w);
        if (n) {
            word_decode(&w, &b);
            p += n;
            after_word = true;
            continue;
        }
        if (after_word && isspace((unsigned char)*p)) {
            const char *q = p;
            while (isspace((unsigned char)*q))
                q++;
            bool next_word = word_at(&sc, q, &w) > 0; /* decoded by the next round, from the same point */
            if (!next_word)
                buf_addn(&b, p, (size_t)(q - p));
            p = q;
            after_word = next_word;
            continue;
        }
        after_word = false;
        buf_addn(&b, p++, 1);
    }
    return b.s ? buf_take(&b) : xstrdup("");
}

/* ---- addresses and the Subject ---- */

char *mailin_address(const char *value)
{
    int depth = 0;
    bool quoted = false;
    for (const char *p = value; *p; p++) { /* "Name <addr>": the part in angle brackets */
        if (*p == '"' && depth == 0)
            quoted = !quoted;
        else if (!quoted && *p == '(')
            depth++;
        else if (!quoted && *p == ')' && depth > 0)
            depth--;
        else if (!quoted && depth == 0 && *p == '<') {
            const char *e = strchr(p, '>');
            return e ? dup_n(p + 1, (size_t)(e - p - 1)) : xstrdup("");
        } else if (!quoted && depth == 0 && *p == ',')
            break;
    }
    Buf b; /* a bare addr-spec, comments dropped */
    buf_init(&b);
    depth = 0;
    for (const char *p = value; *p && !(depth == 0 && *p == ','); p++) {
        if (*p == '(')
            depth++;
        else if (*p == ')' && depth > 0)
            depth--;
        else if (depth == 0 && !isspace((unsigned char)*p))
            buf_addn(&b, p, 1);
        else if (depth == 0 && b.len)
            break;
    }
    return b.s ? buf_take(&b) : xstrdup("");
}

/* The length of the reply or forward prefix s starts with ("Re:", "AW:", "Re[2]:", ...), 0 when none. */
static size_t prefix_len(const char *s)
{
    static const char *const prefixes[] = {"re", "fwd", "fw", "aw", "wg", "sv", "vs", "antw", "tr", "rif", "r",
                                           "nag", NULL};
    for (int i = 0; prefixes[i]; i++) {
        size_t n = strlen(prefixes[i]);
        if (strncasecmp(s, prefixes[i], n) != 0)
            continue;
        if (s[n] == '[') { /* "Re[2]:" */
            size_t d = strspn(s + n + 1, "0123456789");
            if (d && s[n + 1 + d] == ']')
                n += d + 2;
        }
        if (s[n] == ':')
            return n + 1;
    }
    return 0;
}

char *mailin_strip_prefixes(char *subject)
{
    char *s = subject;
    for (bool again = true; again;) {
        while (isspace((unsigned char)*s))
            s++;
        size_t n = prefix_len(s);
        s += n;
        again = n > 0;
    }
    memmove(subject, s, strlen(s) + 1);
    return str_trim(subject);
}

/* ---- the body ---- */

/* Appends the text/plain content of the entity (header hdr, body of blen bytes) to out, looking inside
 * multiparts; returns true when one was found. */
static bool entity_text(const char *hdr, const char *body, size_t blen, int depth, bool html, Buf *out);

/* ---- HTML as text, Unicode spaces ---- */

char *mailin_unicode_spaces(char *s)
{
    unsigned char *r = (unsigned char *)s, *w = r;
    while (*r) {
        size_t drop = 0, space = 0;
        if (r[0] == 0xC2 && r[1] == 0xA0)
            space = 2;                                                  /* U+00A0 */
        else if (r[0] == 0xE2 && r[1] == 0x80 && r[2] >= 0x80 && r[2] <= 0x8A)
            space = 3;                                                  /* U+2000..U+200A */
        else if (r[0] == 0xE2 && ((r[1] == 0x80 && r[2] == 0xAF) || (r[1] == 0x81 && r[2] == 0x9F)))
            space = 3;                                                  /* U+202F, U+205F */
        else if (r[0] == 0xE3 && r[1] == 0x80 && r[2] == 0x80)
            space = 3;                                                  /* U+3000 */
        else if ((r[0] == 0xE2 && r[1] == 0x80 && r[2] == 0x8B) || (r[0] == 0xEF && r[1] == 0xBB && r[2] == 0xBF))
            drop = 3;                                                   /* U+200B, U+FEFF */
        if (space) {
            *w++ = ' ';
            r += space;
        } else if (drop) {
            r += drop;
        } else {
            *w++ = *r++;
        }
    }
    *w = '\0';
    return s;
}

/* The character an entity names ("amp", "#65", "#x41"), as UTF-8 into out; false when unknown. */
static bool mailin_html_entity(const char *name, size_t n, Buf *out)
{
    static const struct {
        const char *name, *text;
    } named[] = {{"amp", "&"}, {"lt", "<"}, {"gt", ">"}, {"quot", "\""}, {"apos", "'"}, {"nbsp", " "}, {NULL, NULL}};
    for (int i = 0; named[i].name; i++)
        if (strlen(named[i].name) == n && strncasecmp(name, named[i].name, n) == 0) {
            buf_add(out, named[i].text);
            return true;
        }
    if (n < 2 || n > 8 || name[0] != '#')
        return false;
    bool hex = name[1] == 'x' || name[1] == 'X';
    unsigned long c = 0;
    for (size_t i = hex ? 2 : 1; i < n; i++) {
        int d = hex ? hex_value(name[i]) : (name[i] >= '0' && name[i] <= '9' ? name[i] - '0' : -1);
        if (d < 0)
            return false;
        c = c * (hex ? 16 : 10) + (unsigned long)d;
    }
    if (c == 0 || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
        return false;
    add_utf8(out, c);
    return true;
}

/* True when the tag at t (after '<' and an optional '/') is name, a whole word. */
static bool tag_is(const char *t, size_t n, const char *name)
{
    size_t k = strlen(name);
    return n >= k && strncasecmp(t, name, k) == 0 && (n == k || !isalnum((unsigned char)t[k]));
}

char *mailin_html_text(const char *s, size_t n)
{
    static const char *const breaks[] = {"br", "p", "div", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "pre",
                                         "table", NULL};
    Buf out;
    buf_init(&out);
    buf_add(&out, "");
    const char *skip = NULL; /* inside head, style or script: up to its end tag */
    int quote = 0;           /* blockquotes open */
    bool line_start = true;
    for (size_t i = 0; i < n;) {
        if (s[i] == '<' && n - i >= 4 && memcmp(s + i, "<!--", 4) == 0) { /* a comment ends at "-->", not at '>' */
            size_t e = i + 4;
            while (e < n && !(e + 2 < n && memcmp(s + e, "-->", 3) == 0))
                e++;
            i = e < n ? e + 3 : n;
            continue;
        }
        if (s[i] == '<') {
            const char *gt = memchr(s + i, '>', n - i);
            size_t end = gt ? (size_t)(gt - s) + 1 : n;
            const char *t = s + i + 1;
            bool close = *t == '/';
            t += close;
            size_t tl = end - (size_t)(t - s);
            if (skip) {
                if (close && tag_is(t, tl, skip))
                    skip = NULL;
            } else if (!close && (tag_is(t, tl, "head") || tag_is(t, tl, "style") || tag_is(t, tl, "script"))) {
                skip = tag_is(t, tl, "head") ? "head" : tag_is(t, tl, "style") ? "style" : "script";
            } else if (tag_is(t, tl, "blockquote")) {
                quote += close ? (quote > 0 ? -1 : 0) : 1;
                if (out.len)
                    buf_add(&out, "\n");
                line_start = true;
            } else {
                for (int k = 0; breaks[k]; k++)
                    if (tag_is(t, tl, breaks[k])) {
                        if (out.len) /* no blank line before the first text */
                            buf_add(&out, "\n");
                        line_start = true;
                        break;
                    }
            }
            i = end;
            continue;
        }
        if (skip) {
            i++;
            continue;
        }
        if (s[i] == '\n' || s[i] == '\r' || s[i] == '\t' || s[i] == ' ') { /* a run of white space is a space */
            if (!line_start && out.len && out.s[out.len - 1] != ' ')
                buf_add(&out, " ");
            i++;
            continue;
        }
        if (line_start && quote)
            buf_add(&out, "> ");
        line_start = false;
        if (s[i] == '&') {
            size_t k = i + 1;
            while (k < n && k - i < 10 && (isalnum((unsigned char)s[k]) || s[k] == '#'))
                k++;
            if (k < n && s[k] == ';' && mailin_html_entity(s + i + 1, k - i - 1, &out)) {
                i = k + 1;
                continue;
            }
        }
        buf_addn(&out, s + i, 1);
        i++;
    }
    return buf_take(&out);
}

/* The text of the part of n bytes at part (its headers, a blank line, its body) appended to out on lines of its
 * own (entity_text). */
static bool part_text(const char *part, size_t n, int depth, bool html, Buf *out)
{
    char *p = dup_n(part, n);
    size_t hl;
    const char *pb = split_entity(p, &hl);
    char *ph = dup_n(p, hl);
    Buf t;
    buf_init(&t);
    bool found = entity_text(ph, pb, strlen(pb), depth + 1, html, &t);
    if (t.len && out->len && out->s[out->len - 1] != '\n')
        buf_add(out, "\n"); /* a part's text starts on a line of its own */
    if (t.len)
        buf_addn(out, t.s, t.len);
    buf_free(&t);
    free(ph);
    free(p);
    return found;
}

/* The parts of multipart body (boundary bnd) that hold text/plain (with html, text/html): of a
 * multipart/alternative (alternative), the first, the others being the same text; of any other multipart, each in
 * its order — a text that a picture splits in two is read whole (contract 2.1). A multipart without its close
 * delimiter ends with the body. */
static bool multipart_text(const char *body, size_t blen, const char *bnd, int depth, bool html, bool alternative,
                           Buf *out)
{
    char *copy = dup_n(body, blen);
    size_t bl = strlen(bnd);
    const char *part = NULL;
    bool found = false, closed = false;
    for (char *l = copy; l && *l && !closed && !(found && alternative);) {
        char *nl = strchr(l, '\n');
        bool delim = l[0] == '-' && l[1] == '-' && strncmp(l + 2, bnd, bl) == 0;
        if (delim && part && l > part) /* an empty part holds nothing to read */
            found |= part_text(part, (size_t)(l - 1 - part), depth, html, out); /* RFC 2046 5.1.1: the line break
                                                                                 * before a delimiter is the delimiter's */
        if (delim) {
            closed = strncmp(l + 2 + bl, "--", 2) == 0;
            part = nl ? nl + 1 : NULL;
        }
        l = nl ? nl + 1 : NULL;
    }
    if (!closed && part && *part && !(found && alternative)) /* the last part, its close delimiter missing */
        found |= part_text(part, strlen(part), depth, html, out);
    free(copy);
    return found;
}

/* The text of a MIME entity into out: its text/plain part (with html, its text/html part, tags stripped);
 * false when it has none. Inside a multipart (depth > 0), a part that is an attachment or names a file is not
 * its text. */
static bool entity_text(const char *hdr, const char *body, size_t blen, int depth, bool html, Buf *out)
{
    char *ct = mailin_header(hdr, "Content-Type");
    char *type = header_token(ct ? ct : "text/plain");
    char *disp = mailin_header(hdr, "Content-Disposition");
    char *dtype = header_token(disp ? disp : "inline");
    char *file = disp ? header_param(disp, "filename") : NULL, *name = ct ? header_param(ct, "name") : NULL;
    bool attached = strcmp(dtype, "attachment") == 0 || (depth > 0 && (file || name));
    free(file);
    free(name);
    bool found = false;
    if (strncmp(type, "multipart/", 10) == 0) {
        char *bnd = header_param(ct, "boundary");
        if (bnd && *bnd && depth < MIME_DEPTH)
            found = multipart_text(body, blen, bnd, depth, html, strcmp(type, "multipart/alternative") == 0, out);
        free(bnd);
    } else if ((html ? strcmp(type, "text/html") == 0 : strcmp(type, "text/plain") == 0 || strcmp(type, "text") == 0) &&
               !attached) {
        char *cte = mailin_header(hdr, "Content-Transfer-Encoding");
        char *enc = header_token(cte ? cte : "7bit");
        char *cs = ct ? header_param(ct, "charset") : NULL;
        size_t n = blen;
        char *raw = strcmp(enc, "quoted-printable") == 0 ? mailin_qp_decode(body, blen, &n)
                    : strcmp(enc, "base64") == 0         ? mailin_base64_decode(body, blen, &n)
                                                         : dup_n(body, blen);
        char *u = mailin_to_utf8(raw, n, cs);
        char *fmt = ct ? header_param(ct, "format") : NULL, *delsp = ct ? header_param(ct, "delsp") : NULL;
        if (!html && fmt && strcasecmp(fmt, "flowed") == 0) { /* RFC 3676: soft breaks joined */
            char *joined = mailtext_unflow(u, delsp && strcasecmp(delsp, "yes") == 0);
            free(u);
            u = joined;
        }
        free(fmt);
        free(delsp);
        if (html) {
            char *t = mailin_html_text(u, strlen(u));
            buf_add(out, t);
            free(t);
        } else {
            buf_add(out, u);
        }
        free(u);
        free(raw);
        free(cs);
        free(enc);
        free(cte);
        found = true;
    }
    free(dtype);
    free(disp);
    free(type);
    free(ct);
    return found;
}

/* ---- loops ---- */

/* True when addr (an address, possibly in <>) is empty, "<>" or a mailer's own (MAILER-DAEMON, postmaster). */
static bool robot_address(const char *addr)
{
    char *a = mailin_address(addr);
    size_t at = strcspn(a, "@");
    bool robot = !*a || strcmp(a, "<>") == 0 || (at == 13 && strncasecmp(a, "mailer-daemon", 13) == 0) ||
                 (at == 10 && strncasecmp(a, "postmaster", 10) == 0);
    free(a);
    return robot;
}

/* The headers that mark mail sent by a machine (RFC 3834, RFC 2919, RFC 3464, RFC 6522 and the auto-reply
 * marks mailers use besides): the values that mark it (the value's first token, lower-cased), or with none
 * listed any value but one (any_but) or the header's mere presence. */
static const struct {
    const char *header;
    const char *any_but;
    const char *const values[5];
} robot_headers[] = {
    {"Auto-Submitted", "no", {NULL}}, /* RFC 3834 5: anything but "no" is automatic */
    {"Precedence", NULL, {"bulk", "junk", "list", "auto_reply", NULL}},
    {"List-Id", NULL, {NULL}},
    {"X-Autoreply", NULL, {NULL}},
    {"X-Autorespond", NULL, {NULL}},
    {"X-Auto-Response-Suppress", "none", {NULL}}, /* Exchange: the sender asks for no automatic answer */
    {"Content-Type", NULL, {"multipart/report", NULL}}, /* a delivery or disposition report */
};

/* The reason when robot_headers[i] marks the header block hdr, else NULL. */
static char *robot_header(const char *hdr, size_t i)
{
    char *v = mailin_header(hdr, robot_headers[i].header);
    if (!v)
        return NULL;
    char *t = header_token(v), *why = NULL;
    bool listed = robot_headers[i].values[0] != NULL;
    for (int k = 0; listed && robot_headers[i].values[k] && !why; k++)
        if (strcmp(t, robot_headers[i].values[k]) == 0)
            why = xasprintf("%s: %s", robot_headers[i].header, t);
    if (robot_headers[i].any_but && strcmp(t, robot_headers[i].any_but) != 0)
        why = xasprintf("%s: %s", robot_headers[i].header, t);
    else if (!listed && !robot_headers[i].any_but)
        why = xstrdup(robot_headers[i].header);
    free(t);
    free(v);
    return why;
}

/* The reason of the first of the checks that matches, or NULL. */
static char *loop_reason(const char *hdr, const char *envelope, const char *from)
{
    for (size_t i = 0; i < sizeof robot_headers / sizeof robot_headers[0]; i++) {
        char *why = robot_header(hdr, i);
        if (why)
            return why;
    }
    if (envelope && robot_address(envelope))
        return xasprintf("envelope sender '%s'", *envelope ? envelope : "<>");
    if (from && *from && robot_address(from))
        return xstrdup("From: a mailer");
    return NULL;
}

char *mailin_loop(const char *hdr, const char *envelope, const char *from)
{
    char *why = loop_reason(hdr, envelope, from);
    return why ? why : xstrdup("");
}

/* ---- the whole message ---- */

/* An address fit to mail to (no white space, control characters or quotes; an '@'), else "". */
static char *usable_address(char *a)
{
    bool ok = strchr(a, '@') && !str_has_control(a);
    for (const char *c = a; *c && ok; c++)
        ok = !isspace((unsigned char)*c) && *c != '"' && *c != '\'' && *c != '\\' && *c != '`';
    if (!ok)
        a[0] = '\0';
    return a;
}

/* The address of header name, or "". */
static char *address_of(const char *hdr, const char *name)
{
    char *v = mailin_header(hdr, name);
    char *a = mailin_address(v ? v : "");
    free(v);
    return a;
}

bool mailin_address_list(const char *v)
{
    int depth = 0, angle = 0, bracketed = 0, bare = 0; /* <...> with an '@'; words outside them with one */
    bool quoted = false, word_at = false, angle_at = false;
    for (const char *p = v ? v : ""; *p; p++) {
        bool outside = !quoted && !depth && !angle;
        if (outside && (isspace((unsigned char)*p) || *p == '(' || *p == '"' || *p == '<')) {
            bare += word_at; /* a word ends */
            word_at = false;
        }
        if (*p == '\\' && p[1])
            p++;
        else if (*p == '"' && !depth)
            quoted = !quoted;
        else if (!quoted && *p == '(')
            depth++;
        else if (!quoted && *p == ')' && depth)
            depth--;
        else if (!quoted && !depth && *p == '<') {
            if (!angle++)
                angle_at = false;
        } else if (!quoted && !depth && *p == '>' && angle) {
            if (!--angle && angle_at)
                bracketed++;
        } else if (outside && *p == ',' && strchr(p + 1, '@'))
            return true;
        else if (*p == '@' && !quoted && !depth && angle)
            angle_at = true;
        else if (*p == '@' && outside)
            word_at = true;
    }
    bare += word_at;
    /* "a@x b@y" (no comma) is two addresses as much as "a@x, b@y"; "a@x <a@x>" is one, its <...> the address */
    return bracketed > 1 || (bracketed == 0 && bare > 1);
}

/* True when the header name of hdr names several addresses. */
static bool header_is_list(const char *hdr, const char *name)
{
    char *v = mailin_header(hdr, name);
    bool list = mailin_address_list(v);
    free(v);
    return list;
}

/* The Subject decoded, on one line, without reply prefixes. */
static char *mailin_subject_of(const char *hdr)
{
    char *v = mailin_header(hdr, "Subject");
    char *s = mailin_unicode_spaces(mailin_decode_words(v ? v : ""));
    free(v);
    for (char *c = s; *c; c++)
        if ((unsigned char)*c < 0x20 || *c == 0x7f)
            *c = ' ';
    return mailin_strip_prefixes(s);
}

/* Reads a leading "From sender date" line: the sender into *envelope; returns where the headers begin. */
static const char *envelope_line(const char *s, char **envelope)
{
    if (strncmp(s, "From ", 5) != 0)
        return s;
    const char *a = s + 5;
    while (*a == ' ')
        a++;
    *envelope = dup_n(a, strcspn(a, " \t\n"));
    const char *nl = strchr(s, '\n');
    return nl ? nl + 1 : s + strlen(s);
}

void mailin_parse(const char *msg, size_t len, const char *envelope, MailIn *m)
{
    memset(m, 0, sizeof *m);
    size_t n;
    char *text = normalise_lines(msg, len, &n);
    char *from_line = NULL;
    const char *start = envelope_line(text, &from_line);
    m->has_envelope = envelope || from_line;
    m->envelope = xstrdup(envelope ? envelope : from_line ? from_line : "");
    free(from_line);
    size_t hl;
    const char *body = split_entity(start, &hl);
    char *hdr = dup_n(start, hl);
    m->from = usable_address(address_of(hdr, "From"));
    m->reply_to = usable_address(address_of(hdr, "Reply-To"));
    m->reply_list = header_is_list(hdr, "Reply-To"); /* the normalised header the address comes from */
    if (!*m->reply_to) { /* a Reply-To that names several addresses as a group ("friends: a@x, b@y;") stays a list */
        free(m->reply_to);
        m->reply_to = xstrdup(m->from);
        m->reply_list = m->reply_list || header_is_list(hdr, "From");
    }
    m->subject = mailin_subject_of(hdr);
    char *id = mailin_header(hdr, "Message-ID");
    m->message_id = id && !str_has_control(id) ? id : xstrdup("");
    if (m->message_id != id)
        free(id);
    Buf b;
    buf_init(&b);
    bool plain = entity_text(hdr, body, strlen(body), 0, false, &b);
    if (!plain) /* no text/plain part: the text of the HTML one (contract 2.1) */
        m->body_html = entity_text(hdr, body, strlen(body), 0, true, &b);
    if (b.len && b.s[b.len - 1] != '\n')
        buf_add(&b, "\n"); /* whole lines, as a file of order text holds them */
    m->body = mailtext_player(mailin_unicode_spaces(b.s ? buf_take(&b) : xstrdup("")));
    m->body_unread = !plain && !*m->body && body[strspn(body, " \t\n")] != '\0';
    char *raw_from = address_of(hdr, "From");
    m->loop = mailin_loop(hdr, m->has_envelope ? m->envelope : NULL, raw_from);
    free(raw_from);
    free(hdr);
    free(text);
}

void mailin_free(MailIn *m)
{
    free(m->envelope);
    free(m->from);
    free(m->reply_to);
    free(m->subject);
    free(m->message_id);
    free(m->body);
    free(m->loop);
    memset(m, 0, sizeof *m);
}
