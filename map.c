/* map: map files (contract 7) and the built-in maps; loading a map into a fresh Board. */
#include "map.h"

#include <ctype.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "embedded.h"
#include "specials.h"

const char *const map_builtin_names[] = {"duel", "quartet", "melee", NULL};

const char *map_builtin_name(const char *name)
{
    for (int i = 0; name && map_builtin_names[i]; i++)
        if (strcasecmp(map_builtin_names[i], name) == 0)
            return map_builtin_names[i];
    return NULL;
}

const char *map_default_for(int nplayers)
{
    if (nplayers == 2)
        return "duel";
    if (nplayers >= 3 && nplayers <= 4)
        return "quartet";
    if (nplayers >= 5 && nplayers <= 8)
        return "melee";
    return NULL;
}

/* ---- parser state ---- */

typedef struct Line {
    char *s;    /* the line without its newline (and a trailing CR) */
    int no;     /* 1-based line number */
} Line;

typedef struct PStart {
    int label, sq, line;
    Genome g;
} PStart;

typedef struct Parser {
    char fname[104];
    Err *err;
    int err_line; /* the line perr last named */
    Line *lines;
    int nlines;
    int grid_line, end_line;    /* 0: none */
    int first_row, nrows;       /* rows are lines[first_row .. first_row + nrows) */
    int w, h;
    Board *b;
    int *start_line, *piece_line, *special_line; /* per square: the line that put one there, 0 none */
    PStart *starts, *pieces;
    int nstarts, npieces;
    Special *sp;
    int nsp;
    MapParam *params;
    int nparams;
    bool have_name;
    char name[64];
} Parser;

static int perr(Parser *ps, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int perr(Parser *ps, int line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    ps->err_line = line;
    int rc = err_vfail_at(ps->err, ps->fname, line, fmt, ap);
    va_end(ap);
    return rc;
}

/* At most 20 printable characters of file text, for messages. */
static const char *echo(const char *s, char buf[32])
{
    size_t k = 0;
    for (; *s && k < 20; s++)
        buf[k++] = isprint((unsigned char)*s) ? *s : '?';
    buf[k] = '\0';
    return buf;
}

/* The line number naming whole-file conditions: the last line. */
static int eof_line(const Parser *ps)
{
    return ps->nlines ? ps->lines[ps->nlines - 1].no : 1;
}

/* Cuts a comment: '#' at the start or after white space, outside double quotes. */
static void strip_comment(char *s)
{
    bool q = false;
    for (char *p = s; *p; p++) {
        if (q && *p == '\\' && p[1]) {
            p++;
            continue;
        }
        if (*p == '"')
            q = !q;
        else if (!q && *p == '#' && (p == s || isspace((unsigned char)p[-1]))) {
            *p = '\0';
            return;
        }
    }
}

/* The first word of s, lower-cased into buf (at most size-1 chars), and the rest after it. */
static const char *first_word(const char *s, char *buf, size_t size)
{
    size_t k = 0;
    while (*s && !isspace((unsigned char)*s)) {
        if (k + 1 < size)
            buf[k++] = (char)tolower((unsigned char)*s);
        s++;
    }
    buf[k] = '\0';
    while (isspace((unsigned char)*s))
        s++;
    return s;
}

static int split_lines(Parser *ps, const char *text)
{
    int cap = 0, no = 0;
    const char *p = text;
    while (*p) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        no++;
        if (n && p[n - 1] == '\r')
            n--;
        if (n > MAP_LINE_MAX)
            return perr(ps, no, "line is longer than %d characters", MAP_LINE_MAX);
        for (size_t i = 0; i < n; i++)
            if (iscntrl((unsigned char)p[i]) && p[i] != '\t')
                return perr(ps, no, "control character in the line");
        if (ps->nlines == cap) {
            cap = cap ? cap * 2 : 64;
            ps->lines = xrealloc(ps->lines, sizeof *ps->lines * (size_t)cap);
        }
        char *s = xmalloc(n + 1);
        memcpy(s, p, n);
        s[n] = '\0';
        ps->lines[ps->nlines++] = (Line){s, no};
        p = nl ? nl + 1 : p + n + (p[n] == '\r');
        if (!nl)
            break;
    }
    return 0;
}

