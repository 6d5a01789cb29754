/* util: the base library every module uses — error buffers (Err, err_*), checked allocation (x*), saturating
 * arithmetic (sat_*), growing buffers (Buf, buf_*), string lists (StrList, sl_*), text helpers (str_*, parse_*,
 * fmt_*) and writing to a descriptor (fd_*). The one module with several prefixes: one per small family, as the
 * names above say. */
#ifndef GENETESS_UTIL_H
#define GENETESS_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define ERR_MAX 512
#define E_MAX INT64_MAX

/* A caller-supplied error: functions that fail fill msg and return non-zero. */
typedef struct Err {
    char msg[ERR_MAX];
} Err;

/* Exit statuses of contract 3. */
enum { EXIT_DONE = 0, EXIT_REFUSED = 1, EXIT_USAGE = 2, EXIT_SYSTEM = 3 };

/* Formats into err (when non-NULL) and returns -1, so `return err_fail(err, ...)` reads well. */
int err_fail(Err *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* As fail, with the message "<name>:<line>: <formatted reason>" (map and board files' errors). */
int err_vfail_at(Err *err, const char *name, int line, const char *fmt, va_list ap) __attribute__((format(printf, 4, 0)));

/* Allocation that exits (status 3) on exhaustion — a system condition, never input. */
/* malloc(n) (at least 1 byte). */
void *xmalloc(size_t n);
/* calloc(n, size): zeroed. */
void *xcalloc(size_t n, size_t size);
/* realloc(p, n). */
void *xrealloc(void *p, size_t n);
/* A copy of s (caller frees). */
char *xstrdup(const char *s);
/* The formatted text in a new string (caller frees). */
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Saturating non-negative arithmetic on E values (contract 14.1: saturate at 2^63-1). */
/* a + b, at most INT64_MAX. */
int64_t sat_add(int64_t a, int64_t b);
/* a x b, at most INT64_MAX. */
int64_t sat_mul(int64_t a, int64_t b);

/* A growable string. */
typedef struct Buf {
    char *s;
    size_t len, cap;
} Buf;
/* Makes b the empty string. */
void buf_init(Buf *b);
/* Frees b's text and makes it empty. */
void buf_free(Buf *b);
/* Appends the n bytes at s. */
void buf_addn(Buf *b, const char *s, size_t n);
/* Appends s (inline: a literal's length is known where it is written). */
static inline void buf_add(Buf *b, const char *s)
{
    buf_addn(b, s, strlen(s));
}
/* Appends one character. */
void buf_addc(Buf *b, char c);
/* Appends n copies of c. */
void buf_pad(Buf *b, char c, size_t n);
/* Makes room for n more bytes (and the terminating NUL) without changing the text. */
void buf_reserve(Buf *b, size_t n);
/* Makes room for n more bytes and returns where they go: write at most n there, then buf_wrote. */
static inline char *buf_room(Buf *b, size_t n)
{
    if (b->len + n + 1 > b->cap)
        buf_reserve(b, n);
    return b->s + b->len;
}
/* Ends a write into buf_room's room: the text now ends at end. */
static inline void buf_wrote(Buf *b, char *end)
{
    b->len = (size_t)(end - b->s);
    *end = '\0';
}
/* Appends the formatted text. */
void buf_printf(Buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Returns the string and leaves b empty; the caller frees it. */
char *buf_take(Buf *b);

/* A growable list of owned strings. */
typedef struct StrList {
    char **v;
    int n, cap;
} StrList;
/* Appends a copy of s. */
void sl_push(StrList *l, const char *s);
/* Appends s itself; the list frees it. */
void sl_push_owned(StrList *l, char *s);
/* Frees the strings; the list is empty and keeps its capacity. */
void sl_clear(StrList *l);
/* Frees the strings and the list. */
void sl_free(StrList *l);
/* Replaces dst's strings with copies of src's. */
void sl_copy(StrList *dst, const StrList *src);

/* Case-insensitive comparison of whole strings. */
bool str_ieq(const char *a, const char *b);
/* Upper-cases s in place and returns it. */
char *str_upper(char *s);
/* True when s holds a control character (refused in anything that reaches a header). */
bool str_has_control(const char *s);
/* Writes t into buf (size bytes) as order text for a message: printable (a whole UTF-8 character kept, control
 * characters and broken sequences as "?"), at most 200 bytes. Returns buf. */
const char *str_quote(const char *t, char *buf, size_t size);
/* The first line of a player's text as a reply quotes it (contract 2.1, 15.2, 15.4): its first STR_HEAD_CHARS
 * characters as str_quote writes them, then "..." when the line had more. buf holds STR_HEAD_SIZE bytes. */
#define STR_HEAD_CHARS 29
#define STR_HEAD_SIZE (STR_HEAD_CHARS * 4 + 4)
const char *str_quote_head(const char *t, char *buf, size_t size);
/* Parses a whole non-negative decimal integer; returns false on junk or overflow. */
bool parse_i64(const char *s, int64_t *out);
/* Parses a whole decimal integer, a leading '-' allowed, from lo to hi; returns false on junk or out of range. */
bool parse_i64_range(const char *s, int64_t lo, int64_t hi, int64_t *out);
/* True when s is 1 to max printable characters without white space. */
bool str_is_word(const char *s, size_t max);
/* Splits s on white space into words (copies); returns the count. */
int str_split_words(const char *s, StrList *out);
/* Writes a time as "YYYY-MM-DD HH:MM UTC" into buf; returns buf. */
char *fmt_time(int64_t t, char *buf, size_t size);
/* Writes a duration in seconds as "Nd Nh Nm" (negative counts as 0); returns buf. */
char *fmt_duration(int64_t s, char *buf, size_t size);
/* Writes all of data to fd, retrying after interruptions. Returns 0 or -1 (errno set). */
int fd_write_all(int fd, const char *data, size_t len);
/* 64 unpredictable bits: from /dev/urandom, else (no such device) both clocks, the process and the stack's
 * place hashed — weaker: two calls differ as the clocks move on. For secrets and unique names, never for what
 * must replay. Keeps no state. */
uint64_t fd_random64(void);
/* Trims leading and trailing white space in place; returns s. */
char *str_trim(char *s);

#endif
