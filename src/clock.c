/* clock: time and the stored queue — deadlines, time-outs, stored and * orders, holidays, round 0 (GAMBLE), resign and forfeit. */
#include "clock.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Pops the head of a player's queue into o (parsed); returns false when empty or unparsable. */
static bool queue_pop(Game *g, int player, Order *o)
{
    Player *pl = &g->b->pl[player];
    while (pl->queue.n) {
        char *head = pl->queue.v[0];
        memmove(pl->queue.v, pl->queue.v + 1, sizeof(char *) * (size_t)(pl->queue.n - 1));
        pl->queue.n--;
        Err err;
        int rc = order_parse(g->b, head, o, &err);
        free(head);
        if (rc == 0)
            return true;
    }
    return false;
}

bool clock_turn_queue(Game *g)
{
    Board *b = g->b;
    int p = b->seat;
    Player *pl = &b->pl[p];
    if (!pl->queue.n || pl->queue.v[0][0] != '*')
        return false;
    Order o;
    if (!queue_pop(g, p, &o))
        return false;
    g->star_done[p] = true;
    int rc = game_play(g, p, &o, true);
    if (rc < 0) {
        char *msg = xasprintf("Your stored order %s failed: %s", o.text, g->fail.msg);
        sl_push_owned(&pl->news, msg);
    } else {
        char *msg = xasprintf("Your stored order %s was processed.", o.text);
        sl_push_owned(&pl->news, msg);
    }
    order_free(&o);
    return true;
}

void clock_timeout(Game *g)
{
    Board *b = g->b;
    int p = b->seat;
    Player *pl = &b->pl[p];
    game_begin_action(g);
    game_record(g, p, "Timeout");
    pl->timeouts++;
    pl->timeouts_total++;
    game_event(g, p, EV_PUBLIC, NULL, 0, "%s timed out (%d in a row).", pl->id, pl->timeouts);
    if (b->par.max_timeouts > 0 && pl->timeouts >= b->par.max_timeouts) {
        game_record(g, p, "Forfeit");
        game_eliminate(g, p, PS_FORFEIT, -1);
    }
    game_end_action(g);
    game_next_turn(g);
}

int clock_resign(Game *g, int player)
{
    Board *b = g->b;
    game_begin_action(g);
    game_record(g, player, "Resign");
    game_eliminate(g, player, PS_RESIGNED, -1);
    game_end_action(g);
    if (b->phase == PHASE_PLAY && (player == b->seat || !board_player_has_turns(b, b->seat)))
        game_next_turn(g);
    else if (b->phase == PHASE_PLAY) {
        int active = 0;
        for (int i = 0; i < b->np; i++)
            active += b->pl[i].status == PS_ACTIVE;
        if (active <= 1)
            game_finish(g);
    }
    return 0;
}

int clock_replay_event(Game *g, int player, const char *text, bool autom, Err *err)
{
    Board *b = g->b;
    (void)autom;
    if (strcmp(text, "Timeout") == 0) {
        if (player != b->seat || b->phase != PHASE_PLAY)
            return fail(err, "time-out out of turn");
        Player *pl = &b->pl[player];
        game_begin_action(g);
        game_record(g, player, "Timeout");
        pl->timeouts++;
        pl->timeouts_total++;
        game_event(g, player, EV_PUBLIC, NULL, 0, "%s timed out (%d in a row).", pl->id, pl->timeouts);
        bool forfeit = b->par.max_timeouts > 0 && pl->timeouts >= b->par.max_timeouts;
        game_end_action(g);
        if (!forfeit)
            game_next_turn(g);
        return 0;
    }
    if (strcmp(text, "Forfeit") == 0) {
        game_begin_action(g);
        game_record(g, player, "Forfeit");
        game_eliminate(g, player, PS_FORFEIT, -1);
        game_end_action(g);
        game_next_turn(g);
        return 0;
    }
    if (strcmp(text, "Resign") == 0) {
        /* Recorded by clock_resign itself. */
        return clock_resign(g, player);
    }
    return 1;
}

