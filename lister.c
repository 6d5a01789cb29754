/* lister: the `orders` command (lister.h). */
#include "lister.h"

#include "listing.h"

static int orders_act(CommandCtx *c, Txn *t)
{
    const Board *b = t->b;
    int sq = -1;
    Err err;
    if (c->argc > 3 && board_parse_sq(b, c->argv[3], &sq, &err) < 0)
        return pipeline_refuse(c, EXIT_REFUSED, "%s", err.msg);
    const Piece *p = sq >= 0 ? board_piece_at(b, sq) : NULL;
    if (sq >= 0 && (!p || !board_controls(b, t->player, p))) /* another's phased piece: the same words */
        return pipeline_refuse(c, EXIT_REFUSED, "No piece of yours on %s.", c->argv[3]);
    buf_printf(&c->reply, "Genetess board %d: what %s's pieces can do (from what %s sees)\n\n", b->number,
               b->pl[t->player].id, b->pl[t->player].id);
    listing_render(b, t->player, sq, &c->reply);
    return EXIT_DONE;
}

int lister_orders(CommandCtx *c)
{
    return pipeline_one_board(c, TXN_TIME | TXN_PLAYER | TXN_RUNNING | TXN_SAVES | TXN_SHEETS, orders_act);
}
