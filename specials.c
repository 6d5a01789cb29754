/* specials: the table S1..S22 (name, typed parameters, effects are firing.c's), parsing and writing specials, calc text. */
#include "specials.h"

#include "grid.h"

#include <ctype.h>
#include <stddef.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- the table (contract 14.8; specials.txt) ---- */

#define FIELD(f) offsetof(Special, f) /* where a parameter is parsed into */

#define OCCUPIED_PARAM                                                                               \
    {.key = "occupied", .field = FIELD(occupied), .type = SP_ENUM, .def = "block",                   \
     .choices = "block|destroy|move",                                                                \
     .doc = "an occupied target: block (skip it), destroy (kill the occupant first) or move (move the "\
            "occupant to a random free neighbouring floor square first; blocked if there is none)"}

const SpecialInfo special_table[SPECIAL_CODE_MAX + 1] = {
    [1] = {1, "E Bonus", "The occupying player gains E.",
           {{.key = "e", .field = FIELD(e), .type = SP_INT, .def = "1", .doc = "E gained"},
            {.key = "per-king", .field = FIELD(per_king), .type = SP_BOOL, .def = "no",
             .doc = "yes: gain e= times the number of K codes on the player's pieces"}},
           2, "The bonus is e= E, independent of Kings unless per-king=yes (ruling)."},
    [2] = {2, "Wall Creation", "Walls appear on the target squares.",
           {{.key = "targets", .field = FIELD(targets), .type = SP_SQUARES, .required = true,
             .doc = "the squares that become walls"},
            {.key = "wall", .field = FIELD(wall), .type = SP_ENUM, .def = "interior", .choices = "interior|exterior",
             .doc = "interior (removable) or exterior (never removable)"},
            OCCUPIED_PARAM},
           3,
           "Each target is handled on its own (ruling). A K piece is never destroyed: it loses every code "
           "but K and no wall is built on its square. Regions that new exterior walls enclose simply become "
           "separate areas (ruling)."},
    [3] = {3, "Piece Duplication", "A copy of the occupying piece appears on the target square.",
           {{.key = "target", .field = FIELD(target), .type = SP_SQUARE, .required = true,
             .doc = "where the copy appears"},
            OCCUPIED_PARAM},
           2,
           "The copy has the same owner and codes, without markers. The player pays what CREATE would cost "
           "for it (whatever --create and --codes say); without enough E nothing happens. A wall on the "
           "target blocks it; copying a King makes a second King (rulings)."},
    [4] = {4, "Genetic Code Addition", "Codes are added to the occupying piece.",
           {{.key = "codes", .field = FIELD(codes), .type = SP_CODES, .required = true,
             .doc = "the codes added (a repeated letter adds several copies)"}},
           1, "The codes are added free of charge each time the special fires."},
    [5] = {5, "Map View", "The player sees the whole board until their next turn.",
           {{0}}, 0, "When the occupying piece has an F code, the view decodes every sequence."},
    [6] = {6, "Piece Killer", "Pieces on the target squares die.",
           {{.key = "targets", .field = FIELD(targets), .type = SP_SQUARES, .required = true,
             .doc = "the squares whose pieces die"}},
           1, "A K piece is not destroyed: it loses every code but K."},
    [7] = {7, "Detonation", "The triggering piece dies and blasts run out from its square.",
           {{0}}, 0,
           "Blasts run N, E, S and W (and the diagonals if the piece has C) to the first wall. Without E a "
           "blast destroys the first piece it meets and stops; with E it destroys every piece up to the wall; "
           "with O the first interior wall it meets becomes floor and the blast stops there. C, E and O are "
           "read before the piece dies (ruling). A K piece is not destroyed: it loses every code but K."},
    [8] = {8, "Teleport", "The triggering piece is moved to the target.",
           {{.key = "target", .field = FIELD(target), .type = SP_SQUARE_OR_RECT, .required = true,
             .doc = "a square, or a rectangle SQ:SQ in which a random empty floor square is chosen"},
            OCCUPIED_PARAM},
           2, "A wall on the target blocks the teleport."},
    [9] = {9, "Radiation", "Pieces on the target squares lose codes.",
           {{.key = "targets", .field = FIELD(targets), .type = SP_SQUARES, .def = SPECIAL_DEF_SELF,
             .doc = "the irradiated squares"},
            {.key = "count", .field = FIELD(count), .type = SP_INT, .def = "1", .min = 1,
             .doc = "codes each piece loses"}},
           2,
           "Each piece there loses count= codes drawn at random from its removable copies: a K is never "
           "lost, and a piece without K may lose its last A and die. count= is one effect for a W shield "
           "(ruling)."},
    [10] = {10, "Wall Destruction", "Interior walls on the target squares become floor.",
            {{.key = "targets", .field = FIELD(targets), .type = SP_SQUARES, .required = true,
              .doc = "the walls removed"}},
            1, "Exterior walls are never removed."},
    [11] = {11, "Factored E Bonus", "The player gains a percentage of their E.",
            {{0}}, 0,
            "Once per turn, however many S11 squares fire: + floor(E x n x n / 100) E, n being the number of "
            "S11 squares the player occupies (3 squares give +9%) (ruling)."},
    [12] = {12, "E Decay", "Every other player loses E.",
            {{.key = "e", .field = FIELD(e), .type = SP_INT, .def = "1", .doc = "E each other player loses"}},
            1, "Nobody's E goes below 0."},
    [13] = {13, "Relocate Specials", "Every special moves to a random new square.",
            {{.key = "onto", .field = FIELD(onto), .type = SP_ENUM, .def = "empty", .choices = "empty|occupied|walls",
              .doc = "the kind of square the specials move to"}},
            1,
            "In reading order, each special moves to a random square inside the exterior walls of that kind: "
            "empty floor, occupied floor, or walls (a special under a wall works again when uncovered)."},
    [14] = {14, "Double Up", "The triggering piece's sequence is doubled.",
            {{0}}, 0,
            "The player pays the piece's cost; without enough E nothing happens. A K piece doubles every code "
            "but K; a bare K gains nothing and pays nothing (ruling)."},
    [15] = {15, "Redistribute", "The player's non-K pieces are shuffled among their own squares.",
            {{0}}, 0, "A piece may end up where it started; K pieces stay put."},
    [16] = {16, "Tremor", "Pieces and specials each shift to a random neighbouring square.",
            {{0}}, 0,
            "Pieces first, then specials, each once, in reading order of their starting squares, to a random "
            "one of the 8 neighbours — only if that square is floor and free (for a special: holds no "
            "special) (ruling)."},
    [17] = {17, "Target", "Every K piece on the board is revealed.",
            {{0}}, 0, "Only the K is shown, or the full sequences when the occupying piece has F."},
    [18] = {18, "Synergy", "Every piece with exactly the occupant's sequence is revealed.",
            {{0}}, 0, "The revealed pieces are shown with their full sequences."},
    [20] = {20, "Rockfall", "The roof collapses over the triggering piece's view.",
            {{0}}, 0,
            "Every square of the view becomes an interior wall and the pieces there die, the triggering "
            "piece included. A K piece instead loses every code but K and its square stays open."},
    [21] = {21, "Recycle", "The triggering piece is destroyed and its cost refunded.",
            {{0}}, 0,
            "A K piece instead loses every code but K, and the player gets back the cost of the lost codes "
            "(nothing lost costs 0)."},
    [22] = {22, "Monkey", "The pieces nearest each start square gain a K.",
            {{0}}, 0,
            "For each start square of the map, every piece at the smallest Chebyshev distance from it gains "
            "one K: any owner, orphans and phased pieces too; a piece nearest to k starts gains k Ks "
            "(ruling)."},
};

