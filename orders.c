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

/* One try at reading an order from its keyword on (contract 4.1): the words after the keyword, the items
 * (squares, codes, directions, the stake, preferences) it accepted before a mistake, and the words it read
 * (every try of a text adds to *reads: see find_order). */
typedef struct Args {
    const Board *b;
    char **a;
    int na;
    int got;
    size_t *reads;
} Args;

static int want_sq(Args *r, int i, int *sq, Err *err)
{
    Err e2;
    (*r->reads)++;
    if (board_parse_sq(r->b, r->a[i], sq, &e2) < 0)
        return err_fail(err, "%s", e2.msg);
    r->got++;
    return 0;
}

static int want_codes(Args *r, int i, Genome *g, Err *err)
{
    Err e2;
    const char *w = r->a[i];
    (*r->reads)++;
    for (const char *p = w; *p; p++)
        if (!isalpha((unsigned char)*p))
            return err_fail(err, "'%s' is not a genetic sequence (letters A to Z)", quotable(w));
    if (piece_parse(w, g, false, &e2) < 0)
        return err_fail(err, "%s", e2.msg);
    r->got++;
    return 0;
}

static bool has_digit(const char *w)
{
    for (; *w; w++)
        if (isdigit((unsigned char)*w))
            return true;
    return false;
}

/* True when the word's first step (before any '-' or ',') is a direction: "E," in "CHARGE E, CHARGE N". Looks
 * at 3 characters at most. */
static bool starts_with_dir(const char *w)
{
    char t[3];
    size_t k = 0;
    while (k < sizeof t && w[k] && w[k] != '-' && w[k] != ',')
        k++;
    if (k == 0 || k == sizeof t)
        return false;
    memcpy(t, w, k);
    t[k] = '\0';
    return grid_dir_parse(t) >= 0;
}

/* Adds the direction d to o's steps. */
static void push_dir(Order *o, int d, int *cap)
{
    if (o->ndirs == *cap) {
        *cap *= 2;
        o->dirs = xrealloc(o->dirs, sizeof(int) * (size_t)*cap);
    }
    o->dirs[o->ndirs++] = d;
}

/* Refuses the empty step a '-' leaves in word w: nothing before it, or nothing after it ("E-", "E--W"). */
static int empty_step(const char *w, Err *err)
{
    return err_fail(err, "'%s' has an empty step: steps are joined by one '-', e.g. MOVE K3 NW-E", quotable(w));
}

/* Directions from r->a[1] on: joined by '-', ',' or spaces. The order's own keyword may stand again before any
 * step after the first, as pieces.txt writes a Z piece's charges: "CHARGE E, CHARGE N, CHARGE W" (MOVE alike).
 * A '-' joins two steps: one with no step on a side is refused (contract 4.1), so that an order cut off after a
 * dash never runs as a shorter one. Reads words only up to the first mistake. */
