/* util: error buffers, checked allocation, saturating arithmetic, small string helpers. */
#include "util.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <time.h>
#include <unistd.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int err_fail(Err *err, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
    }
    return -1;
}

int err_vfail_at(Err *err, const char *name, int line, const char *fmt, va_list ap)
{
    char msg[ERR_MAX];
    vsnprintf(msg, sizeof msg, fmt, ap);
    return err_fail(err, "%s:%d: %s", name, line, msg);
}

static void out_of_memory(void)
{
    fputs("genetess: out of memory\n", stderr);
    exit(EXIT_SYSTEM);
}

void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        out_of_memory();
    return p;
}

void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p)
        out_of_memory();
    return p;
}

void *xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p)
        out_of_memory();
    return p;
}

char *xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(xmalloc(n), s, n);
}

/* Formats into a small buffer on the stack first: a text that fits there (a path, a file name) is formatted
 * once, not measured and then formatted again. */
char *xasprintf(const char *fmt, ...)
{
    char small[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n >= 0 && (size_t)n < sizeof small)
        return memcpy(xmalloc((size_t)n + 1), small, (size_t)n + 1);
    char *s = xmalloc((size_t)n + 1);
    va_start(ap, fmt);
    vsnprintf(s, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return s;
}

int64_t sat_add(int64_t a, int64_t b)
{
    if (a < 0) a = 0;
    if (b < 0) b = 0;
    return a > E_MAX - b ? E_MAX : a + b;
}

int64_t sat_mul(int64_t a, int64_t b)
{
    if (a <= 0 || b <= 0)
        return 0;
    return a > E_MAX / b ? E_MAX : a * b;
}

void buf_init(Buf *b)
{
    b->s = NULL;
    b->len = b->cap = 0;
}

void buf_free(Buf *b)
{
    free(b->s);
    buf_init(b);
}

void buf_reserve(Buf *b, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 64;
        while (cap < b->len + n + 1)
            cap *= 2;
        b->s = xrealloc(b->s, cap);
        b->cap = cap;
    }
}

void buf_addn(Buf *b, const char *s, size_t n)
{
    if (b->len + n + 1 > b->cap) /* the room is there most times: no call */
        buf_reserve(b, n);
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
}

void buf_addc(Buf *b, char c)
{
    if (b->len + 2 > b->cap)
        buf_reserve(b, 1);
    b->s[b->len++] = c;
    b->s[b->len] = '\0';
}

void buf_pad(Buf *b, char c, size_t n)
{
    if (b->len + n + 1 > b->cap)
        buf_reserve(b, n);
    memset(b->s + b->len, c, n);
    b->len += n;
    b->s[b->len] = '\0';
}


/* Formats straight into b's spare room; only a text longer than that room is formatted a second time. */
void buf_printf(Buf *b, const char *fmt, ...)
{
    if (b->cap - b->len < 128)
        buf_reserve(b, 128);
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
    va_end(ap);
    if (n <= 0) {
        b->s[b->len] = '\0';
        return;
    }
    if ((size_t)n >= b->cap - b->len) {
        buf_reserve(b, (size_t)n);
        va_start(ap, fmt);
        vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
        va_end(ap);
    }
    b->len += (size_t)n;
}

char *buf_take(Buf *b)
{
    char *s = b->s ? b->s : xstrdup("");
    buf_init(b);
    return s;
}

void sl_push_owned(StrList *l, char *s)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 8;
        l->v = xrealloc(l->v, (size_t)l->cap * sizeof *l->v);
    }
    l->v[l->n++] = s;
}

void sl_push(StrList *l, const char *s)
{
    sl_push_owned(l, xstrdup(s));
}

void sl_clear(StrList *l)
{
    for (int i = 0; i < l->n; i++)
        free(l->v[i]);
    l->n = 0;
}

void sl_free(StrList *l)
{
    sl_clear(l);
    free(l->v);
    l->v = NULL;
    l->cap = 0;
}

void sl_copy(StrList *dst, const StrList *src)
{
    sl_clear(dst);
    for (int i = 0; i < src->n; i++)
        sl_push(dst, src->v[i]);
}

/* tolower in the C locale, the program's (it never calls setlocale): only A..Z change; without a call. */
static unsigned char lower_ascii(unsigned char c)
{
    return c >= 'A' && c <= 'Z' ? (unsigned char)(c + ('a' - 'A')) : c;
}

bool str_ieq(const char *a, const char *b)
{
    for (; *a && *b; a++, b++)
        if (*a != *b && lower_ascii((unsigned char)*a) != lower_ascii((unsigned char)*b))
            return false;
    return *a == *b;
}

char *str_upper(char *s)
{
    for (char *p = s; *p; p++)
        *p = (char)toupper((unsigned char)*p);
    return s;
}

bool str_has_control(const char *s)
{
    for (; *s; s++)
        if (iscntrl((unsigned char)*s))
            return true;
    return false;
}

bool parse_i64(const char *s, int64_t *out)
{
    if (!s || !*s)
        return false;
    int64_t v = 0;
    for (const char *p = s; *p; p++) {
        if (!isdigit((unsigned char)*p))
            return false;
        int d = *p - '0';
        if (v > (INT64_MAX - d) / 10)
            return false;
        v = v * 10 + d;
    }
    *out = v;
    return true;
}

