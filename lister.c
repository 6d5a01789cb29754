/* lister: the text of "what your pieces can do" (lister.h). */
#include "lister.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

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

/* The item an order stands for on its verb's line: what follows "VERB SQ " (MOVE: the destination, then the
 * path; the note in brackets). */
static void item_text(const Board *b, const char *order, const char *note, char *buf, size_t size)
{
    const char *rest = strchr(order, ' ');
    rest = rest ? rest + 1 : "";
    Order o;
    Err err;
    char nm[16];
    if (strncmp(order, "MOVE ", 5) == 0 && order_parse(b, order, &o, &err) == 0) {
        int s = o.sq;
        for (int i = 0; i < o.ndirs && s >= 0; i++)
            s = board_step(b, s, o.dirs[i]);
        snprintf(buf, size, "%s (%s%s%s)", s >= 0 ? board_sq_name(b, s, nm) : "?", strchr(rest, ' ') + 1,
                 *note ? ", " : "", note);
        order_free(&o);
        return;
    }
    if (strncmp(order, "CREATE ", 7) != 0 && strcmp(order, "PASS") != 0) {
        const char *sp = strchr(rest, ' ');
        rest = sp ? sp + 1 : "";
    }
    const char *sp = strchr(rest, ' ');
    if (sp && (strncmp(order, "TRANSFER ", 9) == 0 || strncmp(order, "DIVIDE ", 7) == 0))
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

/* The codes on offer a new piece may add to its A within the player's E. */
static void render_affordable(const Board *b, int player, Buf *out)
{
    Line l;
    char label[64];
    snprintf(label, sizeof label, "codes      with %" PRId64 " E, an A plus one of:", b->pl[player].e);
    line_open(&l, out, label, " ");
    int n = 0;
    for (int i = 0; i < GENE_COUNT; i++) {
        Genome g = {0};
        g.n[GENE_A] = 1;
        g.n[i]++;
        if (i != GENE_K && i != GENE_A && (b->par.codes & (1u << i)) && piece_cost(&g) <= b->pl[player].e) {
            char c[2] = {piece_genes[i].letter, '\0'};
            line_item(&l, c);
            n++;
        }
    }
    buf_add(out, n ? "\n" : " none\n");
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
    legal_orders(b, player, sq, &l);
    if (l.n == 0)
        buf_printf(out, sq >= 0 ? "No piece of yours on %s.\n" : "You have no orders to give.\n",
                   sq >= 0 ? board_sq_name(b, sq, nm) : "");
    for (int i = 0; i < l.n; i++) {
        const LegalGroup *g = &l.v[i];
        if (g->sq >= 0) {
            piece_format(&board_piece_at(b, g->sq)->g, true, seq, sizeof seq);
            if (strlen(seq) > 64)
                strcpy(seq + 61, "..."); /* the header stays within the width */
            buf_printf(out, "%s %s:\n", board_sq_name(b, g->sq, nm), seq);
        }
        else
            buf_add(out, "Any time:\n");
        if (g->orders.n == 0)
            buf_add(out, "  nothing it can do now\n");
        render_group(b, g, out);
        if (g->sq < 0 && b->par.create && board_king_codes(b, player) > 0)
            render_affordable(b, player, out);
    }
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