const SpecialInfo *special_info(int code)
{
    if (code < 1 || code > SPECIAL_CODE_MAX || !special_table[code].name)
        return NULL;
    return &special_table[code];
}

/* ---- helpers ---- */

/* The grid a special is parsed on: w x h squares, terrain ter. */
typedef struct Grid {
    int w, h;
    const char *ter;
} Grid;

/* At most 20 printable characters of untrusted input, for messages. */
static const char *echo(const char *s, size_t n, char buf[32])
{
    size_t k = 0;
    for (size_t i = 0; i < n && s[i] && k < 20; i++)
        buf[k++] = isprint((unsigned char)s[i]) ? s[i] : '?';
    buf[k] = '\0';
    return buf;
}

/* The name of square sq on a grid w squares wide ("K3"), in buf. */
/* The decimal digits of v (no printf: every special's line is written at each save). */
static void put_i64(Buf *o, int64_t v)
{
    char d[24], *p = d + sizeof d;
    uint64_t u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
    do
        *--p = (char)('0' + u % 10);
    while ((u /= 10) > 0);
    if (v < 0)
        *--p = '-';
    buf_addn(o, p, (size_t)(d + sizeof d - p));
}

static char *sq_name(int w, int sq, char buf[16])
{
    size_t n = grid_col_name_len(sq % w, buf);
    char d[12], *p = d + sizeof d;
    for (int r = sq / w + 1; r > 0 || p == d + sizeof d; r /= 10)
        *--p = (char)('0' + r % 10);
    memcpy(buf + n, p, (size_t)(d + sizeof d - p));
    buf[n + (size_t)(d + sizeof d - p)] = '\0';
    return buf;
}

