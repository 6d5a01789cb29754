/* specials: the table S1..S22 — name, typed parameters and defaults (the effects are firing.c's); a Special parsed and written. */
#ifndef GENETESS_SPECIALS_H
#define GENETESS_SPECIALS_H

#include "pieces.h"

#define SPECIAL_CODE_MAX 22
#define SPECIAL_INT_MAX 1000000000      /* largest integer parameter */
#define SPECIAL_TEXT_MAX 500            /* longest info text */
#define SPECIAL_SQUARES_MAX 1000        /* longest square list */
#define SPECIAL_CODES_MAX 100           /* longest codes= value */
#define SPECIAL_DEF_SELF "self"         /* "the special's own square, wherever it stands" (S9 targets=) */

/* occupied= (S2, S3, S8), wall= (S2), onto= (S13): in the order of the table's choices. */
typedef enum { SPECIAL_OCC_BLOCK, SPECIAL_OCC_DESTROY, SPECIAL_OCC_MOVE } SpecialOccupied;
typedef enum { SPECIAL_WALL_INTERIOR, SPECIAL_WALL_EXTERIOR } SpecialWall;
typedef enum { SPECIAL_ONTO_EMPTY, SPECIAL_ONTO_OCCUPIED, SPECIAL_ONTO_WALLS } SpecialOnto;

/* targets=SQ,SQ,...: squares (row * w + col) in the order written, or self (then n is 0). */
typedef struct SpecialSquares {
    int *sq;
    int n;
    bool self;
} SpecialSquares;

/* target=SQ, or target=SQ:SQ (rect, S8): the square, or the rectangle's corners as written. */
typedef struct SpecialTarget {
    int sq[2];
    bool rect;
} SpecialTarget;

/* A special square (contract 14.8): its parameters parsed once into typed fields (a code uses only those its
 * table entry lists; the others stay zero); text is the info text. */
typedef struct Special {
    int code;                   /* 1..22, never 19 */
    int sq;
    char *text;
    int64_t e;                  /* S1, S12 e= */
    bool per_king;              /* S1 per-king= */
    int64_t count;              /* S9 count= */
    SpecialOccupied occupied;   /* S2, S3, S8 */
    SpecialWall wall;           /* S2 */
    SpecialOnto onto;           /* S13 */
    Genome codes;               /* S4 codes= (no markers) */
    SpecialSquares targets;     /* S2, S6, S9, S10 */
    SpecialTarget target;       /* S3, S8 */
} Special;

typedef enum {
    SP_INT,             /* 0..SPECIAL_INT_MAX, at least min: int64_t */
    SP_BOOL,            /* yes|no: bool */
    SP_ENUM,            /* one of choices: the enum field, numbered in the order of choices */
    SP_SQUARES,         /* SQ,SQ,...: SpecialSquares */
    SP_SQUARE,          /* SQ: SpecialTarget */
    SP_SQUARE_OR_RECT,  /* SQ or SQ:SQ: SpecialTarget */
    SP_CODES            /* letters A..Z: Genome */
} SpecialParamType;

typedef struct SpecialParam {
    const char *key;
    SpecialParamType type;
    size_t field;           /* offsetof(Special, ...) of the field the value is parsed into */
    bool required;
    const char *def;        /* default value (canonical), SPECIAL_DEF_SELF, or NULL when required */
    const char *choices;    /* "interior|exterior" for SP_ENUM */
    const char *doc;        /* what the parameter means (calc S<n>) */
    int64_t min;            /* SP_INT: smallest value */
} SpecialParam;

typedef struct SpecialInfo {
    int code;
    const char *name;
    const char *summary;    /* one line: what the special does */
    SpecialParam params[4];
    int nparams;
    const char *detail;     /* the rulings of contract 14.8, paraphrased for `calc S<n>` */
} SpecialInfo;

/* Index = code; [0] and [19] have name NULL (S19 does not exist). */
extern const SpecialInfo special_table[SPECIAL_CODE_MAX + 1];

/* The table entry of a code, or NULL for unknown codes and 19. */
const SpecialInfo *special_info(int code);

/* Parses the words after "special" on a map line / an item of the board file's
 * (specials entry: "S<n> SQUARE key=value ... [text=\"info text\"]" on a grid
 * of w x h squares whose terrain is ter (w * h map characters). A value may be
 * double-quoted (spaces allowed inside; \" is a quote, \\ a backslash). Keys
 * are case-insensitive. Squares must be inside the grid; squares named by
 * target=/targets= must not lie outside the exterior walls (TER_OUTSIDE) —
 * map_parse additionally requires board_in_area, which a running game may not
 * keep (an S2 exterior wall can cover a target). Whether the special's own
 * square is floor is the caller's check. On success fills out (code, sq, every
 * parameter of the table in its typed field, defaults filled in; text:
 * malloc'd, "" when absent) and returns 0. On failure returns -1, leaves out
 * empty (special_free-safe) and puts the reason in err, echoing at most 20
 * printable characters of input. */
int special_parse(int w, int h, const char *ter, const char *words, Special *out, Err *err);

/* Returns the canonical line form "S<n> SQ params text=\"...\"" on a grid w
 * squares wide (the syntax special_parse reads; text= omitted when empty).
 * Caller frees. */
char *special_format(int w, const Special *sp);

/* Returns the canonical parameters "key=value ..." (every parameter in table
 * order, upper-case squares; "" for none), written from the typed fields.
 * Caller frees. */
char *special_params_text(int w, const Special *sp);

/* Returns what the special's parameters say, in plain words for a player's legend ("gives 2 E", "interior walls
 * appear on E6; an occupied one is skipped"); "" for a special without parameters. Caller frees. */
char *special_params_words(int w, const Special *sp);

/* The squares the special's target=/targets= name: its own square for self, a
 * rectangle's 2 corners as written. Sets *out (pointing into sp) and returns
 * the count; 0 when the special has no such parameter. */
int special_target_squares(const Special *sp, const int **out);

/* Frees text and the target list and clears them (safe on a zeroed or failed Special). */
void special_free(Special *sp);

/* Appends the calculator text of `calc S<n>` (name, what it does, its
 * parameters and defaults, rulings) to out and returns 0; returns -1 with err
 * "There is no special S19" for 19, "Unknown special" for any other code
 * outside 1..22. */
int special_describe(int code, Buf *out, Err *err);

#endif
