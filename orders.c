/* orders: the order table (verb, argument shape, enabling code, handler); parsing order text; canonical form; dispatch with the shared checks. */
#include "orders.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "actions.h"
#include "game.h"

const OrderInfo order_table[ORD_COUNT] = {
    [ORD_GAMBLE] = {"GAMBLE", SHAPE_GAMBLE, -1, NULL, NULL, "GAMBLE 3E 4th, 3rd, 2nd, 1st"},
    [ORD_PASS] = {"PASS", SHAPE_NONE, -1, NULL, order_pass, "PASS"},
    [ORD_HOLIDAY] = {"HOLIDAY", SHAPE_NONE, -1, NULL, NULL, "HOLIDAY"},
    [ORD_CREATE] = {"CREATE", SHAPE_CREATE, GENE_K, order_create_check, order_create, "CREATE K2 ABBBC"},
    [ORD_MOVE] = {"MOVE", SHAPE_SQ_DIRS, GENE_A, NULL, order_move, "MOVE K3 NW-E"},
    [ORD_DIVIDE] = {"DIVIDE", SHAPE_SQ_CODES_SQ, GENE_H, NULL, order_divide, "DIVIDE K3 ABC J2"},
    [ORD_TRANSFER] = {"TRANSFER", SHAPE_SQ_CODE_SQ, GENE_J, order_transfer_check, order_transfer, "TRANSFER L3 B J5"},
    [ORD_RADIATE] = {"RADIATE", SHAPE_SQ, GENE_M, NULL, order_radiate, "RADIATE L3"},
    [ORD_TELEPORT] = {"TELEPORT", SHAPE_SQ_SQ, GENE_N, NULL, order_teleport, "TELEPORT L3 L5"},
    [ORD_PETRIFY] = {"PETRIFY", SHAPE_SQ, GENE_Q, NULL, order_petrify, "PETRIFY L3"},
    [ORD_PHASE] = {"PHASE", SHAPE_SQ, GENE_R, NULL, order_phase, "PHASE F4"},
    [ORD_CONVERT] = {"CONVERT", SHAPE_SQ, GENE_S, NULL, order_convert, "CONVERT L3"},
    [ORD_REPULSE] = {"REPULSE", SHAPE_SQ, GENE_T, NULL, order_repulse, "REPULSE J5"},
    [ORD_FLARE] = {"FLARE", SHAPE_SQ, GENE_U, NULL, order_flare, "FLARE J5"},
    [ORD_HOME] = {"HOME", SHAPE_SQ_SQ, GENE_V, NULL, order_home, "HOME F4 K3"},
    [ORD_ATTRACT] = {"ATTRACT", SHAPE_SQ, GENE_X, NULL, order_attract, "ATTRACT J5"},
    [ORD_SANCTUARY] = {"SANCTUARY", SHAPE_SQ_SQ, GENE_Y, NULL, order_sanctuary, "SANCTUARY F4 L2"},
    [ORD_CHARGE] = {"CHARGE", SHAPE_SQ_DIRS, GENE_Z, order_charge_check, order_charge, "CHARGE L2 W"},
};

/* Longest order text accepted (a message may hold several). */
#define ORDER_TEXT_MAX 8192

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
    if (strlen(w) > 24 || has_control(w))
        return "(that word)";
    return w;
}

static int want_sq(const Board *b, const char *w, int *sq, Err *err)
{
    Err e2;
    if (board_parse_sq(b, w, sq, &e2) < 0)
        return fail(err, "%s", e2.msg);
    return 0;
}

