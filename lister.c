/* lister: the text of "what your pieces can do" (lister.h). */
#include "lister.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "actions.h"
#include "legal.h"
#include "orders.h"

#define LISTING_WIDTH 78
#define LISTING_INDENT 13 /* items start after "  TRANSFER   " */

/* A line being filled: items joined by sep (", " or " "), wrapped under the indent. */
typedef struct Line {
    Buf *out;
    int col;
    bool first;
    const char *sep;
} Line;

/* Opens a line with its label; the first item is written at the indent. */
static void line_open(Line *l, Buf *out, const char *label, const char *sep)
{
    l->out = out;
    l->first = true;
    l->sep = sep;
    buf_printf(out, "  %s", label);
    l->col = 2 + (int)strlen(label);
}

static void line_item(Line *l, const char *item)
{
    int n = (int)strlen(item);
    if (l->first) {
        int pad = LISTING_INDENT - l->col;
        buf_printf(l->out, "%*s%s", pad > 1 ? pad : 1, "", item);
        l->col += (pad > 1 ? pad : 1) + n;
    } else if (l->col + (int)strlen(l->sep) + n > LISTING_WIDTH) {
        buf_printf(l->out, "%.*s\n%*s%s", (int)strcspn(l->sep, " "), l->sep, LISTING_INDENT, "", item);
        l->col = LISTING_INDENT + n;
    } else {
        buf_printf(l->out, "%s%s", l->sep, item);
        l->col += (int)strlen(l->sep) + n;
    }
    l->first = false;
}

/* The verb of an order's canonical text (its first word, orders.c's table), or -1. */
static int lister_order_verb(const char *order)
{
    char word[16];
    snprintf(word, sizeof word, "%.*s", (int)strcspn(order, " "), order);
    return order_verb(word);
}

/* The item an order stands for on its verb's line: what follows "VERB SQ " (MOVE: the destination, then the
 * path; the note in brackets). */
static void item_text(const Board *b, const char *order, const char *note, char *buf, size_t size)
{
    const char *rest = strchr(order, ' ');
    rest = rest ? rest + 1 : "";
    Order o;
    Err err;
    char nm[16];
    int verb = lister_order_verb(order);
    if (verb == ORD_MOVE && order_parse(b, order, &o, &err) == 0) {
        int s = o.sq;
        for (int i = 0; i < o.ndirs && s >= 0; i++)
            s = board_step(b, s, o.dirs[i]);
        snprintf(buf, size, "%s (%s%s%s)", s >= 0 ? board_sq_name(b, s, nm) : "?", strchr(rest, ' ') + 1,
                 *note ? ", " : "", note);
        order_free(&o);
        return;
    }
    if (verb != ORD_CREATE && verb != ORD_PASS) {
        const char *sp = strchr(rest, ' ');
        rest = sp ? sp + 1 : "";
    }
    const char *sp = strchr(rest, ' ');
    if (sp && (verb == ORD_TRANSFER || verb == ORD_DIVIDE))
        snprintf(buf, size, "%.*s to %s", (int)(sp - rest), rest, sp + 1); /* codes, then where they go */
    else
        snprintf(buf, size, "%s%s%s%s", rest, *note ? " (" : "", note, *note ? ")" : "");
}

/* One group: a line per verb, its orders as items (an order without arguments is its verb alone). */
static void render_group(const Board *b, const LegalGroup *g, Buf *out)
{
    Line l = {0};
    char verb[16] = "", item[96];
    for (int i = 0; i < g->orders.n; i++) {
        const char *t = g->orders.v[i];
        size_t vn = strcspn(t, " ");
        if (strlen(verb) != vn || strncmp(verb, t, vn) != 0) {
            if (*verb)
                buf_add(out, "\n");
            snprintf(verb, sizeof verb, "%.*s", (int)vn, t);
            line_open(&l, out, verb, ", ");
        }
        item_text(b, t, g->notes.v[i], item, sizeof item);
        if (*item)
            line_item(&l, item);
    }
    if (*verb)
        buf_add(out, "\n");
}

/* Appends the words of text to the open line l, wrapped at its indent. */
static void line_words(Line *l, const char *text)
{
    char w[128];
    for (const char *p = text; *p;) {
        size_t n = strcspn(p, " ");
        if (n) {
            snprintf(w, sizeof w, "%.*s", (int)(n < sizeof w ? n : sizeof w - 1), p);
            line_item(l, w);
        }
        p += n + (p[n] == ' ');
    }
}

/* What the player's E buys as a new piece, in words read at a glance: an A, and an A with each one code on offer
 * it can afford, grouped by cost ("with your 6 E: A (1 E); AA (3 E); AB, AC, AP (5 E each)"). */
