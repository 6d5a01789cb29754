/* notice: the English of what the rules tell a player besides a failure (notice.h; contract 4.3, 4.6). */
#include "notice.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "orders.h"
#include "util.h"

/* Round 0's end, to n->player: their start and the turn order, their own place as "(you)". */
static void notice_round0_over(const Board *b, const Notice *n, Buf *out)
{
    char nm[16];
    buf_printf(out, "Round 0 is over: you start on GPC%" PRId64, n->num[0]);
    if (n->sq >= 0)
        buf_printf(out, " (%s)", board_sq_name(b, n->sq, nm));
    buf_add(out, ". Turn order: ");
    for (int k = 0; k < b->np; k++)
        buf_printf(out, "%s1%c %s%s", k ? ", " : "", 'a' + k, b->pl[k].id, k == n->player ? " (you)" : "");
    buf_add(out, ".");
}

char *notice_say(const Board *b, const Notice *n)
{
    char why[ERR_MAX], d[48];
    Buf s;
    buf_init(&s);
    switch (n->kind) {
    case NOTICE_GAMBLE_PASS:
        buf_printf(&s, "Gamble received: PASS (0E, don't care, for every item left). You have staked %" PRId64
                       "E; %" PRId64 "E left.", n->num[0], n->num[1]);
        break;
    case NOTICE_GAMBLE_TAKEN:
        buf_printf(&s, "Gamble %s: %s (for %s). You have staked %" PRId64 "E; %" PRId64 "E left.",
                   n->replaced ? "replaced" : "received", n->text,
                   n->item == GAMBLE_ON_POSITION ? "your start position" : "turn order", n->num[0], n->num[1]);
        break;
    case NOTICE_ROUND0_OVER:
        notice_round0_over(b, n, &s);
        break;
    case NOTICE_ROUND0_TIMEOUT:
        buf_add(&s, "Round 0's deadline passed: your missing gambles were taken as 0E don't care.");
        break;
    case NOTICE_ROUND0_RESTARTS:
        buf_printf(&s, "%s resigned. Round 0 restarts: every gamble was discarded and its stake refunded; send your "
                       "gambles again.", n->text);
        break;
    case NOTICE_STORED_RAN:
        buf_printf(&s, "Your stored order %s was processed.", n->text);
        break;
    case NOTICE_STORED_FAILED:
        failure_say(b, &n->why, why, sizeof why);
        buf_printf(&s, "Your stored order %s failed: %s", n->text, why);
        break;
    case NOTICE_STORED_MISPLACED:
        failure_say(b, &n->why, why, sizeof why);
        buf_printf(&s, "Your stored order %s was dropped: %s.", n->text, why);
        break;
    case NOTICE_STORED_UNREAD:
        buf_printf(&s, "Your stored order %s was dropped: %s", n->text, n->words ? n->words : "");
        break;
    case NOTICE_HOLIDAY_TAKEN:
    case NOTICE_HOLIDAY_STARTED:
        buf_printf(&s, "%s started: the game is suspended until you send an order or your allowance (%s) runs out.",
                   n->kind == NOTICE_HOLIDAY_TAKEN ? "Holiday" : "Your holiday", fmt_duration(n->num[0], d, sizeof d));
        break;
    case NOTICE_HOLIDAY_AWAY:
        buf_printf(&s, "%s is on holiday: the game is suspended.", n->text);
        break;
    case NOTICE_HOLIDAY_BACK:
        buf_printf(&s, "%s is back from holiday.", n->text);
        break;
    case NOTICE_HOLIDAY_NONE_LEFT:
        buf_add(&s, "Your stored HOLIDAY was dropped: you have no holiday allowance left.");
        break;
    case NOTICE_HOLIDAY_RAN_OUT:
        buf_add(&s, "Your holiday allowance ran out: the game resumes.");
        break;
    case NOTICE_HOLIDAY_RAN_OUT_OTHER:
        buf_printf(&s, "%s's holiday allowance ran out: the game resumes.", n->text);
        break;
    case NOTICE_KIND_COUNT: /* not a kind */
        break;
    }
    return buf_take(&s);
}

void notice_news(Board *b, int player, NewsKind kind, const Notice *n)
{
    char *t = notice_say(b, n);
    game_news(b, player, kind, "%s", t);
    free(t);
}

void notice_reply(Game *g, const Notice *n)
{
    char *t = notice_say(g->b, n);
    game_reply(g, "%s", t);
    free(t);
}