static int order_parse_dirs(Args *r, Order *o, Err *err)
{
    const char *verb = order_table[o->verb].verb;
    int cap = 8;
    bool again = false; /* the keyword was just written again: a direction must follow */
    bool stepped = false, dash = false; /* the last thing read was a step (or the keyword); a '-' waits for one */
    o->dirs = xmalloc(sizeof(int) * (size_t)cap);
    o->ndirs = 0;
    for (int i = 1; i < r->na; i++) {
        (*r->reads)++;
        char *s = xstrdup(r->a[i]);
        for (char *p = s, *tok; *p;) {
            if (*p == '-' || *p == ',') {
                if (dash || (*p == '-' && !stepped)) {
                    free(s);
                    return empty_step(r->a[i], err);
                }
                dash = *p++ == '-';
                stepped = false;
                continue;
            }
            tok = p;
            p += strcspn(p, "-,");
            char c = *p;
            *p = '\0';
            int d = grid_dir_parse(tok);
            *p = c;
            stepped = true;
            dash = false;
            if (d < 0 && o->ndirs && !again && str_ieq(tok, verb)) {
                again = true;
                continue;
            }
            if (d < 0) {
                *p = '\0';
                err_fail(err, "'%s' is not a direction (N, NE, E, SE, S, SW, W, NW)", quotable(tok));
                free(s);
                return -1;
            }
            push_dir(o, d, &cap);
            again = false;
            r->got++;
        }
        free(s);
    }
    if (dash)
        return empty_step(r->a[r->na - 1], err);
    if (again)
        return err_fail(err, "%s written again needs a direction after it, e.g. %s L2 E, %s N", verb, verb, verb);
    if (o->ndirs == 0)
        return err_fail(err, "%s needs directions, e.g. %s", verb, order_table[o->verb].example);
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
static int order_parse_stake(char **p, int64_t *stake, Err *err)
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
static int order_parse_pref(const char *tok, int *kind, int *val, Err *err)
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
    if (order_parse_pref(tok, &kind, &val, err) < 0)
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

/* The length of the "don't care" phrase ("don't care", "dont care", "then don't care", in one to three words
 * separated by blanks) that starts at w, or 0. */
static size_t dont_care_len(char *w)
{
    size_t end = 0;
    for (int k = 0; k < 3; k++) {
        end += strspn(w + end, " ");
        if (!w[end] || w[end] == ',')
            return 0;
        end += strcspn(w + end, " ,");
        char c = w[end];
        w[end] = '\0';
        bool yes = is_dont_care(w);
        w[end] = c;
        if (yes)
            return end;
    }
    return 0;
}

/* Reads the preferences after the stake: [on] PREF, PREF, ... [, then don't care]. A blank separates two
 * preferences as a comma does (contract 4.6): "2nd 1st" is two, never one with the rest dropped. */
static int order_parse_prefs(char *p, Order *o, Err *err)
{
    bool care_done = false, first = true;
    for (char *w = p;;) {
        w += strspn(w, " ,");
        if (!*w)
            return 0;
        size_t n = strcspn(w, " ,");
        if (first && n == 2 && strncasecmp(w, "on", 2) == 0) {
            first = false;
            w += n;
            continue;
        }
        first = false;
        if (care_done)
            return err_fail(err, "nothing may follow \"don't care\"");
        size_t dc = dont_care_len(w);
        if (dc) {
            care_done = true;
            w += dc;
            continue;
        }
        char c = w[n];
        w[n] = '\0';
        int rc = add_pref(o, w, err);
        w[n] = c;
        if (rc < 0)
            return -1;
        w += n;
    }
}

/* The keyword a word holds, either case, also written with a star ("*MOVE": *star set), or -1. */
static int keyword_at(const char *w, bool *star)
{
    bool s = w[0] == '*';
    if (star)
        *star = s;
    return order_verb(w + s);
}

/* GAMBLE's words up to the next order keyword (no keyword is part of a GAMBLE, so a try reads no further). */
static int order_parse_gamble(Args *r, Order *o, Err *err)
{
    Buf all;
    buf_init(&all);
    int n = 0;
    for (; n < r->na; n++) {
        (*r->reads)++;
        if (keyword_at(r->a[n], NULL) >= 0)
            break;
        buf_printf(&all, "%s%s", n ? " " : "", r->a[n]);
    }
    char *s = buf_take(&all);
    char *p = s;
    int64_t stake;
    int rc = order_parse_stake(&p, &stake, err);
    if (rc == 0) {
        o->stake = stake;
        o->gkind = -1;
        o->nprefs = 0;
        rc = order_parse_prefs(p, o, err);
        r->got = 1 + o->nprefs;
    }
    free(s);
    if (rc == 0 && n < r->na)
        rc = err_fail(err, "'%s' is not a start label (GPC3) or an ordinal (2nd)", quotable(r->a[n]));
    return rc;
}

void order_canonical(Order *o, const Board *b)
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

/* Notes the words dropped before the order's keyword (words[0..n-1]), quoted exactly (contract 4.1; the text
 * has no control characters, order_parse_list refuses them, so the '?' is only a guard). */
static void note_dropped(StrList *notices, char **words, int n, OrderVerb verb)
{
    Buf d;
    buf_init(&d);
    buf_printf(&d, "Ignored words before %s: \"", order_table[verb].verb);
    for (int i = 0; i < n; i++)
        buf_printf(&d, "%s%s", i ? " " : "", str_has_control(words[i]) ? "?" : words[i]);
    buf_add(&d, "\"");
    sl_push_owned(notices, buf_take(&d));
}

/* Reads the words after the keyword by the order's argument shape. Returns 0 or -1 with err. */
static int order_parse_args(Args *r, Order *o, Err *err)
{
    const OrderInfo *info = &order_table[o->verb];
    int na = r->na, rc = 0;
    switch (info->shape) {
    case SHAPE_NONE:
        if (na)
            rc = err_fail(err, "%s takes nothing after it", info->verb);
        break;
    case SHAPE_SQ:
        if (na != 1)
            rc = err_fail(err, "%s needs the square of the acting piece, e.g. %s", info->verb, info->example);
        else
            rc = want_sq(r, 0, &o->sq, err);
        break;
    case SHAPE_SQ_DIRS:
        if (na >= 1 && starts_with_dir(r->a[0])) /* pieces.txt's "CHARGE E, CHARGE N, CHARGE W" names no square */
            rc = err_fail(err, "%s needs the square of the acting piece before its directions, e.g. %s", info->verb,
                          info->example);
        else if (na < 2)
            rc = err_fail(err, "%s needs a square and directions, e.g. %s", info->verb, info->example);
        else if ((rc = want_sq(r, 0, &o->sq, err)) == 0)
            rc = order_parse_dirs(r, o, err);
        break;
    case SHAPE_CREATE:
        if (na != 2)
            rc = err_fail(err, "CREATE needs a square and a sequence, e.g. CREATE K2 ABBBC");
        else {
            int sqi = has_digit(r->a[0]) ? 0 : 1;
            if ((rc = want_sq(r, sqi, &o->sq, err)) == 0)
                rc = want_codes(r, 1 - sqi, &o->codes, err);
        }
        break;
    case SHAPE_SQ_CODES_SQ:
    case SHAPE_SQ_CODE_SQ:
        if (na != 3)
            rc = err_fail(err, "%s needs a square, %s and a square, e.g. %s", info->verb,
                          info->shape == SHAPE_SQ_CODE_SQ ? "one code" : "codes", info->example);
        else if ((rc = want_sq(r, 0, &o->sq, err)) == 0 && (rc = want_codes(r, 1, &o->codes, err)) == 0) {
            if (info->shape == SHAPE_SQ_CODE_SQ && piece_total(&o->codes) != 1)
                rc = err_fail(err, "%s moves exactly one code, e.g. %s", info->verb, info->example);
            else
                rc = want_sq(r, 2, &o->sq2, err);
        }
        break;
    case SHAPE_SQ_SQ:
        if (na != 2)
            rc = err_fail(err, "%s needs two squares, e.g. %s", info->verb, info->example);
        else if ((rc = want_sq(r, 0, &o->sq, err)) == 0)
            rc = want_sq(r, 1, &o->sq2, err);
        break;
    case SHAPE_GAMBLE:
        rc = order_parse_gamble(r, o, err);
        break;
    }
    return rc;
}

/* Reads an order from the keyword w->v[at] on into o. Returns 0, or -1 with err, *got the items it accepted
 * and o emptied. */
static int try_at(const Board *b, const StrList *w, int at, Order *o, int *got, size_t *reads, Err *err)
{
    memset(o, 0, sizeof *o);
    o->sq = o->sq2 = -1;
    o->verb = (OrderVerb)keyword_at(w->v[at], NULL);
    Args r = {b, w->v + at + 1, w->n - at - 1, 0, reads};
    int rc = order_parse_args(&r, o, err);
    *got = r.got;
    if (rc < 0)
        order_free(o);
    return rc;
}

/* True when word w opens a condition or an alternative after an order ("MOVE N10 W if ...", "... I'll move H4
 * NW, otherwise PASS"): if, unless, when, whenever, provided, otherwise, else, or, but, except — any case, with
 * punctuation around it. */
static bool order_tail_word(const char *w)
{
    static const char *const words[] = {"if", "unless", "when", "whenever", "provided", "otherwise",
                                        "else", "or", "but", "except"};
    char t[16];
    size_t n = 0;
    while (*w && !isalpha((unsigned char)*w))
        w++;
    for (; *w && isalpha((unsigned char)*w) && n < sizeof t - 1; w++)
        t[n++] = (char)tolower((unsigned char)*w);
    t[n] = '\0';
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strcmp(t, words[i]) == 0)
            return true;
    return false;
}