static const SpecialParam *find_param(const SpecialInfo *si, const char *key, size_t n)
{
    for (int i = 0; i < si->nparams; i++)
        if (strlen(si->params[i].key) == n && strncasecmp(si->params[i].key, key, n) == 0)
            return &si->params[i];
    return NULL;
}

/* Parses a special's code word "S<n>" (either case); -1 when it is not of that shape. */
static int special_parse_code(const char *s)
{
    if ((s[0] != 'S' && s[0] != 's') || !isdigit((unsigned char)s[1]))
        return -1;
    int64_t v;
    if (strlen(s + 1) > 6 || !parse_i64(s + 1, &v))
        return -1;
    return (int)v;
}

/* One square of a value. target: named by target=/targets= (must not be outside the walls). */
static int special_parse_square(const Grid *gr, int code, const char *s, bool target, int *sq, Err *err)
{
    char e[32];
    int c, r;
    if (grid_sq_parse_name(s, &c, &r) < 0)
        return err_fail(err, "S%d: bad square '%s'", code, echo(s, strlen(s), e));
    char up[32];
    str_upper(strcpy(up, echo(s, strlen(s), e)));
    if (c >= gr->w || r >= gr->h) {
        if (target)
            return err_fail(err, "S%d: target %s is not in the playing area", code, up);
        return err_fail(err, "S%d: square %s is off the board", code, up);
    }
    *sq = r * gr->w + c;
    if (target && gr->ter[*sq] == TER_OUTSIDE)
        return err_fail(err, "S%d: target %s is not in the playing area", code, up);
    return 0;
}

/* "block|destroy|move" -> "block, destroy or move". */
static void choices_text(const char *choices, char *buf, size_t size)
{
    size_t k = 0;
    int nbar = 0, seen = 0;
    for (const char *p = choices; *p; p++)
        nbar += *p == '|';
    for (const char *p = choices; *p && k + 6 < size; p++) {
        if (*p != '|') {
            buf[k++] = *p;
            continue;
        }
        const char *sep = ++seen == nbar ? " or " : ", ";
        for (; *sep && k + 1 < size; sep++)
            buf[k++] = *sep;
    }
    buf[k] = '\0';
}

/* The index of v (either case) among choices "a|b|c", or -1. */
static int enum_index(const char *choices, const char *v)
{
    const char *p = choices;
    for (int i = 0; *p; i++) {
        const char *q = strchr(p, '|');
        size_t n = q ? (size_t)(q - p) : strlen(p);
        if (strlen(v) == n && strncasecmp(p, v, n) == 0)
            return i;
        p += n + (q ? 1 : 0);
    }
    return -1;
}

/* ---- one parser and one writer per parameter type ----
 * A parser checks the value v of parameter pp and stores it in field (the Special's field of pp); it
 * allocates only on success. A writer appends the canonical text of field to out. */

typedef int (*ParamParseFn)(const Grid *gr, int code, const SpecialParam *pp, const char *v, void *field, Err *err);
typedef void (*ParamWriteFn)(int w, const SpecialParam *pp, const void *field, Buf *out);

/* The enum fields are written as int (numbered in the order of the choices). */
_Static_assert(sizeof(SpecialOccupied) == sizeof(int) && sizeof(SpecialWall) == sizeof(int) &&
                   sizeof(SpecialOnto) == sizeof(int),
               "enum parameters are stored as int");

static int special_parse_int(const Grid *gr, int code, const SpecialParam *pp, const char *v, void *field, Err *err)
{
    (void)gr;
    int64_t n;
    if (!parse_i64(v, &n)) {
        /* a long run of digits overflows int64: still "too big", not "junk" */
        size_t d = strspn(v, "0123456789");
        if (!*v || v[d])
            return err_fail(err, "S%d: %s= needs a whole number", code, pp->key);
        n = INT64_MAX;
    }
    if (n > SPECIAL_INT_MAX)
        return err_fail(err, "S%d: %s= must be at most %d", code, pp->key, SPECIAL_INT_MAX);
    if (n < pp->min)
        return err_fail(err, "S%d: %s= must be at least %" PRId64, code, pp->key, pp->min);
    *(int64_t *)field = n;
    return 0;
}

