/* pieces: the gene table (genes.def), genomes as code counts, cost, viability and abilities. */
#include "pieces.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const GeneInfo piece_genes[GENE_COUNT] = {
#define GENE(l, nm, c, st, co, ac) [GENE_##l] = {.letter = #l[0], .name = nm, .cost = c, .stacks = st, .consumed = co, .action = ac},
#include "genes.def"
#undef GENE
};

int piece_gene_from_char(char c)
{
    c = (char)toupper((unsigned char)c);
    return (c >= 'A' && c <= 'Z') ? c - 'A' : -1;
}

int piece_total(const Genome *g)
{
    int t = 0;
    for (int i = 0; i < GENE_COUNT; i++)
        t += g->n[i];
    return t;
}

/* A code's term in the sum and in the product of the cost: contract 14.1 ruling, K (cost -1) counts 0 in the sum
 * and 1 in the product. */
static int sum_term(int gene)
{
    return piece_genes[gene].cost < 0 ? 0 : piece_genes[gene].cost;
}

static int product_term(int gene)
{
    return piece_genes[gene].cost < 0 ? 1 : piece_genes[gene].cost;
}

int64_t piece_cost(const Genome *g)
{
    int64_t sum = 0, prod = 1;
    if (piece_total(g) == 0)
        return 0;
    for (int i = 0; i < GENE_COUNT; i++)
        for (int k = 0; k < g->n[i]; k++) {
            sum = sat_add(sum, sum_term(i));
            prod = sat_mul(prod, product_term(i));
        }
    return sat_add(sum, prod);
}

bool piece_has(const Genome *g, Gene c)
{
    return g->n[c] > 0;
}

bool piece_viable(const Genome *g)
{
    return g->n[GENE_A] > 0 || g->n[GENE_K] > 0;
}

int piece_count(const Genome *g, Gene c)
{
    if (piece_genes[c].stacks)
        return g->n[c];
    return g->n[c] ? 1 : 0;
}

bool piece_consume(Genome *g, Gene c)
{
    if (!piece_genes[c].consumed || !g->n[c])
        return false;
    g->n[c]--;
    return true;
}

int piece_charges(const Genome *g)
{
    return piece_count(g, GENE_Z);
}

int piece_steps(const Genome *g)
{
    return 1 + piece_count(g, GENE_B);
}

int piece_view_radius(const Genome *g)
{
    return 1 + 2 * piece_count(g, GENE_D);
}

int piece_parse(const char *s, Genome *out, bool markers, Err *err)
{
    memset(out, 0, sizeof *out);
    const char *p = s;
    if (!*p)
        return err_fail(err, "empty sequence");
    for (; *p; p++) {
        if (markers && (*p == 'r' || *p == 'u'))
            break;
        int c = piece_gene_from_char(*p);
        if (c < 0)
            return err_fail(err, "'%c' is not a genetic code", isprint((unsigned char)*p) ? *p : '?');
        if (out->n[c] >= GENOME_MAX_COPIES)
            return err_fail(err, "too many copies of %c", 'A' + c);
        out->n[c]++;
    }
    for (; *p; p++) {
        if (*p == 'r' && !out->phased && !out->flare)
            out->phased = true;
        else if (*p == 'u' && !out->flare)
            out->flare = true;
        else
            return err_fail(err, "bad marker after the codes (only r, then u)");
    }
    return 0;
}

char *piece_format(const Genome *g, bool markers, char *buf, size_t size)
{
    size_t k = 0;
    for (int i0 = 0; i0 < GENE_COUNT; i0 += 4) { /* four genes looked at at once: a piece has two or three */
        int end = i0 + 4 < GENE_COUNT ? i0 + 4 : GENE_COUNT;
        uint64_t four = 0;
        if (end == i0 + 4 && (memcpy(&four, &g->n[i0], sizeof four), four == 0))
            continue;
        for (int i = i0; i < end; i++)
            for (int j = 0; j < g->n[i] && k + 1 < size; j++)
                buf[k++] = (char)('A' + i);
    }
    if (markers && g->phased && k + 1 < size)
        buf[k++] = 'r';
    if (markers && g->flare && k + 1 < size)
        buf[k++] = 'u';
    if (size)
        buf[k < size ? k : size - 1] = '\0';
    return buf;
}

char *piece_str(const Genome *g, bool markers)
{
    size_t n = (size_t)piece_total(g) + 3;
    char *s = xmalloc(n);
    return piece_format(g, markers, s, n);
}

bool piece_contains(const Genome *g, const Genome *sub)
{
    for (int i = 0; i < GENE_COUNT; i++)
        if (sub->n[i] > g->n[i])
            return false;
    return true;
}

int piece_removable(const Genome *g, bool protect_last_a, uint16_t out[GENE_COUNT])
{
    int total = 0;
    for (int i = 0; i < GENE_COUNT; i++) {
        int c = g->n[i];
        if (i == GENE_K)
            c = 0;
        else if (i == GENE_A && protect_last_a && g->n[GENE_K] == 0 && c > 0)
            c--;
        if (out)
            out[i] = (uint16_t)c;
        total += c;
    }
    return total;
}

