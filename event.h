/* event: what happened in an action as a kind with its arguments (EventKind, Event), and the one place its English
 * is written — each reader's line of news (event_render; contract 8), the news of sight, the W shield's and a
 * reveal's words, and the lines of the E breakdown (event_ebook_say): the rules hand up the kind, never the words. */
#ifndef GENETESS_EVENT_H
#define GENETESS_EVENT_H

#include "board.h"
#include "orders.h"

/* What happened; the arguments each reads are named here (the tokens of its words: see event.c). Squares are
 * sq[i] ({i}), the pieces on them owner[i] and seq[i] ({pi} {gi}). */
typedef enum EventKind {
    EVENT_NONE,
    /* game.c */
    EVENT_REVEALED,             /* the phased piece on sq[0] was revealed: what says why */
    EVENT_ELIMINATED_BY,        /* who[0] was eliminated, their King captured by who[1] (the actor) */
    EVENT_ELIMINATED,           /* who[0] was eliminated */
    EVENT_RESIGNED,             /* who[0] resigned */
    EVENT_FORFEITED,            /* who[0] forfeited */
    EVENT_DESTROYED,            /* the piece on sq[0] was destroyed */
    EVENT_SHIELD,               /* the piece on sq[0] resisted what with its W (blind: "withstood what") */
    EVENT_SHIELD_RADIATION,     /* as EVENT_SHIELD; blind: as RADIATE's code loss */
    EVENT_SHIELD_IRRADIATED,    /* as EVENT_SHIELD; blind: as S9's */
    EVENT_SHIELD_UNSEEN,        /* as EVENT_SHIELD; blind: nothing (the order's own event tells) */
    /* actions.c */
    EVENT_PASSED,               /* who[0] passed */
    EVENT_PASSED_STORED,        /* who[0] passed by a stored order (its player reads nothing here) */
    EVENT_REPLACED,             /* the piece on sq[0] was replaced by a new piece (CREATE with I) */
    EVENT_IWALL_FLOORED,        /* the interior wall on sq[0] became floor (CREATE with O) */
    EVENT_NEW_PIECE,            /* a new piece appeared on sq[0] */
    EVENT_PHASED_CAPTURED,      /* the subject's phased piece (codes) on sq[0] was captured */
    EVENT_CAPTURED,             /* the piece on sq[0] was captured by the piece of token 1 */
    EVENT_KING_CAPTURED,        /* as EVENT_CAPTURED, a King: who[0] (its owner) is eliminated by who[1] */
    EVENT_GAINED_L,             /* the subject's piece moving to sq[0] gained codes (L) */
    EVENT_MOVED,                /* a piece moved from sq[0] to sq[1] */
    EVENT_IWALL_MINED,          /* the interior wall on sq[0] was mined away */
    EVENT_DIVIDED,              /* the piece on sq[0] divided, leaving a new piece on sq[1] */
    EVENT_TRANSFER_RESISTED,    /* the piece on sq[0] used up a J; its code to sq[1] (at) was resisted: code */
    EVENT_TRANSFER_RESISTED_HIDDEN, /* as above, the target the subject's phased piece on at */
    EVENT_TRANSFERRED,          /* the piece on sq[0] transferred code to the piece on sq[1] */
    EVENT_TRANSFERRED_HIDDEN,   /* the piece on sq[0] transferred code to its owner's phased piece on at */
    EVENT_TRANSFER_RECEIVED,    /* the subject's piece on sq[1] received code from the piece on sq[0] */
    EVENT_RADIATED,             /* the piece on sq[0] radiated */
    EVENT_RADIATION_LOSS,       /* the piece on sq[0] lost code to radiation */
    EVENT_TELEPORTED_ORDER,     /* a piece teleported from sq[0] to sq[1] (TELEPORT) */
    EVENT_JUMPED_HOME,          /* a piece jumped home from sq[0] to sq[1] (HOME) */
    EVENT_PETRIFIED,            /* the piece on sq[0] turned into an interior wall */
    EVENT_PHASED,               /* the piece on sq[0] vanished from sight (PHASE) */
    EVENT_CONVERT_CALLED,       /* the piece on sq[0] called on the orphans in its view */
    EVENT_CONVERTED,            /* an orphan on sq[0] became the piece of token 1's owner */
    EVENT_CONVERT_NONE,         /* there was no orphan in the view of the subject's piece on sq[0] */
    EVENT_FLARE,                /* the piece on sq[0] lit a flare */
    EVENT_FLARE_DECODED,        /* as EVENT_FLARE, decoded (F) */
    EVENT_SANCTUARY_RESISTED,   /* the piece on sq[0] could not swap with the King on sq[1] (at): W */
    EVENT_SANCTUARY_RESISTED_HIDDEN, /* as above, the King phased */
    EVENT_SANCTUARY,            /* the piece on sq[0] and the King on sq[1] swapped places */
    EVENT_SANCTUARY_HIDDEN,     /* as above, the King phased: the piece is seen jumping from sq[0] to sq[1] */
    /* slides.c */
    EVENT_WAVE_ATTRACT,         /* the piece on sq[0] sent out an attraction wave */
    EVENT_WAVE_REPULSE,         /* the piece on sq[0] sent out a repulsion wave */
    EVENT_PULLED,               /* a piece was pulled from sq[0] to sq[1] by an attraction wave */
    EVENT_PUSHED_BY_WAVE,       /* a piece was pushed from sq[0] to sq[1] by a repulsion wave */
    EVENT_CHARGED,              /* a piece charged from sq[0] to sq[1] */
    /* deadline.c */
    EVENT_TIMED_OUT,            /* who[0] timed out, num[0] times in a row */
    /* firing.c: special is the special's code, named whether the subject saw its square just before */
    EVENT_SPECIAL_FIRED,        /* the special on sq[0] fired */
    EVENT_KING_STRIPPED,        /* the King on sq[0] lost every code but K (codes) to the special */
    EVENT_PUSHED,               /* a piece was pushed from sq[0] to sq[1] */
    EVENT_IWALL_APPEARED,       /* an interior wall appeared on sq[0] */
    EVENT_XWALL_APPEARED,       /* an exterior wall appeared on sq[0] */
    EVENT_GAINED_CODES,         /* the piece on sq[0] gained codes from S4 */
    EVENT_IWALL_BLASTED,        /* the interior wall on sq[0] was blasted away */
    EVENT_TELEPORTED,           /* a piece was teleported from sq[0] to sq[1] (S8) */
    EVENT_IRRADIATED,           /* the piece on sq[0] was irradiated: lost codes, now as seq[0] */
    EVENT_IRRADIATED_NAMED,     /* as above, the subject saw S9's square */
    EVENT_IRRADIATED_DEAD,      /* as EVENT_IRRADIATED, the piece not viable after it */
    EVENT_IRRADIATED_NAMED_DEAD, /* both */
    EVENT_IWALL_CRUMBLED,       /* the interior wall on sq[0] crumbled away */
    EVENT_SPECIAL_MOVED,        /* the special on sq[0] moved to sq[1] */
    EVENT_DOUBLED,              /* the piece on sq[0] doubled its sequence (S14) */
    EVENT_MOVED_BY_SPECIAL,     /* a piece was moved from sq[0] to sq[1] */
    EVENT_SHAKEN,               /* a piece was shaken from sq[0] to sq[1] */
    EVENT_ROOF_FELL,            /* the roof fell in around sq[0] */
    EVENT_GAINED_KING,          /* the piece on sq[0] gained num[0] K from the special */
    /* firing.c, what the firing player alone is told about their special on sq[0] */
    EVENT_SPECIAL_COPY_COST,    /* the copy costs num[0] E, the player has num[1] */
    EVENT_SPECIAL_COPY_BLOCKED, /* the copy was blocked at sq[1] */
    EVENT_SPECIAL_MAP,          /* the player sees the whole board until their next turn */
    EVENT_SPECIAL_MAP_DECODED,  /* ... decoded */
    EVENT_SPECIAL_NO_FLOOR,     /* no empty floor square to teleport to */
    EVENT_SPECIAL_TELEPORT_BLOCKED, /* the teleport was blocked at sq[1] */
    EVENT_SPECIAL_DECAY,        /* every other player lost num[0] E */
    EVENT_SPECIAL_DOUBLE_COST,  /* doubling costs num[0] E, the player has num[1] */
    EVENT_SPECIAL_KINGS,        /* num[0] King pieces of other players revealed */
    EVENT_SPECIAL_KINGS_FULL,   /* ... with their sequences */
    EVENT_SPECIAL_SAME_SEQ,     /* num[0] pieces of other players with the piece's sequence revealed */
    EVENT_KIND_COUNT
} EventKind;