static void write_int(int w, const SpecialParam *pp, const void *field, Buf *out)
{
    (void)w;
    (void)pp;
    put_i64(out, *(const int64_t *)field);
}

static int special_parse_bool(const Grid *gr, int code, const SpecialParam *pp, const char *v, void *field, Err *err)
{
    (void)gr;
    if (!str_ieq(v, "yes") && !str_ieq(v, "no"))
        return err_fail(err, "S%d: %s= must be yes or no", code, pp->key);
    *(bool *)field = str_ieq(v, "yes");
    return 0;
}

static void write_bool(int w, const SpecialParam *pp, const void *field, Buf *out)
{
    (void)w;
    (void)pp;
    buf_add(out, *(const bool *)field ? "yes" : "no");
}

static int special_parse_enum(const Grid *gr, int code, const SpecialParam *pp, const char *v, void *field, Err *err)
{
    (void)gr;
    int i = enum_index(pp->choices, v);
    if (i < 0) {
        char list[96];
        choices_text(pp->choices, list, sizeof list);
        return err_fail(err, "S%d: %s= must be %s", code, pp->key, list);
    }
    *(int *)field = i;
    return 0;
}

static void write_enum(int w, const SpecialParam *pp, const void *field, Buf *out)
{
    (void)w;
    const char *p = pp->choices;
    for (int i = *(const int *)field; i > 0 && strchr(p, '|'); i--)
        p = strchr(p, '|') + 1;
    buf_addn(out, p, strcspn(p, "|"));
}

static int special_parse_codes(const Grid *gr, int code, const SpecialParam *pp, const char *v, void *field, Err *err)
{
    (void)gr;
    Genome add = {0};
    size_t n = strlen(v);
    if (n == 0)
        return err_fail(err, "S%d: %s= needs code letters A..Z", code, pp->key);
    if (n > SPECIAL_CODES_MAX)
        return err_fail(err, "S%d: %s= holds more than %d codes", code, pp->key, SPECIAL_CODES_MAX);
    for (const char *p = v; *p; p++) {
        int g = piece_gene_from_char(*p);
        if (g < 0)
            return err_fail(err, "S%d: %s= needs code letters A..Z", code, pp->key);
        add.n[g]++;
    }
    *(Genome *)field = add;
    return 0;
}

static void write_codes(int w, const SpecialParam *pp, const void *field, Buf *out)
{
    (void)w;
    (void)pp;
    char *s = piece_str(field, false);
    buf_add(out, s);
    free(s);
}

/* target=SQ, or SQ:SQ for SP_SQUARE_OR_RECT. */
static int special_parse_target(const Grid *gr, int code, const SpecialParam *pp, const char *v, void *field, Err *err)
{
    const char *colon = pp->type == SP_SQUARE_OR_RECT ? strchr(v, ':') : NULL;
    SpecialTarget t = {{-1, -1}, colon != NULL};
    char a[64];
    if (!*v)
        return err_fail(err, "S%d: %s= needs a square", code, pp->key);
    if (!colon) {
        if (special_parse_square(gr, code, v, true, &t.sq[0], err) < 0)
            return -1;
    } else {
        snprintf(a, sizeof a, "%.*s", (int)(colon - v < 63 ? colon - v : 63), v);
        if (special_parse_square(gr, code, a, true, &t.sq[0], err) < 0 ||
            special_parse_square(gr, code, colon + 1, true, &t.sq[1], err) < 0)
            return -1;
    }
    *(SpecialTarget *)field = t;
    return 0;
}

static void write_target(int w, const SpecialParam *pp, const void *field, Buf *out)
{
    (void)pp;
    const SpecialTarget *t = field;
    char nm[16];
    buf_add(out, sq_name(w, t->sq[0], nm));
    if (t->rect) {
        buf_add(out, ":");
        buf_add(out, sq_name(w, t->sq[1], nm));
    }
}