int clock_order(Game *g, int player, const Order *o, bool autom)
{
    (void)player;
    (void)autom;
    g->fail.refused = true;
    if (g->b->phase == PHASE_ROUND0 && o->verb != ORD_GAMBLE && o->verb != ORD_PASS)
        return game_fail(g, "It is not your move"), ORDER_REFUSED;
    return game_fail(g, "%s is not available in this game yet", order_table[o->verb].verb), ORDER_REFUSED;
}

bool game_process_time(Game *g)
{
    Board *b = g->b;
    bool changed = false;
    int64_t now = g->now;
    for (int guard = 0; guard < 100000 && b->phase == PHASE_PLAY; guard++) {
        int64_t dl = b->clock.deadline;
        if (dl <= 0 || dl > now || b->clock.holiday_since > 0)
            break;
        /* The turn ends at its deadline: what follows starts then (SPEC 2.3 lazy processing). */
        g->now = dl;
        int p = b->seat;
        Order o;
        if (queue_pop(g, p, &o)) {
            int rc = game_play(g, p, &o, true);
            if (rc < 0 && g->fail.outside) {
                /* SPEC 7.3 (ii) after the deadline: the turn is a time-out. */
                order_free(&o);
                clock_timeout(g);
            } else if (rc < 0) {
                /* (i): the next stored order runs at once; none left: a fresh full deadline. */
                b->clock.deadline = g->now + b->par.deadline_h * 3600;
                order_free(&o);
            } else {
                order_free(&o);
            }
        } else {
            clock_timeout(g);
        }
        changed = true;
    }
    g->now = now;
    return changed;
}

/* Places the start pieces of the assigned labels; unassigned starts stay empty. */
static void place_starts(Game *g)
{
    Board *b = g->b;
    for (int i = 0; i < b->nspc; i++) {
        StartPiece *s = &b->spc[i];
        int owner = -1;
        for (int p = 0; p < b->np; p++)
            if (b->pl[p].start == s->label)
                owner = p;
        if (owner >= 0 && !board_piece_at(b, s->sq))
            board_add_piece(b, s->sq, owner, &s->g);
    }
    free(b->spc);
    b->spc = NULL;
    b->nspc = 0;
}

/* Round 1 begins: pieces placed, seat 0 (the first in turn order) to move. */
static void start_round1(Game *g)
{
    Board *b = g->b;
    place_starts(g);
    b->phase = PHASE_PLAY;
    b->round = 1;
    b->seat = 0;
    while (b->seat < b->np && !board_player_has_turns(b, b->seat))
        b->seat++;
    game_start_turn(g);
}

void clock_begin(Game *g)
{
    Board *b = g->b;
    if (b->par.gamble == GAMBLE_NONE) {
        for (int p = 0; p < b->np; p++)
            b->pl[p].start = p + 1;
        start_round1(g);
        return;
    }
    b->phase = PHASE_ROUND0;
    b->round = 0;
    b->seat = 0;
    b->clock.turn_start = g->now;
    b->clock.deadline = g->now + b->par.deadline_h * 3600;
    for (int p = 0; p < b->np; p++)
        g->sheet_due[p] = true;
}

bool clock_round0_done(const Board *b, int player)
{
    const Player *pl = &b->pl[player];
    bool pos = b->par.gamble == GAMBLE_BOTH || b->par.gamble == GAMBLE_POSITION;
    bool ord = b->par.gamble == GAMBLE_BOTH || b->par.gamble == GAMBLE_ORDER;
    return (!pos || pl->gamble[GAMBLE_POS].set) && (!ord || pl->gamble[GAMBLE_ORD].set);
}

bool clock_round0_resign(Game *g, int player)
{
    Board *b = g->b;
    int left = 0;
    for (int i = 0; i < b->np; i++)
        if (i != player)
            left++;
    return left < 2;
}

void clock_nag(Game *g, MailQueue *mq, const Store *st)
{
    (void)g;
    (void)mq;
    (void)st;
}
