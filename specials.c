/* specials: the table S1..S22 — names, parameters, validation; firing (special_fire...) comes later in this module. */
#include "specials.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- the table (SPEC 8; specials.txt) ---- */

#define OCCUPIED_PARAM                                                                                   \
    {.key = "occupied", .type = SP_ENUM, .def = "block", .choices = "block|destroy|move",                \
     .doc = "an occupied target: block (skip it), destroy (kill the occupant first) or move (move the "   \
            "occupant to a random free neighbouring floor square first; blocked if there is none)"}

const SpecialInfo special_table[SPECIAL_CODE_MAX + 1] = {
    [1] = {1, "E Bonus", "The occupying player gains E.",
           {{.key = "e", .type = SP_INT, .def = "1", .doc = "E gained"},
            {.key = "per-king", .type = SP_BOOL, .def = "no",
             .doc = "yes: gain e= times the number of K codes on the player's pieces"}},
           2, "The bonus is e= E, independent of Kings unless per-king=yes (ruling)."},
    [2] = {2, "Wall Creation", "Walls appear on the target squares.",
           {{.key = "targets", .type = SP_SQUARES, .required = true, .doc = "the squares that become walls"},
            {.key = "wall", .type = SP_ENUM, .def = "interior", .choices = "interior|exterior",
             .doc = "interior (removable) or exterior (never removable)"},
            OCCUPIED_PARAM},
           3,
           "Each target is handled on its own (ruling). A K piece is never destroyed: it loses every code "
           "but K and no wall is built on its square. Regions that new exterior walls enclose simply become "
           "separate areas (ruling)."},
    [3] = {3, "Piece Duplication", "A copy of the occupying piece appears on the target square.",
           {{.key = "target", .type = SP_SQUARE, .required = true, .doc = "where the copy appears"},
            OCCUPIED_PARAM},
           2,
           "The copy has the same owner and codes, without markers. The player pays what CREATE would cost "
           "for it (whatever --create and --codes say); without enough E nothing happens. A wall on the "
           "target blocks it; copying a King makes a second King (rulings)."},
    [4] = {4, "Genetic Code Addition", "Codes are added to the occupying piece.",
           {{.key = "codes", .type = SP_CODES, .required = true,
             .doc = "the codes added (a repeated letter adds several copies)"}},
           1, "The codes are added free of charge each time the special fires."},
    [5] = {5, "Map View", "The player sees the whole board until their next turn.",
           {{0}}, 0, "When the occupying piece has an F code, the view decodes every sequence."},
    [6] = {6, "Piece Killer", "Pieces on the target squares die.",
           {{.key = "targets", .type = SP_SQUARES, .required = true, .doc = "the squares whose pieces die"}},
           1, "A K piece is not destroyed: it loses every code but K."},
    [7] = {7, "Detonation", "The triggering piece dies and blasts run out from its square.",
           {{0}}, 0,
           "Blasts run N, E, S and W (and the diagonals if the piece has C) to the first wall. Without E a "
           "blast destroys the first piece it meets and stops; with E it destroys every piece up to the wall; "
           "with O the first interior wall it meets becomes floor and the blast stops there. C, E and O are "
           "read before the piece dies (ruling). A K piece is not destroyed: it loses every code but K."},
    [8] = {8, "Teleport", "The triggering piece is moved to the target.",
           {{.key = "target", .type = SP_SQUARE_OR_RECT, .required = true,
             .doc = "a square, or a rectangle SQ:SQ in which a random empty floor square is chosen"},
            OCCUPIED_PARAM},
           2, "A wall on the target blocks the teleport."},
    [9] = {9, "Radiation", "Pieces on the target squares lose codes.",
           {{.key = "targets", .type = SP_SQUARES, .def = SPECIAL_DEF_SELF, .doc = "the irradiated squares"},
            {.key = "count", .type = SP_INT, .def = "1", .min = 1, .doc = "codes each piece loses"}},
           2,
           "Each piece there loses count= codes drawn at random from its removable copies: a K is never "
           "lost, and a piece without K may lose its last A and die. count= is one effect for a W shield "
           "(ruling)."},
    [10] = {10, "Wall Destruction", "Interior walls on the target squares become floor.",
            {{.key = "targets", .type = SP_SQUARES, .required = true, .doc = "the walls removed"}},
            1, "Exterior walls are never removed."},
    [11] = {11, "Factored E Bonus", "The player gains a percentage of their E.",
            {{0}}, 0,
            "Once per turn, however many S11 squares fire: + floor(E x n x n / 100) E, n being the number of "
            "S11 squares the player occupies (3 squares give +9%) (ruling)."},
    [12] = {12, "E Decay", "Every other player loses E.",
            {{.key = "e", .type = SP_INT, .def = "1", .doc = "E each other player loses"}},
            1, "Nobody's E goes below 0."},
    [13] = {13, "Relocate Specials", "Every special moves to a random new square.",
            {{.key = "onto", .type = SP_ENUM, .def = "empty", .choices = "empty|occupied|walls",
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

/* At most 20 printable characters of untrusted input, for messages. */
static const char *echo(const char *s, size_t n, char buf[32])
{
    size_t k = 0;
    for (size_t i = 0; i < n && s[i] && k < 20; i++)
        buf[k++] = isprint((unsigned char)s[i]) ? s[i] : '?';
    buf[k] = '\0';
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
static int parse_code(const char *s)
{
    if ((s[0] != 'S' && s[0] != 's') || !isdigit((unsigned char)s[1]))
        return -1;
    int64_t v;
    if (strlen(s + 1) > 6 || !parse_i64(s + 1, &v))
        return -1;
    return (int)v;
}

/* One square of a value. target: named by target=/targets= (must not be outside the walls). */
static int parse_square(const Board *b, int code, const char *s, bool target, int *sq, Err *err)
{
    char e[32];
    int c, r;
    if (board_sq_parse_name(s, &c, &r) < 0)
        return fail(err, "S%d: bad square '%s'", code, echo(s, strlen(s), e));
    char up[32];
    str_upper(strcpy(up, echo(s, strlen(s), e)));
    if (c >= b->w || r >= b->h) {
        if (target)
            return fail(err, "S%d: target %s is not in the playing area", code, up);
        return fail(err, "S%d: square %s is off the board", code, up);
    }
    *sq = board_sq(b, c, r);
    if (target && b->ter[*sq] == TER_OUTSIDE)
        return fail(err, "S%d: target %s is not in the playing area", code, up);
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

static bool enum_match(const char *choices, const char *v, char *canon, size_t size)
{
    const char *p = choices;
    while (*p) {
        const char *q = strchr(p, '|');
        size_t n = q ? (size_t)(q - p) : strlen(p);
        if (strlen(v) == n && strncasecmp(p, v, n) == 0) {
            snprintf(canon, size, "%.*s", (int)n, p);
            return true;
        }
        p += n + (q ? 1 : 0);
    }
    return false;
}

/* Checks one value against its parameter and appends the canonical form to out; a table
 * default (is_default) may be SPECIAL_DEF_SELF, the special's own square self. */
static int check_value(const Board *b, int code, int self, const SpecialParam *pp, const char *v, bool is_default,
                       Buf *out, Err *err)
{
    char nm[16];
    switch (pp->type) {
    case SP_INT: {
        int64_t n;
        if (!parse_i64(v, &n)) {
            /* a long run of digits overflows int64: still "too big", not "junk" */
            size_t d = strspn(v, "0123456789");
            if (!*v || v[d])
                return fail(err, "S%d: %s= needs a whole number", code, pp->key);
            n = INT64_MAX;
        }
        if (n > SPECIAL_INT_MAX)
            return fail(err, "S%d: %s= must be at most %d", code, pp->key, SPECIAL_INT_MAX);
        if (n < pp->min)
            return fail(err, "S%d: %s= must be at least %" PRId64, code, pp->key, pp->min);
        buf_printf(out, "%" PRId64, n);
        return 0;
    }
    case SP_BOOL:
        if (str_ieq(v, "yes") || str_ieq(v, "no")) {
            buf_add(out, str_ieq(v, "yes") ? "yes" : "no");
            return 0;
        }
        return fail(err, "S%d: %s= must be yes or no", code, pp->key);
    case SP_ENUM: {
        char canon[32], list[96];
        if (enum_match(pp->choices, v, canon, sizeof canon)) {
            buf_add(out, canon);
            return 0;
        }
        choices_text(pp->choices, list, sizeof list);
        return fail(err, "S%d: %s= must be %s", code, pp->key, list);
    }
    case SP_CODES: {
        int count[GENE_COUNT] = {0};
        size_t n = strlen(v);
        if (n == 0)
            return fail(err, "S%d: %s= needs code letters A..Z", code, pp->key);
        if (n > SPECIAL_CODES_MAX)
            return fail(err, "S%d: %s= holds more than %d codes", code, pp->key, SPECIAL_CODES_MAX);
        for (const char *p = v; *p; p++) {
            int g = gene_from_char(*p);
            if (g < 0)
                return fail(err, "S%d: %s= needs code letters A..Z", code, pp->key);
            count[g]++;
        }
        for (int g = 0; g < GENE_COUNT; g++)
            for (int k = 0; k < count[g]; k++)
                buf_addn(out, &gene_table[g].letter, 1);
        return 0;
    }
    case SP_SQUARE:
    case SP_SQUARE_OR_RECT: {
        const char *colon = pp->type == SP_SQUARE_OR_RECT ? strchr(v, ':') : NULL;
        char a[64];
        int sq;
        if (!*v)
            return fail(err, "S%d: %s= needs a square", code, pp->key);
        if (!colon) {
            if (parse_square(b, code, v, true, &sq, err) < 0)
                return -1;
            buf_add(out, board_sq_name(b, sq, nm));
            return 0;
        }
        snprintf(a, sizeof a, "%.*s", (int)(colon - v < 63 ? colon - v : 63), v);
        if (parse_square(b, code, a, true, &sq, err) < 0)
            return -1;
        buf_add(out, board_sq_name(b, sq, nm));
        buf_add(out, ":");
        if (parse_square(b, code, colon + 1, true, &sq, err) < 0)
            return -1;
        buf_add(out, board_sq_name(b, sq, nm));
        return 0;
    }
    case SP_SQUARES: {
        int *seen = NULL, nseen = 0, rc = 0;
        const char *p = v;
        if (!*v)
            return fail(err, "S%d: %s= needs a list of squares (SQ,SQ,...)", code, pp->key);
        /* Kept symbolic: the special may later be moved (S13, S16) and still means its own square. */
        if (strcasecmp(v, SPECIAL_DEF_SELF) == 0 && pp->def && strcmp(pp->def, SPECIAL_DEF_SELF) == 0) {
            (void)self;
            (void)is_default;
            buf_add(out, SPECIAL_DEF_SELF);
            return 0;
        }
        seen = xmalloc(sizeof *seen * SPECIAL_SQUARES_MAX);
        while (rc == 0) {
            const char *q = strchr(p, ',');
            size_t n = q ? (size_t)(q - p) : strlen(p);
            char one[64];
            int sq;
            if (n == 0) {
                rc = fail(err, "S%d: %s= needs a list of squares (SQ,SQ,...)", code, pp->key);
                break;
            }
            if (nseen == SPECIAL_SQUARES_MAX) {
                rc = fail(err, "S%d: %s= holds more than %d squares", code, pp->key, SPECIAL_SQUARES_MAX);
                break;
            }
            snprintf(one, sizeof one, "%.*s", (int)(n < 63 ? n : 63), p);
            if (n > 63)
                one[20] = '\0'; /* keeps "bad square" from quoting more than it may */
            if ((rc = parse_square(b, code, one, true, &sq, err)) < 0)
                break;
            for (int i = 0; i < nseen; i++)
                if (seen[i] == sq) {
                    rc = fail(err, "S%d: target %s is listed twice", code, board_sq_name(b, sq, nm));
                    break;
                }
            if (rc < 0)
                break;
            seen[nseen++] = sq;
            if (nseen > 1)
                buf_add(out, ",");
            buf_add(out, board_sq_name(b, sq, nm));
            if (!q)
                break;
            p = q + 1;
        }
        free(seen);
        return rc;
    }
    }
    return fail(err, "S%d: internal: bad parameter type", code);
}

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
            return fail(err, "S%d: bad %s= value (stray quote)", code, echo(key, strlen(key), e));
        }
        *out = v;
        return 0;
    }
    Buf b;
    buf_init(&b);
    buf_add(&b, "");
    for (p++;; p++) {
        if (!*p) {
            buf_free(&b);
            return fail(err, "bad %s=\"...\" (unterminated quote)", echo(key, strlen(key), e));
        }
        if (*p == '"')
            break;
        if (*p == '\\' && (p[1] == '"' || p[1] == '\\'))
            p++;
        buf_addn(&b, p, 1);
    }
    p++;
    if (*p && !isspace((unsigned char)*p)) {
        buf_free(&b);
        return fail(err, "bad %s=\"...\" (text after the closing quote)", echo(key, strlen(key), e));
    }
    *pp = p;
    *out = buf_take(&b);
    return 0;
}

void special_free(Special *sp)
{
    free(sp->params);
    free(sp->text);
    sp->params = sp->text = NULL;
}

int special_parse(const Board *b, const char *words, Special *out, Err *err)
{
    char e[32];
    const char *p = words;
    char *vals[4] = {NULL, NULL, NULL, NULL}, *text = NULL, *word = NULL;
    int rc = -1;
    memset(out, 0, sizeof *out);

    while (isspace((unsigned char)*p))
        p++;
    if (!*p)
        return fail(err, "a special needs a code S1..S22 and a square");
    word = read_word(&p);
    int code = parse_code(word);
    if (code < 0) {
        rc = fail(err, "bad special code '%s' (S1..S22)", echo(word, strlen(word), e));
        goto out;
    }
    const SpecialInfo *si = special_info(code);
    if (!si) {
        rc = fail(err, "unknown special S%d", code);
        goto out;
    }
    free(word);
    word = NULL;
    while (isspace((unsigned char)*p))
        p++;
    if (!*p) {
        rc = fail(err, "S%d needs a square", code);
        goto out;
    }
    word = read_word(&p);
    int sq;
    if (parse_square(b, code, word, false, &sq, err) < 0)
        goto out;

    for (;;) {
        while (isspace((unsigned char)*p))
            p++;
        if (!*p)
            break;
        const char *k = p;
        while (*p && *p != '=' && !isspace((unsigned char)*p))
            p++;
        size_t klen = (size_t)(p - k);
        if (*p != '=') {
            rc = fail(err, "S%d: expected key=value, not '%s'", code, echo(k, klen, e));
            goto out;
        }
        bool is_text = klen == 4 && strncasecmp(k, "text", 4) == 0;
        const SpecialParam *pp = is_text ? NULL : find_param(si, k, klen);
        if (!is_text && !pp) {
            rc = fail(err, "S%d: unknown parameter '%s'", code, echo(k, klen, e));
            goto out;
        }
        const char *key = is_text ? "text" : pp->key;
        int idx = is_text ? -1 : (int)(pp - si->params);
        if (is_text ? text != NULL : vals[idx] != NULL) {
            rc = fail(err, "duplicate parameter %s=", key);
            goto out;
        }
        p++; /* '=' */
        char *v = NULL;
        if (read_value(&p, code, key, &v, err) < 0)
            goto out;
        if (is_text) {
            text = v;
            if (has_control(text)) {
                rc = fail(err, "S%d: text= holds a control character", code);
                goto out;
            }
            if (strlen(text) > SPECIAL_TEXT_MAX) {
                rc = fail(err, "S%d: text= is longer than %d characters", code, SPECIAL_TEXT_MAX);
                goto out;
            }
            continue;
        }
        Buf canon;
        buf_init(&canon);
        buf_add(&canon, "");
        if (check_value(b, code, sq, pp, v, false, &canon, err) < 0) {
            free(v);
            buf_free(&canon);
            goto out;
        }
        free(v);
        vals[idx] = buf_take(&canon);
    }

    Buf params;
    buf_init(&params);
    buf_add(&params, "");
    for (int i = 0; i < si->nparams; i++) {
        const SpecialParam *pp = &si->params[i];
        if (!vals[i]) {
            if (pp->required) {
                buf_free(&params);
                rc = fail(err, "S%d needs %s=", code, pp->key);
                goto out;
            }
            Buf d;
            buf_init(&d);
            buf_add(&d, "");
            if (check_value(b, code, sq, pp, pp->def, true, &d, err) < 0) {
                buf_free(&d);
                buf_free(&params);
                goto out;
            }
            vals[i] = buf_take(&d);
        }
        buf_printf(&params, "%s%s=%s", i ? " " : "", pp->key, vals[i]);
    }
    out->code = code;
    out->sq = sq;
    out->params = buf_take(&params);
    out->text = text ? text : xstrdup("");
    text = NULL;
    rc = 0;
out:
    free(word);
    free(text);
    for (int i = 0; i < 4; i++)
        free(vals[i]);
    return rc;
}

char *special_format(const Board *b, const Special *sp)
{
    Buf o;
    char nm[16];
    buf_init(&o);
    buf_printf(&o, "S%d %s", sp->code, board_sq_name(b, sp->sq, nm));
    if (sp->params && *sp->params)
        buf_printf(&o, " %s", sp->params);
    if (sp->text && *sp->text) {
        buf_add(&o, " text=\"");
        for (const char *p = sp->text; *p; p++) {
            if (*p == '"' || *p == '\\')
                buf_add(&o, "\\");
            buf_addn(&o, p, 1);
        }
        buf_add(&o, "\"");
    }
    return buf_take(&o);
}

/* The value of key in the canonical params, as pointer and length; NULL when absent. */
static const char *find_value(const Special *sp, const char *key, size_t *len)
{
    size_t klen = strlen(key);
    *len = 0;
    for (const char *p = sp->params ? sp->params : ""; *p;) {
        while (*p == ' ')
            p++;
        const char *w = p;
        while (*p && *p != ' ')
            p++;
        if ((size_t)(p - w) > klen && w[klen] == '=' && strncasecmp(w, key, klen) == 0) {
            *len = (size_t)(p - w) - klen - 1;
            return w + klen + 1;
        }
    }
    return NULL;
}

char *special_param_str(const Special *sp, const char *key, char *buf, size_t size)
{
    size_t n;
    const char *v = find_value(sp, key, &n);
    if (!size)
        return buf;
    if (!v)
        n = 0;
    if (n >= size)
        n = size - 1;
    if (n)
        memcpy(buf, v, n);
    buf[n] = '\0';
    return buf;
}

int64_t special_param_int(const Special *sp, const char *key)
{
    char buf[32];
    int64_t v;
    return parse_i64(special_param_str(sp, key, buf, sizeof buf), &v) ? v : 0;
}

bool special_param_bool(const Special *sp, const char *key)
{
    char buf[8];
    return str_ieq(special_param_str(sp, key, buf, sizeof buf), "yes");
}

int special_param_squares(const Board *b, const Special *sp, const char *key, int **out)
{
    size_t n = 0;
    const char *v = find_value(sp, key, &n);
    int count = 0;
    *out = xmalloc(sizeof **out * (n / 2 + 1));
    if (!v)
        return 0;
    if (n == strlen(SPECIAL_DEF_SELF) && strncmp(v, SPECIAL_DEF_SELF, n) == 0) {
        (*out)[0] = sp->sq;
        return 1;
    }
    for (size_t i = 0; i < n;) {
        size_t j = i;
        while (j < n && v[j] != ',' && v[j] != ':')
            j++;
        char one[16];
        int sq;
        if (j - i < sizeof one) {
            memcpy(one, v + i, j - i);
            one[j - i] = '\0';
            if (board_parse_sq(b, one, &sq, NULL) == 0)
                (*out)[count++] = sq;
        }
        i = j + 1;
    }
    return count;
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
        return fail(err, "There is no special S19");
    const SpecialInfo *si = special_info(code);
    if (!si)
        return fail(err, "Unknown special");
    buf_printf(out, "S%d - %s\n", code, si->name);
    add_wrapped(out, "", "", si->summary);
    if (si->detail)
        add_wrapped(out, "", "", si->detail);
    buf_printf(out, "Parameters (map line: special S%d SQUARE key=value ... text=\"info text\"):\n", code);
    for (int i = 0; i < si->nparams; i++) {
        const SpecialParam *pp = &si->params[i];
        const char *shape = pp->type == SP_INT        ? "N"
                            : pp->type == SP_BOOL     ? "yes|no"
                            : pp->type == SP_ENUM     ? pp->choices
                            : pp->type == SP_SQUARES  ? "SQ,SQ,..."
                            : pp->type == SP_SQUARE   ? "SQ"
                            : pp->type == SP_CODES    ? "LETTERS"
                                                      : "SQ or SQ:SQ";
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