static int want_codes(const char *w, Genome *g, Err *err)
{
    Err e2;
    for (const char *p = w; *p; p++)
        if (!isalpha((unsigned char)*p))
            return fail(err, "'%s' is not a genetic sequence (letters A to Z)", quotable(w));
    if (genome_parse(w, g, false, &e2) < 0)
        return fail(err, "%s", e2.msg);
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
        int d = dir_parse(tok);
        if (d < 0) {
            fail(err, "'%s' is not a direction (N, NE, E, SE, S, SW, W, NW)", quotable(tok));
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
        return fail(err, "%s needs directions, e.g. %s", order_table[o->verb].verb, order_table[o->verb].example);
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

/* GAMBLE <n>E [on] PREF, PREF, ... [, then don't care] (SPEC 7.1). */
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
    int64_t stake = 0;
    int digits = 0;
    while (isdigit((unsigned char)*p)) {
        if (++digits > 15) {
            int rc = fail(err, "GAMBLE stake too large");
            free(s);
            return rc;
        }
        stake = stake * 10 + (*p++ - '0');
    }
    while (*p == ' ')
        p++;
    if (!digits || (*p != 'E' && *p != 'e')) {
        int rc = fail(err, "GAMBLE needs a stake such as 3E, e.g. GAMBLE 0E on GPC3, GPC6, then don't care");
        free(s);
        return rc;
    }
    p++;
    if (*p && *p != ' ' && *p != ',') {
        int rc = fail(err, "GAMBLE needs a stake such as 3E");
        free(s);
        return rc;
    }
    o->stake = stake;
    o->gkind = -1;
    o->nprefs = 0;
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
        if (care_done) {
            int rc = fail(err, "nothing may follow \"don't care\"");
            free(s);
            return rc;
        }
        if (is_dont_care(tok)) {
            care_done = true;
            continue;
        }
        int kind, val;
        char extra[8] = "";
        if (strncasecmp(tok, "GPC", 3) == 0 && isdigit((unsigned char)tok[3])) {
            kind = GAMBLE_POS;
            val = atoi(tok + 3);
            if (strspn(tok + 3, "0123456789") != strlen(tok + 3) || strlen(tok + 3) > 3)
                val = 0;
        } else if (isdigit((unsigned char)tok[0]) && sscanf(tok, "%d%7s", &val, extra) == 2 &&
                   strlen(tok) < 8 && (str_ieq(extra, "st") || str_ieq(extra, "nd") || str_ieq(extra, "rd") ||
                                       str_ieq(extra, "th"))) {
            kind = GAMBLE_ORD;
        } else {
            int rc = fail(err, "'%s' is not a start label (GPC3) or an ordinal (2nd)", quotable(tok));
            free(s);
            return rc;
        }
        if (val < 1 || val > MAX_PLAYERS) {
            int rc = fail(err, "'%s' is out of range", quotable(tok));
            free(s);
            return rc;
        }
        if (o->gkind >= 0 && o->gkind != kind) {
            int rc = fail(err, "one GAMBLE is either for positions (GPC labels) or for turn order (ordinals)");
            free(s);
            return rc;
        }
        o->gkind = kind;
        for (int i = 0; i < o->nprefs; i++)
            if (o->prefs[i] == val) {
                int rc = fail(err, "'%s' is listed twice", quotable(tok));
                free(s);
                return rc;
            }
        if (o->nprefs == MAX_PLAYERS) {
            int rc = fail(err, "too many preferences");
            free(s);
            return rc;
        }
        o->prefs[o->nprefs++] = val;
    }
    free(s);
    return 0;
}