static void render_affordable(const Board *b, int player, Buf *out)
{
    int64_t e = b->pl[player].e;
    if (!(b->par.codes & (1u << GENE_A)))
        return; /* no piece is viable without A: CREATE offers nothing */
    Buf t;
    buf_init(&t);
    buf_printf(&t, "with your %" PRId64 " E: A (1 E)", e); /* shown beside a CREATE: an A is affordable */
    int64_t cost[GENE_COUNT], lo = -1, hi = -1;
    int offered = 0, afford = 0;
    for (int i = 0; i < GENE_COUNT; i++) {
        Genome g = {0};
        g.n[GENE_A] = 1;
        g.n[i]++;
        cost[i] = -1;
        if (i == GENE_K || !(b->par.codes & (1u << i)))
            continue;
        offered++;
        cost[i] = piece_cost(&g);
        if (cost[i] <= e) {
            afford++;
            lo = lo < 0 || cost[i] < lo ? cost[i] : lo;
            hi = cost[i] > hi ? cost[i] : hi;
        }
    }
    if (afford && afford == offered) {
        buf_printf(&t, ", or an A with any one code on offer (%" PRId64 " to %" PRId64 " E)", lo, hi);
    } else {
        for (int64_t c = lo; afford && c <= hi; c++) { /* each cost once, its sequences together */
            int k = 0;
            for (int i = 0; i < GENE_COUNT; i++)
                if (cost[i] == c)
                    buf_printf(&t, "%sA%c", k++ ? ", " : "; ", piece_genes[i].letter);
            if (k)
                buf_printf(&t, " (%" PRId64 " E%s)", c, k > 1 ? " each" : "");
        }
        if (!afford)
            buf_add(&t, " only; an A with one more code costs more");
    }
    Line l;
    line_open(&l, out, "new piece", " ");
    line_words(&l, t.s);
    buf_add(out, "\n");
    buf_free(&t);
}

/* The CREATE line of the King on king_sq: the CREATE orders of any (the group without a piece) that King pays
 * for (contract 14.2: the first unphased King of the player's next to the square), then, after the first such
 * line, what the player's E buys. */
static void render_creates(const Board *b, int player, const LegalGroup *any, int king_sq, bool *priced, Buf *out)
{
    Line l = {0};
    bool open = false;
    char item[96];
    for (int i = 0; any && i < any->orders.n; i++) {
        const char *t = any->orders.v[i];
        Order o;
        Err err;
        if (lister_order_verb(t) != ORD_CREATE || order_parse(b, t, &o, &err) < 0)
            continue;
        const Piece *k = action_create_king(b, player, o.sq);
        order_free(&o);
        if (!k || k->sq != king_sq)
            continue;
        if (!open)
            line_open(&l, out, "CREATE", ", ");
        open = true;
        item_text(b, t, any->notes.v[i], item, sizeof item);
        line_item(&l, item);
    }
    if (!open)
        return;
    buf_add(out, "\n");
    if (!*priced)
        render_affordable(b, player, out);
    *priced = true;
}

/* One group without its CREATE orders (they stand under the King that pays for them). */
static void render_group_but_create(const Board *b, const LegalGroup *g, Buf *out)
{
    LegalGroup rest = {.sq = g->sq};
    for (int i = 0; i < g->orders.n; i++)
        if (lister_order_verb(g->orders.v[i]) != ORD_CREATE) {
            sl_push(&rest.orders, g->orders.v[i]);
            sl_push(&rest.notes, g->notes.v[i]);
        }
    render_group(b, &rest, out);
    sl_free(&rest.orders);
    sl_free(&rest.notes);
}

void lister_render(const Board *b, int player, int sq, Buf *out)
{
    LegalList l;
    char nm[16], seq[128];
    if (b->phase != PHASE_PLAY) {
        buf_add(out, b->phase == PHASE_ROUND0 ? "Round 0: your orders are GAMBLEs (see help gamble).\n"
                                              : "The game has ended.\n");
        return;
    }
    legal_orders(b, player, -1, &l); /* the whole list: a King's CREATEs come from the group without a piece */
    const LegalGroup *any = l.n && l.v[l.n - 1].sq < 0 ? &l.v[l.n - 1] : NULL;
    bool priced = false, shown = false;
    for (int i = 0; i < l.n; i++) {
        const LegalGroup *g = &l.v[i];
        if (sq >= 0 && g->sq != sq)
            continue;
        shown = true;
        if (g->sq >= 0) {
            piece_format(&board_piece_at(b, g->sq)->g, true, seq, sizeof seq);
            if (strlen(seq) > 64)
                strcpy(seq + 61, "..."); /* the header stays within the width */
            buf_printf(out, "%s %s:\n", board_sq_name(b, g->sq, nm), seq);
            size_t at = out->len;
            render_group(b, g, out);
            if (board_piece_at(b, g->sq)->g.n[GENE_K])
                render_creates(b, player, any, g->sq, &priced, out);
            if (out->len == at)
                buf_add(out, "  nothing it can do now\n");
        } else {
            buf_add(out, "Any time:\n");
            render_group_but_create(b, g, out);
        }
    }
    if (!shown)
        buf_printf(out, sq >= 0 ? "No piece of yours on %s.\n" : "You have no orders to give.\n",
                   sq >= 0 ? board_sq_name(b, sq, nm) : "");
    legal_free(&l);
}

void lister_sheet_section(const Board *b, int reader, Buf *out)
{
    if (reader < 0 || reader >= b->np || !b->pl[reader].lister || b->phase != PHASE_PLAY)
        return;
    buf_add(out, "What your pieces can do (worked out from what you see):\n");
    lister_render(b, reader, -1, out);
    buf_add(out, "\n");
}
