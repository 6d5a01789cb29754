/* params: the game parameters of contract 6 as one table (name, type, range, default, help) and the Params they fill. */
#ifndef GENETESS_PARAMS_H
#define GENETESS_PARAMS_H

#include "util.h"

typedef enum { GAMBLE_MODE_BOTH, GAMBLE_MODE_POSITION, GAMBLE_MODE_ORDER, GAMBLE_MODE_NONE, GAMBLE_MODE_COUNT } GambleMode;
/* The gamble modes as written (board file, options, sheets), NULL-terminated. */
extern const char *const params_gamble_name[GAMBLE_MODE_COUNT + 1];

/* A codes value holds one bit per letter: bit i is the letter 'A' + i (the gene of that letter). */
#define PARAMS_CODE_LETTERS 26

typedef struct Params {
    char map[64];
    int64_t start_e;
    int64_t e_per_king;
    bool create;
    uint32_t codes;     /* bit per gene CREATE may buy */
    int64_t deadline_h;
    int64_t holiday_days;
    GambleMode gamble;
    int64_t max_timeouts;
    uint64_t seed;
    char name[128];
} Params;

/* How a parameter's value is written and checked. */
typedef enum {
    PTYPE_MAP,      /* a map name: one printable word of at most hi characters (char[]) */
    PTYPE_INT,      /* a whole number from lo to hi (int64_t) */
    PTYPE_BOOL,     /* yes or no, either case (bool) */
    PTYPE_CODES,    /* letters A..Z except K, either case (uint32_t, bit per letter) */
    PTYPE_ENUM,     /* one of words, either case (GambleMode) */
    PTYPE_WHOLE,    /* any whole number >= 0 (uint64_t) */
    PTYPE_TEXT,     /* 1 to hi printable characters, no spaces or parentheses; omitted when empty (char[]) */
} ParamType;

typedef enum {
    PARAM_MAP, PARAM_START_E, PARAM_E_PER_KING, PARAM_CREATE, PARAM_CODES, PARAM_DEADLINE,
    PARAM_HOLIDAY_DAYS, PARAM_GAMBLE, PARAM_MAX_TIMEOUTS, PARAM_SEED, PARAM_NAME, PARAM_COUNT
} ParamId;

/* One game parameter: the challenge option --<name>=, the map's `param <name>`, the board file's <name>=. */
typedef struct ParamInfo {
    const char *name;
    ParamType type;
    size_t offset;              /* the field in Params */
    int64_t lo, hi;             /* PTYPE_INT: range; PTYPE_MAP, PTYPE_TEXT: hi = most characters */
    int64_t def;                /* default of a number, yes/no (1/0), enum index or codes mask */
    const char *const *words;   /* PTYPE_ENUM: the value names, NULL-terminated */
    bool in_map;                /* a map's `param` line may set it */
    const char *usage;          /* what follows "--<name>=" in the help */
    const char *help;           /* what it means */
    const char *help_default;   /* the default as the help shows it; NULL: the default itself */
    const char *help_more;      /* sentences after the default, or NULL */
    int sheet;                  /* place on the sheet's Parameters line (1 first); 0: not shown there */
    const char *sheet_unit;     /* written after the value there ("h"), or NULL */
    const char *sheet_zero;     /* written after a value of 0 there (" (never)"), or NULL */
} ParamInfo;

extern const ParamInfo params_table[PARAM_COUNT];

/* The default game parameters of contract 6 (map and name empty, seed 0). */
Params params_default(void);
/* Index of the parameter called key (exact, lower case) or -1. */
int params_find(const char *key);
/* Sets one parameter from text; fails (err says why, e.g. "deadline must be a whole number from 1 to 8760")
 * and leaves par unchanged. */
int params_set(Params *par, const char *key, const char *val, Err *err);
/* Sets the parameters of a "key=value key=value ..." text in turn; fails with "bad parameter (key=value)" or
 * "<key>: <reason>" at the first bad word (the words before it are set). */
int params_parse(Params *par, const char *text, Err *err);
/* Appends the sheet's "key=value, ..." line of the parameters the sheet shows (contract 14.9), in its order. */
void params_sheet(const Params *par, Buf *out);
/* Parameter id's value in par as the board file writes it: in buf (at least 32 bytes) for a number or codes,
 * else a constant or par's own text. */
const char *params_value(const Params *par, ParamId id, char *buf, size_t size);
/* Appends "key=value ..." for every parameter in table order (an empty text one left out) to out. */
void params_write(const Params *par, Buf *out);
/* Appends the option lines of `genetess help challenge` ("     - --name=usage: help [default]. more"), wrapped. */
void params_help(Buf *out);

#endif
