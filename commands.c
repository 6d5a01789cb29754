/* commands: the command table (SPEC 2) — each row a command's words, argument counts and usage, what the
 * pipeline does for it (pipeline.h) and its handlers (play.h, query.h, admin.h) — and the look-up of a word. */
#include "commands.h"

#include "admin.h"
#include "lister.h"
#include "play.h"
#include "query.h"
#include "selfplay.h"

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
    {"chat", {NULL}, 3, 3, "chat board userid password", PLAYER_COMMAND, .act = play_chat},
    {"orders", {NULL}, 3, 4, "orders board userid password [SQUARE]", .lock = true, .boards = BOARDS_ONE,
     .auth = AUTH_PLAYER, .time = true, .running = true, .saves = true, .sheets = SHEETS_DUE, .act = lister_orders},
    {"options", {NULL}, 5, 5, "options board userid password lister on|off", PLAYER_COMMAND,
     .check = lister_options_check, .act = lister_options},
    {"showas", {NULL}, 3, -1, "showas userid password board...", .lock = true, .boards = BOARDS_LISTED,
     .first_board = 2, .auth = AUTH_USER, .time = true, .each = play_showas},
    {"show", {NULL}, 1, -1, "show board[#k]...", .lock = true, .boards = BOARDS_LISTED, .numbered = true,
     .time = true, .each = query_show},
    {"games", {NULL}, 0, -1, "games [userid...] [all|active|inactive|next]", .lock = true, .boards = BOARDS_ALL,
     .time = true, .hide_errors = true, .act = query_games_start, .each = query_games, .close = query_games_close},
    {"history", {NULL}, 0, 0, "history", .lock = true, .act = query_history},
    {"help", {NULL}, 0, 1, "help [topic]", .act = query_help},
    {"calc", {NULL}, 1, 1, "calc SEQUENCE | calc S<n>", .act = query_calc},
    {"selfplay", {NULL}, 0, -1, "selfplay [--players=N] [--seed=S] [--map=NAME] [--option=value...]",
     .act = selfplay_run},
    {"verify", {NULL}, 1, 1, "verify board", .lock = true, .boards = BOARDS_ONE, .act = admin_verify},
    {"signup", {NULL}, 3, 3, "signup userid password address", .lock = true, .act = admin_signup},
    {"cleanup", {NULL}, 0, 0, "Cleanup", .lock = true, .boards = BOARDS_ALL, .time = true,
     .each = admin_cleanup, .close = admin_cleanup_close},
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