static void canonical(Order *o, const Board *b)
{
    Buf t;
    char nm[16];
    buf_init(&t);
    buf_add(&t, order_table[o->verb].verb);
    char *seq = genome_str(&o->codes, false);
    switch (order_table[o->verb].shape) {
    case SHAPE_NONE:
        break;
    case SHAPE_SQ:
        buf_printf(&t, " %s", board_sq_name(b, o->sq, nm));
        break;
    case SHAPE_SQ_DIRS:
        buf_printf(&t, " %s ", board_sq_name(b, o->sq, nm));
        for (int i = 0; i < o->ndirs; i++)
            buf_printf(&t, "%s%s", i ? "-" : "", dir_name[o->dirs[i]]);
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
            if (o->gkind == GAMBLE_POS)
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
    int n = split_words(p, &w);
    free(s);
    int at = -1;
    for (int i = 0; i < n && at < 0; i++)
        if (order_verb(w.v[i]) >= 0)
            at = i;
    if (at < 0) {
        sl_free(&w);
        return n ? fail(err, "no order keyword (MOVE, CREATE, PASS, ...)") : fail(err, "empty order");
    }
    o->verb = (OrderVerb)order_verb(w.v[at]);
    if (at > 0 && notices) {
        Buf d;
        buf_init(&d);
        for (int i = 0; i < at; i++)
            buf_printf(&d, "%s%s", i ? " " : "", w.v[i]);
        char *dropped = buf_take(&d);
        if (strlen(dropped) > 60 || has_control(dropped))
            sl_push(notices, "Ignored some words before an order keyword");
        else {
            char *msg = xasprintf("Ignored words before %s: \"%s\"", order_table[o->verb].verb, dropped);
            sl_push_owned(notices, msg);
        }
        free(dropped);
    }
    char **a = w.v + at + 1;
    int na = n - at - 1;
    const OrderInfo *info = &order_table[o->verb];
    int rc = 0;
    switch (info->shape) {
    case SHAPE_NONE:
        if (na)
            rc = fail(err, "%s takes nothing after it", info->verb);
        break;
    case SHAPE_SQ:
        if (na != 1)
            rc = fail(err, "%s needs the square of the acting piece, e.g. %s", info->verb, info->example);
        else
            rc = want_sq(b, a[0], &o->sq, err);
        break;
    case SHAPE_SQ_DIRS:
        if (na < 2)
            rc = fail(err, "%s needs a square and directions, e.g. %s", info->verb, info->example);
        else if ((rc = want_sq(b, a[0], &o->sq, err)) == 0)
            rc = parse_dirs(a + 1, na - 1, o, err);
        break;
    case SHAPE_CREATE:
        if (na != 2)
            rc = fail(err, "CREATE needs a square and a sequence, e.g. CREATE K2 ABBBC");
        else {
            int sqi = has_digit(a[0]) ? 0 : 1;
            if ((rc = want_sq(b, a[sqi], &o->sq, err)) == 0)
                rc = want_codes(a[1 - sqi], &o->codes, err);
        }
        break;
    case SHAPE_SQ_CODES_SQ:
    case SHAPE_SQ_CODE_SQ:
        if (na != 3)
            rc = fail(err, "%s needs a square, %s and a square, e.g. %s", info->verb,
                      info->shape == SHAPE_SQ_CODE_SQ ? "one code" : "codes", info->example);
        else if ((rc = want_sq(b, a[0], &o->sq, err)) == 0 && (rc = want_codes(a[1], &o->codes, err)) == 0) {
            if (info->shape == SHAPE_SQ_CODE_SQ && genome_total(&o->codes) != 1)
                rc = fail(err, "%s moves exactly one code, e.g. %s", info->verb, info->example);
            else
                rc = want_sq(b, a[2], &o->sq2, err);
        }
        break;
    case SHAPE_SQ_SQ:
        if (na != 2)
            rc = fail(err, "%s needs two squares, e.g. %s", info->verb, info->example);
        else if ((rc = want_sq(b, a[0], &o->sq, err)) == 0)
            rc = want_sq(b, a[1], &o->sq2, err);
        break;
    case SHAPE_GAMBLE:
        rc = parse_gamble(a, na, o, err);
        break;
    }
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
        return fail(err, "order text too long");
    if (has_control(text))
        return fail(err, "control characters in the order");
    return parse_one(b, text, out, NULL, err);
}

int order_parse_list(const Board *b, const char *text, OrderList *out, Err *err)
{
    memset(out, 0, sizeof *out);
    if (strlen(text) > ORDER_TEXT_MAX)
        return fail(err, "order text too long");
    if (has_control(text))
        return fail(err, "control characters in the order");
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
                return fail(err, "order %d: %s", idx, e2.msg);
            return fail(err, "%s", e2.msg);
        }
        out->n++;
    }
    free(s);
    if (out->n == 0) {
        order_list_free(out);
        return fail(err, "no order given");
    }
    return 0;
}

/* ---- dispatch ---- */