/* One square of a list at p (n characters), not already among seen[0..nseen). */
static int special_parse_list_square(const Grid *gr, int code, const char *p, size_t n, const int *seen, int nseen,
                             int *sq, Err *err)
{
    char one[64], nm[16];
    snprintf(one, sizeof one, "%.*s", (int)(n < 63 ? n : 63), p);
    if (n > 63)
        one[20] = '\0'; /* keeps "bad square" from quoting more than it may */
    if (special_parse_square(gr, code, one, true, sq, err) < 0)
        return -1;
    for (int i = 0; i < nseen; i++)
        if (seen[i] == *sq)
            return err_fail(err, "S%d: target %s is listed twice", code, sq_name(gr->w, *sq, nm));
    return 0;
}

/* targets=SQ,SQ,... (or self, kept symbolic where the table's default is self). */
static int special_parse_squares(const Grid *gr, int code, const SpecialParam *pp, const char *v, void *field, Err *err)
{
    SpecialSquares *out = field;
    if (!*v)
        return err_fail(err, "S%d: %s= needs a list of squares (SQ,SQ,...)", code, pp->key);
    /* Kept symbolic: the special may later be moved (S13, S16) and still means its own square. */
    if (strcasecmp(v, SPECIAL_DEF_SELF) == 0 && pp->def && strcmp(pp->def, SPECIAL_DEF_SELF) == 0) {
        *out = (SpecialSquares){.self = true};
        return 0;
    }
    int *seen = xmalloc(sizeof *seen * SPECIAL_SQUARES_MAX), nseen = 0;
    for (const char *p = v;;) {
        const char *q = strchr(p, ',');
        size_t n = q ? (size_t)(q - p) : strlen(p);
        int rc = 0;
        if (n == 0)
            rc = err_fail(err, "S%d: %s= needs a list of squares (SQ,SQ,...)", code, pp->key);
        else if (nseen == SPECIAL_SQUARES_MAX)
            rc = err_fail(err, "S%d: %s= holds more than %d squares", code, pp->key, SPECIAL_SQUARES_MAX);
        else
            rc = special_parse_list_square(gr, code, p, n, seen, nseen, &seen[nseen], err);
        if (rc < 0) {
            free(seen);
            return -1;
        }
        nseen++;
        if (!q)
            break;
        p = q + 1;
    }
    *out = (SpecialSquares){.sq = seen, .n = nseen};
    return 0;
}

static void write_squares(int w, const SpecialParam *pp, const void *field, Buf *out)
{
    (void)pp;
    const SpecialSquares *s = field;
    char nm[16];
    if (s->self)
        buf_add(out, SPECIAL_DEF_SELF);
    for (int i = 0; !s->self && i < s->n; i++) {
        if (i)
            buf_add(out, ",");
        buf_add(out, sq_name(w, s->sq[i], nm));
    }
}

/* The parameter types: how a value is parsed and written, and its shape in `calc S<n>`. */
static const struct {
    ParamParseFn parse;
    ParamWriteFn write;
    const char *shape; /* NULL: the choices */
} param_types[] = {
    [SP_INT] = {special_parse_int, write_int, "N"},
    [SP_BOOL] = {special_parse_bool, write_bool, "yes|no"},
    [SP_ENUM] = {special_parse_enum, write_enum, NULL},
    [SP_SQUARES] = {special_parse_squares, write_squares, "SQ,SQ,..."},
    [SP_SQUARE] = {special_parse_target, write_target, "SQ"},
    [SP_SQUARE_OR_RECT] = {special_parse_target, write_target, "SQ or SQ:SQ"},
    [SP_CODES] = {special_parse_codes, write_codes, "LETTERS"},
};

/* ---- parsing a special's words ---- */

/* Reads one bare word at *pp (up to white space); returns it malloc'd and advances. */
static char *read_word(const char **pp)
{
    const char *p = *pp, *w = p;
    while (*p && !isspace((unsigned char)*p))
        p++;
    *pp = p;
    char *s = xmalloc((size_t)(p - w) + 1);
    memcpy(s, w, (size_t)(p - w));
    s[p - w] = '\0';
    return s;
}