/* True when the raw line is the `end` of the grid block. */
static bool is_end(const char *raw)
{
    char tmp[MAP_LINE_MAX + 1];
    snprintf(tmp, sizeof tmp, "%s", raw);
    strip_comment(tmp);
    str_trim(tmp);
    return str_ieq(tmp, "end");
}

static const char *const directives[] = {"name", "start", "piece", "special", "param", NULL};

/* Pass 1: the structure — the grid block, its rows, directive keywords. */
static int pass_structure(Parser *ps)
{
    for (int i = 0; i < ps->nlines; i++) {
        Line *l = &ps->lines[i];
        if (ps->grid_line && !ps->end_line) {
            if (is_end(l->s)) {
                ps->end_line = l->no;
                continue;
            }
            size_t n = strlen(l->s);
            while (n && l->s[n - 1] == ' ')
                l->s[--n] = '\0';
            for (size_t k = 0; k < n; k++) {
                unsigned char c = (unsigned char)l->s[k];
                if (c != TER_XWALL && c != TER_IWALL && c != TER_FLOOR && c != TER_OUTSIDE) {
                    if (isprint(c))
                        return perr(ps, l->no, "bad grid character '%c' (use # + . or space)", c);
                    return perr(ps, l->no, "bad grid character (code %d; use # + . or space)", c);
                }
            }
            if (n > MAX_COLS)
                return perr(ps, l->no, "grid row is wider than %d columns", MAX_COLS);
            if (ps->nrows == MAX_ROWS)
                return perr(ps, l->no, "grid is taller than %d rows", MAX_ROWS);
            if (ps->nrows == 0)
                ps->first_row = i;
            ps->nrows++;
            if ((int)n > ps->w)
                ps->w = (int)n;
            continue;
        }
        char tmp[MAP_LINE_MAX + 1], kw[16];
        snprintf(tmp, sizeof tmp, "%s", l->s);
        strip_comment(tmp);
        str_trim(tmp);
        if (!*tmp)
            continue;
        const char *rest = first_word(tmp, kw, sizeof kw);
        size_t kwlen = strcspn(tmp, " \t");
        if (kwlen < sizeof kw - 1 && strcmp(kw, "grid") == 0) {
            if (ps->grid_line)
                return perr(ps, l->no, "second grid (a map has one grid ... end block)");
            if (*rest)
                return perr(ps, l->no, "grid takes nothing after it (the rows follow on their own lines)");
            ps->grid_line = l->no;
            ps->first_row = i + 1;
            continue;
        }
        if (kwlen < sizeof kw - 1 && strcmp(kw, "end") == 0)
            return perr(ps, l->no, "end without grid");
        bool known = false;
        for (int k = 0; directives[k]; k++)
            known |= kwlen < sizeof kw - 1 && strcmp(kw, directives[k]) == 0;
        if (!known) {
            char e[32];
            tmp[kwlen] = '\0';
            return perr(ps, l->no, "unknown directive '%s' (name, grid, start, piece, special, param)",
                        echo(tmp, e));
        }
    }
    if (!ps->grid_line)
        return perr(ps, eof_line(ps), "no grid (a map needs a grid ... end block)");
    if (!ps->end_line)
        return perr(ps, ps->grid_line, "grid has no end line");
    ps->h = ps->nrows;
    if (ps->w == 0 || ps->h == 0)
        return perr(ps, ps->end_line, "grid is empty");
    return 0;
}

