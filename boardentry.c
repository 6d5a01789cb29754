/* boardentry: reading a board file's items (contract 10.1): a player's line, a square, a sequence, a word. */
#include "boardentry.h"

#include <stdio.h>
#include <string.h>

#include "util.h"

int boardentry_player(GameFile *ps, Board *b, GameEntry *e, int k, char **rest)
{
    char *s = e->items.v[k];
    char *sp = strchr(s, ' ');
    if (sp)
        *sp = '\0';
    int p = board_player_index(b, s);
    if (sp)
        *sp = ' ';
    if (p < 0)
        return gamefile_error(ps, e->lines[k], "unknown player");
    *rest = sp ? sp + 1 : s + strlen(s);
    return p;
}

int boardentry_player_next(GameFile *ps, Board *b, GameEntry *e, int k, char **rest, int *last)
{
    if (k > 0 && *last >= 0) {
        char *s = e->items.v[k];
        const char *q = e->items.v[k - 1];
        size_t n = strcspn(q, " ");
        if (strncmp(s, q, n) == 0 && (s[n] == ' ' || s[n] == '\0')) {
            *rest = s[n] ? s + n + 1 : s + n;
            return *last;
        }
    }
    return *last = boardentry_player(ps, b, e, k, rest);
}

int boardentry_seq(GameFile *ps, int line, const char *s, bool markers, Genome *g)
{
    Err e2;
    if (piece_parse(s, g, markers, &e2) < 0)
        return gamefile_error(ps, line, "bad sequence: %s", e2.msg);
    /* piece_format's text is s when the codes are upper case and alphabetical (piece_parse took the markers only
     * in the order r, u): checked without formatting, every piece of a board is read here */
    const char *p = s;
    char last = 'A';
    while (*p && !(markers && (*p == 'r' || *p == 'u')) && *p >= last && *p <= 'Z')
        last = *p++;
    if (*p && !(markers && (*p == 'r' || *p == 'u')))
        return gamefile_error(ps, line, "sequence not in canonical order (codes alphabetical, then r, then u)");
    return 0;
}

int boardentry_sq(GameFile *ps, Board *b, int line, const char *s, int *sq)
{
    Err e2;
    if (board_parse_sq(b, s, sq, &e2) < 0)
        return gamefile_error(ps, line, "%s", e2.msg);
    /* board_parse_sq took letters, then digits without a leading zero: board_sq_name's text is s when no letter
     * is lower case */
    for (const char *p = s; *p; p++)
        if (*p >= 'a' && *p <= 'z')
            return gamefile_error(ps, line, "square not written in upper case");
    return 0;
}

/* isspace in the C locale: blank, \t \n \v \f \r. */
static bool boardentry_space(char c)
{
    return c == ' ' || (c >= '\t' && c <= '\r');
}

/* As sscanf's "%<width>s": skips white space, copies at most width characters up to the next white space
 * into buf (width + 1 bytes) and moves *p past them; false at the end of the text. */

bool boardentry_word(const char **p, char *buf, size_t width)
{
    const char *s = *p; /* no strspn and strcspn: three words a piece, 800 pieces a board */
    while (boardentry_space(*s))
        s++;
    size_t n = 0;
    while (n < width && s[n] && !boardentry_space(s[n]))
        n++;
    memcpy(buf, s, n);
    buf[n] = '\0';
    *p = s + n;
    return n > 0;
}

bool boardentry_keyed(const char **p, const char *key, int64_t lo, int64_t hi, int64_t *v)
{
    char w[64];
    const char *s = *p;
    size_t kl = strlen(key);
    if (!boardentry_word(&s, w, sizeof w - 1) || (*s && !boardentry_space(*s)) || strncmp(w, key, kl) != 0 ||
        !parse_i64_range(w + kl, lo, hi, v))
        return false;
    *p = s;
    return true;
}

bool boardentry_end(const char *p)
{
    while (boardentry_space(*p))
        p++;
    return !*p;
}

bool boardentry_map_row(const char *row, size_t n)
{
    static const char terrain[] = {TER_OUTSIDE, TER_FLOOR, TER_IWALL, TER_XWALL, '\0'};
    return strspn(row, terrain) >= n;
}
