/* queue: a player's stored orders (contract 4.3, 4.4). */
#include "queue.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void queue_parse(const char *entry, QueueEntry *e)
{
    e->star = entry[0] == '*';
    e->text = entry + e->star;
    const char *w = e->text;
    while (isspace((unsigned char)*w))
        w++;
    size_t n = 0;
    while (w[n] && !isspace((unsigned char)w[n]))
        n++;
    char verb[16];
    snprintf(verb, sizeof verb, "%.*s", (int)(n < sizeof verb ? n : sizeof verb - 1), w);
    e->kind = n < sizeof verb && order_verb(verb) == ORD_HOLIDAY ? QUEUE_HOLIDAY : QUEUE_ORDER;
}

char *queue_format(const QueueEntry *e)
{
    return xasprintf("%s%s", e->star ? "*" : "", e->text);
}

void queue_set(Player *pl, const OrderList *l, int from)
{
    sl_clear(&pl->queue);
    for (int i = from; i < l->n; i++) {
        QueueEntry e = {.star = l->v[i].star, .kind = l->v[i].verb == ORD_HOLIDAY ? QUEUE_HOLIDAY : QUEUE_ORDER,
                        .text = l->v[i].text};
        sl_push_owned(&pl->queue, queue_format(&e));
    }
}

char *queue_take(Player *pl)
{
    if (!pl->queue.n)
        return NULL;
    char *head = pl->queue.v[0];
    memmove(pl->queue.v, pl->queue.v + 1, sizeof(char *) * (size_t)(pl->queue.n - 1));
    pl->queue.n--;
    return head;
}

QueueWhen queue_when(const Board *b, int player, int64_t *at)
{
    *at = 0;
    if (b->phase != PHASE_PLAY || b->seat != player)
        return QUEUE_NEXT_TURN;
    if (b->clock.holiday_since > 0) { /* the player is the one to move: theirs is the holiday running */
        *at = board_holiday_ends(b);
        return QUEUE_HOLIDAY_ENDS;
    }
    *at = b->clock.deadline;
    return QUEUE_DEADLINE;
}

void queue_say(const Board *b, int player, QueueListing listing, Buf *out)
{
    const StrList *q = &b->pl[player].queue;
    int64_t at;
    char when[48];
    QueueWhen w = queue_when(b, player, &at);
    if (listing == QUEUE_SHOWN)
        buf_add(out, "Your stored orders: ");
    else
        buf_add(out, w == QUEUE_NEXT_TURN ? "Stored for your next turn: " : "Stored: ");
    for (int i = 0; i < q->n; i++)
        buf_printf(out, "%s%s", i ? " / " : "", q->v[i]);
    if (!q->n) {
        buf_add(out, "none");
        return;
    }
    /* when the head runs (contract 4.3, 4.5): a reader is never told "next turn" for a deadline, nor a deadline
     * for the end of their holiday */
    QueueEntry head;
    queue_parse(q->v[0], &head);
    fmt_time(at, when, sizeof when);
    switch (w) {
    case QUEUE_NEXT_TURN:
        if (head.kind == QUEUE_HOLIDAY)
            buf_add(out, " (the first starts a holiday as your next turn starts)");
        else if (head.star)
            buf_add(out, " (the first, marked *, runs as your next turn starts)");
        else
            buf_add(out, " (the first, not marked *, runs at your next turn's deadline unless you send an order first)");
        break;
    case QUEUE_DEADLINE:
        buf_printf(out, " (the first %s at your deadline, %s, unless you send an order first)",
                   head.kind == QUEUE_HOLIDAY ? "starts a holiday" : "runs", when);
        break;
    case QUEUE_HOLIDAY_ENDS:
        if (head.kind == QUEUE_HOLIDAY)
            buf_printf(out, " (the first is dropped when your holiday ends, %s: no allowance is left for it)", when);
        else
            buf_printf(out, " (the first runs when your holiday ends, %s, as your allowance runs out, unless you send "
                            "an order first)",
                       when);
        break;
    }
}

/* queue_warnings for one order o. */
static void queue_warning(const Board *b, int player, const Order *o, Buf *out)
{
    char nm[16], codes[16];
    if (!order_has_actor(o->verb))
        return; /* CREATE's square is the new piece's; PASS and HOLIDAY have none */
    const Piece *p = board_piece_at(b, o->sq);
    board_sq_name(b, o->sq, nm);
    if (!p || !board_controls(b, player, p))
        buf_printf(out, "Warning: %s cannot succeed as things stand:\n    you have no piece on %s.\n", o->text, nm);
    else if (!order_enabled(&p->g, o->verb) && order_enablers(o->verb, codes))
        buf_printf(out, "Warning: %s cannot succeed as things stand:\n    your piece on %s has no %s (%s needs it).\n",
                   o->text, nm, codes, order_table[o->verb].verb);
}

void queue_warnings(const Board *b, int player, const OrderList *l, Buf *out)
{
    for (int i = 0; l && i < l->n; i++)
        queue_warning(b, player, &l->v[i], out);
}