/* Reads a value at *pp: a bare word, or a double-quoted string (\" and \\ escaped). */
static int read_value(const char **pp, int code, const char *key, char **out, Err *err)
{
    const char *p = *pp;
    char e[32];
    if (*p != '"') {
        char *v = read_word(pp);
        if (strchr(v, '"')) {
            free(v);
            return err_fail(err, "S%d: bad %s= value (stray quote)", code, echo(key, strlen(key), e));
        }
        *out = v;
        return 0;
    }
    Buf b;
    buf_init(&b);
    buf_add(&b, "");
    for (p++;; p++) {
        size_t run = strcspn(p, "\"\\"); /* the characters up to a quote or a backslash, copied as they are */
        buf_addn(&b, p, run);
        p += run;
        if (!*p) {
            buf_free(&b);
            return err_fail(err, "bad %s=\"...\" (unterminated quote)", echo(key, strlen(key), e));
        }
        if (*p == '"')
            break;
        if (p[1] == '"' || p[1] == '\\') /* an escaped quote or backslash; any other backslash is itself */
            p++;
        buf_addc(&b, *p);
    }
    p++;
    if (*p && !isspace((unsigned char)*p)) {
        buf_free(&b);
        return err_fail(err, "bad %s=\"...\" (text after the closing quote)", echo(key, strlen(key), e));
    }
    *pp = p;
    *out = buf_take(&b);
    return 0;
}

static void skip_space(const char **pp)
{
    while (isspace((unsigned char)**pp))
        (*pp)++;
}

/* "S<n> SQUARE": sets out->code and out->sq and *si, advances *pp. */
static int special_parse_head(const Grid *gr, const char **pp, Special *out, const SpecialInfo **si, Err *err)
{
    char e[32];
    skip_space(pp);
    if (!**pp)
        return err_fail(err, "a special needs a code S1..S22 and a square");
    char *word = read_word(pp);
    int code = special_parse_code(word), rc = 0;
    if (code < 0)
        rc = err_fail(err, "bad special code '%s' (S1..S22)", echo(word, strlen(word), e));
    else if (!(*si = special_info(code)))
        rc = err_fail(err, "unknown special S%d", code);
    free(word);
    if (rc < 0)
        return -1;
    skip_space(pp);
    if (!**pp)
        return err_fail(err, "S%d needs a square", code);
    word = read_word(pp);
    out->code = code;
    rc = special_parse_square(gr, code, word, false, &out->sq, err);
    free(word);
    return rc;
}

/* Takes the info text v (malloc'd) into out after checking it. */
static int set_text(int code, char *v, Special *out, Err *err)
{
    out->text = v;
    if (str_has_control(v))
        return err_fail(err, "S%d: text= holds a control character", code);
    if (strlen(v) > SPECIAL_TEXT_MAX)
        return err_fail(err, "S%d: text= is longer than %d characters", code, SPECIAL_TEXT_MAX);
    return 0;
}

/* Parses v (malloc'd, freed here) into the field of parameter pp. */
static int set_param(const Grid *gr, const SpecialParam *pp, char *v, Special *out, Err *err)
{
    int rc = param_types[pp->type].parse(gr, out->code, pp, v, (char *)out + pp->field, err);
    free(v);
    return rc;
}

/* One "key=value" at *pp (white space skipped before it); sets given[] for the parameter it sets. */
static int special_parse_pair(const Grid *gr, const SpecialInfo *si, const char **pp, Special *out, bool given[],
                      Err *err)
{
    char e[32];
    const char *p = *pp, *k = p;
    int code = out->code;
    while (*p && *p != '=' && !isspace((unsigned char)*p))
        p++;
    size_t klen = (size_t)(p - k);
    if (*p != '=')
        return err_fail(err, "S%d: expected key=value, not '%s'", code, echo(k, klen, e));
    bool is_text = klen == 4 && strncasecmp(k, "text", 4) == 0;
    const SpecialParam *par = is_text ? NULL : find_param(si, k, klen);
    if (!is_text && !par)
        return err_fail(err, "S%d: unknown parameter '%s'", code, echo(k, klen, e));
    const char *key = is_text ? "text" : par->key;
    if (is_text ? out->text != NULL : given[par - si->params])
        return err_fail(err, "duplicate parameter %s=", key);
    p++; /* '=' */
    char *v = NULL;
    if (read_value(&p, code, key, &v, err) < 0)
        return -1;
    *pp = p;
    if (is_text)
        return set_text(code, v, out, err);
    given[par - si->params] = true;
    return set_param(gr, par, v, out, err);
}

/* Every parameter not given takes its default; a required one is missing. */
static int fill_defaults(const Grid *gr, const SpecialInfo *si, Special *out, const bool given[], Err *err)
{
    for (int i = 0; i < si->nparams; i++) {
        const SpecialParam *pp = &si->params[i];
        if (given[i])
            continue;
        if (pp->required)
            return err_fail(err, "S%d needs %s=", out->code, pp->key);
        if (set_param(gr, pp, xstrdup(pp->def), out, err) < 0)
            return -1;
    }
    return 0;
}