/* Builds the terrain and checks that every floor and interior wall is enclosed. */
static int build_grid(Parser *ps)
{
    Board *b = ps->b = board_new();
    board_set_size(b, ps->w, ps->h);
    for (int r = 0; r < ps->h; r++) {
        const char *row = ps->lines[ps->first_row + r].s;
        for (int c = 0; row[c]; c++)
            b->ter[board_sq(b, c, r)] = row[c];
    }
    int sq;
    BoardEnclosure how = board_enclosure(b, &sq);
    if (how != BOARD_ENCLOSED) {
        char nm[16];
        const char *what = b->ter[sq] == TER_FLOOR ? "floor" : "interior wall";
        int line = ps->lines[ps->first_row + sq / b->w].no;
        return perr(ps, line, how == BOARD_AT_EDGE ? "%s on %s is at the edge of the grid (enclose it with # walls)"
                                                   : "%s on %s touches the outside of the board (enclose it with # walls)",
                    what, board_sq_name(b, sq, nm));
    }
    size_t n = (size_t)ps->w * (size_t)ps->h;
    ps->start_line = xcalloc(n, sizeof(int));
    ps->piece_line = xcalloc(n, sizeof(int));
    ps->special_line = xcalloc(n, sizeof(int));
    return 0;
}

/* A square of the map. */
static int map_square(Parser *ps, int line, const char *s, int *sq)
{
    char e[32], up[32];
    int c, r;
    if (grid_sq_parse_name(s, &c, &r) < 0)
        return perr(ps, line, "bad square '%s'", echo(s, e));
    if (c >= ps->w || r >= ps->h)
        return perr(ps, line, "square %s is off the board", str_upper(strcpy(up, echo(s, e))));
    *sq = board_sq(ps->b, c, r);
    return 0;
}

/* "GPC<n>" (either case), 1..MAP_LABEL_MAX. */
static int map_parse_label(Parser *ps, int line, const char *s, int *label)
{
    char e[32];
    int64_t v;
    if (strncasecmp(s, "GPC", 3) != 0 || strlen(s + 3) > 4 || !parse_i64(s + 3, &v) || v < 1 ||
        v > MAP_LABEL_MAX || s[3] == '0')
        return perr(ps, line, "bad start label '%s' (GPC1, GPC2, ...)", echo(s, e));
    *label = (int)v;
    return 0;
}

static int map_parse_sequence(Parser *ps, int line, const char *who, const char *s, Genome *g)
{
    char e[32];
    Err ignored;
    if (piece_parse(s, g, false, &ignored) < 0)
        return perr(ps, line, "%s: bad sequence '%s' (code letters A..Z)", who, echo(s, e));
    return 0;
}

static PStart *push_start(PStart **v, int *n)
{
    *v = xrealloc(*v, sizeof **v * (size_t)(*n + 1));
    return &(*v)[(*n)++];
}

static int do_start(Parser *ps, int line, const StrList *w)
{
    char nm[16], who[32];
    int label, sq;
    Genome g;
    if (w->n < 3 || w->n > 4)
        return perr(ps, line, "start needs a label and a square: start GPC1 B2 [SEQUENCE]");
    if (map_parse_label(ps, line, w->v[1], &label) < 0 || map_square(ps, line, w->v[2], &sq) < 0)
        return -1;
    for (int i = 0; i < ps->nstarts; i++)
        if (ps->starts[i].label == label)
            return perr(ps, line, "duplicate start GPC%d", label);
    snprintf(who, sizeof who, "start GPC%d", label);
    if (map_parse_sequence(ps, line, who, w->n == 4 ? w->v[3] : "K", &g) < 0)
        return -1;
    if (!piece_has(&g, GENE_K))
        return perr(ps, line, "start GPC%d: the sequence must hold K", label);
    if (ps->b->ter[sq] != TER_FLOOR)
        return perr(ps, line, "start GPC%d on %s is not on floor", label, board_sq_name(ps->b, sq, nm));
    if (ps->start_line[sq])
        return perr(ps, line, "two starts on %s", board_sq_name(ps->b, sq, nm));
    if (ps->piece_line[sq])
        return perr(ps, line, "two pieces on %s (a start's King counts as a piece)", board_sq_name(ps->b, sq, nm));
    ps->start_line[sq] = ps->piece_line[sq] = line;
    *push_start(&ps->starts, &ps->nstarts) = (PStart){label, sq, line, g};
    return 0;
}