/* At most this many condition words are tried as the start of an order's tail, after one keyword. */
#define ORDER_TAIL_TRIES 4

/* Reads an order from keyword w->v[at] up to the condition word at tail (tail words after it are ignored): the
 * words before tail, the last without a trailing ',' or ';'. As try_at. */
static int try_before_tail(const Board *b, StrList *w, int at, int tail, Order *o, int *got, size_t *reads,
                           Err *err)
{
    StrList cut = {.v = w->v, .n = tail, .cap = w->cap};
    char *last = w->v[tail - 1], *trimmed = xstrdup(last);
    size_t k = strlen(trimmed);
    while (k > 0 && (trimmed[k - 1] == ',' || trimmed[k - 1] == ';'))
        trimmed[--k] = '\0';
    w->v[tail - 1] = trimmed;
    int rc = k ? try_at(b, &cut, at, o, got, reads, err) : -1;
    if (!k)
        err_fail(err, "empty order");
    w->v[tail - 1] = last;
    free(trimmed);
    return rc;
}

/* contract 4.1: words in front of an order's keyword are dropped (there are no conditional orders, orders.txt),
 * and so are a condition or an alternative after it. The order is read from the first keyword from which the
 * rest of the text is a valid order — or, failing that, the words up to a condition word after it (if, unless,
 * otherwise, or, ...: order_tail_word; the first ORDER_TAIL_TRIES of them) — so an order word in a condition
 * ("if alice's King does not move I'll move N10 W") is passed over, an alternative after the order ("I'll move
 * H4 NW, otherwise PASS") is not read as the order, and a trailing condition ("MOVE N10 W if bob moves") is
 * dropped; a text that opens with a keyword is that order ("MOVE K3 PASS" stays a malformed MOVE). When no
 * keyword starts a valid order, the reason is that of the try that accepted the most (squares, codes,
 * directions, ...), the later of equals: the rule pages write the condition before the order. Each try reads
 * only up to its first mistake, and a try from a keyword inside an earlier try's reading fails at its first
 * word (no direction is a square, no GAMBLE holds a keyword), so all the tries of a text read a number of words
 * linear in its length (times ORDER_TAIL_TRIES at most). Returns the keyword's index with o filled and *tail
 * the index of the first word dropped after the order (w->n: none), or -1 with err. */
