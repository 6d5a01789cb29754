/* queue: a player's stored orders (contract 4.3, 4.4) — the stored entry's record (one parse, one format), setting the queue, taking its head, listing it, and the warnings of stored orders that cannot succeed. */
#ifndef GENETESS_QUEUE_H
#define GENETESS_QUEUE_H

#include "board.h"
#include "orders.h"

/* What a stored entry is. */
typedef enum QueueKind {
    QUEUE_ORDER,   /* an order, run on the player's turn */
    QUEUE_HOLIDAY, /* HOLIDAY: starts a holiday when it comes to the head at a turn's start, marked or not */
} QueueKind;

/* One entry of a stored queue as the board holds it, "[*]<canonical order>": the one type its writer
 * (queue_set) and its readers (the turn loop, the listings) use. text points into the entry parsed. */
typedef struct QueueEntry {
    bool star;        /* '*': run at once when the player's turn comes */
    QueueKind kind;
    const char *text; /* the order's text, without the star */
} QueueEntry;

/* Reads a stored entry (any text is one: an entry that does not parse as an order is dropped when it comes
 * to run, and the player told). */
void queue_parse(const char *entry, QueueEntry *e);
/* The entry of e (malloc'd): queue_format(parse(entry)) == entry. */
char *queue_format(const QueueEntry *e);
/* Sets pl's stored queue to l's orders from index from on (their stars kept). */
void queue_set(Player *pl, const OrderList *l, int from);
/* Removes and returns the head of pl's queue (caller frees); NULL when it is empty. */
char *queue_take(Player *pl);
/* When the head of a player's queue comes to run, as the board stands (contract 4.3, 4.5). */
typedef enum QueueWhen {
    QUEUE_NEXT_TURN,    /* not their turn (or round 0): as their next turn starts, or at its deadline */
    QUEUE_DEADLINE,     /* their turn, waiting: at its deadline */
    QUEUE_HOLIDAY_ENDS, /* their turn, on holiday: when the allowance runs out */
} QueueWhen;
/* When the head of player's queue runs; *at is the moment for QUEUE_DEADLINE and QUEUE_HOLIDAY_ENDS, else 0. */
QueueWhen queue_when(const Board *b, int player, int64_t *at);
/* Which listing of a player's queue: the one their message just stored, or the queue as it stands. */
typedef enum QueueListing {
    QUEUE_STORED, /* "Stored for your next turn: ...", "Stored: ..." while the turn is theirs */
    QUEUE_SHOWN,  /* "Your stored orders: ..." */
} QueueListing;
/* Appends the listing of player's stored orders (' / ' between, or none) to out, ending, when there are any,
 * with when the first runs (queue_when). */
void queue_say(const Board *b, int player, QueueListing listing, Buf *out);
/* Warns in out (without refusing) of each of l's orders that cannot succeed as things stand for player: no
 * piece of theirs on its square, or their piece lacks an enabling code. Only the player's own pieces are
 * looked at, which they always see: a warning never tells of anyone else's piece (ruling 43). */
void queue_warnings(const Board *b, int player, const OrderList *l, Buf *out);

#endif
