/* failure: the English of the rules' reason codes (failure.h; contract 4.4, 8). */
#include "failure.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "util.h"

/* A code's words: a template whose tokens are its arguments — {0} {1} the squares sq[0] sq[1], {n} {m} num[0]
 * num[1], {s} "s" unless num[0] is 1, {c} the code letter, {w} the word, {v} the verb, {t} the terrain ter ("an
 * interior wall"); hidden: what it says of a square outside the player's view (NULL: it is never about one). */
typedef struct FailText {
    const char *say;
    const char *hidden;
} FailText;

static const FailText failure_texts[FAIL_CODE_COUNT] = {
    [FAIL_NONE] = {"", NULL},
    [FAIL_ENDED] = {"The game has ended", NULL},
    [FAIL_GAMBLE_STORED] = {"GAMBLE cannot be stored", NULL},
    [FAIL_GAMBLE_LATE] = {"GAMBLE is only for round 0", NULL},
    [FAIL_TERRAIN] = {"{0} is {t}", "blocked"},
    [FAIL_PHASED_IN_WAY] = {"{0}: a phased piece was in the way", "blocked"},
    [FAIL_OCCUPIED] = {"{0} is occupied", "blocked"},
    [FAIL_CREATION_OFF] = {"creation is off in this game", NULL},
    [FAIL_BUY_K] = {"K cannot be bought", NULL},
    [FAIL_NOT_ON_OFFER] = {"{c} is not on offer in this game", NULL},
    [FAIL_NEW_NEEDS_A] = {"the new piece would not be viable (it needs an A)", NULL},
    [FAIL_COST] = {"it costs {n}E and you have {m}E", NULL},
    [FAIL_NOT_NEXT_TO_KING] = {"{0} is not next to one of your Kings", NULL},
    [FAIL_CREATE_IWALL] = {"{0} is an interior wall (only a piece with O may be created there)", "blocked"},
    [FAIL_CREATE_ON_OWN] = {"{0} is occupied (only a piece with I may be created on your own piece)", "blocked"},
    [FAIL_STEPS] = {"the piece on {0} must move exactly {n} square{s}", NULL},
    [FAIL_NO_C] = {"the piece on {0} has no C: it cannot move {w}", NULL},
    [FAIL_OFF_BOARD] = {"the move leaves the board", NULL},
    [FAIL_IWALL_NO_O] = {"{0} is an interior wall (only a piece with O may take one)", "blocked"},
    [FAIL_OWN_KING] = {"you can never take your own King on {0}", "blocked"},
    [FAIL_OWN_PIECE] = {"{0} holds your own piece (only a piece with I may take it)", "blocked"},
    [FAIL_NOT_HELD] = {"the piece on {0} does not hold {w}", NULL},
    [FAIL_LEFT_NOT_VIABLE] = {"the piece left on {0} would not be viable (it needs an A or a K)", NULL},
    [FAIL_NEW_NOT_VIABLE] = {"the new piece would not be viable (it needs an A or a K)", NULL},
    [FAIL_NOT_NEXT_TO] = {"{1} is not next to {0}", NULL},
    [FAIL_NO_PIECE] = {"no piece on {0}", NULL},
    [FAIL_TRANSFER_ONE] = {"TRANSFER moves exactly one code", NULL},
    [FAIL_TRANSFER_K] = {"K can never be transferred", NULL},
    [FAIL_TRANSFER_SELF] = {"the piece on {0} cannot transfer to itself", NULL},
    [FAIL_NOT_IN_VIEW] = {"{1} is not in the view of the piece on {0}", NULL},
    [FAIL_NO_CODE_TO_GIVE] = {"the piece on {0} has no {c} to give", NULL},
    [FAIL_NO_J_TO_GIVE] = {"the piece on {0} has no J to give (the J used up counts first)", NULL},
    [FAIL_GIVER_NOT_VIABLE] = {"the piece on {0} would not be viable after giving its {c}", NULL},
    [FAIL_HOLDS_NO_MORE] = {"the piece on {1} cannot hold more {c}", NULL},
    [FAIL_ALREADY_ON] = {"the piece is already on {0}", NULL},
    [FAIL_KING_PETRIFY] = {"a King may not petrify (the piece on {0} has K)", NULL},
    [FAIL_NOT_NEXT_TO_OTHER_KING] = {"{1} is not next to another of your Kings", NULL},
    [FAIL_SWAP_SELF] = {"the piece on {0} cannot swap with itself", NULL},
    [FAIL_SWAP_PHASED] = {"{1} held a phased piece, not a King of yours", "no King of yours"},
    [FAIL_SWAP_NO_KING] = {"no King of yours on {1}", "no King of yours"},
    [FAIL_NOT_A_KING] = {"the piece on {1} is not a King", NULL},
    [FAIL_NOT_YOURS] = {"no piece of yours on {0}", NULL},
    [FAIL_NO_ENABLER] = {"the piece on {0} has no {w} ({v} needs {w})", NULL},
    [FAIL_NO_ENABLERS] = {"the piece on {0} has no {w}", NULL},
    [FAIL_NOT_NOW] = {"{v} cannot be used now", NULL},
    [FAIL_HOLIDAY_OFF_TURN] = {"HOLIDAY takes effect on your turn: send it off turn to store it", NULL},
    [FAIL_NO_HOLIDAY_LEFT] = {"you have no holiday allowance left", NULL},
    [FAIL_NOT_YOUR_MOVE] = {"It is not your move", NULL},
    [FAIL_CHARGE_TIMES] = {"the piece on {0} has {n} Z: it may charge at most {n} time{s}", NULL},
    [FAIL_NO_C_CHARGE] = {"the piece on {0} has no C: it cannot charge {w}", NULL},
    [FAIL_CHARGE_ZERO_PIECE] = {"a charge of length 0: the {w} charge from {0} meets {1} at once (a piece)", NULL},
    [FAIL_CHARGE_ZERO_WALL] = {"a charge of length 0: the {w} charge from {0} meets {1} at once ({t})", NULL},
    [FAIL_CHARGE_OFF_BOARD] = {"the {w} charge from {0} cannot move: it would leave the board", NULL},
    [FAIL_CHARGE_WALL] = {"the {w} charge from {0} cannot move: {1} is {t}", "blocked"},
    [FAIL_CHARGE_PHASED] = {"the {w} charge from {0} cannot move: a phased piece on {1} was in the way", "blocked"},
    [FAIL_CHARGE_OCCUPIED] = {"the {w} charge from {0} cannot move: {1} is occupied", "blocked"},
    [FAIL_GAMBLED_BOTH] = {"you have gambled on position and on turn order already; name start labels (GPC1) or "
                           "ordinals (1st) to replace one", NULL},
    [FAIL_NO_POSITION_GAMBLE] = {"this game does not gamble for positions", NULL},
    [FAIL_NO_ORDER_GAMBLE] = {"this game does not gamble for turn order", NULL},
    [FAIL_NOT_A_START] = {"GPC{n} is not a start on this map (GPC1 to GPC{m})", NULL},
    [FAIL_NOT_A_PLACE] = {"there are only {n} players, so {m} is not a place in the turn order", NULL},
    [FAIL_STAKE_TOO_HIGH] = {"your gambles may stake at most {n}E in all (this one would make {m}E)", NULL},
    [FAIL_GAMBLES_ALL_IN] = {"you have sent every gamble already; send a GAMBLE to replace one", NULL},
    [FAIL_ROUND0_ENDING] = {"round 0 ends with the orders before it", NULL},
};