/* What a W shield resisted, or why a phased piece was revealed: the {w} of EVENT_SHIELD* and EVENT_REVEALED,
 * reading the event's special and verb. */
typedef enum EventWhat {
    WHAT_NONE,
    WHAT_SPECIAL,               /* "special S<special>" */
    WHAT_A_SPECIAL,             /* "a special" */
    WHAT_PUSHED_ASIDE,          /* being pushed aside by special S<special> */
    WHAT_PUSHED_ASIDE_A_SPECIAL, /* being pushed aside by a special */
    WHAT_RADIATION_S9,
    WHAT_RADIATION,
    WHAT_TREMOR_S16,
    WHAT_A_TREMOR,
    WHAT_TRANSFER,
    WHAT_CONVERT,
    WHAT_SANCTUARY_SWAP,
    WHAT_ATTRACTION,
    WHAT_REPULSION,
    WHY_ACTED,
    WHY_IN_WAY,                 /* was in the way of an order verb */
    WHY_PAID_CREATE,
    WHY_JUMPED_OVER,
    WHY_BUMPED_INTO,
    WHY_REACHED_ATTRACTION,
    WHY_REACHED_REPULSION,
    WHY_STOPPED_ATTRACTION,
    WHY_STOPPED_REPULSION,
    WHY_STOPPED_CHARGE,
    WHY_ON_TARGET,              /* was on the target of special S<special> */
    WHY_BLOCKED_SPECIAL,        /* blocked special S<special> */
    WHY_BLAST,
    EVENT_WHAT_COUNT
} EventWhat;

