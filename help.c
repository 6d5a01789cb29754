/* help: the help texts (compiled in; $PBMHOME/help/genetess/<name>.txt overrides or adds). */
#include "help.h"

#include "embedded.h"
#include "map.h"
#include "params.h"
#include "view.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Topics with a file of their own name (help/<name>.txt). */
static const char *const help_topics[] = {
    "main", "orders", "pieces", "specials", "commands", "rulings", "sheet", "maps", "start", NULL,
};

/* Order names (help/order-<name>.txt), as in orders.txt. */
static const char *const help_orders[] = {
    "gamble",  "pass",    "holiday", "create",  "move",    "divide",
    "transfer", "radiate", "teleport", "petrify", "phase",  "convert",
    "repulse", "flare",   "home",    "attract", "sanctuary", "charge", NULL,
};

/* Command words and aliases -> help/command-<name>.txt (contract 2). */
static const struct {
    const char *word, *name;
} help_commands[] = {
    {"challenge", "challenge"}, {"move", "move"},       {"board", "move"},
    {"mvoe", "move"},           {"queue", "queue"},     {"qmove", "queue"},
    {"resign", "resign"},       {"quiet", "quiet"},     {"chat", "chat"},
    {"showas", "showas"},       {"show", "show"},       {"log", "log"},
    {"map", "map"},             {"games", "games"},
    {"history", "history"},     {"help", "help"},       {"calc", "calc"},
    {"verify", "verify"},       {"signup", "signup"},   {"cleanup", "cleanup"},
    {"standings", "standings"}, {"ratings", "ratings"},
    {"mail", "mail"},           {"add", "host"},        {"change", "host"},
    {"signoff", "host"},        {"message", "host"},    {"list", "host"},
    {"all", "host"},            {"multiple", "host"},   {"host", "host"},
    {"orders", "orders"},       {"options", "options"}, {"selfplay", "selfplay"},
    {"confirm", "signup"},      {"accept", "challenge"}, {"decline", "challenge"},
    {"web", "web"},             {NULL, NULL},
};

/* Longest normalised file name ("command-" + a topic). */
#define HELP_NAME_MAX (HELP_TOPIC_MAX + 16)

#define SPECIAL_MAX 22
#define SPECIAL_MISSING 19

/* Only [A-Za-z0-9-] is allowed in a topic: file names are built from it. */
static bool topic_clean(const char *s, size_t max)
{
    size_t n = strlen(s);
    if (n == 0 || n > max)
        return false;
    for (size_t i = 0; i < n; i++)
        if (!isalnum((unsigned char)s[i]) && s[i] != '-')
            return false;
    return true;
}

static int no_help(const char *topic, Err *err)
{
    if (topic_clean(topic, HELP_ECHO_MAX))
        return err_fail(err, "No help on %s; try: genetess help", topic);
    return err_fail(err, "No help on that topic; try: genetess help");
}

/* Reads an override file: a regular file, at most HELP_FILE_MAX bytes.
   Returns true and appends its text to out when it exists and can be read. */
static bool read_override(const char *home, const char *name, Buf *out)
{
    char *path = xasprintf("%s/help/genetess/%s.txt", home, name);
    FILE *f = fopen(path, "r");
    free(path);
    if (!f)
        return false;
    struct stat st;
    if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode)) {
        fclose(f);
        return false;
    }
    Buf text;
    buf_init(&text);
    char chunk[8192];
    size_t got = 0, n;
    while (got < HELP_FILE_MAX && (n = fread(chunk, 1, sizeof chunk, f)) > 0) {
        if (n > HELP_FILE_MAX - got)
            n = HELP_FILE_MAX - got;
        buf_addn(&text, chunk, n);
        got += n;
    }
    bool ok = !ferror(f);
    fclose(f);
    if (ok && text.len > 0)
        buf_addn(out, text.s, text.len);
    buf_free(&text);
    return ok;
}

/* The players a map takes, as "2" or "2-4" (at least 2; at most its start squares), into buf. */
static void help_map_players(const Map *m, char *buf, size_t size)
{
    if (m->b->nst <= 2)
        snprintf(buf, size, "%d", m->b->nst);
    else
        snprintf(buf, size, "2-%d", m->b->nst);
}

