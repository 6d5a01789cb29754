/* deadline: a turn's clock — its deadline (a fresh one at the turn's start, and once a turn after a failed order), time-outs and forfeits, holidays (which suspend it) and the nag before it (contract sections 4 and 5). */
#ifndef GENETESS_DEADLINE_H
#define GENETESS_DEADLINE_H

#include "game.h"

/* The time events a board can have due, earliest first (deadline_due). */
typedef enum DeadlineEvent {
    DUE_NONE,
    DUE_ROUND0,   /* round 0's deadline */
    DUE_HOLIDAY,  /* the holiday allowance of the player to move runs out */
    DUE_TURN,     /* the turn's deadline */
} DeadlineEvent;

/* A fresh full deadline from g->now (the nag is due again); saturates instead of overflowing. */
void deadline_fresh(Game *g);
/* The turn of b->seat begins (contract 4): its clock starts now with a fresh full deadline, no holiday. */
void deadline_turn_starts(Game *g);
/* The time event due at or before until, if any (never during replay): g->now becomes its moment. */
DeadlineEvent deadline_due(Game *g, int64_t until);
/* Times out the player to move: "Timeout" recorded, counted and told to everyone; "Forfeit" and their
 * elimination at the game's --max-timeouts. Returns TURN_OVER, or TURN_WAITS when replaying a forfeit
 * (its own "Forfeit" line follows in the move list). */
TurnOutcome deadline_timeout(Game *g);
/* Why a HOLIDAY by player cannot start now (ORDER_REFUSED with g->fail.why), else 0; changes nothing. */
int deadline_holiday_check(Game *g, int player);
/* A live HOLIDAY of the player to move (deadline_holiday_check passed): a holiday already running ends first
 * (deadline_holiday_end), then the new one starts; said in g->reply. */
void deadline_holiday_order(Game *g, int player);
/* A stored HOLIDAY at the head of the queue: starts the holiday when the player has allowance left (true),
 * else tells them it was dropped (false). */
bool deadline_holiday_stored(Game *g, int player);
/* Ends the holiday of the player to move (a live order arrived): records "Holiday <seconds>", spends that
 * much allowance and starts a fresh full deadline; the others are told. No-op when no holiday runs. */
void deadline_holiday_end(Game *g);
/* The holiday allowance of the player to move ran out (g->now is that moment): recorded, everyone told. */
void deadline_holiday_expired(Game *g);
/* Decides the nag (contract 4): when due, sets g->nag_due[p] for the player(s) to move (every player with
 * gambles missing in round 0), b->clock.nag_sent and g->nagged. Sends nothing. */
void deadline_nag(Game *g);

#endif