const char *failure_fixed(FailCode code)
{
    const char *t = code >= 0 && code < FAIL_CODE_COUNT ? failure_texts[code].say : NULL;
    return t && !strchr(t, '{') ? t : NULL;
}

const char *failure_hidden_word(FailCode code)
{
    return code >= 0 && code < FAIL_CODE_COUNT ? failure_texts[code].hidden : NULL;
}

/* The words of token k of r (a character after '{') onto out. */
static void failure_token(const Board *b, const FailReason *r, char k, Buf *out)
{
    char nm[16];
    switch (k) {
    case '0':
    case '1':
        buf_add(out, board_sq_name(b, r->sq[k - '0'], nm));
        break;
    case 'n':
    case 'm':
        buf_printf(out, "%" PRId64, r->num[k == 'm']);
        break;
    case 's':
        buf_add(out, r->num[0] == 1 ? "" : "s");
        break;
    case 'c':
        buf_addc(out, r->code_letter);
        break;
    case 't': /* contract 8's words for a square that is not floor */
        buf_add(out, r->ter == TER_IWALL ? "an interior wall" : "an exterior wall");
        break;
    case 'v':
        buf_add(out, r->verb ? r->verb : "");
        break;
    default: /* 'w' */
        buf_add(out, r->word);
    }
}

void failure_say(const Board *b, const FailReason *r, char *out, size_t n)
{
    char nm[16];
    if (r->hidden_at >= 0 && failure_hidden_word(r->code)) { /* contract 8: the square only */
        snprintf(out, n, "%s at %s (outside your view)", failure_hidden_word(r->code),
                 board_sq_name(b, r->hidden_at, nm));
        return;
    }
    const char *t = r->code >= 0 && r->code < FAIL_CODE_COUNT ? failure_texts[r->code].say : "";
    Buf s;
    buf_init(&s);
    for (; *t; t++)
        if (*t == '{' && t[1] && t[2] == '}') {
            failure_token(b, r, t[1], &s);
            t += 2;
        } else {
            buf_addc(&s, *t);
        }
    snprintf(out, n, "%s", s.len ? s.s : "");
    buf_free(&s);
}
