/* notice: what the rules tell a player besides a failure — round 0's replies and news, a stored order's news,
 * holidays — as
 * a kind with its arguments, and the one place its English is written (notice_say; contract 4.3, 4.6): the rules
 * hand up the notice, never the words. */
#ifndef GENETESS_NOTICE_H
#define GENETESS_NOTICE_H

#include "game.h"

/* What a notice tells; the arguments each reads are named here. */
typedef enum NoticeKind {
    NOTICE_GAMBLE_PASS,      /* a round-0 PASS was taken: num[0] E staked in all, num[1] E left */
    NOTICE_GAMBLE_TAKEN,     /* GAMBLE text was taken for item (replaced: it replaced one): num as above */
    NOTICE_ROUND0_OVER,      /* to player: round 0 is over, they start on GPC<num[0]> (square sq, -1: none); the
                              * turn order is b's players' */
    NOTICE_ROUND0_TIMEOUT,   /* round 0's deadline passed: the missing gambles were taken as 0E don't care */
    NOTICE_ROUND0_RESTARTS,  /* the player whose userid is text resigned: round 0 restarts */
    NOTICE_STORED_RAN,       /* the stored order text was processed */
    NOTICE_STORED_FAILED,    /* the stored order text ran and failed: why */
    NOTICE_STORED_MISPLACED, /* the stored order text was dropped: it cannot be given now (why, a fixed code) */
    NOTICE_STORED_UNREAD,    /* the stored order text was dropped: it does not read as an order (words: the
                              * parser's reason, order_parse's Err) */
    NOTICE_HOLIDAY_TAKEN,    /* the reply to HOLIDAY: the holiday started, num[0] seconds of allowance */
    NOTICE_HOLIDAY_STARTED,  /* to the player on holiday: it started, num[0] seconds of allowance */
    NOTICE_HOLIDAY_AWAY,     /* to the others: the player whose userid is text is on holiday */
    NOTICE_HOLIDAY_BACK,     /* to the others: the player whose userid is text is back from holiday */
    NOTICE_HOLIDAY_NONE_LEFT, /* a stored HOLIDAY was dropped: no holiday allowance left */
    NOTICE_HOLIDAY_RAN_OUT,  /* to the player on holiday: their allowance ran out, the game resumes */
    NOTICE_HOLIDAY_RAN_OUT_OTHER, /* to the others: the allowance of the player whose userid is text ran out */
    NOTICE_KIND_COUNT
} NoticeKind;

/* A notice: its kind and the arguments its words read. */
typedef struct Notice {
    NoticeKind kind;
    const char *text;   /* an order's text (a GAMBLE's, a stored order's), or a player's userid */
    int player;         /* NOTICE_ROUND0_OVER: the reader, named "(you)" in the turn order */
    int item;           /* NOTICE_GAMBLE_TAKEN: GAMBLE_ON_POSITION or GAMBLE_ON_ORDER (orders.h) */
    bool replaced;      /* NOTICE_GAMBLE_TAKEN: it replaced an earlier gamble on that item */
    int64_t num[2];
    int sq;             /* NOTICE_ROUND0_OVER: the start's square (-1: none) */
    FailReason why;     /* NOTICE_STORED_FAILED, NOTICE_STORED_MISPLACED */
    const char *words;  /* NOTICE_STORED_UNREAD */
} Notice;

/* The English of n on b, allocated (the caller frees it): "Your stored order MOVE B2 N failed: B1 is an
 * exterior wall", "Gamble received: ...", ... */
char *notice_say(const Board *b, const Notice *n);
/* Tells player n on b as a line of news of kind (game_news). */
void notice_news(Board *b, int player, NewsKind kind, const Notice *n);
/* Tells the commanding player n in g->reply (game_reply). */
void notice_reply(Game *g, const Notice *n);

#endif
