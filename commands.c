/* commands: the command table (contract 2) — each row a command's words, argument counts, usage, handler
 * (play.h, query.h, admin.h, host.h, ratings.h, selfplay.h) and flags — and the look-up of a word. */
#include "commands.h"

#include "admin.h"
#include "challenge.h"
#include "confirm.h"
#include "host.h"
#include "play.h"
#include "query.h"
#include "ratings.h"
#include "selfplay.h"
#include "web.h"

#include <stdio.h>
#include <stdlib.h>

#define L CMD_LOCKS
#define B CMD_READS_BODY
#define N CMD_BOARD_FIRST
#define R CMD_REPLY_WORD

const Command command_table[] = {
    {"challenge", {NULL}, 0, -1, "challenge [--option=value...] userid1 userid2 [...]", challenge_command, L | CMD_SAYS_TEXT},
    {"accept", {NULL}, 3, 3, "accept invitation userid password", challenge_accept, L},
    {"decline", {NULL}, 3, 3, "decline invitation userid password", challenge_decline, L},
    {"move", {"board", "mvoe", NULL}, 3, -1, "move board userid password [ORDER...]", play_move, L | B | N | CMD_REPLY_ORDERS},
    {"queue", {"qmove", NULL}, 3, -1, "queue board userid password [ORDER... | NONE]", play_queue, L | B | N | R},
    {"resign", {NULL}, 3, 3, "resign board userid password", play_resign, L | N | R},
    {"quiet", {NULL}, 4, 4, "quiet board userid password on|off", play_quiet, L | N | R},
    {"chat", {NULL}, 3, -1, "chat board userid password [to USERID...]", play_chat, L | B | N | R | CMD_REPLY_TEXT},
    {"log", {NULL}, 3, 3, "log board userid password", play_log, L | N | R},
    {"map", {NULL}, 3, 3, "map board userid password", play_map, L | N | R},
    {"orders", {NULL}, 3, 4, "orders board userid password [SQUARE]", play_orders, L | N | R},
    {"options", {NULL}, 5, 5, "options board userid password lister|html on|off", play_options, L | N | R},
    {"showas", {NULL}, 3, -1, "showas userid password board...", play_showas, L | R},
    {"show", {NULL}, 1, -1, "show board[#k]...", query_show, L | N},
    {"games", {NULL}, 0, -1, "games [userid...] [all|active|inactive|next]", query_games, L},
    {"history", {NULL}, 0, 0, "history", query_history, L},
    {"standings", {NULL}, 0, 0, "standings", ratings_standings, L},
    {"ratings", {NULL}, 0, 0, "ratings", ratings_ratings, L},
    {"help", {NULL}, 0, 1, "help [topic]", query_help, 0},
    {"calc", {NULL}, 1, 1, "calc SEQUENCE | calc S<n>", query_calc, 0},
    {"selfplay", {NULL}, 0, -1, "selfplay [--players=N | --bots=KIND,KIND...] [--seed=S] [--games=N] [--map=NAME] [--option=value...]", selfplay_run, CMD_TERMINAL},
    {"verify", {NULL}, 1, 1, "verify board", admin_verify, L | N},
    {"signup", {NULL}, 3, 3, "signup userid password address", admin_signup, L},
    {"confirm", {NULL}, 2, 2, "confirm userid code", confirm_command, L},
    {"cleanup", {NULL}, 0, 1, "Cleanup [-v]", admin_cleanup, L | CMD_SWEEPS},
    {"web", {NULL}, 1, 1, "web DIR", web_command, L | CMD_TERMINAL},
    /* the host's commands (host.h): a server without pbmserv */
    {"add", {NULL}, 3, 3, "add userid password address", host_add, L},
    {"change", {NULL}, 4, 4, "change userid password address|password NEW", host_change, L},
    {"signoff", {NULL}, 2, 2, "signoff userid password", host_signoff, L},
    {"message", {NULL}, 3, -1, "message userid password to-userid...", host_message, L | B},
    {"list", {NULL}, 0, 0, "list", host_list, L},
    {"all", {NULL}, 2, 3, "all show userid [next|active]", host_all, L},
    {.name = NULL},
};

const Command *command_find(const char *word)
{
    for (const Command *c = command_table; c->name; c++) {
        if (str_ieq(word, c->name))
            return c;
        for (int i = 0; i < 3 && c->alias[i]; i++)
            if (str_ieq(word, c->alias[i]))
                return c;
    }
    return NULL;
}

const Command *command_reply(const char *word)
{
    const Command *orders = NULL;
    for (const Command *c = command_table; c->name; c++) {
        if ((c->flags & CMD_REPLY_WORD) && word && str_ieq(word, c->name))
            return c;
        if (c->flags & CMD_REPLY_ORDERS)
            orders = c;
    }
    return orders;
}

int command_run(const Host *host, const Request *rq, int argc, char **argv, RequestOutcome *out)
{
    const Command *c = command_find(argv[0]);
    if (!c) { /* the word quoted, and where help is (never a bare "Unknown command") */
        char q[64], *text =
            rq->by_mail ? xasprintf("Unknown command '%s'; try 'genetess help'.\n"
                                    "Send a command as the Subject (the Subject \"help\" gets the list), or reply to\n"
                                    "a mail of your game with your password and your order on the first line,\n"
                                    "e.g. \"secret MOVE C3 N\".\n",
                                    str_quote(argv[0], q, 40))
                        : xasprintf("Unknown command '%s'; try 'genetess help'\n", str_quote(argv[0], q, 40));
        int rc = pipeline_reject(host, rq, text, EXIT_REFUSED, out);
        free(text);
        return rc;
    }
    int n = argc - 1;
    /* contract 2: the argument count is checked before any file is read. */
    if (n > COMMAND_WORDS_MAX) {
        char words[96];
        snprintf(words, sizeof words, "usage: a command takes at most %d words\n", COMMAND_WORDS_MAX);
        return pipeline_reject(host, rq, words, EXIT_USAGE, out);
    }
    if ((c->flags & CMD_TERMINAL) && rq->by_mail)
        return pipeline_reject(host, rq, "This command runs only at the server's terminal, not by mail\n", EXIT_REFUSED, out);
    if (n < c->min_args || (c->max_args >= 0 && n > c->max_args)) {
        char usage[256];
        return pipeline_reject(host, rq, pipeline_usage_text(c, NULL, rq->by_mail, usage, sizeof usage), EXIT_USAGE, out);
    }
    return pipeline_run(c, host, rq, n, argv + 1, out);
}