/* Event flags. */
enum {
    EV_PRIVATE = 1, /* only the subject player hears of it (e.g. a phased piece moved by a special) */
    EV_PUBLIC = 2,  /* every player hears of it, whatever they see (eliminations, time-outs) */
    EV_AT0 = 4,     /* it happened on sq[0]: others hear of it only when they see sq[0] (a capture) */
    EV_KIN = 8,     /* the pieces are of one owner, named when any is seen (DIVIDE: the new piece shows it) */
};

/* Something that happened, told to each player by what they could see (contract 8): its kind's words (event.c)
 * for the reader's variant — the subject's own, the actor's (second person), a reader who does not decode the
 * piece of the kind's blind token, a reader the event does not reach by sight (far) — with its arguments.
 * Squares {0}..{3} are named when the reader sees them just before or just after the event (else "outside your
 * view"); {gi} is " <sequence>" when the reader decodes the piece of token i; {pi} the owner word of that piece:
 * "your", "<userid>'s" for another's seen piece, "an orphan", "a" for a piece the reader does not see. The piece
 * of token i stood on pre[i] just before the event and stands on post[i] just after it (-1: it did not exist /
 * is gone; both sq[i] unless the caller says otherwise): it is seen (decoded) when the reader's view before
 * covers pre[i] or the view after covers post[i] (with F). */