int order_execute(Game *g, int player, const Order *o)
{
    const OrderInfo *info = &order_table[o->verb];
    Board *b = g->b;
    Piece *actor = NULL;
    char nm[16];
    bool needs_actor = info->shape != SHAPE_NONE && info->shape != SHAPE_GAMBLE && info->shape != SHAPE_CREATE;
    if (needs_actor) {
        Piece *p = board_piece_at(b, o->sq);
        /* Another player's phased piece looks like an empty square: same words, nothing revealed. */
        if (!p || !board_controls(b, player, p)) {
            g->fail.refused = true;
            return game_fail(g, "no piece of yours on %s", board_sq_name(b, o->sq, nm)), ORDER_REFUSED;
        }
        bool ok = info->gene < 0 || p->g.n[info->gene] > 0;
        if (o->verb == ORD_MOVE)
            ok = p->g.n[GENE_A] || p->g.n[GENE_K];
        if (!ok) {
            g->fail.refused = true;
            if (o->verb == ORD_MOVE)
                return game_fail(g, "the piece on %s has no A or K", board_sq_name(b, o->sq, nm)), ORDER_REFUSED;
            return game_fail(g, "the piece on %s has no %c (%s needs %c)", board_sq_name(b, o->sq, nm),
                             'A' + info->gene, info->verb, 'A' + info->gene),
                   ORDER_REFUSED;
        }
        actor = p;
    }
    if (!info->run) {
        g->fail.refused = true;
        return game_fail(g, "%s cannot be used now", info->verb), ORDER_REFUSED;
    }
    if (info->check && info->check(g, player, o, actor) < 0) {
        g->fail.refused = true;
        return ORDER_REFUSED;
    }
    if (actor && actor->g.phased)
        game_reveal(g, actor, "acted");
    return info->run(g, player, o, actor);
}

/* ---- PASS ---- */

int order_pass(Game *g, int player, const Order *o, Piece *actor)
{
    (void)o;
    (void)actor;
    game_event(g, player, EV_PUBLIC, NULL, 0, "%s passed.", g->b->pl[player].id);
    return 0;
}

/* ---- CREATE ---- */

int order_create_check(Game *g, int player, const Order *o, Piece *actor)
{
    Board *b = g->b;
    (void)actor;
    (void)player;
    /* SPEC 6 CREATE: refused if creation is off, K or an unoffered code, not viable, or unaffordable. */
    if (!b->par.create)
        return game_fail(g, "creation is off in this game");
    if (o->codes.n[GENE_K])
        return game_fail(g, "K cannot be bought");
    for (int i = 0; i < GENE_COUNT; i++)
        if (o->codes.n[i] && !(b->par.codes & (1u << i)))
            return game_fail(g, "%c is not on offer in this game", 'A' + i);
    if (!genome_viable(&o->codes))
        return game_fail(g, "the new piece would not be viable (it needs an A)");
    int64_t cost = genome_cost(&o->codes);
    if (cost == E_MAX || cost > b->pl[player].e)
        return game_fail(g, "it costs %" PRId64 "E and you have %" PRId64 "E", cost, b->pl[player].e);
    return 0;
}

