/* Tests for pieces: the gene table, cost (sum + product, K neutral, saturating), viability, abilities. */
#include "fixtures.h"
#include "embedded.h"
#include "pieces.h"

#include <stdio.h>
#include <string.h>

static const struct {
    const char *seq;
    int64_t cost;
} costs[] = {
    {"ABBBD", 34},  /* pieces.txt: (1+2+2+2+3)+(1*2*2*2*3) */
    {"ABC", 9},     /* orders.txt G example: (1+2+2)+(1*2*2) */
    {"ABE", 12},    /* orders.txt G example: (1+2+3)+(1*2*3) */
    {"K", 1},       /* contract 14.1 ruling: K is 0 in the sum, 1 in the product */
    {"ABK", 5},     /* 3 + 2 */
    {"A", 2},
    {"AB", 5},
    {"Z", 40},
    {"AW", 9},
};

START_TEST(test_cost_table)
{
    Genome g;
    Err err;
    ck_assert_int_eq(piece_parse(costs[_i].seq, &g, false, &err), 0);
    ck_assert_int_eq(piece_cost(&g), costs[_i].cost);
}
END_TEST

START_TEST(test_cost_empty_and_saturates)
{
    Genome g;
    memset(&g, 0, sizeof g);
    ck_assert_int_eq(piece_cost(&g), 0);
    g.n[GENE_Z] = 40; /* 20^40 overflows */
    ck_assert_int_eq(piece_cost(&g), E_MAX);
}
END_TEST

START_TEST(test_gene_table)
{
    ck_assert_int_eq(piece_genes[GENE_A].cost, 1);
    ck_assert_int_eq(piece_genes[GENE_O].cost, 20);
    ck_assert_int_eq(piece_genes[GENE_Y].cost, 13);
    ck_assert_int_eq(piece_genes[GENE_K].cost, -1);
    ck_assert(piece_genes[GENE_B].stacks && piece_genes[GENE_D].stacks && piece_genes[GENE_K].stacks);
    ck_assert(!piece_genes[GENE_C].stacks);
    ck_assert(piece_genes[GENE_J].consumed && piece_genes[GENE_R].consumed && piece_genes[GENE_U].consumed);
    ck_assert(!piece_genes[GENE_A].consumed);
    ck_assert_str_eq(piece_genes[GENE_H].action, "DIVIDE");
    ck_assert_int_eq(piece_genes[GENE_Q].letter, 'Q');
}
END_TEST

/* The gene table of pieces.txt and contract 14.1, row by row: every column the rules read. */
static const struct {
    char letter;
    int cost;
    bool stacks, consumed;
    const char *action;
} genes[GENE_COUNT] = {
    {'A', 1, false, false, "MOVE"},     {'B', 2, true, false, NULL},        {'C', 2, false, false, NULL},
    {'D', 3, true, false, NULL},        {'E', 3, false, false, NULL},       {'F', 4, false, false, NULL},
    {'G', 5, false, false, NULL},       {'H', 5, false, false, "DIVIDE"},   {'I', 8, false, false, NULL},
    {'J', 9, false, true, "TRANSFER"},  {'K', -1, true, false, "MOVE, CREATE"},
    {'L', 10, false, false, NULL},      {'M', 7, false, false, "RADIATE"},  {'N', 7, false, false, "TELEPORT"},
    {'O', 20, false, false, NULL},      {'P', 2, false, false, NULL},       {'Q', 19, false, false, "PETRIFY"},
    {'R', 7, false, true, "PHASE"},     {'S', 4, false, false, "CONVERT"},  {'T', 9, false, false, "REPULSE"},
    {'U', 9, false, true, "FLARE"},     {'V', 4, false, false, "HOME"},     {'W', 4, false, false, NULL},
    {'X', 9, false, false, "ATTRACT"},  {'Y', 13, false, false, "SANCTUARY"}, {'Z', 20, true, false, "CHARGE"},
};

START_TEST(test_gene_rows)
{
    const GeneInfo *gi = &piece_genes[_i];
    ck_assert_int_eq(gi->letter, genes[_i].letter);
    ck_assert_int_eq(piece_gene_from_char(genes[_i].letter), _i);
    ck_assert_int_eq(gi->cost, genes[_i].cost);
    ck_assert_int_eq(gi->stacks, genes[_i].stacks);
    ck_assert_int_eq(gi->consumed, genes[_i].consumed);
    if (genes[_i].action)
        ck_assert_str_eq(gi->action, genes[_i].action);
    else
        ck_assert_ptr_null(gi->action);
    /* the name column is the one `help <code>` shows */
    char topic[16], title[64];
    snprintf(topic, sizeof topic, "help/code-%c", gi->letter);
    snprintf(title, sizeof title, "Genetess Code %c - %s\n", gi->letter, gi->name);
    const char *help = embedded_find(topic);
    ck_assert_ptr_nonnull(help);
    ck_assert_msg(strncmp(help, title, strlen(title)) == 0, "%s starts otherwise: %.60s", topic, help);
}
END_TEST

/* Three copies of each code: a stacking code counts 3, any other 1 (contract 14.1); consuming takes one copy of
 * J, R and U only; B, D and Z reach steps, view and charges through the same count. */