static int do_piece(Parser *ps, int line, const StrList *w)
{
    char nm[16], who[32];
    int label, sq;
    Genome g;
    if (w->n != 4)
        return perr(ps, line, "piece needs a label, a square and a sequence: piece GPC1 C2 ABC");
    if (map_parse_label(ps, line, w->v[1], &label) < 0 || map_square(ps, line, w->v[2], &sq) < 0)
        return -1;
    snprintf(who, sizeof who, "piece on %s", board_sq_name(ps->b, sq, nm));
    if (map_parse_sequence(ps, line, who, w->v[3], &g) < 0)
        return -1;
    if (!piece_viable(&g))
        return perr(ps, line, "piece on %s: the sequence is not viable (it needs A or K)", nm);
    if (ps->b->ter[sq] != TER_FLOOR)
        return perr(ps, line, "piece on %s is not on floor", nm);
    if (ps->piece_line[sq])
        return perr(ps, line, "two pieces on %s (a start's King counts as a piece)", nm);
    ps->piece_line[sq] = line;
    *push_start(&ps->pieces, &ps->npieces) = (PStart){label, sq, line, g};
    return 0;
}

static int do_special(Parser *ps, int line, const char *words)
{
    char nm[16];
    Err e2;
    Special sp;
    Board *b = ps->b;
    if (special_parse(b->w, b->h, b->ter, words, &sp, &e2) < 0)
        return perr(ps, line, "%s", e2.msg);
    int rc = 0;
    board_sq_name(b, sp.sq, nm);
    if (b->ter[sp.sq] != TER_FLOOR)
        rc = perr(ps, line, "special S%d on %s is not on floor", sp.code, nm);
    else if (ps->special_line[sp.sq])
        rc = perr(ps, line, "two specials on %s", nm);
    /* contract 7: targets lie in the playing area when the map loads */
    const int *sqs;
    int n = rc == 0 ? special_target_squares(&sp, &sqs) : 0;
    for (int k = 0; k < n && rc == 0; k++)
        if (!board_in_area(b, sqs[k]))
            rc = perr(ps, line, "S%d: target %s is not in the playing area", sp.code, board_sq_name(b, sqs[k], nm));
    if (rc < 0) {
        special_free(&sp);
        return -1;
    }
    ps->special_line[sp.sq] = line;
    ps->sp = xrealloc(ps->sp, sizeof *ps->sp * (size_t)(ps->nsp + 1));
    ps->sp[ps->nsp++] = sp;
    return 0;
}

static int do_param(Parser *ps, int line, const char *rest)
{
    char key[40], e[32];
    const char *value = first_word(rest, key, sizeof key);
    size_t klen = strcspn(rest, " \t");
    int k;
    if (!*rest)
        return perr(ps, line, "param needs a key and a value: param start-e 10");
    /* Keys a `param` line may set: the challenge options of contract 6 but map (values are checked by challenge). */
    if ((k = params_find(key)) >= 0 && (klen != strlen(key) || !params_table[k].in_map))
        k = -1;
    if (k < 0) {
        char tok[MAP_LINE_MAX + 1];
        snprintf(tok, sizeof tok, "%.*s", (int)klen, rest);
        return perr(ps, line, "unknown param '%s'", echo(tok, e));
    }
    if (!*value)
        return perr(ps, line, "param %s needs a value", params_table[k].name);
    if (strlen(value) >= sizeof ps->params[0].value)
        return perr(ps, line, "param %s: the value is longer than %d characters", params_table[k].name,
                    (int)sizeof ps->params[0].value - 1);
    for (int i = 0; i < ps->nparams; i++)
        if (strcmp(ps->params[i].key, params_table[k].name) == 0)
            return perr(ps, line, "duplicate param %s", params_table[k].name);
    Params scratch = params_default(); /* the value as a challenge would take it (contract 6): said at its line */
    Err bad;
    if (params_set(&scratch, params_table[k].name, value, &bad) < 0)
        return perr(ps, line, "param %s is invalid: %s", params_table[k].name, bad.msg);
    ps->params = xrealloc(ps->params, sizeof *ps->params * (size_t)(ps->nparams + 1));
    MapParam *mp = &ps->params[ps->nparams++];
    snprintf(mp->key, sizeof mp->key, "%s", params_table[k].name);
    snprintf(mp->value, sizeof mp->value, "%s", value);
    return 0;
}