bool parse_i64_range(const char *s, int64_t lo, int64_t hi, int64_t *out)
{
    int64_t v;
    bool neg = s[0] == '-';
    if (!parse_i64(neg ? s + 1 : s, &v))
        return false;
    if (neg)
        v = -v;
    if (v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

bool str_is_word(const char *s, size_t max)
{
    size_t n = strlen(s);
    if (n == 0 || n > max)
        return false;
    for (; *s; s++)
        if (!isgraph((unsigned char)*s))
            return false;
    return true;
}

int str_split_words(const char *s, StrList *out)
{
    int n = 0;
    while (*s) {
        while (*s && isspace((unsigned char)*s))
            s++;
        if (!*s)
            break;
        const char *w = s;
        while (*s && !isspace((unsigned char)*s))
            s++;
        char *word = xmalloc((size_t)(s - w) + 1);
        memcpy(word, w, (size_t)(s - w));
        word[s - w] = '\0';
        sl_push_owned(out, word);
        n++;
    }
    return n;
}

char *str_trim(char *s)
{
    char *p = s;
    while (*p && isspace((unsigned char)*p))
        p++;
    if (p != s)
        memmove(s, p, strlen(p) + 1);
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    return s;
}

char *fmt_time(int64_t t, char *buf, size_t size)
{
    time_t tt = (time_t)t;
    struct tm tm;
    if (!gmtime_r(&tt, &tm) || !strftime(buf, size, "%Y-%m-%d %H:%M UTC", &tm))
        snprintf(buf, size, "%" PRId64, t);
    return buf;
}

/* Writes v (0 or more) in decimal at o; returns the end. */
static char *put_u64(char *o, uint64_t v)
{
    char d[24];
    int n = 0;
    do
        d[n++] = (char)('0' + v % 10);
    while ((v /= 10) > 0);
    while (n > 0)
        *o++ = d[--n];
    return o;
}

char *fmt_duration(int64_t s, char *buf, size_t size)
{
    if (s < 0)
        s = 0;
    if (size < 40) { /* room for the longest ("%dd %dh %dm", 19 + 7 digits) only from 40 bytes */
        snprintf(buf, size, "%" PRId64 "d %" PRId64 "h %" PRId64 "m", s / 86400, s % 86400 / 3600, s % 3600 / 60);
        return buf;
    }
    char *o = put_u64(buf, (uint64_t)(s / 86400)); /* without printf: every sheet writes one a player */
    *o++ = 'd', *o++ = ' ';
    o = put_u64(o, (uint64_t)(s % 86400 / 3600));
    *o++ = 'h', *o++ = ' ';
    o = put_u64(o, (uint64_t)(s % 3600 / 60));
    *o++ = 'm', *o = '\0';
    return buf;
}

int fd_write_all(int fd, const char *data, size_t len)
{
    while (len > 0) {
        ssize_t w = write(fd, data, len);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        data += w;
        len -= (size_t)w;
    }
    return 0;
}

uint64_t fd_random64(void)
{
    unsigned char r[8] = {0};
    int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    ssize_t got = fd >= 0 ? read(fd, r, sizeof r) : -1;
    if (fd >= 0)
        close(fd);
    uint64_t v = 0;
    if (got == (ssize_t)sizeof r) {
        for (int i = 0; i < 8; i++)
            v = v << 8 | r[i];
        return v;
    }
    struct timespec ts, mono; /* no /dev/urandom: both clocks, the process and the stack's place, hashed (FNV-1a) */
    clock_gettime(CLOCK_REALTIME, &ts);
    clock_gettime(CLOCK_MONOTONIC, &mono);
    uint64_t in[5] = {(uint64_t)ts.tv_sec, (uint64_t)ts.tv_nsec, (uint64_t)getpid(), (uint64_t)mono.tv_nsec,
                      (uint64_t)(uintptr_t)&mono};
    v = 14695981039346656037u;
    for (int i = 0; i < 5; i++)
        for (int k = 0; k < 8; k++)
            v = (v ^ (in[i] >> (8 * k) & 0xff)) * 1099511628211u;
    return v;
}

/* str_quote's work: at most `chars` characters of t (a whole UTF-8 character one, any other byte one), room
 * left in buf for three more bytes; *rest says whether t had more. */
static const char *quote_chars(const char *t, char *buf, size_t size, size_t chars, bool *rest)
{
    size_t k = 0, shown = 0;
    const unsigned char *p = (const unsigned char *)t;
    while (*p && k < 200 && shown < chars) {
        /* a whole UTF-8 character is kept ("Grüße": a player's own words, mailed as UTF-8), never cut */
        size_t n = *p < 0xC2 ? 1 : *p < 0xE0 ? 2 : *p < 0xF0 ? 3 : *p < 0xF5 ? 4 : 1, j = 1;
        while (j < n && (p[j] & 0xC0) == 0x80)
            j++;
        bool whole = n > 1 && j == n && !(p[0] == 0xC2 && p[1] < 0xA0); /* C1 controls aside */
        if (k + (whole ? n : 1) + 3 >= size)
            break;
        if (whole)
            memcpy(buf + k, p, n);
        else
            buf[k] = isprint(*p) ? (char)*p : '?';
        k += whole ? n : 1;
        p += whole ? n : 1;
        shown++;
    }
    buf[k] = '\0';
    *rest = *p != '\0';
    return buf;
}

const char *str_quote(const char *t, char *buf, size_t size)
{
    bool rest;
    return quote_chars(t, buf, size, SIZE_MAX, &rest);
}

const char *str_quote_head(const char *t, char *buf, size_t size)
{
    bool rest;
    quote_chars(t, buf, size, STR_HEAD_CHARS, &rest);
    if (rest)
        strcat(buf, "...");
    return buf;
}
