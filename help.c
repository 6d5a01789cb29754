/* help: the help texts (compiled in; $PBMHOME/help/genetess/<name>.txt overrides or adds). */
#include "help.h"

#include "embedded.h"
#include "params.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Topics with a file of their own name (help/<name>.txt). */
static const char *const help_topics[] = {
    "main", "orders", "pieces", "specials", "commands", "rulings", "sheet", NULL,
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
    {NULL, NULL},
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

/* A line of a built-in text that stands for the option lines generated from the parameter table. */
#define PARAMS_MARK "@params\n"

/* Appends a built-in text, its PARAMS_MARK line replaced by the challenge options. */
static void add_builtin(const char *text, Buf *out)
{
    const char *mark = strstr(text, "\n" PARAMS_MARK);
    if (!mark) {
        buf_add(out, text);
        return;
    }
    buf_addn(out, text, (size_t)(mark + 1 - text));
    params_help(out);
    buf_add(out, mark + 1 + strlen(PARAMS_MARK));
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
static int special_number(const char *low)
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

    int sn = nnames == 0 ? special_number(low) : -1;
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
