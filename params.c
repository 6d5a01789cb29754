/* params: the game parameters of contract 6 as one table (name, type, range, default, help) and the Params they fill. */
#include "params.h"

#include <ctype.h>
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const params_gamble_name[GAMBLE_MODE_COUNT + 1] = {"both", "position", "order", "none", NULL};

/* pieces.txt: K cannot be bought, so no game offers it to CREATE. */
#define CODE_UNBUYABLE 'K'
#define CODES_ALL ((1u << PARAMS_CODE_LETTERS) - 1)
#define CODES_BUYABLE (CODES_ALL & ~(1u << (CODE_UNBUYABLE - 'A')))

/* Column at which the help's option lines wrap. */
#define HELP_WIDTH 78

/* The largest E (and time-out count) an option takes. */
#define E_OPTION_MAX 1000000000000LL

/* The longest game name (contract 6 --name). */
#define NAME_CHARS 100
_Static_assert(NAME_CHARS < sizeof((Params *)0)->name, "the longest name fits Params.name");

/* contract 6, in the order of the help and of the board file's (params entry. */
const ParamInfo params_table[PARAM_COUNT] = {
    [PARAM_MAP] = {"map", PTYPE_MAP, offsetof(Params, map), .hi = sizeof((Params *)0)->map - 1,
                   .usage = "NAME|PATH", .help = "the board, start squares, specials and starting pieces",
                   .help_default = "the built-in map for the number of players",
                   .help_more = "A mailed command may name only a built-in map or a file in $PBMHOME/maps/; a path is "
                                "allowed only at a terminal.",
        .sheet = 8},
    [PARAM_START_E] = {"start-e", PTYPE_INT, offsetof(Params, start_e), 0, E_OPTION_MAX, 5, .in_map = true,
                       .usage = "N", .help = "the E each player starts with",
        .sheet = 1},
    [PARAM_E_PER_KING] = {"e-per-king", PTYPE_INT, offsetof(Params, e_per_king), 0, E_OPTION_MAX, 1,
                          .in_map = true, .usage = "N", .help = "the E gained per K code per turn",
        .sheet = 2},
    [PARAM_CREATE] = {"create", PTYPE_BOOL, offsetof(Params, create), .def = 1, .in_map = true, .usage = "yes|no",
                      .help = "whether CREATE is allowed",
        .sheet = 3},
    [PARAM_CODES] = {"codes", PTYPE_CODES, offsetof(Params, codes), .def = CODES_BUYABLE, .in_map = true,
                     .usage = "LETTERS", .help = "the codes CREATE may buy", .help_default = "all but K"},
    [PARAM_DEADLINE] = {"deadline", PTYPE_INT, offsetof(Params, deadline_h), 1, 24 * 365, 72, .in_map = true,
                        .usage = "HOURS", .help = "the time for each turn",
        .sheet = 4, .sheet_unit = "h"},
    [PARAM_HOLIDAY_DAYS] = {"holiday-days", PTYPE_INT, offsetof(Params, holiday_days), 0, 365, 14, .in_map = true,
                            .usage = "N", .help = "each player's holiday allowance, in days of suspension",
        .sheet = 5},
    [PARAM_GAMBLE] = {"gamble", PTYPE_ENUM, offsetof(Params, gamble), .def = GAMBLE_MODE_BOTH, .words = params_gamble_name,
                      .in_map = true, .usage = "both|position|order|none", .help = "what round 0 gambles for",
        .sheet = 6},
    [PARAM_MAX_TIMEOUTS] = {"max-timeouts", PTYPE_INT, offsetof(Params, max_timeouts), 0, E_OPTION_MAX, 0,
                            .in_map = true, .usage = "N", .help = "consecutive time-outs that forfeit; 0 is never",
        .sheet = 7, .sheet_zero = " (never)"},
    [PARAM_SEED] = {"seed", PTYPE_WHOLE, offsetof(Params, seed), .in_map = true, .usage = "N",
                    .help = "the random seed; the same seed and orders give the same game",
                    .help_default = "from /dev/urandom",
                    .help_more = "By mail it is refused: the seed of a game by mail is the server's secret, shown "
                                 "in no mail."},
    [PARAM_NAME] = {"name", PTYPE_TEXT, offsetof(Params, name), .hi = NAME_CHARS, .in_map = true, .usage = "TEXT",
                    .help = "the game's name on the sheets; \"_\" shows as a space", .help_default = "none"},
};

