/* commands: the command table (contract 2) and the look-up of a command word. */
#ifndef GENETESS_COMMANDS_H
#define GENETESS_COMMANDS_H

#include "pipeline.h"

/* The program's version, printed by `genetess --version`. */
#define GENETESS_VERSION "1.0.0"

/* The commands, ending with a row whose name is NULL. */
extern const Command command_table[];
/* The command for a word (a name or an alias, either case), or NULL. */
const Command *command_find(const char *word);
/* The command a reply to a board's mail runs for word, its line's word after the password (contract 2.1): the
 * CMD_REPLY_WORD command of that name (not an alias, either case), else the CMD_REPLY_ORDERS one (the line is
 * orders). Never NULL. */
const Command *command_reply(const char *word);

/* Runs the command argv[0] on host with its argc - 1 arguments as `genetess argv[0] ...` does: "Unknown command"
 * (exit 1) or the usage line (exit 2) before any file is read, else pipeline_run (out: its outcome, pipeline_run). Returns the exit status. */
int command_run(const Host *host, const Request *rq, int argc, char **argv, RequestOutcome *out);

#endif