static int do_name(Parser *ps, int line, const char *rest)
{
    if (ps->have_name)
        return perr(ps, line, "second name line (a map has one name)");
    if (!*rest)
        return perr(ps, line, "name needs a value");
    if (strlen(rest) >= sizeof ps->name)
        return perr(ps, line, "name is longer than %d characters", (int)sizeof ps->name - 1);
    snprintf(ps->name, sizeof ps->name, "%s", rest);
    ps->have_name = true;
    return 0;
}

/* Pass 2: the directives, in file order. */
static int pass_directives(Parser *ps)
{
    int grid_first = ps->first_row, grid_last = ps->first_row + ps->nrows; /* rows, then the end line */
    for (int i = 0; i < ps->nlines; i++) {
        if (i >= grid_first && i <= grid_last)
            continue;
        Line *l = &ps->lines[i];
        char tmp[MAP_LINE_MAX + 1], kw[16];
        snprintf(tmp, sizeof tmp, "%s", l->s);
        strip_comment(tmp);
        str_trim(tmp);
        if (!*tmp)
            continue;
        const char *rest = first_word(tmp, kw, sizeof kw);
        int rc = 0;
        if (strcmp(kw, "name") == 0)
            rc = do_name(ps, l->no, rest);
        else if (strcmp(kw, "special") == 0)
            rc = do_special(ps, l->no, rest);
        else if (strcmp(kw, "param") == 0)
            rc = do_param(ps, l->no, rest);
        else if (strcmp(kw, "start") == 0 || strcmp(kw, "piece") == 0) {
            StrList w = {0};
            str_split_words(tmp, &w);
            rc = kw[0] == 's' ? do_start(ps, l->no, &w) : do_piece(ps, l->no, &w);
            sl_free(&w);
        }
        /* "grid" is pass 1's; anything else was refused there */
        if (rc < 0)
            return -1;
    }
    return 0;
}

static int cmp_special(const void *a, const void *c)
{
    const Special *x = a, *y = c;
    return (x->sq > y->sq) - (x->sq < y->sq);
}

