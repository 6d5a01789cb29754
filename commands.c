/* commands: the command table (SPEC 2) — each row a command's words, argument counts and usage, what the
 * pipeline does for it (pipeline.h) and its handlers (play.h, chat.h, query.h, ratings.h, admin.h) — and the
 * look-up of a word. */
#include "commands.h"

#include "admin.h"
#include "chat.h"
#include "host.h"
#include "lister.h"
#include "play.h"
#include "query.h"
#include "ratings.h"
#include "selfplay.h"

#include <stdio.h>

#define PLAYER_COMMAND .lock = true, .boards = BOARDS_ONE, .auth = AUTH_PLAYER, .time = true, .running = true, \
                       .saves = true, .sheets = SHEETS_DUE, .reply_sheet = true

const Command command_table[] = {
    {"challenge", {NULL}, 0, -1, "challenge [--option=value...] userid1 userid2 [...]", .lock = true,
     .saves = true, .sheets = SHEETS_NEW, .check = admin_challenge_check, .act = admin_challenge,
     .close = admin_challenge_close},
    {"move", {"board", "mvoe", NULL}, 3, -1, "move board userid password [ORDER...]", PLAYER_COMMAND,
     .act = play_move},
    {"queue", {"qmove", NULL}, 3, -1, "queue board userid password [ORDER... | NONE]", PLAYER_COMMAND,
     .act = play_queue},
    {"resign", {NULL}, 3, 3, "resign board userid password", PLAYER_COMMAND, .act = play_resign},
    {"quiet", {NULL}, 4, 4, "quiet board userid password on|off", PLAYER_COMMAND, .check = play_quiet_check,
     .act = play_quiet},
    {"chat", {NULL}, 3, -1, "chat board userid password [to USERID...]", PLAYER_COMMAND, .check = chat_check,
     .act = play_chat},
    {"log", {NULL}, 3, 3, "log board userid password", .lock = true, .boards = BOARDS_ONE, .auth = AUTH_PLAYER,
     .time = true, .act = play_log},
    {"orders", {NULL}, 3, 4, "orders board userid password [SQUARE]", .lock = true, .boards = BOARDS_ONE,
     .auth = AUTH_PLAYER, .time = true, .running = true, .saves = true, .sheets = SHEETS_DUE, .act = lister_orders},
    {"options", {NULL}, 5, 5, "options board userid password lister|html on|off", PLAYER_COMMAND,
     .check = lister_options_check, .act = lister_options},
    {"showas", {NULL}, 3, -1, "showas userid password board...", .lock = true, .boards = BOARDS_LISTED,
     .first_board = 2, .auth = AUTH_USER, .time = true, .each = play_showas},
    {"show", {NULL}, 1, -1, "show board[#k]...", .lock = true, .boards = BOARDS_LISTED, .numbered = true,
     .time = true, .each = query_show},
    {"games", {NULL}, 0, -1, "games [userid...] [all|active|inactive|next]", .lock = true, .boards = BOARDS_ALL,
     .time = true, .hide_errors = true, .act = query_games_start, .each = query_games, .close = query_games_close},
    {"history", {NULL}, 0, 0, "history", .lock = true, .boards = BOARDS_ALL, .time = true, .hide_errors = true,
     .each = query_history_board, .close = query_history},
    {"standings", {NULL}, 0, 0, "standings", .lock = true, .act = ratings_standings},
    {"ratings", {NULL}, 0, 0, "ratings", .lock = true, .act = ratings_ratings},
    {"help", {NULL}, 0, 1, "help [topic]", .act = query_help},
    {"calc", {NULL}, 1, 1, "calc SEQUENCE | calc S<n>", .act = query_calc},
    {"selfplay", {NULL}, 0, -1, "selfplay [--players=N | --bots=KIND,KIND...] [--seed=S] [--games=N] [--map=NAME] [--option=value...]",
     .act = selfplay_run},
    {"verify", {NULL}, 1, 1, "verify board", .lock = true, .boards = BOARDS_ONE, .act = admin_verify},
    {"signup", {NULL}, 3, 3, "signup userid password address", .lock = true, .act = admin_signup},
    {"cleanup", {NULL}, 0, 1, "Cleanup [-v]", .lock = true, .boards = BOARDS_ALL, .time = true,
     .hide_errors = true, .idle_skip = true, .check = admin_cleanup_check, .each = admin_cleanup, .close = admin_cleanup_close},
    /* the host's commands (host.h): a server without pbmserv */
    {"add", {NULL}, 3, 3, "add userid password address", .lock = true, .auth = AUTH_USER, .act = host_add},
    {"change", {NULL}, 4, 4, "change userid password address|password NEW", .lock = true, .auth = AUTH_USER,
     .check = host_change_check, .act = host_change},
    {"signoff", {NULL}, 2, 2, "signoff userid password", .lock = true, .boards = BOARDS_ALL, .auth = AUTH_USER,
     .hide_errors = true, .each = host_signoff_each, .close = host_signoff_close},
    {"message", {NULL}, 3, -1, "message userid password to-userid...", .lock = true, .act = host_message},
    {"list", {NULL}, 0, 0, "list", .lock = true, .act = host_list},
    {"all", {NULL}, 2, 3, "all show userid [next|active]", .lock = true, .boards = BOARDS_ALL, .time = true,
     .hide_errors = true, .act = host_all_start, .each = host_all_show, .close = host_all_close},
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

int command_run(int argc, char **argv)
{
    const Command *c = command_find(argv[0]);
    if (!c)
        return pipeline_reject("Unknown command\n", EXIT_REFUSED);
    int n = argc - 1;
    /* SPEC 2.1: the argument count is checked before any file is read. */
    if (n < c->min_args || (c->max_args >= 0 && n > c->max_args)) {
        char usage[256];
        snprintf(usage, sizeof usage, "usage: genetess %s\n", c->usage);
        return pipeline_reject(usage, EXIT_USAGE);
    }
    return pipeline_run(c, n, argv + 1);
}