void special_free(Special *sp)
{
    free(sp->text);
    free(sp->targets.sq);
    sp->text = NULL;
    sp->targets = (SpecialSquares){0};
}

int special_parse(int w, int h, const char *ter, const char *words, Special *out, Err *err)
{
    const Grid gr = {w, h, ter};
    const SpecialInfo *si = NULL;
    bool given[4] = {false, false, false, false};
    const char *p = words;
    memset(out, 0, sizeof *out);
    int rc = special_parse_head(&gr, &p, out, &si, err);
    for (skip_space(&p); rc == 0 && *p; skip_space(&p))
        rc = special_parse_pair(&gr, si, &p, out, given, err);
    if (rc == 0)
        rc = fill_defaults(&gr, si, out, given, err);
    if (rc < 0) {
        special_free(out);
        memset(out, 0, sizeof *out);
        return -1;
    }
    if (!out->text)
        out->text = xstrdup("");
    return 0;
}

/* ---- writing a special back ---- */

/* Appends the "key=value" pairs of sp, each after sep (the first) or a space. */
static void add_params(int w, const Special *sp, const char *sep, Buf *o)
{
    const SpecialInfo *si = special_info(sp->code);
    for (int i = 0; si && i < si->nparams; i++) {
        const SpecialParam *pp = &si->params[i];
        buf_add(o, i ? " " : sep);
        buf_add(o, pp->key);
        buf_addc(o, '=');
        param_types[pp->type].write(w, pp, (const char *)sp + pp->field, o);
    }
}

char *special_params_text(int w, const Special *sp)
{
    Buf o;
    buf_init(&o);
    buf_add(&o, "");
    add_params(w, sp, "", &o);
    return buf_take(&o);
}

char *special_format(int w, const Special *sp)
{
    Buf o;
    char nm[16];
    buf_init(&o);
    buf_addc(&o, 'S');
    put_i64(&o, sp->code);
    buf_addc(&o, ' ');
    buf_add(&o, sq_name(w, sp->sq, nm));
    add_params(w, sp, " ", &o);
    if (sp->text && *sp->text) {
        buf_add(&o, " text=\"");
        const char *run = sp->text, *p = run;
        for (; *p; p++)
            if (*p == '"' || *p == '\\') { /* the run before it, then a backslash; the character starts the next */
                buf_addn(&o, run, (size_t)(p - run));
                buf_addc(&o, '\\');
                run = p;
            }
        buf_addn(&o, run, (size_t)(p - run));
        buf_addc(&o, '"');
    }
    return buf_take(&o);
}

/* Appends the squares of sq[0..n-1], "A1, B2 and C3". */
static void add_squares(int w, const int *sq, int n, Buf *o)
{
    char nm[16];
    for (int i = 0; i < n; i++)
        buf_printf(o, "%s%s", i == 0 ? "" : i == n - 1 ? " and " : ", ", sq_name(w, sq[i], nm));
}

char *special_params_words(int w, const Special *sp)
{
    static const char *const occupied[] = {", not where a piece stands", "; a piece there is destroyed first",
                                           "; a piece there is moved aside first"};
    Buf o;
    buf_init(&o);
    buf_add(&o, "");
    const int *sq = NULL;
    int n = special_target_squares(sp, &sq);
    char nm[16], nm2[16];
    switch (sp->code) {
    case 1:
        buf_printf(&o, "gives %" PRId64 " E%s", sp->e, sp->per_king ? " for each K code of yours" : "");
        break;
    case 2:
        buf_add(&o, sp->wall == SPECIAL_WALL_EXTERIOR ? "exterior walls (never removable) appear on " : "interior walls appear on ");
        add_squares(w, sq, n, &o);
        buf_add(&o, occupied[sp->occupied]);
        break;
    case 3:
        buf_printf(&o, "copies its piece onto %s (paid as CREATE)%s", sq_name(w, sp->target.sq[0], nm),
                   occupied[sp->occupied]);
        break;
    case 4: {
        char *codes = piece_str(&sp->codes, false);
        buf_printf(&o, "adds %s to its piece", codes);
        free(codes);
        break;
    }
    case 6:
        buf_add(&o, "destroys the pieces on ");
        add_squares(w, sq, n, &o);
        break;
    case 8:
        if (sp->target.rect)
            buf_printf(&o, "moves its piece to a random empty floor square from %s to %s",
                       sq_name(w, sp->target.sq[0], nm), sq_name(w, sp->target.sq[1], nm2));
        else
            buf_printf(&o, "moves its piece to %s", sq_name(w, sp->target.sq[0], nm));
        buf_add(&o, occupied[sp->occupied]);
        break;
    case 9:
        if (sp->targets.self) {
            buf_add(&o, "its piece loses");
        } else {
            buf_add(&o, "the pieces on ");
            add_squares(w, sq, n, &o);
            buf_add(&o, " lose");
        }
        buf_printf(&o, " %" PRId64 " code%s%s", sp->count, sp->count == 1 ? "" : "s", sp->targets.self ? "" : " each");
        break;
    case 10:
        buf_add(&o, "interior walls on ");
        add_squares(w, sq, n, &o);
        buf_add(&o, " become floor");
        break;
    case 12:
        buf_printf(&o, "every other player loses %" PRId64 " E", sp->e);
        break;
    case 13:
        buf_printf(&o, "every special moves to a random %s",
                   sp->onto == SPECIAL_ONTO_EMPTY ? "empty floor square" : sp->onto == SPECIAL_ONTO_OCCUPIED
                                                                               ? "occupied floor square"
                                                                               : "wall");
        break;
    default:
        break;
    }
    return buf_take(&o);
}