/* The field of parameter pi in par. */
static void *field(Params *par, const ParamInfo *pi)
{
    return (char *)par + pi->offset;
}

static const void *cfield(const Params *par, const ParamInfo *pi)
{
    return (const char *)par + pi->offset;
}

Params params_default(void)
{
    Params p;
    memset(&p, 0, sizeof p);
    for (int i = 0; i < PARAM_COUNT; i++) {
        const ParamInfo *pi = &params_table[i];
        void *f = field(&p, pi);
        if (pi->type == PTYPE_INT)
            *(int64_t *)f = pi->def;
        else if (pi->type == PTYPE_BOOL)
            *(bool *)f = pi->def != 0;
        else if (pi->type == PTYPE_CODES)
            *(uint32_t *)f = (uint32_t)pi->def;
        else if (pi->type == PTYPE_ENUM)
            *(GambleMode *)f = (GambleMode)pi->def;
    }
    return p;
}

int params_find(const char *key)
{
    for (int i = 0; i < PARAM_COUNT; i++)
        if (strcmp(params_table[i].name, key) == 0)
            return i;
    return -1;
}

/* One letter of a codes value: its bit, or 0 when it is not a code CREATE may buy. */
static uint32_t code_bit(char c)
{
    c = (char)toupper((unsigned char)c);
    if (c < 'A' || c > 'Z' || c == CODE_UNBUYABLE)
        return 0;
    return 1u << (c - 'A');
}

static int set_codes(uint32_t *out, const ParamInfo *pi, const char *val, Err *err)
{
    uint32_t m = 0;
    if (!*val)
        return err_fail(err, "%s needs letters", pi->name);
    for (const char *p = val; *p; p++) {
        uint32_t bit = code_bit(*p);
        if (!bit)
            return err_fail(err, "%s takes letters A..Z except %c", pi->name, CODE_UNBUYABLE);
        m |= bit;
    }
    *out = m;
    return 0;
}

static int set_enum(GambleMode *out, const ParamInfo *pi, const char *val, Err *err)
{
    int n = 0;
    for (; pi->words[n]; n++)
        if (str_ieq(val, pi->words[n])) {
            *out = (GambleMode)n;
            return 0;
        }
    char list[128] = "";
    for (int k = 0; k < n; k++)
        snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", k == 0 ? "" : k == n - 1 ? " or " : ", ",
                 pi->words[k]);
    return err_fail(err, "%s must be %s", pi->name, list);
}

static int set_text(char *out, const ParamInfo *pi, const char *val, Err *err)
{
    bool ok = str_is_word(val, (size_t)pi->hi);
    if (pi->type == PTYPE_MAP && !ok)
        return err_fail(err, "bad map name");
    if (!ok || strchr(val, '(') || strchr(val, ')'))
        return err_fail(err, "%s must be 1 to %d printable characters without spaces or parentheses", pi->name,
                    (int)pi->hi);
    strcpy(out, val);
    return 0;
}

int params_set(Params *par, const char *key, const char *val, Err *err)
{
    int i = params_find(key);
    if (i < 0)
        return err_fail(err, "unknown parameter");
    const ParamInfo *pi = &params_table[i];
    void *f = field(par, pi);
    int64_t v;
    switch (pi->type) {
    case PTYPE_INT:
        if (!parse_i64_range(val, pi->lo, pi->hi, &v))
            return err_fail(err, "%s must be a whole number from %lld to %lld", key, (long long)pi->lo, (long long)pi->hi);
        *(int64_t *)f = v;
        return 0;
    case PTYPE_BOOL:
        if (!str_ieq(val, "yes") && !str_ieq(val, "no"))
            return err_fail(err, "%s must be yes or no", key);
        *(bool *)f = str_ieq(val, "yes");
        return 0;
    case PTYPE_WHOLE:
        if (!parse_i64(val, &v)) /* digits past INT64_MAX too: out of range, said so */
            return err_fail(err, "%s must be a whole number from 0 to %lld", key, (long long)INT64_MAX);
        *(uint64_t *)f = (uint64_t)v;
        return 0;
    case PTYPE_CODES:
        return set_codes(f, pi, val, err);
    case PTYPE_ENUM:
        return set_enum(f, pi, val, err);
    case PTYPE_MAP:
    case PTYPE_TEXT:
        return set_text(f, pi, val, err);
    }
    return err_fail(err, "unknown parameter");
}