int order_create(Game *g, int player, const Order *o, Piece *actor)
{
    Board *b = g->b;
    (void)actor;
    char nm[16];
    int sq = o->sq;
    game_touch(g, sq);
    /* The acting King: the first unphased controlled King next to sq in reading order, else a phased one. */
    Piece *king = NULL, *phased_king = NULL;
    int best = -1, best_ph = -1;
    for (int i = 0; i < b->npc; i++) {
        Piece *p = &b->pc[i];
        if (!board_controls(b, player, p) || !p->g.n[GENE_K] || board_dist(b, p->sq, sq) != 1)
            continue;
        if (!p->g.phased && (best < 0 || p->sq < best))
            best = p->sq, king = p;
        if (p->g.phased && (best_ph < 0 || p->sq < best_ph))
            best_ph = p->sq, phased_king = p;
    }
    if (!king)
        king = phased_king;
    if (!king)
        return game_fail(g, "%s is not next to one of your Kings", board_sq_name(b, sq, nm));
    if (king->g.phased)
        game_reveal(g, king, "paid for CREATE");
    char t = b->ter[sq];
    Piece *there = board_piece_at(b, sq);
    if (t == TER_XWALL || t == TER_OUTSIDE)
        return game_fail_at(g, sq, "blocked", "%s is an exterior wall", board_sq_name(b, sq, nm));
    if (t == TER_IWALL && !o->codes.n[GENE_O])
        return game_fail_at(g, sq, "blocked", "%s is an interior wall (only a piece with O may be created there)",
                            board_sq_name(b, sq, nm));
    if (there) {
        if (there->owner != player && there->g.phased) {
            game_reveal(g, there, "was in the way of a CREATE");
            return game_fail_at(g, sq, "blocked", "%s is occupied", board_sq_name(b, sq, nm));
        }
        if (!board_controls(b, player, there) || there->g.n[GENE_K] || !o->codes.n[GENE_I])
            return game_fail_at(g, sq, "blocked", "%s is occupied%s", board_sq_name(b, sq, nm),
                                board_controls(b, player, there) && !there->g.n[GENE_K]
                                    ? " (only a piece with I may be created on your own piece)"
                                    : "");
    }
    int64_t cost = genome_cost(&o->codes);
    b->pl[player].e -= cost;
    char *seq = genome_str(&o->codes, false);
    game_ebook(g, player, "-%" PRId64 " CREATE %s on %s", cost, seq, board_sq_name(b, sq, nm));
    if (there) {
        Event *ev = game_event(g, player, 0, &sq, 1, "{p0} piece{g0} on {0} was replaced by a new piece.");
        ev->owner[0] = player;
        ev->seq[0] = genome_str(&there->g, false);
        board_remove_piece(b, sq);
    }
    if (t == TER_IWALL) {
        b->ter[sq] = TER_FLOOR;
        game_event(g, player, 0, &sq, 1, "The interior wall on {0} became floor.");
    }
    board_add_piece(b, sq, player, &o->codes);
    Event *ev = game_event(g, player, 0, &sq, 1, "{p0} new piece{g0} appeared on {0}.");
    ev->owner[0] = player;
    ev->seq[0] = seq;
    return 0;
}

/* ---- MOVE ---- */

/* What the moving piece takes when its MOVE ends on sq (enemy, own with I, or an interior wall with O). */
static void capture(Game *g, int player, Piece *mover, int sq)
{
    /* The mover still stands on its start square; sq is the final square. */
    Board *b = g->b;
    Piece *victim = board_piece_at(b, sq);
    if (!victim)
        return;
    bool own = board_controls(b, player, victim);
    int vowner = victim->owner;
    bool phased = victim->g.phased;
    Genome vg = victim->g;
    bool was_king = vg.n[GENE_K] > 0;
    int msq = mover->sq;
    char *vseq = genome_str(&vg, false);
    /* pieces.txt G: the captured piece's cost; an enemy King also brings all its owner's E. */
    int64_t gain = 0;
    Genome add = {0};
    if (!own) {
        if (mover->g.n[GENE_G]) {
            gain = genome_cost(&vg);
            /* SPEC 7.5: digesting a King moves all its owner's E, eliminated owners (ronin) included. */
            if (was_king)
                gain = sat_add(gain, b->pl[vowner].e);
        }
        if (mover->g.n[GENE_L])
            for (int i = 0; i < GENE_COUNT; i++)
                if (vg.n[i] && !mover->g.n[i])
                    add.n[i] = 1;
    }
    int sqs[2] = {sq, msq};
    if (phased && !own) {
        /* SPEC 6.1: the capturer is told only what it gains; the owner is told. */
        game_event(g, vowner, EV_PRIVATE, sqs, 1, "Your phased piece %s on {0} was captured.", vseq);
        free(vseq);
        vseq = NULL;
    } else {
        Event *ev = game_event(g, player, 0, sqs, 2, "{p0} piece{g0} on {0} was captured by {p1} piece{g1}.");
        ev->owner[0] = vowner;
        ev->seq[0] = vseq;
        ev->owner[1] = player;
        ev->seq[1] = genome_str(&mover->g, false);
        ev->subject = vowner;
        ev->own_text = xstrdup("Your piece{g0} on {0} was captured by {p1} piece{g1}.");
    }
    board_remove_piece(b, sq);
    mover = board_piece_at(b, msq);
    if (gain) {
        if (was_king && b->pl[vowner].e) {
            game_ebook(g, vowner, "-%" PRId64 " digested with your King", b->pl[vowner].e);
            b->pl[vowner].e = 0;
        }
        game_add_e(g, player, gain, "digest (G)");
    }
    if (genome_total(&add)) {
        for (int i = 0; i < GENE_COUNT; i++)
            mover->g.n[i] = (uint16_t)(mover->g.n[i] + add.n[i]);
        char *gained = genome_str(&add, false);
        game_event(g, player, EV_PRIVATE, &sq, 1, "Your piece moving to {0} gained %s (L).", gained);
        free(gained);
    }
    if (was_king && !own && b->pl[vowner].status == PS_ACTIVE)
        game_eliminate(g, vowner, PS_ELIMINATED, player);
}

