/* firing: the start-of-turn firing loop of the specials (SPEC 7.2 step 3, specials.txt firing order). */
#include <stdlib.h>

#include "game.h"
#include "specials.h"

static int cmp_fire(const void *a, const void *b)
{
    const Special *x = *(Special *const *)a, *y = *(Special *const *)b;
    if (x->code != y->code)
        return x->code - y->code;
    return (x->sq > y->sq) - (x->sq < y->sq);
}

void game_fire_specials(Game *g, int player)
{
    Board *b = g->b;
    /* The list is fixed when this step begins: by code, then reading order. */
    Special **list = xmalloc(sizeof *list * (size_t)(b->nsp ? b->nsp : 1));
    int n = 0;
    for (int i = 0; i < b->nsp; i++) {
        Piece *p = board_piece_at(b, b->sp[i].sq);
        if (p && p->owner == player && board_controls(b, player, p))
            list[n++] = &b->sp[i];
    }
    qsort(list, (size_t)n, sizeof *list, cmp_fire);
    /* Specials may move (S13, S16): remember what to fire by code and square. */
    int *code = xmalloc(sizeof(int) * (size_t)(n ? n : 1)), *sq = xmalloc(sizeof(int) * (size_t)(n ? n : 1));
    for (int i = 0; i < n; i++) {
        code[i] = list[i]->code;
        sq[i] = list[i]->sq;
    }
    for (int i = 0; i < n; i++) {
        Special *sp = NULL;
        for (int k = 0; k < b->nsp; k++)
            if (b->sp[k].code == code[i] && b->sp[k].sq == sq[i])
                sp = &b->sp[k];
        if (!sp)
            continue;
        /* Each fires only if, when its turn comes, a piece of that player stands on it. */
        Piece *p = board_piece_at(b, sp->sq);
        if (!p || !board_controls(b, player, p))
            continue;
        special_fire(g, player, sp);
    }
    free(list);
    free(code);
    free(sq);
}

/* One special's effect for the player whose piece stands on it. */
typedef void (*SpecialFn)(Game *g, int player, Special *sp, Piece *occupant);

/* Effects, indexed by code (S19 does not exist). */
static const SpecialFn fire_table[23] = {0};

void special_fire(Game *g, int player, Special *sp)
{
    if (sp->code < 1 || sp->code > 22 || !fire_table[sp->code])
        return;
    fire_table[sp->code](g, player, sp, board_piece_at(g->b, sp->sq));
}