/* The checks that need the whole file, then the Board's starts, start pieces and specials. */
static int finish(Parser *ps)
{
    bool have[MAP_LABEL_MAX + 1] = {false};
    int max = 0;
    for (int i = 0; i < ps->nstarts; i++) {
        have[ps->starts[i].label] = true;
        if (ps->starts[i].label > max)
            max = ps->starts[i].label;
    }
    for (int i = 0; i < ps->npieces; i++)
        if (!have[ps->pieces[i].label])
            return perr(ps, ps->pieces[i].line, "piece for GPC%d, which has no start line", ps->pieces[i].label);
    for (int l = 1; l <= max; l++)
        if (!have[l])
            return perr(ps, eof_line(ps), "start GPC%d is missing (labels must run GPC1..GPC%d without gaps)", l,
                        max);
    if (ps->nstarts < 2)
        return perr(ps, eof_line(ps), "a map needs at least 2 starts (GPC1 and GPC2)");

    Board *b = ps->b;
    b->st = xcalloc((size_t)ps->nstarts, sizeof *b->st);
    b->spc = xcalloc((size_t)(ps->nstarts + ps->npieces), sizeof *b->spc);
    for (int l = 1; l <= max; l++)
        for (int i = 0; i < ps->nstarts; i++) {
            const PStart *s = &ps->starts[i];
            if (s->label != l)
                continue;
            b->st[b->nst++] = (Start){.label = l, .sq = s->sq};
            b->spc[b->nspc++] = (StartPiece){.label = l, .sq = s->sq, .g = s->g};
            for (int k = 0; k < ps->npieces; k++)
                if (ps->pieces[k].label == l)
                    b->spc[b->nspc++] =
                        (StartPiece){.label = l, .sq = ps->pieces[k].sq, .g = ps->pieces[k].g};
        }
    if (ps->nsp)
        qsort(ps->sp, (size_t)ps->nsp, sizeof *ps->sp, cmp_special);
    b->sp = ps->sp;
    b->nsp = ps->nsp;
    ps->sp = NULL;
    ps->nsp = 0;
    return 0;
}

static void parser_free(Parser *ps)
{
    for (int i = 0; i < ps->nlines; i++)
        free(ps->lines[i].s);
    free(ps->lines);
    free(ps->start_line);
    free(ps->piece_line);
    free(ps->special_line);
    free(ps->starts);
    free(ps->pieces);
    for (int i = 0; i < ps->nsp; i++)
        special_free(&ps->sp[i]);
    free(ps->sp);
    free(ps->params);
    board_free(ps->b);
}

int map_parse(const char *text, const char *fname, Map *out, Err *err)
{
    Parser ps;
    memset(&ps, 0, sizeof ps);
    memset(out, 0, sizeof *out);
    ps.err = err;
    if (!fname || !*fname || str_has_control(fname))
        fname = "map";
    snprintf(ps.fname, sizeof ps.fname, "%s", fname);
    int rc = split_lines(&ps, text);
    if (rc == 0)
        rc = pass_structure(&ps);
    if (rc == 0)
        rc = build_grid(&ps);
    if (rc == 0)
        rc = pass_directives(&ps);
    if (rc == 0)
        rc = finish(&ps);
    if (rc == 0) {
        out->b = ps.b;
        out->params = ps.params;
        out->nparams = ps.nparams;
        snprintf(out->name, sizeof out->name, "%s", ps.name);
        ps.b = NULL;
        ps.params = NULL;
    } else {
        out->err_line = ps.err_line;
    }
    parser_free(&ps);
    return rc;
}

void map_free(Map *m)
{
    board_free(m->b);
    free(m->params);
    memset(m, 0, sizeof *m);
}

/* ---- loading ---- */

#define NAME_CHARS "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-"

/* A name that may be quoted in "Unknown map": 1..40 of [A-Za-z0-9._-]. */
static bool echoable_name(const char *s)
{
    size_t n = strlen(s);
    return n > 0 && n <= MAP_NAME_MAX && strspn(s, NAME_CHARS) == n;
}

/* A name map_load looks up (built-in or <home>/maps/<name>.map): echoable, not starting with '.'. */
static bool plain_name(const char *s)
{
    return echoable_name(s) && s[0] != '.';
}

static int unknown_map(const char *name, Err *err)
{
    if (echoable_name(name))
        return err_fail(err, "Unknown map '%s'", name);
    return err_fail(err, "Unknown map");
}

