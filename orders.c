/* orders: the order table (verb, argument shape, enabling code, example); parsing order text into Orders; their canonical form. */
#include "orders.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* A piece with any of these codes can give the order (orders.txt: each order's enabling code). */
#define CODE(l) (1u << GENE_##l)

const OrderInfo order_table[ORD_COUNT] = {
    [ORD_GAMBLE] = {"GAMBLE", SHAPE_GAMBLE, 0, "GAMBLE 3E 4th, 3rd, 2nd, 1st"},
    [ORD_PASS] = {"PASS", SHAPE_NONE, 0, "PASS"},
    [ORD_HOLIDAY] = {"HOLIDAY", SHAPE_NONE, 0, "HOLIDAY"},
    [ORD_CREATE] = {"CREATE", SHAPE_CREATE, CODE(K), "CREATE K2 ABBBC"}, /* a King next to the new piece's square */
    [ORD_MOVE] = {"MOVE", SHAPE_SQ_DIRS, CODE(A) | CODE(K), "MOVE K3 NW-E"},
    [ORD_DIVIDE] = {"DIVIDE", SHAPE_SQ_CODES_SQ, CODE(H), "DIVIDE K3 ABC J2"},
    [ORD_TRANSFER] = {"TRANSFER", SHAPE_SQ_CODE_SQ, CODE(J), "TRANSFER L3 B J5"},
    [ORD_RADIATE] = {"RADIATE", SHAPE_SQ, CODE(M), "RADIATE L3"},
    [ORD_TELEPORT] = {"TELEPORT", SHAPE_SQ_SQ, CODE(N), "TELEPORT L3 L5"},
    [ORD_PETRIFY] = {"PETRIFY", SHAPE_SQ, CODE(Q), "PETRIFY L3"},
    [ORD_PHASE] = {"PHASE", SHAPE_SQ, CODE(R), "PHASE F4"},
    [ORD_CONVERT] = {"CONVERT", SHAPE_SQ, CODE(S), "CONVERT L3"},
    [ORD_REPULSE] = {"REPULSE", SHAPE_SQ, CODE(T), "REPULSE J5"},
    [ORD_FLARE] = {"FLARE", SHAPE_SQ, CODE(U), "FLARE J5"},
    [ORD_HOME] = {"HOME", SHAPE_SQ_SQ, CODE(V), "HOME F4 K3"},
    [ORD_ATTRACT] = {"ATTRACT", SHAPE_SQ, CODE(X), "ATTRACT J5"},
    [ORD_SANCTUARY] = {"SANCTUARY", SHAPE_SQ_SQ, CODE(Y), "SANCTUARY F4 L2"},
    [ORD_CHARGE] = {"CHARGE", SHAPE_SQ_DIRS, CODE(Z), "CHARGE L2 W"},
};

bool order_has_actor(OrderVerb v)
{
    OrderShape s = order_table[v].shape;
    return s != SHAPE_NONE && s != SHAPE_GAMBLE && s != SHAPE_CREATE;
}

bool order_enabled(const Genome *g, OrderVerb v)
{
    uint32_t codes = order_table[v].codes;
    for (int i = 0; i < GENE_COUNT && codes; i++)
        if ((codes & (1u << i)) && g->n[i])
            return true;
    return !codes;
}

int order_enablers(OrderVerb v, char *buf)
{
    int n = 0;
    for (int i = 0; i < GENE_COUNT; i++)
        if (order_table[v].codes & (1u << i)) {
            n += sprintf(buf + n, "%s%c", n ? " or " : "", piece_genes[i].letter);
        }
    buf[n] = '\0';
    return n == 1 ? 1 : n > 0 ? 2 : 0;
}


int order_verb(const char *word)
{
    for (int v = 0; v < ORD_COUNT; v++)
        if (str_ieq(word, order_table[v].verb))
            return v;
    return -1;
}

void order_free(Order *o)
{
    free(o->dirs);
    free(o->text);
    o->dirs = NULL;
    o->text = NULL;
}

