/* pieces: the gene table (genes.def), genomes as code counts, cost, viability and abilities. */
#ifndef GENETESS_PIECES_H
#define GENETESS_PIECES_H

#include "util.h"

typedef enum {
#define GENE(l, name, cost, stacks, consumed, action) GENE_##l,
#include "genes.def"
#undef GENE
    GENE_COUNT
} Gene;

typedef struct GeneInfo {
    char letter;
    const char *name;
    int cost;         /* -1: cannot be bought */
    bool stacks;      /* every copy counts */
    bool consumed;    /* one copy used up by its action */
    const char *action;
} GeneInfo;

extern const GeneInfo piece_genes[GENE_COUNT];

/* Most copies of one code a genome may hold (keeps counts and text bounded). */
#define GENOME_MAX_COPIES 9999

/* A genetic sequence: copies of each code, plus the markers r (phased) and u (flare active). */
typedef struct Genome {
    uint16_t n[GENE_COUNT];
    bool phased;
    bool flare;
} Genome;

/* Returns the gene for a letter (either case), or -1. */
int piece_gene_from_char(char c);
/* Number of code copies (markers not counted). */
int piece_total(const Genome *g);
/* Cost = sum of code costs + product of code costs; K counts 0 in the sum and
 * 1 in the product; the empty sequence costs 0; saturates at E_MAX (contract 14.1). */
int64_t piece_cost(const Genome *g);
/* Viable: at least one A or K. */
bool piece_viable(const Genome *g);
/* At least one copy of c. */
bool piece_has(const Genome *g, Gene c);
/* Copies of c that count for the rules (contract 14.1): every copy when the gene
 * table says c stacks (B, D, K, Z), else 1 when present; 0 when absent. */
int piece_count(const Genome *g, Gene c);
/* Uses up one copy of c for its action when the gene table says c is consumed
 * (J, R, U): decrements g->n[c] and returns true; returns false and changes
 * nothing when c is not consumed or has no copy. */
bool piece_consume(Genome *g, Gene c);
/* Charges one CHARGE order may use: one per Z copy (contract 14.1 ruling). */
int piece_charges(const Genome *g);
/* Squares a MOVE must take: 1 + number of B. */
int piece_steps(const Genome *g);
/* View half-width: 1 + 2 x number of D (a square of side 2r+1). */
int piece_view_radius(const Genome *g);
/* Parses codes (A..Z either case); with markers, trailing lower-case r/u after
 * the codes set the markers (board file form). Returns 0 or fails into err. */
int piece_parse(const char *s, Genome *out, bool markers, Err *err);
/* Writes the canonical text: codes alphabetically, then markers r and u (when
 * markers is true). Returns buf. */
char *piece_format(const Genome *g, bool markers, char *buf, size_t size);
/* Convenience: formats into a static-free malloc'd string. */
char *piece_str(const Genome *g, bool markers);
/* True when every code copy of sub is in g (a sub-multiset). */
bool piece_contains(const Genome *g, const Genome *sub);
/* Codes removable by RADIATE/S9: every copy except K, and except the last A of
 * a piece without K (when protect_last_a). Writes the count of each removable
 * copy into out (may be NULL) and returns the total. */
int piece_removable(const Genome *g, bool protect_last_a, uint16_t out[GENE_COUNT]);
/* Writes the calculator's description of a sequence (cost working and every ability). */
void piece_describe(const Genome *g, Buf *out);

#endif