/* Reads a whole file into a malloc'd string; 1 when missing/unreadable, -1 (err set) when not a map. */
static int read_file(const char *path, const char *fname, char **out, Err *err)
{
    /* never blocks: a FIFO or a device named as a map is refused, not opened for reading (contract 15) */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    struct stat st;
    if (fd < 0)
        return 1;
    if (fstat(fd, &st) < 0) {
        close(fd);
        return 1;
    }
    if (!S_ISREG(st.st_mode)) { /* a directory, a FIFO, a device: no map, said so (contract 6) */
        close(fd);
        return err_fail(err, "%s:1: not a map file (a directory, a FIFO or a device)", fname);
    }
    FILE *f = fdopen(fd, "rb");
    if (!f) {
        close(fd);
        return 1;
    }
    Buf b;
    buf_init(&b);
    buf_add(&b, "");
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
        if (b.len + n > MAP_FILE_MAX) {
            fclose(f);
            buf_free(&b);
            return err_fail(err, "%s:1: map file is larger than %d bytes", fname, MAP_FILE_MAX);
        }
        buf_addn(&b, chunk, n);
    }
    bool bad = ferror(f);
    fclose(f);
    if (bad) {
        buf_free(&b);
        return 1;
    }
    if (strlen(b.s) != b.len) {
        int line = 1;
        for (const char *p = b.s; *p; p++)
            line += *p == '\n';
        buf_free(&b);
        return err_fail(err, "%s:%d: NUL byte in the line", fname, line);
    }
    *out = buf_take(&b);
    return 0;
}

/* Map name from a path: the last component without ".map". */
static void name_from_path(const char *path, char *buf, size_t size)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    size_t n = strlen(base);
    if (n > 4 && strcmp(base + n - 4, ".map") == 0)
        n -= 4;
    snprintf(buf, size, "%.*s", (int)n, base);
}

int map_load(const char *home, const char *name_or_path, bool allow_path, Map *out, Err *err)
{
    memset(out, 0, sizeof *out);
    if (!name_or_path || !*name_or_path)
        return err_fail(err, "Unknown map");
    char fname[104];
    char *text = NULL;
    int rc;
    if (strchr(name_or_path, '/')) {
        if (!allow_path)
            return err_fail(err, "maps given as paths are only allowed at a terminal");
        if (str_has_control(name_or_path) || strlen(name_or_path) > 100)
            snprintf(fname, sizeof fname, "map");
        else
            snprintf(fname, sizeof fname, "%s", name_or_path);
        rc = read_file(name_or_path, fname, &text, err);
        if (rc > 0) /* a path is given at a terminal only (above): the admin's own, said back */
            return err_fail(err, "%s:1: no map file there that can be read", fname);
        if (rc < 0)
            return -1;
        rc = map_parse(text, fname, out, err);
        free(text);
        if (rc == 0 && !out->name[0])
            name_from_path(name_or_path, out->name, sizeof out->name);
        return rc;
    }
    if (!plain_name(name_or_path))
        return unknown_map(name_or_path, err);
    char lower[MAP_NAME_MAX + 1], key[MAP_NAME_MAX + 8];
    snprintf(lower, sizeof lower, "%s", name_or_path);
    for (char *p = lower; *p; p++)
        *p = (char)tolower((unsigned char)*p);
    snprintf(key, sizeof key, "maps/%s", lower);
    const char *builtin = embedded_find(key);
    if (builtin) {
        snprintf(fname, sizeof fname, "maps/%s.map", lower);
        rc = map_parse(builtin, fname, out, err);
        if (rc == 0 && !out->name[0])
            snprintf(out->name, sizeof out->name, "%s", lower);
        return rc;
    }
    if (!home || !*home)
        return unknown_map(name_or_path, err);
    char *path = xasprintf("%s/maps/%s.map", home, name_or_path);
    snprintf(fname, sizeof fname, "%s.map", name_or_path);
    rc = read_file(path, fname, &text, err);
    free(path);
    if (rc > 0)
        return unknown_map(name_or_path, err);
    if (rc < 0)
        return -1;
    rc = map_parse(text, fname, out, err);
    free(text);
    if (rc == 0 && !out->name[0])
        snprintf(out->name, sizeof out->name, "%s", name_or_path);
    return rc;
}
