/* submit: what a player's message does (contract 4) — the rules' front door: round 0's gambles, an order on the
 * player's turn, the stored queue off it and by `queue`, and the reply's first line. */
#include "submit.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gamble.h"
#include "queue.h"

/* Refuses the message on board b for code, about order i of l (i < 0: none): s->refusal holds the code and its
 * arguments (the caller set the code's own ones: fail, misplaced, move_number), s->result its English. Returns
 * SUBMIT_REFUSED. */
static int submit_refused(Submission *s, const Board *b, SubmitRefusalCode code, const OrderList *l, int i)
{
    SubmitRefusal *r = &s->refusal;
    r->code = code;
    r->order = i;
    snprintf(r->text, sizeof r->text, "%s", i >= 0 ? l->v[i].text : "");
    free(s->result);
    s->result = submit_refusal_say(b, r);
    return s->status = SUBMIT_REFUSED;
}

/* submit_refused for an order misplaced here and now. */
static int submit_misplaced(Submission *s, const Board *b, const OrderList *l, int i, Misplaced misplaced)
{
    s->refusal.misplaced = misplaced;
    return submit_refused(s, b, REFUSAL_MISPLACED, l, i);
}

char *submit_refusal_say(const Board *b, const SubmitRefusal *r)
{
    char why[ERR_MAX] = "";
    if (r->code == REFUSAL_GAMBLE || r->code == REFUSAL_ORDER)
        failure_say(b, &r->fail, why, sizeof why);
    switch (r->code) {
    case REFUSAL_NONE:
        break;
    case REFUSAL_ENDED:
        return xstrdup("The game has ended");
    case REFUSAL_OUT:
        return xstrdup("You are out of this game: you have no pieces left to order");
    case REFUSAL_GAMBLE:
        return xasprintf("%s: %s", r->text, why);
    case REFUSAL_MISPLACED:
        return xasprintf("%s: %s", r->text, turn_misplaced_say(r->misplaced));
    case REFUSAL_ORDER: /* contract 3.7: a refusal changes nothing */
        return xasprintf("%s: %s. The order was refused: nothing was done or recorded (the move number is still #%d); "
                         "it is still your move and your deadline did not move.", r->text, why, r->move_number);
    }
    return xstrdup("");
}

/* s made ready for player's message: no result yet, no notes. */
static void submit_begin(Submission *s, int player)
{
    s->player = player;
    s->result = xstrdup("");
    memset(&s->refusal, 0, sizeof s->refusal);
    buf_init(&s->notes);
}

/* Round 0: the message is checked whole; its first orders are gambles (gamble_prefix), the orders after them
 * become the stored queue for round 1, as off the turn — set before the gambles are taken, so that a "*" head
 * runs when they end round 0 and the player's turn comes at once (contract 4.6). A message of gambles alone
 * leaves the queue as it was. */
static int submit_round0(Game *g, int player, const OrderList *l, Submission *s)
{
    Board *b = g->b;
    FailReason why;
    int bad, k = gamble_prefix(b, player, l);
    OrderList gambles = *l;
    gambles.n = k;
    if (k && gamble_check(b, player, &gambles, &bad, &why) < 0) {
        s->refusal.fail = why;
        return submit_refused(s, b, REFUSAL_GAMBLE, l, bad);
    }
    for (int i = k; i < l->n; i++) {
        Misplaced misplaced = turn_misplaced(b, &l->v[i], true);
        if (misplaced)
            return submit_misplaced(s, b, l, i, misplaced);
    }
    char id[USERID_MAX + 1];
    snprintf(id, sizeof id, "%s", b->pl[player].id);
    if (k < l->n)
        queue_set(&b->pl[player], l, k);
    Buf stored;
    buf_init(&stored);
    if (k < l->n)
        queue_say(b, player, QUEUE_STORED, &stored);
    for (int i = 0; i < k; i++) {
        TurnOutcome next;
        int rc = gamble_order(g, player, &l->v[i], &next);
        assert(rc == 0); /* gamble_check took them all */
        (void)rc;
        turn_run(g, next);
    }
    s->player = board_player_index(b, id); /* round 0's end reorders the players */
    if (k && stored.len)
        buf_printf(&s->notes, "%s\n", stored.s);
    free(s->result);
    s->result = xstrdup(k ? (g->reply.len ? g->reply.s : "Received.") : stored.s);
    buf_free(&stored);
    return s->status = SUBMIT_DONE;
}