void order_list_free(OrderList *l)
{
    for (int i = 0; i < l->n; i++)
        order_free(&l->v[i]);
    free(l->v);
    l->v = NULL;
    l->n = 0;
    sl_free(&l->notices);
}

/* A word safe to quote back in a message: short and printable. */
static const char *quotable(const char *w)
{
    if (strlen(w) > 24 || str_has_control(w))
        return "(that word)";
    return w;
}

static int want_sq(const Board *b, const char *w, int *sq, Err *err)
{
    Err e2;
    if (board_parse_sq(b, w, sq, &e2) < 0)
        return err_fail(err, "%s", e2.msg);
    return 0;
}

static int want_codes(const char *w, Genome *g, Err *err)
{
    Err e2;
    for (const char *p = w; *p; p++)
        if (!isalpha((unsigned char)*p))
            return err_fail(err, "'%s' is not a genetic sequence (letters A to Z)", quotable(w));
    if (piece_parse(w, g, false, &e2) < 0)
        return err_fail(err, "%s", e2.msg);
    return 0;
}

static bool has_digit(const char *w)
{
    for (; *w; w++)
        if (isdigit((unsigned char)*w))
            return true;
    return false;
}

/* Directions: words joined by '-' or ',' (spaces around them allowed). */
static int parse_dirs(char **words, int n, Order *o, Err *err)
{
    Buf all;
    buf_init(&all);
    for (int i = 0; i < n; i++) {
        buf_add(&all, words[i]);
        buf_add(&all, "-");
    }
    char *s = buf_take(&all);
    int cap = 8;
    o->dirs = xmalloc(sizeof(int) * (size_t)cap);
    o->ndirs = 0;
    char *save = NULL;
    for (char *tok = strtok_r(s, "-,", &save); tok; tok = strtok_r(NULL, "-,", &save)) {
        str_trim(tok);
        if (!*tok)
            continue;
        int d = grid_dir_parse(tok);
        if (d < 0) {
            err_fail(err, "'%s' is not a direction (N, NE, E, SE, S, SW, W, NW)", quotable(tok));
            free(s);
            return -1;
        }
        if (o->ndirs == cap) {
            cap *= 2;
            o->dirs = xrealloc(o->dirs, sizeof(int) * (size_t)cap);
        }
        o->dirs[o->ndirs++] = d;
    }
    free(s);
    if (o->ndirs == 0)
        return err_fail(err, "%s needs directions, e.g. %s", order_table[o->verb].verb, order_table[o->verb].example);
    return 0;
}

static const char *ordinal_suffix(int n)
{
    if (n % 100 >= 11 && n % 100 <= 13)
        return "TH";
    switch (n % 10) {
    case 1: return "ST";
    case 2: return "ND";
    case 3: return "RD";
    default: return "TH";
    }
}

/* Normalises the apostrophes of "don't care" (', ’ or none). */
static bool is_dont_care(const char *s)
{
    char buf[64];
    size_t k = 0;
    for (const char *p = s; *p && k + 1 < sizeof buf; p++) {
        if (*p == '\'' || isspace((unsigned char)*p))
            continue;
        if ((unsigned char)p[0] == 0xE2 && (unsigned char)p[1] == 0x80 && (unsigned char)p[2] == 0x99) {
            p += 2;
            continue;
        }
        buf[k++] = (char)tolower((unsigned char)*p);
    }
    buf[k] = '\0';
    return strcmp(buf, "dontcare") == 0 || strcmp(buf, "thendontcare") == 0;
}