int order_move(Game *g, int player, const Order *o, Piece *actor)
{
    Board *b = g->b;
    char nm[16];
    int start = actor->sq;
    const Genome *mg = &actor->g;
    int steps = genome_steps(mg);
    if (o->ndirs != steps)
        return game_fail(g, "the piece on %s must move exactly %d square%s", board_sq_name(b, start, nm), steps,
                         steps == 1 ? "" : "s");
    if (!mg->n[GENE_C])
        for (int i = 0; i < o->ndirs; i++)
            if (dir_diagonal(o->dirs[i]))
                return game_fail(g, "the piece on %s has no C: it cannot move %s", board_sq_name(b, start, nm),
                                 dir_name[o->dirs[i]]);
    bool jump = mg->n[GENE_E] > 0;
    int cur = start;
    for (int i = 0; i < o->ndirs; i++) {
        int next = board_step(b, cur, o->dirs[i]);
        bool last = i == o->ndirs - 1;
        if (next < 0)
            return game_fail(g, "the move leaves the board");
        game_touch(g, next);
        char t = b->ter[next];
        board_sq_name(b, next, nm);
        if (t == TER_XWALL || t == TER_OUTSIDE)
            return game_fail_at(g, next, "blocked", "%s is an exterior wall", nm);
        if (t == TER_IWALL) {
            if (!last)
                return game_fail_at(g, next, "blocked", "%s is an interior wall", nm);
            if (!mg->n[GENE_O])
                return game_fail_at(g, next, "blocked", "%s is an interior wall (only a piece with O may take one)",
                                    nm);
            cur = next;
            break;
        }
        Piece *p = next == start ? NULL : board_piece_at(b, next);
        if (p && !last) {
            bool enemy_phased = p->g.phased && p->owner != player;
            if (jump) {
                if (enemy_phased)
                    game_reveal(g, p, "was jumped over");
            } else {
                if (enemy_phased) {
                    game_reveal(g, p, "was bumped into");
                    return game_fail_at(g, next, "blocked", "%s: a phased piece was in the way", nm);
                }
                return game_fail_at(g, next, "blocked", "%s is occupied", nm);
            }
        }
        if (p && last) {
            if (board_controls(b, player, p)) {
                if (p->g.n[GENE_K])
                    return game_fail_at(g, next, "blocked", "you can never take your own King on %s", nm);
                if (!mg->n[GENE_I])
                    return game_fail_at(g, next, "blocked", "%s holds your own piece (only a piece with I may take it)",
                                        nm);
            }
        }
        cur = next;
    }
    /* The move is good: take what stands on the final square, then move. */
    int final = cur;
    Event *ev = game_event(g, player, 0, (int[]){start, final}, 2, "{p0} piece{g0} moved from {0} to {1}.");
    ev->owner[0] = ev->owner[1] = player;
    ev->seq[0] = genome_str(mg, false);
    ev->seq[1] = genome_str(mg, false);
    if (final != start) {
        if (b->ter[final] == TER_IWALL) {
            b->ter[final] = TER_FLOOR;
            game_event(g, player, 0, &final, 1, "The interior wall on {0} was mined away.");
        } else if (board_piece_at(b, final)) {
            capture(g, player, actor, final);
        }
        board_move_piece(b, start, final);
    }
    return 0;
}
