/* orders: the order table (verb, argument shape, enabling code, example); parsing order text into Orders; their canonical form. The handlers are in actions.c, run by dispatch.c. */
#ifndef GENETESS_ORDERS_H
#define GENETESS_ORDERS_H

#include "board.h"

typedef enum {
    SHAPE_NONE,         /* PASS, HOLIDAY */
    SHAPE_SQ,           /* RADIATE SQ */
    SHAPE_SQ_DIRS,      /* MOVE SQ D1-D2-..., CHARGE SQ D1-D2 (commas too; "CHARGE SQ D1, CHARGE D2" too) */
    SHAPE_CREATE,       /* CREATE SQ SEQ | CREATE SEQ SQ */
    SHAPE_SQ_CODES_SQ,  /* DIVIDE SQ CODES SQ2 */
    SHAPE_SQ_CODE_SQ,   /* TRANSFER SQ CODE SQ2 */
    SHAPE_SQ_SQ,        /* TELEPORT SQ SQ2, HOME, SANCTUARY */
    SHAPE_GAMBLE,       /* GAMBLE <n>E [on] PREF, PREF, ... [, then don't care] */
} OrderShape;

typedef enum {
    ORD_GAMBLE, ORD_PASS, ORD_HOLIDAY, ORD_CREATE, ORD_MOVE, ORD_DIVIDE, ORD_TRANSFER, ORD_RADIATE,
    ORD_TELEPORT, ORD_PETRIFY, ORD_PHASE, ORD_CONVERT, ORD_REPULSE, ORD_FLARE, ORD_HOME, ORD_ATTRACT,
    ORD_SANCTUARY, ORD_CHARGE, ORD_COUNT
} OrderVerb;

/* What a gamble is on (the game's gamble mode, GambleMode, says which of them round 0 asks for). */
typedef enum GambleKind { GAMBLE_ON_POSITION = 0, GAMBLE_ON_ORDER = 1 } GambleKind;

typedef struct Order {
    OrderVerb verb;
    bool star;          /* run at once when its turn comes (stored orders) */
    int sq, sq2;        /* -1 when absent */
    Genome codes;       /* CREATE sequence, DIVIDE codes, TRANSFER code */
    int *dirs;
    int ndirs;
    /* GAMBLE */
    int64_t stake;
    int gkind;          /* GAMBLE_ON_POSITION (start labels) or GAMBLE_ON_ORDER (ordinals); -1: "don't care" only */
    int prefs[MAX_PLAYERS];
    int nprefs;
    char *text;         /* canonical form (without the star) */
} Order;

typedef struct OrderInfo {
    const char *verb;
    OrderShape shape;
    uint32_t codes;     /* the enabling codes: a piece with any of them can give the order (bit GENE_x); 0 none */
    const char *example;
} OrderInfo;

/* The orders, indexed by verb. */
extern const OrderInfo order_table[ORD_COUNT];

/* True when the order is given by a piece on its first square (not CREATE, PASS, HOLIDAY, GAMBLE). */
bool order_has_actor(OrderVerb v);
/* True when a piece of genome g holds a code that enables v (orders.txt; MOVE: A or K), or v needs none. */
bool order_enabled(const Genome *g, OrderVerb v);
/* Writes v's enabling codes to buf (at least 16 bytes) as "M" or "A or K"; returns how many: 0, 1, or 2 for
 * more than one. */
int order_enablers(OrderVerb v, char *buf);

/* The longest order text of one command (all its orders together), in characters (contract 2). */
#define ORDER_TEXT_MAX 4000

/* A parsed message: its orders in sequence, and notices (dropped words). */
typedef struct OrderList {
    Order *v;
    int n;
    StrList notices;
    size_t reads;       /* words the parser read, every try together: a measure of its work, linear in the text */
} OrderList;

/* Parses a message's order text ("MOVE K3 N / *CREATE K2 A"): the whole text is parsed first.
 * Words in front of an order are dropped (contract 4.1): each order is read from the first keyword
 * from which the rest of its text is a valid order, unless the text opens with a keyword, and a
 * notice in out->notices quotes the dropped words. Squares are checked against b's grid. On
 * malformed text returns -1 with err holding what is wrong (the caller wraps it in
 * `Invalid move "<text>" entered`) and out empty but for reads. */
int order_parse_list(const Board *b, const char *text, OrderList *out, Err *err);
/* Parses exactly one order (no '/') as order_parse_list does, without notices; the star is allowed. */
int order_parse(const Board *b, const char *text, Order *out, Err *err);
/* Frees what an Order holds (not o itself). */
void order_free(Order *o);
/* Sets o->text (malloc'd; the caller frees it with order_free or free) to o's canonical form, from its fields. */
void order_canonical(Order *o, const Board *b);
/* Frees the orders and notices of a list. */
void order_list_free(OrderList *l);
/* Returns the verb for a keyword (either case) or -1. */
int order_verb(const char *word);

/* Return of the order runners (dispatch_order, turn_holiday, turn_play) when a check refused the
 * order before anything changed. */
#define ORDER_REFUSED (-2)

#endif
