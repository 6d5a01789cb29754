/* specials: the table S1..S22 — names, parameters, validation, the calculator text (their effects fire in firing.c). */
#ifndef GENETESS_SPECIALS_H
#define GENETESS_SPECIALS_H

#include "board.h"

#define SPECIAL_CODE_MAX 22
#define SPECIAL_INT_MAX 1000000000      /* largest integer parameter */
#define SPECIAL_TEXT_MAX 500            /* longest info text */
#define SPECIAL_SQUARES_MAX 1000        /* longest square list */
#define SPECIAL_CODES_MAX 100           /* longest codes= value */
#define SPECIAL_DEF_SELF "self"         /* "the special's own square, wherever it stands" (S9 targets=) */

typedef enum {
    SP_INT,             /* 0..SPECIAL_INT_MAX, at least min */
    SP_BOOL,            /* yes|no */
    SP_ENUM,            /* one of choices */
    SP_SQUARES,         /* SQ,SQ,... */
    SP_SQUARE,          /* SQ */
    SP_SQUARE_OR_RECT,  /* SQ or SQ:SQ */
    SP_CODES            /* letters A..Z */
} SpecialParamType;

typedef struct SpecialParam {
    const char *key;
    SpecialParamType type;
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
    const char *detail;     /* the rulings of SPEC 8, paraphrased for `calc S<n>` */
} SpecialInfo;

/* Index = code; [0] and [19] have name NULL (S19 does not exist). */
extern const SpecialInfo special_table[SPECIAL_CODE_MAX + 1];

/* The table entry of a code, or NULL for unknown codes and 19. */
const SpecialInfo *special_info(int code);

/* Parses the words after "special" on a map line / an item of the board file's
 * (specials entry: "S<n> SQUARE key=value ... [text=\"info text\"]". A value
 * may be double-quoted (spaces allowed inside; \" is a quote, \\ a backslash).
 * Keys are case-insensitive. Squares must be inside the grid; squares named by
 * target=/targets= must not lie outside the exterior walls (TER_OUTSIDE) —
 * map_parse additionally requires board_in_area, which a running game may not
 * keep (an S2 exterior wall can cover a target). Whether the special's own
 * square is floor is the caller's check. On success fills out (code, sq,
 * params: canonical "key=value ..." with every parameter in table order and
 * defaults filled in, upper-case squares; text: malloc'd, "" when absent) and
 * returns 0. On failure returns -1, leaves out empty (special_free-safe) and
 * puts the reason in err, echoing at most 20 printable characters of input. */
int special_parse(const Board *b, const char *words, Special *out, Err *err);

/* Returns the canonical line form "S<n> SQ params text=\"...\"" (the syntax
 * special_parse reads; text= omitted when empty). Caller frees. */
char *special_format(const Board *b, const Special *sp);

/* Parameter values of a parsed special (read from its canonical params).
 * special_param_int returns 0 and special_param_bool false when key is absent. */
int64_t special_param_int(const Special *sp, const char *key);
bool special_param_bool(const Special *sp, const char *key);

/* Copies the string value ("block", "K3,K4", "K3:M5", "AB") into buf and
 * returns buf ("" if absent; truncated to size). */
char *special_param_str(const Special *sp, const char *key, char *buf, size_t size);

/* Parses a square list value into squares of b: "K3,K4" gives 2 squares, a
 * rectangle "K3:M5" its 2 corners as written. Returns the count; *out is
 * malloc'd (also when the count is 0) and the caller frees it. Squares that do
 * not parse or lie off the grid are skipped. */
int special_param_squares(const Board *b, const Special *sp, const char *key, int **out);

/* Frees params and text and clears them (safe on a zeroed or failed Special). */
void special_free(Special *sp);

/* Appends the calculator text of `calc S<n>` (name, what it does, its
 * parameters and defaults, rulings) to out and returns 0; returns -1 with err
 * "There is no special S19" for 19, "Unknown special" for any other code
 * outside 1..22. */
int special_describe(int code, Buf *out, Err *err);

#endif