typedef struct Event {
    EventKind kind;
    int subject;        /* player always told (-1: none) */
    int flags;
    int sq[4];
    int nsq;
    char *seq[4];       /* sequence text for {gN} */
    int owner[4];       /* owner of the piece for {pN}; -2 orphan; -1 none */
    int pre[4], post[4]; /* where the piece of token i stood just before / stands just after (-1 none) */
    int actor;          /* the player whose action it was (-1: none); reads the kind's actor words when it has them */
    /* arguments */
    int who[2];         /* players, named by userid */
    int64_t num[2];
    char code;          /* a code letter */
    char *codes;        /* a sequence of codes (lost, gained), owned */
    int at;             /* a square named to the subject whatever it sees (their own phased piece's) */
    int special;        /* a special's code */
    bool named;         /* the subject saw the special's square just before: it is named ("special S9") */
    EventWhat what;     /* EVENT_SHIELD*, EVENT_REVEALED */
    OrderVerb verb;     /* WHY_IN_WAY */
} Event;

/* Which words of an event a reader reads. */
typedef enum EventVariant {
    EVENT_TEXT,   /* anyone it reaches by sight */
    EVENT_OWN,    /* the subject (NULL: EVENT_TEXT) */
    EVENT_ACTOR,  /* the actor, not the subject (NULL: EVENT_TEXT) */
    EVENT_BLIND,  /* a reader who does not decode the piece of the blind token (NULL: EVENT_TEXT) */
    EVENT_FAR,    /* a reader it does not reach by sight (NULL: nothing) */
    EVENT_VARIANT_COUNT
} EventVariant;

/* The words of kind for variant, with their tokens ("" : nothing for this reader; NULL: see EventVariant). */
const char *event_words(EventKind kind, EventVariant v);
/* The token whose piece a blind reader does not decode (EVENT_BLIND). */
int event_blind_token(EventKind kind);
/* Renders ev for reader given their views (SIGHT_* bits per square) just before and after; NULL when the reader
 * may not hear of it. Allocated. */
char *event_render(const Board *b, const Event *ev, int reader, const uint8_t *before, const uint8_t *after);

/* News of sight (contract 8): the piece of owner (-2: an orphan) on sq came into the reader's view (came) or went
 * out of it, with its sequence when decoded; allocated. */
char *event_sight_say(const Board *b, int owner, const Piece *pc, bool decoded, int sq, bool came);
/* News of sight: more pieces than those named came into the view or went out of it; allocated. */
char *event_sight_more(int more, bool came);

/* A line of a player's E breakdown (contract 14.9): its kind and the arguments its words read. */
typedef enum EbookKind {
    EBOOK_CREATE,       /* -amount: CREATE of codes on sq */
    EBOOK_DIGESTED,     /* -amount: the E digested with the player's King */
    EBOOK_DIGEST,       /* +amount: digest (G) */
    EBOOK_ACCRUAL,      /* +amount: accrual at turn label text, num[0] K */
    EBOOK_S1,           /* +amount: S1 bonus on sq */
    EBOOK_S1_PER_KING,  /* +amount: S1 bonus on sq, num[0] E x num[1] K */
    EBOOK_S3_COPY,      /* -amount: S3 copy on sq */
    EBOOK_S11,          /* +amount: S11 bonus, num[0] % of num[1] E, num[2] S11 squares held */
    EBOOK_S12_DECAY,    /* -amount: E decay (S12) */
    EBOOK_S14_DOUBLE,   /* -amount: S14 double-up on sq */
    EBOOK_S21_RECYCLE,  /* +amount: S21 recycle on sq */
    EBOOK_STAKED,       /* -amount: staked in round 0 */
    EBOOK_KIND_COUNT
} EbookKind;

typedef struct EbookLine {
    EbookKind kind;
    int64_t amount;
    int sq;
    int64_t num[3];
    char text[32];      /* codes (EBOOK_CREATE), a turn label (EBOOK_ACCRUAL) */
} EbookLine;

/* The words of an E breakdown line, as the board file's ebook entry keeps it: "-5 CREATE AAB on C4". Allocated. */
char *event_ebook_say(const Board *b, const EbookLine *e);
/* The words of kind, with their tokens (the table's; tests). */
const char *event_ebook_words(EbookKind kind);

#endif
