/* submit: what a player's message does — the rules' front door (submit_message) and `queue` (submit_store), with the reply's first line (contract 4). */
#ifndef GENETESS_SUBMIT_H
#define GENETESS_SUBMIT_H

#include "turn.h"

/* What a player's message did (submit_message, submit_store). */
typedef enum SubmitStatus {
    SUBMIT_DONE,    /* the order ran, the gambles were taken, or the orders were stored */
    SUBMIT_FAILED,  /* the order ran and failed: its side effects stay */
    SUBMIT_REFUSED, /* nothing changed */
} SubmitStatus;

/* Why a message was refused (SUBMIT_REFUSED), with its arguments; submit_refusal_say gives its English. */
typedef enum SubmitRefusalCode {
    REFUSAL_NONE,       /* not refused */
    REFUSAL_ENDED,      /* the game has ended */
    REFUSAL_OUT,        /* the sender has no turn left: no pieces left to order */
    REFUSAL_GAMBLE,     /* round 0: the gamble order[order] is not acceptable (fail: gamble_check's reason) */
    REFUSAL_MISPLACED,  /* order[order] cannot be given here and now (misplaced) */
    REFUSAL_ORDER,      /* order[order], on the turn, was refused by the rules' checks (fail: their reason) */
} SubmitRefusalCode;

typedef struct SubmitRefusal {
    SubmitRefusalCode code;
    int order;          /* REFUSAL_GAMBLE, _MISPLACED, _ORDER: the refused order's index in the message */
    char text[ORDER_TEXT_MAX]; /* that order's text, as the sender is told it */
    Misplaced misplaced; /* REFUSAL_MISPLACED */
    FailReason fail;    /* REFUSAL_GAMBLE: gamble_check's reason code and its arguments; REFUSAL_ORDER: the rules'
                         * (g->fail.why) */
    int move_number;    /* REFUSAL_ORDER: the move number, unchanged */
} SubmitRefusal;

typedef struct Submission {
    SubmitStatus status;
    SubmitRefusal refusal;        /* SUBMIT_REFUSED: why (code REFUSAL_NONE otherwise); result says it */
    int player;                   /* the sender's index afterwards (round 0's end reorders the players) */
    char *result;                 /* the reply's first line (malloc'd, never cut: contract 3.7, 4.3) — the result
                                     the sender's sheet opens with — or the refusal: "<order>: done", "<order>: <why
                                     it failed>", "Stored for your next turn: ...", the gambles taken, "<order>:
                                     <why it is refused>" */
    Buf notes;                    /* the reply's further lines (the orders stored after a live one; warnings) */
} Submission;

/* The rules' front door: what player's message l (one or more orders, parsed) does (contract 4). In round 0
 * its gambles are taken, all or none; on the player's turn the first order runs now — a holiday running
 * ends, the order replaces the head of the stored queue and the rest of the message replaces the queue —
 * and the turns that follow run; off their turn the whole message becomes their stored queue (with
 * warnings judged from their own pieces). GAMBLE outside round 0 and any order of a player who has no turn
 * left are refused. A refusal changes nothing. Fills s (release with submit_free); returns s->status. */
int submit_message(Game *g, int player, const OrderList *l, Submission *s);
/* `queue`: player's stored queue becomes l's orders, or empty when l is NULL, without running any (GAMBLE is
 * refused: it cannot be stored). Fills s as submit_message does; returns s->status. */
int submit_store(Game *g, int player, const OrderList *l, Submission *s);
/* The English of refusal r on board b (which names its squares), malloc'd: "The game has ended", "<order>: <why it
 * is refused>", ... (contract 4). */
char *submit_refusal_say(const Board *b, const SubmitRefusal *r);
/* Frees what s holds. */
void submit_free(Submission *s);

#endif