static int find_order(const Board *b, StrList *w, Order *o, int *tail, size_t *reads, Err *err)
{
    int best = -1, at = -1;
    *tail = w->n;
    int *next = xmalloc(sizeof *next * (size_t)(w->n + 1)); /* next[t]: the first condition word at t or after */
    next[w->n] = w->n;
    for (int t = w->n - 1; t >= 0; t--)
        next[t] = order_tail_word(w->v[t]) ? t : next[t + 1];
    for (int i = 0; i < w->n && at < 0; i++) {
        (*reads)++;
        if (keyword_at(w->v[i], NULL) < 0)
            continue;
        Err e;
        int got;
        size_t before = *reads;
        if (try_at(b, w, i, o, &got, reads, &e) == 0) {
            at = i;
            break;
        }
        if (got >= best) {
            best = got;
            *err = e;
        }
        /* A condition word ends the order only after at least one word of it (a bare "pass" or "holiday" before
         * "or ..." is a condition's word, not an order), and only where the try read up to it or where the order's
         * count of words (at most 3 after the keyword) refused it before reading: no try reads past its first
         * mistake. */
        size_t reach = (size_t)i + (*reads - before) + 4;
        for (int t = i + 2 <= w->n ? next[i + 2] : w->n, tries = 0; t < w->n && (size_t)t <= reach && tries < ORDER_TAIL_TRIES;
             t = next[t + 1], tries++) {
            Err e2;
            if (try_before_tail(b, w, i, t, o, &got, reads, &e2) == 0) {
                *tail = t;
                at = i;
                break;
            }
        }
        if (i == 0)
            break;
    }
    free(next);
    if (at < 0 && best < 0)
        err_fail(err, "no order keyword (MOVE, CREATE, PASS, ...)");
    return at;
}

/* Notes the words dropped after the order o (words[0..n-1]), quoted exactly (as note_dropped). */
static void note_tail(StrList *notices, char **words, int n, const Order *o)
{
    Buf d;
    buf_init(&d);
    buf_printf(&d, "Ignored words after %s: \"", o->text);
    for (int i = 0; i < n; i++)
        buf_printf(&d, "%s%s", i ? " " : "", str_has_control(words[i]) ? "?" : words[i]);
    buf_add(&d, "\"");
    sl_push_owned(notices, buf_take(&d));
}

/* One order of a message ("/" already split off): a leading "*", or a "*" on the keyword after dropped words
 * ("if nothing changes *MOVE N10 W", or "* MOVE"), marks it to run at once (contract 4.3). */
static int order_parse_one(const Board *b, const char *text, Order *o, StrList *notices, size_t *reads, Err *err)
{
    memset(o, 0, sizeof *o);
    o->sq = o->sq2 = -1;
    char *s = xstrdup(text);
    str_trim(s);
    bool star = *s == '*';
    StrList w = {0};
    int n = str_split_words(s + star, &w);
    free(s);
    int tail = n;
    int at = n ? find_order(b, &w, o, &tail, reads, err) : err_fail(err, "empty order");
    if (at >= 0) {
        bool kstar;
        keyword_at(w.v[at], &kstar);
        bool wstar = at > 0 && strcmp(w.v[at - 1], "*") == 0;
        o->star = star || kstar || wstar;
        if (at - wstar > 0 && notices)
            note_dropped(notices, w.v, at - wstar, o->verb);
        order_canonical(o, b);
        if (tail < n && notices)
            note_tail(notices, w.v + tail, n - tail, o);
    }
    sl_free(&w);
    return at < 0 ? -1 : 0;
}

int order_parse(const Board *b, const char *text, Order *out, Err *err)
{
    if (strlen(text) > ORDER_TEXT_MAX)
        return err_fail(err, "order text too long");
    if (str_has_control(text))
        return err_fail(err, "control characters in the order");
    size_t reads = 0;
    return order_parse_one(b, text, out, NULL, &reads, err);
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
        if (order_parse_one(b, part, &out->v[out->n], &out->notices, &out->reads, &e2) < 0) {
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