/* GAMBLE <n>E [on] PREF, PREF, ... [, then don't care] (contract 4.6). */
/* Reads the stake "<n>E" at *p, leaving *p after the E. Returns 0 or -1 with err. */
static int parse_stake(char **p, int64_t *stake, Err *err)
{
    char *q = *p;
    int digits = 0;
    *stake = 0;
    while (isdigit((unsigned char)*q)) {
        if (++digits > 15)
            return err_fail(err, "GAMBLE stake too large");
        *stake = *stake * 10 + (*q++ - '0');
    }
    while (*q == ' ')
        q++;
    if (!digits || (*q != 'E' && *q != 'e'))
        return err_fail(err, "GAMBLE needs a stake such as 3E, e.g. GAMBLE 0E on GPC3, GPC6, then don't care");
    q++;
    if (*q && *q != ' ' && *q != ',')
        return err_fail(err, "GAMBLE needs a stake such as 3E");
    *p = q;
    return 0;
}

/* Reads one preference, a start label (GPC3) or an ordinal (2nd), into *kind and *val. Returns 0 or -1. */
static int parse_pref(const char *tok, int *kind, int *val, Err *err)
{
    char extra[8] = "";
    if (strncasecmp(tok, "GPC", 3) == 0 && isdigit((unsigned char)tok[3])) {
        *kind = GAMBLE_ON_POSITION;
        *val = atoi(tok + 3);
        if (strspn(tok + 3, "0123456789") != strlen(tok + 3) || strlen(tok + 3) > 3)
            *val = 0;
    } else if (isdigit((unsigned char)tok[0]) && sscanf(tok, "%d%7s", val, extra) == 2 && strlen(tok) < 8 &&
               (str_ieq(extra, "st") || str_ieq(extra, "nd") || str_ieq(extra, "rd") || str_ieq(extra, "th"))) {
        *kind = GAMBLE_ON_ORDER;
    } else {
        return err_fail(err, "'%s' is not a start label (GPC3) or an ordinal (2nd)", quotable(tok));
    }
    if (*val < 1 || *val > MAX_PLAYERS)
        return err_fail(err, "'%s' is out of range", quotable(tok));
    return 0;
}

/* Adds the preference tok to o: one kind per GAMBLE, none twice, at most MAX_PLAYERS. Returns 0 or -1. */
static int add_pref(Order *o, const char *tok, Err *err)
{
    int kind = -1, val = 0;
    if (parse_pref(tok, &kind, &val, err) < 0)
        return -1;
    if (o->gkind >= 0 && o->gkind != kind)
        return err_fail(err, "one GAMBLE is either for positions (GPC labels) or for turn order (ordinals)");
    o->gkind = kind;
    for (int i = 0; i < o->nprefs; i++)
        if (o->prefs[i] == val)
            return err_fail(err, "'%s' is listed twice", quotable(tok));
    if (o->nprefs == MAX_PLAYERS)
        return err_fail(err, "too many preferences");
    o->prefs[o->nprefs++] = val;
    return 0;
}