int special_target_squares(const Special *sp, const int **out)
{
    const SpecialInfo *si = special_info(sp->code);
    for (int i = 0; si && i < si->nparams; i++) {
        switch (si->params[i].type) {
        case SP_SQUARES:
            *out = sp->targets.self ? &sp->sq : sp->targets.sq;
            return sp->targets.self ? 1 : sp->targets.n;
        case SP_SQUARE:
        case SP_SQUARE_OR_RECT:
            *out = sp->target.sq;
            return sp->target.rect ? 2 : 1;
        default:
            break;
        }
    }
    *out = NULL;
    return 0;
}

/* Appends text word-wrapped at 76 columns: the first line after first, the others after rest. */
static void add_wrapped(Buf *out, const char *first, const char *rest, const char *text)
{
    size_t col = strlen(first);
    buf_add(out, first);
    bool start = true;
    for (const char *p = text; *p;) {
        while (*p == ' ')
            p++;
        size_t n = strcspn(p, " ");
        if (!n)
            break;
        if (!start && col + 1 + n > 76) {
            buf_add(out, "\n");
            buf_add(out, rest);
            col = strlen(rest);
            start = true;
        }
        if (!start) {
            buf_add(out, " ");
            col++;
        }
        buf_addn(out, p, n);
        col += n;
        start = false;
        p += n;
    }
    buf_add(out, "\n");
}

int special_describe(int code, Buf *out, Err *err)
{
    if (code == 19)
        return err_fail(err, "There is no special S19");
    const SpecialInfo *si = special_info(code);
    if (!si)
        return err_fail(err, "Unknown special");
    buf_printf(out, "S%d - %s\n", code, si->name);
    add_wrapped(out, "", "", si->summary);
    if (si->detail)
        add_wrapped(out, "", "", si->detail);
    buf_printf(out, "Parameters (map line: special S%d SQUARE key=value ... text=\"info text\"):\n", code);
    for (int i = 0; i < si->nparams; i++) {
        const SpecialParam *pp = &si->params[i];
        const char *shape = param_types[pp->type].shape ? param_types[pp->type].shape : pp->choices;
        char head[64];
        Buf line;
        buf_init(&line);
        buf_add(&line, pp->doc);
        if (pp->required)
            buf_add(&line, " (required)");
        else if (strcmp(pp->def, SPECIAL_DEF_SELF) == 0)
            buf_add(&line, " (default self: the special's own square, wherever it is moved)");
        else
            buf_printf(&line, " (default %s)", pp->def);
        if (pp->type == SP_INT)
            buf_printf(&line, "; a whole number from %" PRId64 " to %d", pp->min, SPECIAL_INT_MAX);
        snprintf(head, sizeof head, "  %s=%s  ", pp->key, shape);
        add_wrapped(out, head, "      ", line.s);
        buf_free(&line);
    }
    buf_add(out, "  text=\"...\"  the information text players see on the square (optional)\n");
    add_wrapped(out, "", "",
                "A special fires when one of your pieces starts your turn on it (never on landing). Yours fire "
                "in code order, then in reading order; each only if your piece still stands on it.");
    return 0;
}
