/* gamefile: the pbmserv "GameFile" syntax — entries, items, escapes, line numbers. */
#include "gamefile.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int gamefile_error(GameFile *ps, int line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    ps->err_line = line;
    int rc = err_vfail_at(ps->err, ps->name, line, fmt, ap);
    va_end(ap);
    return rc;
}

void gamefile_free(GameFile *ps)
{
    for (int i = 0; i < ps->n; i++) {
        free(ps->e[i].items.v);
        free(ps->e[i].lines);
    }
    free(ps->e);
    free(ps->text);
}

static GameEntry *new_entry(GameFile *ps)
{
    if (ps->n == ps->cap) {
        ps->cap = ps->cap ? ps->cap * 2 : 32;
        ps->e = xrealloc(ps->e, (size_t)ps->cap * sizeof *ps->e);
    }
    GameEntry *e = &ps->e[ps->n++];
    memset(e, 0, sizeof *e);
    return e;
}

static bool valid_entry_name(const char *s)
{
    return *s && s[strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789-")] == '\0';
}

/* Adds the item line p[0..len) to the open multi-line entry: the slice itself, ended in place, and its line
 * number (the two arrays grow together). */
static void add_item(GameEntry *open, char *p, size_t len, int lineno)
{
    p[len] = '\0';
    StrList *l = &open->items;
    if (l->n == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 16;
        l->v = xrealloc(l->v, (size_t)l->cap * sizeof *l->v);
        open->lines = xrealloc(open->lines, (size_t)l->cap * sizeof *open->lines);
    }
    open->lines[l->n] = lineno;
    l->v[l->n++] = p;
}

/* Starts an entry at the line "(name ...": one-line ("(name text)") or multi-line ("(name"). Returns the
 * entry (NULL with the error when its name is bad); *open becomes it when it is multi-line. */
static GameEntry *start_entry(GameFile *ps, char *p, size_t len, int lineno, GameEntry **open)
{
    GameEntry *e = new_entry(ps);
    e->line = lineno;
    e->multi = p[len - 1] != ')';
    size_t end = e->multi ? len : len - 1, sp = 1; /* "(name" or "(name rest)" */
    while (!e->multi && sp < end && p[sp] != ' ')
        sp++;
    sp = e->multi ? end : sp;
    e->name = p + 1;
    if (e->multi)
        *open = e;
    else
        e->rest = sp < end ? p + sp + 1 : p + end; /* p[end] is the ')' (or the '\r' after it), ended below */
    p[sp] = '\0';
    p[end] = '\0';
    return valid_entry_name(e->name) ? e : (gamefile_error(ps, lineno, "bad entry name"), NULL);
}

/* Where the first control character (iscntrl, but for a tab) of the n bytes at s is; n when there is none.
 * Eight bytes at a time: a word with no byte below 0x20 and none 0x7f is skipped whole. */
static size_t control_at(const char *s, size_t n)
{
    const uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u;
    size_t c = 0;
    for (; c + 8 <= n; c += 8) {
        uint64_t x;
        memcpy(&x, s + c, 8);
        uint64_t y = x ^ (ones * 0x7f);
        if ((((x - ones * 0x20) & ~x) | ((y - ones) & ~y)) & highs)
            break; /* a byte below 0x20 or 0x7f in this word (or a tab): the bytes one by one */
    }
    while (c < n && (s[c] == '\t' || ((unsigned char)s[c] >= 0x20 && s[c] != 0x7f)))
        c++;
    return c;
}

/* Whether the n bytes at s hold no byte that control_at stops at, nor a CR (a line's last CR is let be, one
 * elsewhere is not): 16 bytes at a time, as signed bytes after adding (a byte plus 1 over 0x20: 0x20..0x7e; below
 * 0: from 0x80; plus 119 under -126: a tab or a newline), what is not so gathered to the end, then the rest one
 * at a time. Then no line needs looking at. */
static bool gamefile_clean(const char *s, size_t n)
{
    size_t i = 0;
    bool bad = false;
#if defined(__GNUC__)
    typedef unsigned char u16v __attribute__((vector_size(16)));
    typedef signed char s16v __attribute__((vector_size(16)));
    s16v any = {0};
    for (u16v v; i + 16 <= n; i += 16)
        memcpy(&v, s + i, 16), any |= ~(((s16v)(v + 1) > 0x20) | ((s16v)v < 0) | ((s16v)(v + 119) < -126));
    uint64_t w[2];
    memcpy(w, &any, 16);
    bad = (w[0] | w[1]) != 0;
#endif
    for (; i < n && !bad; i++)
        bad = s[i] != '\n' && s[i] != '\t' && ((unsigned char)s[i] < 0x20 || s[i] == 0x7f);
    return !bad;
}

/* Splits text (ps's to free from now on) into entries, each line ended in place: no allocation per line or item. A whole text
 * without control characters (gamefile_clean: the common case) is not looked at again a line at a time; one
 * entry alone (ps->only) is read without that look at all of it. */
int gamefile_split(GameFile *ps, const char *text)
{
    return gamefile_split_take(ps, xstrdup(text));
}

int gamefile_split_take(GameFile *ps, char *text)
{
    int lineno = 0;
    GameEntry *open = NULL;
    free(ps->text);
    ps->text = text;
    size_t n = strlen(text);
    bool clean = !ps->only && gamefile_clean(ps->text, n);
    char *p = ps->text;
    while (*p) {
        char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        char *line = p;
        p = nl ? nl + 1 : p + len;
        lineno++;
        if (len > 1 << 20)
            return gamefile_error(ps, lineno, "line too long");
        if (len && line[len - 1] == '\r')
            len--;
        if (!clean && control_at(line, len) < len)
            return gamefile_error(ps, lineno, "control character in the board file");
        if (open) {
            bool keep = !ps->only || strcmp(open->name, ps->only) == 0;
            if (len == 1 && line[0] == ')') {
                if (ps->only && keep)
                    return 0; /* the one entry asked for is read */
                open = NULL;
            } else if (line[0] == '(' && len) {
                return gamefile_error(ps, lineno, "unescaped '(' inside (%s", open->name);
            } else if (keep) {
                bool esc = line[0] == '\\' && len;
                add_item(open, line + esc, len - esc, lineno);
            }
            continue;
        }
        if (len == 0)
            continue;
        if (line[0] != '(')
            return gamefile_error(ps, lineno, "expected an entry '(name ...)'");
        if (!start_entry(ps, line, len, lineno, &open))
            return -1;
    }
    if (open)
        return gamefile_error(ps, open->line, "entry (%s is not closed", open->name);
    return 0;
}

GameEntry *gamefile_find(GameFile *ps, const char *name, bool multi, bool required, int *rc)
{
    GameEntry *found = NULL;
    for (int i = 0; i < ps->n; i++)
        if (strcmp(ps->e[i].name, name) == 0) {
            if (found) {
                *rc = gamefile_error(ps, ps->e[i].line, "duplicate entry (%s", name);
                return NULL;
            }
            found = &ps->e[i];
        }
    if (!found && required)
        *rc = gamefile_error(ps, 1, "missing entry (%s)", name);
    else if (found && found->multi != multi)
        *rc = gamefile_error(ps, found->line, "entry (%s must be %s", name, multi ? "a multi-line entry" : "on one line");
    return found && found->multi == multi ? found : NULL;
}


/* One item line inside a multi-line entry: lines starting with ( ) \ or white space get a leading backslash. */
bool gamefile_item_escaped(const char *line, size_t n)
{
    return n && (line[0] == '(' || line[0] == ')' || line[0] == '\\' || line[0] == ' ' || line[0] == '\t');
}

void gamefile_put_itemn(Buf *o, const char *line, size_t n)
{
    if (gamefile_item_escaped(line, n))
        buf_addc(o, '\\');
    buf_addn(o, line, n);
    buf_addc(o, '\n');
}

void gamefile_put_item(Buf *o, const char *line)
{
    gamefile_put_itemn(o, line, strlen(line));
}