/* The calculator's cost line: (sum) + (product) = total, with the K ruling and the ceiling. */
static void describe_cost(const Genome *g, Buf *out)
{
    Buf sum, prod;
    buf_init(&sum);
    buf_init(&prod);
    int64_t s = 0, p = 1;
    int terms = 0;
    for (int i = 0; i < GENE_COUNT; i++)
        for (int k = 0; k < g->n[i]; k++) {
            buf_printf(&sum, "%s%d", terms ? "+" : "", sum_term(i));
            buf_printf(&prod, "%s%d", terms ? "*" : "", product_term(i));
            s = sat_add(s, sum_term(i));
            p = sat_mul(p, product_term(i));
            terms++;
        }
    int64_t cost = piece_cost(g);
    if (terms <= 40)
        buf_printf(out, "Cost    (%s)+(%s)=%lld+%lld=%lldE\n", sum.s, prod.s, (long long)s, (long long)p,
                   (long long)cost);
    else
        buf_printf(out, "Cost    (sum of %d codes)+(product)=%lld+%lld=%lldE\n", terms, (long long)s,
                   (long long)p, (long long)cost);
    if (cost == E_MAX)
        buf_add(out, "        (at the ceiling: never affordable)\n");
    if (g->n[GENE_K])
        buf_add(out, "        K cannot be bought (CREATE refuses it); it counts 0 in the sum and 1 in the product\n");
    buf_free(&sum);
    buf_free(&prod);
}

/* The calculator's lines on moving, viewing and the actions the codes enable (genes.def). */
static void describe_abilities(const Genome *g, Buf *out)
{
    buf_printf(out, "Viable  %s\n", piece_viable(g) ? "yes" : "no (needs an A or a K: it could not exist)");
    if (g->n[GENE_A] || g->n[GENE_K]) {
        int steps = piece_steps(g);
        buf_printf(out, "Move    exactly %d square%s per MOVE, %s%s\n", steps, steps == 1 ? "" : "s",
                   g->n[GENE_C] ? "orthogonal or diagonal" : "orthogonal only (N, E, S, W)",
                   steps > 1 ? "; may double back" : "");
    } else {
        buf_add(out, "Move    none (no A or K)\n");
    }
    int r = piece_view_radius(g);
    buf_printf(out, "View    %dx%d squares centred on the piece\n", 2 * r + 1, 2 * r + 1);
    /* Actions: MOVE from A or K, CREATE from K, then each code's own action (genes.def). */
    buf_add(out, "Actions");
    int acts = 0;
    if (g->n[GENE_A] || g->n[GENE_K])
        buf_printf(out, "%sMOVE", acts++ ? ", " : " ");
    if (g->n[GENE_K])
        buf_printf(out, "%sCREATE", acts++ ? ", " : " ");
    for (int i = 0; i < GENE_COUNT; i++)
        if (g->n[i] && piece_genes[i].action && i != GENE_A && i != GENE_K)
            buf_printf(out, "%s%s", acts++ ? ", " : " ", piece_genes[i].action);
    buf_add(out, acts ? "\n" : " none\n");
    if (piece_charges(g) > 1)
        buf_printf(out, "        CHARGE: up to %d charges in one order\n", piece_charges(g));
}

/* The calculator's lines on the passive codes and the codes their action consumes (genes.def). */
static void describe_passives(const Genome *g, Buf *out)
{
    static const struct {
        Gene g;
        const char *text;
    } passive[] = {
        {GENE_E, "E: MOVE jumps over pieces (never walls)"},
        {GENE_F, "F: decodes other pieces' sequences in view"},
        {GENE_G, "G: capturing an enemy gains its cost in E (a King: all its owner's E too)"},
        {GENE_I, "I: may capture own non-King pieces; CREATE onto an own non-King piece"},
        {GENE_K, "K: accrues E each turn per copy; losing it to a MOVE eliminates its owner"},
        {GENE_L, "L: capturing an enemy adds every code it lacks"},
        {GENE_O, "O: a MOVE may end on an interior wall (it becomes floor)"},
        {GENE_P, "P: keeps working for its owner after elimination (ronin)"},
        {GENE_W, "W: shields against one effect that would move or change it (one W each)"},
    };
    for (size_t i = 0; i < sizeof passive / sizeof passive[0]; i++)
        if (g->n[passive[i].g])
            buf_printf(out, "Passive %s\n", passive[i].text);
    for (int i = 0; i < GENE_COUNT; i++)
        if (g->n[i] && piece_genes[i].consumed)
            buf_printf(out, "Uses    %c is consumed by %s (%d left)\n", 'A' + i, piece_genes[i].action, g->n[i]);
}

void piece_describe(const Genome *g, Buf *out)
{
    char *seq = piece_str(g, false);
    buf_printf(out, "Sequence %s\n", seq);
    free(seq);
    describe_cost(g, out);
    describe_abilities(g, out);
    describe_passives(g, out);
}