/* The player's stored queue becomes l's orders (none when l is NULL), none run — off their turn, and by `queue`
 * (storing: a GAMBLE is refused as one that cannot be stored); the result lists the queue after label (when
 * l is NULL: "Your stored orders: "), the notes warn of orders that cannot succeed as things stand. */
static int submit_keep(Game *g, int player, const OrderList *l, bool storing, Submission *s)
{
    Board *b = g->b;
    for (int i = 0; l && i < l->n; i++) {
        Misplaced misplaced = turn_misplaced(b, &l->v[i], storing);
        if (misplaced)
            return submit_misplaced(s, b, l, i, misplaced);
    }
    Player *pl = &b->pl[player];
    if (l)
        queue_set(pl, l, 0);
    else
        sl_clear(&pl->queue);
    Buf q;
    buf_init(&q);
    queue_say(b, player, l ? QUEUE_STORED : QUEUE_SHOWN, &q);
    free(s->result);
    s->result = buf_take(&q);
    queue_warnings(b, player, l, &s->notes);
    return s->status = SUBMIT_DONE;
}

/* What a failed order on its player's turn means for them (contract 3.7, 4.4): it is recorded (a move of the
 * board) and restarts the deadline in full once a turn when the player saw every square it touched; the turn
 * is still theirs. Into t (256 bytes); returns t. */
static const char *submit_failed_say(const Board *b, const Game *g, char t[static 256])
{
    snprintf(t, 256, "The order failed: it is recorded (the move number is now #%d); it is still your move "
                     "and your deadline %s.", board_move_number(b),
             g->fail.fresh ? "starts again in full (once a turn, for a failure you could see)"
             : g->fail.outside ? "did not move (a failure outside your view never moves it)"
                               : "did not move (it starts again only once a turn)");
    return t;
}

/* On the player's turn: the first order runs now, the rest becomes their stored queue. */
static int submit_on_turn(Game *g, int player, const OrderList *l, Submission *s)
{
    Board *b = g->b;
    const Order *o = &l->v[0];
    Misplaced misplaced = turn_misplaced(b, o, false);
    int rc;
    memset(&g->fail, 0, sizeof g->fail);
    if (misplaced)
        return submit_misplaced(s, b, l, 0, misplaced);
    if (o->verb == ORD_HOLIDAY) { /* the queue stays: HOLIDAY does not use up the turn */
        if ((rc = turn_holiday(g, player)) == 0) {
            if (l->n > 1)
                queue_set(&b->pl[player], l, 1);
            turn_run(g, TURN_WAITS);
        }
    } else {
        rc = turn_order(g, player, o, false, l);
        turn_run(g, rc == 0 ? TURN_OVER : TURN_WAITS);
    }
    if (rc == ORDER_REFUSED) {
        s->refusal.move_number = board_move_number(b);
        s->refusal.fail = g->fail.why;
        return submit_refused(s, b, REFUSAL_ORDER, l, 0);
    }
    char why[256], said[ERR_MAX];
    failure_say(b, &g->fail.why, said, sizeof said);
    free(s->result);
    s->result = rc < 0 ? xasprintf("%s: %s. %s", o->text, said, submit_failed_say(b, g, why))
                       : xasprintf("%s: done", o->text);
    if (l->n > 1) {
        queue_say(b, player, QUEUE_STORED, &s->notes);
        buf_add(&s->notes, "\n");
    }
    return s->status = rc < 0 ? SUBMIT_FAILED : SUBMIT_DONE;
}

int submit_message(Game *g, int player, const OrderList *l, Submission *s)
{
    Board *b = g->b;
    assert(l->n > 0 && player >= 0 && player < b->np);
    submit_begin(s, player);
    if (b->phase == PHASE_ENDED)
        return submit_refused(s, b, REFUSAL_ENDED, l, -1);
    if (b->phase == PHASE_PLAY && !board_player_has_turns(b, player))
        return submit_refused(s, b, REFUSAL_OUT, l, -1);
    if (b->phase == PHASE_ROUND0)
        return submit_round0(g, player, l, s);
    if (b->seat != player)
        return submit_keep(g, player, l, false, s);
    return submit_on_turn(g, player, l, s);
}

int submit_store(Game *g, int player, const OrderList *l, Submission *s)
{
    Board *b = g->b;
    submit_begin(s, player);
    if (b->phase == PHASE_PLAY && !board_player_has_turns(b, player))
        return submit_refused(s, b, REFUSAL_OUT, l, -1);
    return submit_keep(g, player, l, true, s);
}

void submit_free(Submission *s)
{
    free(s->result);
    s->result = NULL;
    buf_free(&s->notes);
}