START_TEST(test_gene_stacks_consumed)
{
    Genome g = {0};
    g.n[_i] = 3;
    ck_assert_int_eq(piece_count(&g, (Gene)_i), genes[_i].stacks ? 3 : 1);
    ck_assert_int_eq(piece_steps(&g), _i == GENE_B ? 4 : 1);
    ck_assert_int_eq(piece_view_radius(&g), _i == GENE_D ? 7 : 1);
    ck_assert_int_eq(piece_charges(&g), _i == GENE_Z ? 3 : 0);
    ck_assert_int_eq(piece_consume(&g, (Gene)_i), genes[_i].consumed);
    ck_assert_int_eq(g.n[_i], genes[_i].consumed ? 2 : 3);
    Genome none = {0};
    ck_assert_int_eq(piece_count(&none, (Gene)_i), 0);
    ck_assert(!piece_consume(&none, (Gene)_i));
    ck_assert_int_eq(none.n[_i], 0);
}
END_TEST

START_TEST(test_parse_format_markers)
{
    Genome g;
    Err err;
    char buf[64];
    ck_assert_int_eq(piece_parse("dba", &g, false, &err), 0);
    ck_assert_str_eq(piece_format(&g, true, buf, sizeof buf), "ABD");
    ck_assert_int_eq(piece_parse("ADru", &g, true, &err), 0);
    ck_assert(g.phased && g.flare);
    ck_assert_str_eq(piece_format(&g, true, buf, sizeof buf), "ADru");
    ck_assert_str_eq(piece_format(&g, false, buf, sizeof buf), "AD");
    ck_assert_int_eq(piece_parse("A1", &g, false, &err), -1);
    ck_assert_int_eq(piece_parse("", &g, false, &err), -1);
    ck_assert_int_eq(piece_parse("Aur", &g, true, &err), -1);
}
END_TEST

START_TEST(test_viable_steps_view)
{
    Genome g;
    Err err;
    piece_parse("BCD", &g, false, &err);
    ck_assert(!piece_viable(&g));
    piece_parse("K", &g, false, &err);
    ck_assert(piece_viable(&g));
    piece_parse("ABBDD", &g, false, &err);
    ck_assert_int_eq(piece_steps(&g), 3);
    ck_assert_int_eq(piece_view_radius(&g), 5);
    piece_parse("A", &g, false, &err);
    ck_assert_int_eq(piece_view_radius(&g), 1);
}
END_TEST

START_TEST(test_removable)
{
    Genome g;
    Err err;
    uint16_t out[GENE_COUNT];
    piece_parse("AB", &g, false, &err);
    ck_assert_int_eq(piece_removable(&g, true, out), 1); /* the last A is kept */
    ck_assert_int_eq(out[GENE_B], 1);
    ck_assert_int_eq(out[GENE_A], 0);
    piece_parse("AKK", &g, false, &err);
    ck_assert_int_eq(piece_removable(&g, true, out), 1); /* K never; A may go when K stays */
    piece_parse("K", &g, false, &err);
    ck_assert_int_eq(piece_removable(&g, true, NULL), 0);
}
END_TEST

START_TEST(test_describe)
{
    Genome g;
    Err err;
    Buf o;
    buf_init(&o);
    piece_parse("ABBBD", &g, false, &err);
    piece_describe(&g, &o);
    ck_assert_msg(strstr(o.s, "(1+2+2+2+3)+(1*2*2*2*3)=10+24=34E"), "%s", o.s);
    ck_assert_msg(strstr(o.s, "exactly 4 squares"), "%s", o.s);
    ck_assert_msg(strstr(o.s, "7x7"), "%s", o.s);
    ck_assert_msg(strstr(o.s, "Actions MOVE\n"), "%s", o.s);
    buf_free(&o);
    buf_init(&o);
    piece_parse("KHJZZ", &g, false, &err);
    piece_describe(&g, &o);
    ck_assert_msg(strstr(o.s, "Actions MOVE, CREATE, DIVIDE, TRANSFER, CHARGE\n"), "%s", o.s);
    ck_assert_msg(strstr(o.s, "up to 2 charges"), "%s", o.s);
    ck_assert_msg(strstr(o.s, "J is consumed by TRANSFER (1 left)"), "%s", o.s);
    buf_free(&o);
}
END_TEST

Suite *pieces_suite(void)
{
    Suite *s = suite_create("pieces");
    TCase *tc = tcase_create("core");
    tcase_add_loop_test(tc, test_cost_table, 0, (int)(sizeof costs / sizeof costs[0]));
    tcase_add_test(tc, test_cost_empty_and_saturates);
    tcase_add_test(tc, test_gene_table);
    tcase_add_loop_test(tc, test_gene_rows, 0, GENE_COUNT);
    tcase_add_loop_test(tc, test_gene_stacks_consumed, 0, GENE_COUNT);
    tcase_add_test(tc, test_parse_format_markers);
    tcase_add_test(tc, test_viable_steps_view);
    tcase_add_test(tc, test_removable);
    tcase_add_test(tc, test_describe);
    suite_add_tcase(s, tc);
    return s;
}
