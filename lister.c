/* lister: the commands about what a player's pieces can do — `orders` (the list now) and `options` (the sheet's section on or off). */
#include "lister.h"

#include "listing.h"

int lister_orders(CommandCtx *c)
{
    const Board *b = c->b;
    int sq = -1;
    Err err;
    if (c->argc > 3 && board_parse_sq(b, c->argv[3], &sq, &err) < 0)
        return pipeline_refuse(c, EXIT_REFUSED, "%s", err.msg);
    const Piece *p = sq >= 0 ? board_piece_at(b, sq) : NULL;
    if (sq >= 0 && (!p || !board_controls(b, c->player, p))) /* another's phased piece: the same words */
        return pipeline_refuse(c, EXIT_REFUSED, "No piece of yours on %s.", c->argv[3]);
    buf_printf(&c->reply, "Genetess board %d: what %s's pieces can do (from what %s sees)\n\n", b->number,
               b->pl[c->player].id, b->pl[c->player].id);
    listing_render(b, c->player, sq, &c->reply);
    return EXIT_DONE;
}

int lister_options_check(CommandCtx *c)
{
    if ((!str_ieq(c->argv[3], "lister") && !str_ieq(c->argv[3], "html")) ||
        (!str_ieq(c->argv[4], "on") && !str_ieq(c->argv[4], "off")))
        return pipeline_refuse(c, EXIT_USAGE, "options takes lister on, lister off, html on or html off");
    return 0;
}

int lister_options(CommandCtx *c)
{
    Player *pl = &c->b->pl[c->player];
    c->dirty = true;
    if (str_ieq(c->argv[3], "html")) {
        pl->plain = !str_ieq(c->argv[4], "on");
        buf_printf(&c->reply, "HTML is %s: your sheet mails are %s\n", pl->plain ? "off" : "on",
                   pl->plain ? "plain text only" : "plain text with the same sheet in HTML");
        return EXIT_DONE;
    }
    pl->lister = str_ieq(c->argv[4], "on");
    buf_printf(&c->reply, "Lister is %s: your sheets %s \"What your pieces can do\"\n", pl->lister ? "on" : "off",
               pl->lister ? "show" : "no longer show");
    c->dirty = true;
    return EXIT_DONE;
}
