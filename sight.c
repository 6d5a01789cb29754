/* sight: what each player's pieces can see (contract 8) — the view map the rules and the sheets share. */
#include "sight.h"

#include <string.h>

bool sight_piece_sees(const Board *b, const Piece *p, int sq)
{
    return board_dist(b, p->sq, sq) <= piece_view_radius(&p->g);
}

/* The union, over pieces the player controls (board_controls: own non-orphan pieces incl. ronin pieces
 * of an eliminated owner), of the square of side 2r+1 centred on the piece, r = piece_view_radius
 * (walls do not block); squares in the view of a piece with F also get SIGHT_DECODE. If pl->full_view:
 * every square SEEN, and DECODE everywhere if pl->full_decode. In PHASE_ROUND0 every square is SEEN
 * (terrain only is shown; the sheet shows no pieces in round 0). A player with status RESIGNED/FORFEIT
 * sees nothing (ELIMINATED sees through ronin pieces). */
/* The start of a player's view map: cleared, or whole as round 0 and a full view make it; whether their pieces
 * add to it (false: a resigned or forfeited player, who sees nothing, and round 0, where every square is seen). */
static bool sight_base(const Board *b, int player, uint8_t *m)
{
    size_t n = (size_t)b->w * (size_t)b->h;
    memset(m, 0, n);
    if (player < 0 || player >= b->np)
        return false;
    const Player *pl = &b->pl[player];
    /* contract 14.7: a resigned or forfeited player's pieces are all orphans; they see nothing. */
    if (pl->status == PS_RESIGNED || pl->status == PS_FORFEIT)
        return false;
    if (b->phase == PHASE_ROUND0) {
        memset(m, SIGHT_SEEN, n); /* contract 8: round 0 sheets show the whole terrain */
        return false;
    }
    if (pl->full_view) /* flare or S5: the whole board until the start of the next turn */
        memset(m, pl->full_decode ? SIGHT_SEEN | SIGHT_DECODE : SIGHT_SEEN, n);
    return true;
}

/* Adds what piece p sees to m: the square of side 2r+1 centred on it, with SIGHT_DECODE when it has F. */
static void sight_add_piece(const Board *b, const Piece *p, uint8_t *m)
{
    int r = piece_view_radius(&p->g);
    uint8_t bits = p->g.n[GENE_F] ? SIGHT_SEEN | SIGHT_DECODE : SIGHT_SEEN;
    int pc = board_col(b, p->sq), pr = board_row(b, p->sq);
    int c0 = pc - r < 0 ? 0 : pc - r, c1 = pc + r >= b->w ? b->w - 1 : pc + r;
    int r0 = pr - r < 0 ? 0 : pr - r, r1 = pr + r >= b->h ? b->h - 1 : pr + r;
    for (int row = r0; row <= r1; row++) {
        uint8_t *q = m + board_sq(b, c0, row), *e = q + (c1 - c0);
        while (q <= e)
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
