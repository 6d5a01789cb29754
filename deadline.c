/* deadline: a turn's clock (deadline.h). None of it starts or ends a turn: it returns a TurnOutcome to the
 * driver (turn.c), or leaves the turn waiting. */
#include "deadline.h"

#include <stdio.h>
#include <stdlib.h>

#include "notice.h"


static int64_t period_secs(const Board *b)
{
    return b->par.deadline_h * 3600;
}

void deadline_fresh(Game *g)
{
    g->b->clock.deadline = sat_add(g->now, period_secs(g->b));
    g->b->clock.nag_sent = false;
}

void deadline_turn_starts(Game *g)
{
    Board *b = g->b;
    b->clock.turn_start = g->now;
    b->clock.fresh_used = false;
    b->clock.holiday_since = 0;
    deadline_fresh(g);
}

DeadlineEvent deadline_due(Game *g, int64_t until)
{
    Board *b = g->b;
    if (g->replay || (b->phase != PHASE_ROUND0 && b->phase != PHASE_PLAY))
        return DUE_NONE;
    int64_t at = b->clock.deadline;
    DeadlineEvent what = b->phase == PHASE_ROUND0 ? DUE_ROUND0 : DUE_TURN;
    if (b->phase == PHASE_PLAY && b->clock.holiday_since > 0) {
        at = board_holiday_ends(b); /* what follows happens then */
        what = DUE_HOLIDAY;
    } else if (at <= 0) {
        return DUE_NONE;
    }
    if (at > until)
        return DUE_NONE;
    g->now = at; /* contract 5, lazy processing: what follows happens at that moment */
    return what;
}

TurnOutcome deadline_timeout(Game *g)
{
    Board *b = g->b;
    int p = b->seat;
    Player *pl = &b->pl[p];
    game_begin_action(g);
    game_record(g, p, movelist_event(MOVE_TIMEOUT, 0));
    pl->timeouts++;
    pl->timeouts_total++;
    Event *ev = game_event(g, EVENT_TIMED_OUT, p, EV_PUBLIC, NULL, 0);
    ev->who[0] = p;
    ev->num[0] = pl->timeouts;
    bool forfeit = b->par.max_timeouts > 0 && pl->timeouts >= b->par.max_timeouts;
    if (forfeit && !g->replay) {
        game_record(g, p, movelist_event(MOVE_FORFEIT, 0));
        game_eliminate(g, p, PS_FORFEIT, -1);
    }
    game_end_action(g);
    game_tell_all(g); /* told at once, whoever chose quiet */
    return forfeit && g->replay ? TURN_WAITS : TURN_OVER;
}

/* ---- holidays (contract 4) ---- */

/* The player to move goes on holiday: the deadline is suspended; everyone is told. */
static void start_holiday(Game *g, int p)
{
    Board *b = g->b;
    b->clock.holiday_since = g->now;
    b->clock.deadline = 0;
    b->clock.nag_sent = false;
    b->pl[p].timeouts = 0; /* a HOLIDAY that starts is a successful order: time-outs count in a row (4.4) */
    for (int i = 0; i < b->np; i++)
        if (i != p)
            notice_news(b, i, NEWS_EVENT, &(Notice){.kind = NOTICE_HOLIDAY_AWAY, .text = b->pl[p].id});
    notice_news(b, p, NEWS_EVENT, &(Notice){.kind = NOTICE_HOLIDAY_STARTED, .num = {b->pl[p].holiday_left}});
    game_tell_all(g); /* everyone's sheet says the deadline is suspended */
}

/* Ends the holiday of the player to move after secs seconds: records "Holiday <secs>", a fresh deadline. */
static void finish_holiday(Game *g, int64_t secs)
{
    Board *b = g->b;
    int p = b->seat;
    Player *pl = &b->pl[p];
    if (secs < 0)
        secs = 0;
    if (secs > pl->holiday_left)
        secs = pl->holiday_left;
    pl->holiday_left -= secs;
    b->clock.holiday_since = 0;
    game_record(g, p, movelist_event(MOVE_HOLIDAY, secs));
    deadline_fresh(g);
}

void deadline_holiday_end(Game *g)
{
    Board *b = g->b;
    if (b->phase != PHASE_PLAY || b->clock.holiday_since <= 0)
        return;
    int p = b->seat;
    finish_holiday(g, g->now - b->clock.holiday_since);
    for (int i = 0; i < b->np; i++)
        if (i != p)
            notice_news(b, i, NEWS_EVENT, &(Notice){.kind = NOTICE_HOLIDAY_BACK, .text = b->pl[p].id});
    game_tell_all(g);
}

int deadline_holiday_check(Game *g, int p)
{
    const Board *b = g->b;
    if (b->phase != PHASE_PLAY || b->seat != p)
        return game_refuse_why(g, (FailReason){.code = FAIL_HOLIDAY_OFF_TURN});
    int64_t left = b->pl[p].holiday_left;
    if (b->clock.holiday_since > 0) { /* the holiday running ends first: what it spent is gone */
        int64_t spent = g->now - b->clock.holiday_since;
        left -= spent < 0 ? 0 : spent > left ? left : spent;
    }
    if (left <= 0)
        return game_refuse_why(g, (FailReason){.code = FAIL_NO_HOLIDAY_LEFT});
    return 0;
}

void deadline_holiday_order(Game *g, int p)
{
    deadline_holiday_end(g);
    start_holiday(g, p);
    notice_reply(g, &(Notice){.kind = NOTICE_HOLIDAY_TAKEN, .num = {g->b->pl[p].holiday_left}});
}

bool deadline_holiday_stored(Game *g, int p)
{
    if (g->b->pl[p].holiday_left > 0) {
        start_holiday(g, p);
        return true;
    }
    notice_news(g->b, p, NEWS_EVENT, &(Notice){.kind = NOTICE_HOLIDAY_NONE_LEFT});
    return false;
}

void deadline_holiday_expired(Game *g)
{
    Board *b = g->b;
    int p = b->seat;
    finish_holiday(g, b->pl[p].holiday_left);
    for (int i = 0; i < b->np; i++)
        notice_news(b, i, NEWS_EVENT, &(Notice){.kind = i == p ? NOTICE_HOLIDAY_RAN_OUT : NOTICE_HOLIDAY_RAN_OUT_OTHER,
                                                .text = b->pl[p].id});
    game_tell_all(g);
}

/* ---- the nag ---- */

void deadline_nag(Game *g)
{
    Board *b = g->b;
    if (g->replay || b->clock.nag_sent || b->clock.deadline <= 0 || b->clock.holiday_since > 0)
        return;
    if (b->phase == PHASE_ENDED || b->np <= 0)
        return;
    int64_t period = period_secs(b);
    int64_t lead = period / 2 < 86400 ? period / 2 : 86400;
    if (g->now < b->clock.deadline - lead || g->now >= b->clock.deadline)
        return;
    for (int p = 0; p < b->np; p++)
        g->nag_due[p] = b->phase == PHASE_ROUND0 ? !board_gambles_in(b, &b->pl[p]) : p == b->seat;
    b->clock.nag_sent = true;
    g->nagged = true;
}