/* Reads the comma-separated preferences after the stake: [on] PREF, PREF, ... [, then don't care]. */
static int parse_prefs(char *p, Order *o, Err *err)
{
    bool care_done = false;
    int item = 0;
    char *save = NULL;
    for (char *tok = strtok_r(p, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        str_trim(tok);
        if (item++ == 0 && (strncasecmp(tok, "on ", 3) == 0 || str_ieq(tok, "on"))) {
            tok += 2;
            str_trim(tok);
        }
        if (!*tok)
            continue;
        if (care_done)
            return err_fail(err, "nothing may follow \"don't care\"");
        if (is_dont_care(tok)) {
            care_done = true;
            continue;
        }
        if (add_pref(o, tok, err) < 0)
            return -1;
    }
    return 0;
}

static int parse_gamble(char **words, int n, Order *o, Err *err)
{
    Buf all;
    buf_init(&all);
    for (int i = 0; i < n; i++) {
        if (i)
            buf_add(&all, " ");
        buf_add(&all, words[i]);
    }
    char *s = buf_take(&all);
    char *p = s;
    int64_t stake;
    int rc = parse_stake(&p, &stake, err);
    if (rc == 0) {
        o->stake = stake;
        o->gkind = -1;
        o->nprefs = 0;
        rc = parse_prefs(p, o, err);
    }
    free(s);
    return rc;
}

static void canonical(Order *o, const Board *b)
{
    Buf t;
    char nm[16];
    buf_init(&t);
    buf_add(&t, order_table[o->verb].verb);
    char *seq = piece_str(&o->codes, false);
    switch (order_table[o->verb].shape) {
    case SHAPE_NONE:
        break;
    case SHAPE_SQ:
        buf_printf(&t, " %s", board_sq_name(b, o->sq, nm));
        break;
    case SHAPE_SQ_DIRS:
        buf_printf(&t, " %s ", board_sq_name(b, o->sq, nm));
        for (int i = 0; i < o->ndirs; i++)
            buf_printf(&t, "%s%s", i ? "-" : "", grid_dir_name[o->dirs[i]]);
        break;
    case SHAPE_CREATE:
        buf_printf(&t, " %s %s", board_sq_name(b, o->sq, nm), seq);
        break;
    case SHAPE_SQ_CODES_SQ:
    case SHAPE_SQ_CODE_SQ:
        buf_printf(&t, " %s %s", board_sq_name(b, o->sq, nm), seq);
        buf_printf(&t, " %s", board_sq_name(b, o->sq2, nm));
        break;
    case SHAPE_SQ_SQ:
        buf_printf(&t, " %s", board_sq_name(b, o->sq, nm));
        buf_printf(&t, " %s", board_sq_name(b, o->sq2, nm));
        break;
    case SHAPE_GAMBLE:
        buf_printf(&t, " %" PRId64 "E", o->stake);
        for (int i = 0; i < o->nprefs; i++) {
            if (o->gkind == GAMBLE_ON_POSITION)
                buf_printf(&t, "%s GPC%d", i ? "," : "", o->prefs[i]);
            else
                buf_printf(&t, "%s %d%s", i ? "," : "", o->prefs[i], ordinal_suffix(o->prefs[i]));
        }
        buf_printf(&t, "%s DON'T CARE", o->nprefs ? "," : "");
        break;
    }
    free(seq);
    o->text = buf_take(&t);
}

/* Notes the words dropped before the order keyword (words[0..at-1]) among the notices. */
static void note_dropped(StrList *notices, char **words, int at, OrderVerb verb)
{
    Buf d;
    buf_init(&d);
    for (int i = 0; i < at; i++)
        buf_printf(&d, "%s%s", i ? " " : "", words[i]);
    char *dropped = buf_take(&d);
    if (strlen(dropped) > 60 || str_has_control(dropped))
        sl_push(notices, "Ignored some words before an order keyword");
    else {
        char *msg = xasprintf("Ignored words before %s: \"%s\"", order_table[verb].verb, dropped);
        sl_push_owned(notices, msg);
    }
    free(dropped);
}

/* Reads the na words a after the keyword by the order's argument shape. Returns 0 or -1 with err. */
static int parse_args(const Board *b, char **a, int na, Order *o, Err *err)
{
    const OrderInfo *info = &order_table[o->verb];
    int rc = 0;
    switch (info->shape) {
    case SHAPE_NONE:
        if (na)
            rc = err_fail(err, "%s takes nothing after it", info->verb);
        break;
    case SHAPE_SQ:
        if (na != 1)
            rc = err_fail(err, "%s needs the square of the acting piece, e.g. %s", info->verb, info->example);
        else
            rc = want_sq(b, a[0], &o->sq, err);
        break;
    case SHAPE_SQ_DIRS:
        if (na < 2)
            rc = err_fail(err, "%s needs a square and directions, e.g. %s", info->verb, info->example);
        else if ((rc = want_sq(b, a[0], &o->sq, err)) == 0)
            rc = parse_dirs(a + 1, na - 1, o, err);
        break;
    case SHAPE_CREATE:
        if (na != 2)
            rc = err_fail(err, "CREATE needs a square and a sequence, e.g. CREATE K2 ABBBC");
        else {
            int sqi = has_digit(a[0]) ? 0 : 1;
            if ((rc = want_sq(b, a[sqi], &o->sq, err)) == 0)
                rc = want_codes(a[1 - sqi], &o->codes, err);
        }
        break;
    case SHAPE_SQ_CODES_SQ:
    case SHAPE_SQ_CODE_SQ:
        if (na != 3)
            rc = err_fail(err, "%s needs a square, %s and a square, e.g. %s", info->verb,
                      info->shape == SHAPE_SQ_CODE_SQ ? "one code" : "codes", info->example);
        else if ((rc = want_sq(b, a[0], &o->sq, err)) == 0 && (rc = want_codes(a[1], &o->codes, err)) == 0) {
            if (info->shape == SHAPE_SQ_CODE_SQ && piece_total(&o->codes) != 1)
                rc = err_fail(err, "%s moves exactly one code, e.g. %s", info->verb, info->example);
            else
                rc = want_sq(b, a[2], &o->sq2, err);
        }
        break;
    case SHAPE_SQ_SQ:
        if (na != 2)
            rc = err_fail(err, "%s needs two squares, e.g. %s", info->verb, info->example);
        else if ((rc = want_sq(b, a[0], &o->sq, err)) == 0)
            rc = want_sq(b, a[1], &o->sq2, err);
        break;
    case SHAPE_GAMBLE:
        rc = parse_gamble(a, na, o, err);
        break;
    }
    return rc;
}

static int parse_one(const Board *b, const char *text, Order *o, StrList *notices, Err *err)
{
    memset(o, 0, sizeof *o);
    o->sq = o->sq2 = -1;
    char *s = xstrdup(text);
    str_trim(s);
    char *p = s;
    if (*p == '*') {
        o->star = true;
        p++;
    }
    StrList w = {0};
    int n = str_split_words(p, &w);
    free(s);
    int at = -1;
    for (int i = 0; i < n && at < 0; i++)
        if (order_verb(w.v[i]) >= 0)
            at = i;
    if (at < 0) {
        sl_free(&w);
        return n ? err_fail(err, "no order keyword (MOVE, CREATE, PASS, ...)") : err_fail(err, "empty order");
    }
    o->verb = (OrderVerb)order_verb(w.v[at]);
    if (at > 0 && notices)
        note_dropped(notices, w.v, at, o->verb);
    char **a = w.v + at + 1;
    int na = n - at - 1;
    int rc = parse_args(b, a, na, o, err);
    sl_free(&w);
    if (rc < 0) {
        order_free(o);
        return -1;
    }
    canonical(o, b);
    return 0;
}

int order_parse(const Board *b, const char *text, Order *out, Err *err)
{
    if (strlen(text) > ORDER_TEXT_MAX)
        return err_fail(err, "order text too long");
    if (str_has_control(text))
        return err_fail(err, "control characters in the order");
    return parse_one(b, text, out, NULL, err);
}

int order_parse_list(const Board *b, const char *text, OrderList *out, Err *err)
{
    memset(out, 0, sizeof *out);
    if (strlen(text) > ORDER_TEXT_MAX)
        return err_fail(err, "order text too long");
    if (str_has_control(text))
        return err_fail(err, "control characters in the order");
    char *s = xstrdup(text);
    int cap = 4;
    out->v = xmalloc(sizeof(Order) * (size_t)cap);
    char *save = NULL;
    int idx = 0;
    for (char *part = strtok_r(s, "/", &save); part; part = strtok_r(NULL, "/", &save)) {
        idx++;
        Err e2;
        if (out->n == cap) {
            cap *= 2;
            out->v = xrealloc(out->v, sizeof(Order) * (size_t)cap);
        }
        if (parse_one(b, part, &out->v[out->n], &out->notices, &e2) < 0) {
            free(s);
            order_list_free(out);
            if (strchr(text, '/'))
                return err_fail(err, "order %d: %s", idx, e2.msg);
            return err_fail(err, "%s", e2.msg);
        }
        out->n++;
    }
    free(s);
    if (out->n == 0) {
        order_list_free(out);
        return err_fail(err, "no order given");
    }
    return 0;
}