/* The numbers of players challenge gives the built-in map name by default ("3-4"), into buf ("" none). */
static void help_map_default_players(const char *name, char *buf, size_t size)
{
    int lo = 0, hi = 0;
    for (int n = 2; n <= MAX_PLAYERS; n++)
        if (map_default_for(n) && strcmp(map_default_for(n), name) == 0) {
            lo = lo ? lo : n;
            hi = n;
        }
    if (!lo)
        snprintf(buf, size, "%s", "");
    else if (lo == hi)
        snprintf(buf, size, "%d", lo);
    else
        snprintf(buf, size, "%d-%d", lo, hi);
}

/* The table of the built-in maps (help maps): name, size, players, the players it is the default for. */
static void maps_help(Buf *out)
{
    buf_add(out, "     Map        Size      Players   The default for\n");
    for (int i = 0; map_builtin_names[i]; i++) {
        Map m;
        Err err;
        if (map_load(NULL, map_builtin_names[i], false, &m, &err) < 0)
            continue;
        char size[32], players[32], dflt[32];
        snprintf(size, sizeof size, "%d x %d", m.b->w, m.b->h);
        help_map_players(&m, players, sizeof players);
        help_map_default_players(map_builtin_names[i], dflt, sizeof dflt);
        buf_printf(out, "     %-10s %-9s %-9s %s%s\n", map_builtin_names[i], size, players, dflt,
                   dflt[0] ? " players" : "");
        map_free(&m);
    }
}

/* help <name> of a built-in map: its terrain and start squares drawn as a game starts (view_terrain); its
 * specials are not drawn, as no sheet draws one out of view (contract 8). False when name is no built-in map. */
static bool help_map_help(const char *name, Buf *out)
{
    Map m;
    Err err;
    int i = 0;
    while (map_builtin_names[i] && strcmp(map_builtin_names[i], name) != 0)
        i++;
    if (!map_builtin_names[i] || map_load(NULL, name, false, &m, &err) < 0)
        return false;
    char players[32], dflt[32];
    help_map_players(&m, players, sizeof players);
    help_map_default_players(name, dflt, sizeof dflt);
    buf_printf(out, "Genetess map %s: %d x %d squares, %s players", name, m.b->w, m.b->h, players);
    if (dflt[0])
        buf_printf(out, " (the built-in map for %s)", dflt);
    buf_add(out, "\n\n");
    view_terrain(m.b, m.b->ter, out);
    if (m.nparams) {
        buf_add(out, "Its defaults for challenge (options given win):");
        for (int k = 0; k < m.nparams; k++)
            buf_printf(out, " --%s=%s", m.params[k].key, m.params[k].value);
        buf_add(out, "\n");
    }
    buf_add(out, "\nIts special squares are not drawn: a player sees one when it is in view.\n"
                 "\"genetess help maps\" lists the maps; in a game, \"genetess map\" draws your own\n"
                 "map of the board (\"genetess help map\").\n");
    map_free(&m);
    return true;
}

/* The lines of a built-in text that stand for generated text: the challenge options from the parameter table,
 * the table of the built-in maps. */
static const struct {
    const char *mark;
    void (*add)(Buf *out);
} help_marks[] = {{"@params\n", params_help}, {"@maps\n", maps_help}};

/* Appends a built-in text, each of its help_marks lines replaced by what it stands for. */
static void add_builtin(const char *text, Buf *out)
{
    for (;;) {
        const char *mark = NULL;
        int k = -1;
        for (int i = 0; i < (int)(sizeof help_marks / sizeof help_marks[0]); i++) {
            char *line = xasprintf("\n%s", help_marks[i].mark);
            const char *at = strstr(text, line);
            free(line);
            if (at && (!mark || at < mark))
                mark = at, k = i;
        }
        if (!mark) {
            buf_add(out, text);
            return;
        }
        buf_addn(out, text, (size_t)(mark + 1 - text));
        help_marks[k].add(out);
        text = mark + 1 + strlen(help_marks[k].mark);
    }
}

/* Appends the text of one help file (override first, then built-in). Returns false if neither exists. */
static bool add_file(const char *home, const char *name, Buf *out)
{
    if (home && *home && read_override(home, name, out))
        return true;
    char *key = xasprintf("help/%s", name);
    const char *text = embedded_find(key);
    free(key);
    if (!text)
        return false;
    add_builtin(text, out);
    return true;
}

