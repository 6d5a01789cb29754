/* failure: why an order failed or was refused, as a reason code with its arguments, and the one place its English is written (failure_say; contract 4.4, 8) — the rules hand up the code, never the words. */
#ifndef GENETESS_FAILURE_H
#define GENETESS_FAILURE_H

#include "board.h"

/* Why an order failed or was refused; the arguments each reads are named in failure.c's table. */
typedef enum FailCode {
    FAIL_NONE,              /* no reason: nothing failed (a zeroed Failure) */
    FAIL_ENDED,             /* the game has ended */
    FAIL_GAMBLE_STORED,     /* a GAMBLE cannot be stored */
    FAIL_GAMBLE_LATE,       /* a GAMBLE outside round 0 */
    FAIL_TERRAIN,           /* sq[0] is a wall (ter) */
    FAIL_PHASED_IN_WAY,     /* sq[0]: a phased piece was in the way */
    FAIL_OCCUPIED,          /* sq[0] is occupied */
    FAIL_CREATION_OFF,      /* creation is off in this game */
    FAIL_BUY_K,             /* K cannot be bought */
    FAIL_NOT_ON_OFFER,      /* code is not on offer in this game */
    FAIL_NEW_NEEDS_A,       /* the new piece (CREATE) would not be viable */
    FAIL_COST,              /* it costs num[0] E, the player has num[1] */
    FAIL_NOT_NEXT_TO_KING,  /* sq[0] is not next to one of the player's Kings */
    FAIL_CREATE_IWALL,      /* sq[0] is an interior wall and the new piece has no O */
    FAIL_CREATE_ON_OWN,     /* sq[0] holds the player's own piece and the new piece has no I */
    FAIL_STEPS,             /* the piece on sq[0] must move exactly num[0] squares */
    FAIL_NO_C,              /* the piece on sq[0] has no C: it cannot move in direction word */
    FAIL_OFF_BOARD,         /* the move leaves the board */
    FAIL_IWALL_NO_O,        /* sq[0] is an interior wall the moving piece (no O) cannot take */
    FAIL_OWN_KING,          /* the move would take the player's own King on sq[0] */
    FAIL_OWN_PIECE,         /* sq[0] holds the player's own piece and the moving piece has no I */
    FAIL_NOT_HELD,          /* the piece on sq[0] does not hold the codes word */
    FAIL_LEFT_NOT_VIABLE,   /* the piece left on sq[0] after DIVIDE would not be viable */
    FAIL_NEW_NOT_VIABLE,    /* the new piece of DIVIDE would not be viable */
    FAIL_NOT_NEXT_TO,       /* sq[1] is not next to sq[0] */
    FAIL_NO_PIECE,          /* no piece on sq[0] */
    FAIL_TRANSFER_ONE,      /* TRANSFER moves exactly one code */
    FAIL_TRANSFER_K,        /* K can never be transferred */
    FAIL_TRANSFER_SELF,     /* the piece on sq[0] cannot transfer to itself */
    FAIL_NOT_IN_VIEW,       /* sq[1] is not in the view of the piece on sq[0] */
    FAIL_NO_CODE_TO_GIVE,   /* the piece on sq[0] has no code to give */
    FAIL_NO_J_TO_GIVE,      /* the piece on sq[0] has no J to give once the J used up counts */
    FAIL_GIVER_NOT_VIABLE,  /* the piece on sq[0] would not be viable after giving its code */
    FAIL_HOLDS_NO_MORE,     /* the piece on sq[1] cannot hold more of code */
    FAIL_ALREADY_ON,        /* the piece is already on sq[0] */
    FAIL_KING_PETRIFY,      /* the piece on sq[0] has K: a King may not petrify */
    FAIL_NOT_NEXT_TO_OTHER_KING, /* sq[1] is not next to another of the player's Kings */
    FAIL_SWAP_SELF,         /* the piece on sq[0] cannot swap with itself */
    FAIL_SWAP_PHASED,       /* sq[1] held a phased piece, not a King of the player's */
    FAIL_SWAP_NO_KING,      /* no King of the player's on sq[1] */
    FAIL_NOT_A_KING,        /* the piece on sq[1] is not a King */
    FAIL_NOT_YOURS,         /* no piece of the player's on sq[0] (another's phased piece looks like none) */
    FAIL_NO_ENABLER,        /* the piece on sq[0] has not the code word that order verb needs */
    FAIL_NO_ENABLERS,       /* the piece on sq[0] has none of the codes word that enable its order */
    FAIL_NOT_NOW,           /* order verb cannot be used now */
    FAIL_HOLIDAY_OFF_TURN,  /* HOLIDAY is given off the player's turn */
    FAIL_NO_HOLIDAY_LEFT,   /* no holiday allowance left */
    FAIL_NOT_YOUR_MOVE,     /* an order other than GAMBLE or PASS in round 0 */
    FAIL_CHARGE_TIMES,      /* the piece on sq[0] has num[0] Z: too many charges */
    FAIL_NO_C_CHARGE,       /* the piece on sq[0] has no C: it cannot charge in direction word */
    FAIL_CHARGE_ZERO_PIECE, /* the charge word from sq[0] meets a piece on sq[1] at once */
    FAIL_CHARGE_ZERO_WALL,  /* the charge word from sq[0] meets the wall (ter) on sq[1] at once */
    FAIL_CHARGE_OFF_BOARD,  /* the charge word from sq[0] would leave the board */
    FAIL_CHARGE_WALL,       /* the charge word from sq[0] cannot move: sq[1] is a wall (ter) */
    FAIL_CHARGE_PHASED,     /* the charge word from sq[0] cannot move: a phased piece on sq[1] was in the way */
    FAIL_CHARGE_OCCUPIED,   /* the charge word from sq[0] cannot move: sq[1] is occupied */
    FAIL_GAMBLED_BOTH,      /* round 0: a "don't care" GAMBLE when both items are gambled on already */
    FAIL_NO_POSITION_GAMBLE, /* round 0: this game does not gamble for start positions */
    FAIL_NO_ORDER_GAMBLE,   /* round 0: this game does not gamble for turn order */
    FAIL_NOT_A_START,       /* round 0: GPC<num[0]> is not a start on this map, which has num[1] */
    FAIL_NOT_A_PLACE,       /* round 0: there are only num[0] players, so num[1] is not a place in the turn order */
    FAIL_STAKE_TOO_HIGH,    /* round 0: gambles may stake at most num[0] E in all; this one would make num[1] */
    FAIL_GAMBLES_ALL_IN,    /* round 0: a PASS when every gamble is in already */
    FAIL_ROUND0_ENDING,     /* round 0: the orders before this one in the message end it */
    FAIL_CODE_COUNT
} FailCode;

/* A reason: its code and the arguments its words read. */
typedef struct FailReason {
    FailCode code;
    int sq[2];          /* squares, named as the board names them */
    int64_t num[2];
    char code_letter;   /* a code, 'A'..'Z' */
    char ter;           /* FAIL_TERRAIN: the wall's terrain (TER_XWALL, TER_IWALL) */
    char word[ERR_MAX];  /* a direction, a list of codes */
    const char *verb;   /* an order's verb (order_table's own string) */
    int hidden_at;      /* -1; else the reason is about this square outside the player's view, and says only that
                         * (contract 8) */
} FailReason;

/* The English of r on b into out (n bytes): "<sq> is occupied", "blocked at <sq> (outside your view)", ... */
void failure_say(const Board *b, const FailReason *r, char *out, size_t n);
/* The words of a code that takes no arguments (FAIL_ENDED, FAIL_GAMBLE_STORED, ...); NULL for the others. */
const char *failure_fixed(FailCode code);
/* What a reason about a square outside the player's view says instead ("blocked", "no King of yours"), or NULL
 * when code is not about a square that may be outside it. */
const char *failure_hidden_word(FailCode code);

#endif
