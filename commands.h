/* commands: one handler per command of SPEC 2, each the pipeline load -> authenticate -> parse -> apply -> save -> mail. */
#ifndef GENETESS_COMMANDS_H
#define GENETESS_COMMANDS_H

#include <stdbool.h>

/* A command handler: argv holds the words after the command word. Returns the exit status. */
typedef int (*CommandFn)(int argc, char **argv);

typedef struct Command {
    const char *name;
    const char *alias[3];
    int min_args, max_args;   /* max -1: no limit */
    const char *usage;
    bool needs_store;
    CommandFn run;
} Command;

extern const Command command_table[];
/* Replies text (whole lines) for a command refused before it ran, and returns rc: an unknown command
 * (rc 1) goes to stdout, or is mailed to SENDER with the Subject "Genetess error" (SPEC 2.1); a usage
 * error (rc 2) goes to stderr, and is also mailed when SENDER is set. Reads no file. */
int command_reject(const char *text, int rc);

/* Finds a command by name or alias (case-insensitive); NULL when unknown. */
const Command *command_find(const char *word);

#endif