int params_parse(Params *par, const char *text, Err *err)
{
    StrList w = {0};
    int rc = 0;
    str_split_words(text, &w);
    for (int i = 0; rc == 0 && i < w.n; i++) {
        char *eq = strchr(w.v[i], '=');
        Err e2;
        if (!eq) {
            rc = err_fail(err, "bad parameter (key=value)");
            break;
        }
        *eq = '\0';
        if (params_set(par, w.v[i], eq + 1, &e2) < 0)
            rc = err_fail(err, "%s: %s", w.v[i], e2.msg);
    }
    sl_free(&w);
    return rc;
}

static void codes_text(uint32_t mask, char *buf)
{
    int k = 0;
    for (int i = 0; i < PARAMS_CODE_LETTERS; i++)
        if (mask & (1u << i))
            buf[k++] = (char)('A' + i);
    buf[k] = '\0';
}

/* Writes one parameter's value as the board file and the help show it; returns buf. */
static const char *value_text(const Params *par, const ParamInfo *pi, char *buf, size_t size)
{
    const void *f = cfield(par, pi);
    switch (pi->type) {
    case PTYPE_INT:
        snprintf(buf, size, "%" PRId64, *(const int64_t *)f);
        return buf;
    case PTYPE_BOOL:
        return *(const bool *)f ? "yes" : "no";
    case PTYPE_WHOLE:
        snprintf(buf, size, "%" PRIu64, *(const uint64_t *)f);
        return buf;
    case PTYPE_CODES:
        codes_text(*(const uint32_t *)f, buf);
        return buf;
    case PTYPE_ENUM:
        return pi->words[*(const GambleMode *)f];
    case PTYPE_MAP:
    case PTYPE_TEXT:
        return f;
    }
    return "";
}

const char *params_value(const Params *par, ParamId id, char *buf, size_t size)
{
    return value_text(par, &params_table[id], buf, size);
}

void params_write(const Params *par, Buf *out)
{
    char buf[32];
    for (int i = 0; i < PARAM_COUNT; i++) {
        const ParamInfo *pi = &params_table[i];
        const char *v = value_text(par, pi, buf, sizeof buf);
        if (pi->type == PTYPE_TEXT && !*v)
            continue;
        buf_printf(out, "%s%s=%s", i ? " " : "", pi->name, v);
    }
}

void params_sheet(const Params *par, Buf *out)
{
    char buf[32];
    bool first = true;
    for (int place = 1; place <= PARAM_COUNT; place++)
        for (int i = 0; i < PARAM_COUNT; i++) {
            const ParamInfo *pi = &params_table[i];
            if (pi->sheet != place)
                continue;
            const char *v = value_text(par, pi, buf, sizeof buf);
            bool zero = pi->type == PTYPE_INT && *(const int64_t *)cfield(par, pi) == 0;
            buf_printf(out, "%s%s=%s%s%s", first ? "" : ", ", pi->name, *v ? v : "-",
                       pi->sheet_unit ? pi->sheet_unit : "", zero && pi->sheet_zero ? pi->sheet_zero : "");
            first = false;
        }
}

/* Appends text to out as lines of at most HELP_WIDTH columns, the first after first, the rest after indent. */
static void wrap(Buf *out, const char *first, const char *indent, const char *text)
{
    size_t col = strlen(first);
    buf_add(out, first);
    bool fresh = true;
    while (*text) {
        size_t n = strcspn(text, " ");
        if (!fresh && col + 1 + n > HELP_WIDTH) {
            buf_printf(out, "\n%s", indent);
            col = strlen(indent);
            fresh = true;
        }
        if (!fresh) {
            buf_add(out, " ");
            col++;
        }
        buf_addn(out, text, n);
        col += n;
        fresh = false;
        text += n;
        text += strspn(text, " ");
    }
    buf_add(out, "\n");
}

void params_help(Buf *out)
{
    Params def = params_default();
    char buf[32];
    for (int i = 0; i < PARAM_COUNT; i++) {
        const ParamInfo *pi = &params_table[i];
        const char *shown = pi->help_default ? pi->help_default : value_text(&def, pi, buf, sizeof buf);
        char *t = xasprintf("--%s=%s: %s [%s].%s%s", pi->name, pi->usage, pi->help, shown, pi->help_more ? " " : "",
                            pi->help_more ? pi->help_more : "");
        wrap(out, "     - ", "       ", t);
        free(t);
    }
}
