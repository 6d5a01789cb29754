/* sight: what each player's pieces can see (contract 8) — the view map the rules and the sheets share. */
#include "sight.h"

#include <string.h>

bool sight_piece_sees(const Board *b, const Piece *p, int sq)
{
    return board_dist(b, p->sq, sq) <= piece_view_radius(&p->g);
}

/* How a player's view map starts (contract 8). */
typedef enum SightBase {
    SIGHT_NONE,      /* nothing: a resigned or forfeited player (contract 14.7), or no player */
    SIGHT_ALL,       /* every square seen, and nothing more: round 0 shows the whole terrain */
    SIGHT_FULL_DECODE, /* every square seen and decoded (flare or S5 with decoding), and their pieces' views */
    SIGHT_FULL,      /* every square seen (flare or S5), and their pieces' views */
    SIGHT_PIECES     /* their pieces' views alone */
} SightBase;

static SightBase sight_base_of(const Board *b, int player)
{
    if (player < 0 || player >= b->np)
        return SIGHT_NONE;
    const Player *pl = &b->pl[player];
    /* contract 14.7: a resigned or forfeited player's pieces are all orphans; they see nothing. */
    if (pl->status == PS_RESIGNED || pl->status == PS_FORFEIT)
        return SIGHT_NONE;
    if (b->phase == PHASE_ROUND0)
        return SIGHT_ALL;
    if (pl->full_view) /* flare or S5: the whole board until the start of the next turn */
        return pl->full_decode ? SIGHT_FULL_DECODE : SIGHT_FULL;
    return SIGHT_PIECES;
}

/* Starts a player's view map as sight_base_of says; whether their pieces add to it. */
static bool sight_base(const Board *b, int player, uint8_t *m)
{
    size_t n = (size_t)b->w * (size_t)b->h;
    SightBase k = sight_base_of(b, player);
    memset(m, k == SIGHT_FULL_DECODE ? SIGHT_SEEN | SIGHT_DECODE : k == SIGHT_ALL || k == SIGHT_FULL ? SIGHT_SEEN : 0,
           n);
    return k >= SIGHT_FULL_DECODE;
}

/* Adds what piece p sees to m: the square of side 2r+1 centred on it, with SIGHT_DECODE when it has F. */
static void sight_add_piece(const Board *b, const Piece *p, uint8_t *m)
{
    int r = piece_view_radius(&p->g);
    uint8_t bits = p->g.n[GENE_F] ? SIGHT_SEEN | SIGHT_DECODE : SIGHT_SEEN;
    int pc = board_col(b, p->sq), pr = board_row(b, p->sq);
    int c0 = pc - r < 0 ? 0 : pc - r, c1 = pc + r >= b->w ? b->w - 1 : pc + r;
    int r0 = pr - r < 0 ? 0 : pr - r, r1 = pr + r >= b->h ? b->h - 1 : pr + r;
    size_t len = (size_t)(c1 - c0 + 1);
    const uint8_t *end = m + (size_t)b->w * (size_t)b->h;
    uint64_t mask = 0; /* bits in the first len bytes of a word, for a row of at most eight squares */
    memset(&mask, bits, len < 8 ? len : 8);
    for (int row = r0; row <= r1; row++) {
        uint8_t *q = m + board_sq(b, c0, row), *e = q + len;
        if (len <= 8 && q + 8 <= end) { /* the row's squares in one word, the bytes after it ORed with 0 */
            uint64_t x;
            memcpy(&x, q, 8);
            x |= mask;
            memcpy(q, &x, 8);
            continue;
        }
        while (q < e)
            *q++ |= bits;
    }
}

/* The union, over pieces the player controls (board_controls: own non-orphan pieces incl. ronin pieces
 * of an eliminated owner), of the square of side 2r+1 centred on the piece, r = piece_view_radius
 * (walls do not block); squares in the view of a piece with F also get SIGHT_DECODE. If pl->full_view:
 * every square SEEN, and DECODE everywhere if pl->full_decode. In PHASE_ROUND0 every square is SEEN
 * (terrain only is shown; the sheet shows no pieces in round 0). A player with status RESIGNED/FORFEIT
 * sees nothing (ELIMINATED sees through ronin pieces). */
void sight_compute(const Board *b, int player, uint8_t *m)
{
    if (!sight_base(b, player, m))
        return;
    for (int i = 0; i < b->npc; i++) {
        const Piece *p = &b->pc[i];
        /* orphans count for nobody; ronin for their owner (board_controls, the owner compared first) */
        if (p->owner == player && board_controls(b, player, p))
            sight_add_piece(b, p, m);
    }
}

void sight_compute_all(const Board *b, uint8_t *const *m)
{
    bool adds[MAX_PLAYERS] = {false};
    for (int p = 0; p < b->np && p < MAX_PLAYERS; p++)
        adds[p] = sight_base(b, p, m[p]);
    for (int i = 0; i < b->npc; i++) { /* each piece once, into its owner's map (an OR: the order is free) */
        const Piece *p = &b->pc[i];
        int o = p->owner;
        if (o >= 0 && o < b->np && o < MAX_PLAYERS && adds[o] && board_controls(b, o, p))
            sight_add_piece(b, p, m[o]);
    }
}

int sight_key_len(const Board *b)
{
    return 4 + b->np + 4 * b->npc;
}

void sight_key(const Board *b, int *key)
{
    int *k = key;
    bool adds_to[MAX_PLAYERS] = {false};
    *k++ = b->w, *k++ = b->h, *k++ = b->np, *k++ = b->npc;
    for (int p = 0; p < b->np; p++) {
        *k++ = (int)sight_base_of(b, p);
        if (p < MAX_PLAYERS)
            adds_to[p] = sight_base_of(b, p) >= SIGHT_FULL_DECODE;
    }
    for (int i = 0; i < b->npc; i++) { /* a piece that adds to a view: whose, where, how far, whether it decodes */
        const Piece *p = &b->pc[i];
        int o = p->owner;
        bool adds = o >= 0 && o < b->np && o < MAX_PLAYERS && adds_to[o] && board_controls(b, o, p);
        *k++ = adds ? o : -1;
        *k++ = adds ? p->sq : -1;
        *k++ = adds ? piece_view_radius(&p->g) : -1;
        *k++ = adds && p->g.n[GENE_F];
    }
}