/* The built-in help file whose name equals name ignoring case (e.g. "code-a"); copies its
   canonical name into canon. Returns false when there is none. */
static bool find_builtin(const char *name, char *canon, size_t size)
{
    for (const EmbeddedFile *f = embedded_files; f->name; f++)
        if (strncmp(f->name, "help/", 5) == 0 && str_ieq(f->name + 5, name)) {
            snprintf(canon, size, "%s", f->name + 5);
            return true;
        }
    return false;
}

/* S<n> with digits only: returns n (saturated at 1000), or -1 when topic is not of that shape. */
static int topic_special_number(const char *low)
{
    if (low[0] != 's' || !low[1])
        return -1;
    int n = 0;
    for (const char *p = low + 1; *p; p++) {
        if (!isdigit((unsigned char)*p))
            return -1;
        if (n < 1000)
            n = n * 10 + (*p - '0');
    }
    return n;
}

int help_get(const char *home, const char *topic, Buf *out, Err *err)
{
    if (!topic || !*topic)
        topic = "main";
    if (!topic_clean(topic, HELP_TOPIC_MAX))
        return no_help(topic, err);

    char low[HELP_TOPIC_MAX + 1];
    size_t len = strlen(topic);
    for (size_t i = 0; i <= len; i++)
        low[i] = (char)tolower((unsigned char)topic[i]);

    /* The normalised file names: at most an order and a command. */
    char names[2][HELP_NAME_MAX];
    int nnames = 0;

    for (int i = 0; help_topics[i]; i++)
        if (strcmp(low, help_topics[i]) == 0)
            snprintf(names[nnames++], sizeof names[0], "%s", help_topics[i]);

    if (nnames == 0 && len == 1 && isalpha((unsigned char)low[0]))
        snprintf(names[nnames++], sizeof names[0], "code-%c", toupper((unsigned char)low[0]));

    int sn = nnames == 0 ? topic_special_number(low) : -1;
    if (sn == SPECIAL_MISSING)
        return err_fail(err, "There is no special S%d", SPECIAL_MISSING);
    if (sn >= 1 && sn <= SPECIAL_MAX)
        snprintf(names[nnames++], sizeof names[0], "special-S%d", sn);

    if (nnames == 0) {
        for (int i = 0; help_orders[i]; i++)
            if (strcmp(low, help_orders[i]) == 0)
                snprintf(names[nnames++], sizeof names[0], "order-%s", help_orders[i]);
        for (int i = 0; help_commands[i].word; i++)
            if (strcmp(low, help_commands[i].word) == 0) {
                snprintf(names[nnames++], sizeof names[0], "command-%s", help_commands[i].name);
                break;
            }
    }

    /* command-<word>: that command's page alone, its aliases too (command-accept is challenge's) */
    for (int i = 0; nnames == 0 && strncmp(low, "command-", 8) == 0 && help_commands[i].word; i++)
        if (strcmp(low + 8, help_commands[i].word) == 0)
            snprintf(names[nnames++], sizeof names[0], "command-%s", help_commands[i].name);

    /* A built-in map: drawn (help maps lists them), or the admin's text of that name. */
    if (nnames == 0 && ((home && *home && read_override(home, low, out)) || help_map_help(low, out)))
        return 0;

    /* Not a known topic: a built-in file named directly ("code-a"), or one the admin added. */
    if (nnames == 0) {
        if (!find_builtin(low, names[0], sizeof names[0]))
            snprintf(names[0], sizeof names[0], "%s", low);
        nnames = 1;
    }

    Buf text;
    buf_init(&text);
    for (int i = 0; i < nnames; i++) {
        if (i > 0) {
            if (text.len > 0 && text.s[text.len - 1] != '\n')
                buf_add(&text, "\n");
            buf_add(&text, "\n");
        }
        if (!add_file(home, names[i], &text)) {
            buf_free(&text);
            return no_help(topic, err);
        }
    }
    if (text.len > 0)
        buf_addn(out, text.s, text.len);
    buf_free(&text);
    return 0;
}
